// SPDX-License-Identifier: MIT
/*
 * cmd_compare.c - `capsim compare`: the same scenario, workload and seed under several kernel
 * models (v6.9, v6.10, latest, capped, none), side by side: the `simulate` figures plus the
 * pressure metrics (time under believed pressure per CPU, mean |believed - delivered| capacity,
 * placements the delivered capacity could not serve, uclamp_min violations), the best value of
 * each row marked. As JSON: {"models": {"v6.9": {...the keys of simulate --json..., "pressure":
 * {...}}, ...}}. The runs and the report go through the public API (<capsim/capsim_sim.h>).
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_platform.h"
#include "cli_record.h"
#include "cli_run.h"

static const char head[] =
	"usage: capsim compare [SCENARIO.json] [--platform P] [--overlay FILE]...\n"
	"                      [--workload RTAPP.json]\n"
	"                      [--models LIST] [--duration S] [--seed N] [--kernel-config F]\n"
	"                      [--cpuidle-governor G]\n"
	"                      [--max-freq POLICY=KHZ[@T]]... [--hw-cap CPULIST=KHZ@T+D]...\n"
	"                      [--thermal GOVERNOR] [--decay-shift N] [--capped-threshold T]\n"
	"                      [--jobs N] [--timeout T] [--json] [-o FILE] [--report FILE.html]\n"
	"\n"
	"Runs one scenario under several kernel models with the same workload and seed and shows\n"
	"the simulate figures and the pressure metrics side by side, '*' marking the best value of\n"
	"each row (for time under pressure: the closest to the time the CPU really was capped).\n"
	"\n";

static const char tail[] =
	"\n"
	"Examples:\n"
	"  capsim compare scenarios/rk3399-uclamp-ui.json\n"
	"  capsim compare --platform rk3399 --workload scenarios/workloads/rk3399-uclamp-ui.json --max-freq policy4=408MHz\n"
	"  capsim compare scenarios/rb5-lmh-bursts.json --models v6.9,v6.10 --json\n";

struct cmp_opts {
	struct cli_value scenario, models, output, report, thermal, decay_shift, capped_threshold;
	struct cli_value jobs, timeout, csv, rtapp_log, json;
	struct cli_run_opts run;
	enum capsim_model model[CAPSIM_MODEL_COUNT];
	unsigned nr_models;
};

/* --thermal's names, in the order of enum capsim_thermal from CAPSIM_THERMAL_STEP_WISE */
#define THERMAL_GOVERNORS "step_wise power_allocator"

