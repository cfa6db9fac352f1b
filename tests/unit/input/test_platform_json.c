// SPDX-License-Identifier: MIT
/*
 * test_platform_json.c - tests src/input/platform_json.c and src/model/platform.c: stand-alone platform
 * JSON, overlays on a device tree (firmware OPPs for Juno, an OPP fixed, an EM added), and
 * errors that name the file and the JSON path (or line:column for syntax errors).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "platform_test_util.h"
#include "input/platform_load.h"

static void expect_error(const char *text, const char *needle)
{
	struct capsim_platform *p = NULL;
	capsim_error err = { 0 };

	assert_true(load_json(text, &p, &err) < 0);
	assert_null(p);
	if (!strstr(err.msg, needle))
		fail_msg("message '%s' lacks '%s'", err.msg, needle);
}

static void test_errors(void **state)
{
	expect_error("{\"cpus\": [}", "test.json:1:11: ");
	expect_error("{}\n{}", "test.json:2:1: ");
	expect_error("[1]", "test.json: $: expected an object");
	expect_error("{\"cpus\": []}", "test.json: $.cpus: 0 CPUs (expected 1..");
	expect_error("{\"cpu\": []}", "test.json: $: unknown member \"cpu\"");
	expect_error("{\"cpus\": [{\"capacity_dmips_mhz\": \"big\"}]}",
		     "test.json: $.cpus[0].capacity_dmips_mhz: expected an integer");
	expect_error("{\"cpus\": [{\"capacity_dmips_mhz\": -5}]}",
		     "$.cpus[0].capacity_dmips_mhz: -5 out of range");
	expect_error("{\"cpus\": [{}], \"policies\": [{\"cpus\": \"0\", \"opps\": [{\"khz\": 0}]}]}",
		     "$.policies[0].opps[0].khz: 0 out of range");
	expect_error("{\"cpus\": [{}], \"policies\": [{\"cpus\": \"0-1\", \"opps\": [{\"khz\": 5}]}]}",
		     "$.policies[0].cpus: CPU 1 does not exist");
	expect_error("{\"cpus\": [{}], \"policies\": [{\"cpus\": \"0\", \"opps\": [{\"khz\": 5}, {\"khz\": 5}]}]}",
		     "$.policies[0].opps[1]: 5 kHz appears twice");
	expect_error("{\"cpus\": [{\"capacity\": 2000}]}", "$.cpus[0].capacity: 2000 out of range");
	expect_error("{\"cpus\": [{\"capacity\": 20}, {}]}", "$.cpus: \"capacity\" given for some CPUs only");
	expect_error("{\"arch\": \"mips\", \"cpus\": [{}]}", "$.arch: \"mips\" is not one of");
	expect_error("{\"base\": \"x.dtb\", \"cpus\": [{}]}", "$.base: a base device tree is only read");
	expect_error("{\"cpus\": [{}], \"policies\": [{\"cpus\": \"0\", \"opps\": [{\"khz\": 100, \"turbo\": true}]}]}",
		     "no OPP outside turbo-mode");
}

static void test_x86(void **state)
{
	struct capsim_platform *p;
	capsim_error err = { 0 };

	/* a hybrid x86: capacities given, no frequency reference */
	assert_int_equal(load_json("{\"name\": \"hybrid\", \"arch\": \"x86\", \"cpus\": [{\"capacity\": 1024},"
				   " {\"capacity\": 600}], \"policies\": [{\"cpus\": \"0\", \"opps\": [{\"khz\": 5000000}]},"
				   " {\"cpus\": \"1\", \"opps\": [{\"khz\": 3000000}]}]}", &p, &err), 0);
	assert_string_equal(p->name, "hybrid");
	assert_int_equal(platform_cpu_capacity_orig(p, 1), 600);
	assert_int_equal(platform_freq_ref(p, 1), 0);
	assert_int_equal(p->capacity_source, PLATFORM_CAPACITY_GIVEN);
	platform_free(p);
}

