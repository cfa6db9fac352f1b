// SPDX-License-Identifier: MIT
/*
 * kernel_check.c - the differential harness of `make kernel-check`: for each group of kernel
 * functions, seeded generators write cases (random ones and edge kinds: zeros, maxima,
 * boundaries, pressure above capacity, boost, ...), the kernel's own code (kernel_side.c) and
 * capsim's counterpart (capsim_side.c) answer each, and the answers are compared field by
 * field. One line per group, "kernel-check: GROUP: N cases, M mismatches", then the total;
 * a mismatching case is printed as one JSON line (its inputs and both answers) that
 * `kernel-check --replay FILE` runs again. Exit status: 0 if every case matched, 1 if not,
 * 2 on bad usage or input.
 *
 * KERNEL_CHECK_SEED (default 1) and KERNEL_CHECK_CASES (cases per group, default 2000)
 * choose the run, KERNEL_CHECK_PRINT (default 10) how many mismatching cases of a group are
 * printed; case i of a group is generated from (seed, group, i) alone, with edge kind
 * i % (number of kinds), so a count covers every kind evenly and any case can be made again.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <json-c/json.h>

#include "capsim/capsim.h"
#include "kcase.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* --- fields: the JSON and comparison tables of kcase.h's field lists --------------------- */

struct kc_field {
	const char *name;
	size_t off;
	unsigned count;  /* 1 for a scalar */
	bool is_array;
	bool is_signed;
};

#define KC_FIELD_S(f) { #f, offsetof(KC_T, f), 1, false, false },
#define KC_FIELD_A(f, n) { #f, offsetof(KC_T, f), n, true, false },
#define KC_FIELD_I(f, n) { #f, offsetof(KC_T, f), n, true, true },
#define KC_TABLE(name)                                                                     \
	static const struct kc_field name##_fields[] = {                                   \
		KC_FIELDS_##name(KC_FIELD_S, KC_FIELD_A, KC_FIELD_I) { NULL, 0, 0, false, false } \
	};

#define KC_T struct kc_cpu_capacity_in
KC_TABLE(cpu_capacity_in)
#undef KC_T
#define KC_T struct kc_cpu_capacity_out
KC_TABLE(cpu_capacity_out)
#undef KC_T
#define KC_T struct kc_hw_pressure_in
KC_TABLE(hw_pressure_in)
#undef KC_T
#define KC_T struct kc_hw_pressure_out
KC_TABLE(hw_pressure_out)
#undef KC_T
#define KC_T struct kc_cpufreq_policy_in
KC_TABLE(cpufreq_policy_in)
#undef KC_T
#define KC_T struct kc_cpufreq_policy_out
KC_TABLE(cpufreq_policy_out)
#undef KC_T
#define KC_T struct kc_overutilized_in
KC_TABLE(overutilized_in)
#undef KC_T
#define KC_T struct kc_overutilized_out
KC_TABLE(overutilized_out)
#undef KC_T
#define KC_T struct kc_util_est_in
KC_TABLE(util_est_in)
#undef KC_T
#define KC_T struct kc_util_est_out
KC_TABLE(util_est_out)
#undef KC_T
#define KC_T struct kc_freq_invariance_in
KC_TABLE(freq_invariance_in)
#undef KC_T
#define KC_T struct kc_freq_invariance_out
KC_TABLE(freq_invariance_out)
#undef KC_T
#define KC_T struct kc_schedutil_in
KC_TABLE(schedutil_in)
#undef KC_T
#define KC_T struct kc_schedutil_out
KC_TABLE(schedutil_out)
#undef KC_T
#define KC_T struct kc_sugov_in
KC_TABLE(sugov_in)
#undef KC_T
#define KC_T struct kc_sugov_out
KC_TABLE(sugov_out)
#undef KC_T
#define KC_T struct kc_uclamp_in
KC_TABLE(uclamp_in)
#undef KC_T
#define KC_T struct kc_uclamp_out
KC_TABLE(uclamp_out)
#undef KC_T
#define KC_T struct kc_rt_placement_in
KC_TABLE(rt_placement_in)
#undef KC_T
#define KC_T struct kc_rt_placement_out
KC_TABLE(rt_placement_out)
#undef KC_T
#define KC_T struct kc_thermal_6_1_in
KC_TABLE(thermal_6_1_in)
#undef KC_T
#define KC_T struct kc_thermal_6_1_out
KC_TABLE(thermal_6_1_out)
#undef KC_T
#define KC_T struct kc_load_balance_in
KC_TABLE(load_balance_in)
#undef KC_T
#define KC_T struct kc_load_balance_out
KC_TABLE(load_balance_out)
#undef KC_T
#define KC_T struct kc_deadline_in
KC_TABLE(deadline_in)
#undef KC_T
#define KC_T struct kc_deadline_out
KC_TABLE(deadline_out)
#undef KC_T
/* cfs_6_1 */
#define KC_T struct kc_cfs_6_1_in
KC_TABLE(cfs_6_1_in)
#undef KC_T
#define KC_T struct kc_cfs_6_1_out
KC_TABLE(cfs_6_1_out)
#undef KC_T
/* sugov_6_1, util_est_6_1 */
#define KC_T struct kc_sugov_6_1_in
KC_TABLE(sugov_6_1_in)
#undef KC_T
#define KC_T struct kc_sugov_6_1_out
KC_TABLE(sugov_6_1_out)
#undef KC_T
#define KC_T struct kc_util_est_6_1_in
KC_TABLE(util_est_6_1_in)
#undef KC_T
#define KC_T struct kc_util_est_6_1_out
KC_TABLE(util_est_6_1_out)
#undef KC_T
#define KC_T struct kc_uclamp_tg_in
KC_TABLE(uclamp_tg_in)
#undef KC_T
#define KC_T struct kc_uclamp_tg_out
KC_TABLE(uclamp_tg_out)
#undef KC_T
#define KC_T struct kc_menu_in
KC_TABLE(menu_in)
#undef KC_T
#define KC_T struct kc_menu_out
KC_TABLE(menu_out)
#undef KC_T
#define KC_T struct kc_teo_in
KC_TABLE(teo_in)
#undef KC_T
#define KC_T struct kc_teo_out
KC_TABLE(teo_out)
#undef KC_T

/* eevdf */
#define KC_T struct kc_eevdf_in
KC_TABLE(eevdf_in)
#undef KC_T
#define KC_T struct kc_eevdf_out
KC_TABLE(eevdf_out)
#undef KC_T
#define KC_T struct kc_sched_domains_in
KC_TABLE(sched_domains_in)
#undef KC_T
#define KC_T struct kc_sched_domains_out
KC_TABLE(sched_domains_out)
#undef KC_T
#define KC_T struct kc_lb_walk_in
KC_TABLE(lb_walk_in)
#undef KC_T
#define KC_T struct kc_lb_walk_out
KC_TABLE(lb_walk_out)
#undef KC_T
#define KC_T struct kc_enqueue_task_fair_in
KC_TABLE(enqueue_task_fair_in)
#undef KC_T
#define KC_T struct kc_enqueue_task_fair_out
KC_TABLE(enqueue_task_fair_out)
#undef KC_T
#define KC_T struct kc_dequeue_task_fair_in
KC_TABLE(dequeue_task_fair_in)
#undef KC_T
#define KC_T struct kc_dequeue_task_fair_out
KC_TABLE(dequeue_task_fair_out)
#undef KC_T
#define KC_T struct kc_task_tick_fair_in
KC_TABLE(task_tick_fair_in)
#undef KC_T
#define KC_T struct kc_task_tick_fair_out
KC_TABLE(task_tick_fair_out)
#undef KC_T
#define KC_T struct kc_check_preempt_wakeup_fair_in
KC_TABLE(check_preempt_wakeup_fair_in)
#undef KC_T
#define KC_T struct kc_check_preempt_wakeup_fair_out
KC_TABLE(check_preempt_wakeup_fair_out)
#undef KC_T
#define KC_T struct kc_pick_next_task_fair_in
KC_TABLE(pick_next_task_fair_in)
#undef KC_T
#define KC_T struct kc_pick_next_task_fair_out
KC_TABLE(pick_next_task_fair_out)
#undef KC_T
#define KC_T struct kc_select_task_rq_fair_in
KC_TABLE(select_task_rq_fair_in)
#undef KC_T
#define KC_T struct kc_select_task_rq_fair_out
KC_TABLE(select_task_rq_fair_out)
#undef KC_T
#define KC_T struct kc_cooling_get_load_in
KC_TABLE(cooling_get_load_in)
#undef KC_T
#define KC_T struct kc_cooling_get_load_out
KC_TABLE(cooling_get_load_out)
#undef KC_T
#define KC_T struct kc_find_energy_efficient_cpu_in
KC_TABLE(find_energy_efficient_cpu_in)
#undef KC_T
#define KC_T struct kc_find_energy_efficient_cpu_out
KC_TABLE(find_energy_efficient_cpu_out)
#undef KC_T
#define KC_T struct kc_find_energy_efficient_cpu_6_1_in
KC_TABLE(find_energy_efficient_cpu_6_1_in)
#undef KC_T
#define KC_T struct kc_find_energy_efficient_cpu_6_1_out
KC_TABLE(find_energy_efficient_cpu_6_1_out)
#undef KC_T
#define KC_T struct kc_sched_balance_newidle_in
KC_TABLE(sched_balance_newidle_in)
#undef KC_T
#define KC_T struct kc_sched_balance_newidle_out
KC_TABLE(sched_balance_newidle_out)
#undef KC_T
#define KC_T struct kc_sched_tick_idle_in
KC_TABLE(sched_tick_idle_in)
#undef KC_T
#define KC_T struct kc_sched_tick_idle_out
KC_TABLE(sched_tick_idle_out)
#undef KC_T
#define KC_T struct kc_fork_in
KC_TABLE(fork_in)
#undef KC_T
#define KC_T struct kc_fork_out
KC_TABLE(fork_out)
#undef KC_T
#define KC_T struct kc_update_misfit_status_in
KC_TABLE(update_misfit_status_in)
#undef KC_T
#define KC_T struct kc_update_misfit_status_out
KC_TABLE(update_misfit_status_out)
#undef KC_T
#define KC_T struct kc_migrate_task_rq_fair_in
KC_TABLE(migrate_task_rq_fair_in)
#undef KC_T
#define KC_T struct kc_migrate_task_rq_fair_out
KC_TABLE(migrate_task_rq_fair_out)
#undef KC_T

static uint64_t *field_at(void *base, const struct kc_field *f)
{
	return (uint64_t *)((char *)base + f->off);
}

/* --- the seeded generator ------------------------------------------------------------------ */

struct rng {
	uint64_t s;
};

/* splitmix64: every case from its own seed */
static uint64_t rnd(struct rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* uniform in [lo, hi] */
static uint64_t range(struct rng *r, uint64_t lo, uint64_t hi)
{
	if (hi <= lo)
		return lo;
	if (hi - lo == UINT64_MAX)
		return rnd(r);
	return lo + rnd(r) % (hi - lo + 1);
}

static bool chance(struct rng *r, unsigned pct)
{
	return rnd(r) % 100 < pct;
}

/* [lo, hi], with the bounds and their neighbours a third of the time */
static uint64_t edgy(struct rng *r, uint64_t lo, uint64_t hi)
{
	switch (rnd(r) % 9) {
	case 0:
		return lo;
	case 1:
		return hi;
	case 2:
		return lo < hi ? lo + 1 : lo;
	default:
		return range(r, lo, hi);
	}
}

/* a CPU capacity: 1024, 1, or any in between */
static uint64_t gen_cap(struct rng *r)
{
	switch (rnd(r) % 6) {
	case 0:
		return 1024;
	case 1:
		return range(r, 1, 8);
	default:
		return range(r, 100, 1024);
	}
}

/* --- generators, one per group ------------------------------------------------------------- */

static const char *const cpu_capacity_kinds[] = {
	"random", "zero", "saturated", "pressure_above_cap", "tiny_free", "huge",
};

static void gen_cpu_capacity(struct rng *r, unsigned kind, void *v)
{
	struct kc_cpu_capacity_in *in = v;

	in->nr_cpus = range(r, 1, KC_MAX_CPUS);
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		uint64_t cap = in->arch_cap[c] = gen_cap(r), p;

		switch (kind) {
		case 0:
			in->hw_load_avg[c] = range(r, 0, cap);
			in->cpufreq_pressure[c] = range(r, 0, cap);
			in->util_irq[c] = range(r, 0, cap / 4);
			in->util_rt[c] = range(r, 0, cap / 2);
			in->util_dl[c] = range(r, 0, cap / 4);
			break;
		case 1:
			break;
		case 2: /* irq >= max, rt + dl >= max, at the boundary */
			p = range(r, 0, cap);
			in->hw_load_avg[c] = chance(r, 50) ? p : 0;
			in->cpufreq_pressure[c] = chance(r, 50) ? p : 0;
			cap -= in->hw_load_avg[c] > in->cpufreq_pressure[c] ? in->hw_load_avg[c]
									      : in->cpufreq_pressure[c];
			in->util_irq[c] = chance(r, 50) ? edgy(r, cap > 0 ? cap - 1 : 0, cap + 1) : 0;
			in->util_rt[c] = range(r, 0, cap + 1);
			p = in->util_rt[c] <= cap ? cap - in->util_rt[c] : 0; /* rt + dl = cap +- 1 */
			in->util_dl[c] = edgy(r, p ? p - 1 : 0, p + 1);
			break;
		case 3: /* unsigned wrap of arch - pressure */
			in->hw_load_avg[c] = range(r, cap, cap + 64);
			in->cpufreq_pressure[c] = range(r, 0, cap + 64);
			in->util_irq[c] = range(r, 0, 64);
			in->util_rt[c] = range(r, 0, 64);
			break;
		case 4: /* free * (max - irq) / max rounds to 0: capacity 1 */
			in->cpufreq_pressure[c] = range(r, 0, cap);
			p = cap - in->cpufreq_pressure[c];
			in->util_irq[c] = p ? range(r, p > 2 ? p - 2 : 0, p - 1) : 0;
			in->util_rt[c] = p ? range(r, p > 3 ? p - 3 : 0, p - 1) : 0;
			break;
		default: /* near 2^64: the kernel's unsigned long arithmetic wraps */
			in->arch_cap[c] = 1024;
			in->hw_load_avg[c] = chance(r, 50) ? UINT64_MAX - range(r, 0, 2048) : 0;
			in->util_irq[c] = chance(r, 30) ? UINT64_MAX - range(r, 0, 2048) : 0;
			in->util_rt[c] = chance(r, 30) ? UINT64_MAX / range(r, 1, 4) : range(r, 0, 9);
			in->util_dl[c] = chance(r, 30) ? UINT64_MAX / range(r, 1, 4) : range(r, 0, 9);
			break;
		}
	}
}

static const char *const hw_pressure_kinds[] = {
	"random", "boost", "deep", "no_ref", "long_gaps", "sub_us", "unequal_caps",
};

/* The time between two steps of a pressure sequence (hw_pressure, thermal_6_1): mostly a
 * HZ=250 tick; kind 4 (long_gaps) adds gaps past 2^31 ns and near 2^52 (the decay's limits),
 * kind 5 (sub_us) stays inside one PELT period segment. */
static uint64_t gen_pressure_dt(struct rng *r, unsigned kind)
{
	uint64_t dt = chance(r, 80) ? 4000000 : range(r, 0, 20000000);

	if (kind == 4 && chance(r, 20))
		dt = chance(r, 50) ? range(r, 1ULL << 31, 1ULL << 42) : (1ULL << 52) * range(r, 1, 3);
	if (kind == 5)
		dt = range(r, 0, 2047);
	return dt;
}

static void gen_hw_pressure(struct rng *r, unsigned kind, void *v)
{
	struct kc_hw_pressure_in *in = v;
	uint64_t cap = gen_cap(r), ref = range(r, 200000, 3200000);

	in->nr_cpus = range(r, 1, 4);
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		in->arch_cap[c] = kind == 6 ? gen_cap(r) : cap;
		in->freq_ref[c] = kind == 3 ? 0 : ref;
		in->cpufreq_pressure[c] = chance(r, 30) ? range(r, 0, in->arch_cap[c]) : 0;
	}
	in->nr_steps = range(r, 1, KC_MAX_STEPS);
	for (unsigned i = 0; i < in->nr_steps; i++) {
		in->dt[i] = gen_pressure_dt(r, kind);
		in->set_cap[i] = i == 0 || chance(r, 15);
		switch (kind) {
		case 1:
			in->capped_khz[i] = edgy(r, ref - 1, ref + 100000);
			break;
		case 2:
			in->capped_khz[i] = edgy(r, 0, 1000);
			break;
		default:
			in->capped_khz[i] = edgy(r, 0, ref + 100000);
			break;
		}
	}
}

static const char *const cpufreq_policy_kinds[] = {
	"random", "turbo", "between_opps", "no_ref", "ref_off_max", "efficiencies",
	"extremes", "unequal_caps",
};

/* A request value: an OPP, between two, below, above, 0 or S32_MAX. */
static uint64_t gen_request(struct rng *r, const struct kc_cpufreq_policy_in *in, bool extremes)
{
	unsigned i = (unsigned)range(r, 0, in->nr_opps - 1);

	switch (rnd(r) % (extremes ? 8 : 5)) {
	case 0:
	case 1:
		return in->opp_khz[i];
	case 2:
		return i + 1 < in->nr_opps ? range(r, in->opp_khz[i] + 1, in->opp_khz[i + 1] - 1)
					   : in->opp_khz[i] + range(r, 1, 500000);
	case 3:
		return range(r, 0, in->opp_khz[0]);
	case 4:
		return range(r, in->opp_khz[0], in->opp_khz[in->nr_opps - 1] + 500000);
	case 5:
		return 0;
	case 6:
		return INT32_MAX;
	default:
		return in->opp_khz[i] + (chance(r, 50) ? 1 : -1);
	}
}

static void gen_cpufreq_policy(struct rng *r, unsigned kind, void *v)
{
	struct kc_cpufreq_policy_in *in = v;
	uint64_t cap = gen_cap(r), f = range(r, 10000, 600000), max_regular;
	unsigned turbo_from;

	in->nr_cpus = range(r, 1, 4);
	in->nr_opps = range(r, 1, KC_MAX_OPPS);
	for (unsigned i = 0; i < in->nr_opps; i++) {
		in->opp_khz[i] = f;
		f += chance(r, 10) ? 1 : range(r, 1000, 400000);
		in->opp_inefficient[i] = (kind == 5 || kind == 0) && chance(r, 30);
	}
	in->efficiencies = (kind == 5 || kind == 0) && chance(r, 70);
	/* turbo OPPs: usually the top ones; at least one OPP is not (capsim refuses that) */
	turbo_from = (unsigned)range(r, 1, in->nr_opps);
	for (unsigned i = 0; i < in->nr_opps; i++)
		in->opp_turbo[i] = (kind == 1 || chance(r, 20)) &&
				   (i >= turbo_from || (kind == 1 && i > 0 && chance(r, 20)));
	max_regular = in->opp_khz[0];
	for (unsigned i = 0; i < in->nr_opps; i++)
		if (!in->opp_turbo[i])
			max_regular = in->opp_khz[i];
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		in->arch_cap[c] = kind == 7 ? gen_cap(r) : cap;
		/* capacity_freq_ref: cpuinfo.max_freq at boot (arch_topology) */
		in->freq_ref[c] = kind == 3 ? 0 : max_regular;
		if (kind == 4)
			in->freq_ref[c] = chance(r, 50) ? range(r, 1, max_regular)
							: range(r, max_regular, 4 * max_regular);
	}
	if (kind == 4)
		for (unsigned c = 1; c < in->nr_cpus; c++)
			in->freq_ref[c] = in->freq_ref[0];
	in->nr_ops = range(r, 0, KC_MAX_STEPS);
	for (unsigned i = 0; i < in->nr_ops; i++) {
		in->op[i] = range(r, 0, KC_NR_OPS - 1);
		if (kind != 1 && (in->op[i] == KC_OP_BOOST_ON || in->op[i] == KC_OP_BOOST_OFF) &&
		    chance(r, 70))
			in->op[i] = KC_OP_USER_MAX;
		in->op_khz[i] = gen_request(r, in, kind == 6);
	}
	in->nr_targets = range(r, 1, KC_MAX_QUERIES);
	for (unsigned i = 0; i < in->nr_targets; i++)
		in->target_khz[i] = gen_request(r, in, true);
}

static const char *const overutilized_kinds[] = {
	"random", "uclamp_off", "boosted", "capped", "max_cap", "pressure", "boundaries",
	"min_above_max",
};

static void gen_overutilized(struct rng *r, unsigned kind, void *v)
{
	struct kc_overutilized_in *in = v;

	in->nr_cpus = range(r, 1, KC_MAX_CPUS);
	in->uclamp_used = kind != 1 && (kind != 0 || chance(r, 70));
	in->eas = chance(r, 80);
	in->rd_overutilized = chance(r, 30);
	in->check_cpu = range(r, 0, in->nr_cpus - 1);
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		uint64_t cap = in->arch_cap[c] = kind == 4 ? 1024 : gen_cap(r);

		in->capacity_of[c] = range(r, 1, cap);
		in->util_cfs[c] = range(r, 0, cap);
		in->util_est_cfs[c] = chance(r, 50) ? range(r, 0, cap + 200) : 0;
		if (kind == 6) /* util * 1280 against capacity_of * 1024, one either side */
			in->util_cfs[c] = edgy(r, in->capacity_of[c] * 4 / 5 - 1,
					       in->capacity_of[c] * 4 / 5 + 1);
		in->hw_load_avg[c] = chance(r, 50) ? range(r, 0, kind == 5 ? cap + 10 : cap / 2) : 0;
		in->cpufreq_pressure[c] = chance(r, 50) ? range(r, 0, kind == 5 ? cap + 10 : cap / 2)
							: 0;
		in->uclamp_min_rq[c] = chance(r, 40) ? edgy(r, 0, 1024) : 0;
		in->uclamp_max_rq[c] = chance(r, 40) ? edgy(r, 0, 1024) : 1024;
	}
	in->nr_queries = range(r, 1, KC_MAX_QUERIES);
	for (unsigned i = 0; i < in->nr_queries; i++) {
		unsigned c = (unsigned)range(r, 0, in->nr_cpus - 1);
		uint64_t cap = in->arch_cap[c];

		in->q_cpu[i] = c;
		in->q_util[i] = range(r, 0, cap);
		in->q_uclamp_min[i] = edgy(r, 0, 1024);
		in->q_uclamp_max[i] = chance(r, 50) ? 1024 : edgy(r, 0, 1024);
		switch (kind) {
		case 2:
			in->q_uclamp_min[i] = range(r, in->q_util[i], 1024);
			break;
		case 3:
			in->q_uclamp_max[i] = edgy(r, cap > 0 ? cap - 1 : 0, cap + 1);
			break;
		case 4:
			in->q_uclamp_max[i] = edgy(r, 1023, 1024);
			break;
		case 6:
			in->q_util[i] = edgy(r, in->capacity_of[c] * 4 / 5 - 1,
					     in->capacity_of[c] * 4 / 5 + 1);
			break;
		case 7:
			in->q_uclamp_max[i] = range(r, 0, in->q_uclamp_min[i]);
			break;
		default:
			break;
		}
	}
}

