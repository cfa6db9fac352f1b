/* SPDX-License-Identifier: MIT */
/*
 * load_balance.h - the decisions of the v6.12 fair-class load balance (kernel/sched/fair.c)
 * over one sched_domain, as pure functions of a per-CPU and per-group state:
 * should_we_balance(), update_sg_lb_stats() with group_classify(), update_sd_pick_busiest(),
 * sched_balance_find_src_group() with calculate_imbalance(), sched_balance_find_src_rq(),
 * can_migrate_task() with task_hot(), detach_tasks()' walk of cfs_tasks, need_active_balance(),
 * get_sd_balance_interval() and find_new_ilb(). They read each runqueue in place, as the
 * placement code does: its struct fair_cpu (the engine's rq->fc) through a struct fair_rd, and
 * idle_cpu() through the engine's accessor; the engine (src/sim/fair_balance.c) applies the
 * answers. arm64 has no SD_ASYM_PACKING, and there is no
 * NUMA and no cgroup hierarchy (task_h_load() is the task's load_avg). env->v6_1 selects 6.1.192's
 * balance (model_balance_6_1()): no SMT rules, the fully busy tie, the siblings' task
 * difference, find_busiest_queue()'s utilization, the last buddy. env->v7_3 selects what
 * 7.3.4 changed (model_balance_7_3()): update_sg_lb_stats()'s misfit load and group
 * overutilization, can_migrate_task()'s eligibility, sched_balance_find_src_rq()'s clusters;
 * CONFIG_SCHED_CACHE (LLC-aware balancing) is off.
 */
#ifndef CAPSIM_LOAD_BALANCE_H
#define CAPSIM_LOAD_BALANCE_H

#include <stdbool.h>
#include <stdint.h>

#include "capsim/capsim.h"
#include "model/fair.h"

/* enum group_type, in the kernel's order: a higher type is busier */
enum lb_group_type {
	group_has_spare,
	group_fully_busy,
	group_misfit_task,
	group_smt_balance,
	group_asym_packing,
	group_imbalanced,
	group_overloaded,
};

/* enum migration_type (migrate_load ..) */
enum lb_migration_type { LB_MIGRATE_LOAD, LB_MIGRATE_UTIL, LB_MIGRATE_TASK, LB_MIGRATE_MISFIT };

/* enum cpu_idle_type: env->idle is true for CPU_IDLE and CPU_NEWLY_IDLE */
enum lb_idle { LB_CPU_NOT_IDLE, LB_CPU_IDLE, LB_CPU_NEWLY_IDLE };

/* the env->flags bits (LBF_*) the decisions set */
enum {
	LBF_ALL_PINNED = 0x01,
	LBF_NEED_BREAK = 0x02,
	LBF_DST_PINNED = 0x04,
	LBF_SOME_PINNED = 0x08,
	LBF_ACTIVE_LB = 0x10,
};

/* sysctl_sched_nr_migrate and SCHED_NR_MIGRATE_BREAK without PREEMPT_RT */
#define LB_NR_MIGRATE 32

/* One sched_group of the domain (sgc: its sched_group_capacity). */
struct lb_group {
	capsim_cpumask span;      /* sched_group_span() = group_balance_mask() (no overlap) */
	unsigned weight;          /* sg->group_weight */
	uint32_t flags;           /* sg->flags: the child domain's flags */
	uint64_t capacity;        /* sgc->capacity */
	uint64_t min_capacity, max_capacity;
	bool imbalance;           /* sgc->imbalance: sg_imbalanced() */
};

struct lb_sd_stats;

