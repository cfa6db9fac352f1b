/* SPDX-License-Identifier: MIT */
/*
 * workload.h - the workload model: what rt-app would run, after parsing and name resolution.
 * src/input/rtapp.c fills it from rt-app JSON (read as rt-app reads it, with json-c); the simulator
 * (src/sim/sim.c and friends) executes it. Times are ns; `run` work is kept as the ns it takes on
 * the calibration CPU alone at its reference frequency, so the simulator can stretch it with
 * the capacity and frequency actually delivered.
 *
 * Resources are rt-app's: one table for the whole file, an entry per (name, type) the events
 * refer to, except "unique" timers which belong to one task (and get one copy per instance).
 * Event order is the JSON order of json-c's objects: a duplicated key keeps the place of its
 * first occurrence and the value of its last, exactly as rt-app sees it.
 */
#ifndef CAPSIM_WORKLOAD_H
#define CAPSIM_WORKLOAD_H

#include <stdint.h>

#include "capsim/capsim.h"

enum wl_event_type {
	WL_EV_RUN,       /* calibrated work: value = ns on the calibration CPU at its freq_ref */
	WL_EV_RUNTIME,   /* wall time on CPU: value = ns */
	WL_EV_SLEEP,     /* value = ns */
	WL_EV_TIMER,     /* periodic wake-up: value = period ns; res = timer; absolute flag */
	WL_EV_YIELD,
	WL_EV_BARRIER,   /* res = barrier */
	WL_EV_LOCK,      /* res = mutex */
	WL_EV_UNLOCK,    /* res = mutex */
	WL_EV_WAIT,      /* res = cond, res2 = mutex */
	WL_EV_SIGNAL,    /* res = cond */
	WL_EV_BROAD,     /* res = cond */
	WL_EV_SYNC,      /* signal res then wait on it with mutex res2 */
	WL_EV_SUSPEND,   /* wait on cond res (mutex res2) until a resume broadcasts it */
	WL_EV_RESUME,    /* broadcast cond res (lost if nobody is suspended on it); task = the
			  * task of that name or -1 (rt-app resumes by name, not by task) */
	WL_EV_FORK,      /* task = the (instance 0) task to spawn */
	WL_EV_SEM_POST,  /* res = semaphore */
	WL_EV_SEM_WAIT,  /* res = semaphore */
	WL_EV_MEM,       /* mem/memrun/iorun: CPU work, value = ns as for RUN (docs/formats.md) */
};

/* Limits: beyond them a file is rejected with a message, not simulated. */
#define WL_MAX_THREADS 100000u          /* sum of all tasks' instances */

enum wl_resource_type {
	WL_RES_TIMER,
	WL_RES_MUTEX,
	WL_RES_COND,
	WL_RES_BARRIER,
	WL_RES_SEM,
};

enum wl_policy {
	WL_POLICY_OTHER,
	WL_POLICY_BATCH,
	WL_POLICY_IDLE,
	WL_POLICY_FIFO,
	WL_POLICY_RR,
};

/*
 * The simulator reads a task's events, phase and task at each of its wake-ups: the fields it
 * reads come first and the structs carry no holes, so that they share as few cache lines as
 * they can.
 */
struct wl_event {
	uint64_t value;       /* ns (see the type) */
	enum wl_event_type type;
	int res;              /* index into capsim_workload.resources, or -1 */
	int res2;             /* second resource (the mutex of wait/sync), or -1 */
	int task;             /* index into capsim_workload.tasks (resume/fork), or -1 */
	unsigned absolute:1;  /* timer: "mode": "absolute" */
	unsigned unique:1;    /* timer: "ref": "unique", one timer per instance */
	unsigned iowait:1;    /* iorun: the task's next wake-up is from IO wait (in_iowait) */
	unsigned sync:1;      /* signal/broad/resume with "sync": true: WF_SYNC wake-ups */
	unsigned line;        /* source line of the event key, for messages */
};

/* A value that the file may leave unset (uclamp, phase affinity). */
#define WL_UNSET (-1)

