// SPDX-License-Identifier: MIT
/*
 * sim.c - the discrete-event simulator's loop: one ns clock (sched_clock), an event queue of
 * timer expiries, task starts, completions of CPU work, scheduler ticks (HZ, stopped on idle
 * CPUs as with NO_HZ_IDLE) and scenario events, processed in (time, push order), and the run's
 * creation and end. Each CPU has a runqueue (core.c and the classes); frequencies come from
 * the governor (cpufreq_schedutil.c); placement and balance from fair_balance.c. What is
 * reported is gathered by sim_account.c, scenario events are applied by sim_scenario.c.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/belief.h"
#include "internal.h"
#include "model/perf_domain.h"
#include "sim/sim.h"
#include "sim/sim_pressure.h"
#include "sim/sim_events.h"

/* progress callback cadence, in events */
#define PROGRESS_EVERY (1u << 20)

uint64_t sim_jiffies(const struct capsim_sim *s)
{
	return s->jiffies;
}

void sim_fail(struct capsim_sim *s, int code, unsigned line, const char *fmt, ...)
{
	const char *src = s->wl->source ? s->wl->source : "workload";
	int n = line ? snprintf(s->errmsg, sizeof(s->errmsg), "%s:%u: ", src, line) :
		       snprintf(s->errmsg, sizeof(s->errmsg), "%s: ", src);
	va_list ap;

	if (s->error)
		return; /* the first error stops the run: keep its message */
	s->error = code;
	va_start(ap, fmt);
	vsnprintf(s->errmsg + n, sizeof(s->errmsg) - (size_t)n, fmt, ap);
	va_end(ap);
}

/* The clock moves to @t: jiffies follow, with a division only when a tick boundary is crossed. */
static void sim_set_now(struct capsim_sim *s, uint64_t t)
{
	s->now = t;
	if (t >= s->next_jiffy_ns) {
		s->jiffies = t / s->tick_ns;
		s->next_jiffy_ns = (s->jiffies + 1) * s->tick_ns;
	}
}

void sim_push(struct capsim_sim *s, uint64_t t, enum sim_ev_kind k, uint32_t id, uint32_t gen)
{
	if (eq_push(&s->eq, t, (uint32_t)k, id, gen))
		s->error = CAPSIM_ERR_NOMEM;
}

/*
 * A CPU switched to a task that has events to run before it needs the CPU again. They run from
 * the event loop, one CPU after another (never nested: a task that blocks at once makes its CPU
 * pick another, which only queues that CPU again).
 */
void sim_queue_advance(struct capsim_sim *s, struct sim_rq *rq)
{
	unsigned tail = s->adv_head + s->adv_len;

	if (rq->advance_queued)
		return;
	rq->advance_queued = true;
	s->adv_len++;
	/* a ring of nr_cpus slots (a CPU is queued at most once); no division on this path */
	s->advance_queue[tail < s->nr_cpus ? tail : tail - s->nr_cpus] = rq;
}

static void run_advances(struct capsim_sim *s)
{
	while (s->adv_len && !s->error) {
		struct sim_rq *rq = s->advance_queue[s->adv_head];
		struct sim_task *p = rq->curr;

		s->adv_head = s->adv_head + 1 < s->nr_cpus ? s->adv_head + 1 : 0;
		s->adv_len--;
		rq->advance_queued = false;
		if (p && !p->in_cpu_event && task_is_dl(p))
			sugov_kthread_run(s, p);
		else if (p && !p->in_cpu_event)
			task_advance(s, p);
	}
}

/*
 * The sugov irq_works the event raised and its path has not run yet (a task that blocked: its
 * switch came first) run now, at the same instant, as the CPU's interrupts come back on; the
 * kthread they wake runs its next steps.
 */
static void run_irq_works(struct capsim_sim *s)
{
	while (s->irq_work_pending && !s->error) {
		sugov_irq_work_run(s);
		run_advances(s);
	}
}

/* ---- creation ---------------------------------------------------------------------------- */

static bool workload_is_endless(const struct capsim_workload *wl)
{
	for (unsigned t = 0; t < wl->nr_tasks; t++) {
		const struct wl_task *wt = &wl->tasks[t];

		if (!wt->instances && !wt->forked)
			continue;
		if (wt->loop < 0)
			return true;
		for (unsigned ph = 0; ph < wt->nr_phases; ph++)
			if (wt->phases[ph].loop < 0)
				return true;
	}
	return false;
}

