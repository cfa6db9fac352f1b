// SPDX-License-Identifier: MIT
/*
 * test_trace.c - tests src/output/trace.c. Each event's line is compared with a line built here from
 * the kernel's own format strings, copied from the Linux 6.12 sources named beside them:
 * trace_print_context() / trace_print_time() for the prefix and each event's TP_printk. A trace
 * of several events must match, line by line, the regex Perfetto's systrace tokenizer uses
 * (systrace_line_tokenizer.cc), written here in POSIX form, and its key=value arguments.
 */
#include <regex.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "capsim/capsim.h"
#include "output/trace.h"

/* kernel/trace/trace_output.c trace_print_context(): "%16s-%-7d " then "[%03d] " */
#define KERNEL_CONTEXT "%16s-%-7d [%03d] %s"
/* kernel/trace/trace_output.c trace_print_time(): " %5lu.%06lu" then ": " */
#define KERNEL_TIME " %5lu.%06lu: "

/* Everything written to a temporary file, read back. */
struct capture {
	FILE *fp;
	struct trace_writer *tw;
	char *text;
};

static void cap_open(struct capture *c, unsigned nr_cpus)
{
	c->fp = tmpfile();
	assert_non_null(c->fp);
	assert_int_equal(trace_open(c->fp, nr_cpus, TRACE_STYLE_FTRACE, &c->tw), 0);
	c->text = NULL;
}

static char *slurp(FILE *fp)
{
	long n;
	char *buf;

	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	buf = calloc(1, (size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, fp), (size_t)n);
	return buf;
}

static void cap_close(struct capture *c)
{
	assert_int_equal(trace_close(c->tw), 0);
	c->text = slurp(c->fp);
	fclose(c->fp);
}

/* The first line after the 12-line header. */
static const char *first_event(const char *text)
{
	unsigned i;

	for (i = 0; i < 12; i++) {
		text = strchr(text, '\n');
		assert_non_null(text);
		text++;
	}
	return text;
}

/* The expected prefix for time @ns on @cpu in the context of @comm-@pid with @flags. */
static int prefix(char *buf, size_t size, uint64_t ns, int cpu, const char *comm, int pid,
		  const char *flags)
{
	/* ns2usecs() rounds to the nearest µs */
	unsigned long us = (unsigned long)((ns + 500) / 1000);

	return snprintf(buf, size, KERNEL_CONTEXT KERNEL_TIME, comm, pid, cpu, flags,
			us / 1000000, us % 1000000);
}

static void expect_line(const char *got_text, const char *want)
{
	const char *line = first_event(got_text);
	size_t n = strlen(want);

	if (strncmp(line, want, n) || line[n] != '\n')
		fail_msg("got  \"%.*s\"\nwant \"%s\"", (int)(strchr(line, '\n') - line), line, want);
}

static const struct trace_at AT = { 1234567891500ULL, 2, "rt-app", 1234 };
static const struct trace_task PREV = { "task0-0", 1710, 120 };
static const struct trace_task NEXT = { "kworker/2:1", 51, 100 };

static void test_header(void **state)
{
	struct capture c;

	cap_open(&c, 8);
	trace_counter(c.tw, &AT, 1, "x", 1);
	trace_counter(c.tw, &AT, 1, "x", 2);
	cap_close(&c);
	/* s_show() + print_event_info() + print_func_help_header_irq() with prec 2 (no tgid) */
	assert_int_equal(strncmp(c.text,
				 "# tracer: nop\n"
				 "#\n"
				 "# entries-in-buffer/entries-written: 2/2   #P:8",
				 strlen("# tracer: nop\n#\n# entries-in-buffer/entries-written: 2/2   #P:8")),
			 0);
	assert_non_null(strstr(c.text,
			       "#\n"
			       "#                                _-----=> irqs-off/BH-disabled\n"
			       "#                               / _----=> need-resched\n"
			       "#                              | / _---=> hardirq/softirq\n"
			       "#                              || / _--=> preempt-depth\n"
			       "#                              ||| / _-=> migrate-disable\n"
			       "#                              |||| /     delay\n"
			       "#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION\n"
			       "#              | |         |   |||||     |         |\n"));
	free(c.text);
}

