// SPDX-License-Identifier: MIT
/*
 * test_sim_trace.c - tests src/output/sim_trace.c, the text traces as consumers of the event
 * sink: the fixture's run (sink_fixture.h) through trace_format_ftrace and trace_format_report,
 * compared line by line with the lines built here, in order, from the kernel's formats
 * (trace_print_context() "%16s-%-7d [%03d] " + flags + trace_print_time() " %5lu.%06lu: ", and
 * each tracepoint's TP_printk, include/trace/events/sched.h and power.h, Linux 6.12;
 * trace-read.c's "%16s-%-5d [%03d] %5lu.%06lu: %-20s" for `trace-cmd report -N`), on the trace
 * clock (the run's 0 at 1 s), in the context of the task current on the CPU (pid 0 "<idle>"),
 * the counters as atrace "C|1|cpuN_signal|value" lines (docs/formats.md, "Trace output").
 */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "output/sim_trace.h"
#include "output/trace_select.h"
#include "sink_fixture.h"

#define SCHED "d..2." /* irqs off, rq lock held: the scheduler's events */
#define OTHER "....."

struct lines {
	char l[64][256];
	unsigned n;
};

static int report_style;

/* one expected line: the context of @comm-@pid on @cpu at the run's @t, then "@event: @body" */
static void line(struct lines *w, uint64_t t, int cpu, const char *comm, int pid,
		 const char *flags, const char *event, const char *fmt, ...)
	__attribute__((format(printf, 8, 9)));

static void line(struct lines *w, uint64_t t, int cpu, const char *comm, int pid,
		 const char *flags, const char *event, const char *fmt, ...)
{
	/* ns2usecs(): to the nearest µs */
	uint64_t us = (TRACE_CLOCK_BASE_NS + t + 500) / 1000;
	char *p = w->l[w->n++];
	int n;
	va_list ap;

	if (!pid)
		comm = "<idle>"; /* the cmdline cache's name of pid 0 */
	if (report_style) /* trace-read.c: no flags; the name and ": " padded to 20 more */
		n = snprintf(p, 256, "%16s-%-5d [%03d] %5" PRIu64 ".%06" PRIu64 ": %s: %*s", comm, pid,
			     cpu, us / 1000000, us % 1000000, event,
			     strlen(event) < 20 ? 20 - (int)strlen(event) : 0, "");
	else
		n = snprintf(p, 256, "%16s-%-7d [%03d] %s %5" PRIu64 ".%06" PRIu64 ": %s: ", comm,
			     pid, cpu, flags, us / 1000000, us % 1000000, event);
	va_start(ap, fmt);
	vsnprintf(p + n, 256 - (size_t)n, fmt, ap);
	va_end(ap);
}

static void counter(struct lines *w, uint64_t t, int cpu, const char *comm, int pid,
		    const char *signal, long long v)
{
	if (report_style)
		line(w, t, cpu, comm, pid, OTHER, "print", "tracing_mark_write: C|1|cpu%d_%s|%lld",
		     cpu, signal, v);
	else
		line(w, t, cpu, comm, pid, OTHER, "tracing_mark_write", "C|1|cpu%d_%s|%lld", cpu,
		     signal, v);
}

#define SWITCH "prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%s ==> next_comm=%s next_pid=%d next_prio=%d"
#define WAKE "comm=%s pid=%d prio=%d target_cpu=%03d"