/*
 * The root domain the placement code reads, and whether EAS runs: rd->pd from
 * build_perf_domains() (src/model/perf_domain.c), then the conditions of build_perf_domains() /
 * sched_is_eas_possible() (kernel/sched/topology.c): asymmetric capacities, schedutil and
 * sched_energy_aware, and for the v6.1 model 6.1's complexity limit (EM_MAX_COMPLEXITY, which
 * 5b77261c5510 removed in v6.7).
 */
static int setup_energy(struct capsim_sim *s)
{
	unsigned nr_pds = 0;
	capsim_error ignored;

	s->rd.model = s->opt.model;
	s->rd.nr_cpus = s->nr_cpus;
	s->rd.cpus = s->view;
	s->rd.memo = s->memo;
	/* sysctl_sched_uclamp_handler(): a boot-time write of a default turns the key on */
	s->rd.uclamp_used = s->opt.uclamp && uclamp_sysctl_written(&s->opt.uclamp_sysctl);
	s->pds = calloc(s->nr_cpus, sizeof(*s->pds));
	s->pd_order = calloc(s->nr_cpus, sizeof(*s->pd_order));
	s->cpu_pd = calloc(s->nr_cpus, sizeof(*s->cpu_pd));
	if (!s->pds || !s->pd_order || !s->cpu_pd)
		return CAPSIM_ERR_NOMEM;
	if (build_perf_domains(s->plat, s->pds, s->cpu_pd, s->pd_order, &nr_pds, &ignored))
		return 0; /* no EM on some CPU: no rd->pd, no EAS */
	s->eas = s->opt.eas && s->asym && s->opt.governor == SIM_GOV_SCHEDUTIL;
	/* 6.1's build_perf_domains(): "Failed to start EAS, EM complexity is too high" */
	if (s->eas && model_em_complexity_limit(s->opt.model) &&
	    em_complexity(s->pds, nr_pds, s->nr_cpus) > EM_MAX_COMPLEXITY)
		s->eas = false;
	if (s->eas) {
		s->rd.nr_pds = nr_pds;
		s->rd.pds = s->pds;
		s->rd.pd_order = s->pd_order;
	}
	return 0;
}

/* sched_setaffinity() refuses a mask without any CPU of the machine (EINVAL): so do we. */
static int check_affinity(const struct capsim_sim *s, const capsim_cpumask *m, const char *task,
			  const char *phase, struct wl_pos at, capsim_error *err)
{
	char list[128];

	for (unsigned c = 0; c < s->nr_cpus; c++)
		if (capsim_cpumask_test(m, c))
			return 0;
	capsim_format_cpulist(m, list, sizeof(list));
	return capsim_error_set(err, CAPSIM_ERR_INVALID,
				"%s:%u:%u: tasks.%s%s%s.cpus: [%s] has no CPU of platform %s (CPUs 0-%u)",
				s->wl->source ? s->wl->source : "workload", at.line, at.col, task,
				phase ? ".phases." : "", phase ? phase : "", list, s->plat->name,
				s->nr_cpus - 1);
}

static int setup_affinities(const struct capsim_sim *s, capsim_error *err)
{
	for (unsigned t = 0; t < s->wl->nr_tasks; t++) {
		const struct wl_task *wt = &s->wl->tasks[t];
		int ret = wt->has_cpus ? check_affinity(s, &wt->cpus, wt->name, NULL, wt->cpus_at, err) : 0;

		for (unsigned ph = 0; !ret && ph < wt->nr_phases; ph++)
			if (wt->phases[ph].has_cpus)
				ret = check_affinity(s, &wt->phases[ph].cpus, wt->name,
						     wt->phases[ph].name, wt->phases[ph].cpus_at, err);
		if (ret)
			return ret;
	}
	return 0;
}

int sim_cgroup_index(const struct capsim_sim *s, const char *path)
{
	for (unsigned i = 0; i < s->opt.nr_cgroups; i++)
		if (!strcmp(s->opt.cgroups[i].path, path))
			return (int)i;
	return -1;
}

/* a taskgroup rt-app names: the root ("/") or a cgroup of the scenario */
static int check_taskgroup(const struct capsim_sim *s, const char *tg, const char *task,
			   const char *phase, struct wl_pos at, capsim_error *err)
{
	if (!tg || !strcmp(tg, "/") || sim_cgroup_index(s, tg) >= 0)
		return 0;
	return capsim_error_set(err, CAPSIM_ERR_INVALID,
				"%s:%u:%u: tasks.%s%s%s.taskgroup: \"%s\" is no cgroup of the scenario's "
				"kernel.cgroups (declare it there: capsim models a cpu cgroup's clamps, "
				"CONFIG_UCLAMP_TASK_GROUP, not its group scheduling)",
				s->wl->source ? s->wl->source : "workload", at.line, at.col, task,
				phase ? ".phases." : "", phase ? phase : "", tg);
}

