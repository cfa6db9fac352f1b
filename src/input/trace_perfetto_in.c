// SPDX-License-Identifier: MIT
/*
 * trace_perfetto_in.c - the Perfetto trace reader: a Trace (protos/perfetto/trace/trace.proto)
 * read packet by packet from the stream, each TracePacket's FtraceEventBundle
 * (ftrace_event_bundle.proto: cpu, event, lost_events, compact_sched) turned into the events
 * the text reader gives, their fields named as the kernel's format names them.
 *
 * A small wire-format decoder rather than protobuf-c's generated one: protobuf-c unpacks a
 * whole message into allocated structs and says only that it failed, where this reader needs
 * the byte offset of what is wrong, and to read a handful of fields of a format with hundreds
 * of messages (upstream's perfetto_trace.proto) whose generated code would be most of the
 * library. The field numbers below are upstream's (the vendored copy:
 * tests/data/perfetto/perfetto_trace.proto.xz).
 *
 * Order: a bundle holds one CPU's events in time order, but bundles of different CPUs overlap
 * in time, so events go through a reorder window (a binary heap on time, then file order) of
 * PF_WINDOW events, each kept as its FtraceEvent's bytes (or a compact_sched entry's values)
 * and decoded only when given. Memory is the window and the largest packet, not the trace.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/trace_binary.h"

#define PF_WINDOW 65536
#define PF_PACKET_MAX (16u << 20) /* bigger than any traced_probes writes: not a Perfetto trace */
#define PF_COMM 16

/* wire types */
enum { WT_VARINT = 0, WT_I64 = 1, WT_LEN = 2, WT_I32 = 5 };

enum pf_kind { PF_FULL, PF_SWITCH, PF_WAKING, PF_LOST };

/* An event in the window. */
struct pf_slot {
	uint64_t ts, seq, off;
	int cpu;
	enum pf_kind kind;
	int64_t v[4];          /* compact_sched: prev_state, next_pid, next_prio / pid, target_cpu, prio */
	char comm[PF_COMM];
	unsigned char *raw;    /* PF_FULL: the FtraceEvent's bytes */
	size_t len, cap;
};

/* What a task is called: the last name the trace gave its pid. */
struct pf_comm {
	int32_t pid;
	char comm[PF_COMM];
};

struct pf_cpu_state {
	int known;
	int64_t pid, prio;
	char comm[PF_COMM];
};

struct pf_reader {
	struct trace_stream *in;
	unsigned char *pkt;
	size_t pkt_cap;
	struct pf_slot **heap, **free_list; /* each room for every slot */
	unsigned nr_heap, nr_free, nr_slots, slots_cap;
	struct pf_slot *given;
	uint64_t seq, last_given_ts, bundle_first_ts;
	int eof;
	size_t generic_name;       /* the generic event's name, at this offset of @text */
	struct pf_cpu_state *cpus; /* compact_sched's prev task: each CPU's last next task */
	unsigned nr_cpus_state;
	uint64_t skipped[CAPSIM_TRACE_SKIP_COUNT];
	struct capsim_trace_event ev;
	struct capsim_trace_field fields[TRACE_BINARY_FIELDS_MAX];
	size_t offs[TRACE_BINARY_FIELDS_MAX][2];
	char *text;
	size_t text_len, text_cap;
	char release[TRACE_RELEASE_MAX]; /* system_info's utsname.release, "" before one */
	struct pf_comm *comms;     /* pid -> comm, open addressing (pid 0: an empty slot) */
	size_t comms_cap, nr_comms;
	char ev_comm[PF_COMM];     /* r->ev.comm */
};

/* ---- the wire format ----------------------------------------------------------------------- */

/* A varint at *p (before @end) into *v; advances *p. Return: 0, or -1 if cut or over 10 bytes. */
static int varint(const unsigned char **p, const unsigned char *end, uint64_t *v)
{
	uint64_t x = 0;

	for (unsigned shift = 0; shift < 70; shift += 7) {
		if (*p >= end)
			return -1;
		x |= (uint64_t)(**p & 0x7f) << shift;
		if (!(*(*p)++ & 0x80)) {
			*v = x;
			return 0;
		}
	}
	return -1;
}

/* One field of a message: its number, wire type, and value (a varint / fixed's bits, or a
 * LEN field's bytes at @data, @len). */
struct wfield {
	uint64_t num;
	unsigned wt;
	uint64_t v;
	const unsigned char *data;
	size_t len;
};

/* The field at *p (advanced past it). Return: 1, 0 at @end, -1 if malformed (groups included:
 * no message Perfetto writes has them). */
static int next_field(const unsigned char **p, const unsigned char *end, struct wfield *f)
{
	uint64_t tag, n;

	if (*p >= end)
		return 0;
	if (varint(p, end, &tag) || !(tag >> 3) || (tag >> 3) > 0x1fffffff)
		return -1;
	f->num = tag >> 3;
	f->wt = (unsigned)(tag & 7);
	switch (f->wt) {
	case WT_VARINT:
		return varint(p, end, &f->v) ? -1 : 1;
	case WT_I64:
	case WT_I32:
		n = f->wt == WT_I64 ? 8 : 4;
		if ((size_t)(end - *p) < n)
			return -1;
		f->v = 0;
		for (unsigned i = 0; i < n; i++)
			f->v |= (uint64_t)(*p)[i] << (8 * i);
		*p += n;
		return 1;
	case WT_LEN:
		if (varint(p, end, &n) || n > (uint64_t)(end - *p))
			return -1;
		f->data = *p;
		f->len = (size_t)n;
		*p += n;
		return 1;
	default:
		return -1;
	}
}

