/* SPDX-License-Identifier: MIT */
/*
 * rt_placement.h - where a waking RT task goes, as Linux 6.12 decides it: select_task_rq()
 * (kernel/sched/core.c) around select_task_rq_rt() and find_lowest_rq() (kernel/sched/rt.c),
 * cpupri_find_fitness() and convert_prio() (kernel/sched/cpupri.c), rt_task_fits_capacity()
 * (the CONFIG_UCLAMP_TASK one) and cpumask_any_and_distribute() (lib/cpumask.c), as pure
 * functions of a per-CPU state. RT push/pull and throttling are not here.
 */
#ifndef CAPSIM_RT_PLACEMENT_H
#define CAPSIM_RT_PLACEMENT_H

#include <stdbool.h>
#include <stdint.h>

#include "capsim/capsim.h"

/* Domain levels find_lowest_rq() may walk (SMT, CLS, MC, PKG and spare). */
#define RT_MAX_LEVELS 8

/* What select_task_rq_rt() reads of one CPU. */
struct rt_cpu {
	int curr_prio;                 /* rq->curr->prio: RT 0..98, fair 100..139, idle 120, DL -1 */
	unsigned curr_nr_cpus_allowed; /* rq->curr->nr_cpus_allowed (the idle task: 1) */
	int rt_highest_prio;           /* rq->rt.highest_prio.curr: 99 (MAX_RT_PRIO-1) if none */
	int cpupri;                    /* cpupri.cpu_to_pri[cpu]: -1 invalid, 0 normal, 1..99, 100 */
	uint64_t arch_cap;             /* arch_scale_cpu_capacity() */
};

/* One sched_domain of the task's previous CPU, level 0 (rq->sd) first. */
struct rt_level {
	bool wake_affine;  /* SD_WAKE_AFFINE */
	capsim_cpumask span;
};

/* The root domain as the RT wake-up sees it. */
struct rt_rd {
	unsigned nr_cpus;
	bool asym; /* sched_asym_cpucap_active() */
	bool dl_is_rt; /* rt_prio() counts a DL prio (< 0) as RT: 6.1's (model_rt_prio_dl()) */
	struct rt_cpu cpus[CAPSIM_MAX_CPUS];
	unsigned nr_levels;
	struct rt_level levels[RT_MAX_LEVELS]; /* prev's domains */
};

/* The waking task. */
struct rt_task {
	int prio;                        /* p->prio, 0..98 */
	uint64_t uclamp_min, uclamp_max; /* uclamp_eff_value() */
	int prev_cpu;                    /* task_cpu(p) */
	capsim_cpumask allowed;          /* p->cpus_ptr */
};

/* How find_lowest_rq() found its mask. */
enum rt_search {
	RT_SEARCH_NOT_CALLED,
	RT_SEARCH_SINGLE_CPU,
	RT_SEARCH_FITNESS,
	RT_SEARCH_FALLBACK,
	RT_SEARCH_FALLBACK_NONE,
};

/* Which step of find_lowest_rq() returned. */
enum rt_pick { RT_PICK_NONE, RT_PICK_PREV, RT_PICK_THIS_CPU, RT_PICK_DOMAIN, RT_PICK_ANY };

/* The decision and how it was reached. */
struct rt_place_result {
	int select_task_rq_rt;    /* the class's answer */
	int find_lowest_rq;       /* -1: none; meaningful when search != RT_SEARCH_NOT_CALLED */
	enum rt_search search;
	int cpupri_idx;           /* the level of lowest_mask, -1: none */
	capsim_cpumask lowest_mask;
	enum rt_pick pick;
	int select_task_rq;       /* the core's answer, after select_fallback_rq() */
	bool class_called;        /* nr_cpus_allowed > 1 */
};

/**
 * cpumask_any_and_distribute() - mirrors cpumask_any_and_distribute(@mask, @span), lib/cpumask.c
 * (@span NULL: cpumask_any_distribute()): the first CPU of both after the per-CPU cursor
 * *@cursor, wrapping (find_next_and_bit_wrap()), which then becomes the cursor.
 * Return: the CPU, or @nr_cpus if none.
 */
unsigned cpumask_any_and_distribute(const capsim_cpumask *mask, const capsim_cpumask *span,
				    unsigned nr_cpus, int *cursor);

/** rt_convert_prio() - convert_prio(): a cpupri_set() value's level (-1, 0 normal, 1..99, 100). */
int rt_convert_prio(int prio);

/**
 * rt_task_fits_capacity() - whether @cpu's arch capacity is at least min(uclamp_min, uclamp_max)
 * of @p (the CONFIG_UCLAMP_TASK version; pressure plays no part). Return: the kernel's bool.
 */
bool rt_task_fits_capacity(const struct rt_rd *rd, const struct rt_task *p, int cpu);

/**
 * rt_select_task_rq() - select_task_rq() for an RT wake-up (WF_TTWU) of @p woken from
 * @this_cpu, whose distribute_cpu_mask_prev cursor *@cursor is read and advanced as
 * cpumask_any_and_distribute() does (even when the class then discards its target).
 * @res: the class's and the core's answers, and find_lowest_rq()'s path.
 * Return: the CPU (res->select_task_rq).
 */
int rt_select_task_rq(const struct rt_rd *rd, const struct rt_task *p, int this_cpu, int *cursor,
		      struct rt_place_result *res);

/** rt_search_name() - "not_called", "single_cpu", "fitness", "fallback" or "fallback_none". */
const char *rt_search_name(enum rt_search s);

/** rt_pick_name() - "prev", "this_cpu", "domain_distribute", "any_distribute", or NULL. */
const char *rt_pick_name(enum rt_pick p);

#endif /* CAPSIM_RT_PLACEMENT_H */
