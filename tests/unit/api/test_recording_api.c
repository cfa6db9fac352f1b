// SPDX-License-Identifier: MIT
/*
 * test_recording_api.c - tests the recording's columns for a binding (capsim_record.h,
 * src/api/recording_api.c and src/output/recording.c) through the public API only: the 1.0
 * columns (capsim_recording_columns()) are the compact ones widened; the run intervals add up
 * to the summary's runtime of each task; a window and a step give exactly what sampling the
 * full-resolution series at each instant start + k * step gives, and the run intervals cut to
 * the window; bad windows are refused; a recording of columns only keeps the same columns.
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

#define SCENARIO CAPSIM_SOURCE_DIR "/scenarios/rk3399-uclamp-ui.json"
#define MS 1000000ULL

struct run {
	capsim_sim *sim;
	capsim_recording *rec;
	capsim_summary *sum;
};

/* SCENARIO for 2 s with a recording whose series are asked for by @ask */
static struct run run_with(int (*ask)(capsim_recording *r, capsim_error *e))
{
	capsim_scenario *sc = NULL;
	capsim_error e = { 0 };
	struct run r = { 0 };

	if (capsim_scenario_load(SCENARIO, &sc, &e) ||
	    capsim_scenario_set_duration(sc, 2000 * MS, &e) || capsim_sim_create(sc, &r.sim, &e) ||
	    capsim_recording_attach(r.sim, &r.rec, &e) || ask(r.rec, &e) ||
	    capsim_sim_run(r.sim, &e) || capsim_recording_finish(r.rec, &e) ||
	    capsim_sim_summary(r.sim, &r.sum, &e))
		fail_msg("%s", e.msg);
	capsim_scenario_free(sc);
	return r;
}

static void run_free(struct run *r)
{
	capsim_summary_free(r->sum);
	capsim_sim_free(r->sim);
	capsim_recording_free(r->rec); /* after the run: the recording outlives it */
}

static int ask_both(capsim_recording *r, capsim_error *e)
{
	return capsim_recording_series(r, 0, 0, 0, e) || capsim_recording_columns(r, e);
}

static int ask_full(capsim_recording *r, capsim_error *e)
{
	return capsim_recording_series(r, 0, 0, 0, e);
}

#define WIN_START (500 * MS + 123)
#define WIN_END (1500 * MS)
#define STEP (10 * MS)

static int ask_window(capsim_recording *r, capsim_error *e)
{
	return capsim_recording_series(r, WIN_START, WIN_END, STEP, e);
}

static void test_columns_1_0_are_the_series_widened(void **state)
{
	struct run r = run_with(ask_both);
	const int64_t *t, *st, *en;
	const uint16_t *c, *rc;
	const uint8_t *g, *g1;
	const uint32_t *v;
	const int32_t *task, *c1, *pid, *rc1;
	const uint64_t *t1, *v1, *st1, *en1;
	size_t n = capsim_recording_cpu_series(r.rec, &t, &c, &g, &v);
	size_t m = capsim_recording_run_series(r.rec, &task, &rc, &st, &en);

	(void)state;
	assert_true(n > 100 && m > 100);
	assert_int_equal(capsim_recording_cpu_samples(r.rec, &t1, &c1, &g1, &v1), n);
	assert_int_equal(capsim_recording_run_intervals(r.rec, &pid, &rc1, &st1, &en1), m);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(t1[i], (uint64_t)t[i]);
		assert_int_equal(c1[i], c[i]);
		assert_int_equal(g1[i], g[i]);
		assert_int_equal(v1[i], v[i]);
		assert_true(i == 0 || t[i] >= t[i - 1]);
	}
	for (unsigned k = 0; k < r.sum->nr_tasks; k++) {
		const struct capsim_task_summary *ts = &r.sum->tasks[k];
		uint64_t ns = 0;
		int32_t p = -1;
		unsigned idx = 0;

		/* the task's index in the recording's table, by name */
		for (const char *name; (name = capsim_recording_task(r.rec, idx, &p)); idx++)
			if (!strcmp(name, ts->name))
				break;
		assert_non_null(capsim_recording_task(r.rec, idx, &p));
		for (size_t i = 0; i < m; i++) {
			assert_int_equal(rc1[i], rc[i]);
			assert_int_equal(st1[i], (uint64_t)st[i]);
			assert_int_equal(en1[i], (uint64_t)en[i]);
			if (task[i] == (int32_t)idx) {
				assert_int_equal(pid[i], p);
				ns += (uint64_t)(en[i] - st[i]);
			}
		}
		assert_int_equal(ns, ts->runtime_ns);
	}
	run_free(&r);
}

/* the value of CPU @cpu's signal @sig at instant @at in the full series (UINT32_MAX: none) */
static uint32_t value_at(const int64_t *t, const uint16_t *c, const uint8_t *g,
			 const uint32_t *v, size_t n, unsigned cpu, unsigned sig, uint64_t at)
{
	uint32_t val = UINT32_MAX;

	for (size_t i = 0; i < n && (uint64_t)t[i] <= at; i++)
		if (c[i] == cpu && g[i] == sig)
			val = v[i];
	return val;
}