/* Where a key starts in the file (1-based line and column), for messages after parsing. */
struct wl_pos {
	unsigned line, col;
};

struct wl_phase {
	int64_t loop;            /* >= 1, or -1: forever (the phases after it never run) */
	struct wl_event *events;
	unsigned nr_events;
	int has_cpus;
	int util_min, util_max;  /* 0..1024 or WL_UNSET */
	capsim_cpumask cpus;
	char *name;
	char *taskgroup;         /* rt-app's cgroup path ("/" the root), NULL: unchanged */
	struct wl_pos cpus_at, taskgroup_at;
};

struct wl_task {
	int64_t loop;            /* -1: forever (until the global duration) */
	struct wl_phase *phases; /* a task without "phases" has one phase, named "", holding its
				  * events; the task's "loop" then repeats that phase */
	unsigned nr_phases;
	int has_cpus;
	uint64_t slice_ns;       /* fair tasks: custom slice from dl-runtime (v6.12), 0: default */
	capsim_cpumask cpus;
	char *name;
	unsigned instances;      /* 0: created only by a fork event */
	enum wl_policy policy;
	uint64_t delay_ns;
	int priority;            /* nice (-20..19) for fair policies, 1..99 for FIFO/RR */
	int util_min, util_max;  /* 0..1024 or WL_UNSET */
	char *taskgroup;         /* rt-app's cgroup path ("/" the root), NULL: none given */
	struct wl_pos cpus_at, taskgroup_at;
	struct wl_pos at;        /* the task's key */
	unsigned forked:1;       /* some fork event spawns this task */
};

struct wl_resource {
	char *name;
	enum wl_resource_type type;
	int owner;               /* "unique" timer: the task owning it (one copy per instance), else -1 */
	unsigned users;          /* barrier: threads that must arrive (rt-app's count), else 0 */
};

struct capsim_workload {
	char *source;            /* file name, for messages */
	_Atomic unsigned refs;   /* holders: its loader's caller, scenarios and runs that share it */
	uint64_t duration_ns;    /* 0: until every task has finished */
	int calibration_cpu;     /* "CPUn", or -1: the biggest CPU (numeric calibration) */
	struct wl_pos calibration_at; /* the "calibration" key, if any */
	uint32_t ns_per_loop;    /* numeric calibration as written (informational), else 0 */
	unsigned nr_threads;     /* sum of the tasks' instances (forks not counted) */
	enum wl_policy default_policy;
	struct wl_task *tasks;
	unsigned nr_tasks;
	struct wl_resource *resources;
	unsigned nr_resources;
	struct wl_names *names;  /* the blocks holding the task, phase and resource names */
	/* rt-app's global logdir and log_basename (NULL: not given): the logs capsim writes use them */
	char *logdir, *log_basename;
	char **notes;            /* warnings of the reading: keys given twice (capsim_workload_note()) */
	unsigned nr_notes;
};

/* The keys given twice that get a note each; one more note counts the rest. */
#define WL_MAX_DUP_NOTES 16

/*
 * wl_kernel_prio() - the kernel's p->prio for a task's policy and priority, as sched events
 * print it: mirrors __normal_prio(), kernel/sched/syscalls.c v6.12 (NICE_TO_PRIO(nice) = 120 + nice for
 * fair policies, MAX_RT_PRIO - 1 - rt_priority = 99 - priority for FIFO/RR).
 */
static inline int wl_kernel_prio(enum wl_policy policy, int priority)
{
	if (policy == WL_POLICY_FIFO || policy == WL_POLICY_RR)
		return 99 - priority;
	return 120 + priority;
}

/* capsim_workload_load(), _parse() and _free(): include/capsim/capsim_sim.h */

/**
 * wl_ref() - one more holder of @wl: a run only reads its workload, so the scenario that was
 * given a workload handle and every run made from it share one (capsim_workload_free() drops
 * each reference; atomic, as the runs may end in different threads). Return: @wl.
 */
capsim_workload *wl_ref(capsim_workload *wl);

#endif /* CAPSIM_WORKLOAD_H */
