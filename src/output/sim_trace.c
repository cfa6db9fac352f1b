// SPDX-License-Identifier: MIT
/*
 * sim_trace.c - the simulator's text trace as a consumer of its event sink: each event
 * (include/capsim/capsim_events.h) becomes the line the kernel's tracepoint prints, through the
 * ftrace text writer (src/output/trace.c). It needs only what an event carries, plus the CPU
 * count it captured at open and the counter values it last wrote.
 */
#include <stdio.h>
#include <stdlib.h>

#include "capsim/capsim.h"
#include "output/sim_trace.h"
#include "output/trace.h"
#include "sim/sim.h"
#include "sim/sim_events.h"

/* the event's prev_state bits are the kernel's TASK_REPORT bits, as the writer's are */
_Static_assert(CAPSIM_TASK_INTERRUPTIBLE == TRACE_TASK_INTERRUPTIBLE &&
		       CAPSIM_TASK_DEAD == TRACE_EXIT_DEAD && CAPSIM_TASK_RUNNING == TRACE_TASK_RUNNING,
	       "prev_state bits differ");

struct sim_trace {
	struct trace_writer *tw;
	unsigned nr_cpus;
	uint64_t *last_cap;   /* per CPU: last counter values written, to skip repeats */
	uint64_t *last_util;
};

static void trace_free(struct sim_trace *t)
{
	free(t->last_cap);
	free(t->last_util);
	free(t);
}

static int trace_finish(struct sim_trace *t)
{
	int ret = trace_close(t->tw);

	trace_free(t);
	return ret;
}

/* sim_free() with the trace still open: finished as sim_trace_close() would */
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

/* atrace counters "cpuN_actual_capacity" and "cpuN_util", each when it changed */
static void counters(struct sim_trace *t, const struct trace_at *at,
		     const struct capsim_ev_cpu_counters *c)
{
	char name[48];

	if (at->cpu >= t->nr_cpus)
		return;
	if (c->actual_capacity != t->last_cap[at->cpu]) {
		t->last_cap[at->cpu] = c->actual_capacity;
		snprintf(name, sizeof(name), "cpu%u_actual_capacity", at->cpu);
		trace_counter(t->tw, at, 1, name, (int64_t)c->actual_capacity);
	}
	if (c->util != t->last_util[at->cpu]) {
		t->last_util[at->cpu] = c->util;
		snprintf(name, sizeof(name), "cpu%u_util", at->cpu);
		trace_counter(t->tw, at, 1, name, (int64_t)c->util);
	}
}

/* The sink: one event, the line (or lines) its tracepoint prints; other types print nothing. */
static void trace_event(void *ctx, const struct capsim_event *ev)
{
	struct sim_trace *t = ctx;
	struct trace_at at = { ev->time_ns, (unsigned)ev->cpu, ev->curr.comm, ev->curr.pid };
	struct trace_task a, b;

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
	case CAPSIM_EV_SCHED_WAKEUP_NEW:
		/* a task's start has always been printed as sched_wakeup: trace bytes are a promise */
		task_of(&ev->u.wakeup.task, &a);
		trace_sched_wakeup(t->tw, &at, &a, (unsigned)ev->u.wakeup.target_cpu);
		break;
	case CAPSIM_EV_SCHED_MIGRATE_TASK:
		task_of(&ev->u.migrate.task, &a);
		trace_sched_migrate_task(t->tw, &at, &a, (unsigned)ev->u.migrate.orig_cpu,
					 (unsigned)ev->u.migrate.dest_cpu);
		break;
	case CAPSIM_EV_CPU_FREQUENCY:
		trace_cpu_frequency(t->tw, &at, ev->u.cpu_frequency.delivered_khz, at.cpu);
		break;
	case CAPSIM_EV_CPU_FREQUENCY_LIMITS:
		trace_cpu_frequency_limits(t->tw, &at, ev->u.cpu_frequency_limits.min_khz,
					   ev->u.cpu_frequency_limits.max_khz, at.cpu);
		break;
	case CAPSIM_EV_HW_PRESSURE_UPDATE:
		trace_hw_pressure_update(t->tw, &at, ev->cpu, ev->u.pressure.pressure);
		break;
	case CAPSIM_EV_THERMAL_PRESSURE_UPDATE:
		trace_thermal_pressure_update(t->tw, &at, ev->cpu, ev->u.pressure.pressure);
		break;
	case CAPSIM_EV_CPU_COUNTERS:
		counters(t, &at, &ev->u.cpu_counters);
		break;
	case CAPSIM_EV_TEXT:
		trace_raw(t->tw, &at, ev->u.text.name, ev->u.text.body);
		break;
	default:
		break;
	}
}

int sim_trace_open(struct capsim_sim *s, FILE *fp)
{
	struct sim_trace *t;
	int ret;

	if (s->started || s->sink.fn)
		return CAPSIM_ERR_INVALID;
	t = calloc(1, sizeof(*t));
	if (!t)
		return CAPSIM_ERR_NOMEM;
	t->nr_cpus = s->nr_cpus;
	t->last_cap = malloc(s->nr_cpus * sizeof(uint64_t));
	t->last_util = malloc(s->nr_cpus * sizeof(uint64_t));
	if (!t->last_cap || !t->last_util) {
		trace_free(t);
		return CAPSIM_ERR_NOMEM;
	}
	for (unsigned c = 0; c < s->nr_cpus; c++)
		t->last_cap[c] = t->last_util[c] = UINT64_MAX;
	ret = trace_open(fp, s->nr_cpus, &t->tw);
	if (!ret)
		ret = sim_sink_attach(s, trace_event, t, trace_release);
	if (ret)
		trace_finish(t);
	return ret;
}

int sim_trace_close(struct capsim_sim *s)
{
	struct sim_trace *t = s->sink.ctx;

	if (s->sink.fn != trace_event)
		return 0;
	sim_sink_detach(s);
	return trace_finish(t);
}
