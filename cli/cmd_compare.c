// SPDX-License-Identifier: MIT
/*
 * cmd_compare.c - `capsim compare`: the same scenario, workload and seed under several kernel
 * models (v6.9, v6.10, latest, capped, none), side by side: the `simulate` figures plus the
 * pressure metrics (time under believed pressure per CPU, mean |believed - delivered| capacity,
 * placements the delivered capacity could not serve, uclamp_min violations), the best value of
 * each row marked. As JSON: {"models": {"v6.9": {...the keys of simulate --json..., "pressure":
 * {...}}, ...}}.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_run.h"
#include "sim/pressure_metrics.h"
#include "input/scenario.h"
#include "input/scenario_events.h"
#include "input/scenario_timeline.h"
#include "sim/sim.h"
#include "sim/sim_pressure.h"

static const char usage[] =
	"usage: capsim compare [SCENARIO.json] [--platform P] [--workload RTAPP.json]\n"
	"                      [--models LIST] [--duration S] [--seed N]\n"
	"                      [--max-freq POLICY=KHZ[@T]]... [--hw-cap CPULIST=KHZ@T+D]...\n"
	"                      [--thermal GOVERNOR] [--decay-shift N] [--capped-threshold T]\n"
	"                      [--json] [-o FILE]\n"
	"\n"
	"Runs one scenario under several kernel models with the same workload and seed and shows\n"
	"the simulate figures and the pressure metrics side by side, '*' marking the best value of\n"
	"each row (for time under pressure: the closest to the time the CPU really was capped).\n"
	"\n"
	"  SCENARIO.json         scenario file (docs/formats.md); default: the built-in scenario\n"
	"  --platform P          platform short name or DTB/DTS/JSON path (replaces the scenario's)\n"
	"  --workload F          rt-app JSON file (replaces the scenario's)\n"
	"  --models LIST         comma-separated, default v6.9,v6.10,latest,capped,none\n"
	"  --duration S          simulated time (10s, 500ms; a bare number is seconds)\n"
	"  --seed N              seed (default: the scenario's)\n"
	"  --max-freq P=KHZ[@T]  cap policy P (policyN or N) with scaling_max_freq at T (default 0);\n"
	"                        KHZ 'none' removes the cap; repeatable\n"
	"  --hw-cap C=KHZ@T+D    HW-throttle CPUs C to KHZ from T for D; repeatable\n"
	"  --thermal GOV         run the thermal loop with step_wise or power_allocator\n"
	"  --decay-shift N       v6.9 sched_thermal_decay_shift, 0..10 (default 0)\n"
	"  --capped-threshold T  capped model: how long a cap must hold (default 1s)\n"
	"  --json                the comparison as JSON\n"
	"  -o, --output F        write to F (atomically) instead of standard output\n"
	"\n"
	"Examples:\n"
	"  capsim compare scenarios/rk3399-uclamp-ui.json\n"
	"  capsim compare --platform rk3399 --workload ui.json --max-freq policy4=408MHz\n"
	"  capsim compare scenarios/rb5-lmh-bursts.json --models v6.9,v6.10 --json\n";

struct cmp_opts {
	const char *scenario, *platform, *workload, *models, *duration, *seed, *output;
	const char *thermal, *decay_shift, *capped_threshold;
	int json;
	scn_events *timeline;
	enum capsim_model model[CAPSIM_MODEL_COUNT];
	unsigned nr_models;
};

static int parse_models(struct cmp_opts *o)
{
	const char *list = o->models ? o->models : "v6.9,v6.10,latest,capped,none";
	char buf[128], *tok, *save = NULL;

	if (strlen(list) >= sizeof(buf))
		return cli_usage_error("compare", "--models '%s': too long", list);
	strcpy(buf, list);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		enum capsim_model m;

		if (capsim_model_from_name(tok, &m))
			return cli_usage_error("compare", "--models: unknown model '%s' (expected v6.9, "
					       "v6.10, latest, capped, none)", tok);
		for (unsigned k = 0; k < o->nr_models; k++)
			if (o->model[k] == m)
				return cli_usage_error("compare", "--models: '%s' given twice", tok);
		o->model[o->nr_models++] = m;
	}
	if (!o->nr_models)
		return cli_usage_error("compare", "--models: no model given");
	return 0;
}

static int add_timeline_arg(struct cmp_opts *o, const char *opt, const char *val)
{
	capsim_error err = { 0 };
	int ret = !strcmp(opt, "--max-freq") ? scn_events_add_max_freq(o->timeline, val, &err)
					     : scn_events_add_hw_cap(o->timeline, val, &err);

	return ret ? cli_usage_error("compare", "%s", err.msg) : 0;
}

static const char *const timeline_opts[] = { "--max-freq", "--hw-cap", NULL };

static int parse_args(int argc, char **argv, struct cmp_opts *o)
{
	const struct cli_opt opts[] = {
		{ "--platform", &o->platform }, { "--workload", &o->workload },
		{ "--models", &o->models },     { "--duration", &o->duration },
		{ "--seed", &o->seed },         { "--output", &o->output },
		{ "-o", &o->output },           { "--thermal", &o->thermal },
		{ "--decay-shift", &o->decay_shift }, { "--capped-threshold", &o->capped_threshold },
	};

	for (int i = 1; i < argc; i++) {
		const char *val = NULL;
		int r = 0;

		if (!strcmp(argv[i], "--json")) {
			o->json = 1;
			continue;
		}
		for (const char *const *t = timeline_opts; *t && !r; t++) {
			r = cli_opt_take(argc, argv, &i, *t, &val);
			if (r > 0 && add_timeline_arg(o, *t, val))
				return CLI_EXIT_USAGE;
		}
		if (!r)
			r = cli_opt_take_any(argc, argv, &i, opts, sizeof(opts) / sizeof(opts[0]));
		if (r < 0)
			return cli_usage_error("compare", "option '%s' needs a value", argv[i]);
		if (!r && cli_operand("compare", "scenario", argv[i], &o->scenario))
			return CLI_EXIT_USAGE;
	}
	return parse_models(o);
}

/* Command-line values override the scenario's. */
static int apply_overrides(const struct cmp_opts *o, struct sim_options *opt)
{
	uint64_t x;

	if (cli_run_overrides("compare", o->duration, o->seed, opt))
		return CLI_EXIT_USAGE;
	if (o->thermal) {
		opt->thermal = 1;
		if (!strcmp(o->thermal, "step_wise"))
			opt->thermal_governor = THERMAL_GOV_STEP_WISE;
		else if (!strcmp(o->thermal, "power_allocator"))
			opt->thermal_governor = THERMAL_GOV_POWER_ALLOCATOR;
		else
			return cli_usage_error("compare", "--thermal '%s': expected step_wise or "
					       "power_allocator", o->thermal);
	}
	if (o->decay_shift) {
		if (capsim_parse_u64(o->decay_shift, &x) || x > 10)
			return cli_usage_error("compare", "--decay-shift '%s': expected 0..10",
					       o->decay_shift);
		opt->thermal_decay_shift = (unsigned)x;
	}
	if (o->capped_threshold) {
		if (capsim_parse_duration_ns(o->capped_threshold, NSEC_PER_SEC, &x) || !x)
			return cli_usage_error("compare", "--capped-threshold '%s': expected a duration "
					       "> 0 such as 1s or 500ms", o->capped_threshold);
		opt->capped_threshold_ns = x;
	}
	return 0;
}

