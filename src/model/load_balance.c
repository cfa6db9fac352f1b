// SPDX-License-Identifier: MIT
/*
 * load_balance.c - the decisions of the v6.12 fair-class load balance over one sched_domain
 * (kernel/sched/fair.c), state in and answer out: which CPU of a group balances
 * (should_we_balance), the group statistics and their type (update_sg_lb_stats,
 * group_classify), the busiest group (update_sd_pick_busiest, sched_balance_find_src_group)
 * and how much to move (calculate_imbalance), the busiest runqueue
 * (sched_balance_find_src_rq), which tasks move (can_migrate_task, task_hot, detach_tasks),
 * whether the running task is pushed (need_active_balance), the balance interval
 * (get_sd_balance_interval) and the idle load balancer (find_new_ilb).
 *
 * The configuration is arm64's: no SD_ASYM_PACKING (sched_asym() is false), no NUMA (fbq_type
 * all), no cgroups (task_h_load() is the task's load_avg), sched_feat(LB_MIN) off,
 * CACHE_HOT_BUDDY on, CONFIG_PREEMPTION (a newidle balance detaches one task). SMT cores are
 * counted as CPUs (sg->cores is the group weight; is_core_idle() is idle_cpu()): the shipped
 * platforms have none.
 */
#include <assert.h>

#include "internal.h"
#include "model/load_balance.h"
#include "model/sched_domains.h"

#define LB_SCALE 1024 /* SCHED_CAPACITY_SCALE */

bool lb_capacity_greater(uint64_t a, uint64_t b)
{
	return a * 1024 > b * 1078;
}

bool lb_check_cpu_capacity(const struct fair_cpu *c, unsigned imbalance_pct)
{
	return c->capacity_of * imbalance_pct < c->arch_cap * 100;
}

/* cpu_rq(@cpu) of @env: its runqueue's own state */
static const struct fair_cpu *lb_rq(const struct lb_env *env, unsigned cpu)
{
	return &env->rd->cpus[cpu];
}

unsigned lb_cfs_h_nr(const struct lb_env *env, unsigned cpu)
{
	const struct fair_cpu *rq = lb_rq(env, cpu);

	return rq->cfs_nr + (CAPSIM_MUT(281, env->v7_3, false) ? 0u : rq->cfs_delayed);
}

static unsigned first_cpu(const capsim_cpumask *m, unsigned nr)
{
	return capsim_cpumask_next(m, 0, nr);
}

bool lb_should_we_balance(const struct lb_env *env)
{
	/* group_balance_mask(sd->groups) */
	const capsim_cpumask *span = &env->groups[env->local_group].span;
	capsim_cpumask m; /* for_each_cpu_and(cpu, swb_cpus, env->cpus) */

	if (!capsim_cpumask_test(&env->cpus, (unsigned)env->dst_cpu))
		return false;
	/* every newly idle CPU may balance, unless work arrived meanwhile */
	if (env->idle == LB_CPU_NEWLY_IDLE)
		return !lb_rq(env, (unsigned)env->dst_cpu)->nr_running &&
		       !lb_rq(env, (unsigned)env->dst_cpu)->ttwu_pending;
	/* the first idle CPU of the local group balances for it */
	for (unsigned w = 0; w < CAPSIM_MAX_CPUS / 64; w++)
		m.bits[w] = span->bits[w] & env->cpus.bits[w];
	for (unsigned c = first_cpu(&m, env->nr_cpus); c < env->nr_cpus;
	     c = capsim_cpumask_next(&m, c + 1, env->nr_cpus))
		if (env->idle_cpu(env, (int)c))
			return (int)c == env->dst_cpu;
	/* none idle: the group's first CPU (group_balance_cpu()) */
	return (int)first_cpu(span, env->nr_cpus) == env->dst_cpu;
}

/* group_has_capacity(): fewer tasks than CPUs, or utilization noticeably below capacity */
static bool group_has_capacity(unsigned imbalance_pct, const struct lb_sg_stats *sgs)
{
	if (sgs->sum_nr_running < sgs->group_weight)
		return true;
	if (sgs->group_capacity * imbalance_pct < sgs->group_runnable * 100)
		return false;
	return sgs->group_capacity * 100 > sgs->group_util * imbalance_pct;
}

/* group_is_overloaded(): more tasks than CPUs and utilization or runnable above capacity;
 * 7.3: with EAS, only a group with an overutilized CPU */
static bool group_is_overloaded(unsigned imbalance_pct, const struct lb_sg_stats *sgs)
{
	if (CAPSIM_MUT(206, sgs->eas_not_overutilized, false))
		return false;
	if (sgs->sum_nr_running <= sgs->group_weight)
		return false;
	if (sgs->group_capacity * 100 < sgs->group_util * imbalance_pct)
		return true;
	return sgs->group_capacity * imbalance_pct < sgs->group_runnable * 100;
}

