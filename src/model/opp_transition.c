// SPDX-License-Identifier: MIT
/*
 * opp_transition.c - the steps of one frequency change made by the sugov kthread (see
 * opp_transition.h): cpufreq-dt's dev_pm_opp_set_rate() -> _set_opp() order of regulator and
 * clock (drivers/opp/core.c), the regulator's _regulator_set_voltage_time() and
 * _regulator_delay_helper() (drivers/regulator/core.c), scpi-cpufreq's firmware round trip;
 * Linux v6.12.
 */
#include "internal.h"
#include "model/opp_transition.h"

uint32_t regulator_set_voltage_time_us(const struct platform_supply *s, uint32_t old_uv,
				       uint32_t new_uv)
{
	uint32_t diff = new_uv > old_uv ? new_uv - old_uv : old_uv - new_uv;

	if (s->ramp_delay) /* DIV_ROUND_UP(abs(new_uV - old_uV), ramp_delay) */
		return (uint32_t)(((uint64_t)diff + s->ramp_delay - 1) / s->ramp_delay);
	if (s->settling_time_us)
		return s->settling_time_us;
	if (s->settling_time_up_us && new_uv > old_uv)
		return s->settling_time_up_us;
	if (s->settling_time_down_us && new_uv < old_uv)
		return s->settling_time_down_us;
	return 0;
}

uint32_t opp_max_volt_latency_us(const struct platform_policy *pp)
{
	uint32_t lo = UINT32_MAX, hi = 0;

	if (!pp->supply.present)
		return 0;
	for (unsigned i = 0; i < pp->nr_opps; i++) {
		if (pp->opps[i].uv_min < lo)
			lo = pp->opps[i].uv_min;
		if (pp->opps[i].uv_max > hi)
			hi = pp->opps[i].uv_max;
	}
	return hi >= lo ? regulator_set_voltage_time_us(&pp->supply, lo, hi) : 0;
}

static unsigned add(struct opp_step *steps, unsigned n, enum opp_step_kind kind, uint64_t ns)
{
	steps[n] = (struct opp_step){ .kind = kind, .ns = ns };
	return n + 1;
}

/*
 * mirrors _regulator_delay_helper(): @delay us as msleep(ms) from 20 ms, then the rest (all of
 * it below 20 ms) as usleep_range(us, us + 100) from 10 us, which ends at its hard expiry
 * (no other hrtimer interrupt is taken to fall within the slack), else udelay(us).
 * msleep(ms) is schedule_timeout(msecs_to_jiffies(ms) + 1).
 */
static unsigned regulator_delay(struct opp_step *steps, unsigned n, uint32_t delay, unsigned hz)
{
	uint32_t ms = delay / 1000, us = delay % 1000;

	if (ms >= 20)
		n = add(steps, n, OPP_STEP_SLEEP_JIFFIES, ((uint64_t)ms * hz + 999) / 1000 + 1);
	else
		us += ms * 1000;
	if (us >= 10)
		return add(steps, n, OPP_STEP_SLEEP,
			   ((uint64_t)us + REGULATOR_USLEEP_SLACK_US) * NSEC_PER_USEC);
	return us ? add(steps, n, OPP_STEP_SPIN, (uint64_t)us * NSEC_PER_USEC) : n;
}

/* _opp_config_regulator_single() -> regulator_set_voltage_triplet(): the cpu-supply's step */
static unsigned set_voltage(const struct platform_policy *pp, const struct platform_opp *from,
			    const struct platform_opp *to, unsigned hz, struct opp_step *steps,
			    unsigned n)
{
	/* no regulator, an OPP without opp-microvolt, or the same request: nothing to wait for */
	if (!pp->supply.present || !from->uv || !to->uv || from->uv == to->uv)
		return n;
	return regulator_delay(steps, n, regulator_set_voltage_time_us(&pp->supply, from->uv, to->uv),
			       hz);
}

/*
 * _opp_config_clk_single() -> clk_set_rate(): the lock wait, then the new rate; a firmware's
 * clock (HiKey960's hi3660_stub_clk_set_rate() posts a mailbox message and returns) makes the
 * change itself, the latency later, while the kthread goes on
 */
static unsigned set_clock(const struct platform_policy *pp, struct opp_step *steps, unsigned n)
{
	if (pp->clock_firmware)
		return add(steps, n, OPP_STEP_FIRMWARE, pp->clock_latency_ns);
	if (pp->clock_latency_ns)
		n = add(steps, n, OPP_STEP_SPIN, pp->clock_latency_ns);
	return add(steps, n, OPP_STEP_CLOCK, 0);
}

unsigned opp_transition_steps(const struct platform_policy *pp, unsigned old_idx,
			      unsigned new_idx, unsigned hz, struct opp_step *steps)
{
	const struct platform_opp *from = &pp->opps[old_idx], *to = &pp->opps[new_idx];
	unsigned n = 0;

	if (old_idx == new_idx)
		return 0;
	if (pp->driver == PLATFORM_DRV_SCPI) { /* scpi_dvfs_set_idx(): the SCP replies when done */
		n = add(steps, n, OPP_STEP_FIRMWARE, pp->transition_latency_ns);
		return add(steps, n, OPP_STEP_WAIT, pp->transition_latency_ns);
	}
	/* _set_opp(): scaling up sets the supply first, scaling down the clock first */
	if (to->hz > from->hz)
		return set_clock(pp, steps, set_voltage(pp, from, to, hz, steps, n));
	return set_voltage(pp, from, to, hz, steps, set_clock(pp, steps, n));
}
