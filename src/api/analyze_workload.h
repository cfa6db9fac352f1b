/* SPDX-License-Identifier: MIT */
/*
 * analyze_workload.h - the workload a trace shows (`capsim analyze --extract-workload`,
 * src/api/analyze_workload.c): each task's activations (a preemption does not end one, a sleep
 * does), their run time turned into work on the platform (capacity x f / freq_ref at each
 * slice, as the simulator stretches `run`: src/sim/task_exec.c), the phases found in them, and
 * the rt-app JSON that runs them. analyze.c owns the tasks and calls these at each event.
 */
#ifndef CAPSIM_SRC_API_ANALYZE_WORKLOAD_H
#define CAPSIM_SRC_API_ANALYZE_WORKLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "capsim/capsim.h"

/* One activation: from its wake-up (or first switch-in) to the sleep that ends it. */
struct xw_act {
	uint64_t start_ns, end_ns;
	uint64_t run_ns;  /* on a CPU */
	double work_ns;   /* ns on the calibration CPU at its reference frequency */
};

/* A phase: @loops activations alike (docs/formats.md "Trace analysis", phases). */
struct xw_phase {
	uint64_t loops;
	uint64_t period_ns; /* 0: a continuous run */
	double run_ns, work_ns; /* per loop, the mean */
	uint64_t misses;    /* loops that ran past their period */
};

/* One task's activations and phases, embedded in analyze.c's task (all zero at first). */
struct xw_task {
	bool in_act;     /* an activation is open: switched in since its last sleep */
	bool woken;      /* woken since its last sleep, at @wake_ns */
	int prio;        /* the kernel prio of its last switch-in (sched_switch next_prio) */
	bool has_prio;
	bool deadline;   /* switched in with prio -1: the deadline class (sugov kthreads) */
	uint64_t wake_ns;
	struct xw_act cur;
	struct xw_act *acts;
	size_t nr_acts, cap_acts;
	struct xw_phase *phases;
	size_t nr_phases;
};

struct xw_extract;

/** xw_create() - extraction on @plat's CPUs. Return: NULL when out of memory. */
struct xw_extract *xw_create(const capsim_platform *plat);
void xw_free(struct xw_extract *x);
void xw_task_free(struct xw_task *t);

/* The calibration CPU: the first of the biggest capacity (the simulator's choice for a
 * numeric calibration, and the one the written file names). */
unsigned xw_calibration_cpu(const struct xw_extract *x);

/* CPU @cpu's window starts at @ts: its work counts from there. */
void xw_on_cpu_start(struct xw_extract *x, unsigned cpu, uint64_t ts);
/* CPU @cpu's frequency is @khz from @ts. */
void xw_on_freq(struct xw_extract *x, unsigned cpu, uint64_t ts, uint64_t khz);
/*
 * A switch on @cpu at @ts: @ran (or NULL: unknown) ran there from @slice_start; @prev (NULL:
 * idle) switched out, still runnable or asleep; @next (NULL: idle) switches in with kernel
 * prio @next_prio (-1: the deadline class; -2: not traced). Return: 0 or CAPSIM_ERR_NOMEM.
 */
int xw_on_switch(struct xw_extract *x, unsigned cpu, uint64_t ts, uint64_t slice_start,
		 struct xw_task *ran, struct xw_task *prev, bool prev_runnable, struct xw_task *next,
		 int next_prio);
void xw_on_wakeup(struct xw_task *t, uint64_t ts);
/* The window's end @ts: @ran (or NULL) still runs on @cpu since @slice_start. */
void xw_on_end(struct xw_extract *x, unsigned cpu, uint64_t ts, uint64_t slice_start,
	       struct xw_task *ran);
/* The task's open activation closed at @ts and its phases found. Return: 0 or CAPSIM_ERR_NOMEM. */
int xw_task_finish(struct xw_task *t, uint64_t ts);

/* The task's misses: its phases' loops that ran past their period. */
uint64_t xw_task_misses(const struct xw_task *t);

/* ", \"phases\": [...]" of a task (docs/formats.md). */
void xw_write_phases_json(const struct xw_task *t, FILE *fp);

/*
 * The rt-app JSON of @nr tasks (those with phases), named @names, first activations measured
 * from @window_start_ns, run until @window_end_ns (global duration, whole seconds up).
 */
void xw_write_rtapp(const struct xw_extract *x, const struct xw_task *const *tasks,
		    const char *const *names, size_t nr, uint64_t window_start_ns,
		    uint64_t window_end_ns, FILE *fp);

#endif /* CAPSIM_SRC_API_ANALYZE_WORKLOAD_H */
