// SPDX-License-Identifier: MIT
/*
 * thermal_rc.c - the sensor capsim puts in place of real silicon: one lumped RC node per thermal
 * zone, the usual simplification of compact thermal models such as HotSpot for a scheduler
 * simulator. There is no kernel counterpart; the kernel reads the result through
 * thermal_zone_get_temp() and everything after that read mirrors drivers/thermal/.
 *
 *   C dT/dt = P - (T - T_amb) / R        steady state: T = T_amb + P * R
 *
 * Integration is forward Euler with a step of at most tau/128 (tau = R*C, capped at 1 s), in
 * integers: T in µ°C, P in µW, t in ns. Per step
 *
 *   out  = (T - T_amb) * 1000 / R                  µW flowing to ambient (R in m°C/W)
 *   dT   = (P - out) * h / (C * 10^6)              µ°C (C in mJ/°C, h in ns)
 *
 * and the remainder of the division is carried to the next step, so rounding never stalls the
 * temperature short of its steady state nor makes it drift: runs are exact and deterministic.
 */
#include "model/thermal.h"

#include "internal.h"

__extension__ typedef __int128 s128;

#define UC_PER_MC 1000
#define RC_MAX_STEP_NS CAPSIM_NSEC_PER_SEC
/* Physical saturation: beyond these the model has left any meaning; keeps integers bounded. */
#define RC_TEMP_MIN_UC (-273150LL * UC_PER_MC)
#define RC_TEMP_MAX_UC (10000000LL * UC_PER_MC)
#define RC_POWER_MAX_UW 1000000000ULL /* 1 kW */

/* tau = R * C in ns: (r m°C/W * 1e-3) * (c mJ/°C * 1e-3) s = r * c * 1000 ns */
static uint64_t rc_tau_ns(const struct thermal_rc_params *p)
{
	return (uint64_t)p->r * p->c * 1000;
}

int thermal_rc_validate(const struct thermal_rc_params *p, capsim_error *err)
{
	if (p->r < 100 || p->r > 1000000)
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
			"rc.r: %u m°C/W out of range (expected 100..1000000, i.e. 0.1..1000 °C/W)", p->r);
	if (p->c < 1 || p->c > 10000000)
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
			"rc.c: %u mJ/°C out of range (expected 1..10000000)", p->c);
	if (rc_tau_ns(p) < 10 * CAPSIM_NSEC_PER_MSEC)
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
			"rc: time constant R*C = %llu ns is below 10 ms (expected a slower package)",
			(unsigned long long)rc_tau_ns(p));
	if (p->t_amb < -100000 || p->t_amb > 200000)
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
			"rc.t_amb: %d m°C out of range (expected -100000..200000)", p->t_amb);
	if (p->t_init < -100000 || p->t_init > 200000)
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
			"rc.t_init: %d m°C out of range (expected -100000..200000)", p->t_init);
	return 0;
}

void thermal_rc_init(struct thermal_rc *rc, const struct thermal_rc_params *p)
{
	rc->p = *p;
	rc->temp_uc = (int64_t)p->t_init * UC_PER_MC;
	rc->rem = 0;
}

static void rc_step(struct thermal_rc *rc, uint64_t h, int64_t power_uw)
{
	int64_t over_amb = rc->temp_uc - (int64_t)rc->p.t_amb * UC_PER_MC;
	int64_t out_uw = over_amb * 1000 / (int64_t)rc->p.r;
	s128 div = (s128)rc->p.c * 1000000;
	s128 num = (s128)(power_uw - out_uw) * (s128)h + rc->rem;
	s128 dt = num / div;

	rc->rem = (int64_t)(num - dt * div);
	rc->temp_uc += (int64_t)dt;
	if (rc->temp_uc < RC_TEMP_MIN_UC || rc->temp_uc > RC_TEMP_MAX_UC) {
		rc->temp_uc = rc->temp_uc < RC_TEMP_MIN_UC ? RC_TEMP_MIN_UC : RC_TEMP_MAX_UC;
		rc->rem = 0;
	}
}

void thermal_rc_advance(struct thermal_rc *rc, uint64_t dt_ns, uint64_t power_uw)
{
	uint64_t h_max = rc_tau_ns(&rc->p) / 128;
	int64_t p = (int64_t)(power_uw < RC_POWER_MAX_UW ? power_uw : RC_POWER_MAX_UW);

	if (h_max > RC_MAX_STEP_NS)
		h_max = RC_MAX_STEP_NS;
	while (dt_ns) {
		uint64_t h = dt_ns < h_max ? dt_ns : h_max;

		rc_step(rc, h, p);
		dt_ns -= h;
	}
}

int32_t thermal_rc_temp(const struct thermal_rc *rc)
{
	int64_t t = rc->temp_uc / UC_PER_MC;

	return t > INT32_MAX ? INT32_MAX : (int32_t)t;
}
