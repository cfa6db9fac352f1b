/* SPDX-License-Identifier: MIT */
/*
 * trace_select.h - what a trace carries of the run's events, decided once for every writer
 * (the ftrace and report texts, trace.dat, Perfetto, Chrome JSON): which sink events are
 * trace events (cpu_frequency once per change of the requested frequency, the event families
 * asked for), and the counters: for each CPU its actual capacity, CFS utilization, HW and
 * cpufreq pressure, and original and delivered capacity, from the CPU_COUNTERS events (sent for
 * every CPU at time 0 and at each change), each reported when its value changes, and each
 * thermal zone's temperature from its thermal_temperature events. A writer formats; it does not
 * filter, dedupe or derive, so every format shows the same events and values at the same times.
 */
#ifndef CAPSIM_TRACE_SELECT_H
#define CAPSIM_TRACE_SELECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "capsim/capsim_events.h"

/*
 * A CPU's counter signals. The first TRACE_TEXT_SIGNALS are the atrace counters of the text
 * traces (and of trace.dat, which holds the text's events), in the order they are written.
 */
enum trace_signal {
	TRACE_SIG_ACTUAL_CAPACITY,
	TRACE_SIG_UTIL,
	TRACE_SIG_HW_PRESSURE,
	TRACE_SIG_CPUFREQ_PRESSURE,
	TRACE_SIG_HW_LOAD_AVG,      /* v6.10 and later */
	TRACE_SIG_THERMAL_LOAD_AVG, /* v6.9 */
	TRACE_SIG_ORIGINAL_CAPACITY,
	TRACE_SIG_DELIVERED_CAPACITY,
	TRACE_NR_SIGNALS,
};

#define TRACE_TEXT_SIGNALS (TRACE_SIG_THERMAL_LOAD_AVG + 1)

/*
 * The trace clock. A kernel stamps its records with trace_clock (sched_clock: ns since boot), so
 * no real trace has a record at 0, and readers rely on it: KernelShark's merge of the CPUs
 * (libkshark's pick_next_cpu()) takes a timestamp of 0 for "nothing picked yet" and so takes
 * whole CPUs out of order. Every trace (text, trace.dat, Perfetto, Chrome JSON) therefore puts
 * the run's time 0 at TRACE_CLOCK_BASE_NS, as if the run started 1 s after boot; the CSV series
 * and the reports keep the run's own time.
 */
#define TRACE_CLOCK_BASE_NS 1000000000ull

/** trace_clock_ns() - the trace timestamp of @ev. */
static inline uint64_t trace_clock_ns(const struct capsim_event *ev)
{
	return TRACE_CLOCK_BASE_NS + ev->time_ns;
}

/* thermal zone ids past this one get no temperature counter */
#define TRACE_MAX_ZONES 64

/*
 * One counter value: track @index (cpu * TRACE_NR_SIGNALS + signal for a CPU's, then
 * nr_cpus * TRACE_NR_SIGNALS + zone id for a zone's temperature), named @name
 * ("cpu3_actual_capacity", "soc_thermal_temp"; valid during the call), in @unit.
 */
struct trace_counter_value {
	unsigned index;
	const char *name;
	const char *unit;
	int64_t value;
};

typedef void (*trace_counter_fn)(void *ctx, const struct capsim_event *ev,
				 const struct trace_counter_value *v);

/* What a writer asks for: the text's counters only, or every signal and the temperatures. */
enum trace_counter_set {
	TRACE_COUNTERS_TEXT, /* the TRACE_TEXT_SIGNALS of each CPU */
	TRACE_COUNTERS_ALL,  /* every signal of each CPU, and each zone's temperature */
};

struct trace_select {
	unsigned nr_cpus;
	unsigned families;      /* CAPSIM_TRACE_EV_* */
	enum trace_counter_set set;
	uint64_t *freq_khz;     /* per CPU: the cpu_frequency last carried, UINT64_MAX: none */
	int64_t *last;          /* per track: the value last reported, INT64_MIN: none yet */
};

/**
 * trace_select_init() - nothing carried yet, for @nr_cpus CPUs, the event @families
 * (CAPSIM_TRACE_EV_*) and the counters of @set. Return: 0 or CAPSIM_ERR_NOMEM.
 */
int trace_select_init(struct trace_select *ts, unsigned nr_cpus, unsigned families,
		      enum trace_counter_set set);
/** trace_select_free() - release @ts. */
void trace_select_free(struct trace_select *ts);
/** trace_select_nr_tracks() - the number of counter track indexes. */
unsigned trace_select_nr_tracks(const struct trace_select *ts);

/**
 * trace_select_event() - what the trace carries of @ev.
 * @ts:  the trace's state.
 * @ev:  the sink's event.
 * @fn:  called with @ctx for each counter that @ev changes, before the function returns.
 * @ctx: passed to @fn.
 *
 * Return: true if @ev is itself an event of the trace, for the writer to write (cpu_frequency
 * with its state the requested frequency); false if it only carries counters or is not traced.
 */
bool trace_select_event(struct trace_select *ts, const struct capsim_event *ev,
			trace_counter_fn fn, void *ctx);

/*
 * The text of sched_compute_energy, one layout for every writer. The kernel's
 * sched_compute_energy_tp is a bare tracepoint (DECLARE_TRACE, no TP_printk, no tracefs format):
 * the fields are its TP_PROTO arguments in order, the task as sched events name one (comm, pid),
 * then dst_cpu, energy, max_util, busy_time.
 */
#define TRACE_COMPUTE_ENERGY_NAME "sched_compute_energy"

/**
 * trace_compute_energy_text() - "comm=%s pid=%d dst_cpu=%d energy=%lu max_util=%lu
 * busy_time=%lu" of a CAPSIM_EV_SCHED_COMPUTE_ENERGY @ev into @buf (@size bytes).
 * Return: snprintf()'s count.
 */
int trace_compute_energy_text(char *buf, size_t size, const struct capsim_event *ev);

/**
 * trace_span_hex() - the root domain's span (every one of @nr_cpus CPUs) into @buf (@size
 * bytes), as lisa__sched_overutilized's span shows it: %*pb's hex, without the "0x".
 */
void trace_span_hex(char *buf, size_t size, unsigned nr_cpus);

#endif /* CAPSIM_TRACE_SELECT_H */
