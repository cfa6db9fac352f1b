// SPDX-License-Identifier: MIT
/*
 * cmd_scenario.c - `capsim scenario list`, `scenario show NAME` and `scenario new --platform P`:
 * the shipped scenarios with what each is for (its own "description"), one of them whole, and
 * a commented starting scenario for a platform (a cap, hardware throttling bursts, the thermal
 * loop when the platform has thermal zones, an inline workload) that `capsim simulate` runs as
 * written, its policies, frequencies and CPUs taken from the platform itself.
 */
#define _GNU_SOURCE /* realpath() */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "cli.h"
#include "cli_platform.h"

static const char head[] =
	"usage: capsim scenario list\n"
	"       capsim scenario show NAME\n"
	"       capsim scenario new --platform P [-o FILE]\n"
	"\n"
	"list: the shipped scenarios (scenarios/, or $CAPSIM_DATA_DIR/scenarios), each with its\n"
	"one-line description.\n"
	"show: one of them: its file, description and question, then the file as it is.\n"
	"new: a commented starting scenario for platform P (a cap on its biggest policy, LMh-like\n"
	"hardware throttling bursts, the thermal loop when P has thermal zones, a workload of a\n"
	"60 Hz UI thread and a background job) that `capsim simulate FILE` runs as written.\n"
	"\n"
	"options:\n";

static const char tail[] =
	"\n"
	"examples:\n"
	"  capsim scenario list\n"
	"  capsim scenario show rk3399-uclamp-ui\n"
	"  capsim scenario new --platform pixel6 -o my-phone.json\n"
	"\n"
	"Exit status: 0 success, 1 bad input file, 2 bad usage, 3 internal error.\n";

struct scenario_opts {
	struct cli_value name, platform, output, help;
};

#define SCN(field) offsetof(struct scenario_opts, field)
static const struct cli_option options[] = {
	{ "NAME", 0, "NAME", CLI_TEXT, .offset = SCN(name) },
	{ "--platform", 0, "P", CLI_PLATFORM, .offset = SCN(platform),
	  .help = "new: the platform the scenario is for (a shipped name or a file)" },
	{ "--output", 'o', "FILE", CLI_FILE, .offset = SCN(output),
	  .help = "new: write the scenario to FILE (default: standard output)" },
	{ "--help", 'h', NULL, CLI_FLAG, .offset = SCN(help), .help = "this help" },
};

const struct cli_command cli_scenario = {
	CLI_OPTIONS("scenario", options), .head = head, .tail = tail, .column = 19,
};

/* --- list, show ------------------------------------------------------------------------------ */

static int load_shipped(const char *name, char *path, size_t size, capsim_scenario **sc)
{
	capsim_error err = { 0 };

	if (capsim_scenario_shipped_path(name, path, size, &err) ||
	    capsim_scenario_load(path, sc, &err))
		return cli_fail(&err);
	return 0;
}

static int cmd_list(void)
{
	capsim_error err = { 0 };
	char **names, path[4096];
	int n = capsim_scenario_list(&names, &err), ret = 0;

	if (n < 0)
		return cli_fail(&err);
	for (int i = 0; i < n && !ret; i++) {
		capsim_scenario *sc;

		ret = load_shipped(names[i], path, sizeof(path), &sc);
		if (ret)
			break;
		printf("%-20s %s\n", names[i], capsim_scenario_description(sc) ?
		       capsim_scenario_description(sc) : "(no description)");
		capsim_scenario_free(sc);
	}
	capsim_platform_list_free(names);
	return ret;
}

static int cmd_show(const char *name)
{
	char path[4096], *text;
	capsim_scenario *sc;
	size_t len;
	int ret = load_shipped(name, path, sizeof(path), &sc);

	if (ret)
		return ret;
	printf("scenario %s: %s\n", name, path);
	if (capsim_scenario_description(sc))
		printf("description: %s\n", capsim_scenario_description(sc));
	if (capsim_scenario_question(sc))
		printf("question: %s\n", capsim_scenario_question(sc));
	capsim_scenario_free(sc);
	ret = cli_read_file(path, &text, &len);
	if (ret)
		return ret;
	printf("\n");
	fwrite(text, 1, len, stdout);
	free(text);
	return 0;
}

/* --- new ------------------------------------------------------------------------------------- */

/* The policy with the highest original capacity (the last of equals: the biggest CPUs). */
static unsigned biggest_policy(const capsim_platform *p, unsigned nr_policies)
{
	uint64_t best = 0;
	unsigned big = 0;

	for (unsigned i = 0; i < nr_policies; i++) {
		struct capsim_policy_info pol = CAPSIM_SIZED(struct capsim_policy_info);
		struct capsim_cpu_info c = CAPSIM_SIZED(struct capsim_cpu_info);

		capsim_platform_get_policy(p, i, &pol);
		capsim_platform_get_cpu(p, pol.cpu, &c);
		if (c.capacity_orig >= best) {
			best = c.capacity_orig;
			big = i;
		}
	}
	return big;
}

