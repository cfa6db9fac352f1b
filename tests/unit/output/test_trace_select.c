// SPDX-License-Identifier: MIT
/*
 * test_trace_select.c - tests src/output/trace_select.c, what every trace writer carries: the
 * fixture's run (sink_fixture.h) through trace_select_event(), the counters it reports and the
 * events it passes, each expected value derived here from the rules of trace_select.h and
 * docs/formats.md, "Trace output": every CPU's counters at time 0, then each when it changes;
 * cpu_frequency once per change of the requested frequency; the text's five signals of a
 * v6.10+ model (hw_load_avg, no thermal_load_avg) or all seven and the zones' temperatures.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "output/trace_select.h"
#include "sink_fixture.h"

struct seen {
	unsigned n;
	struct {
		uint64_t t;
		unsigned index;
		char name[48];
		int64_t value;
	} c[64];
};

static void record(void *ctx, const struct capsim_event *ev, const struct trace_counter_value *v)
{
	struct seen *s = ctx;

	assert_true(s->n < 64);
	s->c[s->n].t = ev->time_ns;
	s->c[s->n].index = v->index;
	snprintf(s->c[s->n].name, sizeof(s->c[s->n].name), "%s", v->name);
	s->c[s->n].value = v->value;
	s->n++;
}

static const char *const text_names[] = { "actual_capacity", "util", "hw_pressure",
					  "cpufreq_pressure", "hw_load_avg" };

static void expect_counter(const struct seen *s, unsigned i, uint64_t t, int cpu,
			   enum trace_signal sig, const char *signal, int64_t value)
{
	char name[48];

	snprintf(name, sizeof(name), "cpu%d_%s", cpu, signal);
	assert_int_equal(s->c[i].t, t);
	assert_string_equal(s->c[i].name, name);
	assert_int_equal(s->c[i].index, (unsigned)cpu * TRACE_NR_SIGNALS + sig);
	assert_int_equal(s->c[i].value, value);
}

static void test_text_counters(void **state)
{
	struct fx_run r;
	struct trace_select ts;
	struct seen s = { 0 };
	unsigned i = 0;

	fx_build(&r);
	assert_int_equal(trace_select_init(&ts, FX_NR_CPUS, 0, TRACE_COUNTERS_TEXT), 0);
	for (unsigned k = 0; k < r.n; k++)
		trace_select_event(&ts, &r.ev[k], record, &s);
	trace_select_free(&ts);
	/* time 0: each CPU's five text signals, in the text's order, idle and unpressured */
	for (int cpu = 0; cpu < FX_NR_CPUS; cpu++)
		for (unsigned k = 0; k < 5; k++)
			expect_counter(&s, i++, 0, cpu, (enum trace_signal)k, text_names[k],
				       k == TRACE_SIG_ACTUAL_CAPACITY ? (int64_t)fx_cap_orig(cpu) : 0);
	/* CPU 1's util moved; nothing else did */
	expect_counter(&s, i++, FX_T_FREQ, 1, TRACE_SIG_UTIL, "util", FX_UTIL_A);
	/* CPU 2's instantaneous pressure moved, its average (and so actual capacity) did not */
	expect_counter(&s, i++, FX_T_PRESSURE, 2, TRACE_SIG_HW_PRESSURE, "hw_pressure", FX_PRESSURE);
	assert_int_equal(s.n, i);
}

static void test_all_counters_and_zone(void **state)
{
	struct fx_run r;
	struct trace_select ts;
	struct seen s = { 0 };
	unsigned i;

	fx_build(&r);
	assert_int_equal(trace_select_init(&ts, FX_NR_CPUS, 0, TRACE_COUNTERS_ALL), 0);
	for (unsigned k = 0; k < r.n; k++)
		trace_select_event(&ts, &r.ev[k], record, &s);
	trace_select_free(&ts);
	/* 7 signals for each CPU at 0, util, hw_pressure and delivered capacity, the zone */
	assert_int_equal(s.n, 7 * FX_NR_CPUS + 4);
	i = 7 * FX_NR_CPUS - 2; /* CPU 2's original and delivered capacities at 0 */
	expect_counter(&s, i++, 0, 2, TRACE_SIG_ORIGINAL_CAPACITY, "original_capacity", FX_CAP_BIG);
	expect_counter(&s, i++, 0, 2, TRACE_SIG_DELIVERED_CAPACITY, "delivered_capacity", FX_CAP_BIG);
	expect_counter(&s, i++, FX_T_FREQ, 1, TRACE_SIG_UTIL, "util", FX_UTIL_A);
	expect_counter(&s, i++, FX_T_PRESSURE, 2, TRACE_SIG_HW_PRESSURE, "hw_pressure", FX_PRESSURE);
	expect_counter(&s, i++, FX_T_PRESSURE, 2, TRACE_SIG_DELIVERED_CAPACITY, "delivered_capacity",
		       FX_CAP_BIG - FX_PRESSURE);
	/* a zone's track follows every CPU's: nr_cpus * TRACE_NR_SIGNALS + its id (0) */
	assert_string_equal(s.c[i].name, "soc_temp");
	assert_int_equal(s.c[i].index, FX_NR_CPUS * TRACE_NR_SIGNALS);
	assert_int_equal(s.c[i].value, FX_TEMP);
}

