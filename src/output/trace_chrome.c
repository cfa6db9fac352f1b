// SPDX-License-Identifier: MIT
/*
 * trace_chrome.c - the Chrome JSON trace writer (Trace Event Format, JSON Object Format): one
 * process, "CPUs" (pid 1), with a thread per CPU (tid = CPU + 1, named "CPU N") that holds a
 * complete slice ("ph":"X") for each stretch a task runs there, from the sched_switch that
 * switches it in to the one that switches it out, and an instant event ("ph":"i") for each
 * other scheduler, cpufreq, pressure and thermal event; a counter ("ph":"C") per CPU per signal
 * ("cpu3_actual_capacity", trace_counters.h) each time it changes. Timestamps are µs with ns
 * decimals. Streamed: a slice is written when it ends; the writer keeps one open slice per CPU.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "capsim/capsim.h"
#include "output/trace_chrome.h"
#include "output/trace_counters.h"
#include "sim/sim.h"
#include "sim/sim_events.h"

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
	struct trace_counters counters;
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
	       : sw->prev_state & CAPSIM_TASK_INTERRUPTIBLE ? "S" : "R";
}

static void instant_task(struct trace_chrome *c, const struct capsim_event *ev, const char *name,
			 const struct capsim_event_task *t, const char *k1, int v1, const char *k2,
			 int v2)
{
	begin(c, "i", ev->cpu + 1, ev->time_ns, name);
	fputs(",\"s\":\"t\",\"cat\":\"sched\",\"args\":{\"comm\":", c->fp);
	put_str(c->fp, t->comm);
	fprintf(c->fp, ",\"pid\":%d,\"prio\":%d,\"%s\":%d", t->pid, t->prio, k1, v1);
	if (k2)
		fprintf(c->fp, ",\"%s\":%d", k2, v2);
	fputs("}}", c->fp);
}

static void counter(void *ctx, const struct capsim_event *ev, const struct trace_counter_value *v)
{
	struct trace_chrome *c = ctx;

	fprintf(c->fp, ",\n{\"ph\":\"C\",\"pid\":%d,", CHROME_PID);
	put_ts(c->fp, "ts", ev->time_ns);
	fputs(",\"name\":", c->fp);
	put_str(c->fp, v->name);
	fprintf(c->fp, ",\"cat\":\"counter\",\"args\":{\"value\":%" PRId64 "}}", v->value);
}

/* The sink: slices at switches, counters at changes, an instant for the rest. */
static void chrome_event(void *ctx, const struct capsim_event *ev)
{
	struct trace_chrome *c = ctx;
	char body[96];

	if (ev->cpu < 0 || (unsigned)ev->cpu >= c->nr_cpus)
		return;
	c->last_ns = ev->time_ns;
	trace_counters_event(&c->counters, ev, counter, c);
	switch (ev->type) {
	case CAPSIM_EV_SCHED_SWITCH: {
		const struct capsim_ev_sched_switch *sw = &ev->u.sched_switch;
		struct chrome_cpu *k = &c->cpu[ev->cpu];

		end_slice(c, (unsigned)ev->cpu, ev->time_ns, end_state(sw));
		k->since_ns = ev->time_ns;
		k->pid = sw->next.pid;
		k->prio = sw->next.prio;
		snprintf(k->comm, sizeof(k->comm), "%s", sw->next.comm);
		break;
	}
	case CAPSIM_EV_SCHED_WAKING:
		instant_task(c, ev, "sched_waking", &ev->u.wakeup.task, "target_cpu",
			     ev->u.wakeup.target_cpu, NULL, 0);
		break;
	case CAPSIM_EV_SCHED_WAKEUP:
		instant_task(c, ev, "sched_wakeup", &ev->u.wakeup.task, "target_cpu",
			     ev->u.wakeup.target_cpu, NULL, 0);
		break;
	case CAPSIM_EV_SCHED_WAKEUP_NEW:
		instant_task(c, ev, "sched_wakeup_new", &ev->u.wakeup.task, "target_cpu",
			     ev->u.wakeup.target_cpu, NULL, 0);
		break;
	case CAPSIM_EV_SCHED_MIGRATE_TASK:
		instant_task(c, ev, "sched_migrate_task", &ev->u.migrate.task, "orig_cpu",
			     ev->u.migrate.orig_cpu, "dest_cpu", ev->u.migrate.dest_cpu);
		break;
	case CAPSIM_EV_CPU_FREQUENCY_LIMITS:
		snprintf(body, sizeof(body), "min=%u max=%u cpu_id=%d",
			 ev->u.cpu_frequency_limits.min_khz, ev->u.cpu_frequency_limits.max_khz,
			 ev->cpu);
		begin(c, "i", ev->cpu + 1, ev->time_ns, "cpu_frequency_limits");
		fputs(",\"s\":\"t\",\"cat\":\"power\",\"args\":{\"text\":", c->fp);
		put_str(c->fp, body);
		fputs("}}", c->fp);
		break;
	case CAPSIM_EV_TEXT:
		begin(c, "i", ev->cpu + 1, ev->time_ns, ev->u.text.name);
		fputs(",\"s\":\"t\",\"cat\":\"thermal\",\"args\":{\"text\":", c->fp);
		put_str(c->fp, ev->u.text.body);
		fputs("}}", c->fp);
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
	trace_counters_free(&c->counters);
	free(c->cpu);
	free(c);
}

/* sim_free() with the writer attached: the document stays unfinished, the memory is freed */
static void chrome_release(void *ctx)
{
	chrome_free(ctx);
}

int trace_chrome_open(struct capsim_sim *s, FILE *fp)
{
	struct trace_chrome *c;
	int ret;

	if (s->started || s->sink.fn)
		return CAPSIM_ERR_INVALID;
	c = calloc(1, sizeof(*c));
	if (!c)
		return CAPSIM_ERR_NOMEM;
	c->fp = fp;
	c->nr_cpus = s->nr_cpus;
	c->cpu = calloc(s->nr_cpus, sizeof(*c->cpu));
	ret = c->cpu ? trace_counters_init(&c->counters, s->nr_cpus) : CAPSIM_ERR_NOMEM;
	if (!ret) {
		write_header(c);
		ret = ferror(fp) ? CAPSIM_ERR_IO : 0;
	}
	if (!ret)
		ret = sim_sink_attach(s, chrome_event, c, chrome_release);
	if (ret)
		chrome_free(c);
	return ret;
}

int trace_chrome_close(struct capsim_sim *s)
{
	struct trace_chrome *c = s->sink.ctx;
	int ret;

	if (s->sink.fn != chrome_event)
		return 0;
	sim_sink_detach(s);
	/* the tasks still running at the end: their slices end with the trace */
	for (unsigned cpu = 0; cpu < c->nr_cpus; cpu++)
		end_slice(c, cpu, c->last_ns, "R");
	fputs("\n]}\n", c->fp);
	ret = fflush(c->fp) || ferror(c->fp) ? CAPSIM_ERR_IO : 0;
	chrome_free(c);
	return ret;
}
