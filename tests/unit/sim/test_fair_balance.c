// SPDX-License-Identifier: MIT
/*
 * test_fair_balance.c - unit tests of the engine's load balance (src/sim/fair_balance.c over
 * topology.c's domains): update_misfit_status(), the sched groups' classification from what the
 * engine hands the balance (lb_env_rqs(): its runqueues read in place; lb_env_groups() into
 * update_sg_lb_stats() and group_classify()), and the migration of a misfit task by an active
 * balance. On a HiKey960 run with nothing started (sim_test_idle(): CPUs 0-3 of capacity 462,
 * 4-7 of 1024; domains MC per cluster and PKG over both, SD_ASYM_CPUCAPACITY at PKG), whose
 * tasks the test starts and runs by moving s->now; and the wake-up scan, 6.12's against 7.3's.
 * The expected values are derived from the kernel's rules (kernel/sched/fair.c, 6.12 and 7.3),
 * each named in its test's comment.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/load_balance.h"
#include "model/sched_domains.h"
#include "sim/sim.h"
#include "sim_test_util.h"

#define MS 1000000ULL

/* a nice-0 task starting after 10 s (never, in the 1 ms run), with @extra JSON */
#define TASK(name, extra) \
	"\"" name "\": {\"delay\": 10000000, \"loop\": 1, \"run\": 1000000" extra "}"

/* fits_capacity(): @util fits @cap with 20 % headroom, util x 1280 < cap x 1024 */
static bool fits_capacity(uint64_t util, uint64_t cap)
{
	return util * 1280 < cap * 1024;
}

/*
 * The running task of CPU @cpu runs @ns, then sched_tick() runs its class's task_tick()
 * (task_tick_fair(): update_load_avg(), update_misfit_status(), the overutilized check)
 * without the balance trigger that follows it.
 */
static void run_then_class_tick(struct capsim_sim *s, int cpu, uint64_t ns)
{
	struct sim_rq *rq = &s->rq[cpu];

	sim_test_pass(s, ns);
	update_rq_clock(s, rq);
	update_curr(s, rq);
	rq->curr->sched_class->task_tick(s, rq, rq->curr);
}

/*
 * update_misfit_status() at the tick of a running fair task p: misfit_task_load is
 * max(task_h_load(p), 1), its load_avg without cgroups, unless p is allowed one CPU, or its CPU
 * already has p->max_allowed_capacity (the biggest capacity p may have), or p fits its CPU
 * (task_fits_cpu(): util_fits_cpu() of its util_est and clamps, here fits_capacity() of its
 * util). Four tasks run 100 ms alone from their start (util 231 on a little CPU) until their
 * util no longer fits a little CPU: "big" (all CPUs) on the little CPU0 is misfit; "pinned"
 * (CPU1 only) is not; "little" (CPUs 2-3) has the biggest capacity it may have; "onbig"
 * (CPU4 only, then any big CPU) does not fit CPU4 either, but no CPU is bigger.
 */
static void test_update_misfit_status(void **state)
{
	struct capsim_sim *s = sim_test_idle_default("{\"tasks\": {" TASK("big", ", \"cpus\": [0, 4]") ", "
					TASK("pinned", ", \"cpus\": [1]") ", "
					TASK("little", ", \"cpus\": [2, 3]") ", "
					TASK("onbig", ", \"cpus\": [4, 5, 6, 7]") "}}");
	const char *const names[] = { "big", "pinned", "little", "onbig" };
	const int cpus[] = { 0, 1, 2, 4 };

	(void)state;
	for (unsigned i = 0; i < 4; i++)
		task_start(s, sim_test_task(s, names[i]));
	for (unsigned i = 0; i < 4; i++)
		assert_int_equal(sim_test_task(s, names[i])->cpu, cpus[i]);
	/* at the start each fits (231 of 462): no misfit */
	assert_int_equal(s->rq[0].fc->misfit_task_load, 0);
	for (unsigned i = 0; i < 4; i++)
		run_then_class_tick(s, cpus[i], i ? 0 : 100 * MS);
	for (unsigned i = 0; i < 4; i++) {
		struct sim_task *p = sim_test_task(s, names[i]);
		uint64_t want = 0;

		assert_false(fits_capacity(p->avg.util_avg, s->rq[cpus[i]].cap_orig));
		if (p->nr_allowed > 1 && s->rq[cpus[i]].cap_orig != p->max_allowed_capacity)
			want = p->avg.load_avg > 1 ? p->avg.load_avg : 1;
		assert_int_equal(s->rq[cpus[i]].fc->misfit_task_load, want);
	}
	assert_int_not_equal(s->rq[0].fc->misfit_task_load, 0); /* "big" only */
	assert_int_equal(sim_test_task(s, "little")->max_allowed_capacity, 462);
	sim_free(s);
}

