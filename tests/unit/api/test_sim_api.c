// SPDX-License-Identifier: MIT
/*
 * test_sim_api.c - tests src/api/sim_api.c and the report writers through the public API only
 * (<capsim/capsim.h>): a shipped scenario run as a C program would run it, its summary checked
 * against what its inputs say (scenarios/rk3399-uclamp-ui.json and its workload: an rk3399 with
 * the big cluster capped to 408 MHz, a 60 Hz "ui" task and a 20 Hz "logger" for 10 s), the JSON
 * the library writes parsed back with json-c and held against the structs, the scenario setters'
 * ranges, and two runs in parallel threads giving the JSON of a serial run byte for byte.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <pthread.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "capsim/capsim.h"

#define SCENARIO CAPSIM_SOURCE_DIR "/scenarios/rk3399-uclamp-ui.json"
#define SEC 1000000000ULL

static capsim_summary *run_summary(capsim_scenario *sc)
{
	capsim_sim *s = NULL;
	capsim_summary *sum = NULL;
	capsim_error e = { 0 };

	if (capsim_sim_create(sc, &s, &e) || capsim_sim_run(s, &e) ||
	    capsim_sim_summary(s, &sum, &e))
		fail_msg("%s", e.msg);
	capsim_sim_free(s);
	return sum;
}

/* what the library writes for @sum in @format, NUL-terminated (free() it) */
static char *written(const capsim_summary *sum, enum capsim_report_format format)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(capsim_summary_write(sum, format, f), 0);
	fclose(f);
	return buf;
}

static const struct capsim_task_summary *task_named(const capsim_summary *sum, const char *name)
{
	for (unsigned i = 0; i < sum->nr_tasks; i++)
		if (!strcmp(sum->tasks[i].name, name))
			return &sum->tasks[i];
	fail_msg("no task %s", name);
	return NULL;
}

/*
 * capsim_sim_summary_take() hands the run's runtime per CPU over, widened in place: the same
 * figures and bytes as a copying capsim_sim_summary() of the same run, each task's per-CPU
 * times adding up to its runtime; afterwards the run answers only with CAPSIM_ERR_INVALID.
 */
static void test_summary_take(void **state)
{
	capsim_scenario *sc = NULL;
	capsim_sim *s = NULL;
	capsim_summary *copy = NULL, *taken = NULL, *again = NULL;
	capsim_error e = { 0 };
	unsigned multi = 0;

	(void)state;
	/* the default scenario: its tasks migrate, so lists have several entries to widen */
	assert_int_equal(capsim_scenario_load_default(&sc, &e), 0);
	assert_int_equal(capsim_sim_create(sc, &s, &e), 0);
	assert_int_equal(capsim_sim_run(s, &e), 0);
	assert_int_equal(capsim_sim_summary(s, &copy, &e), 0);
	assert_int_equal(capsim_sim_summary_take(s, &taken, &e), 0);
	assert_int_equal(taken->nr_tasks, copy->nr_tasks);
	for (unsigned i = 0; i < taken->nr_tasks; i++) {
		const struct capsim_task_summary *t = &taken->tasks[i], *c = &copy->tasks[i];
		uint64_t ns = 0;

		assert_int_equal(t->nr_runtime_by_cpu, c->nr_runtime_by_cpu);
		multi += t->nr_runtime_by_cpu > 1;
		for (unsigned k = 0; k < t->nr_runtime_by_cpu; k++) {
			assert_int_equal(t->runtime_by_cpu[k].cpu, c->runtime_by_cpu[k].cpu);
			assert_int_equal(t->runtime_by_cpu[k].ns, c->runtime_by_cpu[k].ns);
			ns += t->runtime_by_cpu[k].ns;
		}
		assert_int_equal(ns, t->runtime_ns);
	}
	assert_true(multi > 0); /* the widening moved entries, not only the first */
	for (int f = CAPSIM_REPORT_TEXT; f <= CAPSIM_REPORT_JSON; f++) {
		char *a = written(copy, (enum capsim_report_format)f);
		char *b = written(taken, (enum capsim_report_format)f);

		assert_string_equal(a, b);
		free(a);
		free(b);
	}
	assert_int_equal(capsim_sim_summary(s, &again, &e), CAPSIM_ERR_INVALID);
	assert_null(again);
	assert_non_null(strstr(e.msg, "capsim_sim_summary_take()"));
	assert_int_equal(capsim_sim_summary_take(s, &again, &e), CAPSIM_ERR_INVALID);
	assert_int_equal(capsim_sim_run(s, &e), CAPSIM_ERR_INVALID);
	capsim_sim_free(s);
	capsim_summary_free(copy);
	capsim_summary_free(taken);
	capsim_scenario_free(sc);
}

