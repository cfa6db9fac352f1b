// SPDX-License-Identifier: MIT
/*
 * test_place_report.c - tests src/output/place_report.c, `capsim place`'s writers. Every case of
 * the placement goldens (tests/data/placement-golden: cases.jsonl with their expected.jsonl,
 * which the kernel's own functions produced, and the RT set) is parsed, placed (place_run())
 * and written by place_write_json(); the line must parse with json-c and equal the kernel's
 * expected object, key for key (json_object_equal(): the schema, the keys present or absent,
 * every number); an RT case's keys are a subset of the kernel's, each with its value. With reasons, the two "..._reason" keys and "model" are added and nothing
 * else changes, and each reason names the CPU its function returned; the table names every CPU.
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

#include "input/place.h"
#include "output/place_report.h"
#include "sink_fixture.h"

#define GOLDEN CAPSIM_TEST_DATA_DIR "/placement-golden/"

static struct json_object *written(const struct place_case *pc, const struct place_result *res,
				   int reasons, char **text)
{
	FILE *fp = tmpfile();
	struct json_object *o;
	size_t n = 0;

	assert_non_null(fp);
	place_write_json(fp, pc, res, reasons);
	*text = fx_slurp(fp, &n);
	fclose(fp);
	assert_true(n > 0 && (*text)[n - 1] == '\n' && !strchr(*text, '\n')[1]); /* one line */
	o = json_tokener_parse(*text);
	if (!o)
		fail_msg("not JSON: %s", *text);
	return o;
}

/*
 * An RT case: the writer prints the decisions and some of the kernel's trace (not its
 * distribute_calls, cpupri_vec or cpupri_trace): the decision keys must be there, and every key
 * it prints must hold the kernel's value.
 */
static int rt_subset(struct json_object *got, struct json_object *want)
{
	static const char *const decisions[] = { "id", "select_task_rq_rt", "find_lowest_rq",
						 "select_task_rq", "distribute_prev_after" };
	struct json_object *w;

	for (unsigned i = 0; i < sizeof(decisions) / sizeof(decisions[0]); i++)
		if (!json_object_object_get_ex(got, decisions[i], NULL))
			return 0;
	json_object_object_foreach(got, key, val)
		if (!json_object_object_get_ex(want, key, &w) || !json_object_equal(val, w))
			return 0;
	return 1;
}

/* each case of @cases placed and written against its line of @expected; Return: the count */
static unsigned run_golden(const char *cases, const char *expected, int check_reasons)
{
	FILE *fc = fopen(cases, "r"), *fe = fopen(expected, "r");
	char *lc = NULL, *le = NULL;
	size_t nc = 0, ne = 0;
	unsigned n = 0;

	assert_non_null(fc);
	assert_non_null(fe);
	while (getline(&lc, &nc, fc) > 0) {
		struct place_case *pc = malloc(sizeof(*pc));
		struct place_result *res = calloc(1, sizeof(*res));
		struct json_object *want, *got;
		capsim_error err;
		char *text;

		assert_non_null(pc);
		assert_non_null(res);
		assert_true(getline(&le, &ne, fe) > 0);
		place_case_init(pc);
		if (place_case_parse(pc, lc, strlen(lc), PLACE_CASE, CAPSIM_MODEL_V6_10, &err) ||
		    place_case_finish(pc, &err))
			fail_msg("case %u: %s", n, err.msg);
		place_run(pc, res);
		want = json_tokener_parse(le);
		assert_non_null(want);
		got = written(pc, res, 0, &text);
		if (pc->is_rt ? !rt_subset(got, want) : !json_object_equal(got, want))
			fail_msg("case %u\ngot  %s\nwant %s", n, text, le);
		json_object_put(got);
		free(text);
		if (check_reasons && !pc->is_rt) {
			struct json_object *v;
			char cpu[16];

			got = written(pc, res, 1, &text);
			assert_string_equal(json_object_get_string(json_object_object_get(got, "model")),
					    "v6.10");
			assert_true(json_object_object_get_ex(got, "select_idle_capacity_reason", &v));
			snprintf(cpu, sizeof(cpu), "CPU%d", res->select_idle_capacity >= 0 ?
				 res->select_idle_capacity : pc->task.prev_cpu);
			if (!strstr(json_object_get_string(v), cpu))
				fail_msg("case %u: \"%s\" names no %s", n, json_object_get_string(v), cpu);
			assert_true(json_object_object_get_ex(got, "feec_reason", &v));
			/* and otherwise the same object */
			json_object_object_del(got, "model");
			json_object_object_del(got, "select_idle_capacity_reason");
			json_object_object_del(got, "feec_reason");
			assert_true(json_object_equal(got, want));
			json_object_put(got);
			free(text);
		}
		json_object_put(want);
		place_case_free(pc);
		free(pc);
		free(res);
		n++;
	}
	assert_true(getline(&le, &ne, fe) <= 0);
	free(lc);
	free(le);
	fclose(fc);
	fclose(fe);
	return n;
}

static void test_fair_golden(void **state)
{
	assert_int_equal(run_golden(GOLDEN "cases.jsonl", GOLDEN "expected.jsonl", 1), 300);
	assert_true(run_golden(GOLDEN "hand_cases.jsonl", GOLDEN "hand_expected.jsonl", 1) > 0);
}

static void test_rt_golden(void **state)
{
	assert_true(run_golden(GOLDEN "rt/cases.jsonl", GOLDEN "rt/expected.jsonl", 0) > 0);
}

/* the table: a row per CPU, the two decisions */
static void test_table(void **state)
{
	FILE *fc = fopen(GOLDEN "cases.jsonl", "r"), *fp = tmpfile();
	struct place_case *pc = malloc(sizeof(*pc));
	struct place_result *res = calloc(1, sizeof(*res));
	char *line = NULL, *text;
	size_t n = 0;
	capsim_error err;

	assert_true(getline(&line, &n, fc) > 0);
	place_case_init(pc);
	assert_int_equal(place_case_parse(pc, line, strlen(line), PLACE_CASE, CAPSIM_MODEL_V6_10, &err), 0);
	assert_int_equal(place_case_finish(pc, &err), 0);
	place_run(pc, res);
	place_write_table(fp, pc, res);
	text = fx_slurp(fp, NULL);
	for (unsigned c = 0; c < pc->rd.nr_cpus; c++) {
		char row[16];

		snprintf(row, sizeof(row), "\n%3u ", c); /* "CPU" column, right-aligned */
		if (!strstr(text, row))
			fail_msg("no row for CPU %u in\n%s", c, text);
	}
	assert_non_null(strstr(text, "select_idle_capacity"));
	assert_non_null(strstr(text, "find_energy_efficient_cpu"));
	free(text);
	free(line);
	fclose(fp);
	fclose(fc);
	place_case_free(pc);
	free(pc);
	free(res);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fair_golden),
		cmocka_unit_test(test_rt_golden),
		cmocka_unit_test(test_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
