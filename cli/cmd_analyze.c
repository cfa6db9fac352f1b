// SPDX-License-Identifier: MIT
/*
 * cmd_analyze.c - `capsim analyze`: the figures of a real kernel trace (ftrace text,
 * `trace-cmd report` text, trace.dat or Perfetto, plain or compressed). The library reads and figures
 * (capsim_trace_open(), capsim_analyze(): include/capsim/capsim_trace.h); this file takes the
 * options, opens the outputs (each whole or not at all) and prints.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_platform.h"
#include "cli_record.h"

static const char head[] =
	"usage: capsim analyze TRACE [--platform P] [--model M] [--hz HZ] [--kernel-config F]\n"
	"                      [--pelt F] [--json] [-o OUT] [--csv DIR] [--report F.html]\n"
	"                      [--events F.jsonl]\n"
	"                      [--extract-workload W.json] [--replay MODELS]\n"
	"\n"
	"What a real trace shows the scheduler did: per CPU the busy time and the time at each\n"
	"frequency, per task the run time on each CPU, the wake-up latencies and the CPU changes;\n"
	"with --platform also the pressures the trace records turned into the capacity the\n"
	"scheduler believed, by the kernel model's own functions, and each task's PELT util\n"
	"replayed from its switches, with its error against the PELT values the trace logs.\n"
	"\n"
	"TRACE (- for standard input) is the kernel's ftrace text (/sys/kernel/tracing/trace, with\n"
	"or without the tgid column and the irq-info flags, or the latency format), `trace-cmd\n"
	"report` text (with or without -R), a systrace HTML page (its ftrace text blocks) or\n"
	"atrace -z output, a trace.dat (trace-cmd record) or a Perfetto trace, told by its first\n"
	"bytes, plain or compressed with gzip, zstd or xz. Events out of time\n"
	"order are put back in order; lost-events markers and per-CPU buffer starts are honoured.\n"
	"docs/formats.md, \"Trace input\" and \"Trace analysis\", define every figure.\n"
	"\n"
	"options:\n";

static const char tail[] =
	"\n"
	"examples:\n"
	"  capsim analyze tests/data/traces/juno-sched-load.report.txt\n"
	"  capsim analyze tests/data/traces/juno-sched-load.report.txt --json -o figures.json\n"
	"  capsim analyze tests/data/traces/juno-sched-load.report.txt --pelt 5.1 --platform tests/data/lisa/juno-sched-load.plat_info.yml\n"
	"  capsim analyze tests/data/traces/juno-ipa-thermal.txt --events events.jsonl\n"
	"\n"
	"Exit status: 0 success, 1 bad input file, 2 bad usage, 3 internal error.\n";

struct analyze_opts {
	struct cli_value trace, platform, model, hz, pelt, json, output, csv, report, events, help;
	struct cli_value workload, replay, kernel_config;
};

#define ANALYZE(field) offsetof(struct analyze_opts, field)
static const struct cli_option options[] = {
	{ "TRACE", 0, "trace", CLI_FILE, .offset = ANALYZE(trace) },
	{ "--platform", 0, "P", CLI_PLATFORM, .offset = ANALYZE(platform),
	  .help = "the board the trace was taken on (a shipped name, a .json, .dts or\n"
		  ".dtb): adds each CPU's original capacity and the time-weighted mean\n"
		  "and minimum of its actual capacity and pressures. Without it, what\n"
		  "needs a platform is left out (the output says so)" },
	{ "--model", 0, "M", CLI_MODEL, .def = "v6.10", .offset = ANALYZE(model),
	  .expect = "v6.10, v6.9, latest, capped, none, v6.12 or v6.1",
	  .help = "the kernel model that turns the traced pressures into capacity:\n"
		  "v6.10, v6.9, latest, capped, none, v6.12, v6.1. Without it, the model\n"
		  "of the kernel the trace names (a trace.dat's uname, a Perfetto trace's\n"
		  "system_info): v6.1 before 6.6 (CFS), v6.9 for 6.6-6.9, v6.10 for\n"
		  "6.10-6.11, v6.12 for 6.12-7.2, v7.3 (latest) from 7.3; when it names\n"
		  "none, default v6.10" },
	{ "--hz", 0, "HZ", CLI_U64, .min = 1, .max = 1000, .def = "250", .offset = ANALYZE(hz),
	  .expect = "1..1000 (CONFIG_HZ)",
	  .help = "the tick rate for the HW pressure average, 1..1000 (default 250, or\n"
		  "--kernel-config's CONFIG_HZ)" },
	{ "--kernel-config", 0, "F", CLI_FILE, .offset = ANALYZE(kernel_config),
	  .help = "the kernel's .config or defconfig F: its CONFIG_HZ is the tick rate\n"
		  "unless --hz is given, and --replay's runs read it as simulate\n"
		  "--kernel-config does (the rest of analyze runs no kernel option)" },
	{ "--pelt", 0, "F", CLI_CHOICE, .values = CAPSIM_PELT_FORM_NAMES, .def = "auto",
	  .offset = ANALYZE(pelt),
	  .help = "the PELT form of the util replay (with --platform): 5.1 (clock_pelt,\n"
		  "v5.1+), pre-5.1 (capacity-bounded, older kernels) or auto (default:\n"
		  "that of the kernel release the trace names; if none, pre-5.1 when\n"
		  "it logs sched_load_se or sched_load_avg_task, else 5.1)" },
	{ "--json", 0, NULL, CLI_FLAG, .offset = ANALYZE(json),
	  .help = "one JSON object instead of the text summary" },
	{ "--output", 'o', "OUT", CLI_FILE, .offset = ANALYZE(output),
	  .help = "write the summary to OUT (atomically) instead of stdout" },
	{ "--csv", 0, "DIR", CLI_FILE, .offset = ANALYZE(csv),
	  .help = "also write tasks.csv, cpus.csv and policy_limits.csv into DIR\n"
		  "(made if missing), and with --platform cpu_capacity.csv, the\n"
		  "capacity at each change, and placements.csv, the model's CPU\n"
		  "beside the trace's at each wake-up" },
	{ "--report", 0, "F.html", CLI_FILE, .offset = ANALYZE(report),
	  .help = "also write simulate's HTML page of the trace: per CPU its capacity,\n"
		  "pressures, frequency and limits over time and who ran, per task\n"
		  "where it ran and its figures (without --platform: what it leaves\n"
		  "out, said on the page)" },
	{ "--events", 0, "F.jsonl", CLI_FILE, .offset = ANALYZE(events),
	  .help = "every event as one JSON object per line" },
	{ "--extract-workload", 0, "W.json", CLI_FILE, .offset = ANALYZE(workload),
	  .help = "also write the workload the trace shows as rt-app JSON (needs\n"
		  "--platform): each task's phases (periods and work found in its\n"
		  "activations), for simulate --workload and compare --workload" },
	{ "--replay", 0, "MODELS", CLI_MODELS, .offset = ANALYZE(replay),
	  .expect = "v6.9, v6.10, v6.12, latest, capped, none, v6.1",
	  .help = "extract the workload and simulate it on --platform under each\n"
		  "model of the comma-separated list; per task and model its run time\n"
		  "per cluster, wake-up latency and misses beside the trace's own" },
	{ "--help", 'h', NULL, CLI_FLAG, .offset = ANALYZE(help), .help = "this help" },
};

const struct cli_command cli_analyze = {
	CLI_OPTIONS("analyze", options), .head = head, .tail = tail, .column = 19,
};

struct analyze_outputs {
	struct cli_output summary, events, report, workload;
	struct cli_dir csv;
	FILE *capacity;
	int have_summary, have_events, have_csv, have_report, have_workload;
	capsim_claims *claims;  /* the files of this run (cli_record.h) */
};

