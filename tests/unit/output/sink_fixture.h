/* SPDX-License-Identifier: MIT */
/*
 * sink_fixture.h - a small run as the event sink delivers it, for the writers' unit tests: three
 * CPUs (0 and 1 one policy, 2 another), two tasks that wake, run and block, a preemption by
 * CPU 2's stopper that migrates a task, frequency changes (one a repeat), a HW pressure update
 * and the counters it moves, and a zone's temperature. The times and values are named here so
 * that each test derives what its writer must show from them, not from a writer's output.
 */
#ifndef CAPSIM_TEST_SINK_FIXTURE_H
#define CAPSIM_TEST_SINK_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capsim/capsim.h"
#include "output/trace_format.h"

#define FX_NR_CPUS 3

/* the times of the run (ns from its start) */
#define FX_T_WAKE_A 1000u    /* a: sched_wakeup_new on CPU 1, from CPU 0 */
#define FX_T_RUN_A 1500u     /* CPU 1: swapper/1 ==> a */
#define FX_T_WAKE_B 2000u    /* b: sched_waking on CPU 0, sched_wakeup on CPU 2 */
#define FX_T_RUN_B 2500u     /* CPU 2: swapper/2 ==> b */
#define FX_T_FREQ 3000u      /* CPU 0: 1 GHz again (no change), then 800 MHz; CPU 1 util */
#define FX_T_PRESSURE 4000u  /* CPU 2: hw_pressure_update, its counters */
#define FX_T_SLEEP_A 5000u   /* CPU 1: a ==> swapper/1, a sleeps (S) */
#define FX_T_STOP 6000u      /* CPU 2: b preempted (R+) ==> migration/2 */
#define FX_T_MIGRATE 6500u   /* CPU 2: migration/2 moves b to CPU 1 */
#define FX_T_END 7000u       /* CPU 2: migration/2 ==> swapper/2; the zone's temperature */

#define FX_PID_A 100
#define FX_PID_B 101
#define FX_PRIO 120
#define FX_STOPPER_PID (CAPSIM_STOPPER_PID_BASE + 2)
#define FX_KHZ_LITTLE 1000000u
#define FX_KHZ_LITTLE_NEW 800000u
#define FX_KHZ_BIG 2000000u
#define FX_KHZ_MIN 500000u
#define FX_CAP_LITTLE 512u
#define FX_CAP_BIG 1024u
#define FX_UTIL_A 100u
#define FX_PRESSURE 200u
#define FX_TEMP_PREV 40000
#define FX_TEMP 45000
#define FX_ZONE_BODY "thermal_zone=soc id=0 temp_prev=40000 temp=45000"

#define FX_MAX_EVENTS 256

struct fx_run {
	struct capsim_event ev[FX_MAX_EVENTS];
	unsigned n;
	capsim_cpumask policy0, cpu2;
};

static inline struct capsim_event_task fx_task(const char *comm, int pid, int prio)
{
	struct capsim_event_task t = { comm, pid, prio };

	return t;
}

static inline struct capsim_event *fx_add(struct fx_run *r, unsigned type, uint64_t t, int cpu,
					  struct capsim_event_task curr)
{
	struct capsim_event *ev;

	if (r->n == FX_MAX_EVENTS)
		abort();
	ev = &r->ev[r->n++];

	memset(ev, 0, sizeof(*ev));
	ev->size = sizeof(*ev);
	ev->version = CAPSIM_EVENT_VERSION;
	ev->type = (uint16_t)type;
	ev->time_ns = t;
	ev->cpu = cpu;
	ev->curr = curr;
	return ev;
}

static inline unsigned fx_cap_orig(int cpu)
{
	return cpu == 2 ? FX_CAP_BIG : FX_CAP_LITTLE;
}

