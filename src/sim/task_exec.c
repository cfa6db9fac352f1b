// SPDX-License-Identifier: MIT
/*
 * task_exec.c - running an rt-app workload (src/input/workload.h) as rt-app's threads would: each
 * thread walks its phases and events (rt-app's run_event(), src/rt-app.c) and the simulator
 * turns each event into CPU work, wall time, sleeping or blocking on a resource. `run` and
 * `mem`/`iorun`/`memrun` are calibrated work: N ns on the calibration CPU alone at its
 * reference frequency, so on CPU c at delivered frequency f they progress at
 * capacity_orig(c) * f / freq_ref(c) relative to capacity_orig(calibration CPU).
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "sim/sim.h"
#include "sim/sim_pressure.h"
#include "sim/sim_events.h"

/* Zero-time events one task may run at one instant before we call it a livelock. */
#define ZERO_TIME_EVENT_LIMIT 1000000u

static const struct wl_task *wl_of(const struct capsim_sim *s, const struct sim_task *p)
{
	return &s->wl->tasks[p->wl_task];
}

/* ---- speed ------------------------------------------------------------------------------- */

/* Work units per wall ns on @rq's CPU: its speed as the rq keeps it (rq_speed_update()). */
static void cpu_speed(const struct sim_rq *rq, uint64_t *num, uint64_t *den)
{
#ifndef NDEBUG
	uint64_t n, d;

	rq_speed_of(rq, &n, &d);
	if (rq->speed_num != n || rq->speed_den != d) {
		fprintf(stderr, "capsim: CPU %d's speed is stale (%llu/%u, not %llu/%llu): "
			"a write of its frequency or capacity skipped rq_speed_update()\n", rq->cpu,
			(unsigned long long)rq->speed_num, rq->speed_den, (unsigned long long)n,
			(unsigned long long)d);
		abort();
	}
#endif
	*num = rq->speed_num;
	*den = rq->speed_den;
}

/*
 * floor(@x / @den) for an @x below @den x 2^64 (the quotient fits 64 bits) and a 32-bit @den:
 * long division by 32-bit digits, two 64-bit divisions (the high digit, x >> 64, is below
 * @den, so each partial dividend fits 64 bits), where `x / den` would call __udivti3().
 */
static uint64_t div_u128_u32(unsigned __int128 x, uint32_t den)
{
	uint64_t lo = (uint64_t)x;
	uint64_t a = (uint64_t)(x >> 64) << 32 | lo >> 32;
	uint64_t b = (a % den) << 32 | (lo & UINT32_MAX);

	return (a / den) << 32 | b / den;
}

void task_progress(struct sim_task *p, const struct sim_rq *rq, uint64_t delta)
{
	uint64_t num, den, done;
	unsigned __int128 x;

	if (!p->in_cpu_event || p->cpu_event_is_wall)
		return;
	cpu_speed(rq, &num, &den);
	if (delta <= UINT32_MAX && num <= UINT32_MAX) {
		done = delta * num / den; /* fits 64 bits: no 128-bit division */
	} else {
		/* floor(x / den) >= work_left exactly when x >= work_left x den, and below that
		 * the quotient fits 64 bits: no call, for which rq_charge_curr() would save
		 * registers at each charge */
		x = (unsigned __int128)delta * num;
		done = x >= (unsigned __int128)p->work_left * den ? p->work_left :
		       div_u128_u32(x, (uint32_t)den);
	}
	p->work_left = done >= p->work_left ? 0 : p->work_left - done;
}

uint64_t task_time_to_done(const struct capsim_sim *s, const struct sim_task *p,
			   const struct sim_rq *rq)
{
	uint64_t num, den, t;
	unsigned __int128 wide;

	if (p->cpu_event_is_wall)
		return p->wall_end > s->now ? p->wall_end - s->now : 0;
	cpu_speed(rq, &num, &den);
	if (!__builtin_mul_overflow(p->work_left, den, &t) &&
	    !__builtin_add_overflow(t, num - 1, &t)) {
		t /= num; /* fits 64 bits: no 128-bit division, nor compare */
	} else {
		wide = ((unsigned __int128)p->work_left * den + num - 1) / num;
		t = wide > UINT64_MAX / 2 ? UINT64_MAX / 2 : (uint64_t)wide;
	}
	return t > UINT64_MAX / 2 ? UINT64_MAX / 2 : t;
}

/* ---- blocking and waking ----------------------------------------------------------------- */

static void wq_add(struct capsim_sim *s, int res, struct sim_task *p)
{
	struct sim_task **pp = &s->wq_head[res];

	while (*pp)
		pp = &(*pp)->wq_next;
	p->wq_next = NULL;
	*pp = p;
	p->waiting_res = res;
	s->nr_res_waiters++;
	deadlock_check(s, p);
}

static struct sim_task *wq_pop(struct capsim_sim *s, int res)
{
	struct sim_task *p = s->wq_head[res];

	if (p) {
		s->wq_head[res] = p->wq_next;
		p->wq_next = NULL;
		p->waiting_res = -1;
		s->nr_res_waiters--;
	}
	return p;
}

/* The running task @p goes to sleep (deactivate_task(DEQUEUE_SLEEP)) and its CPU reschedules. */
static void task_block(struct capsim_sim *s, struct sim_task *p)
{
	struct sim_rq *rq = &s->rq[p->cpu];

	rq_dequeue(s, rq, p, true);
	rq_resched(s, rq);
}

