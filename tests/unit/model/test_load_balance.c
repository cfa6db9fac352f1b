// SPDX-License-Identifier: MIT
/*
 * test_load_balance.c - tests src/model/load_balance.c, the v6.12 load-balance decisions, on
 * hand-made runqueue and group states whose answers follow from kernel/sched/fair.c's rules
 * as written there: group_classify()'s thresholds, the decision matrix of
 * sched_balance_find_src_group(), calculate_imbalance()'s cases (including its unsigned
 * idle-CPU difference), detach_tasks()' walk from the tail of cfs_tasks, task_hot(),
 * should_we_balance(), get_sd_balance_interval() and find_new_ilb().
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "model/load_balance.h"
#include "model/sched_domains.h"

static capsim_cpumask mask(unsigned first, unsigned last)
{
	capsim_cpumask m = { { 0 } };

	for (unsigned c = first; c <= last; c++)
		capsim_cpumask_set(&m, c);
	return m;
}

/* idle_cpu() of hand-made runqueues: env->rqs is one bool per CPU */
static bool idle_of(const struct lb_env *env, int cpu)
{
	return ((const bool *)env->rqs)[cpu];
}

/* An RK3399-like PKG domain: littles 0-3 (capacity 381), bigs 4-5 (1024), all idle. */
struct pkg {
	struct fair_cpu rq[6];
	bool idle[6];
	struct fair_rd rd;
	struct lb_group g[2];
	struct lb_env env;
};

static void pkg_init(struct pkg *p, int dst)
{
	for (unsigned c = 0; c < 6; c++) {
		uint64_t cap = c < 4 ? 381 : 1024;

		p->rq[c] = (struct fair_cpu){ .capacity_of = cap, .arch_cap = cap };
		p->idle[c] = true;
	}
	p->rd = (struct fair_rd){ .model = CAPSIM_MODEL_V6_10, .nr_cpus = 6, .cpus = p->rq };
	p->g[0] = (struct lb_group){ .span = mask(0, 3), .weight = 4, .capacity = 4 * 381,
				     .min_capacity = 381, .max_capacity = 381 };
	p->g[1] = (struct lb_group){ .span = mask(4, 5), .weight = 2, .capacity = 2 * 1024,
				     .min_capacity = 1024, .max_capacity = 1024 };
	p->env = (struct lb_env){
		.sd_flags = SD_ASYM_CPUCAPACITY | SD_ASYM_CPUCAPACITY_FULL | SD_PREFER_SIBLING,
		.imbalance_pct = 117,
		.nr_cpus = 6,
		.dst_cpu = dst,
		.idle = LB_CPU_IDLE,
		.cpus = mask(0, 5),
		.rd = &p->rd,
		.idle_cpu = idle_of,
		.rqs = p->idle,
		.groups = p->g,
		.nr_groups = 2,
	};
	if (dst >= 4) { /* the local group first */
		p->g[1] = p->g[0];
		p->g[0] = (struct lb_group){ .span = mask(4, 5), .weight = 2, .capacity = 2 * 1024,
					     .min_capacity = 1024, .max_capacity = 1024 };
	}
}

/* CPU @c of @p runs @nr fair tasks: util, runnable and load @util (cpu_util_cfs() is @util
 * as long as it is below the CPU's capacity) */
static void busy(struct pkg *p, unsigned c, unsigned nr, uint64_t util)
{
	p->rq[c].nr_running = p->rq[c].cfs_nr = nr;
	p->rq[c].cfs_avg.util_avg = p->rq[c].cfs_avg.runnable_avg = util;
	p->rq[c].cfs_avg.load_avg = util;
	p->idle[c] = false;
}

/*
 * seven tasks on the littles (2, 3, 1, 1), each CPU's util 300 and runnable 600, 340 on CPU1
 * (2140 in all), dst CPU4, EAS on (a perf domain)
 */
static void seven_on_the_littles(struct pkg *p)
{
	pkg_init(p, 4);
	busy(p, 0, 2, 300);
	busy(p, 1, 3, 300);
	busy(p, 2, 1, 300);
	busy(p, 3, 1, 300);
	p->rq[0].cfs_avg.runnable_avg = p->rq[2].cfs_avg.runnable_avg = 600;
	p->rq[3].cfs_avg.runnable_avg = 600;
	p->rq[1].cfs_avg.runnable_avg = 340;
	p->env.rd_has_pd = true;
}

/* group_is_overloaded() needs more tasks than CPUs and util x 117% above capacity */
static void test_group_classify(void **state)
{
	struct lb_sg_stats s = { .group_weight = 2, .group_capacity = 1000 };

	(void)state;
	s.sum_nr_running = 3;
	s.group_util = 855; /* 1000 x 100 < 855 x 117 = 100035 */
	assert_int_equal(lb_group_classify(117, false, &s), group_overloaded);
	s.group_util = 854; /* 99918: not above, and 1000 x 100 > 99918 leaves spare */
	assert_int_equal(lb_group_classify(117, false, &s), group_has_spare);
	s.group_runnable = 1171; /* 1000 x 117 < 1171 x 100: runnable pressure overloads too */
	assert_int_equal(lb_group_classify(117, false, &s), group_overloaded);
	s.sum_nr_running = 2; /* as many tasks as CPUs: not overloaded, no spare */
	assert_int_equal(lb_group_classify(117, false, &s), group_fully_busy);
	assert_int_equal(lb_group_classify(117, true, &s), group_imbalanced);
	s.group_misfit_task_load = 5;
	assert_int_equal(lb_group_classify(117, false, &s), group_misfit_task);
	s.group_misfit_task_load = 0;
	s.sum_nr_running = 1; /* fewer tasks than CPUs */
	assert_int_equal(lb_group_classify(117, false, &s), group_has_spare);
}

