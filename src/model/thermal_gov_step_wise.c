// SPDX-License-Identifier: MIT
/*
 * thermal_gov_step_wise.c - the step_wise thermal governor, mirroring
 * drivers/thermal/gov_step_wise.c (Linux 6.12), the kernel's default: at every poll, each
 * cooling device bound to a crossed trip goes one state deeper while the temperature rises,
 * one state back (but not below lower + 1) while it falls, and is released once the zone has
 * dropped below the trip's low temperature (trip - hysteresis) and keeps dropping.
 */
#include "model/thermal.h"

/* mirrors clamp() for the unsigned long states */
static unsigned long clamp_state(unsigned long v, unsigned long lo, unsigned long hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* mirrors get_target_state(), gov_step_wise.c */
static unsigned long get_target_state(const struct thermal *t, const struct thermal_instance *ti,
				      enum thermal_trend trend, int throttle)
{
	unsigned long cur_state = t->cdevs[ti->cdev].cur_state;

	if (!ti->initialized)
		return throttle ? clamp_state(cur_state + 1, ti->lower, ti->upper)
				: THERMAL_NO_TARGET;
	if (throttle) {
		if (trend == THERMAL_TREND_RAISING)
			return clamp_state(cur_state + 1, ti->lower, ti->upper);
		/* falling: back off, but stay above lower to pull the temperature further down */
		if (trend == THERMAL_TREND_DROPPING) {
			unsigned long lo = ti->lower + 1 < ti->upper ? ti->lower + 1 : ti->upper;

			return clamp_state(cur_state - 1, lo, ti->upper);
		}
	} else if (trend == THERMAL_TREND_DROPPING) {
		return THERMAL_NO_TARGET;
	}
	return ti->target;
}

/* mirrors thermal_zone_trip_update(), gov_step_wise.c */
static void thermal_zone_trip_update(struct thermal *t, struct thermal_zone *tz, unsigned trip,
				     int32_t trip_threshold)
{
	enum thermal_trend trend = thermal_get_tz_trend(tz);
	int throttle = tz->temperature >= trip_threshold;
	unsigned i;

	if (throttle)
		thermal_trace(t, "thermal_zone_trip", "thermal_zone=%s id=%u trip=%u trip_type=%s",
			      tz->params.name, tz->id, trip,
			      tz->params.trips[trip].type == THERMAL_TRIP_PASSIVE ? "PASSIVE"
										 : "ACTIVE");
	for (i = 0; i < tz->nr_instances; i++) {
		struct thermal_instance *ti = &tz->instances[i];
		unsigned long old_target = ti->target;

		if (ti->trip != trip)
			continue;
		ti->target = get_target_state(t, ti, trend, throttle);
		if (ti->initialized && old_target == ti->target)
			continue;
		ti->initialized = 1;
		t->cdevs[ti->cdev].updated = 0;
	}
}

/* mirrors step_wise_manage(), gov_step_wise.c */
void step_wise_manage(struct thermal *t, struct thermal_zone *tz)
{
	unsigned i;

	for (i = 0; i < tz->params.nr_trips; i++) {
		enum thermal_trip_type type = tz->params.trips[i].type;

		if (type == THERMAL_TRIP_CRITICAL || type == THERMAL_TRIP_HOT)
			continue;
		thermal_zone_trip_update(t, tz, i, tz->threshold[i]);
	}
	for (i = 0; i < tz->nr_instances; i++)
		thermal_cdev_update(t, tz->instances[i].cdev);
}
