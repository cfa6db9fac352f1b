// SPDX-License-Identifier: MIT
/*
 * schedutil.c - the frequency side: schedutil per policy (kernel/sched/cpufreq_schedutil.c:
 * sugov_update_shared() with sugov_next_freq_shared(), sugov_update_single_freq() for
 * one-CPU policies, the iowait boost, and sugov_limits(), with the decisions of
 * src/model/sugov.c and sugov_get_util of src/model/fair.c), the performance and powersave
 * governors, and the cpufreq core's switch (cpufreq_driver_fast_switch(), or the sugov
 * kthread's __cpufreq_driver_target() for drivers without fast switching: sugov_kthread.c;
 * then arch_set_freq_scale()). Each policy's driver, transition latency and fast switching
 * come from the platform (src/input/dt_cpufreq.c); policy limits and freq_qos live there too
 * (src/model/platform.h).
 */
#include "internal.h"
#include "sim/sim.h"
#include "sim/sim_events.h"

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

/* the new request from @cpu: cpufreq_driver_fast_switch() now, or the kthread's work */
static void sugov_commit(struct capsim_sim *s, struct sim_policy *sp, int cpu, uint32_t next_f)
{
	if (sp->fast_switch)
		cpufreq_set_cur(s, sp, next_f);
	else
		sugov_deferred_update(s, sp, cpu);
}

/* @cpu's struct sugov_cpu */
static struct sugov_cpu_state *sg_cpu_of(const struct capsim_sim *s, struct sim_policy *sp, int cpu)
{
	return &sp->sg_cpu[s->rq[cpu].policy_pos];
}

/* mirrors sugov_update_shared() + sugov_next_freq_shared() */
static void sugov_update_shared(struct capsim_sim *s, struct sim_policy *sp, int cpu,
				unsigned flags)
{
	uint64_t util = 0, max_cap = s->rq[cpu].cap_orig;
	uint32_t next_f;
	bool changed;

	sugov_iowait_boost(sg_cpu_of(s, sp, cpu), s->now, CAPSIM_MUT(43, flags, 0u), s->tick_ns);
	sg_cpu_of(s, sp, cpu)->last_update = s->now;
	if (!sugov_should_update_freq(&sp->sg, s->now))
		return;
	for (unsigned i = 0; i < sp->nr_cpus; i++) {
		uint64_t boost = CAPSIM_MUT(42, sugov_iowait_apply(&sp->sg_cpu[i], s->now, max_cap, s->tick_ns), 0);
		uint64_t u = sugov_get_util_boost(&s->rd, (int)sp->cpus[i], boost);

		if (CAPSIM_MUT(44, u > util, u < util))
			util = u;
	}
	next_f = get_next_freq(&sp->sg, s->plat, sp->idx, util, max_cap);
	changed = sugov_update_next_freq(&sp->sg, s->now, next_f);
	sim_ev_sugov_update(s, sp, cpu, util, max_cap, next_f, changed);
	if (changed)
		sugov_commit(s, sp, cpu, next_f);
}

/* mirrors sugov_update_single_freq() with sugov_update_single_common() */
static void sugov_update_single_freq(struct capsim_sim *s, struct sim_policy *sp, int cpu,
				     unsigned flags)
{
	struct sugov_cpu_state *sg_cpu = &sp->sg_cpu[0];
	uint32_t cached_freq = sp->sg.cached_raw_freq, next_f;
	uint64_t max_cap = s->rq[cpu].cap_orig, util;
	bool changed;

	sugov_iowait_boost(sg_cpu, s->now, flags, s->tick_ns);
	sg_cpu->last_update = s->now;
	if (!sugov_should_update_freq(&sp->sg, s->now))
		return;
	util = sugov_get_util_boost(&s->rd, cpu,
				    CAPSIM_MUT(45, sugov_iowait_apply(sg_cpu, s->now, max_cap, s->tick_ns), 0));
	next_f = get_next_freq(&sp->sg, s->plat, sp->idx, util, max_cap);
	/* a CPU that has not idled since keeps its frequency: a reduction would be premature */
	if (sugov_hold_freq(sg_cpu, s->rq[cpu].idle_calls, uclamp_rq_is_capped(&s->rd, cpu)) &&
	    next_f < sp->sg.next_freq && !sp->sg.need_freq_update) {
		next_f = sp->sg.next_freq;
		sp->sg.cached_raw_freq = cached_freq;
	}
	changed = sugov_update_next_freq(&sp->sg, s->now, next_f);
	sim_ev_sugov_update(s, sp, cpu, util, max_cap, next_f, changed);
	if (changed)
		sugov_commit(s, sp, cpu, next_f);
}

void cpufreq_update_util_flags(struct capsim_sim *s, int cpu, unsigned flags)
{
	int pi = s->rq[cpu].policy;

	if (pi < 0 || s->opt.governor != SIM_GOV_SCHEDUTIL)
		return;
	/* sugov_start(): policy_is_shared() picks the hook (no ->adjust_perf on these drivers) */
	if (s->pol[pi].nr_cpus > 1)
		sugov_update_shared(s, &s->pol[pi], cpu, flags);
	else
		sugov_update_single_freq(s, &s->pol[pi], cpu, flags);
}

/* mirrors cpufreq_update_util(): the scheduler's hook into the governor of @cpu's policy */
void cpufreq_update_util(struct capsim_sim *s, int cpu)
{
	cpufreq_update_util_flags(s, cpu, 0);
}

/*
 * mirrors sugov_start() (and the performance/powersave governors' start): rate_limit_us from
 * sugov_init()'s cpufreq_policy_transition_delay_us() unless the scenario sets one for all.
 */
void sugov_start(struct capsim_sim *s, struct sim_policy *sp)
{
	uint32_t rl = s->opt.rate_limit_us ? s->opt.rate_limit_us
					   : cpufreq_policy_transition_delay_us(sp->pp);

	sp->sg = (struct sugov_state){ .freq_update_delay_ns = (int64_t)rl * 1000 };
	sp->fast_switch = sp->pp->fast_switch;
	/* sugov_init(): the kthread only for the slow path */
	if (s->opt.governor == SIM_GOV_SCHEDUTIL && !sp->fast_switch &&
	    sugov_kthread_create(sp))
		s->error = CAPSIM_ERR_NOMEM;
	sugov_limits(s, sp);
}

/*
 * mirrors sugov_limits(): without fast switching cpufreq_policy_apply_limits() moves cur into
 * the new limits at once; with it, schedutil reacts at its next update (limits_changed).
 * And cpufreq_gov_performance_limits() / cpufreq_gov_powersave_limits().
 */
void sugov_limits(struct capsim_sim *s, struct sim_policy *sp)
{
	switch (s->opt.governor) {
	case SIM_GOV_SCHEDUTIL:
		if (!sp->fast_switch &&
		    (sp->pp->cur_khz > sp->pp->max_khz || sp->pp->cur_khz < sp->pp->min_khz))
			cpufreq_set_cur(s, sp, sp->pp->cur_khz); /* clamped into the new limits */
		sp->sg.limits_changed = true;
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