static const char *const util_est_kinds[] = {
	"random", "margin", "above_cap", "runnable_wait", "unchanged", "u32_edges", "rises",
};

static void gen_util_est(struct rng *r, unsigned kind, void *v)
{
	struct kc_util_est_in *in = v;
	uint64_t ewma;

	in->arch_cap = gen_cap(r);
	in->cfs_util_est = chance(r, 50) ? range(r, 0, 2048) : 0;
	in->util_est = range(r, 0, 1024) | (chance(r, 50) ? 0x80000000u : 0);
	if (kind == 5) {
		in->cfs_util_est = UINT32_MAX - range(r, 0, 2048);
		in->util_est = chance(r, 50) ? 0x7fffffffu - range(r, 0, 64) : UINT32_MAX;
	}
	in->nr_steps = range(r, 1, KC_MAX_STEPS);
	ewma = in->util_est & 0x7fffffffu;
	for (unsigned i = 0; i < in->nr_steps; i++) {
		uint64_t u = range(r, 0, in->arch_cap + 100);

		switch (kind) {
		case 1: /* ~1% of SCHED_CAPACITY_SCALE: 10 */
			u = ewma > 12 ? ewma - range(r, 8, 12) : ewma;
			break;
		case 2:
			u = range(r, in->arch_cap, in->arch_cap + 64);
			break;
		case 5:
			u = chance(r, 50) ? range(r, 1ULL << 31, (1ULL << 32) + 5) : u;
			break;
		case 6:
			u = ewma + range(r, 0, 50);
			break;
		default:
			break;
		}
		in->util[i] = u;
		in->runnable[i] = kind == 3 ? u + range(r, 9, 12) : range(r, u > 5 ? u - 5 : 0, u + 30);
		in->pelt_updated[i] = kind == 4 ? chance(r, 20) : chance(r, 85);
		in->task_sleep[i] = chance(r, 85);
		ewma = u;
	}
}

static const char *const freq_invariance_kinds[] = {
	"random", "boost", "zero", "saturated", "sub_us", "long_idle", "weights", "amu",
	"amu_edges",
};

/* arch timer rates: Qualcomm's 19.2 MHz, the common 24 MHz, capsim's engine's 1 GHz */
static const uint64_t timer_rates[] = { 19200000, 24000000, 1000000000 };

/* sched_prio_to_weight[] entries, and SCHED_IDLE's 3 */
static const uint64_t nice_weights[] = { 88761, 9548, 1024, 110, 15, 3 };

/*
 * The AMU's counters over the steps: outside idle, the core counter runs at the delivered
 * frequency (the last cur_khz set, or freq_ref, under a random HW cap) and the constant one at
 * the timer rate. Edges: a counter that stalls or goes back, a timer too slow for the ratio
 * (freq_inv_set_max_ratio() gives up), no freq_ref.
 */
static void gen_amu_counters(struct rng *r, bool edges, struct kc_freq_invariance_in *in)
{
	uint64_t core = range(r, 0, 1ULL << 40), cnst = range(r, 0, 1ULL << 40);
	uint64_t cur = in->freq_ref;

	in->amu = 1;
	in->const_rate = timer_rates[range(r, 0, ARRAY_SIZE(timer_rates) - 1)];
	if (edges && chance(r, 30))
		in->const_rate = chance(r, 50) ? 0 : range(r, 1, 4000);
	if (edges && chance(r, 20))
		in->freq_ref = 0;
	for (unsigned i = 0; i < in->nr_steps; i++) {
		uint64_t f;

		if (in->set_freq[i])
			cur = in->cur_khz[i];
		f = chance(r, 40) ? range(r, 0, cur) : cur; /* a HW cap below the request */
		if (!in->idle[i]) {
			core += f * in->dt[i] / 1000000; /* kHz x ns */
			cnst += in->const_rate * in->dt[i] / 1000000000;
		}
		if (edges && chance(r, 15))
			core -= range(r, 0, 1000);
		if (edges && chance(r, 15))
			cnst -= range(r, 0, 1000);
		in->tick[i] = chance(r, edges ? 70 : 50);
		in->core_cnt[i] = core;
		in->const_cnt[i] = cnst;
	}
}

static void gen_freq_invariance(struct rng *r, unsigned kind, void *v)
{
	struct kc_freq_invariance_in *in = v;

	in->nr_cpus = range(r, 1, 4);
	for (unsigned c = 0; c < in->nr_cpus; c++)
		in->arch_cap[c] = gen_cap(r);
	in->freq_ref = kind == 2 && chance(r, 50) ? 0 : range(r, 300000, 3200000);
	in->weight = kind == 6 ? nice_weights[range(r, 0, ARRAY_SIZE(nice_weights) - 1)] : 1024;
	in->hw_pressure = chance(r, 50) ? range(r, 0, in->arch_cap[0]) : 0;
	in->nr_steps = range(r, 1, KC_MAX_STEPS);
	for (unsigned i = 0; i < in->nr_steps; i++) {
		in->set_freq[i] = chance(r, 30);
		in->cur_khz[i] = range(r, in->freq_ref / 8, in->freq_ref);
		if (kind == 1)
			in->cur_khz[i] = range(r, in->freq_ref, in->freq_ref + in->freq_ref / 4);
		if (kind == 2 && chance(r, 30))
			in->cur_khz[i] = 0;
		in->dt[i] = range(r, 0, 8000000);
		if (kind == 4)
			in->dt[i] = range(r, 0, 3000);
		if (kind == 5 && chance(r, 20))
			in->dt[i] = range(r, 1ULL << 30, 1ULL << 36);
		in->on_rq[i] = kind == 3 || chance(r, 60);
		in->running[i] = in->on_rq[i] && (kind == 3 || chance(r, 60));
		in->idle[i] = kind != 3 && !in->running[i] && chance(r, 50);
		in->go_idle[i] = chance(r, kind == 3 ? 30 : 10);
		/* update_idle_rq_clock_pelt()'s bound ((LOAD_AVG_MAX - 1024) << 10) - LOAD_AVG_MAX */
		in->util_sum_total[i] = kind == 3 ? edgy(r, 47791490 - 1, 47791490 + 1)
						  : range(r, 0, 2 * 47791490);
		in->rt_running[i] = chance(r, 20);
		in->blocked[i] = !in->on_rq[i] && chance(r, 50);
		in->set_flag[i] = chance(r, 20);
	}
	if (kind >= 7)
		gen_amu_counters(r, kind == 8, in);
}

static const char *const schedutil_kinds[] = {
	"random", "rate_limit", "limits", "steady", "efficiencies", "no_ref", "uclamp", "irq_dl",
	"rt_no_uclamp",
};

static void gen_schedutil(struct rng *r, unsigned kind, void *v)
{
	struct kc_schedutil_in *in = v;
	uint64_t f = range(r, 100000, 600000), cap = gen_cap(r);
	unsigned lo, hi;

	in->nr_cpus = range(r, 1, 4);
	in->uclamp_used = kind == 6 || (kind != 8 && chance(r, 30));
	in->nr_opps = range(r, 1, KC_MAX_OPPS);
	for (unsigned i = 0; i < in->nr_opps; i++) {
		in->opp_khz[i] = f;
		f += range(r, 1000, 300000);
		in->opp_inefficient[i] = (kind == 4 || kind == 0) && chance(r, 30);
	}
	in->efficiencies = (kind == 4 || kind == 0) && chance(r, 70);
	lo = (unsigned)range(r, 0, in->nr_opps - 1);
	hi = (unsigned)range(r, lo, in->nr_opps - 1);
	if (chance(r, 50)) {
		lo = 0;
		hi = (unsigned)in->nr_opps - 1;
	}
	in->policy_min = in->opp_khz[lo];
	in->policy_max = in->opp_khz[hi];
	in->freq_ref = kind == 5 ? 0 : in->opp_khz[in->nr_opps - 1];
	in->rate_limit_us = kind == 1 ? range(r, 0, 2000) : 1000 * range(r, 0, 2);
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		in->arch_cap[c] = cap;
		in->util_cfs[c] = range(r, 0, cap);
		in->runnable_cfs[c] = range(r, 0, cap + 100);
		in->util_est_cfs[c] = chance(r, 50) ? range(r, 0, cap) : 0;
		in->util_rt[c] = chance(r, 30) ? range(r, 0, cap) : 0;
		in->util_dl[c] = chance(r, 20) ? range(r, 0, cap / 2) : 0;
		in->util_irq[c] = chance(r, kind == 7 ? 80 : 20) ? edgy(r, 0, cap + 1) : 0;
		in->dl_running_bw[c] = chance(r, kind == 7 ? 80 : 10) ? range(r, 0, 1 << 20) : 0;
		in->uclamp_min_rq[c] = in->uclamp_used && chance(r, 50) ? edgy(r, 0, 1024) : 0;
		in->uclamp_max_rq[c] = in->uclamp_used && chance(r, 50) ? edgy(r, 0, 1024) : 1024;
		in->rt_runnable[c] = chance(r, kind == 8 ? 60 : 10);
	}
	in->nr_steps = range(r, 1, KC_MAX_STEPS);
	for (unsigned i = 0; i < in->nr_steps; i++) {
		uint64_t delay = in->rate_limit_us * 1000;

		in->dt[i] = range(r, 0, 3000000);
		if (kind == 1)
			in->dt[i] = edgy(r, delay > 0 ? delay - 1 : 0, delay + 1);
		in->limits_changed[i] = chance(r, kind == 2 ? 40 : 5);
		in->cpu[i] = range(r, 0, in->nr_cpus - 1);
		in->new_util[i] = kind == 3 ? in->util_cfs[in->cpu[i]] : range(r, 0, cap);
	}
}

static const char *const sugov_kinds[] = {
	"random", "single", "iowait", "iowait_ticks", "kthread", "limits", "hold", "capped",
	"latency",
};

/*
 * sugov: the hooks over event sequences. Kinds: single (one CPU: sugov_update_single_freq and
 * sugov_hold_freq), iowait (frequent iowait wake-ups: the boost doubles), iowait_ticks (gaps
 * about a tick long: sugov_iowait_reset), kthread (no fast switch, the work sometimes late),
 * limits (sugov_limits often, both switching kinds), hold (a busy single CPU lowering its
 * util), capped (uclamp_max at or below the util), latency (transition latencies and delays
 * at their edges: cpufreq_policy_transition_delay_us).
 */
static void gen_sugov(struct rng *r, unsigned kind, void *v)
{
	static const uint64_t ticks[] = { 10000000, 4000000, 3333333, 1000000 };
	struct kc_sugov_in *in = v;
	uint64_t f = range(r, 100000, 600000), cap = gen_cap(r);

	in->nr_cpus = kind == 1 || kind == 6 || kind == 7 ? 1 : range(r, 1, 4);
	in->uclamp_used = kind == 7 || chance(r, 30);
	in->nr_opps = range(r, 1, KC_MAX_OPPS);
	for (unsigned i = 0; i < in->nr_opps; i++, f += range(r, 1000, 300000))
		in->opp_khz[i] = f;
	in->policy_min = in->opp_khz[0];
	in->policy_max = in->opp_khz[in->nr_opps - 1];
	in->freq_ref = chance(r, 10) ? 0 : in->policy_max;
	in->transition_latency_ns = chance(r, 30) ? 0 : range(r, 0, 2000000);
	if (kind == 8)
		in->transition_latency_ns = edgy(r, 0, 2000);
	in->transition_delay_us = chance(r, kind == 8 ? 50 : 10) ? range(r, 0, 3000) : 0;
	in->fast_switch = kind == 4 ? 0 : chance(r, 50);
	in->tick_nsec = ticks[range(r, 0, 3)];
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		in->arch_cap[c] = cap;
		in->util_cfs[c] = range(r, 0, cap);
		in->util_rt[c] = chance(r, 20) ? range(r, 0, cap) : 0;
		in->uclamp_min_rq[c] = in->uclamp_used && chance(r, 30) ? edgy(r, 0, 1024) : 0;
		in->uclamp_max_rq[c] = in->uclamp_used && chance(r, kind == 7 ? 80 : 30)
					       ? edgy(r, 0, 1024) : 1024;
	}
	in->nr_steps = range(r, 1, KC_MAX_STEPS);
	for (unsigned i = 0; i < in->nr_steps; i++) {
		in->dt[i] = range(r, 0, 3000000);
		if (kind == 2)
			in->dt[i] = range(r, 0, in->tick_nsec / 2);
		if (kind == 3)
			in->dt[i] = edgy(r, in->tick_nsec - 1, in->tick_nsec + 1);
		in->cpu[i] = range(r, 0, in->nr_cpus - 1);
		in->new_util[i] = kind == 6 && i ? (in->new_util[i - 1] * 9) / 10 : range(r, 0, cap);
		in->new_uclamp_max[i] = in->uclamp_used && chance(r, 20) ? edgy(r, 0, 1024) : 0;
		in->iowait[i] = chance(r, kind == 2 || kind == 3 ? 80 : 20);
		in->idled[i] = chance(r, kind == 6 ? 10 : 50);
		if (chance(r, kind == 5 ? 40 : 5)) {
			unsigned lo = (unsigned)range(r, 0, in->nr_opps - 1);
			unsigned hi = (unsigned)range(r, lo, in->nr_opps - 1);

			in->new_min[i] = in->opp_khz[lo];
			in->new_max[i] = in->opp_khz[hi];
		}
		in->work_runs[i] = chance(r, kind == 4 ? 50 : 80);
	}
}

/* --- groups -------------------------------------------------------------------------------- */

static const char *const uclamp_kinds[] = {
	"random", "one_bucket", "system_defaults", "late_key", "rt_defaults", "setattr",
};

/* a clamp value: anywhere, at a bucket edge (205, 410, 615, 820 and one below), or in one bucket */
static int64_t gen_clamp(struct rng *r, unsigned kind)
{
	int64_t edge;

	if (kind == 1) /* values that share bucket 2, or bucket 4 */
		return chance(r, 50) ? (int64_t)range(r, 410, 614) : (int64_t)range(r, 820, 1024);
	if (!chance(r, 30))
		return (int64_t)range(r, 0, 1024);
	edge = 205 * (int64_t)range(r, 1, 5) - (int64_t)range(r, 0, 1);
	return edge > 1024 ? 1024 : edge;
}

static void gen_uclamp(struct rng *r, unsigned kind, void *v)
{
	struct kc_uclamp_in *in = v;
	bool queued[KC_MAX_QUERIES] = { false };

	in->sys_min = in->sys_max = in->sys_min_rt = 1024;
	if (kind == 2 || chance(r, 10)) {
		in->sys_max = range(r, 0, 1024);
		in->sys_min = range(r, 0, in->sys_max);
	}
	if (kind == 4 || chance(r, 10))
		in->sys_min_rt = range(r, 0, 1024);
	in->used_from = kind == 3 ? range(r, 1, 12) : 0;
	in->nr_tasks = range(r, 1, KC_MAX_QUERIES);
	for (unsigned i = 0; i < in->nr_tasks; i++) {
		int64_t mn = chance(r, 60) ? gen_clamp(r, kind) : -1;
		int64_t mx = chance(r, 50) ? gen_clamp(r, kind) : -1;

		if (mn >= 0 && mx >= 0 && mn > mx) { /* uclamp_validate() */
			int64_t t = mn;

			mn = mx;
			mx = t;
		}
		in->rt[i] = kind == 4 ? chance(r, 70) : chance(r, 20);
		in->req_min[i] = (uint64_t)mn;
		in->req_max[i] = (uint64_t)mx;
	}
	in->nr_steps = range(r, 1, KC_MAX_STEPS);
	for (unsigned i = 0; i < in->nr_steps; i++) {
		unsigned t = (unsigned)range(r, 0, in->nr_tasks - 1);

		in->task[i] = t;
		in->new_min[i] = in->new_max[i] = (uint64_t)-1;
		if (!queued[t]) {
			in->op[i] = KC_UC_ENQUEUE;
		} else if (chance(r, kind == 5 ? 50 : 15)) {
			int64_t mn = chance(r, 70) ? gen_clamp(r, kind) : -1;
			int64_t mx = chance(r, 50) ? gen_clamp(r, kind) : -1;

			/* keep min <= max against the kept request too: only one side changes */
			if (mn >= 0 && mx >= 0 && mn > mx)
				mn = mx;
			in->op[i] = KC_UC_SETATTR;
			in->new_min[i] = (uint64_t)mn;
			in->new_max[i] = (uint64_t)mx;
		} else {
			in->op[i] = KC_UC_DEQUEUE;
		}
		if (in->op[i] != KC_UC_SETATTR)
			queued[t] = !queued[t];
	}
}

static const char *const rt_placement_kinds[] = {
	"random", "prev_higher_rt", "prev_equal_rt", "prev_lower_rt_pinned", "prev_cfs",
	"prev_idle", "no_fit", "all_higher_rt", "all_equal", "prev_not_allowed", "single_allowed",
	"single_cpu", "uclamp_min_gt_max", "uclamp_boundary", "dl_cpus", "stale_cpupri",
	"cluster_domains", "distribute_wrap", "symmetric", "domain_flags", "pending_preempt",
};

/* an RT prio: often one of a few values (ties), else any of 0..98 */
static uint64_t gen_rt_prio(struct rng *r)
{
	static const uint64_t picks[] = { 0, 1, 10, 49, 50, 89, 97, 98 };

	return chance(r, 45) ? picks[rnd(r) % ARRAY_SIZE(picks)] : range(r, 0, 98);
}

/* a random non-empty subset of the first @nr CPUs */
static uint64_t gen_cpus(struct rng *r, uint64_t nr)
{
	uint64_t m = rnd(r) & ((1ULL << nr) - 1);

	return m ? m : 1ULL << range(r, 0, nr - 1);
}

/* one cpupri_set(@cpu, @prio) call, after the others */
static void rt_call(struct kc_rt_placement_in *in, uint64_t cpu, int64_t prio)
{
	in->call_cpu[in->nr_calls] = cpu;
	in->call_prio[in->nr_calls++] = (uint64_t)prio;
}

/*
 * A machine of 1..8 CPUs in 1..3 clusters of ascending capacity; each CPU idle (30 %), CFS
 * (35 %), RT (30 %) or DL (5 %), with the cpupri_set() calls that would have left its level
 * (an older one first, sometimes; DL's CPUPRI_HIGHER before or after); the waking task's
 * priority, clamps, affinity and prev; prev's domains; the waker and its cursor.
 */
static void gen_rt_placement(struct rng *r, unsigned kind, void *v)
{
	struct kc_rt_placement_in *in = v;
	uint64_t nr = in->nr_cpus = kind == 11 ? 1 : range(r, 1, KC_MAX_CPUS);
	uint64_t all = (1ULL << nr) - 1, nr_clusters = range(r, 1, nr < 3 ? nr : 3), prev;
	uint64_t cluster_of[KC_MAX_CPUS], cap[3], order[KC_MAX_CPUS];
	bool dl_after_rt[KC_MAX_CPUS] = { false };

	/* clusters of ascending capacity, the last one 1024: the DT's capacity-dmips-mhz */
	cap[nr_clusters - 1] = 1024;
	for (int k = (int)nr_clusters - 2; k >= 0; k--)
		cap[k] = range(r, 1, cap[k + 1]);
	for (unsigned c = 0; c < nr; c++) {
		cluster_of[c] = kind == 18 ? 0 : c * nr_clusters / nr;
		in->arch_cap[c] = cap[kind == 18 ? nr_clusters - 1 : cluster_of[c]];
	}
	/* sched_asym_cpucapacity: some CPUs differ (build_sched_domains()) */
	for (unsigned c = 1; c < nr; c++)
		in->asym |= in->arch_cap[c] != in->arch_cap[0];

	in->prio = gen_rt_prio(r);
	for (unsigned c = 0; c < nr; c++) {
		unsigned what = (unsigned)range(r, 0, 99);
		int64_t cp;

		if (kind == 7)
			what = 70; /* RT below */
		if (kind == 14 && chance(r, 30))
			what = 96; /* DL below */
		if (kind == 8)
			what = chance(r, 50) ? 0 : 70;
		if (what < 30) { /* idle */
			cp = 120;
			in->curr_nr_cpus_allowed[c] = 1;
			in->rt_highest_prio[c] = 99;
		} else if (what < 65) { /* CFS */
			cp = chance(r, 60) ? 120 : (int64_t)range(r, 100, 139);
			in->curr_nr_cpus_allowed[c] = chance(r, 70) ? nr : range(r, 1, nr);
			in->rt_highest_prio[c] = chance(r, 10) ? gen_rt_prio(r) : 99; /* RT throttled */
		} else if (what < 95) { /* RT */
			cp = (int64_t)gen_rt_prio(r);
			if (kind == 7)
				cp = (int64_t)range(r, 0, in->prio);
			if (kind == 8)
				cp = (int64_t)in->prio;
			in->curr_nr_cpus_allowed[c] = chance(r, 70) ? nr : chance(r, 50) ? 1 : range(r, 1, nr);
			in->rt_highest_prio[c] = (uint64_t)cp;
			if (kind == 20 || chance(r, 10)) /* a higher RT task queued, not yet running */
				in->rt_highest_prio[c] = range(r, 0, (uint64_t)cp);
		} else { /* DL */
			cp = -1;
			in->curr_nr_cpus_allowed[c] = range(r, 1, nr);
			in->rt_highest_prio[c] = chance(r, 50) ? gen_rt_prio(r) : 99;
		}
		if (kind == 8 && what == 0)
			cp = 120;
		in->curr_prio[c] = (uint64_t)cp;
		dl_after_rt[c] = cp == -1 || (kind == 14 && chance(r, 40));
	}

	/* cpupri_set(): earlier values first, then each CPU's current one, CPUs in random order */
	for (unsigned c = 0; c < nr; c++)
		order[c] = c;
	for (unsigned c = (unsigned)nr; c > 1; c--) {
		unsigned j = (unsigned)range(r, 0, c - 1);
		uint64_t t = order[c - 1];

		order[c - 1] = order[j];
		order[j] = t;
	}
	for (unsigned i = 0; i < nr; i++) {
		uint64_t c = order[i];
		int64_t now = (int64_t)in->rt_highest_prio[c];

		if (chance(r, 30)) /* an older level */
			rt_call(in, c, chance(r, 10) ? -1 : (int64_t)gen_rt_prio(r));
		if (chance(r, 3) && i + 1 < nr) /* never set: CPUPRI_INVALID (offline) */
			continue;
		if (kind == 15 && chance(r, 50)) /* cpupri lags the runqueue */
			now = chance(r, 50) ? 99 : (int64_t)gen_rt_prio(r);
		if (dl_after_rt[c]) { /* inc_dl_deadline() passed CPUPRI_HIGHER (100) last, or not */
			if (chance(r, 50)) {
				rt_call(in, c, now);
				rt_call(in, c, 100);
			} else {
				rt_call(in, c, 100);
				rt_call(in, c, now);
			}
		} else {
			rt_call(in, c, now);
		}
	}

	/* the task */
	prev = in->prev_cpu = range(r, 0, nr - 1);
	switch (rnd(r) % 10) {
	case 0:
	case 1:
	case 2:
	case 3: /* the RT default: util_min 1024 */
		in->uclamp_min = in->uclamp_max = 1024;
		break;
	case 4:
	case 5:
		in->uclamp_min = 0;
		in->uclamp_max = 1024;
		break;
	case 6:
	case 7:
		in->uclamp_min = range(r, 0, 1024);
		in->uclamp_max = 1024;
		break;
	default:
		in->uclamp_min = range(r, 0, 1024);
		in->uclamp_max = range(r, in->uclamp_min, 1024);
		break;
	}
	if (kind == 12) {
		in->uclamp_max = range(r, 0, 1023);
		in->uclamp_min = range(r, in->uclamp_max + 1, 1024);
	}
	if (kind == 13 || kind == 6) { /* at a capacity, or above every CPU but the biggest */
		uint64_t c = in->arch_cap[range(r, 0, nr - 1)];

		in->uclamp_min = edgy(r, c > 0 ? c - 1 : 0, c + 1);
		in->uclamp_max = 1024;
	}
	switch (rnd(r) % 10) {
	case 0:
		in->allowed = 1ULL << range(r, 0, nr - 1);
		break;
	case 1:
	case 2:
		in->allowed = gen_cpus(r, nr);
		break;
	default:
		in->allowed = all;
		break;
	}
	if (kind == 6) { /* only CPUs smaller than the biggest, the clamp above them all */
		uint64_t small = 0, top = 0;

		for (unsigned c = 0; c < nr; c++)
			top = in->arch_cap[c] > top ? in->arch_cap[c] : top;
		for (unsigned c = 0; c < nr; c++)
			if (in->arch_cap[c] < top) {
				small |= 1ULL << c;
				in->uclamp_min = in->arch_cap[c] + 1 > in->uclamp_min ? in->arch_cap[c] + 1
										  : in->uclamp_min;
			}
		if (small)
			in->allowed = small;
		in->uclamp_min = in->uclamp_min > 1024 ? 1024 : in->uclamp_min;
	}
	if (kind == 9 && nr > 1) {
		in->allowed &= ~(1ULL << prev);
		if (!in->allowed)
			in->allowed = all & ~(1ULL << prev);
	}
	if (kind == 10)
		in->allowed = 1ULL << range(r, 0, nr - 1);
	/* prev's current task, by kind */
	switch (kind) {
	case 1:
	case 2:
		in->curr_prio[prev] = kind == 2 ? in->prio : range(r, 0, in->prio);
		in->curr_nr_cpus_allowed[prev] = nr;
		break;
	case 3:
		in->curr_prio[prev] = range(r, in->prio, 98);
		in->curr_nr_cpus_allowed[prev] = 1;
		break;
	case 4:
		in->curr_prio[prev] = chance(r, 60) ? 120 : range(r, 100, 139);
		break;
	case 5:
		in->curr_prio[prev] = 120;
		in->curr_nr_cpus_allowed[prev] = 1;
		break;
	default:
		break;
	}

	/* prev's domains: one level over every CPU, or its cluster under that */
	in->nr_levels = 1;
	in->level_wake_affine[0] = 1;
	in->level_span[0] = all;
	if (kind == 16 && nr_clusters > 1) {
		in->nr_levels = 2;
		in->level_span[1] = all;
		in->level_span[0] = 0;
		for (unsigned c = 0; c < nr; c++)
			if (cluster_of[c] == cluster_of[prev])
				in->level_span[0] |= 1ULL << c;
		in->level_wake_affine[1] = 1;
	}
	if (kind == 19) { /* no domain, or levels without SD_WAKE_AFFINE */
		in->nr_levels = range(r, 0, KC_MAX_LEVELS);
		for (unsigned l = 0; l < in->nr_levels; l++) {
			in->level_wake_affine[l] = chance(r, 40);
			in->level_span[l] = (l ? in->level_span[l - 1] : 1ULL << prev) | gen_cpus(r, nr);
		}
	}
	in->this_cpu = chance(r, 30) ? prev : range(r, 0, nr - 1);
	in->cursor = chance(r, 40) ? 0 : range(r, 0, nr - 1);
	if (kind == 17)
		in->cursor = nr - 1 - range(r, 0, nr > 1 ? 1 : 0);
}

