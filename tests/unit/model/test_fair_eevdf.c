// SPDX-License-Identifier: MIT
/*
 * test_fair_eevdf.c - tests src/model/fair_eevdf.c: after every enqueue and dequeue of random
 * entities (lags and slices from few values, so that deadlines tie by the dozen), the timeline
 * answers what a scan of the queued entities in enqueue order answers: the earliest deadline
 * (first queued on ties) and the eligible entity with the earliest deadline (pick_eevdf()
 * without curr); V stays within the queued vruntimes; an ineligible sleeper is delayed and a
 * delayed entity woken before its pick is requeued with its positive lag dropped; 7.3's
 * rounding, placement and dequeue order, and its wake-up preemption (v7_3).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "model/fair_eevdf.h"

#define NR 200

static uint64_t next_rand(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

static struct eevdf_se ses[NR];
static unsigned order[NR], nr_order; /* queued entities in enqueue order */

/* strict "earlier" keeps the first queued of equal deadlines */
static struct eevdf_se *scan_pick(const struct eevdf_rq *rq, bool eligible_only)
{
	struct eevdf_se *best = NULL;

	for (unsigned k = 0; k < nr_order; k++) {
		struct eevdf_se *se = &ses[order[k]];

		if (eligible_only && !eevdf_eligible(rq, se))
			continue;
		if (!best || (int64_t)(se->deadline - best->deadline) < 0)
			best = se;
	}
	return best;
}

static void forget(unsigned i)
{
	for (unsigned k = 0; k < nr_order; k++)
		if (order[k] == i) {
			memmove(&order[k], &order[k + 1], (nr_order - k - 1) * sizeof(order[0]));
			nr_order--;
			return;
		}
	fail();
}

static void test_timeline_against_scan(void **state)
{
	struct eevdf_rq rq;
	uint64_t x = 0x2545f4914f6cdd1dULL;
	unsigned ties = 0;

	(void)state;
	eevdf_rq_init(&rq, 3000000, 4000000, true); /* no delay: every dequeue completes */
	memset(ses, 0, sizeof(ses));
	nr_order = 0;
	for (unsigned op = 0; op < 20000; op++) {
		unsigned i = (unsigned)(next_rand(&x) % NR);
		struct eevdf_se *se = &ses[i];

		if (!se->on_rq && (nr_order < NR / 2 || next_rand(&x) % 2)) {
			static const uint64_t w[] = { 1024, 1024, 335, 3, 3121 };

			se->weight = w[next_rand(&x) % 5];
			se->vlag = next_rand(&x) % 3 ? 0 : (int64_t)(next_rand(&x) % 3) * 500000 - 500000;
			se->custom_slice = next_rand(&x) % 4 == 0;
			se->slice = se->custom_slice ? 1000000 : 0;
			eevdf_enqueue(&rq, se, next_rand(&x) % 8 == 0 ? EEVDF_ENQUEUE_INITIAL : 0);
			for (unsigned k = 0; k < nr_order; k++)
				ties += ses[order[k]].deadline == se->deadline;
			order[nr_order++] = i;
		} else if (se->on_rq) {
			assert_true(eevdf_dequeue(&rq, se, 0));
			assert_false(se->on_rq);
			forget(i);
		}
		assert_int_equal(rq.nr_running, nr_order);
		assert_ptr_equal(eevdf_first(&rq), scan_pick(&rq, false));
		assert_ptr_equal(eevdf_pick(&rq, true), nr_order == 1 ? &ses[order[0]] :
						   scan_pick(&rq, true));
	}
	assert_true(nr_order > 0);
	assert_true(ties > 100); /* the tie order was exercised */
}

