// SPDX-License-Identifier: MIT
/*
 * fair_balance.c - where fair tasks go, the placement and balance half of kernel/sched/fair.c
 * (v6.10+; its class half is fair.c): wake-up placement (select_task_rq_fair:
 * find_energy_efficient_cpu while EAS runs and the root domain is not overutilized, else
 * select_idle_sibling/select_idle_capacity), the fork path, misfit tracking, the overutilized
 * flag, migration (set_task_cpu() with the class's migrate_task_rq()), and one load balance
 * pass (sched_balance_rq, with active balance for misfit tasks) and the nohz idle balance on
 * behalf of idle CPUs (_nohz_idle_balance); when they run (the tick's trigger, the domain
 * walk, the nohz kick, newidle) is fair_balance_domains.c's. capacity_of() is refreshed by
 * update_cpu_capacity() at balance cadence. The placement functions themselves are
 * src/model/fair.c's; the domains and groups it walks are topology.c's.
 */
#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"
#include "model/load_balance.h"
#include "sim/sim.h"
#include "sim/sim_pressure.h"
#include "sim/sim_events.h"

/* MAX_PINNED_INTERVAL: the back-off, in ms, of a domain whose tasks are all pinned */
#define LB_MAX_PINNED_INTERVAL 512
/* detach_tasks() looks at no more than sysctl_sched_nr_migrate tasks of cfs_tasks' tail */
#define LB_MAX_TASKS LB_NR_MIGRATE
/* LOAD_AVG_PERIOD ms: how often nohz idle CPUs get their blocked load decayed */
#define NOHZ_BLOCKED_MS 32

/* capacity_orig as the model sees it: the capped model lowers it for caps held long enough */
static uint64_t arch_cap(const struct capsim_sim *s, int cpu)
{
	return sim_arch_cap(s, cpu);
}

/* mirrors is_rd_overutilized(): without EAS the system always behaves as overutilized */
static bool is_rd_overutilized(const struct capsim_sim *s)
{
	return !s->eas || s->overutilized;
}

/* task_fits_cpu() (src/model/fair.c) of a simulated task */
static bool sim_task_fits_cpu(const struct capsim_sim *s, const struct sim_task *p, int cpu)
{
	struct fair_task ft;

	task_fill_view(s, p, &ft);
	return task_fits_cpu(&s->rd, &ft, cpu);
}

/* cpu_overutilized() (src/model/fair.c), which is false without EAS */
static bool sim_cpu_overutilized(const struct capsim_sim *s, int cpu)
{
	return s->eas && cpu_overutilized(&s->rd, cpu);
}

/* mirrors set_task_max_allowed_capacity(): the biggest capacity p may run at */
void set_task_max_allowed_capacity(struct capsim_sim *s, struct sim_task *p)
{
	p->max_allowed_capacity = 0;
	for (unsigned c = 0; c < s->nr_cpus; c++)
		if (CAPSIM_MUT(83, capsim_cpumask_test(&p->allowed, c), true) &&
		    arch_cap(s, (int)c) > p->max_allowed_capacity)
			p->max_allowed_capacity = arch_cap(s, (int)c);
}

void task_fill_view(const struct capsim_sim *s, const struct sim_task *p, struct fair_task *ft)
{
	ft->util = p->avg.util_avg;
	ft->runnable = p->avg.runnable_avg;
	ft->util_est = p->util_est;
	ft->util_est_ewma = p->util_est_ewma;
	ft->uclamp_min = p->uclamp_eff[0];
	ft->uclamp_max = p->uclamp_eff[1];
	ft->prev_cpu = p->cpu;
	ft->allowed = p->allowed;
	ft->idle_policy = p->policy == WL_POLICY_IDLE;
}

/* The first CPU @p may run on, from @from upwards (wrapping). */
int task_first_allowed(const struct capsim_sim *s, const struct sim_task *p, int from)
{
	for (unsigned i = 0; i < s->nr_cpus; i++) {
		int c = (int)((unsigned)from + i) % (int)s->nr_cpus;

		if (capsim_cpumask_test(&p->allowed, (unsigned)c))
			return c;
	}
	return 0;
}

/* mirrors available_idle_cpu(): idle_cpu(), no vCPU preemption */
static bool available_idle_cpu(const struct capsim_sim *s, int cpu)
{
	return s->view[cpu].idle;
}

/* mirrors sched_idle_cpu(): only SCHED_IDLE tasks run there */
static bool sched_idle_cpu(const struct capsim_sim *s, int cpu)
{
	return s->view[cpu].sched_idle;
}

/*
 * mirrors choose_sched_idle_rq() of kernel/sched/fair.c (Linux 7.3): a CPU running only
 * SCHED_IDLE tasks, for a wakee that is not SCHED_IDLE; 6.12's sched_idle_cpu() takes it for any
 */
static bool choose_sched_idle_rq(const struct capsim_sim *s, int cpu, const struct sim_task *p)
{
	return sched_idle_cpu(s, cpu) &&
	       (!model_placement_7_3(s->opt.model) ||
		CAPSIM_MUT(204, p->policy != WL_POLICY_IDLE, true));
}

/* mirrors choose_idle_cpu() of kernel/sched/fair.c (Linux 7.3): available_idle_cpu() or
 * choose_sched_idle_rq() (6.12: available_idle_cpu() || sched_idle_cpu()) */
static bool choose_idle_cpu(const struct capsim_sim *s, int cpu, const struct sim_task *p)
{
	return available_idle_cpu(s, cpu) || choose_sched_idle_rq(s, cpu, p);
}

/* mirrors cpus_share_cache(): the same sd_llc_id */
static bool cpus_share_cache(const struct capsim_sim *s, int a, int b)
{
	return a == b || s->rq[a].sd_llc_id == s->rq[b].sd_llc_id;
}

/* mirrors asym_fits_cpu(): on asymmetric systems @p fits @cpu fully (util_fits_cpu() > 0) */
static bool asym_fits_cpu(const struct capsim_sim *s, const struct fair_task *ft, int cpu)
{
	return !s->asym || task_fits_cpu(&s->rd, ft, cpu);
}

/* choose_idle_cpu() of @cpu where @p fits: select_idle_sibling()'s test */
static bool sis_idle_fits(const struct capsim_sim *s, const struct sim_task *p,
			  const struct fair_task *ft, int cpu)
{
	return choose_idle_cpu(s, cpu, p) && asym_fits_cpu(s, ft, cpu);
}

/*
 * sd->shared->nr_idle_scan of @cpu's domain at level @lvl (-1: none) as 7.3 reads it, else
 * SIS_NO_SHARED: 6.12's model keeps no SIS_UTIL limit
 */
static int sd_nr_idle_scan(const struct capsim_sim *s, int cpu, int lvl)
{
	if (lvl < 0 || !model_placement_7_3(s->opt.model))
		return SIS_NO_SHARED;
	return s->nr_idle_scan[s->rq[cpu].sd[lvl].dom];
}

/* the level of @cpu's sd_asym_cpucapacity, lowest_flag_domain(SD_ASYM_CPUCAPACITY_FULL), or -1 */
static int sd_asym_cpucapacity_level(const struct capsim_sim *s, int cpu)
{
	for (unsigned i = 0; i < s->rq[cpu].nr_sd; i++)
		if (s->plat->sd->domains[s->rq[cpu].sd[i].dom].flags & SD_ASYM_CPUCAPACITY_FULL)
			return CAPSIM_MUT(203, (int)i, -1);
	return -1;
}

/* the level of @cpu's sd_llc, highest_flag_domain(SD_SHARE_LLC) (update_top_cache_domain()) */
static int sd_llc_level(const struct capsim_sim *s, int cpu)
{
	int lvl = -1;

	for (unsigned i = 0; i < s->rq[cpu].nr_sd &&
			     (s->plat->sd->domains[s->rq[cpu].sd[i].dom].flags & SD_SHARE_LLC); i++)
		lvl = (int)i;
	return lvl;
}

