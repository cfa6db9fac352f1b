// SPDX-License-Identifier: MIT
/*
 * event_queue.c - the timeline as a radix heap (Ahuja, Mehlhorn, Orlin, Tarjan), ordered by
 * (time, seq). seq is unique and increasing, so the order is total and independent of where
 * an event is kept: two runs that push the same events in the same order pop them in the same
 * order.
 *
 * A simulator never schedules into the past: every event it pushes is at or after the last one
 * popped (@last). Such events wait in bucket i when their time first differs from @last at bit
 * i - 1, in bucket 0 when it equals @last. A pop takes bucket 0's earliest-pushed event; when
 * bucket 0 is empty, the lowest non-empty bucket's earliest time becomes @last and its events
 * move to lower buckets (each event moves at most 64 times, in practice a few). Every bucket
 * holds its events in push order: a push appends the latest seq, and a redistribution moves a
 * bucket's events in their order into buckets that are all empty. So bucket 0's earliest-pushed
 * event is its first, and bucket 0 is a ring that pops from its head: a pop costs the same
 * whether one event or 100 000 share its time (a scan for the least seq made 100 000 tasks
 * started at one instant quadratic). Unlike a binary
 * heap, whose pop walks down a dozen levels each waiting on the last load, the work is appends
 * to a few hot arrays, each with room for every queued event so that only a push allocates. An event pushed before @last (only
 * other users do that) waits in a small binary heap that pops first: every event in it is
 * earlier than every bucketed one.
 */
#include <stdlib.h>
#include <string.h>

#include "sim/event_queue.h"
#include "internal.h"

struct eq_node {
	uint64_t time, seq;
	uint32_t kind, id, gen;
};

void eq_init(struct event_queue *q)
{
	memset(q, 0, sizeof(*q));
}

void eq_free(struct event_queue *q)
{
	for (unsigned i = 0; i < EQ_BUCKETS; i++)
		free(q->bucket[i].ev);
	free(q->past);
	eq_init(q);
}

/* The bucket of an event at @time when the last pop was at @last (time >= last). */
static inline unsigned bucket_of(uint64_t time, uint64_t last)
{
	return time == last ? 0 : 64 - (unsigned)__builtin_clzll(time ^ last);
}