static void test_sched_switch(void **state)
{
	static const char *const fmt =
		/* include/trace/events/sched.h, sched_switch */
		"prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%s%s ==> next_comm=%s next_pid=%d next_prio=%d";
	struct {
		unsigned state;
		int preempt;
		const char *text, *plus;
	} cases[] = {
		{ TRACE_TASK_INTERRUPTIBLE, 0, "S", "" },
		{ TRACE_TASK_RUNNING, 0, "R", "" },
		/* preempted: TASK_REPORT_MAX, nothing in the low bits, so "R" and "+" */
		{ TRACE_TASK_INTERRUPTIBLE, 1, "R", "+" },
		{ TRACE_TASK_UNINTERRUPTIBLE, 0, "D", "" },
		{ TRACE_TASK_REPORT_IDLE, 0, "I", "" },
	};
	unsigned i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct capture c;
		char want[512];
		int n;

		cap_open(&c, 4);
		trace_sched_switch(c.tw, &AT, &PREV, cases[i].state, cases[i].preempt, &NEXT);
		cap_close(&c);
		/* 1234567891500 ns -> (ns + 500) / 1000 = 1234567892 µs -> 1234.567892 */
		n = prefix(want, sizeof(want), AT.ts_ns, 2, "rt-app", 1234, "d..2.");
		n += snprintf(want + n, sizeof(want) - n, "sched_switch: ");
		snprintf(want + n, sizeof(want) - n, fmt, "task0-0", 1710, 120, cases[i].text,
			 cases[i].plus, "kworker/2:1", 51, 100);
		expect_line(c.text, want);
		free(c.text);
	}
}

static void test_wakeup_and_migrate(void **state)
{
	/* include/trace/events/sched.h, class sched_wakeup_template and sched_migrate_task */
	static const char *const wake = "comm=%s pid=%d prio=%d target_cpu=%03d";
	static const char *const migrate = "comm=%s pid=%d prio=%d orig_cpu=%d dest_cpu=%d";
	struct capture c;
	char want[512];
	int n;

	cap_open(&c, 4);
	trace_sched_waking(c.tw, &AT, &PREV, 3);
	cap_close(&c);
	n = prefix(want, sizeof(want), AT.ts_ns, 2, "rt-app", 1234, "d..2.");
	n += snprintf(want + n, sizeof(want) - n, "sched_waking: ");
	snprintf(want + n, sizeof(want) - n, wake, "task0-0", 1710, 120, 3);
	expect_line(c.text, want);
	free(c.text);

	cap_open(&c, 4);
	trace_sched_wakeup(c.tw, &AT, &PREV, 3);
	cap_close(&c);
	n = prefix(want, sizeof(want), AT.ts_ns, 2, "rt-app", 1234, "d..2.");
	n += snprintf(want + n, sizeof(want) - n, "sched_wakeup: ");
	snprintf(want + n, sizeof(want) - n, wake, "task0-0", 1710, 120, 3);
	expect_line(c.text, want);
	free(c.text);

	cap_open(&c, 4);
	trace_sched_wakeup_new(c.tw, &AT, &PREV, 0);
	cap_close(&c);
	n = prefix(want, sizeof(want), AT.ts_ns, 2, "rt-app", 1234, "d..2.");
	n += snprintf(want + n, sizeof(want) - n, "sched_wakeup_new: ");
	snprintf(want + n, sizeof(want) - n, wake, "task0-0", 1710, 120, 0);
	expect_line(c.text, want);
	free(c.text);

	cap_open(&c, 4);
	trace_sched_migrate_task(c.tw, &AT, &PREV, 1, 4);
	cap_close(&c);
	n = prefix(want, sizeof(want), AT.ts_ns, 2, "rt-app", 1234, "d..2.");
	n += snprintf(want + n, sizeof(want) - n, "sched_migrate_task: ");
	snprintf(want + n, sizeof(want) - n, migrate, "task0-0", 1710, 120, 1, 4);
	expect_line(c.text, want);
	free(c.text);
}

/* One event through @emit_fn, compared with "@event: " + @body, in an idle context. */
static void check_other(void (*emit_fn)(struct trace_writer *, const struct trace_at *),
			const char *event, const char *body)
{
	/* pid 0 prints "<idle>" whatever comm is given (the cmdline cache) */
	static const struct trace_at idle = { 5000000000ULL, 0, "swapper/0", 0 };
	struct capture c;
	char want[1100]; /* the prefix, and an event and a body of up to 511 bytes each */
	int n;

	cap_open(&c, 4);
	emit_fn(c.tw, &idle);
	cap_close(&c);
	/* 5 s exactly: "    5.000000" */
	n = prefix(want, sizeof(want), idle.ts_ns, 0, "<idle>", 0, ".....");
	snprintf(want + n, sizeof(want) - n, "%s: %s", event, body);
	expect_line(c.text, want);
	free(c.text);
}