/*
 * mirrors select_idle_cpu() without SCHED_SMT: the first CPU of @llc that @p may use, from
 * @target + 1 wrapping, for which choose_idle_cpu() (__select_idle_cpu()). 7.3 looks at no more
 * than @nr_idle_scan of them (SIS_UTIL: nr = nr_idle_scan + 1, --nr <= 0 before each;
 * SIS_NO_SHARED: no limit, 6.12's model). Return: it, or -1.
 */
static int select_idle_cpu(const struct capsim_sim *s, const struct sim_task *p,
			   const capsim_cpumask *llc, int target, int nr_idle_scan)
{
	int nr = INT_MAX;

	if (nr_idle_scan != SIS_NO_SHARED) {
		nr = nr_idle_scan + 1;
		/* an overloaded LLC is unlikely to have an idle CPU */
		if (nr == 1)
			return -1;
	}
	for (unsigned i = 1; i <= s->nr_cpus; i++) {
		int c = (int)capsim_cpu_wrap((unsigned)target, i, s->nr_cpus);

		if (!capsim_cpumask_test(llc, (unsigned)c) || !capsim_cpumask_test(&p->allowed, (unsigned)c))
			continue;
		if (CAPSIM_MUT(205, --nr <= 0, --nr < 0))
			return -1;
		if (choose_idle_cpu(s, c, p))
			return c;
	}
	return -1;
}

/*
 * mirrors select_idle_sibling() without SCHED_SMT or clusters: @target if idle (and fitting,
 * on asymmetric systems, after sync_entity_load_avg()), else @prev if it shares the cache,
 * else p->recent_used_cpu (which becomes @prev) if it does, else select_idle_capacity() over
 * sd_asym_cpucapacity on asymmetric systems (its domain spans every CPU) or select_idle_cpu()
 * over target's sd_llc, each with its domain's nr_idle_scan under 7.3. No per-CPU kthread wakes
 * fair tasks here, so its stacking case never applies.
 */
static int select_idle_sibling(struct capsim_sim *s, struct sim_task *p, int prev, int target)
{
	const capsim_cpumask *llc = s->rq[target].sd_llc;
	struct fair_task ft;
	int recent_used_cpu, i;

	if (s->asym)
		task_sync_load_avg(s, p);
	task_fill_view(s, p, &ft);
	if (sis_idle_fits(s, p, &ft, target))
		return target;
	if (prev != target && cpus_share_cache(s, prev, target) && sis_idle_fits(s, p, &ft, prev))
		return prev;
	recent_used_cpu = p->recent_used_cpu;
	p->recent_used_cpu = prev;
	if (CAPSIM_MUT(50, recent_used_cpu != prev, false) && recent_used_cpu != target &&
	    cpus_share_cache(s, recent_used_cpu, target) &&
	    choose_idle_cpu(s, recent_used_cpu, p) &&
	    capsim_cpumask_test(&p->allowed, (unsigned)recent_used_cpu) &&
	    asym_fits_cpu(s, &ft, recent_used_cpu))
		return recent_used_cpu;
	if (s->asym) {
		int lvl = s->plat->sd ? sd_asym_cpucapacity_level(s, target) : -1;

		i = select_idle_capacity(&s->rd, &ft, target, sd_nr_idle_scan(s, target, lvl));
		return i >= 0 ? i : target;
	}
	if (!llc)
		return target;
	i = select_idle_cpu(s, p, llc, target,
			    sd_nr_idle_scan(s, target, CAPSIM_MUT(209, sd_llc_level(s, target), -1)));
	return i >= 0 ? i : target;
}

/* The record of `current` on @this_cpu, the waker: its task's, or its idle task's. */
static struct sim_wakee *current_wakee(struct capsim_sim *s, int this_cpu)
{
	struct sim_task *curr = s->rq[this_cpu].curr;

	return curr ? &curr->wakee : &s->rq[this_cpu].idle_wakee;
}

/* mirrors record_wakee(): the waker's flips, halved at most once a second, count new wakees */
static void record_wakee(const struct capsim_sim *s, struct sim_wakee *w, const struct sim_task *p)
{
	uint64_t j = sim_jiffies(s);

	if ((int64_t)(w->flip_decay_ts + s->opt.hz - j) < 0) { /* time_after(jiffies, ts + HZ) */
		w->flips >>= CAPSIM_MUT(54, 1, 0);
		w->flip_decay_ts = j;
	}
	if (w->last != p) {
		w->last = p;
		w->flips++;
	}
}

/*
 * mirrors wake_wide(): waker and wakee both switch partners often (the one at least
 * sd_llc_size times, the other that many times more), so the wake-up spreads. Return: 1 if so.
 */
static int wake_wide(const struct capsim_sim *s, const struct sim_wakee *waker,
		     const struct sim_task *p, int this_cpu)
{
	unsigned master = waker->flips, slave = p->wakee.flips;
	unsigned factor = s->rq[this_cpu].sd_llc_size;

	if (master < slave) {
		unsigned t = master;

		master = slave;
		slave = t;
	}
	return !(CAPSIM_MUT(52, slave < factor, slave <= factor) || master < slave * factor);
}

/* nr_cpumask_bits: wake_affine_idle() and _weight() found no answer */
#define WA_NONE CAPSIM_MAX_CPUS

/*
 * mirrors wake_affine_idle(): an idle waking CPU sharing prev's cache (prev if idle too), the
 * waker's CPU when a sync waker runs alone there, else prev if idle. Return: it, or WA_NONE.
 */
static int wake_affine_idle(const struct capsim_sim *s, int this_cpu, int prev_cpu, int sync)
{
	const struct sim_rq *rq = &s->rq[this_cpu];

	if (available_idle_cpu(s, this_cpu) && cpus_share_cache(s, this_cpu, prev_cpu))
		return available_idle_cpu(s, prev_cpu) ? prev_cpu : this_cpu;
	/* minus cfs_h_nr_delayed() */
	if (sync && rq->fc->nr_running - CAPSIM_MUT(51, rq->fc->cfs_delayed, 0) == 1)
		return this_cpu;
	if (available_idle_cpu(s, prev_cpu))
		return prev_cpu;
	return WA_NONE;
}

/*
 * mirrors wake_affine_weight() with WA_BIAS: this CPU if its load with p (without a sync
 * waker's) per capacity is below prev's without p, prev's biased by half the domain's
 * imbalance_pct. cpu_load() is the cfs_rq's load_avg, task_h_load() the task's (no cgroups).
 * Return: this_cpu, or WA_NONE.
 */
static int wake_affine_weight(const struct capsim_sim *s, const struct sd_domain *sd,
			      const struct sim_task *p, int this_cpu, int prev_cpu, int sync)
{
	const struct sim_task *curr = s->rq[this_cpu].curr;
	int64_t this_eff_load = (int64_t)s->rq[this_cpu].fc->cfs_avg.load_avg, prev_eff_load;
	uint64_t task_load;

	if (sync) {
		uint64_t current_load = curr ? curr->avg.load_avg : 0;

		if ((int64_t)current_load > this_eff_load)
			return this_cpu;
		this_eff_load -= (int64_t)current_load;
	}
	task_load = p->avg.load_avg;
	this_eff_load += (int64_t)task_load;
	this_eff_load *= 100;
	this_eff_load *= (int64_t)s->rq[prev_cpu].fc->capacity_of;
	prev_eff_load = (int64_t)s->rq[prev_cpu].fc->cfs_avg.load_avg;
	prev_eff_load -= (int64_t)task_load;
	prev_eff_load *= 100 + ((int64_t)sd_imbalance_pct(sd->flags) - 100) / 2;
	prev_eff_load *= (int64_t)s->rq[this_cpu].fc->capacity_of;
	if (sync)
		prev_eff_load += CAPSIM_MUT(53, 1, 0);
	return this_eff_load < prev_eff_load ? this_cpu : WA_NONE;
}