#define CMP(field) offsetof(struct cmp_opts, field)
static const struct cli_option options[] = {
	{ "SCENARIO.json", 0, "scenario", CLI_FILE, .offset = CMP(scenario),
	  .help = "scenario file (docs/formats.md); default: the built-in scenario" },
	{ "--platform", 0, "P", CLI_PLATFORM, .offset = CMP(run.platform),
	  .help = "platform short name or DTB/DTS/JSON path (replaces the scenario's)" },
	{ "--overlay", 0, "FILE", CLI_FILE, .offset = CMP(run.overlays), .repeat = 1,
	  .max = CLI_RUN_MAX_OVERLAYS,
	  .help = "apply a platform JSON overlay to the platform; repeatable" },
	{ "--workload", 0, "F", CLI_FILE, .offset = CMP(run.workload),
	  .help = "rt-app JSON file (replaces the scenario's)" },
	{ "--models", 0, "LIST", CLI_MODELS, .def = "v6.9,v6.10,latest,capped,none",
	  .offset = CMP(models), .expect = "v6.9, v6.10, v6.12, latest, capped, none, v6.1", .help = "comma-separated, default v6.9,v6.10,latest,capped,none" },
	{ "--duration", 0, "S", CLI_DURATION, .min = 1, .offset = CMP(run.duration),
	  .expect = CLI_RUN_DURATION_EXPECT,
	  .help = "simulated time (10s, 500ms; a bare number is seconds)" },
	{ "--seed", 0, "N", CLI_U64, .offset = CMP(run.seed),
	  .help = "seed (default: the scenario's)" },
	{ "--kernel-config", 0, "F", CLI_FILE, .offset = CMP(run.kernel_config),
	  .help = CLI_RUN_KERNEL_CONFIG_HELP },
	{ "--cpuidle-governor", 0, "G", CLI_CHOICE, .values = CLI_RUN_CPUIDLE_GOVERNORS,
	  .offset = CMP(run.cpuidle_governor), .help = CLI_RUN_CPUIDLE_GOVERNOR_HELP },
	{ "--max-freq", 0, "P=KHZ[@T]", CLI_MAX_FREQ, .offset = CMP(run.caps), .repeat = 1,
	  .help = "cap policy P (policyN or N) with scaling_max_freq at T (default 0);\n"
		  "KHZ 'none' removes the cap; repeatable" },
	{ "--hw-cap", 0, "C=KHZ@T+D", CLI_HW_CAP_EPISODE, .offset = CMP(run.caps), .repeat = 1,
	  .help = "HW-throttle CPUs C to KHZ from T for D; repeatable" },
	{ "--thermal", 0, "GOV", CLI_CHOICE, .values = THERMAL_GOVERNORS, .offset = CMP(thermal),
	  .help = "run the thermal loop with step_wise or power_allocator" },
	{ "--decay-shift", 0, "N", CLI_U64, .max = 10, .offset = CMP(decay_shift),
	  .expect = "0..10", .help = "v6.9 sched_thermal_decay_shift, 0..10 (default 0)" },
	{ "--capped-threshold", 0, "T", CLI_DURATION, .min = 1, .offset = CMP(capped_threshold),
	  .expect = "a duration > 0 such as 1s or 500ms",
	  .help = "capped model: how long a cap must hold (default 1s)" },
	{ "--jobs", 0, "N", CLI_U64, .min = 1, .max = 256, .offset = CMP(jobs), .expect = "1..256",
	  .help = "models run in parallel, 1..256 (default: the CPUs this process\n"
		  "may use); the output is the same for every N" },
	{ "--timeout", 0, "T", CLI_DURATION, .min = 1, .offset = CMP(timeout),
	  .expect = "a duration > 0 such as 30s or 5min",
	  .help = "stop the runs after T of wall-clock time (e.g. 5min) and compare\n"
		  "what they simulated, marked truncated (exit 4); SIGINT/SIGTERM\n"
		  "likewise (exit 128 + the signal)" },
	{ "--json", 0, NULL, CLI_FLAG, .offset = CMP(json), .help = "the comparison as JSON" },
	{ "--output", 'o', "F", CLI_FILE, .offset = CMP(output),
	  .help = "write to F (atomically) instead of standard output" },
	{ "--report", 0, "F.html", CLI_FILE, .offset = CMP(report),
	  .help = "also write an HTML report: the models overlaid per CPU, with a\n"
		  "selector for the other panels; one self-contained page" },
	{ "--csv", 0, "DIR", CLI_FILE, .offset = CMP(csv),
	  .help = "also write each model's CSV time series and summary tables in\n"
		  "DIR/MODEL/ (as simulate --csv)" },
	{ "--rtapp-log", 0, "DIR", CLI_FILE, .offset = CMP(rtapp_log),
	  .help = "also write each model's rt-app per-thread logs in DIR/MODEL/" },
};

const struct cli_command cli_compare = {
	CLI_OPTIONS("compare", options), .head = head, .tail = tail, .column = 24,
};

