// SPDX-License-Identifier: MIT
/*
 * test_core.c - unit tests of the engine's core (src/sim/core.c) through the class table
 * (struct sim_sched_class, sim.h: deadline.c, rt.c, fair.c, idle.c) on small hand-built
 * states: a HiKey960 run of 1 ms whose tasks, pinned to CPU0, have not started (their delay
 * is 10 s), so every CPU is idle; each test then starts tasks with task_start()
 * (wake_up_new_task()), puts them to sleep as __schedule() does (rq_dequeue() with
 * DEQUEUE_SLEEP, then rq_resched()) and checks the runqueue. The expected values are derived
 * here from the kernel's rules, each named in its test's comment.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sim/sim.h"
#include "sim_test_util.h"

#define MS 1000000ULL

/* a SCHED_DEADLINE task on CPU0, built as sugov_kthread_create() builds the kthread (the
 * engine's only deadline task) */
static struct sim_task *dl_task(void)
{
	struct sim_task *p = calloc(1, sizeof(*p));

	assert_non_null(p);
	p->name = "dl";
	p->id = UINT32_MAX;
	p->wl_task = -1;
	p->sched_class = &sim_dl_sched_class;
	p->state = TASK_BLOCKED;
	p->waiting_res = -1;
	p->mutex_after_wake = -1;
	p->st.cur_cpu = -1;
	p->nr_allowed = 1;
	capsim_cpumask_set(&p->allowed, 0);
	return p;
}

/* a task of the workloads below: pinned to CPU0, starting after 10 s (never, in 1 ms) */
#define TASK(name, extra) \
	"\"" name "\": {\"cpus\": [0], \"delay\": 10000000, \"loop\": 1, \"run\": 100000" extra "}"

/*
 * The class table is the kernel's sched_class order (for_each_class(), sched_class_above()):
 * stop > dl > rt > fair > ext > idle, of which the engine has dl, rt, fair and idle, linked
 * through @next from sched_class_highest down to the idle class, the last.
 */
static void test_class_table_order(void **state)
{
	const struct sim_sched_class *order[] = { &sim_dl_sched_class, &sim_rt_sched_class,
						  &sim_fair_sched_class, &sim_idle_sched_class };
	const struct sim_sched_class *c = sched_class_highest;

	(void)state;
	for (unsigned i = 0; i < 4; i++, c = c->next) {
		assert_ptr_equal(c, order[i]);
		if (i)
			assert_true(order[i - 1]->rank > c->rank);
	}
	assert_null(c);
	/* uclamp_rq_inc() counts a task only if its class has uclamp_enabled: not deadline */
	assert_false(sim_dl_sched_class.uclamp_enabled);
	assert_true(sim_rt_sched_class.uclamp_enabled);
	assert_true(sim_fair_sched_class.uclamp_enabled);
}

/*
 * A fair task F runs on CPU0; an RT task R wakes there: wakeup_preempt() of a higher class
 * reschedules at once, so R runs and F waits, runnable. A deadline task D wakes: it preempts R.
 * Each sleep lets __schedule() pick from the highest class with a task down: R after D, then
 * F, then the idle task (rq->curr NULL) only when nothing is runnable. nr_running counts every
 * queued task, curr included (add_nr_running() / sub_nr_running()).
 */
static void test_pick_order_across_classes(void **state)
{
	struct capsim_sim *s = sim_test_idle_default("{\"tasks\": {" TASK("f", "") ", "
					TASK("r", ", \"policy\": \"SCHED_FIFO\"") "}}");
	struct sim_rq *rq = &s->rq[0];
	struct sim_task *f = sim_test_task(s, "f"), *r = sim_test_task(s, "r"), *d = dl_task();

	(void)state;
	task_start(s, f);
	assert_ptr_equal(rq->curr, f);
	assert_int_equal(rq->fc->nr_running, 1);
	task_start(s, r);
	assert_ptr_equal(rq->curr, r);
	assert_int_equal(f->state, TASK_RUNNABLE);
	assert_int_equal(rq->fc->nr_running, 2);
	assert_int_equal(rq->fc->rt_nr_running, 1);
	rq_enqueue(s, rq, d, true);
	rq_check_preempt_wakeup(s, rq, d);
	assert_ptr_equal(rq->curr, d);
	assert_int_equal(r->state, TASK_RUNNABLE);
	assert_int_equal(rq->fc->nr_running, 3);
	sim_test_sleep(s, d);
	assert_ptr_equal(rq->curr, r);
	assert_int_equal(rq->fc->nr_running, 2);
	sim_test_sleep(s, r);
	assert_ptr_equal(rq->curr, f);
	assert_int_equal(rq->fc->nr_running, 1);
	assert_int_equal(rq->fc->rt_nr_running, 0);
	sim_test_sleep(s, f);
	assert_null(rq->curr);
	assert_int_equal(rq->fc->nr_running, 0);
	free(d->st.by_cpu);
	free(d);
	sim_free(s);
}

