// SPDX-License-Identifier: MIT
/*
 * fair_cfs.c - the fair class's timeline as 6.1 runs it, CFS (model/fair_cfs.c), for the v6.1
 * model: the sim_fair_timeline that fair.c calls where the other models run EEVDF. fair.c keeps
 * what both share: the load tracking, util_est, uclamp, the runnable list and the accounting.
 * 6.1 has no delayed dequeue, so a sleeping task always leaves.
 */
#include "internal.h"
#include "sim/sim.h"

/* the task a CFS entity is embedded in (task_of()) */
#define cfs_task_of(se) ((struct sim_task *)((char *)(se) - offsetof(struct sim_task, cse)))

/* enqueue_entity(): a new task (EEVDF_ENQUEUE_INITIAL) is forked here first */
static void cfs_tl_enqueue(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
			   bool wakeup, unsigned flags)
{
	(void)s;
	cfs_enqueue(&rq->cfs61, &p->cse,
		    (CAPSIM_MUT(237, wakeup, !wakeup) ? CAPSIM_MUT(232, CFS_ENQUEUE_WAKEUP, 0) : 0) |
		    (flags & EEVDF_ENQUEUE_INITIAL ? CAPSIM_MUT(233, CFS_ENQUEUE_INITIAL, 0) : 0),
		    rq->clk.clock);
}

/* dequeue_entity(); the running task stops being the cfs_rq's curr at once (put already) */
static bool cfs_tl_dequeue(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p, bool sleep)
{
	(void)s;
	cfs_dequeue(&rq->cfs61, &p->cse, CAPSIM_MUT(234, sleep, !sleep), rq->clk.clock);
	if (rq->curr == p)
		rq->cfs61.curr = NULL;
	return true;
}

/*
 * pick_next_task_fair() with groups: pick_next_entity() with curr still in the running; curr
 * picked again is neither put nor set, but its done: part runs all the same, the head of
 * cfs_tasks (MRU) and update_misfit_status() (set_next_task_fair() does both for another task)
 */
static struct sim_task *cfs_tl_pick(struct capsim_sim *s, struct sim_rq *rq)
{
	struct cfs_se *se;
	struct sim_task *p;

	if (rq->cfs61.curr && rq->cfs61.curr->on_rq)
		cfs_update_curr(&rq->cfs61, rq->clk.clock);
	se = cfs_pick(&rq->cfs61);
	p = se ? cfs_task_of(se) : NULL;
	if (p && CAPSIM_MUT(248, p == rq->curr, p != rq->curr) && CAPSIM_MUT(231, true, false)) {
		sim_cfs_tasks_add(s, p);
		CAPSIM_MUT(244, update_misfit_status(s, rq), (void)0);
	}
	return p;
}

static void cfs_tl_put_prev(struct capsim_sim *s, struct sim_rq *rq)
{
	(void)s;
	CAPSIM_MUT(241, cfs_put_prev(&rq->cfs61, rq->clk.clock), (void)0);
}

static bool cfs_tl_has_curr(const struct sim_rq *rq)
{
	return rq->cfs61.curr != NULL;
}

static void cfs_tl_set_next(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	(void)s;
	cfs_set_next(&rq->cfs61, &p->cse, CAPSIM_MUT(242, rq->clk.clock, rq->clk.clock_pelt));
}

/* update_curr(): 6.1 asks for no reschedule there; the tick and wake-ups do */
static bool cfs_tl_update_curr(struct capsim_sim *s, struct sim_rq *rq)
{
	(void)s;
	cfs_update_curr(&rq->cfs61, rq->clk.clock);
	return false;
}

/* entity_tick(): check_preempt_tick() with more than one entity queued */
static bool cfs_tl_tick(struct capsim_sim *s, struct sim_rq *rq)
{
	(void)s;
	return rq->cfs61.nr_running > CAPSIM_MUT(238, 1u, 2u) && cfs_check_preempt_tick(&rq->cfs61);
}

static bool cfs_tl_wakeup_preempt(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
				  int wake_flags)
{
	const struct sim_task *c = rq->curr;

	(void)s;
	(void)wake_flags; /* 6.1 reads WF_FORK with NEXT_BUDDY only, off by default */
	return cfs_check_preempt_wakeup(&rq->cfs61, &p->cse, rq->clk.clock,
					(CAPSIM_MUT(239, c, p)->policy == WL_POLICY_IDLE
						 ? CFS_WAKE_CURR_IDLE : 0) |
					(CAPSIM_MUT(235, p, c)->policy == WL_POLICY_IDLE
						 ? CFS_WAKE_P_IDLE : 0) |
					(CAPSIM_MUT(240, p->policy == WL_POLICY_OTHER,
						    p->policy != WL_POLICY_IDLE) ? CFS_WAKE_P_NORMAL : 0));
}

static void cfs_tl_yield(struct capsim_sim *s, struct sim_rq *rq)
{
	(void)s;
	cfs_yield(&rq->cfs61, rq->clk.clock, rq->curr->policy == WL_POLICY_BATCH);
}

/* migrate_task_rq_fair(): a waking task's vruntime leaves its old cfs_rq's min_vruntime */
static void cfs_tl_migrate(struct capsim_sim *s, struct sim_task *p, int new_cpu)
{
	(void)new_cpu;
	CAPSIM_MUT(243, cfs_migrate(&s->rq[CAPSIM_MUT(236, p->cpu, new_cpu)].cfs61, &p->cse),
		   (void)0);
}

const struct sim_fair_timeline sim_fair_cfs = {
	.enqueue = cfs_tl_enqueue,
	.dequeue = cfs_tl_dequeue,
	.pick = cfs_tl_pick,
	.put_prev = cfs_tl_put_prev,
	.has_curr = cfs_tl_has_curr,
	.set_next = cfs_tl_set_next,
	.update_curr = cfs_tl_update_curr,
	.tick = cfs_tl_tick,
	.wakeup_preempt = cfs_tl_wakeup_preempt,
	.yield = cfs_tl_yield,
	.migrate = cfs_tl_migrate,
};
