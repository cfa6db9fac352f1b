// SPDX-License-Identifier: MIT
/*
 * fair.c - the fair class (kernel/sched/fair.c) on the engine's runqueues: its sched_class
 * slots (enqueue, dequeue with 6.12's delayed dequeue, pick, put, set_next, tick, wake-up
 * preemption, yield, migrate, task_dead), the load tracking they do (task and cfs_rq PELT on
 * the rq's PELT clock, util_est), and the blocked-load update of the balance. EEVDF itself is
 * model/fair_eevdf.c; wake-up placement, misfit and the load balance, the other half of the
 * kernel's fair.c, are fair_balance.c's.
 */
#include <stddef.h>

#include "internal.h"
#include "model/model.h"
#include "model/util_est.h"
#include "sim/sim.h"
#include "sim/sim_pressure.h"
#include "sim/sim_events.h"

/* the task an entity is embedded in (task_of()) */
#define task_of(se) ((struct sim_task *)((char *)(se) - offsetof(struct sim_task, se)))

/* ---- PELT of tasks and the cfs_rq ------------------------------------------------------- */

/* se->on_rq: queued, running, or asleep but delayed (DELAY_DEQUEUE) */
static bool task_on_rq(const struct sim_task *p)
{
	return p->state == TASK_RUNNABLE || p->state == TASK_RUNNING || p->se.sched_delayed;
}

/* __update_load_avg_se(), src/model/pelt.c; a delayed task has load but is not runnable
 * (se_runnable()). always_inline: in update_load_avg()'s frame */
static CAPSIM_ALWAYS_INLINE void update_load_avg_se(struct capsim_sim *s, struct sim_rq *rq,
						    struct sim_task *p, uint64_t now)
{
	if (pelt_update_load_avg_se(&p->avg, &p->util_est, now, task_on_rq(p),
				    task_on_rq(p) && CAPSIM_MUT(25, !p->se.sched_delayed, 1), rq->curr == p,
				    p->weight))
		sim_ev_pelt(s, rq, p, CAPSIM_PELT_TASK);
}

static void sub_positive64(uint64_t *v, uint64_t d)
{
	*v = *v > d ? *v - d : 0;
}

/* sub_positive() of a u32 field: the kernel's macro casts what it subtracts to the field's type */
static void sub_positive32(uint32_t *v, uint64_t d)
{
	*v = *v > (uint32_t)d ? *v - (uint32_t)d : 0;
}

/* max_t(u32, a, b): both operands cut to 32 bits, as the kernel's */
static uint32_t max_u32(uint64_t a, uint64_t b)
{
	return (uint32_t)a > (uint32_t)b ? (uint32_t)a : (uint32_t)b;
}

/*
 * the floor of a u64 sum (load_sum, runnable_sum) after a subtraction: at least its average x
 * PELT_MIN_DIVIDER, compared as u32 by 6.12's max_t(u32, ...), as the sum's own type by 7.3's
 * __update_sa()
 */
static uint64_t sum_floor(const struct sim_rq *rq, uint64_t sum, uint64_t avg)
{
	uint64_t floor = avg * CAPSIM_PELT_MIN_DIVIDER;

	if (CAPSIM_MUT(146, rq->cfs.v7_3, false))
		return sum > floor ? sum : floor;
	return max_u32(sum, floor);
}

/*
 * mirrors update_cfs_rq_load_avg()'s first step, kernel/sched/fair.c: the load of the tasks
 * that left (cfs_rq->removed) comes off the averages and, with the divider of now, the sums,
 * which stay above their averages' lower bound. Called when there is any (removed.nr), which
 * the caller tests inline: most updates have none.
 */
static void cfs_rq_take_removed(struct sim_rq *rq)
{
	struct capsim_sched_avg *sa = &rq->fc->cfs_avg;
	uint32_t divider = capsim_pelt_divider(sa);
	uint64_t r;

	r = rq->cfs_removed.load_avg;
	sub_positive64(&sa->load_avg, r);
	sub_positive64(&sa->load_sum, r * divider);
	sa->load_sum = sum_floor(rq, sa->load_sum, sa->load_avg);
	r = rq->cfs_removed.util_avg;
	sub_positive64(&sa->util_avg, r);
	sub_positive32(&sa->util_sum, r * divider);
	sa->util_sum = max_u32(sa->util_sum, sa->util_avg * CAPSIM_PELT_MIN_DIVIDER);
	r = rq->cfs_removed.runnable_avg;
	sub_positive64(&sa->runnable_avg, r);
	sub_positive64(&sa->runnable_sum, r * divider);
	sa->runnable_sum = sum_floor(rq, sa->runnable_sum, sa->runnable_avg);
	memset(&rq->cfs_removed, 0, sizeof(rq->cfs_removed));
}

