// SPDX-License-Identifier: MIT
/*
 * cpufreq.c - cpufreq policies, their freq_qos limits and the cpufreq pressure, as
 * drivers/cpufreq/cpufreq.c, drivers/cpufreq/freq_table.c, include/linux/cpufreq.h and
 * kernel/power/qos.c (freq_qos) define them in v6.10+:
 *
 *   qos MAX = min over MAX requests (default S32_MAX); qos MIN = max over MIN requests (0)
 *   verify:  max = clamp(max, cpuinfo.min, cpuinfo.max); min = clamp(min, cpuinfo.min, max);
 *            no table entry in [min, max] -> max = highest entry <= max, and clamp again
 *   policy->max = highest table frequency <= max (RELATION_H), within [min, max]
 *   policy->min = lowest table frequency >= min (RELATION_L), at most policy->max
 *   cpufreq_pressure(every related CPU) = 0 if ref <= policy->max,
 *            else cap - mult_frac(cap, policy->max, ref), cap and ref of the first CPU
 *
 * The verify step is cpufreq_frequency_table_verify() after "cpufreq: Use a smaller freq for
 * the policy->max when verify" (v6.10). The reference is arch_scale_freq_ref(); when it is 0
 * (x86-like) the platform's fallback decides (none in 6.10..6.12.100, cpuinfo.max_freq after
 * d2d5c129d07e).
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "model/belief.h"
#include "model/model.h"
#include "model/platform.h"
#include "model/platform_internal.h"

#define USER_REQUEST "user"

static int cmp_opp(const void *a, const void *b)
{
	const struct platform_opp *x = a, *y = b;

	return (x->hz > y->hz) - (x->hz < y->hz);
}

/*
 * mirrors cpufreq_frequency_table_cpuinfo(): turbo (boost) entries only when boosted; it
 * writes policy->min and policy->max too, and cpuinfo.max_freq only grows ("If the driver has
 * set its own cpuinfo.max_freq above max_freq, leave it as is"), so boost off keeps the turbo
 * maximum in cpuinfo.
 */
const char *const platform_cpufreq_driver_names[PLATFORM_DRV_COUNT] = {
	"unknown", "cpufreq-dt", "qcom-cpufreq-hw", "scmi", "scpi-cpufreq", "mtk-cpufreq-hw",
};

const char *platform_cpufreq_driver_name(enum platform_cpufreq_driver d)
{
	return platform_cpufreq_driver_names[(unsigned)d < PLATFORM_DRV_COUNT ? d : 0];
}

int platform_cpufreq_driver_from_name(const char *name, enum platform_cpufreq_driver *out)
{
	for (unsigned i = 0; i < PLATFORM_DRV_COUNT; i++) {
		if (!strcmp(name, platform_cpufreq_driver_names[i])) {
			*out = (enum platform_cpufreq_driver)i;
			return 0;
		}
	}
	return -1;
}

/* mirrors cpufreq_policy_transition_delay_us(), drivers/cpufreq/cpufreq.c */
uint32_t cpufreq_policy_transition_delay_us(const struct platform_policy *pol)
{
	uint32_t latency;

	if (pol->transition_delay_us)
		return pol->transition_delay_us;
	latency = pol->transition_latency_ns / 1000; /* NSEC_PER_USEC */
	if (latency)
		return latency + (latency >> 1); /* "a 50% breathing room between updates" */
	return 1000; /* USEC_PER_MSEC */
}

/* 7.3's form (cpuinfo only). Return: the highest entry counted, 0 for none (-EINVAL) */
static uint32_t table_cpuinfo(struct platform_policy *pol)
{
	uint32_t min = UINT32_MAX, max = 0;

	for (unsigned i = 0; i < pol->nr_opps; i++) {
		if (pol->opps[i].turbo && !pol->boost_enabled)
			continue;
		if (pol->opps[i].khz < min)
			min = pol->opps[i].khz;
		if (pol->opps[i].khz > max)
			max = pol->opps[i].khz;
	}
	pol->cpuinfo_min_khz = min;
	if (pol->cpuinfo_max_khz < max)
		pol->cpuinfo_max_khz = max;
	return max;
}