/* Whether @len bytes at @p are fields to their end (a message's shape, whatever its fields). */
static int well_formed(const unsigned char *p, size_t len)
{
	const unsigned char *end = p + len;
	struct wfield f;
	int r;

	while ((r = next_field(&p, end, &f)) == 1)
		;
	return r == 0;
}

/* The values of repeated scalar field @num of a message, packed or not, one by one. */
struct reps {
	const unsigned char *p, *end;   /* the message */
	const unsigned char *q, *qend;  /* within a packed run */
	uint64_t num;
};

/* Return: 1 (*v set), 0 (no more), -1 (malformed). */
static int reps_next(struct reps *r, uint64_t *v)
{
	struct wfield f;
	int ret;

	for (;;) {
		if (r->q < r->qend)
			return varint(&r->q, r->qend, v) ? -1 : 1;
		if ((ret = next_field(&r->p, r->end, &f)) != 1)
			return ret;
		if (f.num != r->num)
			continue;
		if (f.wt == WT_LEN) {
			r->q = f.data;
			r->qend = f.data + f.len;
		} else if (f.wt == WT_VARINT) {
			*v = f.v;
			return 1;
		} else {
			return -1;
		}
	}
}

static struct reps reps_of(const unsigned char *msg, size_t len, uint64_t num)
{
	return (struct reps){ msg, msg + len, NULL, NULL, num };
}

int trace_perfetto_in_sniff(const unsigned char *p, size_t n)
{
	const unsigned char *q = p + 1;
	uint64_t len;

	if (n < 2 || p[0] != 0x0a || varint(&q, p + n, &len) || len > PF_PACKET_MAX)
		return 0;
	if (len > (uint64_t)(p + n - q))
		return 0; /* the first packet not whole in the first bytes: not told from text */
	return well_formed(q, (size_t)len);
}

/* ---- errors -------------------------------------------------------------------------------- */

static int bad(const struct pf_reader *r, uint64_t off, const char *what, capsim_error *err)
{
	return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s: byte %" PRIu64 ": %s",
				trace_stream_name(r->in), off, what);
}

static int nomem(const struct pf_reader *r, capsim_error *err)
{
	return capsim_error_set(err, CAPSIM_ERR_NOMEM, "%s: out of memory", trace_stream_name(r->in));
}

/* ---- the window ---------------------------------------------------------------------------- */

static int slot_before(const struct pf_slot *a, const struct pf_slot *b)
{
	return a->ts != b->ts ? a->ts < b->ts : a->seq < b->seq;
}

