// SPDX-License-Identifier: MIT
/*
 * trace.c - the ftrace text writer: lines as the kernel prints them in /sys/kernel/tracing/trace
 * with the nop tracer and the default options (irq-info on, record-tgid off). A line is
 * trace_print_context() (comm-pid, [cpu], the 5 irq/preempt flag characters, seconds.µs),
 * then "event: " and the event's TP_printk text (Linux 6.12 layouts). Lines go straight to the
 * FILE*: nothing is held in memory but the entry count for the header.
 *
 * The flag characters describe a kernel context capsim does not simulate; they are fixed per
 * event ("d..2." for scheduler events, which run with irqs off under the rq lock, "....." for
 * the rest) so that output stays deterministic and parsers that expect them find them.
 *
 * The same writer prints the `trace-cmd report -N` text of the same events (TRACE_STYLE_REPORT):
 * its "cpus=N" header, then trace-read.c's "%16s-%-5d [%03d] %5lu.%06lu: name: " context (no
 * flag column, the event name padded to 20) and the TP_printk text that libtraceevent renders
 * from the event's print fmt, which is the kernel's; trace_marker writes are "print" events
 * whose text is "tracing_mark_write: " (the %ps of their ip) and the buffer.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "capsim/capsim.h"
#include "output/trace.h"

/* mirrors TASK_REPORT_MAX, include/linux/sched.h v6.12: TASK_REPORT_IDLE << 1 */
#define TRACE_TASK_REPORT_MAX 0x0100
/* the entries line is patched in place at close: it is padded to this width (enough for 2^64) */
#define ENTRIES_LINE_WIDTH 90

#define SCHED_FLAGS "d..2."
#define OTHER_FLAGS "....."

struct trace_writer {
	FILE *fp;
	enum trace_style style;
	uint64_t entries;
	long entries_pos; /* offset of the entries line, -1 when fp cannot seek */
	unsigned nr_cpus;
};

/* mirrors ns2usecs(), kernel/trace/trace.c: rounds to the nearest microsecond */
static uint64_t ns2usecs(uint64_t ns)
{
	return (ns + 500) / 1000;
}

/* print_event_info(): "# entries-in-buffer/entries-written: %lu/%lu   #P:%d", padded here */
static void write_entries_line(struct trace_writer *tw)
{
	char line[ENTRIES_LINE_WIDTH + 1];
	int n = snprintf(line, sizeof(line),
			 "# entries-in-buffer/entries-written: %" PRIu64 "/%" PRIu64 "   #P:%u",
			 tw->entries, tw->entries, tw->nr_cpus);

	/* padded only when it can be rewritten in place at close */
	if (n < 0 || tw->entries_pos < 0)
		n = ENTRIES_LINE_WIDTH;
	fprintf(tw->fp, "%s%*s\n", line, ENTRIES_LINE_WIDTH - n, "");
}

/* The header of the trace file: s_show() and print_func_help_header_irq(), kernel/trace/trace.c */
static void write_header(struct trace_writer *tw)
{
	FILE *fp = tw->fp;

	fputs("# tracer: nop\n#\n", fp);
	tw->entries_pos = ftell(fp);
	write_entries_line(tw);
	fputs("#\n"
	      "#                                _-----=> irqs-off/BH-disabled\n"
	      "#                               / _----=> need-resched\n"
	      "#                              | / _---=> hardirq/softirq\n"
	      "#                              || / _--=> preempt-depth\n"
	      "#                              ||| / _-=> migrate-disable\n"
	      "#                              |||| /     delay\n"
	      "#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION\n"
	      "#              | |         |   |||||     |         |\n",
	      fp);
}

int trace_open(FILE *fp, unsigned nr_cpus, enum trace_style style, struct trace_writer **out)
{
	struct trace_writer *tw = calloc(1, sizeof(*tw));

	*out = NULL;
	if (!tw)
		return CAPSIM_ERR_NOMEM;
	tw->fp = fp;
	tw->nr_cpus = nr_cpus;
	tw->style = style;
	tw->entries_pos = -1;
	if (style == TRACE_STYLE_REPORT)
		fprintf(fp, "cpus=%u\n", nr_cpus); /* trace-read.c: printf("cpus=%d\n", cpus) */
	else
		write_header(tw);
	if (ferror(fp)) {
		free(tw);
		return CAPSIM_ERR_IO;
	}
	*out = tw;
	return 0;
}

int trace_close(struct trace_writer *tw)
{
	FILE *fp;
	long end;
	int ret;

	if (!tw)
		return 0;
	fp = tw->fp;
	if (tw->entries_pos >= 0 && !fflush(fp) && (end = ftell(fp)) >= 0 &&
	    !fseek(fp, tw->entries_pos, SEEK_SET)) {
		write_entries_line(tw);
		fseek(fp, end, SEEK_SET);
	}
	ret = fflush(fp) || ferror(fp) ? CAPSIM_ERR_IO : 0;
	free(tw);
	return ret;
}

uint64_t trace_entries(const struct trace_writer *tw)
{
	return tw->entries;
}

