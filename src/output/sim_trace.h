/* SPDX-License-Identifier: MIT */
/*
 * sim_trace.h - the simulator's kernel text trace: a consumer of the run's event sink
 * (include/capsim/capsim_events.h) that prints the scheduler, cpufreq and HW-pressure events and
 * the thermal loop's, plus atrace counters for each CPU's actual capacity, utilization and
 * pressures so Perfetto shows them as tracks, and the event families capsim_sim_trace_set_events()
 * added (the LISA module's events). The lines are written by src/output/trace.c as the events
 * arrive (streamed; nothing is held in memory).
 */
#ifndef CAPSIM_SIM_TRACE_H
#define CAPSIM_SIM_TRACE_H

#include <stdio.h>

struct capsim_sim;

/**
 * sim_trace_open() - trace @s to @fp (the caller's; it stays open): writes the header and
 * attaches the trace as the run's sink. Call it before the run; sim_free() closes a trace
 * still open. Return: 0, CAPSIM_ERR_NOMEM, CAPSIM_ERR_IO, or CAPSIM_ERR_INVALID if the run
 * has started or already has a sink.
 */
int sim_trace_open(struct capsim_sim *s, FILE *fp);
/** sim_trace_open_report() - as sim_trace_open(), in the text `trace-cmd report -N` prints. */
int sim_trace_open_report(struct capsim_sim *s, FILE *fp);
/**
 * sim_trace_close() - finish the trace of @s and detach it (no-op without one).
 * Return: 0, or CAPSIM_ERR_IO if a write failed.
 */
int sim_trace_close(struct capsim_sim *s);

#endif /* CAPSIM_SIM_TRACE_H */
