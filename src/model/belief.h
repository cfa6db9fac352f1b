/* SPDX-License-Identifier: MIT */
/*
 * belief.h - what the scheduler believes about each CPU's capacity as time passes, under each
 * kernel model (enum capsim_model). The pressure sources (a policy's resolved max, a cooling
 * device's frequency, a HW throttle) come in as events; each model turns them into the per-CPU
 * inputs the placement functions read (struct belief_view: the same fields as a placement case
 * line): arch capacity, cpufreq pressure, the PELT average of HW pressure (v6.10+) or thermal
 * pressure and its average (v6.9).
 *
 *   v6.9    cooling devices and HW throttling both write thermal pressure
 *           (arch_update_thermal_pressure, last writer wins); PELT on rq_clock_task >> shift;
 *           policy->max caps are invisible.
 *   v6.10   cpufreq pressure from policy->max at once; HW pressure PELT-averaged on the task
 *           clock at the tick, on the PELT clock in the blocked-load path.
 *   latest  v6.10 + 84d265281d6c (task clock in the blocked path too) + the 7.3 cpufreq-pressure
 *           fallback to the driver's ->scale_freq_ref() + capacity_freq_ref defaulting to 0.
 *   capped  v6.10, but a policy->max cap held for the threshold lowers the CPU's maximum
 *           capacity instead of counting as pressure (docs/model.md, "The capped model").
 *   none    always the original capacity.
 */
#ifndef CAPSIM_BELIEF_H
#define CAPSIM_BELIEF_H

#include <stdint.h>

#include "capsim/capsim.h"

struct capsim_platform;

#define BELIEF_DEFAULT_CAPPED_THRESHOLD_NS CAPSIM_NSEC_PER_SEC
#define BELIEF_MAX_DECAY_SHIFT 10
#define BELIEF_WINDOW_MAX 64

/*
 * A CPU as the pressure code sees it.
 * @cap_orig:        arch_scale_cpu_capacity()
 * @freq_ref:        arch_scale_freq_ref() = capacity_freq_ref, kHz (0: the arch has none, x86)
 * @cpuinfo_max:     policy->cpuinfo.max_freq, kHz
 * @scale_freq_ref:  what the driver's ->scale_freq_ref() returns (7.3; 0: no callback)
 */
struct belief_cpu_params {
	uint64_t cap_orig;
	uint32_t freq_ref;
	uint32_t cpuinfo_max;
	uint32_t scale_freq_ref;
};

struct belief_params {
	enum capsim_model model;
	unsigned decay_shift;          /* v6.9 sched_thermal_decay_shift, 0..10 */
	uint64_t capped_threshold_ns;  /* capped: how long a cap must be held */
};

/* one step of the capped model's capacity-level history: @level held over [@start, @end) */
struct belief_level {
	uint64_t start, end;
	uint64_t level;
};

struct belief_cpu {
	struct belief_cpu_params p;
	uint64_t cpufreq_pressure;     /* v6.10+: per_cpu(cpufreq_pressure) */
	uint64_t hw_pressure;          /* v6.10+: per_cpu(hw_pressure) */
	uint64_t thermal_pressure;     /* v6.9: per_cpu(thermal_pressure) */
	struct capsim_sched_avg avg;   /* rq->avg_hw (v6.10+) or rq->avg_thermal (v6.9) */
	uint64_t level;                /* capped: capacity policy->max allows now */
	struct belief_level window[BELIEF_WINDOW_MAX]; /* capped: decreasing levels, oldest first */
	unsigned nr_window;
	uint32_t version;              /* capsim: bumped by each write that may move belief_view() */
};

/* The per-CPU inputs of the placement functions, as one model sees them now. */
struct belief_view {
	uint64_t arch_cap;         /* capacity_orig: the capped max under `capped` */
	uint64_t cpufreq_pressure; /* cpufreq_get_pressure() */
	uint64_t hw_load_avg;      /* hw_load_avg() */
	uint64_t thermal_pressure; /* v6.9 arch_scale_thermal_pressure() */
	uint64_t thermal_load_avg; /* v6.9 thermal_load_avg() */
	uint64_t actual_cap;       /* v6.10+ get_actual_cpu_capacity(); v6.9 arch - thermal */
};

struct belief {
	struct belief_params p;
	struct belief_cpu *cpus;
	unsigned nr_cpus;
	/* called for each pressure write: "hw_pressure_update" or "thermal_pressure_update", on
	 * the first CPU @cpu of the @cpus written */
	void *trace_ctx;
	void (*trace)(void *ctx, const char *event, const capsim_cpumask *cpus, unsigned cpu,
		      uint64_t pressure);
};

struct capsim_platform;

/**
 * belief_create() - @nr_cpus CPUs described by @cpus, believed under @p.
 * Return: 0, or CAPSIM_ERR_RANGE (decay shift above 10, zero threshold, capacity 0 or above
 * 1024) with @err saying which.
 */
