// SPDX-License-Identifier: MIT
/*
 * fair.c - wake-up placement on asymmetric-capacity systems: how CFS decides whether a task fits
 * a CPU (util_fits_cpu), which idle CPU it takes (select_idle_capacity) and, with Energy Aware
 * Scheduling, which CPU costs the least energy (find_energy_efficient_cpu). Mirrors
 * kernel/sched/fair.c, kernel/sched/sched.h and kernel/sched/cpufreq_schedutil.c of v6.12 (the
 * same text through 7.3 on these paths but select_idle_capacity()). Where pressure enters,
 * src/model/model.c says what the model believes; everything else is the kernel's arithmetic
 * on unsigned long (uint64_t here).
 */
#include <limits.h>

#include "model/fair.h"
#include "internal.h"
#include "model/model.h"
#include "model/util_est.h"

static inline uint64_t max_u64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

static inline uint64_t min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

/* mirrors fits_capacity(), fair.c: util fits with a ~20% margin */
static inline int fits_capacity(uint64_t util, uint64_t max)
{
	return util * 1280 < max * 1024;
}

/*
 * mirrors scale_irq_capacity(), kernel/sched/sched.h (CONFIG_HAVE_SCHED_AVG_IRQ). Without IRQ
 * time it is util * max / max: util itself unless the product wraps, so the division (the
 * costly part on the wake-up path) is skipped only where that is exact.
 */
static inline uint64_t scale_irq_capacity(uint64_t util, uint64_t irq, uint64_t max)
{
	if (!irq && util <= UINT32_MAX && max <= UINT32_MAX)
		return util;
	return util * (max - irq) / max;
}

/* mirrors cpu_bw_dl(), kernel/sched/sched.h */
static inline uint64_t cpu_bw_dl(const struct fair_cpu *c)
{
	return (c->dl_running_bw * SCHED_CAPACITY_SCALE) >> BW_SHIFT;
}

/* mirrors rt_rq_is_runnable(), kernel/sched/sched.h (rt_queued follows rt_nr_running here) */
static inline bool rt_rq_is_runnable(const struct fair_cpu *c)
{
	return c->rt_nr_running > 0;
}

/* mirrors _task_util_est(), fair.c */
static inline uint64_t task_util_est_raw(const struct fair_task *p)
{
	return task_util_est_value(p->util_est, p->util_est_ewma);
}

uint64_t task_util_est(const struct fair_task *p)
{
	return max_u64(p->util, task_util_est_raw(p));
}

/* mirrors cpu_util(), fair.c; the waking task is neither queued nor current */
uint64_t cpu_util(const struct fair_rd *rd, int cpu, const struct fair_task *p, int dst_cpu,
		  int boost)
{
	const struct fair_cpu *c = &rd->cpus[cpu];
	int add_task = p && p->prev_cpu != cpu && dst_cpu == cpu;
	int sub_task = p && p->prev_cpu == cpu && dst_cpu != cpu;
	uint64_t util = c->cfs_avg.util_avg;

	if (add_task)
		util += p->util;
	else if (sub_task)
		lsub_positive(&util, p->util);

	if (boost) {
		uint64_t runnable = c->cfs_avg.runnable_avg;

		if (add_task)
			runnable += p->runnable;
		else if (sub_task)
			lsub_positive(&runnable, p->runnable);
		util = max_u64(util, runnable);
	}

	/* sched_feat(UTIL_EST): p's estimate counts only where it is going */
	uint64_t util_est = c->util_est_cfs;

	if (dst_cpu == cpu)
		util_est += task_util_est_raw(p);
	util = max_u64(util, util_est);

	return min_u64(util, c->arch_cap);
}

/* mirrors cpu_util_cfs(), fair.c */
uint64_t cpu_util_cfs(const struct fair_rd *rd, int cpu)
{
	return cpu_util(rd, cpu, NULL, -1, 0);
}

