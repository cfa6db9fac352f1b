/* SPDX-License-Identifier: MIT */
/*
 * capsim_series.h - a series collector: a sink of the library's own (capsim_events.h) that
 * gathers a run's time series into columns in C, so that a binding (the Python package) reads
 * them as arrays instead of taking a call per event (an hour of a busy workload is millions of
 * events). Per CPU it keeps each change of capacity_of(), the actual capacity, the CFS util,
 * the delivered and requested frequency, and HW / v6.9 thermal pressure; per task its run
 * intervals (sched_switch in to out, per CPU).
 *
 * Columns are growable arrays owned by the collector; the pointers the accessors return stay
 * valid until the next event is collected or the collector is freed. One collector per run;
 * collectors of different runs may work in parallel threads.
 *
 * Included by capsim.h; do not include it alone.
 */
#ifndef CAPSIM_SERIES_H
#define CAPSIM_SERIES_H

#include <stddef.h>
#include <stdint.h>

typedef struct capsim_series capsim_series;

/* What a CPU sample is; values pinned (new ones appended). */
enum capsim_series_signal {
	CAPSIM_SERIES_CAPACITY = 0,          /* capacity_of() (CAPSIM_EV_CPU_CAPACITY) */
	CAPSIM_SERIES_ACTUAL_CAPACITY = 1,   /* get_actual_cpu_capacity() (CAPSIM_EV_CPU_COUNTERS) */
	CAPSIM_SERIES_UTIL = 2,              /* the CPU's CFS util_avg (CAPSIM_EV_CPU_COUNTERS) */
	CAPSIM_SERIES_FREQ_KHZ = 3,          /* delivered frequency (CAPSIM_EV_CPU_FREQUENCY) */
	CAPSIM_SERIES_REQUESTED_KHZ = 4,     /* policy->cur, what the governor asked for */
	CAPSIM_SERIES_HW_PRESSURE = 5,       /* arch_scale_hw_pressure() (v6.10+) */
	CAPSIM_SERIES_THERMAL_PRESSURE = 6,  /* v6.9 thermal pressure */
	CAPSIM_SERIES_NR_SIGNALS
};

/** capsim_series_signal_name() - "capacity", "actual_capacity", "util", "freq_khz",
 * "requested_khz", "hw_pressure", "thermal_pressure" (NULL if out of range). */
CAPSIM_API const char *capsim_series_signal_name(enum capsim_series_signal sig);

/** capsim_series_create() - an empty collector in *@out. Return: 0 or CAPSIM_ERR_NOMEM. */
CAPSIM_API int capsim_series_create(capsim_series **out, capsim_error *err);

/** capsim_series_free() - release @s; NULL is a no-op. */
CAPSIM_API void capsim_series_free(capsim_series *s);

/**
 * capsim_series_attach() - make @s the event sink of run @sim (capsim_sim_set_sink()), before
 * it runs. Return: as capsim_sim_set_sink().
 */
CAPSIM_API int capsim_series_attach(capsim_series *s, capsim_sim *sim, capsim_error *err);

/**
 * capsim_series_finish() - after the run: close the run intervals still open at @end_ns (the
 * summary's duration_ns). Return: 0, or CAPSIM_ERR_NOMEM if an allocation failed while
 * collecting (the columns then stop at that event).
 */
CAPSIM_API int capsim_series_finish(capsim_series *s, uint64_t end_ns, capsim_error *err);

/**
 * capsim_series_cpu_samples() - the CPU samples in time order: @time_ns, @cpu, @signal (enum
 * capsim_series_signal) and @value columns (any may be NULL). A sample is written only when
 * the value of that signal on that CPU changed. Return: the number of rows.
 */
CAPSIM_API size_t capsim_series_cpu_samples(const capsim_series *s, const uint64_t **time_ns,
					    const int32_t **cpu, const uint8_t **signal,
					    const uint64_t **value);

/**
 * capsim_series_run_intervals() - the tasks' run intervals, ordered by their end: @pid, @cpu,
 * @start_ns, @end_ns columns (any may be NULL). Return: the number of rows.
 */
CAPSIM_API size_t capsim_series_run_intervals(const capsim_series *s, const int32_t **pid,
					      const int32_t **cpu, const uint64_t **start_ns,
					      const uint64_t **end_ns);

/**
 * capsim_series_task() - the @i-th task seen (0..count-1, in order of first appearance): its
 * pid into *@pid and its comm. Return: the comm (owned by @s), or NULL past the last.
 */
CAPSIM_API const char *capsim_series_task(const capsim_series *s, unsigned i, int32_t *pid);

#endif /* CAPSIM_SERIES_H */
