// SPDX-License-Identifier: MIT
/*
 * fair_eevdf.c - Earliest Eligible Virtual Deadline First on one cfs_rq, as kernel/sched/fair.c
 * of linux-source-6.12 (6.12.118) writes it: the weighted average vruntime kept relative to
 * zero_vruntime, lag-preserving placement, the augmented-tree pick, deadlines renewed as the
 * running entity consumes its request, delayed dequeue of ineligible sleepers, and the wake-up
 * preemption decision. Kernel s64/u64 are int64_t/uint64_t, so every wrap-around is the
 * kernel's. See fair_eevdf.h for what @pre_6_12 turns off.
 */
#include <stddef.h>

#include "internal.h"
#include "model/fair_cfs.h"
#include "model/fair_eevdf.h"

/* mirrors NICE_0_LOAD (64-bit: scaled by SCHED_FIXEDPOINT_SHIFT) */
#define EEVDF_NICE_0_WEIGHT 1024u

void eevdf_rq_init(struct eevdf_rq *rq, uint64_t base_slice, uint64_t tick_nsec, bool pre_6_12)
{
	*rq = (struct eevdf_rq){ .base_slice = base_slice, .tick_nsec = tick_nsec,
				 .pre_6_12 = pre_6_12 };
	rq->zero_vruntime = (uint64_t)(-(1LL << 20)); /* init_cfs_rq() */
}

/*
 * mirrors calc_delta_fair(): __calc_delta(delta, NICE_0_LOAD, &se->load), which 6.12 keeps as
 * 6.1 wrote it (cfs_calc_delta()): a 32-bit inverse of the weight, so the result has the
 * kernel's rounding, not delta * 1024 / weight. 7.3's 64-bit __calc_delta() divides exactly:
 * delta_exec * NICE_0_LOAD / h_load.weight, both weights scaled by SCHED_FIXEDPOINT_SHIFT.
 */
uint64_t eevdf_calc_delta_fair(const struct eevdf_rq *rq, uint64_t delta,
			       const struct eevdf_se *se)
{
	if (se->weight == EEVDF_NICE_0_WEIGHT)
		return delta;
	if (CAPSIM_MUT(140, rq->v7_3, false))
		return delta * ((uint64_t)EEVDF_NICE_0_WEIGHT << 10) / (se->weight << 10);
	return cfs_calc_delta(delta, EEVDF_NICE_0_WEIGHT, se->weight);
}

/* mirrors entity_key() */
static int64_t entity_key(const struct eevdf_rq *rq, const struct eevdf_se *se)
{
	return (int64_t)(se->vruntime - rq->zero_vruntime);
}

/* mirrors entity_before(): no tie-break on vruntime, as the kernel */
static bool entity_before(const struct eevdf_se *a, const struct eevdf_se *b)
{
	return (int64_t)(a->deadline - b->deadline) < 0;
}

static struct eevdf_se *queued_curr(const struct eevdf_rq *rq)
{
	return rq->curr && rq->curr->on_rq ? rq->curr : NULL;
}

/* mirrors update_zero_vruntime(): zero_vruntime moves by @delta, the sum with it */
static void update_zero_vruntime(struct eevdf_rq *rq, int64_t delta)
{
	rq->avg_vruntime -= rq->avg_load * delta;
	rq->zero_vruntime += (uint64_t)delta;
}

uint64_t eevdf_avg_vruntime(struct eevdf_rq *rq)
{
	const struct eevdf_se *curr = queued_curr(rq);
	int64_t weight = rq->avg_load, delta = 0;

	if (weight) {
		int64_t runtime = rq->avg_vruntime;

		if (curr) {
			runtime += entity_key(rq, curr) * (int64_t)curr->weight;
			weight += (int64_t)curr->weight;
		}
		/* sign flips effective floor / ceiling */
		if (runtime < 0)
			runtime -= weight - 1;
		delta = runtime / weight;
	} else if (curr) {
		delta = (int64_t)(curr->vruntime - rq->zero_vruntime);
	}
	update_zero_vruntime(rq, delta);
	return rq->zero_vruntime;
}