static const char *const thermal_6_1_kinds[] = {
	"random", "boost", "deep", "decay_shift", "long_gaps", "sub_us", "unequal_caps",
	"saturated",
};

/*
 * One cooling device over 1..4 CPUs, a whole-MHz maximum of 200..3200 MHz, caps at each step
 * (whole MHz: see kcase.h), mostly 4 ms ticks, RT/DL/IRQ utilization for the capacity, and
 * util_fits_cpu() queries.
 */
static void gen_thermal_6_1(struct rng *r, unsigned kind, void *v)
{
	struct kc_thermal_6_1_in *in = v;
	uint64_t cap = gen_cap(r), max_mhz = range(r, 200, 3200);

	in->nr_cpus = range(r, 1, 4);
	in->max_khz = max_mhz * 1000;
	in->decay_shift = kind == 3 ? range(r, 0, 10) : chance(r, 70) ? 0 : range(r, 0, 10);
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		in->arch_cap[c] = kind == 6 ? gen_cap(r) : cap;
		in->util_irq[c] = chance(r, 30) ? range(r, 0, in->arch_cap[c]) : 0;
		in->util_rt[c] = chance(r, 40) ? range(r, 0, in->arch_cap[c]) : 0;
		in->util_dl[c] = chance(r, 20) ? range(r, 0, in->arch_cap[c] / 2) : 0;
		if (kind == 7) { /* irq, or rt + dl + thermal, at the capacity */
			in->util_irq[c] = edgy(r, 0, in->arch_cap[c] + 1);
			in->util_rt[c] = range(r, 0, in->arch_cap[c] + 1);
		}
	}
	in->nr_steps = range(r, 1, KC_MAX_STEPS);
	for (unsigned i = 0; i < in->nr_steps; i++) {
		in->dt[i] = gen_pressure_dt(r, kind);
		in->set_cap[i] = i == 0 || chance(r, 15);
		/* whole MHz (see kcase.h): a cooling state's OPP */
		switch (kind) {
		case 1:
			in->capped_khz[i] = 1000 * edgy(r, max_mhz - 1, max_mhz + 100);
			break;
		case 2:
			in->capped_khz[i] = 1000 * edgy(r, 0, 10);
			break;
		default:
			in->capped_khz[i] = 1000 * edgy(r, 0, max_mhz + 100);
			break;
		}
	}
	in->uclamp_used = chance(r, 70);
	in->nr_queries = range(r, 1, KC_MAX_QUERIES);
	for (unsigned i = 0; i < in->nr_queries; i++) {
		unsigned c = (unsigned)range(r, 0, in->nr_cpus - 1);

		in->q_cpu[i] = c;
		in->q_util[i] = range(r, 0, in->arch_cap[c]);
		in->q_uclamp_min[i] = edgy(r, 0, 1024);
		in->q_uclamp_max[i] = chance(r, 50) ? 1024 : edgy(r, 0, 1024);
	}
}

/* load_balance: one domain's local, busiest-so-far and candidate groups */
static const char *const load_balance_kinds[] = {
	"random", "misfit", "overloaded", "spare", "pinned", "hot", "smt", "boundaries",
};

static void gen_lb_group(struct rng *r, unsigned kind, struct kc_load_balance_in *in, unsigned g)
{
	uint64_t w = range(r, 1, 4), cap = range(r, 1, 1024) * w;
	uint64_t nr = kind == 2 ? range(r, w + 1, 3 * w) : kind == 3 ? range(r, 0, w) : range(r, 0, 3 * w);

	in->group_weight[g] = w;
	in->group_capacity[g] = cap;
	in->min_capacity[g] = range(r, 1, cap / w);
	in->max_capacity[g] = range(r, cap / w, 1024);
	in->sum_nr_running[g] = nr;
	in->sum_h_nr_running[g] = range(r, 0, nr);
	in->idle_cpus[g] = range(r, 0, w);
	/* around the 117% thresholds of group_is_overloaded() and group_has_capacity() */
	in->group_util[g] = kind == 7 ? edgy(r, cap * 100 / in->imbalance_pct - 1,
					     cap * 100 / in->imbalance_pct + 1)
				      : range(r, 0, cap * 3 / 2);
	in->group_runnable[g] = kind == 7 ? edgy(r, cap * in->imbalance_pct / 100 - 1,
						 cap * in->imbalance_pct / 100 + 1)
					  : range(r, in->group_util[g], cap * 2);
	in->group_load[g] = range(r, 0, 4096);
	in->avg_load[g] = chance(r, 50) ? in->group_load[g] * 1024 / cap : range(r, 0, 4096);
	in->misfit_load[g] = kind == 1 || chance(r, 20) ? range(r, 1, 1024) : 0;
	in->group_smt_balance[g] = kind == 6 && chance(r, 50);
	in->sg_flags_smt[g] = kind == 6 && chance(r, 50);
	in->sg_imbalance[g] = chance(r, 10);
	/* a type the group could have: asym_packing needs priorities arm64 does not have */
	in->group_type[g] = (uint64_t[]){ 0, 1, 2, 3, 5, 6 }[range(r, 0, 5)];
	if (kind == 1 && g)
		in->group_type[g] = 2;
	if (kind == 2 && g)
		in->group_type[g] = 6;
}

static void gen_load_balance(struct rng *r, unsigned kind, void *v)
{
	struct kc_load_balance_in *in = v;

	in->asym = kind == 1 || chance(r, 50);
	in->share_llc = chance(r, 50);
	in->share_cpucap = kind == 6 && chance(r, 50);
	in->prefer_sibling = chance(r, 40);
	in->imbalance_pct = chance(r, 70) ? (in->share_cpucap ? 110 : 117) : range(r, 100, 150);
	in->cache_nice_tries = range(r, 0, 2);
	in->nr_balance_failed = chance(r, 50) ? 0 : range(r, 1, 6);
	in->idle = range(r, 0, 2);
	in->dst_cpu = range(r, 0, KC_MAX_CPUS - 1);
	do
		in->src_cpu = range(r, 0, KC_MAX_CPUS - 1);
	while (in->src_cpu == in->dst_cpu);
	for (unsigned c = 0; c < KC_MAX_CPUS; c++) {
		in->arch_cap[c] = gen_cap(r);
		in->capacity_of[c] = range(r, 1, in->arch_cap[c]);
		in->nr_running[c] = range(r, 0, 4);
		in->h_nr_queued[c] = range(r, 0, in->nr_running[c]);
	}
	if (chance(r, 30))
		in->h_nr_queued[in->src_cpu] = 1;
	for (unsigned g = 0; g < KC_LB_GROUPS; g++)
		gen_lb_group(r, kind, in, g);
	in->has_busiest = chance(r, 70);
	if (kind == 7 && chance(r, 50)) {
		/* capacity_greater()'s boundary: 539 x 1024 == 512 x 1078 */
		in->capacity_of[in->dst_cpu] = 539;
		in->min_capacity[2] = in->max_capacity[2] = 512;
		in->capacity_of[in->src_cpu] = 512;
	}
	in->migration_type = range(r, 0, 3);
	in->total_load = in->group_load[0] + in->group_load[1] + range(r, 0, 4096);
	in->total_capacity = in->group_capacity[0] + in->group_capacity[1] + range(r, 0, 2048);
	in->sds_avg_load = range(r, 0, 4096);
	in->dst_grpmask = range(r, 1, 255) | (1ULL << in->dst_cpu);
	in->cpus = in->dst_grpmask | range(r, 0, 255) | (1ULL << in->src_cpu);
	in->lbf_flags = chance(r, 50) ? 0x01 : range(r, 0, 0x1f);
	in->t_allowed = kind == 4 ? range(r, 0, 255) & ~(1ULL << in->dst_cpu) : range(r, 0, 255);
	if (kind != 4 && chance(r, 70))
		in->t_allowed |= 1ULL << in->dst_cpu;
	in->t_running = chance(r, 25);
	in->t_idle_policy = chance(r, 10);
	in->t_next_buddy = chance(r, 15);
	in->clock_task = range(r, 1000000000, 2000000000);
	in->migration_cost = (uint64_t[]){ 500000, 0, UINT32_MAX, 1, 499999 }[range(r, 0, 4)];
	/* hot: ran around sysctl_sched_migration_cost before the balance */
	in->t_exec_start = kind == 5 ? in->clock_task - edgy(r, 499998, 500001)
				     : in->clock_task - range(r, 0, 2000000);
	in->t_last_buddy = chance(r, 15); /* 6.1's cfs_rq->last (load_balance_6_1) */
	/* DELAY_DEQUEUE's entities, queued and not runnable (drawn last) */
	for (unsigned c = 0; c < KC_MAX_CPUS; c++)
		in->h_nr_delayed[c] = chance(r, 30) ? range(r, 0, in->h_nr_queued[c]) : 0;
	in->t_delayed = !in->t_running && chance(r, 20);
	in->t_ineligible = chance(r, 40);
}

/* --- eevdf --------------------------------------------------------------------------------- */

static const char *const eevdf_kinds[] = {
	"random", "nice_mix", "sched_idle", "custom_slices", "sleepy", "contended",
};

/*
 * Tasks and operations on one cfs_rq. nice_mix: weights across the nice range; sched_idle: a
 * SCHED_IDLE hog beside normal tasks; custom_slices: 0.1..100 ms requests (PREEMPT_SHORT);
 * sleepy: short runs and many sleeps and wake-ups (DELAY_DEQUEUE, ttwu_runnable()); contended:
 * all tasks runnable, ticks and migrations (PLACE_REL_DEADLINE).
 */
static void gen_eevdf(struct rng *r, unsigned kind, void *v)
{
	static const uint64_t weights[] = { 88761, 9548, 3121, 1277, 1024, 820, 335, 110, 15 };
	static const uint64_t base[] = { 750000, 1500000, 2250000, 3000000 };
	static const uint64_t hz[] = { 100, 250, 300, 1000 };
	struct kc_eevdf_in *in = v;

	in->base_slice = base[range(r, 0, 3)];
	in->tick_nsec = 1000000000ULL / hz[range(r, 0, 3)];
	in->nr_tasks = range(r, 2, KC_EEVDF_TASKS);
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		in->weight[t] = kind == 1 || chance(r, 25) ? weights[range(r, 0, 8)] : 1024;
		in->sched_idle[t] = (kind == 2 && t == 0) || chance(r, 5);
		if (in->sched_idle[t])
			in->weight[t] = 3; /* WEIGHT_IDLEPRIO */
		in->slice[t] = kind == 3 || chance(r, 10) ? edgy(r, 100000, 100000000) : 0;
	}
	in->nr_steps = KC_MAX_STEPS;
	for (unsigned k = 0; k < in->nr_steps; k++) {
		unsigned op = (unsigned)range(r, 0, KC_EV_OPS - 1);

		if (k < in->nr_tasks && (kind == 5 || chance(r, 60)))
			op = KC_EV_NEW; /* most cases start their tasks first */
		else if (kind == 4 && chance(r, 60))
			op = chance(r, 50) ? KC_EV_SLEEP : KC_EV_WAKE;
		else if (kind == 5 && op == KC_EV_SLEEP && chance(r, 70))
			op = KC_EV_TICK;
		in->op[k] = op;
		in->task[k] = range(r, 0, in->nr_tasks - 1);
		/* from the same instant to a few ticks, with the odd nanosecond */
		in->dt[k] = chance(r, 15) ? 0 : kind == 4 ? edgy(r, 1, 2000000) :
			    edgy(r, 1, 3 * in->tick_nsec);
	}
}


/* --- cfs_6_1 ------------------------------------------------------------------------------- */

static const char *const cfs_6_1_kinds[] = {
	"random", "nice_mix", "sched_idle", "sleepy", "contended", "crowded",
};

/*
 * Tasks and operations on one cfs_rq, eevdf's operations (kc_eevdf_op). nice_mix: weights
 * across the nice range; sched_idle: a SCHED_IDLE hog beside normal tasks (and SCHED_BATCH
 * ones); sleepy: short runs and many sleeps and wake-ups (the sleeper credit); contended: all
 * tasks runnable, ticks and migrations; crowded: more tasks than sched_nr_latency (the
 * stretched period, LAST_BUDDY).
 */
static void gen_cfs_6_1(struct rng *r, unsigned kind, void *v)
{
	static const uint64_t weights[] = { 88761, 9548, 3121, 1277, 1024, 820, 335, 110, 15 };
	static const uint64_t hz[] = { 100, 250, 300, 1000 };
	struct kc_cfs_6_1_in *in = v;
	uint64_t tick = 1000000000ULL / hz[range(r, 0, 3)];

	in->ncpus = range(r, 1, 12);
	in->nr_tasks = kind == 5 ? range(r, 9, KC_CFS61_TASKS) : range(r, 2, KC_CFS61_TASKS);
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		in->weight[t] = kind == 1 || chance(r, 25) ? weights[range(r, 0, 8)] : 1024;
		in->sched_idle[t] = (kind == 2 && t == 0) || chance(r, 5);
		in->batch[t] = !in->sched_idle[t] && (kind == 2 ? chance(r, 30) : chance(r, 5));
		if (in->sched_idle[t])
			in->weight[t] = 3; /* WEIGHT_IDLEPRIO */
	}
	in->nr_steps = KC_MAX_STEPS;
	for (unsigned k = 0; k < in->nr_steps; k++) {
		unsigned op = (unsigned)range(r, 0, KC_EV_OPS - 1);

		if (k < in->nr_tasks && (kind >= 4 || chance(r, 60)))
			op = KC_EV_NEW; /* most cases start their tasks first */
		else if (kind == 3 && chance(r, 60))
			op = chance(r, 50) ? KC_EV_SLEEP : KC_EV_WAKE;
		else if (kind >= 4 && op == KC_EV_SLEEP && chance(r, 70))
			op = KC_EV_TICK;
		in->op[k] = op;
		in->task[k] = range(r, 0, in->nr_tasks - 1);
		/* from the same instant to a few ticks, with the odd nanosecond; a long sleep now
		 * and then (the sleeper credit's cap) */
		in->dt[k] = chance(r, 15) ? 0 : chance(r, 3) ? edgy(r, 20000000, 200000000) :
			    kind == 3 ? edgy(r, 1, 2000000) : edgy(r, 1, 3 * tick);
	}
}

/* --- sugov_6_1, util_est_6_1 ------------------------------------------------------------- */

static const char *const sugov_6_1_kinds[] = {
	"random", "single", "clamped", "iowait", "rt_dl_irq", "saturated",
};

/*
 * clamped: uclamp on with rq clamps everywhere (inversions included), where 6.1's order and
 * v6.8's differ; iowait: boosts within a tick; rt_dl_irq: RT, DL and IRQ shares and runnable
 * RT; saturated: utils near the capacity.
 */
static void gen_sugov_6_1(struct rng *r, unsigned kind, void *v)
{
	static const uint64_t ticks[] = { 10000000, 4000000, 3333333, 1000000 };
	struct kc_sugov_6_1_in *in = v;
	uint64_t f = range(r, 100000, 600000), cap = gen_cap(r);

	/* capsim takes an iowait boost of 0 (IOWAIT_BOOST_MIN * cap >> 10 = 0, cap < 8) as none,
	 * where 6.1 still clamps it (docs/model.md): capacities from 8 */
	cap = cap < 8 ? range(r, 8, 16) : cap;

	in->nr_cpus = kind == 1 ? 1 : range(r, 1, 4);
	in->uclamp_used = kind == 2 || chance(r, 30);
	in->nr_opps = range(r, 1, KC_MAX_OPPS);
	for (unsigned i = 0; i < in->nr_opps; i++, f += range(r, 1000, 300000))
		in->opp_khz[i] = f;
	in->policy_min = in->opp_khz[0];
	in->policy_max = in->opp_khz[in->nr_opps - 1];
	in->rate_limit_us = chance(r, 30) ? 0 : range(r, 0, 2000);
	in->tick_nsec = ticks[range(r, 0, 3)];
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		in->arch_cap[c] = cap;
		in->util_cfs[c] = range(r, 0, cap);
		in->util_est_cfs[c] = chance(r, 30) ? range(r, 0, cap + 100) : 0;
		in->util_rt[c] = chance(r, kind == 4 ? 60 : 15) ? range(r, 0, cap) : 0;
		in->util_dl[c] = chance(r, kind == 4 ? 60 : 15) ? range(r, 0, cap / 2) : 0;
		in->util_irq[c] = chance(r, kind == 4 ? 60 : 10) ? edgy(r, 0, cap) : 0;
		in->rt_runnable[c] = chance(r, kind == 4 ? 40 : 5);
		in->uclamp_min_rq[c] = in->uclamp_used && chance(r, kind == 2 ? 70 : 30) ? edgy(r, 0, 1024) : 0;
		in->uclamp_max_rq[c] = in->uclamp_used && chance(r, kind == 2 ? 80 : 30)
					       ? edgy(r, 0, 1024) : 1024;
	}
	in->nr_steps = range(r, 1, KC_MAX_STEPS);
	for (unsigned i = 0; i < in->nr_steps; i++) {
		in->dt[i] = kind == 3 ? range(r, 0, in->tick_nsec + 1) : range(r, 0, 3000000);
		in->cpu[i] = range(r, 0, in->nr_cpus - 1);
		in->new_util[i] = kind == 5 ? range(r, cap > 64 ? cap - 64 : 0, cap) : range(r, 0, cap);
		if (in->uclamp_used && chance(r, kind == 2 ? 40 : 15))
			in->new_uclamp_min[i] = edgy(r, 0, 1024) + 1;
		if (in->uclamp_used && chance(r, kind == 2 ? 40 : 15))
			in->new_uclamp_max[i] = edgy(r, 0, 1024) + 1;
		in->iowait[i] = chance(r, kind == 3 ? 80 : 20);
		in->idled[i] = chance(r, 50);
		in->limits_changed[i] = chance(r, 5);
	}
}

static const char *const util_est_6_1_kinds[] = {
	"random", "margin", "above_capacity", "fresh", "wrap", "rising",
};

/*
 * A task's activations: margin: samples within ~1% of the ewma (both values' margins);
 * above_capacity: util above the CPU's capacity; fresh: flag set at the start and rarely
 * cleared; wrap: values near 2^31 and 2^32; rising: growing samples (UTIL_EST_FASTUP).
 */
static void gen_util_est_6_1(struct rng *r, unsigned kind, void *v)
{
	struct kc_util_est_6_1_in *in = v;
	uint64_t ewma;

	in->arch_cap = gen_cap(r);
	in->cfs_util_est = chance(r, 50) ? range(r, 0, 2048) : 0;
	in->ewma = range(r, 0, 1024);
	in->enqueued = (chance(r, 70) ? range(r, 0, in->ewma) : range(r, 0, 1024)) |
		       (chance(r, kind == 3 ? 90 : 50) ? 0x80000000u : 0);
	if (kind == 4) {
		in->cfs_util_est = UINT32_MAX - range(r, 0, 2048);
		in->ewma = chance(r, 50) ? 0x7fffffffu - range(r, 0, 64) : UINT32_MAX - range(r, 0, 64);
	}
	in->nr_steps = range(r, 1, KC_MAX_STEPS);
	ewma = in->ewma;
	for (unsigned i = 0; i < in->nr_steps; i++) {
		uint64_t u = range(r, 0, in->arch_cap + 100);

		if (kind == 1)
			u = ewma > 12 ? ewma - range(r, 0, 12) : ewma + range(r, 0, 12);
		else if (kind == 2)
			u = range(r, in->arch_cap, in->arch_cap + 64);
		else if (kind == 4 && chance(r, 50))
			u = range(r, 1ULL << 31, (1ULL << 32) + 5);
		else if (kind == 5)
			u = ewma + range(r, 0, 50);
		in->util[i] = u;
		ewma = u; /* roughly where the next samples stay near */
		in->pelt_updated[i] = chance(r, kind == 3 ? 10 : 70);
		in->task_sleep[i] = chance(r, 85);
	}
}

