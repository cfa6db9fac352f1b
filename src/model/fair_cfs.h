/* SPDX-License-Identifier: MIT */
/*
 * fair_cfs.h - the Completely Fair Scheduler as kernel/sched/fair.c of linux-source-6.1
 * (6.1.192) runs it on one cfs_rq without group scheduling (the fair class the v6.1 model runs;
 * every other model runs EEVDF, model/fair_eevdf.h): vruntime and min_vruntime
 * (update_curr(), update_min_vruntime()), the period and the slice (__sched_period(),
 * sched_slice() with ALT_PERIOD and BASE_SLICE), place_entity() with GENTLE_FAIR_SLEEPERS and
 * START_DEBIT, check_preempt_tick(), wakeup_gran() / wakeup_preempt_entity() /
 * check_preempt_wakeup(), pick_next_entity() with the next, last and skip buddies, yield and
 * the vruntime renormalisation of a migration.
 *
 * Feature defaults are 6.1's kernel/sched/features.h: GENTLE_FAIR_SLEEPERS, START_DEBIT,
 * LAST_BUDDY, WAKEUP_PREEMPTION, ALT_PERIOD and BASE_SLICE on, NEXT_BUDDY off. The tunables are
 * update_sysctl()'s: sysctl_sched_latency 6 ms, sched_min_granularity 0.75 ms and
 * sched_wakeup_granularity 1 ms, each times 1 + ilog2(min(CPUs, 8)) (SCHED_TUNABLESCALING_LOG);
 * sched_nr_latency stays 8 and sched_idle_min_granularity 0.75 ms (neither is scaled at boot).
 *
 * The timeline (the kernel's tasks_timeline rbtree by vruntime) is a list in the rbtree's
 * in-order sequence: vruntime, then insertion (rb_add_cached() puts an equal key right of those
 * already there). The simulator (src/sim/fair_cfs.c) embeds one cfs_se per task and one
 * cfs_timeline per CPU; kernel-check (group cfs_6_1) drives the same functions against 6.1's.
 */
#ifndef CAPSIM_FAIR_CFS_H
#define CAPSIM_FAIR_CFS_H

#include <stdbool.h>
#include <stdint.h>

/* struct cfs_se - struct sched_entity, its CFS fields (kernel names). */
struct cfs_se {
	uint64_t vruntime;
	uint64_t sum_exec_runtime;
	uint64_t prev_sum_exec_runtime; /* sum_exec_runtime when it was last picked */
	uint64_t exec_start;            /* clock_task (ns) it was last charged up to; 0: migrated */
	uint64_t weight;                /* scale_load_down(load.weight) */
	bool on_rq;
	bool idle;                      /* se_is_idle(): SCHED_IDLE */
	bool migrated;                  /* ENQUEUE_MIGRATED at its next enqueue */
	bool relative;                  /* vruntime is relative to min_vruntime: dequeued without
					 * DEQUEUE_SLEEP, or migrated (capsim's record of it) */
	struct cfs_se *prev, *next;     /* the timeline (capsim) */
};

/* struct cfs_timeline - struct cfs_rq, its CFS fields, with 6.1's tunables for the run. */
struct cfs_timeline {
	uint64_t min_vruntime;
	uint64_t load_weight;     /* scale_load_down(load.weight): on_rq entities, curr included */
	unsigned nr_running;      /* on_rq entities, curr included (= rq->cfs.h_nr_running) */
	unsigned idle_nr_running; /* of them SCHED_IDLE */
	struct cfs_se *curr;
	struct cfs_se *first;     /* the leftmost queued entity */
	struct cfs_se *next_buddy, *last_buddy, *skip_buddy; /* cfs_rq->next, ->last, ->skip */
	uint64_t latency;         /* sysctl_sched_latency, ns */
	uint64_t min_granularity; /* sysctl_sched_min_granularity */
	uint64_t wakeup_granularity; /* sysctl_sched_wakeup_granularity */
	uint64_t idle_min_granularity; /* sysctl_sched_idle_min_granularity */
	unsigned nr_latency;      /* sched_nr_latency */
};

/* enqueue flags (their meaning, not kernel/sched/sched.h's values) */
#define CFS_ENQUEUE_WAKEUP  0x1u /* ENQUEUE_WAKEUP: place_entity() with the sleeper credit */
#define CFS_ENQUEUE_INITIAL 0x2u /* wake_up_new_task() after task_fork_fair(): START_DEBIT */

/* check_preempt_wakeup()'s policy of the two tasks */
#define CFS_WAKE_CURR_IDLE 0x1u /* curr is SCHED_IDLE */
#define CFS_WAKE_P_IDLE    0x2u /* the wakee is SCHED_IDLE */
#define CFS_WAKE_P_NORMAL  0x4u /* the wakee is SCHED_NORMAL (BATCH and IDLE never preempt) */

/**
 * cfs_timeline_init() - an empty cfs_rq as init_cfs_rq() leaves it, with the tunables that
 * update_sysctl() sets for @ncpus online CPUs (get_update_sysctl_factor()).
 */
void cfs_timeline_init(struct cfs_timeline *rq, unsigned ncpus);

/**
 * cfs_calc_delta() - @delta x @weight / @lw_weight as the kernel computes it, through a 32-bit
 * inverse of @lw_weight (__update_inv_weight()). Mirrors __calc_delta().
 */
uint64_t cfs_calc_delta(uint64_t delta, uint64_t weight, uint64_t lw_weight);

