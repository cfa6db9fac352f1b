// SPDX-License-Identifier: MIT
/*
 * test_place.c - tests src/input/place.c: every golden case of tests/data/placement-golden (the
 * kernel's own 6.12 functions, and the v6.9 harness) read, run through src/model/fair.c and compared,
 * field by field, with the kernel's expected results parsed independently by json-c; and the
 * reader's error messages (JSON path, what was expected) on malformed cases and states.
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

static struct place_case pc;
static struct place_result res;

static int64_t jint(json_object *o, const char *key)
{
	json_object *v;

	if (!json_object_object_get_ex(o, key, &v))
		fail_msg("expected line has no \"%s\"", key);
	return json_object_get_int64(v);
}

static json_object *jget(json_object *o, const char *key)
{
	json_object *v = NULL;

	if (!json_object_object_get_ex(o, key, &v))
		fail_msg("expected line has no \"%s\"", key);
	return v;
}

/* {"<cpu>": value} for every CPU */
static void check_cpu_map(json_object *e, const char *key, const int64_t *got, unsigned n)
{
	json_object *m = jget(e, key);

	assert_int_equal(json_object_object_length(m), n);
	for (unsigned c = 0; c < n; c++) {
		char k[16];

		snprintf(k, sizeof(k), "%u", c);
		assert_int_equal(jint(m, k), got[c]);
	}
}

static const char *exit_names[] = { "complete", "no_task_util", "util_changed", "no_domain" };

/* feec_energy / feec_base_energy / feec_delta: derived from the calls, in call order */
static void check_energy_maps(json_object *e, const struct feec_trace *t)
{
	json_object *energy = jget(e, "feec_energy"), *base = jget(e, "feec_base_energy");
	json_object *delta = jget(e, "feec_delta");
	unsigned nr_dst = 0, nr_base = 0;

	for (unsigned i = 0; i < t->nr_calls; i++) {
		const struct feec_energy_call *c = &t->calls[i];
		char k[16];

		if (c->dst_cpu < 0) {
			snprintf(k, sizeof(k), "%u", c->pd);
			assert_int_equal(jint(base, k), c->energy);
			nr_base++;
			continue;
		}
		snprintf(k, sizeof(k), "%d", c->dst_cpu);
		assert_int_equal(jint(energy, k), c->energy);
		/* delta = energy - base energy of the same pd, signed */
		for (unsigned b = 0; b < i; b++)
			if (t->calls[b].pd == c->pd && t->calls[b].dst_cpu < 0)
				assert_int_equal(jint(delta, k),
						 (int64_t)c->energy - (int64_t)t->calls[b].energy);
		nr_dst++;
	}
	assert_int_equal(json_object_object_length(energy), nr_dst);
	assert_int_equal(json_object_object_length(delta), nr_dst);
	assert_int_equal(json_object_object_length(base), nr_base);
}

static void check_trace(json_object *e, const struct feec_trace *t)
{
	json_object *calls = jget(e, "feec_calls"), *fits = jget(e, "feec_fits");

	assert_string_equal(json_object_get_string(jget(e, "feec_exit")), exit_names[t->exit]);
	assert_int_equal(json_object_array_length(calls), t->nr_calls);
	for (unsigned i = 0; i < t->nr_calls; i++) {
		json_object *c = json_object_array_get_idx(calls, i);

		assert_int_equal(jint(c, "pd"), t->calls[i].pd);
		assert_int_equal(jint(c, "dst_cpu"), t->calls[i].dst_cpu);
		assert_int_equal(jint(c, "energy"), t->calls[i].energy);
		assert_int_equal(jint(c, "max_util"), t->calls[i].max_util);
		assert_int_equal(jint(c, "busy_time"), t->calls[i].busy_time);
	}
	assert_int_equal(json_object_array_length(fits), t->nr_fits);
	for (unsigned i = 0; i < t->nr_fits; i++) {
		json_object *f = json_object_array_get_idx(fits, i);

		assert_int_equal(jint(f, "cpu"), t->fits[i].cpu);
		assert_int_equal(jint(f, "util"), t->fits[i].util);
		assert_int_equal(jint(f, "uclamp_min"), t->fits[i].uclamp_min);
		assert_int_equal(jint(f, "uclamp_max"), t->fits[i].uclamp_max);
		assert_int_equal(jint(f, "fits"), t->fits[i].fits);
	}
	check_energy_maps(e, t);
}

