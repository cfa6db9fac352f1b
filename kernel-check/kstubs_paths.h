/* SPDX-License-Identifier: MIT */
/*
 * kstubs_paths.h - just enough of the kernel for the path groups' cut functions
 * (functions_paths.txt: core.c's enqueue_task()/dequeue_task() with the rq's uclamp, fair.c's
 * enqueue_task_fair()/dequeue_task_fair() with EEVDF, PELT and util_est, pelt.c) to compile and
 * run in userspace, in a translation unit of their own (kernel_side_paths.c). One CPU, one
 * cfs_rq: !FAIR_GROUP_SCHED, !CFS_BANDWIDTH, !SCHED_SMT, !NUMA, no schedstats, no psi, no core
 * scheduling. Only what lies outside the fair class's and PELT's own code is stubbed:
 *   - update_rq_clock() is core.c's update_rq_clock() + update_rq_clock_task() without IRQ or
 *     steal time: the clocks move to the driver's sched_clock, then the kernel's own
 *     update_rq_clock_pelt();
 *   - cpufreq_update_util() is the per-CPU hook's call site: kernel_side_paths.c logs it (no
 *     governor runs, on either side);
 *   - the deadline server (dl_server_*), hrtick, the tick dependency, tracepoints, locks and
 *     RCU do nothing; sched_energy_enabled() is off (no perf domains: EAS is not this group's);
 *   - the scheduler features are 6.12's defaults (kernel/sched/features.h; 7.3's the same,
 *     with its new PARANOID_AVG off);
 *   - resched_curr() sets curr's TIF_NEED_RESCHED (kc_need_resched) and nothing else: no
 *     schedule() follows in a case (on capsim's side neither) but pick_next_task_fair's own
 *     steps; update_misfit_status() (a group of its own) is logged, not run; no NUMA balancing,
 *     hrtick or core scheduling at the tick;
 *   - sched_balance_newidle() (a group of its own) makes only its first call,
 *     update_misfit_status(NULL), and pulls nothing: one CPU;
 *   - arch_topology's per-CPU hw_pressure and capacity_freq_ref are the one CPU's variables.
 */
#ifndef KERNEL_CHECK_KSTUBS_PATHS_H
#define KERNEL_CHECK_KSTUBS_PATHS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t u64;
typedef int64_t s64;
typedef uint32_t u32;
typedef int32_t s32;

#define READ_ONCE(x) (x)
#define WRITE_ONCE(x, v) ((x) = (v))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#undef __always_inline
#define __always_inline inline __attribute__((always_inline))
#define __maybe_unused __attribute__((unused))
#define SCHED_WARN_ON(x) ({ bool warn_ = (x); warn_; })
#define WARN_ON_ONCE(x) (!!(x))
#define EXPORT_SYMBOL(x)
#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))
#define min(a, b) ({ __auto_type mn_a_ = (a); __auto_type mn_b_ = (b); mn_a_ < mn_b_ ? mn_a_ : mn_b_; })
#define max(a, b) ({ __auto_type mx_a_ = (a); __auto_type mx_b_ = (b); mx_a_ > mx_b_ ? mx_a_ : mx_b_; })
#define min_t(t, a, b) ({ t mn_a_ = (a); t mn_b_ = (b); mn_a_ < mn_b_ ? mn_a_ : mn_b_; })
#define max_t(t, a, b) ({ t mx_a_ = (a); t mx_b_ = (b); mx_a_ > mx_b_ ? mx_a_ : mx_b_; })
#define clamp(v, lo, hi) min(max(v, lo), hi)
#define swap(a, b) do { __auto_type t_ = (a); (a) = (b); (b) = t_; } while (0)
#define abs(x) ({ __auto_type x_ = (x); x_ < 0 ? -x_ : x_; })
static inline int fls(unsigned int x)
{
	return x ? 32 - __builtin_clz(x) : 0;
}
#define BITS_PER_LONG 64
#define SCHED_FIXEDPOINT_SHIFT 10
#define TICK_NSEC kc_paths_tick_nsec
#define u64_u32_store(var, val) ((var) = (val))
#define u64_u32_store_copy(var, copy, val) ((var) = (val))
#define smp_wmb() do { } while (0)
#define raw_spin_lock(l) do { } while (0)
#define raw_spin_unlock(l) do { } while (0)
#define lockdep_assert_held(l) do { } while (0)
#define lockdep_assert_rq_held(rq) do { } while (0)
#define assert_clock_updated(rq) do { } while (0)
#define trace_pelt_se_tp(...) do { } while (0)
#define trace_pelt_cfs_tp(...) do { } while (0)
#define trace_sched_util_est_cfs_tp(...) do { } while (0)
#define trace_sched_util_est_se_tp(...) do { } while (0)
#define trace_sched_overutilized_tp(...) do { } while (0)
#define trace_sched_update_nr_running_tp_enabled() 0
#define call_trace_sched_update_nr_running(rq, n) do { } while (0)