/*
 * update_idle_cpu_scan() (7.3's SIS_UTIL depth) of an 8-CPU domain, imbalance_pct 117:
 * x = sum_util / 8, tmp = x^2 x 117^2 / (10000 x 1024) capped at 1024, y = 1024 - tmp,
 * nr_idle_scan = y x 8 / 1024. Idle (x 0): 8; half busy (x 512): tmp = 350, y = 674, 5;
 * x 900: tmp = 1082 -> 1024, 0; x 800: tmp = 855, y = 169, 1.
 */
static void test_update_idle_cpu_scan(void **state)
{
	(void)state;
	assert_int_equal(update_idle_cpu_scan(8, 117, 0), 8);
	assert_int_equal(update_idle_cpu_scan(8, 117, 8 * 512), 5);
	assert_int_equal(update_idle_cpu_scan(8, 117, 8 * 900), 0);
	assert_int_equal(update_idle_cpu_scan(8, 117, 8 * 800), 1);
}

/*
 * A misfit task on little CPU1, a big CPU balancing: PKG is asymmetric, so the group is
 * group_misfit_task, forced whatever the load (migrate_misfit, imbalance 1) and the busiest
 * runqueue is the one with the biggest misfit load. From a little CPU it is not pulled: the
 * busiest group's max capacity must be about 5% below the puller's (capacity_greater()).
 */
static void test_misfit_uses_group_max_capacity(void **state)
{
	struct pkg p;
	struct lb_sd_stats sds;

	(void)state;
	pkg_init(&p, 4);
	busy(&p, 1, 1, 370);
	p.rq[1].misfit_task_load = 300;
	busy(&p, 2, 1, 100);
	p.rq[2].misfit_task_load = 200;
	assert_int_equal(lb_find_src_group(&p.env, &sds), 1);
	assert_int_equal(sds.busiest_stat.group_type, group_misfit_task);
	assert_int_equal(sds.busiest_stat.group_misfit_task_load, 300);
	assert_int_equal(p.env.migration_type, LB_MIGRATE_MISFIT);
	assert_int_equal(p.env.imbalance, 1);
	assert_true(sds.sg_overloaded); /* a misfit task overloads the root domain */
	assert_int_equal(lb_find_src_rq(&p.env, 1), 1);

	/* the group's biggest CPU decides: one little at 1000 hides the misfit from a big */
	p.g[1].max_capacity = 1000; /* 1024 x 1024 < 1000 x 1078: not 5% bigger */
	assert_int_equal(lb_find_src_group(&p.env, &sds), -1);
	assert_int_equal(sds.busiest, -1);
}

/*
 * EAS on, nothing overutilized, yet a misfit task: a task boosted to uclamp_min 512 on little
 * CPU1 (util 200) is misfit there (task_fits_cpu(): util_fits_cpu() is -1, 512 being above
 * the little's 381), while CPU1 is not overutilized (cpu_overutilized() is !util_fits_cpu(),
 * and !-1 is false). The littles' group is group_misfit_task, balanced before the EAS test:
 * big CPU4 pulls it (migrate_misfit, imbalance 1), and the misfit overloads the root domain.
 */
static void test_misfit_under_eas(void **state)
{
	struct pkg p;
	struct lb_sd_stats sds;

	(void)state;
	pkg_init(&p, 4);
	p.rd.uclamp_used = true;
	p.env.rd_has_pd = true;
	for (unsigned c = 0; c < 6; c++)
		p.rq[c].uclamp_max_rq = 1024;
	busy(&p, 1, 1, 200);
	p.rq[1].uclamp_min_rq = 512;
	p.rq[1].misfit_task_load = 200;
	assert_false(cpu_overutilized(&p.rd, 1));
	assert_int_equal(lb_find_src_group(&p.env, &sds), 1);
	assert_int_equal(sds.busiest_stat.group_type, group_misfit_task);
	assert_int_equal(p.env.migration_type, LB_MIGRATE_MISFIT);
	assert_int_equal(p.env.imbalance, 1);
	assert_true(sds.sg_overloaded);
	assert_false(sds.sg_overutilized);
}

/*
 * Two busy bigs running one task each: a little CPU does not pull from them (they are
 * group_has_spare/fully_busy on bigger CPUs: update_sd_pick_busiest()), and with EAS on and
 * the root domain not overutilized nothing but misfit is balanced.
 */
