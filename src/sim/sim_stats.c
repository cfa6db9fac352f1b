// SPDX-License-Identifier: MIT
/*
 * sim_stats.c - what the simulator reports: per task runtime by CPU, wake-up latencies (a
 * log-linear histogram: exact at 0, 4 buckets per power of two, so a percentile is within 25%
 * of the true value), deadline misses and timer slack; per CPU busy time, mean delivered
 * frequency, mean actual capacity and energy (EM power at the delivered OPP over busy time,
 * kernel/power/energy_model.c tables), and apart from it the idle energy (each idle state's
 * power, given by a platform JSON, x the time in that state). Floats appear only here, for
 * reporting.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "sim/sim.h"

/* Sets the ns of entry @k of @st's runtime per CPU (@ns fits its size). */
static void cpu_time_set(struct task_stats *st, unsigned k, uint64_t ns)
{
	uint8_t *e = st->by_cpu + k * st->by_cpu_size + 1;
	uint32_t narrow = (uint32_t)ns;

	if (st->by_cpu_size == CPU_TIME_WIDE)
		memcpy(e, &ns, sizeof(ns));
	else
		memcpy(e, &narrow, sizeof(narrow));
}

/* The entries of @st in 8-byte ns, in place, last first. Return: 0, or -1 without memory. */
static int cpu_time_widen(struct task_stats *st)
{
	uint8_t *n = realloc(st->by_cpu, (size_t)st->cap_by_cpu * CPU_TIME_WIDE);

	if (!n)
		return -1;
	st->by_cpu = n;
	/* entry k's 9 bytes overlap only the 5-byte entries from k on, already moved */
	for (unsigned k = st->nr_by_cpu; k-- > 0;) {
		uint8_t *e = n + k * CPU_TIME_WIDE, cpu = n[k * CPU_TIME_NARROW];
		uint32_t narrow;
		uint64_t ns;

		memcpy(&narrow, n + k * CPU_TIME_NARROW + 1, sizeof(narrow));
		ns = narrow;
		e[0] = cpu;
		memcpy(e + 1, &ns, sizeof(ns));
	}
	st->by_cpu_size = CPU_TIME_WIDE;
	return 0;
}

/*
 * @p's time on its current CPU goes into its by-CPU list: the list is only touched when it
 * changes CPU, not at every wake-up (one cache line less each time). Without memory, the time
 * is dropped (reporting only: the figure is then short).
 */
void task_flush_cpu_time(struct sim_task *p)
{
	struct task_stats *st = &p->st;
	uint64_t ns;
	unsigned i;

	if (st->cur_cpu < 0)
		return;
	if (!st->by_cpu_size)
		st->by_cpu_size = CPU_TIME_NARROW;
	for (i = 0; i < st->nr_by_cpu && cpu_time_cpu(st, i) != (unsigned)st->cur_cpu; i++)
		;
	if (i == st->nr_by_cpu) {
		if (st->nr_by_cpu == st->cap_by_cpu) {
			unsigned cap = st->cap_by_cpu + 4u; /* tasks usually stay on few CPUs */
			uint8_t *n = realloc(st->by_cpu, cap * st->by_cpu_size);

			if (!n) {
				st->cur_ns = 0;
				return;
			}
			st->by_cpu = n;
			st->cap_by_cpu = (uint16_t)cap;
		}
		st->by_cpu[i * st->by_cpu_size] = (uint8_t)st->cur_cpu;
		cpu_time_set(st, i, 0);
		st->nr_by_cpu++;
	}
	ns = cpu_time_ns(st, i) + st->cur_ns;
	st->cur_ns = 0;
	if (ns > UINT32_MAX && st->by_cpu_size == CPU_TIME_NARROW && cpu_time_widen(st))
		return;
	cpu_time_set(st, i, ns);
}

__attribute__((noinline)) void task_add_cpu_time_moved(struct sim_task *p, int cpu, uint64_t ns)
{
	task_flush_cpu_time(p);
	p->st.cur_cpu = cpu;
	p->st.cur_ns += ns;
}

