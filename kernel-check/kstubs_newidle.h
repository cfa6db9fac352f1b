/* SPDX-License-Identifier: MIT */
/*
 * kstubs_newidle.h - just enough of the kernel for path group sched_balance_newidle's cut
 * functions (functions_newidle.txt) to compile and run in userspace, in a translation unit of
 * their own (kernel_side_newidle.c): struct rq and struct sched_domain with the fields the cut
 * code reads, nohz's state, per-CPU variables as arrays. HZ is 250 (capsim's default).
 * What the stubs decide (kernel_side_newidle.c defines them):
 *   - sched_balance_rq() answers the case's lb_pulled[l] and lb_continue[l] for the domain of
 *     level l, and takes sd_cost[l] ns of sched_clock_cpu(): the pass itself is group lb_walk's
 *     and the engine's tests'; sched_balance_update_blocked_averages() is logged and takes no
 *     time; both calls are logged with their arguments;
 *   - idle_cpu() and sched_idle_cpu() answer the case's cpu_idle[] (idle_cpu() 0 with
 *     rq->ttwu_pending, as syscalls.c's) and sched_idle;
 *   - ttwu_do_activate()'s activate_task(), wakeup_preempt() and ttwu_do_wakeup() do nothing
 *     (the enqueue is group enqueue_task_fair's);
 *   - smp_call_function_single_async() (kick_ilb()'s IPI) records the ILB; its softirq does
 *     not run;
 *   - the scheduler features are 6.12's defaults but NI_RANDOM, off: capsim does not model
 *     the proportional newidle balance (docs/model.md);
 *   - no SD_ASYM_PACKING domain (arm64 has none), every CPU housekeeping and active; locks,
 *     RCU and lockdep do nothing.
 * Group sched_tick_idle (and its 6.1 and 7.3 copies) runs sched_tick() on the idle task: its calls outside
 * what decides a balance are stubs that do nothing (the clock and update_hw_load_avg() are
 * group task_tick_fair's; loadavg's calc_global_load_tick(), psi, perf, the workqueue's tick,
 * core scheduling, mm_cid and sched_ext are off or not modelled by capsim), the idle class's
 * task_tick_idle() is empty as kernel/sched/idle.c's, raise_softirq(SCHED_SOFTIRQ) is recorded
 * and the softirq then run as the tick's irq_exit() would (sched_balance_softirq()), and
 * _nohz_idle_balance() is never reached (no kick is pending on the ticking CPU:
 * rq->nohz_idle_balance 0, capsim's ILB balances at the kick).
 * On 7.3 (KC_LINUX_7_3, group sched_balance_newidle_7_3) besides: no SMT (sched_smt_active()
 * false: find_new_ilb() takes the first idle CPU), NI_RATE on as 7.3's features.h has it
 * (sched_clock() is sched_clock_cpu()'s: it only moves newidle_ratio, which NI_RANDOM alone
 * reads), sched_idle_rq() answers the case's sched_idle, __sched_balance_update_blocked_averages()
 * is logged as 6.12's sched_balance_update_blocked_averages() is, and no task of another class
 * is queued while the walk runs (rq_modified_above() false: one thread).
 */
#ifndef KERNEL_CHECK_KSTUBS_NEWIDLE_H
#define KERNEL_CHECK_KSTUBS_NEWIDLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint64_t u64;
typedef int64_t s64;
typedef uint32_t u32;

#define HZ 250
#define READ_ONCE(x) (x)
#define WRITE_ONCE(x, v) ((x) = (v))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#undef __always_inline
#define __always_inline inline __attribute__((always_inline))
#define __latent_entropy
#define __rcu
#define const_debug static /* sysctl_sched_migration_cost: this unit's own */
#define __read_mostly static /* 7.3's */
#define __must_hold(x)
#define SCHED_WARN_ON(x) ((void)(x))
#define WARN_ON_ONCE(x) ((void)(x))
#define BIT(n) (1UL << (n))
#define min(a, b) ({ __auto_type mn_a_ = (a); __auto_type mn_b_ = (b); mn_a_ < mn_b_ ? mn_a_ : mn_b_; })
#define max(a, b) ({ __auto_type mx_a_ = (a); __auto_type mx_b_ = (b); mx_a_ > mx_b_ ? mx_a_ : mx_b_; })
#define max_t(t, a, b) ({ t mx_a_ = (a); t mx_b_ = (b); mx_a_ > mx_b_ ? mx_a_ : mx_b_; })
#define clamp(v, lo, hi) min(max(v, lo), hi)
/* include/linux/jiffies.h, on 64 bits */
#define time_after(a, b) ((long)((b) - (a)) < 0)
#define time_before(a, b) time_after(b, a)
#define time_after_eq(a, b) ((long)((a) - (b)) >= 0)
/* kernel/time's msecs_to_jiffies() where HZ divides 1000 */
#define msecs_to_jiffies(m) (((m) + (1000 / HZ) - 1) / (1000 / HZ))

