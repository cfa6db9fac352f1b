// SPDX-License-Identifier: MIT
/*
 * test_cpufreq.c - tests src/model/cpufreq.c: freq_qos aggregation (several requests, removal, min
 * above max), the limits cpufreq_set_policy() resolves, and the cpufreq pressure boundaries
 * (boost above the reference, cap equal to the reference, cap below the lowest OPP, a one-OPP
 * policy, x86 with and without the cpuinfo.max_freq fallback). Expected values are derived
 * in comments from cpufreq_update_pressure(): 0 if ref <= max, else cap - cap*max/ref.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "platform_test_util.h"

/* Two CPUs of capacity 1024 in one policy: 0.5, 1, 1.5, 2 GHz and a 2.4 GHz turbo OPP. */
static const char two_cpus[] =
	"{\"name\": \"t\", \"cpus\": [{\"capacity_dmips_mhz\": 1024}, {\"capacity_dmips_mhz\": 1024}],"
	" \"policies\": [{\"cpus\": \"0-1\", \"opps\": [{\"khz\": 500000}, {\"khz\": 1000000},"
	" {\"khz\": 1500000}, {\"khz\": 2000000}, {\"khz\": 2400000, \"turbo\": true}]}]}";

static struct capsim_platform *load(const char *text)
{
	struct capsim_platform *p = NULL;
	capsim_error err = { 0 };

	if (load_json(text, &p, &err))
		fail_msg("%s", err.msg);
	return p;
}

static void set_max(struct capsim_platform *p, uint32_t khz)
{
	assert_int_equal(platform_freq_qos_update_request(p, 0, FREQ_QOS_MAX, "user", khz, NULL), 0);
}

static void test_defaults(void **state)
{
	struct capsim_platform *p = load(two_cpus);

	/* turbo excluded from cpuinfo: limits 500000..2000000, reference 2000000 */
	assert_int_equal(p->policies[0].cpuinfo_max_khz, 2000000);
	assert_int_equal(p->policies[0].max_khz, 2000000);
	assert_int_equal(p->policies[0].min_khz, 500000);
	assert_int_equal(platform_freq_ref(p, 1), 2000000);
	assert_int_equal(platform_cpufreq_pressure(p, 1), 0);
	assert_int_equal(platform_freq_qos_value(p, 0, FREQ_QOS_MAX), INT32_MAX);
	platform_free(p);
}

static void test_aggregation_and_removal(void **state)
{
	struct capsim_platform *p = load(two_cpus);

	/* user 1.2 GHz: table max = highest <= 1200000 = 1000000;
	 * pressure = 1024 - 1024*1000000/2000000 = 512, on both related CPUs */
	set_max(p, 1200000);
	assert_int_equal(p->policies[0].max_khz, 1000000);
	assert_int_equal(platform_cpufreq_pressure(p, 0), 512);
	assert_int_equal(platform_cpufreq_pressure(p, 1), 512);
	/* a looser thermal request changes nothing: MAX = min(1200000, 1500000) */
	assert_int_equal(platform_freq_qos_add_request(p, 0, FREQ_QOS_MAX, FREQ_QOS_ORIGIN_COOLING,
						       "thermal", 1500000, NULL), 0);
	assert_int_equal(platform_freq_qos_value(p, 0, FREQ_QOS_MAX), 1200000);
	assert_int_equal(platform_cpufreq_pressure(p, 0), 512);
	/* a tighter power limit: MAX 900000 -> 500000; pressure = 1024 - 256 = 768 */
	assert_int_equal(platform_freq_qos_add_request(p, 0, FREQ_QOS_MAX, FREQ_QOS_ORIGIN_OTHER,
						       "power", 900000, NULL), 0);
	assert_int_equal(p->policies[0].max_khz, 500000);
	assert_int_equal(platform_cpufreq_pressure(p, 0), 768);
	/* removing it restores the 1000000 limit */
	assert_int_equal(platform_freq_qos_remove_request(p, 0, FREQ_QOS_MAX, "power", NULL), 0);
	assert_int_equal(p->policies[0].max_khz, 1000000);
	assert_int_equal(platform_cpufreq_pressure(p, 0), 512);
	/* errors: a duplicate name, an unknown request, a value beyond S32_MAX */
	assert_int_equal(platform_freq_qos_add_request(p, 0, FREQ_QOS_MAX, FREQ_QOS_ORIGIN_USER,
						       "thermal", 1, NULL), CAPSIM_ERR_INVALID);
	assert_int_equal(platform_freq_qos_remove_request(p, 0, FREQ_QOS_MIN, "nope", NULL),
			 CAPSIM_ERR_NOT_FOUND);
	assert_int_equal(platform_freq_qos_update_request(p, 0, FREQ_QOS_MAX, "user", 3000000000u, NULL),
			 CAPSIM_ERR_INVALID);
	platform_free(p);
}