static void e_freq(struct trace_writer *tw, const struct trace_at *at)
{
	trace_cpu_frequency(tw, at, 1800000, 4);
}

static void e_limits(struct trace_writer *tw, const struct trace_at *at)
{
	trace_cpu_frequency_limits(tw, at, 300000, 2400000, 6);
}

static void e_hw(struct trace_writer *tw, const struct trace_at *at)
{
	trace_hw_pressure_update(tw, at, 6, 137);
}

static void e_thermal_pressure(struct trace_writer *tw, const struct trace_at *at)
{
	trace_thermal_pressure_update(tw, at, 6, 137);
}

static void e_temp(struct trace_writer *tw, const struct trace_at *at)
{
	trace_thermal_temperature(tw, at, "soc_thermal", 0, 68794, 68786);
}

static void e_cdev(struct trace_writer *tw, const struct trace_at *at)
{
	trace_cdev_update(tw, at, "thermal-cpufreq-0", 2);
}

static void e_ipa(struct trace_writer *tw, const struct trace_at *at)
{
	static const struct trace_ipa v = { 0, 2520, 3888, 3888, 3888, 68775, 3225 };

	trace_thermal_power_allocator(tw, at, &v);
}

static void e_pid(struct trace_writer *tw, const struct trace_at *at)
{
	static const struct trace_ipa_pid v = { 0, 3225, -12, 1612, 0, -3, 3888 };

	trace_thermal_power_allocator_pid(tw, at, &v);
}

static void e_actor(struct trace_writer *tw, const struct trace_at *at)
{
	trace_thermal_power_actor(tw, at, 0, 1, 428, 1344);
}

static void e_counter(struct trace_writer *tw, const struct trace_at *at)
{
	trace_counter(tw, at, 1, "cpu2 actual_capacity", -5);
}

static void test_other_events(void **state)
{
	char body[512];

	/* include/trace/events/power.h: class cpu "state=%lu cpu_id=%lu" */
	snprintf(body, sizeof(body), "state=%lu cpu_id=%lu", 1800000UL, 4UL);
	check_other(e_freq, "cpu_frequency", body);
	/* power.h cpu_frequency_limits: "min=%lu max=%lu cpu_id=%lu" */
	snprintf(body, sizeof(body), "min=%lu max=%lu cpu_id=%lu", 300000UL, 2400000UL, 6UL);
	check_other(e_limits, "cpu_frequency_limits", body);
	/* include/trace/events/hw_pressure.h: "cpu=%d hw_pressure=%lu" */
	snprintf(body, sizeof(body), "cpu=%d hw_pressure=%lu", 6, 137UL);
	check_other(e_hw, "hw_pressure_update", body);
	/* v6.9 include/trace/events/thermal_pressure.h: "cpu=%d thermal_pressure=%lu" */
	snprintf(body, sizeof(body), "cpu=%d thermal_pressure=%lu", 6, 137UL);
	check_other(e_thermal_pressure, "thermal_pressure_update", body);
	/* drivers/thermal/thermal_trace.h */
	snprintf(body, sizeof(body), "thermal_zone=%s id=%d temp_prev=%d temp=%d", "soc_thermal", 0,
		 68794, 68786);
	check_other(e_temp, "thermal_temperature", body);
	snprintf(body, sizeof(body), "type=%s target=%lu", "thermal-cpufreq-0", 2UL);
	check_other(e_cdev, "cdev_update", body);
	/* drivers/thermal/thermal_trace_ipa.h (6.12: no per-actor arrays any more) */
	snprintf(body, sizeof(body),
		 "thermal_zone_id=%d total_req_power=%u total_granted_power=%u power_range=%u "
		 "max_allocatable_power=%u current_temperature=%d delta_temperature=%d",
		 0, 2520u, 3888u, 3888u, 3888u, 68775, 3225);
	check_other(e_ipa, "thermal_power_allocator", body);
	snprintf(body, sizeof(body),
		 "thermal_zone_id=%d err=%d err_integral=%d p=%lld i=%lld d=%lld output=%d", 0, 3225,
		 -12, 1612LL, 0LL, -3LL, 3888);
	check_other(e_pid, "thermal_power_allocator_pid", body);
	snprintf(body, sizeof(body), "thermal_zone_id=%d actor_id=%d req_power=%u granted_power=%u",
		 0, 1, 428u, 1344u);
	check_other(e_actor, "thermal_power_actor", body);
	/* atrace counter: C|pid|name|value */
	check_other(e_counter, "tracing_mark_write", "C|1|cpu2 actual_capacity|-5");
}