/* 6.12.118's form: policy->min and policy->max from the table too */
static int update_cpuinfo(struct platform_policy *pol)
{
	uint32_t max = table_cpuinfo(pol);

	if (!max)
		return CAPSIM_ERR_PARSE;
	pol->min_khz = pol->cpuinfo_min_khz;
	pol->max_khz = max;
	return 0;
}

int cpufreq_init_policies(struct capsim_platform *p, capsim_error *err)
{
	for (unsigned i = 0; i < p->nr_policies; i++) {
		struct platform_policy *pol = &p->policies[i];

		qsort(pol->opps, pol->nr_opps, sizeof(*pol->opps), cmp_opp);
		pol->boost_enabled = false;
		pol->cpuinfo_max_khz = 0; /* the driver's init: a new policy */
		if (!pol->nr_opps || update_cpuinfo(pol))
			return capsim_error_set(err, CAPSIM_ERR_PARSE,
						"%s: no OPP outside turbo-mode (expected at least "
						"one regular OPP for policy%u)",
						pol->opp_table_path, pol->cpu);
	}
	return 0;
}

/* mirrors policy_has_boost_freq(), drivers/cpufreq/freq_table.c: 7.3's boost_supported */
static bool has_boost_freq(const struct platform_policy *pol)
{
	for (unsigned i = 0; i < pol->nr_opps; i++)
		if (pol->opps[i].turbo)
			return true;
	return false;
}

/*
 * 7.3's boost_freq_req: a MAX request cpufreq_policy_online() adds at cpuinfo.max_freq for a
 * policy with turbo OPPs and policy_set_boost() sets to it after each cpuinfo update, so it
 * is cpuinfo.max_freq at every read (kept implicit: the request list is every model's)
 */
static int32_t boost_request(const struct capsim_platform *p, const struct platform_policy *pol)
{
	if (!CAPSIM_MUT(321, model_cpufreq_7_3(p->cpufreq_model), false) || !has_boost_freq(pol))
		return FREQ_QOS_MAX_DEFAULT_VALUE;
	return (int32_t)CAPSIM_MUT(324, pol->cpuinfo_max_khz, pol->opps[pol->nr_opps - 1].khz);
}

/* mirrors freq_qos_read_value() / pm_qos_read_value() over the aggregated list */
int32_t platform_freq_qos_value(const struct capsim_platform *p, unsigned policy,
				enum freq_qos_kind kind)
{
	const struct platform_policy *pol = &p->policies[policy];
	int32_t v = CAPSIM_MUT(323, kind == FREQ_QOS_MAX, true) ? boost_request(p, pol)
								   : FREQ_QOS_MIN_DEFAULT_VALUE;

	for (unsigned i = 0; i < pol->nr_reqs; i++) {
		const struct freq_qos_request *r = &pol->reqs[i];

		if (r->kind != kind)
			continue;
		if (kind == FREQ_QOS_MAX ? r->value < v : r->value > v)
			v = r->value;
	}
	return v;
}

/* mirrors cpufreq_frequency_table_verify() (v6.10+) after cpufreq_verify_within_cpu_limits() */
static void table_verify(const struct platform_policy *pol, uint32_t *min, uint32_t *max)
{
	uint32_t prev_smaller = 0;

	*max = *max < pol->cpuinfo_min_khz ? pol->cpuinfo_min_khz
	     : *max > pol->cpuinfo_max_khz ? pol->cpuinfo_max_khz : *max;
	*min = *min < pol->cpuinfo_min_khz ? pol->cpuinfo_min_khz : *min > *max ? *max : *min;
	for (unsigned i = 0; i < pol->nr_opps; i++) {
		uint32_t f = pol->opps[i].khz;

		if (f >= *min && f <= *max)
			return;
		if (prev_smaller < f && f <= *max)
			prev_smaller = f;
	}
	*max = prev_smaller < pol->cpuinfo_min_khz ? pol->cpuinfo_min_khz
	     : prev_smaller > pol->cpuinfo_max_khz ? pol->cpuinfo_max_khz : prev_smaller;
	*min = *min < pol->cpuinfo_min_khz ? pol->cpuinfo_min_khz : *min > *max ? *max : *min;
}