/* locks, RCU, lockdep: one thread */
#define rcu_read_lock() do { } while (0)
#define rcu_read_unlock() do { } while (0)
#define rcu_dereference(p) (p)
#define rcu_dereference_check(p, c) (p)
#define rcu_dereference_all(p) (p)
#define rcu_dereference_all_check(p, c) (p)
#define lockdep_assert_irqs_disabled() do { } while (0)
#define lockdep_is_held(l) 1
#define lockdep_assert_rq_held(rq) do { } while (0)
#define assert_clock_updated(rq) do { } while (0)
#define rq_unpin_lock(rq, rf) do { } while (0)
#define rq_repin_lock(rq, rf) do { } while (0)
#define raw_spin_rq_lock(rq) do { } while (0)
#define raw_spin_rq_unlock(rq) do { } while (0)
#define delayacct_blkio_end(p) do { } while (0)
static int sched_domains_mutex;

typedef struct { int counter; } atomic_t;
#define atomic_read(a) ((a)->counter)
#define atomic_inc(a) ((void)((a)->counter++))
#define atomic_dec(a) ((void)((a)->counter--))
#define atomic_or(i, a) ((void)((a)->counter |= (i)))
static inline int atomic_fetch_or(int i, atomic_t *a)
{
	int old = a->counter;

	a->counter |= i;
	return old;
}
static inline int atomic_cmpxchg_acquire(atomic_t *a, int old, int new)
{
	int cur = a->counter;

	if (cur == old)
		a->counter = new;
	return cur;
}
#define atomic_set_release(a, i) ((void)((a)->counter = (i)))
#define smp_mb__after_atomic() do { } while (0)

/* cpumasks: one word, KC_MAX_CPUS CPUs */
#define NR_CPUS 8
struct cpumask { unsigned long bits; };
typedef struct cpumask cpumask_var_t[1];
#define cpumask_clear_cpu(c, m) ((m)->bits &= ~(1UL << (c)))
#define cpumask_set_cpu(c, m) ((m)->bits |= 1UL << (c))
#define for_each_cpu_and(i, a, b)                                                         \
	for ((i) = 0; (i) < NR_CPUS; (i)++)                                               \
		if (!(((a)->bits & (b)->bits) >> (i) & 1)) {} else
/* 7.3's find_new_ilb(): the mask it walks is written as it goes */
#define for_each_cpu(i, m)                                                                \
	for ((i) = 0; (i) < NR_CPUS; (i)++)                                               \
		if (!((m)->bits >> (i) & 1)) {} else
#define cpumask_and(d, a, b) ((d)->bits = (a)->bits & (b)->bits)
#define cpumask_andnot(d, a, b) ((d)->bits = (a)->bits & ~(b)->bits)
#define cpumask_empty(m) (!(m)->bits)
static struct cpumask kc_ni_select_rq_mask, kc_ni_smt_mask;
#define this_cpu_cpumask_var_ptr(v) (&kc_ni_##v)
#define sched_smt_active() false
#define cpu_smt_mask(c) ((void)(c), &kc_ni_smt_mask)
enum hk_type { HK_TYPE_MISC, HK_TYPE_SCHED, HK_TYPE_KERNEL_NOISE, HK_TYPE_TICK };
static struct cpumask kc_ni_all_cpus;
#define housekeeping_cpumask(t) (&kc_ni_all_cpus)
#define housekeeping_cpu(c, t) true
#define cpu_active(c) true
static int kc_ni_this_cpu;
#define smp_processor_id() kc_ni_this_cpu

/* include/linux/sched/idle.h */
#ifdef KC_LINUX_6_1
enum cpu_idle_type { CPU_IDLE, CPU_NOT_IDLE, CPU_NEWLY_IDLE, CPU_MAX_IDLE_TYPES };
#define __CPU_NOT_IDLE CPU_NOT_IDLE
#else
enum cpu_idle_type { __CPU_NOT_IDLE = 0, CPU_IDLE, CPU_NEWLY_IDLE, CPU_MAX_IDLE_TYPES };
#endif
/* include/linux/sched/sd_flags.h: the two flags the cut code tests (values of our own) */
#define SD_BALANCE_NEWIDLE 0x1
#define SD_SERIALIZE 0x400

