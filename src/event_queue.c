// SPDX-License-Identifier: MIT
/*
 * event_queue.c - the timeline as a timing wheel in front of a binary heap, ordered by
 * (time, seq), seq unique and increasing: the order is total, so two runs that push the same
 * events in the same order pop them in the same order, whatever the layout.
 *
 * The wheel holds the events of the next EQ_WHEEL_SLOTS slots of 2^EQ_SLOT_SHIFT ns from slot
 * cur: each slot keeps its events sorted (new ones almost always go last), and a bitmap finds
 * the first occupied slot. A simulator's events are mostly that near (ticks, completions,
 * periodic wake-ups): a pop is then a bit scan and a read instead of a heap's walk down a
 * dozen levels, each waiting on the last. Everything else - far events, and any event before
 * cur - waits in the heap; a pop takes the earlier of the wheel's first and the heap's, so the
 * order never depends on where an event is kept, and heap events move to the wheel as its
 * window reaches them.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "event_queue.h"
#include "internal.h"

_Static_assert(EQ_WHEEL_SLOTS % 64 == 0 && EQ_WHEEL_SLOTS / 64 <= 64,
	       "occupied_words has a bit per word of occupied[]");

struct eq_node {
	unsigned __int128 key; /* time << 64 | seq: the order in one unsigned comparison */
	uint32_t kind, id, gen;
};

struct eq_slot {
	struct eq_node *ev;     /* ev[head..nr) sorted by key */
	uint32_t head, nr, cap;
};

static inline uint64_t slot_of(unsigned __int128 key)
{
	return (uint64_t)(key >> 64) >> EQ_SLOT_SHIFT;
}

void eq_init(struct event_queue *q)
{
	memset(q, 0, sizeof(*q));
}

void eq_free(struct event_queue *q)
{
	if (q->wheel)
		for (unsigned i = 0; i < EQ_WHEEL_SLOTS; i++)
			free(q->wheel[i].ev);
	free(q->wheel);
	free(q->heap);
	eq_init(q);
}

/* ---- the heap ---------------------------------------------------------------------------- */

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

static int heap_push(struct event_queue *q, const struct eq_node *n)
{
	if (q->nr == q->cap) {
		uint32_t cap = q->cap ? q->cap * 2 : 64;
		struct eq_node *h = realloc(q->heap, (size_t)cap * sizeof(*h));

		CAPSIM_RETURN_IF(!h || cap < q->cap, CAPSIM_ERR_NOMEM);
		q->heap = h;
		q->cap = cap;
	}
	q->heap[sift_up(q->heap, q->nr++, n->key)] = *n;
	return 0;
}

/* Remove the root (Floyd): its hole walks down along the smaller children, then the former
 * last element fills it from the leaf it reached. */
static void heap_remove_top(struct event_queue *q)
{
	struct eq_node *heap = q->heap;
	uint32_t i = 0, c, n = --q->nr;

	if (!n)
		return;
	while ((c = 2 * i + 1) + 1 < n) {
		c += heap[c + 1].key < heap[c].key;
		heap[i] = heap[c];
		i = c;
	}
	if (c < n) {
		heap[i] = heap[c];
		i = c;
	}
	heap[sift_up(heap, i, heap[n].key)] = heap[n];
}

/* ---- the wheel --------------------------------------------------------------------------- */

