/* SPDX-License-Identifier: MIT */
/*
 * pressure_metrics.h - how wrong a kernel model's belief about capacity was during a run, and
 * what it cost: per CPU, the time the model believed the CPU was under pressure and the
 * time-weighted mean |believed - delivered| capacity; per wake-up placement, whether the chosen
 * CPU could deliver what the task needed (its utilization capped by uclamp_max,
 * fits_capacity()) and its uclamp_min (counted, and the shortfall uclamp_min - delivered summed). "Delivered" is the capacity the CPU can run at under every cap in force at that
 * instant, unfiltered: cap_orig * min(policy->max, HW cap) / freq_ref.
 */
#ifndef CAPSIM_PRESSURE_METRICS_H
#define CAPSIM_PRESSURE_METRICS_H

#include <stdint.h>

#include "capsim/capsim.h"

struct pm_cpu {
	uint64_t sampled_ns;
	uint64_t pressure_ns;         /* believed capacity below the original capacity */
	uint64_t capped_ns;           /* delivered capacity below the original: the truth */
	unsigned __int128 abs_err;    /* sum of |believed - delivered| * ns */
};

struct pressure_metrics {
	struct pm_cpu *cpus;
	unsigned nr_cpus;
	uint64_t placements;
	uint64_t misfit_placements;   /* min(util, uclamp_max) does not fit the delivered capacity */
	uint64_t uclamp_min_placements; /* placements of tasks with uclamp_min > 0 */
	uint64_t uclamp_min_violations; /* ... onto a CPU delivering less than uclamp_min */
	uint64_t uclamp_min_shortfall;  /* sum of uclamp_min - delivered over the violations */
};

/** pm_init() - zeroed metrics for @nr_cpus CPUs. Return: 0 or CAPSIM_ERR_NOMEM. */
int pm_init(struct pressure_metrics *pm, unsigned nr_cpus);
/** pm_release() - free what pm_init() allocated; safe on a zeroed struct. */
void pm_release(struct pressure_metrics *pm);

/**
 * pm_account() - @cpu spent @dt_ns with the model believing @believed, the hardware
 * delivering @delivered, out of @original (arch_scale_cpu_capacity before any cap).
 */
void pm_account(struct pressure_metrics *pm, unsigned cpu, uint64_t dt_ns, uint64_t believed,
		uint64_t delivered, uint64_t original);

/**
 * pm_placement() - a task with utilization @util and effective uclamp @uclamp_min..@uclamp_max
 * was placed on a CPU delivering @delivered.
 */
void pm_placement(struct pressure_metrics *pm, uint64_t util, uint64_t uclamp_min,
		  uint64_t uclamp_max, uint64_t delivered);

/** pm_pressure_pct() - % of @cpu's sampled time under believed pressure (reporting). */
double pm_pressure_pct(const struct pressure_metrics *pm, unsigned cpu);
/** pm_capped_pct() - % of @cpu's sampled time really capped (delivered < original): the truth. */
double pm_capped_pct(const struct pressure_metrics *pm, unsigned cpu);
/** pm_mean_abs_err() - time-weighted mean |believed - delivered| of @cpu (reporting). */
double pm_mean_abs_err(const struct pressure_metrics *pm, unsigned cpu);
/** pm_mean_shortfall() - mean uclamp_min - delivered over the uclamp_min placements. */
double pm_mean_shortfall(const struct pressure_metrics *pm);
/** pm_mean_abs_err_all() - the same over all CPUs' time. */
double pm_mean_abs_err_all(const struct pressure_metrics *pm);

#endif /* CAPSIM_PRESSURE_METRICS_H */
