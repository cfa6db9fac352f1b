// SPDX-License-Identifier: MIT
/*
 * cli_run.c - command-line overrides shared by the subcommands that run the simulator
 * (simulate, compare), so both accept and reject the same values with the same words.
 */
#include "cli.h"
#include "cli_run.h"

int cli_run_overrides(const char *cmd, const char *duration, const char *seed,
		      struct sim_options *opt)
{
	uint64_t x;

	if (duration) {
		if (capsim_parse_duration_ns(duration, NSEC_PER_SEC, &x) || !x)
			return cli_usage_error(cmd, "--duration '%s': expected a duration > 0 such as "
					       "10, 10s or 500ms (at most 100 years)", duration);
		opt->duration_ns = x;
	}
	if (seed) {
		if (capsim_parse_u64(seed, &x))
			return cli_usage_error(cmd, "--seed '%s': expected an unsigned integer", seed);
		opt->seed = x;
	}
	return 0;
}