static int overlay(struct capsim_platform *p, const char *text, capsim_error *err)
{
	return platform_load_json(text, strlen(text), "overlay.json", p, NULL, err);
}

static void test_juno_firmware_opps(void **state)
{
	struct capsim_platform *p = load_board("juno-r2");
	capsim_error err = { 0 };

	/* OPPs for both clusters: now every CPU has a policy, so capacities are normalized with
	 * the references: little = 485*950000*1024 / (1024*1200000) = 383.9 -> 383 */
	assert_int_equal(overlay(p, "{\"policies\": ["
				 "{\"cpus\": \"0-1\", \"opps\": [{\"khz\": 600000, \"uv\": 820000},"
				 " {\"khz\": 1200000, \"uv\": 1000000}]},"
				 "{\"cpus\": \"2-5\", \"opps\": [{\"khz\": 450000, \"uv\": 820000},"
				 " {\"khz\": 950000, \"uv\": 1000000}]}]}", &err), 0);
	assert_int_equal(p->nr_policies, 2);
	assert_int_equal(platform_cpu_capacity_orig(p, 2), 383);
	assert_int_equal(platform_freq_ref(p, 0), 1200000);
	/* the DT's dynamic-power-coefficient is not on policy->cpu's node here (JSON policy): no
	 * EM until the overlay gives one; then 450*1000*1000*1200/1e6 = 540000 uW */
	assert_false(platform_has_em(p));
	assert_int_equal(overlay(p, "{\"policies\": [{\"cpus\": \"0-1\", \"dynamic_power_coefficient\": 450},"
				 " {\"cpus\": \"2-5\", \"dynamic_power_coefficient\": 140}]}", &err), 0);
	assert_true(platform_has_em(p));
	assert_int_equal(p->policies[0].em->table[1].power, 540000);
	platform_free(p);
}

static void test_patch_opp_and_errors(void **state)
{
	struct capsim_platform *p = load_board("rb5");
	capsim_error err = { 0 };

	/* a policy that spans other CPUs, or an OPP that does not exist, are refused */
	assert_int_equal(overlay(p, "{\"policies\": [{\"cpus\": \"0-1\"}]}", &err), CAPSIM_ERR_PARSE);
	assert_non_null(strstr(err.msg, "overlay.json: $.policies[0].cpus: policy0 spans other CPUs"));
	assert_int_equal(overlay(p, "{\"policies\": [{\"cpus\": \"7\", \"patch_opps\": [{\"khz\": 123}]}]}",
				 &err), CAPSIM_ERR_PARSE);
	assert_non_null(strstr(err.msg, "$.policies[0].patch_opps[0]: policy7 has no OPP at 123 kHz"));
	platform_free(p);

	/* marking the top RB5 prime OPP turbo moves the reference down to the next OPP of cpu7_opp_table, 2841600 kHz */
	p = load_board("rb5");
	assert_int_equal(overlay(p, "{\"policies\": [{\"cpus\": \"7\", \"patch_opps\":"
				 " [{\"khz\": 3091200, \"turbo\": true}]}]}", &err), 0);
	assert_int_equal(platform_freq_ref(p, 7), 2841600);
	platform_free(p);
}

/*
 * The FIE source follows the CPUs' compatibles: amu only when every CPU has FEAT_AMU counters
 * Linux uses (Cortex-A710 and X2 do; A510 r0p0..r1p1 has erratum 2457168, its constant
 * counter refused; A76 has only an IMPLEMENTATION DEFINED AMU; arm32 has none). The platform
 * JSON's "freq_invariance" overrides it; the device trees' Kryo 485 (A77-based) is cpufreq.
 */