/*
 * A fair task waking on a CPU running an RT task does not preempt it (a lower class never
 * does: wakeup_preempt() only reschedules for a higher class); and while the RT task is
 * runnable the fair task is not picked, however often the CPU reschedules.
 */
static void test_fair_does_not_preempt_rt(void **state)
{
	struct capsim_sim *s = sim_test_idle_default("{\"tasks\": {" TASK("f", "") ", "
					TASK("r", ", \"policy\": \"SCHED_FIFO\"") "}}");
	struct sim_rq *rq = &s->rq[0];
	struct sim_task *f = sim_test_task(s, "f"), *r = sim_test_task(s, "r");

	(void)state;
	task_start(s, r);
	task_start(s, f);
	assert_ptr_equal(rq->curr, r);
	assert_int_equal(f->state, TASK_RUNNABLE);
	rq_resched(s, rq);
	assert_ptr_equal(rq->curr, r);
	assert_int_equal(rq->fc->nr_running, 2);
	sim_free(s);
}

/*
 * RT priorities: the kernel's prio is 99 - rt_priority (MAX_RT_PRIO - 1 - sched_priority) and
 * pick_next_rt_entity() takes the lowest prio value first, from the head of its list (FIFO
 * within a priority). lo1 and lo2 share rt_priority 10, hi has 50. lo1 runs; lo2 of equal
 * priority does not preempt it (wakeup_preempt_rt(): strictly higher only); hi does. The
 * running task is never taken off its list and put_prev_task_rt() does not requeue it, so the
 * preempted lo1 is still at the head of priority 10 (POSIX: a preempted SCHED_FIFO thread
 * becomes the head of its priority's list): after hi sleeps lo1 runs, then lo2, then the
 * idle task.
 */
static void test_rt_priority_then_fifo(void **state)
{
	struct capsim_sim *s = sim_test_idle_default("{\"tasks\": {"
		TASK("lo1", ", \"policy\": \"SCHED_FIFO\", \"priority\": 10") ", "
		TASK("lo2", ", \"policy\": \"SCHED_FIFO\", \"priority\": 10") ", "
		TASK("hi", ", \"policy\": \"SCHED_FIFO\", \"priority\": 50") "}}");
	struct sim_rq *rq = &s->rq[0];
	struct sim_task *lo1 = sim_test_task(s, "lo1"), *lo2 = sim_test_task(s, "lo2");
	struct sim_task *hi = sim_test_task(s, "hi");

	(void)state;
	assert_true(99 - hi->rt_prio < 99 - lo1->rt_prio); /* hi: the lower kernel prio */
	task_start(s, lo1);
	task_start(s, lo2);
	assert_ptr_equal(rq->curr, lo1);
	task_start(s, hi);
	assert_ptr_equal(rq->curr, hi);
	assert_int_equal(rq->fc->rt_nr_running, 3);
	sim_test_sleep(s, hi);
	assert_ptr_equal(rq->curr, lo1);
	sim_test_sleep(s, lo1);
	assert_ptr_equal(rq->curr, lo2);
	sim_test_sleep(s, lo2);
	assert_null(rq->curr);
	assert_int_equal(rq->fc->rt_nr_running, 0);
	sim_free(s);
}

/*
 * FIFO within a priority for tasks that have not run: a, b and c of rt_priority 20 queue
 * behind the running hi (rt_priority 30) in that order (enqueue_rt_entity() adds at the
 * tail); as each sleeps, the head of the list runs next: a, b, c.
 */
