// SPDX-License-Identifier: MIT
/*
 * test_task_exec.c - unit tests of the engine's task execution (src/sim/task_exec.c): the
 * new task's start (wake_up_new_task(): its class's select_task_rq() with WF_FORK, then
 * post_init_entity_util_avg() on the chosen CPU), the wake-up (try_to_wake_up(): a task with
 * one allowed CPU goes there without asking its class, a move detaches its PELT from the old
 * rq and attaches it to the new one), and what a switch-out accounts (the run time, the rq's
 * PELT clock, the task's PELT). On a HiKey960 run with nothing started (sim_test_idle():
 * CPUs 0-3 of capacity 462, 4-7 of 1024, at their reference frequencies); time passes by
 * moving s->now between calls. The expected values are derived from the kernel's rules (6.12),
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

#include "sim/sim.h"
#include "sim/sim_pressure.h"
#include "sim_test_util.h"

#define MS 1000000ULL

/* a task starting after 10 s (never, in the 1 ms run), with @extra JSON */
#define TASK(name, extra) \
	"\"" name "\": {\"delay\": 10000000, \"loop\": 1, \"run\": 100000" extra "}"

/* the kernel's cap_scale(): @v x @c >> SCHED_CAPACITY_SHIFT */
static uint64_t scale(uint64_t v, uint64_t c)
{
	return v * c >> 10;
}

/*
 * post_init_entity_util_avg()'s share under each model, on CPU4 (arch 1024) of a cfs_rq with
 * util_avg 100 and load_avg 3071 (three nice-0 tasks less rounding): cap = (1024 - 100) / 2 =
 * 462. 6.12 (and v6.10) weigh by se_weight(se) = 1024: 100 x 1024 / 3072 = 33, below the cap.
 * 6.1.192 weighs by se->load.weight, scale_load(1024) = 1024 << 10 on 64-bit: 100 x 1048576 /
 * 3072 = 34133, above the cap: 462. runnable_avg follows util_avg.
 */
static void post_init_share_case(enum capsim_model model, uint64_t want)
{
	struct capsim_sim *s = sim_test_idle("{\"tasks\": {" TASK("c", ", \"cpus\": [4]") "}}", model);
	struct sim_task *c = sim_test_task(s, "c");

	s->rq[4].fc->cfs_avg.util_avg = 100;
	s->rq[4].fc->cfs_avg.load_avg = 3071;
	task_post_init_util(s, &s->rq[4], c);
	assert_int_equal(c->avg.util_avg, want);
	assert_int_equal(c->avg.runnable_avg, want);
	sim_free(s);
}

static void test_new_task_util_share_v6_1(void **state)
{
	(void)state;
	post_init_share_case(CAPSIM_MODEL_V6_1, 462);
	post_init_share_case(CAPSIM_MODEL_V6_12, 100 * 1024 / 3072);
	post_init_share_case(CAPSIM_MODEL_V6_10, 100 * 1024 / 3072);
}

/*
 * post_init_entity_util_avg() on the CPU wake_up_new_task() chose: a new fair task's util_avg
 * is half the capacity the cfs_rq leaves, cap = (arch capacity - cfs util_avg) / 2, or, on a
 * cfs_rq with util, its util scaled by the task's share of the load,
 * cfs util_avg x weight / (cfs load_avg + 1), at most cap; runnable_avg the same. attach
 * (enqueue_load_avg()) adds them to the cfs_rq. init_entity_runnable_average() gives every
 * task load_avg = its weight; a task of another class gets no util.
 * a on the idle little CPU0: 462 / 2 = 231. b on the idle big CPU4: 1024 / 2 = 512. c after b
 * on CPU4: cap = (1024 - 512) / 2 = 256, the share 512 x 1024 / 1025 = 511: 256.
 */