/*
 * mirrors update_cfs_rq_load_avg(): the removed load, then __update_load_avg_cfs_rq().
 * always_inline: one frame with update_load_avg()'s (most of its calls) and its task's update
 */
static CAPSIM_ALWAYS_INLINE int update_cfs_rq_load_avg(struct capsim_sim *s, struct sim_rq *rq,
							 uint64_t now)
{
	bool running = rq->curr && CAPSIM_MUT(27, task_is_fair(rq->curr), true);
	int removed = rq->cfs_removed.nr && CAPSIM_MUT(84, true, false);
	unsigned nr = rq->fc->cfs_nr;
	int decayed;

	if (removed)
		cfs_rq_take_removed(rq);
	decayed = capsim_pelt_update(&rq->fc->cfs_avg, now, rq->cfs_load_weight,
				     CAPSIM_MUT(28, nr, nr + rq->fc->cfs_delayed), running, 1);

	decayed |= removed;
	if (decayed) {
		rq_signals_changed(s, rq);
		sim_ev_pelt(s, rq, NULL, CAPSIM_PELT_CFS);
	}
	return decayed;
}

/* mirrors attach_entity_load_avg(), kernel/sched/fair.c */
static void attach_entity_load_avg(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	struct capsim_sched_avg *sa = &rq->fc->cfs_avg;

	pelt_attach_entity_avg(&p->avg, sa, p->weight);
	/* enqueue_load_avg(); 7.3's __update_sa() floors the sum there too */
	sa->load_avg += p->avg.load_avg;
	sa->load_sum += p->weight * p->avg.load_sum;
	if (CAPSIM_MUT(147, rq->cfs.v7_3, false))
		sa->load_sum = sum_floor(rq, sa->load_sum, sa->load_avg);
	sa->util_avg += p->avg.util_avg;
	sa->util_sum += CAPSIM_MUT(23, p->avg.util_sum, (uint32_t)p->avg.util_avg);
	sa->runnable_avg += CAPSIM_MUT(24, p->avg.runnable_avg, p->avg.util_avg);
	sa->runnable_sum += p->avg.runnable_sum;
	rq_signals_changed(s, rq);
}

/*
 * mirrors detach_entity_load_avg(), kernel/sched/fair.c: the load balance's DO_DETACH of @p
 * from its cfs_rq, whose averages and sums lose p's own (dequeue_load_avg() with them), then
 * cfs_rq_util_change()
 */
static void detach_entity_load_avg(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	struct capsim_sched_avg *sa = &rq->fc->cfs_avg;

	sub_positive64(&sa->load_avg, p->avg.load_avg);
	sub_positive64(&sa->load_sum, p->weight * p->avg.load_sum);
	sa->load_sum = sum_floor(rq, sa->load_sum, sa->load_avg);
	sub_positive64(&sa->util_avg, p->avg.util_avg);
	sub_positive32(&sa->util_sum, CAPSIM_MUT(85, p->avg.util_sum, p->avg.util_avg * capsim_pelt_divider(sa)));
	sa->util_sum = max_u32(sa->util_sum, sa->util_avg * CAPSIM_PELT_MIN_DIVIDER);
	sub_positive64(&sa->runnable_avg, p->avg.runnable_avg);
	sub_positive64(&sa->runnable_sum, p->avg.runnable_sum);
	sa->runnable_sum = sum_floor(rq, sa->runnable_sum, sa->runnable_avg);
	rq_signals_changed(s, rq);
	rq_sync_time(s, rq);
	cpufreq_update_util(s, rq->cpu);
}

/*
 * mirrors remove_entity_load_avg(), kernel/sched/fair.c: @p (off the queue: woken elsewhere or
 * exited) catches up with its cfs_rq, whose next update_cfs_rq_load_avg() then takes p's
 * averages off (cfs_rq->removed)
 */
static void remove_entity_load_avg(struct capsim_sim *s, struct sim_task *p)
{
	struct sim_rq *rq = &s->rq[p->cpu];

	CAPSIM_MUT(89, task_sync_load_avg(s, p), (void)0);
	rq->cfs_removed.nr++;
	rq->cfs_removed.util_avg += p->avg.util_avg;
	rq->cfs_removed.load_avg += p->avg.load_avg;
	rq->cfs_removed.runnable_avg += p->avg.runnable_avg;
}

