// SPDX-License-Identifier: MIT
/*
 * test_analyze.c - tests src/api/analyze.c on small traces whose figures are worked out by hand
 * in the comments: the window, busy time from a CPU's first switch, run time, wake-up latency,
 * frequency residency, a lost-events gap and a buffer that starts late.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <json-c/json.h>

#include "capsim/capsim.h"

static json_object *analyse(const char *text)
{
	struct capsim_analyze_opts o = { .size = sizeof(o), .model = CAPSIM_MODEL_V6_10 };
	capsim_error err = { 0 };
	capsim_analysis *a;
	capsim_trace *t;
	char *buf = NULL;
	size_t len;
	FILE *fp = open_memstream(&buf, &len);
	json_object *j;

	assert_int_equal(capsim_trace_open_mem(text, strlen(text), "u.trace", &t, &err), 0);
	assert_int_equal(capsim_analyze(t, &o, &a, &err), 0);
	assert_int_equal(capsim_analysis_write_json(a, fp), 0);
	fclose(fp);
	j = json_tokener_parse(buf);
	assert_non_null(j);
	free(buf);
	capsim_analysis_free(a);
	capsim_trace_free(t);
	return j;
}

static json_object *at(json_object *o, const char *path)
{
	char key[64];

	while (*path) {
		size_t n = strcspn(path, ".");
		json_object *next;

		snprintf(key, sizeof(key), "%.*s", (int)n, path);
		if (json_object_is_type(o, json_type_array))
			next = json_object_array_get_idx(o, (size_t)atoi(key));
		else if (!json_object_object_get_ex(o, key, &next))
			next = NULL;
		assert_non_null(next);
		o = next;
		path += n + (path[n] == '.');
	}
	return o;
}

static double num(json_object *o, const char *path)
{
	return json_object_get_double(at(o, path));
}

#define SW(cpu, ts, prev, next)                                                                 \
	"x-1 [00" #cpu "] d..2. " ts ": sched_switch: prev_comm=t" #prev " prev_pid=" #prev          \
	" prev_prio=120 prev_state=S ==> next_comm=t" #next " next_pid=" #next " next_prio=120\n"

static void test_figures(void **state)
{
	/*
	 * window [0.5, 3.0] = 2.5 s. CPU0: pid 5 runs from the window's start (its first switch
	 * shows it switched out) to 1.0: busy 0.5 s, 20 %. Pid 5 is woken at 1.5 and switched in on
	 * CPU1 at 1.7: latency 200 ms; CPU1 loses events after 1.7 (its last event), so from 1.7 to
	 * its next switch at 2.5 who ran is unknown: lost 0.8 s, busy 0 over 2.5 - 0.8. CPU1 runs
	 * at 1000 kHz from 0.5 to 3.0 and 2000 kHz from 3.0: 100 % and 0 %.
	 */
	static const char text[] =
		"x-1 [001] ..... 0.500000: cpu_frequency: state=1000 cpu_id=1\n"
		SW(0, "1.000000", 5, 0)
		"x-1 [001] d..2. 1.500000: sched_wakeup: comm=t5 pid=5 prio=120 target_cpu=001\n"
		SW(1, "1.700000", 0, 5)
		"CPU:1 [LOST 3 EVENTS]\n"
		SW(1, "2.500000", 5, 0)
		"x-1 [001] ..... 3.000000: cpu_frequency: state=2000 cpu_id=1\n";
	json_object *j = analyse(text);

	assert_true(num(j, "window_s.0") == 0.5 && num(j, "window_s.1") == 3.0);
	assert_int_equal((int)num(j, "events.sched_switch"), 3);
	assert_true(num(j, "cpus.0.busy_pct") == 20.0);
	assert_true(num(j, "cpus.1.busy_pct") == 0.0);
	assert_true(num(j, "cpus.1.lost_s") == 0.8);
	assert_int_equal((int)num(j, "cpus.1.lost_events"), 3);
	assert_true(json_object_get_boolean(at(j, "cpus.1.spans_lost_events")));
	assert_true(num(j, "cpus.1.freq_residency_pct.1000") == 100.0);
	assert_true(num(j, "cpus.1.freq_residency_pct.2000") == 0.0);
	assert_int_equal((int)num(j, "tasks.0.pid"), 5);
	assert_true(num(j, "tasks.0.runtime_s") == 0.5);
	assert_true(num(j, "tasks.0.runtime_by_cpu_s.0") == 0.5);
	assert_true(num(j, "tasks.0.wakeup_latency_us.p50") == 200000.0);
	assert_int_equal((int)num(j, "tasks.0.wakeups"), 1);
	assert_int_equal((int)num(j, "tasks.0.switch_ins"), 1);
	assert_int_equal((int)num(j, "tasks.0.cpu_changes"), 0);
	json_object_put(j);
}

