// SPDX-License-Identifier: MIT
/*
 * cmd_place.c - `capsim place`: where does a waking task go, and why? Runs the kernel's wake-up
 * placement functions (util_fits_cpu, select_idle_capacity, find_energy_efficient_cpu) on a
 * snapshot of CPU state, under a chosen kernel model, through the public API's placement
 * question (capsim_place_*, capsim/capsim_platform.h). Two forms: --cases FILE.jsonl checks
 * golden cases line by line (JSON lines in the kernel results' schema), and --state/--task
 * explains one decision to a person as a table.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_platform.h"

static const char head[] =
	"usage: capsim place --cases FILE.jsonl [--model M] [-o OUT]\n"
	"       capsim place [--platform P [--overlay FILE]...] --state STATE.json [--task SPEC]\n"
	"                    [--allowed CPULIST] [--model M] [--json] [-o OUT]\n"
	"\n"
	"Runs the kernel's wake-up placement functions (util_fits_cpu, select_idle_capacity,\n"
	"find_energy_efficient_cpu; kernel/sched/fair.c, v6.12) on a snapshot of CPU state.\n"
	"\n";

static const char tail[] =
	"\n"
	"Example:\n"
	"  capsim place --state examples/place/rk3399-big-capped.json --task util=50,uclamp_min=1024,prev=4\n"
	"\n"
	"Exit status: 0 success, 1 bad input file, 2 bad usage, 3 internal error.\n";

#define MAX_OVERLAYS 16

struct place_opts {
	struct cli_value cases, state, platform, task, allowed, output, model, json;
	struct cli_list overlays; /* applied to --platform */
};

#define PLACE(field) offsetof(struct place_opts, field)
static const struct cli_option options[] = {
	{ "--cases", 0, "FILE", CLI_FILE, .offset = PLACE(cases),
	  .help = "golden cases, one JSON object per line (docs/formats.md; - for stdin);\n"
		  "writes one JSON line per case, in order, in the schema of the kernel's\n"
		  "expected.jsonl" },
	{ "--state", 0, "FILE", CLI_FILE, .offset = PLACE(state),
	  .help = "one state: platform (inline), per-CPU signals, optionally the task" },
	{ "--platform", 0, "P", CLI_PLATFORM, .offset = PLACE(platform),
	  .help = "the platform by short name (rk3399, hikey960, pixel6, ...) or DT/JSON\n"
		  "path; the state then carries only CPU signals (else: inline platform)" },
	{ "--overlay", 0, "FILE", CLI_FILE, .max = MAX_OVERLAYS, .offset = PLACE(overlays),
	  .repeat = 1,
	  .help = "apply a platform JSON overlay to --platform (an energy model for a DT\n"
		  "without one); repeatable" },
	{ "--task", 0, "SPEC", CLI_TEXT, .offset = PLACE(task),
	  .help = "the waking task: util=N,prev=CPU[,util_est=N][,runnable=N]\n"
		  "[,uclamp_min=N][,uclamp_max=N]; replaces the state's \"task\"" },
	{ "--allowed", 0, "LIST", CLI_CPULIST, .offset = PLACE(allowed),
	  .help = "CPUs the task may run on (e.g. 0-3,5); default: all" },
	{ "--model", 0, "M", CLI_MODEL, .def = "v6.10", .offset = PLACE(model),
	  .expect = "v6.10, v6.9, v6.12, latest, capped, none or v6.1",
	  .help = "v6.10 (default), v6.9, v6.12, latest, capped, none or v6.1: what the scheduler\n"
		  "believes about capacity under pressure (docs/model.md)" },
	{ "--json", 0, NULL, CLI_FLAG, .offset = PLACE(json),
	  .help = "the decision as one JSON object (expected.jsonl schema + reasons)" },
	{ "--output", 'o', "F", CLI_FILE, .offset = PLACE(output),
	  .help = "write to F (atomically) instead of standard output" },
};

const struct cli_command cli_place = {
	CLI_OPTIONS("place", options), .head = head, .tail = tail, .column = 18,
};

