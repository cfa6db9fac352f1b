// SPDX-License-Identifier: MIT
/*
 * test_trace_text.c - tests src/input/trace_text.c and trace_stream.c: each line layout the
 * reader takes (ftrace with and without the tgid column and flags, the latency format,
 * trace-cmd report with its plugin texts and -R), the fields of the awkward events, markers,
 * skips, the reorder window, compressed input, and the errors of bad and truncated input. Every
 * expected value is read off the line in the test by hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <zlib.h>

#include "capsim/capsim.h"

/* The events of @text, in order, copied out: name, cpu, pid, ts and one chosen field's value. */
struct got {
	char name[64], comm[32], field[64];
	int cpu, pid, tgid, failed, kind;
	uint64_t ts, lost, line;
	unsigned nr_fields;
};

static int read_text(const char *text, size_t len, const char *field, struct got *out,
		     unsigned max, capsim_trace **keep, capsim_error *err)
{
	const struct capsim_trace_event *ev;
	capsim_trace *t;
	unsigned n = 0;
	int ret;

	assert_int_equal(capsim_trace_open_mem(text, len, "t.trace", &t, err), 0);
	while ((ret = capsim_trace_next(t, &ev, err)) == 1) {
		const char *v = field ? capsim_trace_field(ev, field) : NULL;

		assert_true(n < max);
		snprintf(out[n].name, sizeof(out[n].name), "%s", ev->name);
		snprintf(out[n].comm, sizeof(out[n].comm), "%s", ev->comm);
		snprintf(out[n].field, sizeof(out[n].field), "%s", v ? v : "");
		out[n].cpu = ev->cpu;
		out[n].pid = ev->pid;
		out[n].tgid = ev->tgid;
		out[n].failed = ev->failed;
		out[n].kind = (int)ev->kind;
		out[n].ts = ev->ts_ns;
		out[n].lost = ev->lost;
		out[n].line = ev->line;
		out[n].nr_fields = ev->nr_fields;
		n++;
	}
	if (keep)
		*keep = t;
	else
		capsim_trace_free(t);
	return ret < 0 ? ret : (int)n;
}

static void test_ftrace_layouts(void **state)
{
	static const char text[] =
		"# tracer: nop\n"
		"# entries-in-buffer/entries-written: 3/3   #P:8\n"
		"          <idle>-0       [003] d..2.  1234.567890: sched_switch: prev_comm=swapper/3 "
		"prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=rt app next_pid=42 next_prio=120\n"
		"     kworker/1:1-77      (     70) [001] dNh3  1234.567891: sched_wakeup: comm=a-b "
		"pid=5 prio=120 target_cpu=002\n"
		"           <...>-9       (-------) [002] 1234.567892123: cpu_idle: state=4294967295 cpu_id=2\n";
	struct got g[4];
	capsim_error err = { 0 };
	capsim_trace *t;

	assert_int_equal(read_text(text, strlen(text), "next_comm", g, 4, &t, &err), 3);
	assert_int_equal(capsim_trace_nr_cpus(t), 8);
	capsim_trace_free(t);
	assert_string_equal(g[0].name, "sched_switch");
	assert_string_equal(g[0].comm, "<idle>");
	assert_int_equal(g[0].cpu, 3);
	assert_int_equal(g[0].pid, 0);
	assert_int_equal(g[0].tgid, -1);
	assert_true(g[0].ts == 1234567890000ull);
	assert_string_equal(g[0].field, "rt app"); /* a comm with a space stays whole */
	assert_int_equal(g[0].nr_fields, 7);
	assert_string_equal(g[1].comm, "kworker/1:1");
	assert_int_equal(g[1].pid, 77);
	assert_int_equal(g[1].tgid, 70);
	assert_int_equal(g[1].cpu, 1);
	assert_string_equal(g[2].comm, "<...>");
	assert_int_equal(g[2].tgid, -1);
	assert_true(g[2].ts == 1234567892123ull); /* nanosecond timestamps kept */
}

