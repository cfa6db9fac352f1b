// SPDX-License-Identifier: MIT
/*
 * kernel_side_sugov_6_1.c - the kernel's answer for groups sugov_6_1 and util_est_6_1, from
 * Linux 6.1's own code (functions_sugov_6_1.txt, cut by extract.py into
 * kernel_extract_sugov_6_1.c, every function renamed k_<name>): a policy's runqueues and
 * schedutil state, and at each step the cpufreq_update_util() hook 6.1's sugov_start() picks
 * (sugov_update_shared() for a policy of several CPUs, sugov_update_single_freq() for one);
 * and a task's activations on one cfs_rq with 6.1's util_est of two values.
 *
 * A translation unit of its own (kstubs_sugov_6_1.h): nothing here computes an answer itself.
 */
#include "kstubs_sugov_6_1.h"

#include "kernel_extract_sugov_6_1.c"

const char *kside_version_sugov_6_1(void)
{
	return KC_LINUX_VERSION;
}

void kside_sugov_6_1(const struct kc_sugov_6_1_in *in, struct kc_sugov_6_1_out *out)
{
	static struct cpufreq_policy policy;
	static struct sugov_policy sg_policy;
	u64 time = 0;

	memset(kc61s_rqs, 0, sizeof(kc61s_rqs));
	memset(sugov_cpu, 0, sizeof(sugov_cpu));
	memset(kc61s_idle_calls, 0, sizeof(kc61s_idle_calls));
	sched_uclamp_used = in->uclamp_used != 0;
	kc61s_tick_nsec = in->tick_nsec;
	policy = (struct cpufreq_policy){
		.cpus = { { (1UL << in->nr_cpus) - 1 } },
		.min = (unsigned int)in->policy_min, .max = (unsigned int)in->policy_max,
		.cur = (unsigned int)in->policy_max,
		.cpuinfo = { (unsigned int)in->opp_khz[0], (unsigned int)in->opp_khz[in->nr_opps - 1] },
		.fast_switch_enabled = true, .nr_opps = (unsigned int)in->nr_opps,
		.opp_khz = in->opp_khz,
	};
	/* sugov_init() / sugov_start() */
	sg_policy = (struct sugov_policy){
		.policy = &policy, .freq_update_delay_ns = (s64)in->rate_limit_us * 1000,
		.limits_changed = true,
	};
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		struct rq *rq = cpu_rq(c);

		rq->cpu = (int)c;
		rq->cpu_capacity_orig = in->arch_cap[c];
		rq->cfs.avg.util_avg = in->util_cfs[c];
		rq->cfs.avg.util_est.enqueued = (unsigned int)in->util_est_cfs[c];
		rq->avg_rt.util_avg = in->util_rt[c];
		rq->avg_dl.util_avg = in->util_dl[c];
		rq->avg_irq.util_avg = in->util_irq[c];
		rq->rt.rt_nr_running = rq->rt.rt_queued = in->rt_runnable[c] != 0;
		rq->uclamp[UCLAMP_MIN].value = (unsigned int)in->uclamp_min_rq[c];
		rq->uclamp[UCLAMP_MAX].value = (unsigned int)in->uclamp_max_rq[c];
		sugov_cpu[c].cpu = c;
		sugov_cpu[c].sg_policy = &sg_policy;
	}
	for (unsigned i = 0; i < in->nr_steps; i++) {
		unsigned cpu = (unsigned)in->cpu[i];
		struct rq *rq = cpu_rq(cpu);
		unsigned int flags = in->iowait[i] ? SCHED_CPUFREQ_IOWAIT : 0;

		time += in->dt[i];
		if (in->limits_changed[i])
			sg_policy.limits_changed = true; /* sugov_limits() */
		kc61s_idle_calls[cpu] += in->idled[i] != 0;
		rq->cfs.avg.util_avg = in->new_util[i];
		if (in->new_uclamp_min[i])
			rq->uclamp[UCLAMP_MIN].value = (unsigned int)(in->new_uclamp_min[i] - 1);
		if (in->new_uclamp_max[i])
			rq->uclamp[UCLAMP_MAX].value = (unsigned int)(in->new_uclamp_max[i] - 1);
		if (in->nr_cpus > 1)
			k_sugov_update_shared(&sugov_cpu[cpu].update_util, time, flags);
		else
			k_sugov_update_single_freq(&sugov_cpu[cpu].update_util, time, flags);
		out->util[i] = sugov_cpu[cpu].util;
		out->next_freq[i] = sg_policy.next_freq;
		out->cached_raw_freq[i] = sg_policy.cached_raw_freq;
		out->need_freq_update[i] = sg_policy.need_freq_update;
		out->limits_changed[i] = sg_policy.limits_changed;
		out->last_freq_update_time[i] = sg_policy.last_freq_update_time;
		out->cur[i] = policy.cur;
		for (unsigned c = 0; c < in->nr_cpus && c < 4; c++) {
			out->boosts[i] |= (uint64_t)sugov_cpu[c].iowait_boost << (16 * c);
			out->pending[i] |= (uint64_t)sugov_cpu[c].iowait_boost_pending << c;
		}
		out->saved_idle_calls[i] = sugov_cpu[cpu].saved_idle_calls;
	}
}

void kside_util_est_6_1(const struct kc_util_est_6_1_in *in, struct kc_util_est_6_1_out *out)
{
	struct rq *rq = cpu_rq(0);
	struct cfs_rq *cfs_rq = &rq->cfs;
	struct task_struct p;

	memset(kc61s_rqs, 0, sizeof(kc61s_rqs));
	memset(&p, 0, sizeof(p));
	rq->cpu_capacity_orig = in->arch_cap;
	cfs_rq->avg.util_est.enqueued = (unsigned int)in->cfs_util_est;
	p.se.avg.util_est.enqueued = (unsigned int)in->enqueued;
	p.se.avg.util_est.ewma = (unsigned int)in->ewma;
	for (unsigned i = 0; i < in->nr_steps; i++) {
		/* enqueue_task_fair(), then maybe a PELT update, then dequeue_task_fair() */
		k_util_est_enqueue(cfs_rq, &p);
		out->cfs_enqueued[i] = cfs_rq->avg.util_est.enqueued;
		if (in->pelt_updated[i])
			k_cfs_se_util_change(&p.se.avg);
		k_util_est_dequeue(cfs_rq, &p);
		out->cfs_dequeued[i] = cfs_rq->avg.util_est.enqueued;
		p.se.avg.util_avg = in->util[i];
		k_util_est_update(cfs_rq, &p, in->task_sleep[i] != 0);
		out->enqueued[i] = p.se.avg.util_est.enqueued;
		out->ewma[i] = p.se.avg.util_est.ewma;
	}
}
