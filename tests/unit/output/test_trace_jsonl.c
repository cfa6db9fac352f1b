// SPDX-License-Identifier: MIT
/*
 * test_trace_jsonl.c - tests src/output/trace_jsonl.c, `capsim analyze --events`: parsed trace
 * events written as JSON lines and read back with json-c. Expected, from the contract of
 * capsim_trace_write_jsonl() (include/capsim/capsim_trace.h) and docs/formats.md: "ts" in
 * seconds with 9 decimals (the ns exact), the context keys, the event's fields in an object of
 * their own, each typed: an integer a number ("002", target_cpu=%03d, is 2: decimal, not octal),
 * a {..} list or trace-cmd's ARRAY[..] of hex bytes a list, the rest a string; any byte a
 * kernel comm may hold kept valid JSON.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <json-c/json.h>

#include "capsim/capsim.h"
#include "sink_fixture.h"

static struct capsim_trace_event event(const char *comm, const struct capsim_trace_field *f,
				       unsigned n)
{
	struct capsim_trace_event ev;

	memset(&ev, 0, sizeof(ev));
	ev.size = sizeof(ev);
	ev.kind = CAPSIM_TRACE_EVENT;
	ev.ts_ns = 1234567890123ull; /* 1234.567890123 s */
	ev.cpu = 3;
	ev.pid = 77;
	ev.tgid = -1;
	ev.comm = comm;
	ev.name = "sched_wakeup";
	ev.fields = f;
	ev.nr_fields = n;
	return ev;
}

/* @ev written, its text in *@text, parsed */
static struct json_object *write_parse(const struct capsim_trace_event *ev, char **text)
{
	FILE *fp = tmpfile();
	struct json_object *o;
	size_t n = 0;

	assert_non_null(fp);
	assert_int_equal(capsim_trace_write_jsonl(ev, fp), 0);
	*text = fx_slurp(fp, &n);
	fclose(fp);
	assert_non_null(*text);
	assert_true(n > 0 && (*text)[n - 1] == '\n' && !strchr(*text, '\n')[1]); /* one line */
	o = json_tokener_parse(*text);
	if (!o)
		fail_msg("not JSON: %s", *text);
	return o;
}

static struct json_object *get(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v))
		fail_msg("no \"%s\"", key);
	return v;
}

static void test_context_and_types(void **state)
{
	static const struct capsim_trace_field f[] = {
		{ "comm", "rt-app" },       /* a field named like a context key: no clash */
		{ "pid", "1710" },
		{ "target_cpu", "002" },    /* %03d */
		{ "state", "0x100" },       /* hex */
		{ "cpus", "{1,2,3}" },      /* libtraceevent's array */
		{ "raw", "ARRAY[0a, ff]" }, /* trace-cmd's bytes, hex without 0x */
		{ "prev_state", "R+" },
		{ "neg", "-5" },
		{ "mixed", "{1,x}" },
	};
	struct capsim_trace_event ev = event("task-1", f, sizeof(f) / sizeof(f[0]));
	struct json_object *o, *fields, *a;
	char *text;

	o = write_parse(&ev, &text);
	/* 1234567890123 ns: 1234 s and 567890123 ns, all nine digits */
	assert_non_null(strstr(text, "\"ts\":1234.567890123,"));
	assert_int_equal(json_object_get_int(get(o, "cpu")), 3);
	assert_string_equal(json_object_get_string(get(o, "comm")), "task-1");
	assert_int_equal(json_object_get_int(get(o, "pid")), 77);
	assert_string_equal(json_object_get_string(get(o, "event")), "sched_wakeup");
	assert_false(json_object_object_get_ex(o, "tgid", NULL)); /* tgid < 0: none */
	assert_false(json_object_object_get_ex(o, "failed_to_parse", NULL));
	fields = get(o, "fields");
	assert_string_equal(json_object_get_string(get(fields, "comm")), "rt-app");
	assert_true(json_object_is_type(get(fields, "pid"), json_type_int));
	assert_int_equal(json_object_get_int(get(fields, "pid")), 1710);
	assert_int_equal(json_object_get_int(get(fields, "target_cpu")), 2);
	assert_int_equal(json_object_get_int(get(fields, "state")), 0x100);
	assert_int_equal(json_object_get_int(get(fields, "neg")), -5);
	a = get(fields, "cpus");
	assert_int_equal(json_object_array_length(a), 3);
	assert_int_equal(json_object_get_int(json_object_array_get_idx(a, 2)), 3);
	a = get(fields, "raw");
	assert_int_equal(json_object_array_length(a), 2);
	assert_int_equal(json_object_get_int(json_object_array_get_idx(a, 0)), 0x0a);
	assert_int_equal(json_object_get_int(json_object_array_get_idx(a, 1)), 0xff);
	assert_true(json_object_is_type(get(fields, "prev_state"), json_type_string));
	assert_string_equal(json_object_get_string(get(fields, "prev_state")), "R+");
	/* not every element an integer: a list of strings */
	a = get(fields, "mixed");
	assert_string_equal(json_object_get_string(json_object_array_get_idx(a, 0)), "1");
	assert_string_equal(json_object_get_string(json_object_array_get_idx(a, 1)), "x");
	json_object_put(o);
	free(text);
}

/* quotes, backslashes, control and high bytes: escaped, each byte back as U+00XX */
static void test_escapes(void **state)
{
	static const char comm[] = "a\"b\\c\td\x7f\xe9";
	struct capsim_trace_event ev = event(comm, NULL, 0);
	struct json_object *o;
	const char *got;
	char *text;

	ev.tgid = 9;
	ev.failed = 1;
	o = write_parse(&ev, &text);
	got = json_object_get_string(get(o, "comm"));
	/* \u007f and \u00e9 come back as the code points U+007F and U+00E9, in UTF-8 */
	assert_string_equal(got, "a\"b\\c\td\x7f\xc3\xa9");
	assert_int_equal(json_object_get_int(get(o, "tgid")), 9);
	assert_true(json_object_get_boolean(get(o, "failed_to_parse")));
	json_object_put(o);
	free(text);
}

static void test_lost(void **state)
{
	struct capsim_trace_event ev = event("<idle>", NULL, 0);
	struct json_object *o;
	char *text;

	ev.kind = CAPSIM_TRACE_LOST;
	ev.lost = 42;
	o = write_parse(&ev, &text);
	assert_int_equal(json_object_get_int(get(o, "lost")), 42);
	assert_int_equal(json_object_object_length(get(o, "fields")), 0);
	json_object_put(o);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_context_and_types),
		cmocka_unit_test(test_escapes),
		cmocka_unit_test(test_lost),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