/*
 * One line: trace_print_context() ("%16s-%-7d [%03d] " + flags + " %5lu.%06lu: "), then
 * "event: " as print_event does; or, in the report style, trace_show_data()'s context and
 * print_event_name(); then the TP_printk text and a newline.
 */
static void vemit(struct trace_writer *tw, const struct trace_at *at, const char *flags,
		  const char *event, const char *fmt, va_list ap)
{
	uint64_t us = ns2usecs(at->ts_ns);
	/* the cmdline cache names pid 0 "<idle>"; comms are at most TASK_COMM_LEN - 1 bytes */
	const char *comm = at->pid ? at->comm : "<idle>";
	int len = (int)strlen(event);

	if (tw->style == TRACE_STYLE_REPORT)
		fprintf(tw->fp, "%16.15s-%-5d [%03u] %5" PRIu64 ".%06" PRIu64 ": %s: %*s", comm,
			at->pid, at->cpu, us / 1000000, us % 1000000, event, len < 20 ? 20 - len : 0,
			"");
	else
		fprintf(tw->fp, "%16.15s-%-7d [%03u] %s %5" PRIu64 ".%06" PRIu64 ": %s: ", comm,
			at->pid, at->cpu, flags, us / 1000000, us % 1000000, event);
	vfprintf(tw->fp, fmt, ap);
	fputc('\n', tw->fp);
	tw->entries++;
}

static void emit(struct trace_writer *tw, const struct trace_at *at, const char *flags,
		 const char *event, const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static void emit(struct trace_writer *tw, const struct trace_at *at, const char *flags,
		 const char *event, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vemit(tw, at, flags, event, fmt, ap);
	va_end(ap);
}

void trace_printf(struct trace_writer *tw, const struct trace_at *at, const char *event,
		  const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vemit(tw, at, OTHER_FLAGS, event, fmt, ap);
	va_end(ap);
}

/* The prev_state text of sched_switch's TP_printk: __print_flags(state, "|", ...) or "R". */
static void switch_state(char *buf, size_t size, unsigned state)
{
	static const struct {
		unsigned bit;
		const char *name;
	} names[] = {
		{ TRACE_TASK_INTERRUPTIBLE, "S" }, { TRACE_TASK_UNINTERRUPTIBLE, "D" },
		{ TRACE_TASK_STOPPED, "T" },       { TRACE_TASK_TRACED, "t" },
		{ TRACE_EXIT_DEAD, "X" },          { TRACE_EXIT_ZOMBIE, "Z" },
		{ TRACE_TASK_PARKED, "P" },        { TRACE_TASK_REPORT_IDLE, "I" },
	};
	unsigned masked = state & (TRACE_TASK_REPORT_MAX - 1), i;
	size_t n = 0;

	buf[0] = '\0';
	if (!masked) {
		snprintf(buf, size, "R");
		return;
	}
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (masked & names[i].bit)
			n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? "|" : "", names[i].name);
}

void trace_sched_switch(struct trace_writer *tw, const struct trace_at *at,
			const struct trace_task *prev, unsigned prev_state, int preempt,
			const struct trace_task *next)
{
	/* mirrors __trace_sched_switch_state(): a preempted task reports TASK_REPORT_MAX */
	unsigned state = preempt ? TRACE_TASK_REPORT_MAX : prev_state;
	char st[64];

	switch_state(st, sizeof(st), state);
	emit(tw, at, SCHED_FLAGS, "sched_switch",
	     "prev_comm=%.15s prev_pid=%d prev_prio=%d prev_state=%s%s ==> next_comm=%.15s "
	     "next_pid=%d next_prio=%d",
	     prev->comm, prev->pid, prev->prio, st, state & TRACE_TASK_REPORT_MAX ? "+" : "",
	     next->comm, next->pid, next->prio);
}

/* class sched_wakeup_template: sched_waking, sched_wakeup, sched_wakeup_new */
static void wakeup_template(struct trace_writer *tw, const struct trace_at *at, const char *event,
			    const struct trace_task *p, unsigned target_cpu)
{
	emit(tw, at, SCHED_FLAGS, event, "comm=%.15s pid=%d prio=%d target_cpu=%03u", p->comm,
	     p->pid, p->prio, target_cpu);
}

void trace_sched_waking(struct trace_writer *tw, const struct trace_at *at,
			const struct trace_task *p, unsigned target_cpu)
{
	wakeup_template(tw, at, "sched_waking", p, target_cpu);
}

void trace_sched_wakeup(struct trace_writer *tw, const struct trace_at *at,
			const struct trace_task *p, unsigned target_cpu)
{
	wakeup_template(tw, at, "sched_wakeup", p, target_cpu);
}

void trace_sched_wakeup_new(struct trace_writer *tw, const struct trace_at *at,
			    const struct trace_task *p, unsigned target_cpu)
{
	wakeup_template(tw, at, "sched_wakeup_new", p, target_cpu);
}

