// SPDX-License-Identifier: MIT
/*
 * kernel_side.c - the kernel's answer to each case: the state of a case is written into the
 * kernel's own structures (struct rq, the per-CPU variables of arch_topology and cpufreq, a
 * cpufreq policy with its frequency table and freq_qos requests, a sugov_policy), then the
 * functions extract.py cut out of linux-source-6.12 run on it, called as their callers in the
 * kernel call them, and what they leave is read back field by field.
 *
 * This file sees only kstubs.h and the generated kernel_extract.c (every cut function renamed
 * k_<name>); capsim_side.c does the same with capsim's code. Nothing here computes an answer
 * itself: it only moves values in and out.
 */
#include "kstubs.h"

DEFINE_PER_CPU(unsigned long, cpu_scale);
DEFINE_PER_CPU(unsigned long, arch_freq_scale);
DEFINE_PER_CPU(unsigned long, capacity_freq_ref);
DEFINE_PER_CPU(unsigned long, hw_pressure);
DEFINE_PER_CPU(unsigned long, cpufreq_pressure);
#ifdef KC_LINUX_6_1
/* 6.1's instantaneous thermal pressure, arm64's arch_scale_thermal_pressure() (arch_topology's
 * topology_get_thermal_pressure()): the case's cpufreq_pressure; its PELT average,
 * rq->avg_thermal, the case's hw_load_avg */
DEFINE_PER_CPU(unsigned long, thermal_pressure);
#define arch_scale_thermal_pressure(cpu) per_cpu(thermal_pressure, cpu)
#endif
struct cpumask scale_freq_counters_mask; /* the CPUs whose FIE source is their AMU */
int kc_this_cpu;
u64 kc_amu_core[KC_MAX_CPUS], kc_amu_const[KC_MAX_CPUS], kc_timer_rate;
/* arch/arm64/kernel/topology.c's per-CPU state, with its initial values (kc_reset()) */
unsigned long arch_max_freq_scale[KC_MAX_CPUS];
u64 arch_const_cycles_prev[KC_MAX_CPUS], arch_core_cycles_prev[KC_MAX_CPUS];
struct rq kc_rqs[KC_MAX_CPUS];
struct task_struct *kc_current;
bool sched_uclamp_used, sched_energy_present;
static struct cpufreq_driver kc_cpufreq_dt = { .verify = NULL };
struct cpufreq_driver *cpufreq_driver = &kc_cpufreq_dt;

/* rt_placement: the machine's CPUs, rt.c's and lib/cpumask.c's per-CPU variables */
unsigned int nr_cpu_ids = KC_MAX_CPUS;
struct cpumask kc_cpus_present;
bool sched_asym_cpucapacity;
static DEFINE_PER_CPU(cpumask_var_t, local_cpu_mask);
static DEFINE_PER_CPU(int, distribute_cpu_mask_prev);
unsigned int kc_flr_calls;

/* the deadline group: deadline.c's per-CPU mask of find_later_rq() */
static DEFINE_PER_CPU(cpumask_var_t, local_cpu_mask_dl);

/* the sugov group: cpufreq_schedutil.c's per-CPU sugov_cpu, HZ, the nohz idle entries */
struct sugov_cpu sugov_cpu[KC_MAX_CPUS];
u64 kc_tick_nsec;
unsigned long kc_idle_calls[KC_MAX_CPUS];

/* group lb_walk: the nohz state find_new_ilb() reads, should_we_balance()'s per-CPU mask */
static struct {
	cpumask_var_t idle_cpus_mask;
} nohz;
static DEFINE_PER_CPU(cpumask_var_t, should_we_balance_tmpmask);
unsigned long kc_lb_jiffies;
const unsigned int sysctl_sched_nr_migrate = 32; /* SCHED_NR_MIGRATE_BREAK, without PREEMPT_RT */

/* core.c's uclamp_default[] has no initializer to cut (uclamp_init() fills it); kside_uclamp() does */
static struct uclamp_se uclamp_default[UCLAMP_CNT];

/* group select_task_rq_fair: what update_top_cache_domain() leaves per CPU, the scan mask,
 * and its feec, hooked (extract.py --hook): the cut one where the case has perf domains
 * (eas_pds), else the case's answer */
DEFINE_PER_CPU(struct sched_domain *, sd_llc);
DEFINE_PER_CPU(int, sd_llc_size);
DEFINE_PER_CPU(int, sd_llc_id);
DEFINE_PER_CPU(struct sched_domain_shared *, sd_llc_shared);
DEFINE_PER_CPU(struct sched_domain *, sd_asym_cpucapacity);
#ifdef KC_LINUX_7_3
/* sd_llc_shared's, or the asymmetric domain's */
DEFINE_PER_CPU(struct sched_domain_shared *, sd_balance_shared);
#endif
static DEFINE_PER_CPU(cpumask_var_t, select_rq_mask);
bool sched_cluster_active;
static int kc_feec_cpu, kc_feec_asked, kc_feec_runs;
#ifdef KC_LINUX_6_1
/* 6.1's is not cut for the wake-up groups (functions_wake_6_1.txt): the case answers it */
static int find_energy_efficient_cpu(struct task_struct *p, int prev_cpu)
{
	(void)p;
	(void)prev_cpu;
	kc_feec_asked = 1;
	return kc_feec_cpu;
}
#else
static int k_find_energy_efficient_cpu(struct task_struct *p, int prev_cpu);
static int kc_hook_find_energy_efficient_cpu(struct task_struct *p, int prev_cpu)
{
	kc_feec_asked = 1;
	return kc_feec_runs ? k_find_energy_efficient_cpu(p, prev_cpu) : kc_feec_cpu;
}
#endif
#include "kernel_extract.c"

const char *kside_version(void)
{
	return KC_LINUX_VERSION;
}

static struct root_domain kc_rd;
static struct task_struct kc_idle = { .flags = PF_IDLE };
static struct cpufreq_policy kc_policy;

/* A fresh machine: every runqueue and per-CPU variable as a boot leaves it. */
static void kc_reset(void)
{
	memset(kc_rqs, 0, sizeof(kc_rqs));
	memset(&kc_rd, 0, sizeof(kc_rd));
	for (int cpu = 0; cpu < KC_MAX_CPUS; cpu++) {
		kc_rqs[cpu].cpu = cpu;
		kc_rqs[cpu].rd = &kc_rd;
		kc_rqs[cpu].curr = &kc_idle;
		kc_rqs[cpu].uclamp[UCLAMP_MAX].value = SCHED_CAPACITY_SCALE;
		cpu_scale[cpu] = SCHED_CAPACITY_SCALE;
		arch_freq_scale[cpu] = SCHED_CAPACITY_SCALE;
		capacity_freq_ref[cpu] = 0;
		hw_pressure[cpu] = 0;
		cpufreq_pressure[cpu] = 0;
		arch_max_freq_scale[cpu] = 1UL << (2 * SCHED_CAPACITY_SHIFT);
		arch_const_cycles_prev[cpu] = arch_core_cycles_prev[cpu] = 0;
		kc_amu_core[cpu] = kc_amu_const[cpu] = 0;
	}
	memset(&scale_freq_counters_mask, 0, sizeof(scale_freq_counters_mask));
	kc_this_cpu = 0;
	kc_current = &kc_idle;
	sched_uclamp_used = false;
	sched_energy_present = false;
	sched_cluster_active = false;
#ifndef KC_LINUX_6_1
	cpufreq_driver->verify = k_cpufreq_generic_frequency_table_verify;
#endif
}

static struct cpumask kc_first_cpus(uint64_t n)
{
	struct cpumask m = { { n >= 64 ? ~0UL : (1UL << n) - 1 } };

	return m;
}

#ifndef KC_LINUX_6_1 /* the groups not ported to 6.1 (functions_wake_6_1.txt) */
void kside_cpu_capacity(const struct kc_cpu_capacity_in *in, struct kc_cpu_capacity_out *out)
{
	struct sched_group_capacity sgc;
	struct sched_group sg = { .sgc = &sgc };
	struct sched_domain sd = { .groups = &sg };

	kc_reset();
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) {
		struct rq *rq = cpu_rq(cpu);

		cpu_scale[cpu] = in->arch_cap[cpu];
		rq->avg_hw.load_avg = in->hw_load_avg[cpu];
		cpufreq_pressure[cpu] = in->cpufreq_pressure[cpu];
		rq->avg_irq.util_avg = in->util_irq[cpu];
		rq->avg_rt.util_avg = in->util_rt[cpu];
		rq->avg_dl.util_avg = in->util_dl[cpu];
	}
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) {
		out->actual[cpu] = k_get_actual_cpu_capacity(cpu);
		out->platform_actual[cpu] = out->actual[cpu];
		k_update_cpu_capacity(&sd, cpu);
		out->cpu_capacity[cpu] = cpu_rq(cpu)->cpu_capacity;
	}
}

void kside_hw_pressure(const struct kc_hw_pressure_in *in, struct kc_hw_pressure_out *out)
{
	struct cpumask cpus = kc_first_cpus(in->nr_cpus);
	u64 now = 0;

	kc_reset();
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) {
		cpu_scale[cpu] = in->arch_cap[cpu];
		capacity_freq_ref[cpu] = in->freq_ref[cpu];
		cpufreq_pressure[cpu] = in->cpufreq_pressure[cpu];
	}
	for (unsigned i = 0; i < in->nr_steps; i++) {
		now += in->dt[i];
		if (in->set_cap[i])
			k_topology_update_hw_pressure(&cpus, in->capped_khz[i]);
		/* sched_tick(): update_hw_load_avg(rq_clock_task(rq), rq, hw_pressure) */
		for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) {
			int d = k_update_hw_load_avg(now, cpu_rq(cpu), per_cpu(hw_pressure, cpu));

			if (cpu == 0)
				out->decayed[i] = (uint64_t)d;
		}
	}
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) {
		struct sched_avg *sa = &cpu_rq(cpu)->avg_hw;

		out->hw_pressure[cpu] = per_cpu(hw_pressure, cpu);
		out->load_sum[cpu] = sa->load_sum;
		out->load_avg[cpu] = sa->load_avg;
		out->period_contrib[cpu] = sa->period_contrib;
		out->last_update_time[cpu] = sa->last_update_time;
		out->actual[cpu] = k_get_actual_cpu_capacity(cpu);
	}
}

/* cpufreq_notifier_min/max() -> handle_update() -> refresh_frequency_limits() */
void kc_policy_notifier(void)
{
	k_refresh_frequency_limits(&kc_policy);
}

static void kc_policy_record(const struct kc_cpufreq_policy_in *in,
			     struct kc_cpufreq_policy_out *out, unsigned i)
{
	out->min[i] = kc_policy.min;
	out->max[i] = kc_policy.max;
	out->cpuinfo_min[i] = kc_policy.cpuinfo.min_freq;
	out->cpuinfo_max[i] = kc_policy.cpuinfo.max_freq;
	out->pressure_first[i] = k_cpufreq_get_pressure(0);
	out->pressure_last[i] = k_cpufreq_get_pressure((int)in->nr_cpus - 1);
}

