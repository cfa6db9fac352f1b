/* SPDX-License-Identifier: MIT */
/*
 * sim.h - the simulator's state, shared by the files that each model one kernel file: core.c
 * (kernel/sched/core.c: per-CPU runqueues, their clocks, enqueue/dequeue, the switch and the
 * tick, calling the task's class), fair.c, rt.c, deadline.c and idle.c (the classes, struct
 * sim_sched_class below), fair_balance.c (fair.c's wake-up placement, misfit and load
 * balance), topology.c (the sched domains and groups), cpufreq_schedutil.c (schedutil, the
 * cpufreq core's switch and the sugov kthread); and the engine's own: sim.c (the event loop and
 * its clocks), sim_account.c (what each CPU reports), sim_scenario.c (scenario events),
 * task_exec.c (running an rt-app workload), sim_stats.c (what is reported of tasks) and
 * sim_events.c (the event sink the writers consume, include/capsim/capsim_events.h).
 *
 * Times are ns on one simulated clock (sched_clock); every CPU's rq->clock follows it.
 */
#ifndef CAPSIM_SIM_H
#define CAPSIM_SIM_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "capsim/capsim.h"
#include "internal.h"
#include "model/cpuidle.h"
#include "model/energy_model.h"
#include "sim/event_queue.h"
#include "model/fair.h"
#include "model/fair_cfs.h"
#include "model/fair_eevdf.h"
#include "model/load_balance.h"
#include "model/opp_transition.h"
#include "model/pelt.h"
#include "model/sched_domains.h"
#include "model/sugov.h"
#include "model/platform.h"
#include "model/thermal.h"
#include "model/uclamp.h"
#include "input/run_options.h"
#include "input/workload.h"

#define NICE_0_LOAD 1024ULL   /* scale_load_down(NICE_0_LOAD) on 64-bit */
#define WEIGHT_IDLEPRIO 3     /* SCHED_IDLE's weight, kernel/sched/sched.h */
#define SYSCTL_SCHED_MIGRATION_COST_NS 500000ULL /* sysctl_sched_migration_cost, core.c */
/*
 * The rq clocks read this much at simulated time 0 (one PELT period, 1024 x 1024 ns): a PELT
 * last_update_time of 0 means "not attached" in the kernel, so no clock may start at 0.
 */
#define SIM_RQ_CLOCK_START_NS (1ULL << 20)
/*
 * Tasks from which the engine prefetches what the next wake-up and idle entry read (sim.c,
 * idle.c): their structs (about 800 bytes each) no longer fit a core's L2 cache (512 KiB and
 * up); below, the hints cost more instructions than they save.
 */
#define SIM_PREFETCH_MIN_TASKS 512

/* ---- runtime state ---------------------------------------------------------------------- */

enum task_state {
	TASK_NEW,       /* waiting for its start (delay) */
	TASK_RUNNABLE,  /* queued, not running */
	TASK_RUNNING,   /* rq->curr */
	TASK_BLOCKED,   /* sleeping or waiting on a resource */
	TASK_DEAD,
	TASK_WAKING,    /* woken onto a CPU in an idle state: on its wake list until it exits */
};

/* what a task waits for on a CPU leaving its idle state (idle.c) */
enum sim_idle_wait {
	IDLE_WAIT_NONE = 0,
	IDLE_WAIT_ACTIVATE,  /* ttwu_queue_wakelist(): woken, enqueued once the CPU is out */
	IDLE_WAIT_TIMER,     /* its sleep's hrtimer expired: the interrupt runs after the exit */
	IDLE_WAIT_KTHREAD,   /* a sugov kthread's timer or firmware reply, the same */
};

/*
 * Latency histogram: bucket 0 holds latencies under 1.024 µs (reported as 0); then 4 buckets
 * per power of two from 2^10 ns up to 2^37 ns (137 s; longer ones land in the last bucket).
 */
#define LAT_MIN_SHIFT 10
#define LAT_SUB_SHIFT 2
#define LAT_SUB (1u << LAT_SUB_SHIFT)
#define LAT_BUCKETS (1 + 27 * LAT_SUB)

/*
 * Runtime per CPU: tasks visit many CPUs (66 of 256 each in 10 s of bench (c)), so a task keeps
 * an entry for each CPU it ran on: the CPU number (below CAPSIM_MAX_CPUS: one byte), then its
 * ns unaligned, in 4 bytes until one CPU's time passes UINT32_MAX ns (4.3 s), then every
 * entry's in 8 (cpu_time_cpu(), cpu_time_ns()).
 */
#define CPU_TIME_NARROW 5   /* bytes of an entry */
#define CPU_TIME_WIDE 9

struct task_stats {
	/* changed seldom */
	uint64_t deadline_misses;
	uint64_t migrations;
	uint8_t *by_cpu;            /* runtime per CPU (above), only the CPUs it ran on */
	uint16_t nr_by_cpu, cap_by_cpu;
	uint8_t by_cpu_size;        /* CPU_TIME_NARROW or _WIDE (0: no entry yet) */
	/* changed at every wake-up */
	uint64_t activations;       /* wake-ups, the first (its start) included */
	uint64_t loops;             /* rt-app loops of a phase completed (log rows) */
	uint64_t timer_events;
	int64_t slack_sum_ns;       /* over timer events */
	int64_t slack_min_ns;
	uint64_t runtime_ns;
	/* the EM energy of the time it ran: busy ns x the EM power (µW) of the OPP its CPU ran
	 * at, summed in sim_account_cpu() beside rq->busy_at_opp (fJ) */
	unsigned __int128 energy_fj;
	uint32_t *lat_hist;         /* buckets lat_lo .. lat_lo + lat_nr - 1 of LAT_BUCKETS (> 0) */
	uint64_t lat_count;
	uint64_t cur_ns;            /* not yet in @by_cpu: added when it changes CPU, or ends */
	int cur_cpu;                /* the CPU whose time gathers in @cur_ns, -1: none yet */
	uint16_t lat_lo, lat_nr;    /* the buckets a latency fell in, lowest to highest */
};

/* The CPU of entry @k of @st's runtime per CPU. */
static inline unsigned cpu_time_cpu(const struct task_stats *st, unsigned k)
{
	return st->by_cpu[k * st->by_cpu_size];
}

/* The ns of entry @k of @st's runtime per CPU. */
static inline uint64_t cpu_time_ns(const struct task_stats *st, unsigned k)
{
	const uint8_t *e = st->by_cpu + k * st->by_cpu_size + 1;
	uint32_t narrow;
	uint64_t wide;

	if (st->by_cpu_size == CPU_TIME_WIDE) {
		memcpy(&wide, e, sizeof(wide));
		return wide;
	}
	memcpy(&narrow, e, sizeof(narrow));
	return narrow;
}

/*
 * A simulated thread. Each wake-up of each task reads most of it: what only setup, reporting
 * and resources read comes first, then the statistics (seldom changed, then changed at every
 * wake-up), then the rest in the order a wake-up reads it, without holes, so that a wake-up
 * reads as few cache lines as it can (the task's unique timers follow in the last one).
 */
/*
 * The loop in progress, as rt-app's log_data_t gathers it for its log row (CAPSIM_EV_RTAPP_LOOP
 * carries it): a task's own while a sink is attached, else none (NULL: 80 bytes a task fewer,
 * see sim_task_bytes(), and none of its stores at each wake-up and completion).
 */
struct sim_loop_log {
	uint64_t start, run, work, c_duration, c_period, wu_lat;
	uint64_t cpu_event_start;   /* the run/runtime in progress started then */
	uint64_t timer_expiry;      /* sleeping in a timer until then (0: not) */
	int64_t slack;
	uint32_t timers;
};

/*
 * A waker's record of whom it wakes (task_struct's wakee_flips, wakee_flip_decay_ts and
 * last_wakee, written by record_wakee() of the current task, an idle CPU's idle task included).
 */
struct sim_wakee {
	unsigned flips;
	uint64_t flip_decay_ts;           /* jiffies */
	const struct sim_task *last;      /* last_wakee */
};

/*
 * A task, its fields grouped by when an event reads them (issue 32: with 10 000 tasks each
 * wake-up's lines come from memory): first the statistics, the entity, the signals and
 * placement, then the wake-up and the workload position, last what setup, reporting, resources
 * and the CFS model read, so that a wake-up reads one line fewer and sim.c's prefetch_next()
 * skips them (the struct is 64-byte aligned, task_new()). The unique timers follow the struct
 * (sim_task_bytes()).
 */
struct sim_task {
	/* wake-up placement (fair_balance.c): what it records as a waker */
	struct sim_wakee wakee;

	struct task_stats st;

	/* fair class: the EEVDF entity (model/fair_eevdf.h); se.sched_delayed: asleep (state
	 * TASK_BLOCKED) but still queued, DELAY_DEQUEUE */
	struct eevdf_se se;
	uint64_t weight;          /* sched_prio_to_weight[nice + 20] */
	uint64_t exec_start;      /* rq clock when it started running this stretch */
	struct sim_task *rq_next, *rq_prev; /* runnable list of its rq (delayed tasks are not in it) */