static void test_min_above_max(void **state)
{
	struct capsim_platform *p = load(two_cpus);

	/* MIN 1800000, MAX 1200000: verify clamps min to 1200000; no OPP in [1200000, 1200000]
	 * so max drops to the highest OPP below it, 1000000, and min follows: both 1000000 */
	set_max(p, 1200000);
	assert_int_equal(platform_freq_qos_update_request(p, 0, FREQ_QOS_MIN, "user", 1800000, NULL), 0);
	assert_int_equal(p->policies[0].max_khz, 1000000);
	assert_int_equal(p->policies[0].min_khz, 1000000);
	/* MIN 1300000 alone: policy->min = lowest OPP >= 1300000 = 1500000 */
	set_max(p, INT32_MAX);
	assert_int_equal(platform_freq_qos_update_request(p, 0, FREQ_QOS_MIN, "user", 1300000, NULL), 0);
	assert_int_equal(p->policies[0].min_khz, 1500000);
	assert_int_equal(p->policies[0].max_khz, 2000000);
	platform_free(p);
}

static void test_pressure_boundaries(void **state)
{
	struct capsim_platform *p = load(two_cpus);

	/* a cap equal to the reference: ref <= max -> 0 */
	set_max(p, 2000000);
	assert_int_equal(platform_cpufreq_pressure(p, 0), 0);
	/* a cap below the lowest OPP is clamped to cpuinfo.min = 500000: 1024 - 256 = 768 */
	set_max(p, 100000);
	assert_int_equal(p->policies[0].max_khz, 500000);
	assert_int_equal(platform_cpufreq_pressure(p, 0), 768);
	/* boost: cpuinfo.max becomes 2400000 and scaling_max_freq follows it; the reference
	 * stays 2000000, so max 2400000 >= ref gives 0 */
	assert_int_equal(platform_set_boost(p, 0, true, NULL), 0);
	assert_int_equal(p->policies[0].max_khz, 2400000);
	assert_int_equal(platform_freq_ref(p, 0), 2000000);
	assert_int_equal(platform_cpufreq_pressure(p, 0), 0);
	platform_free(p);
}

/*
 * cpufreq_boost_set_sw() (found by kernel-check): cpufreq_frequency_table_cpuinfo() writes
 * policy->min (cpuinfo.min) and policy->max (the table's highest) itself and never lowers
 * cpuinfo.max_freq; the user MAX request then follows policy->max, and cpufreq_set_policy()
 * runs only if that changes an aggregate (pm_qos_update_target() notifies only then).
 */
