// SPDX-License-Identifier: MIT
/*
 * sim_scenario.c - a scenario's events in the run: freq_qos requests and HW caps applied to the
 * platform the way cpufreq_set_policy() and topology_update_hw_pressure() do, every CPU of
 * theirs brought up to now before the change and refreshed after it; cooling states and task
 * events handed to their owners (sim_pressure.c, task_exec.c).
 */
#include "internal.h"
#include "sim/sim.h"
#include "sim/sim_pressure.h"
#include "sim/sim_events.h"

/* Bring every CPU of @cpus up to now before a change of its limits, then refresh. */
void cpus_sync(struct capsim_sim *s, const capsim_cpumask *cpus, bool after)
{
	for (unsigned c = 0; c < s->nr_cpus; c++) {
		struct sim_rq *rq = &s->rq[c];

		if (!capsim_cpumask_test(cpus, c))
			continue;
		if (!after) {
			update_rq_clock(s, rq);
			rq_update_curr(s, rq);
			sim_account_cpu(s, (int)c);
			continue;
		}
		rq->delivered_cap = sim_delivered_capacity(s, (int)c);
		sim_refresh_freq_scale(s, (int)c);
		rq_sync_pressure(s, rq);
		rq_sync_view(s, rq);
		rq_arm_completion(s, rq);
		sim_ev_counters(s, (int)c); /* every CPU's capacity track follows its caps */
	}
}

int sim_apply_qos(struct capsim_sim *s, const struct sim_sc_event *e, enum freq_qos_origin origin,
		  capsim_error *err)
{
	struct sim_policy *sp = &s->pol[e->policy];
	const uint32_t cur = sp->pp->cur_khz;
	capsim_error tmp;
	int ret;

	cpus_sync(s, &sp->pp->related_cpus, false);
	if (e->kind == SIM_SC_QOS_CLEAR) {
		ret = platform_freq_qos_remove_request(s->plat, sp->idx, e->qos, e->name, err);
	} else {
		ret = platform_freq_qos_update_request(s->plat, sp->idx, e->qos, e->name, e->khz, &tmp);
		if (ret == CAPSIM_ERR_NOT_FOUND)
			ret = platform_freq_qos_add_request(s->plat, sp->idx, e->qos,
							    origin, e->name, e->khz, err);
		else if (ret)
			*err = tmp;
	}
	if (ret)
		return ret;
	sim_pressure_policy_changed(s, sp->idx);
	/*
	 * cpufreq_set_policy() -> cpufreq_policy_apply_limits() already moved policy->cur into
	 * the new limits (the platform did it above), so cpufreq_set_cur() in sugov_limits() sees
	 * no change: the driver's target still traces that cpu_frequency, on every CPU.
	 */
	for (unsigned i = 0; sp->pp->cur_khz != cur && i < sp->nr_cpus; i++) {
		sim_refresh_freq_scale(s, (int)sp->cpus[i]); /* arch_set_freq_scale() */
		sim_ev_cpu_frequency(s, (int)sp->cpus[i]);
	}
	sugov_limits(s, sp); /* cpufreq_set_policy() -> governor ->limits() */
	cpus_sync(s, &sp->pp->related_cpus, true);
	return 0;
}

/* mirrors topology_update_hw_pressure() for a HW throttle (and its end) on @cpus */
static void apply_hw_cap(struct capsim_sim *s, const struct sim_sc_event *e)
{
	cpus_sync(s, &e->cpus, false);
	sim_pressure_hw_cap(s, &e->cpus, e->khz);
	sim_ev_hw_pressure(s, &e->cpus);
	for (unsigned c = 0; c < s->nr_cpus; c++) {
		if (!capsim_cpumask_test(&e->cpus, c))
			continue;
		s->rq[c].hw_cap_khz = e->khz;
		sim_refresh_freq_scale(s, (int)c); /* the event carries the OPP now delivered */
		sim_ev_cpu_frequency(s, (int)c); /* the delivered OPP moved; policy->cur did not */
	}
	cpus_sync(s, &e->cpus, true);
}

/* A scenario event (EV_SCENARIO) now: a freq_qos request, a HW cap, a cooling state, a task's
 * start, stop or clamps. Return: 0, or a negative enum capsim_err with @err. */
int sim_scenario_event(struct capsim_sim *s, const struct sim_sc_event *e, capsim_error *err)
{
	switch (e->kind) {
	case SIM_SC_QOS_SET:
	case SIM_SC_QOS_CLEAR:
		return sim_apply_qos(s, e, FREQ_QOS_ORIGIN_USER, err);
	case SIM_SC_HW_CAP:
		apply_hw_cap(s, e);
		return 0;
	case SIM_SC_COOLING_STATE:
		return sim_thermal_set_cdev(s, e->name, e->state, err);
	case SIM_SC_TASK_START:
	case SIM_SC_TASK_STOP:
	case SIM_SC_UCLAMP:
		sim_task_scenario_event(s, e);
		return 0;
	}
	return 0;
}
