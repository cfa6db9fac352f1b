// SPDX-License-Identifier: MIT
/*
 * cmd_compare.c - `capsim compare`: the same scenario, workload and seed under several kernel
 * models (v6.9, v6.10, latest, capped, none), side by side: the `simulate` figures plus the
 * pressure metrics (time under believed pressure per CPU, mean |believed - delivered| capacity,
 * placements the delivered capacity could not serve, uclamp_min violations), the best value of
 * each row marked. As JSON: {"models": {"v6.9": {...the keys of simulate --json..., "pressure":
 * {...}}, ...}}. The runs and the report go through the public API (<capsim/capsim_sim.h>).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_platform.h"
#include "cli_record.h"
#include "cli_run.h"

static const char usage[] =
	"usage: capsim compare [SCENARIO.json] [--platform P] [--overlay FILE]...\n"
	"                      [--workload RTAPP.json]\n"
	"                      [--models LIST] [--duration S] [--seed N]\n"
	"                      [--max-freq POLICY=KHZ[@T]]... [--hw-cap CPULIST=KHZ@T+D]...\n"
	"                      [--thermal GOVERNOR] [--decay-shift N] [--capped-threshold T]\n"
	"                      [--jobs N] [--timeout T] [--json] [-o FILE] [--report FILE.html]\n"
	"\n"
	"Runs one scenario under several kernel models with the same workload and seed and shows\n"
	"the simulate figures and the pressure metrics side by side, '*' marking the best value of\n"
	"each row (for time under pressure: the closest to the time the CPU really was capped).\n"
	"\n"
	"  SCENARIO.json         scenario file (docs/formats.md); default: the built-in scenario\n"
	"  --platform P          platform short name or DTB/DTS/JSON path (replaces the scenario's)\n"
	"  --overlay FILE        apply a platform JSON overlay to the platform; repeatable\n"
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
	"  --jobs N              models run in parallel, 1..256 (default: the CPUs this process\n"
	"                        may use); the output is the same for every N\n"
	"  --timeout T           stop the runs after T of wall-clock time (e.g. 5min) and compare\n"
	"                        what they simulated, marked truncated (exit 4); SIGINT/SIGTERM\n"
	"                        likewise (exit 128 + the signal)\n"
	"  --json                the comparison as JSON\n"
	"  -o, --output F        write to F (atomically) instead of standard output\n"
	"  --report F.html       also write an HTML report: the models overlaid per CPU, with a\n"
	"                        selector for the other panels; one self-contained page\n"
	"  --csv DIR             also write each model's CSV time series and summary tables in\n"
	"                        DIR/MODEL/ (as simulate --csv)\n"
	"  --rtapp-log DIR       also write each model's rt-app per-thread logs in DIR/MODEL/\n"
	"\n"
	"Examples:\n"
	"  capsim compare scenarios/rk3399-uclamp-ui.json\n"
	"  capsim compare --platform rk3399 --workload ui.json --max-freq policy4=408MHz\n"
	"  capsim compare scenarios/rb5-lmh-bursts.json --models v6.9,v6.10 --json\n";

struct cmp_opts {
	const char *scenario, *platform, *workload, *models, *duration, *seed, *output, *report;
	const char *thermal, *decay_shift, *capped_threshold, *jobs, *timeout, *csv, *rtapp_log;
	int json;
	struct cli_overlays overlays; /* --overlay, applied when the platform is loaded */
	struct cli_caps caps;     /* --max-freq and --hw-cap */
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
	if (!buf[0] || buf[0] == ',' || strstr(buf, ",,") || buf[strlen(buf) - 1] == ',')
		return cli_usage_error("compare", "--models '%s': an empty model name", list);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		enum capsim_model m;

		if (capsim_model_from_name(tok, &m)) {
			char hint[CLI_HINT_MAX];

			return cli_usage_error("compare", "--models: unknown model '%s'%s (expected "
					       "v6.9, v6.10, v6.12, latest, capped, none)", tok,
					       cli_hint(hint, capsim_model_suggest(tok)));
		}
		for (unsigned k = 0; k < o->nr_models; k++)
			if (o->model[k] == m)
				return cli_usage_error("compare", "--models: '%s' given twice", tok);
		o->model[o->nr_models++] = m;
	}
	if (!o->nr_models)
		return cli_usage_error("compare", "--models: no model given");
	return 0;
}

