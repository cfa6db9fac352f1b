// SPDX-License-Identifier: MIT
/*
 * deadline.c - the deadline class (kernel/sched/deadline.c) for the one kind of deadline task
 * there is here, a policy's sugov kthread (SCHED_FLAG_SUGOV, a special entity: no bandwidth,
 * never throttled, preempting any other deadline task), and a CPU is in one policy at most:
 * its sched_class slots and rq->avg_dl (update_dl_rq_load_avg(), pelt.c).
 */
#include "internal.h"
#include "model/dl_placement.h"
#include "sim/sim.h"
#include "sim/sim_events.h"

/* mirrors update_dl_rq_load_avg(), kernel/sched/pelt.c: 1 if it decayed. inline, as
 * update_rt_rq_load_avg() */
inline int update_dl_rq_load_avg(struct capsim_sim *s, struct sim_rq *rq, int running)
{
	int decayed = pelt_update_dl_rq_load_avg(&rq->fc->avg_dl, rq_clock_pelt(rq), running);

	if (decayed) {
		rq_signals_changed(s, rq); /* cpu_util_dl() is a memo input */
		sim_ev_pelt(s, rq, NULL, CAPSIM_PELT_DL);
	}
	return decayed;
}

/*
 * mirrors enqueue_task_dl() of a special entity (SCHED_FLAG_SUGOV) and add_nr_running(): no
 * bandwidth (add_running_bw() skips it), hence no cpufreq_update_util(); the deadline class
 * has no uclamp (uclamp_enabled is 0) and no PELT update at enqueue.
 */
static void enqueue_task_dl(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
			    bool wakeup, unsigned flags)
{
	(void)wakeup;
	(void)flags;
	p->cpu = rq->cpu;
	p->state = TASK_RUNNABLE;
	rq->dl_queued = p;
	if (++rq->fc->nr_running >= 2)
		s->overloaded = true;
	rq_sync_view(s, rq);
}

/*
 * mirrors dequeue_task_dl(DEQUEUE_SLEEP) of the running kthread with update_curr_dl() (no
 * runtime is charged to a special entity) and the put_prev_task_dl() of the switch that
 * follows: rq->avg_dl counts the time it ran.
 */
static void dequeue_task_dl(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
			    bool sleep)
{
	(void)sleep;
	update_curr(s, rq);
	rq->fc->nr_running--;
	rq_put_dequeued_curr(rq, p);
	update_dl_rq_load_avg(s, rq, 1);
	p->state = TASK_BLOCKED;
	rq_sync_view(s, rq);
}

/* mirrors pick_task_dl(): the queued kthread, or the running one */
static struct sim_task *pick_task_dl(struct capsim_sim *s, struct sim_rq *rq,
				     struct sim_task *prev)
{
	(void)s;
	if (rq->dl_queued)
		return rq->dl_queued;
	return prev && task_is_dl(prev) ? prev : NULL;
}

/* mirrors set_next_task_dl(): off the queue, rq->avg_dl up to now (the previous task was not
 * a deadline one) */
static void set_next_task_dl(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	rq->dl_queued = NULL;
	update_dl_rq_load_avg(s, rq, 0);
	rq_set_curr(s, rq, p);
}

/* mirrors task_tick_dl(): update_curr_dl()'s rq->avg_dl; a special entity is not throttled */
static bool task_tick_dl(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	(void)p;
	update_dl_rq_load_avg(s, rq, 1);
	return false;
}

/* mirrors wakeup_preempt_dl() with dl_entity_preempt(): a special entity preempts any */
static void wakeup_preempt_dl(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
			      int wake_flags)
{
	(void)p;
	(void)wake_flags;
	rq_resched(s, rq);
}

/*
 * mirrors select_task_rq() for a deadline task, the sugov kthread (model/dl_placement.c):
 * what each CPU's rq->curr and rq->dl hold (deadline tasks here are all special, so their
 * deadlines never decide), its density (1 ms / 10 ms), one wake-affine level over all CPUs,
 * woken from @this_cpu with that CPU's distribute cursor.
 */
static int select_task_rq_dl(struct capsim_sim *s, struct sim_task *p, int this_cpu,
			     int wake_flags)
{
	struct dl_rd rd; /* cpus[] past nr_cpus left unwritten: 10 KiB no one reads */
	struct dl_task t = {
		.special = true,
		.dl_density = dl_to_ratio(SUGOV_DL_DEADLINE_NS, SUGOV_DL_RUNTIME_NS),
		.prev_cpu = p->cpu,
		.allowed = p->allowed,
	};
	struct dl_place_result res;

	(void)wake_flags;
	rd.nr_cpus = s->nr_cpus;
	rd.asym = s->asym;
	rd.nr_levels = 1;
	rd.levels[0] = (struct rt_level){ .wake_affine = true };
	for (unsigned c = 0; c < s->nr_cpus; c++) {
		const struct sim_rq *rq = &s->rq[c];
		bool curr_dl = rq->curr && task_is_dl(rq->curr);

		rd.cpus[c] = (struct dl_cpu){
			.curr_dl = curr_dl,
			.curr_special = curr_dl,
			.curr_nr_cpus_allowed = rq->curr ? rq->curr->nr_allowed : 1,
			.dl_nr_running = curr_dl + (rq->dl_queued != NULL),
			.arch_cap = rq->cap_orig,
		};
		capsim_cpumask_set(&rd.levels[0].span, c);
	}
	return dl_select_task_rq(&rd, &t, this_cpu, &s->distribute_prev[this_cpu], &res);
}

/*
 * put_prev_task is NULL: a special deadline entity is never preempted here (no stopper), it
 * only sleeps (dequeue_task_dl()).
 */
const struct sim_sched_class sim_dl_sched_class = {
	.next = &sim_rt_sched_class,
	.rank = 3,
	.enqueue_task = enqueue_task_dl,
	.dequeue_task = dequeue_task_dl,
	.pick_task = pick_task_dl,
	.set_next_task = set_next_task_dl,
	.task_tick = task_tick_dl,
	.select_task_rq = select_task_rq_dl,
	.wakeup_preempt = wakeup_preempt_dl,
};
