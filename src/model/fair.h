/* SPDX-License-Identifier: MIT */
/*
 * fair.h - the wake-up placement functions of CFS/EAS, as kernel/sched/fair.c (v6.12, the 6.10+
 * "actual capacity" form) writes them: util_fits_cpu(), select_idle_capacity(),
 * find_energy_efficient_cpu() with compute_energy() and the eenv_* helpers, cpu_util(),
 * effective_cpu_util(), and schedutil's sugov_effective_cpu_perf().
 *
 * They read a snapshot of the root domain (struct fair_rd): per-CPU signals (struct fair_cpu),
 * the perf domains with their Energy Model tables in rd->pd list order (build them from a
 * platform with build_perf_domains(), src/model/perf_domain.h), and the kernel model
 * that decides which capacity each site believes (src/model/model.h). The waking task is a struct
 * fair_task. `capsim place` and the simulator's wake-up path both call these functions; they
 * never allocate, print or fail, and are deterministic.
 *
 * Kernel `unsigned long` is uint64_t here (LP64) and `long` is int64_t, so every wrap-around,
 * lsub_positive() saturation and signed/unsigned comparison behaves as in the kernel.
 *
 * Simplifications (docs/model.md, "Placement"): every CPU is online; the asymmetric-capacity
 * domain (sd_asym_cpucapacity) spans all CPUs and has no parent; the task is waking (not queued,
 * not current) and its PELT signals are already synced; sched_feat(UTIL_EST) is on.
 */
#ifndef CAPSIM_FAIR_H
#define CAPSIM_FAIR_H

#include <stdbool.h>
#include <stdint.h>

#include "capsim/capsim.h"
#include "model/energy_model.h"

/* mirrors UTIL_AVG_UNCHANGED, include/linux/sched.h: flag bit inside the 32-bit util_est */
#define UTIL_AVG_UNCHANGED 0x80000000u
/* mirrors BW_SHIFT, kernel/sched/sched.h: dl running_bw is a 2^20 fixed-point fraction */
#define BW_SHIFT 20

/*
 * struct fair_cpu - what the placement code and the load balance (model/load_balance.c) read
 * of one CPU's runqueue (kernel accessor in brackets). All capacities and utils are out of
 * SCHED_CAPACITY_SCALE (1024). In the simulator this is the runqueue's own state, not a copy:
 * the engine updates the PELT signals, util_est, rq clamps, task counts, RT count, misfit load
 * and capacity_of here in place (struct sim_rq's fc), and the model's belief writes the
 * pressures (src/sim/sim_pressure.c).
 */
struct fair_cpu {
	uint64_t arch_cap;         /* [arch_scale_cpu_capacity(cpu)], 1..1024 */
	uint64_t capacity_of;      /* [rq->cpu_capacity] cached CFS capacity (scale_rt_capacity) */
	struct capsim_sched_avg cfs_avg; /* [rq->cfs.avg], incl. blocked util of sleepers */
	uint32_t util_est_cfs;     /* [rq->cfs.avg.util_est] (unsigned int in the kernel) */
	unsigned rt_nr_running;    /* [rq->rt.rt_nr_running] */
	struct capsim_sched_avg avg_rt; /* [rq->avg_rt] */
	struct capsim_sched_avg avg_dl; /* [rq->avg_dl] */
	uint64_t util_irq;         /* [rq->avg_irq.util_avg] */
	uint64_t dl_running_bw;    /* [rq->dl.running_bw], BW_SHIFT units */
	/* pressure, 6.10+ (read by CAPSIM_MODEL_V6_10 / LATEST) */
	uint64_t hw_load_avg;      /* [hw_load_avg(rq)]: PELT-filtered HW pressure */
	uint64_t cpufreq_pressure; /* [cpufreq_get_pressure(cpu)]: instantaneous policy->max cap */
	/* pressure, pre-6.10 (read by CAPSIM_MODEL_V6_9) */
	uint64_t thermal_pressure; /* [arch_scale_thermal_pressure(cpu)]: instantaneous */
	uint64_t thermal_load_avg; /* [thermal_load_avg(rq)]: its PELT average */
	uint64_t uclamp_min_rq;    /* [uclamp_rq_get(rq, UCLAMP_MIN)] */
	uint64_t uclamp_max_rq;    /* [uclamp_rq_get(rq, UCLAMP_MAX)] */
	unsigned nr_running;       /* [rq->nr_running], including curr */
	unsigned cfs_nr;           /* [rq->cfs.h_nr_runnable]: queued fair tasks, not delayed */
	unsigned cfs_delayed;      /* [rq->cfs.h_nr_delayed]: queued, not runnable (in nr_running
				    * and the load weight) */
	unsigned ttwu_pending;     /* [rq->ttwu_pending]: tasks on its wake list */
	uint64_t misfit_task_load; /* [rq->misfit_task_load] */
	bool idle;                 /* [available_idle_cpu(cpu)] */
	bool sched_idle;           /* [sched_idle_cpu(cpu)]: only SCHED_IDLE tasks runnable */
	bool uclamp_idle;          /* [uclamp_rq_is_idle(rq)]: UCLAMP_FLAG_IDLE */
};

