// SPDX-License-Identifier: MIT
/*
 * rq.c - per-CPU runqueues: the rq clocks (kernel/sched/core.c update_rq_clock and
 * kernel/sched/pelt.h update_rq_clock_pelt), the deadline, RT and fair queues with their pick
 * and preemption rules (kernel/sched/deadline.c for the one deadline task there is, a policy's
 * sugov kthread; rt.c; fair.c, whose EEVDF is model/fair_eevdf.c, with delayed dequeue from
 * 6.12 on), and the load tracking done at enqueue, dequeue, pick and tick: task and cfs_rq PELT
 * on the rq's PELT clock, RT and deadline utilization (rq->avg_rt, rq->avg_dl), util_est and
 * rq uclamp.
 */
#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "model/model.h"
#include "model/util_est.h"
#include "sim/sim.h"
#include "sim/sim_pressure.h"
#include "sim/sim_events.h"

/* mirrors sched_prio_to_weight[], kernel/sched/core.c */
static const uint32_t prio_to_weight[40] = {
	88761, 71755, 56483, 46273, 36291, 29154, 23254, 18705, 14949, 11916,
	9548,  7620,  6100,  4904,  3906,  3121,  2501,  1991,  1586,  1277,
	1024,  820,   655,   526,   423,   335,   272,   215,   172,   137,
	110,   87,    70,    56,    45,    36,    29,    23,    18,    15,
};

/* mirrors sched_rr_timeslice (RR_TIMESLICE = 100 ms) */
#define RR_TIMESLICE_NS (100 * NSEC_PER_MSEC)

uint64_t sched_prio_to_weight(int nice)
{
	if (nice < -20)
		nice = -20;
	if (nice > 19)
		nice = 19;
	return prio_to_weight[nice + 20];
}

void rq_init(struct capsim_sim *s, struct sim_rq *rq, int cpu)
{
	memset(rq, 0, sizeof(*rq));
	rq->cpu = cpu;
	snprintf(rq->idle_comm, sizeof(rq->idle_comm), "swapper/%d", cpu);
	snprintf(rq->stopper_comm, sizeof(rq->stopper_comm), "migration/%d", cpu);
	rq->cpu_capacity = SCHED_CAPACITY_SCALE; /* capacity_of() at boot */
	rq->view_stale = true; /* the view starts empty */
	uclamp_rq_init(&rq->uclamp, s->opt.uclamp_buckets); /* CONFIG_UCLAMP_BUCKETS_COUNT */
	rq->uclamp_rq[1] = SCHED_CAPACITY_SCALE;
	rq->uclamp_idle = true;
	rq->freq_scale = SCHED_CAPACITY_SCALE;
	rq->clk.clock = rq->clk.clock_task = rq->clk.clock_pelt = SIM_RQ_CLOCK_START_NS;
	rq->cap_orig = platform_cpu_capacity_orig(s->plat, (unsigned)cpu);
	rq->delivered_cap = rq->cap_orig; /* until cpus_sync() applies its limits */
	rq->freq_ref = platform_freq_ref(s->plat, (unsigned)cpu);
	/* freq_inv_set_max_ratio() with capacity_freq_ref, against the 1 GHz constant counter */
	rq->amu_max_freq_scale = amu_max_freq_scale(NSEC_PER_SEC, (uint64_t)rq->freq_ref * 1000);
	rq->opp_idx = -1;
	rq->policy = platform_policy_of(s->plat, (unsigned)cpu);
	rq->delivered_khz = rq->freq_ref;
	/* every CPU starts idle with its tick stopped: in nohz.idle_cpus_mask */
	rq->nohz_tick_stopped = true;
	s->nohz_nr_cpus++;
	rq->avg_idle = 2 * SYSCTL_SCHED_MIGRATION_COST_NS; /* sched_init() */
	eevdf_rq_init(&rq->cfs, sim_base_slice_ns(s), NSEC_PER_SEC / s->opt.hz,
		      model_eevdf_pre_6_12(s->opt.model));
}

/* the task an entity is embedded in (task_of()) */
#define task_of(se) ((struct sim_task *)((char *)(se) - offsetof(struct sim_task, se)))

static uint64_t arch_cap(const struct capsim_sim *s, int cpu)
{
	return s->rq[cpu].cap_orig;
}

/* ---- clocks ------------------------------------------------------------------------------ */

static uint64_t rq_clock_pelt(const struct sim_rq *rq)
{
	return pelt_rq_clock_pelt(&rq->clk);
}

/* mirrors update_idle_rq_clock_pelt(): the rq goes idle */
static void update_idle_rq_clock_pelt(struct sim_rq *rq)
{
	pelt_update_idle_rq_clock_pelt(&rq->clk, rq->cfs_avg.util_sum, rq->rt_avg.util_sum,
				       rq->dl_avg.util_sum);
}

/* mirrors update_rq_clock() + update_rq_clock_task() (no IRQ or steal time) and then
 * update_rq_clock_pelt() */
void update_rq_clock(struct capsim_sim *s, struct sim_rq *rq)
{
	uint64_t delta;

	if (s->now + SIM_RQ_CLOCK_START_NS <= rq->clk.clock)
		return;
	sim_account_cpu(s, rq->cpu);
	delta = s->now + SIM_RQ_CLOCK_START_NS - rq->clk.clock;
	rq->clk.clock += delta;
	rq->clk.clock_task += delta;
	pelt_update_rq_clock_pelt(&rq->clk, delta, rq->curr == NULL, arch_cap(s, rq->cpu),
				  CAPSIM_MUT(26, rq->freq_scale, SCHED_CAPACITY_SCALE));
}

/* ---- PELT of tasks and the cfs_rq ------------------------------------------------------- */

