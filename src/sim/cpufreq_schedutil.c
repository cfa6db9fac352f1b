// SPDX-License-Identifier: MIT
/*
 * cpufreq_schedutil.c - the engine's half of kernel/sched/cpufreq_schedutil.c (model/sugov.c is
 * the pure half, its decisions; sugov_get_util is model/fair.c's): schedutil per policy
 * (sugov_update_shared() with sugov_next_freq_shared(), sugov_update_single_freq() for
 * one-CPU policies, the iowait boost, and sugov_limits()), the performance and powersave
 * governors, and the cpufreq core's switch (cpufreq_driver_fast_switch(), or the sugov
 * kthread's __cpufreq_driver_target() for drivers without fast switching, below; then
 * arch_set_freq_scale()). Each policy's driver, transition latency and fast switching
 * come from the platform (src/input/dt_cpufreq.c); policy limits and freq_qos live there too
 * (src/model/platform.h).
 *
 * The sugov kthread of a policy whose cpufreq driver cannot switch from the
 * scheduler's context (v6.12). sugov_kthread_create() makes
 * "sugov:N" (N: the policy's first CPU) a SCHED_DEADLINE task with SCHED_FLAG_SUGOV (runtime
 * 1 ms, deadline and period 10 ms, a "special" entity: no bandwidth is accounted, and it
 * preempts every task but the stopper), bound to the policy's CPUs (kthread_bind_mask() of
 * related_cpus, whatever policy->dvfs_possible_from_any_cpu says). sugov_deferred_update()
 * raises an irq_work whose sugov_irq_work() queues the work (kthread_queue_work(), which wakes
 * the kthread unless it is in a work already); try_to_wake_up() places it with
 * select_task_rq_dl() (deadline.c) and it preempts the CPU's task at once (wakeup_preempt()).
 * Its kthread_worker_fn() runs sugov_work(): next_freq read, work_in_progress cleared, then
 * __cpufreq_driver_target(), whose steps are the driver's (src/model/opp_transition.c): busy
 * waits are the kthread's CPU time, sleeps (TASK_UNINTERRUPTIBLE) leave the CPU to others, and
 * the new frequency is delivered when the clock changes. A work queued meanwhile runs before
 * the kthread sleeps again (TASK_INTERRUPTIBLE).
 *
 * Where it starts is not knowable (kthread_create() forks it wherever kthreadd runs, and a
 * sleeping task's affinity change does not move it): it is taken to start asleep on the
 * policy's first CPU, where select_fallback_rq() puts it at its first wake-up when it was
 * forked outside the policy. select_task_rq_dl() then keeps it there: no other deadline task
 * runs on its CPUs, and every CPU's capacity is above its density (1 ms / 10 ms: 102).
 */
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"
#include "model/model.h"
#include "sim/sim.h"
#include "sim/sim_events.h"

/*
 * Apply policy->cur = @khz on every CPU of the policy: bring their clocks and running work up
 * to now at the old speed first, then change the speed and re-arm their completions.
 * mirrors cpufreq_driver_fast_switch() + arch_set_freq_scale().
 */
void cpufreq_set_cur(struct capsim_sim *s, struct sim_policy *sp, uint32_t khz)
{
	struct platform_policy *pp = sp->pp;

	if (khz < pp->min_khz)
		khz = pp->min_khz;
	if (khz > pp->max_khz)
		khz = pp->max_khz;
	if (khz == pp->cur_khz)
		return;
	for (unsigned i = 0; i < sp->nr_cpus; i++) {
		unsigned c = sp->cpus[i];

		update_rq_clock(s, &s->rq[c]);
		rq_update_curr(s, &s->rq[c]);
		sim_account_cpu(s, (int)c);
	}
	pp->cur_khz = khz;
	for (unsigned i = 0; i < sp->nr_cpus; i++) {
		unsigned c = sp->cpus[i];

		sim_refresh_freq_scale(s, (int)c);
		sim_ev_cpu_frequency(s, (int)c);
		rq_arm_completion(s, &s->rq[c]);
	}
}