static void test_freq_invariance(void **state)
{
	static const struct { const char *text; enum platform_fie_source fie; } cases[] = {
		{ "{\"cpus\": [{\"compatible\": \"arm,cortex-a710\"}, {\"compatible\": \"arm,cortex-x2\"}]}",
		  PLATFORM_FIE_AMU },
		{ "{\"cpus\": [{\"compatible\": \"arm,cortex-a510\"}, {\"compatible\": \"arm,cortex-x2\"}]}",
		  PLATFORM_FIE_CPUFREQ },
		{ "{\"cpus\": [{\"compatible\": \"arm,cortex-a76\"}]}", PLATFORM_FIE_CPUFREQ },
		{ "{\"cpus\": [{\"compatible\": \"arm,cortex-a710\"}, {}]}", PLATFORM_FIE_CPUFREQ },
		{ "{\"arch\": \"arm\", \"cpus\": [{\"compatible\": \"arm,cortex-a710\"}]}",
		  PLATFORM_FIE_CPUFREQ },
		{ "{\"freq_invariance\": \"amu\", \"cpus\": [{\"compatible\": \"arm,cortex-a55\"}]}",
		  PLATFORM_FIE_AMU },
		{ "{\"freq_invariance\": \"cpufreq\", \"cpus\": [{\"compatible\": \"arm,cortex-a710\"}]}",
		  PLATFORM_FIE_CPUFREQ },
	};
	struct capsim_platform *p;
	capsim_error err = { 0 };

	(void)state;
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		if (load_json(cases[i].text, &p, &err))
			fail_msg("%s: %s", cases[i].text, err.msg);
		if (p->fie != cases[i].fie)
			fail_msg("%s: fie %d, expected %d", cases[i].text, p->fie, cases[i].fie);
		platform_free(p);
	}
	p = load_board("rb5");
	assert_int_equal(p->fie, PLATFORM_FIE_CPUFREQ);
	assert_string_equal(p->cpus[4].compatible, "qcom,kryo485");
	assert_int_equal(overlay(p, "{\"freq_invariance\": \"amu\"}", &err), 0);
	assert_int_equal(p->fie, PLATFORM_FIE_AMU);
	assert_int_equal(p->fie_origin, PLATFORM_FIE_FROM_JSON);
	platform_free(p);
	expect_error("{\"freq_invariance\": \"aperf\", \"cpus\": [{}]}",
		     "$.freq_invariance: \"aperf\" is not one of the accepted values (expected \"cpufreq\"");
}

/*
 * cpus[].idle_power_uw: one µW figure per idle state, WFI first, then the CPU's DT states in
 * order (RK3399: cpu-sleep, cluster-sleep; a stand-alone platform: WFI only). A list of another
 * length is refused naming the states; values are the energy model's power range.
 */
