/* SPDX-License-Identifier: MIT */
/*
 * capsim_events.h - the event sink of a simulation run: every event the simulator emits (the
 * scheduler's, cpufreq's, the pressures', the thermal loop's, rt-app's) delivered as a typed,
 * versioned struct capsim_event to one callback, so that a writer (the ftrace text trace is one)
 * or a binding consumes a run without parsing text. The types mirror the kernel's tracepoints
 * where it has one (include/trace/events/sched.h, power.h, hw_pressure.h, thermal_trace.h);
 * docs/formats.md, "Event sink", describes every type and field.
 *
 * Stability: enum capsim_event_type values are pinned (new types are appended, never
 * renumbered); the fields of struct capsim_event and of each payload are only ever appended, and
 * ev->size says how many bytes the library filled, so a consumer built against an older header
 * reads the fields it knows.
 */
#ifndef CAPSIM_EVENTS_H
#define CAPSIM_EVENTS_H

#include <stdint.h>
#include <stdio.h>

#include "capsim/capsim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The layout version of struct capsim_event and its payloads; raised when fields are appended. */
#define CAPSIM_EVENT_VERSION 2

/* Pinned: values never change once released; new types are appended. */
enum capsim_event_type {
	CAPSIM_EV_SCHED_SWITCH = 1,            /* u.sched_switch */
	CAPSIM_EV_SCHED_WAKING = 2,            /* u.wakeup: try_to_wake_up() starts */
	CAPSIM_EV_SCHED_WAKEUP = 3,            /* u.wakeup: the task is queued on target_cpu */
	CAPSIM_EV_SCHED_WAKEUP_NEW = 4,        /* u.wakeup: a task's first wake-up (rt-app start) */
	CAPSIM_EV_SCHED_MIGRATE_TASK = 5,      /* u.migrate */
	CAPSIM_EV_CPU_FREQUENCY = 6,           /* u.cpu_frequency: a CPU's frequency changed */
	CAPSIM_EV_CPU_FREQUENCY_LIMITS = 7,    /* u.cpu_frequency_limits: a policy's min/max */
	CAPSIM_EV_HW_PRESSURE_UPDATE = 8,      /* u.pressure: arch_scale_hw_pressure() (v6.10+) */
	CAPSIM_EV_THERMAL_PRESSURE_UPDATE = 9, /* u.pressure: thermal pressure of a v6.9 model */
	CAPSIM_EV_CPU_COUNTERS = 10,           /* u.cpu_counters: actual capacity and util of a CPU */
	CAPSIM_EV_TEXT = 11,                   /* u.text: an event known by name and text only */
	CAPSIM_EV_PELT_SE = 12,                /* u.pelt: a task's signals after they decayed */
	CAPSIM_EV_PELT_RQ = 13,                /* u.pelt: a runqueue's signals after they decayed */
	CAPSIM_EV_UTIL_EST = 14,               /* u.util_est: util_est_update() at a dequeue */
	CAPSIM_EV_UCLAMP_RQ = 15,              /* u.uclamp: a runqueue's clamps were re-aggregated */
	CAPSIM_EV_OVERUTILIZED = 16,           /* u.overutilized: rd->overutilized flipped */
	CAPSIM_EV_MISFIT = 17,                 /* u.misfit: rq->misfit_task_load changed */
	CAPSIM_EV_CPU_CAPACITY = 18,           /* u.cpu_capacity: capacity_of() changed */
	CAPSIM_EV_RTAPP_TIMER = 19,            /* u.rtapp_timer: an rt-app timer event (activation) */
	CAPSIM_EV_SUGOV_UPDATE = 20,           /* u.sugov_update: schedutil evaluated a policy */
	CAPSIM_EV_CPU_IDLE = 21,               /* u.cpu_idle: a CPU enters or leaves an idle state */
	CAPSIM_EV_RTAPP_LOOP = 22,             /* u.rtapp_loop: an rt-app loop ended (its log row) */
	CAPSIM_EV_SCHED_COMPUTE_ENERGY = 23,   /* u.compute_energy: one compute_energy() of EAS */
};