static void test_late_buffer_and_quantiles(void **state)
{
	/*
	 * CPU1's buffer starts late: its window is [2.0, 4.0], not the trace's [1.0, 4.0]; pid 7
	 * runs on it from 2.0 until its first switch shows it switched out at 3.0, then pid 8 from
	 * 3.5 to 4.0: 1.5 s of 2, 75 %. CPU0: 0.2 + 0.1 s of 3, 10 %.
	 * Pid 8 on CPU0: woken at 1.0 and 1.1 (the first counts), in at 1.3 (300 ms); woken 2.0, in
	 * 2.1 (100 ms); woken 3.0, in on CPU1 at 3.5 (500 ms), a CPU change. Latencies 100, 300,
	 * 500 ms: p50 300 ms, p90 = 300 + 0.8 * 200 = 460 ms, max 500 ms.
	 */
	static const char text[] =
		"##### CPU 1 buffer started ####\n"
		"x-1 [000] d..2. 1.000000: sched_wakeup: comm=t8 pid=8 prio=120 target_cpu=000\n"
		"x-1 [000] d..2. 1.100000: sched_wakeup: comm=t8 pid=8 prio=120 target_cpu=000\n"
		SW(0, "1.300000", 0, 8)
		SW(0, "1.500000", 8, 0)
		"x-1 [000] d..2. 2.000000: sched_wakeup: comm=t8 pid=8 prio=120 target_cpu=000\n"
		"x-1 [001] ..... 2.000000: cpu_idle: state=4294967295 cpu_id=1\n"
		SW(0, "2.100000", 0, 8)
		SW(0, "2.200000", 8, 0)
		"x-1 [000] d..2. 3.000000: sched_wakeup: comm=t8 pid=8 prio=120 target_cpu=001\n"
		SW(1, "3.000000", 7, 0)
		SW(1, "3.500000", 0, 8)
		SW(1, "4.000000", 8, 0);
	json_object *j = analyse(text);

	assert_true(num(j, "cpus.1.window_s.0") == 2.0);
	assert_true(num(j, "cpus.1.busy_pct") == 75.0);
	assert_true(num(j, "cpus.0.busy_pct") == 10.0);
	assert_int_equal((int)num(j, "tasks.0.pid"), 7);
	assert_true(num(j, "tasks.0.runtime_s") == 1.0);
	assert_int_equal((int)num(j, "tasks.1.wakeups"), 4);
	assert_true(num(j, "tasks.1.wakeup_latency_us.p50") == 300000.0);
	assert_true(num(j, "tasks.1.wakeup_latency_us.p90") == 460000.0);
	assert_true(num(j, "tasks.1.wakeup_latency_us.max") == 500000.0);
	assert_int_equal((int)num(j, "tasks.1.cpu_changes"), 1);
	assert_true(num(j, "tasks.1.runtime_s") == 0.8);
	json_object_put(j);
}

static void test_waking_latency(void **state)
{
	/*
	 * Pid 9: sched_waking at 1.0, sched_wakeup at 1.1, in at 1.4: wake-up latency 300 ms,
	 * waking latency 400 ms; waking at 2.0 and 2.1 (the first counts), no sched_wakeup, in at
	 * 2.2: waking latency 200 ms, no second wake-up latency. Waking latencies 200, 400 ms:
	 * p50 300 ms, p90 200 + 0.9 * 200 = 380 ms, max 400 ms. A sched_waking is no wake-up.
	 */
	static const char text[] =
		"x-1 [000] d..2. 1.000000: sched_waking: comm=t9 pid=9 prio=120 target_cpu=000\n"
		"x-1 [000] d..2. 1.100000: sched_wakeup: comm=t9 pid=9 prio=120 target_cpu=000\n"
		SW(0, "1.400000", 0, 9)
		SW(0, "1.500000", 9, 0)
		"x-1 [000] d..2. 2.000000: sched_waking: comm=t9 pid=9 prio=120 target_cpu=000\n"
		"x-1 [000] d..2. 2.100000: sched_waking: comm=t9 pid=9 prio=120 target_cpu=000\n"
		SW(0, "2.200000", 0, 9);
	json_object *j = analyse(text);

	(void)state;
	assert_int_equal((int)num(j, "tasks.0.wakeups"), 1);
	assert_true(num(j, "tasks.0.wakeup_latency_us.max") == 300000.0);
	assert_true(num(j, "tasks.0.waking_latency_us.p50") == 300000.0);
	assert_true(num(j, "tasks.0.waking_latency_us.p90") == 380000.0);
	assert_true(num(j, "tasks.0.waking_latency_us.max") == 400000.0);
	json_object_put(j);
}

/* without sched_waking in the trace there is no waking_latency_us key */
static void test_no_waking_no_key(void **state)
{
	static const char text[] = SW(0, "1.000000", 0, 9) SW(0, "1.500000", 9, 0);
	json_object *j = analyse(text), *v;

	(void)state;
	assert_true(json_object_object_get_ex(at(j, "tasks.0"), "wakeup_latency_us", &v));
	assert_false(json_object_object_get_ex(at(j, "tasks.0"), "waking_latency_us", &v));
	assert_false(json_object_object_get_ex(j, "pelt", &v)); /* no platform: no replay */
	json_object_put(j);
}

/* nothing traced (an empty file, headers or buffer markers only) is an error, not a summary of
 * zeros; the message names the trace */
static void test_no_events_is_an_error(void **state)
{
	static const char *const texts[] = {
		"",
		"# tracer: nop\n#\n",
		"\n\n\n",
		"##### CPU 2 buffer started ####\n",
	};
	struct capsim_analyze_opts o = { .size = sizeof(o), .model = CAPSIM_MODEL_V6_10 };

	(void)state;
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		capsim_error err = { 0 };
		capsim_analysis *a = NULL;
		capsim_trace *t;

		assert_int_equal(capsim_trace_open_mem(texts[i], strlen(texts[i]), "u.trace", &t,
						       &err), 0);
		assert_int_equal(capsim_analyze(t, &o, &a, &err), CAPSIM_ERR_PARSE);
		assert_null(a);
		assert_non_null(strstr(err.msg, "u.trace: no events"));
		capsim_trace_free(t);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_figures),
		cmocka_unit_test(test_late_buffer_and_quantiles),
		cmocka_unit_test(test_waking_latency),
		cmocka_unit_test(test_no_waking_no_key),
		cmocka_unit_test(test_no_events_is_an_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
