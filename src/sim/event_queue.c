// SPDX-License-Identifier: MIT
/*
 * event_queue.c - the timeline as a radix heap (Ahuja, Mehlhorn, Orlin, Tarjan), ordered by
 * (time, seq). seq is unique and increasing, so the order is total and independent of where
 * an event is kept: two runs that push the same events in the same order pop them in the same
 * order.
 *
 * A simulator never schedules into the past: every event it pushes is at or after the last one
 * popped (@last). Such events wait in bucket 0 when their time equals @last, else in the bucket
 * of the highest byte L where they differ from @last and of their value d there (greater than
 * @last's, so not 0): bucket 256 L + d, which is its occupied bit (bucket 0, the unused (0, 0),
 * has none). Every event of bucket (L, d) is later than every event of
 * a lower bucket (they agree with @last above digit L, and their digit L is @last's or below
 * d), earlier than every event of a higher one. A pop takes bucket 0's earliest-pushed event;
 * when bucket 0 is empty, the lowest non-empty bucket's earliest time becomes @last and its
 * events move to lower buckets: below level L, as they now agree with @last down to digit L
 * (each event moves at most 8 times; bytes moved a third as many events as hex digits did in
 * bench (d), which moved half as many as one bucket a bit). A lowest bucket of at
 * most EQ_SCAN events gives its earliest in place instead, @last left as it is (which still
 * places every event where it is). Every bucket
 * holds its events in push order: a push appends the latest seq, and a redistribution moves a
 * bucket's events in their order into buckets that are all empty. So bucket 0's earliest-pushed
 * event is its first, and a pop takes it from the front: a pop costs the same whether one event
 * or 100 000 share its time (a scan for the least seq made 100 000 tasks started at one instant
 * quadratic). Unlike a binary heap, whose pop walks down a dozen levels each waiting on the last
 * load, the work is appends to a few hot blocks.
 *
 * A bucket is a chain of fixed-size blocks shared by all buckets through a spare list, so the
 * memory follows the events queued, not the most each bucket ever held: a cascade of
 * redistributions passes every event through a dozen buckets (at 10 000 timers, a dozen
 * buckets reached 10 000 events each, and the queue 5.6 MiB resident). A push keeps enough
 * blocks for every bucket to have a partial one beside its full ones, so that a pop never
 * allocates and never fails. An event pushed before @last (only other users do that) waits in
 * a small binary heap that pops first: every event in it is earlier than every bucketed one.
 *
 * Events pushed in time order (the ticks, each at the jiffy after now) skip the heap: they wait
 * in a FIFO, sorted by (time, seq) as each comes no earlier than the one before it and with a
 * later seq, and a pop takes the FIFO's first when the heap holds nothing before it. That costs
 * a comparison with the heap's lowest time at each pop, and saves a tick its push into a bucket,
 * its moves and its pop from the heap.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "sim/event_queue.h"
#include "internal.h"

struct eq_node {
	uint64_t time, seq;
	uint32_t kind, id, gen;
};

/* 7 events and the link: 232 bytes (every one of the 2048 buckets keeps one once used). */
#define EQ_BLOCK 7
/* the most events of a lowest bucket its earliest is taken from in place (bucket_take_earliest()) */
#define EQ_SCAN 3

struct eq_block {
	struct eq_block *next;
	struct eq_node ev[EQ_BLOCK];
};

/* An empty FIFO's first: after every event (seq UINT64_MAX is never taken), so never popped */
static const struct eq_node fifo_none = { UINT64_MAX, UINT64_MAX, 0, 0, 0 };

void eq_init(struct event_queue *q)
{
	memset(q, 0, sizeof(*q));
	q->fifo_first = &fifo_none;
	/* no block yet: a tail that counts as full makes the first append take one */
	for (unsigned i = 0; i < EQ_BUCKETS; i++) {
		q->bucket[i].tail_nr = EQ_BLOCK;
		q->bucket[i].min_time = UINT64_MAX;
	}
}