static void test_no_pull_down_and_eas(void **state)
{
	struct pkg p;
	struct lb_sd_stats sds;

	(void)state;
	pkg_init(&p, 0);
	busy(&p, 4, 1, 900);
	busy(&p, 5, 1, 900);
	assert_int_equal(lb_find_src_group(&p.env, &sds), -1);
	assert_int_equal(sds.busiest, -1);

	/*
	 * seven tasks on the littles, each CPU's util 300 (it fits 381: 300 x 1.25 < 381):
	 * overloaded by runnable (1524 x 1.17 < 2140), but EAS is in charge until overutilized,
	 * so the sums are not even taken (no CPU overutilized, none with a misfit load)
	 */
	seven_on_the_littles(&p);
	lb_update_sd_lb_stats(&p.env, &sds);
	assert_int_equal(sds.busiest, 1);
	assert_int_equal(sds.busiest_stat.group_type, group_overloaded);
	assert_int_equal(lb_find_src_group(&p.env, &sds), -1);
	assert_false(sds.summed);
	assert_true(sds.sg_overloaded); /* two tasks on a CPU: the root domain's flag, still */
	/* CPU1 at 350 no longer fits (350 x 1.25 > 381): cpu_overutilized(), and the root
	 * level sets rd->overutilized from its groups */
	p.rq[1].cfs_avg.util_avg = 350;
	assert_int_equal(lb_find_src_group(&p.env, &sds), 1);
	assert_true(sds.sg_overutilized);
	/* PKG shares no LLC: fill the bigs' spare capacity */
	assert_int_equal(p.env.migration_type, LB_MIGRATE_UTIL);
	assert_int_equal(p.env.imbalance, 2048);
	/* the most utilized (boosted by runnable: cpu_util_cfs_boost(), at most the CPU's
	 * capacity) of the runqueues with two tasks or more: CPU0 (381), not CPU1 (350) */
	assert_int_equal(lb_find_src_rq(&p.env, 1), 0);
}

/*
 * Local has spare, busiest overloaded, no shared LLC (PKG): fill the local spare capacity,
 * migrate_util with imbalance = capacity - util; at MC (SD_SHARE_LLC) the idle CPUs are
 * evened out instead, and the kernel subtracts them as unsigned int: a local group with
 * fewer idle CPUs than the busiest gets (2^32 - 1) >> 1.
 */
static void test_calculate_imbalance(void **state)
{
	struct lb_env env = { .idle = LB_CPU_IDLE };
	struct lb_sd_stats sds = { 0 };

	(void)state;
	sds.local_stat = (struct lb_sg_stats){ .group_type = group_has_spare,
					      .group_capacity = 2048, .group_util = 600,
					      .idle_cpus = 1, .group_weight = 2 };
	sds.busiest_stat = (struct lb_sg_stats){ .group_type = group_overloaded,
						.sum_nr_running = 6, .idle_cpus = 0,
						.group_weight = 4 };
	lb_calculate_imbalance(&env, &sds);
	assert_int_equal(env.migration_type, LB_MIGRATE_UTIL);
	assert_int_equal(env.imbalance, 2048 - 600);

	env.sd_flags = SD_SHARE_LLC;
	sds.local_stat.idle_cpus = 3;
	sds.busiest_stat.idle_cpus = 1;
	lb_calculate_imbalance(&env, &sds);
	assert_int_equal(env.migration_type, LB_MIGRATE_TASK);
	assert_int_equal(env.imbalance, (3 - 1) >> 1);

	sds.local_stat.idle_cpus = 0;
	lb_calculate_imbalance(&env, &sds);
	assert_int_equal(env.imbalance, (int64_t)UINT32_MAX >> 1);

	/* prefer_sibling: spread the running tasks, half the difference */
	sds.prefer_sibling = true;
	sds.local_stat.sum_nr_running = 0;
	sds.local_stat.group_weight = 4;
	lb_calculate_imbalance(&env, &sds);
	assert_int_equal(env.imbalance, 6 >> 1);

	/* both overloaded: to the domain average, the smaller of the two moves, in load */
	sds = (struct lb_sd_stats){
		.local_stat = { .group_type = group_overloaded, .avg_load = 400,
				.group_capacity = 1024 },
		.busiest_stat = { .group_type = group_overloaded, .avg_load = 1000,
				  .group_capacity = 2048 },
		.avg_load = 600,
	};
	lb_calculate_imbalance(&env, &sds);
	assert_int_equal(env.migration_type, LB_MIGRATE_LOAD);
	assert_int_equal(env.imbalance, (600 - 400) * 1024 / 1024); /* < (1000-600) x 2 */
}

/*
 * detach_tasks() takes from the tail of cfs_tasks (the least recently run), passes over the
 * running task and cache-hot ones (ran less than sysctl_sched_migration_cost ago) to the head,
 * and stops once the imbalance is met.
 */
static void test_detach_tasks_lru_order(void **state)
{
	struct lb_group g = { .span = mask(0, 0) };
	struct lb_env env = {
		.imbalance_pct = 117, .cache_nice_tries = 1, .nr_cpus = 2, .dst_cpu = 0,
		.idle = LB_CPU_IDLE, .cpus = mask(0, 1), .groups = &g, .nr_groups = 1,
		.migration_type = LB_MIGRATE_TASK, .imbalance = 2,
	};
	struct lb_src src = { .cpu = 1, .nr_running = 4, .clock_task = 10000000,
			      .dst_grpmask = mask(0, 0), .migration_cost = 500000 };
	struct lb_task t[4];
	unsigned order[4] = { 0, 1, 2, 3 }, detached[4], loop = 0, passed;
	int new_dst = -1;

	(void)state;
	for (unsigned i = 0; i < 4; i++)
		t[i] = (struct lb_task){ .allowed = mask(0, 1), .exec_start = 0 };
	t[0].running = true;                   /* the head: it runs */
	t[3].exec_start = 10000000 - 100000;   /* the tail ran 100 us ago: hot */
	assert_int_equal(lb_task_hot(&env, &src, &t[3]), 1);
	assert_int_equal(lb_task_hot(&env, &src, &t[2]), 0);
	assert_int_equal(lb_detach_tasks(&env, &src, t, order, 4, 4, &loop, detached, &passed,
					 &new_dst), 2);
	assert_int_equal(detached[0], 2); /* the tail was hot: the one before it first */
	assert_int_equal(detached[1], 1);
	assert_int_equal(passed, 1);
	assert_int_equal(order[0], 3); /* passed over: now at the head */
	assert_int_equal(order[1], 0);
	assert_int_equal(env.imbalance, 0);
	assert_false(env.flags & LBF_ALL_PINNED);

	/* after enough failed balances hotness no longer matters (nr_balance_failed > tries) */
	env.imbalance = 1;
	env.nr_balance_failed = 2;
	loop = 0;
	for (unsigned i = 0; i < 4; i++)
		order[i] = i;
	assert_int_equal(lb_detach_tasks(&env, &src, t, order, 4, 4, &loop, detached, &passed,
					 &new_dst), 1);
	assert_int_equal(detached[0], 3);

	/* a newidle balance stops at one task (CONFIG_PREEMPTION) */
	env.imbalance = 3;
	env.nr_balance_failed = 0;
	env.idle = LB_CPU_NEWLY_IDLE;
	loop = 0;
	for (unsigned i = 0; i < 4; i++)
		order[i] = i;
	assert_int_equal(lb_detach_tasks(&env, &src, t, order, 4, 4, &loop, detached, &passed,
					 &new_dst), 1);
}