void sim_cgroups_update(struct capsim_sim *s)
{
	struct uclamp_tg root;

	uclamp_tg_root(&root, &s->opt.uclamp_sysctl);
	for (unsigned i = 0; i < s->opt.nr_cgroups; i++) {
		const struct sim_cgroup *cg = &s->opt.cgroups[i];
		struct uclamp_tg *tg = &s->cgroups[i];
		const struct uclamp_tg *parent = CAPSIM_MUT(194, cg->parent >= 0, false) ?
						 &s->cgroups[cg->parent] : &root;

		uclamp_tg_init(tg, parent->eff);
		tg->req[UCLAMP_ID_MIN] = cg->req[UCLAMP_ID_MIN];
		tg->req[UCLAMP_ID_MAX] = cg->req[UCLAMP_ID_MAX];
		uclamp_tg_update_eff(tg, parent);
	}
}

/*
 * The cpu cgroups' clamps (sim_cgroups_update()) and the taskgroups rt-app names. A
 * cpu.uclamp write turns the sched_uclamp_used key on (cpu_uclamp_write()); without
 * CONFIG_UCLAMP_TASK_GROUP the files do not exist, and the groups restrict nothing.
 */
static int setup_cgroups(struct capsim_sim *s, capsim_error *err)
{
	sim_cgroups_update(s);
	for (unsigned i = 0; i < s->opt.nr_cgroups; i++)
		if (s->opt.uclamp && s->opt.uclamp_task_group && s->opt.cgroups[i].written)
			s->rd.uclamp_used = true;
	for (unsigned t = 0; t < s->wl->nr_tasks; t++) {
		const struct wl_task *wt = &s->wl->tasks[t];
		int ret = check_taskgroup(s, wt->taskgroup, wt->name, NULL, wt->taskgroup_at, err);

		for (unsigned ph = 0; !ret && ph < wt->nr_phases; ph++)
			ret = check_taskgroup(s, wt->phases[ph].taskgroup, wt->name, wt->phases[ph].name,
					      wt->phases[ph].taskgroup_at, err);
		if (ret)
			return ret;
	}
	return 0;
}

static int setup_calibration(struct capsim_sim *s, capsim_error *err)
{
	int c = s->wl->calibration_cpu;

	if (c >= (int)s->nr_cpus)
		return capsim_error_set(err, CAPSIM_ERR_INVALID,
					"%s:%u:%u: global.calibration: CPU%d does not exist on platform %s "
					"(it has CPUs 0-%u)", s->wl->source ? s->wl->source : "workload",
					s->wl->calibration_at.line, s->wl->calibration_at.col, c,
					s->plat->name, s->nr_cpus - 1);
	if (c < 0) {
		c = 0;
		for (unsigned i = 1; i < s->nr_cpus; i++)
			if (platform_cpu_capacity_orig(s->plat, i) >
			    platform_cpu_capacity_orig(s->plat, (unsigned)c))
				c = (int)i;
	}
	s->calib_cpu = c;
	s->cap_calib = platform_cpu_capacity_orig(s->plat, (unsigned)c);
	return 0;
}

static int setup_resources(struct capsim_sim *s)
{
	unsigned n = s->wl->nr_resources ? s->wl->nr_resources : 1;

	s->timers = calloc(n, sizeof(*s->timers));
	s->mutex_owner = calloc(n, sizeof(*s->mutex_owner));
	s->wq_head = calloc(n, sizeof(*s->wq_head));
	s->barrier_waiting = calloc(n, sizeof(*s->barrier_waiting));
	s->barrier_users = calloc(n, sizeof(*s->barrier_users));
	s->sem_count = calloc(n, sizeof(*s->sem_count));
	if (!s->timers || !s->mutex_owner || !s->wq_head || !s->barrier_waiting ||
	    !s->barrier_users || !s->sem_count)
		return CAPSIM_ERR_NOMEM;
	for (unsigned r = 0; r < s->wl->nr_resources; r++) {
		s->mutex_owner[r] = -1;
		s->barrier_users[r] = s->wl->resources[r].users;
	}
	return 0;
}

/* EM power (µW) of each OPP of @pp, by frequency; 0 where the EM has no such state */
static uint64_t *opp_power_table(const struct platform_policy *pp)
{
	uint64_t *t = calloc(pp->nr_opps + 1, sizeof(*t));

	for (unsigned k = 0; t && pp->em && k < pp->nr_opps; k++)
		for (unsigned i = 0; i < pp->em->nr_perf_states; i++)
			if (pp->em->table[i].frequency == pp->opps[k].khz)
				t[k] = pp->em->table[i].power;
	return t;
}

