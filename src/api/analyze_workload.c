// SPDX-License-Identifier: MIT
/*
 * analyze_workload.c - the workload a trace shows: each task's activations, their work, their
 * phases, and the rt-app JSON that runs them again (`capsim analyze --extract-workload`;
 * docs/formats.md "Trace analysis", phases).
 *
 * An activation runs from a task's wake-up (its first switch-in when no wake-up is traced) to
 * the switch-out that puts it to sleep; a switch-out still runnable (preempted, prev_state R/R+)
 * does not end it. Its work is what the simulator would have to run to take the same CPU time:
 * the simulator runs `run` work on CPU c at frequency f at capacity_orig(c) * f / freq_ref(c)
 * relative to the calibration CPU's capacity (src/sim/task_exec.c, cpu_speed()), so each slice
 * here counts (t1 - t0) * capacity_orig(c) * f / freq_ref(c) / capacity_orig(calibration).
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "api/analyze_workload.h"
#include "internal.h"
#include "model/platform.h"
#include "output/trace_jsonl.h"

/* Two loops are alike when within 25% (and 100 µs, for short ones) of the phase's mean. */
#define XW_REL_TOL 0.25
#define XW_ABS_TOL_NS 100000.0

struct xw_cpu {
	bool started;     /* its window has started: work accrues */
	uint64_t khz;     /* 0: not traced yet (counted at its reference frequency) */
	uint64_t since;   /* @units counts to here */
	double units;     /* the slice's ns x capacity x f / freq_ref so far */
};

struct xw_extract {
	const capsim_platform *plat;
	unsigned calib_cpu;
	uint64_t cap_calib;
	struct xw_cpu *cpus;
	unsigned nr_cpus;
};

struct xw_extract *xw_create(const capsim_platform *plat)
{
	struct xw_extract *x = calloc(1, sizeof(*x));

	if (!x || !(x->cpus = calloc(plat->nr_cpus, sizeof(*x->cpus)))) {
		free(x);
		return NULL;
	}
	x->plat = plat;
	x->nr_cpus = plat->nr_cpus;
	/* the simulator's calibration CPU for a numeric calibration: the first biggest */
	for (unsigned c = 1; c < plat->nr_cpus; c++)
		if (platform_cpu_capacity_orig(plat, c) > platform_cpu_capacity_orig(plat, x->calib_cpu))
			x->calib_cpu = c;
	x->cap_calib = platform_cpu_capacity_orig(plat, x->calib_cpu);
	return x;
}

void xw_free(struct xw_extract *x)
{
	if (!x)
		return;
	free(x->cpus);
	free(x);
}

void xw_task_free(struct xw_task *t)
{
	free(t->acts);
	free(t->phases);
}

unsigned xw_calibration_cpu(const struct xw_extract *x)
{
	return x->calib_cpu;
}

/* CPU @c's work per ns in capacity units: capacity_orig x f / freq_ref (cpu_speed()'s rate). */
static double cpu_rate(const struct xw_extract *x, unsigned c)
{
	uint64_t cap = platform_cpu_capacity_orig(x->plat, c);
	uint32_t ref = platform_freq_ref(x->plat, c);
	uint64_t khz = x->cpus[c].khz;

	/* no frequency traced yet, or no reference (x86-like): at its reference, as the
	 * simulator counts a CPU with no frequency scale */
	if (!khz || !ref)
		return (double)cap;
	return (double)cap * (double)khz / (double)ref;
}

static void accrue(struct xw_extract *x, unsigned c, uint64_t ts)
{
	struct xw_cpu *cp = &x->cpus[c];

	if (cp->started && ts > cp->since)
		cp->units += (double)(ts - cp->since) * cpu_rate(x, c);
	if (ts > cp->since)
		cp->since = ts;
}

void xw_on_cpu_start(struct xw_extract *x, unsigned cpu, uint64_t ts)
{
	if (cpu >= x->nr_cpus)
		return;
	x->cpus[cpu].started = true;
	x->cpus[cpu].since = ts;
	x->cpus[cpu].units = 0;
}

void xw_on_freq(struct xw_extract *x, unsigned cpu, uint64_t ts, uint64_t khz)
{
	if (cpu >= x->nr_cpus)
		return;
	accrue(x, cpu, ts);
	x->cpus[cpu].khz = khz;
}

void xw_on_wakeup(struct xw_task *t, uint64_t ts)
{
	if (t->in_act || t->woken)
		return; /* the activation's start is its first wake-up since it slept */
	t->woken = true;
	t->wake_ns = ts;
}

