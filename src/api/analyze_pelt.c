// SPDX-License-Identifier: MIT
/*
 * analyze_pelt.c - each task's PELT util replayed from a trace (docs/formats.md "Trace
 * analysis", pelt), with the model's functions: src/model/pelt.c and pelt_clock.c since v5.1,
 * src/model/pelt_legacy.c before. Both forms run side by side, so that AUTO can take the one
 * the trace's own events point to at the end of a single pass.
 *
 * A task's signals are updated where the kernel updates them and the trace shows it: at a
 * switch-out (put_prev_entity(), after running), at a switch-in of a sleeping task (the
 * enqueue, after sleeping), at a wake-up (enqueue), at a migration (sync_entity_load_avg() to
 * the old CPU's last cfs_rq update, or detach_entity_cfs_rq() of a queued task, then
 * attach_entity_load_avg() on the new CPU at its next update), and at each update the trace
 * logs (sched_load_se and its kin: the kernel updated the task there). The scaling is the one
 * of the update's moment: the CPU's capacity from the platform, its frequency from the last
 * cpu_frequency (or devlib marker) over the reference frequency, 1024 before the first. Since
 * v5.1 the task clock is its CPU's clock_pelt (update_rq_clock_pelt() at each event of the CPU,
 * update_idle_rq_clock_pelt() when it goes idle); before, the trace's time (rq_clock_task()).
 * Unknown to a trace and so left out: IRQ time, ticks that log nothing, migrate_se_pelt_lag().
 * Each task's util_est is updated at each sleep (util_est_update() of the model's kernel, on the
 * util replayed then) and summed per CPU over its queued tasks, for the wake-up placements.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "api/analyze_pelt.h"
#include "internal.h"
#include "model/model.h"
#include "model/pelt.h"
#include "model/platform.h"
#include "model/util_est.h"

#define TASK_WEIGHT 1024 /* nice 0: util does not depend on it */

struct pelt_cpu {
	uint64_t cap;         /* arch_scale_cpu_capacity() */
	uint32_t ref_khz;     /* what arch_set_freq_scale() divides by */
	uint64_t freq_scale;  /* arch_scale_freq_capacity() */
	bool busy;            /* a task runs: not idle, and after the CPU's first switch */
	bool started;
	struct pelt_rq_clock clk;                /* since v5.1: rq->clock_pelt */
	struct capsim_sched_avg cfs[PELT_FORMS]; /* the root cfs_rq's util: the decay window tasks attach to */
	uint32_t util_est;    /* cfs_rq->avg.util_est: its queued tasks' */
};

struct pelt_replay {
	enum capsim_pelt_form forced;
	enum capsim_model model; /* whose util_est_update() */
	enum capsim_pelt_form of_release; /* AUTO: the trace names no kernel release it can read */
	bool v4_events;
	unsigned nr_cpus;
	struct pelt_cpu *cpus;
};

struct pelt_replay *pelt_replay_create(const capsim_platform *plat, enum capsim_pelt_form form,
				       enum capsim_model model)
{
	struct pelt_replay *r = calloc(1, sizeof(*r));

	if (!r || !(r->cpus = calloc(plat->nr_cpus, sizeof(*r->cpus)))) {
		free(r);
		return NULL;
	}
	r->forced = form;
	r->model = model;
	r->nr_cpus = plat->nr_cpus;
	for (unsigned c = 0; c < plat->nr_cpus; c++) {
		struct pelt_cpu *pc = &r->cpus[c];
		int pol = platform_policy_of(plat, c);

		pc->cap = platform_cpu_capacity_orig(plat, c);
		/* 4.19's arch_set_freq_scale() divided by cpuinfo.max_freq; 6.x by capacity_freq_ref */
		pc->ref_khz = platform_freq_ref(plat, c);
		if (!pc->ref_khz && pol >= 0)
			pc->ref_khz = plat->policies[pol].cpuinfo_max_khz;
		pc->freq_scale = SCHED_CAPACITY_SCALE;
	}
	return r;
}

void pelt_replay_free(struct pelt_replay *r)
{
	if (!r)
		return;
	free(r->cpus);
	free(r);
}

