// SPDX-License-Identifier: MIT
/*
 * cmd_analyze.c - `capsim analyze`: the figures of a real kernel trace (ftrace text or
 * `trace-cmd report` text, plain or compressed). The library reads and figures
 * (capsim_trace_open(), capsim_analyze(): include/capsim/capsim_trace.h); this file takes the
 * options, opens the outputs (each whole or not at all) and prints.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_platform.h"
#include "cli_record.h"

static const char usage[] =
	"usage: capsim analyze TRACE [--platform P] [--model M] [--hz HZ] [--json] [-o OUT]\n"
	"                      [--csv DIR] [--events F.jsonl]\n"
	"\n"
	"What a real trace shows the scheduler did: per CPU the busy time and the time at each\n"
	"frequency, per task the run time on each CPU, the wake-up latencies and the CPU changes;\n"
	"with --platform also the pressures the trace records turned into the capacity the\n"
	"scheduler believed, by the kernel model's own functions.\n"
	"\n"
	"TRACE (- for standard input) is the kernel's ftrace text (/sys/kernel/tracing/trace, with\n"
	"or without the tgid column and the irq-info flags, or the latency format) or `trace-cmd\n"
	"report` text (with or without -R), plain or compressed with gzip, zstd or xz. Events out\n"
	"of time order are put back in order; lost-events markers and per-CPU buffer starts are\n"
	"honoured. docs/formats.md, \"Trace input\" and \"Trace analysis\", define every figure.\n"
	"\n"
	"options:\n"
	"  --platform P     the board the trace was taken on (a shipped name, a .json, .dts or\n"
	"                   .dtb): adds each CPU's original capacity and the time-weighted mean\n"
	"                   and minimum of its actual capacity and pressures. Without it, what\n"
	"                   needs a platform is left out (the output says so)\n"
	"  --model M        the kernel model that turns the traced pressures into capacity:\n"
	"                   v6.10 (default), v6.9, latest, capped, none, v6.12\n"
	"  --hz HZ          the tick rate for the HW pressure average, 1..1000 (default 250)\n"
	"  --json           one JSON object instead of the text summary\n"
	"  -o, --output OUT write the summary to OUT (atomically) instead of stdout\n"
	"  --csv DIR        also write tasks.csv and cpus.csv into DIR (made if missing), and\n"
	"                   with --platform cpu_capacity.csv, the capacity at each change\n"
	"  --events F.jsonl every event as one JSON object per line\n"
	"  -h, --help       this help\n"
	"\n"
	"examples:\n"
	"  capsim analyze tests/data/traces/juno-sched-load.report.txt\n"
	"  capsim analyze tests/data/traces/juno-sched-load.report.txt --json -o figures.json\n"
	"  capsim analyze tests/data/traces/juno-ipa-thermal.txt --events events.jsonl\n"
	"\n"
	"Exit status: 0 success, 1 bad input file, 2 bad usage, 3 internal error.\n";

struct analyze_opts {
	const char *trace, *platform, *model, *hz, *output, *csv, *events;
	int json;
};

static int parse_args(int argc, char **argv, struct analyze_opts *o)
{
	const struct cli_opt opts[] = {
		{ "--platform", &o->platform }, { "--model", &o->model }, { "--hz", &o->hz },
		{ "--output", &o->output },     { "-o", &o->output },     { "--csv", &o->csv },
		{ "--events", &o->events },
	};

	for (int i = 1; i < argc; i++) {
		int took = cli_opt_take_any(argc, argv, &i, opts, sizeof(opts) / sizeof(opts[0]));

		if (took < 0)
			return cli_usage_error("analyze", "%s needs a value", argv[i]);
		if (took)
			continue;
		if (!strcmp(argv[i], "--json")) {
			o->json = 1;
			continue;
		}
		if (cli_operand("analyze", usage, "TRACE", argv[i], &o->trace))
			return CLI_EXIT_USAGE;
	}
	if (!o->trace)
		return cli_usage_error("analyze", "no TRACE given");
	return 0;
}

/* The model and tick rate options into @ao. */
static int parse_values(const struct analyze_opts *o, struct capsim_analyze_opts *ao)
{
	uint64_t hz = 250;

	ao->model = CAPSIM_MODEL_V6_10;
	if (o->model && capsim_model_from_name(o->model, &ao->model)) {
		const char *near = capsim_model_suggest(o->model);
		char hint[CLI_HINT_MAX];

		return cli_usage_error("analyze", "--model %s: no such model%s (v6.10, v6.9, latest, "
				       "capped, none, v6.12)", o->model, cli_hint(hint, near));
	}
	if (o->hz && (capsim_parse_u64(o->hz, &hz) || hz < 1 || hz > 1000))
		return cli_usage_error("analyze", "--hz %s: expected 1..1000 (CONFIG_HZ)", o->hz);
	ao->hz = (unsigned)hz;
	return 0;
}

