/* SPDX-License-Identifier: MIT */
/*
 * sim_trace.h - the simulator's kernel text trace (what /sys/kernel/tracing/trace shows): the
 * scheduler, cpufreq and HW-pressure events with their TP_printk layouts of Linux 6.12, plus
 * atrace counter lines (tracing_mark_write: C|pid|name|value) for each CPU's actual capacity
 * and utilization, so Perfetto shows them as tracks. Lines are streamed to a writer callback
 * as they happen; nothing is held in memory. Every function is a no-op without a trace.
 */
#ifndef CAPSIM_SIM_TRACE_H
#define CAPSIM_SIM_TRACE_H

#include <stddef.h>

struct capsim_sim;
struct sim_task;
struct sim_policy;

/* Writes @len bytes; returns 0, or non-zero to stop tracing (the run then fails with IO). */
typedef int (*sim_write_fn)(void *ctx, const char *buf, size_t len);

/** sim_trace_open() - start a trace on @s: writes the "# tracer: nop" header. Return: 0 or err. */
int sim_trace_open(struct capsim_sim *s, sim_write_fn fn, void *ctx);
/** sim_trace_close() - release the trace state (the writer's file is the caller's). */
void sim_trace_close(struct capsim_sim *s);

void sim_trace_switch(struct capsim_sim *s, int cpu, const struct sim_task *prev,
		      const struct sim_task *next);
void sim_trace_waking(struct capsim_sim *s, const struct sim_task *p);
void sim_trace_wakeup(struct capsim_sim *s, const struct sim_task *p);
void sim_trace_wakeup_new(struct capsim_sim *s, const struct sim_task *p);
void sim_trace_exit(struct capsim_sim *s, const struct sim_task *p);
void sim_trace_migrate(struct capsim_sim *s, const struct sim_task *p, int dst);
void sim_trace_cpu_frequency(struct capsim_sim *s, int cpu);
void sim_trace_cpu_frequency_limits(struct capsim_sim *s, const struct sim_policy *sp);
void sim_trace_hw_pressure(struct capsim_sim *s, int cpu);
/** sim_trace_counters() - the capacity/util counter lines of @cpu, when they changed. */
void sim_trace_counters(struct capsim_sim *s, int cpu);

#endif /* CAPSIM_SIM_TRACE_H */
