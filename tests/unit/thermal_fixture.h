/* SPDX-License-Identifier: MIT */
/*
 * thermal_fixture.h - a small hand-built platform for the thermal unit tests: a little policy
 * (CPUs 0-3) and a big one (CPUs 4-7), five perf states each, and hooks that record what the
 * thermal loop does (cooling-device requests and trace lines).
 */
#ifndef CAPSIM_TEST_THERMAL_FIXTURE_H
#define CAPSIM_TEST_THERMAL_FIXTURE_H

#include <stdio.h>
#include <string.h>

#include "model/thermal.h"

/* power in µW; mW = power / 1000 */
static const struct em_perf_state little_em[5] = {
	{ .frequency = 533000, .power = 50000 },   /* 50 mW */
	{ .frequency = 999000, .power = 120000 },  /* 120 mW */
	{ .frequency = 1402000, .power = 220000 }, /* 220 mW */
	{ .frequency = 1709000, .power = 330000 }, /* 330 mW */
	{ .frequency = 1844000, .power = 400000 }, /* 400 mW */
};

static const struct em_perf_state big_em[5] = {
	{ .frequency = 903000, .power = 300000 },   /* 300 mW */
	{ .frequency = 1421000, .power = 650000 },  /* 650 mW */
	{ .frequency = 1805000, .power = 1000000 }, /* 1000 mW */
	{ .frequency = 2112000, .power = 1400000 }, /* 1400 mW */
	{ .frequency = 2362000, .power = 1800000 }, /* 1800 mW */
};

struct recorder {
	unsigned nr_sets;
	unsigned last_policy;
	char last_name[THERMAL_NAME_MAX];
	uint32_t last_khz;
	char trace[64][256];
	unsigned nr_trace;
};

static inline void rec_cdev_set(void *ctx, unsigned policy, const char *name, uint32_t khz)
{
	struct recorder *r = ctx;

	r->nr_sets++;
	r->last_policy = policy;
	snprintf(r->last_name, sizeof(r->last_name), "%s", name);
	r->last_khz = khz;
}

static inline void rec_trace(void *ctx, uint64_t now, const char *event, const char *body)
{
	struct recorder *r = ctx;

	if (r->nr_trace < 64)
		snprintf(r->trace[r->nr_trace++], sizeof(r->trace[0]), "%s: %s", event, body);
}

/* the recorded trace line starting with @prefix, or NULL */
static inline const char *rec_find(const struct recorder *r, const char *prefix)
{
	for (unsigned i = 0; i < r->nr_trace; i++)
		if (!strncmp(r->trace[i], prefix, strlen(prefix)))
			return r->trace[i];
	return NULL;
}

static inline void fixture_cdevs(struct thermal_cdev_params cd[2])
{
	memset(cd, 0, 2 * sizeof(*cd));
	snprintf(cd[0].name, sizeof(cd[0].name), "thermal-cpufreq-0");
	cd[0].policy = 0;
	for (unsigned c = 0; c < 4; c++)
		capsim_cpumask_set(&cd[0].cpus, c);
	cd[0].table = little_em;
	cd[0].nr_states = 5;
	snprintf(cd[1].name, sizeof(cd[1].name), "thermal-cpufreq-1");
	cd[1].policy = 1;
	for (unsigned c = 4; c < 8; c++)
		capsim_cpumask_set(&cd[1].cpus, c);
	cd[1].table = big_em;
	cd[1].nr_states = 5;
}

/* set the zone's "sensor" to @mc m°C (the RC state), as emul_temp would */
static inline void set_temp(struct thermal *t, unsigned zone, int32_t mc)
{
	t->zones[zone].rc.temp_uc = (int64_t)mc * 1000;
	t->zones[zone].rc.rem = 0;
}

#endif /* CAPSIM_TEST_THERMAL_FIXTURE_H */
