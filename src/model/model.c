// SPDX-License-Identifier: MIT
/*
 * model.c - what each kernel model believes about capacity, site by site (see src/model/model.h).
 * The 6.10+ reads mirror get_actual_cpu_capacity(), kernel/sched/fair.c (v6.10+); the v6.9 reads
 * are the pre-6.10 fair.c lines that the series "Rework system pressure interface to the
 * scheduler" (v6.10) removed: arch_scale_thermal_pressure() at util_fits_cpu() and feec,
 * thermal_load_avg() at select_idle_capacity() and scale_rt_capacity().
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "model/fair.h"
#include "model/model.h"
#include "model/platform.h"

static const char *const model_names[CAPSIM_MODEL_COUNT] = {
	[CAPSIM_MODEL_V6_10] = "v6.10",
	[CAPSIM_MODEL_V6_9] = "v6.9",
	[CAPSIM_MODEL_LATEST] = "latest",
	[CAPSIM_MODEL_CAPPED] = "capped",
	[CAPSIM_MODEL_NONE] = "none",
	[CAPSIM_MODEL_V6_12] = "v6.12",
	[CAPSIM_MODEL_V6_1] = "v6.1",
};

const char *capsim_model_name(enum capsim_model model)
{
	return (unsigned)model < CAPSIM_MODEL_COUNT ? model_names[model] : NULL;
}

/* the kernel each model runs; capped and none are no kernel's (the mission's next step, a bound) */
static const char *const model_kernels[CAPSIM_MODEL_COUNT] = {
	[CAPSIM_MODEL_V6_10] = "6.10",
	[CAPSIM_MODEL_V6_9] = "6.9",
	[CAPSIM_MODEL_LATEST] = "7.3",
	[CAPSIM_MODEL_V6_12] = "6.12",
	[CAPSIM_MODEL_V6_1] = "6.1",
};

const char *capsim_model_kernel(enum capsim_model model)
{
	return (unsigned)model < CAPSIM_MODEL_COUNT ? model_kernels[model] : NULL;
}

/* @name is @spelling, with or without its leading 'v' */
static bool spelled(const char *name, const char *spelling)
{
	return !strcmp(name, spelling) || (spelling[0] == 'v' && !strcmp(name, spelling + 1));
}

/* @name is the kernel @model runs, with or without a leading 'v': "v7.3" is the model "latest" */
static bool names_kernel(const char *name, unsigned model)
{
	const char *kernel = model_kernels[model];

	return kernel && (!strcmp(name, kernel) || (name[0] == 'v' && !strcmp(name + 1, kernel)));
}

int capsim_model_from_name(const char *name, enum capsim_model *out)
{
	for (unsigned m = 0; m < CAPSIM_MODEL_COUNT; m++)
		if (spelled(name, model_names[m]) || names_kernel(name, m)) {
			*out = (enum capsim_model)m;
			return CAPSIM_OK;
		}
	return CAPSIM_ERR_NOT_FOUND;
}

/*
 * The kernels each model stands for, by the first release of each: a kernel runs the model of
 * the latest of these it is not older than (a 6.11 kernel has 6.10's pressure reads, a 7.0 one
 * 6.12's order of the PELT update).
 */
static const struct {
	unsigned major, minor;
	enum capsim_model model;
} model_since[] = {
	{ 6, 6, CAPSIM_MODEL_V6_9 }, /* EEVDF replaced CFS in 6.6 */
	{ 6, 10, CAPSIM_MODEL_V6_10 },
	{ 6, 12, CAPSIM_MODEL_V6_12 },
	{ 7, 3, CAPSIM_MODEL_V7_3 },
};

int kernel_release_version(const char *release, unsigned long *major, unsigned long *minor)
{
	char *end;

	if (!release || !isdigit((unsigned char)*release))
		return CAPSIM_ERR_PARSE;
	*major = strtoul(release, &end, 10);
	if (*end != '.' || !isdigit((unsigned char)end[1]))
		return CAPSIM_ERR_PARSE;
	*minor = strtoul(end + 1, &end, 10);
	return CAPSIM_OK;
}

