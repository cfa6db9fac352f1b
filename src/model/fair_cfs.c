// SPDX-License-Identifier: MIT
/*
 * fair_cfs.c - the Completely Fair Scheduler on one cfs_rq, as kernel/sched/fair.c of
 * linux-source-6.1 (6.1.192) writes it: vruntime charged by weight, min_vruntime that never
 * goes back, slices from a latency period shared by weight, sleepers placed half a latency
 * back, wake-up preemption past a granularity, and the buddies of the pick. Kernel s64/u64 are
 * int64_t/uint64_t, so every wrap-around is the kernel's. See fair_cfs.h.
 */
#include <stddef.h>

#include "internal.h"
#include "model/fair_cfs.h"

/* mirrors NICE_0_LOAD (scale_load_down) and WMULT_CONST / WMULT_SHIFT */
#define CFS_NICE_0_WEIGHT 1024u
#define WMULT_CONST (~0u)
#define WMULT_SHIFT 32

/* the tunables before update_sysctl() scales them (normalized_sysctl_*), ns */
#define CFS_LATENCY_NS 6000000ULL
#define CFS_MIN_GRANULARITY_NS 750000ULL
#define CFS_WAKEUP_GRANULARITY_NS 1000000ULL

/* mirrors get_update_sysctl_factor() under SCHED_TUNABLESCALING_LOG */
static unsigned sysctl_factor(unsigned ncpus)
{
	unsigned cpus = ncpus < 8 ? ncpus : 8, factor = 1;

	while (cpus >>= 1) /* ilog2() */
		factor++;
	return factor;
}

void cfs_timeline_init(struct cfs_timeline *rq, unsigned ncpus)
{
	unsigned factor = sysctl_factor(ncpus);

	*rq = (struct cfs_timeline){
		.min_vruntime = (uint64_t)(-(1LL << 20)), /* init_cfs_rq() */
		/* update_sysctl() */
		.latency = factor * CFS_LATENCY_NS,
		.min_granularity = factor * CFS_MIN_GRANULARITY_NS,
		.wakeup_granularity = factor * CFS_WAKEUP_GRANULARITY_NS,
		.idle_min_granularity = CFS_MIN_GRANULARITY_NS,
		.nr_latency = 8,
	};
}

/* mirrors fls() */
static int fls32(uint32_t x)
{
	return x ? 32 - __builtin_clz(x) : 0;
}

/* mirrors __calc_delta() with __update_inv_weight() (the inverse is made fresh: every update of
 * a load_weight clears it) */
uint64_t cfs_calc_delta(uint64_t delta, uint64_t weight, uint64_t lw_weight)
{
	uint64_t fact = weight;
	uint32_t inv, fact_hi = (uint32_t)(fact >> 32);
	int shift = WMULT_SHIFT;

	if (lw_weight >= WMULT_CONST)
		inv = 1;
	else if (!lw_weight)
		inv = WMULT_CONST;
	else
		inv = (uint32_t)(WMULT_CONST / lw_weight);
	if (fact_hi) {
		int fs = fls32(fact_hi);

		shift -= fs;
		fact >>= fs;
	}
	fact = (uint64_t)(uint32_t)fact * inv; /* mul_u32_u32() */
	fact_hi = (uint32_t)(fact >> 32);
	if (fact_hi) {
		int fs = fls32(fact_hi);

		shift -= fs;
		fact >>= fs;
	}
	/* mul_u64_u32_shr() */
	return (uint64_t)(((unsigned __int128)delta * (uint32_t)fact) >> shift);
}

/* mirrors calc_delta_fair() */
uint64_t cfs_calc_delta_fair(uint64_t delta, const struct cfs_se *se)
{
	if (se->weight != CFS_NICE_0_WEIGHT)
		delta = cfs_calc_delta(delta, CFS_NICE_0_WEIGHT, se->weight);
	return delta;
}

/* mirrors __sched_period() */
static uint64_t sched_period(const struct cfs_timeline *rq, unsigned long nr_running)
{
	if (nr_running > rq->nr_latency)
		return nr_running * rq->min_granularity;
	return rq->latency;
}

/* mirrors sched_idle_cfs_rq(): every queued entity is SCHED_IDLE */
static bool sched_idle_cfs_rq(const struct cfs_timeline *rq)
{
	return rq->nr_running && rq->nr_running == rq->idle_nr_running;
}

