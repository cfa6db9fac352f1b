// SPDX-License-Identifier: MIT
/*
 * kernel_side_eevdf.c - the kernel's answer for group eevdf: the tasks of a case on one
 * struct rq / cfs_rq, and each operation done as the kernel's callers do it with the functions
 * functions_eevdf.txt cut out of linux-source-6.12 (kernel_extract_eevdf.c, every one renamed
 * k_<name>): wake_up_new_task()'s and try_to_wake_up()'s enqueue (ttwu_runnable() first, as
 * try_to_wake_up() tries it for a task still on_rq), block_task()'s dequeue_task_fair(),
 * task_tick_fair()'s update_curr(), yield_task_fair(), a migration's dequeue and enqueue, and
 * __schedule()'s pick_next_task_fair() with put_prev_entity() / set_next_entity().
 *
 * A translation unit of its own (kstubs_eevdf.h, not kstubs.h): nothing here computes an
 * answer itself, it only moves values in and out.
 */
#include "kcase.h"
#include "kstubs_eevdf.h"

struct rq kc_eevdf_rq;
u64 kc_eevdf_tick_nsec;
unsigned int sysctl_sched_base_slice;
bool kc_need_resched;
unsigned long jiffies;
static struct task_struct kc_tasks[KC_EEVDF_TASKS], kc_idle_task;
static bool kc_started[KC_EEVDF_TASKS];

/* the augmented tree's callbacks (fair.c's RB_DECLARE_CALLBACKS line, after its compute) */
static const struct rb_augment_callbacks min_vruntime_cb;
#include "kernel_extract_eevdf.c"
RB_DECLARE_CALLBACKS(static, min_vruntime_cb, struct sched_entity, run_node, min_vruntime,
		     k_min_vruntime_update);

/* enqueue_task_fair() for a task, one level (kstubs_eevdf.h) */
static void enqueue_task(struct rq *rq, struct task_struct *p, int flags)
{
	struct sched_entity *se = &p->se;
	struct cfs_rq *cfs_rq = &rq->cfs;
	int h_nr_delayed = 0;

	if (flags & ENQUEUE_DELAYED) {
		k_requeue_delayed_entity(se);
		return;
	}
	if (!(flags & ENQUEUE_WAKEUP))
		h_nr_delayed = !!se->sched_delayed;
	k_enqueue_entity(cfs_rq, se, flags);
	if (!h_nr_delayed)
		cfs_rq->h_nr_runnable++;
	cfs_rq->h_nr_queued++;
	cfs_rq->idle_h_nr_running += k_task_has_idle_policy(p);
	cfs_rq->h_nr_delayed += h_nr_delayed;
	rq->nr_running++; /* add_nr_running() */
	p->on_rq = TASK_ON_RQ_QUEUED;
}

/* core.c's wakeup_preempt() between a fair curr and a fair wakee; the idle task is preempted */
static void wakeup_preempt(struct rq *rq, struct task_struct *p, int flags)
{
	if (rq->curr == &kc_idle_task)
		resched_curr(rq);
	else
		k_check_preempt_wakeup_fair(rq, p, flags);
}

/* __schedule(): pick_next_task_fair() and the switch (put_prev_set_next_task()) */
static void kc_schedule(struct rq *rq)
{
	struct task_struct *prev = rq->curr, *next = k_pick_task_fair(rq);

	kc_need_resched = false;
	if (next == prev)
		return;
	if (prev != &kc_idle_task)
		k_put_prev_entity(&rq->cfs, &prev->se);
	if (next) {
		k_set_next_entity(&rq->cfs, &next->se);
		rq->curr = next;
	} else {
		rq->curr = &kc_idle_task;
	}
}

static int kc_index(const struct task_struct *p)
{
	return p == &kc_idle_task ? KC_EEVDF_TASKS : (int)(p - kc_tasks);
}

