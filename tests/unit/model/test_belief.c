// SPDX-License-Identifier: MIT
/* test_belief.c - tests src/model/belief.c: each kernel model's capacity on hand-built timelines.
 * Expected PELT values are the spec's vector B (kernel-core.md, Appendix A), written from the
 * kernel's integer PELT independently of capsim; the rest is derived in the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "model/belief.h"

#define MS CAPSIM_NSEC_PER_MSEC

/* one 1024-capacity CPU with a 2.4 GHz reference: 1.8 GHz is pressure 256 */
static const struct belief_cpu_params big = { 1024, 2400000, 2400000, 0 };

static struct belief *make(enum capsim_model m, unsigned shift)
{
	struct belief_params p = { m, shift, BELIEF_DEFAULT_CAPPED_THRESHOLD_NS };
	struct belief *b;
	capsim_error err;

	assert_int_equal(belief_create(&p, &big, 1, &b, &err), 0);
	return b;
}

static capsim_cpumask cpu0(void)
{
	capsim_cpumask m = { 0 };

	capsim_cpumask_set(&m, 0);
	return m;
}

static void test_formulas(void **state)
{
	struct belief_cpu_params c = { 446, 2016000, 2016000, 0 };
	struct belief_cpu_params x86 = { 1024, 0, 4680714, 0 };

	/* spec Appendix A "Pressure formulas" */
	assert_int_equal(belief_cpufreq_pressure(CAPSIM_MODEL_V6_10, &big, 1800000), 256);
	assert_int_equal(belief_cpufreq_pressure(CAPSIM_MODEL_V6_10, &c, 1401600), 136);
	assert_int_equal(belief_cpufreq_pressure(CAPSIM_MODEL_V6_10, &big, 2400000), 0);
	assert_int_equal(belief_cpufreq_pressure(CAPSIM_MODEL_V6_10, &big, 3000000), 0);
	/* x86, no reference: 0 in 6.10 and in 7.3 without a ->scale_freq_ref() driver */
	assert_int_equal(belief_cpufreq_pressure(CAPSIM_MODEL_V6_10, &x86, 3300000), 0);
	assert_int_equal(belief_cpufreq_pressure(CAPSIM_MODEL_LATEST, &x86, 3300000), 0);
	/* 7.3 intel_pstate hybrid callback 5000000, policy max 4000000: 1024 - 819 = 205 */
	x86.scale_freq_ref = 5000000;
	assert_int_equal(belief_cpufreq_pressure(CAPSIM_MODEL_LATEST, &x86, 4000000), 205);
	assert_int_equal(belief_cpufreq_pressure(CAPSIM_MODEL_V6_10, &x86, 4000000), 0);
	/* hw: (1024, 1500000, 2400000) -> 384; (578, 1209600, 1785600) -> 187 */
	c = (struct belief_cpu_params){ 578, 1785600, 1785600, 0 };
	assert_int_equal(belief_capped_pressure(&big, 1500000), 384);
	assert_int_equal(belief_capped_pressure(&c, 1209600), 187);
	assert_int_equal(belief_default_freq_ref(CAPSIM_MODEL_V6_10), 1);
	assert_int_equal(belief_default_freq_ref(CAPSIM_MODEL_LATEST), 0);
}

/* tick every @period from @from to @to (inclusive); return load_avg seen at @to */
static uint64_t ticks(struct belief *b, uint64_t from, uint64_t to, uint64_t period)
{
	for (uint64_t t = from; t <= to; t += period)
		belief_tick(b, 0, t);
	return b->cpus[0].avg.load_avg;
}