/* mirrors wake_affine() (WA_IDLE, WA_WEIGHT): this_cpu if either says so, else prev */
static int wake_affine(const struct capsim_sim *s, const struct sd_domain *sd,
		       const struct sim_task *p, int this_cpu, int prev_cpu, int sync)
{
	int target = wake_affine_idle(s, this_cpu, prev_cpu, sync);

	if (target == WA_NONE)
		target = wake_affine_weight(s, sd, p, this_cpu, prev_cpu, sync);
	return target == this_cpu ? this_cpu : prev_cpu;
}

/*
 * ---- The fork path: sched_balance_find_dst_cpu() and its callees (6.10's names; 6.1's
 * find_idlest_cpu(), find_idlest_group() and find_idlest_group_cpu() have the same bodies for
 * what capsim models: no SMT, no NUMA, no core scheduling). Only a fork gets here: no domain has
 * SD_BALANCE_WAKE (sd_init()) and no task execs. ----
 */

/* cpumask_and() */
static void cpumask_and(capsim_cpumask *dst, const capsim_cpumask *a, const capsim_cpumask *b)
{
	for (unsigned w = 0; w < CAPSIM_MAX_CPUS / 64; w++)
		dst->bits[w] = a->bits[w] & b->bits[w];
}

/* cpumask_intersects(): bitmap_intersects(), a word of both in common */
static bool cpumask_intersects(const capsim_cpumask *a, const capsim_cpumask *b)
{
	for (unsigned w = 0; w < CAPSIM_MAX_CPUS / 64; w++)
		if (a->bits[w] & b->bits[w])
			return true;
	return false;
}

/* mirrors the test of task_running_on_cpu() and the *_without()s: @p's PELT counts on @cpu
 * (it is @p's CPU and @p has run: "Task has no contribution or is new" else) */
static bool task_contributes(const struct sim_task *p, int cpu)
{
	return cpu == p->cpu && p->avg.last_update_time;
}

/* mirrors task_on_rq_queued(): running, queued, or asleep but still queued (delayed) */
static bool task_on_rq_queued(const struct sim_task *p)
{
	return p->state == TASK_RUNNING || p->state == TASK_RUNNABLE || p->se.sched_delayed;
}

/* mirrors task_running_on_cpu(): 1 if @p is queued on @cpu, so counted in its nr_running */
static unsigned task_running_on_cpu(const struct sim_task *p, int cpu)
{
	return task_contributes(p, cpu) && task_on_rq_queued(p);
}

/* mirrors cpu_load_without(): the cfs_rq's load_avg less @p's task_h_load() (no cgroups) */
static uint64_t cpu_load_without(const struct capsim_sim *s, int cpu, const struct sim_task *p)
{
	uint64_t load = s->rq[cpu].fc->cfs_avg.load_avg;

	if (task_contributes(p, cpu))
		lsub_positive(&load, p->avg.load_avg);
	return load;
}

/* mirrors cpu_runnable_without() */
static uint64_t cpu_runnable_without(const struct capsim_sim *s, int cpu, const struct sim_task *p)
{
	uint64_t runnable = s->rq[cpu].fc->cfs_avg.runnable_avg;

	if (task_contributes(p, cpu))
		lsub_positive(&runnable, p->avg.runnable_avg);
	return runnable;
}

/* mirrors cpu_util_without(): cpu_util() with @p taken out where it contributes */
static uint64_t cpu_util_without(const struct capsim_sim *s, int cpu, const struct sim_task *p)
{
	struct fair_task ft;

	if (!task_contributes(p, cpu))
		return cpu_util_cfs(&s->rd, cpu);
	task_fill_view(s, p, &ft);
	return cpu_util(&s->rd, cpu, &ft, -1, 0);
}

/* mirrors idle_cpu_without() of a CPU that has nothing else to run: idle unless another task
 * is current or a wake-up is on its list */
static bool idle_cpu_without(const struct capsim_sim *s, int cpu, const struct sim_task *p)
{
	const struct sim_rq *rq = &s->rq[cpu];

	return (!rq->curr || rq->curr == p) && !rq->fc->ttwu_pending;
}

/* mirrors update_sg_wakeup_stats() of kernel/sched/fair.c (Linux 6.12; Linux 7.3 under
 * model_placement_7_3()): group @gi of a domain with @flags, over @p's CPUs */
static void update_sg_wakeup_stats(const struct capsim_sim *s, uint32_t flags, unsigned gi,
				   const struct sim_task *p, struct lb_sg_stats *sgs)
{
	const struct lb_group *sg = &s->sg[gi];
	bool v7_3 = model_placement_7_3(s->opt.model);
	capsim_cpumask m;

	*sgs = (struct lb_sg_stats){ 0 };
	/* Assume that task can't fit any CPU of the group */
	if (flags & SD_ASYM_CPUCAPACITY)
		sgs->group_misfit_task_load = CAPSIM_MUT(77, 1, 0);
	cpumask_and(&m, &sg->span, &p->allowed);
	for_each_cpu(i, &m, s->nr_cpus) {
		unsigned local = task_running_on_cpu(p, (int)i), nr_running;

		sgs->group_load += cpu_load_without(s, (int)i, p);
		sgs->group_util += cpu_util_without(s, (int)i, p);
		sgs->group_runnable += cpu_runnable_without(s, (int)i, p);
		/* h_nr_queued; 7.3: h_nr_runnable, the delayed tasks left out */
		sgs->sum_h_nr_running += s->rq[i].fc->cfs_nr + (v7_3 ? 0 : s->rq[i].fc->cfs_delayed) - local;
		nr_running = s->rq[i].fc->nr_running - local;
		sgs->sum_nr_running += nr_running;
		if (!nr_running && CAPSIM_MUT(72, idle_cpu_without(s, (int)i, p), true))
			sgs->idle_cpus++;
		if ((flags & SD_ASYM_CPUCAPACITY) && sgs->group_misfit_task_load &&
		    sim_task_fits_cpu(s, p, (int)i))
			sgs->group_misfit_task_load = 0;
	}
	sgs->group_capacity = sg->capacity;
	sgs->group_weight = sg->weight;
	/* 7.3: sgs->group_overutilized, never set here, keeps a group under EAS from overloaded */
	sgs->eas_not_overutilized = v7_3 && CAPSIM_MUT(207, s->eas, false);
	sgs->group_type = lb_group_classify(sd_imbalance_pct(flags), sg->imbalance, sgs);
	/* avg_load makes sense only when the group is fully busy or overloaded */
	if (CAPSIM_MUT(78, sgs->group_type == group_fully_busy, false) ||
	    sgs->group_type == group_overloaded)
		sgs->avg_load = sgs->group_load * SCHED_CAPACITY_SCALE / sgs->group_capacity;
}

/* mirrors update_pick_idlest(): group @gi (@sgs) is idler than @idlest (@idlest_sgs) */
static bool update_pick_idlest(const struct capsim_sim *s, int idlest,
			       const struct lb_sg_stats *idlest_sgs, unsigned gi,
			       const struct lb_sg_stats *sgs)
{
	if (sgs->group_type != idlest_sgs->group_type)
		return sgs->group_type < idlest_sgs->group_type;
	switch (sgs->group_type) {
	case group_overloaded:
	case group_fully_busy:
		/* the lowest avg_load */
		return idlest_sgs->avg_load > sgs->avg_load;
	case group_misfit_task:
		/* the highest max capacity (idlest is set: its type is below overloaded) */
		return s->sg[idlest].max_capacity < s->sg[gi].max_capacity;
	case group_has_spare:
		/* the most idle CPUs, then the lowest group_util */
		if (idlest_sgs->idle_cpus != sgs->idle_cpus)
			return idlest_sgs->idle_cpus < sgs->idle_cpus;
		return CAPSIM_MUT(73, idlest_sgs->group_util > sgs->group_util,
				  idlest_sgs->group_util >= sgs->group_util);
	default: /* imbalanced, asym_packing, smt_balance: not used in the slow path */
		return false;
	}
}

