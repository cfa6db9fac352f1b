// SPDX-License-Identifier: MIT
/*
 * test_recording.c - tests src/output/recording.c as the event sink feeds it: the fixture's run
 * (sink_fixture.h, plus a task's PELT signals, an rt-app timer and an rt-app loop) streamed as
 * the CSV time series and rt-app logs. Each CSV is split by hand and its rows compared with
 * those derived here from docs/formats.md, "Time series" (one row per change, the run's own
 * time in ns, the documented columns in order); the log row with rt-app's log_timing() layout
 * (src/rt-app_utils.c: "%4d %8lu %8lu %8lu %15lu %15lu %15lu %10ld %10lu %10lu %10lu", times
 * truncated to µs as timespec_to_usec()). The series the HTML page draws: lanes and series.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "output/recording.h"
#include "sink_fixture.h"

#define NR_FILES 16

struct files {
	const char *name[NR_FILES];
	FILE *fp[NR_FILES];
	unsigned n;
	const char *refuse; /* a name whose open fails */
};

static FILE *open_file(void *ctx, const char *name)
{
	struct files *f = ctx;

	if (f->refuse && !strcmp(name, f->refuse))
		return NULL;
	assert_true(f->n < NR_FILES);
	f->name[f->n] = strdup(name);
	return f->fp[f->n++] = tmpfile();
}

static char *contents(struct files *f, const char *name)
{
	for (unsigned i = 0; i < f->n; i++)
		if (!strcmp(f->name[i], name))
			return fx_slurp(f->fp[i], NULL);
	fail_msg("%s was not opened", name);
	return NULL;
}

static void files_free(struct files *f)
{
	for (unsigned i = 0; i < f->n; i++) {
		fclose(f->fp[i]);
		free((char *)f->name[i]);
	}
}

/* @name holds exactly the header @header and the rows @rows (each "a,b,c") */
static void expect_csv(struct files *f, const char *name, const char *header,
		       const char *const *rows, unsigned n)
{
	char *text = contents(f, name), *p = text;

	for (unsigned i = 0; i <= n; i++) {
		const char *want = i ? rows[i - 1] : header;
		size_t len = strcspn(p, "\n");

		if (len != strlen(want) || strncmp(p, want, len) || !p[len])
			fail_msg("%s line %u: \"%.*s\", want \"%s\"", name, i, (int)len, p, want);
		p += len + 1;
	}
	if (*p)
		fail_msg("%s: more rows than %u: \"%s\"", name, n, p);
	free(text);
}

#define ROWS(...) (const char *const[]){ __VA_ARGS__ }, sizeof((const char *const[]){ __VA_ARGS__ }) / sizeof(const char *)

/* the fixture and the events only a recording reads */
static void build(struct fx_run *r)
{
	struct capsim_event *ev;
	const struct capsim_event_task a = fx_task("a", FX_PID_A, FX_PRIO);

	fx_build(r);
	ev = fx_add(r, CAPSIM_EV_PELT_SE, FX_T_FREQ, 1, a);
	ev->u.pelt.task = a;
	ev->u.pelt.util_avg = FX_UTIL_A;
	ev->u.pelt.util_est = 90;
	ev = fx_add(r, CAPSIM_EV_PELT_SE, FX_T_PRESSURE, 1, a); /* no change: no row */
	ev->u.pelt.task = a;
	ev->u.pelt.util_avg = FX_UTIL_A;
	ev->u.pelt.util_est = 90;
	ev = fx_add(r, CAPSIM_EV_RTAPP_TIMER, FX_T_SLEEP_A, 1, a);
	ev->u.rtapp_timer.task = a;
	ev->u.rtapp_timer.slack_ns = -1500;
	ev->u.rtapp_timer.missed = 1;
	ev = fx_add(r, CAPSIM_EV_RTAPP_LOOP, 5000999, 1, a);
	ev->u.rtapp_loop.task = a;
	ev->u.rtapp_loop.thread = 3;
	ev->u.rtapp_loop.start_ns = 1500000;
	ev->u.rtapp_loop.work_ns = 2000000;
	ev->u.rtapp_loop.run_ns = 1999999;
	ev->u.rtapp_loop.slack_ns = -1500;
	ev->u.rtapp_loop.c_duration_ns = 2000000;
	ev->u.rtapp_loop.c_period_ns = 4000000;
	ev->u.rtapp_loop.wu_lat_ns = 999;
	ev = fx_add(r, CAPSIM_EV_OVERUTILIZED, FX_T_END, 0, fx_task("swapper/0", 0, 120));
	ev->u.overutilized.on = 1;
}

