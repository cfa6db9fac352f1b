// SPDX-License-Identifier: MIT
/*
 * cmd_simulate.c - `capsim simulate`: run an rt-app workload on a platform with the 6.10
 * kernel's load tracking, schedutil, EAS, misfit and load balance, and report per task and per
 * CPU what happened, for people or as JSON, optionally with a kernel text trace. Everything it
 * runs and prints goes through the public API (<capsim/capsim_sim.h>).
 */
#include <stddef.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_platform.h"
#include "cli_record.h"
#include "cli_run.h"

static const char head[] =
	"usage: capsim simulate [SCENARIO.json] [--platform P] [--overlay FILE]...\n"
	"                       [--workload RTAPP.json]\n"
	"                       [--duration S] [--seed N] [--model M] [--governor G] [--hz N]\n"
	"                       [--kernel-config F] [--cpuidle-governor G]\n"
	"                       [--max-freq POLICY=KHZ[@T]]... [--hw-cap CPULIST=KHZ@T+D]...\n"
	"                       [--no-eas] [--max-events N] [--timeout T] [--json] [--trace FILE]\n"
	"                       [--trace-format F] [--trace-events LIST] [-o FILE]\n"
	"                       [--report FILE.html] [--csv DIR] [--rtapp-log DIR]\n"
	"                       [--rtapp-log-workload] [--no-trace-size-warning]\n"
	"                       [--writer-thread on|off]\n"
	"\n"
	"Runs an rt-app workload on a platform as the Linux 6.10+ scheduler would: PELT on the\n"
	"runqueue clocks, util_est, uclamp, schedutil, EAS wake-up placement, misfit migration and\n"
	"load balance. Without a scenario it runs the built-in default (scenarios/default.json:\n"
	"Pixel 6, big cluster capped to 2 GHz, display pipeline + audio + background + UI burst).\n"
	"\n";

static const char tail[] =
	"\n"
	"SIGINT or SIGTERM stops the run with its truncated report (exit 128 + the signal); a\n"
	"second one ends capsim at once. Every output is opened before the run starts.\n"
	"\n"
	"Examples:\n"
	"  capsim simulate\n"
	"  capsim simulate --platform rk3399 --workload scenarios/workloads/rk3399-uclamp-ui.json --json\n"
	"  capsim simulate scenarios/default.json --duration 2s --trace default.trace\n";

struct sim_opts {
	struct cli_value scenario, trace, trace_format, output, report, csv, rtapp_log;
	struct cli_value trace_events, model, governor, hz, max_events, timeout;
	struct cli_value json, no_eas, no_trace_size_warning, rtapp_log_workload, writer_thread;
	struct cli_run_opts run;
};

/* --trace-format's names, in trace_formats[] order (its .u indexes that table) */
#define TRACE_FORMATS "ftrace report dat perfetto chrome"
#define GOVERNORS "schedutil performance powersave"