/* mirrors group_classify(), fair.c; inline where update_sg_lb_stats() classifies its group */
static inline enum lb_group_type group_classify(unsigned imbalance_pct, bool sg_imbalanced,
						const struct lb_sg_stats *sgs)
{
	if (group_is_overloaded(imbalance_pct, sgs))
		return group_overloaded;
	if (sg_imbalanced)
		return group_imbalanced;
	if (sgs->group_asym_packing)
		return group_asym_packing;
	if (sgs->group_smt_balance)
		return group_smt_balance;
	if (sgs->group_misfit_task_load)
		return group_misfit_task;
	if (!group_has_capacity(imbalance_pct, sgs))
		return group_fully_busy;
	return group_has_spare;
}

enum lb_group_type lb_group_classify(unsigned imbalance_pct, bool sg_imbalanced,
				     const struct lb_sg_stats *sgs)
{
	return group_classify(imbalance_pct, sg_imbalanced, sgs);
}

/*
 * whether update_sg_lb_stats() counts a misfit load of group @grp: 6.12 always; 7.3 only where
 * @env's dst_cpu can help, being bigger than the group's largest CPU
 */
static bool lb_misfit_counted(const struct lb_env *env, const struct lb_group *grp)
{
	return !CAPSIM_MUT(274, env->v7_3, false) ||
	       lb_capacity_greater(lb_rq(env, (unsigned)env->dst_cpu)->capacity_of,
				   grp->max_capacity);
}

/*
 * the tail of update_sg_lb_stats() for group @grp (@local: the local one) whose CPU sums are in
 * @sgs, @group_overutilized if one of them is: its capacity and weight, smt_balance(), the
 * group type and avg_load. always_inline: in update_sg_lb_stats()'s frame, as before it had
 * two callers
 */
static CAPSIM_ALWAYS_INLINE void sg_lb_stats_classify(const struct lb_env *env,
						      const struct lb_group *grp, bool local,
						      bool group_overutilized,
						      struct lb_sg_stats *sgs)
{
	sgs->group_capacity = grp->capacity;
	sgs->group_weight = grp->weight;
	/* smt_balance(): an SMT group with two tasks sharing a core (not in 6.1) */
	if (!CAPSIM_MUT(293, env->v6_1, false) && !local && env->idle &&
	    (grp->flags & SD_SHARE_CPUCAPACITY) && sgs->sum_h_nr_running > 1)
		sgs->group_smt_balance = 1;
	/* 7.3's group_is_overloaded(): with EAS, not without an overutilized CPU */
	sgs->eas_not_overutilized = env->v7_3 && env->rd_has_pd &&
				    !CAPSIM_MUT(275, group_overutilized, true);
	sgs->group_type = group_classify(env->imbalance_pct, grp->imbalance, sgs);
	/* avg_load is needed, and computed, only for an overloaded group */
	if (sgs->group_type == group_overloaded)
		sgs->avg_load = sgs->group_load * LB_SCALE / sgs->group_capacity;
}

#ifndef NDEBUG
/* @a and @b hold the same statistics */
static bool sg_lb_stats_equal(const struct lb_sg_stats *a, const struct lb_sg_stats *b)
{
	return a->avg_load == b->avg_load && a->group_load == b->group_load &&
	       a->group_capacity == b->group_capacity && a->group_util == b->group_util &&
	       a->group_runnable == b->group_runnable && a->sum_nr_running == b->sum_nr_running &&
	       a->sum_h_nr_running == b->sum_h_nr_running && a->idle_cpus == b->idle_cpus &&
	       a->group_weight == b->group_weight && a->group_type == b->group_type &&
	       a->group_asym_packing == b->group_asym_packing &&
	       a->group_smt_balance == b->group_smt_balance &&
	       a->group_misfit_task_load == b->group_misfit_task_load &&
	       a->eas_not_overutilized == b->eas_not_overutilized;
}
#endif

void lb_update_sg_lb_stats(const struct lb_env *env, unsigned g, bool local,
			   struct lb_sg_stats *sgs, bool *sg_overloaded, bool *sg_overutilized)
{
	const struct lb_group *grp = &env->groups[g];
	bool group_overutilized = false; /* 7.3's sgs->group_overutilized */

	capsim_cpumask m; /* for_each_cpu_and(i, sched_group_span(group), env->cpus) */

