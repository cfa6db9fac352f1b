// SPDX-License-Identifier: MIT
/*
 * test_rtapp.c - tests src/input/rtapp.c: every rt-app file shipped in tests/data/rtapp either parses
 * (and its facts, read off the JSON text by hand, are checked) or fails with the reason rt-app
 * or capsim gives, at the position of the key; malformed inputs fail with a clear message.
 * Expected values are derived in the comments: 1 µs = 1000 ns, the cost model of mem/iorun/
 * memrun is the one docs/formats.md states.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "input/workload.h"

#define US 1000ULL
#define DATA CAPSIM_TEST_DATA_DIR "/rtapp/"

static capsim_workload *load_ok(const char *rel)
{
	char path[512];
	capsim_workload *wl = NULL;
	capsim_error err = { 0 };

	snprintf(path, sizeof(path), DATA "%s", rel);
	if (capsim_workload_load(path, &wl, &err))
		fail_msg("%s: %s", rel, err.msg);
	return wl;
}

static capsim_workload *parse_ok(const char *text)
{
	capsim_workload *wl = NULL;
	capsim_error err = { 0 };

	if (capsim_workload_parse(text, strlen(text), "w.json", &wl, &err))
		fail_msg("%s", err.msg);
	return wl;
}

/* Parses @text expecting @code and a message that contains @part. */
static void parse_fails(const char *text, size_t len, int code, const char *part)
{
	capsim_workload *wl = NULL;
	capsim_error err = { 0 };
	int ret = capsim_workload_parse(text, len, "w.json", &wl, &err);

	if (ret != code || !strstr(err.msg, part))
		fail_msg("got %d \"%s\", expected %d with \"%s\"", ret, err.msg, code, part);
	assert_null(wl);
}

#define FAILS(text, code, part) parse_fails(text, strlen(text), code, part)

static const struct wl_event *ev(const capsim_workload *wl, unsigned t, unsigned ph, unsigned e)
{
	assert_true(t < wl->nr_tasks);
	assert_true(ph < wl->tasks[t].nr_phases);
	assert_true(e < wl->tasks[t].phases[ph].nr_events);
	return &wl->tasks[t].phases[ph].events[e];
}

static void assert_types(const struct wl_phase *ph, const enum wl_event_type *types, unsigned n)
{
	unsigned i;

	assert_int_equal(ph->nr_events, n);
	for (i = 0; i < n; i++)
		assert_int_equal(ph->events[i].type, types[i]);
}

/* ---- shipped files that parse --------------------------------------------------------- */

static void test_template(void **state)
{
	capsim_workload *wl = load_ok("template.json");
	static const enum wl_event_type seq[] = { WL_EV_RUN, WL_EV_SLEEP, WL_EV_TIMER };

	/* global: duration 6 s, calibration "CPU0", SCHED_OTHER */
	assert_true(wl->duration_ns == 6000000000ULL);
	assert_int_equal(wl->calibration_cpu, 0);
	assert_int_equal(wl->default_policy, WL_POLICY_OTHER);
	assert_int_equal(wl->nr_tasks, 1);
	assert_string_equal(wl->tasks[0].name, "thread0");
	assert_int_equal(wl->tasks[0].instances, 1);
	/* no "phases": "loop": -1 repeats the single phase forever */
	assert_true(wl->tasks[0].loop == -1);
	assert_int_equal(wl->tasks[0].nr_phases, 1);
	assert_types(&wl->tasks[0].phases[0], seq, 3);
	/* run 10000 µs, sleep 0, timer "unique" period 100000 µs */
	assert_true(ev(wl, 0, 0, 0)->value == 10000 * US);
	assert_true(ev(wl, 0, 0, 1)->value == 0);
	assert_true(ev(wl, 0, 0, 2)->value == 100000 * US);
	assert_true(ev(wl, 0, 0, 2)->unique);
	assert_false(ev(wl, 0, 0, 2)->absolute);
	assert_int_equal(wl->resources[ev(wl, 0, 0, 2)->res].owner, 0);
	/* "run" is on line 15 of the file (after the 8-line comment and the task keys) */
	assert_int_equal(ev(wl, 0, 0, 0)->line, 15);
	capsim_workload_free(wl);
}

static void test_example1_2(void **state)
{
	capsim_workload *wl = load_ok("tutorial/example1.json");

	/* run 20000 µs then sleep 80000 µs, 2 s, trailing comma after "gnuplot" accepted */
	assert_true(wl->duration_ns == 2000000000ULL);
	assert_true(ev(wl, 0, 0, 0)->type == WL_EV_RUN && ev(wl, 0, 0, 0)->value == 20000 * US);
	assert_true(ev(wl, 0, 0, 1)->type == WL_EV_SLEEP && ev(wl, 0, 0, 1)->value == 80000 * US);
	capsim_workload_free(wl);

	wl = load_ok("tutorial/example2.json");
	/* 10% load: run 10000 µs in a 100000 µs unique timer */
	assert_true(ev(wl, 0, 0, 0)->value == 10000 * US);
	assert_true(ev(wl, 0, 0, 1)->type == WL_EV_TIMER && ev(wl, 0, 0, 1)->value == 100000 * US);
	capsim_workload_free(wl);
}

static void test_example3_phases(void **state)
{
	capsim_workload *wl = load_ok("tutorial/example3.json");
	const struct wl_task *t;

	/* no global object: run until the tasks end, calibrate CPU0 (rt-app's defaults) */
	assert_true(wl->duration_ns == 0);
	assert_int_equal(wl->calibration_cpu, 0);
	t = &wl->tasks[0];
	assert_int_equal(t->instances, 12);
	assert_int_equal(wl->nr_threads, 12);
	assert_true(t->loop == 1);
	assert_int_equal(t->nr_phases, 2);
	assert_string_equal(t->phases[0].name, "light");
	assert_string_equal(t->phases[1].name, "heavy");
	assert_true(t->phases[0].loop == 10 && t->phases[1].loop == 10);
	/* light: 3000 µs in 30000 µs (10%); heavy: 27000 µs in 30000 µs (90%) */
	assert_true(ev(wl, 0, 0, 0)->value == 3000 * US);
	assert_true(ev(wl, 0, 1, 0)->value == 27000 * US);
	/* the same "unique" name in one task is one timer (the tutorial's rule) */
	assert_int_equal(ev(wl, 0, 0, 1)->res, ev(wl, 0, 1, 1)->res);
	assert_int_equal(wl->nr_resources, 1);
	capsim_workload_free(wl);
}

static void test_example4_suspend_resume(void **state)
{
	capsim_workload *wl = load_ok("tutorial/example4.json");
	static const enum wl_event_type seq[] = { WL_EV_RUN, WL_EV_RESUME, WL_EV_SUSPEND };

	assert_types(&wl->tasks[0].phases[0], seq, 3);
	/* thread0 resumes "thread1" (task 1), thread1 resumes "thread0" (task 0) */
	assert_int_equal(ev(wl, 0, 0, 1)->task, 1);
	assert_int_equal(ev(wl, 1, 0, 1)->task, 0);
	/* what thread1 resumes is the cond thread0 suspends on */
	assert_int_equal(ev(wl, 1, 0, 1)->res, ev(wl, 0, 0, 2)->res);
	assert_int_equal(wl->resources[ev(wl, 0, 0, 2)->res].type, WL_RES_COND);
	assert_int_equal(wl->resources[ev(wl, 0, 0, 2)->res2].type, WL_RES_MUTEX);
	capsim_workload_free(wl);
}