/* the new request from @cpu: cpufreq_driver_fast_switch() now, or the kthread's work */
static void sugov_commit(struct capsim_sim *s, struct sim_policy *sp, int cpu, uint32_t next_f)
{
	if (sp->fast_switch)
		cpufreq_set_cur(s, sp, next_f);
	else
		sugov_deferred_update(s, sp, cpu);
}

/* @cpu's struct sugov_cpu */
static struct sugov_cpu_state *sg_cpu_of(const struct capsim_sim *s, struct sim_policy *sp, int cpu)
{
	return &sp->sg_cpu[s->rq[cpu].policy_pos];
}

/* mirrors sugov_update_shared() + sugov_next_freq_shared() */
static void sugov_update_shared(struct capsim_sim *s, struct sim_policy *sp, int cpu,
				unsigned flags)
{
	uint64_t util = 0, max_cap = s->rq[cpu].cap_orig;
	uint32_t next_f;
	bool changed;

	sugov_iowait_boost(sg_cpu_of(s, sp, cpu), s->now, CAPSIM_MUT(43, flags, 0u), s->tick_ns);
	sg_cpu_of(s, sp, cpu)->last_update = s->now;
	if (!sugov_should_update_freq(&sp->sg, s->now))
		return;
	for (unsigned i = 0; i < sp->nr_cpus; i++) {
		uint64_t boost = CAPSIM_MUT(42, sugov_iowait_apply(&sp->sg_cpu[i], s->now, max_cap, s->tick_ns), 0);
		uint64_t u = sugov_get_util_boost(&s->rd, (int)sp->cpus[i], boost);

		if (CAPSIM_MUT(44, u > util, u < util))
			util = u;
	}
	next_f = get_next_freq(&sp->sg, s->plat, sp->idx, util, max_cap);
	changed = sugov_update_next_freq(&sp->sg, s->now, next_f);
	sim_ev_sugov_update(s, sp, cpu, util, max_cap, next_f, changed);
	if (changed)
		sugov_commit(s, sp, cpu, next_f);
}

/* mirrors sugov_update_single_freq() with sugov_update_single_common() */
static void sugov_update_single_freq(struct capsim_sim *s, struct sim_policy *sp, int cpu,
				     unsigned flags)
{
	struct sugov_cpu_state *sg_cpu = &sp->sg_cpu[0];
	uint32_t cached_freq = sp->sg.cached_raw_freq, next_f;
	uint64_t max_cap = s->rq[cpu].cap_orig, util;
	bool changed;

	sugov_iowait_boost(sg_cpu, s->now, flags, s->tick_ns);
	sg_cpu->last_update = s->now;
	if (!sugov_should_update_freq(&sp->sg, s->now))
		return;
	util = sugov_get_util_boost(&s->rd, cpu,
				    CAPSIM_MUT(45, sugov_iowait_apply(sg_cpu, s->now, max_cap, s->tick_ns), 0));
	next_f = get_next_freq(&sp->sg, s->plat, sp->idx, util, max_cap);
	/* a CPU that has not idled since keeps its frequency: a reduction would be premature */
	if (sugov_hold_freq(sg_cpu, s->rq[cpu].idle_calls, uclamp_rq_is_capped(&s->rd, cpu)) &&
	    next_f < sp->sg.next_freq && !sp->sg.need_freq_update) {
		next_f = sp->sg.next_freq;
		sp->sg.cached_raw_freq = cached_freq;
	}
	changed = sugov_update_next_freq(&sp->sg, s->now, next_f);
	sim_ev_sugov_update(s, sp, cpu, util, max_cap, next_f, changed);
	if (changed)
		sugov_commit(s, sp, cpu, next_f);
}

