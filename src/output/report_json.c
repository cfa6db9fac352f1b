// SPDX-License-Identifier: MIT
/*
 * report_json.c - the reports as JSON (docs/formats.md): `capsim simulate --json`'s object,
 * and `capsim compare --json`'s {"models": {"v6.9": {...the keys of simulate --json...,
 * "pressure": {...}}, ...}}, from the public summary structs.
 */
#include <stdbool.h>
#include <stdio.h>

#include "output/report.h"

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", (unsigned char)*s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

static void json_pressure(FILE *f, const capsim_summary *sum)
{
	const struct capsim_pressure_summary *pm = &sum->pressure;

	fprintf(f, ", \"pressure\": {\"mean_abs_capacity_error\": %.4f, \"placements\": %llu, "
		"\"misfit_placements\": %llu, \"uclamp_min_placements\": %llu, "
		"\"uclamp_min_violations\": %llu, \"mean_uclamp_min_shortfall\": %.4f, \"cpus\": [",
		pm->mean_abs_capacity_error, (unsigned long long)pm->placements,
		(unsigned long long)pm->misfit_placements,
		(unsigned long long)pm->uclamp_min_placements,
		(unsigned long long)pm->uclamp_min_violations, pm->mean_uclamp_min_shortfall);
	for (unsigned c = 0; c < sum->nr_cpus; c++)
		fprintf(f, "%s{\"cpu\": %u, \"believed_pressure_pct\": %.4f, "
			"\"capped_pct\": %.4f, \"mean_abs_capacity_error\": %.4f}", c ? ", " : "",
			sum->cpus[c].cpu, sum->cpus[c].believed_pressure_pct, sum->cpus[c].capped_pct,
			sum->cpus[c].mean_abs_capacity_error);
	fprintf(f, "]}");
}

/*
 * "kernel_config": the kernel config file the run read and the kernel options it used, only
 * when it read one, its uclamp bucket count is not the default or the scenario has cgroups:
 * other runs read as before. "cgroups" (only with some): each group's requested and effective
 * clamps.
 */
static void json_kernel(FILE *f, const struct report_kernel *k)
{
	if (!k->shown)
		return;
	fprintf(f, " \"kernel_config\": {\"file\": ");
	if (k->file[0])
		json_str(f, k->file);
	else
		fprintf(f, "null");
	fprintf(f, ", \"hz\": %u, \"uclamp\": %s, \"uclamp_buckets_count\": %u, \"eas\": %s, "
		"\"cpuidle_off\": %s, \"sched_util_clamp_min\": %u, \"sched_util_clamp_max\": %u, "
		"\"sched_util_clamp_min_rt_default\": %u, \"uclamp_task_group\": %s, "
		"\"cpuidle_governor\": \"%s\"", k->hz,
		k->uclamp ? "true" : "false", k->uclamp_buckets, k->eas ? "true" : "false",
		k->cpuidle_off ? "true" : "false", k->uclamp_sysctl.util_min,
		k->uclamp_sysctl.util_max, k->uclamp_sysctl.util_min_rt_default,
		k->uclamp_task_group ? "true" : "false", k->cpuidle_governor);
	if (k->nr_cgroups)
		fprintf(f, ", \"cgroups\": {");
	for (unsigned i = 0; i < k->nr_cgroups; i++) {
		fprintf(f, "%s", i ? ", " : "");
		json_str(f, k->cgroups[i].path);
		fprintf(f, ": {\"uclamp_min\": %u, \"uclamp_max\": %u, \"effective_min\": %u, "
			"\"effective_max\": %u}", k->cgroups[i].req[0], k->cgroups[i].req[1],
			k->cgroups[i].eff[0], k->cgroups[i].eff[1]);
	}
	fprintf(f, "%s},\n", k->nr_cgroups ? "}" : "");
}

/* the Linux version the model runs, null for a model no kernel runs (capped, none) */
static void json_model_kernel(FILE *f, enum capsim_model model)
{
	const char *kernel = capsim_model_kernel(model);

	fprintf(f, " \"kernel\": ");
	if (kernel)
		fprintf(f, "\"%s\",\n", kernel);
	else
		fprintf(f, "null,\n");
}

