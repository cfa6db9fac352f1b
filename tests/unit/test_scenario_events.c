// SPDX-License-Identifier: MIT
/* test_scenario_events.c - tests src/scenario_events.c: the events array, the CLI forms, burst
 * expansion, the per-CPU merge of HW throttling, sorting, checks and error messages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "scenario_events.h"

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
		"{\"event\": \"task_stop\", \"at\": \"4s\", \"task\": \"ui\"},"
		"{\"event\": \"qos\", \"at\": \"2s\", \"policy\": \"policy4\", \"freq\": \"408MHz\"},"
		"{\"event\": \"qos\", \"at\": 2000000, \"policy\": 0, \"type\": \"min\","
		" \"name\": \"boost\", \"freq\": 1000000},"
		"{\"event\": \"qos_clear\", \"at\": \"5s\", \"policy\": 4},"
		"{\"event\": \"cdev_state\", \"at\": \"1s\", \"cdev\": \"thermal-cpufreq-4\", \"state\": 3},"
		"{\"event\": \"uclamp\", \"at\": \"0\", \"task\": \"ui\", \"min\": 1024},"
		"{\"event\": \"task_start\", \"at\": \"0\", \"task\": \"ui\"}"
		"]}", 0, 0, &err);
	const struct scn_event *e;

	assert_int_equal(scn_events_count(ev), 7);
	/* t = 0: uclamp (given 6th) before task_start (7th): the given order breaks ties */
	e = scn_events_get(ev, 0);
	assert_int_equal(e->type, SCN_EV_UCLAMP);
	assert_int_equal(e->uclamp_min, 1024);
	assert_int_equal(e->uclamp_max, SCN_UCLAMP_UNCHANGED);
	assert_int_equal(scn_events_get(ev, 1)->type, SCN_EV_TASK_START);
	e = scn_events_get(ev, 2);
	assert_int_equal(e->type, SCN_EV_CDEV_STATE);
	assert_string_equal(e->name, "thermal-cpufreq-4");
	assert_int_equal(e->state, 3);
	/* 2 s: "2s" and 2000000 µs are the same instant; default type max, name scaling_max_freq */
	e = scn_events_get(ev, 3);
	assert_true(e->t_ns == 2000 * MS);
	assert_int_equal(e->type, SCN_EV_QOS_SET);
	assert_int_equal(e->qos, SCN_QOS_MAX);
	assert_int_equal(e->policy, 4);
	assert_int_equal(e->khz, 408000);
	assert_string_equal(e->name, "scaling_max_freq");
	assert_string_equal(e->where, "s.json: events[1]");
	e = scn_events_get(ev, 4);
	assert_true(e->t_ns == 2000 * MS);
	assert_int_equal(e->qos, SCN_QOS_MIN);
	assert_string_equal(e->name, "boost");
	assert_int_equal(scn_events_get(ev, 5)->type, SCN_EV_TASK_STOP);
	e = scn_events_get(ev, 6);
	assert_int_equal(e->type, SCN_EV_QOS_CLEAR);
	assert_string_equal(e->name, "scaling_max_freq");
	assert_null(scn_events_get(ev, 7));
	scn_events_free(ev);
}