static void test_new_task_util(void **state)
{
	struct capsim_sim *s = sim_test_idle_default("{\"tasks\": {" TASK("a", ", \"cpus\": [0]") ", "
		TASK("b", ", \"cpus\": [4]") ", " TASK("c", ", \"cpus\": [4]") ", "
		TASK("r", ", \"cpus\": [5], \"policy\": \"SCHED_FIFO\"") "}}");
	struct sim_task *a = sim_test_task(s, "a"), *b = sim_test_task(s, "b");
	struct sim_task *c = sim_test_task(s, "c"), *r = sim_test_task(s, "r");

	(void)state;
	assert_int_equal(s->rq[0].cap_orig, 462);
	assert_int_equal(s->rq[4].cap_orig, 1024);
	task_start(s, a);
	assert_int_equal(a->cpu, 0);
	assert_int_equal(a->avg.util_avg, 462 / 2);
	assert_int_equal(a->avg.runnable_avg, 462 / 2);
	assert_int_equal(a->avg.load_avg, 1024);
	task_start(s, b);
	assert_int_equal(b->avg.util_avg, 1024 / 2);
	assert_int_equal(s->rq[4].fc->cfs_avg.util_avg, 512);
	assert_int_equal(s->rq[4].fc->cfs_avg.load_avg, 1024);
	task_start(s, c);
	assert_int_equal(c->avg.util_avg, 512 * 1024 / 1025 < 256 ? 512 * 1024 / 1025 : 256);
	assert_int_equal(s->rq[4].fc->cfs_avg.util_avg, 512 + 256);
	task_start(s, r);
	assert_int_equal(r->cpu, 5);
	assert_int_equal(r->avg.util_avg, 0);
	assert_int_equal(r->avg.load_avg, r->weight);
	assert_int_equal(s->rq[5].fc->cfs_avg.util_avg, 0);
	sim_free(s);
}

/*
 * wake_up_new_task() asks the task's own class (select_task_rq() with WF_FORK): an RT task
 * forked where a higher RT task runs goes through select_task_rq_rt(), which leaves a CPU whose
 * running RT task it cannot preempt for the lowest-priority CPU that fits it (find_lowest_rq()
 * with cpupri, here an idle one; on asymmetric capacities rt_task_fits_capacity(): arch capacity
 * at least its uclamp_min, 1024 for RT tasks by default, so a big CPU). A fair task forked then
 * (sched_balance_find_dst_cpu()) goes to an idle CPU, not to the busy CPU0 nor to the RT task's.
 */
static void test_fork_asks_the_task_class(void **state)
{
	struct capsim_sim *s = sim_test_idle_default("{\"tasks\": {"
		TASK("hi", ", \"cpus\": [0], \"policy\": \"SCHED_FIFO\", \"priority\": 90") ", "
		TASK("rt", ", \"policy\": \"SCHED_FIFO\", \"priority\": 10") ", "
		TASK("f", "") "}}");
	struct sim_task *hi = sim_test_task(s, "hi"), *rt = sim_test_task(s, "rt");
	struct sim_task *f = sim_test_task(s, "f");

	(void)state;
	task_start(s, hi);
	assert_ptr_equal(s->rq[0].curr, hi);
	assert_int_equal(rt->cpu, 0); /* where a new task is before its fork's placement */
	task_start(s, rt);
	assert_int_not_equal(rt->cpu, 0);
	assert_ptr_equal(s->rq[rt->cpu].curr, rt);
	assert_int_equal(s->rq[rt->cpu].fc->nr_running, 1);
	if (rt->uclamp_eff[0] > 462)
		assert_int_equal(s->rq[rt->cpu].cap_orig, 1024);
	task_start(s, f);
	assert_int_not_equal(f->cpu, 0);
	assert_int_not_equal(f->cpu, rt->cpu);
	assert_ptr_equal(s->rq[f->cpu].curr, f);
	assert_int_equal(s->rq[f->cpu].fc->nr_running, 1);
	sim_free(s);
}

/*
 * A fair fork takes sched_balance_find_dst_cpu() from CPU 0 (where rt-app's own threads are
 * made). "a" stays on the idle CPU0: at PKG both clusters have 4 idle CPUs (the local group is
 * kept on a tie), at MC every CPU is as idle as CPU0. "b" then: the big cluster has 4 idle
 * CPUs to the little one's 3, so the walk goes there, and sched_balance_find_dst_group_cpu()
 * takes the idle CPU in the shallowest cpuidle state, CPU4 being in its first DT state (exit
 * latency above WFI's 1 µs) and CPUs 5-7 in WFI, the most recently idled of those (idle_stamp
 * 2000 on CPU6, 1000 on CPU7, 0 on CPU5): CPU6. Capsim's former rule (the fewest tasks, then the
 * lowest util, then the lowest number) put "b" on CPU1.
 */
