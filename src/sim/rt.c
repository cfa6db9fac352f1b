// SPDX-License-Identifier: MIT
/*
 * rt.c - the RT class (kernel/sched/rt.c) on the engine's runqueues: its sched_class slots
 * (enqueue, dequeue, pick with SCHED_FIFO's and SCHED_RR's rules, put, set_next, tick with the
 * RR time slice, wake-up preemption by priority, yield, select_task_rq with cpupri as
 * model/rt_placement.c computes it) and rq->avg_rt (update_rt_rq_load_avg(), pelt.c).
 */
#include "internal.h"
#include "model/model.h"
#include "model/rt_placement.h"
#include "sim/sim.h"
#include "sim/sim_events.h"

/* mirrors sched_rr_timeslice: RR_TIMESLICE, 100 ms in ticks (100 x HZ / 1000) */
uint32_t sched_rr_timeslice(const struct capsim_sim *s)
{
	return 100 * s->opt.hz / 1000;
}

/* mirrors update_rt_rq_load_avg(), kernel/sched/pelt.c: 1 if it decayed. inline (sim.h
 * declares it without): LTO takes it into rq_update_blocked() */
inline int update_rt_rq_load_avg(struct capsim_sim *s, struct sim_rq *rq, int running)
{
	int decayed = pelt_update_rt_rq_load_avg(&rq->fc->avg_rt, rq_clock_pelt(rq), running);

	if (decayed) {
		rq_signals_changed(s, rq);
		sim_ev_pelt(s, rq, NULL, CAPSIM_PELT_RT);
	}
	return decayed;
}

/* the class of rq->curr is the RT class */
static int rt_running(const struct sim_rq *rq)
{
	return rq->curr && task_is_rt(rq->curr);
}

/*
 * mirrors enqueue_task_rt() (and activate_task()): rq->avg_rt brought up to date, the task at
 * the tail of its queue, then enqueue_top_rt_rq()'s cpufreq_update_util(); uclamp_rq_inc()
 * after it in the v6.12 order.
 */
static void enqueue_task_rt(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
			    bool wakeup, unsigned flags)
{
	(void)flags;
	update_curr(s, rq);
	p->cpu = rq->cpu;
	p->in_iowait &= !wakeup; /* enqueue_task_rt() passes no iowait flag */
	update_rt_rq_load_avg(s, rq, rt_running(rq));
	p->state = TASK_RUNNABLE;
	task_list_append(&rq->rt_head, &rq->rt_tail, p);
	rq->fc->rt_nr_running++;
	rq_signals_changed(s, rq);
	if (++rq->fc->nr_running >= 2)
		s->overloaded = true;
	rq_sync_view(s, rq);
	cpufreq_update_util(s, rq->cpu); /* enqueue_top_rt_rq() */
	if (!model_uclamp_inc_before_enqueue(s->opt.model)) {
		rq_uclamp_inc(s, rq, p);
		rq_sync_view(s, rq);
	}
}

/* mirrors dequeue_task_rt(), then dequeue_top_rt_rq()'s cpufreq_update_util() */
static void dequeue_task_rt(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
			    bool sleep)
{
	(void)sleep;
	update_curr(s, rq);
	update_rt_rq_load_avg(s, rq, rt_running(rq));
	if (rq->curr != p)
		task_list_remove(&rq->rt_head, &rq->rt_tail, p);
	rq->fc->rt_nr_running--;
	rq_signals_changed(s, rq);
	rq->fc->nr_running--;
	if (rq->curr == p) {
		/* put_prev_task(): it stops running at this instant */
		rq_put_dequeued_curr(rq, p);
		update_rt_rq_load_avg(s, rq, 1);
	}
	p->state = TASK_BLOCKED;
	rq_sync_view(s, rq);
	cpufreq_update_util(s, rq->cpu); /* dequeue_top_rt_rq() */
}

/*
 * mirrors pick_task_rt(): the highest priority queued; a running RT task @prev keeps the CPU
 * from equals (FIFO) unless it yielded or its RR slice ended
 */
static struct sim_task *pick_task_rt(struct capsim_sim *s, struct sim_rq *rq,
				     struct sim_task *prev)
{
	struct sim_task *next = NULL;
	bool prev_rt = prev && task_is_rt(prev);

	(void)s;
	for (struct sim_task *t = rq->rt_head; t; t = t->rq_next)
		if (!next || t->rt_prio > next->rt_prio)
			next = t;
	if (!next && prev_rt)
		next = prev;
	if (next && prev_rt && prev != next && prev->state == TASK_RUNNING &&
	    (prev->rt_prio > next->rt_prio || (prev->rt_prio == next->rt_prio && !prev->yielded)))
		next = prev;
	return next;
}

/*
 * mirrors put_prev_task_rt(): rq->avg_rt up to now. The kernel's running RT task never left
 * its priority's list, so a preempted one is still at its head (POSIX SCHED_FIFO) and runs
 * before the equal ones queued meanwhile; only a yield or the end of an RR slice
 * (requeue_task_rt()) sends it to the tail.
 */