static void test_csv_series(void **state)
{
	static struct fx_run r;
	struct capsim_recording *rec = recording_new(FX_NR_CPUS, FX_T_END);
	struct files f = { .n = 0 };
	capsim_error err;

	build(&r);
	assert_non_null(rec);
	assert_int_equal(capsim_recording_csv(rec, open_file, &f, &err), 0);
	for (unsigned i = 0; i < r.n; i++)
		recording_event(rec, &r.ev[i]);
	recording_end(rec, FX_T_END);
	assert_int_equal(recording_error(rec, &err), 0);

	/* every cpu_frequency event: each CPU's at 0, CPU 0's two at FX_T_FREQ */
	expect_csv(&f, "cpu_frequency.csv", "time_ns,cpu,requested_khz,delivered_khz",
		   ROWS("0,0,1000000,1000000", "0,1,1000000,1000000", "0,2,2000000,2000000",
			"3000,0,1000000,1000000", "3000,0,800000,800000"));
	expect_csv(&f, "cpu_frequency_limits.csv", "time_ns,policy,min_khz,max_khz",
		   ROWS("0,0,500000,1000000"));
	/* actual capacity or util changed: each CPU at 0, then CPU 1's util (the pressure did
	 * not move CPU 2's actual capacity: its average was still 0) */
	expect_csv(&f, "cpu_capacity.csv", "time_ns,cpu,actual_capacity,util",
		   ROWS("0,0,512,0", "0,1,512,0", "0,2,1024,0", "3000,1,512,100"));
	expect_csv(&f, "cpu_pressure.csv", "time_ns,cpu,kind,pressure", ROWS("4000,2,hw,200"));
	/* who runs from each switch, the stopper and idle included */
	expect_csv(&f, "cpu_running.csv", "time_ns,cpu,pid,comm",
		   ROWS("1500,1,100,a", "2500,2,101,b", "5000,1,0,swapper/1",
			"6000,2,12,migration/2", "7000,2,0,swapper/2"));
	/* a from its wakeup_new at 1000 to running at 1500; b from sched_waking at 2000 */
	expect_csv(&f, "task_wakeup_latency.csv", "time_ns,pid,comm,cpu,latency_ns",
		   ROWS("1500,100,a,1,500", "2500,101,b,2,500"));
	expect_csv(&f, "task_util.csv", "time_ns,pid,comm,util_avg,util_est", ROWS("3000,100,a,100,90"));
	expect_csv(&f, "rtapp_timer.csv", "time_ns,pid,comm,slack_ns,missed", ROWS("5000,100,a,-1500,1"));
	expect_csv(&f, "thermal_temperature.csv", "time_ns,zone,temp_mc", ROWS("7000,soc,45000"));
	expect_csv(&f, "overutilized.csv", "time_ns,overutilized", ROWS("7000,1"));
	expect_csv(&f, "thermal_cdev.csv", "time_ns,cdev,state", NULL, 0);
	expect_csv(&f, "cpu_capacity_of.csv", "time_ns,cpu,capacity,capacity_orig", NULL, 0);

	/* the page's lanes: CPU 1 ran a (task 0) over [1500, 5000), a ran on CPU 1 */
	assert_int_equal(rec->nr_tasks, 2);
	assert_string_equal(rec->tasks[0].name, "a");
	assert_int_equal(rec->cpus[1].lane.n, 1);
	assert_int_equal(rec->cpus[1].lane.iv[0].t0, FX_T_RUN_A);
	assert_int_equal(rec->cpus[1].lane.iv[0].t1, FX_T_SLEEP_A);
	assert_int_equal(rec->cpus[1].lane.iv[0].id, 0);
	assert_int_equal(rec->tasks[0].lane.iv[0].id, 1);
	/* the stopper is no task: CPU 2's lane holds b's stretch only */
	assert_int_equal(rec->cpus[2].lane.n, 1);
	assert_int_equal(rec->cpus[2].lane.iv[0].t1, FX_T_STOP);
	/* the miss is marked; latencies binned by µs: 0.5 µs is bin 0 */
	assert_int_equal(rec->tasks[0].misses.total, 1);
	assert_int_equal(rec->tasks[0].lat_hist[0], 1);
	assert_int_equal(rec->tasks[0].late_hist[rec_hist_bin(1)], 1);
	recording_free(rec);
	files_free(&f);
}

