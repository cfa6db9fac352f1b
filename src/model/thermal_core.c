// SPDX-License-Identifier: MIT
/*
 * thermal_core.c - thermal zones and their cooling devices over time, mirroring
 * drivers/thermal/thermal_core.c and thermal_helpers.c (Linux 6.12): a zone is polled every
 * polling-delay ms, or every polling-delay-passive ms while a passive trip is crossed
 * (monitor_thermal_zone); each poll reads the temperature, moves the trip thresholds with their
 * hysteresis (handle_thermal_trip) and runs the zone's governor, which sets cooling-device
 * targets; a cooling device takes the deepest target of all its instances (__thermal_cdev_update).
 *
 * Simplifications (docs/model.md, "Thermal loop"): the sensor is the RC model of
 * src/model/thermal_rc.c; delays are exact milliseconds (round_jiffies_relative for delays above 1 s is
 * not modelled); a zone with polling-delay 0 is interrupt-driven: it is updated at the end of the
 * first thermal_heat() call that takes its temperature out of the [low, high] window of its
 * thresholds (thermal_zone_set_trips); crossing a critical or hot trip is counted, the machine is
 * not shut down; binding the same cooling device to the same trip twice is ignored (-EEXIST).
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/thermal.h"

#include "internal.h"

void thermal_trace(struct thermal *t, const char *event, const char *fmt, ...)
{
	char body[512];
	va_list ap;

	if (!t->hooks.trace)
		return;
	va_start(ap, fmt);
	vsnprintf(body, sizeof(body), fmt, ap);
	va_end(ap);
	t->hooks.trace(t->hooks.ctx, t->now_ns, event, body);
}

int thermal_find_cdev(const struct thermal *t, const char *name)
{
	unsigned i;

	for (i = 0; i < t->nr_cdevs; i++)
		if (!strcmp(t->cdevs[i].params.name, name))
			return (int)i;
	return -1;
}

/* mirrors cpufreq_set_cur_state(), cpufreq_cooling.c: a new state updates the QoS request */
static int cdev_set_cur_state(struct thermal *t, struct thermal_cdev *cdev, unsigned long state)
{
	if (state > cdev->max_level)
		return CAPSIM_ERR_RANGE;
	if (cdev->cur_state == state)
		return 0;
	cdev->cur_state = state;
	if (t->hooks.cdev_set)
		t->hooks.cdev_set(t->hooks.ctx, cdev->params.policy, cdev->params.name,
				  cpufreq_cooling_state_freq(cdev, state));
	return 0;
}

/* mirrors __thermal_cdev_update(), thermal_helpers.c: the deepest target of all instances */
void thermal_cdev_update_now(struct thermal *t, unsigned c)
{
	unsigned long target = 0;
	unsigned z, i;

	for (z = 0; z < t->nr_zones; z++) {
		const struct thermal_zone *tz = &t->zones[z];

		for (i = 0; i < tz->nr_instances; i++) {
			const struct thermal_instance *ti = &tz->instances[i];

			if (ti->cdev != c || ti->target == THERMAL_NO_TARGET)
				continue;
			if (ti->target > target)
				target = ti->target;
		}
	}
	cdev_set_cur_state(t, &t->cdevs[c], target);
	thermal_trace(t, "cdev_update", "type=%s target=%lu", t->cdevs[c].params.name, target);
}

/* mirrors thermal_cdev_update(), thermal_helpers.c: only when an instance asked for it */
void thermal_cdev_update(struct thermal *t, unsigned c)
{
	if (t->cdevs[c].updated)
		return;
	thermal_cdev_update_now(t, c);
	t->cdevs[c].updated = 1;
}

int thermal_cdev_set_state(struct thermal *t, unsigned c, unsigned long state, uint64_t now_ns)
{
	CAPSIM_RETURN_IF(c >= t->nr_cdevs, CAPSIM_ERR_NOT_FOUND);
	t->now_ns = now_ns;
	return cdev_set_cur_state(t, &t->cdevs[c], state);
}

/* mirrors get_tz_trend(), thermal_helpers.c (no driver get_trend) */
enum thermal_trend thermal_get_tz_trend(const struct thermal_zone *tz)
{
	if (tz->temperature > tz->last_temperature)
		return THERMAL_TREND_RAISING;
	if (tz->temperature < tz->last_temperature)
		return THERMAL_TREND_DROPPING;
	return THERMAL_TREND_STABLE;
}

/* mirrors handle_thermal_trip(), thermal_core.c: thresholds move by the hysteresis */
static void handle_thermal_trip(struct thermal_zone *tz, unsigned i)
{
	const struct thermal_trip *trip = &tz->params.trips[i];
	int32_t old_threshold = tz->threshold[i];

	tz->threshold[i] = trip->temperature;
	if (tz->last_temperature >= old_threshold && tz->last_temperature != THERMAL_TEMP_INIT) {
		/* mitigation under way: it stops below the low temperature of the trip */
		if (tz->temperature < trip->temperature - trip->hysteresis) {
			if (trip->type == THERMAL_TRIP_PASSIVE)
				tz->passive--;
		} else {
			tz->threshold[i] -= trip->hysteresis;
		}
	} else if (tz->temperature >= trip->temperature) {
		/* no mitigation yet: start it; the threshold becomes the trip's low temperature */
		tz->threshold[i] -= trip->hysteresis;
		if (trip->type == THERMAL_TRIP_PASSIVE)
			tz->passive++;
		else if (trip->type == THERMAL_TRIP_CRITICAL || trip->type == THERMAL_TRIP_HOT)
			tz->critical_count++;
	}
}

