// SPDX-License-Identifier: MIT
/*
 * test_dt.c - tests src/input/dt.c and src/input/dt_thermal.c: malformed device trees are refused with
 * the file and the node/property path (truncated blob, dangling phandles, bad cell counts,
 * missing pieces), policies are grouped as cpufreq-dt groups them, OPP properties are read
 * in their 1- and 3-cell forms, and thermal zones come out with trips and cooling maps.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "platform_test_util.h"
#include "input/platform_load.h"
#include "model/sched_domains.h"

/* Load a variant of test_dts with @from replaced by @to; expect @code and @needle in the message. */
static void expect_dts_error(const char *from, const char *to, int code, const char *needle)
{
	char *t = replace(test_dts, from, to);
	struct capsim_platform *p = NULL;
	capsim_error err = { 0 };

	assert_non_null(t);
	assert_int_equal(load_dts(t, &p, &err), code);
	assert_null(p);
	if (!strstr(err.msg, needle))
		fail_msg("message '%s' lacks '%s'", err.msg, needle);
	assert_non_null(strstr(err.msg, "/tmp/capsim-test-")); /* names the file */
	free(t);
}

static void test_truncated_blob(void **state)
{
	char path[512];
	FILE *fp;
	char buf[65536];
	size_t n;
	struct capsim_platform *p = NULL;
	capsim_error err = { 0 };

	snprintf(path, sizeof(path), "%s/data/platforms/rk3399.dtb", CAPSIM_SOURCE_DIR);
	fp = fopen(path, "rb");
	assert_non_null(fp);
	n = fread(buf, 1, sizeof(buf), fp);
	fclose(fp);
	assert_true(n > 1000);
	for (size_t cut = 0; cut < n; cut += n / 7) {
		assert_int_equal(platform_load_dtb(buf, cut, "cut.dtb", &p, &err), CAPSIM_ERR_PARSE);
		assert_null(p);
		assert_non_null(strstr(err.msg, "cut.dtb: not a valid flattened device tree"));
	}
	/* not a device tree at all */
	assert_int_equal(platform_load_dtb("hello, world, this is text", 26, "x.dtb", &p, &err),
			 CAPSIM_ERR_PARSE);
}

static void test_bad_cell_counts(void **state)
{
	expect_dts_error("capacity-dmips-mhz = <1024>;", "capacity-dmips-mhz = <1024 5>;",
			 CAPSIM_ERR_PARSE, "/cpus/cpu@100/capacity-dmips-mhz: 8 bytes (expected one 32-bit cell)");
	expect_dts_error("opp-microvolt = <825000>; };\n  opp-1416000000",
			 "opp-microvolt = [00 01 02]; };\n  opp-1416000000", CAPSIM_ERR_PARSE,
			 "/opp-table-0/opp-408000000/opp-microvolt: 3 bytes (expected 32-bit cells");
	expect_dts_error("opp-hz = /bits/ 64 <408000000>;", "opp-hz = <408000000>;",
			 CAPSIM_ERR_PARSE, "/opp-table-0/opp-408000000/opp-hz: 1 cells (expected a 64-bit value");
	expect_dts_error("opp-hz = /bits/ 64 <408000000>;", "", CAPSIM_ERR_PARSE,
			 "/opp-table-0/opp-408000000/opp-hz: missing");
	expect_dts_error("capacity-dmips-mhz = <1024>;", "capacity-dmips-mhz = <0>;",
			 CAPSIM_ERR_RANGE, "/cpus/cpu@100/capacity-dmips-mhz: 0 (expected 1..");
}

static void test_dangling_phandles(void **state)
{
	expect_dts_error("operating-points-v2 = <&t1>;", "operating-points-v2 = <0x4242>;",
			 CAPSIM_ERR_PARSE, "/cpus/cpu@100/operating-points-v2: phandle 0x4242 refers to no node");
	expect_dts_error("core0 { cpu = <&c2>; }", "core0 { cpu = <0x777>; }", CAPSIM_ERR_PARSE,
			 "/cpus/cpu-map/cluster1/core0/cpu: phandle 0x777 refers to no node");
}