/* mirrors select_task_rq(): the class's choice, unless @p may run on one CPU (cpumask_any()) */
static int select_task_rq(struct capsim_sim *s, struct sim_task *p, int this_cpu, int wake_flags)
{
	if (p->nr_allowed == 1)
		return task_first_allowed(s, p, 0);
	return p->sched_class->select_task_rq(s, p, this_cpu, wake_flags);
}

/*
 * mirrors try_to_wake_up() from @this_cpu with @wake_flags beside WF_TTWU: select_task_rq,
 * migrate if needed, enqueue (or ttwu_queue_wakelist() onto a CPU in an idle state), check
 * preemption. @since: what caused the wake-up, where the wake-up latency counts from
 * (rt-app's wu_lat: a timer's expiry).
 */
static void try_to_wake_up(struct capsim_sim *s, struct sim_task *p, uint64_t since, int this_cpu,
			   int wake_flags)
{
	int cpu;

	if (p->state != TASK_BLOCKED)
		return;
	p->gen++;
	p->wake_time = since;
	p->lat_pending = true;
	p->st.activations++;
	sim_ev_wakeup(s, CAPSIM_EV_SCHED_WAKING, p);
	if (p->se.sched_delayed) {
		/* ttwu_runnable(): still queued, so requeued in place, no select_task_rq() (EAS
		 * and select_idle_capacity are not asked) */
		rq_requeue_delayed(s, &s->rq[p->cpu], p);
		sim_ev_wakeup(s, CAPSIM_EV_SCHED_WAKEUP, p);
		rq_check_preempt_wakeup(s, &s->rq[p->cpu], p);
		return;
	}
	cpu = select_task_rq(s, p, this_cpu, WF_TTWU | wake_flags);
	sim_pressure_placement(s, p, cpu);
	if (cpu != p->cpu)
		migrate_task(s, p, cpu, false);
	if (sim_idle_ttwu_queue(s, p, cpu))
		return; /* enqueued once the CPU is out of its idle state */
	rq_enqueue(s, &s->rq[cpu], p, true);
	ttwu_update_avg_idle(s, &s->rq[cpu]);
	sim_ev_wakeup(s, CAPSIM_EV_SCHED_WAKEUP, p);
	rq_check_preempt_wakeup(s, &s->rq[cpu], p);
}

/* a sleep timer's wake-up: its hrtimer fires on the CPU the task slept on */
void task_wake_since(struct capsim_sim *s, struct sim_task *p, uint64_t since)
{
	try_to_wake_up(s, p, since, p->cpu, 0);
}

void task_wake(struct capsim_sim *s, struct sim_task *p, int this_cpu)
{
	try_to_wake_up(s, p, s->now, this_cpu, 0);
}

/*
 * A waiter on a cond that was signalled must take its mutex again before it runs; woken with
 * @wake_flags (WF_SYNC where the workload declares the wake-up sync).
 */
static void cond_wake(struct capsim_sim *s, struct sim_task *p, int this_cpu, int wake_flags)
{
	int m = p->mutex_after_wake;

	p->mutex_after_wake = -1;
	if (m >= 0 && s->mutex_owner[m] >= 0 && s->mutex_owner[m] != (int)p->id) {
		wq_add(s, m, p);
		return;
	}
	if (m >= 0)
		s->mutex_owner[m] = (int)p->id;
	try_to_wake_up(s, p, s->now, this_cpu, wake_flags);
}

static void mutex_unlock(struct capsim_sim *s, int m, struct sim_task *p)
{
	struct sim_task *w;

	if (s->mutex_owner[m] != (int)p->id)
		return;
	s->mutex_owner[m] = -1;
	w = wq_pop(s, m);
	if (w) {
		s->mutex_owner[m] = (int)w->id;
		task_wake(s, w, p->cpu);
	}
}

/* ---- phases, loops and the end of a task ------------------------------------------------ */

static void task_load_phase(struct capsim_sim *s, struct sim_task *p);
#ifndef NDEBUG
static bool task_steps_current(const struct capsim_sim *s, const struct sim_task *p);
#endif
static void task_apply_phase(struct capsim_sim *s, struct sim_task *p);

/* mirrors do_exit() for the scheduler: dequeue, drop the task's util from its cfs_rq */
static void task_exit(struct capsim_sim *s, struct sim_task *p)
{
	struct sim_rq *rq = &s->rq[p->cpu];

	rq_dequeue(s, rq, p, false);
	if (p->sched_class->task_dead)
		p->sched_class->task_dead(s, rq, p);
	p->state = TASK_DEAD;
	sim_iowait_sync(s, p);
	s->live_tasks--;
	rq_resched(s, rq);
	deadlock_check(s, NULL); /* it may have been the last one that could wake the others */
}

/*
 * A loop of @p's phase ended (thread_body()'s log_timing() row), or the run ends in its last
 * timer's sleep (@partial): counted, sent to the sink, and the next loop starts now. Without a
 * loop log (no sink) only the count.
 */
static void task_loop_end(struct capsim_sim *s, struct sim_task *p, bool partial)
{
	if (!partial)
		p->st.loops++;
	if (!p->lp)
		return;
	sim_ev_rtapp_loop(s, p, partial);
	*p->lp = (struct sim_loop_log){ .start = s->now };
}

void sim_end_loops(struct capsim_sim *s)
{
	if (sim_sink_skips(s, CAPSIM_EV_RTAPP_LOOP))
		return;
	for (uint32_t i = 0; i < s->nr_tasks; i++) {
		struct sim_task *p = s->tasks[i];

		if (p->state != TASK_DEAD && p->lp && p->lp->timer_expiry)
			task_loop_end(s, p, true);
	}
}