static void test_rt_fifo_within_priority(void **state)
{
	struct capsim_sim *s = sim_test_idle_default("{\"tasks\": {"
		TASK("hi", ", \"policy\": \"SCHED_FIFO\", \"priority\": 30") ", "
		TASK("a", ", \"policy\": \"SCHED_FIFO\", \"priority\": 20") ", "
		TASK("b", ", \"policy\": \"SCHED_FIFO\", \"priority\": 20") ", "
		TASK("c", ", \"policy\": \"SCHED_FIFO\", \"priority\": 20") "}}");
	struct sim_rq *rq = &s->rq[0];
	const char *const order[] = { "a", "b", "c" };

	(void)state;
	task_start(s, sim_test_task(s, "hi"));
	for (unsigned i = 0; i < 3; i++)
		task_start(s, sim_test_task(s, order[i]));
	assert_ptr_equal(rq->curr, sim_test_task(s, "hi"));
	assert_int_equal(rq->fc->nr_running, 4);
	for (unsigned i = 0; i < 3; i++) {
		sim_test_sleep(s, rq->curr);
		assert_ptr_equal(rq->curr, sim_test_task(s, order[i]));
		assert_int_equal(rq->fc->nr_running, 3 - i);
	}
	sim_free(s);
}

/* the rq's clamp of @id: uclamp_rq_max_value(), the highest clamp of the tasks it counts */
static uint64_t max_clamp(struct sim_task *const *p, unsigned n, unsigned id)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < n; i++)
		if (p[i]->uclamp_eff[id] > v)
			v = p[i]->uclamp_eff[id];
	return v;
}

/* _task_util_est(): util_est without the UTIL_AVG_UNCHANGED flag */
static uint32_t task_ue(const struct sim_task *p)
{
	return p->util_est & ~UTIL_AVG_UNCHANGED;
}

/*
 * Enqueue and dequeue accounting of the fair class. Two fair tasks with clamps a (min 100,
 * max 300) and b (min 50, max 700) and util_est 200 and 150 (written before they start):
 * - uclamp_rq_inc(): each rq clamp is the highest of its runnable tasks' (max aggregation),
 *   here min 100 and max 700;
 * - util_est_enqueue(): cfs_rq->avg.util_est is the sum of the tasks' _task_util_est();
 * - nr_running counts both.
 * Then the task not running sleeps: uclamp_rq_dec() and util_est_dequeue() take out what it
 * added (its util_est as it was before util_est_update(), which comes after), so the rq's
 * values are the remaining task's own.
 */
static void test_fair_enqueue_dequeue_accounting(void **state)
{
	struct capsim_sim *s = sim_test_idle_default("{\"tasks\": {"
		TASK("a", ", \"util_min\": 100, \"util_max\": 300") ", "
		TASK("b", ", \"util_min\": 50, \"util_max\": 700") "}}");
	struct sim_rq *rq = &s->rq[0];
	struct sim_task *t[2] = { sim_test_task(s, "a"), sim_test_task(s, "b") }, *stay;
	uint32_t base = rq->fc->util_est_cfs;

	(void)state;
	assert_int_equal(base, 0); /* an rq with no task has no util_est */
	t[0]->util_est = 200;
	t[1]->util_est = 150 | UTIL_AVG_UNCHANGED;
	task_start(s, t[0]);
	task_start(s, t[1]);
	assert_true(s->rd.uclamp_used); /* a clamp was set: sched_uclamp_used is on */
	assert_int_equal(t[0]->uclamp_eff[0], 100);
	assert_int_equal(t[1]->uclamp_eff[1], 700);
	assert_int_equal(rq->fc->nr_running, 2);
	assert_int_equal(rq->fc->uclamp_min_rq, max_clamp(t, 2, 0));
	assert_int_equal(rq->fc->uclamp_max_rq, max_clamp(t, 2, 1));
	assert_int_equal(rq->fc->uclamp_min_rq, 100);
	assert_int_equal(rq->fc->uclamp_max_rq, 700);
	assert_int_equal(rq->fc->util_est_cfs, task_ue(t[0]) + task_ue(t[1]));
	assert_int_equal(rq->fc->util_est_cfs, 350);

	stay = rq->curr;
	assert_true(stay == t[0] || stay == t[1]);
	{
		struct sim_task *leave = stay == t[0] ? t[1] : t[0];
		uint32_t leave_ue = task_ue(leave), sum = rq->fc->util_est_cfs;

		sim_test_sleep(s, leave);
		/* DELAY_DEQUEUE may keep it queued (counted), but not its clamps or util_est */
		assert_int_equal(rq->fc->nr_running, 1 + rq->fc->cfs_delayed);
		assert_int_equal(rq->fc->uclamp_min_rq, stay->uclamp_eff[0]);
		assert_int_equal(rq->fc->uclamp_max_rq, stay->uclamp_eff[1]);
		assert_int_equal(rq->fc->util_est_cfs, sum - leave_ue);
		assert_int_equal(rq->fc->util_est_cfs, task_ue(stay));
		assert_ptr_equal(rq->curr, stay);
	}
	sim_free(s);
}