/* mirrors effective_cpu_util(), fair.c (6.8+) */
uint64_t effective_cpu_util(const struct fair_rd *rd, int cpu, uint64_t util_cfs, uint64_t *min,
			    uint64_t *max)
{
	const struct fair_cpu *c = &rd->cpus[cpu];
	uint64_t scale = c->arch_cap, irq = c->util_irq, util;

	if (irq >= scale) {
		if (min)
			*min = scale;
		if (max)
			*max = scale;
		return scale;
	}

	if (min) {
		/* DL bandwidth and IRQ must be served; rq uclamp_min boosts */
		*min = max_u64(irq + cpu_bw_dl(c), c->uclamp_min_rq);
		/* without uclamp, runnable RT goes to the maximum */
		if (!rd->uclamp_used && rt_rq_is_runnable(c))
			*min = max_u64(*min, scale);
	}

	util = util_cfs + c->avg_rt.util_avg;
	util += c->avg_dl.util_avg;

	if (max)
		*max = min_u64(scale, c->uclamp_max_rq);

	if (util >= scale)
		return scale;

	/* the IRQ share steals time from the tasks: scale util into the remaining time */
	util = scale_irq_capacity(util, irq, scale);
	util += irq;

	return min_u64(scale, util);
}

/* mirrors sched_cpu_util(), kernel/sched/fair.c (6.12) */
uint64_t sched_cpu_util(const struct fair_rd *rd, int cpu)
{
	return effective_cpu_util(rd, cpu, CAPSIM_MUT(100, cpu_util_cfs(rd, cpu),
						      rd->cpus[cpu].cfs_avg.util_avg),
				  NULL, NULL);
}

/* mirrors sugov_effective_cpu_perf(), kernel/sched/cpufreq_schedutil.c (6.8+) */
uint64_t sugov_effective_cpu_perf(uint64_t actual, uint64_t min, uint64_t max)
{
	actual = map_util_perf(actual);
	if (actual < max)
		max = actual;
	return max_u64(min, max);
}

/*
 * mirrors uclamp_rq_util_with(rq, util, p), kernel/sched/sched.h (6.1): the rq's clamps, with
 * p's (may be NULL) on the CPU it goes to; an idle rq's are forgotten (p's alone)
 */
static uint64_t uclamp_rq_util_with(const struct fair_rd *rd, int cpu, uint64_t util,
				    const struct fair_task *p)
{
	const struct fair_cpu *c = &rd->cpus[cpu];
	uint64_t min_util = 0, max_util = 0;

	if (!rd->uclamp_used)
		return util;
	if (p) {
		min_util = p->uclamp_min;
		max_util = p->uclamp_max;
	}
	if (!p || !c->uclamp_idle) {
		min_util = max_u64(min_util, c->uclamp_min_rq);
		max_util = max_u64(max_util, c->uclamp_max_rq);
	}
	/* the clamps are max-aggregated over different tasks: an inversion takes min */
	if (min_util >= max_util)
		return CAPSIM_MUT(110, min_util, max_util);
	return min_u64(max_u64(util, min_util), max_util);
}

/*
 * mirrors effective_cpu_util(cpu, util_cfs, FREQUENCY_UTIL, p), kernel/sched/core.c (6.1):
 * the clamps (the rq's, and p's where it goes; p may be NULL) apply to CFS + RT here, before
 * any headroom; DL counts by its bandwidth.
 */
static uint64_t effective_cpu_util_freq_6_1(const struct fair_rd *rd, int cpu, uint64_t util_cfs,
					    const struct fair_task *p)
{
	const struct fair_cpu *c = &rd->cpus[cpu];
	uint64_t max = c->arch_cap, irq = c->util_irq, util;

	if (!rd->uclamp_used && CAPSIM_MUT(111, rt_rq_is_runnable(c), false))
		return max; /* without uclamp, runnable RT goes to the maximum */
	if (irq >= max)
		return max;
	util = uclamp_rq_util_with(rd, cpu, util_cfs + CAPSIM_MUT(112, c->avg_rt.util_avg, 0), p);
	/* CFS + RT + DL saturated: no idle time, the maximum */
	if (CAPSIM_MUT(113, util + c->avg_dl.util_avg >= max, util >= max))
		return max;
	util = scale_irq_capacity(util, irq, max);
	util += irq;
	util += CAPSIM_MUT(114, cpu_bw_dl(c), c->avg_dl.util_avg);
	return min_u64(max, util);
}

/*
 * The performance @cpu asks for with p on @dst_cpu (-1: p nowhere): the body of
 * eenv_pd_max_util()'s loop.
 */
