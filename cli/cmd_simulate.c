// SPDX-License-Identifier: MIT
/*
 * cmd_simulate.c - `capsim simulate`: run an rt-app workload on a platform with the 6.10
 * kernel's load tracking, schedutil, EAS, misfit and load balance, and report per task and per
 * CPU what happened, for people or as JSON, optionally with a kernel text trace. Everything it
 * runs and prints goes through the public API (<capsim/capsim_sim.h>).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_platform.h"
#include "cli_record.h"
#include "cli_run.h"

static const char usage[] =
	"usage: capsim simulate [SCENARIO.json] [--platform P] [--overlay FILE]...\n"
	"                       [--workload RTAPP.json]\n"
	"                       [--duration S] [--seed N] [--model M] [--governor G] [--hz N]\n"
	"                       [--max-freq POLICY=KHZ[@T]]... [--hw-cap CPULIST=KHZ@T+D]...\n"
	"                       [--no-eas] [--max-events N] [--timeout T] [--json] [--trace FILE]\n"
	"                       [--trace-format F] [--trace-events LIST] [-o FILE]\n"
	"                       [--report FILE.html] [--csv DIR] [--rtapp-log DIR]\n"
	"                       [--rtapp-log-workload] [--no-trace-size-warning]\n"
	"\n"
	"Runs an rt-app workload on a platform as the Linux 6.10+ scheduler would: PELT on the\n"
	"runqueue clocks, util_est, uclamp, schedutil, EAS wake-up placement, misfit migration and\n"
	"load balance. Without a scenario it runs the built-in default (scenarios/default.json:\n"
	"Pixel 6, big cluster capped to 2 GHz, display pipeline + audio + background + UI burst).\n"
	"\n"
	"  SCENARIO.json    scenario file (docs/formats.md, \"Scenario\")\n"
	"  --platform P     platform short name (capsim platform list) or DTB/DTS/JSON path\n"
	"  --overlay FILE   apply a platform JSON overlay to the platform (the scenario's or\n"
	"                   --platform's) as 'capsim platform show --overlay'; repeatable\n"
	"  --workload F     rt-app JSON file; replaces the scenario's workload\n"
	"  --duration S     simulated time: seconds or with a unit (10s, 500ms, 2h)\n"
	"  --seed N         seed for the inputs that ask for randomness (default: the scenario's)\n"
	"  --model M        v6.10 (default), v6.9, v6.12, latest, capped, none\n"
	"  --governor G     schedutil (default), performance, powersave\n"
	"  --hz N           scheduler tick rate (default 250)\n"
	"  --max-freq P=KHZ[@T]  cap policy P (policyN or N) with scaling_max_freq from T\n"
	"                   (default 0); KHZ 'none' removes the cap; repeatable\n"
	"  --hw-cap C=KHZ@T+D    HW-throttle CPUs C to KHZ from T for D; repeatable\n"
	"  --no-eas         disable Energy Aware Scheduling (sched_energy_aware=0)\n"
	"  --max-events N   stop after N events with the report of what ran, marked truncated\n"
	"                   (exit 4; default: no limit with a duration, else 200000000 and an\n"
	"                   error)\n"
	"  --timeout T      likewise after T of wall-clock time (e.g. 30s, 5min)\n"
	"  --json           the report as JSON\n"
	"  --trace FILE     write a trace of the run; its format from the name: .dat trace.dat\n"
	"                   (trace-cmd, KernelShark), .perfetto-trace or .pftrace Perfetto,\n"
	"                   .json Chrome JSON, else the kernel's ftrace text (after .gz/.zst/.xz)\n"
	"  --trace-format F ftrace, report, dat, perfetto or chrome: wins over the name\n"
	"  --trace-events LIST  event families the trace adds, comma-separated: lisa (the LISA\n"
	"                   module's lisa__* PELT, util_est, capacity, overutilized events;\n"
	"                   ftrace and report traces only), energy (sched_compute_energy, each\n"
	"                   compute_energy() of EAS), thermal_power (the cpufreq cooling devices'\n"
	"                   thermal_power_cpu_get_power_simple and thermal_power_cpu_limit)\n"
	"  --no-trace-size-warning  no warning when the trace is on its way past 1 GiB\n"
	"  -o, --output F   write the report to F (atomically) instead of standard output\n"
	"  --report F.html  also write an HTML report: interactive plots per CPU and task,\n"
	"                   the summary and the inputs, one self-contained page\n"
	"  --csv DIR        also write the time series and summary tables as CSV into DIR\n"
	"  --rtapp-log DIR  also write rt-app's per-thread logs into DIR, named as rt-app names\n"
	"                   them: LOG_BASENAME-THREAD.log (the workload's global log_basename,\n"
	"                   else rt-app)\n"
	"  --rtapp-log-workload  write them where the workload's global logdir says, as rt-app\n"
	"                   does (a relative logdir from the current directory)\n"
	"\n"
	"SIGINT or SIGTERM stops the run with its truncated report (exit 128 + the signal); a\n"
	"second one ends capsim at once. Every output is opened before the run starts.\n"
	"\n"
	"Examples:\n"
	"  capsim simulate\n"
	"  capsim simulate --platform rk3399 --workload tests/data/rtapp/mp3-short.json --json\n"
	"  capsim simulate scenarios/default.json --duration 2s --trace default.trace\n";

struct sim_opts {
	const char *scenario, *platform, *workload, *trace, *trace_format, *output;
	const char *report, *csv, *rtapp_log;
	const char *trace_events;
	const char *duration, *seed, *model, *governor, *hz, *max_events, *timeout;
	int json, no_eas, no_trace_size_warning, rtapp_log_workload;
	struct cli_overlays overlays; /* --overlay, applied when the platform is loaded */
	struct cli_caps caps;     /* --max-freq and --hw-cap */
};

