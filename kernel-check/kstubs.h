/* SPDX-License-Identifier: MIT */
/*
 * kstubs.h - just enough of the kernel for the functions extract.py cuts out of it to compile
 * and run in userspace: kernel types, the structures they read (only the fields they read),
 * the compiler and locking macros reduced to what they mean on one thread, and the per-CPU
 * state (per_cpu(), cpu_rq()) as arrays that kernel_side.c fills from a case.
 *
 * Only the kernel side includes this (kernel_side.c, then the generated kernel_extract.c).
 * Arithmetic helpers whose exact form matters (mult_frac, __clamp, mul_u64_u32_shr, div_u64,
 * the list and plist code, ...) are not written here: they are cut from the kernel too.
 * What is written here is semantics-free plumbing, plus these deliberate choices:
 *   - min()/max()/clamp() without the kernel's compile-time type checks (same values);
 *   - arm64's arch hooks: arch_scale_cpu_capacity = topology_get_cpu_scale, ... (as
 *     arch/arm64/include/asm/topology.h defines them); no activity monitors (FIE from cpufreq);
 *   - a blocking notifier chain is the one policy's refresh_frequency_limits(), run at once
 *     (the kernel runs it from a work item: same result, later);
 *   - sched_feat(UTIL_EST) is on; uclamp_is_used() and sched_energy_enabled() read flags.
 */
#ifndef KERNEL_CHECK_KSTUBS_H
#define KERNEL_CHECK_KSTUBS_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "kcase.h"

typedef uint64_t u64;
typedef int64_t s64;
typedef uint32_t u32;
typedef int32_t s32;
typedef uint8_t u8;

#define S32_MAX INT32_MAX
#define NSEC_PER_USEC 1000L
#define USEC_PER_MSEC 1000L
#define BIT(n) (1UL << (n))
#define ENXIO 6
#define EINVAL 22
#define ENODEV 19

/* compiler and SMP plumbing: one thread, no tracing */
#define READ_ONCE(x) (x)
#define WRITE_ONCE(x, v) ((x) = (v))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#undef __always_inline
#define __always_inline inline __attribute__((always_inline))
#define __maybe_unused __attribute__((unused))
#define fallthrough __attribute__((fallthrough))
#define smp_mb() do { } while (0)
#define smp_wmb() do { } while (0)
static inline bool kc_warn(bool cond)
{
	return cond;
}
#define WARN_ON(c) kc_warn(c)
#define WARN_ON_ONCE(c) kc_warn(c)
#define WARN(c, ...) kc_warn(c)
#define WARN_ONCE(c, ...) kc_warn(c)
#define pr_debug(...) do { } while (0)
#define pr_err(...) do { } while (0)
#define lockdep_assert_rq_held(rq) do { } while (0)
#define assert_clock_updated(rq) do { } while (0)
#define u64_u32_store(var, val) ((var) = (val))
#define spin_lock_irqsave(l, f) ((f) = 0)
#define spin_unlock_irqrestore(l, f) ((void)(f))
#define trace_pelt_se_tp(...) do { } while (0)
#define trace_pelt_rt_tp(...) do { } while (0)
#define trace_pelt_dl_tp(...) do { } while (0)
#define trace_pelt_hw_tp(...) do { } while (0)
#define trace_sched_util_est_cfs_tp(...) do { } while (0)
#define trace_sched_util_est_se_tp(...) do { } while (0)
#define trace_sched_overutilized_tp(...) do { } while (0)
/* group find_energy_efficient_cpu: compute_energy()'s tracepoint logs its call */
void kc_trace_compute_energy(int dst_cpu, unsigned long energy, unsigned long max_util,
			     unsigned long busy_time);
#define trace_sched_compute_energy_tp(p, dst_cpu, energy, max_util, busy_time) \
	kc_trace_compute_energy(dst_cpu, energy, max_util, busy_time)
#define trace_sched_cpu_capacity_tp(...) do { } while (0)
#define trace_cpu_frequency_limits(...) do { } while (0)
#define trace_hw_pressure_update(...) do { } while (0)
#define trace_pm_qos_update_target(...) do { } while (0)
#define IS_ERR_OR_NULL(p) ((p) == NULL)
#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

/* include/linux/minmax.h without its type checks */
#define min(a, b) ({ __auto_type a_ = (a); __auto_type b_ = (b); a_ < b_ ? a_ : b_; })
#define max(a, b) ({ __auto_type a_ = (a); __auto_type b_ = (b); a_ > b_ ? a_ : b_; })
#define min_t(t, a, b) ({ t a_ = (a); t b_ = (b); a_ < b_ ? a_ : b_; })
#define max_t(t, a, b) ({ t a_ = (a); t b_ = (b); a_ > b_ ? a_ : b_; })
#define clamp_t(t, v, lo, hi) ({ t v_ = (v); t l_ = (lo); t h_ = (hi); __clamp(v_, l_, h_); })
#define clamp(v, lo, hi) clamp_t(__auto_type, v, lo, hi)
#define clamp_val(v, lo, hi) clamp_t(typeof(v), v, lo, hi)

