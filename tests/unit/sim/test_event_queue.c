// SPDX-License-Identifier: MIT
/*
 * test_event_queue.c - tests src/sim/event_queue.c: events pop in time order, simultaneous events
 * in the order they were pushed (the determinism of the simulator rests on it), through growth
 * and interleaved pushes and pops.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "sim/event_queue.h"

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
	assert_int_equal(eq_pop(&q, &ev), 0);
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
	assert_int_equal(eq_pop(&q, &ev), 1);
	assert_int_equal(ev.time, 4);
	assert_int_equal(ev.id, 99);
	for (uint32_t want = 1; want <= 4; want++) {
		assert_int_equal(eq_pop(&q, &ev), 1);
		assert_int_equal(ev.id, want);
	}
	assert_int_equal(eq_pop(&q, &ev), 0);
	eq_free(&q);
}

/*
 * A lowest bucket of at most 3 events gives its earliest in place (bucket_take_earliest()):
 * after a pop at 0x100, events at 0x2110 and 0x2150 all first differ from it in byte 1, where
 * they are 0x21 (one bucket), and stay there as they pop (@last stays 0x100). The ids are
 * their push order: 1, 2, 3 at 0x2110, then 4 at 0x2150 once 1 popped and 5 at 0x2110 once 2
 * popped. By the queue's definition (time, then push order) they come out 1, 2, 3, 5, 4.
 */
static void test_small_bucket(void **state)
{
	static const uint64_t time[] = { 0x2110, 0x2110, 0x2110, 0x2150, 0x2110 };
	static const uint32_t want[] = { 1, 2, 3, 5, 4 };
	struct event_queue q;
	struct sim_event ev;
	uint32_t pushed = 0;

	(void)state;
	eq_init(&q);
	eq_push(&q, 0x100, 0, 0, 0);
	assert_int_equal(eq_pop(&q, &ev), 1);
	for (; pushed < 3; pushed++)
		eq_push(&q, time[pushed], 0, pushed + 1, 0);
	for (unsigned i = 0; i < 5; i++) {
		assert_int_equal(eq_pop(&q, &ev), 1);
		assert_int_equal(ev.id, want[i]);
		assert_true(ev.time == time[want[i] - 1]);
		if (pushed < 5) { /* one more at the popped time: 4 after 1, 5 after 2 */
			eq_push(&q, time[pushed], 0, pushed + 1, 0);
			pushed++;
		}
	}
	assert_int_equal(eq_pop(&q, &ev), 0);
	eq_free(&q);
}