static int open_outputs(const struct analyze_opts *o, struct analyze_outputs *out,
			struct capsim_analyze_opts *ao)
{
	capsim_error err = { 0 };
	int ret;

	/* the trace and the platform are read: --events and -o may name neither, nor each other */
	if (capsim_claims_create(&out->claims) ||
	    capsim_claims_input(out->claims, o->trace.arg, "the trace") ||
	    (o->platform.arg && capsim_claims_input(out->claims, o->platform.arg, "the platform")))
		return cli_failf(CLI_EXIT_INTERNAL, "out of memory");
	if ((o->events.arg && capsim_claims_output(out->claims, o->events.arg, "--events", &err)) ||
	    (o->report.arg && capsim_claims_output(out->claims, o->report.arg, "--report", &err)) ||
	    (o->workload.arg &&
	     capsim_claims_output(out->claims, o->workload.arg, "--extract-workload", &err)) ||
	    capsim_claims_output(out->claims, o->output.arg, "-o", &err))
		return err.code == CAPSIM_ERR_NOMEM ? cli_fail(&err)
						    : cli_usage_error("analyze", "%s", err.msg);
	if (o->events.arg) {
		if ((ret = cli_output_open(&out->events, o->events.arg)))
			return ret;
		out->have_events = 1;
		ao->events = out->events.fp;
	}
	if (o->report.arg) {
		if ((ret = cli_output_open(&out->report, o->report.arg)))
			return ret;
		out->have_report = 1;
		ao->record = 1;
	}
	if (o->workload.arg) {
		if ((ret = cli_output_open(&out->workload, o->workload.arg)))
			return ret;
		out->have_workload = 1;
	}
	if (o->csv.arg) {
		if ((ret = cli_dir_init(&out->csv, "--csv", o->csv.arg)))
			return ret;
		out->csv.claims = out->claims;
		out->have_csv = 1;
		if (ao->platform) {
			ao->capacity_csv = cli_dir_open(&out->csv, "cpu_capacity.csv");
			ao->placements_csv = cli_dir_open(&out->csv, "placements.csv");
			if (!ao->capacity_csv || !ao->placements_csv)
				return CLI_EXIT_INPUT;
		}
	}
	if ((ret = cli_output_open(&out->summary, o->output.arg)))
		return ret;
	out->have_summary = 1;
	return 0;
}