/*
 * Move to the next event step (p->step) through the ends of loops and the starts of phases, and
 * return it; NULL when the task has run all its loops.
 */
static const struct sim_step *task_next_position(struct capsim_sim *s, struct sim_task *p)
{
	const struct sim_step *st = p->step;

	while (st->type >= SIM_STEP_PHASE) {
		if (st->type == SIM_STEP_PHASE) {
			p->phase = (unsigned)st->res;
			task_load_phase(s, p);
			task_apply_phase(s, p);
			st++;
			continue;
		}
		if (st->type != SIM_STEP_TASK_END) /* a phase's end, or the last one's with the task's */
			task_loop_end(s, p, false);
		if (st->type == SIM_STEP_PHASE_END) {
			p->phase_loops++;
			if (st->loop < 0 || p->phase_loops < st->loop) {
				st = &p->steps[st->res];
			} else {
				p->phase_loops = 0;
				st++; /* the next phase, or the end of the task's loop */
			}
			continue;
		}
		p->phase = 0;
		p->task_loops++;
		if (st->loop >= 0 && p->task_loops >= st->loop)
			return NULL;
		st = &p->steps[st->res];
	}
	p->step = st;
	return st;
}

/* ---- events ------------------------------------------------------------------------------ */

static struct sim_timer *timer_of(struct capsim_sim *s, struct sim_task *p,
				   const struct sim_step *e)
{
	/* the event says what its resource's owner would (rtapp.c); task_compile() found its slot */
	return e->unique ? &p->utimers[e->res] : &s->timers[e->res];
}

/* mirrors rt-app's timer event: returns true if the task sleeps until the next period */
static bool run_timer(struct capsim_sim *s, struct sim_task *p, const struct sim_step *e)
{
	struct sim_timer *t = timer_of(s, p, e);
	int64_t slack;

	/* rt-app's run(): the first expiry is one period after the thread's t_first */
	if (!t->init) {
		t->init = true;
		t->t_next = p->t_first;
	}
	t->t_next += e->ns;
	slack = (int64_t)(t->t_next - s->now);
	if (p->lp) {
		p->lp->c_period += e->ns;
		p->lp->slack = slack;
		p->lp->timers++;
	}
	p->st.timer_events++;
	p->st.slack_sum_ns += slack;
	if (p->st.timer_events == 1 || slack < p->st.slack_min_ns)
		p->st.slack_min_ns = slack;
	if (s->now < t->t_next) {
		if (p->lp)
			p->lp->timer_expiry = t->t_next;
		sim_ev_rtapp_timer(s, p, slack, false);
		sim_push(s, t->t_next, EV_TASK_WAKE, p->id, p->gen + 1);
		sim_timer_arm(s, p, t->t_next);
		return true;
	}
	p->st.deadline_misses++;
	if (p->lp)
		p->lp->wu_lat = 0; /* rt-app forgets the loop's wake-up latency when a timer is late */
	sim_ev_rtapp_timer(s, p, slack, true);
	if (!e->absolute)
		t->t_next = s->now;
	return false;
}

/* the waiters on @res, woken by the task running on @this_cpu with @wake_flags */
static void wake_all(struct capsim_sim *s, int res, int this_cpu, int wake_flags)
{
	struct sim_task *w;

	while ((w = wq_pop(s, res)))
		cond_wake(s, w, this_cpu, wake_flags);
}

/* the wake_flags of a signal, broad or resume: WF_SYNC only where the workload says "sync" */
static int event_wake_flags(const struct sim_step *e)
{
	return e->sync ? WF_SYNC : 0;
}

/* pthread_cond_wait(cond, mutex): release the mutex and wait for a signal. */
static void cond_wait(struct capsim_sim *s, struct sim_task *p, int cond, int mutex)
{
	if (mutex >= 0)
		mutex_unlock(s, mutex, p);
	p->mutex_after_wake = mutex;
	wq_add(s, cond, p);
	task_block(s, p);
}

static void task_fork(struct capsim_sim *s, int wl_task, int parent_cpu);

/*
 * A synchronisation call the pthread rules refuse: the run stops with @fmt (naming the resource
 * @res) at the event's line. Return: false (the task does not go on).
 */
static bool misuse(struct capsim_sim *s, const struct sim_task *p, const struct sim_step *e,
		   const char *fmt, int res)
{
	char what[256];

	snprintf(what, sizeof(what), fmt, s->wl->resources[res].name);
	sim_fail(s, CAPSIM_ERR_INVALID, e->line, "tasks.%s: %s %s", wl_of(s, p)->name, p->name,
		 what);
	return false;
}

/* A run, mem or runtime of @ns (@work of it calibrated work) starts: into @p's loop log, if any. */
static void log_cpu_event(const struct capsim_sim *s, struct sim_task *p, uint64_t ns,
			  uint64_t work)
{
	if (!p->lp)
		return;
	p->lp->cpu_event_start = s->now;
	p->lp->c_duration += ns;
	p->lp->work += work;
}

/* run_event() of a run or mem: calibrated CPU work */
static bool run_work(struct capsim_sim *s, struct sim_task *p, const struct sim_step *e)
{
	p->in_iowait |= e->iowait; /* io_schedule(): the next wake-up is an iowait one */
	if (!e->ns)
		return true;
	p->in_cpu_event = true;
	p->cpu_event_is_wall = false;
	p->work_left = e->ns * s->cap_calib;
	log_cpu_event(s, p, e->ns, e->ns);
	rq_arm_completion(s, &s->rq[p->cpu]);
	return false;
}