void pelt_task_free(struct pelt_task *pt)
{
	for (int f = 0; f < PELT_FORMS; f++)
		free(pt->abs_err[f]);
}

const char *capsim_pelt_form_name(enum capsim_pelt_form f)
{
	static const char *const names[] = { "auto", "pre-5.1", "5.1" };

	return (unsigned)f < ARRAY_SIZE(names) ? names[f] : NULL;
}

enum capsim_pelt_form pelt_replay_form(const struct pelt_replay *r)
{
	if (r->forced != CAPSIM_PELT_FORM_AUTO)
		return r->forced;
	if (r->of_release != CAPSIM_PELT_FORM_AUTO)
		return r->of_release;
	return r->v4_events ? CAPSIM_PELT_FORM_PRE_5_1 : CAPSIM_PELT_FORM_5_1;
}

static int form_index(const struct pelt_replay *r)
{
	return pelt_replay_form(r) == CAPSIM_PELT_FORM_PRE_5_1 ? PELT_V4 : PELT_V5;
}

/*
 * PELT moved to clock_pelt in v5.1 ("sched/fair: Update scale invariance of PELT"): an older
 * kernel has the older form
 */
void pelt_on_kernel_release(struct pelt_replay *r, const char *release)
{
	unsigned long major, minor;

	if (kernel_release_version(release, &major, &minor))
		return;
	r->of_release = major < 5 || (major == 5 && minor < 1) ? CAPSIM_PELT_FORM_PRE_5_1 :
								CAPSIM_PELT_FORM_5_1;
}

void pelt_on_event_name(struct pelt_replay *r, const char *name)
{
	if (!strcmp(name, "sched_load_se") || !strcmp(name, "sched_load_avg_task"))
		r->v4_events = true;
}

/*
 * CPU @c's clocks and root cfs_rq brought to @ts, as update_rq_clock() and
 * update_cfs_rq_load_avg() do before any task of it is updated: the time since the last event
 * is run at the scaling of now, by the task current since then.
 */
static void cpu_clock_advance(struct pelt_cpu *pc, uint64_t ts)
{
	uint64_t delta;
	int running;

	if (!pc->started) {
		pc->started = true;
		pc->clk = (struct pelt_rq_clock){ ts, ts, ts, 0, ts, ts };
		return;
	}
	if (ts <= pc->clk.clock_task)
		return;
	delta = ts - pc->clk.clock_task;
	pc->clk.clock = pc->clk.clock_task = ts;
	pelt_update_rq_clock_pelt(&pc->clk, delta, !pc->busy, pc->cap, pc->freq_scale);
	running = pc->busy;
	pelt_v4_update_cfs_rq(&pc->cfs[PELT_V4], ts, running, pc->freq_scale, pc->cap);
	capsim_pelt_update(&pc->cfs[PELT_V5], pelt_rq_clock_pelt(&pc->clk), (uint64_t)running,
			   (uint64_t)running, running, 1);
}

static void cpu_advance(struct pelt_replay *r, unsigned c, uint64_t ts)
{
	cpu_clock_advance(&r->cpus[c], ts);
}

/* update_load_avg() of task @pt on CPU @c at @ts, in its state since its last update. */
static void task_update(struct pelt_replay *r, struct pelt_task *pt, unsigned c, uint64_t ts)
{
	struct pelt_cpu *pc = &r->cpus[c];
	uint32_t util_est = 0; /* not replayed */

	cpu_advance(r, c, ts);
	if (!pt->attached || pt->cpu != c) {
		/* a new task, or a migration the trace did not show as sched_migrate_task */
		if (pt->attached)
			pelt_on_migrate(r, c, ts, pt);
		for (int f = 0; f < PELT_FORMS; f++)
			pelt_attach_entity_avg(&pt->sa[f], &pc->cfs[f], TASK_WEIGHT);
		pt->attached = true;
		pt->cpu = c;
		return;
	}
	pelt_v4_update_load_avg_se(&pt->sa[PELT_V4], ts, pt->on_rq, pt->running, TASK_WEIGHT,
				   pc->freq_scale, pc->cap);
	pelt_update_load_avg_se(&pt->sa[PELT_V5], &util_est, pelt_rq_clock_pelt(&pc->clk), pt->on_rq,
				pt->on_rq, pt->running, TASK_WEIGHT);
}