static void test_fork_finds_dst_cpu(void **state)
{
	struct capsim_sim *s = sim_test_idle_default("{\"tasks\": {" TASK("a", "") ", " TASK("b", "") "}}");
	struct sim_task *a = sim_test_task(s, "a"), *b = sim_test_task(s, "b");

	(void)state;
	assert_true(s->plat->cpus[4].nr_idle >= 1);
	assert_true(s->plat->cpus[4].idle[0].wakeup_us > 1);
	for (int c = 4; c < 8; c++) {
		s->rq[c].in_idle = true;
		s->rq[c].idle_entry_deferred = false;
		s->rq[c].idle_state = c == 4;
	}
	s->rq[5].idle_stamp = 0;
	s->rq[6].idle_stamp = 2000;
	s->rq[7].idle_stamp = 1000;
	task_start(s, a);
	assert_int_equal(a->cpu, 0);
	task_start(s, b);
	assert_int_equal(b->cpu, 6);
	sim_free(s);
}

/*
 * try_to_wake_up() of a task with one allowed CPU: select_task_rq() takes cpumask_any() of its
 * mask without asking the class, and set_task_cpu() moves it: migrate_task_rq_fair() puts its
 * PELT into the old cfs_rq's removed load (remove_entity_load_avg()), which CPU0's next update
 * takes off (sub_positive), then decays it to about now since CPU0 idles
 * (migrate_se_pelt_lag(): never up); the enqueue attaches it to the new one
 * (attach_entity_load_avg(): util_avg in, last_update_time the cfs_rq's), and the move is
 * counted. t (CPUs 0 and 4) forks onto CPU0 (both idle, CPU0
 * first), runs 2 ms and sleeps; it is then allowed CPU4 only (as sched_setaffinity() would)
 * and wakes at the same instant: it runs on the idle CPU4, whose wake-up preempts its idle task.
 */
static void test_wakeup_moves_pelt(void **state)
{
	struct capsim_sim *s = sim_test_idle_default("{\"tasks\": {" TASK("t", ", \"cpus\": [0, 4]") "}}");
	struct sim_task *t = sim_test_task(s, "t");
	uint64_t util, rq0_util, removed, migrations = s->migrations;

	(void)state;
	task_start(s, t);
	assert_int_equal(t->cpu, 0);
	sim_test_pass(s, 2 * MS);
	sim_test_sleep(s, t);
	util = t->avg.util_avg;
	rq0_util = s->rq[0].fc->cfs_avg.util_avg;
	assert_true(util > 0);
	t->allowed = (capsim_cpumask){ { 0 } };
	capsim_cpumask_set(&t->allowed, 4);
	t->nr_allowed = 1;
	task_wake(s, t, t->cpu);
	assert_int_equal(t->cpu, 4);
	assert_ptr_equal(s->rq[4].curr, t);
	assert_null(s->rq[0].curr);
	removed = s->rq[0].cfs_removed.util_avg;
	assert_int_equal(s->rq[0].cfs_removed.nr, 1);
	assert_int_equal(removed, util); /* synced to CPU0's last update: its sleep, this instant */
	rq0_util = s->rq[0].fc->cfs_avg.util_avg; /* still with t's util until its next update */
	assert_true(rq0_util >= removed);
	/* the lag then decays t itself to CPU0's idle clock: it attaches with no more */
	assert_true(s->rq[4].fc->cfs_avg.util_avg <= removed);
	assert_int_equal(s->rq[4].fc->cfs_avg.util_avg, t->avg.util_avg);
	assert_int_equal(t->avg.last_update_time, s->rq[4].fc->cfs_avg.last_update_time);
	assert_int_equal(t->st.migrations, 1);
	assert_int_equal(s->migrations, migrations + 1);
	rq_update_blocked(s, &s->rq[0]); /* at the same instant: nothing decays */
	assert_int_equal(s->rq[0].cfs_removed.nr, 0);
	assert_int_equal(s->rq[0].fc->cfs_avg.util_avg, rq0_util > removed ? rq0_util - removed : 0);
	sim_free(s);
}

