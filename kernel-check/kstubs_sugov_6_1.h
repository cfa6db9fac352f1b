/* SPDX-License-Identifier: MIT */
/*
 * kstubs_sugov_6_1.h - just enough of the kernel for groups sugov_6_1 and util_est_6_1's cut
 * functions (functions_sugov_6_1.txt: 6.1's schedutil, effective_cpu_util() and util_est) to
 * compile and run in userspace, in a translation unit of their own (kernel_side_sugov_6_1.c).
 * Up to KC_MAX_CPUS runqueues; 6.1's struct sugov_policy / sugov_cpu with the fields the cut
 * code uses (cpufreq_schedutil.c defines them there, extract.py cuts functions only). What
 * lies outside kernel/sched is stubbed:
 *   - cpufreq_driver_resolve_freq(): 6.1's with a sorted table and no inefficient OPPs (the
 *     policy limits, then the lowest table frequency at or above the target: RELATION_L);
 *   - cpufreq_driver_fast_switch() sets policy->cur; the slow path (sugov_deferred_update())
 *     is not taken (fast switch only); the locks do nothing;
 *   - tick_nohz_get_idle_calls_cpu() reads kc61s_idle_calls[];
 *   - arch_scale_cpu_capacity() reads rq->cpu_capacity_orig; the platforms are frequency
 *     invariant (arch_scale_freq_invariant());
 *   - the scheduler features are 6.1's defaults (UTIL_EST, UTIL_EST_FASTUP).
 */
#ifndef KERNEL_CHECK_KSTUBS_SUGOV_6_1_H
#define KERNEL_CHECK_KSTUBS_SUGOV_6_1_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "kcase.h"

typedef uint64_t u64;
typedef int64_t s64;
typedef uint32_t u32;

#define READ_ONCE(x) (x)
#define WRITE_ONCE(x, v) ((x) = (v))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#undef __always_inline
#define __always_inline inline __attribute__((always_inline))
#define smp_mb() do { } while (0)
#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))
#define min(a, b) ({ __auto_type a_ = (a); __auto_type b_ = (b); a_ < b_ ? a_ : b_; })
#define max(a, b) ({ __auto_type a_ = (a); __auto_type b_ = (b); a_ > b_ ? a_ : b_; })
#define min_t(t, a, b) ({ t a_ = (a); t b_ = (b); a_ < b_ ? a_ : b_; })
#define max_t(t, a, b) ({ t a_ = (a); t b_ = (b); a_ > b_ ? a_ : b_; })
#define clamp(v, lo, hi) min(max(v, lo), hi)
#define SCHED_FIXEDPOINT_SHIFT 10

/* the scheduler's (the fields the cut code uses) */
enum uclamp_id { UCLAMP_MIN = 0, UCLAMP_MAX, UCLAMP_CNT };
enum cpu_util_type { FREQUENCY_UTIL, ENERGY_UTIL };
struct util_est {
	unsigned int enqueued;
	unsigned int ewma;
};
struct sched_avg {
	unsigned long util_avg;
	struct util_est util_est;
};
struct sched_entity {
	struct sched_avg avg;
};
struct cpumask {
	unsigned long bits;
};
struct task_struct {
	struct sched_entity se;
	int cpu;                        /* group find_energy_efficient_cpu_6_1 */
	const struct cpumask *cpus_ptr;
	unsigned long kc_uclamp_eff[2]; /* what uclamp_eff_value() answers */
};
struct cfs_rq {
	struct sched_avg avg;
};
struct rt_rq {
	unsigned int rt_nr_running;
	int rt_queued;
};
struct dl_rq {
	u64 running_bw;
};
struct uclamp_rq {
	unsigned int value;
};
struct rq {
	int cpu;
	unsigned long cpu_capacity_orig;
	struct cfs_rq cfs;
	struct rt_rq rt;
	struct dl_rq dl;
	struct sched_avg avg_rt, avg_dl, avg_irq;
	struct uclamp_rq uclamp[UCLAMP_CNT];
	unsigned int uclamp_flags;       /* group find_energy_efficient_cpu_6_1 */
	unsigned long cpu_capacity;
	struct root_domain *rd;
};
/* this translation unit's own (kernel_side.c has 6.12's of the same names) */
static struct rq kc61s_rqs[KC_MAX_CPUS];
static bool sched_uclamp_used;
#define cpu_rq(cpu) (&kc61s_rqs[(cpu)])
#define cpu_of(rq) ((rq)->cpu)
#define rq_of(cfs_rq) container_of(cfs_rq, struct rq, cfs)
#define arch_scale_cpu_capacity(cpu) (cpu_rq(cpu)->cpu_capacity_orig)
#define static_branch_likely(key) (*(key))
#define sched_feat(x) (kc61s_feat_##x)
#define kc61s_feat_UTIL_EST 1
#define kc61s_feat_UTIL_EST_FASTUP 1
#define trace_sched_util_est_cfs_tp(cfs_rq) do { } while (0)
#define trace_sched_util_est_se_tp(se) do { } while (0)
/* p's effective clamps are the case's (no cgroup; the system defaults at 1024: group uclamp
 * checks uclamp_eff_value() itself) */
#define uclamp_eff_value(p, id) ((p)->kc_uclamp_eff[(id)])

/* cpufreq (drivers/cpufreq, include/linux/cpufreq.h): see the top of this file */
struct cpufreq_policy {
	struct cpumask cpus[1]; /* cpumask_var_t: used as a pointer */
	unsigned int min, max, cur;
	struct {
		unsigned int min_freq, max_freq;
	} cpuinfo;
	bool fast_switch_enabled;
	unsigned int nr_opps;
	const uint64_t *opp_khz; /* the table, ascending */
};
#define CPUFREQ_NEED_UPDATE_LIMITS (1U << 0)
#define cpufreq_driver_test_flags(flags) false
#define cpufreq_this_cpu_can_update(policy) true
#define arch_scale_freq_invariant() true
#define for_each_cpu(cpu, mask) \
	for ((cpu) = 0; (cpu) < KC_MAX_CPUS; (cpu)++) if ((mask)->bits & (1UL << (cpu)))
