// SPDX-License-Identifier: MIT
/*
 * report_text.c - the tables people read: `capsim simulate`'s run header, per-task and per-CPU
 * figures and totals, and `capsim compare`'s runs side by side (the simulate figures and the
 * pressure metrics, the best value of each row marked), from the public summary structs.
 */
#include <stdio.h>
#include <string.h>

#include "output/report.h"
#include "output/report_fmt.h"

/*
 * The task table is written through a buffer, its numbers by report_fmt.c: the
 * same bytes as the fprintf() formats quoted beside each field, in a fifth of the time.
 */
struct line {
	FILE *f;
	size_t n;
	char buf[4096];
};

/* Room for @len more bytes at the end of @l. */
static char *line_room(struct line *l, size_t len)
{
	if (l->n + len > sizeof(l->buf)) {
		fwrite(l->buf, 1, l->n, l->f);
		l->n = 0;
	}
	return l->buf + l->n;
}

/* @s, cut at @max bytes, padded to @width: "%-W.Ms" (@left) or "%Ws". */
static void put_str(struct line *l, const char *s, size_t width, size_t max, bool left)
{
	size_t len = strnlen(s, max), pad = width > len ? width - len : 0;
	char *o = line_room(l, len + pad);

	if (!left)
		memset(o, ' ', pad);
	memcpy(o + (left ? 0 : pad), s, len);
	if (left)
		memset(o + len, ' ', pad);
	l->n += len + pad;
}

static void put_char(struct line *l, char c)
{
	*line_room(l, 1) = c;
	l->n++;
}

static void put_u64(struct line *l, uint64_t v, size_t width)
{
	char digits[24];

	fmt_u64(digits, v);
	put_str(l, digits, width, sizeof(digits), false);
}

static void put_fixed(struct line *l, double v, unsigned prec, size_t width)
{
	char num[FMT_FIXED_MAX];

	fmt_fixed(num, v, prec);
	put_str(l, num, width, sizeof(num), false);
}

/*
 * One task's row: "%-18.18s %7llu %7llu %6llu %11s %11s %10.3f %9.1f %9.1f %5llu %5llu " (the
 * slacks "%.1f" or "-"), then " cpu%u=%.3f" per CPU it ran on.
 */
static void task_row(struct line *l, const struct capsim_task_summary *t, uint64_t loops)
{
	char slack_avg[FMT_FIXED_MAX] = "-", slack_min[FMT_FIXED_MAX] = "-";

	if (t->timer_events) {
		fmt_fixed(slack_avg, t->slack_mean_us, 1);
		fmt_fixed(slack_min, t->slack_min_us, 1);
	}
	put_str(l, t->name, 18, 18, true);
	put_char(l, ' ');
	put_u64(l, t->activations, 7);
	put_char(l, ' ');
	put_u64(l, loops, 7);
	put_char(l, ' ');
	put_u64(l, t->deadline_misses, 6);
	put_char(l, ' ');
	put_str(l, slack_avg, 11, sizeof(slack_avg), false);
	put_char(l, ' ');
	put_str(l, slack_min, 11, sizeof(slack_min), false);
	put_char(l, ' ');
	put_fixed(l, (double)t->runtime_ns * 1e-9, 3, 10);
	put_char(l, ' ');
	put_fixed(l, t->lat_p50_us, 1, 9);
	put_char(l, ' ');
	put_fixed(l, t->lat_p99_us, 1, 9);
	put_char(l, ' ');
	put_u64(l, t->migrations, 5);
	put_char(l, ' ');
	put_u64(l, t->util_avg_end, 5);
	put_char(l, ' ');
	for (unsigned k = 0; k < t->nr_runtime_by_cpu; k++) {
		put_str(l, " cpu", 0, 4, true);
		put_u64(l, t->runtime_by_cpu[k].cpu, 0);
		put_char(l, '=');
		put_fixed(l, (double)t->runtime_by_cpu[k].ns * 1e-9, 3, 0);
	}
	put_char(l, '\n');
}