#include "kstubs_rbtree.h"

/* the scheduler's (kernel/sched/sched.h, include/linux/sched.h: the fields the cut code uses) */
#define SCHED_NORMAL 0
#define SCHED_BATCH 3
#define SCHED_IDLE 5
enum uclamp_id { UCLAMP_MIN = 0, UCLAMP_MAX, UCLAMP_CNT };
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
struct uclamp_rq {
	unsigned int value;
	struct uclamp_bucket bucket[CONFIG_UCLAMP_BUCKETS_COUNT];
};
struct load_weight {
	unsigned long weight;
	u32 inv_weight;
};
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
	struct util_est { /* 6.1's two values (6.8 kept one) */
		unsigned int enqueued;
		unsigned int ewma;
	} util_est;
#else
	unsigned int util_est;
#endif
};
struct sched_entity {
	struct load_weight load;
	struct rb_node run_node;
	u64 deadline;
	u64 min_vruntime;
	u64 min_slice;
	struct list_head group_node;
	unsigned char on_rq;
	unsigned char sched_delayed;
	unsigned char rel_deadline;
	unsigned char custom_slice;
	u64 exec_start;
	u64 sum_exec_runtime;
	u64 prev_sum_exec_runtime;
	u64 vruntime;
	s64 vlag;
	u64 slice;
	struct sched_avg avg;
#ifdef KC_LINUX_7_3
	struct load_weight h_load; /* the weight EEVDF's sums use (the hierarchy's product) */
	u64 max_slice;
	u64 vprot; /* the slice protection's end */
#endif
};
struct rq;
struct task_struct;
struct sched_class {
	int uclamp_enabled;
	void (*enqueue_task)(struct rq *rq, struct task_struct *p, int flags);
#ifdef KC_LINUX_6_1 /* 6.1's: no answer, and no next task */
	void (*dequeue_task)(struct rq *rq, struct task_struct *p, int flags);
	void (*put_prev_task)(struct rq *rq, struct task_struct *p);
#else
	bool (*dequeue_task)(struct rq *rq, struct task_struct *p, int flags);
	void (*put_prev_task)(struct rq *rq, struct task_struct *p, struct task_struct *next);
#endif
	void (*set_next_task)(struct rq *rq, struct task_struct *p, bool first);
};
struct task_struct {
	int kc_need_resched; /* TIF_NEED_RESCHED */
	int on_rq;
	int cpu; /* group migrate_task_rq_fair: task_cpu() */
	int policy;
	unsigned int __state;
	unsigned int in_iowait;
	struct sched_entity se;
	const struct sched_class *sched_class;
	struct uclamp_se uclamp_req[UCLAMP_CNT];
	struct uclamp_se uclamp[UCLAMP_CNT];
#ifdef KC_LINUX_6_1
	int nr_cpus_allowed; /* update_misfit_status_6_1 */
#endif
};
struct cfs_rq {
	struct load_weight load;
	unsigned int nr_running;
	unsigned int h_nr_queued;
	unsigned int h_nr_runnable;
	unsigned int idle_nr_running;
	unsigned int idle_h_nr_running;
	unsigned int h_nr_delayed;
	s64 avg_vruntime;
	u64 avg_load;
	u64 zero_vruntime;
	struct rb_root_cached tasks_timeline;
	struct sched_entity *curr;
	struct sched_entity *next;
	struct sched_avg avg;
#ifdef KC_LINUX_6_1
	unsigned int h_nr_running;
	u64 min_vruntime;
	struct sched_entity *last, *skip; /* the buddies */
#endif
#ifdef KC_LINUX_7_3
	unsigned int nr_queued;
	unsigned int h_nr_idle;
	s64 sum_w_vruntime;
	u64 sum_weight;
	unsigned int sum_shift;
	struct sched_entity *h_curr;
#endif
	struct {
		int lock;
		int nr;
		unsigned long load_avg;
		unsigned long util_avg;
		unsigned long runnable_avg;
	} removed;
};
struct root_domain {
	int overloaded;
	int overutilized;
#ifdef KC_LINUX_6_1
	int overload; /* 6.1's name */
#endif
};
struct rq {
	int cpu;
	unsigned int nr_running;
	u64 clock, clock_task, clock_pelt, lost_idle_time, clock_idle, clock_pelt_idle;
	struct cfs_rq cfs;
	struct task_struct *curr;
	struct task_struct *idle;
	struct list_head cfs_tasks;
	unsigned long next_balance;
	int fair_server;
	struct uclamp_rq uclamp[UCLAMP_CNT];
	unsigned int uclamp_flags;
	struct root_domain *rd;
	struct sched_avg avg_rt, avg_dl; /* no RT or DL task here: update_idle_rq_clock_pelt() reads them */
	struct sched_avg avg_hw;
#ifdef KC_LINUX_7_3
	struct task_struct *donor; /* proxy execution's: curr */
#endif
#ifdef KC_LINUX_6_1
	struct sched_avg avg_thermal; /* 6.1's name of avg_hw */
	unsigned long cpu_capacity_orig; /* capacity_orig_of(): arch_scale_cpu_capacity() */
	unsigned long cpu_capacity, misfit_task_load; /* update_misfit_status_6_1 */
#endif
};
struct rq_flags {
	int unused;
};
/* the kernel's globals, under names of this unit's own (the other units have theirs) */
#define sysctl_sched_base_slice kc_paths_base_slice
#define jiffies kc_paths_jiffies
#define sched_uclamp_used kc_paths_uclamp_used
#define uclamp_default kc_paths_uclamp_default
/* the runqueues: CPU 0 for enqueue/dequeue_task_fair, both for migrate_task_rq_fair */
extern struct rq kc_paths_rqs[KC_PATH_CPUS]; /* kcase.h's KC_PATH_CPUS */
#define kc_paths_rq (kc_paths_rqs[0])
extern u64 kc_paths_tick_nsec;
extern unsigned int sysctl_sched_base_slice;
extern unsigned long jiffies;
extern bool sched_uclamp_used;
extern struct uclamp_se uclamp_default[UCLAMP_CNT]; /* core.c's, set as init_uclamp() does */
extern unsigned long kc_paths_cpu_scale, kc_paths_freq_scale;
extern unsigned long kc_paths_hw_pressure; /* arch_topology's per_cpu(hw_pressure) */
extern unsigned int kc_paths_freq_ref;     /* arch_topology's per_cpu(capacity_freq_ref) */
#define cpu_rq(cpu) (&kc_paths_rqs[cpu])
#define task_cpu(p) ((p)->cpu)
#define task_rq(p) cpu_rq(task_cpu(p))
#define rq_of(cfs_rq) container_of(cfs_rq, struct rq, cfs) /* !CONFIG_FAIR_GROUP_SCHED */
#define cpu_of(rq) ((rq)->cpu)
#define rq_clock(rq) ((rq)->clock)
#define rq_clock_task(rq) ((rq)->clock_task)
#define TASK_ON_RQ_QUEUED 1
#define TASK_ON_RQ_MIGRATING 2
#define TASK_RUNNING 0
#define TASK_WAKING 0x0200
#define task_on_rq_queued(p) ((p)->on_rq == TASK_ON_RQ_QUEUED)
#define task_on_rq_migrating(p) ((p)->on_rq == TASK_ON_RQ_MIGRATING)
#define task_on_cpu(rq, p) ((rq)->curr == (p))
#define is_idle_task(p) ((p) == kc_paths_rqs[0].idle || (p) == kc_paths_rqs[1].idle)
#define ENQUEUE_RESTORE 0x02
#define ENQUEUE_NOCLOCK 0x08
#define DEQUEUE_SAVE 0x02
#define DEQUEUE_NOCLOCK 0x08
/* arm64's hooks (arch/arm64/include/asm/topology.h): the case's capacity and frequency */
#define arch_scale_cpu_capacity(cpu) kc_paths_cpu_scale
#define arch_scale_freq_capacity(cpu) kc_paths_freq_scale
#define arch_scale_freq_ref(cpu) kc_paths_freq_ref
#define arch_scale_hw_pressure(cpu) kc_paths_hw_pressure
#define per_cpu(var, cpu) kc_paths_##var
/* the one CPU's mask */
struct cpumask {
	unsigned long bits[1];
};
#define cpumask_first(mask) 0
#define for_each_cpu(cpu, mask) for ((cpu) = 0; (cpu) < 1; (cpu)++)
#define trace_hw_pressure_update(cpu, pressure) do { } while (0)
#define trace_pelt_hw_tp(rq) do { } while (0)
#define static_branch_likely(key) (*(key))
#define static_branch_unlikely(key) (*(key))
#define sched_energy_enabled() false
#define cpu_overutilized(cpu) 0 /* never reached: sched_energy_enabled() is off */
#define set_rd_overutilized(rd, flag) do { } while (0) /* never reached, as above */

