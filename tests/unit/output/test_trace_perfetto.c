// SPDX-License-Identifier: MIT
/*
 * test_trace_perfetto.c - tests src/output/trace_perfetto.c: the fixture's run (sink_fixture.h)
 * written as a Perfetto trace and read back by a protobuf wire walk of its own (not the
 * writer's protobuf-c code), with the field numbers of upstream's perfetto_trace.proto
 * (tests/data/perfetto/perfetto_trace.proto.xz): Trace.packet 1; TracePacket timestamp 8,
 * ftrace_events 1, track_event 11, track_descriptor 60, trusted_packet_sequence_id 10;
 * FtraceEventBundle cpu 1, event 2; FtraceEvent timestamp 1, pid 2, sched_switch 4,
 * cpu_frequency 11, sched_wakeup_new 114, generic 327, sched_migrate_task 491; TrackDescriptor
 * uuid 1, name 2, parent_uuid 5, counter 8 (CounterDescriptor unit_name 6, y_axis_share_key 7),
 * sibling_order_rank 12; TrackEvent type 9 (TYPE_COUNTER 4), track_uuid 11, counter_value 30.
 * What must be there is derived from docs/formats.md, "perfetto".
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "output/trace_perfetto.h"
#include "output/trace_select.h"
#include "sink_fixture.h"

/* a length-delimited message, or a field's bytes */
struct span {
	const uint8_t *p, *end;
};

struct field {
	unsigned num, wire;
	uint64_t v;      /* wire 0 */
	struct span len; /* wire 2 */
};

static uint64_t varint(struct span *s)
{
	uint64_t v = 0;

	for (unsigned shift = 0; ; shift += 7) {
		uint8_t b;

		assert_true(s->p < s->end && shift < 64);
		b = *s->p++;
		v |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80))
			return v;
	}
}

/* the next field of @s into @f; 0 at the end */
static int next_field(struct span *s, struct field *f)
{
	uint64_t key;

	if (s->p == s->end)
		return 0;
	key = varint(s);
	f->num = (unsigned)(key >> 3);
	f->wire = (unsigned)(key & 7);
	if (f->wire == 0) {
		f->v = varint(s);
	} else if (f->wire == 2) {
		uint64_t n = varint(s);

		assert_true(n <= (uint64_t)(s->end - s->p));
		f->len.p = s->p;
		f->len.end = s->p + n;
		s->p += n;
	} else {
		fail_msg("wire type %u of field %u: the writer uses varints and bytes only", f->wire,
			 f->num);
	}
	return 1;
}

/* field @num of message @m: its varint (or @dflt), its bytes */
static uint64_t uint_of(struct span m, unsigned num, uint64_t dflt)
{
	struct field f;

	while (next_field(&m, &f))
		if (f.num == num && f.wire == 0)
			dflt = f.v;
	return dflt;
}

static int sub_of(struct span m, unsigned num, struct span *out)
{
	struct field f;

	while (next_field(&m, &f))
		if (f.num == num && f.wire == 2) {
			*out = f.len;
			return 1;
		}
	return 0;
}

static int str_is(struct span m, unsigned num, const char *want)
{
	struct span s;

	return sub_of(m, num, &s) && (size_t)(s.end - s.p) == strlen(want) &&
	       !memcmp(s.p, want, strlen(want));
}

/* ---- the trace, decoded into what the tests compare ---- */

struct ft_event {
	unsigned cpu, kind; /* kind: the FtraceEvent oneof field number */
	uint64_t ts, pid;
	struct span body;
};

struct track {
	uint64_t uuid, parent;
	char name[48];
	struct span counter;
	int has_counter, has_rank;
	int64_t rank;
};

struct sample {
	uint64_t ts, uuid;
	int64_t value;
};

static struct {
	char *bytes;
	size_t size;
	unsigned nr_packets, nr_seq1, nr_first;
	struct ft_event ev[64];
	unsigned nr_ev;
	struct track tr[64];
	unsigned nr_tr;
	struct sample c[64];
	unsigned nr_c;
} t;

static void bundle(struct span b)
{
	unsigned cpu = (unsigned)uint_of(b, 1, UINT32_MAX);
	struct field f;

	assert_int_not_equal(cpu, UINT32_MAX);
	while (next_field(&b, &f)) {
		struct span e;
		struct field g;
		struct ft_event *x;

		if (f.num != 2)
			continue;
		e = f.len;
		assert_true(t.nr_ev < 64);
		x = &t.ev[t.nr_ev++];
		x->cpu = cpu;
		x->ts = uint_of(e, 1, 0);
		x->pid = uint_of(e, 2, 0);
		x->kind = 0;
		while (next_field(&e, &g))
			if (g.wire == 2) {
				x->kind = g.num;
				x->body = g.len;
			}
	}
}

