// SPDX-License-Identifier: MIT
/*
 * trace_perfetto.c - the Perfetto trace writer: each event of the run's sink becomes the
 * FtraceEvent that Perfetto's traced_probes would record from the kernel's tracepoint
 * (protos/perfetto/trace/ftrace/{sched,power,thermal}.proto), gathered per CPU into an
 * FtraceEventBundle as traced_probes reads a CPU's ring buffer; events Perfetto has no message
 * for (hw_pressure_update, the thermal governors') become GenericFtraceEvents with their fields.
 * The events and counter values are those trace_select.c says a trace carries, as for every
 * format; the counters become counter tracks: a TrackDescriptor the first time, then
 * a TrackEvent of TYPE_COUNTER at each change. A CPU's counters hang under that CPU: upstream's
 * TrackDescriptor has no CPU field (protos/perfetto/trace/track_event/track_descriptor.proto),
 * so each CPU gets a parent track "CPU N" (child_ordering EXPLICIT) and its counter tracks name
 * it as parent_uuid, ranked by signal (sibling_order_rank) and sharing one y axis
 * (CounterDescriptor.y_axis_share_key "cpuN": every signal is in capacity units). Packets are encoded with protobuf-c from
 * proto/perfetto_subset.proto and framed as the repeated field 1 of perfetto.protos.Trace, so
 * the file is a Trace message that grows packet by packet.
 *
 * Memory: a CPU's bundle holds up to PERFETTO_BUNDLE_EVENTS events in preallocated slots (their
 * strings copied into the slot), then is written and reused.
 */
#include <stdlib.h>
#include <string.h>

/* made by protoc-c in the build tree (CMakeLists.txt), a library header as far as src/ goes */
#include <perfetto_subset.pb-c.h>

#include "capsim/capsim.h"
#include "output/trace_perfetto.h"
#include "output/trace_select.h"

#define PERFETTO_BUNDLE_EVENTS 256
#define PF_SEQUENCE_ID 1
#define PF_MAX_FIELDS 8
#define PF_COMM_LEN 16
#define PF_TEXT_LEN 256

typedef Perfetto__Protos__FtraceEvent PfEvent;
typedef Perfetto__Protos__GenericFtraceEvent__Field PfField;

/* An event of a bundle and what its message points to. */
struct pf_slot {
	PfEvent ev;
	union {
		Perfetto__Protos__SchedSwitchFtraceEvent sched_switch;
		Perfetto__Protos__SchedWakeupFtraceEvent sched_wakeup;
		Perfetto__Protos__SchedWakingFtraceEvent sched_waking;
		Perfetto__Protos__SchedWakeupNewFtraceEvent sched_wakeup_new;
		Perfetto__Protos__SchedMigrateTaskFtraceEvent sched_migrate_task;
		Perfetto__Protos__CpuFrequencyFtraceEvent cpu_frequency;
		Perfetto__Protos__CpuFrequencyLimitsFtraceEvent cpu_frequency_limits;
		Perfetto__Protos__CpuIdleFtraceEvent cpu_idle;
		Perfetto__Protos__ThermalTemperatureFtraceEvent thermal_temperature;
		Perfetto__Protos__CdevUpdateFtraceEvent cdev_update;
		Perfetto__Protos__GenericFtraceEvent generic;
	} u;
	PfField field[PF_MAX_FIELDS];
	PfField *fieldp[PF_MAX_FIELDS];
	char comm[2][PF_COMM_LEN];
	char text[PF_TEXT_LEN];
};

struct pf_cpu {
	unsigned n;
	PfEvent *evp[PERFETTO_BUNDLE_EVENTS];
	struct pf_slot slot[PERFETTO_BUNDLE_EVENTS];
};

struct trace_perfetto {
	FILE *fp;
	unsigned nr_cpus;
	struct pf_cpu *cpu;
	struct trace_select sel;
	uint8_t *described; /* per counter track: its TrackDescriptor is written */
	uint8_t *cpu_described; /* per CPU: its parent track "CPU N" is written */
	uint8_t *buf;
	size_t buf_size;
	int first_packet_written;
	int err;
};