/* cpumasks: one word (KC_MAX_CPUS <= 64) */
struct cpumask {
	unsigned long bits[1];
};
typedef struct cpumask cpumask_var_t[1];
static inline int cpumask_first(const struct cpumask *m)
{
	return m->bits[0] ? __builtin_ctzl(m->bits[0]) : KC_MAX_CPUS;
}
static inline bool cpumask_subset(const struct cpumask *a, const struct cpumask *b)
{
	return !(a->bits[0] & ~b->bits[0]);
}
#define for_each_cpu(cpu, mask) \
	for ((cpu) = 0; (cpu) < KC_MAX_CPUS; (cpu)++) if (!((mask)->bits[0] & (1UL << (cpu)))) continue; else

/* per-CPU variables */
#define DEFINE_PER_CPU(type, name) type name[KC_MAX_CPUS]
#define per_cpu(var, cpu) ((var)[cpu])
extern unsigned long cpu_scale[KC_MAX_CPUS], arch_freq_scale[KC_MAX_CPUS];
extern unsigned long capacity_freq_ref[KC_MAX_CPUS], hw_pressure[KC_MAX_CPUS];
extern unsigned long cpufreq_pressure[KC_MAX_CPUS];
extern struct cpumask scale_freq_counters_mask;

/* one thread: this_cpu is kc_this_cpu; the AMU counters and arch timer are the case's */
extern int kc_this_cpu;
#define this_cpu_read(var) ((var)[kc_this_cpu])
#define this_cpu_write(var, v) ((var)[kc_this_cpu] = (v))
extern u64 kc_amu_core[KC_MAX_CPUS], kc_amu_const[KC_MAX_CPUS], kc_timer_rate;
#define read_corecnt() kc_amu_core[kc_this_cpu]
#define read_constcnt() kc_amu_const[kc_this_cpu]
#define arch_timer_get_rate() kc_timer_rate
extern unsigned long arch_max_freq_scale[KC_MAX_CPUS];
extern u64 arch_const_cycles_prev[KC_MAX_CPUS], arch_core_cycles_prev[KC_MAX_CPUS];

/* arch/arm64/include/asm/topology.h */
#define arch_scale_cpu_capacity(cpu) k_topology_get_cpu_scale(cpu)
#define arch_scale_freq_capacity(cpu) k_topology_get_freq_scale(cpu)
#define arch_scale_freq_ref(cpu) k_topology_get_freq_ref(cpu)
#define arch_scale_freq_invariant() true

/* lists (the code is the kernel's) */
struct list_head {
	struct list_head *next, *prev;
};
#define list_entry(ptr, type, member) container_of(ptr, type, member)
struct plist_head {
	struct list_head node_list;
};
struct plist_node {
	int prio;
	struct list_head prio_list;
	struct list_head node_list;
};
#define CONFIG_DEBUG_LIST 0

/* PM QoS */
enum pm_qos_type { PM_QOS_UNITIALIZED, PM_QOS_MAX, PM_QOS_MIN };
enum pm_qos_req_action { PM_QOS_ADD_REQ, PM_QOS_UPDATE_REQ, PM_QOS_REMOVE_REQ };
enum freq_qos_req_type { FREQ_QOS_MIN = 1, FREQ_QOS_MAX };
struct blocking_notifier_head {
	int registered;
};
struct pm_qos_constraints {
	struct plist_head list;
	s32 target_value;
	s32 default_value;
	s32 no_constraint_value;
	enum pm_qos_type type;
	struct blocking_notifier_head *notifiers;
};
struct freq_constraints {
	struct pm_qos_constraints min_freq;
	struct blocking_notifier_head min_freq_notifiers;
	struct pm_qos_constraints max_freq;
	struct blocking_notifier_head max_freq_notifiers;
};
struct freq_qos_request {
	enum freq_qos_req_type type;
	struct plist_node pnode;
	struct freq_constraints *qos;
};
#define BLOCKING_INIT_NOTIFIER_HEAD(h) ((h)->registered = 1)
/* the policy's nb_min / nb_max: cpufreq_notifier_min/max() -> handle_update() */
void kc_policy_notifier(void);
#define blocking_notifier_call_chain(h, v, d) ((h)->registered ? kc_policy_notifier() : (void)0)