	for (unsigned w = 0; w < CAPSIM_MAX_CPUS / 64; w++)
		m.bits[w] = grp->span.bits[w] & env->cpus.bits[w];
	*sgs = (struct lb_sg_stats){ 0 };
	for_each_cpu(i, &m, env->nr_cpus) {
		const struct fair_cpu *rq = lb_rq(env, i);

		sgs->group_load += rq->cfs_avg.load_avg; /* cpu_load() */
		sgs->group_util += cpu_util_cfs(env->rd, (int)i);
		sgs->group_runnable += rq->cfs_avg.runnable_avg; /* cpu_runnable() */
		sgs->sum_h_nr_running += CAPSIM_MUT(280, lb_cfs_h_nr(env, i), rq->cfs_nr);
		sgs->sum_nr_running += rq->nr_running;
		if (rq->nr_running > 1)
			*sg_overloaded = true;
		/* cpu_overutilized() is false without EAS */
		if (env->rd_has_pd && cpu_overutilized(env->rd, (int)i))
			*sg_overutilized = group_overutilized = true;
		if (!rq->nr_running && env->idle_cpu(env, (int)i)) {
			sgs->idle_cpus++;
			continue; /* an idle CPU has no misfit task */
		}
		if (local)
			continue;
		if (env->sd_flags & SD_ASYM_CPUCAPACITY) {
			/* the root domain overloaded, so that big CPUs pull misfits when newly idle
			 * (7.3 sets it at the root only: the only level that reads it here) */
			if (rq->misfit_task_load)
				*sg_overloaded = true;
			if (sgs->group_misfit_task_load < rq->misfit_task_load &&
			    lb_misfit_counted(env, grp))
				sgs->group_misfit_task_load = rq->misfit_task_load;
		} else if (env->idle && CAPSIM_MUT(282, lb_cfs_h_nr(env, i), rq->cfs_nr) == 1 &&
			   lb_check_cpu_capacity(rq, env->imbalance_pct)) {
			/* sched_reduced_capacity(): one task on a CPU that lost capacity */
			if (sgs->group_misfit_task_load < rq->cfs_avg.load_avg)
				sgs->group_misfit_task_load = rq->cfs_avg.load_avg;
		}
	}
	sg_lb_stats_classify(env, grp, local, group_overutilized, sgs);
}

/*
 * The local group's update_sg_lb_stats() from @env's child pass (its span is the group's,
 * env->cpus holds all of it, and its CPUs are as the child read them): a local group reads
 * no misfit load, so its statistics are the child's sums, its CPUs' nr_running > 1 the
 * child's sg_overloaded (a child without SD_ASYM_CPUCAPACITY sets it from nothing else), its
 * overutilized CPUs the child's sg_overutilized. Debug builds check it against the group's
 * CPUs read again.
 */
static void lb_local_from_child(const struct lb_env *env, unsigned g, struct lb_sg_stats *sgs,
				bool *sg_overloaded, bool *sg_overutilized)
{
	const struct lb_sd_stats *c = env->child;

	*sgs = (struct lb_sg_stats){
		.group_load = c->total_load,
		.group_util = c->sum_util,
		.group_runnable = c->sum_runnable,
		.sum_h_nr_running = c->sum_h_nr_running,
		.sum_nr_running = c->sum_nr_running,
		.idle_cpus = c->sum_idle_cpus,
	};
	*sg_overloaded |= c->sg_overloaded;
	*sg_overutilized |= c->sg_overutilized;
	sg_lb_stats_classify(env, &env->groups[g], true, c->sg_overutilized, sgs);
#ifndef NDEBUG
	{
		struct lb_sg_stats fresh;
		bool overloaded = false, overutilized = false;

		lb_update_sg_lb_stats(env, g, true, &fresh, &overloaded, &overutilized);
		assert(sg_lb_stats_equal(&fresh, sgs) && overloaded == c->sg_overloaded &&
		       overutilized == c->sg_overutilized);
	}
#endif
}

/* smt_vs_nonsmt_groups(): one group is made of SMT siblings, the other is not */
static bool smt_vs_nonsmt_groups(const struct lb_env *env, int a, int b)
{
	if (a < 0 || b < 0)
		return false;
	return (env->groups[a].flags & SD_SHARE_CPUCAPACITY) !=
	       (env->groups[b].flags & SD_SHARE_CPUCAPACITY);
}

bool lb_update_sd_pick_busiest(const struct lb_env *env, const struct lb_sd_stats *sds,
			       unsigned g, const struct lb_sg_stats *sgs)
{
	const struct lb_sg_stats *busiest = &sds->busiest_stat;
	const struct lb_group *sg = &env->groups[g];
	uint64_t dst_cap = lb_rq(env, (unsigned)env->dst_cpu)->capacity_of;
	bool asym = env->sd_flags & SD_ASYM_CPUCAPACITY;

	if (!sgs->sum_h_nr_running)
		return false; /* nothing to pull */
	/* a misfit task we cannot help: the group's biggest CPU is not smaller than ours */
	if (asym && sgs->group_type == group_misfit_task &&
	    (!lb_capacity_greater(dst_cap, sg->max_capacity) ||
	     sds->local_stat.group_type != group_has_spare))
		return false;
	/* at most one task per CPU on bigger CPUs: moving them down would cost throughput */
	if (asym && sgs->group_type <= group_fully_busy &&
	    lb_capacity_greater(sg->min_capacity, dst_cap))
		return false;
	if (sgs->group_type != busiest->group_type)
		return sgs->group_type > busiest->group_type;

	switch (sgs->group_type) {
	case group_overloaded:
		return sgs->avg_load > busiest->avg_load;
	case group_imbalanced:
		return false; /* the first one */
	case group_asym_packing:
		return false; /* sched_asym_prefer(): no CPU priorities on arm64 */
	case group_misfit_task:
		/* the biggest misfit; 6.1 takes the later of equal ones */
		if (CAPSIM_MUT(300, env->v6_1, false))
			return sgs->group_misfit_task_load >= busiest->group_misfit_task_load;
		return sgs->group_misfit_task_load > busiest->group_misfit_task_load;
	case group_smt_balance:
		if (sgs->idle_cpus != 0 || busiest->idle_cpus != 0)
			goto has_spare;
		/* fallthrough */
	case group_fully_busy:
		/* 6.1 keeps the first of equally loaded groups (avg_load is 0 unless overloaded) */
		if (sgs->avg_load < busiest->avg_load ||
		    (CAPSIM_MUT(294, env->v6_1, false) && sgs->avg_load == busiest->avg_load))
			return false;
		if (sgs->avg_load == busiest->avg_load &&
		    (env->groups[sds->busiest].flags & SD_SHARE_CPUCAPACITY))
			return false; /* SMT groups need more help */
		break;
	case group_has_spare:
		if (!CAPSIM_MUT(295, env->v6_1, false) && smt_vs_nonsmt_groups(env, sds->busiest, (int)g))
			return !((sg->flags & SD_SHARE_CPUCAPACITY) && sgs->sum_h_nr_running <= 1);
has_spare:
		/* the fewest idle CPUs, then the most tasks */
		if (sgs->idle_cpus > busiest->idle_cpus)
			return false;
		if (sgs->idle_cpus == busiest->idle_cpus &&
		    sgs->sum_nr_running <= busiest->sum_nr_running)
			return false;
		break;
	}
	return true;
}