static void test_hw_merge(void **state)
{
	capsim_error err;
	/* A: CPUs 4-7 at 1.5 GHz over [0, 100) ms; B: CPUs 6-7 at 1.0 GHz over [50, 150) ms.
	 * Effective caps: 0 ms 4-7 -> 1.5 GHz; 50 ms 6-7 -> 1.0 GHz; 100 ms 4-5 lifted (6-7 stay
	 * at 1.0 GHz: no event); 150 ms 6-7 lifted. */
	scn_events *ev = parse("[{\"event\": \"hw_cap\", \"at\": \"0\", \"cpus\": \"4-7\","
			       " \"freq\": \"1.5GHz\", \"duration\": \"100ms\"},"
			       "{\"event\": \"hw_cap\", \"at\": \"50ms\", \"cpus\": \"6-7\","
			       " \"freq\": \"1GHz\", \"duration\": \"100ms\"}]", 0, 0, &err);
	const struct scn_event *e;

	assert_int_equal(scn_events_count(ev), 4);
	e = scn_events_get(ev, 0);
	assert_true(e->t_ns == 0 && e->khz == 1500000 && cpus_are(&e->cpus, "4-7"));
	e = scn_events_get(ev, 1);
	assert_true(e->t_ns == 50 * MS && e->khz == 1000000 && cpus_are(&e->cpus, "6-7"));
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
	scn_events *ev = parse("[{\"event\": \"hw_bursts\", \"cpus\": \"4-6\", \"freq\": 1804800,"
			       " \"every\": \"100ms\", \"duration\": \"20ms\", \"until\": \"350ms\"}]",
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
	 * nothing changes, so the list holds one cap and one final lift */
	ev = parse("[{\"event\": \"hw_bursts\", \"cpus\": \"0\", \"freq\": 1000,"
		   " \"every\": \"10ms\", \"duration\": \"10ms\"}]", 30 * MS, 0, &err);
	assert_int_equal(scn_events_count(ev), 2);
	assert_true(scn_events_get(ev, 1)->t_ns == 30 * MS);
	scn_events_free(ev);
}

static void burst_starts(uint64_t seed, uint64_t *starts)
{
	char json[256];
	capsim_error err;
	scn_events *ev;

	snprintf(json, sizeof(json),
		 "[{\"event\": \"hw_bursts\", \"cpus\": \"1\", \"freq\": 1000, \"every\": \"100ms\","
		 " \"duration\": \"20ms\", \"jitter\": \"30ms\", \"seed\": %llu}]",
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
	expect_error("[{\"event\": \"qos\", \"at\": \"1s\", \"policy\": 0}", 0, CAPSIM_ERR_PARSE,
		     "s.json:1:");
	expect_error("[{\"event\": \"qso\"}]", 0, CAPSIM_ERR_PARSE,
		     "s.json: events[0].event: unknown event \"qso\"");
	expect_error("[{\"at\": \"1s\"}]", 0, CAPSIM_ERR_PARSE, "events[0].event: missing");
	expect_error("[{\"event\": \"qos\", \"at\": \"1s\", \"policy\": 0}]", 0, CAPSIM_ERR_PARSE,
		     "s.json: events[0]: missing \"freq\"");
	expect_error("[{\"event\": \"qos\", \"at\": \"1s\", \"policy\": 0, \"freq\": 1,"
		     " \"frq\": 2}]", 0, CAPSIM_ERR_PARSE, "unknown key \"frq\" for a qos event");
	expect_error("[{\"event\": \"qos\", \"at\": \"1s\", \"policy\": 0, \"freq\": true}]", 0,
		     CAPSIM_ERR_PARSE, "events[0].freq: wrong type or format (expected a frequency");
	expect_error("[{\"event\": \"qos\", \"at\": \"1s\", \"policy\": 0, \"freq\": -5}]", 0,
		     CAPSIM_ERR_RANGE, "events[0].freq: out of range");
	expect_error("[{\"event\": \"task_start\", \"at\": \"200y\", \"task\": \"a\"}]", 0,
		     CAPSIM_ERR_PARSE, "events[0].at");
	expect_error("[{\"event\": \"uclamp\", \"at\": 0, \"task\": \"a\", \"min\": 1025}]", 0,
		     CAPSIM_ERR_RANGE, "events[0].min: out of range");
	expect_error("[{\"event\": \"uclamp\", \"at\": 0, \"task\": \"a\", \"min\": 900,"
		     " \"max\": 100}]", 0, CAPSIM_ERR_RANGE, "min 900 above max 100");
	expect_error("[{\"event\": \"hw_bursts\", \"cpus\": \"0\", \"freq\": 1, \"every\": \"10ms\","
		     " \"duration\": \"20ms\"}]", 0, CAPSIM_ERR_RANGE, "0 < duration <= every");
	expect_error("[{\"event\": \"hw_bursts\", \"cpus\": \"0\", \"freq\": 1, \"every\": \"10ms\","
		     " \"duration\": \"2ms\"}]", 0, CAPSIM_ERR_INVALID, "no \"until\"");
	/* 1 µs bursts for 100 s: 10^8 bursts, refused before anything is allocated */
	expect_error("[{\"event\": \"hw_bursts\", \"cpus\": \"0\", \"freq\": 1, \"every\": 1,"
		     " \"duration\": 1}]", 100 * CAPSIM_NSEC_PER_SEC, CAPSIM_ERR_RANGE,
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
	capsim_error err;
	scn_events *ev;

	ev = parse("[{\"event\": \"qos\", \"at\": 0, \"policy\": 2, \"freq\": 1}]", 0, 0, &err);
	assert_int_equal(scn_events_check(ev, 6, policies, 2, cdevs, 1, tasks, 1, &err),
			 CAPSIM_ERR_NOT_FOUND);
	assert_string_equal(err.msg, "s.json: events[0]: no policy2 on this platform (policies are "
				     "named by their first CPU)");
	scn_events_free(ev);
	ev = parse("[{\"event\": \"hw_cap\", \"at\": 0, \"cpus\": \"5-6\", \"freq\": 1,"
		   " \"duration\": 5}]", 0, 0, &err);
	assert_int_equal(scn_events_check(ev, 6, policies, 2, cdevs, 1, tasks, 1, &err),
			 CAPSIM_ERR_NOT_FOUND);
	assert_non_null(strstr(err.msg, "s.json: events[0]: no cpu6"));
	scn_events_free(ev);
	ev = parse("[{\"event\": \"task_stop\", \"at\": 0, \"task\": \"ui\"},"
		   "{\"event\": \"cdev_state\", \"at\": 0, \"cdev\": \"x\", \"state\": 1}]", 0, 0,
		   &err);
	assert_int_equal(scn_events_check(ev, 6, policies, 2, cdevs, 1, tasks, 1, &err),
			 CAPSIM_ERR_NOT_FOUND);
	assert_non_null(strstr(err.msg, "no cooling device \"x\""));
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