static void heap_push(struct pf_reader *r, struct pf_slot *s)
{
	unsigned i = r->nr_heap++;

	while (i && slot_before(s, r->heap[(i - 1) / 2])) {
		r->heap[i] = r->heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	r->heap[i] = s;
}

static struct pf_slot *heap_pop(struct pf_reader *r)
{
	struct pf_slot *top = r->heap[0], *last = r->heap[--r->nr_heap];
	unsigned i = 0, n = r->nr_heap;

	for (;;) {
		unsigned c = 2 * i + 1;

		if (c >= n)
			break;
		if (c + 1 < n && slot_before(r->heap[c + 1], r->heap[c]))
			c++;
		if (!slot_before(r->heap[c], last))
			break;
		r->heap[i] = r->heap[c];
		i = c;
	}
	if (n)
		r->heap[i] = last;
	return top;
}

/* A free slot, or NULL. Slots are made on first need: the window's, and a packet's events
 * beyond it (a bundle is read whole). */
static struct pf_slot *take_slot(struct pf_reader *r)
{
	struct pf_slot *s;

	if (r->nr_free) {
		s = r->free_list[--r->nr_free];
	} else {
		if (r->nr_slots == r->slots_cap) {
			unsigned cap = r->slots_cap ? 2 * r->slots_cap : 1024;
			struct pf_slot **h = realloc(r->heap, cap * sizeof(*h)), **f;

			if (!h)
				return NULL;
			r->heap = h;
			if (!(f = realloc(r->free_list, cap * sizeof(*f))))
				return NULL;
			r->free_list = f;
			r->slots_cap = cap;
		}
		if (!(s = calloc(1, sizeof(*s))))
			return NULL;
		r->nr_slots++;
	}
	s->seq = r->seq++;
	s->len = 0;
	return s;
}

static void put_slot(struct pf_reader *r, struct pf_slot *s)
{
	r->free_list[r->nr_free++] = s;
}

/* Into the window, minding the bundle's first time (where its lost-events marker goes). */
static void push(struct pf_reader *r, struct pf_slot *s)
{
	if (s->ts < r->bundle_first_ts)
		r->bundle_first_ts = s->ts;
	heap_push(r, s);
}

static void copy_comm(char *dst, const unsigned char *s, size_t n)
{
	if (n >= PF_COMM)
		n = PF_COMM - 1;
	memcpy(dst, s, n);
	dst[n] = '\0';
	for (size_t i = 0; i < n; i++)
		if (!dst[i]) /* a NUL inside: the comm ends there */
			break;
}

/* ---- task names ---------------------------------------------------------------------------- */

static size_t comm_slot(const struct pf_comm *t, size_t cap, int32_t pid)
{
	size_t i = ((uint32_t)pid * 2654435761u) & (cap - 1);

	while (t[i].pid && t[i].pid != pid)
		i = (i + 1) & (cap - 1);
	return i;
}

/*
 * Names pid @pid @n bytes at @s (cut at a NUL, at 15 bytes as the kernel's comm; an empty name
 * or pid <= 0 is no name). Memory grows with the pids named, not with the trace.
 * Return: 0 or -1 (out of memory).
 */
static int comm_set(struct pf_reader *r, int64_t pid, const char *s, size_t n)
{
	size_t i;

	if (pid <= 0 || pid > INT32_MAX || !n || !*s)
		return 0;
	if (2 * (r->nr_comms + 1) > r->comms_cap) {
		size_t cap = r->comms_cap ? 2 * r->comms_cap : 1024;
		struct pf_comm *t = calloc(cap, sizeof(*t));

		if (!t)
			return -1;
		for (size_t k = 0; k < r->comms_cap; k++)
			if (r->comms[k].pid)
				t[comm_slot(t, cap, r->comms[k].pid)] = r->comms[k];
		free(r->comms);
		r->comms = t;
		r->comms_cap = cap;
	}
	i = comm_slot(r->comms, r->comms_cap, (int32_t)pid);
	if (!r->comms[i].pid) {
		r->comms[i].pid = (int32_t)pid;
		r->nr_comms++;
	}
	copy_comm(r->comms[i].comm, (const unsigned char *)s, strnlen(s, n));
	return 0;
}

static const char *comm_get(const struct pf_reader *r, int pid)
{
	size_t i;

	if (!r->comms_cap || pid <= 0)
		return NULL;
	i = comm_slot(r->comms, r->comms_cap, pid);
	return r->comms[i].pid ? r->comms[i].comm : NULL;
}

/*
 * ProcessTree (process_tree.proto): each thread's name (threads: tid 1, name 2); a process's
 * first cmdline word's last path part for a pid no thread names (processes: pid 1, cmdline 3).
 */
static int process_tree(struct pf_reader *r, const unsigned char *m, size_t len)
{
	const unsigned char *p = m;
	struct wfield f;

	for (int pass = 0; pass < 2; pass++) { /* threads first: their names win */
		p = m;
		while (next_field(&p, m + len, &f) == 1) {
			const unsigned char *q = f.data;
			struct wfield g;
			int64_t id = 0;
			const unsigned char *name = NULL;
			size_t n = 0;

			if (f.wt != WT_LEN || f.num != (pass ? 1u : 2u))
				continue;
			while (next_field(&q, f.data + f.len, &g) == 1) {
				if (g.num == 1 && g.wt == WT_VARINT)
					id = (int32_t)(uint32_t)g.v;
				else if (g.wt == WT_LEN && g.num == (pass ? 3u : 2u) && !name) {
					name = g.data;
					n = strnlen((const char *)g.data, g.len);
				}
			}
			if (name && pass) { /* "/system/bin/surfaceflinger --x": "surfaceflinger" */
				for (size_t k = 0; k < n; k++)
					if (name[k] == '/') {
						n -= k + 1;
						name += k + 1;
						k = (size_t)-1;
					}
			}
			if (name && (!pass || !comm_get(r, (int)id)) &&
			    comm_set(r, id, (const char *)name, n))
				return -1;
		}
	}
	return 0;
}

/* ---- bundles into the window --------------------------------------------------------------- */

/* The FtraceEvent at @data: its timestamp (field 1). Return: 0 or -1 (malformed, or none). */
static int event_ts(const unsigned char *data, size_t len, uint64_t *ts)
{
	const unsigned char *p = data;
	struct wfield f;
	int ret, found = 0;

	while ((ret = next_field(&p, data + len, &f)) == 1)
		if (f.num == 1 && f.wt == WT_VARINT) {
			*ts = f.v;
			found = 1;
		}
	return ret || !found ? -1 : 0;
}

/* compact_sched's intern table entry @idx of the CompactSched at @cs. */
static int interned(const unsigned char *cs, size_t len, uint64_t idx, char *comm)
{
	const unsigned char *p = cs;
	struct wfield f;
	uint64_t i = 0;

	while (next_field(&p, cs + len, &f) == 1)
		if (f.num == 5 && f.wt == WT_LEN && i++ == idx) {
			copy_comm(comm, f.data, f.len);
			return 0;
		}
	return -1;
}

/*
 * compact_sched (FtraceEventBundle.CompactSched): parallel packed arrays, timestamps
 * delta-encoded from 0, comms as indexes into intern_table. @waking: the sched_waking arrays
 * (7..12) rather than sched_switch's (1..6).
 */
static int push_compact(struct pf_reader *r, const unsigned char *cs, size_t len, int cpu,
			int waking, uint64_t off, capsim_error *err)
{
	static const uint64_t nums[2][5] = { { 1, 2, 3, 4, 6 }, { 7, 8, 9, 10, 11 } };
	struct reps it[5];
	uint64_t ts = 0, v[5];

	for (int k = 0; k < 5; k++)
		it[k] = reps_of(cs, len, nums[waking][k]);
	for (;;) {
		struct pf_slot *s;
		int got = reps_next(&it[0], &v[0]);

		if (got < 0)
			return bad(r, off, "compact_sched: a malformed timestamp array (expected packed "
				   "varints)", err);
		if (!got)
			return 0;
		for (int k = 1; k < 5; k++)
			if (reps_next(&it[k], &v[k]) != 1)
				return bad(r, off, waking ? "compact_sched: the waking arrays differ in "
					   "length (expected one pid, target_cpu, prio and comm_index per "
					   "timestamp)" : "compact_sched: the switch arrays differ in "
					   "length (expected one prev_state, next_pid, next_prio and "
					   "next_comm_index per timestamp)", err);
		ts += v[0];
		if (!(s = take_slot(r)))
			return nomem(r, err);
		s->kind = waking ? PF_WAKING : PF_SWITCH;
		s->ts = ts;
		s->cpu = cpu;
		s->off = off;
		for (int k = 0; k < 3; k++)
			s->v[k] = (int64_t)v[k + 1];
		if (interned(cs, len, v[4], s->comm)) {
			put_slot(r, s);
			return bad(r, off, "compact_sched: a comm index past the intern table (expected "
				   "an index of intern_table)", err);
		}
		push(r, s);
	}
}

/* An FtraceEventBundle at @b (@off: its byte in the file): its events into the window. */
static int push_bundle(struct pf_reader *r, const unsigned char *b, size_t len, uint64_t off,
		       capsim_error *err)
{
	const unsigned char *p = b;
	struct wfield f;
	uint64_t cpu = 0, lost_seq;
	int lost = 0, ret, has_cpu = 0;

	while ((ret = next_field(&p, b + len, &f)) == 1) {
		if (f.num == 1 && f.wt == WT_VARINT) {
			cpu = f.v;
			has_cpu = 1;
		} else if (f.num == 3 && f.wt == WT_VARINT) {
			lost = f.v != 0;
		}
	}
	if (ret)
		return bad(r, off, "a malformed FtraceEventBundle (expected protobuf fields)", err);
	if (!has_cpu || cpu > 4095)
		return bad(r, off, "an FtraceEventBundle without its cpu (expected field 1, 0..4095)",
			   err);
	/* the lost events came before the bundle's first event: its marker sorts first there */
	lost_seq = r->seq++;
	r->bundle_first_ts = UINT64_MAX;
	p = b;
	while (next_field(&p, b + len, &f) == 1) {
		uint64_t at = off + (uint64_t)(f.data - b), ts = 0;
		struct pf_slot *s;

		if (f.wt != WT_LEN)
			continue;
		if (f.num == 4) {
			if ((ret = push_compact(r, f.data, f.len, (int)cpu, 0, at, err)) ||
			    (ret = push_compact(r, f.data, f.len, (int)cpu, 1, at, err)))
				return ret;
			continue;
		}
		if (f.num != 2)
			continue;
		if (event_ts(f.data, f.len, &ts))
			return bad(r, at, "an FtraceEvent without a timestamp or malformed "
				   "(expected field 1, the time in ns)", err);
		if (!(s = take_slot(r)))
			return nomem(r, err);
		if (s->cap < f.len) {
			unsigned char *nr = realloc(s->raw, f.len);

			if (!nr) {
				put_slot(r, s);
				return nomem(r, err);
			}
			s->raw = nr;
			s->cap = f.len;
		}
		memcpy(s->raw, f.data, f.len);
		s->len = f.len;
		s->kind = PF_FULL;
		s->ts = ts;
		s->cpu = (int)cpu;
		s->off = at;
		push(r, s);
	}
	if (lost) {
		struct pf_slot *s = take_slot(r);

		if (!s)
			return nomem(r, err);
		s->kind = PF_LOST;
		s->seq = lost_seq;
		s->ts = r->bundle_first_ts != UINT64_MAX ? r->bundle_first_ts : r->last_given_ts;
		s->cpu = (int)cpu;
		s->off = off;
		heap_push(r, s);
	}
	return 0;
}

/* ---- packets -------------------------------------------------------------------------------- */

/* A varint from the stream (the Trace's tags and lengths). Return: 1, 0 (clean end), <0. */
static int stream_varint(struct pf_reader *r, uint64_t *v, capsim_error *err)
{
	const unsigned char *p, *q;
	size_t n;
	int ret = trace_stream_peek(r->in, 10, &p, &n, err);
	unsigned char skip[10];

	if (ret)
		return ret;
	if (!n)
		return 0;
	q = p;
	if (varint(&q, p + n, v))
		return bad(r, trace_stream_offset(r->in), n < 10 ? "the trace ends inside a varint "
			   "(expected more bytes: a truncated file?)" : "a varint over 10 bytes "
			   "(expected a Trace's packets)", err);
	return trace_stream_read(r->in, skip, (size_t)(q - p), &n, err) ? -1 : 1;
}

/* The field @num of type string of the message at @m, copied into @dst (@size), or left. */
static void string_field(const unsigned char *m, size_t len, uint64_t num, char *dst, size_t size)
{
	const unsigned char *p = m;
	struct wfield f;

	while (next_field(&p, m + len, &f) == 1)
		if (f.num == num && f.wt == WT_LEN) {
			size_t n = f.len < size - 1 ? f.len : size - 1;

			memcpy(dst, f.data, n);
			dst[n] = '\0';
		}
}

/* SystemInfo (system_info.proto): utsname (1), its release (3). */
static void system_info(struct pf_reader *r, const unsigned char *m, size_t len)
{
	const unsigned char *p = m;
	struct wfield f;

	while (next_field(&p, m + len, &f) == 1)
		if (f.num == 1 && f.wt == WT_LEN)
			string_field(f.data, f.len, 3, r->release, sizeof(r->release));
}

/* Reads one Trace field; a packet's bundles go into the window. Return: 1, 0 (end), <0. */
static int read_packet(struct pf_reader *r, capsim_error *err)
{
	uint64_t tag, len, off = trace_stream_offset(r->in);
	size_t got;
	int ret = stream_varint(r, &tag, err);

	if (ret <= 0)
		return ret;
	if ((tag & 7) != WT_LEN || !(tag >> 3))
		return bad(r, off, "not a Trace's field (expected TracePacket packets: field 1, "
			   "length-delimited)", err);
	if ((ret = stream_varint(r, &len, err)) <= 0)
		return ret ? ret : bad(r, off, "the trace ends after a field's tag (expected its "
				       "length: a truncated file?)", err);
	if (len > PF_PACKET_MAX)
		return bad(r, off, "a packet over 16 MiB (expected a Perfetto trace's packets)", err);
	if (len > r->pkt_cap) {
		unsigned char *n = realloc(r->pkt, (size_t)len);

		if (!n)
			return nomem(r, err);
		r->pkt = n;
		r->pkt_cap = (size_t)len;
	}
	off = trace_stream_offset(r->in);
	if ((ret = trace_stream_read(r->in, r->pkt, (size_t)len, &got, err)))
		return ret;
	if (got < len)
		return bad(r, off + got, "the trace ends inside a TracePacket (expected the rest of "
			   "its bytes: a truncated file?)", err);
	if ((tag >> 3) != 1)
		return 1; /* not a packet: no other field of Trace is read */
	{
		const unsigned char *p = r->pkt, *end = r->pkt + len;
		struct wfield f;

		while ((ret = next_field(&p, end, &f)) == 1) {
			uint64_t at = off + (uint64_t)(f.data - r->pkt);

			if (f.num == 1 && f.wt == WT_LEN) {
				if ((ret = push_bundle(r, f.data, f.len, at, err)))
					return ret;
			} else if (f.num == 45 && f.wt == WT_LEN) {
				system_info(r, f.data, f.len);
			} else if (f.num == 2 && f.wt == WT_LEN) {
				if (process_tree(r, f.data, f.len))
					return nomem(r, err);
			} else if (f.num == 50 && f.wt == WT_LEN) {
				r->skipped[CAPSIM_TRACE_SKIP_UNREAD]++; /* compressed_packets */
			}
		}
		if (ret)
			return bad(r, off, "a malformed TracePacket (expected protobuf fields)", err);
	}
	return 1;
}

/* ---- events out ---------------------------------------------------------------------------- */

static size_t put(struct pf_reader *r, const char *s, size_t n)
{
	size_t at = r->text_len;

	if (r->text_len + n + 1 > r->text_cap) {
		size_t cap = r->text_cap ? r->text_cap : 4096;
		char *t;

		while (cap < r->text_len + n + 1)
			cap *= 2;
		if (!(t = realloc(r->text, cap)))
			return (size_t)-1;
		r->text = t;
		r->text_cap = cap;
	}
	memcpy(r->text + at, s, n);
	r->text[at + n] = '\0';
	r->text_len += n + 1;
	return at;
}

/* Adds field @name = @value (@n bytes). Return: 0 or -1 (out of memory). */
static int add(struct pf_reader *r, const char *name, const char *value, size_t n)
{
	size_t a, b;

	if (r->ev.nr_fields >= TRACE_BINARY_FIELDS_MAX)
		return 0;
	if ((a = put(r, name, strlen(name))) == (size_t)-1 || (b = put(r, value, n)) == (size_t)-1)
		return -1;
	r->offs[r->ev.nr_fields][0] = a;
	r->offs[r->ev.nr_fields][1] = b;
	r->ev.nr_fields++;
	return 0;
}

static int add_i(struct pf_reader *r, const char *name, int64_t v)
{
	char b[24];

	return add(r, name, b, (size_t)snprintf(b, sizeof(b), "%" PRId64, v));
}

static int add_u(struct pf_reader *r, const char *name, uint64_t v)
{
	char b[24];

	return add(r, name, b, (size_t)snprintf(b, sizeof(b), "%" PRIu64, v));
}

/* A field's type in an event message: how its value is printed. */
enum ft { FT_I32, FT_I64, FT_U32, FT_U64, FT_HEX, FT_STR };

struct fdesc {
	const char *name;
	enum ft type;
};

/* The events read by message (FtraceEvent's oneof), their fields by number from 1. */
struct edesc {
	uint64_t num;
	const char *name;
	unsigned nr;
	struct fdesc f[7];
};

#define WAKEUP_FIELDS { { "comm", FT_STR }, { "pid", FT_I32 }, { "prio", FT_I32 }, \
			{ "success", FT_I32 }, { "target_cpu", FT_I32 } }