/* What the options say together. */
static int check_opts(const struct place_opts *o)
{
	if (!o->cases.arg == !o->state.arg)
		return cli_usage_error("place", "give exactly one of --cases or --state");
	if (o->cases.arg && (o->task.arg || o->allowed.arg || o->platform.arg || o->json.arg))
		return cli_usage_error("place", "--cases takes only --model and -o");
	if (o->overlays.n && !o->platform.arg)
		return cli_usage_error("place", "--overlay needs --platform (a state's inline "
				       "platform is complete)");
	return 0;
}

/* One output line per case, in order; all lines are checked before anything is written. */
static int run_cases(const struct place_opts *o)
{
	struct cli_output out;
	capsim_error err = { 0 };
	char *text, *mem = NULL;
	size_t len, mem_len = 0;
	FILE *ms;
	int n, rc = cli_read_file(o->cases.arg, &text, &len);

	if (rc)
		return rc;
	ms = open_memstream(&mem, &mem_len);
	if (!ms) {
		free(text);
		return cli_failf(CLI_EXIT_INTERNAL, "out of memory");
	}
	n = capsim_place_replay_cases(text, len, (enum capsim_model)o->model.u, ms, &err);
	free(text);
	if (n < 0)
		rc = cli_failf(cli_exit_code(err.code), "%s:%s", o->cases.arg, err.msg);
	if (fclose(ms) || rc) {
		free(mem);
		return rc ? rc : cli_failf(CLI_EXIT_INTERNAL, "out of memory");
	}
	if (!n) {
		free(mem);
		return cli_failf(CLI_EXIT_INPUT, "%s: no cases (expected one JSON object per line)",
				 o->cases.arg);
	}
	rc = cli_output_open(&out, o->output.arg);
	if (!rc) {
		fwrite(mem, 1, mem_len, out.fp);
		rc = cli_output_commit(&out);
	}
	free(mem);
	return rc;
}

static int load_state(const struct place_opts *o, capsim_place *q)
{
	const char *overlays[MAX_OVERLAYS];
	unsigned n = cli_list_args(&o->overlays, "--overlay", overlays, MAX_OVERLAYS);
	capsim_error err = { 0 };
	char *text;
	size_t len;
	int rc;

	if (o->platform.arg &&
	    capsim_place_use_platform_overlays(q, o->platform.arg, overlays, n, &err))
		return cli_fail(&err);
	rc = cli_read_file(o->state.arg, &text, &len);
	if (rc)
		return rc;
	if (capsim_place_parse(q, text, len, CAPSIM_PLACE_STATE, (enum capsim_model)o->model.u, &err))
		rc = cli_failf(cli_exit_code(err.code), "%s:%s%s", o->state.arg,
			       err.msg[0] == '.' ? " " : "", err.msg);
	free(text);
	if (rc)
		return rc;
	if (o->task.arg && capsim_place_set_task(q, o->task.arg, &err))
		return cli_fail(&err);
	if (o->allowed.arg)
		capsim_place_set_allowed(q, &o->allowed.cpus);
	if (capsim_place_finish(q, &err))
		return cli_failf(cli_exit_code(err.code), "%s: %s", o->state.arg, err.msg);
	return 0;
}

static int run_state(const struct place_opts *o, capsim_place *q)
{
	struct cli_output out;
	int rc = load_state(o, q);

	if (rc)
		return rc;
	capsim_place_run(q);
	rc = cli_output_open(&out, o->output.arg);
	if (rc)
		return rc;
	if (o->json.arg)
		capsim_place_write_json(q, out.fp, 1);
	else
		capsim_place_write_table(q, out.fp);
	return cli_output_commit(&out);
}

int cmd_place(int argc, char **argv)
{
	struct place_opts o = { 0 };
	capsim_place *q = NULL;
	capsim_error err = { 0 };
	int rc;

	rc = cli_parse(&cli_place, argc, argv, &o);
	if (!rc)
		rc = check_opts(&o);
	if (rc)
		return rc == CLI_HELP_SHOWN ? CLI_EXIT_OK : rc;
	if (o.cases.arg)
		return run_cases(&o);
	if (capsim_place_create(&q, &err))
		return cli_failf(CLI_EXIT_INTERNAL, "out of memory");
	rc = run_state(&o, q);
	capsim_place_free(q);
	return rc;
}
