// SPDX-License-Identifier: MIT
/*
 * report_csv.c - capsim_summary_csv(): the summary tables of `capsim simulate` as CSV
 * (docs/formats.md, "Time series"), one row per task and per CPU, the JSON report's figures
 * under the same names with their units in the column names.
 */
#include <inttypes.h>

#include "output/report.h"

static int tasks_csv(const capsim_summary *sum, FILE *f)
{
	fprintf(f, "task,wakeups,loops,activations,deadline_misses,timer_events,slack_mean_us,"
		"slack_min_us,runtime_s,wakeup_latency_p50_us,wakeup_latency_p99_us,migrations,"
		"util_avg_end,energy_j,energy_share_pct\n");
	for (unsigned i = 0; i < sum->nr_tasks; i++) {
		const struct capsim_task_summary *t = &sum->tasks[i];

		fprintf(f, "%s,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%.3f,%.3f,"
			"%.6f,%.3f,%.3f,%" PRIu64 ",%" PRIu64 ",%.6f,%.4f\n", t->name,
			sum->task_counts ? sum->task_counts[i].wakeups : t->activations,
			sum->task_counts ? sum->task_counts[i].loops : 0, t->activations,
			t->deadline_misses, t->timer_events, t->slack_mean_us,
			t->timer_events ? t->slack_min_us : 0.0, (double)t->runtime_ns * 1e-9,
			t->lat_p50_us, t->lat_p99_us, t->migrations, t->util_avg_end,
			sum->task_energy ? sum->task_energy[i].energy_j : 0.0,
			sum->task_energy ? sum->task_energy[i].share_pct : 0.0);
	}
	return ferror(f);
}

static int cpus_csv(const capsim_summary *sum, FILE *f)
{
	fprintf(f, "cpu,busy_ns,busy_pct,mean_freq_khz,mean_actual_capacity,energy_j,duration_ns\n");
	for (unsigned c = 0; c < sum->nr_cpus; c++) {
		const struct capsim_cpu_summary *cr = &sum->cpus[c];

		fprintf(f, "%u,%" PRIu64 ",%.4f,%.1f,%.3f,%.6f,%" PRIu64 "\n", cr->cpu, cr->busy_ns,
			cr->busy_pct, cr->mean_freq_khz, cr->mean_actual_capacity, cr->energy_j,
			sum->duration_ns);
	}
	return ferror(f);
}

int capsim_summary_csv(const capsim_summary *sum, capsim_open_fn open, void *ctx,
		       capsim_error *err)
{
	static const char *const name[] = { "summary_tasks.csv", "summary_cpus.csv" };
	int (*const write[])(const capsim_summary *, FILE *) = { tasks_csv, cpus_csv };

	for (unsigned k = 0; k < 2; k++) {
		FILE *f = open(ctx, name[k]);

		if (!f || write[k](sum, f))
			return capsim_error_set(err, CAPSIM_ERR_IO, "%s: cannot be written", name[k]);
	}
	return 0;
}