/*
 * mirrors sched_balance_find_dst_group(): the idlest group of domain level @lvl of @this_cpu
 * that @p may use, its groups walked from the local one as sd->groups' ring goes, unless the
 * local group is idle enough that the task stays. Return: its index into s->sg, or -1.
 */
static int sched_balance_find_dst_group(const struct capsim_sim *s, unsigned lvl,
					const struct sim_task *p, int this_cpu)
{
	const struct sim_sd *ssd = &s->rq[this_cpu].sd[lvl];
	const struct sd_domain *d = &s->plat->sd->domains[ssd->dom];
	unsigned imbalance_pct = sd_imbalance_pct(d->flags);
	struct lb_sg_stats local_sgs, tmp_sgs, *sgs;
	struct lb_sg_stats idlest_sgs = { .avg_load = UINT32_MAX, .group_type = group_overloaded };
	int idlest = -1, local = -1;
	uint64_t imbalance;

	for (unsigned k = 0; k < d->nr_groups; k++) {
		unsigned gi = d->first_group + (ssd->local_sg - d->first_group + k) % d->nr_groups;
		bool local_group;

		if (!cpumask_intersects(&s->sg[gi].span, &p->allowed))
			continue;
		local_group = capsim_cpumask_test(&s->sg[gi].span, (unsigned)this_cpu);
		sgs = local_group ? &local_sgs : &tmp_sgs;
		if (local_group)
			local = (int)gi;
		update_sg_wakeup_stats(s, d->flags, gi, p, sgs);
		if (!local_group && update_pick_idlest(s, idlest, &idlest_sgs, gi, sgs)) {
			idlest = (int)gi;
			idlest_sgs = *sgs;
		}
	}
	if (idlest < 0 || local < 0) /* none to push to; the local one not allowed */
		return idlest;
	if (local_sgs.group_type != idlest_sgs.group_type)
		return local_sgs.group_type < idlest_sgs.group_type ? -1 : idlest;
	switch (local_sgs.group_type) {
	case group_overloaded:
	case group_fully_busy:
		/* the allowed imbalance, scale_load_down(NICE_0_LOAD) based (no NUMA) */
		imbalance = SCHED_CAPACITY_SCALE * (imbalance_pct - 100) / 100;
		if (idlest_sgs.avg_load >= local_sgs.avg_load + imbalance)
			return -1;
		if (CAPSIM_MUT(74, 100 * local_sgs.avg_load <= imbalance_pct * idlest_sgs.avg_load, false))
			return -1;
		return idlest;
	case group_misfit_task:
		return s->sg[local].max_capacity >= s->sg[idlest].max_capacity ? -1 : idlest;
	case group_has_spare:
		return local_sgs.idle_cpus >= idlest_sgs.idle_cpus ? -1 : idlest;
	default: /* imbalanced, asym_packing, smt_balance: not used in the slow path */
		return -1;
	}
}

/*
 * mirrors sched_balance_find_dst_group_cpu() of kernel/sched/fair.c (Linux 6.12; Linux 7.3
 * under model_placement_7_3()): among @p's CPUs of group @gi, one running only SCHED_IDLE
 * tasks at once (7.3: unless @p is SCHED_IDLE, choose_sched_idle_rq()), else the idle one in
 * the shallowest state (the most recently idled of equals, idle_stamp), else the least loaded
 * (this_cpu when none is below).
 */
static int sched_balance_find_dst_group_cpu(const struct capsim_sim *s, unsigned gi,
					    const struct sim_task *p, int this_cpu)
{
	const struct lb_group *sg = &s->sg[gi];
	uint64_t min_load = UINT64_MAX, latest_idle_timestamp = 0;
	uint32_t min_exit_latency = UINT32_MAX;
	int least_loaded_cpu = this_cpu, shallowest_idle_cpu = -1;
	capsim_cpumask m;

	if (sg->weight == 1) /* no choice */
		return (int)capsim_cpumask_next(&sg->span, 0, s->nr_cpus);
	cpumask_and(&m, &sg->span, &p->allowed);
	for_each_cpu(i, &m, s->nr_cpus) {
		const struct sim_rq *rq = &s->rq[i];
		uint32_t exit_latency;
		bool state;

		if (CAPSIM_MUT(76, choose_sched_idle_rq(s, (int)i, p), false))
			return (int)i;
		if (available_idle_cpu(s, (int)i)) {
			state = sim_idle_get_state(s, (int)i, &exit_latency);
			if (state && exit_latency < min_exit_latency) {
				/* the shallowest state first, whatever the timestamps */
				min_exit_latency = exit_latency;
				latest_idle_timestamp = rq->idle_stamp;
				shallowest_idle_cpu = (int)i;
			} else if ((!state || exit_latency == min_exit_latency) &&
				   CAPSIM_MUT(75, rq->idle_stamp > latest_idle_timestamp,
					      rq->idle_stamp >= latest_idle_timestamp)) {
				/* equals: the most recently idled, whose cache may be warmer */
				latest_idle_timestamp = rq->idle_stamp;
				shallowest_idle_cpu = (int)i;
			}
		} else if (shallowest_idle_cpu == -1 && rq->fc->cfs_avg.load_avg < min_load) {
			min_load = rq->fc->cfs_avg.load_avg; /* cpu_load() */
			least_loaded_cpu = (int)i;
		}
	}
	return shallowest_idle_cpu != -1 ? shallowest_idle_cpu : least_loaded_cpu;
}

/*
 * mirrors sched_balance_find_dst_cpu() from domain level @lvl of @cpu (@sd_flag: that of a
 * fork, so p's PELT is not synced): down the levels with @sd_flag, the idlest group's idlest
 * CPU; a move to another CPU goes on in its own domains below the level's weight.
 */
static int sched_balance_find_dst_cpu(const struct capsim_sim *s, unsigned lvl,
				      const struct sim_task *p, int cpu, int prev_cpu,
				      uint32_t sd_flag)
{
	const struct sched_domains *sds = s->plat->sd;
	int new_cpu = cpu, have = 1; /* have: sd is not NULL */

	if (!cpumask_intersects(&sds->domains[s->rq[cpu].sd[lvl].dom].span, &p->allowed))
		return prev_cpu;
	while (have) {
		const struct sd_domain *d = &sds->domains[s->rq[cpu].sd[lvl].dom];
		unsigned weight;
		int gi;

		/* sd = sd->child (NULL below the lowest level) */
		if (!(d->flags & sd_flag) || (gi = sched_balance_find_dst_group(s, lvl, p, cpu)) < 0 ||
		    (new_cpu = sched_balance_find_dst_group_cpu(s, (unsigned)gi, p, cpu)) == cpu) {
			have = lvl-- > 0;
			continue;
		}
		/* now the highest level of new_cpu below this one's weight with sd_flag */
		cpu = new_cpu;
		weight = capsim_cpumask_weight(&d->span);
		have = 0;
		for (unsigned i = 0; i < s->rq[cpu].nr_sd; i++) {
			const struct sd_domain *t = &sds->domains[s->rq[cpu].sd[i].dom];

			if (weight <= capsim_cpumask_weight(&t->span))
				break;
			if (t->flags & sd_flag) {
				lvl = i;
				have = 1;
			}
		}
	}
	return new_cpu;
}