static int parse_args(int argc, char **argv, struct sim_opts *o)
{
	const struct cli_opt opts[] = {
		{ "--platform", &o->platform }, { "--workload", &o->workload },
		{ "--duration", &o->duration }, { "--seed", &o->seed },
		{ "--model", &o->model }, { "--governor", &o->governor },
		{ "--hz", &o->hz }, { "--trace", &o->trace }, { "--max-events", &o->max_events },
		{ "--timeout", &o->timeout },        { "--trace-events", &o->trace_events },
		{ "--trace-format", &o->trace_format },
		{ "--output", &o->output }, { "-o", &o->output }, { "--report", &o->report },
		{ "--csv", &o->csv }, { "--rtapp-log", &o->rtapp_log },
	};

	for (int i = 1; i < argc; i++) {
		int r = 0;

		if (!strcmp(argv[i], "--json")) {
			o->json = 1;
			continue;
		}
		if (!strcmp(argv[i], "--no-eas")) {
			o->no_eas = 1;
			continue;
		}
		if (!strcmp(argv[i], "--no-trace-size-warning")) {
			o->no_trace_size_warning = 1;
			continue;
		}
		if (!strcmp(argv[i], "--rtapp-log-workload")) {
			o->rtapp_log_workload = 1;
			continue;
		}
		r = cli_caps_take("simulate", argc, argv, &i, &o->caps);
		if (!r)
			r = cli_overlay_take("simulate", argc, argv, &i, &o->overlays);
		if (r > 1)
			return CLI_EXIT_USAGE;
		if (!r)
			r = cli_opt_take_any(argc, argv, &i, opts, sizeof(opts) / sizeof(opts[0]));
		if (r < 0)
			return cli_usage_error("simulate", "option '%s' needs a value", argv[i]);
		if (!r && cli_operand("simulate", usage, "scenario", argv[i], &o->scenario))
			return CLI_EXIT_USAGE;
	}
	if (o->rtapp_log_workload && o->rtapp_log)
		return cli_usage_error("simulate", "--rtapp-log DIR and --rtapp-log-workload name two "
				       "places for one set of logs: give one");
	return o->trace_events && !o->trace
		       ? cli_usage_error("simulate", "--trace-events needs --trace FILE")
		       : 0;
}

