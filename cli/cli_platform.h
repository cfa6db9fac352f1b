/* SPDX-License-Identifier: MIT */
/*
 * cli_platform.h - what the platform-reading subcommands (platform, capacity) share: loading a
 * platform with its overlays, and the output of a JSON document written whole. They see a
 * platform only through the public API (capsim/capsim_platform.h).
 */
#ifndef CAPSIM_CLI_PLATFORM_H
#define CAPSIM_CLI_PLATFORM_H

#include <json-c/json.h>

#include "cli.h"

/** cli_platform_load() - capsim_platform_load() that prints the error. Return: 0 or an exit code. */
int cli_platform_load(const char *name, const char *const *overlays, unsigned nr_overlays,
		      capsim_platform **out);

/** cli_json_cpus() - @m as a JSON array of CPU numbers. */
json_object *cli_json_cpus(const capsim_cpumask *m);

/** cli_json_u64() - @v as a JSON integer. */
json_object *cli_json_u64(uint64_t v);

/** cli_json_u64_if() - @v as a JSON integer when @present, else JSON null. */
json_object *cli_json_u64_if(int present, uint64_t v);

/** cli_json_index() - @v as a JSON integer, or JSON null when negative (no cluster, policy). */
json_object *cli_json_index(int v);

/** cli_print_json() - @doc pretty-printed with a final newline to stdout; frees @doc. */
int cli_print_json(json_object *doc);

/** cli_arch_name() - "arm64", "arm" or "x86". */
const char *cli_arch_name(enum capsim_arch arch);

#endif /* CAPSIM_CLI_PLATFORM_H */
