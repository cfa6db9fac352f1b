/* SPDX-License-Identifier: MIT */
/*
 * fair_eevdf.h - the EEVDF half of the fair class as kernel/sched/fair.c of linux-source-6.12
 * (6.12.118) runs it on one cfs_rq without group scheduling: the weighted average vruntime
 * (avg_vruntime(), cfs_rq->zero_vruntime), lag (entity_lag(), update_entity_lag()),
 * place_entity() with PLACE_LAG, PLACE_REL_DEADLINE and PLACE_DEADLINE_INITIAL, pick_eevdf()
 * with RUN_TO_PARITY, update_curr() with update_deadline() and PREEMPT_SHORT, enqueue/dequeue
 * of an entity with DELAY_DEQUEUE and DELAY_ZERO, requeue_delayed_entity() (ttwu_runnable()'s
 * ENQUEUE_DELAYED), set_next_entity(), put_prev_entity(), yield_task_fair() and the decision of
 * check_preempt_wakeup_fair().
 *
 * The queued entities are kept by virtual deadline, augmented with each subtree's smallest
 * vruntime (the kernel's tasks_timeline rbtree); here a treap with priorities hashed from the
 * insertion number, whose in-order sequence (deadline, then insertion: rb_add_augmented_cached()
 * puts an equal key right of those already there) is the rbtree's, so every walk finds what the
 * kernel's does. The simulator (src/sim/fair.c) embeds one eevdf_se per task and one eevdf_rq per
 * CPU; kernel-check (group eevdf) drives the same functions against the kernel's own.
 *
 * @pre_6_12 selects the behaviour before 6.12 (v6.6..v6.11): no DELAY_DEQUEUE (152e11f6df29
 * "sched/fair: Implement delayed dequeue"), no PREEMPT_SHORT (85e511df3cec "sched/eevdf: Allow
 * shorter slices to wakeup-preempt"), no PLACE_REL_DEADLINE (82e9d0456e06 "sched/fair: Avoid
 * re-setting virtual deadline on 'migrations'"); custom slices (857b158dc5e8) are kept since a
 * workload that sets one asks for it.
 *
 * @v7_3 selects what linux-source-7.3 (7.3.4) changed on the enqueue and dequeue paths (read
 * there; kernel-check groups enqueue_task_fair_7_3 and dequeue_task_fair_7_3):
 * calc_delta_fair() divides exactly on 64 bits; entity_lag() limits the lag to the largest
 * queued slice plus a tick (a second augmented value, max_slice); place_entity() inflates the
 * lag as lag + lag x w / W and moves zero_vruntime when the entity outweighs the queue;
 * dequeue takes the lag first (before the DELAY_DEQUEUE test); update_entity_lag() of a
 * delayed entity keeps the larger lag and at most 0 (DELAY_ZERO), and requeue_delayed_entity()
 * re-places it only when that changed its lag. The tick's (task_tick_fair_7_3): the slice
 * protection is se->vprot (set_protect_slice(): the deadline, or where curr stops being eligible
 * when a shorter slice is queued, min_slice being a third augmented value), and update_curr()
 * asks for a reschedule once it ends. The wake-up's (check_preempt_wakeup_fair_7_3): 7.3's
 * wakeup_preempt_fair() decides by an action (eevdf_wakeup_action()): no early return on a pending
 * reschedule, a shorter-slice wakee picked without the protection and, if it preempts, made the
 * next buddy (cfs_rq->next, which pick_eevdf() takes first while protecting), a fork never
 * preempting otherwise, and update_protect_slice() where it does not preempt.
 */
#ifndef CAPSIM_FAIR_EEVDF_H
#define CAPSIM_FAIR_EEVDF_H

#include <stdbool.h>
#include <stdint.h>

/* struct eevdf_se - struct sched_entity, its EEVDF fields (kernel names). */
struct eevdf_se {
	uint64_t vruntime;
	uint64_t deadline;
	uint64_t min_vruntime;  /* smallest vruntime of its subtree (the augmented value) */
	uint64_t min_slice;     /* smallest slice of its subtree (7.3's slice protection) */
	uint64_t max_slice;     /* largest slice of its subtree (7.3's second augmented value) */
	uint64_t vprot;         /* 7.3: curr's slice is protected while vruntime is below it */
	int64_t vlag;           /* lag at dequeue; the deadline while curr's slice is protected */
	uint64_t exec_start;    /* clock (ns) it was last charged up to, as curr */
	uint64_t slice;         /* request r_i in ns */
	uint64_t weight;        /* scale_load_down(load.weight) */
	bool custom_slice;
	bool on_rq;
	bool sched_delayed;
	bool rel_deadline;
	/* the tree (capsim) */
	struct eevdf_se *left, *right;
	uint64_t seq;           /* insertion number: equal deadlines keep this order */
	uint32_t prio;
};