/* --- uclamp_tg ----------------------------------------------------------------------------- */

static const char *const uclamp_tg_kinds[] = {
	"random", "nested", "text", "sysctl_late", "boost", "limit",
};
enum { TK_RANDOM, TK_NESTED, TK_TEXT, TK_SYSCTL_LATE, TK_BOOST, TK_LIMIT };

/* a write's text: a percent mostly in range, with 0..11 decimals, or one of the odd forms */
static void gen_tg_write(struct rng *r, unsigned kind, struct kc_uclamp_tg_in *in, unsigned w)
{
	bool odd = kind == TK_TEXT ? chance(r, 60) : chance(r, 10);

	in->w_whole[w] = chance(r, 90) ? range(r, 0, 100) : edgy(r, 99, 1000000000000ULL);
	in->w_flen[w] = chance(r, 50) ? 0 : range(r, 1, odd ? 11 : 3);
	if (in->w_flen[w]) { /* 0..10^flen - 1, edges (all 9s rounds up) often */
		uint64_t top = 1;

		for (unsigned i = 0; i < in->w_flen[w]; i++)
			top *= 10;
		in->w_frac[w] = chance(r, 20) ? top - 1 - range(r, 0, 1) : range(r, 0, top - 1);
	}
	if (odd && chance(r, 40))
		in->w_flen[w] = chance(r, 40) ? KC_PCT_MAX : chance(r, 50) ? KC_PCT_DOT : KC_PCT_EMPTY;
	else if (chance(r, 15))
		in->w_flen[w] = KC_PCT_MAX;
	in->w_blanks[w] = odd ? range(r, 0, 3) : 0;
	if (kind == TK_BOOST && chance(r, 70)) {
		in->w_id[w] = 0;
		in->w_whole[w] = range(r, 20, 100);
	} else if (kind == TK_LIMIT && chance(r, 70)) {
		in->w_id[w] = 1;
		in->w_whole[w] = range(r, 0, 60);
	}
}

/*
 * nested: chains of groups (each the previous one's child); text: the write's odd forms
 * (decimals beyond two, "W.", "max", "", blanks, above 100); sysctl_late: the sysctls written
 * after the groups; boost / limit: mostly cpu.uclamp.min / cpu.uclamp.max writes.
 */
static void gen_uclamp_tg(struct rng *r, unsigned kind, void *v)
{
	struct kc_uclamp_tg_in *in = v;

	in->sys_min = in->sys_max = 1024;
	if (kind == TK_SYSCTL_LATE || chance(r, 20)) {
		in->sys_max = edgy(r, 0, 1024);
		in->sys_min = range(r, 0, in->sys_max);
	}
	in->sys_late = kind == TK_SYSCTL_LATE || chance(r, 10);
	in->nr_groups = range(r, 1, KC_TG_GROUPS);
	for (unsigned g = 0; g < in->nr_groups; g++)
		in->parent[g] = (uint64_t)(g == 0 || (kind != TK_NESTED && chance(r, 50)) ? -1 :
				kind == TK_NESTED ? (int64_t)g - 1 : (int64_t)range(r, 0, g - 1));
	in->nr_writes = range(r, 1, KC_TG_WRITES);
	for (unsigned w = 0; w < in->nr_writes; w++) {
		in->w_group[w] = range(r, 0, in->nr_groups - 1);
		in->w_id[w] = range(r, 0, 1);
		gen_tg_write(r, kind, in, w);
	}
	in->nr_tasks = range(r, 1, KC_MAX_QUERIES);
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		in->t_group[t] = (uint64_t)(chance(r, 15) ? -1 : (int64_t)range(r, 0, in->nr_groups - 1));
		in->t_req_min[t] = chance(r, 40) ? 0 : edgy(r, 0, 1024);
		in->t_req_max[t] = chance(r, 40) ? 1024 : edgy(r, 0, 1024);
	}
}

/* --- sched_domains ------------------------------------------------------------------------- */

static const char *const sched_domains_kinds[] = {
	"shipped", "random", "smt", "clusters", "sockets", "caches", "asym", "degenerate", "arm32",
};

/* The shape of a generated cpu-map: how many of each level, bottom-most last. */
struct sd_shape {
	unsigned sockets, clusters, subclusters, cores, threads;
};

/*
 * CPUs in cpu-map order (socket, cluster, subcluster, core, thread), up to KC_SD_CPUS, with
 * their reg: aff2 the socket, aff1 the leaf cluster, aff0 the core and thread. Return: how
 * many.
 */
static unsigned gen_sd_cpus(struct kc_sched_domains_in *in, const struct sd_shape *sh)
{
	unsigned n = 0, leaf = 0;

	for (unsigned s = 0; s < sh->sockets; s++)
		for (unsigned cl = 0; cl < sh->clusters; cl++)
			for (unsigned sub = 0; sub < (sh->subclusters ? sh->subclusters : 1); sub++, leaf++)
				for (unsigned k = 0; k < sh->cores; k++)
					for (unsigned t = 0; t < (sh->threads ? sh->threads : 1); t++) {
						if (n == KC_SD_CPUS)
							return n;
						in->map[n] = 1;
						in->socket[n] = in->cpu_map == 2 ? s + 1 : 0;
						in->cluster[n] = cl + 1;
						in->subcluster[n] = sh->subclusters ? sub + 1 : 0;
						in->core[n] = k;
						in->thread[n] = sh->threads ? t + 1 : 0;
						in->hwid[n] = (uint64_t)s << 16 | (uint64_t)leaf << 8 |
							      (k * (sh->threads ? sh->threads : 1) + t);
						n++;
					}
	return n;
}

/* The leaf cluster of CPU @c (a number shared by the CPUs of one leaf cluster). */
static uint64_t sd_leaf(const struct kc_sched_domains_in *in, unsigned c)
{
	return in->hwid[c] >> 8;
}

/* The cache node of key @key, made on first use (its level @level). Return: its index + 1. */
static uint64_t sd_cache(struct kc_sched_domains_in *in, uint64_t *keys, uint64_t key,
			 uint64_t level)
{
	uint64_t k;

	for (k = 0; k < in->nr_caches && keys[k] != key; k++)
		;
	if (k == in->nr_caches) {
		if (k == KC_SD_CACHES)
			return 0;
		keys[k] = key;
		in->cache_level[k] = level;
		in->cache_compat[k] = 1;
		in->nr_caches++;
	}
	return k + 1;
}

/*
 * Cache nodes, as hardware has them: the threads of a core share theirs, and a cache is
 * shared by whole cores of one leaf cluster or by whole leaf clusters (a last-level cache
 * cutting across a core or a cluster breaks the kernel's nesting of domains: "BUG: arch
 * topology borken", and group rings it may loop on). Per leaf cluster (scheme 5: each its
 * own pick): 0 no cache nodes; 1 the CPU nodes' own only; 2 an L2 for the cluster; 3 an L2
 * per core; 4 an L2 for the cluster; 3 and 4 (and 2, 5 at random) lead to an L3 per socket
 * or over all. Levels and compatibles are right but for @sloppy (a missing or wrong
 * cache-level, no compatible); the chain is named by "l2-cache" now and then.
 */
static void gen_sd_caches(struct rng *r, struct kc_sched_domains_in *in, unsigned scheme,
			  bool sloppy)
{
	uint64_t keys[KC_SD_CACHES], leaf_scheme[KC_SD_CPUS], leaf_l3[KC_SD_CPUS];
	bool l3_per_socket = chance(r, 50), smt = false;

	for (unsigned c = 0; c < in->nr_cpus; c++)
		smt |= in->thread[c] != 0;
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		uint64_t leaf = sd_leaf(in, c), sch = scheme;
		bool first = true;

		for (unsigned o = 0; o < c && first; o++)
			first = sd_leaf(in, o) != leaf || in->core[o] != in->core[c];
		if (!first) { /* a later thread: its core's caches */
			for (unsigned o = 0; o < c; o++)
				if (sd_leaf(in, o) == leaf && in->core[o] == in->core[c]) {
					in->l1[c] = in->l1[o];
					in->next_cache[c] = in->next_cache[o];
					in->l2_prop[c] = in->l2_prop[o];
					break;
				}
			continue;
		}
		first = true;
		for (unsigned o = 0; o < c && first; o++)
			first = sd_leaf(in, o) != leaf;
		if (first) {
			leaf_scheme[leaf % KC_SD_CPUS] = scheme == 5 ? range(r, 0, 4) : scheme;
			leaf_l3[leaf % KC_SD_CPUS] = scheme == 3 || scheme == 4 || chance(r, 30);
		}
		sch = leaf_scheme[leaf % KC_SD_CPUS];
		/* threads with the CPU nodes' caches only would each have a last level of their own */
		if (smt && sch == 1)
			sch = 0;
		in->l1[c] = sch == 0 ? 0 : chance(r, 80) ? 1 : range(r, 1, 3);
		in->l2_prop[c] = chance(r, 10);
		if (sch <= 1)
			continue;
		in->next_cache[c] = sd_cache(in, keys, sch == 3 ? 0x10000 | in->hwid[c] : leaf, 2);
	}
	/* the L2s that lead on: an L3 per socket (aff2) or over all */
	for (unsigned k = 0, n = (unsigned)in->nr_caches; k < n; k++) {
		unsigned c;

		for (c = 0; c < in->nr_cpus && in->next_cache[c] != k + 1; c++)
			;
		if (c < in->nr_cpus && leaf_l3[sd_leaf(in, c) % KC_SD_CPUS])
			in->cache_next[k] = sd_cache(in, keys, 0x20000 | (l3_per_socket ? in->hwid[c] >> 16 : 0), 3);
	}
	if (sloppy)
		for (unsigned k = 0; k < in->nr_caches; k++) {
			if (chance(r, 30))
				in->cache_level[k] = range(r, 0, 4);
			if (chance(r, 20))
				in->cache_compat[k] = 0;
		}
}

/* capacity-dmips-mhz per leaf cluster (@within: a few CPUs of their own), policies per leaf */
static void gen_sd_capacity(struct rng *r, struct kc_sched_domains_in *in, bool within)
{
	static const uint64_t dmips[] = { 1024, 578, 485, 1024, 381, 1000, 160, 16 };
	static const uint64_t khz[] = { 1800000, 1416000, 2362000, 1844000, 2840000, 1000000 };
	uint64_t leaf_dmips[KC_SD_CPUS], leaf_khz[KC_SD_CPUS], leaves[KC_SD_CPUS];
	unsigned nl = 0;
	bool policies = chance(r, 80), none = chance(r, 10);

	for (unsigned c = 0; c < in->nr_cpus; c++) {
		unsigned k;

		for (k = 0; k < nl && leaves[k] != sd_leaf(in, c); k++)
			;
		if (k == nl) {
			leaves[nl] = sd_leaf(in, c);
			leaf_dmips[nl] = dmips[range(r, 0, 6)];
			leaf_khz[nl++] = khz[range(r, 0, 5)];
		}
		in->dmips[c] = none ? 0 : within && chance(r, 30) ? dmips[range(r, 0, 7)] : leaf_dmips[k];
		if (policies && !(within && chance(r, 5))) {
			in->policy[c] = k + 1;
			in->policy_khz[c] = leaf_khz[k];
		}
	}
	if (within && chance(r, 20))
		in->dmips[range(r, 0, in->nr_cpus - 1)] = 0; /* one CPU without: all 1024 */
	/* two clusters whose dmips x frequency is equal: one capacity */
	if (within && nl > 1 && chance(r, 30)) {
		for (unsigned c = 0; c < in->nr_cpus; c++) {
			if (in->policy[c] == 2) {
				in->dmips[c] = 500;
				in->policy_khz[c] = 2000000;
			} else if (in->policy[c] == 1) {
				in->dmips[c] = 1000;
				in->policy_khz[c] = 1000000;
			}
		}
	}
}

static void gen_sched_domains(struct rng *r, unsigned kind, void *v)
{
	struct kc_sched_domains_in *in = v;
	struct sd_shape sh = { 1, 1, 0, 1, 0 };
	unsigned scheme = (unsigned)range(r, 0, 5);

	in->sched_cluster = chance(r, 40);
	if (kind == 0) {
		in->shipped = range(r, 1, kc_sd_nr_shipped());
		in->arm32 = kc_sd_shipped_arm32((unsigned)in->shipped - 1);
		cside_sd_policies(in);
		return;
	}
	in->addr_cells = chance(r, 70) ? 2 : 1;
	in->cpu_map = chance(r, 85) ? 1 : 0;
	switch (kind) {
	case 2: /* smt */
		sh = (struct sd_shape){ 1, range(r, 1, 2), 0, range(r, 1, 4), range(r, 2, 4) };
		break;
	case 3: /* clusters; of clusters inside one (two parents' leaves would share ids) */
		sh = (struct sd_shape){ 1, range(r, 1, 4), 0, range(r, 1, 4), 0 };
		if (chance(r, 30))
			sh = (struct sd_shape){ 1, 1, range(r, 1, 3), range(r, 1, 4), 0 };
		break;
	case 4: /* sockets */
		in->cpu_map = 2;
		sh = (struct sd_shape){ range(r, 2, 3), range(r, 1, 2), 0, range(r, 1, 3),
					chance(r, 30) ? 2 : 0 };
		break;
	case 5: /* caches */
		scheme = (unsigned)range(r, 0, 5);
		sh = (struct sd_shape){ 1, range(r, 1, 3), 0, range(r, 1, 4), 0 };
		break;
	case 7: /* degenerate */
		sh = (struct sd_shape){ 1, range(r, 1, 2), 0, range(r, 1, 2), chance(r, 30) ? 2 : 0 };
		break;
	default: /* random, asym, arm32 */
		if (kind == 1 && chance(r, 30))
			in->cpu_map = 2;
		sh = (struct sd_shape){ in->cpu_map == 2 ? range(r, 1, 2) : 1, range(r, 1, 3), 0,
					range(r, 1, 4), kind == 1 && chance(r, 15) ? 2 : 0 };
		break;
	}
	in->nr_cpus = gen_sd_cpus(in, &sh);
	if (kind == 8) {
		/* arm32: one reg cell, MPIDR aff1 the cluster; a cpu-map and caches now and then */
		in->arm32 = 1;
		in->addr_cells = 1;
		in->cpu_map = chance(r, 30);
		scheme = chance(r, 60) ? 0 : scheme;
	}
	gen_sd_caches(r, in, scheme, kind == 5 && chance(r, 40));
	gen_sd_capacity(r, in, kind == 6 || (kind == 1 && chance(r, 20)));
	if (kind == 7) {
		switch (rnd(r) % 6) {
		case 0: /* one CPU */
			in->nr_cpus = 1;
			break;
		case 1: /* a CPU left out of the cpu-map */
			in->map[range(r, 0, in->nr_cpus - 1)] = 0;
			break;
		case 2: /* cores straight under cpu-map */
			for (unsigned c = 0; c < in->nr_cpus; c++)
				in->cluster[c] = in->subcluster[c] = 0;
			break;
		case 3: /* no cpu-map */
			in->cpu_map = 0;
			break;
		case 4: /* every CPU in one cluster, one LLC: the MC level spans all */
			for (unsigned c = 0; c < in->nr_cpus; c++) {
				in->cluster[c] = 1;
				in->core[c] = c;
				in->thread[c] = 0;
				in->next_cache[c] = in->nr_caches ? 1 : 0;
			}
			break;
		default: { /* a gap: cluster indices from 1, or core 1 missing */
			bool clusters = chance(r, 50);

			for (unsigned c = 0; c < in->nr_cpus; c++) {
				if (clusters)
					in->cluster[c]++;
				else
					in->core[c] += in->core[c] ? 1 : 0;
			}
			break;
		}
		}
	}
}

/* --- lb_walk -------------------------------------------------------------------------------- */

static const char *const lb_walk_kinds[] = {
	"random", "idle", "newidle", "misfit", "overloaded", "pinned", "hot", "imbalanced", "nohz",
	"delayed",
};

/*
 * One CPU's runqueue: @nt fair tasks (the first ones of cfs_tasks are the most recently run;
 * one of them runs unless an RT task does), their load, util, age and affinity by @kind.
 */
static void gen_lbw_cpu(struct rng *r, unsigned kind, struct kc_lb_walk_in *in, unsigned c,
			unsigned nt)
{
	bool rt = chance(r, 10);
	unsigned first = (unsigned)in->nr_tasks, running = (unsigned)range(r, 0, nt ? nt - 1 : 0);
	uint64_t all = (1ULL << in->nr_cpus) - 1;

	in->clock_task[c] = range(r, 1000000000, 2000000000);
	in->capacity_of[c] = chance(r, 70) ? in->arch_cap[c] : range(r, 1, in->arch_cap[c]);
	for (unsigned k = 0; k < nt && in->nr_tasks < KC_LBW_TASKS; k++) {
		unsigned t = (unsigned)in->nr_tasks++;

		in->t_cpu[t] = c;
		in->t_running[t] = !rt && k == running;
		in->t_load[t] = chance(r, 10) ? range(r, 0, 3) : range(r, 1, 1100);
		in->t_util[t] = range(r, 0, 1024);
		in->t_util_est[t] = chance(r, 50) ? range(r, 0, 1024) : 0;
		in->t_idle_policy[t] = chance(r, 8);
		/* hot: ran within sysctl_sched_migration_cost (500 us) of the balance, or just not */
		in->t_exec_start[t] = in->clock_task[c] -
				      (kind == 6 ? edgy(r, 499998, 500001) : range(r, 0, 3000000));
		in->t_allowed[t] = all;
		if (kind == 5 || chance(r, 10))
			in->t_allowed[t] = chance(r, 50) ? (1ULL << c) | (range(r, 0, all) & all)
							 : all & ~(1ULL << in->dst_cpu);
	}
	nt = (unsigned)in->nr_tasks - first;
	in->h_nr_queued[c] = nt;
	in->nr_running[c] = nt + rt;
	in->idle_task[c] = !rt && !nt;
	for (unsigned t = first; t < in->nr_tasks; t++) {
		in->load[c] += in->t_load[t];
		in->util[c] += in->t_util[t];
		in->util_est[c] += in->t_util_est[t];
	}
	in->load[c] += chance(r, 30) ? range(r, 0, 300) : 0; /* blocked load */
	in->util[c] = in->util[c] > 1024 ? 1024 : in->util[c];
	in->util_est[c] = in->util_est[c] > 1024 ? 1024 : in->util_est[c];
	in->runnable[c] = in->util[c] + range(r, 0, 400 * nt);
	/* a misfit task: one that runs on a CPU too small for it (update_misfit_status()) */
	if ((kind == 3 || chance(r, 10)) && nt && !rt)
		in->misfit_load[c] = in->t_load[first + running] ? in->t_load[first + running] : 1;
}

static void gen_lb_walk(struct rng *r, unsigned kind, void *v)
{
	/* boards with two levels or three clusters; Pixel 6 with and without CLS */
	static const uint64_t boards[] = { 7, 1, 5, 5, 6, 2, 3 };
	struct kc_lb_walk_in *in = v;

	do {
		memset(in, 0, sizeof(*in));
		in->shipped = boards[range(r, 0, ARRAY_SIZE(boards) - 1)];
		in->sched_cluster = in->shipped == 5 ? chance(r, 70) : chance(r, 20);
		in->dst_cpu = range(r, 0, 7);
		in->level = range(r, 0, 3);
	} while (!cside_lbw_domain(in));
	in->idle = kind == 1 ? 1 : kind == 2 ? 2 : range(r, 0, 2);
	in->nr_balance_failed = chance(r, 50) ? 0 : range(r, 1, 5);
	in->eas = chance(r, 60);
	in->rd_overutilized = chance(r, 50);
	in->rd_overloaded = chance(r, 50);
	for (unsigned g = 0; g < in->nr_groups; g++)
		in->sg_imbalance[g] = kind == 7 ? chance(r, 50) : chance(r, 5);
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		unsigned nt = kind == 4 ? (unsigned)range(r, 1, 5) : (unsigned)range(r, 0, 3);

		if (kind == 1 && chance(r, 50))
			nt = 0; /* idle CPUs */
		if (c == in->dst_cpu && in->idle)
			nt = 0;
		gen_lbw_cpu(r, kind, in, c, nt);
	}
	if (in->idle == 2) {
		/* newly idle: dst still runs the task it switches from (not idle, nothing queued) */
		in->idle_task[in->dst_cpu] = 0;
	}
	in->cpus = in->sd_span;
	if (chance(r, 15)) { /* an all-pinned pass took a CPU other than dst out */
		unsigned c = (unsigned)range(r, 0, in->nr_cpus - 1);

		if (c != in->dst_cpu)
			in->cpus &= ~(1ULL << c);
	}
	in->nohz_idle = range(r, 0, (1ULL << in->nr_cpus) - 1);
	if (kind == 8)
		for (unsigned c = 0; c < in->nr_cpus; c++)
			if (in->idle_task[c] && chance(r, 80))
				in->nohz_idle |= 1ULL << c;
	in->ilb_cpu = range(r, 0, in->nr_cpus - 1);
	/* an idle CPU still leaving its idle state with a wake-up on its wake list (drawn last,
	 * so that the other fields of a case are as before) */
	for (unsigned c = 0; c < in->nr_cpus; c++)
		in->ttwu_pending[c] = in->idle_task[c] && chance(r, 20);
	/* DELAY_DEQUEUE: a task that slept while not eligible stays queued, delayed (not the
	 * running one; drawn last too) */
	for (unsigned t = 0; t < in->nr_tasks; t++)
		in->t_delayed[t] = !in->t_running[t] && chance(r, kind == 9 ? 40 : 5);
}

static const char *const deadline_kinds[] = {
	"random", "sugov", "small_caps", "dl_curr_later", "dl_curr_earlier", "dl_curr_pinned",
	"all_busy", "heap_ties", "wrap", "single_allowed", "prev_not_allowed", "pelt_edges",
	"cluster_domains",
};

/* sugov_kthread_create()'s runtime and deadline, ns */
#define KC_SUGOV_RUNTIME 1000000
#define KC_SUGOV_DEADLINE 10000000

/*
 * PELT steps of a few periods to a few hundred ms (edges: period boundaries, long gaps), the
 * class running or not; then a machine of 1..8 CPUs in 1..3 clusters of ascending capacity,
 * each CPU idle or running a fair task (70 %) or a deadline one (special or not, pinned or
 * not), its deadline runqueue busy or not (with distinct earliest deadlines but for
 * heap_ties), and a deadline task woken from a CPU with its cursor: the sugov kthread (special,
 * 1 ms / 10 ms, on a cluster's CPUs) or any.
 */
