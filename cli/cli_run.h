/* SPDX-License-Identifier: MIT */
/*
 * cli_run.h - what `capsim simulate` and `capsim compare` share on their command lines: the
 * options that override a scenario's run options (their table lines, CLI_RUN_OPTIONS()), and
 * applying them to the scenario once it is loaded.
 */
#ifndef CAPSIM_CLI_RUN_H
#define CAPSIM_CLI_RUN_H

#include "cli.h"

/* The values of the options both commands take, in the command's struct as @run. */
struct cli_run_opts {
	struct cli_value platform, workload, duration, seed, kernel_config, cpuidle_governor;
	struct cli_list overlays; /* --overlay, applied when the platform is loaded */
	struct cli_list caps;     /* --max-freq and --hw-cap, in order */
};

/* The --duration "expected": the run's bounds are the scenario's (capsim_scenario_set_duration). */
#define CLI_RUN_DURATION_EXPECT "a duration > 0 such as 10, 10s or 500ms (at most 366 days)"
#define CLI_RUN_MAX_OVERLAYS 16
/* --kernel-config's help: the same words for each command that runs a scenario */
#define CLI_RUN_KERNEL_CONFIG_HELP                                  \
	"read the kernel's .config or defconfig F for CONFIG_HZ,\n"  \
	"CONFIG_UCLAMP_TASK, CONFIG_UCLAMP_BUCKETS_COUNT,\n"         \
	"CONFIG_ENERGY_MODEL, CONFIG_CPU_IDLE (others ignored);\n"   \
	"the scenario's kernel block and the options win over it"
/* --cpuidle-governor's values and help */
#define CLI_RUN_CPUIDLE_GOVERNORS "menu teo"
#define CLI_RUN_CPUIDLE_GOVERNOR_HELP                                \
	"the cpuidle governor (cpuidle.governor=): menu (default,\n"  \
	"the kernel's pick when both are built) or teo"


/**
 * cli_run_overrides() - apply --platform, --workload, --overlay, --duration, --seed,
 * --kernel-config, --cpuidle-governor and the caps of @o (those given) to @sc. Return: 0, or the exit code (printed; a duration past a
 * run's length a usage error of @cmd).
 */
int cli_run_overrides(const char *cmd, const struct cli_run_opts *o, capsim_scenario *sc);

#endif /* CAPSIM_CLI_RUN_H */