static void test_cpu_map_errors(void **state)
{
	/* a leaf core without a cpu, and a CPU missing from the map */
	expect_dts_error("core0 { cpu = <&c2>; }", "core0 { }", CAPSIM_ERR_PARSE,
			 "/cpus/cpu-map/cluster1/core0: no CPU for this leaf core");
	expect_dts_error("cluster1 { core0 { cpu = <&c2>; }; };", "", CAPSIM_ERR_PARSE,
			 "/cpus/cpu@100 is missing (expected every CPU in the cpu-map)");
	expect_dts_error("cpu-map { cluster0 {", "cpu-map { core0 { cpu = <&c0>; }; cluster0 {",
			 CAPSIM_ERR_PARSE, "cpu-map children should be clusters");
}

static void test_missing_opp_table_and_cpus(void **state)
{
	char *t = replace(test_dts, "capacity-dmips-mhz = <1024>; operating-points-v2 = <&t1>;",
			  "capacity-dmips-mhz = <1024>;");
	struct capsim_platform *p;
	capsim_error err = { 0 };

	/* a CPU without an OPP table has no cpufreq policy, as with cpufreq-dt */
	assert_int_equal(load_dts(t, &p, &err), 0);
	assert_int_equal(p->nr_policies, 1);
	assert_int_equal(platform_policy_of(p, 2), -1);
	assert_false(platform_has_em(p));
	platform_free(p);
	free(t);
	expect_dts_error(" cpus {", " not-cpus {", CAPSIM_ERR_PARSE, "/cpus: missing");
}

static void test_opp_forms_and_sharing(void **state)
{
	/* 3-cell opp-microvolt: target, min, max; and a table without opp-shared gives each
	 * CPU its own policy (dev_pm_opp_of_get_sharing_cpus) */
	char *a = replace(test_dts, "opp-microvolt = <1125000>;", "opp-microvolt = <1125000 1100000 1150000>;");
	char *b = replace(a, "compatible = \"operating-points-v2\"; opp-shared;\n  opp-408000000 { opp-hz = /bits/ 64 <408000000>; opp-microvolt = <825000>; };\n  opp-1416",
			  "compatible = \"operating-points-v2\";\n  opp-408000000 { opp-hz = /bits/ 64 <408000000>; opp-microvolt = <825000>; };\n  opp-1416");
	struct capsim_platform *p;
	capsim_error err = { 0 };

	assert_non_null(b);
	assert_int_equal(load_dts(b, &p, &err), 0);
	assert_int_equal(p->nr_policies, 3);
	assert_int_equal(p->policies[0].opps[1].uv, 1125000);
	assert_int_equal(p->policies[0].opps[1].uv_min, 1100000);
	assert_int_equal(p->policies[0].opps[1].uv_max, 1150000);
	assert_true(p->policies[2].opps[2].turbo);
	platform_free(p);
	free(a);
	free(b);
}

/*
 * Policies from performance-domains (apple-soc-cpufreq, mediatek-cpufreq-hw): CPUs 0 and 1 use
 * table t0 without opp-shared, which alone would give each its own policy, but both name the
 * same performance domain: of_perf_domain_get_sharing_cpumask() puts them in one policy.
 */
static void test_performance_domains(void **state)
{
	char *a = replace(test_dts, "compatible = \"operating-points-v2\"; opp-shared;\n  opp-408000000 { opp-hz = /bits/ 64 <408000000>; opp-microvolt = <825000>; };\n  opp-1416",
			  "compatible = \"operating-points-v2\";\n  opp-408000000 { opp-hz = /bits/ 64 <408000000>; opp-microvolt = <825000>; };\n  opp-1416");
	char *b = replace(a, "reg = <0x0>;", "reg = <0x0>; performance-domains = <&pd 0>;");
	char *c = replace(b, "reg = <0x1>;", "reg = <0x1>; performance-domains = <&pd 0>;");
	char *d = replace(c, " t0: opp-table-0", " pd: perf { #performance-domain-cells = <1>; };\n t0: opp-table-0");
	struct capsim_platform *p;
	capsim_error err = { 0 };

	assert_non_null(d);
	assert_int_equal(load_dts(d, &p, &err), 0);
	assert_int_equal(p->nr_policies, 2);
	assert_int_equal(platform_policy_of(p, 0), platform_policy_of(p, 1));
	assert_true(platform_policy_of(p, 2) != platform_policy_of(p, 0));
	platform_free(p);
	free(a);
	free(b);
	free(c);
	free(d);
}

