// SPDX-License-Identifier: MIT
/*
 * test_platform_api.c - tests the public platform, capacity and placement API
 * (include/capsim/capsim_platform.h) through that header alone. Expected values are derived
 * here from the inputs with the kernel's formulas, not copied from capsim's output:
 * topology_normalize_cpu_scale() over capacity-dmips-mhz x capacity_freq_ref,
 * _get_dt_power() / em_compute_costs() for the energy model, cap - mult_frac(cap, max, ref) for
 * cpufreq and HW pressure, get_actual_cpu_capacity(); the placement replay is checked against the
 * kernel harness's golden expected.jsonl.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "capsim/capsim.h"

/* A two-cluster board: little 485 DMIPS/MHz up to 1.416 GHz, big 1024 up to 1.8 GHz + turbo. */
static const char toy_json[] =
	"{\"name\": \"toy\", \"cpus\": ["
	" {\"capacity_dmips_mhz\": 485}, {\"capacity_dmips_mhz\": 485},"
	" {\"capacity_dmips_mhz\": 1024}, {\"capacity_dmips_mhz\": 1024}],"
	" \"policies\": ["
	"  {\"cpus\": \"0-1\", \"dynamic_power_coefficient\": 100, \"opps\": ["
	"   {\"khz\": 408000, \"uv\": 800000}, {\"khz\": 1008000, \"uv\": 900000},"
	"   {\"khz\": 1416000, \"uv\": 1000000}]},"
	"  {\"cpus\": \"2-3\", \"dynamic_power_coefficient\": 400, \"opps\": ["
	"   {\"khz\": 408000, \"uv\": 800000}, {\"khz\": 1200000, \"uv\": 950000},"
	"   {\"khz\": 1800000, \"uv\": 1100000},"
	"   {\"khz\": 2000000, \"uv\": 1200000, \"turbo\": true}]}],"
	" \"thermal_zones\": [{\"name\": \"soc\", \"polling_delay_ms\": 1000,"
	"  \"polling_delay_passive_ms\": 100, \"sustainable_power_mw\": 2500,"
	"  \"trips\": [{\"name\": \"warm\", \"type\": \"passive\", \"temperature_mc\": 70000,"
	"             \"hysteresis_mc\": 2000},"
	"            {\"name\": \"hot\", \"type\": \"critical\", \"temperature_mc\": 95000,"
	"             \"hysteresis_mc\": 0}],"
	"  \"cooling_maps\": [{\"trip\": \"hot\", \"policy\": 2, \"lower\": 1, \"upper\": 2},"
	"                   {\"trip\": \"warm\", \"policy\": 0, \"contribution\": 512}]}]}";

static const uint32_t toy_dmips[4] = { 485, 485, 1024, 1024 };
static const uint32_t toy_ref[4] = { 1416000, 1416000, 1800000, 1800000 };

static capsim_platform *load_toy(void)
{
	capsim_platform *p = NULL;
	capsim_error err = { 0 };

	if (capsim_platform_load_json(toy_json, strlen(toy_json), "toy.json", &p, &err))
		fail_msg("%s", err.msg);
	return p;
}

/* mult_frac(x, n, d) of include/linux/math.h */
static uint64_t mult_frac(uint64_t x, uint64_t n, uint64_t d)
{
	return (x / d) * n + (x % d) * n / d;
}

/* cpufreq_update_pressure() / topology_update_hw_pressure(): 0 at or above the reference */
static uint64_t pressure(uint64_t cap, uint32_t khz, uint32_t ref)
{
	return khz >= ref ? 0 : cap - mult_frac(cap, khz, ref);
}

/* topology_normalize_cpu_scale(): dmips x freq_ref, scaled so that the largest is 1024 */
static uint64_t expected_capacity(unsigned cpu)
{
	uint64_t max = 0;

	for (unsigned i = 0; i < 4; i++)
		if ((uint64_t)toy_dmips[i] * toy_ref[i] > max)
			max = (uint64_t)toy_dmips[i] * toy_ref[i];
	return (((uint64_t)toy_dmips[cpu] * toy_ref[cpu]) << 10) / max;
}