/*
 * struct fair_task - the waking task p. uclamp values are the effective ones
 * (uclamp_eff_value()); min > max is allowed, as the kernel allows it.
 */
struct fair_task {
	uint64_t util;       /* [p->se.avg.util_avg] */
	uint64_t runnable;   /* [p->se.avg.runnable_avg] */
	uint32_t util_est;   /* [p->se.avg.util_est] raw: may carry UTIL_AVG_UNCHANGED (6.1: .enqueued) */
	uint32_t util_est_ewma; /* [p->se.avg.util_est.ewma] of 6.1; 0 from v6.8 on */
	uint64_t uclamp_min; /* [uclamp_eff_value(p, UCLAMP_MIN)] */
	uint64_t uclamp_max; /* [uclamp_eff_value(p, UCLAMP_MAX)] */
	int prev_cpu;        /* [task_cpu(p)], 0..nr_cpus-1 */
	capsim_cpumask allowed; /* [p->cpus_ptr] */
	bool idle_policy;    /* [task_has_idle_policy(p)]: SCHED_IDLE */
};

/*
 * struct fair_memo - what one CPU asks for on its own (capsim, no kernel counterpart): the
 * effective_cpu_util() busy time of its cpu_util_cfs(), the performance schedutil's
 * sugov_get_util() asks for (v6.1: 6.1's, effective_cpu_util(FREQUENCY_UTIL) before the
 * headroom), and cpu_overutilized(). A cache of its struct fair_cpu (and of
 * the rd's uclamp_used), filled by the first reader after a change: whoever writes one of
 * them calls fair_memo_invalidate(). fair_memo_check() tells a stale one.
 */
struct fair_memo {
	bool busy_valid, perf_valid; /* each filled by its own first reader */
	bool overutilized_valid;
	bool overutilized;
	uint64_t busy, perf;
};

/*
 * struct fair_rd - the root domain a wake-up looks at.
 * @model:       which capacity each site believes (src/model/model.h).
 * @uclamp_used: [uclamp_is_used()], the sched_uclamp_used static key.
 * @cpus:        @nr_cpus CPUs, index = CPU number.
 * @pds:         @nr_pds perf domains indexed by pd id; pds[i].cpus is its span.
 * @pd_order:    [rd->pd] the pd ids in list order (build_perf_domains() prepends, so usually
 *               highest CPU numbers first); feec visits pds in this order.
 * @memo:        NULL, or @nr_cpus memos: a cache (struct fair_memo) that the readers, which
 *               take the rd const, fill; whoever changes cpus[c] (or @uclamp_used) must call
 *               fair_memo_invalidate() for it.
 */
struct fair_rd {
	enum capsim_model model;
	bool uclamp_used;
	unsigned nr_cpus;
	const struct fair_cpu *cpus;
	unsigned nr_pds;
	const struct em_perf_domain *pds;
	const unsigned *pd_order;
	struct fair_memo *memo;
};

