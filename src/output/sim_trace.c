// SPDX-License-Identifier: MIT
/*
 * sim_trace.c - the simulator's text trace as a consumer of its event sink: each event
 * (include/capsim/capsim_events.h) becomes the line the kernel's tracepoint prints, through the
 * ftrace text writer (src/output/trace.c), for the events and counter values trace_select.c
 * says a trace carries (as it does for every format).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "capsim/capsim.h"
#include "output/sim_trace.h"
#include "output/trace.h"
#include "output/trace_select.h"

/* the event's prev_state bits are the kernel's TASK_REPORT bits, as the writer's are */
_Static_assert(CAPSIM_TASK_INTERRUPTIBLE == TRACE_TASK_INTERRUPTIBLE &&
		       CAPSIM_TASK_DEAD == TRACE_EXIT_DEAD && CAPSIM_TASK_RUNNING == TRACE_TASK_RUNNING,
	       "prev_state bits differ");

struct sim_trace {
	struct trace_writer *tw;
	struct trace_select sel;
	char span[CAPSIM_MAX_CPUS / 4 + CAPSIM_MAX_CPUS / 32 + 1]; /* the root domain's, in hex */
};

static void trace_free(struct sim_trace *t)
{
	trace_select_free(&t->sel);
	free(t);
}

static int trace_finish(void *ctx)
{
	struct sim_trace *t = ctx;
	int ret = trace_close(t->tw);

	trace_free(t);
	return ret;
}

/* capsim_sim_free() with the trace still open: finished as capsim_sim_trace_close() would */
static void trace_release(void *ctx)
{
	trace_finish(ctx);
}

static void task_of(const struct capsim_event_task *e, struct trace_task *t)
{
	t->comm = e->comm;
	t->pid = e->pid;
	t->prio = e->prio;
}

/* an atrace counter "C|1|cpuN_actual_capacity|V" (the text's signals), as Perfetto reads them */
static void counter(void *ctx, const struct capsim_event *ev, const struct trace_counter_value *v)
{
	struct sim_trace *t = ctx;
	struct trace_at at = { trace_clock_ns(ev), (unsigned)ev->cpu, ev->curr.comm, ev->curr.pid };

	trace_counter(t->tw, &at, 1, v->name, v->value);
}

/*
 * The LISA module's events (lisa/_assets/kmodules/lisa/ftrace_events.h), on a kernel with
 * runnable_avg (its RBL_LOAD_STR "runnable") and frequency invariance; a task's path is "" and
 * the root cfs_rq's "/" (cfs_rq_path() without cgroups).
 */
static void lisa_event(struct sim_trace *t, const struct trace_at *at, const struct capsim_event *ev)
{
	const struct capsim_ev_pelt *p = &ev->u.pelt;
	const struct capsim_ev_util_est *u = &ev->u.util_est;

	switch (ev->type) {
	case CAPSIM_EV_PELT_SE:
		trace_printf(t->tw, at, "lisa__sched_pelt_se",
			     "cpu=%d path= comm=%.15s pid=%d load=%" PRIu64 " util=%" PRIu64
			     " update_time=%" PRIu64 " runnable=%" PRIu64,
			     ev->cpu, p->task.comm, p->task.pid, p->load_avg, p->util_avg,
			     p->last_update_time, p->runnable_avg);
		break;
	case CAPSIM_EV_PELT_RQ:
		if (p->signal == CAPSIM_PELT_CFS)
			trace_printf(t->tw, at, "lisa__sched_pelt_cfs",
				     "cpu=%d path=/ load=%" PRIu64 " util=%" PRIu64
				     " update_time=%" PRIu64 " runnable=%" PRIu64,
				     ev->cpu, p->load_avg, p->util_avg, p->last_update_time,
				     p->runnable_avg);
		else
			trace_printf(t->tw, at,
				     p->signal == CAPSIM_PELT_DL ? "lisa__sched_pelt_dl"
								 : "lisa__sched_pelt_rt",
				     "cpu=%d load=%" PRIu64 " util=%" PRIu64 " update_time=%" PRIu64
				     " runnable=%" PRIu64,
				     ev->cpu, p->load_avg, p->util_avg, p->last_update_time,
				     p->runnable_avg);
		break;
	case CAPSIM_EV_UTIL_EST:
		/* util_est_dequeue() traces the cfs_rq, then util_est_update() the task */
		trace_printf(t->tw, at, "lisa__sched_util_est_cfs",
			     "cpu=%d path=/ enqueued=%u ewma=0 util=%" PRIu64, ev->cpu,
			     u->cfs_util_est, u->cfs_util_avg);
		trace_printf(t->tw, at, "lisa__sched_util_est_se",
			     "cpu=%d path= comm=%.15s pid=%d enqueued=%u ewma=%u util=%u", ev->cpu,
			     u->task.comm, u->task.pid, u->dequeued, u->ewma, u->dequeued);
		break;
	case CAPSIM_EV_CPU_CAPACITY:
		trace_printf(t->tw, at, "lisa__sched_cpu_capacity",
			     "cpu=%d capacity=%" PRIu64 " capacity_orig=%" PRIu64
			     " capacity_curr=%" PRIu64,
			     ev->cpu, ev->u.cpu_capacity.capacity, ev->u.cpu_capacity.capacity_orig,
			     ev->u.cpu_capacity.capacity_curr);
		break;
	case CAPSIM_EV_OVERUTILIZED:
		trace_printf(t->tw, at, "lisa__sched_overutilized", "overutilized=%d span=0x%s",
			     ev->u.overutilized.on ? 1 : 0, t->span);
		break;
	default:
		break;
	}
}