static void test_v610_hw_pelt(void **state)
{
	struct belief *b = make(CAPSIM_MODEL_V6_10, 0);
	capsim_cpumask m = cpu0();
	struct belief_view v;

	/* HW pressure 256 sampled every 4 ms: vector B */
	belief_hw_cap(b, &m, 1800000);
	assert_int_equal(ticks(b, 4 * MS, 4 * MS, 4 * MS), 20);
	assert_int_equal(ticks(b, 8 * MS, 8 * MS, 4 * MS), 39);
	assert_int_equal(ticks(b, 12 * MS, 20 * MS, 4 * MS), 86);
	assert_int_equal(ticks(b, 24 * MS, 32 * MS, 4 * MS), 123);
	assert_int_equal(ticks(b, 36 * MS, 100 * MS, 4 * MS), 223);
	assert_int_equal(ticks(b, 104 * MS, 400 * MS, 4 * MS), 255);
	v = belief_view(b, 0, 400 * MS);
	/* actual = 1024 - max(255, 0) */
	assert_int_equal(v.hw_load_avg, 255);
	assert_int_equal(v.actual_cap, 769);
	/* lifted: decays as vector B's second half */
	belief_hw_cap(b, &m, 2400000);
	assert_int_equal(ticks(b, 404 * MS, 404 * MS, 4 * MS), 235);
	assert_int_equal(ticks(b, 408 * MS, 432 * MS, 4 * MS), 132);
	assert_int_equal(ticks(b, 436 * MS, 500 * MS, 4 * MS), 32);
	/* a user cap is cpufreq pressure: at once, unfiltered; the two do not add (max) */
	belief_set_policy_max(b, &m, 1800000, 500 * MS);
	v = belief_view(b, 0, 500 * MS);
	assert_int_equal(v.cpufreq_pressure, 256);
	assert_int_equal(v.actual_cap, 1024 - 256);
	/* a cooling device's own write changes nothing since 6.10 (its cap is policy->max) */
	belief_cooling_freq(b, &m, 903000);
	assert_int_equal(belief_view(b, 0, 500 * MS).actual_cap, 768);
	belief_free(b);
}

static void test_v69(void **state)
{
	struct belief *b = make(CAPSIM_MODEL_V6_9, 0);
	capsim_cpumask m = cpu0();
	struct belief_view v;

	/* a user scaling_max_freq cap is invisible */
	belief_set_policy_max(b, &m, 1200000, 0);
	v = belief_view(b, 0, 0);
	assert_int_equal(v.actual_cap, 1024);
	assert_int_equal(v.cpufreq_pressure, 0);
	/* a cooling device writes thermal pressure: instantaneous for the fit checks */
	belief_cooling_freq(b, &m, 1800000);
	v = belief_view(b, 0, 0);
	assert_int_equal(v.thermal_pressure, 256);
	assert_int_equal(v.actual_cap, 768);
	/* averaged like HW pressure with shift 0: vector B */
	assert_int_equal(ticks(b, 4 * MS, 20 * MS, 4 * MS), 86);
	assert_int_equal(belief_view(b, 0, 20 * MS).thermal_load_avg, 86);
	/* last writer wins: an LMh "unthrottle" erases the cooling device's pressure */
	belief_hw_cap(b, &m, 2400000);
	assert_int_equal(belief_view(b, 0, 20 * MS).thermal_pressure, 0);
	belief_hw_cap(b, &m, 1500000);
	assert_int_equal(belief_view(b, 0, 20 * MS).thermal_pressure, 384);
	belief_free(b);
}

/*
 * v6.1: 6.1's topology_update_thermal_pressure() divides the capped frequency by 1000 and holds
 * freq_factor (cpuinfo.max_freq / 1000) in MHz: 1797700 kHz is 1797 MHz, 1024 * 1797 / 2400 =
 * 766.72 -> 766, pressure 258, where kHz would give 1024 * 1797700 / 2400000 = 767.02 -> 767,
 * pressure 257 (v6.9's, 6.8's capacity_freq_ref in kHz)
 */
