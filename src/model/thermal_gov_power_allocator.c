// SPDX-License-Identifier: MIT
/*
 * thermal_gov_power_allocator.c - the power_allocator (IPA) thermal governor, mirroring
 * drivers/thermal/gov_power_allocator.c (Linux 6.12). Above the first passive trip
 * ("switch on") a PID controller on the error to the last passive trip (the "desired"
 * temperature) computes the power budget around the sustainable power; the budget is split
 * between the cooling devices in proportion to their weighted power requests (divvy_up_power),
 * and each device's grant becomes a cooling state through power2state. Below "switch on" every
 * device is released. Fixed point: FRAC_BITS = 10, as the kernel.
 */
#include <stdlib.h>

#include "model/thermal.h"

#define FRAC_BITS 10
/* int_to_frac() as a multiplication: a left shift of a negative value is undefined in C */
#define int_to_frac(x) ((int64_t)(x) * (1 << FRAC_BITS))
#define frac_to_int(x) ((x) >> FRAC_BITS)

/* mirrors mul_frac(), gov_power_allocator.c */
static int64_t mul_frac(int64_t x, int64_t y)
{
	return (x * y) >> FRAC_BITS;
}

/* mirrors div_frac(), gov_power_allocator.c (div_s64 truncates toward zero) */
static int64_t div_frac(int64_t x, int64_t y)
{
	return int_to_frac(x) / y;
}

/* mirrors get_governor_trips(), gov_power_allocator.c */
static void get_governor_trips(struct thermal_zone *tz)
{
	int first_passive = -1, last_passive = -1, last_active = -1;
	unsigned i;

	for (i = 0; i < tz->params.nr_trips; i++) {
		switch (tz->params.trips[i].type) {
		case THERMAL_TRIP_PASSIVE:
			if (first_passive < 0)
				first_passive = (int)i;
			else
				last_passive = (int)i;
			break;
		case THERMAL_TRIP_ACTIVE:
			last_active = (int)i;
			break;
		default:
			break;
		}
	}
	if (last_passive >= 0) {
		tz->ipa.trip_switch_on = first_passive;
		tz->ipa.trip_max = last_passive;
	} else if (first_passive >= 0) {
		tz->ipa.trip_switch_on = -1;
		tz->ipa.trip_max = first_passive;
	} else {
		tz->ipa.trip_switch_on = -1;
		tz->ipa.trip_max = last_active;
	}
}

/* mirrors estimate_pid_constants(), gov_power_allocator.c */
void estimate_pid_constants(struct thermal_zone *tz, uint32_t sustainable_power,
			    int trip_switch_on, int32_t control_temp)
{
	uint32_t temperature_threshold = (uint32_t)control_temp;
	int32_t k_i;

	if (trip_switch_on >= 0)
		temperature_threshold -= (uint32_t)tz->params.trips[trip_switch_on].temperature;
	/* switch-on and control temperatures equal: keep the gains we have */
	if (!temperature_threshold)
		return;
	tz->ipa.k_po = (int32_t)((uint32_t)int_to_frac(sustainable_power) / temperature_threshold);
	tz->ipa.k_pu = (int32_t)((uint32_t)int_to_frac(2 * sustainable_power) / temperature_threshold);
	k_i = tz->ipa.k_pu / 10;
	tz->ipa.k_i = k_i > 0 ? k_i : 1;
	/* k_d and integral_cutoff keep their defaults (0) */
}

/* mirrors estimate_sustainable_power(): the power of every actor at its deepest state */
static uint32_t estimate_sustainable_power(const struct thermal *t, const struct thermal_zone *tz)
{
	uint32_t sustainable_power = 0, min_power;
	unsigned i;

	for (i = 0; i < tz->nr_instances; i++) {
		const struct thermal_instance *ti = &tz->instances[i];

		if ((int)ti->trip != tz->ipa.trip_max)
			continue;
		if (!cpufreq_cooling_state2power(&t->cdevs[ti->cdev], ti->upper, &min_power))
			sustainable_power += min_power;
	}
	return sustainable_power;
}

/* mirrors get_sustainable_power(), gov_power_allocator.c */
static uint32_t get_sustainable_power(const struct thermal *t, struct thermal_zone *tz,
				      int32_t control_temp)
{
	uint32_t sustainable_power = tz->params.sustainable_power_mw;

	if (!sustainable_power)
		sustainable_power = estimate_sustainable_power(t, tz);
	if (sustainable_power != tz->ipa.sustainable_power) {
		estimate_pid_constants(tz, sustainable_power, tz->ipa.trip_switch_on, control_temp);
		tz->params.sustainable_power_mw = sustainable_power;
		tz->ipa.sustainable_power = sustainable_power;
	}
	return sustainable_power;
}