/* --trace-events LIST: the CAPSIM_TRACE_EV_* bits of its comma-separated family names. */
static int trace_families(const char *list, unsigned *out)
{
	static const struct {
		const char *name;
		unsigned bit;
	} fams[] = { { "lisa", CAPSIM_TRACE_EV_LISA },
		     { "energy", CAPSIM_TRACE_EV_ENERGY },
		     { "thermal_power", CAPSIM_TRACE_EV_THERMAL_POWER } };

	*out = 0;
	for (const char *p = list; *p;) {
		size_t n = strcspn(p, ",");
		unsigned i;

		for (i = 0; i < sizeof(fams) / sizeof(fams[0]); i++)
			if (strlen(fams[i].name) == n && !strncmp(p, fams[i].name, n))
				break;
		if (i == sizeof(fams) / sizeof(fams[0]))
			return cli_usage_error("simulate", "--trace-events: unknown family '%.*s' "
					       "(expected: lisa, energy, thermal_power)", (int)n, p);
		*out |= fams[i].bit;
		p += n + (p[n] == ',');
	}
	return 0;
}

/* Command-line values override the scenario's. */
static int apply_overrides(const struct sim_opts *o, capsim_scenario *sc)
{
	enum capsim_model model;
	capsim_error err = { 0 };
	uint64_t x;

	if (cli_run_overrides("simulate", o->duration, o->seed, sc))
		return CLI_EXIT_USAGE;
	if (o->model) {
		if (capsim_model_from_name(o->model, &model)) {
			char hint[CLI_HINT_MAX];

			return cli_usage_error("simulate", "--model '%s'%s: expected v6.10, v6.9, v6.12, "
					       "latest, capped or none", o->model,
					       cli_hint(hint, capsim_model_suggest(o->model)));
		}
		capsim_scenario_set_model(sc, model, NULL);
	}
	if (o->governor) {
		if (!strcmp(o->governor, "schedutil"))
			capsim_scenario_set_governor(sc, CAPSIM_GOV_SCHEDUTIL, NULL);
		else if (!strcmp(o->governor, "performance"))
			capsim_scenario_set_governor(sc, CAPSIM_GOV_PERFORMANCE, NULL);
		else if (!strcmp(o->governor, "powersave"))
			capsim_scenario_set_governor(sc, CAPSIM_GOV_POWERSAVE, NULL);
		else
			return cli_usage_error("simulate", "--governor '%s': expected schedutil, "
					       "performance or powersave", o->governor);
	}
	if (o->hz) {
		if (capsim_parse_u64(o->hz, &x) || x > 10000 ||
		    capsim_scenario_set_hz(sc, (unsigned)x, NULL))
			return cli_usage_error("simulate", "--hz '%s': expected 1..10000", o->hz);
	}
	if (o->max_events) {
		if (capsim_parse_u64(o->max_events, &x) || capsim_scenario_set_max_events(sc, x, NULL))
			return cli_usage_error("simulate", "--max-events '%s': expected a positive integer",
					       o->max_events);
	}
	if (o->no_eas)
		capsim_scenario_set_eas(sc, 0, NULL);
	if ((o->platform && capsim_scenario_set_platform(sc, o->platform, &err)) ||
	    (o->workload && capsim_scenario_set_workload_path(sc, o->workload, &err)))
		return cli_fail(&err);
	for (unsigned k = 0; k < o->overlays.n; k++)
		if (capsim_scenario_add_overlay(sc, o->overlays.path[k], &err))
			return cli_fail(&err);
	return cli_caps_apply(&o->caps, sc);
}

/* The outputs of a recording: opened before the run, written after it. */
struct recorded {
	capsim_recording *rec;
	struct cli_dir csv, logs;
	struct cli_output report;
};

static int record_open(capsim_sim *s, const struct sim_opts *o, capsim_claims *claims,
		       struct recorded *r)
{
	capsim_error err = { 0 };
	int ret = 0;

	const char *logdir = o->rtapp_log;

	if (!o->report && !o->csv && !o->rtapp_log && !o->rtapp_log_workload)
		return 0;
	if (o->rtapp_log_workload && !(logdir = capsim_sim_rtapp_logdir(s)))
		return cli_failf(CLI_EXIT_INPUT, "--rtapp-log-workload: the workload's \"global\" "
				 "gives no \"logdir\" (or write the logs with --rtapp-log DIR)");
	if (capsim_recording_attach(s, &r->rec, &err))
		return cli_fail(&err);
	if (o->report)
		ret = cli_output_open(&r->report, o->report);
	if (!ret && o->csv) {
		ret = cli_dir_init(&r->csv, "--csv", o->csv);
		r->csv.claims = claims;
		if (!ret && capsim_recording_csv(r->rec, cli_dir_open, &r->csv, &err))
			ret = cli_failf(CLI_EXIT_INPUT, "--csv %s: %s", o->csv, err.msg);
	}
	if (!ret && logdir) {
		ret = cli_dir_init(&r->logs, o->rtapp_log ? "--rtapp-log" : "--rtapp-log-workload",
				   logdir);
		r->logs.claims = claims;
		if (!ret && capsim_recording_rtapp_log(r->rec, NULL, cli_dir_open, &r->logs, &err))
			ret = cli_fail(&err);
	}
	return ret;
}