/*
 * _opp_is_duplicate(): a rate listed twice at the same voltage is a harmless duplicate (the
 * first stays); at another voltage the kernel refuses the table (-EEXIST), and so do we, naming
 * the second OPP. OPPs with opp-supported-hw are kept, with a note that the fuses choose.
 */
static void test_duplicate_and_binned_opps(void **state)
{
	static const char first[] = "  opp-1800000000 { opp-hz = /bits/ 64 <1800000000>; opp-microvolt = <1200000>; };\n";
	char *same = replace(test_dts, first,
			     "  opp-1800000000 { opp-hz = /bits/ 64 <1800000000>; opp-microvolt = <1200000>; };\n"
			     "  opp-1800000001 { opp-hz = /bits/ 64 <1800000000>; opp-microvolt = <1200000>; };\n");
	char *binned = replace(test_dts, first,
			       "  opp-1800000000 { opp-hz = /bits/ 64 <1800000000>; opp-microvolt = <1200000>; opp-supported-hw = <0x1>; };\n");
	struct capsim_platform *p;
	capsim_error err = { 0 };

	assert_int_equal(load_dts(same, &p, &err), 0);
	assert_int_equal(p->policies[1].nr_opps, 3);
	platform_free(p);
	assert_int_equal(load_dts(binned, &p, &err), 0);
	assert_int_equal(p->policies[1].nr_opps, 3);
	assert_non_null(strstr(p->notes[0], "/opp-table-1: OPPs of several speed bins"));
	platform_free(p);
	expect_dts_error(first,
			 "  opp-1800000000 { opp-hz = /bits/ 64 <1800000000>; opp-microvolt = <1200000>; };\n"
			 "  opp-1800000001 { opp-hz = /bits/ 64 <1800000000>; opp-microvolt = <1250000>; };\n",
			 CAPSIM_ERR_INVALID, "/opp-table-1/opp-1800000001/opp-hz: 1800000000 Hz a second time");
	free(same);
	free(binned);
}

static void test_legacy_table_and_smt(void **state)
{
	/* arm32 (Cortex-A9), legacy <kHz uV> pairs on cpu0 only: cpufreq-dt shares that table
	 * with every CPU; no capacity-dmips-mhz anywhere: all 1024 */
	static const char v1[] =
		"/dts-v1/;\n/ { cpus { #address-cells = <1>; #size-cells = <0>;\n"
		" cpu@0 { compatible = \"arm,cortex-a9\"; device_type = \"cpu\"; reg = <0>;\n"
		"  operating-points = <996000 1275000 792000 1175000 396000 975000>; };\n"
		" cpu@1 { compatible = \"arm,cortex-a9\"; device_type = \"cpu\"; reg = <1>; };\n"
		" cpu@2 { compatible = \"arm,cortex-a9\"; device_type = \"cpu\"; reg = <2>; status = \"fail\"; }; }; };\n";
	/* SMT: threads of one core share its core number, each has its thread index */
	char *smt = replace(test_dts, "core1 { cpu = <&c1>; };",
			    "core1 { thread0 { cpu = <&c1>; }; thread1 { cpu = <&c2>; }; };");
	char *smt2 = replace(smt, "cluster1 { core0 { cpu = <&c2>; }; };", "");
	struct capsim_platform *p;
	capsim_error err = { 0 };

	assert_int_equal(load_dts(v1, &p, &err), 0);
	assert_int_equal(p->nr_cpus, 2); /* the failed CPU is not possible */
	assert_int_equal(p->nr_policies, 1);
	assert_int_equal(platform_policy_of(p, 1), 0);
	assert_int_equal(p->policies[0].nr_opps, 3);
	assert_int_equal(p->policies[0].opps[0].khz, 396000);
	assert_int_equal(p->policies[0].opps[2].uv, 1275000);
	assert_int_equal(platform_freq_ref(p, 1), 996000);
	assert_int_equal(platform_cpu_capacity_orig(p, 1), 1024);
	platform_free(p);
	assert_int_equal(load_dts(smt2, &p, &err), 0);
	assert_int_equal(p->cpus[1].core, 1);
	assert_int_equal(p->cpus[2].core, 1);
	assert_int_equal(p->cpus[2].thread, 1);
	assert_int_equal(p->cpus[2].cluster, 0);
	platform_free(p);
	free(smt);
	free(smt2);
}