static int parse_args(int argc, char **argv, struct cmp_opts *o)
{
	const struct cli_opt opts[] = {
		{ "--platform", &o->platform }, { "--workload", &o->workload },
		{ "--models", &o->models },     { "--duration", &o->duration },
		{ "--seed", &o->seed },         { "--output", &o->output },
		{ "-o", &o->output },           { "--thermal", &o->thermal },
		{ "--decay-shift", &o->decay_shift }, { "--capped-threshold", &o->capped_threshold },
		{ "--jobs", &o->jobs },         { "--timeout", &o->timeout },
		{ "--report", &o->report },     { "--csv", &o->csv },
		{ "--rtapp-log", &o->rtapp_log },
	};

	for (int i = 1; i < argc; i++) {
		int r = 0;

		if (!strcmp(argv[i], "--json")) {
			o->json = 1;
			continue;
		}
		r = cli_caps_take("compare", argc, argv, &i, &o->caps);
		if (!r)
			r = cli_overlay_take("compare", argc, argv, &i, &o->overlays);
		if (r > 1)
			return CLI_EXIT_USAGE;
		if (!r)
			r = cli_opt_take_any(argc, argv, &i, opts, sizeof(opts) / sizeof(opts[0]));
		if (r < 0)
			return cli_usage_error("compare", "option '%s' needs a value", argv[i]);
		if (!r && cli_operand("compare", usage, "scenario", argv[i], &o->scenario))
			return CLI_EXIT_USAGE;
	}
	return parse_models(o);
}

/* Command-line values override the scenario's. */
static int apply_overrides(const struct cmp_opts *o, capsim_scenario *sc)
{
	capsim_error err = { 0 };
	uint64_t x;

	if (cli_run_overrides("compare", o->duration, o->seed, sc))
		return CLI_EXIT_USAGE;
	if (o->thermal) {
		if (!strcmp(o->thermal, "step_wise"))
			capsim_scenario_set_thermal(sc, CAPSIM_THERMAL_STEP_WISE, NULL);
		else if (!strcmp(o->thermal, "power_allocator"))
			capsim_scenario_set_thermal(sc, CAPSIM_THERMAL_POWER_ALLOCATOR, NULL);
		else
			return cli_usage_error("compare", "--thermal '%s': expected step_wise or "
					       "power_allocator", o->thermal);
	}
	if (o->decay_shift) {
		if (capsim_parse_u64(o->decay_shift, &x) || x > 10 ||
		    capsim_scenario_set_decay_shift(sc, (unsigned)x, NULL))
			return cli_usage_error("compare", "--decay-shift '%s': expected 0..10",
					       o->decay_shift);
	}
	if (o->capped_threshold) {
		if (capsim_parse_duration_ns(o->capped_threshold, CAPSIM_NSEC_PER_SEC, &x) ||
		    capsim_scenario_set_capped_threshold(sc, x, NULL))
			return cli_usage_error("compare", "--capped-threshold '%s': expected a duration "
					       "> 0 such as 1s or 500ms", o->capped_threshold);
	}
	if ((o->platform && capsim_scenario_set_platform(sc, o->platform, &err)) ||
	    (o->workload && capsim_scenario_set_workload_path(sc, o->workload, &err)))
		return cli_fail(&err);
	for (unsigned k = 0; k < o->overlays.n; k++)
		if (capsim_scenario_add_overlay(sc, o->overlays.path[k], &err))
			return cli_fail(&err);
	return cli_caps_apply(&o->caps, sc);
}

/* The models' runs, each made from the scenario in turn and then run on its own. */
struct model_runs {
	capsim_sim *sim[CAPSIM_MODEL_COUNT];
	capsim_summary *sum[CAPSIM_MODEL_COUNT];
	capsim_error err[CAPSIM_MODEL_COUNT];
	int ret[CAPSIM_MODEL_COUNT];
	capsim_recording *rec[CAPSIM_MODEL_COUNT]; /* --report, --csv, --rtapp-log */
	struct cli_dir csv[CAPSIM_MODEL_COUNT], logs[CAPSIM_MODEL_COUNT]; /* DIR/MODEL */
	char *dir[CAPSIM_MODEL_COUNT][2];
};

/* DIR/MODEL for run @k's files of option @opt (DIR made first) into @d. Return: 0 or exit. */
static int model_dir(struct model_runs *r, unsigned k, unsigned which, const char *opt,
		     const char *dir, enum capsim_model m, struct cli_dir *d)
{
	struct cli_dir parent;
	const char *name = capsim_model_name(m);
	int ret = cli_dir_init(&parent, opt, dir);

	if (ret)
		return ret;
	r->dir[k][which] = malloc(strlen(dir) + strlen(name) + 2);
	if (!r->dir[k][which])
		return cli_failf(CLI_EXIT_INTERNAL, "out of memory");
	sprintf(r->dir[k][which], "%s/%s", dir, name);
	return cli_dir_init(d, opt, r->dir[k][which]);
}