static uint64_t pd_cpu_perf(const struct fair_rd *rd, const struct fair_task *p, int cpu,
			    int dst_cpu)
{
	uint64_t util, eff_util, min, max;

	/* 6.1: cpu_util_next() without runnable boosting, through FREQUENCY_UTIL with p's clamps
	 * where it goes; em_cpu_energy_6_1() adds the headroom */
	if (model_em_energy_6_1(rd->model))
		return effective_cpu_util_freq_6_1(rd, cpu, cpu_util(rd, cpu, p, dst_cpu, 0),
						   cpu == dst_cpu ? p : NULL);
	util = cpu_util(rd, cpu, p, dst_cpu, 1);

	/* performance domain: the busiest CPU sets the frequency for all */
	eff_util = effective_cpu_util(rd, cpu, util, &min, &max);

	/* p's clamps apply on the CPU it goes to; an idle rq forgets its old max clamp */
	if (cpu == dst_cpu && rd->uclamp_used) {
		min = max_u64(min, p->uclamp_min);
		if (rd->cpus[cpu].uclamp_idle)
			max = p->uclamp_max;
		else
			max = max_u64(max, p->uclamp_max);
	}
	return sugov_effective_cpu_perf(eff_util, min, max);
}

/* @cpu's busy time without a waking task: effective_cpu_util() of its cpu_util_cfs() */
static uint64_t cpu_busy_of(const struct fair_rd *rd, int cpu)
{
	return effective_cpu_util(rd, cpu, cpu_util_cfs(rd, cpu), NULL, NULL);
}

const char *fair_memo_check(const struct fair_rd *rd, int cpu)
{
	const struct fair_memo *m = rd->memo ? &rd->memo[cpu] : NULL;
	struct fair_rd fresh = *rd;

	if (!m)
		return NULL;
	fresh.memo = NULL; /* every read below evaluates the kernel's functions afresh */
	if (m->busy_valid && m->busy != cpu_busy_of(&fresh, cpu))
		return "busy";
	if (m->perf_valid && m->perf != pd_cpu_perf(&fresh, NULL, cpu, -1))
		return "perf";
	if (m->overutilized_valid && m->overutilized != cpu_overutilized(&fresh, cpu))
		return "overutilized";
	return NULL;
}

/*
 * @cpu's busy time and its performance request without a waking task: from the memo, or
 * evaluated (into it when there is one). Each has its own validity: schedutil reads only the
 * request, and a fill of both for it evaluated the busy time for no reader.
 */
static inline uint64_t cpu_memo_busy(const struct fair_rd *rd, int cpu)
{
	struct fair_memo *m = rd->memo ? &rd->memo[cpu] : NULL;

	if (!m)
		return cpu_busy_of(rd, cpu);
	if (!m->busy_valid) {
		m->busy = cpu_busy_of(rd, cpu);
		m->busy_valid = true;
	}
	return m->busy;
}

static inline uint64_t cpu_memo_perf(const struct fair_rd *rd, int cpu)
{
	struct fair_memo *m = rd->memo ? &rd->memo[cpu] : NULL;

	if (!m)
		return pd_cpu_perf(rd, NULL, cpu, -1);
	if (!m->perf_valid) {
		m->perf = pd_cpu_perf(rd, NULL, cpu, -1);
		m->perf_valid = true;
	}
	return m->perf;
}

/* mirrors sugov_get_util(), cpufreq_schedutil.c: cpu_util_cfs_boost() through the clamps */
uint64_t sugov_get_util(const struct fair_rd *rd, int cpu)
{
	return cpu_memo_perf(rd, cpu);
}

/*
 * mirrors sugov_get_util() of 6.1 with the end of its sugov_iowait_apply(): the iowait @boost,
 * clamped by the rq as the util was, raises it; get_next_freq() adds the headroom after.
 */
static uint64_t sugov_get_util_6_1(const struct fair_rd *rd, int cpu, uint64_t boost)
{
	uint64_t util = effective_cpu_util_freq_6_1(rd, cpu, cpu_util_cfs(rd, cpu), NULL);

	if (!boost)
		return util;
	boost = CAPSIM_MUT(115, uclamp_rq_util_with(rd, cpu, boost, NULL), boost);
	return max_u64(util, boost);
}

/* mirrors sugov_get_util(sg_cpu, boost) with an iowait boost: max(util, boost) before the perf */
uint64_t sugov_get_util_boost(const struct fair_rd *rd, int cpu, uint64_t boost)
{
	uint64_t util, min, max;

	if (model_sugov_clamp_before_headroom(rd->model))
		return sugov_get_util_6_1(rd, cpu, boost);
	if (!boost)
		return sugov_get_util(rd, cpu);
	util = effective_cpu_util(rd, cpu, cpu_util(rd, cpu, NULL, -1, 1), &min, &max);
	return sugov_effective_cpu_perf(max_u64(util, boost), min, max);
}