/* Time in each idle state per CPU, when some CPU has states beyond WFI. */
static void report_idle_text(FILE *f, const capsim_summary *sum)
{
	bool any = false;

	for (unsigned c = 0; c < sum->nr_cpus; c++)
		any |= sum->cpus[c].nr_idle_states > 1;
	if (!any)
		return;
	fprintf(f, "\nidle residency (s) per state: 0 WFI, then the platform's idle states\n");
	for (unsigned c = 0; c < sum->nr_cpus; c++) {
		const struct capsim_cpu_summary *cr = &sum->cpus[c];

		fprintf(f, "%-5u", cr->cpu);
		for (unsigned k = 0; k < cr->nr_idle_states; k++)
			fprintf(f, " %u=%.6f", k, (double)cr->idle_residency_ns[k] * 1e-9);
		fputc('\n', f);
	}
}

/*
 * "kernel config: ...": the kernel config file the run read and the kernel options it used,
 * only when it read one or its uclamp bucket count is not the default (as the JSON's
 * "kernel_config"): other runs read as before
 */
static void report_kernel_text(FILE *f, const struct report_kernel *k)
{
	if (!k->shown)
		return;
	fprintf(f, "kernel config: %s: HZ %u, uclamp %s with %u buckets, sched_energy_aware %d, "
		"cpuidle %s, sched_util_clamp_min %u, sched_util_clamp_max %u, "
		"sched_util_clamp_min_rt_default %u, uclamp task groups %s\n",
		k->file[0] ? k->file : "-", k->hz, k->uclamp ? "on" : "off", k->uclamp_buckets, k->eas,
		k->cpuidle_off ? "off" : k->cpuidle_governor, k->uclamp_sysctl.util_min, k->uclamp_sysctl.util_max,
		k->uclamp_sysctl.util_min_rt_default, k->uclamp_task_group ? "on" : "off");
	for (unsigned i = 0; i < k->nr_cgroups; i++)
		fprintf(f, "cgroup %s: uclamp.min %u, uclamp.max %u, effective %u..%u\n",
			k->cgroups[i].path, k->cgroups[i].req[0], k->cgroups[i].req[1],
			k->cgroups[i].eff[0], k->cgroups[i].eff[1]);
}

void report_summary_text(FILE *f, const capsim_summary *sum)
{
	struct line rows = { .f = f };
	uint64_t kthread_ns = 0;

	fprintf(f, "capsim simulate: platform %s, workload %s, %.3f s simulated, HZ %u, %s, "
		"EAS %s, uclamp %s, model %s, seed %llu\n", sum->platform,
		sum->workload ? sum->workload : "-", sum->duration_s, sum->hz,
		capsim_governor_name(sum->governor), sum->eas ? "on" : "off",
		sum->uclamp ? "on" : "off", capsim_model_name(sum->model),
		(unsigned long long)sum->seed);
	for (unsigned i = 0; i < sum->nr_caps; i++)
		fprintf(f, "cap: policy%u %s %u kHz from the start\n", sum->caps[i].policy_cpu,
			sum->caps[i].max ? "max" : "min", sum->caps[i].khz);
	report_kernel_text(f, report_kernel_of(sum));
	fprintf(f, "\n%-18s %7s %7s %6s %11s %11s %10s %9s %9s %5s %5s  %s\n", "task", "wakeups",
		"loops", "misses", "slack_avg", "slack_min", "runtime_s", "lat_p50", "lat_p99", "migr",
		"util", "time per CPU (s)");
	fprintf(f, "%-18s %7s %7s %6s %11s %11s %10s %9s %9s %5s %5s\n", "", "", "", "", "(us)",
		"(us)", "", "(us)", "(us)", "", "end");
	for (unsigned i = 0; i < sum->nr_tasks; i++)
		task_row(&rows, &sum->tasks[i], sum->task_counts ? sum->task_counts[i].loops : 0);
	fwrite(rows.buf, 1, rows.n, f);
	fprintf(f, "wakeups: wake-ups, its start included; loops: rt-app loops completed; misses: "
		"timer events found late;\nlat: from what woke the task (its timer's expiry, else "
		"sched_waking) to running, %s\n", REPORT_LATENCY_INCLUDES);
	/* idle_J only where a platform JSON gives idle power: other runs read as before */
	fprintf(f, "\n%-5s %7s %14s %13s %10s%s\n", "cpu", "busy%", "mean_freq_kHz", "mean_act_cap",
		"energy_J", sum->has_idle_power ? "     idle_J" : "");
	for (unsigned c = 0; c < sum->nr_cpus; c++) {
		const struct capsim_cpu_summary *cr = &sum->cpus[c];

		fprintf(f, "%-5u %7.2f %14.0f %13.1f %10.4f", cr->cpu, cr->busy_pct,
			cr->mean_freq_khz, cr->mean_actual_capacity, cr->energy_j);
		if (sum->has_idle_power)
			fprintf(f, " %10.4f", cr->idle_energy_j);
		fputc('\n', f);
		kthread_ns += cr->kthread_busy_ns;
	}
	if (kthread_ns)
		fprintf(f, "busy%%: the sugov kthreads' %.6f s included (kernel threads, no task's)\n",
			(double)kthread_ns * 1e-9);
	report_idle_text(f, sum);
	if (!sum->has_energy_model)
		fprintf(f, "\n(no energy model on this platform: energy is counted only where one exists)\n");
	fprintf(f, "\ntotal: energy %.4f J, migrations %llu (misfit %llu), overutilized %.2f%% of "
		"the time, %llu events\n", sum->energy_j, (unsigned long long)sum->migrations,
		(unsigned long long)sum->misfit_migrations, sum->overutilized_pct,
		(unsigned long long)sum->events);
	if (sum->has_idle_power)
		fprintf(f, "idle: energy %.4f J (each idle state's power x residency, apart from the "
			"energy model's dynamic energy above)\n", sum->idle_energy_j);
	if (sum->truncated_by)
		fprintf(f, "truncated: the run stopped early at %.3f s (%s); the figures cover what "
			"was simulated\n", (double)sum->truncated_at_ns * 1e-9,
			report_stop_reason(sum->truncated_by));
}