static void check_util_arrays(json_object *e, unsigned n)
{
	json_object *cu = jget(e, "cpu_util"), *eu = jget(e, "effective_cpu_util");

	for (unsigned c = 0; c < n; c++) {
		char k[16];

		snprintf(k, sizeof(k), "%u", c);
		for (unsigned i = 0; i < 4; i++)
			assert_int_equal(json_object_get_int64(json_object_array_get_idx(jget(cu, k), i)),
					 res.cpu_util[c][i]);
		for (unsigned i = 0; i < 3; i++)
			assert_int_equal(json_object_get_int64(json_object_array_get_idx(jget(eu, k), i)),
					 res.effective[c][i]);
	}
}

static void check_result(json_object *e)
{
	static const char *const known[] = {
		"id", "task_util_est", "actual_cap", "util_fits_cpu", "select_idle_capacity",
		"feec", "feec_exit", "feec_energy", "feec_base_energy", "feec_delta", "feec_calls",
		"feec_fits", "cpu_util", "effective_cpu_util", "note", NULL
	};
	int64_t v[CAPSIM_MAX_CPUS];
	unsigned n = pc.rd.nr_cpus;

	/* every key of the kernel's line is one we check */
	json_object_object_foreach(e, key, val) {
		unsigned k;

		(void)val;
		for (k = 0; known[k] && strcmp(known[k], key); k++)
			;
		if (!known[k])
			fail_msg("unchecked expected key \"%s\"", key);
	}
	assert_string_equal(json_object_get_string(jget(e, "id")), pc.id);
	assert_int_equal(jint(e, "task_util_est"), res.task_util_est);
	for (unsigned c = 0; c < n; c++)
		v[c] = (int64_t)res.actual_cap[c];
	check_cpu_map(e, "actual_cap", v, n);
	for (unsigned c = 0; c < n; c++)
		v[c] = res.util_fits_cpu[c];
	check_cpu_map(e, "util_fits_cpu", v, n);
	assert_int_equal(jint(e, "select_idle_capacity"), res.select_idle_capacity);
	assert_int_equal(jint(e, "feec"), res.feec);
	check_trace(e, &res.trace);
	check_util_arrays(e, n);
}

/* Runs every case of @cases under @model against the same line of @expected. */
static unsigned run_golden(const char *cases, const char *expected, enum capsim_model model)
{
	char path_c[512], path_e[512], *lc = NULL, *le = NULL;
	size_t nc = 0, ne = 0;
	unsigned count = 0;
	FILE *fc, *fe;

	snprintf(path_c, sizeof(path_c), "%s/placement-golden/%s", CAPSIM_TEST_DATA_DIR, cases);
	snprintf(path_e, sizeof(path_e), "%s/placement-golden/%s", CAPSIM_TEST_DATA_DIR, expected);
	fc = fopen(path_c, "r");
	fe = fopen(path_e, "r");
	assert_non_null(fc);
	assert_non_null(fe);
	while (getline(&lc, &nc, fc) > 0) {
		capsim_error err = { 0 };
		json_object *e;

		assert_true(getline(&le, &ne, fe) > 0);
		place_case_init(&pc);
		if (place_case_parse(&pc, lc, strlen(lc), PLACE_CASE, model, &err) ||
		    place_case_finish(&pc, &err))
			fail_msg("%s:%u: %s", cases, count + 1, err.msg);
		place_run(&pc, &res);
		e = json_tokener_parse(le);
		assert_non_null(e);
		check_result(e);
		json_object_put(e);
		place_case_free(&pc);
		count++;
	}
	assert_true(getline(&le, &ne, fe) <= 0); /* as many results as cases */
	free(lc);
	free(le);
	fclose(fc);
	fclose(fe);
	return count;
}

static void test_golden_6_12(void **state)
{
	assert_int_equal(run_golden("cases.jsonl", "expected.jsonl", CAPSIM_MODEL_V6_10), 300);
	assert_int_equal(run_golden("hand_cases.jsonl", "hand_expected.jsonl", CAPSIM_MODEL_V6_10),
			 23);
	/* the v69 cases are the same lines plus thermal_*, which 6.10 does not read */
	assert_int_equal(run_golden("v69/cases.jsonl", "expected.jsonl", CAPSIM_MODEL_V6_10), 300);
}

