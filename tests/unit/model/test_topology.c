// SPDX-License-Identifier: MIT
/*
 * test_topology.c - tests src/model/topology.c: original capacities and frequency references of
 * every shipped board, and the kernel's fallbacks, against values derived by hand from
 * topology_normalize_cpu_scale():
 *   scale = max(dmips * ref); cap = (dmips * ref << 10) / scale (truncated),
 * with ref = the policy's cpuinfo.max_freq (highest non-turbo OPP).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "platform_test_util.h"

struct board {
	const char *name;
	unsigned nr_cpus, nr_policies;
	unsigned cap[8];      /* expected capacity_orig per CPU */
	unsigned ref[8];      /* expected capacity_freq_ref (kHz) per CPU */
	unsigned opps[3];     /* OPPs per policy, in policy order */
};

static const struct board boards[] = {
	/* little: 485*1416000 << 10 / (1024*1800000) = 703242240000 / 1843200000 = 381.5 -> 381 */
	{ "rk3399", 6, 2, { 381, 381, 381, 381, 1024, 1024 },
	  { 1416000, 1416000, 1416000, 1416000, 1800000, 1800000 }, { 6, 8 } },
	/* little: 592*1844000*1024 / (1024*2362000) = 462.17 -> 462 */
	{ "hikey960", 8, 2, { 462, 462, 462, 462, 1024, 1024, 1024, 1024 },
	  { 1844000, 1844000, 1844000, 1844000, 2362000, 2362000, 2362000, 2362000 }, { 5, 5 } },
	/* scale 1024*3091200; little 448*1804800*1024/scale = 261.56 -> 261;
	 * mid 1024*2419200*1024/scale = 801.39 -> 801 */
	{ "rb5", 8, 3, { 261, 261, 261, 261, 801, 801, 801, 1024 },
	  { 1804800, 1804800, 1804800, 1804800, 2419200, 2419200, 2419200, 3091200 }, { 17, 18, 21 } },
	/* scale 1024*2802000; little 250*1803000*1024/scale = 160.87 -> 160;
	 * mid 620*2253000*1024/scale = 498.52 -> 498 */
	{ "pixel6", 8, 3, { 160, 160, 160, 160, 498, 498, 1024, 1024 },
	  { 1803000, 1803000, 1803000, 1803000, 2253000, 2253000, 2802000, 2802000 }, { 11, 14, 17 } },
	/* arm32; A7 539*1400000*1024 / (1024*2000000) = 377.3 -> 377 */
	{ "odroid-xu3", 8, 2, { 377, 377, 377, 377, 1024, 1024, 1024, 1024 },
	  { 1400000, 1400000, 1400000, 1400000, 2000000, 2000000, 2000000, 2000000 }, { 13, 19 } },
	/* the A53s run faster than the A73s: 592*1992000*1024 / (1024*1908000) = 618.06 -> 618 */
	{ "odroid-n2", 6, 2, { 618, 618, 1024, 1024, 1024, 1024 },
	  { 1992000, 1992000, 1908000, 1908000, 1908000, 1908000 }, { 8, 8 } },
	/* no OPPs in the DT (SCPI firmware): no policy, references stay at the default and the
	 * boot normalization is from dmips alone: 485*1024/1024 = 485 */
	{ "juno-r2", 6, 0, { 1024, 1024, 485, 485, 485, 485 }, { 0 }, { 0 } },
};

static void test_boards(void **state)
{
	for (size_t b = 0; b < sizeof(boards) / sizeof(boards[0]); b++) {
		const struct board *e = &boards[b];
		struct capsim_platform *p = load_board(e->name);

		assert_non_null(p);
		assert_int_equal(p->nr_cpus, e->nr_cpus);
		assert_int_equal(p->nr_policies, e->nr_policies);
		for (unsigned cpu = 0; cpu < e->nr_cpus; cpu++) {
			assert_int_equal(platform_cpu_capacity_orig(p, cpu), e->cap[cpu]);
			assert_int_equal(platform_freq_ref(p, cpu), e->ref[cpu]);
		}
		for (unsigned i = 0; i < e->nr_policies; i++)
			assert_int_equal(p->policies[i].nr_opps, e->opps[i]);
		platform_free(p);
	}
}

static void test_turbo_excluded_from_reference(void **state)
{
	struct capsim_platform *p;
	capsim_error err = { 0 };

	assert_int_equal(load_dts(test_dts, &p, &err), 0);
	/* the turbo 2016 MHz OPP is a boost frequency: cpuinfo.max_freq = 1800000 = freq_ref;
	 * little = 485*1416000*1024/(1024*1800000) = 381 */
	assert_int_equal(platform_freq_ref(p, 2), 1800000);
	assert_int_equal(platform_cpu_capacity_orig(p, 0), 381);
	assert_int_equal(p->policies[1].nr_opps, 3);
	assert_int_equal(p->cpus[0].cluster, 0);
	assert_int_equal(p->cpus[2].cluster, 1);
	platform_free(p);
}

