/* SPDX-License-Identifier: MIT */
/*
 * dl_placement.h - where a waking SCHED_DEADLINE task goes, as Linux 6.12 decides it:
 * select_task_rq() (kernel/sched/core.c) around select_task_rq_dl() and find_later_rq()
 * (kernel/sched/deadline.c) with cpudl_find() (kernel/sched/cpudeadline.c) and
 * dl_task_fits_capacity() (kernel/sched/sched.h), as pure functions of a per-CPU state. The
 * simulator's only deadline tasks are the sugov kthreads (SCHED_FLAG_SUGOV: "special" entities
 * that preempt every other deadline entity, dl_entity_preempt()); the functions take any
 * deadline task. DL push/pull is not here.
 */
#ifndef CAPSIM_DL_PLACEMENT_H
#define CAPSIM_DL_PLACEMENT_H

#include <stdbool.h>
#include <stdint.h>

#include "capsim/capsim.h"
#include "model/rt_placement.h"

/* What select_task_rq_dl() reads of one CPU. */
struct dl_cpu {
	bool curr_dl;                  /* dl_task(rq->curr) */
	bool curr_special;             /* dl_entity_is_special(&rq->curr->dl) */
	uint64_t curr_deadline;        /* rq->curr->dl.deadline, ns */
	unsigned curr_nr_cpus_allowed; /* rq->curr->nr_cpus_allowed */
	unsigned dl_nr_running;        /* rq->dl.dl_nr_running: 0 puts it in cpudl's free_cpus */
	uint64_t earliest_dl;          /* rq->dl.earliest_dl.curr, its key in cpudl's heap (cpudl_set()
					* in CPU order: of equal keys, the highest CPU is the root) */
	uint64_t arch_cap;             /* arch_scale_cpu_capacity() */
};

/* The root domain as a deadline wake-up sees it (the levels are task_cpu(p)'s domains). */
struct dl_rd {
	unsigned nr_cpus;
	bool asym; /* sched_asym_cpucap_active() */
	struct dl_cpu cpus[CAPSIM_MAX_CPUS];
	unsigned nr_levels;
	struct rt_level levels[RT_MAX_LEVELS];
};

/* The waking deadline task. */
struct dl_task {
	bool special;            /* SCHED_FLAG_SUGOV */
	uint64_t deadline;       /* p->dl.deadline, ns */
	uint64_t dl_density;     /* p->dl.dl_density: to_ratio(dl_deadline, dl_runtime), BW_SHIFT */
	int prev_cpu;            /* task_cpu(p) */
	capsim_cpumask allowed;  /* p->cpus_ptr */
};

/* The answers, for the simulator and kernel-check. */
struct dl_place_result {
	int select_task_rq_dl; /* the class's answer */
	bool flr_called;       /* find_later_rq() ran */
	int find_later_rq;     /* ... and answered this, -1: none */
	int select_task_rq;    /* the core's answer, after select_fallback_rq() */
};

/* mirrors to_ratio(), kernel/sched/core.c: @runtime / @period in BW_SHIFT (2^20) units */
uint64_t dl_to_ratio(uint64_t period, uint64_t runtime);

/**
 * dl_task_fits_capacity() - mirrors dl_task_fits_capacity(): @cpu's arch capacity is at least
 * the task's density scaled to capacity units (dl_density >> 10).
 */
bool dl_task_fits_capacity(const struct dl_rd *rd, const struct dl_task *p, int cpu);

/**
 * dl_select_task_rq() - select_task_rq() for a deadline wake-up (WF_TTWU) of @p from
 * @this_cpu (smp_processor_id(): the waker's CPU), whose distribute_cpu_mask_prev cursor
 * *@cursor find_later_rq() reads and advances. @res: find_later_rq()'s and the core's answers.
 * Return: the CPU (res->select_task_rq).
 */
int dl_select_task_rq(const struct dl_rd *rd, const struct dl_task *p, int this_cpu, int *cursor,
		      struct dl_place_result *res);

#endif /* CAPSIM_DL_PLACEMENT_H */