/* mirrors load_avg_is_decayed(), kernel/sched/fair.c */
static bool load_avg_is_decayed(const struct capsim_sched_avg *sa)
{
	return !sa->load_sum && !sa->util_sum && !sa->runnable_sum;
}

/*
 * mirrors migrate_se_pelt_lag(), kernel/sched/fair.c (NO_HZ_COMMON): a task woken away from an
 * idle CPU, whose clocks stopped at its idle entry, decays to an estimate of now -- the PELT
 * clock of the last idle sync plus the time since (sched_clock_cpu(), the engine's now), or
 * the cfs_rq's last update if that is later.
 */
static void migrate_se_pelt_lag(struct capsim_sim *s, struct sim_task *p)
{
	const struct sim_rq *rq = &s->rq[p->cpu];
	uint64_t now, lut = rq->fc->cfs_avg.last_update_time;

	if (load_avg_is_decayed(&p->avg) || rq->curr)
		return;
	now = rq->clk.clock_pelt_idle;
	if (now < lut)
		now = lut;
	else
		now += s->now + SIM_RQ_CLOCK_START_NS - rq->clk.clock_idle;
	pelt_update_load_avg_blocked_se(&p->avg, now, p->weight);
}

/* mirrors sync_entity_load_avg(): age a blocked task to its cfs_rq's last update */
void task_sync_load_avg(struct capsim_sim *s, struct sim_task *p)
{
	struct sim_rq *rq = &s->rq[p->cpu];

	if (!p->avg.last_update_time || task_on_rq(p))
		return;
	pelt_update_load_avg_blocked_se(&p->avg, rq->fc->cfs_avg.last_update_time, p->weight);
}

/*
 * mirrors update_load_avg(cfs_rq, se, UPDATE_TG | DO_ATTACH), kernel/sched/fair.c, or with
 * DO_DETACH instead (@detach: dequeue_entity() of a task the load balance moves).
 * always_inline, with update_load_avg(): in the frames of enqueue, dequeue, set_next and tick
 */
static CAPSIM_ALWAYS_INLINE void update_load_avg_flags(struct capsim_sim *s, struct sim_rq *rq,
						       struct sim_task *p, bool detach)
{
	uint64_t now = rq_clock_pelt(rq);
	int decayed;

	if (p && CAPSIM_MUT(18, p->avg.last_update_time != 0, p->avg.last_update_time == 0))
		update_load_avg_se(s, rq, p, now);
	decayed = CAPSIM_MUT(19, update_cfs_rq_load_avg(s, rq, now), 0);
	if (p && !p->avg.last_update_time && !detach) {
		attach_entity_load_avg(s, rq, p);
		decayed = 1;
	} else if (detach) {
		detach_entity_load_avg(s, rq, p); /* its cfs_rq_util_change() instead of the one below */
		return;
	}
	/* cfs_rq_util_change(): schedutil reads the new signals (and the capped model's belief
	 * of now); the caller syncs the idle flags */
	if (decayed)
		rq_sync_time(s, rq);
	if (CAPSIM_MUT(20, decayed, !decayed))
		cpufreq_update_util(s, rq->cpu);
}

static CAPSIM_ALWAYS_INLINE void update_load_avg(struct capsim_sim *s, struct sim_rq *rq,
						 struct sim_task *p)
{
	update_load_avg_flags(s, rq, p, false);
}

/* the weight post_init_entity_util_avg() scales by: se_weight(se), or (6.1,
 * model_post_init_scaled_weight()) se->load.weight, scale_load(weight) on 64-bit: << the
 * kernel's SCHED_FIXEDPOINT_SHIFT, which is SCHED_CAPACITY_SHIFT */
static uint64_t post_init_weight(const struct capsim_sim *s, const struct sim_task *p)
{
	if (!model_post_init_scaled_weight(s->opt.model))
		return p->weight;
	return p->weight << CAPSIM_MUT(290, SCHED_CAPACITY_SHIFT, 0);
}

/*
 * mirrors post_init_entity_util_avg(), kernel/sched/fair.c: a new task's first util_avg (a
 * task of another class only starts its PELT clock)
 */