/*
 * select_task_rq_fair()'s fork: the highest of this CPU's domains that the walk from the
 * bottom reaches while each has SD_BALANCE_FORK (sd_init() sets it on every level), then
 * sched_balance_find_dst_cpu() from there; without one, prev (the parent's CPU).
 */
static int select_task_rq_fork(const struct capsim_sim *s, const struct sim_task *p, int this_cpu)
{
	const struct sched_domains *sds = s->plat->sd;
	unsigned n = 0;

	while (n < s->rq[this_cpu].nr_sd &&
	       (sds->domains[s->rq[this_cpu].sd[n].dom].flags & CAPSIM_MUT(70, SD_BALANCE_FORK, SD_BALANCE_WAKE)))
		n++;
	if (!n)
		return p->cpu;
	return sched_balance_find_dst_cpu(s, n - 1, p, this_cpu, p->cpu, SD_BALANCE_FORK);
}

/*
 * Where an affinity change sends the running task @p (capsim's own rule, not the kernel's
 * cpumask_any_and_distribute() of affine_move_task()): among its CPUs one it fits
 * (asymmetric systems), then the fewest running tasks, then the lowest CFS util, then the
 * lowest number.
 */
static int move_running_dst_cpu(struct capsim_sim *s, const struct sim_task *p)
{
	int best = -1;
	bool best_fits = false;
	uint64_t best_nr = 0, best_util = 0;

	for (unsigned c = 0; c < s->nr_cpus; c++) {
		bool fits;
		uint64_t nr, util;

		if (!capsim_cpumask_test(&p->allowed, c))
			continue;
		fits = !s->asym || sim_task_fits_cpu(s, p, (int)c);
		nr = s->rq[c].fc->nr_running;
		util = cpu_util_cfs(&s->rd, (int)c);
		if (best < 0 || (fits && !best_fits) ||
		    (fits == best_fits && (nr < best_nr || (nr == best_nr && util < best_util)))) {
			best = (int)c;
			best_fits = fits;
			best_nr = nr;
			best_util = util;
		}
	}
	return best < 0 ? 0 : best;
}

/*
 * select_task_rq()'s is_cpu_allowed() test of the class's answer, else select_fallback_rq():
 * the first allowed CPU of the node (one node: from CPU 0), whatever CPU it falls back from
 */
static int task_cpu_allowed(const struct capsim_sim *s, const struct sim_task *p, int cpu)
{
	return capsim_cpumask_test(&p->allowed, (unsigned)cpu) ? cpu
							       : task_first_allowed(s, p, CAPSIM_MUT(71, 0, p->cpu));
}

/*
 * mirrors select_task_rq_fair() from @this_cpu (smp_processor_id(), whose running task is
 * `current`), then select_task_rq()'s is_cpu_allowed() fallback. A fork (WF_FORK) takes
 * the slow path, sched_balance_find_dst_cpu() over the SD_BALANCE_FORK domains. A wake-up: record_wakee(); feec while EAS runs and the root
 * domain is not overutilized; else, unless wake_wide(), wake_affine() in this CPU's lowest
 * SD_WAKE_AFFINE domain that spans prev too, then select_idle_sibling() around its answer.
 * No domain has SD_BALANCE_WAKE (sd_init()), so a wake-up never takes the slow path.
 */
int select_task_rq_fair(struct capsim_sim *s, struct sim_task *p, int this_cpu, int wake_flags)
{
	const struct sched_domains *sds = s->plat->sd;
	int sync = (wake_flags & WF_SYNC) != 0;
	int prev_cpu = p->cpu, new_cpu = prev_cpu, cpu;
	struct sim_wakee *waker;
	bool want_affine;

	sim_pressure_refresh_views(s);
	if (wake_flags & WF_FORK) /* no feec, no wake_affine: the slow path, SD_BALANCE_FORK */
		return task_cpu_allowed(s, p, select_task_rq_fork(s, p, this_cpu));
	waker = current_wakee(s, this_cpu);
	record_wakee(s, waker, p);
	if (!is_rd_overutilized(s)) {
		struct fair_task ft;

		task_sync_load_avg(s, p);
		task_fill_view(s, p, &ft);
		cpu = sim_sink_skips(s, CAPSIM_EV_SCHED_COMPUTE_ENERGY) ?
			      find_energy_efficient_cpu(&s->rd, &ft, NULL) :
			      sim_feec_traced(s, p, &ft);
		if (cpu >= 0)
			return task_cpu_allowed(s, p, cpu);
	}
	want_affine = !wake_wide(s, waker, p, this_cpu) &&
		      CAPSIM_MUT(55, capsim_cpumask_test(&p->allowed, (unsigned)this_cpu), true);
	for (unsigned i = 0; want_affine && i < s->rq[this_cpu].nr_sd; i++) {
		const struct sd_domain *sd = &sds->domains[s->rq[this_cpu].sd[i].dom];

		if ((sd->flags & SD_WAKE_AFFINE) && capsim_cpumask_test(&sd->span, (unsigned)prev_cpu)) {
			if (this_cpu != prev_cpu)
				new_cpu = wake_affine(s, sd, p, this_cpu, prev_cpu, sync);
			break;
		}
	}
	return task_cpu_allowed(s, p, select_idle_sibling(s, p, prev_cpu, new_cpu));
}

/*
 * mirrors update_misfit_status(): from 6.10 a task on the biggest CPU it may use is no misfit
 * (model_misfit_max_allowed_capacity()); 6.1 and 6.9 test only its affinity and its fit
 */
void update_misfit_status(struct capsim_sim *s, struct sim_rq *rq)
{
	struct sim_task *p = rq->curr && task_is_fair(rq->curr) ? rq->curr : NULL;
	bool max_cap = model_misfit_max_allowed_capacity(s->opt.model);
	uint64_t load = 0, h_load;

	if (!s->asym)
		return;
	if (p && p->nr_allowed != 1 &&
	    CAPSIM_MUT(80, !max_cap || arch_cap(s, rq->cpu) != p->max_allowed_capacity, true) &&
	    !sim_task_fits_cpu(s, p, rq->cpu)) {
		h_load = CAPSIM_MUT(81, p->avg.load_avg, p->avg.util_avg); /* task_h_load() */
		load = CAPSIM_MUT(82, h_load > 1 ? h_load : 1, h_load);
	}
	if (load == rq->fc->misfit_task_load)
		return;
	rq->fc->misfit_task_load = load;
	sim_ev_misfit(s, rq);
}

/* mirrors check_update_overutilized_status() */
void check_update_overutilized_status(struct capsim_sim *s, struct sim_rq *rq)
{
	if (!s->eas || s->overutilized)
		return;
	if (sim_cpu_overutilized(s, rq->cpu))
		sim_set_overutilized(s, true);
}

/* Group @gi's sgc capacity sums into @sg, from its CPUs' capacity_of(). */
static void sg_capacity_of(const struct capsim_sim *s, unsigned gi, struct lb_group *sg)
{
	const capsim_cpumask *span = &s->plat->sd->groups[gi];

	sg->capacity = sg->max_capacity = 0;
	sg->min_capacity = UINT64_MAX;
	for_each_cpu(c, span, s->nr_cpus) {
		uint64_t cap = s->rq[c].fc->capacity_of;

		sg->capacity += cap;
		sg->min_capacity = cap < sg->min_capacity ? cap : sg->min_capacity;
		sg->max_capacity = cap > sg->max_capacity ? cap : sg->max_capacity;
	}
}

/* Group @gi's sgc capacity sums, kept in s->sg: a cache of its CPUs' capacity_of(), summed
 * again at each change of one (update_cpu_capacity()) */