static void abort_outputs(struct analyze_outputs *out)
{
	if (out->have_events)
		cli_output_abort(&out->events);
	if (out->have_csv)
		cli_dir_abort(&out->csv);
	if (out->have_report)
		cli_output_abort(&out->report);
	if (out->have_workload)
		cli_output_abort(&out->workload);
	if (out->have_summary)
		cli_output_abort(&out->summary);
}

/* the page, whole (not yet in place) */
static int write_report(const capsim_analysis *a, int argc, char **argv, const char *path,
			struct cli_output *report)
{
	char *cmd = cli_command_line(argc, argv);
	int ret = cmd ? capsim_analysis_write_html(a, cmd, report->fp) : CAPSIM_ERR_NOMEM;

	free(cmd);
	if (ret == CAPSIM_ERR_NOMEM)
		return cli_failf(CLI_EXIT_INTERNAL, "out of memory");
	if (ret)
		return cli_failf(CLI_EXIT_INPUT, "--report %s: cannot write", path);
	return cli_output_finish(report);
}

static int write_outputs(const capsim_analysis *a, const struct analyze_opts *o, int argc,
			 char **argv, struct analyze_outputs *out)
{
	int ret;

	if (o->csv.arg) {
		FILE *tasks = cli_dir_open(&out->csv, "tasks.csv"), *cpus = cli_dir_open(&out->csv, "cpus.csv");
		FILE *limits = cli_dir_open(&out->csv, "policy_limits.csv");

		if (!tasks || !cpus || !limits)
			return CLI_EXIT_INPUT;
		if (capsim_analysis_write_tasks_csv(a, tasks) || capsim_analysis_write_cpus_csv(a, cpus) ||
		    capsim_analysis_write_policy_limits_csv(a, limits))
			return cli_failf(CLI_EXIT_INPUT, "--csv %s: cannot write", o->csv.arg);
	}
	ret = o->json.u ? capsim_analysis_write_json(a, out->summary.fp) :
			capsim_analysis_write_text(a, out->summary.fp);
	if (ret)
		return cli_failf(CLI_EXIT_INPUT, "%s: cannot write", o->output.arg ? o->output.arg : "stdout");
	if (out->have_workload && capsim_analysis_write_workload(a, out->workload.fp))
		return cli_failf(CLI_EXIT_INPUT, "--extract-workload %s: cannot write", o->workload.arg);
	/* every output whole before any is put in place: all of them or none (as simulate) */
	if ((out->have_report && (ret = write_report(a, argc, argv, o->report.arg, &out->report))) ||
	    (out->have_workload && (ret = cli_output_finish(&out->workload))) ||
	    (out->have_events && (ret = cli_output_finish(&out->events))) ||
	    (out->have_csv && (ret = cli_dir_finish(&out->csv))) ||
	    (ret = cli_output_finish(&out->summary)))
		return ret;
	if (out->have_events && (ret = cli_output_commit(&out->events)))
		return ret;
	out->have_events = 0;
	if (out->have_csv && (ret = cli_dir_commit(&out->csv)))
		return ret;
	out->have_csv = 0;
	if (out->have_report && (ret = cli_output_commit(&out->report)))
		return ret;
	out->have_report = 0;
	if (out->have_workload && (ret = cli_output_commit(&out->workload)))
		return ret;
	out->have_workload = 0;
	ret = cli_output_commit(&out->summary);
	out->have_summary = 0;
	return ret;
}