	/* PELT and util_est (the task's sched_entity): util_est carries UTIL_AVG_UNCHANGED (v6.8
	 * on the one value; 6.1's util_est.enqueued), util_est_ewma is 6.1's ewma (0 otherwise) */
	uint32_t util_est;
	uint32_t util_est_ewma;
	struct capsim_sched_avg avg;

	capsim_cpumask allowed;
	uint64_t max_allowed_capacity;
	uint64_t lb_seq;          /* load balance: its place in rq->cfs_tasks (the higher, the
				   * more recently run) */
	uint64_t uclamp_eff[2];   /* uclamp_eff_value() */
	struct uclamp_se uclamp_se[UCLAMP_IDS]; /* p->uclamp[]: as counted on its rq */
	int recent_used_cpu;      /* p->recent_used_cpu */
	unsigned nr_allowed;
	enum wl_policy policy;

	/* the wake-up and the switch (@state, @timer_ns and @cpu on one line: an idle entry reads
	 * them of its CPU's first sleeper, idle.c) */
	enum task_state state;
	uint64_t timer_ns;        /* when its sleep's hrtimer fires (a wake-up event), on cpu */
	uint32_t gen;             /* cancels this task's pending wake-up event */
	uint32_t id;
	int cpu;                  /* task_cpu(p) */
	uint32_t iowait_on;       /* 1 + the CPU whose rq->nr_iowait counts it, 0: none (idle.c) */
	bool uninterruptible;     /* blocked in TASK_UNINTERRUPTIBLE (the kthread in its driver) */
	bool in_cpu_event;        /* a run/runtime/mem is in progress */
	bool cpu_event_is_wall;   /* runtime: ends at wall time @wall_end */
	bool yielded;             /* RR slice end: let an equal pick go first */
	bool lat_pending;
	bool stop_requested;      /* a task_stop scenario event: exit at the next event boundary */
	bool aff_set;
	bool held;                /* waits for a task_start scenario event */
	bool in_iowait;           /* p->in_iowait: its next wake-up follows an iorun */
	bool migrating;           /* TASK_ON_RQ_MIGRATING: the load balance moves it (detach_task()) */
	bool timer_queued;        /* its timers go into its CPU's timer queue (sim_timer_arm()) */
	/* p->sched_class: fair, rt, or dl (a policy's sugov kthread, cpufreq_schedutil.c) */
	const struct sim_sched_class *sched_class;
	uint64_t wake_time;       /* last sched_waking, for the wake-up latency */

	/* position in its compiled steps (struct sim_step, after its unique timers), with what
	 * a phase's settings read of its wl_task and wl_phase (task_load_phase()): a loop reads
	 * no workload struct */
	struct sim_loop_log *lp;  /* its own (after its steps), NULL without a sink */
	struct sim_timer *utimers; /* this instance's "unique" timers (after the struct) */
	const struct sim_step *steps; /* its program (task_compile(), after its unique timers) */
	const struct sim_step *step; /* the next step (in @steps) */
	const capsim_cpumask *ph_cpus; /* the phase's affinity, else the task's (NULL: all) */
	int ph_util_min, ph_util_max; /* the phase's clamps (WL_UNSET: none) */
	const char *ph_taskgroup; /* the phase's taskgroup (NULL: unchanged) */
	int uclamp_req[2];        /* requested min/max, WL_UNSET if not set */
	int cgroup;               /* its cpu cgroup: index into s->cgroups, -1: the root group */
	const capsim_cpumask *aff_src; /* the mask its affinity was last set from (NULL: all) */
	int wl_task;              /* index into workload->tasks */
	unsigned phase;
	unsigned nr_utimers;
	int64_t task_loops;       /* completed task loops */
	int64_t phase_loops;      /* completed loops of the current phase */
	uint64_t work_left;       /* run/mem: calibration-ns x cap_calib still to do */
	uint64_t t_first;         /* rt-app's t_first: its timers count their periods from it */
	uint64_t zero_time_events;/* events run at @zero_time_at, to catch loops that take no time */
	uint64_t zero_time_at;

	/* setup, reporting and resources */
	char *name;
	struct sim_task *wq_next; /* FIFO of waiters on a resource */
	unsigned instance;
	uint32_t pid;
	int rt_prio;              /* 1..99 (kernel prio = 99 - rt_prio) */
	int nice;
	int waiting_res;          /* resource it is blocked on, or -1 */
	int mutex_after_wake;     /* wait/sync: the mutex to take again once signalled, or -1 */
	uint32_t rr_time_slice;   /* SCHED_RR: ticks left of its slice (p->rt.time_slice) */
	/* a wake-up waiting for its CPU to leave an idle state (idle.c): the next on that
	 * CPU's list, what it waits for, the timer's expiry and its wake-up event's gen */
	enum sim_idle_wait idle_wait;
	struct sim_task *idle_wait_next;
	uint64_t idle_wait_since;
	uint32_t idle_wait_gen;
	uint64_t wall_end;        /* runtime */
	struct cfs_se cse;        /* the CFS entity instead of @se (model/fair_cfs.h), under v6.1 */
};
_Static_assert(offsetof(struct sim_task, state) / 64 == offsetof(struct sim_task, cpu) / 64,
	       "an idle entry reads @state, @timer_ns and @cpu of one line (idle.c)");

struct sim_rq;
struct capsim_sim;

/* select_task_rq()'s wake_flags, kernel/sched/sched.h */
#define WF_FORK 0x04
#define WF_TTWU 0x08
#define WF_SYNC 0x10

/*
 * mirrors struct sched_class (kernel/sched/sched.h): the slots the engine calls, one table per
 * class (fair.c, rt.c, deadline.c, idle.c), walked from the highest class down through @next
 * as for_each_class(). The idle task is rq->curr == NULL, so the idle class holds no task:
 * its set_next_task and put_prev_task are the switch to and from idle. A NULL slot does
 * nothing. core.c calls them; no other file asks which class a task is in to choose a path.
 */
struct sim_sched_class {
	const struct sim_sched_class *next; /* the next lower class */
	unsigned rank;            /* sched_class_above(): the higher, the earlier it picks */
	bool uclamp_enabled;      /* uclamp_rq_inc()/_dec() count its tasks (not deadline) */
	/* enqueue_task() / dequeue_task() after core.c's update_rq_clock() and uclamp: @wakeup
	 * ENQUEUE_WAKEUP, @flags the EEVDF enqueue flags; @sleep DEQUEUE_SLEEP */
	void (*enqueue_task)(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
			     bool wakeup, unsigned flags);
	void (*dequeue_task)(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p, bool sleep);
	/* pick_task(): the class's next task, @prev (rq->curr, NULL: idle) still running */
	struct sim_task *(*pick_task)(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *prev);
	/* put_prev_task() of the running @p; set_next_task() makes @p rq->curr (rq_set_curr()) */
	void (*put_prev_task)(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p);
	void (*set_next_task)(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p);
	/* task_tick() of the running @p. Return: whether it asks for a reschedule */
	bool (*task_tick)(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p);
	/* update_curr() beyond the time charged to every running task (rq_update_curr()) */
	void (*update_curr)(struct capsim_sim *s, struct sim_rq *rq);
	/* select_task_rq() from @this_cpu with WF_TTWU or WF_FORK */
	int (*select_task_rq)(struct capsim_sim *s, struct sim_task *p, int this_cpu,
			      int wake_flags);
	/* migrate_task_rq(): @p leaves its CPU for @new_cpu (set_task_cpu()) */
	void (*migrate_task_rq)(struct capsim_sim *s, struct sim_task *p, int new_cpu);
	/* balance(): the rq found nothing to run; pull work if it can */
	void (*balance)(struct capsim_sim *s, struct sim_rq *rq);
	/* wakeup_preempt() of curr by @p of the same class (@wake_flags: WF_FORK for a new task):
	 * reschedules if @p wins */
	void (*wakeup_preempt)(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
			       int wake_flags);
	void (*yield_task)(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p);
	/* task_dead(): @p exited after its last dequeue */
	void (*task_dead)(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p);
};

/* the kernel's dl_, rt_, fair_ and idle_sched_class, prefixed: kernel-check links the kernel's
 * own beside them */
extern const struct sim_sched_class sim_dl_sched_class, sim_rt_sched_class, sim_fair_sched_class,
	sim_idle_sched_class;
#define sched_class_highest (&sim_dl_sched_class)

/*
 * The fair class's timeline, the part of kernel/sched/fair.c that 6.6 rewrote from CFS into
 * EEVDF: fair.c's slots call it where they place, queue, pick and preempt, and keep the rest
 * (load tracking, util_est, the runnable list, the accounting). s->fair is sim_fair_eevdf
 * (fair.c, model/fair_eevdf.c) or, for a model that runs CFS (model_fair_cfs()), sim_fair_cfs
 * (fair_cfs.c, model/fair_cfs.c). Each slot mirrors the *_entity() function it names there.
 */