/*
 * What a wake-up's feec reads of the CPU a task has just left (docs/model.md, the default
 * scenario's surfaceflinger moves): cpu_util() reads that cfs_rq's util_avg as it is, so while
 * the idle source waits for its next update_cfs_rq_load_avg() the task's util counts there too
 * (cfs_rq->removed), and only that update takes it off. t, alone on CPU0, runs and sleeps, then
 * wakes allowed CPU4 only: CPU0, with no task left, still shows at least t's util to the next
 * placement; after CPU0's blocked update it shows only what rounding left (less than t's).
 */
static void test_feec_sees_removed_load(void **state)
{
	struct capsim_sim *s = sim_test_idle_default("{\"tasks\": {" TASK("t", ", \"cpus\": [0, 4]") "}}");
	struct sim_task *t = sim_test_task(s, "t");
	uint64_t util;

	(void)state;
	task_start(s, t);
	sim_test_pass(s, 2 * MS);
	sim_test_sleep(s, t);
	util = t->avg.util_avg;
	assert_true(util > 0 && util < s->rq[0].cap_orig); /* not cut by CPU0's capacity */
	t->allowed = (capsim_cpumask){ { 0 } };
	capsim_cpumask_set(&t->allowed, 4);
	t->nr_allowed = 1;
	task_wake(s, t, t->cpu);
	assert_int_equal(t->cpu, 4);
	sim_pressure_refresh_views(s); /* as select_task_rq_fair() does before feec */
	assert_true(cpu_util_cfs(&s->rd, 0) >= util);
	assert_int_equal(s->rq[0].cfs_removed.nr, 1);
	rq_update_blocked(s, &s->rq[0]);
	sim_pressure_refresh_views(s);
	assert_int_equal(s->rq[0].cfs_removed.nr, 0);
	assert_true(cpu_util_cfs(&s->rd, 0) < util);
	sim_free(s);
}

/*
 * What a switch-out accounts. update_curr() charges the running task the rq clock_task that
 * passed (sum_exec_runtime): t runs 3 ms and sleeps, 3 ms; woken, it runs 1 ms more until an
 * RT task wakes on its CPU and preempts it (put_prev_task_fair()), 4 ms in all.
 * update_rq_clock_pelt(): while a task runs, clock_pelt moves by the time scaled by the CPU's
 * capacity and frequency, cap_scale(cap_scale(delta, arch capacity), freq scale) with
 * cap_scale(v, c) = v x c >> 10; an idle CPU's clock_pelt is its clock_task
 * (_update_idle_rq_clock_pelt()). The dequeue and put_prev bring the task's PELT up to that
 * clock: its last_update_time is the clock less what is short of a whole 1024 ns period
 * (___update_load_sum()). Once the CPU idles, clock_pelt is synced to clock_task again.
 */
static void test_switch_out_accounting(void **state)
{
	struct capsim_sim *s = sim_test_idle_default("{\"tasks\": {" TASK("t", ", \"cpus\": [0]") ", "
		TASK("r", ", \"cpus\": [0], \"policy\": \"SCHED_FIFO\"") "}}");
	struct sim_rq *rq = &s->rq[0];
	struct sim_task *t = sim_test_task(s, "t"), *r = sim_test_task(s, "r");
	uint64_t pelt0, run = 3 * MS;

	(void)state;
	task_start(s, t);
	assert_int_equal(rq->clk.clock_pelt, rq->clk.clock_task); /* it was idle */
	assert_int_equal(rq->freq_scale, 1024); /* the performance governor: freq_ref */
	pelt0 = rq->clk.clock_pelt;
	sim_test_pass(s, run);
	rq_dequeue(s, rq, t, true); /* its sleep, before __schedule() */
	assert_int_equal(t->st.runtime_ns, run);
	assert_int_equal(rq->clk.clock_pelt, pelt0 + scale(scale(run, 462), 1024));
	assert_true(rq->clk.clock_pelt - t->avg.last_update_time < 1024);
	assert_int_equal(t->state, TASK_BLOCKED);
	rq_resched(s, rq);
	assert_null(rq->curr);
	assert_int_equal(rq->clk.clock_pelt, rq->clk.clock_task);

	sim_test_pass(s, 1 * MS); /* asleep */
	task_wake(s, t, t->cpu);
	assert_ptr_equal(rq->curr, t);
	assert_int_equal(rq->clk.clock_pelt, rq->clk.clock_task); /* idle until now */
	pelt0 = rq->clk.clock_pelt;
	sim_test_pass(s, 1 * MS);
	task_start(s, r);
	assert_ptr_equal(rq->curr, r);
	assert_int_equal(t->state, TASK_RUNNABLE);
	assert_int_equal(t->st.runtime_ns, run + 1 * MS);
	assert_int_equal(rq->clk.clock_pelt, pelt0 + scale(scale(1 * MS, 462), 1024));
	assert_true(rq->clk.clock_pelt - t->avg.last_update_time < 1024);
	sim_free(s);
}

