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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_platform.h"

static const char usage[] =
	"usage: capsim place --cases FILE.jsonl [--model M] [-o OUT]\n"
	"       capsim place [--platform P [--overlay FILE]...] --state STATE.json [--task SPEC]\n"
	"                    [--allowed CPULIST] [--model M] [--json] [-o OUT]\n"
	"\n"
	"Runs the kernel's wake-up placement functions (util_fits_cpu, select_idle_capacity,\n"
	"find_energy_efficient_cpu; kernel/sched/fair.c, v6.12) on a snapshot of CPU state.\n"
	"\n"
	"  --cases FILE    golden cases, one JSON object per line (docs/formats.md; - for stdin);\n"
	"                  writes one JSON line per case, in order, in the schema of the kernel's\n"
	"                  expected.jsonl\n"
	"  --state FILE    one state: platform (inline), per-CPU signals, optionally the task\n"
	"  --platform P    the platform by short name (rk3399, hikey960, pixel6, ...) or DT/JSON\n"
	"                  path; the state then carries only CPU signals (else: inline platform)\n"
	"  --overlay FILE  apply a platform JSON overlay to --platform (an energy model for a DT\n"
	"                  without one); repeatable\n"
	"  --task SPEC     the waking task: util=N,prev=CPU[,util_est=N][,runnable=N]\n"
	"                  [,uclamp_min=N][,uclamp_max=N]; replaces the state's \"task\"\n"
	"  --allowed LIST  CPUs the task may run on (e.g. 0-3,5); default: all\n"
	"  --model M       v6.10 (default), v6.9, v6.12, latest, capped or none: what the scheduler\n"
	"                  believes about capacity under pressure (docs/model.md)\n"
	"  --json          the decision as one JSON object (expected.jsonl schema + reasons)\n"
	"  -o, --output F  write to F (atomically) instead of standard output\n"
	"\n"
	"Example:\n"
	"  capsim place --state examples/place/rk3399-big-capped.json --task util=50,uclamp_min=1024,prev=4\n";

struct place_opts {
	const char *cases, *state, *platform, *task, *allowed, *output;
	struct cli_overlays overlays; /* applied to --platform */
	enum capsim_model model;
	int json;
};

static int parse_opts(int argc, char **argv, struct place_opts *o)
{
	const char *model = NULL;
	const struct {
		const char *name;
		const char **slot;
	} opts[] = {
		{ "--cases", &o->cases },   { "--state", &o->state }, { "--platform", &o->platform },
		{ "--task", &o->task },     { "--allowed", &o->allowed }, { "--output", &o->output },
		{ "-o", &o->output },       { "--model", &model },
	};

	memset(o, 0, sizeof(*o));
	o->model = CAPSIM_MODEL_V6_10;
	for (int i = 1; i < argc; i++) {
		const char *v = NULL;
		int missing = 0, r;
		size_t k;

		if (!strcmp(argv[i], "--json")) {
			o->json = 1;
			continue;
		}
		r = cli_overlay_take("place", argc, argv, &i, &o->overlays);
		if (r > 1)
			return CLI_EXIT_USAGE;
		if (r < 0)
			return cli_usage_error("place", "--overlay needs a value");
		if (r)
			continue;
		for (k = 0; k < sizeof(opts) / sizeof(opts[0]); k++) {
			v = cli_opt_value(argc, argv, &i, opts[k].name, &missing);
			if (missing)
				return cli_usage_error("place", "%s needs a value", opts[k].name);
			if (v)
				break;
		}
		if (!v)
			return cli_unknown_option("place", usage, argv[i]);
		*opts[k].slot = v;
	}
	if (model && capsim_model_from_name(model, &o->model)) {
		char hint[CLI_HINT_MAX];

		return cli_usage_error("place", "unknown model '%s'%s (expected v6.10, v6.9, v6.12, "
				       "latest, capped or none)", model,
				       cli_hint(hint, capsim_model_suggest(model)));
	}
	if (!o->cases == !o->state)
		return cli_usage_error("place", "give exactly one of --cases or --state");
	if (o->cases && (o->task || o->allowed || o->platform || o->json))
		return cli_usage_error("place", "--cases takes only --model and -o");
	if (o->overlays.n && !o->platform)
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
	int n, rc = cli_read_file(o->cases, &text, &len);

	if (rc)
		return rc;
	ms = open_memstream(&mem, &mem_len);
	if (!ms) {
		free(text);
		return cli_failf(CLI_EXIT_INTERNAL, "out of memory");
	}
	n = capsim_place_replay_cases(text, len, o->model, ms, &err);
	free(text);
	if (n < 0)
		rc = cli_failf(cli_exit_code(err.code), "%s:%s", o->cases, err.msg);
	if (fclose(ms) || rc) {
		free(mem);
		return rc ? rc : cli_failf(CLI_EXIT_INTERNAL, "out of memory");
	}
	if (!n) {
		free(mem);
		return cli_failf(CLI_EXIT_INPUT, "%s: no cases (expected one JSON object per line)",
				 o->cases);
	}
	rc = cli_output_open(&out, o->output);
	if (!rc) {
		fwrite(mem, 1, mem_len, out.fp);
		rc = cli_output_commit(&out);
	}
	free(mem);
	return rc;
}

static int load_state(const struct place_opts *o, capsim_place *q)
{
	capsim_error err = { 0 };
	char *text;
	size_t len;
	int rc;

	if (o->platform && capsim_place_use_platform_overlays(q, o->platform, o->overlays.path,
							      o->overlays.n, &err))
		return cli_fail(&err);
	rc = cli_read_file(o->state, &text, &len);
	if (rc)
		return rc;
	if (capsim_place_parse(q, text, len, CAPSIM_PLACE_STATE, o->model, &err))
		rc = cli_failf(cli_exit_code(err.code), "%s:%s%s", o->state,
			       err.msg[0] == '.' ? " " : "", err.msg);
	free(text);
	if (rc)
		return rc;
	if (o->task && capsim_place_set_task(q, o->task, &err))
		return cli_fail(&err);
	if (o->allowed) {
		capsim_cpumask m;

		if (capsim_parse_cpulist(o->allowed, &m))
			return cli_usage_error("place", "--allowed '%s' is not a CPU list (e.g. 0-3,5)",
					       o->allowed);
		capsim_place_set_allowed(q, &m);
	}
	if (capsim_place_finish(q, &err))
		return cli_failf(cli_exit_code(err.code), "%s: %s", o->state, err.msg);
	return 0;
}

static int run_state(const struct place_opts *o, capsim_place *q)
{
	struct cli_output out;
	int rc = load_state(o, q);

	if (rc)
		return rc;
	capsim_place_run(q);
	rc = cli_output_open(&out, o->output);
	if (rc)
		return rc;
	if (o->json)
		capsim_place_write_json(q, out.fp, 1);
	else
		capsim_place_write_table(q, out.fp);
	return cli_output_commit(&out);
}

int cmd_place(int argc, char **argv)
{
	struct place_opts o;
	capsim_place *q = NULL;
	capsim_error err = { 0 };
	int rc;

	if (cli_wants_help(argc, argv)) {
		fputs(usage, stdout);
		return CLI_EXIT_OK;
	}
	rc = parse_opts(argc, argv, &o);
	if (rc)
		return rc;
	if (o.cases)
		return run_cases(&o);
	if (capsim_place_create(&q, &err))
		return cli_failf(CLI_EXIT_INTERNAL, "out of memory");
	rc = run_state(&o, q);
	capsim_place_free(q);
	return rc;
}
