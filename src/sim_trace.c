// SPDX-License-Identifier: MIT
/*
 * sim_trace.c - formats the simulator's events as the kernel's ftrace text output
 * (kernel/trace/trace_output.c line prefix, include/trace/events/{sched,power,hw_pressure}.h
 * TP_printk layouts, Linux 6.12) and streams them to the caller's writer.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"
#include "sim.h"
#include "sim_trace.h"

struct sim_trace {
	sim_write_fn fn;
	void *ctx;
	uint64_t *last_cap;   /* per CPU: last counter values written, to skip repeats */
	uint64_t *last_util;
};

static void emit(struct capsim_sim *s, int cpu, const char *event, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* One line: "<comm>-<pid> [cpu] flags secs.usecs: event: fields" (context: @cpu's current task) */
static void emit(struct capsim_sim *s, int cpu, const char *event, const char *fmt, ...)
{
	char buf[512];
	int n, m;
	va_list ap;
	const struct sim_task *c = s->rq[cpu].curr;
	char comm[40];

	if (c)
		snprintf(comm, sizeof(comm), "%.15s-%" PRIu32, c->name, c->pid);
	else
		snprintf(comm, sizeof(comm), "<idle>-0");
	n = snprintf(buf, sizeof(buf), "%22s [%03d] d..2. %5" PRIu64 ".%06" PRIu64 ": %s: ", comm,
		     cpu, (uint64_t)(s->now / NSEC_PER_SEC), (uint64_t)(s->now % NSEC_PER_SEC / 1000), event);
	va_start(ap, fmt);
	m = vsnprintf(buf + n, sizeof(buf) - (size_t)n - 1, fmt, ap);
	va_end(ap);
	if (m < 0)
		return;
	n += m;
	if ((size_t)n > sizeof(buf) - 2)
		n = (int)sizeof(buf) - 2;
	buf[n++] = '\n';
	if (s->trace->fn(s->trace->ctx, buf, (size_t)n))
		s->error = CAPSIM_ERR_IO;
}

int sim_trace_open(struct capsim_sim *s, sim_write_fn fn, void *ctx)
{
	char hdr[256];
	int n;

	s->trace = calloc(1, sizeof(*s->trace));
	if (!s->trace)
		return CAPSIM_ERR_NOMEM;
	s->trace->fn = fn;
	s->trace->ctx = ctx;
	s->trace->last_cap = calloc(s->nr_cpus, sizeof(uint64_t));
	s->trace->last_util = calloc(s->nr_cpus, sizeof(uint64_t));
	if (!s->trace->last_cap || !s->trace->last_util)
		return CAPSIM_ERR_NOMEM;
	for (unsigned c = 0; c < s->nr_cpus; c++)
		s->trace->last_cap[c] = s->trace->last_util[c] = UINT64_MAX;
	n = snprintf(hdr, sizeof(hdr),
		     "# tracer: nop\n#\n# capsim simulate, %u CPUs\n#\n"
		     "#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION\n"
		     "#              | |         |   |||||     |         |\n", s->nr_cpus);
	return fn(ctx, hdr, (size_t)n) ? CAPSIM_ERR_IO : 0;
}

void sim_trace_close(struct capsim_sim *s)
{
	if (!s->trace)
		return;
	free(s->trace->last_cap);
	free(s->trace->last_util);
	free(s->trace);
	s->trace = NULL;
}

/* The kernel prio the trace shows: 120 + nice for fair tasks, 99 - rt_priority for RT. */
static int task_prio(const struct sim_task *p)
{
	return p->rt ? 99 - p->rt_prio : 120 + p->nice;
}

/* mirrors TP_printk of sched_switch (include/trace/events/sched.h) */
void sim_trace_switch(struct capsim_sim *s, int cpu, const struct sim_task *prev,
		      const struct sim_task *next)
{
	const char *state;
	char pc[48], nc[48];

	if (!s->trace)
		return;
	if (!prev)
		state = "R";
	else if (prev->state == TASK_RUNNABLE)
		state = "R+";
	else if (prev->state == TASK_DEAD)
		state = "X";
	else
		state = "S";
	snprintf(pc, sizeof(pc), "%s", prev ? prev->name : "swapper");
	snprintf(nc, sizeof(nc), "%s", next ? next->name : "swapper");
	emit(s, cpu, "sched_switch",
	     "prev_comm=%.15s prev_pid=%" PRIu32 " prev_prio=%d prev_state=%s ==> "
	     "next_comm=%.15s next_pid=%" PRIu32 " next_prio=%d",
	     pc, prev ? prev->pid : 0, prev ? task_prio(prev) : 120, state, nc,
	     next ? next->pid : 0, next ? task_prio(next) : 120);
	sim_trace_counters(s, cpu);
}

static void trace_wake(struct capsim_sim *s, const struct sim_task *p, const char *ev)
{
	if (!s->trace)
		return;
	emit(s, p->cpu, ev, "comm=%.15s pid=%" PRIu32 " prio=%d target_cpu=%03d", p->name, p->pid,
	     task_prio(p), p->cpu);
}

void sim_trace_waking(struct capsim_sim *s, const struct sim_task *p)
{
	trace_wake(s, p, "sched_waking");
}

void sim_trace_wakeup(struct capsim_sim *s, const struct sim_task *p)
{
	trace_wake(s, p, "sched_wakeup");
}

void sim_trace_wakeup_new(struct capsim_sim *s, const struct sim_task *p)
{
	trace_wake(s, p, "sched_wakeup_new");
}

void sim_trace_exit(struct capsim_sim *s, const struct sim_task *p)
{
	if (!s->trace)
		return;
	emit(s, p->cpu, "sched_process_exit", "comm=%.15s pid=%" PRIu32 " prio=%d", p->name,
	     p->pid, task_prio(p));
}

/* mirrors TP_printk of sched_migrate_task */
void sim_trace_migrate(struct capsim_sim *s, const struct sim_task *p, int dst)
{
	if (!s->trace)
		return;
	emit(s, p->cpu, "sched_migrate_task",
	     "comm=%.15s pid=%" PRIu32 " prio=%d orig_cpu=%d dest_cpu=%d", p->name, p->pid,
	     task_prio(p), p->cpu, dst);
}

/* mirrors TP_printk of cpu_frequency (include/trace/events/power.h): the delivered kHz */
void sim_trace_cpu_frequency(struct capsim_sim *s, int cpu)
{
	if (!s->trace)
		return;
	emit(s, cpu, "cpu_frequency", "state=%" PRIu32 " cpu_id=%d", sim_delivered_khz(s, cpu), cpu);
}

/* mirrors TP_printk of cpu_frequency_limits */
void sim_trace_cpu_frequency_limits(struct capsim_sim *s, const struct sim_policy *sp)
{
	if (!s->trace)
		return;
	emit(s, (int)sp->pp->cpu, "cpu_frequency_limits", "min=%" PRIu32 " max=%" PRIu32 " cpu_id=%u",
	     sp->pp->min_khz, sp->pp->max_khz, sp->pp->cpu);
}

/* mirrors TP_printk of hw_pressure_update (include/trace/events/hw_pressure.h) */
void sim_trace_hw_pressure(struct capsim_sim *s, int cpu)
{
	if (!s->trace)
		return;
	emit(s, cpu, "hw_pressure_update", "cpu=%d hw_pressure=%" PRIu64, cpu,
	     platform_hw_pressure(s->plat, (unsigned)cpu));
}

void sim_trace_counters(struct capsim_sim *s, int cpu)
{
	uint64_t cap, util;

	if (!s->trace)
		return;
	cap = sim_actual_capacity(s, cpu);
	util = s->rq[cpu].cfs_avg.util_avg;
	if (cap != s->trace->last_cap[cpu]) {
		s->trace->last_cap[cpu] = cap;
		emit(s, cpu, "tracing_mark_write", "C|1|cpu%d_actual_capacity|%" PRIu64, cpu, cap);
	}
	if (util != s->trace->last_util[cpu]) {
		s->trace->last_util[cpu] = util;
		emit(s, cpu, "tracing_mark_write", "C|1|cpu%d_util|%" PRIu64, cpu, util);
	}
}
