// SPDX-License-Identifier: MIT
/*
 * test_report.c - tests src/output/report.c, capsim_summary_write() and capsim_compare_write():
 * the arguments they refuse (CAPSIM_ERR_INVALID: NULLs, an unknown format, runs that are not of
 * one scenario or lack pressure metrics), a stream that cannot be written (CAPSIM_ERR_IO), and
 * that each format reaches its writer (the first line of each, as docs/formats.md has it).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "sink_fixture.h"
#include "summary_fixture.h"

static char *written(const capsim_summary *s, enum capsim_report_format format)
{
	FILE *fp = tmpfile();
	char *text;

	assert_non_null(fp);
	assert_int_equal(capsim_summary_write(s, format, fp), 0);
	text = fx_slurp(fp, NULL);
	fclose(fp);
	return text;
}

static void test_summary_write(void **state)
{
	struct sx x;
	capsim_summary *s = sx_build(&x);
	FILE *ro = fopen("/dev/null", "r"), *fp = tmpfile();
	char *text;

	text = written(s, CAPSIM_REPORT_TEXT);
	assert_int_equal(strncmp(text, "capsim simulate: platform board,", 32), 0);
	free(text);
	text = written(s, CAPSIM_REPORT_JSON);
	assert_int_equal(strncmp(text, "{\"platform\": \"board\"", 20), 0);
	free(text);
	assert_int_equal(capsim_summary_write(NULL, CAPSIM_REPORT_TEXT, fp), CAPSIM_ERR_INVALID);
	assert_int_equal(capsim_summary_write(s, CAPSIM_REPORT_TEXT, NULL), CAPSIM_ERR_INVALID);
	assert_int_equal(capsim_summary_write(s, (enum capsim_report_format)7, fp), CAPSIM_ERR_INVALID);
	/* a stream opened for reading: every write fails */
	assert_non_null(ro);
	assert_int_equal(capsim_summary_write(s, CAPSIM_REPORT_JSON, ro), CAPSIM_ERR_IO);
	fclose(ro);
	fclose(fp);
}

static void test_compare_write(void **state)
{
	struct sx x, y;
	capsim_summary *a = sx_build(&x), *b = sx_build(&y);
	const capsim_summary *runs[2] = { a, b };
	FILE *fp = tmpfile();
	char *text;

	a->has_pressure_metrics = b->has_pressure_metrics = 1;
	b->model = CAPSIM_MODEL_V6_9;
	assert_int_equal(capsim_compare_write(runs, 2, CAPSIM_REPORT_JSON, fp), 0);
	text = fx_slurp(fp, NULL);
	assert_int_equal(strncmp(text, "{\"models\": {", 12), 0);
	free(text);
	assert_int_equal(capsim_compare_write(NULL, 2, CAPSIM_REPORT_TEXT, fp), CAPSIM_ERR_INVALID);
	assert_int_equal(capsim_compare_write(runs, 0, CAPSIM_REPORT_TEXT, fp), CAPSIM_ERR_INVALID);
	assert_int_equal(capsim_compare_write(runs, CAPSIM_MODEL_COUNT + 1, CAPSIM_REPORT_TEXT, fp),
			 CAPSIM_ERR_INVALID);
	assert_int_equal(capsim_compare_write(runs, 2, (enum capsim_report_format)7, fp),
			 CAPSIM_ERR_INVALID);
	/* every run needs its pressure metrics */
	b->has_pressure_metrics = 0;
	assert_int_equal(capsim_compare_write(runs, 2, CAPSIM_REPORT_TEXT, fp), CAPSIM_ERR_INVALID);
	b->has_pressure_metrics = 1;
	/* runs of one scenario: the same tasks, CPUs and policies */
	b->nr_tasks = 1;
	assert_int_equal(capsim_compare_write(runs, 2, CAPSIM_REPORT_TEXT, fp), CAPSIM_ERR_INVALID);
	b->nr_tasks = 2;
	capsim_cpumask_set(&y.policies[1].cpus, 1);
	assert_int_equal(capsim_compare_write(runs, 2, CAPSIM_REPORT_TEXT, fp), CAPSIM_ERR_INVALID);
	y.policies[1] = x.policies[1];
	y.policies[1].cpu = 1;
	assert_int_equal(capsim_compare_write(runs, 2, CAPSIM_REPORT_TEXT, fp), CAPSIM_ERR_INVALID);
	y.policies[1].cpu = 2;
	assert_int_equal(capsim_compare_write(runs, 2, CAPSIM_REPORT_TEXT, fp), 0);
	fclose(fp);
	assert_string_equal(report_stop_reason(CAPSIM_STOP_MAX_EVENTS), "max_events");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_summary_write),
		cmocka_unit_test(test_compare_write),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
