// SPDX-License-Identifier: MIT
/*
 * core.c - the core scheduler (kernel/sched/core.c) on the engine's per-CPU runqueues: the rq
 * clocks (update_rq_clock(), and update_rq_clock_pelt() of kernel/sched/pelt.h), rq uclamp,
 * enqueue_task() / dequeue_task(), __schedule() with pick_next_task() over the class table,
 * wakeup_preempt() and sched_tick(), each calling the task's class (fair.c, rt.c, deadline.c,
 * idle.c: struct sim_sched_class in sim.h).
 */
#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "model/model.h"
#include "sim/sim.h"
#include "sim/sim_pressure.h"
#include "sim/sim_events.h"

/* mirrors sched_prio_to_weight[], kernel/sched/core.c */
static const uint32_t prio_to_weight[40] = {
	88761, 71755, 56483, 46273, 36291, 29154, 23254, 18705, 14949, 11916,
	9548,  7620,  6100,  4904,  3906,  3121,  2501,  1991,  1586,  1277,
	1024,  820,   655,   526,   423,   335,   272,   215,   172,   137,
	110,   87,    70,    56,    45,    36,    29,    23,    18,    15,
};

uint64_t sched_prio_to_weight(int nice)
{
	if (nice < -20)
		nice = -20;
	if (nice > 19)
		nice = 19;
	return prio_to_weight[nice + 20];
}

void rq_init(struct capsim_sim *s, struct sim_rq *rq, int cpu)
{
	memset(rq, 0, sizeof(*rq));
	rq->cpu = cpu;
	snprintf(rq->idle_comm, sizeof(rq->idle_comm), "swapper/%d", cpu);
	snprintf(rq->stopper_comm, sizeof(rq->stopper_comm), "migration/%d", cpu);
	rq->fc = &s->view[cpu];
	rq->memo = s->memo ? &s->memo[cpu] : NULL; /* NULL: none (kernel-check's one-rq sims) */
	rq->fc->capacity_of = SCHED_CAPACITY_SCALE; /* capacity_of() at boot */
	uclamp_rq_init(&rq->uclamp, s->opt.uclamp_buckets); /* CONFIG_UCLAMP_BUCKETS_COUNT */
	rq->fc->uclamp_max_rq = SCHED_CAPACITY_SCALE;
	rq->fc->uclamp_idle = true;
	rq_signals_changed(s, rq);
	rq->freq_scale = SCHED_CAPACITY_SCALE;
	rq->clk.clock = rq->clk.clock_task = rq->clk.clock_pelt = SIM_RQ_CLOCK_START_NS;
	rq->cap_orig = platform_cpu_capacity_orig(s->plat, (unsigned)cpu);
	rq->delivered_cap = rq->cap_orig; /* until cpus_sync() applies its limits */
	rq->freq_ref = platform_freq_ref(s->plat, (unsigned)cpu);
	/* freq_inv_set_max_ratio() with capacity_freq_ref, against the 1 GHz constant counter */
	rq->amu_max_freq_scale = amu_max_freq_scale(NSEC_PER_SEC, (uint64_t)rq->freq_ref * 1000);
	rq->opp_idx = -1;
	rq->policy = platform_policy_of(s->plat, (unsigned)cpu);
	rq->delivered_khz = rq->freq_ref;
	rq_speed_update(rq);
	/* every CPU starts idle with its tick stopped: in nohz.idle_cpus_mask */
	rq->tick_stopped = rq->nohz_tick_stopped = true;
	s->nohz_nr_cpus++;
	rq->avg_idle = 2 * SYSCTL_SCHED_MIGRATION_COST_NS; /* sched_init() */
	rq->max_idle_balance_cost = SYSCTL_SCHED_MIGRATION_COST_NS;
	rq->sd_llc_size = 1; /* update_top_cache_domain() without an LLC domain */
	rq->sd_llc_id = cpu;
	eevdf_rq_init(&rq->cfs, sim_base_slice_ns(s), NSEC_PER_SEC / s->opt.hz,
		      model_eevdf_pre_6_12(s->opt.model));
	rq->cfs.v7_3 = model_eevdf_7_3(s->opt.model);
	cfs_timeline_init(&rq->cfs61, s->nr_cpus); /* update_sysctl() for the online CPUs */
	s->fair = model_fair_cfs(s->opt.model) ? &sim_fair_cfs : &sim_fair_eevdf;
}

/* ---- clocks ------------------------------------------------------------------------------ */

/* mirrors update_rq_clock() + update_rq_clock_task() (no IRQ or steal time) and then
 * update_rq_clock_pelt() */