/* mirrors cfs_rq_max_slice() (7.3): the largest slice of curr and the queued entities */
static uint64_t cfs_rq_max_slice(const struct eevdf_rq *rq)
{
	const struct eevdf_se *curr = queued_curr(rq);
	uint64_t max_slice = curr ? curr->slice : 0;

	if (rq->root && rq->root->max_slice > max_slice)
		max_slice = rq->root->max_slice;
	return max_slice;
}

/*
 * mirrors entity_lag(): the lag clamped to twice the slice, at least a tick (6.12); to the
 * largest queued slice plus a tick (7.3)
 */
static int64_t entity_lag(const struct eevdf_rq *rq, uint64_t avruntime,
			  const struct eevdf_se *se)
{
	int64_t vlag = (int64_t)(avruntime - se->vruntime);
	uint64_t r = 2 * se->slice > rq->tick_nsec ? 2 * se->slice : rq->tick_nsec;
	int64_t limit;

	if (rq->v7_3)
		r = cfs_rq_max_slice(rq) + CAPSIM_MUT(141, rq->tick_nsec, 0);
	limit = (int64_t)eevdf_calc_delta_fair(rq, r, se);
	return vlag < -limit ? -limit : vlag > limit ? limit : vlag;
}

/*
 * mirrors update_entity_lag(); 7.3's keeps a delayed entity's larger lag, at most 0
 * (DELAY_ZERO). Return: the lag is not the distance to V (7.3's answer: clamped or kept).
 */
static bool update_entity_lag(struct eevdf_rq *rq, struct eevdf_se *se)
{
	uint64_t avruntime = eevdf_avg_vruntime(rq);
	int64_t vlag = entity_lag(rq, avruntime, se);

	if (rq->v7_3 && se->sched_delayed) {
		if (CAPSIM_MUT(142, se->vlag > vlag, false))
			vlag = se->vlag;
		if (vlag > 0)
			vlag = 0;
	}
	se->vlag = vlag;
	return avruntime - (uint64_t)vlag != se->vruntime;
}

/* mirrors vruntime_eligible(): exact, without the division avg_vruntime() makes */
static bool vruntime_eligible(const struct eevdf_rq *rq, uint64_t vruntime)
{
	const struct eevdf_se *curr = queued_curr(rq);
	int64_t avg = rq->avg_vruntime, load = rq->avg_load;

	if (curr) {
		avg += entity_key(rq, curr) * (int64_t)curr->weight;
		load += (int64_t)curr->weight;
	}
	return avg >= (int64_t)(vruntime - rq->zero_vruntime) * load;
}

bool eevdf_eligible(const struct eevdf_rq *rq, const struct eevdf_se *se)
{
	return vruntime_eligible(rq, se->vruntime);
}

/* ---- the timeline ------------------------------------------------------------------------ */

/* splitmix64's finalizer: a well-spread treap priority from the insertion number */
static uint32_t treap_prio(uint64_t seq)
{
	seq += 0x9e3779b97f4a7c15ULL;
	seq = (seq ^ (seq >> 30)) * 0xbf58476d1ce4e5b9ULL;
	seq = (seq ^ (seq >> 27)) * 0x94d049bb133111ebULL;
	return (uint32_t)(seq ^ (seq >> 31));
}

/* the in-order sequence of the kernel's rbtree: deadline, then insertion (rb_add()) */
static bool tree_before(const struct eevdf_se *a, const struct eevdf_se *b)
{
	return entity_before(a, b) || (a->deadline == b->deadline && a->seq < b->seq);
}

/* mirrors min_vruntime_update() with __min_vruntime_update()'s wrap-safe vruntime_gt() (and
 * 7.3's max_slice) */
static void subtree_update(struct eevdf_se *n)
{
	n->min_vruntime = n->vruntime;
	if (n->right && (int64_t)(n->min_vruntime - n->right->min_vruntime) > 0)
		n->min_vruntime = n->right->min_vruntime;
	if (n->left && (int64_t)(n->min_vruntime - n->left->min_vruntime) > 0)
		n->min_vruntime = n->left->min_vruntime;
	/* __min_slice_update(), 7.3's __max_slice_update() */
	n->min_slice = n->slice;
	if (n->right && n->right->min_slice < n->min_slice)
		n->min_slice = n->right->min_slice;
	if (n->left && n->left->min_slice < n->min_slice)
		n->min_slice = n->left->min_slice;
	n->max_slice = n->slice;
	if (n->right && n->right->max_slice > n->max_slice)
		n->max_slice = n->right->max_slice;
	if (n->left && n->left->max_slice > n->max_slice)
		n->max_slice = n->left->max_slice;
}

