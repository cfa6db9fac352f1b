// SPDX-License-Identifier: MIT
/* test_scenario_events.c - tests src/input/scenario_events.c: the events array, the CLI forms, burst
 * expansion, the per-CPU merge of HW throttling, sorting, checks and error messages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "input/scenario_events.h"

#define MS CAPSIM_NSEC_PER_MSEC

static scn_events *parse(const char *json, uint64_t horizon, int expect, capsim_error *err)
{
	scn_events *ev = scn_events_new();
	int ret;

	assert_non_null(ev);
	ret = scn_events_parse_json(ev, json, strlen(json), "s.json", err);
	if (!ret)
		ret = scn_events_finish(ev, horizon, err);
	assert_int_equal(ret, expect);
	return ev;
}

static int cpus_are(const capsim_cpumask *m, const char *list)
{
	capsim_cpumask want;

	assert_int_equal(capsim_parse_cpulist(list, &want), 0);
	return !memcmp(m, &want, sizeof(want));
}

static void test_all_kinds_sorted(void **state)
{
	capsim_error err;
	scn_events *ev = parse("{\"events\": ["
		"{\"at\": \"4s\", \"task_stop\": {\"task\": \"ui\"}},"
		"{\"at\": 1, \"cooling_state\": {\"cdev\": \"thermal-cpufreq-1\", \"state\": 3}},"
		"{\"at\": 0, \"uclamp\": {\"task\": \"ui\", \"min\": 1024}},"
		"{\"at\": \"0ms\", \"task_start\": {\"task\": \"ui\"}},"
		"{\"at\": 2.5, \"uclamp\": {\"task\": \"ui\", \"min\": 0, \"max\": 512}}"
		"]}", 0, 0, &err);
	const struct scn_event *e;

	assert_int_equal(scn_events_count(ev), 5);
	/* t = 0: uclamp (given 3rd) before task_start (4th): the given order breaks ties */
	e = scn_events_get(ev, 0);
	assert_int_equal(e->type, SCN_EV_UCLAMP);
	assert_int_equal(e->uclamp_min, 1024);
	assert_int_equal(e->uclamp_max, SCN_UCLAMP_UNCHANGED);
	assert_string_equal(e->name, "ui");
	assert_string_equal(e->where, "s.json: events[2]");
	assert_int_equal(scn_events_get(ev, 1)->type, SCN_EV_TASK_START);
	/* a bare number is seconds, as everywhere in a scenario */
	e = scn_events_get(ev, 2);
	assert_int_equal(e->type, SCN_EV_CDEV_STATE);
	assert_true(e->t_ns == 1000 * MS);
	assert_string_equal(e->name, "thermal-cpufreq-1");
	assert_int_equal(e->state, 3);
	e = scn_events_get(ev, 3);
	assert_true(e->t_ns == 2500 * MS);
	assert_int_equal(e->uclamp_max, 512);
	assert_int_equal(scn_events_get(ev, 4)->type, SCN_EV_TASK_STOP);
	assert_null(scn_events_get(ev, 5));
	scn_events_free(ev);
}

static void test_hw_merge(void **state)
{
	scn_events *ev = scn_events_new();
	const struct scn_event *e;
	capsim_error err;

	/* A: CPUs 4-7 at 1.5 GHz over [0, 100) ms; B: CPUs 6-7 at 1.0 GHz over [50, 150) ms.
	 * Effective caps: 0 ms 4-7 -> 1.5 GHz; 50 ms 6-7 -> 1.0 GHz; 100 ms 4-5 lifted (6-7 stay
	 * at 1.0 GHz: no event); 150 ms 6-7 lifted. */
	assert_int_equal(scn_events_add_hw_cap(ev, "4-7=1.5GHz@0+100ms", &err), 0);
	assert_int_equal(scn_events_add_hw_cap(ev, "6-7=1GHz@50ms+100ms", &err), 0);
	assert_int_equal(scn_events_finish(ev, 0, &err), 0);
	assert_int_equal(scn_events_count(ev), 4);
	e = scn_events_get(ev, 0);
	assert_true(e->t_ns == 0 && e->khz == 1500000 && cpus_are(&e->cpus, "4-7"));
	e = scn_events_get(ev, 1);
	assert_true(e->t_ns == 50 * MS && e->khz == 1000000 && cpus_are(&e->cpus, "6-7"));
	assert_string_equal(e->where, "--hw-cap 6-7=1GHz@50ms+100ms");
	e = scn_events_get(ev, 2);
	assert_true(e->t_ns == 100 * MS && e->khz == 0 && cpus_are(&e->cpus, "4-5"));
	e = scn_events_get(ev, 3);
	assert_true(e->t_ns == 150 * MS && e->khz == 0 && cpus_are(&e->cpus, "6-7"));
	scn_events_free(ev);
}