/* features (kernel/sched/features.h): NI_RANDOM off, see above */
#define sched_feat(x) (kc_ni_feat_##x)
#define kc_ni_feat_NI_RANDOM 0
#define kc_ni_feat_NI_RATE 1
#define kc_ni_feat_LATENCY_WARN 0
static u32 sched_rng(void);

struct sched_domain_shared {
	atomic_t nr_busy_cpus;
};
struct sched_domain {
	struct sched_domain *parent;
	int flags;
	unsigned long last_balance;
	unsigned int balance_interval;
	unsigned int busy_factor;
	unsigned int imbalance_pct;
	int nohz_idle;
	unsigned int newidle_call, newidle_success, newidle_ratio;
	u64 max_newidle_lb_cost;
	unsigned long last_decay_max_lb_cost;
	u64 newidle_stamp; /* 7.3's NI_RATE */
	struct sched_domain_shared *shared;
	struct cpumask span;
};
#define sched_domain_span(sd) (&(sd)->span)

struct root_domain {
	int overloaded;
#ifdef KC_LINUX_6_1
	int overload;                   /* 6.1's rd->overloaded */
	unsigned long max_cpu_capacity; /* 6.1's check_misfit_status() */
#endif
};
struct cfs_rq {
	unsigned int h_nr_queued;
	unsigned int h_nr_running;  /* 6.1's h_nr_queued (no delayed tasks) */
	unsigned int h_nr_runnable; /* 7.3's nohz_balancer_kick(): h_nr_queued less the delayed */
};
struct sched_class;
struct task_struct {
	const struct sched_class *sched_class;
	unsigned int flags;
	int sched_contributes_to_load;
	int in_iowait;
	int nr_cpus_allowed;
	unsigned long max_allowed_capacity;
	unsigned int __state; /* 6.1's ttwu_do_wakeup() */
};
struct call_single_data { int unused; };
struct rq {
	int cpu;
	struct task_struct *curr;
	struct task_struct *donor;                   /* 7.3's sched_tick() */
	unsigned int nohz_idle_balance;
	unsigned int nr_running;
	unsigned int ttwu_pending;
	unsigned int nr_uninterruptible;
	atomic_t nr_iowait;
	struct cfs_rq cfs;
	u64 clock;
	u64 idle_stamp;
	u64 avg_idle;
	u64 max_idle_balance_cost;
	unsigned long next_balance;
	unsigned long misfit_task_load;
	unsigned long cpu_capacity;
	unsigned long cpu_capacity_orig;             /* 6.1 */
	unsigned long wake_stamp;                    /* 6.1's ttwu_do_wakeup() */
	u64 wake_avg_idle;
	int idle_balance;
	unsigned int nohz_tick_stopped;
	atomic_t nohz_flags;
	struct call_single_data nohz_csd;
	struct sched_domain *sd;
	struct root_domain *rd;
};
struct rq_flags { int unused; };
struct sched_class {
	void (*task_woken)(struct rq *rq, struct task_struct *p);
	void (*task_tick)(struct rq *rq, struct task_struct *p, int queued);
};

static struct rq kc_ni_rq[NR_CPUS];
#define cpu_rq(cpu) (&kc_ni_rq[cpu])
#define this_rq() cpu_rq(smp_processor_id())
#define task_rq(p) cpu_rq(0)
static inline int cpu_of(struct rq *rq)
{
	return rq->cpu;
}
/* per-CPU pointers */
static struct sched_domain *kc_ni_sd_llc[NR_CPUS], *kc_ni_sd_asym_packing[NR_CPUS],
	*kc_ni_sd_asym_cpucapacity[NR_CPUS];
static struct sched_domain_shared *kc_ni_sd_llc_shared[NR_CPUS];
static struct sched_domain_shared *kc_ni_sd_balance_shared[NR_CPUS]; /* 7.3's */
#define per_cpu(var, cpu) (kc_ni_##var[cpu])
static bool kc_ni_asym_active;
#define static_branch_unlikely(k) (*(k))
#define sched_asym_cpucapacity kc_ni_asym_active
static unsigned long kc_ni_arch_cap[NR_CPUS];
#define arch_scale_cpu_capacity(cpu) (kc_ni_arch_cap[cpu])

/* nohz's state (fair.c's anonymous struct, the fields the cut code reads) */
struct kc_ni_nohz {
	struct cpumask idle_cpus_mask[1];
#ifdef KC_LINUX_7_3
	int has_blocked_load;
#else
	atomic_t nr_cpus;
	int has_blocked;
#endif
	int needs_update;
	unsigned long next_balance;
	unsigned long next_blocked;
};
static struct kc_ni_nohz nohz;
static unsigned long jiffies;
static unsigned long max_load_balance_interval;
static atomic_t sched_balance_running;