static void test_window_and_step_sample_the_full_series(void **state)
{
	struct run full = run_with(ask_full), win = run_with(ask_window);
	const int64_t *t, *wt, *st, *en, *wst, *wen;
	const uint16_t *c, *wc, *rc, *wrc;
	const uint8_t *g, *wg;
	const uint32_t *v, *wv;
	const int32_t *task, *wtask;
	size_t n = capsim_recording_cpu_series(full.rec, &t, &c, &g, &v);
	size_t wn = capsim_recording_cpu_series(win.rec, &wt, &wc, &wg, &wv);
	size_t m = capsim_recording_run_series(full.rec, &task, &rc, &st, &en);
	size_t wm = capsim_recording_run_series(win.rec, &wtask, &wrc, &wst, &wen);
	unsigned nr_cpus = 6; /* rk3399 */
	uint32_t last[6][CAPSIM_SIGNAL_COUNT];
	size_t k = 0;

	(void)state;
	memset(last, 0xff, sizeof(last));
	for (uint64_t at = WIN_START; at < WIN_END; at += STEP)
		for (unsigned cpu = 0; cpu < nr_cpus; cpu++)
			for (unsigned sig = 0; sig < CAPSIM_SIGNAL_COUNT; sig++) {
				uint32_t val = value_at(t, c, g, v, n, cpu, sig, at);

				if (val == last[cpu][sig])
					continue;
				last[cpu][sig] = val;
				assert_true(k < wn);
				assert_int_equal(wt[k], at);
				assert_int_equal(wc[k], cpu);
				assert_int_equal(wg[k], sig);
				assert_int_equal(wv[k], val);
				k++;
			}
	assert_int_equal(k, wn);
	assert_true(wn > 10);
	k = 0;
	for (size_t i = 0; i < m; i++) {
		int64_t s = st[i] > (int64_t)WIN_START ? st[i] : (int64_t)WIN_START;
		int64_t e = en[i] < (int64_t)WIN_END ? en[i] : (int64_t)WIN_END;

		/* in the window: an interval overlapping [start, end), or an empty one within it */
		if (st[i] >= (int64_t)WIN_END || en[i] < (int64_t)WIN_START ||
		    (en[i] == (int64_t)WIN_START && st[i] < en[i]))
			continue;
		assert_true(k < wm);
		assert_int_equal(wtask[k], task[i]);
		assert_int_equal(wrc[k], rc[i]);
		assert_int_equal(wst[k], s);
		assert_int_equal(wen[k], e);
		k++;
	}
	assert_int_equal(k, wm);
	assert_true(wm > 10 && wm < m);
	run_free(&full);
	run_free(&win);
}

static int ask_columns_only(capsim_recording *r, capsim_error *e)
{
	return capsim_recording_columns_only(r, e) || capsim_recording_series(r, 0, 0, 0, e);
}

static FILE *open_nothing(void *ctx, const char *name)
{
	(void)ctx;
	(void)name;
	fail_msg("a recording of columns only opened %s", name);
	return NULL;
}

/* columns only: the same columns as a recording that also draws; no report, CSV or logs */
static void test_columns_only_keeps_the_same_columns(void **state)
{
	struct run full = run_with(ask_full), only = run_with(ask_columns_only);
	const int64_t *t, *t2, *st, *st2;
	const uint32_t *v, *v2;
	const int32_t *task, *task2;
	size_t n = capsim_recording_cpu_series(full.rec, &t, NULL, NULL, &v);
	size_t m = capsim_recording_run_series(full.rec, &task, NULL, &st, NULL);
	const capsim_recording *recs[] = { only.rec };
	const capsim_summary *sums[] = { only.sum };
	capsim_error e = { 0 };

	(void)state;
	assert_int_equal(capsim_recording_cpu_series(only.rec, &t2, NULL, NULL, &v2), n);
	assert_int_equal(capsim_recording_run_series(only.rec, &task2, NULL, &st2, NULL), m);
	assert_memory_equal(t, t2, n * sizeof(*t));
	assert_memory_equal(v, v2, n * sizeof(*v));
	assert_memory_equal(task, task2, m * sizeof(*task));
	assert_memory_equal(st, st2, m * sizeof(*st));
	assert_int_equal(capsim_report_html(recs, sums, 1, NULL, stdout), CAPSIM_ERR_INVALID);
	assert_int_equal(capsim_recording_csv(only.rec, open_nothing, NULL, &e), CAPSIM_ERR_INVALID);
	assert_int_equal(capsim_recording_rtapp_log(only.rec, NULL, open_nothing, NULL, &e),
			 CAPSIM_ERR_INVALID);
	run_free(&full);
	run_free(&only);
}

static int ask_bad_window(capsim_recording *r, capsim_error *e)
{
	assert_int_equal(capsim_recording_series(r, 5 * MS, 5 * MS, 0, e), CAPSIM_ERR_RANGE);
	assert_int_equal(capsim_recording_series(r, 5 * MS, 1 * MS, 0, e), CAPSIM_ERR_RANGE);
	assert_int_equal(capsim_recording_series(r, 0, 0, STEP, e), 0);
	assert_int_equal(capsim_recording_series(r, 0, 0, 0, e), CAPSIM_ERR_INVALID);
	/* without capsim_recording_columns() the 1.0 columns are empty */
	return 0;
}

static void test_bad_windows_are_refused(void **state)
{
	struct run r = run_with(ask_bad_window);
	const uint64_t *t1;

	(void)state;
	assert_int_equal(capsim_recording_cpu_samples(r.rec, &t1, NULL, NULL, NULL), 0);
	assert_null(t1);
	assert_true(capsim_recording_cpu_series(r.rec, NULL, NULL, NULL, NULL) > 0);
	run_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_columns_1_0_are_the_series_widened),
		cmocka_unit_test(test_window_and_step_sample_the_full_series),
		cmocka_unit_test(test_bad_windows_are_refused),
		cmocka_unit_test(test_columns_only_keeps_the_same_columns),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
