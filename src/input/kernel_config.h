/* SPDX-License-Identifier: MIT */
/*
 * kernel_config.h - the kernel's build configuration as a run's input: a `.config` or a
 * defconfig (`make savedefconfig`), in the grammar scripts/kconfig/confdata.c writes and reads
 * (conf_read_simple()): `CONFIG_NAME=VALUE` lines, `# CONFIG_NAME is not set`, comments and
 * blank lines. Only the options capsim models are kept (docs/formats.md, "Kernel config");
 * every other option is checked for its value's form and otherwise ignored.
 */
#ifndef CAPSIM_INPUT_KERNEL_CONFIG_H
#define CAPSIM_INPUT_KERNEL_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#include "capsim/capsim.h"
#include "input/run_options.h"

/*
 * The run options a kernel config sets, as bits of struct kernel_config.given and of what a
 * scenario's "kernel" block or the caller set (struct capsim_scenario.kernel_set), which win.
 */
enum kernel_config_opt {
	KCONFIG_HZ,             /* CONFIG_HZ (or its CONFIG_HZ_<N> choice): kernel.hz */
	KCONFIG_UCLAMP_TASK,    /* CONFIG_UCLAMP_TASK: kernel.uclamp */
	KCONFIG_UCLAMP_BUCKETS, /* CONFIG_UCLAMP_BUCKETS_COUNT: kernel.uclamp_buckets_count */
	KCONFIG_ENERGY_MODEL,   /* CONFIG_ENERGY_MODEL: without it no EAS, kernel.eas */
	KCONFIG_CPU_IDLE,       /* CONFIG_CPU_IDLE: without it every idle CPU in WFI,
				 * kernel.cpuidle_off */
	KCONFIG_UCLAMP_TASK_GROUP, /* CONFIG_UCLAMP_TASK_GROUP: kernel.uclamp_task_group */
	KCONFIG_CPU_IDLE_GOV,   /* CONFIG_CPU_IDLE_GOV_MENU and _TEO: kernel.cpuidle_governor */
	KCONFIG_NR,
};

#define KCONFIG_BIT(opt) (1u << (opt))

/* What a kernel config file says about the options capsim models. */
struct kernel_config {
	unsigned given;         /* KCONFIG_BIT() of each option the file sets */
	unsigned hz;
	int uclamp_task;
	uint32_t uclamp_buckets;
	int energy_model;
	int cpu_idle;
	int uclamp_task_group;
	int cpuidle_governor;   /* enum cpuidle_governor: teo when built without menu */
};

/**
 * kernel_config_parse() - read @len bytes of @text, a kernel config, into @out.
 * @name: the file's name in messages.
 * @err: on failure "NAME:LINE: what was expected".
 *
 * Return: 0; CAPSIM_ERR_PARSE for a line that is none of the grammar's, or a modelled option's
 * value of the wrong kind; CAPSIM_ERR_RANGE for a value outside its Kconfig range (CONFIG_HZ
 * 1..10000 as kernel.hz, CONFIG_UCLAMP_BUCKETS_COUNT 5..20); CAPSIM_ERR_UNSUPPORTED for a
 * config that leaves cpuidle with neither menu nor teo, the governors capsim runs.
 */
int kernel_config_parse(const char *text, size_t len, const char *name, struct kernel_config *out,
			capsim_error *err);

/** kernel_config_load() - kernel_config_parse() of the file @path (readfile.c's reader). */
int kernel_config_load(const char *path, struct kernel_config *out, capsim_error *err);

/**
 * kernel_config_apply() - set the run options @o from @kc: each option the file gives, unless
 * its bit is in @keep (the scenario or the caller set it: they win over the file).
 */
void kernel_config_apply(const struct kernel_config *kc, unsigned keep, struct sim_options *o);

#endif /* CAPSIM_INPUT_KERNEL_CONFIG_H */