/* V, the weighted mean, with curr: 1024 at 0 and 3 x 1024 at 4000 give 3000 */
static void test_avg_vruntime(void **state)
{
	struct eevdf_rq rq;
	struct eevdf_se a = { .weight = 1024 }, b = { .weight = 3072 };
	uint64_t v0;

	(void)state;
	eevdf_rq_init(&rq, 3000000, 4000000, false);
	eevdf_enqueue(&rq, &a, 0);
	v0 = a.vruntime;
	assert_int_equal(v0, eevdf_avg_vruntime(&rq)); /* alone, it is the mean */
	eevdf_enqueue(&rq, &b, 0);
	eevdf_dequeue(&rq, &a, 0);
	eevdf_dequeue(&rq, &b, 0);
	a.vlag = 0;
	a.rel_deadline = b.rel_deadline = false;
	eevdf_enqueue(&rq, &a, 0);
	b.vlag = -4000; /* 4000 ahead of V, inflated by (W + w) / W at placement */
	eevdf_enqueue(&rq, &b, 0);
	assert_int_equal((int64_t)(b.vruntime - a.vruntime), 4000 * 4);
	assert_int_equal((int64_t)(eevdf_avg_vruntime(&rq) - a.vruntime), 12000);
	/* lag is V - v_i: what b had is what b has once in the mean, and what it keeps */
	assert_true(eevdf_dequeue(&rq, &b, 0));
	assert_int_equal(b.vlag, -4000);
}

/* DELAY_DEQUEUE and DELAY_ZERO; and pre-6.12 models never delay */
static void test_delay_dequeue(void **state)
{
	struct eevdf_rq rq;
	struct eevdf_se a = { .weight = 1024 }, b = { .weight = 1024 };

	(void)state;
	for (int pre = 0; pre < 2; pre++) {
		memset(&a, 0, sizeof(a));
		memset(&b, 0, sizeof(b));
		a.weight = b.weight = 1024;
		eevdf_rq_init(&rq, 3000000, 4000000, pre);
		eevdf_enqueue(&rq, &a, 0);
		eevdf_enqueue(&rq, &b, 0);
		eevdf_set_next(&rq, &a, 0);
		assert_false(eevdf_update_curr(&rq, 1000000)); /* within its slice, protected */
		assert_false(eevdf_eligible(&rq, &a));         /* ran 1 ms more than b */
		if (pre) {
			assert_true(eevdf_dequeue(&rq, &a, EEVDF_DEQUEUE_SLEEP));
			assert_false(a.sched_delayed);
			assert_int_equal(a.vlag, -500000);
			continue;
		}
		assert_false(eevdf_dequeue(&rq, &a, EEVDF_DEQUEUE_SLEEP));
		assert_true(a.sched_delayed && a.on_rq);
		assert_int_equal(rq.nr_running, 2);
		/* a special sleep is never delayed */
		eevdf_put_prev(&rq);
		/* b runs 2 ms: a becomes owed service; woken now, it is requeued at zero lag */
		eevdf_set_next(&rq, &b, 1000000);
		eevdf_update_curr(&rq, 3000000);
		eevdf_put_prev(&rq);
		eevdf_requeue_delayed(&rq, &a);
		assert_false(a.sched_delayed);
		assert_int_equal(a.vlag, 0);
		assert_int_equal(a.vruntime, eevdf_avg_vruntime(&rq) + 0);
	}
}

/* A SCHED_IDLE curr is preempted by a normal wakee at once, inside its protected slice. */
static void test_sched_idle_preempted(void **state)
{
	struct eevdf_rq rq;
	struct eevdf_se hog = { .weight = 3 }, p = { .weight = 1024 };

	(void)state;
	eevdf_rq_init(&rq, 3000000, 4000000, false);
	eevdf_enqueue(&rq, &hog, 0);
	eevdf_set_next(&rq, &hog, 0);
	eevdf_update_curr(&rq, 100000);
	p.vlag = -2000000; /* even far behind in lag */
	eevdf_enqueue(&rq, &p, 0);
	assert_true(eevdf_wakeup_preempt(&rq, &p, 100000, true, false, true));
	assert_true(eevdf_pick(&rq, true) == &p || eevdf_eligible(&rq, &hog));
	/* the same wakee does not preempt a normal curr within its protected slice */
	memset(&hog, 0, sizeof(hog));
	memset(&p, 0, sizeof(p));
	hog.weight = p.weight = 1024;
	eevdf_rq_init(&rq, 3000000, 4000000, false);
	eevdf_enqueue(&rq, &hog, 0);
	eevdf_set_next(&rq, &hog, 0);
	eevdf_update_curr(&rq, 100000);
	eevdf_enqueue(&rq, &p, 0); /* at V, where curr is: both eligible, p's deadline later */
	assert_true(eevdf_eligible(&rq, &p) && eevdf_eligible(&rq, &hog));
	assert_false(eevdf_wakeup_preempt(&rq, &p, 100000, false, false, true));
	/* PREEMPT_SHORT: with a shorter custom slice it does */
	eevdf_dequeue(&rq, &p, EEVDF_DEQUEUE_SLEEP);
	p.custom_slice = true;
	p.slice = 500000;
	p.vlag = 0;
	eevdf_enqueue(&rq, &p, 0);
	assert_true(eevdf_wakeup_preempt(&rq, &p, 100000, false, false, true));
}