static void test_report_plugin_and_raw(void **state)
{
	static const char text[] =
		"version = 6\nCPU 0 is empty\ncpus=6\n"
		"          <idle>-0     [002]  2084.021659: sched_switch:         swapper/2:0 [120] R ==> "
		"kworker/2:1:2923 [120]\n"
		"     kworker/2:1-2923  [002]  2084.021765: sched_wakeup:         bash:2930 [120] "
		"success=1 CPU:003\n"
		"            bash-2930  [003]  2084.021800: sched_switch:         prev_comm=bash "
		"prev_pid=2930 prev_prio=120 prev_state=1 ==> next_comm=swapper/3 next_pid=0 next_prio=120\n"
		"         shutils-3106  [001]  2084.238797: print:                tracing_mark_write: "
		"cpu_frequency_devlib:        state=450000 cpu_id=0\n";
	const struct capsim_trace_event *ev;
	capsim_error err = { 0 };
	capsim_trace *t;
	int64_t v;

	assert_int_equal(capsim_trace_open_mem(text, strlen(text), "r.txt", &t, &err), 0);
	assert_int_equal(capsim_trace_next(t, &ev, &err), 1);
	assert_string_equal(capsim_trace_field(ev, "prev_comm"), "swapper/2");
	assert_string_equal(capsim_trace_field(ev, "next_comm"), "kworker/2:1");
	assert_int_equal(capsim_trace_field_i64(ev, "next_pid", &v), 0);
	assert_int_equal(v, 2923);
	assert_string_equal(capsim_trace_field(ev, "prev_state"), "R");
	assert_string_equal(capsim_trace_field(ev, "next_prio"), "120");
	assert_int_equal(capsim_trace_next(t, &ev, &err), 1);
	assert_string_equal(capsim_trace_field(ev, "comm"), "bash");
	assert_int_equal(capsim_trace_field_i64(ev, "target_cpu", &v), 0);
	assert_int_equal(v, 3);
	assert_int_equal(capsim_trace_next(t, &ev, &err), 1);
	assert_string_equal(capsim_trace_field(ev, "prev_state"), "1");
	assert_int_equal(capsim_trace_next(t, &ev, &err), 1);
	assert_string_equal(ev->name, "print");
	assert_string_equal(capsim_trace_field(ev, "ip"), "tracing_mark_write");
	assert_string_equal(capsim_trace_field(ev, "buf"),
			    "cpu_frequency_devlib:        state=450000 cpu_id=0");
	assert_int_equal(capsim_trace_next(t, &ev, &err), 0);
	assert_int_equal(capsim_trace_nr_cpus(t), 6);
	capsim_trace_free(t);
}

static void test_awkward_fields(void **state)
{
	static const char text[] =
		"t-1 [001] ..... 1.000001: sched_load_se: [FAILED TO PARSE] cpu=1 path=ARRAY[2f, 00] pid=43\n"
		"t-1 [001] ..... 1.000002: thermal_power_cpu_get_power: cpus=00000006 load={24 19} "
		"x={{0x96}} dynamic_power=250\n"
		"t-1 [001] ..... 1.000003: cpu_frequency_limits: min_freq=500000 max_freq=1800000 cpu_id=1\n";
	const struct capsim_trace_event *ev;
	capsim_error err = { 0 };
	capsim_trace *t;
	int64_t v;

	assert_int_equal(capsim_trace_open_mem(text, strlen(text), "a.txt", &t, &err), 0);
	assert_int_equal(capsim_trace_next(t, &ev, &err), 1);
	assert_int_equal(ev->failed, 1);
	assert_string_equal(capsim_trace_field(ev, "path"), "ARRAY[2f, 00]");
	assert_int_equal(capsim_trace_field_i64(ev, "pid", &v), 0);
	assert_int_equal(v, 43);
	assert_int_equal(capsim_trace_next(t, &ev, &err), 1);
	assert_string_equal(capsim_trace_field(ev, "load"), "{24 19}");
	assert_string_equal(capsim_trace_field(ev, "x"), "{{0x96}}");
	assert_int_equal(capsim_trace_field_i64(ev, "dynamic_power", &v), 0);
	assert_int_equal(v, 250);
	assert_int_equal(capsim_trace_next(t, &ev, &err), 1);
	assert_string_equal(capsim_trace_field(ev, "max_freq"), "1800000");
	capsim_trace_free(t);
	/* prev_state of each era */
	assert_int_equal(capsim_trace_prev_state_runnable("R+"), 1);
	assert_int_equal(capsim_trace_prev_state_runnable("1024"), 1);
	assert_int_equal(capsim_trace_prev_state_runnable("4096"), 1);
	assert_int_equal(capsim_trace_prev_state_runnable("256"), 1);
	assert_int_equal(capsim_trace_prev_state_runnable("1"), 0);
	assert_int_equal(capsim_trace_prev_state_runnable("1026"), 0);
	assert_int_equal(capsim_trace_prev_state_runnable("S"), 0);
}