static void open_act(struct xw_task *t, uint64_t ts)
{
	t->in_act = true;
	t->cur = (struct xw_act){ .start_ns = t->woken ? t->wake_ns : ts };
	t->woken = false;
}

static int close_act(struct xw_task *t, uint64_t ts)
{
	if (t->nr_acts == t->cap_acts) {
		size_t cap = t->cap_acts ? 2 * t->cap_acts : 16;
		struct xw_act *n = realloc(t->acts, cap * sizeof(*n));

		if (!n)
			return CAPSIM_ERR_NOMEM;
		t->acts = n;
		t->cap_acts = cap;
	}
	t->cur.end_ns = ts;
	t->in_act = false;
	if (t->cur.run_ns) /* one that never ran (within the trace's µs) has nothing to replay */
		t->acts[t->nr_acts++] = t->cur;
	return 0;
}

/* @ran's slice on @cpu from @slice_start to @ts into its open activation. */
static void credit(struct xw_extract *x, unsigned cpu, uint64_t ts, uint64_t slice_start,
		   struct xw_task *ran)
{
	double units = 0;

	if (cpu < x->nr_cpus) {
		accrue(x, cpu, ts);
		units = x->cpus[cpu].units;
		x->cpus[cpu].units = 0;
	}
	if (!ran)
		return;
	if (!ran->in_act) /* running since before the window: its activation starts there */
		open_act(ran, slice_start);
	ran->cur.run_ns += ts - slice_start;
	ran->cur.work_ns += units / (double)x->cap_calib;
}

int xw_on_switch(struct xw_extract *x, unsigned cpu, uint64_t ts, uint64_t slice_start,
		 struct xw_task *ran, struct xw_task *prev, bool prev_runnable, struct xw_task *next,
		 int next_prio)
{
	credit(x, cpu, ts, slice_start, ran);
	if (prev && prev->in_act && !prev_runnable && close_act(prev, ts))
		return CAPSIM_ERR_NOMEM;
	if (next) {
		if (!next->in_act)
			open_act(next, ts);
		if (next_prio >= 0) {
			next->prio = next_prio;
			next->has_prio = true;
		}
		next->deadline |= next_prio == -1;
	}
	return 0;
}

void xw_on_end(struct xw_extract *x, unsigned cpu, uint64_t ts, uint64_t slice_start,
	       struct xw_task *ran)
{
	credit(x, cpu, ts, slice_start, ran);
}

/* ---- phases ------------------------------------------------------------------------------- */

static bool alike(double v, double mean)
{
	return fabs(v - mean) <= XW_REL_TOL * mean + XW_ABS_TOL_NS;
}

/*
 * How many activations from @i form one phase: each next one joins while its work is like the
 * phase's mean work and the gap to it like the phase's mean period (the first gap sets it).
 */
static size_t phase_len(const struct xw_task *t, size_t i)
{
	double sum_w = t->acts[i].work_ns, sum_p = 0;
	size_t j = i + 1;

	for (; j < t->nr_acts; j++) {
		size_t n = j - i;
		double gap = (double)(t->acts[j].start_ns - t->acts[j - 1].start_ns);

		if (!alike(t->acts[j].work_ns, sum_w / (double)n))
			break;
		if (n >= 2 && !alike(gap, sum_p / (double)(n - 1)))
			break;
		sum_w += t->acts[j].work_ns;
		sum_p += gap;
	}
	return j - i;
}

/* Activations [i, i + n) as a phase: periodic, or a lone last one as a continuous run. */
static struct xw_phase make_phase(const struct xw_task *t, size_t i, size_t n)
{
	struct xw_phase ph = { .loops = n };
	uint64_t span = 0;

	for (size_t k = i; k < i + n; k++) {
		ph.run_ns += (double)t->acts[k].run_ns;
		ph.work_ns += t->acts[k].work_ns;
	}
	ph.run_ns /= (double)n;
	ph.work_ns /= (double)n;
	if (n >= 2)
		span = (t->acts[i + n - 1].start_ns - t->acts[i].start_ns) / (n - 1);
	else if (i + 1 < t->nr_acts) /* one loop: its timer brings the next phase's start */
		span = t->acts[i + 1].start_ns - t->acts[i].start_ns;
	ph.period_ns = span;
	for (size_t k = i; span && k < i + n; k++)
		ph.misses += t->acts[k].end_ns - t->acts[k].start_ns > span;
	return ph;
}