/* se->on_rq: queued, running, or asleep but delayed (DELAY_DEQUEUE) */
static bool task_on_rq(const struct sim_task *p)
{
	return p->state == TASK_RUNNABLE || p->state == TASK_RUNNING || p->se.sched_delayed;
}

/* __update_load_avg_se(), src/model/pelt.c; a delayed task has load but is not runnable
 * (se_runnable()) */
static void update_load_avg_se(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
			       uint64_t now)
{
	if (pelt_update_load_avg_se(&p->avg, &p->util_est, now, task_on_rq(p),
				    task_on_rq(p) && CAPSIM_MUT(25, !p->se.sched_delayed, 1), rq->curr == p,
				    p->weight))
		sim_ev_pelt(s, rq, p, CAPSIM_PELT_TASK);
}

/* mirrors __update_load_avg_cfs_rq(), kernel/sched/pelt.c */
static int update_cfs_rq_load_avg(struct capsim_sim *s, struct sim_rq *rq, uint64_t now)
{
	bool running = rq->curr && CAPSIM_MUT(27, task_is_fair(rq->curr), true);
	int decayed = capsim_pelt_update(&rq->cfs_avg, now, rq->cfs_load_weight,
					 CAPSIM_MUT(28, rq->cfs_nr, rq->cfs_nr + rq->cfs_delayed),
					 running, 1);

	if (decayed) {
		rq->view_stale = true;
		sim_ev_pelt(s, rq, NULL, CAPSIM_PELT_CFS);
	}
	return decayed;
}

/* mirrors update_rt_rq_load_avg(), kernel/sched/pelt.c: 1 if it decayed */
static int update_rt_rq_load_avg(struct capsim_sim *s, struct sim_rq *rq, int running)
{
	int decayed = pelt_update_rt_rq_load_avg(&rq->rt_avg, rq_clock_pelt(rq), running);

	if (decayed) {
		rq->view_stale = true;
		sim_ev_pelt(s, rq, NULL, CAPSIM_PELT_RT);
	}
	return decayed;
}

/* mirrors update_dl_rq_load_avg(), kernel/sched/pelt.c: 1 if it decayed */
static int update_dl_rq_load_avg(struct capsim_sim *s, struct sim_rq *rq, int running)
{
	int decayed = pelt_update_dl_rq_load_avg(&rq->dl_avg, rq_clock_pelt(rq), running);

	if (decayed) {
		rq->view_stale = true; /* cpu_util_dl() is a memo input */
		sim_ev_pelt(s, rq, NULL, CAPSIM_PELT_DL);
	}
	return decayed;
}

/* the class of rq->curr is the deadline class */
static int dl_running(const struct sim_rq *rq)
{
	return rq->curr && rq->curr->dl;
}

/* mirrors attach_entity_load_avg(), kernel/sched/fair.c */
static void attach_entity_load_avg(struct sim_rq *rq, struct sim_task *p)
{
	struct capsim_sched_avg *sa = &rq->cfs_avg;
	uint32_t divider = capsim_pelt_divider(sa);

	p->avg.last_update_time = sa->last_update_time;
	p->avg.period_contrib = sa->period_contrib;
	p->avg.util_sum = (uint32_t)(CAPSIM_MUT(21, p->avg.util_avg, p->avg.runnable_avg) * divider);
	p->avg.runnable_sum = p->avg.runnable_avg * divider;
	p->avg.load_sum = p->avg.load_avg * divider;
	if (p->weight < p->avg.load_sum)
		p->avg.load_sum /= p->weight;
	else
		p->avg.load_sum = CAPSIM_MUT(22, 1, 0);
	/* enqueue_load_avg() */
	sa->load_avg += p->avg.load_avg;
	sa->load_sum += p->weight * p->avg.load_sum;
	sa->util_avg += p->avg.util_avg;
	sa->util_sum += CAPSIM_MUT(23, p->avg.util_sum, (uint32_t)p->avg.util_avg);
	sa->runnable_avg += CAPSIM_MUT(24, p->avg.runnable_avg, p->avg.util_avg);
	sa->runnable_sum += p->avg.runnable_sum;
	rq->view_stale = true;
}

static void sub_positive64(uint64_t *v, uint64_t d)
{
	*v = *v > d ? *v - d : 0;
}

/*
 * mirrors remove_entity_load_avg() + the "removed" step of update_cfs_rq_load_avg(),
 * kernel/sched/fair.c, applied at once (the kernel defers it to the next update of the
 * cfs_rq; the arithmetic is the same).
 */
void task_detach(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	struct capsim_sched_avg *sa = &rq->cfs_avg;
	uint32_t divider = capsim_pelt_divider(sa);
	uint64_t usum = sa->util_sum;

	task_sync_load_avg(s, p);
	sub_positive64(&sa->load_avg, p->avg.load_avg);
	sub_positive64(&sa->load_sum, p->avg.load_avg * divider);
	sa->load_sum = sa->load_sum > sa->load_avg * CAPSIM_PELT_MIN_DIVIDER ?
		       sa->load_sum : sa->load_avg * CAPSIM_PELT_MIN_DIVIDER;
	sub_positive64(&sa->util_avg, p->avg.util_avg);
	sub_positive64(&usum, p->avg.util_avg * divider);
	if (usum < sa->util_avg * CAPSIM_PELT_MIN_DIVIDER)
		usum = sa->util_avg * CAPSIM_PELT_MIN_DIVIDER;
	sa->util_sum = (uint32_t)usum;
	sub_positive64(&sa->runnable_avg, p->avg.runnable_avg);
	sub_positive64(&sa->runnable_sum, p->avg.runnable_avg * divider);
	sa->runnable_sum = sa->runnable_sum > sa->runnable_avg * CAPSIM_PELT_MIN_DIVIDER ?
			   sa->runnable_sum : sa->runnable_avg * CAPSIM_PELT_MIN_DIVIDER;
	p->avg.last_update_time = 0; /* migrate_task_rq_fair(): attach on the next enqueue */
	rq->view_stale = true; /* the kernel's cpu_util() sees it at the next update */
}