/* util_est_enqueue() of @pt on @cpu (taken off the CPU it was queued on first, if any) */
static void ue_enqueue(struct pelt_replay *r, struct pelt_task *pt, unsigned cpu)
{
	if (pt->ue_queued)
		r->cpus[pt->ue_cpu].util_est = util_est_dequeue(r->cpus[pt->ue_cpu].util_est,
								 pt->ue_added);
	pt->ue_added = task_util_est_value(pt->util_est, pt->util_est_ewma);
	pt->ue_cpu = cpu;
	pt->ue_queued = true;
	r->cpus[cpu].util_est = util_est_enqueue(r->cpus[cpu].util_est, pt->ue_added);
}

/*
 * A sleep's dequeue_task_fair(): util_est_dequeue() of what @pt added, then util_est_update()
 * of its own, on the util just replayed (the model's form: 6.1's two values, else one)
 */
static void ue_sleep(struct pelt_replay *r, struct pelt_task *pt, unsigned cpu)
{
	const struct capsim_sched_avg *sa = &pt->sa[form_index(r)];

	if (pt->ue_queued)
		r->cpus[pt->ue_cpu].util_est = util_est_dequeue(r->cpus[pt->ue_cpu].util_est,
								 pt->ue_added);
	pt->ue_queued = false;
	if (model_util_est_two_values(r->model))
		util_est_update_6_1(&pt->util_est, &pt->util_est_ewma, sa->util_avg,
				    r->cpus[cpu].cap, true);
	else
		util_est_update(&pt->util_est, sa->util_avg, sa->runnable_avg,
				model_util_est_capacity(r->model, r->cpus[cpu].cap), true);
}

void pelt_on_switch(struct pelt_replay *r, unsigned cpu, uint64_t ts, struct pelt_task *prev,
		    bool prev_runnable, struct pelt_task *next)
{
	struct pelt_cpu *pc;

	if (cpu >= r->nr_cpus)
		return;
	pc = &r->cpus[cpu];
	cpu_advance(r, cpu, ts);
	if (prev) {
		/* put_prev_entity(): the switch says it ran here until now */
		prev->known = true;
		prev->on_rq = prev->running = true;
		task_update(r, prev, cpu, ts);
		prev->running = false;
		prev->on_rq = prev_runnable;
		if (!prev_runnable)
			ue_sleep(r, prev, cpu);
	}
	pc->busy = next != NULL;
	if (!next) {
		/* pick_next_task_fair() finds nothing: update_idle_rq_clock_pelt() */
		pelt_update_idle_rq_clock_pelt(&pc->clk, pc->cfs[PELT_V5].util_sum, 0, 0);
		return;
	}
	/* the enqueue of a sleeping task, or set_next_entity() of a queued one: not running since */
	next->known = true;
	next->running = false;
	task_update(r, next, cpu, ts);
	next->on_rq = next->running = true;
	if (!next->ue_queued || next->ue_cpu != cpu)
		ue_enqueue(r, next, cpu);
}

void pelt_on_wakeup(struct pelt_replay *r, unsigned cpu, uint64_t ts, struct pelt_task *pt)
{
	if (cpu >= r->nr_cpus || pt->on_rq)
		return;
	task_update(r, pt, cpu, ts); /* enqueue_entity(): after sleeping */
	pt->on_rq = true;
	ue_enqueue(r, pt, cpu);
}

/*
 * migrate_task_rq_fair(): a queued task is brought to now on its old CPU
 * (detach_entity_cfs_rq()), a sleeping one only to its old cfs_rq's last update
 * (remove_entity_load_avg()'s sync_entity_load_avg()); either attaches at its next update.
 */