/*
 * Run one event; true if the task keeps going with the next one at once. A periodic task's
 * run and timer are tested first, before the switch's table (its address held across the
 * walk took a register).
 */
static bool run_event(struct capsim_sim *s, struct sim_task *p, const struct sim_step *e)
{
	if (__builtin_expect(e->type == WL_EV_RUN, 1))
		return run_work(s, p, e);
	if (__builtin_expect(e->type == WL_EV_TIMER, 1)) {
		if (!run_timer(s, p, e))
			return true;
		task_block(s, p);
		return false;
	}
	switch (e->type) {
	case WL_EV_MEM:
		return run_work(s, p, e);
	case WL_EV_RUNTIME:
		if (!e->ns)
			return true;
		p->in_cpu_event = true;
		p->cpu_event_is_wall = true;
		p->wall_end = s->now + e->ns;
		log_cpu_event(s, p, e->ns, 0);
		rq_arm_completion(s, &s->rq[p->cpu]);
		return false;
	case WL_EV_SLEEP:
		if (!e->ns)
			return true;
		sim_push(s, s->now + e->ns, EV_TASK_WAKE, p->id, p->gen + 1);
		sim_timer_arm(s, p, s->now + e->ns);
		task_block(s, p);
		return false;
	case WL_EV_YIELD:
		task_yield(s, p);
		return false;
	case WL_EV_BARRIER:
		if (++s->barrier_waiting[e->res] >= s->barrier_users[e->res]) {
			s->barrier_waiting[e->res] = 0;
			wake_all(s, e->res, p->cpu, 0);
			return true;
		}
		wq_add(s, e->res, p);
		task_block(s, p);
		return false;
	case WL_EV_LOCK:
		if (s->mutex_owner[e->res] < 0) {
			s->mutex_owner[e->res] = (int)p->id;
			return true;
		}
		wq_add(s, e->res, p);
		task_block(s, p);
		return false;
	case WL_EV_UNLOCK:
		if (s->mutex_owner[e->res] != (int)p->id)
			return misuse(s, p, e, "unlocks mutex \"%s\", which it does not hold "
				      "(pthread_mutex_unlock() fails with EPERM)", e->res);
		mutex_unlock(s, e->res, p);
		return true;
	case WL_EV_SIGNAL: {
		struct sim_task *w = wq_pop(s, e->res);

		if (w)
			cond_wake(s, w, p->cpu, event_wake_flags(e));
		return true;
	}
	case WL_EV_BROAD:
	case WL_EV_RESUME:
		wake_all(s, e->res, p->cpu, event_wake_flags(e));
		return true;
	case WL_EV_SYNC: {
		struct sim_task *w;

		if (s->mutex_owner[e->arg] != (int)p->id)
			return misuse(s, p, e, "syncs on cond \"%s\" without holding its mutex "
				      "(pthread_cond_wait() needs it locked: lock it first)", e->res);
		w = wq_pop(s, e->res);

		if (w)
			cond_wake(s, w, p->cpu, 0);
		cond_wait(s, p, e->res, e->arg);
		return false;
	}
	case WL_EV_WAIT:
		if (s->mutex_owner[e->arg] != (int)p->id)
			return misuse(s, p, e, "waits on cond \"%s\" without holding its mutex "
				      "(pthread_cond_wait() needs it locked: lock it first)", e->res);
		cond_wait(s, p, e->res, e->arg);
		return false;
	case WL_EV_SUSPEND:
		/* rt-app locks, waits, and unlocks once woken: the mutex is free again after it */
		cond_wait(s, p, e->res, -1);
		return false;
	case WL_EV_FORK:
		task_fork(s, e->arg, p->cpu);
		return p->state == TASK_RUNNING;
	case WL_EV_SEM_POST: {
		struct sim_task *w = wq_pop(s, e->res);

		if (w)
			task_wake(s, w, p->cpu);
		else
			s->sem_count[e->res]++;
		return true;
	}
	case WL_EV_SEM_WAIT:
		if (s->sem_count[e->res] > 0) {
			s->sem_count[e->res]--;
			return true;
		}
		wq_add(s, e->res, p);
		task_block(s, p);
		return false;
	}
	return true;
}

/*
 * Run the running task @p's events from its position until one takes time (run, runtime) or
 * blocks it, or until it is no longer the running task (it woke a task that preempted it).
 */
void task_advance(struct capsim_sim *s, struct sim_task *p)
{
	assert(task_steps_current(s, p));
	/* back from a timer's sleep: rt-app's wu_lat, how late after the expiry it runs */
	if (p->lp && p->lp->timer_expiry && p->state == TASK_RUNNING) {
		p->lp->wu_lat += s->now - p->lp->timer_expiry;
		p->lp->timer_expiry = 0;
	}
	while (p->state == TASK_RUNNING && !p->in_cpu_event && !s->error) {
		const struct sim_step *e;

		if (p->zero_time_at != s->now) {
			p->zero_time_at = s->now;
			p->zero_time_events = 0;
		}
		if (++p->zero_time_events > ZERO_TIME_EVENT_LIMIT) {
			s->error = CAPSIM_ERR_UNSUPPORTED;
			s->livelock_task = (int)p->id;
			return;
		}
		if (p->stop_requested || !(e = task_next_position(s, p))) {
			task_exit(s, p);
			return;
		}
		if (p->state != TASK_RUNNING)
			return; /* a phase's new affinity moved it away */
		p->step++;
		if (!run_event(s, p, e))
			return;
	}
}