/* cpufreq */
enum cpufreq_table_sorting {
	CPUFREQ_TABLE_UNSORTED,
	CPUFREQ_TABLE_SORTED_ASCENDING,
	CPUFREQ_TABLE_SORTED_DESCENDING,
};
struct cpufreq_frequency_table {
	unsigned int flags;
	unsigned int driver_data;
	unsigned int frequency;
};
struct cpufreq_cpuinfo {
	unsigned int max_freq;
	unsigned int min_freq;
	unsigned int transition_latency;
};
struct cpufreq_governor {
	const char *name;
};
struct cpufreq_policy {
	cpumask_var_t cpus;
	cpumask_var_t related_cpus;
	unsigned int cpu;
	struct cpufreq_cpuinfo cpuinfo;
	unsigned int min, max, cur;
	unsigned int policy;
	struct cpufreq_governor *governor;
	unsigned int cached_target_freq;
	unsigned int cached_resolved_idx;
	unsigned int transition_delay_us;
	void *governor_data;
	bool fast_switch_enabled;
	bool boost_enabled;
	bool efficiencies_available;
	struct cpufreq_frequency_table *freq_table;
	enum cpufreq_table_sorting freq_table_sorted;
	struct freq_constraints constraints;
	struct freq_qos_request *min_freq_req;
	struct freq_qos_request *max_freq_req;
	bool update_limits; /* 7.3: the next cpufreq_set_policy() calls the governor's ->limits() */
	bool boost_supported; /* 7.3: policy_has_boost_freq() at the table's validation */
	struct freq_qos_request boost_freq_req; /* 7.3: boost as a MAX request */
};
struct cpufreq_policy_data {
	struct cpufreq_cpuinfo cpuinfo;
	struct cpufreq_frequency_table *freq_table;
	unsigned int cpu;
	unsigned int min;
	unsigned int max;
};
struct cpufreq_driver {
	int (*verify)(struct cpufreq_policy_data *policy);
	int (*setpolicy)(struct cpufreq_policy *policy);
	/* 7.3: cpufreq_update_pressure()'s reference without arch_scale_freq_ref() (none here) */
	unsigned int (*scale_freq_ref)(struct cpufreq_policy *policy);
	int (*set_boost)(struct cpufreq_policy *policy, int state); /* 7.3: cpufreq_boost_set_sw */
	unsigned int flags;
};
extern struct cpufreq_driver *cpufreq_driver;
#define CPUFREQ_NEED_UPDATE_LIMITS BIT(0)
#define cpufreq_driver_test_flags(f) (!!(cpufreq_driver->flags & (f)))
#define cpufreq_boost_enabled() true
#define cpufreq_this_cpu_can_update(policy) true
#define policy_is_inactive(policy) false
/* the governor is the same before and after: only its ->limits() would run */
#define cpufreq_governor_limits(policy) ((void)(policy))
#define cpufreq_stop_governor(policy) ((void)(policy))
#define cpufreq_exit_governor(policy) ((void)(policy))
#define cpufreq_init_governor(policy) 0
#define cpufreq_start_governor(policy) 0

/* scheduler */
enum uclamp_id { UCLAMP_MIN = 0, UCLAMP_MAX, UCLAMP_CNT };
#define sched_feat(x) (kc_sched_feat_##x)
#define kc_sched_feat_UTIL_EST 1
#define static_branch_likely(key) (*(key))
#define static_branch_unlikely(key) (*(key))
extern bool sched_uclamp_used, sched_energy_present;
#define scx_cpuperf_target(cpu) 0UL
#define scx_switched_all() false

#define CONFIG_UCLAMP_BUCKETS_COUNT 5
/* include/linux/sched.h's struct uclamp_se; bits_per(1024) = 11, bits_per(UCLAMP_BUCKETS) = 3 */
struct uclamp_se {
	unsigned int value : 11;
	unsigned int bucket_id : 3;
	unsigned int active : 1;
	unsigned int user_defined : 1;
};
struct uclamp_bucket {
	unsigned long value : 11;
	unsigned long tasks : 64 - 11;
};
#define lockdep_assert_held(l) do { } while (0)
/* enqueue_task()/dequeue_task()'s other work: no clock, psi, sched_info or core scheduling */
#define ENQUEUE_NOCLOCK 0x08
#define ENQUEUE_RESTORE 0x02
#define ENQUEUE_DELAYED 0x20 /* 7.3's uclamp_rq_inc() tests it; no case sets it */
#define DEQUEUE_SAVE 0x02
#define DEQUEUE_NOCLOCK 0x08
#define update_rq_clock(rq) do { } while (0)
#define psi_enqueue(p, flags) do { } while (0)
#define psi_dequeue(p, flags) do { } while (0)
#define sched_info_enqueue(rq, p) do { } while (0)
#define sched_info_dequeue(rq, p) do { } while (0)
#define sched_core_enabled(rq) false
#define sched_core_enqueue(rq, p) do { } while (0)
#define sched_core_dequeue(rq, p, flags) do { } while (0)
#define SCHED_WARN_ON(x) kc_warn(x)
struct task_struct;
struct rq;
/* the class hooks kernel_side.c records cpufreq_update_util()'s view from */
struct sched_class {
	int uclamp_enabled;
	void (*enqueue_task)(struct rq *rq, struct task_struct *p, int flags);
	bool (*dequeue_task)(struct rq *rq, struct task_struct *p, int flags);
	int (*select_task_rq)(struct task_struct *p, int task_cpu, int flags);
};