static void test_boost_as_cpufreq_boost_set_sw(void **state)
{
	struct capsim_platform *p = load(two_cpus);
	const struct platform_policy *pol = &p->policies[0];

	assert_int_equal(platform_freq_qos_add_request(p, 0, FREQ_QOS_MAX, FREQ_QOS_ORIGIN_COOLING,
						       "thermal", 1000000, NULL), 0);
	assert_int_equal(platform_freq_qos_add_request(p, 0, FREQ_QOS_MIN, FREQ_QOS_ORIGIN_OTHER,
						       "other", 1000000, NULL), 0);
	assert_int_equal(pol->max_khz, 1000000);
	assert_int_equal(pol->min_khz, 1000000);
	assert_int_equal(platform_cpufreq_pressure(p, 0), 512);
	/* boost on: the MAX aggregate stays 1 GHz (thermal), so nothing re-resolves the limits */
	assert_int_equal(platform_set_boost(p, 0, true, NULL), 0);
	assert_int_equal(pol->cpuinfo_max_khz, 2400000);
	assert_int_equal(pol->max_khz, 2400000);
	assert_int_equal(pol->min_khz, 500000);
	assert_int_equal(platform_cpufreq_pressure(p, 0), 512);
	/* the next aggregate change does: 1.5 GHz, 1024 - 1024*1500000/2000000 = 256 */
	assert_int_equal(platform_freq_qos_update_request(p, 0, FREQ_QOS_MAX, "thermal", 1500000,
							  NULL), 0);
	assert_int_equal(pol->max_khz, 1500000);
	assert_int_equal(pol->min_khz, 1000000);
	assert_int_equal(platform_cpufreq_pressure(p, 0), 256);
	/* boost off: cpuinfo.max stays 2.4 GHz, policy->max is the table's 2 GHz until ... */
	assert_int_equal(platform_set_boost(p, 0, false, NULL), 0);
	assert_int_equal(pol->cpuinfo_max_khz, 2400000);
	assert_int_equal(pol->max_khz, 2000000);
	/* ... the thermal request goes: user 2 GHz, within cpuinfo up to 2.4 GHz */
	assert_int_equal(platform_freq_qos_remove_request(p, 0, FREQ_QOS_MAX, "thermal", NULL), 0);
	assert_int_equal(pol->max_khz, 2000000);
	assert_int_equal(platform_cpufreq_pressure(p, 0), 0);
	/* and with boost off, a user request may now reach the turbo OPP */
	assert_int_equal(platform_freq_qos_update_request(p, 0, FREQ_QOS_MAX, "user", 2400000,
							  NULL), 0);
	assert_int_equal(pol->max_khz, 2400000);
	platform_free(p);
}

/*
 * 7.3's policy_set_boost() (model_cpufreq_7_3()), the same steps as above, derived from
 * linux-source-7.3.4: cpufreq_policy_online() adds boost_freq_req, a MAX request at
 * cpuinfo.max_freq, for a table with turbo OPPs; cpufreq_frequency_table_cpuinfo() no longer
 * writes policy->min/max, and boost moves only that request, to the new cpuinfo.max_freq.
 */
static void test_boost_as_policy_set_boost_7_3(void **state)
{
	struct capsim_platform *p = load(two_cpus);
	const struct platform_policy *pol = &p->policies[0];

	p->cpufreq_model = CAPSIM_MODEL_V7_3;
	/* the boost request is cpuinfo.max_freq = 2 GHz under the user's S32_MAX */
	assert_int_equal(platform_freq_qos_value(p, 0, FREQ_QOS_MAX), 2000000);
	assert_int_equal(platform_freq_qos_add_request(p, 0, FREQ_QOS_MAX, FREQ_QOS_ORIGIN_COOLING,
						       "thermal", 1000000, NULL), 0);
	assert_int_equal(platform_freq_qos_add_request(p, 0, FREQ_QOS_MIN, FREQ_QOS_ORIGIN_OTHER,
						       "other", 1000000, NULL), 0);
	/* boost on: cpuinfo 500000..2400000, the boost request 2.4 GHz; MAX = min(2400000,
	 * thermal 1000000) is unchanged, so policy->min/max stay 1 GHz (6.12: 500000, 2400000) */
	assert_int_equal(platform_set_boost(p, 0, true, NULL), 0);
	assert_int_equal(pol->cpuinfo_max_khz, 2400000);
	assert_int_equal(pol->max_khz, 1000000);
	assert_int_equal(pol->min_khz, 1000000);
	assert_int_equal(platform_cpufreq_pressure(p, 0), 512);
	assert_int_equal(platform_freq_qos_value(p, 0, FREQ_QOS_MAX), 1000000);
	/* thermal 1.5 GHz: MAX 1500000 -> max 1500000, 1024 - 1024*1500000/2000000 = 256 */
	assert_int_equal(platform_freq_qos_update_request(p, 0, FREQ_QOS_MAX, "thermal", 1500000,
							  NULL), 0);
	assert_int_equal(pol->max_khz, 1500000);
	assert_int_equal(platform_cpufreq_pressure(p, 0), 256);
	/* boost off: cpuinfo.max stays 2.4 GHz, so the request does too: no change (6.12: 2 GHz) */
	assert_int_equal(platform_set_boost(p, 0, false, NULL), 0);
	assert_int_equal(pol->cpuinfo_max_khz, 2400000);
	assert_int_equal(pol->max_khz, 1500000);
	/* thermal gone: MAX = min(boost 2400000, user S32_MAX) = 2.4 GHz, the turbo OPP (6.12: the
	 * user request followed policy->max, 2 GHz); ref 2000000 <= 2400000: pressure 0 */
	assert_int_equal(platform_freq_qos_remove_request(p, 0, FREQ_QOS_MAX, "thermal", NULL), 0);
	assert_int_equal(pol->max_khz, 2400000);
	assert_int_equal(platform_cpufreq_pressure(p, 0), 0);
	assert_int_equal(platform_freq_qos_value(p, 0, FREQ_QOS_MAX), 2400000);
	platform_free(p);
}

