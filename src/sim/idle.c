// SPDX-License-Identifier: MIT
/*
 * idle.c - the idle class and do_idle() (kernel/sched/idle.c): the switch to and from the idle
 * task (rq->curr NULL), and cpuidle in the run: an idle CPU enters the state its governor (menu
 * or teo, model/cpuidle.c) picks from its next timer event and what it learnt of past idle
 * periods, and leaves it only after the state's exit latency (EV_IDLE_EXIT), when the governor
 * learns how long it was idle. Each iteration of the idle loop stops the tick or keeps it as
 * the governor's stop_tick says (idle_call_stop_or_retain_tick()); a kept tick wakes the CPU
 * at the next jiffy, runs sched_tick() on the idle runqueue (its balance as CPU_IDLE) and the
 * loop selects again. What wakes it waits for that exit, as in the kernel:
 *
 *   - a wake-up by another CPU goes on the idle CPU's wake list (ttwu_queue_wakelist(): the
 *     target is idle, TTWU_QUEUE) and the IPI is taken once the CPU is out: the task is
 *     enqueued then (sched_ttwu_pending()), and meanwhile the CPU is not idle_cpu()
 *     (rq->ttwu_pending) but its runqueue does not have the task;
 *   - a timer of the CPU fires its interrupt once the CPU is out: the sleeper's
 *     try_to_wake_up() comes then, its wake-up latency counted from the timer's expiry.
 *
 * Cluster states (a PSCI power level above the core, or the parent power domain's state) are the
 * cluster's, not a CPU's: the last CPU of the cluster to idle takes the cluster down, when every
 * other CPU of it is idle in a state deeper than WFI and the cluster state's residency fits the
 * first timer of any of them (genpd's cpu_power_down_ok() under PSCI OS-initiated mode; under
 * platform-coordinated mode the firmware keeps the cluster up by the same rule). The first wake-up
 * of a CPU of a down cluster powers it up: that CPU waits for the cluster state's exit, the others
 * stay in their own states (and a CPU woken while the cluster is still powering up waits for it).
 * Residency per state counts what each CPU is physically in: its own state, or the cluster's while
 * the cluster is down.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "model/cpuidle.h"
#include "model/model.h"
#include "sim/sim.h"
#include "sim/sim_events.h"

/* @p sleeps on a timer that fires after now, on @rq's CPU (@domain: on a CPU of its cluster) */
static bool timer_on(const struct capsim_sim *s, const struct sim_rq *rq, const struct sim_task *p,
		     bool domain)
{
	return p->state == TASK_BLOCKED && p->timer_ns > s->now &&
	       (domain ? s->rq[p->cpu].idle_dom_cpu == rq->idle_dom_cpu : p->cpu == rq->cpu);
}

/* ---- a CPU's timer queue: a 4-ary min-heap on expiry (struct sim_timerq) ------------------- */

/*
 * The heap's slot @i (0: the root) is q->slot[i + TQ_PAD]: the children of @i, from
 * TQ_ARITY * i + 1, are then one aligned line of q->slot (TQ_ALIGN), read by one miss. The
 * slots from nr on are TQ_NONE, which expires after any other: a family always has TQ_ARITY.
 */
#define TQ_ARITY 4u
#define TQ_PAD (TQ_ARITY - 1)
#define TQ_ALIGN (TQ_ARITY * sizeof(struct sim_timer_slot))
static const struct sim_timer_slot TQ_NONE = { UINT64_MAX, NULL };

static struct sim_timer_slot *tq_slot(const struct sim_timerq *q, uint32_t i)
{
	return &q->slot[i + TQ_PAD];
}

/* the slot @i of @rq's queue is its task's pending timer on that CPU (not one re-armed or moved) */
static bool tq_current(const struct sim_rq *rq, uint32_t i)
{
	const struct sim_timer_slot *e = tq_slot(&rq->timerq, i);

	return e->p->timer_ns == e->expires && e->p->cpu == rq->cpu;
}

/* the slot @off bytes after the root @h (the sift's positions are byte offsets: no scaling) */
static struct sim_timer_slot *tq_at(struct sim_timer_slot *h, size_t off)
{
	return (struct sim_timer_slot *)((char *)h + off);
}

/*
 * @e into the hole at the root of @q, bottom-up (Floyd): the hole goes down to a leaf past each
 * family's first without comparing with @e, which mostly goes there anyway (a re-armed timer,
 * now + a period, expires later than most; a pop's last slot is a leaf's), then @e moves up
 * past the slots that expire later. A family's first (of equal ones the first: a slot in use
 * before a TQ_NONE) is picked from its four times, each read once, by selects, not branches
 * (which half holds it is a coin toss). Equal times may end in other places than a top-down
 * sift leaves them; what is read of the heap does not depend on that: its first expiry,
 * tq_expire()'s slots up to now, tq_first_blocked()'s earliest. @hint: each level prefetches
 * the four families below its slots, one of which the next level reads (with
 * SIM_PREFETCH_MIN_TASKS tasks the heap's lower levels are mostly out of L1, and each level's
 * load waits for the pick of the one above). always_inline: in the frame of tq_insert(), whose
 * re-arm is most of its calls.
 */