static void test_v61_mhz(void **state)
{
	struct belief *b61 = make(CAPSIM_MODEL_V6_1, 0), *b69 = make(CAPSIM_MODEL_V6_9, 0);
	capsim_cpumask m = cpu0();

	belief_hw_cap(b61, &m, 1797700);
	belief_hw_cap(b69, &m, 1797700);
	assert_int_equal(belief_view(b61, 0, 0).thermal_pressure, 258);
	assert_int_equal(belief_view(b69, 0, 0).thermal_pressure, 257);
	/* a cooling device's frequency the same way; whole MHz agree: 1800 -> 768, pressure 256 */
	belief_cooling_freq(b61, &m, 1800000);
	assert_int_equal(belief_view(b61, 0, 0).thermal_pressure, 256);
	belief_cooling_freq(b61, &m, 1797999);
	assert_int_equal(belief_view(b61, 0, 0).thermal_pressure, 258);
	belief_free(b61);
	belief_free(b69);
}

static void test_v69_decay_shift(void **state)
{
	struct belief *b0 = make(CAPSIM_MODEL_V6_9, 0);
	struct belief *b2 = make(CAPSIM_MODEL_V6_9, 2);
	capsim_cpumask m = cpu0();

	/* shift 2: rq_clock_thermal = clock_task / 4, so ticks every 16 ms of task time are
	 * every 4 ms of thermal time: vector B, four times slower */
	belief_cooling_freq(b0, &m, 1800000);
	belief_cooling_freq(b2, &m, 1800000);
	assert_int_equal(ticks(b2, 16 * MS, 16 * MS, 16 * MS), 20);
	assert_int_equal(ticks(b2, 32 * MS, 80 * MS, 16 * MS), 86);
	/* at the same task time (80 ms) shift 0 is much further: vector B at 80 ms is > 123 */
	assert_true(ticks(b0, 4 * MS, 80 * MS, 4 * MS) > 123);
	/* rise to 255 at 4 x 400 ms; after the cap lifts, vector B's 235 comes 16 ms later, and
	 * the 32 ms half-life becomes 128 ms: 132 at 4 x 432 ms */
	assert_int_equal(ticks(b2, 96 * MS, 1600 * MS, 16 * MS), 255);
	belief_cooling_freq(b2, &m, 2400000);
	assert_int_equal(ticks(b2, 1616 * MS, 1616 * MS, 16 * MS), 235);
	assert_int_equal(ticks(b2, 1632 * MS, 1728 * MS, 16 * MS), 132);
	belief_free(b0);
	belief_free(b2);
}

static void test_blocked_clock(void **state)
{
	struct belief *v610 = make(CAPSIM_MODEL_V6_10, 0);
	struct belief *latest = make(CAPSIM_MODEL_LATEST, 0);
	capsim_cpumask m = cpu0();
	struct belief *bs[2] = { v610, latest };

	for (int i = 0; i < 2; i++) {
		belief_hw_cap(bs[i], &m, 1800000);
		ticks(bs[i], 4 * MS, 8 * MS, 4 * MS);
		/* a blocked-load update where clock_pelt lags clock_task by 2 ms */
		belief_blocked_update(bs[i], 0, 8 * MS, 6 * MS);
		ticks(bs[i], 12 * MS, 12 * MS, 4 * MS);
	}
	/* latest (84d265281d6c): the update at the tick's own clock adds nothing: vector B, 56 */
	assert_int_equal(latest->cpus[0].avg.load_avg, 56);
	/* 6.10: the PELT clock is "in the past": last_update_time is pulled back to 6 ms and the
	 * next tick accumulates [6, 12] ms of pressure, 2 ms counted twice: above 56 */
	assert_true(v610->cpus[0].avg.load_avg > 56);
	belief_free(v610);
	belief_free(latest);
}