void task_post_init_util(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	struct capsim_sched_avg *sa = &p->avg;
	int64_t cap = ((int64_t)rq->cap_orig - (int64_t)rq->fc->cfs_avg.util_avg) / 2;

	memset(sa, 0, sizeof(*sa));
	sa->load_avg = p->weight; /* init_entity_runnable_average() */
	if (!task_is_fair(p)) {
		sa->last_update_time = rq_clock_pelt(rq);
		return;
	}
	if (cap > 0) {
		if (rq->fc->cfs_avg.util_avg) {
			const struct capsim_sched_avg *cfs = &rq->fc->cfs_avg;

			sa->util_avg = cfs->util_avg * post_init_weight(s, p) / (cfs->load_avg + 1);
			if (sa->util_avg > (uint64_t)cap)
				sa->util_avg = (uint64_t)cap;
		} else {
			sa->util_avg = (uint64_t)cap;
		}
	}
	sa->runnable_avg = sa->util_avg;
}

/* ---- util_est ---------------------------------------------------------------------------- */

/* mirrors _task_util_est(), kernel/sched/fair.c */
static uint32_t task_util_est_raw(const struct sim_task *p)
{
	return task_util_est_value(p->util_est, p->util_est_ewma);
}

/* mirrors task_util_est(), kernel/sched/fair.c */
uint64_t task_util_est_of(const struct sim_task *p)
{
	uint64_t ue = task_util_est_raw(p);

	return p->avg.util_avg > ue ? p->avg.util_avg : ue;
}

/* mirrors util_est_update() at dequeue_task_fair() of @p on @rq, with its trace event */
static void rq_util_est_update(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
			       bool sleep)
{
	if (model_util_est_two_values(s->opt.model)) {
		if (util_est_update_6_1(CAPSIM_MUT(247, &p->util_est, &p->util_est_ewma),
					CAPSIM_MUT(247, &p->util_est_ewma, &p->util_est), p->avg.util_avg,
					CAPSIM_MUT(249, rq->cap_orig, p->avg.util_avg),
					CAPSIM_MUT(246, sleep, !sleep)))
			sim_ev_util_est(s, rq, p, (uint32_t)p->avg.util_avg);
		return;
	}
	if (util_est_update(&p->util_est, CAPSIM_MUT(16, p->avg.util_avg, p->avg.runnable_avg),
			    p->avg.runnable_avg, model_util_est_capacity(s->opt.model, rq->cap_orig),
			    sleep))
		sim_ev_util_est(s, rq, p, (uint32_t)p->avg.util_avg);
}

/* ---- EEVDF (model/fair_eevdf.c) ---------------------------------------------------------- */

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
	if (s->fair->update_curr(s, rq))
		rq->fair_resched = true;
}

static bool eevdf_tl_update_curr(struct capsim_sim *s, struct sim_rq *rq)
{
	(void)s;
	return eevdf_update_curr(&rq->cfs, rq->clk.clock);
}

/*
 * mirrors pick_next_entity()'s dequeue_entities(DEQUEUE_SLEEP | DEQUEUE_DELAYED) (7.3's
 * __dequeue_task()): the delayed task the pick chose leaves for good (its util_est and uclamp
 * already left at its sleep). dequeue_entity() updates its PELT while it is still queued (its
 * load counted, not runnable, not running) in 6.12.118 and 7.3 alike, then takes it off.
 */
static void dequeue_delayed(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	bool pelt_first = rq->cfs.v7_3 ? CAPSIM_MUT(170, true, false) : CAPSIM_MUT(210, true, false);

	if (pelt_first)
		update_load_avg(s, rq, p);
	eevdf_dequeue(&rq->cfs, &p->se, EEVDF_DEQUEUE_SLEEP | EEVDF_DEQUEUE_DELAYED);
	if (!pelt_first)
		update_load_avg(s, rq, p);
	rq->fc->cfs_delayed -= CAPSIM_MUT(212, 1u, 0u);
	rq->cfs_load_weight -= p->weight;
	rq->fc->nr_running--;
	rq_sync_view(s, rq);
}

/*
 * mirrors pick_next_entity(): pick_eevdf() (@protect: curr's slice protection and the next
 * buddy count), and a delayed task it picks is dequeued for good (NULL then)
 */
static struct eevdf_se *pick_next_entity(struct capsim_sim *s, struct sim_rq *rq, bool protect)
{
	struct eevdf_se *se = eevdf_pick(&rq->cfs, protect);

	if (!se->sched_delayed)
		return se;
	dequeue_delayed(s, rq, task_of(se));
	return NULL;
}

/* mirrors pick_task_fair(): pick_next_entity() until it finds a task. NULL: none to run */
static struct sim_task *eevdf_tl_pick(struct capsim_sim *s, struct sim_rq *rq)
{
	while (rq->cfs.nr_running) {
		struct eevdf_se *se = pick_next_entity(s, rq, CAPSIM_MUT(217, true, false));

		if (se)
			return task_of(se);
	}
	return NULL;
}