static CAPSIM_ALWAYS_INLINE void tq_sift_down(struct sim_timerq *q, struct sim_timer_slot e,
					      bool hint)
{
	const size_t sz = sizeof(e);
	struct sim_timer_slot *h = tq_slot(q, 0);
	size_t end = q->nr * sz, hole = 0, c, up;

	while ((c = TQ_ARITY * hole + sz) < end) {
		const struct sim_timer_slot *f = tq_at(h, c);
		size_t g = TQ_ARITY * c + sz; /* the four slots' families: four lines from g */
		uint64_t t0 = f[0].expires, t1 = f[1].expires, t2 = f[2].expires, t3 = f[3].expires;
		size_t a = t1 < t0 ? c + sz : c, b = t3 < t2 ? c + 3 * sz : c + 2 * sz;
		uint64_t ta = t1 < t0 ? t1 : t0, tb = t3 < t2 ? t3 : t2;
		size_t first = a ^ ((a ^ b) & -(size_t)(tb < ta));

		if (hint && g < end) {
			__builtin_prefetch(tq_at(h, g));
			__builtin_prefetch(tq_at(h, g + TQ_ALIGN));
			__builtin_prefetch(tq_at(h, g + 2 * TQ_ALIGN));
			__builtin_prefetch(tq_at(h, g + 3 * TQ_ALIGN));
		}
		*tq_at(h, hole) = *tq_at(h, first);
		hole = first;
	}
	/* the parent of the slot at @hole: (i - 1) / TQ_ARITY of its index i, in bytes */
	for (; hole && e.expires < tq_at(h, up = (hole - sz) / TQ_ARITY & ~(sz - 1))->expires;
	     hole = up)
		*tq_at(h, hole) = *tq_at(h, up);
	*tq_at(h, hole) = e;
}

/*
 * The first slot leaves @q, the last sifted down from the root. noinline: the idle entry's
 * tq_expire() mostly finds nothing expired, and need not pay for the sift's register saves.
 */
static __attribute__((noinline)) void tq_pop(struct sim_timerq *q)
{
	struct sim_timer_slot last = *tq_slot(q, --q->nr);

	*tq_slot(q, q->nr) = TQ_NONE;
	if (q->nr)
		tq_sift_down(q, last, false);
}

/* the expired timers leave @q: they cannot count again before their tasks arm new ones */
static void tq_expire(const struct capsim_sim *s, struct sim_timerq *q)
{
	while (q->nr && tq_slot(q, 0)->expires <= s->now)
		tq_pop(q);
}

/*
 * @q's slots doubled (16 to start), in a block aligned as tq_slot() needs, with room for the
 * last slot's family of TQ_NONE; false: no memory. noinline: tq_insert()'s frame, which a
 * re-arm pays, does not hold the registers of its calls.
 */
static __attribute__((noinline)) bool tq_grow(struct sim_timerq *q)
{
	uint32_t cap = q->cap ? q->cap * 2 : 16;
	size_t n = (size_t)cap + 2 * TQ_ARITY;
	struct sim_timer_slot *slot;

	if (cap < q->cap)
		return false;
	slot = aligned_alloc(TQ_ALIGN, n * sizeof(*slot));
	if (!slot)
		return false;
	if (q->nr)
		memcpy(slot + TQ_PAD, q->slot + TQ_PAD, (size_t)q->nr * sizeof(*slot));
	for (size_t i = q->nr + TQ_PAD; i < n; i++)
		slot[i] = TQ_NONE;
	free(q->slot);
	q->slot = slot;
	q->cap = cap;
	return true;
}

/*
 * @p's timer_ns into @cpu's queue: in the place of an expired first slot (a re-arm finds its
 * own there, mostly), else in a new one moved up past the slots that expire later (the queue
 * grows only while every slot is pending).
 */
static void tq_insert(struct capsim_sim *s, struct sim_task *p, int cpu)
{
	struct sim_timerq *q = &s->rq[cpu].timerq;
	struct sim_timer_slot e = { p->timer_ns, p };
	uint32_t i;

	if (q->nr && tq_slot(q, 0)->expires <= s->now) {
		/* two copies of the loop: the one without hints does not test for them */
		if (s->nr_tasks >= SIM_PREFETCH_MIN_TASKS)
			tq_sift_down(q, e, true);
		else
			tq_sift_down(q, e, false);
		return;
	}
	if (q->nr == q->cap && !tq_grow(q)) {
		s->error = CAPSIM_ERR_NOMEM;
		return;
	}
	for (i = q->nr++; i > 0 && e.expires < tq_slot(q, (i - 1) / TQ_ARITY)->expires;
	     i = (i - 1) / TQ_ARITY)
		*tq_slot(q, i) = *tq_slot(q, (i - 1) / TQ_ARITY);
	*tq_slot(q, i) = e;
}

void sim_timer_arm(struct capsim_sim *s, struct sim_task *p, uint64_t t)
{
	const struct sim_timerq *q = &s->rq[p->cpu].timerq;

	p->timer_ns = t;
	p->timer_queued = true;
	tq_insert(s, p, p->cpu);
	/* a hint: the first sleeper's line, which the idle entry that mostly follows reads */
	if (s->nr_tasks >= SIM_PREFETCH_MIN_TASKS && q->nr)
		__builtin_prefetch(&tq_slot(q, 0)->p->state);
}

