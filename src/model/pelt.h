/* SPDX-License-Identifier: MIT */
/*
 * pelt.h - PELT internals shared inside the library: the rest of kernel/sched/pelt.c
 * (update_irq_load_avg) and kernel/sched/pelt.h (the runqueue's PELT clock), for the simulator,
 * and hooks into the PELT core for the unit tests. The PELT update itself is public API:
 * include/capsim/capsim_pelt.h.
 *
 * Clocks are in ns; capacities are out of SCHED_CAPACITY_SCALE (1024).
 */
#ifndef CAPSIM_SRC_PELT_H
#define CAPSIM_SRC_PELT_H

#include <stdint.h>

#include "capsim/capsim_pelt.h"

/** pelt_accumulate_segments() - mirrors __accumulate_pelt_segments(): d1 y^p + 1024 Sum_{n=1}^{p-1} y^n + d3. */
uint32_t pelt_accumulate_segments(uint64_t periods, uint32_t d1, uint32_t d3);

/** pelt_yN_inv() - runnable_avg_yN_inv[@i] ((2^32 - 1) y^i) for i < 32, else 0. */
uint32_t pelt_yN_inv(unsigned i);

/**
 * pelt_update_irq_load_avg() - mirrors update_irq_load_avg(), kernel/sched/pelt.c.
 * @avg_irq: rq->avg_irq; @rq_clock: rq->clock (ns), which must have advanced by at least
 * @running since the last call; @running: IRQ + steal time of the interval (ns);
 * @cpu_cap, @freq_cap: arch_scale_cpu_capacity() and arch_scale_freq_capacity() (0..1024).
 * Return: the number of ___update_load_sum() calls (0..2) that crossed a period boundary.
 */
int pelt_update_irq_load_avg(struct capsim_sched_avg *avg_irq, uint64_t rq_clock,
			     uint64_t running, unsigned long cpu_cap, unsigned long freq_cap);

/**
 * pelt_update_load_avg_se() - mirrors __update_load_avg_se(), kernel/sched/pelt.c: a task's
 * signals at @now (its cfs_rq's PELT clock, ns), queued (@on_rq: load) or not, @runnable
 * (se_runnable(): queued and not delayed) or not, @running or not, with its weight (nice weight, scale_load_down()); when a period boundary
 * is crossed, the averages are recomputed and *@util_est loses UTIL_AVG_UNCHANGED
 * (cfs_se_util_change()). Return: 1 if the averages were recomputed.
 */
int pelt_update_load_avg_se(struct capsim_sched_avg *sa, uint32_t *util_est, uint64_t now,
			    int on_rq, int runnable, int running, uint64_t weight);

/**
 * pelt_update_load_avg_blocked_se() - mirrors __update_load_avg_blocked_se(),
 * kernel/sched/pelt.c: a blocked task's signals decayed to @now (sync_entity_load_avg());
 * its util_est is left alone. Return: 1 if the averages were recomputed.
 */
int pelt_update_load_avg_blocked_se(struct capsim_sched_avg *sa, uint64_t now, uint64_t weight);

/**
 * pelt_update_rt_rq_load_avg() - mirrors update_rt_rq_load_avg(), kernel/sched/pelt.c: rq->avg_rt
 * at @now (rq_clock_pelt(), ns), the RT class @running (0 or 1) since the last update.
 * Return: 1 if the averages were recomputed.
 */
int pelt_update_rt_rq_load_avg(struct capsim_sched_avg *avg_rt, uint64_t now, int running);

/**
 * pelt_update_dl_rq_load_avg() - mirrors update_dl_rq_load_avg(), kernel/sched/pelt.c: rq->avg_dl
 * at @now (rq_clock_pelt(), ns), the deadline class @running (0 or 1) since the last update;
 * what cpu_util_dl() reads. Return: 1 if the averages were recomputed.
 */
int pelt_update_dl_rq_load_avg(struct capsim_sched_avg *avg_dl, uint64_t now, int running);

/*
 * struct pelt_rq_clock - the runqueue clocks PELT runs on (struct rq fields, ns).
 * @clock:          rq->clock, wall time of the CPU;
 * @clock_task:     rq->clock_task, @clock minus IRQ and steal time;
 * @clock_pelt:     rq->clock_pelt, @clock_task scaled by capacity and frequency while busy,
 *                  synced back to @clock_task when idle;
 * @lost_idle_time: idle time a saturated runqueue could not give back;
 * @clock_idle, @clock_pelt_idle: stamps taken at each idle sync (used by migration lag).
 */
