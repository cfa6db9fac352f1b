// SPDX-License-Identifier: MIT
/*
 * test_perf_domain.c - tests src/model/perf_domain.c: rd->pd built from the shipped boards' energy
 * models. Expected values from tests/data/placement-golden/README.upstream.md ("Platforms"):
 * RK3399 pd0 = CPUs 0-3 (6 OPPs), pd1 = CPUs 4-5 (8 OPPs), pd_order [1, 0]; Pixel 6 pd0 = 0-3
 * (11 OPPs), pd1 = 4-5 (14), pd2 = 6-7 (17), pd_order [2, 1, 0].
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "model/perf_domain.h"
#include "model/platform.h"
#include "input/platform_load.h"

static void check_board(const char *name, unsigned nr_cpus, const unsigned *cpu_pd,
			const unsigned *nr_states, unsigned nr_pds)
{
	struct em_perf_domain pds[CAPSIM_MAX_CPUS];
	unsigned got_cpu_pd[CAPSIM_MAX_CPUS], order[CAPSIM_MAX_CPUS], n;
	struct capsim_platform *plat;
	capsim_error err = { 0 };

	assert_int_equal(platform_load(name, NULL, 0, &plat, &err), 0);
	assert_int_equal(plat->nr_cpus, nr_cpus);
	assert_int_equal(build_perf_domains(plat, pds, got_cpu_pd, order, &n, &err), 0);
	assert_int_equal(n, nr_pds);
	for (unsigned c = 0; c < nr_cpus; c++) {
		assert_int_equal(got_cpu_pd[c], cpu_pd[c]);
		assert_true(capsim_cpumask_test(&pds[cpu_pd[c]].cpus, c));
	}
	for (unsigned i = 0; i < nr_pds; i++) {
		assert_int_equal(pds[i].nr_perf_states, nr_states[i]);
		assert_int_equal(order[i], nr_pds - 1 - i); /* prepended: highest first */
	}
	platform_free(plat);
}

static void test_rk3399(void **state)
{
	static const unsigned cpu_pd[] = { 0, 0, 0, 0, 1, 1 }, states[] = { 6, 8 };

	check_board("rk3399", 6, cpu_pd, states, 2);
}

static void test_pixel6(void **state)
{
	static const unsigned cpu_pd[] = { 0, 0, 0, 0, 1, 1, 2, 2 }, states[] = { 11, 14, 17 };

	check_board("pixel6", 8, cpu_pd, states, 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rk3399),
		cmocka_unit_test(test_pixel6),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