void sim_timer_move(struct capsim_sim *s, struct sim_task *p, int cpu)
{
	if (p->timer_queued && p->timer_ns > s->now && cpu != p->cpu)
		tq_insert(s, p, cpu);
}

/*
 * The first of @next and the timers of @rq's queue from slot @i that are their blocked tasks'
 * pending ones: a subtree whose root expires no earlier than the best so far has nothing
 * earlier. (A task woken before its timer keeps it pending until it expires, but counts only
 * while blocked again.)
 */
static uint64_t tq_first_blocked(const struct sim_rq *rq, uint32_t i, uint64_t next)
{
	const struct sim_timerq *q = &rq->timerq;

	if (i >= q->nr || tq_slot(q, i)->expires >= next)
		return next;
	if (tq_slot(q, i)->p->state == TASK_BLOCKED && tq_current(rq, i))
		return tq_slot(q, i)->expires;
	for (uint32_t c = TQ_ARITY * i + 1; c <= TQ_ARITY * i + TQ_ARITY; c++)
		next = tq_first_blocked(rq, c, next);
	return next;
}

/* The first of @next and the pending timers of @rq's blocked sleepers. */
static uint64_t timers_first(struct capsim_sim *s, struct sim_rq *rq, uint64_t next)
{
	tq_expire(s, &rq->timerq);
	return tq_first_blocked(rq, 0, next);
}

#ifndef NDEBUG
/* what next_timer_ns() finds, from every task: the owner its timer queues are checked against */
static uint64_t next_timer_scan(const struct capsim_sim *s, const struct sim_rq *rq, bool domain)
{
	uint64_t next = CPUIDLE_NO_TIMER;

	for (uint32_t i = 0; i < s->nr_tasks; i++)
		if (timer_on(s, rq, s->tasks[i], domain) && s->tasks[i]->timer_ns < next)
			next = s->tasks[i]->timer_ns;
	for (unsigned i = 0; i < s->plat->nr_policies; i++)
		if (s->pol[i].kthread && timer_on(s, rq, s->pol[i].kthread, domain) &&
		    s->pol[i].kthread->timer_ns < next)
			next = s->pol[i].kthread->timer_ns;
	return next;
}
#endif

/*
 * The first CPU a scan of @rq's cluster starts from: its idle_dom_cpu, the cluster's lowest CPU
 * (sim_idle_init()), so no CPU before it is of the cluster (0 when it has no cluster states)
 */
static unsigned dom_first(const struct sim_rq *rq)
{
	assert(rq->idle_dom_cpu <= rq->cpu);
	return rq->idle_dom_cpu > 0 ? (unsigned)rq->idle_dom_cpu : 0;
}

/*
 * tick_nohz_get_sleep_length(): the first hrtimer of @rq's CPU (@domain: of any CPU of its
 * cluster, the domain's next wake-up), the sleep timers of the tasks that blocked there and of
 * a sugov kthread asleep in its driver (the tick is stopped in idle: NO_HZ_IDLE). Wake-ups by
 * other tasks are not timers and cannot be predicted from it. Return: ns from now.
 */
static uint64_t next_timer_ns(struct capsim_sim *s, const struct sim_rq *rq, bool domain)
{
	uint64_t next = CPUIDLE_NO_TIMER;

	if (!domain)
		next = timers_first(s, &s->rq[rq->cpu], next);
	for (unsigned c = dom_first(rq); domain && c < s->nr_cpus; c++)
		if (s->rq[c].idle_dom_cpu == rq->idle_dom_cpu)
			next = timers_first(s, &s->rq[c], next);
	for (unsigned i = 0; i < s->plat->nr_policies; i++)
		if (s->pol[i].kthread && timer_on(s, rq, s->pol[i].kthread, domain) &&
		    s->pol[i].kthread->timer_ns < next)
			next = s->pol[i].kthread->timer_ns;
	assert(next == next_timer_scan(s, rq, domain));
	return next == CPUIDLE_NO_TIMER ? next : next - s->now;
}

/* the runqueue that holds @rq's cluster state (its first CPU's), NULL: no cluster states */
static struct sim_rq *dom_of(struct capsim_sim *s, const struct sim_rq *rq)
{
	return rq->idle_dom_cpu >= 0 ? &s->rq[rq->idle_dom_cpu] : NULL;
}

/* @rq is idle in a state deeper than WFI and not yet woken: what wakes it waits for its exit */
static bool in_state(const struct sim_rq *rq)
{
	return rq->in_idle && rq->idle_state && !rq->idle_exiting && !rq->idle_exited &&
	       !rq->fc->ttwu_pending;
}

/*
 * The cluster of @rq can go down as @rq idles: every other CPU of it is idle in a state deeper
 * than WFI. Return: the time to the first timer of the cluster's CPUs, a kept tick included
 * (the domain's next wake-up: each CPU's dev->next_hrtimer, tick_nohz_get_next_hrtimer() at
 * its cpuidle_enter()), or 0 when it cannot.
 */
