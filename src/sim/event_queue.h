/* SPDX-License-Identifier: MIT */
/*
 * event_queue.h - the simulator's timeline: a priority queue of events ordered by time, then
 * by a sequence number taken when the event was pushed, so that simultaneous events always pop
 * in the order they were scheduled (deterministic, whatever the layout). The kernel has no
 * single counterpart: events stand for hrtimer expiries, the tick, and wake-ups.
 */
#ifndef CAPSIM_EVENT_QUEUE_H
#define CAPSIM_EVENT_QUEUE_H

#include <stdbool.h>
#include <stdint.h>

/* struct sim_event - one pending event. @kind and @id are the owner's; @gen lets the owner
 * cancel lazily: an event whose gen no longer matches its target's is dropped when popped. */
struct sim_event {
	uint64_t time;  /* ns */
	uint64_t seq;   /* push order: the tie-break */
	uint32_t kind;
	uint32_t id;
	uint32_t gen;
};

struct eq_node;  /* an event, private to event_queue.c */
struct eq_block; /* a run of events of one bucket, private to event_queue.c */

/*
 * The events whose time first differs from the last pop's in byte L, where it is d
 * (bucket 256 L + d, d > 0 as it is above the last pop's digit; bucket 0: equal), in push
 * order: a chain of blocks from @head (its events from @first) to @tail (@tail_nr events).
 */
struct eq_bucket {
	struct eq_block *head, *tail;
	uint32_t first, tail_nr;
	uint32_t nr;              /* events, kept for bucket 0 (the others have @occupied) */
	uint64_t min_time;        /* the earliest event's time (buckets 1..2047), UINT64_MAX: empty */
};

/* 256 values of each of the 8 bytes of a time; value 0 of byte 0 is bucket 0 */
#define EQ_BUCKETS 2048
#define EQ_OCC_WORDS 32

struct event_queue {
	struct eq_bucket bucket[EQ_BUCKETS];
	uint64_t occupied[EQ_OCC_WORDS]; /* bit i set: bucket i (1..2047) holds events */
	uint32_t occupied_words;  /* bit w set: occupied[w] is not 0 */
	uint64_t last;            /* the time of the heap's last pop: no bucketed event is earlier */
	struct eq_node *past;     /* a min-heap of the events pushed before @last */
	uint32_t nr_past, cap_past;
	uint64_t nr;              /* events queued in the heap (buckets and @past) */
	uint64_t next_seq;
	struct eq_node *fifo;     /* a ring of the events pushed by eq_push_sorted(), in order */
	uint32_t fifo_head, nr_fifo, cap_fifo; /* @cap_fifo: 0 or a power of 2 */
	const struct eq_node *fifo_first; /* its first, or when empty one after every event */
	struct eq_block *spare;   /* blocks no bucket holds */
	uint64_t nr_blocks;       /* all blocks */
	uint64_t room;            /* they suffice for this many events (>= nr) */
};

/** eq_init() - an empty queue. */
void eq_init(struct event_queue *q);
/** eq_free() - release the storage; the queue is empty afterwards. */
void eq_free(struct event_queue *q);
/** eq_push() - schedule an event. Return: 0, or CAPSIM_ERR_NOMEM. */
int eq_push(struct event_queue *q, uint64_t time, uint32_t kind, uint32_t id, uint32_t gen);
/**
 * eq_push_sorted() - schedule an event that is no earlier than any event this queue still
 * holds from this function (the ticks: each at the jiffy after now): it waits in a FIFO that
 * the pops merge with the heap, with the same (time, seq) order as eq_push() gives. An event
 * earlier than the FIFO's last goes to the heap. Return: 0, or CAPSIM_ERR_NOMEM.
 */
int eq_push_sorted(struct event_queue *q, uint64_t time, uint32_t kind, uint32_t id, uint32_t gen);
/** eq_pop() - remove the earliest event into @ev. Return: 1, or 0 if the queue is empty. */
int eq_pop(struct event_queue *q, struct sim_event *ev);
/**
 * eq_peek() - the kind and id of the event the next eq_pop() would return, when finding it
 * takes no move (the FIFO's first, bucket 0's first, or the earliest in the first block of the
 * lowest bucket): a hint for prefetching, as an event pushed in between may pop first. Return: whether found.
 */
bool eq_peek(const struct event_queue *q, uint32_t *kind, uint32_t *id);

#endif /* CAPSIM_EVENT_QUEUE_H */
