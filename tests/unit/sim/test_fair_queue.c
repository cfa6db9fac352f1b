// SPDX-License-Identifier: MIT
/*
 * test_fair_queue.c - tests src/fair_queue.c: after every insertion and removal (random
 * deadlines with many ties, random vruntimes at or above min_vruntime), the timeline answers
 * what a walk of the queue list in enqueue order answers: the earliest deadline (first queued
 * on ties), the earliest eligible deadline for any weighted mean, and the smallest vruntime;
 * and the list keeps enqueue order.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "sim/sim.h"

#define NR 300

static uint64_t next_rand(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* The list walk pick_eevdf() did before the timeline: strict "earlier" keeps the first. */
static struct sim_task *scan_pick(const struct sim_rq *rq, int64_t avg, int64_t load,
				  bool eligible_only)
{
	struct sim_task *best = NULL;

	for (struct sim_task *t = rq->fair_head; t; t = t->rq_next) {
		if (eligible_only && !fair_vruntime_eligible(rq, avg, load, t->vruntime))
			continue;
		if (!best || (int64_t)(t->deadline - best->deadline) < 0)
			best = t;
	}
	return best;
}

static void check_against_scan(const struct sim_rq *rq, uint64_t *x)
{
	uint64_t min_v = UINT64_MAX, prev_seq = 0;
	bool first = true;

	for (struct sim_task *t = rq->fair_head; t; t = t->rq_next) {
		if (!first)
			assert_true(t->fair_seq > prev_seq); /* enqueue order */
		assert_true(!t->rq_next || t->rq_next->rq_prev == t);
		prev_seq = t->fair_seq;
		first = false;
		if (t->vruntime < min_v)
			min_v = t->vruntime;
	}
	assert_ptr_equal(fair_queue_first(rq), scan_pick(rq, 0, 0, false));
	if (!rq->fair_head) {
		assert_null(rq->fair_root);
		assert_null(rq->fair_tail);
		return;
	}
	assert_true(rq->fair_root->tmin_v == min_v);
	for (int k = 0; k < 8; k++) {
		/* a weighted mean anywhere from below every key to above all of them */
		int64_t load = 1 + (int64_t)(next_rand(x) % 5000);
		int64_t avg = (int64_t)(next_rand(x) % 2200) * load - 100 * load;

		assert_ptr_equal(fair_queue_pick_eligible(rq, avg, load),
				 scan_pick(rq, avg, load, true));
	}
}

static void test_timeline_against_scan(void **state)
{
	static struct sim_task tasks[NR];
	struct sim_rq rq;
	bool queued[NR] = { false };
	uint64_t x = 0x2545f4914f6cdd1dULL;
	unsigned nr_queued = 0;

	(void)state;
	memset(&rq, 0, sizeof(rq));
	memset(tasks, 0, sizeof(tasks));
	rq.min_vruntime = 1000;
	for (unsigned op = 0; op < 20000; op++) {
		unsigned i = (unsigned)(next_rand(&x) % NR);

		if (!queued[i] && (nr_queued < NR / 2 || next_rand(&x) % 2)) {
			/* deadlines from few values: ties by the dozen */
			tasks[i].deadline = 5000 + next_rand(&x) % 40;
			tasks[i].vruntime = rq.min_vruntime + next_rand(&x) % 2000;
			fair_queue_insert(&rq, &tasks[i]);
			queued[i] = true;
			nr_queued++;
		} else if (queued[i]) {
			fair_queue_remove(&rq, &tasks[i]);
			queued[i] = false;
			nr_queued--;
		}
		check_against_scan(&rq, &x);
	}
	assert_true(nr_queued > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timeline_against_scan),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