static uint64_t domain_next_ns(struct capsim_sim *s, const struct sim_rq *rq)
{
	uint64_t next;

	if (rq->idle_dom_cpu < 0)
		return 0;
	for (unsigned c = dom_first(rq); c < s->nr_cpus; c++) {
		const struct sim_rq *o = &s->rq[c];

		if (o != rq && o->idle_dom_cpu == rq->idle_dom_cpu && !in_state(o))
			return 0;
	}
	next = next_timer_ns(s, rq, true);
	for (unsigned c = dom_first(rq); c < s->nr_cpus; c++) {
		const struct sim_rq *o = &s->rq[c];

		if (o->idle_dom_cpu == rq->idle_dom_cpu && !o->tick_stopped &&
		    CAPSIM_MUT(224, sim_tick_next(s, o) - s->now < next, false))
			next = sim_tick_next(s, o) - s->now;
	}
	return next;
}

/* Count @rq's idle time up to now in the state it was in, and from now in @state. */
static void idle_account(struct capsim_sim *s, struct sim_rq *rq, unsigned state)
{
	rq->idle_ns[rq->idle_phys] += s->now - rq->idle_seg;
	rq->idle_phys = state;
	rq->idle_seg = s->now;
}

/* @c's state that is the cluster state @st (the same DT node), else its deepest */
static unsigned cluster_state_of(const struct platform_cpu *c, const struct platform_idle_state *st)
{
	for (unsigned k = c->nr_idle; k > 0; k--)
		if (!strcmp(c->idle[k - 1].node_path, st->node_path))
			return k;
	return c->nr_idle;
}

/* the last CPU @rq took its cluster down into its state @state: the others count in it too */
static void domain_down(struct capsim_sim *s, struct sim_rq *rq, unsigned state)
{
	struct sim_rq *d = dom_of(s, rq);

	d->dom_state = state;
	d->dom_st = &s->plat->cpus[rq->cpu].idle[state - 1];
	d->dom_cpu = rq->cpu;
	d->dom_entered = s->now;
	for (unsigned c = 0; c < s->nr_cpus; c++)
		if (s->rq[c].idle_dom_cpu == rq->idle_dom_cpu && s->rq[c].in_idle)
			idle_account(s, &s->rq[c], cluster_state_of(&s->plat->cpus[c], d->dom_st));
}

/*
 * A CPU of @rq's down cluster is woken now: the cluster powers up, which takes the rest of
 * the state's entry and its exit latency (0 if it went down this very instant: the wake-up
 * came before the last CPU entered it); the other CPUs count in their own states from now
 * (@rq itself stays in the cluster's until it runs: the exit counts in the state left).
 */
static void domain_up(struct capsim_sim *s, struct sim_rq *rq)
{
	struct sim_rq *d = dom_of(s, rq);

	d->dom_up_at = s->now + (d->dom_entered == s->now ? 0
				 : cpuidle_exit_delay_ns(d->dom_st, d->dom_entered, s->now));
	d->dom_state = 0;
	for (unsigned c = 0; c < s->nr_cpus; c++) {
		struct sim_rq *o = &s->rq[c];

		if (o->idle_dom_cpu == rq->idle_dom_cpu && o->in_idle &&
		    (o != rq || d->dom_entered == s->now))
			idle_account(s, o, cpuidle_cpu_state(&s->plat->cpus[c], o->idle_state));
	}
}

void sim_idle_init(struct capsim_sim *s)
{
	for (unsigned c = 0; c < s->nr_cpus; c++) {
		const struct platform_cpu *pc = &s->plat->cpus[c];
		bool cluster = false;

		cpuidle_drv_of(pc, &s->rq[c].cpuidle_drv);
		cpuidle_enable(&s->rq[c].cpuidle, cpuidle_version_of(s->opt.model));

		for (unsigned k = 0; k < pc->nr_idle; k++)
			cluster |= pc->idle[k].cluster;
		s->rq[c].idle_dom_cpu = -1;
		for (unsigned o = 0; cluster && pc->idle_domain >= 0 && o <= c; o++)
			if (s->plat->cpus[o].idle_domain == pc->idle_domain) {
				s->rq[c].idle_dom_cpu = (int)o;
				break;
			}
	}
}

/* a sugov irq_work raised on @cpu has not run yet */
static bool irq_work_on(const struct capsim_sim *s, int cpu)
{
	for (unsigned i = 0; s->irq_work_pending && i < s->plat->nr_policies; i++)
		if (s->pol[i].irq_work_pending && s->pol[i].irq_work_cpu == cpu)
			return true;
	return false;
}

/*
 * tick_nohz_get_sleep_length() of @rq: @next_ns, the time to its next timer, capped at what
 * tick_nohz_next_event() allows with no timer (timekeeping_max_deferment()); @delta_next the
 * time to the clock event device's next event: that, or the next tick if the tick runs and
 * comes first.
 */
static int64_t sleep_length(const struct capsim_sim *s, const struct sim_rq *rq, uint64_t next_ns,
			    int64_t *delta_next)
{
	if (next_ns > CPUIDLE_SLEEP_LENGTH_MAX_NS)
		next_ns = CPUIDLE_SLEEP_LENGTH_MAX_NS;
	*delta_next = (int64_t)next_ns;
	if (!rq->tick_stopped && CAPSIM_MUT(222, sim_tick_next(s, rq) - s->now < next_ns, false))
		*delta_next = (int64_t)(sim_tick_next(s, rq) - s->now);
	return (int64_t)next_ns;
}

