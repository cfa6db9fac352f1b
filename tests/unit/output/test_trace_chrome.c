// SPDX-License-Identifier: MIT
/*
 * test_trace_chrome.c - tests src/output/trace_chrome.c: the fixture's run (sink_fixture.h)
 * written as Chrome JSON and read back with json-c. What must be there is derived from the
 * Trace Event Format as docs/formats.md ("chrome") lays it out: process "CPUs" (pid 1), a thread
 * per CPU (tid CPU + 1); a complete slice ("X") from the switch that puts a task on a CPU to the
 * one that takes it off (the idle task gets none), its end_state prev_state's letter; an instant
 * ("i") per other trace event; a counter ("C") at each change; "ts" and "dur" in µs, exact to
 * the ns, on the trace clock (the run's 0 at 1 s).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <json-c/json.h>

#include "output/trace_chrome.h"
#include "output/trace_select.h"
#include "sink_fixture.h"

static struct json_object *doc;
static char *text;

static int setup(void **state)
{
	struct fx_run r;

	fx_build(&r);
	text = fx_write(&trace_format_chrome, &r, 0, NULL);
	if (!text)
		return -1;
	doc = json_tokener_parse(text);
	return doc ? 0 : -1;
}

static int teardown(void **state)
{
	json_object_put(doc);
	free(text);
	return 0;
}

static struct json_object *get(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v))
		fail_msg("no \"%s\" in %s", key, json_object_to_json_string(o));
	return v;
}

static const char *str(struct json_object *o, const char *key)
{
	return json_object_get_string(get(o, key));
}

static int64_t num(struct json_object *o, const char *key)
{
	return json_object_get_int64(get(o, key));
}

/* µs of the trace clock for the run's @ns */
static double us(uint64_t ns)
{
	return (double)(TRACE_CLOCK_BASE_NS + ns) / 1000.0;
}

static void assert_us(struct json_object *o, const char *key, double want)
{
	double got = json_object_get_double(get(o, key));

	if (fabs(got - want) > 1e-6)
		fail_msg("%s %.6f, want %.6f", key, got, want);
}

static struct json_object *events(void)
{
	return get(doc, "traceEvents");
}

/* the @k-th (from 0) event of phase @ph, named @name if not NULL */
static struct json_object *nth(const char *ph, const char *name, unsigned k)
{
	struct json_object *evs = events();

	for (size_t i = 0; i < json_object_array_length(evs); i++) {
		struct json_object *e = json_object_array_get_idx(evs, i);

		if (strcmp(str(e, "ph"), ph) || (name && strcmp(str(e, "name"), name)))
			continue;
		if (!k--)
			return e;
	}
	return NULL;
}

static unsigned count(const char *ph)
{
	unsigned n = 0;

	while (nth(ph, NULL, n))
		n++;
	return n;
}

static void test_document_and_threads(void **state)
{
	struct json_object *m;

	assert_string_equal(str(doc, "displayTimeUnit"), "ns");
	m = nth("M", "process_name", 0);
	assert_non_null(m);
	assert_int_equal(num(m, "pid"), 1);
	assert_string_equal(str(get(m, "args"), "name"), "CPUs");
	for (unsigned cpu = 0; cpu < FX_NR_CPUS; cpu++) {
		char want[16];

		m = nth("M", "thread_name", cpu);
		assert_non_null(m);
		snprintf(want, sizeof(want), "CPU %u", cpu);
		assert_int_equal(num(m, "tid"), cpu + 1);
		assert_string_equal(str(get(m, "args"), "name"), want);
		m = nth("M", "thread_sort_index", cpu);
		assert_int_equal(num(get(m, "args"), "sort_index"), cpu);
	}
	assert_null(nth("M", "thread_name", FX_NR_CPUS));
}

static void expect_slice(const char *comm, int cpu, uint64_t in, uint64_t out, int pid, int prio,
			 const char *end_state)
{
	struct json_object *x = nth("X", comm, 0), *args;

	assert_non_null(x);
	assert_int_equal(num(x, "pid"), 1);
	assert_int_equal(num(x, "tid"), cpu + 1);
	assert_us(x, "ts", us(in));
	assert_us(x, "dur", (double)(out - in) / 1000.0);
	args = get(x, "args");
	assert_int_equal(num(args, "pid"), pid);
	assert_int_equal(num(args, "prio"), prio);
	assert_string_equal(str(args, "end_state"), end_state);
}

/* the fixture's switches: a and b run, b is preempted by the stopper, which then sleeps */
static void test_slices(void **state)
{
	expect_slice("a", 1, FX_T_RUN_A, FX_T_SLEEP_A, FX_PID_A, FX_PRIO, "S");
	expect_slice("b", 2, FX_T_RUN_B, FX_T_STOP, FX_PID_B, FX_PRIO, "R+");
	expect_slice("migration/2", 2, FX_T_STOP, FX_T_END, FX_STOPPER_PID, 0, "S");
	assert_int_equal(count("X"), 3); /* no slice for an idle task */
	/* µs with exactly three decimals: 1 s + 1500 ns */
	assert_non_null(strstr(text, "\"ts\":1000001.500,"));
}