/* can_migrate_task(): a task pinned away from dst names another CPU of the local group */
static void test_can_migrate_pinned(void **state)
{
	struct lb_group g = { .span = mask(0, 1) };
	struct lb_env env = { .nr_cpus = 4, .dst_cpu = 0, .idle = LB_CPU_IDLE, .cpus = mask(0, 3),
			      .groups = &g, .nr_groups = 1,
			      .flags = LBF_ALL_PINNED };
	struct lb_src src = { .cpu = 3, .nr_running = 2, .dst_grpmask = mask(0, 1) };
	struct lb_task p = { .allowed = mask(1, 3) };
	int new_dst = -1;

	(void)state;
	assert_false(lb_can_migrate_task(&env, &src, &p, &new_dst));
	assert_int_equal(new_dst, 1);
	assert_true(env.flags & LBF_DST_PINNED);
	assert_true(env.flags & LBF_SOME_PINNED);
	assert_true(env.flags & LBF_ALL_PINNED); /* nothing could run on dst yet */
	env.idle = LB_CPU_NEWLY_IDLE; /* newidle does not look for another dst */
	env.flags = 0;
	new_dst = -1;
	assert_false(lb_can_migrate_task(&env, &src, &p, &new_dst));
	assert_int_equal(new_dst, -1);
}

/*
 * 7.3's update_sg_lb_stats() (model_balance_7_3(), env->v7_3), from linux-source-7.3.4's
 * rules: a misfit load counts only where capacity_greater(capacity_of(dst_cpu),
 * sgc->max_capacity), and with EAS group_is_overloaded() needs a CPU of the group
 * overutilized (sgs->group_overutilized). The states are the two tests' above.
 */
static void test_update_sg_lb_stats_7_3(void **state)
{
	struct pkg p;
	struct lb_sg_stats sgs;
	bool overloaded = false, overutilized = false;

	(void)state;
	pkg_init(&p, 4);
	busy(&p, 1, 1, 370);
	p.rq[1].misfit_task_load = 300;
	p.env.v7_3 = true;
	/* big dst 1024 against the littles' max 381: 1024 x 1024 > 381 x 1078, counted */
	lb_update_sg_lb_stats(&p.env, 1, false, &sgs, &overloaded, &overutilized);
	assert_int_equal(sgs.group_misfit_task_load, 300);
	assert_int_equal(sgs.group_type, group_misfit_task);
	/* max 1000: 1024 x 1024 = 1048576 < 1000 x 1078 = 1078000, not counted (6.12 counts it
	 * and update_sd_pick_busiest() skips the group): one task on four CPUs has spare */
	p.g[1].max_capacity = 1000;
	overloaded = false;
	lb_update_sg_lb_stats(&p.env, 1, false, &sgs, &overloaded, &overutilized);
	assert_int_equal(sgs.group_misfit_task_load, 0);
	assert_int_equal(sgs.group_type, group_has_spare);
	assert_true(overloaded); /* the root domain still marked for the newidle pull */

	/* seven tasks, util 300 on each little (fits: 300 x 1280 < 381 x 1024), runnable
	 * 2140 > 1524 x 1.17: 6.12's group_overloaded (test_no_pull_down_and_eas); 7.3 under EAS:
	 * no CPU overutilized, so not overloaded, and 7 > 4 tasks leave no spare: fully busy */
	seven_on_the_littles(&p);
	p.env.v7_3 = true;
	lb_update_sg_lb_stats(&p.env, 1, false, &sgs, &overloaded, &overutilized);
	assert_int_equal(sgs.group_type, group_fully_busy);
	p.env.v7_3 = false;
	lb_update_sg_lb_stats(&p.env, 1, false, &sgs, &overloaded, &overutilized);
	assert_int_equal(sgs.group_type, group_overloaded);
	/* CPU1 at 350 no longer fits (350 x 1280 > 381 x 1024): overloaded on 7.3 too */
	p.rq[1].cfs_avg.util_avg = 350;
	p.env.v7_3 = true;
	lb_update_sg_lb_stats(&p.env, 1, false, &sgs, &overloaded, &overutilized);
	assert_int_equal(sgs.group_type, group_overloaded);
}

