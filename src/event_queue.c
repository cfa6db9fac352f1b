// SPDX-License-Identifier: MIT
/*
 * event_queue.c - a binary min-heap keyed by (time, seq). seq is unique and increasing, so the
 * order is total and independent of how the heap happens to be laid out: two runs that push the
 * same events in the same order pop them in the same order.
 *
 * Pop is bottom-up (Floyd): the hole left by the root walks down to a leaf along the smaller
 * children, one branch-free comparison per level, and the former last element then sifts up
 * from there, usually by a level or none. A simulator heap mixes timers, ticks and completions
 * whose order the branch predictor cannot guess, so branches, not loads, are what pops cost.
 */
#include <stdbool.h>
#include <stdlib.h>

#include "event_queue.h"
#include "internal.h"

void eq_init(struct event_queue *q)
{
	q->heap = NULL;
	q->nr = q->cap = 0;
	q->next_seq = 0;
}

void eq_free(struct event_queue *q)
{
	free(q->heap);
	eq_init(q);
}

/* (time, seq) order, computed without branches */
static inline bool ev_before(const struct sim_event *a, const struct sim_event *b)
{
	return (a->time < b->time) | ((a->time == b->time) & (a->seq < b->seq));
}

/* Move @ev up from the hole at @i to its place. */
static inline void sift_up(struct sim_event *heap, uint32_t i, const struct sim_event *ev)
{
	while (i > 0) {
		uint32_t parent = (i - 1) / 2;

		if (!ev_before(ev, &heap[parent]))
			break;
		heap[i] = heap[parent];
		i = parent;
	}
	heap[i] = *ev;
}

int eq_push(struct event_queue *q, uint64_t time, uint32_t kind, uint32_t id, uint32_t gen)
{
	struct sim_event ev = { time, q->next_seq++, kind, id, gen };

	if (q->nr == q->cap) {
		uint32_t cap = q->cap ? q->cap * 2 : 64;
		struct sim_event *h = realloc(q->heap, (size_t)cap * sizeof(*h));

		CAPSIM_RETURN_IF(!h || cap < q->cap, CAPSIM_ERR_NOMEM);
		q->heap = h;
		q->cap = cap;
	}
	sift_up(q->heap, q->nr++, &ev);
	return 0;
}

int eq_pop(struct event_queue *q, struct sim_event *ev)
{
	struct sim_event *heap = q->heap;
	uint32_t i = 0, c, n;

	if (!q->nr)
		return 0;
	*ev = heap[0];
	n = --q->nr;
	if (!n)
		return 1;
	/* the hole walks down to a leaf along the smaller child */
	while ((c = 2 * i + 1) + 1 < n) {
		c += ev_before(&heap[c + 1], &heap[c]);
		heap[i] = heap[c];
		i = c;
	}
	if (c < n) {
		heap[i] = heap[c];
		i = c;
	}
	/* the former last element fills it, moving up as far as it must */
	sift_up(heap, i, &heap[n]);
	return 1;
}