/*
 * example5 says it "can't be used directly with rt-app" (meant for workgen), yet rt-app runs it
 * as json-c reads it: a key given again keeps the place of its first occurrence and takes the
 * value of its last (json_object_object_add() replaces in place). Phase p1 lists lock (l. 20),
 * run 10000 (l. 21), signal (22), run 10000 (23), unlock (24), run 100000 (25), resume (26),
 * timer (27): read as lock, run 100000, signal, unlock, resume, timer, the run at the place of
 * line 21 with the value (and so the line, as errors point at the value) of line 25. The file
 * is accepted with a note per repeat, naming the repeat and the first occurrence.
 */
static void test_example5_duplicate_keys(void **state)
{
	capsim_workload *wl = load_ok("tutorial/example5.json");
	static const enum wl_event_type p1[] = { WL_EV_LOCK, WL_EV_RUN, WL_EV_SIGNAL,
						 WL_EV_UNLOCK, WL_EV_RESUME, WL_EV_TIMER };
	/* thread1: lock, wait, unlock, run (38), suspend (39), run (40), suspend (41), run (42) */
	static const enum wl_event_type t1[] = { WL_EV_LOCK, WL_EV_WAIT, WL_EV_UNLOCK, WL_EV_RUN,
						 WL_EV_SUSPEND };

	assert_types(&wl->tasks[0].phases[1], p1, 6);
	assert_true(ev(wl, 0, 1, 1)->value == 100000 * US);
	assert_int_equal(ev(wl, 0, 1, 1)->line, 25);
	assert_int_equal(ev(wl, 0, 1, 2)->line, 22);
	assert_int_equal(ev(wl, 0, 1, 5)->line, 27);
	assert_true(wl->tasks[0].phases[1].loop == 8);
	assert_int_equal(wl->tasks[0].priority, -19);
	assert_types(&wl->tasks[1].phases[0], t1, 5);
	assert_int_equal(ev(wl, 1, 0, 3)->line, 42);
	assert_int_equal(ev(wl, 1, 0, 4)->line, 41);
	/* wait {ref queue, mutex mutex} shares the mutex of lock and the cond of signal */
	assert_int_equal(ev(wl, 1, 0, 1)->res, ev(wl, 0, 1, 2)->res);
	assert_int_equal(ev(wl, 1, 0, 1)->res2, ev(wl, 0, 1, 0)->res);
	/* a task without "phases" keeps its "loop": 3 */
	assert_true(wl->tasks[1].loop == 3);
	/* repeats in text order: run 23 and 25 of run 21, run 40, suspend 41, run 42 */
	assert_int_equal(capsim_workload_nr_notes(wl), 5);
	assert_non_null(strstr(capsim_workload_note(wl, 0),
			       "example5.json:23:6: key \"run\" given twice in one object (first at "));
	assert_non_null(strstr(capsim_workload_note(wl, 0),
			       "example5.json:21:6): rt-app keeps the last value at the first place, "
			       "and so does capsim; number repeated events (run0, run1) for two"));
	assert_non_null(strstr(capsim_workload_note(wl, 1), "example5.json:25:6: key \"run\""));
	assert_non_null(strstr(capsim_workload_note(wl, 1), "(first at "));
	assert_non_null(strstr(capsim_workload_note(wl, 1), "example5.json:21:6)"));
	assert_non_null(strstr(capsim_workload_note(wl, 3), "example5.json:41:4: key \"suspend\""));
	assert_non_null(strstr(capsim_workload_note(wl, 4), "example5.json:42:4: key \"run\""));
	assert_non_null(strstr(capsim_workload_note(wl, 4), "example5.json:38:4)"));
	assert_null(capsim_workload_note(wl, 5));
	capsim_workload_free(wl);
}

/*
 * The positions of a repeated key's value are those of its last occurrence, the one json-c
 * keeps: an error inside the kept timer object points into it ("bogus", column 86), not the first
 * one; a repeated task or phase name is no event (its note has no numbering hint); a file with
 * no repeat has no note; over WL_MAX_DUP_NOTES repeats, one more note counts the rest.
 */
static void test_duplicate_positions(void **state)
{
	capsim_workload *wl;
	char text[4096];
	size_t n;

	FAILS("{\"tasks\": {\"t\": {\"timer\": {\"ref\": \"a\", \"period\": 9}, \"run\": 1, "
	      "\"timer\": {\"ref\": \"b\", \"bogus\": 1}}}}", CAPSIM_ERR_PARSE, "w.json:1:86:");
	wl = parse_ok("{\"tasks\": {\"a\": {\"run\": 1},\n \"a\": {\"run\": 2}}}");
	assert_int_equal(wl->nr_tasks, 1);
	assert_true(ev(wl, 0, 0, 0)->value == 2 * US);
	assert_int_equal(wl->tasks[0].at.line, 2);
	assert_int_equal(capsim_workload_nr_notes(wl), 1);
	assert_string_equal(capsim_workload_note(wl, 0),
			    "w.json:2:2: key \"a\" given twice in one object (first at w.json:1:12): "
			    "rt-app keeps the last value at the first place, and so does capsim");
	capsim_workload_free(wl);
	wl = parse_ok("{\"tasks\": {\"a\": {\"run0\": 1, \"run1\": 2}}}");
	assert_int_equal(capsim_workload_nr_notes(wl), 0);
	assert_null(capsim_workload_note(wl, 0));
	capsim_workload_free(wl);
	/* 20 objects each giving "run" twice: 16 notes, then "4 more" */
	n = (size_t)snprintf(text, sizeof(text), "{\"tasks\": {");
	for (int t = 0; t < 20; t++)
		n += (size_t)snprintf(text + n, sizeof(text) - n, "%s\"t%d\": {\"run\": 1, \"run\": 2}",
				      t ? ", " : "", t);
	snprintf(text + n, sizeof(text) - n, "}}");
	wl = parse_ok(text);
	assert_int_equal(wl->nr_tasks, 20);
	assert_int_equal(wl->tasks[19].phases[0].nr_events, 1);
	assert_true(ev(wl, 19, 0, 0)->value == 2 * US);
	assert_int_equal(capsim_workload_nr_notes(wl), WL_MAX_DUP_NOTES + 1);
	assert_string_equal(capsim_workload_note(wl, WL_MAX_DUP_NOTES),
			    "w.json: 4 more keys given twice in one object, read the same way (not "
			    "listed)");
	capsim_workload_free(wl);
	/* a syntax error later in the file is told, as the whole file's reading tells it */
	FAILS("{\"tasks\": {\"a\": {\"run\": 1, \"run\": 2}, \"b\": {\"run\": tru}}}",
	      CAPSIM_ERR_PARSE, "JSON syntax error");
}