static int setup_cpus(struct capsim_sim *s)
{
	s->rq = calloc(s->nr_cpus, sizeof(*s->rq));
	s->view = calloc(s->nr_cpus, sizeof(*s->view));
	s->memo = calloc(s->nr_cpus, sizeof(*s->memo));
	s->advance_queue = calloc(s->nr_cpus, sizeof(*s->advance_queue));
	s->pol = calloc(s->plat->nr_policies ? s->plat->nr_policies : 1, sizeof(*s->pol));
	if (!s->rq || !s->view || !s->memo || !s->pol || !s->advance_queue)
		return CAPSIM_ERR_NOMEM;
	for (unsigned c = 0; c < s->nr_cpus; c++) {
		struct sim_rq *rq = &s->rq[c];
		int pi = platform_policy_of(s->plat, c);
		unsigned nopp = pi >= 0 ? s->plat->policies[pi].nr_opps : 0;

		rq_init(s, rq, (int)c);
		rq->time_at_opp = calloc(nopp ? nopp : 1, sizeof(uint64_t));
		rq->busy_at_opp = calloc(nopp ? nopp : 1, sizeof(uint64_t));
		rq->em_power_at_opp = pi >= 0 ? opp_power_table(&s->plat->policies[pi])
					      : calloc(1, sizeof(uint64_t));
		if (!rq->time_at_opp || !rq->busy_at_opp || !rq->em_power_at_opp)
			return CAPSIM_ERR_NOMEM;
		if (rq->cap_orig != s->rq[0].cap_orig)
			s->asym = true;
	}
	for (unsigned i = 0; i < s->plat->nr_policies; i++) {
		struct sim_policy *sp = &s->pol[i];

		sp->idx = i;
		sp->pp = &s->plat->policies[i];
		sp->cpus = calloc(s->nr_cpus, sizeof(*sp->cpus));
		sp->sg_cpu = calloc(s->nr_cpus, sizeof(*sp->sg_cpu));
		if (!sp->cpus || !sp->sg_cpu)
			return CAPSIM_ERR_NOMEM;
		for (unsigned c = 0; c < s->nr_cpus; c++)
			if (capsim_cpumask_test(&sp->pp->related_cpus, c)) {
				s->rq[c].policy_pos = sp->nr_cpus;
				sp->cpus[sp->nr_cpus++] = c;
			}
	}
	sim_idle_init(s);
	return sim_balance_init(s);
}

int sim_create(struct capsim_platform *plat, struct capsim_workload *wl,
	       const struct sim_options *opt, const struct sim_sc_event *sc, unsigned nr_sc,
	       struct capsim_sim **out, capsim_error *err)
{
	struct capsim_sim *s = calloc(1, sizeof(*s));
	int ret;

	*out = NULL;
	if (!s) {
		platform_free(plat);
		capsim_workload_free(wl);
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	}
	s->plat = plat;
	plat->cpufreq_model = opt->model; /* its policies run the model's cpufreq code */
	s->wl = wl;
	s->opt = *opt;
	s->nr_cpus = plat->nr_cpus;
	eq_init(&s->eq);
	if (!opt->hz || opt->hz > 10000) {
		ret = capsim_error_set(err, CAPSIM_ERR_RANGE, "HZ %u is out of range (expected 1..10000)",
				       opt->hz);
		goto fail;
	}
	s->tick_ns = NSEC_PER_SEC / opt->hz;
	s->cpuidle_off = opt->cpuidle_off;
	s->cpuidle_gov = (enum cpuidle_governor)opt->cpuidle_governor;
	s->fie = opt->freq_invariance >= 0 ? (enum platform_fie_source)opt->freq_invariance
					   : plat->fie;
	for (unsigned c = 0; s->fie == PLATFORM_FIE_AMU && c < plat->nr_cpus; c++) {
		if (!platform_freq_ref(plat, c)) { /* freq_inv_set_max_ratio() WARNs and gives up */
			ret = capsim_error_set(err, CAPSIM_ERR_INVALID,
					       "freq_invariance \"amu\" needs arch_scale_freq_ref() on "
					       "every CPU (CPU%u has none): use \"cpufreq\"", c);
			goto fail;
		}
	}
	s->end = opt->duration_ns ? opt->duration_ns : wl->duration_ns;
	if (!s->end && workload_is_endless(wl)) {
		ret = capsim_error_set(err, CAPSIM_ERR_INVALID,
				       "%s: the workload runs forever (a loop of -1 and no global.duration): "
				       "give a duration (--duration S)", wl->source ? wl->source : "workload");
		goto fail;
	}
	if (s->end > CAPSIM_MAX_RUN_NS) { /* here the workload's global.duration */
		ret = capsim_error_set(err, CAPSIM_ERR_RANGE, "%s: global.duration %llu s is longer "
				       "than a run can be (expected at most 366 days of simulated "
				       "time, CAPSIM_MAX_RUN_NS)", wl->source ? wl->source : "workload",
				       (unsigned long long)(s->end / NSEC_PER_SEC));
		goto fail;
	}
	ret = setup_cpus(s);
	if (!ret)
		ret = setup_energy(s);
	if (!ret)
		ret = setup_resources(s);
	if (ret) {
		capsim_error_set(err, ret, "out of memory");
		goto fail;
	}
	ret = setup_calibration(s, err);
	if (!ret)
		ret = setup_affinities(s, err);
	if (!ret)
		ret = setup_cgroups(s, err);
	if (!ret)
		ret = sim_pressure_setup(s, err);
	if (ret)
		goto fail;
	if (nr_sc) {
		s->sc = malloc(nr_sc * sizeof(*sc));
		if (!s->sc) {
			ret = capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
			goto fail;
		}
		memcpy(s->sc, sc, nr_sc * sizeof(*sc));
		s->nr_sc = nr_sc;
	}
	*out = s;
	return 0;
fail:
	sim_free(s);
	return ret;
}