/*
 * Bucket @b is empty and keeps its tail block (whose next is NULL): a bucket emptied and filled
 * again at nearly every pop (most hold a few events) then takes no block from the spares.
 */
static inline void bucket_keep_tail(struct eq_bucket *b)
{
	b->head = b->tail;
	b->first = b->tail_nr = b->nr = 0;
	b->min_time = UINT64_MAX;
}

static void free_chain(struct eq_block *blk)
{
	while (blk) {
		struct eq_block *next = blk->next;

		free(blk);
		blk = next;
	}
}

void eq_free(struct event_queue *q)
{
	for (unsigned i = 0; i < EQ_BUCKETS; i++)
		free_chain(q->bucket[i].head);
	free_chain(q->spare);
	free(q->past);
	free(q->fifo);
	eq_init(q);
}

/* The bucket of an event at @time when the last pop was at @last (time >= last). */
static inline unsigned bucket_of(uint64_t time, uint64_t last)
{
	unsigned shift;

	if (time == last)
		return 0;
	shift = (63 - (unsigned)__builtin_clzll(time ^ last)) & ~7u; /* 8 L */
	return (shift << 5) + (unsigned)((time >> shift) & 255);
}

static inline bool node_before(const struct eq_node *a, const struct eq_node *b)
{
	return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

/*
 * One more spare block (the first time, enough for every bucket). Blocks in use are at most
 * nr / EQ_BLOCK full ones, one partial (or empty) block a bucket, one more in bucket 0 (popped
 * at its head, appended at its tail) and one in a redistribution (read from its head): with
 * nr_blocks blocks, no append runs short while nr <= @room. Out of line: the hot path only
 * tests. A failed allocation leaves the queue as it was.
 */
static __attribute__((noinline, cold)) int add_spare(struct event_queue *q)
{
	do {
		struct eq_block *blk = malloc(sizeof(*blk));

		CAPSIM_RETURN_IF(!blk, CAPSIM_ERR_NOMEM);
		blk->next = q->spare;
		q->spare = blk;
		q->nr_blocks++;
	} while (q->nr_blocks < EQ_BUCKETS + 2);
	q->room = (q->nr_blocks - EQ_BUCKETS - 1) * EQ_BLOCK - 1;
	return 0;
}

static inline void put_spare(struct event_queue *q, struct eq_block *blk)
{
	blk->next = q->spare;
	q->spare = blk;
}

/* Bucket @b's tail is full: a spare block (there is one, see blocks_needed()) follows it. */
static __attribute__((noinline)) void bucket_extend(struct event_queue *q, struct eq_bucket *b)
{
	struct eq_block *blk = q->spare;

	q->spare = blk->next;
	blk->next = NULL;
	if (b->tail)
		b->tail->next = blk;
	else
		b->head = blk;
	b->tail = blk;
	b->tail_nr = 0;
}

/* Bucket @i (1..2047) holds events: its occupied bit and its word's are set. */
static inline void occupy(struct event_queue *q, unsigned i)
{
	q->occupied[i / 64] |= 1ULL << (i % 64);
	q->occupied_words |= 1u << (i / 64);
}

/* Append @n to bucket @i. */
static inline void bucket_put(struct event_queue *q, unsigned i, const struct eq_node *n)
{
	struct eq_bucket *b = &q->bucket[i];

	if (b->tail_nr == EQ_BLOCK)
		bucket_extend(q, b);
	b->tail->ev[b->tail_nr++] = *n;
	if (i) {
		occupy(q, i);
		b->min_time = n->time < b->min_time ? n->time : b->min_time;
	} else {
		b->nr++;
	}
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

/* @n, of seq @next_seq, is queued in the heap */
static inline int pushed(struct event_queue *q)
{
	q->next_seq++;
	q->nr++;
	return 0;
}

/*
 * Any push: @n waits in the past heap or in its bucket, after whatever growth that takes. Out
 * of line: eq_push() calls it only when its own path does not do (see there).
 */
static __attribute__((noinline)) int push_any(struct event_queue *q, const struct eq_node *n)
{
	if (q->nr == q->room && add_spare(q))
		return CAPSIM_ERR_NOMEM;
	if (n->time < q->last) {
		int ret = past_push(q, n);

		if (ret)
			return ret;
	} else {
		bucket_put(q, bucket_of(n->time, q->last), n);
	}
	return pushed(q);
}

/*
 * A push with room, at or after @last, into a bucket whose tail block has room (nearly every
 * one) appends and calls nothing, so it saves no register; any other goes through push_any().
 */
int eq_push(struct event_queue *q, uint64_t time, uint32_t kind, uint32_t id, uint32_t gen)
{
	struct eq_node n = { time, q->next_seq, kind, id, gen };
	unsigned i;

	if (q->nr == q->room || time < q->last)
		return push_any(q, &n);
	i = bucket_of(time, q->last);
	if (q->bucket[i].tail_nr == EQ_BLOCK)
		return push_any(q, &n);
	bucket_put(q, i, &n);
	return pushed(q);
}

/*
 * Bucket 0 is empty and bucket @i is the lowest holding events (its occupied bit already
 * cleared): its earliest time (which its appends kept) becomes @last and its events move to
 * the (empty) buckets below it, block by block, each block spare again once read but the last,
 * which the emptied bucket keeps.
 */
static void redistribute(struct event_queue *q, unsigned i)
{
	/* the moves go below @i: @b stays as it is until it keeps its tail */
	struct eq_bucket *b = &q->bucket[i];
	struct eq_block *blk = b->head, *tail = b->tail;
	uint64_t last = b->min_time;

	q->last = last;
	for (;;) {
		struct eq_block *next = blk->next;
		uint32_t n = blk == tail ? b->tail_nr : EQ_BLOCK;

		__builtin_prefetch(next); /* a hint: a large bucket's blocks come from memory */

		for (uint32_t e = 0; e < n; e++)
			bucket_put(q, bucket_of(blk->ev[e].time, last), &blk->ev[e]);
		if (blk == tail)
			break;
		put_spare(q, blk);
		blk = next;
	}
	bucket_keep_tail(b);
}

/* The lowest non-empty bucket (1..2047); there is one when bucket 0 is empty and q->nr > 0. */
static inline unsigned lowest_bucket(const struct event_queue *q)
{
	unsigned w = (unsigned)__builtin_ctz(q->occupied_words);

	return w * 64 + (unsigned)__builtin_ctzll(q->occupied[w]);
}

/* Bucket @i, the lowest non-empty one, is about to be emptied: its occupied bit, the lowest
 * set, is cleared, and its word's, the lowest set, if that was the word's last */
static inline void clear_lowest_bucket(struct event_queue *q, unsigned i)
{
	uint64_t *w = &q->occupied[i / 64];

	*w &= *w - 1;
	if (!*w)
		q->occupied_words &= q->occupied_words - 1;
}

/*
 * The earliest event of bucket @b when its first block holds it: the first of the bucket's
 * earliest time (a bucket is in push order), else NULL.
 */
static inline struct eq_node *bucket_earliest(const struct eq_bucket *b)
{
	uint32_t nr = b->head == b->tail ? b->tail_nr : EQ_BLOCK;

	for (uint32_t j = 0; j < nr; j++)
		if (b->head->ev[j].time == b->min_time)
			return &b->head->ev[j];
	return NULL;
}

/*
 * Bucket @i, the lowest holding events, holds at most EQ_SCAN in one block: its earliest event
 * leaves it into @out without a redistribution. Its only one is that, else the first of
 * the bucket's earliest time (a bucket is in push order, which the removal keeps). The others
 * stay where they are, and so does @last, which still places them there: no bucket is emptied
 * and no event moves (a redistribution moved every event of the bucket to a lower one, to
 * move again as @last came nearer: about 3 moves an event in bench (d)). Its only event also
 * moves @last to its time, as a redistribution would, and empties it (its occupied bit
 * cleared); with others it stays occupied.
 */
static void bucket_take_earliest(struct event_queue *q, unsigned i, struct eq_node *out)
{
	struct eq_bucket *b = &q->bucket[i];
	struct eq_node *ev = b->tail->ev;
	uint32_t j = 0, nr = b->tail_nr;
	uint64_t min = UINT64_MAX;

	if (nr == 1) {
		*out = ev[0];
		q->last = out->time;
		clear_lowest_bucket(q, i);
		bucket_keep_tail(b);
		return;
	}
	while (ev[j].time != b->min_time)
		j++;
	*out = ev[j];
	b->tail_nr = --nr;
	for (; j < nr; j++)
		ev[j] = ev[j + 1];
	for (j = 0; j < nr; j++)
		min = ev[j].time < min ? ev[j].time : min;
	b->min_time = min;
}

/* The earliest-pushed event of bucket 0 (all at @last), its first, leaves it. */
static void bucket0_pop(struct event_queue *q, struct eq_node *out)
{
	struct eq_bucket *b0 = &q->bucket[0];
	struct eq_block *head = b0->head;

	*out = head->ev[b0->first++];
	if (!--b0->nr) {
		bucket_keep_tail(b0); /* the head was the tail */
	} else if (b0->first == EQ_BLOCK) {
		b0->head = head->next;
		b0->first = 0;
		put_spare(q, head);
	}
}

/*
 * The earliest event of bucket @i, the lowest holding events (bucket 0 empty), leaves it into
 * @out: in place from a small bucket, else through a redistribution into bucket 0.
 */
static void lowest_pop(struct event_queue *q, unsigned i, struct eq_node *out)
{
	struct eq_bucket *b = &q->bucket[i];

	if (b->head == b->tail && b->tail_nr <= EQ_SCAN) {
		bucket_take_earliest(q, i, out);
	} else {
		clear_lowest_bucket(q, i);
		redistribute(q, i);
		bucket0_pop(q, out);
	}
}

/* ---- the FIFO of events pushed in time order ------------------------------------------------ */

static inline struct eq_node *fifo_at(const struct event_queue *q, uint32_t k)
{
	return &q->fifo[(q->fifo_head + k) & (q->cap_fifo - 1)];
}

/* Twice the room (8 events the first time), the events in order from 0. Out of line: rare. */
static __attribute__((noinline, cold)) int fifo_grow(struct event_queue *q)
{
	uint32_t cap = q->cap_fifo ? q->cap_fifo * 2 : 8;
	struct eq_node *f = malloc((size_t)cap * sizeof(*f));

	if (!f || cap < q->cap_fifo) {
		free(f);
		return CAPSIM_ERR_NOMEM;
	}
	for (uint32_t k = 0; k < q->nr_fifo; k++)
		f[k] = *fifo_at(q, k);
	free(q->fifo);
	q->fifo = f;
	q->cap_fifo = cap;
	q->fifo_head = 0;
	if (q->nr_fifo)
		q->fifo_first = f;
	return 0;
}

int eq_push_sorted(struct event_queue *q, uint64_t time, uint32_t kind, uint32_t id, uint32_t gen)
{
	struct eq_node n = { time, q->next_seq, kind, id, gen }, *slot;

	if (q->nr_fifo && time < fifo_at(q, q->nr_fifo - 1)->time)
		return eq_push(q, time, kind, id, gen); /* out of order: the heap keeps it */
	if (q->nr_fifo == q->cap_fifo && fifo_grow(q))
		return CAPSIM_ERR_NOMEM;
	slot = fifo_at(q, q->nr_fifo);
	*slot = n;
	if (!q->nr_fifo++)
		q->fifo_first = slot;
	q->next_seq++;
	return 0;
}

/* Where the next pop takes its event from */
enum eq_source { EQ_NONE, EQ_FIFO, EQ_PAST, EQ_BUCKET0, EQ_LOWEST };

static inline const struct eq_node *bucket0_first(const struct event_queue *q)
{
	return &q->bucket[0].head->ev[q->bucket[0].first];
}

/*
 * Where the earliest event is, by time then seq: the FIFO's first, or the heap's earliest (for
 * EQ_LOWEST in bucket *@i, the lowest non-empty). The lowest bucket's earliest time is known
 * without a move; at a tie with the FIFO's first, so is its earliest event unless the bucket is
 * large: it is then redistributed (as its pop would be), its events of that time to bucket 0.
 */
static enum eq_source next_source(struct event_queue *q, unsigned *i)
{
	const struct eq_node *f = q->fifo_first;
	const struct eq_bucket *b;

	if (q->nr_past | q->bucket[0].nr) /* rare: one test for both */
		return q->nr_past ? (node_before(f, &q->past[0]) ? EQ_FIFO : EQ_PAST)
				  : (node_before(f, bucket0_first(q)) ? EQ_FIFO : EQ_BUCKET0);
	/* the heap's other events are its buckets': none when no bucket is occupied */
	assert(!q->occupied_words == !q->nr);
	if (!q->occupied_words)
		return q->nr_fifo ? EQ_FIFO : EQ_NONE;
	*i = lowest_bucket(q);
	b = &q->bucket[*i];
	if (f->time != b->min_time)
		return f->time < b->min_time ? EQ_FIFO : EQ_LOWEST;
	if (b->head == b->tail && b->tail_nr <= EQ_SCAN)
		return f->seq < bucket_earliest(b)->seq ? EQ_FIFO : EQ_LOWEST;
	clear_lowest_bucket(q, *i);
	redistribute(q, *i);
	return node_before(f, bucket0_first(q)) ? EQ_FIFO : EQ_BUCKET0;
}

#ifndef NDEBUG
/*
 * Whether the FIFO is sorted by (time, seq), which its merge with the heap rests on, and
 * @fifo_first names its first (a cache of its head): asserted at each pop of a Debug or ASan
 * build.
 */
static bool fifo_valid(const struct event_queue *q)
{
	for (uint32_t k = 1; k < q->nr_fifo; k++)
		if (!node_before(fifo_at(q, k - 1), fifo_at(q, k)))
			return false;
	return q->fifo_first == (q->nr_fifo ? fifo_at(q, 0) : &fifo_none);
}
#endif

int eq_pop(struct event_queue *q, struct sim_event *ev)
{
	struct eq_node n;
	unsigned i = 0;

	assert(fifo_valid(q));
	switch (next_source(q, &i)) {
	case EQ_NONE:
		return 0;
	case EQ_FIFO:
		n = *q->fifo_first;
		q->fifo_head = (q->fifo_head + 1) & (q->cap_fifo - 1);
		q->fifo_first = --q->nr_fifo ? &q->fifo[q->fifo_head] : &fifo_none;
		break;
	case EQ_PAST:
		past_pop(q, &n);
		q->nr--;
		break;
	case EQ_BUCKET0:
		bucket0_pop(q, &n);
		q->nr--;
		break;
	case EQ_LOWEST:
		lowest_pop(q, i, &n);
		q->nr--;
		break;
	}
	*ev = (struct sim_event){ n.time, n.seq, n.kind, n.id, n.gen };
	return 1;
}

/* The heap's earliest event when finding it takes no move, else NULL; *@min: its time. */
static const struct eq_node *heap_peek(const struct event_queue *q, uint64_t *min)
{
	const struct eq_node *n;

	*min = UINT64_MAX;
	if (q->nr_past) {
		n = &q->past[0];
	} else if (q->bucket[0].nr) {
		n = bucket0_first(q);
	} else if (q->nr) {
		const struct eq_bucket *b = &q->bucket[lowest_bucket(q)];

		*min = b->min_time;
		return bucket_earliest(b);
	} else {
		return NULL;
	}
	*min = n->time;
	return n;
}

bool eq_peek(const struct event_queue *q, uint32_t *kind, uint32_t *id)
{
	uint64_t min;
	const struct eq_node *n = heap_peek(q, &min);

	if (q->nr_fifo) {
		const struct eq_node *f = q->fifo_first;

		if (!q->nr || f->time < min || (n && !node_before(n, f)))
			n = f;
	}
	if (!n)
		return false;
	*kind = n->kind;
	*id = n->id;
	return true;
}