void lb_update_sd_lb_stats(const struct lb_env *env, struct lb_sd_stats *sds)
{
	/*
	 * init_sd_lb_stats() field by field, without zeroing local_stat, which the local group's
	 * statistics overwrite whole: until then only its group_type is read (by
	 * update_sd_pick_busiest()), and with no local group it is zeroed after the walk
	 */
	sds->busiest = sds->local = -1;
	sds->summed = true;
	sds->total_load = sds->total_capacity = sds->avg_load = sds->sum_util = 0;
	sds->sum_runnable = 0;
	sds->sum_h_nr_running = sds->sum_nr_running = sds->sum_idle_cpus = 0;
	sds->prefer_sibling = sds->sg_overloaded = sds->sg_overutilized = false;
	sds->busiest_stat = (struct lb_sg_stats){ .idle_cpus = UINT32_MAX,
						  .group_type = group_has_spare };
	sds->local_stat.group_type = group_has_spare;
	for (unsigned k = 0; k < env->nr_groups; k++) {
		unsigned g = (env->local_group + k) % env->nr_groups; /* sd->groups' ring */
		struct lb_sg_stats tmp, *sgs = &tmp;
		bool local = capsim_cpumask_test(&env->groups[g].span, (unsigned)env->dst_cpu);

		if (local) {
			sds->local = (int)g;
			sgs = &sds->local_stat;
		}
		if (local && env->child)
			lb_local_from_child(env, g, sgs, &sds->sg_overloaded,
					    &sds->sg_overutilized);
		else
			lb_update_sg_lb_stats(env, g, local, sgs, &sds->sg_overloaded,
					      &sds->sg_overutilized);
		if (!local && lb_update_sd_pick_busiest(env, sds, g, sgs)) {
			sds->busiest = (int)g;
			sds->busiest_stat = *sgs;
		}
		sds->total_load += sgs->group_load;
		sds->total_capacity += sgs->group_capacity;
		sds->sum_util += sgs->group_util;
		if (!env->has_parent)
			continue; /* no parent's pass takes the other sums */
		sds->sum_runnable += sgs->group_runnable;
		sds->sum_h_nr_running += sgs->sum_h_nr_running;
		sds->sum_nr_running += sgs->sum_nr_running;
		sds->sum_idle_cpus += sgs->idle_cpus;
	}
	if (sds->local < 0)
		sds->local_stat = (struct lb_sg_stats){ 0 };
	/*
	 * a group's flags are its child domain's: the busiest group's child prefers siblings;
	 * 6.1 asks the balancing domain's child, the local group's
	 */
	if (CAPSIM_MUT(296, env->v6_1, false))
		sds->prefer_sibling = sds->local >= 0 &&
				      (env->groups[sds->local].flags & SD_PREFER_SIBLING);
	else if (sds->busiest >= 0)
		sds->prefer_sibling = env->groups[sds->busiest].flags & SD_PREFER_SIBLING;
}

/* lsub_positive() on a long */
static int64_t lsub_positive_long(int64_t a, int64_t b)
{
	return a > b ? a - b : 0;
}

/*
 * sibling_imbalance(): the tasks to move so that both groups run as many per core; 6.1 takes
 * the difference of their tasks, idle or not, whatever their sizes
 */
static int64_t sibling_imbalance(const struct lb_env *env, const struct lb_sd_stats *sds)
{
	const struct lb_sg_stats *busiest = &sds->busiest_stat, *local = &sds->local_stat;
	int64_t nb = busiest->group_weight, nl = local->group_weight; /* sg->cores, no SMT */
	int64_t imbalance;

	if (CAPSIM_MUT(297, env->v6_1, false))
		return lsub_positive_long(busiest->sum_nr_running, local->sum_nr_running);
	if (!env->idle || !busiest->sum_nr_running)
		return 0;
	if (nb == nl)
		return lsub_positive_long(busiest->sum_nr_running, local->sum_nr_running);
	imbalance = lsub_positive_long(nl * busiest->sum_nr_running, nb * local->sum_nr_running);
	/* normalise, rounding */
	imbalance = (2 * imbalance + nl + nb) / (nl + nb);
	/* an empty group takes work even when the ratio says one task */
	if (imbalance <= 1 && local->sum_nr_running == 0 && busiest->sum_nr_running > 1)
		imbalance = 2;
	return imbalance;
}

