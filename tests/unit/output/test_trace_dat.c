// SPDX-License-Identifier: MIT
/*
 * test_trace_dat.c - tests src/output/trace_dat.c: the fixture's run (sink_fixture.h) written as
 * a trace.dat and read back with libtracecmd and libtraceevent (the readers `trace-cmd report`,
 * KernelShark and LISA use), CPU by CPU. Expected: each CPU's records in time order as the
 * kernel's ring buffer would hold them (docs/formats.md, "dat"): the text's atrace counters as
 * ftrace print records ("C|1|cpuN_signal|V"), a capsim_cpu_capacity record after a CPU's
 * counters whenever any but util changed, each tracepoint's record with its 6.12 fields, the
 * timestamps the trace clock's (the run's 0 at 1 s), exact to the ns across a time extend.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>
#include <cmocka.h>
#include <trace-cmd/trace-cmd.h>
#include <traceevent/event-parse.h>

#include "output/trace_dat.h"
#include "output/trace_select.h"
#include "sink_fixture.h"

struct want {
	uint64_t t;
	const char *name;
	const char *print; /* a print record's buf, or NULL */
};

/* Write @r as a trace.dat into a file of its own; return its path (to unlink and free). */
static char *write_dat(const struct fx_run *r, unsigned families)
{
	char *path = strdup("/tmp/capsim-test-dat-XXXXXX");
	size_t size = 0;
	char *bytes;
	int fd;

	assert_non_null(path);
	bytes = fx_write(&trace_format_dat, r, families, &size);
	assert_non_null(bytes);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, bytes, size), (ssize_t)size);
	close(fd);
	free(bytes);
	return path;
}

static unsigned long long field(struct tep_event *e, struct tep_record *rec, const char *name)
{
	unsigned long long v;

	if (tep_get_field_val(NULL, e, name, rec, &v, 0))
		fail_msg("%s has no field %s", e->name, name);
	return v;
}

/* CPU @cpu's records against @w: names, times, print texts; @check sees each one too */
static void expect_cpu(struct tracecmd_input *in, int cpu, const struct want *w, unsigned n,
		       void (*check)(struct tep_event *, struct tep_record *, uint64_t t))
{
	struct tep_handle *tep = tracecmd_get_tep(in);
	struct tep_record *rec;
	unsigned i = 0;

	while ((rec = tracecmd_read_data(in, cpu))) {
		struct tep_event *e = tep_find_event_by_record(tep, rec);

		assert_non_null(e);
		if (i >= n)
			fail_msg("CPU %d: record %u (%s) beyond the %u expected", cpu, i, e->name, n);
		if (strcmp(e->name, w[i].name) || rec->ts != TRACE_CLOCK_BASE_NS + w[i].t)
			fail_msg("CPU %d record %u: %s at %llu, want %s at %llu", cpu, i, e->name,
				 rec->ts, w[i].name,
				 (unsigned long long)(TRACE_CLOCK_BASE_NS + w[i].t));
		if (w[i].print) {
			int len;
			const char *buf = tep_get_field_raw(NULL, e, "buf", rec, &len, 0);

			assert_non_null(buf);
			assert_string_equal(buf, w[i].print);
		}
		if (check)
			check(e, rec, w[i].t);
		tracecmd_free_record(rec);
		i++;
	}
	assert_int_equal(i, n);
}

#define P(t, cpu, sig, v) { t, "print", "C|1|cpu" #cpu "_" sig "|" #v }
#define COUNTERS_AT_0(cpu, cap)                                                                \
	P(0, cpu, "actual_capacity", cap), P(0, cpu, "util", 0), P(0, cpu, "hw_pressure", 0),  \
	P(0, cpu, "cpufreq_pressure", 0), P(0, cpu, "hw_load_avg", 0),                          \
	{ 0, "capsim_cpu_capacity", NULL }

static void check_cpu2(struct tep_event *e, struct tep_record *rec, uint64_t t)
{
	if (!strcmp(e->name, "sched_switch") && t == FX_T_STOP) {
		/* a preempted task: TASK_REPORT_MAX, the stopper next */
		assert_int_equal(field(e, rec, "prev_state"), 0x100);
		assert_int_equal(field(e, rec, "prev_pid"), FX_PID_B);
		assert_int_equal(field(e, rec, "next_pid"), FX_STOPPER_PID);
		assert_int_equal(field(e, rec, "next_prio"), 0);
	} else if (!strcmp(e->name, "capsim_cpu_capacity") && t == FX_T_PRESSURE) {
		assert_int_equal(field(e, rec, "cpu"), 2);
		assert_int_equal(field(e, rec, "actual_capacity"), FX_CAP_BIG);
		assert_int_equal(field(e, rec, "capacity_orig"), FX_CAP_BIG);
		assert_int_equal(field(e, rec, "delivered_capacity"), FX_CAP_BIG - FX_PRESSURE);
		assert_int_equal(field(e, rec, "hw_pressure"), FX_PRESSURE);
	} else if (!strcmp(e->name, "sched_migrate_task")) {
		assert_int_equal(field(e, rec, "pid"), FX_PID_B);
		assert_int_equal(field(e, rec, "orig_cpu"), 2);
		assert_int_equal(field(e, rec, "dest_cpu"), 1);
		unsigned long long pid;

		/* in the stopper's context */
		assert_int_equal(tep_get_common_field_val(NULL, e, "common_pid", rec, &pid, 0), 0);
		assert_int_equal(pid, FX_STOPPER_PID);
	} else if (!strcmp(e->name, "hw_pressure_update")) {
		assert_int_equal(field(e, rec, "hw_pressure"), FX_PRESSURE);
		assert_int_equal(field(e, rec, "cpu"), 2);
	}
}