/*
 * A task as events name it. @comm is valid only during the callback. The idle task is pid 0,
 * comm "swapper/N" (N: its CPU), prio 120, as sched_switch prints it; the CPU's stopper
 * (migration/N, which pushes a running task away in an active or misfit migration) is pid
 * CAPSIM_STOPPER_PID_BASE + N, prio 0; a cpufreq policy's sugov kthread (drivers without fast
 * switching) is "sugov:N" (N: the policy's first CPU), pid CAPSIM_SUGOV_PID_BASE + N, prio -1
 * (SCHED_DEADLINE). Neither kernel thread is a task of the workload. Frozen: embedded in the
 * payloads.
 * @prio: the kernel's p->prio: 120 + nice for fair tasks, 99 - rt_priority for RT ones.
 */
struct capsim_event_task {
	const char *comm;
	int32_t pid;
	int32_t prio;
};

#define CAPSIM_STOPPER_PID_BASE 10
#define CAPSIM_SUGOV_PID_BASE 500

/* prev_state bits of CAPSIM_EV_SCHED_SWITCH, TASK_REPORT states of include/linux/sched.h */
#define CAPSIM_TASK_RUNNING 0x0000
#define CAPSIM_TASK_INTERRUPTIBLE 0x0001 /* sleeping: "S" */
#define CAPSIM_TASK_UNINTERRUPTIBLE 0x0002 /* sleeping, not woken by signals: "D" */
#define CAPSIM_TASK_DEAD 0x0010          /* EXIT_DEAD: "X" */

/* @preempt: prev was still runnable (preempted, "R+"); then @prev_state is CAPSIM_TASK_RUNNING */
struct capsim_ev_sched_switch {
	struct capsim_event_task prev, next;
	uint32_t prev_state;
	int32_t preempt;
};

struct capsim_ev_wakeup {
	struct capsim_event_task task;
	int32_t target_cpu; /* the CPU it is queued on */
};

struct capsim_ev_migrate {
	struct capsim_event_task task;
	int32_t orig_cpu, dest_cpu;
};

/*
 * @requested_khz: policy->cur, what the governor asked for (0: the CPU has no policy);
 * @delivered_khz: the OPP the CPU runs at, policy->cur lowered by a HW cap (what the trace shows).
 */
struct capsim_ev_cpu_frequency {
	int32_t policy; /* -1: none */
	uint32_t requested_khz, delivered_khz;
};

/*
 * Emitted once per policy change, on ev->cpu == @first_cpu (policy->cpu, what the kernel's
 * cpu_frequency_limits prints as cpu_id); version 1 emitted it once for each CPU of the policy.
 * @cpus: the policy's related CPUs, valid only during the callback.
 */
struct capsim_ev_cpu_frequency_limits {
	int32_t policy;
	int32_t first_cpu;
	uint32_t min_khz, max_khz;
	const capsim_cpumask *cpus;
};

/*
 * HW or (v6.9) thermal pressure, capacity units (0..1024). Version 2: hw_pressure_update is
 * emitted once per topology_update_hw_pressure() call, on ev->cpu = cpumask_first(@cpus), and
 * @cpus (callback-only) holds every CPU it applies to (thermal_pressure_update's too, since the
 * per-CPU pressure recording: it was NULL before).
 */
struct capsim_ev_pressure {
	uint64_t pressure;
	const capsim_cpumask *cpus;
};

/*
 * get_actual_cpu_capacity() and the CFS util_avg of ev->cpu, at switches and ticks, and (version
 * 2) for every CPU at the start of the run and whenever its capacity or pressure changes;
 * @hw_pressure: arch_scale_hw_pressure() (v6.9: thermal pressure); @cpufreq_pressure:
 * cpufreq_get_pressure() (0 under v6.9, which has none); @capacity_orig,
 * arch_scale_cpu_capacity(), and @delivered_capacity, the capacity of the OPP the CPU runs at
 * (the policy's frequency lowered by any HW cap), capacity units. Every pressure is the run's
 * model's: @hw_load_avg, hw_load_avg() (v6.10 and later; 0 under v6.9 and none), the PELT
 * average get_actual_cpu_capacity() subtracts, so that actual_capacity = capacity_orig -
 * max(hw_load_avg, cpufreq_pressure); @thermal (v6.9): @hw_pressure is the instantaneous thermal
 * pressure, actual_capacity = capacity_orig - hw_pressure (util_fits_cpu()'s and feec's), and
 * @thermal_load_avg its PELT average (capacity_of()'s; 0 otherwise).
 */
