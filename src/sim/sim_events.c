// SPDX-License-Identifier: MIT
/*
 * sim_events.c - the engine's event sink (include/capsim/capsim_events.h): attaching one, and
 * building each event from the simulator's state where the kernel has its tracepoint. Only the
 * inline emitters of sim_events.h call these, once they know a sink is attached. The context of
 * an event is the task current on its CPU, as ftrace records it.
 */
#include <stddef.h>
#include <string.h>

#include "sim/sim_events.h"

#include "model/fair.h"
#include "model/util_est.h"

int sim_sink_attach(struct capsim_sim *s, capsim_event_fn fn, void *ctx,
		    void (*release)(void *ctx))
{
	if (s->started)
		return CAPSIM_ERR_INVALID;
	s->sink.fn = fn;
	s->sink.ctx = fn ? ctx : NULL;
	s->sink.release = fn ? release : NULL;
	s->sink.types = fn ? SIM_SINK_ALL_TYPES : 0;
	return 0;
}

void sim_sink_detach(struct capsim_sim *s)
{
	memset(&s->sink, 0, sizeof(s->sink));
}

void sim_sink_release(struct capsim_sim *s)
{
	struct sim_sink sink = s->sink;

	sim_sink_detach(s);
	if (sink.release)
		sink.release(sink.ctx);
}

int capsim_sim_set_sink(capsim_sim *s, capsim_event_fn fn, void *ctx)
{
	/* the library's own sinks are detached by their writer (capsim_sim_trace_close()) */
	if (!s || s->sink.release)
		return CAPSIM_ERR_INVALID;
	return sim_sink_attach(s, fn, ctx, NULL);
}

/*
 * The kernel prio the trace shows: 120 + nice for fair tasks, 99 - rt_priority for RT, -1 for
 * deadline ones (the sugov kthread); NULL is the idle task of @rq's CPU, "swapper/N" as
 * init_idle() names it.
 */
static void task_of(const struct sim_rq *rq, const struct sim_task *p, struct capsim_event_task *t)
{
	if (!p) {
		t->comm = rq ? rq->idle_comm : "swapper";
		t->pid = 0;
		t->prio = 120;
		return;
	}
	t->comm = p->name;
	t->pid = (int32_t)p->pid;
	t->prio = task_prio(p);
}

/* migration/N of @rq: the stop class's task, prio 0 (MAX_RT_PRIO - 1 - 99) */
static void stopper_of(const struct sim_rq *rq, struct capsim_event_task *t)
{
	t->comm = rq->stopper_comm;
	t->pid = CAPSIM_STOPPER_PID_BASE + rq->cpu;
	t->prio = 0;
}

/*
 * The task ftrace records as current on @rq: the stopper while it runs, else curr, or the task
 * a dequeue just took off (it is current until __schedule() switches away from it).
 */
static void curr_of(const struct sim_rq *rq, struct capsim_event_task *t)
{
	if (rq->stopper_curr)
		stopper_of(rq, t);
	else
		task_of(rq, rq->curr ? rq->curr
				     : rq->sched_prev ? rq->sched_prev : rq->dequeued_curr, t);
}

_Static_assert(sizeof(((struct capsim_event *)0)->u) >= 64, "ev_init() zeroes u in two pieces");

/* The common part: @type at the current time on @cpu (-1: none), in its current task's context. */
static void ev_init(const struct capsim_sim *s, struct capsim_event *ev,
		    enum capsim_event_type type, int cpu)
{
	/*
	 * Zeroed in pieces of at most 64 bytes, which gcc stores with vector moves: one memset of
	 * the whole event became a `rep stos`, whose start-up cost made this the costliest line
	 * of a recorded run (perf, bench_report).
	 */
	memset(ev, 0, offsetof(struct capsim_event, u));
	memset(&ev->u, 0, 64);
	memset((char *)&ev->u + 64, 0, sizeof(ev->u) - 64);
	ev->size = sizeof(*ev);
	ev->version = CAPSIM_EVENT_VERSION;
	ev->type = (uint16_t)type;
	ev->time_ns = s->now;
	ev->cpu = cpu;
	if (cpu >= 0)
		curr_of(&s->rq[cpu], &ev->curr);
	else
		task_of(NULL, NULL, &ev->curr);
}

static void emit(const struct capsim_sim *s, const struct capsim_event *ev)
{
	s->sink.fn(s->sink.ctx, ev);
}