void trace_sched_migrate_task(struct trace_writer *tw, const struct trace_at *at,
			      const struct trace_task *p, unsigned orig_cpu, unsigned dest_cpu)
{
	emit(tw, at, SCHED_FLAGS, "sched_migrate_task",
	     "comm=%.15s pid=%d prio=%d orig_cpu=%u dest_cpu=%u", p->comm, p->pid, p->prio,
	     orig_cpu, dest_cpu);
}

void trace_cpu_frequency(struct trace_writer *tw, const struct trace_at *at, uint64_t khz,
			 unsigned cpu_id)
{
	emit(tw, at, OTHER_FLAGS, "cpu_frequency", "state=%" PRIu64 " cpu_id=%u", khz, cpu_id);
}

void trace_cpu_idle(struct trace_writer *tw, const struct trace_at *at, uint32_t state,
		    unsigned cpu_id)
{
	emit(tw, at, OTHER_FLAGS, "cpu_idle", "state=%" PRIu32 " cpu_id=%u", state, cpu_id);
}

void trace_cpu_frequency_limits(struct trace_writer *tw, const struct trace_at *at,
				uint64_t min_khz, uint64_t max_khz, unsigned cpu_id)
{
	emit(tw, at, OTHER_FLAGS, "cpu_frequency_limits", "min=%" PRIu64 " max=%" PRIu64 " cpu_id=%u",
	     min_khz, max_khz, cpu_id);
}

void trace_hw_pressure_update(struct trace_writer *tw, const struct trace_at *at, int cpu,
			      uint64_t pressure)
{
	emit(tw, at, OTHER_FLAGS, "hw_pressure_update", "cpu=%d hw_pressure=%" PRIu64, cpu, pressure);
}

void trace_thermal_pressure_update(struct trace_writer *tw, const struct trace_at *at, int cpu,
				   uint64_t pressure)
{
	emit(tw, at, OTHER_FLAGS, "thermal_pressure_update", "cpu=%d thermal_pressure=%" PRIu64, cpu,
	     pressure);
}

void trace_thermal_temperature(struct trace_writer *tw, const struct trace_at *at,
			       const char *zone, int id, int temp_prev, int temp)
{
	emit(tw, at, OTHER_FLAGS, "thermal_temperature", "thermal_zone=%s id=%d temp_prev=%d temp=%d",
	     zone, id, temp_prev, temp);
}

void trace_raw(struct trace_writer *tw, const struct trace_at *at, const char *event,
	       const char *body)
{
	emit(tw, at, OTHER_FLAGS, event, "%s", body);
}

void trace_sched_compute_energy(struct trace_writer *tw, const struct trace_at *at,
				const char *body)
{
	/* select_task_rq() runs in try_to_wake_up(), under the task's pi_lock with irqs off */
	emit(tw, at, SCHED_FLAGS, "sched_compute_energy", "%s", body);
}

void trace_cdev_update(struct trace_writer *tw, const struct trace_at *at, const char *type,
		       uint64_t target)
{
	emit(tw, at, OTHER_FLAGS, "cdev_update", "type=%s target=%" PRIu64, type, target);
}

void trace_thermal_power_allocator(struct trace_writer *tw, const struct trace_at *at,
				   const struct trace_ipa *v)
{
	emit(tw, at, OTHER_FLAGS, "thermal_power_allocator",
	     "thermal_zone_id=%d total_req_power=%" PRIu32 " total_granted_power=%" PRIu32
	     " power_range=%" PRIu32 " max_allocatable_power=%" PRIu32
	     " current_temperature=%d delta_temperature=%d",
	     v->tz_id, v->total_req_power, v->total_granted_power, v->power_range,
	     v->max_allocatable_power, v->current_temp, v->delta_temp);
}

void trace_thermal_power_allocator_pid(struct trace_writer *tw, const struct trace_at *at,
				       const struct trace_ipa_pid *v)
{
	emit(tw, at, OTHER_FLAGS, "thermal_power_allocator_pid",
	     "thermal_zone_id=%d err=%d err_integral=%d p=%" PRId64 " i=%" PRId64 " d=%" PRId64
	     " output=%d",
	     v->tz_id, v->err, v->err_integral, v->p, v->i, v->d, v->output);
}

void trace_thermal_power_actor(struct trace_writer *tw, const struct trace_at *at, int tz_id,
			       int actor_id, uint32_t req_power, uint32_t granted_power)
{
	emit(tw, at, OTHER_FLAGS, "thermal_power_actor",
	     "thermal_zone_id=%d actor_id=%d req_power=%" PRIu32 " granted_power=%" PRIu32, tz_id,
	     actor_id, req_power, granted_power);
}

void trace_counter(struct trace_writer *tw, const struct trace_at *at, int tgid,
		   const char *name, int64_t value)
{
	if (tw->style == TRACE_STYLE_REPORT)
		emit(tw, at, OTHER_FLAGS, "print", "tracing_mark_write: C|%d|%s|%" PRId64, tgid, name,
		     value);
	else
		emit(tw, at, OTHER_FLAGS, "tracing_mark_write", "C|%d|%s|%" PRId64, tgid, name, value);
}