static struct sim_task *pick_task_fair(struct capsim_sim *s, struct sim_rq *rq,
				       struct sim_task *prev)
{
	(void)prev;
	return s->fair->pick(s, rq);
}

/*
 * put_prev_entity() of a cfs curr that is no longer rq->curr (dequeued or delayed, or one the
 * deadline kthread preempted), once the pick is made: pick_eevdf() then chooses with no curr.
 */
void fair_put_prev_dequeued(struct capsim_sim *s, struct sim_rq *rq, const struct sim_task *prev)
{
	if ((!prev || !task_is_fair(prev)) && s->fair->has_curr(rq))
		s->fair->put_prev(s, rq);
}

/*
 * put_prev_entity(): a curr still queued that is no longer rq->curr (a delayed one the pick did
 * not choose) has its PELT brought up to now as it goes back into the tree
 */
static void eevdf_tl_put_prev(struct capsim_sim *s, struct sim_rq *rq)
{
	struct eevdf_se *se = rq->cfs.curr;

	if (se && se->on_rq && rq->curr != task_of(se))
		CAPSIM_MUT(218, update_load_avg(s, rq, task_of(se)), (void)0);
	eevdf_put_prev(&rq->cfs);
}

static bool eevdf_tl_has_curr(const struct sim_rq *rq)
{
	return rq->cfs.curr != NULL;
}

/* ---- enqueue / dequeue ------------------------------------------------------------------- */

/*
 * mirrors enqueue_task_fair() (and activate_task()): util_est first, then the entity's PELT
 * update with attach, then the accounting; overutilized is checked for wake-ups only.
 */
static void enqueue_task_fair(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
			      bool wakeup, unsigned flags)
{
	bool uclamp_first = model_uclamp_inc_before_enqueue(s->opt.model);
	bool ue_first = CAPSIM_MUT(1, true, false);

	update_curr(s, rq);
	p->cpu = rq->cpu;
	if (ue_first)
		rq->fc->util_est_cfs = util_est_enqueue(rq->fc->util_est_cfs, task_util_est_raw(p));
	rq_signals_changed(s, rq);
	if (p->in_iowait && CAPSIM_MUT(2, wakeup, !wakeup)) {
		/* enqueue_task_fair(): the iowait flag reaches schedutil explicitly (iowait boost);
		 * the task leaves its IO wait with this wake-up (io_schedule_finish()) */
		p->in_iowait = false;
		rq_sync_time(s, rq);
		cpufreq_update_util_flags(s, rq->cpu, CAPSIM_MUT(3, SCHED_CPUFREQ_IOWAIT, 0));
	}
	update_load_avg(s, rq, p);
	if (!ue_first) {
		rq->fc->util_est_cfs = util_est_enqueue(rq->fc->util_est_cfs, task_util_est_raw(p));
		rq_signals_changed(s, rq);
	}
	s->fair->enqueue(s, rq, p, wakeup, flags);
	p->state = TASK_RUNNABLE;
	task_list_append(&rq->fair_head, &rq->fair_tail, p);
	sim_cfs_tasks_add(s, p); /* account_entity_enqueue(): the head of cfs_tasks */
	rq->fc->cfs_nr++;
	if (++rq->fc->nr_running >= CAPSIM_MUT(7, 2u, 3u))
		s->overloaded = true; /* add_nr_running() sets rd->overloaded */
	rq->cfs_load_weight += CAPSIM_MUT(4, p->weight, p->se.weight + 1);
	/* enqueue_task(): uclamp_rq_inc() after ->enqueue_task() (v6.12) */
	if (CAPSIM_MUT(6, !uclamp_first, uclamp_first))
		rq_uclamp_inc(s, rq, p);
	rq_sync_view(s, rq);
	if (wakeup)
		check_update_overutilized_status(s, rq);
}

/*
 * mirrors enqueue_task(ENQUEUE_DELAYED) from ttwu_runnable(): util_est_enqueue(), then
 * requeue_delayed_entity() (its PELT update while still delayed, then runnable again), then
 * uclamp_rq_inc() now that it is no longer delayed; no add_nr_running(), no overutilized check.
 */
