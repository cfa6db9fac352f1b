// SPDX-License-Identifier: MIT
/*
 * rt_placement.c - the RT class's wake-up placement of Linux 6.12 (and 6.1's rt_prio()) as pure
 * functions of a per-CPU state: select_task_rq() and select_fallback_rq()'s first loop (core.c),
 * select_task_rq_rt() and find_lowest_rq() (rt.c), cpupri_find_fitness() over the levels
 * cpupri_set() leaves (cpupri.c), and the per-CPU cursor of cpumask_any_and_distribute()
 * (lib/cpumask.c). `make kernel-check` (group rt_placement) compares it with that code.
 */
#include "internal.h"
#include "model/rt_placement.h"

/* MAX_RT_PRIO of include/linux/sched/prio.h */
#define RT_MAX_RT_PRIO 100

int rt_convert_prio(int prio)
{
	if (prio >= 0 && prio <= RT_MAX_RT_PRIO - 2)
		return RT_MAX_RT_PRIO - 1 - prio; /* 1 ... 99 */
	if (prio == RT_MAX_RT_PRIO - 1)
		return 0;                          /* CPUPRI_NORMAL: no RT task, idle or CFS alike */
	if (prio == RT_MAX_RT_PRIO)
		return RT_MAX_RT_PRIO;             /* CPUPRI_HIGHER: a DL task */
	return -1;                                 /* CPUPRI_INVALID */
}

bool rt_task_fits_capacity(const struct rt_rd *rd, const struct rt_task *p, int cpu)
{
	uint64_t need = p->uclamp_min < p->uclamp_max ? p->uclamp_min : p->uclamp_max;

	if (!rd->asym)
		return true;
	/* the kernel compares unsigned ints: clamps are at most 1024, so no wrap */
	return rd->cpus[cpu].arch_cap >= need;
}

/* rt_task(): 6.12's and 7.3's rt_prio() exclude DL tasks (prio < 0), 6.1's does not */
static bool prio_is_rt(const struct rt_rd *rd, int prio)
{
	return (prio >= 0 || CAPSIM_MUT(314, rd->dl_is_rt, false)) && prio < RT_MAX_RT_PRIO;
}

unsigned cpumask_any_and_distribute(const capsim_cpumask *mask, const capsim_cpumask *span,
				    unsigned nr_cpus, int *cursor)
{
	unsigned nr = nr_cpus, start = (unsigned)(*cursor + 1), found = nr;
	capsim_cpumask m = *mask;

	if (span)
		for (unsigned w = 0; w < CAPSIM_MAX_CPUS / 64; w++)
			m.bits[w] &= span->bits[w];
	found = capsim_cpumask_next(&m, start < nr ? start : nr, nr);
	if (found >= nr && start != 0) {
		found = capsim_cpumask_next(&m, 0, nr);
		if (found >= start)
			found = nr;
	}
	if (found < nr)
		*cursor = (int)found;
	return found;
}

/*
 * __cpupri_find() at level @idx, then with @fitness the CPUs the task does not fit removed.
 * Return: true with *@m the mask if non-empty.
 */
static bool cpupri_level(const struct rt_rd *rd, const struct rt_task *p, int idx, bool fitness,
			 capsim_cpumask *m)
{
	bool any = false;

	*m = (capsim_cpumask){ 0 };
	for (unsigned c = 0; c < rd->nr_cpus; c++) {
		if (rd->cpus[c].cpupri != idx || !capsim_cpumask_test(&p->allowed, c))
			continue;
		if (fitness && !rt_task_fits_capacity(rd, p, (int)c))
			continue;
		capsim_cpumask_set(m, c);
		any = true;
	}
	return any;
}

