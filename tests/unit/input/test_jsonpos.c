// SPDX-License-Identifier: MIT
/*
 * test_jsonpos.c - tests src/input/jsonpos.c: the key position index must see the text as json-c's
 * non-strict tokener does (comments and strings that look like keys, escapes, single quotes,
 * duplicates) and count lines and UTF-8 columns from 1. Positions are counted by hand in the
 * comments.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "input/jsonpos.h"

static struct jsonpos *build(const char *text)
{
	struct jsonpos *idx = NULL;

	assert_int_equal(jsonpos_build(text, strlen(text), &idx), 0);
	assert_non_null(idx);
	return idx;
}

static void assert_at(struct jsonpos_at at, unsigned line, unsigned col)
{
	if (at.line != line || at.col != col)
		fail_msg("at %u:%u, expected %u:%u", at.line, at.col, line, col);
}

static void test_nested(void **state)
{
	/* line 1 "{", line 2 ` "a": {` (key at col 2), line 3 `\t"b": 1}}` (key at col 2) */
	struct jsonpos *idx = build("{\n \"a\": {\n\t\"b\": 1}}");
	int a = jsonpos_child(idx, 0, "a");

	assert_true(a > 0);
	assert_at(jsonpos_key(idx, 0, "a"), 2, 2);
	assert_at(jsonpos_key(idx, a, "b"), 3, 2);
	/* "b" is a number, not an object */
	assert_int_equal(jsonpos_child(idx, a, "b"), -1);
	/* an unknown key falls back to its object's '{' (line 2, col 7) */
	assert_at(jsonpos_key(idx, a, "zz"), 2, 7);
	assert_at(jsonpos_key(idx, -1, "a"), 1, 1);
	jsonpos_free(idx);
}

static void test_comments_and_strings(void **state)
{
	/*
	 * A key in a comment and a string value holding `"k": {` must not be indexed; the real
	 * "k" is on line 3 at column 3 (two blanks before it).
	 */
	struct jsonpos *idx = build("{/* \"k\": 1 */ \"s\": \"\\\"k\\\": {\", // \"k\"\n"
				    "\"x\": [ {\"k\": 2}, 3 ],\n  \"k\": 'v'}");

	assert_at(jsonpos_key(idx, 0, "k"), 3, 3);
	assert_at(jsonpos_key(idx, 0, "x"), 2, 1);
	assert_at(jsonpos_key(idx, 0, "s"), 1, 15);
	jsonpos_free(idx);
}

static void test_escapes_and_quotes(void **state)
{
	/* "\u0041b" is the key "Ab"; 'q' single-quoted; "\ud83d\ude00" is U+1F600 (4 UTF-8 bytes) */
	struct jsonpos *idx = build("{\"\\u0041b\": 1, 'q': {}, \"\\ud83d\\ude00\": 2, \"a\\u0000z\": 3}");

	assert_at(jsonpos_key(idx, 0, "Ab"), 1, 2);
	assert_true(jsonpos_child(idx, 0, "q") > 0);
	assert_at(jsonpos_key(idx, 0, "\xf0\x9f\x98\x80"), 1, 25);
	/* json-c's C string stops at the NUL: the key is "a" */
	assert_at(jsonpos_key(idx, 0, "a"), 1, 44);
	jsonpos_free(idx);
}

static void test_duplicates_last_wins(void **state)
{
	/*
	 * json-c keeps the value of the last "d": its position and its object are the second's.
	 * Line 2 is `"d": {"y": 2}}`: "d" 1-3, ':' 4, blank 5, '{' 6, "y" at 7.
	 */
	struct jsonpos *idx = build("{\"d\": {\"x\": 1},\n\"d\": {\"y\": 2}}");
	int d = jsonpos_child(idx, 0, "d");

	assert_at(jsonpos_key(idx, 0, "d"), 2, 1);
	assert_at(jsonpos_key(idx, d, "y"), 2, 7);
	jsonpos_free(idx);
}