/* 6.12's scheduler features (kernel/sched/features.h) */
#define sched_feat(x) (kc_feat_##x)
#define kc_feat_PLACE_LAG 1
#define kc_feat_PLACE_DEADLINE_INITIAL 1
#define kc_feat_PLACE_REL_DEADLINE 1
#define kc_feat_RUN_TO_PARITY 1
#define kc_feat_PREEMPT_SHORT 1
#define kc_feat_NEXT_BUDDY 0
#define kc_feat_PICK_BUDDY 1
#define kc_feat_DELAY_DEQUEUE 1
#define kc_feat_DELAY_ZERO 1
#define kc_feat_WAKEUP_PREEMPTION 1
#define kc_feat_UTIL_EST 1
#define kc_feat_PARANOID_AVG 0 /* 7.3 */

/* what lies outside the fair class and PELT (see the top of this file) */
void kc_paths_update_rq_clock(struct rq *rq);
void kc_paths_cpufreq_update_util(struct rq *rq, unsigned int flags);
#define update_rq_clock(rq) kc_paths_update_rq_clock(rq)
#define cpufreq_update_util(rq, flags) kc_paths_cpufreq_update_util(rq, flags)
#define update_stats_enqueue_fair(cfs_rq, se, flags) do { } while (0)
#define update_stats_dequeue_fair(cfs_rq, se, flags) do { } while (0)
#define update_stats_wait_start_fair(cfs_rq, se) do { } while (0)
#define update_stats_wait_end_fair(cfs_rq, se) do { } while (0)
#define check_schedstat_required() do { } while (0)
#define schedstat_enabled() 0
#define __schedstats_from_se(se) ((void *)0)
#define __schedstat_set(var, val) do { } while (0)
#define update_curr_task(p, delta) do { } while (0)
#define update_cfs_group(se) do { } while (0)
#define dl_server_active(s) 0
#define dl_server_update(s, d) do { } while (0)
#define dl_server_start(s) do { } while (0)
#define dl_server_stop(s) do { } while (0)
#define dl_server_update_idle_time(rq, p) do { } while (0)
#define __put_prev_set_next_dl_server(rq, prev, next) do { } while (0)
#define account_cfs_rq_runtime(cfs_rq, d) false /* 7.3 reads the answer */
#define return_cfs_rq_runtime(cfs_rq) do { } while (0)
#define check_cfs_rq_runtime(cfs_rq) 0
#define check_enqueue_throttle(cfs_rq) do { } while (0)
#define cfs_rq_throttled(cfs_rq) 0
#define throttled_hierarchy(cfs_rq) 0
#define list_add_leaf_cfs_rq(cfs_rq) do { } while (0)
#define assert_list_leaf_cfs_rq(rq) do { } while (0)
#define account_numa_enqueue(rq, p) do { } while (0)
#define account_numa_dequeue(rq, p) do { } while (0)
#define list_add(n, h) do { } while (0)
#define list_del_init(n) do { } while (0)
#define hrtick_update(rq) do { } while (0)
#define sched_update_tick_dependency(rq) do { } while (0)
#define resched_curr(rq) ((rq)->curr->kc_need_resched = 1)
#define test_tsk_need_resched(p) ((p)->kc_need_resched)
#define list_move(n, h) do { } while (0)
#define hrtick_enabled_fair(rq) 0
#define hrtick_start_fair(rq, p) do { } while (0)
#define sched_fair_update_stop_tick(rq, p) do { } while (0)
#define sched_numa_balancing kc_paths_numa_balancing
static const bool kc_paths_numa_balancing; /* off */
#define task_tick_numa(rq, p) do { } while (0)
#define task_tick_core(rq, p) do { } while (0)
void kc_paths_update_misfit_status(struct task_struct *p, struct rq *rq);
#define update_misfit_status(p, rq) kc_paths_update_misfit_status(p, rq)
#define psi_enqueue(p, flags) do { } while (0)
#define psi_dequeue(p, flags) do { } while (0)
#define sched_info_enqueue(rq, p) do { } while (0)
#define sched_info_dequeue(rq, p) do { } while (0)
#define sched_core_enabled(rq) false
#define sched_core_enqueue(rq, p) do { } while (0)
#define sched_core_dequeue(rq, p, flags) do { } while (0)
/* __schedule()'s pick (pick_next_task_fair): the newidle balance is the stub above */
#define RETRY_TASK ((struct task_struct *)-1UL)
int kc_paths_sched_balance_newidle(struct rq *rq, struct rq_flags *rf);
#define sched_balance_newidle(rq, rf) kc_paths_sched_balance_newidle(rq, rf)
/* __block_task(): no longer on the runqueue */
#define __block_task(rq, p) ((p)->on_rq = 0)