/* The fixture's run as the kernel would print it. */
static void expected(struct lines *w)
{
	static const char *const text_signals[] = { "actual_capacity", "util", "hw_pressure",
						    "cpufreq_pressure", "hw_load_avg" };
	char idle[3][16];

	w->n = 0;
	for (int cpu = 0; cpu < FX_NR_CPUS; cpu++) {
		snprintf(idle[cpu], sizeof(idle[cpu]), "swapper/%d", cpu);
		for (unsigned k = 0; k < 5; k++)
			counter(w, 0, cpu, idle[cpu], 0, text_signals[k], k ? 0 : fx_cap_orig(cpu));
	}
	line(w, 0, 0, idle[0], 0, OTHER, "cpu_frequency", "state=%u cpu_id=%d", FX_KHZ_LITTLE, 0);
	line(w, 0, 1, idle[1], 0, OTHER, "cpu_frequency", "state=%u cpu_id=%d", FX_KHZ_LITTLE, 1);
	line(w, 0, 2, idle[2], 0, OTHER, "cpu_frequency", "state=%u cpu_id=%d", FX_KHZ_BIG, 2);
	line(w, 0, 0, idle[0], 0, OTHER, "cpu_frequency_limits", "min=%u max=%u cpu_id=%d",
	     FX_KHZ_MIN, FX_KHZ_LITTLE, 0);
	line(w, FX_T_WAKE_A, 0, idle[0], 0, SCHED, "sched_wakeup_new", WAKE, "a", FX_PID_A, FX_PRIO, 1);
	line(w, FX_T_RUN_A, 1, idle[1], 0, SCHED, "sched_switch", SWITCH, "swapper/1", 0, 120, "R",
	     "a", FX_PID_A, FX_PRIO);
	line(w, FX_T_WAKE_B, 0, idle[0], 0, SCHED, "sched_waking", WAKE, "b", FX_PID_B, FX_PRIO, 2);
	line(w, FX_T_WAKE_B, 2, idle[2], 0, SCHED, "sched_wakeup", WAKE, "b", FX_PID_B, FX_PRIO, 2);
	line(w, FX_T_RUN_B, 2, idle[2], 0, SCHED, "sched_switch", SWITCH, "swapper/2", 0, 120, "R",
	     "b", FX_PID_B, FX_PRIO);
	/* the repeated 1 GHz prints nothing: cpu_frequency is once per change */
	line(w, FX_T_FREQ, 0, idle[0], 0, OTHER, "cpu_frequency", "state=%u cpu_id=%d",
	     FX_KHZ_LITTLE_NEW, 0);
	counter(w, FX_T_FREQ, 1, "a", FX_PID_A, "util", FX_UTIL_A);
	line(w, FX_T_PRESSURE, 2, "b", FX_PID_B, OTHER, "hw_pressure_update", "cpu=%d hw_pressure=%u",
	     2, FX_PRESSURE);
	counter(w, FX_T_PRESSURE, 2, "b", FX_PID_B, "hw_pressure", FX_PRESSURE);
	line(w, FX_T_SLEEP_A, 1, "a", FX_PID_A, SCHED, "sched_switch", SWITCH, "a", FX_PID_A, FX_PRIO,
	     "S", "swapper/1", 0, 120);
	line(w, FX_T_STOP, 2, "b", FX_PID_B, SCHED, "sched_switch", SWITCH, "b", FX_PID_B, FX_PRIO,
	     "R+", "migration/2", FX_STOPPER_PID, 0);
	line(w, FX_T_MIGRATE, 2, "migration/2", FX_STOPPER_PID, SCHED, "sched_migrate_task",
	     "comm=%s pid=%d prio=%d orig_cpu=%d dest_cpu=%d", "b", FX_PID_B, FX_PRIO, 2, 1);
	line(w, FX_T_END, 2, "migration/2", FX_STOPPER_PID, SCHED, "sched_switch", SWITCH,
	     "migration/2", FX_STOPPER_PID, 0, "S", "swapper/2", 0, 120);
	line(w, FX_T_END, 0, idle[0], 0, OTHER, "thermal_temperature", "%s", FX_ZONE_BODY);
}

/* @text's lines after its first @skip, against @w, one by one */
static void compare(const char *text, unsigned skip, const struct lines *w)
{
	const char *p = text;
	unsigned i;

	for (i = 0; i < skip; i++) {
		p = strchr(p, '\n');
		assert_non_null(p);
		p++;
	}
	for (i = 0; i < w->n; i++) {
		const char *nl = strchr(p, '\n');

		if (!nl)
			fail_msg("line %u missing, want \"%s\"", i, w->l[i]);
		if ((size_t)(nl - p) != strlen(w->l[i]) || strncmp(p, w->l[i], (size_t)(nl - p)))
			fail_msg("line %u\ngot  \"%.*s\"\nwant \"%s\"", i, (int)(nl - p), p, w->l[i]);
		p = nl + 1;
	}
	assert_string_equal(p, "");
}