void update_rq_clock(struct capsim_sim *s, struct sim_rq *rq)
{
	uint64_t delta;

	if (s->now + SIM_RQ_CLOCK_START_NS <= rq->clk.clock)
		return;
	sim_account_rq(s, rq);
	delta = s->now + SIM_RQ_CLOCK_START_NS - rq->clk.clock;
	rq->clk.clock += delta;
	rq->clk.clock_task += delta;
	pelt_update_rq_clock_pelt(&rq->clk, delta, rq->curr == NULL, rq->cap_orig,
				  CAPSIM_MUT(26, rq->freq_scale, SCHED_CAPACITY_SCALE));
}

/* ---- uclamp ------------------------------------------------------------------------------ */

/* the clamps the model functions read: uclamp_rq_get() and UCLAMP_FLAG_IDLE */
static void uclamp_rq_publish(struct capsim_sim *s, struct sim_rq *rq)
{
	struct fair_cpu *fc = rq->fc;

	fc->uclamp_min_rq = rq->uclamp.clamp[CAPSIM_MUT(29, UCLAMP_ID_MIN, UCLAMP_ID_MAX)].value;
	fc->uclamp_max_rq = rq->uclamp.clamp[UCLAMP_ID_MAX].value;
	fc->uclamp_idle = CAPSIM_MUT(30, rq->uclamp.idle, false);
	rq_signals_changed(s, rq);
	sim_ev_uclamp(s, rq);
}

/*
 * mirrors uclamp_rq_inc() (kernel/sched/core.c; the buckets are model/uclamp.c's): nothing
 * until uclamp_is_used(), so tasks queued before the static key turned on are not counted
 * until their next enqueue, as in the kernel.
 */
void rq_uclamp_inc(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	const uint32_t eff[UCLAMP_IDS] = { (uint32_t)p->uclamp_eff[0], (uint32_t)p->uclamp_eff[1] };

	if (CAPSIM_MUT(31, !s->rd.uclamp_used, false))
		return;
	uclamp_rq_inc(&rq->uclamp, p->uclamp_se, eff);
	uclamp_rq_publish(s, rq);
}

/*
 * @p's clamps changed while it is queued on @rq: __sched_setscheduler()'s dequeue_task() and
 * enqueue_task() around the new requests count it again with its new effective values.
 */
void rq_uclamp_requeue(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	rq_uclamp_dec(s, rq, p);
	rq_uclamp_inc(s, rq, p);
	rq_sync_view(s, rq);
}

/* mirrors uclamp_rq_dec(): only the clamps uclamp_rq_inc() counted leave */
void rq_uclamp_dec(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	if (!s->rd.uclamp_used)
		return;
	uclamp_rq_dec(&rq->uclamp, p->uclamp_se);
	uclamp_rq_publish(s, rq);
}

/* ---- the pressures the placement code reads (src/model/fair.h) ------------------------------ */

/* The pressures in rq->fc: they change only with hw_load_avg updates and platform events. */
void rq_sync_pressure(struct capsim_sim *s, struct sim_rq *rq)
{
	/* what the run's kernel model believes (src/sim/sim_pressure.c, src/model/belief.c) */
	if (sim_pressure_fill_view(s, rq)) {
		rq_signals_changed(s, rq);
		sim_ev_counters(s, rq->cpu); /* the trace follows each change of the belief */
	}
}

/* rq_sync_view()'s capped model: its belief (arch_cap included) moves with time; the other
 * models' pressures change only where rq_sync_pressure() follows */
void rq_sync_capped(struct capsim_sim *s, struct sim_rq *rq)
{
	if (sim_pressure_fill_view(s, rq))
		rq_signals_changed(s, rq);
}

#ifndef NDEBUG
/* The stale field of rq_sync_view()'s idle flags of @rq, or NULL */
static const char *rq_view_check(const struct sim_rq *rq)
{
	if (rq->fc->idle != rq_view_idle(rq))
		return "idle";
	if (rq->fc->sched_idle != rq_view_sched_idle(rq))
		return "sched_idle";
	return NULL;
}
#endif

/*
 * Debug and ASan builds, after every event: each CPU's memo, where valid, and its idle flags
 * must equal what its struct fair_cpu and runqueue give now; else a writer of them missed its
 * rq_signals_changed() or rq_sync_view().
 */
