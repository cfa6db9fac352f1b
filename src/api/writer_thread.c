// SPDX-License-Identifier: MIT
/*
 * writer_thread.c - the library's writers of a run on a thread of their own (writer_thread.h).
 *
 * The run's thread is the one producer of a ring of bytes, the writer thread its one consumer.
 * Each event goes in as a record: a header, the struct capsim_event, then the strings and CPU
 * masks it points to (valid only during the callback, so they are copied), its pointers set to
 * the copies; the writer thread hands the record's event to the writers in place. A record never
 * wraps: one that does not fit before the ring's end leaves a skip mark and starts at 0.
 *
 * Positions are byte counts since the start (never wrapped; the offset is the count modulo the
 * ring's size). The producer publishes its position every RING_BATCH bytes and the consumer its
 * own likewise, so the two share a cache line about once per 700 events; whoever finds the ring
 * full (the run) or empty (the writers) sleeps on a condition variable, never spins, and is
 * woken only once RING_WAKE bytes are ready for it (a quarter of the ring: a wake-up costs
 * microseconds, so it is paid about once per 2 500 events). At the run's end the producer
 * publishes the rest and joins the thread.
 *
 * The recording reads one value beyond its events, get_actual_cpu_capacity() at a frequency,
 * limits or pressure change (src/output/recording.c, counters()): read from the engine by the
 * run's thread as the event goes in, carried in the record, and given back to the recording
 * through its actual_capacity() while the writer thread writes that event.
 */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "api/sink_list.h"
#include "api/writer_thread.h"
#include "output/recording.h"
#include "sim/sim.h"
#include "sim/sim_events.h"
#include "sim/sim_pressure.h"

#define RING_BYTES (2u << 20)        /* about 10 000 events */
#define RING_BATCH (RING_BYTES / 16) /* what a side writes or reads before it publishes */
#define RING_WAKE (RING_BYTES / 4)   /* what a side lets the other make ready before waking it */
#define RECORD_MAX (RING_BYTES / 4)  /* a larger record is written synchronously */

struct record {
	uint32_t len;      /* the record's bytes, header included (a multiple of 8); 0: skip to 0 */
	uint32_t reserved;
	uint64_t capacity; /* sim_actual_capacity() of ev.cpu, for the recording's counters() */
	struct capsim_event ev;
};

struct writer_thread {
	struct capsim_sim *s;
	struct sim_sink writers;            /* the run's sink while it runs here */
	struct capsim_recording *recording; /* among them, or NULL */
	uint64_t (*run_capacity)(const void *capacity_ctx, int cpu); /* its own, while here */
	pthread_t thread;
	uint64_t capacity;                  /* of the event being written (the writers' side) */
	/* the producer's own */
	uint64_t head_local, head_published, tail_seen;
	/* shared */
	_Atomic uint64_t head, tail;
	_Atomic uint64_t space_at;          /* the tail the sleeping producer waits for */
	_Atomic int producer_waiting, consumer_waiting, done;
	pthread_mutex_t lock;
	pthread_cond_t space, data;
	unsigned char *ring;
};

/* ---- an event's pointers: what a record copies ---------------------------------------------- */

/* The strings @ev points to (a task's comm, a text event's name and body): their slots. */
static unsigned string_slots(struct capsim_event *ev, const char **slot[3])
{
	unsigned n = 0;

	slot[n++] = &ev->curr.comm;
	switch (ev->type) {
	case CAPSIM_EV_SCHED_SWITCH:
		slot[n++] = &ev->u.sched_switch.prev.comm;
		slot[n++] = &ev->u.sched_switch.next.comm;
		break;
	case CAPSIM_EV_SCHED_WAKING:
	case CAPSIM_EV_SCHED_WAKEUP:
	case CAPSIM_EV_SCHED_WAKEUP_NEW:
		slot[n++] = &ev->u.wakeup.task.comm;
		break;
	case CAPSIM_EV_SCHED_MIGRATE_TASK:
		slot[n++] = &ev->u.migrate.task.comm;
		break;
	case CAPSIM_EV_TEXT:
		slot[n++] = &ev->u.text.name;
		slot[n++] = &ev->u.text.body;
		break;
	case CAPSIM_EV_PELT_SE:
	case CAPSIM_EV_PELT_RQ:
		slot[n++] = &ev->u.pelt.task.comm;
		break;
	case CAPSIM_EV_UTIL_EST:
		slot[n++] = &ev->u.util_est.task.comm;
		break;
	case CAPSIM_EV_MISFIT:
		slot[n++] = &ev->u.misfit.task.comm;
		break;
	case CAPSIM_EV_RTAPP_TIMER:
		slot[n++] = &ev->u.rtapp_timer.task.comm;
		break;
	case CAPSIM_EV_RTAPP_LOOP:
		slot[n++] = &ev->u.rtapp_loop.task.comm;
		break;
	case CAPSIM_EV_SCHED_COMPUTE_ENERGY:
		slot[n++] = &ev->u.compute_energy.task.comm;
		break;
	default:
		break;
	}
	return n;
}