/* The running task's run/runtime is over: on to its next events. */
void task_cpu_event_done(struct capsim_sim *s, struct sim_task *p)
{
	p->in_cpu_event = false;
	p->work_left = 0;
	if (p->lp)
		p->lp->run += s->now - p->lp->cpu_event_start;
	task_advance(s, p);
}

/* mirrors do_sched_yield() (yield_task_fair(), yield_task_rt()), then schedule() */
void task_yield(struct capsim_sim *s, struct sim_task *p)
{
	rq_yield(s, &s->rq[p->cpu], p);
	rq_resched(s, &s->rq[p->cpu]);
}

/* ---- creation ---------------------------------------------------------------------------- */

/* task_group(p)'s clamps as uclamp_tg_restrict() reads them: NULL for the root group, or
 * without CONFIG_UCLAMP_TASK_GROUP */
static const struct uclamp_tg *task_uclamp_tg(const struct capsim_sim *s, const struct sim_task *p)
{
	return s->opt.uclamp_task_group && p->cgroup >= 0 ? &s->cgroups[p->cgroup] : NULL;
}

/*
 * mirrors sched_setattr()'s __setscheduler_uclamp() (and uclamp_fork()'s defaults): the new
 * requests, their effective values under the task's cgroup and the system defaults
 * (uclamp_eff_get()), and, for a queued task, its rq's buckets again (__sched_setscheduler()
 * dequeues and enqueues it around the change; a cgroup move, sched_move_task(), does too).
 */
static void task_set_uclamp(struct capsim_sim *s, struct sim_task *p, int min, int max)
{
	const struct uclamp_sysctl *sys = &s->opt.uclamp_sysctl;
	const struct uclamp_tg *tg = task_uclamp_tg(s, p);

	p->uclamp_req[0] = min;
	p->uclamp_req[1] = max;
	if ((min != WL_UNSET || max != WL_UNSET) && s->opt.uclamp && !s->rd.uclamp_used) {
		s->rd.uclamp_used = true; /* the sched_uclamp_used static key turns on */
		fair_memo_invalidate(&s->rd, -1);
	}
	for (int id = 0; id < UCLAMP_IDS; id++)
		p->uclamp_eff[id] = s->opt.uclamp ?
			uclamp_eff_get(sys, id, uclamp_tg_restrict(tg, uclamp_request(sys, id,
					p->uclamp_req[id], task_is_rt(p)))) :
			(id == UCLAMP_ID_MIN ? 0 : SCHED_CAPACITY_SCALE);
	if (p->state == TASK_RUNNING || p->state == TASK_RUNNABLE)
		rq_uclamp_requeue(s, &s->rq[p->cpu], p);
}

static void task_set_affinity(struct capsim_sim *s, struct sim_task *p, const capsim_cpumask *m)
{
	memset(&p->allowed, 0, sizeof(p->allowed));
	for (unsigned c = 0; c < s->nr_cpus; c++)
		if (!m || capsim_cpumask_test(m, c))
			capsim_cpumask_set(&p->allowed, c);
	p->nr_allowed = capsim_cpumask_weight(&p->allowed); /* > 0: sim_create() checked */
	set_task_max_allowed_capacity(s, p);
}

/*
 * What the settings of p->phase read of the workload, into the task: the phase's affinity (else
 * the task's) and clamps, its taskgroup.
 */
static void task_load_phase(struct capsim_sim *s, struct sim_task *p)
{
	const struct wl_task *wt = wl_of(s, p);
	const struct wl_phase *ph = &wt->phases[p->phase];

	p->ph_cpus = ph->has_cpus ? &ph->cpus : wt->has_cpus ? &wt->cpus : NULL;
	p->ph_util_min = ph->util_min;
	p->ph_util_max = ph->util_max;
	p->ph_taskgroup = ph->taskgroup;
}

/*
 * Phase (or task) settings at the start of a phase (task_load_phase()), as rt-app applies
 * them: affinity from the phase, else the task, else the thread's initial (all CPUs); uclamp
 * and the taskgroup from the phase, else unchanged.
 */
static void task_apply_phase(struct capsim_sim *s, struct sim_task *p)
{
	/* rt-app's set_thread_param(): a phase's clamps are set with SCHED_FLAG_KEEP_ALL, so
	 * what it leaves out keeps its current request (an earlier phase's, the task's, or a
	 * scenario's sched_setattr()) */
	int min = p->ph_util_min != WL_UNSET ? p->ph_util_min : p->uclamp_req[0];
	int max = p->ph_util_max != WL_UNSET ? p->ph_util_max : p->uclamp_req[1];
	const capsim_cpumask *m = p->ph_cpus;
	int cgroup = p->ph_taskgroup ? sim_cgroup_index(s, p->ph_taskgroup) : p->cgroup;

	if (!p->aff_set || m != p->aff_src) {
		p->aff_set = true;
		p->aff_src = m;
		task_set_affinity(s, p, m);
		if (p->state == TASK_RUNNING && !capsim_cpumask_test(&p->allowed, (unsigned)p->cpu))
			sim_move_running(s, p);
	}
	if (min != p->uclamp_req[0] || max != p->uclamp_req[1] || cgroup != p->cgroup) {
		p->cgroup = cgroup; /* set_thread_taskgroup(): cpu_cgroup_attach() */
		task_set_uclamp(s, p, min, max);
	}
}

static bool is_unique_timer(const struct wl_event *e)
{
	return e->type == WL_EV_TIMER && e->unique;
}

