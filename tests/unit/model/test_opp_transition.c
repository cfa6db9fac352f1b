// SPDX-License-Identifier: MIT
/*
 * test_opp_transition.c - tests src/model/opp_transition.c: the steps the sugov kthread takes
 * in __cpufreq_driver_target(). cpufreq-dt's _set_opp(): raising sets the cpu-supply, then the
 * clock; lowering the clock, then the supply. The supply's delay is
 * _regulator_set_voltage_time() of the step (DIV_ROUND_UP(|dV|, ramp_delay), else a settling
 * time), waited as _regulator_delay_helper() waits: udelay() below 10 us (a spin),
 * usleep_range(us, us + 100) from 10 us (asleep to the hard expiry), msleep(ms) from 20 ms
 * (msecs_to_jiffies(ms) + 1 jiffies, then the rest). The clock spins its clock-latency-ns; a
 * firmware's clock (HiKey960's stub) makes the change that long later, the kthread done.
 * scpi-cpufreq's firmware makes it and replies, the kthread asleep meanwhile. Also the platform
 * JSON's "clock_latency_ns" and "cpu_supply" and their defaults, and RK3399's and HiKey960's
 * DTs. Every expected value is worked out here from those rules.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "model/opp_transition.h"
#include "platform_test_util.h"

/* Three OPPs at 0.8, 0.9 and 1.1 V; the supply ramps 10000 uV/us; the clock takes 50 us. */
static const char three_opps[] =
	"{\"name\": \"t\", \"cpus\": [{\"capacity_dmips_mhz\": 1024}],"
	" \"policies\": [{\"cpus\": \"0\", \"cpufreq_driver\": \"cpufreq-dt\","
	" \"clock_latency_ns\": 50000, \"cpu_supply\": {\"ramp_delay\": 10000},"
	" \"opps\": [{\"khz\": 500000, \"uv\": 800000}, {\"khz\": 1000000, \"uv\": 900000},"
	" {\"khz\": 1500000, \"uv\": 1100000}]}]}";

static struct capsim_platform *load(const char *text)
{
	struct capsim_platform *p = NULL;
	capsim_error err = { 0 };

	if (load_json(text, &p, &err))
		fail_msg("%s", err.msg);
	return p;
}

/* @pp's steps from OPP @from to @to at HZ 250, as "kind:ns" joined, into @buf */
static const char *steps(const struct platform_policy *pp, unsigned from, unsigned to)
{
	static const char *const kinds[] = { "spin", "sleep", "jiffies", "clock", "firmware",
					     "wait" };
	static char buf[256];
	struct opp_step st[OPP_MAX_STEPS];
	unsigned n = opp_transition_steps(pp, from, to, 250, st);
	size_t len = 0;

	buf[0] = 0;
	for (unsigned i = 0; i < n; i++)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%s:%llu", i ? " " : "",
					kinds[st[i].kind], (unsigned long long)st[i].ns);
	return buf;
}

static void test_raise_supply_then_clock(void **state)
{
	struct capsim_platform *p = load(three_opps);
	struct platform_policy *pp = &p->policies[0];

	(void)state;
	/* 0.8 -> 1.1 V: 30 us of ramp, slept to 30 + 100 us; then the clock's 50 us spin */
	assert_string_equal(steps(pp, 0, 2), "sleep:130000 spin:50000 clock:0");
	/* 0.8 -> 0.9 V: 10 us, the first slept delay */
	assert_string_equal(steps(pp, 0, 1), "sleep:110000 spin:50000 clock:0");
	/* 9 us (100000 uV at 12000 uV/us, rounded up): udelay() */
	pp->supply.ramp_delay = 12000;
	assert_string_equal(steps(pp, 0, 1), "spin:9000 spin:50000 clock:0");
	platform_free(p);
}

static void test_lower_clock_then_supply(void **state)
{
	struct capsim_platform *p = load(three_opps);
	struct platform_policy *pp = &p->policies[0];

	(void)state;
	assert_string_equal(steps(pp, 2, 0), "spin:50000 clock:0 sleep:130000");
	assert_string_equal(steps(pp, 2, 1), "spin:50000 clock:0 sleep:120000");
	/* the same OPP: _set_opp() returns early, and __cpufreq_driver_target() before it */
	assert_string_equal(steps(pp, 1, 1), "");
	platform_free(p);
}

static void test_settling_times_and_no_supply(void **state)
{
	struct capsim_platform *p = load(three_opps);
	struct platform_policy *pp = &p->policies[0];

	(void)state;
	/* no ramp delay: the settling time, whatever the step */
	pp->supply = (struct platform_supply){ .present = true, .settling_time_us = 25 };
	assert_string_equal(steps(pp, 0, 1), "sleep:125000 spin:50000 clock:0");
	/* up and down settling times by direction */
	pp->supply = (struct platform_supply){ .present = true, .settling_time_up_us = 7,
					       .settling_time_down_us = 40 };
	assert_string_equal(steps(pp, 0, 2), "spin:7000 spin:50000 clock:0");
	assert_string_equal(steps(pp, 2, 0), "spin:50000 clock:0 sleep:140000");
	assert_int_equal(regulator_set_voltage_time_us(&pp->supply, 900000, 900000), 0);
	/* equal voltages: no regulator step; no supply, or an OPP without microvolts: likewise */
	pp->opps[1].uv = pp->opps[0].uv;
	assert_string_equal(steps(pp, 0, 1), "spin:50000 clock:0");
	pp->opps[1].uv = 0;
	assert_string_equal(steps(pp, 1, 2), "spin:50000 clock:0");
	pp->supply.present = false;
	assert_string_equal(steps(pp, 0, 2), "spin:50000 clock:0");
	/* a firmware's clock: it makes the change 50 us later, the kthread done at once */
	pp->clock_firmware = true;
	assert_string_equal(steps(pp, 0, 2), "firmware:50000");
	pp->clock_firmware = false;
	/* no clock latency: the clock changes at once */
	pp->clock_latency_ns = 0;
	assert_string_equal(steps(pp, 0, 2), "clock:0");
	platform_free(p);
}

