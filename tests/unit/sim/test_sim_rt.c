// SPDX-License-Identifier: MIT
/*
 * test_sim_rt.c - unit tests of the RT class on the engine's runqueues (src/sim/rt.c) beyond
 * test_core.c's priorities and FIFO order: SCHED_RR's time slice at the tick. On a HiKey960 run
 * with nothing started (sim_test_idle()), whose tasks the test starts and ticks itself
 * (rq_tick(), sched_tick()), moving the simulated clock s->now by a tick between calls. The
 * expected values are derived from kernel/sched/rt.c (6.12), named in each test's comment.
 * The engine has no RT push/pull (push_rt_task(), pull_rt_task()): RT tasks are placed at
 * their wake-up only (select_task_rq_rt(), test_task_exec.c).
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
#include "sim_test_util.h"

#define MS 1000000ULL

/* an RT task pinned to CPU0 that starts after 10 s (never, in the 1 ms run) */
#define RT(name, policy, prio) \
	"\"" name "\": {\"cpus\": [0], \"delay\": 10000000, \"loop\": 1, \"run\": 1000000, " \
	"\"policy\": \"" policy "\", \"priority\": " #prio "}"

/* RR_TIMESLICE, include/linux/sched/rt.h: 100 ms in ticks (jiffies), 100 x HZ / 1000 */
static unsigned rr_ticks(const struct capsim_sim *s)
{
	return 100 * s->opt.hz / 1000;
}

/* @n scheduler ticks of CPU0, one every TICK_NSEC */
static void ticks(struct capsim_sim *s, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		sim_test_pass(s, 1000000000ULL / s->opt.hz);
		rq_tick(s, &s->rq[0]);
	}
}

/*
 * task_tick_rt(): a SCHED_RR task's time_slice (sched_rr_timeslice at fork) counts the ticks
 * it is running at, not its run time; at 0 it is refilled, and the task goes to the tail of its
 * priority's list (requeue_task_rt()) with resched_curr() if another task shares that list.
 * A and B (SCHED_RR, priority 10) start 1 ms before a tick, A first: A runs through the first
 * RR_TIMESLICE - 1 ticks and is rotated out at the next (when it has run 97 ms, not 100), then
 * B runs RR_TIMESLICE ticks, then A again.
 */
static void test_rr_slice_in_ticks(void **state)
{
	struct capsim_sim *s = sim_test_idle_default("{\"tasks\": {" RT("a", "SCHED_RR", 10) ", "
					RT("b", "SCHED_RR", 10) "}}");
	struct sim_rq *rq = &s->rq[0];
	struct sim_task *a = sim_test_task(s, "a"), *b = sim_test_task(s, "b");
	unsigned n = rr_ticks(s);

	(void)state;
	assert_int_equal(n, 25); /* HZ 250 */
	task_start(s, a);
	task_start(s, b);
	assert_ptr_equal(rq->curr, a);
	sim_test_pass(s, 1 * MS); /* the first tick, 1 ms after the start */
	rq_tick(s, rq);
	ticks(s, n - 2);
	assert_ptr_equal(rq->curr, a);
	ticks(s, 1);
	assert_ptr_equal(rq->curr, b);
	assert_int_equal(a->state, TASK_RUNNABLE);
	ticks(s, n - 1);
	assert_ptr_equal(rq->curr, b);
	ticks(s, 1);
	assert_ptr_equal(rq->curr, a);
	sim_free(s);
}

/*
 * A SCHED_RR task alone on its priority's list is not requeued when its slice ends, though a
 * lower-priority RT task is queued (the list is per priority: run_list.prev == next): it keeps
 * running and stays at the head of its list. So when a higher task H then preempts it and
 * sleeps, it runs again before B, of its priority, queued behind it meanwhile (a preempted
 * task keeps its place, test_core.c's test_rt_priority_then_fifo()).
 */
static void test_rr_alone_at_its_priority_keeps_its_place(void **state)
{
	struct capsim_sim *s = sim_test_idle_default("{\"tasks\": {" RT("a", "SCHED_RR", 10) ", "
		RT("lo", "SCHED_FIFO", 5) ", " RT("b", "SCHED_FIFO", 10) ", "
		RT("h", "SCHED_FIFO", 50) "}}");
	struct sim_rq *rq = &s->rq[0];
	struct sim_task *a = sim_test_task(s, "a"), *h = sim_test_task(s, "h");

	(void)state;
	task_start(s, a);
	task_start(s, sim_test_task(s, "lo"));
	ticks(s, rr_ticks(s) + 1);
	assert_ptr_equal(rq->curr, a);
	task_start(s, sim_test_task(s, "b"));
	assert_ptr_equal(rq->curr, a); /* an equal priority does not preempt */
	task_start(s, h);
	assert_ptr_equal(rq->curr, h);
	sim_test_sleep(s, h);
	assert_ptr_equal(rq->curr, a);
	sim_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rr_slice_in_ticks),
		cmocka_unit_test(test_rr_alone_at_its_priority_keeps_its_place),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