/* A deterministic generator for the test below (xorshift64). */
static uint64_t next_rand(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* The index of the earliest of @n pending events: by time, then by push order (seq). */
static unsigned earliest(const struct sim_event *pending, unsigned n)
{
	unsigned best = 0;

	for (unsigned i = 1; i < n; i++)
		if (pending[i].time < pending[best].time ||
		    (pending[i].time == pending[best].time && pending[i].seq < pending[best].seq))
			best = i;
	return best;
}

/* The events pushed and not popped yet, kept by the tests below to check every pop. */
struct pending {
	struct sim_event ev[4096];
	unsigned n;
	uint64_t seq; /* the queue's next seq: one per push */
	unsigned peeked; /* pops that eq_peek() foretold */
};

static void push_pending(struct event_queue *q, struct pending *pd, uint64_t t, uint32_t kind,
			 uint32_t gen)
{
	struct sim_event e = { t, pd->seq, kind, (uint32_t)pd->seq, gen };

	pd->seq++;
	pd->ev[pd->n++] = e;
	assert_int_equal(eq_push(q, t, kind, e.id, gen), 0);
}

/* The same through eq_push_sorted(): the order of the pops must not tell the two apart. */
static void push_pending_sorted(struct event_queue *q, struct pending *pd, uint64_t t,
				uint32_t kind, uint32_t gen)
{
	struct sim_event e = { t, pd->seq, kind, (uint32_t)pd->seq, gen };

	pd->seq++;
	pd->ev[pd->n++] = e;
	assert_int_equal(eq_push_sorted(q, t, kind, e.id, gen), 0);
}

/*
 * Pop one event: it must be the whole of the earliest pending one, as a scan finds it; when
 * eq_peek() names one first, it must be that one (ids are unique: the push order).
 */
static struct sim_event pop_earliest(struct event_queue *q, struct pending *pd)
{
	unsigned best = earliest(pd->ev, pd->n);
	struct sim_event ev;
	uint32_t kind, id;

	if (eq_peek(q, &kind, &id)) {
		assert_int_equal(id, pd->ev[best].id);
		assert_int_equal(kind, pd->ev[best].kind);
		pd->peeked++;
	}
	assert_int_equal(eq_pop(q, &ev), 1);
	assert_true(ev.time == pd->ev[best].time);
	assert_true(ev.seq == pd->ev[best].seq);
	assert_int_equal(ev.kind, pd->ev[best].kind);
	assert_int_equal(ev.id, pd->ev[best].id);
	assert_int_equal(ev.gen, pd->ev[best].gen);
	pd->ev[best] = pd->ev[--pd->n];
	return ev;
}

/*
 * A simulator-like run: @initial events at @first(), then each pop followed by 0..3 pushes at
 * @later() after the popped time until @min_pops pops (at most @cap pending); every pop must
 * return the earliest pending event, ties by push order, as an explicit scan says.
 */
struct spread {
	uint64_t seed;
	unsigned initial, min_pops, cap;
	uint64_t (*first)(uint64_t *x);
	uint64_t (*later)(uint64_t *x);
};

static void run_against_scan(const struct spread *sp)
{
	static struct pending pd;
	struct event_queue q;
	uint64_t x = sp->seed;
	unsigned pops = 0;

	pd.n = pd.seq = pd.peeked = 0; /* a fresh queue: its seq starts again */
	eq_init(&q);
	for (unsigned i = 0; i < sp->initial; i++)
		push_pending(&q, &pd, sp->first(&x), 0, 0);
	while (pd.n) {
		struct sim_event ev = pop_earliest(&q, &pd);
		unsigned pushes = ++pops < sp->min_pops ? (unsigned)(next_rand(&x) % 4) : 0;

		for (unsigned k = 0; k < pushes && pd.n < sp->cap; k++)
			push_pending(&q, &pd, ev.time + sp->later(&x), 0, 0);
	}
	assert_int_equal(eq_pop(&q, &(struct sim_event){ 0 }), 0);
	assert_true(pops > sp->min_pops);
	assert_true(pd.peeked > pops / 4); /* bucket 0 and small lowest buckets are common */
	eq_free(&q);
}

static uint64_t few_first(uint64_t *x) { return next_rand(x) % 50; }
static uint64_t few_later(uint64_t *x) { return next_rand(x) % 8; }

/* As the simulator uses it: times drawn from a few values so that ties abound. */
static void test_against_scan(void **state)
{
	static const struct spread sp = { 88172645463325252ULL, 64, 20000, 4096, few_first,
					  few_later };

	(void)state;
	run_against_scan(&sp);
}

static uint64_t wide_first(uint64_t *x) { return next_rand(x) >> 24; }

/* up to 2^40 ns ahead, a quarter of them at the popped time or a few ns after it */
static uint64_t wide_later(uint64_t *x)
{
	uint64_t v = next_rand(x);

	return (v % 4 == 0 ? (v >> 8) % 3 : (v >> 8) & ((1ULL << (v >> 58)) - 1)) % (1ULL << 40);
}

/*
 * As test_against_scan(), with the later events spread over many digits (bytes): buckets of every
 * level hold several events when they are redistributed, or one, which a pop takes at once.
 */
static void test_wide_spread(void **state)
{
	static const struct spread sp = { 0x1d8e4e27c47d124fULL, 200, 50000, 2000, wide_first,
					  wide_later };

	(void)state;
	run_against_scan(&sp);
}

/*
 * Any use, not only the simulator's: times earlier than the last pop, at 0 and next to
 * UINT64_MAX (the ends of the key), ties by the hundred, and bursts that grow the queue far
 * past its first allocation then drain it. Every pop must carry the whole event (seq, kind, id,
 * gen) of the earliest pending one, as a scan says.
 */
static void test_any_order(void **state)
{
	enum { MAX = 3000 };
	static struct pending pd;
	static const uint64_t edge[] = { 0, 1, UINT64_MAX - 1, UINT64_MAX, 1ULL << 32, 1ULL << 63 };
	struct event_queue q;
	struct sim_event ev;
	uint64_t x = 0x9e3779b97f4a7c15ULL;
	unsigned pops = 0;

	(void)state;
	eq_init(&q);
	for (unsigned round = 0; round < 40000; round++) {
		/* phases: grow to MAX, drain, and in between as many pushes as pops */
		unsigned phase = round / 2000 % 4, r = (unsigned)(next_rand(&x) % 8);
		int push = phase == 0 ? r < 7 : phase == 2 ? r < 1 : r < 4;

		if (push && pd.n < MAX) {
			uint64_t v = next_rand(&x), t;

			if (v % 16 == 0)
				t = edge[(v >> 8) % 6];
			else if (v % 16 < 10)
				t = (v >> 8) % 20; /* ties, and often before the last pop */
			else
				t = v >> 4;
			if (v >> 62 == 3) /* in or out of the FIFO's order, whichever it is */
				push_pending_sorted(&q, &pd, t, (uint32_t)(v >> 40) % 7,
						    (uint32_t)(v >> 20));
			else
				push_pending(&q, &pd, t, (uint32_t)(v >> 40) % 7,
					     (uint32_t)(v >> 20));
		} else if (pd.n) {
			pop_earliest(&q, &pd);
			pops++;
		} else {
			assert_int_equal(eq_pop(&q, &ev), 0);
		}
	}
	while (pd.n--)
		assert_int_equal(eq_pop(&q, &ev), 1);
	assert_int_equal(eq_pop(&q, &ev), 0);
	assert_true(pops > 10000);
	eq_free(&q);
}

/*
 * The simulator's ticks: one per CPU on a grid of 1000 ns, each pushed by eq_push_sorted() at
 * the grid point after the popped time, as the tick's own pop or another event re-arms it; other
 * events through eq_push() a random time after, often on the grid (ties with the ticks, which
 * then pop by push order, whichever structure holds them). Now and then a push through
 * eq_push_sorted() earlier than the FIFO's last, which the heap keeps. Every pop must be the
 * earliest pending event, as a scan says, and what eq_peek() names must pop.
 */
static void test_sorted_fifo(void **state)
{
	enum { CPUS = 8, GRID = 1000 };
	static struct pending pd;
	struct event_queue q;
	uint64_t x = 0x6a09e667f3bcc909ULL;
	unsigned pops = 0, out_of_order = 0, ticks = CPUS;

	(void)state;
	pd.n = pd.seq = pd.peeked = 0;
	eq_init(&q);
	for (uint32_t c = 0; c < CPUS; c++)
		push_pending_sorted(&q, &pd, GRID, 1, c);
	for (unsigned i = 0; i < 40; i++)
		push_pending(&q, &pd, next_rand(&x) % (20 * GRID), 0, 0);
	while (pops < 60000) {
		struct sim_event ev = pop_earliest(&q, &pd);
		uint64_t v = next_rand(&x), next_grid = (ev.time / GRID + 1) * GRID;

		pops++;
		ticks -= ev.kind == 1;
		if (ev.kind == 1 || (v % 8 == 0 && ticks < 2 * CPUS)) { /* a tick, or a re-arm */
			push_pending_sorted(&q, &pd, next_grid, 1, (uint32_t)(v >> 40) % CPUS);
			ticks++;
		}
		if (ev.kind != 1 && pd.n < 200) {
			uint64_t later = v % 3 == 0 ? next_grid + (v >> 8) % 4 * GRID
						    : ev.time + (v >> 8) % (8 * GRID);

			push_pending(&q, &pd, later, 0, (uint32_t)(v >> 20));
			if (v % 2)
				push_pending(&q, &pd, ev.time + (v >> 30) % 3, 0, 0);
		}
		if (v % 1000 == 7) { /* before the FIFO's last tick, if any is later */
			push_pending_sorted(&q, &pd, ev.time, 1, 99);
			out_of_order++;
			ticks++;
		}
	}
	while (pd.n)
		pop_earliest(&q, &pd);
	assert_int_equal(eq_pop(&q, &(struct sim_event){ 0 }), 0);
	assert_true(out_of_order > 20);
	assert_true(pd.peeked > pops / 4);
	eq_free(&q);
}

/*
 * Thousands of events at one time, as tasks that all start at one instant: the simultaneous
 * events wrap around the storage of the lowest bucket while pops and pushes alternate, and the
 * queue grows while they are wrapped (10 pops then 10 + 1 pushes at a full 64: the first
 * growth). Every pop must be the earliest pending event by push order, as a scan says.
 */
static void test_many_simultaneous(void **state)
{
	static struct pending pd;
	struct event_queue q;
	uint64_t x = 0x2545f4914f6cdd1dULL;

	(void)state;
	eq_init(&q);
	for (unsigned i = 0; i < 64; i++)
		push_pending(&q, &pd, 7, 0, 0);
	for (unsigned i = 0; i < 10; i++)
		pop_earliest(&q, &pd);
	for (unsigned i = 0; i < 11; i++)
		push_pending(&q, &pd, 7, 0, 0);
	for (unsigned round = 0; round < 30000; round++) {
		unsigned r = (unsigned)(next_rand(&x) % 8);

		/* grow to 4000 at time 7, then as many pops as pushes, a few of them later */
		if (pd.n < 4000 && (round < 8000 ? r < 6 : r < 4))
			push_pending(&q, &pd, r == 0 ? 7 + next_rand(&x) % 3 : 7, 0, 0);
		else if (pd.n)
			pop_earliest(&q, &pd);
	}
	while (pd.n)
		pop_earliest(&q, &pd);
	assert_int_equal(eq_pop(&q, &(struct sim_event){ 0 }), 0);
	eq_free(&q);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_order_and_ties),
		cmocka_unit_test(test_interleaved),
		cmocka_unit_test(test_small_bucket),
		cmocka_unit_test(test_against_scan),
		cmocka_unit_test(test_wide_spread),
		cmocka_unit_test(test_any_order),
		cmocka_unit_test(test_many_simultaneous),
		cmocka_unit_test(test_sorted_fifo),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
