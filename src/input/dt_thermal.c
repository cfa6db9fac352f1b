// SPDX-License-Identifier: MIT
/*
 * dt_thermal.c - the thermal zones of a device tree, read as drivers/thermal/thermal_of.c
 * reads them: per zone under /thermal-zones its polling delays (polling-delay,
 * polling-delay-passive; absent = 0), sustainable-power, the trips (temperature, hysteresis,
 * type active/passive/hot/critical) and the cooling maps (trip phandle, cooling-device
 * entries <&dev lower upper> sized by the device's #cooling-cells, contribution).
 * A cooling device that is a CPU node is a cpufreq cooling device only when that CPU is its
 * policy's policy->cpu (of_cpufreq_cooling_register() looks at that node alone).
 * A malformed zone is skipped with a note, as the kernel fails that zone's registration only.
 * Only the description is built here; zone dynamics (governors, temperatures) live elsewhere.
 */
#include <libfdt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "input/dt.h"
#include "internal.h"

/* mirrors trip_types[] of thermal_of.c (matched case-insensitively, as strcasecmp there) */
static const char *const trip_types[] = {
	[PLATFORM_TRIP_ACTIVE] = "active",
	[PLATFORM_TRIP_PASSIVE] = "passive",
	[PLATFORM_TRIP_HOT] = "hot",
	[PLATFORM_TRIP_CRITICAL] = "critical",
};

const char *platform_trip_type_name(enum platform_trip_type t)
{
	return (unsigned)t < ARRAY_SIZE(trip_types) ? trip_types[t] : "?";
}

/* A required u32 (thermal_of_populate_trip refuses the zone without it). */
static int required_u32(struct dt *dt, int node, const char *prop, uint32_t *out)
{
	int ret = dt_u32(dt, node, prop, out);

	if (ret == 0)
		return dt_fail(dt, node, prop, CAPSIM_ERR_PARSE, "missing (expected millicelsius)");
	return ret < 0 ? ret : 0;
}

/* thermal_of_populate_trip() */
static int parse_trip(struct dt *dt, int node, struct platform_trip *t)
{
	uint32_t temp, hyst;
	int len, ret;
	const char *type = fdt_getprop(dt->fdt, node, "type", &len);
	const char *name = fdt_get_name(dt->fdt, node, NULL);

	snprintf(t->name, sizeof(t->name), "%s", name ? name : "?");
	ret = required_u32(dt, node, "temperature", &temp);
	CAPSIM_RETURN_IF(ret, ret);
	ret = required_u32(dt, node, "hysteresis", &hyst);
	CAPSIM_RETURN_IF(ret, ret);
	t->temperature_mc = (int32_t)temp;
	t->hysteresis_mc = (int32_t)hyst;
	for (size_t i = 0; type && len > 0 && i < ARRAY_SIZE(trip_types); i++) {
		if (!strncasecmp(type, trip_types[i], (size_t)len)) {
			t->type = (enum platform_trip_type)i;
			return 0;
		}
	}
	return dt_fail(dt, node, "type", CAPSIM_ERR_PARSE,
		       "%s (expected \"active\", \"passive\", \"hot\" or \"critical\")",
		       type ? "unknown trip type" : "missing");
}

static int parse_trips(struct dt *dt, int zone, struct platform_thermal_zone *z, int *trip_nodes)
{
	int trips = fdt_subnode_offset(dt->fdt, zone, "trips"), node, ret;

	if (trips < 0)
		return 0;
	fdt_for_each_subnode(node, dt->fdt, trips) {
		if (z->nr_trips == PLATFORM_MAX_TRIPS)
			return dt_fail(dt, trips, NULL, CAPSIM_ERR_RANGE, "more than %d trips",
				       PLATFORM_MAX_TRIPS);
		trip_nodes[z->nr_trips] = node;
		ret = parse_trip(dt, node, &z->trips[z->nr_trips++]);
		CAPSIM_RETURN_IF(ret, ret);
	}
	return 0;
}