/* one operation; 0 if the step's task is not in a state for it */
static int kc_op(struct rq *rq, unsigned op, unsigned t, uint64_t *selected)
{
	struct task_struct *p = &kc_tasks[t], *curr = rq->curr;
	bool has_curr = curr != &kc_idle_task;

	switch (op) {
	case KC_EV_NEW: /* wake_up_new_task(): activate_task(ENQUEUE_INITIAL) */
		if (kc_started[t])
			return 0;
		kc_started[t] = true;
		enqueue_task(rq, p, ENQUEUE_NOCLOCK | ENQUEUE_INITIAL);
		wakeup_preempt(rq, p, 0);
		return 1;
	case KC_EV_WAKE: /* try_to_wake_up() */
		if (!kc_started[t] || p == curr || (p->on_rq && !p->se.sched_delayed))
			return 0;
		if (!(p->on_rq && k_ttwu_runnable(p, 0))) {
			*selected = 1; /* select_task_rq(), then ttwu_do_activate() */
			enqueue_task(rq, p, ENQUEUE_NOCLOCK | ENQUEUE_WAKEUP);
			wakeup_preempt(rq, p, 0);
		}
		return 1;
	case KC_EV_SLEEP: /* block_task() of curr, then schedule() */
		if (!has_curr)
			return 0;
		if (k_dequeue_entities(rq, &curr->se, DEQUEUE_SLEEP) >= 0)
			__block_task(rq, curr);
		kc_need_resched = true;
		return 1;
	case KC_EV_TICK: /* task_tick_fair() -> entity_tick() */
		if (!has_curr)
			return 0;
		k_update_curr(&rq->cfs);
		return 1;
	case KC_EV_YIELD: /* do_sched_yield(): yield_task_fair(), then schedule() */
		if (!has_curr)
			return 0;
		k_yield_task_fair(rq);
		kc_need_resched = true;
		return 1;
	case KC_EV_MIGRATE: /* detach_task() / attach_task() of a queued task, here and back */
		if (!p->on_rq || p == curr || p->se.sched_delayed)
			return 0;
		p->on_rq = TASK_ON_RQ_MIGRATING;
		k_dequeue_entities(rq, &p->se, 0);
		p->on_rq = 0;
		enqueue_task(rq, p, ENQUEUE_NOCLOCK);
		wakeup_preempt(rq, p, 0);
		return 1;
	}
	return 0;
}

void kside_eevdf(const struct kc_eevdf_in *in, struct kc_eevdf_out *out)
{
	struct rq *rq = &kc_eevdf_rq;

	memset(rq, 0, sizeof(*rq));
	memset(kc_tasks, 0, sizeof(kc_tasks));
	memset(kc_started, 0, sizeof(kc_started));
	rq->cfs.zero_vruntime = (u64)(-(1LL << 20)); /* init_cfs_rq() */
	rq->curr = &kc_idle_task;
	rq->clock_task = 1ULL << 32;
	kc_need_resched = false;
	kc_eevdf_tick_nsec = in->tick_nsec;
	sysctl_sched_base_slice = (unsigned int)in->base_slice;
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		struct task_struct *p = &kc_tasks[t];

		p->policy = in->sched_idle[t] ? SCHED_IDLE : SCHED_NORMAL;
		p->se.load.weight = scale_load(in->weight[t]); /* set_load_weight() */
		p->se.slice = in->slice[t] ? in->slice[t] : sysctl_sched_base_slice;
		p->se.custom_slice = in->slice[t] != 0;
		p->se.run_node.__rb_parent_color = (unsigned long)&p->se.run_node; /* RB_CLEAR_NODE */
	}
	for (unsigned k = 0; k < in->nr_steps; k++) {
		rq->clock_task += in->dt[k];
		out->applied[k] = (uint64_t)kc_op(rq, (unsigned)in->op[k], (unsigned)in->task[k],
						  &out->selected[k]);
		out->resched[k] = kc_need_resched;
		if (kc_need_resched)
			kc_schedule(rq);
		out->curr[k] = (uint64_t)kc_index(rq->curr);
		out->zero_vruntime[k] = rq->cfs.zero_vruntime;
		out->nr_running[k] = rq->cfs.nr_running;
		if (rq->curr != &kc_idle_task) {
			out->curr_vruntime[k] = rq->curr->se.vruntime;
			out->curr_deadline[k] = rq->curr->se.deadline;
		}
	}
	for (unsigned t = 0; t < in->nr_tasks; t++)
		KC_EEVDF_OUT_TASK(out, t, &kc_tasks[t].se);
}