static void test_example6_mem_cost(void **state)
{
	capsim_workload *wl = load_ok("tutorial/example6.json");

	/* mem 1000 bytes at 4 bytes/ns: ceil(1000 / 4) = 250 ns */
	assert_int_equal(ev(wl, 0, 0, 1)->type, WL_EV_MEM);
	assert_true(ev(wl, 0, 0, 1)->value == 250);
	/*
	 * iorun 100000 bytes: ceil(100000 / 4) = 25000 ns of memset, plus one write() of 1000 ns
	 * per mem_buffer_size (1048576) chunk: ceil(100000 / 1048576) = 1 -> 26000 ns.
	 */
	assert_true(ev(wl, 0, 0, 3)->value == 26000);
	capsim_workload_free(wl);
}

static void test_example7_barriers(void **state)
{
	capsim_workload *wl = load_ok("tutorial/example7.json");
	unsigned r;

	/* runtime1, sleep1, barrier1 ...: prefix-matched keys; runtime is wall time */
	assert_int_equal(ev(wl, 0, 0, 0)->type, WL_EV_RUNTIME);
	assert_true(ev(wl, 0, 0, 0)->value == 1000 * US);
	assert_int_equal(ev(wl, 0, 0, 2)->type, WL_EV_BARRIER);
	assert_int_equal(wl->tasks[0].phases[0].nr_events, 8);
	/* FIRST, SECOND, THIRD: each used once by two 1-instance tasks -> 2 users */
	assert_int_equal(wl->nr_resources, 3);
	for (r = 0; r < 3; r++) {
		assert_int_equal(wl->resources[r].type, WL_RES_BARRIER);
		assert_int_equal(wl->resources[r].users, 2);
	}
	assert_string_equal(wl->resources[ev(wl, 1, 0, 1)->res].name, "FIRST");
	capsim_workload_free(wl);
}

static void test_example8_affinity(void **state)
{
	capsim_workload *wl = load_ok("tutorial/example8.json");
	const struct wl_task *t = &wl->tasks[0];

	/* task cpus [2]; phase1 [0], phase2 [1], phase3 inherits the task's */
	assert_true(t->has_cpus && capsim_cpumask_test(&t->cpus, 2));
	assert_int_equal(capsim_cpumask_weight(&t->cpus), 1);
	assert_true(t->phases[0].has_cpus && capsim_cpumask_test(&t->phases[0].cpus, 0));
	assert_true(t->phases[1].has_cpus && capsim_cpumask_test(&t->phases[1].cpus, 1));
	assert_false(t->phases[2].has_cpus);
	/* phases but no task "loop": forever */
	assert_true(t->loop == -1);
	capsim_workload_free(wl);
}

static void test_example9_fork(void **state)
{
	capsim_workload *wl = load_ok("tutorial/example9.json");

	/* thread2 has "instance": 0 (created only by fork); thread1 defaults to 1 */
	assert_int_equal(wl->tasks[0].instances, 1);
	assert_int_equal(wl->tasks[1].instances, 0);
	assert_int_equal(wl->nr_threads, 2);
	/* thread3 forks thread1 (task 0) in phase1 and thread2 (task 1) in phase2 */
	assert_int_equal(ev(wl, 2, 0, 0)->type, WL_EV_FORK);
	assert_int_equal(ev(wl, 2, 0, 0)->task, 0);
	assert_int_equal(ev(wl, 2, 1, 0)->task, 1);
	assert_true(wl->tasks[0].forked && wl->tasks[1].forked && !wl->tasks[2].forked);
	assert_true(wl->tasks[2].loop == 1);
	capsim_workload_free(wl);
}

static void test_mp3_short(void **state)
{
	capsim_workload *wl = load_ok("mp3-short.json");
	/*
	 * AudioOut: rt-app's file says run 275 (l. 22), resume, run 4725 (l. 24), suspend; json-c
	 * reads it as rt-app runs it: run (4725, line 24), resume, suspend
	 */
	static const enum wl_event_type out[] = { WL_EV_RUN, WL_EV_RESUME, WL_EV_SUSPEND };
	/* OMXCall: rt-app's lock wait unlock run lock signal unlock -> lock wait unlock run signal */
	static const enum wl_event_type omx[] = { WL_EV_LOCK, WL_EV_WAIT, WL_EV_UNLOCK, WL_EV_RUN,
						  WL_EV_SIGNAL };

	assert_int_equal(wl->nr_tasks, 5);
	assert_string_equal(wl->tasks[3].name, "mp3.decoder");
	assert_true(wl->duration_ns == 6000000000ULL);
	/* AudioTick: p1 (loop 1) and p2 (loop 4) share timer "tick" of 6000 µs: a 24 ms cycle */
	assert_true(wl->tasks[0].phases[0].loop == 1 && wl->tasks[0].phases[1].loop == 4);
	assert_int_equal(ev(wl, 0, 0, 1)->res, ev(wl, 0, 1, 0)->res);
	assert_true(ev(wl, 0, 1, 0)->value == 6000 * US);
	assert_false(ev(wl, 0, 1, 0)->unique);
	assert_int_equal(wl->tasks[0].priority, -19);
	assert_types(&wl->tasks[1].phases[0], out, 3);
	assert_true(ev(wl, 1, 0, 0)->value == 4725 * US);
	assert_int_equal(ev(wl, 1, 0, 0)->line, 24);
	assert_int_equal(ev(wl, 1, 0, 1)->line, 23);
	assert_types(&wl->tasks[4].phases[0], omx, 5);
	/* the repeats, in text order: run (24, 43), lock (52), unlock (54) */
	assert_int_equal(capsim_workload_nr_notes(wl), 4);
	assert_non_null(strstr(capsim_workload_note(wl, 0), "mp3-short.json:24:4: key \"run\""));
	assert_non_null(strstr(capsim_workload_note(wl, 1), "mp3-short.json:43:5: key \"run\""));
	assert_non_null(strstr(capsim_workload_note(wl, 1), "mp3-short.json:38:5)"));
	assert_non_null(strstr(capsim_workload_note(wl, 2), "mp3-short.json:52:4: key \"lock\""));
	assert_non_null(strstr(capsim_workload_note(wl, 3), "mp3-short.json:54:4: key \"unlock\""));
	capsim_workload_free(wl);
}

static void test_spreading_tasks(void **state)
{
	capsim_workload *wl = load_ok("spreading-tasks.json");
	const struct wl_task *t = &wl->tasks[1];

	/* thread2 lists light1, heavy1, light2, heavy1: json-c keeps three, heavy1 second */
	assert_int_equal(t->nr_phases, 3);
	assert_string_equal(t->phases[0].name, "light1");
	assert_string_equal(t->phases[1].name, "heavy1");
	assert_string_equal(t->phases[2].name, "light2");
	assert_true(t->phases[0].loop == 900 && t->phases[1].loop == 600 && t->phases[2].loop == 300);
	/* "unique" timers: one per task, so thread1's and thread2's differ */
	assert_int_not_equal(ev(wl, 0, 0, 1)->res, ev(wl, 1, 0, 1)->res);
	assert_int_equal(wl->resources[ev(wl, 1, 0, 1)->res].owner, 1);
	assert_true(wl->duration_ns == 60 * 1000000000ULL);
	assert_int_equal(capsim_workload_nr_notes(wl), 1);
	assert_non_null(strstr(capsim_workload_note(wl, 0), "spreading-tasks.json:38:33: key "
			       "\"heavy1\" given twice in one object (first at "));
	capsim_workload_free(wl);
}