int belief_create(const struct belief_params *p, const struct belief_cpu_params *cpus,
		  unsigned nr_cpus, struct belief **out, capsim_error *err);

/** belief_free() - NULL is a no-op. */
void belief_free(struct belief *b);

/**
 * belief_set_policy_max() - cpufreq_set_policy() resolved policy->max = @max_khz for the policy
 * spanning @cpus (first CPU first) at @now_ns: the cpufreq-pressure update of each model.
 */
void belief_set_policy_max(struct belief *b, const capsim_cpumask *cpus, uint32_t max_khz,
			   uint64_t now_ns);

/**
 * belief_cooling_freq() - a cpufreq cooling device on @cpus moved to @freq_khz: before 6.10 it
 * also called arch_update_thermal_pressure(); since then its cap arrives through policy->max.
 */
void belief_cooling_freq(struct belief *b, const capsim_cpumask *cpus, uint32_t freq_khz);

/**
 * belief_hw_cap() - firmware throttled @cpus to @capped_khz (qcom LMh: arch_update_hw_pressure
 * since 6.10, arch_update_thermal_pressure before). Lifting the cap is a call with a capped
 * frequency at or above the reference.
 */
void belief_hw_cap(struct belief *b, const capsim_cpumask *cpus, uint32_t capped_khz);

/**
 * belief_write_pressure() - the per-CPU writes of topology_update_{hw,thermal}_pressure():
 * @pressure (capacity units, as its trace event prints it) to every CPU of @cpus, into
 * thermal_pressure if @thermal, else hw_pressure. What a traced hw_pressure_update /
 * thermal_pressure_update replays.
 */
void belief_write_pressure(struct belief *b, const capsim_cpumask *cpus, uint64_t pressure,
			   int thermal);

/**
 * belief_tick() - sched_tick() on @cpu at rq_clock_task = @clock_task: the pressure sample
 * update_hw_load_avg / update_thermal_load_avg takes.
 * Return: 1 if the average was recomputed (the PELT "decayed"), else 0.
 */
int belief_tick(struct belief *b, unsigned cpu, uint64_t clock_task);

/**
 * belief_blocked_update() - __update_blocked_others() / update_other_load_avgs() on @cpu: the
 * same sample, on the clock the model's kernel uses on that path.
 * Return: 1 if the average was recomputed (it adds to the path's "decayed"), else 0.
 */
int belief_blocked_update(struct belief *b, unsigned cpu, uint64_t clock_task,
			  uint64_t clock_pelt);

/** belief_view() - the placement inputs of @cpu at @now_ns. */
struct belief_view belief_view(const struct belief *b, unsigned cpu, uint64_t now_ns);

/*
 * belief_version() - a number that changes whenever belief_view() of @cpu may give another
 * answer, but for time alone: the capped model's held maximum also moves as its window ages.
 */
static inline uint32_t belief_version(const struct belief *b, unsigned cpu)
{
	return b->cpus[cpu].version;
}

/*
 * A CPU's pressure signals as the model keeps them (what the trace's counters carry), with
 * actual_cap = cap_orig - max(hw_load_avg, cpufreq_pressure) under v6.10 and later (capped
 * included: its held maximum is what the window took of the same signals), and
 * cap_orig - thermal_pressure under v6.9 (util_fits_cpu()'s and feec's capacity; capacity_of()
 * uses thermal_load_avg). Under `none` only hw_pressure is kept and actual_cap = cap_orig.
 */
struct belief_signals {
	uint64_t cap_orig;
	uint64_t hw_pressure;      /* v6.10+ (and none): per_cpu(hw_pressure) */
	uint64_t hw_load_avg;      /* v6.10+: hw_load_avg() */
	uint64_t cpufreq_pressure; /* v6.10+: per_cpu(cpufreq_pressure) */
	uint64_t thermal_pressure; /* v6.9: per_cpu(thermal_pressure) */
	uint64_t thermal_load_avg; /* v6.9: thermal_load_avg() */
	uint64_t actual_cap;       /* belief_view()'s */
};

/** belief_signals() - @cpu's pressure signals at @now_ns. */
struct belief_signals belief_signals(const struct belief *b, unsigned cpu, uint64_t now_ns);

/** belief_cpufreq_pressure() - mirrors cpufreq_update_pressure()'s formula per model. */
uint64_t belief_cpufreq_pressure(enum capsim_model model, const struct belief_cpu_params *c,
				 uint32_t policy_max);

/** belief_capped_pressure() - mirrors topology_update_{hw,thermal}_pressure()'s formula. */
uint64_t belief_capped_pressure(const struct belief_cpu_params *c, uint32_t capped_freq);

/** belief_cpu_params_of() - @cpu of platform @p as the pressure code sees it. */
struct belief_cpu_params belief_cpu_params_of(const struct capsim_platform *p, unsigned cpu);

/** belief_default_freq_ref() - capacity_freq_ref before cpufreq sets it: 1, or 0 (latest). */
uint32_t belief_default_freq_ref(enum capsim_model model);

#endif /* CAPSIM_BELIEF_H */
