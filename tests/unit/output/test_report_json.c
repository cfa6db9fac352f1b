// SPDX-License-Identifier: MIT
/*
 * test_report_json.c - tests src/output/report_json.c: `capsim simulate --json` and `capsim
 * compare --json` of summary_fixture.h's summary, parsed with json-c; every key docs/formats.md
 * ("Simulation report") names checked against the summary's value, the keys that are added
 * only in some runs (energy_model, idle_energy_j, kthread_energy_j, truncated_*,
 * kernel_config, pressure) present exactly when their condition holds.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <json-c/json.h>

#include "sink_fixture.h"
#include "summary_fixture.h"

static struct json_object *get(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v))
		fail_msg("no \"%s\"", key);
	return v;
}

static int has(struct json_object *o, const char *key)
{
	return json_object_object_get_ex(o, key, NULL);
}

static double dbl(struct json_object *o, const char *key)
{
	return json_object_get_double(get(o, key));
}

static int64_t num(struct json_object *o, const char *key)
{
	return json_object_get_int64(get(o, key));
}

static struct json_object *written(void (*writer)(FILE *, const capsim_summary *),
				   const capsim_summary *s)
{
	FILE *fp = tmpfile();
	struct json_object *o;
	char *text;

	assert_non_null(fp);
	writer(fp, s);
	text = fx_slurp(fp, NULL);
	fclose(fp);
	o = json_tokener_parse(text);
	if (!o)
		fail_msg("not JSON:\n%s", text);
	free(text);
	return o;
}

static void check_run(struct json_object *o, const capsim_summary *s)
{
	struct json_object *tasks = get(o, "tasks"), *cpus = get(o, "cpus"), *t, *c;

	assert_string_equal(json_object_get_string(get(o, "platform")), s->platform);
	assert_int_equal(num(o, "seed"), s->seed);
	assert_string_equal(json_object_get_string(get(o, "model")), capsim_model_name(s->model));
	assert_string_equal(json_object_get_string(get(o, "governor")), "schedutil");
	assert_int_equal(num(o, "hz"), s->hz);
	assert_true(json_object_get_boolean(get(o, "eas")));
	assert_true(dbl(o, "duration_s") == s->duration_s);
	assert_true(dbl(o, "energy_j") == s->energy_j);
	assert_int_equal(num(o, "migrations"), s->migrations);
	assert_int_equal(num(o, "misfit_migrations"), s->misfit_migrations);
	assert_true(dbl(o, "overutilized_pct") == s->overutilized_pct);
	assert_int_equal(num(o, "events"), s->events);
	assert_non_null(strstr(json_object_get_string(get(o, "wakeup_latency_includes")), "queued"));

	assert_int_equal(json_object_array_length(tasks), s->nr_tasks);
	for (unsigned i = 0; i < s->nr_tasks; i++) {
		const struct capsim_task_summary *w = &s->tasks[i];
		struct json_object *by;

		t = json_object_array_get_idx(tasks, i);
		assert_string_equal(json_object_get_string(get(t, "name")), w->name);
		assert_int_equal(num(t, "wakeups"), s->task_counts[i].wakeups);
		assert_int_equal(num(t, "loops"), s->task_counts[i].loops);
		assert_int_equal(num(t, "activations"), w->activations);
		assert_int_equal(num(t, "deadline_misses"), w->deadline_misses);
		assert_int_equal(num(t, "timer_events"), w->timer_events);
		assert_true(dbl(get(t, "slack_us"), "mean") == w->slack_mean_us);
		/* the min is meaningful only with timer events: 0 without */
		assert_true(dbl(get(t, "slack_us"), "min") == (w->timer_events ? w->slack_min_us : 0));
		assert_true(dbl(t, "runtime_s") == (double)w->runtime_ns / 1e9);
		by = get(t, "runtime_by_cpu_s");
		assert_int_equal(json_object_object_length(by), w->nr_runtime_by_cpu);
		for (unsigned k = 0; k < w->nr_runtime_by_cpu; k++) {
			char key[8];

			snprintf(key, sizeof(key), "%u", w->runtime_by_cpu[k].cpu);
			assert_true(dbl(by, key) == (double)w->runtime_by_cpu[k].ns / 1e9);
		}
		assert_true(dbl(get(t, "wakeup_latency_us"), "p50") == w->lat_p50_us);
		assert_true(dbl(get(t, "wakeup_latency_us"), "p99") == w->lat_p99_us);
		assert_int_equal(num(t, "migrations"), w->migrations);
		assert_int_equal(num(t, "util_avg_end"), w->util_avg_end);
		assert_true(dbl(t, "energy_j") == s->task_energy[i].energy_j);
		assert_true(dbl(t, "energy_share_pct") == s->task_energy[i].share_pct);
	}
	assert_int_equal(json_object_array_length(cpus), s->nr_cpus);
	for (unsigned k = 0; k < s->nr_cpus; k++) {
		const struct capsim_cpu_summary *w = &s->cpus[k];

		c = json_object_array_get_idx(cpus, k);
		assert_int_equal(num(c, "cpu"), w->cpu);
		assert_true(dbl(c, "busy_pct") == w->busy_pct);
		assert_true(dbl(c, "mean_freq_khz") == w->mean_freq_khz);
		assert_true(dbl(c, "mean_actual_capacity") == w->mean_actual_capacity);
		assert_true(dbl(c, "energy_j") == w->energy_j);
		assert_int_equal(json_object_array_length(get(c, "idle_residency_s")), w->nr_idle_states);
		assert_true(json_object_get_double(json_object_array_get_idx(get(c, "idle_residency_s"), 0)) ==
			    (double)w->idle_residency_ns[0] / 1e9);
		assert_true(dbl(c, "kthread_busy_s") == 0.0);
		assert_false(has(c, "idle_energy_j"));
	}
}