/* Trace.packet (field 1, length-delimited): the tag, the varint length, the packet. */
static void write_packet(struct trace_perfetto *p, Perfetto__Protos__TracePacket *pkt)
{
	uint8_t head[11];
	size_t n, h = 0;

	pkt->optional_trusted_packet_sequence_id_case =
		PERFETTO__PROTOS__TRACE_PACKET__OPTIONAL_TRUSTED_PACKET_SEQUENCE_ID_TRUSTED_PACKET_SEQUENCE_ID;
	pkt->trusted_packet_sequence_id = PF_SEQUENCE_ID;
	if (!p->first_packet_written) {
		/* the sequence's first packet: its (empty) incremental state is valid */
		pkt->has_sequence_flags = pkt->has_first_packet_on_sequence = 1;
		pkt->sequence_flags = PERFETTO__PROTOS__TRACE_PACKET__SEQUENCE_FLAGS__SEQ_INCREMENTAL_STATE_CLEARED;
		pkt->first_packet_on_sequence = 1;
		p->first_packet_written = 1;
	}
	n = perfetto__protos__trace_packet__get_packed_size(pkt);
	if (n > p->buf_size) {
		uint8_t *b = realloc(p->buf, n);

		if (!b) {
			p->err = CAPSIM_ERR_NOMEM;
			return;
		}
		p->buf = b;
		p->buf_size = n;
	}
	perfetto__protos__trace_packet__pack(pkt, p->buf);
	head[h++] = 0x0a;
	for (size_t v = n; ; v >>= 7) {
		head[h++] = (uint8_t)((v & 0x7f) | (v >= 0x80 ? 0x80 : 0));
		if (v < 0x80)
			break;
	}
	if (fwrite(head, 1, h, p->fp) != h || fwrite(p->buf, 1, n, p->fp) != n)
		p->err = CAPSIM_ERR_IO;
}

static void flush_bundle(struct trace_perfetto *p, unsigned cpu)
{
	struct pf_cpu *c = &p->cpu[cpu];
	Perfetto__Protos__TracePacket pkt = PERFETTO__PROTOS__TRACE_PACKET__INIT;
	Perfetto__Protos__FtraceEventBundle b = PERFETTO__PROTOS__FTRACE_EVENT_BUNDLE__INIT;

	if (!c->n)
		return;
	b.has_cpu = 1;
	b.cpu = cpu;
	b.n_event = c->n;
	b.event = c->evp;
	pkt.data_case = PERFETTO__PROTOS__TRACE_PACKET__DATA_FTRACE_EVENTS;
	pkt.ftrace_events = &b;
	write_packet(p, &pkt);
	c->n = 0;
}

/* The next slot of @cpu's bundle, its FtraceEvent filled with the event's time and context. */
static struct pf_slot *slot_of(struct trace_perfetto *p, const struct capsim_event *ev)
{
	struct pf_cpu *c = &p->cpu[ev->cpu];
	struct pf_slot *s;

	if (c->n == PERFETTO_BUNDLE_EVENTS)
		flush_bundle(p, (unsigned)ev->cpu);
	s = &c->slot[c->n];
	c->evp[c->n++] = &s->ev;
	perfetto__protos__ftrace_event__init(&s->ev);
	s->ev.has_timestamp = s->ev.has_pid = 1;
	s->ev.timestamp = trace_clock_ns(ev);
	s->ev.pid = (uint32_t)ev->curr.pid;
	return s;
}

static char *copy_comm(struct pf_slot *s, int i, const char *comm)
{
	snprintf(s->comm[i], PF_COMM_LEN, "%s", comm);
	return s->comm[i];
}

/* sched_switch's prev_state as the kernel records it (TASK_REPORT_MAX for a preempted task) */
static int64_t prev_state(const struct capsim_ev_sched_switch *sw)
{
	return sw->preempt ? 0x100 : sw->prev_state;
}

/* The wakeup class: sched_waking, sched_wakeup and sched_wakeup_new share their fields. */
#define WAKEUP_FIELDS(m, s, t, cpu)                                                            \
	do {                                                                                   \
		(m)->comm = copy_comm(s, 0, (t)->comm);                                        \
		(m)->has_pid = (m)->has_prio = (m)->has_target_cpu = (m)->has_success = 1;     \
		(m)->pid = (t)->pid;                                                           \
		(m)->prio = (t)->prio;                                                         \
		(m)->success = 1;                                                              \
		(m)->target_cpu = (cpu);                                                       \
	} while (0)

