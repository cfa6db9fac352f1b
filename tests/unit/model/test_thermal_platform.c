// SPDX-License-Identifier: MIT
/* test_thermal_platform.c - tests src/model/thermal_platform.c on the shipped RK3399 and HiKey960
 * device trees: cooling devices per policy, zones, and the whole chain cooling state ->
 * freq_qos MAX request -> policy->max -> cpufreq pressure. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "model/thermal_platform.h"
#include "input/platform_load.h"

/* the caller's side of the hooks: the cooling device's request on the platform */
static void apply_cdev(void *ctx, unsigned policy, const char *name, uint32_t khz)
{
	struct capsim_platform *p = ctx;
	capsim_error err;

	if (platform_freq_qos_update_request(p, policy, FREQ_QOS_MAX, name, khz, &err))
		assert_int_equal(platform_freq_qos_add_request(p, policy, FREQ_QOS_MAX,
							       FREQ_QOS_ORIGIN_COOLING, name, khz,
							       &err), 0);
}

static struct thermal *make(const char *board, enum thermal_governor_kind gov,
			    struct capsim_platform **pp, struct thermal_desc **dp)
{
	struct thermal_setup setup = { gov, { 25000, 25000, 10000, 3000 } };
	struct thermal_hooks hooks = { NULL, apply_cdev, NULL };
	struct thermal *t;
	capsim_error err;

	assert_int_equal(platform_load(board, NULL, 0, pp, &err), 0);
	assert_int_equal(thermal_setup_from_platform(*pp, &setup, dp, &err), 0);
	hooks.ctx = *pp;
	assert_int_equal(thermal_create(&(*dp)->params, &hooks, &t, &err), 0);
	return t;
}

static void test_rk3399_desc(void **state)
{
	struct capsim_platform *p;
	struct thermal_desc *d;
	struct thermal *t = make("rk3399", THERMAL_GOV_STEP_WISE, &p, &d);
	int z = -1;

	/* two policies: little (CPUs 0-3, 6 OPPs) and big (CPUs 4-5, 8 OPPs) */
	assert_int_equal(t->nr_cdevs, 2);
	assert_string_equal(t->cdevs[1].params.name, "thermal-cpufreq-1");
	assert_int_equal(t->cdevs[0].max_level, 5);
	assert_int_equal(t->cdevs[1].max_level, 7);
	for (unsigned i = 0; i < t->nr_zones; i++)
		if (!strcmp(t->zones[i].params.name, "cpu-thermal"))
			z = (int)i;
	assert_true(z >= 0);
	/* cpu-thermal: 70/75 °C passive, 95 °C critical, and the RockPro64's two fan (active)
	 * trips; polling 1000 / 100 ms; maps: alert0 -> big, alert1 -> little and big (only
	 * policy->cpu's node is a cooling device; the fan is not a CPU and is left out) */
	assert_int_equal(t->zones[z].params.nr_trips, 5);
	assert_int_equal(t->zones[z].params.trips[1].temperature, 75000);
	assert_int_equal(t->zones[z].params.trips[2].type, THERMAL_TRIP_CRITICAL);
	assert_int_equal(t->zones[z].params.passive_delay_ms, 100);
	assert_int_equal(t->zones[z].nr_instances, 3);
	assert_int_equal(t->zones[z].instances[0].cdev, 1);
	assert_int_equal(t->zones[z].instances[0].trip, 0);
	assert_true(capsim_cpumask_test(&t->zones[z].params.heat_cpus, 0));
	assert_true(capsim_cpumask_test(&t->zones[z].params.heat_cpus, 5));
	thermal_free(t);
	thermal_desc_free(d);
	platform_free(p);
}

static void test_state_cap_pressure(void **state)
{
	struct capsim_platform *p;
	struct thermal_desc *d;
	struct thermal *t = make("rk3399", THERMAL_GOV_STEP_WISE, &p, &d);

	/* big state 7 (max_level) = the lowest OPP, 408 MHz: policy->max 408000 and
	 * pressure = 1024 - floor(1024 * 408000 / 1800000) = 1024 - 232 = 792 on CPUs 4-5 */
	assert_int_equal(thermal_cdev_set_state(t, 1, 7, 0), 0);
	assert_int_equal(p->policies[1].max_khz, 408000);
	assert_int_equal(platform_cpufreq_pressure(p, 4), 792);
	assert_int_equal(platform_cpufreq_pressure(p, 5), 792);
	assert_int_equal(platform_cpufreq_pressure(p, 0), 0);
	/* state 2 = the third highest OPP, 1416 MHz: 1024 - floor(805.5) = 219 */
	assert_int_equal(thermal_cdev_set_state(t, 1, 2, 0), 0);
	assert_int_equal(platform_cpufreq_pressure(p, 4), 219);
	/* state 0 releases: 1.8 GHz is the reference, no pressure */
	assert_int_equal(thermal_cdev_set_state(t, 1, 0, 0), 0);
	assert_int_equal(platform_cpufreq_pressure(p, 4), 0);
	thermal_free(t);
	thermal_desc_free(d);
	platform_free(p);
}

static void test_hikey960_ipa_throttles(void **state)
{
	struct capsim_platform *p;
	struct thermal_desc *d;
	struct thermal *t = make("hikey960", THERMAL_GOV_POWER_ALLOCATOR, &p, &d);
	struct thermal_cpu_input in[8];
	uint64_t power[8], now = 0;

	/* every CPU busy at its top OPP: 8 W in total heads for 25 + 80 °C; IPA must hold the
	 * zone near its 75 °C control temperature by capping, within a couple of degrees, after
	 * 10 minutes */
	for (unsigned c = 0; c < 8; c++) {
		power[c] = 1000000;
		in[c] = (struct thermal_cpu_input){ c < 4 ? 1844000 : 2362000, 1024, 1024 };
	}
	assert_int_equal(t->nr_zones, 1);
	assert_int_equal(t->zones[0].params.sustainable_power_mw, 4500);
	while (now < 600 * CAPSIM_NSEC_PER_SEC) {
		uint64_t next = thermal_next_poll(t);

		/* the power follows the caps: scale each CPU's 1 W by its policy's cap */
		for (unsigned c = 0; c < 8; c++) {
			const struct platform_policy *pol = &p->policies[c < 4 ? 0 : 1];

			power[c] = 1000000ULL * pol->max_khz / pol->cpuinfo_max_khz;
			in[c].cur_freq_khz = pol->max_khz;
		}
		thermal_heat(t, next - now, power);
		now = next;
		thermal_update(t, now, in);
	}
	assert_true(t->zones[0].temperature > 70000 && t->zones[0].temperature < 78000);
	assert_true(p->policies[1].max_khz < 2362000);
	assert_true(platform_cpufreq_pressure(p, 4) > 0);
	thermal_free(t);
	thermal_desc_free(d);
	platform_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rk3399_desc),
		cmocka_unit_test(test_state_cap_pressure),
		cmocka_unit_test(test_hikey960_ipa_throttles),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
