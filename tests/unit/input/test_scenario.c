// SPDX-License-Identifier: MIT
/*
 * test_scenario.c - tests src/input/scenario.c: the documented defaults, caps and events as parsed,
 * and the error contract (FILE:LINE:COL: key.path: what is wrong) on malformed scenarios.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "input/scenario.h"

static struct capsim_scenario *parse_ok(const char *text)
{
	struct capsim_scenario *sc = NULL;
	capsim_error e = { 0 };

	if (scenario_parse(text, strlen(text), "s.json", ".", &sc, &e))
		fail_msg("%s", e.msg);
	return sc;
}

static void expect_error(const char *text, int code, const char *msg)
{
	struct capsim_scenario *sc = NULL;
	capsim_error e = { 0 };

	assert_int_equal(scenario_parse(text, strlen(text), "s.json", ".", &sc, &e), code);
	assert_null(sc);
	assert_string_equal(e.msg, msg);
}

/* Defaults (docs/formats.md): HZ 250, schedutil, EAS and uclamp on, v6.10, no duration. */
static void test_defaults(void **state)
{
	struct capsim_scenario *sc = parse_ok("{\"platform\": \"rk3399\", \"workload\": \"w.json\"}");

	(void)state;
	assert_string_equal(sc->platform, "rk3399");
	assert_string_equal(sc->workload_path, "w.json");
	assert_null(sc->workload_text);
	assert_int_equal(sc->opt.hz, 250);
	assert_int_equal(sc->opt.governor, SIM_GOV_SCHEDUTIL);
	assert_int_equal(sc->opt.eas, 1);
	assert_int_equal(sc->opt.uclamp, 1);
	assert_int_equal(sc->opt.model, CAPSIM_MODEL_V6_10);
	assert_int_equal(sc->opt.duration_ns, 0);
	assert_int_equal(sc->nr_events, 0);
	scenario_free(sc);
}

/*
 * A cap on policy4 of "1.8GHz" is a MAX request of 1800000 kHz at t=0; a 50 ms hw_cap from
 * 200 ms is two events: the cap at 200 ms and its end (khz 0) at 250 ms; "khz": null removes a
 * request.
 */
static void test_caps_and_events(void **state)
{
	struct capsim_scenario *sc = parse_ok(
		"{\"platform\": \"hikey960\", \"duration\": \"1.5s\", \"seed\": 3,"
		" \"kernel\": {\"hz\": 1000, \"governor\": \"performance\", \"eas\": false, \"model\": \"v6.9\"},"
		" \"caps\": {\"policy4\": \"1.8GHz\"},"
		" \"events\": [{\"at\": \"200ms\", \"hw_cap\": {\"cpus\": \"4-7\", \"khz\": 1421000, \"duration\": \"50ms\"}},"
		"              {\"at\": 1, \"max_freq\": {\"policy\": \"policy0\", \"khz\": null}}],"
		" \"workload\": {\"tasks\": {\"t\": {\"run\": 100}}}}");

	(void)state;
	assert_int_equal(sc->opt.duration_ns, 1500000000ULL);
	assert_int_equal(sc->opt.seed, 3);
	assert_int_equal(sc->opt.hz, 1000);
	assert_int_equal(sc->opt.governor, SIM_GOV_PERFORMANCE);
	assert_int_equal(sc->opt.eas, 0);
	assert_int_equal(sc->opt.model, CAPSIM_MODEL_V6_9);
	assert_non_null(sc->workload_text);
	assert_int_equal(sc->nr_events, 4);
	assert_int_equal(sc->events[0].ev.kind, SIM_SC_QOS_SET);
	assert_int_equal(sc->events[0].ev.qos, FREQ_QOS_MAX);
	assert_int_equal(sc->events[0].ev.policy, 4);
	assert_int_equal(sc->events[0].ev.khz, 1800000);
	assert_int_equal(sc->events[0].ev.time_ns, 0);
	assert_int_equal(sc->events[1].ev.kind, SIM_SC_HW_CAP);
	assert_int_equal(sc->events[1].ev.time_ns, 200000000ULL);
	assert_int_equal(sc->events[1].ev.khz, 1421000);
	assert_true(capsim_cpumask_test(&sc->events[1].ev.cpus, 4));
	assert_false(capsim_cpumask_test(&sc->events[1].ev.cpus, 3));
	assert_int_equal(sc->events[2].ev.kind, SIM_SC_HW_CAP);
	assert_int_equal(sc->events[2].ev.time_ns, 250000000ULL);
	assert_int_equal(sc->events[2].ev.khz, 0);
	assert_int_equal(sc->events[3].ev.kind, SIM_SC_QOS_CLEAR);
	assert_string_equal(sc->events[3].ev.name, "scaling_max_freq");
	scenario_free(sc);
}

static void test_errors(void **state)
{
	(void)state;
	expect_error("{\"platform\": \"x\", \"workload\": \"w\", \"kernel\": {\"hz\": 0}}",
		     CAPSIM_ERR_PARSE, "s.json:1:47: kernel.hz: expected an integer in 1..10000");
	expect_error("{\"platform\": \"x\", \"workload\": \"w\", \"kernel\": {\"freq_invariance\": \"x\"}}",
		     CAPSIM_ERR_PARSE, "s.json:1:47: kernel.freq_invariance: expected \"cpufreq\" or \"amu\"");
	expect_error("{\"platform\": \"x\",\n \"workload\": \"w\",\n \"duration\": -1}", CAPSIM_ERR_PARSE,
		     "s.json:3:2: duration: expected a duration: seconds (a number >= 0) or a string "
		     "such as \"10s\" or \"250ms\" (at most 100 years)");
	expect_error("{\"platform\": \"x\", \"workload\": \"w\", \"caps\": {\"policy4\": 0}}",
		     CAPSIM_ERR_PARSE, "s.json:1:45: caps.policy4: expected a frequency: kHz as an "
		     "integer > 0, or a string such as \"1.8GHz\"");
	expect_error("{\"platform\": \"x\"}", CAPSIM_ERR_PARSE,
		     "s.json: workload: missing (expected an rt-app file path or an inline rt-app object)");
	expect_error("{\"platform\": \"x\", ", CAPSIM_ERR_PARSE,
		     "s.json:1:19: unexpected end of the file (expected a complete JSON object)");
	expect_error("[]", CAPSIM_ERR_PARSE, "s.json:1:1: expected a JSON object (a capsim scenario)");
	/* a number of seconds is exact to the ns as its string is: no rounding of 0.5 ns */
	expect_error("{\"platform\": \"x\", \"workload\": \"w\", \"duration\": 0.0000000015}",
		     CAPSIM_ERR_RANGE, "s.json:1:36: duration: 0.0000000015 is out of range (expected "
		     "a duration in whole ns, at most 100 years: a finer fraction is refused, not "
		     "rounded)");
	/* a typo gets the nearest key of the object */
	expect_error("{\"platform\": \"x\", \"workload\": \"w\", \"kernel\": {\"modle\": \"v6.9\"}}",
		     CAPSIM_ERR_PARSE, "s.json:1:47: kernel.modle: unknown key (did you mean \"model\"? "
		     "expected hz, governor, rate_limit_us, eas, uclamp, uclamp_buckets_count, sched_util_clamp_min, "
		     "sched_util_clamp_max, sched_util_clamp_min_rt_default, model, freq_invariance, "
		     "cpuidle_off, thermal_decay_shift, capped_threshold)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_caps_and_events),
		cmocka_unit_test(test_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
