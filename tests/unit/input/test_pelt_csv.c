// SPDX-License-Identifier: MIT
/* test_pelt_csv.c - tests src/input/pelt_csv.c: what the PELT CSV parser accepts, rejects, and prints. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "capsim/capsim.h"

#define H CAPSIM_PELT_CSV_IN_HEADER

static int parse(const char *text, struct capsim_pelt_csv *csv, capsim_error *err)
{
	return capsim_pelt_csv_parse(text, strlen(text), "t.csv", csv, err);
}

static void test_accepts(void **state)
{
	struct capsim_pelt_csv csv = CAPSIM_SIZED(struct capsim_pelt_csv);
	capsim_error err = { 0 };

	/* BOM, CRLF, max u64 values, running at INT_MAX, trailing blank lines */
	assert_int_equal(parse("\xef\xbb\xbf" H "\r\n18446744073709551615,0,007,2147483647,18446744073709551615\r\n"
			       "5,1,1,1,1\n\n\r\n", &csv, &err), 0);
	assert_int_equal(csv.nrows, 2);
	assert_true(csv.rows[0].now_ns == UINT64_MAX);
	assert_true(csv.rows[0].runnable == 7);
	assert_int_equal(csv.rows[0].running, 2147483647);
	assert_true(csv.rows[0].weight == UINT64_MAX);
	assert_true(csv.rows[1].now_ns == 5 && csv.rows[1].load == 1);
	capsim_pelt_csv_free(&csv);
	/* a header alone: no rows, no error */
	assert_int_equal(parse(H, &csv, &err), 0);
	assert_int_equal(csv.nrows, 0);
	capsim_pelt_csv_free(&csv);
}

static void test_rejects(void **state)
{
	static const struct { const char *text; int code; const char *msg; } cases[] = {
		{ "", CAPSIM_ERR_PARSE, "t.csv:1:1: empty file" },
		{ "\n\n", CAPSIM_ERR_PARSE, "t.csv:1:1: empty file" },
		{ "1,2,3,4,5\n", CAPSIM_ERR_PARSE, "t.csv:1:1: no header" },
		{ H ",x\n", CAPSIM_ERR_PARSE, "t.csv:1:36: header has too many fields" },
		{ H "\n1,2,3,4,18446744073709551616\n", CAPSIM_ERR_RANGE, "t.csv:2:9: weight: '18446744073709551616' is beyond 64 bits" },
		{ H "\n1,2,3,2147483648,5\n", CAPSIM_ERR_RANGE, "t.csv:2:7: running: 2147483648 is out of range" },
		{ H "\n1,2,3,4,5\n1,2,3,4,+5\n", CAPSIM_ERR_PARSE, "t.csv:3:9: weight: '+5' is not a decimal" },
		{ H "\n1,2,3,4,5\r\r\n", CAPSIM_ERR_PARSE, "t.csv:2:9: weight: '5\\x0d' is not a decimal" },
		{ H "\n1,2,3,4,5\n\n1,2,3,4,5", CAPSIM_ERR_PARSE, "t.csv:3:1: empty line" },
		{ H "\n-0,2,3,4,5\n", CAPSIM_ERR_PARSE, "t.csv:2:1: now_ns: negative value '-0'" },
		{ H "\n1,2,3,4,5,\n", CAPSIM_ERR_PARSE, "t.csv:2:10: extra field" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct capsim_pelt_csv csv = CAPSIM_SIZED(struct capsim_pelt_csv);
		capsim_error err = { 0 };
		assert_int_equal(parse(cases[i].text, &csv, &err), cases[i].code);
		assert_int_equal(err.code, cases[i].code);
		if (strncmp(err.msg, cases[i].msg, strlen(cases[i].msg)))
			fail_msg("case %zu: got '%s', expected it to start with '%s'", i, err.msg, cases[i].msg);
		assert_null(csv.rows);
	}
}

/* A long field is shown cut to 40 bytes with "..." so messages stay one readable line. */
static void test_long_field_is_cut(void **state)
{
	char text[200];
	struct capsim_pelt_csv csv = CAPSIM_SIZED(struct capsim_pelt_csv);
	capsim_error err = { 0 };

	snprintf(text, sizeof(text), H "\n1,%s,1,1,1\n", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
	assert_int_equal(parse(text, &csv, &err), CAPSIM_ERR_PARSE);
	assert_non_null(strstr(err.msg, "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"));
}

/*
 * The replay prints the fields of struct sched_avg in the contract's order. Row 2 of
 * always_running.out.csv (kernel output): from zero, 1 ms running = 976 units, no period.
 */
static void test_replay_line(void **state)
{
	struct capsim_sched_avg sa = { 0 };
	struct capsim_pelt_row r0 = { .now_ns = 0, .load = 1, .runnable = 1, .running = 1, .weight = 1024 };
	struct capsim_pelt_row r1 = { .now_ns = 1000000, .load = 1, .runnable = 1, .running = 1, .weight = 1024 };
	char line[CAPSIM_PELT_CSV_LINE_MAX];

	assert_int_equal(capsim_pelt_csv_replay_row(&sa, &r0, line), strlen("0,0,0,0,0,0,0,0,0,0\n"));
	assert_string_equal(line, "0,0,0,0,0,0,0,0,0,0\n");
	capsim_pelt_csv_replay_row(&sa, &r1, line);
	assert_string_equal(line, "1000000,0,976,999424,999424,976,0,0,0,999424\n");
	/* the widest line fits: ten 20-digit fields */
	sa = (struct capsim_sched_avg){ UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT32_MAX, UINT32_MAX,
					UINT64_MAX, UINT64_MAX, UINT64_MAX };
	assert_true(capsim_pelt_csv_format_line(UINT64_MAX, 1, &sa, line) < CAPSIM_PELT_CSV_LINE_MAX);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_accepts),
		cmocka_unit_test(test_rejects),
		cmocka_unit_test(test_long_field_is_cut),
		cmocka_unit_test(test_replay_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
