// SPDX-License-Identifier: MIT
/*
 * uclamp.c - the runqueue side of utilization clamping (see model/uclamp.h): the bucket
 * refcounts of uclamp_rq_inc_id() / uclamp_rq_dec_id(), kernel/sched/core.c, and the effective
 * values against the system defaults and the cpu cgroups' clamps. kernel-check's "uclamp" group
 * compares these with the kernel's own functions over enqueue/dequeue sequences, "uclamp_tg"
 * the cgroup side (CONFIG_UCLAMP_TASK_GROUP).
 */
#include <errno.h>
#include <string.h>

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

/* ---- CONFIG_UCLAMP_TASK_GROUP: the cpu cgroups' clamps ------------------------------------ */

#define PERCENT_DIGITS_MAX 18 /* fits an s64, as the kernel's simple_strtoll() needs */

/* a run of decimal digits at *@s, at most PERCENT_DIGITS_MAX: its value, its length in *@len */
static uint64_t percent_digits(const char **s, unsigned *len)
{
	uint64_t v = 0;

	for (*len = 0; **s >= '0' && **s <= '9'; (*s)++, (*len)++)
		if (*len < PERCENT_DIGITS_MAX)
			v = v * 10 + (uint64_t)(**s - '0');
	return v;
}

static uint64_t pow10_u64(unsigned n)
{
	uint64_t v = 1;

	while (n--)
		v *= 10;
	return v;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

int uclamp_capacity_from_percent(const char *buf, uint32_t *util, int64_t *percent)
{
	const char *s = buf, *end = buf + strlen(buf);
	uint64_t whole, frac = 0, pct;
	unsigned wlen, flen = 0;

	while (is_blank(*s)) /* strim() */
		s++;
	while (end > s && is_blank(end[-1]))
		end--;
	if ((size_t)(end - s) == 3 && !strncmp(s, "max", 3)) {
		*util = UCLAMP_SCALE;
		if (percent)
			*percent = UCLAMP_PERCENT_SCALE;
		return 0;
	}
	/* cgroup_parse_float(buf, 2): "%lld.%n%lld%n" */
	whole = percent_digits(&s, &wlen);
	if (*s == '.') {
		s++;
		frac = percent_digits(&s, &flen);
	}
	if (!wlen || s != end || wlen > PERCENT_DIGITS_MAX || flen > PERCENT_DIGITS_MAX)
		return -EINVAL;
	if (flen < 2)
		frac *= pow10_u64(2 - flen);
	else /* DIV_ROUND_CLOSEST_ULL() */
		frac = (frac + CAPSIM_MUT(195, pow10_u64(flen - 2) / 2, 0)) / pow10_u64(flen - 2);
	if (whole > 100)
		return -ERANGE; /* the kernel's (u64)percent > UCLAMP_PERCENT_SCALE, before overflow */
	pct = whole * 100 + frac;
	if (CAPSIM_MUT(190, pct > UCLAMP_PERCENT_SCALE, pct >= UCLAMP_PERCENT_SCALE))
		return -ERANGE;
	/* DIV_ROUND_CLOSEST_ULL(percent << SCHED_CAPACITY_SHIFT, UCLAMP_PERCENT_SCALE) */
	*util = (uint32_t)(((pct << 10) + UCLAMP_PERCENT_SCALE / 2) / UCLAMP_PERCENT_SCALE);
	if (percent)
		*percent = (int64_t)pct;
	return 0;
}

void uclamp_tg_init(struct uclamp_tg *tg, const uint32_t parent_eff[UCLAMP_IDS])
{
	for (int id = 0; id < UCLAMP_IDS; id++) {
		tg->req[id] = uclamp_none(id);
		tg->eff[id] = parent_eff[id];
	}
}

void uclamp_tg_root(struct uclamp_tg *root, const struct uclamp_sysctl *sys)
{
	/* init_uclamp(): both at uclamp_none(UCLAMP_MAX); the sysctl handler then writes them */
	root->req[UCLAMP_ID_MIN] = sys->util_min;
	root->req[UCLAMP_ID_MAX] = sys->util_max;
	root->eff[UCLAMP_ID_MIN] = root->eff[UCLAMP_ID_MAX] = UCLAMP_SCALE;
	uclamp_tg_update_eff(root, NULL);
}

bool uclamp_tg_update_eff(struct uclamp_tg *tg, const struct uclamp_tg *parent)
{
	uint32_t eff[UCLAMP_IDS];
	bool changed = false;

	for (int id = 0; id < UCLAMP_IDS; id++) {
		eff[id] = tg->req[id];
		/* cap effective clamps with the parent's effective clamps */
		if (parent && CAPSIM_MUT(191, eff[id] > parent->eff[id], eff[id] < parent->eff[id]))
			eff[id] = parent->eff[id];
	}
	/* protection is always capped by the limit */
	if (CAPSIM_MUT(192, eff[UCLAMP_ID_MAX] < eff[UCLAMP_ID_MIN], false))
		eff[UCLAMP_ID_MIN] = eff[UCLAMP_ID_MAX];
	for (int id = 0; id < UCLAMP_IDS; id++) {
		changed |= eff[id] != tg->eff[id];
		tg->eff[id] = eff[id];
	}
	return changed;
}

uint32_t uclamp_tg_restrict(const struct uclamp_tg *tg, uint32_t req)
{
	uint32_t lo, hi;

	if (!tg)
		return req; /* the root group: the system defaults alone restrict it */
	lo = tg->eff[UCLAMP_ID_MIN];
	hi = CAPSIM_MUT(193, tg->eff[UCLAMP_ID_MAX], tg->req[UCLAMP_ID_MAX]);
	/* clamp(), minmax.h's __clamp(): the limit tested first */
	return req >= hi ? hi : req <= lo ? lo : req;
}