/*
 * Two CPU-bound nice-0 tasks on CPU0 of the 8-CPU HiKey960, ticked at HZ 250 for 200 ms: the
 * fair class of the model decides how long each runs at a stretch. v6.1 (CFS,
 * src/sim/fair_cfs.c): check_preempt_tick() reschedules once the task has run more than its
 * sched_slice(), the 24 ms period (6 ms x (1 + ilog2(8))) shared by weight, 24 ms x 1024 x
 * (0xffffffff / 2048) >> 32 = 11 999 994 ns: three ticks (12 ms), or more (a pick that keeps
 * the leftmost curr does not restart its slice). v6.12 (EEVDF): the 3 ms request (0.75 ms x 4)
 * ends before every tick, where the other task, eligible with the earlier deadline, runs.
 */
static void run_two_cpu_bound(enum capsim_model model, unsigned *min_stretch, unsigned *switches)
{
	struct capsim_sim *s = sim_test_idle("{\"tasks\": {"
		"\"a\": {\"cpus\": [0], \"delay\": 10000000, \"loop\": 1, \"run\": 10000000}, "
		"\"b\": {\"cpus\": [0], \"delay\": 10000000, \"loop\": 1, \"run\": 10000000}}}",
		model);
	struct sim_rq *rq = &s->rq[0];
	struct sim_task *prev;
	unsigned stretch = 0, first = 1;

	s->now = s->tick_ns; /* on a tick */
	task_start(s, sim_test_task(s, "a"));
	task_start(s, sim_test_task(s, "b"));
	prev = rq->curr;
	*min_stretch = UINT32_MAX;
	*switches = 0;
	for (unsigned k = 0; k < 50; k++) {
		s->now += s->tick_ns;
		rq_tick(s, rq);
		stretch++;
		if (rq->curr != prev) {
			if (!first && stretch < *min_stretch)
				*min_stretch = stretch;
			first = 0;
			stretch = 0;
			(*switches)++;
			prev = rq->curr;
		}
	}
	assert_int_equal(rq->fc->nr_running, 2);
	sim_free(s);
}

static void test_fair_class_by_model(void **state)
{
	unsigned cfs_min, cfs_switches, eevdf_min, eevdf_switches;
	/* sched_slice() of one of two nice-0 tasks, in whole ticks past it */
	uint64_t slice = (uint64_t)(((unsigned __int128)24 * MS * (1024 * (0xffffffffULL / 2048))) >> 32);
	unsigned slice_ticks = (unsigned)(slice / (4 * MS) + 1);

	(void)state;
	assert_int_equal(slice, 11999994);
	assert_int_equal(slice_ticks, 3);
	run_two_cpu_bound(CAPSIM_MODEL_V6_1, &cfs_min, &cfs_switches);
	run_two_cpu_bound(CAPSIM_MODEL_V6_12, &eevdf_min, &eevdf_switches);
	assert_true(cfs_min >= slice_ticks);
	assert_true(cfs_switches <= 50 / slice_ticks + 1);
	assert_int_equal(eevdf_min, 1);
	assert_int_equal(eevdf_switches, 50);
}

/* a task of the wake-up tests: pinned to CPU @cpu from the start (never reached in 1 ms) */
#define TASK_ON(name, cpu) \
	"\"" name "\": {\"cpus\": [" cpu "], \"delay\": 10000000, \"loop\": 1, \"run\": 100000}"
/* the wakee: any CPU, never started */
#define WAKEE(name) "\"" name "\": {\"delay\": 10000000, \"loop\": 1, \"run\": 100000}"

/* @p asleep on @cpu with no load (util 0 fits every CPU), as the wake-up tests start it */
static void asleep_on(struct sim_task *p, int cpu, int recent_used_cpu)
{
	p->state = TASK_BLOCKED;
	p->cpu = cpu;
	p->recent_used_cpu = recent_used_cpu;
}