static struct eevdf_se *rotate_right(struct eevdf_se *n)
{
	struct eevdf_se *l = n->left;

	n->left = l->right;
	l->right = n;
	subtree_update(n);
	subtree_update(l);
	return l;
}

static struct eevdf_se *rotate_left(struct eevdf_se *n)
{
	struct eevdf_se *r = n->right;

	n->right = r->left;
	r->left = n;
	subtree_update(n);
	subtree_update(r);
	return r;
}

static struct eevdf_se *treap_insert(struct eevdf_se *root, struct eevdf_se *p)
{
	if (!root) {
		subtree_update(p);
		return p;
	}
	if (tree_before(p, root)) {
		root->left = treap_insert(root->left, p);
		if (root->left->prio > root->prio)
			return rotate_right(root);
	} else {
		root->right = treap_insert(root->right, p);
		if (root->right->prio > root->prio)
			return rotate_left(root);
	}
	subtree_update(root);
	return root;
}

/* Join two treaps, every entity of @a before every entity of @b. */
static struct eevdf_se *treap_join(struct eevdf_se *a, struct eevdf_se *b)
{
	if (!a)
		return b;
	if (!b)
		return a;
	if (a->prio > b->prio) {
		a->right = treap_join(a->right, b);
		subtree_update(a);
		return a;
	}
	b->left = treap_join(a, b->left);
	subtree_update(b);
	return b;
}

static struct eevdf_se *treap_remove(struct eevdf_se *root, struct eevdf_se *p)
{
	if (root == p)
		return treap_join(p->left, p->right);
	if (tree_before(p, root))
		root->left = treap_remove(root->left, p);
	else
		root->right = treap_remove(root->right, p);
	subtree_update(root);
	return root;
}

/* mirrors __enqueue_entity(): into the sum and the tree */
static void enqueue_tree(struct eevdf_rq *rq, struct eevdf_se *se)
{
	rq->avg_vruntime += entity_key(rq, se) * (int64_t)se->weight; /* avg_vruntime_add() */
	rq->avg_load += (int64_t)se->weight;
	se->seq = rq->seq++;
	se->prio = treap_prio(se->seq);
	se->left = se->right = NULL;
	rq->root = treap_insert(rq->root, se);
}

/* mirrors __dequeue_entity() */
static void dequeue_tree(struct eevdf_rq *rq, struct eevdf_se *se)
{
	rq->root = treap_remove(rq->root, se);
	rq->avg_vruntime -= entity_key(rq, se) * (int64_t)se->weight; /* avg_vruntime_sub() */
	rq->avg_load -= (int64_t)se->weight;
}

struct eevdf_se *eevdf_first(const struct eevdf_rq *rq)
{
	struct eevdf_se *n = rq->root;

	while (n && n->left)
		n = n->left;
	return n;
}

/* ---- slice protection (the vlag hack of set_next_entity()) -------------------------------- */

/* mirrors protect_slice(): 7.3's until vruntime reaches vprot */
static bool protect_slice(const struct eevdf_rq *rq, const struct eevdf_se *se)
{
	if (rq->v7_3)
		return (int64_t)(se->vruntime - se->vprot) < 0;
	return se->vlag == (int64_t)se->deadline;
}

/* mirrors cancel_protect_slice() */
static void cancel_protect_slice(const struct eevdf_rq *rq, struct eevdf_se *se)
{
	if (!protect_slice(rq, se))
		return;
	if (rq->v7_3)
		se->vprot = se->vruntime;
	else
		se->vlag = (int64_t)se->deadline + 1;
}