static void test_capped(void **state)
{
	struct belief *b = make(CAPSIM_MODEL_CAPPED, 0);
	capsim_cpumask m = cpu0();
	struct belief_view v;

	/* cap at 0 to 1.8 GHz (capacity 768); threshold 1 s */
	belief_set_policy_max(b, &m, 1800000, 0);
	v = belief_view(b, 0, 500 * MS);
	assert_int_equal(v.arch_cap, 1024); /* not held long enough: pressure */
	assert_int_equal(v.cpufreq_pressure, 256);
	assert_int_equal(v.actual_cap, 768);
	v = belief_view(b, 0, 1000 * MS);
	assert_int_equal(v.arch_cap, 768); /* held 1 s: the maximum capacity is lowered */
	assert_int_equal(v.cpufreq_pressure, 0);
	assert_int_equal(v.actual_cap, 768);
	/* the cap lifts at 2 s: full capacity at once */
	belief_set_policy_max(b, &m, 2400000, 2000 * MS);
	v = belief_view(b, 0, 2000 * MS);
	assert_int_equal(v.arch_cap, 1024);
	assert_int_equal(v.cpufreq_pressure, 0);
	/* 768 from 2.5 s, 512 (1.2 GHz) from 3 s */
	belief_set_policy_max(b, &m, 1800000, 2500 * MS);
	belief_set_policy_max(b, &m, 1200000, 3000 * MS);
	/* at 3.2 s the window [2.2, 3.2] still holds the uncapped 2.0-2.5 s */
	v = belief_view(b, 0, 3200 * MS);
	assert_int_equal(v.arch_cap, 1024);
	assert_int_equal(v.cpufreq_pressure, 512);
	/* at 3.6 s, [2.6, 3.6]: 768 is the highest held level; 256 more is pressure */
	v = belief_view(b, 0, 3600 * MS);
	assert_int_equal(v.arch_cap, 768);
	assert_int_equal(v.cpufreq_pressure, 256);
	assert_int_equal(v.actual_cap, 512);
	/* at 4 s, [3, 4]: only 512 */
	v = belief_view(b, 0, 4000 * MS);
	assert_int_equal(v.arch_cap, 512);
	assert_int_equal(v.cpufreq_pressure, 0);
	/* HW pressure averaging 255 below a held 512 max: only what reaches below 512 counts:
	 * lost = 512, 255 < 512 -> 0; actual stays min(level 512, 1024 - 255) = 512 */
	belief_hw_cap(b, &m, 1800000);
	ticks(b, 4004 * MS, 4400 * MS, 4 * MS);
	v = belief_view(b, 0, 4400 * MS);
	assert_int_equal(v.hw_load_avg, 0);
	assert_int_equal(v.actual_cap, 512);
	belief_free(b);
}

static void test_none(void **state)
{
	struct belief *b = make(CAPSIM_MODEL_NONE, 0);
	capsim_cpumask m = cpu0();
	struct belief_view v;

	belief_set_policy_max(b, &m, 408000, 0);
	belief_hw_cap(b, &m, 408000);
	belief_cooling_freq(b, &m, 408000);
	ticks(b, 4 * MS, 400 * MS, 4 * MS);
	v = belief_view(b, 0, 400 * MS);
	assert_int_equal(v.arch_cap, 1024);
	assert_int_equal(v.actual_cap, 1024);
	assert_int_equal(v.cpufreq_pressure + v.hw_load_avg + v.thermal_pressure, 0);
	belief_free(b);
}

static void test_create_errors(void **state)
{
	struct belief_params p = { CAPSIM_MODEL_V6_9, 11, 0 };
	struct belief_cpu_params zero = { 0, 1, 1, 0 };
	struct belief *b;
	capsim_error err;

	assert_int_equal(belief_create(&p, &big, 1, &b, &err), CAPSIM_ERR_RANGE);
	assert_non_null(strstr(err.msg, "sched_thermal_decay_shift"));
	p = (struct belief_params){ CAPSIM_MODEL_CAPPED, 0, 0 };
	assert_int_equal(belief_create(&p, &big, 1, &b, &err), CAPSIM_ERR_RANGE);
	p.capped_threshold_ns = 1;
	assert_int_equal(belief_create(&p, &zero, 1, &b, &err), CAPSIM_ERR_RANGE);
	assert_null(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_formulas),
		cmocka_unit_test(test_v610_hw_pelt),
		cmocka_unit_test(test_v69),
		cmocka_unit_test(test_v61_mhz),
		cmocka_unit_test(test_v69_decay_shift),
		cmocka_unit_test(test_blocked_clock),
		cmocka_unit_test(test_capped),
		cmocka_unit_test(test_none),
		cmocka_unit_test(test_create_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