/* mirrors uclamp_rq_is_capped(), kernel/sched/sched.h */
bool uclamp_rq_is_capped(const struct fair_rd *rd, int cpu)
{
	const struct fair_cpu *c = &rd->cpus[cpu];

	if (!rd->uclamp_used)
		return false;
	return c->uclamp_max_rq != 1024 &&
	       cpu_util_cfs(rd, cpu) + c->avg_rt.util_avg >= c->uclamp_max_rq;
}

uint64_t actual_cpu_capacity(const struct fair_rd *rd, int cpu)
{
	return model_capacity(rd->model, &rd->cpus[cpu], MODEL_SITE_FITS);
}

/* mirrors scale_rt_capacity(), fair.c: 6.10+ from the actual capacity, v6.9 minus thermal avg */
uint64_t scale_rt_capacity(const struct fair_rd *rd, int cpu)
{
	const struct fair_cpu *c = &rd->cpus[cpu];
	uint64_t max = model_capacity(rd->model, c, MODEL_SITE_RT_MAX);
	uint64_t irq = c->util_irq, used, free;

	if (irq >= max)
		return 1;
	used = c->avg_rt.util_avg + c->avg_dl.util_avg + model_rt_extra_used(rd->model, c);
	if (used >= max)
		return 1;
	free = max - used;
	free = scale_irq_capacity(free, irq, max);
	return free ? free : 1; /* update_cpu_capacity(): 0 becomes 1 */
}

/* mirrors util_fits_cpu(), fair.c */
int util_fits_cpu(const struct fair_rd *rd, uint64_t util, uint64_t uclamp_min,
		  uint64_t uclamp_max, int cpu)
{
	const struct fair_cpu *c = &rd->cpus[cpu];
	int fits = fits_capacity(util, c->capacity_of);
	int uclamp_max_fits;

	if (!rd->uclamp_used)
		return fits;

	/*
	 * A capped task fits any CPU whose original capacity reaches its cap, pressure or not;
	 * except at 1024 with no cap, so that the biggest CPUs can still become overutilized.
	 */
	uclamp_max_fits = c->arch_cap == SCHED_CAPACITY_SCALE && uclamp_max == SCHED_CAPACITY_SCALE;
	uclamp_max_fits = !uclamp_max_fits && uclamp_max <= c->arch_cap;
	fits = fits || uclamp_max_fits;

	/* boosted (util < uclamp_min): the boost must fit what the CPU can deliver now */
	uclamp_min = min_u64(uclamp_min, uclamp_max);
	if (fits && util < uclamp_min && uclamp_min > actual_cpu_capacity(rd, cpu))
		return -1;

	return fits;
}

/* mirrors task_fits_cpu(), fair.c: fully fitting only */
bool task_fits_cpu(const struct fair_rd *rd, const struct fair_task *p, int cpu)
{
	return util_fits_cpu(rd, task_util_est(p), p->uclamp_min, p->uclamp_max, cpu) > 0;
}

/* mirrors cpu_overutilized(), fair.c (6.10 .. 6.12; 7.3 passes 0 as uclamp_min, which gives
 * the same answer: util_fits_cpu() returns non-zero for a fit with or without it) */
bool cpu_overutilized(const struct fair_rd *rd, int cpu)
{
	const struct fair_cpu *c = &rd->cpus[cpu];
	struct fair_memo *m = rd->memo ? &rd->memo[cpu] : NULL;
	bool ou;

	if (m && m->overutilized_valid)
		return m->overutilized;
	ou = !util_fits_cpu(rd, cpu_util_cfs(rd, cpu), c->uclamp_min_rq, c->uclamp_max_rq, cpu);
	if (m) {
		m->overutilized = ou;
		m->overutilized_valid = true;
	}
	return ou;
}

static int cpu_is_idle(const struct fair_cpu *c)
{
	return c->idle || c->sched_idle; /* available_idle_cpu() || sched_idle_cpu() */
}

/* mirrors choose_idle_cpu() of kernel/sched/fair.c (Linux 7.3): a CPU running only SCHED_IDLE
 * tasks is taken for a wakee that is not SCHED_IDLE itself (choose_sched_idle_rq()) */