/*
 * sched_tick()'s order: the class tick asks for a reschedule, sched_balance_trigger() runs
 * the balance (its softirq, and the nohz kick's idle balance) on the runqueue as the tick left
 * it, and the switch comes last, as the interrupt exits. Two CPU-bound nice-0 tasks share CPU0
 * of the HiKey960 (the others idle) under v6.12, where each 3 ms request ends before the next
 * tick, so every tick switches. A balance that pulls one of them to an idle CPU can then only
 * take the task that waited through the tick, not hot (it last ran a tick ago or more) and not
 * running; the one running at the tick ran until then (task_hot()) and cannot move while it
 * runs. Switched first (the engine's former order), the balance saw the waiting task running
 * and, once its failed passes let a cache-hot task go (nr_balance_failed), moved the one the
 * tick had just switched out (a, at the third tick).
 */
static void test_tick_balances_before_the_switch(void **state)
{
	struct capsim_sim *s = sim_test_idle("{\"tasks\": {"
		"\"a\": {\"cpus\": [0], \"delay\": 10000000, \"loop\": 1, \"run\": 200000000}, "
		"\"b\": {\"cpus\": [0], \"delay\": 10000000, \"loop\": 1, \"run\": 200000000}}}",
		CAPSIM_MODEL_V6_12);
	struct sim_rq *rq = &s->rq[0];
	struct sim_task *t[2] = { sim_test_task(s, "a"), sim_test_task(s, "b") };
	unsigned k;

	(void)state;
	s->now = s->tick_ns; /* on a tick */
	for (unsigned i = 0; i < 2; i++) {
		task_start(s, t[i]);
		capsim_cpumask_set(&t[i]->allowed, 1); /* sched_setaffinity(): CPU0 and CPU1 */
		t[i]->nr_allowed = 2;
	}
	nohz_balance_enter_idle(s, &s->rq[1]); /* CPU1's tick stopped: the nohz kick may pick it */
	for (k = 0; k < 200 && !s->migrations; k++) {
		struct sim_task *ran = rq->curr, *waited = ran == t[0] ? t[1] : t[0];

		assert_int_equal(rq->fc->nr_running, 2);
		s->now += s->tick_ns;
		s->jiffies = s->now / s->tick_ns; /* do_timer(), as the event loop keeps it */
		rq_tick(s, rq);
		if (s->migrations) {
			assert_int_equal(waited->cpu, 1);
			assert_int_equal(ran->cpu, 0);
		} else {
			assert_ptr_equal(rq->curr, waited); /* the tick switched */
		}
	}
	assert_int_equal(s->migrations, 1);
	sim_free(s);
}

/*
 * select_idle_sibling(): a timer's wake-up (this_cpu == prev == target) whose prev is busy
 * takes p->recent_used_cpu if it is idle, allowed, shares target's LLC and fits, before
 * select_idle_capacity() (which, from CPU0 wrapping, would take CPU1); p->recent_used_cpu
 * becomes prev. HiKey960: CPUs 0-3 share an LLC, 4-7 another.
 */
static void test_wakeup_recent_used_cpu(void **state)
{
	struct capsim_sim *s = sim_test_idle_default("{\"tasks\": {" TASK_ON("a", "0") ", " WAKEE("p") "}}");
	struct sim_task *p = sim_test_task(s, "p");

	(void)state;
	assert_int_equal(s->rq[0].sd_llc_id, s->rq[2].sd_llc_id);
	assert_int_not_equal(s->rq[0].sd_llc_id, s->rq[4].sd_llc_id);
	assert_int_equal(s->rq[0].sd_llc_size, 4);
	task_start(s, sim_test_task(s, "a"));
	assert_int_equal(s->rq[0].fc->nr_running, 1);
	s->overutilized = true; /* no feec: the wake-up's fast path */
	asleep_on(p, 0, 2);
	assert_int_equal(select_task_rq_fair(s, p, 0, WF_TTWU), 2);
	assert_int_equal(p->recent_used_cpu, 0);
	/* again: recent_used_cpu is prev now, so select_idle_capacity() from CPU0 answers */
	assert_int_equal(select_task_rq_fair(s, p, 0, WF_TTWU), 1);
	sim_free(s);
}