/* ---- one run per model ----------------------------------------------------------------------- */

struct model_run {
	enum capsim_model model;
	struct capsim_sim *sim;
	struct sim_result res;
	int built;
};

static int run_model(struct capsim_scenario *sc, const struct cmp_opts *o, struct model_run *mr,
		     capsim_error *err)
{
	int ret;

	sc->opt.model = mr->model;
	sc->opt.pressure_metrics = 1;
	ret = scenario_build(sc, o->platform, o->workload, &mr->sim, err);
	if (ret)
		return ret; /* the inputs, the same for every model */
	ret = sim_run(mr->sim, err);
	if (ret)
		return capsim_error_prefix(err, "model %s: ", capsim_model_name(mr->model));
	if (sim_result_build(mr->sim, &mr->res))
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	mr->built = 1;
	return 0;
}

/* ---- the side-by-side table ------------------------------------------------------------------ */

enum better { LOWER, CLOSEST, NONE };

struct row {
	char label[64];
	double v[CAPSIM_MODEL_COUNT];
	enum better better;
	double target;  /* CLOSEST: the true value */
	const char *fmt;
};

static void mark_best(const struct row *r, unsigned n, int *best)
{
	double bestv = 0;
	int have = 0;

	for (unsigned k = 0; k < n; k++) {
		double d = r->better == CLOSEST ? (r->v[k] > r->target ? r->v[k] - r->target
								       : r->target - r->v[k])
						: r->v[k];

		if (r->better == NONE)
			continue;
		if (!have || d < bestv - 1e-9) {
			bestv = d;
			have = 1;
		}
	}
	for (unsigned k = 0; k < n; k++) {
		double d = r->better == CLOSEST ? (r->v[k] > r->target ? r->v[k] - r->target
								       : r->target - r->v[k])
						: r->v[k];

		best[k] = r->better != NONE && n > 1 && d <= bestv + 1e-9;
	}
}