/*
 * Migration (group migrate_task_rq_fair): remove_entity_load_avg()'s lock and
 * migrate_se_pelt_lag()'s RCU and barriers are one thread's plain accesses; sched_clock_cpu()
 * is the driver's clock (every CPU's the same).
 */
#define raw_spin_lock_irqsave(l, f) ((f) = 0)
#define raw_spin_unlock_irqrestore(l, f) ((void)(f))
#define rcu_read_lock() do { } while (0)
#define rcu_read_unlock() do { } while (0)
#define rcu_dereference(p) (p)
#define smp_rmb() do { } while (0)
#define u64_u32_load(var) (var)
#define u64_u32_load_copy(var, copy) (var)
u64 kc_paths_sched_clock_cpu(int cpu);
#define sched_clock_cpu(cpu) kc_paths_sched_clock_cpu(cpu)

#ifdef KC_LINUX_7_3
/*
 * 7.3's (KC_LINUX_7_3): the runtime accounting of update_se() outside the fair class does
 * nothing; no cache-aware scheduling (!CONFIG_SCHED_CACHE: its hooks are empty); the lazy
 * reschedule is resched_curr()'s flag; div64_long() is a plain signed division on 64 bits.
 */
#define trace_sched_stat_runtime(p, d) do { } while (0)
#define account_group_exec_runtime(p, d) do { } while (0)
#define account_mm_sched(rq, p, d) do { } while (0)
#define cgroup_account_cputime(p, d) do { } while (0)
#define account_llc_enqueue(rq, p) do { } while (0)
#define account_llc_dequeue(rq, p) do { } while (0)
#define pref_llc_running_inc(rq, p) do { } while (0)
#define pref_llc_running_dec(rq, p) do { } while (0)
#define task_tick_cache(rq, p) do { } while (0)
#define resched_curr_lazy(rq) resched_curr(rq)
/* group eevdf_7_3's __schedule(): no clock skip, no lock checks */
#define __must_hold(lock)
#define rq_clock_skip_update(rq) do { } while (0)
#define div64_long(a, b) ((a) / (b))
#define normalized_sysctl_sched_base_slice 700000ULL /* fair.c's; read without RUN_TO_PARITY only */
#define sysctl_sched_migration_cost 500000UL /* fair.c's; read with NEXT_BUDDY only */
#define task_is_throttled(p) false
#define enqueue_throttled_task(p) false
#define dequeue_throttled_task(p, flags) do { } while (0)
#define record_throttle_clock(cfs_rq) do { } while (0)
#define task_throttle_setup_work(p) do { } while (0)
/* compiler.h's: the signed type of an unsigned field's width (add_positive()'s delta) */
#define __signed_scalar_typeof(x)                                                      \
	__typeof__(_Generic((x), unsigned int: (int)0, unsigned long: (long)0,          \
			    unsigned long long: (long long)0, default: (x)))
