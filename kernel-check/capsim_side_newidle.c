// SPDX-License-Identifier: MIT
/*
 * capsim_side_newidle.c - capsim's answer for path group sched_balance_newidle: the case's
 * runqueues in a simulator of their own (rq_init(), the domains sim_balance_init() attaches:
 * level l spanning CPUs [0, sd_weight[l]), one group each), then the engine's own entry point
 * of the case's path (src/sim/fair_balance_domains.c): sched_balance_newidle(),
 * sched_balance_domains(), nohz_balancer_kick() or a wake-up's avg_idle update
 * (ttwu_update_avg_idle(), then the idle class's put_prev_task(), where 7.3 makes it). Nothing
 * here computes an answer.
 *
 * Group sched_tick_idle (path 4): the engine's tick of an idle CPU, sim_tick_run() (src/sim/sim.c:
 * rq_tick()'s clock and pressure on a belief sim_pressure_setup() made, then
 * sched_balance_trigger()), on CPU this_cpu idle (rq->curr NULL, in its idle loop).
 *
 * The engine's calls into fair_balance.c and fair.c are wrapped at link time (-Wl,--wrap,
 * kernel-check/CMakeLists.txt): while a case runs, sched_balance_rq() is logged and answers the
 * case's lb_pulled[l] / lb_continue[l] as the kernel side's stub does (after a pull, this CPU
 * is idle or not as the case's cpu_idle[] says), rq_update_blocked() is logged, and
 * nohz_idle_balance() (the kicked ILB's work) is recorded, none of them run.
 *
 * The model: 6.12's; built again with KC_MODEL=CAPSIM_MODEL_V7_3 for sched_balance_newidle_7_3
 * and with KC_MODEL=CAPSIM_MODEL_V6_1 for sched_balance_newidle_6_1. Those copies define no
 * __wrap_ (the link has one of each, this file's first copy's): each points the shared case
 * (kc_cs_ni) at its own while a case runs.
 */
#include <stdlib.h>
#include <string.h>

#include "kcase.h"
#include "model/model.h"
#include "sim/sim.h"
#include "sim/sim_pressure.h"

static struct {
	struct capsim_sim s;
	struct sim_rq rq[KC_MAX_CPUS];
	struct fair_cpu view[KC_MAX_CPUS];
	struct capsim_platform plat;
	struct platform_cpu cpu[KC_MAX_CPUS];
	struct sched_domains sd;
	struct sd_domain dom[KC_NI_LEVELS];
	capsim_cpumask groups[KC_NI_LEVELS];
	uint32_t group_flags[KC_NI_LEVELS];
	struct sim_task curr[KC_MAX_CPUS];
	capsim_cpumask llc;
} ns;
#ifndef KC_MODEL
#define KC_MODEL CAPSIM_MODEL_V6_12
#define KC_NI_WRAPS 1
#endif

/* the case that runs (in NULL: none, the wrappers forward) */
struct kc_cs_ni {
	const struct kc_sched_balance_newidle_in *in;
	struct kc_sched_balance_newidle_out *out;
	struct sim_task *curr; /* its CPUs' current tasks (ns.curr) */
};
extern struct kc_cs_ni kc_cs_ni;
#define ns_in kc_cs_ni.in
#define ns_out kc_cs_ni.out

/* CPU @c of @s runs a task (its current) or idles, as idle_cpu() of the case says */
static void ns_set_busy(struct capsim_sim *s, unsigned c, bool busy)
{
	struct sim_rq *rq = &s->rq[c];

	rq->curr = busy ? &kc_cs_ni.curr[c] : NULL;
	if (!busy)
		rq->fc->nr_running = 0;
	else if (!rq->fc->nr_running)
		rq->fc->nr_running = 1;
}

#ifdef KC_NI_WRAPS
struct kc_cs_ni kc_cs_ni;

static void ns_log(unsigned call, unsigned level, unsigned idle)
{
	if (ns_out->nr_log < KC_NI_LOG)
		ns_out->log[ns_out->nr_log] = kc_ni_entry(call, level, idle);
	ns_out->nr_log++;
}

unsigned __real_sched_balance_rq(struct capsim_sim *s, int cpu, unsigned sdi, enum lb_idle idle,
				 bool *continue_balancing, struct sd_walk *w);
unsigned __wrap_sched_balance_rq(struct capsim_sim *s, int cpu, unsigned sdi, enum lb_idle idle,
				 bool *continue_balancing, struct sd_walk *w);
unsigned __wrap_sched_balance_rq(struct capsim_sim *s, int cpu, unsigned sdi, enum lb_idle idle,
				 bool *continue_balancing, struct sd_walk *w)
{
	if (!ns_in)
		return __real_sched_balance_rq(s, cpu, sdi, idle, continue_balancing, w);
	ns_log(KC_NI_CALL_BALANCE, sdi, (unsigned)idle);
	*continue_balancing = ns_in->lb_continue[sdi] != 0;
	if (ns_in->lb_pulled[sdi] && idle != LB_CPU_NEWLY_IDLE)
		ns_set_busy(s, (unsigned)cpu, !ns_in->cpu_idle[cpu]);
	return (unsigned)ns_in->lb_pulled[sdi];
}