/* How many of @wt's events are unique timers: room for its distinct ones. */
static unsigned unique_timer_events(const struct wl_task *wt)
{
	unsigned n = 0;

	for (unsigned ph = 0; ph < wt->nr_phases; ph++)
		for (unsigned k = 0; k < wt->phases[ph].nr_events; k++)
			n += is_unique_timer(&wt->phases[ph].events[k]);
	return n;
}

/*
 * Whether a task loop's end applies @wt's first phase again (a SIM_STEP_PHASE before its events):
 * with one phase and none of its settings that could change anything (its affinity, the same
 * mask as before, never does; task_apply_phase() leaves every setting it does not give), it
 * would change nothing.
 */
static bool reapplies_first_phase(const struct wl_task *wt)
{
	const struct wl_phase *ph = &wt->phases[0];

	return wt->nr_phases > 1 || ph->util_min != WL_UNSET || ph->util_max != WL_UNSET ||
	       ph->taskgroup;
}

/*
 * Whether the end of @wt's last phase, run once a task loop, is one step with the task's end
 * (SIM_STEP_LAST_END): a periodic task's wake-up passes one end, not two.
 */
static bool last_end_joined(const struct wl_task *wt)
{
	return wt->nr_phases && wt->phases[wt->nr_phases - 1].loop == 1;
}

/* How many steps task_compile() makes of @wt. */
static unsigned task_steps(const struct wl_task *wt)
{
	unsigned n = reapplies_first_phase(wt) + 1 - last_end_joined(wt); /* the task's end */

	for (unsigned ph = 0; ph < wt->nr_phases; ph++)
		n += (ph > 0) + wt->phases[ph].nr_events + 1; /* its start, events, end */
	return n;
}

/* @e as a step of a task whose unique timers are @u (fill_unique_timers()). */
static struct sim_step event_step(const struct wl_event *e, const struct sim_timer *u)
{
	struct sim_step st = { .res = e->res, .type = (uint8_t)e->type, .absolute = e->absolute,
			       .unique = e->unique, .iowait = e->iowait, .sync = e->sync };

	switch (e->type) {
	case WL_EV_UNLOCK:
	case WL_EV_WAIT:
	case WL_EV_SYNC:
		st.arg = e->res2;
		st.line = e->line;
		break;
	case WL_EV_FORK:
		st.arg = e->task;
		break;
	default:
		st.ns = e->value;
	}
	if (is_unique_timer(e))
		for (st.res = 0; u[st.res].res != e->res; st.res++)
			;
	return st;
}

/*
 * Compile @wt into @out (task_steps() of them; struct sim_step) for a task whose unique timers
 * are @u: each phase's start (but the first's, unless a task loop applies it again), events and
 * end, then the task's end, whose loop starts again at the first phase's start or first event.
 */
static void task_compile(const struct wl_task *wt, const struct sim_timer *u, struct sim_step *out)
{
	unsigned n = 0;

	if (reapplies_first_phase(wt))
		out[n++] = (struct sim_step){ .type = SIM_STEP_PHASE, .res = 0 };
	for (unsigned ph = 0; ph < wt->nr_phases; ph++) {
		unsigned first;

		if (ph > 0)
			out[n++] = (struct sim_step){ .type = SIM_STEP_PHASE, .res = (int32_t)ph };
		first = n;
		for (unsigned k = 0; k < wt->phases[ph].nr_events; k++)
			out[n++] = event_step(&wt->phases[ph].events[k], u);
		if (ph + 1 < wt->nr_phases || !last_end_joined(wt))
			out[n++] = (struct sim_step){ .type = SIM_STEP_PHASE_END,
						      .loop = wt->phases[ph].loop,
						      .res = (int32_t)first };
	}
	out[n] = (struct sim_step){ .type = last_end_joined(wt) ? SIM_STEP_LAST_END :
							       SIM_STEP_TASK_END,
				    .loop = wt->loop, .res = 0 };
}

#ifndef NDEBUG
/* @a and @b are the same step (field by field: a compound literal's padding is unspecified) */
static bool step_equal(const struct sim_step *a, const struct sim_step *b)
{
	return a->ns == b->ns && a->res == b->res && a->type == b->type &&
	       a->absolute == b->absolute && a->unique == b->unique && a->iowait == b->iowait &&
	       a->sync == b->sync;
}

/*
 * Debug and ASan builds, at each of @p's advances: its steps are a cache of its workload task,
 * compiled once (task_compile()); compiled again they must be the same, else something wrote
 * over them.
 */
static bool task_steps_current(const struct capsim_sim *s, const struct sim_task *p)
{
	const struct wl_task *wt = &s->wl->tasks[p->wl_task];
	unsigned n = task_steps(wt);
	struct sim_step *again = calloc(n, sizeof(*again));
	bool same = true;

	if (!again)
		return true; /* nothing to check with */
	task_compile(wt, p->utimers, again);
	for (unsigned i = 0; i < n && same; i++)
		same = step_equal(&again[i], &p->steps[i]);
	free(again);
	return same;
}
#endif

/* The step a task starts at, its first phase's settings applied: its first event. */
static unsigned first_event_step(const struct sim_task *p)
{
	return p->steps[0].type == SIM_STEP_PHASE;
}

/* Gives each unique timer @wt names its slot in @u; returns how many. */
static unsigned fill_unique_timers(const struct wl_task *wt, struct sim_timer *u)
{
	unsigned n = 0;

	for (unsigned ph = 0; ph < wt->nr_phases; ph++)
		for (unsigned k = 0; k < wt->phases[ph].nr_events; k++) {
			const struct wl_event *e = &wt->phases[ph].events[k];
			unsigned i = 0;

			if (!is_unique_timer(e))
				continue;
			while (i < n && u[i].res != e->res)
				i++;
			if (i == n)
				u[n++] = (struct sim_timer){ .res = e->res };
		}
	return n;
}