struct sim_fair_timeline {
	/* enqueue_entity(): @wakeup ENQUEUE_WAKEUP, @flags EEVDF_ENQUEUE_INITIAL for a new task */
	void (*enqueue)(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p, bool wakeup,
			unsigned flags);
	/* dequeue_entity(). Return: false if the sleeping @p stays queued, delayed */
	bool (*dequeue)(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p, bool sleep);
	/* the fair task to run next, rq->curr still running. NULL: none */
	struct sim_task *(*pick)(struct capsim_sim *s, struct sim_rq *rq);
	/* put_prev_entity() of the cfs_rq's curr; has_curr: whether it has one */
	void (*put_prev)(struct capsim_sim *s, struct sim_rq *rq);
	bool (*has_curr)(const struct sim_rq *rq);
	void (*set_next)(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p);
	/* update_curr(). Return: whether it asks for a reschedule */
	bool (*update_curr)(struct capsim_sim *s, struct sim_rq *rq);
	/* entity_tick()'s preemption check, after update_curr(). Return: reschedule */
	bool (*tick)(struct capsim_sim *s, struct sim_rq *rq);
	/* check_preempt_wakeup() of curr by the queued @p (@wake_flags as the class's). Return:
	 * reschedule */
	bool (*wakeup_preempt)(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
			       int wake_flags);
	/* yield_task_fair() of curr, its rq not running it alone */
	void (*yield)(struct capsim_sim *s, struct sim_rq *rq);
	/* migrate_task_rq_fair()'s timeline part (NULL: none) */
	void (*migrate)(struct capsim_sim *s, struct sim_task *p, int new_cpu);
};
extern const struct sim_fair_timeline sim_fair_eevdf, sim_fair_cfs;

/* @p is in the fair class (sim_fair_sched_class) */
static inline bool task_is_fair(const struct sim_task *p)
{
	return p->sched_class == &sim_fair_sched_class;
}

/* @p is in the RT class (rt_policy()): SCHED_FIFO or SCHED_RR */
static inline bool task_is_rt(const struct sim_task *p)
{
	return p->sched_class == &sim_rt_sched_class;
}

/* @p is in the deadline class: a sugov kthread, the only deadline task here */
static inline bool task_is_dl(const struct sim_task *p)
{
	return p->sched_class == &sim_dl_sched_class;
}

/* A timer event's timer: shared (one per resource), or one of a task's "unique" ones. */
struct sim_timer {
	uint64_t t_next;
	int res;                  /* a unique timer's resource */
	bool init;
};

/*
 * A step of a task's program, compiled from its workload task when the task is made
 * (task_exec.c, task_compile()): each phase's events in order and the end of the phase's loop,
 * the settings of each phase after the first before its events (and of the first where a task
 * loop changes something by applying them again), the end of the task's loop last. A wake-up
 * or a completion moves the task's index through them and reads no workload struct.
 */
enum sim_step_type {
	/* WL_EV_RUN .. WL_EV_MEM: that workload event */
	SIM_STEP_PHASE = WL_EV_MEM + 1, /* phase @res starts: its settings (task_apply_phase()) */
	SIM_STEP_PHASE_END,       /* a loop of the phase ends: @loop loops, again from step @res */
	SIM_STEP_TASK_END,        /* a loop of the task ends: @loop loops, again from step @res */
	SIM_STEP_LAST_END,        /* the same after the one loop of its last phase (its end) */
};

struct sim_step {
	union {
		uint64_t ns;      /* run, mem, runtime, sleep: the event's value; timer: its period */
		int64_t loop;     /* phase or task end: the loops, -1: forever */
		struct {
			int32_t arg;  /* wait, sync: the mutex (res2); fork: the task */
			uint32_t line; /* the event's source line, for messages */
		};
	};
	int32_t res;              /* the event's resource (a unique timer: its index in the
				   * task's utimers); phase: its index; end: the step to go back to */
	uint8_t type;             /* enum wl_event_type or enum sim_step_type */
	unsigned absolute:1, unique:1, iowait:1, sync:1; /* struct wl_event's */
};
_Static_assert(sizeof(struct sim_step) == 16, "a step is 16 bytes: four to a cache line");

/*
 * A task's allocation: the struct, then its unique timers, its @nr_steps steps and with @lp its
 * loop log, on whole cache lines.
 */
static inline size_t sim_task_bytes(unsigned nr_utimers, unsigned nr_steps, bool lp)
{
	return (sizeof(struct sim_task) + nr_utimers * sizeof(struct sim_timer) +
		nr_steps * sizeof(struct sim_step) + (lp ? sizeof(struct sim_loop_log) : 0) + 63) /
	       64 * 64;
}

/*
 * What balancing changes in one CPU's struct sched_domain (fair_balance.c); the rest is the
 * platform's (plat->sd->domains[dom]).
 */
struct sim_sd {
	unsigned dom;              /* index into plat->sd->domains */
	unsigned local_sg;         /* sd->groups: its group holding the CPU, into plat->sd->groups */
	uint64_t min_interval;     /* ms: sd_weight */
	uint64_t last_balance;     /* jiffies */
	uint64_t balance_interval; /* ms, min_interval (sd_weight) .. max_interval */
	unsigned nr_balance_failed;
	/* the level below spans this level's local group and has no SD_ASYM_CPUCAPACITY (whose
	 * misfit loads set sg_overloaded too): its pass's statistics can be summed here
	 * (struct sd_walk; in the padding after nr_balance_failed) */
	bool child_sums;
	uint16_t span_weight;      /* sd->span_weight: its span's CPUs (in the padding too) */
	/* get_sd_balance_interval() in jiffies, idle and busy, of @interval_ms (0: none yet) */
	uint64_t interval_ms, interval_jiffies[2];
	uint64_t max_newidle_lb_cost;    /* ns: the costliest newidle pass here, decayed */
	uint64_t last_decay_max_lb_cost; /* jiffies */
};

/*
 * A CPU's sleep hrtimers (idle.c), the kernel's timerqueue: a 4-ary min-heap on expiry,
 * whose root is the earliest (held from an offset of slot: idle.c's tq_slot()). A re-arm or a
 * migration adds a slot and leaves the old one, which no longer matches its task (timer_ns,
 * cpu) and leaves the heap once expired.
 */
struct sim_timer_slot {
	uint64_t expires;         /* the task's timer_ns when it was armed or moved here */
	struct sim_task *p;
};
struct sim_timerq {
	struct sim_timer_slot *slot;
	uint32_t nr, cap;
};

/* Per-CPU runqueue: struct rq with its cfs_rq and rt_rq signals. */
struct sim_rq {
	int cpu;
	struct pelt_rq_clock clk; /* rq->clock, clock_task (no IRQ/steal time), clock_pelt */

	struct sim_task *curr;    /* NULL: the idle task */
	struct sim_task *dequeued_curr; /* curr until a dequeue, before the reschedule that follows */
	bool stopper_curr;        /* events only: migration/N preempted curr to push it away */
	struct sim_task *sched_prev; /* events only: the task rq_resched() switches away from */
	char idle_comm[16];       /* "swapper/N", init_idle()'s name for this CPU's idle task */
	char stopper_comm[16];    /* "migration/N", cpu_stop_threads' name on this CPU */
	struct sim_task *fair_head, *fair_tail; /* runnable (not running) fair tasks, queue order */
	struct eevdf_rq cfs;        /* the cfs_rq's EEVDF state: its timeline (queued and delayed) */
	struct cfs_timeline cfs61;  /* the cfs_rq's CFS state instead, under v6.1 (fair_cfs.c) */
	struct sim_task *rt_head, *rt_tail; /* runnable (not running) RT tasks, queue order */
	struct sim_task *dl_queued; /* the runnable (not running) deadline task: a sugov kthread,
				     * the only kind here, and a CPU is in one policy at most */
	bool fair_resched;        /* update_curr() asked for a reschedule (resched_curr()) */
	uint64_t cfs_load_weight; /* cfs_rq->load.weight (scale_load_down) */

	/* the signals and counts the model functions read, their one owner: cfs_avg, util_est_cfs,
	 * avg_rt, avg_dl, rt_nr_running, capacity_of, the published rq clamps, nr_running, cfs_nr,
	 * cfs_delayed, misfit_task_load, ttwu_pending (s->view[cpu]); a writer of a memo input calls
	 * fair_memo_invalidate() (rq_signals_changed()) */
	struct fair_cpu *fc;
	struct fair_memo *memo;   /* s->memo[cpu], its memo (or NULL: none), which
				   * rq_signals_changed() forgets */
	/* cfs_rq->removed: what tasks that left (woken elsewhere, exited) still weigh in cfs_avg,
	 * taken off at the cfs_rq's next update_cfs_rq_load_avg() */
	struct {
		uint64_t nr, load_avg, util_avg, runnable_avg;
	} cfs_removed;
	uint64_t hw_pressure;            /* arch_scale_hw_pressure(cpu): instantaneous */
	uint32_t hw_cap_khz;             /* 0: no HW throttling */
	struct uclamp_rq_state uclamp;   /* rq->uclamp[]: the buckets (model/uclamp.c) */
	uint32_t speed_den;              /* with @speed_num below: rq_speed_of() as of the last
					  * rq_speed_update() (the two in the struct's holes) */
	uint64_t freq_scale;             /* arch_scale_freq_capacity() */
	/* FEAT_AMU counters (FIE source amu): core cycles at the delivered frequency and constant
	 * cycles of a 1 GHz reference, both stopped while idle (WFI), as at the last tick */
	uint64_t amu_core, amu_core_rem; /* cycles, and kHz x ns short of the next cycle */
	uint64_t amu_const;
	uint64_t amu_prev_core, amu_prev_const;
	uint64_t amu_max_freq_scale;     /* arch_max_freq_scale */
	uint64_t cap_orig;               /* arch_scale_cpu_capacity(): fixed for a run */
	uint32_t freq_ref;               /* arch_scale_freq_ref() */
	uint32_t delivered_khz;          /* policy->cur lowered by the HW cap */
	uint64_t delivered_cap;          /* sim_delivered_capacity(), refreshed as limits change */
	int opp_idx;                     /* index of that OPP in the policy, -1: no policy */
	int policy;                      /* its cpufreq policy, -1: none */
	unsigned policy_pos;             /* its place in the policy's cpus[] and sg_cpu[] */
	uint32_t acct_cap;               /* sim_actual_capacity() (at most 1024) at the last view
					  * fill: a cache for sim_account_capacity() */