/*
 * The sink: the counters an event changes, then the line (or lines) its tracepoint prints, for
 * the events the trace carries (trace_select.c decides which).
 */
static void trace_event(void *ctx, const struct capsim_event *ev)
{
	struct sim_trace *t = ctx;
	struct trace_at at = { trace_clock_ns(ev), (unsigned)ev->cpu, ev->curr.comm, ev->curr.pid };
	struct trace_task a, b;

	if (!trace_select_event(&t->sel, ev, counter, t))
		return;
	switch (ev->type) {
	case CAPSIM_EV_SCHED_SWITCH:
		task_of(&ev->u.sched_switch.prev, &a);
		task_of(&ev->u.sched_switch.next, &b);
		trace_sched_switch(t->tw, &at, &a, ev->u.sched_switch.prev_state,
				   ev->u.sched_switch.preempt, &b);
		break;
	case CAPSIM_EV_SCHED_WAKING:
		task_of(&ev->u.wakeup.task, &a);
		trace_sched_waking(t->tw, &at, &a, (unsigned)ev->u.wakeup.target_cpu);
		break;
	case CAPSIM_EV_SCHED_WAKEUP:
		task_of(&ev->u.wakeup.task, &a);
		trace_sched_wakeup(t->tw, &at, &a, (unsigned)ev->u.wakeup.target_cpu);
		break;
	case CAPSIM_EV_SCHED_WAKEUP_NEW:
		task_of(&ev->u.wakeup.task, &a);
		trace_sched_wakeup_new(t->tw, &at, &a, (unsigned)ev->u.wakeup.target_cpu);
		break;
	case CAPSIM_EV_SCHED_MIGRATE_TASK:
		task_of(&ev->u.migrate.task, &a);
		trace_sched_migrate_task(t->tw, &at, &a, (unsigned)ev->u.migrate.orig_cpu,
					 (unsigned)ev->u.migrate.dest_cpu);
		break;
	case CAPSIM_EV_CPU_FREQUENCY:
		trace_cpu_frequency(t->tw, &at, ev->u.cpu_frequency.requested_khz, at.cpu);
		break;
	case CAPSIM_EV_CPU_FREQUENCY_LIMITS:
		trace_cpu_frequency_limits(t->tw, &at, ev->u.cpu_frequency_limits.min_khz,
					   ev->u.cpu_frequency_limits.max_khz,
					   (unsigned)ev->u.cpu_frequency_limits.first_cpu);
		break;
	case CAPSIM_EV_CPU_IDLE:
		trace_cpu_idle(t->tw, &at, ev->u.cpu_idle.state, at.cpu);
		break;
	case CAPSIM_EV_HW_PRESSURE_UPDATE:
		trace_hw_pressure_update(t->tw, &at, ev->cpu, ev->u.pressure.pressure);
		break;
	case CAPSIM_EV_THERMAL_PRESSURE_UPDATE:
		trace_thermal_pressure_update(t->tw, &at, ev->cpu, ev->u.pressure.pressure);
		break;
	case CAPSIM_EV_TEXT:
		trace_raw(t->tw, &at, ev->u.text.name, ev->u.text.body);
		break;
	case CAPSIM_EV_SCHED_COMPUTE_ENERGY: {
		char body[128];

		trace_compute_energy_text(body, sizeof(body), ev);
		trace_sched_compute_energy(t->tw, &at, body);
		break;
	}
	default:
		lisa_event(t, &at, ev);
		break;
	}
}

static int sim_trace_open_style(const struct capsim_sink_header *h, FILE *fp,
				enum trace_style style, void **ctx)
{
	struct sim_trace *t;
	int ret;

	t = calloc(1, sizeof(*t));
	if (!t)
		return CAPSIM_ERR_NOMEM;
	if (trace_select_init(&t->sel, h->nr_cpus, h->trace_families, TRACE_COUNTERS_TEXT)) {
		free(t);
		return CAPSIM_ERR_NOMEM;
	}
	trace_span_hex(t->span, sizeof(t->span), h->nr_cpus);
	ret = trace_open(fp, h->nr_cpus, style, &t->tw);
	if (ret)
		trace_finish(t);
	else
		*ctx = t;
	return ret;
}

static int ftrace_open(const struct capsim_sink_header *h, FILE *fp, void **ctx)
{
	return sim_trace_open_style(h, fp, TRACE_STYLE_FTRACE, ctx);
}

static int report_open(const struct capsim_sink_header *h, FILE *fp, void **ctx)
{
	return sim_trace_open_style(h, fp, TRACE_STYLE_REPORT, ctx);
}

/* both share one event function: a run carries one text trace at a time */
const struct trace_format trace_format_ftrace = { ftrace_open, trace_event, trace_release,
						  trace_finish };
const struct trace_format trace_format_report = { report_open, trace_event, trace_release,
						  trace_finish };