static void test_governor_files(void **state)
{
	capsim_workload *wl = load_ok("cpufreq_governor_efficiency/calibration.json");

	/* default_policy SCHED_FIFO: the task is RT with rt-app's default priority 10 */
	assert_int_equal(wl->tasks[0].policy, WL_POLICY_FIFO);
	assert_int_equal(wl->tasks[0].priority, 10);
	assert_string_equal(wl->tasks[0].phases[0].name, "run");
	capsim_workload_free(wl);

	wl = load_ok("cpufreq_governor_efficiency/dvfs.json");
	/* numeric calibration (128 ns per loop): the work is taken on the biggest CPU */
	assert_int_equal(wl->calibration_cpu, -1);
	assert_int_equal(wl->ns_per_loop, 128);
	assert_true(wl->tasks[0].loop == 10);
	assert_true(ev(wl, 0, 0, 0)->value == 1200000 * US);
	assert_true(ev(wl, 0, 1, 0)->value == 900000 * US);
	assert_true(capsim_cpumask_test(&wl->tasks[0].cpus, 1));
	capsim_workload_free(wl);
}

/* ---- shipped files that fail, and why -------------------------------------------------- */

static void load_fails(const char *rel, int code, const char *msg)
{
	char path[512];
	capsim_workload *wl = NULL;
	capsim_error err = { 0 };

	snprintf(path, sizeof(path), DATA "%s", rel);
	assert_int_equal(capsim_workload_load(path, &wl, &err), code);
	/* the message starts with the path given, then LINE:COL of the key */
	if (!strstr(err.msg, msg))
		fail_msg("%s: \"%s\" lacks \"%s\"", rel, err.msg, msg);
}

static void test_shipped_rejections(void **state)
{
	/* thread1 is SCHED_DEADLINE (line 19, after 3 tabs): rt-app runs it, capsim does not model it */
	load_fails("custom-slice.json", CAPSIM_ERR_UNSUPPORTED,
		   "custom-slice.json:19:4: tasks.thread1.policy: SCHED_DEADLINE is not modelled");
}

/* taskgroups: kept as written, with where, for the run to find among the scenario's cgroups */
static void test_taskgroups(void **state)
{
	char path[512];
	capsim_workload *wl = NULL;
	capsim_error err = { 0 };
	const struct wl_task *t;

	(void)state;
	snprintf(path, sizeof(path), DATA "tutorial/example11.json");
	assert_int_equal(capsim_workload_load(path, &wl, &err), 0);
	t = &wl->tasks[0];
	assert_null(t->taskgroup);
	assert_string_equal(t->phases[0].taskgroup, "/tg1/tg11");
	assert_int_equal(t->phases[0].taskgroup_at.line, 17);
	assert_int_equal(t->phases[0].taskgroup_at.col, 6);
	assert_null(t->phases[1].taskgroup); /* phase1 stays in /tg1/tg11 */
	assert_string_equal(t->phases[2].taskgroup, "/");
	capsim_workload_free(wl);
	wl = parse_ok("{\"tasks\":{\"t\":{\"run\":1,\"taskgroup\":\"/bg\"},"
		      "\"u\":{\"run\":1,\"taskgroup\":\"\"}}}");
	assert_string_equal(wl->tasks[0].taskgroup, "/bg");
	assert_null(wl->tasks[1].taskgroup); /* "": none */
	capsim_workload_free(wl);
}

static void test_custom_slice(void **state)
{
	/* custom-slice.json's thread0 alone: dl-runtime 100000 µs = 100 ms, the v6.12 upper bound */
	capsim_workload *wl = parse_ok("{\"tasks\":{\"t\":{\"run\":20000,\"policy\":\"SCHED_OTHER\","
				       "\"priority\":-19,\"dl-runtime\":100000}}}");

	assert_true(wl->tasks[0].slice_ns == 100000 * US);
	assert_int_equal(wl->tasks[0].priority, -19);
	capsim_workload_free(wl);
	/* 50 µs is below the 100 µs floor (NSEC_PER_MSEC / 10) and is raised to it */
	wl = parse_ok("{\"tasks\":{\"t\":{\"run\":1,\"dl-runtime\":50}}}");
	assert_true(wl->tasks[0].slice_ns == 100 * US);
	capsim_workload_free(wl);
	/* the legacy exact "runtime" key of a task is also rt-app's dl runtime: 5 ms slice */
	wl = parse_ok("{\"tasks\":{\"t\":{\"runtime\":5000}}}");
	assert_true(wl->tasks[0].slice_ns == 5000 * US);
	assert_int_equal(ev(wl, 0, 0, 0)->type, WL_EV_RUNTIME);
	capsim_workload_free(wl);
	/* RT tasks have no slice */
	wl = parse_ok("{\"tasks\":{\"t\":{\"run\":1,\"policy\":\"SCHED_RR\",\"dl-runtime\":500}}}");
	assert_true(wl->tasks[0].slice_ns == 0);
	capsim_workload_free(wl);
}

/* ---- grammar details ----------------------------------------------------------------- */

static void test_prefix_and_json_c(void **state)
{
	/* comments, single quotes, trailing commas; "memrun" is not "mem", "runtime" not "run" */
	capsim_workload *wl = parse_ok(
		"// c\n{'tasks': {'a': {/* x */ 'run0': 1, 'runtime1': 2, 'sleep_x': 3, "
		"'memrun': {'type': 'chase', 'size': 1048576, 'count': 10}, 'mem9': 8, "
		"'yield': '', 'sem_post': 's', 'sem_wait': 's', 'broad': 'c', 'sync': {'ref': 'c', "
		"'mutex': 'm'},},},}");
	static const enum wl_event_type seq[] = { WL_EV_RUN, WL_EV_RUNTIME, WL_EV_SLEEP, WL_EV_MEM,
						  WL_EV_MEM, WL_EV_YIELD, WL_EV_SEM_POST,
						  WL_EV_SEM_WAIT, WL_EV_BROAD, WL_EV_SYNC };

	assert_types(&wl->tasks[0].phases[0], seq, 10);
	/* chase of 1 MiB (the L2 band, 10 ns per hop) x 10 hops = 100 ns; mem 8 B = 2 ns */
	assert_true(ev(wl, 0, 0, 3)->value == 100);
	assert_true(ev(wl, 0, 0, 4)->value == 2);
	assert_int_equal(ev(wl, 0, 0, 6)->res, ev(wl, 0, 0, 7)->res);
	assert_int_equal(ev(wl, 0, 0, 8)->res, ev(wl, 0, 0, 9)->res);
	capsim_workload_free(wl);
}

static void test_timer_modes(void **state)
{
	/* rt-app keeps the mode on the timer: one absolute use makes every use of "t" absolute */
	capsim_workload *wl = parse_ok(
		"{\"tasks\":{\"a\":{\"run\":1,\"timer\":{\"ref\":\"t\",\"period\":10}},"
		"\"b\":{\"run\":1,\"timer\":{\"ref\":\"t\",\"period\":10,\"mode\":\"absolute\"}},"
		"\"c\":{\"run\":1,\"timer\":{\"ref\":\"u\",\"period\":10}}}}");

	assert_int_equal(ev(wl, 0, 0, 1)->res, ev(wl, 1, 0, 1)->res);
	assert_true(ev(wl, 0, 0, 1)->absolute && ev(wl, 1, 0, 1)->absolute);
	assert_false(ev(wl, 2, 0, 1)->absolute);
	capsim_workload_free(wl);
}