static void print_row(FILE *f, const struct row *r, unsigned n)
{
	int best[CAPSIM_MODEL_COUNT];

	mark_best(r, n, best);
	fprintf(f, "%-44s", r->label);
	for (unsigned k = 0; k < n; k++) {
		char cell[32];

		snprintf(cell, sizeof(cell), r->fmt, r->v[k]);
		fprintf(f, " %12s%c", cell, best[k] ? '*' : ' ');
	}
	fputc('\n', f);
}

static uint64_t total_misses(const struct sim_result *r)
{
	uint64_t m = 0;

	for (unsigned i = 0; i < r->nr_tasks; i++)
		m += r->tasks[i].deadline_misses;
	return m;
}

static double worst_p99(const struct sim_result *r)
{
	double w = 0;

	for (unsigned i = 0; i < r->nr_tasks; i++)
		if (r->tasks[i].lat_p99_us > w)
			w = r->tasks[i].lat_p99_us;
	return w;
}

/* share of @t's runtime on the CPUs of @pol, in % */
static double policy_share(const struct sim_task_result *t, const struct platform_policy *pol)
{
	uint64_t on = 0, all = 0;

	for (unsigned k = 0; k < t->nr_by_cpu; k++) {
		all += cpu_time_ns(&t->by_cpu[k]);
		if (capsim_cpumask_test(&pol->related_cpus, t->by_cpu[k].cpu))
			on += cpu_time_ns(&t->by_cpu[k]);
	}
	return all ? 100.0 * (double)on / (double)all : 0.0;
}

/* % of the run @cpu was really capped (delivered < original): the truth for the pressure row */
static double delivered_pressure_pct(const struct pressure_metrics *pm, unsigned cpu)
{
	const struct pm_cpu *c = &pm->cpus[cpu];

	return c->sampled_ns ? 100.0 * (double)c->capped_ns / (double)c->sampled_ns : 0.0;
}