#define IS_ENABLED(option) 0 /* only IS_ENABLED(CONFIG_FAIR_GROUP_SCHED) */
#define fallthrough __attribute__((__fallthrough__))
#define rcu_dereference_all(p) (p)
#define check_mul_overflow(a, b, d) __builtin_mul_overflow(a, b, d)
#define check_add_overflow(a, b, d) __builtin_add_overflow(a, b, d)
#define BUG_ON(x) do { if (x) __builtin_trap(); } while (0)
/* vruntime_cmp() / vruntime_op() of an unknown operator: the kernel's link error */
void __BUILD_BUG_vruntime_cmp(void);
void __BUILD_BUG_vruntime_op(void);
/* fair.c's wake-up preemption outcomes (7.3) */
enum preempt_wakeup_action {
	PREEMPT_WAKEUP_NONE,
	PREEMPT_WAKEUP_SHORT,
	PREEMPT_WAKEUP_PICK,
	PREEMPT_WAKEUP_RESCHED,
};
/* the class the cut code compares tasks' classes with: kernel_side_paths.c's */
static const struct sched_class kc_fair_sched_class;
#define fair_sched_class kc_fair_sched_class
#endif

#ifdef KC_LINUX_6_1
/*
 * 6.1's (KC_LINUX_6_1): CFS's tunables are fair.c's globals as update_sysctl() sets them for
 * the case's online CPUs (one, two for migrate_task_rq_fair) from the normalized values (6,
 * 0.75 and 1 ms), sched_nr_latency 8, SCHED_TUNABLESCALING_LOG; the thermal pressure is arch_topology's
 * per-CPU thermal_pressure with freq_factor (the case's frequency in MHz), averaged on
 * rq_clock_thermal() with no sched_thermal_decay_shift; schedstats, the runtime accounting
 * outside the fair class and check_spread() (SCHED_DEBUG only) do nothing.
 */