void sim_emit_switch(const struct capsim_sim *s, int cpu, const struct sim_task *prev,
		     const struct sim_task *next)
{
	const struct sim_rq *rq = &s->rq[cpu];
	struct capsim_event ev;
	struct capsim_ev_sched_switch *sw = &ev.u.sched_switch;

	ev_init(s, &ev, CAPSIM_EV_SCHED_SWITCH, cpu);
	task_of(rq, next, &sw->next);
	sw->prev_state = CAPSIM_TASK_RUNNING;
	if (rq->stopper_curr) {
		/* the stopper is done: it sleeps in smpboot_thread_fn() (TASK_INTERRUPTIBLE) */
		stopper_of(rq, &sw->prev);
		sw->prev_state = CAPSIM_TASK_INTERRUPTIBLE;
	} else {
		task_of(rq, prev, &sw->prev);
		if (prev && prev->state == TASK_DEAD)
			sw->prev_state = CAPSIM_TASK_DEAD;
		else if (prev && prev->state == TASK_BLOCKED)
			sw->prev_state = prev->uninterruptible ? CAPSIM_TASK_UNINTERRUPTIBLE
							       : CAPSIM_TASK_INTERRUPTIBLE;
		sw->preempt = prev && prev->state == TASK_RUNNABLE;
	}
	ev.curr = sw->prev; /* __schedule() traces it before the switch: prev is current */
	emit(s, &ev);
}

/*
 * stop_one_cpu_nowait() from @waker_cpu wakes migration/N of @rq (sched_waking, sched_wakeup on
 * the waker, which activates it under @rq's lock), which preempts curr at once (stop class).
 */
void sim_emit_stopper_preempt(const struct capsim_sim *s, const struct sim_rq *rq, int waker_cpu)
{
	struct capsim_event ev;
	struct capsim_ev_sched_switch *sw = &ev.u.sched_switch;
	enum capsim_event_type wake[] = { CAPSIM_EV_SCHED_WAKING, CAPSIM_EV_SCHED_WAKEUP };

	for (unsigned i = 0; i < 2; i++) {
		ev_init(s, &ev, wake[i], waker_cpu);
		stopper_of(rq, &ev.u.wakeup.task);
		ev.u.wakeup.target_cpu = rq->cpu;
		emit(s, &ev);
	}
	ev_init(s, &ev, CAPSIM_EV_SCHED_SWITCH, rq->cpu);
	task_of(rq, rq->curr, &sw->prev);
	ev.curr = sw->prev;
	stopper_of(rq, &sw->next);
	sw->prev_state = CAPSIM_TASK_RUNNING;
	sw->preempt = rq->curr != NULL;
	emit(s, &ev);
}

void sim_emit_cpu_idle(const struct capsim_sim *s, int cpu, uint32_t state)
{
	struct capsim_event ev;

	ev_init(s, &ev, CAPSIM_EV_CPU_IDLE, cpu);
	ev.u.cpu_idle.state = state;
	emit(s, &ev);
}

void sim_emit_wakeup(const struct capsim_sim *s, enum capsim_event_type type, const struct sim_task *p,
		     int waker)
{
	struct capsim_event ev;

	ev_init(s, &ev, type, waker);
	task_of(NULL, p, &ev.u.wakeup.task);
	ev.u.wakeup.target_cpu = p->cpu;
	emit(s, &ev);
}

void sim_emit_migrate(const struct capsim_sim *s, const struct sim_task *p, int dst)
{
	struct capsim_event ev;

	ev_init(s, &ev, CAPSIM_EV_SCHED_MIGRATE_TASK, p->cpu);
	task_of(NULL, p, &ev.u.migrate.task);
	ev.u.migrate.orig_cpu = p->cpu;
	ev.u.migrate.dest_cpu = dst;
	emit(s, &ev);
}

void sim_emit_cpu_frequency(const struct capsim_sim *s, int cpu)
{
	struct capsim_event ev;
	struct capsim_ev_cpu_frequency *f = &ev.u.cpu_frequency;
	int pol = s->rq[cpu].policy;

	ev_init(s, &ev, CAPSIM_EV_CPU_FREQUENCY, cpu);
	f->policy = pol;
	f->requested_khz = pol >= 0 ? s->pol[pol].pp->cur_khz : 0;
	f->delivered_khz = sim_delivered_khz(s, cpu);
	emit(s, &ev);
}