void cpufreq_update_util_flags(struct capsim_sim *s, int cpu, unsigned flags)
{
	int pi = s->rq[cpu].policy;

	if (pi < 0 || s->opt.governor != SIM_GOV_SCHEDUTIL)
		return;
	/* sugov_start(): policy_is_shared() picks the hook (no ->adjust_perf on these drivers) */
	if (s->pol[pi].nr_cpus > 1)
		sugov_update_shared(s, &s->pol[pi], cpu, flags);
	else
		sugov_update_single_freq(s, &s->pol[pi], cpu, flags);
}

/* mirrors cpufreq_update_util(): the scheduler's hook into the governor of @cpu's policy */
void cpufreq_update_util(struct capsim_sim *s, int cpu)
{
	cpufreq_update_util_flags(s, cpu, 0);
}

/*
 * mirrors sugov_start() (and the performance/powersave governors' start): rate_limit_us from
 * sugov_init()'s cpufreq_policy_transition_delay_us() unless the scenario sets one for all.
 */
void sugov_start(struct capsim_sim *s, struct sim_policy *sp)
{
	uint32_t rl = s->opt.rate_limit_us ? s->opt.rate_limit_us
					   : cpufreq_policy_transition_delay_us(sp->pp);

	sp->sg = (struct sugov_state){
		.freq_update_delay_ns = (int64_t)rl * 1000,
		.headroom_in_freq = model_sugov_clamp_before_headroom(s->opt.model),
	};
	sp->fast_switch = sp->pp->fast_switch;
	/* sugov_init(): the kthread only for the slow path */
	if (s->opt.governor == SIM_GOV_SCHEDUTIL && !sp->fast_switch &&
	    sugov_kthread_create(sp))
		s->error = CAPSIM_ERR_NOMEM;
	sugov_limits(s, sp);
}

/*
 * mirrors sugov_limits(): without fast switching cpufreq_policy_apply_limits() moves cur into
 * the new limits at once; with it, schedutil reacts at its next update (limits_changed).
 * And cpufreq_gov_performance_limits() / cpufreq_gov_powersave_limits().
 */
void sugov_limits(struct capsim_sim *s, struct sim_policy *sp)
{
	switch (s->opt.governor) {
	case SIM_GOV_SCHEDUTIL:
		if (!sp->fast_switch &&
		    (sp->pp->cur_khz > sp->pp->max_khz || sp->pp->cur_khz < sp->pp->min_khz))
			cpufreq_set_cur(s, sp, sp->pp->cur_khz); /* clamped into the new limits */
		sp->sg.limits_changed = true;
		break;
	case SIM_GOV_PERFORMANCE:
		cpufreq_set_cur(s, sp, sp->pp->max_khz);
		break;
	case SIM_GOV_POWERSAVE:
		cpufreq_set_cur(s, sp, sp->pp->min_khz);
		break;
	}
	sim_ev_cpu_frequency_limits(s, sp);
}

/* ---- the sugov kthread of a policy without fast switching ------------------------------- */

int sugov_kthread_create(struct sim_policy *sp)
{
	struct sim_task *p = calloc(1, sizeof(*p));
	unsigned first = sp->cpus[0]; /* cpumask_first(policy->related_cpus) */

	if (!p || !(p->name = malloc(16))) {
		free(p);
		return CAPSIM_ERR_NOMEM;
	}
	snprintf(p->name, 16, "sugov:%u", first);
	p->pid = CAPSIM_SUGOV_PID_BASE + first;
	p->id = UINT32_MAX; /* not a workload task: in no table */
	p->wl_task = -1;
	p->sched_class = &sim_dl_sched_class;
	p->state = TASK_BLOCKED;
	p->cpu = (int)first;
	p->allowed = sp->pp->related_cpus;
	p->nr_allowed = sp->nr_cpus;
	p->waiting_res = -1;
	p->mutex_after_wake = -1;
	p->st.cur_cpu = -1;
	sp->kthread = p;
	return 0;
}