/* The kHz of the OPP @num/@den of the way up policy @i's table (outside boost). */
static uint32_t opp_at(const capsim_platform *p, unsigned i, unsigned num, unsigned den)
{
	struct capsim_policy_info pol = CAPSIM_SIZED(struct capsim_policy_info);
	struct capsim_opp_info o = CAPSIM_SIZED(struct capsim_opp_info);
	unsigned n = 0;

	capsim_platform_get_policy(p, i, &pol);
	for (unsigned k = 0; k < pol.nr_opps; k++) {
		capsim_platform_get_opp(p, i, k, &o);
		n += !o.turbo;
	}
	capsim_platform_get_opp(p, i, n ? (n - 1) * num / den : 0, &o);
	return o.khz;
}

/* Whether some zone cools a CPU policy: the thermal loop then has something to do. */
static int zones_cool_cpus(const capsim_platform *p, unsigned nr_zones, char *names, size_t size)
{
	int any = 0;
	size_t len = 0;

	names[0] = '\0';
	for (unsigned z = 0; z < nr_zones; z++) {
		struct capsim_zone_info zi = CAPSIM_SIZED(struct capsim_zone_info);

		capsim_platform_get_zone(p, z, &zi);
		for (unsigned m = 0; m < zi.nr_maps; m++) {
			struct capsim_cooling_map_info mi = CAPSIM_SIZED(struct capsim_cooling_map_info);

			capsim_platform_get_cooling_map(p, z, m, &mi);
			any |= mi.policy >= 0;
		}
		if (len + strlen(zi.name) + 3 < size)
			len += (size_t)snprintf(names + len, size - len, "%s%s", z ? ", " : "", zi.name);
	}
	return any;
}

static void write_thermal(FILE *fp, const char *platform, const capsim_platform *p,
			  unsigned nr_zones)
{
	char zones[512];

	if (zones_cool_cpus(p, nr_zones, zones, sizeof(zones))) {
		fprintf(fp, "\t/* The thermal loop on %s's thermal zones (%s): an RC model of the package\n"
			"\t * heated by the CPUs' energy-model power; the governor moves the cooling devices\n"
			"\t * thermal-cpufreq-N (`capsim platform show %s` lists their states in kHz).\n"
			"\t * Delete this object to run without it. */\n"
			"\t\"thermal\": { \"governor\": \"step_wise\", \"ambient_mc\": 25000, "
			"\"r_mc_per_w\": 10000, \"c_mj_per_c\": 3000 },\n", platform, zones, platform);
		return;
	}
	fprintf(fp, "\t/* No \"thermal\" object: %s has %s, so a thermal loop would have\n"
		"\t * nothing to cap (it is refused). A platform JSON overlay can add zones\n"
		"\t * (docs/formats.md, \"Platform JSON\": thermal_zones). */\n", platform,
		nr_zones ? "no thermal zone cooling a CPU" : "no thermal zones");
}

static void write_events(FILE *fp, const capsim_platform *p, unsigned big)
{
	struct capsim_policy_info pol = CAPSIM_SIZED(struct capsim_policy_info);
	char cpus[128];

	capsim_platform_get_policy(p, big, &pol);
	capsim_format_cpulist(&pol.cpus, cpus, sizeof(cpus));
	fprintf(fp, "\t/* Timed events: from 1 s the firmware throttles CPUs %s to %u kHz for 20 ms every\n"
		"\t * 200 ms, as LMh does (HW pressure); other kinds: max_freq, min_freq, hw_cap,\n"
		"\t * cooling_state, task_start, task_stop, uclamp (docs/formats.md, \"Scenario\"). */\n"
		"\t\"events\": [\n"
		"\t\t{ \"at\": \"1s\", \"hw_bursts\": { \"cpus\": \"%s\", \"khz\": %u, \"every\": \"200ms\","
		" \"duration\": \"20ms\" } }\n"
		"\t],\n", cpus, opp_at(p, big, 1, 3), cpus, opp_at(p, big, 1, 3));
}

/*
 * @platform as the scenario's "platform" value, a JSON string: a file made absolute (a scenario
 * takes relative paths from its own directory, not from where `new` ran), a shipped name as is.
 */
static const char *platform_value(const char *platform, json_object **holder)
{
	char abs[PATH_MAX];
	struct stat st;
	const char *v = platform;

	if ((strchr(platform, '/') || !stat(platform, &st)) && realpath(platform, abs))
		v = abs;
	*holder = json_object_new_string(v);
	return *holder ? json_object_to_json_string_ext(*holder, JSON_C_TO_STRING_NOSLASHESCAPE)
		       : "null";
}

