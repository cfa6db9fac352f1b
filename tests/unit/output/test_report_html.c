// SPDX-License-Identifier: MIT
/*
 * test_report_html.c - tests src/output/report_html.c, capsim_report_html(): the page of a
 * recording of the fixture's run (sink_fixture.h) and summary_fixture.h's summary. The data
 * block (<script id="capsim-data" type="application/json">) is cut out and parsed with json-c;
 * its keys and the series, lanes and zones are compared with what the fixture's events say
 * (docs/formats.md, "HTML report": exact series {"dt","v"} of every change, dt from the one
 * before; lanes {"dt","dur","id"}). The page holds no http:// or https://, a platform name
 * cannot open a tag in the title, and text the inputs carry cannot end the data block.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <json-c/json.h>

#include "output/recording.h"
#include "sink_fixture.h"
#include "summary_fixture.h"

#define DATA_OPEN "<script id=\"capsim-data\" type=\"application/json\">"
#define NASTY "{\"x\": \"</script><b>&\"}"

static struct json_object *get(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v))
		fail_msg("no \"%s\" in %.200s", key, json_object_to_json_string(o));
	return v;
}

static struct json_object *idx(struct json_object *a, size_t i)
{
	assert_true(i < json_object_array_length(a));
	return json_object_array_get_idx(a, i);
}

/* @a is the JSON list of the @n integers @want */
static void list_is(struct json_object *a, const int64_t *want, size_t n)
{
	if (json_object_array_length(a) != n)
		fail_msg("%s: %zu values, want %zu", json_object_to_json_string(a),
			 json_object_array_length(a), n);
	for (size_t i = 0; i < n; i++)
		if (json_object_get_int64(idx(a, i)) != want[i])
			fail_msg("%s: [%zu] want %lld", json_object_to_json_string(a), i,
				 (long long)want[i]);
}

#define LIST_IS(a, ...) list_is(a, (const int64_t[]){ __VA_ARGS__ }, \
				sizeof((const int64_t[]){ __VA_ARGS__ }) / sizeof(int64_t))

static struct capsim_recording *recorded(void)
{
	static struct fx_run r;
	struct capsim_recording *rec = recording_new(FX_NR_CPUS, FX_T_END);

	fx_build(&r);
	assert_non_null(rec);
	for (unsigned i = 0; i < r.n; i++)
		recording_event(rec, &r.ev[i]);
	recording_end(rec, FX_T_END);
	return rec;
}

static char *page(const capsim_recording *rec, const capsim_summary *sum)
{
	struct capsim_report_inputs in = { sizeof(in), "capsim simulate x.json", "x.json", NASTY, NULL };
	const capsim_recording *recs[1] = { rec };
	const capsim_summary *sums[1] = { sum };
	FILE *fp = tmpfile();
	char *html;

	assert_int_equal(capsim_report_html(recs, sums, 1, &in, fp), 0);
	html = fx_slurp(fp, NULL);
	fclose(fp);
	assert_non_null(html);
	return html;
}