static void test_simulate(void **state)
{
	struct sx x;
	capsim_summary *s = sx_build(&x);
	struct json_object *o = written(report_summary_json, s);

	check_run(o, s);
	/* none of the conditional keys: an EM, no idle power, no kthreads, ran to its end */
	assert_false(has(o, "energy_model"));
	assert_false(has(o, "idle_energy_j"));
	assert_false(has(o, "kthread_energy_j"));
	assert_false(has(o, "truncated_at_s"));
	assert_false(has(o, "kernel_config"));
	assert_false(has(o, "pressure"));
	json_object_put(o);
}

static void test_conditional_keys(void **state)
{
	struct sx x;
	capsim_summary *s = sx_build(&x);
	struct json_object *o;

	s->has_energy_model = 0;
	s->has_idle_power = 1;
	s->idle_energy_j = 0.5;
	x.cpus[1].idle_energy_j = 0.125;
	s->kthread_energy_j = 0.0625;
	s->truncated_by = CAPSIM_STOP_MAX_EVENTS;
	s->truncated_at_ns = 1500000000;
	x.rs.kernel.shown = 1;
	x.rs.kernel.hz = 1000;
	x.rs.kernel.uclamp_buckets = 5;
	snprintf(x.rs.kernel.file, sizeof(x.rs.kernel.file), "%s", "k.config");
	o = written(report_summary_json, s);
	assert_false(json_object_get_boolean(get(o, "energy_model")));
	assert_true(dbl(o, "idle_energy_j") == 0.5);
	assert_true(dbl(json_object_array_get_idx(get(o, "cpus"), 1), "idle_energy_j") == 0.125);
	assert_true(dbl(o, "kthread_energy_j") == 0.0625);
	assert_true(dbl(o, "truncated_at_s") == 1.5);
	assert_string_equal(json_object_get_string(get(o, "truncated_by")), "max_events");
	assert_string_equal(json_object_get_string(get(get(o, "kernel_config"), "file")), "k.config");
	assert_int_equal(num(get(o, "kernel_config"), "hz"), 1000);
	assert_int_equal(num(get(o, "kernel_config"), "uclamp_buckets_count"), 5);
	json_object_put(o);
}

static void compare_two(FILE *fp, const capsim_summary *s)
{
	/* the whole report_summary: the writers read its kernel part beyond the public one */
	struct report_summary b = *(const struct report_summary *)s; /* pub is its first member */
	const capsim_summary *runs[2] = { s, &b.pub };

	b.pub.model = CAPSIM_MODEL_V6_9;
	b.pub.energy_j = 2.0;
	report_compare_json(fp, runs, 2);
}

static void test_compare(void **state)
{
	struct sx x;
	capsim_summary *s = sx_build(&x);
	struct json_object *o, *models, *p;

	s->has_pressure_metrics = 1;
	o = written(compare_two, s);
	models = get(o, "models");
	assert_int_equal(json_object_object_length(models), 2);
	check_run(get(models, "v6.10"), s);
	assert_true(dbl(get(models, "v6.9"), "energy_j") == 2.0);
	p = get(get(models, "v6.10"), "pressure");
	assert_int_equal(num(p, "placements"), s->pressure.placements);
	assert_int_equal(num(p, "misfit_placements"), s->pressure.misfit_placements);
	assert_int_equal(json_object_array_length(get(p, "cpus")), s->nr_cpus);
	assert_true(dbl(json_object_array_get_idx(get(p, "cpus"), 2), "believed_pressure_pct") ==
		    x.cpus[2].believed_pressure_pct);
	json_object_put(o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_simulate),
		cmocka_unit_test(test_conditional_keys),
		cmocka_unit_test(test_compare),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