static const struct edesc events[] = {
	{ 3, "print", 2, { { "ip", FT_HEX }, { "buf", FT_STR } } },
	{ 4, "sched_switch", 7, { { "prev_comm", FT_STR }, { "prev_pid", FT_I32 },
				  { "prev_prio", FT_I32 }, { "prev_state", FT_I64 },
				  { "next_comm", FT_STR }, { "next_pid", FT_I32 },
				  { "next_prio", FT_I32 } } },
	{ 11, "cpu_frequency", 2, { { "state", FT_U32 }, { "cpu_id", FT_U32 } } },
	{ 12, "cpu_frequency_limits", 3, { { "min_freq", FT_U32 }, { "max_freq", FT_U32 },
					   { "cpu_id", FT_U32 } } },
	{ 13, "cpu_idle", 2, { { "state", FT_U32 }, { "cpu_id", FT_U32 } } },
	{ 17, "sched_wakeup", 5, WAKEUP_FIELDS },
	{ 20, "sched_waking", 5, WAKEUP_FIELDS },
	{ 114, "sched_wakeup_new", 5, WAKEUP_FIELDS },
	{ 235, "task_newtask", 4, { { "pid", FT_I32 }, { "comm", FT_STR }, { "clone_flags", FT_U64 },
				    { "oom_score_adj", FT_I32 } } },
	{ 236, "task_rename", 4, { { "pid", FT_I32 }, { "oldcomm", FT_STR }, { "newcomm", FT_STR },
				   { "oom_score_adj", FT_I32 } } },
	{ 238, "sched_process_exit", 4, { { "comm", FT_STR }, { "pid", FT_I32 }, { "tgid", FT_I32 },
					  { "prio", FT_I32 } } },
	{ 239, "sched_process_fork", 4, { { "parent_comm", FT_STR }, { "parent_pid", FT_I32 },
					  { "child_comm", FT_STR }, { "child_pid", FT_I32 } } },
	{ 240, "sched_process_free", 3, { { "comm", FT_STR }, { "pid", FT_I32 }, { "prio", FT_I32 } } },
	{ 341, "thermal_temperature", 4, { { "id", FT_I32 }, { "temp", FT_I32 },
					   { "temp_prev", FT_I32 }, { "thermal_zone", FT_STR } } },
	{ 342, "cdev_update", 2, { { "target", FT_U64 }, { "type", FT_STR } } },
	{ 491, "sched_migrate_task", 5, { { "comm", FT_STR }, { "pid", FT_I32 }, { "prio", FT_I32 },
					  { "orig_cpu", FT_I32 }, { "dest_cpu", FT_I32 } } },
};