void kside_cpufreq_policy(const struct kc_cpufreq_policy_in *in,
			  struct kc_cpufreq_policy_out *out)
{
	static struct cpufreq_frequency_table table[KC_MAX_OPPS + 1];
	static struct freq_qos_request user_min, user_max, thermal, other_min;
	static struct cpufreq_governor schedutil = { .name = "schedutil" };

	kc_reset();
	memset(&kc_policy, 0, sizeof(kc_policy));
	memset(&user_min, 0, sizeof(user_min));
	memset(&user_max, 0, sizeof(user_max));
	memset(&thermal, 0, sizeof(thermal));
	memset(&other_min, 0, sizeof(other_min));
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) {
		cpu_scale[cpu] = in->arch_cap[cpu];
		capacity_freq_ref[cpu] = in->freq_ref[cpu];
	}
	for (unsigned i = 0; i < in->nr_opps; i++)
		table[i] = (struct cpufreq_frequency_table){
			.frequency = (unsigned int)in->opp_khz[i],
			.flags = (in->opp_turbo[i] ? CPUFREQ_BOOST_FREQ : 0) |
				 (in->opp_inefficient[i] ? CPUFREQ_INEFFICIENT_FREQ : 0),
		};
	table[in->nr_opps].frequency = CPUFREQ_TABLE_END;

	/* cpufreq_policy_alloc() + cpufreq_online(): the driver's init, the user requests */
	kc_policy.cpus[0] = kc_first_cpus(in->nr_cpus);
	kc_policy.related_cpus[0] = kc_policy.cpus[0];
	kc_policy.cpu = 0;
	kc_policy.freq_table = table;
	kc_policy.freq_table_sorted = CPUFREQ_TABLE_SORTED_ASCENDING;
	kc_policy.efficiencies_available = in->efficiencies != 0;
	kc_policy.min_freq_req = &user_min;
	kc_policy.max_freq_req = &user_max;
	k_freq_constraints_init(&kc_policy.constraints);
#ifdef KC_LINUX_7_3
	k_cpufreq_frequency_table_cpuinfo(&kc_policy); /* 7.3 reads policy->freq_table */
	/* cpufreq_table_validate_and_sort(), then cpufreq_policy_online()'s boost request */
	kc_policy.boost_supported = k_policy_has_boost_freq(&kc_policy);
	cpufreq_driver->set_boost = k_cpufreq_boost_set_sw;
	if (kc_policy.boost_supported)
		k_freq_qos_add_request(&kc_policy.constraints, &kc_policy.boost_freq_req,
				       FREQ_QOS_MAX, (s32)kc_policy.cpuinfo.max_freq);
#else
	k_cpufreq_frequency_table_cpuinfo(&kc_policy, table);
#endif
	k_freq_qos_add_request(&kc_policy.constraints, &user_min, FREQ_QOS_MIN,
			       FREQ_QOS_MIN_DEFAULT_VALUE);
	k_freq_qos_add_request(&kc_policy.constraints, &user_max, FREQ_QOS_MAX,
			       FREQ_QOS_MAX_DEFAULT_VALUE);
	/* cpufreq_init_policy(): the governor starts */
	k_cpufreq_set_policy(&kc_policy, &schedutil, 0);
	kc_policy_record(in, out, 0);

	for (unsigned i = 0; i < in->nr_ops; i++) {
		s32 v = (s32)in->op_khz[i];

		switch ((enum kc_policy_op)in->op[i]) {
		case KC_OP_USER_MIN:
			k_freq_qos_update_request(&user_min, v);
			break;
		case KC_OP_USER_MAX:
			k_freq_qos_update_request(&user_max, v);
			break;
		case KC_OP_THERMAL_ADD:
			if (!k_freq_qos_request_active(&thermal))
				k_freq_qos_add_request(&kc_policy.constraints, &thermal, FREQ_QOS_MAX, v);
			break;
		case KC_OP_THERMAL_UPDATE:
			if (k_freq_qos_request_active(&thermal))
				k_freq_qos_update_request(&thermal, v);
			break;
		case KC_OP_THERMAL_REMOVE:
			if (k_freq_qos_request_active(&thermal))
				k_freq_qos_remove_request(&thermal);
			break;
		case KC_OP_BOOST_ON:
		case KC_OP_BOOST_OFF:
			/* cpufreq_boost_trigger_state() */
#ifdef KC_LINUX_7_3
			if (kc_policy.boost_supported)
				k_policy_set_boost(&kc_policy, in->op[i] == KC_OP_BOOST_ON);
#else
			kc_policy.boost_enabled = in->op[i] == KC_OP_BOOST_ON;
			k_cpufreq_boost_set_sw(&kc_policy, kc_policy.boost_enabled);
#endif
			break;
		case KC_OP_OTHER_MIN:
			if (!k_freq_qos_request_active(&other_min))
				k_freq_qos_add_request(&kc_policy.constraints, &other_min, FREQ_QOS_MIN,
						       v);
			else
				k_freq_qos_update_request(&other_min, v);
			break;
		case KC_NR_OPS:
			break;
		}
		kc_policy_record(in, out, i + 1);
	}
	for (unsigned i = 0; i < in->nr_targets; i++)
		out->resolved[i] = k_cpufreq_driver_resolve_freq(&kc_policy,
								 (unsigned int)in->target_khz[i]);
}

void kside_overutilized(const struct kc_overutilized_in *in, struct kc_overutilized_out *out)
{
	kc_reset();
	sched_uclamp_used = in->uclamp_used != 0;
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) {
		struct rq *rq = cpu_rq(cpu);

		cpu_scale[cpu] = in->arch_cap[cpu];
		rq->cpu_capacity = in->capacity_of[cpu];
		rq->cfs.avg.util_avg = in->util_cfs[cpu];
		rq->cfs.avg.util_est = (unsigned int)in->util_est_cfs[cpu];
		rq->avg_hw.load_avg = in->hw_load_avg[cpu];
		cpufreq_pressure[cpu] = in->cpufreq_pressure[cpu];
		rq->uclamp[UCLAMP_MIN].value = (unsigned int)in->uclamp_min_rq[cpu];
		rq->uclamp[UCLAMP_MAX].value = (unsigned int)in->uclamp_max_rq[cpu];
	}
	for (unsigned i = 0; i < in->nr_queries; i++)
		out->fits[i] = (uint64_t)(int64_t)k_util_fits_cpu(in->q_util[i], in->q_uclamp_min[i],
								  in->q_uclamp_max[i],
								  (int)in->q_cpu[i]);
	sched_energy_present = true;
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++)
		out->cpu_overutilized[cpu] = k_cpu_overutilized((int)cpu);
	sched_energy_present = in->eas != 0;
	kc_rd.overutilized = (int)in->rd_overutilized;
	k_check_update_overutilized_status(cpu_rq(in->check_cpu));
	out->rd_overutilized = (uint64_t)kc_rd.overutilized;
}

void kside_util_est(const struct kc_util_est_in *in, struct kc_util_est_out *out)
{
	struct task_struct p = { .cpu = 0 };
	struct cfs_rq *cfs_rq = &cpu_rq(0)->cfs;

	kc_reset();
	cpu_scale[0] = in->arch_cap;
	cfs_rq->avg.util_est = (unsigned int)in->cfs_util_est;
	p.se.avg.util_est = (unsigned int)in->util_est;
	for (unsigned i = 0; i < in->nr_steps; i++) {
		/* enqueue_task_fair(): util_est_enqueue() first */
		k_util_est_enqueue(cfs_rq, &p);
		out->cfs_enqueued[i] = cfs_rq->avg.util_est;
		p.se.avg.util_avg = in->util[i];
		p.se.avg.runnable_avg = in->runnable[i];
		if (in->pelt_updated[i])
			k_cfs_se_util_change(&p.se.avg);
		/* dequeue_task_fair(): util_est_dequeue(), then util_est_update() */
		k_util_est_dequeue(cfs_rq, &p);
		out->cfs_dequeued[i] = cfs_rq->avg.util_est;
#ifdef KC_LINUX_7_3
		/* 7.3: from update_load_avg() with UPDATE_UTIL_EST, which dequeue_entity() sets
		 * for a sleep only */
		if (in->task_sleep[i])
			k_util_est_update(&p.se);
#else
		k_util_est_update(cfs_rq, &p, in->task_sleep[i] != 0);
#endif
		out->util_est[i] = p.se.avg.util_est;
	}
}

#ifndef KC_LINUX_7_3 /* a group not ported to 7.3 (moves-7.3.txt) */
void kside_freq_invariance(const struct kc_freq_invariance_in *in,
			   struct kc_freq_invariance_out *out)
{
	struct cpumask cpus = kc_first_cpus(in->nr_cpus);
	struct task_struct p = { .cpu = 0 };
	struct rq *rq = cpu_rq(0);

