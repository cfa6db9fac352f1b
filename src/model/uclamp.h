/* SPDX-License-Identifier: MIT */
/*
 * uclamp.h - utilization clamping's runqueue aggregation and effective values, as pure
 * functions of the state the kernel keeps: uclamp_rq_inc_id() / uclamp_rq_dec_id() on the
 * CONFIG_UCLAMP_BUCKETS_COUNT (default 5) buckets of each clamp, uclamp_rq_max_value(),
 * uclamp_idle_value() / uclamp_idle_reset() (UCLAMP_FLAG_IDLE), uclamp_eff_get() against the
 * system defaults (sysctl sched_util_clamp_min/max) and the RT tasks' default request
 * (sched_util_clamp_min_rt_default) of kernel/sched/core.c (v6.12; unchanged since v6.4 for
 * these functions), and the cpu cgroups' clamps of CONFIG_UCLAMP_TASK_GROUP: a group's
 * cpu.uclamp.min/max as cpu_uclamp_write() reads them (capacity_from_percent()), its effective
 * range (cpu_util_update_eff(), nested groups capped by their parents) and a task's request
 * restricted to it (uclamp_tg_restrict()).
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

/*
 * struct task_group's clamps (CONFIG_UCLAMP_TASK_GROUP): tg->uclamp_req, what cpu.uclamp.min
 * and cpu.uclamp.max were written to (0 and 1024 until then: alloc_uclamp_sched_group()), and
 * tg->uclamp, the effective range cpu_util_update_eff() derives from them and the parent's.
 */
struct uclamp_tg {
	uint32_t req[UCLAMP_IDS];
	uint32_t eff[UCLAMP_IDS];
};

#define UCLAMP_PERCENT_SCALE 10000 /* 100 % with UCLAMP_PERCENT_SHIFT (2) decimals */

/**
 * uclamp_capacity_from_percent() - mirrors capacity_from_percent(), kernel/sched/core.c: a
 * cpu.uclamp.min/max write, @buf, without its leading and trailing blanks (strim()), is "max"
 * (1024) or a percent 0..100 with up to two decimals, further decimals rounded to the closest
 * (cgroup_parse_float() with UCLAMP_PERCENT_SHIFT 2), as the clamp
 * DIV_ROUND_CLOSEST(percent * 1024, 10000). Stricter than the kernel's sscanf(): only digits
 * with one optional '.' (no sign, no text after the number), at most 18 of each.
 * @util: the clamp, 0..1024. @percent: the percent in hundredths, 0..10000 (may be NULL).
 * Return: 0; -EINVAL for text that is no percent; -ERANGE above 100 (the kernel's codes).
 */
int uclamp_capacity_from_percent(const char *buf, uint32_t *util, int64_t *percent);

/**
 * uclamp_tg_init() - alloc_uclamp_sched_group(): a new group's requests, 0 and 1024, and
 * its effective clamps, the parent's @parent_eff.
 */
void uclamp_tg_init(struct uclamp_tg *tg, const uint32_t parent_eff[UCLAMP_IDS]);

/**
 * uclamp_tg_root() - the root group (init_uclamp(), uclamp_update_root_tg()): it requests
 * the sysctls sched_util_clamp_min/max of @sys, and its effective clamps follow
 * (uclamp_tg_update_eff() without a parent).
 */
void uclamp_tg_root(struct uclamp_tg *root, const struct uclamp_sysctl *sys);

/**
 * uclamp_tg_update_eff() - mirrors one group's step of cpu_util_update_eff(): each effective
 * clamp is the group's request capped by its @parent's effective one (@parent NULL: the root
 * group), and the minimum by the maximum. The kernel walks the descendants in pre-order; the
 * caller updates a parent before its children.
 * Return: whether an effective clamp changed (the kernel then updates the group's active
 * tasks, uclamp_update_active_tasks()).
 */
bool uclamp_tg_update_eff(struct uclamp_tg *tg, const struct uclamp_tg *parent);

/**
 * uclamp_tg_restrict() - mirrors uclamp_tg_restrict(): @req clamped to @tg's effective
 * [min, max]; @tg NULL for a task of the root group (or an autogroup, which capsim has not):
 * the request as it is, restricted only by the system defaults.
 * @tg: the task's group. @req: the request of either clamp (uclamp_request()).
 */
uint32_t uclamp_tg_restrict(const struct uclamp_tg *tg, uint32_t req);

/**
 * uclamp_eff_get() - uclamp_eff_get(): the request restricted by the system default
 * (sched_util_clamp_min for the minimum, _max for the maximum).
 * @sys: the sysctls. @id: enum uclamp_clamp_id. @req: the request after its group's
 * restriction (uclamp_tg_restrict() of uclamp_request(); the kernel's calls it first).
 * Return: the effective clamp value.
 */
uint32_t uclamp_eff_get(const struct uclamp_sysctl *sys, int id, uint32_t req);

/**
 * uclamp_eff_value() - uclamp_eff_value(): the value a task is counted with while @se is
 * active, else uclamp_eff_get() of @req.
 * @sys: the sysctls. @id: enum uclamp_clamp_id. @se: the task's clamp. @req: its request,
 * restricted by its group (uclamp_tg_restrict()).
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