static void test_real_kernel_prefix(void **state)
{
	/* a line of a real 6.x trace (nop tracer, LKML), up to the event name */
	static const char real[] = "              sh-113     [004] .....     6.467444: ";
	static const struct trace_at at = { 6467444000ULL, 4, "sh", 113 };
	struct capture c;

	cap_open(&c, 8);
	trace_cpu_frequency(c.tw, &at, 1, 4);
	cap_close(&c);
	assert_int_equal(strncmp(first_event(c.text), real, strlen(real)), 0);
	free(c.text);
}

static void test_comm_truncation(void **state)
{
	/* TASK_COMM_LEN is 16: a comm holds at most 15 bytes, in the prefix and in fields */
	static const struct trace_at at = { 0, 1, "a_very_long_thread_name", 7 };
	static const struct trace_task p = { "a_very_long_thread_name", 7, 120 };
	struct capture c;
	const char *line;

	cap_open(&c, 2);
	trace_sched_waking(c.tw, &at, &p, 1);
	cap_close(&c);
	line = first_event(c.text);
	assert_int_equal(strncmp(line, " a_very_long_thr-7       [001] d..2.     0.000000: ", 51), 0);
	assert_non_null(strstr(line, "comm=a_very_long_thr pid=7 "));
	free(c.text);
}

/*
 * Perfetto's systrace line regex (systrace_line_tokenizer.cc), ECMAScript
 *   -(\d+)\s+\(?\s*(\d+|-+)?\)?\s?\[(\d+)\]\s*([a-zA-Z.]{3}[0-9a-f.]{1,2}\s*)?(\d+\.\d+):\s+(\S+):
 * in POSIX ERE (\d = [0-9], \s = [[:space:]], \S = [^[:space:]]).
 */
#define PERFETTO_RE                                                                           \
	"-([0-9]+)[[:space:]]+\\(?[[:space:]]*([0-9]+|-+)?\\)?[[:space:]]?\\[([0-9]+)\\][[:space:]]*" \
	"([a-zA-Z.]{3}[0-9a-f.]{1,2}[[:space:]]*)?([0-9]+\\.[0-9]+):[[:space:]]+([^[:space:]]+):"

static void group(const char *line, const regmatch_t *m, char *out, size_t size)
{
	size_t n = (size_t)(m->rm_eo - m->rm_so);

	assert_true(m->rm_so >= 0 && n < size);
	memcpy(out, line + m->rm_so, n);
	out[n] = '\0';
}

/* Perfetto splits the args on blanks, then on '='; @key must map to @value. */
static void assert_arg(const char *args, const char *key, const char *value)
{
	char want[128];

	snprintf(want, sizeof(want), " %s=%s ", key, value);
	if (!strstr(args, want))
		fail_msg("\"%s\" lacks %s=%s", args, key, value);
}