int capsim_model_for_release(const char *release, enum capsim_model *out)
{
	unsigned long major, minor;

	if (kernel_release_version(release, &major, &minor))
		return CAPSIM_ERR_PARSE;
	*out = CAPSIM_MODEL_V6_1; /* before 6.6: CFS and thermal pressure */
	for (unsigned i = 0; i < ARRAY_SIZE(model_since); i++)
		if (major > model_since[i].major ||
		    (major == model_since[i].major && minor >= model_since[i].minor))
			*out = model_since[i].model;
	return CAPSIM_OK;
}

const char *capsim_model_suggest(const char *name)
{
	return capsim_suggest(name, model_names, CAPSIM_MODEL_COUNT);
}

/* the pre-6.10 reads (6.1 .. 6.9): instantaneous thermal pressure, or its PELT average at the idle/RT sites */
static uint64_t thermal_cap_v6_9(const struct fair_cpu *c, enum model_site site)
{
	switch (site) {
	case MODEL_SITE_IDLE:
		return c->arch_cap - c->thermal_load_avg;
	case MODEL_SITE_RT_MAX:
		return c->arch_cap; /* v6.9 adds thermal_load_avg to "used" instead */
	case MODEL_SITE_FITS:
	case MODEL_SITE_EAS:
		break;
	}
	return c->arch_cap - c->thermal_pressure;
}

uint64_t model_capacity(enum capsim_model model, const struct fair_cpu *cpu, enum model_site site)
{
	switch (model) {
	case CAPSIM_MODEL_V6_9:
	case CAPSIM_MODEL_V6_1:
		return thermal_cap_v6_9(cpu, site);
	case CAPSIM_MODEL_NONE:
		return cpu->arch_cap;
	case CAPSIM_MODEL_V6_10:
	case CAPSIM_MODEL_LATEST:
	case CAPSIM_MODEL_V6_12:
	case CAPSIM_MODEL_CAPPED: /* the capped model lowers arch_cap itself; the reads are 6.10's */
	case CAPSIM_MODEL_COUNT:
		break;
	}
	return actual_capacity_formula(cpu->arch_cap, cpu->hw_load_avg,
				       cpu->cpufreq_pressure);
}

uint64_t model_rt_extra_used(enum capsim_model model, const struct fair_cpu *cpu)
{
	return model_reads_thermal(model) ? cpu->thermal_load_avg : 0;
}

bool model_eevdf_pre_6_12(enum capsim_model model)
{
	/* 152e11f6df29 (delayed dequeue), 85e511df3cec (PREEMPT_SHORT), 82e9d0456e06
	 * (PLACE_REL_DEADLINE): all v6.12 */
	return model != CAPSIM_MODEL_V6_12 && model != CAPSIM_MODEL_LATEST;
}

bool model_eevdf_7_3(enum capsim_model model)
{
	/* read in linux-source-7.3.4 (kernel-check groups enqueue_task_fair_7_3,
	 * dequeue_task_fair_7_3, task_tick_fair_7_3, migrate_task_rq_fair_7_3); the v7.3 model only */
	return model == CAPSIM_MODEL_V7_3;
}

bool model_placement_7_3(enum capsim_model model)
{
	/* read in linux-source-7.3.4 (kernel-check groups select_task_rq_fair_7_3 and fork_7_3);
	 * 6.12.118's placement has none of it (SIS_UTIL there, which capsim does not keep, reads
	 * sd_llc_shared in select_idle_cpu() only); the v7.3 model only */
	return model == CAPSIM_MODEL_V7_3;
}

bool model_newidle_7_3(enum capsim_model model)
{
	/* read in linux-source-7.3.4 (kernel-check group sched_balance_newidle_7_3); 6.12.118's
	 * nohz_balancer_kick() counts h_nr_queued, its sched_balance_newidle() takes any task
	 * queued as pulled and its ttwu_do_activate() updates avg_idle; the v7.3 model only */
	return model == CAPSIM_MODEL_V7_3;
}