void sg_sum_capacity(struct capsim_sim *s, unsigned gi)
{
	sg_capacity_of(s, gi, &s->sg[gi]);
}

/* debug builds, after every event: each group's kept sums equal a recomputation */
void sg_check_capacity(const struct capsim_sim *s)
{
#ifndef NDEBUG
	for (unsigned gi = 0; s->sg && gi < s->plat->sd->nr_groups; gi++) {
		struct lb_group now;

		sg_capacity_of(s, gi, &now);
		if (now.capacity != s->sg[gi].capacity || now.min_capacity != s->sg[gi].min_capacity ||
		    now.max_capacity != s->sg[gi].max_capacity) {
			fprintf(stderr, "capsim: sched group %u's capacity sums are stale at %llu ns: "
				"a CPU's capacity_of changed without sg_sum_capacity()\n", gi,
				(unsigned long long)s->now);
			abort();
		}
	}
#else
	(void)s;
#endif
}

/* mirrors update_cpu_capacity(): capacity_of() = scale_rt_capacity(), at least 1 */
void update_cpu_capacity(struct capsim_sim *s, int cpu)
{
	uint64_t c = scale_rt_capacity(&s->rd, cpu);

	struct fair_cpu *fc = s->rq[cpu].fc;

	if (fc->capacity_of == (c ? c : 1))
		return; /* what the memo and the groups read has not moved */
	fc->capacity_of = c ? c : 1;
	/* the sums of its groups, where sim_balance_init() made them (kernel-check's sim has none) */
	for (unsigned gi = 0; s->sg && gi < s->plat->sd->nr_groups; gi++)
		if (capsim_cpumask_test(&s->plat->sd->groups[gi], (unsigned)cpu))
			sg_sum_capacity(s, gi);
	sim_ev_cpu_capacity(s, cpu);
	rq_signals_changed(s, &s->rq[cpu]);
}

/* Bookkeeping of a move between CPUs (set_task_cpu() + migrate_task_rq_fair()). */
void migrate_task(struct capsim_sim *s, struct sim_task *p, int dst, bool misfit)
{
	if (p->sched_class->migrate_task_rq)
		p->sched_class->migrate_task_rq(s, p, dst);
	sim_ev_migrate(s, p, dst);
	sim_timer_move(s, p, dst);
	p->cpu = dst;
	p->st.migrations++;
	s->migrations++;
	if (misfit)
		s->misfit_migrations++;
}

/*
 * mirrors detach_task(): deactivate_task() of @p off its runqueue, TASK_ON_RQ_MIGRATING (so its
 * PELT leaves the cfs_rq at the dequeue: DO_DETACH), then set_task_cpu()
 */
void detach_task(struct capsim_sim *s, struct sim_task *p, int dst, bool misfit)
{
	p->migrating = true;
	rq_dequeue(s, &s->rq[p->cpu], p, false);
	migrate_task(s, p, dst, misfit);
}

/* mirrors attach_task(): activate_task() of the detached @p on @rq, queued once enqueued */
void attach_task(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	rq_enqueue(s, rq, p, false);
	p->migrating = false;
}

/*
 * mirrors detach_task() + attach_task() (and, for the running task, the stopper of
 * active_load_balance_cpu_stop()): @p leaves its rq, which reschedules if p was running, and
 * joins @dst, whose preemption check runs unless @dst is the CPU balancing from newidle.
 */
static void lb_move_task(struct capsim_sim *s, struct sim_task *p, int dst, bool misfit,
			 bool newidle)
{
	struct sim_rq *src = &s->rq[p->cpu];
	bool was_running = src->curr == p;

	if (was_running) {
		/* active_load_balance_cpu_stop() runs in migration/N, which preempts p first */
		sim_ev_stopper_preempt(s, src, dst);
		src->stopper_curr = true;
	}
	detach_task(s, p, dst, misfit);
	attach_task(s, &s->rq[dst], p);
	if (was_running)
		rq_resched(s, src);
	if (!newidle)
		rq_check_preempt_wakeup(s, &s->rq[dst], p);
}

/* list_add() to the head of its rq's cfs_tasks: the list is ordered by lb_seq, highest first */
void sim_cfs_tasks_add(struct capsim_sim *s, struct sim_task *p)
{
	p->lb_seq = ++s->cfs_seq;
}

/* mirrors idle_cpu(): the idle task runs, nothing is queued and no wake-up waits on its wake
 * list (rq->ttwu_pending, while it leaves an idle state) */
bool lb_idle_cpu(const struct capsim_sim *s, int cpu)
{
	const struct sim_rq *rq = &s->rq[cpu];

	return !rq->curr && !rq->fc->nr_running && !rq->sched_prev &&
	       CAPSIM_MUT(196, !rq->fc->ttwu_pending, true);
}

/*
 * idle_cpu() as the balance of @env reads it (lb_env_rqs()): in a newidle balance the CPU still
 * runs the task it is switching from, which the engine has already put away
 */
static bool lb_env_idle_cpu(const struct lb_env *env, int cpu)
{
	if (env->idle == LB_CPU_NEWLY_IDLE && cpu == env->dst_cpu)
		return false;
	return lb_idle_cpu(env->rqs, cpu);
}

void lb_env_rqs(const struct capsim_sim *s, struct lb_env *env)
{
	env->rd = &s->rd;
	env->idle_cpu = lb_env_idle_cpu;
	env->rqs = s;
}

/*
 * The domain's groups, in place, with their sgc (the kernel's sgc holds what
 * update_group_capacity() last summed, which is each CPU's last update_cpu_capacity() too:
 * s->sg keeps it); the balancing CPU's sd->groups ring starts at the @local-th.
 */
void lb_env_groups(const struct capsim_sim *s, const struct sd_domain *d, unsigned local,
		   struct lb_env *env)
{
	env->groups = &s->sg[d->first_group];
	env->nr_groups = d->nr_groups;
	env->local_group = local;
}

/*
 * mirrors task_is_ineligible_on_dst_cpu() (7.3) of task @p of CPU @src for @dst: PLACE_LAG on,
 * a fair task queued on @dst (its h_nr_queued, delayed ones too) and @p not eligible on @src
 */
static bool lb_task_ineligible(const struct capsim_sim *s, const struct sim_task *p, int src,
			       int dst)
{
	const struct sim_rq *d = &s->rq[dst];

	return CAPSIM_MUT(279, d->fc->cfs_nr + d->fc->cfs_delayed, 1u) &&
	       !eevdf_eligible(&s->rq[src].cfs, &p->se);
}

/*
 * The tail of @src's cfs_tasks (its running fair task and the queued ones, ordered by when
 * they last ran or were queued): the LB_MAX_TASKS least recent, which are all detach_tasks()
 * can reach, into @tasks and their @view (eligibility as a balance to @dst sees it), head
 * first, @order the identity. Return: how many.
 */
unsigned lb_cfs_tasks(struct capsim_sim *s, int src, int dst, struct sim_task **tasks,
		      struct lb_task *view, unsigned *order)
{
	struct sim_rq *rq = &s->rq[src];
	struct sim_task *t = rq->curr && task_is_fair(rq->curr) ? rq->curr : rq->fair_head;
	unsigned n = 0;

