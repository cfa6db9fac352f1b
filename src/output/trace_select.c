// SPDX-License-Identifier: MIT
/*
 * trace_select.c - what every trace writer carries of the run's events (see trace_select.h):
 * the events that are trace events, cpu_frequency once per change, and the per-CPU and
 * per-zone counters, each reported when its value changes.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capsim/capsim.h"
#include "output/trace_select.h"

static const struct {
	const char *name, *unit;
} signals[TRACE_NR_SIGNALS] = {
	[TRACE_SIG_ACTUAL_CAPACITY] = { "actual_capacity", "capacity" },
	[TRACE_SIG_UTIL] = { "util", "capacity" },
	[TRACE_SIG_HW_PRESSURE] = { "hw_pressure", "capacity" },
	[TRACE_SIG_CPUFREQ_PRESSURE] = { "cpufreq_pressure", "capacity" },
	[TRACE_SIG_HW_LOAD_AVG] = { "hw_load_avg", "capacity" },
	[TRACE_SIG_THERMAL_LOAD_AVG] = { "thermal_load_avg", "capacity" },
	[TRACE_SIG_ORIGINAL_CAPACITY] = { "original_capacity", "capacity" },
	[TRACE_SIG_DELIVERED_CAPACITY] = { "delivered_capacity", "capacity" },
};

int trace_select_init(struct trace_select *ts, unsigned nr_cpus, unsigned families,
		      enum trace_counter_set set)
{
	unsigned n;

	ts->nr_cpus = nr_cpus;
	ts->families = families;
	ts->set = set;
	n = trace_select_nr_tracks(ts);
	ts->last = malloc(n * sizeof(*ts->last));
	ts->freq_khz = malloc(nr_cpus * sizeof(*ts->freq_khz));
	if (!ts->last || !ts->freq_khz) {
		trace_select_free(ts);
		return CAPSIM_ERR_NOMEM;
	}
	for (unsigned i = 0; i < n; i++)
		ts->last[i] = INT64_MIN;
	for (unsigned c = 0; c < nr_cpus; c++)
		ts->freq_khz[c] = UINT64_MAX;
	return 0;
}

void trace_select_free(struct trace_select *ts)
{
	free(ts->last);
	free(ts->freq_khz);
	ts->last = NULL;
	ts->freq_khz = NULL;
}

unsigned trace_select_nr_tracks(const struct trace_select *ts)
{
	return ts->nr_cpus * TRACE_NR_SIGNALS + TRACE_MAX_ZONES;
}

static void cpu_signal(struct trace_select *ts, const struct capsim_event *ev,
		       enum trace_signal sig, uint64_t value, trace_counter_fn fn, void *ctx)
{
	unsigned index = (unsigned)ev->cpu * TRACE_NR_SIGNALS + sig;
	struct trace_counter_value v = { index, NULL, signals[sig].unit, (int64_t)value };
	char name[48];

	if (ts->last[index] == v.value)
		return;
	ts->last[index] = v.value;
	snprintf(name, sizeof(name), "cpu%d_%s", ev->cpu, signals[sig].name);
	v.name = name;
	fn(ctx, ev, &v);
}

static void cpu_counters(struct trace_select *ts, const struct capsim_event *ev,
			 trace_counter_fn fn, void *ctx)
{
	const struct capsim_ev_cpu_counters *c = &ev->u.cpu_counters;
	/* the text's order first: its lines at one time stay in this order */
	const uint64_t v[TRACE_NR_SIGNALS] = {
		[TRACE_SIG_ACTUAL_CAPACITY] = c->actual_capacity,
		[TRACE_SIG_UTIL] = c->util,
		[TRACE_SIG_HW_PRESSURE] = c->hw_pressure,
		[TRACE_SIG_CPUFREQ_PRESSURE] = c->cpufreq_pressure,
		[TRACE_SIG_HW_LOAD_AVG] = c->hw_load_avg,
		[TRACE_SIG_THERMAL_LOAD_AVG] = c->thermal_load_avg,
		[TRACE_SIG_ORIGINAL_CAPACITY] = c->capacity_orig,
		[TRACE_SIG_DELIVERED_CAPACITY] = c->delivered_capacity,
	};
	unsigned n = ts->set == TRACE_COUNTERS_TEXT ? TRACE_TEXT_SIGNALS : TRACE_NR_SIGNALS;
	/* the average the model has: v6.9's thermal one, or the HW one of 6.10 and later */
	enum trace_signal absent = c->thermal ? TRACE_SIG_HW_LOAD_AVG : TRACE_SIG_THERMAL_LOAD_AVG;

	for (unsigned k = 0; k < n; k++)
		if (k != absent)
			cpu_signal(ts, ev, (enum trace_signal)k, v[k], fn, ctx);
}