/* @t's work left after task_progress() of @delta ns from @work_left on @rq */
static uint64_t progress(struct sim_task *t, const struct sim_rq *rq, uint64_t work_left,
			 uint64_t delta)
{
	t->work_left = work_left;
	task_progress(t, rq, delta);
	return t->work_left;
}

/*
 * task_progress(): a run's work left falls by floor(delta x num / den) for the CPU's speed
 * num / den = capacity_orig x delivered kHz / freq_ref (rq_speed_of()), down to 0, whatever
 * the widths. CPU4 (capacity 1024, freq_ref 2362000 kHz) delivering 903000 kHz: num = 1024 x
 * 903000 = 924672000, den = 2362000. The expected quotients are floor(delta x 924672000 /
 * 2362000) in exact integers: 1 ms (a product below 2^64 of 32-bit factors) 391478408; 5 s
 * (delta above 2^32, product below 2^64) 1957392040643; 100 s (product 92467200000000000000,
 * above 2^64: its high 64 bits are 5) 39147840812870, which leaves 0 of exactly that much work
 * and 1 of one unit more; 1000 s's is above 10^14, which it leaves at 0. task_time_to_done(),
 * the time the work left takes, ceil(work x den / num): 10^9 takes 2554420 ns, 10^14 (work x
 * den above 2^64) 255441929679 ns.
 */
static void test_progress_widths(void **state)
{
	struct capsim_sim *s = sim_test_idle_default("{\"tasks\": {" TASK("t", ", \"cpus\": [4]") "}}");
	struct sim_task *t = sim_test_task(s, "t");
	struct sim_rq *rq = &s->rq[4];
	const uint64_t w = 100000000000000ULL, q100 = 39147840812870ULL;

	(void)state;
	rq->delivered_khz = 903000;
	rq_speed_update(rq);
	t->in_cpu_event = true;
	assert_int_equal(progress(t, rq, w, 1 * MS), w - 391478408ULL);
	assert_int_equal(progress(t, rq, w, 5000 * MS), w - 1957392040643ULL);
	assert_int_equal(progress(t, rq, w, 100000 * MS), w - q100);
	assert_int_equal(progress(t, rq, q100, 100000 * MS), 0);
	assert_int_equal(progress(t, rq, q100 + 1, 100000 * MS), 1);
	assert_int_equal(progress(t, rq, w, 1000000 * MS), 0);
	t->work_left = 1000000000;
	assert_int_equal(task_time_to_done(s, t, rq), 2554420);
	t->work_left = w;
	assert_int_equal(task_time_to_done(s, t, rq), 255441929679ULL);
	sim_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_new_task_util),
		cmocka_unit_test(test_new_task_util_share_v6_1),
		cmocka_unit_test(test_fork_asks_the_task_class),
		cmocka_unit_test(test_fork_finds_dst_cpu),
		cmocka_unit_test(test_wakeup_moves_pelt),
		cmocka_unit_test(test_feec_sees_removed_load),
		cmocka_unit_test(test_switch_out_accounting),
		cmocka_unit_test(test_progress_widths),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