void sim_task_free(struct capsim_sim *s, uint32_t i)
{
	struct sim_task *p = s->tasks[i];

	if (!p)
		return;
	if (sim_task_owns_name(s, p))
		free(p->name);
	free(p->st.by_cpu);
	free(p->st.lat_hist);
	free(p);
	s->tasks[i] = NULL;
}

void sim_free(struct capsim_sim *s)
{
	if (!s)
		return;
	sim_sink_release(s);
	sim_pressure_free(s);
	for (uint32_t i = 0; i < s->nr_tasks; i++)
		sim_task_free(s, i);
	free(s->tasks);
	if (s->rq)
		for (unsigned c = 0; c < s->nr_cpus; c++) {
			free(s->rq[c].time_at_opp);
			free(s->rq[c].busy_at_opp);
			free(s->rq[c].em_power_at_opp);
			free(s->rq[c].timerq.slot);
		}
	free(s->rq);
	free(s->sg);
	free(s->view);
	free(s->memo);
	free(s->advance_queue);
	if (s->pol)
		for (unsigned i = 0; i < s->plat->nr_policies; i++) {
			free(s->pol[i].cpus);
			free(s->pol[i].sg_cpu);
			sugov_kthread_free(&s->pol[i]);
		}
	free(s->pol);
	free(s->pds);
	free(s->pd_order);
	free(s->cpu_pd);
	free(s->timers);
	free(s->mutex_owner);
	free(s->wq_head);
	free(s->barrier_waiting);
	free(s->barrier_users);
	free(s->sem_count);
	free(s->sc);
	eq_free(&s->eq);
	platform_free(s->plat);
	capsim_workload_free(s->wl);
	free(s);
}

/* ---- the run ----------------------------------------------------------------------------- */

static void on_cpu_done(struct capsim_sim *s, const struct sim_event *ev)
{
	struct sim_rq *rq = &s->rq[ev->id];
	struct sim_task *p = rq->curr;

	if (ev->gen != rq->gen || !p || !p->in_cpu_event)
		return;
	update_rq_clock(s, rq);
	rq_update_curr(s, rq);
	if (p->cpu_event_is_wall ? p->wall_end <= s->now : p->work_left == 0) {
		if (task_is_dl(p))
			sugov_kthread_spin_done(s, p);
		else
			task_cpu_event_done(s, p);
	} else
		rq_arm_completion(s, rq);
}

/* rq->tick_at of a CPU whose tick is being handled: it queues the next one as it ends */
#define TICK_RUNNING UINT64_MAX

/*
 * The CPU's next tick, at the jiffy after now. As now never goes back, every tick comes no
 * earlier than those queued before it: they wait in the queue's FIFO (eq_push_sorted()).
 */
static void tick_queue(struct capsim_sim *s, struct sim_rq *rq)
{
	rq->tick_at = (sim_jiffies(s) + 1) * s->tick_ns;
	if (eq_push_sorted(&s->eq, rq->tick_at, EV_TICK, (uint32_t)rq->cpu, ++rq->tick_gen))
		s->error = CAPSIM_ERR_NOMEM;
}