void pelt_on_migrate(struct pelt_replay *r, unsigned dest, uint64_t ts, struct pelt_task *pt)
{
	if (pt->attached && pt->cpu < r->nr_cpus) {
		struct pelt_cpu *old = &r->cpus[pt->cpu];

		if (pt->on_rq) {
			task_update(r, pt, pt->cpu, ts);
		} else {
			pelt_v4_update_load_avg_blocked_se(&pt->sa[PELT_V4],
							   old->cfs[PELT_V4].last_update_time, TASK_WEIGHT);
			pelt_update_load_avg_blocked_se(&pt->sa[PELT_V5],
							old->cfs[PELT_V5].last_update_time, TASK_WEIGHT);
		}
	}
	pt->attached = false;
	pt->cpu = dest;
	if (pt->ue_queued && dest < r->nr_cpus)
		ue_enqueue(r, pt, dest); /* a queued task's util_est moves with it */
}

void pelt_on_freq(struct pelt_replay *r, unsigned cpu, uint64_t khz)
{
	struct pelt_cpu *pc;

	if (cpu >= r->nr_cpus || khz > UINT32_MAX)
		return;
	pc = &r->cpus[cpu];
	/* arch_set_freq_scale(): read by the next update, not applied to the time before */
	pc->freq_scale = topology_freq_scale(pc->freq_scale, (uint32_t)khz, pc->ref_khz);
}

void pelt_on_cfs_log(struct pelt_replay *r, unsigned cpu, uint64_t ts)
{
	if (cpu < r->nr_cpus)
		cpu_advance(r, cpu, ts);
}

static int add_error(struct pelt_task *pt, const int64_t *err)
{
	if (pt->nr_err == pt->cap_err) {
		size_t ncap = pt->cap_err ? 2 * pt->cap_err : 16;

		for (int f = 0; f < PELT_FORMS; f++) {
			uint64_t *n = realloc(pt->abs_err[f], ncap * sizeof(*n));

			if (!n)
				return CAPSIM_ERR_NOMEM;
			pt->abs_err[f] = n;
		}
		pt->cap_err = ncap;
	}
	for (int f = 0; f < PELT_FORMS; f++) {
		pt->abs_err[f][pt->nr_err] = (uint64_t)(err[f] < 0 ? -err[f] : err[f]);
		pt->sum_err[f] += err[f];
	}
	pt->nr_err++;
	return 0;
}

/*
 * The kernel updated @pt on @cpu at @ts and logged its util: the replay updates there too. A log
 * seeds it (util_sum = util_avg x divider, as attach_entity_load_avg() rebuilds a sum) until a
 * switch has shown whether it runs (before, the replay could only guess it slept); each later
 * one is compared.
 */
int pelt_on_task_log(struct pelt_replay *r, unsigned cpu, uint64_t ts, struct pelt_task *pt,
		     uint64_t util)
{
	int64_t err[PELT_FORMS];

	if (cpu >= r->nr_cpus || util > SCHED_CAPACITY_SCALE)
		return 0;
	task_update(r, pt, cpu, ts);
	if (!pt->seeded || !pt->known) {
		pt->seeded = true;
		for (int f = 0; f < PELT_FORMS; f++) {
			pt->sa[f].util_avg = util;
			pt->sa[f].util_sum = (uint32_t)(util * capsim_pelt_divider(&pt->sa[f]));
		}
		return 0;
	}
	for (int f = 0; f < PELT_FORMS; f++)
		err[f] = (int64_t)pt->sa[f].util_avg - (int64_t)util;
	return add_error(pt, err);
}

void pelt_task_finish(struct pelt_replay *r, struct pelt_task *pt, uint64_t ts)
{
	if (pt->attached && pt->cpu < r->nr_cpus)
		task_update(r, pt, pt->cpu, ts);
}

bool pelt_cpu_at(const struct pelt_replay *r, unsigned cpu, uint64_t ts,
		 struct capsim_sched_avg *avg, uint32_t *util_est_sum)
{
	struct pelt_cpu copy;

	if (cpu >= r->nr_cpus)
		return false;
	copy = r->cpus[cpu];
	cpu_clock_advance(&copy, ts);
	*avg = copy.cfs[form_index(r)];
	*util_est_sum = copy.util_est;
	return true;
}

void pelt_task_at(const struct pelt_replay *r, const struct pelt_task *pt, uint64_t ts,
		  struct capsim_sched_avg *avg)
{
	int f = form_index(r);
	struct pelt_cpu copy;