static void test_msleep_from_20_ms(void **state)
{
	struct capsim_platform *p = load(three_opps);
	struct platform_policy *pp = &p->policies[0];

	(void)state;
	/* 300000 uV at 10 uV/us, rounded up: 30000 us: msleep(30), msecs_to_jiffies(30) at HZ 250
	 * is 8 (7.5 rounded up), + 1; no rest */
	pp->supply.ramp_delay = 10;
	assert_string_equal(steps(pp, 0, 2), "jiffies:9 spin:50000 clock:0");
	/* 300000 at 9 uV/us: 33334 us: msleep(33) (9 + 1 jiffies), then usleep_range(334, 434) */
	pp->supply.ramp_delay = 9;
	assert_string_equal(steps(pp, 0, 2), "jiffies:10 sleep:434000 spin:50000 clock:0");
	/* 19.999 ms stays one usleep_range() */
	pp->supply.ramp_delay = 0;
	pp->supply.settling_time_us = 19999;
	assert_string_equal(steps(pp, 0, 2), "sleep:20099000 spin:50000 clock:0");
	platform_free(p);
}

static void test_scpi_sleeps_the_latency(void **state)
{
	struct capsim_platform *p = load(three_opps);
	struct platform_policy *pp = &p->policies[0];

	(void)state;
	pp->driver = PLATFORM_DRV_SCPI;
	pp->transition_latency_ns = CPUFREQ_DEFAULT_TRANSITION_LATENCY_NS;
	assert_string_equal(steps(pp, 0, 2), "firmware:1000000 wait:1000000");
	assert_string_equal(steps(pp, 2, 0), "firmware:1000000 wait:1000000");
	platform_free(p);
}

/* The JSON's keys: given, defaulted from the latency, removed; and RK3399's DT. */
static void test_platform_keys(void **state)
{
	struct capsim_platform *p = load(three_opps);
	char *json;

	(void)state;
	assert_int_equal(p->policies[0].clock_latency_ns, 50000);
	assert_true(p->policies[0].supply.present);
	/* the table's range: 800000..1100000 uV at 10000 uV/us */
	assert_int_equal(opp_max_volt_latency_us(&p->policies[0]), 30);
	platform_free(p);

	/* a latency without its clock part: the clock gets what the ramp leaves, 200 - 30 us */
	json = replace(three_opps, "\"clock_latency_ns\": 50000", "\"transition_latency_ns\": 200000");
	p = load(json);
	free(json);
	assert_int_equal(p->policies[0].transition_latency_ns, 200000);
	assert_int_equal(p->policies[0].clock_latency_ns, 170000);
	platform_free(p);

	/* the supply removed */
	json = replace(three_opps, "{\"ramp_delay\": 10000}", "null");
	p = load(json);
	free(json);
	assert_false(p->policies[0].supply.present);
	assert_int_equal(opp_max_volt_latency_us(&p->policies[0]), 0);
	platform_free(p);

	/* RK3399: opp-table-0's clock-latency-ns and vdd_cpu_l's regulator-ramp-delay */
	p = load_board("rk3399");
	assert_non_null(p);
	assert_int_equal(p->policies[0].clock_latency_ns, 40000);
	assert_int_equal(p->policies[0].supply.ramp_delay, 6001);
	assert_int_equal(opp_max_volt_latency_us(&p->policies[0]), (1250000 - 825000 + 6000) / 6001);
	/* 408 MHz (825 mV) to 1416 MHz (1125 mV): 50 us, slept to 150; then 40 us */
	assert_string_equal(steps(&p->policies[0], 0, 5), "sleep:150000 spin:40000 clock:0");
	assert_false(p->policies[0].clock_firmware);
	platform_free(p);
	/* HiKey960: the stub clock's firmware, its clock-latency-ns 300 us; no cpu-supply */
	p = load_board("hikey960");
	assert_non_null(p);
	assert_true(p->policies[1].clock_firmware);
	assert_false(p->policies[1].supply.present);
	assert_string_equal(steps(&p->policies[1], 0, 4), "firmware:300000");
	platform_free(p);
}

/* Bad input gets a clear error at its JSON path. */
static void test_platform_key_errors(void **state)
{
	static const struct {
		const char *from, *to, *msg;
	} bad[] = {
		{ "{\"ramp_delay\": 10000}", "5", "$.policies[0].cpu_supply: expected an object" },
		{ "\"ramp_delay\"", "\"ramp\"", "unknown member \"ramp\" (did you mean \"ramp_delay\"?)" },
		{ "10000}", "-1}", "cpu_supply.ramp_delay" },
		{ "50000,", "\"x\",", "clock_latency_ns" },
	};

	(void)state;
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct capsim_platform *p = NULL;
		capsim_error err = { 0 };
		char *json = replace(three_opps, bad[i].from, bad[i].to);

		assert_non_null(json);
		assert_int_not_equal(load_json(json, &p, &err), 0);
		if (!strstr(err.msg, bad[i].msg))
			fail_msg("%s: %s", bad[i].msg, err.msg);
		free(json);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_raise_supply_then_clock),
		cmocka_unit_test(test_lower_clock_then_supply),
		cmocka_unit_test(test_settling_times_and_no_supply),
		cmocka_unit_test(test_msleep_from_20_ms),
		cmocka_unit_test(test_scpi_sleeps_the_latency),
		cmocka_unit_test(test_platform_keys),
		cmocka_unit_test(test_platform_key_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