struct load_weight {
	unsigned long weight;
	u32 inv_weight;
};
#ifdef KC_LINUX_6_1
struct util_est {
	unsigned int enqueued;
	unsigned int ewma;
};
#endif
struct sched_avg {
	u64 last_update_time;
	u64 load_sum;
	u64 runnable_sum;
	u32 util_sum;
	u32 period_contrib;
	unsigned long load_avg;
	unsigned long runnable_avg;
	unsigned long util_avg;
#ifdef KC_LINUX_6_1
	struct util_est util_est; /* 6.1's two values */
#else
	unsigned int util_est;
#endif
};
struct sched_entity {
	struct load_weight load;
	struct list_head group_node; /* load balance: the rq's cfs_tasks */
	unsigned int on_rq;
	u64 exec_start; /* load balance: task_hot() */
	unsigned char sched_delayed;
	struct sched_avg avg;
	/* 7.3's can_migrate_task(): task_is_ineligible_on_dst_cpu()'s entity_eligible() */
	u64 vruntime;
	struct load_weight h_load;
};
#define PF_IDLE 0x2
/* the deadline entity's fields select_task_rq_dl() reads */
struct sched_dl_entity {
	u64 deadline;
	u64 dl_density;
	unsigned int flags;
};
struct task_struct {
	unsigned int flags;
	int on_rq;
	int cpu;
	struct sched_entity se;
	const struct sched_class *sched_class;
	int prio; /* rt_task() is the kernel's: rt_prio(p->prio) */
	int nr_cpus_allowed;
	struct cpumask cpus_mask;
	const struct cpumask *cpus_ptr;
	void *mm;
	struct uclamp_se uclamp_req[UCLAMP_CNT];
	struct uclamp_se uclamp[UCLAMP_CNT];
	/* load balance: can_migrate_task(), task_hot() */
	int on_cpu, policy;
	unsigned int sched_task_hot;
	struct sched_dl_entity dl; /* deadline */
	/* group select_task_rq_fair: record_wakee(), select_idle_sibling() */
	unsigned int wakee_flips;
	unsigned long wakee_flip_decay_ts;
	struct task_struct *last_wakee;
	int recent_used_cpu;
	unsigned long max_allowed_capacity; /* group update_misfit_status */
	void *blocked_on; /* 7.3's task_is_blocked(), which proxy execution alone reads */
};
#define TASK_ON_RQ_QUEUED 1
#define task_cpu(p) ((p)->cpu)
#define task_on_rq_queued(p) ((p)->on_rq == TASK_ON_RQ_QUEUED)
#define is_idle_task(p) (!!((p)->flags & PF_IDLE))
extern struct task_struct *kc_current;
#define current kc_current

struct cfs_rq {
	struct sched_avg avg;
	struct sched_entity *curr;
	struct sched_entity *next;  /* load balance: CACHE_HOT_BUDDY */
#ifdef KC_LINUX_6_1
	struct sched_entity *last;  /* 6.1's CACHE_HOT_BUDDY reads the last buddy too */
#endif
	unsigned int h_nr_queued;   /* load balance */
	unsigned int h_nr_runnable, idle_h_nr_running; /* select_task_rq_fair */
	unsigned int h_nr_idle;     /* 7.3's idle_h_nr_running */
	unsigned int h_nr_running;  /* 6.1's h_nr_queued (update_sg_wakeup_stats()) */
	struct sched_entity *h_curr; /* 7.3's __update_load_avg_se(): curr of the hierarchy */
	/* 7.3's vruntime_eligible() (group load_balance_7_3) */
	s64 sum_w_vruntime;
	u64 sum_weight, zero_vruntime;
	unsigned int sum_shift;
};
struct rt_rq {
	unsigned int rt_nr_running;
	int rt_queued;
	struct {
		int curr;
	} highest_prio;
};
struct dl_rq {
	u64 running_bw;
	unsigned int dl_nr_running; /* deadline */
	struct {
		u64 curr;
	} earliest_dl;
};
/* kernel/sched/cpudeadline.h: the max-heap of the CPUs' earliest deadlines */
struct cpudl_item {
	u64 dl;
	int cpu;
	int idx;
};
struct cpudl {
	int lock;
	int size;
	cpumask_var_t free_cpus;
	struct cpudl_item *elements;
};
struct uclamp_rq {
	unsigned int value;
	struct uclamp_bucket bucket[CONFIG_UCLAMP_BUCKETS_COUNT];
};
/* kernel/sched/cpupri.h; CPUPRI_NR_PRIORITIES (MAX_RT_PRIO + 1) is cut after these stubs */
typedef struct {
	int counter;
} atomic_t;
struct cpupri_vec {
	atomic_t count;
	cpumask_var_t mask;
};
struct cpupri {
	struct cpupri_vec pri_to_cpu[100 + 1];
	int *cpu_to_pri;
};
/*
 * include/linux/energy_model.h's structures with the fields the cut code reads (the rcu head
 * and kref of the table left out; RCU is a plain read on one thread), and sched.h's perf
 * domain list (group find_energy_efficient_cpu; cooling_get_load reads the tables too)
 */