struct capsim_ev_cpu_counters {
	uint64_t actual_capacity;
	uint64_t util;
	uint64_t hw_pressure;
	uint64_t cpufreq_pressure;
	uint64_t capacity_orig;
	uint64_t delivered_capacity;
	uint64_t hw_load_avg;
	uint64_t thermal_load_avg;
	uint32_t thermal;
};

/* @name: the tracepoint ("thermal_zone_trip"); @body: its TP_printk text. Both callback-only. */
struct capsim_ev_text {
	const char *name;
	const char *body;
};

enum capsim_pelt_signal {
	CAPSIM_PELT_TASK = 0, /* a task's sched_entity (CAPSIM_EV_PELT_SE) */
	CAPSIM_PELT_CFS = 1,  /* the CPU's cfs_rq */
	CAPSIM_PELT_RT = 2,   /* the CPU's rt_rq (avg_rt) */
	CAPSIM_PELT_DL = 3,   /* the CPU's rq->avg_dl (the sugov kthreads' running time; appended) */
};

/*
 * PELT signals after an update that decayed them (___update_load_avg() ran), capacity units.
 * @task: the task (CAPSIM_PELT_TASK only; else the idle task); @util_est: the task's or the
 * cfs_rq's util_est (0 for the RT and DL signals).
 */
struct capsim_ev_pelt {
	int32_t signal; /* enum capsim_pelt_signal */
	struct capsim_event_task task;
	uint64_t util_avg, runnable_avg, load_avg;
	uint32_t util_est;
	uint64_t last_update_time; /* version 2: sa->last_update_time, ns of the PELT clock */
};

/* @ewma: the task's util_est after the update; @dequeued: its util_avg at the dequeue */
struct capsim_ev_util_est {
	struct capsim_event_task task;
	uint32_t ewma, dequeued;
	uint32_t cfs_util_est;  /* version 2: the cfs_rq's util_est after util_est_dequeue() */
	uint64_t cfs_util_avg;  /* version 2: the cfs_rq's util_avg */
};

/* rq->uclamp[UCLAMP_MIN/MAX] after a re-aggregation; @idle: UCLAMP_FLAG_IDLE (no task) */
struct capsim_ev_uclamp {
	uint64_t min, max;
	int32_t idle;
};

/* the root domain's flag: recorded on CPU 0, its first (version 1: on no CPU, ev->cpu -1) */
struct capsim_ev_overutilized {
	int32_t on;
};

/* rq->misfit_task_load of ev->cpu (0: no misfit task); @task: its curr */
struct capsim_ev_misfit {
	struct capsim_event_task task;
	uint64_t load;
};

/*
 * capacity_of() (scale_rt_capacity()) and arch_scale_cpu_capacity() of ev->cpu, when the first
 * changed; it starts at 1024 (SCHED_CAPACITY_SCALE, as at boot), so a CPU that keeps 1024 sends
 * none.
 */
struct capsim_ev_cpu_capacity {
	uint64_t capacity, capacity_orig;
	uint64_t capacity_curr; /* version 2: capacity_orig scaled by arch_scale_freq_capacity() */
};

/*
 * An rt-app timer event of @task: its next expiry is @slack_ns ahead of now (negative: late);
 * @missed: the deadline passed (rt-app does not sleep); @task_loop, @phase, @phase_loop: where
 * the task is in its workload (completed loops, phase index).
 */
