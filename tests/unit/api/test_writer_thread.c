// SPDX-License-Identifier: MIT
/*
 * test_writer_thread.c - tests the library's writers on a thread of their own
 * (src/api/writer_thread.c, capsim_sim_set_writer_thread()) through the public API: a trace and
 * a recording's CSV series written on the writer thread are the bytes written on the run's
 * thread; with the thread on, the trace's writes come from another thread than the run's, with
 * it off from the run's only; a caller's sink is called in the run's thread whatever the
 * setting, and a recording of columns alone when it is the only writer; the setting is refused
 * once the run has started.
 */
#define _GNU_SOURCE /* fopencookie() */
#include <dirent.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "capsim/capsim.h"

#define SCENARIO CAPSIM_SOURCE_DIR "/scenarios/hikey960-game-ipa.json"
#define MS 1000000ULL

/* A stream into memory that counts the writes made from another thread than @owner. */
struct counted {
	char *buf;
	size_t len, cap;
	pthread_t owner;
	unsigned foreign_writes, writes;
};

static ssize_t counted_write(void *cookie, const char *p, size_t n)
{
	struct counted *c = cookie;

	if (c->len + n > c->cap) {
		c->cap = (c->len + n) * 2;
		c->buf = realloc(c->buf, c->cap);
		assert_non_null(c->buf);
	}
	memcpy(c->buf + c->len, p, n);
	c->len += n;
	c->writes++;
	c->foreign_writes += !pthread_equal(pthread_self(), c->owner);
	return (ssize_t)n;
}

static FILE *counted_open(struct counted *c)
{
	cookie_io_functions_t io = { .write = counted_write };
	FILE *fp;

	*c = (struct counted){ .owner = pthread_self() };
	fp = fopencookie(c, "w", io);
	assert_non_null(fp);
	setvbuf(fp, NULL, _IOFBF, 4096); /* small: the run writes many times */
	return fp;
}

/* the CSV files of a recording, each a counted stream */
struct csv_set {
	struct counted files[16];
	FILE *fp[16];
	unsigned n;
};

static FILE *csv_open(void *ctx, const char *name)
{
	struct csv_set *set = ctx;

	assert_true(set->n < 16);
	set->fp[set->n] = counted_open(&set->files[set->n]);
	return set->fp[set->n++];
}

struct outputs {
	struct counted trace;
	struct csv_set csv;
};

/* SCENARIO for 1 s with an ftrace trace and a recording's CSV series, the writer thread @on */
static void run_outputs(int on, struct outputs *o)
{
	capsim_recording *rec = NULL;
	capsim_scenario *sc = NULL;
	capsim_error e = { 0 };
	capsim_sim *sim = NULL;
	FILE *trace;

	memset(o, 0, sizeof(*o));
	trace = counted_open(&o->trace);
	if (capsim_scenario_load(SCENARIO, &sc, &e) ||
	    capsim_scenario_set_duration(sc, 1000 * MS, &e) || capsim_sim_create(sc, &sim, &e) ||
	    capsim_sim_set_writer_thread(sim, on) || capsim_sim_trace_open(sim, trace) ||
	    capsim_recording_attach(sim, &rec, &e) ||
	    capsim_recording_csv(rec, csv_open, &o->csv, &e) || capsim_sim_run(sim, &e) ||
	    capsim_recording_finish(rec, &e) || capsim_sim_trace_close(sim))
		fail_msg("%s", e.msg);
	assert_int_equal(capsim_sim_set_writer_thread(sim, !on), CAPSIM_ERR_INVALID);
	fclose(trace);
	for (unsigned i = 0; i < o->csv.n; i++)
		fclose(o->csv.fp[i]);
	capsim_sim_free(sim);
	capsim_recording_free(rec);
	capsim_scenario_free(sc);
}

static void outputs_free(struct outputs *o)
{
	free(o->trace.buf);
	for (unsigned i = 0; i < o->csv.n; i++)
		free(o->csv.files[i].buf);
}

static void assert_same_bytes(const struct counted *a, const struct counted *b)
{
	assert_int_equal(a->len, b->len);
	assert_true(a->len > 0);
	assert_memory_equal(a->buf, b->buf, a->len);
}

static void test_same_bytes_on_another_thread(void **state)
{
	struct outputs on, off;

	run_outputs(1, &on);
	run_outputs(0, &off);
	assert_same_bytes(&on.trace, &off.trace);
	assert_int_equal(on.csv.n, off.csv.n);
	assert_true(on.csv.n > 0);
	for (unsigned i = 0; i < on.csv.n; i++)
		if (on.csv.files[i].len || off.csv.files[i].len)
			assert_same_bytes(&on.csv.files[i], &off.csv.files[i]);
	/* the trace is 100s of KB through a 4 KiB buffer: written as the run goes, on the writer
	 * thread (the last flush is capsim_sim_trace_close()'s, on the run's thread) */
	assert_true(on.trace.len > 40 * 4096);
	assert_true(on.trace.foreign_writes > 10);
	assert_true(on.trace.foreign_writes + 2 >= on.trace.writes);
	assert_int_equal(off.trace.foreign_writes, 0);
	outputs_free(&on);
	outputs_free(&off);
}