/*
 * arm32 reads no cpu-map and has no cacheinfo (arch/arm/kernel/topology.c): its packages are
 * MPIDR affinity level 1 whatever the cpu-map groups, and no CPU has a last-level cache, so
 * MC is each package. capsim took both from the tree as on arm64 until kernel-check group
 * sched_domains compared them (Odroid-XU3: one MC over all instead of MC 0-3 4-7, PKG).
 */
static void test_arm32_topology(void **state)
{
	static const char dts[] =
		"/dts-v1/;\n/ { cpus { #address-cells = <1>; #size-cells = <0>;\n"
		" cpu-map { cluster0 { core0 { cpu = <&c0>; }; core1 { cpu = <&c2>; }; };\n"
		"  cluster1 { core0 { cpu = <&c1>; }; core1 { cpu = <&c3>; }; }; };\n"
		" c0: cpu@0 { compatible = \"arm,cortex-a7\"; device_type = \"cpu\"; reg = <0>;"
		" next-level-cache = <&l2>; };\n"
		" c1: cpu@1 { compatible = \"arm,cortex-a7\"; device_type = \"cpu\"; reg = <1>;"
		" next-level-cache = <&l2>; };\n"
		" c2: cpu@100 { compatible = \"arm,cortex-a15\"; device_type = \"cpu\"; reg = <0x100>;"
		" next-level-cache = <&l2>; };\n"
		" c3: cpu@101 { compatible = \"arm,cortex-a15\"; device_type = \"cpu\"; reg = <0x101>; };\n"
		" l2: l2-cache { compatible = \"cache\"; cache-level = <2>; cache-unified; }; }; };\n";
	const capsim_cpumask lo = { { 0x3 } }, hi = { { 0xc } }, all = { { 0xf } };
	struct capsim_platform *p;
	capsim_error err = { 0 };
	bool noted = false;

	(void)state;
	assert_int_equal(load_dts(dts, &p, &err), 0);
	assert_int_equal(p->arch, PLATFORM_ARCH_ARM);
	for (unsigned c = 0; c < 4; c++) {
		assert_int_equal(p->cpus[c].package_id, c < 2 ? 0 : 1);
		assert_int_equal(p->cpus[c].cluster_id, -1);
		assert_int_equal(p->cpus[c].llc, -1);
	}
	assert_int_equal(p->sd->nr_domains, 3);
	assert_int_equal(p->sd->domains[0].level, SD_LEVEL_MC);
	assert_memory_equal(&p->sd->domains[0].span, &lo, sizeof(lo));
	assert_memory_equal(&p->sd->domains[1].span, &hi, sizeof(hi));
	assert_int_equal(p->sd->domains[2].level, SD_LEVEL_PKG);
	assert_memory_equal(&p->sd->domains[2].span, &all, sizeof(all));
	for (unsigned i = 0; i < p->nr_notes; i++)
		noted |= strstr(p->notes[i], "arm32: /cpus/cpu-map is not read") != NULL;
	assert_true(noted);
	platform_free(p);
}