struct pelt_rq_clock {
	uint64_t clock;
	uint64_t clock_task;
	uint64_t clock_pelt;
	uint64_t lost_idle_time;
	uint64_t clock_idle;
	uint64_t clock_pelt_idle;
};

/** pelt_rq_clock_pelt() - mirrors rq_clock_pelt(), kernel/sched/pelt.h: clock_pelt - lost_idle_time. */
static inline uint64_t pelt_rq_clock_pelt(const struct pelt_rq_clock *c)
{
	return c->clock_pelt - c->lost_idle_time;
}

/**
 * pelt_scale_delta() - the invariance step of update_rq_clock_pelt(): @delta scaled by CPU
 * capacity, then by frequency capacity, each with cap_scale() truncation ((v * s) >> 10).
 */
uint64_t pelt_scale_delta(uint64_t delta, unsigned long cpu_cap, unsigned long freq_cap);

/**
 * pelt_update_rq_clock_pelt() - mirrors update_rq_clock_pelt(), kernel/sched/pelt.h.
 * Call after clock and clock_task have advanced, with @delta the clock_task advance (ns).
 * @curr_is_idle: the idle task is current: sync clock_pelt to clock_task and take the idle
 * stamps; otherwise clock_pelt advances by pelt_scale_delta(@delta, @cpu_cap, @freq_cap).
 */
void pelt_update_rq_clock_pelt(struct pelt_rq_clock *c, uint64_t delta, int curr_is_idle,
			       unsigned long cpu_cap, unsigned long freq_cap);

/**
 * pelt_update_idle_rq_clock_pelt() - mirrors update_idle_rq_clock_pelt(), kernel/sched/pelt.h:
 * the runqueue goes idle. If the summed util_sum of CFS, RT and DL (u32, wrapping) reached
 * the saturation bound ((LOAD_AVG_MAX - 1024) << 10) - LOAD_AVG_MAX, the time clock_pelt
 * lags clock_task is counted as lost idle time; then clock_pelt syncs to clock_task.
 */
void pelt_update_idle_rq_clock_pelt(struct pelt_rq_clock *c, uint32_t cfs_util_sum,
				    uint32_t rt_util_sum, uint32_t dl_util_sum);

/* --- PELT before v5.1: src/model/pelt_legacy.c ------------------------------------------- */

/**
 * pelt_v4_update_load_avg_se() - mirrors __update_load_avg_se(), kernel/sched/pelt.c v4.19: a
 * task's signals at @now (rq_clock_task(), ns: wall time, not a scaled clock), queued (@on_rq)
 * or not, @running or not, the time since the last update weighed by @scale_freq
 * (arch_scale_freq_capacity()) and, for util, @scale_cpu (arch_scale_cpu_capacity()) as they
 * are now. Return: 1 if the averages were recomputed.
 */
int pelt_v4_update_load_avg_se(struct capsim_sched_avg *sa, uint64_t now, int on_rq, int running,
			       uint64_t weight, uint64_t scale_freq, uint64_t scale_cpu);

/** pelt_v4_update_load_avg_blocked_se() - mirrors __update_load_avg_blocked_se(), v4.19. */
int pelt_v4_update_load_avg_blocked_se(struct capsim_sched_avg *sa, uint64_t now, uint64_t weight);

/**
 * pelt_v4_update_cfs_rq() - mirrors __update_load_avg_cfs_rq(), v4.19, for a root cfs_rq whose
 * load is its running task (load = runnable = @running, weight 1).
 */
int pelt_v4_update_cfs_rq(struct capsim_sched_avg *sa, uint64_t now, int running,
			  uint64_t scale_freq, uint64_t scale_cpu);

/**
 * pelt_attach_entity_avg() - mirrors the task half of attach_entity_load_avg(),
 * kernel/sched/fair.c: a migrated task joins @cfs's decay window (its last_update_time and
 * period_contrib) and its sums are rebuilt from its averages. @weight: se_weight().
 */
void pelt_attach_entity_avg(struct capsim_sched_avg *se, const struct capsim_sched_avg *cfs,
			    uint64_t weight);

#endif /* CAPSIM_SRC_PELT_H */