/* the stubs of kernel_side_newidle.c (see above) */
static int sched_balance_rq(int this_cpu, struct rq *this_rq, struct sched_domain *sd,
		     enum cpu_idle_type idle, int *continue_balancing);
static void sched_balance_update_blocked_averages(int cpu);
static u64 sched_clock_cpu(int cpu);
#define sched_clock() sched_clock_cpu(0)
static int idle_cpu(int cpu);
static int sched_idle_cpu(int cpu);
/* 7.3's */
static void __sched_balance_update_blocked_averages(struct rq *rq);
static int sched_idle_rq(struct rq *rq);
static const struct sched_class fair_sched_class;
#define rq_modified_begin(rq, class) ((void)(rq), (void)(class))
#define rq_modified_above(rq, class) ((void)(rq), (void)(class), false)
/* no SMT (sched_smt_active() false): never called */
static bool is_core_idle(int cpu);
static void activate_task(struct rq *rq, struct task_struct *p, int flags);
static void wakeup_preempt(struct rq *rq, struct task_struct *p, int flags);
#ifndef KC_LINUX_6_1
static void ttwu_do_wakeup(struct task_struct *p);
#endif
static int smp_call_function_single_async(int cpu, struct call_single_data *csd);
/* update_misfit_status(NULL, rq) returns before these; never called */
static int task_fits_cpu(struct task_struct *p, int cpu);
static unsigned long task_h_load(struct task_struct *p);
/* no SD_ASYM_PACKING domain: never called */
static bool sched_asym(struct sched_domain *sd, int dst_cpu, int src_cpu);
#ifdef KC_LINUX_6_1
/* 6.1's names of the stubs; rebalance_domains()' SD_SERIALIZE lock (fair.c's static
 * DEFINE_SPINLOCK(balancing)) always taken: one thread; its no-ILB answer is nr_cpu_ids */
#define load_balance sched_balance_rq
#define update_blocked_averages sched_balance_update_blocked_averages
static int balancing;
#define spin_trylock(l) ((void)(l), 1)
#define spin_unlock(l) ((void)(l))
#define nr_cpu_ids NR_CPUS
#define sched_asym_prefer(a, b) sched_asym(NULL, a, b)
/* ttwu_do_wakeup()'s preemption and tracing: group check_preempt_wakeup_fair's */
#define check_preempt_curr(rq, p, flags) ((void)(rq), (void)(p), (void)(flags))
#define trace_sched_wakeup(p) ((void)(p))
#define TASK_RUNNING 0
#endif

/* sched_tick() (group sched_tick_idle): what it calls beyond the balance, see above */
#define PF_WQ_WORKER 0x00000020
#define SCHED_SOFTIRQ 7
#define rcu_dereference_sched(p) (p)
#define arch_scale_freq_tick() do { } while (0)
#define sched_clock_tick() do { } while (0)
#define rq_lock(rq, rf) do { } while (0)
#define rq_unlock(rq, rf) do { } while (0)
#define psi_account_irqtime(rq, curr, prev) do { } while (0)
#define arch_scale_hw_pressure(cpu) 0UL
#define rq_clock_task(rq) ((rq)->clock)
#define cpu_resched_latency(rq) 0ULL
#define resched_latency_warn(cpu, latency) do { } while (0)
#define calc_global_load_tick(rq) do { } while (0)
#define sched_core_tick(rq) do { } while (0)
#define task_tick_mm_cid(rq, curr) do { } while (0)
#define scx_tick(rq) do { } while (0)
#define perf_event_task_tick() do { } while (0)
#define wq_worker_tick(curr) do { } while (0)
#define scx_switched_all() false
static void update_rq_clock(struct rq *rq);
static int update_hw_load_avg(u64 now, struct rq *rq, u64 capacity);
static void raise_softirq(unsigned int nr);
static void _nohz_idle_balance(struct rq *this_rq, unsigned int flags);
#ifdef KC_LINUX_6_1
/* 6.1's scheduler_tick(): the thermal pressure's names for the hw pressure's (stubs above);
 * run_rebalance_domains() takes the softirq_action, which it does not read */
#define arch_scale_thermal_pressure arch_scale_hw_pressure
#define rq_clock_thermal rq_clock_task
#define update_thermal_load_avg update_hw_load_avg
struct softirq_action;
#endif
#ifdef KC_LINUX_7_3
/* 7.3's sched_tick(): the lazy preemption off (dynamic_preempt_lazy() false), curr the donor
 * (no proxy execution, kside_sched_tick_idle()) */
#define dynamic_preempt_lazy() false
#define tif_test_bit(bit) false
#define resched_curr(rq) ((void)(rq))
#endif

#endif /* KERNEL_CHECK_KSTUBS_NEWIDLE_H */