	*avg = pt->sa[f];
	/* a migrated task was synced to its old CPU at the migration already */
	if (!pt->attached || pt->cpu >= r->nr_cpus)
		return;
	copy = r->cpus[pt->cpu];
	cpu_clock_advance(&copy, ts);
	if (f == PELT_V4)
		pelt_v4_update_load_avg_blocked_se(avg, copy.cfs[f].last_update_time, TASK_WEIGHT);
	else
		pelt_update_load_avg_blocked_se(avg, copy.cfs[f].last_update_time, TASK_WEIGHT);
}

uint64_t pelt_task_util(const struct pelt_replay *r, const struct pelt_task *pt)
{
	return pt->sa[form_index(r)].util_avg;
}

double pelt_task_mean_abs_err(const struct pelt_replay *r, const struct pelt_task *pt)
{
	int f = form_index(r);
	double sum = 0;

	if (!pt->nr_err)
		return NAN;
	for (size_t i = 0; i < pt->nr_err; i++)
		sum += (double)pt->abs_err[f][i];
	return sum / (double)pt->nr_err;
}

static int cmp_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return a < b ? -1 : a > b;
}

/* {"n", "mean", "mean_abs", "p50_abs", "p90_abs", "p99_abs", "max_abs"} of @n errors (sorted here). */
static void json_error(FILE *fp, uint64_t *abs_err, size_t n, int64_t sum)
{
	double sum_abs = 0;

	if (!n) {
		fputs("null", fp);
		return;
	}
	qsort(abs_err, n, sizeof(*abs_err), cmp_u64);
	for (size_t i = 0; i < n; i++)
		sum_abs += (double)abs_err[i];
	fprintf(fp, "{\"n\": %zu, \"mean\": %.4f, \"mean_abs\": %.4f, \"p50_abs\": %.4f, "
		"\"p90_abs\": %.4f, \"p99_abs\": %.4f, \"max_abs\": %" PRIu64 "}", n,
		(double)sum / (double)n, sum_abs / (double)n, analyze_quantile(abs_err, n, 0.5),
		analyze_quantile(abs_err, n, 0.9), analyze_quantile(abs_err, n, 0.99), abs_err[n - 1]);
}

void pelt_write_task_json(const struct pelt_replay *r, const struct pelt_task *pt, FILE *fp)
{
	int f = form_index(r);

	fprintf(fp, ", \"pelt_replay\": {\"util_avg\": %" PRIu64 ", \"seeded\": %s, \"util_error\": ",
		pt->sa[f].util_avg, pt->seeded ? "true" : "false");
	json_error(fp, pt->abs_err[f], pt->nr_err, pt->sum_err[f]);
	fputs("}", fp);
}

void pelt_write_json(const struct pelt_replay *r, const struct pelt_task *const *tasks,
		     size_t nr_tasks, FILE *fp)
{
	int f = form_index(r);
	size_t n = 0;
	int64_t sum = 0;
	uint64_t *all;

	for (size_t t = 0; t < nr_tasks; t++)
		n += tasks[t]->nr_err;
	all = malloc((n + 1) * sizeof(*all));
	fprintf(fp, "\"pelt\": {\"form\": \"%s\", \"chosen_by\": \"%s\", \"util_error\": ",
		capsim_pelt_form_name(pelt_replay_form(r)),
		r->forced != CAPSIM_PELT_FORM_AUTO ? "option" :
		r->of_release != CAPSIM_PELT_FORM_AUTO ? "kernel_release" :
		r->v4_events ? "trace_events" : "default");
	if (!all) {
		fputs("null}", fp);
		return;
	}
	n = 0;
	for (size_t t = 0; t < nr_tasks; t++) {
		if (!tasks[t]->nr_err)
			continue;
		memcpy(all + n, tasks[t]->abs_err[f], tasks[t]->nr_err * sizeof(*all));
		n += tasks[t]->nr_err;
		sum += tasks[t]->sum_err[f];
	}
	json_error(fp, all, n, sum);
	fputs("}", fp);
	free(all);
}