static void gen_deadline(struct rng *r, unsigned kind, void *v)
{
	struct kc_deadline_in *in = v;
	uint64_t nr = in->nr_cpus = range(r, 1, KC_MAX_CPUS), all = (1ULL << nr) - 1, prev;
	uint64_t nr_clusters = range(r, 1, nr < 3 ? nr : 3), cluster_of[KC_MAX_CPUS], cap[3];
	uint64_t base = kind == 8 ? UINT64_MAX - range(r, 0, 50000000) : range(r, 0, 1ULL << 40);

	in->nr_steps = range(r, 1, KC_MAX_STEPS);
	for (unsigned i = 0; i < in->nr_steps; i++) {
		in->dt[i] = kind == 11 ? edgy(r, 1023, 1025) * range(r, 1, 64) + range(r, 0, 2) - 1
			    : chance(r, 10) ? range(r, 0, 1024)
			    : chance(r, 10) ? range(r, 100000000, 400000000) : range(r, 1, 20000000);
		in->running[i] = chance(r, 50);
	}

	/* clusters of ascending capacity, the last one 1024; small_caps: around the density */
	cap[nr_clusters - 1] = 1024;
	for (int k = (int)nr_clusters - 2; k >= 0; k--)
		cap[k] = kind == 2 ? edgy(r, 95, 110) : range(r, 1, cap[k + 1]);
	if (kind == 2 && chance(r, 50))
		cap[nr_clusters - 1] = edgy(r, 95, 110);
	for (unsigned c = 0; c < nr; c++) {
		cluster_of[c] = c * nr_clusters / nr;
		in->arch_cap[c] = cap[cluster_of[c]];
	}
	for (unsigned c = 1; c < nr; c++)
		in->asym |= in->arch_cap[c] != in->arch_cap[0];

	/* the waking task */
	prev = in->prev_cpu = range(r, 0, nr - 1);
	in->special = kind == 1 || chance(r, 30);
	in->deadline = base + range(r, 0, 30000000);
	if (kind == 1 || (in->special && chance(r, 50))) {
		in->dl_runtime = KC_SUGOV_RUNTIME;
		in->dl_deadline = KC_SUGOV_DEADLINE;
	} else {
		in->dl_deadline = chance(r, 5) ? 0 : range(r, 1, 1000000000);
		in->dl_runtime = range(r, 0, in->dl_deadline);
	}
	if (kind == 1) { /* bound to prev's cluster, a policy */
		in->allowed = 0;
		for (unsigned c = 0; c < nr; c++)
			if (cluster_of[c] == cluster_of[prev])
				in->allowed |= 1ULL << c;
	} else {
		switch (rnd(r) % 10) {
		case 0:
			in->allowed = 1ULL << range(r, 0, nr - 1);
			break;
		case 1:
		case 2:
			in->allowed = gen_cpus(r, nr);
			break;
		default:
			in->allowed = all;
			break;
		}
	}
	if (kind == 9)
		in->allowed = 1ULL << range(r, 0, nr - 1);
	if (kind == 10 && nr > 1) {
		in->allowed &= ~(1ULL << prev);
		if (!in->allowed)
			in->allowed = all & ~(1ULL << prev);
	}

	/* each CPU's current task and deadline runqueue */
	for (unsigned c = 0; c < nr; c++) {
		bool dl = kind == 6 || kind == 7 || chance(r, 30);

		if (kind == 1) /* another policy's kthread, never one on the task's own CPUs */
			dl = !(in->allowed >> c & 1) && chance(r, 20);
		in->curr_dl[c] = dl && chance(r, 80);
		in->curr_special[c] = in->curr_dl[c] && (kind == 1 || chance(r, 30));
		in->curr_deadline[c] = base + range(r, 0, 30000000);
		in->curr_nr_cpus_allowed[c] = chance(r, 30) ? 1 : range(r, 1, nr);
		in->dl_nr_running[c] = dl ? range(r, 1, 3) : 0;
		in->earliest_dl[c] = kind == 7 ? base + 5000000 : base + range(r, 0, 30000000);
	}
	switch (kind) {
	case 3:
	case 4:
	case 5: /* a deadline task runs on prev */
		in->curr_dl[prev] = 1;
		in->curr_special[prev] = 0;
		in->special = 0;
		in->dl_nr_running[prev] = in->dl_nr_running[prev] ? in->dl_nr_running[prev] : 1;
		in->curr_deadline[prev] = kind == 3 ? in->deadline + range(r, 1, 1000000)
					  : in->deadline - range(r, 0, 1000000);
		in->curr_nr_cpus_allowed[prev] = kind == 5 ? 1 : range(r, 2, nr < 2 ? 2 : nr);
		break;
	default:
		break;
	}

	/* prev's domains: one level over every CPU, or its cluster under that */
	in->nr_levels = 1;
	in->level_wake_affine[0] = 1;
	in->level_span[0] = all;
	if ((kind == 12 || chance(r, 20)) && nr_clusters > 1) {
		in->nr_levels = 2;
		in->level_span[1] = all;
		in->level_span[0] = 0;
		for (unsigned c = 0; c < nr; c++)
			if (cluster_of[c] == cluster_of[prev])
				in->level_span[0] |= 1ULL << c;
		in->level_wake_affine[1] = kind == 12 ? chance(r, 50) : 1;
		in->level_wake_affine[0] = kind == 12 ? chance(r, 50) : 1;
	}
	in->this_cpu = range(r, 0, nr - 1);
	in->cursor = chance(r, 40) ? 0 : range(r, 0, nr - 1);
}

/* --- path groups: enqueue_task_fair, dequeue_task_fair ------------------------------------ */

static const char *const enqueue_task_fair_kinds[] = {
	"random", "idle_cpu", "rt_curr", "unattached", "blocked_load", "uclamp", "iowait", "zero_dt",
};
static const char *const dequeue_task_fair_kinds[] = {
	"random", "delay", "requeue", "uclamp", "rt_curr", "blocked_load",
};
enum { PK_RANDOM, PK_IDLE, PK_RT, PK_UNATTACHED, PK_BLOCKED, PK_UCLAMP, PK_IOWAIT, PK_ZERO_DT,
       PK_DELAY, PK_REQUEUE };

/* sched_prio_to_weight[] at some nice levels, and SCHED_IDLE's WEIGHT_IDLEPRIO */
static const uint64_t path_weights[] = { 88761, 9548, 3121, 1277, 1024, 1024, 1024, 820, 335, 110, 15 };

/* a PELT signal: avg and its sum at @divider (LOAD_AVG_MAX - 1024 + period_contrib) */
static void gen_pelt(struct rng *r, uint64_t max, uint64_t divider, uint64_t *avg, uint64_t *sum)
{
	*avg = edgy(r, 0, max);
	*sum = *avg * divider + (chance(r, 30) ? range(r, 0, divider - 1) : 0);
}

/* a path case's runqueue and at least @min_tasks tasks (their steps are each group's) */
static void gen_path_state(struct rng *r, unsigned kind, struct kc_path_in *in, unsigned min_tasks)
{
	uint64_t div, pc;

	in->cpu_scale = chance(r, 50) ? 1024 : range(r, 160, 1024);
	in->freq_scale = chance(r, 40) ? 1024 : range(r, 100, 1024);
	in->rt_curr = kind == PK_RT || (kind != PK_IDLE && chance(r, 35));
	in->base_slice = 750000 * range(r, 1, 4);
	in->tick_nsec = chance(r, 50) ? 4000000 : chance(r, 50) ? 1000000 : 3333333;
	in->uclamp_used = kind == PK_UCLAMP || chance(r, 40);
	in->clock0 = range(r, 1ULL << 20, 1ULL << 36);
	pc = range(r, 0, 1023);
	div = 47742 - 1024 + pc;
	in->cfs_period_contrib = pc;
	if (kind == PK_BLOCKED || chance(r, 50)) { /* blocked load of tasks gone or asleep */
		gen_pelt(r, 1024, div, &in->cfs_util_avg, &in->cfs_util_sum);
		gen_pelt(r, 1024, div, &in->cfs_runnable_avg, &in->cfs_runnable_sum);
		gen_pelt(r, 4096, div, &in->cfs_load_avg, &in->cfs_load_sum);
	}
	in->nr_tasks = range(r, min_tasks, KC_PATH_TASKS);
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		uint64_t tpc = range(r, 0, 1023), tdiv = 47742 - 1024 + tpc;

		in->idle_policy[t] = chance(r, 8);
		in->weight[t] = in->idle_policy[t] ? 3 : path_weights[range(r, 0, 10)];
		in->period_contrib[t] = tpc;
		gen_pelt(r, 1024, tdiv, &in->util_avg[t], &in->util_sum[t]);
		in->runnable_avg[t] = range(r, in->util_avg[t], 1024);
		in->runnable_sum[t] = in->runnable_avg[t] * tdiv;
		in->load_avg[t] = edgy(r, 0, in->weight[t]);
		in->load_sum[t] = in->load_avg[t] * tdiv / in->weight[t];
		in->last_update[t] = kind == PK_UNATTACHED || chance(r, 30)
					     ? 0 : in->clock0 - edgy(r, 0, 1ULL << 27);
		in->util_est[t] = edgy(r, 0, 1024) | (chance(r, 50) ? 0x80000000ULL : 0);
		/* a lag from its last dequeue (not a new task's): a negative one places it after
		 * V, where a sleep is delayed (DELAY_DEQUEUE) */
		if (in->last_update[t] && (kind == PK_DELAY || kind == PK_REQUEUE || chance(r, 50)))
			in->vlag[t] = (uint64_t)((int64_t)range(r, 0, 6 * in->base_slice) -
						 (int64_t)(4 * in->base_slice));
		if (kind == PK_UCLAMP || chance(r, 30)) {
			in->uclamp_min[t] = edgy(r, 0, 1024);
			in->uclamp_max[t] = edgy(r, 0, 1024);
		} else {
			in->uclamp_max[t] = 1024;
		}
	}
}

static void gen_path(struct rng *r, unsigned kind, struct kc_path_in *in, bool dequeues)
{
	bool started[KC_PATH_TASKS] = { false }, queued[KC_PATH_TASKS] = { false };

	gen_path_state(r, kind, in, 1);
	in->nr_steps = range(r, 1, KC_PATH_STEPS);
	for (unsigned k = 0; k < in->nr_steps; k++) {
		unsigned t = (unsigned)range(r, 0, in->nr_tasks - 1);

		in->task[k] = t;
		in->dt[k] = kind == PK_ZERO_DT || chance(r, 10) ? 0 : edgy(r, 1, 40000000);
		if (!dequeues || !queued[t]) {
			/* a task never started that is not attached may be a new one */
			in->op[k] = !started[t] && !in->last_update[t] && chance(r, 60) ? KC_PATH_NEW
											   : KC_PATH_WAKE;
			if ((kind == PK_REQUEUE || chance(r, 15)) && started[t])
				in->op[k] = KC_PATH_REQUEUE; /* applied only if it was delayed */
			in->iowait[k] = in->op[k] == KC_PATH_WAKE && (kind == PK_IOWAIT || chance(r, 20));
			started[t] = queued[t] = true;
		} else {
			in->op[k] = KC_PATH_SLEEP;
			queued[t] = kind == PK_DELAY && chance(r, 30); /* try a sleep again */
		}
	}
}

static void gen_enqueue_task_fair(struct rng *r, unsigned kind, void *v)
{
	gen_path(r, kind, v, false);
}

static void gen_dequeue_task_fair(struct rng *r, unsigned kind, void *v)
{
	static const unsigned map[] = { PK_RANDOM, PK_DELAY, PK_REQUEUE, PK_UCLAMP, PK_RT,
					PK_BLOCKED };

	gen_path(r, map[kind], v, true);
}

/* --- path groups task_tick_fair, check_preempt_wakeup_fair ------------------------------- */

static const char *const task_tick_fair_kinds[] = {
	"random", "one_task", "delayed", "blocked_load", "uclamp", "hw_pressure", "idle_batch",
	"custom_slice", "short_ticks",
};
static const char *const check_preempt_wakeup_fair_kinds[] = {
	"random", "need_resched", "idle_curr", "idle_wakee", "batch_wakee", "short_slice",
	"delayed_wakee", "uclamp",
};
enum { TT_RANDOM, TT_ONE, TT_DELAYED, TT_BLOCKED, TT_UCLAMP, TT_HW, TT_IDLE_BATCH, TT_SLICE,
       TT_SHORT };
enum { PW_RANDOM, PW_RESCHED, PW_IDLE_CURR, PW_IDLE_WAKEE, PW_BATCH_WAKEE, PW_SLICE,
       PW_DELAYED, PW_UCLAMP };

/* the state of gen_path() with no RT task, and what the running steps need */
static void gen_running_state(struct rng *r, unsigned pk, struct kc_path_in *in,
			      unsigned min_tasks)
{
	gen_path_state(r, pk, in, min_tasks);
	in->rt_curr = 0;
	in->freq_ref = range(r, 300000, 3000000);
}

/* a task's policy, its weight with it */
static void gen_policy(struct rng *r, struct kc_path_in *in, unsigned t, unsigned policy)
{
	in->idle_policy[t] = policy;
	in->weight[t] = policy == KC_POLICY_IDLE ? 3 : path_weights[range(r, 0, 10)];
}

static void gen_step(struct kc_path_in *in, unsigned op, unsigned t, uint64_t dt)
{
	unsigned k = (unsigned)in->nr_steps++;

	in->op[k] = op;
	in->task[k] = t;
	in->dt[k] = dt;
}

/*
 * the first steps: some tasks queued, then task 0 set running on the idle CPU; with @delay,
 * the others wake with a lag that places them after V and go to sleep at once, so that their
 * sleep is delayed (DELAY_DEQUEUE)
 */
static void gen_running_start(struct rng *r, struct kc_path_in *in, bool delay)
{
	unsigned n = (unsigned)range(r, delay ? 2 : 1, in->nr_tasks);

	in->nr_steps = 0;
	for (unsigned t = 0; t < n; t++) {
		if (delay && t) {
			in->last_update[t] = in->clock0 - edgy(r, 0, 1ULL << 27);
			in->vlag[t] = (uint64_t)-(int64_t)range(r, 1, 4 * in->base_slice);
		}
		gen_step(in, !in->last_update[t] && chance(r, 50) ? KC_PATH_NEW : KC_PATH_WAKE, t,
			 chance(r, 20) ? 0 : edgy(r, 1, 4000000));
	}
	gen_step(in, KC_PATH_RUN, 0, chance(r, 30) ? 0 : edgy(r, 1, 2000000));
	for (unsigned t = 1; delay && t < n && in->nr_steps < KC_PATH_STEPS - 2; t++)
		if (chance(r, 70))
			gen_step(in, KC_PATH_SLEEP, t, edgy(r, 0, 1000000));
}

/* a tick's distance from the last step: about TICK_NSEC, or anything */
static uint64_t gen_tick_dt(struct rng *r, const struct kc_path_in *in, bool short_ticks)
{
	if (short_ticks)
		return edgy(r, 0, 1000000);
	return chance(r, 60) ? in->tick_nsec + range(r, 0, 2000) - 1000 : edgy(r, 1, 40000000);
}

static void gen_task_tick_fair(struct rng *r, unsigned kind, void *v)
{
	struct kc_path_in *in = v;

	gen_running_state(r, kind == TT_BLOCKED ? PK_BLOCKED : kind == TT_UCLAMP ? PK_UCLAMP
							  : kind == TT_DELAYED ? PK_DELAY : PK_RANDOM,
			  in, kind == TT_DELAYED ? 2 : 1);
	if (kind == TT_ONE)
		in->nr_tasks = 1;
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		if (kind == TT_IDLE_BATCH || chance(r, 10))
			gen_policy(r, in, t, (unsigned)range(r, KC_POLICY_NORMAL, KC_POLICY_BATCH));
		if (kind == TT_SLICE || chance(r, 10))
			in->slice[t] = range(r, 100000, 100000000);
	}
	gen_running_start(r, in, kind == TT_DELAYED);
	while (in->nr_steps < KC_PATH_STEPS) {
		unsigned t = (unsigned)range(r, 0, in->nr_tasks - 1), k = (unsigned)in->nr_steps;

		if (chance(r, 60)) {
			gen_step(in, KC_PATH_TICK, t, gen_tick_dt(r, in, kind == TT_SHORT));
			if (kind == TT_HW || chance(r, 30))
				in->khz[k] = edgy(r, 1, in->freq_ref * 5 / 4);
			continue;
		}
		/* the queue moves between ticks: wake-ups, sleeps (delayed or not), requeues */
		gen_step(in, chance(r, kind == TT_DELAYED ? 60 : 35) ? KC_PATH_SLEEP
				   : chance(r, 30)			 ? KC_PATH_REQUEUE
									 : KC_PATH_WAKE,
			 t, chance(r, 10) ? 0 : edgy(r, 1, 8000000));
	}
}

static void gen_check_preempt_wakeup_fair(struct rng *r, unsigned kind, void *v)
{
	struct kc_path_in *in = v;

	gen_running_state(r, kind == PW_UCLAMP ? PK_UCLAMP : kind == PW_DELAYED ? PK_DELAY
										 : PK_RANDOM,
			  in, 2);
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		unsigned policy = chance(r, 85) ? KC_POLICY_NORMAL
						: (unsigned)range(r, KC_POLICY_IDLE, KC_POLICY_BATCH);

		if (t == 0 && kind == PW_IDLE_CURR)
			policy = KC_POLICY_IDLE;
		else if (t && kind == PW_IDLE_WAKEE && chance(r, 60))
			policy = KC_POLICY_IDLE;
		else if (t && kind == PW_BATCH_WAKEE && chance(r, 60))
			policy = KC_POLICY_BATCH;
		gen_policy(r, in, t, policy);
		if ((kind == PW_SLICE && t) || chance(r, 10))
			in->slice[t] = range(r, 100000, kind == PW_SLICE ? in->base_slice : 30000000);
	}
	gen_running_start(r, in, kind == PW_DELAYED);
	while (in->nr_steps < KC_PATH_STEPS) {
		unsigned t = (unsigned)range(r, 1, in->nr_tasks - 1);

		if (chance(r, kind == PW_RESCHED ? 40 : 15)) {
			gen_step(in, KC_PATH_TICK, t, gen_tick_dt(r, in, false));
			continue;
		}
		/* sleeps make delayed tasks a wake-up requeues */
		gen_step(in, chance(r, kind == PW_DELAYED ? 50 : 25) ? KC_PATH_SLEEP : KC_PATH_TTWU, t,
			 chance(r, 10) ? 0 : edgy(r, 1, 3 * in->base_slice));
	}
}

/* --- path group pick_next_task_fair ------------------------------------------------------ */

static const char *const pick_next_task_fair_kinds[] = {
	"random", "delayed", "all_delayed", "block", "lag", "uclamp", "idle_batch", "custom_slice",
};
enum { PN_RANDOM, PN_DELAYED, PN_ALL_DELAYED, PN_BLOCK, PN_LAG, PN_UCLAMP, PN_IDLE_BATCH,
       PN_SLICE };

/*
 * The running start of task_tick_fair (task 0 set running, the others queued; with delayed
 * kinds they sleep at once behind V and stay queued, delayed), then __schedule()s of the running
 * task -- preempted (PICK) or going to sleep (BLOCK) -- among ticks that move V (a delayed task
 * becomes eligible, and the pick that chooses it dequeues it for good), sleeps of queued tasks
 * (delayed or not), wake-ups, requeues and, once the CPU idles, an idle CPU's RUN. "lag" gives
 * every task a lag, either side of V, at its wake-up; "all_delayed" sleeps all but the running
 * task, so that the picks dequeue them one after another and the CPU may idle.
 */
static void gen_pick_next_task_fair(struct rng *r, unsigned kind, void *v)
{
	struct kc_path_in *in = v;
	bool delay = kind == PN_DELAYED || kind == PN_ALL_DELAYED || kind == PN_BLOCK;

	gen_running_state(r, kind == PN_UCLAMP ? PK_UCLAMP : delay || kind == PN_LAG ? PK_DELAY
										       : PK_RANDOM,
			  in, 3);
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		if (kind == PN_IDLE_BATCH || chance(r, 10))
			gen_policy(r, in, t, (unsigned)range(r, KC_POLICY_NORMAL, KC_POLICY_BATCH));
		if (kind == PN_SLICE || chance(r, 10))
			in->slice[t] = range(r, 100000, 3 * in->base_slice);
		if (kind == PN_LAG && in->last_update[t])
			in->vlag[t] = (uint64_t)((int64_t)range(r, 0, 4 * in->base_slice) -
						 (int64_t)(2 * in->base_slice));
	}
	gen_running_start(r, in, delay);
	while (in->nr_steps < KC_PATH_STEPS) {
		unsigned t = (unsigned)range(r, 0, in->nr_tasks - 1), pct = (unsigned)range(r, 0, 99);
		uint64_t dt = chance(r, 10) ? 0 : edgy(r, 1, 3 * in->base_slice);

		if (pct < 30)
			gen_step(in, KC_PATH_TICK, t, gen_tick_dt(r, in, false));
		else if (pct < 55)
			gen_step(in, KC_PATH_PICK, 0, dt);
		else if (pct < (kind == PN_BLOCK ? 80u : 65u))
			gen_step(in, KC_PATH_BLOCK, 0, dt);
		else if (pct < (kind == PN_ALL_DELAYED ? 90u : 75u))
			gen_step(in, KC_PATH_SLEEP, t, dt);
		else if (pct < 85)
			gen_step(in, KC_PATH_RUN, t, dt);
		else
			gen_step(in, chance(r, 40) ? KC_PATH_REQUEUE : KC_PATH_TTWU, t, dt);
	}
}

/* --- path group select_task_rq_fair ------------------------------------------------------ */

static const char *const select_task_rq_fair_kinds[] = {
	"random", "idle_this", "busy", "sync", "wide", "recent", "eas", "one_llc", "symmetric",
	"sched_idle", "sync_tie",
};
enum { WK_RANDOM, WK_IDLE_THIS, WK_BUSY, WK_SYNC, WK_WIDE, WK_RECENT, WK_EAS, WK_ONE_LLC,
       WK_SYMMETRIC, WK_SCHED_IDLE, WK_SYNC_TIE };

/*
 * A sync wake-up where wake_affine_weight() weighs this_cpu and prev equal before its + 1: the
 * same capacity_of(), this_cpu's load less current's plus p's at 108 k, prev's less p's at
 * 100 k (WA_BIAS: 100 against 100 + 17 / 2), neither CPU idle nor this_cpu's waker alone there.
 */
static void gen_sync_tie(struct rng *r, struct kc_select_task_rq_fair_in *in)
{
	uint64_t k = range(r, 1, 30), t, cl = range(r, 0, 300), tc = in->this_cpu, pc;
	uint64_t cap;

	if (in->prev_cpu == tc)
		in->prev_cpu = (tc + 1) % in->nr_cpus;
	pc = in->prev_cpu;
	t = range(r, 0, 108 * k < 200 ? 108 * k : 200);
	cap = in->arch_cap[tc] < in->arch_cap[pc] ? in->arch_cap[tc] : in->arch_cap[pc];
	in->capacity_of[tc] = in->capacity_of[pc] = cap;
	in->sync = 1;
	in->eas_overutilized = 1;
	in->nr_running[tc] = range(r, 2, 3);
	in->nr_running[pc] = range(r, 1, 3);
	in->nr_delayed[tc] = in->nr_delayed[pc] = in->idle_policy[tc] = in->idle_policy[pc] = 0;
	in->curr_load_avg[tc] = cl;
	in->cfs_load_avg[tc] = 108 * k + cl - t;
	in->cfs_load_avg[pc] = 100 * k + t;
	in->load_avg = t;
	in->flips = in->curr_flips[tc] = 0; /* not wake_wide() */
}