static uint32_t clamp_u32(uint32_t v, uint32_t lo, uint32_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* mirrors cpufreq_table_find_index_ah(): highest at or below target (lowest if none) */
static int find_index_ah(const struct platform_policy *pol, uint32_t target)
{
	int best = -1;

	for (unsigned i = 0; i < pol->nr_opps; i++) {
		if (pol->opps[i].khz == target)
			return (int)i;
		if (pol->opps[i].khz < target) {
			best = (int)i;
			continue;
		}
		return best == -1 ? (int)i : best;
	}
	return best;
}

/* mirrors cpufreq_table_find_index_al(): lowest at or above target (highest if none) */
static int find_index_al(const struct platform_policy *pol, uint32_t target, bool efficiencies)
{
	int best = -1;

	for (unsigned i = 0; i < pol->nr_opps; i++) {
		if (efficiencies && pol->opps[i].inefficient)
			continue;
		if (pol->opps[i].khz >= target)
			return (int)i;
		best = (int)i;
	}
	return best;
}

/* mirrors __resolve_freq() with RELATION_H (no efficiencies, as cpufreq_set_policy uses it) */
static uint32_t resolve_h(const struct platform_policy *pol, uint32_t target, uint32_t min,
			  uint32_t max)
{
	return pol->opps[find_index_ah(pol, clamp_u32(target, min, max))].khz;
}

/*
 * mirrors __resolve_freq() with RELATION_L or RELATION_LE: cpufreq_frequency_table_target()
 * retries without efficiencies when the efficient pick falls outside [min, max].
 */
static uint32_t resolve_l(const struct platform_policy *pol, uint32_t target, uint32_t min,
			  uint32_t max, bool efficiencies)
{
	int idx;

	target = clamp_u32(target, min, max);
	efficiencies = efficiencies && pol->efficiencies_available;
	idx = find_index_al(pol, target, efficiencies);
	if (efficiencies && (idx < 0 || pol->opps[idx].khz != clamp_u32(pol->opps[idx].khz, min, max)))
		idx = find_index_al(pol, target, false);
	return pol->opps[idx].khz;
}

uint64_t platform_freq_pressure(uint64_t cap, uint32_t capped_khz, uint32_t ref_khz)
{
	if (ref_khz <= capped_khz)
		return 0;
	return cap - mult_frac(cap, capped_khz, ref_khz);
}

/*
 * mirrors cpufreq_update_pressure(), drivers/cpufreq/cpufreq.c, into the platform's snapshot:
 * the belief's formula (model/belief.c) under the latest model, whose 7.3 fallback to the
 * driver's reference is the platform's option (6.10's when it is off)
 */
static void update_pressure(struct capsim_platform *p, const struct platform_policy *pol)
{
	struct belief_cpu_params c = belief_cpu_params_of(p, pol->cpu);
	uint64_t pressure = belief_cpufreq_pressure(CAPSIM_MODEL_LATEST, &c, pol->max_khz);

	for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++)
		if (capsim_cpumask_test(&pol->related_cpus, cpu))
			p->cpus[cpu].cpufreq_pressure = pressure;
}

/* mirrors cpufreq_set_policy(), drivers/cpufreq/cpufreq.c (the limits part) */
void platform_cpufreq_set_policy(struct capsim_platform *p, unsigned policy)
{
	struct platform_policy *pol = &p->policies[policy];
	uint32_t min = (uint32_t)platform_freq_qos_value(p, policy, FREQ_QOS_MIN);
	uint32_t max = (uint32_t)platform_freq_qos_value(p, policy, FREQ_QOS_MAX);

	table_verify(pol, &min, &max);
	pol->max_khz = resolve_h(pol, max, min, max);
	min = resolve_l(pol, min, min, max, false);
	pol->min_khz = min > pol->max_khz ? pol->max_khz : min;
	update_pressure(p, pol);
	/* cpufreq_policy_apply_limits(): cur follows the new limits */
	if (pol->cur_khz > pol->max_khz || !pol->cur_khz)
		pol->cur_khz = pol->max_khz;
	else if (pol->cur_khz < pol->min_khz)
		pol->cur_khz = pol->min_khz;
}

uint64_t platform_cpufreq_pressure(const struct capsim_platform *p, unsigned cpu)
{
	return p->cpus[cpu].cpufreq_pressure;
}