static int choose_idle_cpu(const struct fair_cpu *c, const struct fair_task *p)
{
	return c->idle || (c->sched_idle && CAPSIM_MUT(200, !p->idle_policy, true));
}

/* 7.3's ranks of an idle CPU (enum asym_fits_state); without SMT every CPU is its own idle
 * core, so util_fits_cpu()'s -1 and 0 are rebased by ASYM_IDLE_CORE_BIAS to -4 and -3 */
#define ASYM_IDLE_THREAD_MISFIT 0
#define ASYM_IDLE_CORE_BIAS (-3)

/*
 * mirrors select_idle_capacity() of kernel/sched/fair.c (Linux 6.12; Linux 7.3 under
 * model_placement_7_3()); the domain spans every CPU
 */
int select_idle_capacity(const struct fair_rd *rd, const struct fair_task *p, int target,
			 int nr_idle_scan)
{
	bool v7_3 = model_placement_7_3(rd->model);
	uint64_t util = task_util_est(p), best_cap = 0;
	int best_fits = ASYM_IDLE_THREAD_MISFIT, best_cpu = -1, nr = INT_MAX;

	/* SIS_UTIL: an overloaded domain is unlikely to have an idle CPU */
	if (v7_3 && nr_idle_scan != SIS_NO_SHARED) {
		nr = nr_idle_scan + CAPSIM_MUT(201, 1, 2);
		if (nr == 1)
			return -1;
	}
	/* for_each_cpu_wrap(cpu, span & cpus_ptr, target): target..n-1, then 0..target-1 */
	for (unsigned i = 0; i < rd->nr_cpus; i++) {
		int cpu = (int)capsim_cpu_wrap((unsigned)target, i, rd->nr_cpus);
		const struct fair_cpu *c = &rd->cpus[cpu];
		uint64_t cap = c->capacity_of;
		int fits;

		if (!capsim_cpumask_test(&p->allowed, (unsigned)cpu))
			continue;
		/* the scan budget counts every allowed CPU, idle or not */
		if (CAPSIM_MUT(202, --nr <= 0, --nr < 0))
			return best_cpu;
		if (!(v7_3 ? choose_idle_cpu(c, p) : cpu_is_idle(c)))
			continue;

		fits = util_fits_cpu(rd, util, p->uclamp_min, p->uclamp_max, cpu);
		if (fits > 0)
			return cpu;
		/* only uclamp_min does not fit: rank by the capacity the CPU can deliver */
		if (fits < 0)
			cap = model_capacity(rd->model, c, MODEL_SITE_IDLE);
		/* the same order as 6.12's -1 and 0 (capacity_of() is at least 1) */
		if (v7_3)
			fits += ASYM_IDLE_CORE_BIAS;

		/* lower ranks first (-1 before 0); at the same rank, strictly more capacity wins */
		if (fits < best_fits || (fits == best_fits && cap > best_cap)) {
			best_cap = cap;
			best_cpu = cpu;
			best_fits = fits;
		}
	}
	return best_cpu;
}

/* mirrors eenv_task_busy_time(), fair.c: p's util scaled by prev_cpu's IRQ share */
void eenv_task_busy_time(const struct fair_rd *rd, struct energy_env *eenv,
			 const struct fair_task *p, int prev_cpu)
{
	const struct fair_cpu *c = &rd->cpus[prev_cpu];
	uint64_t max_cap = c->arch_cap, irq = c->util_irq;

	if (irq >= max_cap)
		eenv->task_busy_time = max_cap;
	else
		eenv->task_busy_time = CAPSIM_MUT(250, scale_irq_capacity(task_util_est(p), irq,
									    max_cap),
						  task_util_est(p));
}

/* for_each_cpu(cpu, pd span): CPUs from nr_cpus up are ignored */
#define for_each_pd_cpu(cpu, rd, pd) for_each_cpu(cpu, &(pd)->cpus, (rd)->nr_cpus)

/*
 * mirrors eenv_pd_busy_time(), fair.c: the pd's busy time with p removed everywhere. It also
 * keeps the pd's two highest perf requests without p, for eenv_pd_max_util().
 */