/* struct eevdf_rq - struct cfs_rq, its EEVDF fields. */
struct eevdf_rq {
	uint64_t zero_vruntime;
	int64_t avg_vruntime;   /* sum of (vruntime - zero_vruntime) x weight of the tree */
	int64_t avg_load;       /* sum of the tree's weights */
	unsigned nr_running;    /* entities on_rq, curr and delayed ones included */
	struct eevdf_se *curr;
	struct eevdf_se *next;  /* the next buddy (7.3: a shorter-slice wakee that preempted) */
	struct eevdf_se *root;
	uint64_t seq;
	uint64_t base_slice;    /* sysctl_sched_base_slice, ns */
	uint64_t tick_nsec;     /* TICK_NSEC */
	bool pre_6_12;          /* see the top of this file */
	bool v7_3;              /* see the top of this file */
};

/* enqueue/dequeue flags (kernel/sched/sched.h values are not needed, only their meaning) */
#define EEVDF_ENQUEUE_INITIAL 0x1u /* wake_up_new_task(): PLACE_DEADLINE_INITIAL */
#define EEVDF_DEQUEUE_SLEEP   0x1u
#define EEVDF_DEQUEUE_SPECIAL 0x2u /* special task state: never delayed */
#define EEVDF_DEQUEUE_DELAYED 0x4u /* the final dequeue of a delayed entity */

/** eevdf_rq_init() - an empty cfs_rq as init_cfs_rq() leaves it. @base_slice, @tick_nsec in ns. */
void eevdf_rq_init(struct eevdf_rq *rq, uint64_t base_slice, uint64_t tick_nsec, bool pre_6_12);

/**
 * eevdf_calc_delta_fair() - @delta x NICE_0_LOAD / @se's weight, with @rq's version's rounding.
 * Mirrors calc_delta_fair().
 */
uint64_t eevdf_calc_delta_fair(const struct eevdf_rq *rq, uint64_t delta,
			       const struct eevdf_se *se);

/** eevdf_avg_vruntime() - V, moving zero_vruntime to it. Mirrors avg_vruntime(). Return: V. */
uint64_t eevdf_avg_vruntime(struct eevdf_rq *rq);

/** eevdf_eligible() - @se has lag >= 0 (vruntime at or below V). Mirrors entity_eligible(). */
bool eevdf_eligible(const struct eevdf_rq *rq, const struct eevdf_se *se);

/** eevdf_first() - the queued entity with the earliest deadline. Mirrors __pick_first_entity(). */
struct eevdf_se *eevdf_first(const struct eevdf_rq *rq);

/**
 * eevdf_pick() - the eligible entity with the earliest deadline, curr included (kept while its
 * slice is protected, RUN_TO_PARITY); 7.3: the next buddy first if eligible. @protect: whether
 * curr's protection and the buddy count (7.3's wake-up of a shorter slice picks without; 6.12
 * always protects). Mirrors pick_eevdf(). Return: NULL if none is queued.
 */
struct eevdf_se *eevdf_pick(struct eevdf_rq *rq, bool protect);

/**
 * eevdf_update_curr() - charge curr for the time from its exec_start to @now (ns, the rq's
 * clock_task): vruntime, then a new deadline once the old one is reached. Mirrors
 * update_curr()'s EEVDF part with update_curr_se() and update_deadline().
 * Return: true if curr should be rescheduled (slice used up, or PREEMPT_SHORT lost its
 * protection and eligibility), never with one entity queued.
 */
bool eevdf_update_curr(struct eevdf_rq *rq, uint64_t now);

/**
 * eevdf_enqueue() - enqueue @se (@flags: EEVDF_ENQUEUE_*) after update_curr(): placement,
 * then the tree unless it is curr. Mirrors enqueue_entity()'s EEVDF part.
 */
