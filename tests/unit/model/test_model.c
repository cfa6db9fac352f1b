// SPDX-License-Identifier: MIT
/*
 * test_model.c - tests src/model/model.c: which capacity each kernel model believes at each pressure
 * site of fair.c, and the model names. Values derived from the kernel texts cited in model.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "model/fair.h"
#include "model/model.h"
#include "model/util_est.h"

/* arch 1024; 6.10 signals: HW avg 50, cpufreq 100; pre-6.10: thermal 200, its average 70 */
static const struct fair_cpu cpu = {
	.arch_cap = 1024, .hw_load_avg = 50, .cpufreq_pressure = 100,
	.thermal_pressure = 200, .thermal_load_avg = 70,
};

static void test_v6_10_sites(void **state)
{
	/* get_actual_cpu_capacity() = 1024 - max(50, 100) = 924 at every site */
	for (int s = MODEL_SITE_FITS; s <= MODEL_SITE_RT_MAX; s++) {
		assert_int_equal(model_capacity(CAPSIM_MODEL_V6_10, &cpu, s), 924);
		assert_int_equal(model_capacity(CAPSIM_MODEL_LATEST, &cpu, s), 924);
	}
	assert_int_equal(model_rt_extra_used(CAPSIM_MODEL_V6_10, &cpu), 0);
	assert_false(model_reads_thermal(CAPSIM_MODEL_V6_10));
}

static void test_v6_9_sites(void **state)
{
	/* fits and feec: 1024 - 200 (instantaneous); idle ranking: 1024 - 70 (average) */
	assert_int_equal(model_capacity(CAPSIM_MODEL_V6_9, &cpu, MODEL_SITE_FITS), 824);
	assert_int_equal(model_capacity(CAPSIM_MODEL_V6_9, &cpu, MODEL_SITE_EAS), 824);
	assert_int_equal(model_capacity(CAPSIM_MODEL_V6_9, &cpu, MODEL_SITE_IDLE), 954);
	/* scale_rt_capacity(): max = arch, thermal_load_avg counted as used */
	assert_int_equal(model_capacity(CAPSIM_MODEL_V6_9, &cpu, MODEL_SITE_RT_MAX), 1024);
	assert_int_equal(model_rt_extra_used(CAPSIM_MODEL_V6_9, &cpu), 70);
	assert_true(model_reads_thermal(CAPSIM_MODEL_V6_9));
}

static void test_none_and_wrap(void **state)
{
	struct fair_cpu over = cpu;

	for (int s = MODEL_SITE_FITS; s <= MODEL_SITE_RT_MAX; s++)
		assert_int_equal(model_capacity(CAPSIM_MODEL_NONE, &cpu, s), 1024);
	/* unsigned long subtraction, no clamp: 1024 - 1100 wraps to 2^64 - 76 */
	over.cpufreq_pressure = 1100;
	assert_true(model_capacity(CAPSIM_MODEL_V6_10, &over, MODEL_SITE_FITS) == UINT64_MAX - 75);
}

/*
 * 7.3's util_est_update() takes a sample above the CPU's capacity, which 6.12's skips: raw
 * util_est 600, a sleep with util_avg 500 = runnable_avg on a CPU of capacity 446. Under v6.12
 * the estimate stays 600 (not written); under v7.3 the EWMA falls a quarter of the way:
 * (600 * 4 - (600 - 500)) / 4 = 575, with UTIL_AVG_UNCHANGED set.
 */
static void test_util_est_capacity_v7_3(void **state)
{
	uint32_t ue612 = 600, ue73 = 600;

	(void)state;
	assert_int_equal(model_util_est_capacity(CAPSIM_MODEL_V6_12, 446), 446);
	assert_false(util_est_update(&ue612, 500, 500,
				     model_util_est_capacity(CAPSIM_MODEL_V6_12, 446), true));
	assert_int_equal(ue612, 600);
	assert_true(util_est_update(&ue73, 500, 500,
				    model_util_est_capacity(CAPSIM_MODEL_V7_3, 446), true));
	assert_int_equal(ue73, 575 | UTIL_AVG_UNCHANGED);
}