/* The domain being balanced and the env of sched_balance_rq(). */
struct lb_env {
	uint32_t sd_flags;
	unsigned imbalance_pct;
	unsigned cache_nice_tries;
	unsigned nr_balance_failed;
	bool has_parent;           /* sd->parent: only the root level sets rd->overloaded */
	bool rd_overutilized;      /* is_rd_overutilized() */
	bool rd_has_pd;            /* rd->pd: EAS is on */
	bool v7_3;                 /* 7.3's balance (model_balance_7_3()) */
	bool v6_1;                 /* 6.1's balance (model_balance_6_1()) */
	bool cluster_active;       /* sched_cluster_active: a CPU has an SD_CLUSTER domain (7.3) */
	unsigned nr_cpus;
	int dst_cpu;
	enum lb_idle idle;
	capsim_cpumask cpus;       /* env->cpus: the domain's span, less all-pinned sources */
	/*
	 * The runqueues, read in place (cpu_rq()): per CPU its struct fair_cpu, @rd->cpus[cpu]
	 * (nr_running, cfs_nr as cfs.h_nr_runnable, cfs_delayed as cfs.h_nr_delayed, cfs_avg's
	 * load and runnable, capacity_of, arch_cap, misfit_task_load, ttwu_pending;
	 * cpu_util_cfs(), cpu_overutilized() from them), and idle_cpu(), which @idle_cpu answers
	 * from the engine's runqueues @rqs.
	 */
	const struct fair_rd *rd;
	bool (*idle_cpu)(const struct lb_env *env, int cpu);
	const void *rqs;
	/* the domain's @nr_groups groups, in place; sd->groups' ring starts at @local_group */
	const struct lb_group *groups;
	unsigned nr_groups;
	unsigned local_group;
	/*
	 * NULL, or the statistics of the child domain's pass of the same walk (struct
	 * lb_sd_stats), whose span is the local group's and whose CPUs nothing changed since:
	 * update_sd_lb_stats() takes the local group's sums from them (lb_update_sd_lb_stats())
	 */
	const struct lb_sd_stats *child;
	/* the caller reads the pass's sums (7.3's update_idle_cpu_scan() reads sum_util), so
	 * lb_find_src_group() computes them even where EAS keeps the domain balanced */
	bool sums_read;

	/* answers */
	enum lb_migration_type migration_type;
	int64_t imbalance;
	unsigned flags;           /* LBF_* */
};

/* struct sg_lb_stats */
struct lb_sg_stats {
	uint64_t avg_load, group_load, group_capacity, group_util, group_runnable;
	unsigned sum_nr_running, sum_h_nr_running, idle_cpus, group_weight;
	enum lb_group_type group_type;
	unsigned group_asym_packing, group_smt_balance;
	uint64_t group_misfit_task_load;
	/* 7.3's group_is_overloaded() test "sched_energy_enabled() && !sgs->group_overutilized":
	 * the group is not overloaded whatever its load (set by update_sg_wakeup_stats() only) */
	bool eas_not_overutilized;
};

/* struct sd_lb_stats: groups by index into env->groups, -1 none */
struct lb_sd_stats {
	int busiest, local;
	uint64_t total_load, total_capacity, avg_load;
	bool prefer_sibling;
	struct lb_sg_stats busiest_stat, local_stat;
	bool sg_overloaded, sg_overutilized; /* what update_sd_lb_stats() hands the root domain */
	uint64_t sum_util;                   /* the groups' group_util: update_idle_cpu_scan()'s */
	/* capsim: the groups' other sums (with total_load and sum_util), which a parent domain's
	 * pass takes as its local group's (lb_env's child); 0 without a parent (has_parent) */
	uint64_t sum_runnable;
	unsigned sum_h_nr_running, sum_nr_running, sum_idle_cpus;
	/* capsim: false when lb_find_src_group() knew the domain balanced without the statistics:
	 * only busiest and the two root-domain flags above are set */
	bool summed;
};

/**
 * lb_cfs_h_nr() - the fair tasks the balance counts on CPU @cpu of @env: 6.12.118's
 * cfs.h_nr_queued (its delayed entities in), 7.3's cfs.h_nr_runnable (model_balance_7_3()),
 * as update_sg_lb_stats(), sched_reduced_capacity(), sched_balance_find_src_rq() and
 * need_active_balance() read it. Return: that count.
 */
unsigned lb_cfs_h_nr(const struct lb_env *env, unsigned cpu);

/** lb_capacity_greater() - capacity_greater(): @a is about 5% above @b. Return: that. */
bool lb_capacity_greater(uint64_t a, uint64_t b);