/* fair_memo_forget() - the signals of @m's CPU changed: each of its fields is evaluated again
 * by its next reader (a writer that holds its CPU's memo calls it directly) */
static inline void fair_memo_forget(struct fair_memo *m)
{
	m->busy_valid = m->perf_valid = false;
	m->overutilized_valid = false;
}

/* fair_memo_invalidate() - @cpu's signals changed (-1: every CPU's, or the rd's): its memo
 * is evaluated again by its next reader */
static inline void fair_memo_invalidate(struct fair_rd *rd, int cpu)
{
	if (!rd->memo)
		return;
	if (cpu >= 0) {
		fair_memo_forget(&rd->memo[cpu]);
		return;
	}
	for (unsigned c = 0; c < rd->nr_cpus; c++)
		fair_memo_invalidate(rd, (int)c);
}

/**
 * fair_memo_check() - whether @cpu's memo, where valid, equals what its struct fair_cpu gives
 * now (a missing fair_memo_invalidate() leaves it stale). Return: NULL, or the stale field.
 */
const char *fair_memo_check(const struct fair_rd *rd, int cpu);

/* --- utilization ------------------------------------------------------------------------- */

/** task_util_est() - max(util_avg, util_est without UTIL_AVG_UNCHANGED). Mirrors fair.c. */
uint64_t task_util_est(const struct fair_task *p);

/**
 * cpu_util() - CFS util of @cpu if @p (may be NULL) were moved to @dst_cpu (-1: nowhere), with
 * runnable_avg when @boost; at most arch capacity. @p must not be NULL when @dst_cpu >= 0
 * (as in the kernel). Mirrors cpu_util(), fair.c.
 */
uint64_t cpu_util(const struct fair_rd *rd, int cpu, const struct fair_task *p, int dst_cpu,
		  int boost);

/**
 * effective_cpu_util() - @util_cfs plus RT, DL and IRQ, and (when @min / @max are not NULL)
 * the performance bounds from DL bandwidth, IRQ and rq uclamp. Mirrors effective_cpu_util(),
 * fair.c (6.8+ signature).
 */
uint64_t effective_cpu_util(const struct fair_rd *rd, int cpu, uint64_t util_cfs, uint64_t *min,
			    uint64_t *max);

/* mirrors lsub_positive(), fair.c: *a -= min(*a, b) */
static inline void lsub_positive(uint64_t *a, uint64_t b)
{
	*a -= *a < b ? *a : b;
}

/* mirrors map_util_perf(), include/linux/sched/cpufreq.h: 1.25 DVFS headroom */
static inline uint64_t map_util_perf(uint64_t util)
{
	return util + (util >> 2);
}

/** sugov_effective_cpu_perf() - the perf level schedutil asks for. Mirrors cpufreq_schedutil.c. */
uint64_t sugov_effective_cpu_perf(uint64_t actual, uint64_t min, uint64_t max);

/** cpu_util_cfs() - cpu_util(rd, cpu, NULL, -1, 0). Mirrors fair.c. */
uint64_t cpu_util_cfs(const struct fair_rd *rd, int cpu);

/**
 * sched_cpu_util() - effective_cpu_util(cpu, cpu_util_cfs(cpu), NULL, NULL): CFS util with its
 * util_est, plus RT, DL and IRQ, at most the capacity. What the cpufreq cooling device's
 * get_load() reads. Mirrors sched_cpu_util(), fair.c (6.12; 6.1's, core.c with ENERGY_UTIL,
 * is the same sum).
 */
uint64_t sched_cpu_util(const struct fair_rd *rd, int cpu);

/**
 * sugov_get_util() - the perf @cpu asks schedutil for: boosted CFS util through
 * effective_cpu_util() and the rq clamps. Mirrors cpufreq_schedutil.c (from the memo).
 */
uint64_t sugov_get_util(const struct fair_rd *rd, int cpu);