/*
 * 7.3's can_migrate_task(): a task not eligible on its runqueue
 * (task_is_ineligible_on_dst_cpu()) is left, before the affinity test (LBF_ALL_PINNED stays),
 * while sd->nr_balance_failed is 0; after a failed balance, or on 6.12, it is cache cold
 * (migration cost 0) and moves.
 */
static void test_can_migrate_ineligible_7_3(void **state)
{
	struct lb_env env = { .nr_cpus = 4, .dst_cpu = 0, .idle = LB_CPU_IDLE, .cpus = mask(0, 3),
			      .flags = LBF_ALL_PINNED, .v7_3 = true };
	struct lb_src src = { .cpu = 3, .nr_running = 2, .dst_grpmask = mask(0, 1) };
	struct lb_task p = { .allowed = mask(0, 3), .ineligible = true };
	int new_dst = -1;

	(void)state;
	assert_false(lb_can_migrate_task(&env, &src, &p, &new_dst));
	assert_true(env.flags & LBF_ALL_PINNED);
	env.nr_balance_failed = 1;
	assert_true(lb_can_migrate_task(&env, &src, &p, &new_dst));
	assert_false(env.flags & LBF_ALL_PINNED);
	env.nr_balance_failed = 0;
	env.v7_3 = false;
	assert_true(lb_can_migrate_task(&env, &src, &p, &new_dst));
}

/*
 * 7.3's can_migrate_task(): a delayed task (se.sched_delayed) is left first of all, before the
 * affinity test (LBF_ALL_PINNED stays) and after failed balances too, unless the balance
 * migrates load (migrate_load); 6.12 has no such test. The task is cache cold (migration
 * cost 0), so where it is not left it moves.
 */
static void test_can_migrate_delayed_7_3(void **state)
{
	struct lb_env env = { .nr_cpus = 4, .dst_cpu = 0, .idle = LB_CPU_IDLE, .cpus = mask(0, 3),
			      .flags = LBF_ALL_PINNED, .v7_3 = true, .nr_balance_failed = 3,
			      .migration_type = LB_MIGRATE_UTIL };
	struct lb_src src = { .cpu = 3, .nr_running = 2, .dst_grpmask = mask(0, 1) };
	struct lb_task p = { .allowed = mask(0, 3), .delayed = true };
	int new_dst = -1;

	(void)state;
	assert_false(lb_can_migrate_task(&env, &src, &p, &new_dst));
	assert_true(env.flags & LBF_ALL_PINNED);
	env.migration_type = LB_MIGRATE_LOAD;
	assert_true(lb_can_migrate_task(&env, &src, &p, &new_dst));
	assert_false(env.flags & LBF_ALL_PINNED);
	env.migration_type = LB_MIGRATE_TASK;
	env.v7_3 = false;
	assert_true(lb_can_migrate_task(&env, &src, &p, &new_dst));
}

/*
 * 7.3's sched_balance_find_src_rq(): with clusters active (sched_cluster_active) a lone task
 * on a CPU of the destination's actual capacity is not skipped. Little dst 0 (381), big CPU 4
 * capped to the same capacity_of by 643 of cpufreq pressure (actual 1024 - 643 = 381):
 * 6.12, or 7.3 without clusters, skip it (381 is not 5% above 381).
 */
static void test_find_src_rq_cluster_7_3(void **state)
{
	struct pkg p;

	(void)state;
	pkg_init(&p, 0);
	busy(&p, 4, 1, 300);
	p.rq[4].capacity_of = 381;
	p.rq[4].cpufreq_pressure = 643;
	p.env.migration_type = LB_MIGRATE_TASK;
	assert_int_equal(lb_find_src_rq(&p.env, 1), -1);
	p.env.v7_3 = true;
	assert_int_equal(lb_find_src_rq(&p.env, 1), -1);
	p.env.cluster_active = true;
	assert_int_equal(lb_find_src_rq(&p.env, 1), 4);
	p.rq[4].cpufreq_pressure = 642; /* actual 382: not the same */
	assert_int_equal(lb_find_src_rq(&p.env, 1), -1);
}

/* should_we_balance(): the first idle CPU of the local group, else its first CPU */
/*
 * 6.1's balance (model_balance_6_1(), env->v6_1), from linux-source-6.1.192's fair.c:
 * calculate_imbalance() of a local group with spare capacity and prefer_sibling takes
 * "nr_diff = busiest->sum_nr_running; lsub_positive(&nr_diff, local->sum_nr_running)", halved,
 * whether the CPU is idle or not and whatever the groups' sizes, where 6.12's
 * sibling_imbalance() returns 0 for a busy CPU and weighs the tasks by the groups' cores:
 * busiest 2 CPUs with 3 tasks, local 4 CPUs with none: 6.1 (3 - 0) >> 1 = 1 both times;
 * 6.12 0 when busy, ((2 x (4 x 3 - 2 x 0) + 4 + 2) / (4 + 2)) >> 1 = (30 / 6) >> 1 = 2 when idle.
 */