uint64_t cfs_sched_slice(const struct cfs_timeline *rq, const struct cfs_se *se)
{
	/* ALT_PERIOD: the rq's h_nr_running, which is nr_running without groups */
	uint64_t slice = sched_period(rq, rq->nr_running + !se->on_rq);
	uint64_t load = rq->load_weight, min_gran;

	if (!se->on_rq)
		load += se->weight; /* update_load_add() on a copy */
	slice = cfs_calc_delta(slice, se->weight, load);
	/* BASE_SLICE */
	if (se->idle && !sched_idle_cfs_rq(rq))
		min_gran = rq->idle_min_granularity;
	else
		min_gran = rq->min_granularity;
	return slice > min_gran ? slice : min_gran;
}

/* mirrors sched_vslice() */
static uint64_t sched_vslice(const struct cfs_timeline *rq, const struct cfs_se *se)
{
	return cfs_calc_delta_fair(cfs_sched_slice(rq, se), se);
}

/* mirrors max_vruntime() */
static uint64_t max_vruntime(uint64_t max, uint64_t vruntime)
{
	return (int64_t)(vruntime - max) > 0 ? vruntime : max;
}

/* mirrors min_vruntime() */
static uint64_t min_vruntime(uint64_t min, uint64_t vruntime)
{
	return (int64_t)(vruntime - min) < 0 ? vruntime : min;
}

/* mirrors entity_before() */
static bool entity_before(const struct cfs_se *a, const struct cfs_se *b)
{
	return (int64_t)(a->vruntime - b->vruntime) < 0;
}

void cfs_update_min_vruntime(struct cfs_timeline *rq)
{
	const struct cfs_se *curr = rq->curr;
	uint64_t vruntime = rq->min_vruntime;

	if (curr) {
		if (curr->on_rq)
			vruntime = curr->vruntime;
		else
			curr = NULL;
	}
	if (rq->first)
		vruntime = curr ? min_vruntime(vruntime, rq->first->vruntime) : rq->first->vruntime;
	/* ensure we never gain time by being placed backwards */
	rq->min_vruntime = CAPSIM_MUT(48, max_vruntime(rq->min_vruntime, vruntime), vruntime);
}

/* ---- the timeline ------------------------------------------------------------------------ */

/* mirrors __enqueue_entity(): after every entity it is not before (rb_add_cached()) */
static void enqueue_timeline(struct cfs_timeline *rq, struct cfs_se *se)
{
	struct cfs_se *at = rq->first, *prev = NULL;

	while (at && !entity_before(se, at)) {
		prev = at;
		at = at->next;
	}
	se->prev = prev;
	se->next = at;
	if (at)
		at->prev = se;
	if (prev)
		prev->next = se;
	else
		rq->first = se;
}

/* mirrors __dequeue_entity() */
static void dequeue_timeline(struct cfs_timeline *rq, struct cfs_se *se)
{
	if (se->prev)
		se->prev->next = se->next;
	else
		rq->first = se->next;
	if (se->next)
		se->next->prev = se->prev;
	se->prev = se->next = NULL;
}

/* ---- running ----------------------------------------------------------------------------- */

void cfs_update_curr(struct cfs_timeline *rq, uint64_t now)
{
	struct cfs_se *curr = rq->curr;
	uint64_t delta_exec;

	if (!curr)
		return;
	delta_exec = now - curr->exec_start;
	if ((int64_t)delta_exec <= 0)
		return;
	curr->exec_start = now;
	curr->sum_exec_runtime += delta_exec;
	curr->vruntime += cfs_calc_delta_fair(delta_exec, curr);
	cfs_update_min_vruntime(rq);
}

/* mirrors entity_is_long_sleeper(): asleep so long that its vruntime may have wrapped */
static bool entity_is_long_sleeper(const struct cfs_se *se, uint64_t now)
{
	if (se->exec_start == 0 || now <= se->exec_start)
		return false;
	return now - se->exec_start > (1ULL << 63) / CFS_NICE_0_WEIGHT;
}

void cfs_place_entity(struct cfs_timeline *rq, struct cfs_se *se, bool initial, uint64_t now)
{
	uint64_t vruntime = rq->min_vruntime;

	/* START_DEBIT: a new task starts after the slot the current period promised */
	if (initial)
		vruntime += sched_vslice(rq, se);
	/* GENTLE_FAIR_SLEEPERS: sleeps up to half a latency don't count */
	if (!initial)
		vruntime -= (se->idle ? rq->min_granularity : rq->latency) >> CAPSIM_MUT(46, 1, 0);
	if (entity_is_long_sleeper(se, now))
		se->vruntime = vruntime;
	else
		se->vruntime = max_vruntime(se->vruntime, vruntime);
}

