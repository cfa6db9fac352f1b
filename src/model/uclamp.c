// SPDX-License-Identifier: MIT
/*
 * uclamp.c - the runqueue side of utilization clamping (see model/uclamp.h): the bucket
 * refcounts of uclamp_rq_inc_id() / uclamp_rq_dec_id(), kernel/sched/core.c, and the effective
 * values against the system defaults. kernel-check's "uclamp" group compares these with the
 * kernel's own functions over enqueue/dequeue sequences.
 */
#include "internal.h"
#include "model/uclamp.h"

#define UCLAMP_SCALE 1024u /* SCHED_CAPACITY_SCALE */

void uclamp_sysctl_default(struct uclamp_sysctl *sys)
{
	sys->util_min = sys->util_max = sys->util_min_rt_default = UCLAMP_SCALE;
}

bool uclamp_sysctl_written(const struct uclamp_sysctl *sys)
{
	return sys->util_min != UCLAMP_SCALE || sys->util_max != UCLAMP_SCALE ||
	       sys->util_min_rt_default != UCLAMP_SCALE;
}

uint32_t uclamp_bucket_delta(uint32_t nr_buckets)
{
	return (UCLAMP_SCALE + nr_buckets / 2) / nr_buckets; /* DIV_ROUND_CLOSEST(), unsigned */
}

uint32_t uclamp_bucket_id(uint32_t clamp_value, uint32_t nr_buckets)
{
	uint32_t id = clamp_value / uclamp_bucket_delta(nr_buckets);

	return id < nr_buckets - 1 ? id : nr_buckets - 1; /* min_t() */
}

/* uclamp_none() */
static uint32_t uclamp_none(int id)
{
	return id == UCLAMP_ID_MIN ? 0 : UCLAMP_SCALE;
}

void uclamp_rq_init(struct uclamp_rq_state *rq, uint32_t nr_buckets)
{
	*rq = (struct uclamp_rq_state){ .nr_buckets = nr_buckets, .idle = true };
	for (int id = 0; id < UCLAMP_IDS; id++)
		rq->clamp[id].value = uclamp_none(id);
}

uint32_t uclamp_request(const struct uclamp_sysctl *sys, int id, int req, bool rt)
{
	if (req >= 0)
		return (uint32_t)req; /* user_defined: sched_setattr() */
	return id == UCLAMP_ID_MIN && rt ? sys->util_min_rt_default : uclamp_none(id);
}

uint32_t uclamp_eff_get(const struct uclamp_sysctl *sys, int id, uint32_t req)
{
	uint32_t sys_max = id == UCLAMP_ID_MIN ? sys->util_min : sys->util_max;

	return req > sys_max ? sys_max : req; /* system default restrictions always apply */
}

uint32_t uclamp_eff_value(const struct uclamp_sysctl *sys, int id, const struct uclamp_se *se,
			  uint32_t req)
{
	return se->active ? se->value : uclamp_eff_get(sys, id, req);
}

/* uclamp_idle_value(): with no task left, the max clamp is retained (flag set), min drops */
static uint32_t uclamp_idle_value(struct uclamp_rq_state *rq, int id, uint32_t clamp_value)
{
	if (id == UCLAMP_ID_MAX) {
		rq->idle = true;
		return CAPSIM_MUT(41, clamp_value, uclamp_none(UCLAMP_ID_MAX));
	}
	return uclamp_none(UCLAMP_ID_MIN);
}

/* uclamp_rq_max_value(): the top-most bucket with tasks, else the idle value */
static uint32_t uclamp_rq_max_value(struct uclamp_rq_state *rq, int id, uint32_t clamp_value)
{
	for (int b = (int)rq->nr_buckets - 1; b >= 0; b--)
		if (rq->clamp[id].bucket[b].tasks)
			return rq->clamp[id].bucket[b].value;
	return uclamp_idle_value(rq, id, clamp_value);
}

void uclamp_rq_inc(struct uclamp_rq_state *rq, struct uclamp_se se[UCLAMP_IDS],
		   const uint32_t eff[UCLAMP_IDS])
{
	for (int id = 0; id < UCLAMP_IDS; id++) {
		struct uclamp_se *uc = &se[id];

		uc->value = eff[id];
		uc->bucket_id = uclamp_bucket_id(eff[id], rq->nr_buckets);
		uc->active = true;
		rq->clamp[id].bucket[uc->bucket_id].tasks++;
		if (CAPSIM_MUT(39, rq->idle, false)) /* uclamp_idle_reset(): max-clamp retention ends on idle exit */
			rq->clamp[id].value = uc->value;
		/* a bucket's value is the max of its tasks' since it last emptied */
		if (rq->clamp[id].bucket[uc->bucket_id].tasks == 1 ||
		    uc->value > rq->clamp[id].bucket[uc->bucket_id].value)
			rq->clamp[id].bucket[uc->bucket_id].value = uc->value;
		if (CAPSIM_MUT(38, uc->value > rq->clamp[id].value, uc->value < rq->clamp[id].value))
			rq->clamp[id].value = uc->value;
	}
	rq->idle = false;
}

void uclamp_rq_dec(struct uclamp_rq_state *rq, struct uclamp_se se[UCLAMP_IDS])
{
	for (int id = 0; id < UCLAMP_IDS; id++) {
		struct uclamp_se *uc = &se[id];
		uint32_t bucket_value;

		if (!uc->active)
			continue;
		if (rq->clamp[id].bucket[uc->bucket_id].tasks)
			rq->clamp[id].bucket[uc->bucket_id].tasks--; /* SCHED_WARN_ON() otherwise */
		uc->active = false;
		if (rq->clamp[id].bucket[uc->bucket_id].tasks)
			continue; /* the bucket keeps its (max) value while it has tasks */
		bucket_value = rq->clamp[id].bucket[uc->bucket_id].value;
		if (CAPSIM_MUT(40, bucket_value >= rq->clamp[id].value, bucket_value > rq->clamp[id].value))
			rq->clamp[id].value = uclamp_rq_max_value(rq, id, uc->value);
	}
}
