// SPDX-License-Identifier: MIT
/*
 * trace_chrome.c - the Chrome JSON trace writer (Trace Event Format, JSON Object Format): one
 * process, "CPUs" (pid 1), with a thread per CPU (tid = CPU + 1, named "CPU N") that holds a
 * complete slice ("ph":"X") for each stretch a task runs there (the migration/N stopper
 * included), from the sched_switch that switches it in to the one that switches it out, and an
 * instant event ("ph":"i") for each other event of the ftrace text, its args the tracepoint's
 * fields; a counter ("ph":"C") per CPU per signal ("cpu3_actual_capacity") and per thermal zone
 * each time it changes. Which events and values: trace_select.c, as for every format. Timestamps are µs with ns
 * decimals. Streamed: a slice is written when it ends; the writer keeps one open slice per CPU.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "capsim/capsim.h"
#include "output/trace_chrome.h"
#include "output/trace_select.h"

#define CHROME_PID 1
#define COMM_LEN 16

/* the task running on a CPU since @since_ns (pid 0: idle, which gets no slice) */
struct chrome_cpu {
	uint64_t since_ns;
	int32_t pid, prio;
	char comm[COMM_LEN];
};

struct trace_chrome {
	FILE *fp;
	unsigned nr_cpus;
	uint64_t last_ns;
	struct chrome_cpu *cpu;
	struct trace_select sel;
};

/* A JSON string: quotes, backslashes and control characters escaped (RFC 8259, 7). */
static void put_str(FILE *fp, const char *s)
{
	fputc('"', fp);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(fp, "\\%c", c);
		else if (c < 0x20)
			fprintf(fp, "\\u%04x", c);
		else
			fputc(c, fp);
	}
	fputc('"', fp);
}

/* "ts" in µs, exact to the ns */
static void put_ts(FILE *fp, const char *key, uint64_t ns)
{
	fprintf(fp, "\"%s\":%" PRIu64 ".%03u", key, ns / 1000, (unsigned)(ns % 1000));
}

/* the start of an event of the process: ",\n{"ph":..,"pid":1,"tid":..,"ts":..,"name":.. */
static void begin(struct trace_chrome *c, const char *ph, int tid, uint64_t ns, const char *name)
{
	fprintf(c->fp, ",\n{\"ph\":\"%s\",\"pid\":%d,\"tid\":%d,", ph, CHROME_PID, tid);
	put_ts(c->fp, "ts", ns);
	fputs(",\"name\":", c->fp);
	put_str(c->fp, name);
}

static void end_slice(struct trace_chrome *c, unsigned cpu, uint64_t now, const char *end_state)
{
	struct chrome_cpu *k = &c->cpu[cpu];

	if (!k->pid)
		return;
	begin(c, "X", (int)cpu + 1, k->since_ns, k->comm);
	fputc(',', c->fp);
	put_ts(c->fp, "dur", now - k->since_ns);
	fprintf(c->fp, ",\"cat\":\"sched\",\"args\":{\"pid\":%d,\"prio\":%d,\"end_state\":\"%s\"}}",
		k->pid, k->prio, end_state);
}

/* prev_state as sched_switch prints it, for the slice it ends */
static const char *end_state(const struct capsim_ev_sched_switch *sw)
{
	if (sw->preempt)
		return "R+";
	return sw->prev_state & CAPSIM_TASK_DEAD ? "X"
	       : sw->prev_state & CAPSIM_TASK_INTERRUPTIBLE ? "S"
	       : sw->prev_state & CAPSIM_TASK_UNINTERRUPTIBLE ? "D" : "R";
}

/* an instant of @ev's CPU: "args" the task's fields (if @t), then @n integer fields */
static void instant(struct trace_chrome *c, const struct capsim_event *ev, const char *cat,
		    const char *name, const struct capsim_event_task *t, unsigned n,
		    const char *const *keys, const int64_t *vals)
{
	const char *sep = "";

	begin(c, "i", ev->cpu + 1, trace_clock_ns(ev), name);
	fprintf(c->fp, ",\"s\":\"t\",\"cat\":\"%s\",\"args\":{", cat);
	if (t) {
		fputs("\"comm\":", c->fp);
		put_str(c->fp, t->comm);
		fprintf(c->fp, ",\"pid\":%d,\"prio\":%d", t->pid, t->prio);
		sep = ",";
	}
	for (unsigned i = 0; i < n; i++, sep = ",")
		fprintf(c->fp, "%s\"%s\":%" PRId64, sep, keys[i], vals[i]);
	fputs("}}", c->fp);
}