struct sink_seen {
	pthread_t run_thread;
	unsigned events, elsewhere;
};

static void caller_sink(void *ctx, const struct capsim_event *ev)
{
	struct sink_seen *seen = ctx;

	seen->events++;
	seen->elsewhere += !pthread_equal(pthread_self(), seen->run_thread);
}

static void test_caller_sink_in_run_thread(void **state)
{
	struct sink_seen seen = { .run_thread = pthread_self() };
	capsim_scenario *sc = NULL;
	capsim_error e = { 0 };
	capsim_sim *sim = NULL;

	if (capsim_scenario_load(SCENARIO, &sc, &e) ||
	    capsim_scenario_set_duration(sc, 200 * MS, &e) || capsim_sim_create(sc, &sim, &e) ||
	    capsim_sim_set_writer_thread(sim, 1) || capsim_sim_set_sink(sim, caller_sink, &seen) ||
	    capsim_sim_run(sim, &e))
		fail_msg("%s", e.msg);
	assert_true(seen.events > 1000);
	assert_int_equal(seen.elsewhere, 0);
	capsim_sim_free(sim);
	capsim_scenario_free(sc);
	assert_int_equal(capsim_sim_set_writer_thread(NULL, 1), CAPSIM_ERR_INVALID);
}

/* the threads of this process now (the entries of /proc/self/task) */
static unsigned process_threads(void)
{
	DIR *d = opendir("/proc/self/task");
	unsigned n = 0;
	struct dirent *e;

	assert_non_null(d);
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

struct threads_seen {
	unsigned calls, most;
};

static void count_threads(void *ctx, uint64_t now_ns, uint64_t end_ns)
{
	struct threads_seen *t = ctx;
	unsigned n = process_threads();

	(void)now_ns;
	(void)end_ns;
	t->calls++;
	if (n > t->most)
		t->most = n;
}

/* 16 tasks woken every 500 us: 64 000 events a simulated second, so the progress callback
 * (every 2^20 events) is called in a run of 20 s */
static const char dense[] = "{\"tasks\": {\"t\": {\"instance\": 16, \"run\": 100,"
			    " \"timer\": {\"ref\": \"unique\", \"period\": 500}}}}";

/* hikey960 and dense[] for 20 s, the writer thread on, with a recording of columns alone and,
 * with @trace, a trace as well: the most threads the progress callback saw during the run */
static unsigned threads_with_columns(bool trace)
{
	struct threads_seen seen = { 0 };
	capsim_recording *rec = NULL;
	capsim_scenario *sc = NULL;
	capsim_workload *wl = NULL;
	capsim_error e = { 0 };
	capsim_sim *sim = NULL;
	FILE *fp = fopen("/dev/null", "w");

	assert_non_null(fp);
	if (capsim_scenario_create(&sc, &e) || capsim_scenario_set_platform(sc, "hikey960", &e) ||
	    capsim_workload_parse(dense, sizeof(dense) - 1, "dense", &wl, &e) ||
	    capsim_scenario_set_workload(sc, wl, &e) ||
	    capsim_scenario_set_duration(sc, 20000 * MS, &e) || capsim_sim_create(sc, &sim, &e) ||
	    capsim_sim_set_writer_thread(sim, 1) || (trace && capsim_sim_trace_open(sim, fp)) ||
	    capsim_recording_attach(sim, &rec, &e) || capsim_recording_columns_only(rec, &e) ||
	    capsim_recording_series(rec, 0, 0, 0, &e))
		fail_msg("%s", e.msg);
	capsim_sim_set_progress(sim, count_threads, &seen);
	if (capsim_sim_run(sim, &e) || capsim_recording_finish(rec, &e) ||
	    (trace && capsim_sim_trace_close(sim)))
		fail_msg("%s", e.msg);
	fclose(fp);
	capsim_sim_free(sim);
	capsim_recording_free(rec);
	capsim_scenario_free(sc);
	capsim_workload_free(wl);
	assert_true(seen.calls > 0);
	return seen.most;
}

/*
 * A recording of columns alone, the run's only writer, stays on the run's thread: no thread
 * beside the test's own during the run. With a trace beside it, the writer thread runs (the
 * check that the count sees it).
 */
static void test_columns_only_on_run_thread(void **state)
{
	(void)state;
	assert_int_equal(process_threads(), 1);
	assert_int_equal(threads_with_columns(false), 1);
	assert_int_equal(threads_with_columns(true), 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_columns_only_on_run_thread),
		cmocka_unit_test(test_same_bytes_on_another_thread),
		cmocka_unit_test(test_caller_sink_in_run_thread),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