	/* tick and balance: the CPU's tick event (EV_TICK, gen @tick_gen) queued for @tick_at (0:
	 * none), cancelled while @tick_stopped (tick-sched's ts->tick_stopped, TS_FLAG_STOPPED:
	 * stopped by an idle-loop iteration, sim_tick_stop(); running again once the CPU runs a
	 * task, sim_tick_start()). The nohz mask's @nohz_tick_stopped below is the scheduler's own flag:
	 * set with the first stop of an idle period, cleared only by the next busy tick. */
	uint64_t tick_at;
	uint32_t tick_gen;
	bool tick_stopped;
	bool got_idle_tick;              /* ts->got_idle_tick: the tick ran in the idle loop */
	uint64_t idle_ticks;             /* ticks it took in its idle loop (the tick kept) */
	bool idle_tick_wait;             /* the tick came in an idle state: it runs at the exit */
	bool idle_balance;               /* rq->idle_balance: idle_cpu() at the last tick */
	bool advance_queued;             /* its new curr must run its next events (sim_advance) */
	uint64_t next_balance;           /* jiffies */
	bool has_blocked_load;           /* idle with signals still decaying (rq->has_blocked_load) */
	bool nohz_tick_stopped;          /* in nohz.idle_cpus_mask: idled, no busy tick since */
	bool newilb_kick;                /* NOHZ_NEWILB_KICK: decay idle CPUs' load as it idles */
	uint64_t idle_stamp;             /* rq clock when it last tried to idle, 0: not since */
	uint64_t avg_idle;               /* ns: average idle period, at most 2 x max_idle_balance_cost */
	uint64_t max_idle_balance_cost;  /* ns: the costliest newidle walk, at least migration cost */
	uint64_t last_blocked_load_update_tick; /* jiffies */
	uint32_t gen;                    /* cancels this CPU's pending completion event */
	uint64_t armed_time;             /* when the pending completion fires (0: none) */
	const struct sim_task *armed_task;

	/* load balance (fair_balance.c): this CPU's sched domains, bottom up */
	struct sim_sd sd[SD_NR_LEVELS];
	unsigned nr_sd;
	/* update_top_cache_domain(): sd_llc (its span; NULL without one), sd_llc_size, sd_llc_id */
	const capsim_cpumask *sd_llc;
	unsigned sd_llc_size;
	int sd_llc_id;
	struct sim_wakee idle_wakee; /* what this CPU's idle task records as a waker */

	/* cpuidle (idle.c): the state it chose while idle, 0 WFI; k: plat cpus[].idle[k-1] */
	unsigned idle_state;
	struct sim_timerq timerq;        /* the sleep timers armed on this CPU or moved to it */
	unsigned nr_iowait;              /* rq->nr_iowait: its tasks blocked in I/O wait (idle.c) */
	uint64_t idle_calls;             /* tick_nohz_get_idle_calls_cpu(): idle-loop tick stops */
	bool in_idle;                    /* idle since idle_enter (residency not yet counted) */
	bool idle_exiting;               /* woken: EV_IDLE_EXIT pending */
	bool idle_exited;                /* that event came: the next pick runs */
	bool idle_exit_traced;           /* its cpu_idle exit is out (at EV_IDLE_EXIT) */
	bool idle_entry_deferred;        /* idle, cpuidle not called yet: its irq_work first */
	uint64_t idle_enter;
	uint64_t idle_exit_at;           /* when the pending EV_IDLE_EXIT comes */
	uint64_t idle_ns[PLATFORM_MAX_IDLE_STATES]; /* residency per state */
	unsigned idle_phys;              /* the state its idle time counts in now: its own, or
					    its cluster's while the cluster is down */
	uint64_t idle_seg;               /* ... since then */
	struct sim_task *idle_wait_head, *idle_wait_tail; /* wake-ups waiting for its exit */
	int idle_dom_cpu;                /* first CPU of its idle domain (cluster), -1: none */
	/* on that first CPU, the domain: the cluster state it is in (0: powered), that state,
	 * who entered it and when, and when it is powered again after a wake-up */
	unsigned dom_state;
	const struct platform_idle_state *dom_st;
	int dom_cpu;
	uint64_t dom_entered, dom_up_at;
	/* the governor's view (model/cpuidle.h): the driver's states, the device and the governor's
	 * data (what it learns, one owner), what the last selection could change of it as it was
	 * before (cpuidle_select_save(): put back when the wake-up came before cpuidle was called),
	 * the driver state it chose, and whether a selection is to be reflected */
	struct cpuidle_drv cpuidle_drv;
	struct cpuidle_cpu cpuidle, cpuidle_before;
	int cpuidle_idx;
	bool cpuidle_selected;

	/* accounting since the start (reporting) */
	uint64_t acct_last;
	uint64_t busy_ns;
	uint64_t *time_at_opp;           /* per OPP of its policy: all time at that delivered OPP */
	uint64_t *busy_at_opp;           /* ... of which busy */
	uint64_t *em_power_at_opp;       /* per OPP: its EM power (µW), 0 where the EM has none */
	uint64_t speed_num;              /* see @speed_den */
	unsigned __int128 cap_integral;  /* actual capacity x ns */
};

/* Per-policy governor state: struct sugov_policy (the policy itself is the platform's). */
struct sim_policy {
	unsigned idx;
	struct platform_policy *pp;
	unsigned *cpus;           /* policy->cpus as a list */
	unsigned nr_cpus;
	struct sugov_state sg;    /* schedutil's decisions (src/model/sugov.h) */
	/* ---- schedutil per policy (cpufreq_schedutil.c): the driver's switching path ---- */
	struct sugov_cpu_state *sg_cpu; /* per CPU of @cpus, same order: struct sugov_cpu */
	bool fast_switch;         /* policy->fast_switch_enabled; else the sugov kthread */
	/* ---- the sugov kthread (cpufreq_schedutil.c): NULL with fast switching ---- */
	struct sim_task *kthread; /* "sugov:N", SCHED_DEADLINE with SCHED_FLAG_SUGOV */
	bool work_in_progress;    /* sg_policy->work_in_progress: a request waits for the kthread */
	bool work_queued;         /* the work is on the worker's list (kthread_queue_work()) */
	bool irq_work_pending;    /* sugov_irq_work() is raised on @irq_work_cpu, not run yet */
	int irq_work_cpu;
	bool work_busy;           /* worker->current_work: the kthread is in sugov_work() */
	uint32_t work_khz;        /* the frequency that sugov_work() asked the driver for */
	uint32_t firmware_khz;    /* a firmware's clock: the last change asked for, until it lands
				   * (policy->cur for the driver: 0, none pending) */
	struct opp_step steps[OPP_MAX_STEPS]; /* what __cpufreq_driver_target() does for it */
	unsigned nr_steps, step;  /* ... and the next step to take */
};

/*
 * The run's event sink (include/capsim/capsim_events.h): @fn NULL means none, and then no event
 * is built. @release, when set, is called with @ctx by sim_free(): a sink the library attached
 * itself (the text trace, src/output/sim_trace.c) is released with the run. @types: the events
 * built for it, bit 1 << enum capsim_event_type (all for a caller's sink; the library's writers
 * name theirs, e.g. the recording of --report skips the PELT of runqueues and EAS's
 * compute_energy calls); 0 with no sink. A sink may still be given a type outside its mask.
 */
struct sim_sink {
	capsim_event_fn fn;
	void *ctx;
	void (*release)(void *ctx);
	uint64_t types;
};

struct capsim_sim {
	struct sim_options opt;
	/* the cpu cgroups' clamps (opt.cgroups), effective after cpu_util_update_eff() */
	struct uclamp_tg cgroups[SIM_CGROUPS_MAX];
	const struct sim_fair_timeline *fair; /* EEVDF, or CFS for v6.1 (model_fair_cfs()) */
	struct capsim_platform *plat;     /* owned; its freq_qos and pressures change as we run */
	struct capsim_workload *wl;       /* owned */
	unsigned nr_cpus;
	struct sim_rq *rq;
	struct sim_policy *pol;
	struct fair_cpu *view;            /* per CPU: its runqueue's signals (rq->fc), their owner */
	struct fair_memo *memo;           /* a cache of what each asks for (model/fair.h) */
	struct fair_rd rd;
	unsigned *pd_order;
	bool asym;                        /* sched_asym_cpucap_active() */
	bool eas;                         /* sched_energy_enabled() */
	bool cluster_active;              /* sched_cluster_active (7.3): sd_cluster_active() */
	enum platform_fie_source fie;     /* what arch_scale_freq_capacity() follows */
	bool cpuidle_off;                 /* cpuidle.off=1: no DT idle state is entered */
	bool acct_sampled;                /* the accounting samples the pressure (sim_pressure.c) */
	enum cpuidle_governor cpuidle_gov; /* cpuidle_curr_governor */
	int calib_cpu;
	uint64_t cap_calib;
	uint64_t tick_ns;

