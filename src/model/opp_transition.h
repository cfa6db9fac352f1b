/* SPDX-License-Identifier: MIT */
/*
 * opp_transition.h - what one frequency change costs the CPU that makes it, for a cpufreq
 * driver without fast switching: the steps of __cpufreq_driver_target() in the sugov kthread,
 * which spins on the CPU for some of them and sleeps through others, and the instant the clock
 * changes. cpufreq-dt's dev_pm_opp_set_rate() -> _set_opp() (drivers/opp/core.c, v6.12) sets
 * the cpu-supply before the clock when raising the frequency and after it when lowering it;
 * the regulator's delay is _regulator_set_voltage_time() of the voltage step, waited as
 * _regulator_delay_helper() waits (drivers/regulator/core.c): udelay() below 10 us,
 * usleep_range(us, us + 100) from 10 us, msleep() from 20 ms; the clock's change is taken to be
 * a busy wait of the OPPs' clock-latency-ns (a PLL relock polled, as
 * rockchip_rk3399_pll_wait_lock() polls with readl_relaxed_poll_timeout()), or, for a clock that
 * only asks firmware (HiKey960's hi3660_stub_clk_set_rate() posts a mailbox message and
 * returns), the firmware's change that long later, the kthread done at once. scpi-cpufreq's
 * clk_set_rate() sleeps in scpi_send_message() until the firmware, having made the change,
 * replies (drivers/firmware/arm_scpi.c): the whole latency is the firmware's and a sleep.
 */
#ifndef CAPSIM_OPP_TRANSITION_H
#define CAPSIM_OPP_TRANSITION_H

#include <stdint.h>

#include "model/platform.h"

enum opp_step_kind {
	OPP_STEP_SPIN,          /* busy on the CPU for @ns (udelay(), a polled lock) */
	OPP_STEP_SLEEP,         /* asleep (TASK_UNINTERRUPTIBLE) for @ns on an hrtimer of the CPU */
	OPP_STEP_SLEEP_JIFFIES, /* asleep until @ns jiffies of the timer wheel from now (msleep()) */
	OPP_STEP_CLOCK,         /* the clock changes: the new frequency is delivered */
	OPP_STEP_FIRMWARE,      /* firmware makes the change, delivered @ns from now: no CPU */
	OPP_STEP_WAIT,          /* asleep (TASK_UNINTERRUPTIBLE) for @ns until firmware replies */
};

struct opp_step {
	enum opp_step_kind kind;
	uint64_t ns; /* ns, or jiffies for OPP_STEP_SLEEP_JIFFIES; 0 for OPP_STEP_CLOCK */
};

/* the most steps opp_transition_steps() gives: msleep, usleep or udelay, spin, clock */
#define OPP_MAX_STEPS 4

/* mirrors the usleep_range(us, us + 100) slack of _regulator_delay_helper() */
#define REGULATOR_USLEEP_SLACK_US 100

/**
 * regulator_set_voltage_time_us() - mirrors _regulator_set_voltage_time(), drivers/regulator/
 * core.c, with the DT's constraints @s: DIV_ROUND_UP(|@new_uv - @old_uv|, ramp_delay), else the
 * settling time (up or down by direction). Return: us.
 */
uint32_t regulator_set_voltage_time_us(const struct platform_supply *s, uint32_t old_uv,
				       uint32_t new_uv);

/**
 * opp_max_volt_latency_us() - mirrors dev_pm_opp_get_max_volt_latency(), drivers/opp/core.c:
 * regulator_set_voltage_time() of @pp's cpu-supply over the OPPs' [min u_volt_min,
 * max u_volt_max] (0 without a supply). Return: us.
 */
uint32_t opp_max_volt_latency_us(const struct platform_policy *pp);

/**
 * opp_transition_steps() - the steps __cpufreq_driver_target() takes in the sugov kthread to
 * move policy @pp from OPP @old_idx to OPP @new_idx (indices into pp->opps), with HZ @hz for
 * msleep()'s jiffies, into @steps (OPP_MAX_STEPS). The same OPP gives none (_set_opp()
 * returns early; so does __cpufreq_driver_target() for policy->cur). The OPP_STEP_CLOCK step is
 * where the new frequency is delivered; a lowering's regulator steps follow it.
 * Return: the number of steps.
 */
unsigned opp_transition_steps(const struct platform_policy *pp, unsigned old_idx,
			      unsigned new_idx, unsigned hz, struct opp_step *steps);

#endif /* CAPSIM_OPP_TRANSITION_H */