/*
 * A key given twice in one object is refused with both positions: the first duplicate in text
 * order of its second occurrence, a key of another object (or of an array's object) is no
 * duplicate, and keys cut at a decoded NUL are the same key to json-c.
 */
#define DUP_Q "{\"q\\\"\": 1, \"q\\\"\": 2}"

static void test_refuse_duplicate(void **state)
{
	capsim_error err = { 0 };
	struct jsonpos *idx;

	/* "a" in two objects, "b" in two objects of an array: all distinct */
	idx = build("{\"a\": {\"a\": 1}, \"l\": [{\"b\": 1}, {\"b\": 2}], \"b\": 3}");
	assert_int_equal(jsonpos_refuse_duplicate(idx, "f.json", NULL, &err), 0);
	jsonpos_free(idx);
	/*
	 * Line 1 `{"x": 1, "y": {"z": 1,` ("x" col 2, "z" col 16); line 2 ` "z": 2}, "x": 3,` ("z"
	 * col 2, "x" col 11); line 3 `"y": 4}`: "z" repeats before "x" or "y" do.
	 */
	idx = build("{\"x\": 1, \"y\": {\"z\": 1,\n \"z\": 2}, \"x\": 3,\n\"y\": 4}");
	assert_int_equal(jsonpos_refuse_duplicate(idx, "f.json", NULL, &err), CAPSIM_ERR_PARSE);
	assert_string_equal(err.msg, "f.json:2:2: key \"z\" given twice in one object (first at "
			    "f.json:1:16; json-c would keep one value silently: expected each key "
			    "once)");
	/* no file: positions alone; a hint goes after the reason */
	assert_int_equal(jsonpos_refuse_duplicate(idx, NULL, ", H", &err), CAPSIM_ERR_PARSE);
	assert_string_equal(err.msg, "2:2: key \"z\" given twice in one object (first at 1:16; "
			    "json-c would keep one value silently, H: expected each key once)");
	jsonpos_free(idx);
	/* "t\u0000x" and "t\u0000y" are both "t"; a quote in a key is shown as \x22 */
	idx = build("{\"t\\u0000x\": 1, \"t\\u0000y\": 2, \"q\\\"\": 1, \"q\\\"\": 2}");
	assert_int_equal(jsonpos_check_duplicates(DUP_Q, strlen(DUP_Q), "g", &err),
			 CAPSIM_ERR_PARSE);
	/* `{"q\"": 1, "q\"": 2}`: the second "q\"" at column 12 */
	assert_string_equal(err.msg, "g:1:12: key \"q\\x22\" given twice in one object (first at "
			    "g:1:2; json-c would keep one value silently: expected each key once)");
	assert_int_equal(jsonpos_refuse_duplicate(idx, "f", NULL, &err), CAPSIM_ERR_PARSE);
	assert_non_null(strstr(err.msg, "f:1:17: key \"t\" given twice"));
	jsonpos_free(idx);
}

static void test_utf8_columns(void **state)
{
	/*
	 * "é" is 2 bytes but one column: the key after `{"é": 1, ` starts at column 10; the text
	 * is 16 characters, so an offset past its end is column 17.
	 */
	struct jsonpos *idx = build("{\"\xc3\xa9\": 1, \"k\": 2}");

	assert_at(jsonpos_key(idx, 0, "k"), 1, 10);
	assert_at(jsonpos_offset(idx, 1000), 1, 17);
	jsonpos_free(idx);
}

/*
 * A line position written beside the text as it is generated, then read back from the index:
 * the test's own count of lines and UTF-8 characters, byte by byte.
 */
struct walk {
	unsigned line, col;
};

static void walk_to(const char *text, size_t from, size_t to, struct walk *w)
{
	for (size_t i = from; i < to; i++) {
		if (text[i] == '\n') {
			w->line++;
			w->col = 1;
		} else if (((unsigned char)text[i] & 0xc0) != 0x80) {
			w->col++;
		}
	}
}