/* mirrors monitor_thermal_zone(), thermal_core.c; 0 delays leave the zone interrupt-driven */
static void monitor_thermal_zone(struct thermal_zone *tz, uint64_t now)
{
	if (tz->passive > 0 && tz->params.passive_delay_ms)
		tz->next_poll_ns = now + tz->params.passive_delay_ms * CAPSIM_NSEC_PER_MSEC;
	else if (tz->params.polling_delay_ms)
		tz->next_poll_ns = now + tz->params.polling_delay_ms * CAPSIM_NSEC_PER_MSEC;
	else
		tz->next_poll_ns = UINT64_MAX;
}

/* the [low, high] window __thermal_zone_device_update hands to thermal_zone_set_trips() */
static int outside_trip_window(const struct thermal_zone *tz, int32_t temp)
{
	int32_t low = -INT_MAX, high = INT_MAX;
	unsigned i;

	for (i = 0; i < tz->params.nr_trips; i++) {
		if (tz->threshold[i] <= tz->temperature && tz->threshold[i] > low)
			low = tz->threshold[i];
		if (tz->threshold[i] >= tz->temperature && tz->threshold[i] < high)
			high = tz->threshold[i];
	}
	return temp <= low || temp >= high;
}

/* mirrors __thermal_zone_device_update(), thermal_core.c */
static void zone_update(struct thermal *t, struct thermal_zone *tz)
{
	unsigned i;

	tz->last_temperature = tz->temperature;
	tz->temperature = thermal_rc_temp(&tz->rc);
	thermal_trace(t, "thermal_temperature", "thermal_zone=%s id=%u temp_prev=%d temp=%d",
		      tz->params.name, tz->id, tz->last_temperature, tz->temperature);
	for (i = 0; i < tz->params.nr_trips; i++)
		handle_thermal_trip(tz, i);
	if (tz->params.governor == THERMAL_GOV_POWER_ALLOCATOR)
		power_allocator_manage(t, tz);
	else
		step_wise_manage(t, tz);
	monitor_thermal_zone(tz, t->now_ns);
}

void thermal_update(struct thermal *t, uint64_t now_ns, const struct thermal_cpu_input *in)
{
	unsigned z;

	t->now_ns = now_ns;
	t->in = in;
	for (z = 0; z < t->nr_zones; z++)
		if (t->zones[z].next_poll_ns <= now_ns)
			zone_update(t, &t->zones[z]);
	t->in = NULL;
}

uint64_t thermal_next_poll(const struct thermal *t)
{
	uint64_t next = UINT64_MAX;
	unsigned z;

	for (z = 0; z < t->nr_zones; z++)
		if (t->zones[z].next_poll_ns < next)
			next = t->zones[z].next_poll_ns;
	return next;
}

void thermal_heat(struct thermal *t, uint64_t dt_ns, const uint64_t *cpu_power_uw)
{
	unsigned z, cpu;

	t->now_ns += dt_ns;
	for (z = 0; z < t->nr_zones; z++) {
		struct thermal_zone *tz = &t->zones[z];
		uint64_t p = 0;

		/* the set bits only: a zone is heated by a few CPUs of up to CAPSIM_MAX_CPUS */
		for (unsigned w = 0; w < ARRAY_SIZE(tz->params.heat_cpus.bits); w++)
			for (uint64_t bits = tz->params.heat_cpus.bits[w]; bits; bits &= bits - 1) {
				cpu = w * 64 + (unsigned)__builtin_ctzll(bits);
				p += cpu_power_uw[cpu];
			}
		thermal_rc_advance(&tz->rc, dt_ns, p);
		if (tz->next_poll_ns == UINT64_MAX &&
		    outside_trip_window(tz, thermal_rc_temp(&tz->rc)))
			tz->next_poll_ns = t->now_ns;
	}
}