static void test_missing_dmips_falls_back_to_1024(void **state)
{
	char *t = replace(test_dts, "reg = <0x1>;\n   capacity-dmips-mhz = <485>;", "reg = <0x1>;");
	struct capsim_platform *p;
	capsim_error err = { 0 };

	assert_non_null(t);
	assert_int_equal(load_dts(t, &p, &err), 0);
	for (unsigned cpu = 0; cpu < 3; cpu++)
		assert_int_equal(platform_cpu_capacity_orig(p, cpu), 1024);
	assert_int_equal(p->capacity_source, PLATFORM_CAPACITY_DEFAULT);
	assert_non_null(strstr(p->notes[0], "/cpus/cpu@1/capacity-dmips-mhz"));
	platform_free(p);
	free(t);
}

static void test_arm64_without_cpu_map(void **state)
{
	char *t = replace(test_dts, "cpu-map", "not-a-cpu-map");
	struct capsim_platform *p;
	capsim_error err = { 0 };

	assert_non_null(t);
	assert_int_equal(load_dts(t, &p, &err), 0);
	/* arm64 parse_dt_topology() returns before reading any capacity-dmips-mhz */
	assert_int_equal(platform_cpu_capacity_orig(p, 0), 1024);
	assert_int_equal(p->cpus[0].cluster, -1);
	platform_free(p);
	free(t);
}

static void test_arm32_reads_capacity_without_cpu_map(void **state)
{
	char *a = replace(test_dts, "cpu-map", "not-a-cpu-map");
	char *b = replace(a, "arm,cortex-a53", "arm,cortex-a7");
	struct capsim_platform *p;
	capsim_error err = { 0 };

	assert_int_equal(load_dts(b, &p, &err), 0);
	assert_int_equal(p->arch, PLATFORM_ARCH_ARM);
	assert_int_equal(platform_cpu_capacity_orig(p, 0), 381);
	/* cluster = MPIDR affinity 1: reg 0x100 >> 8 = 1 */
	assert_int_equal(p->cpus[2].cluster, 1);
	platform_free(p);
	free(a);
	free(b);
}

static void test_capacity_normalizing_to_zero_is_refused(void **state)
{
	/* 1 * 1416000 << 10 / (1024 * 1800000) = 0.79 -> 0: no CPU may have capacity 0 */
	char *t = replace(test_dts, "reg = <0x0>;\n   capacity-dmips-mhz = <485>;",
			  "reg = <0x0>;\n   capacity-dmips-mhz = <1>;");
	struct capsim_platform *p;
	capsim_error err = { 0 };

	assert_int_equal(load_dts(t, &p, &err), CAPSIM_ERR_RANGE);
	assert_non_null(strstr(err.msg, "/cpus/cpu@0"));
	free(t);
}

static void test_partial_policies_keep_boot_normalization(void **state)
{
	/* cpu@100 without an OPP table: no policy, so init_cpu_capacity_callback never sees
	 * every CPU and the boot normalization (no frequencies) stands: 485*1024/1024 = 485 */
	char *t = replace(test_dts, "capacity-dmips-mhz = <1024>; operating-points-v2 = <&t1>;",
			  "capacity-dmips-mhz = <1024>;");
	struct capsim_platform *p;
	capsim_error err = { 0 };

	assert_int_equal(load_dts(t, &p, &err), 0);
	assert_int_equal(platform_cpu_capacity_orig(p, 0), 485);
	assert_int_equal(platform_freq_ref(p, 0), 1416000);
	assert_int_equal(platform_policy_of(p, 2), -1);
	platform_free(p);
	free(t);
}

/*
 * topology_set_freq_scale(): (cur << 10) / ref, unclamped, so a boost frequency above the
 * reference scales PELT's clock beyond 1024 (found by kernel-check: capsim clamped at 1024);
 * a zero frequency or reference is ignored (WARN_ON_ONCE and return: the scale stays).
 */
static void test_freq_scale(void **state)
{
	(void)state;
	assert_int_equal(topology_freq_scale(1024, 1416000, 1800000), 1416000ULL * 1024 / 1800000);
	assert_int_equal(topology_freq_scale(1024, 1800000, 1800000), 1024);
	assert_int_equal(topology_freq_scale(1024, 2400000, 2000000), 1228);
	assert_int_equal(topology_freq_scale(805, 0, 1800000), 805);
	assert_int_equal(topology_freq_scale(805, 1416000, 0), 805);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_boards),
		cmocka_unit_test(test_turbo_excluded_from_reference),
		cmocka_unit_test(test_missing_dmips_falls_back_to_1024),
		cmocka_unit_test(test_arm64_without_cpu_map),
		cmocka_unit_test(test_arm32_reads_capacity_without_cpu_map),
		cmocka_unit_test(test_capacity_normalizing_to_zero_is_refused),
		cmocka_unit_test(test_partial_policies_keep_boot_normalization),
		cmocka_unit_test(test_freq_scale),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
