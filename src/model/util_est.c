// SPDX-License-Identifier: MIT
/*
 * util_est.c - estimated utilization (util_est): what a task's util_avg was at the end of its
 * recent activations, so that a task waking from a long sleep is not judged by its decayed
 * util_avg. Mirrors util_est_enqueue(), util_est_dequeue() and util_est_update() of
 * kernel/sched/fair.c and cfs_se_util_change() of kernel/sched/pelt.h (v6.12; the arch
 * capacity check of util_est_update() is there from v6.7 to 6.12, gone in 7.3: the caller
 * passes model_util_est_capacity()), and 6.1's util_est_update() of its two values.
 */
#include "internal.h"
#include "model/fair.h"
#include "model/util_est.h"

/* mirrors UTIL_EST_WEIGHT_SHIFT, include/linux/sched.h: new samples weigh 1/4 */
#define UTIL_EST_WEIGHT_SHIFT 2
/* mirrors UTIL_EST_MARGIN, kernel/sched/fair.c: ~1% */
#define UTIL_EST_MARGIN (SCHED_CAPACITY_SCALE / 100)

/* mirrors _task_util_est(), fair.c: 6.1's max(ewma, enqueued), whose ewma has no flag */
uint32_t task_util_est_value(uint32_t util_est, uint32_t ewma)
{
	util_est &= CAPSIM_MUT(32, ~UTIL_AVG_UNCHANGED, ~0u);
	return ewma > util_est ? ewma : util_est;
}

/* mirrors util_est_enqueue(), fair.c */
uint32_t util_est_enqueue(uint32_t cfs_util_est, uint32_t task_util_est)
{
	return cfs_util_est + task_util_est;
}

/* mirrors util_est_dequeue(), fair.c */
uint32_t util_est_dequeue(uint32_t cfs_util_est, uint32_t task_util_est)
{
	uint32_t ue = task_util_est;

	return cfs_util_est - (CAPSIM_MUT(33, cfs_util_est < ue, cfs_util_est > ue) ? cfs_util_est : ue);
}

/*
 * mirrors util_est_update(), fair.c:
 *   ewma(t) = w * util + (1 - w) * ewma(t-1) = (ewma(t-1) * 4 - (ewma(t-1) - util)) / 4
 */
bool util_est_update(uint32_t *util_est, uint64_t util, uint64_t runnable, uint64_t arch_cap,
		     bool task_sleep)
{
	uint32_t ewma = *util_est, dequeued = (uint32_t)util, diff;

	/* not a completed activation (a migration), or util_avg unchanged since the enqueue */
	if (!task_sleep || CAPSIM_MUT(34, (ewma & UTIL_AVG_UNCHANGED), 0))
		return false;
	if (ewma <= dequeued) {
		ewma = dequeued;
		goto done;
	}
	diff = ewma - dequeued;
	if (diff < CAPSIM_MUT(36, UTIL_EST_MARGIN, UTIL_EST_MARGIN + 1))
		goto done;
	if (CAPSIM_MUT(35, dequeued > arch_cap, dequeued >= arch_cap))
		return false; /* no idle time seen on this CPU: the sample proves nothing */
	if (CAPSIM_MUT(37, dequeued + UTIL_EST_MARGIN < runnable, dequeued + UTIL_EST_MARGIN > runnable))
		goto done; /* it waited for the CPU: its util understates its size */
	ewma <<= UTIL_EST_WEIGHT_SHIFT;
	ewma -= diff;
	ewma >>= UTIL_EST_WEIGHT_SHIFT;
done:
	*util_est = ewma | UTIL_AVG_UNCHANGED;
	return true;
}

/* mirrors within_margin(), fair.c (6.1): abs(value) < margin, on int as the kernel passes it */
static bool within_margin(int32_t value, int32_t margin)
{
	return (uint32_t)value + (uint32_t)margin - 1 < (uint32_t)(2 * margin - 1);
}

/*
 * mirrors util_est_update(), fair.c (6.1), on unsigned int values as its struct util_est
 * holds them (the differences wrap at 32 bits and are read as int, as the kernel's are):
 *   ewma(t) = w * util + (1 - w) * ewma(t-1) = (ewma(t-1) * 4 + (util - ewma(t-1))) / 4
 */
bool util_est_update_6_1(uint32_t *enqueued, uint32_t *ewma, uint64_t util, uint64_t arch_cap,
			 bool task_sleep)
{
	uint32_t last_enqueued = *enqueued, ue_enqueued, ue_ewma = *ewma, last_ewma_diff;

	/* not a completed activation (a migration), or util_avg unchanged since the enqueue */
	if (!task_sleep || CAPSIM_MUT(117, (last_enqueued & UTIL_AVG_UNCHANGED), 0))
		return false;
	ue_enqueued = (uint32_t)util;
	if (ue_ewma < ue_enqueued) { /* UTIL_EST_FASTUP: a rise is taken at once */
		ue_ewma = ue_enqueued;
		goto done;
	}
	last_ewma_diff = ue_enqueued - ue_ewma;
	/* both values within ~1% of the last activation's: nothing to consolidate */
	if (within_margin((int32_t)last_ewma_diff, UTIL_EST_MARGIN)) {
		if (!within_margin(CAPSIM_MUT(118, (int32_t)(last_enqueued - ue_enqueued),
					      (int32_t)(ue_enqueued - ue_ewma)), UTIL_EST_MARGIN))
			goto done;
		return false;
	}
	if (CAPSIM_MUT(119, util > arch_cap, util >= arch_cap))
		return false; /* no idle time seen on this CPU: the sample proves nothing */
	ue_ewma <<= UTIL_EST_WEIGHT_SHIFT;
	ue_ewma += last_ewma_diff;
	ue_ewma >>= UTIL_EST_WEIGHT_SHIFT;
done:
	*enqueued = ue_enqueued | UTIL_AVG_UNCHANGED;
	*ewma = ue_ewma;
	return true;
}

/* mirrors cfs_se_util_change(), kernel/sched/pelt.h */
uint32_t cfs_se_util_change(uint32_t util_est)
{
	return util_est & ~UTIL_AVG_UNCHANGED;
}