void eenv_pd_busy_time(const struct fair_rd *rd, struct energy_env *eenv, unsigned pd_id,
		       const struct fair_task *p)
{
	const struct em_perf_domain *pd = &rd->pds[pd_id];
	uint64_t busy_time = 0;

	eenv->perf_top = eenv->perf_second = 0;
	eenv->perf_top_cpu = -1;
	for_each_pd_cpu(cpu, rd, pd) {
		uint64_t perf;

		/* p counts only where it was: prev_cpu loses it, the others ask what they ask */
		if (cpu == p->prev_cpu) {
			perf = pd_cpu_perf(rd, p, cpu, -1);
			busy_time += effective_cpu_util(rd, cpu, cpu_util(rd, cpu, p, -1, 0), NULL,
							NULL);
		} else {
			perf = cpu_memo_perf(rd, cpu);
			busy_time += cpu_memo_busy(rd, cpu);
		}
		if (perf > eenv->perf_top) {
			eenv->perf_second = eenv->perf_top;
			eenv->perf_top = perf;
			eenv->perf_top_cpu = cpu;
		} else if (perf > eenv->perf_second) {
			eenv->perf_second = perf;
		}
	}

	eenv->pd_busy_time = CAPSIM_MUT(251, min_u64(eenv->pd_cap, busy_time), busy_time);
}

/*
 * mirrors eenv_pd_max_util(), fair.c: the highest perf request of the pd, p on @dst_cpu. Every
 * CPU but @dst_cpu asks what it asks without p (cpu_util() moves p only to or from dst_cpu,
 * and p's clamps apply only there), so the kernel's loop reduces to the requests kept by
 * eenv_pd_busy_time() and one evaluation of @dst_cpu: same value, fewer evaluations.
 */
uint64_t eenv_pd_max_util(const struct fair_rd *rd, const struct energy_env *eenv, unsigned pd_id,
			  const struct fair_task *p, int dst_cpu)
{
	uint64_t max_util = eenv->perf_top;

	if (dst_cpu >= 0 && capsim_cpumask_test(&rd->pds[pd_id].cpus, (unsigned)dst_cpu) &&
	    dst_cpu < (int)rd->nr_cpus) {
		if (dst_cpu == eenv->perf_top_cpu)
			max_util = eenv->perf_second;
		max_util = max_u64(max_util, pd_cpu_perf(rd, p, dst_cpu, CAPSIM_MUT(252, dst_cpu, -1)));
	}
	return min_u64(max_util, eenv->cpu_cap);
}

/* arch_scale_cpu_capacity() of the pd's first CPU (cpumask_first(pd->cpus)) */
static uint64_t pd_scale_cpu(const struct fair_rd *rd, unsigned pd_id)
{
	return rd->cpus[capsim_cpumask_next(&rd->pds[pd_id].cpus, 0, rd->nr_cpus)].arch_cap;
}

/* mirrors compute_energy(), fair.c (6.1's em_cpu_energy() under model_em_energy_6_1());
 * @trace records the sched_compute_energy_tp values. always_inline: in feec_eval_pd()'s frame
 * (three calls per pd; still exported) */
CAPSIM_ALWAYS_INLINE uint64_t compute_energy(const struct fair_rd *rd,
					     const struct energy_env *eenv, unsigned pd_id,
					     const struct fair_task *p, int dst_cpu,
					     struct feec_trace *trace)
{
	uint64_t max_util = eenv_pd_max_util(rd, eenv, pd_id, p, dst_cpu);
	uint64_t busy_time = eenv->pd_busy_time;
	uint64_t energy;

	if (dst_cpu >= 0)
		busy_time = min_u64(eenv->pd_cap, busy_time + eenv->task_busy_time);

	energy = model_em_energy_6_1(rd->model)
			 ? em_cpu_energy_6_1(&rd->pds[pd_id], map_util_perf(max_util), busy_time,
					     CAPSIM_MUT(253, eenv->cpu_cap, eenv->pd_cap),
					     pd_scale_cpu(rd, pd_id))
			 : em_cpu_energy(&rd->pds[pd_id], max_util, busy_time, eenv->cpu_cap);

	if (trace && trace->nr_calls < ARRAY_SIZE(trace->calls))
		trace->calls[trace->nr_calls++] = (struct feec_energy_call){
			.pd = pd_id, .dst_cpu = dst_cpu, .energy = energy,
			.max_util = max_util, .busy_time = busy_time,
		};
	return energy;
}

