// SPDX-License-Identifier: MIT
/*
 * belief.c - the kernel models over time: how each model turns cpufreq caps, cooling-device
 * states and HW throttling into the capacity the scheduler believes a CPU has (see belief.h
 * for the five models and docs/model.md for the formulas and commits).
 *
 * Mirrors, per model: cpufreq_update_pressure() (drivers/cpufreq/cpufreq.c, 6.10 and the 7.3
 * fallback), topology_update_hw_pressure() (drivers/base/arch_topology.c, 6.10+) and its
 * pre-6.10 form topology_update_thermal_pressure(), update_hw_load_avg() /
 * update_thermal_load_avg() (kernel/sched/pelt.c) on the clocks of sched_tick() and
 * __update_blocked_others() / update_other_load_avgs(), and get_actual_cpu_capacity()
 * (kernel/sched/fair.c). The capped model has no kernel counterpart: it is the series' stated
 * next step, designed in docs/model.md.
 */
#include <stdlib.h>
#include <string.h>

#include "model/belief.h"

#include "internal.h"
#include "model/model.h"
#include "model/platform.h"

struct belief_cpu_params belief_cpu_params_of(const struct capsim_platform *p, unsigned cpu)
{
	int pol = platform_policy_of(p, cpu);
	struct belief_cpu_params c = { .cap_orig = platform_cpu_capacity_orig(p, cpu),
				       .freq_ref = platform_freq_ref(p, cpu) };

	if (pol >= 0) {
		c.cpuinfo_max = p->policies[pol].cpuinfo_max_khz;
		/* 7.3: only a driver with ->scale_freq_ref() (intel_pstate hybrid) has one */
		if (p->fallback == PLATFORM_FALLBACK_CPUINFO_MAX)
			c.scale_freq_ref = c.cpuinfo_max;
	}
	return c;
}

uint32_t belief_default_freq_ref(enum capsim_model model)
{
	/* arch_topology: capacity_freq_ref starts at 1 up to 6.12, at 0 since (probably) 6.13 */
	return model == CAPSIM_MODEL_LATEST || model == CAPSIM_MODEL_CAPPED ? 0 : 1;
}

/* mirrors cpufreq_update_pressure(), drivers/cpufreq/cpufreq.c: 6.10 form, 7.3 fallback */
uint64_t belief_cpufreq_pressure(enum capsim_model model, const struct belief_cpu_params *c,
				 uint32_t policy_max)
{
	uint32_t max_freq = c->freq_ref;

	/* 7.3 (Fixes d2d5c129d07e): no reference -> the driver's ->scale_freq_ref(), if any */
	if (!max_freq && (model == CAPSIM_MODEL_LATEST || model == CAPSIM_MODEL_CAPPED))
		max_freq = c->scale_freq_ref;
	/* 6.12.101+ (d2d5c129d07e backported): no reference -> cpuinfo.max_freq */
	if (!max_freq && model == CAPSIM_MODEL_V6_12)
		max_freq = c->cpuinfo_max;
	return platform_freq_pressure(c->cap_orig, policy_max, max_freq);
}

/* mirrors topology_update_hw_pressure() (6.10+) / topology_update_thermal_pressure() (6.9) */
uint64_t belief_capped_pressure(const struct belief_cpu_params *c, uint32_t capped_freq)
{
	return platform_freq_pressure(c->cap_orig, capped_freq, c->freq_ref);
}

static unsigned first_cpu(const capsim_cpumask *m, unsigned nr)
{
	unsigned cpu;

	for (cpu = 0; cpu < nr; cpu++)
		if (capsim_cpumask_test(m, cpu))
			break;
	return cpu;
}

/* the capped model's window: push the level policy->max allows from @now on */
static void window_push(struct belief_cpu *bc, uint64_t level, uint64_t now, uint64_t thr)
{
	struct belief_level *w = bc->window;

	/* a higher (or equal) newer level makes every lower older one irrelevant to the max */
	while (bc->nr_window && w[bc->nr_window - 1].level <= level)
		bc->nr_window--;
	if (bc->nr_window)
		w[bc->nr_window - 1].end = now;
	/* drop what ended before the window [now - thr, now] began */
	while (bc->nr_window && w[0].end + thr <= now) {
		memmove(w, w + 1, (bc->nr_window - 1) * sizeof(*w));
		bc->nr_window--;
	}
	bc->level = level;
	/* full (more distinct falling caps within one threshold than OPPs): the newest entry
	 * absorbs the new one at its higher level, so the belief errs towards more capacity */
	if (bc->nr_window == BELIEF_WINDOW_MAX) {
		w[bc->nr_window - 1].end = UINT64_MAX;
		return;
	}
	w[bc->nr_window++] = (struct belief_level){ now, UINT64_MAX, level };
}

/* the highest level held at any time in [now - thr, now]: the capped maximum capacity */
static uint64_t window_max(const struct belief_cpu *bc, uint64_t now, uint64_t thr)
{
	unsigned i;

	for (i = 0; i < bc->nr_window; i++)
		if (bc->window[i].end == UINT64_MAX || bc->window[i].end + thr > now)
			return bc->window[i].level;
	return bc->level;
}