static void print_table(FILE *f, const struct model_run *mr, unsigned n)
{
	const struct capsim_sim *s0 = mr[0].sim;
	const struct sim_result *r0 = &mr[0].res;
	struct row r;

	fprintf(f, "capsim compare: platform %s, workload %s, %.3f s simulated, seed %llu\n",
		s0->plat->name, s0->wl->source ? s0->wl->source : "-", r0->duration_s,
		(unsigned long long)s0->opt.seed);
	fprintf(f, "%-44s", "");
	for (unsigned k = 0; k < n; k++)
		fprintf(f, " %12s ", capsim_model_name(mr[k].model));
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
	ROW("energy (J)", LOWER, "%.4f", mr[k].res.energy_j);
	ROW("deadline misses", LOWER, "%.0f", (double)total_misses(&mr[k].res));
	ROW("worst task wake-up latency p99 (us)", LOWER, "%.1f", worst_p99(&mr[k].res));
	ROW("migrations", LOWER, "%.0f", (double)mr[k].res.migrations);
	ROW("misfit migrations", LOWER, "%.0f", (double)mr[k].res.misfit_migrations);
	ROW("overutilized (%)", LOWER, "%.2f", mr[k].res.overutilized_pct);
	for (unsigned t = 0; t < r0->nr_tasks; t++) {
		char lbl[64];

		snprintf(lbl, sizeof(lbl), "%.20s: deadline misses", r0->tasks[t].name);
		ROW(lbl, LOWER, "%.0f", (double)mr[k].res.tasks[t].deadline_misses);
		for (unsigned p = 0; p < s0->plat->nr_policies; p++) {
			snprintf(lbl, sizeof(lbl), "%.20s: runtime on policy%u (%%)", r0->tasks[t].name,
				 s0->plat->policies[p].cpu);
			ROW(lbl, NONE, "%.1f",
			    policy_share(&mr[k].res.tasks[t], &mr[k].sim->plat->policies[p]));
		}
	}
	ROW("pressure: mean |believed - delivered| cap", LOWER, "%.1f",
	    pm_mean_abs_err_all(sim_pressure_metrics(mr[k].sim)));
	ROW("pressure: placements not fitting delivered", LOWER, "%.0f",
	    (double)sim_pressure_metrics(mr[k].sim)->misfit_placements);
	ROW("pressure: uclamp_min violations", LOWER, "%.0f",
	    (double)sim_pressure_metrics(mr[k].sim)->uclamp_min_violations);
	ROW("pressure: mean uclamp_min shortfall", LOWER, "%.1f",
	    pm_mean_shortfall(sim_pressure_metrics(mr[k].sim)));
	for (unsigned c = 0; c < s0->nr_cpus; c++) {
		char lbl[64];

		snprintf(lbl, sizeof(lbl), "cpu%u: time under believed pressure (%%)", c);
		memset(&r, 0, sizeof(r));
		snprintf(r.label, sizeof(r.label), "%s", lbl);
		r.better = CLOSEST;
		r.fmt = "%.1f";
		r.target = delivered_pressure_pct(sim_pressure_metrics(mr[0].sim), c);
		for (unsigned k = 0; k < n; k++)
			r.v[k] = pm_pressure_pct(sim_pressure_metrics(mr[k].sim), c);
		print_row(f, &r, n);
	}
#undef ROW
	fprintf(f, "(* best of the row; time under pressure: closest to the time the CPU was "
		"really capped)\n");
}

/* ---- JSON ------------------------------------------------------------------------------------ */

static void print_pressure_json(FILE *f, const struct capsim_sim *s)
{
	const struct pressure_metrics *pm = sim_pressure_metrics(s);

	fprintf(f, ", \"pressure\": {\"mean_abs_capacity_error\": %.4f, \"placements\": %llu, "
		"\"misfit_placements\": %llu, \"uclamp_min_placements\": %llu, "
		"\"uclamp_min_violations\": %llu, \"mean_uclamp_min_shortfall\": %.4f, \"cpus\": [",
		pm_mean_abs_err_all(pm), (unsigned long long)pm->placements,
		(unsigned long long)pm->misfit_placements,
		(unsigned long long)pm->uclamp_min_placements,
		(unsigned long long)pm->uclamp_min_violations, pm_mean_shortfall(pm));
	for (unsigned c = 0; c < pm->nr_cpus; c++)
		fprintf(f, "%s{\"cpu\": %u, \"believed_pressure_pct\": %.4f, "
			"\"capped_pct\": %.4f, \"mean_abs_capacity_error\": %.4f}", c ? ", " : "", c,
			pm_pressure_pct(pm, c), delivered_pressure_pct(pm, c), pm_mean_abs_err(pm, c));
	fprintf(f, "]}");
}