struct capsim_ev_rtapp_timer {
	struct capsim_event_task task;
	int64_t slack_ns;
	int32_t missed;
	int32_t phase;
	int64_t task_loop, phase_loop;
};

/*
 * One loop of @task's current phase ended at ev->time_ns: the figures of rt-app's log row for it
 * (src/rt-app.c, thread_body() and run_event()). @thread: rt-app's thread index (the "idx"
 * column); @task_loop, @phase, @phase_loop: the loop that ended; @start_ns: when it started;
 * @run_ns: wall time of its run/runtime events; @work_ns: their work, ns on the calibration CPU
 * (rt-app's "perf" counts it in calibration loops); @c_duration_ns, @c_period_ns: the
 * configured run and timer durations; @slack_ns: its last timer's slack; @wu_lat_ns: how late
 * its timers woke it, summed; @timers: its timer events; @partial: the run ended in its last
 * timer's sleep (rt-app, cancelled there, logs no row).
 */
struct capsim_ev_rtapp_loop {
	struct capsim_event_task task;
	int32_t thread;
	int32_t phase;
	int64_t task_loop, phase_loop;
	uint64_t start_ns, run_ns, work_ns, c_duration_ns, c_period_ns, wu_lat_ns;
	int64_t slack_ns;
	uint32_t timers;
	int32_t partial;
};

/*
 * schedutil evaluated @policy from ev->cpu's update: @util is the max sugov_get_util() of its
 * CPUs out of @max_cap, @next_khz what get_next_freq() chose, @changed whether it is applied.
 */
struct capsim_ev_sugov_update {
	int32_t policy;
	int32_t changed;
	uint64_t util, max_cap;
	uint32_t next_khz;
};

/* PWR_EVENT_EXIT, include/linux/pm.h: the state cpu_idle prints when a CPU leaves idle */
#define CAPSIM_CPU_IDLE_EXIT 0xffffffffu

/*
 * trace_cpu_idle() of ev->cpu: @state is the cpuidle index of the state entered (0: WFI; the
 * platform's DT states, capsim_idle_state_info's cpuidle_index), or CAPSIM_CPU_IDLE_EXIT when
 * the CPU is out of it: after the state's exit latency, before the interrupt that woke it is
 * taken (a timer's sched_waking, a wake list's sched_wakeup) and before it switches to a task.
 */
struct capsim_ev_cpu_idle {
	uint32_t state;
};

/*
 * sched_compute_energy_tp (include/trace/events/sched.h, a bare tracepoint in 6.12): one
 * compute_energy() call of find_energy_efficient_cpu() while @task wakes, recorded on the CPU it
 * wakes from. @dst_cpu: the CPU it would run on (-1: the perf domain's energy without it);
 * @energy: em_cpu_energy() of the perf domain (the EM's cost units, µW-scaled; the v6.1 model:
 * 6.1's, cost fmax * power / frequency times busy_time / cpu capacity); @max_util: the domain's
 * highest CPU util with the task placed (eenv_pd_max_util(); v6.1: before 6.1's headroom, which
 * em_cpu_energy() adds); @busy_time: the domain's
 * busy time, the task's added when @dst_cpu >= 0 (capacity units, capped at the domain's).
 */
struct capsim_ev_compute_energy {
	struct capsim_event_task task;
	int32_t dst_cpu;
	uint64_t energy, max_util, busy_time;
};

/*
 * struct capsim_event - one event. Pointers in it are valid only during the callback.
 * @size:    sizeof(struct capsim_event) as the library filled it.
 * @version: CAPSIM_EVENT_VERSION of the library.
 * @type:    enum capsim_event_type; selects the member of @u.
 * @time_ns: simulated time (sched_clock), ns from the start of the run.
 * @cpu:     the CPU the event is recorded on (the kernel's trace CPU), -1 if none.
 * @curr:    the task current on @cpu when it happened (for sched_switch: prev).
 */