#define SIM(field) offsetof(struct sim_opts, field)
static const struct cli_option options[] = {
	{ "SCENARIO.json", 0, "scenario", CLI_FILE, .offset = SIM(scenario),
	  .help = "scenario file (docs/formats.md, \"Scenario\")" },
	{ "--platform", 0, "P", CLI_PLATFORM, .offset = SIM(run.platform),
	  .help = "platform short name (capsim platform list) or DTB/DTS/JSON path" },
	{ "--overlay", 0, "FILE", CLI_FILE, .offset = SIM(run.overlays), .repeat = 1,
	  .max = CLI_RUN_MAX_OVERLAYS,
	  .help = "apply a platform JSON overlay to the platform (the scenario's or\n"
		  "--platform's) as 'capsim platform show --overlay'; repeatable" },
	{ "--workload", 0, "F", CLI_FILE, .offset = SIM(run.workload),
	  .help = "rt-app JSON file; replaces the scenario's workload" },
	{ "--duration", 0, "S", CLI_DURATION, .min = 1, .offset = SIM(run.duration),
	  .expect = CLI_RUN_DURATION_EXPECT,
	  .help = "simulated time: seconds or with a unit (10s, 500ms, 2h)" },
	{ "--seed", 0, "N", CLI_U64, .offset = SIM(run.seed),
	  .help = "seed for the inputs that ask for randomness (default: the scenario's)" },
	{ "--model", 0, "M", CLI_MODEL, .offset = SIM(model),
	  .expect = "v6.10, v6.9, v6.12, latest, capped, none or v6.1",
	  .help = "v6.10 (default), v6.9, v6.12, latest, capped, none, v6.1" },
	{ "--governor", 0, "G", CLI_CHOICE, .values = GOVERNORS,
	  .offset = SIM(governor), .help = "schedutil (default), performance, powersave" },
	{ "--hz", 0, "N", CLI_U64, .min = 1, .max = 10000, .offset = SIM(hz),
	  .expect = "1..10000", .help = "scheduler tick rate (default 250)" },
	{ "--kernel-config", 0, "F", CLI_FILE, .offset = SIM(run.kernel_config),
	  .help = CLI_RUN_KERNEL_CONFIG_HELP },
	{ "--cpuidle-governor", 0, "G", CLI_CHOICE, .values = CLI_RUN_CPUIDLE_GOVERNORS,
	  .offset = SIM(run.cpuidle_governor), .help = CLI_RUN_CPUIDLE_GOVERNOR_HELP },
	{ "--max-freq", 0, "P=KHZ[@T]", CLI_MAX_FREQ, .offset = SIM(run.caps), .repeat = 1,
	  .help = "cap policy P (policyN or N) with scaling_max_freq from T\n"
		  "(default 0); KHZ 'none' removes the cap; repeatable" },
	{ "--hw-cap", 0, "C=KHZ@T+D", CLI_HW_CAP_EPISODE, .offset = SIM(run.caps), .repeat = 1,
	  .help = "  HW-throttle CPUs C to KHZ from T for D; repeatable" },
	{ "--no-eas", 0, NULL, CLI_FLAG, .offset = SIM(no_eas),
	  .help = "disable Energy Aware Scheduling (sched_energy_aware=0)" },
	{ "--max-events", 0, "N", CLI_U64, .min = 1, .offset = SIM(max_events),
	  .expect = "a positive integer",
	  .help = "stop after N events with the report of what ran, marked truncated\n"
		  "(exit 4; default: no limit with a duration, else 200000000 and an\n"
		  "error)" },
	{ "--timeout", 0, "T", CLI_DURATION, .min = 1, .offset = SIM(timeout),
	  .expect = "a duration > 0 such as 30s or 5min",
	  .help = "likewise after T of wall-clock time (e.g. 30s, 5min)" },
	{ "--json", 0, NULL, CLI_FLAG, .offset = SIM(json), .help = "the report as JSON" },
	{ "--trace", 0, "FILE", CLI_FILE, .offset = SIM(trace),
	  .help = "write a trace of the run; its format from the name: .dat trace.dat\n"
		  "(trace-cmd, KernelShark), .perfetto-trace or .pftrace Perfetto,\n"
		  ".json Chrome JSON, else the kernel's ftrace text (after .gz/.zst/.xz)" },
	{ "--trace-format", 0, "F", CLI_CHOICE, .values = TRACE_FORMATS, .offset = SIM(trace_format),
	  .help = "ftrace, report, dat, perfetto or chrome: wins over the name" },
	{ "--trace-events", 0, "LIST", CLI_TEXT, .values = "lisa energy thermal_power",
	  .offset = SIM(trace_events),
	  .help = "event families the trace adds, comma-separated: lisa (the LISA\n"
		  "module's lisa__* PELT, util_est, capacity, overutilized events;\n"
		  "ftrace, report and dat traces only), energy (sched_compute_energy, each\n"
		  "compute_energy() of EAS), thermal_power (the cpufreq cooling devices'\n"
		  "thermal_power_cpu_get_power_simple and thermal_power_cpu_limit)" },
	{ "--no-trace-size-warning", 0, NULL, CLI_FLAG, .offset = SIM(no_trace_size_warning),
	  .help = "no warning when the trace is on its way past 1 GiB" },
	{ "--output", 'o', "F", CLI_FILE, .offset = SIM(output),
	  .help = "write the report to F (atomically) instead of standard output" },
	{ "--report", 0, "F.html", CLI_FILE, .offset = SIM(report),
	  .help = "also write an HTML report: interactive plots per CPU and task,\n"
		  "the summary and the inputs, one self-contained page" },
	{ "--csv", 0, "DIR", CLI_FILE, .offset = SIM(csv),
	  .help = "also write the time series and summary tables as CSV into DIR" },
	{ "--rtapp-log", 0, "DIR", CLI_FILE, .offset = SIM(rtapp_log),
	  .help = "also write rt-app's per-thread logs into DIR, named as rt-app names\n"
		  "them: LOG_BASENAME-THREAD.log (the workload's global log_basename,\n"
		  "else rt-app)" },
	{ "--rtapp-log-workload", 0, NULL, CLI_FLAG, .offset = SIM(rtapp_log_workload),
	  .help = "write them where the workload's global logdir says, as rt-app\n"
		  "does (a relative logdir from the current directory)" },
	{ "--writer-thread", 0, "on|off", CLI_CHOICE, .values = "on off",
	  .offset = SIM(writer_thread),
	  .help = "write --trace, --report and --csv on a thread beside the run's\n"
		  "(on, the default) or on the run's own (off); the same bytes either way" },
};