static void test_calculate_imbalance_6_1(void **state)
{
	struct lb_env env = { .idle = LB_CPU_NOT_IDLE, .sd_flags = SD_SHARE_LLC };
	struct lb_sd_stats sds = { .prefer_sibling = true };

	(void)state;
	sds.local_stat = (struct lb_sg_stats){ .group_type = group_has_spare, .idle_cpus = 4,
					      .group_weight = 4 };
	sds.busiest_stat = (struct lb_sg_stats){ .group_type = group_fully_busy,
						.sum_nr_running = 3, .group_weight = 2 };
	lb_calculate_imbalance(&env, &sds);
	assert_int_equal(env.migration_type, LB_MIGRATE_TASK);
	assert_int_equal(env.imbalance, 0);
	env.v6_1 = true;
	lb_calculate_imbalance(&env, &sds);
	assert_int_equal(env.imbalance, (3 - 0) >> 1);

	env.idle = LB_CPU_IDLE;
	lb_calculate_imbalance(&env, &sds);
	assert_int_equal(env.imbalance, (3 - 0) >> 1);
	env.v6_1 = false;
	lb_calculate_imbalance(&env, &sds);
	assert_int_equal(env.imbalance, ((2 * (4 * 3 - 2 * 0) + 4 + 2) / (4 + 2)) >> 1);
}

/*
 * 6.1's update_sd_pick_busiest() breaks ties the other way for two types: fully busy,
 * "if (sgs->avg_load <= busiest->avg_load) return false" (6.12: only "<", an equal load
 * picks the later group unless the busiest is SMT), and misfit, "if
 * (sgs->group_misfit_task_load < busiest->group_misfit_task_load) return false" (6.12:
 * "return sgs > busiest", an equal load keeps the first); task_hot() holds the last buddy
 * (cfs_rq->last, 6.1's CFS) cache hot when dst runs something.
 */
static void test_pick_busiest_ties_and_buddy_6_1(void **state)
{
	struct lb_group g[2] = { { .weight = 1 }, { .weight = 1 } };
	struct fair_cpu cpus[2] = { { .capacity_of = 1024 }, { .capacity_of = 1024 } };
	struct fair_rd rd = { .nr_cpus = 2, .cpus = cpus }; /* dst_cpu 0's capacity is read */
	struct lb_env env = { .idle = LB_CPU_IDLE, .groups = g, .nr_groups = 2, .rd = &rd };
	struct lb_sd_stats sds = { .busiest = 1, .local = 0 };
	struct lb_sg_stats cand = { .group_type = group_fully_busy, .sum_h_nr_running = 1 };
	struct lb_src src = { .dst_nr_running = true, .clock_task = 10000000,
			      .migration_cost = 500000 };
	struct lb_task p = { .last_buddy = true, .exec_start = 0 }; /* ran 10 ms ago: not hot */

	(void)state;
	sds.busiest_stat = cand; /* avg_load 0 both: not computed unless overloaded */
	assert_true(lb_update_sd_pick_busiest(&env, &sds, 1, &cand));
	cand.group_type = sds.busiest_stat.group_type = group_misfit_task;
	cand.group_misfit_task_load = sds.busiest_stat.group_misfit_task_load = 300;
	assert_false(lb_update_sd_pick_busiest(&env, &sds, 1, &cand));
	assert_int_equal(lb_task_hot(&env, &src, &p), 0);

	env.v6_1 = true;
	assert_true(lb_update_sd_pick_busiest(&env, &sds, 1, &cand));
	cand.group_type = sds.busiest_stat.group_type = group_fully_busy;
	assert_false(lb_update_sd_pick_busiest(&env, &sds, 1, &cand));
	assert_int_equal(lb_task_hot(&env, &src, &p), 1);
	src.dst_nr_running = false;
	assert_int_equal(lb_task_hot(&env, &src, &p), 0);
}

/*
 * 6.1 has no SMT rules and reads prefer_sibling elsewhere (6.1.192's fair.c): its
 * update_sg_lb_stats() has no smt_balance() (6.12: a non-local SMT group with two tasks, dst
 * idle, is group_smt_balance); its update_sd_pick_busiest() compares groups with spare
 * capacity by idle CPUs only (6.12 first prefers a non-SMT candidate over an SMT busiest,
 * smt_vs_nonsmt_groups()); its update_sd_lb_stats() takes prefer_sibling from
 * env->sd->child, whose flags are the local group's (6.12: the busiest group's).
 */
static void test_no_smt_rules_6_1(void **state)
{
	struct pkg p;
	struct lb_sg_stats sgs;
	struct lb_sd_stats sds = { .busiest = 0, .local = 1 };
	struct lb_sg_stats cand = { .group_type = group_has_spare, .sum_h_nr_running = 1,
				    .sum_nr_running = 1, .idle_cpus = 2 };
	bool overloaded = false, overutilized = false;

	(void)state;
	pkg_init(&p, 0);
	p.g[1].flags = SD_SHARE_CPUCAPACITY; /* CPUs 4-5 as SMT siblings */
	busy(&p, 4, 1, 100);
	busy(&p, 5, 1, 100);
	lb_update_sg_lb_stats(&p.env, 1, false, &sgs, &overloaded, &overutilized);
	assert_int_equal(sgs.group_smt_balance, 1);
	p.env.v6_1 = true;
	lb_update_sg_lb_stats(&p.env, 1, false, &sgs, &overloaded, &overutilized);
	assert_int_equal(sgs.group_smt_balance, 0);

	/* busiest so far: the SMT group 1 with 1 idle CPU; candidate 0 (not SMT) with 2 */
	p.env.v6_1 = false;
	p.env.sd_flags = 0;
	sds.busiest = 1;
	sds.busiest_stat = (struct lb_sg_stats){ .group_type = group_has_spare,
						.sum_h_nr_running = 1, .idle_cpus = 1 };
	assert_true(lb_update_sd_pick_busiest(&p.env, &sds, 0, &cand));
	p.env.v6_1 = true;
	assert_false(lb_update_sd_pick_busiest(&p.env, &sds, 0, &cand));

	/* prefer_sibling: the bigs (local, dst 4) prefer siblings, the littles do not */
	pkg_init(&p, 4);
	p.g[0].flags = SD_PREFER_SIBLING;
	busy(&p, 0, 3, 381);
	busy(&p, 1, 3, 381);
	lb_update_sd_lb_stats(&p.env, &sds);
	assert_int_equal(sds.busiest, 1);
	assert_false(sds.prefer_sibling);
	p.env.v6_1 = true;
	lb_update_sd_lb_stats(&p.env, &sds);
	assert_int_equal(sds.busiest, 1);
	assert_true(sds.prefer_sibling);
}