/* an event known by its TP_printk text: an instant whose one argument is that text */
static void text_instant(struct trace_chrome *c, const struct capsim_event *ev, const char *cat,
			 const char *name, const char *body)
{
	begin(c, "i", ev->cpu + 1, trace_clock_ns(ev), name);
	fprintf(c->fp, ",\"s\":\"t\",\"cat\":\"%s\",\"args\":{\"text\":", cat);
	put_str(c->fp, body);
	fputs("}}", c->fp);
}

static void counter(void *ctx, const struct capsim_event *ev, const struct trace_counter_value *v)
{
	struct trace_chrome *c = ctx;

	fprintf(c->fp, ",\n{\"ph\":\"C\",\"pid\":%d,", CHROME_PID);
	put_ts(c->fp, "ts", trace_clock_ns(ev));
	fputs(",\"name\":", c->fp);
	put_str(c->fp, v->name);
	fprintf(c->fp, ",\"cat\":\"counter\",\"args\":{\"value\":%" PRId64 "}}", v->value);
}

/* The sink: slices at switches, counters at changes, an instant for the other events. */
static void chrome_event(void *ctx, const struct capsim_event *ev)
{
	static const char *const wakeup_keys[] = { "target_cpu" };
	static const char *const migrate_keys[] = { "orig_cpu", "dest_cpu" };
	static const char *const cpu_keys[] = { "state", "cpu_id" };
	static const char *const limits_keys[] = { "min", "max", "cpu_id" };
	static const char *const hw_keys[] = { "cpu", "hw_pressure" };
	static const char *const thermal_keys[] = { "cpu", "thermal_pressure" };
	struct trace_chrome *c = ctx;
	int64_t v[3];

	c->last_ns = trace_clock_ns(ev);
	if (!trace_select_event(&c->sel, ev, counter, c))
		return;
	switch (ev->type) {
	case CAPSIM_EV_SCHED_SWITCH: {
		const struct capsim_ev_sched_switch *sw = &ev->u.sched_switch;
		struct chrome_cpu *k = &c->cpu[ev->cpu];

		end_slice(c, (unsigned)ev->cpu, trace_clock_ns(ev), end_state(sw));
		k->since_ns = trace_clock_ns(ev);
		k->pid = sw->next.pid;
		k->prio = sw->next.prio;
		snprintf(k->comm, sizeof(k->comm), "%s", sw->next.comm);
		break;
	}
	case CAPSIM_EV_SCHED_WAKING:
	case CAPSIM_EV_SCHED_WAKEUP:
	case CAPSIM_EV_SCHED_WAKEUP_NEW:
		v[0] = ev->u.wakeup.target_cpu;
		instant(c, ev, "sched",
			ev->type == CAPSIM_EV_SCHED_WAKING  ? "sched_waking"
			: ev->type == CAPSIM_EV_SCHED_WAKEUP ? "sched_wakeup"
							     : "sched_wakeup_new",
			&ev->u.wakeup.task, 1, wakeup_keys, v);
		break;
	case CAPSIM_EV_SCHED_MIGRATE_TASK:
		v[0] = ev->u.migrate.orig_cpu;
		v[1] = ev->u.migrate.dest_cpu;
		instant(c, ev, "sched", "sched_migrate_task", &ev->u.migrate.task, 2, migrate_keys,
			v);
		break;
	case CAPSIM_EV_CPU_FREQUENCY:
		v[0] = ev->u.cpu_frequency.requested_khz;
		v[1] = ev->cpu;
		instant(c, ev, "power", "cpu_frequency", NULL, 2, cpu_keys, v);
		break;
	case CAPSIM_EV_CPU_FREQUENCY_LIMITS:
		v[0] = ev->u.cpu_frequency_limits.min_khz;
		v[1] = ev->u.cpu_frequency_limits.max_khz;
		v[2] = ev->u.cpu_frequency_limits.first_cpu;
		instant(c, ev, "power", "cpu_frequency_limits", NULL, 3, limits_keys, v);
		break;
	case CAPSIM_EV_CPU_IDLE:
		v[0] = ev->u.cpu_idle.state;
		v[1] = ev->cpu;
		instant(c, ev, "power", "cpu_idle", NULL, 2, cpu_keys, v);
		break;
	case CAPSIM_EV_HW_PRESSURE_UPDATE:
	case CAPSIM_EV_THERMAL_PRESSURE_UPDATE:
		v[0] = ev->cpu;
		v[1] = (int64_t)ev->u.pressure.pressure;
		if (ev->type == CAPSIM_EV_HW_PRESSURE_UPDATE)
			instant(c, ev, "power", "hw_pressure_update", NULL, 2, hw_keys, v);
		else
			instant(c, ev, "power", "thermal_pressure_update", NULL, 2, thermal_keys, v);
		break;
	case CAPSIM_EV_SCHED_COMPUTE_ENERGY: {
		char body[160];

		/* the text trace's fields, as for the thermal events' */
		trace_compute_energy_text(body, sizeof(body), ev);
		text_instant(c, ev, "sched", TRACE_COMPUTE_ENERGY_NAME, body);
		break;
	}
	case CAPSIM_EV_TEXT:
		text_instant(c, ev, "thermal", ev->u.text.name, ev->u.text.body);
		break;
	default:
		break;
	}
}

