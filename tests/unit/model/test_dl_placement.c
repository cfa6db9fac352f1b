// SPDX-License-Identifier: MIT
/*
 * test_dl_placement.c - tests src/model/dl_placement.c, the deadline class's wake-up placement
 * (select_task_rq_dl(), find_later_rq(), cpudl_find()), on the cases the sugov kthread meets
 * and a few around them; `make kernel-check` (group deadline) compares it with the kernel's
 * code on generated ones. The kthread's density is to_ratio(10 ms, 1 ms) = (1e6 << 20) / 1e7 =
 * 104857, so it fits a CPU of capacity at least 104857 >> 10 = 102 (dl_task_fits_capacity()).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "model/dl_placement.h"

/* Four CPUs: two of capacity @small, two of 1024; one wake-affine level over all of them. */
static void machine(struct dl_rd *rd, uint64_t small)
{
	memset(rd, 0, sizeof(*rd));
	rd->nr_cpus = 4;
	rd->asym = small != 1024;
	for (unsigned c = 0; c < 4; c++) {
		rd->cpus[c].arch_cap = c < 2 ? small : 1024;
		rd->cpus[c].curr_nr_cpus_allowed = 1;
		capsim_cpumask_set(&rd->levels[0].span, c);
	}
	rd->nr_levels = 1;
	rd->levels[0].wake_affine = true;
}

/* the sugov kthread of a policy of CPUs @first..@last, asleep on @prev */
static struct dl_task kthread(unsigned first, unsigned last, int prev)
{
	struct dl_task p = { .special = true, .prev_cpu = prev,
			     .dl_density = dl_to_ratio(10000000, 1000000) };

	for (unsigned c = first; c <= last; c++)
		capsim_cpumask_set(&p.allowed, c);
	return p;
}

static void test_density(void **state)
{
	struct dl_rd rd;
	struct dl_task p = kthread(0, 1, 0);

	(void)state;
	assert_int_equal(p.dl_density, 104857);
	machine(&rd, 102);
	assert_true(dl_task_fits_capacity(&rd, &p, 0));
	rd.cpus[0].arch_cap = 101;
	assert_false(dl_task_fits_capacity(&rd, &p, 0));
	assert_int_equal(dl_to_ratio(0, 1000), 0);             /* no period */
	assert_int_equal(dl_to_ratio(10, UINT64_MAX), 1 << 20); /* RUNTIME_INF */
}

/* The engine's case: it stays where it slept, whatever runs there (nothing DL does). */
static void test_sugov_stays(void **state)
{
	struct dl_rd rd;
	struct dl_task p = kthread(2, 3, 3);
	struct dl_place_result res;
	int cursor = 0;

	(void)state;
	machine(&rd, 462);
	rd.cpus[3].curr_nr_cpus_allowed = 4; /* a fair task runs there */
	assert_int_equal(dl_select_task_rq(&rd, &p, 0, &cursor, &res), 3);
	assert_false(res.flr_called);
	assert_int_equal(cursor, 0);
	/* another policy's kthread running elsewhere changes nothing */
	rd.cpus[0].curr_dl = rd.cpus[0].curr_special = true;
	rd.cpus[0].dl_nr_running = 1;
	assert_int_equal(dl_select_task_rq(&rd, &p, 0, &cursor, &res), 3);
}

/*
 * Its CPU is below its density (asymmetric capacities): cpudl_find() keeps the free CPUs it
 * fits, here 2 and 3; prev (0) and the waker (1) are not among them, so the wake-affine level
 * gives cpumask_any_and_distribute() after the cursor (0): CPU2, which has no deadline task.
 */
static void test_too_small_moves(void **state)
{
	struct dl_rd rd;
	struct dl_task p = kthread(0, 3, 0);
	struct dl_place_result res;
	int cursor = 0;

	(void)state;
	machine(&rd, 100);
	assert_int_equal(dl_select_task_rq(&rd, &p, 1, &cursor, &res), 2);
	assert_true(res.flr_called);
	assert_int_equal(res.find_later_rq, 2);
	assert_int_equal(cursor, 2);
	/* bound to the small CPUs, both too small and equal: the biggest of them, prev first */
	p = kthread(0, 1, 1);
	cursor = 0;
	assert_int_equal(dl_select_task_rq(&rd, &p, 0, &cursor, &res), 1);
	assert_int_equal(res.find_later_rq, 1);
}

/*
 * A deadline task p does not preempt (an earlier deadline, not special) runs on prev: another
 * free CPU; a pinned one likewise, even for a special p. A special p preempts an unpinned one.
 */
static void test_dl_curr(void **state)
{
	struct dl_rd rd;
	struct dl_task p = kthread(0, 3, 0);
	struct dl_place_result res;
	int cursor = 0;

	(void)state;
	machine(&rd, 1024);
	rd.cpus[0] = (struct dl_cpu){ .curr_dl = true, .curr_deadline = 500, .curr_nr_cpus_allowed = 4,
				      .dl_nr_running = 1, .earliest_dl = 500, .arch_cap = 1024 };
	assert_int_equal(dl_select_task_rq(&rd, &p, 0, &cursor, &res), 0); /* special: stays */
	p.special = false;
	p.deadline = 1000;
	assert_int_equal(dl_select_task_rq(&rd, &p, 0, &cursor, &res), 1);
	p.deadline = 100; /* earlier: p preempts it */
	assert_int_equal(dl_select_task_rq(&rd, &p, 0, &cursor, &res), 0);
	p.special = true;
	rd.cpus[0].curr_nr_cpus_allowed = 1;
	cursor = 0;
	assert_int_equal(dl_select_task_rq(&rd, &p, 0, &cursor, &res), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_density),
		cmocka_unit_test(test_sugov_stays),
		cmocka_unit_test(test_too_small_moves),
		cmocka_unit_test(test_dl_curr),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