const struct cli_command cli_simulate = {
	CLI_OPTIONS("simulate", options), .head = head, .tail = tail, .column = 19,
};

/* What the options say together. */
static int check_args(const struct sim_opts *o)
{
	if (o->rtapp_log_workload.arg && o->rtapp_log.arg)
		return cli_usage_error("simulate", "--rtapp-log DIR and --rtapp-log-workload name two "
				       "places for one set of logs: give one");
	return o->trace_events.arg && !o->trace.arg
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
	/* GOVERNORS' order */
	static const enum capsim_governor governors[] = { CAPSIM_GOV_SCHEDUTIL,
		CAPSIM_GOV_PERFORMANCE, CAPSIM_GOV_POWERSAVE };

	if (o->model.arg)
		capsim_scenario_set_model(sc, (enum capsim_model)o->model.u, NULL);
	if (o->governor.arg)
		capsim_scenario_set_governor(sc, governors[o->governor.u], NULL);
	if (o->hz.arg && capsim_scenario_set_hz(sc, (unsigned)o->hz.u, NULL))
		return cli_usage_error("simulate", "--hz '%s': expected 1..10000", o->hz.arg);
	if (o->max_events.arg)
		capsim_scenario_set_max_events(sc, o->max_events.u, NULL);
	if (o->no_eas.arg)
		capsim_scenario_set_eas(sc, 0, NULL);
	return cli_run_overrides("simulate", &o->run, sc);
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

	const char *logdir = o->rtapp_log.arg;

	if (!o->report.arg && !o->csv.arg && !o->rtapp_log.arg && !o->rtapp_log_workload.arg)
		return 0;
	if (o->rtapp_log_workload.arg && !(logdir = capsim_sim_rtapp_logdir(s)))
		return cli_failf(CLI_EXIT_INPUT, "--rtapp-log-workload: the workload's \"global\" "
				 "gives no \"logdir\" (or write the logs with --rtapp-log DIR)");
	if (capsim_recording_attach(s, &r->rec, &err))
		return cli_fail(&err);
	if (o->report.arg)
		ret = cli_output_open(&r->report, o->report.arg);
	if (!ret && o->csv.arg) {
		ret = cli_dir_init(&r->csv, "--csv", o->csv.arg);
		r->csv.claims = claims;
		if (!ret && capsim_recording_csv(r->rec, cli_dir_open, &r->csv, &err))
			ret = cli_failf(CLI_EXIT_INPUT, "--csv %s: %s", o->csv.arg, err.msg);
	}
	if (!ret && logdir) {
		ret = cli_dir_init(&r->logs, o->rtapp_log.arg ? "--rtapp-log" : "--rtapp-log-workload",
				   logdir);
		r->logs.claims = claims;
		if (!ret && capsim_recording_rtapp_log(r->rec, NULL, cli_dir_open, &r->logs, &err))
			ret = cli_fail(&err);
	}
	return ret;
}