static void write_scenario(FILE *fp, const char *platform, const capsim_platform *p)
{
	struct capsim_platform_info info = CAPSIM_SIZED(struct capsim_platform_info);
	struct capsim_policy_info pol = CAPSIM_SIZED(struct capsim_policy_info);
	json_object *holder;
	const char *value = platform_value(platform, &holder);
	unsigned big = 0;

	capsim_platform_get_info(p, &info);
	if (info.nr_policies) {
		big = biggest_policy(p, info.nr_policies);
		capsim_platform_get_policy(p, big, &pol);
	}
	fprintf(fp, "/*\n"
		" * A starting scenario for %s, written by `capsim scenario new`: edit it, then run\n"
		" *   capsim simulate FILE          (or: capsim compare FILE, the kernel models side by side)\n"
		" * Every key is in docs/formats.md, \"Scenario\"; `capsim platform show %s` lists the\n"
		" * policies (named policyN by their first CPU), their frequencies and cooling devices.\n"
		" */\n"
		"{\n"
		"\t\"name\": \"my-scenario\",\n"
		"\t\"description\": \"A starting point: a capped big cluster, hardware throttling bursts and a UI thread.\",\n"
		"\t\"platform\": %s,\n"
		"\t\"duration\": \"5s\",\n"
		"\t\"seed\": 1,\n"
		"\t/* The kernel: tick rate, cpufreq governor, and what the scheduler believes about\n"
		"\t * capacity (v6.10, v6.9, latest, capped, none). */\n"
		"\t\"kernel\": { \"hz\": 250, \"governor\": \"schedutil\", \"model\": \"v6.10\" },\n",
		info.name, info.name, value);
	if (info.nr_policies) {
		fprintf(fp, "\t/* A static cap from t = 0: scaling_max_freq of policy%u, the biggest CPUs (its\n"
			"\t * frequencies run %u..%u kHz; a cap resolves to the highest OPP at or below it). */\n"
			"\t\"caps\": { \"policy%u\": %u },\n", pol.cpu, pol.cpuinfo_min_khz,
			pol.cpuinfo_max_khz, pol.cpu, opp_at(p, big, 2, 3));
		write_events(fp, p, big);
	}
	write_thermal(fp, info.name, p, info.nr_zones);
	fprintf(fp, "\t/* The workload, an rt-app file's content (or its path): a 60 Hz UI thread asking\n"
		"\t * for the biggest CPU (util_min 1024) with 3 ms of work per frame, and a background\n"
		"\t * job; \"run\" is work calibrated on CPU%u at its highest frequency. */\n"
		"\t\"workload\": {\n"
		"\t\t\"global\": { \"duration\": 5, \"calibration\": \"CPU%u\", \"default_policy\": \"SCHED_OTHER\" },\n"
		"\t\t\"tasks\": {\n"
		"\t\t\t\"ui\": { \"util_min\": 1024, \"run\": 3000, \"timer\": { \"ref\": \"unique\", \"period\": 16667 } },\n"
		"\t\t\t\"background\": { \"run\": 20000, \"timer\": { \"ref\": \"unique\", \"period\": 100000 } }\n"
		"\t\t}\n"
		"\t}\n"
		"}\n", pol.cpu, pol.cpu);
	json_object_put(holder);
}

static int cmd_new(const struct scenario_opts *o)
{
	struct cli_output out;
	capsim_platform *p;
	int ret;

	if (!o->platform.arg)
		return cli_usage_error("scenario", "new needs --platform P");
	ret = cli_platform_load(o->platform.arg, NULL, 0, &p);
	if (!ret)
		ret = cli_output_open(&out, o->output.arg);
	if (!ret) {
		write_scenario(out.fp, o->platform.arg, p);
		ret = cli_output_commit(&out);
	}
	capsim_platform_free(p);
	return ret;
}

int cmd_scenario(int argc, char **argv)
{
	struct scenario_opts o = { 0 };
	const char *action;
	int ret;

	if (cli_wants_help(argc, argv)) {
		cli_help(&cli_scenario, stdout);
		return CLI_EXIT_OK;
	}
	if (argc < 2)
		return cli_usage_error("scenario", "expected 'list', 'show NAME' or 'new --platform P'");
	action = argv[1];
	if (strcmp(action, "list") && strcmp(action, "show") && strcmp(action, "new"))
		return cli_usage_error("scenario", "unknown action '%s' (expected 'list', 'show' or "
				       "'new')", action);
	ret = cli_parse(&cli_scenario, argc - 1, argv + 1, &o);
	if (ret)
		return ret == CLI_HELP_SHOWN ? CLI_EXIT_OK : ret;
	if (!strcmp(action, "new"))
		return o.name.arg ? cli_usage_error("scenario", "new takes no NAME") : cmd_new(&o);
	if (o.platform.arg || o.output.arg)
		return cli_usage_error("scenario", "--platform and -o are for 'new'");
	if (!strcmp(action, "list"))
		return o.name.arg ? cli_usage_error("scenario", "list takes no argument") : cmd_list();
	if (!o.name.arg)
		return cli_usage_error("scenario", "show needs a NAME ('capsim scenario list' shows them)");
	return cmd_show(o.name.arg);
}
