// SPDX-License-Identifier: MIT
/*
 * kernel_side_cfs_6_1.c - the kernel's answer for group cfs_6_1: the tasks of a case on one
 * struct rq / cfs_rq, and each operation done as 6.1's callers do it with the functions
 * functions_cfs_6_1.txt cut out of linux-source-6.1 (kernel_extract_cfs_6_1.c, every one
 * renamed k_<name>): sched_init_granularity()'s update_sysctl(), wake_up_new_task() after
 * task_fork_fair() (no parent running: the new entity's vruntime starts at min_vruntime, as
 * capsim forks it), try_to_wake_up()'s enqueue, a sleep's dequeue, task_tick_fair()'s
 * entity_tick(), yield_task_fair(), a migration's dequeue and enqueue (ENQUEUE_MIGRATED), and
 * __schedule()'s pick_next_task_fair() as FAIR_GROUP_SCHED runs it for a flat hierarchy
 * (update_curr() and pick_next_entity() with curr; put_prev_entity() / set_next_entity() only
 * if another task is picked).
 *
 * A translation unit of its own (kstubs_cfs_6_1.h): nothing here computes an answer itself.
 */
#include "kcase.h"
#include "kstubs_cfs_6_1.h"

struct rq kc61_rq;
bool kc61_need_resched;
unsigned int kc61_online_cpus;
/* kernel/sched/fair.c's tunables, as 6.1 initialises them (update_sysctl() scales them) */
unsigned int sysctl_sched_latency = 6000000ULL, normalized_sysctl_sched_latency = 6000000ULL;
unsigned int sysctl_sched_min_granularity = 750000ULL,
	     normalized_sysctl_sched_min_granularity = 750000ULL;
unsigned int sysctl_sched_idle_min_granularity = 750000ULL, sched_nr_latency = 8;
unsigned int sysctl_sched_wakeup_granularity = 1000000UL,
	     normalized_sysctl_sched_wakeup_granularity = 1000000UL;
unsigned int sysctl_sched_tunable_scaling = SCHED_TUNABLESCALING_LOG;
static struct task_struct kc_tasks[KC_CFS61_TASKS], kc_idle_task;
static bool kc_started[KC_CFS61_TASKS];

#include "kernel_extract_cfs_6_1.c"

/* enqueue_task_fair() / dequeue_task_fair() for a task, one level */
static void enqueue_task(struct rq *rq, struct task_struct *p, int flags)
{
	k_enqueue_entity(&rq->cfs, &p->se, flags);
	rq->cfs.h_nr_running++;
	rq->cfs.idle_h_nr_running += k_task_has_idle_policy(p);
	rq->nr_running++;
	p->on_rq = TASK_ON_RQ_QUEUED;
}

static void dequeue_task(struct rq *rq, struct task_struct *p, int flags)
{
	k_dequeue_entity(&rq->cfs, &p->se, flags);
	rq->cfs.h_nr_running--;
	rq->cfs.idle_h_nr_running -= k_task_has_idle_policy(p);
	rq->nr_running--;
	p->on_rq = 0;
}

/* core.c's check_preempt_curr(): the idle task is preempted, else the fair class decides */
static void wakeup_preempt(struct rq *rq, struct task_struct *p, int flags)
{
	if (rq->curr == &kc_idle_task)
		resched_curr(rq);
	else
		k_check_preempt_wakeup(rq, p, flags);
}

/* __schedule(): pick_next_task_fair() (FAIR_GROUP_SCHED's path, one level) and the switch */
static void kc_schedule(struct rq *rq)
{
	struct task_struct *prev = rq->curr;
	struct cfs_rq *cfs_rq = &rq->cfs;
	struct sched_entity *curr = cfs_rq->curr, *se = NULL;

	kc61_need_resched = false;
	if (cfs_rq->nr_running) {
		if (curr) {
			if (curr->on_rq)
				k_update_curr(cfs_rq);
			else
				curr = NULL;
		}
		se = k_pick_next_entity(cfs_rq, curr);
	}
	if (se && prev != &kc_idle_task && se == &prev->se)
		return;
	if (prev != &kc_idle_task)
		k_put_prev_entity(cfs_rq, &prev->se);
	if (se) {
		k_set_next_entity(cfs_rq, se);
		rq->curr = k_task_of(se);
	} else {
		rq->curr = &kc_idle_task;
	}
}

static int kc_index(const struct task_struct *p)
{
	return p == &kc_idle_task ? KC_CFS61_TASKS : (int)(p - kc_tasks);
}

static uint64_t buddy(const struct sched_entity *se)
{
	return se ? (uint64_t)(kc_index(k_task_of((struct sched_entity *)se)) + 1) : 0;
}