struct capsim_event {
	uint32_t size;
	uint16_t version;
	uint16_t type;
	uint64_t time_ns;
	int32_t cpu;
	struct capsim_event_task curr;
	union {
		struct capsim_ev_sched_switch sched_switch;
		struct capsim_ev_wakeup wakeup;
		struct capsim_ev_migrate migrate;
		struct capsim_ev_cpu_frequency cpu_frequency;
		struct capsim_ev_cpu_frequency_limits cpu_frequency_limits;
		struct capsim_ev_pressure pressure;
		struct capsim_ev_cpu_counters cpu_counters;
		struct capsim_ev_text text;
		struct capsim_ev_pelt pelt;
		struct capsim_ev_util_est util_est;
		struct capsim_ev_uclamp uclamp;
		struct capsim_ev_overutilized overutilized;
		struct capsim_ev_misfit misfit;
		struct capsim_ev_cpu_capacity cpu_capacity;
		struct capsim_ev_rtapp_timer rtapp_timer;
		struct capsim_ev_sugov_update sugov_update;
		struct capsim_ev_cpu_idle cpu_idle;
		struct capsim_ev_rtapp_loop rtapp_loop;
		struct capsim_ev_compute_energy compute_energy;
	} u;
};

/*
 * capsim_event_fn - a sink: called synchronously from the run's thread, in time order, for
 * every event. @ctx is the pointer given to capsim_sim_set_sink(). It must not call back into
 * the run it observes.
 */
typedef void (*capsim_event_fn)(void *ctx, const struct capsim_event *ev);

/**
 * capsim_sim_set_sink() - deliver every event of the run @s to @fn(@ctx, event).
 * @s:   the run; its events go to one sink at a time.
 * @fn:  the sink; NULL detaches the current one (then @ctx is ignored).
 * @ctx: passed to @fn as is; the caller owns it and keeps it alive until the run ends or the
 *       sink is detached.
 *
 * Call it before the run starts; a sink replaces any sink attached before. With no sink a run
 * builds no event. Thread safety: as any call on @s.
 * Return: 0; CAPSIM_ERR_INVALID if @s is NULL, the run has started, or a sink of the library's
 * own (the text trace) is attached.
 */
CAPSIM_API int capsim_sim_set_sink(capsim_sim *s, capsim_event_fn fn, void *ctx);

/*
 * The trace formats the library writes from a run's events (docs/formats.md, "Trace output").
 * Pinned: values never change; new formats are appended.
 */
enum capsim_trace_format {
	CAPSIM_TRACE_FTRACE = 0,   /* /sys/kernel/tracing/trace text */
	CAPSIM_TRACE_REPORT = 1,   /* `trace-cmd report` text */
	CAPSIM_TRACE_DAT = 2,      /* trace.dat, trace-cmd.dat.v6(5) */
	CAPSIM_TRACE_PERFETTO = 3, /* Perfetto protobuf TracePacket stream */
	CAPSIM_TRACE_CHROME = 4,   /* Chrome JSON trace events */
};

/**
 * capsim_sim_trace_open_format() - write a trace of the run @s to @fp in @format as it runs.
 * @s:      the run, not started.
 * @fp:     the caller's stream; it stays open. The trace.dat is written at
 *          capsim_sim_trace_close() (its per-CPU pages are spooled to temporary files until
 *          then); the other formats stream as the run goes.
 * @format: enum capsim_trace_format.
 *
 * Every format carries the same events and counter values (those of the ftrace text; the
 * Perfetto and Chrome traces add original and delivered capacity and zone temperature
 * counters). The trace is a sink of the library's own: capsim_sim_set_sink() is refused while
 * it is attached. Finish it with capsim_sim_trace_close(). Thread safety: as any call on @s.
 * Return: 0, CAPSIM_ERR_NOMEM, CAPSIM_ERR_IO, or CAPSIM_ERR_INVALID (an unknown format, @s is
 * NULL, the run has started or has a sink, or a CAPSIM_TRACE_EV_TEXT_ONLY family was set for a
 * format other than ftrace, report and dat).
 */
CAPSIM_API int capsim_sim_trace_open_format(capsim_sim *s, FILE *fp,
					    enum capsim_trace_format format);