/*
 * record_wakee(): the task running on this_cpu (`current`) counts a flip for each wakee other
 * than its last; an idle CPU's idle task keeps its own record. wake_wide(): with the waker at
 * >= 4 x 4 flips and the wakee at >= 4 (sd_llc_size 4), the wake-up spreads: no wake_affine().
 */
static void test_wakeup_record_wakee(void **state)
{
	struct capsim_sim *s = sim_test_idle_default("{\"tasks\": {" TASK_ON("w", "1") ", " WAKEE("p") ", "
					WAKEE("q") "}}");
	struct sim_task *w = sim_test_task(s, "w"), *p = sim_test_task(s, "p"), *q = sim_test_task(s, "q");

	(void)state;
	task_start(s, w);
	assert_ptr_equal(s->rq[1].curr, w);
	s->overutilized = true;
	asleep_on(p, 1, 1);
	asleep_on(q, 1, 1);
	select_task_rq_fair(s, p, 1, WF_TTWU);
	select_task_rq_fair(s, p, 1, WF_TTWU);
	assert_int_equal(w->wakee.flips, 1);
	assert_ptr_equal(w->wakee.last, p);
	select_task_rq_fair(s, q, 1, WF_TTWU);
	assert_int_equal(w->wakee.flips, 2);
	assert_ptr_equal(w->wakee.last, q);
	select_task_rq_fair(s, p, 3, WF_TTWU); /* from idle CPU3: its idle task's record */
	assert_int_equal(s->rq[3].idle_wakee.flips, 1);
	assert_int_equal(w->wakee.flips, 2);
	sim_free(s);
}

/*
 * wake_affine(): a wake-up from CPU1 (its task w running) of p, asleep on the busy CPU4 with
 * three tasks queued. The lowest SD_WAKE_AFFINE domain of CPU1 spanning CPU4 is PKG;
 * wake_affine_idle() has no answer (neither CPU idle, no sync), and wake_affine_weight()
 * takes CPU1 when (load(1) + load(p)) * 100 * capacity_of(4) < (load(4) - load(p)) * (100 +
 * (117 - 100) / 2) * capacity_of(1); select_idle_sibling() around CPU1 then takes the first
 * idle CPU from CPU1 (select_idle_capacity(), p fits everywhere): CPU2. With wake_wide()
 * (the waker's flips high) the target stays prev and the first idle CPU after CPU4 is CPU5.
 */
static void test_wakeup_wake_affine(void **state)
{
	struct capsim_sim *s = sim_test_idle_default("{\"tasks\": {" TASK_ON("w", "1") ", " TASK_ON("h1", "4")
					", " TASK_ON("h2", "4") ", " TASK_ON("h3", "4") ", "
					WAKEE("p") "}}");
	struct sim_task *p = sim_test_task(s, "p"), *w = sim_test_task(s, "w");
	int64_t this_eff, prev_eff;

	(void)state;
	task_start(s, w);
	task_start(s, sim_test_task(s, "h1"));
	task_start(s, sim_test_task(s, "h2"));
	task_start(s, sim_test_task(s, "h3"));
	s->overutilized = true;
	asleep_on(p, 4, 4);
	this_eff = (int64_t)(s->rq[1].fc->cfs_avg.load_avg + p->avg.load_avg) * 100 *
		   (int64_t)s->rq[4].fc->capacity_of;
	prev_eff = (int64_t)(s->rq[4].fc->cfs_avg.load_avg - p->avg.load_avg) * 108 *
		   (int64_t)s->rq[1].fc->capacity_of;
	assert_true(this_eff < prev_eff);
	assert_int_equal(select_task_rq_fair(s, p, 1, WF_TTWU), 2);
	/* a waker of many wakees that p also flips among: wake_wide() */
	w->wakee.flips = 16;
	p->wakee.flips = 4;
	asleep_on(p, 4, 4);
	assert_int_equal(select_task_rq_fair(s, p, 1, WF_TTWU), 5);
	sim_free(s);
}