/* simulate's report object, with compare's "pressure" before its closing brace if @pressure */
static void json_run(FILE *f, const capsim_summary *sum, bool pressure)
{
	fprintf(f, "{\"platform\": ");
	json_str(f, sum->platform);
	fprintf(f, ", \"seed\": %llu", (unsigned long long)sum->seed);
	fprintf(f, ", \"model\": \"%s\", \"governor\": \"%s\", \"hz\": %u, \"eas\": %s, "
		"\"duration_s\": %.6f, \"energy_j\": %.6f, \"migrations\": %llu, "
		"\"misfit_migrations\": %llu, \"overutilized_pct\": %.4f, \"events\": %llu,\n",
		capsim_model_name(sum->model), capsim_governor_name(sum->governor), sum->hz,
		sum->eas ? "true" : "false", sum->duration_s, sum->energy_j,
		(unsigned long long)sum->migrations, (unsigned long long)sum->misfit_migrations,
		sum->overutilized_pct, (unsigned long long)sum->events);
	json_model_kernel(f, sum->model);
	/* energy_j counts only policies with an energy model: readers must not rank a 0 */
	if (!sum->has_energy_model) /* added only without one: other runs read as before */
		fprintf(f, " \"energy_model\": false,\n");
	/* idle energy, apart from energy_j: only where a platform JSON gives idle power (a DT
	 * has none), so that a 0 never reads as idle being free; other runs read as before */
	if (sum->has_idle_power)
		fprintf(f, " \"idle_energy_j\": %.6f,\n", sum->idle_energy_j);
	/* the sugov kthreads' part of energy_j, in no task's energy_j: only where they ran, so
	 * that other runs read as before */
	if (sum->kthread_energy_j > 0)
		fprintf(f, " \"kthread_energy_j\": %.6f,\n", sum->kthread_energy_j);
	if (sum->truncated_by) /* added only when it stopped early: full runs read as before */
		fprintf(f, " \"truncated_at_s\": %.6f, \"truncated_by\": \"%s\",\n",
			(double)sum->truncated_at_ns * 1e-9, report_stop_reason(sum->truncated_by));
	json_kernel(f, report_kernel_of(sum));
	/* what the latency figures hold: queueing and idle exits, never a switch's cost */
	fprintf(f, " \"wakeup_latency_includes\": \"%s\",\n", REPORT_LATENCY_INCLUDES);
	fprintf(f, " \"tasks\": [");
	for (unsigned i = 0; i < sum->nr_tasks; i++) {
		const struct capsim_task_summary *t = &sum->tasks[i];

		fprintf(f, "%s\n  {\"name\": ", i ? "," : "");
		json_str(f, t->name);
		if (sum->task_counts)
			fprintf(f, ", \"wakeups\": %llu, \"loops\": %llu",
				(unsigned long long)sum->task_counts[i].wakeups,
				(unsigned long long)sum->task_counts[i].loops);
		fprintf(f, ", \"activations\": %llu, \"deadline_misses\": %llu, \"timer_events\": %llu, "
			"\"slack_us\": {\"mean\": %.3f, \"min\": %.3f}, \"runtime_s\": %.6f, "
			"\"runtime_by_cpu_s\": {", (unsigned long long)t->activations,
			(unsigned long long)t->deadline_misses, (unsigned long long)t->timer_events,
			t->slack_mean_us, t->timer_events ? t->slack_min_us : 0.0,
			(double)t->runtime_ns * 1e-9);
		for (unsigned k = 0; k < t->nr_runtime_by_cpu; k++)
			fprintf(f, "%s\"%u\": %.6f", k ? ", " : "", t->runtime_by_cpu[k].cpu,
				(double)t->runtime_by_cpu[k].ns * 1e-9);
		fprintf(f, "}, \"wakeup_latency_us\": {\"p50\": %.3f, \"p99\": %.3f}, \"migrations\": %llu, "
			"\"util_avg_end\": %llu", t->lat_p50_us, t->lat_p99_us,
			(unsigned long long)t->migrations, (unsigned long long)t->util_avg_end);
		if (sum->task_energy) /* appended after the keys it had */
			fprintf(f, ", \"energy_j\": %.6f, \"energy_share_pct\": %.4f",
				sum->task_energy[i].energy_j, sum->task_energy[i].share_pct);
		fputc('}', f);
	}
	fprintf(f, "],\n \"cpus\": [");
	for (unsigned c = 0; c < sum->nr_cpus; c++) {
		const struct capsim_cpu_summary *cr = &sum->cpus[c];

		fprintf(f, "%s\n  {\"cpu\": %u, \"busy_pct\": %.4f, \"mean_freq_khz\": %.1f, "
			"\"mean_actual_capacity\": %.3f, \"energy_j\": %.6f, \"idle_residency_s\": [",
			c ? "," : "", cr->cpu, cr->busy_pct, cr->mean_freq_khz,
			cr->mean_actual_capacity, cr->energy_j);
		for (unsigned k = 0; k < cr->nr_idle_states; k++)
			fprintf(f, "%s%.6f", k ? ", " : "", (double)cr->idle_residency_ns[k] * 1e-9);
		fprintf(f, "], \"kthread_busy_s\": %.6f", (double)cr->kthread_busy_ns * 1e-9);
		if (sum->has_idle_power)
			fprintf(f, ", \"idle_energy_j\": %.6f", cr->idle_energy_j);
		fputc('}', f);
	}
	fprintf(f, "]");
	if (pressure)
		json_pressure(f, sum);
	fprintf(f, "}");
}

void report_summary_json(FILE *f, const capsim_summary *sum)
{
	json_run(f, sum, false);
	fputc('\n', f);
}

void report_run_json(FILE *f, const capsim_summary *sum)
{
	json_run(f, sum, sum->has_pressure_metrics);
}

void report_compare_json(FILE *f, const capsim_summary *const *runs, unsigned n)
{
	fputs("{\"models\": {", f);
	for (unsigned k = 0; k < n; k++) {
		fprintf(f, "%s\n\"%s\": ", k ? "," : "", capsim_model_name(runs[k]->model));
		json_run(f, runs[k], true);
	}
	fputs("\n}}\n", f);
}