static void test_phase_restates_sched(void **state)
{
	/*
	 * Generators write the task's policy and priority into every phase: a restatement is no
	 * change. A phase naming SCHED_OTHER without a priority brings nice 0, which is the task's.
	 */
	capsim_workload *wl = parse_ok(
		"{\"tasks\":{\"t\":{\"policy\":\"SCHED_FIFO\",\"priority\":50,\"phases\":{"
		"\"a\":{\"policy\":\"SCHED_FIFO\",\"priority\":50,\"run\":1},"
		"\"b\":{\"priority\":50,\"run\":1}}},"
		"\"u\":{\"phases\":{\"a\":{\"policy\":\"SCHED_OTHER\",\"run\":1}}}}}");

	assert_int_equal(wl->tasks[0].policy, WL_POLICY_FIFO);
	assert_int_equal(wl->tasks[0].priority, 50);
	assert_int_equal(wl->tasks[1].priority, 0);
	capsim_workload_free(wl);
	/* but FIFO with no priority in a phase means rt-app's default 10, not the task's 50 */
	FAILS("{\"tasks\":{\"t\":{\"policy\":\"SCHED_FIFO\",\"priority\":50,\"phases\":{"
	      "\"a\":{\"policy\":\"SCHED_FIFO\",\"run\":1}}}}}",
	      CAPSIM_ERR_UNSUPPORTED, "tasks.t.phases.a: changes the task's priority");
}

static void test_uclamp_and_priority(void **state)
{
	capsim_workload *wl = parse_ok(
		"{\"tasks\":{\"a\":{\"util_min\":128,\"util_max\":512,\"priority\":5,\"delay\":250,"
		"\"phases\":{\"p\":{\"util_min\":256,\"run\":1}}}}}");

	assert_int_equal(wl->tasks[0].util_min, 128);
	assert_int_equal(wl->tasks[0].util_max, 512);
	assert_int_equal(wl->tasks[0].phases[0].util_min, 256);
	assert_int_equal(wl->tasks[0].phases[0].util_max, WL_UNSET);
	assert_true(wl->tasks[0].delay_ns == 250 * US);
	capsim_workload_free(wl);
}

/* ---- malformed input ------------------------------------------------------------------- */

static void test_syntax_errors(void **state)
{
	static const char nul[] = "{\"tasks\"\0:{}}";
	FILE *fp;
	char buf[2048];
	size_t n;

	FAILS("", CAPSIM_ERR_PARSE, "w.json:1:1: unexpected end of the file");
	FAILS("  \n", CAPSIM_ERR_PARSE, "w.json:2:1: unexpected end");
	/* json-c stops at the 'x' of "xyz" (offset 0) */
	FAILS("xyz", CAPSIM_ERR_PARSE, "w.json:1:1: JSON syntax error");
	/* unquoted key: json-c's error offset is the 'a', line 2 column 2 */
	FAILS("{\n a: 1}", CAPSIM_ERR_PARSE, "w.json:2:2: JSON syntax error: quoted object property");
	FAILS("{\"tasks\": {}} junk", CAPSIM_ERR_PARSE, "w.json:1:15: text after the end");
	parse_fails(nul, sizeof(nul) - 1, CAPSIM_ERR_PARSE, "w.json:1:9: a NUL byte");
	FAILS("[1, 2]", CAPSIM_ERR_PARSE, "w.json:1:1: expected an object with \"tasks\"");
	FAILS("{\"global\": {}}", CAPSIM_ERR_PARSE, "missing \"tasks\"");
	FAILS("{\"tasks\": {}}", CAPSIM_ERR_PARSE, "w.json:1:2: tasks: expected a non-empty object");

	/* the shipped template cut in half is truncated JSON */
	fp = fopen(DATA "template.json", "rb");
	assert_non_null(fp);
	n = fread(buf, 1, sizeof(buf), fp);
	fclose(fp);
	parse_fails(buf, n / 2, CAPSIM_ERR_PARSE, "unexpected end of the file");
}