/*
 * cacheinfo's levels: a chain init_of_cache_level() refuses (the L2 not compatible "cache")
 * falls back to CLIDR_EL1's levels (taken as the chain's), raised to the last node's
 * cache-level: an L2 saying cache-level 3 leaves a level with no node, and the walk short,
 * so CPU0 has no LLC; CPU1's chain, compatible, keeps its L2. (capsim gave both their L2
 * until kernel-check group sched_domains compared.)
 */
static void test_cache_levels(void **state)
{
	static const char dts[] =
		"/dts-v1/;\n/ { cpus { #address-cells = <1>; #size-cells = <0>;\n"
		" cpu@0 { compatible = \"arm,cortex-a55\"; device_type = \"cpu\"; reg = <0>;"
		" next-level-cache = <&a>; };\n"
		" cpu@100 { compatible = \"arm,cortex-a55\"; device_type = \"cpu\"; reg = <0x100>;"
		" next-level-cache = <&b>; };\n"
		" a: l2-cache-a { cache-level = <3>; cache-unified; };\n"
		" b: l2-cache-b { compatible = \"cache\"; cache-level = <3>; cache-unified; }; }; };\n";
	char *fixed = replace(dts, "l2-cache-a { cache-level = <3>;", "l2-cache-a { cache-level = <2>;");
	struct capsim_platform *p;
	capsim_error err = { 0 };

	(void)state;
	assert_int_equal(load_dts(dts, &p, &err), 0);
	assert_int_equal(p->cpus[0].llc, -1);
	assert_true(p->cpus[1].llc >= 0);
	platform_free(p);
	/* the same refused chain whose last node says level 2: CLIDR's two levels, L2 found */
	assert_int_equal(load_dts(fixed, &p, &err), 0);
	assert_true(p->cpus[0].llc >= 0);
	platform_free(p);
	free(fixed);
}

static void test_rk3399_thermal(void **state)
{
	struct capsim_platform *p = load_board("rk3399");
	const struct platform_thermal_zone *z;

	assert_non_null(p);
	assert_int_equal(p->nr_zones, 2);
	z = &p->zones[0];
	assert_string_equal(z->name, "cpu-thermal");
	assert_int_equal(z->polling_delay_ms, 1000);
	assert_int_equal(z->polling_delay_passive_ms, 100);
	/* rk3399.dtsi trips: cpu_alert0 70 C passive, cpu_alert1 75 C passive, cpu_crit 95 C */
	assert_string_equal(z->trips[0].name, "cpu_alert0");
	assert_int_equal(z->trips[0].temperature_mc, 70000);
	assert_int_equal(z->trips[0].hysteresis_mc, 2000);
	assert_int_equal(z->trips[0].type, PLATFORM_TRIP_PASSIVE);
	assert_int_equal(z->trips[2].type, PLATFORM_TRIP_CRITICAL);
	/* map0: cpu_alert0 -> <&cpu_b0 NO_LIMIT NO_LIMIT>, a cpufreq cooling device of policy4 */
	assert_int_equal(z->maps[0].trip, 0);
	assert_int_equal(p->policies[z->maps[0].policy].cpu, 4);
	assert_int_equal(z->maps[0].upper, PLATFORM_THERMAL_NO_LIMIT);
	/* cpu_b1 is not policy->cpu: no cooling device is registered on its node */
	assert_int_equal(z->maps[1].policy, -1);
	platform_free(p);
}