/*
 * The groups of CPU4's top domain (PKG: the big cluster, local, then the little one) as
 * update_sg_lb_stats() sums them from the engine's runqueues in an idle balance of CPU4, and
 * group_classify() classifies them, into @sgs.
 */
static void group_stats(struct capsim_sim *s, struct lb_sg_stats *sgs, bool *sg_overloaded)
{
	struct sim_rq *rq = &s->rq[4];
	const struct sim_sd *top = &rq->sd[rq->nr_sd - 1];
	const struct sd_domain *d = &s->plat->sd->domains[top->dom];
	struct lb_env env = {
		.sd_flags = d->flags,
		.imbalance_pct = sd_imbalance_pct(d->flags),
		.nr_cpus = s->nr_cpus,
		.dst_cpu = 4,
		.idle = LB_CPU_IDLE,
		.cpus = d->span,
	};
	bool sg_overutilized = false;

	assert_true(d->flags & SD_ASYM_CPUCAPACITY);
	assert_int_equal(env.imbalance_pct, 117);
	lb_env_rqs(s, &env);
	lb_env_groups(s, d, top->local_sg - d->first_group, &env);
	assert_int_equal(env.nr_groups, 2);
	/* the ring from the local group: the big cluster, then the little one */
	assert_true(capsim_cpumask_test(&env.groups[env.local_group].span, 4));
	assert_true(capsim_cpumask_test(&env.groups[(env.local_group + 1) % 2].span, 0));
	*sg_overloaded = false;
	for (unsigned k = 0; k < 2; k++) {
		unsigned g = (env.local_group + k) % 2;

		lb_update_sg_lb_stats(&env, g, k == 0, &sgs[k], sg_overloaded, &sg_overutilized);
		assert_int_equal(sgs[k].group_weight, 4);
	}
}

/*
 * group_classify() of the engine's groups, by the kernel's rules (imbalance_pct 117 at PKG):
 * - group_overloaded: more tasks than CPUs (sum_nr_running > group_weight) and the group's util
 *   or runnable above its capacity by imbalance_pct (group_is_overloaded());
 * - else group_misfit_task when one of its runqueues has a misfit task (SD_ASYM_CPUCAPACITY,
 *   not the local group), which also sets sg_overloaded (rd->overloaded);
 * - else group_has_spare while it has fewer tasks than CPUs (group_has_capacity()); an idle
 *   CPU counts in idle_cpus.
 * First nothing runs; then "big" runs 100 ms on CPU0 and no longer fits it (misfit); then four
 * more tasks join it on the little CPUs (two on CPU1) and all run 200 ms, long enough for their
 * util to fill the group.
 */
static void test_group_classification(void **state)
{
	struct capsim_sim *s = sim_test_idle_default("{\"tasks\": {" TASK("big", ", \"cpus\": [0, 4]") ", "
		TASK("a", ", \"cpus\": [1]") ", " TASK("b", ", \"cpus\": [1]") ", "
		TASK("c", ", \"cpus\": [2]") ", " TASK("d", ", \"cpus\": [3]") "}}");
	const char *const more[] = { "a", "b", "c", "d" };
	struct lb_sg_stats sgs[2];
	bool overloaded;

	(void)state;
	group_stats(s, sgs, &overloaded);
	for (unsigned g = 0; g < 2; g++) {
		assert_int_equal(sgs[g].sum_nr_running, 0);
		assert_int_equal(sgs[g].idle_cpus, 4);
		assert_int_equal(sgs[g].group_type, group_has_spare);
	}
	assert_false(overloaded);

	task_start(s, sim_test_task(s, "big"));
	run_then_class_tick(s, 0, 100 * MS);
	assert_int_not_equal(s->rq[0].fc->misfit_task_load, 0);
	group_stats(s, sgs, &overloaded);
	assert_int_equal(sgs[0].group_type, group_has_spare);
	assert_int_equal(sgs[1].sum_nr_running, 1);
	assert_int_equal(sgs[1].idle_cpus, 3);
	assert_int_equal(sgs[1].group_misfit_task_load, s->rq[0].fc->misfit_task_load);
	assert_int_equal(sgs[1].group_type, group_misfit_task);
	assert_true(overloaded);

	for (unsigned i = 0; i < 4; i++)
		task_start(s, sim_test_task(s, more[i]));
	assert_int_equal(s->rq[1].fc->nr_running, 2);
	for (int c = 0; c < 4; c++)
		run_then_class_tick(s, c, c ? 0 : 200 * MS);
	group_stats(s, sgs, &overloaded);
	assert_int_equal(sgs[1].sum_nr_running, 5);
	assert_int_equal(sgs[1].idle_cpus, 0);
	assert_true(sgs[1].group_capacity * 100 < sgs[1].group_util * 117 ||
		    sgs[1].group_capacity * 117 < sgs[1].group_runnable * 100);
	assert_int_equal(sgs[1].group_type, group_overloaded);
	assert_int_equal(sgs[0].group_type, group_has_spare);
	sim_free(s);
}

