// SPDX-License-Identifier: MIT
/*
 * balance.c - where fair tasks go (kernel/sched/fair.c, v6.10+): wake-up placement
 * (select_task_rq_fair: find_energy_efficient_cpu while EAS runs and the root domain is not
 * overutilized, else select_idle_sibling/select_idle_capacity), the fork path, RT placement
 * (kernel/sched/rt.c find_lowest_rq, simplified), misfit tracking, the overutilized flag, and
 * load balance: periodic (sched_balance_trigger / sched_balance_domains), on behalf of idle
 * CPUs (nohz_balancer_kick), newidle, and active balance for misfit tasks. capacity_of() is
 * refreshed by update_cpu_capacity() at balance cadence. The placement functions themselves
 * are src/fair.c's; the domain topology is one level spanning all CPUs (docs/model.md).
 */
#include "internal.h"
#include "model/rt_placement.h"
#include "sim/sim.h"
#include "sim/sim_pressure.h"
#include "sim/sim_events.h"

/* mirrors sd->imbalance_pct of a non-SMT level, and sd->busy_factor */
#define IMBALANCE_PCT 117
#define BUSY_FACTOR 16
/* LOAD_AVG_PERIOD ms: how often nohz idle CPUs get their blocked load decayed */
#define NOHZ_BLOCKED_MS 32

/* capacity_orig as the model sees it: the capped model lowers it for caps held long enough */
static uint64_t arch_cap(const struct capsim_sim *s, int cpu)
{
	return sim_arch_cap(s, cpu);
}

/* mirrors is_rd_overutilized(): without EAS the system always behaves as overutilized */
static bool is_rd_overutilized(const struct capsim_sim *s)
{
	return !s->eas || s->overutilized;
}

/* task_fits_cpu() (src/fair.c) of a simulated task */
static bool sim_task_fits_cpu(const struct capsim_sim *s, const struct sim_task *p, int cpu)
{
	struct fair_task ft;

	task_fill_view(s, p, &ft);
	return task_fits_cpu(&s->rd, &ft, cpu);
}

/* cpu_overutilized() (src/fair.c), which is false without EAS */
static bool sim_cpu_overutilized(const struct capsim_sim *s, int cpu)
{
	return s->eas && cpu_overutilized(&s->rd, cpu);
}

/* mirrors set_task_max_allowed_capacity(): the biggest capacity p may run at */
void set_task_max_allowed_capacity(struct capsim_sim *s, struct sim_task *p)
{
	p->max_allowed_capacity = 0;
	for (unsigned c = 0; c < s->nr_cpus; c++)
		if (capsim_cpumask_test(&p->allowed, c) && arch_cap(s, (int)c) > p->max_allowed_capacity)
			p->max_allowed_capacity = arch_cap(s, (int)c);
}

void task_fill_view(const struct capsim_sim *s, const struct sim_task *p, struct fair_task *ft)
{
	ft->util = p->avg.util_avg;
	ft->runnable = p->avg.runnable_avg;
	ft->util_est = p->util_est;
	ft->uclamp_min = p->uclamp_eff[0];
	ft->uclamp_max = p->uclamp_eff[1];
	ft->prev_cpu = p->cpu;
	ft->allowed = p->allowed;
}

/* The first CPU @p may run on, from @from upwards (wrapping). */
int task_first_allowed(const struct capsim_sim *s, const struct sim_task *p, int from)
{
	for (unsigned i = 0; i < s->nr_cpus; i++) {
		int c = (int)((unsigned)from + i) % (int)s->nr_cpus;

		if (capsim_cpumask_test(&p->allowed, (unsigned)c))
			return c;
	}
	return 0;
}

static bool cpu_idle(const struct capsim_sim *s, int cpu)
{
	return s->view[cpu].idle || s->view[cpu].sched_idle;
}

/*
 * mirrors select_idle_sibling() for a wake-up with target == prev: the target if idle and the
 * task fits; on asymmetric systems select_idle_capacity() over all CPUs; otherwise the first
 * idle allowed CPU after the target (select_idle_cpu without the SIS_UTIL scan limit).
 */
