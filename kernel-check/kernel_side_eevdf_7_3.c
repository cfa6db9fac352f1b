// SPDX-License-Identifier: MIT
/*
 * kernel_side_eevdf_7_3.c - group eevdf's kernel side on 7.3 (eevdf_7_3): kernel_side_eevdf.c's
 * operations on one struct rq, done with 7.3's fair class as the path groups' translation unit
 * cuts it (functions_paths.txt read with moves-paths-7.3.txt): wake_up_new_task()'s and
 * try_to_wake_up()'s enqueue_task() (ENQUEUE_DELAYED for a task still queued, delayed: what
 * ttwu_runnable() does) and wakeup_preempt() (WF_FORK for a new task), block_task()'s
 * dequeue_task(), task_tick_fair()'s update_curr(), yield_task_fair(), a migration's dequeue
 * and enqueue, and __schedule()'s pick_task_fair() with put_prev_task_fair() /
 * set_next_task_fair(). 7.3 cut EEVDF out of enqueue_entity() and dequeue_entities() into
 * enqueue_task_fair() and __dequeue_task(), so this group runs them whole: their PELT, util_est
 * and uclamp work runs too (the path groups compare it; here only the EEVDF state is).
 *
 * Included by kernel_side_paths.c when it is compiled for 7.3 (KC_LINUX_7_3): its runqueue, idle
 * task, root domain and clock; the call log goes to a sink nobody reads.
 */
static struct task_struct kc_eevdf_tasks[KC_EEVDF_TASKS];
static bool kc_eevdf_started[KC_EEVDF_TASKS];
static struct kc_path_out kc_eevdf_log_sink;

static void kc_eevdf_rq_init(const struct kc_eevdf_in *in)
{
	struct rq *rq = &kc_paths_rq;

	memset(rq, 0, sizeof(*rq));
	memset(&kc_rd, 0, sizeof(kc_rd));
	memset(&kc_idle_task, 0, sizeof(kc_idle_task));
	kc_out = &kc_eevdf_log_sink;
	kc_out->nr_log = 0;
	kc_paths_tick_nsec = in->tick_nsec;
	sysctl_sched_base_slice = (unsigned int)in->base_slice;
	kc_paths_cpu_scale = kc_paths_freq_scale = SCHED_CAPACITY_SCALE;
	kc_paths_freq_ref = 0;
	kc_paths_hw_pressure = 0;
	sched_uclamp_used = false;
	rq->rd = &kc_rd;
	rq->idle = &kc_idle_task;
	kc_set_curr(rq, &kc_idle_task);
	rq->cfs.zero_vruntime = (u64)(-(1LL << 20)); /* init_cfs_rq() */
	rq->clock = rq->clock_task = rq->clock_pelt = 1ULL << 32;
	kc_sched_clock = 1ULL << 32;
	for (int id = UCLAMP_MIN; id < UCLAMP_CNT; id++) /* init_uclamp_rq() */
		rq->uclamp[id].value = k_uclamp_none(id);
	rq->uclamp_flags = UCLAMP_FLAG_IDLE;
	memset(kc_eevdf_tasks, 0, sizeof(kc_eevdf_tasks));
	memset(kc_eevdf_started, 0, sizeof(kc_eevdf_started));
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		struct task_struct *p = &kc_eevdf_tasks[t];

		p->sched_class = &kc_fair_sched_class;
		p->policy = in->sched_idle[t] ? SCHED_IDLE : SCHED_NORMAL;
		p->se.load.weight = scale_load(in->weight[t]); /* set_load_weight() */
		p->se.h_load = p->se.load;
		p->se.slice = in->slice[t] ? in->slice[t] : sysctl_sched_base_slice;
		p->se.custom_slice = in->slice[t] != 0;
		p->se.run_node.__rb_parent_color = (unsigned long)&p->se.run_node; /* RB_CLEAR_NODE */
		k_uclamp_se_set(&p->uclamp_req[UCLAMP_MIN], 0, false);
		k_uclamp_se_set(&p->uclamp_req[UCLAMP_MAX], SCHED_CAPACITY_SCALE, false);
	}
}

/* core.c's wakeup_preempt() between a fair curr and a fair wakee; the idle task is preempted */
static void kc_eevdf_wakeup_preempt(struct rq *rq, struct task_struct *p, int flags)
{
	if (rq->curr == &kc_idle_task)
		resched_curr(rq);
	else
		k_check_preempt_wakeup_fair(rq, p, flags);
}

