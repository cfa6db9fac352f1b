// SPDX-License-Identifier: MIT
/*
 * sim_idle.c - cpuidle in the run: an idle CPU enters the state the menu governor picks
 * (model/cpuidle.c) for its next timer event, and a wake-up makes it run only after the
 * state's exit latency (EV_IDLE_EXIT); the time spent in each state is counted per CPU.
 * Cluster states are entered only by the last CPU of the cluster to idle, the rule of PSCI
 * OS-initiated mode (genpd's cpu_power_down_ok()); under platform-coordinated mode the
 * firmware keeps the cluster up by the same rule.
 */
#include "model/cpuidle.h"
#include "sim/sim.h"
#include "sim/sim_events.h"

/* @p sleeps on a timer of @rq's CPU that fires after now */
static bool timer_on(const struct capsim_sim *s, const struct sim_rq *rq, const struct sim_task *p)
{
	return p->state == TASK_BLOCKED && p->cpu == rq->cpu && p->timer_ns > s->now;
}

/*
 * tick_nohz_get_sleep_length(): the first hrtimer of @rq's CPU, the sleep timers of the tasks
 * that blocked on it and of a sugov kthread asleep in its driver (the tick is stopped in idle:
 * NO_HZ_IDLE). Wake-ups by other tasks are not timers and cannot be predicted from it.
 */
static uint64_t next_timer_ns(const struct capsim_sim *s, const struct sim_rq *rq)
{
	uint64_t next = CPUIDLE_NO_TIMER;

	for (uint32_t i = 0; i < s->nr_tasks; i++)
		if (timer_on(s, rq, s->tasks[i]) && s->tasks[i]->timer_ns < next)
			next = s->tasks[i]->timer_ns;
	if (rq->policy >= 0 && s->pol[rq->policy].kthread &&
	    timer_on(s, rq, s->pol[rq->policy].kthread) &&
	    s->pol[rq->policy].kthread->timer_ns < next)
		next = s->pol[rq->policy].kthread->timer_ns;
	return next == CPUIDLE_NO_TIMER ? next : next - s->now;
}

/* Every other CPU of @rq's idle domain (its cluster) is idle. */
static bool cluster_idle(const struct capsim_sim *s, const struct sim_rq *rq)
{
	const struct platform_cpu *me = &s->plat->cpus[rq->cpu];

	for (unsigned c = 0; c < s->nr_cpus; c++) {
		const struct sim_rq *o = &s->rq[c];

		if ((int)c != rq->cpu && s->plat->cpus[c].idle_domain == me->idle_domain &&
		    (o->curr || o->nr_running || o->stopper_curr))
			return false;
	}
	return true;
}

void sim_idle_enter(struct capsim_sim *s, struct sim_rq *rq)
{
	const struct platform_cpu *c = &s->plat->cpus[rq->cpu];

	/*
	 * no DT idle state (cpuidle-psci does not probe) or cpuidle.off=1 (cpuidle_idle_call()
	 * falls back to default_idle_call()): WFI
	 */
	rq->idle_state = c->nr_idle && !s->cpuidle_off ? cpuidle_menu_select(c, next_timer_ns(s, rq),
							  CPUIDLE_NO_TIMER, cluster_idle(s, rq))
				    : 0;
	rq->in_idle = true;
	rq->idle_calls++; /* tick_nohz_idle_stop_tick()'s ts->idle_calls, read by sugov_hold_freq() */
	rq->idle_exiting = rq->idle_exited = false;
	rq->idle_enter = s->now;
	sim_ev_cpu_idle(s, rq->cpu, platform_cpuidle_index(s->plat, (unsigned)rq->cpu,
							   rq->idle_state));
}

bool sim_idle_exit_pending(struct capsim_sim *s, struct sim_rq *rq)
{
	const struct platform_idle_state *st;

	if (!rq->in_idle || !rq->idle_state || rq->idle_exited)
		return false;
	if (rq->idle_exiting)
		return true;
	st = &s->plat->cpus[rq->cpu].idle[rq->idle_state - 1];
	rq->idle_exiting = true;
	sim_push(s, s->now + cpuidle_exit_delay_ns(st, rq->idle_enter, s->now), EV_IDLE_EXIT,
		 (uint32_t)rq->cpu, 0);
	return true;
}

void sim_idle_leave(struct capsim_sim *s, struct sim_rq *rq)
{
	if (!rq->in_idle)
		return;
	rq->idle_ns[rq->idle_state] += s->now - rq->idle_enter;
	rq->in_idle = rq->idle_exiting = rq->idle_exited = false;
}

void sim_idle_exit_event(struct capsim_sim *s, struct sim_rq *rq)
{
	rq->idle_exiting = false;
	rq->idle_exited = true;
	if (rq->nr_running) {
		rq_resched(s, rq);
		return;
	}
	/* what woke it was pulled away meanwhile: it idles again */
	sim_idle_leave(s, rq);
	sim_ev_cpu_idle(s, rq->cpu, CAPSIM_CPU_IDLE_EXIT);
	sim_idle_enter(s, rq);
}