static int select_idle_sibling(struct capsim_sim *s, const struct sim_task *p,
			       const struct fair_task *ft, int target)
{
	if (capsim_cpumask_test(&p->allowed, (unsigned)target) && cpu_idle(s, target) &&
	    (!s->asym || sim_task_fits_cpu(s, p, target)))
		return target;
	if (s->asym) {
		int i = select_idle_capacity(&s->rd, ft, target);

		return i >= 0 ? i : target;
	}
	for (unsigned i = 1; i < s->nr_cpus; i++) {
		int c = (int)capsim_cpu_wrap((unsigned)target, i, s->nr_cpus);

		if (capsim_cpumask_test(&p->allowed, (unsigned)c) && cpu_idle(s, c))
			return c;
	}
	return target;
}

/*
 * The fork path (sched_balance_find_dst_cpu), simplified: among allowed CPUs prefer one the
 * task fits (asymmetric systems), then the fewest running tasks, then the lowest CFS util,
 * then the lowest number.
 */
static int find_idlest_cpu(struct capsim_sim *s, const struct sim_task *p)
{
	int best = -1;
	bool best_fits = false;
	uint64_t best_nr = 0, best_util = 0;

	for (unsigned c = 0; c < s->nr_cpus; c++) {
		bool fits;
		uint64_t nr, util;

		if (!capsim_cpumask_test(&p->allowed, c))
			continue;
		fits = !s->asym || sim_task_fits_cpu(s, p, (int)c);
		nr = s->rq[c].nr_running;
		util = cpu_util_cfs(&s->rd, (int)c);
		if (best < 0 || (fits && !best_fits) ||
		    (fits == best_fits && (nr < best_nr || (nr == best_nr && util < best_util)))) {
			best = (int)c;
			best_fits = fits;
			best_nr = nr;
			best_util = util;
		}
	}
	return best < 0 ? 0 : best;
}

/* mirrors select_task_rq_fair() for WF_TTWU (wake-up) and WF_FORK, then select_task_rq()'s
 * is_cpu_allowed() fallback */
int select_task_rq_fair(struct capsim_sim *s, struct sim_task *p, bool fork)
{
	struct fair_task ft;
	int cpu;

	sim_pressure_refresh_views(s);

	if (fork)
		return find_idlest_cpu(s, p);
	task_sync_load_avg(s, p);
	task_fill_view(s, p, &ft);
	cpu = -1;
	if (!is_rd_overutilized(s))
		cpu = sim_no_sink(s) ? find_energy_efficient_cpu(&s->rd, &ft, NULL)
				     : sim_feec_traced(s, p, &ft);
	if (cpu < 0)
		cpu = select_idle_sibling(s, p, &ft, p->cpu);
	if (!capsim_cpumask_test(&p->allowed, (unsigned)cpu))
		cpu = task_first_allowed(s, p, p->cpu); /* select_fallback_rq() */
	return cpu;
}

/*
 * mirrors select_task_rq() for an RT task (model/rt_placement.c): what each CPU's rq->curr
 * and rq->rt hold, cpupri as cpupri_set() leaves it (no DL tasks here, so convert_prio() of
 * the highest RT prio), one wake-affine level over all CPUs, woken from prev (the CPU whose
 * hrtimer fired) with that CPU's distribute cursor.
 */
