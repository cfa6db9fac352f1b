// SPDX-License-Identifier: MIT
/*
 * test_event_queue.c - tests src/event_queue.c: events pop in time order, simultaneous events
 * in the order they were pushed (the determinism of the simulator rests on it), through growth
 * and interleaved pushes and pops.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "event_queue.h"

/* 1000 events at 10 distinct times, pushed in a scrambled order: they must come out sorted by
 * time, and within a time by push order (their ids were given in push order). */
static void test_order_and_ties(void **state)
{
	struct event_queue q;
	struct sim_event ev;
	uint64_t last_time = 0;
	uint32_t last_id[10];
	unsigned n = 0;

	(void)state;
	eq_init(&q);
	for (uint32_t i = 0; i < 1000; i++)
		assert_int_equal(eq_push(&q, (i * 7919u) % 10 * 1000, 0, i, 0), 0);
	for (unsigned t = 0; t < 10; t++)
		last_id[t] = 0;
	while (eq_pop(&q, &ev)) {
		unsigned t = (unsigned)(ev.time / 1000);

		assert_true(ev.time >= last_time);
		if (n && ev.time == last_time)
			assert_true(ev.id > last_id[t]);
		last_time = ev.time;
		last_id[t] = ev.id;
		n++;
	}
	assert_int_equal(n, 1000);
	assert_int_equal(eq_peek_time(&q), UINT64_MAX);
	eq_free(&q);
}

/* Pops interleaved with pushes keep the order: push 3 at t=5, pop one, push 2 more at t=5;
 * the ids come out 0, 1, 2, 3, 4 (push order), and an earlier time still comes first. */
static void test_interleaved(void **state)
{
	struct event_queue q;
	struct sim_event ev;

	(void)state;
	eq_init(&q);
	for (uint32_t i = 0; i < 3; i++)
		eq_push(&q, 5, 1, i, 0);
	assert_int_equal(eq_pop(&q, &ev), 1);
	assert_int_equal(ev.id, 0);
	eq_push(&q, 5, 1, 3, 0);
	eq_push(&q, 4, 1, 99, 0);
	eq_push(&q, 5, 1, 4, 0);
	assert_int_equal(eq_peek_time(&q), 4);
	assert_int_equal(eq_pop(&q, &ev), 1);
	assert_int_equal(ev.id, 99);
	for (uint32_t want = 1; want <= 4; want++) {
		assert_int_equal(eq_pop(&q, &ev), 1);
		assert_int_equal(ev.id, want);
	}
	assert_int_equal(eq_pop(&q, &ev), 0);
	eq_free(&q);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_order_and_ties),
		cmocka_unit_test(test_interleaved),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