/* find_lowest_rq(): the lowest-priority level with a CPU, preferring CPUs that fit */
static int find_lowest_rq(const struct rt_rd *rd, const struct rt_task *p, int this_cpu,
			  unsigned nr_allowed, int *cursor, struct rt_place_result *res)
{
	int task_pri = rt_convert_prio(p->prio), cpu = p->prev_cpu;
	capsim_cpumask *m = &res->lowest_mask;

	if (nr_allowed == 1) {
		res->search = RT_SEARCH_SINGLE_CPU;
		return -1;
	}
	/* cpupri_find_fitness(): with asymmetric capacities, fitness first, then cpupri_find() */
	res->search = RT_SEARCH_FALLBACK_NONE;
	for (int pass = rd->asym ? 0 : 1; pass < 2 && res->search == RT_SEARCH_FALLBACK_NONE; pass++)
		for (int idx = 0; idx < task_pri; idx++)
			if (cpupri_level(rd, p, idx, pass == 0, m)) {
				res->search = pass == 0 ? RT_SEARCH_FITNESS : RT_SEARCH_FALLBACK;
				res->cpupri_idx = idx;
				break;
			}
	if (res->search == RT_SEARCH_FALLBACK_NONE) {
		*m = (capsim_cpumask){ 0 };
		return -1;
	}
	res->pick = RT_PICK_PREV;
	if (capsim_cpumask_test(m, (unsigned)cpu))
		return cpu;
	if (this_cpu < 0 || !capsim_cpumask_test(m, (unsigned)this_cpu))
		this_cpu = -1;
	for (unsigned l = 0; l < rd->nr_levels; l++) {
		unsigned best;

		if (!rd->levels[l].wake_affine)
			continue;
		res->pick = RT_PICK_THIS_CPU;
		if (this_cpu != -1 && capsim_cpumask_test(&rd->levels[l].span, (unsigned)this_cpu))
			return this_cpu;
		res->pick = RT_PICK_DOMAIN;
		best = cpumask_any_and_distribute(m, &rd->levels[l].span, rd->nr_cpus, cursor);
		if (best < rd->nr_cpus)
			return (int)best;
	}
	res->pick = RT_PICK_THIS_CPU;
	if (this_cpu != -1)
		return this_cpu;
	res->pick = RT_PICK_ANY;
	cpu = (int)cpumask_any_and_distribute(m, NULL, rd->nr_cpus, cursor);
	if (cpu < (int)rd->nr_cpus)
		return cpu;
	res->pick = RT_PICK_NONE;
	return -1;
}

/* select_task_rq_rt(): stay on prev unless its curr is RT of higher or equal priority (or
 * pinned) or the task does not fit it */
static int select_task_rq_rt(const struct rt_rd *rd, const struct rt_task *p, int this_cpu,
			     unsigned nr_allowed, int *cursor, struct rt_place_result *res)
{
	int cpu = p->prev_cpu, target;
	const struct rt_cpu *curr = &rd->cpus[cpu];
	bool test = prio_is_rt(rd, curr->curr_prio) &&
		    (curr->curr_nr_cpus_allowed < 2 || curr->curr_prio <= p->prio);

	if (!test && rt_task_fits_capacity(rd, p, cpu))
		return cpu;
	target = find_lowest_rq(rd, p, this_cpu, nr_allowed, cursor, res);
	res->find_lowest_rq = target;
	/* a search made only for a better-fitting CPU keeps prev if the target fits no better */
	if (!test && target != -1 && !rt_task_fits_capacity(rd, p, target))
		return cpu;
	/* rq->rt.highest_prio.curr, not cpupri: the level may lag the runqueue */
	if (target != -1 && p->prio < rd->cpus[target].rt_highest_prio)
		cpu = target;
	return cpu;
}

int rt_select_task_rq(const struct rt_rd *rd, const struct rt_task *p, int this_cpu, int *cursor,
		      struct rt_place_result *res)
{
	unsigned nr_allowed = 0, first = rd->nr_cpus;
	int cpu;

	*res = (struct rt_place_result){ .find_lowest_rq = -1, .cpupri_idx = -1 };
	for (unsigned c = 0; c < rd->nr_cpus; c++)
		if (capsim_cpumask_test(&p->allowed, c)) {
			nr_allowed++;
			first = first < c ? first : c;
		}
	/* the class runs (and its answer is reported) as a direct call would */
	res->select_task_rq_rt = select_task_rq_rt(rd, p, this_cpu, nr_allowed, cursor, res);
	res->class_called = nr_allowed > 1;
	/* select_task_rq(): cpumask_any() for one CPU; select_fallback_rq(): the first allowed */
	cpu = res->class_called ? res->select_task_rq_rt : (int)first;
	if (cpu >= (int)rd->nr_cpus || !capsim_cpumask_test(&p->allowed, (unsigned)cpu))
		cpu = first < rd->nr_cpus ? (int)first : p->prev_cpu;
	res->select_task_rq = cpu;
	return cpu;
}

const char *rt_search_name(enum rt_search s)
{
	static const char *const names[] = { "not_called", "single_cpu", "fitness", "fallback",
					     "fallback_none" };

	return names[s];
}

const char *rt_pick_name(enum rt_pick p)
{
	static const char *const names[] = { NULL, "prev", "this_cpu", "domain_distribute",
					     "any_distribute" };

	return names[p];
}