static void test_golden_v6_9(void **state)
{
	assert_int_equal(run_golden("v69/cases.jsonl", "v69/expected.jsonl", CAPSIM_MODEL_V6_9),
			 300);
	assert_int_equal(run_golden("v69/hand_cases.jsonl", "v69/hand_expected.jsonl",
				    CAPSIM_MODEL_V6_9),
			 23);
	assert_int_equal(run_golden("v69/extra_cases.jsonl", "v69/extra_expected.jsonl",
				    CAPSIM_MODEL_V6_9),
			 60);
}

/* A small valid case: 2 CPUs in one pd. */
static const char small[] =
	"{\"id\":\"t\",\"uclamp_used\":1,\"platform\":{\"cpus\":[{\"cpu\":0,\"pd\":0,\"arch_cap\":512},"
	"{\"cpu\":1,\"pd\":0,\"arch_cap\":512}],\"pds\":[{\"id\":0,\"cpus\":[0,1],"
	"\"skip_inefficiencies\":0,\"states\":[{\"perf\":256,\"cost\":10,\"inefficient\":0},"
	"{\"perf\":512,\"cost\":30,\"inefficient\":0}]}],\"pd_order\":[0]},"
	"\"cpus\":[%s,%s],\"task\":{\"util\":%s,\"runnable\":100,\"util_est\":0,\"uclamp_min\":0,"
	"\"uclamp_max\":1024,\"prev_cpu\":0,\"allowed\":[0,1]}}";
static const char cpu_ok[] =
	"{\"cpu\":%d,\"idle\":1,\"sched_idle\":0,\"uclamp_idle\":1,\"rt_runnable\":0,\"util_cfs\":0,"
	"\"runnable_cfs\":0,\"util_est_cfs\":0,\"util_rt\":0,\"util_dl\":0,\"util_irq\":0,"
	"\"dl_running_bw\":0,\"hw_load_avg\":0,\"cpufreq_pressure\":0,\"capacity_of\":512,"
	"\"uclamp_min_rq\":0,\"uclamp_max_rq\":%s}";

/* Parses the small case with @util and CPU1's uclamp_max_rq @umax; returns the message. */
static int parse_small(const char *util, const char *umax, enum capsim_model model,
		       capsim_error *err)
{
	char c0[512], c1[512], text[2048];
	int rc;

	snprintf(c0, sizeof(c0), cpu_ok, 0, "1024");
	snprintf(c1, sizeof(c1), cpu_ok, 1, umax);
	snprintf(text, sizeof(text), small, c0, c1, util);
	place_case_init(&pc);
	rc = place_case_parse(&pc, text, strlen(text), PLACE_CASE, model, err);
	place_case_free(&pc);
	return rc;
}

static void test_parse_errors(void **state)
{
	capsim_error err = { 0 };

	assert_int_equal(parse_small("100", "1024", CAPSIM_MODEL_V6_10, &err), 0);
	assert_int_equal(parse_small("\"100\"", "1024", CAPSIM_MODEL_V6_10, &err),
			 CAPSIM_ERR_PARSE);
	assert_string_equal(err.msg, ".task.util: expected an integer, got string");
	assert_int_equal(parse_small("-3", "1024", CAPSIM_MODEL_V6_10, &err), CAPSIM_ERR_RANGE);
	assert_string_equal(err.msg, ".task.util: -3 is negative (expected 0..4294967295)");
	assert_int_equal(parse_small("1.5", "1024", CAPSIM_MODEL_V6_10, &err), CAPSIM_ERR_PARSE);
	assert_string_equal(err.msg, ".task.util: expected an integer, got double");
	assert_int_equal(parse_small("100", "2000", CAPSIM_MODEL_V6_10, &err), CAPSIM_ERR_RANGE);
	assert_string_equal(err.msg,
			    ".cpus[1].uclamp_max_rq: 2000 is out of range (expected 0..1024)");
	/* v6.9 reads thermal_pressure, which this 6.10 case does not carry */
	assert_int_equal(parse_small("100", "1024", CAPSIM_MODEL_V6_9, &err), CAPSIM_ERR_PARSE);
	assert_string_equal(err.msg, ".cpus[0]: no thermal_pressure / thermal_load_avg (expected "
				     "both: the v6.9 model reads them; see placement-golden/v69)");
}