/* A run of the scenario under each model: made one by one (they read the scenario handle). */
static int create_runs(capsim_scenario *sc, const struct cmp_opts *o, capsim_claims *claims,
		       struct model_runs *r)
{
	capsim_scenario_set_pressure_metrics(sc, 1, NULL);
	for (unsigned k = 0; k < o->nr_models; k++) {
		capsim_scenario_set_model(sc, o->model[k], NULL);
		if (capsim_sim_create(sc, &r->sim[k], &r->err[k]))
			return cli_fail(&r->err[k]); /* the inputs, the same for every model */
		if (!k) /* each run reads the same file again: its notes once */
			cli_workload_notes(capsim_sim_workload(r->sim[k]), NULL);
		if ((o->report || o->csv || o->rtapp_log) &&
		    capsim_recording_attach(r->sim[k], &r->rec[k], &r->err[k]))
			return cli_fail(&r->err[k]);
		if (o->csv) {
			int ret = model_dir(r, k, 0, "--csv", o->csv, o->model[k], &r->csv[k]);

			if (ret)
				return ret;
			r->csv[k].claims = claims;
			if (capsim_recording_csv(r->rec[k], cli_dir_open, &r->csv[k], &r->err[k]))
				return cli_failf(CLI_EXIT_INPUT, "--csv %s: %s", r->dir[k][0],
						 r->err[k].msg);
		}
		if (o->rtapp_log) {
			int ret = model_dir(r, k, 1, "--rtapp-log", o->rtapp_log, o->model[k],
					    &r->logs[k]);

			if (ret)
				return ret;
			r->logs[k].claims = claims;
			if (capsim_recording_rtapp_log(r->rec[k], NULL, cli_dir_open, &r->logs[k],
						       &r->err[k]))
				return cli_fail(&r->err[k]);
		}
	}
	return 0;
}

/* --csv, --rtapp-log: each model's files, committed once all are written */
static int commit_dirs(const struct cmp_opts *o, struct model_runs *r)
{
	capsim_error err = { 0 };
	int ret = 0;

	for (unsigned k = 0; !ret && k < o->nr_models; k++) {
		if (o->csv && capsim_summary_csv(r->sum[k], cli_dir_open, &r->csv[k], &err))
			ret = cli_failf(CLI_EXIT_INPUT, "--csv %s: %s", r->dir[k][0], err.msg);
		if (!ret && o->csv)
			ret = cli_dir_commit(&r->csv[k]);
		if (!ret && o->rtapp_log)
			ret = cli_dir_commit(&r->logs[k]);
	}
	return ret;
}

/* Run @i: independent of every other run, so any number go at once. */
static void run_one(void *ctx, unsigned i)
{
	struct model_runs *r = ctx;

	r->ret[i] = capsim_sim_run(r->sim[i], &r->err[i]);
	if (!r->ret[i] && r->rec[i])
		r->ret[i] = capsim_recording_finish(r->rec[i], &r->err[i]);
	if (!r->ret[i])
		r->ret[i] = capsim_sim_summary_take(r->sim[i], &r->sum[i], &r->err[i]);
	/* freed only once no signal can stop it any more (cli_stop_end()) */
}

/* Each run's warning (a deadlock within the duration), in model order. */
static void run_warnings(const struct cmp_opts *o, const struct model_runs *r)
{
	for (unsigned k = 0; k < o->nr_models; k++) {
		char prefix[64];

		snprintf(prefix, sizeof(prefix), "model %s: ", capsim_model_name(o->model[k]));
		cli_run_warning(r->sim[k], prefix);
	}
}

/* The first failed run in model order (the same one whatever the jobs), reported. */
static int first_failure(const struct cmp_opts *o, struct model_runs *r)
{
	for (unsigned k = 0; k < o->nr_models; k++)
		if (r->ret[k]) {
			capsim_error_prefix(&r->err[k], "model %s: ", capsim_model_name(o->model[k]));
			return cli_fail(&r->err[k]);
		}
	return 0;
}

static int parse_jobs(const struct cmp_opts *o, unsigned *jobs, uint64_t *timeout_ns)
{
	uint64_t x;

	*jobs = cli_default_jobs();
	if (o->jobs && (capsim_parse_u64(o->jobs, &x) || !x || x > 256))
		return cli_usage_error("compare", "--jobs '%s': expected 1..256", o->jobs);
	if (o->jobs)
		*jobs = (unsigned)x;
	if (o->timeout && (capsim_parse_duration_ns(o->timeout, CAPSIM_NSEC_PER_SEC, timeout_ns) ||
			   !*timeout_ns))
		return cli_usage_error("compare", "--timeout '%s': expected a duration > 0 such as "
				       "30s or 5min", o->timeout);
	return 0;
}