uint64_t sim_kthread_busy_ns(const struct capsim_sim *s, unsigned cpu)
{
	int pi = s->rq[cpu].policy;
	const struct sim_task *p = pi >= 0 ? s->pol[pi].kthread : NULL;
	uint64_t ns = 0;

	if (!p)
		return 0;
	for (uint32_t i = 0; i < p->st.nr_by_cpu; i++)
		if (cpu_time_cpu(&p->st, i) == cpu)
			ns += cpu_time_ns(&p->st, i);
	return ns + (p->st.cur_cpu == (int)cpu ? p->st.cur_ns : 0);
}

static unsigned lat_bucket(uint64_t ns)
{
	unsigned e, b;

	if (ns < (1ULL << LAT_MIN_SHIFT))
		return 0;
	e = 63u - (unsigned)__builtin_clzll(ns); /* >= LAT_MIN_SHIFT */
	b = 1 + (e - LAT_MIN_SHIFT) * LAT_SUB + ((unsigned)(ns >> (e - LAT_SUB_SHIFT)) & (LAT_SUB - 1));
	return b < LAT_BUCKETS ? b : LAT_BUCKETS - 1;
}

/* The lower bound of bucket @b, in ns. */
static uint64_t lat_bucket_ns(unsigned b)
{
	unsigned e, sub;

	if (!b)
		return 0;
	e = (b - 1) / LAT_SUB + LAT_MIN_SHIFT;
	sub = (b - 1) % LAT_SUB;
	return (uint64_t)(LAT_SUB + sub) << (e - LAT_SUB_SHIFT);
}

/*
 * The histogram grows to take bucket @b (>= 1): it holds only the buckets from the lowest to
 * the highest one used, bucket 0 (under 1 µs, the wake-ups onto an idle CPU) being what
 * @lat_count has beyond them. Return: 0, or -1 without memory.
 */
static int lat_extend(struct task_stats *st, unsigned b)
{
	unsigned lo = st->lat_nr && st->lat_lo < b ? st->lat_lo : b;
	unsigned end = st->lat_nr && st->lat_lo + st->lat_nr > b + 1 ? st->lat_lo + st->lat_nr : b + 1;
	uint32_t *h = calloc(end - lo, sizeof(*h));

	if (!h)
		return -1;
	if (st->lat_nr)
		memcpy(h + (st->lat_lo - lo), st->lat_hist, st->lat_nr * sizeof(*h));
	free(st->lat_hist);
	st->lat_hist = h;
	st->lat_lo = (uint16_t)lo;
	st->lat_nr = (uint16_t)(end - lo);
	return 0;
}

void task_record_latency(struct sim_task *p, uint64_t ns)
{
	struct task_stats *st = &p->st;
	unsigned b = lat_bucket(ns);

	/* one test for both sides: below lat_lo, b - lat_lo wraps past lat_nr */
	if (b && b - st->lat_lo >= st->lat_nr && lat_extend(st, b))
		return; /* reporting only: the figure is then short */
	if (b)
		st->lat_hist[b - st->lat_lo]++;
	st->lat_count++;
}

uint64_t task_latency_percentile(const struct sim_task *p, unsigned pct)
{
	uint64_t rank, seen = p->st.lat_count;

	if (!p->st.lat_count)
		return 0;
	rank = (p->st.lat_count * pct + 99) / 100; /* nearest rank */
	if (!rank)
		rank = 1;
	for (unsigned k = 0; k < p->st.lat_nr; k++)
		seen -= p->st.lat_hist[k];
	if (seen >= rank) /* bucket 0's */
		return lat_bucket_ns(0);
	for (unsigned k = 0; k < p->st.lat_nr; k++) {
		seen += p->st.lat_hist[k];
		if (seen >= rank)
			return lat_bucket_ns(p->st.lat_lo + k);
	}
	return lat_bucket_ns(LAT_BUCKETS - 1);
}

/* EM power (µW) at the OPP of @khz, or 0 without an energy model. */
static void cpu_result(const struct capsim_sim *s, unsigned c, double dur_ns,
		       struct sim_cpu_result *r)
{
	const struct sim_rq *rq = &s->rq[c];
	int pi = platform_policy_of(s->plat, c);
	double fsum = 0, energy = 0;