/* a CPU's counters: no pressure but @hw (its PELT average @hw_avg), util @util */
static inline void fx_counters(struct fx_run *r, uint64_t t, int cpu, struct capsim_event_task curr,
			       unsigned util, unsigned hw, unsigned hw_avg)
{
	struct capsim_ev_cpu_counters *c = &fx_add(r, CAPSIM_EV_CPU_COUNTERS, t, cpu, curr)->u.cpu_counters;

	c->capacity_orig = fx_cap_orig(cpu);
	/* v6.10+: actual = capacity_orig - max(hw_load_avg, cpufreq_pressure) */
	c->actual_capacity = c->capacity_orig - hw_avg;
	c->util = util;
	c->hw_pressure = hw;
	c->hw_load_avg = hw_avg;
	c->delivered_capacity = c->capacity_orig - hw;
}

static inline void fx_switch(struct fx_run *r, uint64_t t, int cpu, struct capsim_event_task prev,
			     uint32_t state, int preempt, struct capsim_event_task next)
{
	struct capsim_ev_sched_switch *sw = &fx_add(r, CAPSIM_EV_SCHED_SWITCH, t, cpu, prev)->u.sched_switch;

	sw->prev = prev;
	sw->next = next;
	sw->prev_state = state;
	sw->preempt = preempt;
}

static inline void fx_freq(struct fx_run *r, uint64_t t, int cpu, struct capsim_event_task curr,
			   int policy, uint32_t khz)
{
	struct capsim_ev_cpu_frequency *f = &fx_add(r, CAPSIM_EV_CPU_FREQUENCY, t, cpu, curr)->u.cpu_frequency;

	f->policy = policy;
	f->requested_khz = f->delivered_khz = khz;
}

static inline void fx_wake(struct fx_run *r, unsigned type, uint64_t t, int cpu,
			   struct capsim_event_task curr, struct capsim_event_task task, int target)
{
	struct capsim_ev_wakeup *w = &fx_add(r, type, t, cpu, curr)->u.wakeup;

	w->task = task;
	w->target_cpu = target;
}

/* The run, in time order, as a run's sink gets it. */
static inline void fx_build(struct fx_run *r)
{
	const struct capsim_event_task idle0 = fx_task("swapper/0", 0, 120);
	const struct capsim_event_task idle1 = fx_task("swapper/1", 0, 120);
	const struct capsim_event_task idle2 = fx_task("swapper/2", 0, 120);
	const struct capsim_event_task a = fx_task("a", FX_PID_A, FX_PRIO);
	const struct capsim_event_task b = fx_task("b", FX_PID_B, FX_PRIO);
	const struct capsim_event_task stop = fx_task("migration/2", FX_STOPPER_PID, 0);
	struct capsim_event *ev;

	memset(r, 0, sizeof(*r));
	capsim_cpumask_set(&r->policy0, 0);
	capsim_cpumask_set(&r->policy0, 1);
	capsim_cpumask_set(&r->cpu2, 2);
	for (int cpu = 0; cpu < FX_NR_CPUS; cpu++)
		fx_counters(r, 0, cpu, cpu == 0 ? idle0 : cpu == 1 ? idle1 : idle2, 0, 0, 0);
	fx_freq(r, 0, 0, idle0, 0, FX_KHZ_LITTLE);
	fx_freq(r, 0, 1, idle1, 0, FX_KHZ_LITTLE);
	fx_freq(r, 0, 2, idle2, 1, FX_KHZ_BIG);
	ev = fx_add(r, CAPSIM_EV_CPU_FREQUENCY_LIMITS, 0, 0, idle0);
	ev->u.cpu_frequency_limits.policy = 0;
	ev->u.cpu_frequency_limits.first_cpu = 0;
	ev->u.cpu_frequency_limits.min_khz = FX_KHZ_MIN;
	ev->u.cpu_frequency_limits.max_khz = FX_KHZ_LITTLE;
	ev->u.cpu_frequency_limits.cpus = &r->policy0;

	fx_wake(r, CAPSIM_EV_SCHED_WAKEUP_NEW, FX_T_WAKE_A, 0, idle0, a, 1);
	fx_switch(r, FX_T_RUN_A, 1, idle1, CAPSIM_TASK_RUNNING, 0, a);
	fx_wake(r, CAPSIM_EV_SCHED_WAKING, FX_T_WAKE_B, 0, idle0, b, 2);
	fx_wake(r, CAPSIM_EV_SCHED_WAKEUP, FX_T_WAKE_B, 2, idle2, b, 2);
	fx_switch(r, FX_T_RUN_B, 2, idle2, CAPSIM_TASK_RUNNING, 0, b);
	fx_freq(r, FX_T_FREQ, 0, idle0, 0, FX_KHZ_LITTLE); /* a repeat: no change */
	fx_freq(r, FX_T_FREQ, 0, idle0, 0, FX_KHZ_LITTLE_NEW);
	fx_counters(r, FX_T_FREQ, 1, a, FX_UTIL_A, 0, 0);
	ev = fx_add(r, CAPSIM_EV_HW_PRESSURE_UPDATE, FX_T_PRESSURE, 2, b);
	ev->u.pressure.pressure = FX_PRESSURE;
	ev->u.pressure.cpus = &r->cpu2;
	/* the instantaneous pressure moves at once; its average has not moved yet */
	fx_counters(r, FX_T_PRESSURE, 2, b, 0, FX_PRESSURE, 0);
	fx_switch(r, FX_T_SLEEP_A, 1, a, CAPSIM_TASK_INTERRUPTIBLE, 0, idle1);
	fx_switch(r, FX_T_STOP, 2, b, CAPSIM_TASK_RUNNING, 1, stop);
	ev = fx_add(r, CAPSIM_EV_SCHED_MIGRATE_TASK, FX_T_MIGRATE, 2, stop);
	ev->u.migrate.task = b;
	ev->u.migrate.orig_cpu = 2;
	ev->u.migrate.dest_cpu = 1;
	fx_switch(r, FX_T_END, 2, stop, CAPSIM_TASK_INTERRUPTIBLE, 0, idle2);
	ev = fx_add(r, CAPSIM_EV_TEXT, FX_T_END, 0, idle0);
	ev->u.text.name = "thermal_temperature";
	ev->u.text.body = FX_ZONE_BODY;
}