	struct sim_task **tasks;
	uint32_t nr_tasks, cap_tasks;
	struct sim_timer *timers;         /* shared timers, one per resource */
	int *mutex_owner;                 /* per resource: task id holding it, or -1 */
	struct sim_task **wq_head;        /* per resource: waiters */
	uint32_t *barrier_waiting;        /* per resource */
	uint32_t *barrier_users;
	int64_t *sem_count;
	unsigned live_tasks;
	uint32_t nr_res_waiters;          /* tasks queued on a resource (deadlock.c) */

	struct sim_sc_event *sc;
	unsigned nr_sc;

	struct event_queue eq;
	uint64_t now;
	uint64_t jiffies;                 /* now / tick_ns */
	uint64_t next_jiffy_ns;           /* when jiffies next changes */
	uint64_t end;
	uint64_t nr_events;

	bool overutilized;                /* rd->overutilized */
	bool overloaded;                  /* rd->overloaded */
	uint64_t overutilized_ns;
	uint64_t overutilized_since;
	uint64_t nohz_next_balance;       /* jiffies */
	uint64_t migrations;
	uint64_t misfit_migrations;
	/*
	 * per plat->sd group, NULL without domains: what balancing reads of it (fair_balance.c), as
	 * load_balance.c takes it, so that a balance copies it whole: its span, flags and
	 * sg->group_weight, fixed at build time as in build_sched_groups(), and its sgc, whose
	 * capacity sums follow every change of a CPU's capacity_of() (update_cpu_capacity())
	 */
	struct lb_group *sg;
	/*
	 * per plat->sd domain, 7.3 (model_placement_7_3()): its sched_domain_shared's nr_idle_scan,
	 * the CPUs select_idle_capacity() / select_idle_cpu() may scan less one, which the periodic
	 * balance of the domain sets (update_idle_cpu_scan()); 0 from boot, as kzalloc() leaves it.
	 * Only the domains build_sched_domains() gives a shared object are read: the lowest
	 * SD_ASYM_CPUCAPACITY_FULL one and the highest SD_SHARE_LLC one of each CPU.
	 */
	int nr_idle_scan[SD_NR_LEVELS * CAPSIM_MAX_CPUS];
	uint64_t cfs_seq;                 /* the last lb_seq given: cfs_tasks' MRU order */
	int distribute_prev[CAPSIM_MAX_CPUS]; /* distribute_cpu_mask_prev, per waker CPU: 0 at boot */

	uint64_t nohz_next_blocked;       /* jiffies */
	bool nohz_has_blocked;            /* some idle CPU has blocked load to decay */
	bool nohz_needs_update;           /* a CPU idled: nohz.next_balance is to be recomputed */
	unsigned nohz_nr_cpus;            /* CPUs in nohz.idle_cpus_mask (nohz_tick_stopped) */
	struct sim_rq **advance_queue;    /* CPUs whose curr has events to run, FIFO (nr_cpus) */
	unsigned adv_head, adv_len;
	unsigned pending_starts;          /* tasks whose start (delay) is still ahead */
	int livelock_task;                /* the task that ran events without time passing */
	struct em_perf_domain *pds;       /* rd->pd from build_perf_domains() (tables shared) */
	unsigned *cpu_pd;

	struct sim_pressure *press;       /* the model's belief, metrics, thermal (sim_pressure.c) */
	unsigned irq_work_pending;        /* policies whose sugov_irq_work() has not run yet */
	unsigned idle_entries_deferred;   /* CPUs whose cpuidle entry waits for their irq_work */
	struct sim_sink sink;             /* where the run's events go (sim_events.h) */
	unsigned trace_families;          /* CAPSIM_TRACE_EV_* the text trace adds (sim_trace.c) */
	bool started;                     /* sim_run() began: the sink is fixed */
	bool writer_thread_off;           /* capsim_sim_set_writer_thread(s, 0) (api/writer_thread.c) */
	bool summary_taken;               /* capsim_sim_summary_take(): the tasks are gone */
	void (*progress)(void *ctx, uint64_t now, uint64_t end);
	void *progress_ctx;
	_Atomic int stop;                 /* capsim_sim_stop(): end at the next event */
	enum capsim_stop_reason truncated; /* why the run ended early, CAPSIM_STOP_NONE: it did not */
	int error;                        /* first error that stops the run */
	char errmsg[512];                 /* its message, when the run itself found it (sim_fail) */
	char warning[512];                /* the first warning of the run (a deadlock with a duration) */
};

/* Whether @p's name is its own allocation, not its workload task's name (task_new()). */
static inline bool sim_task_owns_name(const struct capsim_sim *s, const struct sim_task *p)
{
	return p->name != s->wl->tasks[p->wl_task].name;
}

/* ---- the simulator's entry points (src/api/sim_api.c, tests) ---------------------------- */

/**
 * sim_create() - a simulator for @wl on @plat (both owned by it from now on, even on failure)
 * with @opt and the scenario events @sc (copied). Return: 0 and *@out, or a negative enum
 * capsim_err with @err saying why (e.g. the calibration CPU does not exist).
 */
int sim_create(struct capsim_platform *plat, struct capsim_workload *wl,
	       const struct sim_options *opt, const struct sim_sc_event *sc, unsigned nr_sc,
	       struct capsim_sim **out, capsim_error *err);
struct capsim_scenario;
/*
 * scenario_build() - scenario_prepare() (src/input/scenario.h) then sim_create() with the
 * scenario's options: a non-NULL @platform / @workload overrides the scenario's.
 * Return: 0 and *@out, or a negative enum capsim_err with @err.
 */
int scenario_build(const struct capsim_scenario *sc, const char *platform, const char *workload,
		   struct capsim_sim **out, capsim_error *err);
/** sim_run() - run to the end. Return: 0, or a negative enum capsim_err with @err. */
int sim_run(struct capsim_sim *s, capsim_error *err);
/**
 * sim_task_free() - release task @i of @s (its statistics, name and struct), once nothing will
 * read it again: capsim_sim_summary_take() frees each task as its figures are handed over, so
 * that a large run's summary does not add to its peak memory. s->tasks[@i] is then NULL.
 */
void sim_task_free(struct capsim_sim *s, uint32_t i);
/** sim_free() - release @s; NULL is a no-op. */
void sim_free(struct capsim_sim *s);

/* What `simulate` reports (floats: reporting only). */
struct sim_task_result {
	const char *name;
	uint64_t activations, deadline_misses, migrations, timer_events;
	double runtime_s;
	double slack_mean_us, slack_min_us;
	double lat_p50_us, lat_p99_us;
	uint64_t util_avg_end;
	double energy_j;       /* its part of sim_result.energy_j (task_stats.energy_fj) */
	const struct task_stats *stats; /* its runtime per CPU: cpu_time_cpu(), cpu_time_ns() */
};

struct sim_cpu_result {
	unsigned cpu;
	double busy_pct, mean_freq_khz, mean_actual_capacity, energy_j;
	double idle_energy_j;  /* sum over its idle states of the platform's power x residency */
};

struct sim_result {
	double duration_s, energy_j, overutilized_pct;
	double idle_energy_j;  /* apart from energy_j (the EM's dynamic energy) */
	double kthread_energy_j; /* of energy_j, the sugov kthreads' part (in no task's) */
	bool has_idle_power;   /* some CPU's idle power is given (platform JSON idle_power_uw) */
	uint64_t migrations, misfit_migrations, events;
	struct sim_task_result *tasks;
	unsigned nr_tasks;
	struct sim_cpu_result *cpus;
	unsigned nr_cpus;
};

/** sim_result_build() - the figures of a finished run. Return: 0 or CAPSIM_ERR_NOMEM. */
int sim_result_build(const struct capsim_sim *s, struct sim_result *r);
/**
 * sim_result_totals() - sim_result_build() without the tasks (@r->tasks NULL): for a caller
 * that takes them one at a time with sim_task_result(), holding no copy of them all.
 * Return: 0 or CAPSIM_ERR_NOMEM.
 */
int sim_result_totals(const struct capsim_sim *s, struct sim_result *r);
/** sim_task_result() - the figures of task @i of a finished run into @t (pointing into @s). */
void sim_task_result(const struct capsim_sim *s, uint32_t i, struct sim_task_result *t);
/** sim_result_free() - release what sim_result_build() allocated. */
void sim_result_free(struct sim_result *r);

/* ---- event kinds ------------------------------------------------------------------------- */
enum sim_ev_kind {
	EV_SCENARIO,     /* id = index into sc[] */
	EV_TASK_START,   /* id = task */
	EV_TASK_WAKE,    /* id = task, gen = task gen: sleep or timer expiry */
	EV_CPU_DONE,     /* id = cpu, gen = rq gen: the running task's run/runtime ends */
	EV_TICK,         /* id = cpu */
	EV_THERMAL,      /* the thermal loop's next heat step / poll (sim_pressure.c) */
	EV_IDLE_EXIT,    /* id = cpu: it has left its idle state and can run (idle.c) */
	EV_SUGOV_WORK,   /* id = policy: the sugov kthread's sleep in the driver ends (its timer) */
	EV_SUGOV_CLOCK,  /* id = policy, gen = kHz: a firmware's frequency change lands */
	EV_END,
};