/*
 * 7.3 (v7_3): calc_delta_fair() is delta x 1024 / w exactly (6.12's inverse weight gives 1 ns
 * less for w = 15: 2^32 / 15 is not whole); an entity heavier than the queue moves
 * zero_vruntime to where it is placed; the dequeue takes the lag before the delay test.
 */
static void test_v7_3_enqueue_dequeue(void **state)
{
	struct eevdf_rq rq;
	struct eevdf_se a = { .weight = 1024 }, b = { .weight = 3072 }, n = { .weight = 15 };
	uint64_t v0;

	(void)state;
	eevdf_rq_init(&rq, 3000000, 4000000, false);
	rq.v7_3 = true;
	assert_int_equal(eevdf_calc_delta_fair(&rq, 3000000, &n), 3000000ULL * 1024 / 15);
	rq.v7_3 = false;
	assert_int_equal(eevdf_calc_delta_fair(&rq, 3000000, &n), 3000000ULL * 1024 / 15 - 1);

	rq.v7_3 = true;
	eevdf_enqueue(&rq, &a, 0);
	v0 = a.vruntime;
	b.vlag = -4000; /* inflated to -4000 - 4000 x 3072 / 1024 = -16000 */
	eevdf_enqueue(&rq, &b, 0);
	assert_int_equal((int64_t)(b.vruntime - v0), 16000);
	/* w = 3072 > W = 1024: zero_vruntime follows the heavy entity (update_zero) */
	assert_int_equal((int64_t)(rq.zero_vruntime - v0), 16000);
	/* V = v0 + 16000 x 3072 / 4096 = v0 + 12000 */
	assert_int_equal((int64_t)(eevdf_avg_vruntime(&rq) - v0), 12000);
	/* b sleeps ineligible (4000 ahead of V): delayed, its lag taken already (the field still
	 * holds the placement's until then) */
	b.vlag = 0;
	assert_false(eevdf_dequeue(&rq, &b, EEVDF_DEQUEUE_SLEEP));
	assert_true(b.sched_delayed);
	assert_int_equal(b.vlag, -4000);

	/* an entity only as heavy as the queue (w = W) leaves zero_vruntime at V */
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	a.weight = b.weight = 1024;
	eevdf_rq_init(&rq, 3000000, 4000000, false);
	rq.v7_3 = true;
	eevdf_enqueue(&rq, &a, 0);
	v0 = a.vruntime;
	b.vlag = -2048; /* -2048 - 2048 x 1024 / 1024 */
	eevdf_enqueue(&rq, &b, 0);
	assert_int_equal((int64_t)(b.vruntime - v0), 4096);
	assert_int_equal(rq.zero_vruntime, v0);
}

/*
 * a v7.3 rq (3 ms base slice) whose curr @a (nice 0) has run 100 us, then @p (nice 0, lag
 * @p_vlag, a slice of its own @p_slice, or 0: the base one) enqueued; both made anew
 */
static void v7_3_running(struct eevdf_rq *rq, struct eevdf_se *a, struct eevdf_se *p,
			 int64_t p_vlag, uint64_t p_slice)
{
	*a = (struct eevdf_se){ .weight = 1024 };
	*p = (struct eevdf_se){ .weight = 1024, .vlag = p_vlag, .slice = p_slice,
				.custom_slice = p_slice != 0 };
	eevdf_rq_init(rq, 3000000, 4000000, false);
	rq->v7_3 = true;
	eevdf_enqueue(rq, a, 0);
	eevdf_set_next(rq, a, 0);
	eevdf_update_curr(rq, 100000);
	eevdf_enqueue(rq, p, 0);
}

/*
 * 7.3's wakeup_preempt_fair(): a wakee owed service (vlag 1 ms, placed 2 ms below V: the lag
 * inflated by w / W = 1) leaves curr ineligible, so the pick takes it and it preempts -- unless
 * it is a fork (WF_FORK), and then curr keeps its protection only to V + its slice. A wakee
 * with a shorter slice, placed at V, preempts with its earlier deadline and becomes the next
 * buddy, which a protected pick takes before an entity of an earlier deadline;
 * set_next_task_fair() and a dequeue clear it. A BATCH wakee does not preempt; curr's
 * protection is cut to min(its vruntime, V) + the smallest slice.
 */