/**
 * sugov_get_util_boost() - sugov_get_util() with schedutil's iowait @boost (capacity units):
 * the effective utilization is raised to it before the dvfs headroom and clamps. 0: no boost.
 * Under a model_sugov_clamp_before_headroom() model (v6.1): 6.1's sugov_get_util() and
 * sugov_iowait_apply(), the clamped util (and clamped boost) without the headroom, which that
 * model's get_next_freq() adds (struct sugov_state::headroom_in_freq).
 */
uint64_t sugov_get_util_boost(const struct fair_rd *rd, int cpu, uint64_t boost);

/**
 * uclamp_rq_is_capped() - mirrors uclamp_rq_is_capped(): uclamp is used, the rq's uclamp_max
 * is below 1024 and its CFS + RT utilization reaches it.
 */
bool uclamp_rq_is_capped(const struct fair_rd *rd, int cpu);

/* --- capacity and fitness ------------------------------------------------------------------ */

/**
 * actual_cpu_capacity() - the capacity @cpu's model believes it can deliver now, as util_fits_cpu
 * compares it with uclamp_min: 6.10+ get_actual_cpu_capacity() (arch - max(hw_load_avg,
 * cpufreq_pressure)); v6.9 arch - instantaneous thermal pressure. See src/model/model.h.
 */
uint64_t actual_cpu_capacity(const struct fair_rd *rd, int cpu);

/**
 * scale_rt_capacity() - the CFS capacity left after RT, DL and IRQ (and, in v6.9, thermal
 * load): what update_cpu_capacity() caches in capacity_of(). Never 0. Mirrors fair.c.
 */
uint64_t scale_rt_capacity(const struct fair_rd *rd, int cpu);

/**
 * util_fits_cpu() - 1 if @util with clamps [@uclamp_min, @uclamp_max] fits @cpu, 0 if not, -1 if
 * it fits but uclamp_min exceeds the capacity the CPU can deliver. Mirrors fair.c.
 */
int util_fits_cpu(const struct fair_rd *rd, uint64_t util, uint64_t uclamp_min,
		  uint64_t uclamp_max, int cpu);

/** task_fits_cpu() - util_fits_cpu() of p's util_est and clamps is 1 (-1 does not count). */
bool task_fits_cpu(const struct fair_rd *rd, const struct fair_task *p, int cpu);

/**
 * cpu_overutilized() - the CPU's CFS util with its rq clamps does not fit (0); -1 does not
 * count. Mirrors cpu_overutilized(), fair.c (6.10..7.0), with EAS enabled.
 */
bool cpu_overutilized(const struct fair_rd *rd, int cpu);

/* --- wake-up placement --------------------------------------------------------------------- */

/* select_idle_capacity()'s @nr_idle_scan without sd->shared: no SIS_UTIL limit */
#define SIS_NO_SHARED (-1)

/**
 * select_idle_capacity() - the first idle CPU (from @target, wrapping) that @p fits fully; else
 * the idle CPU that fits best (-1 before 0) with the highest capacity; -1 if no allowed CPU is
 * idle. Mirrors select_idle_capacity(), fair.c (non-SMT): 6.12 scans every CPU; 7.3
 * (model_placement_7_3()) looks at no more than @nr_idle_scan CPUs (nr = nr_idle_scan + 1,
 * --nr <= 0 before each), sd->shared->nr_idle_scan of the domain (SIS_NO_SHARED: none, no
 * limit), takes a CPU running only SCHED_IDLE tasks only for a wakee that is not SCHED_IDLE
 * (choose_idle_cpu()) and ranks by its ASYM_IDLE_* values.
 */
int select_idle_capacity(const struct fair_rd *rd, const struct fair_task *p, int target,
			 int nr_idle_scan);

/* Why find_energy_efficient_cpu() returned. */
enum feec_exit {
	FEEC_EXIT_COMPLETE = 0,     /* every pd was considered */
	FEEC_EXIT_NO_TASK_UTIL = 1, /* task_util_est == 0 and no uclamp_min: prev_cpu */
	FEEC_EXIT_UTIL_CHANGED = 2, /* an energy fell below its pd's base: prev_cpu at once */
	FEEC_EXIT_NO_DOMAIN = 3,    /* no pd list: -1 */
};