static void trace_fits(struct feec_trace *trace, int cpu, uint64_t util, uint64_t umin,
		       uint64_t umax, int fits)
{
	if (trace && trace->nr_fits < ARRAY_SIZE(trace->fits))
		trace->fits[trace->nr_fits++] = (struct feec_fits_call){
			.cpu = cpu, .util = util, .uclamp_min = umin, .uclamp_max = umax,
			.fits = fits,
		};
}

static int feec_exit(struct feec_trace *trace, enum feec_exit why, const struct feec_decision *b,
		     int target)
{
	if (trace) {
		trace->exit = why;
		trace->decision = *b;
	}
	return target;
}

/* The candidates found in one pd: prev_cpu and the CPU with the most spare capacity. */
struct feec_pd_scan {
	int64_t prev_spare_cap, max_spare_cap; /* long in the kernel: -1 = none */
	int max_spare_cap_cpu, max_fits;
};

/*
 * The per-pd candidate scan of find_energy_efficient_cpu(). Note: util_min/util_max start as
 * p's clamps once per pd and are overwritten only by CPUs whose rq is not uclamp-idle, so an
 * idle CPU inherits the clamps of the busy CPU before it (kernel behaviour, kept).
 */
static void feec_scan_pd(const struct fair_rd *rd, struct energy_env *eenv,
			 const struct em_perf_domain *pd, const struct fair_task *p,
			 uint64_t p_util_min, uint64_t p_util_max, uint64_t cpu_actual_cap,
			 struct feec_decision *b, struct feec_pd_scan *s, struct feec_trace *trace)
{
	uint64_t util_min = p_util_min, util_max = p_util_max;

	for_each_pd_cpu(cpu, rd, pd) {
		const struct fair_cpu *c = &rd->cpus[cpu];
		uint64_t util, cpu_cap;
		int fits;

		eenv->pd_cap += cpu_actual_cap;

		if (!capsim_cpumask_test(&p->allowed, (unsigned)cpu))
			continue;

		util = cpu_util(rd, cpu, p, cpu, 0);
		cpu_cap = c->capacity_of;

		/* the rq's clamps apply to p too once it is enqueued there */
		if (rd->uclamp_used && !c->uclamp_idle) {
			util_min = max_u64(c->uclamp_min_rq, p_util_min);
			util_max = CAPSIM_MUT(254, max_u64(c->uclamp_max_rq, p_util_max), p_util_max);
		}

		fits = util_fits_cpu(rd, util, util_min, util_max, cpu);
		trace_fits(trace, cpu, util, util_min, util_max, fits);
		if (!fits)
			continue;

		lsub_positive(&cpu_cap, util);

		if (cpu == p->prev_cpu) {
			/* always a candidate */
			s->prev_spare_cap = (int64_t)cpu_cap;
			b->prev_fits = fits;
		} else if (fits > s->max_fits ||
			   (fits == s->max_fits && CAPSIM_MUT(255, (int64_t)cpu_cap > s->max_spare_cap,
							      (int64_t)cpu_cap >= s->max_spare_cap))) {
			/* better fit first, then more spare capacity (lowest CPU on ties) */
			s->max_spare_cap = (int64_t)cpu_cap;
			s->max_spare_cap_cpu = cpu;
			s->max_fits = fits;
		}
	}
}

/*
 * Evaluates one pd's candidates. Returns 0 to go on, 1 when an energy fell below the base
 * energy ("CPU utilization has changed"): feec then returns prev_cpu at once.
 */
