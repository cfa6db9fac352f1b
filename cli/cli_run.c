// SPDX-License-Identifier: MIT
/*
 * cli_run.c - command-line values shared by the subcommands that run the simulator (simulate,
 * compare), so both accept and reject the same values with the same words.
 */
#include <stdlib.h>

#include "cli.h"
#include "cli_run.h"

int cli_run_overrides(const char *cmd, const char *duration, const char *seed,
		      capsim_scenario *sc)
{
	uint64_t x;

	if (duration) {
		if (capsim_parse_duration_ns(duration, CAPSIM_NSEC_PER_SEC, &x) || !x)
			return cli_usage_error(cmd, "--duration '%s': expected a duration > 0 such as "
					       "10, 10s or 500ms (at most 366 days)", duration);
		if (x > CAPSIM_MAX_RUN_NS || capsim_scenario_set_duration(sc, x, NULL))
			return cli_usage_error(cmd, "--duration '%s': longer than a run can be "
					       "(expected at most 366 days of simulated time)", duration);
	}
	if (seed) {
		if (capsim_parse_u64(seed, &x))
			return cli_usage_error(cmd, "--seed '%s': expected an unsigned integer", seed);
		capsim_scenario_set_seed(sc, x, NULL);
	}
	return 0;
}

int cli_caps_init(struct cli_caps *c, int argc)
{
	c->n = 0;
	c->arg = calloc((size_t)argc + 1, sizeof(*c->arg));
	c->hw = calloc((size_t)argc + 1, sizeof(*c->hw));
	if (!c->arg || !c->hw || capsim_scenario_create(&c->scratch, NULL)) {
		cli_caps_free(c);
		return cli_failf(CLI_EXIT_INTERNAL, "out of memory");
	}
	return 0;
}

/* one kind's option and its call */
static int add(capsim_scenario *sc, int hw, const char *arg, capsim_error *err)
{
	return hw ? capsim_scenario_add_hw_cap(sc, arg, err) :
		    capsim_scenario_add_max_freq(sc, arg, err);
}

int cli_caps_take(const char *cmd, int argc, char **argv, int *i, struct cli_caps *c)
{
	static const char *const opts[] = { "--max-freq", "--hw-cap" };
	capsim_error err = { 0 };
	const char *val;

	for (int hw = 0; hw < 2; hw++) {
		int r = cli_opt_take(argc, argv, i, opts[hw], &val);

		if (r < 0)
			return -1;
		if (!r)
			continue;
		if (add(c->scratch, hw, val, &err))
			return cli_usage_error(cmd, "%s", err.msg), 2;
		c->arg[c->n] = val;
		c->hw[c->n++] = hw;
		return 1;
	}
	return 0;
}

int cli_caps_apply(const struct cli_caps *c, capsim_scenario *sc)
{
	capsim_error err = { 0 };

	for (unsigned k = 0; k < c->n; k++)
		if (add(sc, c->hw[k], c->arg[k], &err))
			return cli_fail(&err);
	return 0;
}

void cli_caps_free(struct cli_caps *c)
{
	capsim_scenario_free(c->scratch);
	free(c->arg);
	free(c->hw);
	c->scratch = NULL;
	c->arg = NULL;
	c->hw = NULL;
}