static void test_inspection(void **state)
{
	capsim_platform *p = load_toy();
	struct capsim_platform_info info = CAPSIM_SIZED(struct capsim_platform_info);
	struct capsim_policy_info pol = CAPSIM_SIZED(struct capsim_policy_info);
	struct capsim_cpu_info c = CAPSIM_SIZED(struct capsim_cpu_info);

	capsim_platform_get_info(p, &info);
	assert_string_equal(info.name, "toy");
	assert_int_equal(info.arch, CAPSIM_ARCH_ARM64);
	assert_int_equal(info.capacity_source, CAPSIM_CAPACITY_NORMALIZED);
	assert_int_equal(info.nr_cpus, 4);
	assert_int_equal(info.nr_policies, 2);
	assert_true(info.eas);
	for (unsigned cpu = 0; cpu < 4; cpu++) {
		assert_int_equal(capsim_platform_get_cpu(p, cpu, &c), 0);
		assert_int_equal(c.capacity_dmips_mhz, toy_dmips[cpu]);
		/* capacity_freq_ref: the highest non-turbo OPP (cpuinfo.max_freq) */
		assert_int_equal(c.freq_ref_khz, toy_ref[cpu]);
		assert_int_equal(c.capacity_orig, expected_capacity(cpu));
		assert_int_equal(c.policy, cpu < 2 ? 0 : 2);
		assert_int_equal(c.policy_index, cpu < 2 ? 0 : 1);
	}
	assert_int_equal(expected_capacity(0), 381); /* 485 * 1416000 / (1024 * 1800000) * 1024 */
	assert_int_equal(capsim_platform_get_policy(p, 1, &pol), 0);
	assert_int_equal(pol.cpu, 2);
	assert_true(capsim_cpumask_test(&pol.cpus, 2) && capsim_cpumask_test(&pol.cpus, 3));
	assert_int_equal(capsim_cpumask_weight(&pol.cpus), 2);
	assert_int_equal(pol.nr_opps, 4);
	assert_int_equal(pol.cpuinfo_min_khz, 408000);
	assert_int_equal(pol.cpuinfo_max_khz, 1800000);
	assert_int_equal(pol.max_khz, 1800000);
	assert_int_equal(pol.dynamic_power_coefficient, 400);
	assert_true(pol.energy_model && !pol.em_microwatts);
	assert_int_equal(capsim_platform_policy_index(p, 2), 1);
	assert_int_equal(capsim_platform_policy_index(p, 1), CAPSIM_ERR_NOT_FOUND);
	/* out of range: refused, never read */
	assert_int_equal(capsim_platform_get_cpu(p, 4, &c), CAPSIM_ERR_RANGE);
	assert_int_equal(capsim_platform_get_policy(p, 2, &pol), CAPSIM_ERR_RANGE);
	assert_null(capsim_platform_note(p, info.nr_notes));
	capsim_platform_free(p);
	capsim_platform_free(NULL);
}

static void test_thermal(void **state)
{
	capsim_platform *p = load_toy();
	struct capsim_cooling_map_info m = CAPSIM_SIZED(struct capsim_cooling_map_info);
	struct capsim_zone_info z = CAPSIM_SIZED(struct capsim_zone_info);
	struct capsim_trip_info t = CAPSIM_SIZED(struct capsim_trip_info);

	assert_int_equal(capsim_platform_get_zone(p, 0, &z), 0);
	assert_string_equal(z.name, "soc");
	assert_int_equal(z.polling_delay_passive_ms, 100);
	assert_int_equal(z.sustainable_power_mw, 2500);
	assert_int_equal(z.nr_trips, 2);
	assert_int_equal(z.nr_maps, 2);
	assert_int_equal(capsim_platform_get_trip(p, 0, 1, &t), 0);
	assert_string_equal(t.name, "hot");
	assert_int_equal(t.type, CAPSIM_TRIP_CRITICAL);
	assert_string_equal(capsim_trip_type_name(t.type), "critical");
	assert_int_equal(t.temperature_mc, 95000);
	/* states 1..2 of the big policy: the 2nd and 3rd highest OPPs (get_state_freq()) */
	assert_int_equal(capsim_platform_get_cooling_map(p, 0, 0, &m), 0);
	assert_int_equal(m.trip, 1);
	assert_int_equal(m.policy, 2);
	assert_int_equal(m.lower, 1);
	assert_int_equal(m.upper, 2);
	assert_int_equal(m.min_state, 1);
	assert_int_equal(m.max_state, 2);
	assert_int_equal(m.min_state_khz, 1800000);
	assert_int_equal(m.max_state_khz, 1200000);
	/* no limits: the whole device, state 0 (fastest) to the slowest OPP */
	assert_int_equal(capsim_platform_get_cooling_map(p, 0, 1, &m), 0);
	assert_int_equal(m.lower, CAPSIM_THERMAL_NO_LIMIT);
	assert_int_equal(m.upper, CAPSIM_THERMAL_NO_LIMIT);
	assert_int_equal(m.contribution, 512);
	assert_int_equal(m.min_state, 0);
	assert_int_equal(m.max_state, 2);
	assert_int_equal(m.min_state_khz, 1416000);
	assert_int_equal(m.max_state_khz, 408000);
	assert_int_equal(capsim_platform_get_cooling_map(p, 0, 2, &m), CAPSIM_ERR_RANGE);
	assert_int_equal(capsim_platform_get_zone(p, 1, &z), CAPSIM_ERR_RANGE);
	assert_null(capsim_trip_type_name((enum capsim_trip_type)9));
	capsim_platform_free(p);
}