/* mirrors sync_entity_load_avg(): age a blocked task to its cfs_rq's last update */
void task_sync_load_avg(struct capsim_sim *s, struct sim_task *p)
{
	struct sim_rq *rq = &s->rq[p->cpu];

	if (!p->avg.last_update_time || task_on_rq(p))
		return;
	pelt_update_load_avg_blocked_se(&p->avg, rq->cfs_avg.last_update_time, p->weight);
}

/* mirrors update_load_avg(cfs_rq, se, UPDATE_TG | DO_ATTACH), kernel/sched/fair.c */
static void update_load_avg(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	uint64_t now = rq_clock_pelt(rq);
	int decayed;

	if (p && CAPSIM_MUT(18, p->avg.last_update_time != 0, p->avg.last_update_time == 0))
		update_load_avg_se(s, rq, p, now);
	decayed = CAPSIM_MUT(19, update_cfs_rq_load_avg(s, rq, now), 0);
	if (p && !p->avg.last_update_time) {
		attach_entity_load_avg(rq, p);
		decayed = 1;
	}
	/* cfs_rq_util_change(): schedutil reads the new signals. Without a decay they did not
	 * change, unless a task left (task_detach()); the caller refreshes the rest of the view. */
	if (rq->view_stale)
		rq_sync_view(s, rq);
	if (CAPSIM_MUT(20, decayed, !decayed))
		cpufreq_update_util(s, rq->cpu);
}

/* mirrors post_init_entity_util_avg(), kernel/sched/fair.c: a new task's first util_avg */
void task_post_init_util(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	struct capsim_sched_avg *sa = &p->avg;
	int64_t cap = ((int64_t)arch_cap(s, rq->cpu) - (int64_t)rq->cfs_avg.util_avg) / 2;

	memset(sa, 0, sizeof(*sa));
	sa->load_avg = p->weight; /* init_entity_runnable_average() */
	if (p->rt) {
		sa->last_update_time = rq_clock_pelt(rq);
		return;
	}
	if (cap > 0) {
		if (rq->cfs_avg.util_avg) {
			sa->util_avg = rq->cfs_avg.util_avg * p->weight / (rq->cfs_avg.load_avg + 1);
			if (sa->util_avg > (uint64_t)cap)
				sa->util_avg = (uint64_t)cap;
		} else {
			sa->util_avg = (uint64_t)cap;
		}
	}
	sa->runnable_avg = sa->util_avg;
}

/* ---- util_est ---------------------------------------------------------------------------- */

static uint32_t task_util_est_raw(const struct sim_task *p)
{
	return p->util_est & ~UTIL_AVG_UNCHANGED;
}

/* mirrors task_util_est(), kernel/sched/fair.c */
uint64_t task_util_est_of(const struct sim_task *p)
{
	uint64_t ue = task_util_est_raw(p);

	return p->avg.util_avg > ue ? p->avg.util_avg : ue;
}

/* ---- uclamp ------------------------------------------------------------------------------ */

/* the clamps the rest of the engine and the view read: uclamp_rq_get() and UCLAMP_FLAG_IDLE */
static void uclamp_rq_publish(struct capsim_sim *s, struct sim_rq *rq)
{
	rq->uclamp_rq[0] = rq->uclamp.clamp[CAPSIM_MUT(29, UCLAMP_ID_MIN, UCLAMP_ID_MAX)].value;
	rq->uclamp_rq[1] = rq->uclamp.clamp[UCLAMP_ID_MAX].value;
	rq->uclamp_idle = CAPSIM_MUT(30, rq->uclamp.idle, false);
	rq->view_stale = true;
	sim_ev_uclamp(s, rq);
}

/*
 * mirrors uclamp_rq_inc() (kernel/sched/core.c; the buckets are model/uclamp.c's): nothing
 * until uclamp_is_used(), so tasks queued before the static key turned on are not counted
 * until their next enqueue, as in the kernel.
 */
void rq_uclamp_inc(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	const uint32_t eff[UCLAMP_IDS] = { (uint32_t)p->uclamp_eff[0], (uint32_t)p->uclamp_eff[1] };

	if (CAPSIM_MUT(31, !s->rd.uclamp_used, false))
		return;
	uclamp_rq_inc(&rq->uclamp, p->uclamp_se, eff);
	uclamp_rq_publish(s, rq);
}

/*
 * @p's clamps changed while it is queued on @rq: __sched_setscheduler()'s dequeue_task() and
 * enqueue_task() around the new requests count it again with its new effective values.
 */
void rq_uclamp_requeue(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	rq_uclamp_dec(s, rq, p);
	rq_uclamp_inc(s, rq, p);
	rq_sync_view(s, rq);
}

/* mirrors uclamp_rq_dec(): only the clamps uclamp_rq_inc() counted leave */
void rq_uclamp_dec(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	if (!s->rd.uclamp_used)
		return;
	uclamp_rq_dec(&rq->uclamp, p->uclamp_se);
	uclamp_rq_publish(s, rq);
}

/* ---- the view read by the placement code (src/model/fair.h) ------------------------------------ */

/* The pressures in the view: they change only with hw_load_avg updates and platform events. */
void rq_sync_pressure(struct capsim_sim *s, struct sim_rq *rq)
{
	/* what the run's kernel model believes (src/sim/sim_pressure.c, src/model/belief.c) */
	if (sim_pressure_fill_view(s, rq->cpu, &s->view[rq->cpu])) {
		fair_memo_refresh(&s->rd, rq->cpu);
		sim_ev_counters(s, rq->cpu); /* the trace follows each change of the belief */
	}
}

