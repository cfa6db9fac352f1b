// SPDX-License-Identifier: MIT
/*
 * cli_platform.c - helpers of the platform-reading subcommands (see cli_platform.h).
 */
#include <stdio.h>
#include <string.h>

#include "cli_platform.h"

int cli_platform_load(const char *name, const char *const *overlays, unsigned nr_overlays,
		      capsim_platform **out)
{
	capsim_error err = { 0 };
	int ret = capsim_platform_load(name, overlays, nr_overlays, out, &err);

	return ret ? cli_fail(&err) : 0;
}

json_object *cli_json_cpus(const capsim_cpumask *m)
{
	json_object *a = json_object_new_array();

	for (unsigned cpu = 0; cpu < CAPSIM_MAX_CPUS; cpu++)
		if (capsim_cpumask_test(m, cpu))
			json_object_array_add(a, json_object_new_int((int)cpu));
	return a;
}

json_object *cli_json_u64(uint64_t v)
{
	return json_object_new_int64((int64_t)v);
}

json_object *cli_json_u64_if(int present, uint64_t v)
{
	return present ? cli_json_u64(v) : NULL;
}

json_object *cli_json_index(int v)
{
	return v >= 0 ? json_object_new_int(v) : NULL;
}

int cli_print_json(json_object *doc)
{
	const char *s = json_object_to_json_string_ext(doc, JSON_C_TO_STRING_PRETTY |
							     JSON_C_TO_STRING_SPACED |
							     JSON_C_TO_STRING_NOSLASHESCAPE);
	int ret = printf("%s\n", s) < 0 ? CLI_EXIT_INPUT : 0;

	json_object_put(doc);
	return ret;
}

const char *cli_arch_name(enum capsim_arch arch)
{
	return arch == CAPSIM_ARCH_X86 ? "x86" : arch == CAPSIM_ARCH_ARM ? "arm" : "arm64";
}