int select_task_rq_rt(struct capsim_sim *s, struct sim_task *p)
{
	struct rt_rd rd = { .nr_cpus = s->nr_cpus, .asym = s->asym, .nr_levels = 1 };
	struct rt_task t = {
		.prio = 99 - p->rt_prio,
		.uclamp_min = p->uclamp_eff[0],
		.uclamp_max = p->uclamp_eff[1],
		.prev_cpu = p->cpu,
		.allowed = p->allowed,
	};
	struct rt_place_result res;

	rd.levels[0].wake_affine = true;
	for (unsigned c = 0; c < s->nr_cpus; c++) {
		const struct sim_rq *rq = &s->rq[c];
		const struct sim_task *curr = rq->curr;
		int high = 99; /* rq->rt.highest_prio.curr: MAX_RT_PRIO - 1 when empty */

		if (curr && curr->rt)
			high = 99 - curr->rt_prio;
		for (const struct sim_task *q = rq->rt_head; q; q = q->rq_next)
			high = 99 - q->rt_prio < high ? 99 - q->rt_prio : high;
		rd.cpus[c] = (struct rt_cpu){
			.curr_prio = !curr ? 120 : curr->rt ? 99 - curr->rt_prio : 120 + curr->nice,
			.curr_nr_cpus_allowed = curr ? curr->nr_allowed : 1,
			.rt_highest_prio = high,
			.cpupri = rt_convert_prio(high),
			.arch_cap = arch_cap(s, (int)c),
		};
		capsim_cpumask_set(&rd.levels[0].span, c);
	}
	return rt_select_task_rq(&rd, &t, p->cpu, &s->distribute_prev[p->cpu], &res);
}

/* mirrors update_misfit_status() */
void update_misfit_status(struct capsim_sim *s, struct sim_rq *rq)
{
	struct sim_task *p = rq->curr && !rq->curr->rt ? rq->curr : NULL;
	uint64_t load = 0;

	if (!s->asym)
		return;
	if (p && p->nr_allowed != 1 && arch_cap(s, rq->cpu) != p->max_allowed_capacity &&
	    !sim_task_fits_cpu(s, p, rq->cpu))
		load = p->avg.load_avg > 1 ? p->avg.load_avg : 1; /* task_h_load() */
	if (load == rq->misfit_task_load)
		return;
	rq->misfit_task_load = load;
	sim_ev_misfit(s, rq);
}

/* mirrors check_update_overutilized_status() */
void check_update_overutilized_status(struct capsim_sim *s, struct sim_rq *rq)
{
	if (!s->eas || s->overutilized)
		return;
	if (sim_cpu_overutilized(s, rq->cpu))
		sim_set_overutilized(s, true);
}

/* mirrors update_cpu_capacity(): capacity_of() = scale_rt_capacity(), at least 1 */
void update_cpu_capacity(struct capsim_sim *s, int cpu)
{
	uint64_t c = scale_rt_capacity(&s->rd, cpu);

	s->rq[cpu].cpu_capacity = c ? c : 1;
	if (s->view[cpu].capacity_of == s->rq[cpu].cpu_capacity)
		return; /* what the memo read has not moved */
	s->view[cpu].capacity_of = s->rq[cpu].cpu_capacity;
	sim_ev_cpu_capacity(s, cpu);
	fair_memo_refresh(&s->rd, cpu);
}

/* mirrors capacity_greater(): @a noticeably (about 5%) above @b */
static bool capacity_greater(uint64_t a, uint64_t b)
{
	return a * 1024 > b * 1078;
}

/* Bookkeeping of a move between CPUs (set_task_cpu() + migrate_task_rq_fair()). */
void migrate_task(struct capsim_sim *s, struct sim_task *p, int dst, bool misfit)
{
	if (!p->rt && p->avg.last_update_time)
		task_detach(s, &s->rq[p->cpu], p);
	sim_ev_migrate(s, p, dst);
	p->cpu = dst;
	p->st.migrations++;
	s->migrations++;
	if (misfit)
		s->misfit_migrations++;
}

/*
 * mirrors detach_task() + attach_task() (and, for the running task, the stopper of
 * active_load_balance_cpu_stop()): @p leaves its rq, which reschedules if p was running, and
 * joins @dst, whose preemption check runs unless @dst is the CPU balancing from newidle.
 */
