// SPDX-License-Identifier: MIT
/*
 * schedutil.c - the frequency side: schedutil per policy (kernel/sched/cpufreq_schedutil.c,
 * the shared-policy path: sugov_update_shared, sugov_next_freq_shared and sugov_limits, with
 * the decisions of src/model/sugov.c and sugov_get_util of src/model/fair.c), the
 * performance and powersave governors, and the cpufreq core's fast switch
 * (cpufreq_driver_fast_switch with arch_set_freq_scale). Policy limits and freq_qos live in
 * the platform (src/model/platform.h).
 */
#include "internal.h"
#include "sim/sim.h"
#include "sim/sim_events.h"

/* mirrors LATENCY_MULTIPLIER fallback of cpufreq_policy_transition_delay_us() (µs) */
#define SUGOV_DEFAULT_RATE_LIMIT_US 1000u

/*
 * Apply policy->cur = @khz on every CPU of the policy: bring their clocks and running work up
 * to now at the old speed first, then change the speed and re-arm their completions.
 * mirrors cpufreq_driver_fast_switch() + arch_set_freq_scale().
 */
void cpufreq_set_cur(struct capsim_sim *s, struct sim_policy *sp, uint32_t khz)
{
	struct platform_policy *pp = sp->pp;

	if (khz < pp->min_khz)
		khz = pp->min_khz;
	if (khz > pp->max_khz)
		khz = pp->max_khz;
	if (khz == pp->cur_khz)
		return;
	for (unsigned i = 0; i < sp->nr_cpus; i++) {
		unsigned c = sp->cpus[i];

		update_rq_clock(s, &s->rq[c]);
		rq_update_curr(s, &s->rq[c]);
		sim_account_cpu(s, (int)c);
	}
	pp->cur_khz = khz;
	for (unsigned i = 0; i < sp->nr_cpus; i++) {
		unsigned c = sp->cpus[i];

		sim_refresh_freq_scale(s, (int)c);
		sim_ev_cpu_frequency(s, (int)c);
		rq_arm_completion(s, &s->rq[c]);
	}
}

/* mirrors sugov_update_shared() + sugov_next_freq_shared() (no iowait boost, fast switch) */
static void sugov_update_shared(struct capsim_sim *s, struct sim_policy *sp, int cpu)
{
	uint64_t util = 0, max_cap = s->rq[cpu].cap_orig;
	uint32_t next_f;
	bool changed;

	if (!sugov_should_update_freq(&sp->sg, s->now))
		return;
	for (unsigned i = 0; i < sp->nr_cpus; i++) {
		uint64_t u = sugov_get_util(&s->rd, (int)sp->cpus[i]);

		if (u > util)
			util = u;
	}
	next_f = get_next_freq(&sp->sg, s->plat, sp->idx, util, max_cap);
	changed = sugov_update_next_freq(&sp->sg, s->now, next_f);
	sim_ev_sugov_update(s, sp, cpu, util, max_cap, next_f, changed);
	if (changed)
		cpufreq_set_cur(s, sp, next_f);
}

/* mirrors cpufreq_update_util(): the scheduler's hook into the governor of @cpu's policy */
void cpufreq_update_util(struct capsim_sim *s, int cpu)
{
	int pi = s->rq[cpu].policy;

	if (pi < 0 || s->opt.governor != SIM_GOV_SCHEDUTIL)
		return;
	sugov_update_shared(s, &s->pol[pi], cpu);
}

/* mirrors sugov_start() (and the performance/powersave governors' start) */
void sugov_start(struct capsim_sim *s, struct sim_policy *sp)
{
	uint32_t rl = s->opt.rate_limit_us ? s->opt.rate_limit_us : SUGOV_DEFAULT_RATE_LIMIT_US;

	sp->sg = (struct sugov_state){ .freq_update_delay_ns = (int64_t)rl * 1000 };
	sugov_limits(s, sp);
}

/*
 * mirrors sugov_limits() for a fast-switching driver (schedutil reacts at its next update),
 * and cpufreq_gov_performance_limits() / cpufreq_gov_powersave_limits().
 */
void sugov_limits(struct capsim_sim *s, struct sim_policy *sp)
{
	switch (s->opt.governor) {
	case SIM_GOV_SCHEDUTIL:
		sp->sg.limits_changed = true;
		if (sp->pp->cur_khz > sp->pp->max_khz || sp->pp->cur_khz < sp->pp->min_khz)
			cpufreq_set_cur(s, sp, sp->pp->cur_khz); /* clamped into the new limits */
		break;
	case SIM_GOV_PERFORMANCE:
		cpufreq_set_cur(s, sp, sp->pp->max_khz);
		break;
	case SIM_GOV_POWERSAVE:
		cpufreq_set_cur(s, sp, sp->pp->min_khz);
		break;
	}
	sim_ev_cpu_frequency_limits(s, sp);
}