/* The summary says what the scenario file and its workload say. */
static void test_summary_matches_inputs(void **state)
{
	capsim_scenario *sc = NULL;
	capsim_error e = { 0 };
	capsim_summary *sum;
	uint64_t task_ns = 0, busy_ns = 0, kthread_ns = 0;
	double energy = 0;

	(void)state;
	assert_int_equal(capsim_scenario_load(SCENARIO, &sc, &e), 0);
	sum = run_summary(sc);
	capsim_scenario_free(sc);

	/* "platform": "rk3399", "duration": "10s", "seed": 1, the "kernel" object */
	assert_string_equal(sum->platform, "rk3399");
	assert_non_null(strstr(sum->workload, "workloads/rk3399-uclamp-ui.json"));
	assert_int_equal(sum->duration_ns, 10 * SEC);
	assert_int_equal(sum->seed, 1);
	assert_int_equal(sum->hz, 250);
	assert_int_equal(sum->governor, CAPSIM_GOV_SCHEDUTIL);
	assert_int_equal(sum->model, CAPSIM_MODEL_V6_10);
	assert_int_equal(sum->uclamp, 1);
	/* "caps": {"policy4": "408MHz"}: one max request from the start */
	assert_int_equal(sum->nr_caps, 1);
	assert_int_equal(sum->caps[0].policy_cpu, 4);
	assert_int_equal(sum->caps[0].max, 1);
	assert_int_equal(sum->caps[0].khz, 408000);
	/* RK3399: CPUs 0-3 (A53) and 4-5 (A72), one policy each */
	assert_int_equal(sum->nr_cpus, 6);
	assert_int_equal(sum->nr_policies, 2);
	assert_int_equal(sum->policies[0].cpu, 0);
	assert_int_equal(sum->policies[1].cpu, 4);
	assert_true(capsim_cpumask_test(&sum->policies[1].cpus, 5));
	assert_false(capsim_cpumask_test(&sum->policies[1].cpus, 3));

	/* the workload's two tasks; a periodic timer wakes ceil(10 s / period) times */
	assert_int_equal(sum->nr_tasks, 2);
	assert_int_equal(task_named(sum, "ui")->activations, (10 * SEC + 16667000 - 1) / 16667000);
	assert_int_equal(task_named(sum, "logger")->activations, 10 * SEC / 50000000);

	for (unsigned i = 0; i < sum->nr_tasks; i++) {
		const struct capsim_task_summary *t = &sum->tasks[i];
		uint64_t by_cpu = 0;

		for (unsigned k = 0; k < t->nr_runtime_by_cpu; k++) {
			if (k)
				assert_true(t->runtime_by_cpu[k - 1].cpu < t->runtime_by_cpu[k].cpu);
			assert_true(t->runtime_by_cpu[k].cpu < sum->nr_cpus);
			by_cpu += t->runtime_by_cpu[k].ns;
		}
		assert_int_equal(by_cpu, t->runtime_ns);
		task_ns += t->runtime_ns;
	}
	/* "ui": 2000 us per period on the calibration CPU (an A72 at 1.8 GHz), longer on any
	 * slower one: at least 600 x 2 ms */
	assert_true(task_named(sum, "ui")->runtime_ns >= 600 * 2000000ULL);
	for (unsigned c = 0; c < sum->nr_cpus; c++) {
		assert_int_equal(sum->cpus[c].cpu, c);
		busy_ns += sum->cpus[c].busy_ns;
		kthread_ns += sum->cpus[c].kthread_busy_ns;
		energy += sum->cpus[c].energy_j;
		/* RK3399's policies are cpufreq-dt's: each has its sugov kthread on its first CPU */
		if (c != 0 && c != 4)
			assert_int_equal(sum->cpus[c].kthread_busy_ns, 0);
	}
	/* every busy ns is some task's runtime or a sugov kthread's: they are all that runs */
	assert_true(kthread_ns > 0);
	assert_int_equal(task_ns + kthread_ns, busy_ns);
	assert_true(fabs(energy - sum->energy_j) < 1e-9);
	assert_int_equal(sum->has_energy_model, 1);
	assert_int_equal(sum->has_pressure_metrics, 0);
	capsim_summary_free(sum);
}

