// SPDX-License-Identifier: MIT
/*
 * test_cpuidle.c - tests src/model/cpuidle.c on RK3399's states as its DT gives them (cpu-sleep:
 * entry 120, exit 250, residency 900 us; cluster-sleep: entry 400, exit 500, residency 2000 us;
 * the kernel's exit latency entry + exit: 370 and 900 us): menu_select()'s deepest fitting
 * state, a cluster state only when the cluster can go down and its first timer is far enough,
 * the state a CPU is in while its cluster is powered, and the delay of a wake-up.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "model/cpuidle.h"

#define US 1000ULL

static const struct platform_cpu rk3399_cpu = {
	.idle = { { .name = "cpu-sleep", .entry_us = 120, .exit_us = 250, .residency_us = 900,
		    .wakeup_us = 370 },
		  { .name = "cluster-sleep", .entry_us = 400, .exit_us = 500, .residency_us = 2000,
		    .wakeup_us = 900, .cluster = true } },
	.nr_idle = 2,
};

static void test_menu_select(void **state)
{
	const struct platform_cpu *c = &rk3399_cpu;

	(void)state;
	/* the residency must fit the predicted idle time (the next timer) */
	assert_int_equal(cpuidle_menu_select(c, 899 * US, CPUIDLE_NO_TIMER, CPUIDLE_NO_TIMER), 0);
	assert_int_equal(cpuidle_menu_select(c, 900 * US, CPUIDLE_NO_TIMER, CPUIDLE_NO_TIMER), 1);
	assert_int_equal(cpuidle_menu_select(c, 2000 * US, CPUIDLE_NO_TIMER, CPUIDLE_NO_TIMER), 2);
	assert_int_equal(cpuidle_menu_select(c, CPUIDLE_NO_TIMER, CPUIDLE_NO_TIMER,
					     CPUIDLE_NO_TIMER), 2);
	/* the cluster state: only when the cluster can go down (0: a sibling is not in a state),
	 * and its residency must fit the cluster's first timer too */
	assert_int_equal(cpuidle_menu_select(c, CPUIDLE_NO_TIMER, CPUIDLE_NO_TIMER, 0), 1);
	assert_int_equal(cpuidle_menu_select(c, CPUIDLE_NO_TIMER, CPUIDLE_NO_TIMER, 1999 * US), 1);
	assert_int_equal(cpuidle_menu_select(c, CPUIDLE_NO_TIMER, CPUIDLE_NO_TIMER, 2000 * US), 2);
	/* a latency request below a state's exit latency (entry + exit) stops there */
	assert_int_equal(cpuidle_menu_select(c, CPUIDLE_NO_TIMER, 369 * US, CPUIDLE_NO_TIMER), 0);
	assert_int_equal(cpuidle_menu_select(c, CPUIDLE_NO_TIMER, 899 * US, CPUIDLE_NO_TIMER), 1);
}

static void test_cpu_state(void **state)
{
	(void)state;
	assert_int_equal(cpuidle_cpu_state(&rk3399_cpu, 0), 0);
	assert_int_equal(cpuidle_cpu_state(&rk3399_cpu, 1), 1);
	assert_int_equal(cpuidle_cpu_state(&rk3399_cpu, 2), 1); /* cluster powered: cpu-sleep */
}

static void test_exit_delay(void **state)
{
	const struct platform_idle_state *cs = &rk3399_cpu.idle[1];

	(void)state;
	/* woken long after the entry: the exit latency; during the entry: its rest too */
	assert_int_equal(cpuidle_exit_delay_ns(cs, 0, 10000 * US), 500 * US);
	assert_int_equal(cpuidle_exit_delay_ns(cs, 0, 400 * US), 500 * US);
	assert_int_equal(cpuidle_exit_delay_ns(cs, 0, 100 * US), 300 * US + 500 * US);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_menu_select),
		cmocka_unit_test(test_cpu_state),
		cmocka_unit_test(test_exit_delay),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