int belief_create(const struct belief_params *p, const struct belief_cpu_params *cpus,
		  unsigned nr_cpus, struct belief **out, capsim_error *err)
{
	struct belief *b;
	unsigned i;

	*out = NULL;
	if (p->decay_shift > BELIEF_MAX_DECAY_SHIFT)
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
			"sched_thermal_decay_shift: %u out of range (expected 0..10)", p->decay_shift);
	if (p->model == CAPSIM_MODEL_CAPPED && !p->capped_threshold_ns)
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
					"capped threshold: 0 (expected a duration > 0)");
	if ((unsigned)p->model >= CAPSIM_MODEL_COUNT || !nr_cpus || nr_cpus > CAPSIM_MAX_CPUS)
		return capsim_error_set(err, CAPSIM_ERR_INVALID, "bad model or CPU count");
	for (i = 0; i < nr_cpus; i++)
		if (!cpus[i].cap_orig || cpus[i].cap_orig > SCHED_CAPACITY_SCALE)
			return capsim_error_set(err, CAPSIM_ERR_RANGE,
				"cpu%u: capacity %llu out of range (expected 1..1024)", i,
				(unsigned long long)cpus[i].cap_orig);
	b = calloc(1, sizeof(*b));
	if (b)
		b->cpus = calloc(nr_cpus, sizeof(*b->cpus));
	if (!b || !b->cpus) {
		belief_free(b);
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	}
	b->p = *p;
	b->nr_cpus = nr_cpus;
	for (i = 0; i < nr_cpus; i++) {
		b->cpus[i].p = cpus[i];
		b->cpus[i].level = cpus[i].cap_orig;
		b->cpus[i].window[0] = (struct belief_level){ 0, UINT64_MAX, cpus[i].cap_orig };
		b->cpus[i].nr_window = 1;
	}
	*out = b;
	return 0;
}

void belief_free(struct belief *b)
{
	if (!b)
		return;
	free(b->cpus);
	free(b);
}

static void trace(struct belief *b, const char *event, const capsim_cpumask *cpus, unsigned cpu,
		  uint64_t pressure)
{
	if (b->trace)
		b->trace(b->trace_ctx, event, cpus, cpu, pressure);
}

void belief_set_policy_max(struct belief *b, const capsim_cpumask *cpus, uint32_t max_khz,
			   uint64_t now_ns)
{
	unsigned first = first_cpu(cpus, b->nr_cpus), cpu;
	uint64_t pressure;

	if (first >= b->nr_cpus || model_reads_thermal(b->p.model) ||
	    b->p.model == CAPSIM_MODEL_NONE)
		return;
	/* the first related CPU's capacity and reference, written to every CPU of the policy */
	pressure = belief_cpufreq_pressure(b->p.model, &b->cpus[first].p, max_khz);
	for (cpu = first; cpu < b->nr_cpus; cpu++) {
		struct belief_cpu *bc = &b->cpus[cpu];

		if (!capsim_cpumask_test(cpus, cpu))
			continue;
		bc->cpufreq_pressure = pressure;
		bc->version++;
		if (b->p.model == CAPSIM_MODEL_CAPPED && bc->p.cap_orig - pressure != bc->level)
			window_push(bc, bc->p.cap_orig - pressure, now_ns, b->p.capped_threshold_ns);
	}
}

/*
 * mirrors topology_update_thermal_pressure(), arch_topology.c (6.1): the capped frequency and
 * freq_factor (cpuinfo.max_freq / 1000) in MHz, each truncated; 6.8 made both kHz
 * (capacity_freq_ref), belief_capped_pressure()
 */
static uint64_t thermal_pressure_6_1(const struct belief_cpu_params *c, uint32_t capped_khz)
{
	return platform_freq_pressure(c->cap_orig, CAPSIM_MUT(230, capped_khz / 1000, capped_khz),
				      CAPSIM_MUT(245, c->freq_ref / 1000, c->freq_ref));
}

/* mirrors topology_update_{thermal,hw}_pressure(): one trace with the first CPU, all written */
static void write_capped_pressure(struct belief *b, const capsim_cpumask *cpus, uint32_t khz,
				  int thermal)
{
	unsigned first = first_cpu(cpus, b->nr_cpus);
	uint64_t pressure;

	if (first >= b->nr_cpus)
		return;
	if (b->p.model == CAPSIM_MODEL_V6_1)
		pressure = thermal_pressure_6_1(&b->cpus[first].p, khz);
	else
		pressure = belief_capped_pressure(&b->cpus[first].p, khz);
	trace(b, thermal ? "thermal_pressure_update" : "hw_pressure_update", cpus, first, pressure);
	belief_write_pressure(b, cpus, pressure, thermal);
}