/* ---- idle.c: cpuidle ---------------------------------------------------------------------- */
/** sim_idle_init() - each CPU's idle domain (the CPUs its cluster states need idle). */
void sim_idle_init(struct capsim_sim *s);
/** sim_idle_enter() - do_idle() -> cpuidle_idle_call(): @rq idles in its governor's state. */
void sim_idle_enter(struct capsim_sim *s, struct sim_rq *rq);
/**
 * sim_timer_arm() - @p's sleep hrtimer fires at @t on its CPU: timer_ns, and @p in that CPU's
 * timer queue, which tick_nohz_get_sleep_length() reads (the pending wake-up event is the
 * caller's).
 */
void sim_timer_arm(struct capsim_sim *s, struct sim_task *p, uint64_t t);
/** sim_timer_move() - @p, migrating to @cpu, takes its pending timer there. */
void sim_timer_move(struct capsim_sim *s, struct sim_task *p, int cpu);
/**
 * sim_iowait_sync() - after a change of @p's state (or of its in_iowait or cpu with it): the
 * runqueues' nr_iowait count it where it blocks in I/O wait now, and nowhere else.
 */
void sim_iowait_sync(struct capsim_sim *s, struct sim_task *p);
/**
 * sim_idle_ttwu_queue() - mirrors ttwu_queue_wakelist() for a wake-up of @p onto @cpu: when
 * that CPU is in an idle state deeper than WFI, @p goes on its wake list (TASK_WAKING, the CPU
 * no longer idle_cpu()) and is enqueued once the CPU is out (EV_IDLE_EXIT), its sched_wakeup
 * then. Return: true if queued so (the caller's enqueue is not to be done).
 */
bool sim_idle_ttwu_queue(struct capsim_sim *s, struct sim_task *p, int cpu);
/**
 * sim_idle_timer_wait() - @p's sleep timer expired now on its CPU: if that CPU is in an idle
 * state deeper than WFI, the interrupt and so the wake-up (try_to_wake_up() from
 * hrtimer_wakeup()) come only once it is out; the wake-up latency still counts from now.
 * @gen: the wake-up event's gen. Return: true if the wake-up waits.
 */
bool sim_idle_timer_wait(struct capsim_sim *s, struct sim_task *p, uint32_t gen);
/** sim_idle_kthread_wait() - the same for a sugov kthread's timer or firmware reply. */
bool sim_idle_kthread_wait(struct capsim_sim *s, struct sim_task *p);
/**
 * sim_idle_exit_pending() - whether the idle @rq, woken now, must first leave a state deeper
 * than WFI: the first call arms EV_IDLE_EXIT after the exit latency. Return: true to wait.
 */
bool sim_idle_exit_pending(struct capsim_sim *s, struct sim_rq *rq);
/**
 * sim_idle_tick_wait() - the tick of the idle @rq came: if its CPU is in a state deeper than WFI
 * the tick's interrupt is taken once it is out (EV_IDLE_EXIT runs it). Return: true to wait.
 */
bool sim_idle_tick_wait(struct capsim_sim *s, struct sim_rq *rq);
/**
 * sim_idle_loop_next() - the idle loop after an interrupt of the idle @rq: what it queued runs,
 * else the loop's next iteration selects a state again (and stops or keeps the tick).
 */
void sim_idle_loop_next(struct capsim_sim *s, struct sim_rq *rq);
/**
 * sim_idle_deferred() - after the irq_works ran: the CPUs that idled with one of theirs pending
 * and still have nothing to run enter cpuidle now.
 */
void sim_idle_deferred(struct capsim_sim *s);
/** sim_idle_get_state() - idle_get_state() of @cpu: false for NULL, else its exit latency. */
bool sim_idle_get_state(const struct capsim_sim *s, int cpu, uint32_t *exit_latency);
/** sim_idle_flush() - the run ends: count @rq's idle residency up to now. */
void sim_idle_flush(struct capsim_sim *s, struct sim_rq *rq);
/** sim_idle_leave() - @rq runs a task: count its idle residency. */
void sim_idle_leave(struct capsim_sim *s, struct sim_rq *rq);
/** sim_idle_exit_event() - EV_IDLE_EXIT: @rq is out of its state; pick what to run. */
void sim_idle_exit_event(struct capsim_sim *s, struct sim_rq *rq);

/* ---- sim.c, sim_account.c, sim_scenario.c ------------------------------------------------ */
uint64_t sim_jiffies(const struct capsim_sim *s);
/**
 * sim_fail() - stop the run with @code and a message "WORKLOAD[:LINE]: ..." (@line 0: none);
 * the first failure's message is kept.
 */
