// SPDX-License-Identifier: MIT
/*
 * test_cpuidle.c - tests src/model/cpuidle.c on RK3399's states as its DT gives them (cpu-sleep:
 * entry 120, exit 250, residency 900 us; cluster-sleep: entry 400, exit 500, residency 2000 us;
 * the kernel's exit latency entry + exit: 370 and 900 us): menu's and teo's choices and what they
 * learn, a cluster state only when the cluster can go down and its first timer is far enough,
 * the state a CPU is in while its cluster is powered, and the delay of a wake-up.
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdbool.h>
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

#define TICK (4000 * US) /* HZ 250 */

/* the latency request with no PM QoS request: 2000 s */
#define NO_REQ (2000000000LL * 1000)

static struct cpuidle_select_in select_in(int64_t sleep_ns, int64_t delta_tick_ns, uint64_t now_ns)
{
	return (struct cpuidle_select_in){ .latency_req_ns = NO_REQ, .sleep_length_ns = sleep_ns,
					   .delta_tick_ns = delta_tick_ns, .now_ns = now_ns,
					   .tick_ns = TICK };
}

/* the driver of cpuidle-psci: WFI (1 µs, 1 µs), then the CPU's states, in ns */
static void test_drv_of(void **state)
{
	struct cpuidle_drv drv;

	(void)state;
	cpuidle_drv_of(&rk3399_cpu, &drv);
	assert_int_equal(drv.state_count, 3);
	assert_int_equal(drv.exit_latency_ns[0], 1 * US);
	assert_int_equal(drv.target_residency_ns[0], 1 * US);
	assert_int_equal(drv.exit_latency_ns[1], 370 * US);
	assert_int_equal(drv.target_residency_ns[2], 2000 * US);
}

/*
 * menu_select() on a fresh CPU (correction factors 8192, the unity of RESOLUTION * DECAY), then
 * after one idle period that ended early. By hand from menu.c:
 * 1. sleep length 5 ms: no past interval (the first selection writes UINT_MAX, which the typical
 *    interval drops), so the prediction is (4096000 + 5e6 * 8192) / 8192000 = 5000 us: the
 *    deepest state (cluster-sleep, 2 ms), the tick stopped (5 ms >= the 4 ms tick).
 * 2. it woke after 1 ms: menu_update() takes 1 ms / 2 = 500 us (not above twice the 900 us exit
 *    latency), so bucket 3's factor = 8192 - 8192 / 8 + 1024 * 500000 / 5000000 = 7168 + 102 =
 *    7270; the intervals {UINT_MAX, 500, 0 x 6} give no typical interval (avg 71, variance
 *    30612, then the outlier 500 dropped leaves only zeros: UINT_MAX). Sleep length 4.4 ms:
 *    (4096000 + 4.4e6 * 7270) / 8192000 = 3905 us, under the tick: the tick is kept and the
 *    state capped by the time to the next tick, 1.5 ms: cpu-sleep (900 us).
 * Without the early wake-up the same 4.4 ms gives 4400 us: cluster-sleep, the tick stopped.
 */
static void test_menu_correction(void **state)
{
	struct cpuidle_drv drv;
	struct cpuidle_cpu cpu, fresh;
	struct cpuidle_select_in in = select_in(5000 * US, 5000 * US, 0);
	bool stop_tick;

	(void)state;
	cpuidle_drv_of(&rk3399_cpu, &drv);
	cpuidle_enable(&cpu, CPUIDLE_6_12);
	fresh = cpu;
	assert_int_equal(cpuidle_select(CPUIDLE_GOV_MENU, &drv, &cpu, &in, &stop_tick), 2);
	assert_true(stop_tick);
	assert_int_equal(cpu.menu.bucket, 3);
	cpuidle_reflect(CPUIDLE_GOV_MENU, &drv, &cpu, 2, 1000 * US, 1000 * US, false, TICK);
	in = select_in(4400 * US, 1500 * US, 1000 * US);
	assert_int_equal(cpuidle_select(CPUIDLE_GOV_MENU, &drv, &cpu, &in, &stop_tick), 1);
	assert_false(stop_tick);
	assert_int_equal(cpu.menu.correction_factor[3], 7270);
	assert_int_equal(cpu.menu.intervals[1], 500);
	assert_int_equal(cpuidle_select(CPUIDLE_GOV_MENU, &drv, &fresh, &in, &stop_tick), 2);
	assert_true(stop_tick);
}

/*
 * menu_select()'s early return: a next timer sooner than state 1's target residency (900 us)
 * gives WFI, the tick stopped (WFI is no polling state), whatever the past.
 */