/* --replay: the extracted workload run under each model given (cli.h, CLI_MODELS' packing) */
static int replay(capsim_analysis *a, const struct analyze_opts *o)
{
	enum capsim_model models[CAPSIM_MODEL_COUNT];
	capsim_error err = { 0 };
	unsigned n = 0;

	for (uint64_t m = o->replay.u; m & 15 && n < CAPSIM_MODEL_COUNT; m >>= 4)
		models[n++] = (enum capsim_model)((m & 15) - 1);
	if (capsim_analysis_replay(a, o->platform.arg, models, n, &err))
		return cli_fail(&err);
	return 0;
}

int cmd_analyze(int argc, char **argv)
{
	struct analyze_opts o = { 0 };
	struct capsim_analyze_opts ao = CAPSIM_SIZED(struct capsim_analyze_opts);
	struct analyze_outputs out = { 0 };
	capsim_platform *plat = NULL;
	capsim_analysis *a = NULL;
	capsim_trace *t = NULL;
	capsim_error err = { 0 };
	int ret;

	ret = cli_parse(&cli_analyze, argc, argv, &o);
	if (ret)
		return ret == CLI_HELP_SHOWN ? CLI_EXIT_OK : ret;
	if (!o.trace.arg)
		return cli_usage_error("analyze", "no TRACE given");
	/* the work a slice is worth comes from the platform's capacities and frequencies */
	if (!o.platform.arg && (o.workload.arg || o.replay.arg))
		return cli_usage_error("analyze", "%s needs --platform (the board the trace was "
				       "taken on: its capacities turn run time into work)",
				       o.workload.arg ? "--extract-workload" : "--replay");
	ao.model = (enum capsim_model)o.model.u;
	ao.model_from_trace = !o.model.arg; /* an explicit --model wins over the trace's kernel */
	ao.hz = o.hz.arg ? (unsigned)o.hz.u : 0; /* 0: the kernel config's, else 250 */
	ao.kernel_config = o.kernel_config.arg;
	if (o.platform.arg)
		ret = cli_platform_load(o.platform.arg, NULL, 0, &plat);
	ao.platform = plat;
	if (!ret && capsim_trace_open(o.trace.arg, &t, &err))
		ret = cli_fail(&err);
	if (!ret)
		ret = open_outputs(&o, &out, &ao);
	if (!ret && capsim_analyze_pelt(t, &ao, (enum capsim_pelt_form)o.pelt.u, &a, &err))
		ret = cli_fail(&err);
	if (!ret && o.replay.arg)
		ret = replay(a, &o);
	if (!ret)
		ret = write_outputs(a, &o, argc, argv, &out);
	if (ret)
		abort_outputs(&out);
	capsim_claims_free(out.claims);
	capsim_analysis_free(a);
	capsim_trace_free(t);
	capsim_platform_free(plat);
	return ret;
}