	r->cpu = c;
	r->busy_pct = dur_ns > 0 ? 100.0 * (double)rq->busy_ns / dur_ns : 0;
	r->mean_actual_capacity = dur_ns > 0 ? (double)rq->cap_integral / dur_ns : 0;
	if (pi >= 0) {
		const struct platform_policy *pp = &s->plat->policies[pi];

		for (unsigned i = 0; i < pp->nr_opps; i++) {
			fsum += (double)rq->time_at_opp[i] * pp->opps[i].khz;
			energy += (double)rq->busy_at_opp[i] * 1e-9 *
				  (double)rq->em_power_at_opp[i] * 1e-6;
		}
	}
	r->mean_freq_khz = dur_ns > 0 ? fsum / dur_ns : 0;
	r->energy_j = energy;
	/* idle: sum over states k of power[k] [µW] x residency[k] [ns] (the exit latency is in
	 * the residency of the state left: the CPU is still in it) */
	energy = 0;
	if (s->plat->cpus[c].has_idle_power)
		for (unsigned k = 0; k <= s->plat->cpus[c].nr_idle; k++)
			energy += (double)rq->idle_ns[k] * 1e-9 *
				  (double)s->plat->cpus[c].idle_power_uw[k] * 1e-6;
	r->idle_energy_j = energy;
}

void sim_task_result(const struct capsim_sim *s, uint32_t i, struct sim_task_result *t)
{
	const struct sim_task *p = s->tasks[i];

	t->name = p->name;
	t->activations = p->st.activations;
	t->deadline_misses = p->st.deadline_misses;
	t->migrations = p->st.migrations;
	t->timer_events = p->st.timer_events;
	t->runtime_s = (double)p->st.runtime_ns * 1e-9;
	t->slack_mean_us = p->st.timer_events ?
			   (double)p->st.slack_sum_ns / (double)p->st.timer_events / 1e3 : 0;
	t->slack_min_us = (double)p->st.slack_min_ns / 1e3;
	t->lat_p50_us = (double)task_latency_percentile(p, 50) / 1e3;
	t->lat_p99_us = (double)task_latency_percentile(p, 99) / 1e3;
	t->util_avg_end = p->avg.util_avg;
	t->energy_j = (double)p->st.energy_fj * 1e-15;
	t->stats = &p->st;
}

int sim_result_totals(const struct capsim_sim *s, struct sim_result *r)
{
	double dur = (double)s->now;

	memset(r, 0, sizeof(*r));
	r->cpus = calloc(s->nr_cpus, sizeof(*r->cpus));
	if (!r->cpus)
		return CAPSIM_ERR_NOMEM;
	r->duration_s = dur * 1e-9;
	r->migrations = s->migrations;
	r->misfit_migrations = s->misfit_migrations;
	r->events = s->nr_events;
	r->overutilized_pct = dur > 0 ? 100.0 * (double)s->overutilized_ns / dur : 0;
	r->nr_cpus = s->nr_cpus;
	for (unsigned c = 0; c < s->nr_cpus; c++) {
		cpu_result(s, c, dur, &r->cpus[c]);
		r->energy_j += r->cpus[c].energy_j;
		r->idle_energy_j += r->cpus[c].idle_energy_j;
		r->has_idle_power |= s->plat->cpus[c].has_idle_power;
	}
	for (unsigned i = 0; i < s->plat->nr_policies; i++)
		if (s->pol[i].kthread)
			r->kthread_energy_j += (double)s->pol[i].kthread->st.energy_fj * 1e-15;
	return 0;
}

int sim_result_build(const struct capsim_sim *s, struct sim_result *r)
{
	if (sim_result_totals(s, r))
		return CAPSIM_ERR_NOMEM;
	r->tasks = calloc(s->nr_tasks ? s->nr_tasks : 1, sizeof(*r->tasks));
	if (!r->tasks) {
		sim_result_free(r);
		return CAPSIM_ERR_NOMEM;
	}
	r->nr_tasks = s->nr_tasks;
	for (uint32_t i = 0; i < s->nr_tasks; i++)
		sim_task_result(s, i, &r->tasks[i]);
	return 0;
}

void sim_result_free(struct sim_result *r)
{
	free(r->tasks);
	free(r->cpus);
	memset(r, 0, sizeof(*r));
}