/* ---- compare: the side-by-side table --------------------------------------------------------- */

/* NA: no value to show (energy without an energy model): "n/a", never best */
enum better { LOWER, CLOSEST, NONE, NA };

struct row {
	char label[64];
	double v[CAPSIM_MODEL_COUNT];
	enum better better;
	double target;  /* CLOSEST: the true value */
	const char *fmt;
};

/* how far a value is from the best possible: itself (LOWER) or its distance to the target */
static double badness(const struct row *r, double v)
{
	return r->better == CLOSEST ? (v > r->target ? v - r->target : r->target - v) : v;
}

static void mark_best(const struct row *r, unsigned n, int *best)
{
	double bestv = 0;
	int have = 0;

	for (unsigned k = 0; k < n; k++) {
		double d = badness(r, r->v[k]);

		if (r->better == NONE || r->better == NA)
			continue;
		if (!have || d < bestv - 1e-9) {
			bestv = d;
			have = 1;
		}
	}
	for (unsigned k = 0; k < n; k++)
		best[k] = r->better != NONE && r->better != NA && n > 1 && badness(r, r->v[k]) <= bestv + 1e-9;
}

static void print_row(FILE *f, const struct row *r, unsigned n)
{
	int best[CAPSIM_MODEL_COUNT];

	mark_best(r, n, best);
	fprintf(f, "%-44s", r->label);
	for (unsigned k = 0; k < n; k++) {
		char cell[32];

		if (r->better == NA)
			snprintf(cell, sizeof(cell), "n/a");
		else
			snprintf(cell, sizeof(cell), r->fmt, r->v[k]);
		fprintf(f, " %12s%c", cell, best[k] ? '*' : ' ');
	}
	fputc('\n', f);
}

static uint64_t total_misses(const capsim_summary *sum)
{
	uint64_t m = 0;

	for (unsigned i = 0; i < sum->nr_tasks; i++)
		m += sum->tasks[i].deadline_misses;
	return m;
}

static double worst_p99(const capsim_summary *sum)
{
	double w = 0;

	for (unsigned i = 0; i < sum->nr_tasks; i++)
		if (sum->tasks[i].lat_p99_us > w)
			w = sum->tasks[i].lat_p99_us;
	return w;
}

/* share of @t's runtime on the CPUs of @pol, in % */
static double policy_share(const struct capsim_task_summary *t,
			   const struct capsim_summary_policy *pol)
{
	uint64_t on = 0, all = 0;

	for (unsigned k = 0; k < t->nr_runtime_by_cpu; k++) {
		all += t->runtime_by_cpu[k].ns;
		if (capsim_cpumask_test(&pol->cpus, t->runtime_by_cpu[k].cpu))
			on += t->runtime_by_cpu[k].ns;
	}
	return all ? 100.0 * (double)on / (double)all : 0.0;
}