	kc_reset();
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) {
		cpu_scale[cpu] = in->arch_cap[cpu];
		capacity_freq_ref[cpu] = in->freq_ref;
	}
	p.se.load.weight = in->weight << SCHED_FIXEDPOINT_SHIFT; /* scale_load() */
	kc_timer_rate = in->const_rate;
	if (in->amu) { /* amu_fie_setup(): topology_set_scale_freq_source(&amu_sfd, cpus) */
		scale_freq_counters_mask = cpus;
		for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) /* init_cpu_capacity_callback() */
			k_freq_inv_set_max_ratio((int)cpu, (u64)capacity_freq_ref[cpu] * HZ_PER_KHZ);
	}
	for (unsigned i = 0; i < in->nr_steps; i++) {
		if (in->set_freq[i]) /* cpufreq_driver_fast_switch(): arch_set_freq_scale() */
			k_topology_set_freq_scale(&cpus, in->cur_khz[i], arch_scale_freq_ref(0));
		if (in->amu && in->tick[i]) { /* sched_tick(): arch_scale_freq_tick() first */
			kc_amu_core[0] = in->core_cnt[i];
			kc_amu_const[0] = in->const_cnt[i];
			k_amu_scale_freq_tick();
		}
		out->freq_scale0[i] = arch_scale_freq_capacity(0);
		/* update_rq_clock(): clock and clock_task, then update_rq_clock_pelt() */
		rq->curr = in->idle[i] ? &kc_idle : &p;
		rq->clock += in->dt[i];
		rq->clock_task += in->dt[i];
		k_update_rq_clock_pelt(rq, (s64)in->dt[i]);
		if (in->go_idle[i]) { /* pick_next_task_fair() found nothing to run */
			rq->cfs.avg.util_sum = p.se.avg.util_sum;
			rq->avg_dl.util_sum = (u32)in->util_sum_total[i] - p.se.avg.util_sum -
					      rq->avg_rt.util_sum;
			k_update_idle_rq_clock_pelt(rq);
		}
		p.se.on_rq = (unsigned int)in->on_rq[i];
		rq->cfs.curr = in->running[i] ? &p.se : NULL;
		if (in->set_flag[i])
			p.se.avg.util_est |= UTIL_AVG_UNCHANGED;
		if (in->blocked[i])
			out->se_updated[i] = (uint64_t)k___update_load_avg_blocked_se(k_rq_clock_pelt(rq),
										      &p.se);
		else
			out->se_updated[i] = (uint64_t)k___update_load_avg_se(k_rq_clock_pelt(rq),
									      &rq->cfs, &p.se);
		k_update_rt_rq_load_avg(k_rq_clock_pelt(rq), rq, (int)in->rt_running[i]);
		k_update_hw_load_avg(rq_clock_task(rq), rq, in->hw_pressure);
		out->clock_pelt[i] = rq->clock_pelt;
		out->lost_idle_time[i] = rq->lost_idle_time;
		out->clock_pelt_idle[i] = rq->clock_pelt_idle;
		out->se_util_avg[i] = p.se.avg.util_avg;
		out->se_load_avg[i] = p.se.avg.load_avg;
		out->se_runnable_avg[i] = p.se.avg.runnable_avg;
		out->se_util_sum[i] = p.se.avg.util_sum;
		out->se_util_est[i] = p.se.avg.util_est;
		out->rt_util_avg[i] = rq->avg_rt.util_avg;
		out->hw_load_avg[i] = k_hw_load_avg(rq);
	}
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++)
		out->freq_scale[cpu] = arch_scale_freq_capacity(cpu);
	out->se_last_update_time = p.se.avg.last_update_time;
	out->se_period_contrib = p.se.avg.period_contrib;
	out->se_load_sum = p.se.avg.load_sum;
	out->se_runnable_sum = p.se.avg.runnable_sum;
}

#endif /* !KC_LINUX_7_3 */
void kside_schedutil(const struct kc_schedutil_in *in, struct kc_schedutil_out *out)
{
	static struct cpufreq_frequency_table table[KC_MAX_OPPS + 1];
	struct cpufreq_policy policy = { 0 };
	struct sugov_tunables tunables = { .rate_limit_us = (unsigned int)in->rate_limit_us };
	struct sugov_policy sg = { .policy = &policy, .tunables = &tunables };
	struct sugov_cpu sg_cpu[KC_MAX_CPUS];
	u64 time = 0;

	kc_reset();
	sched_uclamp_used = in->uclamp_used != 0;
	for (unsigned i = 0; i < in->nr_opps; i++)
		table[i] = (struct cpufreq_frequency_table){
			.frequency = (unsigned int)in->opp_khz[i],
			.flags = in->opp_inefficient[i] ? CPUFREQ_INEFFICIENT_FREQ : 0,
		};
	table[in->nr_opps].frequency = CPUFREQ_TABLE_END;
	policy.freq_table = table;
	policy.freq_table_sorted = CPUFREQ_TABLE_SORTED_ASCENDING;
	policy.efficiencies_available = in->efficiencies != 0;
	policy.cpuinfo.min_freq = table[0].frequency;
	policy.cpuinfo.max_freq = table[in->nr_opps - 1].frequency;
	policy.min = (unsigned int)in->policy_min;
	policy.max = (unsigned int)in->policy_max;
	policy.cpus[0] = kc_first_cpus(in->nr_cpus);
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) {
		struct rq *rq = cpu_rq(cpu);

		cpu_scale[cpu] = in->arch_cap[cpu];
		capacity_freq_ref[cpu] = in->freq_ref;
		rq->cfs.avg.util_avg = in->util_cfs[cpu];
		rq->cfs.avg.runnable_avg = in->runnable_cfs[cpu];
		rq->cfs.avg.util_est = (unsigned int)in->util_est_cfs[cpu];
		rq->avg_rt.util_avg = in->util_rt[cpu];
		rq->avg_dl.util_avg = in->util_dl[cpu];
		rq->avg_irq.util_avg = in->util_irq[cpu];
		rq->dl.running_bw = in->dl_running_bw[cpu];
		rq->uclamp[UCLAMP_MIN].value = (unsigned int)in->uclamp_min_rq[cpu];
		rq->uclamp[UCLAMP_MAX].value = (unsigned int)in->uclamp_max_rq[cpu];
		rq->rt.rt_nr_running = rq->rt.rt_queued = in->rt_runnable[cpu] != 0;
		sg_cpu[cpu] = (struct sugov_cpu){ .sg_policy = &sg, .cpu = cpu };
	}
	/* sugov_start(): sugov_update_rate_limit_us(), then the limits of sugov_limits() */
	sg.freq_update_delay_ns = (s64)tunables.rate_limit_us * NSEC_PER_USEC;
	sg.limits_changed = true;

	for (unsigned i = 0; i < in->nr_steps; i++) {
		unsigned cpu = (unsigned)in->cpu[i];
		unsigned long util = 0, max_cap = arch_scale_cpu_capacity(cpu);
		unsigned int next_f;

		time += in->dt[i];
		if (in->limits_changed[i])
			sg.limits_changed = true; /* sugov_limits() */
		cpu_rq(cpu)->cfs.avg.util_avg = in->new_util[i];
		/* sugov_update_shared() without iowait boost (flags 0) */
		out->should_update[i] = k_sugov_should_update_freq(&sg, time);
		if (out->should_update[i]) {
			/* sugov_next_freq_shared() */
			for (unsigned j = 0; j < in->nr_cpus; j++) {
				k_sugov_get_util(&sg_cpu[j], 0);
				util = max(util, sg_cpu[j].util);
			}
			out->util[i] = util;
			next_f = k_get_next_freq(&sg, util, max_cap);
			out->next_freq[i] = next_f;
			out->updated[i] = k_sugov_update_next_freq(&sg, time, next_f);
		}
		out->cached_raw_freq[i] = sg.cached_raw_freq;
		out->need_freq_update[i] = sg.need_freq_update;
		out->last_freq_update_time[i] = sg.last_freq_update_time;
	}
}

/* the class hooks: what cpufreq_update_util() in enqueue/dequeue_task_{fair,rt}() reads */
static uint64_t *kc_seen[3];
static void kc_seen_record(struct rq *rq)
{
	*kc_seen[0] = rq->uclamp[UCLAMP_MIN].value;
	*kc_seen[1] = rq->uclamp[UCLAMP_MAX].value;
	*kc_seen[2] = !!(rq->uclamp_flags & UCLAMP_FLAG_IDLE);
}
static void kc_class_enqueue(struct rq *rq, struct task_struct *p, int flags)
{
	(void)p, (void)flags;
	kc_seen_record(rq);
}
static bool kc_class_dequeue(struct rq *rq, struct task_struct *p, int flags)
{
	(void)p, (void)flags;
	kc_seen_record(rq);
	return true;
}
static const struct sched_class kc_uclamp_class = {
	.uclamp_enabled = 1, .enqueue_task = kc_class_enqueue, .dequeue_task = kc_class_dequeue,
};

/* __setscheduler_uclamp() for a request @v (-1: none): user-defined, or the default */
static void kc_uclamp_request(struct task_struct *p, enum uclamp_id id, int64_t v)
{
	if (v >= 0)
		k_uclamp_se_set(&p->uclamp_req[id], (unsigned int)v, true);
	else if (!p->uclamp_req[id].user_defined)
		k_uclamp_se_set(&p->uclamp_req[id], id == UCLAMP_MIN ? 0 : SCHED_CAPACITY_SCALE,
				false);
	if (id == UCLAMP_MIN && k_rt_task(p))
		k___uclamp_update_util_min_rt_default(p);
}

void kside_uclamp(const struct kc_uclamp_in *in, struct kc_uclamp_out *out)
{
	struct task_struct tasks[KC_MAX_QUERIES];
	struct rq *rq = cpu_rq(0);

	kc_reset();
	rq->uclamp[UCLAMP_MIN].value = 0;
	rq->uclamp_flags = UCLAMP_FLAG_IDLE; /* init_uclamp_rq() */
	sysctl_sched_uclamp_util_min = (unsigned int)in->sys_min;
	sysctl_sched_uclamp_util_max = (unsigned int)in->sys_max;
	sysctl_sched_uclamp_util_min_rt_default = (unsigned int)in->sys_min_rt;
	k_uclamp_se_set(&uclamp_default[UCLAMP_MIN], (unsigned int)in->sys_min, false);
	k_uclamp_se_set(&uclamp_default[UCLAMP_MAX], (unsigned int)in->sys_max, false);
	memset(tasks, 0, sizeof(tasks));
	for (unsigned i = 0; i < in->nr_tasks; i++) {
		struct task_struct *p = &tasks[i];

		p->sched_class = &kc_uclamp_class;
		p->prio = in->rt[i] ? 49 : 120; /* an RT task's (rt_priority 50) or a nice-0 one's */
		kc_uclamp_request(p, UCLAMP_MIN, (int64_t)in->req_min[i]);
		kc_uclamp_request(p, UCLAMP_MAX, (int64_t)in->req_max[i]);
	}
	for (unsigned i = 0; i < in->nr_steps; i++) {
		struct task_struct *p = &tasks[in->task[i]];

		if (i == in->used_from)
			sched_uclamp_used = true;
		kc_seen[0] = &out->seen_min[i];
		kc_seen[1] = &out->seen_max[i];
		kc_seen[2] = &out->seen_idle[i];
		switch (in->op[i]) {
		case KC_UC_ENQUEUE:
			k_enqueue_task(rq, p, 0);
			break;
		case KC_UC_DEQUEUE:
			k_dequeue_task(rq, p, 0);
			break;
		default: /* __sched_setscheduler(): dequeue, the new requests, enqueue */
			k_dequeue_task(rq, p, DEQUEUE_SAVE);
			kc_uclamp_request(p, UCLAMP_MIN, (int64_t)in->new_min[i]);
			kc_uclamp_request(p, UCLAMP_MAX, (int64_t)in->new_max[i]);
			k_enqueue_task(rq, p, ENQUEUE_RESTORE);
			break;
		}
		out->rq_min[i] = rq->uclamp[UCLAMP_MIN].value;
		out->rq_max[i] = rq->uclamp[UCLAMP_MAX].value;
		out->rq_idle[i] = !!(rq->uclamp_flags & UCLAMP_FLAG_IDLE);
	}
	for (unsigned i = 0; i < in->nr_tasks; i++) {
		out->eff_min[i] = k_uclamp_eff_value(&tasks[i], UCLAMP_MIN);
		out->eff_max[i] = k_uclamp_eff_value(&tasks[i], UCLAMP_MAX);
	}
}

#endif /* !KC_LINUX_6_1 */

