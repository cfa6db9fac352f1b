/* SPDX-License-Identifier: MIT */
/*
 * util_est.h - a task's estimated utilization and its runqueue's sum (sched_feat(UTIL_EST)):
 * util_est_enqueue(), util_est_dequeue() and util_est_update() of kernel/sched/fair.c (v6.12)
 * and cfs_se_util_change() of kernel/sched/pelt.h, as pure functions of the 32-bit util_est
 * values the kernel keeps (struct sched_avg::util_est, UTIL_AVG_UNCHANGED in its top bit);
 * and 6.1's util_est_update() of its two values (struct util_est { enqueued, ewma }).
 */
#ifndef CAPSIM_UTIL_EST_H
#define CAPSIM_UTIL_EST_H

#include <stdbool.h>
#include <stdint.h>

/**
 * task_util_est_value() - mirrors _task_util_est(): what the task adds to its cfs_rq's
 * util_est. A task's util_est is held as @util_est, the value that carries
 * UTIL_AVG_UNCHANGED (v6.8 on: the one value, the ewma; 6.1: struct util_est's enqueued), and
 * @ewma (6.1's ewma, never flagged, not masked; 0 from v6.8 on, where the max is the one value).
 */
uint32_t task_util_est_value(uint32_t util_est, uint32_t ewma);

/**
 * util_est_enqueue() - the cfs_rq's util_est with the task's @task_util_est (its
 * _task_util_est(): task_util_est_value()) added, wrapping at 32 bits as the kernel's
 * unsigned int does.
 */
uint32_t util_est_enqueue(uint32_t cfs_util_est, uint32_t task_util_est);

/** util_est_dequeue() - the cfs_rq's util_est less the task's, saturating at 0. */
uint32_t util_est_dequeue(uint32_t cfs_util_est, uint32_t task_util_est);

/**
 * util_est_update() - the task's util_est after a dequeue with @util and @runnable (its
 * util_avg and runnable_avg then) on a CPU of original capacity @arch_cap. Only a sleep
 * (@task_sleep) with util_avg changed since the enqueue updates it: a rise is taken at once,
 * a fall by a quarter (EWMA, w = 1/4), unless within 1% (UTIL_EST_MARGIN), above @arch_cap
 * (no idle time seen: unchanged) or runnable beyond util by the margin (the task waited).
 * *@util_est is the task's raw util_est; when written, UTIL_AVG_UNCHANGED is set in it.
 * Return: true if it was written (where the kernel traces sched_util_est_se_tp).
 */
bool util_est_update(uint32_t *util_est, uint64_t util, uint64_t runnable, uint64_t arch_cap,
		     bool task_sleep);

/**
 * util_est_update_6_1() - 6.1's util_est_update(): the task's two values after a dequeue
 * with util_avg @util on a CPU of original capacity @arch_cap. Only a sleep (@task_sleep)
 * with util_avg changed since the enqueue (no UTIL_AVG_UNCHANGED in *@enqueued) updates them:
 * *@enqueued takes @util; a rise resets *@ewma to it (UTIL_EST_FASTUP), a fall moves it by a
 * quarter, unless both values are within 1% (UTIL_EST_MARGIN) or @util is above @arch_cap.
 * No runnable check (v6.8 added it). When written, UTIL_AVG_UNCHANGED is set in *@enqueued.
 * Return: true if they were written (where 6.1 traces sched_util_est_se_tp).
 */
bool util_est_update_6_1(uint32_t *enqueued, uint32_t *ewma, uint64_t util, uint64_t arch_cap,
			 bool task_sleep);

/** cfs_se_util_change() - @util_est after a PELT update of util_avg: the flag cleared. */
uint32_t cfs_se_util_change(uint32_t util_est);

#endif /* CAPSIM_UTIL_EST_H */