static void test_energy_model(void **state)
{
	capsim_platform *p = load_toy();
	static const uint32_t dpc[2] = { 100, 400 };

	for (unsigned pi = 0; pi < 2; pi++) {
		struct capsim_policy_info pol = CAPSIM_SIZED(struct capsim_policy_info);
		struct capsim_opp_info o[8];
		struct capsim_cpu_info c = CAPSIM_SIZED(struct capsim_cpu_info);
		uint32_t fmax = 0;
		uint64_t prev_cost = UINT64_MAX;

		capsim_platform_get_policy(p, pi, &pol);
		capsim_platform_get_cpu(p, pol.cpu, &c);
		for (unsigned i = 0; i < pol.nr_opps; i++) {
			o[i] = (struct capsim_opp_info)CAPSIM_SIZED(struct capsim_opp_info);
			assert_int_equal(capsim_platform_get_opp(p, pi, i, &o[i]), 0);
			if (i)
				assert_true(o[i].khz > o[i - 1].khz);
			if (o[i].has_em && o[i].khz > fmax)
				fmax = o[i].khz;
		}
		assert_true(fmax > 0);
		/* from the highest state down: a state costing as much as a faster one is inefficient */
		for (unsigned i = pol.nr_opps; i-- > 0;) {
			uint64_t mv = o[i].uv / 1000, mhz = o[i].khz / 1000;

			if (!o[i].has_em)
				continue;
			/* _get_dt_power(): uW = dpc * mV^2 * MHz / 10^6 */
			assert_int_equal(o[i].em_power_uw, dpc[pi] * mv * mv * mhz / 1000000);
			/* em_init_performance(): cap * f / fmax */
			assert_int_equal(o[i].em_perf, c.capacity_orig * o[i].khz / fmax);
			/* em_compute_costs() (v6.9+): 10 * power / perf */
			assert_int_equal(o[i].em_cost, 10 * o[i].em_power_uw / o[i].em_perf);
			assert_int_equal(o[i].em_efficient, o[i].em_cost < prev_cost);
			if (o[i].em_cost < prev_cost)
				prev_cost = o[i].em_cost;
		}
		assert_true(o[pol.nr_opps - 1].has_em);
	}
	capsim_platform_free(p);
}

