/* SPDX-License-Identifier: MIT */
/*
 * event_queue.h - the simulator's timeline: a min-heap of events ordered by time, then
 * by a sequence number taken when the event was pushed, so that simultaneous events always pop
 * in the order they were scheduled (deterministic, whatever the heap layout). The kernel has no
 * single counterpart: events stand for hrtimer expiries, the tick, and wake-ups.
 */
#ifndef CAPSIM_EVENT_QUEUE_H
#define CAPSIM_EVENT_QUEUE_H

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

struct eq_node; /* a heap slot, private to event_queue.c */

struct event_queue {
	struct eq_node *heap;
	uint32_t nr, cap;
	uint64_t next_seq;
};

/** eq_init() - an empty queue. */
void eq_init(struct event_queue *q);
/** eq_free() - release the storage; the queue is empty afterwards. */
void eq_free(struct event_queue *q);
/** eq_push() - schedule an event. Return: 0, or CAPSIM_ERR_NOMEM. */
int eq_push(struct event_queue *q, uint64_t time, uint32_t kind, uint32_t id, uint32_t gen);
/** eq_pop() - remove the earliest event into @ev. Return: 1, or 0 if the queue is empty. */
int eq_pop(struct event_queue *q, struct sim_event *ev);

#endif /* CAPSIM_EVENT_QUEUE_H */