static void test_ftrace(void **state)
{
	struct fx_run r;
	struct lines w;
	char head[128];
	char *text;

	report_style = 0;
	fx_build(&r);
	expected(&w);
	text = fx_write(&trace_format_ftrace, &r, 0, NULL);
	assert_non_null(text);
	/* the header's counts, rewritten at the end (padded): every line written, #P the CPUs */
	snprintf(head, sizeof(head), "# tracer: nop\n#\n# entries-in-buffer/entries-written: %u/%u   #P:%d",
		 w.n, w.n, FX_NR_CPUS);
	if (strncmp(text, head, strlen(head)) || text[strlen(head) + strspn(text + strlen(head), " ")] != '\n')
		fail_msg("header\n%.120s\nwant\n%s", text, head);
	compare(text, 12, &w);
	free(text);
}

static void test_report(void **state)
{
	struct fx_run r;
	struct lines w;
	char *text;

	report_style = 1;
	fx_build(&r);
	expected(&w);
	text = fx_write(&trace_format_report, &r, 0, NULL);
	assert_non_null(text);
	assert_int_equal(strncmp(text, "cpus=3\n", 7), 0); /* trace-read.c: "cpus=%d\n" */
	compare(text, 1, &w);
	free(text);
}

/* the lisa family: LISA's module's layouts, the root domain's span in %*pb hex */
static void test_lisa_events(void **state)
{
	struct fx_run r = { .n = 0 };
	struct capsim_event *ev;
	struct lines w = { .n = 0 };
	char *text;

	ev = fx_add(&r, CAPSIM_EV_PELT_SE, 2000, 1, fx_task("a", FX_PID_A, FX_PRIO));
	ev->u.pelt.signal = CAPSIM_PELT_TASK;
	ev->u.pelt.task = fx_task("a", FX_PID_A, FX_PRIO);
	ev->u.pelt.util_avg = 300;
	ev->u.pelt.runnable_avg = 310;
	ev->u.pelt.load_avg = 320;
	ev->u.pelt.last_update_time = 1999;
	ev = fx_add(&r, CAPSIM_EV_OVERUTILIZED, 3000, 0, fx_task("swapper/0", 0, 120));
	ev->u.overutilized.on = 1;
	ev = fx_add(&r, CAPSIM_EV_CPU_CAPACITY, 4000, 2, fx_task("swapper/2", 0, 120));
	ev->u.cpu_capacity.capacity = 900;
	ev->u.cpu_capacity.capacity_orig = 1024;
	ev->u.cpu_capacity.capacity_curr = 700;
	report_style = 0;
	line(&w, 2000, 1, "a", FX_PID_A, OTHER, "lisa__sched_pelt_se",
	     "cpu=%d path= comm=%s pid=%d load=%d util=%d update_time=%d runnable=%d", 1, "a",
	     FX_PID_A, 320, 300, 1999, 310);
	/* 3 CPUs in the one root domain: bits 0-2 */
	line(&w, 3000, 0, "swapper/0", 0, OTHER, "lisa__sched_overutilized", "overutilized=1 span=0x7");
	line(&w, 4000, 2, "swapper/2", 0, OTHER, "lisa__sched_cpu_capacity",
	     "cpu=2 capacity=900 capacity_orig=1024 capacity_curr=700");
	text = fx_write(&trace_format_ftrace, &r, CAPSIM_TRACE_EV_LISA, NULL);
	assert_non_null(text);
	compare(text, 12, &w);
	free(text);
	/* without the family, none of them */
	text = fx_write(&trace_format_ftrace, &r, 0, NULL);
	w.n = 0;
	compare(text, 12, &w);
	free(text);
}

/* a stream that refuses writes: CAPSIM_ERR_IO, from open() or at the latest from finish() */
static void test_unwritable(void **state)
{
	static struct fx_run r;

	fx_build(&r);
	assert_int_equal(fx_write_unwritable(&trace_format_ftrace, &r), CAPSIM_ERR_IO);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ftrace),
		cmocka_unit_test(test_report),
		cmocka_unit_test(test_lisa_events),
		cmocka_unit_test(test_unwritable),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