/* thermal_temperature's text: "thermal_zone=%s id=%d temp_prev=%d temp=%d" */
static void zone_temperature(struct trace_select *ts, const struct capsim_event *ev,
			     trace_counter_fn fn, void *ctx)
{
	char zone[32], name[48];
	int id, prev, temp;
	struct trace_counter_value v;

	if (sscanf(ev->u.text.body, "thermal_zone=%31s id=%d temp_prev=%d temp=%d", zone, &id,
		   &prev, &temp) != 4 || id < 0 || id >= TRACE_MAX_ZONES)
		return;
	v.index = ts->nr_cpus * TRACE_NR_SIGNALS + (unsigned)id;
	if (ts->last[v.index] == temp)
		return;
	ts->last[v.index] = temp;
	snprintf(name, sizeof(name), "%s_temp", zone);
	v.name = name;
	v.unit = "m°C";
	v.value = temp;
	fn(ctx, ev, &v);
}

bool trace_select_event(struct trace_select *ts, const struct capsim_event *ev,
			trace_counter_fn fn, void *ctx)
{
	/* the kernel records every event on a CPU's ring buffer */
	if (ev->cpu < 0 || (unsigned)ev->cpu >= ts->nr_cpus)
		return false;
	switch (ev->type) {
	case CAPSIM_EV_SCHED_SWITCH:
	case CAPSIM_EV_SCHED_WAKING:
	case CAPSIM_EV_SCHED_WAKEUP:
	case CAPSIM_EV_SCHED_WAKEUP_NEW:
	case CAPSIM_EV_SCHED_MIGRATE_TASK:
	case CAPSIM_EV_CPU_FREQUENCY_LIMITS:
	case CAPSIM_EV_CPU_IDLE:
	case CAPSIM_EV_HW_PRESSURE_UPDATE:
	case CAPSIM_EV_THERMAL_PRESSURE_UPDATE:
		return true;
	case CAPSIM_EV_CPU_FREQUENCY:
		/*
		 * the kernel prints the frequency asked of the driver (policy->cur), once per
		 * change; a HW cap moves only the delivered OPP, which hw_pressure_update and the
		 * delivered capacity show
		 */
		if (ev->u.cpu_frequency.policy < 0 ||
		    ts->freq_khz[ev->cpu] == ev->u.cpu_frequency.requested_khz)
			return false;
		ts->freq_khz[ev->cpu] = ev->u.cpu_frequency.requested_khz;
		return true;
	case CAPSIM_EV_CPU_COUNTERS:
		cpu_counters(ts, ev, fn, ctx);
		return false;
	case CAPSIM_EV_TEXT:
		/* cpufreq_cooling.c's thermal_power_cpu_* events: a family of their own */
		if (!strncmp(ev->u.text.name, "thermal_power_cpu_", 18))
			return ts->families & CAPSIM_TRACE_EV_THERMAL_POWER;
		if (ts->set == TRACE_COUNTERS_ALL && !strcmp(ev->u.text.name, "thermal_temperature"))
			zone_temperature(ts, ev, fn, ctx);
		return true;
	case CAPSIM_EV_SCHED_COMPUTE_ENERGY:
		return ts->families & CAPSIM_TRACE_EV_ENERGY;
	case CAPSIM_EV_PELT_SE:
	case CAPSIM_EV_PELT_RQ:
	case CAPSIM_EV_UTIL_EST:
	case CAPSIM_EV_CPU_CAPACITY:
	case CAPSIM_EV_OVERUTILIZED:
		return ts->families & CAPSIM_TRACE_EV_LISA;
	default:
		return false;
	}
}

int trace_compute_energy_text(char *buf, size_t size, const struct capsim_event *ev)
{
	const struct capsim_ev_compute_energy *e = &ev->u.compute_energy;

	return snprintf(buf, size,
			"comm=%.15s pid=%d dst_cpu=%d energy=%" PRIu64 " max_util=%" PRIu64
			" busy_time=%" PRIu64,
			e->task.comm, e->task.pid, e->dst_cpu, e->energy, e->max_util, e->busy_time);
}

/*
 * The root domain's span as cpumap_print_to_pagebuf(false, ...) prints it: %*pb, 32-bit hex
 * chunks from the top, comma-separated, the first one as wide as its bits need.
 */
void trace_span_hex(char *buf, size_t size, unsigned nr_cpus)
{
	unsigned chunk = nr_cpus % 32 ? nr_cpus % 32 : 32;
	size_t n = 0;

	for (int lo = (int)((nr_cpus + 31) / 32 * 32) - 32; lo >= 0; lo -= 32) {
		unsigned bits = chunk, hi = (unsigned)lo + bits;
		uint32_t val = 0;

		for (unsigned c = (unsigned)lo; c < hi; c++)
			val |= 1u << (c - (unsigned)lo); /* every CPU is in the one root domain */
		n += (size_t)snprintf(buf + n, size - n, "%s%0*x", n ? "," : "", (int)(bits + 3) / 4,
				      val);
		chunk = 32;
	}
}