static void test_semantic_errors(void **state)
{
	/*
	 * A zero timer period. Line 3 is ` "timer0":{"ref":"a","period":0}`: the blank is column 1,
	 * "timer0" 2-9, ':' 10, '{' 11, "ref" 12-16, ':' 17, "a" 18-20, ',' 21, "period" at 22.
	 */
	FAILS("{\"tasks\":{\"thread0\":{\"phases\":{\n\"p1\":{\"run0\":1,\n"
	      " \"timer0\":{\"ref\":\"a\",\"period\":0}}}}}}",
	      CAPSIM_ERR_RANGE,
	      "w.json:3:22: tasks.thread0.phases.p1.timer0.period: 0 is out of range (expected a "
	      "positive integer (µs))");
	FAILS("{\"tasks\":{\"t\":{\"timer\":{\"ref\":\"a\"}}}}", CAPSIM_ERR_PARSE,
	      "tasks.t.timer: missing \"period\"");
	FAILS("{\"tasks\":{\"t\":{\"timer\":5}}}", CAPSIM_ERR_PARSE,
	      "tasks.t.timer: expected an object {\"ref\", \"period\"");
	FAILS("{\"tasks\":{\"t\":{\"timer\":{\"ref\":\"a\",\"period\":5,\"mode\":\"abs\"}}}}",
	      CAPSIM_ERR_PARSE, "tasks.t.timer.mode: \"abs\": expected");
	/* wrong types */
	FAILS("{\"tasks\":{\"t\":{\"run\":\"10\"}}}", CAPSIM_ERR_PARSE,
	      "w.json:1:16: tasks.t.run: expected a non-negative integer (µs), not string");
	FAILS("{\"tasks\":{\"t\":{\"run\":1.5}}}", CAPSIM_ERR_PARSE, "not double");
	FAILS("{\"tasks\":{\"t\":{\"lock\":3}}}", CAPSIM_ERR_PARSE, "tasks.t.lock: expected a string");
	FAILS("{\"tasks\":{\"t\":{\"run\":1}},\"global\":{\"gnuplot\":1}}", CAPSIM_ERR_PARSE,
	      "global.gnuplot: expected true or false");
	FAILS("{\"tasks\":{\"t\":5}}", CAPSIM_ERR_PARSE, "tasks.t: expected an object (a task)");
	FAILS("{\"tasks\":{\"t\":{\"phases\":{\"p\":[]}}}}", CAPSIM_ERR_PARSE,
	      "tasks.t.phases.p: expected an object (a phase)");
	/* huge and negative numbers */
	FAILS("{\"tasks\":{\"t\":{\"run\":99999999999999999999}}}", CAPSIM_ERR_RANGE,
	      "tasks.t.run: a number too large for rt-app's int");
	FAILS("{\"tasks\":{\"t\":{\"run\":-99999999999999999999}}}", CAPSIM_ERR_RANGE,
	      "tasks.t.run: a number too large");
	FAILS("{\"tasks\":{\"t\":{\"run\":2147483648}}}", CAPSIM_ERR_RANGE, "out of range");
	FAILS("{\"tasks\":{\"t\":{\"sleep\":-5}}}", CAPSIM_ERR_RANGE, "tasks.t.sleep: -5 is out");
	FAILS("{\"tasks\":{\"t\":{\"run\":1}},\"global\":{\"calibration\":-3}}",
	      CAPSIM_ERR_RANGE, "global.calibration: -3 is out of range");
	/* rt-app's ftrace_setup() refuses a category it does not know */
	FAILS("{\"tasks\":{\"t\":{\"run\":1}},\"global\":{\"ftrace\":\"main,bogus\"}}",
	      CAPSIM_ERR_PARSE, "global.ftrace: unknown category \"bogus\"");
	FAILS("{\"tasks\":{\"t\":{\"run\":1}},\"global\":{\"ftrace\":3}}", CAPSIM_ERR_PARSE,
	      "global.ftrace: expected \"none\" or a list");
	FAILS("{\"tasks\":{\"t\":{\"run\":1,\"delay\":-1}}}", CAPSIM_ERR_RANGE, "tasks.t.delay");
	/* absurd instance counts: one task, then the sum of two (60000 + 60000 > 100000) */
	FAILS("{\"tasks\":{\"t\":{\"run\":1,\"instance\":1000000}}}", CAPSIM_ERR_RANGE,
	      "tasks.t.instance: 1000000 is out of range");
	FAILS("{\"tasks\":{\"a\":{\"run\":1,\"instance\":60000},\"b\":{\"run\":1,\"instance\":60000}}}",
	      CAPSIM_ERR_RANGE, "tasks.b: 120000 threads in all");
	/* rt-app's own rejections */
	FAILS("{\"tasks\":{\"t\":{\"loop\":3}}}", CAPSIM_ERR_PARSE, "tasks.t: no events");
	FAILS("{\"tasks\":{\"t\":{\"run\":1,\"util_max\":1025}}}", CAPSIM_ERR_RANGE, "util_max: 1025");
	FAILS("{\"tasks\":{\"t\":{\"run\":1,\"policy\":\"SCHED_FOO\"}}}", CAPSIM_ERR_PARSE,
	      "invalid policy \"SCHED_FOO\"");
	FAILS("{\"tasks\":{\"t\":{\"run\":1}},\"global\":{\"calibration\":\"CPUx\"}}",
	      CAPSIM_ERR_PARSE, "global.calibration: \"CPUx\"");
	FAILS("{\"tasks\":{\"t\":{\"run\":1,\"taskgroup\":\"tg\"}}}", CAPSIM_ERR_PARSE,
	      "must start with '/'");
	FAILS("{\"tasks\":{\"t\":{\"memrun\":{\"type\":\"read\",\"size\":64,\"count\":1,\"ref\":\"b\"},"
	      "\"memrun2\":{\"type\":\"read\",\"size\":128,\"count\":1,\"ref\":\"b\"}}}}",
	      CAPSIM_ERR_INVALID, "tasks.t.memrun2.ref: memrun buffer \"b\"");
	/* capsim's own refusals */
	FAILS("{\"tasks\":{\"t\":{\"run\":1,\"perod\":3}}}", CAPSIM_ERR_PARSE,
	      "tasks.t.perod: unknown key in a task");
	FAILS("{\"tasks\":{\"t\":{\"run\":1,\"phases\":{\"p\":{\"run\":1}}}}}", CAPSIM_ERR_PARSE,
	      "tasks.t.run: an event beside \"phases\"");
	FAILS("{\"tasks\":{\"t\":{\"phases\":{\"p\":{\"run\":1,\"priority\":3}}}}}",
	      CAPSIM_ERR_UNSUPPORTED, "tasks.t.phases.p.priority: changes the task's priority");
	FAILS("{\"tasks\":{\"t\":{\"phases\":{\"p\":{\"run\":1,\"policy\":\"SCHED_FIFO\"}}}}}",
	      CAPSIM_ERR_UNSUPPORTED, "tasks.t.phases.p.policy: changes the task's policy");
	FAILS("{\"tasks\":{\"t\":{\"dl-runtime\":3000,\"phases\":{\"p\":{\"run\":1,"
	      "\"dl-runtime\":4000}}}}}",
	      CAPSIM_ERR_UNSUPPORTED, "tasks.t.phases.p.dl-runtime: changes the task's dl-runtime");
	FAILS("{\"tasks\":{\"t\":{\"run\":1,\"priority\":20}}}", CAPSIM_ERR_RANGE, "a nice value");
	FAILS("{\"tasks\":{\"t\":{\"run\":1,\"policy\":\"SCHED_FIFO\",\"priority\":0}}}",
	      CAPSIM_ERR_RANGE, "an RT priority 1..99");
	FAILS("{\"tasks\":{\"t\":{\"run\":1,\"util_min\":600,\"util_max\":500}}}", CAPSIM_ERR_RANGE,
	      "util_min 600 is above util_max 500");
	FAILS("{\"tasks\":{\"t\":{\"run\":1,\"cpus\":[]}}}", CAPSIM_ERR_PARSE, "tasks.t.cpus");
	FAILS("{\"tasks\":{\"t\":{\"run\":1,\"cpus\":[256]}}}", CAPSIM_ERR_RANGE, "tasks.t.cpus");
	FAILS("{\"tasks\":{\"t\":{\"run\":1,\"loop\":0}}}", CAPSIM_ERR_RANGE, "tasks.t.loop: 0 loops");
	FAILS("{\"tasks\":{\"t\":{\"fork\":\"nobody\"}}}", CAPSIM_ERR_NOT_FOUND,
	      "no task named \"nobody\"");
	FAILS("{\"tasks\":{\"a\":{\"fork\":\"b\"},\"b\":{\"instance\":0,\"barrier\":\"x\"}}}",
	      CAPSIM_ERR_INVALID, "tasks.b: a task started by fork uses barrier \"x\"");
	FAILS("{\"tasks\":{\"t\":{\"run\":1}},\"global\":{\"default_policy\":\"SCHED_DEADLINE\"}}",
	      CAPSIM_ERR_UNSUPPORTED, "tasks.t: inherits SCHED_DEADLINE");
}

static void test_bad_files(void **state)
{
	/* columns counted by hand on each file's line (blanks included) */
	load_fails("bad/empty.json", CAPSIM_ERR_PARSE, "empty.json:1:1: unexpected end of the file");
	/* line 5 is `      "timer": { "ref": "tick", "per` (36 characters): the end is column 37 */
	load_fails("bad/truncated.json", CAPSIM_ERR_PARSE, "truncated.json:5:37: unexpected end");
	load_fails("bad/wrong-type.json", CAPSIM_ERR_PARSE,
		   "wrong-type.json:4:7: tasks.thread0.run: expected a non-negative integer (µs), not "
		   "string");
	/* 10 blanks, "timer0": 11-19, '{' 21, "ref": 23-28, "tick", 30-36, "period" at 38 */
	load_fails("bad/timer-period-zero.json", CAPSIM_ERR_RANGE,
		   "timer-period-zero.json:7:38: tasks.thread0.phases.p1.timer0.period: 0 is out of "
		   "range (expected a positive integer (µs))");
	/* 4 blanks, "thread0": 5-14, '{' 16, "run": 18-23, 1000, 25-29, "sleep" at 31 */
	load_fails("bad/huge-number.json", CAPSIM_ERR_RANGE,
		   "huge-number.json:3:31: tasks.thread0.sleep: a number too large");
	load_fails("bad/unknown-key.json", CAPSIM_ERR_PARSE,
		   "unknown-key.json:3:31: tasks.thread0.perod: unknown key in a task");
	load_fails("bad/garbage.json", CAPSIM_ERR_PARSE, "garbage.json:1:1: JSON syntax error");
	load_fails("bad/absurd-instances.json", CAPSIM_ERR_RANGE,
		   "absurd-instances.json:3:18: tasks.thread0.instance: 1000000 is out of range");
}