static void test_user_caps(void **state)
{
	capsim_platform *p = load_toy();
	struct capsim_cap cap = { .size = sizeof(cap), .kind = CAPSIM_CAP_MAX_FREQ, .policy = 2, .value = 1200000 };
	struct capsim_cpu_capacity cc = CAPSIM_SIZED(struct capsim_cpu_capacity);
	capsim_error err = { 0 };

	assert_int_equal(capsim_platform_apply_cap(p, &cap, &err), 0);
	assert_int_equal(capsim_platform_get_capacity(p, 3, &cc), 0);
	assert_int_equal(cc.policy, 2);
	assert_int_equal(cc.policy_max_khz, 1200000);
	assert_int_equal(cc.cpufreq_pressure, pressure(1024, 1200000, 1800000)); /* 342 */
	assert_int_equal(cc.actual_capacity, 1024 - pressure(1024, 1200000, 1800000));
	assert_int_equal(capsim_platform_actual_capacity(p, 3), cc.actual_capacity);
	/* a user cap was invisible to v6.9 */
	assert_int_equal(cc.v6_9_thermal_pressure, 0);
	assert_int_equal(cc.v6_9_capacity, 1024);
	/* the little policy is untouched */
	capsim_platform_get_capacity(p, 0, &cc);
	assert_int_equal(cc.cpufreq_pressure, 0);
	assert_int_equal(cc.actual_capacity, expected_capacity(0));

	/* between OPPs: policy->max resolves to the highest OPP at or below (RELATION_H) */
	cap.value = 1100000;
	assert_int_equal(capsim_platform_apply_cap(p, &cap, &err), 0);
	capsim_platform_get_capacity(p, 2, &cc);
	assert_int_equal(cc.policy_max_khz, 408000);
	assert_int_equal(cc.cpufreq_pressure, pressure(1024, 408000, 1800000));

	/* a MIN request on an OPP: policy->min is that OPP (RELATION_L) */
	cap = (struct capsim_cap){ .size = sizeof(cap), .kind = CAPSIM_CAP_MIN_FREQ, .policy = 0, .value = 1008000 };
	assert_int_equal(capsim_platform_apply_cap(p, &cap, &err), 0);
	capsim_platform_get_capacity(p, 1, &cc);
	assert_int_equal(cc.policy_min_khz, 1008000);

	/* boost: cpuinfo.max_freq takes the turbo OPP and the user MAX follows it */
	cap = (struct capsim_cap){ .size = sizeof(cap), .kind = CAPSIM_CAP_BOOST, .policy = 2 };
	assert_int_equal(capsim_platform_apply_cap(p, &cap, &err), 0);
	capsim_platform_get_capacity(p, 2, &cc);
	assert_int_equal(cc.policy_max_khz, 2000000);
	assert_int_equal(cc.cpufreq_pressure, 0);
	capsim_platform_free(p);
}

static void test_cooling_and_hw_caps(void **state)
{
	capsim_platform *p = load_toy();
	struct capsim_cap cool = { .size = sizeof(cool), .kind = CAPSIM_CAP_COOLING, .policy = 2, .value = 2 };
	struct capsim_cap hw = { .size = sizeof(hw), .kind = CAPSIM_CAP_HW, .value = 1000000 };
	uint64_t hw_little = pressure(expected_capacity(0), 1000000, 1416000);
	uint64_t hw_big = pressure(1024, 1000000, 1800000);
	struct capsim_cpu_capacity cc = CAPSIM_SIZED(struct capsim_cpu_capacity);
	capsim_error err = { 0 };

	/* cooling state 2 of a 4-OPP policy: the 3rd highest OPP, 1.2 GHz (get_state_freq()) */
	assert_int_equal(capsim_platform_apply_cap(p, &cool, &err), 0);
	capsim_platform_get_capacity(p, 2, &cc);
	assert_int_equal(cc.policy_max_khz, 1200000);
	assert_int_equal(cc.cpufreq_pressure, pressure(1024, 1200000, 1800000));
	/* v6.9 saw a cooling device as thermal pressure */
	assert_int_equal(cc.v6_9_thermal_pressure, pressure(1024, 1200000, 1800000));
	/* the same device at state 1 updates its one request (1.8 GHz: no pressure) */
	cool.value = 1;
	assert_int_equal(capsim_platform_apply_cap(p, &cool, &err), 0);
	capsim_platform_get_capacity(p, 2, &cc);
	assert_int_equal(cc.policy_max_khz, 1800000);
	assert_int_equal(cc.cpufreq_pressure, 0);

	/* an LMh cap over CPUs 1-2 spans both policies: each computes from its own reference */
	capsim_cpumask_set(&hw.cpus, 1);
	capsim_cpumask_set(&hw.cpus, 2);
	assert_int_equal(capsim_platform_apply_cap(p, &hw, &err), 0);
	capsim_platform_get_capacity(p, 1, &cc);
	assert_int_equal(cc.hw_pressure, hw_little);
	assert_int_equal(cc.hw_load_avg, 0); /* the average has not moved yet */
	capsim_platform_get_capacity(p, 2, &cc);
	assert_int_equal(cc.hw_pressure, hw_big);
	capsim_platform_get_capacity(p, 3, &cc);
	assert_int_equal(cc.hw_pressure, 0); /* not in the list */

	/* after 1 s of HZ=250 ticks the PELT average is within a few percent of the pressure */
	assert_int_equal(capsim_platform_settle_hw_load_avg(p, 1000000000, 250, &err), 0);
	capsim_platform_get_capacity(p, 2, &cc);
	assert_true(cc.hw_load_avg <= hw_big && cc.hw_load_avg * 100 >= hw_big * 97);
	assert_int_equal(cc.actual_capacity, 1024 - (cc.hw_load_avg > cc.cpufreq_pressure
						     ? cc.hw_load_avg : cc.cpufreq_pressure));
	assert_int_equal(cc.v6_9_thermal_pressure, hw_big);
	assert_int_equal(cc.v6_9_capacity, 1024 - hw_big);
	capsim_platform_free(p);
}