static void test_menu_short_timer(void **state)
{
	struct cpuidle_drv drv;
	struct cpuidle_cpu cpu;
	struct cpuidle_select_in in = select_in(899 * US, 899 * US, 0);
	bool stop_tick;

	(void)state;
	cpuidle_drv_of(&rk3399_cpu, &drv);
	cpuidle_enable(&cpu, CPUIDLE_6_12);
	assert_int_equal(cpuidle_select(CPUIDLE_GOV_MENU, &drv, &cpu, &in, &stop_tick), 0);
	assert_true(stop_tick);
}

/*
 * teo on a fresh CPU (zeroed bins), by hand from teo.c:
 * 1. the first teo_update() (last_state_idx 0, sleep length 0) counts a hit in bin 0 (total
 *    1024); no intercepts, so the candidate is the deepest state, which fits the 5 ms sleep
 *    length: cluster-sleep, the tick stopped.
 * 2. it woke after 1 ms (time span 1 ms < 5 ms): measured 1 ms - 900 us / 2 = 550 us, in bin 0
 *    (cpu-sleep's 900 us does not fit), while the sleep length's is past the tick (4 ms <= 5 ms,
 *    idx_timer = 3): an intercept in bin 0; bin 0's hits decay to 896, total 1920. The
 *    intercepts below the deepest state, 1024, are over half of 1920 - 896: the search takes bin 0
 *    (2 x 1024 > 1024): WFI, the tick kept.
 */
static void test_teo_intercepts(void **state)
{
	struct cpuidle_drv drv;
	struct cpuidle_cpu cpu;
	struct cpuidle_select_in in = select_in(5000 * US, 4000 * US, 1000000 * US);
	bool stop_tick;

	(void)state;
	cpuidle_drv_of(&rk3399_cpu, &drv);
	cpuidle_enable(&cpu, CPUIDLE_6_12);
	assert_int_equal(cpuidle_select(CPUIDLE_GOV_TEO, &drv, &cpu, &in, &stop_tick), 2);
	assert_true(stop_tick);
	assert_int_equal(cpu.teo.state_bins[0].hits, 1024);
	cpuidle_reflect(CPUIDLE_GOV_TEO, &drv, &cpu, 2, 1000 * US, 1001000 * US, false, TICK);
	in.now_ns = 1002000 * US;
	assert_int_equal(cpuidle_select(CPUIDLE_GOV_TEO, &drv, &cpu, &in, &stop_tick), 0);
	assert_false(stop_tick);
	assert_int_equal(cpu.teo.state_bins[0].hits, 896);
	assert_int_equal(cpu.teo.state_bins[0].intercepts, 1024);
	assert_int_equal(cpu.teo.total, 1920);
}

/* the cluster state: only when the cluster can go down (0: a sibling is not in a state) and
 * its residency fits the cluster's first timer; a latency request caps it too */
/*
 * menu_select() of 7.3 against 6.12's, with the tick stopped (as the engine asks): the last
 * eight intervals all 500 us give a typical interval of 500 us (variance 0), below the timer's
 * prediction of a 6 ms sleep length, (4096000 + 6e6 x 8192) / 8192000 = 6000 us (bucket 3).
 * 500 us is under the 4 ms tick, so 6.12 takes the next timer itself, 6 ms: cluster-sleep
 * (2 ms). 7.3 takes it only when it is beyond SAFE_TIMER_RANGE_NS, two ticks (8 ms): at 6 ms
 * the 500 us stands and cpu-sleep's 900 us does not fit it: WFI; at 9 ms, cluster-sleep.
 */
static void test_menu_safe_timer_range_7_3(void **state)
{
	struct cpuidle_drv drv;
	struct cpuidle_select_in in = select_in(6000 * US, 6000 * US, 0);
	bool stop_tick;

	(void)state;
	in.tick_stopped = true;
	cpuidle_drv_of(&rk3399_cpu, &drv);
	for (int v = CPUIDLE_6_12; v <= CPUIDLE_7_3; v++) {
		struct cpuidle_cpu cpu;
		int expect = v == CPUIDLE_7_3 ? 0 : 2;

		cpuidle_enable(&cpu, (enum cpuidle_version)v);
		cpu.last_residency_ns = 500 * US; /* no failed entry: no UINT_MAX interval */
		for (int i = 0; i < CPUIDLE_MENU_INTERVALS; i++)
			cpuidle_menu_set_interval(&cpu.menu, (unsigned)i, 500);
		in.sleep_length_ns = in.delta_tick_ns = 6000 * US;
		assert_int_equal(cpuidle_select(CPUIDLE_GOV_MENU, &drv, &cpu, &in, &stop_tick),
				 expect);
		assert_int_equal(cpu.menu.bucket, 3);
		assert_true(stop_tick);
		in.sleep_length_ns = in.delta_tick_ns = 9000 * US;
		assert_int_equal(cpuidle_select(CPUIDLE_GOV_MENU, &drv, &cpu, &in, &stop_tick), 2);
	}
}