static void test_jsonl(void **state)
{
	static const char text[] =
		"t-1 [001] ..... 1.5: ev: a=002 b=ARRAY[2f, 00] c={{0x96}} d=x y cpu=3\n";
	const struct capsim_trace_event *ev;
	capsim_error err = { 0 };
	capsim_trace *t;
	char *buf = NULL;
	size_t len;
	FILE *fp = open_memstream(&buf, &len);

	assert_int_equal(capsim_trace_open_mem(text, strlen(text), "j.txt", &t, &err), 0);
	assert_int_equal(capsim_trace_next(t, &ev, &err), 1);
	assert_int_equal(capsim_trace_write_jsonl(ev, fp), 0);
	fclose(fp);
	assert_string_equal(buf, "{\"ts\":1.500000000,\"cpu\":1,\"comm\":\"t\",\"pid\":1,\"event\":\"ev\","
			    "\"fields\":{\"a\":2,\"b\":[47,0],\"c\":[150],\"d\":\"x y\",\"cpu\":3}}\n");
	free(buf);
	capsim_trace_free(t);
}

static void test_latency_format_and_markers(void **state)
{
	static const char text[] =
		"##### CPU 1 buffer started ####\n"
		"  <idle>-0         3d..2.   12us!: sched_switch: prev_comm=swapper/3 prev_pid=0 "
		"prev_prio=120 prev_state=R ==> next_comm=x next_pid=7 next_prio=120\n"
		"CPU:1 [LOST 12 EVENTS]\n"
		" 1234 2 10001500000 type: 316\n"
		"CPU:2 [EVENTS DROPPED]\n";
	struct got g[5];
	capsim_error err = { 0 };
	capsim_trace *t;

	assert_int_equal(read_text(text, strlen(text), "next_pid", g, 5, &t, &err), 4);
	assert_int_equal(g[0].kind, CAPSIM_TRACE_BUFFER_START);
	assert_int_equal(g[0].cpu, 1);
	assert_int_equal(g[1].kind, CAPSIM_TRACE_EVENT);
	assert_int_equal(g[1].cpu, 3);
	assert_true(g[1].ts == 12000);
	assert_string_equal(g[1].field, "7");
	assert_int_equal(g[2].kind, CAPSIM_TRACE_LOST);
	assert_int_equal(g[2].cpu, 1);
	assert_true(g[2].lost == 12);
	assert_true(g[2].ts == 12000); /* a marker takes the time of the event before it */
	/* the raw-option line is counted; the last marker follows it */
	assert_int_equal(g[3].kind, CAPSIM_TRACE_LOST);
	assert_int_equal(g[3].cpu, 2);
	assert_true(g[3].lost == 0);
	assert_true(capsim_trace_skipped(t, CAPSIM_TRACE_SKIP_RAW) == 1);
	capsim_trace_free(t);
}

static void test_reorder(void **state)
{
	static const char text[] =
		"a-1 [000] 2.000000: e: x=1\n"
		"a-1 [001] 1.000000: e: x=2\n"
		"a-1 [000] 3.000000: e: x=3";  /* no final newline */
	struct got g[3];
	capsim_error err = { 0 };

	assert_int_equal(read_text(text, strlen(text), "x", g, 3, NULL, &err), 3);
	assert_string_equal(g[0].field, "2");
	assert_string_equal(g[1].field, "1");
	assert_string_equal(g[2].field, "3");
	assert_true(g[0].line == 2);
}

static void test_errors(void **state)
{
	static const char bad[] = "# tracer: nop\na-1 [000] 1.000000: e: x=1\nthis is not a trace\n";
	static const char cut[] = "a-1 [000] 1.000000: e: x=1\n   bash-12 [001] 12.3";
	struct got g[3];
	capsim_error err = { 0 };

	assert_int_equal(read_text(bad, strlen(bad), NULL, g, 3, NULL, &err), CAPSIM_ERR_PARSE);
	assert_non_null(strstr(err.msg, "t.trace:3: expected an event line"));
	assert_int_equal(read_text(cut, strlen(cut), NULL, g, 3, NULL, &err), CAPSIM_ERR_PARSE);
	assert_non_null(strstr(err.msg, "t.trace:2: "));
}

