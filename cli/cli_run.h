/* SPDX-License-Identifier: MIT */
/*
 * cli_run.h - what `capsim simulate` and `capsim compare` share on their command lines: the
 * overrides of a scenario's run options that both accept, and the --max-freq / --hw-cap values,
 * checked as they are read (before the scenario is) and added to the scenario once loaded.
 */
#ifndef CAPSIM_CLI_RUN_H
#define CAPSIM_CLI_RUN_H

#include "capsim/capsim.h"

/**
 * cli_run_overrides() - apply --duration @duration and --seed @seed (either may be NULL) to @sc.
 * Return: 0, or CLI_EXIT_USAGE after a message naming @cmd and the bad value.
 */
int cli_run_overrides(const char *cmd, const char *duration, const char *seed,
		      capsim_scenario *sc);

/* The --max-freq and --hw-cap values given, in order. */
struct cli_caps {
	capsim_scenario *scratch; /* an empty scenario each value is checked on as it is read */
	const char **arg;         /* argv strings */
	int *hw;                  /* 1: --hw-cap, 0: --max-freq */
	unsigned n;
};

/** cli_caps_init() - room for @argc values. Return: 0, or CLI_EXIT_INTERNAL (printed). */
int cli_caps_init(struct cli_caps *c, int argc);

/**
 * cli_caps_take() - argv[*i] as --max-freq or --hw-cap, checked: 1 taken, 0 neither, -1 no
 * value, 2 a bad value (reported as a usage error of @cmd).
 */
int cli_caps_take(const char *cmd, int argc, char **argv, int *i, struct cli_caps *c);

/** cli_caps_apply() - add the values to @sc, in order. Return: 0, or the exit code (printed). */
int cli_caps_apply(const struct cli_caps *c, capsim_scenario *sc);

/** cli_caps_free() - release what cli_caps_init() allocated. */
void cli_caps_free(struct cli_caps *c);

#endif /* CAPSIM_CLI_RUN_H */
