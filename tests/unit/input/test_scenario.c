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
		     "expected hz, governor, rate_limit_us, eas, uclamp, uclamp_buckets_count, "
		     "uclamp_task_group, cgroups, sched_util_clamp_min, "
		     "sched_util_clamp_max, sched_util_clamp_min_rt_default, model, freq_invariance, "
		     "cpuidle_off, cpuidle_governor, thermal_decay_shift, capped_threshold)");
}

#define CG_PRE "{\"platform\": \"x\", \"workload\": \"w\", \"kernel\": {\"cgroups\": "

/*
 * kernel.cgroups: each group's cpu.uclamp files read as capacity_from_percent() reads them
 * (P % is the clamp nearest P * 1024 / 100), parents ordered before their children whatever
 * the order written, the defaults 0 and 1024 for what is not written.
 */
static void test_cgroups(void **state)
{
	struct capsim_scenario *sc = parse_ok(CG_PRE "{\"/top-app/sub\": {\"uclamp.min\": \"10\"}, "
					      "\"/top-app\": {\"uclamp.min\": \"20\", \"uclamp.max\": \"max\"}, "
					      "\"/background\": {\"uclamp.max\": \"50.5\"}, \"/empty\": {}}}}");
	const struct sim_options *o = &sc->opt;

	(void)state;
	assert_true(o->uclamp_task_group); /* as GKI builds it */
	assert_int_equal(o->nr_cgroups, 4);
	assert_string_equal(o->cgroups[0].path, "/top-app");
	assert_int_equal(o->cgroups[0].parent, -1);
	assert_int_equal(o->cgroups[0].req[UCLAMP_ID_MIN], (2000 * 1024 + 5000) / 10000); /* 205 */
	assert_int_equal(o->cgroups[0].req[UCLAMP_ID_MAX], 1024);
	assert_string_equal(o->cgroups[1].path, "/background");
	assert_int_equal(o->cgroups[1].req[UCLAMP_ID_MIN], 0);
	assert_int_equal(o->cgroups[1].req[UCLAMP_ID_MAX], (5050 * 1024 + 5000) / 10000); /* 517 */
	assert_string_equal(o->cgroups[2].path, "/empty");
	assert_false(o->cgroups[2].written);
	assert_string_equal(o->cgroups[3].path, "/top-app/sub");
	assert_int_equal(o->cgroups[3].parent, 0);
	assert_true(o->cgroups[3].written);
	capsim_scenario_free(sc);
	sc = parse_ok("{\"platform\": \"x\", \"workload\": \"w\", \"kernel\": {\"uclamp_task_group\": false}}");
	assert_false(sc->opt.uclamp_task_group);
	capsim_scenario_free(sc);
}

static void test_cgroup_errors(void **state)
{
	(void)state;
	expect_error(CG_PRE "{\"/bg\": {\"uclamp.max\": \"101\"}}}}", CAPSIM_ERR_RANGE,
		     "s.json:1:67: kernel.cgroups./bg.uclamp.max: \"101\" is above 100 % (cpu.uclamp.max "
		     "takes 0..100; the kernel refuses it with -ERANGE)");
	expect_error(CG_PRE "{\"/bg\": {\"uclamp.max\": \"5O\"}}}}", CAPSIM_ERR_PARSE,
		     "s.json:1:67: kernel.cgroups./bg.uclamp.max: \"5O\": expected \"max\" or a percent "
		     "0..100 with decimal digits and at most one '.' (such as \"50\" or \"12.5\")");
	expect_error(CG_PRE "{\"/bg\": {\"uclamp.max\": 50}}}}", CAPSIM_ERR_PARSE,
		     "s.json:1:67: kernel.cgroups./bg.uclamp.max: expected a string, as the "
		     "cpu.uclamp.max file takes it: \"max\" or a percent such as \"50\" or \"12.5\"");
	expect_error(CG_PRE "{\"/bg\": {\"uclamp.mx\": \"5\"}}}}", CAPSIM_ERR_PARSE,
		     "s.json:1:67: kernel.cgroups./bg.uclamp.mx: unknown key (did you mean "
		     "\"uclamp.max\"? expected uclamp.min, uclamp.max)");
	expect_error(CG_PRE "{\"bg\": {}}}}", CAPSIM_ERR_PARSE,
		     "s.json:1:59: kernel.cgroups.bg: expected a cgroup path under the root, such as "
		     "\"/top-app\" (the root group has no cpu.uclamp files; its clamps are "
		     "kernel.sched_util_clamp_*)");
	expect_error(CG_PRE "{\"/a//b\": {}}}}", CAPSIM_ERR_PARSE,
		     "s.json:1:59: kernel.cgroups./a//b: an empty, \".\" or \"..\" name in the path "
		     "(expected /NAME/NAME...)");
	expect_error(CG_PRE "{\"/a/b\": {}}}}", CAPSIM_ERR_PARSE,
		     "s.json:1:59: kernel.cgroups./a/b: its parent \"/a\" is not declared (declare it "
		     "too, {} for a group without clamps: its clamps cap its children's)");
	expect_error(CG_PRE "[]}}", CAPSIM_ERR_PARSE,
		     "s.json:1:47: kernel.cgroups: expected an object of cgroup paths, such as "
		     "{\"/background\": {\"uclamp.max\": \"50\"}}");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_caps_and_events),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_cgroups),
		cmocka_unit_test(test_cgroup_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
