/* SPDX-License-Identifier: MIT */
/*
 * uclamp.h - utilization clamping's runqueue aggregation and effective values, as pure
 * functions of the state the kernel keeps: uclamp_rq_inc_id() / uclamp_rq_dec_id() on the
 * CONFIG_UCLAMP_BUCKETS_COUNT (default 5) buckets of each clamp, uclamp_rq_max_value(),
 * uclamp_idle_value() / uclamp_idle_reset() (UCLAMP_FLAG_IDLE), uclamp_eff_get() against the
 * system defaults (sysctl sched_util_clamp_min/max) and the RT tasks' default request
 * (sched_util_clamp_min_rt_default) of kernel/sched/core.c (v6.12; unchanged since v6.4 for
 * these functions). No task groups (CONFIG_UCLAMP_TASK_GROUP off).
 *
 * A bucket keeps the highest clamp its tasks had while it was not empty, so a runqueue's clamp
 * can exceed every runnable task's by up to one bucket (UCLAMP_BUCKET_DELTA) until the bucket
 * empties: that is the kernel's answer, not an approximation of it. The kernel fixes the count
 * at build time; here each runqueue keeps it (uclamp_rq_init()), so runs may differ in it.
 */
#ifndef CAPSIM_UCLAMP_H
#define CAPSIM_UCLAMP_H

#include <stdbool.h>
#include <stdint.h>

/* CONFIG_UCLAMP_BUCKETS_COUNT: init/Kconfig's range and default */
#define UCLAMP_BUCKETS_MIN 5
#define UCLAMP_BUCKETS_MAX 20
#define UCLAMP_BUCKETS_DEFAULT 5

enum uclamp_clamp_id { UCLAMP_ID_MIN = 0, UCLAMP_ID_MAX = 1, UCLAMP_IDS = 2 };

/* struct uclamp_se: a task's clamp as refcounted on its runqueue */
struct uclamp_se {
	uint32_t value;
	uint32_t bucket_id;
	bool active; /* counted in its rq's bucket (between uclamp_rq_inc() and _dec()) */
};

/* struct uclamp_rq plus rq->uclamp_flags */
struct uclamp_rq_state {
	struct {
		uint32_t value; /* uclamp_rq_get() */
		struct {
			uint32_t value;
			uint32_t tasks;
		} bucket[UCLAMP_BUCKETS_MAX]; /* the first nr_buckets used */
	} clamp[UCLAMP_IDS];
	uint32_t nr_buckets; /* UCLAMP_BUCKETS: CONFIG_UCLAMP_BUCKETS_COUNT */
	bool idle; /* UCLAMP_FLAG_IDLE */
};

/* the sysctls: sched_util_clamp_min, sched_util_clamp_max, sched_util_clamp_min_rt_default */
struct uclamp_sysctl {
	uint32_t util_min, util_max, util_min_rt_default;
};

/** uclamp_sysctl_default() - the boot values: all three SCHED_CAPACITY_SCALE. */
void uclamp_sysctl_default(struct uclamp_sysctl *sys);

/**
 * uclamp_sysctl_written() - whether @sys differs from the boot values: the sysctl handler
 * turns the sched_uclamp_used static key on when it changes any of them.
 */
bool uclamp_sysctl_written(const struct uclamp_sysctl *sys);

/**
 * uclamp_bucket_delta() - UCLAMP_BUCKET_DELTA, DIV_ROUND_CLOSEST(SCHED_CAPACITY_SCALE,
 * @nr_buckets): 205 for 5 buckets, 51 for 20. @nr_buckets: UCLAMP_BUCKETS_MIN..MAX.
 */
uint32_t uclamp_bucket_delta(uint32_t nr_buckets);

/**
 * uclamp_bucket_id() - mirrors uclamp_bucket_id(): the bucket of @clamp_value,
 * min(value / UCLAMP_BUCKET_DELTA, UCLAMP_BUCKETS - 1) with @nr_buckets buckets.
 */
uint32_t uclamp_bucket_id(uint32_t clamp_value, uint32_t nr_buckets);

/**
 * uclamp_rq_init() - init_uclamp_rq(): values 0 / 1024, @nr_buckets empty buckets
 * (CONFIG_UCLAMP_BUCKETS_COUNT, UCLAMP_BUCKETS_MIN..MAX), UCLAMP_FLAG_IDLE.
 */
void uclamp_rq_init(struct uclamp_rq_state *rq, uint32_t nr_buckets);

/**
 * uclamp_request() - a task's request p->uclamp_req[@id]: @req if the task set one (>= 0),
 * else uclamp_none() (0 / 1024) or, for the minimum of an RT task (@rt),
 * __uclamp_update_util_min_rt_default()'s sched_util_clamp_min_rt_default.
 * @sys: the sysctls. @id: enum uclamp_clamp_id. @req: the task's request or -1. @rt: RT class.
 * Return: the request, 0..1024.
 */
uint32_t uclamp_request(const struct uclamp_sysctl *sys, int id, int req, bool rt);

/**
 * uclamp_eff_get() - uclamp_eff_get(): the request restricted by the system default
 * (sched_util_clamp_min for the minimum, _max for the maximum).
 * @sys: the sysctls. @id: enum uclamp_clamp_id. @req: the request (uclamp_request()).
 * Return: the effective clamp value.
 */
uint32_t uclamp_eff_get(const struct uclamp_sysctl *sys, int id, uint32_t req);

/**
 * uclamp_eff_value() - uclamp_eff_value(): the value a task is counted with while @se is
 * active, else uclamp_eff_get() of @req.
 * @sys: the sysctls. @id: enum uclamp_clamp_id. @se: the task's clamp. @req: its request.
 * Return: the effective clamp value.
 */
uint32_t uclamp_eff_value(const struct uclamp_sysctl *sys, int id, const struct uclamp_se *se,
			  uint32_t req);

/**
 * uclamp_rq_inc() - uclamp_rq_inc() for a task enqueued on @rq: each clamp takes its
 * effective value @eff[id] into @se[id] and is counted in its bucket (uclamp_rq_inc_id(), with
 * uclamp_idle_reset() on idle exit), then UCLAMP_FLAG_IDLE is cleared. The caller skips it
 * while uclamp is not used (the sched_uclamp_used static key).
 * @rq: the runqueue's clamps. @se: the task's clamps (written). @eff: uclamp_eff_get() of each.
 */
void uclamp_rq_inc(struct uclamp_rq_state *rq, struct uclamp_se se[UCLAMP_IDS],
		   const uint32_t eff[UCLAMP_IDS]);

/**
 * uclamp_rq_dec() - uclamp_rq_dec() for a task leaving @rq: each active clamp leaves its
 * bucket (uclamp_rq_dec_id()); when the bucket empties and held the rq's value, the value
 * becomes uclamp_rq_max_value()'s. An inactive clamp (enqueued before uclamp was used) is
 * left alone, as the kernel does.
 * @rq: the runqueue's clamps. @se: the task's clamps.
 */
void uclamp_rq_dec(struct uclamp_rq_state *rq, struct uclamp_se se[UCLAMP_IDS]);

#endif /* CAPSIM_UCLAMP_H */