#define GENERIC_EVENT 327

static const struct edesc *edesc_of(uint64_t num)
{
	for (size_t i = 0; i < sizeof(events) / sizeof(events[0]); i++)
		if (events[i].num == num)
			return &events[i];
	return NULL;
}

/* A scalar or string field's value as the kernel's text prints it. */
static int add_typed(struct pf_reader *r, const char *name, enum ft type, const struct wfield *f)
{
	char b[24];

	if (type == FT_STR) {
		size_t n = f->wt == WT_LEN ? strnlen((const char *)f->data, f->len) : 0;

		if (f->wt != WT_LEN)
			return 1;
		/* print's buf ends with the newline of the write that made it */
		if (!strcmp(name, "buf") && n && f->data[n - 1] == '\n')
			n--;
		return add(r, name, (const char *)f->data, n);
	}
	if (f->wt != WT_VARINT)
		return 1;
	switch (type) {
	case FT_I32:
		return add_i(r, name, (int32_t)(uint32_t)f->v);
	case FT_I64:
		return add_i(r, name, (int64_t)f->v);
	case FT_U32:
		return add_u(r, name, (uint32_t)f->v);
	case FT_HEX:
		return add(r, name, b, (size_t)snprintf(b, sizeof(b), "0x%" PRIx64, f->v));
	default:
		return add_u(r, name, f->v);
	}
}