/*
 * A GenericFtraceEvent from a "key=value key=value" text: values that are integers become
 * int_value, the others str_value. The text is copied into the slot and cut there.
 */
static void generic_from_text(struct pf_slot *s, const char *name, const char *body)
{
	Perfetto__Protos__GenericFtraceEvent *g = &s->u.generic;
	char *p = s->text;
	size_t n = strlen(name);

	perfetto__protos__generic_ftrace_event__init(g);
	if (n >= PF_TEXT_LEN / 2)
		n = PF_TEXT_LEN / 2 - 1;
	memcpy(p, name, n);
	p[n] = '\0';
	g->event_name = p;
	p += n + 1;
	snprintf(p, PF_TEXT_LEN - n - 1, "%s", body);
	g->field = s->fieldp;
	while (*p && g->n_field < PF_MAX_FIELDS) {
		PfField *f = &s->field[g->n_field];
		char *eq = strchr(p, '='), *end, *num_end;

		if (!eq)
			break;
		end = eq + 1 + strcspn(eq + 1, " ");
		*eq = '\0';
		perfetto__protos__generic_ftrace_event__field__init(f);
		f->name = p;
		p = *end ? end + 1 : end;
		*end = '\0';
		f->int_value = strtoll(eq + 1, &num_end, 10);
		if (num_end != eq + 1 && !*num_end) {
			f->value_case = PERFETTO__PROTOS__GENERIC_FTRACE_EVENT__FIELD__VALUE_INT_VALUE;
		} else {
			f->value_case = PERFETTO__PROTOS__GENERIC_FTRACE_EVENT__FIELD__VALUE_STR_VALUE;
			f->str_value = eq + 1;
		}
		s->fieldp[g->n_field++] = f;
	}
	s->ev.event_case = PERFETTO__PROTOS__FTRACE_EVENT__EVENT_GENERIC;
	s->ev.generic = g;
}

/* thermal_temperature and cdev_update have messages; their fields come from the text */
static void thermal_event(struct pf_slot *s, const char *name, const char *body)
{
	if (!strcmp(name, "thermal_temperature")) {
		Perfetto__Protos__ThermalTemperatureFtraceEvent *m = &s->u.thermal_temperature;

		perfetto__protos__thermal_temperature_ftrace_event__init(m);
		if (sscanf(body, "thermal_zone=%31s id=%d temp_prev=%d temp=%d", s->text, &m->id,
			   &m->temp_prev, &m->temp) == 4) {
			m->thermal_zone = s->text;
			m->has_id = m->has_temp_prev = m->has_temp = 1;
			s->ev.event_case = PERFETTO__PROTOS__FTRACE_EVENT__EVENT_THERMAL_TEMPERATURE;
			s->ev.thermal_temperature = m;
			return;
		}
	} else if (!strcmp(name, "cdev_update")) {
		Perfetto__Protos__CdevUpdateFtraceEvent *m = &s->u.cdev_update;
		unsigned long long target;

		perfetto__protos__cdev_update_ftrace_event__init(m);
		if (sscanf(body, "type=%63s target=%llu", s->text, &target) == 2) {
			m->type = s->text;
			m->has_target = 1;
			m->target = target;
			s->ev.event_case = PERFETTO__PROTOS__FTRACE_EVENT__EVENT_CDEV_UPDATE;
			s->ev.cdev_update = m;
			return;
		}
	}
	generic_from_text(s, name, body);
}

/* a counter track's uuid is its index + 1; a CPU's parent track's comes after all of them */
static uint64_t cpu_track_uuid(const struct trace_perfetto *p, unsigned cpu)
{
	return trace_select_nr_tracks(&p->sel) + 1 + cpu;
}

static void write_track(struct trace_perfetto *p, Perfetto__Protos__TrackDescriptor *td)
{
	Perfetto__Protos__TracePacket pkt = PERFETTO__PROTOS__TRACE_PACKET__INIT;

	pkt.data_case = PERFETTO__PROTOS__TRACE_PACKET__DATA_TRACK_DESCRIPTOR;
	pkt.track_descriptor = td;
	write_packet(p, &pkt);
}