static void test_rtapp_log(void **state)
{
	static struct fx_run r;
	struct capsim_recording *rec = recording_new(FX_NR_CPUS, FX_T_END);
	struct files f = { .n = 0 };
	capsim_error err;
	char want[512], *text;
	int n;

	build(&r);
	assert_int_equal(recording_set_log(rec, NULL, open_file, &f, &err), 0);
	for (unsigned i = 0; i < r.n; i++)
		recording_event(rec, &r.ev[i]);
	assert_int_equal(recording_error(rec, &err), 0);
	assert_int_equal(f.n, 1); /* no CSV asked for; one log, a's */
	/* rt-app's default basename, "LOG_BASENAME-THREAD.log" */
	text = contents(&f, "rt-app-a.log");
	n = snprintf(want, sizeof(want), "%s %8s %8s %8s %15s %15s %15s %10s %10s %10s %10s\n",
		     "#idx", "perf", "run", "period", "start", "end", "rel_st", "slack", "c_duration",
		     "c_period", "wu_lat");
	/* µs, truncated: run 1999999 ns is 1999; the period from 1500000 to 5000999 is 3500 */
	snprintf(want + n, sizeof(want) - (size_t)n,
		 "%4d %8lu %8lu %8lu %15lu %15lu %15lu %10ld %10lu %10lu %10lu\n", 3, 2000ul, 1999ul,
		 3500ul, 1500ul, 5000ul, 1500ul, -1l, 4000ul / 2, 4000ul, 0ul);
	assert_string_equal(text, want);
	free(text);
	recording_free(rec);
	files_free(&f);
}

/* a file that cannot be opened: the first error, naming it, kept for the caller */
static void test_open_fails(void **state)
{
	static struct fx_run r;
	struct capsim_recording *rec = recording_new(FX_NR_CPUS, FX_T_END);
	struct files f = { .refuse = "rt-app-a.log" };
	capsim_error err;

	build(&r);
	assert_int_equal(recording_set_log(rec, "log", open_file, &f, &err), 0);
	f.refuse = "log-a.log";
	for (unsigned i = 0; i < r.n; i++)
		recording_event(rec, &r.ev[i]);
	assert_int_equal(recording_error(rec, &err), CAPSIM_ERR_IO);
	assert_non_null(strstr(err.msg, "log-a.log"));
	recording_free(rec);
	files_free(&f);
	rec = recording_new(FX_NR_CPUS, FX_T_END);
	f = (struct files){ .refuse = "cpu_running.csv" };
	assert_int_equal(capsim_recording_csv(rec, open_file, &f, &err), CAPSIM_ERR_IO);
	assert_non_null(strstr(err.msg, "cpu_running.csv"));
	recording_free(rec);
	files_free(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_csv_series),
		cmocka_unit_test(test_rtapp_log),
		cmocka_unit_test(test_open_fails),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
