// SPDX-License-Identifier: MIT
/*
 * test_report_csv.c - tests src/output/report_csv.c, capsim_summary_csv(): summary_tasks.csv
 * and summary_cpus.csv of summary_fixture.h's summary, split by hand and read by column name
 * (docs/formats.md, "Time series": the columns and their order are promises), each value
 * against the summary's: the JSON report's figures under the same names.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "sink_fixture.h"
#include "summary_fixture.h"

struct files {
	FILE *fp[2];
	const char *name[2];
	unsigned n, fail_at; /* fail_at: the open that returns NULL (0: none) */
};

static FILE *open_file(void *ctx, const char *name)
{
	struct files *f = ctx;

	if (f->n + 1 == f->fail_at)
		return NULL;
	f->name[f->n] = name;
	return f->fp[f->n++] = tmpfile();
}

/* a CSV's rows split at commas: cell[row][col], row 0 the header */
struct csv {
	char *text, *raw; /* split, and as written */
	char *cell[8][20];
	unsigned rows, cols;
};

static void split(struct csv *c, FILE *fp)
{
	char *p;

	c->text = fx_slurp(fp, NULL);
	assert_non_null(c->text);
	c->raw = strdup(c->text);
	c->rows = 0;
	for (p = c->text; *p; c->rows++) {
		unsigned k = 0;

		assert_true(c->rows < 8);
		for (;;) {
			size_t n = strcspn(p, ",\n");

			assert_true(k < 20);
			c->cell[c->rows][k++] = p;
			if (p[n] == '\n') {
				p[n] = '\0';
				p += n + 1;
				break;
			}
			assert_int_equal(p[n], ',');
			p[n] = '\0';
			p += n + 1;
		}
		if (!c->rows)
			c->cols = k;
		assert_int_equal(k, c->cols); /* every row as wide as the header */
	}
}

static const char *at(const struct csv *c, unsigned row, const char *col)
{
	for (unsigned k = 0; k < c->cols; k++)
		if (!strcmp(c->cell[0][k], col))
			return c->cell[row][k];
	fail_msg("no column %s", col);
	return NULL;
}

static void is_num(const struct csv *c, unsigned row, const char *col, const char *fmt, double v)
{
	char want[64];

	snprintf(want, sizeof(want), fmt, v);
	if (strcmp(at(c, row, col), want))
		fail_msg("row %u %s: %s, want %s", row, col, at(c, row, col), want);
}

static void test_tables(void **state)
{
	static const char tasks_header[] = "task,wakeups,loops,activations,deadline_misses,"
		"timer_events,slack_mean_us,slack_min_us,runtime_s,wakeup_latency_p50_us,"
		"wakeup_latency_p99_us,migrations,util_avg_end,energy_j,energy_share_pct";
	static const char cpus_header[] = "cpu,busy_ns,busy_pct,mean_freq_khz,mean_actual_capacity,"
		"energy_j,duration_ns";
	struct sx x;
	capsim_summary *s = sx_build(&x);
	struct files f = { .n = 0 };
	struct csv t, c;
	capsim_error err;

	assert_int_equal(capsim_summary_csv(s, open_file, &f, &err), 0);
	assert_int_equal(f.n, 2);
	assert_string_equal(f.name[0], "summary_tasks.csv");
	assert_string_equal(f.name[1], "summary_cpus.csv");
	split(&t, f.fp[0]);
	split(&c, f.fp[1]);
	/* the header, as documented, in its order */
	assert_int_equal(strncmp(t.raw, tasks_header, strlen(tasks_header)), 0);
	assert_int_equal(t.raw[strlen(tasks_header)], '\n');
	assert_int_equal(t.rows, 1 + s->nr_tasks);
	for (unsigned i = 0; i < s->nr_tasks; i++) {
		const struct capsim_task_summary *w = &s->tasks[i];
		unsigned r = i + 1;

		assert_string_equal(at(&t, r, "task"), w->name);
		is_num(&t, r, "wakeups", "%.0f", (double)s->task_counts[i].wakeups);
		is_num(&t, r, "loops", "%.0f", (double)s->task_counts[i].loops);
		is_num(&t, r, "activations", "%.0f", (double)w->activations);
		is_num(&t, r, "deadline_misses", "%.0f", (double)w->deadline_misses);
		is_num(&t, r, "timer_events", "%.0f", (double)w->timer_events);
		is_num(&t, r, "slack_mean_us", "%.3f", w->slack_mean_us);
		is_num(&t, r, "slack_min_us", "%.3f", w->timer_events ? w->slack_min_us : 0);
		is_num(&t, r, "runtime_s", "%.6f", (double)w->runtime_ns / 1e9);
		is_num(&t, r, "wakeup_latency_p50_us", "%.3f", w->lat_p50_us);
		is_num(&t, r, "wakeup_latency_p99_us", "%.3f", w->lat_p99_us);
		is_num(&t, r, "migrations", "%.0f", (double)w->migrations);
		is_num(&t, r, "util_avg_end", "%.0f", (double)w->util_avg_end);
		is_num(&t, r, "energy_j", "%.6f", s->task_energy[i].energy_j);
		is_num(&t, r, "energy_share_pct", "%.4f", s->task_energy[i].share_pct);
	}
	assert_int_equal(strncmp(c.raw, cpus_header, strlen(cpus_header)), 0);
	assert_int_equal(c.raw[strlen(cpus_header)], '\n');
	assert_int_equal(c.rows, 1 + s->nr_cpus);
	for (unsigned k = 0; k < s->nr_cpus; k++) {
		const struct capsim_cpu_summary *w = &s->cpus[k];
		unsigned r = k + 1;

		is_num(&c, r, "cpu", "%.0f", (double)w->cpu);
		is_num(&c, r, "busy_ns", "%.0f", (double)w->busy_ns);
		/* busy_pct is busy_ns over the run: the two columns agree */
		is_num(&c, r, "busy_pct", "%.4f", (double)w->busy_ns * 100.0 / (double)SX_DURATION_NS);
		is_num(&c, r, "mean_freq_khz", "%.1f", w->mean_freq_khz);
		is_num(&c, r, "mean_actual_capacity", "%.3f", w->mean_actual_capacity);
		is_num(&c, r, "energy_j", "%.6f", w->energy_j);
		is_num(&c, r, "duration_ns", "%.0f", (double)SX_DURATION_NS);
	}
	fclose(f.fp[0]);
	fclose(f.fp[1]);
	free(t.text);
	free(c.text);
	free(t.raw);
	free(c.raw);
}

/* a file that cannot be opened: CAPSIM_ERR_IO naming it */
static void test_open_fails(void **state)
{
	struct sx x;
	capsim_summary *s = sx_build(&x);
	struct files f = { .n = 0, .fail_at = 2 };
	capsim_error err;

	assert_int_equal(capsim_summary_csv(s, open_file, &f, &err), CAPSIM_ERR_IO);
	assert_non_null(strstr(err.msg, "summary_cpus.csv"));
	fclose(f.fp[0]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tables),
		cmocka_unit_test(test_open_fails),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
