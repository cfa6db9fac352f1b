// SPDX-License-Identifier: MIT
/*
 * cli_run.c - command-line values shared by the subcommands that run the simulator (simulate,
 * compare), so both accept and reject the same values with the same words.
 */
#include "cli.h"
#include "cli_run.h"

/* Each cap through the call that checked it as it was read (cli_options.c). */
static int apply_caps(const struct cli_list *caps, capsim_scenario *sc)
{
	capsim_error err = { 0 };

	for (unsigned k = 0; k < caps->n; k++) {
		const struct cli_item *c = &caps->item[k];
		int ret = c->opt->grammar == CLI_HW_CAP_EPISODE ?
				  capsim_scenario_add_hw_cap(sc, c->arg, &err) :
				  capsim_scenario_add_max_freq(sc, c->arg, &err);

		if (ret)
			return cli_fail(&err);
	}
	return 0;
}

int cli_run_overrides(const char *cmd, const struct cli_run_opts *o, capsim_scenario *sc)
{
	capsim_error err = { 0 };

	if (o->duration.arg &&
	    (o->duration.u > CAPSIM_MAX_RUN_NS || capsim_scenario_set_duration(sc, o->duration.u, NULL)))
		return cli_usage_error(cmd, "--duration '%s': longer than a run can be (expected at "
				       "most 366 days of simulated time)", o->duration.arg);
	if (o->seed.arg)
		capsim_scenario_set_seed(sc, o->seed.u, NULL);
	if ((o->platform.arg && capsim_scenario_set_platform(sc, o->platform.arg, &err)) ||
	    (o->workload.arg && capsim_scenario_set_workload_path(sc, o->workload.arg, &err)))
		return cli_fail(&err);
	/* the scenario's kernel block and the other options win over the file, whatever the order */
	if ((o->kernel_config.arg &&
	     capsim_scenario_set_kernel_config(sc, o->kernel_config.arg, &err)) ||
	    (o->cpuidle_governor.arg &&
	     capsim_scenario_set_cpuidle_governor(sc, o->cpuidle_governor.arg, &err)))
		return cli_fail(&err);
	for (unsigned k = 0; k < o->overlays.n; k++)
		if (capsim_scenario_add_overlay(sc, o->overlays.item[k].arg, &err))
			return cli_fail(&err);
	return apply_caps(&o->caps, sc);
}