static int check_zone(const struct thermal_zone_params *zp, unsigned nr_cdevs, capsim_error *err)
{
	unsigned i;

	CAPSIM_RETURN_IF(thermal_rc_validate(&zp->rc, err), err ? err->code : CAPSIM_ERR_RANGE);
	if (zp->nr_trips > THERMAL_MAX_TRIPS || zp->nr_binds > THERMAL_MAX_BINDS)
		return capsim_error_set(err, CAPSIM_ERR_RANGE, "more than %d trips or %d cooling maps",
					THERMAL_MAX_TRIPS, THERMAL_MAX_BINDS);
	for (i = 0; i < zp->nr_trips; i++) {
		const struct thermal_trip *tr = &zp->trips[i];

		if (tr->temperature < -273150 || tr->temperature > 1000000 ||
		    tr->hysteresis < 0 || tr->hysteresis > 200000 ||
		    (unsigned)tr->type > THERMAL_TRIP_CRITICAL)
			return capsim_error_set(err, CAPSIM_ERR_RANGE,
				"trips[%u]: temperature %d / hysteresis %d m°C out of range", i,
				tr->temperature, tr->hysteresis);
	}
	for (i = 0; i < zp->nr_binds; i++)
		if (zp->binds[i].trip >= zp->nr_trips || zp->binds[i].cdev >= nr_cdevs)
			return capsim_error_set(err, CAPSIM_ERR_INVALID,
				"cooling-maps[%u]: trip %u or cooling device %u does not exist", i,
				zp->binds[i].trip, zp->binds[i].cdev);
	if (zp->polling_delay_ms > 3600000 || zp->passive_delay_ms > 3600000)
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
					"polling delays above one hour (expected ms)");
	return 0;
}

/* mirrors thermal_bind_cdev_to_trip(), thermal_core.c: limits resolved, duplicates skipped */
static int bind_instance(struct thermal_zone *tz, const struct thermal_bind_params *b,
			 const struct thermal_cdev *cdev, capsim_error *err)
{
	struct thermal_instance *ti;
	unsigned long lower = b->lower == THERMAL_NO_LIMIT ? 0 : b->lower;
	unsigned long upper = b->upper == THERMAL_NO_LIMIT ? cdev->max_level : b->upper;
	unsigned i;

	if (lower > upper || upper > cdev->max_level)
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
			"cooling device %s: limits %lu..%lu outside 0..%lu", cdev->params.name,
			lower, upper, cdev->max_level);
	for (i = 0; i < tz->nr_instances; i++)
		if (tz->instances[i].trip == b->trip && tz->instances[i].cdev == b->cdev)
			return 0;
	ti = &tz->instances[tz->nr_instances++];
	ti->trip = b->trip;
	ti->cdev = b->cdev;
	ti->lower = lower;
	ti->upper = upper;
	ti->target = THERMAL_NO_TARGET;
	ti->weight = b->weight;
	return 0;
}

static int zone_init(struct thermal *t, unsigned id, const struct thermal_zone_params *zp,
		     capsim_error *err)
{
	struct thermal_zone *tz = &t->zones[id];
	unsigned i;
	int ret;

	ret = check_zone(zp, t->nr_cdevs, err);
	for (i = 0; !ret && i < zp->nr_binds; i++)
		ret = bind_instance(tz, &zp->binds[i], &t->cdevs[zp->binds[i].cdev], err);
	if (ret)
		return capsim_error_prefix(err, "thermal zone %s: ", zp->name);
	tz->params = *zp;
	tz->id = id;
	thermal_rc_init(&tz->rc, &zp->rc);
	tz->temperature = THERMAL_TEMP_INIT;
	tz->last_temperature = THERMAL_TEMP_INIT;
	for (i = 0; i < THERMAL_MAX_TRIPS; i++)
		tz->threshold[i] = INT_MAX;
	tz->next_poll_ns = 0; /* thermal_zone_device_register() updates the zone at once */
	if (zp->governor == THERMAL_GOV_POWER_ALLOCATOR) {
		ret = 0;
		for (i = 0; i < tz->nr_instances; i++)
			if (!cpufreq_cooling_is_power_actor(&t->cdevs[tz->instances[i].cdev]))
				ret = capsim_error_set(err, CAPSIM_ERR_INVALID,
					"thermal zone %s: power_allocator: %s is not a power actor "
					"(its policy has no energy model)", zp->name,
					t->cdevs[tz->instances[i].cdev].params.name);
		CAPSIM_RETURN_IF(ret, ret);
		power_allocator_bind(t, tz);
	}
	return 0;
}

int thermal_create(const struct thermal_params *p, const struct thermal_hooks *hooks,
		   struct thermal **out, capsim_error *err)
{
	struct thermal *t = calloc(1, sizeof(*t));
	unsigned i;
	int ret = 0;

	*out = NULL;
	if (!t)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	if (hooks)
		t->hooks = *hooks;
	t->zones = calloc(p->nr_zones ? p->nr_zones : 1, sizeof(*t->zones));
	t->cdevs = calloc(p->nr_cdevs ? p->nr_cdevs : 1, sizeof(*t->cdevs));
	if (!t->zones || !t->cdevs) {
		thermal_free(t);
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	}
	t->nr_cdevs = p->nr_cdevs;
	t->nr_zones = p->nr_zones;
	t->nr_cpus = p->nr_cpus;
	for (i = 0; !ret && i < p->nr_cdevs; i++)
		ret = cpufreq_cooling_init(&t->cdevs[i], &p->cdevs[i], err);
	for (i = 0; !ret && i < p->nr_zones; i++)
		ret = zone_init(t, i, &p->zones[i], err);
	if (ret) {
		thermal_free(t);
		return ret;
	}
	*out = t;
	return 0;
}

void thermal_free(struct thermal *t)
{
	if (!t)
		return;
	free(t->zones);
	free(t->cdevs);
	free(t);
}