/* mirrors cfs_rq_min_slice() (7.3): the smallest slice of curr and the queued entities */
static uint64_t cfs_rq_min_slice(const struct eevdf_rq *rq)
{
	const struct eevdf_se *curr = queued_curr(rq);
	uint64_t min_slice = curr ? curr->slice : UINT64_MAX;

	if (rq->root && rq->root->min_slice < min_slice)
		min_slice = rq->root->min_slice;
	return min_slice;
}

/* mirrors ineligible_vruntime() (7.3): past it, curr (out of the sums) is no longer eligible */
static uint64_t ineligible_vruntime(const struct eevdf_rq *rq)
{
	int64_t weight = rq->avg_load, delta = 0;

	if (weight) {
		int64_t runtime = rq->avg_vruntime;

		if (runtime < 0) /* sign flips effective floor / ceiling */
			runtime -= weight - 1;
		delta = runtime / weight;
	}
	return rq->zero_vruntime + (uint64_t)delta + 1;
}

/*
 * mirrors set_protect_slice() (7.3, RUN_TO_PARITY and PREEMPT_SHORT): curr keeps the CPU up to
 * its deadline, or, if a shorter slice is queued, no further than it stays eligible
 */
static void set_protect_slice(struct eevdf_rq *rq, struct eevdf_se *se)
{
	uint64_t slice = cfs_rq_min_slice(rq), vprot = se->deadline;

	if (se->slice < slice)
		slice = se->slice;
	if (CAPSIM_MUT(151, slice != se->slice, false)) {
		uint64_t v = ineligible_vruntime(rq);

		if ((int64_t)(v - vprot) < 0)
			vprot = v;
	}
	se->vprot = vprot;
}

/* ---- pick -------------------------------------------------------------------------------- */

struct eevdf_se *eevdf_pick(struct eevdf_rq *rq, bool protect)
{
	struct eevdf_se *node = rq->root, *se = eevdf_first(rq), *curr = rq->curr, *best = NULL;

	/* one entity: no eligibility check */
	if (rq->nr_running == 1)
		return curr && curr->on_rq ? curr : se;

	/* PICK_BUDDY: the next buddy (never delayed) costs latency, not fairness */
	if (CAPSIM_MUT(160, protect, true) && rq->next && eevdf_eligible(rq, rq->next))
		return rq->next;

	if (curr && (!curr->on_rq || !eevdf_eligible(rq, curr)))
		curr = NULL;

	if (curr && protect && protect_slice(rq, curr)) /* RUN_TO_PARITY */
		return curr;

	/* the leftmost entity, if eligible */
	if (se && eevdf_eligible(rq, se)) {
		best = se;
		goto found;
	}

	/* heap search: eligible entities of a left subtree have earlier deadlines */
	while (node) {
		struct eevdf_se *left = node->left;

		if (left && vruntime_eligible(rq, left->min_vruntime)) {
			node = left;
			continue;
		}
		if (eevdf_eligible(rq, node)) {
			best = node;
			break;
		}
		node = node->right;
	}
found:
	/* curr only with a strictly earlier deadline: a tie goes to the queued entity */
	if (!best || (curr && entity_before(curr, best)))
		best = curr;
	return best;
}

/* ---- running ----------------------------------------------------------------------------- */

/*
 * mirrors clear_buddies(): at a dequeue and set_next_task_fair(); those of curr in update_curr()
 * and yield_task_fair() never find it here, where the only buddy is a wakee that has not run
 */
static void clear_buddies(struct eevdf_rq *rq, const struct eevdf_se *se)
{
	if (rq->next == se)
		rq->next = NULL;
}

/* mirrors update_deadline(): vd_i = ve_i + r_i / w_i once the request is consumed */
static bool update_deadline(struct eevdf_rq *rq, struct eevdf_se *se)
{
	if ((int64_t)(se->vruntime - se->deadline) < 0)
		return false;
	if (!se->custom_slice)
		se->slice = rq->base_slice;
	se->deadline = se->vruntime + eevdf_calc_delta_fair(rq, se->slice, se);
	eevdf_avg_vruntime(rq);
	return true;
}