/* mirrors pid_controller(), gov_power_allocator.c */
static uint32_t pid_controller(struct thermal *t, struct thermal_zone *tz, int32_t control_temp,
			       uint32_t max_allocatable_power)
{
	struct thermal_ipa *ipa = &tz->ipa;
	int64_t max_power_frac = (int32_t)int_to_frac(max_allocatable_power);
	uint32_t sustainable_power = get_sustainable_power(t, tz, control_temp);
	int32_t err = (int32_t)int_to_frac(control_temp - tz->temperature);
	int64_t p, i, d = 0, power_range;

	p = mul_frac(err < 0 ? ipa->k_po : ipa->k_pu, err);
	/* integrate while below the cutoff, but never past the maximum power */
	i = mul_frac(ipa->k_i, ipa->err_integral);
	if (err < int_to_frac(tz->params.integral_cutoff)) {
		int64_t i_next = i + mul_frac(ipa->k_i, err);

		if (llabs(i_next) < max_power_frac) {
			i = i_next;
			ipa->err_integral += err;
		}
	}
	/* the kernel divides by the passive delay unconditionally; 0 only arises with k_d = 0 */
	if (tz->params.passive_delay_ms)
		d = div_frac(mul_frac(ipa->k_d, err - ipa->prev_err), tz->params.passive_delay_ms);
	ipa->prev_err = err;
	power_range = (int64_t)sustainable_power + frac_to_int(p + i + d);
	if (power_range < 0)
		power_range = 0;
	if (power_range > max_allocatable_power)
		power_range = max_allocatable_power;
	thermal_trace(t, "thermal_power_allocator_pid",
		      "thermal_zone_id=%u err=%d err_integral=%d p=%lld i=%lld d=%lld output=%d",
		      tz->id, (int32_t)frac_to_int(err), (int32_t)frac_to_int(ipa->err_integral),
		      (long long)frac_to_int(p), (long long)frac_to_int(i),
		      (long long)frac_to_int(d), (int32_t)power_range);
	return (uint32_t)power_range;
}

/* mirrors DIV_ROUND_CLOSEST_ULL() */
static uint64_t div_round_closest(uint64_t x, uint64_t d)
{
	return (x + d / 2) / d;
}

/*
 * mirrors divvy_up_power(), gov_power_allocator.c: granted_i = weighted_req_i * range / total,
 * capped at max_power_i; what the capped actors could not take goes to the others in
 * proportion to their headroom (extra_actor_power).
 */
void divvy_up_power(const uint32_t *weighted_req, const uint32_t *max_power, uint32_t *granted,
		    unsigned n, uint32_t total_req_power, uint32_t power_range)
{
	uint32_t extra_actor_power[THERMAL_MAX_BINDS];
	uint32_t capped_extra_power = 0, extra_power = 0;
	unsigned i;

	/* nobody asks for power: the range still goes out, by the (zero) requests */
	if (!total_req_power)
		total_req_power = 1;
	for (i = 0; i < n; i++) {
		granted[i] = (uint32_t)div_round_closest((uint64_t)weighted_req[i] * power_range,
							 total_req_power);
		if (granted[i] > max_power[i]) {
			extra_power += granted[i] - max_power[i];
			granted[i] = max_power[i];
		}
		extra_actor_power[i] = max_power[i] - granted[i];
		capped_extra_power += extra_actor_power[i];
	}
	if (!extra_power || !capped_extra_power)
		return;
	/* never hand out more than the others can take */
	if (extra_power > capped_extra_power)
		extra_power = capped_extra_power;
	for (i = 0; i < n; i++)
		granted[i] += (uint32_t)div_round_closest((uint64_t)extra_actor_power[i] * extra_power,
							  capped_extra_power);
}

static int is_actor(const struct thermal_zone *tz, const struct thermal_instance *ti)
{
	return (int)ti->trip == tz->ipa.trip_max;
}