	/* kept by lb_seq, descending; a task less recent than the last enters */
	for (; t; t = t == rq->curr ? rq->fair_head : t->rq_next) {
		unsigned j;

		if (n == LB_MAX_TASKS && t->lb_seq > tasks[n - 1]->lb_seq)
			continue;
		j = n < LB_MAX_TASKS ? n++ : n - 1;
		for (; j && tasks[j - 1]->lb_seq < t->lb_seq; j--)
			tasks[j] = tasks[j - 1];
		tasks[j] = t;
	}
	for (unsigned i = 0; i < n; i++) {
		struct sim_task *p = tasks[i];
		struct fair_task ft;

		task_fill_view(s, p, &ft);
		view[i] = (struct lb_task){
			.allowed = p->allowed,
			.running = p == rq->curr,
			.idle_policy = p->policy == WL_POLICY_IDLE,
			.exec_start = p->exec_start,
			.h_load = p->avg.load_avg, /* task_h_load() without cgroups */
			.util_est = task_util_est(&ft),
			.fits_src = task_fits_cpu(&s->rd, &ft, src), /* sim_task_fits_cpu(), @ft once */
			.ineligible = lb_task_ineligible(s, p, src, dst),
		};
		if (model_fair_cfs(s->opt.model)) { /* 6.1's CFS buddies (cfs_rq->next, ->last) */
			view[i].next_buddy = rq->cfs61.next_buddy == &p->cse;
			view[i].last_buddy = CAPSIM_MUT(301, rq->cfs61.last_buddy == &p->cse, false);
		}
		order[i] = i;
	}
	return n;
}

/*
 * detach_one_task() of active_load_balance_cpu_stop(): the least recently run fair task of
 * @src that may run on @dst (LBF_ACTIVE_LB: hotness does not matter, and the stopper has
 * preempted the running one). Return: it, or NULL.
 */
static struct sim_task *lb_detach_one_task(struct capsim_sim *s, int src, int dst)
{
	struct sim_rq *rq = &s->rq[src];
	struct sim_task *t = rq->curr && task_is_fair(rq->curr) ? rq->curr : rq->fair_head;
	struct sim_task *found = NULL;

	for (; t; t = t == rq->curr ? rq->fair_head : t->rq_next)
		if (capsim_cpumask_test(&t->allowed, (unsigned)dst) &&
		    (!found || t->lb_seq < found->lb_seq))
			found = t;
	return found;
}

/*
 * the statistics of @w's pass of the level below @sdi of CPU @rq, for this level's local group
 * (lb_env's child), where they can be summed (sim_sd's child_sums). Return: them, or NULL.
 */
static const struct lb_sd_stats *sd_walk_child(const struct sim_rq *rq, unsigned sdi,
					       const struct sd_walk *w)
{
	if (!w->child || w->level + 1 != sdi || !rq->sd[sdi].child_sums)
		return NULL;
	return w->child;
}

/* update_sd_lb_stats()'s update_idle_cpu_scan() reads the pass's sum_util: 7.3, not from a
 * newly idle CPU */
static bool lb_reads_sum_util(const struct capsim_sim *s, enum lb_idle idle)
{
	return model_placement_7_3(s->opt.model) && idle != LB_CPU_NEWLY_IDLE;
}

/*
 * mirrors sched_balance_rq() of CPU @cpu over its domain @sdi: whether it balances here
 * (should_we_balance: *@continue_balancing cleared if not), the busiest group and runqueue,
 * detach_tasks() from it (again after an all-pinned runqueue, or onto another CPU of the local
 * group for tasks pinned away from @cpu), else an active balance of its running task; then
 * nr_balance_failed, the groups' sgc->imbalance and the balance interval as the kernel leaves
 * them. The domain's statistics are left in @walk for the next level when nothing moved after
 * they were read. Return: how many tasks moved.
 */
unsigned sched_balance_rq(struct capsim_sim *s, int cpu, unsigned sdi, enum lb_idle idle,
			  bool *continue_balancing, struct sd_walk *walk)
{
	struct sim_rq *this_rq = &s->rq[cpu];
	struct sim_sd *ssd = &this_rq->sd[sdi];
	const struct sched_domains *sds_plat = s->plat->sd;
	const struct sd_domain *d = &sds_plat->domains[ssd->dom];
	struct lb_env env = {
		.sd_flags = d->flags,
		.imbalance_pct = sd_imbalance_pct(d->flags),
		.cache_nice_tries = sd_cache_nice_tries(d->flags),
		.nr_balance_failed = ssd->nr_balance_failed,
		.has_parent = sdi + 1 < this_rq->nr_sd,
		.rd_has_pd = s->eas,
		.v7_3 = model_balance_7_3(s->opt.model),
		.v6_1 = model_balance_6_1(s->opt.model),
		.cluster_active = s->cluster_active,
		.nr_cpus = s->nr_cpus,
		.dst_cpu = cpu,
		.idle = idle,
		.cpus = d->span,
		.child = sd_walk_child(this_rq, sdi, walk),
		.sums_read = lb_reads_sum_util(s, idle),
	};
	/* sd_parent->groups->sgc: the parent's local group */
	bool *parent_imbalance = env.has_parent ? &s->sg[this_rq->sd[sdi + 1].local_sg].imbalance
						: NULL;
	unsigned ld_moved = 0, loop = 0, loop_max = 0;
	bool active = false;
	int busiest = -1, new_dst_cpu = -1;
	struct lb_sd_stats *sds = &walk->sds[sdi % 2];
	const capsim_cpumask *dst_grpmask; /* env->dst_grpmask: the local group's span, in place */

	assert(s->cluster_active == sd_cluster_active(sds_plat));
	walk->child = NULL; /* this pass's statistics replace them */
	if (sdi == 0 && idle != LB_CPU_NEWLY_IDLE)
		update_cpu_capacity(s, cpu); /* update_group_capacity() at the bottom level */
	lb_env_rqs(s, &env);
	lb_env_groups(s, d, ssd->local_sg - d->first_group, &env);
	dst_grpmask = &s->sg[ssd->local_sg].span;
redo:
	if (!lb_should_we_balance(&env)) {
		*continue_balancing = false;
		goto out_balanced;
	}
	env.rd_overutilized = is_rd_overutilized(s);
	{
		int g = lb_find_src_group(&env, sds);

		if (lb_reads_sum_util(s, idle))
			s->nr_idle_scan[ssd->dom] = update_idle_cpu_scan(
				ssd->span_weight, env.imbalance_pct, sds->sum_util);

		bool overutilized = s->overutilized;

		/* update_sd_lb_stats(): the root domain's flags */
		lb_root_domain_flags(&env, sds, &s->overloaded, &overutilized);
		if (s->eas)
			sim_set_overutilized(s, overutilized);
		busiest = g < 0 ? -1 : lb_find_src_rq(&env, (unsigned)g);
		if (busiest < 0) {
			/* nothing moves: the next level may sum these (not after a redo, which
			 * left out the all-pinned runqueues, nor what EAS kept unsummed) */
			if (!(env.flags & LBF_ALL_PINNED) && sds->summed) {
				walk->child = sds;
				walk->level = sdi;
			}
			goto out_balanced;
		}
	}
	env.flags |= LBF_ALL_PINNED;
	if (s->rq[busiest].fc->nr_running > 1) {
		struct sim_task *tasks[LB_MAX_TASKS];
		struct lb_task view[LB_MAX_TASKS];
		unsigned order[LB_MAX_TASKS], detached[LB_MAX_TASKS];

		loop_max = s->rq[busiest].fc->nr_running < LB_NR_MIGRATE ?
				   s->rq[busiest].fc->nr_running : LB_NR_MIGRATE;
more_balance:
		{
			struct sim_rq *src = &s->rq[busiest];
			unsigned n = lb_cfs_tasks(s, busiest, env.dst_cpu, tasks, view, order);
			unsigned moved, passed;
			struct lb_src ls = {
				.cpu = busiest,
				.nr_running = src->fc->nr_running,
				.clock_task = src->clk.clock_task,
				.dst_nr_running = s->rq[env.dst_cpu].fc->nr_running != 0,
				.dst_grpmask = *dst_grpmask,
				.migration_cost = (int64_t)SYSCTL_SCHED_MIGRATION_COST_NS,
			};

			update_rq_clock(s, src);
			ls.clock_task = src->clk.clock_task;
			moved = lb_detach_tasks(&env, &ls, view, order, n, loop_max, &loop, detached,
						&passed, &new_dst_cpu);
			/* the tasks passed over went to the head of cfs_tasks, the last one first */
			for (unsigned k = passed < n - moved ? passed : n - moved; k--;)
				sim_cfs_tasks_add(s, tasks[order[k]]);
			for (unsigned k = 0; k < moved; k++) {
				struct sim_task *p = tasks[detached[k]];

				lb_move_task(s, p, env.dst_cpu,
					     env.migration_type == LB_MIGRATE_MISFIT,
					     idle == LB_CPU_NEWLY_IDLE && env.dst_cpu == cpu);
			}
			ld_moved += moved;
		}
		if ((env.flags & LBF_DST_PINNED) && env.imbalance > 0) {
			/* move the tasks pinned away from us to another CPU of our group */
			env.cpus.bits[env.dst_cpu / 64] &= ~(1ULL << (env.dst_cpu % 64));
			env.dst_cpu = new_dst_cpu;
			env.flags &= ~(unsigned)LBF_DST_PINNED;
			loop = 0;
			goto more_balance;
		}
		if (parent_imbalance && (env.flags & LBF_SOME_PINNED) && env.imbalance > 0)
			*parent_imbalance = true; /* affinity kept us from balancing */
		if (env.flags & LBF_ALL_PINNED) {
			bool outside = false;

			/* all pinned: try the other runqueues outside our group, if any */
			env.cpus.bits[busiest / 64] &= ~(1ULL << (busiest % 64));
			for (unsigned w = 0; w < CAPSIM_MAX_CPUS / 64; w++)
				outside |= (env.cpus.bits[w] & ~dst_grpmask->bits[w]) != 0;
			if (outside) {
				loop = 0;
				env.child = NULL; /* the local group is read again, from dst_cpu */
				goto redo;
			}
			goto out_all_pinned;
		}
	}
	if (!ld_moved) {
		struct sim_task *curr = s->rq[busiest].curr;

		/* newidle failures do not count, nor misfit ones but in 6.1 */
		if (idle != LB_CPU_NEWLY_IDLE &&
		    (env.migration_type != LB_MIGRATE_MISFIT || CAPSIM_MUT(302, env.v6_1, false)))
			env.nr_balance_failed = ++ssd->nr_balance_failed;
		if (lb_need_active_balance(&env, busiest)) {
			struct sim_task *p;

			if (!curr || !capsim_cpumask_test(&curr->allowed, (unsigned)cpu))
				goto out_one_pinned;
			/* active_load_balance_cpu_stop(), at once rather than from the stopper */
			p = lb_detach_one_task(s, busiest, cpu); /* migration/N counts as a task */
			if (p) {
				lb_move_task(s, p, cpu, env.migration_type == LB_MIGRATE_MISFIT,
					     idle == LB_CPU_NEWLY_IDLE);
				active = true;
			}
		}
	} else {
		ssd->nr_balance_failed = 0;
	}
	/* unbalanced: back to the shortest interval */
	ssd->balance_interval = ssd->min_interval;
	return ld_moved + active;

out_balanced:
	/* balanced although affinity may have got in the way: the parent's group is fine now */
	if (parent_imbalance && !(env.flags & LBF_ALL_PINNED))
		*parent_imbalance = false;
out_all_pinned:
	ssd->nr_balance_failed = 0;
out_one_pinned:
	/* newidle balances leave the interval alone, and misfit ones but in 6.1 */
	if (idle == LB_CPU_NEWLY_IDLE ||
	    (env.migration_type == LB_MIGRATE_MISFIT && !CAPSIM_MUT(303, env.v6_1, false)))
		return 0;
	if (((env.flags & LBF_ALL_PINNED) && ssd->balance_interval < LB_MAX_PINNED_INTERVAL) ||
	    ssd->balance_interval < 2ULL * ssd->min_interval)
		ssd->balance_interval *= 2;
	return 0;
}