/*
 * rq->nr_iowait as the kernel keeps it: __schedule() counts a task that blocks in I/O wait on
 * its CPU, try_to_wake_up() uncounts it there as it wakes (ttwu_do_activate(), or before
 * set_task_cpu() for a migration). Here each change of a task's state syncs it: counted on
 * its CPU while blocked with in_iowait. (A wake-up queued on the wake list of an idle CPU
 * leaves it at once, where the kernel's leaves at sched_ttwu_pending(): no idle entry of that
 * CPU comes in between.)
 */
void sim_iowait_sync(struct capsim_sim *s, struct sim_task *p)
{
	uint32_t on = p->state == TASK_BLOCKED && p->in_iowait ? (uint32_t)p->cpu + 1 : 0;

	if (on == p->iowait_on)
		return;
	if (p->iowait_on)
		s->rq[p->iowait_on - 1].nr_iowait--;
	if (on)
		s->rq[on - 1].nr_iowait++;
	p->iowait_on = on;
}

#ifndef NDEBUG
/* the tasks blocked in I/O wait on @rq's CPU, from every task: the owner nr_iowait is checked
 * against */
static unsigned nr_iowait_scan(const struct capsim_sim *s, const struct sim_rq *rq)
{
	unsigned n = 0;

	for (uint32_t i = 0; i < s->nr_tasks; i++)
		n += s->tasks[i]->state == TASK_BLOCKED && s->tasks[i]->in_iowait &&
		     s->tasks[i]->cpu == rq->cpu;
	return n;
}
#endif

/* nr_iowait_cpu() of @rq's CPU: only 6.1's menu reads it (0 for the others) */
static unsigned nr_iowait(const struct capsim_sim *s, const struct sim_rq *rq)
{
	assert(rq->nr_iowait == nr_iowait_scan(s, rq));
	return rq->cpuidle.version == CPUIDLE_6_1 ? rq->nr_iowait : 0;
}

/*
 * cpuidle_idle_call()'s cpuidle_select(): the driver state the governor picks for @rq, told
 * whether this idle period's loop already stopped the tick (tick_nohz_tick_stopped()), and in
 * @stop_tick whether it may stop.
 */
static unsigned idle_select(struct capsim_sim *s, struct sim_rq *rq, bool *stop_tick)
{
	struct cpuidle_select_in in = {
		.latency_req_ns = CPUIDLE_LATENCY_REQ_NONE_NS,
		.tick_stopped = CAPSIM_MUT(221, rq->tick_stopped, true),
		.now_ns = s->now,
		.tick_ns = s->tick_ns,
		.nr_iowaiters = nr_iowait(s, rq),
		.got_tick = rq->got_idle_tick,
	};

	in.sleep_length_ns = sleep_length(s, rq, next_timer_ns(s, rq, false), &in.delta_tick_ns);
	cpuidle_select_save(s->cpuidle_gov, &rq->cpuidle, &rq->cpuidle_before);
	rq->cpuidle_idx = cpuidle_select(s->cpuidle_gov, &rq->cpuidle_drv, &rq->cpuidle, &in,
					 stop_tick);
	rq->cpuidle_selected = true;
	return (unsigned)rq->cpuidle_idx;
}

/*
 * mirrors idle_call_stop_or_retain_tick(): the tick stops if @stop_tick or it is stopped
 * already (tick_nohz_idle_stop_tick(): ts->idle_calls counts it, and the first stop of the
 * idle period is nohz_balance_enter_idle()'s: the CPU joins nohz.idle_cpus_mask); else it is
 * kept (tick_nohz_idle_retain_tick()) and fires at the next jiffy (EV_TICK).
 */
static void idle_stop_or_retain_tick(struct capsim_sim *s, struct sim_rq *rq, bool stop_tick)
{
	if (!CAPSIM_MUT(220, stop_tick || rq->tick_stopped, true))
		return;
	rq->idle_calls++; /* read by sugov_hold_freq() */
	if (rq->tick_stopped)
		return;
	sim_tick_stop(rq);
	CAPSIM_MUT(223, nohz_balance_enter_idle(s, rq), (void)0);
}

/*
 * cpuidle_idle_call() after the state's exit: cpuidle_reflect() of what @rq's governor chose,
 * its residency from the entry to now. A wake-up the instant it idled came before
 * do_idle() called cpuidle: no selection then, the governor's data as before it.
 */
static void idle_reflect(struct capsim_sim *s, struct sim_rq *rq)
{
	if (!rq->cpuidle_selected)
		return;
	rq->cpuidle_selected = false;
	if (s->now == rq->idle_enter) {
		cpuidle_select_undo(s->cpuidle_gov, &rq->cpuidle, &rq->cpuidle_before);
		return;
	}
	/*
	 * the governor's reflect() reads tick_nohz_idle_got_tick(), which clears it; with no
	 * governor asked, do_idle() reads it for the next iteration's stop_tick (idle_select())
	 */
	cpuidle_reflect(s->cpuidle_gov, &rq->cpuidle_drv, &rq->cpuidle,
			CAPSIM_MUT(189, rq->cpuidle_idx, 0),
			s->now - rq->idle_enter, s->now, rq->got_idle_tick, s->tick_ns);
	if (cpuidle_governed(&rq->cpuidle_drv, &rq->cpuidle))
		rq->got_idle_tick = false;
}