void rq_requeue_delayed(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	/* enqueue_task(): uclamp_rq_inc() before ->enqueue_task(), a delayed task's too (6.16) */
	bool uclamp_first = CAPSIM_MUT(148, model_uclamp_inc_before_enqueue(s->opt.model), false);

	update_rq_clock(s, rq);
	rq_update_curr(s, rq); /* 6.12: curr's vruntime is not charged first (no update_curr()) */
	if (uclamp_first)
		rq_uclamp_inc(s, rq, p);
	CAPSIM_MUT(8, (void)(rq->fc->util_est_cfs = util_est_enqueue(rq->fc->util_est_cfs,
								     task_util_est_raw(p))),
		   (void)0);
	if (CAPSIM_MUT(150, model_eevdf_7_3(s->opt.model), false))
		update_curr_fair(s, rq); /* 7.3's update_curr_eevdf(): curr charged before the lag */
	rq_signals_changed(s, rq);
	/* the PELT update sees it still delayed (queued, not runnable): update_load_avg() comes
	 * before clear_delayed(), which eevdf_requeue_delayed() does */
	CAPSIM_MUT(10, update_load_avg(s, rq, p), (void)0);
	eevdf_requeue_delayed(&rq->cfs, &p->se);
	rq->fc->cfs_delayed--;
	rq->fc->cfs_nr++;
	p->state = TASK_RUNNABLE;
	sim_iowait_sync(s, p);
	task_list_append(&rq->fair_head, &rq->fair_tail, p);
	if (!uclamp_first)
		CAPSIM_MUT(9, rq_uclamp_inc(s, rq, p), (void)0);
	rq_sync_view(s, rq);
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
	rq->fc->cfs_nr--;
	rq->fc->cfs_delayed += CAPSIM_MUT(17, 1u, 0u);
	if (rq->curr == p) {
		rq_put_dequeued_curr(rq, p);
		update_cfs_rq_load_avg(s, rq, rq_clock_pelt(rq));
	} else {
		task_list_remove(&rq->fair_head, &rq->fair_tail, p);
	}
	p->state = TASK_BLOCKED;
	if (!util_est_updated)
		rq_util_est_update(s, rq, p, true);
	rq_sync_view(s, rq);
}

/*
 * mirrors dequeue_task_fair(): util_est_dequeue, the PELT update while still queued, the
 * accounting, then util_est_update() for a sleep -- or, in the v6.12 model's order
 * (model_util_est_update_before_dequeue()), util_est_update() right after util_est_dequeue,
 * before dequeue_entities()'s PELT update; a sleeping task that is not eligible is delayed
 * instead (rq_dequeue_delay(), 6.12 on).
 */
static void dequeue_task_fair(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
			      bool sleep)
{
	bool util_est_first = model_util_est_update_before_dequeue(s->opt.model);

	update_curr(s, rq);
	rq->fc->util_est_cfs = util_est_dequeue(rq->fc->util_est_cfs,
					    CAPSIM_MUT(14, task_util_est_raw(p), rq->fc->util_est_cfs));
	rq_signals_changed(s, rq);
	if (util_est_first)
		rq_util_est_update(s, rq, p, CAPSIM_MUT(12, sleep, !sleep));
	if (!s->fair->dequeue(s, rq, p, sleep)) {
		rq_dequeue_delay(s, rq, p, util_est_first);
		return;
	}
	update_load_avg_flags(s, rq, p, CAPSIM_MUT(86, p->migrating, false));
	if (rq->curr != p)
		task_list_remove(&rq->fair_head, &rq->fair_tail, p);
	rq->fc->cfs_nr -= CAPSIM_MUT(15, 1u, 0u);
	rq->cfs_load_weight -= p->weight;
	rq->fc->nr_running--;
	if (rq->curr == p) {
		/* put_prev_task(): the entity stops running at this instant */
		rq_put_dequeued_curr(rq, p);
		update_cfs_rq_load_avg(s, rq, rq_clock_pelt(rq));
	}
	p->state = TASK_BLOCKED;
	/* 7.3 calls it for a sleep only (update_load_avg()'s UPDATE_UTIL_EST); 6.x returns early */
	if (!util_est_first && (sleep || CAPSIM_MUT(152, !model_eevdf_7_3(s->opt.model), true)))
		rq_util_est_update(s, rq, p, sleep);
	rq_sync_view(s, rq);
}

/* ---- switching --------------------------------------------------------------------------- */

/* mirrors put_prev_task_fair(): put_prev_entity() of the running @p */
static void put_prev_task_fair(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	CAPSIM_MUT(213, update_load_avg(s, rq, p), (void)0);
	task_list_append(&rq->fair_head, &rq->fair_tail, p);
	s->fair->put_prev(s, rq);
}