void lb_calculate_imbalance(struct lb_env *env, struct lb_sd_stats *sds)
{
	struct lb_sg_stats *local = &sds->local_stat, *busiest = &sds->busiest_stat;

	if (busiest->group_type == group_misfit_task) {
		if (env->sd_flags & SD_ASYM_CPUCAPACITY) {
			env->migration_type = LB_MIGRATE_MISFIT;
			env->imbalance = 1;
		} else {
			/* a task on a CPU with reduced capacity */
			env->migration_type = LB_MIGRATE_LOAD;
			env->imbalance = (int64_t)busiest->group_misfit_task_load;
		}
		return;
	}
	if (busiest->group_type == group_asym_packing) {
		env->migration_type = LB_MIGRATE_TASK;
		env->imbalance = busiest->sum_h_nr_running;
		return;
	}
	if (busiest->group_type == group_smt_balance || busiest->group_type == group_imbalanced) {
		env->migration_type = LB_MIGRATE_TASK;
		env->imbalance = 1;
		return;
	}
	if (local->group_type == group_has_spare) {
		if (busiest->group_type > group_fully_busy && !(env->sd_flags & SD_SHARE_LLC)) {
			/* fill the local group's spare capacity */
			uint64_t cap = local->group_capacity > local->group_util ?
					       local->group_capacity : local->group_util;

			env->migration_type = LB_MIGRATE_UTIL;
			env->imbalance = (int64_t)(cap - local->group_util);
			/* the local group looks full but its CPU is idle: pull one task */
			if (env->idle && env->imbalance == 0) {
				env->migration_type = LB_MIGRATE_TASK;
				env->imbalance = 1;
			}
			return;
		}
		env->migration_type = LB_MIGRATE_TASK;
		if (busiest->group_weight == 1 || sds->prefer_sibling)
			env->imbalance = sibling_imbalance(env, sds);
		else
			/* even out the idle CPUs; the kernel subtracts them as unsigned int */
			env->imbalance = (int64_t)(uint32_t)(local->idle_cpus - busiest->idle_cpus);
		env->imbalance >>= 1;
		return;
	}
	if (local->group_type < group_overloaded) {
		/* local will become overloaded: it needs its avg_load now */
		local->avg_load = local->group_load * LB_SCALE / local->group_capacity;
		if (local->avg_load >= busiest->avg_load) {
			env->imbalance = 0;
			return;
		}
		sds->avg_load = sds->total_load * LB_SCALE / sds->total_capacity;
		if (local->avg_load >= sds->avg_load) {
			env->imbalance = 0;
			return;
		}
	}
	/* bring both groups to the average, neither below it nor above */
	{
		uint64_t a = (busiest->avg_load - sds->avg_load) * busiest->group_capacity;
		uint64_t b = (sds->avg_load - local->avg_load) * local->group_capacity;

		env->migration_type = LB_MIGRATE_LOAD;
		env->imbalance = (int64_t)((a < b ? a : b) / LB_SCALE);
	}
}

int update_idle_cpu_scan(unsigned span_weight, unsigned imbalance_pct, uint64_t sum_util)
{
	/* x = sum_util / llc_weight; y = SCHED_CAPACITY_SCALE - x^2 * pct^2 / (10000 * SCALE) */
	uint64_t x = sum_util / span_weight, tmp, y;

	tmp = x * x * imbalance_pct * imbalance_pct / (10000 * SCHED_CAPACITY_SCALE);
	if ((int64_t)tmp > (int64_t)SCHED_CAPACITY_SCALE) /* min_t(long, ...) */
		tmp = SCHED_CAPACITY_SCALE;
	y = SCHED_CAPACITY_SCALE - tmp;
	return (int)(y * span_weight / CAPSIM_MUT(208, SCHED_CAPACITY_SCALE, SCHED_CAPACITY_SCALE / 2));
}

void lb_root_domain_flags(const struct lb_env *env, const struct lb_sd_stats *sds,
			  bool *overloaded, bool *overutilized)
{
	if (!env->has_parent)
		*overloaded = sds->sg_overloaded;
	if (!env->has_parent || sds->sg_overutilized)
		*overutilized = sds->sg_overutilized;
}

/*
 * A CPU of @env that may give its group a misfit load (update_sg_lb_stats()'s two tests, less
 * their idle and local-group conditions: a superset)
 */
static bool lb_cpu_may_misfit(const struct lb_env *env, unsigned cpu)
{
	const struct fair_cpu *rq = lb_rq(env, cpu);

	if (env->sd_flags & SD_ASYM_CPUCAPACITY)
		return CAPSIM_MUT(332, rq->misfit_task_load != 0, false);
	return env->idle && lb_check_cpu_capacity(rq, env->imbalance_pct) &&
	       CAPSIM_MUT(333, lb_cfs_h_nr(env, cpu) == 1, false);
}