/* A run stopped early makes the comparison truncated: its own exit status. */
static int truncated_status(const struct cmp_opts *o, const struct model_runs *r, int stopped)
{
	for (unsigned k = 0; k < o->nr_models; k++)
		if (r->sum[k] && r->sum[k]->truncated_by)
			return stopped ? stopped : CLI_EXIT_TRUNCATED;
	return 0;
}

/* --report: the models' recordings on one page */
static int report_html(int argc, char **argv, const struct cmp_opts *o,
		       capsim_recording *const *recs, capsim_summary *const *runs, unsigned n)
{
	struct capsim_report_inputs in;
	struct cli_output out;
	int ret = cli_output_open(&out, o->report);

	if (ret)
		return ret;
	cli_report_inputs(&in, argc, argv, o->scenario, o->platform, o->workload);
	capsim_report_html((const capsim_recording *const *)recs,
			   (const capsim_summary *const *)runs, n, &in, out.fp);
	cli_report_inputs_free(&in);
	return cli_output_commit(&out);
}

static int report(const struct cmp_opts *o, capsim_summary *const *runs, unsigned n)
{
	struct cli_output out;
	int ret = cli_output_open(&out, o->output);

	if (ret)
		return ret;
	/* write errors show when the output is committed */
	if (capsim_compare_write((const capsim_summary *const *)runs, n,
				 o->json ? CAPSIM_REPORT_JSON : CAPSIM_REPORT_TEXT, out.fp) ==
	    CAPSIM_ERR_INVALID) {
		cli_output_abort(&out);
		return cli_failf(CLI_EXIT_INTERNAL, "the runs do not compare (a capsim bug)");
	}
	return cli_output_commit(&out);
}

static int prepare(struct cmp_opts *o, capsim_scenario **sc)
{
	capsim_error err = { 0 };

	if (o->scenario ? capsim_scenario_load(o->scenario, sc, &err) :
			  capsim_scenario_load_default(sc, &err))
		return cli_fail(&err);
	/* the default scenario's caps name the default platform's policies */
	if (!o->scenario && o->platform && capsim_scenario_clear_events(*sc, &err))
		return cli_fail(&err);
	return apply_overrides(o, *sc);
}

int cmd_compare(int argc, char **argv)
{
	struct cmp_opts o = { 0 };
	struct model_runs r = { 0 };
	struct cli_progress prog;
	capsim_scenario *sc = NULL;
	capsim_claims *claims = NULL;
	uint64_t timeout_ns = 0;
	unsigned jobs = 1;
	int ret, stopped = 0;

	if (cli_wants_help(argc, argv)) {
		fputs(usage, stdout);
		return CLI_EXIT_OK;
	}
	ret = cli_caps_init(&o.caps, argc);
	if (!ret)
		ret = parse_args(argc, argv, &o);
	if (!ret)
		ret = parse_jobs(&o, &jobs, &timeout_ns);
	if (!ret)
		ret = prepare(&o, &sc);
	if (!ret) {
		const char *const outs[][2] = { { "-o", o.output }, { "--report", o.report } };

		ret = cli_claim_run_files("compare", sc, outs, 2, &claims);
	}
	if (!ret)
		ret = create_runs(sc, &o, claims, &r);
	if (!ret) {
		/* the first model's progress stands for its wave's; the estimate counts the waves */
		cli_progress_start(&prog, "compare", o.scenario ? o.scenario : o.workload ?
				   o.workload : "the default scenario", 0, 1);
		prog.waves = (o.nr_models + jobs - 1) / jobs;
		capsim_sim_set_progress(r.sim[0], cli_progress_fn, &prog);
		cli_stop_begin(r.sim, o.nr_models, timeout_ns);
		cli_parallel_for(o.nr_models, jobs, run_one, &r);
		stopped = cli_stop_end();
		cli_progress_end(&prog);
		run_warnings(&o, &r);
		ret = first_failure(&o, &r);
	}
	if (!ret && o.report)
		ret = report_html(argc, argv, &o, r.rec, r.sum, o.nr_models);
	if (!ret)
		ret = commit_dirs(&o, &r);
	if (!ret)
		ret = report(&o, r.sum, o.nr_models);
	if (!ret)
		ret = truncated_status(&o, &r, stopped);
	for (unsigned k = 0; k < o.nr_models; k++) {
		cli_dir_abort(&r.csv[k]); /* what was not committed: nothing half-written */
		cli_dir_abort(&r.logs[k]);
		free(r.dir[k][0]);
		free(r.dir[k][1]);
		capsim_recording_free(r.rec[k]);
		capsim_sim_free(r.sim[k]);
		capsim_summary_free(r.sum[k]);
	}
	capsim_claims_free(claims);
	capsim_scenario_free(sc);
	cli_caps_free(&o.caps);
	return ret;
}