void rq_check_memos(const struct capsim_sim *s)
{
#ifndef NDEBUG
	for (unsigned c = 0; c < s->nr_cpus; c++) {
		const char *stale = fair_memo_check(&s->rd, (int)c);

		if (!stale)
			stale = rq_view_check(&s->rq[c]);
		if (stale) {
			fprintf(stderr, "capsim: CPU %u's cached %s (fair_memo, rq_sync_view()) is stale at "
				"%llu ns (event %llu): a writer of its struct fair_cpu did not "
				"invalidate it\n", c,
				stale, (unsigned long long)s->now,
				(unsigned long long)s->nr_events);
			abort();
		}
	}
#else
	(void)s;
#endif
}

/*
 * mirrors update_curr() past rq_update_curr()'s test: @p's time since its exec_start charged.
 * noinline: a caller's test does not pay for its register saves (update_curr()'s did).
 */
__attribute__((noinline)) void rq_charge_curr(struct capsim_sim *s, struct sim_rq *rq,
					      struct sim_task *p)
{
	uint64_t delta = rq->clk.clock - p->exec_start;

	p->exec_start = rq->clk.clock;
	p->st.runtime_ns += delta;
	task_progress(p, rq, delta);
	task_add_cpu_time(p, rq->cpu, delta); /* last: a change of CPU is a tail call */
}

/* mirrors the class's update_curr() on the scheduler's paths: rq_update_curr() and, for a fair
 * curr, its vruntime (update_curr_fair(), fair.c) */
void update_curr(struct capsim_sim *s, struct sim_rq *rq)
{
	rq_update_curr(s, rq);
	if (rq->curr && rq->curr->sched_class->update_curr)
		rq->curr->sched_class->update_curr(s, rq);
}

/* ---- enqueue / dequeue ------------------------------------------------------------------- */

/*
 * mirrors enqueue_task() (activate_task()): uclamp_rq_inc() before ->enqueue_task(), whose
 * frequency update then sees the clamps, or after it (v6.12: the class does it), for the
 * classes with uclamp; the rq clock; the class's enqueue.
 */
void rq_enqueue_flags(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p, bool wakeup,
		      unsigned flags)
{
	bool uclamp_first = model_uclamp_inc_before_enqueue(s->opt.model);

	if (p->sched_class->uclamp_enabled && CAPSIM_MUT(5, uclamp_first, !uclamp_first))
		rq_uclamp_inc(s, rq, p);
	update_rq_clock(s, rq);
	p->sched_class->enqueue_task(s, rq, p, wakeup, flags);
	sim_iowait_sync(s, p);
}

void rq_enqueue(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p, bool wakeup)
{
	rq_enqueue_flags(s, rq, p, wakeup, 0);
}

/*
 * mirrors dequeue_task() (deactivate_task()): uclamp_rq_dec() before ->dequeue_task() in every
 * version, so its frequency update no longer counts the leaving task's clamps; the rq clock;
 * the class's dequeue (@sleep: DEQUEUE_SLEEP).
 */
void rq_dequeue(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p, bool sleep)
{
	if (p->sched_class->uclamp_enabled)
		CAPSIM_MUT(13, rq_uclamp_dec(s, rq, p), (void)0);
	update_rq_clock(s, rq);
	p->sched_class->dequeue_task(s, rq, p, sleep);
	sim_iowait_sync(s, p);
}

/* The running @p was dequeued: it stops being curr, and the switch away from it is
 * rq_resched()'s (its class then brings its own signal up to this instant). */
void rq_put_dequeued_curr(struct sim_rq *rq, struct sim_task *p)
{
	rq->curr = NULL;
	rq->dequeued_curr = p;
	rq_cancel_completion(rq);
}

/* ---- switching --------------------------------------------------------------------------- */

/* the class of rq->curr: the idle class for the idle task (NULL) */
static const struct sim_sched_class *curr_class(const struct sim_rq *rq)
{
	return rq->curr ? rq->curr->sched_class : &sim_idle_sched_class;
}

/* mirrors put_prev_task() of the running task, which stays queued */
static void put_prev(struct capsim_sim *s, struct sim_rq *rq)
{
	struct sim_task *p = rq->curr;

	if (!p)
		return;
	assert(p->sched_class->put_prev_task); /* not the sugov kthread: never preempted */
	p->sched_class->put_prev_task(s, rq, p);
	p->state = TASK_RUNNABLE;
	rq->curr = NULL;
}

/*
 * The end of the class's set_next_task(): @p is rq->curr from now, running, and the wake-up
 * latency it waited for is counted.
 */
void rq_set_curr(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	p->yielded = false;
	rq->curr = p;
	p->state = TASK_RUNNING;
	p->exec_start = rq->clk.clock;
	if (p->lat_pending) {
		task_record_latency(p, s->now - p->wake_time);
		p->lat_pending = false;
	}
}

