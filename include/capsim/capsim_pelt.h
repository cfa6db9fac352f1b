/* SPDX-License-Identifier: MIT */
/*
 * capsim_pelt.h - Per-Entity Load Tracking, bit-exact with kernel/sched/pelt.c (v6.10+).
 *
 * One struct capsim_sched_avg per tracked signal: a task, a runqueue's CFS/RT/DL utilization,
 * or the HW-pressure average (hw_load_avg). Time is in ns; PELT consumes it in 1024 ns units and
 * in periods of 1024 such units (~1 ms); a period n periods ago weighs y^n, with y^32 = 1/2.
 * Start from an all-zero struct. Every value is the kernel's, bit for bit, wrap-around included.
 */
#ifndef CAPSIM_PELT_H
#define CAPSIM_PELT_H

#include <stdint.h>

#include "capsim/capsim.h"

/* Mirrors struct sched_avg (include/linux/sched.h), LP64 widths; util_est kept by the caller. */
struct capsim_sched_avg {
	uint64_t last_update_time; /* ns; advances by whole 1024 ns units, reset if time goes back */
	uint64_t load_sum;
	uint64_t runnable_sum;
	uint32_t util_sum;
	uint32_t period_contrib; /* the part of the current 1024-unit period already accounted */
	uint64_t load_avg;
	uint64_t runnable_avg;
	uint64_t util_avg;
};

#define CAPSIM_LOAD_AVG_PERIOD 32
#define CAPSIM_LOAD_AVG_MAX 47742
#define CAPSIM_PELT_MIN_DIVIDER (CAPSIM_LOAD_AVG_MAX - 1024)

/**
 * capsim_pelt_update_load_sum() - mirrors ___update_load_sum(), kernel/sched/pelt.c.
 * @now: ns; @load, @runnable, @running: the state during (last update, @now] (the kernel's
 * unsigned long, unsigned long, int; only whether @running is non-zero matters).
 * Return: 1 if a period boundary was crossed (the averages must be recomputed), else 0.
 * Less than 1024 ns since the last update: nothing changes (the remainder is kept).
 * Time going backwards (now - last_update_time negative as s64) resets last_update_time to
 * @now and returns 0.
 */
CAPSIM_API int capsim_pelt_update_load_sum(struct capsim_sched_avg *sa, uint64_t now, uint64_t load,
					   uint64_t runnable, int running);

/**
 * capsim_pelt_update_load_avg() - mirrors ___update_load_avg(), kernel/sched/pelt.c:
 * load_avg = @load * load_sum / divider, runnable_avg and util_avg = sum / divider, with
 * divider = capsim_pelt_divider(@sa). @load is the entity's weight (1 for rq-level signals).
 */
CAPSIM_API void capsim_pelt_update_load_avg(struct capsim_sched_avg *sa, uint64_t load);

/**
 * capsim_pelt_update() - update_load_sum then, when it reports 1, update_load_avg(@weight):
 * the pattern of every __update_load_avg_*() wrapper in the kernel.
 * Return: the value of capsim_pelt_update_load_sum().
 */
CAPSIM_API int capsim_pelt_update(struct capsim_sched_avg *sa, uint64_t now, uint64_t load,
				  uint64_t runnable, int running, uint64_t weight);

/** capsim_pelt_decay_load() - mirrors decay_load(): @val * y^@n, y^32 = 1/2. */
CAPSIM_API uint64_t capsim_pelt_decay_load(uint64_t val, uint64_t n);

/** capsim_pelt_divider() - mirrors get_pelt_divider(): PELT_MIN_DIVIDER + period_contrib. */
CAPSIM_API uint32_t capsim_pelt_divider(const struct capsim_sched_avg *sa);

#endif /* CAPSIM_PELT_H */