void sim_idle_enter(struct capsim_sim *s, struct sim_rq *rq)
{
	const struct platform_cpu *c = &s->plat->cpus[rq->cpu];
	unsigned own;
	bool stop_tick;

	if (rq->idle_entry_deferred) {
		rq->idle_entry_deferred = false;
		s->idle_entries_deferred--;
	}
	if (irq_work_on(s, rq->cpu)) {
		/*
		 * The interrupt of the irq_work it raised comes as it switches to idle, before
		 * do_idle() calls cpuidle: it idles (untraced) until that ran (sim_idle_deferred())
		 */
		rq->idle_state = rq->idle_phys = 0;
		rq->in_idle = rq->idle_exit_traced = rq->idle_entry_deferred = true;
		rq->idle_exiting = rq->idle_exited = false;
		rq->idle_enter = rq->idle_seg = s->now;
		s->idle_entries_deferred++;
		return;
	}

	/*
	 * no DT idle state (cpuidle-psci does not probe) or cpuidle.off=1 (cpuidle_idle_call()
	 * falls back to default_idle_call()): WFI, the tick stopped only once it woke the CPU in
	 * this idle period (do_idle()'s got_tick, tick_nohz_idle_got_tick())
	 */
	if (c->nr_idle && !s->cpuidle_off) {
		unsigned idx = idle_select(s, rq, &stop_tick);

		rq->got_idle_tick = false; /* read: do_idle()'s tick_nohz_idle_got_tick() */
		idle_stop_or_retain_tick(s, rq, stop_tick);
		rq->idle_state = cpuidle_domain_state(c, idx, CPUIDLE_NO_TIMER,
						      domain_next_ns(s, rq));
	} else {
		idle_stop_or_retain_tick(s, rq, rq->got_idle_tick);
		rq->got_idle_tick = false;
		rq->idle_state = 0;
	}
	rq->in_idle = true;
	rq->idle_exiting = rq->idle_exited = rq->idle_exit_traced = false;
	rq->idle_enter = s->now;
	own = cpuidle_cpu_state(c, rq->idle_state);
	rq->idle_phys = own;
	rq->idle_seg = s->now;
	if (own != rq->idle_state) /* a cluster state: the last CPU takes the cluster down */
		domain_down(s, rq, rq->idle_state);
	sim_ev_cpu_idle(s, rq->cpu, platform_cpuidle_index(s->plat, (unsigned)rq->cpu,
							   rq->idle_state));
}

/*
 * mirrors idle_get_state(): the cpuidle state the idle @cpu's cpuidle_enter_state() noted
 * (sched_idle_set_state()), its exit_latency (µs) into @exit_latency: the chosen state's, a
 * domain state counting as the CPU's deepest own (platform_cpuidle_index()), or WFI's. Return:
 * false where the kernel's is NULL: not in cpuidle (no DT idle state, cpuidle.off=1, or idle
 * with an irq_work to run before cpuidle is called).
 */
bool sim_idle_get_state(const struct capsim_sim *s, int cpu, uint32_t *exit_latency)
{
	const struct sim_rq *rq = &s->rq[cpu];
	const struct platform_cpu *c = &s->plat->cpus[cpu];
	unsigned k;

	if (!rq->in_idle || rq->idle_entry_deferred || !c->nr_idle || s->cpuidle_off)
		return false;
	k = platform_cpuidle_index(s->plat, (unsigned)cpu, rq->idle_state);
	*exit_latency = k ? c->idle[k - 1].wakeup_us : CAPSIM_MUT(79, CPUIDLE_WFI_EXIT_LATENCY_US, 0);
	return true;
}

/*
 * How long after now @rq, woken now, runs: the rest of its state's entry and its exit
 * latency, or its cluster's (the longer, when this wake-up powers the cluster up or it is
 * still powering up). A wake-up the very instant it idled costs nothing: do_idle() sees
 * need_resched before cpuidle_idle_call() enters a state.
 */
static uint64_t exit_delay(const struct capsim_sim *s, const struct sim_rq *rq)
{
	const struct platform_cpu *c = &s->plat->cpus[rq->cpu];
	const struct sim_rq *d = rq->idle_dom_cpu >= 0 ? &s->rq[rq->idle_dom_cpu] : NULL;
	unsigned own = cpuidle_cpu_state(c, rq->idle_state);
	uint64_t delay = 0, dom = 0;

	if (s->now == rq->idle_enter)
		return 0;
	if (own)
		delay = cpuidle_exit_delay_ns(&c->idle[own - 1], rq->idle_enter, s->now);
	if (d && d->dom_state) /* this wake-up powers the cluster up */
		dom = d->dom_entered == s->now ? 0
		      : cpuidle_exit_delay_ns(d->dom_st, d->dom_entered, s->now);
	else if (d && d->dom_up_at > s->now) /* it is powering up */
		dom = d->dom_up_at - s->now;
	return dom > delay ? dom : delay;
}