/* GenericFtraceEvent: event_name (1), fields (2: name 1, str_value 3, int_value 4, uint_value 5). */
static int generic_event(struct pf_reader *r, const unsigned char *g, size_t len, size_t *name_at)
{
	const unsigned char *p = g;
	struct wfield f;
	int ret;

	*name_at = (size_t)-1;
	while ((ret = next_field(&p, g + len, &f)) == 1) {
		const unsigned char *q;
		struct wfield v, name = { 0 };
		char nbuf[64];
		int have_value = 0;

		if (f.num == 1 && f.wt == WT_LEN) {
			if ((*name_at = put(r, (const char *)f.data, strnlen((const char *)f.data, f.len))) ==
			    (size_t)-1)
				return -1;
			continue;
		}
		if (f.num != 2 || f.wt != WT_LEN)
			continue;
		q = f.data;
		while ((ret = next_field(&q, f.data + f.len, &v)) == 1) {
			if (v.num == 1 && v.wt == WT_LEN)
				name = v;
			else if (v.num >= 3 && v.num <= 5)
				have_value = (int)v.num;
		}
		if (ret || !name.data || !name.len || !have_value)
			return ret ? -2 : 1;
		snprintf(nbuf, sizeof(nbuf), "%.*s", (int)name.len, (const char *)name.data);
		q = f.data;
		while (next_field(&q, f.data + f.len, &v) == 1)
			if ((int)v.num == have_value &&
			    add_typed(r, nbuf, have_value == 3 ? FT_STR : have_value == 4 ? FT_I64 : FT_U64,
				      &v) < 0)
				return -1;
	}
	return ret ? -2 : 0;
}

