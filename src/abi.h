/* SPDX-License-Identifier: MIT */
/*
 * abi.h - how the library meets a caller's sized struct (docs/api.md, "ABI"): a public struct
 * that may grow starts with `uint32_t size`, set by its owner (the caller for what it passes in
 * or has filled, the library for what it allocates). The library reads and fills only the
 * bytes both sides know, so a caller built against an older header (a smaller struct) keeps
 * working, and a newer caller learns from size which of its fields an older library filled.
 *
 * The first release's size of each struct a caller sizes is pinned here, one place: a caller's
 * struct smaller than it is refused. Appending a field never changes these.
 */
#ifndef CAPSIM_ABI_H
#define CAPSIM_ABI_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "capsim/capsim.h"

/* the bytes of @type up to and including its field @last */
#define ABI_SIZE_TO(type, last) (offsetof(type, last) + sizeof(((type *)0)->last))

/* the first release's size of each struct a caller sizes: up to its last field then */
#define ABI_V1_PLATFORM_INFO ABI_SIZE_TO(struct capsim_platform_info, freq_invariance_given)
#define ABI_V1_CPU_INFO ABI_SIZE_TO(struct capsim_cpu_info, amu)
#define ABI_V1_SCHED_DOMAIN_INFO ABI_SIZE_TO(struct capsim_sched_domain_info, nr_groups)
#define ABI_V1_IDLE_STATE_INFO ABI_SIZE_TO(struct capsim_idle_state_info, cpuidle_index)
#define ABI_V1_POLICY_INFO ABI_SIZE_TO(struct capsim_policy_info, clock_firmware)
#define ABI_V1_OPP_INFO ABI_SIZE_TO(struct capsim_opp_info, em_efficient)
#define ABI_V1_ZONE_INFO ABI_SIZE_TO(struct capsim_zone_info, nr_maps)
#define ABI_V1_TRIP_INFO ABI_SIZE_TO(struct capsim_trip_info, hysteresis_mc)
#define ABI_V1_COOLING_MAP_INFO ABI_SIZE_TO(struct capsim_cooling_map_info, max_state_khz)
#define ABI_V1_CAP ABI_SIZE_TO(struct capsim_cap, value)
#define ABI_V1_CPU_CAPACITY ABI_SIZE_TO(struct capsim_cpu_capacity, v6_9_capacity)
#define ABI_V1_PLACE_DECISION ABI_SIZE_TO(struct capsim_place_decision, feec_reason)
#define ABI_V1_PLACE_CPU ABI_SIZE_TO(struct capsim_place_cpu, effective)
#define ABI_V1_PELT_CSV ABI_SIZE_TO(struct capsim_pelt_csv, nrows)
#define ABI_V1_PELT_PERIODIC_CFG ABI_SIZE_TO(struct capsim_pelt_periodic_cfg, tolerance)
#define ABI_V1_PELT_PERIODIC_RESULT ABI_SIZE_TO(struct capsim_pelt_periodic_result, act_max)
#define ABI_V1_SINK_HEADER ABI_SIZE_TO(struct capsim_sink_header, trace_families)
#define ABI_V1_ANALYZE_OPTS ABI_SIZE_TO(struct capsim_analyze_opts, capacity_csv)
#define ABI_V1_REPORT_INPUTS ABI_SIZE_TO(struct capsim_report_inputs, workload_text)

/* the size field of a sized struct at @s (NULL: 0) */
static inline uint32_t abi_size(const void *s)
{
	uint32_t size = 0;

	if (s)
		memcpy(&size, s, sizeof(size));
	return size;
}

/* whether the caller's sized struct at @s holds at least @min bytes (the first release's) */
static inline int abi_size_ok(const void *s, size_t min)
{
	return abi_size(s) >= min;
}

/* CAPSIM_ERR_INVALID with a message: the caller's @type at @s is smaller than @min */
static inline int abi_size_error(capsim_error *err, const char *type, const void *s, size_t min)
{
	return capsim_error_set(err, CAPSIM_ERR_INVALID, "%s of %u bytes: expected at least %zu "
				"(its size field set to sizeof(%s))", type, abi_size(s), min, type);
}

/*
 * abi_fill() - the library's @full (@full_size bytes) into the caller's sized struct @out, as
 * many bytes as both know, and out->size set to that many: a newer caller sees which of its
 * fields were filled. Return: 0, or CAPSIM_ERR_INVALID (@out untouched) when out->size is
 * below @min.
 */
static inline int abi_fill(void *out, const void *full, size_t full_size, size_t min)
{
	uint32_t size = abi_size(out);

	if (size < min)
		return CAPSIM_ERR_INVALID;
	if (size > full_size)
		size = (uint32_t)full_size;
	memcpy((char *)out + sizeof(size), (const char *)full + sizeof(size), size - sizeof(size));
	memcpy(out, &size, sizeof(size));
	return 0;
}

/*
 * abi_read() - the caller's sized struct @in into the library's @full (@full_size bytes): the
 * fields the caller knows; those it does not are 0, their default; full->size is @full_size.
 * Return: 0, or CAPSIM_ERR_INVALID when in->size is below @min (@full then all 0).
 */
static inline int abi_read(void *full, size_t full_size, const void *in, size_t min)
{
	uint32_t size = abi_size(in);

	memset(full, 0, full_size);
	if (size < min)
		return CAPSIM_ERR_INVALID;
	memcpy(full, in, size < full_size ? size : full_size);
	size = (uint32_t)full_size;
	memcpy(full, &size, sizeof(size));
	return 0;
}

#endif /* CAPSIM_ABI_H */