void sim_tick_stop(struct sim_rq *rq)
{
	rq->tick_stopped = true;
}

/*
 * mirrors tick_nohz_restart() at tick_nohz_idle_exit(): a stopped tick is forwarded from the
 * last one past now (hrtimer_forward()), to the next jiffy: the stopped tick's own time when
 * that has not come yet (it is kept, with its place among simultaneous events), the jiffy after
 * when the CPU leaves idle at that very instant. A tick that was not stopped goes on.
 */
void sim_tick_start(struct capsim_sim *s, struct sim_rq *rq)
{
	bool stopped = rq->tick_stopped;

	rq->tick_stopped = false;
	if (rq->tick_at && (!stopped || rq->tick_at > s->now))
		return;
	tick_queue(s, rq);
}

/*
 * A tick that no longer fires: one forwarded past it, or cancelled as its CPU's idle loop
 * stopped it (NO_HZ idle, tick_nohz_idle_stop_tick()). It is not an event of the run. A tick
 * the idle loop kept (tick_nohz_idle_retain_tick()) fires on the idle CPU.
 */
static bool tick_cancelled(struct capsim_sim *s, const struct sim_event *ev)
{
	struct sim_rq *rq = &s->rq[ev->id];

	if (ev->gen != rq->tick_gen)
		return true;
	if (!rq->tick_stopped)
		return false;
	rq->tick_at = 0;
	return true;
}

uint64_t sim_tick_next(const struct capsim_sim *s, const struct sim_rq *rq)
{
	assert(!rq->tick_stopped && rq->tick_at);
	return rq->tick_at == TICK_RUNNING ? (sim_jiffies(s) + 1) * s->tick_ns : rq->tick_at;
}

/*
 * mirrors tick_nohz_handler()'s sched_tick() (update_process_times()) and the forward of the
 * tick's hrtimer past now on the jiffy grid (hrtimer_forward()): a tick the CPU took late,
 * after an idle state's exit, keeps the grid. On an idle CPU the tick also sets
 * ts->got_idle_tick (TS_FLAG_INIDLE), and the idle loop goes on once the tick is queued again.
 */
void sim_tick_run(struct capsim_sim *s, struct sim_rq *rq)
{
	bool idle = !rq->curr && rq->in_idle;

	rq->tick_at = TICK_RUNNING;
	rq->got_idle_tick |= idle;
	rq->idle_ticks += idle;
	rq_tick(s, rq);
	sim_ev_counters(s, rq->cpu);
	/* queued even if the CPU idled during the tick: then its idle loop keeps it or not */
	tick_queue(s, rq);
}

static void on_tick(struct capsim_sim *s, const struct sim_event *ev)
{
	struct sim_rq *rq = &s->rq[ev->id];
	bool idle = !rq->curr && rq->in_idle;

	if (idle && sim_idle_tick_wait(s, rq)) {
		rq->tick_at = TICK_RUNNING; /* the exit runs it (sim_tick_run()) */
		return;
	}
	sim_tick_run(s, rq);
	if (CAPSIM_MUT(225, idle, false))
		sim_idle_loop_next(s, rq);
}

/*
 * A hint: the lines of the task whose wake-up pops next (if eq_peek() knows it), loaded while
 * this event runs. With 10 000 tasks each wake-up's task comes from memory, its first read
 * (p->state, in dispatch()) waiting for it.
 */
static void prefetch_next(const struct capsim_sim *s)
{
	uint32_t kind, id;
	const char *p;

	if (!eq_peek(&s->eq, &kind, &id) || kind != EV_TASK_WAKE)
		return;
	p = (const char *)s->tasks[id];
	/* the struct up to its cold fields, and the first line after it (its unique timers) */
	for (size_t off = 0; off < offsetof(struct sim_task, name); off += 64)
		__builtin_prefetch(p + off);
	__builtin_prefetch(p + sizeof(struct sim_task));
}

/*
 * A hint, once the woken @p is read: what its wake-up reads next that its struct does not hold,
 * its next step (task_advance()) and its latency histogram (task_record_latency() at its
 * switch).
 */
static void prefetch_woken(const struct capsim_sim *s, const struct sim_task *p)
{
	if (s->nr_tasks < SIM_PREFETCH_MIN_TASKS)
		return;
	__builtin_prefetch(p->step);
	__builtin_prefetch(p->st.lat_hist);
}