#define sysctl_sched_latency kc_paths_sched_latency
#define sysctl_sched_min_granularity kc_paths_sched_min_granularity
#define sysctl_sched_idle_min_granularity kc_paths_sched_idle_min_granularity
#define sysctl_sched_wakeup_granularity kc_paths_sched_wakeup_granularity
#define sched_nr_latency kc_paths_sched_nr_latency
#define sched_thermal_decay_shift kc_paths_thermal_decay_shift
#define normalized_sysctl_sched_latency 6000000U
#define normalized_sysctl_sched_min_granularity 750000U
#define normalized_sysctl_sched_wakeup_granularity 1000000U
#define SCHED_TUNABLESCALING_NONE 0
#define SCHED_TUNABLESCALING_LOG 1
#define SCHED_TUNABLESCALING_LINEAR 2
#define sysctl_sched_tunable_scaling SCHED_TUNABLESCALING_LOG
#define ilog2(n) (63 - __builtin_clzll((unsigned long long)(n)))
#define num_online_cpus() kc_paths_online_cpus
extern unsigned int kc_paths_online_cpus;
extern unsigned int sysctl_sched_latency, sysctl_sched_min_granularity;
extern unsigned int sysctl_sched_idle_min_granularity, sysctl_sched_wakeup_granularity;
extern unsigned int sched_nr_latency;
extern int sched_thermal_decay_shift;
extern unsigned long kc_paths_thermal_pressure; /* per_cpu(thermal_pressure) */
extern unsigned int kc_paths_freq_factor;       /* per_cpu(freq_factor), MHz */
#define arch_scale_thermal_pressure(cpu) kc_paths_thermal_pressure
#define trace_thermal_pressure_update(cpu, pressure) do { } while (0)
#define trace_pelt_thermal_tp(rq) do { } while (0)
#define schedstat_add(var, val) do { } while (0)
#define schedstat_inc(var) do { } while (0)
#define trace_sched_stat_runtime(p, d, v) do { } while (0)
#define account_group_exec_runtime(p, d) do { } while (0)
#define cgroup_account_cputime(p, d) do { } while (0)
#define static_key_false(key) 0
#define ENQUEUE_DELAYED 0 /* never made: 6.1 delays no dequeue (se->sched_delayed stays 0) */
/* check_update_overutilized_status()'s, never reached: sched_energy_enabled() is off */
#define set_rd_overutilized_status(rd, status) do { } while (0)
#define SG_OVERUTILIZED 0x2
/* update_misfit_status_6_1: the cut update_misfit_status() is the group's; the paths' calls of
 * it are logged (extract.py --hook), the key is topology.c's */