/* mirrors cpufreq_set_policy(): one trace_cpu_frequency_limits(policy), cpu_id = policy->cpu */
void sim_emit_cpu_frequency_limits(const struct capsim_sim *s, const struct sim_policy *sp)
{
	const capsim_cpumask *cpus = &sp->pp->related_cpus;
	unsigned first = capsim_cpumask_next(cpus, 0, s->nr_cpus);
	struct capsim_ev_cpu_frequency_limits *l;
	struct capsim_event ev;

	if (first >= s->nr_cpus)
		return;
	ev_init(s, &ev, CAPSIM_EV_CPU_FREQUENCY_LIMITS, (int)first);
	l = &ev.u.cpu_frequency_limits;
	l->policy = (int32_t)sp->idx;
	l->first_cpu = (int32_t)first;
	l->min_khz = sp->pp->min_khz;
	l->max_khz = sp->pp->max_khz;
	l->cpus = cpus;
	emit(s, &ev);
}

void sim_emit_pressure(const struct capsim_sim *s, enum capsim_event_type type, int cpu,
		       uint64_t pressure, const capsim_cpumask *cpus)
{
	struct capsim_event ev;

	ev_init(s, &ev, type, cpu);
	ev.u.pressure.pressure = pressure;
	ev.u.pressure.cpus = cpus;
	emit(s, &ev);
}

void sim_emit_counters(const struct capsim_sim *s, int cpu)
{
	struct capsim_ev_cpu_counters *c;
	struct capsim_event ev;

	ev_init(s, &ev, CAPSIM_EV_CPU_COUNTERS, cpu);
	c = &ev.u.cpu_counters;
	sim_pressure_counters(s, cpu, c); /* what the run's model believes */
	c->util = s->rq[cpu].fc->cfs_avg.util_avg;
	c->capacity_orig = s->rq[cpu].cap_orig;
	c->delivered_capacity = s->rq[cpu].delivered_cap;
	emit(s, &ev);
}

void sim_emit_text(const struct capsim_sim *s, const char *name, const char *body)
{
	struct capsim_event ev;

	ev_init(s, &ev, CAPSIM_EV_TEXT, 0);
	ev.u.text.name = name;
	ev.u.text.body = body;
	emit(s, &ev);
}

void sim_emit_pelt(const struct capsim_sim *s, const struct sim_rq *rq, const struct sim_task *p,
		   enum capsim_pelt_signal signal)
{
	struct capsim_event ev;
	struct capsim_ev_pelt *e = &ev.u.pelt;
	const struct capsim_sched_avg *sa = signal == CAPSIM_PELT_TASK  ? &p->avg
					    : signal == CAPSIM_PELT_CFS ? &rq->fc->cfs_avg
					    : signal == CAPSIM_PELT_DL  ? &rq->fc->avg_dl
									: &rq->fc->avg_rt;

	ev_init(s, &ev, signal == CAPSIM_PELT_TASK ? CAPSIM_EV_PELT_SE : CAPSIM_EV_PELT_RQ, rq->cpu);
	e->signal = signal;
	task_of(rq, signal == CAPSIM_PELT_TASK ? p : NULL, &e->task);
	e->util_avg = sa->util_avg;
	e->runnable_avg = sa->runnable_avg;
	e->load_avg = sa->load_avg;
	if (signal == CAPSIM_PELT_TASK)
		e->util_est = task_util_est_value(p->util_est, p->util_est_ewma);
	else if (signal == CAPSIM_PELT_CFS)
		e->util_est = rq->fc->util_est_cfs;
	e->last_update_time = sa->last_update_time;
	emit(s, &ev);
}

void sim_emit_util_est(const struct capsim_sim *s, const struct sim_rq *rq, const struct sim_task *p,
		       uint32_t dequeued)
{
	struct capsim_event ev;

	ev_init(s, &ev, CAPSIM_EV_UTIL_EST, rq->cpu);
	task_of(rq, p, &ev.u.util_est.task);
	/* v6.8's one value, or 6.1's ewma (never below its enqueued once updated) */
	ev.u.util_est.ewma = task_util_est_value(p->util_est, p->util_est_ewma);
	ev.u.util_est.dequeued = dequeued;
	ev.u.util_est.cfs_util_est = rq->fc->util_est_cfs;
	ev.u.util_est.cfs_util_avg = rq->fc->cfs_avg.util_avg;
	emit(s, &ev);
}

void sim_emit_uclamp(const struct capsim_sim *s, const struct sim_rq *rq)
{
	struct capsim_event ev;

	ev_init(s, &ev, CAPSIM_EV_UCLAMP_RQ, rq->cpu);
	ev.u.uclamp.min = rq->fc->uclamp_min_rq;
	ev.u.uclamp.max = rq->fc->uclamp_max_rq;
	ev.u.uclamp.idle = rq->fc->uclamp_idle;
	emit(s, &ev);
}