static void packet(struct span pkt)
{
	struct span s;

	t.nr_packets++;
	t.nr_seq1 += uint_of(pkt, 10, 0) == 1;
	t.nr_first += uint_of(pkt, 87, 0) == 1;
	if (sub_of(pkt, 1, &s)) {
		bundle(s);
	} else if (sub_of(pkt, 60, &s)) {
		struct track *tr = &t.tr[t.nr_tr++];
		static const uint8_t none[1];
		struct span name = { none, none };

		tr->uuid = uint_of(s, 1, 0);
		tr->parent = uint_of(s, 5, 0);
		tr->has_rank = uint_of(s, 12, UINT64_MAX) != UINT64_MAX;
		tr->rank = (int64_t)uint_of(s, 12, 0);
		assert_true(sub_of(s, 2, &name));
		snprintf(tr->name, sizeof(tr->name), "%.*s", (int)(name.end - name.p), name.p);
		tr->has_counter = sub_of(s, 8, &tr->counter);
	} else if (sub_of(pkt, 11, &s)) {
		struct sample *c = &t.c[t.nr_c++];

		assert_int_equal(uint_of(s, 9, 0), 4); /* TYPE_COUNTER */
		c->uuid = uint_of(s, 11, 0);
		c->value = (int64_t)uint_of(s, 30, 0);
		c->ts = uint_of(pkt, 8, 0);
	} else {
		fail_msg("a packet with no ftrace_events, track_event or track_descriptor");
	}
}

static int setup(void **state)
{
	struct fx_run r;
	struct span trace;
	struct field f;

	fx_build(&r);
	t.bytes = fx_write(&trace_format_perfetto, &r, 0, &t.size);
	if (!t.bytes)
		return -1;
	trace.p = (const uint8_t *)t.bytes;
	trace.end = trace.p + t.size;
	while (next_field(&trace, &f)) {
		assert_int_equal(f.num, 1); /* Trace.packet, nothing else */
		assert_int_equal(f.wire, 2);
		packet(f.len);
	}
	return 0;
}

static int teardown(void **state)
{
	free(t.bytes);
	return 0;
}

static const struct track *track_named(const char *name)
{
	for (unsigned i = 0; i < t.nr_tr; i++)
		if (!strcmp(t.tr[i].name, name))
			return &t.tr[i];
	return NULL;
}

/* the events of @kind on @cpu, in the order written */
static const struct ft_event *nth_event(unsigned kind, unsigned k)
{
	for (unsigned i = 0; i < t.nr_ev; i++)
		if (t.ev[i].kind == kind && !k--)
			return &t.ev[i];
	return NULL;
}

static void test_sequence(void **state)
{
	/* every packet on trusted sequence 1; its first one alone flags itself first */
	assert_int_equal(t.nr_seq1, t.nr_packets);
	assert_int_equal(t.nr_first, 1);
}

static void test_sched_switch(void **state)
{
	static const struct {
		unsigned cpu;
		uint64_t t;
		const char *prev, *next;
		int64_t prev_state;
	} want[] = {
		{ 1, FX_T_RUN_A, "swapper/1", "a", 0 },
		{ 1, FX_T_SLEEP_A, "a", "swapper/1", 1 },     /* TASK_INTERRUPTIBLE */
		{ 2, FX_T_RUN_B, "swapper/2", "b", 0 },
		{ 2, FX_T_STOP, "b", "migration/2", 0x100 }, /* preempted: TASK_REPORT_MAX */
		{ 2, FX_T_END, "migration/2", "swapper/2", 1 },
	};
	unsigned k = 0;

	/* a CPU's bundle holds its events in time order; CPU 1's bundle comes before CPU 2's */
	for (unsigned i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		const struct ft_event *e = nth_event(4, k++);

		assert_non_null(e);
		assert_int_equal(e->cpu, want[i].cpu);
		assert_int_equal(e->ts, TRACE_CLOCK_BASE_NS + want[i].t);
		assert_true(str_is(e->body, 1, want[i].prev));
		assert_true(str_is(e->body, 5, want[i].next));
		assert_int_equal((int64_t)uint_of(e->body, 4, 99), want[i].prev_state);
	}
	assert_null(nth_event(4, k));
	/* the stopper's pid and prio 0 */
	assert_int_equal(uint_of(nth_event(4, 3)->body, 6, 0), FX_STOPPER_PID);
	assert_int_equal(uint_of(nth_event(4, 3)->body, 7, 99), 0);
}