/*
 * mirrors set_next_task_fair(): set_next_entity() (RUN_TO_PARITY from here) with its PELT
 * update, __set_next_task_fair()'s place at the head of cfs_tasks (MRU) and, once @p runs,
 * update_misfit_status().
 */
static void set_next_task_fair(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	bool curr_first = CAPSIM_MUT(214, false, true);

	task_list_remove(&rq->fair_head, &rq->fair_tail, p);
	sim_cfs_tasks_add(s, p);
	s->fair->set_next(s, rq, p);
	if (curr_first)
		rq_set_curr(s, rq, p);
	update_load_avg(s, rq, p); /* not yet curr: the wait is not running time */
	if (!curr_first)
		rq_set_curr(s, rq, p);
	update_misfit_status(s, rq);
}

/*
 * mirrors check_preempt_wakeup_fair() (model/fair_eevdf.c) of the running fair task by @p,
 * unless a reschedule is already pending (test_tsk_need_resched());
 * the newest model's wakeup_preempt_fair() (rq->cfs.v7_3) decides even then (PREEMPT_SHORT:
 * its buddy and protection stay)
 */
static void wakeup_preempt_fair(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
				int wake_flags)
{
	bool pending;

	rq_update_curr(s, rq);
	pending = CAPSIM_MUT(67, rq->fair_resched, false);
	if (pending && CAPSIM_MUT(168, !rq->cfs.v7_3, true)) {
		rq_resched(s, rq);
		return;
	}
	if (s->fair->wakeup_preempt(s, rq, p, wake_flags) || pending)
		rq_resched(s, rq);
}

/* ---- the EEVDF timeline (sim_fair_timeline) ---------------------------------------------- */

static void eevdf_tl_enqueue(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
			     bool wakeup, unsigned flags)
{
	(void)s;
	(void)wakeup;
	eevdf_enqueue(&rq->cfs, &p->se, flags);
}

/* a sleeping task that is not eligible stays queued, delayed (DELAY_DEQUEUE, 6.12) */
static bool eevdf_tl_dequeue(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
			     bool sleep)
{
	(void)s;
	if (!eevdf_dequeue(&rq->cfs, &p->se, sleep ? EEVDF_DEQUEUE_SLEEP : 0))
		return false;
	if (rq->curr == p)
		rq->cfs.curr = NULL; /* !on_rq: as if put already (put_prev_entity()) */
	return true;
}

static void eevdf_tl_set_next(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	(void)s;
	eevdf_set_next(&rq->cfs, &p->se, rq->clk.clock);
}

/* update_curr() asked for the slice-end reschedule already (rq->fair_resched) */
static bool eevdf_tl_tick(struct capsim_sim *s, struct sim_rq *rq)
{
	(void)s;
	(void)rq;
	return false;
}

/*
 * 7.3's wakeup_preempt_fair(): the decision up to the pick (model/fair_eevdf.c), then
 * pick_next_entity(), again while it dequeues a delayed task, then the decision on its choice
 */
static bool wakeup_preempt_eevdf_7_3(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
				     bool p_normal, int wake_flags)
{
	const struct sim_task *c = rq->curr;
	enum eevdf_wakeup_action action;
	struct eevdf_se *nse;
	bool resched;

	action = eevdf_wakeup_action(&rq->cfs, &p->se, rq->clk.clock, c->policy == WL_POLICY_IDLE,
				     p->policy == WL_POLICY_IDLE, p_normal,
				     wake_flags & WF_FORK, &resched);
	if (action == EEVDF_WAKEUP_NONE || action == EEVDF_WAKEUP_RESCHED)
		return action == EEVDF_WAKEUP_RESCHED || resched;
	do
		nse = pick_next_entity(s, rq, action != CAPSIM_MUT(169, EEVDF_WAKEUP_SHORT,
								   EEVDF_WAKEUP_PICK));
	while (!nse);
	return eevdf_wakeup_picked(&rq->cfs, &p->se, nse, action) || resched;
}

static bool eevdf_tl_wakeup_preempt(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
				    int wake_flags)
{
	const struct sim_task *c = rq->curr;
	bool p_normal = CAPSIM_MUT(65, p->policy == WL_POLICY_OTHER, p->policy != WL_POLICY_IDLE);

	if (rq->cfs.v7_3)
		return wakeup_preempt_eevdf_7_3(s, rq, p, p_normal, wake_flags);
	return eevdf_wakeup_preempt(&rq->cfs, &p->se, rq->clk.clock, c->policy == WL_POLICY_IDLE,
				    p->policy == WL_POLICY_IDLE, p_normal);
}