/*
 * menu_select() of 6.1 with a task waiting for I/O, the tick running: intervals of 100 ms, not
 * below the timer's prediction of a 3 ms sleep length, (4096000 + 3e6 x 8192) / 8192000 = 3000
 * us, give no typical interval; predicted 3 ms. One I/O waiter: bucket 6 + 3 = 9, and the exit
 * latency is limited to 3 ms / performance_multiplier() (1 + 10) = 272727 ns, under cpu-sleep's
 * 370 us: WFI. None: bucket 3, the limit 3 ms, cluster-sleep (2 ms residency, 900 us latency).
 * Both under the tick: it is kept.
 */
static void test_menu_iowait_6_1(void **state)
{
	struct cpuidle_drv drv;
	struct cpuidle_select_in in = select_in(3000 * US, 3000 * US, 0);
	bool stop_tick;

	(void)state;
	cpuidle_drv_of(&rk3399_cpu, &drv);
	for (unsigned iowait = 0; iowait <= 1; iowait++) {
		struct cpuidle_cpu cpu;

		cpuidle_enable(&cpu, CPUIDLE_6_1);
		cpu.last_residency_ns = 100000 * US;
		for (int i = 0; i < CPUIDLE_MENU_INTERVALS; i++)
			cpuidle_menu_set_interval(&cpu.menu, (unsigned)i, 100000);
		in.nr_iowaiters = iowait;
		assert_int_equal(cpuidle_select(CPUIDLE_GOV_MENU, &drv, &cpu, &in, &stop_tick),
				 iowait ? 0 : 2);
		assert_int_equal(cpu.menu.bucket, iowait ? 9 : 3);
		assert_false(stop_tick);
	}
}

/*
 * the menu intervals' cache (capsim's, for get_typical_interval()): the eight ascending and
 * their sums, by hand. From cpuidle_menu_enable()'s zeros, intervals {7, 3, 3, UINT_MAX, 0, 5,
 * 3, 9}: {0, 3, 3, 3, 5, 7, 9, UINT_MAX}; then [1] = 8 (one 3 out, 8 in between 7 and 9) and
 * [3] = 1 (UINT_MAX out, 1 in after 0): {0, 1, 3, 3, 5, 7, 8, 9}, sum 36, squares 49 + 64 + 9 +
 * 1 + 0 + 25 + 9 + 81 = 238. All eight UINT_MAX: sum 8 (2^32 - 1), squares 8 (2^32 - 1)^2 =
 * 2^67 - 2^36 + 8, mod 2^64 2^64 - 2^36 + 8 (the kernel's u64 sum wraps the same).
 */
static void test_menu_intervals_cache(void **state)
{
	static const unsigned first[] = { 7, 3, 3, UINT_MAX, 0, 5, 3, 9 };
	static const unsigned sorted1[] = { 0, 3, 3, 3, 5, 7, 9, UINT_MAX };
	static const unsigned sorted2[] = { 0, 1, 3, 3, 5, 7, 8, 9 };
	struct cpuidle_menu m;

	(void)state;
	cpuidle_menu_enable(&m, CPUIDLE_6_12);
	for (unsigned i = 0; i < CPUIDLE_MENU_INTERVALS; i++)
		cpuidle_menu_set_interval(&m, i, first[i]);
	assert_memory_equal(m.sorted, sorted1, sizeof(sorted1));
	cpuidle_menu_set_interval(&m, 1, 8);
	cpuidle_menu_set_interval(&m, 3, 1);
	assert_memory_equal(m.sorted, sorted2, sizeof(sorted2));
	assert_int_equal(m.sum, 36);
	assert_int_equal(m.sum_sq, 238);
	for (unsigned i = 0; i < CPUIDLE_MENU_INTERVALS; i++)
		cpuidle_menu_set_interval(&m, i, UINT_MAX);
	assert_int_equal(m.sum, 8 * (uint64_t)UINT_MAX);
	assert_true(m.sum_sq == 0 - (1ULL << 36) + 8);
	assert_int_equal(m.sorted[0], UINT_MAX);
}