static void gen_feec_em(struct rng *r, unsigned kind, struct kc_find_energy_efficient_cpu_in *in,
			unsigned d, uint64_t cap);

/*
 * EAS with perf domains (asymmetric capacities only: EAS needs them): the clusters' energy
 * models as group find_energy_efficient_cpu makes them, each CPU's CFS util and util_est
 */
static void gen_select_eas(struct rng *r, struct kc_select_task_rq_fair_in *in)
{
	struct kc_find_energy_efficient_cpu_in em = { 0 };
	bool asym = false;

	for (unsigned c = 1; c < in->nr_cpus; c++)
		asym |= in->arch_cap[c] != in->arch_cap[0];
	in->eas_pds = asym && !in->eas_overutilized && chance(r, 70);
	if (!in->eas_pds)
		return;
	for (unsigned k = 0; k < (in->split == in->nr_cpus ? 1u : 2u); k++) {
		gen_feec_em(r, 0, &em, k, in->arch_cap[k ? in->split : 0]);
		in->em_states[k] = em.nr_states[k];
	}
	for (unsigned i = 0; i < 2 * KC_MAX_OPPS; i++) {
		in->em_perf[i] = em.em_perf[i];
		in->em_cost[i] = em.em_cost[i];
		in->em_ineff[i] = em.em_ineff[i];
	}
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		in->util_cfs[c] = chance(r, 20) ? 0 : edgy(r, 0, in->arch_cap[c]);
		in->util_est_cfs[c] = chance(r, 40) ? edgy(r, 0, in->arch_cap[c] + 100) : 0;
	}
}

static void gen_select_task_rq_fair(struct rng *r, unsigned kind, void *v)
{
	struct kc_select_task_rq_fair_in *in = v;
	uint64_t nr = range(r, 2, KC_MAX_CPUS), big = range(r, 400, 1024);
	bool symmetric = kind == WK_SYMMETRIC || chance(r, 20);

	in->nr_cpus = nr;
	in->split = kind == WK_ONE_LLC || chance(r, 15) ? nr : range(r, 1, nr - 1);
	in->uclamp_used = chance(r, 50);
	in->eas_overutilized = kind == WK_EAS ? 0 : !chance(r, 15);
	in->now_jiffies = range(r, 0, 1ULL << 20);
	for (unsigned c = 0; c < nr; c++) {
		bool little = !symmetric && c < in->split;

		in->arch_cap[c] = symmetric ? 1024 : little ? big * 4 / 10 : 1024;
		in->capacity_of[c] = chance(r, 60) ? in->arch_cap[c] : range(r, 1, in->arch_cap[c]);
		if (chance(r, 30))
			in->hw_load_avg[c] = edgy(r, 0, in->arch_cap[c]);
		if (chance(r, 30))
			in->cpufreq_pressure[c] = edgy(r, 0, in->arch_cap[c]);
		in->nr_running[c] = kind == WK_BUSY ? range(r, 1, 4) : chance(r, 45) ? 0 : range(r, 1, 4);
		in->idle_policy[c] = in->nr_running[c] && (kind == WK_SCHED_IDLE || chance(r, 10));
		/* delayed tasks among them, a running one first (no delayed SCHED_IDLE ones) */
		if (!in->idle_policy[c] && in->nr_running[c] > 1 && chance(r, 30))
			in->nr_delayed[c] = range(r, 1, in->nr_running[c] - 1);
		in->cfs_load_avg[c] = in->nr_running[c] || chance(r, 40) ? edgy(r, 0, 4096) : 0;
		in->curr_load_avg[c] = in->nr_running[c] ? edgy(r, 0, 1024) : 0;
		in->curr_flips[c] = kind == WK_WIDE ? range(r, 0, 64) : edgy(r, 0, 20);
		in->curr_decay_ts[c] = chance(r, 50) ? in->now_jiffies - range(r, 0, 500)
						   : in->now_jiffies - range(r, 0, 260);
		in->curr_last_is_p[c] = chance(r, 30);
	}
	in->prev_cpu = range(r, 0, nr - 1);
	in->this_cpu = kind == WK_RANDOM && chance(r, 25) ? in->prev_cpu : range(r, 0, nr - 1);
	if (kind == WK_IDLE_THIS)
		in->nr_running[in->this_cpu] = in->nr_delayed[in->this_cpu] = 0;
	in->sync = kind == WK_SYNC || chance(r, 20);
	if (kind == WK_SYNC && chance(r, 50)) { /* the waker alone but for delayed tasks */
		in->nr_running[in->this_cpu] = range(r, 2, 3);
		in->nr_delayed[in->this_cpu] = in->nr_running[in->this_cpu] - 1;
		in->idle_policy[in->this_cpu] = 0;
	}
	/* allowed: at least two CPUs, prev among them (this_cpu maybe not) */
	do {
		in->allowed = chance(r, 60) ? (1ULL << nr) - 1 : range(r, 1, (1ULL << nr) - 1);
		in->allowed |= 1ULL << in->prev_cpu;
	} while (__builtin_popcountll(in->allowed) < 2);
	if (kind == WK_SYNC_TIE)
		in->allowed |= 1ULL << in->this_cpu | 1ULL << ((in->this_cpu + 1) % nr);
	in->util_avg = edgy(r, 0, 1024);
	in->util_est = edgy(r, 0, 1024) | (chance(r, 50) ? 0x80000000ULL : 0);
	in->load_avg = edgy(r, 0, 1024);
	if (kind == WK_SYNC_TIE)
		gen_sync_tie(r, in);
	if (chance(r, 40)) {
		in->uclamp_min = edgy(r, 0, 1024);
		in->uclamp_max = edgy(r, 0, 1024);
	} else {
		in->uclamp_max = 1024;
	}
	in->flips = kind == WK_WIDE ? range(r, 0, 64) : edgy(r, 0, 20);
	in->recent_used_cpu = kind == WK_RECENT || chance(r, 60) ? range(r, 0, nr - 1) : in->prev_cpu;
	do /* feec answers an allowed CPU */
		in->feec_cpu = range(r, 0, nr - 1);
	while (!(in->allowed >> in->feec_cpu & 1));
	in->p_idle_policy = chance(r, kind == WK_SCHED_IDLE ? 50 : 15);
	/* 7.3's SIS_UTIL depths: 0 (no scan) to past the domain's weight (no limit) */
	for (unsigned d = 0; d < 3; d++)
		in->nr_idle_scan[d] = chance(r, 30) ? nr : edgy(r, 0, nr);
	gen_select_eas(r, in);
}

/* --- path group cooling_get_load --------------------------------------------------------- */

static const char *const cooling_get_load_kinds[] = {
	"random", "idle", "saturated", "irq", "off_table", "one_cpu", "ties", "max_power",
	"clamps",
};
enum { CK_RANDOM, CK_IDLE, CK_SATURATED, CK_IRQ, CK_OFF_TABLE, CK_ONE_CPU, CK_TIES,
       CK_MAX_POWER, CK_CLAMPS };

/* EM_MAX_POWER (energy_model.h): em_create_perf_table() refuses a state above 64 W */
#define KC_EM_MAX_POWER_UW 64000000ULL

/* policy p's energy model: ascending frequencies, powers rising (or equal: ties) */
static void gen_cooling_em(struct rng *r, unsigned kind, struct kc_cooling_get_load_in *in,
			   unsigned p)
{
	uint64_t *freq = &in->em_freq[p * KC_MAX_OPPS], *power = &in->em_power[p * KC_MAX_OPPS];
	uint64_t n = chance(r, 5) ? 1 : range(r, 2, KC_MAX_OPPS), f = range(r, 100000, 600000);
	uint64_t w = kind == CK_MAX_POWER ? KC_EM_MAX_POWER_UW / n : range(r, 1000, 500000);
	uint64_t pw = kind == CK_TIES ? range(r, 1, 3000) : range(r, 1, w);

	in->nr_states[p] = n;
	for (unsigned i = 0; i < n; i++) {
		freq[i] = f;
		f += chance(r, 10) ? 1 : range(r, 1000, 300000);
		power[i] = pw;
		if (kind == CK_TIES && chance(r, 50))
			continue; /* the next state draws as much (or less than a mW more) */
		pw += kind == CK_TIES ? range(r, 0, 1500) : range(r, 0, w);
		if (pw > KC_EM_MAX_POWER_UW)
			pw = KC_EM_MAX_POWER_UW;
	}
	if (kind == CK_MAX_POWER)
		power[n - 1] = KC_EM_MAX_POWER_UW;
	/* policy->cur: an OPP, or (off_table) between, below or above them */
	if (kind == CK_OFF_TABLE || chance(r, 10))
		in->cur_khz[p] = edgy(r, freq[0] - 1, freq[n - 1] + 1);
	else
		in->cur_khz[p] = freq[range(r, 0, n - 1)];
	in->max_khz[p] = chance(r, 70) ? freq[n - 1] : freq[range(r, 0, n - 1)];
}

static void gen_cooling_cpu(struct rng *r, unsigned kind, struct kc_cooling_get_load_in *in,
			    unsigned c, uint64_t cap)
{
	in->arch_cap[c] = chance(r, 85) ? cap : range(r, 1, 1024);
	in->capacity_of[c] = range(r, 1, in->arch_cap[c]);
	if (kind == CK_IDLE)
		return;
	in->util_cfs[c] = edgy(r, 0, kind == CK_SATURATED ? 1024 : in->arch_cap[c]);
	in->util_est[c] = chance(r, 50) ? edgy(r, 0, 1024) : 0;
	if (kind == CK_SATURATED || chance(r, 40))
		in->util_rt[c] = edgy(r, 0, 1024);
	if (kind == CK_SATURATED || chance(r, 25))
		in->util_dl[c] = edgy(r, 0, 512);
	if (kind == CK_IRQ || (kind == CK_SATURATED && chance(r, 30)))
		in->util_irq[c] = edgy(r, 0, in->arch_cap[c] + 1);
	if (kind == CK_CLAMPS || chance(r, 20)) {
		in->dl_running_bw[c] = range(r, 0, 1ULL << 20);
		in->rt_nr[c] = range(r, 0, 3);
		in->uclamp_min_rq[c] = edgy(r, 0, 1024);
		in->uclamp_max_rq[c] = edgy(r, 0, 1024);
	} else {
		in->uclamp_max_rq[c] = 1024;
	}
}

static void gen_cooling_get_load(struct rng *r, unsigned kind, void *v)
{
	struct kc_cooling_get_load_in *in = v;
	uint64_t nr = range(r, 1, KC_MAX_CPUS), np;

	in->nr_cpus = nr;
	np = kind == CK_ONE_CPU ? nr < KC_COOL_POLICIES ? nr : KC_COOL_POLICIES
				: range(r, 1, nr < KC_COOL_POLICIES ? nr : KC_COOL_POLICIES);
	in->nr_policies = np;
	in->uclamp_used = kind == CK_CLAMPS || chance(r, 50);
	/* policy p from first_cpu[p]: rising, each at least one CPU (one_cpu: the last ones) */
	for (unsigned p = 1; p < np; p++)
		in->first_cpu[p] = kind == CK_ONE_CPU ? nr - np + p
						      : range(r, in->first_cpu[p - 1] + 1, nr - np + p);
	for (unsigned p = 0; p < np; p++) {
		uint64_t end = p + 1 < np ? in->first_cpu[p + 1] : nr, cap = range(r, 1, 1024);

		gen_cooling_em(r, kind, in, p);
		for (uint64_t c = in->first_cpu[p]; c < end; c++)
			gen_cooling_cpu(r, kind, in, (unsigned)c, cap);
	}
	/* power2state's grants: 0, small, around a state's power x the load, the maximum */
	for (unsigned p = 0; p < np; p++) {
		uint64_t n = in->nr_states[p], top = in->em_power[p * KC_MAX_OPPS + n - 1] / 1000;
		uint64_t cpus = (p + 1 < np ? in->first_cpu[p + 1] : nr) - in->first_cpu[p];

		for (unsigned g = 0; g < KC_COOL_GRANTS; g++) {
			uint64_t k = range(r, 0, n - 1), mw = in->em_power[p * KC_MAX_OPPS + k] / 1000;

			uint64_t near = mw * range(r, 0, 100 * cpus) / 100 + range(r, 0, 2);

			/* a state's power x a load, or one mW either side */
			in->grant[p * KC_COOL_GRANTS + g] =
				g == 0 ? 0 : chance(r, 50) ? edgy(r, 0, top * cpus + 1)
					   : near ? near - 1 : 0;
		}
	}
}

/* --- group find_energy_efficient_cpu ------------------------------------------------------ */

static const char *const find_energy_efficient_cpu_kinds[] = {
	"random", "light", "saturated", "uclamp", "pressure", "inefficient", "ties", "no_util",
	"one_pd",
};
enum { EK_RANDOM, EK_LIGHT, EK_SATURATED, EK_UCLAMP, EK_PRESSURE, EK_INEFFICIENT, EK_TIES,
       EK_NO_UTIL, EK_ONE_PD };

/*
 * pd d's energy model as em_create_perf_table() and em_compute_costs() (6.9+) make it from
 * ascending frequencies and powers: performance = cap * freq / fmax, cost = 10 * power /
 * performance, a state whose cost is not below a higher one's inefficient; the inefficient
 * kind flags states at random instead (feec reads the flags, not how they were found).
 */
static void gen_feec_em(struct rng *r, unsigned kind, struct kc_find_energy_efficient_cpu_in *in,
			unsigned d, uint64_t cap)
{
	unsigned base = d * KC_MAX_OPPS;
	uint64_t n = chance(r, 5) ? 1 : range(r, 2, KC_MAX_OPPS), f = range(r, 200000, 600000);
	uint64_t pw = range(r, 1000, 100000), fmax, prev_cost = UINT64_MAX;

	in->nr_states[d] = n;
	for (unsigned i = 0; i < n; i++) {
		in->em_freq[base + i] = f;
		in->em_power[base + i] = pw;
		f += range(r, 50000, 300000);
		pw += kind == EK_TIES && chance(r, 50) ? 0 : range(r, 1, 200000);
	}
	fmax = in->em_freq[base + n - 1];
	for (unsigned i = (unsigned)n; i-- > 0;) {
		uint64_t perf = cap * in->em_freq[base + i] / fmax;

		in->em_perf[base + i] = perf ? perf : 1;
		in->em_cost[base + i] = 10 * in->em_power[base + i] / in->em_perf[base + i];
		in->em_cost_6_1[base + i] = fmax * in->em_power[base + i] / in->em_freq[base + i];
		if (kind == EK_INEFFICIENT) {
			in->em_ineff[base + i] = chance(r, 40);
		} else if (in->em_cost[base + i] >= prev_cost) {
			in->em_ineff[base + i] = 1;
		} else {
			prev_cost = in->em_cost[base + i];
		}
	}
	in->skip_ineff[d] = kind == EK_INEFFICIENT ? chance(r, 70) : chance(r, 30);
}

static void gen_feec_cpu(struct rng *r, unsigned kind, struct kc_find_energy_efficient_cpu_in *in,
			 unsigned c, uint64_t cap)
{
	uint64_t top = kind == EK_LIGHT ? cap / 4 : kind == EK_SATURATED ? 1024 : cap;

	in->arch_cap[c] = cap;
	in->capacity_of[c] = chance(r, 70) ? cap - range(r, 0, cap / 10) : range(r, 1, cap);
	if (kind == EK_TIES && c > 0 && in->arch_cap[c - 1] == cap && chance(r, 60)) {
		in->capacity_of[c] = in->capacity_of[c - 1];
		in->util_cfs[c] = in->util_cfs[c - 1];
		in->runnable_cfs[c] = in->runnable_cfs[c - 1];
		in->uclamp_max_rq[c] = in->uclamp_max_rq[c - 1];
		return;
	}
	in->util_cfs[c] = chance(r, 15) ? 0 : edgy(r, 0, top);
	in->runnable_cfs[c] = chance(r, 50) ? in->util_cfs[c] : edgy(r, 0, top + 200);
	in->util_est_cfs[c] = chance(r, 40) ? edgy(r, 0, top + 100) : 0;
	if (kind == EK_SATURATED || chance(r, 20))
		in->util_rt[c] = edgy(r, 0, kind == EK_SATURATED ? 1024 : cap / 3);
	if (kind == EK_SATURATED || chance(r, 15))
		in->util_dl[c] = edgy(r, 0, cap / 2);
	if (kind == EK_SATURATED ? chance(r, 30) : chance(r, 15))
		in->util_irq[c] = edgy(r, 0, kind == EK_SATURATED ? cap + 1 : cap / 4);
	if (chance(r, 15)) {
		in->dl_running_bw[c] = range(r, 0, 1ULL << 19);
		in->rt_nr[c] = range(r, 0, 2);
	}
	in->uclamp_max_rq[c] = 1024;
	if (kind == EK_UCLAMP || chance(r, 20)) {
		in->uclamp_min_rq[c] = edgy(r, 0, 1024);
		in->uclamp_max_rq[c] = edgy(r, 0, 1024);
		in->uclamp_idle[c] = chance(r, 30);
	}
	if (kind == EK_PRESSURE || chance(r, 15)) {
		in->hw_load_avg[c] = edgy(r, 0, kind == EK_PRESSURE ? cap : cap / 3);
		in->cpufreq_pressure[c] = edgy(r, 0, kind == EK_PRESSURE ? cap : cap / 3);
		in->thermal_pressure[c] = edgy(r, 0, kind == EK_PRESSURE ? cap - 1 : cap / 3);
	}
}

static void gen_find_energy_efficient_cpu(struct rng *r, unsigned kind, void *v)
{
	struct kc_find_energy_efficient_cpu_in *in = v;
	uint64_t nr = range(r, 1, KC_MAX_CPUS), np, cap = 0;

	in->nr_cpus = nr;
	np = kind == EK_ONE_PD ? 1 : range(r, 1, nr < KC_FEEC_PDS ? nr : KC_FEEC_PDS);
	if (kind == EK_RANDOM && chance(r, 3))
		np = 0; /* no perf domain list: EAS off in this root domain */
	in->nr_pds = np;
	in->uclamp_used = kind == EK_UCLAMP || chance(r, 50);
	/* pd d from first_cpu[d], rising, each at least one CPU; capacities rising by pd */
	for (unsigned d = 1; d < np; d++)
		in->first_cpu[d] = range(r, in->first_cpu[d - 1] + 1, nr - np + d);
	for (unsigned d = 0; d < (np ? np : 1); d++) {
		uint64_t end = d + 1 < np ? in->first_cpu[d + 1] : nr;

		uint64_t above = np ? np - 1 - d : 0; /* pds above this one */

		cap = above == 0 && chance(r, 70) ? 1024 : range(r, cap + 1, 1024 - above);
		if (np)
			gen_feec_em(r, kind, in, d, cap);
		for (uint64_t c = np ? in->first_cpu[d] : 0; c < end; c++)
			gen_feec_cpu(r, kind, in, (unsigned)c, cap);
	}
	in->this_cpu = range(r, 0, nr - 1);
	in->prev_cpu = range(r, 0, nr - 1);
	in->allowed = chance(r, 60) ? (1ULL << nr) - 1 : range(r, 1, (1ULL << nr) - 1);
	in->util_avg = kind == EK_NO_UTIL ? 0 : edgy(r, 0, kind == EK_LIGHT ? 200 : 1024);
	in->runnable_avg = chance(r, 50) ? in->util_avg : edgy(r, 0, 1024);
	in->util_est = kind == EK_NO_UTIL ? (chance(r, 50) ? 0x80000000u : 0)
		       : chance(r, 50) ? edgy(r, 0, 1024) | (chance(r, 50) ? 0x80000000u : 0) : 0;
	in->util_est_ewma = chance(r, 40) ? edgy(r, 0, 1024) : 0;
	in->uclamp_min = kind == EK_UCLAMP || kind == EK_NO_UTIL ? edgy(r, 0, 1024)
			 : chance(r, 20) ? edgy(r, 0, 1024) : 0;
	in->uclamp_max = kind == EK_UCLAMP || chance(r, 20) ? edgy(r, 0, 1024) : 1024;
	/* p's low UCLAMP_MAX replaces an idle rq's: its pd may ask less with p than without
	 * ("CPU utilization has changed": feec returns prev_cpu at once) */
	if (kind == EK_UCLAMP && chance(r, 40)) {
		in->uclamp_idle[in->prev_cpu] = 1;
		in->uclamp_max = range(r, 0, 300);
	}
}

/* the same cases on 6.1 */
#define find_energy_efficient_cpu_6_1_kinds find_energy_efficient_cpu_kinds
#define gen_find_energy_efficient_cpu_6_1 gen_find_energy_efficient_cpu

/* --- path group sched_balance_newidle ---------------------------------------------------- */

static const char *const sched_balance_newidle_kinds[] = {
	"newidle", "newidle_gate", "newidle_walk", "newidle_decay", "domains", "domains_decay",
	"kick", "kick_llc", "kick_asym", "avg_idle",
};
enum { NK_NEWIDLE, NK_GATE, NK_WALK, NK_NEWIDLE_DECAY, NK_DOMAINS, NK_DOMAINS_DECAY, NK_KICK,
       NK_KICK_LLC, NK_KICK_ASYM, NK_AVG_IDLE };
#define NK_HZ 250 /* both sides' */

/* a value at @at, one below or one above it (a comparison's boundary), or 0..@hi */
static uint64_t around(struct rng *r, uint64_t at, uint64_t hi)
{
	switch (rnd(r) % 4) {
	case 0: return at ? at - 1 : 0;
	case 1: return at;
	case 2: return at + 1;
	default: return range(r, 0, hi);
	}
}

/* the domains: 1-3 levels of strictly growing spans from CPU 0, the top one all CPUs */
static void gen_ni_domains(struct rng *r, unsigned kind, struct kc_sched_balance_newidle_in *in)
{
	uint64_t nr = in->nr_cpus, now = in->now_jiffies;

	in->nr_sd = range(r, 1, nr < KC_NI_LEVELS ? nr : KC_NI_LEVELS);
	in->sd_weight[in->nr_sd - 1] = nr;
	for (unsigned l = (unsigned)in->nr_sd - 1; l-- > 0;)
		in->sd_weight[l] = range(r, l + 1, in->sd_weight[l + 1] - 1);
	for (unsigned l = 0; l < in->nr_sd; l++) {
		/* the stated cost model (docs/model.md): 2 us plus 1 us per CPU of the span */
		in->sd_cost[l] = 2000 + 1000 * in->sd_weight[l];
		in->max_newidle_lb_cost[l] = chance(r, 20) ? 0 : around(r, in->sd_cost[l], 40000);
		if (kind == NK_NEWIDLE_DECAY || kind == NK_DOMAINS_DECAY)
			in->max_newidle_lb_cost[l] = in->sd_cost[l] + range(r, 0, 20000);
		in->last_decay[l] = now - around(r, NK_HZ, 2 * NK_HZ);
		in->last_balance[l] = now - range(r, 0, 100);
		in->balance_interval[l] = range(r, in->sd_weight[l], 2 * in->sd_weight[l]);
		in->lb_pulled[l] = chance(r, 30) ? range(r, 1, 3) : 0;
		in->lb_continue[l] = !chance(r, kind == NK_DOMAINS_DECAY ? 50 : 20);
	}
}