/* v6.9: the thermal average is carried instead of hw_load_avg */
static void test_thermal_model_signal(void **state)
{
	static struct fx_run r;
	struct capsim_event *ev = fx_add(&r, CAPSIM_EV_CPU_COUNTERS, 0, 0, fx_task("swapper/0", 0, 120));
	struct trace_select ts;
	struct seen s = { 0 };

	ev->u.cpu_counters.thermal = 1;
	ev->u.cpu_counters.thermal_load_avg = 7;
	assert_int_equal(trace_select_init(&ts, 1, 0, TRACE_COUNTERS_TEXT), 0);
	trace_select_event(&ts, ev, record, &s);
	trace_select_free(&ts);
	assert_int_equal(s.n, 5);
	assert_string_equal(s.c[4].name, "cpu0_thermal_load_avg");
	assert_int_equal(s.c[4].value, 7);
}

/* Which sink events are trace events: cpu_frequency once per change, the families asked for. */
static void test_events_passed(void **state)
{
	struct fx_run r;
	struct trace_select ts;
	struct seen s = { 0 };
	unsigned freq = 0, counters = 0, passed = 0;

	fx_build(&r);
	assert_int_equal(trace_select_init(&ts, FX_NR_CPUS, 0, TRACE_COUNTERS_TEXT), 0);
	for (unsigned k = 0; k < r.n; k++) {
		bool yes = trace_select_event(&ts, &r.ev[k], record, &s);

		if (r.ev[k].type == CAPSIM_EV_CPU_COUNTERS)
			counters += yes;
		else if (r.ev[k].type == CAPSIM_EV_CPU_FREQUENCY)
			freq += yes;
		else
			passed += yes;
	}
	/* 3 CPUs' first frequency and CPU 0's change; its 1 GHz repeat is not a change */
	assert_int_equal(freq, 4);
	assert_int_equal(counters, 0);
	/* every other event of the fixture is a kernel event of the default trace */
	assert_int_equal(passed, r.n - 5 - 5); /* 5 counters, 5 frequencies */

	{
		struct capsim_event ev = r.ev[0];

		ev.type = CAPSIM_EV_SCHED_COMPUTE_ENERGY;
		assert_false(trace_select_event(&ts, &ev, record, &s));
		ev.type = CAPSIM_EV_PELT_SE;
		assert_false(trace_select_event(&ts, &ev, record, &s));
		ev.cpu = FX_NR_CPUS; /* beyond the header's CPUs: no ring buffer */
		ev.type = CAPSIM_EV_SCHED_SWITCH;
		assert_false(trace_select_event(&ts, &ev, record, &s));
	}
	trace_select_free(&ts);
	assert_int_equal(trace_select_init(&ts, FX_NR_CPUS, CAPSIM_TRACE_EV_ALL, TRACE_COUNTERS_TEXT), 0);
	{
		struct capsim_event ev = r.ev[0];

		ev.type = CAPSIM_EV_SCHED_COMPUTE_ENERGY;
		assert_true(trace_select_event(&ts, &ev, record, &s));
		ev.type = CAPSIM_EV_PELT_SE;
		assert_true(trace_select_event(&ts, &ev, record, &s));
	}
	trace_select_free(&ts);
}

/* %*pb of the root domain's span: 32-bit chunks from the top, the first as wide as it needs */
static void test_span_hex(void **state)
{
	char buf[80];

	trace_span_hex(buf, sizeof(buf), 3);
	assert_string_equal(buf, "7");
	trace_span_hex(buf, sizeof(buf), 8);
	assert_string_equal(buf, "ff");
	trace_span_hex(buf, sizeof(buf), 32);
	assert_string_equal(buf, "ffffffff");
	trace_span_hex(buf, sizeof(buf), 40);
	assert_string_equal(buf, "ff,ffffffff");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text_counters),
		cmocka_unit_test(test_all_counters_and_zone),
		cmocka_unit_test(test_thermal_model_signal),
		cmocka_unit_test(test_events_passed),
		cmocka_unit_test(test_span_hex),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