bool model_cpuidle_6_1(enum capsim_model model)
{
	/* read in linux-source-6.1.192's drivers/cpuidle/governors (groups menu_6_1, teo_6_1) */
	return model == CAPSIM_MODEL_V6_1;
}

bool model_cpuidle_7_3(enum capsim_model model)
{
	/* read in linux-source-7.3.4's drivers/cpuidle/governors (groups menu_7_3, teo_7_3) */
	return model == CAPSIM_MODEL_V7_3;
}

bool model_cpufreq_7_3(enum capsim_model model)
{
	/* read in linux-source-7.3.4's drivers/cpufreq (group cpufreq_policy_7_3): 6.12.118's
	 * cpufreq_boost_set_sw() writes policy->min/max and the user MAX request itself; the v7.3
	 * model only */
	return model == CAPSIM_MODEL_V7_3;
}

bool model_balance_7_3(enum capsim_model model)
{
	/* read in linux-source-7.3.4 (group load_balance_7_3; lb_walk not ported to 7.3:
	 * kernel-check/README.md): 6.12.118's update_sg_lb_stats() counts any misfit load and its
	 * group_is_overloaded() has no EAS test, its can_migrate_task() no eligibility and no
	 * delayed-task test, and
	 * its balance counts cfs.h_nr_queued (delayed entities in) where 7.3 counts h_nr_runnable
	 * (lb_cfs_h_nr()); the v7.3 model only */
	return model == CAPSIM_MODEL_V7_3;
}

bool model_balance_6_1(enum capsim_model model)
{
	/* read in linux-source-6.1.192 (kernel-check groups load_balance_6_1, lb_walk_6_1 and
	 * sched_balance_newidle_6_1): 6.1's load balance has no SMT rules (group_smt_balance,
	 * smt_vs_nonsmt_groups()), keeps the first of equally loaded fully busy groups and takes
	 * the later of equal misfit loads, spreads tasks between siblings by their difference
	 * (no sibling_imbalance()), takes prefer_sibling from the balancing domain's child, reads
	 * cpu_util_cfs() without the runnable boost in find_busiest_queue(), holds the last
	 * buddy cache hot in task_hot(), counts a failed misfit balance in nr_balance_failed and
	 * the interval, stops the newidle walk on a task or a wake-up queued here, and kicks the
	 * idle load balancer for a misfit task only from a CPU smaller than the root domain's
	 * largest or one that lost capacity (check_misfit_status()); the v6.1 model only */
	return CAPSIM_MUT(292, model == CAPSIM_MODEL_V6_1, false);
}

bool model_sd_asym_prefer_sibling_7_3(enum capsim_model model)
{
	/* read in linux-source-7.3.4's kernel/sched/topology.c: sd_init() has no clearing left
	 * ("sched/topology: Do not clear SD_PREFER_SIBLING in domains with clusters", Ricardo
	 * Neri, LKML 2026-06); 6.1.192's and 6.12.118's clear it; the v7.3 model only */
	return CAPSIM_MUT(309, model == CAPSIM_MODEL_V7_3,
			  model == CAPSIM_MODEL_V7_3 || model == CAPSIM_MODEL_V6_12);
}

bool model_rt_prio_dl(enum capsim_model model)
{
	/* read in linux-source-6.1.192 (kernel-check group rt_placement_6_1): its rt_prio() is
	 * prio < MAX_RT_PRIO, a deadline task's -1 in; 6.12.118's and 7.3.4's exclude
	 * prio < MAX_DL_PRIO (the v6.10 model is 6.12's here, as before) */
	return model == CAPSIM_MODEL_V6_1;
}

bool model_fair_cfs(enum capsim_model model)
{
	/* EEVDF replaced CFS in 6.6 (147f3efaa241 "sched/fair: Implement an EEVDF-like
	 * scheduling policy" and the series' 5e963f2bd465 "sched/fair: Commit to EEVDF") */
	return model == CAPSIM_MODEL_V6_1;
}