static void lb_move_task(struct capsim_sim *s, struct sim_task *p, int dst, bool misfit,
			 bool newidle)
{
	struct sim_rq *src = &s->rq[p->cpu];
	bool was_running = src->curr == p;

	if (was_running) {
		/* active_load_balance_cpu_stop() runs in migration/N, which preempts p first */
		sim_ev_stopper_preempt(s, src, dst);
		src->stopper_curr = true;
	}
	rq_dequeue(s, src, p, false);
	migrate_task(s, p, dst, misfit);
	rq_enqueue(s, &s->rq[dst], p, false);
	if (was_running)
		rq_resched(s, src);
	if (!newidle)
		rq_check_preempt_wakeup(s, &s->rq[dst], p);
}

/* The last queued (not running) fair task of @src that may run on @dst and matches @want_misfit. */
static struct sim_task *detach_candidate(struct capsim_sim *s, int src, int dst, bool misfit)
{
	struct sim_task *found = NULL;

	for (struct sim_task *t = s->rq[src].fair_head; t; t = t->rq_next) {
		if (!capsim_cpumask_test(&t->allowed, (unsigned)dst))
			continue;
		if (misfit && sim_task_fits_cpu(s, t, src))
			continue;
		found = t; /* detach_tasks() walks cfs_tasks from the tail */
	}
	return found;
}

/* The local group (one CPU) has spare capacity: group_has_capacity() for one CPU. */
static bool cpu_has_spare(const struct capsim_sim *s, int cpu)
{
	const struct sim_rq *rq = &s->rq[cpu];
	uint64_t cap = rq->cpu_capacity, util = cpu_util_cfs(&s->rd, cpu);

	if (rq->nr_running < 1)
		return true;
	if (cap * IMBALANCE_PCT < rq->cfs_avg.runnable_avg * 100)
		return false;
	return cap * 100 > util * IMBALANCE_PCT;
}

/* What a balance ended with: sched_balance_rq()'s ld_moved and migration type. */
enum lb_result {
	LB_BALANCED,   /* nothing to pull (out_balanced) */
	LB_MISFIT,     /* a misfit task to pull, but none could be (migrate_misfit, ld_moved 0) */
	LB_MOVED,      /* a task was pulled */
};

/*
 * mirrors sched_balance_rq() on the single domain: statistics and the root-domain
 * overutilized flag (update_sd_lb_stats), then in order: a misfit task onto @dst (active
 * balance if it is running alone), nothing more while EAS is in charge, and for an idle @dst a
 * queued task from the busiest runqueue.
 */
static enum lb_result sched_balance_rq(struct capsim_sim *s, int dst, bool newidle)
{
	bool sg_overutilized = false, sg_overloaded = false;
	int busiest = -1;
	uint64_t max_misfit = 0;
	unsigned max_nr = 1;

	if (!newidle)
		update_cpu_capacity(s, dst);
	for (unsigned c = 0; c < s->nr_cpus; c++) {
		const struct sim_rq *rq = &s->rq[c];

		if (sim_cpu_overutilized(s, (int)c))
			sg_overutilized = true;
		if (rq->nr_running > 1 || rq->misfit_task_load)
			sg_overloaded = true;
		if ((int)c == dst || !rq->nr_running || !s->asym)
			continue;
		if (rq->misfit_task_load > max_misfit &&
		    capacity_greater(s->rq[dst].cpu_capacity, rq->cpu_capacity)) {
			max_misfit = rq->misfit_task_load;
			busiest = (int)c;
		}
	}
	s->overloaded = sg_overloaded; /* set_rd_overloaded() at the root level */
	if (s->eas)
		sim_set_overutilized(s, sg_overutilized); /* root level: the only clear path */
	if (busiest >= 0 && cpu_has_spare(s, dst)) {
		struct sim_rq *src = &s->rq[busiest];
		struct sim_task *p = detach_candidate(s, busiest, dst, true);

		if (!p && src->curr && !src->curr->rt &&
		    capsim_cpumask_test(&src->curr->allowed, (unsigned)dst))
			p = src->curr; /* need_active_balance(): migrate_misfit */
		if (p) {
			lb_move_task(s, p, dst, true, newidle);
			return LB_MOVED;
		}
		return LB_MISFIT;
	}
	if (!is_rd_overutilized(s) || s->rq[dst].nr_running)
		return LB_BALANCED;
	busiest = -1;
	for (unsigned c = 0; c < s->nr_cpus; c++) {
		if ((int)c != dst && s->rq[c].cfs_nr > max_nr) {
			max_nr = s->rq[c].cfs_nr;
			busiest = (int)c;
		}
	}
	if (busiest >= 0) {
		struct sim_task *p = detach_candidate(s, busiest, dst, false);

		if (p) {
			lb_move_task(s, p, dst, false, newidle);
			return LB_MOVED;
		}
	}
	return LB_BALANCED;
}