/* @text gzip'ed into a malloc'ed buffer. */
static unsigned char *gzip_of(const char *text, size_t *len)
{
	z_stream z = { 0 };
	size_t cap = strlen(text) + 256;
	unsigned char *out = malloc(cap);

	assert_int_equal(deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
	z.next_in = (unsigned char *)text;
	z.avail_in = (uInt)strlen(text);
	z.next_out = out;
	z.avail_out = (uInt)cap;
	assert_int_equal(deflate(&z, Z_FINISH), Z_STREAM_END);
	*len = cap - z.avail_out;
	deflateEnd(&z);
	return out;
}

static void test_compressed(void **state)
{
	static const char text[] = "a-1 [000] 1.000000: e: x=1\na-1 [000] 2.000000: e: x=2\n";
	struct got g[3];
	capsim_error err = { 0 };
	size_t len;
	unsigned char *gz = gzip_of(text, &len);

	assert_int_equal(read_text((const char *)gz, len, "x", g, 3, NULL, &err), 2);
	assert_string_equal(g[1].field, "2");
	/* cut inside the deflate data: an error naming the byte, never a shorter trace */
	assert_int_equal(read_text((const char *)gz, len - 10, "x", g, 3, NULL, &err),
			 CAPSIM_ERR_PARSE);
	assert_non_null(strstr(err.msg, "ends early"));
	free(gz);
}

/* RFC 4648 base64 of @n bytes at @p into a malloc'ed string. */
static char *base64_of(const unsigned char *p, size_t n)
{
	static const char d[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	char *out = malloc(4 * (n / 3 + 1) + 1), *o = out;

	for (size_t i = 0; i < n; i += 3) {
		uint32_t v = (uint32_t)p[i] << 16 | (i + 1 < n ? (uint32_t)p[i + 1] << 8 : 0) |
			     (i + 2 < n ? p[i + 2] : 0);

		*o++ = d[v >> 18 & 63];
		*o++ = d[v >> 12 & 63];
		*o++ = i + 1 < n ? d[v >> 6 & 63] : '=';
		*o++ = i + 2 < n ? d[v & 63] : '=';
	}
	*o = '\0';
	return out;
}

/* A page as catapult's trace2html.py writes it (ViewerDataScript): the viewer, then
 * <script id="viewer-data" type="TYPE">, a newline, the base64, "\n</script>\n". */
static char *trace2html_page(const char *type, const char *b64, size_t cut)
{
	static const char head[] = "<!DOCTYPE html>\n<html><head><script>\nvar a = '<b>'; if (x < 3) y();\n"
				   "</script></head><body>\n";
	size_t len = strlen(head) + strlen(type) + strlen(b64) + 128;
	char *page = malloc(len);

	snprintf(page, len, "%s<script id=\"viewer-data\" type=\"%s\">\n%.*s\n</script>\n</body></html>\n",
		 head, type, (int)(cut ? cut : strlen(b64)), b64);
	return page;
}

static void test_trace2html(void **state)
{
	enum { LINES = 20000 }; /* ~900 KB of text: inflated many times over the output's room */
	static const char json[] = "{\"traceEvents\":[]}";
	char *text = malloc(LINES * 64), *t = text, *b64, *page;
	unsigned char *gz;
	size_t gzlen;
	struct got *g = calloc(LINES + 1, sizeof(*g));
	capsim_error err = { 0 };
	capsim_trace *tr;

	t += sprintf(t, "# tracer: nop\n");
	for (int i = 0; i < LINES; i++)
		t += sprintf(t, "  a-%d (%5d) [%03d] d..1 %d.%06d: e: x=%d\n", i + 1, i + 1, i % 8,
			     1 + i / 1000000, i % 1000000, i);
	gz = gzip_of(text, &gzlen);
	b64 = base64_of(gz, gzlen);
	page = trace2html_page("text/plain", b64, 0);
	/* every line, in order, its fields whole; the page's own script is not read */
	assert_int_equal(read_text(page, strlen(page), "x", g, LINES + 1, &tr, &err), LINES);
	assert_int_equal(g[0].pid, 1);
	assert_int_equal(g[LINES - 1].pid, LINES);
	assert_int_equal(g[LINES - 1].cpu, (LINES - 1) % 8);
	assert_int_equal(g[LINES - 1].tgid, LINES);
	assert_string_equal(g[LINES - 1].field, "19999");
	assert_true(capsim_trace_skipped(tr, CAPSIM_TRACE_SKIP_HTML_BLOCK) == 0);
	capsim_trace_free(tr);
	/* the text's first line (its header) is numbered as the block's tag's line, 5 */
	assert_true(g[0].line == 6);
	free(page);
	/* cut inside the base64: the page ends inside the block */
	page = trace2html_page("text/plain", b64, strlen(b64) / 2);
	page[strlen(page) - strlen("\n</script>\n</body></html>\n")] = '\0';
	assert_int_equal(read_text(page, strlen(page), NULL, g, LINES + 1, NULL, &err), CAPSIM_ERR_PARSE);
	assert_non_null(strstr(err.msg, "t.trace:6: the HTML ends inside the viewer-data block opened at line 5"));
	free(page);
	/* the base64 cut short, its </script> there: the gzip data ends early */
	page = trace2html_page("text/plain", b64, strlen(b64) / 2 / 4 * 4);
	assert_int_equal(read_text(page, strlen(page), NULL, g, LINES + 1, NULL, &err), CAPSIM_ERR_PARSE);
	assert_non_null(strstr(err.msg, "the viewer-data block opened at line 5: its gzip data ends early"));
	free(page);
	/* a byte that is not base64 */
	b64[100] = '*';
	page = trace2html_page("text/plain", b64, 0);
	assert_int_equal(read_text(page, strlen(page), NULL, g, LINES + 1, NULL, &err), CAPSIM_ERR_PARSE);
	assert_non_null(strstr(err.msg, "t.trace:6: the viewer-data block opened at line 5: not base64"));
	free(page);
	free(b64);
	/* gzip data damaged: its CRC-32 (the trailer's first 4 bytes) no longer the text's */
	gz[gzlen - 8] ^= 1;
	b64 = base64_of(gz, gzlen);
	page = trace2html_page("text/plain", b64, 0);
	assert_int_equal(read_text(page, strlen(page), NULL, g, LINES + 1, NULL, &err), CAPSIM_ERR_PARSE);
	assert_non_null(strstr(err.msg, "the viewer-data block opened at line 5: corrupt gzip data"));
	free(page);
	free(b64);
	free(gz);
	/* html2trace.py also reads a block that is base64 only: the same lines; a JSON block beside
	 * it (application/json: a Chrome trace) is counted, not read */
	strcpy(text, "# tracer: nop\n a-1 [000] 1.000000: e: x=0\n a-1 [000] 1.000001: e: x=1\n"
		     " a-1 [001] 1.000002: e: x=2");
	b64 = base64_of((const unsigned char *)text, strlen(text));
	page = trace2html_page("text/plain", b64, 0);
	{
		char *j = base64_of((const unsigned char *)json, strlen(json));
		size_t len = strlen(page) + strlen(j) + 100;
		char *two = malloc(len);

		snprintf(two, len, "%s<script id=\"viewer-data\" type=\"application/json\">\n%s\n</script>\n",
			 page, j);
		assert_int_equal(read_text(two, strlen(two), "x", g, LINES + 1, &tr, &err), 3);
		assert_string_equal(g[2].field, "2"); /* the last line, without its newline */
		assert_true(capsim_trace_skipped(tr, CAPSIM_TRACE_SKIP_HTML_BLOCK) == 1);
		capsim_trace_free(tr);
		free(two);
		free(j);
	}
	free(page);
	free(b64);
	free(text);
	free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ftrace_layouts),
		cmocka_unit_test(test_report_plugin_and_raw),
		cmocka_unit_test(test_awkward_fields),
		cmocka_unit_test(test_jsonl),
		cmocka_unit_test(test_latency_format_and_markers),
		cmocka_unit_test(test_reorder),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_compressed),
		cmocka_unit_test(test_trace2html),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