void report_compare_text(FILE *f, const capsim_summary *const *runs, unsigned n)
{
	const capsim_summary *r0 = runs[0];
	struct row r;

	fprintf(f, "capsim compare: platform %s, workload %s, %.3f s simulated, seed %llu\n",
		r0->platform, r0->workload ? r0->workload : "-", r0->duration_s,
		(unsigned long long)r0->seed);
	report_kernel_text(f, report_kernel_of(r0)); /* one scenario: the same for every model */
	fprintf(f, "%-44s", "");
	for (unsigned k = 0; k < n; k++)
		fprintf(f, " %12s ", capsim_model_name(runs[k]->model));
	fputc('\n', f);
	fprintf(f, "%-44s", "Linux");
	for (unsigned k = 0; k < n; k++) {
		const char *kernel = capsim_model_kernel(runs[k]->model);

		fprintf(f, " %12s ", kernel ? kernel : "-");
	}
	fputc('\n', f);
#define ROW(lbl, better_, fmt_, expr)                                      \
	do {                                                               \
		memset(&r, 0, sizeof(r));                                  \
		snprintf(r.label, sizeof(r.label), "%s", lbl);             \
		r.better = better_;                                        \
		r.fmt = fmt_;                                              \
		for (unsigned k = 0; k < n; k++)                           \
			r.v[k] = (expr);                                   \
		print_row(f, &r, n);                                       \
	} while (0)
	ROW("energy (J)", r0->has_energy_model ? LOWER : NA, "%.4f", runs[k]->energy_j);
	if (r0->has_idle_power) /* apart from the EM's energy; only where idle power is given */
		ROW("idle energy (J)", LOWER, "%.4f", runs[k]->idle_energy_j);
	ROW("deadline misses", LOWER, "%.0f", (double)total_misses(runs[k]));
	ROW("worst task wake-up latency p99 (us)", LOWER, "%.1f", worst_p99(runs[k]));
	ROW("migrations", LOWER, "%.0f", (double)runs[k]->migrations);
	ROW("misfit migrations", LOWER, "%.0f", (double)runs[k]->misfit_migrations);
	ROW("overutilized (%)", LOWER, "%.2f", runs[k]->overutilized_pct);
	for (unsigned t = 0; t < r0->nr_tasks; t++) {
		char lbl[64];

		snprintf(lbl, sizeof(lbl), "%.20s: deadline misses", r0->tasks[t].name);
		ROW(lbl, LOWER, "%.0f", (double)runs[k]->tasks[t].deadline_misses);
		for (unsigned p = 0; p < r0->nr_policies; p++) {
			snprintf(lbl, sizeof(lbl), "%.20s: runtime on policy%u (%%)", r0->tasks[t].name,
				 r0->policies[p].cpu);
			ROW(lbl, NONE, "%.1f", policy_share(&runs[k]->tasks[t], &runs[k]->policies[p]));
		}
	}
	ROW("pressure: mean |believed - delivered| cap", LOWER, "%.1f",
	    runs[k]->pressure.mean_abs_capacity_error);
	ROW("pressure: placements not fitting delivered", LOWER, "%.0f",
	    (double)runs[k]->pressure.misfit_placements);
	ROW("pressure: uclamp_min violations", LOWER, "%.0f",
	    (double)runs[k]->pressure.uclamp_min_violations);
	ROW("pressure: mean uclamp_min shortfall", LOWER, "%.1f",
	    runs[k]->pressure.mean_uclamp_min_shortfall);
	for (unsigned c = 0; c < r0->nr_cpus; c++) {
		snprintf(r.label, sizeof(r.label), "cpu%u: time under believed pressure (%%)", c);
		r.better = CLOSEST;
		r.fmt = "%.1f";
		/* the first run's delivered capacity: the same truth for every model */
		r.target = r0->cpus[c].capped_pct;
		for (unsigned k = 0; k < n; k++)
			r.v[k] = runs[k]->cpus[c].believed_pressure_pct;
		print_row(f, &r, n);
	}
#undef ROW
	fprintf(f, "(* best of the row; time under pressure: closest to the time the CPU was "
		"really capped)\n");
	if (!r0->has_energy_model)
		fprintf(f, "(energy n/a: the platform has no energy model for every policy)\n");
	for (unsigned k = 0; k < n; k++)
		if (runs[k]->truncated_by)
			fprintf(f, "truncated: %s stopped early at %.3f s (%s)\n",
				capsim_model_name(runs[k]->model),
				(double)runs[k]->truncated_at_ns * 1e-9,
				report_stop_reason(runs[k]->truncated_by));
}
