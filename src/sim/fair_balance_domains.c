// SPDX-License-Identifier: MIT
/*
 * fair_balance_domains.c - when kernel/sched/fair.c balances: the tick's trigger
 * (sched_balance_trigger), the walk up a CPU's domains (sched_balance_domains), the nohz kick
 * from a busy CPU's tick (nohz_balancer_kick), the newidle walk of a CPU about to idle
 * (sched_balance_newidle) with what gates it in time (avg_idle against max_newidle_lb_cost,
 * update_newidle_cost()'s decay), and the avg_idle update of a wake-up. One balance pass
 * (sched_balance_rq) and the nohz idle balance itself are fair_balance.c's.
 */
#include <assert.h>

#include "internal.h"
#include "model/model.h"
#include "sim/sim.h"
#include "sim/sim_pressure.h"

/* mirrors sd->imbalance_pct of a non-SMT level (check_cpu_capacity() of the nohz kick), and
 * sd->busy_factor */
#define IMBALANCE_PCT 117
#define BUSY_FACTOR 16

/*
 * The cost model of a newidle balance pass (docs/model.md, "Newidle balance in time"): the
 * kernel measures each domain's pass with sched_clock_cpu(); capsim charges a constant per
 * domain, a fixed part plus a part per CPU of its span (update_sd_lb_stats() reads each CPU's
 * runqueue), so the walk is deterministic and a bigger domain costs more. The span's weight is
 * sim_sd's, set with the domains (debug builds check it against the span).
 */
#define NEWIDLE_LB_COST_BASE_NS 2000ULL
#define NEWIDLE_LB_COST_PER_CPU_NS 1000ULL

uint64_t newidle_lb_cost(const struct capsim_sim *s, const struct sim_rq *rq, unsigned sdi)
{
	assert(rq->sd[sdi].span_weight ==
	       capsim_cpumask_weight(&s->plat->sd->domains[rq->sd[sdi].dom].span));
	(void)s;
	return NEWIDLE_LB_COST_BASE_NS + NEWIDLE_LB_COST_PER_CPU_NS * rq->sd[sdi].span_weight;
}

/*
 * get_sd_balance_interval() of CPU @rq's domain @sdi, in jiffies: worked out again only when
 * balance_interval moved (msecs_to_jiffies() divides, at every newidle balance and tick)
 */
static uint64_t sd_balance_interval(const struct capsim_sim *s, struct sim_sd *ssd, bool busy)
{
	if (ssd->interval_ms != ssd->balance_interval) {
		/* max_load_balance_interval = HZ * num_online_cpus() / 10 */
		for (int b = 0; b < 2; b++)
			ssd->interval_jiffies[b] =
				lb_balance_interval(ssd->balance_interval, b, BUSY_FACTOR, s->opt.hz,
						    (uint64_t)s->opt.hz * s->nr_cpus / 10);
		ssd->interval_ms = ssd->balance_interval;
	}
	return ssd->interval_jiffies[busy];
}

/* mirrors update_next_balance(): an idle balance's next time at @ssd, if earlier */
static void update_next_balance(const struct capsim_sim *s, struct sim_sd *ssd,
				uint64_t *next_balance)
{
	uint64_t next = ssd->last_balance + sd_balance_interval(s, ssd, false);

	if (*next_balance > next)
		*next_balance = next;
}

/*
 * mirrors update_newidle_cost() without NI_RANDOM's success statistics (docs/model.md): a pass
 * costlier than the domain's max becomes the max, else the max decays by 3/256 (~1 %) once a
 * second. Return: whether it decayed.
 */
static bool update_newidle_cost(const struct capsim_sim *s, struct sim_sd *ssd, uint64_t cost)
{
	uint64_t now = sim_jiffies(s);

	if (cost > ssd->max_newidle_lb_cost) {
		ssd->max_newidle_lb_cost = cost;
		ssd->last_decay_max_lb_cost = now;
	} else if (CAPSIM_MUT(91, now > ssd->last_decay_max_lb_cost + s->opt.hz,
			     now >= ssd->last_decay_max_lb_cost + s->opt.hz)) {
		ssd->max_newidle_lb_cost = ssd->max_newidle_lb_cost * CAPSIM_MUT(92, 253, 254) / 256;
		ssd->last_decay_max_lb_cost = now;
		return true;
	}
	return false;
}

/*
 * mirrors sched_balance_domains() for one CPU: each domain bottom up decays its
 * max_newidle_lb_cost, and one whose interval has passed balances, until a level where
 * another CPU of the group balances (the walk goes on past it only while domains decay);
 * rq->next_balance becomes the earliest next balance of its domains, and after a decay
 * rq->max_idle_balance_cost the domains' summed costs, at least sysctl_sched_migration_cost.
 */