/* the whole stream a FILE holds, NUL-terminated; *@size its length */
static inline char *fx_slurp(FILE *fp, size_t *size)
{
	long n;
	char *buf;

	fflush(fp);
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	buf = calloc(1, (size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, fp) != (size_t)n) {
		free(buf);
		return NULL;
	}
	if (size)
		*size = (size_t)n;
	return buf;
}

/*
 * Run @r's events through the trace format @tf (open, every event, finish) for a sink header of
 * FX_NR_CPUS and @families. Return: the bytes written (*@size long), NULL if a call failed.
 */
static inline char *fx_write(const struct trace_format *tf, const struct fx_run *r,
			     unsigned families, size_t *size)
{
	struct capsim_sink_header h = { sizeof(h), CAPSIM_SINK_HEADER_VERSION, 0, FX_NR_CPUS, families };
	FILE *fp = tmpfile();
	void *ctx = NULL;
	char *out = NULL;

	if (!fp)
		return NULL;
	if (!tf->open(&h, fp, &ctx)) {
		for (unsigned i = 0; i < r->n; i++)
			tf->event(ctx, &r->ev[i]);
		if (!tf->finish(ctx))
			out = fx_slurp(fp, size);
	}
	fclose(fp);
	return out;
}

/*
 * Run @r's events through @tf onto a stream that refuses every write (opened for reading).
 * Return: what open() returned if it failed, else what finish() returned.
 */
static inline int fx_write_unwritable(const struct trace_format *tf, const struct fx_run *r)
{
	struct capsim_sink_header h = { sizeof(h), CAPSIM_SINK_HEADER_VERSION, 0, FX_NR_CPUS, 0 };
	FILE *fp = fopen("/dev/null", "r");
	void *ctx = NULL;
	int ret;

	if (!fp)
		return -1;
	ret = tf->open(&h, fp, &ctx);
	if (!ret) {
		for (unsigned i = 0; i < r->n; i++)
			tf->event(ctx, &r->ev[i]);
		ret = tf->finish(ctx);
	}
	fclose(fp);
	return ret;
}

#endif /* CAPSIM_TEST_SINK_FIXTURE_H */
