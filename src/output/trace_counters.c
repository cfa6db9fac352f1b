// SPDX-License-Identifier: MIT
/*
 * trace_counters.c - the per-CPU capacity, frequency, pressure and utilization counters and the
 * zone temperatures of the Perfetto and Chrome traces, from the events that carry them, each
 * reported when its value changes (see trace_counters.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capsim/capsim.h"
#include "output/trace_counters.h"

static const struct {
	const char *name, *unit;
} signals[TRACE_NR_SIGNALS] = {
	[TRACE_SIG_ORIGINAL_CAPACITY] = { "original_capacity", "capacity" },
	[TRACE_SIG_ACTUAL_CAPACITY] = { "actual_capacity", "capacity" },
	[TRACE_SIG_DELIVERED_CAPACITY] = { "delivered_capacity", "capacity" },
	[TRACE_SIG_CPUFREQ] = { "cpufreq", "kHz" },
	[TRACE_SIG_HW_PRESSURE] = { "hw_pressure", "capacity" },
	[TRACE_SIG_UTIL] = { "util", "capacity" },
};

int trace_counters_init(struct trace_counters *tc, unsigned nr_cpus)
{
	unsigned n = nr_cpus * TRACE_NR_SIGNALS + TRACE_MAX_ZONES;

	tc->nr_cpus = nr_cpus;
	tc->last = malloc(n * sizeof(*tc->last));
	if (!tc->last)
		return CAPSIM_ERR_NOMEM;
	for (unsigned i = 0; i < n; i++)
		tc->last[i] = INT64_MIN;
	return 0;
}

void trace_counters_free(struct trace_counters *tc)
{
	free(tc->last);
	tc->last = NULL;
}

unsigned trace_counters_nr(const struct trace_counters *tc)
{
	return tc->nr_cpus * TRACE_NR_SIGNALS + TRACE_MAX_ZONES;
}

static void cpu_signal(struct trace_counters *tc, const struct capsim_event *ev,
		       enum trace_signal sig, uint64_t value, trace_counter_fn fn, void *ctx)
{
	unsigned index = (unsigned)ev->cpu * TRACE_NR_SIGNALS + sig;
	struct trace_counter_value v = { index, NULL, signals[sig].unit, (int64_t)value };
	char name[48];

	if (tc->last[index] == v.value)
		return;
	tc->last[index] = v.value;
	snprintf(name, sizeof(name), "cpu%d_%s", ev->cpu, signals[sig].name);
	v.name = name;
	fn(ctx, ev, &v);
}

/* thermal_temperature's text: "thermal_zone=%s id=%d temp_prev=%d temp=%d" */
static void zone_temperature(struct trace_counters *tc, const struct capsim_event *ev,
			     trace_counter_fn fn, void *ctx)
{
	char zone[32], name[48];
	int id, prev, temp;
	struct trace_counter_value v;

	if (sscanf(ev->u.text.body, "thermal_zone=%31s id=%d temp_prev=%d temp=%d", zone, &id,
		   &prev, &temp) != 4 || id < 0 || id >= TRACE_MAX_ZONES)
		return;
	v.index = tc->nr_cpus * TRACE_NR_SIGNALS + (unsigned)id;
	if (tc->last[v.index] == temp)
		return;
	tc->last[v.index] = temp;
	snprintf(name, sizeof(name), "%s_temp", zone);
	v.name = name;
	v.unit = "m°C";
	v.value = temp;
	fn(ctx, ev, &v);
}

void trace_counters_event(struct trace_counters *tc, const struct capsim_event *ev,
			  trace_counter_fn fn, void *ctx)
{
	if (ev->type == CAPSIM_EV_TEXT) {
		if (!strcmp(ev->u.text.name, "thermal_temperature"))
			zone_temperature(tc, ev, fn, ctx);
		return;
	}
	if (ev->cpu < 0 || (unsigned)ev->cpu >= tc->nr_cpus)
		return;
	switch (ev->type) {
	case CAPSIM_EV_CPU_COUNTERS:
		cpu_signal(tc, ev, TRACE_SIG_ORIGINAL_CAPACITY, ev->u.cpu_counters.capacity_orig, fn,
			   ctx);
		cpu_signal(tc, ev, TRACE_SIG_ACTUAL_CAPACITY, ev->u.cpu_counters.actual_capacity, fn,
			   ctx);
		cpu_signal(tc, ev, TRACE_SIG_DELIVERED_CAPACITY,
			   ev->u.cpu_counters.delivered_capacity, fn, ctx);
		cpu_signal(tc, ev, TRACE_SIG_UTIL, ev->u.cpu_counters.util, fn, ctx);
		break;
	case CAPSIM_EV_CPU_FREQUENCY:
		cpu_signal(tc, ev, TRACE_SIG_CPUFREQ, ev->u.cpu_frequency.delivered_khz, fn, ctx);
		break;
	case CAPSIM_EV_HW_PRESSURE_UPDATE:
	case CAPSIM_EV_THERMAL_PRESSURE_UPDATE:
		cpu_signal(tc, ev, TRACE_SIG_HW_PRESSURE, ev->u.pressure.pressure, fn, ctx);
		break;
	default:
		break;
	}
}