/* capsim_summary_write()'s JSON parses, and its fields are the structs' */
static void test_json_equals_structs(void **state)
{
	capsim_scenario *sc = NULL;
	capsim_error e = { 0 };
	capsim_summary *sum;
	struct json_object *root, *tasks, *cpus, *v;
	char *json;

	(void)state;
	assert_int_equal(capsim_scenario_load(SCENARIO, &sc, &e), 0);
	sum = run_summary(sc);
	capsim_scenario_free(sc);
	json = written(sum, CAPSIM_REPORT_JSON);
	root = json_tokener_parse(json);
	assert_non_null(root);

	assert_true(json_object_object_get_ex(root, "platform", &v));
	assert_string_equal(json_object_get_string(v), sum->platform);
	assert_true(json_object_object_get_ex(root, "seed", &v));
	assert_int_equal(json_object_get_int64(v), (int64_t)sum->seed);
	assert_true(json_object_object_get_ex(root, "model", &v));
	assert_string_equal(json_object_get_string(v), capsim_model_name(sum->model));
	assert_true(json_object_object_get_ex(root, "governor", &v));
	assert_string_equal(json_object_get_string(v), capsim_governor_name(sum->governor));
	assert_true(json_object_object_get_ex(root, "eas", &v));
	assert_int_equal(json_object_get_boolean(v), sum->eas);
	assert_true(json_object_object_get_ex(root, "events", &v));
	assert_int_equal(json_object_get_int64(v), (int64_t)sum->events);
	assert_true(json_object_object_get_ex(root, "migrations", &v));
	assert_int_equal(json_object_get_int64(v), (int64_t)sum->migrations);
	assert_true(json_object_object_get_ex(root, "duration_s", &v));
	assert_true(fabs(json_object_get_double(v) - sum->duration_s) < 1e-6);

	assert_true(json_object_object_get_ex(root, "tasks", &tasks));
	assert_int_equal(json_object_array_length(tasks), sum->nr_tasks);
	for (unsigned i = 0; i < sum->nr_tasks; i++) {
		const struct capsim_task_summary *t = &sum->tasks[i];
		struct json_object *jt = json_object_array_get_idx(tasks, i), *by_cpu;

		assert_true(json_object_object_get_ex(jt, "name", &v));
		assert_string_equal(json_object_get_string(v), t->name);
		assert_true(json_object_object_get_ex(jt, "activations", &v));
		assert_int_equal(json_object_get_int64(v), (int64_t)t->activations);
		assert_true(json_object_object_get_ex(jt, "deadline_misses", &v));
		assert_int_equal(json_object_get_int64(v), (int64_t)t->deadline_misses);
		assert_true(json_object_object_get_ex(jt, "util_avg_end", &v));
		assert_int_equal(json_object_get_int64(v), (int64_t)t->util_avg_end);
		assert_true(json_object_object_get_ex(jt, "runtime_s", &v));
		assert_true(fabs(json_object_get_double(v) - (double)t->runtime_ns * 1e-9) < 1e-6);
		assert_true(json_object_object_get_ex(jt, "runtime_by_cpu_s", &by_cpu));
		assert_int_equal(json_object_object_length(by_cpu), t->nr_runtime_by_cpu);
		for (unsigned k = 0; k < t->nr_runtime_by_cpu; k++) {
			char key[16];

			snprintf(key, sizeof(key), "%u", t->runtime_by_cpu[k].cpu);
			assert_true(json_object_object_get_ex(by_cpu, key, &v));
			assert_true(fabs(json_object_get_double(v) -
					 (double)t->runtime_by_cpu[k].ns * 1e-9) < 1e-6);
		}
	}
	assert_true(json_object_object_get_ex(root, "cpus", &cpus));
	assert_int_equal(json_object_array_length(cpus), sum->nr_cpus);
	for (unsigned c = 0; c < sum->nr_cpus; c++) {
		struct json_object *jc = json_object_array_get_idx(cpus, c);

		assert_true(json_object_object_get_ex(jc, "cpu", &v));
		assert_int_equal(json_object_get_int(v), (int)sum->cpus[c].cpu);
		assert_true(json_object_object_get_ex(jc, "busy_pct", &v));
		assert_true(fabs(json_object_get_double(v) - sum->cpus[c].busy_pct) < 1e-4);
		assert_true(json_object_object_get_ex(jc, "energy_j", &v));
		assert_true(fabs(json_object_get_double(v) - sum->cpus[c].energy_j) < 1e-6);
		assert_true(json_object_object_get_ex(jc, "kthread_busy_s", &v));
		assert_true(fabs(json_object_get_double(v) -
				 (double)sum->cpus[c].kthread_busy_ns * 1e-9) < 1e-6);
	}
	json_object_put(root);
	free(json);
	capsim_summary_free(sum);
}