static void test_names(void **state)
{
	enum capsim_model m;

	for (int i = 0; i < CAPSIM_MODEL_COUNT; i++) {
		assert_int_equal(capsim_model_from_name(capsim_model_name(i), &m), 0);
		assert_int_equal(m, i);
	}
	assert_int_equal(capsim_model_from_name("6.9", &m), 0);
	assert_int_equal(m, CAPSIM_MODEL_V6_9);
	assert_int_equal(capsim_model_from_name("v6.11", &m), CAPSIM_ERR_NOT_FOUND);
	/* "v7.3" (and "7.3") is the model "latest", whose name the outputs keep */
	assert_int_equal(capsim_model_from_name("v7.3", &m), 0);
	assert_int_equal(m, CAPSIM_MODEL_LATEST);
	assert_int_equal(capsim_model_from_name("7.3", &m), 0);
	assert_int_equal(m, CAPSIM_MODEL_LATEST);
	assert_string_equal(capsim_model_name(CAPSIM_MODEL_V7_3), "latest");
	assert_null(capsim_model_name(CAPSIM_MODEL_COUNT));
}

/*
 * The Linux version each model names is a release whose kernel runs that very model (the two
 * tables agree), and "v" with it names the model; capped and none are no kernel's.
 */
static void test_model_kernel(void **state)
{
	static const char *const expected[CAPSIM_MODEL_COUNT] = {
		[CAPSIM_MODEL_V6_10] = "6.10", [CAPSIM_MODEL_V6_9] = "6.9", [CAPSIM_MODEL_LATEST] = "7.3",
		[CAPSIM_MODEL_V6_12] = "6.12", [CAPSIM_MODEL_V6_1] = "6.1",
	};
	enum capsim_model m;
	char name[16];

	(void)state;
	for (int i = 0; i < CAPSIM_MODEL_COUNT; i++) {
		const char *kernel = capsim_model_kernel(i);

		if (!expected[i]) {
			assert_null(kernel);
			continue;
		}
		assert_string_equal(kernel, expected[i]);
		assert_int_equal(capsim_model_for_release(kernel, &m), 0);
		assert_int_equal(m, i);
		snprintf(name, sizeof(name), "v%s", kernel);
		assert_int_equal(capsim_model_from_name(name, &m), 0);
		assert_int_equal(m, i);
	}
	assert_null(capsim_model_kernel(CAPSIM_MODEL_COUNT));
}

/* The kernel release's model: each boundary of docs/cli.md's rule, and what is not a release. */
static void test_model_for_release(void **state)
{
	static const struct {
		const char *release;
		enum capsim_model model;
	} cases[] = {
		{ "3.18.31-perf", CAPSIM_MODEL_V6_1 }, { "4.19.0", CAPSIM_MODEL_V6_1 },
		{ "6.1.192", CAPSIM_MODEL_V6_1 },       { "6.5.13", CAPSIM_MODEL_V6_1 },
		{ "6.6", CAPSIM_MODEL_V6_9 },
		{ "6.9.12", CAPSIM_MODEL_V6_9 },        { "6.10", CAPSIM_MODEL_V6_10 },
		{ "6.11.0-rc3", CAPSIM_MODEL_V6_10 },   { "6.12.30-android16-5", CAPSIM_MODEL_V6_12 },
		{ "7.2.9", CAPSIM_MODEL_V6_12 },        { "7.3.4", CAPSIM_MODEL_V7_3 },
		{ "8.0", CAPSIM_MODEL_V7_3 },           { "6.100.1", CAPSIM_MODEL_V6_12 },
	};
	enum capsim_model m;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(capsim_model_for_release(cases[i].release, &m), 0);
		assert_int_equal(m, cases[i].model);
	}
	assert_int_equal(capsim_model_for_release("linux", &m), CAPSIM_ERR_PARSE);
	assert_int_equal(capsim_model_for_release("6", &m), CAPSIM_ERR_PARSE);
	assert_int_equal(capsim_model_for_release("6.", &m), CAPSIM_ERR_PARSE);
	assert_int_equal(capsim_model_for_release(NULL, &m), CAPSIM_ERR_PARSE);
}

/*
 * 6.1's util_est_update() on its two values (kernel/sched/fair.c of 6.1.192), beside v6.8's
 * one value, on a CPU of capacity 1024 (UTIL_EST_MARGIN 10):
 * - enqueued 300 still flagged (util_avg unchanged since the enqueue): nothing written;
 * - a rise (ewma 300, util 600): ewma and enqueued both 600 at once (UTIL_EST_FASTUP);
 * - a fall (ewma 600, util 400, runnable 500): ewma (600 * 4 + (400 - 600)) / 4 = 550 in 6.1,
 *   which has no runnable check; v6.8's keeps 600 (400 + 10 < 500: the task waited);
 * - ewma 500, enqueued 497, util 495: both within 1%: 6.1 writes nothing (the flag stays clear),
 *   v6.8's writes its value back with UTIL_AVG_UNCHANGED;
 * - ewma 500, enqueued 300, util 495: the ewma within 1%, the enqueued not: enqueued 495, ewma 500.
 * _task_util_est() is max(ewma, enqueued without the flag), and v6.8's one value unflagged.
 */
