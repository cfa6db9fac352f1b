// SPDX-License-Identifier: MIT
/*
 * test_pelt_legacy.c - tests src/model/pelt_legacy.c: the v4.19 accumulation (frequency scales
 * every sum, capacity scales util: util is bounded by capacity), worked out here from the
 * decay primitive (capsim_pelt_decay_load(), tested in test_pelt.c), and the attach.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "capsim/capsim.h"
#include "model/pelt.h"

#define PERIOD_NS (1024ULL * 1024)

/*
 * From zero at a period boundary, running one whole period at half frequency (512) on a
 * 446-capacity CPU: p = 1, d1 = 1024 (the whole old period), d3 = 0, so
 * contrib = decay(1024, 1) + (LOAD_AVG_MAX - decay(LOAD_AVG_MAX, 1) - 1024) + 0, then
 * scaled: c' = contrib * 512 >> 10; util_sum = c' * 446, load_sum = c';
 * util_avg = util_sum / (LOAD_AVG_MAX - 1024 + 0).
 */
static void test_one_period_scaled(void **state)
{
	struct capsim_sched_avg sa = { 0 };
	uint64_t contrib = capsim_pelt_decay_load(1024, 1) +
			   (CAPSIM_LOAD_AVG_MAX - capsim_pelt_decay_load(CAPSIM_LOAD_AVG_MAX, 1) - 1024);
	uint64_t scaled = (contrib * 512) >> 10;

	(void)state;
	assert_int_equal(pelt_v4_update_load_avg_se(&sa, PERIOD_NS, 1, 1, 1024, 512, 446), 1);
	assert_int_equal(sa.util_sum, scaled * 446);
	assert_int_equal(sa.load_sum, scaled);
	assert_int_equal(sa.period_contrib, 0);
	assert_int_equal(sa.util_avg, scaled * 446 / (CAPSIM_LOAD_AVG_MAX - 1024));
	assert_int_equal(sa.load_avg, 1024 * scaled / (CAPSIM_LOAD_AVG_MAX - 1024));
}

/* Always running on a 446-capacity CPU at full frequency: util settles at 446 at most (it is
 * bounded by capacity), and within a few units of it after 1 s (y^954 ~ 1e-9) */
static void test_bounded_by_capacity(void **state)
{
	struct capsim_sched_avg sa = { 0 };

	(void)state;
	for (uint64_t t = 1; t <= 1000; t++)
		pelt_v4_update_load_avg_se(&sa, t * 1000000, 1, 1, 1024, 1024, 446);
	assert_true(sa.util_avg <= 446 && sa.util_avg >= 440);
}

/* Sleeping: only decay, no scaling, no util added */
static void test_blocked_decays(void **state)
{
	struct capsim_sched_avg sa = { 0 };
	uint64_t before;

	(void)state;
	for (uint64_t t = 1; t <= 100; t++)
		pelt_v4_update_load_avg_se(&sa, t * PERIOD_NS, 1, 1, 1024, 1024, 1024);
	before = sa.util_sum;
	assert_int_equal(pelt_v4_update_load_avg_blocked_se(&sa, 132 * PERIOD_NS, 1024), 1);
	/* 32 whole periods later, with period_contrib 0 at both ends: decayed by y^32 = 1/2 */
	assert_int_equal(sa.util_sum, (uint32_t)capsim_pelt_decay_load(before, 32));
}

/* attach: the decay window of the cfs_rq, util_sum rebuilt as util_avg x its divider */
static void test_attach(void **state)
{
	struct capsim_sched_avg se = { .util_avg = 300, .load_avg = 500, .last_update_time = 7 };
	struct capsim_sched_avg cfs = { .last_update_time = 123456 * 1024, .period_contrib = 100 };

	(void)state;
	pelt_attach_entity_avg(&se, &cfs, 1024);
	assert_int_equal(se.last_update_time, 123456 * 1024);
	assert_int_equal(se.period_contrib, 100);
	assert_int_equal(se.util_sum, 300 * (CAPSIM_LOAD_AVG_MAX - 1024 + 100));
	assert_int_equal(se.load_sum, 500ULL * (CAPSIM_LOAD_AVG_MAX - 1024 + 100) / 1024);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_period_scaled),
		cmocka_unit_test(test_bounded_by_capacity),
		cmocka_unit_test(test_blocked_decays),
		cmocka_unit_test(test_attach),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