static void test_perfetto_regex(void **state)
{
	static const struct trace_at at1 = { 218215535000ULL, 2, "task0-0", 1710 };
	static const struct trace_at at2 = { 218215536400ULL, 2, "kworker/2:1", 51 };
	static const struct trace_at at3 = { 218215537000ULL, 0, "", 0 };
	struct {
		const char *comm, *pid, *cpu, *ts, *event;
	} want[] = {
		{ "task0-0", "1710", "2", "218.215535", "sched_switch" },
		{ "kworker/2:1", "51", "2", "218.215536", "sched_waking" },
		{ "<idle>", "0", "0", "218.215537", "cpu_frequency" },
		{ "<idle>", "0", "0", "218.215537", "tracing_mark_write" },
	};
	struct capture c;
	regex_t re;
	regmatch_t m[7];
	char *line, *save = NULL, buf[128], args[512];
	unsigned i = 0;

	cap_open(&c, 4);
	trace_sched_switch(c.tw, &at1, &PREV, TRACE_TASK_INTERRUPTIBLE, 0, &NEXT);
	trace_sched_waking(c.tw, &at2, &PREV, 2);
	trace_cpu_frequency(c.tw, &at3, 1100000, 0);
	trace_counter(c.tw, &at3, 1, "cpu0.util", 597);
	assert_int_equal(trace_entries(c.tw), 4);
	cap_close(&c);
	/* Perfetto's sniffer: the trace starts with "# tracer" */
	assert_int_equal(strncmp(c.text, "# tracer", 8), 0);
	assert_int_equal(regcomp(&re, PERFETTO_RE, REG_EXTENDED), 0);
	for (line = strtok_r(c.text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *comm;

		if (line[0] == '#')
			continue; /* Perfetto skips comment lines */
		assert_true(i < 4);
		assert_int_equal(regexec(&re, line, 7, m, 0), 0);
		/* the prefix before the match is the comm, blanks trimmed */
		memcpy(buf, line, (size_t)m[0].rm_so);
		buf[m[0].rm_so] = '\0';
		for (comm = buf; *comm == ' '; comm++)
			;
		assert_string_equal(comm, want[i].comm);
		group(line, &m[1], buf, sizeof(buf));
		assert_string_equal(buf, want[i].pid);
		group(line, &m[3], buf, sizeof(buf));
		assert_int_equal(atoi(buf), atoi(want[i].cpu));
		group(line, &m[5], buf, sizeof(buf));
		assert_string_equal(buf, want[i].ts);
		group(line, &m[6], buf, sizeof(buf));
		assert_string_equal(buf, want[i].event);
		snprintf(args, sizeof(args), " %s ", line + m[0].rm_eo + 1);
		if (i == 0) {
			assert_arg(args, "prev_comm", "task0-0");
			assert_arg(args, "prev_pid", "1710");
			assert_arg(args, "prev_state", "S");
			assert_arg(args, "next_comm", "kworker/2:1");
			assert_arg(args, "next_prio", "100");
		} else if (i == 1) {
			assert_arg(args, "comm", "task0-0");
			assert_arg(args, "pid", "1710");
		} else if (i == 2) {
			assert_arg(args, "state", "1100000");
			assert_arg(args, "cpu_id", "0");
		} else {
			assert_string_equal(args, " C|1|cpu0.util|597 ");
		}
		i++;
	}
	assert_int_equal(i, 4);
	regfree(&re);
	free(c.text);
}

/* Writes a fixed sequence; used twice to check that the bytes are the same. */
static char *fixed_trace(void)
{
	struct capture c;
	unsigned k;

	cap_open(&c, 8);
	for (k = 0; k < 100; k++) {
		struct trace_at at = { k * 1000003ULL, k % 8, "t", 10 + (int)k };

		trace_sched_wakeup(c.tw, &at, &PREV, k % 8);
		trace_hw_pressure_update(c.tw, &at, (int)(k % 8), k);
	}
	cap_close(&c);
	return c.text;
}

static void test_deterministic_and_counted(void **state)
{
	char *a = fixed_trace(), *b = fixed_trace();

	assert_string_equal(a, b);
	/* 100 iterations x 2 events, patched into the header at close */
	assert_non_null(strstr(a, "# entries-in-buffer/entries-written: 200/200   #P:8"));
	free(a);
	free(b);
}

static void test_pipe_keeps_placeholder(void **state)
{
	int fds[2];
	FILE *w, *r;
	struct trace_writer *tw;
	char buf[256] = { 0 };

	/* a pipe cannot seek: the header keeps "0/0", the events still stream */
	assert_int_equal(pipe(fds), 0);
	w = fdopen(fds[1], "w");
	r = fdopen(fds[0], "r");
	assert_non_null(w);
	assert_non_null(r);
	assert_int_equal(trace_open(w, 2, TRACE_STYLE_FTRACE, &tw), 0);
	trace_cpu_frequency(tw, &AT, 1, 0);
	assert_int_equal(trace_close(tw), 0);
	fclose(w);
	assert_non_null(fgets(buf, sizeof(buf), r));
	assert_string_equal(buf, "# tracer: nop\n");
	assert_non_null(fgets(buf, sizeof(buf), r));
	assert_non_null(fgets(buf, sizeof(buf), r));
	assert_int_equal(strncmp(buf, "# entries-in-buffer/entries-written: 0/0   #P:2", 47), 0);
	fclose(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_header),
		cmocka_unit_test(test_sched_switch),
		cmocka_unit_test(test_wakeup_and_migrate),
		cmocka_unit_test(test_other_events),
		cmocka_unit_test(test_real_kernel_prefix),
		cmocka_unit_test(test_comm_truncation),
		cmocka_unit_test(test_perfetto_regex),
		cmocka_unit_test(test_deterministic_and_counted),
		cmocka_unit_test(test_pipe_keeps_placeholder),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