void sugov_kthread_free(struct sim_policy *sp)
{
	if (!sp->kthread)
		return;
	free(sp->kthread->name);
	free(sp->kthread->st.by_cpu);
	free(sp->kthread);
	sp->kthread = NULL;
}

/* the kthread runs on one of its policy's CPUs */
static struct sim_policy *policy_of(struct capsim_sim *s, const struct sim_task *p)
{
	return &s->pol[s->rq[p->cpu].policy];
}

/*
 * mirrors try_to_wake_up() of the kthread from @waker (the CPU of the irq_work or of the
 * timer): select_task_rq_dl(), activate_task(), then wakeup_preempt(), which reschedules any
 * task but another special entity.
 */
static void kthread_wake(struct capsim_sim *s, struct sim_task *p, int waker)
{
	int cpu;

	if (p->state != TASK_BLOCKED)
		return; /* wake_up_process() of a runnable task: nothing to do */
	p->uninterruptible = false;
	p->timer_ns = 0;
	sim_ev_wakeup_from(s, CAPSIM_EV_SCHED_WAKING, p, waker);
	cpu = p->sched_class->select_task_rq(s, p, waker, WF_TTWU);
	if (cpu != p->cpu) { /* set_task_cpu() */
		sim_ev_migrate(s, p, cpu);
		p->cpu = cpu;
	}
	if (sim_idle_ttwu_queue(s, p, cpu))
		return; /* ttwu_queue_wakelist(): enqueued once the CPU is out of its idle state */
	rq_enqueue(s, &s->rq[cpu], p, true);
	ttwu_update_avg_idle(s, &s->rq[cpu]);
	sim_ev_wakeup_from(s, CAPSIM_EV_SCHED_WAKEUP, p, waker);
	rq_check_preempt_wakeup(s, &s->rq[cpu], p);
}

/* The running kthread sleeps (deactivate_task(DEQUEUE_SLEEP)) and its CPU reschedules. */
static void kthread_sleep(struct capsim_sim *s, struct sim_task *p, bool uninterruptible)
{
	struct sim_rq *rq = &s->rq[p->cpu];

	p->uninterruptible = uninterruptible;
	rq_dequeue(s, rq, p, true);
	rq_resched(s, rq);
}

void sugov_deferred_update(struct capsim_sim *s, struct sim_policy *sp, int cpu)
{
	if (sp->work_in_progress)
		return;
	sp->work_in_progress = true;
	/* irq_work_queue(): not pending since the last one ran (work_in_progress kept it off) */
	sp->irq_work_pending = true;
	sp->irq_work_cpu = cpu;
	s->irq_work_pending++;
}

/* mirrors sugov_irq_work() -> kthread_queue_work(): queued once; woken unless in a work */
static void sugov_irq_work(struct capsim_sim *s, struct sim_policy *sp)
{
	if (!sp->irq_work_pending)
		return;
	sp->irq_work_pending = false;
	s->irq_work_pending--;
	if (sp->work_queued)
		return;
	sp->work_queued = true;
	if (!sp->work_busy)
		kthread_wake(s, sp->kthread, sp->irq_work_cpu);
}

void sugov_irq_work_run(struct capsim_sim *s)
{
	for (unsigned i = 0; s->irq_work_pending && i < s->plat->nr_policies; i++)
		sugov_irq_work(s, &s->pol[i]);
}

/* the OPP of @pp at or below @khz */
static unsigned opp_index(const struct platform_policy *pp, uint32_t khz)
{
	unsigned i = 0;

	while (i + 1 < pp->nr_opps && pp->opps[i + 1].khz <= khz)
		i++;
	return i;
}

/*
 * mirrors sugov_work(): next_freq read and work_in_progress cleared, then
 * __cpufreq_driver_target(RELATION_L): the frequency within the policy's limits (the table's:
 * next_freq is one), nothing to do if it is policy->cur, else the driver's steps.
 */