/*
 * A parent's pass takes its local group's statistics from the child domain's pass over the
 * same CPUs (lb_env's child). The littles' MC domain (four groups of one CPU, no
 * SD_ASYM_CPUCAPACITY) balanced from newly idle CPU0, then the PKG domain above it: CPU1 idle,
 * CPU2 two tasks (util 300 each CPU: fits, 300 x 1280 < 381 x 1024), CPU3 one at 370 (370 x
 * 1280 = 473600 > 390144: overutilized). update_sg_lb_stats() of the littles, read CPU by CPU:
 * load, util and runnable 300 + 370 = 670, 3 tasks, 1 idle CPU (CPU0 is newly idle, not
 * idle), capacity 4 x 381, 3 < 4 tasks: has spare; CPU2's two tasks set sg_overloaded, CPU3
 * sg_overutilized.
 */
static void test_local_group_from_child(void **state)
{
	struct pkg p;
	struct lb_group mc[4];
	struct lb_env child;
	struct lb_sd_stats child_sds, sds;

	(void)state;
	pkg_init(&p, 0);
	busy(&p, 2, 2, 300);
	busy(&p, 3, 1, 370);
	p.idle[0] = false;
	p.env.idle = LB_CPU_NEWLY_IDLE;
	p.env.rd_has_pd = true;
	for (unsigned c = 0; c < 4; c++)
		mc[c] = (struct lb_group){ .span = mask(c, c), .weight = 1, .capacity = 381,
					   .min_capacity = 381, .max_capacity = 381 };
	child = p.env;
	child.sd_flags = SD_SHARE_LLC;
	child.has_parent = true;
	child.cpus = mask(0, 3);
	child.groups = mc;
	child.nr_groups = 4;
	lb_update_sd_lb_stats(&child, &child_sds);
	p.env.child = &child_sds;
	p.env.has_parent = true; /* its sums kept for a parent */
	lb_update_sd_lb_stats(&p.env, &sds);
	assert_int_equal(sds.local, 0);
	assert_int_equal(sds.local_stat.group_load, 670);
	assert_int_equal(sds.local_stat.group_util, 670);
	assert_int_equal(sds.local_stat.group_runnable, 670);
	assert_int_equal(sds.local_stat.sum_nr_running, 3);
	assert_int_equal(sds.local_stat.sum_h_nr_running, 3);
	assert_int_equal(sds.local_stat.idle_cpus, 1);
	assert_int_equal(sds.local_stat.group_capacity, 4 * 381);
	assert_int_equal(sds.local_stat.group_weight, 4);
	assert_int_equal(sds.local_stat.group_type, group_has_spare);
	assert_true(sds.sg_overloaded);
	assert_true(sds.sg_overutilized);
	/* the domain's sums, which its parent takes: both groups' (the bigs idle) */
	assert_int_equal(sds.total_load, 670);
	assert_int_equal(sds.sum_runnable, 670);
	assert_int_equal(sds.sum_nr_running, 3);
	assert_int_equal(sds.sum_idle_cpus, 3);
}

static void test_should_we_balance(void **state)
{
	struct fair_cpu rq[4] = { { .nr_running = 1 }, { 0 }, { 0 }, { 0 } };
	bool idle[4] = { false, true, true, false };
	struct fair_rd rd = { .nr_cpus = 4, .cpus = rq };
	struct lb_group g = { .span = mask(0, 3) };
	struct lb_env env = { .nr_cpus = 4, .dst_cpu = 2, .idle = LB_CPU_IDLE, .cpus = mask(0, 3),
			      .rd = &rd, .idle_cpu = idle_of, .rqs = idle, .groups = &g,
			      .nr_groups = 1 };

	(void)state;
	assert_false(lb_should_we_balance(&env)); /* CPU1 is the first idle one */
	env.dst_cpu = 1;
	assert_true(lb_should_we_balance(&env));
	idle[1] = idle[2] = false;
	env.dst_cpu = 0;
	assert_true(lb_should_we_balance(&env)); /* none idle: the group's first CPU */
	env.dst_cpu = 3;
	env.idle = LB_CPU_NEWLY_IDLE; /* any newly idle CPU with nothing queued */
	assert_true(lb_should_we_balance(&env));
	rq[3].nr_running = 1;
	assert_false(lb_should_we_balance(&env));
}

/* get_sd_balance_interval() at HZ 250: ms rounded up to 4 ms jiffies, busy x16 less one */
static void test_balance_interval(void **state)
{
	(void)state;
	assert_int_equal(lb_balance_interval(6, false, 16, 250, 150), 2);
	assert_int_equal(lb_balance_interval(6, true, 16, 250, 150), 96 / 4 - 1);
	assert_int_equal(lb_balance_interval(1, false, 16, 250, 150), 1);
	assert_int_equal(lb_balance_interval(512, true, 16, 250, 150), 150); /* clamped */
	assert_int_equal(lb_balance_interval(5, false, 16, 300, 150), 2);    /* 1.5 up */
}

