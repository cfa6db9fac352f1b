// SPDX-License-Identifier: MIT
/*
 * capsim_side_eevdf.c - capsim's answer for group eevdf: the same tasks and operations on
 * model/fair_eevdf.c's eevdf_rq, called in the order src/sim/fair.c and task_exec.c call it:
 * rq_enqueue_flags() (update_curr, then eevdf_enqueue()), task_wake()'s requeue of a delayed
 * task (rq_requeue_delayed(): no update_curr first, no select_task_rq()), rq_dequeue()'s
 * eevdf_dequeue() (a delayed curr stays cfs curr until the switch), rq_tick()'s update_curr,
 * rq_yield_fair(), rq_check_preempt_wakeup(), and rq_resched()'s pick_fair() with
 * eevdf_put_prev() / eevdf_set_next().
 *
 * Compiled a second time with KC_EEVDF_7_3 for group eevdf_7_3 (kernel-check/CMakeLists.txt):
 * the v7.3 model's eevdf_rq (v7_3), its wake-up (src/sim/fair.c's wakeup_preempt_eevdf_7_3():
 * eevdf_wakeup_action(), the pick again while it dequeues a delayed task, eevdf_wakeup_picked();
 * WF_FORK for a new task) and rq_requeue_delayed()'s update_curr() before the requeue.
 */
#include <stdbool.h>
#include <string.h>

#include "kcase.h"
#include "model/fair_eevdf.h"

static struct eevdf_rq cs_rq;
static struct eevdf_se cs_se[KC_EEVDF_TASKS];
static bool cs_started[KC_EEVDF_TASKS], cs_idle[KC_EEVDF_TASKS], cs_resched;
static int cs_curr; /* -1: idle */
static uint64_t cs_now, cs_nr_running; /* rq->nr_running: queued and delayed tasks */
#ifdef KC_EEVDF_7_3
#define CS_V7_3 true
#else
#define CS_V7_3 false
#endif

static void cs_update_curr(void)
{
	if (cs_curr >= 0 && eevdf_update_curr(&cs_rq, cs_now))
		cs_resched = true;
}

/* pick_next_entity(): a delayed pick leaves for good (NULL then) */
static struct eevdf_se *cs_pick_next_entity(bool protect)
{
	struct eevdf_se *se = eevdf_pick(&cs_rq, protect);

	if (!se->sched_delayed)
		return se;
	eevdf_dequeue(&cs_rq, se, EEVDF_DEQUEUE_SLEEP | EEVDF_DEQUEUE_DELAYED);
	cs_nr_running--;
	return NULL;
}

/* 7.3's wakeup_preempt_fair(), as src/sim/fair.c calls the model */
static bool cs_wakeup_preempt_7_3(unsigned t, bool fork)
{
	enum eevdf_wakeup_action action;
	struct eevdf_se *nse;
	bool resched;

	action = eevdf_wakeup_action(&cs_rq, &cs_se[t], cs_now, cs_idle[cs_curr], cs_idle[t],
				     !cs_idle[t], fork, &resched);
	if (action == EEVDF_WAKEUP_NONE || action == EEVDF_WAKEUP_RESCHED)
		return action == EEVDF_WAKEUP_RESCHED || resched;
	do
		nse = cs_pick_next_entity(action != EEVDF_WAKEUP_SHORT);
	while (!nse);
	return eevdf_wakeup_picked(&cs_rq, &cs_se[t], nse, action) || resched;
}

/* rq_check_preempt_wakeup() (@fork: WF_FORK); 7.3 decides with a reschedule pending too */
static void cs_wakeup_preempt(unsigned t, bool fork)
{
	if (cs_curr < 0 || (cs_resched && !CS_V7_3)) {
		cs_resched = true;
		return;
	}
	if (CS_V7_3 ? cs_wakeup_preempt_7_3(t, fork)
		    : eevdf_wakeup_preempt(&cs_rq, &cs_se[t], cs_now, cs_idle[cs_curr], cs_idle[t],
					   !cs_idle[t]))
		cs_resched = true;
}