/*
 * The signals struct fair_memo depends on, into the view (rq_sync_view()): compared and copied
 * only when a writer marked them stale (their PELT decayed, util_est, the rq clamps, the RT
 * count), and the memo refreshed if one moved.
 */
void rq_sync_memo_inputs(struct capsim_sim *s, struct sim_rq *rq)
{
	struct fair_cpu *v = &s->view[rq->cpu];
	bool memo_inputs_moved = false;

	if (rq->view_stale) {
		/* the PELT signals first: they are what moved, mostly (no more compares then) */
		memo_inputs_moved = v->util_cfs != rq->cfs_avg.util_avg ||
				    v->runnable_cfs != rq->cfs_avg.runnable_avg ||
				    v->util_est_cfs != rq->cfs_util_est ||
				    v->capacity_of != rq->cpu_capacity ||
				    v->util_rt != rq->rt_avg.util_avg ||
				    v->util_dl != rq->dl_avg.util_avg ||
				    v->uclamp_min_rq != rq->uclamp_rq[0] ||
				    v->uclamp_max_rq != rq->uclamp_rq[1] ||
				    v->rt_runnable != (rq->rt_nr > 0);
		v->capacity_of = rq->cpu_capacity;
		v->util_cfs = rq->cfs_avg.util_avg;
		v->runnable_cfs = rq->cfs_avg.runnable_avg;
		v->util_est_cfs = rq->cfs_util_est;
		v->util_rt = rq->rt_avg.util_avg;
		v->util_dl = rq->dl_avg.util_avg; /* cpu_util_dl(): the kthread's running, no bandwidth */
		v->uclamp_min_rq = rq->uclamp_rq[0];
		v->uclamp_max_rq = rq->uclamp_rq[1];
		v->rt_runnable = rq->rt_nr > 0;
		rq->view_stale = false;
	}
	/* the capped model's belief (arch_cap included) moves with time; the other models'
	 * pressures change only where rq_sync_pressure() follows */
	if (s->opt.model == CAPSIM_MODEL_CAPPED && sim_pressure_fill_view(s, rq->cpu, v))
		memo_inputs_moved = true;
	if (memo_inputs_moved)
		fair_memo_refresh(&s->rd, rq->cpu);
}

/* ---- fair class: EEVDF (model/fair_eevdf.c) ---------------------------------------------- */

/* sysctl_sched_base_slice: 0.75 ms x (1 + ilog2(ncpus)), SCHED_TUNABLESCALING_LOG */
uint64_t sim_base_slice_ns(const struct capsim_sim *s)
{
	unsigned n = s->nr_cpus < 8 ? s->nr_cpus : 8, factor = 1;

	while (n >>= 1)
		factor++;
	return 750000ULL * factor;
}

/*
 * mirrors update_curr()'s fair part (fair.c): vruntime and the deadline move only on the
 * scheduler's paths (enqueue, dequeue, pick, tick, wake-up preemption, yield), as in the
 * kernel, not at the engine's own accounting points (rq_update_curr() at a frequency change),
 * since calc_delta_fair() of a sum is not the sum of its parts; a reschedule it asks for is
 * kept in rq->fair_resched until the next tick, wake-up check or switch.
 */
static void update_curr_fair(struct capsim_sim *s, struct sim_rq *rq)
{
	rq_update_curr(s, rq);
	if (rq->curr && task_is_fair(rq->curr) && eevdf_update_curr(&rq->cfs, rq->clk.clock))
		rq->fair_resched = true;
}

/*
 * mirrors update_curr() (fair.c) and update_curr_rt() (rt.c): charge the running task for the
 * time since it last was, and move its work forward at this CPU's delivered speed.
 */
void rq_update_curr(struct capsim_sim *s, struct sim_rq *rq)
{
	struct sim_task *p = rq->curr;
	uint64_t delta;

	if (!p || rq->clk.clock <= p->exec_start)
		return;
	delta = rq->clk.clock - p->exec_start;
	p->exec_start = rq->clk.clock;
	p->slice_exec += delta;
	p->st.runtime_ns += delta;
	task_add_cpu_time(p, rq->cpu, delta);
	task_progress(s, p, rq->cpu, delta);
}

static struct sim_task *pick_rt(struct sim_rq *rq)
{
	struct sim_task *best = NULL;

	for (struct sim_task *t = rq->rt_head; t; t = t->rq_next)
		if (!best || t->rt_prio > best->rt_prio)
			best = t;
	return best;
}

static void rq_cancel_completion(struct sim_rq *rq);

/* ---- enqueue / dequeue ------------------------------------------------------------------- */

/*
 * mirrors enqueue_task_fair() / enqueue_task_rt() (and activate_task()): util_est first, then
 * the entity's PELT update with attach, then the accounting; overutilized is checked for
 * wake-ups only.
 */