void sched_balance_domains(struct capsim_sim *s, struct sim_rq *rq, enum lb_idle idle)
{
	uint64_t j = sim_jiffies(s), next_balance = j + 60ULL * s->opt.hz, max_cost = 0;
	bool busy = idle != LB_CPU_IDLE && !s->view[rq->cpu].sched_idle;
	bool continue_balancing = true, update_next_balance = false, need_decay = false;
	struct sd_walk w; /* its statistics are written before they are read */

	w.child = NULL;
	for (unsigned i = 0; i < rq->nr_sd; i++) {
		struct sim_sd *ssd = &rq->sd[i];
		uint64_t interval;

		need_decay = update_newidle_cost(s, ssd, 0);
		max_cost += ssd->max_newidle_lb_cost;
		if (!continue_balancing) {
			if (CAPSIM_MUT(93, need_decay, false))
				continue;
			break;
		}
		interval = sd_balance_interval(s, ssd, busy);
		if (j >= ssd->last_balance + interval) {
			if (sched_balance_rq(s, rq->cpu, i, idle, &continue_balancing, &w)) {
				idle = lb_idle_cpu(s, rq->cpu) ? LB_CPU_IDLE : LB_CPU_NOT_IDLE;
				busy = idle != LB_CPU_IDLE && !s->view[rq->cpu].sched_idle;
			}
			ssd->last_balance = j;
			interval = sd_balance_interval(s, ssd, busy);
		}
		if (next_balance > ssd->last_balance + interval) {
			next_balance = ssd->last_balance + interval;
			update_next_balance = true;
		}
	}
	if (need_decay) /* the rq-wide max decays too, not below the migration cost */
		rq->max_idle_balance_cost = max_cost > SYSCTL_SCHED_MIGRATION_COST_NS ?
						    max_cost : SYSCTL_SCHED_MIGRATION_COST_NS;
	if (update_next_balance)
		rq->next_balance = next_balance;
}
/* mirrors check_cpu_capacity(): RT, IRQ or pressure took a noticeable part of the CPU */
static bool check_cpu_capacity(const struct capsim_sim *s, const struct sim_rq *rq)
{
	return rq->fc->capacity_of * IMBALANCE_PCT < sim_arch_cap(s, rq->cpu) * 100;
}

/* mirrors nohz_balance_exit_idle(): the first busy tick takes the CPU out of nohz mode */
static void nohz_balance_exit_idle(struct capsim_sim *s, struct sim_rq *rq)
{
	if (!rq->nohz_tick_stopped)
		return;
	rq->nohz_tick_stopped = false;
	s->nohz_nr_cpus--;
}

/*
 * sd_llc_shared->nr_busy_cpus of @rq's LLC: its CPUs out of nohz mode (set_cpu_sd_state_busy()
 * and _idle() follow nohz_balance_exit_idle() and nohz_balance_enter_idle())
 */
static unsigned llc_nr_busy_cpus(const struct capsim_sim *s, const struct sim_rq *rq)
{
	unsigned n = 0;

	for_each_cpu(c, rq->sd_llc, s->nr_cpus)
		n += !s->rq[c].nohz_tick_stopped;
	return n;
}

/*
 * the fair tasks nohz_balancer_kick() counts for its check_cpu_capacity() test:
 * cfs.h_nr_queued, delayed entities in; 7.3's cfs.h_nr_runnable, out (model_newidle_7_3())
 */
static unsigned nohz_kick_nr_fair(const struct capsim_sim *s, const struct sim_rq *rq)
{
	if (model_newidle_7_3(s->opt.model))
		return rq->fc->cfs_nr + CAPSIM_MUT(270, 0u, rq->fc->cfs_delayed);
	return rq->fc->cfs_nr + CAPSIM_MUT(95, rq->fc->cfs_delayed, 0u);
}

/*
 * mirrors check_misfit_status() (6.1 and 6.12): a misfit task here; 6.1 only on a CPU smaller
 * than the root domain's largest (rd->max_cpu_capacity, the largest cpu_capacity_orig) or one
 * that lost capacity (check_cpu_capacity() of sd_asym_cpucapacity, not an SMT level)
 */
static bool check_misfit_status(const struct capsim_sim *s, const struct sim_rq *rq)
{
	uint64_t max = 0;

	if (!rq->fc->misfit_task_load)
		return false;
	if (!CAPSIM_MUT(304, model_balance_6_1(s->opt.model), false))
		return true;
	for (unsigned c = 0; c < s->nr_cpus; c++)
		if (sim_arch_cap(s, (int)c) > max)
			max = sim_arch_cap(s, (int)c);
	return sim_arch_cap(s, rq->cpu) < max || check_cpu_capacity(s, rq);
}