/*
 * mirrors pick_next_task() / __pick_next_task(): each class from the highest down
 * (for_each_class()) until one has a task; NULL is the idle class's (the idle task). Its fast
 * path first: with no task of a class above fair, prev's included (no deadline task queued, no
 * RT one), the fair class's pick is the answer (the classes above would find none).
 */
static struct sim_task *pick_next_task(struct capsim_sim *s, struct sim_rq *rq,
				       struct sim_task *prev)
{
	if (!rq->dl_queued && !rq->rt_head && (!prev || task_is_fair(prev)))
		return sim_fair_sched_class.pick_task(s, rq, prev);
	for (const struct sim_sched_class *c = sched_class_highest; c; c = c->next) {
		struct sim_task *next = c->pick_task ? c->pick_task(s, rq, prev) : NULL;

		if (next)
			return next;
	}
	return NULL;
}

/* mirrors put_prev_task_balance(): the classes' balance() (the fair class's newidle) */
static void balance_classes(struct capsim_sim *s, struct sim_rq *rq)
{
	for (const struct sim_sched_class *c = sched_class_highest; c; c = c->next)
		if (c->balance)
			c->balance(s, rq);
}

/*
 * mirrors __schedule()'s pick: update_rq_clock(), curr's runtime, its reschedule request
 * cleared, then __pick_next_task(): deadline (the sugov kthread) first, then RT, then fair (whose
 * pick dequeues for good the delayed tasks it chooses); an rq about to idle first tries the
 * classes' balance (sched_balance_newidle()). A fair curr that left the queue is put
 * (put_prev_entity()) once the pick is made. NULL: the idle task.
 */
struct sim_task *rq_pick_next(struct capsim_sim *s, struct sim_rq *rq)
{
	struct sim_task *prev = rq->curr, *next = NULL;

	update_rq_clock(s, rq);
	CAPSIM_MUT(215, update_curr(s, rq), (void)0);
	rq->fair_resched = CAPSIM_MUT(216, false, rq->fair_resched);
	for (int tries = 0; tries < 2; tries++) {
		next = pick_next_task(s, rq, prev);
		fair_put_prev_dequeued(s, rq, prev);
		if (next || tries)
			break;
		balance_classes(s, rq);
	}
	return next;
}

/*
 * mirrors put_prev_set_next_task(): curr put back (its class's put_prev_task()), the idle
 * task's first where the CPU leaves idle (@from_idle), then @next set (NULL: the idle task,
 * whose set_next_task_idle() idles the PELT clock); nothing if @next is curr
 */
void rq_put_prev_set_next(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *next,
			  bool from_idle)
{
	if (next && next == rq->curr)
		return;
	put_prev(s, rq);
	if (from_idle)
		sim_idle_sched_class.put_prev_task(s, rq, NULL); /* the wake-up ends idle */
	if (next || CAPSIM_MUT(219, true, false))
		(next ? next->sched_class : &sim_idle_sched_class)->set_next_task(s, rq, next);
}

/*
 * mirrors __schedule(): the pick (rq_pick_next()), then the switch (rq_put_prev_set_next()),
 * delayed while the CPU leaves an idle state. A fair task the kthread preempted was put back
 * (put_prev_entity()), so pick_eevdf() chooses again, with no curr, once the kthread sleeps.
 */
void rq_resched(struct capsim_sim *s, struct sim_rq *rq)
{
	struct sim_task *prev = rq->curr, *next;
	/* the task the CPU switches from: curr, or the one rq_dequeue() just took off it */
	struct sim_task *from = prev ? prev : rq->dequeued_curr;

	rq->dequeued_curr = NULL;
	rq->sched_prev = from; /* still current for ftrace until the switch (newidle, schedutil) */
	next = rq_pick_next(s, rq);
	if (next && !from && !rq->stopper_curr && sim_idle_exit_pending(s, rq)) {
		rq->sched_prev = NULL; /* it runs once out of its idle state (EV_IDLE_EXIT) */
		return;
	}
	if (next == prev && (next || !from)) {
		rq->sched_prev = NULL;
		if (next && !next->in_cpu_event)
			sim_queue_advance(s, rq);
		else
			rq_arm_completion(s, rq);
		return;
	}
	rq_put_prev_set_next(s, rq, next, next && !from && !rq->stopper_curr);
	if (!next) {
		sim_ev_switch(s, rq->cpu, from, NULL);
		rq->stopper_curr = false;
		rq->sched_prev = NULL;
		sim_ev_counters(s, rq->cpu);
		sim_idle_enter(s, rq); /* do_idle() -> cpuidle_idle_call() */
		rq_sync_view(s, rq);
		rq_cancel_completion(rq);
		return;
	}
	sim_ev_switch(s, rq->cpu, from, next);
	rq->stopper_curr = false;
	rq->sched_prev = NULL;
	sim_ev_counters(s, rq->cpu);
	rq_sync_view(s, rq);
	sim_tick_start(s, rq);
	if (!next->in_cpu_event)
		sim_queue_advance(s, rq); /* it runs its next events; it may block at once */
	else
		rq_arm_completion(s, rq);
}