void rq_enqueue_flags(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p, bool wakeup,
		      unsigned flags)
{
	/* enqueue_task(): uclamp_rq_inc() before ->enqueue_task(), whose frequency update then
	 * sees the clamps, or after it (v6.12) */
	bool uclamp_first = model_uclamp_inc_before_enqueue(s->opt.model);

	if (CAPSIM_MUT(5, uclamp_first, !uclamp_first))
		rq_uclamp_inc(s, rq, p);
	update_rq_clock(s, rq);
	update_curr_fair(s, rq);
	p->cpu = rq->cpu;
	if (p->rt) {
		p->in_iowait &= !wakeup; /* enqueue_task_rt() passes no iowait flag */
		update_rt_rq_load_avg(s, rq, rq->curr && rq->curr->rt);
		p->state = TASK_RUNNABLE;
		task_list_append(&rq->rt_head, &rq->rt_tail, p);
		rq->rt_nr++;
		rq->view_stale = true;
		if (++rq->nr_running >= 2)
			s->overloaded = true;
		rq_sync_view(s, rq);
		cpufreq_update_util(s, rq->cpu); /* enqueue_top_rt_rq() */
		if (!uclamp_first) {
			rq_uclamp_inc(s, rq, p);
			rq_sync_view(s, rq);
		}
		return;
	}
	bool ue_first = CAPSIM_MUT(1, true, false);

	if (ue_first)
		rq->cfs_util_est = util_est_enqueue(rq->cfs_util_est, p->util_est);
	rq->view_stale = true;
	if (p->in_iowait && CAPSIM_MUT(2, wakeup, !wakeup)) {
		/* enqueue_task_fair(): the iowait flag reaches schedutil explicitly (iowait boost);
		 * the task leaves its IO wait with this wake-up (io_schedule_finish()) */
		p->in_iowait = false;
		rq_sync_view(s, rq);
		cpufreq_update_util_flags(s, rq->cpu, CAPSIM_MUT(3, SCHED_CPUFREQ_IOWAIT, 0));
	}
	update_load_avg(s, rq, p);
	if (!ue_first)
		rq->cfs_util_est = util_est_enqueue(rq->cfs_util_est, p->util_est);
	eevdf_enqueue(&rq->cfs, &p->se, flags);
	p->state = TASK_RUNNABLE;
	p->slice_exec = 0;
	task_list_append(&rq->fair_head, &rq->fair_tail, p);
	sim_cfs_tasks_add(s, p); /* account_entity_enqueue(): the head of cfs_tasks */
	rq->cfs_nr++;
	if (++rq->nr_running >= CAPSIM_MUT(7, 2u, 3u))
		s->overloaded = true; /* add_nr_running() sets rd->overloaded */
	rq->cfs_load_weight += CAPSIM_MUT(4, p->weight, p->se.weight + 1);
	if (CAPSIM_MUT(6, !uclamp_first, uclamp_first))
		rq_uclamp_inc(s, rq, p);
	rq_sync_view(s, rq);
	if (wakeup)
		check_update_overutilized_status(s, rq);
}

void rq_enqueue(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p, bool wakeup)
{
	rq_enqueue_flags(s, rq, p, wakeup, 0);
}

/*
 * mirrors enqueue_task(ENQUEUE_DELAYED) from ttwu_runnable(): util_est_enqueue(), then
 * requeue_delayed_entity() (its PELT update while still delayed, then runnable again), then
 * uclamp_rq_inc() now that it is no longer delayed; no add_nr_running(), no overutilized check.
 */
void rq_requeue_delayed(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	update_rq_clock(s, rq);
	rq_update_curr(s, rq); /* curr's vruntime is not charged first (no update_curr() here) */
	CAPSIM_MUT(8, (void)(rq->cfs_util_est = util_est_enqueue(rq->cfs_util_est, p->util_est)),
		   (void)0);
	rq->view_stale = true;
	/* the PELT update sees it still delayed (queued, not runnable): update_load_avg() comes
	 * before clear_delayed(), which eevdf_requeue_delayed() does */
	CAPSIM_MUT(10, update_load_avg(s, rq, p), (void)0);
	eevdf_requeue_delayed(&rq->cfs, &p->se);
	rq->cfs_delayed--;
	rq->cfs_nr++;
	p->state = TASK_RUNNABLE;
	p->slice_exec = 0;
	task_list_append(&rq->fair_head, &rq->fair_tail, p);
	CAPSIM_MUT(9, rq_uclamp_inc(s, rq, p), (void)0);
	rq_sync_view(s, rq);
}

/*
 * mirrors pick_next_entity()'s dequeue_entities(DEQUEUE_SLEEP | DEQUEUE_DELAYED): the delayed
 * task the pick chose leaves for good (its util_est and uclamp already left at its sleep).
 */
static void dequeue_delayed(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	eevdf_dequeue(&rq->cfs, &p->se, EEVDF_DEQUEUE_SLEEP | EEVDF_DEQUEUE_DELAYED);
	update_load_avg(s, rq, p);
	rq->cfs_delayed--;
	rq->cfs_load_weight -= p->weight;
	rq->nr_running--;
	rq_sync_view(s, rq);
}

/* mirrors util_est_update() at dequeue_task_fair() of @p on @rq, with its trace event */
static void rq_util_est_update(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
			       bool sleep)
{
	if (util_est_update(&p->util_est, CAPSIM_MUT(16, p->avg.util_avg, p->avg.runnable_avg),
			    p->avg.runnable_avg,
			    model_util_est_capacity(s->opt.model, arch_cap(s, rq->cpu)), sleep))
		sim_ev_util_est(s, rq, p, (uint32_t)p->avg.util_avg);
}

/*
 * DELAY_DEQUEUE: the sleeping task @p was not eligible, so it stays queued, delayed, with its
 * load (dequeue_entity(): update_load_avg(), set_delayed()); it is no longer runnable, and the
 * switch away from it is rq_resched()'s. It stays the cfs_rq's curr until then, as in the
 * kernel, where the pick that follows may choose it (RUN_TO_PARITY: its slice is still
 * protected) and so dequeue it for good; else put_prev_entity() puts it into the timeline
 * (not into fair_head, so the balance does not see it). util_est_update() runs as for any
 * sleep (dequeue_task_fair()), unless the model's order ran it already (@util_est_updated).
 */