/* A scenario built in code runs what the same scenario file runs. */
/* The sink header: what the trace writers are made from, the run's CPUs and trace families. */
static void test_sink_header(void **state)
{
	capsim_scenario *sc = NULL;
	capsim_sim *s = NULL;
	capsim_error e = { 0 };
	struct capsim_sink_header h = CAPSIM_SIZED(struct capsim_sink_header);

	(void)state;
	assert_int_equal(capsim_scenario_load(SCENARIO, &sc, &e), 0);
	assert_int_equal(capsim_sim_create(sc, &s, &e), 0);
	assert_int_equal(capsim_sim_sink_header(s, NULL), CAPSIM_ERR_INVALID);
	assert_int_equal(capsim_sim_sink_header(NULL, &h), CAPSIM_ERR_INVALID);
	assert_int_equal(capsim_sim_trace_set_events(s, CAPSIM_TRACE_EV_ENERGY), 0);
	memset(&h, 0xff, sizeof(h));
	assert_int_equal(capsim_sim_sink_header(s, &h), 0);
	assert_int_equal(h.size, sizeof(h));
	assert_int_equal(h.version, CAPSIM_SINK_HEADER_VERSION);
	assert_int_equal(h.reserved, 0);
	assert_int_equal(h.nr_cpus, 4 + 2); /* rk3399: four Cortex-A53 and two Cortex-A72 */
	assert_int_equal(h.trace_families, CAPSIM_TRACE_EV_ENERGY);
	capsim_sim_free(s);
	capsim_scenario_free(sc);
}