/* the core's select_task_rq() from @p's CPU (6.1's takes the flags by value) */
static int kc_select_task_rq(struct task_struct *p, int *wake_flags)
{
#ifdef KC_LINUX_6_1
	return k_select_task_rq(p, task_cpu(p), *wake_flags);
#else
	return k_select_task_rq(p, task_cpu(p), wake_flags);
#endif
}

/* the case's arch capacity as the placement groups' kernel reads it: cpu_scale, and under 6.1
 * rq->cpu_capacity_orig too (capacity_orig_of(), which update_cpu_capacity() sets to
 * arch_scale_cpu_capacity()) */
static void kc_arch_cap(unsigned cpu, unsigned long arch_cap)
{
	cpu_scale[cpu] = arch_cap;
#ifdef KC_LINUX_6_1
	cpu_rq(cpu)->cpu_capacity_orig = arch_cap;
#endif
}

/* the RT class as select_task_rq() sees it */
static const struct sched_class kc_rt_class = { .select_task_rq = k_select_task_rq_rt };

void kside_rt_placement(const struct kc_rt_placement_in *in, struct kc_rt_placement_out *out)
{
	static struct task_struct curr[KC_MAX_CPUS];
	static int cpu_to_pri[KC_MAX_CPUS];
	struct sched_domain sd[KC_MAX_LEVELS];
	struct task_struct p = { .prio = (int)in->prio, .cpu = (int)in->prev_cpu };
	int wake_flags = WF_TTWU;

	kc_reset();
	sysctl_sched_migration_cost = 500000; /* its default */
	nr_cpu_ids = (unsigned int)in->nr_cpus;
	kc_cpus_present = kc_first_cpus(in->nr_cpus);
	sched_asym_cpucapacity = in->asym != 0;
	memset(local_cpu_mask, 0, sizeof(local_cpu_mask));
	memset(distribute_cpu_mask_prev, 0, sizeof(distribute_cpu_mask_prev));
	/* cpupri_init(): every vector empty, every CPU CPUPRI_INVALID */
	memset(&kc_rd.cpupri, 0, sizeof(kc_rd.cpupri));
	kc_rd.cpupri.cpu_to_pri = cpu_to_pri;
	for (int cpu = 0; cpu < KC_MAX_CPUS; cpu++)
		cpu_to_pri[cpu] = CPUPRI_INVALID;
	for (unsigned i = 0; i < in->nr_calls; i++)
		k_cpupri_set(&kc_rd.cpupri, (int)in->call_cpu[i], (int)in->call_prio[i]);
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) {
		struct rq *rq = cpu_rq(cpu);

		kc_arch_cap(cpu, in->arch_cap[cpu]);
		curr[cpu] = (struct task_struct){ .prio = (int)(int64_t)in->curr_prio[cpu],
						  .nr_cpus_allowed = (int)in->curr_nr_cpus_allowed[cpu],
						  .cpu = (int)cpu };
		rq->curr = &curr[cpu];
		rq->donor = rq->curr; /* 7.3 reads it: curr, no proxy execution */
		rq->rt.highest_prio.curr = (int)in->rt_highest_prio[cpu];
	}
	/* prev's domains, rq->sd the lowest */
	for (unsigned l = 0; l < in->nr_levels; l++)
		sd[l] = (struct sched_domain){
			.parent = l + 1 < in->nr_levels ? &sd[l + 1] : NULL,
			.flags = in->level_wake_affine[l] ? SD_WAKE_AFFINE : 0,
			.span = { (unsigned long)in->level_span[l] },
		};
	cpu_rq(in->prev_cpu)->sd = in->nr_levels ? &sd[0] : NULL;

	/* the waking task: effective clamps as its requests under 1024 system defaults */
	p.cpus_mask.bits[0] = (unsigned long)in->allowed;
	p.cpus_ptr = &p.cpus_mask;
	p.nr_cpus_allowed = __builtin_popcountl(p.cpus_mask.bits[0]); /* cpumask_weight() */
	p.sched_class = &kc_rt_class;
	p.mm = &p; /* a user task: select_fallback_rq() would report a move */
	k_uclamp_se_set(&uclamp_default[UCLAMP_MIN], SCHED_CAPACITY_SCALE, false);
	k_uclamp_se_set(&uclamp_default[UCLAMP_MAX], SCHED_CAPACITY_SCALE, false);
	k_uclamp_se_set(&p.uclamp_req[UCLAMP_MIN], (unsigned int)in->uclamp_min, true);
	k_uclamp_se_set(&p.uclamp_req[UCLAMP_MAX], (unsigned int)in->uclamp_max, true);

	kc_this_cpu = (int)in->this_cpu;
	kc_flr_calls = 0;
	distribute_cpu_mask_prev[kc_this_cpu] = (int)in->cursor;
	/* the class called directly, then find_lowest_rq()'s leftovers */
	out->select_task_rq_rt = (uint64_t)k_select_task_rq_rt(&p, task_cpu(&p), WF_TTWU);
	out->cursor_after = (uint64_t)distribute_cpu_mask_prev[kc_this_cpu];
	out->lowest_mask = local_cpu_mask[kc_this_cpu][0].bits[0];
	/* whether find_lowest_rq() ran (it takes local_cpu_mask first), and what it answered:
	 * called again on the same state and cursor */
	out->flr_called = kc_flr_calls != 0;
	distribute_cpu_mask_prev[kc_this_cpu] = (int)in->cursor;
	if (out->flr_called) {
		int target = k_find_lowest_rq(&p);

		out->flr_found = target != -1;
		out->find_lowest_rq = target != -1 ? (uint64_t)target : 0;
	}
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) {
		out->fits[cpu] = k_rt_task_fits_capacity(&p, (int)cpu);
		out->cpu_to_pri[cpu] = (uint64_t)(int64_t)cpu_to_pri[cpu];
	}
	/* the core's answer from the same cursor */
	distribute_cpu_mask_prev[kc_this_cpu] = (int)in->cursor;
	out->select_task_rq = (uint64_t)kc_select_task_rq(&p, &wake_flags);
}

#ifndef KC_LINUX_6_1
/* sugov_work(): the kthread reads next_freq, clears the flag and sets the frequency */
static void kc_sugov_work(struct sugov_policy *sg)
{
	unsigned int freq = sg->next_freq;

	sg->work_in_progress = false;
	__cpufreq_driver_target(sg->policy, freq, CPUFREQ_RELATION_L);
}

void kside_sugov(const struct kc_sugov_in *in, struct kc_sugov_out *out)
{
	static struct cpufreq_frequency_table table[KC_MAX_OPPS + 1];
	struct cpufreq_policy policy = { 0 };
	struct sugov_tunables tunables = { 0 };
	struct sugov_policy sg = { .policy = &policy, .tunables = &tunables };
	void (*hook)(struct update_util_data *, u64, unsigned int);
	u64 time = 0;

	kc_reset();
	sched_uclamp_used = in->uclamp_used != 0;
	kc_tick_nsec = in->tick_nsec;
	memset(kc_idle_calls, 0, sizeof(kc_idle_calls));
	for (unsigned i = 0; i < in->nr_opps; i++)
		table[i] = (struct cpufreq_frequency_table){ .frequency = (unsigned int)in->opp_khz[i] };
	table[in->nr_opps].frequency = CPUFREQ_TABLE_END;
	policy.freq_table = table;
	policy.freq_table_sorted = CPUFREQ_TABLE_SORTED_ASCENDING;
	policy.cpuinfo.min_freq = table[0].frequency;
	policy.cpuinfo.max_freq = table[in->nr_opps - 1].frequency;
	policy.cpuinfo.transition_latency = (unsigned int)in->transition_latency_ns;
	policy.transition_delay_us = (unsigned int)in->transition_delay_us;
	policy.min = (unsigned int)in->policy_min;
	policy.max = (unsigned int)in->policy_max;
	policy.cur = policy.max;
	policy.fast_switch_enabled = in->fast_switch != 0;
	policy.governor_data = &sg;
	policy.cpus[0] = kc_first_cpus(in->nr_cpus);
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) {
		struct rq *rq = cpu_rq(cpu);

		cpu_scale[cpu] = in->arch_cap[cpu];
		capacity_freq_ref[cpu] = in->freq_ref;
		rq->cfs.avg.util_avg = in->util_cfs[cpu];
		rq->avg_rt.util_avg = in->util_rt[cpu];
		rq->uclamp[UCLAMP_MIN].value = (unsigned int)in->uclamp_min_rq[cpu];
		rq->uclamp[UCLAMP_MAX].value = (unsigned int)in->uclamp_max_rq[cpu];
		sugov_cpu[cpu] = (struct sugov_cpu){ .sg_policy = &sg, .cpu = cpu };
	}
	/* sugov_init(): rate_limit_us; sugov_start(): the hook policy_is_shared() picks */
	tunables.rate_limit_us = k_cpufreq_policy_transition_delay_us(&policy);
	out->rate_limit_us = tunables.rate_limit_us;
	sg.freq_update_delay_ns = (s64)tunables.rate_limit_us * NSEC_PER_USEC;
	sg.limits_changed = true;
	hook = in->nr_cpus > 1 ? k_sugov_update_shared : k_sugov_update_single_freq;

	for (unsigned i = 0; i < in->nr_steps; i++) {
		unsigned cpu = (unsigned)in->cpu[i];

		time += in->dt[i];
		if (in->new_min[i]) { /* cpufreq_set_policy() -> cpufreq_governor_limits() */
			policy.min = (unsigned int)in->new_min[i];
			policy.max = (unsigned int)in->new_max[i];
			k_sugov_limits(&policy);
		}
		kc_idle_calls[cpu] += in->idled[i] != 0;
		cpu_rq(cpu)->cfs.avg.util_avg = in->new_util[i];
		if (in->new_uclamp_max[i])
			cpu_rq(cpu)->uclamp[UCLAMP_MAX].value = (unsigned int)in->new_uclamp_max[i];
		hook(&sugov_cpu[cpu].update_util, time, in->iowait[i] ? SCHED_CPUFREQ_IOWAIT : 0);
		if (in->work_runs[i] && sg.work_in_progress)
			kc_sugov_work(&sg);
		out->next_freq[i] = sg.next_freq;
		out->cached_raw_freq[i] = sg.cached_raw_freq;
		out->need_freq_update[i] = sg.need_freq_update;
		out->limits_changed[i] = sg.limits_changed;
		out->last_freq_update_time[i] = sg.last_freq_update_time;
		out->cur[i] = policy.cur;
		out->work_in_progress[i] = sg.work_in_progress;
		for (unsigned c = 0; c < in->nr_cpus && c < 4; c++) {
			out->boosts[i] |= (u64)sugov_cpu[c].iowait_boost << (16 * c);
			out->pending[i] |= (u64)sugov_cpu[c].iowait_boost_pending << c;
		}
		out->saved_idle_calls[i] = sugov_cpu[cpu].saved_idle_calls;
	}
}

#endif /* !KC_LINUX_6_1 */