/* mirrors did_preempt_short(): a shorter-slice wakee took the protection, curr is ineligible */
static bool did_preempt_short(const struct eevdf_rq *rq, const struct eevdf_se *curr)
{
	if (rq->pre_6_12 || CAPSIM_MUT(63, protect_slice(rq, curr), false))
		return false;
	return !eevdf_eligible(rq, curr);
}

bool eevdf_update_curr(struct eevdf_rq *rq, uint64_t now)
{
	struct eevdf_se *curr = rq->curr;
	int64_t delta_exec;
	bool resched;

	if (!curr)
		return false;
	delta_exec = (int64_t)(now - curr->exec_start); /* update_curr_se() */
	if (delta_exec <= 0)
		return false;
	curr->exec_start = now;
	curr->vruntime += eevdf_calc_delta_fair(rq, (uint64_t)delta_exec, curr);
	resched = update_deadline(rq, curr);
	if (rq->nr_running == CAPSIM_MUT(62, 1u, 0u))
		return false;
	if (rq->v7_3) /* 7.3: a reschedule once the protection ends */
		return resched || CAPSIM_MUT(149, !protect_slice(rq, curr), false);
	return resched || did_preempt_short(rq, curr);
}

/*
 * 7.3's place_entity() lag: inflated as lag + lag x w / W (W: the queue's weight with curr's),
 * and zero_vruntime moved by it when the entity outweighs the queue (update_zero)
 */
static int64_t place_lag_7_3(struct eevdf_rq *rq, const struct eevdf_se *se, bool *update_zero)
{
	const struct eevdf_se *curr = queued_curr(rq);
	int64_t load = rq->avg_load, weight = (int64_t)se->weight;

	if (curr)
		load += (int64_t)curr->weight;
	if (!load)
		load = 1;
	*update_zero = CAPSIM_MUT(143, weight > load, weight >= load);
	return se->vlag + se->vlag * weight / load; /* div64_long() truncates */
}

/* mirrors place_entity(): at V minus the lag kept from the last dequeue (PLACE_LAG) */
static void place_entity(struct eevdf_rq *rq, struct eevdf_se *se, unsigned flags)
{
	uint64_t vslice, vruntime = eevdf_avg_vruntime(rq);
	bool update_zero = false;
	int64_t lag = 0;

	if (!se->custom_slice)
		se->slice = rq->base_slice;
	vslice = eevdf_calc_delta_fair(rq, se->slice, se);

	if (rq->v7_3) {
		if (rq->nr_running && se->vlag)
			lag = place_lag_7_3(rq, se, &update_zero);
	} else if (rq->nr_running) {
		const struct eevdf_se *curr = queued_curr(rq);
		int64_t load = rq->avg_load;

		/* inflate the lag so that it is what it was once the entity is in the average */
		lag = se->vlag;
		if (curr)
			load += (int64_t)curr->weight;
		lag *= load + (int64_t)se->weight;
		if (!load)
			load = 1;
		lag /= load; /* div_s64() truncates */
	}
	se->vruntime = vruntime - (uint64_t)lag;
	if (update_zero)
		update_zero_vruntime(rq, -lag);

	if (!rq->pre_6_12 && se->rel_deadline) { /* PLACE_REL_DEADLINE: a migration keeps it */
		se->deadline += se->vruntime;
		se->rel_deadline = false;
		return;
	}
	/* PLACE_DEADLINE_INITIAL: a new task starts half way through a slice, as the others are */
	if (flags & EEVDF_ENQUEUE_INITIAL)
		vslice /= 2;
	se->deadline = se->vruntime + vslice;
}

void eevdf_enqueue(struct eevdf_rq *rq, struct eevdf_se *se, unsigned flags)
{
	place_entity(rq, se, flags);
	if (se != rq->curr)
		enqueue_tree(rq, se);
	se->on_rq = true;
	rq->nr_running++; /* account_entity_enqueue() */
}