/*
 * Whether sched_balance_find_src_group() ends at out_balanced with EAS in charge whatever its
 * groups' sums: rd->pd set, the root domain not overutilized and no CPU of the domain
 * overutilized (so it is not after update_sd_lb_stats() either), and none that may give a
 * group a misfit load (the busiest group, if any, is then not group_misfit_task, the one type
 * balanced before the EAS test). If so @sds gets only what update_sd_lb_stats() hands the root
 * domain: the same answer without the sums nobody reads. Debug builds check it against them.
 * (An overutilized root domain that the pass would clear is left to the full pass: it mostly
 * finds an overutilized CPU, after a scan for nothing.)
 */
static bool lb_eas_balanced(const struct lb_env *env, struct lb_sd_stats *sds)
{
	bool overloaded = false;

	if (!env->rd_has_pd || env->sums_read || env->rd_overutilized)
		return false;
	/* update_sg_lb_stats()'s CPUs: its groups split the domain's span, so env->cpus whole */
	for_each_cpu(i, &env->cpus, env->nr_cpus) {
		if (CAPSIM_MUT(334, cpu_overutilized(env->rd, i), false) ||
		    lb_cpu_may_misfit(env, (unsigned)i))
			return false;
		overloaded |= lb_rq(env, (unsigned)i)->nr_running > 1;
	}
	sds->busiest = -1;
	sds->sg_overloaded = overloaded; /* no misfit load sets it either */
	sds->sg_overutilized = false;
	sds->summed = false;
	return true;
}

#ifndef NDEBUG
/* lb_eas_balanced()'s answer in @sds against update_sd_lb_stats()'s statistics */
static void lb_eas_balanced_check(const struct lb_env *env, const struct lb_sd_stats *sds)
{
	struct lb_sd_stats full;
	bool overloaded = false, overutilized = env->rd_overutilized;
	capsim_cpumask groups = { 0 };

	for (unsigned g = 0; g < env->nr_groups; g++)
		for (unsigned w = 0; w < CAPSIM_MAX_CPUS / 64; w++)
			groups.bits[w] |= env->groups[g].span.bits[w];
	for (unsigned w = 0; w < CAPSIM_MAX_CPUS / 64; w++)
		assert(!(env->cpus.bits[w] & ~groups.bits[w]));
	lb_update_sd_lb_stats(env, &full);
	lb_root_domain_flags(env, &full, &overloaded, &overutilized);
	assert(full.sg_overloaded == sds->sg_overloaded && !full.sg_overutilized && !overutilized);
	assert(full.busiest < 0 || full.busiest_stat.group_type != group_misfit_task);
}
#endif

int lb_find_src_group(struct lb_env *env, struct lb_sd_stats *sds)
{
	const struct lb_sg_stats *busiest = &sds->busiest_stat, *local = &sds->local_stat;
	bool rd_overloaded = false, rd_overutilized = env->rd_overutilized;

	if (lb_eas_balanced(env, sds)) {
#ifndef NDEBUG
		lb_eas_balanced_check(env, sds);
#endif
		goto out_balanced;
	}
	lb_update_sd_lb_stats(env, sds);
	/* set_rd_overutilized() as update_sd_lb_stats() leaves it for the test below */
	lb_root_domain_flags(env, sds, &rd_overloaded, &rd_overutilized);
	if (sds->busiest < 0)
		goto out_balanced;
	if (busiest->group_type == group_misfit_task)
		goto force_balance; /* whatever the load */
	if (env->rd_has_pd && !rd_overutilized)
		goto out_balanced; /* EAS is in charge */
	if (busiest->group_type == group_asym_packing || busiest->group_type == group_imbalanced)
		goto force_balance;
	if (local->group_type > busiest->group_type)
		goto out_balanced;
	if (local->group_type == group_overloaded) {
		if (local->avg_load >= busiest->avg_load)
			goto out_balanced;
		sds->avg_load = sds->total_load * LB_SCALE / sds->total_capacity;
		if (local->avg_load >= sds->avg_load)
			goto out_balanced;
		if (100 * busiest->avg_load <= env->imbalance_pct * local->avg_load)
			goto out_balanced; /* not by imbalance_pct */
	}
	if (sds->prefer_sibling && local->group_type == group_has_spare &&
	    sibling_imbalance(env, sds) > 1)
		goto force_balance;
	if (busiest->group_type != group_overloaded) {
		if (!env->idle)
			goto out_balanced; /* let an idle CPU pull */
		if (busiest->group_type == group_smt_balance &&
		    smt_vs_nonsmt_groups(env, sds->local, sds->busiest))
			goto force_balance;
		if (busiest->group_weight > 1 && local->idle_cpus <= busiest->idle_cpus + 1)
			goto out_balanced; /* no imbalance of idle CPUs worth moving */
		if (busiest->sum_h_nr_running == 1)
			goto out_balanced; /* nothing waiting */
	}
force_balance:
	lb_calculate_imbalance(env, sds);
	return env->imbalance ? sds->busiest : -1;
out_balanced:
	env->imbalance = 0;
	return -1;
}

