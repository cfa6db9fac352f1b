// SPDX-License-Identifier: MIT
/*
 * capsim.c - the capsim program: finds the subcommand in commands[] and runs it.
 * Exit codes: 0 success, 1 bad input, 2 bad usage, 3 internal error (enum cli_exit).
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const struct cli_command *options;
	const char *help;
};

static const struct command commands[] = {
	{ "pelt", cmd_pelt, &cli_pelt,
	  "replay a PELT signal bit-exactly, or settle a periodic task" },
	{ "platform", cmd_platform, &cli_platform,
	  "list the shipped platforms, or show one's CPUs, OPPs, EM, thermal" },
	{ "capacity", cmd_capacity, &cli_capacity,
	  "what capacity the scheduler believes each CPU has under caps" },
	{ "place", cmd_place, &cli_place,
	  "explain one wake-up placement decision (or check golden cases)" },
	{ "scenario", cmd_scenario, &cli_scenario,
	  "the shipped scenarios, one of them, or a new one for a platform" },
	{ "simulate", cmd_simulate, &cli_simulate,
	  "run an rt-app workload on a platform (default: built-in scenario)" },
	{ "compare", cmd_compare, &cli_compare,
	  "the same run under several kernel models, side by side" },
	{ "sweep", cmd_sweep, &cli_sweep,
	  "a grid of runs (locally, on Dask or Slurm) into one results table" },
	{ "analyze", cmd_analyze, &cli_analyze,
	  "the figures of a real kernel trace (ftrace or trace-cmd report text)" },
};

static void usage(FILE *fp)
{
	fprintf(fp, "usage: capsim <command> [options]\n"
		    "       capsim --version | --help | help <command>\n\n"
		    "How the Linux scheduler (6.10+) sees CPU capacity under cpufreq and HW pressure.\n\n"
		    "commands:\n");
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(fp, "  %-10s %s\n", commands[i].name, commands[i].help);
	fprintf(fp, "\n'capsim <command> --help' describes a command. Docs: README.md and docs/*.md,\n"
		    "installed in " CAPSIM_DOC_DIR " (make install).\n");
}

static const struct command *find_command(const char *name)
{
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

/* "'X' is not a capsim command", with the nearest command when one is near. */
static int unknown_command(const char *name)
{
	const char *names[sizeof(commands) / sizeof(commands[0]) + 1], *near;
	size_t n = 0;

	for (; n < sizeof(commands) / sizeof(commands[0]); n++)
		names[n] = commands[n].name;
	names[n++] = "help";
	near = capsim_suggest(name, names, n);
	if (near)
		return cli_failf(CLI_EXIT_USAGE, "'%s' is not a capsim command (did you mean '%s'?); "
				 "see 'capsim --help'", name, near);
	return cli_failf(CLI_EXIT_USAGE, "'%s' is not a capsim command; see 'capsim --help'", name);
}

/*
 * The option tables for the tools that read them, not for people (unlisted): `capsim __complete
 * CMD [OPTION]` (the bash completion: a command's options, or what an option's value
 * completes to) and `capsim __options CMD` (tests/cli/options_table.sh: the table itself).
 */
static int table_query(int argc, char **argv)
{
	const struct command *cmd = argc > 2 ? find_command(argv[2]) : NULL;

	if (!cmd)
		return cli_failf(CLI_EXIT_USAGE, "%s: expected a command", argv[1]);
	if (!strcmp(argv[1], "__options")) {
		cli_describe(cmd->options, stdout);
		return CLI_EXIT_OK;
	}
	return cli_complete(cmd->options, argc > 3 ? argv[3] : NULL, stdout);
}

int main(int argc, char **argv)
{
	const struct command *cmd;

	if (argc < 2) {
		usage(stderr);
		return CLI_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		usage(stdout);
		return CLI_EXIT_OK;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("capsim %s\n", CAPSIM_VERSION_STRING);
		return CLI_EXIT_OK;
	}
	if (!strcmp(argv[1], "help")) {
		if (argc < 3) {
			usage(stdout);
			return CLI_EXIT_OK;
		}
		cmd = find_command(argv[2]);
		if (!cmd)
			return unknown_command(argv[2]);
		char *help_argv[] = { argv[2], "--help", NULL };
		return cmd->fn(2, help_argv);
	}
	if (!strcmp(argv[1], "__complete") || !strcmp(argv[1], "__options"))
		return table_query(argc, argv);
	cmd = find_command(argv[1]);
	if (!cmd)
		return unknown_command(argv[1]);
	return cmd->fn(argc - 1, argv + 1);
}