/*
 * idle_cpu() as the balance reads it (kernel/sched/syscalls.c): 0 while rq->ttwu_pending, a
 * wake-up queued on the CPU's wake list as it leaves its idle state (ttwu_queue_wakelist()),
 * though its runqueue is still empty and the idle task still runs. So update_sg_lb_stats()
 * counts 3 idle CPUs in the little group when CPU2 has a wake-up pending, 4 without, and
 * find_new_ilb() passes over it.
 */
static void test_idle_cpu_wake_list(void **state)
{
	struct capsim_sim *s = sim_test_idle_default("{\"tasks\": {" TASK("a", "") "}}");
	struct lb_sg_stats sgs[2];
	bool overloaded;

	(void)state;
	s->rq[2].fc->ttwu_pending = 1;
	assert_false(lb_idle_cpu(s, 2));
	assert_true(lb_idle_cpu(s, 3));
	group_stats(s, sgs, &overloaded);
	assert_int_equal(sgs[0].idle_cpus, 4);
	assert_int_equal(sgs[1].idle_cpus, 3);
	for (unsigned c = 1; c < 4; c++)
		s->rq[c].nohz_tick_stopped = true;
	assert_int_equal(find_new_ilb(s, &s->rq[0]), 1);
	s->rq[1].fc->ttwu_pending = 1;
	assert_int_equal(find_new_ilb(s, &s->rq[0]), 3);
	s->rq[1].fc->ttwu_pending = s->rq[2].fc->ttwu_pending = 0;
	sim_free(s);
}

/*
 * A misfit task leaves the little CPU by an active balance. The tick of CPU0 that finds "big"
 * misfit (test_update_misfit_status()) would also find CPU0 overutilized under EAS
 * (cpu_overutilized(): its util does not fit), which lets the balance run
 * (is_rd_overutilized(); without EAS, as here under the performance governor, it always
 * runs: sched_is_eas_possible() wants schedutil); then
 * sched_balance_trigger() -> nohz_balancer_kick() kicks the idle balancer for a CPU with a
 * misfit task (asym capacity and rq->misfit_task_load). Of the idle CPUs, the big cluster's
 * first, CPU4, balances at PKG (should_we_balance(): the first idle CPU of the local group);
 * the little group is misfit and CPU4 has more capacity (capacity_greater()), so
 * migrate_misfit with an imbalance of one task; the misfit task is running, so detach_tasks()
 * takes nothing and need_active_balance() (migrate_misfit) moves it:
 * active_load_balance_cpu_stop() -> CPU4, which runs it; CPU0 idles.
 */
static void test_misfit_active_balance(void **state)
{
	struct capsim_sim *s = sim_test_idle_default("{\"tasks\": {" TASK("big", "") "}}");
	struct sim_task *p = sim_test_task(s, "big");
	uint64_t migrations = s->misfit_migrations;

	(void)state;
	task_start(s, p);
	assert_int_equal(p->cpu, 0);
	run_then_class_tick(s, 0, 100 * MS);
	assert_int_not_equal(s->rq[0].fc->misfit_task_load, 0);
	assert_true(s->overutilized || !s->eas);
	sched_balance_trigger(s, &s->rq[0]);
	assert_int_equal(p->cpu, 4);
	assert_ptr_equal(s->rq[4].curr, p);
	assert_null(s->rq[0].curr);
	assert_int_equal(s->rq[0].fc->nr_running, 0);
	assert_int_equal(s->misfit_migrations, migrations + 1);
	assert_int_equal(p->st.migrations, 1);
	/* on the biggest CPU it may have, it is no longer misfit (its next tick there) */
	run_then_class_tick(s, 4, 4 * MS);
	assert_int_equal(s->rq[4].fc->misfit_task_load, 0);
	sim_free(s);
}