void belief_write_pressure(struct belief *b, const capsim_cpumask *cpus, uint64_t pressure,
			   int thermal)
{
	for (unsigned cpu = 0; cpu < b->nr_cpus; cpu++) {
		if (!capsim_cpumask_test(cpus, cpu))
			continue;
		if (thermal)
			b->cpus[cpu].thermal_pressure = pressure;
		else
			b->cpus[cpu].hw_pressure = pressure;
		b->cpus[cpu].version++;
	}
}

void belief_cooling_freq(struct belief *b, const capsim_cpumask *cpus, uint32_t freq_khz)
{
	/* 6.10 patch 3/5 removed arch_update_thermal_pressure() from cpufreq_set_cur_state() */
	if (model_reads_thermal(b->p.model))
		write_capped_pressure(b, cpus, freq_khz, 1);
}

void belief_hw_cap(struct belief *b, const capsim_cpumask *cpus, uint32_t capped_khz)
{
	/* the `none` model keeps the arch_topology value too; its scheduler reads nothing */
	write_capped_pressure(b, cpus, capped_khz, model_reads_thermal(b->p.model));
}

/*
 * mirrors update_hw_load_avg() (6.10+) and update_thermal_load_avg() (6.9), pelt.c: the raw
 * pressure is the load, runnable and running of one more PELT signal. (capsim: a new average
 * bumps the version.)
 */
static int update_pressure_avg(struct belief_cpu *bc, uint64_t now, uint64_t pressure)
{
	uint64_t old = bc->avg.load_avg;
	int decayed = capsim_pelt_update(&bc->avg, now, pressure, pressure, pressure != 0, 1);

	bc->version += bc->avg.load_avg != old;
	return decayed;
}

int belief_tick(struct belief *b, unsigned cpu, uint64_t clock_task)
{
	struct belief_cpu *bc = &b->cpus[cpu];

	switch (b->p.model) {
	case CAPSIM_MODEL_V6_9:
	case CAPSIM_MODEL_V6_1:
		/* rq_clock_thermal() = rq_clock_task() >> sched_thermal_decay_shift */
		return update_pressure_avg(bc, clock_task >> b->p.decay_shift, bc->thermal_pressure);
	case CAPSIM_MODEL_NONE:
		return 0;
	default:
		return update_pressure_avg(bc, clock_task, bc->hw_pressure);
	}
}

int belief_blocked_update(struct belief *b, unsigned cpu, uint64_t clock_task,
			  uint64_t clock_pelt)
{
	/* 6.10 passed rq_clock_pelt() here; 84d265281d6c (6.12) made it rq_clock_task() */
	if (b->p.model == CAPSIM_MODEL_V6_10)
		return update_pressure_avg(&b->cpus[cpu], clock_pelt, b->cpus[cpu].hw_pressure);
	return belief_tick(b, cpu, clock_task);
}

struct belief_signals belief_signals(const struct belief *b, unsigned cpu, uint64_t now_ns)
{
	const struct belief_cpu *bc = &b->cpus[cpu];
	struct belief_signals s = { .cap_orig = bc->p.cap_orig,
				    .actual_cap = belief_view(b, cpu, now_ns).actual_cap };

	if (model_reads_thermal(b->p.model)) {
		s.thermal_pressure = bc->thermal_pressure;
		s.thermal_load_avg = bc->avg.load_avg;
		return s;
	}
	s.hw_pressure = bc->hw_pressure;
	/* the capped model's own signals: its held maximum is orig - their max over the window */
	s.hw_load_avg = bc->avg.load_avg;
	s.cpufreq_pressure = bc->cpufreq_pressure;
	return s;
}

struct belief_view belief_view(const struct belief *b, unsigned cpu, uint64_t now_ns)
{
	const struct belief_cpu *bc = &b->cpus[cpu];
	struct belief_view v = { .arch_cap = bc->p.cap_orig };
	uint64_t held, lost;

	switch (b->p.model) {
	case CAPSIM_MODEL_NONE:
		v.actual_cap = v.arch_cap;
		break;
	case CAPSIM_MODEL_V6_9:
	case CAPSIM_MODEL_V6_1:
		v.thermal_pressure = bc->thermal_pressure;
		v.thermal_load_avg = bc->avg.load_avg;
		v.actual_cap = v.arch_cap - v.thermal_pressure;
		break;
	case CAPSIM_MODEL_CAPPED:
		/* the held cap is the maximum; only what is below it counts as pressure, and the
		 * HW average only for the part that reaches below the held maximum */
		held = window_max(bc, now_ns, b->p.capped_threshold_ns);
		lost = bc->p.cap_orig - held;
		v.arch_cap = held;
		v.cpufreq_pressure = held - bc->level;
		v.hw_load_avg = bc->avg.load_avg > lost ? bc->avg.load_avg - lost : 0;
		v.actual_cap = actual_capacity_formula(v.arch_cap, v.hw_load_avg,
						       v.cpufreq_pressure);
		break;
	default:
		v.cpufreq_pressure = bc->cpufreq_pressure;
		v.hw_load_avg = bc->avg.load_avg;
		v.actual_cap = actual_capacity_formula(v.arch_cap, v.hw_load_avg,
						       v.cpufreq_pressure);
		break;
	}
	return v;
}
