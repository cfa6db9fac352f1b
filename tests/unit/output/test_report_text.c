// SPDX-License-Identifier: MIT
/*
 * test_report_text.c - tests src/output/report_text.c: `capsim simulate`'s and `capsim
 * compare`'s tables of summary_fixture.h's summary. The task rows are written by the writer's
 * own number formatting (report_fmt.c); they must be the bytes of the printf formats the
 * writer documents beside them, which the test prints here with printf itself
 * ("%-18.18s %7llu %7llu %6llu %11s %11s %10.3f %9.1f %9.1f %5llu %5llu " then " cpu%u=%.3f"),
 * and the CPU rows those of "%-5u %7.2f %14.0f %13.1f %10.4f".
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "sink_fixture.h"
#include "summary_fixture.h"

static char *text_of(const capsim_summary *s)
{
	FILE *fp = tmpfile();
	char *text;

	assert_non_null(fp);
	report_summary_text(fp, s);
	text = fx_slurp(fp, NULL);
	fclose(fp);
	assert_non_null(text);
	return text;
}

static void expect_line(const char *text, const char *want)
{
	const char *p = strstr(text, want);

	if (!p || (p != text && p[-1] != '\n') || p[strlen(want)] != '\n')
		fail_msg("no line\n\"%s\"\nin\n%s", want, text);
}

static void task_line(char *buf, size_t size, const struct capsim_task_summary *t, uint64_t loops)
{
	char avg[32] = "-", min[32] = "-";
	int n;

	if (t->timer_events) {
		snprintf(avg, sizeof(avg), "%.1f", t->slack_mean_us);
		snprintf(min, sizeof(min), "%.1f", t->slack_min_us);
	}
	n = snprintf(buf, size, "%-18.18s %7llu %7llu %6llu %11s %11s %10.3f %9.1f %9.1f %5llu %5llu ",
		     t->name, (unsigned long long)t->activations, (unsigned long long)loops,
		     (unsigned long long)t->deadline_misses, avg, min, (double)t->runtime_ns * 1e-9,
		     t->lat_p50_us, t->lat_p99_us, (unsigned long long)t->migrations,
		     (unsigned long long)t->util_avg_end);
	for (unsigned k = 0; k < t->nr_runtime_by_cpu; k++)
		n += snprintf(buf + n, size - (size_t)n, " cpu%u=%.3f", t->runtime_by_cpu[k].cpu,
			      (double)t->runtime_by_cpu[k].ns * 1e-9);
}

static void test_simulate_table(void **state)
{
	struct sx x;
	capsim_summary *s = sx_build(&x);
	char *text = text_of(s), want[512];

	expect_line(text, "capsim simulate: platform board, workload w.json, 2.000 s simulated, HZ 250, "
			  "schedutil, EAS on, uclamp off, model v6.10, seed 42");
	expect_line(text, "cap: policy2 max 1500000 kHz from the start");
	for (unsigned i = 0; i < s->nr_tasks; i++) {
		task_line(want, sizeof(want), &s->tasks[i], s->task_counts[i].loops);
		expect_line(text, want);
	}
	for (unsigned c = 0; c < s->nr_cpus; c++) {
		const struct capsim_cpu_summary *cr = &s->cpus[c];

		snprintf(want, sizeof(want), "%-5u %7.2f %14.0f %13.1f %10.4f", cr->cpu, cr->busy_pct,
			 cr->mean_freq_khz, cr->mean_actual_capacity, cr->energy_j);
		expect_line(text, want);
	}
	snprintf(want, sizeof(want), "total: energy %.4f J, migrations %llu (misfit %llu), "
		 "overutilized %.2f%% of the time, %llu events", s->energy_j,
		 (unsigned long long)s->migrations, (unsigned long long)s->misfit_migrations,
		 s->overutilized_pct, (unsigned long long)s->events);
	expect_line(text, want);
	assert_null(strstr(text, "no energy model"));
	assert_null(strstr(text, "truncated"));
	free(text);
}

/* the rounding of the fast formatter at its edges: half-way cases, long names cut at 18 */
static void test_task_row_rounding(void **state)
{
	static const double values[] = { 0.05, 0.15, 0.25, 2.675, 1e9 + 0.5, 99999.95, -0.04 };
	struct sx x;
	capsim_summary *s = sx_build(&x);
	char want[512];

	x.tasks[0].name = "a-very-long-task-name-cut-at-18";
	for (unsigned i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		char *text;

		x.tasks[0].lat_p50_us = values[i];
		x.tasks[0].slack_mean_us = values[i];
		x.tasks[0].runtime_ns = (uint64_t)(values[i] > 0 ? values[i] * 1e6 : 0) + 1499999;
		text = text_of(s);
		task_line(want, sizeof(want), &x.tasks[0], x.counts[0].loops);
		expect_line(text, want);
		free(text);
	}
}

static void test_compare_table(void **state)
{
	struct sx x;
	capsim_summary *a = sx_build(&x), b = *a;
	const capsim_summary *runs[2] = { a, &b };
	struct capsim_task_summary tb[2];
	FILE *fp = tmpfile();
	char *text, want[256];

	b.model = CAPSIM_MODEL_V6_9;
	b.energy_j = 1.25; /* lower: the best of its row */
	memcpy(tb, x.tasks, sizeof(tb));
	tb[0].deadline_misses = 5;
	b.tasks = tb;
	report_compare_text(fp, runs, 2);
	text = fx_slurp(fp, NULL);
	fclose(fp);
	snprintf(want, sizeof(want), "%-44s %12s  %12s ", "", "v6.10", "v6.9");
	expect_line(text, want);
	/* energy: the lower (v6.9) marked best */
	snprintf(want, sizeof(want), "%-44s %12.4f  %12.4f*", "energy (J)", 1.5, 1.25);
	expect_line(text, want);
	snprintf(want, sizeof(want), "%-44s %12.0f* %12.0f ", "deadline misses", 3.0, 5.0);
	expect_line(text, want);
	/* a ran 0.25 s of its 0.75 s on policy0's CPU 0 and 0.5 s on CPU 1: 100 %; none on policy2 */
	snprintf(want, sizeof(want), "%-44s %12.1f  %12.1f ", "a: runtime on policy0 (%)", 100.0, 100.0);
	expect_line(text, want);
	snprintf(want, sizeof(want), "%-44s %12.1f  %12.1f ", "a: runtime on policy2 (%)", 0.0, 0.0);
	expect_line(text, want);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_simulate_table),
		cmocka_unit_test(test_task_row_rounding),
		cmocka_unit_test(test_compare_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