static inline unsigned int cpufreq_driver_resolve_freq(struct cpufreq_policy *policy,
						       unsigned int target_freq)
{
	target_freq = target_freq < policy->min ? policy->min : target_freq;
	target_freq = target_freq > policy->max ? policy->max : target_freq;
	for (unsigned int i = 0; i < policy->nr_opps; i++)
		if (policy->opp_khz[i] >= target_freq)
			return (unsigned int)policy->opp_khz[i];
	return (unsigned int)policy->opp_khz[policy->nr_opps - 1];
}
static inline void cpufreq_driver_fast_switch(struct cpufreq_policy *policy,
					      unsigned int target_freq)
{
	policy->cur = target_freq;
}

/* schedutil (kernel/sched/cpufreq_schedutil.c of 6.1: its structs, the fields used) */
struct update_util_data {
	int unused;
};
typedef int raw_spinlock_t;
#define raw_spin_lock(l) do { } while (0)
#define raw_spin_unlock(l) do { } while (0)
struct sugov_policy {
	struct cpufreq_policy *policy;
	raw_spinlock_t update_lock;
	u64 last_freq_update_time;
	s64 freq_update_delay_ns;
	unsigned int next_freq;
	unsigned int cached_raw_freq;
	bool work_in_progress;
	bool limits_changed;
	bool need_freq_update;
};
struct sugov_cpu {
	struct update_util_data update_util;
	struct sugov_policy *sg_policy;
	unsigned int cpu;
	bool iowait_boost_pending;
	unsigned int iowait_boost;
	u64 last_update;
	unsigned long util;
	unsigned long bw_dl;
	unsigned long max;
	unsigned long saved_idle_calls;
};
static struct sugov_cpu sugov_cpu[KC_MAX_CPUS]; /* static DEFINE_PER_CPU(struct sugov_cpu, sugov_cpu) */
#define per_cpu(var, cpu) ((var)[(cpu)])
#define sugov_deferred_update(sg_policy) ((sg_policy)->work_in_progress = true)
static u64 kc61s_tick_nsec;
#define TICK_NSEC ((long)kc61s_tick_nsec) /* (NSEC_PER_SEC + HZ / 2) / HZ: a long */
static unsigned long kc61s_idle_calls[KC_MAX_CPUS];
#define tick_nohz_get_idle_calls_cpu(cpu) (kc61s_idle_calls[(cpu)])

/*
 * group find_energy_efficient_cpu_6_1: the energy model's 6.1 structures (the fields read),
 * sched.h's perf domain list and root domain, the asymmetric domain of this CPU, one thread
 * (RCU a plain read), the CPUs 0..nr-1 online, a sleeping p that is not current (its PELT as of
 * its prev's cfs_rq: sync_entity_load_avg() moves nothing), arm64's thermal pressure hook
 */
#include <limits.h>
#define BIT(n) (1UL << (n))
struct em_perf_state {
	unsigned long frequency;
	unsigned long power;
	unsigned long cost;
	unsigned long flags;
};
struct em_perf_domain {
	struct em_perf_state *table;
	int nr_perf_states;
	unsigned long flags;
	unsigned long cpus[1];
};
struct perf_domain {
	struct em_perf_domain *em_pd;
	struct perf_domain *next;
};
struct root_domain {
	int overutilized;
	struct perf_domain *pd;
};
struct sched_domain {
	struct sched_domain *parent;
	unsigned long span[1];
};
#define to_cpumask(b) ((struct cpumask *)(b))
#define sched_domain_span(sd) to_cpumask((sd)->span)
#define cpumask_test_cpu(cpu, m) (((m)->bits >> (cpu)) & 1)
#define cpumask_and(d, a, b) (((d)->bits = (a)->bits & (b)->bits) != 0)
#define cpumask_empty(m) ((m)->bits == 0)
#define cpumask_first(m) ((m)->bits ? __builtin_ctzl((m)->bits) : KC_MAX_CPUS)
static struct cpumask kc61s_online;
#define cpu_online_mask (&kc61s_online)
static int kc61s_this_cpu;
static struct sched_domain *sd_asym_cpucapacity[KC_MAX_CPUS];
static struct cpumask select_rq_mask[KC_MAX_CPUS];
#define this_cpu_ptr(ptr) (&(*(ptr))[kc61s_this_cpu])
#define this_cpu_cpumask_var_ptr(var) (&(var)[kc61s_this_cpu])
#define this_rq() cpu_rq(kc61s_this_cpu)
#define rcu_read_lock() do { } while (0)
#define rcu_read_unlock() do { } while (0)
#define rcu_dereference(p) (p)
#define task_cpu(p) ((p)->cpu)
#define task_on_rq_queued(p) false
#define current ((struct task_struct *)NULL)
#define sync_entity_load_avg(se) do { } while (0)
static unsigned long kc61s_thermal_pressure[KC_MAX_CPUS];
/* the hooked call of the cut code (extract.py --hook): made, then logged */
struct energy_env;
struct perf_domain;
static unsigned long kc_hook_compute_energy(struct energy_env *eenv, struct perf_domain *pd,
					    struct cpumask *pd_cpus, struct task_struct *p,
					    int dst_cpu);
#define arch_scale_thermal_pressure(cpu) (kc61s_thermal_pressure[(cpu)])

#endif /* KERNEL_CHECK_KSTUBS_SUGOV_6_1_H */