static void test_v7_3_wakeup_preempt(void **state)
{
	struct eevdf_rq rq;
	struct eevdf_se a, p;
	struct eevdf_se q = { .weight = 1024, .slice = 100000, .custom_slice = true };
	bool resched;
	uint64_t v;

	(void)state;
	v7_3_running(&rq, &a, &p, 1000000, 0);
	assert_int_equal((int64_t)(a.vruntime - p.vruntime), 2000000);
	assert_false(eevdf_eligible(&rq, &a));
	assert_int_equal(eevdf_wakeup_action(&rq, &p, 100000, false, false, true, false, &resched),
			 EEVDF_WAKEUP_PICK);
	assert_ptr_equal(eevdf_pick(&rq, true), &p);
	assert_true(eevdf_wakeup_picked(&rq, &p, &p, EEVDF_WAKEUP_PICK));
	assert_null(rq.next); /* only a shorter slice's preemption makes a buddy */
	/* the same as a fork: no preemption; curr's protection cut from its deadline (v0 + 3 ms) to
	 * V + 3 ms, V = v0 + 100 us - 1 ms the average of the two */
	v7_3_running(&rq, &a, &p, 1000000, 0);
	assert_int_equal(eevdf_wakeup_action(&rq, &p, 100000, false, false, true, true, &resched),
			 EEVDF_WAKEUP_NONE);
	assert_false(resched);
	assert_int_equal(a.vprot, a.vruntime - 1000000 + 3000000);
	assert_true((int64_t)(a.vprot - a.deadline) < 0);

	/* PREEMPT_SHORT: p (0.5 ms) at V, deadline V + 0.5 ms before curr's v0 + 3 ms */
	v7_3_running(&rq, &a, &p, 0, 500000);
	assert_int_equal(eevdf_wakeup_action(&rq, &p, 100000, false, false, true, false, &resched),
			 EEVDF_WAKEUP_SHORT);
	assert_ptr_equal(eevdf_pick(&rq, false), &p);
	assert_true(eevdf_wakeup_picked(&rq, &p, &p, EEVDF_WAKEUP_SHORT));
	assert_ptr_equal(rq.next, &p);
	assert_int_equal(a.vprot, a.vruntime); /* cancel_protect_slice() */
	/* q (0.1 ms) at V: the earliest deadline, but the buddy goes first while protecting */
	eevdf_put_prev(&rq);
	eevdf_enqueue(&rq, &q, 0);
	assert_true(eevdf_eligible(&rq, &p) && eevdf_eligible(&rq, &q));
	assert_true((int64_t)(q.deadline - p.deadline) < 0);
	assert_ptr_equal(eevdf_pick(&rq, true), &p);
	assert_ptr_equal(eevdf_pick(&rq, false), &q);
	eevdf_set_next(&rq, &p, 100000);
	assert_null(rq.next);
	/* a buddy that leaves the queue (a migration's dequeue) is no longer picked */
	eevdf_put_prev(&rq);
	rq.next = &p;
	assert_true(eevdf_dequeue(&rq, &p, 0));
	assert_null(rq.next);
	assert_ptr_equal(eevdf_pick(&rq, true), &q);

	/* a BATCH wakee with a 0.5 ms slice: no preemption, curr protected 0.5 ms past V */
	v7_3_running(&rq, &a, &p, 0, 500000);
	v = eevdf_avg_vruntime(&rq);
	if ((int64_t)(a.vruntime - v) < 0)
		v = a.vruntime;
	assert_int_equal(eevdf_wakeup_action(&rq, &p, 100000, false, false, false, false, &resched),
			 EEVDF_WAKEUP_NONE);
	assert_int_equal(a.vprot, v + 500000);
	assert_true((int64_t)(a.vprot - a.deadline) < 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timeline_against_scan),
		cmocka_unit_test(test_avg_vruntime),
		cmocka_unit_test(test_delay_dequeue),
		cmocka_unit_test(test_sched_idle_preempted),
		cmocka_unit_test(test_v7_3_enqueue_dequeue),
		cmocka_unit_test(test_v7_3_wakeup_preempt),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