static void test_one_opp_policy(void **state)
{
	struct capsim_platform *p = load("{\"cpus\": [{\"capacity_dmips_mhz\": 100}],"
					 " \"policies\": [{\"cpus\": \"0\", \"opps\": [{\"khz\": 1000000}]}]}");

	/* any cap resolves to the only OPP, which is the reference: pressure 0 */
	set_max(p, 200000);
	assert_int_equal(p->policies[0].max_khz, 1000000);
	assert_int_equal(platform_cpufreq_pressure(p, 0), 0);
	assert_int_equal(platform_cpu_capacity_orig(p, 0), 1024);
	platform_free(p);
}

static void test_resolve_freq(void **state)
{
	struct capsim_platform *p = load(two_cpus);

	/* RELATION_L(E): the lowest OPP at or above the target, within the limits */
	assert_int_equal(platform_resolve_freq(p, 0, 700000), 1000000);
	assert_int_equal(platform_resolve_freq(p, 0, 1), 500000);
	set_max(p, 1500000);
	assert_int_equal(platform_resolve_freq(p, 0, 1900000), 1500000);
	platform_free(p);
}

static void test_x86_fallback(void **state)
{
	/* x86: arch_scale_freq_ref() = 0. 6.10..6.12.100: no pressure at all. After
	 * d2d5c129d07e: ref = cpuinfo.max 4680714 and 1024 - 1024*3300000/4680714 = 1024 - 721 = 303 */
	struct capsim_platform *p = load("{\"arch\": \"x86\", \"cpus\": [{\"capacity\": 1024}],"
					 " \"policies\": [{\"cpus\": \"0\", \"opps\": [{\"khz\": 800000},"
					 " {\"khz\": 3300000}, {\"khz\": 4680714}]}]}");

	set_max(p, 3300000);
	assert_int_equal(platform_freq_ref(p, 0), 0);
	assert_int_equal(platform_cpufreq_pressure(p, 0), 0);
	p->fallback = PLATFORM_FALLBACK_CPUINFO_MAX;
	platform_cpufreq_set_policy(p, 0);
	assert_int_equal(platform_cpufreq_pressure(p, 0), 303);
	platform_free(p);
}

static void test_pressure_formula(void **state)
{
	/* spec vectors: 1024 - 1024*1800000/2400000 = 256; 446 - 446*1401600/2016000 = 446 - 310 */
	assert_int_equal(platform_freq_pressure(1024, 1800000, 2400000), 256);
	assert_int_equal(platform_freq_pressure(446, 1401600, 2016000), 136);
	assert_int_equal(platform_freq_pressure(1024, 2400001, 2400000), 0);
	assert_int_equal(platform_freq_pressure(1024, 5, 0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_aggregation_and_removal),
		cmocka_unit_test(test_min_above_max),
		cmocka_unit_test(test_pressure_boundaries),
		cmocka_unit_test(test_boost_as_cpufreq_boost_set_sw),
		cmocka_unit_test(test_boost_as_policy_set_boost_7_3),
		cmocka_unit_test(test_one_opp_policy),
		cmocka_unit_test(test_resolve_freq),
		cmocka_unit_test(test_x86_fallback),
		cmocka_unit_test(test_pressure_formula),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