/* avg_idle where the walk stops or goes on: the passes before level k plus k's max cost */
static uint64_t gen_ni_walk_avg_idle(struct rng *r, const struct kc_sched_balance_newidle_in *in)
{
	unsigned k = (unsigned)range(r, 0, in->nr_sd - 1);
	uint64_t sum = 0;

	for (unsigned l = 0; l < k; l++)
		sum += in->sd_cost[l];
	return around(r, sum + in->max_newidle_lb_cost[k], 2000000);
}

static void gen_ni_nohz(struct rng *r, unsigned kind, struct kc_sched_balance_newidle_in *in)
{
	uint64_t now = in->now_jiffies;

	in->nohz_has_blocked = chance(r, 60);
	in->nohz_next_blocked = now + range(r, 0, 6) - 3;
	in->nohz_next_balance = now + range(r, 0, 6) - 3;
	in->nohz_needs_update = chance(r, 30);
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		in->tick_stopped[c] = chance(r, 50);
		in->cpu_idle[c] = chance(r, in->tick_stopped[c] ? 85 : 20);
	}
	if (kind == NK_KICK_LLC || chance(r, 50))
		in->llc = (range(r, 0, (1ULL << in->nr_cpus) - 1) | 1ULL << in->this_cpu) &
			  ((1ULL << in->nr_cpus) - 1);
}

static void gen_sched_balance_newidle(struct rng *r, unsigned kind, void *v)
{
	struct kc_sched_balance_newidle_in *in = v;
	bool kick = kind == NK_KICK || kind == NK_KICK_LLC || kind == NK_KICK_ASYM;

	in->path = kind <= NK_NEWIDLE_DECAY ? KC_NI_NEWIDLE :
		   kind <= NK_DOMAINS_DECAY ? KC_NI_DOMAINS : kick ? KC_NI_KICK : KC_NI_AVG_IDLE;
	in->nr_cpus = range(r, 2, KC_MAX_CPUS);
	in->this_cpu = kick ? range(r, 0, in->nr_cpus - 1) : 0;
	in->now_jiffies = range(r, 1000, 1ULL << 30);
	gen_ni_domains(r, kind, in);
	in->cpu_idle_type = chance(r, 50);
	in->sched_idle = chance(r, 10);
	in->overloaded = !chance(r, 25);
	in->ttwu_pending = chance(r, 10);
	in->max_idle_balance_cost = 500000 + (chance(r, 60) ? 0 : edgy(r, 0, 100000));
	in->avg_idle = chance(r, 70) ? range(r, 0, 2 * in->max_idle_balance_cost) :
				       range(r, 0, 60000);
	if (kind == NK_GATE)
		in->avg_idle = around(r, in->max_newidle_lb_cost[0], 60000);
	if (kind == NK_WALK)
		in->avg_idle = gen_ni_walk_avg_idle(r, in);
	in->next_balance = in->now_jiffies + range(r, 0, 400) - 100;
	in->asym = kind == NK_KICK_ASYM || (kind != NK_KICK_LLC && chance(r, 50));
	in->misfit_task_load = chance(r, 40) ? range(r, 1, 1024) : 0;
	/* a newidle CPU: nothing queued, or a task queued meanwhile (an RT one: not fair's) */
	in->nr_running = kick ? (chance(r, 50) ? 1 : range(r, 1, 4)) :
				chance(r, 80) ? 0 : range(r, 1, 2);
	in->h_nr_queued = range(r, 0, in->nr_running);
	/* delayed entities, at times all of the CFS ones (h_nr_queued against h_nr_runnable) */
	in->nr_delayed = chance(r, 30) ? (chance(r, 50) ? in->h_nr_queued :
					  range(r, 0, in->h_nr_queued)) : 0;
	in->clock = range(r, 1000000000ULL, 1ULL << 40);
	in->idle_stamp = kind == NK_AVG_IDLE && chance(r, 20) ? 0 :
			 in->clock - (chance(r, 50) ? range(r, 0, 3000000) : range(r, 0, 1ULL << 32));
	in->arch_cap = range(r, 100, 1024);
	in->cpu_capacity = chance(r, 40) ? in->arch_cap :
			   chance(r, 50) ? around(r, in->arch_cap * 100 / 117, in->arch_cap) :
					   range(r, 1, in->arch_cap);
	if (!in->cpu_capacity)
		in->cpu_capacity = 1;
	gen_ni_nohz(r, kind, in);
	/* the CPU's idle state exit between the wake-up and the switch (0 for WFI) */
	in->idle_exit = kind == NK_AVG_IDLE && chance(r, 50) ? range(r, 1, 2000000) : 0;
	if (kick)
		in->cpu_idle[in->this_cpu] = 0; /* its tick runs */
}

/* --- path group sched_tick_idle -------------------------------------------------------------- */

static const char *const sched_tick_idle_kinds[] = {
	"idle", "due", "not_due", "queued", "ttwu_pending", "nohz_all", "decay",
};
enum { TK_IDLE, TK_DUE, TK_NOT_DUE, TK_QUEUED, TK_TTWU, TK_NOHZ_ALL, TK_DECAY };

/*
 * The idle CPU this_cpu's tick: sched_balance_newidle's case (domains, nohz state, the other
 * CPUs idle or busy, in nohz mode or not) with this CPU running its idle task: idle_cpu(), or
 * not with a task queued (queued) or a wake-up on its wake list (ttwu_pending); its
 * next_balance due or not at the boundary; every CPU in nohz mode or this one out (nohz_all).
 */
static void gen_sched_tick_idle(struct rng *r, unsigned kind, void *v)
{
	struct kc_sched_tick_idle_in *in = v;
	_Static_assert(sizeof(*in) == sizeof(struct kc_sched_balance_newidle_in), "one case");

	gen_sched_balance_newidle(r, kind == TK_DECAY ? NK_DOMAINS_DECAY : NK_KICK, v);
	in->path = KC_NI_TICK;
	in->this_cpu = 0; /* the domains are CPU 0's (kc_ni_domains(), ns_rq()) */
	/* the engine's tick syncs its view from the runqueue, which holds no SCHED_IDLE task
	 * (group sched_balance_newidle's domains path checks sched_idle_cpu()) */
	in->sched_idle = 0;
	in->nr_running = kind == TK_QUEUED || (kind == TK_IDLE && chance(r, 20)) ? range(r, 1, 2)
										   : 0;
	in->h_nr_queued = range(r, 0, in->nr_running);
	in->nr_delayed = 0;
	in->ttwu_pending = kind == TK_TTWU || (kind == TK_IDLE && chance(r, 10));
	in->cpu_idle[in->this_cpu] = !in->nr_running;
	if (kind == TK_DUE) /* time_after_eq(jiffies, rq->next_balance) at its boundary */
		in->next_balance = in->now_jiffies - range(r, 0, 2);
	if (kind == TK_NOT_DUE)
		in->next_balance = in->now_jiffies + range(r, 1, 3);
	if (kind == TK_NOHZ_ALL)
		for (unsigned c = 0; c < in->nr_cpus; c++)
			in->tick_stopped[c] = c != in->this_cpu || chance(r, 50);
}

/* --- path group fork ---------------------------------------------------------------------- */

static const char *const fork_kinds[] = {
	"random", "idle_this", "busy", "spare_tie", "misfit", "affinity", "no_fork_flag",
	"sched_idle", "one_level", "three_levels", "imbalanced", "fully_busy",
};
enum { FK_RANDOM, FK_IDLE_THIS, FK_BUSY, FK_SPARE_TIE, FK_MISFIT, FK_AFFINITY, FK_NO_FORK_FLAG,
       FK_SCHED_IDLE, FK_ONE_LEVEL, FK_THREE_LEVELS, FK_IMBALANCED, FK_FULLY_BUSY };

/*
 * The domains: the top level over all CPUs, each level below cut into contiguous spans inside
 * its parent's (a span of one CPU, or one equal to the span below it, is no domain), with
 * SD_BALANCE_FORK (some dropped: no_fork_flag) and SD_ASYM_CPUCAPACITY where the span holds
 * two capacities, as asym_cpu_capacity_classify() gives it.
 */
static void gen_fork_domains(struct rng *r, unsigned kind, struct kc_fork_in *in)
{
	unsigned nr = (unsigned)in->nr_cpus, top;

	in->nr_levels = kind == FK_ONE_LEVEL ? 1 : kind == FK_THREE_LEVELS ? 3
			: kind == FK_SPARE_TIE ? range(r, 2, 3) : range(r, 1, 3);
	top = (unsigned)in->nr_levels - 1;
	for (int l = (int)top - 1; l >= 0; l--)
		for (unsigned c = 0; c < nr; c++) {
			uint64_t *d = &in->dom[l * KC_MAX_CPUS];
			const uint64_t *up = &in->dom[(l + 1) * KC_MAX_CPUS];

			d[c] = c == 0 || up[c] != up[c - 1] || chance(r, 40) ? c : d[c - 1];
		}
	for (unsigned l = 0; l <= top; l++)
		for (unsigned f = 0; f < nr; f++) {
			uint64_t flags = KC_SD_BALANCE_FORK;

			for (unsigned c = 0; c < nr; c++)
				if (in->dom[l * KC_MAX_CPUS + c] == in->dom[l * KC_MAX_CPUS + f] &&
				    in->arch_cap[c] != in->arch_cap[f])
					flags |= KC_SD_ASYM_CPUCAPACITY;
			if (kind == FK_NO_FORK_FLAG && chance(r, 40))
				flags &= ~KC_SD_BALANCE_FORK;
			in->flags[l * KC_MAX_CPUS + f] = flags;
		}
}

/* Each level's groups (the spans below; single CPUs at the bottom): their sgc, most often the
 * sums update_group_capacity() makes of capacity_of(), else stale. */
static void gen_fork_sgc(struct rng *r, unsigned kind, struct kc_fork_in *in,
			 const uint64_t *capacity_of)
{
	for (unsigned l = 0; l < in->nr_levels; l++)
		for (unsigned f = 0; f < in->nr_cpus; f++) {
			uint64_t sum = 0, max = 0;
			unsigned k = l * KC_MAX_CPUS + f;

			for (unsigned c = 0; c < in->nr_cpus; c++) {
				bool in_group = l == 0 ? c == f :
					in->dom[(l - 1) * KC_MAX_CPUS + c] == in->dom[(l - 1) * KC_MAX_CPUS + f];

				if (!in_group)
					continue;
				sum += capacity_of[c];
				max = capacity_of[c] > max ? capacity_of[c] : max;
			}
			in->sgc_capacity[k] = chance(r, 80) ? sum : range(r, 1, sum + sum / 4);
			in->sgc_max_capacity[k] = chance(r, 80) ? max : range(r, 1, 1024);
			in->sgc_imbalance[k] = chance(r, kind == FK_IMBALANCED ? 50 : 5);
		}
}

static void gen_fork(struct rng *r, unsigned kind, void *v)
{
	static const uint64_t latencies[] = { 1, 1, 10, 50, 100, 150, 150, 500, 1000, 4000 };
	struct kc_fork_in *in = v;
	uint64_t nr = range(r, kind == FK_THREE_LEVELS ? 4 : 2, KC_MAX_CPUS);
	uint64_t capacity_of[KC_MAX_CPUS], big = range(r, 300, 1024), cut = range(r, 1, nr);
	bool symmetric = kind != FK_MISFIT && chance(r, 25), busy = kind == FK_BUSY;

	in->nr_cpus = nr;
	in->uclamp_used = kind == FK_MISFIT || chance(r, 50);
	for (unsigned c = 0; c < nr; c++) {
		in->arch_cap[c] = symmetric || c >= cut ? 1024 : chance(r, 70) ? big : range(r, 100, 1024);
		capacity_of[c] = chance(r, 60) ? in->arch_cap[c] : range(r, 1, in->arch_cap[c]);
		if (chance(r, 30))
			in->hw_load_avg[c] = edgy(r, 0, in->arch_cap[c]);
		if (chance(r, 30))
			in->cpufreq_pressure[c] = edgy(r, 0, in->arch_cap[c]);
		in->nr_running[c] = kind == FK_FULLY_BUSY ? 1 : busy || chance(r, 55) ? range(r, 1, 4) : 0;
		in->idle_policy[c] = in->nr_running[c] && chance(r, kind == FK_SCHED_IDLE ? 40 : 8);
		if (in->nr_running[c] || chance(r, 40)) {
			uint64_t u = busy ? edgy(r, in->arch_cap[c] / 2, in->arch_cap[c]) : edgy(r, 0, in->arch_cap[c]);

			in->cfs_load_avg[c] = edgy(r, 0, 3000);
			in->cfs_util_avg[c] = u;
			if (kind == FK_FULLY_BUSY) /* at least capacity_of x 100 / imbalance_pct */
				u = range(r, capacity_of[c] * 100 / 117 + 1, capacity_of[c]);
			in->cfs_runnable_avg[c] = u + (in->nr_running[c] > 1 ? range(r, 0, 1500) : 0);
			in->cfs_util_est[c] = chance(r, 50) ? edgy(r, 0, in->arch_cap[c]) : 0;
		}
		if (!in->nr_running[c]) {
			in->has_state[c] = chance(r, kind == FK_SPARE_TIE ? 95 : 80);
			in->exit_latency[c] = kind == FK_SPARE_TIE ? (chance(r, 80) ? 1 : 150)
						: latencies[range(r, 0, ARRAY_SIZE(latencies) - 1)];
			/* spare_tie: often one stamp for all, so the exit latencies alone decide */
			in->idle_stamp[c] = kind != FK_SPARE_TIE ? (chance(r, 70) ? range(r, 1, 1000000000) : 0)
					    : chance(r, 50) ? 1000 : range(r, 0, 3) * 1000;
			in->ttwu_pending[c] = chance(r, 8);
		} else {
			in->exit_latency[c] = 1;
			in->idle_stamp[c] = chance(r, 20) ? range(r, 1, 1000000000) : 0;
		}
	}
	gen_fork_domains(r, kind, in);
	gen_fork_sgc(r, kind, in, capacity_of);
	/* the parent runs on this_cpu, unless the first threads' maker is not simulated */
	in->this_cpu = range(r, 0, nr - 1);
	if (kind == FK_IDLE_THIS) {
		in->nr_running[in->this_cpu] = in->idle_policy[in->this_cpu] = 0;
	} else if (chance(r, 65) && !in->nr_running[in->this_cpu]) {
		in->nr_running[in->this_cpu] = 1;
		in->has_state[in->this_cpu] = in->ttwu_pending[in->this_cpu] = 0;
	}
	/* allowed: at least two CPUs (this_cpu maybe not among them) */
	do
		in->allowed = kind != FK_AFFINITY && chance(r, 60) ? (1ULL << nr) - 1
								  : range(r, 1, (1ULL << nr) - 1);
	while (__builtin_popcountll(in->allowed) < 2 ||
	       (kind == FK_NO_FORK_FLAG && in->allowed >> in->this_cpu & 1 && chance(r, 50)));
	in->weight = chance(r, 70) ? 1024 : chance(r, 20) ? 3 : range(r, 15, 88761); /* nice 0, SCHED_IDLE, any */
	if (kind == FK_MISFIT) {
		in->uclamp_min = range(r, 300, 1024);
		in->uclamp_max = 1024;
	} else if (chance(r, 40)) {
		in->uclamp_min = edgy(r, 0, 1024);
		in->uclamp_max = edgy(r, 0, 1024);
	} else {
		in->uclamp_max = 1024;
	}
	in->eas = chance(r, 50);
	in->p_idle_policy = chance(r, kind == FK_SCHED_IDLE ? 50 : 15);
}

/* --- path group update_misfit_status ----------------------------------------------------- */

static const char *const update_misfit_status_kinds[] = {
	"random", "idle", "pinned", "biggest_allowed", "misfit", "boosted", "capped", "pressure",
	"symmetric", "no_load", "fits_edge",
};
enum { MK_RANDOM, MK_IDLE, MK_PINNED, MK_BIGGEST, MK_MISFIT, MK_BOOSTED, MK_CAPPED, MK_PRESSURE,
       MK_SYMMETRIC, MK_NO_LOAD, MK_FITS_EDGE };

/*
 * Up to three clusters of rising capacity (little, mid, big; the biggest 1024 or not), p on
 * one CPU with an affinity of at least two CPUs (one for "pinned") that holds its CPU, its
 * util and util_est around that CPU's capacity, its clamps, the system defaults, pressures.
 */
static void gen_update_misfit_status(struct rng *r, unsigned kind, void *v)
{
	struct kc_update_misfit_status_in *in = v;
	uint64_t nr = range(r, 2, KC_MAX_CPUS), top = chance(r, 70) ? 1024 : range(r, 500, 1023);
	uint64_t caps[3] = { range(r, 100, top / 2), range(r, top / 2, top), top };
	uint64_t split1 = range(r, 1, nr - 1), split2 = range(r, split1, nr - 1), cap, edge, all;

	in->nr_cpus = nr;
	in->uclamp_used = kind == MK_BOOSTED || kind == MK_CAPPED || chance(r, 50);
	in->sys_uclamp_max = chance(r, 80) ? 1024 : edgy(r, 0, 1024);
	in->sys_uclamp_min = chance(r, 80) ? 1024 : edgy(r, 0, in->sys_uclamp_max);
	for (unsigned c = 0; c < nr; c++) {
		in->arch_cap[c] = kind == MK_SYMMETRIC ? top : caps[(c >= split1) + (c >= split2)];
		in->capacity_of[c] = chance(r, 50) ? in->arch_cap[c] : range(r, 1, in->arch_cap[c]);
		if (kind == MK_PRESSURE || chance(r, 30))
			in->hw_load_avg[c] = edgy(r, 0, in->arch_cap[c]);
		if (kind == MK_PRESSURE || chance(r, 30))
			in->cpufreq_pressure[c] = edgy(r, 0, in->arch_cap[c]);
	}
	in->cpu = kind == MK_MISFIT ? range(r, 0, split1 - 1) : range(r, 0, nr - 1);
	in->has_p = kind != MK_IDLE;
	all = (1ULL << nr) - 1;
	if (kind == MK_PINNED) {
		in->allowed = 1ULL << in->cpu;
	} else {
		do
			in->allowed = (chance(r, 50) ? all : range(r, 1, all)) | 1ULL << in->cpu;
		while (__builtin_popcountll(in->allowed) < 2);
	}
	if (kind == MK_BIGGEST) /* p's CPU is of the biggest capacity it may run at */
		for (unsigned c = 0; c < nr; c++)
			if (in->arch_cap[c] > in->arch_cap[in->cpu])
				in->allowed &= ~(1ULL << c);
	if (kind == MK_BIGGEST && __builtin_popcountll(in->allowed) < 2)
		in->allowed |= 1ULL << (in->cpu ? in->cpu - 1 : in->cpu + 1);
	cap = in->capacity_of[in->cpu];
	edge = cap * 1024 / 1280; /* fits_capacity()'s bound */
	in->util_avg = kind == MK_MISFIT ? range(r, cap * 8 / 10, 1024) :
		       kind == MK_FITS_EDGE ? range(r, edge > 2 ? edge - 2 : 0, edge + 2) :
					      edgy(r, 0, 1024);
	in->util_est = chance(r, 50) ? edgy(r, 0, 1024) : in->util_avg + range(r, 0, 50);
	if (chance(r, 50))
		in->util_est |= 0x80000000ULL; /* UTIL_AVG_UNCHANGED */
	in->load_avg = kind == MK_NO_LOAD ? 0 : edgy(r, 0, 2048);
	in->uclamp_max = kind == MK_CAPPED ? edgy(r, 0, in->arch_cap[in->cpu] + 10) :
			 chance(r, 70) ? 1024 : edgy(r, 0, 1024);
	in->uclamp_min = kind == MK_BOOSTED ? range(r, in->util_avg / 2, 1024) :
			 chance(r, 60) ? 0 : edgy(r, 0, 1024);
	if (in->uclamp_max > 1024)
		in->uclamp_max = 1024;
	in->misfit_before = chance(r, 50) ? 0 : edgy(r, 0, 2048);
}

/* --- path group migrate_task_rq_fair ---------------------------------------------------- */

static const char *const migrate_task_rq_fair_kinds[] = {
	"random", "wake_migrate", "lb_migrate", "idle_cpus", "rt_curr", "blocked_load",
	"back_and_forth", "delay",
};
enum { MGK_RANDOM, MGK_WAKE, MGK_LB, MGK_IDLE, MGK_RT, MGK_BLOCKED, MGK_BACK, MGK_DELAY };

/*
 * A path case (gen_path()) on two CPUs: CPU 1's cfs_rq (blocked load or none) and current,
 * each task on CPU 0 or 1 and when it last ran; some wake-ups go to the other CPU, some sleeps
 * become the load balance's move of the queued task (its later sleep then applies there).
 */
static void gen_migrate_task_rq_fair(struct rng *r, unsigned kind, void *v)
{
	static const unsigned map[] = { PK_RANDOM, PK_RANDOM, PK_RANDOM, PK_IDLE, PK_RT,
					PK_BLOCKED, PK_RANDOM, PK_DELAY };
	struct kc_migrate_task_rq_fair_in *in = v;
	unsigned wake_pct = kind == MGK_WAKE || kind == MGK_BACK ? 80 : kind == MGK_LB ? 20 : 50;
	unsigned lb_pct = kind == MGK_LB || kind == MGK_BACK ? 70 : kind == MGK_WAKE ? 10 : 35;
	uint64_t pc = range(r, 0, 1023), div = 47742 - 1024 + pc;
	bool started[KC_PATH_TASKS] = { false };

	gen_path(r, map[kind], (struct kc_path_in *)in, true);
	in->rt_curr1 = kind == MGK_RT || (kind != MGK_IDLE && chance(r, 35));
	in->cfs1_period_contrib = pc;
	if (kind == MGK_BLOCKED || chance(r, 50)) {
		gen_pelt(r, 1024, div, &in->cfs1_util_avg, &in->cfs1_util_sum);
		gen_pelt(r, 1024, div, &in->cfs1_runnable_avg, &in->cfs1_runnable_sum);
		gen_pelt(r, 4096, div, &in->cfs1_load_avg, &in->cfs1_load_sum);
	}
	in->cfs1_util_est = chance(r, 50) ? edgy(r, 0, 1024) : 0;
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		in->task_cpu[t] = range(r, 0, 1);
		in->exec_start[t] = chance(r, 50) ? 0 : in->clock0 - edgy(r, 0, 1ULL << 24);
	}
	for (unsigned k = 0; k < in->nr_steps; k++) {
		unsigned t = (unsigned)in->task[k];

		/* a wake-up elsewhere: of a task that ran (attached), as set_task_cpu() sees it */
		if (in->op[k] == KC_PATH_WAKE && (in->last_update[t] || started[t]) &&
		    chance(r, wake_pct))
			in->op[k] = KC_PATH_WAKE_MIGRATE;
		else if (in->op[k] == KC_PATH_SLEEP && chance(r, lb_pct))
			in->op[k] = KC_PATH_LB_MIGRATE;
		started[t] |= in->op[k] != KC_PATH_SLEEP;
	}
}