/* the parent track "CPU N" of CPU @cpu's counters, its children in signal order */
static void describe_cpu(struct trace_perfetto *p, unsigned cpu)
{
	Perfetto__Protos__TrackDescriptor td = PERFETTO__PROTOS__TRACK_DESCRIPTOR__INIT;
	char name[24];

	p->cpu_described[cpu] = 1;
	snprintf(name, sizeof(name), "CPU %u", cpu);
	td.has_uuid = 1;
	td.uuid = cpu_track_uuid(p, cpu);
	td.static_or_dynamic_name_case =
		PERFETTO__PROTOS__TRACK_DESCRIPTOR__STATIC_OR_DYNAMIC_NAME_NAME;
	td.name = name;
	td.has_child_ordering = 1;
	td.child_ordering = PERFETTO__PROTOS__TRACK_DESCRIPTOR__CHILD_TRACKS_ORDERING__EXPLICIT;
	write_track(p, &td);
}

/* a counter track: a CPU's under that CPU's track, a zone's temperature at the top level */
static void describe_counter(struct trace_perfetto *p, const struct trace_counter_value *v)
{
	Perfetto__Protos__TrackDescriptor td = PERFETTO__PROTOS__TRACK_DESCRIPTOR__INIT;
	Perfetto__Protos__CounterDescriptor cd = PERFETTO__PROTOS__COUNTER_DESCRIPTOR__INIT;
	unsigned cpu = v->index / TRACE_NR_SIGNALS;
	char share[24];

	p->described[v->index] = 1;
	td.has_uuid = 1;
	td.uuid = v->index + 1;
	td.static_or_dynamic_name_case =
		PERFETTO__PROTOS__TRACK_DESCRIPTOR__STATIC_OR_DYNAMIC_NAME_NAME;
	td.name = (char *)v->name;
	cd.unit_name = (char *)v->unit;
	if (cpu < p->nr_cpus) {
		if (!p->cpu_described[cpu])
			describe_cpu(p, cpu);
		td.has_parent_uuid = td.has_sibling_order_rank = 1;
		td.parent_uuid = cpu_track_uuid(p, cpu);
		td.sibling_order_rank = (int32_t)(v->index % TRACE_NR_SIGNALS);
		snprintf(share, sizeof(share), "cpu%u", cpu);
		cd.y_axis_share_key = share;
	}
	td.counter = &cd;
	write_track(p, &td);
}

static void counter(void *ctx, const struct capsim_event *ev, const struct trace_counter_value *v)
{
	struct trace_perfetto *p = ctx;
	Perfetto__Protos__TracePacket pkt = PERFETTO__PROTOS__TRACE_PACKET__INIT;
	Perfetto__Protos__TrackEvent te = PERFETTO__PROTOS__TRACK_EVENT__INIT;

	if (!p->described[v->index])
		describe_counter(p, v);
	te.has_type = te.has_track_uuid = 1;
	te.type = PERFETTO__PROTOS__TRACK_EVENT__TYPE__TYPE_COUNTER;
	te.track_uuid = v->index + 1;
	te.counter_value_field_case = PERFETTO__PROTOS__TRACK_EVENT__COUNTER_VALUE_FIELD_COUNTER_VALUE;
	te.counter_value = v->value;
	pkt.has_timestamp = 1;
	pkt.timestamp = trace_clock_ns(ev);
	pkt.data_case = PERFETTO__PROTOS__TRACE_PACKET__DATA_TRACK_EVENT;
	pkt.track_event = &te;
	write_packet(p, &pkt);
}

