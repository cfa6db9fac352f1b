// SPDX-License-Identifier: MIT
/*
 * pelt_legacy.c - a task's PELT before v5.1 (kernel/sched/pelt.c of v4.15..v5.0, checked
 * against v4.19), and the task half of attach_entity_load_avg() (kernel/sched/fair.c), which
 * both eras share for util.
 *
 * Before commit 23127296889f ("sched/fair: Update scale invariance of PELT", v5.1) PELT ran on
 * rq_clock_task() and put the invariance into accumulate_sum(): the contribution of the time
 * since the last update is scaled by the frequency and the CPU's capacity read *at the update*,
 * so util_avg is bounded by capacity x frequency (a task always running on a 446-capacity CPU
 * settles at 446, not 1024). Decay and the segment sums are the same integers as today's
 * (src/model/pelt.c); only the accumulation differs.
 */
#include "internal.h"
#include "model/pelt.h"

/*
 * mirrors accumulate_sum(), kernel/sched/pelt.c v4.19: as today's (src/model/pelt.c), then
 * contrib = cap_scale(contrib, scale_freq); load_sum += load * contrib;
 * runnable_load_sum += runnable * contrib; util_sum += contrib * scale_cpu (u32).
 */
static uint32_t accumulate_sum_v4(uint64_t delta, struct capsim_sched_avg *sa, uint64_t load,
				  uint64_t runnable, int running, uint64_t scale_freq,
				  uint64_t scale_cpu)
{
	uint32_t contrib = (uint32_t)delta; /* p == 0 -> delta < 1024 */
	uint64_t periods;

	delta += sa->period_contrib;
	periods = delta / 1024;
	if (periods) {
		sa->load_sum = capsim_pelt_decay_load(sa->load_sum, periods);
		sa->runnable_sum = capsim_pelt_decay_load(sa->runnable_sum, periods);
		sa->util_sum = (uint32_t)capsim_pelt_decay_load((uint64_t)sa->util_sum, periods);
		delta %= 1024;
		contrib = pelt_accumulate_segments(periods, 1024 - sa->period_contrib,
						   (uint32_t)delta);
	}
	sa->period_contrib = (uint32_t)delta;

	contrib = (uint32_t)cap_scale(contrib, scale_freq);
	if (load)
		sa->load_sum += load * contrib;
	if (runnable)
		sa->runnable_sum += runnable * contrib; /* runnable_load_sum: not << 10 before 5.1 */
	if (running)
		sa->util_sum += (uint32_t)(contrib * scale_cpu);
	return (uint32_t)periods;
}

/* mirrors ___update_load_sum(), kernel/sched/pelt.c v4.19 */
static int update_load_sum_v4(uint64_t now, struct capsim_sched_avg *sa, uint64_t load,
			      uint64_t runnable, int running, uint64_t scale_freq,
			      uint64_t scale_cpu)
{
	uint64_t delta = now - sa->last_update_time;

	if ((int64_t)delta < 0) {
		sa->last_update_time = now;
		return 0;
	}
	delta >>= 10;
	if (!delta)
		return 0;
	sa->last_update_time += delta << 10;
	if (!load)
		runnable = running = 0;
	return accumulate_sum_v4(delta, sa, load, runnable, running, scale_freq, scale_cpu) ? 1 : 0;
}

/* mirrors ___update_load_avg(), kernel/sched/pelt.c v4.19: divider LOAD_AVG_MAX - 1024 + period_contrib */
static void update_load_avg_v4(struct capsim_sched_avg *sa, uint64_t load, uint64_t runnable)
{
	uint32_t divider = capsim_pelt_divider(sa);

	sa->load_avg = load * sa->load_sum / divider;
	sa->runnable_avg = runnable * sa->runnable_sum / divider;
	sa->util_avg = sa->util_sum / divider;
}

int pelt_v4_update_load_avg_se(struct capsim_sched_avg *sa, uint64_t now, int on_rq, int running,
			       uint64_t weight, uint64_t scale_freq, uint64_t scale_cpu)
{
	if (!update_load_sum_v4(now, sa, !!on_rq, !!on_rq, running, scale_freq, scale_cpu))
		return 0;
	update_load_avg_v4(sa, weight, weight); /* se_runnable() of a task is its weight */
	return 1;
}

int pelt_v4_update_load_avg_blocked_se(struct capsim_sched_avg *sa, uint64_t now, uint64_t weight)
{
	if (!update_load_sum_v4(now, sa, 0, 0, 0, SCHED_CAPACITY_SCALE, SCHED_CAPACITY_SCALE))
		return 0;
	update_load_avg_v4(sa, weight, weight);
	return 1;
}

int pelt_v4_update_cfs_rq(struct capsim_sched_avg *sa, uint64_t now, int running,
			  uint64_t scale_freq, uint64_t scale_cpu)
{
	if (!update_load_sum_v4(now, sa, !!running, !!running, running, scale_freq, scale_cpu))
		return 0;
	update_load_avg_v4(sa, 1, 1);
	return 1;
}