/* Command-line values override the scenario's. */
static int apply_overrides(const struct cmp_opts *o, capsim_scenario *sc)
{
	if (o->thermal.arg)
		capsim_scenario_set_thermal(sc, (enum capsim_thermal)(CAPSIM_THERMAL_STEP_WISE +
								      o->thermal.u), NULL);
	if (o->decay_shift.arg)
		capsim_scenario_set_decay_shift(sc, (unsigned)o->decay_shift.u, NULL);
	if (o->capped_threshold.arg)
		capsim_scenario_set_capped_threshold(sc, o->capped_threshold.u, NULL);
	return cli_run_overrides("compare", &o->run, sc);
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
	int made[2]; /* DIR of --csv, --rtapp-log made by this run: removed again if left empty */
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
	r->made[which] |= parent.made;
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
		if ((o->report.arg || o->csv.arg || o->rtapp_log.arg) &&
		    capsim_recording_attach(r->sim[k], &r->rec[k], &r->err[k]))
			return cli_fail(&r->err[k]);
		if (o->csv.arg) {
			int ret = model_dir(r, k, 0, "--csv", o->csv.arg, o->model[k], &r->csv[k]);

			if (ret)
				return ret;
			r->csv[k].claims = claims;
			if (capsim_recording_csv(r->rec[k], cli_dir_open, &r->csv[k], &r->err[k]))
				return cli_failf(CLI_EXIT_INPUT, "--csv %s: %s", r->dir[k][0],
						 r->err[k].msg);
		}
		if (o->rtapp_log.arg) {
			int ret = model_dir(r, k, 1, "--rtapp-log", o->rtapp_log.arg, o->model[k],
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

/* --csv, --rtapp-log: each model's files written and finished (whole, not yet in place) */
static int finish_dirs(const struct cmp_opts *o, struct model_runs *r)
{
	capsim_error err = { 0 };
	int ret = 0;

	for (unsigned k = 0; !ret && k < o->nr_models; k++) {
		if (o->csv.arg && capsim_summary_csv(r->sum[k], cli_dir_open, &r->csv[k], &err))
			ret = cli_failf(CLI_EXIT_INPUT, "--csv %s: %s", r->dir[k][0], err.msg);
		if (!ret)
			ret = cli_dir_finish(&r->csv[k]);
		if (!ret)
			ret = cli_dir_finish(&r->logs[k]);
	}
	return ret;
}

/* once every output is whole: each model's files into place */
static int commit_dirs(const struct cmp_opts *o, struct model_runs *r)
{
	int ret = 0;

	for (unsigned k = 0; k < o->nr_models; k++) {
		int c = cli_dir_commit(&r->csv[k]), l = cli_dir_commit(&r->logs[k]);

		ret = ret ? ret : c ? c : l;
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

/* A run stopped early makes the comparison truncated: its own exit status. */
static int truncated_status(const struct cmp_opts *o, const struct model_runs *r, int stopped)
{
	for (unsigned k = 0; k < o->nr_models; k++)
		if (r->sum[k] && r->sum[k]->truncated_by)
			return stopped ? stopped : CLI_EXIT_TRUNCATED;
	return 0;
}

/* --report: the models' recordings on one page, written and finished into @html */
static int report_html(int argc, char **argv, const struct cmp_opts *o,
		       capsim_recording *const *recs, capsim_summary *const *runs, unsigned n,
		       struct cli_output *html)
{
	struct capsim_report_inputs in = CAPSIM_SIZED(struct capsim_report_inputs);

	cli_report_inputs(&in, argc, argv, o->scenario.arg, o->run.platform.arg, o->run.workload.arg);
	capsim_report_html((const capsim_recording *const *)recs,
			   (const capsim_summary *const *)runs, n, &in, html->fp);
	cli_report_inputs_free(&in);
	return cli_output_finish(html);
}

/* the comparison, written and finished into @out */
static int report(const struct cmp_opts *o, capsim_summary *const *runs, unsigned n,
		  struct cli_output *out)
{
	/* write errors show when the output is finished */
	if (capsim_compare_write((const capsim_summary *const *)runs, n,
				 o->json.arg ? CAPSIM_REPORT_JSON : CAPSIM_REPORT_TEXT, out->fp) ==
	    CAPSIM_ERR_INVALID)
		return cli_failf(CLI_EXIT_INTERNAL, "the runs do not compare (a capsim bug)");
	return cli_output_finish(out);
}

/* -o and --report opened before the runs: a name that cannot be written costs no run */
static int open_outputs(const struct cmp_opts *o, struct cli_output *out, struct cli_output *html)
{
	int ret = cli_output_open(out, o->output.arg);

	if (!ret && o->report.arg)
		ret = cli_output_open(html, o->report.arg);
	return ret;
}

static int prepare(struct cmp_opts *o, capsim_scenario **sc)
{
	capsim_error err = { 0 };

	if (o->scenario.arg ? capsim_scenario_load(o->scenario.arg, sc, &err) :
			  capsim_scenario_load_default(sc, &err))
		return cli_fail(&err);
	/* the default scenario's caps name the default platform's policies */
	if (!o->scenario.arg && o->run.platform.arg && capsim_scenario_clear_events(*sc, &err))
		return cli_fail(&err);
	return apply_overrides(o, *sc);
}

int cmd_compare(int argc, char **argv)
{
	struct cmp_opts o = { 0 };
	struct model_runs r = { 0 };
	struct cli_progress prog;
	struct cli_output out = { 0 }, html = { 0 };
	capsim_scenario *sc = NULL;
	capsim_claims *claims = NULL;
	unsigned jobs;
	int ret, stopped = 0;

	ret = cli_parse(&cli_compare, argc, argv, &o);
	if (ret)
		return ret == CLI_HELP_SHOWN ? CLI_EXIT_OK : ret;
	for (uint64_t m = o.models.u; m & 15; m >>= 4)
		o.model[o.nr_models++] = (enum capsim_model)((m & 15) - 1);
	jobs = o.jobs.arg ? (unsigned)o.jobs.u : cli_default_jobs();
	if (!ret)
		ret = prepare(&o, &sc);
	if (!ret) {
		const char *const outs[][2] = { { "-o", o.output.arg }, { "--report", o.report.arg } };

		ret = cli_claim_run_files("compare", sc, outs, 2, &claims);
	}
	if (!ret)
		ret = create_runs(sc, &o, claims, &r);
	if (!ret)
		ret = open_outputs(&o, &out, &html);
	if (!ret) {
		/* the first model's progress stands for its wave's; the estimate counts the waves */
		cli_progress_start(&prog, "compare", o.scenario.arg ? o.scenario.arg : o.run.workload.arg ?
				   o.run.workload.arg : "the default scenario", 0, 1);
		prog.waves = (o.nr_models + jobs - 1) / jobs;
		capsim_sim_set_progress(r.sim[0], cli_progress_fn, &prog);
		cli_stop_begin(r.sim, o.nr_models, o.timeout.u);
		cli_parallel_for(o.nr_models, jobs, run_one, &r);
		stopped = cli_stop_end();
		cli_progress_end(&prog);
		run_warnings(&o, &r);
		ret = first_failure(&o, &r);
	}
	/* every output whole before any is put in place: all of them or none (as simulate) */
	if (!ret && o.report.arg)
		ret = report_html(argc, argv, &o, r.rec, r.sum, o.nr_models, &html);
	if (!ret)
		ret = finish_dirs(&o, &r);
	if (!ret)
		ret = report(&o, r.sum, o.nr_models, &out);
	if (!ret && o.report.arg)
		ret = cli_output_commit(&html);
	if (!ret)
		ret = commit_dirs(&o, &r);
	if (!ret)
		ret = cli_output_commit(&out);
	if (!ret)
		ret = truncated_status(&o, &r, stopped);
	cli_output_abort(&html);
	cli_output_abort(&out);
	for (unsigned k = 0; k < o.nr_models; k++) {
		cli_dir_abort(&r.csv[k]); /* what was not committed: nothing half-written */
		cli_dir_abort(&r.logs[k]);
		free(r.dir[k][0]);
		free(r.dir[k][1]);
		capsim_recording_free(r.rec[k]);
		capsim_sim_free(r.sim[k]);
		capsim_summary_free(r.sum[k]);
	}
	if (r.made[0])
		rmdir(o.csv.arg); /* only once empty: nothing of a failed run is left */
	if (r.made[1])
		rmdir(o.rtapp_log.arg);
	capsim_claims_free(claims);
	capsim_scenario_free(sc);
	return ret;
}
