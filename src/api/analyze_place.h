/* SPDX-License-Identifier: MIT */
/*
 * analyze_place.h - `capsim analyze`'s placement of each wake-up (src/api/analyze_place.c): at a
 * fair task's wake-up, the state the scheduler had then, rebuilt from what analyze.c replays
 * (PELT util and util_est, believed capacity and pressures, which CPUs are idle, the task's
 * previous CPU), put to `capsim place`'s machinery (input/place.c's question, model/fair.c's
 * functions, output/place_report.c's reasons); its CPU is set beside the CPU the trace shows,
 * the task's next switch-in. analyze.c owns the tasks and calls these at each event.
 */
#ifndef CAPSIM_SRC_API_ANALYZE_PLACE_H
#define CAPSIM_SRC_API_ANALYZE_PLACE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "api/analyze_pelt.h"
#include "capsim/capsim.h"
#include "model/belief.h"

/* Why a wake-up was not placed (docs/formats.md "Trace analysis", placements). */
enum ap_skip {
	AP_SKIP_NOT_FAIR,          /* its prio is an RT or deadline one */
	AP_SKIP_PRIO_UNKNOWN,      /* the event has no prio */
	AP_SKIP_REPEAT,            /* woken again before its switch-in: no new placement */
	AP_SKIP_QUEUED,            /* still queued or running: ttwu_runnable(), no placement */
	AP_SKIP_NOT_SEEN_RUNNING,  /* no switch-in before: no previous CPU (a new task's too) */
	AP_SKIP_OUTSIDE_PLATFORM,  /* its previous or its traced CPU is not the platform's */
	AP_SKIP_CPU_STATE_UNKNOWN, /* a CPU's state is unknown: before its first switch, lost events */
	AP_SKIP_NO_SWITCH_IN,      /* the window ends before its switch-in */
	AP_SKIP_COUNT
};

/* Which part of select_task_rq_fair() answers. */
enum ap_path { AP_PATH_FEEC, AP_PATH_IDLE_CAPACITY, AP_PATH_PREV, AP_PATH_COUNT };

/* A wake-up placed, waiting for the task's next switch-in. */
struct ap_pending {
	uint64_t ts;
	int prev_cpu, target_cpu, model_cpu, feec_cpu, idle_cpu;
	enum ap_path path;
	bool overutilized;
	uint64_t util, util_est;
	char reason[512];
};

/* One task's placements, embedded in analyze.c's task (all zero at first). */
struct ap_task {
	bool has_pending;
	struct ap_pending pending;
	uint64_t placed, agree;
};

/* A CPU as a wake-up finds it (analyze.c's knowledge). */
struct ap_cpu_state {
	bool known; /* who runs is known: after its first switch, outside a lost-events gap */
	bool idle;  /* known, and the idle task (pid 0) runs */
	struct belief_view view;
};

#define AP_PRIO_UNKNOWN (-2)

/* A wake-up event's facts. */
struct ap_wakeup {
	uint64_t ts;
	int prio;       /* its prio field: -1 deadline, 0..99 RT, 100..139 fair; AP_PRIO_UNKNOWN */
	int target_cpu; /* -1: not traced */
	int prev_cpu;   /* the CPU of its last switch-in, -1: none */
	bool queued;    /* running or preempted, as the replay has it */
};

struct ap_place;

/**
 * ap_create() - placements on @plat (borrowed) under @model into *@out; each placed wake-up's
 * row to @csv when not NULL (the header written here). Return: 0 or a negative enum capsim_err.
 */
int ap_create(const capsim_platform *plat, enum capsim_model model, FILE *csv,
	      struct ap_place **out, capsim_error *err);
void ap_free(struct ap_place *ap);

/*
 * A wake-up of task @at (@pt its replay) with the CPUs' states @cpus (the platform's CPUs);
 * placed now, or counted as skipped.
 */
void ap_on_wakeup(struct ap_place *ap, struct ap_task *at, const struct pelt_replay *r,
		  const struct pelt_task *pt, const struct ap_wakeup *w,
		  const struct ap_cpu_state *cpus);

/* The task of @pid, @comm, runs on @cpu: the CPU the trace shows for its pending wake-up. */
void ap_on_switch_in(struct ap_place *ap, struct ap_task *at, int pid, const char *comm,
		     unsigned cpu);

/* The window's end: a wake-up still pending has no switch-in. */
void ap_task_finish(struct ap_place *ap, struct ap_task *at);

/*
 * Writers: the top-level "placements" object without its "tasks" list's entries, which
 * ap_write_task_json() writes (one per task with a placement; Return: whether it wrote);
 * ap_write_json_end() closes it. ap_write_text() is the text summary's line.
 */
void ap_write_json_start(const struct ap_place *ap, FILE *fp);
bool ap_write_task_json(const struct ap_task *at, int pid, const char *comm, bool first, FILE *fp);
void ap_write_json_end(FILE *fp);
void ap_write_text(const struct ap_place *ap, FILE *fp);
/* The HTML page's extra: the counts and "disagreements" (the first few) for its tables. */
void ap_write_page_json(const struct ap_place *ap, FILE *fp);

#endif /* CAPSIM_SRC_API_ANALYZE_PLACE_H */
