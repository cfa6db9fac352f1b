// SPDX-License-Identifier: MIT
/*
 * dl_placement.c - the deadline class's wake-up placement of Linux 6.12 as pure functions of a
 * per-CPU state: select_task_rq() and select_fallback_rq()'s first loop (core.c),
 * select_task_rq_dl() and find_later_rq() (deadline.c), cpudl_find() over the free CPUs and the
 * heap cpudl_set() keeps (cpudeadline.c), dl_task_fits_capacity() (sched.h). `make
 * kernel-check` (group deadline) compares it with that code.
 */
#include "internal.h"
#include "model/dl_placement.h"
#include "model/fair.h"

uint64_t dl_to_ratio(uint64_t period, uint64_t runtime)
{
	if (runtime == UINT64_MAX) /* RUNTIME_INF */
		return 1ULL << BW_SHIFT;
	if (period == 0)
		return 0;
	return (runtime << BW_SHIFT) / period;
}

bool dl_task_fits_capacity(const struct dl_rd *rd, const struct dl_task *p, int cpu)
{
	return rd->cpus[cpu].arch_cap >= p->dl_density >> (BW_SHIFT - SCHED_CAPACITY_SHIFT);
}

/* dl_time_before(): wrapping comparison of two deadlines */
static bool dl_time_before(uint64_t a, uint64_t b)
{
	return (int64_t)(a - b) < 0;
}

/* dl_entity_preempt(): a special entity (the sugov kthread) preempts every other one */
static bool dl_entity_preempt(const struct dl_task *p, const struct dl_cpu *c)
{
	return p->special || dl_time_before(p->deadline, c->curr_deadline);
}

/* dl_task_is_earliest_deadline() */
static bool is_earliest_deadline(const struct dl_task *p, const struct dl_cpu *c)
{
	return !c->dl_nr_running || dl_time_before(p->deadline, c->earliest_dl);
}

/*
 * cpudl_find(): the allowed CPUs without deadline tasks (free_cpus), with asymmetric capacities
 * only those the task fits, else the biggest of them (task_cpu(p) among equals); with no free
 * CPU, the heap's maximum (the CPU whose earliest deadline is the latest) if allowed and later
 * than the task's. Return: true with *@m the mask.
 */
static bool cpudl_find(const struct dl_rd *rd, const struct dl_task *p, capsim_cpumask *m)
{
	uint64_t max_cap = 0, latest = 0;
	int max_cpu = -1, best = -1;
	bool any = false;

	*m = (capsim_cpumask){ 0 };
	for (unsigned c = 0; c < rd->nr_cpus; c++)
		if (!rd->cpus[c].dl_nr_running && capsim_cpumask_test(&p->allowed, c)) {
			capsim_cpumask_set(m, c);
			any = true;
		}
	if (any) {
		if (!rd->asym)
			return true;
		any = false;
		for (unsigned c = 0; c < rd->nr_cpus; c++) {
			uint64_t cap = rd->cpus[c].arch_cap;

			if (!capsim_cpumask_test(m, c))
				continue;
			if (dl_task_fits_capacity(rd, p, (int)c)) {
				any = true;
				continue;
			}
			m->bits[c / 64] &= ~(1ULL << (c % 64));
			if (cap > max_cap || ((int)c == p->prev_cpu && cap == max_cap)) {
				max_cap = cap;
				max_cpu = (int)c;
			}
		}
		if (!any)
			capsim_cpumask_set(m, (unsigned)max_cpu);
		return true;
	}
	/* cpudl_maximum(): the heap's root, the latest key (the last set of equal ones) */
	for (unsigned c = 0; c < rd->nr_cpus; c++)
		if (rd->cpus[c].dl_nr_running &&
		    (best < 0 || !dl_time_before(rd->cpus[c].earliest_dl, latest))) {
			best = (int)c;
			latest = rd->cpus[c].earliest_dl;
		}
	if (best >= 0 && capsim_cpumask_test(&p->allowed, (unsigned)best) &&
	    dl_time_before(p->deadline, latest)) {
		capsim_cpumask_set(m, (unsigned)best);
		return true;
	}
	return false;
}

