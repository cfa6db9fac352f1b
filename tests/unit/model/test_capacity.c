// SPDX-License-Identifier: MIT
/*
 * test_capacity.c - tests src/model/capacity.c: get_actual_cpu_capacity() = capacity_orig -
 * max(hw_load_avg, cpufreq_pressure), and the v6.9 view (thermal pressure from cooling
 * devices and HW caps only; user caps invisible), on RK3399 (big: 1024 at 1.8 GHz).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "platform_test_util.h"

static void test_user_cap(void **state)
{
	struct capsim_platform *p = load_board("rk3399");

	/* the must-show case: 1024 - mult_frac(1024, 1200000, 1800000) = 1024 - 682 = 342 */
	assert_int_equal(platform_freq_qos_update_request(p, 1, FREQ_QOS_MAX, "user", 1200000, NULL), 0);
	assert_int_equal(platform_cpufreq_pressure(p, 4), 342);
	assert_int_equal(platform_actual_capacity(p, 4), 682);
	assert_int_equal(platform_actual_capacity(p, 5), 682);
	assert_int_equal(platform_actual_capacity(p, 0), 381);
	/* invisible to v6.9 */
	assert_int_equal(platform_capacity_v69(p, 4), 1024);
	platform_free(p);
}

static void test_max_of_both(void **state)
{
	struct capsim_platform *p = load_board("rk3399");
	capsim_cpumask big = { { 0x30 } };

	/* user cap 1.608 GHz: 1024 - 1024*1608000/1800000 = 1024 - 914 = 110 */
	assert_int_equal(platform_freq_qos_update_request(p, 1, FREQ_QOS_MAX, "user", 1608000, NULL), 0);
	assert_int_equal(platform_actual_capacity(p, 4), 914);
	/* HW cap 1.2 GHz: instantaneous 342, but hw_load_avg starts at 0 */
	platform_set_hw_pressure(p, &big, 1200000);
	assert_int_equal(platform_hw_pressure(p, 4), 342);
	assert_int_equal(platform_actual_capacity(p, 4), 914);
	/* after 1 s of 4 ms ticks hw_load_avg (about 341) exceeds the cpufreq pressure 110 */
	for (uint64_t t = 4000000; t <= 1000000000; t += 4000000)
		platform_update_hw_load_avg(p, 4, t);
	assert_true(platform_hw_load_avg(p, 4) > 330 && platform_hw_load_avg(p, 4) <= 342);
	assert_int_equal(platform_actual_capacity(p, 4), 1024 - platform_hw_load_avg(p, 4));
	/* v6.9 saw the HW cap at once: 1024 - 342 */
	assert_int_equal(platform_capacity_v69(p, 4), 682);
	platform_free(p);
}

static void test_cooling_device_v69(void **state)
{
	struct capsim_platform *p = load_board("rk3399");

	struct capsim_cap cool = { .size = sizeof(cool), .kind = CAPSIM_CAP_COOLING, .policy = 4, .value = 2 };

	/* cooling state 2 of policy4 (1.8, 1.608, 1.416 GHz): 1024 - 1024*1416000/1800000 =
	 * 1024 - 805 = 219, seen by both kernels (6.10 as cpufreq pressure, 6.9 as thermal) */
	assert_int_equal(capsim_platform_apply_cap(p, &cool, NULL), 0);
	assert_int_equal(platform_actual_capacity(p, 5), 805);
	assert_int_equal(platform_thermal_pressure_v69(p, 5), 219);
	/* state 0 again: the device's request at the highest OPP, no pressure in either */
	cool.value = 0;
	assert_int_equal(capsim_platform_apply_cap(p, &cool, NULL), 0);
	assert_int_equal(platform_actual_capacity(p, 5), 1024);
	assert_int_equal(platform_thermal_pressure_v69(p, 5), 0);
	platform_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_user_cap),
		cmocka_unit_test(test_max_of_both),
		cmocka_unit_test(test_cooling_device_v69),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