static void record_abort(const struct sim_opts *o, struct recorded *r)
{
	if (o->report.arg)
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
	struct capsim_report_inputs in = CAPSIM_SIZED(struct capsim_report_inputs);
	capsim_error err = { 0 };
	int ret = 0;

	if (!r->rec)
		return 0;
	if (capsim_recording_finish(r->rec, &err))
		return cli_failf(cli_exit_code(err.code), "%s", err.msg);
	if (o->csv.arg && capsim_summary_csv(sum, cli_dir_open, &r->csv, &err))
		return cli_failf(CLI_EXIT_INPUT, "--csv %s: %s", o->csv.arg, err.msg);
	if (o->report.arg) {
		const capsim_recording *rec = r->rec;

		cli_report_inputs(&in, argc, argv, o->scenario.arg, o->run.platform.arg, o->run.workload.arg);
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
	int ret = o->report.arg ? cli_output_commit(&r->report) : 0, k;

	k = cli_dir_commit(&r->csv);
	ret = ret ? ret : k;
	k = cli_dir_commit(&r->logs);
	ret = ret ? ret : k;
	capsim_recording_free(r->rec);
	r->rec = NULL;
	return ret;
}

/* In TRACE_FORMATS' order: each format's file name extensions */
static const struct {
	const char *ext[2];
	enum capsim_trace_format format;
} trace_formats[] = {
	{ { NULL }, CAPSIM_TRACE_FTRACE },
	{ { NULL }, CAPSIM_TRACE_REPORT },
	{ { ".dat" }, CAPSIM_TRACE_DAT },
	{ { ".perfetto-trace", ".pftrace" }, CAPSIM_TRACE_PERFETTO },
	{ { ".json" }, CAPSIM_TRACE_CHROME },
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
	size_t n = strlen(o->trace.arg);

	if (o->trace_format.arg) {
		*out = trace_formats[o->trace_format.u].format;
		return 0;
	}
	for (size_t i = 0; i < sizeof(codecs) / sizeof(codecs[0]); i++)
		if (ends_with(o->trace.arg, n, codecs[i]))
			n -= strlen(codecs[i]);
	*out = CAPSIM_TRACE_FTRACE;
	for (size_t i = 0; i < sizeof(trace_formats) / sizeof(trace_formats[0]); i++)
		for (size_t e = 0; e < 2 && trace_formats[i].ext[e]; e++)
			if (ends_with(o->trace.arg, n, trace_formats[i].ext[e]))
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

	if (o->trace.arg && ((o->trace_events.arg && trace_families(o->trace_events.arg, &fams)) ||
			 trace_format_of(o, &format)))
		return CLI_EXIT_USAGE;
	/* capsim_sim_trace_open_format() refuses them: Perfetto and Chrome have no lisa__* events */
	if ((fams & CAPSIM_TRACE_EV_TEXT_ONLY) && format != CAPSIM_TRACE_FTRACE &&
	    format != CAPSIM_TRACE_REPORT && format != CAPSIM_TRACE_DAT)
		return cli_usage_error("simulate", "--trace-events: the %s format carries no lisa "
				       "events (the ftrace and report texts and trace.dat do)",
				       format == CAPSIM_TRACE_PERFETTO ? "perfetto" : "chrome");
	ret = cli_output_open(out, o->output.arg);
	if (ret || !o->trace.arg)
		return ret;
	ret = cli_output_open(trace, o->trace.arg);
	if (!ret && (capsim_sim_trace_set_events(s, fams) || capsim_sim_trace_open_format(s, trace->fp, format))) {
		cli_output_abort(trace);
		ret = cli_failf(CLI_EXIT_INPUT, "%s: cannot write the trace", o->trace.arg);
	}
	if (ret)
		cli_output_abort(out);
	return ret;
}

/* A trace on its way past this gets one warning: about 180 B per event, a long dense run
 * writes tens of GB. */
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

	/* --writer-thread off: CLI_CHOICE's index 1 */
	capsim_sim_set_writer_thread(s, !(o->writer_thread.arg && o->writer_thread.u == 1));
	ret = open_outputs(s, o, &trace, &out);
	if (!ret)
		ret = record_open(s, o, claims, &rec);
	if (ret)
		goto fail;
	cli_progress_start(&prog.prog, "simulate", o->scenario.arg ? o->scenario.arg :
			   o->run.workload.arg ? o->run.workload.arg : "the default scenario", 0, 1);
	prog.trace = o->trace.arg && !o->no_trace_size_warning.arg ? &trace : NULL;
	capsim_sim_set_progress(s, sim_progress_fn, &prog);
	cli_stop_begin(&s, 1, timeout_ns);
	ret = capsim_sim_run(s, &err);
	stopped = cli_stop_end();
	cli_progress_end(&prog.prog);
	cli_run_warning(s, "");
	/* the trace writer detached whatever happened: its stream may be closed next */
	closed = o->trace.arg ? capsim_sim_trace_close(s) : 0;
	why = errno;
	if (ret) {
		ret = cli_fail(&err);
	} else if (o->trace.arg) {
		/* the stream's own error names the cause (ENOSPC); else the trace writer's */
		ret = cli_output_finish(&trace);
		if (!ret && closed)
			ret = cli_failf(cli_exit_code(closed), "%s: cannot write the trace: %s",
					o->trace.arg, closed == CAPSIM_ERR_IO && why ? strerror(why)
					: capsim_strerror(closed));
	}
	if (!ret && capsim_sim_summary_take(s, &sum, &err))
		ret = cli_failf(CLI_EXIT_INTERNAL, "out of memory");
	if (!ret)
		ret = record_finish(argc, argv, o, &rec, sum);
	if (!ret) {
		capsim_summary_write(sum, o->json.arg ? CAPSIM_REPORT_JSON : CAPSIM_REPORT_TEXT, out.fp);
		ret = cli_output_finish(&out);
	}
	if (ret)
		goto fail;
	/* all whole: into place */
	ret = o->trace.arg ? cli_output_commit(&trace) : 0;
	if (!ret)
		ret = record_commit(o, &rec);
	if (!ret)
		ret = cli_output_commit(&out);
	if (!ret && sum->truncated_by)
		ret = stopped ? stopped : CLI_EXIT_TRUNCATED;
fail:
	if (o->trace.arg)
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
	int ret;

	ret = cli_parse(&cli_simulate, argc, argv, &o);
	if (ret)
		return ret == CLI_HELP_SHOWN ? CLI_EXIT_OK : ret;
	ret = check_args(&o);
	if (!ret && (o.scenario.arg ? capsim_scenario_load(o.scenario.arg, &sc, &err) :
				      capsim_scenario_load_default(&sc, &err)))
		ret = cli_fail(&err);
	/* the default scenario's caps name the default platform's policies */
	if (!ret && !o.scenario.arg && o.run.platform.arg && capsim_scenario_clear_events(sc, &err))
		ret = cli_fail(&err);
	/* the given workload's own global.duration, unless --duration */
	if (!ret && !o.scenario.arg && o.run.workload.arg)
		capsim_scenario_set_duration(sc, 0, NULL);
	if (!ret)
		ret = apply_overrides(&o, sc);
	if (!ret) {
		const char *const outs[][2] = { { "-o", o.output.arg }, { "--trace", o.trace.arg },
						{ "--report", o.report.arg } };

		ret = cli_claim_run_files("simulate", sc, outs, 3, &claims);
	}
	if (!ret) {
		ret = capsim_sim_create(sc, &s, &err);
		if (!ret)
			cli_workload_notes(capsim_sim_workload(s), NULL);
		ret = ret ? cli_fail(&err) : run_and_report(argc, argv, s, &o, claims, o.timeout.u);
	}
	capsim_claims_free(claims);
	capsim_sim_free(s);
	capsim_scenario_free(sc);
	return ret;
}