struct em_perf_state {
	unsigned long performance;
	unsigned long frequency;
	unsigned long power;
	unsigned long cost;
	unsigned long flags;
};
struct em_perf_table {
	struct em_perf_state state[KC_MAX_OPPS];
};
struct em_perf_domain {
	struct em_perf_table *em_table;
	int nr_perf_states;
	int min_perf_state, max_perf_state; /* 7.3 */
	unsigned long flags;
	unsigned long cpus[1];
};
#define __rcu
#define rcu_dereference(p) (p)
struct perf_domain {
	struct em_perf_domain *em_pd;
	struct perf_domain *next;
};
struct root_domain {
#ifdef KC_LINUX_6_1
	int overload;       /* 6.1's rd->overloaded */
#else
	int overloaded;     /* load balance: rd->overloaded */
#endif
	int overutilized;
	struct perf_domain *pd; /* load balance: EAS on; find_energy_efficient_cpu: the list */
	struct cpupri cpupri;
	struct cpudl cpudl; /* deadline */
};
struct cpuidle_state {
	unsigned int exit_latency; /* µs */
	s64 exit_latency_ns;       /* the cpuidle governors (groups menu and teo) */
	s64 target_residency_ns;
	unsigned int flags;
};
struct rq {
	int cpu;
	u64 clock, clock_task, clock_pelt, lost_idle_time, clock_idle, clock_pelt_idle;
	struct task_struct *curr;
	struct task_struct *donor; /* 7.3's task_current_donor(): no proxy execution, curr */
	struct cfs_rq cfs;
	struct rt_rq rt;
	struct dl_rq dl;
	struct sched_avg avg_rt, avg_dl, avg_irq, avg_hw;
	unsigned long cpu_capacity;
	struct sched_avg avg_thermal;      /* 6.1 (kernel_side_6_1.c) */
	unsigned long cpu_capacity_orig;   /* 6.1 */
	struct uclamp_rq uclamp[UCLAMP_CNT];
	unsigned int uclamp_flags;
	struct root_domain *rd;
	struct sched_domain *sd;
	unsigned int nr_running; /* load balance */
	/* lb_walk: idle_cpu(), the misfit load, the fair tasks in balance order */
	struct task_struct *idle;
	int ttwu_pending;
	unsigned long misfit_task_load;
	struct list_head cfs_tasks;
	u64 idle_stamp;                    /* fork: sched_balance_find_dst_group_cpu() */
	struct cpuidle_state *idle_state;  /* fork: sched_idle_set_state()'s, idle_get_state() */
	/* 6.1's SIS_PROP (off by default: select_idle_cpu() reads them only with it) */
	u64 wake_stamp, wake_avg_idle;
};
extern struct rq kc_rqs[KC_MAX_CPUS];
#define cpu_rq(cpu) (&kc_rqs[cpu])
#define cpu_of(rq) ((rq)->cpu)
#define rq_of(cfs_rq) container_of(cfs_rq, struct rq, cfs) /* !CONFIG_FAIR_GROUP_SCHED */
#define rq_clock(rq) ((rq)->clock)
#define rq_clock_task(rq) ((rq)->clock_task)

struct sched_group_capacity {
	unsigned long capacity, min_capacity, max_capacity;
	int imbalance; /* load balance: sg_imbalanced() */
	unsigned long next_update;
	unsigned long cpumask[1]; /* group_balance_mask() */
};
struct sched_group {
	struct sched_group *next; /* lb_walk: the ring of a domain's groups */
	struct sched_group_capacity *sgc;
	unsigned int flags;      /* load balance: the child domain's */
	int asym_prefer_cpu;
	unsigned int cores;
	unsigned int group_weight;
	unsigned long cpumask[1]; /* sched_group_span() */
};
struct sched_domain {
	struct sched_domain *parent;
	int flags;
	struct sched_group *groups;
	unsigned long span[1];
	/* load balance */
	unsigned int imbalance_pct, cache_nice_tries, nr_balance_failed;
	struct sched_domain *child;   /* lb_walk: update_group_capacity() */
	unsigned int balance_interval;
	unsigned int span_weight;     /* fork: sched_balance_find_dst_cpu() */
	struct sched_domain_shared *shared; /* 7.3's select_idle_capacity(), select_idle_cpu() */
	u64 avg_scan_cost;                  /* 6.1's SIS_PROP */
};
#ifdef KC_LINUX_7_3
/* 7.3's sched_domain_span() reads the span past sizeof(*sd), where build_sched_domains()
 * allocates it; the stub's structure holds it (moves-7.3.txt cuts none) */
