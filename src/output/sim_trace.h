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

#include "output/trace_format.h"

/*
 * trace_format_ftrace - the text trace: open() writes the header; sim_free() releases a trace
 * still attached. finish(): 0, or CAPSIM_ERR_IO if a write failed.
 */
extern const struct trace_format trace_format_ftrace;
/* trace_format_report - as trace_format_ftrace, in the text `trace-cmd report -N` prints */
extern const struct trace_format trace_format_report;

#endif /* CAPSIM_SIM_TRACE_H */