/* mirrors get_sd_balance_interval(), in jiffies */
static uint64_t balance_interval_jiffies(const struct capsim_sim *s, const struct sim_rq *rq,
					 bool busy)
{
	uint64_t ms = rq->balance_interval_ms * (busy ? BUSY_FACTOR : 1);
	uint64_t j = ms * s->opt.hz / 1000;
	uint64_t max = (uint64_t)s->opt.hz * s->nr_cpus / 10; /* max_load_balance_interval */

	if (busy && j)
		j--;
	if (j < 1)
		j = 1;
	return j > max && max ? max : j;
}

/*
 * mirrors the end of sched_balance_rq() for a periodic or idle balance: a pull resets the
 * interval to sd->min_interval, a balanced domain doubles it up to sd->max_interval
 * (2 x sd_weight), a misfit task that could not be pulled leaves it (no back-off while misfit
 * waits).
 */
static void tune_balance_interval(const struct capsim_sim *s, struct sim_rq *rq,
				  enum lb_result r)
{
	if (r == LB_MOVED)
		rq->balance_interval_ms = s->nr_cpus;
	else if (r == LB_BALANCED && rq->balance_interval_ms < 2ULL * s->nr_cpus)
		rq->balance_interval_ms *= 2;
}

/*
 * mirrors sched_balance_domains() for one CPU: balance when its interval has passed; the next
 * one comes after the interval as the balance left it, busy if a pull made the CPU busy
 */
static void sched_balance_domains(struct capsim_sim *s, struct sim_rq *rq)
{
	uint64_t j = sim_jiffies(s);
	enum lb_result r;

	if (j < rq->next_balance)
		return;
	r = sched_balance_rq(s, rq->cpu, false);
	tune_balance_interval(s, rq, r);
	rq->next_balance = j + balance_interval_jiffies(s, rq, rq->nr_running > 0);
}

/* What a nohz kick asks the idle balancer for (NOHZ_*_KICK, kernel/sched/sched.h). */
enum {
	NOHZ_BALANCE_KICK = 1,
	NOHZ_STATS_KICK = 2,
	NOHZ_NEXT_KICK = 4,
};

/* in nohz.idle_cpus_mask and idle_cpu(): the simulated tick stops as a CPU idles */
static bool nohz_idle(const struct capsim_sim *s, unsigned cpu)
{
	return s->rq[cpu].nohz_tick_stopped && !s->rq[cpu].nr_running;
}

/* mirrors update_nohz_stats(): decay an idle CPU's blocked load, once a jiffy, while it has some */
static bool update_nohz_stats(struct capsim_sim *s, struct sim_rq *rq)
{
	if (!rq->has_blocked_load)
		return false;
	if (sim_jiffies(s) <= rq->last_blocked_load_update_tick)
		return true;
	rq_update_blocked(s, rq);
	return rq->has_blocked_load;
}

/*
 * mirrors _nohz_idle_balance(), run at once by the kicking CPU (the kernel's ILB runs it from
 * its softirq): the idle CPUs' blocked load (STATS), their balance when due (BALANCE), and
 * nohz.next_balance = the earliest next balance among them.
 */