/* The sink: the typed ftrace event of each tracepoint event, and the counters it changes. */
static void perfetto_event(void *ctx, const struct capsim_event *ev)
{
	struct trace_perfetto *p = ctx;
	struct pf_slot *s;
	char body[160];

	if (!trace_select_event(&p->sel, ev, counter, p))
		return;
	switch (ev->type) {
	case CAPSIM_EV_SCHED_SWITCH: {
		const struct capsim_ev_sched_switch *sw = &ev->u.sched_switch;
		Perfetto__Protos__SchedSwitchFtraceEvent *m;

		s = slot_of(p, ev);
		m = &s->u.sched_switch;
		perfetto__protos__sched_switch_ftrace_event__init(m);
		m->prev_comm = copy_comm(s, 0, sw->prev.comm);
		m->next_comm = copy_comm(s, 1, sw->next.comm);
		m->has_prev_pid = m->has_prev_prio = m->has_prev_state = 1;
		m->has_next_pid = m->has_next_prio = 1;
		m->prev_pid = sw->prev.pid;
		m->prev_prio = sw->prev.prio;
		m->prev_state = prev_state(sw);
		m->next_pid = sw->next.pid;
		m->next_prio = sw->next.prio;
		s->ev.event_case = PERFETTO__PROTOS__FTRACE_EVENT__EVENT_SCHED_SWITCH;
		s->ev.sched_switch = m;
		break;
	}
	case CAPSIM_EV_SCHED_WAKING:
		s = slot_of(p, ev);
		perfetto__protos__sched_waking_ftrace_event__init(&s->u.sched_waking);
		WAKEUP_FIELDS(&s->u.sched_waking, s, &ev->u.wakeup.task, ev->u.wakeup.target_cpu);
		s->ev.event_case = PERFETTO__PROTOS__FTRACE_EVENT__EVENT_SCHED_WAKING;
		s->ev.sched_waking = &s->u.sched_waking;
		break;
	case CAPSIM_EV_SCHED_WAKEUP:
		s = slot_of(p, ev);
		perfetto__protos__sched_wakeup_ftrace_event__init(&s->u.sched_wakeup);
		WAKEUP_FIELDS(&s->u.sched_wakeup, s, &ev->u.wakeup.task, ev->u.wakeup.target_cpu);
		s->ev.event_case = PERFETTO__PROTOS__FTRACE_EVENT__EVENT_SCHED_WAKEUP;
		s->ev.sched_wakeup = &s->u.sched_wakeup;
		break;
	case CAPSIM_EV_SCHED_WAKEUP_NEW:
		s = slot_of(p, ev);
		perfetto__protos__sched_wakeup_new_ftrace_event__init(&s->u.sched_wakeup_new);
		WAKEUP_FIELDS(&s->u.sched_wakeup_new, s, &ev->u.wakeup.task,
			      ev->u.wakeup.target_cpu);
		s->ev.event_case = PERFETTO__PROTOS__FTRACE_EVENT__EVENT_SCHED_WAKEUP_NEW;
		s->ev.sched_wakeup_new = &s->u.sched_wakeup_new;
		break;
	case CAPSIM_EV_SCHED_MIGRATE_TASK: {
		Perfetto__Protos__SchedMigrateTaskFtraceEvent *m;

		s = slot_of(p, ev);
		m = &s->u.sched_migrate_task;
		perfetto__protos__sched_migrate_task_ftrace_event__init(m);
		m->comm = copy_comm(s, 0, ev->u.migrate.task.comm);
		m->has_pid = m->has_prio = m->has_orig_cpu = m->has_dest_cpu = 1;
		m->pid = ev->u.migrate.task.pid;
		m->prio = ev->u.migrate.task.prio;
		m->orig_cpu = ev->u.migrate.orig_cpu;
		m->dest_cpu = ev->u.migrate.dest_cpu;
		s->ev.event_case = PERFETTO__PROTOS__FTRACE_EVENT__EVENT_SCHED_MIGRATE_TASK;
		s->ev.sched_migrate_task = m;
		break;
	}
	case CAPSIM_EV_CPU_FREQUENCY:
		s = slot_of(p, ev);
		perfetto__protos__cpu_frequency_ftrace_event__init(&s->u.cpu_frequency);
		s->u.cpu_frequency.has_state = s->u.cpu_frequency.has_cpu_id = 1;
		s->u.cpu_frequency.state = ev->u.cpu_frequency.requested_khz;
		s->u.cpu_frequency.cpu_id = (uint32_t)ev->cpu;
		s->ev.event_case = PERFETTO__PROTOS__FTRACE_EVENT__EVENT_CPU_FREQUENCY;
		s->ev.cpu_frequency = &s->u.cpu_frequency;
		break;
	case CAPSIM_EV_CPU_FREQUENCY_LIMITS: {
		Perfetto__Protos__CpuFrequencyLimitsFtraceEvent *m;

		s = slot_of(p, ev);
		m = &s->u.cpu_frequency_limits;
		perfetto__protos__cpu_frequency_limits_ftrace_event__init(m);
		m->has_min_freq = m->has_max_freq = m->has_cpu_id = 1;
		m->min_freq = ev->u.cpu_frequency_limits.min_khz;
		m->max_freq = ev->u.cpu_frequency_limits.max_khz;
		m->cpu_id = (uint32_t)ev->u.cpu_frequency_limits.first_cpu;
		s->ev.event_case = PERFETTO__PROTOS__FTRACE_EVENT__EVENT_CPU_FREQUENCY_LIMITS;
		s->ev.cpu_frequency_limits = m;
		break;
	}
	case CAPSIM_EV_CPU_IDLE:
		s = slot_of(p, ev);
		perfetto__protos__cpu_idle_ftrace_event__init(&s->u.cpu_idle);
		s->u.cpu_idle.has_state = s->u.cpu_idle.has_cpu_id = 1;
		s->u.cpu_idle.state = ev->u.cpu_idle.state;
		s->u.cpu_idle.cpu_id = (uint32_t)ev->cpu;
		s->ev.event_case = PERFETTO__PROTOS__FTRACE_EVENT__EVENT_CPU_IDLE;
		s->ev.cpu_idle = &s->u.cpu_idle;
		break;
	case CAPSIM_EV_HW_PRESSURE_UPDATE:
	case CAPSIM_EV_THERMAL_PRESSURE_UPDATE: {
		int hw = ev->type == CAPSIM_EV_HW_PRESSURE_UPDATE;

		snprintf(body, sizeof(body), "cpu=%d %s=%llu", ev->cpu,
			 hw ? "hw_pressure" : "thermal_pressure",
			 (unsigned long long)ev->u.pressure.pressure);
		generic_from_text(slot_of(p, ev), hw ? "hw_pressure_update" : "thermal_pressure_update",
				  body);
		break;
	}
	case CAPSIM_EV_TEXT:
		thermal_event(slot_of(p, ev), ev->u.text.name, ev->u.text.body);
		break;
	case CAPSIM_EV_SCHED_COMPUTE_ENERGY:
		/* no typed message upstream: the kernel exports no event for the tracepoint */
		trace_compute_energy_text(body, sizeof(body), ev);
		generic_from_text(slot_of(p, ev), TRACE_COMPUTE_ENERGY_NAME, body);
		break;
	default:
		break;
	}
}