bool model_util_est_update_before_dequeue(enum capsim_model model)
{
	/* the delayed-dequeue series (6.12) moved it up; only the v6.12 model runs that order:
	 * v6.9, v6.10 (and capped, none) have 6.1's, latest 7.3's (after the PELT update) */
	return model == CAPSIM_MODEL_V6_12;
}

bool model_misfit_max_allowed_capacity(enum capsim_model model)
{
	/* "sched/fair: Check if a task has a fitting CPU when updating misfit" (6.10); 6.1's
	 * update_misfit_status() (read in linux-source-6.1) tests only nr_cpus_allowed */
	return !model_reads_thermal(model);
}

bool model_util_est_two_values(enum capsim_model model)
{
	/* v6.8's "sched/fair: Simplify util_est" (11137d384996) kept one value, the ewma with the
	 * flag, and "sched/pelt: Avoid underestimation of task utilization" added the runnable
	 * check: v6.9 on have them, 6.1 (read in linux-source-6.1.192, group util_est_6_1) not */
	return model == CAPSIM_MODEL_V6_1;
}

bool model_sugov_clamp_before_headroom(enum capsim_model model)
{
	/* 9c0b4bb7f630 "sched/cpufreq: Rework schedutil governor performance estimation" (v6.8)
	 * moved the 25 % headroom before the clamps: v6.9 on have it, 6.1 (linux-source-6.1.192,
	 * group sugov_6_1) clamps in effective_cpu_util() and adds the headroom in get_next_freq() */
	return model == CAPSIM_MODEL_V6_1;
}

bool model_em_complexity_limit(enum capsim_model model)
{
	/* 6.1.192's kernel/sched/topology.c has EM_MAX_COMPLEXITY (read); "sched/topology: Remove
	 * EM_MAX_COMPLEXITY limit" (5b77261c5510, v6.7) dropped it: v6.9 on run without */
	return model == CAPSIM_MODEL_V6_1;
}

bool model_em_energy_6_1(enum capsim_model model)
{
	/* 6.1.192's fair.c and energy_model.h (group find_energy_efficient_cpu_6_1); 9c0b4bb7f630
	 * (v6.8) moved the headroom before the clamps, "PM: EM: Change the way em_cpu_energy()
	 * calculates energy" (v6.9) picks by performance on the new costs */
	return model == CAPSIM_MODEL_V6_1;
}

bool model_post_init_scaled_weight(enum capsim_model model)
{
	/* 6.1.192's post_init_entity_util_avg() multiplies by se->load.weight, 6.12.118's by
	 * se_weight(se) (both read; kernel-check group fork_6_1); the v6.9 and v6.10 models keep
	 * 6.12's, as before */
	return CAPSIM_MUT(291, model == CAPSIM_MODEL_V6_1, true);
}

uint64_t model_util_est_capacity(enum capsim_model model, uint64_t arch_cap)
{
	/* 7.3's util_est_update() (read in linux-source-7.3.4, kernel-check group util_est_7_3)
	 * has no "util above the CPU's capacity" early return that 6.7 .. 6.12 have */
	return model == CAPSIM_MODEL_V7_3 ? UINT64_MAX : arch_cap;
}

int model_reads_thermal(enum capsim_model model)
{
	/* 6.1 .. 6.9: the thermal pressure interface, before "Rework system pressure" (6.10) */
	return model == CAPSIM_MODEL_V6_9 || model == CAPSIM_MODEL_V6_1;
}

bool model_uclamp_inc_before_enqueue(enum capsim_model model)
{
	/* dfa0a574cbc4 (6.12) moved uclamp_rq_inc() after ->enqueue_task(); 90ca9410dab2 (6.16)
	 * moved it back before, where v6.9 and v6.10 had it */
	return model != CAPSIM_MODEL_V6_12;
}