/* mirrors account_entity_enqueue() */
static void account_enqueue(struct cfs_timeline *rq, const struct cfs_se *se)
{
	rq->load_weight += se->weight;
	rq->nr_running++;
	if (se->idle)
		rq->idle_nr_running++;
}

/* mirrors account_entity_dequeue() */
static void account_dequeue(struct cfs_timeline *rq, const struct cfs_se *se)
{
	rq->load_weight -= se->weight;
	rq->nr_running--;
	if (se->idle)
		rq->idle_nr_running--;
}

/* mirrors task_fork_fair() on @rq with no parent running there: placed a slice after
 * min_vruntime, then relative to it */
static void fork_entity(struct cfs_timeline *rq, struct cfs_se *se, uint64_t now)
{
	cfs_update_curr(rq, now);
	se->vruntime = rq->min_vruntime;
	cfs_place_entity(rq, se, true, now);
	se->vruntime -= rq->min_vruntime;
}

void cfs_enqueue(struct cfs_timeline *rq, struct cfs_se *se, unsigned flags, uint64_t now)
{
	bool wakeup = flags & CFS_ENQUEUE_WAKEUP;
	bool renorm = !wakeup || se->migrated, curr = rq->curr == se;

	if (flags & CFS_ENQUEUE_INITIAL)
		fork_entity(rq, se, now);
	/* curr renormalises before update_curr(), others after it: placed at the present */
	if (renorm && curr)
		se->vruntime += rq->min_vruntime;
	cfs_update_curr(rq, now);
	if (renorm && !curr)
		se->vruntime += rq->min_vruntime;
	account_enqueue(rq, se);
	if (wakeup)
		cfs_place_entity(rq, se, false, now);
	if (se->migrated) /* ENQUEUE_MIGRATED: no longer cache hot */
		se->exec_start = 0;
	se->migrated = false;
	se->relative = false;
	if (!curr)
		enqueue_timeline(rq, se);
	se->on_rq = true;
}

/* mirrors clear_buddies() */
static void clear_buddies(struct cfs_timeline *rq, const struct cfs_se *se)
{
	if (rq->last_buddy == se)
		rq->last_buddy = NULL;
	if (rq->next_buddy == se)
		rq->next_buddy = NULL;
	if (rq->skip_buddy == se)
		rq->skip_buddy = NULL;
}

void cfs_dequeue(struct cfs_timeline *rq, struct cfs_se *se, bool sleep, uint64_t now)
{
	cfs_update_curr(rq, now);
	clear_buddies(rq, se);
	if (se != rq->curr)
		dequeue_timeline(rq, se);
	se->on_rq = false;
	account_dequeue(rq, se);
	/* normalise after update_curr(), before min_vruntime moves past @se */
	if (!sleep)
		se->vruntime -= rq->min_vruntime;
	se->relative = !sleep;
	cfs_update_min_vruntime(rq);
}

void cfs_migrate(const struct cfs_timeline *rq, struct cfs_se *se)
{
	if (!se->relative) /* blocked tasks keep an absolute vruntime */
		se->vruntime -= rq->min_vruntime;
	se->relative = true;
	se->migrated = true;
}

bool cfs_check_preempt_tick(struct cfs_timeline *rq)
{
	struct cfs_se *curr = rq->curr;
	uint64_t ideal_runtime = cfs_sched_slice(rq, curr);
	uint64_t delta_exec = curr->sum_exec_runtime - curr->prev_sum_exec_runtime;
	int64_t delta;

	if (CAPSIM_MUT(47, delta_exec > ideal_runtime, delta_exec >= ideal_runtime)) {
		/* it ran long enough: no buddy favour re-elects it */
		clear_buddies(rq, curr);
		return true;
	}
	/* a task that missed wake-up preemption narrowly need not wait a whole slice */
	if (delta_exec < rq->min_granularity)
		return false;
	delta = (int64_t)(curr->vruntime - rq->first->vruntime);
	if (delta < 0)
		return false;
	return (uint64_t)delta > ideal_runtime;
}

uint64_t cfs_wakeup_gran(const struct cfs_timeline *rq, const struct cfs_se *se)
{
	/* in the wakee's vruntime: a lighter wakee gets a larger granularity */
	return cfs_calc_delta_fair(CAPSIM_MUT(49, rq->wakeup_granularity, rq->min_granularity), se);
}