/* mirrors cpufreq_driver_resolve_freq(): RELATION_LE within the current limits */
uint32_t platform_resolve_freq(const struct capsim_platform *p, unsigned policy, uint32_t khz)
{
	const struct platform_policy *pol = &p->policies[policy];
	uint32_t min = pol->min_khz > pol->max_khz ? pol->max_khz : pol->min_khz;

	return resolve_l(pol, khz, min, pol->max_khz, true);
}

static struct freq_qos_request *find_request(struct platform_policy *pol,
					     enum freq_qos_kind kind, const char *name)
{
	for (unsigned i = 0; i < pol->nr_reqs; i++)
		if (pol->reqs[i].kind == kind && !strcmp(pol->reqs[i].name, name))
			return &pol->reqs[i];
	return NULL;
}

static const char *kind_name(enum freq_qos_kind kind)
{
	return kind == FREQ_QOS_MAX ? "max" : "min";
}

/*
 * mirrors pm_qos_update_target()'s notification: the policy's notifier (cpufreq_notifier_min/
 * max() -> handle_update() -> refresh_frequency_limits()) runs cpufreq_set_policy() only when
 * the aggregate of @kind changed from @prev. The kernel runs it from a work item: at once here.
 */
static void notify_policy(struct capsim_platform *p, unsigned policy, enum freq_qos_kind kind,
			  int32_t prev)
{
	if (platform_freq_qos_value(p, policy, kind) != prev)
		platform_cpufreq_set_policy(p, policy);
}

static int check_value(uint32_t khz, capsim_error *err)
{
	if (khz > (uint32_t)INT32_MAX)
		return capsim_error_set(err, CAPSIM_ERR_INVALID,
					"%u kHz: beyond the freq_qos range (expected at most %d)",
					khz, INT32_MAX);
	return 0;
}

/* mirrors freq_qos_add_request(), then the policy notifier's cpufreq_set_policy() */
int platform_freq_qos_add_request(struct capsim_platform *p, unsigned policy,
				  enum freq_qos_kind kind, enum freq_qos_origin origin,
				  const char *name, uint32_t khz, capsim_error *err)
{
	struct platform_policy *pol = &p->policies[policy];
	struct freq_qos_request *r;
	int32_t prev;
	int ret = check_value(khz, err);

	CAPSIM_RETURN_IF(ret, ret);
	if (strlen(name) >= FREQ_QOS_NAME_MAX || find_request(pol, kind, name))
		return capsim_error_set(err, CAPSIM_ERR_INVALID,
					"policy%u: %s request '%s' exists already or its name is too long",
					pol->cpu, kind_name(kind), name);
	if (pol->nr_reqs == pol->cap_reqs) {
		unsigned cap = pol->cap_reqs ? 2 * pol->cap_reqs : 4;
		r = realloc(pol->reqs, cap * sizeof(*r));
		if (!r)
			return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
		pol->reqs = r;
		pol->cap_reqs = cap;
	}
	prev = platform_freq_qos_value(p, policy, kind);
	r = &pol->reqs[pol->nr_reqs++];
	memset(r, 0, sizeof(*r));
	strcpy(r->name, name);
	r->kind = kind;
	r->origin = origin;
	r->value = (int32_t)khz;
	notify_policy(p, policy, kind, prev);
	return 0;
}

/* mirrors freq_qos_update_request(), then the policy notifier's cpufreq_set_policy() */
int platform_freq_qos_update_request(struct capsim_platform *p, unsigned policy,
				     enum freq_qos_kind kind, const char *name, uint32_t khz,
				     capsim_error *err)
{
	struct platform_policy *pol = &p->policies[policy];
	struct freq_qos_request *r = find_request(pol, kind, name);
	int32_t prev;
	int ret = check_value(khz, err);

	CAPSIM_RETURN_IF(ret, ret);
	if (!r)
		return capsim_error_set(err, CAPSIM_ERR_NOT_FOUND, "policy%u: no %s request '%s'",
					pol->cpu, kind_name(kind), name);
	prev = platform_freq_qos_value(p, policy, kind);
	/* freq_qos_update_request(): the same value again is no update at all */
	if (r->value != (int32_t)khz) {
		r->value = (int32_t)khz;
		notify_policy(p, policy, kind, prev);
	}
	return 0;
}

