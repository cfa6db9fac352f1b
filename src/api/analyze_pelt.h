/* SPDX-License-Identifier: MIT */
/*
 * analyze_pelt.h - `capsim analyze`'s replay of each task's PELT util from what the trace shows
 * (src/api/analyze_pelt.c): the switches, wake-ups, migrations and frequencies, on the platform's
 * capacities, in both PELT forms at once (the form reported is chosen at the end, when the
 * trace has shown which kernel it came from); and its error against the PELT values the trace
 * logs. analyze.c owns the tasks and calls these at each event.
 */
#ifndef CAPSIM_SRC_API_ANALYZE_PELT_H
#define CAPSIM_SRC_API_ANALYZE_PELT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "capsim/capsim.h"

enum { PELT_V4, PELT_V5, PELT_FORMS }; /* before 5.1, since 5.1 */

/* One task's replay, embedded in analyze.c's task (all zero at first). */
struct pelt_task {
	bool attached;         /* its signals are in a CPU's decay window (else: attach at the next update) */
	bool seeded;           /* started from a logged value */
	bool known;            /* seen in a switch: whether it runs is known from then on */
	bool on_rq, running;
	unsigned cpu;
	struct capsim_sched_avg sa[PELT_FORMS];
	/* its util_est (the model's form: one value, or 6.1's two), updated at each sleep, and
	 * what it added to its CPU's sum while queued */
	uint32_t util_est, util_est_ewma;
	bool ue_queued;
	unsigned ue_cpu;
	uint32_t ue_added;
	uint64_t *abs_err[PELT_FORMS]; /* |replayed - logged| util at each later log */
	int64_t sum_err[PELT_FORMS];
	size_t nr_err, cap_err;
};

struct pelt_replay;

/**
 * pelt_replay_create() - a replay on @plat's CPUs with the form @form (AUTO: chosen at the end).
 * Return: NULL when out of memory.
 */
struct pelt_replay *pelt_replay_create(const capsim_platform *plat, enum capsim_pelt_form form,
				       enum capsim_model model);
void pelt_replay_free(struct pelt_replay *r);
void pelt_task_free(struct pelt_task *pt);

/* The events (ts in ns); a CPU outside the platform is passed over. pelt_on_task_log()
 * returns 0 or CAPSIM_ERR_NOMEM. */
void pelt_on_switch(struct pelt_replay *r, unsigned cpu, uint64_t ts, struct pelt_task *prev,
		    bool prev_runnable, struct pelt_task *next);
void pelt_on_wakeup(struct pelt_replay *r, unsigned cpu, uint64_t ts, struct pelt_task *pt);
void pelt_on_migrate(struct pelt_replay *r, unsigned dest, uint64_t ts, struct pelt_task *pt);
void pelt_on_freq(struct pelt_replay *r, unsigned cpu, uint64_t khz);
void pelt_on_cfs_log(struct pelt_replay *r, unsigned cpu, uint64_t ts);
int pelt_on_task_log(struct pelt_replay *r, unsigned cpu, uint64_t ts, struct pelt_task *pt,
		     uint64_t util);
/* The kernel release the trace names (or NULL): before 5.1 the pre-5.1 form, else 5.1 (AUTO). */
void pelt_on_kernel_release(struct pelt_replay *r, const char *release);
/* An event name: notes the 4.x kernels' PELT events, which choose the pre-5.1 form (AUTO) when
 * the trace names no kernel release. */
void pelt_on_event_name(struct pelt_replay *r, const char *name);

/* The task's signals brought to the window's end @ts (a blocked or running update). */
void pelt_task_finish(struct pelt_replay *r, struct pelt_task *pt, uint64_t ts);

/*
 * What a wake-up's placement reads at @ts, the replay left as it is: CPU @cpu's root cfs_rq
 * signals brought to @ts (its util, util_est sum of queued tasks), and task @pt's signals
 * synced to its CPU's last update as sync_entity_load_avg() does (its util_est as kept), in the
 * form the trace points to so far. Return: pelt_cpu_at(): false for a CPU outside the platform.
 */
bool pelt_cpu_at(const struct pelt_replay *r, unsigned cpu, uint64_t ts,
		 struct capsim_sched_avg *avg, uint32_t *util_est_sum);
void pelt_task_at(const struct pelt_replay *r, const struct pelt_task *pt, uint64_t ts,
		  struct capsim_sched_avg *avg);

/** pelt_replay_form() - the form reported (AUTO resolved). */
enum capsim_pelt_form pelt_replay_form(const struct pelt_replay *r);

/* Writers: the top-level "pelt" object and a task's "pelt_replay" object (JSON), with the key. */
void pelt_write_json(const struct pelt_replay *r, const struct pelt_task *const *tasks,
		     size_t nr_tasks, FILE *fp);
void pelt_write_task_json(const struct pelt_replay *r, const struct pelt_task *pt, FILE *fp);
/* The util replayed at the window's end and the mean |error| (NaN: no log) for the text table. */
uint64_t pelt_task_util(const struct pelt_replay *r, const struct pelt_task *pt);
double pelt_task_mean_abs_err(const struct pelt_replay *r, const struct pelt_task *pt);

/* analyze.c's quantile of @n sorted values (numpy's linear interpolation). */
double analyze_quantile(const uint64_t *v, size_t n, double q);

#endif /* CAPSIM_SRC_API_ANALYZE_PELT_H */