static void test_built_in_code(void **state)
{
	capsim_scenario *file = NULL, *code = NULL;
	capsim_workload *wl = NULL;
	capsim_error e = { 0 };
	capsim_summary *a, *b;
	char *ja, *jb;

	(void)state;
	assert_int_equal(capsim_scenario_load(SCENARIO, &file, &e), 0);
	assert_int_equal(capsim_scenario_create(&code, &e), 0);
	assert_int_equal(capsim_workload_load(CAPSIM_SOURCE_DIR "/scenarios/workloads/"
					      "rk3399-uclamp-ui.json", &wl, &e), 0);
	assert_int_equal(capsim_scenario_set_platform(code, "rk3399", &e), 0);
	assert_int_equal(capsim_scenario_set_workload(code, wl, &e), 0);
	capsim_workload_free(wl); /* the scenario holds its own reference */
	assert_int_equal(capsim_scenario_set_duration(code, 10 * SEC, &e), 0);
	assert_int_equal(capsim_scenario_set_seed(code, 1, &e), 0);
	assert_int_equal(capsim_scenario_add_max_freq(code, "policy4=408MHz", &e), 0);
	a = run_summary(file);
	b = run_summary(code);
	ja = written(a, CAPSIM_REPORT_JSON);
	jb = written(b, CAPSIM_REPORT_JSON);
	assert_string_equal(ja, jb);
	free(ja);
	free(jb);
	capsim_summary_free(a);
	capsim_summary_free(b);

	/* the timeline is fixed by the first run; the model may still change */
	assert_int_equal(capsim_scenario_set_duration(code, SEC, &e), CAPSIM_ERR_INVALID);
	assert_int_equal(capsim_scenario_add_hw_cap(code, "4-5=1GHz@1s+1s", &e), CAPSIM_ERR_INVALID);
	assert_int_equal(capsim_scenario_set_model(code, CAPSIM_MODEL_V6_9, &e), 0);
	capsim_scenario_free(code);
	capsim_scenario_free(file);
}

static void test_setter_ranges(void **state)
{
	capsim_scenario *sc = NULL;
	capsim_sim *s = (capsim_sim *)1;
	capsim_error e = { 0 };

	(void)state;
	assert_int_equal(capsim_scenario_create(&sc, &e), 0);
	assert_int_equal(capsim_scenario_set_hz(sc, 0, &e), CAPSIM_ERR_RANGE);
	assert_int_equal(capsim_scenario_set_hz(sc, 10001, &e), CAPSIM_ERR_RANGE);
	assert_int_equal(capsim_scenario_set_hz(sc, 1000, &e), 0);
	assert_int_equal(capsim_scenario_set_decay_shift(sc, 11, &e), CAPSIM_ERR_RANGE);
	assert_int_equal(capsim_scenario_set_max_events(sc, 0, &e), CAPSIM_ERR_RANGE);
	assert_int_equal(capsim_scenario_set_capped_threshold(sc, 0, &e), CAPSIM_ERR_RANGE);
	assert_int_equal(capsim_scenario_set_model(sc, CAPSIM_MODEL_COUNT, &e), CAPSIM_ERR_RANGE);
	assert_int_equal(capsim_scenario_set_duration(sc, CAPSIM_MAX_DURATION_NS + 1, &e),
			 CAPSIM_ERR_RANGE);
	assert_int_equal(capsim_scenario_add_max_freq(sc, "policy4", &e), CAPSIM_ERR_PARSE);
	assert_non_null(strstr(e.msg, "--max-freq 'policy4'"));
	assert_int_equal(capsim_scenario_add_min_freq(sc, "x=1GHz", &e), CAPSIM_ERR_PARSE);
	assert_non_null(strstr(e.msg, "--min-freq 'x=1GHz'"));
	assert_int_equal(capsim_scenario_add_hw_cap(sc, "4-5=1GHz", &e), CAPSIM_ERR_PARSE);
	/* no platform yet: the run cannot be made, and says why */
	assert_int_equal(capsim_sim_create(sc, &s, &e), CAPSIM_ERR_INVALID);
	assert_null(s);
	assert_non_null(strstr(e.msg, "no platform"));
	capsim_scenario_free(sc);
	capsim_scenario_free(NULL);
	capsim_sim_free(NULL);
	capsim_summary_free(NULL);
	capsim_workload_free(NULL);
}

/* ---- parallel runs ------------------------------------------------------------------------- */

#define PAR_SCENARIO CAPSIM_SOURCE_DIR "/scenarios/hikey960-game-ipa.json"

