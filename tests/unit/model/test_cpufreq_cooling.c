// SPDX-License-Identifier: MIT
/* test_cpufreq_cooling.c - tests src/model/cpufreq_cooling.c: state <-> frequency, the EM power of
 * a state, requested power from load, and power2state. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "unit/thermal_fixture.h"

static void init_big(struct thermal_cdev *cdev)
{
	struct thermal_cdev_params cd[2];
	capsim_error err;

	fixture_cdevs(cd);
	assert_int_equal(cpufreq_cooling_init(cdev, &cd[1], &err), 0);
}

static void test_state_freq(void **state)
{
	struct thermal_cdev cdev;

	init_big(&cdev);
	/* five states: max_level 4; state 0 is the highest OPP, state 4 the lowest */
	assert_int_equal(cdev.max_level, 4);
	assert_int_equal(cpufreq_cooling_state_freq(&cdev, 0), 2362000);
	assert_int_equal(cpufreq_cooling_state_freq(&cdev, 1), 2112000);
	assert_int_equal(cpufreq_cooling_state_freq(&cdev, 4), 903000);
	assert_true(cpufreq_cooling_is_power_actor(&cdev));
}

static void test_state2power(void **state)
{
	struct thermal_cdev cdev;
	uint32_t p;

	init_big(&cdev);
	/* state 2 = 1805 MHz = 1000 mW per CPU, 4 CPUs -> 4000 mW */
	assert_int_equal(cpufreq_cooling_state2power(&cdev, 2, &p), 0);
	assert_int_equal(p, 4000);
	/* state 4 = 903 MHz = 300 mW x 4 */
	assert_int_equal(cpufreq_cooling_state2power(&cdev, 4, &p), 0);
	assert_int_equal(p, 1200);
	assert_int_equal(cpufreq_cooling_state2power(&cdev, 5, &p), CAPSIM_ERR_RANGE);
}

static void test_requested_power_and_back(void **state)
{
	struct thermal_cpu_input in[8] = { 0 };
	struct thermal_cdev cdev;

	init_big(&cdev);
	/* CPUs 4..7 at 2112 MHz (1400 mW each at full load) with util 512, 256, 0, 1024 of 1024:
	 * loads 50 + 25 + 0 + 100 = 175 %, power = 1400 * 175 / 100 = 2450 mW */
	for (unsigned c = 4; c < 8; c++)
		in[c].cur_freq_khz = 2112000, in[c].capacity = 1024;
	in[4].util = 512;
	in[5].util = 256;
	in[7].util = 1024;
	assert_int_equal(cpufreq_cooling_get_requested_power(&cdev, in), 2450);
	assert_int_equal(cdev.last_load, 175);
	/* a frequency between OPPs costs the next OPP up: 2000 MHz -> 2112 MHz's 1400 mW */
	for (unsigned c = 4; c < 8; c++)
		in[c].cur_freq_khz = 2000000;
	assert_int_equal(cpufreq_cooling_get_requested_power(&cdev, in), 2450);
	/* grant 1750 mW at load 175 %: normalised 1000 mW per CPU -> 1805 MHz -> state 2 */
	assert_int_equal(cpufreq_cooling_power2state(&cdev, 1750), 2);
	/* 1749 mW: normalised 999 mW < 1000 -> 1421 MHz (650 mW) -> state 3 */
	assert_int_equal(cpufreq_cooling_power2state(&cdev, 1749), 3);
	/* nothing fits: the lowest OPP, state 4; plenty: state 0 */
	assert_int_equal(cpufreq_cooling_power2state(&cdev, 0), 4);
	assert_int_equal(cpufreq_cooling_power2state(&cdev, 100000), 0);
}

static void test_bad_table(void **state)
{
	struct em_perf_state bad[2] = { { .frequency = 2000 }, { .frequency = 1000 } };
	struct thermal_cdev_params p = { .name = "x", .table = bad, .nr_states = 2 };
	struct thermal_cdev cdev;
	capsim_error err;

	capsim_cpumask_set(&p.cpus, 0);
	assert_int_equal(cpufreq_cooling_init(&cdev, &p, &err), CAPSIM_ERR_INVALID);
	assert_non_null(strstr(err.msg, "not strictly ascending"));
	/* a table without power is a cooling device but not a power actor */
	bad[0].frequency = 500;
	assert_int_equal(cpufreq_cooling_init(&cdev, &p, &err), 0);
	assert_false(cpufreq_cooling_is_power_actor(&cdev));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_state_freq),
		cmocka_unit_test(test_state2power),
		cmocka_unit_test(test_requested_power_and_back),
		cmocka_unit_test(test_bad_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