static struct sim_task *task_new(struct capsim_sim *s, int wl_task, unsigned instance)
{
	const struct wl_task *wt = &s->wl->tasks[wl_task];
	/* cache lines of its own: a wake-up reads most of them (sim.h) */
	unsigned nr_utimers = unique_timer_events(wt), nr_steps = task_steps(wt);
	bool own_lp = !sim_no_sink(s);
	size_t size = sim_task_bytes(nr_utimers, nr_steps, own_lp);
	struct sim_task *p = aligned_alloc(64, size);

	if (p) {
		struct sim_step *steps = (struct sim_step *)((struct sim_timer *)(p + 1) + nr_utimers);

		memset(p, 0, size);
		p->utimers = (struct sim_timer *)(p + 1);
		p->nr_utimers = fill_unique_timers(wt, p->utimers);
		task_compile(wt, p->utimers, steps);
		p->steps = steps;
		p->lp = own_lp ? (struct sim_loop_log *)(steps + nr_steps) : NULL;
	}
	/* a task's only thread has the task's name: the workload's own (sim_task_owns_name()) */
	if (p && (wt->instances > 1 || wt->forked)) {
		size_t len = strlen(wt->name) + 16;

		p->name = malloc(len);
		if (p->name)
			snprintf(p->name, len, "%s-%u", wt->name, instance);
	} else if (p) {
		p->name = wt->name;
	}
	if (!p || !p->name)
		goto nomem;
	if (s->nr_tasks == s->cap_tasks) {
		uint32_t cap = s->cap_tasks ? s->cap_tasks * 2 : 16;
		struct sim_task **t = realloc(s->tasks, cap * sizeof(*t));

		if (!t)
			goto nomem;
		s->tasks = t;
		s->cap_tasks = cap;
	}
	p->id = s->nr_tasks;
	p->pid = 1000 + p->id;
	p->wl_task = wl_task;
	p->instance = instance;
	p->policy = wt->policy;
	/* __setscheduler_class(): rt_policy() or fair */
	p->sched_class = wt->policy == WL_POLICY_FIFO || wt->policy == WL_POLICY_RR ?
			 &sim_rt_sched_class : &sim_fair_sched_class;
	p->rt_prio = task_is_rt(p) ? wt->priority : 0;
	p->rr_time_slice = sched_rr_timeslice(s); /* __sched_fork() */
	p->nice = task_is_rt(p) ? 0 : wt->priority;
	p->weight = wt->policy == WL_POLICY_IDLE ? WEIGHT_IDLEPRIO : sched_prio_to_weight(p->nice);
	p->se.weight = p->weight;
	p->cse.weight = p->weight;
	p->cse.idle = wt->policy == WL_POLICY_IDLE; /* se_is_idle() */
	/* a v6.12 custom slice (sched_attr::sched_runtime), else the base slice at each placement */
	p->se.custom_slice = wt->slice_ns != 0;
	p->se.slice = wt->slice_ns ? wt->slice_ns : sim_base_slice_ns(s);
	p->state = TASK_NEW;
	p->waiting_res = -1;
	p->mutex_after_wake = -1;
	p->st.cur_cpu = -1;
	p->cpu = 0;
	p->uclamp_req[0] = p->uclamp_req[1] = WL_UNSET;
	p->cgroup = -1; /* rt-app threads start in the root group (reset_thread_taskgroup()) */
	task_set_affinity(s, p, NULL);
	task_set_uclamp(s, p, WL_UNSET, WL_UNSET);
	s->tasks[s->nr_tasks++] = p;
	return p;
nomem:
	if (p && sim_task_owns_name(s, p))
		free(p->name);
	free(p);
	s->error = CAPSIM_ERR_NOMEM;
	return NULL;
}

/*
 * mirrors wake_up_new_task(): select_task_rq() with WF_FORK from the CPU the task was forked on
 * (task_cpu(p): its parent's, sched_cgroup_fork(); CPU 0 for rt-app's own threads), which for a
 * fair task is select_task_rq_fair()'s slow path, sched_balance_find_dst_cpu() (fair_balance.c);
 * post_init_entity_util_avg(), activate_task() with ENQUEUE_INITIAL. The thread's own policy,
 * affinity and clamps are set first (rt-app's thread_body() sets them just after).
 */
void task_start(struct capsim_sim *s, struct sim_task *p)
{
	int cpu;

	p->t_first = s->now; /* thread_body(): t_zero + delay, the time it starts at */
	if (p->lp)
		*p->lp = (struct sim_loop_log){ .start = s->now };
	/* thread_body(): the task's own sched_data and taskgroup first, then its first phase's */
	if (wl_of(s, p)->taskgroup)
		p->cgroup = sim_cgroup_index(s, wl_of(s, p)->taskgroup);
	task_set_uclamp(s, p, wl_of(s, p)->util_min, wl_of(s, p)->util_max);
	task_load_phase(s, p);
	task_apply_phase(s, p);
	p->step = p->steps + first_event_step(p);
	p->recent_used_cpu = p->cpu;
	cpu = select_task_rq(s, p, p->cpu, WF_FORK);
	sim_pressure_placement(s, p, cpu);
	sim_timer_move(s, p, cpu);
	p->cpu = cpu;
	update_rq_clock(s, &s->rq[cpu]);
	task_post_init_util(s, &s->rq[cpu], p);
	p->wake_time = s->now;
	p->lat_pending = true;
	p->st.activations++;
	s->live_tasks++;
	rq_enqueue_flags(s, &s->rq[cpu], p, false, EEVDF_ENQUEUE_INITIAL);
	sim_ev_wakeup(s, CAPSIM_EV_SCHED_WAKEUP_NEW, p); /* wake_up_new_task() */
	rq_check_preempt_wakeup_flags(s, &s->rq[cpu], p, WF_FORK);
}