static inline bool node_before(const struct eq_node *a, const struct eq_node *b)
{
	return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

/*
 * Every bucket gets room for twice as many events as now: a bucket never holds more events
 * than the queue, so pushes and redistributions then never run out of room. Only the events
 * held are copied (not realloc(), which copies the whole old room): memory a bucket never
 * fills is never touched. Out of line: the hot paths only test. A failed allocation leaves the
 * queue usable at its present room.
 */
static __attribute__((noinline, cold)) int grow_buckets(struct event_queue *q)
{
	uint32_t room = q->room ? q->room * 2 : 64;

	CAPSIM_RETURN_IF(room < q->room, CAPSIM_ERR_NOMEM);
	for (unsigned i = 0; i < EQ_BUCKETS; i++) {
		struct eq_bucket *b = &q->bucket[i];
		struct eq_node *n = malloc((size_t)room * sizeof(*n));

		CAPSIM_RETURN_IF(!n, CAPSIM_ERR_NOMEM);
		if (b->nr) {
			/* bucket 0's ring is unrolled from its head; the others start at 0 */
			uint32_t head = i ? 0 : q->head0;
			uint32_t first = q->room - head < b->nr ? q->room - head : b->nr;

			memcpy(n, b->ev + head, first * sizeof(*n));
			memcpy(n + first, b->ev, (b->nr - first) * sizeof(*n));
		}
		free(b->ev);
		b->ev = n;
		if (i == 0)
			q->head0 = 0; /* consistent with either room if a later bucket fails */
	}
	q->room = room;
	return 0;
}

/*
 * Append @n to bucket @i, whose room the caller made. Bucket 0's ring wraps at @room, a power
 * of two; the other buckets start at 0 and never reach it, so the mask leaves them alone.
 */
static inline void bucket_put(struct event_queue *q, unsigned i, const struct eq_node *n)
{
	struct eq_bucket *b = &q->bucket[i];

	b->ev[((i ? 0 : q->head0) + b->nr++) & (q->room - 1)] = *n;
	if (i)
		q->occupied |= 1ULL << (i - 1);
}

/* ---- events before @last: a binary min-heap, for generality ------------------------------- */

static int past_push(struct event_queue *q, const struct eq_node *n)
{
	uint32_t i;

	if (q->nr_past == q->cap_past) {
		uint32_t cap = q->cap_past ? q->cap_past * 2 : 8;
		struct eq_node *h = realloc(q->past, (size_t)cap * sizeof(*h));

		CAPSIM_RETURN_IF(!h || cap < q->cap_past, CAPSIM_ERR_NOMEM);
		q->past = h;
		q->cap_past = cap;
	}
	for (i = q->nr_past++; i > 0 && node_before(n, &q->past[(i - 1) / 2]); i = (i - 1) / 2)
		q->past[i] = q->past[(i - 1) / 2];
	q->past[i] = *n;
	return 0;
}

static void past_pop(struct event_queue *q, struct eq_node *out)
{
	struct eq_node *h = q->past;
	uint32_t i = 0, c, n = --q->nr_past;

	*out = h[0];
	while ((c = 2 * i + 1) < n) {
		if (c + 1 < n && node_before(&h[c + 1], &h[c]))
			c++;
		if (!node_before(&h[c], &h[n]))
			break;
		h[i] = h[c];
		i = c;
	}
	h[i] = h[n];
}

/* ---- the radix heap ------------------------------------------------------------------------ */

int eq_push(struct event_queue *q, uint64_t time, uint32_t kind, uint32_t id, uint32_t gen)
{
	struct eq_node n = { time, q->next_seq, kind, id, gen };

	if (q->nr == q->room && grow_buckets(q))
		return CAPSIM_ERR_NOMEM;
	if (time < q->last) {
		int ret = past_push(q, &n);

		if (ret)
			return ret;
	} else {
		bucket_put(q, bucket_of(time, q->last), &n);
	}
	q->next_seq++;
	q->nr++;
	return 0;
}

/*
 * Bucket 0 is empty and bucket @i is the lowest holding events: its earliest time becomes @last
 * and its events move to the (empty) buckets below it.
 */
static void redistribute(struct event_queue *q, unsigned i)
{
	struct eq_bucket *b = &q->bucket[i];
	const struct eq_node *ev = b->ev;
	uint32_t nr = b->nr;
	uint64_t last = ev[0].time;

	for (uint32_t k = 1; k < nr; k++)
		last = ev[k].time < last ? ev[k].time : last;
	q->last = last;
	q->occupied &= ~(1ULL << (i - 1));
	b->nr = 0;
	for (uint32_t k = 0; k < nr; k++)
		bucket_put(q, bucket_of(ev[k].time, last), &ev[k]);
}

/* The earliest-pushed event of bucket 0 (all at @last), its ring's head, leaves it. */
static void bucket0_pop(struct event_queue *q, struct eq_node *out)
{
	struct eq_bucket *b0 = &q->bucket[0];

	*out = b0->ev[q->head0];
	q->head0 = (q->head0 + 1) & (q->room - 1);
	b0->nr--;
}

int eq_pop(struct event_queue *q, struct sim_event *ev)
{
	struct eq_node n;

	if (!q->nr)
		return 0;
	if (q->nr_past) {
		past_pop(q, &n);
	} else {
		if (!q->bucket[0].nr)
			redistribute(q, (unsigned)__builtin_ctzll(q->occupied) + 1);
		bucket0_pop(q, &n);
	}
	q->nr--;
	*ev = (struct sim_event){ n.time, n.seq, n.kind, n.id, n.gen };
	return 1;
}