/*
 * The kinds of event other than a wake-up, a completion and a tick (7 in 100 on bench (d)). Out
 * of line: what their paths inline (the thermal loop, the scenario, the idle exit) would
 * otherwise weigh on sim_run()'s registers, which then kept the simulator's pointer on the stack.
 * Not cold: that compiled the kernel paths they inline (the idle exit's enqueue) for size. The
 * event's fields come as values, so that the loop's event never needs an address and stays in
 * registers.
 */
static __attribute__((noinline)) void dispatch_rare(struct capsim_sim *s, uint32_t kind,
						    uint32_t id, uint32_t gen, capsim_error *err)
{
	struct sim_task *p;

	switch ((enum sim_ev_kind)kind) {
	case EV_SCENARIO:
		if (sim_scenario_event(s, &s->sc[id], err)) {
			/* what the kernel refused at run time, at the event's place in the input */
			if (s->sc[id].where[0])
				capsim_error_prefix(err, "%s: ", s->sc[id].where);
			s->error = err->code;
		}
		break;
	case EV_TASK_START:
		p = s->tasks[id];
		if (p->held || p->state != TASK_NEW)
			break; /* waits for its task_start event, or a task_stop came first */
		s->pending_starts--;
		task_start(s, p);
		break;
	case EV_THERMAL:
		sim_thermal_event(s);
		break;
	case EV_IDLE_EXIT:
		sim_idle_exit_event(s, &s->rq[id]);
		break;
	case EV_SUGOV_WORK:
		sugov_kthread_timer(s, &s->pol[id]);
		break;
	case EV_SUGOV_CLOCK:
		sugov_firmware_clock(s, &s->pol[id], gen);
		break;
	case EV_TASK_WAKE: /* dispatch() runs these itself */
	case EV_CPU_DONE:
	case EV_TICK:
	case EV_END: /* sim_run() stops at it */
		break;
	}
}

static void dispatch(struct capsim_sim *s, const struct sim_event *ev, capsim_error *err)
{
	struct sim_task *p;

	switch ((enum sim_ev_kind)ev->kind) {
	case EV_TASK_WAKE:
		p = s->tasks[ev->id];
		prefetch_woken(s, p);
		/* a timer of a CPU in an idle state: its interrupt comes once the CPU is out */
		if (p->state == TASK_BLOCKED && ev->gen == p->gen + 1 &&
		    !sim_idle_timer_wait(s, p, ev->gen))
			task_wake_since(s, p, s->now);
		break;
	case EV_CPU_DONE:
		on_cpu_done(s, ev);
		break;
	case EV_TICK:
		on_tick(s, ev);
		break;
	default:
		dispatch_rare(s, ev->kind, ev->id, ev->gen, err);
		break;
	}
}

/* Bring every CPU's and task's accounting up to the end of the run. */
static void finish(struct capsim_sim *s)
{
	for (unsigned c = 0; c < s->nr_cpus; c++) {
		update_rq_clock(s, &s->rq[c]);
		rq_update_curr(s, &s->rq[c]);
		sim_account_cpu(s, (int)c);
		sim_idle_flush(s, &s->rq[c]); /* residency up to the end */
	}
	for (uint32_t i = 0; i < s->nr_tasks; i++)
		task_flush_cpu_time(s->tasks[i]);
	sim_end_loops(s);
	if (s->overutilized)
		s->overutilized_ns += s->now - s->overutilized_since;
	s->overutilized_since = s->now;
}

static int start(struct capsim_sim *s, capsim_error *err)
{
	int ret;

	s->started = true;
	sim_pressure_start(s);
	for (unsigned i = 0; i < s->plat->nr_policies; i++) {
		sugov_start(s, &s->pol[i]);
		cpus_sync(s, &s->pol[i].pp->related_cpus, true);
	}
	for (unsigned c = 0; c < s->nr_cpus; c++) {
		update_cpu_capacity(s, (int)c);
		rq_sync_pressure(s, &s->rq[c]);
		rq_sync_view(s, &s->rq[c]);
		sim_ev_cpu_frequency(s, (int)c); /* every CPU's frequency track starts at t=0 */
		sim_ev_counters(s, (int)c);
		sim_idle_enter(s, &s->rq[c]); /* every CPU starts idle */
	}
	for (unsigned i = 0; i < s->nr_sc; i++)
		sim_push(s, s->sc[i].time_ns, EV_SCENARIO, i, 0);
	ret = sim_create_tasks(s);
	if (ret)
		return capsim_error_set(err, ret, "out of memory");
	s->pending_starts = s->nr_tasks;
	sim_hold_tasks(s);
	if (s->end)
		sim_push(s, s->end, EV_END, 0, 0);
	return s->error ? capsim_error_set(err, s->error, "out of memory") : 0;
}