/*
 * A declared sync wake-up reaches select_task_rq_fair(): p (CPUs 0-1) starts alone, so the
 * fork path (all idle: the lowest CPU) puts it on CPU0, where it suspends on "p". h (pinned to
 * CPU0) and w (pinned to CPU1) then run, so neither CPU is idle, and w's resume wakes p from
 * CPU1 (feec off: overutilized). CPUs 0 and 1 share the LLC, whose domain is SD_WAKE_AFFINE.
 * With "sync": true, wake_affine_idle()'s sync rule takes this CPU, for w runs alone there
 * (nr_running 1); select_idle_sibling() finds no idle CPU among p's two: CPU1. Without it,
 * wake_affine_idle() has no answer (no CPU idle) and wake_affine_weight() keeps prev when
 * (load(1) + load(p)) * 100 * capacity_of(0) >= (load(0) - load(p)) * (100 + (imbalance_pct -
 * 100) / 2) * capacity_of(1), derived here from the runqueues: CPU0.
 */
#define SYNC_WL(resume) \
	"{\"tasks\": {\"p\": {\"cpus\": [0, 1], \"delay\": 10000000, \"loop\": 1, \"suspend\": \"p\"," \
	" \"run\": 1000}, \"h\": {\"cpus\": [0], \"delay\": 10000000, \"loop\": 1, \"run\": 100000}," \
	" \"w\": {\"cpus\": [1], \"delay\": 10000000, \"loop\": 1, \"resume\": " resume "," \
	" \"run\": 100000}}}"

static int resume_wakes_on(const char *wl)
{
	struct capsim_sim *s = sim_test_idle_default(wl);
	struct sim_task *p = sim_test_task(s, "p"), *w = sim_test_task(s, "w");
	const struct sd_domain *llc = NULL;
	int64_t this_eff, prev_eff;
	int cpu;

	task_start(s, p);
	assert_int_equal(p->cpu, 0);
	task_advance(s, p); /* suspend */
	assert_int_equal(p->state, TASK_BLOCKED);
	task_start(s, sim_test_task(s, "h"));
	task_start(s, w);
	assert_ptr_equal(s->rq[1].curr, w);
	assert_int_equal(s->rq[1].fc->nr_running, 1);
	assert_non_null(s->rq[0].curr);
	assert_int_equal(s->rq[0].sd_llc_id, s->rq[1].sd_llc_id);
	for (unsigned i = 0; i < s->rq[1].nr_sd && !llc; i++) {
		const struct sd_domain *sd = &s->plat->sd->domains[s->rq[1].sd[i].dom];

		if ((sd->flags & SD_WAKE_AFFINE) && capsim_cpumask_test(&sd->span, 0))
			llc = sd;
	}
	assert_non_null(llc);
	this_eff = (int64_t)(s->rq[1].fc->cfs_avg.load_avg + p->avg.load_avg) * 100 *
		   (int64_t)s->rq[0].fc->capacity_of;
	prev_eff = (int64_t)(s->rq[0].fc->cfs_avg.load_avg - p->avg.load_avg) *
		   (100 + ((int64_t)sd_imbalance_pct(llc->flags) - 100) / 2) *
		   (int64_t)s->rq[1].fc->capacity_of;
	assert_true(this_eff >= prev_eff); /* wake_affine_weight() keeps prev */
	s->overutilized = true;
	task_advance(s, w); /* resume, then run */
	assert_int_not_equal(p->state, TASK_BLOCKED);
	cpu = p->cpu;
	sim_free(s);
	return cpu;
}

static void test_wakeup_declared_sync(void **state)
{
	(void)state;
	assert_int_equal(resume_wakes_on(SYNC_WL("{\"ref\": \"p\", \"sync\": true}")), 1);
	/* rt-app's plain resume and a declared non-sync one: no WF_SYNC */
	assert_int_equal(resume_wakes_on(SYNC_WL("\"p\"")), 0);
	assert_int_equal(resume_wakes_on(SYNC_WL("{\"ref\": \"p\", \"sync\": false}")), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_class_table_order),
		cmocka_unit_test(test_fair_class_by_model),
		cmocka_unit_test(test_tick_balances_before_the_switch),
		cmocka_unit_test(test_pick_order_across_classes),
		cmocka_unit_test(test_fair_does_not_preempt_rt),
		cmocka_unit_test(test_rt_priority_then_fifo),
		cmocka_unit_test(test_rt_fifo_within_priority),
		cmocka_unit_test(test_fair_enqueue_dequeue_accounting),
		cmocka_unit_test(test_wakeup_recent_used_cpu),
		cmocka_unit_test(test_wakeup_record_wakee),
		cmocka_unit_test(test_wakeup_wake_affine),
		cmocka_unit_test(test_wakeup_declared_sync),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