/* activate_task() */
static void kc_eevdf_activate(struct rq *rq, struct task_struct *p, int flags)
{
	k_enqueue_task(rq, p, ENQUEUE_NOCLOCK | flags);
	p->on_rq = TASK_ON_RQ_QUEUED;
}

/* __schedule(): pick_task_fair() and the switch (put_prev_set_next_task()) */
static void kc_eevdf_schedule(struct rq *rq)
{
	struct task_struct *prev = rq->curr, *next = k_pick_task_fair(rq, NULL);

	prev->kc_need_resched = 0;
	if (next == prev)
		return;
	if (prev != &kc_idle_task)
		k_put_prev_task_fair(rq, prev, next);
	if (next)
		k_set_next_task_fair(rq, next, true);
	kc_set_curr(rq, next ? next : &kc_idle_task);
}

/* one operation; 0 if the step's task is not in a state for it */
static int kc_eevdf_op(struct rq *rq, unsigned op, unsigned t, uint64_t *selected)
{
	struct task_struct *p = &kc_eevdf_tasks[t], *curr = rq->curr;
	bool has_curr = curr != &kc_idle_task;

	switch (op) {
	case KC_EV_NEW: /* wake_up_new_task() */
		if (kc_eevdf_started[t])
			return 0;
		kc_eevdf_started[t] = true;
		kc_eevdf_activate(rq, p, ENQUEUE_INITIAL);
		kc_eevdf_wakeup_preempt(rq, p, WF_FORK);
		return 1;
	case KC_EV_WAKE: /* try_to_wake_up() */
		if (!kc_eevdf_started[t] || p == curr || (p->on_rq && !p->se.sched_delayed))
			return 0;
		if (p->on_rq) { /* ttwu_runnable() */
			k_enqueue_task(rq, p, ENQUEUE_NOCLOCK | ENQUEUE_DELAYED);
		} else {
			*selected = 1; /* select_task_rq(), then ttwu_do_activate() */
			kc_eevdf_activate(rq, p, ENQUEUE_WAKEUP);
		}
		kc_eevdf_wakeup_preempt(rq, p, WF_TTWU);
		return 1;
	case KC_EV_SLEEP: /* block_task() of curr, then schedule() */
		if (!has_curr)
			return 0;
		if (k_dequeue_task(rq, curr, DEQUEUE_NOCLOCK | DEQUEUE_SLEEP))
			__block_task(rq, curr);
		resched_curr(rq);
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
		resched_curr(rq);
		return 1;
	case KC_EV_MIGRATE: /* detach_task() / attach_task() of a queued task, here and back */
		if (!p->on_rq || p == curr || p->se.sched_delayed)
			return 0;
		p->on_rq = TASK_ON_RQ_MIGRATING;
		k_dequeue_task(rq, p, DEQUEUE_NOCLOCK);
		p->on_rq = 0;
		kc_eevdf_activate(rq, p, 0);
		kc_eevdf_wakeup_preempt(rq, p, 0);
		return 1;
	}
	return 0;
}

static uint64_t kc_eevdf_index(const struct task_struct *p)
{
	return p == &kc_idle_task ? KC_EEVDF_TASKS : (uint64_t)(p - kc_eevdf_tasks);
}

void kside_eevdf(const struct kc_eevdf_in *in, struct kc_eevdf_out *out)
{
	struct rq *rq = &kc_paths_rq;

	kc_eevdf_rq_init(in);
	for (unsigned k = 0; k < in->nr_steps; k++) {
		kc_sched_clock += in->dt[k];
		update_rq_clock(rq);
		kc_out->nr_log = 0;
		out->applied[k] = (uint64_t)kc_eevdf_op(rq, (unsigned)in->op[k], (unsigned)in->task[k],
							&out->selected[k]);
		out->resched[k] = (uint64_t)rq->curr->kc_need_resched;
		if (rq->curr->kc_need_resched)
			kc_eevdf_schedule(rq);
		out->curr[k] = kc_eevdf_index(rq->curr);
		out->zero_vruntime[k] = rq->cfs.zero_vruntime;
		out->nr_running[k] = rq->cfs.nr_queued;
		if (rq->curr != &kc_idle_task) {
			out->curr_vruntime[k] = rq->curr->se.vruntime;
			out->curr_deadline[k] = rq->curr->se.deadline;
		}
	}
	for (unsigned t = 0; t < in->nr_tasks; t++)
		KC_EEVDF_OUT_TASK(out, t, &kc_eevdf_tasks[t].se);
}