void sim_fail(struct capsim_sim *s, int code, unsigned line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void sim_push(struct capsim_sim *s, uint64_t t, enum sim_ev_kind k, uint32_t id, uint32_t gen);
uint32_t sim_delivered_khz(const struct capsim_sim *s, int cpu);
/* The accounting of @rq's CPU brought up to now (sim_account_cpu() by its rq, for its clock). */
void sim_account_rq(struct capsim_sim *s, struct sim_rq *rq);
void sim_account_cpu(struct capsim_sim *s, int cpu);
void sim_set_overutilized(struct capsim_sim *s, bool on);
void sim_refresh_freq_scale(struct capsim_sim *s, int cpu);
/* mirrors amu_scale_freq_tick() at sched_tick() of @cpu (FIE source amu) */
void sim_amu_tick(struct capsim_sim *s, int cpu);
void sim_queue_advance(struct capsim_sim *s, struct sim_rq *rq);
int sim_apply_qos(struct capsim_sim *s, const struct sim_sc_event *e, enum freq_qos_origin origin,
		  capsim_error *err);
/* sim_scenario.c: bring every CPU of @cpus up to now before a change of its limits (!@after),
 * then refresh them (@after) */
void cpus_sync(struct capsim_sim *s, const capsim_cpumask *cpus, bool after);
/* sim_scenario.c: a scenario event now (EV_SCENARIO). Return: 0 or a negative enum capsim_err */
int sim_scenario_event(struct capsim_sim *s, const struct sim_sc_event *e, capsim_error *err);

/* ---- core.c: the core scheduler, calling the task's class ------------------------------- */
void rq_init(struct capsim_sim *s, struct sim_rq *rq, int cpu);
void update_rq_clock(struct capsim_sim *s, struct sim_rq *rq);
/* rq_clock_pelt(): the PELT clock of @rq */
static inline uint64_t rq_clock_pelt(const struct sim_rq *rq)
{
	return pelt_rq_clock_pelt(&rq->clk);
}
/* Work units per wall ns on @rq's CPU: cap_orig x f_delivered / freq_ref as @num / @den. */
static inline void rq_speed_of(const struct sim_rq *rq, uint64_t *num, uint64_t *den)
{
	uint32_t f = rq->delivered_khz ? rq->delivered_khz : 1;

	*num = rq->cap_orig * f;
	*den = rq->freq_ref ? rq->freq_ref : f;
}
/* The speed the CPU work reads (task_progress()), kept at each write of what it is made of:
 * rq_update_curr() and the completion's arm run 1.7 M times a minute of bench (d), the
 * frequency changes 40 k times. Debug builds check it against rq_speed_of() at each read. */
static inline void rq_speed_update(struct sim_rq *rq)
{
	uint64_t den;

	rq_speed_of(rq, &rq->speed_num, &den);
	rq->speed_den = (uint32_t)den; /* freq_ref or delivered_khz: 32 bits */
}
/* rq_update_curr()'s charge of @p, @rq's curr, which ran since its exec_start */
void rq_charge_curr(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p);
/*
 * mirrors update_curr() (fair.c) and update_curr_rt() (rt.c): charge the running task for the
 * time since it last was, and move its work forward at this CPU's delivered speed. Inline: two
 * calls in three find nothing to charge (1.3 M a minute of bench (d)), and return before the
 * charge's register saves.
 */
static inline void rq_update_curr(struct capsim_sim *s, struct sim_rq *rq)
{
	struct sim_task *p = rq->curr;

	if (p && rq->clk.clock > p->exec_start)
		rq_charge_curr(s, rq, p);
}
void update_curr(struct capsim_sim *s, struct sim_rq *rq);
/* enqueue_task(): ENQUEUE_WAKEUP if @wakeup */
void rq_enqueue(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p, bool wakeup);
/* eevdf: the same with EEVDF_ENQUEUE_INITIAL for wake_up_new_task() (@wakeup false) */
void rq_enqueue_flags(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p, bool wakeup,
		      unsigned flags);
/* dequeue_task(): DEQUEUE_SLEEP if @sleep */
void rq_dequeue(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p, bool sleep);
void rq_put_dequeued_curr(struct sim_rq *rq, struct sim_task *p);
void rq_set_curr(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p);
/* __schedule(): rq_pick_next() (the pick, NULL for idle), then rq_put_prev_set_next() */
struct sim_task *rq_pick_next(struct capsim_sim *s, struct sim_rq *rq);
void rq_put_prev_set_next(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *next,
			  bool from_idle);
void rq_resched(struct capsim_sim *s, struct sim_rq *rq);
void rq_check_preempt_wakeup(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p);
/* the same with wake_up_new_task()'s WF_FORK (@wake_flags), which 7.3's fair class reads */
void rq_check_preempt_wakeup_flags(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
				   int wake_flags);
void rq_yield(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p);
bool rq_tick_curr(struct capsim_sim *s, struct sim_rq *rq);
void rq_tick(struct capsim_sim *s, struct sim_rq *rq);
/* tick_nohz_idle_stop_tick(): @rq's CPU idles, its queued tick no longer fires (sim.c) */
void sim_tick_stop(struct sim_rq *rq);
/* the next tick of @rq's CPU while it runs (tick_stopped false): its time on the jiffy grid */
uint64_t sim_tick_next(const struct capsim_sim *s, const struct sim_rq *rq);
/* @rq's tick interrupt now: sched_tick() (an idle CPU's too), then the next tick queued */
void sim_tick_run(struct capsim_sim *s, struct sim_rq *rq);
/* @rq's CPU switches to a task: its tick runs again (tick_nohz_idle_exit()'s restart) */
void sim_tick_start(struct capsim_sim *s, struct sim_rq *rq);
/* rq_signals_changed() - a memo input of @rq's (its struct fair_cpu) moved: its memo goes */
static inline void rq_signals_changed(struct capsim_sim *s, const struct sim_rq *rq)
{
	(void)s;
	if (rq->memo) /* fair_memo_invalidate(&s->rd, rq->cpu) without its look-up */
		fair_memo_forget(rq->memo);
}
void rq_sync_capped(struct capsim_sim *s, struct sim_rq *rq);
/* debug builds: abort if a CPU's memo or idle flags differ from their owners' recomputation */
void rq_check_memos(const struct capsim_sim *s);
/* idle_cpu() of @rq from its owners: nothing runnable, no wake list */
static inline bool rq_view_idle(const struct sim_rq *rq)
{
	return rq->fc->nr_running == 0 && !rq->fc->ttwu_pending;
}
/* sched_idle_cpu() of @rq from its owners: a SCHED_IDLE curr, and only fair tasks runnable */
static inline bool rq_view_sched_idle(const struct sim_rq *rq)
{
	return rq->curr && rq->curr->policy == WL_POLICY_IDLE && rq->fc->nr_running > 0 &&
	       rq->fc->cfs_nr == rq->fc->nr_running;
}
/*
 * rq_sync_time() - after @rq's signals moved with time alone (a PELT update, a tick, a blocked
 * update): the capped model's belief, which moves with time. The idle flags read only counts
 * and curr, which such a path leaves as they were.
 */
static inline void rq_sync_time(struct capsim_sim *s, struct sim_rq *rq)
{
	if (s->opt.model == CAPSIM_MODEL_CAPPED)
		rq_sync_capped(s, rq);
}
/*
 * rq_sync_view() - after a change of @rq's counts or curr: the idle flags the placement code
 * reads, and rq_sync_time(). Most calls follow a switch: inline.
 */
static inline void rq_sync_view(struct capsim_sim *s, struct sim_rq *rq)
{
	rq->fc->idle = rq_view_idle(rq);
	rq->fc->sched_idle = rq_view_sched_idle(rq);
	rq_sync_time(s, rq);
}
void rq_sync_pressure(struct capsim_sim *s, struct sim_rq *rq);
void rq_uclamp_inc(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p);
void rq_uclamp_dec(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p);
void rq_uclamp_requeue(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p);

/**
 * sim_cgroup_index() - the index in s->cgroups of the cgroup at @path, -1 for the root ("/");
 * a taskgroup sim_create() checked is one of the two.
 */
int sim_cgroup_index(const struct capsim_sim *s, const char *path);

/**
 * sim_cgroups_update() - the cpu cgroups' effective clamps s->cgroups from what their
 * cpu.uclamp files hold (s->opt.cgroups) and the sysctls: the root group's
 * (uclamp_update_root_tg()), then each group's from its request and its parent's
 * (cpu_util_update_eff(), parents first), each made as alloc_uclamp_sched_group() makes it.
 * The order the kernel's writes came in does not change the answer.
 */
void sim_cgroups_update(struct capsim_sim *s);
void rq_arm_completion(struct capsim_sim *s, struct sim_rq *rq);
/* Forget the pending completion event of @rq (its curr stopped or changed). */
static inline void rq_cancel_completion(struct sim_rq *rq)
{
	rq->gen++;
	rq->armed_time = 0;
}
uint64_t sched_prio_to_weight(int nice);
/* p->prio: -1 for deadline, 99 - rt_priority for RT, 120 + nice for fair */
static inline int task_prio(const struct sim_task *p)
{
	return task_is_dl(p) ? -1 : task_is_rt(p) ? 99 - p->rt_prio : 120 + p->nice;
}

/* ---- fair.c: the fair class -------------------------------------------------------------- */
/* eevdf: ttwu_runnable(): a delayed @p woken where it is queued (no select_task_rq()) */
void rq_requeue_delayed(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p);
/* eevdf: yield_task_fair() for the running fair task of @rq */
void rq_yield_fair(struct capsim_sim *s, struct sim_rq *rq);
/* eevdf: sysctl_sched_base_slice for this run's CPU count */
uint64_t sim_base_slice_ns(const struct capsim_sim *s);
void fair_put_prev_dequeued(struct capsim_sim *s, struct sim_rq *rq, const struct sim_task *prev);
void rq_update_blocked(struct capsim_sim *s, struct sim_rq *rq);
void task_sync_load_avg(struct capsim_sim *s, struct sim_task *p);
void task_post_init_util(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p);
uint64_t task_util_est_of(const struct sim_task *p);

/* ---- rt.c and deadline.c: rq->avg_rt and rq->avg_dl (1 if it decayed) ------------------- */
int update_rt_rq_load_avg(struct capsim_sim *s, struct sim_rq *rq, int running);
/* sched_rr_timeslice: a SCHED_RR task's time slice in ticks (rt.c) */
uint32_t sched_rr_timeslice(const struct capsim_sim *s);
int update_dl_rq_load_avg(struct capsim_sim *s, struct sim_rq *rq, int running);

/* ---- task_exec.c ------------------------------------------------------------------------- */
int sim_create_tasks(struct capsim_sim *s);
void task_start(struct capsim_sim *s, struct sim_task *p);
void task_advance(struct capsim_sim *s, struct sim_task *p);
/** sim_end_loops() - at the run's end, the loops waiting in a timer's sleep go to the sink. */
void sim_end_loops(struct capsim_sim *s);
/* task_wake() of @p by the task running on @this_cpu */
void task_wake(struct capsim_sim *s, struct sim_task *p, int this_cpu);
/* task_wake() of a wake-up caused at @since (a timer's expiry): the latency counts from it */
void task_wake_since(struct capsim_sim *s, struct sim_task *p, uint64_t since);
void task_cpu_event_done(struct capsim_sim *s, struct sim_task *p);
/* @p ran @delta ns on @rq's CPU: its run's work left shrinks at the CPU's speed */
void task_progress(struct sim_task *p, const struct sim_rq *rq, uint64_t delta);
void task_yield(struct capsim_sim *s, struct sim_task *p);
uint64_t task_time_to_done(const struct capsim_sim *s, const struct sim_task *p,
			   const struct sim_rq *rq);

void sim_task_scenario_event(struct capsim_sim *s, const struct sim_sc_event *e);
void sim_hold_tasks(struct capsim_sim *s);

/* ---- cpufreq_schedutil.c: schedutil ------------------------------------------------------ */
/** sugov_start() - the governor starts on @pol (and creates its kthread, below). */
void sugov_start(struct capsim_sim *s, struct sim_policy *pol);
void cpufreq_update_util(struct capsim_sim *s, int cpu);
/* cpufreq_update_util() with flags (SCHED_CPUFREQ_IOWAIT): an iowait wake-up's update */
void cpufreq_update_util_flags(struct capsim_sim *s, int cpu, unsigned flags);
void sugov_limits(struct capsim_sim *s, struct sim_policy *pol);
void cpufreq_set_cur(struct capsim_sim *s, struct sim_policy *pol, uint32_t khz);

/* ---- cpufreq_schedutil.c: the sugov kthread and the driver's transition it runs ------------ */
/* sugov_kthread_create()'s sched_attr: runtime 1 ms, deadline = period = 10 ms ("fake (unused)
 * bandwidth": a special entity is never throttled); its density is what select_task_rq_dl()
 * reads */
#define SUGOV_DL_RUNTIME_NS NSEC_PER_MSEC
#define SUGOV_DL_DEADLINE_NS (10 * NSEC_PER_MSEC)
/**
 * sugov_kthread_create() - mirrors sugov_kthread_create(): @pol's "sugov:N" (N its first CPU),
 * SCHED_DEADLINE with SCHED_FLAG_SUGOV, bound to the policy's CPUs, asleep on its first CPU.
 * Return: 0 or CAPSIM_ERR_NOMEM.
 */
int sugov_kthread_create(struct sim_policy *pol);
/** sugov_kthread_free() - release @pol's kthread (none: a no-op). */
void sugov_kthread_free(struct sim_policy *pol);
/**
 * sugov_deferred_update() - mirrors sugov_deferred_update(): unless a request already waits,
 * set work_in_progress and raise the irq_work on @cpu (irq_work_queue()). It runs when the
 * CPU's interrupts are on again: before the switch a wake-up asks for, at the end of the tick
 * (sugov_irq_work_run() from core.c), else once the event's scheduler path is over (sim.c, at
 * the same instant): after the switch of a task that blocks.
 */
void sugov_deferred_update(struct capsim_sim *s, struct sim_policy *pol, int cpu);
/**
 * sugov_irq_work_run() - mirrors irq_work_run(): every raised sugov_irq_work() runs now,
 * kthread_queue_work() from the CPU that raised it, which wakes the kthread unless it is in a
 * work.
 */
void sugov_irq_work_run(struct capsim_sim *s);
/**
 * sugov_kthread_run() - the kthread @p is running and has nothing in progress: it goes on with
 * kthread_worker_fn() / sugov_work() / the driver's next step, or sleeps.
 */
void sugov_kthread_run(struct capsim_sim *s, struct sim_task *p);
/** sugov_kthread_spin_done() - EV_CPU_DONE of the kthread @p: its busy wait is over. */
void sugov_kthread_spin_done(struct capsim_sim *s, struct sim_task *p);
/** sugov_kthread_timer() - EV_SUGOV_WORK: @pol's kthread's sleep in the driver ends. */
void sugov_kthread_timer(struct capsim_sim *s, struct sim_policy *pol);
/** sugov_firmware_clock() - EV_SUGOV_CLOCK: the change to @khz @pol's firmware made lands. */
void sugov_firmware_clock(struct capsim_sim *s, struct sim_policy *pol, uint32_t khz);

/* ---- topology.c: the sched domains and groups ------------------------------------------ */
/* load balance over the platform's sched domains */
int sim_balance_init(struct capsim_sim *s);
/* The groups' spans, flags, weights and capacity sums in s->sg, from the CPUs' capacity_of(). */
void sim_sg_init(struct capsim_sim *s);

/* ---- fair_balance.c --------------------------------------------------------------------------- */
int select_task_rq_fair(struct capsim_sim *s, struct sim_task *p, int this_cpu, int wake_flags);
void task_fill_view(const struct capsim_sim *s, const struct sim_task *p, struct fair_task *ft);
void update_misfit_status(struct capsim_sim *s, struct sim_rq *rq);
void check_update_overutilized_status(struct capsim_sim *s, struct sim_rq *rq);
void sim_cfs_tasks_add(struct capsim_sim *s, struct sim_task *p);
/*
 * struct sd_walk - what a walk up a CPU's domains (sched_balance_newidle(),
 * sched_balance_domains()) keeps between its sched_balance_rq() passes: room for two levels'
 * statistics, and @child, those of level @level when that pass moved nothing after reading
 * them (NULL: none), which the pass of level @level + 1 takes as its local group's. A walk
 * clears @child at its start; each pass writes its statistics before it reads them.
 */
struct sd_walk {
	struct lb_sd_stats sds[2];
	const struct lb_sd_stats *child;
	unsigned level;
};
/* sched_balance_rq() of CPU @cpu over its domain @sdi (its rq->sd[] index) in walk @w: tasks
 * moved */
unsigned sched_balance_rq(struct capsim_sim *s, int cpu, unsigned sdi, enum lb_idle idle,
			  bool *continue_balancing, struct sd_walk *w);
/* What a nohz kick asks the idle balancer for (NOHZ_*_KICK, kernel/sched/sched.h). */
enum {
	NOHZ_BALANCE_KICK = 1,
	NOHZ_STATS_KICK = 2,
	NOHZ_NEXT_KICK = 4,
};
/* _nohz_idle_balance() for the idle CPUs, from the ILB @this_rq, for @flags (NOHZ_*_KICK) */
void nohz_idle_balance(struct capsim_sim *s, const struct sim_rq *this_rq, unsigned flags);
/* idle_cpu(): the idle task runs, nothing is queued, no wake-up on its wake list */
bool lb_idle_cpu(const struct capsim_sim *s, int cpu);

/* ---- fair_balance_domains.c: when balancing runs -------------------------------------------- */
void sched_balance_trigger(struct capsim_sim *s, struct sim_rq *rq);
void sched_balance_domains(struct capsim_sim *s, struct sim_rq *rq, enum lb_idle idle);
void nohz_balancer_kick(struct capsim_sim *s, struct sim_rq *rq);
void sched_balance_newidle(struct capsim_sim *s, struct sim_rq *rq);
void nohz_run_idle_balance(struct capsim_sim *s, struct sim_rq *rq);
void update_rq_avg_idle(struct sim_rq *rq);
void ttwu_update_avg_idle(const struct capsim_sim *s, struct sim_rq *rq);
/* the stated cost model: the time a newidle pass over CPU @rq's domain @sdi takes, ns */
uint64_t newidle_lb_cost(const struct capsim_sim *s, const struct sim_rq *rq, unsigned sdi);
/* Group @gi's sgc capacity sums, from its CPUs' capacity_of(). */
void sg_sum_capacity(struct capsim_sim *s, unsigned gi);
/* debug builds: abort if a group's kept capacity sums differ from its CPUs' capacity_of() */
void sg_check_capacity(const struct capsim_sim *s);
/*
 * What sched_balance_rq() hands model/load_balance.c: lb_env_rqs() the runqueues @env reads in
 * place (s->rd, and idle_cpu() of s->rq, a newly idle dst_cpu not idle yet); lb_env_groups()
 * domain @d's groups in place (s->sg), the ring from its @local-th, with their sgc (the sum,
 * min and max of capacity_of()); lb_cfs_tasks() the least recently run LB_NR_MIGRATE fair tasks
 * of @src, head first, as a balance to @dst sees them (return: how many). Also callable on a
 * state written by hand (kernel-check).
 */
void lb_env_rqs(const struct capsim_sim *s, struct lb_env *env);
void lb_env_groups(const struct capsim_sim *s, const struct sd_domain *d, unsigned local,
		   struct lb_env *env);
unsigned lb_cfs_tasks(struct capsim_sim *s, int src, int dst, struct sim_task **tasks,
		      struct lb_task *view, unsigned *order);
/* find_new_ilb() for a kick from @rq: the first CPU in nohz mode, other than @rq's, idle; -1 */
int find_new_ilb(const struct capsim_sim *s, const struct sim_rq *rq);

/* ---- fair_queue.c ------------------------------------------------------------------------ */
/* the rq lists (rq_next/rq_prev) in queue order, O(1) both ways */
void task_list_append(struct sim_task **head, struct sim_task **tail, struct sim_task *p);
void task_list_prepend(struct sim_task **head, struct sim_task **tail, struct sim_task *p);
void task_list_remove(struct sim_task **head, struct sim_task **tail, struct sim_task *p);
void nohz_balance_enter_idle(struct capsim_sim *s, struct sim_rq *rq);
void update_cpu_capacity(struct capsim_sim *s, int cpu);
void migrate_task(struct capsim_sim *s, struct sim_task *p, int dst, bool misfit);
void detach_task(struct capsim_sim *s, struct sim_task *p, int dst, bool misfit);
void attach_task(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p);
void set_task_max_allowed_capacity(struct capsim_sim *s, struct sim_task *p);
void sim_move_running(struct capsim_sim *s, struct sim_task *p);
int task_first_allowed(const struct capsim_sim *s, const struct sim_task *p, int from);

/* ---- deadlock.c ------------------------------------------------------------------------- */
/**
 * deadlock_check() - after task @p (NULL: none) started waiting on a resource, or a task
 * exited: a wait-for cycle of mutexes through @p, or every live task waiting on a resource,
 * stops a run without a duration (sim_fail) and is a warning (s->warning) with one.
 */
void deadlock_check(struct capsim_sim *s, const struct sim_task *p);

/* ---- sim_stats.c ------------------------------------------------------------------------- */
/*
 * task_add_cpu_time()'s change of CPU: the time on the last one into the by-CPU list, then
 * @ns on @cpu. noinline: rq_charge_curr() tail-calls it and its own path saves no registers.
 */
void task_add_cpu_time_moved(struct sim_task *p, int cpu, uint64_t ns);
/* @p ran @ns on @cpu: its time there, kept aside until it changes CPU (task_flush_cpu_time()) */
static inline void task_add_cpu_time(struct sim_task *p, int cpu, uint64_t ns)
{
	if (__builtin_expect(cpu == p->st.cur_cpu, 1))
		p->st.cur_ns += ns;
	else
		task_add_cpu_time_moved(p, cpu, ns);
}
/** sim_kthread_busy_ns() - the time @cpu's policy's sugov kthread ran on @cpu so far. */
uint64_t sim_kthread_busy_ns(const struct capsim_sim *s, unsigned cpu);
void task_flush_cpu_time(struct sim_task *p);
void task_record_latency(struct sim_task *p, uint64_t ns);
uint64_t task_latency_percentile(const struct sim_task *p, unsigned pct);

#endif /* CAPSIM_SIM_H */