/* mirrors allocate_power(), gov_power_allocator.c */
static void allocate_power(struct thermal *t, struct thermal_zone *tz, int32_t control_temp)
{
	uint32_t req[THERMAL_MAX_BINDS], weighted[THERMAL_MAX_BINDS], max_power[THERMAL_MAX_BINDS];
	uint32_t granted[THERMAL_MAX_BINDS];
	uint32_t total_weighted_req_power = 0, max_allocatable_power = 0, total_granted_power = 0;
	uint32_t total_req_power = 0, power_range, weight;
	unsigned i, n = 0;

	for (i = 0; i < tz->nr_instances; i++) {
		const struct thermal_instance *ti = &tz->instances[i];
		struct thermal_cdev *cdev = &t->cdevs[ti->cdev];

		if (!is_actor(tz, ti))
			continue;
		req[n] = cpufreq_cooling_get_requested_power(cdev, t->in);
		cpufreq_cooling_trace_get_power(t, cdev, req[n]);
		weight = tz->ipa.total_weight ? ti->weight : 1 << FRAC_BITS;
		/* u32 * u32 in u32, as the kernel's frac_to_int(weight * pa->req_power) */
		weighted[n] = frac_to_int(weight * req[n]);
		cpufreq_cooling_state2power(cdev, ti->lower, &max_power[n]);
		total_req_power += req[n];
		max_allocatable_power += max_power[n];
		total_weighted_req_power += weighted[n];
		n++;
	}
	if (!n)
		return;
	power_range = pid_controller(t, tz, control_temp, max_allocatable_power);
	divvy_up_power(weighted, max_power, granted, n, total_weighted_req_power, power_range);
	n = 0;
	for (i = 0; i < tz->nr_instances; i++) {
		struct thermal_instance *ti = &tz->instances[i];
		unsigned long state;

		if (!is_actor(tz, ti))
			continue;
		/* power_actor_set_power() */
		state = cpufreq_cooling_power2state(&t->cdevs[ti->cdev], granted[n]);
		cpufreq_cooling_trace_limit(t, &t->cdevs[ti->cdev], state, granted[n]);
		ti->target = state < ti->lower ? ti->lower : state > ti->upper ? ti->upper : state;
		thermal_cdev_update_now(t, ti->cdev);
		total_granted_power += granted[n];
		thermal_trace(t, "thermal_power_actor",
			      "thermal_zone_id=%u actor_id=%u req_power=%u granted_power=%u", tz->id,
			      n, req[n], granted[n]);
		n++;
	}
	thermal_trace(t, "thermal_power_allocator",
		      "thermal_zone_id=%u total_req_power=%u total_granted_power=%u power_range=%u "
		      "max_allocatable_power=%u current_temperature=%d delta_temperature=%d",
		      tz->id, total_req_power, total_granted_power, power_range,
		      max_allocatable_power, tz->temperature, control_temp - tz->temperature);
}

/* mirrors allow_maximum_power(), gov_power_allocator.c */
static void allow_maximum_power(struct thermal *t, struct thermal_zone *tz)
{
	unsigned i;

	for (i = 0; i < tz->nr_instances; i++) {
		struct thermal_instance *ti = &tz->instances[i];

		if (!is_actor(tz, ti))
			continue;
		ti->target = 0;
		/* get_requested_power() refreshes last_load even when nothing is updated */
		cpufreq_cooling_trace_get_power(
			t, &t->cdevs[ti->cdev],
			cpufreq_cooling_get_requested_power(&t->cdevs[ti->cdev], t->in));
		if (tz->ipa.update_cdevs)
			thermal_cdev_update_now(t, ti->cdev);
	}
}

/* mirrors power_allocator_bind() + power_allocator_update_weight(), gov_power_allocator.c */
void power_allocator_bind(struct thermal *t, struct thermal_zone *tz)
{
	unsigned i;

	get_governor_trips(tz);
	tz->ipa.sustainable_power = tz->params.sustainable_power_mw;
	if (tz->ipa.trip_max >= 0)
		estimate_pid_constants(tz, tz->params.sustainable_power_mw, tz->ipa.trip_switch_on,
				       tz->params.trips[tz->ipa.trip_max].temperature);
	tz->ipa.err_integral = 0;
	tz->ipa.prev_err = 0;
	tz->ipa.total_weight = 0;
	for (i = 0; i < tz->nr_instances; i++)
		if (is_actor(tz, &tz->instances[i]))
			tz->ipa.total_weight += tz->instances[i].weight;
}

/* mirrors power_allocator_manage(), gov_power_allocator.c */
void power_allocator_manage(struct thermal *t, struct thermal_zone *tz)
{
	int sw = tz->ipa.trip_switch_on;

	if (sw >= 0 && tz->temperature < tz->params.trips[sw].temperature) {
		/* reset_pid_controller() */
		tz->ipa.err_integral = 0;
		tz->ipa.prev_err = 0;
		allow_maximum_power(t, tz);
		tz->ipa.update_cdevs = 0;
		return;
	}
	if (tz->ipa.trip_max < 0)
		return;
	allocate_power(t, tz, tz->params.trips[tz->ipa.trip_max].temperature);
	tz->ipa.update_cdevs = 1;
}