static int feec_eval_pd(const struct fair_rd *rd, struct energy_env *eenv, unsigned pd_id,
			const struct fair_task *p, uint64_t cpu_actual_cap, struct feec_decision *b,
			const struct feec_pd_scan *s, struct feec_trace *trace)
{
	uint64_t base_energy, cur_delta;

	eenv_pd_busy_time(rd, eenv, pd_id, p);
	base_energy = compute_energy(rd, eenv, pd_id, p, -1, trace);

	if (s->prev_spare_cap > -1) {
		b->prev_delta = compute_energy(rd, eenv, pd_id, p, p->prev_cpu, trace);
		if (CAPSIM_MUT(256, b->prev_delta < base_energy, false))
			return 1;
		b->prev_delta -= base_energy;
		b->prev_actual_cap = cpu_actual_cap;
		b->best_delta = min_u64(b->best_delta, b->prev_delta);
	}

	if (s->max_spare_cap_cpu < 0 || s->max_spare_cap <= s->prev_spare_cap)
		return 0;
	/* the best CPU so far fits better */
	if (s->max_fits < b->best_fits)
		return 0;
	/* both fit only with -1: prefer the higher capacity */
	if (s->max_fits < 0 && cpu_actual_cap <= b->best_actual_cap)
		return 0;

	cur_delta = compute_energy(rd, eenv, pd_id, p, s->max_spare_cap_cpu, trace);
	if (cur_delta < base_energy)
		return 1;
	cur_delta -= base_energy;

	/* both fit fully: the energy decides; prev and earlier pds win ties */
	if (s->max_fits > 0 && b->best_fits > 0 &&
	    CAPSIM_MUT(257, cur_delta >= b->best_delta, cur_delta > b->best_delta))
		return 0;

	b->best_delta = cur_delta;
	b->best_energy_cpu = s->max_spare_cap_cpu;
	b->best_fits = s->max_fits;
	b->best_actual_cap = cpu_actual_cap;
	return 0;
}

/* mirrors find_energy_efficient_cpu(), fair.c (v6.12; 7.x differs only in form; 6.1.192's
 * differs only in compute_energy()'s estimate, model_em_energy_6_1()) */
int find_energy_efficient_cpu(const struct fair_rd *rd, const struct fair_task *p,
			      struct feec_trace *trace)
{
	uint64_t p_util_min = rd->uclamp_used ? p->uclamp_min : 0;
	uint64_t p_util_max = rd->uclamp_used ? p->uclamp_max : SCHED_CAPACITY_SCALE;
	struct feec_decision b = {
		.prev_delta = UINT64_MAX, .best_delta = UINT64_MAX,
		.prev_fits = -1, .best_fits = -1, .best_energy_cpu = -1,
	};
	struct energy_env eenv;
	int prev_cpu = p->prev_cpu;

	if (trace)
		trace->nr_calls = trace->nr_fits = 0;
	if (!rd->nr_pds)
		return feec_exit(trace, FEEC_EXIT_NO_DOMAIN, &b, -1);

	if (!task_util_est(p) && p_util_min == 0)
		return feec_exit(trace, FEEC_EXIT_NO_TASK_UTIL, &b, prev_cpu);

	eenv_task_busy_time(rd, &eenv, p, prev_cpu);

	for (unsigned i = 0; i < rd->nr_pds; i++) {
		unsigned pd_id = rd->pd_order[i];
		const struct em_perf_domain *pd = &rd->pds[pd_id];
		struct feec_pd_scan s = { .prev_spare_cap = -1, .max_spare_cap = -1,
					  .max_spare_cap_cpu = -1, .max_fits = -1 };
		uint64_t cpu_actual_cap;
		int first = (int)capsim_cpumask_next(&pd->cpus, 0, rd->nr_cpus);

		if (first >= (int)rd->nr_cpus)
			continue;

		/* account external pressure: the pd's first CPU stands for all of them */
		cpu_actual_cap = model_capacity(rd->model, &rd->cpus[CAPSIM_MUT(258, first,
										 p->prev_cpu)],
						MODEL_SITE_EAS);
		eenv.cpu_cap = cpu_actual_cap;
		eenv.pd_cap = 0;

		feec_scan_pd(rd, &eenv, pd, p, p_util_min, p_util_max, cpu_actual_cap, &b, &s,
			     trace);
		if (s.max_spare_cap_cpu < 0 && s.prev_spare_cap < 0)
			continue;
		if (feec_eval_pd(rd, &eenv, pd_id, p, cpu_actual_cap, &b, &s, trace))
			return feec_exit(trace, FEEC_EXIT_UTIL_CHANGED, &b, prev_cpu);
	}

	/* move only for a better fit, less energy, or (both -1) more actual capacity */
	if (b.best_fits > b.prev_fits || (b.best_fits > 0 && b.best_delta < b.prev_delta) ||
	    (b.best_fits < 0 && CAPSIM_MUT(259, b.best_actual_cap > b.prev_actual_cap,
					   b.best_actual_cap >= b.prev_actual_cap)))
		return feec_exit(trace, FEEC_EXIT_COMPLETE, &b, b.best_energy_cpu);
	return feec_exit(trace, FEEC_EXIT_COMPLETE, &b, prev_cpu);
}