void sim_emit_overutilized(const struct capsim_sim *s, bool on)
{
	struct capsim_event ev;

	/* a trace records every event on some CPU: the root domain's first (version 1: -1) */
	ev_init(s, &ev, CAPSIM_EV_OVERUTILIZED, 0);
	ev.u.overutilized.on = on;
	emit(s, &ev);
}

void sim_emit_misfit(const struct capsim_sim *s, const struct sim_rq *rq)
{
	struct capsim_event ev;

	ev_init(s, &ev, CAPSIM_EV_MISFIT, rq->cpu);
	task_of(rq, rq->curr, &ev.u.misfit.task);
	ev.u.misfit.load = rq->fc->misfit_task_load;
	emit(s, &ev);
}

void sim_emit_cpu_capacity(const struct capsim_sim *s, int cpu)
{
	struct capsim_event ev;

	ev_init(s, &ev, CAPSIM_EV_CPU_CAPACITY, cpu);
	ev.u.cpu_capacity.capacity = s->rq[cpu].fc->capacity_of;
	ev.u.cpu_capacity.capacity_orig = s->rq[cpu].cap_orig;
	/* LISA's rq_cpu_current_capacity(): the original capacity at the current frequency */
	ev.u.cpu_capacity.capacity_curr = s->rq[cpu].cap_orig * s->rq[cpu].freq_scale >> 10;
	emit(s, &ev);
}

void sim_emit_rtapp_timer(const struct capsim_sim *s, const struct sim_task *p, int64_t slack_ns,
			  bool missed)
{
	struct capsim_event ev;
	struct capsim_ev_rtapp_timer *t = &ev.u.rtapp_timer;

	ev_init(s, &ev, CAPSIM_EV_RTAPP_TIMER, p->cpu);
	task_of(NULL, p, &t->task);
	t->slack_ns = slack_ns;
	t->missed = missed;
	t->phase = (int32_t)p->phase;
	t->task_loop = p->task_loops;
	t->phase_loop = p->phase_loops;
	emit(s, &ev);
}

void sim_emit_rtapp_loop(const struct capsim_sim *s, const struct sim_task *p, bool partial)
{
	struct capsim_event ev;
	struct capsim_ev_rtapp_loop *l = &ev.u.rtapp_loop;

	ev_init(s, &ev, CAPSIM_EV_RTAPP_LOOP, p->cpu);
	task_of(NULL, p, &l->task);
	l->thread = (int32_t)p->id;
	l->phase = (int32_t)p->phase;
	l->task_loop = p->task_loops;
	l->phase_loop = p->phase_loops;
	l->start_ns = p->lp->start;
	l->run_ns = p->lp->run;
	l->work_ns = p->lp->work;
	l->c_duration_ns = p->lp->c_duration;
	l->c_period_ns = p->lp->c_period;
	l->wu_lat_ns = p->lp->wu_lat;
	l->slack_ns = p->lp->slack;
	l->timers = p->lp->timers;
	l->partial = partial;
	emit(s, &ev);
}

void sim_emit_sugov_update(const struct capsim_sim *s, const struct sim_policy *sp, int cpu,
			   uint64_t util, uint64_t max_cap, uint32_t next_khz, bool changed)
{
	struct capsim_event ev;
	struct capsim_ev_sugov_update *u = &ev.u.sugov_update;

	ev_init(s, &ev, CAPSIM_EV_SUGOV_UPDATE, cpu);
	u->policy = (int32_t)sp->idx;
	u->changed = changed;
	u->util = util;
	u->max_cap = max_cap;
	u->next_khz = next_khz;
	emit(s, &ev);
}

/* noinline: the record's frame stays out of the wake-up path of a run without a sink */
__attribute__((noinline)) int sim_feec_traced(struct capsim_sim *s, const struct sim_task *p,
					      const struct fair_task *ft)
{
	struct feec_trace tr;
	struct capsim_event ev;
	int cpu = find_energy_efficient_cpu(&s->rd, ft, &tr);

	/* select_task_rq() runs on the CPU the task wakes from, as sched_waking is recorded */
	ev_init(s, &ev, CAPSIM_EV_SCHED_COMPUTE_ENERGY, p->cpu);
	task_of(NULL, p, &ev.u.compute_energy.task);
	for (unsigned i = 0; i < tr.nr_calls; i++) {
		ev.u.compute_energy.dst_cpu = tr.calls[i].dst_cpu;
		ev.u.compute_energy.energy = tr.calls[i].energy;
		ev.u.compute_energy.max_util = tr.calls[i].max_util;
		ev.u.compute_energy.busy_time = tr.calls[i].busy_time;
		emit(s, &ev);
	}
	return cpu;
}
