/* SPDX-License-Identifier: MIT */
/*
 * sim_trace.h - what the simulator puts in its kernel text trace: the scheduler, cpufreq and
 * HW-pressure events, plus atrace counters for each CPU's actual capacity and utilization so
 * Perfetto shows them as tracks. The lines themselves are written by src/trace.c as they
 * happen (streamed; nothing is held in memory). Every function is a no-op without a trace.
 */
#ifndef CAPSIM_SIM_TRACE_H
#define CAPSIM_SIM_TRACE_H

#include <stdint.h>
#include <stdio.h>

struct capsim_sim;
struct sim_task;
struct sim_policy;

/** sim_trace_open() - trace @s to @fp (the caller's; it stays open). Return: 0 or an error. */
int sim_trace_open(struct capsim_sim *s, FILE *fp);
/** sim_trace_close() - finish the trace. Return: 0, or CAPSIM_ERR_IO if a write failed. */
int sim_trace_close(struct capsim_sim *s);

void sim_trace_switch(struct capsim_sim *s, int cpu, const struct sim_task *prev,
		      const struct sim_task *next);
void sim_trace_waking(struct capsim_sim *s, const struct sim_task *p);
void sim_trace_wakeup(struct capsim_sim *s, const struct sim_task *p);
void sim_trace_migrate(struct capsim_sim *s, const struct sim_task *p, int dst);
void sim_trace_cpu_frequency(struct capsim_sim *s, int cpu);
void sim_trace_cpu_frequency_limits(struct capsim_sim *s, const struct sim_policy *sp);
void sim_trace_hw_pressure(struct capsim_sim *s, int cpu);
/* v6.9: arch_update_thermal_pressure() traced once per call, with the first CPU */
void sim_trace_thermal_pressure(struct capsim_sim *s, int cpu, uint64_t pressure);
/** sim_trace_counters() - the capacity/util counter lines of @cpu, when they changed. */
void sim_trace_counters(struct capsim_sim *s, int cpu);
/* an event formatted by its producer (the thermal loop), on CPU 0 as its kworker would be */
void sim_trace_raw(struct capsim_sim *s, const char *event, const char *body);

#endif /* CAPSIM_SIM_TRACE_H */
