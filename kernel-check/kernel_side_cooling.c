// SPDX-License-Identifier: MIT
/*
 * kernel_side_cooling.c - the kernel's answer for the path group cooling_get_load: the case's
 * CPUs in kstubs.h's runqueues, one cpufreq policy, energy model and cpufreq cooling device
 * per policy, and power_allocator's calls of the devices' callbacks in its allocate_power()
 * order, made with the functions functions_cooling.txt cut out of linux-source-6.12
 * (kernel_extract_cooling.c, every one renamed k_<name>; compiled again with KC_LINUX_7_3 on
 * linux-source-7.3's for cooling_get_load_7_3, moves-cooling-7.3.txt): cpufreq_get_requested_power(),
 * cpufreq_state2power(), cpufreq_power2state(). sched_cpu_util()'s calls (from get_load())
 * are logged, then made.
 *
 * A translation unit of its own (the cut functions are static; it shares kstubs.h's types and
 * kernel_side.c's runqueues and per-CPU arrays): nothing here computes an answer itself.
 */
#include "kcase.h"
#include "kstubs_cooling.h"

struct cpufreq_policy *kc_cooling_policy[KC_MAX_CPUS];
static struct kc_cooling_get_load_out *kc_out;
static unsigned kc_device; /* the device being asked: the log's step */
static unsigned kc_grant;  /* the power2state call in progress: where its trace goes */

#include "kernel_extract_cooling.c"

static unsigned long kc_hook_sched_cpu_util(int cpu)
{
	unsigned long util = k_sched_cpu_util(cpu);

	if (kc_out->nr_log < KC_MAX_CPUS)
		kc_out->log[kc_out->nr_log] =
			kc_path_entry(kc_device, KC_CALL_SCHED_CPU_UTIL, (unsigned)cpu, util);
	kc_out->nr_log++;
	return util;
}

void kc_cooling_trace_limit(unsigned int freq, unsigned long state)
{
	(void)state;
	kc_out->limit_freq[kc_grant] = freq;
}

static struct {
	struct cpufreq_policy policy[KC_COOL_POLICIES];
	struct em_perf_table table[KC_COOL_POLICIES];
	struct em_perf_domain em[KC_COOL_POLICIES];
	struct cpufreq_cooling_device ccdev[KC_COOL_POLICIES];
	struct thermal_cooling_device cdev[KC_COOL_POLICIES];
} kc;

static void kc_cpu(const struct kc_cooling_get_load_in *in, unsigned cpu)
{
	struct rq *rq = cpu_rq(cpu);

	rq->cpu = (int)cpu;
	cpu_scale[cpu] = in->arch_cap[cpu];
	rq->cpu_capacity = in->capacity_of[cpu];
	rq->cfs.avg.util_avg = in->util_cfs[cpu];
	rq->cfs.avg.util_est = (unsigned int)in->util_est[cpu];
	KC_RQ_OTHER_SIGNALS(rq, in, cpu);
}

/* cpufreq_cooling_register() of policy @p: max_level from its (sane) energy model */
static void kc_device_init(const struct kc_cooling_get_load_in *in, unsigned p)
{
	unsigned first = (unsigned)in->first_cpu[p];
	unsigned end = p + 1 < in->nr_policies ? (unsigned)in->first_cpu[p + 1] : (unsigned)in->nr_cpus;
	struct cpufreq_policy *policy = &kc.policy[p];
	struct em_perf_domain *em = &kc.em[p];

	for (unsigned i = 0; i < in->nr_states[p]; i++) {
		kc.table[p].state[i].frequency = in->em_freq[p * KC_MAX_OPPS + i];
		kc.table[p].state[i].power = in->em_power[p * KC_MAX_OPPS + i];
	}
	em->em_table = &kc.table[p];
	em->nr_perf_states = (int)in->nr_states[p];
	policy->cpu = first;
	policy->cur = (unsigned int)in->cur_khz[p];
	policy->max = (unsigned int)in->max_khz[p];
	for (unsigned c = first; c < end; c++) {
		policy->cpus->bits[0] |= 1UL << c;
		policy->related_cpus->bits[0] |= 1UL << c;
		em->cpus[0] |= 1UL << c;
		kc_cooling_policy[c] = policy;
	}
	kc.ccdev[p].em = em;
	kc.ccdev[p].policy = policy;
	kc.ccdev[p].max_level = (unsigned int)in->nr_states[p] - 1;
	kc.cdev[p].devdata = &kc.ccdev[p];
}

void kside_cooling_get_load(const struct kc_cooling_get_load_in *in,
			    struct kc_cooling_get_load_out *out)
{
	memset(kc_rqs, 0, sizeof(kc_rqs));
	memset(&kc, 0, sizeof(kc));
	memset(kc_cooling_policy, 0, sizeof(kc_cooling_policy));
	nr_cpu_ids = (unsigned int)in->nr_cpus;
	kc_cpus_present.bits[0] = (1UL << in->nr_cpus) - 1;
	sched_uclamp_used = in->uclamp_used != 0;
	kc_out = out;
	for (unsigned c = 0; c < in->nr_cpus; c++)
		kc_cpu(in, c);
	for (unsigned p = 0; p < in->nr_policies; p++)
		kc_device_init(in, p);
	/* allocate_power(): each actor's request and maximum power, then the grants */
	for (unsigned p = 0; p < in->nr_policies; p++) {
		u32 power = 0;

		kc_device = p;
		k_cpufreq_get_requested_power(&kc.cdev[p], &power);
		out->req_power[p] = power;
		out->last_load[p] = kc.ccdev[p].last_load;
		for (unsigned s = 0; s <= in->nr_states[p]; s++) {
			unsigned i = p * KC_COOL_STATES + s;

			power = 0;
			out->s2p_error[i] = k_cpufreq_state2power(&kc.cdev[p], s, &power) != 0;
			out->s2p_power[i] = power;
		}
	}
	for (unsigned p = 0; p < in->nr_policies; p++)
		for (unsigned g = 0; g < KC_COOL_GRANTS; g++) {
			unsigned long state = 0;

			kc_grant = p * KC_COOL_GRANTS + g;
			k_cpufreq_power2state(&kc.cdev[p], (u32)in->grant[kc_grant], &state);
			out->state[kc_grant] = state;
		}
	kc_out = NULL;
}