static void nohz_idle_balance(struct capsim_sim *s, const struct sim_rq *this_rq, unsigned flags)
{
	uint64_t j = sim_jiffies(s), next_balance = j + 60ULL * s->opt.hz;
	bool has_blocked_load = false, update_next_balance = false;

	if (flags & NOHZ_STATS_KICK)
		s->nohz_has_blocked = false;
	if (flags & NOHZ_NEXT_KICK)
		s->nohz_needs_update = false;
	/* for_each_cpu_wrap(balance_cpu, nohz.idle_cpus_mask, this_cpu + 1) */
	for (unsigned i = 1; i <= s->nr_cpus; i++) {
		unsigned c = capsim_cpu_wrap((unsigned)this_rq->cpu, i, s->nr_cpus);
		struct sim_rq *rq = &s->rq[c];

		if (!nohz_idle(s, c))
			continue;
		if (flags & NOHZ_STATS_KICK)
			has_blocked_load |= update_nohz_stats(s, rq);
		if (j >= rq->next_balance && (flags & NOHZ_BALANCE_KICK))
			sched_balance_domains(s, rq);
		if (next_balance > rq->next_balance) {
			next_balance = rq->next_balance;
			update_next_balance = true;
		}
	}
	if (update_next_balance)
		s->nohz_next_balance = next_balance;
	if (flags & NOHZ_STATS_KICK)
		s->nohz_next_blocked = j + (NOHZ_BLOCKED_MS * s->opt.hz + 999) / 1000;
	if (has_blocked_load)
		s->nohz_has_blocked = true;
}

/* mirrors check_cpu_capacity(): RT, IRQ or pressure took a noticeable part of the CPU */
static bool check_cpu_capacity(const struct capsim_sim *s, const struct sim_rq *rq)
{
	return rq->cpu_capacity * IMBALANCE_PCT < arch_cap(s, rq->cpu) * 100;
}

/* mirrors nohz_balance_exit_idle(): the first busy tick takes the CPU out of nohz mode */
static void nohz_balance_exit_idle(struct capsim_sim *s, struct sim_rq *rq)
{
	if (!rq->nohz_tick_stopped)
		return;
	rq->nohz_tick_stopped = false;
	s->nohz_nr_cpus--;
}

/* mirrors find_new_ilb(): is there an idle CPU in nohz mode, other than @rq's, to kick? */
static bool nohz_has_ilb(const struct capsim_sim *s, const struct sim_rq *rq)
{
	for (unsigned c = 0; c < s->nr_cpus; c++)
		if ((int)c != rq->cpu && nohz_idle(s, c))
			return true;
	return false;
}

/*
 * mirrors nohz_balancer_kick() + kick_ilb(), from a busy CPU's tick: with CPUs in nohz mode, it
 * asks for their blocked-load decay every LOAD_AVG_PERIOD ms while some remains, and, once
 * nohz.next_balance has come, for their balance if it runs two tasks, a CFS task on a CPU
 * that lost a noticeable part of its capacity (check_cpu_capacity), or a misfit task.
 */
static void nohz_balancer_kick(struct capsim_sim *s, struct sim_rq *rq)
{
	uint64_t j = sim_jiffies(s);
	unsigned flags = 0;

	nohz_balance_exit_idle(s, rq);
	if (!s->nohz_nr_cpus)
		return;
	if (s->nohz_has_blocked && j > s->nohz_next_blocked)
		flags = NOHZ_STATS_KICK;
	if (j >= s->nohz_next_balance &&
	    (rq->nr_running >= 2 || (rq->cfs_nr >= 1 && check_cpu_capacity(s, rq)) ||
	     (s->asym && rq->misfit_task_load)))
		flags = NOHZ_STATS_KICK | NOHZ_BALANCE_KICK;
	if (s->nohz_needs_update)
		flags |= NOHZ_NEXT_KICK;
	if (!flags)
		return;
	if (flags & NOHZ_BALANCE_KICK)
		s->nohz_next_balance = j + 1;
	if (nohz_has_ilb(s, rq))
		nohz_idle_balance(s, rq, flags);
}

