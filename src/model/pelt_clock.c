// SPDX-License-Identifier: MIT
/*
 * pelt_clock.c - the runqueue's PELT clock, mirroring kernel/sched/pelt.h (v6.10+).
 *
 * CFS, RT and DL signals do not run on wall time but on clock_pelt: while the CPU is busy it
 * advances by the elapsed task time scaled by the CPU's capacity and current frequency, so a
 * task at half speed accrues utilization as if it ran half as long (invariance). When the CPU
 * goes idle, clock_pelt jumps back in step with clock_task, unless the runqueue was saturated,
 * in which case the gap is booked as lost idle time. The HW-pressure signal uses clock_task
 * instead (since 6.12, commit 84d265281d6c) and IRQ time is scaled separately.
 */
#include "internal.h"
#include "model/pelt.h"

uint64_t pelt_scale_delta(uint64_t delta, unsigned long cpu_cap, unsigned long freq_cap)
{
	delta = cap_scale(delta, cpu_cap);
	return cap_scale(delta, freq_cap);
}

/* mirrors _update_idle_rq_clock_pelt(), kernel/sched/pelt.h */
static void sync_idle_clock_pelt(struct pelt_rq_clock *c)
{
	c->clock_pelt = c->clock_task;
	c->clock_idle = c->clock;
	c->clock_pelt_idle = pelt_rq_clock_pelt(c);
}

void pelt_update_rq_clock_pelt(struct pelt_rq_clock *c, uint64_t delta, int curr_is_idle,
			       unsigned long cpu_cap, unsigned long freq_cap)
{
	if (curr_is_idle) {
		sync_idle_clock_pelt(c);
		return;
	}
	c->clock_pelt += pelt_scale_delta(delta, cpu_cap, freq_cap);
}

void pelt_update_idle_rq_clock_pelt(struct pelt_rq_clock *c, uint32_t cfs_util_sum,
				    uint32_t rt_util_sum, uint32_t dl_util_sum)
{
	/* The largest util_sum, minus rounding margin: period_contrib is ignored on purpose. */
	uint32_t divider = ((CAPSIM_LOAD_AVG_MAX - 1024) << SCHED_CAPACITY_SHIFT) - CAPSIM_LOAD_AVG_MAX;
	uint32_t util_sum = cfs_util_sum;

	util_sum += rt_util_sum;
	util_sum += dl_util_sum;
	if (util_sum >= divider)
		c->lost_idle_time += c->clock_task - c->clock_pelt;
	sync_idle_clock_pelt(c);
}