/**
 * lb_check_cpu_capacity() - check_cpu_capacity(): RT, IRQ or pressure took a noticeable part
 * of CPU @c (@imbalance_pct of its domain). Return: that.
 */
bool lb_check_cpu_capacity(const struct fair_cpu *c, unsigned imbalance_pct);

/**
 * lb_should_we_balance() - should_we_balance(): whether @env's dst_cpu is the CPU of its
 * group that balances this domain (the first idle one, else the group's first CPU; any
 * newly idle CPU with nothing queued). No SMT: every idle CPU is on an idle core.
 * Return: true if it balances.
 */
bool lb_should_we_balance(const struct lb_env *env);

/**
 * lb_group_classify() - group_classify() of @sgs for a group whose sgc->imbalance is
 * @sg_imbalanced. Return: its group type.
 */
enum lb_group_type lb_group_classify(unsigned imbalance_pct, bool sg_imbalanced,
				     const struct lb_sg_stats *sgs);

/**
 * lb_update_sg_lb_stats() - update_sg_lb_stats() of group @g of @env into @sgs; @local: it
 * is the local group. @sg_overloaded, @sg_overutilized are set, never cleared.
 */
void lb_update_sg_lb_stats(const struct lb_env *env, unsigned g, bool local,
			   struct lb_sg_stats *sgs, bool *sg_overloaded, bool *sg_overutilized);

/**
 * lb_update_sd_pick_busiest() - update_sd_pick_busiest(): group @g with @sgs is busier than
 * @sds's busiest so far. Return: true if it is.
 */
bool lb_update_sd_pick_busiest(const struct lb_env *env, const struct lb_sd_stats *sds,
			       unsigned g, const struct lb_sg_stats *sgs);

/**
 * lb_update_sd_lb_stats() - update_sd_lb_stats() into @sds (initialised here) without the
 * group capacity refresh, which the caller does first. With @env's child, the local group's
 * statistics are the child pass's sums (the same CPUs, unchanged), not read again.
 */
void lb_update_sd_lb_stats(const struct lb_env *env, struct lb_sd_stats *sds);

/**
 * update_idle_cpu_scan() - the nr_idle_scan a periodic balance of a domain of @span_weight
 * CPUs and @imbalance_pct leaves in its sched_domain_shared, from the groups' @sum_util: the
 * CPUs to scan falling as the square of the utilization, none from 100 / imbalance_pct of
 * capacity up. Mirrors update_idle_cpu_scan() of kernel/sched/fair.c (Linux 7.3) for SIS_UTIL.
 * Return: it.
 */
int update_idle_cpu_scan(unsigned span_weight, unsigned imbalance_pct, uint64_t sum_util);

/**
 * lb_root_domain_flags() - the tail of update_sd_lb_stats(): the root level sets
 * rd->overloaded and rd->overutilized from @sds, a lower level only sets the latter, and only
 * when one of its CPUs is overutilized. @overloaded, @overutilized: the flags, updated.
 */
void lb_root_domain_flags(const struct lb_env *env, const struct lb_sd_stats *sds,
			  bool *overloaded, bool *overutilized);

/**
 * lb_calculate_imbalance() - calculate_imbalance(): sets @env's migration_type and imbalance
 * from @sds (whose avg_load it may fill, as the kernel does).
 */
void lb_calculate_imbalance(struct lb_env *env, struct lb_sd_stats *sds);

/**
 * lb_find_src_group() - sched_balance_find_src_group(): the statistics (@sds, for the root
 * domain's flags), then the busiest group if there is an imbalance to fix, with @env's
 * migration_type and imbalance set. Where EAS keeps the domain balanced whatever the sums
 * (@sds->summed false), only the flags are found. Return: its index in @env->groups, or -1.
 */
int lb_find_src_group(struct lb_env *env, struct lb_sd_stats *sds);

/**
 * lb_find_src_rq() - sched_balance_find_src_rq(): the busiest runqueue of group @g.
 * Return: its CPU, or -1.
 */
int lb_find_src_rq(const struct lb_env *env, unsigned g);