/* One compute_energy() call (the kernel's sched_compute_energy_tp tracepoint, plus the pd). */
struct feec_energy_call {
	unsigned pd;       /* pd id */
	int dst_cpu;       /* -1: base energy without p */
	uint64_t energy;
	uint64_t max_util;
	uint64_t busy_time;
};

/* One util_fits_cpu() call inside feec, with the clamps it was given. */
struct feec_fits_call {
	int cpu;
	uint64_t util, uclamp_min, uclamp_max;
	int fits;
};

/* The decision state feec carries across perf domains (its locals, kept for explanations). */
struct feec_decision {
	uint64_t prev_delta, best_delta;           /* UINT64_MAX: not evaluated */
	int prev_fits, best_fits;                  /* -1 also when there is no candidate */
	uint64_t prev_actual_cap, best_actual_cap;
	int best_energy_cpu;                       /* -1: none recorded */
};

/*
 * struct feec_trace - optional record of one find_energy_efficient_cpu() run, for `capsim
 * place` and tests (the simulator passes NULL). Fixed arrays: at most 3 energy calls per pd
 * (base, prev, max-spare CPU) and one fits call per CPU.
 */
struct feec_trace {
	enum feec_exit exit;
	struct feec_decision decision;
	unsigned nr_calls;
	struct feec_energy_call calls[3 * CAPSIM_MAX_CPUS];
	unsigned nr_fits;
	struct feec_fits_call fits[CAPSIM_MAX_CPUS];
};

/*
 * struct energy_env - per-wake-up energy estimation state (mirrors struct energy_env, fair.c).
 * @cpu_cap / @pd_cap are the model's capacity of the pd's first CPU, once and times the pd size.
 */
struct energy_env {
	uint64_t task_busy_time;
	uint64_t pd_busy_time;
	uint64_t cpu_cap;
	uint64_t pd_cap;
	/* capsim: the pd's highest and second-highest perf request without p, and whose */
	uint64_t perf_top, perf_second;
	int perf_top_cpu;
};

/** eenv_task_busy_time() - p's busy time, scaled by prev_cpu's IRQ. Mirrors fair.c. */
void eenv_task_busy_time(const struct fair_rd *rd, struct energy_env *eenv,
			 const struct fair_task *p, int prev_cpu);
/**
 * eenv_pd_busy_time() - busy time of pd @pd_id without p, at most pd_cap (and the perf requests
 * eenv_pd_max_util() reads). Mirrors fair.c.
 */
void eenv_pd_busy_time(const struct fair_rd *rd, struct energy_env *eenv, unsigned pd_id,
		       const struct fair_task *p);
/**
 * eenv_pd_max_util() - highest requested perf of pd @pd_id with p on @dst_cpu; call
 * eenv_pd_busy_time() for the pd first, as the kernel's feec does. Mirrors fair.c.
 */
uint64_t eenv_pd_max_util(const struct fair_rd *rd, const struct energy_env *eenv, unsigned pd_id,
			  const struct fair_task *p, int dst_cpu);
/**
 * compute_energy() - energy of pd @pd_id with p on @dst_cpu (-1: without p), after
 * eenv_pd_busy_time() for the pd. Mirrors fair.c.
 */
uint64_t compute_energy(const struct fair_rd *rd, const struct energy_env *eenv, unsigned pd_id,
			const struct fair_task *p, int dst_cpu, struct feec_trace *trace);

/**
 * find_energy_efficient_cpu() - the CPU where @p costs the least energy among those where it
 * fits best, else p->prev_cpu (even if not allowed, as in the kernel); -1 without perf domains.
 * @trace (may be NULL) records every energy and fits evaluation. Mirrors fair.c, v6.12 (and
 * 7.3); the v6.1 model's energy estimate is 6.1's (model_em_energy_6_1()).
 */
int find_energy_efficient_cpu(const struct fair_rd *rd, const struct fair_task *p,
			      struct feec_trace *trace);

#endif /* CAPSIM_FAIR_H */