struct analyze_outputs {
	struct cli_output summary, events;
	struct cli_dir csv;
	FILE *capacity;
	int have_summary, have_events, have_csv;
	capsim_claims *claims;  /* the files of this run (cli_record.h) */
};

static int open_outputs(const struct analyze_opts *o, struct analyze_outputs *out,
			struct capsim_analyze_opts *ao)
{
	capsim_error err = { 0 };
	int ret;

	/* the trace and the platform are read: --events and -o may name neither, nor each other */
	if (capsim_claims_create(&out->claims) ||
	    capsim_claims_input(out->claims, o->trace, "the trace") ||
	    (o->platform && capsim_claims_input(out->claims, o->platform, "the platform")))
		return cli_failf(CLI_EXIT_INTERNAL, "out of memory");
	if ((o->events && capsim_claims_output(out->claims, o->events, "--events", &err)) ||
	    capsim_claims_output(out->claims, o->output, "-o", &err))
		return err.code == CAPSIM_ERR_NOMEM ? cli_fail(&err)
						    : cli_usage_error("analyze", "%s", err.msg);
	if (o->events) {
		if ((ret = cli_output_open(&out->events, o->events)))
			return ret;
		out->have_events = 1;
		ao->events = out->events.fp;
	}
	if (o->csv) {
		if ((ret = cli_dir_init(&out->csv, "--csv", o->csv)))
			return ret;
		out->csv.claims = out->claims;
		out->have_csv = 1;
		if (ao->platform) {
			ao->capacity_csv = cli_dir_open(&out->csv, "cpu_capacity.csv");
			if (!ao->capacity_csv)
				return CLI_EXIT_INPUT;
		}
	}
	if ((ret = cli_output_open(&out->summary, o->output)))
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
	if (out->have_summary)
		cli_output_abort(&out->summary);
}

static int write_outputs(const capsim_analysis *a, const struct analyze_opts *o,
			 struct analyze_outputs *out)
{
	int ret;

	if (o->csv) {
		FILE *tasks = cli_dir_open(&out->csv, "tasks.csv"), *cpus = cli_dir_open(&out->csv, "cpus.csv");

		if (!tasks || !cpus)
			return CLI_EXIT_INPUT;
		if (capsim_analysis_write_tasks_csv(a, tasks) || capsim_analysis_write_cpus_csv(a, cpus))
			return cli_failf(CLI_EXIT_INPUT, "--csv %s: cannot write", o->csv);
	}
	ret = o->json ? capsim_analysis_write_json(a, out->summary.fp) :
			capsim_analysis_write_text(a, out->summary.fp);
	if (ret)
		return cli_failf(CLI_EXIT_INPUT, "%s: cannot write", o->output ? o->output : "stdout");
	if (out->have_events && (ret = cli_output_commit(&out->events)))
		return ret;
	out->have_events = 0;
	if (out->have_csv && (ret = cli_dir_commit(&out->csv)))
		return ret;
	out->have_csv = 0;
	ret = cli_output_commit(&out->summary);
	out->have_summary = 0;
	return ret;
}

int cmd_analyze(int argc, char **argv)
{
	struct analyze_opts o = { 0 };
	struct capsim_analyze_opts ao = { 0 };
	struct analyze_outputs out = { 0 };
	capsim_platform *plat = NULL;
	capsim_analysis *a = NULL;
	capsim_trace *t = NULL;
	capsim_error err = { 0 };
	int ret;

	if (cli_wants_help(argc, argv)) {
		fputs(usage, stdout);
		return CLI_EXIT_OK;
	}
	ret = parse_args(argc, argv, &o);
	if (!ret)
		ret = parse_values(&o, &ao);
	if (!ret && o.platform)
		ret = cli_platform_load(o.platform, NULL, 0, &plat);
	ao.platform = plat;
	if (!ret && capsim_trace_open(o.trace, &t, &err))
		ret = cli_fail(&err);
	if (!ret)
		ret = open_outputs(&o, &out, &ao);
	if (!ret && capsim_analyze(t, &ao, &a, &err))
		ret = cli_fail(&err);
	if (!ret)
		ret = write_outputs(a, &o, &out);
	if (ret)
		abort_outputs(&out);
	capsim_claims_free(out.claims);
	capsim_analysis_free(a);
	capsim_trace_free(t);
	capsim_platform_free(plat);
	return ret;
}