/* simulate's report object, with the pressure metrics added before its closing brace */
static int print_model_json(FILE *f, const struct model_run *mr)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	if (!mem)
		return -1;
	cli_simulate_json(mem, mr->sim, &mr->res);
	fclose(mem);
	while (len && (buf[len - 1] == '\n' || buf[len - 1] == '}'))
		if (buf[--len] == '}')
			break;
	fwrite(buf, 1, len, f);
	print_pressure_json(f, mr->sim);
	fputs("}", f);
	free(buf);
	return 0;
}

static int print_json(FILE *f, const struct model_run *mr, unsigned n)
{
	fputs("{\"models\": {", f);
	for (unsigned k = 0; k < n; k++) {
		fprintf(f, "%s\n\"%s\": ", k ? "," : "", capsim_model_name(mr[k].model));
		if (print_model_json(f, &mr[k]))
			return -1;
	}
	fputs("\n}}\n", f);
	return 0;
}

/* ---- the command ----------------------------------------------------------------------------- */

static int report(const struct cmp_opts *o, const struct model_run *mr, unsigned n)
{
	struct cli_output out;
	int ret = cli_output_open(&out, o->output);

	if (ret)
		return ret;
	if (o->json) {
		if (print_json(out.fp, mr, n)) {
			cli_output_abort(&out);
			return cli_failf(CLI_EXIT_INTERNAL, "out of memory");
		}
	} else {
		print_table(out.fp, mr, n);
	}
	return cli_output_commit(&out);
}

static int prepare(struct cmp_opts *o, struct capsim_scenario **sc)
{
	capsim_error err = { 0 };
	int ret;

	ret = scenario_load(o->scenario ? o->scenario : scenario_default_path(), sc, &err);
	if (ret)
		return cli_fail(&err);
	if (!o->scenario && o->platform)
		(*sc)->nr_events = 0; /* the default scenario's caps name the default platform's policies */
	ret = apply_overrides(o, &(*sc)->opt);
	if (ret)
		return ret;
	if (scenario_finish_timeline(*sc, o->timeline, &err))
		return cli_fail(&err);
	return 0;
}

int cmd_compare(int argc, char **argv)
{
	struct cmp_opts o = { 0 };
	struct model_run mr[CAPSIM_MODEL_COUNT] = { 0 };
	struct capsim_scenario *sc = NULL;
	capsim_error err = { 0 };
	int ret;

	if (cli_wants_help(argc, argv)) {
		fputs(usage, stdout);
		return CLI_EXIT_OK;
	}
	o.timeline = scn_events_new();
	if (!o.timeline)
		return cli_failf(CLI_EXIT_INTERNAL, "out of memory");
	ret = parse_args(argc, argv, &o);
	if (!ret)
		ret = prepare(&o, &sc);
	for (unsigned k = 0; !ret && k < o.nr_models; k++) {
		mr[k].model = o.model[k];
		if (run_model(sc, &o, &mr[k], &err))
			ret = cli_fail(&err);
	}
	if (!ret)
		ret = report(&o, mr, o.nr_models);
	for (unsigned k = 0; k < o.nr_models; k++) {
		if (mr[k].built)
			sim_result_free(&mr[k].res);
		sim_free(mr[k].sim);
	}
	scenario_free(sc);
	scn_events_free(o.timeline);
	return ret;
}