/* rq_resched(): pick_fair() (a delayed pick leaves for good), then the switch */
static void cs_schedule(void)
{
	struct eevdf_se *next = NULL;

	cs_update_curr();
	while (cs_rq.nr_running && !(next = cs_pick_next_entity(true)))
		;
	cs_resched = false;
	if (cs_curr >= 0 && next == &cs_se[cs_curr])
		return;
	if (cs_rq.curr)
		eevdf_put_prev(&cs_rq);
	cs_curr = next ? (int)(next - cs_se) : -1;
	if (next)
		eevdf_set_next(&cs_rq, next, cs_now);
}

static int cs_op(unsigned op, unsigned t, uint64_t *selected)
{
	struct eevdf_se *se = &cs_se[t];

	switch (op) {
	case KC_EV_NEW:
		if (cs_started[t])
			return 0;
		cs_started[t] = true;
		cs_update_curr();
		eevdf_enqueue(&cs_rq, se, EEVDF_ENQUEUE_INITIAL);
		cs_nr_running++;
		cs_wakeup_preempt(t, true);
		return 1;
	case KC_EV_WAKE:
		if (!cs_started[t] || (int)t == cs_curr || (se->on_rq && !se->sched_delayed))
			return 0;
		if (se->sched_delayed) {
			if (CS_V7_3)
				cs_update_curr(); /* 7.3's update_curr_eevdf() */
			eevdf_requeue_delayed(&cs_rq, se); /* ttwu_runnable() */
		} else {
			*selected = 1;
			cs_update_curr();
			eevdf_enqueue(&cs_rq, se, 0);
			cs_nr_running++;
		}
		cs_wakeup_preempt(t, false);
		return 1;
	case KC_EV_SLEEP:
		if (cs_curr < 0)
			return 0;
		cs_update_curr();
		if (eevdf_dequeue(&cs_rq, &cs_se[cs_curr], EEVDF_DEQUEUE_SLEEP)) {
			cs_rq.curr = NULL;
			cs_nr_running--;
		} /* delayed: still queued, and cfs curr until the switch */
		cs_curr = -1;
		cs_resched = true;
		return 1;
	case KC_EV_TICK:
		if (cs_curr < 0)
			return 0;
		cs_update_curr();
		return 1;
	case KC_EV_YIELD:
		if (cs_curr < 0)
			return 0;
		if (cs_nr_running != 1)
			eevdf_yield(&cs_rq, cs_now);
		cs_resched = true;
		return 1;
	case KC_EV_MIGRATE:
		if (!se->on_rq || (int)t == cs_curr || se->sched_delayed)
			return 0;
		cs_update_curr();
		eevdf_dequeue(&cs_rq, se, 0);
		cs_update_curr();
		eevdf_enqueue(&cs_rq, se, 0);
		cs_wakeup_preempt(t, false);
		return 1;
	}
	return 0;
}

void cside_eevdf(const struct kc_eevdf_in *in, struct kc_eevdf_out *out)
{
	eevdf_rq_init(&cs_rq, in->base_slice, in->tick_nsec, false);
	cs_rq.v7_3 = CS_V7_3;
	memset(cs_se, 0, sizeof(cs_se));
	memset(cs_started, 0, sizeof(cs_started));
	cs_curr = -1;
	cs_resched = false;
	cs_now = 1ULL << 32;
	cs_nr_running = 0;
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		cs_se[t].weight = in->weight[t];
		cs_se[t].custom_slice = in->slice[t] != 0;
		cs_se[t].slice = in->slice[t] ? in->slice[t] : in->base_slice;
		cs_idle[t] = in->sched_idle[t] != 0;
	}
	for (unsigned k = 0; k < in->nr_steps; k++) {
		cs_now += in->dt[k];
		out->applied[k] = (uint64_t)cs_op((unsigned)in->op[k], (unsigned)in->task[k],
						  &out->selected[k]);
		out->resched[k] = cs_resched;
		if (cs_resched)
			cs_schedule();
		out->curr[k] = cs_curr >= 0 ? (uint64_t)cs_curr : KC_EEVDF_TASKS;
		out->zero_vruntime[k] = cs_rq.zero_vruntime;
		out->nr_running[k] = cs_rq.nr_running;
		if (cs_curr >= 0) {
			out->curr_vruntime[k] = cs_se[cs_curr].vruntime;
			out->curr_deadline[k] = cs_se[cs_curr].deadline;
		}
	}
	for (unsigned t = 0; t < in->nr_tasks; t++)
		KC_EEVDF_OUT_TASK(out, t, &cs_se[t]);
}