static void record_abort(const struct sim_opts *o, struct recorded *r)
{
	if (o->report)
		cli_output_abort(&r->report);
	cli_dir_abort(&r->csv);
	cli_dir_abort(&r->logs);
	capsim_recording_free(r->rec);
	r->rec = NULL;
}

/* after the run: the recording's files written and finished (whole, not yet in place) */
static int record_finish(int argc, char **argv, const struct sim_opts *o, struct recorded *r,
			 const capsim_summary *sum)
{
	struct capsim_report_inputs in;
	capsim_error err = { 0 };
	int ret = 0;

	if (!r->rec)
		return 0;
	if (capsim_recording_finish(r->rec, &err))
		return cli_failf(cli_exit_code(err.code), "%s", err.msg);
	if (o->csv && capsim_summary_csv(sum, cli_dir_open, &r->csv, &err))
		return cli_failf(CLI_EXIT_INPUT, "--csv %s: %s", o->csv, err.msg);
	if (o->report) {
		const capsim_recording *rec = r->rec;

		cli_report_inputs(&in, argc, argv, o->scenario, o->platform, o->workload);
		capsim_report_html(&rec, &sum, 1, &in, r->report.fp);
		cli_report_inputs_free(&in);
		ret = cli_output_finish(&r->report);
	}
	if (!ret)
		ret = cli_dir_finish(&r->csv);
	if (!ret)
		ret = cli_dir_finish(&r->logs);
	return ret;
}

/* once every output of the run is whole: each put in place */
static int record_commit(const struct sim_opts *o, struct recorded *r)
{
	int ret = o->report ? cli_output_commit(&r->report) : 0, k;

	k = cli_dir_commit(&r->csv);
	ret = ret ? ret : k;
	k = cli_dir_commit(&r->logs);
	ret = ret ? ret : k;
	capsim_recording_free(r->rec);
	r->rec = NULL;
	return ret;
}

static const struct {
	const char *name, *ext[2];
	enum capsim_trace_format format;
} trace_formats[] = {
	{ "ftrace", { NULL }, CAPSIM_TRACE_FTRACE },
	{ "report", { NULL }, CAPSIM_TRACE_REPORT },
	{ "dat", { ".dat" }, CAPSIM_TRACE_DAT },
	{ "perfetto", { ".perfetto-trace", ".pftrace" }, CAPSIM_TRACE_PERFETTO },
	{ "chrome", { ".json" }, CAPSIM_TRACE_CHROME },
};

static int ends_with(const char *s, size_t n, const char *suffix)
{
	size_t k = strlen(suffix);

	return n >= k && !strncmp(s + n - k, suffix, k);
}

/* --trace-format, else the trace file's extension once a compression suffix is taken off */
static int trace_format_of(const struct sim_opts *o, enum capsim_trace_format *out)
{
	static const char *const codecs[] = { ".gz", ".zst", ".xz" };
	size_t n = strlen(o->trace);

	for (size_t i = 0; i < sizeof(trace_formats) / sizeof(trace_formats[0]); i++) {
		if (o->trace_format && !strcmp(o->trace_format, trace_formats[i].name)) {
			*out = trace_formats[i].format;
			return 0;
		}
	}
	if (o->trace_format)
		return cli_usage_error("simulate", "--trace-format '%s': expected ftrace, report, "
				       "dat, perfetto or chrome", o->trace_format);
	for (size_t i = 0; i < sizeof(codecs) / sizeof(codecs[0]); i++)
		if (ends_with(o->trace, n, codecs[i]))
			n -= strlen(codecs[i]);
	*out = CAPSIM_TRACE_FTRACE;
	for (size_t i = 0; i < sizeof(trace_formats) / sizeof(trace_formats[0]); i++)
		for (size_t e = 0; e < 2 && trace_formats[i].ext[e]; e++)
			if (ends_with(o->trace, n, trace_formats[i].ext[e]))
				*out = trace_formats[i].format;
	return 0;
}

