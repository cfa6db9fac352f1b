// SPDX-License-Identifier: MIT
/*
 * sugov_kthread.c - the sugov kthread of a policy whose cpufreq driver cannot switch from the
 * scheduler's context (kernel/sched/cpufreq_schedutil.c, v6.12). sugov_kthread_create() makes
 * "sugov:N" (N: the policy's first CPU) a SCHED_DEADLINE task with SCHED_FLAG_SUGOV (runtime
 * 1 ms, deadline and period 10 ms, a "special" entity: no bandwidth is accounted, and it
 * preempts every task but the stopper), bound to the policy's CPUs (kthread_bind_mask() of
 * related_cpus, whatever policy->dvfs_possible_from_any_cpu says). sugov_deferred_update()
 * raises an irq_work whose sugov_irq_work() queues the work (kthread_queue_work(), which wakes
 * the kthread unless it is in a work already); try_to_wake_up() places it with
 * select_task_rq_dl() (balance.c) and it preempts the CPU's task at once (wakeup_preempt()).
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
#include "sim/sim.h"
#include "sim/sim_events.h"

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
	p->dl = true;
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
	cpu = select_task_rq_dl(s, p, waker);
	if (cpu != p->cpu) { /* set_task_cpu() */
		sim_ev_migrate(s, p, cpu);
		p->cpu = cpu;
	}
	if (sim_idle_ttwu_queue(s, p, cpu))
		return; /* ttwu_queue_wakelist(): enqueued once the CPU is out of its idle state */
	rq_enqueue_dl(s, &s->rq[cpu], p);
	ttwu_update_avg_idle(&s->rq[cpu]);
	sim_ev_wakeup_from(s, CAPSIM_EV_SCHED_WAKEUP, p, waker);
	rq_check_preempt_wakeup(s, &s->rq[cpu], p);
}

/* The running kthread sleeps (deactivate_task(DEQUEUE_SLEEP)) and its CPU reschedules. */
static void kthread_sleep(struct capsim_sim *s, struct sim_task *p, bool uninterruptible)
{
	struct sim_rq *rq = &s->rq[p->cpu];

	p->uninterruptible = uninterruptible;
	rq_dequeue_dl(s, rq, p);
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
