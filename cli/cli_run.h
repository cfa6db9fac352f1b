/* SPDX-License-Identifier: MIT */
/*
 * cli_run.h - what `capsim simulate` and `capsim compare` share on their command lines: the
 * overrides of a scenario's run options that both accept.
 */
#ifndef CAPSIM_CLI_RUN_H
#define CAPSIM_CLI_RUN_H

#include "sim/sim.h"

/**
 * cli_run_overrides() - apply --duration @duration and --seed @seed (either may be NULL) to @opt.
 * Return: 0, or CLI_EXIT_USAGE after a message naming @cmd and the bad value.
 */
int cli_run_overrides(const char *cmd, const char *duration, const char *seed,
		      struct sim_options *opt);

#endif /* CAPSIM_CLI_RUN_H */