/*
 * What rt-app accepts as it is: main() ends the run after global.duration only when it is
 * positive (0 and negatives run until the tasks end), and a calibration of 0 ns per loop
 * makes it calibrate CPU0, as when the setting is missing.
 */
static void test_duration_and_calibration_zero(void **state)
{
	static const char *const durations[] = { "0", "-5", "-2147483648" };
	capsim_workload *wl;

	(void)state;
	for (unsigned i = 0; i < 3; i++) {
		char text[128];

		snprintf(text, sizeof(text),
			 "{\"tasks\":{\"t\":{\"run\":1}},\"global\":{\"duration\":%s}}",
			 durations[i]);
		wl = parse_ok(text);
		assert_int_equal(wl->duration_ns, 0);
		capsim_workload_free(wl);
	}
	wl = parse_ok("{\"tasks\":{\"t\":{\"run\":1}},\"global\":{\"duration\":3}}");
	assert_int_equal(wl->duration_ns, 3000000000ULL);
	capsim_workload_free(wl);
	wl = parse_ok("{\"tasks\":{\"t\":{\"run\":1}},\"global\":{\"calibration\":0}}");
	assert_int_equal(wl->calibration_cpu, 0);
	capsim_workload_free(wl);
}

/* Every ftrace category rt-app knows, the deprecated bool, and none at all are accepted. */
static void test_ftrace_categories(void **state)
{
	static const char *const values[] = { "\"main,task,run,loop,event,stats,attrs\"",
					      "\"none\"", "\"\"", "true", "false" };

	(void)state;
	for (unsigned i = 0; i < 5; i++) {
		char text[160];

		snprintf(text, sizeof(text),
			 "{\"tasks\":{\"t\":{\"run\":1}},\"global\":{\"ftrace\":%s}}", values[i]);
		capsim_workload_free(parse_ok(text));
	}
}

static void test_deadline_default_not_inherited(void **state)
{
	/* a SCHED_DEADLINE default is harmless when every task names its own policy */
	capsim_workload *wl = parse_ok(
		"{\"tasks\":{\"t\":{\"run\":1,\"policy\":\"SCHED_OTHER\"}},"
		"\"global\":{\"default_policy\":\"SCHED_DEADLINE\"}}");

	assert_int_equal(wl->tasks[0].policy, WL_POLICY_OTHER);
	capsim_workload_free(wl);
}

static void test_kernel_prio(void **state)
{
	/* NICE_TO_PRIO(nice) = MAX_RT_PRIO (100) + nice + 20; RT: MAX_RT_PRIO - 1 - rt_priority */
	assert_int_equal(wl_kernel_prio(WL_POLICY_OTHER, -19), 101);
	assert_int_equal(wl_kernel_prio(WL_POLICY_IDLE, 0), 120);
	assert_int_equal(wl_kernel_prio(WL_POLICY_FIFO, 10), 89);
	assert_int_equal(wl_kernel_prio(WL_POLICY_RR, 99), 0);
}

static void test_load_io(void **state)
{
	capsim_workload *wl = NULL;
	capsim_error err = { 0 };

	assert_int_equal(capsim_workload_load("/nonexistent/w.json", &wl, &err), CAPSIM_ERR_IO);
	assert_non_null(strstr(err.msg, "/nonexistent/w.json: cannot open"));
	assert_null(wl);
	capsim_workload_free(NULL);
}

/*
 * Task objects are read one at a time (rtapp.c's top comment); the result must be the whole
 * file's: "instance" is read before the tasks, and a JSON error in a later task is told before
 * a check failing in an earlier one, as the whole file's reading tells it.
 */
/*
 * A declared sync wake-up (docs/formats.md): signal, broad and resume take rt-app's string or
 * {"ref": name, "sync": bool}. The object names the same resources as the string: resume "b"
 * the cond and the mutex "b" (and the task b), signal "c" the cond "c"; only "sync": true sets
 * the flag, and the string form never does (rt-app's futex wake-ups are not WF_SYNC).
 */
static void test_sync_wakeups(void **state)
{
	capsim_workload *wl = parse_ok(
		"{\"tasks\": {\"a\": {\"resume\": \"b\", \"resume1\": {\"ref\": \"b\", \"sync\": true},"
		" \"resume2\": {\"ref\": \"b\", \"sync\": false}, \"resume3\": {\"ref\": \"b\"},"
		" \"signal\": {\"ref\": \"c\", \"sync\": true}, \"signal1\": \"c\","
		" \"broad\": {\"ref\": \"c\", \"sync\": true}, \"run\": 10},"
		" \"b\": {\"suspend\": \"b\", \"wait\": {\"ref\": \"c\", \"mutex\": \"m\"}}}}");
	static const unsigned sync[] = { 0, 1, 0, 0, 1, 0, 1, 0 };

	(void)state;
	assert_int_equal(wl->tasks[0].phases[0].nr_events, 8);
	for (unsigned e = 0; e < 8; e++)
		assert_int_equal(ev(wl, 0, 0, e)->sync, sync[e]);
	for (unsigned e = 1; e < 4; e++) {
		assert_int_equal(ev(wl, 0, 0, e)->type, WL_EV_RESUME);
		assert_int_equal(ev(wl, 0, 0, e)->res, ev(wl, 0, 0, 0)->res);
		assert_int_equal(ev(wl, 0, 0, e)->res2, ev(wl, 0, 0, 0)->res2);
		assert_int_equal(ev(wl, 0, 0, e)->task, 1);
	}
	assert_int_equal(ev(wl, 0, 0, 4)->type, WL_EV_SIGNAL);
	assert_int_equal(ev(wl, 0, 0, 4)->res, ev(wl, 0, 0, 5)->res);
	assert_int_equal(ev(wl, 0, 0, 6)->type, WL_EV_BROAD);
	/* the cond "c" that b waits on */
	assert_int_equal(ev(wl, 0, 0, 4)->res, ev(wl, 1, 0, 1)->res);
	capsim_workload_free(wl);

	FAILS("{\"tasks\": {\"a\": {\"resume\": {\"ref\": \"b\", \"sync\": 1}}}}", CAPSIM_ERR_PARSE,
	      "w.json:1:41: tasks.a.resume.sync: expected true or false (a sync wake-up, WF_SYNC), "
	      "not int");
	FAILS("{\"tasks\": {\"a\": {\"signal\": {\"sync\": true}}}}", CAPSIM_ERR_PARSE,
	      "tasks.a.signal: missing \"ref\"");
	FAILS("{\"tasks\": {\"a\": {\"signal\": {\"ref\": 3}}}}", CAPSIM_ERR_PARSE,
	      "tasks.a.signal.ref: expected a string (a resource name), not int");
	FAILS("{\"tasks\": {\"a\": {\"resume\": {\"ref\": \"b\", \"snyc\": true}}}}",
	      CAPSIM_ERR_PARSE, "tasks.a.resume.snyc: unknown key in this event (did you mean \"sync\"?");
	FAILS("{\"tasks\": {\"a\": {\"broad\": 5}}}", CAPSIM_ERR_PARSE,
	      "tasks.a.broad: expected a string (a resource name) or {\"ref\": name, \"sync\": true}, "
	      "not int");
	/* the other named events keep rt-app's string only */
	FAILS("{\"tasks\": {\"a\": {\"lock\": {\"ref\": \"m\"}}}}", CAPSIM_ERR_PARSE,
	      "tasks.a.lock: expected a string (a resource name), not object");
}