int xw_task_finish(struct xw_task *t, uint64_t ts)
{
	size_t n = 0;

	if (t->in_act && close_act(t, ts))
		return CAPSIM_ERR_NOMEM;
	if (!t->nr_acts)
		return 0;
	if (!(t->phases = calloc(t->nr_acts, sizeof(*t->phases))))
		return CAPSIM_ERR_NOMEM;
	for (size_t i = 0; i < t->nr_acts; i += n) {
		n = phase_len(t, i);
		t->phases[t->nr_phases++] = make_phase(t, i, n);
	}
	return 0;
}

uint64_t xw_task_misses(const struct xw_task *t)
{
	uint64_t m = 0;

	for (size_t i = 0; i < t->nr_phases; i++)
		m += t->phases[i].misses;
	return m;
}

void xw_write_phases_json(const struct xw_task *t, FILE *fp)
{
	fputs(", \"phases\": [", fp);
	for (size_t i = 0; i < t->nr_phases; i++) {
		const struct xw_phase *ph = &t->phases[i];

		fprintf(fp, "%s{\"loops\": %" PRIu64 ", \"period_us\": %.3f, \"run_us\": %.3f, "
			"\"work_us\": %.3f, \"misses\": %" PRIu64 "}", i ? ", " : "", ph->loops,
			(double)ph->period_ns / 1e3, ph->run_ns / 1e3, ph->work_ns / 1e3, ph->misses);
	}
	fputs("]", fp);
}

/* ---- rt-app JSON ------------------------------------------------------------------------- */

/* µs, rounded, at least @min (rt-app's integers) */
static uint64_t us_of(double ns, uint64_t min)
{
	uint64_t us = (uint64_t)llround(ns / 1e3);

	return us < min ? min : us;
}

/* sched_switch's prio back to rt-app's policy and priority (wl_kernel_prio()'s inverse) */
static void write_policy(const struct xw_task *t, FILE *fp)
{
	if (t->has_prio && t->prio < 100)
		fprintf(fp, "\"policy\": \"SCHED_FIFO\", \"priority\": %d, ", 99 - t->prio);
	else if (t->has_prio && t->prio >= 100 && t->prio < 140)
		fprintf(fp, "\"policy\": \"SCHED_OTHER\", \"priority\": %d, ", t->prio - 120);
}

static void write_task(const struct xw_task *t, const char *name, uint64_t window_start_ns,
		       FILE *fp)
{
	uint64_t first = t->acts[0].start_ns;

	fputs("\t\t", fp);
	trace_jsonl_string(fp, name);
	fputs(": {", fp);
	write_policy(t, fp);
	fprintf(fp, "\"loop\": 1, \"delay\": %" PRIu64 ", \"phases\": {\n",
		us_of((double)(first > window_start_ns ? first - window_start_ns : 0), 0));
	for (size_t i = 0; i < t->nr_phases; i++) {
		const struct xw_phase *ph = &t->phases[i];

		fprintf(fp, "\t\t\t\"p%zu\": {\"loop\": %" PRIu64 ", \"run\": %" PRIu64, i, ph->loops,
			us_of(ph->work_ns, 1));
		/* one timer for all the task's phases: each phase's first wake-up follows the
		 * last one of the phase before */
		if (ph->period_ns)
			fprintf(fp, ", \"timer\": {\"ref\": \"unique\", \"period\": %" PRIu64 "}",
				us_of((double)ph->period_ns, 1));
		fprintf(fp, "}%s\n", i + 1 < t->nr_phases ? "," : "");
	}
	fputs("\t\t}}", fp);
}

void xw_write_rtapp(const struct xw_extract *x, const struct xw_task *const *tasks,
		    const char *const *names, size_t nr, uint64_t window_start_ns,
		    uint64_t window_end_ns, FILE *fp)
{
	uint64_t span = window_end_ns - window_start_ns;

	fprintf(fp, "{\n\t\"global\": {\"duration\": %" PRIu64 ", \"calibration\": \"CPU%u\", "
		"\"default_policy\": \"SCHED_OTHER\"},\n\t\"tasks\": {\n",
		(uint64_t)((span + CAPSIM_NSEC_PER_SEC - 1) / CAPSIM_NSEC_PER_SEC), x->calib_cpu);
	for (size_t i = 0; i < nr; i++) {
		write_task(tasks[i], names[i], window_start_ns, fp);
		fputs(i + 1 < nr ? ",\n" : "\n", fp);
	}
	fputs("\t}\n}\n", fp);
}
