// SPDX-License-Identifier: MIT
/*
 * test_hw_pressure.c - tests src/model/hw_pressure.c: topology_update_hw_pressure() (the first
 * CPU's capacity and reference, written to every CPU of the mask; 0 at or above the
 * reference) and the PELT average update_hw_load_avg() against kernel-core.md appendix A.B
 * (HW pressure 256 held, updated every 4 ms on the task clock, then released).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "platform_test_util.h"

/* CPU 0 of capacity 1024 (reference 2.4 GHz), CPUs 1-2 of capacity 578 (ref 1785.6 MHz) */
static const char board[] =
	"{\"cpus\": [{\"capacity\": 1024}, {\"capacity\": 578}, {\"capacity\": 578}],"
	" \"policies\": [{\"cpus\": \"0\", \"opps\": [{\"khz\": 1200000}, {\"khz\": 2400000}]},"
	"  {\"cpus\": \"1-2\", \"opps\": [{\"khz\": 300000}, {\"khz\": 1209600}, {\"khz\": 1785600}]}]}";

static struct capsim_platform *load(void)
{
	struct capsim_platform *p = NULL;
	capsim_error err = { 0 };

	if (load_json(board, &p, &err))
		fail_msg("%s", err.msg);
	return p;
}

static void test_instantaneous(void **state)
{
	struct capsim_platform *p = load();
	capsim_cpumask m = { { 0 } };

	/* 578 - 578*1209600/1785600 = 578 - 391 = 187 on both CPUs of the mask */
	capsim_parse_cpulist("1-2", &m);
	platform_set_hw_pressure(p, &m, 1209600);
	assert_int_equal(platform_hw_pressure(p, 1), 187);
	assert_int_equal(platform_hw_pressure(p, 2), 187);
	assert_int_equal(platform_hw_pressure(p, 0), 0);
	/* boost frequencies clean the pressure */
	platform_set_hw_pressure(p, &m, 2000000);
	assert_int_equal(platform_hw_pressure(p, 1), 0);
	/* 1024 - 1024*1500000/2400000 = 384 */
	capsim_parse_cpulist("0", &m);
	platform_set_hw_pressure(p, &m, 1500000);
	assert_int_equal(platform_hw_pressure(p, 0), 384);
	/* pre-6.10 this was thermal pressure */
	assert_int_equal(platform_thermal_pressure_v69(p, 0), 384);
	platform_free(p);
}

static void test_load_avg_vector(void **state)
{
	static const struct { unsigned ms; uint64_t avg; } rise[] = {
		{ 4, 20 }, { 8, 39 }, { 12, 56 }, { 16, 72 }, { 20, 86 }, { 32, 123 },
		{ 64, 187 }, { 100, 223 }, { 200, 251 }, { 400, 255 },
	}, fall[] = {
		{ 404, 235 }, { 408, 216 }, { 412, 199 }, { 416, 183 }, { 432, 132 },
		{ 464, 68 }, { 500, 32 }, { 600, 4 }, { 800, 0 },
	};
	struct capsim_platform *p = load();
	capsim_cpumask m = { { 1 } };
	unsigned i = 0;

	/* 1024 - 1024*1800000/2400000 = 256 */
	platform_set_hw_pressure(p, &m, 1800000);
	assert_int_equal(platform_hw_pressure(p, 0), 256);
	for (unsigned ms = 4; ms <= 400; ms += 4) {
		platform_update_hw_load_avg(p, 0, (uint64_t)ms * 1000000);
		if (i < 10 && rise[i].ms == ms)
			assert_int_equal(platform_hw_load_avg(p, 0), rise[i++].avg);
	}
	assert_int_equal(i, 10);
	platform_set_hw_pressure(p, &m, 2400000);
	i = 0;
	for (unsigned ms = 404; ms <= 800; ms += 4) {
		platform_update_hw_load_avg(p, 0, (uint64_t)ms * 1000000);
		if (i < 9 && fall[i].ms == ms)
			assert_int_equal(platform_hw_load_avg(p, 0), fall[i++].avg);
	}
	assert_int_equal(i, 9);
	platform_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_instantaneous),
		cmocka_unit_test(test_load_avg_vector),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