static void eevdf_tl_yield(struct capsim_sim *s, struct sim_rq *rq)
{
	(void)s;
	eevdf_yield(&rq->cfs, rq->clk.clock);
}

const struct sim_fair_timeline sim_fair_eevdf = {
	.enqueue = eevdf_tl_enqueue,
	.dequeue = eevdf_tl_dequeue,
	.pick = eevdf_tl_pick,
	.put_prev = eevdf_tl_put_prev,
	.has_curr = eevdf_tl_has_curr,
	.set_next = eevdf_tl_set_next,
	.update_curr = eevdf_tl_update_curr,
	.tick = eevdf_tl_tick,
	.wakeup_preempt = eevdf_tl_wakeup_preempt,
	.yield = eevdf_tl_yield,
};

/* mirrors yield_task_fair(): the running fair task gives up the rest of its request */
void rq_yield_fair(struct capsim_sim *s, struct sim_rq *rq)
{
	if (rq->fc->nr_running == 1)
		return;
	update_rq_clock(s, rq);
	rq_update_curr(s, rq);
	s->fair->yield(s, rq);
}

static void yield_task_fair(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	(void)p;
	rq_yield_fair(s, rq);
}

/*
 * mirrors task_tick_fair(): entity_tick() with update_curr() and update_load_avg() and the
 * slice check, update_misfit_status(), check_update_overutilized_status()
 */
static bool task_tick_fair(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	bool resched;

	CAPSIM_MUT(61, update_load_avg(s, rq, p), (void)0);
	resched = rq->fair_resched || s->fair->tick(s, rq);
	update_misfit_status(s, rq);
	check_update_overutilized_status(s, rq);
	return resched;
}

/*
 * mirrors migrate_task_rq_fair(): a woken task's PELT leaves its old cfs_rq through
 * cfs_rq->removed, decayed to about now if that CPU idles (migrate_se_pelt_lag()); one the load
 * balance moves left it at its dequeue already (DO_DETACH). It attaches on the new CPU at its
 * enqueue, where it is no longer cache hot (enqueue_entity(ENQUEUE_MIGRATED) zeroes exec_start;
 * 6.1 does it here).
 */
static void migrate_task_rq_fair(struct capsim_sim *s, struct sim_task *p, int new_cpu)
{
	if (s->fair->migrate)
		s->fair->migrate(s, p, new_cpu);
	if (!p->migrating) {
		remove_entity_load_avg(s, p);
		CAPSIM_MUT(87, migrate_se_pelt_lag(s, p), (void)0);
	}
	p->avg.last_update_time = 0;
	p->exec_start = CAPSIM_MUT(88, 0, p->exec_start);
}

/* mirrors task_dead_fair(): remove_entity_load_avg() of the exited task */
static void task_dead_fair(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	(void)rq;
	remove_entity_load_avg(s, p);
}

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
	decayed = update_rt_rq_load_avg(s, rq, rq->curr && task_is_rt(rq->curr));
	decayed |= update_dl_rq_load_avg(s, rq, rq->curr && task_is_dl(rq->curr));
	decayed |= sim_pressure_blocked(s, rq->cpu);
	decayed |= update_cfs_rq_load_avg(s, rq, rq_clock_pelt(rq));
	/* update_blocked_load_status(): others_have_blocked() || cfs_rq_has_blocked() */
	if (!rq->fc->avg_rt.util_avg && !rq->fc->avg_dl.util_avg &&
	    !sim_pressure_load_avg(s, rq->cpu) && !rq->fc->cfs_avg.load_avg &&
	    !rq->fc->cfs_avg.util_avg)
		rq->has_blocked_load = false;
	rq_sync_pressure(s, rq);
	rq_sync_time(s, rq);
	if (decayed)
		cpufreq_update_util(s, rq->cpu);
}

const struct sim_sched_class sim_fair_sched_class = {
	.next = &sim_idle_sched_class,
	.rank = 1,
	.uclamp_enabled = true,
	.enqueue_task = enqueue_task_fair,
	.dequeue_task = dequeue_task_fair,
	.pick_task = pick_task_fair,
	.put_prev_task = put_prev_task_fair,
	.set_next_task = set_next_task_fair,
	.task_tick = task_tick_fair,
	.update_curr = update_curr_fair,
	.select_task_rq = select_task_rq_fair,
	.migrate_task_rq = migrate_task_rq_fair,
	.balance = sched_balance_newidle,
	.wakeup_preempt = wakeup_preempt_fair,
	.yield_task = yield_task_fair,
	.task_dead = task_dead_fair,
};