/* one operation; 0 if the step's task is not in a state for it */
static int kc_op(struct rq *rq, unsigned op, unsigned t)
{
	struct task_struct *p = &kc_tasks[t], *curr = rq->curr;
	struct cfs_rq *cfs_rq = &rq->cfs;
	bool has_curr = curr != &kc_idle_task;

	switch (op) {
	case KC_EV_NEW: /* task_fork_fair() without a parent, then wake_up_new_task() */
		if (kc_started[t])
			return 0;
		kc_started[t] = true;
		k_update_curr(cfs_rq);
		p->se.vruntime = cfs_rq->min_vruntime;
		k_place_entity(cfs_rq, &p->se, 1);
		p->se.vruntime -= cfs_rq->min_vruntime;
		enqueue_task(rq, p, ENQUEUE_NOCLOCK);
		wakeup_preempt(rq, p, WF_FORK);
		return 1;
	case KC_EV_WAKE: /* try_to_wake_up() of a task asleep on this CPU */
		if (!kc_started[t] || p->on_rq)
			return 0;
		enqueue_task(rq, p, ENQUEUE_NOCLOCK | ENQUEUE_WAKEUP);
		wakeup_preempt(rq, p, 0);
		return 1;
	case KC_EV_SLEEP: /* deactivate_task(DEQUEUE_SLEEP) of curr, then schedule() */
		if (!has_curr)
			return 0;
		dequeue_task(rq, curr, DEQUEUE_SLEEP);
		kc61_need_resched = true;
		return 1;
	case KC_EV_TICK: /* task_tick_fair() -> entity_tick() */
		if (!has_curr)
			return 0;
		k_entity_tick(cfs_rq, &curr->se, 0);
		return 1;
	case KC_EV_YIELD: /* do_sched_yield(): yield_task_fair(), then schedule() */
		if (!has_curr)
			return 0;
		k_yield_task_fair(rq);
		kc61_need_resched = true;
		return 1;
	case KC_EV_MIGRATE: /* detach_task() / attach_task() of a queued task, here and back */
		if (!p->on_rq || p == curr)
			return 0;
		p->on_rq = TASK_ON_RQ_MIGRATING;
		dequeue_task(rq, p, 0);
		enqueue_task(rq, p, ENQUEUE_NOCLOCK | ENQUEUE_MIGRATED); /* activate_task() */
		wakeup_preempt(rq, p, 0);
		return 1;
	}
	return 0;
}

void kside_cfs_6_1(const struct kc_cfs_6_1_in *in, struct kc_cfs_6_1_out *out)
{
	struct rq *rq = &kc61_rq;

	memset(rq, 0, sizeof(*rq));
	memset(kc_tasks, 0, sizeof(kc_tasks));
	memset(kc_started, 0, sizeof(kc_started));
	rq->cfs.min_vruntime = (u64)(-(1LL << 20)); /* init_cfs_rq() */
	rq->curr = &kc_idle_task;
	rq->clock_task = 1ULL << 32;
	kc61_need_resched = false;
	kc61_online_cpus = (unsigned int)in->ncpus;
	k_update_sysctl(); /* sched_init_granularity() */
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		struct task_struct *p = &kc_tasks[t];

		p->policy = in->sched_idle[t] ? SCHED_IDLE : in->batch[t] ? SCHED_BATCH : SCHED_NORMAL;
		p->se.load.weight = scale_load(in->weight[t]); /* set_load_weight() */
		p->se.run_node.__rb_parent_color = (unsigned long)&p->se.run_node; /* RB_CLEAR_NODE */
	}
	for (unsigned k = 0; k < in->nr_steps; k++) {
		rq->clock_task += in->dt[k];
		out->applied[k] = (uint64_t)kc_op(rq, (unsigned)in->op[k], (unsigned)in->task[k]);
		out->resched[k] = kc61_need_resched;
		if (kc61_need_resched)
			kc_schedule(rq);
		out->curr[k] = (uint64_t)kc_index(rq->curr);
		out->min_vruntime[k] = rq->cfs.min_vruntime;
		out->nr_running[k] = rq->cfs.nr_running;
		out->buddies[k] = buddy(rq->cfs.next) | buddy(rq->cfs.last) << 8 |
				  buddy(rq->cfs.skip) << 16;
		if (rq->curr != &kc_idle_task) {
			out->curr_vruntime[k] = rq->curr->se.vruntime;
			out->curr_ran[k] = rq->curr->se.sum_exec_runtime -
					   rq->curr->se.prev_sum_exec_runtime;
		}
	}
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		const struct sched_entity *se = &kc_tasks[t].se;

		out->vruntime[t] = se->vruntime;
		out->sum_exec[t] = se->sum_exec_runtime;
		out->exec_start[t] = se->exec_start;
		out->on_rq[t] = se->on_rq;
	}
	out->latency = sysctl_sched_latency;
	out->min_granularity = sysctl_sched_min_granularity;
	out->wakeup_granularity = sysctl_sched_wakeup_granularity;
}