int cfs_wakeup_preempt_entity(const struct cfs_timeline *rq, const struct cfs_se *curr,
			      const struct cfs_se *se)
{
	int64_t gran, vdiff = (int64_t)(curr->vruntime - se->vruntime);

	if (vdiff <= 0)
		return -1;
	gran = (int64_t)cfs_wakeup_gran(rq, se);
	return vdiff > gran ? 1 : 0;
}

/* mirrors set_next_buddy() and set_last_buddy(): never a SCHED_IDLE entity */
static void set_buddy(struct cfs_se **buddy, struct cfs_se *se)
{
	if (se->on_rq && !se->idle)
		*buddy = se;
}

bool cfs_check_preempt_wakeup(struct cfs_timeline *rq, struct cfs_se *pse, uint64_t now,
			      unsigned policy)
{
	struct cfs_se *se = rq->curr;
	bool scale = rq->nr_running >= rq->nr_latency;

	if (!se || se == pse)
		return false;
	/* NEXT_BUDDY is off: no next buddy for the wakee before the decision */
	if ((policy & CFS_WAKE_CURR_IDLE) && !(policy & CFS_WAKE_P_IDLE))
		goto preempt;
	if (!(policy & CFS_WAKE_P_NORMAL)) /* WAKEUP_PREEMPTION on */
		return false;
	/* se_is_idle() of each: their tasks' policies, without groups */
	if (se->idle && !pse->idle)
		goto preempt;
	if (se->idle != pse->idle)
		return false;
	cfs_update_curr(rq, now);
	if (cfs_wakeup_preempt_entity(rq, se, pse) != 1)
		return false;
	/* bias the pick towards the entity that triggers the preemption */
	set_buddy(&rq->next_buddy, pse);
preempt:
	/* LAST_BUDDY: give the CPU back to the preempted task, once enough tasks are queued */
	if (se->on_rq && scale)
		set_buddy(&rq->last_buddy, se);
	return true;
}

/* mirrors __pick_next_entity(): the entity after @se in the timeline */
static struct cfs_se *pick_next_in_timeline(const struct cfs_se *se)
{
	return se->next;
}

struct cfs_se *cfs_pick(struct cfs_timeline *rq)
{
	struct cfs_se *curr = rq->curr && rq->curr->on_rq ? rq->curr : NULL;
	struct cfs_se *left = rq->first, *se;

	/* curr is left of the leftmost queued entity only if strictly before it */
	if (!left || (curr && entity_before(curr, left)))
		left = curr;
	se = left;
	/* avoid the skip buddy if something else can run without being too unfair */
	if (rq->skip_buddy && rq->skip_buddy == se) {
		struct cfs_se *second;

		if (se == curr) {
			second = rq->first;
		} else {
			second = pick_next_in_timeline(se);
			if (!second || (curr && entity_before(curr, second)))
				second = curr;
		}
		if (second && cfs_wakeup_preempt_entity(rq, second, left) < 1)
			se = second;
	}
	if (rq->next_buddy && cfs_wakeup_preempt_entity(rq, rq->next_buddy, left) < 1)
		se = rq->next_buddy;
	else if (rq->last_buddy && cfs_wakeup_preempt_entity(rq, rq->last_buddy, left) < 1)
		se = rq->last_buddy;
	return se;
}

void cfs_set_next(struct cfs_timeline *rq, struct cfs_se *se, uint64_t now)
{
	clear_buddies(rq, se);
	if (se->on_rq) /* curr is not kept in the timeline */
		dequeue_timeline(rq, se);
	se->exec_start = now; /* update_stats_curr_start() */
	rq->curr = se;
	se->prev_sum_exec_runtime = se->sum_exec_runtime;
}

void cfs_put_prev(struct cfs_timeline *rq, uint64_t now)
{
	struct cfs_se *prev = rq->curr;

	if (prev && prev->on_rq) {
		cfs_update_curr(rq, now);
		enqueue_timeline(rq, prev);
	}
	rq->curr = NULL;
}

void cfs_yield(struct cfs_timeline *rq, uint64_t now, bool batch)
{
	struct cfs_se *se = rq->curr;

	clear_buddies(rq, se);
	if (!batch)
		cfs_update_curr(rq, now);
	rq->skip_buddy = se; /* set_skip_buddy() */
}