static void test_tasks_read_apart(void **state)
{
	/* a task given twice keeps the place of the first and the value of the last */
	capsim_workload *wl = parse_ok("{\"tasks\": {\"a\": {\"run\": 1}, \"b\": {\"instance\": 3, "
				       "\"run\": 2}, \"a\": {\"run\": 7, /* } */ \"sleep\": 1}}}");

	assert_int_equal(wl->nr_tasks, 2);
	assert_string_equal(wl->tasks[0].name, "a");
	assert_int_equal(wl->tasks[0].phases[0].nr_events, 2);
	assert_true(ev(wl, 0, 0, 0)->value == 7 * US);
	assert_int_equal(wl->tasks[1].instances, 3);
	assert_int_equal(wl->nr_threads, 4);
	capsim_workload_free(wl);
	/* "run": -5 fails a check in "a"; json-c stops at "tru" in "b" first (column 41) */
	FAILS("{\"tasks\": {\"a\": {\"run\": -5}, \"b\": {\"run\": tru}}}", CAPSIM_ERR_PARSE,
	      "w.json:1:");
	FAILS("{\"tasks\": {\"a\": {\"run\": -5}, \"b\": {\"run\": tru}}}", CAPSIM_ERR_PARSE,
	      "JSON syntax error");
}

/* The same tasks, read with their names from the index or from json-c's tree, agree. */
static void assert_same_tasks(const capsim_workload *a, const capsim_workload *b)
{
	assert_int_equal(a->nr_tasks, b->nr_tasks);
	assert_int_equal(a->nr_threads, b->nr_threads);
	assert_int_equal(a->nr_resources, b->nr_resources);
	for (unsigned t = 0; t < a->nr_tasks; t++) {
		assert_string_equal(a->tasks[t].name, b->tasks[t].name);
		assert_int_equal(a->tasks[t].instances, b->tasks[t].instances);
		assert_int_equal(a->tasks[t].at.line, b->tasks[t].at.line);
		assert_int_equal(a->tasks[t].at.col, b->tasks[t].at.col);
		assert_int_equal(a->tasks[t].phases[0].nr_events, b->tasks[t].phases[0].nr_events);
		for (unsigned e = 0; e < a->tasks[t].phases[0].nr_events; e++)
			assert_memory_equal(ev(a, t, 0, e), ev(b, t, 0, e), sizeof(struct wl_event));
	}
}

static void test_tasks_named_by_index(void **state)
{
	/* plain around the task objects: the names come from the index (RT_INDEXED) */
	static const char plain[] = "{\"tasks\": {\"a\": {\"run\": 1, \"timer\": {\"ref\": "
				    "\"unique\", \"period\": 9}},\n \"b c\": {\"instance\": 2, "
				    "/* x */ \"run\": 2},     \"\xc3\xa9\" : {\"sleep\": 3},}}";
	/* the same with a comment between two tasks: json-c reads the names (RT_APART) */
	static const char commented[] = "{\"tasks\": {\"a\": {\"run\": 1, \"timer\": {\"ref\": "
					"\"unique\", \"period\": 9}},\n \"b c\": {\"instance\": 2, "
					"/* x */ \"run\": 2}, /**/\"\xc3\xa9\" : {\"sleep\": 3},}}";
	capsim_workload *a = parse_ok(plain), *b = parse_ok(commented);

	assert_same_tasks(a, b);
	assert_int_equal(a->nr_threads, 4);
	assert_string_equal(a->tasks[2].name, "\xc3\xa9");
	assert_int_equal(a->tasks[1].at.line, 2);
	assert_int_equal(a->tasks[1].at.col, 2);
	capsim_workload_free(a);
	capsim_workload_free(b);
	/* their errors are the whole file's */
	FAILS("{\"tasks\": {}}", CAPSIM_ERR_PARSE, "w.json:1:2: tasks: expected a non-empty object");
	FAILS("{\"tasks\": {\"a\": {\"run\": 1}, \"b\": {\"run\": -5}}}", CAPSIM_ERR_RANGE,
	      "w.json:1:35: tasks.b.run: -5 is out of range");
	FAILS("{\"tasks\": {\"a\": {\"run\": 1}, \"b\": 5}}", CAPSIM_ERR_PARSE,
	      "w.json:1:29: tasks.b: expected an object (a task), not int");
	FAILS("{\"tasks\": {\"a\": {\"run\": 1} \"b\": {\"run\": 1}}}", CAPSIM_ERR_PARSE,
	      "w.json:1:28: JSON syntax error: object value separator");
	FAILS("{\"global\": {\"x\": 1}, \"tasks\": {\"a\": {\"run\": 1}}}", CAPSIM_ERR_PARSE,
	      "w.json:1:13: global.x: unknown key");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_template),
		cmocka_unit_test(test_example1_2),
		cmocka_unit_test(test_example3_phases),
		cmocka_unit_test(test_example4_suspend_resume),
		cmocka_unit_test(test_sync_wakeups),
		cmocka_unit_test(test_example5_duplicate_keys),
		cmocka_unit_test(test_duplicate_positions),
		cmocka_unit_test(test_example6_mem_cost),
		cmocka_unit_test(test_example7_barriers),
		cmocka_unit_test(test_example8_affinity),
		cmocka_unit_test(test_example9_fork),
		cmocka_unit_test(test_mp3_short),
		cmocka_unit_test(test_spreading_tasks),
		cmocka_unit_test(test_governor_files),
		cmocka_unit_test(test_shipped_rejections),
		cmocka_unit_test(test_taskgroups),
		cmocka_unit_test(test_custom_slice),
		cmocka_unit_test(test_prefix_and_json_c),
		cmocka_unit_test(test_timer_modes),
		cmocka_unit_test(test_phase_restates_sched),
		cmocka_unit_test(test_uclamp_and_priority),
		cmocka_unit_test(test_syntax_errors),
		cmocka_unit_test(test_semantic_errors),
		cmocka_unit_test(test_bad_files),
		cmocka_unit_test(test_duration_and_calibration_zero),
		cmocka_unit_test(test_ftrace_categories),
		cmocka_unit_test(test_deadline_default_not_inherited),
		cmocka_unit_test(test_kernel_prio),
		cmocka_unit_test(test_load_io),
		cmocka_unit_test(test_tasks_read_apart),
		cmocka_unit_test(test_tasks_named_by_index),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