/*
 * The wake-up scan of 6.12 and of 7.3 on the same state, under v6.12 and v7.3 (the engine's
 * select_task_rq_fair()). Every CPU idles, the root domain is overutilized (no feec); "t" was
 * last on CPU0, wakes from CPU0 (wake_affine() keeps prev: this_cpu == prev) with util and
 * util_est 600 and no clamps, recent_used_cpu CPU0. select_idle_sibling(): CPU0 is idle but
 * asym_fits_cpu() fails (fits_capacity(600, 462): 600 x 1280 >= 462 x 1024), prev is target
 * and recent_used_cpu prev, so select_idle_capacity() over sd_asym_cpucapacity (PKG) from CPU0:
 * - 6.12 scans every CPU: CPUs 0-3 idle but misfit (util_fits_cpu() 0; CPU0 ranked first,
 *   1-3 not above its capacity), CPU4 fits (600 x 1280 < 1024 x 1024): CPU4;
 * - 7.3 scans while --nr > 0, nr = PKG's nr_idle_scan + 1: with nr_idle_scan 4 it looks at
 *   CPUs 0-3 only (rank ASYM_IDLE_COMPLETE_MISFIT, -3, CPU0 first) and stops at CPU4: CPU0;
 *   with 5 it reaches CPU4, which fits: CPU4; with 0, nr == 1: no scan, target: CPU0.
 */
static void test_wakeup_scan_7_3(void **state)
{
	static const struct {
		enum capsim_model model;
		int nr_idle_scan, cpu;
	} cases[] = { { CAPSIM_MODEL_V6_12, 0, 4 }, { CAPSIM_MODEL_V6_12, 4, 4 },
		      { CAPSIM_MODEL_V7_3, 4, 0 },  { CAPSIM_MODEL_V7_3, 5, 4 },
		      { CAPSIM_MODEL_V7_3, 0, 0 } };

	(void)state;
	for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		struct capsim_sim *s = sim_test_idle("{\"tasks\": {" TASK("t", "") "}}", cases[k].model);
		struct sim_task *t = sim_test_task(s, "t");
		unsigned pkg = s->rq[0].sd[1].dom;

		assert_true(s->plat->sd->domains[pkg].flags & SD_ASYM_CPUCAPACITY_FULL);
		for (int c = 1; c < 4; c++)
			assert_int_equal(s->rq[c].fc->capacity_of, s->rq[0].fc->capacity_of);
		s->overutilized = true;
		t->cpu = 0;
		t->recent_used_cpu = 0;
		t->avg.util_avg = 600;
		t->util_est = 600;
		s->nr_idle_scan[pkg] = cases[k].nr_idle_scan;
		assert_int_equal(select_task_rq_fair(s, t, 0, WF_TTWU), cases[k].cpu);
		sim_free(s);
	}
}

/*
 * 7.3's task_is_ineligible_on_dst_cpu() as lb_cfs_tasks() hands it to can_migrate_task()
 * (PLACE_LAG on, a fair task queued on dst, !entity_eligible() on the task's runqueue). "a" and
 * "b" (nice 0, CPU0 only) start on CPU0 and one of them runs 4 ms: its vruntime moves 4 ms
 * past the other's while V, the weighted average of both (equal weights), moves half that, so
 * the one that ran has V - v < 0 (not eligible) and the one that waited V - v > 0 (eligible).
 * "c" runs on CPU4 (h_nr_queued 1 there), CPU5 has nothing: for dst 4 the one that ran is
 * ineligible, the other not; for dst 5 neither (the kernel's test of dst's queue comes first).
 */