/* ---- load_balance -------------------------------------------------------- */

const struct sched_class fair_sched_class;
unsigned int sysctl_sched_migration_cost;

#ifdef KC_LINUX_6_1
/* 6.1's names (load_balance_6_1, lb_walk_6_1): h_nr_running, rd->overload, and the functions
 * 6.10 renamed */
#define KC_H_NR_QUEUED h_nr_running
#define KC_RD_OVERLOADED overload
#define k_sched_balance_find_src_group k_find_busiest_group
#define k_sched_balance_find_src_rq k_find_busiest_queue
#else
#define KC_H_NR_QUEUED h_nr_queued
#define KC_RD_OVERLOADED overloaded
#endif

/* the case's enum cpu_idle_type and enum group_type (capsim's order, 6.12's) in the kernel's
 * enumerators: 6.1 orders the idle types otherwise and has no group_smt_balance (its case
 * reads as group_fully_busy there, on both sides); 7.3 has group_llc_balance (CONFIG_SCHED_CACHE,
 * off: never a case's) before group_overloaded */
static const enum cpu_idle_type kc_idle_types[] = { __CPU_NOT_IDLE, CPU_IDLE, CPU_NEWLY_IDLE };
static const enum group_type kc_group_types[] = {
	group_has_spare, group_fully_busy, group_misfit_task,
#ifdef KC_LINUX_6_1
	group_fully_busy,
#else
	group_smt_balance,
#endif
	group_asym_packing, group_imbalanced, group_overloaded,
};

/* a kernel's group type in the case's order */
static uint64_t kc_group_type_out(enum group_type t)
{
	uint64_t i = 0;

	while (kc_group_types[i] != t)
		i++;
	return i;
}

static int kc_sd_flags(const struct kc_load_balance_in *in)
{
	return (in->asym ? SD_ASYM_CPUCAPACITY : 0) | (in->share_llc ? SD_SHARE_LLC : 0) |
	       (in->share_cpucap ? SD_SHARE_CPUCAPACITY : 0);
}

static void kc_sgs(const struct kc_load_balance_in *in, unsigned g, struct sg_lb_stats *sgs)
{
	*sgs = (struct sg_lb_stats){
		.avg_load = in->avg_load[g],
		.group_load = in->group_load[g],
		.group_capacity = in->group_capacity[g],
		.group_util = in->group_util[g],
		.group_runnable = in->group_runnable[g],
		.sum_nr_running = (unsigned int)in->sum_nr_running[g],
		.sum_h_nr_running = (unsigned int)in->sum_h_nr_running[g],
		.idle_cpus = (unsigned int)in->idle_cpus[g],
		.group_weight = (unsigned int)in->group_weight[g],
		.group_type = kc_group_types[in->group_type[g]],
		.group_smt_balance = (unsigned int)in->group_smt_balance[g],
		.group_misfit_task_load = in->misfit_load[g],
	};
}

void kside_load_balance(const struct kc_load_balance_in *in, struct kc_load_balance_out *out)
{
	struct sched_group_capacity sgc[KC_LB_GROUPS];
	struct sched_group sg[KC_LB_GROUPS];
	struct sched_domain sd = {
		.flags = kc_sd_flags(in),
		.imbalance_pct = (unsigned int)in->imbalance_pct,
		.cache_nice_tries = (unsigned int)in->cache_nice_tries,
		.nr_balance_failed = (unsigned int)in->nr_balance_failed,
	};
	struct cpumask grp = { { in->dst_grpmask } }, cpus = { { in->cpus } };
	struct cpumask allowed = { { in->t_allowed } };
	struct lb_env env = {
		.sd = &sd,
		.dst_cpu = (int)in->dst_cpu,
		.src_cpu = (int)in->src_cpu,
		.dst_core_idle = true,
		.idle = kc_idle_types[in->idle],
		.dst_grpmask = &grp,
		.cpus = &cpus,
		.flags = (unsigned int)in->lbf_flags,
		.migration_type = (enum migration_type)in->migration_type,
		.new_dst_cpu = -1,
	};
	struct sd_lb_stats sds = { 0 };
	struct sg_lb_stats cand;
	struct task_struct p = { .cpu = (int)in->src_cpu, .sched_class = &fair_sched_class };

	kc_reset();
	nr_cpu_ids = KC_MAX_CPUS; /* the case's CPUs (7.3's can_migrate_task() reads it) */
	for (unsigned c = 0; c < KC_MAX_CPUS; c++) {
		cpu_scale[c] = in->arch_cap[c] ? in->arch_cap[c] : SCHED_CAPACITY_SCALE;
		kc_rqs[c].cpu_capacity = in->capacity_of[c];
		kc_rqs[c].nr_running = (unsigned int)in->nr_running[c];
		kc_rqs[c].cfs.KC_H_NR_QUEUED = (unsigned int)in->h_nr_queued[c];
#ifdef KC_LINUX_6_1
		kc_rqs[c].cpu_capacity_orig = cpu_scale[c];
#else
		kc_rqs[c].cfs.h_nr_runnable = (unsigned int)(in->h_nr_queued[c] - in->h_nr_delayed[c]);
#endif
	}
	env.dst_rq = cpu_rq(env.dst_cpu);
	env.src_rq = cpu_rq(env.src_cpu);
	sd.groups = &sg[0];
	for (unsigned g = 0; g < KC_LB_GROUPS; g++) {
		sgc[g] = (struct sched_group_capacity){
			.capacity = in->group_capacity[g],
			.min_capacity = in->min_capacity[g],
			.max_capacity = in->max_capacity[g],
			.imbalance = (int)in->sg_imbalance[g],
		};
		sg[g] = (struct sched_group){
			.sgc = &sgc[g],
			.flags = in->sg_flags_smt[g] ? SD_SHARE_CPUCAPACITY : 0,
			.asym_prefer_cpu = (int)g,
			.cores = (unsigned int)in->group_weight[g], /* no SMT */
		};
	}
	kc_sgs(in, 2, &cand);
	cand.group_type = group_has_spare; /* group_classify() decides it here */
	out->classify = kc_group_type_out(k_group_classify(sd.imbalance_pct, &sg[2], &cand));

	sds.local = &sg[0];
	sds.busiest = in->has_busiest ? &sg[1] : NULL;
	kc_sgs(in, 0, &sds.local_stat);
	if (in->has_busiest)
		kc_sgs(in, 1, &sds.busiest_stat);
	else
		sds.busiest_stat = (struct sg_lb_stats){ .idle_cpus = UINT_MAX,
							 .group_type = group_has_spare };
	kc_sgs(in, 2, &cand);
	out->pick_busiest = k_update_sd_pick_busiest(&env, &sds, &sg[2], &cand);

	sds.total_load = in->total_load;
	sds.total_capacity = in->total_capacity;
	sds.avg_load = in->sds_avg_load;
	sds.prefer_sibling = (unsigned int)in->prefer_sibling;
	k_calculate_imbalance(&env, &sds);
	out->migration_type = (uint64_t)env.migration_type;
	out->imbalance[0] = (uint64_t)(int64_t)env.imbalance;
	out->local_avg_load = sds.local_stat.avg_load;
	out->sds_avg_load = sds.avg_load;
	out->need_active = (uint64_t)k_need_active_balance(&env);

	/* can_migrate_task() of one task of src, the env as calculate_imbalance() left it */
	sysctl_sched_migration_cost = (unsigned int)in->migration_cost;
	p.cpus_ptr = &allowed;
	p.on_cpu = (int)in->t_running;
	p.policy = in->t_idle_policy ? SCHED_IDLE : 0;
	p.se.exec_start = in->t_exec_start;
	p.se.sched_delayed = (unsigned char)in->t_delayed;
#ifdef KC_LINUX_7_3
	/* entity_eligible() on its runqueue: V at zero_vruntime (one other entity of weight
	 * 1024 there), the task at V (eligible) or just past it */
	env.src_rq->cfs.sum_weight = 1024;
	p.se.vruntime = in->t_ineligible;
#endif
	env.src_rq->clock_task = in->clock_task;
	if (in->t_next_buddy)
		env.src_rq->cfs.next = &p.se;
#ifdef KC_LINUX_6_1
	if (in->t_last_buddy)
		env.src_rq->cfs.last = &p.se;
#endif
	env.flags = (unsigned int)in->lbf_flags;
	out->task_hot = (uint64_t)k_task_hot(&p, &env);
	out->can_migrate = (uint64_t)k_can_migrate_task(&p, &env);
	out->can_flags = env.flags;
	out->new_dst_cpu[0] = (uint64_t)(int64_t)(env.flags & LBF_DST_PINNED ? env.new_dst_cpu : -1);
}

/* ---- lb_walk ------------------------------------------------------------- */

static struct task_struct kc_lbw_tasks[KC_LBW_TASKS], kc_lbw_rt;
static uint64_t kc_lbw_detached[KC_LBW_TASKS], kc_lbw_nr_detached;

/* detach_task() less its stats: deactivate_task() (off cfs_tasks and the rq), set_task_cpu() */
static void detach_task(struct task_struct *p, struct lb_env *env)
{
	k_list_del_init(&p->se.group_node);
	env->src_rq->nr_running--;
	env->src_rq->cfs.KC_H_NR_QUEUED--;
#ifndef KC_LINUX_6_1
	env->src_rq->cfs.h_nr_runnable--;
#endif
	p->cpu = env->dst_cpu;
	kc_lbw_detached[kc_lbw_nr_detached++] = (uint64_t)(p - kc_lbw_tasks);
}

/* a child domain over @sg's CPUs, one group each, its sgc set by update_cpu_capacity() */
static struct sched_domain *kc_lbw_child(const struct sched_group *sg)
{
	static struct sched_domain child;
	static struct sched_group groups[KC_MAX_CPUS];
	static struct sched_group_capacity sgc[KC_MAX_CPUS];
	unsigned n = 0;
	int cpu;

	memset(&child, 0, sizeof(child));
	child.flags = (int)sg->flags; /* a group's flags are its child domain's (get_group()) */
	for_each_cpu(cpu, to_cpumask(sg->cpumask)) {
		groups[n] = (struct sched_group){ .sgc = &sgc[n], .group_weight = 1,
						  .cpumask = { 1UL << cpu } };
		sgc[n] = (struct sched_group_capacity){ .cpumask = { 1UL << cpu } };
		k_update_cpu_capacity(&(struct sched_domain){ .groups = &groups[n] }, cpu);
		n++;
	}
	for (unsigned i = 0; i < n; i++)
		groups[i].next = &groups[(i + 1) % n];
	child.groups = &groups[0];
	return &child;
}

/* the group's sgc as update_group_capacity() leaves it, with a child domain or not */
static void kc_lbw_group_capacity(struct sched_group *sg, bool has_child)
{
	struct sched_domain sd = { .groups = sg };

	sd.child = has_child ? kc_lbw_child(sg) : NULL;
	k_update_group_capacity(&sd, cpumask_first(to_cpumask(sg->cpumask)));
}