/* the delay of exit_delay(), and the cluster powered up if this wake-up does it */
static uint64_t idle_wake(struct capsim_sim *s, struct sim_rq *rq)
{
	struct sim_rq *d = dom_of(s, rq);
	uint64_t delay = exit_delay(s, rq);

	if (d && d->dom_state)
		domain_up(s, rq);
	return delay;
}

/* @rq leaves its state after @delay: EV_IDLE_EXIT */
static void idle_exit_at(struct capsim_sim *s, struct sim_rq *rq, uint64_t delay)
{
	rq->idle_exiting = true;
	rq->idle_exit_at = s->now + delay;
	sim_push(s, rq->idle_exit_at, EV_IDLE_EXIT, (uint32_t)rq->cpu, 0);
}

bool sim_idle_exit_pending(struct capsim_sim *s, struct sim_rq *rq)
{
	uint64_t delay;

	if (!rq->in_idle || !rq->idle_state || rq->idle_exited)
		return false;
	if (rq->idle_exiting)
		return true;
	delay = idle_wake(s, rq);
	if (!delay) { /* woken as it idled: it runs now */
		rq->idle_exited = true;
		return false;
	}
	idle_exit_at(s, rq, delay);
	return true;
}

/* @p waits for @rq's CPU to leave its state (@kind), which is woken now if not already */
static void idle_wait(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p,
		      enum sim_idle_wait kind)
{
	p->idle_wait = kind;
	p->idle_wait_since = s->now;
	p->idle_wait_next = NULL;
	if (rq->idle_wait_tail)
		rq->idle_wait_tail->idle_wait_next = p;
	else
		rq->idle_wait_head = p;
	rq->idle_wait_tail = p;
	if (!rq->idle_exiting)
		idle_exit_at(s, rq, idle_wake(s, rq));
}

/*
 * A wake-up of @p on @rq's CPU waits: the CPU is in a state deeper than WFI whose exit takes
 * time, or still leaving it (@p waits on no other CPU: a task restarted meanwhile).
 */
static bool must_wait(const struct capsim_sim *s, const struct sim_rq *rq, const struct sim_task *p)
{
	return rq->in_idle && rq->idle_state && !rq->idle_exited && p->idle_wait == IDLE_WAIT_NONE &&
	       (rq->idle_exiting || exit_delay(s, rq));
}

/*
 * sim_idle_ttwu_queue()'s wait of @p on @rq's CPU, out of line: the usual wake-up (onto a CPU
 * not in a state) then saves no registers for it
 */
__attribute__((noinline)) static void ttwu_queue_wait(struct capsim_sim *s, struct sim_rq *rq,
						      struct sim_task *p)
{
	p->state = TASK_WAKING;
	sim_iowait_sync(s, p);
	rq->fc->ttwu_pending++;
	rq_sync_view(s, rq);
	idle_wait(s, rq, p, IDLE_WAIT_ACTIVATE);
}

bool sim_idle_ttwu_queue(struct capsim_sim *s, struct sim_task *p, int cpu)
{
	struct sim_rq *rq = &s->rq[cpu];

	if (!must_wait(s, rq, p))
		return false;
	ttwu_queue_wait(s, rq, p);
	return true;
}

bool sim_idle_timer_wait(struct capsim_sim *s, struct sim_task *p, uint32_t gen)
{
	struct sim_rq *rq = &s->rq[p->cpu];

	if (!must_wait(s, rq, p))
		return false;
	p->idle_wait_gen = gen;
	idle_wait(s, rq, p, IDLE_WAIT_TIMER);
	return true;
}

bool sim_idle_kthread_wait(struct capsim_sim *s, struct sim_task *p)
{
	struct sim_rq *rq = &s->rq[p->cpu];

	if (p->state != TASK_BLOCKED || !must_wait(s, rq, p))
		return false;
	idle_wait(s, rq, p, IDLE_WAIT_KTHREAD);
	return true;
}

void sim_idle_leave(struct capsim_sim *s, struct sim_rq *rq)
{
	struct sim_rq *d = dom_of(s, rq);

	if (!rq->in_idle)
		return;
	if (d && d->dom_state) /* not woken through idle_wake(): the cluster powers up now */
		domain_up(s, rq);
	idle_reflect(s, rq);
	idle_account(s, rq, 0);
	if (!rq->idle_exit_traced) /* the wake-up ends idle */
		sim_ev_cpu_idle(s, rq->cpu, CAPSIM_CPU_IDLE_EXIT);
	rq->in_idle = rq->idle_exiting = rq->idle_exited = false;
}

void sim_idle_deferred(struct capsim_sim *s)
{
	for (unsigned c = 0; s->idle_entries_deferred && c < s->nr_cpus; c++) {
		struct sim_rq *rq = &s->rq[c];

		if (!rq->idle_entry_deferred)
			continue;
		rq->idle_entry_deferred = false;
		s->idle_entries_deferred--;
		/* nothing came: cpuidle now */
		if (rq->in_idle && !rq->curr && !rq->fc->nr_running) {
			sim_idle_leave(s, rq);
			sim_idle_enter(s, rq);
		}
	}
}