/* What can_migrate_task() and detach_tasks() read of one task of the source's cfs_tasks. */
struct lb_task {
	capsim_cpumask allowed;   /* p->cpus_ptr */
	bool running;             /* task_on_cpu() */
	bool idle_policy;         /* task_has_idle_policy(): SCHED_IDLE */
	bool next_buddy;          /* cfs_rq->next */
	bool last_buddy;          /* cfs_rq->last (6.1's CFS; task_hot() reads it there) */
	uint64_t exec_start;      /* p->se.exec_start */
	uint64_t h_load;          /* task_h_load() */
	uint64_t util_est;        /* task_util_est() */
	bool fits_src;            /* task_fits_cpu(p, src_cpu) */
	bool ineligible;          /* task_is_ineligible_on_dst_cpu() (7.3): PLACE_LAG, tasks
				   * queued on dst_cpu, and !entity_eligible() on its runqueue */
	bool delayed;             /* se.sched_delayed (the engine lists none: rq_dequeue_delay()) */
};

/* The source runqueue of detach_tasks(). */
struct lb_src {
	int cpu;
	unsigned nr_running;
	uint64_t clock_task;      /* rq_clock_task() */
	bool dst_nr_running;      /* env->dst_rq->nr_running != 0 (CACHE_HOT_BUDDY) */
	capsim_cpumask dst_grpmask; /* env->dst_grpmask: the local group */
	int64_t migration_cost;   /* sysctl_sched_migration_cost, ns (-1: always hot) */
};

/**
 * lb_task_hot() - task_hot() of fair task @p on @src for @env. Return: 1 if cache hot.
 */
int lb_task_hot(const struct lb_env *env, const struct lb_src *src, const struct lb_task *p);

/**
 * lb_can_migrate_task() - can_migrate_task(): may @p move from @src to @env's dst_cpu; sets
 * LBF_SOME_PINNED, LBF_DST_PINNED (and *@new_dst_cpu) and clears LBF_ALL_PINNED as the kernel
 * does. Return: true if it may.
 */
bool lb_can_migrate_task(struct lb_env *env, const struct lb_src *src, const struct lb_task *p,
			 int *new_dst_cpu);

/**
 * lb_detach_tasks() - detach_tasks() over the @nr tasks @t of @src's cfs_tasks, @order[0] its
 * head (most recently run) to @order[nr-1] its tail: walks from the tail, moves the tasks it
 * passes over to the head, and detaches up to @env's imbalance. @order is left as the list
 * is after the walk (detached tasks removed), @loop as env->loop. @detached gets the detached
 * tasks' indices in detach order, *@passed how many times a task was passed over (moved to
 * the head). Return: how many were detached.
 */
unsigned lb_detach_tasks(struct lb_env *env, const struct lb_src *src, const struct lb_task *t,
			 unsigned *order, unsigned nr, unsigned loop_max, unsigned *loop,
			 unsigned *detached, unsigned *passed, int *new_dst_cpu);

/**
 * lb_need_active_balance() - need_active_balance() for a balance of @env from @src_cpu.
 * Return: true if the running task is to be pushed.
 */
bool lb_need_active_balance(const struct lb_env *env, int src_cpu);

/**
 * lb_balance_interval() - get_sd_balance_interval(): @interval_ms (sd->balance_interval)
 * times @busy_factor when @busy, in jiffies of @hz, less one when busy, clamped to
 * 1..@max_jiffies (max_load_balance_interval). Return: jiffies.
 */
uint64_t lb_balance_interval(uint64_t interval_ms, bool busy, unsigned busy_factor, unsigned hz,
			     uint64_t max_jiffies);

/**
 * lb_find_new_ilb() - find_new_ilb(): the first CPU of @idle_cpus_mask (every CPU a
 * housekeeping one) other than @this_cpu (6.12; -1 for 7.3, which skips none) that is idle
 * (@idle[cpu]), of @nr_cpus.
 * Return: that CPU, or -1.
 */
int lb_find_new_ilb(const capsim_cpumask *idle_cpus_mask, const bool *idle, unsigned nr_cpus,
		    int this_cpu);

#endif /* CAPSIM_LOAD_BALANCE_H */
