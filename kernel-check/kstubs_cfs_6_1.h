/* SPDX-License-Identifier: MIT */
/*
 * kstubs_cfs_6_1.h - just enough of the kernel for group cfs_6_1's cut functions
 * (functions_cfs_6_1.txt: 6.1's CFS and the rbtree) to compile and run in userspace, in a
 * translation unit of their own (kernel_side_cfs_6_1.c). One CPU, one cfs_rq, no bandwidth
 * control, no schedstats. Deliberate choices:
 *   - the PELT and statistics work of the cut functions (update_load_avg(), update_stats_*,
 *     check_spread(), update_cfs_group(), account_cfs_rq_runtime()) does nothing: only the CFS
 *     state is compared;
 *   - se_is_idle() is FAIR_GROUP_SCHED's for a task entity (task_has_idle_policy()), as
 *     Android's GKI and Debian build 6.1 (kconfig, which has no group scheduling, would cut the
 *     stub that returns 0); the hierarchy is flat otherwise (for_each_sched_entity() one level);
 *   - resched_curr() sets kc61_need_resched (test_tsk_need_resched() reads it);
 *   - the scheduler features are 6.1's defaults (kernel/sched/features.h).
 */
#ifndef KERNEL_CHECK_KSTUBS_CFS_6_1_H
#define KERNEL_CHECK_KSTUBS_CFS_6_1_H

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
#define SCHED_WARN_ON(x) (!!(x))
#define WARN_ON_ONCE(x) (!!(x))
#define EXPORT_SYMBOL(x)
#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))
#define max(a, b) ({ __auto_type a_ = (a); __auto_type b_ = (b); a_ > b_ ? a_ : b_; })
#define min_t(t, a, b) ({ t a_ = (a); t b_ = (b); a_ < b_ ? a_ : b_; })
#define max_t(t, a, b) ({ t a_ = (a); t b_ = (b); a_ > b_ ? a_ : b_; })
#define ilog2(n) (63 - __builtin_clzll((unsigned long long)(n)))
#define swap(a, b) do { __auto_type t_ = (a); (a) = (b); (b) = t_; } while (0)
static inline int fls(unsigned int x)
{
	return x ? 32 - __builtin_clz(x) : 0;
}
#define BITS_PER_LONG 64
#define SCHED_FIXEDPOINT_SHIFT 10
#define u64_u32_store(var, val) ((var) = (val))
#define u64_u32_load(var) (var)

#include "kstubs_rbtree.h"

/* the scheduler's (kernel/sched/sched.h, include/linux/sched.h: the fields the cut code uses) */
#define SCHED_NORMAL 0
#define SCHED_BATCH 3
#define SCHED_IDLE 5
#define SCHED_TUNABLESCALING_NONE 0
#define SCHED_TUNABLESCALING_LOG 1
#define SCHED_TUNABLESCALING_LINEAR 2
struct load_weight {
	unsigned long weight;
	u32 inv_weight;
};
struct sched_entity {
	struct load_weight load;
	struct rb_node run_node;
	struct list_head group_node;
	unsigned int on_rq;
	u64 exec_start;
	u64 sum_exec_runtime;
	u64 vruntime;
	u64 prev_sum_exec_runtime;
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
	unsigned int h_nr_running;
	unsigned int idle_nr_running;
	unsigned int idle_h_nr_running;
	u64 min_vruntime;
	struct rb_root_cached tasks_timeline;
	struct sched_entity *curr;
	struct sched_entity *next;
	struct sched_entity *last;
	struct sched_entity *skip;
};
struct rq {
	unsigned int nr_running;
	u64 clock_task;
	struct cfs_rq cfs;
	struct task_struct *curr;
	struct task_struct *idle;
	struct list_head cfs_tasks;
};
extern struct rq kc61_rq;
extern bool kc61_need_resched;
extern unsigned int kc61_online_cpus;
extern unsigned int sysctl_sched_latency, normalized_sysctl_sched_latency;
extern unsigned int sysctl_sched_min_granularity, normalized_sysctl_sched_min_granularity;
extern unsigned int sysctl_sched_idle_min_granularity, sched_nr_latency;
extern unsigned int sysctl_sched_wakeup_granularity, normalized_sysctl_sched_wakeup_granularity;
extern unsigned int sysctl_sched_tunable_scaling;
#define num_online_cpus() kc61_online_cpus
#define task_rq(p) (&kc61_rq)
#define rq_of(cfs_rq) (&kc61_rq)
#define rq_clock_task(rq) ((rq)->clock_task)
#define TASK_ON_RQ_QUEUED 1
#define TASK_ON_RQ_MIGRATING 2
#define task_on_rq_migrating(p) ((p)->on_rq == TASK_ON_RQ_MIGRATING)
#define ENQUEUE_NOCLOCK 0x08

/* 6.1's scheduler features (kernel/sched/features.h) */
#define sched_feat(x) (kc61_feat_##x)
#define kc61_feat_GENTLE_FAIR_SLEEPERS 1
#define kc61_feat_START_DEBIT 1
#define kc61_feat_NEXT_BUDDY 0
#define kc61_feat_LAST_BUDDY 1
#define kc61_feat_WAKEUP_PREEMPTION 1
#define kc61_feat_ALT_PERIOD 1
#define kc61_feat_BASE_SLICE 1

/* FAIR_GROUP_SCHED's se_is_idle() for a task entity (see the top of this file) */
#define se_is_idle(se) k_task_has_idle_policy(k_task_of(se))

/* the work that is not CFS's (see the top of this file) */
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
#define check_spread(cfs_rq, se) do { } while (0)
#define schedstat_enabled() 0
#define schedstat_add(var, val) do { } while (0)
#define __schedstats_from_se(se) ((void *)0)
#define __schedstat_set(var, val) do { } while (0)
#define trace_sched_stat_runtime(p, d, v) do { } while (0)
#define cgroup_account_cputime(p, d) do { } while (0)
#define account_group_exec_runtime(p, d) do { } while (0)
#define account_cfs_rq_runtime(cfs_rq, d) do { } while (0)
#define return_cfs_rq_runtime(cfs_rq) do { } while (0)
#define check_cfs_rq_runtime(cfs_rq) 0
#define check_enqueue_throttle(cfs_rq) do { } while (0)
#define throttled_hierarchy(cfs_rq) 0
#define list_add_leaf_cfs_rq(cfs_rq) do { } while (0)
#define update_idle_cfs_rq_clock_pelt(cfs_rq) do { } while (0)
#define account_numa_enqueue(rq, p) do { } while (0)
#define account_numa_dequeue(rq, p) do { } while (0)
#define list_add(n, h) do { } while (0)
#define list_del_init(n) do { } while (0)
#define rq_clock_skip_update(rq) do { } while (0)
#define update_rq_clock(rq) do { } while (0)
#define resched_curr(rq) (kc61_need_resched = true)
#define test_tsk_need_resched(p) (kc61_need_resched)

/* names the cut code uses as values, not calls (extract.py renames calls only) */
#define __entity_less k___entity_less
#define dummy_rotate k_dummy_rotate
#define dummy_propagate k_dummy_propagate
#define dummy_copy k_dummy_copy
#define dummy_callbacks k_dummy_callbacks

#endif /* KERNEL_CHECK_KSTUBS_CFS_6_1_H */