static void test_bursts(void **state)
{
	capsim_error err;
	/* every 100 ms for 20 ms, from 0 until 350 ms: starts 0, 100, 200, 300 -> 8 events */
	scn_events *ev = parse("[{\"at\": 0, \"hw_bursts\": {\"cpus\": \"4-6\", \"khz\": 1804800,"
			       " \"every\": \"100ms\", \"duration\": \"20ms\", \"until\": \"350ms\"}}]",
			       0, 0, &err);
	static const uint64_t t[8] = { 0, 20, 100, 120, 200, 220, 300, 320 };

	assert_int_equal(scn_events_count(ev), 8);
	for (unsigned i = 0; i < 8; i++) {
		const struct scn_event *e = scn_events_get(ev, i);

		assert_true(e->t_ns == t[i] * MS);
		assert_int_equal(e->khz, i % 2 ? 0 : 1804800);
		assert_true(cpus_are(&e->cpus, "4-6"));
	}
	scn_events_free(ev);
	/* back-to-back bursts (duration = every): the end and the next start share an instant;
	 * nothing changes, so the list holds one cap and one final lift at the run's end */
	ev = parse("[{\"at\": \"5ms\", \"hw_bursts\": {\"cpus\": \"0\", \"khz\": 1000,"
		   " \"every\": \"10ms\", \"duration\": \"10ms\"}}]", 35 * MS, 0, &err);
	assert_int_equal(scn_events_count(ev), 2);
	assert_true(scn_events_get(ev, 0)->t_ns == 5 * MS);
	assert_true(scn_events_get(ev, 1)->t_ns == 35 * MS);
	scn_events_free(ev);
}

static void burst_starts(uint64_t seed, uint64_t *starts)
{
	char json[256];
	capsim_error err;
	scn_events *ev;

	snprintf(json, sizeof(json),
		 "[{\"at\": 0, \"hw_bursts\": {\"cpus\": \"1\", \"khz\": 1000, \"every\": \"100ms\","
		 " \"duration\": \"20ms\", \"jitter\": \"30ms\", \"seed\": %llu}}]",
		 (unsigned long long)seed);
	ev = parse(json, 1000 * MS, 0, &err);
	assert_int_equal(scn_events_count(ev), 20);
	for (unsigned k = 0; k < 10; k++)
		starts[k] = scn_events_get(ev, 2 * k)->t_ns;
	scn_events_free(ev);
}

static void test_seeded_jitter(void **state)
{
	uint64_t a[10], b[10], c[10];

	burst_starts(42, a);
	burst_starts(42, b);
	burst_starts(43, c);
	/* the same seed gives the same bursts; each start in [k*100, k*100 + 30] ms */
	assert_memory_equal(a, b, sizeof(a));
	assert_memory_not_equal(a, c, sizeof(a));
	for (unsigned k = 0; k < 10; k++)
		assert_true(a[k] >= k * 100 * MS && a[k] <= (k * 100 + 30) * MS);
}

