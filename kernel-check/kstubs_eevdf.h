/* SPDX-License-Identifier: MIT */
/*
 * kstubs_eevdf.h - just enough of the kernel for group eevdf's cut functions
 * (functions_eevdf.txt: the fair class's EEVDF, the augmented rbtree, ttwu_runnable()) to
 * compile and run in userspace, in a translation unit of their own (kernel_side_eevdf.c), so
 * that their struct sched_entity / cfs_rq / rq never meet kstubs.h's. One CPU, one cfs_rq,
 * no group scheduling, no bandwidth control, no schedstats. Deliberate choices:
 *   - the PELT and statistics work of the cut functions (update_load_avg(), update_stats_*,
 *     update_cfs_group(), account_cfs_rq_runtime(), dl_server, hrtick) does nothing: group
 *     util_est and pelt check it; here only the EEVDF state is compared;
 *   - resched_curr() sets kc_need_resched (test_tsk_need_resched() reads it), and the driver
 *     reschedules at once after each operation that set it;
 *   - enqueue_task() is enqueue_task_fair()'s one-level body for a task: requeue_delayed_entity()
 *     for ENQUEUE_DELAYED, else enqueue_entity() with the h_nr counts (its util_est, cpufreq,
 *     dl_server and overutilized work left out); wakeup_preempt() is core.c's for a fair curr;
 *   - the scheduler features are 6.12's defaults (kernel/sched/features.h).
 */
#ifndef KERNEL_CHECK_KSTUBS_EEVDF_H
#define KERNEL_CHECK_KSTUBS_EEVDF_H

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
#define SCHED_WARN_ON(x) ((void)(x))
#define WARN_ON_ONCE(x) (!!(x))
#define EXPORT_SYMBOL(x)
#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))
#define min(a, b) ({ __auto_type a_ = (a); __auto_type b_ = (b); a_ < b_ ? a_ : b_; })
#define max(a, b) ({ __auto_type a_ = (a); __auto_type b_ = (b); a_ > b_ ? a_ : b_; })
#define max_t(t, a, b) ({ t a_ = (a); t b_ = (b); a_ > b_ ? a_ : b_; })
#define clamp(v, lo, hi) min(max(v, lo), hi)
static inline int fls(unsigned int x)
{
	return x ? 32 - __builtin_clz(x) : 0;
}
#define BITS_PER_LONG 64
#define SCHED_FIXEDPOINT_SHIFT 10
#define TICK_NSEC kc_eevdf_tick_nsec

#include "kstubs_rbtree.h"

/* the scheduler's (kernel/sched/sched.h, include/linux/sched.h: the fields the cut code uses) */
#define SCHED_NORMAL 0
#define SCHED_BATCH 3
#define SCHED_IDLE 5
struct load_weight {
	unsigned long weight;
	u32 inv_weight;
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
};
struct task_struct {
	int on_rq;
	int policy;
	unsigned int __state;
	struct sched_entity se;
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
};
struct rq {
	unsigned int nr_running;
	u64 clock_task;
	struct cfs_rq cfs;
	struct task_struct *curr;
	struct task_struct *idle;
	struct list_head cfs_tasks;
	unsigned long next_balance;
	int fair_server;
};
struct rq_flags {
	int unused;
};
extern struct rq kc_eevdf_rq;
extern u64 kc_eevdf_tick_nsec;
extern unsigned int sysctl_sched_base_slice;
extern bool kc_need_resched;
extern unsigned long jiffies;
#define task_rq(p) (&kc_eevdf_rq)
#define rq_of(cfs_rq) (&kc_eevdf_rq)
#define rq_clock_task(rq) ((rq)->clock_task)
#define TASK_ON_RQ_QUEUED 1
#define TASK_ON_RQ_MIGRATING 2
#define TASK_RUNNING 0
#define task_on_rq_queued(p) ((p)->on_rq == TASK_ON_RQ_QUEUED)
#define task_on_rq_migrating(p) ((p)->on_rq == TASK_ON_RQ_MIGRATING)
#define task_on_cpu(rq, p) ((rq)->curr == (p))
#define ENQUEUE_NOCLOCK 0x08

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

/* the work that is not EEVDF's (see the top of this file) */
#define UPDATE_TG 0x1
#define SKIP_AGE_LOAD 0x0
#define DO_ATTACH 0x0
#define DO_DETACH 0x0
#define update_load_avg(cfs_rq, se, flags) do { } while (0)
#define update_cfs_group(se) do { } while (0)
#define update_stats_enqueue_fair(cfs_rq, se, flags) do { } while (0)
#define update_stats_dequeue_fair(cfs_rq, se, flags) do { } while (0)
#define update_stats_wait_start_fair(cfs_rq, se) do { } while (0)
#define update_stats_wait_end_fair(cfs_rq, se) do { } while (0)
#define check_schedstat_required() do { } while (0)
#define schedstat_enabled() 0
#define __schedstats_from_se(se) ((void *)0)
#define __schedstat_set(var, val) do { } while (0)
#define update_curr_task(p, delta) do { } while (0)
#define dl_server_active(s) 0
#define dl_server_update(s, d) do { } while (0)
#define account_cfs_rq_runtime(cfs_rq, d) do { } while (0)
#define return_cfs_rq_runtime(cfs_rq) do { } while (0)
#define check_cfs_rq_runtime(cfs_rq) 0
#define check_enqueue_throttle(cfs_rq) do { } while (0)
#define cfs_rq_throttled(cfs_rq) 0
#define throttled_hierarchy(cfs_rq) 0
#define list_add_leaf_cfs_rq(cfs_rq) do { } while (0)
#define update_idle_cfs_rq_clock_pelt(cfs_rq) do { } while (0)
#define account_numa_enqueue(rq, p) do { } while (0)
#define account_numa_dequeue(rq, p) do { } while (0)
#define list_add(n, h) do { } while (0)
#define list_del_init(n) do { } while (0)
#define hrtick_update(rq) do { } while (0)
#define rq_clock_skip_update(rq) do { } while (0)
#define update_rq_clock(rq) do { } while (0)
#define sub_nr_running(rq, n) ((rq)->nr_running -= (n))
#define resched_curr(rq) (kc_need_resched = true)
#define test_tsk_need_resched(p) (kc_need_resched)
#define set_next_buddy(se) do { } while (0)
#define __task_rq_lock(p, rf) (&kc_eevdf_rq)
#define __task_rq_unlock(rq, rf) do { } while (0)
#define ttwu_do_wakeup(p) ((p)->__state = TASK_RUNNING)
/* __block_task(): no longer on the runqueue */
#define __block_task(rq, p) ((p)->on_rq = 0)

/* names the cut code uses as values, not calls (extract.py renames calls only) */
#define __entity_less k___entity_less
static inline void min_vruntime_cb_propagate(struct rb_node *rb, struct rb_node *stop);

struct task_struct;
static void enqueue_task(struct rq *rq, struct task_struct *p, int flags);
static void wakeup_preempt(struct rq *rq, struct task_struct *p, int flags);

#endif /* KERNEL_CHECK_KSTUBS_EEVDF_H */