/* mirrors freq_qos_remove_request(), then the policy notifier's cpufreq_set_policy() */
int platform_freq_qos_remove_request(struct capsim_platform *p, unsigned policy,
				     enum freq_qos_kind kind, const char *name, capsim_error *err)
{
	struct platform_policy *pol = &p->policies[policy];
	struct freq_qos_request *r = find_request(pol, kind, name);
	int32_t prev;

	if (!r)
		return capsim_error_set(err, CAPSIM_ERR_NOT_FOUND, "policy%u: no %s request '%s'",
					pol->cpu, kind_name(kind), name);
	prev = platform_freq_qos_value(p, policy, kind);
	*r = pol->reqs[--pol->nr_reqs];
	notify_policy(p, policy, kind, prev);
	return 0;
}

/*
 * mirrors policy_set_boost() (7.3), from cpufreq_boost_trigger_state(), which skips a policy
 * without boost_supported: cpufreq_boost_set_sw() is cpufreq_frequency_table_cpuinfo() alone,
 * then the boost request follows cpuinfo.max_freq (which never shrinks: after boost off the
 * limits stay until the next change)
 */
static int set_boost_7_3(struct capsim_platform *p, unsigned policy, bool enabled,
			 capsim_error *err)
{
	struct platform_policy *pol = &p->policies[policy];
	int32_t prev = platform_freq_qos_value(p, policy, FREQ_QOS_MAX);

	if (pol->boost_enabled == enabled || !has_boost_freq(pol))
		return 0;
	pol->boost_enabled = enabled;
	if (CAPSIM_MUT(322, false, true))
		update_cpuinfo(pol);
	else
		table_cpuinfo(pol);
	if (CAPSIM_MUT(325, false, !enabled))
		pol->cpuinfo_max_khz = table_cpuinfo(pol);
	if (CAPSIM_MUT(327, false, true))
		prev = platform_freq_qos_value(p, policy, FREQ_QOS_MAX);
	if (CAPSIM_MUT(326, false, true))
		return platform_freq_qos_update_request(p, policy, FREQ_QOS_MAX, USER_REQUEST,
							pol->max_khz, err);
	notify_policy(p, policy, FREQ_QOS_MAX, prev);
	return 0;
}

/*
 * mirrors cpufreq_boost_set_sw(): cpuinfo and policy->min/max from the table, then
 * scaling_max_freq follows policy->max (which re-resolves the limits only if that changes the
 * MAX aggregate: under a lower cap, policy->max stays the table's until the next change)
 */
int platform_set_boost(struct capsim_platform *p, unsigned policy, bool enabled,
		       capsim_error *err)
{
	struct platform_policy *pol = &p->policies[policy];

	if (model_cpufreq_7_3(p->cpufreq_model))
		return set_boost_7_3(p, policy, enabled, err);
	pol->boost_enabled = enabled;
	update_cpuinfo(pol);
	return platform_freq_qos_update_request(p, policy, FREQ_QOS_MAX, USER_REQUEST,
						pol->max_khz, err);
}

int cpufreq_init_requests(struct capsim_platform *p, capsim_error *err)
{
	for (unsigned i = 0; i < p->nr_policies; i++) {
		struct platform_policy *pol = &p->policies[i];
		int ret;

		pol->nr_reqs = 0;
		pol->cur_khz = 0;
		ret = platform_freq_qos_add_request(p, i, FREQ_QOS_MIN, FREQ_QOS_ORIGIN_USER,
						    USER_REQUEST, FREQ_QOS_MIN_DEFAULT_VALUE, err);
		if (!ret)
			ret = platform_freq_qos_add_request(p, i, FREQ_QOS_MAX, FREQ_QOS_ORIGIN_USER,
							    USER_REQUEST,
							    FREQ_QOS_MAX_DEFAULT_VALUE, err);
		CAPSIM_RETURN_IF(ret, ret);
		/* the defaults change no aggregate: cpufreq_init_policy() sets the policy */
		platform_cpufreq_set_policy(p, i);
	}
	return 0;
}