void kside_lb_walk(const struct kc_lb_walk_in *in, struct kc_lb_walk_out *out)
{
	static struct sched_group sg[KC_MAX_CPUS];
	static struct sched_group_capacity sgc[KC_MAX_CPUS];
	static struct sched_domain sd, parent;
	static struct perf_domain kc_pd;
	struct cpumask cpus = { { in->cpus } };
	struct lb_env env = {
		.sd = &sd,
		.dst_cpu = (int)in->dst_cpu,
		.dst_rq = cpu_rq(in->dst_cpu),
		.idle = kc_idle_types[in->idle],
		.loop_break = SCHED_NR_MIGRATE_BREAK,
		.cpus = &cpus,
		.fbq_type = all,
	};
	struct sched_group *group;
	struct rq *busiest;

	kc_reset();
	sysctl_sched_migration_cost = 500000; /* its default */
	nr_cpu_ids = (unsigned int)in->nr_cpus;
	kc_cpus_present = kc_first_cpus(in->nr_cpus);
	k_INIT_LIST_HEAD(&env.tasks);
	sched_energy_present = in->eas != 0;
	kc_rd.overutilized = (int)in->rd_overutilized;
	kc_rd.KC_RD_OVERLOADED = (int)in->rd_overloaded;
	kc_rd.pd = in->eas ? &kc_pd : NULL;
	sched_cluster_active = in->cluster_active != 0;
	k_uclamp_se_set(&uclamp_default[UCLAMP_MIN], 0, false);
	k_uclamp_se_set(&uclamp_default[UCLAMP_MAX], SCHED_CAPACITY_SCALE, false);
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		struct rq *rq = cpu_rq(c);

		cpu_scale[c] = in->arch_cap[c];
		rq->nr_running = (unsigned int)in->nr_running[c];
		rq->cfs.KC_H_NR_QUEUED = (unsigned int)in->h_nr_queued[c];
#ifndef KC_LINUX_6_1
		rq->cfs.h_nr_runnable = rq->cfs.h_nr_queued; /* less the delayed tasks, below */
#endif
		rq->cfs.avg.load_avg = in->load[c];
		rq->cfs.avg.runnable_avg = in->runnable[c];
		rq->cfs.avg.util_avg = in->util[c];
#ifdef KC_LINUX_6_1
		rq->cfs.avg.util_est.enqueued = (unsigned int)in->util_est[c]; /* 6.1's two values */
#else
		rq->cfs.avg.util_est = (unsigned int)in->util_est[c];
#endif
		/* capacity_of() as update_cpu_capacity() leaves it: scale_rt_capacity() of an
		 * RT load that takes the rest of arch_cap (no IRQ, deadline or pressure) */
		rq->cpu_capacity = in->capacity_of[c];
		memset(&rq->avg_dl, 0, sizeof(rq->avg_dl));
		memset(&rq->avg_irq, 0, sizeof(rq->avg_irq));
		memset(&rq->avg_hw, 0, sizeof(rq->avg_hw));
#ifdef KC_LINUX_6_1
		memset(&rq->avg_thermal, 0, sizeof(rq->avg_thermal));
		thermal_pressure[c] = 0;
#endif
		memset(&rq->avg_rt, 0, sizeof(rq->avg_rt));
		rq->avg_rt.util_avg = in->arch_cap[c] - in->capacity_of[c];
		cpufreq_pressure[c] = 0;
		rq->misfit_task_load = in->misfit_load[c];
		rq->ttwu_pending = (int)in->ttwu_pending[c];
		rq->clock_task = in->clock_task[c];
		rq->idle = &kc_idle;
		k_INIT_LIST_HEAD(&rq->cfs_tasks);
	}
	/* cfs_tasks: each CPU's tasks in the case's order, head first; a running one is curr */
	memset(kc_lbw_tasks, 0, sizeof(kc_lbw_tasks));
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		struct task_struct *p = &kc_lbw_tasks[t];
		struct rq *rq = cpu_rq(in->t_cpu[t]);

		p->cpu = (int)in->t_cpu[t];
		p->sched_class = &fair_sched_class;
		p->prio = 120;
		p->cpus_mask.bits[0] = in->t_allowed[t];
		p->cpus_ptr = &p->cpus_mask;
		p->policy = in->t_idle_policy[t] ? SCHED_IDLE : 0;
		p->on_cpu = (int)in->t_running[t];
		p->se.exec_start = in->t_exec_start[t];
		p->se.avg.load_avg = in->t_load[t];
		p->se.avg.util_avg = in->t_util[t];
#ifdef KC_LINUX_6_1
		p->se.avg.util_est.enqueued = p->se.avg.util_est.ewma = (unsigned int)in->t_util_est[t];
#else
		p->se.avg.util_est = (unsigned int)in->t_util_est[t];
#endif
		k_uclamp_se_set(&p->uclamp_req[UCLAMP_MIN], 0, false);
		k_uclamp_se_set(&p->uclamp_req[UCLAMP_MAX], SCHED_CAPACITY_SCALE, false);
		p->se.sched_delayed = (unsigned char)in->t_delayed[t];
		rq->cfs.h_nr_runnable -= p->se.sched_delayed;
		/* a delayed task is queued (h_nr_queued, nr_running) but kept off cfs_tasks, as the
		 * engine keeps it: 6.12.118's detach_tasks() may move one (kernel-check/README.md) */
		if (!p->se.sched_delayed)
			k_list_add_tail(&p->se.group_node, &rq->cfs_tasks);
		if (in->t_running[t])
			rq->curr = p;
	}
	for (unsigned c = 0; c < in->nr_cpus; c++)
		if (!in->idle_task[c] && cpu_rq(c)->curr == &kc_idle)
			cpu_rq(c)->curr = &kc_lbw_rt; /* an RT task runs */
	/* the domain and its ring of groups from dst's local one; each group's sgc as fresh:
	 * update_group_capacity()'s, over a child domain of one group per CPU of the group
	 * (the case's domain has a child when it is not the lowest level; which CPUs the child's
	 * groups join does not change the sums, minima and maxima) or, at the lowest level,
	 * update_cpu_capacity()'s of the group's one CPU */
	memset(&sd, 0, sizeof(sd));
	sd.flags = (int)in->sd_flags;
	sd.imbalance_pct = (unsigned int)in->imbalance_pct;
	sd.cache_nice_tries = (unsigned int)in->cache_nice_tries;
	sd.nr_balance_failed = (unsigned int)in->nr_balance_failed;
	sd.span[0] = in->sd_span;
	sd.parent = in->has_parent ? &parent : NULL;
	sd.groups = &sg[0];
	for (unsigned g = 0; g < in->nr_groups; g++) {
		sg[g] = (struct sched_group){
			.next = &sg[(g + 1) % in->nr_groups],
			.sgc = &sgc[g],
			.flags = (unsigned int)in->sg_flags[g],
			.asym_prefer_cpu = -1,
			.group_weight = (unsigned int)__builtin_popcountll(in->sg_span[g]),
			.cpumask = { in->sg_span[g] },
		};
		sgc[g] = (struct sched_group_capacity){
			.imbalance = (int)in->sg_imbalance[g],
			.next_update = jiffies + 1, /* a newidle pass does not refresh it */
			.cpumask = { in->sg_span[g] },
		};
		sg[g].cores = sg[g].group_weight; /* no SMT siblings told apart, as capsim */
		kc_lbw_group_capacity(&sg[g], in->level != 0);
	}
	sd.child = in->level != 0 ? kc_lbw_child(&sg[0]) : NULL;
	env.dst_grpmask = to_cpumask(sgc[0].cpumask);

	out->busiest_group[0] = out->busiest_cpu[0] = out->new_dst_cpu[0] = (uint64_t)-1;
	kc_lbw_nr_detached = 0;
	memset(kc_lbw_detached, 0, sizeof(kc_lbw_detached));
	out->balance = (uint64_t)k_should_we_balance(&env);
	if (out->balance) {
		group = k_sched_balance_find_src_group(&env);
		out->migration_type = (uint64_t)env.migration_type;
		out->imbalance[0] = (uint64_t)env.imbalance;
		busiest = group ? k_sched_balance_find_src_rq(&env, group) : NULL;
		if (group)
			out->busiest_group[0] = (uint64_t)(group - sg);
		if (busiest) {
			out->busiest_cpu[0] = (uint64_t)busiest->cpu;
			env.src_cpu = busiest->cpu;
			env.src_rq = busiest;
			env.flags |= LBF_ALL_PINNED;
			if (busiest->nr_running > 1) {
				struct task_struct *p;
				unsigned n = 0;

				env.loop_max = min(sysctl_sched_nr_migrate, busiest->nr_running);
				out->nr_detached = (uint64_t)k_detach_tasks(&env);
				list_for_each_entry(p, &busiest->cfs_tasks, se.group_node)
					out->tasks_after[n++] = (uint64_t)(p - kc_lbw_tasks) + 1;
			}
			out->loop = env.loop;
			out->flags = env.flags;
			out->imbalance_after[0] = (uint64_t)env.imbalance;
			if (env.flags & LBF_DST_PINNED)
				out->new_dst_cpu[0] = (uint64_t)env.new_dst_cpu;
		}
	}
	memcpy(out->detached, kc_lbw_detached, sizeof(out->detached));
#ifdef KC_LINUX_6_1
	/* 6.1 has no is_rd_overutilized(): the flag as 6.12's reads it, as the capsim side does */
	out->rd_overutilized = (uint64_t)(!sched_energy_present || kc_rd.overutilized);
#else
	out->rd_overutilized = (uint64_t)k_is_rd_overutilized(&kc_rd);
#endif
	out->rd_overloaded = (uint64_t)kc_rd.KC_RD_OVERLOADED;

	/* the idle load balancer a busy CPU would kick */
	nohz.idle_cpus_mask[0].bits[0] = in->nohz_idle;
	kc_this_cpu = (int)in->ilb_cpu;
	out->ilb[0] = (uint64_t)k_find_new_ilb();
#ifdef KC_LINUX_6_1
	if (out->ilb[0] >= nr_cpu_ids) /* 6.1's none (kick_ilb() tests >= nr_cpu_ids), 6.12's -1 */
		out->ilb[0] = (uint64_t)-1;
#endif
}

/* the deadline class as select_task_rq() sees it */
static const struct sched_class kc_dl_class = { .select_task_rq = k_select_task_rq_dl };