static void test_cli_forms(void **state)
{
	scn_events *ev = scn_events_new();
	const struct scn_event *e;
	capsim_error err;

	assert_int_equal(scn_events_add_max_freq(ev, "policy4=408MHz", &err), 0);
	assert_int_equal(scn_events_add_max_freq(ev, "4=none@5s", &err), 0);
	assert_int_equal(scn_events_add_hw_cap(ev, "0-3=1.2GHz@1s+50ms", &err), 0);
	assert_int_equal(scn_events_finish(ev, 0, &err), 0);
	assert_int_equal(scn_events_count(ev), 4);
	e = scn_events_get(ev, 0);
	assert_true(e->t_ns == 0 && e->type == SCN_EV_QOS_SET && e->policy == 4 &&
		    e->khz == 408000);
	assert_string_equal(e->name, "scaling_max_freq");
	assert_string_equal(e->where, "--max-freq policy4=408MHz");
	e = scn_events_get(ev, 1);
	assert_true(e->t_ns == 1000 * MS && e->khz == 1200000 && cpus_are(&e->cpus, "0-3"));
	assert_true(scn_events_get(ev, 2)->t_ns == 1050 * MS && scn_events_get(ev, 2)->khz == 0);
	assert_int_equal(scn_events_get(ev, 3)->type, SCN_EV_QOS_CLEAR);
	/* bad forms */
	assert_int_equal(scn_events_add_max_freq(ev, "policy4", &err), CAPSIM_ERR_PARSE);
	assert_non_null(strstr(err.msg, "expected POLICY=KHZ[@TIME]"));
	assert_int_equal(scn_events_add_max_freq(ev, "big=1GHz", &err), CAPSIM_ERR_PARSE);
	assert_int_equal(scn_events_add_max_freq(ev, "4=0", &err), CAPSIM_ERR_PARSE);
	assert_int_equal(scn_events_add_max_freq(ev, "4=1GHz@-1s", &err), CAPSIM_ERR_PARSE);
	assert_int_equal(scn_events_add_hw_cap(ev, "4-7=1GHz@1s", &err), CAPSIM_ERR_PARSE);
	assert_int_equal(scn_events_add_hw_cap(ev, "7-4=1GHz@1s+1ms", &err), CAPSIM_ERR_PARSE);
	assert_int_equal(scn_events_add_hw_cap(ev, "4=1GHz@1s+0ms", &err), CAPSIM_ERR_RANGE);
	scn_events_free(ev);
}

static void expect_error(const char *json, uint64_t horizon, int code, const char *msg)
{
	capsim_error err;
	scn_events *ev = parse(json, horizon, code, &err);

	if (!strstr(err.msg, msg))
		fail_msg("message '%s' lacks '%s'", err.msg, msg);
	scn_events_free(ev);
}