static void check_cpu0(struct tep_event *e, struct tep_record *rec, uint64_t t)
{
	if (!strcmp(e->name, "cpu_frequency") && t == FX_T_FREQ)
		assert_int_equal(field(e, rec, "state"), FX_KHZ_LITTLE_NEW);
	else if (!strcmp(e->name, "cpu_frequency_limits")) {
		assert_int_equal(field(e, rec, "min_freq"), FX_KHZ_MIN);
		assert_int_equal(field(e, rec, "max_freq"), FX_KHZ_LITTLE);
	} else if (!strcmp(e->name, "sched_wakeup_new")) {
		assert_int_equal(field(e, rec, "pid"), FX_PID_A);
		assert_int_equal(field(e, rec, "target_cpu"), 1);
	} else if (!strcmp(e->name, "thermal_temperature")) {
		assert_int_equal(field(e, rec, "temp"), FX_TEMP);
		assert_int_equal(field(e, rec, "temp_prev"), FX_TEMP_PREV);
	}
}

static void test_records(void **state)
{
	static const struct want cpu0[] = {
		COUNTERS_AT_0(0, 512),
		{ 0, "cpu_frequency", NULL },
		{ 0, "cpu_frequency_limits", NULL },
		{ FX_T_WAKE_A, "sched_wakeup_new", NULL },
		{ FX_T_WAKE_B, "sched_waking", NULL },
		{ FX_T_FREQ, "cpu_frequency", NULL }, /* the repeat before it: none */
		{ FX_T_END, "thermal_temperature", NULL },
	};
	static const struct want cpu1[] = {
		COUNTERS_AT_0(1, 512),
		{ 0, "cpu_frequency", NULL },
		{ FX_T_RUN_A, "sched_switch", NULL },
		P(FX_T_FREQ, 1, "util", 100), /* util alone: no capsim_cpu_capacity */
		{ FX_T_SLEEP_A, "sched_switch", NULL },
	};
	static const struct want cpu2[] = {
		COUNTERS_AT_0(2, 1024),
		{ 0, "cpu_frequency", NULL },
		{ FX_T_WAKE_B, "sched_wakeup", NULL },
		{ FX_T_RUN_B, "sched_switch", NULL },
		{ FX_T_PRESSURE, "hw_pressure_update", NULL },
		P(FX_T_PRESSURE, 2, "hw_pressure", 200),
		{ FX_T_PRESSURE, "capsim_cpu_capacity", NULL },
		{ FX_T_STOP, "sched_switch", NULL },
		{ FX_T_MIGRATE, "sched_migrate_task", NULL },
		{ FX_T_END, "sched_switch", NULL },
	};
	struct fx_run r;
	struct tracecmd_input *in;
	char *path;

	_Static_assert(FX_UTIL_A == 100 && FX_PRESSURE == 200 && FX_CAP_LITTLE == 512 &&
			       FX_CAP_BIG == 1024, "the print texts above spell these values");
	fx_build(&r);
	path = write_dat(&r, 0);
	in = tracecmd_open(path, 0);
	assert_non_null(in);
	assert_int_equal(tep_get_cpus(tracecmd_get_tep(in)), FX_NR_CPUS);
	expect_cpu(in, 0, cpu0, sizeof(cpu0) / sizeof(cpu0[0]), check_cpu0);
	expect_cpu(in, 1, cpu1, sizeof(cpu1) / sizeof(cpu1[0]), NULL);
	expect_cpu(in, 2, cpu2, sizeof(cpu2) / sizeof(cpu2[0]), check_cpu2);
	/* saved_cmdlines names the tasks the records carry */
	assert_string_equal(tep_data_comm_from_pid(tracecmd_get_tep(in), FX_PID_B), "b");
	tracecmd_close(in);
	unlink(path);
	free(path);
}

/* deltas past 27 bits go through a time extend, and a page boundary: times stay exact */
static void test_time_extend_and_pages(void **state)
{
	static struct fx_run r;
	struct tracecmd_input *in;
	struct tep_record *rec;
	const uint64_t step = (1ull << 27) + 12345; /* just past a 27-bit delta */
	unsigned n = 0;
	char *path;

	for (unsigned i = 0; i < 200; i++) /* 28 bytes each: two pages */ {
		struct capsim_event *ev = fx_add(&r, CAPSIM_EV_CPU_IDLE, i * step, 1,
						 fx_task("swapper/1", 0, 120));

		ev->u.cpu_idle.state = i;
	}
	path = write_dat(&r, 0);
	in = tracecmd_open(path, 0);
	assert_non_null(in);
	while ((rec = tracecmd_read_data(in, 1))) {
		struct tep_event *e = tep_find_event_by_record(tracecmd_get_tep(in), rec);

		assert_string_equal(e->name, "cpu_idle");
		assert_int_equal(rec->ts, TRACE_CLOCK_BASE_NS + n * step);
		assert_int_equal(field(e, rec, "state"), n);
		tracecmd_free_record(rec);
		n++;
	}
	assert_int_equal(n, 200);
	tracecmd_close(in);
	unlink(path);
	free(path);
}

/* a stream that refuses writes: CAPSIM_ERR_IO, from open() or at the latest from finish() */
static void test_unwritable(void **state)
{
	static struct fx_run r;

	fx_build(&r);
	assert_int_equal(fx_write_unwritable(&trace_format_dat, &r), CAPSIM_ERR_IO);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_records),
		cmocka_unit_test(test_time_extend_and_pages),
		cmocka_unit_test(test_unwritable),
	};

	tracecmd_set_loglevel(TEP_LOG_NONE);
	tep_set_loglevel(TEP_LOG_NONE);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