#define sched_domain_span(sd) to_cpumask((sd)->span)
/* 7.3's task_is_blocked(): proxy execution (CONFIG_SCHED_PROXY_EXEC) off */
#define sched_proxy_exec() false
/* 7.3's vruntime_op() names a function that only an unknown operator calls */
extern void __BUILD_BUG_vruntime_op(void);
/* 7.3's can_migrate_task(): the first CPU of three masks, nr_cpu_ids if none */
#define cpumask_first_and_and(a, b, c) \
	({ unsigned long kc_m = (a)->bits[0] & (b)->bits[0] & (c)->bits[0]; \
	   kc_m ? (unsigned int)__builtin_ctzl(kc_m) : nr_cpu_ids; })
#endif

#include "kstubs_lb.h"


/* cpufreq_schedutil.c's own structures (the fields the cut functions read) */
struct sugov_tunables {
	unsigned int rate_limit_us;
};
/* ---- the sugov group: the hooks' plumbing (irq_work, locks, the driver's switch) ---- */
typedef int raw_spinlock_t;
struct mutex {
	int unused;
};
struct irq_work {
	unsigned queued; /* irq_work_queue() calls: the kthread's work was queued */
};
#define raw_spin_lock(l) do { } while (0)
#define raw_spin_unlock(l) do { } while (0)
#define mutex_lock(m) do { } while (0)
#define mutex_unlock(m) do { } while (0)
static inline void irq_work_queue(struct irq_work *w)
{
	w->queued++;
}
struct update_util_data {
	void (*func)(struct update_util_data *data, u64 time, unsigned int flags);
};
/* HZ and the nohz idle entries of each CPU are the case's */
extern u64 kc_tick_nsec;
#define TICK_NSEC kc_tick_nsec
extern unsigned long kc_idle_calls[KC_MAX_CPUS];
#define tick_nohz_get_idle_calls_cpu(cpu) kc_idle_calls[cpu]
/*
 * The driver lands exactly on a table frequency: ->fast_switch() returns its target (clamped
 * by cpufreq_driver_fast_switch() as the core does), ->target_index() of
 * __cpufreq_driver_target() sets it (the targets here are policy->min/max or next_freq:
 * table frequencies).
 */
static inline unsigned int cpufreq_driver_fast_switch(struct cpufreq_policy *policy,
						      unsigned int target_freq)
{
	/* clamp_val(target_freq, policy->min, policy->max); __clamp is cut later */
	policy->cur = target_freq < policy->min ? policy->min
		      : target_freq > policy->max ? policy->max : target_freq;
	return policy->cur;
}
static inline int __cpufreq_driver_target(struct cpufreq_policy *policy, unsigned int target_freq,
					  unsigned int relation)
{
	(void)relation;
	policy->cur = target_freq;
	return 0;
}

struct sugov_policy {
	struct cpufreq_policy *policy;
	struct sugov_tunables *tunables;
	raw_spinlock_t update_lock;
	u64 last_freq_update_time;
	s64 freq_update_delay_ns;
	unsigned int next_freq;
	unsigned int cached_raw_freq;
	struct irq_work irq_work;
	struct mutex work_lock;
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
	unsigned long bw_min;
	unsigned long bw_max; /* 7.3 */
	unsigned long saved_idle_calls;
};
extern struct sugov_cpu sugov_cpu[KC_MAX_CPUS]; /* static DEFINE_PER_CPU(struct sugov_cpu, sugov_cpu) */

/*
 * RT wake-up placement (group rt_placement): the cpumask and bit plumbing that rt.c, cpupri.c,
 * lib/cpumask.c and core.c's select_task_rq() use, on one word; the bit searches themselves
 * (find_next_and_bit_wrap(), _find_next_and_bit(), ...) are the kernel's. All CPUs of a case
 * are possible, online and active, on one NUMA node; tasks are user tasks (not kthreads),
 * never migrate-disabled; cpuset fallback is never reached (a task has an allowed CPU).
 */