/*
 * Events a run may process: as many as asked (it then stops early with its report), else
 * none bounds a run that its duration bounds, and a run without one is called runaway
 * beyond SIM_DEFAULT_MAX_EVENTS.
 */
static uint64_t event_cap(const struct capsim_sim *s)
{
	return s->opt.max_events ? s->opt.max_events : s->end ? UINT64_MAX : SIM_DEFAULT_MAX_EVENTS;
}

/*
 * The count at which the loop next looks at its count: past the event cap, or at the next
 * progress callback (every PROGRESS_EVERY events), whichever comes first. One compare an event
 * instead of the cap's and the progress modulo.
 */
static uint64_t next_count_check(const struct capsim_sim *s, uint64_t max_events)
{
	uint64_t next = (s->nr_events / PROGRESS_EVERY + 1) * PROGRESS_EVERY;

	return max_events < next ? max_events + 1 : next;
}

/* what an event's end must look at (sim_run()'s @tail): rare, so one test of the word */
enum {
	TAIL_ENDLESS = 1u << 0,  /* a run without an end: it ends when its tasks do */
	TAIL_PROGRESS = 1u << 1, /* the count is a multiple of PROGRESS_EVERY */
};

int sim_run(struct capsim_sim *s, capsim_error *err)
{
	struct sim_event ev;
	uint64_t max_events = event_cap(s), check_at;
	int ret = start(s, err);
	unsigned tail = s->end ? 0 : TAIL_ENDLESS;

	if (ret)
		return ret;
	check_at = next_count_check(s, max_events);
	/* a run with an end stops at its EV_END, which pops before any later event */
	while (!s->error && eq_pop(&s->eq, &ev)) {
		if (ev.kind == EV_TICK && tick_cancelled(s, &ev))
			continue;
		sim_set_now(s, ev.time);
		if (atomic_load_explicit(&s->stop, memory_order_relaxed)) {
			s->truncated = CAPSIM_STOP_REQUESTED;
			break;
		}
		if (++s->nr_events >= check_at) {
			if (s->nr_events > max_events) {
				s->nr_events--;
				if (s->opt.max_events) {
					s->truncated = CAPSIM_STOP_MAX_EVENTS;
					break;
				}
				sim_fail(s, CAPSIM_ERR_RANGE, 0, "more than %llu events by %.3f s of "
					 "simulated time with no duration to end it: give a duration, "
					 "or allow more with --max-events",
					 (unsigned long long)max_events, (double)s->now * 1e-9);
				break;
			}
			assert(!(s->nr_events % PROGRESS_EVERY));
			tail |= TAIL_PROGRESS;
			check_at = next_count_check(s, max_events);
		}
		if (ev.kind == EV_END)
			break;
		if (s->nr_tasks >= SIM_PREFETCH_MIN_TASKS)
			prefetch_next(s);
		dispatch(s, &ev, err);
		if (s->adv_len) /* most events queue none: no call */
			run_advances(s);
		run_irq_works(s);
		if (s->idle_entries_deferred)
			sim_idle_deferred(s);
		sim_pressure_check_views(s);
		rq_check_memos(s);
		sg_check_capacity(s);
		if (!tail)
			continue;
		if ((tail & TAIL_ENDLESS) && !s->live_tasks && !s->pending_starts)
			break;
		if ((tail & TAIL_PROGRESS) && s->progress)
			s->progress(s->progress_ctx, s->now, s->end);
		tail &= ~(unsigned)TAIL_PROGRESS;
	}
	if (s->end && !s->error && !s->truncated)
		sim_set_now(s, s->end);
	finish(s);
	if (s->error == CAPSIM_ERR_UNSUPPORTED && s->livelock_task >= 0) {
		const struct sim_task *p = s->tasks[s->livelock_task];
		const struct wl_task *wt = &s->wl->tasks[p->wl_task];

		return capsim_error_set(err, s->error,
					"%s:%u:%u: tasks.%s: %s runs events that take no time in an "
					"endless loop (at %llu ns): add a run, sleep or timer to its loop",
					s->wl->source ? s->wl->source : "workload", wt->at.line,
					wt->at.col, wt->name, p->name, (unsigned long long)s->now);
	}
	if (s->error && s->errmsg[0])
		return capsim_error_set(err, s->error, "%s", s->errmsg);
	if (s->error && !err->msg[0])
		return capsim_error_set(err, s->error, "%s", s->error == CAPSIM_ERR_IO ?
					"the trace could not be written" : "out of memory");
	return s->error;
}