static void test_idle_power(void **state)
{
	struct capsim_platform *p = load_board("rk3399");
	capsim_error err = { 0 };

	(void)state;
	assert_int_equal(p->cpus[0].nr_idle, 2);
	assert_false(p->cpus[0].has_idle_power); /* a device tree carries none */
	assert_int_equal(overlay(p, "{\"cpus\": [{\"cpu\": 4, \"idle_power_uw\": [90000, 9000, 0]}]}",
				 &err), 0);
	assert_true(p->cpus[4].has_idle_power);
	assert_false(p->cpus[0].has_idle_power);
	assert_int_equal(p->cpus[4].idle_power_uw[0], 90000);
	assert_int_equal(p->cpus[4].idle_power_uw[1], 9000);
	assert_int_equal(p->cpus[4].idle_power_uw[2], 0);
	/* the upper bound is EM_MAX_POWER, 64 W */
	assert_int_equal(overlay(p, "{\"cpus\": [{\"cpu\": 0, \"idle_power_uw\": [64000000, 1, 1]}]}",
				 &err), 0);
	assert_int_equal(p->cpus[0].idle_power_uw[0], 64000000);
	assert_int_equal(overlay(p, "{\"cpus\": [{\"cpu\": 1, \"idle_power_uw\": [30000, 5000]}]}",
				 &err), CAPSIM_ERR_PARSE);
	assert_non_null(strstr(err.msg, "overlay.json: $.cpus[0].idle_power_uw: 2 entries (expected 3: "
				"the CPU's idle states in order, WFI, cpu-sleep, cluster-sleep)"));
	assert_int_equal(overlay(p, "{\"cpus\": [{\"cpu\": 1, \"idle_power_uw\": [1, 2, 64000001]}]}",
				 &err), CAPSIM_ERR_PARSE);
	assert_non_null(strstr(err.msg, "$.cpus[0].idle_power_uw[2]: 64000001 out of range "
				"(expected 0..64000000)"));
	assert_int_equal(overlay(p, "{\"cpus\": [{\"cpu\": 1, \"idle_power_uw\": [1, \"x\", 3]}]}",
				 &err), CAPSIM_ERR_PARSE);
	assert_non_null(strstr(err.msg, "$.cpus[0].idle_power_uw[1]: expected an integer 0..64000000"));
	assert_int_equal(overlay(p, "{\"cpus\": [{\"cpu\": 1, \"idle_power_uw\": 5}]}", &err),
			 CAPSIM_ERR_PARSE);
	assert_non_null(strstr(err.msg, "$.cpus[0].idle_power_uw: expected an array"));
	assert_false(p->cpus[1].has_idle_power); /* refused lists leave nothing behind */
	platform_free(p);

	/* stand-alone: WFI is the only state */
	assert_int_equal(load_json("{\"cpus\": [{\"idle_power_uw\": [25000]}]}", &p, &err), 0);
	assert_true(p->cpus[0].has_idle_power);
	assert_int_equal(p->cpus[0].idle_power_uw[0], 25000);
	platform_free(p);
	expect_error("{\"cpus\": [{\"idle_power_uw\": [25000, 100]}]}",
		     "test.json: $.cpus[0].idle_power_uw: 2 entries (expected 1: WFI, the CPU's only "
		     "idle state: a device tree declares the others)");
	expect_error("{\"cpus\": [{\"idle_power_uw\": []}]}", "$.cpus[0].idle_power_uw: 0 entries");
	expect_error("{\"cpus\": [{\"idle_power\": [1]}]}",
		     "$.cpus[0]: unknown member \"idle_power\" (did you mean \"idle_power_uw\"?)");
}

static void test_load_by_name_and_file(void **state)
{
	char path[512];
	struct capsim_platform *p;
	capsim_error err = { 0 };

	setenv("CAPSIM_DATA_DIR", CAPSIM_SOURCE_DIR "/data", 1);
	assert_int_equal(platform_load("hikey960", NULL, 0, &p, &err), 0);
	assert_string_equal(p->name, "hikey960");
	platform_free(p);
	assert_int_equal(platform_load("no-such-board", NULL, 0, &p, &err), CAPSIM_ERR_NOT_FOUND);
	assert_non_null(strstr(err.msg, "no-such-board: no such platform"));
	/* a .dts goes through dtc: same result as the .dtb */
	snprintf(path, sizeof(path), "%s/data/platforms/rk3399.dts", CAPSIM_SOURCE_DIR);
	assert_int_equal(platform_load(path, NULL, 0, &p, &err), 0);
	assert_int_equal(platform_cpu_capacity_orig(p, 0), 381);
	platform_free(p);
	/* dtc's own diagnostics for a broken source */
	const char *bad = write_temp("/dts-v1/;\n/ { cpus { ;\n", 23, ".dts");
	assert_int_equal(platform_load(bad, NULL, 0, &p, &err), CAPSIM_ERR_PARSE);
	assert_non_null(strstr(err.msg, "dtc cannot compile it"));
	unlink(bad);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_x86),
		cmocka_unit_test(test_juno_firmware_opps),
		cmocka_unit_test(test_patch_opp_and_errors),
		cmocka_unit_test(test_load_by_name_and_file),
		cmocka_unit_test(test_freq_invariance),
		cmocka_unit_test(test_idle_power),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