bool eevdf_dequeue(struct eevdf_rq *rq, struct eevdf_se *se, unsigned flags)
{
	bool sleep = flags & EEVDF_DEQUEUE_SLEEP;
	/* 7.3's __dequeue_task() takes the lag first, a delayed entity's too */
	bool lag_first = CAPSIM_MUT(144, rq->v7_3, false);

	CAPSIM_MUT(161, clear_buddies(rq, se), (void)0);
	if (lag_first)
		update_entity_lag(rq, se);
	if (!(flags & EEVDF_DEQUEUE_DELAYED)) {
		/* DELAY_DEQUEUE relies on spurious wake-ups: special states are exempt */
		bool delay = sleep && !(flags & EEVDF_DEQUEUE_SPECIAL);

		if (!rq->pre_6_12 && delay && !eevdf_eligible(rq, se)) {
			se->sched_delayed = true; /* set_delayed() */
			return false;
		}
	}
	if (!lag_first)
		update_entity_lag(rq, se);
	if (se != rq->curr) /* first: the treap finds it by its deadline */
		dequeue_tree(rq, se);
	if (!rq->pre_6_12 && !sleep) { /* PLACE_REL_DEADLINE */
		se->deadline -= se->vruntime;
		se->rel_deadline = true;
	}
	se->on_rq = false;
	rq->nr_running--; /* account_entity_dequeue() */
	if (flags & EEVDF_DEQUEUE_DELAYED) {
		/* finish_delayed_dequeue_entity(): DELAY_ZERO drops positive lag (7.3's
		 * update_entity_lag() did) */
		se->sched_delayed = false;
		if (CAPSIM_MUT(211, se->vlag > 0, se->vlag < 0))
			se->vlag = 0;
	}
	return true;
}

void eevdf_requeue_delayed(struct eevdf_rq *rq, struct eevdf_se *se)
{
	/* DELAY_ZERO: re-placed at zero lag if it has become owed service while it slept; 7.3:
	 * whenever its lag is not its distance to V (update_entity_lag() kept or clamped it) */
	bool moved = update_entity_lag(rq, se);

	if (rq->v7_3 ? CAPSIM_MUT(145, moved, true) : se->vlag > 0) {
		rq->nr_running--;
		if (se != rq->curr)
			dequeue_tree(rq, se);
		if (!rq->v7_3)
			se->vlag = 0;
		place_entity(rq, se, 0);
		if (se != rq->curr)
			enqueue_tree(rq, se);
		rq->nr_running++;
	}
	se->sched_delayed = false; /* clear_delayed() */
}

void eevdf_set_next(struct eevdf_rq *rq, struct eevdf_se *se, uint64_t now)
{
	CAPSIM_MUT(162, clear_buddies(rq, se), (void)0);
	if (se->on_rq) {
		dequeue_tree(rq, se);
		if (!rq->v7_3)
			se->vlag = (int64_t)se->deadline + CAPSIM_MUT(68, 0, 1); /* set_protect_slice() */
	}
	se->exec_start = now; /* update_stats_curr_start() */
	rq->curr = se;
	if (rq->v7_3 && se->on_rq) /* set_next_task_fair(first) */
		set_protect_slice(rq, se);
}

void eevdf_put_prev(struct eevdf_rq *rq)
{
	struct eevdf_se *prev = rq->curr;

	if (prev && prev->on_rq)
		enqueue_tree(rq, prev);
	rq->curr = NULL;
}

void eevdf_yield(struct eevdf_rq *rq, uint64_t now)
{
	struct eevdf_se *se = rq->curr;

	eevdf_update_curr(rq, now);
	if (rq->pre_6_12) {
		se->deadline += eevdf_calc_delta_fair(rq, se->slice, se);
		return;
	}
	/* forfeit the remaining vruntime, only if eligible */
	if (eevdf_eligible(rq, se)) {
		se->vruntime = se->deadline;
		update_deadline(rq, se);
	}
}

/* mirrors do_preempt_short(): the wakee asks for a shorter slice and would be picked first */
static bool do_preempt_short(const struct eevdf_rq *rq, const struct eevdf_se *pse,
			     const struct eevdf_se *se)
{
	if (rq->pre_6_12 || CAPSIM_MUT(66, pse->slice >= se->slice, pse->slice > se->slice) ||
	    !eevdf_eligible(rq, pse))
		return false;
	return entity_before(pse, se) || !eevdf_eligible(rq, se);
}