/* in nohz.idle_cpus_mask and idle_cpu(): the simulated tick stops as a CPU idles */
static bool nohz_idle(const struct capsim_sim *s, unsigned cpu)
{
	return s->rq[cpu].nohz_tick_stopped && !s->rq[cpu].fc->nr_running;
}

/* mirrors update_nohz_stats(): decay an idle CPU's blocked load, once a jiffy, while it has some */
static bool update_nohz_stats(struct capsim_sim *s, struct sim_rq *rq)
{
	if (!rq->has_blocked_load)
		return false;
	if (sim_jiffies(s) <= rq->last_blocked_load_update_tick)
		return true;
	rq_update_blocked(s, rq);
	return rq->has_blocked_load;
}

/*
 * mirrors _nohz_idle_balance(), run at once by the kicking CPU (the kernel's ILB runs it from
 * its softirq): the idle CPUs' blocked load (STATS), their balance when due (BALANCE), and
 * nohz.next_balance = the earliest next balance among them.
 */
void nohz_idle_balance(struct capsim_sim *s, const struct sim_rq *this_rq, unsigned flags)
{
	uint64_t j = sim_jiffies(s), next_balance = j + 60ULL * s->opt.hz;
	bool has_blocked_load = false, update_next_balance = false;

	if (flags & NOHZ_STATS_KICK)
		s->nohz_has_blocked = false;
	if (flags & NOHZ_NEXT_KICK)
		s->nohz_needs_update = false;
	/* for_each_cpu_wrap(balance_cpu, nohz.idle_cpus_mask, this_cpu + 1) */
	for (unsigned i = 1; i <= s->nr_cpus; i++) {
		unsigned c = capsim_cpu_wrap((unsigned)this_rq->cpu, i, s->nr_cpus);
		struct sim_rq *rq = &s->rq[c];

		if (!nohz_idle(s, c))
			continue;
		if (flags & NOHZ_STATS_KICK)
			has_blocked_load |= update_nohz_stats(s, rq);
		if (j >= rq->next_balance && (flags & NOHZ_BALANCE_KICK))
			sched_balance_domains(s, rq, LB_CPU_IDLE);
		if (next_balance > rq->next_balance) {
			next_balance = rq->next_balance;
			update_next_balance = true;
		}
	}
	if (update_next_balance)
		s->nohz_next_balance = next_balance;
	if (flags & NOHZ_STATS_KICK)
		s->nohz_next_blocked = j + (NOHZ_BLOCKED_MS * s->opt.hz + 999) / 1000;
	if (has_blocked_load)
		s->nohz_has_blocked = true;
}

/* mirrors find_new_ilb(): the first CPU in nohz mode, other than @rq's (but under 7.3, which
 * has no such test: model_balance_7_3()), that is idle; no SMT */
int find_new_ilb(const struct capsim_sim *s, const struct sim_rq *rq)
{
	bool self = !CAPSIM_MUT(287, model_balance_7_3(s->opt.model), false);
	capsim_cpumask mask = { { 0 } };
	bool idle[CAPSIM_MAX_CPUS];

	for (unsigned c = 0; c < s->nr_cpus; c++) {
		if (s->rq[c].nohz_tick_stopped)
			capsim_cpumask_set(&mask, c);
		idle[c] = lb_idle_cpu(s, (int)c);
	}
	return lb_find_new_ilb(&mask, idle, s->nr_cpus, self ? rq->cpu : -1);
}

/* An affinity change left the running task @p on a CPU it may not use: push it away (the
 * migration stopper of __set_cpus_allowed_ptr()). */
void sim_move_running(struct capsim_sim *s, struct sim_task *p)
{
	lb_move_task(s, p, move_running_dst_cpu(s, p), false, false);
}