static void test_instants(void **state)
{
	struct json_object *e, *args;

	e = nth("i", "sched_wakeup_new", 0);
	assert_non_null(e);
	assert_int_equal(num(e, "tid"), 0 + 1); /* recorded on CPU 0, where a was woken from */
	assert_string_equal(str(e, "s"), "t");
	assert_us(e, "ts", us(FX_T_WAKE_A));
	args = get(e, "args");
	assert_string_equal(str(args, "comm"), "a");
	assert_int_equal(num(args, "pid"), FX_PID_A);
	assert_int_equal(num(args, "prio"), FX_PRIO);
	assert_int_equal(num(args, "target_cpu"), 1);

	assert_int_equal(num(get(nth("i", "sched_waking", 0), "args"), "target_cpu"), 2);
	assert_int_equal(num(nth("i", "sched_wakeup", 0), "tid"), 2 + 1);

	args = get(nth("i", "sched_migrate_task", 0), "args");
	assert_string_equal(str(args, "comm"), "b");
	assert_int_equal(num(args, "orig_cpu"), 2);
	assert_int_equal(num(args, "dest_cpu"), 1);

	/* cpu_frequency: the first of each CPU, then CPU 0's change; not its repeat */
	assert_non_null(nth("i", "cpu_frequency", 3));
	assert_null(nth("i", "cpu_frequency", 4));
	e = nth("i", "cpu_frequency", 3);
	assert_us(e, "ts", us(FX_T_FREQ));
	assert_int_equal(num(get(e, "args"), "state"), FX_KHZ_LITTLE_NEW);
	assert_int_equal(num(get(e, "args"), "cpu_id"), 0);

	args = get(nth("i", "cpu_frequency_limits", 0), "args");
	assert_int_equal(num(args, "min"), FX_KHZ_MIN);
	assert_int_equal(num(args, "max"), FX_KHZ_LITTLE);
	assert_int_equal(num(args, "cpu_id"), 0);

	args = get(nth("i", "hw_pressure_update", 0), "args");
	assert_int_equal(num(args, "cpu"), 2);
	assert_int_equal(num(args, "hw_pressure"), FX_PRESSURE);

	assert_string_equal(str(get(nth("i", "thermal_temperature", 0), "args"), "text"),
			    FX_ZONE_BODY);
	/* waking, wakeup, wakeup_new, migrate, 4 frequencies, limits, pressure, temperature */
	assert_int_equal(count("i"), 11);
}

static void test_counters(void **state)
{
	struct json_object *c;

	/* every signal of every CPU at 0, then util, hw_pressure, delivered capacity, the zone */
	assert_int_equal(count("C"), 7 * FX_NR_CPUS + 4);
	c = nth("C", "cpu2_delivered_capacity", 1);
	assert_non_null(c);
	assert_us(c, "ts", us(FX_T_PRESSURE));
	assert_int_equal(num(get(c, "args"), "value"), FX_CAP_BIG - FX_PRESSURE);
	c = nth("C", "cpu0_actual_capacity", 0);
	assert_us(c, "ts", us(0));
	assert_int_equal(num(get(c, "args"), "value"), FX_CAP_LITTLE);
	assert_int_equal(num(get(nth("C", "soc_temp", 0), "args"), "value"), FX_TEMP);
}

/* a task still running at the end: its slice ends with the trace's last event, "R" */
static void test_open_slice_ends_with_trace(void **state)
{
	struct fx_run r;
	struct json_object *d, *evs, *x = NULL;
	char *out;

	fx_build(&r);
	r.n -= 2; /* stop before the stopper switches out (and the zone's reading) */
	out = fx_write(&trace_format_chrome, &r, 0, NULL);
	assert_non_null(out);
	d = json_tokener_parse(out);
	assert_non_null(d);
	evs = get(d, "traceEvents");
	for (size_t i = 0; i < json_object_array_length(evs); i++) {
		struct json_object *e = json_object_array_get_idx(evs, i);

		if (!strcmp(str(e, "ph"), "X") && !strcmp(str(e, "name"), "migration/2"))
			x = e;
	}
	assert_non_null(x);
	assert_us(x, "dur", (double)(FX_T_MIGRATE - FX_T_STOP) / 1000.0);
	assert_string_equal(str(get(x, "args"), "end_state"), "R");
	json_object_put(d);
	free(out);
}

/* a stream that refuses writes: CAPSIM_ERR_IO, from open() or at the latest from finish() */
static void test_unwritable(void **state)
{
	static struct fx_run r;

	fx_build(&r);
	assert_int_equal(fx_write_unwritable(&trace_format_chrome, &r), CAPSIM_ERR_IO);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_document_and_threads),
		cmocka_unit_test(test_slices),
		cmocka_unit_test(test_instants),
		cmocka_unit_test(test_counters),
		cmocka_unit_test(test_open_slice_ends_with_trace),
		cmocka_unit_test(test_unwritable),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