/*
 * Event families a trace adds to the kernel's scheduler, cpufreq, idle and thermal events. The
 * lisa__* events are those of an out-of-tree module: the texts and trace.dat (which has their
 * formats) carry them, Perfetto and Chrome JSON have no layouts for them
 * (CAPSIM_TRACE_EV_TEXT_ONLY, a name kept from when trace.dat had none either). The kernel's own
 * families go in every format.
 */
#define CAPSIM_TRACE_EV_LISA (1u << 0)   /* the LISA kernel module's lisa__* events */
#define CAPSIM_TRACE_EV_ENERGY (1u << 1) /* sched_compute_energy (EAS's compute_energy()) */
/* thermal_power_cpu_get_power_simple and thermal_power_cpu_limit (cpufreq cooling, IPA) */
#define CAPSIM_TRACE_EV_THERMAL_POWER (1u << 2)
#define CAPSIM_TRACE_EV_ALL                                                                    \
	(CAPSIM_TRACE_EV_LISA | CAPSIM_TRACE_EV_ENERGY | CAPSIM_TRACE_EV_THERMAL_POWER)
#define CAPSIM_TRACE_EV_TEXT_ONLY CAPSIM_TRACE_EV_LISA

/**
 * capsim_sim_trace_set_events() - the families (CAPSIM_TRACE_EV_* bits) the trace of @s adds;
 * call it before capsim_sim_trace_open_format(). Return: 0, or CAPSIM_ERR_INVALID if @s is
 * NULL, has started, or @families has a bit outside CAPSIM_TRACE_EV_ALL.
 */
CAPSIM_API int capsim_sim_trace_set_events(capsim_sim *s, unsigned families);

/**
 * capsim_sim_set_writer_thread() - whether the library's own writers of @s (its traces, its
 * recording: capsim_sim_trace_open_format(), capsim_recording_attach()) run on a writer thread
 * of their own during capsim_sim_run() (@on, the default) or on the run's thread (0). On it,
 * the run's thread only copies each event into a bounded ring the writer thread empties, so
 * the outputs cost the run's wall time only where no other core is free; what they write is the
 * same byte for byte, and capsim_sim_run() returns once it is all written. A caller's sink
 * (capsim_sim_set_sink()) and callbacks (capsim_open_fn, the progress callback) are always
 * called in the run's thread: a recording that writes rt-app logs, whose files are opened as
 * their first rows come, keeps the writers there. So does a recording of columns alone
 * (capsim_recording_columns_only()) that is the run's only writer: it costs less than the
 * copy into the ring. Return: 0, or CAPSIM_ERR_INVALID if @s is NULL or has started.
 */
CAPSIM_API int capsim_sim_set_writer_thread(capsim_sim *s, int on);

/* The layout version of struct capsim_sink_header; raised when fields are appended. */
#define CAPSIM_SINK_HEADER_VERSION 1

/*
 * struct capsim_sink_header - what a sink learns of the run before its first event: the facts a
 * writer sizes its state by or prints in its header. Fields are only ever appended.
 * @size:           set by the caller to sizeof(struct capsim_sink_header); the library sets
 *                  it to the bytes it filled (capsim.h, "The ABI of the structs").
 * @version:        CAPSIM_SINK_HEADER_VERSION of the library.
 * @nr_cpus:        the platform's CPUs; every event's ev->cpu is below it.
 * @trace_families: the CAPSIM_TRACE_EV_* bits of capsim_sim_trace_set_events().
 */
struct capsim_sink_header {
	uint32_t size;
	uint16_t version;
	uint16_t reserved; /* 0 */
	uint32_t nr_cpus;
	uint32_t trace_families;
};

/**
 * capsim_sim_sink_header() - fill @out with the sink header of the run @s.
 * Return: 0, or CAPSIM_ERR_INVALID if @s or @out is NULL or out->size is below the first
 * release's.
 */
CAPSIM_API int capsim_sim_sink_header(const capsim_sim *s, struct capsim_sink_header *out);

#ifdef __cplusplus
}
#endif

#endif /* CAPSIM_EVENTS_H */