/*
 * Whether nohz_balancer_kick() asks for the idle CPUs' balance, nohz.next_balance having come:
 * two tasks here, a CFS task on a CPU that lost a noticeable part of its capacity
 * (check_cpu_capacity), then on asymmetric systems a misfit task (check_misfit_status()), on
 * others more than one busy CPU in the LLC. No SD_ASYM_PACKING (arm64 has none).
 */
static bool nohz_kick_needs_balance(const struct capsim_sim *s, const struct sim_rq *rq)
{
	if (rq->fc->nr_running >= CAPSIM_MUT(94, 2u, 3u))
		return true;
	if (rq->nr_sd && nohz_kick_nr_fair(s, rq) >= 1 && check_cpu_capacity(s, rq))
		return true;
	if (s->asym) /* sd_asym_cpucapacity: the LLC test is skipped */
		return check_misfit_status(s, rq);
	return rq->sd_llc && llc_nr_busy_cpus(s, rq) > 1;
}

/*
 * mirrors nohz_balancer_kick() + kick_ilb(), from a CPU's tick: not on an idle CPU
 * (rq->idle_balance); else the CPU leaves nohz mode and, with CPUs in nohz mode, it
 * asks for their blocked-load decay every LOAD_AVG_PERIOD ms while some remains, and, once
 * nohz.next_balance has come, for their balance if nohz_kick_needs_balance(); the ILB is the
 * first idle CPU in nohz mode, which balances at once (kick_ilb()'s IPI and softirq).
 */
void nohz_balancer_kick(struct capsim_sim *s, struct sim_rq *rq)
{
	uint64_t j = sim_jiffies(s);
	unsigned flags = 0;
	int ilb;

	if (CAPSIM_MUT(226, rq->idle_balance, false)) /* an idle CPU's tick kicks no one */
		return;
	nohz_balance_exit_idle(s, rq);
	if (!s->nohz_nr_cpus)
		return;
	if (s->nohz_has_blocked && j > s->nohz_next_blocked)
		flags = NOHZ_STATS_KICK;
	if (j >= s->nohz_next_balance && nohz_kick_needs_balance(s, rq))
		flags = NOHZ_STATS_KICK | NOHZ_BALANCE_KICK;
	if (s->nohz_needs_update)
		flags |= NOHZ_NEXT_KICK;
	if (!flags)
		return;
	if (flags & NOHZ_BALANCE_KICK)
		s->nohz_next_balance = j + 1;
	ilb = find_new_ilb(s, rq);
	if (ilb >= 0)
		nohz_idle_balance(s, &s->rq[ilb], flags); /* kick_ilb(): the ILB walks from itself */
}
/*
 * mirrors sched_balance_trigger(), from the end of sched_tick() (rq->idle_balance = idle_cpu():
 * an idle CPU's kept tick balances as CPU_IDLE), and the SCHED_SOFTIRQ it raises when due:
 * sched_balance_softirq() (its nohz_idle_balance() has no kick pending: capsim's ILB balances
 * at the kick) updates the blocked load and walks the domains
 */