void kside_deadline(const struct kc_deadline_in *in, struct kc_deadline_out *out)
{
	static struct task_struct curr[KC_MAX_CPUS];
	static struct cpudl_item elements[KC_MAX_CPUS];
	struct sched_domain sd[KC_MAX_LEVELS];
	struct task_struct p = { .prio = -1, .cpu = (int)in->prev_cpu,
				 .flags = PF_KTHREAD }; /* a kthread, as sugov:N */
	struct rq *rq0 = cpu_rq(0);
	struct cpudl *cp = &kc_rd.cpudl;
	int wake_flags = WF_TTWU;
	u64 now = 0;

	kc_reset();
	/* (1) rq->avg_dl on CPU0's PELT clock */
	for (unsigned i = 0; i < in->nr_steps; i++) {
		now += in->dt[i];
		out->decayed[i] = (uint64_t)k_update_dl_rq_load_avg(now, rq0, (int)in->running[i]);
		out->util_avg[i] = rq0->avg_dl.util_avg;
		out->util_sum[i] = rq0->avg_dl.util_sum;
	}
	out->load_sum = rq0->avg_dl.load_sum;
	out->period_contrib = rq0->avg_dl.period_contrib;
	out->last_update_time = rq0->avg_dl.last_update_time;

	/* (2) the machine: cpudl_init() (every CPU free, no heap entry), then cpudl_set() of
	 * each CPU with deadline tasks, in CPU order */
	nr_cpu_ids = (unsigned int)in->nr_cpus;
	kc_cpus_present = kc_first_cpus(in->nr_cpus);
	sched_asym_cpucapacity = in->asym != 0;
	memset(local_cpu_mask_dl, 0, sizeof(local_cpu_mask_dl));
	memset(distribute_cpu_mask_prev, 0, sizeof(distribute_cpu_mask_prev));
	memset(elements, 0, sizeof(elements));
	cp->size = 0;
	cp->elements = elements;
	cp->free_cpus[0] = kc_cpus_present;
	for (int cpu = 0; cpu < KC_MAX_CPUS; cpu++)
		elements[cpu].idx = IDX_INVALID;
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) {
		struct rq *rq = cpu_rq(cpu);
		bool dl = in->curr_dl[cpu] != 0;

		kc_arch_cap(cpu, in->arch_cap[cpu]);
		curr[cpu] = (struct task_struct){
			.prio = dl ? -1 : 120,
			.nr_cpus_allowed = (int)in->curr_nr_cpus_allowed[cpu],
			.cpu = (int)cpu,
			.dl = { .deadline = in->curr_deadline[cpu],
				.flags = in->curr_special[cpu] ? SCHED_FLAG_SUGOV : 0 },
		};
		rq->curr = &curr[cpu];
		rq->donor = rq->curr; /* 7.3 reads it: curr, no proxy execution */
		rq->dl.dl_nr_running = (unsigned int)in->dl_nr_running[cpu];
		rq->dl.earliest_dl.curr = in->earliest_dl[cpu];
		if (rq->dl.dl_nr_running)
			k_cpudl_set(cp, (int)cpu, in->earliest_dl[cpu]);
	}
	/* prev's domains, rq->sd the lowest */
	for (unsigned l = 0; l < in->nr_levels; l++)
		sd[l] = (struct sched_domain){
			.parent = l + 1 < in->nr_levels ? &sd[l + 1] : NULL,
			.flags = in->level_wake_affine[l] ? SD_WAKE_AFFINE : 0,
			.span = { (unsigned long)in->level_span[l] },
		};
	cpu_rq(in->prev_cpu)->sd = in->nr_levels ? &sd[0] : NULL;

	/* the waking task: __setparam_dl()'s density, the flag */
	p.dl.deadline = in->deadline;
	p.dl.flags = in->special ? SCHED_FLAG_SUGOV : 0;
	p.dl.dl_density = k_to_ratio(in->dl_deadline, in->dl_runtime);
	out->dl_density = p.dl.dl_density;
	p.cpus_mask.bits[0] = (unsigned long)in->allowed;
	p.cpus_ptr = &p.cpus_mask;
	p.nr_cpus_allowed = __builtin_popcountl(p.cpus_mask.bits[0]); /* cpumask_weight() */
	p.sched_class = &kc_dl_class;

	kc_this_cpu = (int)in->this_cpu;
	kc_flr_calls = 0;
	distribute_cpu_mask_prev[kc_this_cpu] = (int)in->cursor;
	/* the class called directly, then find_later_rq() again on the same state and cursor */
	out->select_task_rq_dl = (uint64_t)k_select_task_rq_dl(&p, task_cpu(&p), WF_TTWU);
	out->cursor_after = (uint64_t)distribute_cpu_mask_prev[kc_this_cpu];
	out->flr_called = kc_flr_calls != 0;
	distribute_cpu_mask_prev[kc_this_cpu] = (int)in->cursor;
	if (out->flr_called) {
		int target = k_find_later_rq(&p);

		out->flr_found = target != -1;
		out->find_later_rq = target != -1 ? (uint64_t)target : 0;
	}
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++)
		out->fits[cpu] = k_dl_task_fits_capacity(&p, (int)cpu);
	/* the core's answer from the same cursor */
	distribute_cpu_mask_prev[kc_this_cpu] = (int)in->cursor;
	out->select_task_rq = (uint64_t)kc_select_task_rq(&p, &wake_flags);
}

static const struct sched_class kc_fair_class = { .select_task_rq = k_select_task_rq_fair };

/* @p's util_est: 6.1's two values (the ewma the case's util_avg, as the 6.1 path groups'), or
 * the one of 6.12 and 7.3 */
static void kc_task_util_est(struct task_struct *p, uint64_t util_est, uint64_t util_avg)
{
#ifdef KC_LINUX_6_1
	p->se.avg.util_est.enqueued = (unsigned int)util_est;
	p->se.avg.util_est.ewma = (unsigned int)util_avg;
#else
	(void)util_avg;
	p->se.avg.util_est = (unsigned int)util_est;
#endif
}

#ifdef KC_LINUX_6_1
/* 6.1's capacity_orig_of() (rq->cpu_capacity_orig, which update_cpu_capacity() sets to
 * arch_scale_cpu_capacity()), thermal_load_avg() and arch_scale_thermal_pressure() from the
 * case's arch capacity, hw_load_avg and cpufreq_pressure (the capsim side's v6.1 views alike) */
static void kc_pressure_6_1(struct rq *rq, unsigned long arch_cap, unsigned long avg,
			    unsigned long instant)
{
	rq->cpu_capacity_orig = arch_cap;
	rq->avg_thermal.load_avg = avg;
	thermal_pressure[cpu_of(rq)] = instant;
}
#endif

#ifdef KC_LINUX_7_3
/*
 * 7.3's sched_domain_shared of the case's domains as build_sched_domains() attaches them: each
 * MC (the LLC's, init_sched_domain_shared(SD_SHARE_LLC)) and PKG when it is the asymmetric
 * domain (claim_asym_sched_domain_shared()); one MC over all CPUs is both. sd_llc_shared and
 * sd_balance_shared as update_top_cache_domain() leaves them.
 */
static struct sched_domain_shared kc_sds[3];

static void kc_sd_shared(const struct kc_select_task_rq_fair_in *in, struct sched_domain *mc,
			 struct sched_domain *pkg, unsigned cpu, int asym)
{
	bool one = in->split == in->nr_cpus;

	mc->shared = &kc_sds[one || cpu < in->split ? 0 : 1];
	pkg->shared = asym && !one ? &kc_sds[2] : NULL;
	sd_llc_shared[cpu] = mc->shared;
	sd_balance_shared[cpu] = asym && !one ? pkg->shared : mc->shared;
}
#endif

#ifndef KC_LINUX_6_1 /* 6.1's feec: the case's answer (above) */
static struct perf_domain *kc_feec_pds(const struct kc_find_energy_efficient_cpu_in *in);

/* eas_pds: each CPU's CFS util and the clusters' perf domains */
static void kc_select_eas(const struct kc_select_task_rq_fair_in *in)
{
	struct kc_find_energy_efficient_cpu_in em;

	kc_feec_runs = in->eas_pds != 0;
	if (!kc_feec_runs)
		return;
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) {
		cpu_rq(cpu)->cfs.avg.util_avg = in->util_cfs[cpu];
		cpu_rq(cpu)->cfs.avg.util_est = (unsigned int)in->util_est_cfs[cpu];
	}
	kc_select_task_rq_fair_em(in, &em);
	kc_rd.pd = kc_feec_pds(&em);
}
#endif

void kside_select_task_rq_fair(const struct kc_select_task_rq_fair_in *in,
			       struct kc_select_task_rq_fair_out *out)
{
	static struct task_struct curr[KC_MAX_CPUS], idle[KC_MAX_CPUS];
	static struct sched_domain mc[KC_MAX_CPUS], pkg;
	struct task_struct p = { .cpu = (int)in->prev_cpu,
				 .policy = in->p_idle_policy ? SCHED_IDLE : SCHED_NORMAL };
	unsigned long all = (1UL << in->nr_cpus) - 1, lo = (1UL << in->split) - 1;
	int wake_flags = WF_TTWU | (in->sync ? WF_SYNC : 0), asym = 0;
	struct task_struct *waker;