static void test_lb_task_ineligible(void **state)
{
	struct capsim_sim *s = sim_test_idle("{\"tasks\": {"
		"\"a\": {\"cpus\": [0], \"delay\": 10000000, \"loop\": 1, \"run\": 200000000}, "
		"\"b\": {\"cpus\": [0], \"delay\": 10000000, \"loop\": 1, \"run\": 200000000}, "
		"\"c\": {\"cpus\": [4], \"delay\": 10000000, \"loop\": 1, \"run\": 200000000}}}",
		CAPSIM_MODEL_V7_3);
	struct sim_task *tasks[LB_NR_MIGRATE], *ran;
	struct lb_task view[LB_NR_MIGRATE];
	unsigned order[LB_NR_MIGRATE];
	struct sim_rq *rq = &s->rq[0];

	(void)state;
	task_start(s, sim_test_task(s, "a"));
	task_start(s, sim_test_task(s, "b"));
	task_start(s, sim_test_task(s, "c"));
	assert_int_equal(rq->fc->nr_running, 2);
	assert_ptr_equal(s->rq[4].curr, sim_test_task(s, "c"));
	ran = rq->curr;
	sim_test_pass(s, 4 * MS);
	update_rq_clock(s, rq);
	update_curr(s, rq);
	assert_int_equal(lb_cfs_tasks(s, 0, 4, tasks, view, order), 2);
	for (unsigned i = 0; i < 2; i++)
		assert_int_equal(view[i].ineligible, tasks[i] == ran);
	assert_int_equal(lb_cfs_tasks(s, 0, 5, tasks, view, order), 2);
	for (unsigned i = 0; i < 2; i++)
		assert_false(view[i].ineligible);
	sim_free(s);
}

/*
 * 6.1.192's load_balance() counts a failed misfit balance (6.12 leaves nr_balance_failed and
 * the interval alone for migrate_misfit): "big" may run on CPUs 0 and 5 only and runs 100 ms
 * on the little CPU0, misfit there (6.1's update_misfit_status(): two CPUs allowed, its util
 * does not fit 462). CPU4, the big group's first idle CPU, balances at PKG (sd[1]): the
 * little group is misfit (migrate_misfit, imbalance 1), CPU0 the busiest with one task, so no
 * detach_tasks(); need_active_balance() says yes (migrate_misfit) but "big" may not run on
 * CPU4: out_one_pinned, nothing moved. Under v6.1 nr_balance_failed goes 0 -> 1 and the
 * interval, at its minimum (4 ms: sd_weight), doubles ("balance_interval < max_interval");
 * under v6.12 both stay. And 6.1's CFS last buddy reaches task_hot() through lb_cfs_tasks().
 */
static void test_misfit_failure_counted_6_1(void **state)
{
	const enum capsim_model models[] = { CAPSIM_MODEL_V6_12, CAPSIM_MODEL_V6_1 };

	(void)state;
	for (unsigned m = 0; m < 2; m++) {
		struct capsim_sim *s = sim_test_idle("{\"tasks\": {"
			"\"big\": {\"cpus\": [0, 5], \"delay\": 10000000, \"loop\": 1, "
			"\"run\": 1000000000}}}", models[m]);
		struct sim_task *p = sim_test_task(s, "big");
		struct sim_sd *sd = &s->rq[4].sd[1];
		uint64_t interval = sd->balance_interval;
		bool cont = true;

		task_start(s, p);
		assert_int_equal(p->cpu, 0);
		run_then_class_tick(s, 0, 100 * MS);
		assert_int_not_equal(s->rq[0].fc->misfit_task_load, 0);
		assert_int_equal(sd->nr_balance_failed, 0);
		assert_int_equal(interval, sd->min_interval);
		assert_int_equal(sched_balance_rq(s, 4, 1, LB_CPU_IDLE, &cont, &(struct sd_walk){ 0 }),
				 0);
		assert_int_equal(p->cpu, 0);
		assert_int_equal(sd->nr_balance_failed, m);
		assert_int_equal(sd->balance_interval, m ? 2 * interval : interval);
		if (m) { /* CFS's cfs_rq->last, as check_preempt_wakeup() leaves it */
			struct sim_task *tasks[LB_NR_MIGRATE];
			struct lb_task view[LB_NR_MIGRATE];
			unsigned order[LB_NR_MIGRATE];

			s->rq[0].cfs61.last_buddy = &p->cse;
			assert_int_equal(lb_cfs_tasks(s, 0, 4, tasks, view, order), 1);
			assert_true(view[0].last_buddy);
			s->rq[0].cfs61.last_buddy = NULL;
		}
		sim_free(s);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_update_misfit_status),
		cmocka_unit_test(test_group_classification),
		cmocka_unit_test(test_idle_cpu_wake_list),
		cmocka_unit_test(test_misfit_active_balance),
		cmocka_unit_test(test_wakeup_scan_7_3),
		cmocka_unit_test(test_lb_task_ineligible),
		cmocka_unit_test(test_misfit_failure_counted_6_1),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
