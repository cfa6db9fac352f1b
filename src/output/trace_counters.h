/* SPDX-License-Identifier: MIT */
/*
 * trace_counters.h - the counter tracks of the Perfetto and Chrome traces: for each CPU its
 * original, actual (what the scheduler believes) and delivered capacity, its frequency, HW
 * pressure and CFS utilization, and each thermal zone's temperature, taken from the events that
 * carry them (CPU_COUNTERS, CPU_FREQUENCY, HW/THERMAL_PRESSURE_UPDATE, thermal_temperature) and
 * reported once per change, so both writers show the same values at the same times.
 */
#ifndef CAPSIM_TRACE_COUNTERS_H
#define CAPSIM_TRACE_COUNTERS_H

#include <stdint.h>

#include "capsim/capsim_events.h"

enum trace_signal {
	TRACE_SIG_ORIGINAL_CAPACITY,
	TRACE_SIG_ACTUAL_CAPACITY,
	TRACE_SIG_DELIVERED_CAPACITY,
	TRACE_SIG_CPUFREQ,
	TRACE_SIG_HW_PRESSURE,
	TRACE_SIG_UTIL,
	TRACE_NR_SIGNALS,
};

/* thermal zone ids past this one get no temperature track */
#define TRACE_MAX_ZONES 64

/*
 * One counter value: track @index (cpu * TRACE_NR_SIGNALS + signal for a CPU's, then
 * nr_cpus * TRACE_NR_SIGNALS + zone id for a zone's temperature), named @name
 * ("cpu3_actual_capacity", "soc_thermal_temp"; valid during the call), in @unit.
 */
struct trace_counter_value {
	unsigned index;
	const char *name;
	const char *unit;
	int64_t value;
};

typedef void (*trace_counter_fn)(void *ctx, const struct capsim_event *ev,
				 const struct trace_counter_value *v);

struct trace_counters {
	unsigned nr_cpus;
	int64_t *last; /* per track: the value last reported, INT64_MIN: none yet */
};

/** trace_counters_init() - no values yet for @nr_cpus CPUs. Return: 0 or CAPSIM_ERR_NOMEM. */
int trace_counters_init(struct trace_counters *tc, unsigned nr_cpus);
/** trace_counters_free() - release @tc. */
void trace_counters_free(struct trace_counters *tc);
/** trace_counters_nr() - the number of track indexes. */
unsigned trace_counters_nr(const struct trace_counters *tc);

/**
 * trace_counters_event() - call @fn(@ctx, @ev, value) for each counter that @ev changes.
 */
void trace_counters_event(struct trace_counters *tc, const struct capsim_event *ev,
			  trace_counter_fn fn, void *ctx);

#endif /* CAPSIM_TRACE_COUNTERS_H */