/*
 * mirrors wakeup_preempt(): a higher class at once (deadline over RT over fair over idle);
 * within a class, the class's wakeup_preempt() (the sugov kthread, a special entity, preempts
 * any deadline task: wakeup_preempt_dl(); check_preempt_wakeup_fair() between fair tasks).
 */
void rq_check_preempt_wakeup_flags(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
				   int wake_flags)
{
	const struct sim_sched_class *c;

	/* the wake-up's frequency request reaches the sugov kthread before any switch */
	if (s->irq_work_pending)
		sugov_irq_work_run(s);
	c = curr_class(rq);
	if (p->sched_class == c)
		c->wakeup_preempt(s, rq, p, wake_flags);
	else if (p->sched_class->rank > c->rank)
		rq_resched(s, rq);
}

void rq_check_preempt_wakeup(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	rq_check_preempt_wakeup_flags(s, rq, p, WF_TTWU);
}

/* mirrors do_sched_yield(): the yield_task() of the running @p's class */
void rq_yield(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	p->sched_class->yield_task(s, rq, p);
}

/* Arm the event at which the running task's current run/runtime ends at today's speed; an
 * event already pending for the same task and time is kept. */
void rq_arm_completion(struct capsim_sim *s, struct sim_rq *rq)
{
	struct sim_task *p = rq->curr;
	uint64_t t;

	if (!p || !p->in_cpu_event) {
		rq_cancel_completion(rq);
		return;
	}
	t = s->now + task_time_to_done(s, p, rq);
	if (rq->armed_time == t && rq->armed_task == p)
		return;
	rq_cancel_completion(rq);
	rq->armed_time = t;
	rq->armed_task = p;
	sim_push(s, t, EV_CPU_DONE, (uint32_t)rq->cpu, rq->gen);
}

/* ---- tick -------------------------------------------------------------------------------- */

/*
 * The part of sched_tick() up to and with the class tick: the clock, hw_load_avg on the task clock
 * (update_hw_load_avg()), then the class tick of the running task (task_tick_fair(),
 * task_tick_rt(), task_tick_dl()). Return: whether it asked for a reschedule (resched_curr():
 * TIF_NEED_RESCHED), which rq_tick() honours. kernel-check's task_tick_fair group calls it.
 */
bool rq_tick_curr(struct capsim_sim *s, struct sim_rq *rq)
{
	struct sim_task *c = rq->curr;
	bool resched = false;

	if (s->fie == PLATFORM_FIE_AMU) /* arch_scale_freq_tick() comes before update_rq_clock() */
		sim_amu_tick(s, rq->cpu);
	update_rq_clock(s, rq);
	CAPSIM_MUT(60, sim_pressure_tick(s, rq->cpu), (void)0);
	rq_sync_pressure(s, rq);
	CAPSIM_MUT(69, update_curr(s, rq), (void)0);
	if (c)
		resched = c->sched_class->task_tick(s, rq, c);
	if (CAPSIM_MUT(69, false, true))
		update_curr(s, rq);
	rq_sync_time(s, rq);
	return resched;
}

/*
 * mirrors sched_tick() and the end of its interrupt: rq_tick_curr(), then
 * sched_balance_trigger() (its SCHED_SOFTIRQ runs as the interrupt exits, on the runqueue as
 * the tick left it: the task the tick asked to preempt is still running, so the balance
 * cannot detach it), then the tick's frequency request (its irq_work, whose self-IPI is taken
 * before the return), and only then the reschedule the tick asked for (TIF_NEED_RESCHED,
 * honoured by schedule() on the way out of the interrupt).
 */
void rq_tick(struct capsim_sim *s, struct sim_rq *rq)
{
	bool resched = rq_tick_curr(s, rq);

	if (CAPSIM_MUT(130, false, resched)) /* the switch before the balance, as capsim had it */
		rq_resched(s, rq);
	sched_balance_trigger(s, rq);
	if (s->irq_work_pending)
		sugov_irq_work_run(s);
	if (resched)
		rq_resched(s, rq);
	else
		rq_arm_completion(s, rq);
}