/* A PF_FULL slot's FtraceEvent into r->ev. Return: 0, 1 (an event this reader does not know:
 * skipped), or <0. */
static int decode_full(struct pf_reader *r, const struct pf_slot *s, capsim_error *err)
{
	const unsigned char *p = s->raw, *end = s->raw + s->len;
	struct wfield f, body = { 0 };
	const struct edesc *d = NULL;
	size_t name_at = (size_t)-1;
	int ret;

	r->ev.pid = -1;
	while ((ret = next_field(&p, end, &f)) == 1) {
		if (f.num == 2 && f.wt == WT_VARINT)
			r->ev.pid = (int)(int32_t)(uint32_t)f.v;
		else if (f.wt == WT_LEN && f.num != 1 && f.num != 2 && f.num != 5)
			body = f;
	}
	if (ret || !body.data)
		return ret ? bad(r, s->off, "a malformed FtraceEvent (expected protobuf fields)", err) : 1;
	if (body.num == GENERIC_EVENT) {
		ret = generic_event(r, body.data, body.len, &name_at);
		if (ret == -1)
			return nomem(r, err);
		if (ret == -2 || name_at == (size_t)-1)
			return bad(r, s->off, "a malformed GenericFtraceEvent (expected its event_name "
				   "and fields with a name and a value)", err);
		if (ret == 1)
			return bad(r, s->off, "a GenericFtraceEvent field without a name or value "
				   "(expected name and str_value, int_value or uint_value)", err);
		r->generic_name = name_at; /* @text may move: the name is set when it is whole */
		return 0;
	}
	if (!(d = edesc_of(body.num)))
		return 1;
	r->ev.name = d->name;
	p = body.data;
	while ((ret = next_field(&p, body.data + body.len, &f)) == 1)
		if (f.num >= 1 && f.num <= d->nr && add_typed(r, d->f[f.num - 1].name,
							       d->f[f.num - 1].type, &f) < 0)
			return nomem(r, err);
	if (ret)
		return bad(r, s->off, "a malformed event message in an FtraceEvent (expected protobuf "
			   "fields)", err);
	return 0;
}

static struct pf_cpu_state *cpu_state(struct pf_reader *r, int cpu)
{
	if ((unsigned)cpu >= r->nr_cpus_state) {
		unsigned n = (unsigned)cpu + 1;
		struct pf_cpu_state *c = realloc(r->cpus, n * sizeof(*c));

		if (!c)
			return NULL;
		memset(c + r->nr_cpus_state, 0, (n - r->nr_cpus_state) * sizeof(*c));
		r->cpus = c;
		r->nr_cpus_state = n;
	}
	return &r->cpus[cpu];
}

/* A compact_sched switch: its prev is the CPU's last next (unknown at its first: pid 0). */
static int decode_switch(struct pf_reader *r, const struct pf_slot *s, struct pf_cpu_state *c)
{
	int ret = add(r, "prev_comm", c->known ? c->comm : "", c->known ? strlen(c->comm) : 0) ||
		  add_i(r, "prev_pid", c->known ? c->pid : 0) ||
		  add_i(r, "prev_prio", c->known ? c->prio : 120) ||
		  add_i(r, "prev_state", s->v[0]) ||
		  add(r, "next_comm", s->comm, strlen(s->comm)) ||
		  add_i(r, "next_pid", (int32_t)s->v[1]) ||
		  add_i(r, "next_prio", (int32_t)s->v[2]);

	r->ev.name = "sched_switch";
	r->ev.pid = c->known ? (int)c->pid : 0;
	return ret;
}

static int decode_waking(struct pf_reader *r, const struct pf_slot *s)
{
	r->ev.name = "sched_waking";
	r->ev.pid = -1;
	return add(r, "comm", s->comm, strlen(s->comm)) || add_i(r, "pid", (int32_t)s->v[0]) ||
	       add_i(r, "prio", (int32_t)s->v[2]) || add_i(r, "success", 1) ||
	       add_i(r, "target_cpu", (int32_t)s->v[1]);
}

/* Tracks each CPU's running task from the switches, for compact_sched's prev. */
static void follow_switch(struct pf_reader *r, struct pf_cpu_state *c)
{
	const char *pid = capsim_trace_field(&r->ev, "next_pid"), *prio =
		capsim_trace_field(&r->ev, "next_prio"), *comm = capsim_trace_field(&r->ev, "next_comm");

	if (!pid)
		return;
	c->known = 1;
	c->pid = strtoll(pid, NULL, 10);
	c->prio = prio ? strtoll(prio, NULL, 10) : 120;
	snprintf(c->comm, sizeof(c->comm), "%s", comm ? comm : "");
}

/* The names the event r->ev gives pids: the sched events' comm fields, task_newtask's,
 * task_rename's new one, a fork's child's. Return: 0 or -1 (out of memory). */