/* Insert @n in its slot, after every event that precedes it (usually all of them). */
static int slot_insert(struct event_queue *q, const struct eq_node *n)
{
	unsigned s = (unsigned)(slot_of(n->key) % EQ_WHEEL_SLOTS);
	struct eq_slot *sl = &q->wheel[s];
	uint32_t i;

	if (sl->nr == sl->cap) {
		if (sl->head) { /* room at the front: slide down */
			memmove(sl->ev, sl->ev + sl->head, (sl->nr - sl->head) * sizeof(*sl->ev));
			sl->nr -= sl->head;
			sl->head = 0;
		} else {
			uint32_t cap = sl->cap ? sl->cap * 2 : 4;
			struct eq_node *ev = realloc(sl->ev, (size_t)cap * sizeof(*ev));

			CAPSIM_RETURN_IF(!ev || cap < sl->cap, CAPSIM_ERR_NOMEM);
			sl->ev = ev;
			sl->cap = cap;
		}
	}
	for (i = sl->nr; i > sl->head && n->key < sl->ev[i - 1].key; i--)
		sl->ev[i] = sl->ev[i - 1];
	sl->ev[i] = *n;
	sl->nr++;
	q->occupied[s / 64] |= 1ULL << (s % 64);
	q->occupied_words |= 1ULL << (s / 64);
	return 0;
}

/*
 * The first occupied slot from cur's on (wrapping), or -1 if the wheel is empty: cur's word
 * from cur's bit, the words after it, the words before it, then cur's word before cur's bit.
 */
static int first_slot(const struct event_queue *q)
{
	unsigned p = (unsigned)(q->cur % EQ_WHEEL_SLOTS), w = p / 64, b = p % 64;
	uint64_t bits = q->occupied[w] & (~0ULL << b), words;

	if (bits)
		return (int)(w * 64 + (unsigned)__builtin_ctzll(bits));
	words = q->occupied_words & (~0ULL << w) & ~(1ULL << w);
	if (!words)
		words = q->occupied_words & ((1ULL << w) - 1);
	if (words) {
		unsigned k = (unsigned)__builtin_ctzll(words);

		return (int)(k * 64 + (unsigned)__builtin_ctzll(q->occupied[k]));
	}
	bits = q->occupied[w] & ~(~0ULL << b);
	return bits ? (int)(w * 64 + (unsigned)__builtin_ctzll(bits)) : -1;
}

/* The window now starts at slot @cur: heap events it covers join the wheel (when they can). */
static void advance(struct event_queue *q, uint64_t cur)
{
	q->cur = cur;
	while (q->nr && slot_of(q->heap[0].key) >= cur &&
	       slot_of(q->heap[0].key) < cur + EQ_WHEEL_SLOTS) {
		struct eq_node n = q->heap[0];

		if (slot_insert(q, &n))
			return; /* it stays in the heap, where pops still find it */
		heap_remove_top(q);
	}
}

int eq_push(struct event_queue *q, uint64_t time, uint32_t kind, uint32_t id, uint32_t gen)
{
	struct eq_node n = { (unsigned __int128)time << 64 | q->next_seq++, kind, id, gen };
	uint64_t slot = time >> EQ_SLOT_SHIFT;

	if (!q->wheel) {
		q->wheel = calloc(EQ_WHEEL_SLOTS, sizeof(*q->wheel));
		CAPSIM_RETURN_IF(!q->wheel, CAPSIM_ERR_NOMEM);
	}
	if (slot >= q->cur && slot < q->cur + EQ_WHEEL_SLOTS && !slot_insert(q, &n))
		return 0;
	return heap_push(q, &n);
}

int eq_pop(struct event_queue *q, struct sim_event *ev)
{
	int s = q->wheel ? first_slot(q) : -1;
	struct eq_slot *sl = s >= 0 ? &q->wheel[s] : NULL;
	struct eq_node n;

	if (sl && (!q->nr || sl->ev[sl->head].key < q->heap[0].key)) {
		n = sl->ev[sl->head++];
		if (sl->head == sl->nr) {
			sl->head = sl->nr = 0;
			q->occupied[s / 64] &= ~(1ULL << (s % 64));
			if (!q->occupied[s / 64])
				q->occupied_words &= ~(1ULL << (s / 64));
		}
	} else if (q->nr) {
		n = q->heap[0];
		heap_remove_top(q);
	} else {
		return 0;
	}
	if (slot_of(n.key) > q->cur)
		advance(q, slot_of(n.key));
	*ev = (struct sim_event){ (uint64_t)(n.key >> 64), (uint64_t)n.key, n.kind, n.id, n.gen };
	return 1;
}