	kc_reset();
	nr_cpu_ids = (unsigned int)in->nr_cpus;
	kc_cpus_present = kc_first_cpus(in->nr_cpus);
	sched_uclamp_used = in->uclamp_used != 0;
	sched_energy_present = in->eas_overutilized == 0;
	kc_rd.overutilized = 0;
	kc_lb_jiffies = (unsigned long)in->now_jiffies;
	memset(select_rq_mask, 0, sizeof(select_rq_mask));
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++)
		asym |= in->arch_cap[cpu] != in->arch_cap[0];
	sched_asym_cpucapacity = asym;
	/* PKG over all, MC per cluster (one cluster: MC alone, PKG degenerate) */
	pkg = (struct sched_domain){ .flags = SD_WAKE_AFFINE | (asym ? SD_ASYM_CPUCAPACITY | SD_ASYM_CPUCAPACITY_FULL : 0),
				     .span = { all }, .imbalance_pct = 117 };
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) {
		struct rq *rq = cpu_rq(cpu);
		unsigned long span = in->split == in->nr_cpus ? all : cpu < in->split ? lo : all & ~lo;
		bool one = in->split == in->nr_cpus;

		cpu_scale[cpu] = in->arch_cap[cpu];
		rq->cpu_capacity = in->capacity_of[cpu];
		rq->avg_hw.load_avg = in->hw_load_avg[cpu];
		cpufreq_pressure[cpu] = in->cpufreq_pressure[cpu];
		rq->cfs.avg.load_avg = in->cfs_load_avg[cpu];
		rq->cfs.avg.last_update_time = 1000000;
		rq->nr_running = (unsigned int)in->nr_running[cpu];
		/* the rq clamps of its tasks' defaults; an rq without tasks idle (UCLAMP_FLAG_IDLE,
		 * as init_uclamp_rq() and the last uclamp_rq_dec_id() leave it) */
		rq->uclamp_flags = rq->nr_running ? 0 : UCLAMP_FLAG_IDLE;
		rq->cfs.h_nr_queued = rq->nr_running;
		rq->cfs.h_nr_runnable = rq->nr_running - (unsigned int)in->nr_delayed[cpu];
		rq->cfs.idle_h_nr_running = in->idle_policy[cpu] ? rq->nr_running : 0;
		rq->cfs.h_nr_idle = rq->cfs.idle_h_nr_running; /* 7.3's name */
#ifdef KC_LINUX_6_1
		kc_pressure_6_1(rq, in->arch_cap[cpu], in->hw_load_avg[cpu], in->cpufreq_pressure[cpu]);
#endif
		idle[cpu] = (struct task_struct){ .flags = PF_IDLE, .cpu = (int)cpu };
		rq->idle = &idle[cpu];
		curr[cpu] = (struct task_struct){ .cpu = (int)cpu, .nr_cpus_allowed = (int)in->nr_cpus,
			.policy = in->idle_policy[cpu] ? SCHED_IDLE : SCHED_NORMAL };
		curr[cpu].se.avg.load_avg = in->curr_load_avg[cpu];
		rq->curr = rq->nr_running ? &curr[cpu] : &idle[cpu];
		rq->curr->wakee_flips = (unsigned int)in->curr_flips[cpu];
		rq->curr->wakee_flip_decay_ts = (unsigned long)in->curr_decay_ts[cpu];
		rq->curr->last_wakee = in->curr_last_is_p[cpu] ? &p : NULL;
		mc[cpu] = (struct sched_domain){ .flags = SD_WAKE_AFFINE | SD_SHARE_LLC |
				(one && asym ? SD_ASYM_CPUCAPACITY | SD_ASYM_CPUCAPACITY_FULL : 0),
				.span = { span }, .parent = one ? NULL : &pkg, .imbalance_pct = 117 };
		rq->sd = &mc[cpu];
		/* update_top_cache_domain(): sd_llc is MC; no sd_llc_shared (no SIS_UTIL limit,
		 * which capsim does not keep); sd_asym_cpucapacity the lowest _FULL domain */
		sd_llc[cpu] = &mc[cpu];
		sd_llc_size[cpu] = __builtin_popcountl(span);
		sd_llc_id[cpu] = __builtin_ctzl(span);
		sd_llc_shared[cpu] = NULL;
		sd_asym_cpucapacity[cpu] = !asym ? NULL : one ? &mc[cpu] : &pkg;
#ifdef KC_LINUX_7_3
		kc_sd_shared(in, &mc[cpu], &pkg, cpu, asym);
#endif
	}
#ifdef KC_LINUX_7_3
	for (unsigned d = 0; d < 3; d++)
		kc_sds[d].nr_idle_scan = (int)in->nr_idle_scan[d];
#endif
	p.cpus_mask.bits[0] = (unsigned long)in->allowed;
	p.cpus_ptr = &p.cpus_mask;
	p.nr_cpus_allowed = __builtin_popcountl(p.cpus_mask.bits[0]);
	p.sched_class = &kc_fair_class;
	p.mm = &p;
	p.se.avg.util_avg = in->util_avg;
	kc_task_util_est(&p, in->util_est, in->util_avg);
	p.se.avg.load_avg = in->load_avg;
	p.se.avg.last_update_time = 1000000; /* its prev's cfs_rq's: nothing to sync */
	p.wakee_flips = (unsigned int)in->flips;
	p.recent_used_cpu = (int)in->recent_used_cpu;
	k_uclamp_se_set(&uclamp_default[UCLAMP_MIN], SCHED_CAPACITY_SCALE, false);
	k_uclamp_se_set(&uclamp_default[UCLAMP_MAX], SCHED_CAPACITY_SCALE, false);
	k_uclamp_se_set(&p.uclamp_req[UCLAMP_MIN], (unsigned int)in->uclamp_min, true);
	k_uclamp_se_set(&p.uclamp_req[UCLAMP_MAX], (unsigned int)in->uclamp_max, true);

	kc_this_cpu = (int)in->this_cpu;
	waker = cpu_rq(kc_this_cpu)->curr;
	kc_current = waker;
	kc_feec_cpu = (int)in->feec_cpu;
	kc_feec_asked = 0;
#ifndef KC_LINUX_6_1
	kc_select_eas(in);
#endif
	out->cpu = (uint64_t)kc_select_task_rq(&p, &wake_flags);
	out->feec_asked = (uint64_t)kc_feec_asked;
	out->waker_flips = waker->wakee_flips;
	out->waker_decay_ts = waker->wakee_flip_decay_ts;
	out->waker_last_is_p = waker->last_wakee == &p;
	out->p_flips = p.wakee_flips;
	out->recent_used_cpu_out = (uint64_t)(int64_t)p.recent_used_cpu;
	kc_current = &kc_idle;
	kc_feec_runs = 0;
	kc_rd.pd = NULL;
}

/* groups fork and update_misfit_status: in this translation unit, whose cut functions are
 * static */
#include "kernel_side_fork.c"
#ifndef KC_LINUX_6_1 /* 6.1's is the 6.1 paths unit's (kernel_side_misfit_6_1.c) */
#include "kernel_side_misfit.c"

/*
 * group find_energy_efficient_cpu: the case's perf domains as build_perf_domains() lists them
 * (each new pd prepended while the CPUs are walked upwards: the highest first), each with its
 * energy model; the asymmetric domain spans every CPU. compute_energy()'s tracepoint logs each
 * call into kc_feec_out (where set: not on group select_task_rq_fair's way).
 */
static struct kc_find_energy_efficient_cpu_out *kc_feec_out;

void kc_trace_compute_energy(int dst_cpu, unsigned long energy, unsigned long max_util,
			     unsigned long busy_time)
{
	struct kc_find_energy_efficient_cpu_out *out = kc_feec_out;
	unsigned n;

	if (!out) /* group select_task_rq_fair's feec: not logged */
		return;
	n = (unsigned)out->nr_calls++;
	if (n >= KC_FEEC_CALLS)
		return;
	out->dst_cpu[n] = (uint64_t)(int64_t)dst_cpu;
	out->energy[n] = energy;
	out->max_util[n] = max_util;
	out->busy_time[n] = busy_time;
}

static struct perf_domain *kc_feec_pds(const struct kc_find_energy_efficient_cpu_in *in)
{
	static struct em_perf_table table[KC_FEEC_PDS];
	static struct em_perf_domain em[KC_FEEC_PDS];
	static struct perf_domain pd[KC_FEEC_PDS];
	struct perf_domain *head = NULL;

	for (unsigned d = 0; d < in->nr_pds; d++) {
		uint64_t end = d + 1 < in->nr_pds ? in->first_cpu[d + 1] : in->nr_cpus;

		for (unsigned i = 0; i < in->nr_states[d]; i++) {
			unsigned k = d * KC_MAX_OPPS + i;

			table[d].state[i] = (struct em_perf_state){
				.performance = in->em_perf[k], .frequency = in->em_freq[k],
				.power = in->em_power[k], .cost = in->em_cost[k],
				.flags = in->em_ineff[k] ? EM_PERF_STATE_INEFFICIENT : 0,
			};
		}
		em[d] = (struct em_perf_domain){
			.em_table = &table[d], .nr_perf_states = (int)in->nr_states[d],
			.flags = in->skip_ineff[d] ? EM_PERF_DOMAIN_SKIP_INEFFICIENCIES : 0,
			.cpus = { ((1UL << end) - 1) & ~((1UL << in->first_cpu[d]) - 1) },
#ifdef KC_LINUX_7_3
			/* em_create_pd()'s: no limits set (em_update_performance_limits()) */
			.min_perf_state = 0, .max_perf_state = (int)in->nr_states[d] - 1,
#endif
		};
		pd[d] = (struct perf_domain){ .em_pd = &em[d], .next = head };
		head = &pd[d];
	}
	return head;
}

void kside_find_energy_efficient_cpu(const struct kc_find_energy_efficient_cpu_in *in,
				     struct kc_find_energy_efficient_cpu_out *out)
{
	static struct sched_domain sd;
	struct task_struct p = { .cpu = (int)in->prev_cpu };

	kc_reset();
	nr_cpu_ids = (unsigned int)in->nr_cpus;
	kc_cpus_present = kc_first_cpus(in->nr_cpus);
	sched_uclamp_used = in->uclamp_used != 0;
	sched_energy_present = true;
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) {
		struct rq *rq = cpu_rq(cpu);

		cpu_scale[cpu] = in->arch_cap[cpu];
		rq->cpu_capacity = in->capacity_of[cpu];
		rq->cfs.avg.util_avg = in->util_cfs[cpu];
		rq->cfs.avg.runnable_avg = in->runnable_cfs[cpu];
		rq->cfs.avg.util_est = (unsigned int)in->util_est_cfs[cpu];
		rq->cfs.avg.last_update_time = 1000000;
		KC_RQ_OTHER_SIGNALS(rq, in, cpu);
		rq->uclamp_flags = in->uclamp_idle[cpu] ? UCLAMP_FLAG_IDLE : 0;
		rq->avg_hw.load_avg = in->hw_load_avg[cpu];
		cpufreq_pressure[cpu] = in->cpufreq_pressure[cpu];
	}
	kc_rd.pd = kc_feec_pds(in);
	sd = (struct sched_domain){ .flags = SD_ASYM_CPUCAPACITY | SD_ASYM_CPUCAPACITY_FULL,
				    .span = { kc_cpus_present.bits[0] } };
	sd_asym_cpucapacity[in->this_cpu] = &sd;
	p.cpus_mask.bits[0] = (unsigned long)in->allowed;
	p.cpus_ptr = &p.cpus_mask;
	p.nr_cpus_allowed = __builtin_popcountl(p.cpus_mask.bits[0]);
	p.se.avg.util_avg = in->util_avg;
	p.se.avg.runnable_avg = in->runnable_avg;
	p.se.avg.util_est = (unsigned int)in->util_est;
	p.se.avg.last_update_time = 1000000; /* its prev's cfs_rq's: nothing to sync */
	k_uclamp_se_set(&uclamp_default[UCLAMP_MIN], SCHED_CAPACITY_SCALE, false);
	k_uclamp_se_set(&uclamp_default[UCLAMP_MAX], SCHED_CAPACITY_SCALE, false);
	k_uclamp_se_set(&p.uclamp_req[UCLAMP_MIN], (unsigned int)in->uclamp_min, true);
	k_uclamp_se_set(&p.uclamp_req[UCLAMP_MAX], (unsigned int)in->uclamp_max, true);
	kc_this_cpu = (int)in->this_cpu;
	kc_feec_out = out;
	out->cpu[0] = (uint64_t)(int64_t)k_find_energy_efficient_cpu(&p, task_cpu(&p));
	kc_feec_out = NULL;
	sd_asym_cpucapacity[in->this_cpu] = NULL;
	kc_rd.pd = NULL;
}
#endif /* !KC_LINUX_6_1 */