#define LONG_KEYS 3000

static void test_long_line(void **state)
{
	/*
	 * 3000 keys on one line (about 90 KB), their values holding 2- and 3-byte characters so
	 * that character and byte counts drift apart and characters straddle every alignment; a
	 * newline after key 2000 so that a line also starts mid-text. Every key's position and
	 * every byte offset's must be the walk's.
	 */
	static char text[LONG_KEYS * 40 + 16];
	static size_t key_off[LONG_KEYS];
	struct walk w = { 1, 1 }, at[LONG_KEYS];
	struct jsonpos *idx;
	size_t n = 0, prev = 0;
	char key[16];

	n += (size_t)sprintf(text + n, "{");
	for (unsigned k = 0; k < LONG_KEYS; k++) {
		key_off[k] = n;
		n += (size_t)sprintf(text + n, "\"k%u\": \"%.*s\"%s%s", k, (int)(k % 7) * 2,
				     "\xc3\xa9\xe2\x82\xac\xc3\xa9x\xe2\x82\xacyz", k + 1 < LONG_KEYS ? ", " : "",
				     k == 2000 ? "\n" : "");
	}
	n += (size_t)sprintf(text + n, "}");
	for (unsigned k = 0; k < LONG_KEYS; k++) {
		walk_to(text, prev, key_off[k], &w);
		at[k] = w;
		prev = key_off[k];
	}
	idx = build(text);
	for (unsigned k = 0; k < LONG_KEYS; k++) {
		sprintf(key, "k%u", k);
		assert_at(jsonpos_key(idx, 0, key), at[k].line, at[k].col);
	}
	w = (struct walk){ 1, 1 };
	for (size_t i = 0; i <= n; i++) {
		assert_at(jsonpos_offset(idx, i), w.line, w.col);
		walk_to(text, i, i + 1, &w); /* text[n] is the NUL, past the last check */
	}
	jsonpos_free(idx);
	/* the end of texts of every length modulo the stride, with and without a last newline */
	for (size_t len = n - 200; len <= n; len++) {
		struct jsonpos *part = NULL;
		char save = text[len];

		text[len] = '\0';
		assert_int_equal(jsonpos_build(text, len, &part), 0);
		w = (struct walk){ 1, 1 };
		walk_to(text, 0, len, &w);
		assert_at(jsonpos_offset(part, len), w.line, w.col);
		jsonpos_free(part);
		text[len] = save;
	}
}

/*
 * The object values of a node, in text order, each with its bytes: "a" twice (both objects),
 * not "b" (a number) nor the object inside the array; an unclosed object has no span.
 */
static void test_children_and_spans(void **state)
{
	static const char text[] = "{\"t\": {\"a\": {\"x\": 1}, \"b\": 2, \"c\": {},\n"
				   "\"a\": {\"y\": [{\"z\": 1}]}}, \"u\": {\"v\": {";
	const char *a1 = strstr(text, "{\"x\""), *c = strstr(text, "{}"), *a2 = strstr(text, "{\"y\"");
	struct jsonpos *idx = build(text);
	int t = jsonpos_child(idx, 0, "t"), n1, n2, n3, u;
	size_t start, end;

	n1 = jsonpos_next_child(idx, t, -1);
	n2 = jsonpos_next_child(idx, t, n1);
	n3 = jsonpos_next_child(idx, t, n2);
	assert_int_equal(jsonpos_next_child(idx, t, n3), -1);
	assert_int_equal(n3, jsonpos_child(idx, t, "a"));
	assert_int_equal(n2, jsonpos_child(idx, t, "c"));
	assert_int_equal(jsonpos_span(idx, n1, &start, &end), 0);
	assert_int_equal(start, a1 - text);
	assert_int_equal(end, a1 - text + 8);     /* {"x": 1} */
	assert_int_equal(jsonpos_span(idx, n2, &start, &end), 0);
	assert_int_equal(start, c - text);
	assert_int_equal(end, c - text + 2);
	assert_int_equal(jsonpos_span(idx, n3, &start, &end), 0);
	assert_int_equal(start, a2 - text);
	assert_int_equal(end, a2 - text + 17);    /* {"y": [{"z": 1}]} */
	assert_true(jsonpos_has_key(idx, t, "b"));
	assert_false(jsonpos_has_key(idx, t, "x"));
	u = jsonpos_child(idx, 0, "u");
	assert_int_equal(jsonpos_span(idx, u, &start, &end), -1);
	assert_int_equal(jsonpos_span(idx, jsonpos_child(idx, u, "v"), &start, &end), -1);
	assert_int_equal(jsonpos_span(idx, -1, &start, &end), -1);
	jsonpos_free(idx);
}