/*
 * 7.3's cluster_equal_cap: clusters active and CPU @i of the destination's actual capacity
 * (get_actual_cpu_capacity()), whose lone task sched_balance_find_src_rq() may then pull
 */
static bool lb_cluster_equal_cap(const struct lb_env *env, unsigned i)
{
	return env->v7_3 && CAPSIM_MUT(278, env->cluster_active, false) &&
	       actual_cpu_capacity(env->rd, env->dst_cpu) == actual_cpu_capacity(env->rd, (int)i);
}

int lb_find_src_rq(const struct lb_env *env, unsigned g)
{
	const struct lb_group *grp = &env->groups[g];
	uint64_t busiest_util = 0, busiest_load = 0, busiest_capacity = 1;
	uint64_t dst_cap = lb_rq(env, (unsigned)env->dst_cpu)->capacity_of;
	unsigned busiest_nr = 0;
	int busiest = -1;

	for (unsigned i = 0; i < env->nr_cpus; i++) {
		const struct fair_cpu *rq = lb_rq(env, i);
		unsigned nr = CAPSIM_MUT(283, lb_cfs_h_nr(env, i), rq->cfs_nr);
		uint64_t load = rq->cfs_avg.load_avg, util;

		if (!capsim_cpumask_test(&grp->span, i) || !capsim_cpumask_test(&env->cpus, i))
			continue;
		if (!nr)
			continue;
		/* no active balance from a big CPU down to a smaller one */
		if ((env->sd_flags & SD_ASYM_CPUCAPACITY) && nr == 1 &&
		    !lb_cluster_equal_cap(env, i) && !lb_capacity_greater(dst_cap, rq->capacity_of))
			continue;
		switch (env->migration_type) {
		case LB_MIGRATE_LOAD:
			if (nr == 1 && load > (uint64_t)env->imbalance &&
			    !lb_check_cpu_capacity(rq, env->imbalance_pct))
				break;
			/* max(load_i / capacity_i), cross-multiplied */
			if (load * busiest_capacity > busiest_load * rq->capacity_of) {
				busiest_load = load;
				busiest_capacity = rq->capacity_of;
				busiest = (int)i;
			}
			break;
		case LB_MIGRATE_UTIL:
			if (nr <= 1)
				continue; /* its one task could not be detached */
			/* cpu_util_cfs_boost(); 6.1's cpu_util_cfs() has no runnable boost */
			util = cpu_util(env->rd, (int)i, NULL, -1, !CAPSIM_MUT(298, env->v6_1, false));
			if (busiest_util < util) {
				busiest_util = util;
				busiest = (int)i;
			}
			break;
		case LB_MIGRATE_TASK:
			if (busiest_nr < nr) {
				busiest_nr = nr;
				busiest = (int)i;
			}
			break;
		case LB_MIGRATE_MISFIT:
			if (rq->misfit_task_load > busiest_load) {
				busiest_load = rq->misfit_task_load;
				busiest = (int)i;
			}
			break;
		}
	}
	return busiest;
}

int lb_task_hot(const struct lb_env *env, const struct lb_src *src, const struct lb_task *p)
{
	if (p->idle_policy)
		return 0;
	if (env->sd_flags & SD_SHARE_CPUCAPACITY)
		return 0; /* SMT siblings share the cache */
	/* CACHE_HOT_BUDDY; 6.1's CFS holds the last buddy (a preempted curr) hot too */
	if (src->dst_nr_running &&
	    (p->next_buddy || (CAPSIM_MUT(299, env->v6_1, false) && p->last_buddy)))
		return 1;
	if (src->migration_cost == -1)
		return 1;
	if (src->migration_cost == 0)
		return 0;
	return (int64_t)(src->clock_task - p->exec_start) < src->migration_cost;
}

bool lb_can_migrate_task(struct lb_env *env, const struct lb_src *src, const struct lb_task *p,
			 int *new_dst_cpu)
{
	/* 7.3: a delayed task only when migrating load */
	if (env->v7_3 && CAPSIM_MUT(285, p->delayed, false) &&
	    CAPSIM_MUT(286, env->migration_type != LB_MIGRATE_LOAD, true))
		return false;
	/* 7.3: an ineligible task only once a balance of the domain has failed */
	if (env->v7_3 && CAPSIM_MUT(276, p->ineligible, false) &&
	    !CAPSIM_MUT(277, env->nr_balance_failed, 0u))
		return false;
	if (!capsim_cpumask_test(&p->allowed, (unsigned)env->dst_cpu)) {
		env->flags |= LBF_SOME_PINNED;
		if (env->idle == LB_CPU_NEWLY_IDLE || (env->flags & (LBF_DST_PINNED | LBF_ACTIVE_LB)))
			return false;
		/* another CPU of the local group the task may run on */
		for (unsigned c = 0; c < env->nr_cpus; c++) {
			if (capsim_cpumask_test(&src->dst_grpmask, c) &&
			    capsim_cpumask_test(&env->cpus, c) && capsim_cpumask_test(&p->allowed, c)) {
				env->flags |= LBF_DST_PINNED;
				*new_dst_cpu = (int)c;
				break;
			}
		}
		return false;
	}
	env->flags &= ~(unsigned)LBF_ALL_PINNED;
	if (p->running)
		return false;
	if (env->flags & LBF_ACTIVE_LB)
		return true;
	/* cache cold, or too many failed balances to care */
	return lb_task_hot(env, src, p) <= 0 || env->nr_balance_failed > env->cache_nice_tries;
}

