// SPDX-License-Identifier: MIT
/*
 * sim_trace.c - the simulator's side of the trace: which event happens where and in whose
 * context (the task current on the CPU), handed to the ftrace text writer (src/trace.c).
 */
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"
#include "sim/sim.h"
#include "output/sim_trace.h"
#include "output/trace.h"

struct sim_trace {
	struct trace_writer *tw;
	uint64_t *last_cap;   /* per CPU: last counter values written, to skip repeats */
	uint64_t *last_util;
};

int sim_trace_open(struct capsim_sim *s, FILE *fp)
{
	int ret;

	s->trace = calloc(1, sizeof(*s->trace));
	if (!s->trace)
		return CAPSIM_ERR_NOMEM;
	s->trace->last_cap = malloc(s->nr_cpus * sizeof(uint64_t));
	s->trace->last_util = malloc(s->nr_cpus * sizeof(uint64_t));
	if (!s->trace->last_cap || !s->trace->last_util)
		return CAPSIM_ERR_NOMEM;
	for (unsigned c = 0; c < s->nr_cpus; c++)
		s->trace->last_cap[c] = s->trace->last_util[c] = UINT64_MAX;
	ret = trace_open(fp, s->nr_cpus, &s->trace->tw);
	return ret;
}

int sim_trace_close(struct capsim_sim *s)
{
	int ret = 0;

	if (!s->trace)
		return 0;
	if (s->trace->tw)
		ret = trace_close(s->trace->tw);
	free(s->trace->last_cap);
	free(s->trace->last_util);
	free(s->trace);
	s->trace = NULL;
	return ret;
}

static void at_cpu(const struct capsim_sim *s, int cpu, struct trace_at *at)
{
	const struct sim_task *c = s->rq[cpu].curr;

	at->ts_ns = s->now;
	at->cpu = (unsigned)cpu;
	at->comm = c ? c->name : "<idle>";
	at->pid = c ? (int)c->pid : 0;
}

/* The kernel prio the trace shows: 120 + nice for fair tasks, 99 - rt_priority for RT. */
static void task_of(const struct sim_task *p, struct trace_task *t)
{
	if (!p) {
		t->comm = "swapper";
		t->pid = 0;
		t->prio = 120;
		return;
	}
	t->comm = p->name;
	t->pid = (int)p->pid;
	t->prio = p->rt ? 99 - p->rt_prio : 120 + p->nice;
}

void sim_trace_switch(struct capsim_sim *s, int cpu, const struct sim_task *prev,
		      const struct sim_task *next)
{
	struct trace_at at;
	struct trace_task pt, nt;
	unsigned state = TRACE_TASK_RUNNING;

	if (!s->trace)
		return;
	at_cpu(s, cpu, &at);
	at.comm = prev ? prev->name : "<idle>";
	at.pid = prev ? (int)prev->pid : 0;
	task_of(prev, &pt);
	task_of(next, &nt);
	if (prev && prev->state == TASK_DEAD)
		state = TRACE_EXIT_DEAD;
	else if (prev && prev->state == TASK_BLOCKED)
		state = TRACE_TASK_INTERRUPTIBLE;
	trace_sched_switch(s->trace->tw, &at, &pt, state, prev && prev->state == TASK_RUNNABLE, &nt);
	sim_trace_counters(s, cpu);
}

void sim_trace_waking(struct capsim_sim *s, const struct sim_task *p)
{
	struct trace_at at;
	struct trace_task t;

	if (!s->trace)
		return;
	at_cpu(s, p->cpu, &at);
	task_of(p, &t);
	trace_sched_waking(s->trace->tw, &at, &t, (unsigned)p->cpu);
}

void sim_trace_wakeup(struct capsim_sim *s, const struct sim_task *p)
{
	struct trace_at at;
	struct trace_task t;

	if (!s->trace)
		return;
	at_cpu(s, p->cpu, &at);
	task_of(p, &t);
	trace_sched_wakeup(s->trace->tw, &at, &t, (unsigned)p->cpu);
}

void sim_trace_migrate(struct capsim_sim *s, const struct sim_task *p, int dst)
{
	struct trace_at at;
	struct trace_task t;

	if (!s->trace)
		return;
	at_cpu(s, p->cpu, &at);
	task_of(p, &t);
	trace_sched_migrate_task(s->trace->tw, &at, &t, (unsigned)p->cpu, (unsigned)dst);
}

void sim_trace_cpu_frequency(struct capsim_sim *s, int cpu)
{
	struct trace_at at;

	if (!s->trace)
		return;
	at_cpu(s, cpu, &at);
	trace_cpu_frequency(s->trace->tw, &at, sim_delivered_khz(s, cpu), (unsigned)cpu);
}

void sim_trace_cpu_frequency_limits(struct capsim_sim *s, const struct sim_policy *sp)
{
	struct trace_at at;

	if (!s->trace)
		return;
	for (unsigned c = 0; c < s->nr_cpus; c++) {
		if (!capsim_cpumask_test(&sp->pp->related_cpus, c))
			continue;
		at_cpu(s, (int)c, &at);
		trace_cpu_frequency_limits(s->trace->tw, &at, sp->pp->min_khz, sp->pp->max_khz, c);
	}
}

void sim_trace_hw_pressure(struct capsim_sim *s, int cpu)
{
	struct trace_at at;

	if (!s->trace)
		return;
	at_cpu(s, cpu, &at);
	trace_hw_pressure_update(s->trace->tw, &at, cpu, platform_hw_pressure(s->plat, (unsigned)cpu));
}

void sim_trace_counters(struct capsim_sim *s, int cpu)
{
	struct trace_at at;
	uint64_t cap, util;
	char name[48];

	if (!s->trace)
		return;
	cap = sim_actual_capacity(s, cpu);
	util = s->rq[cpu].cfs_avg.util_avg;
	at_cpu(s, cpu, &at);
	if (cap != s->trace->last_cap[cpu]) {
		s->trace->last_cap[cpu] = cap;
		snprintf(name, sizeof(name), "cpu%d_actual_capacity", cpu);
		trace_counter(s->trace->tw, &at, 1, name, (int64_t)cap);
	}
	if (util != s->trace->last_util[cpu]) {
		s->trace->last_util[cpu] = util;
		snprintf(name, sizeof(name), "cpu%d_util", cpu);
		trace_counter(s->trace->tw, &at, 1, name, (int64_t)util);
	}
}

void sim_trace_raw(struct capsim_sim *s, const char *event, const char *body)
{
	struct trace_at at;

	if (!s->trace)
		return;
	at_cpu(s, 0, &at);
	trace_raw(s->trace->tw, &at, event, body);
}

void sim_trace_thermal_pressure(struct capsim_sim *s, int cpu, uint64_t pressure)
{
	struct trace_at at;

	if (!s->trace)
		return;
	at_cpu(s, cpu, &at);
	trace_thermal_pressure_update(s->trace->tw, &at, cpu, pressure);
}