/* The cooling device behind @dev: a cpufreq policy when @dev is a policy->cpu node. */
static int cooling_policy(const struct dt *dt, int dev)
{
	int cpu = dt_cpu_of_node(dt, dev), pol;

	if (cpu < 0)
		return -1;
	pol = dt->p->cpus[cpu].policy;
	return pol >= 0 && dt->p->policies[pol].cpu == (unsigned)cpu ? pol : -1;
}

static int add_map(struct platform_thermal_zone *z, const struct platform_cooling_map *m,
		   capsim_error *err)
{
	struct platform_cooling_map *n = realloc(z->maps, (z->nr_maps + 1) * sizeof(*n));

	if (!n)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	z->maps = n;
	z->maps[z->nr_maps++] = *m;
	return 0;
}

/* of_parse_phandle_with_args(map, "cooling-device", "#cooling-cells", i) for every i */
static int parse_cooling_devices(struct dt *dt, int map, struct platform_thermal_zone *z,
				 struct platform_cooling_map *m)
{
	int len, ret;
	const fdt32_t *v = fdt_getprop(dt->fdt, map, "cooling-device", &len);

	if (!v)
		return dt_fail(dt, map, "cooling-device", CAPSIM_ERR_PARSE,
			       "missing (expected <&device lower upper>)");
	if (len % 4)
		return dt_fail(dt, map, "cooling-device", CAPSIM_ERR_PARSE,
			       "%d bytes (expected whole 32-bit cells)", len);
	for (int i = 0, n = len / 4; i < n;) {
		uint32_t ph = fdt32_to_cpu(v[i]), cells;
		int dev = dt_node_by_phandle(dt, ph), cpu;

		if (dev < 0)
			return dt_fail(dt, map, "cooling-device", CAPSIM_ERR_PARSE,
				       "phandle 0x%x refers to no node (dangling phandle)", ph);
		ret = dt_u32(dt, dev, "#cooling-cells", &cells);
		CAPSIM_RETURN_IF(ret < 0, ret);
		if (ret == 0 || cells < 2 || cells > 8 || i + 1 + (int)cells > n)
			return dt_fail(dt, map, "cooling-device", CAPSIM_ERR_PARSE,
				       "entry at cell %d: bad #cooling-cells or too few cells "
				       "(expected <&device lower upper>)", i);
		m->lower = fdt32_to_cpu(v[i + 1]);
		m->upper = fdt32_to_cpu(v[i + 2]);
		m->policy = cooling_policy(dt, dev);
		cpu = dt_cpu_of_node(dt, dev);
		if (cpu >= 0) /* the CPU's path is known: no walk of the tree */
			memcpy(m->device_path, dt->p->cpus[cpu].node_path, sizeof(m->device_path));
		else
			dt_path(dt, dev, m->device_path, sizeof(m->device_path));
		ret = add_map(z, m, dt->err);
		CAPSIM_RETURN_IF(ret, ret);
		i += 1 + (int)cells;
	}
	return 0;
}

static int parse_cooling_map(struct dt *dt, int map, struct platform_thermal_zone *z,
			     const int *trip_nodes)
{
	struct platform_cooling_map m = { .contribution = PLATFORM_THERMAL_WEIGHT_DEFAULT };
	int trip = dt_phandle(dt, map, "trip", 0), ret;
	unsigned t;

	CAPSIM_RETURN_IF(trip < 0 && trip != DT_ABSENT, trip);
	for (t = 0; t < z->nr_trips && trip_nodes[t] != trip; t++)
		;
	if (t == z->nr_trips)
		return dt_fail(dt, map, "trip", CAPSIM_ERR_PARSE,
			       "%s (expected a phandle to a trip of this zone)",
			       trip == DT_ABSENT ? "missing" : "not a trip of this zone");
	m.trip = t;
	ret = dt_u32(dt, map, "contribution", &m.contribution);
	CAPSIM_RETURN_IF(ret < 0, ret);
	return parse_cooling_devices(dt, map, z, &m);
}