void eevdf_enqueue(struct eevdf_rq *rq, struct eevdf_se *se, unsigned flags);

/**
 * eevdf_dequeue() - dequeue @se (@flags: EEVDF_DEQUEUE_*) after update_curr(). A sleeping
 * entity that is not eligible stays queued, delayed (DELAY_DEQUEUE), unless @pre_6_12.
 * Mirrors dequeue_entity()'s EEVDF part (and finish_delayed_dequeue_entity()).
 * Return: false if it was delayed instead.
 */
bool eevdf_dequeue(struct eevdf_rq *rq, struct eevdf_se *se, unsigned flags);

/**
 * eevdf_requeue_delayed() - a delayed entity is woken where it is: it competes again, with
 * positive lag dropped (DELAY_ZERO). Mirrors requeue_delayed_entity().
 */
void eevdf_requeue_delayed(struct eevdf_rq *rq, struct eevdf_se *se);

/** eevdf_set_next() - @se becomes curr at @now, out of the tree. Mirrors set_next_entity(). */
void eevdf_set_next(struct eevdf_rq *rq, struct eevdf_se *se, uint64_t now);

/** eevdf_put_prev() - curr stops running: back into the tree if queued. Mirrors put_prev_entity(). */
void eevdf_put_prev(struct eevdf_rq *rq);

/**
 * eevdf_yield() - curr forfeits the rest of its request, after update_curr() to @now (the
 * caller returns first if curr is its rq's only task). Mirrors yield_task_fair().
 */
void eevdf_yield(struct eevdf_rq *rq, uint64_t now);

/**
 * eevdf_wakeup_preempt() - whether the woken, queued @pse preempts curr (a fair task) at
 * @now; update_curr() runs where the kernel runs it (after the SCHED_IDLE rules), and a
 * reschedule it asks for counts. @curr_idle / @p_idle: SCHED_IDLE policy; @p_normal:
 * SCHED_NORMAL (BATCH and IDLE wakees never preempt). Mirrors check_preempt_wakeup_fair()
 * without buddies, for a curr with no reschedule pending (test_tsk_need_resched()).
 * Return: true to reschedule.
 */
bool eevdf_wakeup_preempt(struct eevdf_rq *rq, struct eevdf_se *pse, uint64_t now,
			  bool curr_idle, bool p_idle, bool p_normal);

/* 7.3's enum preempt_wakeup_action: what wakeup_preempt_fair() does after its first tests */
enum eevdf_wakeup_action {
	EEVDF_WAKEUP_NONE,    /* no preemption (the protection updated) */
	EEVDF_WAKEUP_SHORT,   /* a shorter slice: the pick ignores curr's protection */
	EEVDF_WAKEUP_PICK,    /* the pick decides */
	EEVDF_WAKEUP_RESCHED, /* preempt (the protection cancelled) */
};

/**
 * eevdf_wakeup_action() - 7.3's wakeup_preempt_fair() of curr (a fair task) by the woken, queued
 * @pse at @now, up to its pick: the SCHED_IDLE rules, update_curr() (a reschedule it asks for in
 * @resched), BATCH and IDLE wakees, PREEMPT_SHORT, WF_FORK (@fork: wake_up_new_task()). For
 * _PICK and _SHORT the caller picks as pick_next_entity() does (eevdf_pick(), protecting unless
 * _SHORT; a delayed entity picked is dequeued for good and the pick made again), then calls
 * eevdf_wakeup_picked(). Mirrors wakeup_preempt_fair() (7.3; NEXT_BUDDY off, as its default).
 */
enum eevdf_wakeup_action eevdf_wakeup_action(struct eevdf_rq *rq, struct eevdf_se *pse,
					     uint64_t now, bool curr_idle, bool p_idle,
					     bool p_normal, bool fork, bool *resched);

/**
 * eevdf_wakeup_picked() - the rest of 7.3's wakeup_preempt_fair() once the pick chose @nse for
 * @action: preempt if it is @pse, or, for _SHORT, if @pse is eligible (then @pse becomes the next
 * buddy: set_short_buddy()); else update_protect_slice() of curr. Return: true to reschedule.
 */
bool eevdf_wakeup_picked(struct eevdf_rq *rq, struct eevdf_se *pse, const struct eevdf_se *nse,
			 enum eevdf_wakeup_action action);

#endif /* CAPSIM_FAIR_EEVDF_H */