#define kc_hook_update_misfit_status(p, rq) kc_paths_update_misfit_status(p, rq)
#define sched_asym_cpucapacity kc_paths_asym_cpucapacity
extern bool sched_asym_cpucapacity;
/*
 * se_is_idle() is FAIR_GROUP_SCHED's for a task entity (task_has_idle_policy()), as group
 * cfs_6_1 has it and Android's GKI and Debian build 6.1 (kconfig would cut the stub that
 * returns 0); the hierarchy is flat otherwise
 */
#define se_is_idle(se) k_task_has_idle_policy(k_task_of(se))
/* the rbtree's callbacks the cut code uses as values */
#define dummy_rotate k_dummy_rotate
#define dummy_propagate k_dummy_propagate
#define dummy_copy k_dummy_copy
#define dummy_callbacks k_dummy_callbacks
/* 6.1's scheduler features (kernel/sched/features.h) besides those above */
#define kc_feat_GENTLE_FAIR_SLEEPERS 1
#define kc_feat_START_DEBIT 1
#define kc_feat_LAST_BUDDY 1
#define kc_feat_UTIL_EST_FASTUP 1
#define kc_feat_ALT_PERIOD 1
#define kc_feat_BASE_SLICE 1
#endif

/* a task's or a cfs_rq's util_est: 6.1's enqueued value (its ewma beside it), 6.12's one */
#ifdef KC_LINUX_6_1
#define kc_util_est(sa) ((sa).util_est.enqueued)
#else
#define kc_util_est(sa) ((sa).util_est)
#endif
/* rd->overloaded as add_nr_running() leaves it: 6.1 writes rd->overload in place */
#ifdef KC_LINUX_6_1
#define kc_rd_overloaded(rd) ((rd)->overload)
#else
#define kc_rd_overloaded(rd) k_get_rd_overloaded(rd)
#endif

/* names the cut code uses as values, not calls (extract.py renames calls only) */
#define __entity_less k___entity_less
#ifndef KC_LINUX_6_1 /* 6.1's tree is not augmented */
static inline void min_vruntime_cb_propagate(struct rb_node *rb, struct rb_node *stop);
#endif

/* the loggers of the hooked calls (CMakeLists.txt's --hook list), defined after the cut code */
static void kc_hook_util_est_enqueue(struct cfs_rq *cfs_rq, struct task_struct *p);
static void kc_hook_util_est_dequeue(struct cfs_rq *cfs_rq, struct task_struct *p);
#ifdef KC_LINUX_7_3
static void kc_hook_util_est_update(struct sched_entity *se); /* 7.3: from update_load_avg() */
#else
static void kc_hook_util_est_update(struct cfs_rq *cfs_rq, struct task_struct *p, bool task_sleep);
#endif
static int kc_hook___update_load_avg_se(u64 now, struct cfs_rq *cfs_rq, struct sched_entity *se);
static void kc_hook_uclamp_rq_inc_id(struct rq *rq, struct task_struct *p, enum uclamp_id clamp_id);
static void kc_hook_uclamp_rq_dec_id(struct rq *rq, struct task_struct *p, enum uclamp_id clamp_id);

#endif /* KERNEL_CHECK_KSTUBS_PATHS_H */