/* find_new_ilb(): the first nohz-idle CPU that is idle, never the kicking one */
static void test_find_new_ilb(void **state)
{
	capsim_cpumask m = mask(1, 3);
	bool idle[4] = { true, false, true, true };

	(void)state;
	assert_int_equal(lb_find_new_ilb(&m, idle, 4, 0), 2);
	assert_int_equal(lb_find_new_ilb(&m, idle, 4, 2), 3);
	idle[3] = false;
	assert_int_equal(lb_find_new_ilb(&m, idle, 4, 2), -1);
}

/*
 * The balance's count of fair tasks (lb_cfs_h_nr()): 6.12.118 reads cfs.h_nr_queued, delayed
 * entities in (update_sg_lb_stats()' sum_h_nr_running, sched_reduced_capacity()'s "!= 1",
 * sched_balance_find_src_rq()'s nr_running, need_active_balance()'s "== 1"); 7.3.4 reads
 * cfs.h_nr_runnable at the same four places. CPU4 runs one task with one delayed entity
 * queued (nr_running 2, h_nr_runnable 1, h_nr_queued 2):
 * - group 1 (CPUs 4-5, CPU5 one task) from dst 0: sum_h_nr_running 2 + 1 = 3 (6.12), 1 + 1 = 2
 *   (7.3); sum_nr_running 2 + 1 = 3 both;
 * - migrate_task from dst 0 with CPU4 at two delayed (h_nr_queued 3) and CPU5 two runnable:
 *   6.12 takes the longest queue, CPU4 (3 > 2); 7.3 sees one task on CPU4, a lone task on a
 *   CPU bigger than dst's 381 (capacity_greater() false), skipped: CPU5;
 * - no SD_ASYM_CPUCAPACITY, dst 0 idle, CPU4 at capacity_of 800 (800 x 117 < 1024 x 100:
 *   check_cpu_capacity()) with load 500: sched_reduced_capacity() needs exactly one task, so
 *   group 1's misfit load is 0 under 6.12 (h_nr_queued 2) and 500 under 7.3;
 * - need_active_balance() from CPU4 to dst 5 (idle, capacity_of 1024: 800 x 117 < 1024 x 100),
 *   migrate_load, no failed balance: only the one-task test can say yes: 6.12 no, 7.3 yes.
 */
static void test_delayed_counts(void **state)
{
	struct pkg p;
	struct lb_sg_stats sgs;
	bool overloaded, overutilized;

	(void)state;
	for (int v7_3 = 0; v7_3 < 2; v7_3++) {
		pkg_init(&p, 0);
		p.env.v7_3 = v7_3;
		busy(&p, 4, 1, 300);
		busy(&p, 5, 1, 300);
		p.rq[4].nr_running = 2;
		p.rq[4].cfs_delayed = 1;
		assert_int_equal(lb_cfs_h_nr(&p.env, 4), v7_3 ? 1 : 2);
		lb_update_sg_lb_stats(&p.env, 1, false, &sgs, &overloaded, &overutilized);
		assert_int_equal(sgs.sum_h_nr_running, v7_3 ? 2 : 3);
		assert_int_equal(sgs.sum_nr_running, 3);

		p.rq[4].nr_running = 3;
		p.rq[4].cfs_delayed = 2;
		p.rq[5].nr_running = p.rq[5].cfs_nr = 2;
		p.env.migration_type = LB_MIGRATE_TASK;
		assert_int_equal(lb_find_src_rq(&p.env, 1), v7_3 ? 5 : 4);

		pkg_init(&p, 0);
		p.env.v7_3 = v7_3;
		p.env.sd_flags = 0;
		busy(&p, 4, 1, 500);
		p.rq[4].nr_running = 2;
		p.rq[4].cfs_delayed = 1;
		p.rq[4].capacity_of = 800;
		lb_update_sg_lb_stats(&p.env, 1, false, &sgs, &overloaded, &overutilized);
		assert_int_equal(sgs.group_misfit_task_load, v7_3 ? 500 : 0);

		p.env.dst_cpu = 5;
		p.env.migration_type = LB_MIGRATE_LOAD;
		assert_int_equal(lb_need_active_balance(&p.env, 4), v7_3);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_group_classify),
		cmocka_unit_test(test_update_idle_cpu_scan),
		cmocka_unit_test(test_misfit_uses_group_max_capacity),
		cmocka_unit_test(test_misfit_under_eas),
		cmocka_unit_test(test_no_pull_down_and_eas),
		cmocka_unit_test(test_calculate_imbalance),
		cmocka_unit_test(test_detach_tasks_lru_order),
		cmocka_unit_test(test_can_migrate_pinned),
		cmocka_unit_test(test_update_sg_lb_stats_7_3),
		cmocka_unit_test(test_can_migrate_ineligible_7_3),
		cmocka_unit_test(test_can_migrate_delayed_7_3),
		cmocka_unit_test(test_find_src_rq_cluster_7_3),
		cmocka_unit_test(test_calculate_imbalance_6_1),
		cmocka_unit_test(test_pick_busiest_ties_and_buddy_6_1),
		cmocka_unit_test(test_no_smt_rules_6_1),
		cmocka_unit_test(test_delayed_counts),
		cmocka_unit_test(test_local_group_from_child),
		cmocka_unit_test(test_should_we_balance),
		cmocka_unit_test(test_balance_interval),
		cmocka_unit_test(test_find_new_ilb),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