static void test_page(void **state)
{
	struct sx x;
	capsim_summary *sum = sx_build(&x);
	struct capsim_recording *rec = recorded();
	struct json_object *d, *run, *cpu, *task, *zone, *pol;
	char *html, *start, *end;

	sum->platform = "b<&d";
	html = page(rec, sum);
	assert_null(strstr(html, "http://"));
	assert_null(strstr(html, "https://"));
	assert_non_null(strstr(html, "<title>capsim report: b__d</title>"));
	start = strstr(html, DATA_OPEN);
	assert_non_null(start);
	start += strlen(DATA_OPEN);
	end = strstr(start, "</script>"); /* the first one ends the block: none inside it */
	assert_non_null(end);
	*end = '\0';
	d = json_tokener_parse(start);
	if (!d)
		fail_msg("the data block is not JSON:\n%.300s", start);
	assert_string_equal(json_object_get_string(get(d, "version")), capsim_version());
	assert_string_equal(json_object_get_string(get(get(d, "inputs"), "command")),
			    "capsim simulate x.json");
	assert_string_equal(json_object_get_string(get(get(d, "inputs"), "scenario_text")), NASTY);
	assert_true(json_object_is_type(get(get(d, "inputs"), "workload_text"), json_type_string));

	run = idx(get(d, "runs"), 0);
	assert_string_equal(json_object_get_string(get(get(run, "summary"), "platform")), "b<&d");
	assert_string_equal(json_object_get_string(get(run, "workload")), "w.json");
	assert_string_equal(json_object_get_string(idx(get(run, "caps"), 0)), "policy2 max 1500000 kHz");
	pol = idx(get(run, "policies"), 0);
	assert_int_equal(json_object_get_int(get(pol, "cpu")), 0);
	LIST_IS(get(pol, "cpus"), 0, 1);
	LIST_IS(get(idx(get(run, "policies"), 1), "cpus"), 2);
	assert_int_equal(json_object_get_int(get(run, "columns")), REC_COLUMNS);

	/* CPU 0's delivered frequency: 1 GHz at 0, the repeat skipped, 800 MHz at FX_T_FREQ */
	cpu = idx(get(run, "cpus"), 0);
	LIST_IS(get(get(get(cpu, "s"), "freq"), "dt"), 0, FX_T_FREQ);
	LIST_IS(get(get(get(cpu, "s"), "freq"), "v"), FX_KHZ_LITTLE, FX_KHZ_LITTLE_NEW);
	/* CPU 1 ran task 0 (a) from FX_T_RUN_A to FX_T_SLEEP_A; its util rose at FX_T_FREQ */
	cpu = idx(get(run, "cpus"), 1);
	LIST_IS(get(get(cpu, "lane"), "dt"), FX_T_RUN_A);
	LIST_IS(get(get(cpu, "lane"), "dur"), FX_T_SLEEP_A - FX_T_RUN_A);
	LIST_IS(get(get(cpu, "lane"), "id"), 0);
	LIST_IS(get(get(get(cpu, "s"), "util"), "dt"), 0, FX_T_FREQ);
	LIST_IS(get(get(get(cpu, "s"), "util"), "v"), 0, FX_UTIL_A);
	/* CPU 2's HW pressure at FX_T_PRESSURE */
	cpu = idx(get(run, "cpus"), 2);
	LIST_IS(get(get(get(cpu, "s"), "hw_pressure"), "dt"), FX_T_PRESSURE);
	LIST_IS(get(get(get(cpu, "s"), "hw_pressure"), "v"), FX_PRESSURE);

	task = idx(get(run, "tasks"), 1);
	assert_string_equal(json_object_get_string(get(task, "name")), "b");
	assert_int_equal(json_object_get_int(get(task, "pid")), FX_PID_B);
	LIST_IS(get(get(task, "lane"), "dt"), FX_T_RUN_B);
	LIST_IS(get(get(task, "lane"), "dur"), FX_T_STOP - FX_T_RUN_B);
	LIST_IS(get(get(task, "lane"), "id"), 2);
	assert_int_equal(json_object_array_length(get(task, "lat_hist")), REC_HIST_BINS);

	zone = idx(get(run, "zones"), 0);
	assert_string_equal(json_object_get_string(get(zone, "name")), "soc");
	LIST_IS(get(get(zone, "s"), "dt"), FX_T_END);
	LIST_IS(get(get(zone, "s"), "v"), FX_TEMP);
	json_object_put(d);
	free(html);
	recording_free(rec);
}

static void test_refused(void **state)
{
	struct sx x;
	capsim_summary *sum = sx_build(&x);
	struct capsim_recording *rec = recorded();
	const capsim_recording *recs[1] = { rec }, *none[1] = { NULL };
	const capsim_summary *sums[1] = { sum };
	FILE *fp = tmpfile();

	assert_int_equal(capsim_report_html(recs, sums, 0, NULL, fp), CAPSIM_ERR_INVALID);
	assert_int_equal(capsim_report_html(none, sums, 1, NULL, fp), CAPSIM_ERR_INVALID);
	assert_int_equal(capsim_report_html(recs, sums, CAPSIM_MODEL_COUNT + 1, NULL, fp),
			 CAPSIM_ERR_INVALID);
	rec->columns_only = true; /* no series to draw */
	assert_int_equal(capsim_report_html(recs, sums, 1, NULL, fp), CAPSIM_ERR_INVALID);
	assert_int_equal(ftell(fp), 0); /* nothing written */
	fclose(fp);
	recording_free(rec);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_page),
		cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