/* shr_bound(): a shift by at most 63 */
static uint64_t shr_bound(uint64_t v, unsigned s)
{
	return v >> (s < 63 ? s : 63);
}

unsigned lb_detach_tasks(struct lb_env *env, const struct lb_src *src, const struct lb_task *t,
			 unsigned *order, unsigned nr, unsigned loop_max, unsigned *loop,
			 unsigned *detached, unsigned *passed, int *new_dst_cpu)
{
	unsigned nr_running = src->nr_running, n = nr, nr_detached = 0;

	*passed = 0;
	if (src->nr_running <= 1) {
		env->flags &= ~(unsigned)LBF_ALL_PINNED; /* emptied meanwhile: nothing tested */
		return 0;
	}
	if (env->imbalance <= 0)
		return 0;
	/*
	 * loop_max is at most sysctl_sched_nr_migrate, which equals the first loop_break, so the
	 * kernel's "take a breather" exit (LBF_NEED_BREAK) is never reached from here.
	 */
	while (n) {
		unsigned idx = order[n - 1]; /* list_last_entry(): the least recently run */
		const struct lb_task *p = &t[idx];

		/* don't steal all, or we may be treated likewise */
		if (env->idle && nr_running <= 1)
			break;
		if (++*loop > loop_max)
			break;
		if (!lb_can_migrate_task(env, src, p, new_dst_cpu))
			goto next;
		switch (env->migration_type) {
		case LB_MIGRATE_LOAD: {
			uint64_t load = p->h_load > 1 ? p->h_load : 1;

			/* not too much load, unless balances keep failing */
			if (shr_bound(load, env->nr_balance_failed) > (uint64_t)env->imbalance)
				goto next;
			env->imbalance -= (int64_t)load;
			break;
		}
		case LB_MIGRATE_UTIL:
			if (shr_bound(p->util_est, env->nr_balance_failed) > (uint64_t)env->imbalance)
				goto next;
			env->imbalance -= (int64_t)p->util_est;
			break;
		case LB_MIGRATE_TASK:
			env->imbalance--;
			break;
		case LB_MIGRATE_MISFIT:
			if (p->fits_src)
				goto next; /* not the misfit task */
			env->imbalance = 0;
			break;
		}
		n--;
		nr_running--;
		detached[nr_detached++] = idx;
		/* CONFIG_PREEMPTION: a newidle balance stops at one task, for latency */
		if (env->idle == LB_CPU_NEWLY_IDLE || env->imbalance <= 0)
			break;
		continue;
next:
		/* list_move() to the head */
		++*passed;
		for (unsigned k = n - 1; k; k--)
			order[k] = order[k - 1];
		order[0] = idx;
	}
	return nr_detached;
}

bool lb_need_active_balance(const struct lb_env *env, int src_cpu)
{
	const struct fair_cpu *src = lb_rq(env, (unsigned)src_cpu);
	const struct fair_cpu *dst = lb_rq(env, (unsigned)env->dst_cpu);

	/* imbalanced_active_balance(): tasks to spread, and balances keep failing */
	if (env->migration_type == LB_MIGRATE_TASK &&
	    env->nr_balance_failed > env->cache_nice_tries + 2)
		return true;
	/* one CFS task on a CPU that lost capacity, and more of it stays here */
	if (env->idle &&
	    CAPSIM_MUT(284, lb_cfs_h_nr(env, (unsigned)src_cpu), src->cfs_nr) == 1 &&
	    lb_check_cpu_capacity(src, env->imbalance_pct) &&
	    src->capacity_of * env->imbalance_pct < dst->capacity_of * 100)
		return true;
	return env->migration_type == LB_MIGRATE_MISFIT;
}

uint64_t lb_balance_interval(uint64_t interval_ms, bool busy, unsigned busy_factor, unsigned hz,
			     uint64_t max_jiffies)
{
	uint64_t j;

	if (busy)
		interval_ms *= busy_factor;
	/* msecs_to_jiffies() rounds up */
	if (1000 % hz == 0)
		j = (interval_ms + 1000 / hz - 1) / (1000 / hz);
	else
		j = (interval_ms * hz + 999) / 1000;
	/* busy balances at higher levels do not fall on multiples of the lower ones */
	if (busy)
		j--;
	if (j < 1)
		j = 1;
	return j > max_jiffies ? max_jiffies : j;
}

int lb_find_new_ilb(const capsim_cpumask *idle_cpus_mask, const bool *idle, unsigned nr_cpus,
		    int this_cpu)
{
	for (unsigned c = 0; c < nr_cpus; c++)
		if (capsim_cpumask_test(idle_cpus_mask, c) && (int)c != this_cpu && idle[c])
			return (int)c;
	return -1;
}