/* The outputs, all opened before the run: a bad one fails at once, not after the work. */
static int open_outputs(capsim_sim *s, const struct sim_opts *o, struct cli_output *trace,
			struct cli_output *out)
{
	enum capsim_trace_format format = CAPSIM_TRACE_FTRACE;
	unsigned fams = 0;
	int ret;

	if (o->trace && ((o->trace_events && trace_families(o->trace_events, &fams)) ||
			 trace_format_of(o, &format)))
		return CLI_EXIT_USAGE;
	/* capsim_sim_trace_open_format() refuses them: the lisa__* events are text only */
	if ((fams & CAPSIM_TRACE_EV_TEXT_ONLY) && format != CAPSIM_TRACE_FTRACE &&
	    format != CAPSIM_TRACE_REPORT)
		return cli_usage_error("simulate", "--trace-events: the %s format carries no lisa "
				       "events (the ftrace and report texts do)",
				       format == CAPSIM_TRACE_DAT ? "dat"
				       : format == CAPSIM_TRACE_PERFETTO ? "perfetto" : "chrome");
	ret = cli_output_open(out, o->output);
	if (ret || !o->trace)
		return ret;
	ret = cli_output_open(trace, o->trace);
	if (!ret && (capsim_sim_trace_set_events(s, fams) || capsim_sim_trace_open_format(s, trace->fp, format))) {
		cli_output_abort(trace);
		ret = cli_failf(CLI_EXIT_INPUT, "%s: cannot write the trace", o->trace);
	}
	if (ret)
		cli_output_abort(out);
	return ret;
}

/* A trace on its way past this gets one warning: about 180 B per event, a long dense run
 * writes tens of GB (issue 21). */
#define TRACE_WARN_BYTES (1ULL << 30)

/* The progress line, and the trace whose final size is estimated as the run goes. */
struct sim_progress {
	struct cli_progress prog;
	const struct cli_output *trace; /* NULL: no trace, warned, or --no-trace-size-warning */
};

/*
 * capsim_sim_set_progress()'s callback: the bytes written so far scaled by end / now (the
 * first call comes after 2^20 events, about 190 MB of ftrace text). A trace written through
 * to a FIFO or a device has no position to read: no estimate.
 */
static void sim_progress_fn(void *ctx, uint64_t now_ns, uint64_t end_ns)
{
	struct sim_progress *p = ctx;
	off_t bytes;
	double est;

	cli_progress_fn(&p->prog, now_ns, end_ns);
	if (!p->trace || !now_ns || end_ns <= now_ns || (bytes = ftello(p->trace->fp)) <= 0)
		return;
	est = (double)bytes * ((double)end_ns / (double)now_ns);
	if (est < (double)TRACE_WARN_BYTES)
		return;
	if (p->prog.shown)
		fputc('\n', stderr); /* below the progress line, which goes on */
	fprintf(stderr, "capsim simulate: warning: the trace %s will be about %.1f GB%s (%.0f MB "
		"by %.3f s of %.0f s simulated); --no-trace-size-warning silences this\n",
		p->trace->path, est / 1e9, p->trace->codec ? " before compression" : "",
		(double)bytes / 1e6, (double)now_ns * 1e-9, (double)end_ns * 1e-9);
	p->trace = NULL;
}

/*
 * Run @s (stopped early by --timeout or a signal), then write every output, and put them in
 * place only once all are whole: a failure leaves no file and touches no existing one.
 */