bool eevdf_wakeup_preempt(struct eevdf_rq *rq, struct eevdf_se *pse, uint64_t now,
			  bool curr_idle, bool p_idle, bool p_normal)
{
	struct eevdf_se *se = rq->curr;
	bool resched;

	if (!se || se == pse)
		return false;
	/* an idle entity is preempted by a non-idle one at once, without slice protection */
	if (curr_idle && !p_idle) {
		CAPSIM_MUT(64, cancel_protect_slice(rq, se), (void)0);
		return true;
	}
	if (curr_idle != p_idle)
		return false;
	if (!p_normal) /* BATCH and IDLE wakees do not preempt */
		return false;
	resched = eevdf_update_curr(rq, now);
	/* a shorter, eligible request overrides curr's protection even if it is not picked */
	if (do_preempt_short(rq, pse, se))
		cancel_protect_slice(rq, se);
	return eevdf_pick(rq, true) == pse || resched;
}

/*
 * mirrors update_protect_slice() (7.3): curr keeps its protection no further than the
 * smallest queued slice beyond the earlier of its vruntime and V
 */
static void update_protect_slice(struct eevdf_rq *rq, struct eevdf_se *se)
{
	uint64_t v = eevdf_avg_vruntime(rq), vprot;

	if ((int64_t)(se->vruntime - v) < 0)
		v = se->vruntime;
	vprot = v + eevdf_calc_delta_fair(rq, cfs_rq_min_slice(rq), se);
	if (CAPSIM_MUT(163, (int64_t)(vprot - se->vprot) < 0, false))
		se->vprot = vprot;
}

/* mirrors wakeup_preempt_fair() (7.3) up to its pick */
enum eevdf_wakeup_action eevdf_wakeup_action(struct eevdf_rq *rq, struct eevdf_se *pse,
					     uint64_t now, bool curr_idle, bool p_idle,
					     bool p_normal, bool fork, bool *resched)
{
	struct eevdf_se *se = rq->curr;

	*resched = false;
	if (!se || se == pse)
		return EEVDF_WAKEUP_NONE;
	/* an idle entity is preempted by a non-idle one at once, without slice protection */
	if (curr_idle && !p_idle) {
		cancel_protect_slice(rq, se);
		return EEVDF_WAKEUP_RESCHED;
	}
	*resched = eevdf_update_curr(rq, now);
	/* BATCH and IDLE wakees do not preempt; a delayed wakee cannot be (ttwu_runnable()
	 * requeued it before) */
	if (curr_idle != p_idle || !p_normal)
		goto update;
	/* a shorter slice overrides curr's protection if the wakee is eligible */
	if (CAPSIM_MUT(164, pse->slice < se->slice, pse->slice <= se->slice))
		return EEVDF_WAKEUP_SHORT;
	/* a fork is less likely to share data with its parent (exec often follows) */
	if (CAPSIM_MUT(165, fork, false))
		goto update;
	return EEVDF_WAKEUP_PICK;
update:
	update_protect_slice(rq, se);
	return EEVDF_WAKEUP_NONE;
}

/* mirrors set_short_buddy() (7.3): the wakee unless the buddy asks for a shorter slice */
static void set_short_buddy(struct eevdf_rq *rq, struct eevdf_se *pse)
{
	if (rq->next && rq->next->slice < pse->slice)
		return;
	rq->next = pse; /* set_next_buddy(): queued, not delayed, not SCHED_IDLE (a normal wakee) */
}

/* mirrors wakeup_preempt_fair() (7.3) after its pick: preempt:, update: */
bool eevdf_wakeup_picked(struct eevdf_rq *rq, struct eevdf_se *pse, const struct eevdf_se *nse,
			 enum eevdf_wakeup_action action)
{
	bool preempt_short = action == EEVDF_WAKEUP_SHORT;

	if (nse != pse && !(preempt_short && CAPSIM_MUT(166, eevdf_eligible(rq, pse), false))) {
		update_protect_slice(rq, rq->curr);
		return false;
	}
	cancel_protect_slice(rq, rq->curr);
	if (preempt_short)
		CAPSIM_MUT(167, set_short_buddy(rq, pse), (void)0);
	return true;
}