/* The CPU mask @ev points to (NULL: it has none). */
static const capsim_cpumask **mask_slot(struct capsim_event *ev)
{
	switch (ev->type) {
	case CAPSIM_EV_CPU_FREQUENCY_LIMITS:
		return &ev->u.cpu_frequency_limits.cpus;
	case CAPSIM_EV_HW_PRESSURE_UPDATE:
	case CAPSIM_EV_THERMAL_PRESSURE_UPDATE:
		return &ev->u.pressure.cpus;
	default:
		return NULL;
	}
}

static size_t align8(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

/*
 * The bytes of @ev's record, and in @size each of its strings' bytes with the NUL (0: none), in
 * string_slots()' order (@ev is only read: the slots are those of a copy).
 */
static size_t record_len(const struct capsim_event *ev, size_t size[3])
{
	struct capsim_event *e = (struct capsim_event *)ev;
	const capsim_cpumask **mask = mask_slot(e);
	const char **slot[3];
	unsigned n = string_slots(e, slot);
	size_t len = align8(sizeof(struct record)) + (mask && *mask ? sizeof(capsim_cpumask) : 0);

	for (unsigned i = 0; i < n; i++) {
		size[i] = *slot[i] ? strlen(*slot[i]) + 1 : 0;
		len += size[i];
	}
	return align8(len);
}

/* @ev into the record @r of @len bytes, its pointers to the copies the record holds (@size:
 * its strings' bytes, record_len()'s) */
static void record_fill(struct record *r, size_t len, const struct capsim_event *ev,
			uint64_t capacity, const size_t size[3])
{
	char *p = (char *)r + align8(sizeof(*r));
	const capsim_cpumask **mask;
	const char **slot[3];
	unsigned n;

	r->len = (uint32_t)len;
	r->reserved = 0;
	r->capacity = capacity;
	r->ev = *ev;
	mask = mask_slot(&r->ev);
	if (mask && *mask) {
		memcpy(p, *mask, sizeof(capsim_cpumask));
		*mask = (const capsim_cpumask *)p;
		p += sizeof(capsim_cpumask);
	}
	n = string_slots(&r->ev, slot);
	for (unsigned i = 0; i < n; i++) {
		if (!*slot[i])
			continue;
		memcpy(p, *slot[i], size[i]);
		*slot[i] = p;
		p += size[i];
	}
}

/* ---- the run's side -------------------------------------------------------------------------- */

/*
 * The writer thread may take what was written so far; if it sleeps, it is woken once RING_WAKE
 * bytes wait for it, or at once with @now (the run waits for it, or ends).
 */
static void publish(struct writer_thread *w, bool now)
{
	atomic_store(&w->head, w->head_local);
	w->head_published = w->head_local;
	if (atomic_load(&w->consumer_waiting) &&
	    (now || w->head_local - atomic_load(&w->tail) >= RING_WAKE)) {
		pthread_mutex_lock(&w->lock);
		pthread_cond_signal(&w->data);
		pthread_mutex_unlock(&w->lock);
	}
}

static uint64_t free_bytes(const struct writer_thread *w, uint64_t tail)
{
	return RING_BYTES - (w->head_local - tail);
}

/*
 * Until @need bytes are free: what was written is published first, for the writers to take;
 * a wait lasts until RING_WAKE bytes are free as well, so that the next one is far.
 */
static void wait_space(struct writer_thread *w, uint64_t need)
{
	uint64_t wake = need > RING_WAKE ? need : RING_WAKE;

	if (free_bytes(w, w->tail_seen) >= need)
		return;
	w->tail_seen = atomic_load(&w->tail);
	if (free_bytes(w, w->tail_seen) >= need)
		return;
	publish(w, true);
	pthread_mutex_lock(&w->lock);
	atomic_store(&w->space_at, w->head_local + wake - RING_BYTES);
	atomic_store(&w->producer_waiting, 1);
	while (free_bytes(w, w->tail_seen = atomic_load(&w->tail)) < wake)
		pthread_cond_wait(&w->space, &w->lock);
	atomic_store(&w->producer_waiting, 0);
	pthread_mutex_unlock(&w->lock);
}

/* what the recording's counters() reads for @ev: get_actual_cpu_capacity() of its CPU, now */
static uint64_t event_capacity(const struct writer_thread *w, const struct capsim_event *ev)
{
	switch (ev->type) {
	case CAPSIM_EV_CPU_FREQUENCY:
	case CAPSIM_EV_CPU_FREQUENCY_LIMITS:
	case CAPSIM_EV_HW_PRESSURE_UPDATE:
	case CAPSIM_EV_THERMAL_PRESSURE_UPDATE:
		if (w->recording && ev->cpu >= 0 && (unsigned)ev->cpu < w->s->nr_cpus)
			return sim_actual_capacity(w->s, ev->cpu);
		return 0;
	default:
		return 0;
	}
}

/*
 * The run's sink while the writers run on their thread: @ev copied into the ring. A record too
 * large for it goes to the writers from here, once they have written every earlier one (they
 * are idle then, so the two threads never run them at once).
 */
static void writer_event(void *ctx, const struct capsim_event *ev)
{
	struct writer_thread *w = ctx;
	size_t size[3];
	size_t len = record_len(ev, size);
	uint64_t at;

	if (len > RECORD_MAX) {
		wait_space(w, RING_BYTES);
		w->capacity = event_capacity(w, ev);
		w->writers.fn(w->writers.ctx, ev);
		return;
	}
	at = w->head_local % RING_BYTES;
	if (at + len > RING_BYTES) { /* skip the ring's end */
		wait_space(w, RING_BYTES - at + len);
		((struct record *)(w->ring + at))->len = 0;
		w->head_local += RING_BYTES - at;
		at = 0;
	} else {
		wait_space(w, len);
	}
	record_fill((struct record *)(w->ring + at), len, ev, event_capacity(w, ev), size);
	w->head_local += len;
	if (w->head_local - w->head_published >= RING_BATCH)
		publish(w, false);
}

/* ---- the writers' side ---------------------------------------------------------------------- */

/* the run may reuse the ring up to @tail; if it sleeps, it is woken once it has the space it
 * waits for */
static void release(struct writer_thread *w, uint64_t tail)
{
	atomic_store(&w->tail, tail);
	if (atomic_load(&w->producer_waiting) && tail >= atomic_load(&w->space_at)) {
		pthread_mutex_lock(&w->lock);
		pthread_cond_signal(&w->space);
		pthread_mutex_unlock(&w->lock);
	}
}

/* until the run publishes past @tail: its head, or @tail once the run is done with none */
static uint64_t wait_data(struct writer_thread *w, uint64_t tail)
{
	uint64_t head;

	pthread_mutex_lock(&w->lock);
	atomic_store(&w->consumer_waiting, 1);
	while ((head = atomic_load(&w->head)) == tail && !atomic_load(&w->done))
		pthread_cond_wait(&w->data, &w->lock);
	atomic_store(&w->consumer_waiting, 0);
	pthread_mutex_unlock(&w->lock);
	return head;
}

/* the actual capacity the recording reads: the one the run's thread read for the event */
static uint64_t carried_capacity(const void *capacity_ctx, int cpu)
{
	const struct writer_thread *w = capacity_ctx;

	return w->capacity;
}

static void *writer_main(void *arg)
{
	struct writer_thread *w = arg;
	uint64_t tail = 0, released = 0, head;

	for (;;) {
		head = atomic_load(&w->head);
		if (head == tail) {
			if (released != tail)
				release(w, released = tail);
			head = wait_data(w, tail);
			if (head == tail)
				return NULL; /* done, and all written */
		}
		while (tail != head) {
			const struct record *r = (const struct record *)(w->ring + tail % RING_BYTES);

			if (!r->len) {
				tail += RING_BYTES - tail % RING_BYTES;
				continue;
			}
			w->capacity = r->capacity;
			w->writers.fn(w->writers.ctx, &r->ev);
			tail += r->len;
			if (tail - released >= RING_BATCH)
				release(w, released = tail);
		}
	}
}

/* ---- a run's writer thread -------------------------------------------------------------------- */

/* The writer thread takes no signal a process is sent (SIGINT, SIGTERM, SIGALRM: the run's
 * thread handles them as before), only those its own writes raise (SIGPIPE, SIGXFSZ) and faults. */
static int create_thread(struct writer_thread *w)
{
	static const int own[] = { SIGPIPE, SIGXFSZ, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT,
				   SIGTRAP, SIGSYS };
	sigset_t all, old;
	int ret;

	sigfillset(&all);
	for (size_t i = 0; i < sizeof(own) / sizeof(own[0]); i++)
		sigdelset(&all, own[i]);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	ret = pthread_create(&w->thread, NULL, writer_main, w);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return ret;
}

static void writer_free(struct writer_thread *w)
{
	pthread_mutex_destroy(&w->lock);
	pthread_cond_destroy(&w->space);
	pthread_cond_destroy(&w->data);
	free(w->ring);
	free(w);
}

/*
 * The run's only writer is a recording of columns alone (capsim_recording_columns_only(): a
 * binding's series): it appends a few values an event, less than the ring's copy of the event
 * costs, so a writer thread would add CPU and wall time (bench/README.md, "Python series and
 * the writer thread").
 */
static bool only_columns(const struct capsim_sim *s, const struct capsim_recording *r)
{
	return r && r->columns_only && s->sink.fn == recording_event;
}

void writer_thread_start(struct capsim_sim *s)
{
	struct capsim_recording *r = sink_list_ctx(s, recording_event);
	struct writer_thread *w;

	/* a caller's sink has no release: it stays synchronous, as documented */
	if (s->writer_thread_off || !s->sink.fn || !s->sink.release || (r && r->log_open) ||
	    only_columns(s, r))
		return;
	w = calloc(1, sizeof(*w));
	if (!w)
		return;
	w->ring = malloc(RING_BYTES);
	pthread_mutex_init(&w->lock, NULL);
	pthread_cond_init(&w->space, NULL);
	pthread_cond_init(&w->data, NULL);
	w->s = s;
	w->writers = s->sink;
	w->recording = r;
	if (!w->ring || create_thread(w)) {
		writer_free(w);
		return;
	}
	if (r) {
		w->run_capacity = r->actual_capacity;
		r->actual_capacity = carried_capacity;
		r->capacity_ctx = w;
	}
	s->sink.fn = writer_event;
	s->sink.ctx = w;
}

void writer_thread_stop(struct capsim_sim *s)
{
	struct writer_thread *w = s->sink.ctx;

	if (s->sink.fn != writer_event)
		return;
	publish(w, true);
	pthread_mutex_lock(&w->lock);
	atomic_store(&w->done, 1);
	pthread_cond_signal(&w->data);
	pthread_mutex_unlock(&w->lock);
	pthread_join(w->thread, NULL);
	if (w->recording) {
		w->recording->actual_capacity = w->run_capacity;
		w->recording->capacity_ctx = s;
	}
	s->sink = w->writers;
	writer_free(w);
}

int capsim_sim_set_writer_thread(capsim_sim *s, int on)
{
	if (!s || s->started)
		return CAPSIM_ERR_INVALID;
	s->writer_thread_off = !on;
	return 0;
}