/** cfs_calc_delta_fair() - @delta x NICE_0_LOAD / @se's weight. Mirrors calc_delta_fair(). */
uint64_t cfs_calc_delta_fair(uint64_t delta, const struct cfs_se *se);

/**
 * cfs_sched_slice() - the wall-time slice of @se: the period (sched_nr_latency tasks within
 * sysctl_sched_latency, then sched_min_granularity each), its share by weight, at least the
 * minimum granularity; @se not queued counts as if it were. Mirrors sched_slice().
 */
uint64_t cfs_sched_slice(const struct cfs_timeline *rq, const struct cfs_se *se);

/** cfs_update_min_vruntime() - mirrors update_min_vruntime(): never backwards. */
void cfs_update_min_vruntime(struct cfs_timeline *rq);

/**
 * cfs_update_curr() - charge curr for the time from its exec_start to @now (ns, clock_task):
 * sum_exec_runtime, vruntime, then min_vruntime. Mirrors update_curr().
 */
void cfs_update_curr(struct cfs_timeline *rq, uint64_t now);

/**
 * cfs_place_entity() - the vruntime @se is given at a wake-up (@initial false: at most half a
 * latency before min_vruntime, never before its own) or at fork (@initial: a slice after
 * min_vruntime). @now is clock_task, for entity_is_long_sleeper(). Mirrors place_entity().
 */
void cfs_place_entity(struct cfs_timeline *rq, struct cfs_se *se, bool initial, uint64_t now);

/**
 * cfs_enqueue() - mirrors enqueue_entity() (its update_curr() included) with @flags
 * CFS_ENQUEUE_*: the renormalisation of a relative vruntime (not a wake-up, or a migrated
 * one), placement, then the timeline unless @se is curr. A CFS_ENQUEUE_INITIAL entity is
 * forked here first (task_fork_fair() with no parent: vruntime from min_vruntime).
 */
void cfs_enqueue(struct cfs_timeline *rq, struct cfs_se *se, unsigned flags, uint64_t now);

/**
 * cfs_dequeue() - mirrors dequeue_entity() (its update_curr() included): buddies cleared, out
 * of the timeline, vruntime made relative unless @sleep, then update_min_vruntime().
 */
void cfs_dequeue(struct cfs_timeline *rq, struct cfs_se *se, bool sleep, uint64_t now);

/**
 * cfs_migrate() - @se leaves @rq for another CPU, where it is enqueued with ENQUEUE_MIGRATED: a
 * waking (blocked) one's absolute vruntime becomes relative to @rq's min_vruntime (a queued
 * one's became so at its dequeue). Mirrors migrate_task_rq_fair()'s TASK_WAKING part.
 */
void cfs_migrate(const struct cfs_timeline *rq, struct cfs_se *se);

/**
 * cfs_check_preempt_tick() - at a tick with more than one entity queued: whether curr has run
 * its slice, or has run at least the minimum granularity and is more than a slice of vruntime
 * ahead of the leftmost. Mirrors check_preempt_tick() (buddies cleared on a slice end).
 * Return: true to reschedule.
 */
bool cfs_check_preempt_tick(struct cfs_timeline *rq);

/** cfs_wakeup_gran() - sysctl_sched_wakeup_granularity in @se's vruntime. Mirrors wakeup_gran(). */
uint64_t cfs_wakeup_gran(const struct cfs_timeline *rq, const struct cfs_se *se);

/**
 * cfs_wakeup_preempt_entity() - should @se preempt @curr: -1 if @curr's vruntime is not above
 * @se's, 1 if it is more than wakeup_gran(@se) above, else 0. Mirrors wakeup_preempt_entity().
 */
int cfs_wakeup_preempt_entity(const struct cfs_timeline *rq, const struct cfs_se *curr,
			      const struct cfs_se *se);

/**
 * cfs_check_preempt_wakeup() - whether the woken, queued @pse preempts curr at @now (@policy:
 * CFS_WAKE_*), for a curr with no reschedule pending; sets the next buddy (and the last one, with
 * sched_nr_latency tasks queued) as the kernel does. Mirrors check_preempt_wakeup().
 * Return: true to reschedule.
 */
bool cfs_check_preempt_wakeup(struct cfs_timeline *rq, struct cfs_se *pse, uint64_t now,
			      unsigned policy);

/**
 * cfs_pick() - the entity to run next, curr (if queued) included: the leftmost, unless a
 * buddy (skip avoided, then next, then last) is within the wake-up granularity. Mirrors
 * pick_next_entity(). Return: NULL if none is queued.
 */
struct cfs_se *cfs_pick(struct cfs_timeline *rq);

/** cfs_set_next() - @se becomes curr at @now, out of the timeline. Mirrors set_next_entity(). */
void cfs_set_next(struct cfs_timeline *rq, struct cfs_se *se, uint64_t now);

/** cfs_put_prev() - curr stops running: charged, back into the timeline if queued. Mirrors
 * put_prev_entity(). */
void cfs_put_prev(struct cfs_timeline *rq, uint64_t now);

/**
 * cfs_yield() - curr yields (the caller returns first if it is its rq's only task): charged
 * unless @batch (SCHED_BATCH), then the skip buddy. Mirrors yield_task_fair().
 */
void cfs_yield(struct cfs_timeline *rq, uint64_t now, bool batch);

#endif /* CAPSIM_FAIR_CFS_H */