/* process_name, thread_name and thread_sort_index metadata (the first event: no comma) */
static void write_header(struct trace_chrome *c)
{
	fprintf(c->fp, "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n"
		       "{\"ph\":\"M\",\"pid\":%d,\"tid\":0,\"ts\":0,\"name\":\"process_name\","
		       "\"args\":{\"name\":\"CPUs\"}}",
		CHROME_PID);
	for (unsigned cpu = 0; cpu < c->nr_cpus; cpu++) {
		fprintf(c->fp, ",\n{\"ph\":\"M\",\"pid\":%d,\"tid\":%u,\"ts\":0,"
			       "\"name\":\"thread_name\",\"args\":{\"name\":\"CPU %u\"}}",
			CHROME_PID, cpu + 1, cpu);
		fprintf(c->fp, ",\n{\"ph\":\"M\",\"pid\":%d,\"tid\":%u,\"ts\":0,"
			       "\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":%u}}",
			CHROME_PID, cpu + 1, cpu);
	}
}

static void chrome_free(struct trace_chrome *c)
{
	trace_select_free(&c->sel);
	free(c->cpu);
	free(c);
}

/* capsim_sim_free() with the writer attached: the document stays unfinished, the memory is freed */
static void chrome_release(void *ctx)
{
	chrome_free(ctx);
}

static int chrome_open(const struct capsim_sink_header *h, FILE *fp, void **ctx)
{
	struct trace_chrome *c;
	int ret;

	c = calloc(1, sizeof(*c));
	if (!c)
		return CAPSIM_ERR_NOMEM;
	c->fp = fp;
	c->nr_cpus = h->nr_cpus;
	c->cpu = calloc(h->nr_cpus, sizeof(*c->cpu));
	ret = c->cpu ? trace_select_init(&c->sel, h->nr_cpus, h->trace_families,
					     TRACE_COUNTERS_ALL) : CAPSIM_ERR_NOMEM;
	if (!ret) {
		write_header(c);
		ret = ferror(fp) ? CAPSIM_ERR_IO : 0;
	}
	if (ret)
		chrome_free(c);
	else
		*ctx = c;
	return ret;
}

static int chrome_finish(void *ctx)
{
	struct trace_chrome *c = ctx;
	int ret;

	/* the tasks still running at the end: their slices end with the trace */
	for (unsigned cpu = 0; cpu < c->nr_cpus; cpu++)
		end_slice(c, cpu, c->last_ns, "R");
	fputs("\n]}\n", c->fp);
	ret = fflush(c->fp) || ferror(c->fp) ? CAPSIM_ERR_IO : 0;
	chrome_free(c);
	return ret;
}

const struct trace_format trace_format_chrome = { chrome_open, chrome_event, chrome_release,
						  chrome_finish };
