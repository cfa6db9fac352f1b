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

/*
 * group find_energy_efficient_cpu_6_1: the case's perf domains as 6.1's build_perf_domains()
 * lists them (the highest first), each with its energy model (6.1's costs, no performance
 * field), the asymmetric domain over every CPU. compute_energy() has no tracepoint in 6.1:
 * find_energy_efficient_cpu()'s calls of it are hooked (extract.py --hook) and logged with what
 * 6.12's sched_compute_energy_tp gives (its max_util, and its busy_time as its first lines make
 * it).
 */
static struct kc_find_energy_efficient_cpu_6_1_out *kc61s_feec_out;

static unsigned long kc_hook_compute_energy(struct energy_env *eenv, struct perf_domain *pd,
					    struct cpumask *pd_cpus, struct task_struct *p,
					    int dst_cpu)
{
	struct kc_find_energy_efficient_cpu_6_1_out *out = kc61s_feec_out;
	unsigned long energy = k_compute_energy(eenv, pd, pd_cpus, p, dst_cpu);
	unsigned n = (unsigned)out->nr_calls++;

	if (n < KC_FEEC_CALLS) {
		out->dst_cpu[n] = (uint64_t)(int64_t)dst_cpu;
		out->energy[n] = energy;
		out->max_util[n] = k_eenv_pd_max_util(eenv, pd_cpus, p, dst_cpu);
		out->busy_time[n] = dst_cpu >= 0 ? min(eenv->pd_cap, eenv->pd_busy_time +
							   eenv->task_busy_time)
						 : eenv->pd_busy_time;
	}
	return energy;
}

static struct perf_domain *kc61s_feec_pds(const struct kc_find_energy_efficient_cpu_6_1_in *in)
{
	static struct em_perf_state table[KC_FEEC_PDS][KC_MAX_OPPS];
	static struct em_perf_domain em[KC_FEEC_PDS];
	static struct perf_domain pd[KC_FEEC_PDS];
	struct perf_domain *head = NULL;

	for (unsigned d = 0; d < in->nr_pds; d++) {
		uint64_t end = d + 1 < in->nr_pds ? in->first_cpu[d + 1] : in->nr_cpus;

		for (unsigned i = 0; i < in->nr_states[d]; i++) {
			unsigned k = d * KC_MAX_OPPS + i;

			table[d][i] = (struct em_perf_state){
				.frequency = in->em_freq[k], .power = in->em_power[k],
				.cost = in->em_cost_6_1[k],
				.flags = in->em_ineff[k] ? EM_PERF_STATE_INEFFICIENT : 0,
			};
		}
		em[d] = (struct em_perf_domain){
			.table = table[d], .nr_perf_states = (int)in->nr_states[d],
			.flags = in->skip_ineff[d] ? EM_PERF_DOMAIN_SKIP_INEFFICIENCIES : 0,
			.cpus = { ((1UL << end) - 1) & ~((1UL << in->first_cpu[d]) - 1) },
		};
		pd[d] = (struct perf_domain){ .em_pd = &em[d], .next = head };
		head = &pd[d];
	}
	return head;
}

void kside_find_energy_efficient_cpu_6_1(const struct kc_find_energy_efficient_cpu_6_1_in *in,
					 struct kc_find_energy_efficient_cpu_6_1_out *out)
{
	static struct root_domain rd;
	static struct sched_domain sd;
	struct cpumask allowed = { (unsigned long)in->allowed };
	struct task_struct p = { .cpu = (int)in->prev_cpu, .cpus_ptr = &allowed,
				 .kc_uclamp_eff = { in->uclamp_min, in->uclamp_max } };

	memset(kc61s_rqs, 0, sizeof(kc61s_rqs));
	memset(kc61s_thermal_pressure, 0, sizeof(kc61s_thermal_pressure));
	sched_uclamp_used = in->uclamp_used != 0;
	kc61s_online.bits = (1UL << in->nr_cpus) - 1;
	rd = (struct root_domain){ .pd = kc61s_feec_pds(in) };
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) {
		struct rq *rq = cpu_rq(cpu);

		rq->cpu = (int)cpu;
		rq->rd = &rd;
		rq->cpu_capacity_orig = in->arch_cap[cpu];
		rq->cpu_capacity = in->capacity_of[cpu];
		rq->cfs.avg.util_avg = in->util_cfs[cpu];
		rq->cfs.avg.util_est.enqueued = (unsigned int)in->util_est_cfs[cpu];
		KC_RQ_OTHER_SIGNALS(rq, in, cpu);
		rq->uclamp_flags = in->uclamp_idle[cpu] ? UCLAMP_FLAG_IDLE : 0;
		kc61s_thermal_pressure[cpu] = in->thermal_pressure[cpu];
	}
	sd = (struct sched_domain){ .span = { kc61s_online.bits } };
	memset(sd_asym_cpucapacity, 0, sizeof(sd_asym_cpucapacity));
	sd_asym_cpucapacity[in->this_cpu] = &sd;
	kc61s_this_cpu = (int)in->this_cpu;
	p.se.avg.util_avg = in->util_avg;
	p.se.avg.util_est = (struct util_est){ .enqueued = (unsigned int)in->util_est,
					       .ewma = (unsigned int)in->util_est_ewma };
	kc61s_feec_out = out;
	out->cpu[0] = (uint64_t)(int64_t)k_find_energy_efficient_cpu(&p, task_cpu(&p));
	kc61s_feec_out = NULL;
}