/*
 * thermal_of_should_bind(): a map that names no trip of the zone, or whose cooling-device
 * entries do not parse, binds nothing (from the bad entry on); the zone and its trips stay.
 */
static int parse_cooling_maps(struct dt *dt, int zone, struct platform_thermal_zone *z,
			      const int *trip_nodes)
{
	int maps = fdt_subnode_offset(dt->fdt, zone, "cooling-maps"), map;

	if (maps < 0)
		return 0;
	fdt_for_each_subnode(map, dt->fdt, maps) {
		capsim_error map_err = { 0 }, *err = dt->err;
		int ret;

		dt->err = &map_err;
		ret = parse_cooling_map(dt, map, z, trip_nodes);
		dt->err = err;
		if (ret == CAPSIM_ERR_NOMEM)
			return capsim_error_set(err, ret, "out of memory");
		if (ret)
			platform_note(dt->p, "cooling map skipped, as the kernel does: %s",
				      map_err.msg);
	}
	return 0;
}

static int parse_zone(struct dt *dt, int zone, struct platform_thermal_zone *z)
{
	int trip_nodes[PLATFORM_MAX_TRIPS], ret;
	const char *name = fdt_get_name(dt->fdt, zone, NULL);

	snprintf(z->name, sizeof(z->name), "%s", name ? name : "?");
	z->trips = calloc(PLATFORM_MAX_TRIPS, sizeof(*z->trips));
	if (!z->trips)
		return capsim_error_set(dt->err, CAPSIM_ERR_NOMEM, "out of memory");
	/* thermal_of_monitor_init(): an absent delay is 0 */
	ret = dt_u32(dt, zone, "polling-delay-passive", &z->polling_delay_passive_ms);
	if (ret >= 0)
		ret = dt_u32(dt, zone, "polling-delay", &z->polling_delay_ms);
	if (ret >= 0)
		ret = dt_u32(dt, zone, "sustainable-power", &z->sustainable_power_mw);
	CAPSIM_RETURN_IF(ret < 0, ret);
	ret = parse_trips(dt, zone, z, trip_nodes);
	CAPSIM_RETURN_IF(ret, ret);
	return parse_cooling_maps(dt, zone, z, trip_nodes);
}

int dt_parse_thermal_zones(struct dt *dt)
{
	struct capsim_platform *p = dt->p;
	int zones, zone, n = 0, ret;

	/* of_find_node_by_name(NULL, "thermal-zones"): the first such node anywhere */
	for (zones = fdt_next_node(dt->fdt, -1, NULL); zones >= 0;
	     zones = fdt_next_node(dt->fdt, zones, NULL)) {
		const char *name = fdt_get_name(dt->fdt, zones, NULL);

		if (name && !strcmp(name, "thermal-zones"))
			break;
	}
	if (zones < 0)
		return 0;
	fdt_for_each_subnode(zone, dt->fdt, zones)
		n++;
	if (!n)
		return 0;
	p->zones = calloc((size_t)n, sizeof(*p->zones));
	if (!p->zones)
		return capsim_error_set(dt->err, CAPSIM_ERR_NOMEM, "out of memory");
	fdt_for_each_subnode(zone, dt->fdt, zones) {
		struct platform_thermal_zone *z = &p->zones[p->nr_zones];
		capsim_error zone_err = { 0 }, *err = dt->err;

		if (!dt_available(dt, zone))
			continue;
		dt->err = &zone_err;
		ret = parse_zone(dt, zone, z);
		dt->err = err;
		if (ret == CAPSIM_ERR_NOMEM)
			return capsim_error_set(err, ret, "out of memory");
		if (!ret) {
			p->nr_zones++;
			continue;
		}
		/* thermal_of_zone_register() fails for this zone alone: the board still boots */
		platform_note(p, "thermal zone skipped, as the kernel does: %s", zone_err.msg);
		free(z->trips);
		free(z->maps);
		memset(z, 0, sizeof(*z));
	}
	return 0;
}