static void test_errors(void **state)
{
	expect_error("[{\"at\": 1, \"task_start\": {\"task\": \"a\"}}", 0, CAPSIM_ERR_PARSE,
		     "s.json:1:");
	expect_error("[{\"at\": 1, \"max_freq\": {}}]", 0, CAPSIM_ERR_PARSE,
		     "s.json: events[0]: \"max_freq\": expected exactly one of hw_bursts");
	expect_error("[{\"task_start\": {\"task\": \"a\"}}]", 0, CAPSIM_ERR_PARSE,
		     "events[0]: missing \"at\"");
	expect_error("[{\"at\": 1}]", 0, CAPSIM_ERR_PARSE, "events[0]: expected one of hw_bursts");
	expect_error("[{\"at\": 1, \"task_start\": {\"task\": \"a\"}, \"task_stop\": {\"task\": "
		     "\"a\"}}]", 0, CAPSIM_ERR_PARSE, "expected exactly one of");
	expect_error("[{\"at\": 1, \"cooling_state\": {\"cdev\": \"c\"}}]", 0, CAPSIM_ERR_PARSE,
		     "s.json: events[0].cooling_state: missing \"state\"");
	expect_error("[{\"at\": 1, \"task_start\": {\"task\": \"a\", \"tsk\": 2}}]", 0,
		     CAPSIM_ERR_PARSE, "events[0].task_start: unknown key \"tsk\"");
	expect_error("[{\"at\": 0, \"hw_bursts\": {\"cpus\": \"0\", \"khz\": true, \"every\": 1,"
		     " \"duration\": 1}}]", 0, CAPSIM_ERR_PARSE,
		     "events[0].hw_bursts.khz: wrong type or format (expected a frequency");
	expect_error("[{\"at\": 0, \"hw_bursts\": {\"cpus\": \"0\", \"khz\": -5, \"every\": 1,"
		     " \"duration\": 1}}]", 0, CAPSIM_ERR_RANGE, "hw_bursts.khz: out of range");
	expect_error("[{\"at\": \"200y\", \"task_start\": {\"task\": \"a\"}}]", 0, CAPSIM_ERR_PARSE,
		     "events[0].at: wrong type or format");
	expect_error("[{\"at\": -1, \"task_start\": {\"task\": \"a\"}}]", 0, CAPSIM_ERR_RANGE,
		     "events[0].at: out of range");
	expect_error("[{\"at\": 0, \"uclamp\": {\"task\": \"a\", \"min\": 1025}}]", 0,
		     CAPSIM_ERR_RANGE, "events[0].uclamp.min: out of range");
	expect_error("[{\"at\": 0, \"uclamp\": {\"task\": \"a\", \"min\": 900, \"max\": 100}}]", 0,
		     CAPSIM_ERR_RANGE, "min 900 above max 100");
	expect_error("[{\"at\": 0, \"hw_bursts\": {\"cpus\": \"0\", \"khz\": 1, \"every\": \"10ms\","
		     " \"duration\": \"20ms\"}}]", 0, CAPSIM_ERR_RANGE, "0 < duration <= every");
	expect_error("[{\"at\": 0, \"hw_bursts\": {\"cpus\": \"0\", \"khz\": 1, \"every\": \"10ms\","
		     " \"duration\": \"2ms\"}}]", 0, CAPSIM_ERR_INVALID, "no \"until\"");
	/* 1 µs bursts for 100 s: 10^8 bursts, refused before anything is allocated */
	expect_error("[{\"at\": 0, \"hw_bursts\": {\"cpus\": \"0\", \"khz\": 1, \"every\": \"1us\","
		     " \"duration\": \"1us\"}}]", 100 * CAPSIM_NSEC_PER_SEC, CAPSIM_ERR_RANGE,
		     "100000000 bursts");
	expect_error("{\"evnts\": []}", 0, CAPSIM_ERR_PARSE, "missing \"events\"");
	expect_error("[1]", 0, CAPSIM_ERR_PARSE, "events[0]: expected an object");
	expect_error("[] x", 0, CAPSIM_ERR_PARSE, "s.json:1:4: text after the JSON value");
}

static void test_check(void **state)
{
	static const unsigned policies[] = { 0, 4 };
	static const char *const cdevs[] = { "thermal-cpufreq-0" };
	static const char *const tasks[] = { "ui" };
	scn_events *ev = scn_events_new();
	capsim_error err;

	assert_int_equal(scn_events_add_max_freq(ev, "2=1GHz", &err), 0);
	assert_int_equal(scn_events_finish(ev, 0, &err), 0);
	assert_int_equal(scn_events_check(ev, 6, policies, 2, cdevs, 1, tasks, 1, &err),
			 CAPSIM_ERR_NOT_FOUND);
	assert_string_equal(err.msg, "--max-freq 2=1GHz: no policy2 on this platform (policies are "
				     "named by their first CPU)");
	scn_events_free(ev);
	ev = scn_events_new();
	assert_int_equal(scn_events_add_hw_cap(ev, "5-6=1GHz@0+5ms", &err), 0);
	assert_int_equal(scn_events_finish(ev, 0, &err), 0);
	assert_int_equal(scn_events_check(ev, 6, policies, 2, cdevs, 1, tasks, 1, &err),
			 CAPSIM_ERR_NOT_FOUND);
	assert_non_null(strstr(err.msg, "--hw-cap 5-6=1GHz@0+5ms: no cpu6"));
	scn_events_free(ev);
	ev = parse("[{\"at\": 0, \"task_stop\": {\"task\": \"ui\"}},"
		   "{\"at\": 0, \"cooling_state\": {\"cdev\": \"x\", \"state\": 1}}]", 0, 0, &err);
	assert_int_equal(scn_events_check(ev, 6, policies, 2, cdevs, 1, tasks, 1, &err),
			 CAPSIM_ERR_NOT_FOUND);
	assert_non_null(strstr(err.msg, "s.json: events[1]: no cooling device \"x\""));
	scn_events_free(ev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_all_kinds_sorted),
		cmocka_unit_test(test_hw_merge),
		cmocka_unit_test(test_bursts),
		cmocka_unit_test(test_seeded_jitter),
		cmocka_unit_test(test_cli_forms),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_check),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