static int run_and_report(int argc, char **argv, capsim_sim *s, const struct sim_opts *o,
			  capsim_claims *claims, uint64_t timeout_ns)
{
	struct cli_output trace = { 0 }, out = { 0 };
	struct recorded rec = { 0 };
	struct sim_progress prog = { 0 };
	capsim_summary *sum = NULL;
	capsim_error err = { 0 };
	int ret, stopped, closed, why;

	ret = open_outputs(s, o, &trace, &out);
	if (!ret)
		ret = record_open(s, o, claims, &rec);
	if (ret)
		goto fail;
	cli_progress_start(&prog.prog, "simulate", o->scenario ? o->scenario :
			   o->workload ? o->workload : "the default scenario", 0, 1);
	prog.trace = o->trace && !o->no_trace_size_warning ? &trace : NULL;
	capsim_sim_set_progress(s, sim_progress_fn, &prog);
	cli_stop_begin(&s, 1, timeout_ns);
	ret = capsim_sim_run(s, &err);
	stopped = cli_stop_end();
	cli_progress_end(&prog.prog);
	cli_run_warning(s, "");
	/* the trace writer detached whatever happened: its stream may be closed next */
	closed = o->trace ? capsim_sim_trace_close(s) : 0;
	why = errno;
	if (ret) {
		ret = cli_fail(&err);
	} else if (o->trace) {
		/* the stream's own error names the cause (ENOSPC); else the trace writer's */
		ret = cli_output_finish(&trace);
		if (!ret && closed)
			ret = cli_failf(cli_exit_code(closed), "%s: cannot write the trace: %s",
					o->trace, closed == CAPSIM_ERR_IO && why ? strerror(why)
					: capsim_strerror(closed));
	}
	if (!ret && capsim_sim_summary_take(s, &sum, &err))
		ret = cli_failf(CLI_EXIT_INTERNAL, "out of memory");
	if (!ret)
		ret = record_finish(argc, argv, o, &rec, sum);
	if (!ret) {
		capsim_summary_write(sum, o->json ? CAPSIM_REPORT_JSON : CAPSIM_REPORT_TEXT, out.fp);
		ret = cli_output_finish(&out);
	}
	if (ret)
		goto fail;
	/* all whole: into place */
	ret = o->trace ? cli_output_commit(&trace) : 0;
	if (!ret)
		ret = record_commit(o, &rec);
	if (!ret)
		ret = cli_output_commit(&out);
	if (!ret && sum->truncated_by)
		ret = stopped ? stopped : CLI_EXIT_TRUNCATED;
fail:
	if (o->trace)
		capsim_sim_trace_close(s); /* before its stream goes (a no-op once closed) */
	record_abort(o, &rec);
	capsim_summary_free(sum);
	cli_output_abort(&trace);
	cli_output_abort(&out);
	return ret;
}

int cmd_simulate(int argc, char **argv)
{
	capsim_scenario *sc = NULL;
	capsim_claims *claims = NULL;
	capsim_sim *s = NULL;
	struct sim_opts o = { 0 };
	capsim_error err = { 0 };
	uint64_t timeout_ns = 0;
	int ret;

	if (cli_wants_help(argc, argv)) {
		fputs(usage, stdout);
		return CLI_EXIT_OK;
	}
	ret = cli_caps_init(&o.caps, argc);
	if (!ret)
		ret = parse_args(argc, argv, &o);
	if (!ret && (o.scenario ? capsim_scenario_load(o.scenario, &sc, &err) :
				  capsim_scenario_load_default(&sc, &err)))
		ret = cli_fail(&err);
	/* the default scenario's caps name the default platform's policies */
	if (!ret && !o.scenario && o.platform && capsim_scenario_clear_events(sc, &err))
		ret = cli_fail(&err);
	/* the given workload's own global.duration, unless --duration */
	if (!ret && !o.scenario && o.workload)
		capsim_scenario_set_duration(sc, 0, NULL);
	if (!ret)
		ret = apply_overrides(&o, sc);
	if (!ret && o.timeout && (capsim_parse_duration_ns(o.timeout, CAPSIM_NSEC_PER_SEC, &timeout_ns) ||
				  !timeout_ns))
		ret = cli_usage_error("simulate", "--timeout '%s': expected a duration > 0 such as "
				      "30s or 5min", o.timeout);
	if (!ret) {
		const char *const outs[][2] = { { "-o", o.output }, { "--trace", o.trace },
						{ "--report", o.report } };

		ret = cli_claim_run_files("simulate", sc, outs, 3, &claims);
	}
	if (!ret) {
		ret = capsim_sim_create(sc, &s, &err);
		if (!ret)
			cli_workload_notes(capsim_sim_workload(s), NULL);
		ret = ret ? cli_fail(&err) : run_and_report(argc, argv, s, &o, claims, timeout_ns);
	}
	capsim_claims_free(claims);
	capsim_sim_free(s);
	capsim_scenario_free(sc);
	cli_caps_free(&o.caps);
	return ret;
}