extern unsigned int nr_cpu_ids;
extern struct cpumask kc_cpus_present; /* CPUs 0..nr_cpu_ids-1 */
extern bool sched_asym_cpucapacity;
#define NR_CPUS KC_MAX_CPUS
#define small_cpumask_bits nr_cpu_ids /* NR_CPUS > BITS_PER_LONG in an arm64 defconfig */
#define nr_cpumask_bits nr_cpu_ids
#define cpumask_check(n) (n) /* 7.3's cpumask_next_and_wrap(): cpu_max_bits_warn() only */
#define BITS_PER_LONG 64
#define BITS_PER_TYPE(type) (sizeof(type) * 8)
#define __ffs(x) ((unsigned long)__builtin_ctzl(x))
/* only the small_const_nbits() branches need it, and nr_cpu_ids is no constant */
#define small_const_nbits(n) (__builtin_constant_p(n) && (n) <= BITS_PER_LONG && (n) > 0)
#define GENMASK(h, l) ((~0UL << (l)) & (~0UL >> (BITS_PER_LONG - 1 - (h))))
#define cpumask_bits(m) ((m)->bits)
#define to_cpumask(bits) ((struct cpumask *)(bits))
#define cpumask_test_cpu(cpu, m) (((m)->bits[0] >> (cpu)) & 1)
static inline void cpumask_set_cpu(unsigned int cpu, struct cpumask *m)
{
	m->bits[0] |= 1UL << cpu;
}
static inline void cpumask_clear_cpu(int cpu, struct cpumask *m)
{
	m->bits[0] &= ~(1UL << cpu);
}
static inline bool cpumask_and(struct cpumask *d, const struct cpumask *a, const struct cpumask *b)
{
	return (d->bits[0] = a->bits[0] & b->bits[0]) != 0;
}
#define cpumask_empty(m) ((m)->bits[0] == 0)
static inline void cpumask_copy(struct cpumask *d, const struct cpumask *s)
{
	d->bits[0] = s->bits[0];
}
/* cpumask_first_and() and cpumask_first() of cpumask.h */
#define cpumask_any_and(a, b) k_find_first_and_bit(cpumask_bits(a), cpumask_bits(b), small_cpumask_bits)
#define cpumask_any(m) k_find_first_bit(cpumask_bits(m), small_cpumask_bits)
#define cpu_active_mask (&kc_cpus_present)
#define cpu_possible_mask (&kc_cpus_present)
#define cpu_active(cpu) cpumask_test_cpu(cpu, &kc_cpus_present)
#define cpu_online(cpu) cpumask_test_cpu(cpu, &kc_cpus_present)
#define cpu_online_mask (&kc_cpus_present)
#define cpu_dying(cpu) false
#define task_cpu_possible(cpu, p) cpumask_test_cpu(cpu, &kc_cpus_present)
#define task_cpu_possible_mask(p) (&kc_cpus_present)
#define cpu_to_node(cpu) 0
#define cpumask_of_node(nid) (&kc_cpus_present)
#define is_migration_disabled(p) false
#define kthread_is_per_cpu(p) false
#define PF_KTHREAD 0x00200000
#define cpuset_cpus_allowed_fallback(p) false
#define do_set_cpus_allowed(p, m) do { } while (0)
#define set_cpus_allowed_force(p, m) do { } while (0) /* 7.3's */
#define task_cpu_fallback_mask(p) task_cpu_possible_mask(p)
#define printk_ratelimit() 0
#define printk_deferred(...) do { } while (0)
#define BUG() __builtin_trap()
#define BUG_ON(c) do { if (c) __builtin_trap(); } while (0)
#define smp_processor_id() kc_this_cpu
#define __this_cpu_read(var) this_cpu_read(var)
#define __this_cpu_write(var, v) this_cpu_write(var, v)
/* find_lowest_rq() and find_energy_efficient_cpu() take a per-CPU mask: counting it tells
 * kernel_side.c that find_lowest_rq() ran (group rt_placement, which runs no feec) */
extern unsigned int kc_flr_calls;
#define this_cpu_cpumask_var_ptr(var) (kc_flr_calls++, this_cpu_read(var))
#define atomic_read(v) ((v)->counter)
#define atomic_inc(v) ((v)->counter++)
#define atomic_dec(v) ((v)->counter--)
#define smp_rmb() do { } while (0)
#define smp_mb__before_atomic() do { } while (0)
#define smp_mb__after_atomic() do { } while (0)
#define rcu_read_lock() do { } while (0)
#define rcu_read_unlock() do { } while (0)
#define rcu_dereference_check_sched_domain(p) (p)
#define rcu_dereference_sched_domain(p) (p) /* 7.3's name */
#define task_rq(p) cpu_rq(task_cpu(p))
#define SD_WAKE_AFFINE 0x0010 /* a flag bit of include/linux/sched/sd_flags.h */
/* find_lowest_rq() passes it as a pointer; extract.py renames only calls */
#define rt_task_fits_capacity k_rt_task_fits_capacity