void sim_idle_flush(struct capsim_sim *s, struct sim_rq *rq)
{
	if (rq->in_idle)
		idle_account(s, rq, rq->idle_phys);
}

/* mirrors ttwu_do_activate() from sched_ttwu_pending(): @p queued on @rq's wake list */
static void ttwu_activate(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	rq->fc->ttwu_pending--;
	rq_enqueue(s, rq, p, true);
	ttwu_update_avg_idle(s, rq);
	sim_ev_wakeup(s, CAPSIM_EV_SCHED_WAKEUP, p);
}

void sim_idle_exit_event(struct capsim_sim *s, struct sim_rq *rq)
{
	struct sim_task *p = rq->idle_wait_head, *next, *last = NULL;

	rq->idle_wait_head = rq->idle_wait_tail = NULL;
	rq->idle_exiting = false;
	rq->idle_exited = true;
	/* cpuidle_enter_state() returns, with its cpu_idle exit, before any interrupt is taken */
	sim_ev_cpu_idle(s, rq->cpu, CAPSIM_CPU_IDLE_EXIT);
	rq->idle_exit_traced = true;
	/* the IPI first: the tasks of its wake list are enqueued, then one reschedule */
	for (struct sim_task *q = p; q; q = q->idle_wait_next)
		if (q->idle_wait == IDLE_WAIT_ACTIVATE) {
			ttwu_activate(s, rq, q);
			last = q;
		}
	rq_sync_view(s, rq);
	if (last)
		rq_check_preempt_wakeup(s, rq, last);
	/* then the timers that expired while it was leaving its state, in expiry order */
	for (; p; p = next) {
		enum sim_idle_wait kind = p->idle_wait;

		next = p->idle_wait_next;
		p->idle_wait = IDLE_WAIT_NONE;
		p->idle_wait_next = NULL;
		if (kind == IDLE_WAIT_TIMER && p->state == TASK_BLOCKED &&
		    p->idle_wait_gen == p->gen + 1)
			task_wake_since(s, p, p->idle_wait_since);
		else if (kind == IDLE_WAIT_KTHREAD)
			sugov_kthread_timer(s, &s->pol[s->rq[p->cpu].policy]);
	}
	if (rq->idle_tick_wait) { /* the tick's interrupt, after the timers' wake-ups */
		rq->idle_tick_wait = false;
		sim_tick_run(s, rq);
	}
	sim_idle_loop_next(s, rq);
}

void sim_idle_loop_next(struct capsim_sim *s, struct sim_rq *rq)
{
	if (!rq->curr && rq->in_idle && rq->fc->nr_running)
		rq_resched(s, rq);
	if (rq->curr || !rq->in_idle)
		return;
	/*
	 * what woke it runs elsewhere (a timer's task placed on another CPU), or it was the tick:
	 * it idles again
	 */
	sim_idle_leave(s, rq);
	sim_idle_enter(s, rq);
}

bool sim_idle_tick_wait(struct capsim_sim *s, struct sim_rq *rq)
{
	if (!rq->in_idle || !rq->idle_state || rq->idle_exited ||
	    !(rq->idle_exiting || exit_delay(s, rq)))
		return false;
	rq->idle_tick_wait = true;
	if (!rq->idle_exiting)
		idle_exit_at(s, rq, idle_wake(s, rq));
	return true;
}

/* ---- the idle class ---------------------------------------------------------------------- */

/* mirrors update_idle_rq_clock_pelt(): the rq goes idle */
static void update_idle_rq_clock_pelt(struct sim_rq *rq)
{
	pelt_update_idle_rq_clock_pelt(&rq->clk, rq->fc->cfs_avg.util_sum, rq->fc->avg_rt.util_sum,
				       rq->fc->avg_dl.util_sum);
}

/*
 * The switch to the idle task: the rq's PELT clock idles (update_idle_rq_clock_pelt(), from
 * the fair class's pick finding nothing), no misfit task any more, and do_idle()'s
 * nohz_run_idle_balance() before its loop's first iteration (sim_idle_enter()).
 */
static void set_next_task_idle(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	(void)p;
	update_idle_rq_clock_pelt(rq);
	update_misfit_status(s, rq);
	nohz_run_idle_balance(s, rq);
}

/*
 * The switch away from the idle task: a wake-up ends idle (its cpu_idle exit); 7.3's
 * put_prev_task_idle() updates avg_idle here (update_rq_avg_idle(), model_newidle_7_3()).
 */
static void put_prev_task_idle(struct capsim_sim *s, struct sim_rq *rq, struct sim_task *p)
{
	(void)p;
	sim_idle_leave(s, rq);
	if (CAPSIM_MUT(273, model_newidle_7_3(s->opt.model), false))
		update_rq_avg_idle(rq);
}

/* the kernel's idle_sched_class: no task of its own to queue or pick (the idle task is NULL) */
const struct sim_sched_class sim_idle_sched_class = {
	.next = NULL,
	.rank = 0,
	.put_prev_task = put_prev_task_idle,
	.set_next_task = set_next_task_idle,
};
