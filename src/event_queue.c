// SPDX-License-Identifier: MIT
/*
 * event_queue.c - a 4-ary min-heap keyed by (time, seq) (4 children per node: half the depth of
 * a binary heap, and the children share a cache line). seq is unique and increasing, so the
 * order is total and independent of how the heap happens to be laid out: two runs that push the
 * same events in the same order pop them in the same order.
 */
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

static int ev_before(const struct sim_event *a, const struct sim_event *b)
{
	return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

int eq_push(struct event_queue *q, uint64_t time, uint32_t kind, uint32_t id, uint32_t gen)
{
	struct sim_event ev = { time, q->next_seq++, kind, id, gen };
	uint32_t i;

	if (q->nr == q->cap) {
		uint32_t cap = q->cap ? q->cap * 2 : 64;
		struct sim_event *h = realloc(q->heap, (size_t)cap * sizeof(*h));

		CAPSIM_RETURN_IF(!h || cap < q->cap, CAPSIM_ERR_NOMEM);
		q->heap = h;
		q->cap = cap;
	}
	/* sift up */
	for (i = q->nr++; i > 0; ) {
		uint32_t parent = (i - 1) / 4;

		if (!ev_before(&ev, &q->heap[parent]))
			break;
		q->heap[i] = q->heap[parent];
		i = parent;
	}
	q->heap[i] = ev;
	return 0;
}

int eq_pop(struct event_queue *q, struct sim_event *ev)
{
	struct sim_event last;
	uint32_t i = 0;

	if (!q->nr)
		return 0;
	*ev = q->heap[0];
	last = q->heap[--q->nr];
	/* sift down the former last element from the root */
	for (;;) {
		uint32_t first = 4 * i + 1, c = first, end = first + 4 < q->nr ? first + 4 : q->nr;

		if (first >= q->nr)
			break;
		for (uint32_t k = first + 1; k < end; k++)
			if (ev_before(&q->heap[k], &q->heap[c]))
				c = k;
		if (!ev_before(&q->heap[c], &last))
			break;
		q->heap[i] = q->heap[c];
		i = c;
	}
	if (q->nr)
		q->heap[i] = last;
	return 1;
}

uint64_t eq_peek_time(const struct event_queue *q)
{
	return q->nr ? q->heap[0].time : UINT64_MAX;
}