static void test_malformed_zone_is_skipped(void **state)
{
	/* a trip without hysteresis: thermal_of_populate_trip() fails that zone only; a map
	 * listing two supplies' worth of microvolts per OPP is accepted (first supply) */
	char *a = replace(test_dts, "};\n",
			  "};\n thermal-zones { bad { trips { t: t { temperature = <1>; type = \"hot\"; }; }; };\n"
			  "  good { polling-delay = <500>; }; };\n");
	char *b = replace(a, "opp-microvolt = <825000>;", "opp-microvolt = <825000>, <900000>;");
	struct capsim_platform *p;
	capsim_error err = { 0 };

	assert_int_equal(load_dts(b, &p, &err), 0);
	assert_int_equal(p->nr_zones, 1);
	assert_string_equal(p->zones[0].name, "good");
	assert_int_equal(p->zones[0].polling_delay_ms, 500);
	assert_non_null(strstr(p->notes[0], "/thermal-zones/bad/trips/t/hysteresis: missing"));
	assert_int_equal(p->policies[0].opps[0].uv, 825000);
	platform_free(p);
	free(a);
	free(b);
}

static bool has_note(const struct capsim_platform *p, const char *needle)
{
	for (unsigned i = 0; i < p->nr_notes; i++)
		if (strstr(p->notes[i], needle))
			return true;
	return false;
}

/*
 * Bad cooling maps bind nothing, the zone stays (thermal_of_should_bind(),
 * thermal_bind_cdev_to_trip()): map0 names no trip; map1 asks states 0..9 of the cpu@100
 * policy, whose cooling device has 2 states (no EM: its non-turbo OPPs 408 and 1800 MHz), so
 * 0..1; map2 (cpu@0's policy, states 0..1) is fine and is the one kept.
 */
static void test_bad_cooling_maps(void **state)
{
	char *t = replace(test_dts, "};\n",
			  "};\n thermal-zones { soc { polling-delay = <1000>;\n"
			  "  trips { a: alert { temperature = <70000>; hysteresis = <2000>; type = \"passive\"; }; };\n"
			  "  cooling-maps { map0 { cooling-device = <&c0 0 1>; };\n"
			  "   map1 { trip = <&a>; cooling-device = <&c2 0 9>; };\n"
			  "   map2 { trip = <&a>; cooling-device = <&c0 0 1>; }; }; }; };\n");
	char *u = replace(t, "reg = <0x100>;", "reg = <0x100>; #cooling-cells = <2>;");
	char *v = replace(u, "reg = <0x0>;", "reg = <0x0>; #cooling-cells = <2>;");
	struct capsim_platform *p;
	capsim_error err = { 0 };

	assert_int_equal(load_dts(v, &p, &err), 0);
	assert_int_equal(p->nr_zones, 1);
	assert_int_equal(p->zones[0].nr_trips, 1);
	assert_int_equal(p->zones[0].nr_maps, 1);
	assert_string_equal(p->zones[0].maps[0].device_path, "/cpus/cpu@0");
	assert_int_equal(p->zones[0].maps[0].upper, 1);
	assert_true(has_note(p, "cooling-maps/map0/trip: missing"));
	assert_true(has_note(p, "cooling map to /cpus/cpu@100 skipped, as the kernel does: "
				"states 0..9 outside 0..1"));
	platform_free(p);
	free(t);
	free(u);
	free(v);
}

static void test_hikey960_ipa_zone(void **state)
{
	struct capsim_platform *p = load_board("hikey960");

	assert_non_null(p);
	assert_int_equal(p->nr_zones, 1);
	assert_int_equal(p->zones[0].sustainable_power_mw, 4500);
	platform_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_truncated_blob),
		cmocka_unit_test(test_bad_cell_counts),
		cmocka_unit_test(test_dangling_phandles),
		cmocka_unit_test(test_cpu_map_errors),
		cmocka_unit_test(test_missing_opp_table_and_cpus),
		cmocka_unit_test(test_opp_forms_and_sharing),
		cmocka_unit_test(test_performance_domains),
		cmocka_unit_test(test_duplicate_and_binned_opps),
		cmocka_unit_test(test_legacy_table_and_smt),
		cmocka_unit_test(test_arm32_topology),
		cmocka_unit_test(test_cache_levels),
		cmocka_unit_test(test_rk3399_thermal),
		cmocka_unit_test(test_malformed_zone_is_skipped),
		cmocka_unit_test(test_bad_cooling_maps),
		cmocka_unit_test(test_hikey960_ipa_zone),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
