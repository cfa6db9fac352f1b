/* SPDX-License-Identifier: MIT */
/*
 * thermal_platform.h - the thermal loop's description (struct thermal_params) built from a
 * platform's thermal zones and cpufreq policies (src/model/thermal_platform.c).
 */
#ifndef CAPSIM_THERMAL_PLATFORM_H
#define CAPSIM_THERMAL_PLATFORM_H

#include "model/platform.h"
#include "model/thermal.h"

/* What the device tree does not say: the governor (CONFIG default step_wise) and the RC model. */
struct thermal_setup {
	enum thermal_governor_kind governor;
	struct thermal_rc_params rc;
};

/* A thermal_params and the storage it points into; the platform must outlive it. */
struct thermal_desc {
	struct thermal_params params;
	struct thermal_zone_params *zones;
	struct thermal_cdev_params *cdevs;
	struct em_perf_state **own_tables; /* per policy: a table built from OPPs, or NULL */
	unsigned nr_policies;
};

/**
 * thermal_setup_from_platform() - one cpufreq cooling device per policy ("thermal-cpufreq-N",
 * N = policy index) and one zone per platform zone, with @setup's governor and RC parameters.
 * Return: 0 and *@out (free with thermal_desc_free()), or CAPSIM_ERR_NOMEM /
 * CAPSIM_ERR_UNSUPPORTED with @err naming the zone.
 */
int thermal_setup_from_platform(const struct capsim_platform *p, const struct thermal_setup *setup,
				struct thermal_desc **out, capsim_error *err);

/** thermal_desc_free() - NULL is a no-op. */
void thermal_desc_free(struct thermal_desc *d);

#endif /* CAPSIM_THERMAL_PLATFORM_H */
