// SPDX-License-Identifier: MIT
/* test_suggest.c - tests src/suggest.c: capsim_suggest()'s "did you mean" choice. The expected
 * names follow from the rule in include/capsim/capsim.h (one edit per four characters of the
 * name, or a prefix of three characters or more), worked out by hand in the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "capsim/capsim.h"

static const char *const opts[] = { "--duration", "--json", "--hz", "--trace", "--trace-events",
				    "-o", "--output" };
#define N (sizeof(opts) / sizeof(opts[0]))

static void test_typos(void **state)
{
	(void)state;
	assert_string_equal(capsim_suggest("--duraton", opts, N), "--duration");   /* 1 deletion */
	assert_string_equal(capsim_suggest("--druation", opts, N), "--duration");  /* 1 swap */
	assert_string_equal(capsim_suggest("--DURATION", opts, N), "--duration");  /* case */
	assert_string_equal(capsim_suggest("--jsno", opts, N), "--json");          /* 1 swap, len 6 */
	assert_string_equal(capsim_suggest("--trace-event", opts, N), "--trace-events");
	/* 2 edits to "--json" (length 6 allows 1): nothing */
	assert_null(capsim_suggest("--jaso", opts, N));
	/* "-o" (length 2) allows no edit: "-x" gets no guess */
	assert_null(capsim_suggest("-x", opts, N));
	/* "--hx": 1 edit to "--hz" (length 4 allows 1) */
	assert_string_equal(capsim_suggest("--hx", opts, N), "--hz");
}

static void test_prefixes_and_ties(void **state)
{
	static const char *const tie[] = { "abcd", "abce" };

	(void)state;
	/* three letters after the dashes complete the first name they start */
	assert_string_equal(capsim_suggest("--dur", opts, N), "--duration");
	assert_string_equal(capsim_suggest("--out", opts, N), "--output");
	/* "--j" has one letter: no prefix guess, and 3 edits from "--hz" */
	assert_null(capsim_suggest("--j", opts, N));
	/* "abcx" is one edit from both: the first listed wins */
	assert_string_equal(capsim_suggest("abcx", tie, 2), "abcd");
	/* an exact name is no typo; an empty word or list has no guess */
	assert_null(capsim_suggest("--json", opts, N));
	assert_null(capsim_suggest("", opts, N));
	assert_null(capsim_suggest("--json", opts, 0));
}

static void test_models(void **state)
{
	(void)state;
	assert_string_equal(capsim_model_suggest("v6.01"), "v6.10");  /* swap */
	assert_string_equal(capsim_model_suggest("lates"), "latest"); /* prefix */
	assert_string_equal(capsim_model_suggest("nome"), "none");
	assert_null(capsim_model_suggest("v7.0"));                    /* 2 edits from v6.9 */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_typos),
		cmocka_unit_test(test_prefixes_and_ties),
		cmocka_unit_test(test_models),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
