// SPDX-License-Identifier: MIT
/*
 * capsim_side_cfs_6_1.c - capsim's answer for group cfs_6_1: the same tasks and operations on
 * model/fair_cfs.c's cfs_timeline, called in the order the engine calls it under the v6.1
 * model (src/sim/fair.c with src/sim/fair_cfs.c's sim_fair_cfs): rq_enqueue_flags()
 * (update_curr, then cfs_enqueue(), CFS_ENQUEUE_INITIAL for task_start()), rq_dequeue()'s
 * cfs_dequeue() (curr leaves the timeline's curr at once), rq_tick()'s update_curr and
 * cfs_check_preempt_tick(), rq_yield_fair(), migrate_task()'s cfs_migrate() between a dequeue
 * and an enqueue, rq_check_preempt_wakeup(), and rq_resched()'s pick with cfs_put_prev() /
 * cfs_set_next().
 */
#include <stdbool.h>
#include <string.h>

#include "kcase.h"
#include "model/fair_cfs.h"

static struct cfs_timeline cs_rq;
static struct cfs_se cs_se[KC_CFS61_TASKS];
static bool cs_started[KC_CFS61_TASKS], cs_idle[KC_CFS61_TASKS], cs_batch[KC_CFS61_TASKS];
static bool cs_resched;
static int cs_curr; /* -1: idle */
static uint64_t cs_now;

/* rq_check_preempt_wakeup(): an idle CPU reschedules, else check_preempt_wakeup() */
static void cs_wakeup_preempt(unsigned t)
{
	if (cs_curr < 0 || cs_resched) {
		cs_resched = true;
		return;
	}
	if (cfs_check_preempt_wakeup(&cs_rq, &cs_se[t], cs_now,
				     (cs_idle[cs_curr] ? CFS_WAKE_CURR_IDLE : 0) |
				     (cs_idle[t] ? CFS_WAKE_P_IDLE : 0) |
				     (!cs_idle[t] && !cs_batch[t] ? CFS_WAKE_P_NORMAL : 0)))
		cs_resched = true;
}

/* rq_resched(): the pick with curr still in the running, then the switch */
static void cs_schedule(void)
{
	struct cfs_se *next;

	if (cs_rq.curr && cs_rq.curr->on_rq)
		cfs_update_curr(&cs_rq, cs_now);
	next = cfs_pick(&cs_rq);
	cs_resched = false;
	if (next && cs_curr >= 0 && next == &cs_se[cs_curr])
		return;
	cfs_put_prev(&cs_rq, cs_now);
	cs_curr = next ? (int)(next - cs_se) : -1;
	if (next)
		cfs_set_next(&cs_rq, next, cs_now);
}

static int cs_op(unsigned op, unsigned t)
{
	struct cfs_se *se = &cs_se[t];

	switch (op) {
	case KC_EV_NEW:
		if (cs_started[t])
			return 0;
		cs_started[t] = true;
		cfs_update_curr(&cs_rq, cs_now);
		cfs_enqueue(&cs_rq, se, CFS_ENQUEUE_INITIAL, cs_now);
		cs_wakeup_preempt(t);
		return 1;
	case KC_EV_WAKE:
		if (!cs_started[t] || se->on_rq)
			return 0;
		cfs_update_curr(&cs_rq, cs_now);
		cfs_enqueue(&cs_rq, se, CFS_ENQUEUE_WAKEUP, cs_now);
		cs_wakeup_preempt(t);
		return 1;
	case KC_EV_SLEEP:
		if (cs_curr < 0)
			return 0;
		cfs_update_curr(&cs_rq, cs_now);
		cfs_dequeue(&cs_rq, &cs_se[cs_curr], true, cs_now);
		cs_rq.curr = NULL;
		cs_curr = -1;
		cs_resched = true;
		return 1;
	case KC_EV_TICK:
		if (cs_curr < 0)
			return 0;
		cfs_update_curr(&cs_rq, cs_now);
		if (cs_rq.nr_running > 1 && cfs_check_preempt_tick(&cs_rq))
			cs_resched = true;
		return 1;
	case KC_EV_YIELD:
		if (cs_curr < 0)
			return 0;
		if (cs_rq.nr_running != 1)
			cfs_yield(&cs_rq, cs_now, cs_batch[cs_curr]);
		cs_resched = true;
		return 1;
	case KC_EV_MIGRATE:
		if (!se->on_rq || (int)t == cs_curr)
			return 0;
		cfs_update_curr(&cs_rq, cs_now);
		cfs_dequeue(&cs_rq, se, false, cs_now);
		cfs_migrate(&cs_rq, se);
		cfs_update_curr(&cs_rq, cs_now);
		cfs_enqueue(&cs_rq, se, 0, cs_now);
		cs_wakeup_preempt(t);
		return 1;
	}
	return 0;
}

static uint64_t cs_buddy(const struct cfs_se *se)
{
	return se ? (uint64_t)(se - cs_se) + 1 : 0;
}

void cside_cfs_6_1(const struct kc_cfs_6_1_in *in, struct kc_cfs_6_1_out *out)
{
	cfs_timeline_init(&cs_rq, (unsigned)in->ncpus);
	memset(cs_se, 0, sizeof(cs_se));
	memset(cs_started, 0, sizeof(cs_started));
	cs_curr = -1;
	cs_resched = false;
	cs_now = 1ULL << 32;
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		cs_se[t].weight = in->weight[t];
		cs_idle[t] = in->sched_idle[t] != 0;
		cs_batch[t] = !cs_idle[t] && in->batch[t] != 0;
		cs_se[t].idle = cs_idle[t];
	}
	for (unsigned k = 0; k < in->nr_steps; k++) {
		cs_now += in->dt[k];
		out->applied[k] = (uint64_t)cs_op((unsigned)in->op[k], (unsigned)in->task[k]);
		out->resched[k] = cs_resched;
		if (cs_resched)
			cs_schedule();
		out->curr[k] = cs_curr >= 0 ? (uint64_t)cs_curr : KC_CFS61_TASKS;
		out->min_vruntime[k] = cs_rq.min_vruntime;
		out->nr_running[k] = cs_rq.nr_running;
		out->buddies[k] = cs_buddy(cs_rq.next_buddy) | cs_buddy(cs_rq.last_buddy) << 8 |
				  cs_buddy(cs_rq.skip_buddy) << 16;
		if (cs_curr >= 0) {
			out->curr_vruntime[k] = cs_se[cs_curr].vruntime;
			out->curr_ran[k] = cs_se[cs_curr].sum_exec_runtime -
					   cs_se[cs_curr].prev_sum_exec_runtime;
		}
	}
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		const struct cfs_se *se = &cs_se[t];

		out->vruntime[t] = se->vruntime;
		out->sum_exec[t] = se->sum_exec_runtime;
		out->exec_start[t] = se->exec_start;
		out->on_rq[t] = se->on_rq;
	}
	out->latency = cs_rq.latency;
	out->min_granularity = cs_rq.min_granularity;
	out->wakeup_granularity = cs_rq.wakeup_granularity;
}
