// SPDX-License-Identifier: MIT
/*
 * test_rt_placement.c - tests src/model/rt_placement.c's rt_prio() by model: an RT task wakes
 * on CPU 0, whose curr is a deadline task (prio -1, as the sugov kthread), CPU 1 idle. Expected
 * values by hand from the kernels' code; `make kernel-check` (groups rt_placement,
 * rt_placement_6_1, rt_placement_7_3) compares the rest on generated cases.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "model/model.h"
#include "model/rt_placement.h"

/* Two CPUs of 1024 (no asymmetry: rt_task_fits_capacity() true), one wake-affine level over
 * both; CPU 0 runs a deadline task (cpupri CPUPRI_HIGHER 100), CPU 1 its idle task (cpupri
 * CPUPRI_NORMAL 0, rq->rt.highest_prio.curr MAX_RT_PRIO - 1 = 99). */
static int wake(enum capsim_model model)
{
	struct rt_rd rd;
	struct rt_task p = { .prio = 50, .uclamp_min = 0, .uclamp_max = 1024, .prev_cpu = 0 };
	struct rt_place_result res;
	int cursor = 0; /* distribute_cpu_mask_prev as boot leaves it */

	memset(&rd, 0, sizeof(rd));
	rd.nr_cpus = 2;
	rd.dl_is_rt = model_rt_prio_dl(model);
	rd.cpus[0] = (struct rt_cpu){ .curr_prio = -1, .curr_nr_cpus_allowed = 2,
				      .rt_highest_prio = 99, .cpupri = 100, .arch_cap = 1024 };
	rd.cpus[1] = (struct rt_cpu){ .curr_prio = 120, .curr_nr_cpus_allowed = 1,
				      .rt_highest_prio = 99, .cpupri = 0, .arch_cap = 1024 };
	rd.nr_levels = 1;
	rd.levels[0].wake_affine = true;
	for (unsigned c = 0; c < 2; c++) {
		capsim_cpumask_set(&rd.levels[0].span, c);
		capsim_cpumask_set(&p.allowed, c);
	}
	return rt_select_task_rq(&rd, &p, 0, &cursor, &res);
}

/*
 * 6.12.118 and 7.3.4: rt_prio(-1) is -1 < MAX_RT_PRIO && -1 >= MAX_DL_PRIO (0): false, so
 * select_task_rq_rt()'s test is false; the task fits CPU 0, which it keeps.
 */
static void test_dl_curr_not_rt(void **state)
{
	(void)state;
	assert_int_equal(wake(CAPSIM_MODEL_V6_12), 0);
	assert_int_equal(wake(CAPSIM_MODEL_V7_3), 0);
}

/*
 * 6.1.192: rt_prio(-1) is -1 < MAX_RT_PRIO: true, and curr->prio -1 <= p->prio 50, so the test
 * holds and find_lowest_rq() runs: cpupri_find() from level 0 finds CPU 1 (lowest_mask {1});
 * prev 0 and this_cpu 0 are not in it, so the wake-affine level's
 * cpumask_any_and_distribute() from cursor 0 answers CPU 1; p->prio 50 < CPU 1's
 * highest_prio.curr 99, so the task goes to CPU 1.
 */
static void test_dl_curr_rt_6_1(void **state)
{
	(void)state;
	assert_int_equal(wake(CAPSIM_MODEL_V6_1), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dl_curr_not_rt),
		cmocka_unit_test(test_dl_curr_rt_6_1),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