/* jsonpos_plain_object(): what any reader reads as the index does, object values aside */
static void test_plain_object(void **state)
{
	static const char *const plain[] = {
		"{}", "{\"a\": {}}", "{ \"a\" :\t{\"x\": /* c */ 1},\r\n\"b\":{\"y\": [1, 'q']}, }",
		"{\"a b\": {}, \"\xc3\xa9\": {}}",
	};
	static const char *const not_plain[] = {
		"{\"a\": {}, /* c */ \"b\": {}}", "{\"a\": {} // c\n}", "{'a': {}}",
		"{\"a\\u0062\": {}}", "{\"a\\\"\": {}}", "{\"a\\tb\": {}}", "{\"a\tb\": {}}",
		"{\"a\": 1}", "{\"a\": []}", "{\"a\": {}, \"a\": {}}", "{\"a\": {}\f}",
		"{\"a\": {\"b\": 1}", "{\"a\": {}",
	};
	struct jsonpos *idx;

	for (size_t i = 0; i < sizeof(plain) / sizeof(plain[0]); i++) {
		idx = build(plain[i]);
		if (!jsonpos_plain_object(idx, 0))
			fail_msg("not plain: %s", plain[i]);
		jsonpos_free(idx);
	}
	for (size_t i = 0; i < sizeof(not_plain) / sizeof(not_plain[0]); i++) {
		idx = build(not_plain[i]);
		if (jsonpos_plain_object(idx, 0))
			fail_msg("plain: %s", not_plain[i]);
		jsonpos_free(idx);
	}
	/* a key repeated below it does not count, one of its own does */
	idx = build("{\"a\": {\"x\": 1, \"x\": 2}, \"b\": {\"c\": {}, \"c\": {}}}");
	assert_true(jsonpos_plain_object(idx, 0));
	assert_false(jsonpos_plain_object(idx, jsonpos_child(idx, 0, "b")));
	assert_false(jsonpos_plain_object(idx, -1));
	jsonpos_free(idx);
}

static void test_broken_text(void **state)
{
	/* cut inside a string: what came before is still indexed; never an error */
	struct jsonpos *idx = build("{\"a\": {\"b\": \"unterminated");
	int a = jsonpos_child(idx, 0, "a");

	assert_true(a > 0);
	assert_at(jsonpos_key(idx, a, "b"), 1, 8);
	jsonpos_free(idx);
	idx = build("");
	assert_at(jsonpos_key(idx, 0, "x"), 1, 1);
	jsonpos_free(idx);
	jsonpos_free(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nested),
		cmocka_unit_test(test_comments_and_strings),
		cmocka_unit_test(test_escapes_and_quotes),
		cmocka_unit_test(test_duplicates_last_wins),
		cmocka_unit_test(test_refuse_duplicate),
		cmocka_unit_test(test_utf8_columns),
		cmocka_unit_test(test_long_line),
		cmocka_unit_test(test_children_and_spans),
		cmocka_unit_test(test_plain_object),
		cmocka_unit_test(test_broken_text),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