static void test_cap_errors(void **state)
{
	capsim_platform *p = load_toy();
	struct capsim_cap cap = { .size = sizeof(cap), .kind = CAPSIM_CAP_MAX_FREQ, .policy = 1, .value = 1000000 };
	struct capsim_cpu_capacity cc = CAPSIM_SIZED(struct capsim_cpu_capacity);
	capsim_error err = { 0 };

	/* CPU1 is not the first CPU of its policy */
	assert_int_equal(capsim_platform_apply_cap(p, &cap, &err), CAPSIM_ERR_NOT_FOUND);
	assert_int_equal(err.code, CAPSIM_ERR_NOT_FOUND);
	assert_non_null(strstr(err.msg, "policy1"));
	cap = (struct capsim_cap){ .size = sizeof(cap), .kind = CAPSIM_CAP_COOLING, .policy = 0, .value = 3 };
	assert_int_equal(capsim_platform_apply_cap(p, &cap, NULL), CAPSIM_ERR_RANGE);
	cap = (struct capsim_cap){ .size = sizeof(cap), .kind = CAPSIM_CAP_HW, .value = 1000000 };
	capsim_cpumask_set(&cap.cpus, 4);
	assert_int_equal(capsim_platform_apply_cap(p, &cap, NULL), CAPSIM_ERR_RANGE);
	cap = (struct capsim_cap){ .size = sizeof(cap), .kind = CAPSIM_CAP_MAX_FREQ, .policy = 0, .value = 0x80000000u };
	assert_int_equal(capsim_platform_apply_cap(p, &cap, NULL), CAPSIM_ERR_RANGE);
	assert_int_equal(capsim_platform_settle_hw_load_avg(p, 1000, 0, NULL), CAPSIM_ERR_RANGE);
	assert_int_equal(capsim_platform_set_freq_ref_fallback(p, (enum capsim_freq_ref_fallback)7,
							       NULL), CAPSIM_ERR_INVALID);
	assert_int_equal(capsim_platform_get_capacity(p, 4, &cc), CAPSIM_ERR_RANGE);
	/* nothing of the refused caps stuck */
	capsim_platform_get_capacity(p, 0, &cc);
	assert_int_equal(cc.policy_max_khz, 1416000);
	assert_int_equal(cc.hw_pressure, 0);
	capsim_platform_free(p);
}

