// SPDX-License-Identifier: MIT
/* test_pressure_metrics.c - tests src/sim/pressure_metrics.c on hand-built samples. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "sim/pressure_metrics.h"

static void test_account(void **state)
{
	struct pressure_metrics pm;

	assert_int_equal(pm_init(&pm, 2), 0);
	/* CPU 1: 3 s believed 1024 while 232 is delivered (a cap the model cannot see):
	 * error 792, no believed pressure; then 1 s believed and delivered 232: pressure, no error.
	 * pressure 1 s of 4 s = 25 %; mean error (792 * 3 + 0 * 1) / 4 = 594 */
	pm_account(&pm, 1, 3000000000ULL, 1024, 232, 1024);
	pm_account(&pm, 1, 1000000000ULL, 232, 232, 1024);
	assert_true(pm_pressure_pct(&pm, 1) == 25.0);
	assert_true(pm_mean_abs_err(&pm, 1) == 594.0);
	/* CPU 0 idle in the metrics: 0, and the all-CPU mean over 4 s is still 594 */
	assert_true(pm_pressure_pct(&pm, 0) == 0.0);
	assert_true(pm_mean_abs_err_all(&pm) == 594.0);
	/* a believed capacity below the delivered one is an error too (a stale average) */
	pm_account(&pm, 0, 1000000000ULL, 600, 1024, 1024);
	assert_true(pm_mean_abs_err(&pm, 0) == 424.0);
	pm_release(&pm);
}

static void test_placement(void **state)
{
	struct pressure_metrics pm;

	assert_int_equal(pm_init(&pm, 1), 0);
	/* util 100 on 232: 100 * 1280 = 128000 < 232 * 1024 = 237568: fits */
	pm_placement(&pm, 100, 0, 1024, 232);
	/* util 200 on 232: 256000 >= 237568: misfit */
	pm_placement(&pm, 200, 0, 1024, 232);
	/* util 50 with uclamp_min 1024 on 232: its own util fits (64000 < 237568), but the
	 * boost is not honoured: a violation, shortfall 1024 - 232 = 792 */
	pm_placement(&pm, 50, 1024, 1024, 232);
	/* uclamp_min 300 on 381: honoured */
	pm_placement(&pm, 10, 300, 1024, 381);
	/* uclamp_max 100 caps util 900: 128000 < 237568: fits */
	pm_placement(&pm, 900, 0, 100, 232);
	assert_int_equal(pm.placements, 5);
	assert_int_equal(pm.misfit_placements, 1);
	assert_int_equal(pm.uclamp_min_placements, 2);
	assert_int_equal(pm.uclamp_min_violations, 1);
	/* mean shortfall over the 2 uclamp_min placements: (792 + 0) / 2 */
	assert_true(pm_mean_shortfall(&pm) == 396.0);
	pm_release(&pm);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_account),
		cmocka_unit_test(test_placement),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