static void sugov_work(struct capsim_sim *s, struct sim_policy *sp)
{
	const struct platform_policy *pp = sp->pp;
	uint32_t khz = sp->sg.next_freq;
	/* policy->cur: for a firmware's clock, the last change asked for (it set policy->cur) */
	uint32_t cur = sp->firmware_khz ? sp->firmware_khz : pp->cur_khz;

	sp->work_in_progress = false;
	khz = khz < pp->min_khz ? pp->min_khz : khz > pp->max_khz ? pp->max_khz : khz;
	sp->work_khz = khz;
	sp->step = 0;
	sp->nr_steps = opp_transition_steps(pp, opp_index(pp, cur), opp_index(pp, khz), s->opt.hz,
					    sp->steps);
}

/*
 * The kthread sleeps until @t: on a timer of its CPU (an hrtimer, the timer wheel), which the
 * idle governor sees, or (@timer false) until the firmware's reply.
 */
static void kthread_sleep_until(struct capsim_sim *s, struct sim_policy *sp, struct sim_task *p,
				uint64_t t, bool timer)
{
	p->timer_ns = timer ? t : 0;
	sim_push(s, t, EV_SUGOV_WORK, sp->idx, 0);
	kthread_sleep(s, p, true);
}

/* mirrors kthread_worker_fn(): the queued work, one driver step after another, then sleep */
void sugov_kthread_run(struct capsim_sim *s, struct sim_task *p)
{
	struct sim_policy *sp = policy_of(s, p);

	while (p->state == TASK_RUNNING && !p->in_cpu_event && !s->error) {
		const struct opp_step *st;

		if (!sp->work_busy) {
			if (!sp->work_queued) { /* nothing on the list: schedule() */
				kthread_sleep(s, p, false);
				return;
			}
			sp->work_queued = false;
			sp->work_busy = true;
			sugov_work(s, sp);
		}
		if (sp->step == sp->nr_steps) { /* sugov_work() returned */
			sp->work_busy = false;
			continue;
		}
		st = &sp->steps[sp->step++];
		switch (st->kind) {
		case OPP_STEP_SPIN:
			p->in_cpu_event = true;
			p->cpu_event_is_wall = true;
			p->wall_end = s->now + st->ns;
			rq_arm_completion(s, &s->rq[p->cpu]);
			return;
		case OPP_STEP_SLEEP:
			kthread_sleep_until(s, sp, p, s->now + st->ns, true);
			return;
		case OPP_STEP_SLEEP_JIFFIES: /* schedule_timeout(): expires at jiffies + n */
			kthread_sleep_until(s, sp, p, (sim_jiffies(s) + st->ns) * s->tick_ns, true);
			return;
		case OPP_STEP_WAIT:
			kthread_sleep_until(s, sp, p, s->now + st->ns, false);
			return;
		case OPP_STEP_CLOCK:
			cpufreq_set_cur(s, sp, sp->work_khz);
			break;
		case OPP_STEP_FIRMWARE: /* the firmware's change lands later, CPU or not */
			sp->firmware_khz = sp->work_khz;
			sim_push(s, s->now + st->ns, EV_SUGOV_CLOCK, sp->idx, sp->work_khz);
			break;
		}
	}
}

void sugov_firmware_clock(struct capsim_sim *s, struct sim_policy *sp, uint32_t khz)
{
	if (khz == sp->firmware_khz) /* the last one asked for: none pending now */
		sp->firmware_khz = 0;
	cpufreq_set_cur(s, sp, khz);
}

void sugov_kthread_spin_done(struct capsim_sim *s, struct sim_task *p)
{
	p->in_cpu_event = false;
	sugov_kthread_run(s, p);
}

void sugov_kthread_timer(struct capsim_sim *s, struct sim_policy *sp)
{
	/* the timer (or the firmware's reply) interrupts the CPU it slept on: once out of its
	 * idle state */
	if (sim_idle_kthread_wait(s, sp->kthread))
		return;
	kthread_wake(s, sp->kthread, sp->kthread->cpu);
}