void __real_rq_update_blocked(struct capsim_sim *s, struct sim_rq *rq);
void __wrap_rq_update_blocked(struct capsim_sim *s, struct sim_rq *rq);
void __wrap_rq_update_blocked(struct capsim_sim *s, struct sim_rq *rq)
{
	if (!ns_in) {
		__real_rq_update_blocked(s, rq);
		return;
	}
	ns_log(KC_NI_CALL_BLOCKED, 0, 0);
}

void __real_nohz_idle_balance(struct capsim_sim *s, const struct sim_rq *this_rq, unsigned flags);
void __wrap_nohz_idle_balance(struct capsim_sim *s, const struct sim_rq *this_rq, unsigned flags);
void __wrap_nohz_idle_balance(struct capsim_sim *s, const struct sim_rq *this_rq, unsigned flags)
{
	if (!ns_in) {
		__real_nohz_idle_balance(s, this_rq, flags);
		return;
	}
	ns_out->kick_ilb[0] = (uint64_t)(int64_t)this_rq->cpu;
	ns_out->kick_flags = (flags & NOHZ_BALANCE_KICK ? KC_NI_KICK_BALANCE : 0) |
			     (flags & NOHZ_STATS_KICK ? KC_NI_KICK_STATS : 0) |
			     (flags & NOHZ_NEXT_KICK ? KC_NI_KICK_NEXT : 0);
}
#endif

/* the case's domains: level l spans CPUs [0, sd_weight[l]), its one group the span */
static void ns_domains(const struct kc_sched_balance_newidle_in *in)
{
	for (unsigned l = 0; l < in->nr_sd; l++) {
		capsim_cpumask span = { { 0 } };

		for (unsigned c = 0; c < in->sd_weight[l]; c++)
			capsim_cpumask_set(&span, c);
		ns.dom[l] = (struct sd_domain){ .level = l ? SD_LEVEL_PKG : SD_LEVEL_MC,
						.span = span, .flags = SD_BALANCE_NEWIDLE,
						.first_group = l, .nr_groups = 1 };
		ns.groups[l] = span;
	}
	ns.sd = (struct sched_domains){ .domains = ns.dom, .nr_domains = in->nr_sd,
					.groups = ns.groups, .group_flags = ns.group_flags,
					.nr_groups = in->nr_sd, .insane_level = -1 };
}

static void ns_sim(const struct kc_sched_balance_newidle_in *in)
{
	struct capsim_sim *s = &ns.s;

	memset(&ns, 0, sizeof(ns));
	ns_domains(in);
	s->opt.model = KC_MODEL;
	s->opt.hz = 250;
	s->opt.uclamp_buckets = UCLAMP_BUCKETS_DEFAULT;
	s->nr_cpus = (unsigned)in->nr_cpus;
	s->rq = ns.rq;
	s->view = ns.view;
	s->plat = &ns.plat;
	s->asym = in->asym != 0;
	s->overloaded = in->overloaded != 0;
	s->jiffies = in->now_jiffies;
	ns.plat.cpus = ns.cpu;
	ns.plat.nr_cpus = (unsigned)in->nr_cpus;
	ns.plat.sd = &ns.sd;
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		ns.cpu[c].capacity_orig = in->arch_cap;
		ns.cpu[c].policy = -1;
	}
	for (unsigned c = 0; c < in->nr_cpus; c++)
		rq_init(s, &ns.rq[c], (int)c);
	if (sim_balance_init(s))
		abort();
}

static void ns_rq(const struct kc_sched_balance_newidle_in *in)
{
	struct capsim_sim *s = &ns.s;
	struct sim_rq *rq = &ns.rq[in->this_cpu];

	for (unsigned l = 0; l < in->nr_sd; l++) {
		struct sim_sd *ssd = &ns.rq[0].sd[l];

		ssd->max_newidle_lb_cost = in->max_newidle_lb_cost[l];
		ssd->last_decay_max_lb_cost = in->last_decay[l];
		ssd->last_balance = in->last_balance[l];
		ssd->balance_interval = in->balance_interval[l];
	}
	s->nohz_nr_cpus = 0;
	ns.llc.bits[0] = in->llc;
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		ns.rq[c].nohz_tick_stopped = in->tick_stopped[c] != 0;
		s->nohz_nr_cpus += in->tick_stopped[c] != 0;
		ns.rq[c].fc->nr_running = 0;
		ns_set_busy(s, c, !in->cpu_idle[c]);
		ns.rq[c].sd_llc = in->llc >> c & 1 ? &ns.llc : NULL;
		ns.view[c].sched_idle = in->sched_idle != 0;
	}
	s->nohz_has_blocked = in->nohz_has_blocked != 0;
	s->nohz_next_blocked = in->nohz_next_blocked;
	s->nohz_next_balance = in->nohz_next_balance;
	s->nohz_needs_update = in->nohz_needs_update != 0;
	/* the v6.1 model (CFS) has no delayed tasks: the case's are left out, as on 6.1's side */
	rq->fc->cfs_delayed = model_fair_cfs(KC_MODEL) ? 0 : (unsigned)in->nr_delayed;
	rq->fc->nr_running = (unsigned)in->nr_running - (unsigned)in->nr_delayed + rq->fc->cfs_delayed;
	rq->curr = rq->fc->nr_running ? &ns.curr[in->this_cpu] : NULL;
	rq->fc->cfs_nr = (unsigned)(in->h_nr_queued - in->nr_delayed);
	rq->fc->ttwu_pending = (unsigned)in->ttwu_pending;
	rq->clk.clock = in->clock;
	rq->idle_stamp = in->idle_stamp;
	rq->avg_idle = in->avg_idle;
	rq->max_idle_balance_cost = in->max_idle_balance_cost;
	rq->next_balance = in->next_balance;
	rq->fc->misfit_task_load = in->misfit_task_load;
	rq->fc->capacity_of = in->cpu_capacity;
}