static void rq_dequeue_delay(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
			     bool util_est_updated)
{
	/* dequeue_entity(): update_load_avg() while still runnable, then set_delayed(), which
	 * eevdf_dequeue() did already */
	p->se.sched_delayed = false;
	CAPSIM_MUT(11, update_load_avg(s, rq, p), (void)0);
	p->se.sched_delayed = true;
	rq->cfs_nr--;
	rq->cfs_delayed += CAPSIM_MUT(17, 1u, 0u);
	if (rq->curr == p) {
		rq->curr = NULL;
		rq->dequeued_curr = p;
		update_cfs_rq_load_avg(s, rq, rq_clock_pelt(rq));
		rq_cancel_completion(rq);
	} else {
		task_list_remove(&rq->fair_head, &rq->fair_tail, p);
	}
	p->state = TASK_BLOCKED;
	if (!util_est_updated)
		rq_util_est_update(s, rq, p, true);
	rq_sync_view(s, rq);
}

/*
 * mirrors dequeue_task_fair() / dequeue_task_rt(): util_est_dequeue, the PELT update while
 * still queued, the accounting, then util_est_update() for a sleep -- or, in the v6.12 model's
 * order (model_util_est_update_before_dequeue()), util_est_update() right after
 * util_est_dequeue, before dequeue_entities()'s PELT update; a sleeping fair task that is not
 * eligible is delayed instead (rq_dequeue_delay(), 6.12 on).
 */
void rq_dequeue(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p, bool sleep)
{
	bool util_est_first = !p->rt && model_util_est_update_before_dequeue(s->opt.model);

	/* dequeue_task(): uclamp_rq_dec() before ->dequeue_task() in every version, so its
	 * frequency update no longer counts the leaving task's clamps */
	CAPSIM_MUT(13, rq_uclamp_dec(s, rq, p), (void)0);
	update_rq_clock(s, rq);
	update_curr_fair(s, rq);
	if (p->rt) {
		update_rt_rq_load_avg(s, rq, rq->curr && rq->curr->rt);
		if (rq->curr != p)
			task_list_remove(&rq->rt_head, &rq->rt_tail, p);
		rq->rt_nr--;
		rq->view_stale = true;
	} else {
		rq->cfs_util_est = util_est_dequeue(rq->cfs_util_est,
						    CAPSIM_MUT(14, p->util_est, rq->cfs_util_est));
		rq->view_stale = true;
		if (util_est_first)
			rq_util_est_update(s, rq, p, CAPSIM_MUT(12, sleep, !sleep));
		if (sleep && !eevdf_dequeue(&rq->cfs, &p->se, EEVDF_DEQUEUE_SLEEP)) {
			rq_dequeue_delay(s, rq, p, util_est_first);
			return;
		}
		update_load_avg(s, rq, p);
		if (!sleep)
			eevdf_dequeue(&rq->cfs, &p->se, 0);
		if (rq->curr != p)
			task_list_remove(&rq->fair_head, &rq->fair_tail, p);
		else
			rq->cfs.curr = NULL; /* !on_rq: as if put already (put_prev_entity()) */
		rq->cfs_nr -= CAPSIM_MUT(15, 1u, 0u);
		rq->cfs_load_weight -= p->weight;
	}
	rq->nr_running--;
	if (rq->curr == p) {
		/* put_prev_task(): the entity stops running at this instant */
		rq->curr = NULL;
		rq->dequeued_curr = p; /* the switch away from it is rq_resched()'s */
		if (!p->rt)
			update_cfs_rq_load_avg(s, rq, rq_clock_pelt(rq));
		else
			update_rt_rq_load_avg(s, rq, 1);
		rq_cancel_completion(rq);
	}
	p->state = TASK_BLOCKED;
	if (!p->rt && !util_est_first)
		rq_util_est_update(s, rq, p, sleep);
	rq_sync_view(s, rq);
	if (p->rt)
		cpufreq_update_util(s, rq->cpu); /* dequeue_top_rt_rq() */
}

/*
 * mirrors enqueue_task_dl() of a special entity (SCHED_FLAG_SUGOV) and add_nr_running(): no
 * bandwidth (add_running_bw() skips it), hence no cpufreq_update_util(); the deadline class
 * has no uclamp (uclamp_enabled is 0) and no PELT update at enqueue.
 */
void rq_enqueue_dl(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	update_rq_clock(s, rq);
	p->cpu = rq->cpu;
	p->state = TASK_RUNNABLE;
	rq->dl_queued = p;
	if (++rq->nr_running >= 2)
		s->overloaded = true;
	rq_sync_view(s, rq);
}

/*
 * mirrors dequeue_task_dl(DEQUEUE_SLEEP) of the running kthread with update_curr_dl() (no
 * runtime is charged to a special entity) and the put_prev_task_dl() of the switch that
 * follows: rq->avg_dl counts the time it ran.
 */
void rq_dequeue_dl(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	update_rq_clock(s, rq);
	rq_update_curr(s, rq);
	rq->nr_running--;
	rq->curr = NULL;
	rq->dequeued_curr = p; /* the switch away from it is rq_resched()'s */
	update_dl_rq_load_avg(s, rq, 1);
	rq_cancel_completion(rq);
	p->state = TASK_BLOCKED;
	rq_sync_view(s, rq);
}

/* ---- switching --------------------------------------------------------------------------- */

static void put_prev(struct capsim_sim *s, struct sim_rq *rq)
{
	struct sim_task *p = rq->curr;

	if (!p)
		return;
	assert(!p->dl); /* a special deadline entity is never preempted here (no stopper) */
	if (p->rt) {
		update_rt_rq_load_avg(s, rq, 1); /* put_prev_task_rt() */
		task_list_append(&rq->rt_head, &rq->rt_tail, p);
	} else {
		update_load_avg(s, rq, p);    /* put_prev_entity() */
		task_list_append(&rq->fair_head, &rq->fair_tail, p);
		eevdf_put_prev(&rq->cfs);
	}
	p->state = TASK_RUNNABLE;
	rq->curr = NULL;
}