static void test_loading(void **state)
{
	capsim_platform *byname = NULL, *fromblob = NULL, *p = NULL;
	struct capsim_platform_info a = CAPSIM_SIZED(struct capsim_platform_info);
	struct capsim_platform_info b = CAPSIM_SIZED(struct capsim_platform_info);
	capsim_error err = { 0 };
	char path[1024], **names;
	size_t size, cap = 1 << 16;
	char *blob = malloc(cap);
	FILE *fp;
	int n, found = 0;

	/* a shipped name and the same DTB from memory build the same machine */
	assert_int_equal(capsim_platform_load("rk3399", NULL, 0, &byname, &err), 0);
	snprintf(path, sizeof(path), "%s/platforms/rk3399.dtb", capsim_platform_data_dir());
	fp = fopen(path, "rb");
	assert_non_null(fp);
	size = fread(blob, 1, cap, fp);
	fclose(fp);
	assert_true(size > 0 && size < cap);
	assert_int_equal(capsim_platform_load_dtb(blob, size, "mem.dtb", &fromblob, &err), 0);
	capsim_platform_get_info(byname, &a);
	capsim_platform_get_info(fromblob, &b);
	assert_string_equal(a.name, "rk3399");
	assert_int_equal(a.nr_cpus, b.nr_cpus);
	assert_int_equal(a.nr_policies, b.nr_policies);
	assert_int_equal(a.nr_zones, b.nr_zones);
	for (unsigned cpu = 0; cpu < a.nr_cpus; cpu++) {
		struct capsim_cpu_info x = CAPSIM_SIZED(struct capsim_cpu_info);
		struct capsim_cpu_info y = CAPSIM_SIZED(struct capsim_cpu_info);

		capsim_platform_get_cpu(byname, cpu, &x);
		capsim_platform_get_cpu(fromblob, cpu, &y);
		assert_int_equal(x.capacity_orig, y.capacity_orig);
		assert_string_equal(x.node_path, y.node_path);
	}
	capsim_platform_free(fromblob);
	capsim_platform_free(byname);
	free(blob);

	n = capsim_platform_list(&names, &err);
	assert_true(n > 0);
	for (int i = 0; i < n; i++)
		found |= !strcmp(names[i], "rk3399");
	assert_null(names[n]);
	assert_true(found);
	capsim_platform_list_free(names);
	capsim_platform_list_free(NULL);

	assert_int_equal(capsim_platform_load("no-such-board", NULL, 0, &p, &err),
			 CAPSIM_ERR_NOT_FOUND);
	assert_null(p);
	assert_non_null(strstr(err.msg, "no-such-board"));
	/* a base device tree is only read from a file */
	assert_true(capsim_platform_load_json("{\"base\": \"x.dtb\"}", 17, "b.json", &p, &err) < 0);
	assert_null(p);
	assert_true(capsim_platform_load_dtb("not a dtb", 9, "bad.dtb", &p, &err) < 0);
	assert_null(p);
}

static void test_overlay(void **state)
{
	static const char overlay[] =
		"{\"policies\": [{\"cpus\": \"2-3\", \"patch_opps\": [{\"khz\": 408000, \"uv\": 850000}]}]}";
	capsim_platform *p = load_toy();
	struct capsim_opp_info o = CAPSIM_SIZED(struct capsim_opp_info);
	capsim_error err = { 0 };

	assert_int_equal(capsim_platform_apply_overlay(p, overlay, strlen(overlay), "o.json", &err), 0);
	capsim_platform_get_opp(p, 1, 0, &o);
	assert_int_equal(o.uv, 850000);
	/* the EM is derived again: the new voltage's power, 400 * 850^2 * 408 / 10^6 */
	assert_int_equal(o.em_power_uw, 400ull * 850 * 850 * 408 / 1000000);
	capsim_platform_get_opp(p, 0, 0, &o);
	assert_int_equal(o.uv, 800000);
	capsim_platform_free(p);
}

/* rk3399 at rest, every CPU idle; the task is small, so it fits any CPU */
static capsim_place *idle_rk3399(const char *task, const capsim_cpumask *allowed)
{
	static const char idle_state[] =
		"{\"cpus\": [{\"idle\": 1}, {\"idle\": 1}, {\"idle\": 1}, {\"idle\": 1},"
		" {\"idle\": 1}, {\"idle\": 1}]}";
	capsim_error err = { 0 };
	capsim_place *q;

	assert_int_equal(capsim_place_create(&q, &err), 0);
	assert_int_equal(capsim_place_use_platform(q, "rk3399", &err), 0);
	if (capsim_place_parse(q, idle_state, strlen(idle_state), CAPSIM_PLACE_STATE,
			       CAPSIM_MODEL_V6_10, &err) ||
	    capsim_place_set_task(q, task, &err))
		fail_msg("%s", err.msg);
	if (allowed)
		capsim_place_set_allowed(q, allowed);
	if (capsim_place_finish(q, &err))
		fail_msg("%s", err.msg);
	capsim_place_run(q);
	return q;
}