/* what the case's path left in the engine's structures */
static void ns_answer(const struct kc_sched_balance_newidle_in *in,
		      struct kc_sched_balance_newidle_out *out, const struct sim_rq *rq)
{
	for (unsigned l = 0; l < in->nr_sd; l++) { /* CPU 0's: every level spans it */
		out->max_newidle_lb_cost[l] = ns.rq[0].sd[l].max_newidle_lb_cost;
		out->last_decay[l] = ns.rq[0].sd[l].last_decay_max_lb_cost;
		out->last_balance[l] = ns.rq[0].sd[l].last_balance;
	}
	out->max_idle_balance_cost = rq->max_idle_balance_cost;
	out->next_balance = rq->next_balance;
	out->idle_stamp = rq->idle_stamp;
	out->avg_idle = rq->avg_idle;
	out->misfit_task_load = rq->fc->misfit_task_load;
	out->newilb_kick = rq->newilb_kick;
	out->nohz_next_balance = ns.s.nohz_next_balance;
	out->nohz_nr_cpus = ns.s.nohz_nr_cpus;
	out->tick_stopped = rq->nohz_tick_stopped;
}

void cside_sched_balance_newidle(const struct kc_sched_balance_newidle_in *in,
				 struct kc_sched_balance_newidle_out *out)
{
	struct sim_rq *rq = &ns.rq[in->this_cpu];

	ns_sim(in);
	kc_cs_ni.curr = ns.curr;
	ns_rq(in);
	out->kick_ilb[0] = (uint64_t)-1;
	ns_in = in;
	ns_out = out;
	switch (in->path) {
	case KC_NI_NEWIDLE:
		sched_balance_newidle(&ns.s, rq);
		break;
	case KC_NI_DOMAINS:
		sched_balance_domains(&ns.s, rq, in->cpu_idle_type ? LB_CPU_IDLE : LB_CPU_NOT_IDLE);
		break;
	case KC_NI_KICK:
		nohz_balancer_kick(&ns.s, rq);
		break;
	default: /* the wake-up, the idle state's exit, then the CPU leaves idle (7.3 updates
		  * avg_idle there) */
		ttwu_update_avg_idle(&ns.s, rq);
		rq->clk.clock += in->idle_exit;
		sim_idle_sched_class.put_prev_task(&ns.s, rq, NULL);
		break;
	}
	ns_in = NULL;
	ns_answer(in, out, rq);
	free(ns.s.sg);
}

void cside_sched_tick_idle(const struct kc_sched_tick_idle_in *tin,
			   struct kc_sched_tick_idle_out *tout)
{
	struct kc_sched_balance_newidle_in in;
	struct kc_sched_balance_newidle_out out = { 0 };
	struct capsim_sim *s = &ns.s;
	struct sim_rq *rq;
	capsim_error err = { 0 };

	memcpy(&in, tin, sizeof(in));
	ns_sim(&in);
	for (unsigned c = 0; c < in.nr_cpus; c++)
		ns.cpu[c].freq_ref_khz = 1000000;
	if (sim_pressure_setup(s, &err))
		abort();
	s->tick_ns = NSEC_PER_SEC / s->opt.hz; /* TICK_NSEC: the next tick is queued */
	eq_init(&s->eq);
	kc_cs_ni.curr = ns.curr;
	ns_rq(&in);
	rq = &ns.rq[in.this_cpu];
	rq->curr = NULL; /* its idle task runs, in its idle loop */
	rq->in_idle = true;
	s->now = in.clock - SIM_RQ_CLOCK_START_NS; /* the rq clock is up to date */
	out.kick_ilb[0] = (uint64_t)-1;
	ns_in = &in;
	ns_out = &out;
	sim_tick_run(s, rq);
	ns_in = NULL;
	ns_answer(&in, &out, rq);
	memcpy(tout, &out, sizeof(out));
	tout->idle_balance = rq->idle_balance;
	free(ns.s.sg);
	sim_pressure_free(s);
	eq_free(&s->eq);
}