static void set_next(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	if (p->dl) {
		rq->dl_queued = NULL;
		update_dl_rq_load_avg(s, rq, 0); /* set_next_task_dl(): the previous task was not DL */
	} else if (p->rt) {
		task_list_remove(&rq->rt_head, &rq->rt_tail, p);
		update_rt_rq_load_avg(s, rq, 0); /* set_next_task_rt() */
	} else {
		task_list_remove(&rq->fair_head, &rq->fair_tail, p);
		sim_cfs_tasks_add(s, p); /* __set_next_task_fair(): cfs_tasks is MRU */
		/* set_next_entity(): RUN_TO_PARITY from here */
		eevdf_set_next(&rq->cfs, &p->se, rq->clk.clock);
		update_load_avg(s, rq, p);
		p->slice_exec = 0;
	}
	p->yielded = false;
	rq->curr = p;
	p->state = TASK_RUNNING;
	p->exec_start = rq->clk.clock;
	if (p->lat_pending) {
		task_record_latency(p, s->now - p->wake_time);
		p->lat_pending = false;
	}
	if (task_is_fair(p))
		update_misfit_status(s, rq); /* __set_next_task_fair(first) */
}

/*
 * mirrors pick_task_fair(): pick_eevdf(), and a delayed task it picks is dequeued for good
 * (pick_next_entity()) and the pick made again. NULL: no fair task to run.
 */
static struct sim_task *pick_fair(struct capsim_sim *s, struct sim_rq *rq)
{
	while (rq->cfs.nr_running) {
		struct eevdf_se *se = eevdf_pick(&rq->cfs);
		struct sim_task *p = task_of(se);

		if (!se->sched_delayed)
			return p;
		dequeue_delayed(s, rq, p);
	}
	return NULL;
}

/*
 * mirrors __schedule() with pick_next_task(): deadline (the sugov kthread) first, then RT, then
 * fair; an rq about to idle first tries sched_balance_newidle() and then checks for lost idle
 * time. A fair task the kthread preempted was put back (put_prev_entity()), so pick_eevdf()
 * chooses again, with no curr, once the kthread sleeps.
 */
void rq_resched(struct capsim_sim *s, struct sim_rq *rq)
{
	struct sim_task *prev = rq->curr, *next;
	/* the task the CPU switches from: curr, or the one rq_dequeue() just took off it */
	struct sim_task *from = prev ? prev : rq->dequeued_curr;

	rq->dequeued_curr = NULL;
	rq->sched_prev = from; /* still current for ftrace until the switch (newidle, schedutil) */
	update_rq_clock(s, rq);
	update_curr_fair(s, rq);
	rq->fair_resched = false;
	for (int tries = 0; tries < 2; tries++) {
		/* pick_task_dl(): the queued kthread, or the running one */
		next = rq->dl_queued ? rq->dl_queued : prev && prev->dl ? prev : NULL;
		if (!next) {
			next = pick_rt(rq);
			if (!next && prev && prev->rt)
				next = prev;
			if (next && prev && prev->rt && prev != next && prev->state == TASK_RUNNING &&
			    (prev->rt_prio > next->rt_prio ||
			     (prev->rt_prio == next->rt_prio && !prev->yielded)))
				next = prev; /* FIFO: a running RT task keeps the CPU from equals */
		}
		if (!next)
			next = pick_fair(s, rq);
		/* put_prev_entity() of a dequeued or delayed cfs curr, once the pick is made */
		if ((!prev || !task_is_fair(prev)) && rq->cfs.curr)
			eevdf_put_prev(&rq->cfs);
		if (next || tries)
			break;
		sched_balance_newidle(s, rq);
	}
	if (next && !from && !rq->stopper_curr && sim_idle_exit_pending(s, rq)) {
		rq->sched_prev = NULL; /* it runs once out of its idle state (EV_IDLE_EXIT) */
		return;
	}
	if (next == prev && (next || !from)) {
		rq->sched_prev = NULL;
		if (next && !next->in_cpu_event)
			sim_queue_advance(s, rq->cpu);
		else
			rq_arm_completion(s, rq);
		return;
	}
	put_prev(s, rq);
	if (!next) {
		update_idle_rq_clock_pelt(rq);
		update_misfit_status(s, rq);
		nohz_run_idle_balance(s, rq); /* do_idle(), before the tick stops */
		nohz_balance_enter_idle(s, rq);
		sim_ev_switch(s, rq->cpu, from, NULL);
		rq->stopper_curr = false;
		rq->sched_prev = NULL;
		sim_ev_counters(s, rq->cpu);
		sim_idle_enter(s, rq); /* do_idle() -> cpuidle_idle_call() */
		rq_sync_view(s, rq);
		rq_cancel_completion(rq);
		return;
	}
	if (!from && !rq->stopper_curr)
		sim_idle_leave(s, rq); /* the wake-up ends idle (its cpu_idle exit) */
	set_next(s, rq, next);
	sim_ev_switch(s, rq->cpu, from, next);
	rq->stopper_curr = false;
	rq->sched_prev = NULL;
	sim_ev_counters(s, rq->cpu);
	rq_sync_view(s, rq);
	if (!rq->tick_armed) {
		rq->tick_armed = true;
		sim_push(s, (sim_jiffies(s) + 1) * s->tick_ns, EV_TICK, (uint32_t)rq->cpu, 0);
	}
	if (!next->in_cpu_event)
		sim_queue_advance(s, rq->cpu); /* it runs its next events; it may block at once */
	else
		rq_arm_completion(s, rq);
}