static int learn_comms(struct pf_reader *r)
{
	static const char *const pairs[][2] = {
		{ "prev_pid", "prev_comm" }, { "next_pid", "next_comm" }, { "pid", "comm" },
		{ "pid", "newcomm" }, { "child_pid", "child_comm" },
	};

	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		const char *comm = capsim_trace_field(&r->ev, pairs[i][1]);
		int64_t pid;

		if (comm && !capsim_trace_field_i64(&r->ev, pairs[i][0], &pid) &&
		    comm_set(r, pid, comm, strlen(comm)))
			return -1;
	}
	return 0;
}

/* The slot @s as r->ev. Return: 0, 1 (skipped), <0. */
static int decode(struct pf_reader *r, const struct pf_slot *s, capsim_error *err)
{
	struct capsim_trace_event *ev = &r->ev;
	struct pf_cpu_state *c = cpu_state(r, s->cpu);
	int ret = 0;

	if (!c)
		return nomem(r, err);
	memset(ev, 0, sizeof(*ev));
	r->text_len = 0;
	r->generic_name = (size_t)-1;
	ev->kind = CAPSIM_TRACE_EVENT;
	ev->ts_ns = s->ts;
	ev->cpu = s->cpu;
	ev->tgid = -1;
	ev->body = "";
	ev->line = s->off;
	switch (s->kind) {
	case PF_LOST:
		ev->kind = CAPSIM_TRACE_LOST;
		ev->pid = -1;
		ev->comm = "";
		ev->name = "lost_events";
		c->known = 0;
		return 0;
	case PF_SWITCH:
		if (!c->known) { /* its prev is unknown: the CPU's window starts here */
			c->known = 1;
			c->pid = 0;
			c->prio = 120;
			c->comm[0] = '\0';
		}
		ret = decode_switch(r, s, c) ? nomem(r, err) : 0;
		break;
	case PF_WAKING:
		ret = decode_waking(r, s) ? nomem(r, err) : 0;
		break;
	case PF_FULL:
		ret = decode_full(r, s, err);
		break;
	}
	if (ret)
		return ret;
	if (r->generic_name != (size_t)-1)
		ev->name = r->text + r->generic_name;
	for (unsigned i = 0; i < ev->nr_fields; i++)
		r->fields[i] = (struct capsim_trace_field){ r->text + r->offs[i][0], r->text + r->offs[i][1] };
	ev->fields = r->fields;
	if (learn_comms(r))
		return nomem(r, err);
	ev->comm = ev->pid == 0 ? "<idle>" : "<...>";
	if (ev->pid > 0 && comm_get(r, ev->pid)) {
		snprintf(r->ev_comm, sizeof(r->ev_comm), "%s", comm_get(r, ev->pid));
		ev->comm = r->ev_comm;
	}
	if (!strcmp(ev->name, "sched_switch"))
		follow_switch(r, c);
	return 0;
}

static int pf_next(void *p, const struct capsim_trace_event **out, capsim_error *err)
{
	struct pf_reader *r = p;

	if (r->given) {
		put_slot(r, r->given);
		r->given = NULL;
	}
	for (;;) {
		struct pf_slot *s;
		int ret;

		while (!r->eof && r->nr_heap < PF_WINDOW) {
			ret = read_packet(r, err);
			if (ret < 0)
				return ret;
			r->eof = ret == 0;
		}
		if (!r->nr_heap)
			return 0;
		s = heap_pop(r);
		r->given = s;
		ret = decode(r, s, err);
		if (ret < 0)
			return ret;
		if (ret > 0) {
			r->skipped[CAPSIM_TRACE_SKIP_UNKNOWN]++;
			put_slot(r, s);
			r->given = NULL;
			continue;
		}
		if (s->ts > r->last_given_ts)
			r->last_given_ts = s->ts;
		*out = &r->ev;
		return 1;
	}
}

static unsigned pf_nr_cpus(const void *p)
{
	return 0; /* a Trace says its CPUs only in packets this reader does not read */
}

static uint64_t pf_skipped(const void *p, enum capsim_trace_skip why)
{
	return ((const struct pf_reader *)p)->skipped[why];
}

static void pf_free(void *p)
{
	struct pf_reader *r = p;

	if (!r)
		return;
	if (r->given)
		put_slot(r, r->given);
	for (unsigned i = 0; i < r->nr_heap; i++)
		put_slot(r, r->heap[i]);
	for (unsigned i = 0; i < r->nr_free; i++) {
		free(r->free_list[i]->raw);
		free(r->free_list[i]);
	}
	free(r->heap);
	free(r->free_list);
	free(r->pkt);
	free(r->cpus);
	free(r->text);
	free(r->comms);
	free(r);
}

static const char *pf_kernel_release(const void *p)
{
	const struct pf_reader *r = p;

	return r->release[0] ? r->release : NULL;
}

static const struct trace_reader_ops pf_ops = { pf_next, pf_nr_cpus, pf_skipped, pf_free,
						pf_kernel_release };

int trace_perfetto_in_open(struct trace_stream *in, const struct trace_reader_ops **ops, void **rd,
			   capsim_error *err)
{
	struct pf_reader *r = calloc(1, sizeof(*r));

	if (!r)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "%s: out of memory", trace_stream_name(in));
	r->in = in;
	*ops = &pf_ops;
	*rd = r;
	return 0;
}