/* mirrors sched_balance_trigger(), from the tick, and the SCHED_SOFTIRQ it raises when due */
void sched_balance_trigger(struct capsim_sim *s, struct sim_rq *rq)
{
	if (sim_jiffies(s) >= rq->next_balance) {
		rq_update_blocked(s, rq);
		sched_balance_domains(s, rq);
	}
	nohz_balancer_kick(s, rq);
}

/*
 * mirrors nohz_balance_enter_idle(): @rq's CPU idles (its tick stops) with blocked load to
 * decay; it joins nohz.idle_cpus_mask unless it is still there from an earlier idle period
 * without a busy tick since, and only then is nohz.next_balance to be recomputed
 */
void nohz_balance_enter_idle(struct capsim_sim *s, struct sim_rq *rq)
{
	rq->has_blocked_load = true;
	if (!rq->nohz_tick_stopped) {
		rq->nohz_tick_stopped = true;
		s->nohz_nr_cpus++;
		s->nohz_needs_update = true;
	}
	s->nohz_has_blocked = true;
}

/*
 * mirrors nohz_newidle_balance(): a CPU about to idle for long enough (avg_idle at least
 * sysctl_sched_migration_cost) asks to decay the idle CPUs' blocked load itself when it is due
 * (nohz.has_blocked, nohz.next_blocked), so that it decays without a busy CPU's tick.
 */
static void nohz_newidle_balance(struct capsim_sim *s, struct sim_rq *rq)
{
	if (rq->avg_idle < SYSCTL_SCHED_MIGRATION_COST_NS)
		return;
	if (!s->nohz_has_blocked || sim_jiffies(s) < s->nohz_next_blocked)
		return;
	rq->newilb_kick = true;
}

/* mirrors nohz_run_idle_balance(), from do_idle(): the NOHZ_NEWILB_KICK's blocked-load decay */
void nohz_run_idle_balance(struct capsim_sim *s, struct sim_rq *rq)
{
	if (!rq->newilb_kick)
		return;
	rq->newilb_kick = false;
	nohz_idle_balance(s, rq, NOHZ_STATS_KICK);
}

/* mirrors the avg_idle update of ttwu_do_activate(): a wake-up ends the idle period */
void ttwu_update_avg_idle(struct sim_rq *rq)
{
	int64_t diff;

	if (!rq->idle_stamp)
		return;
	diff = (int64_t)(rq->clk.clock - rq->idle_stamp) - (int64_t)rq->avg_idle;
	rq->avg_idle += diff / 8; /* update_avg() */
	if (rq->avg_idle > 2 * SYSCTL_SCHED_MIGRATION_COST_NS) /* 2 x max_idle_balance_cost */
		rq->avg_idle = 2 * SYSCTL_SCHED_MIGRATION_COST_NS;
	rq->idle_stamp = 0;
}

/*
 * mirrors sched_balance_newidle(): clear the CPU's misfit state, stamp the idle period, and if
 * the root domain is overloaded (rd->overloaded: set when a runqueue reaches two tasks,
 * updated by the root-level balance from two-task and misfit runqueues) try to pull one before
 * going idle; without a pull, nohz_newidle_balance().
 */
void sched_balance_newidle(struct capsim_sim *s, struct sim_rq *rq)
{
	rq->misfit_task_load = 0;
	rq->idle_stamp = rq->clk.clock;
	if (s->overloaded && sched_balance_rq(s, rq->cpu, true) == LB_MOVED) {
		rq->idle_stamp = 0;
		return;
	}
	nohz_newidle_balance(s, rq);
}

/* An affinity change left the running task @p on a CPU it may not use: push it away (the
 * migration stopper of __set_cpus_allowed_ptr()). */
void sim_move_running(struct capsim_sim *s, struct sim_task *p)
{
	lb_move_task(s, p, find_idlest_cpu(s, p), false, false);
}
