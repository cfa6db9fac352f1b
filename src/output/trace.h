/* SPDX-License-Identifier: MIT */
/*
 * trace.h - the ftrace text writer: what `cat /sys/kernel/tracing/trace` prints with the nop
 * tracer (header block, then one line per event with the kernel's TP_printk layout), streamed
 * to a FILE* as the simulator emits events, so Perfetto, LISA and people read capsim's traces
 * as kernel traces. The writer knows nothing about the simulator: every value is passed in.
 * Layouts follow Linux 6.12: include/trace/events/{sched,power,hw_pressure}.h,
 * drivers/thermal/thermal_trace.h and thermal_trace_ipa.h; see docs/formats.md "Trace output".
 */
#ifndef CAPSIM_TRACE_H
#define CAPSIM_TRACE_H

#include <stdint.h>
#include <stdio.h>

struct trace_writer;

/*
 * Where and in whose context an event is recorded: the time, the CPU, and the task current on
 * that CPU (pid 0 is the idle task, printed "<idle>" as the kernel's cmdline cache does).
 */
struct trace_at {
	uint64_t ts_ns;
	unsigned cpu;
	const char *comm;
	int pid;
};

/* A task as sched events name it; comm is cut to 15 bytes (TASK_COMM_LEN - 1). */
struct trace_task {
	const char *comm;
	int pid;
	int prio; /* the kernel's p->prio: 100 + 20 + nice for fair tasks, 99 - rt_priority for RT */
};

/* prev_state bits of sched_switch, mirroring include/linux/sched.h (TASK_REPORT states) */
#define TRACE_TASK_RUNNING 0x0000
#define TRACE_TASK_INTERRUPTIBLE 0x0001   /* "S" */
#define TRACE_TASK_UNINTERRUPTIBLE 0x0002 /* "D" */
#define TRACE_TASK_STOPPED 0x0004         /* "T" */
#define TRACE_TASK_TRACED 0x0008          /* "t" */
#define TRACE_EXIT_DEAD 0x0010            /* "X" */
#define TRACE_EXIT_ZOMBIE 0x0020          /* "Z" */
#define TRACE_TASK_PARKED 0x0040          /* "P" */
#define TRACE_TASK_REPORT_IDLE 0x0080     /* "I" */

/* Which text: /sys/kernel/tracing/trace's, or `trace-cmd report -N`'s of the same events. */
enum trace_style {
	TRACE_STYLE_FTRACE = 0,
	TRACE_STYLE_REPORT = 1,
};

/**
 * trace_open() - start a trace on @fp in @style: writes the "# tracer: nop" header (or the
 * report's "cpus=N") for @nr_cpus CPUs.
 * Return: 0, CAPSIM_ERR_NOMEM or CAPSIM_ERR_IO.
 */
int trace_open(FILE *fp, unsigned nr_cpus, enum trace_style style, struct trace_writer **out);

/**
 * trace_close() - fill in the header's entry counts when @fp can seek back (a pipe keeps
 * "0/0"), flush, and free @tw (NULL is a no-op). @fp stays open.
 * Return: 0, or CAPSIM_ERR_IO if any write failed.
 */
int trace_close(struct trace_writer *tw);

/** trace_entries() - lines written so far. */
uint64_t trace_entries(const struct trace_writer *tw);

/* sched_switch: @prev_state is TRACE_TASK_* bits; @preempt prints "R+" as the kernel does. */
void trace_sched_switch(struct trace_writer *tw, const struct trace_at *at,
			const struct trace_task *prev, unsigned prev_state, int preempt,
			const struct trace_task *next);
/* sched_waking / sched_wakeup: @target_cpu is the CPU @p will run on. */
void trace_sched_waking(struct trace_writer *tw, const struct trace_at *at,
			const struct trace_task *p, unsigned target_cpu);
void trace_sched_wakeup(struct trace_writer *tw, const struct trace_at *at,
			const struct trace_task *p, unsigned target_cpu);
/* sched_wakeup_new: a task's first wake-up after fork (rt-app's fork event). */
void trace_sched_wakeup_new(struct trace_writer *tw, const struct trace_at *at,
			    const struct trace_task *p, unsigned target_cpu);
void trace_sched_migrate_task(struct trace_writer *tw, const struct trace_at *at,
			      const struct trace_task *p, unsigned orig_cpu, unsigned dest_cpu);

/* cpu_frequency (kHz) and cpu_frequency_limits (policy min/max, kHz) for @cpu_id. */
void trace_cpu_frequency(struct trace_writer *tw, const struct trace_at *at, uint64_t khz,
			 unsigned cpu_id);
void trace_cpu_frequency_limits(struct trace_writer *tw, const struct trace_at *at,
				uint64_t min_khz, uint64_t max_khz, unsigned cpu_id);

/* cpu_idle: @state entered, or 4294967295 (PWR_EVENT_EXIT) on leaving idle */
void trace_cpu_idle(struct trace_writer *tw, const struct trace_at *at, uint32_t state,
		    unsigned cpu_id);

/* hw_pressure_update (v6.10+) and its pre-6.10 name thermal_pressure_update. */
void trace_hw_pressure_update(struct trace_writer *tw, const struct trace_at *at, int cpu,
			      uint64_t pressure);
void trace_thermal_pressure_update(struct trace_writer *tw, const struct trace_at *at, int cpu,
				   uint64_t pressure);

/* An event whose TP_printk text the caller formats from @fmt (LISA module's events). */
void trace_printf(struct trace_writer *tw, const struct trace_at *at, const char *event,
		  const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* An event whose TP_printk body its producer formatted (the thermal loop, src/model/thermal.h). */
void trace_raw(struct trace_writer *tw, const struct trace_at *at, const char *event,
	       const char *body);

/* Thermal framework: zone temperatures (m°C) and cooling-device states. */
void trace_thermal_temperature(struct trace_writer *tw, const struct trace_at *at,
			       const char *zone, int id, int temp_prev, int temp);
/** trace_sched_compute_energy() - the sched_compute_energy line, @body its fields' text. */
void trace_sched_compute_energy(struct trace_writer *tw, const struct trace_at *at,
				const char *body);
void trace_cdev_update(struct trace_writer *tw, const struct trace_at *at, const char *type,
		       uint64_t target);

/* The power allocator governor (IPA), 6.12 field lists; powers in mW, temperatures in m°C. */
struct trace_ipa {
	int tz_id;
	uint32_t total_req_power, total_granted_power, power_range, max_allocatable_power;
	int current_temp, delta_temp;
};
struct trace_ipa_pid {
	int tz_id;
	int err, err_integral;
	int64_t p, i, d;
	int output;
};
void trace_thermal_power_allocator(struct trace_writer *tw, const struct trace_at *at,
				   const struct trace_ipa *v);
void trace_thermal_power_allocator_pid(struct trace_writer *tw, const struct trace_at *at,
				       const struct trace_ipa_pid *v);
void trace_thermal_power_actor(struct trace_writer *tw, const struct trace_at *at, int tz_id,
			       int actor_id, uint32_t req_power, uint32_t granted_power);

/*
 * trace_counter() - an atrace counter, "tracing_mark_write: C|tgid|name|value", which Perfetto
 * turns into a counter track of process @tgid named @name.
 */
void trace_counter(struct trace_writer *tw, const struct trace_at *at, int tgid,
		   const char *name, int64_t value);

#endif /* CAPSIM_TRACE_H */