struct job {
	capsim_sim *sim;  /* made beforehand; NULL: the thread loads the scenario itself */
	char *json;
	int ret;
};

static void *run_job(void *arg)
{
	struct job *j = arg;
	capsim_scenario *sc = NULL;
	capsim_summary *sum = NULL;
	capsim_error e = { 0 };
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	if (!j->sim && (capsim_scenario_load(PAR_SCENARIO, &sc, &e) ||
			capsim_scenario_set_pressure_metrics(sc, 1, &e) ||
			capsim_sim_create(sc, &j->sim, &e)))
		goto out;
	if (capsim_sim_run(j->sim, &e) || capsim_sim_summary(j->sim, &sum, &e))
		goto out;
	f = open_memstream(&buf, &len);
	if (!f)
		goto out;
	j->ret = capsim_compare_write((const capsim_summary *const *)&sum, 1, CAPSIM_REPORT_JSON,
				      f);
	fclose(f);
	j->json = buf;
out:
	if (!j->json && !j->ret)
		j->ret = e.code ? e.code : CAPSIM_ERR_INTERNAL;
	capsim_summary_free(sum);
	capsim_sim_free(j->sim);
	j->sim = NULL;
	capsim_scenario_free(sc);
	return NULL;
}

static void run_parallel(struct job *jobs, unsigned n)
{
	pthread_t th[4];

	for (unsigned i = 0; i < n; i++)
		assert_int_equal(pthread_create(&th[i], NULL, run_job, &jobs[i]), 0);
	for (unsigned i = 0; i < n; i++)
		assert_int_equal(pthread_join(th[i], NULL), 0);
	for (unsigned i = 0; i < n; i++) {
		assert_int_equal(jobs[i].ret, 0);
		assert_non_null(jobs[i].json);
	}
}

/* Each thread loads and runs the scenario (thermal loop, IPA): the JSON of a serial run. */
static void test_parallel_runs(void **state)
{
	struct job serial = { 0 }, par[2] = { { 0 } };

	(void)state;
	run_job(&serial);
	assert_int_equal(serial.ret, 0);
	assert_non_null(strstr(serial.json, "\"pressure\""));
	run_parallel(par, 2);
	for (unsigned i = 0; i < 2; i++) {
		assert_string_equal(par[i].json, serial.json);
		free(par[i].json);
	}
	free(serial.json);
}

/* Runs made from one scenario, sharing its workload handle, run in parallel threads. */
static void test_parallel_shared_workload(void **state)
{
	struct job serial = { 0 }, par[2] = { { 0 } };
	capsim_scenario *sc = NULL;
	capsim_workload *wl = NULL;
	capsim_error e = { 0 };

	(void)state;
	run_job(&serial);
	assert_int_equal(capsim_scenario_load(PAR_SCENARIO, &sc, &e), 0);
	assert_int_equal(capsim_workload_load(CAPSIM_SOURCE_DIR "/scenarios/workloads/"
					      "hikey960-game-ipa.json", &wl, &e), 0);
	assert_int_equal(capsim_scenario_set_workload(sc, wl, &e), 0);
	capsim_workload_free(wl);
	assert_int_equal(capsim_scenario_set_pressure_metrics(sc, 1, &e), 0);
	for (unsigned i = 0; i < 2; i++)
		assert_int_equal(capsim_sim_create(sc, &par[i].sim, &e), 0);
	capsim_scenario_free(sc); /* the runs outlive it */
	run_parallel(par, 2);
	for (unsigned i = 0; i < 2; i++) {
		assert_string_equal(par[i].json, serial.json);
		free(par[i].json);
	}
	free(serial.json);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_summary_matches_inputs),
		cmocka_unit_test(test_summary_take),
		cmocka_unit_test(test_json_equals_structs),
		cmocka_unit_test(test_sink_header),
		cmocka_unit_test(test_built_in_code),
		cmocka_unit_test(test_setter_ranges),
		cmocka_unit_test(test_parallel_runs),
		cmocka_unit_test(test_parallel_shared_workload),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