/* --- groups menu and teo ------------------------------------------------------------------ */

static const char *const menu_kinds[] = {
	"random", "periodic", "timer", "early", "short", "tick", "latency", "stopped", "long",
	"huge",
};
enum { CI_RANDOM, CI_PERIODIC, CI_TIMER, CI_EARLY, CI_SHORT, CI_TICK, CI_LATENCY, CI_STOPPED,
       CI_LONG, CI_HUGE };
#define teo_kinds menu_kinds

/* an idle time in ns: short, around a tick, long, rarely huge (up to what no timer gives) */
static uint64_t gen_idle_ns(struct rng *r, unsigned kind)
{
	if (kind == CI_LONG && chance(r, 30))
		return chance(r, 20) ? (uint64_t)INT64_MAX : edgy(r, 1000000000ULL, 300000000000ULL);
	switch (rnd(r) % 4) {
	case 0:
		return edgy(r, 0, 100000);
	case 1:
		return range(r, 100000, 20000000);
	case 2:
		return range(r, 1000, 2000000);
	default:
		return range(r, 0, 200000000);
	}
}

/* the driver: WFI (1 us, 1 us mostly), then states of rising latency and residency */
static void gen_idle_states(struct rng *r, struct kc_menu_in *in)
{
	uint64_t lat = 1000, res = 1000;

	in->nr_states = chance(r, 5) ? 1 : range(r, 2, KC_IDLE_STATES);
	for (unsigned i = 0; i < in->nr_states; i++) {
		in->exit_latency_ns[i] = lat;
		in->target_residency_ns[i] = res;
		lat += chance(r, 10) ? 0 : range(r, 1, 2000) * 1000;
		res = chance(r, 10) ? edgy(r, 0, res * 2) : res + range(r, 1, 10000) * 1000;
	}
	if (chance(r, 10)) /* one state out of order: the governors take the table as it is */
		in->target_residency_ns[range(r, 0, in->nr_states - 1)] = range(r, 0, 20000000);
}

/*
 * a huge idle time: about INT_MAX or UINT_MAX µs, where get_typical_interval()'s u64 sums of
 * squares wrap (6.12's highest it keeps, 7.3's), or past UINT_MAX µs (ktime_to_us() cut to
 * unsigned int); mostly within 50 ms of the others, so that some sets are typical
 */
static uint64_t gen_huge_ns(struct rng *r)
{
	static const uint64_t us[] = { INT_MAX, (uint64_t)INT_MAX + 1, UINT_MAX - 1, UINT_MAX,
				       1ULL << 32, 3037000499ULL /* the root of 2^63 */ };
	uint64_t ns = us[rnd(r) % ARRAY_SIZE(us)] * 1000;

	return ns - range(r, 0, 50000000) + range(r, 0, chance(r, 70) ? 50000000 : 1000000000000ULL);
}

/* what wakes the CPU: its timer (the sleep length and the exit), earlier, or the tick */
static void gen_idle_wake(struct rng *r, unsigned kind, struct kc_menu_in *in, unsigned k,
			  uint64_t period)
{
	uint64_t sleep = (uint64_t)in->sleep_length[k];

	if (kind == CI_HUGE && chance(r, 90)) {
		in->residency[k] = gen_huge_ns(r);
	} else if (kind == CI_PERIODIC) {
		in->residency[k] = period + range(r, 0, chance(r, 70) ? 20000 : 2000000);
	} else if (kind == CI_TIMER || (kind == CI_RANDOM && chance(r, 40))) {
		in->residency[k] = (sleep > (uint64_t)1 << 40 ? range(r, 0, 1ULL << 40) : sleep) +
				   range(r, 0, 3000000);
	} else if (kind == CI_TICK || chance(r, 10)) {
		in->got_tick[k] = 1;
		in->residency[k] = range(r, 0, in->tick_ns + 100000);
	} else {
		in->residency[k] = chance(r, 5) ? 0
				   : range(r, 0, sleep < (1ULL << 40) ? sleep : 1ULL << 40);
	}
}

static void gen_menu(struct rng *r, unsigned kind, void *v)
{
	static const uint64_t hz[] = { 100, 250, 300, 1000 };
	struct kc_menu_in *in = v;
	uint64_t period = range(r, 1000, 20000000);
	uint64_t h = hz[rnd(r) % 4];

	gen_idle_states(r, in);
	in->tick_ns = (1000000000ULL + h / 2) / h; /* TICK_NSEC */
	in->now = range(r, 0, 1ULL << 44);
	in->nr_steps = range(r, 1, KC_MAX_STEPS);
	for (unsigned k = 0; k < in->nr_steps; k++) {
		uint64_t sleep = kind == CI_SHORT && chance(r, 60)
					 ? range(r, 0, in->target_residency_ns[1] + 1000)
				 : kind == CI_PERIODIC ? period + range(r, 0, 5000000)
				 : kind == CI_HUGE     ? (chance(r, 50) ? (uint64_t)INT64_MAX
								    : range(r, 1ULL << 42, 1ULL << 44))
						       : gen_idle_ns(r, kind);
		uint64_t to_tick = sleep < in->tick_ns ? sleep : in->tick_ns;

		in->sleep_length[k] = (int64_t)sleep;
		in->delta_tick[k] = (int64_t)(chance(r, 50) ? sleep : range(r, 0, to_tick));
		in->latency_req[k] = kind == CI_LATENCY ? (int64_t)edgy(r, 0, 3000000)
				     : chance(r, 3) ? 0 : 2000000000000LL;
		in->tick_stopped[k] = kind == CI_STOPPED ? chance(r, 70) : chance(r, 15);
		gen_idle_wake(r, kind, in, k, period);
		in->gap[k] = chance(r, 30) ? 0 : range(r, 0, 50000000);
	}
	/* drawn last, so that the steps above are those of the cases before 6.1's menu read it */
	for (unsigned k = 0; k < in->nr_steps; k++)
		in->nr_iowait[k] = chance(r, 30) ? range(r, 1, 3) : 0;
}

#define gen_teo gen_menu

struct kc_group {
	const char *name;
	size_t in_size, out_size;
	const struct kc_field *in_fields, *out_fields;
	const char *const *kinds;
	unsigned nr_kinds;
	void (*gen)(struct rng *r, unsigned kind, void *in);
	void (*kernel)(const void *in, void *out);
	void (*capsim)(const void *in, void *out);
};

#define KC_GROUP(g)                                                                           \
	{ #g, sizeof(struct kc_##g##_in), sizeof(struct kc_##g##_out), g##_in_fields,          \
	  g##_out_fields, g##_kinds, ARRAY_SIZE(g##_kinds), gen_##g,                          \
	  (void (*)(const void *, void *))kside_##g, (void (*)(const void *, void *))cside_##g },

/* the groups run again on linux-source-7.3 against the v7.3 model, as <group>_7_3 (their
 * list: kernel-check/CMakeLists.txt's kc73_groups) */
#include "kc_groups_7_3.h"
#define KC_DECLARE_7_3(g)                                                                   \
	void kside_##g##_7_3(const struct kc_##g##_in *in, struct kc_##g##_out *out);        \
	void cside_##g##_7_3(const struct kc_##g##_in *in, struct kc_##g##_out *out);
KC_GROUPS_7_3(KC_DECLARE_7_3)
const char *kside_version_7_3(void);
#define KC_GROUP_7_3(g)                                                                       \
	{ #g "_7_3", sizeof(struct kc_##g##_in), sizeof(struct kc_##g##_out), g##_in_fields,   \
	  g##_out_fields, g##_kinds, ARRAY_SIZE(g##_kinds), gen_##g,                          \
	  (void (*)(const void *, void *))kside_##g##_7_3,                                    \
	  (void (*)(const void *, void *))cside_##g##_7_3 },

/* the path groups run again on linux-source-6.1 against the v6.1 model, as <group>_6_1 (their
 * list: kernel-check/CMakeLists.txt's kc61_path_groups) */
#include "kc_groups_6_1.h"
#define KC_DECLARE_6_1(g)                                                                   \
	void kside_##g##_6_1(const struct kc_##g##_in *in, struct kc_##g##_out *out);        \
	void cside_##g##_6_1(const struct kc_##g##_in *in, struct kc_##g##_out *out);
KC_GROUPS_6_1(KC_DECLARE_6_1)
#define KC_GROUP_6_1(g)                                                                       \
	{ #g "_6_1", sizeof(struct kc_##g##_in), sizeof(struct kc_##g##_out), g##_in_fields,   \
	  g##_out_fields, g##_kinds, ARRAY_SIZE(g##_kinds), gen_##g,                          \
	  (void (*)(const void *, void *))kside_##g##_6_1,                                    \
	  (void (*)(const void *, void *))cside_##g##_6_1 },

static const struct kc_group groups[] = { KC_GROUPS(KC_GROUP) KC_GROUPS_6_1(KC_GROUP_6_1)
					  KC_GROUPS_7_3(KC_GROUP_7_3) };

/* The groups that run another kernel than linux-source-6.12's (kernel_side_6_1.c). */
static const struct {
	const char *group;
	const char *(*version)(void);
} group_kernels[] = { { "thermal_6_1", kside_version_6_1 }, { "cfs_6_1", kside_version_6_1 },
		    { "sugov_6_1", kside_version_sugov_6_1 },
		    { "util_est_6_1", kside_version_sugov_6_1 },
		    { "find_energy_efficient_cpu_6_1", kside_version_sugov_6_1 } };

/* group_version() - the Linux version whose code @g's kernel side runs. */
static const char *group_version(const struct kc_group *g)
{
	size_t n = strlen(g->name);

#ifndef KC_7_3_NOT_RUN
	if (n > 4 && !strcmp(g->name + n - 4, "_7_3"))
		return kside_version_7_3();
#endif
	for (unsigned i = 0; i < ARRAY_SIZE(group_kernels); i++)
		if (!strcmp(group_kernels[i].group, g->name))
			return group_kernels[i].version();
	if (n > 4 && !strcmp(g->name + n - 4, "_6_1")) /* the path groups on 6.1 */
		return kside_version_6_1();
	return kside_version();
}

/* --- JSON --------------------------------------------------------------------------------- */

static void print_value(FILE *f, const struct kc_field *fd, uint64_t v)
{
	if (fd->is_signed)
		fprintf(f, "%" PRId64, (int64_t)v);
	else
		fprintf(f, "%" PRIu64, v);
}

/* Arrays lose their trailing zeros: unused entries are 0 on both sides. */
static void print_struct(FILE *f, const struct kc_field *fields, const void *base)
{
	fputc('{', f);
	for (const struct kc_field *fd = fields; fd->name; fd++) {
		const uint64_t *v = field_at((void *)base, fd);
		unsigned n = fd->count;

		fprintf(f, "%s\"%s\":", fd == fields ? "" : ",", fd->name);
		if (!fd->is_array) {
			print_value(f, fd, v[0]);
			continue;
		}
		while (n > 0 && !v[n - 1])
			n--;
		fputc('[', f);
		for (unsigned i = 0; i < n; i++) {
			if (i)
				fputc(',', f);
			print_value(f, fd, v[i]);
		}
		fputc(']', f);
	}
	fputc('}', f);
}

static int parse_struct(json_object *o, const struct kc_field *fields, void *base,
			const char *what)
{
	if (!o || !json_object_is_type(o, json_type_object)) {
		fprintf(stderr, "kernel-check: replay: \"%s\" is not an object\n", what);
		return -1;
	}
	for (const struct kc_field *fd = fields; fd->name; fd++) {
		json_object *v;
		uint64_t *dst = field_at(base, fd);

		if (!json_object_object_get_ex(o, fd->name, &v))
			continue; /* absent: 0 */
		if (fd->is_array && json_object_is_type(v, json_type_array)) {
			size_t n = json_object_array_length(v);

			if (n > fd->count) {
				fprintf(stderr, "kernel-check: replay: %s.%s has %zu entries (at most %u)\n",
					what, fd->name, n, fd->count);
				return -1;
			}
			for (size_t i = 0; i < n; i++) {
				json_object *e = json_object_array_get_idx(v, i);

				dst[i] = fd->is_signed ? (uint64_t)json_object_get_int64(e)
						       : json_object_get_uint64(e);
			}
		} else if (!fd->is_array && json_object_is_type(v, json_type_int)) {
			dst[0] = json_object_get_uint64(v);
		} else {
			fprintf(stderr, "kernel-check: replay: %s.%s is not %s\n", what, fd->name,
				fd->is_array ? "an array" : "a number");
			return -1;
		}
	}
	return 0;
}

/* --- running a case ------------------------------------------------------------------------ */

#define NAMES_MAX 2048

/*
 * Compares field by field. The differing fields' names go to @names (NAMES_MAX bytes) as JSON
 * strings; past its room, a last "+N more". Return: how many differ.
 */
static unsigned compare(const struct kc_group *g, void *k, void *c, char *names)
{
	unsigned bad = 0, listed = 0;
	size_t used = 0;

	names[0] = 0;
	for (const struct kc_field *fd = g->out_fields; fd->name; fd++) {
		const uint64_t *a = field_at(k, fd), *b = field_at(c, fd);

		for (unsigned i = 0; i < fd->count; i++) {
			char one[96];

			if (a[i] == b[i])
				continue;
			bad++;
			if (fd->is_array)
				snprintf(one, sizeof(one), "\"%s[%u]\"", fd->name, i);
			else
				snprintf(one, sizeof(one), "\"%s\"", fd->name);
			if (used + strlen(one) + 32 < NAMES_MAX) {
				used += (size_t)sprintf(names + used, "%s%s", used ? "," : "", one);
				listed++;
			}
		}
	}
	if (listed < bad)
		sprintf(names + used, "%s\"+%u more\"", used ? "," : "", bad - listed);
	return bad;
}

static void print_case(FILE *f, const struct kc_group *g, uint64_t seed, uint64_t idx,
		       const char *kind, const void *in, const void *k, const void *c,
		       const char *names)
{
	fprintf(f, "{\"group\":\"%s\",\"seed\":%" PRIu64 ",\"case\":%" PRIu64 ",\"kind\":\"%s\",",
		g->name, seed, idx, kind);
	fputs("\"in\":", f);
	print_struct(f, g->in_fields, in);
	fputs(",\"kernel\":", f);
	print_struct(f, g->out_fields, k);
	fputs(",\"capsim\":", f);
	print_struct(f, g->out_fields, c);
	fprintf(f, ",\"mismatch\":[%s]}\n", names);
}

/* Room for any group's case and answers. */
union any_in {
#define KC_U(g) struct kc_##g##_in g;
	KC_GROUPS(KC_U)
#undef KC_U
};
union any_out {
#define KC_U(g) struct kc_##g##_out g;
	KC_GROUPS(KC_U)
#undef KC_U
};
struct buffers {
	union any_in in;
	union any_out k, c;
};

/* Runs @in through both sides; prints the case when they differ. Return: mismatching fields. */
static unsigned run_case(const struct kc_group *g, struct buffers *b, uint64_t seed,
			 uint64_t idx, const char *kind, bool print)
{
	char names[NAMES_MAX];
	unsigned bad;

	memset(&b->k, 0, sizeof(b->k));
	memset(&b->c, 0, sizeof(b->c));
	g->kernel(&b->in, &b->k);
	g->capsim(&b->in, &b->c);
	bad = compare(g, &b->k, &b->c, names);
	if (bad && print)
		print_case(stdout, g, seed, idx, kind, &b->in, &b->k, &b->c, names);
	return bad;
}

static uint64_t env_u64(const char *name, uint64_t def)
{
	const char *s = getenv(name);
	char *end;
	unsigned long long v;

	if (!s || !*s)
		return def;
	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || *end) {
		fprintf(stderr, "kernel-check: %s=%s: not a number (expected e.g. %s=%" PRIu64 ")\n",
			name, s, name, def);
		exit(2);
	}
	return v;
}

/* @name is one of the comma-separated names of @list */
static bool group_listed(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; *p; p += strcspn(p, ",") + (p[strcspn(p, ",")] != 0))
		if (strcspn(p, ",") == n && !strncmp(p, name, n))
			return true;
	return false;
}

/*
 * The version each kernel-checked model claims (capsim_model_kernel(), in its outputs) is the
 * one its groups ran: "6.12" of 6.12.118. Return: the number of models whose claim differs.
 */
static unsigned check_model_claims(void)
{
	static const struct {
		enum capsim_model model;
		const char *(*version)(void);
	} claims[] = {
		{ CAPSIM_MODEL_V6_12, kside_version },
		{ CAPSIM_MODEL_V6_1, kside_version_6_1 },
#ifndef KC_7_3_NOT_RUN
		{ CAPSIM_MODEL_V7_3, kside_version_7_3 },
#endif
	};
	unsigned bad = 0;

	for (unsigned i = 0; i < ARRAY_SIZE(claims); i++) {
		const char *claim = capsim_model_kernel(claims[i].model), *ran = claims[i].version();
		size_t n = strlen(claim);
		bool same = !strncmp(ran, claim, n) && (ran[n] == '.' || !ran[n]);

		printf("kernel-check: model %s claims Linux %s: %s against %s\n",
		       capsim_model_name(claims[i].model), claim, same ? "checked" : "NOT checked", ran);
		bad += !same;
	}
	return bad;
}

static int run_all(const char *only)
{
	static struct buffers b;
	uint64_t seed = env_u64("KERNEL_CHECK_SEED", 1), cases = env_u64("KERNEL_CHECK_CASES", 2000);
	uint64_t print = env_u64("KERNEL_CHECK_PRINT", 10), total = 0, total_bad = 0;
	/* the mutants' reduced check (kernel-check/mutants.sh): stop at the first mismatch, and
	 * leave out the groups KERNEL_CHECK_SKIP names (comma-separated) */
	bool stop_first = env_u64("KERNEL_CHECK_STOP_FIRST", 0) != 0;
	const char *skip = getenv("KERNEL_CHECK_SKIP");
	unsigned nr_groups = 0;
	struct timespec t0, t1;
	char versions[64] = "";

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (unsigned gi = 0; gi < ARRAY_SIZE(groups); gi++) {
		const struct kc_group *g = &groups[gi];
		uint64_t bad_cases = 0;

		if (only && strcmp(only, g->name))
			continue;
		if (skip && group_listed(skip, g->name))
			continue;
		for (uint64_t i = 0; i < cases && !(stop_first && bad_cases); i++) {
			struct rng r = { seed * 0x100000001b3ULL ^ (gi + 1) * 0x9e3779b97f4a7c15ULL ^ i };
			unsigned kind = (unsigned)(i % g->nr_kinds);

			rnd(&r);
			memset(&b.in, 0, sizeof(b.in));
			g->gen(&r, kind, &b.in);
			if (run_case(g, &b, seed, i, g->kinds[kind], bad_cases < print))
				bad_cases++;
		}
		printf("kernel-check: %s: %" PRIu64 " cases, %" PRIu64 " mismatches (Linux %s)\n",
		       g->name, cases, bad_cases, group_version(g));
		if (stop_first && bad_cases) {
			total_bad += bad_cases;
			nr_groups++;
			break;
		}
		nr_groups++;
		total += cases;
		total_bad += bad_cases;
		/* the versions run, each once, for the closing line */
		if (!strstr(versions, group_version(g)))
			snprintf(versions + strlen(versions), sizeof(versions) - strlen(versions), "%s%s",
				 versions[0] ? " and " : "", group_version(g));
	}
#ifdef KC_7_3_NOT_RUN
	/* a version whose source could not be had fails the check */
	if (!only && !stop_first) {
		printf("kernel-check: the v7.3 groups: not run (linux-source-7.3: %s)\n", KC_7_3_NOT_RUN);
		total_bad++;
	}
#endif
	if (!only && !stop_first)
		total_bad += check_model_claims();
	if (!nr_groups) {
		fprintf(stderr, "kernel-check: no group named '%s' (see kernel-check --list)\n", only);
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("kernel-check: %u groups, %" PRIu64 " cases, %" PRIu64 " mismatches (Linux %s, seed %"
	       PRIu64 ", %.1f s)\n",
	       nr_groups, total, total_bad, versions, seed,
	       (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
	return total_bad ? 1 : 0;
}

/* Each line of @path: a case as kernel-check printed it; its "in" is run again. */
static int replay(const char *path)
{
	static struct buffers b;
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	char *line = NULL;
	size_t cap = 0;
	unsigned lineno = 0, nr = 0, bad = 0;
	int ret = 0;

	if (!f) {
		fprintf(stderr, "kernel-check: %s: %s\n", path, strerror(errno));
		return 2;
	}
	while (getline(&line, &cap, f) > 0) {
		json_object *o, *gv, *in;
		const struct kc_group *g = NULL;
		uint64_t seed = 0, idx = 0;
		json_object *v;

		lineno++;
		if (line[strspn(line, " \t\r\n")] == 0)
			continue;
		o = json_tokener_parse(line);
		if (!o || !json_object_object_get_ex(o, "group", &gv) ||
		    !json_object_object_get_ex(o, "in", &in)) {
			fprintf(stderr, "kernel-check: %s:%u: not a case line (expected JSON with "
				"\"group\" and \"in\")\n", path, lineno);
			json_object_put(o);
			ret = 2;
			break;
		}
		for (unsigned gi = 0; gi < ARRAY_SIZE(groups); gi++)
			if (!strcmp(groups[gi].name, json_object_get_string(gv)))
				g = &groups[gi];
		if (!g) {
			fprintf(stderr, "kernel-check: %s:%u: no group named '%s'\n", path, lineno,
				json_object_get_string(gv));
			json_object_put(o);
			ret = 2;
			break;
		}
		if (json_object_object_get_ex(o, "seed", &v))
			seed = json_object_get_uint64(v);
		if (json_object_object_get_ex(o, "case", &v))
			idx = json_object_get_uint64(v);
		memset(&b.in, 0, sizeof(b.in));
		if (parse_struct(in, g->in_fields, &b.in, "in")) {
			json_object_put(o);
			ret = 2;
			break;
		}
		nr++;
		if (run_case(g, &b, seed, idx, "replay", true))
			bad++;
		json_object_put(o);
	}
	free(line);
	if (f != stdin)
		fclose(f);
	if (!ret)
		printf("kernel-check: replay: %u cases, %u mismatches\n", nr, bad);
	return ret ? ret : bad ? 1 : 0;
}

static void usage(FILE *f)
{
	fputs("usage: kernel-check [GROUP]          run every group (or one), cases from\n"
	      "                                     KERNEL_CHECK_SEED and KERNEL_CHECK_CASES\n"
	      "       kernel-check --replay FILE    run again the cases of FILE (- for stdin),\n"
	      "                                     one JSON line each as kernel-check prints them\n"
	      "       kernel-check --list           the groups and their edge kinds\n", f);
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--replay"))
		return replay(argv[2]);
	if (argc == 2 && !strcmp(argv[1], "--list")) {
		for (unsigned gi = 0; gi < ARRAY_SIZE(groups); gi++) {
			printf("%s:", groups[gi].name);
			for (unsigned k = 0; k < groups[gi].nr_kinds; k++)
				printf(" %s", groups[gi].kinds[k]);
			putchar('\n');
		}
		return 0;
	}
	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		usage(stdout);
		return 0;
	}
	if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
		usage(stderr);
		return 2;
	}
	return run_all(argc == 2 ? argv[1] : NULL);
}
