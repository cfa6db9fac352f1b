// SPDX-License-Identifier: MIT
/*
 * event_queue.c - a binary min-heap keyed by (time, seq). seq is unique and increasing, so the
 * order is total and independent of how the heap happens to be laid out: two runs that push the
 * same events in the same order pop them in the same order.
 *
 * A slot keeps (time, seq) as one 128-bit key, time in the high half: the lexicographic order
 * is then a single unsigned comparison (cmp, sbb), with no branch and no separate tie test.
 *
 * Pop is bottom-up (Floyd): the hole left by the root walks down to a leaf along the smaller
 * children, one branch-free comparison per level, and the former last element then sifts up
 * from there, usually by a level or none. A simulator heap mixes timers, ticks and completions
 * whose order the branch predictor cannot guess, so branches, not loads, are what pops cost.
 */
#include <stdlib.h>

#include "event_queue.h"
#include "internal.h"

struct eq_node {
	unsigned __int128 key; /* time << 64 | seq */
	uint32_t kind, id, gen;
};

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

/* The slot, on the way from @i up to the root, for key @key: the parents it passes move down. */
static inline uint32_t sift_up(struct eq_node *heap, uint32_t i, unsigned __int128 key)
{
	while (i > 0) {
		uint32_t parent = (i - 1) / 2;

		if (key >= heap[parent].key)
			break;
		heap[i] = heap[parent];
		i = parent;
	}
	return i;
}

/* The node is stored field by field: a copy of one built on the stack would wait for it. */
static inline void push(struct event_queue *q, unsigned __int128 key, uint32_t kind, uint32_t id,
			uint32_t gen)
{
	struct eq_node *slot = &q->heap[sift_up(q->heap, q->nr++, key)];

	slot->key = key;
	slot->kind = kind;
	slot->id = id;
	slot->gen = gen;
}

/*
 * Double the storage, then push. Out of line, and the only call on the way: a push that does
 * not grow then saves no registers.
 */
static __attribute__((noinline, cold)) int grow_and_push(struct event_queue *q,
							 unsigned __int128 key, uint32_t kind,
							 uint32_t id, uint32_t gen)
{
	uint32_t cap = q->cap ? q->cap * 2 : 64;
	struct eq_node *h = realloc(q->heap, (size_t)cap * sizeof(*h));

	CAPSIM_RETURN_IF(!h || cap < q->cap, CAPSIM_ERR_NOMEM);
	q->heap = h;
	q->cap = cap;
	push(q, key, kind, id, gen);
	return 0;
}

int eq_push(struct event_queue *q, uint64_t time, uint32_t kind, uint32_t id, uint32_t gen)
{
	unsigned __int128 key = (unsigned __int128)time << 64 | q->next_seq++;

	if (q->nr == q->cap)
		return grow_and_push(q, key, kind, id, gen);
	push(q, key, kind, id, gen);
	return 0;
}

int eq_pop(struct event_queue *q, struct sim_event *ev)
{
	struct eq_node *heap = q->heap;
	uint32_t i = 0, c, n;

	if (!q->nr)
		return 0;
	*ev = (struct sim_event){ (uint64_t)(heap->key >> 64), (uint64_t)heap->key,
				  heap->kind, heap->id, heap->gen };
	n = --q->nr;
	if (!n)
		return 1;
	/* the hole walks down to a leaf along the smaller child */
	while ((c = 2 * i + 1) + 1 < n) {
		c += heap[c + 1].key < heap[c].key;
		heap[i] = heap[c];
		i = c;
	}
	if (c < n) {
		heap[i] = heap[c];
		i = c;
	}
	/* the former last element fills it, moving up as far as it must */
	heap[sift_up(heap, i, heap[n].key)] = heap[n];
	return 1;
}
