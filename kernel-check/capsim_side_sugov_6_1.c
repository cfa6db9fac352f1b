// SPDX-License-Identifier: MIT
/*
 * capsim_side_sugov_6_1.c - capsim's answer for groups sugov_6_1 and util_est_6_1: the v6.1
 * model's schedutil and util_est. sugov_6_1 runs src/sim/cpufreq_schedutil.c's sequence of
 * sugov_update_shared() / sugov_update_single_freq() (fast switch) over the model's
 * functions as the v6.1 model has them: sugov_get_util_boost() of a CAPSIM_MODEL_V6_1 root
 * domain (6.1's sugov_get_util(), effective_cpu_util(FREQUENCY_UTIL) and the clamped iowait
 * boost) and get_next_freq() with the headroom sugov_start() gives that model
 * (model_sugov_clamp_before_headroom()). util_est_6_1 runs src/sim/fair.c's util_est calls
 * on a task's two values (task_util_est_value(), util_est_update_6_1()).
 */
#include <string.h>

#include "kcase.h"
#include "model/fair.h"
#include "model/model.h"
#include "model/platform.h"
#include "model/sugov.h"
#include "model/util_est.h"

#define CS_MODEL CAPSIM_MODEL_V6_1

void cside_sugov_6_1(const struct kc_sugov_6_1_in *in, struct kc_sugov_6_1_out *out)
{
	static struct capsim_platform plat;
	static struct platform_cpu pcpus[KC_MAX_CPUS];
	static struct platform_policy pol;
	static struct platform_opp opps[KC_MAX_OPPS];
	struct fair_cpu cpus[KC_MAX_CPUS];
	struct fair_rd rd = { .model = CS_MODEL, .uclamp_used = in->uclamp_used != 0,
			      .nr_cpus = (unsigned)in->nr_cpus, .cpus = cpus };
	struct sugov_cpu_state sgc[KC_MAX_CPUS] = { 0 };
	struct sugov_state sg = {
		.freq_update_delay_ns = (int64_t)in->rate_limit_us * 1000, .limits_changed = true,
		.headroom_in_freq = model_sugov_clamp_before_headroom(CS_MODEL),
	};
	uint64_t idle_calls[KC_MAX_CPUS] = { 0 }, util_of[KC_MAX_CPUS] = { 0 }, time = 0;

	memset(&plat, 0, sizeof(plat));
	memset(pcpus, 0, sizeof(pcpus));
	memset(&pol, 0, sizeof(pol));
	plat.cpus = pcpus;
	plat.nr_cpus = (unsigned)in->nr_cpus;
	plat.policies = &pol;
	plat.nr_policies = 1;
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		pcpus[c].capacity_orig = in->arch_cap[c];
		pcpus[c].policy = 0;
		capsim_cpumask_set(&pol.related_cpus, c);
		cpus[c] = (struct fair_cpu){
			.arch_cap = in->arch_cap[c], .cfs_avg.util_avg = in->util_cfs[c],
			.util_est_cfs = (uint32_t)in->util_est_cfs[c],
			.avg_rt.util_avg = in->util_rt[c],
			.avg_dl.util_avg = in->util_dl[c], .util_irq = in->util_irq[c],
			.uclamp_min_rq = in->uclamp_min_rq[c], .uclamp_max_rq = in->uclamp_max_rq[c],
			.rt_nr_running = in->rt_runnable[c] != 0,
		};
	}
	for (unsigned i = 0; i < in->nr_opps; i++)
		opps[i] = (struct platform_opp){ .hz = in->opp_khz[i] * 1000,
						 .khz = (uint32_t)in->opp_khz[i] };
	pol.opps = opps;
	pol.nr_opps = (unsigned)in->nr_opps;
	pol.cpuinfo_min_khz = (uint32_t)in->opp_khz[0];
	pol.cpuinfo_max_khz = (uint32_t)in->opp_khz[in->nr_opps - 1];
	pol.min_khz = (uint32_t)in->policy_min;
	pol.max_khz = pol.cur_khz = (uint32_t)in->policy_max;

	for (unsigned i = 0; i < in->nr_steps; i++) {
		unsigned cpu = (unsigned)in->cpu[i];
		uint64_t max_cap = in->arch_cap[cpu], util = 0, tick = in->tick_nsec;
		uint32_t next_f, cached = sg.cached_raw_freq;

		time += in->dt[i];
		if (in->limits_changed[i])
			sg.limits_changed = true; /* sugov_limits() */
		idle_calls[cpu] += in->idled[i] != 0;
		cpus[cpu].cfs_avg.util_avg = in->new_util[i];
		if (in->new_uclamp_min[i])
			cpus[cpu].uclamp_min_rq = in->new_uclamp_min[i] - 1;
		if (in->new_uclamp_max[i])
			cpus[cpu].uclamp_max_rq = in->new_uclamp_max[i] - 1;
		sugov_iowait_boost(&sgc[cpu], time, in->iowait[i] ? SCHED_CPUFREQ_IOWAIT : 0, tick);
		sgc[cpu].last_update = time;
		if (sugov_should_update_freq(&sg, time)) {
			for (unsigned c = 0; c < in->nr_cpus; c++) {
				if (in->nr_cpus == 1 && c != cpu)
					continue;
				util_of[c] = sugov_get_util_boost(
					&rd, (int)c, sugov_iowait_apply(&sgc[c], time, max_cap, tick));
				util = util_of[c] > util ? util_of[c] : util;
			}
			next_f = get_next_freq(&sg, &plat, 0, util, max_cap);
			if (in->nr_cpus == 1 && /* sugov_update_single_freq() */
			    sugov_hold_freq(&sgc[cpu], idle_calls[cpu], uclamp_rq_is_capped(&rd, (int)cpu)) &&
			    next_f < sg.next_freq && !sg.need_freq_update) {
				next_f = sg.next_freq;
				sg.cached_raw_freq = cached;
			}
			if (sugov_update_next_freq(&sg, time, next_f)) /* cpufreq_driver_fast_switch() */
				pol.cur_khz = next_f;
		}
		out->util[i] = util_of[cpu];
		out->next_freq[i] = sg.next_freq;
		out->cached_raw_freq[i] = sg.cached_raw_freq;
		out->need_freq_update[i] = sg.need_freq_update;
		out->limits_changed[i] = sg.limits_changed;
		out->last_freq_update_time[i] = sg.last_freq_update_time;
		out->cur[i] = pol.cur_khz;
		for (unsigned c = 0; c < in->nr_cpus && c < 4; c++) {
			out->boosts[i] |= (uint64_t)sgc[c].iowait_boost << (16 * c);
			out->pending[i] |= (uint64_t)sgc[c].iowait_boost_pending << c;
		}
		out->saved_idle_calls[i] = sgc[cpu].saved_idle_calls;
	}
}

void cside_util_est_6_1(const struct kc_util_est_6_1_in *in, struct kc_util_est_6_1_out *out)
{
	uint32_t cfs = (uint32_t)in->cfs_util_est, enqueued = (uint32_t)in->enqueued;
	uint32_t ewma = (uint32_t)in->ewma;

	for (unsigned i = 0; i < in->nr_steps; i++) {
		cfs = util_est_enqueue(cfs, task_util_est_value(enqueued, ewma));
		out->cfs_enqueued[i] = cfs;
		if (in->pelt_updated[i])
			enqueued = cfs_se_util_change(enqueued);
		cfs = util_est_dequeue(cfs, task_util_est_value(enqueued, ewma));
		out->cfs_dequeued[i] = cfs;
		util_est_update_6_1(&enqueued, &ewma, in->util[i], in->arch_cap,
				    in->task_sleep[i] != 0);
		out->enqueued[i] = enqueued;
		out->ewma[i] = ewma;
	}
}