static void test_place_state(void **state)
{
	capsim_platform *p;
	struct capsim_place_decision d = CAPSIM_SIZED(struct capsim_place_decision);
	struct capsim_place_cpu pc = CAPSIM_SIZED(struct capsim_place_cpu);
	capsim_cpumask big = { { 0x30 } };
	capsim_place *q = idle_rk3399("util=50,util_est=60,prev=2", NULL);

	assert_int_equal(capsim_platform_load("rk3399", NULL, 0, &p, NULL), 0);
	capsim_place_get_decision(q, &d);
	assert_int_equal(d.nr_cpus, 6);
	assert_int_equal(d.task_util_est, 60); /* max(util, util_est) */
	/* the first idle CPU from prev where the task fits fully is prev itself */
	assert_int_equal(d.select_idle_capacity, 2);
	assert_int_equal(capsim_place_select_idle_capacity(q), 2);
	assert_int_equal(capsim_place_find_energy_efficient_cpu(q), d.feec);
	assert_true(d.select_idle_capacity_reason[0] && d.feec_reason[0]);
	/* without pressure, the actual capacity is the platform's original capacity */
	for (unsigned cpu = 0; cpu < 6; cpu++) {
		struct capsim_cpu_info c = CAPSIM_SIZED(struct capsim_cpu_info);

		assert_int_equal(capsim_place_get_cpu(q, cpu, &pc), 0);
		capsim_platform_get_cpu(p, cpu, &c);
		assert_int_equal(pc.actual_cap, c.capacity_orig);
		assert_int_equal(pc.util_fits_cpu, 1);
	}
	assert_int_equal(capsim_place_get_cpu(q, 6, &pc), CAPSIM_ERR_RANGE);
	capsim_place_free(q);

	/* allowed only on the big CPUs: the scan from prev 2 wraps to the first of them */
	q = idle_rk3399("util=50,prev=2", &big);
	capsim_place_get_decision(q, &d);
	assert_int_equal(d.select_idle_capacity, 4);
	assert_true(d.feec == 4 || d.feec == 5);
	capsim_place_free(q);
	capsim_place_free(NULL);
	capsim_platform_free(p);
}

static char *slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf;
	long n;

	assert_non_null(fp);
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	rewind(fp);
	buf = malloc((size_t)n + 1);
	assert_int_equal(fread(buf, 1, (size_t)n, fp), (size_t)n);
	fclose(fp);
	buf[n] = '\0';
	*len = (size_t)n;
	return buf;
}

static void test_place_replay(void **state)
{
	size_t len, exp_len, out_len = 0;
	char *cases = slurp(CAPSIM_TEST_DATA_DIR "/placement-golden/cases.jsonl", &len);
	char *expected = slurp(CAPSIM_TEST_DATA_DIR "/placement-golden/expected.jsonl", &exp_len);
	char *out = NULL, bad[] = "{}\n";
	capsim_error err = { 0 };
	FILE *ms = open_memstream(&out, &out_len);
	int n = capsim_place_replay_cases(cases, len, CAPSIM_MODEL_V6_10, ms, &err);

	fclose(ms);
	/* the kernel's own results, byte for byte */
	assert_true(n > 0);
	assert_int_equal(out_len, exp_len);
	assert_memory_equal(out, expected, exp_len);
	free(out);
	free(cases);
	free(expected);

	/* errors name the line: a case without its fields, an empty line after a good case */
	ms = open_memstream(&out, &out_len);
	assert_true(capsim_place_replay_cases(bad, strlen(bad), CAPSIM_MODEL_V6_10, ms, &err) < 0);
	fclose(ms);
	free(out);
	assert_true(!strncmp(err.msg, "1: ", 3));
	cases = slurp(CAPSIM_TEST_DATA_DIR "/placement-golden/cases.jsonl", &len);
	strcpy(strchr(cases, '\n') + 1, "\n");
	ms = open_memstream(&out, &out_len);
	assert_int_equal(capsim_place_replay_cases(cases, strlen(cases), CAPSIM_MODEL_V6_10, ms, &err),
			 CAPSIM_ERR_PARSE);
	fclose(ms);
	free(out);
	free(cases);
	assert_string_equal(err.msg, "2: empty line (expected one JSON object per line)");
	ms = open_memstream(&out, &out_len);
	assert_int_equal(capsim_place_replay_cases("", 0, CAPSIM_MODEL_V6_10, ms, &err), 0);
	fclose(ms);
	assert_int_equal(out_len, 0);
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_inspection),
		cmocka_unit_test(test_thermal),
		cmocka_unit_test(test_energy_model),
		cmocka_unit_test(test_user_caps),
		cmocka_unit_test(test_cooling_and_hw_caps),
		cmocka_unit_test(test_cap_errors),
		cmocka_unit_test(test_loading),
		cmocka_unit_test(test_overlay),
		cmocka_unit_test(test_place_state),
		cmocka_unit_test(test_place_replay),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