/* an rt-app fork event of a task running on @parent_cpu: its thread is made there */
static void task_fork(struct capsim_sim *s, int wl_task, int parent_cpu)
{
	unsigned instance = 0;
	struct sim_task *p;

	if (s->nr_tasks >= WL_MAX_THREADS) {
		sim_fail(s, CAPSIM_ERR_RANGE, 0, "fork of %s at %llu ns: more than %u threads (a fork "
			 "in an endless loop?)", s->wl->tasks[wl_task].name,
			 (unsigned long long)s->now, WL_MAX_THREADS);
		return;
	}
	for (uint32_t i = 0; i < s->nr_tasks; i++)
		if (s->tasks[i]->wl_task == wl_task)
			instance++;
	p = task_new(s, wl_task, instance);
	if (!p)
		return;
	p->cpu = parent_cpu; /* sched_cgroup_fork(): __set_task_cpu(p, smp_processor_id()) */
	/* thread_body() of a forked thread: it sleeps until t_zero + delay if that is still
	 * ahead, and its timers count from there even when it is already past */
	if (wl_of(s, p)->delay_ns > s->now) {
		s->pending_starts++;
		sim_push(s, wl_of(s, p)->delay_ns, EV_TASK_START, p->id, 0);
		return;
	}
	task_start(s, p);
	p->t_first = wl_of(s, p)->delay_ns;
}

int sim_create_tasks(struct capsim_sim *s)
{
	for (unsigned t = 0; t < s->wl->nr_tasks; t++) {
		const struct wl_task *wt = &s->wl->tasks[t];

		for (unsigned i = 0; i < wt->instances; i++) {
			struct sim_task *p = task_new(s, (int)t, i);

			if (!p)
				return CAPSIM_ERR_NOMEM;
			sim_push(s, wt->delay_ns, EV_TASK_START, p->id, 0);
		}
	}
	return s->error;
}

/* ---- scenario events on tasks (docs/formats.md, "Scenario events") ---------------------- */

static bool task_named(const struct capsim_sim *s, const struct sim_task *p, const char *name)
{
	return !strcmp(s->wl->tasks[p->wl_task].name, name);
}

/* tasks a task_start event names wait for it instead of starting after their delay */
void sim_hold_tasks(struct capsim_sim *s)
{
	for (unsigned i = 0; i < s->nr_sc; i++)
		for (uint32_t t = 0; s->sc[i].kind == SIM_SC_TASK_START && t < s->nr_tasks; t++)
			if (task_named(s, s->tasks[t], s->sc[i].name))
				s->tasks[t]->held = true;
}

static void scenario_start(struct capsim_sim *s, struct sim_task *p)
{
	if (p->state == TASK_NEW && p->held) {
		p->held = false;
		s->pending_starts--;
		task_start(s, p);
	} else if (p->state == TASK_DEAD) {
		/* started again: from its first event with new unique timers, as a new rt-app
		 * thread would */
		for (unsigned i = 0; i < p->nr_utimers; i++)
			p->utimers[i].init = false;
		p->phase = 0;
		p->task_loops = p->phase_loops = 0;
		p->stop_requested = false;
		task_start(s, p);
	}
}

/* mirrors do_exit() at the next event boundary; a sleeping task exits at once */
static void scenario_stop(struct capsim_sim *s, struct sim_task *p)
{
	if (p->state == TASK_NEW) {
		s->pending_starts--; /* its start event, or the task_start it waits for, is moot */
		p->held = false;
		p->state = TASK_DEAD;
		deadlock_check(s, NULL);
		return;
	}
	if (p->state == TASK_DEAD)
		return;
	p->stop_requested = true;
	if (p->state == TASK_BLOCKED && p->waiting_res < 0) {
		p->gen++; /* cancels its pending wake-up */
		p->state = TASK_DEAD;
		sim_iowait_sync(s, p);
		s->live_tasks--;
		deadlock_check(s, NULL);
	}
}

/* mirrors sched_setattr(SCHED_FLAG_UTIL_CLAMP): new requests, the rq's clamps follow */
static void scenario_uclamp(struct capsim_sim *s, struct sim_task *p, int min, int max)
{
	task_set_uclamp(s, p, min != WL_UNSET ? min : p->uclamp_req[0],
			max != WL_UNSET ? max : p->uclamp_req[1]);
	if (p->state == TASK_RUNNING || p->state == TASK_RUNNABLE)
		cpufreq_update_util(s, p->cpu);
}

void sim_task_scenario_event(struct capsim_sim *s, const struct sim_sc_event *e)
{
	for (uint32_t t = 0; t < s->nr_tasks; t++) {
		struct sim_task *p = s->tasks[t];

		if (!task_named(s, p, e->name))
			continue;
		if (e->kind == SIM_SC_TASK_START)
			scenario_start(s, p);
		else if (e->kind == SIM_SC_TASK_STOP)
			scenario_stop(s, p);
		else
			scenario_uclamp(s, p, e->uclamp_min, e->uclamp_max);
	}
}