/*
 * mirrors wakeup_preempt(): a higher class at once (deadline over RT over fair; the sugov
 * kthread, a special entity, also over any deadline task: wakeup_preempt_dl() with
 * dl_entity_preempt()); between fair tasks, check_preempt_wakeup_fair() (model/fair_eevdf.c),
 * unless a reschedule is already pending (test_tsk_need_resched()).
 */
void rq_check_preempt_wakeup(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	struct sim_task *c;

	/* the wake-up's frequency request reaches the sugov kthread before any switch */
	if (s->irq_work_pending)
		sugov_irq_work_run(s);
	c = rq->curr;
	if (!c || p->dl) {
		rq_resched(s, rq);
		return;
	}
	if (c->dl)
		return;
	if (p->rt) {
		if (!c->rt || p->rt_prio > c->rt_prio)
			rq_resched(s, rq);
		return;
	}
	if (c->rt)
		return;
	rq_update_curr(s, rq);
	if (rq->fair_resched ||
	    eevdf_wakeup_preempt(&rq->cfs, &p->se, rq->clk.clock, c->policy == WL_POLICY_IDLE,
				 p->policy == WL_POLICY_IDLE, p->policy == WL_POLICY_OTHER))
		rq_resched(s, rq);
}

/* mirrors yield_task_fair(): the running fair task gives up the rest of its request */
void rq_yield_fair(struct capsim_sim *s, struct sim_rq *rq)
{
	if (rq->nr_running == 1)
		return;
	update_rq_clock(s, rq);
	rq_update_curr(s, rq);
	eevdf_yield(&rq->cfs, rq->clk.clock);
}

/* Forget the pending completion event of @rq (its curr stopped or changed). */
static void rq_cancel_completion(struct sim_rq *rq)
{
	rq->gen++;
	rq->armed_time = 0;
}

/* Arm the event at which the running task's current run/runtime ends at today's speed; an
 * event already pending for the same task and time is kept. */
void rq_arm_completion(struct capsim_sim *s, struct sim_rq *rq)
{
	struct sim_task *p = rq->curr;
	uint64_t t;

	if (!p || !p->in_cpu_event) {
		rq_cancel_completion(rq);
		return;
	}
	t = s->now + task_time_to_done(s, p, rq->cpu);
	if (rq->armed_time == t && rq->armed_task == p)
		return;
	rq_cancel_completion(rq);
	rq->armed_time = t;
	rq->armed_task = p;
	sim_push(s, t, EV_CPU_DONE, (uint32_t)rq->cpu, rq->gen);
}

/* ---- tick -------------------------------------------------------------------------------- */

/*
 * mirrors sched_balance_update_blocked_averages(): the other signals first
 * (update_other_load_avgs(): RT, HW pressure), then CFS; schedutil once, after all of them,
 * if any decayed
 */
void rq_update_blocked(struct capsim_sim *s, struct sim_rq *rq)
{
	int decayed;

	rq->last_blocked_load_update_tick = sim_jiffies(s); /* update_blocked_load_tick() */
	update_rq_clock(s, rq);
	decayed = update_rt_rq_load_avg(s, rq, rq->curr && rq->curr->rt);
	decayed |= update_dl_rq_load_avg(s, rq, dl_running(rq));
	decayed |= sim_pressure_blocked(s, rq->cpu);
	decayed |= update_cfs_rq_load_avg(s, rq, rq_clock_pelt(rq));
	/* update_blocked_load_status(): others_have_blocked() || cfs_rq_has_blocked() */
	if (!rq->rt_avg.util_avg && !rq->dl_avg.util_avg &&
	    !sim_pressure_load_avg(s, rq->cpu) && !rq->cfs_avg.load_avg &&
	    !rq->cfs_avg.util_avg)
		rq->has_blocked_load = false;
	rq_sync_pressure(s, rq);
	rq_sync_view(s, rq);
	if (decayed)
		cpufreq_update_util(s, rq->cpu);
}

/*
 * mirrors sched_tick(): hw_load_avg on the task clock, then the class tick (fair:
 * entity_tick with update_curr/update_load_avg and the slice check, update_misfit_status,
 * check_update_overutilized_status; RT: rt load and the RR time slice; deadline:
 * task_tick_dl()'s avg_dl), then the balance trigger.
 */
void rq_tick(struct capsim_sim *s, struct sim_rq *rq)
{
	struct sim_task *c = rq->curr;
	bool resched = false;

	if (s->fie == PLATFORM_FIE_AMU) /* arch_scale_freq_tick() comes before update_rq_clock() */
		sim_amu_tick(s, rq->cpu);
	update_rq_clock(s, rq);
	sim_pressure_tick(s, rq->cpu);
	rq_sync_pressure(s, rq);
	update_curr_fair(s, rq);
	if (c && c->dl) {
		update_dl_rq_load_avg(s, rq, 1);
	} else if (c && !c->rt) {
		update_load_avg(s, rq, c);
		resched = rq->fair_resched; /* update_curr() in entity_tick() */
		update_misfit_status(s, rq);
		check_update_overutilized_status(s, rq);
	} else if (c) {
		update_rt_rq_load_avg(s, rq, 1);
		if (c->policy == WL_POLICY_RR && c->slice_exec >= RR_TIMESLICE_NS) {
			c->slice_exec = 0;
			c->yielded = true;
			resched = rq->rt_head != NULL;
		}
	}
	rq_sync_view(s, rq);
	if (resched)
		rq_resched(s, rq);
	else
		rq_arm_completion(s, rq);
	sched_balance_trigger(s, rq);
	/* the tick's frequency request: its irq_work runs as the tick's interrupt ends, after
	 * nohz_balancer_kick() looked at the runqueue */
	if (s->irq_work_pending)
		sugov_irq_work_run(s);
}

