/* SPDX-License-Identifier: MIT */
/*
 * dt.h - reading a flattened device tree the way the kernel's of_* helpers do, with errors
 * that name the file and the node/property path ("FILE: /cpus/cpu@100/capacity-dmips-mhz:
 * ..."). Shared by src/input/dt.c (CPUs, topology, OPPs) and src/input/dt_thermal.c (thermal zones).
 */
#ifndef CAPSIM_DT_H
#define CAPSIM_DT_H

#include <stdbool.h>
#include <stdint.h>

#include "model/platform.h"

struct dt {
	const void *fdt;
	const char *file;
	capsim_error *err;
	struct capsim_platform *p;
	int *cpu_nodes; /* node offset of each logical CPU */
	struct dt_phandle_ref *phandles; /* every node's phandle, sorted; built on first use */
	int nr_phandles;
	bool indexed;
};

struct dt_phandle_ref {
	uint32_t phandle;
	int node;
};

/** dt_node_by_phandle() - fdt_node_offset_by_phandle() through a sorted index; -1 if none. */
int dt_node_by_phandle(struct dt *dt, uint32_t phandle);

/** dt_fail() - set dt->err to "FILE: /node/path[/prop]: MSG"; return @code. */
int dt_fail(struct dt *dt, int node, const char *prop, int code, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/** dt_path() - the full path of @node into @buf (always NUL-terminated). */
void dt_path(const struct dt *dt, int node, char *buf, int size);

/**
 * dt_u32() - of_property_read_u32() that insists on exactly one cell.
 * Return: 1 and *@out if present, 0 if absent, or a negative error (wrong size).
 */
int dt_u32(struct dt *dt, int node, const char *prop, uint32_t *out);

/** dt_bool() - of_property_read_bool(): the property exists. */
bool dt_bool(const struct dt *dt, int node, const char *prop);

/** dt_available() - of_device_is_available(): no status, or "okay"/"ok". */
bool dt_available(const struct dt *dt, int node);

/* dt_phandle() result when the property is absent (distinct from every enum capsim_err). */
#define DT_ABSENT (-1000)

/**
 * dt_phandle() - of_parse_phandle(): the node that cell @index of @prop refers to.
 * Return: the node offset, DT_ABSENT when @prop (or that cell) is absent, or a negative enum
 * capsim_err (dangling phandle, size not a whole number of cells) with dt->err set.
 */
int dt_phandle(struct dt *dt, int node, const char *prop, unsigned index);

/** dt_cpu_of_node() - the logical CPU whose node is @node, or -1. */
int dt_cpu_of_node(const struct dt *dt, int node);

/**
 * dt_parse_cpufreq_drivers() - each policy's cpufreq driver, transition latency and fast
 * switching (src/input/dt_cpufreq.c). Return: 0 or a negative enum capsim_err with dt->err set.
 */
int dt_parse_cpufreq_drivers(struct dt *dt);
/** dt_parse_thermal_zones() - /thermal-zones into dt->p->zones (src/input/dt_thermal.c). */
int dt_parse_thermal_zones(struct dt *dt);

/**
 * dt_parse_idle_states() - each CPU's cpuidle states (src/input/dt_idle.c) into
 * dt->p->cpus[].idle. Return: 0 or a negative enum capsim_err with dt->err set.
 */
int dt_parse_idle_states(struct dt *dt);

#endif /* CAPSIM_DT_H */