/*
 * teo_update() of 7.3 decays a metric with teo_decay(): 1/8 off, or to 0 once that is nothing
 * (a value under 8; 6.12 keeps it, 7 - (7 >> 3) = 7). A fresh CPU that left WFI (exit latency
 * 1 us) after 1 ms, bin 1 holding 7 hits: bin 1 decays to 0; the sleep length was never read
 * (0), so both the timer's and the duration's bins are 0 and 0 - 999500 is under half the exit
 * latency: a hit in bin 0. The total: the decayed bins (0) + PULSE = 1024.
 */
static void test_teo_decay_7_3(void **state)
{
	struct cpuidle_drv drv;
	struct cpuidle_cpu cpu;
	struct cpuidle_select_in in = select_in(5000 * US, 4000 * US, 1000 * US);
	bool stop_tick;

	(void)state;
	cpuidle_drv_of(&rk3399_cpu, &drv);
	cpuidle_enable(&cpu, CPUIDLE_7_3);
	cpu.teo.state_bins[1].hits = 7;
	cpuidle_reflect(CPUIDLE_GOV_TEO, &drv, &cpu, 0, 1000 * US, 1000 * US, false, TICK);
	cpuidle_select(CPUIDLE_GOV_TEO, &drv, &cpu, &in, &stop_tick);
	assert_int_equal(cpu.teo.state_bins[1].hits, 0);
	assert_int_equal(cpu.teo.state_bins[0].hits, 1024);
	assert_int_equal(cpu.teo.total, 1024);
}

/*
 * 7.3's cpuidle_idle_call() with a driver of one state (WFI alone) asks no governor: state 0, and
 * the tick stops as do_idle()'s got_tick says (the previous iteration's tick wake-up): kept on
 * the first iteration, stopped on the one after the tick woke the CPU; no reflect() clears the
 * tick's wake-up. 6.12's asks menu, which stops the tick for a 100 ms sleep length either way.
 */
static void test_one_state_got_tick_7_3(void **state)
{
	static const struct platform_cpu wfi_only = { .nr_idle = 0 };
	struct cpuidle_drv drv;
	struct cpuidle_select_in in = select_in(100000 * US, 4000 * US, 0);
	bool stop_tick;

	(void)state;
	cpuidle_drv_of(&wfi_only, &drv);
	assert_int_equal(drv.state_count, 1);
	for (int v = CPUIDLE_6_12; v <= CPUIDLE_7_3; v++) {
		struct cpuidle_cpu cpu;

		cpuidle_enable(&cpu, (enum cpuidle_version)v);
		assert_int_equal(cpuidle_governed(&drv, &cpu), v != CPUIDLE_7_3);
		for (int got_tick = 0; got_tick <= 1; got_tick++) {
			in.got_tick = got_tick;
			assert_int_equal(cpuidle_select(CPUIDLE_GOV_MENU, &drv, &cpu, &in,
							&stop_tick), 0);
			assert_int_equal(stop_tick, v != CPUIDLE_7_3 || got_tick);
		}
	}
}

static void test_domain_state(void **state)
{
	const struct platform_cpu *c = &rk3399_cpu;

	(void)state;
	assert_int_equal(cpuidle_domain_state(c, 2, CPUIDLE_NO_TIMER, CPUIDLE_NO_TIMER), 2);
	assert_int_equal(cpuidle_domain_state(c, 2, CPUIDLE_NO_TIMER, 0), 1);
	assert_int_equal(cpuidle_domain_state(c, 2, CPUIDLE_NO_TIMER, 1999 * US), 1);
	assert_int_equal(cpuidle_domain_state(c, 2, CPUIDLE_NO_TIMER, 2000 * US), 2);
	assert_int_equal(cpuidle_domain_state(c, 2, 899 * US, CPUIDLE_NO_TIMER), 1);
	assert_int_equal(cpuidle_domain_state(c, 1, CPUIDLE_NO_TIMER, 0), 1);
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
		cmocka_unit_test(test_drv_of),
		cmocka_unit_test(test_menu_correction),
		cmocka_unit_test(test_menu_short_timer),
		cmocka_unit_test(test_teo_intercepts),
		cmocka_unit_test(test_menu_safe_timer_range_7_3),
		cmocka_unit_test(test_menu_iowait_6_1),
		cmocka_unit_test(test_menu_intervals_cache),
		cmocka_unit_test(test_teo_decay_7_3),
		cmocka_unit_test(test_one_state_got_tick_7_3),
		cmocka_unit_test(test_domain_state),
		cmocka_unit_test(test_cpu_state),
		cmocka_unit_test(test_exit_delay),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
