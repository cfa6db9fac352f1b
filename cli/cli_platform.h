/* SPDX-License-Identifier: MIT */
/*
 * cli_platform.h - what the platform-reading subcommands (platform, capacity) share: option
 * values ("--opt V" or "--opt=V"), loading a platform with its overlays, and the output of
 * a JSON document written whole.
 */
#ifndef CAPSIM_CLI_PLATFORM_H
#define CAPSIM_CLI_PLATFORM_H

#include <json-c/json.h>

#include "cli.h"
#include "model/platform.h"
#include "input/platform_load.h"

#define CLI_MAX_OVERLAYS 16


/** cli_platform_load() - platform_load() that prints the error. Return: 0 or an exit code. */
int cli_platform_load(const char *name, const char *const *overlays, unsigned nr_overlays,
		      struct capsim_platform **out);

/** cli_json_cpus() - @m as a JSON array of CPU numbers. */
json_object *cli_json_cpus(const capsim_cpumask *m);

/** cli_print_json() - @doc pretty-printed with a final newline to stdout; frees @doc. */
int cli_print_json(json_object *doc);

/** cli_arch_name() - "arm64", "arm" or "x86". */
const char *cli_arch_name(enum platform_arch arch);

#endif /* CAPSIM_CLI_PLATFORM_H */