static void test_other_events(void **state)
{
	const struct ft_event *e;
	struct span f;
	struct field x;
	unsigned fields = 0;

	e = nth_event(114, 0); /* sched_wakeup_new, on CPU 0 */
	assert_non_null(e);
	assert_int_equal(e->cpu, 0);
	assert_true(str_is(e->body, 1, "a"));
	assert_int_equal(uint_of(e->body, 2, 0), FX_PID_A);
	assert_int_equal(uint_of(e->body, 5, 99), 1); /* target_cpu */

	e = nth_event(491, 0); /* sched_migrate_task in the stopper's context */
	assert_non_null(e);
	assert_int_equal(e->pid, FX_STOPPER_PID);
	assert_int_equal(uint_of(e->body, 4, 99), 2);
	assert_int_equal(uint_of(e->body, 5, 99), 1);

	/* cpu_frequency: 3 first values and CPU 0's one change */
	assert_non_null(nth_event(11, 3));
	assert_null(nth_event(11, 4));
	e = nth_event(11, 1); /* CPU 0's bundle: 1 GHz then 800 MHz */
	assert_int_equal(e->cpu, 0);
	assert_int_equal(e->ts, TRACE_CLOCK_BASE_NS + FX_T_FREQ);
	assert_int_equal(uint_of(e->body, 1, 0), FX_KHZ_LITTLE_NEW);

	/* hw_pressure_update: a GenericFtraceEvent, its fields as integers */
	e = nth_event(327, 0);
	assert_non_null(e);
	assert_true(str_is(e->body, 1, "hw_pressure_update"));
	f = e->body;
	while (next_field(&f, &x)) {
		if (x.num != 2)
			continue;
		fields++;
		if (str_is(x.len, 1, "hw_pressure"))
			assert_int_equal(uint_of(x.len, 4, 0), FX_PRESSURE);
		else
			assert_true(str_is(x.len, 1, "cpu") && uint_of(x.len, 4, 99) == 2);
	}
	assert_int_equal(fields, 2);
	assert_non_null(nth_event(341, 0)); /* thermal_temperature, typed */
}

static void test_counter_tracks(void **state)
{
	const struct track *cpu2 = track_named("CPU 2"), *dc = track_named("cpu2_delivered_capacity");
	const struct track *zone = track_named("soc_temp");
	unsigned n = 0;
	struct span s;

	/* the parent of CPU 2's counters: uuid after every counter track index */
	assert_non_null(cpu2);
	assert_int_equal(cpu2->uuid, FX_NR_CPUS * TRACE_NR_SIGNALS + TRACE_MAX_ZONES + 1 + 2);
	assert_false(cpu2->has_counter);
	assert_non_null(dc);
	assert_int_equal(dc->uuid, 2 * TRACE_NR_SIGNALS + TRACE_SIG_DELIVERED_CAPACITY + 1);
	assert_int_equal(dc->parent, cpu2->uuid);
	assert_true(dc->has_rank);
	assert_int_equal(dc->rank, TRACE_SIG_DELIVERED_CAPACITY);
	assert_true(dc->has_counter);
	assert_true(str_is(dc->counter, 6, "capacity"));
	assert_true(str_is(dc->counter, 7, "cpu2"));
	/* a zone's track is at the top level */
	assert_non_null(zone);
	assert_int_equal(zone->parent, 0);
	assert_true(sub_of(zone->counter, 6, &s));
	/* 7 counters and a parent per CPU, the zone's */
	assert_int_equal(t.nr_tr, FX_NR_CPUS * 8 + 1);

	/* the samples: each track's at 0, then the changes */
	assert_int_equal(t.nr_c, 7 * FX_NR_CPUS + 4);
	for (unsigned i = 0; i < t.nr_c; i++)
		if (t.c[i].uuid == dc->uuid) {
			uint64_t when = n ? FX_T_PRESSURE : 0;

			assert_int_equal(t.c[i].ts, TRACE_CLOCK_BASE_NS + when);
			assert_int_equal(t.c[i].value, n ? FX_CAP_BIG - FX_PRESSURE : FX_CAP_BIG);
			n++;
		}
	assert_int_equal(n, 2);
}

/* a stream that refuses writes: CAPSIM_ERR_IO, from open() or at the latest from finish() */
static void test_unwritable(void **state)
{
	static struct fx_run r;

	fx_build(&r);
	assert_int_equal(fx_write_unwritable(&trace_format_perfetto, &r), CAPSIM_ERR_IO);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sequence),
		cmocka_unit_test(test_sched_switch),
		cmocka_unit_test(test_other_events),
		cmocka_unit_test(test_counter_tracks),
		cmocka_unit_test(test_unwritable),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