static void perfetto_free(struct trace_perfetto *p)
{
	trace_select_free(&p->sel);
	free(p->described);
	free(p->cpu_described);
	free(p->cpu);
	free(p->buf);
	free(p);
}

static void perfetto_release(void *ctx)
{
	perfetto_free(ctx);
}

static int perfetto_open(const struct capsim_sink_header *h, FILE *fp, void **ctx)
{
	struct trace_perfetto *p;
	int ret;

	p = calloc(1, sizeof(*p));
	if (!p)
		return CAPSIM_ERR_NOMEM;
	p->fp = fp;
	p->nr_cpus = h->nr_cpus;
	p->cpu = calloc(h->nr_cpus, sizeof(*p->cpu));
	ret = p->cpu ? trace_select_init(&p->sel, h->nr_cpus, h->trace_families, TRACE_COUNTERS_ALL)
		     : CAPSIM_ERR_NOMEM;
	if (!ret) {
		p->described = calloc(trace_select_nr_tracks(&p->sel), 1);
		p->cpu_described = calloc(h->nr_cpus, 1);
		ret = p->described && p->cpu_described ? 0 : CAPSIM_ERR_NOMEM;
	}
	if (ret)
		perfetto_free(p);
	else
		*ctx = p;
	return ret;
}

static int perfetto_finish(void *ctx)
{
	struct trace_perfetto *p = ctx;
	int ret;

	for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++)
		flush_bundle(p, cpu);
	ret = p->err ? p->err : fflush(p->fp) || ferror(p->fp) ? CAPSIM_ERR_IO : 0;
	perfetto_free(p);
	return ret;
}

const struct trace_format trace_format_perfetto = { perfetto_open, perfetto_event, perfetto_release,
						    perfetto_finish };