static void put_prev_task_rt(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	update_rt_rq_load_avg(s, rq, 1);
	if (p->yielded)
		task_list_append(&rq->rt_head, &rq->rt_tail, p);
	else
		task_list_prepend(&rq->rt_head, &rq->rt_tail, p);
}

/* mirrors set_next_task_rt(): off its queue, rq->avg_rt up to now (it did not run) */
static void set_next_task_rt(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	task_list_remove(&rq->rt_head, &rq->rt_tail, p);
	update_rt_rq_load_avg(s, rq, 0);
	rq_set_curr(s, rq, p);
}

/*
 * mirrors task_tick_rt(): rq->avg_rt; a SCHED_RR task's time slice counts the ticks it is
 * running at (not its run time) and, used up, is refilled; the task then goes to the tail of
 * its priority's list (requeue_task_rt()) with a reschedule only if another task shares that
 * list: alone at its priority it keeps running at the head, as a lower task cannot run anyway
 */
static bool task_tick_rt(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	update_rt_rq_load_avg(s, rq, 1);
	if (p->policy != WL_POLICY_RR || --p->rr_time_slice)
		return false;
	p->rr_time_slice = sched_rr_timeslice(s);
	for (const struct sim_task *q = rq->rt_head; q; q = q->rq_next)
		if (q->rt_prio == p->rt_prio) {
			p->yielded = true;
			return true;
		}
	return false;
}

/* mirrors wakeup_preempt_rt(): a strictly higher priority preempts */
static void wakeup_preempt_rt(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
			      int wake_flags)
{
	(void)wake_flags;
	if (p->rt_prio > rq->curr->rt_prio)
		rq_resched(s, rq);
}

/* mirrors yield_task_rt(): an equal priority goes first at the next pick */
static void yield_task_rt(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	(void)s;
	(void)rq;
	p->yielded = true;
}

/*
 * mirrors select_task_rq() for an RT task (model/rt_placement.c): what each CPU's rq->curr
 * and rq->rt hold, cpupri as cpupri_set() leaves it (convert_prio() of the highest RT prio, or
 * CPUPRI_HIGHER while the sugov kthread is on the runqueue: inc_dl_deadline()), one
 * wake-affine level over all CPUs, woken from prev (the CPU whose hrtimer fired) with that
 * CPU's distribute cursor; a fork the same.
 */
static int select_task_rq_rt(struct capsim_sim *s, struct sim_task *p, int this_cpu,
			     int wake_flags)
{
	struct rt_rd rd; /* cpus[] past nr_cpus left unwritten: 8 KiB no one reads */
	struct rt_task t = {
		.prio = 99 - p->rt_prio,
		.uclamp_min = p->uclamp_eff[0],
		.uclamp_max = p->uclamp_eff[1],
		.prev_cpu = p->cpu,
		.allowed = p->allowed,
	};
	struct rt_place_result res;

	(void)this_cpu;
	(void)wake_flags;
	rd.nr_cpus = s->nr_cpus;
	rd.asym = s->asym;
	rd.dl_is_rt = model_rt_prio_dl(s->opt.model);
	rd.nr_levels = 1;
	rd.levels[0] = (struct rt_level){ .wake_affine = true };
	for (unsigned c = 0; c < s->nr_cpus; c++) {
		const struct sim_rq *rq = &s->rq[c];
		const struct sim_task *curr = rq->curr;
		int high = 99; /* rq->rt.highest_prio.curr: MAX_RT_PRIO - 1 when empty */
		bool dl = rq->dl_queued || (curr && task_is_dl(curr));

		if (curr && task_is_rt(curr))
			high = 99 - curr->rt_prio;
		for (const struct sim_task *q = rq->rt_head; q; q = q->rq_next)
			high = 99 - q->rt_prio < high ? 99 - q->rt_prio : high;
		rd.cpus[c] = (struct rt_cpu){
			.curr_prio = !curr ? 120 : task_prio(curr),
			.curr_nr_cpus_allowed = curr ? curr->nr_allowed : 1,
			.rt_highest_prio = high,
			.cpupri = rt_convert_prio(dl ? 100 : high), /* CPUPRI_HIGHER for DL */
			.arch_cap = rq->cap_orig,
		};
		capsim_cpumask_set(&rd.levels[0].span, c);
	}
	return rt_select_task_rq(&rd, &t, p->cpu, &s->distribute_prev[p->cpu], &res);
}

const struct sim_sched_class sim_rt_sched_class = {
	.next = &sim_fair_sched_class,
	.rank = 2,
	.uclamp_enabled = true,
	.enqueue_task = enqueue_task_rt,
	.dequeue_task = dequeue_task_rt,
	.pick_task = pick_task_rt,
	.put_prev_task = put_prev_task_rt,
	.set_next_task = set_next_task_rt,
	.task_tick = task_tick_rt,
	.select_task_rq = select_task_rq_rt,
	.wakeup_preempt = wakeup_preempt_rt,
	.yield_task = yield_task_rt,
};