static int parse_text(const char *text, enum place_mode mode, capsim_error *err)
{
	int rc;

	place_case_init(&pc);
	rc = place_case_parse(&pc, text, strlen(text), mode, CAPSIM_MODEL_V6_10, err);
	place_case_free(&pc);
	return rc;
}

static void test_syntax_errors(void **state)
{
	capsim_error err = { 0 };

	assert_int_equal(parse_text("{\"id\": 1", PLACE_CASE, &err), CAPSIM_ERR_PARSE);
	assert_string_equal(err.msg, "1:9: unexpected end of input (expected a complete JSON object)");
	assert_int_equal(parse_text("{\n  \"id\": x}", PLACE_CASE, &err), CAPSIM_ERR_PARSE);
	assert_true(!strncmp(err.msg, "2:9: invalid JSON", 17));
	assert_int_equal(parse_text("{} {}", PLACE_CASE, &err), CAPSIM_ERR_PARSE);
	assert_string_equal(err.msg,
			    "1:4: unexpected text after the JSON object (expected one object)");
	assert_int_equal(parse_text("[1]", PLACE_CASE, &err), CAPSIM_ERR_PARSE);
	assert_string_equal(err.msg, ".: expected an object, got array");
	assert_int_equal(parse_text("{}", PLACE_CASE, &err), CAPSIM_ERR_PARSE);
	assert_string_equal(err.msg, ".id: missing (expected string)");
	/* a state's misspelt key would silently default: rejected */
	assert_int_equal(parse_text("{\"platfrom\":{}}", PLACE_STATE, &err), CAPSIM_ERR_PARSE);
	assert_string_equal(err.msg,
			    ".platfrom: unknown key (did you mean \"platform\"? see docs/formats.md, "
			    "\"Placement states\")");
}

/*
 * A state with defaults: CPU fields left out; capacity_of = scale_rt_capacity() of the model
 * (512 - cpufreq pressure 112 = 400, no RT/DL/IRQ); uclamp_used off as no clamp is set.
 */
static void test_state_defaults(void **state)
{
	static const char text[] =
		"{\"platform\":{\"cpus\":[{\"cpu\":0,\"pd\":0,\"arch_cap\":512}],"
		"\"pds\":[{\"id\":0,\"cpus\":[0],\"skip_inefficiencies\":0,"
		"\"states\":[{\"perf\":512,\"cost\":10,\"inefficient\":0}]}],\"pd_order\":[0]},"
		"\"cpus\":[{\"idle\":1,\"cpufreq_pressure\":112}]}";
	capsim_error err = { 0 };

	place_case_init(&pc);
	assert_int_equal(place_case_parse(&pc, text, strlen(text), PLACE_STATE, CAPSIM_MODEL_V6_10,
					  &err),
			 0);
	assert_int_equal(place_case_finish(&pc, &err), CAPSIM_ERR_INVALID); /* no task yet */
	assert_int_equal(place_task_parse(&pc, "util=100,prev=0", &err), 0);
	assert_int_equal(place_case_finish(&pc, &err), 0);
	assert_int_equal(pc.cpus[0].capacity_of, 400);
	assert_true(pc.cpus[0].uclamp_idle);
	assert_int_equal(pc.cpus[0].uclamp_max_rq, 1024);
	assert_false(pc.rd.uclamp_used);
	assert_int_equal(pc.task.runnable, 100);
	assert_int_equal(place_task_parse(&pc, "util=100,prev=0,uclamp_min=300", &err), 0);
	assert_int_equal(place_case_finish(&pc, &err), 0);
	assert_true(pc.rd.uclamp_used);
	assert_int_equal(place_task_parse(&pc, "util=100", &err), CAPSIM_ERR_PARSE);
	assert_int_equal(place_task_parse(&pc, "util=100,prev=0,uclamp_min=1025", &err),
			 CAPSIM_ERR_RANGE);
	assert_int_equal(place_task_parse(&pc, "util=1,prev=3", &err), 0);
	assert_int_equal(place_case_finish(&pc, &err), CAPSIM_ERR_INVALID); /* no CPU3 */
	place_case_free(&pc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_golden_6_12),
		cmocka_unit_test(test_golden_v6_9),
		cmocka_unit_test(test_parse_errors),
		cmocka_unit_test(test_syntax_errors),
		cmocka_unit_test(test_state_defaults),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