static void test_util_est_two_values_v6_1(void **state)
{
	const uint32_t F = UTIL_AVG_UNCHANGED;
	uint32_t enq = 300 | F, ewma = 300, one;

	assert_true(model_util_est_two_values(CAPSIM_MODEL_V6_1));
	assert_false(model_util_est_two_values(CAPSIM_MODEL_V6_9));
	assert_false(util_est_update_6_1(&enq, &ewma, 600, 1024, true));
	assert_int_equal(enq, 300 | F);
	enq = 300;
	assert_false(util_est_update_6_1(&enq, &ewma, 600, 1024, false)); /* not a sleep */
	assert_true(util_est_update_6_1(&enq, &ewma, 600, 1024, true));
	assert_int_equal(enq, 600 | F);
	assert_int_equal(ewma, 600);

	enq = 600;
	assert_true(util_est_update_6_1(&enq, &ewma, 400, 1024, true));
	assert_int_equal(ewma, (600 * 4 + 400 - 600) / 4);
	assert_int_equal(enq, 400 | F);
	one = 600;
	assert_true(util_est_update(&one, 400, 500, 1024, true));
	assert_int_equal(one, 600 | F);

	enq = 497, ewma = 500;
	assert_false(util_est_update_6_1(&enq, &ewma, 495, 1024, true));
	assert_int_equal(enq, 497);
	one = 500;
	assert_true(util_est_update(&one, 495, 495, 1024, true));
	assert_int_equal(one, 500 | F);

	enq = 300, ewma = 500;
	assert_true(util_est_update_6_1(&enq, &ewma, 495, 1024, true));
	assert_int_equal(enq, 495 | F);
	assert_int_equal(ewma, 500);

	assert_int_equal(task_util_est_value(300 | F, 550), 550);
	assert_int_equal(task_util_est_value(700 | F, 0), 700);
	assert_int_equal(task_util_est_value(700 | F, 650), 700);
}

/*
 * schedutil's order: 6.1 clamps, then adds the 25 % headroom in get_next_freq(); v6.8 on add
 * it first (sugov_effective_cpu_perf()). CPU of capacity 1024, CFS util 400 under an rq
 * uclamp_max 450: 6.1 asks 400 (its get_next_freq() then maps 400 + 100 = 500), v6.12
 * min(400 + 100, 450) = 450. Under uclamp_min 300 with util 100: 6.1 asks 300 (375 after the
 * headroom), v6.12 max(300, 125) = 300. An iowait boost of 512 is clamped to 450 in 6.1.
 */
static void test_sugov_order_v6_1(void **state)
{
	struct fair_cpu c = { .arch_cap = 1024, .capacity_of = 1024, .cfs_avg.util_avg = 400,
			      .uclamp_max_rq = 450 };
	struct fair_rd rd = { .model = CAPSIM_MODEL_V6_1, .uclamp_used = true, .nr_cpus = 1,
			      .cpus = &c };

	assert_true(model_sugov_clamp_before_headroom(CAPSIM_MODEL_V6_1));
	assert_false(model_sugov_clamp_before_headroom(CAPSIM_MODEL_V6_9));
	assert_int_equal(sugov_get_util_boost(&rd, 0, 0), 400);
	assert_int_equal(sugov_get_util_boost(&rd, 0, 512), 450);
	rd.model = CAPSIM_MODEL_V6_12;
	assert_int_equal(sugov_get_util_boost(&rd, 0, 0), 450);

	c.cfs_avg.util_avg = 100, c.uclamp_min_rq = 300, c.uclamp_max_rq = 1024;
	assert_int_equal(sugov_get_util_boost(&rd, 0, 0), 300);
	rd.model = CAPSIM_MODEL_V6_1;
	assert_int_equal(sugov_get_util_boost(&rd, 0, 0), 300);
	assert_int_equal(map_util_perf(300), 375);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_v6_10_sites),
		cmocka_unit_test(test_v6_9_sites),
		cmocka_unit_test(test_none_and_wrap),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_model_kernel),
		cmocka_unit_test(test_model_for_release),
		cmocka_unit_test(test_util_est_capacity_v7_3),
		cmocka_unit_test(test_util_est_two_values_v6_1),
		cmocka_unit_test(test_sugov_order_v6_1),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