void sched_balance_trigger(struct capsim_sim *s, struct sim_rq *rq)
{
	rq->idle_balance = lb_idle_cpu(s, rq->cpu);
	if (sim_jiffies(s) >= rq->next_balance) {
		rq_update_blocked(s, rq);
		sched_balance_domains(s, rq, CAPSIM_MUT(227, rq->idle_balance, false) ? LB_CPU_IDLE
										: LB_CPU_NOT_IDLE);
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

/*
 * mirrors update_rq_avg_idle() of kernel/sched/core.c (Linux 7.3; 6.12's ttwu_do_activate()
 * makes the same update inline): the idle period that ends, which update_avg() weighs 1/8 into
 * avg_idle, at most twice the costliest newidle walk
 */
void update_rq_avg_idle(struct sim_rq *rq)
{
	uint64_t max = 2 * CAPSIM_MUT(96, rq->max_idle_balance_cost, SYSCTL_SCHED_MIGRATION_COST_NS);
	int64_t diff;

	if (!rq->idle_stamp)
		return;
	diff = (int64_t)(rq->clk.clock - rq->idle_stamp) - (int64_t)rq->avg_idle;
	rq->avg_idle += diff / 8; /* update_avg() */
	if (rq->avg_idle > max)
		rq->avg_idle = max;
	rq->idle_stamp = 0;
}

/*
 * mirrors the avg_idle update of ttwu_do_activate(): a wake-up ends the idle period
 * (update_rq_avg_idle()); 7.3 makes it as the CPU leaves idle instead (put_prev_task_idle(),
 * model_newidle_7_3())
 */
void ttwu_update_avg_idle(const struct capsim_sim *s, struct sim_rq *rq)
{
	if (CAPSIM_MUT(272, !model_newidle_7_3(s->opt.model), true))
		update_rq_avg_idle(rq);
}

/*
 * what sched_balance_newidle() takes as pulled once its walk pulled nothing: a fair task
 * queued meanwhile (cfs.h_nr_queued) or, on 6.12, a task of another class (nr_running above
 * h_nr_queued); 7.3 asks rq_modified_above() for the other classes instead, whose runqueues
 * nothing modifies while the walk runs here (model_newidle_7_3())
 */
static unsigned newidle_queued(const struct capsim_sim *s, const struct sim_rq *rq)
{
	if (model_newidle_7_3(s->opt.model))
		return CAPSIM_MUT(271, rq->fc->cfs_nr + rq->fc->cfs_delayed, rq->fc->nr_running);
	return rq->fc->nr_running;
}

/*
 * whether sched_balance_newidle()'s walk stops after a pass that pulled nothing: 6.12 when the
 * pass did not balance (!continue_balancing: should_we_balance() saw a task or a wake-up
 * queued here), 6.1 when a task or a wake-up is queued here now (model_balance_6_1())
 */
static bool newidle_stop(const struct capsim_sim *s, const struct sim_rq *rq,
			 bool continue_balancing)
{
	if (CAPSIM_MUT(305, model_balance_6_1(s->opt.model), false))
		return rq->fc->nr_running > 0 || rq->fc->ttwu_pending;
	return !continue_balancing;
}

/*
 * mirrors sched_balance_newidle(): clear the CPU's misfit state; unless a wake-up is queued
 * for it, stamp the idle period, and if the root domain is overloaded (rd->overloaded: set
 * when a runqueue reaches two tasks, updated by the root-level balance from two-task and
 * misfit runqueues) and the CPU idles on average longer than its lowest domain's costliest
 * pass, decay its blocked load and balance each domain bottom up while the passes so far plus
 * the next domain's costliest still fit in avg_idle, until a task is pulled; each pass costs
 * newidle_lb_cost() (update_newidle_cost()). rq->next_balance is brought forward to the
 * domains' next (idle) balance; without a pull, nohz_newidle_balance().
 */
void sched_balance_newidle(struct capsim_sim *s, struct sim_rq *rq)
{
	uint64_t next_balance = sim_jiffies(s) + s->opt.hz, curr_cost = 0;
	unsigned pulled = 0;
	bool continue_balancing = true;
	struct sd_walk w; /* its statistics are written before they are read */

	if (s->asym) /* update_misfit_status(NULL, this_rq) */
		rq->fc->misfit_task_load = 0;
	if (CAPSIM_MUT(97, rq->fc->ttwu_pending, 0u))
		return; /* the woken task is enqueued as the CPU switches to idle */
	rq->idle_stamp = rq->clk.clock;
	if (!rq->nr_sd)
		goto out;
	if (!s->overloaded ||
	    CAPSIM_MUT(98, rq->avg_idle < rq->sd[0].max_newidle_lb_cost, false)) {
		update_next_balance(s, &rq->sd[0], &next_balance);
		goto out;
	}
	rq_update_blocked(s, rq); /* sched_balance_update_blocked_averages() */
	w.child = NULL;
	for (unsigned i = 0; i < rq->nr_sd; i++) {
		uint64_t cost;

		update_next_balance(s, &rq->sd[i], &next_balance);
		if (rq->avg_idle < CAPSIM_MUT(99, curr_cost, 0) + rq->sd[i].max_newidle_lb_cost)
			break;
		/* every level has SD_BALANCE_NEWIDLE (sd_init()) */
		pulled = sched_balance_rq(s, rq->cpu, i, LB_CPU_NEWLY_IDLE, &continue_balancing,
					  &w);
		cost = newidle_lb_cost(s, rq, i);
		curr_cost += cost;
		update_newidle_cost(s, &rq->sd[i], cost);
		if (pulled || newidle_stop(s, rq, continue_balancing))
			break;
	}
	if (curr_cost > rq->max_idle_balance_cost)
		rq->max_idle_balance_cost = curr_cost;
	if (!pulled && CAPSIM_MUT(90, newidle_queued(s, rq), 0u))
		pulled = 1;
out:
	if (rq->next_balance > next_balance)
		rq->next_balance = next_balance;
	if (pulled)
		rq->idle_stamp = 0;
	else
		nohz_newidle_balance(s, rq);
}