/* find_later_rq(): task_cpu(p) if it is a candidate, else this CPU or one near it */
static int find_later_rq(const struct dl_rd *rd, const struct dl_task *p, int this_cpu,
			 unsigned nr_allowed, int *cursor)
{
	int cpu = p->prev_cpu;
	capsim_cpumask m;

	if (nr_allowed == 1 || !cpudl_find(rd, p, &m))
		return -1;
	if (capsim_cpumask_test(&m, (unsigned)cpu))
		return cpu;
	if (this_cpu < 0 || !capsim_cpumask_test(&m, (unsigned)this_cpu))
		this_cpu = -1;
	for (unsigned l = 0; l < rd->nr_levels; l++) {
		unsigned best;

		if (!rd->levels[l].wake_affine)
			continue;
		/* preempting this_cpu is cheaper than migrating */
		if (this_cpu != -1 && capsim_cpumask_test(&rd->levels[l].span, (unsigned)this_cpu))
			return this_cpu;
		best = cpumask_any_and_distribute(&m, &rd->levels[l].span, rd->nr_cpus, cursor);
		if (best < rd->nr_cpus)
			return (int)best;
	}
	if (this_cpu != -1)
		return this_cpu;
	cpu = (int)cpumask_any_and_distribute(&m, NULL, rd->nr_cpus, cursor);
	return cpu < (int)rd->nr_cpus ? cpu : -1;
}

/*
 * select_task_rq_dl(): stay on task_cpu(p) unless a deadline task that p does not preempt (or
 * a pinned one) runs there, or p does not fit it; then a later runqueue if p would be its
 * earliest deadline
 */
static int select_task_rq_dl(const struct dl_rd *rd, const struct dl_task *p, int this_cpu,
			     unsigned nr_allowed, int *cursor, struct dl_place_result *res)
{
	int cpu = p->prev_cpu, target;
	const struct dl_cpu *curr = &rd->cpus[cpu];
	bool select_rq = curr->curr_dl &&
			 (curr->curr_nr_cpus_allowed < 2 || !dl_entity_preempt(p, curr)) &&
			 nr_allowed > 1;

	if (rd->asym)
		select_rq |= !dl_task_fits_capacity(rd, p, cpu);
	if (!select_rq)
		return cpu;
	target = find_later_rq(rd, p, this_cpu, nr_allowed, cursor);
	res->flr_called = true;
	res->find_later_rq = target;
	if (target != -1 && is_earliest_deadline(p, &rd->cpus[target]))
		cpu = target;
	return cpu;
}

int dl_select_task_rq(const struct dl_rd *rd, const struct dl_task *p, int this_cpu, int *cursor,
		      struct dl_place_result *res)
{
	unsigned nr_allowed = 0, first = rd->nr_cpus;
	int cpu;

	*res = (struct dl_place_result){ .find_later_rq = -1 };
	for (unsigned c = 0; c < rd->nr_cpus; c++)
		if (capsim_cpumask_test(&p->allowed, c)) {
			nr_allowed++;
			first = first < c ? first : c;
		}
	/* the class runs (and its answer is reported) as a direct call would */
	res->select_task_rq_dl = select_task_rq_dl(rd, p, this_cpu, nr_allowed, cursor, res);
	/* select_task_rq(): the class for more than one CPU, else cpumask_any() */
	cpu = nr_allowed > 1 ? res->select_task_rq_dl : (int)first;
	/* select_fallback_rq(): the first allowed CPU (of the node) */
	if (cpu >= (int)rd->nr_cpus || !capsim_cpumask_test(&p->allowed, (unsigned)cpu))
		cpu = first < rd->nr_cpus ? (int)first : p->prev_cpu;
	res->select_task_rq = cpu;
	return cpu;
}