/*
 * Deadline wake-up placement (group deadline): cpudeadline.c's heap under its lock (one thread:
 * no lock), and the cpumask helpers it and deadline.c use, on one word.
 */
#define raw_spin_lock_irqsave(l, f) ((f) = 0)
#define raw_spin_unlock_irqrestore(l, f) ((void)(f))
#define cpu_present(cpu) cpumask_test_cpu(cpu, &kc_cpus_present)
#define __cpumask_set_cpu(cpu, m) cpumask_set_cpu(cpu, m)
#define __cpumask_clear_cpu(cpu, m) cpumask_clear_cpu(cpu, m)

/*
 * Wake-up placement of a fair task (group select_task_rq_fair): the per-CPU domain pointers
 * update_top_cache_domain() leaves (kernel_side.c sets them from the case), one thread in task
 * context, no vCPUs, no clusters (sched_cluster_active off), schedstats off, and the default
 * features WA_IDLE, WA_WEIGHT, WA_BIAS and SIS_UTIL.
 */
#define WF_SYNC 0x10
#define SD_CLUSTER (1 << 8)
#define SCHED_NORMAL 0
#define time_after(a, b) ((long)((b) - (a)) < 0)
static inline void cpumask_andnot(struct cpumask *d, const struct cpumask *a, const struct cpumask *b)
{
	d->bits[0] = a->bits[0] & ~b->bits[0];
}
#define SD_ASYM_CPUCAPACITY_FULL (1 << 6)
#define WF_CURRENT_CPU 0x40
#define PF_EXITING 0x00000004
#define kc_sched_feat_WA_IDLE 1
#define kc_sched_feat_WA_WEIGHT 1
#define kc_sched_feat_WA_BIAS 1
#define kc_sched_feat_SIS_UTIL 1
#define kc_sched_feat_SIS_PROP 0 /* 6.1's features.h: SCHED_FEAT(SIS_PROP, false) */
#define cpu_clock(cpu) 0ULL     /* 6.1's SIS_PROP only */
#define in_task() 1
#define vcpu_is_preempted(cpu) false
#define lockdep_assert_irqs_disabled() do { } while (0)
#define schedstat_inc(x) do { } while (0)
#define this_rq() cpu_rq(kc_this_cpu)
#define this_cpu_ptr(ptr) (&(*(ptr))[kc_this_cpu])
#define u64_u32_load_copy(var, copy) (var)
#define swap(a, b) do { __typeof__(a) kc_t_ = (a); (a) = (b); (b) = kc_t_; } while (0)
#define for_each_cpu_wrap(cpu, mask, start) \
	for (unsigned int kc_w_ = 0; kc_w_ < KC_MAX_CPUS && ((cpu) = (int)(((start) + kc_w_) % KC_MAX_CPUS), 1); kc_w_++) \
		if (!((mask)->bits[0] & (1UL << (cpu)))) continue; else
struct sched_domain_shared {
	int nr_idle_scan;
	int has_idle_cores; /* 7.3's test_idle_cores(): SMT only, never read here */
};
/* 7.3: its RCU accessor; a CPU's SMT siblings are itself (no SCHED_SMT), for is_core_idle() */
#define rcu_dereference_all(p) (p)
#define cpu_smt_mask(cpu) (&(struct cpumask){ { 1UL << (cpu) } })
extern bool sched_cluster_active;
#define cpus_share_resources(a, b) k_cpus_share_cache(a, b)
#define sched_core_cookie_match(rq, p) true
#define sched_cpu_cookie_match(rq, p) true

/* Fork placement (group fork): no core scheduling, no NUMA; SD_BALANCE_FORK of sd_flags.h */
#define sched_group_cookie_match(rq, p, group) true
#define rcu_read_lock_held() 1
#define rcu_read_lock_any_held() 1 /* 7.3's sched_balance_find_dst_cpu() asserts it */
#define lockdep_assert(c) do { } while (0)
#define SD_BALANCE_FORK (1 << 2)
/*
 * Misfit tracking (group update_misfit_status): sched.h's list of the CPU capacities, which
 * topology.c's asym_cpu_capacity_scan() builds, biggest first (kernel_side_misfit.c builds it
 * from the case); RCU is one thread's plain walk.
 */
typedef struct cpumask cpumask_t;
struct asym_cap_data {
	struct list_head link;
	unsigned long capacity;
	unsigned long cpus[1];
};
extern struct list_head asym_cap_list;
#define cpu_capacity_span(asym_data) to_cpumask((asym_data)->cpus)
#define list_for_each_entry_rcu(pos, head, member) list_for_each_entry(pos, head, member)
#define cpumask_intersects(a, b) (((a)->bits[0] & (b)->bits[0]) != 0)

#endif /* KERNEL_CHECK_KSTUBS_H */
