// SPDX-License-Identifier: MIT
/*
 * test_sim_fair.c - unit tests of the fair class on the engine's runqueues (src/sim/fair.c,
 * fair_queue.c, with EEVDF from model/fair_eevdf.c): the pick, place_entity()'s lag, delayed
 * dequeue (with a delayed task's PELT as the pick dequeues it), util_est's order at a sleep and
 * the tick's slice expiry, driven through the engine's
 * entry points (task_start(), task_wake(), rq_dequeue(), rq_resched(), rq_tick()) on a HiKey960
 * run with nothing started (sim_test_idle()). Time passes by moving the simulated clock s->now
 * between calls, as the event loop would. The expected values are derived here from the rules
 * of kernel/sched/fair.c (6.12), each named in its test's comment: for nice-0 tasks
 * calc_delta_fair() is the identity, so vruntimes move by the ns they ran.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/model.h"
#include "sim/sim.h"
#include "sim_test_util.h"

#define US 1000ULL
#define MS 1000000ULL

/* a nice-0 task pinned to CPU0 that starts after 10 s (never, in the 1 ms run) */
#define TASK(name) \
	"\"" name "\": {\"cpus\": [0], \"delay\": 10000000, \"loop\": 1, \"run\": 100000}"

/* The kernel's sysctl_sched_base_slice on the HiKey960's 8 CPUs: 0.75 ms x (1 + ilog2(8)). */
#define BASE_SLICE (750 * US * 4)

/* @a - @b: vruntimes and deadlines wrap (the timeline starts at -2^20, init_cfs_rq()), so
 * they are compared by their signed difference, as entity_before() does */
static int64_t vdiff(uint64_t a, uint64_t b)
{
	return (int64_t)(a - b);
}

/* V of two nice-0 entities: avg_vruntime(), their mean (their vruntimes differ by an even
 * number of ns here) */
static uint64_t mean2(uint64_t a, uint64_t b)
{
	return b + (uint64_t)(vdiff(a, b) / 2);
}

/*
 * pick_eevdf(): the entity with the earliest virtual deadline among the eligible ones (lag >= 0,
 * vruntime <= V), the running one included only while eligible. A starts alone at v0, the
 * start of the empty timeline (init_cfs_rq(): -2^20, so that it wraps early), with
 * deadline v0 + slice/2 (place_entity(): PLACE_DEADLINE_INITIAL halves a new task's first
 * request); B starts 0.2 ms later, placed at V = A's vruntime then, v0 + 0.2 ms, with deadline
 * v0 + 0.2 ms + slice/2. After 1 ms more A's vruntime is v0 + 1.2 ms, its deadline not reached
 * (no slice expiry), V = v0 + 0.7 ms: A has the earlier deadline but is not eligible, B is, so
 * the next __schedule() runs B.
 */
static void test_eevdf_pick_eligible_before_deadline(void **state)
{
	struct capsim_sim *s = sim_test_idle("{\"tasks\": {" TASK("a") ", " TASK("b") "}}",
					     CAPSIM_MODEL_V6_12);
	struct sim_rq *rq = &s->rq[0];
	struct sim_task *a = sim_test_task(s, "a"), *b = sim_test_task(s, "b");
	uint64_t v0, v;

	(void)state;
	task_start(s, a);
	v0 = a->se.vruntime;
	assert_int_equal(v0, (uint64_t)-(1LL << 20)); /* V of an empty timeline: its start */
	assert_int_equal(a->se.deadline, v0 + BASE_SLICE / 2);
	sim_test_pass(s, 200 * US);
	task_start(s, b);
	assert_ptr_equal(rq->curr, a);
	assert_int_equal(a->se.vruntime, v0 + 200 * US); /* update_curr() at the enqueue */
	assert_int_equal(b->se.vruntime, v0 + 200 * US);
	assert_int_equal(b->se.deadline, b->se.vruntime + BASE_SLICE / 2);
	sim_test_pass(s, 1 * MS);
	rq_resched(s, rq);
	assert_int_equal(a->se.vruntime, v0 + 1200 * US);
	v = mean2(a->se.vruntime, b->se.vruntime);
	assert_true(vdiff(a->se.deadline, b->se.deadline) < 0); /* A's request ends first ... */
	assert_true(vdiff(a->se.vruntime, v) > 0);              /* ... but A is not eligible */
	assert_true(vdiff(b->se.vruntime, v) <= 0);
	assert_ptr_equal(rq->curr, b);
	assert_int_equal(a->state, TASK_RUNNABLE);
	sim_free(s);
}

/*
 * place_entity() with PLACE_LAG: a task keeps its lag across a sleep. A and B start together
 * at v0; after 1 ms A (v0 + 1 ms) is not eligible (V = v0 + 0.5 ms), so __schedule() runs B.
 * B runs 0.2 ms (v0 + 0.2 ms) and sleeps: it is eligible, so it leaves at once with
 * vlag = V - v_B = (1 + 0.2)/2 - 0.2 = 0.4 ms (update_entity_lag(); within entity_lag()'s
 * limit, max(2 x slice, TICK_NSEC)). A runs alone 0.3 ms more (v0 + 1.3 ms = V). B wakes:
 * the lag is inflated by (W + w)/W with W the load on the rq (A's 1024) and w B's 1024, so
 * v_B = V - 0.8 ms, its deadline v_B + slice (a whole request: not a new task); once B is in
 * the average, V' = (v_A + v_B)/2 and V' - v_B is the 0.4 ms B had. A (above V') is not
 * eligible and B is, so check_preempt_wakeup_fair() finds pick_eevdf() == B: B preempts A.
 */
static void test_place_entity_keeps_lag(void **state)
{
	struct capsim_sim *s = sim_test_idle("{\"tasks\": {" TASK("a") ", " TASK("b") "}}",
					     CAPSIM_MODEL_V6_12);
	struct sim_rq *rq = &s->rq[0];
	struct sim_task *a = sim_test_task(s, "a"), *b = sim_test_task(s, "b");
	uint64_t v0, v;
	int64_t lag;

	(void)state;
	task_start(s, a);
	task_start(s, b);
	v0 = a->se.vruntime;
	assert_int_equal(b->se.vruntime, v0);
	sim_test_pass(s, 1 * MS);
	rq_resched(s, rq);
	assert_ptr_equal(rq->curr, b);
	sim_test_pass(s, 200 * US);
	sim_test_sleep(s, b);
	assert_false(b->se.on_rq);
	assert_false(b->se.sched_delayed);
	lag = vdiff(mean2(v0 + 1 * MS, v0 + 200 * US), v0 + 200 * US);
	assert_int_equal(lag, 400 * US);
	assert_int_equal(b->se.vlag, lag);
	assert_ptr_equal(rq->curr, a);
	sim_test_pass(s, 300 * US);
	task_wake(s, b, b->cpu);
	v = v0 + 1300 * US; /* A alone: V is its vruntime */
	assert_int_equal(a->se.vruntime, v);
	assert_int_equal(b->se.vruntime, v - (uint64_t)lag * (1024 + 1024) / 1024);
	assert_int_equal(b->se.deadline, b->se.vruntime + BASE_SLICE);
	assert_int_equal(mean2(a->se.vruntime, b->se.vruntime) - b->se.vruntime, (uint64_t)lag);
	assert_ptr_equal(rq->curr, b);
	sim_free(s);
}

/*
 * DELAY_DEQUEUE (6.12's dequeue_entity()): a task that sleeps while not eligible stays queued,
 * delayed, with its weight on the rq and counted in nr_running (h_nr_delayed), until the pick
 * meets it (pick_next_entity() dequeues it for good, DEQUEUE_DELAYED) or a wake-up requeues it
 * where it is (ttwu_runnable(): no select_task_rq(), no placement, no add_nr_running()).
 * A and B start together at v0; after 1 ms A (v0 + 1 ms) is above V = v0 + 0.5 ms and sleeps.
 * Before 6.12 (the v6.10 model) A leaves at once with its negative lag, V - v_A = -0.5 ms.
 */
static void delayed_dequeue_case(enum capsim_model model, bool wake_while_delayed)
{
	struct capsim_sim *s = sim_test_idle("{\"tasks\": {" TASK("a") ", " TASK("b") "}}", model);
	struct sim_rq *rq = &s->rq[0];
	struct sim_task *a = sim_test_task(s, "a"), *b = sim_test_task(s, "b");
	bool delay = !model_eevdf_pre_6_12(model);
	uint64_t v0, va;

	task_start(s, a);
	task_start(s, b);
	v0 = a->se.vruntime;
	sim_test_pass(s, 1 * MS);
	sim_test_sleep(s, a);
	va = v0 + 1 * MS;
	assert_int_equal(a->se.vruntime, va);
	assert_true(vdiff(va, mean2(va, v0)) > 0); /* A is not eligible as it sleeps */
	assert_int_equal(a->state, TASK_BLOCKED);
	assert_ptr_equal(rq->curr, b);
	assert_int_equal(rq->fc->cfs_nr, 1);
	if (!delay) {
		assert_false(a->se.on_rq);
		assert_int_equal(a->se.vlag, vdiff(mean2(va, v0), va));
		assert_int_equal(rq->fc->nr_running, 1);
		assert_int_equal(rq->cfs_load_weight, 1024);
		sim_free(s);
		return;
	}
	assert_true(a->se.on_rq);
	assert_true(a->se.sched_delayed);
	assert_int_equal(rq->fc->cfs_delayed, 1);
	assert_int_equal(rq->fc->nr_running, 2);
	assert_int_equal(rq->cfs_load_weight, 2048);
	if (wake_while_delayed) {
		task_wake(s, a, a->cpu);
		assert_false(a->se.sched_delayed);
		assert_int_equal(a->se.vruntime, va); /* not placed again */
		assert_int_equal(a->state, TASK_RUNNABLE);
		assert_int_equal(rq->fc->nr_running, 2);
		assert_int_equal(rq->fc->cfs_nr, 2);
		assert_int_equal(rq->fc->cfs_delayed, 0);
		assert_ptr_equal(rq->curr, b); /* B, eligible, keeps its slice (RUN_TO_PARITY) */
		sim_free(s);
		return;
	}
	/* B, eligible (v0 <= V), leaves at once; the pick then meets A, dequeues it, and idles */
	sim_test_sleep(s, b);
	assert_false(b->se.on_rq);
	assert_false(a->se.on_rq);
	assert_false(a->se.sched_delayed);
	assert_int_equal(a->se.vlag, 0); /* alone, A was V: no lag (and DELAY_ZERO) */
	assert_null(rq->curr);
	assert_int_equal(rq->fc->nr_running, 0);
	assert_int_equal(rq->fc->cfs_delayed, 0);
	assert_int_equal(rq->cfs_load_weight, 0);
	sim_free(s);
}

static void test_delayed_dequeue_v6_12(void **state)
{
	(void)state;
	delayed_dequeue_case(CAPSIM_MODEL_V6_12, false);
}

static void test_delayed_dequeue_woken_in_place(void **state)
{
	(void)state;
	delayed_dequeue_case(CAPSIM_MODEL_LATEST, true);
}

static void test_no_delayed_dequeue_before_6_12(void **state)
{
	(void)state;
	delayed_dequeue_case(CAPSIM_MODEL_V6_10, false);
}

/* ---- a delayed task's PELT when the pick dequeues it ---- */

/* decay_load() of pelt.c: @val x y^@n (y^32 = 1/2) with runnable_avg_yN_inv[], which
 * Documentation/scheduler/sched-pelt.c makes as (2^32 - 1) y^i, i < 32 (mul_u64_u32_shr(): the
 * sums here stay below 2^26, so the product fits in 64 bits) */
static uint64_t decay_load(uint64_t val, uint64_t n)
{
	uint32_t inv;

	if (n > 32 * 63)
		return 0;
	val >>= n / 32;
	inv = (uint32_t)(4294967295.0 * pow(pow(0.5, 1.0 / 32), (double)(n % 32)));
	return val * inv >> 32;
}

/*
 * pelt.c's ___update_load_sum() + ___update_load_avg() of a nice-0 task (se_weight() 1024) over
 * @units of 1024 ns, neither runnable nor running, its load counted if @queued: the sums decay
 * over the whole periods, and the load sum gains __accumulate_pelt_segments() (the rest of the
 * first period decayed, the full periods, the part of the last) if queued; each average is its
 * sum over the divider LOAD_AVG_MAX - 1024 + period_contrib.
 */
static struct capsim_sched_avg pelt_blocked_or_queued(struct capsim_sched_avg sa, uint64_t units,
						      bool queued)
{
	uint64_t d = units + sa.period_contrib, periods = d / 1024, contrib = units, divider;

	if (periods) {
		sa.load_sum = decay_load(sa.load_sum, periods);
		sa.runnable_sum = decay_load(sa.runnable_sum, periods);
		sa.util_sum = (uint32_t)decay_load(sa.util_sum, periods);
		d %= 1024;
		contrib = decay_load(1024 - sa.period_contrib, periods) + CAPSIM_LOAD_AVG_MAX -
			  decay_load(CAPSIM_LOAD_AVG_MAX, periods) - 1024 + d;
	}
	sa.period_contrib = (uint32_t)d;
	if (queued)
		sa.load_sum += contrib;
	divider = CAPSIM_LOAD_AVG_MAX - 1024 + sa.period_contrib;
	sa.load_avg = 1024 * sa.load_sum / divider;
	sa.runnable_avg = sa.runnable_sum / divider;
	sa.util_avg = sa.util_sum / divider;
	sa.last_update_time += units << 10;
	return sa;
}

/*
 * pick_next_entity() of a delayed task: dequeue_entities(DEQUEUE_SLEEP | DEQUEUE_DELAYED) ->
 * dequeue_entity(), whose update_load_avg() comes while the task is still queued (6.12.118 and
 * 7.3 alike): __update_load_avg_se() with load = on_rq = 1, runnable = se_runnable() = 0
 * (sched_delayed), running = 0 (not curr). A and B start together at v0; A runs 1 ms and sleeps
 * above V (v0 + 1 ms > v0 + 0.5 ms): delayed, its PELT brought to that instant (sa0). B runs
 * 5 ms and sleeps (above V too, so delayed as well); the pick then meets A, eligible
 * (v0 + 1 ms <= V = v0 + 3 ms), dequeues it for good, and next B, and the CPU idles. Over
 * those 5 ms A's util and runnable sums only decay, in either order: its util_avg is the same
 * whether its PELT is updated before or after it leaves the queue (neither runnable nor
 * running); its load sum, though, grows while it is queued (the kernel's order) where it would
 * decay off the queue (the order v6.12 had): the load_avg it takes to its next wake-up (the
 * enqueue adds it to the cfs_rq's) differs. The PELT clock's move (a little CPU's, scaled) is
 * read from A's last_update_time: the same in both orders.
 */
static void delayed_pick_pelt_case(enum capsim_model model)
{
	struct capsim_sim *s = sim_test_idle("{\"tasks\": {" TASK("a") ", " TASK("b") "}}", model);
	struct sim_rq *rq = &s->rq[0];
	struct sim_task *a = sim_test_task(s, "a"), *b = sim_test_task(s, "b");
	struct capsim_sched_avg sa0, queued, off;
	uint64_t units;

	task_start(s, a);
	task_start(s, b);
	sim_test_pass(s, 1 * MS);
	sim_test_sleep(s, a);
	assert_true(a->se.sched_delayed);
	assert_ptr_equal(rq->curr, b);
	sa0 = a->avg;
	sim_test_pass(s, 5 * MS + 333);
	sim_test_sleep(s, b);
	assert_false(a->se.on_rq);
	assert_false(a->se.sched_delayed);
	assert_null(rq->curr);
	units = (a->avg.last_update_time - sa0.last_update_time) >> 10;
	assert_true(units + sa0.period_contrib >= 2 * 1024); /* whole periods to decay over */
	queued = pelt_blocked_or_queued(sa0, units, true);
	off = pelt_blocked_or_queued(sa0, units, false);
	assert_int_equal(queued.util_avg, off.util_avg);
	assert_true(queued.util_avg < sa0.util_avg);
	assert_true(queued.load_avg > off.load_avg);
	assert_int_equal(a->avg.util_sum, queued.util_sum);
	assert_int_equal(a->avg.util_avg, queued.util_avg);
	assert_int_equal(a->avg.runnable_avg, queued.runnable_avg);
	assert_int_equal(a->avg.load_sum, queued.load_sum);
	assert_int_equal(a->avg.load_avg, queued.load_avg);
	assert_int_equal(a->avg.period_contrib, queued.period_contrib);
	sim_free(s);
}

static void test_delayed_pick_pelt_v6_12(void **state)
{
	(void)state;
	delayed_pick_pelt_case(CAPSIM_MODEL_V6_12);
}

static void test_delayed_pick_pelt_latest(void **state)
{
	(void)state;
	delayed_pick_pelt_case(CAPSIM_MODEL_LATEST);
}

/*
 * util_est_update() at a sleep, whose sample is the task's util_avg: 6.12's
 * dequeue_task_fair() calls it before dequeue_entities(), so the sample is util_avg as of the
 * task's last PELT update, without the stretch it just ran; 7.3 (the latest model) calls it
 * from update_load_avg() after __update_load_avg_se(), and 6.1's order (v6.10) after the
 * dequeue's PELT update too (docs/model.md). A new task's util_est is 0, so the first sample
 * is taken whole (ewma <= dequeued: ewma = dequeued), flagged UTIL_AVG_UNCHANGED. In 6.12's
 * order the dequeue's PELT update comes next, on the entity still queued, and its util_avg
 * moves, so cfs_se_util_change() clears the flag again; in the others the flag stays. T runs
 * 8 ms alone after its start with no PELT update in between, so its util_avg grows at the
 * sleep.
 */
static void util_est_sample_case(enum capsim_model model, bool sample_before_update)
{
	struct capsim_sim *s = sim_test_idle("{\"tasks\": {" TASK("t") "}}", model);
	struct sim_task *t = sim_test_task(s, "t");
	uint64_t before;

	task_start(s, t);
	assert_int_equal(t->util_est, 0);
	before = t->avg.util_avg;
	sim_test_pass(s, 8 * MS);
	sim_test_sleep(s, t);
	assert_true(t->avg.util_avg > before); /* the stretch it ran counts at the dequeue */
	assert_int_equal(!!(t->util_est & UTIL_AVG_UNCHANGED), !sample_before_update);
	assert_int_equal(t->util_est & ~UTIL_AVG_UNCHANGED,
			 sample_before_update ? before : t->avg.util_avg);
	assert_int_equal(s->rq[0].fc->util_est_cfs, 0); /* util_est_dequeue() took its 0 out */
	sim_free(s);
}

static void test_util_est_sample_v6_12(void **state)
{
	(void)state;
	util_est_sample_case(CAPSIM_MODEL_V6_12, true);
}

static void test_util_est_sample_latest(void **state)
{
	(void)state;
	util_est_sample_case(CAPSIM_MODEL_LATEST, false);
}

static void test_util_est_sample_v6_10(void **state)
{
	(void)state;
	util_est_sample_case(CAPSIM_MODEL_V6_10, false);
}

/*
 * task_tick_fair() -> update_curr() -> update_deadline(): once curr's vruntime reaches its
 * deadline, its next request starts (deadline = vruntime + slice) and, with another task
 * queued, resched_curr(): __schedule() picks again. A and B start together at v0 (deadlines
 * v0 + slice/2); at a tick 2 ms later A's vruntime v0 + 2 ms is past its deadline, so its new
 * one is v0 + 2 ms + slice; A, above V = v0 + 1 ms, is not eligible and B runs. Alone, a task
 * gets its new deadline but no reschedule (update_curr() resched only with nr_running > 1).
 */
static void test_tick_slice_expiry(void **state)
{
	struct capsim_sim *s = sim_test_idle("{\"tasks\": {" TASK("a") ", " TASK("b") "}}",
					     CAPSIM_MODEL_V6_12);
	struct sim_rq *rq = &s->rq[0];
	struct sim_task *a = sim_test_task(s, "a"), *b = sim_test_task(s, "b");
	uint64_t v0;

	(void)state;
	task_start(s, a);
	task_start(s, b);
	v0 = a->se.vruntime;
	sim_test_pass(s, 1 * MS); /* before the deadline: the tick does not switch */
	rq_tick(s, rq);
	assert_ptr_equal(rq->curr, a);
	assert_int_equal(a->se.deadline, v0 + BASE_SLICE / 2);
	sim_test_pass(s, 1 * MS);
	rq_tick(s, rq);
	assert_int_equal(a->se.vruntime, v0 + 2 * MS);
	assert_int_equal(a->se.deadline, v0 + 2 * MS + BASE_SLICE);
	assert_ptr_equal(rq->curr, b);
	assert_int_equal(a->state, TASK_RUNNABLE);

	/* B sleeps, and then A runs alone past its deadline */
	sim_test_sleep(s, b);
	assert_ptr_equal(rq->curr, a);
	sim_test_pass(s, BASE_SLICE + 1 * MS);
	rq_tick(s, rq);
	assert_ptr_equal(rq->curr, a);
	assert_int_equal(a->se.deadline, a->se.vruntime + BASE_SLICE);
	assert_false(rq->fair_resched);
	sim_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_eevdf_pick_eligible_before_deadline),
		cmocka_unit_test(test_place_entity_keeps_lag),
		cmocka_unit_test(test_delayed_dequeue_v6_12),
		cmocka_unit_test(test_delayed_dequeue_woken_in_place),
		cmocka_unit_test(test_no_delayed_dequeue_before_6_12),
		cmocka_unit_test(test_delayed_pick_pelt_v6_12),
		cmocka_unit_test(test_delayed_pick_pelt_latest),
		cmocka_unit_test(test_util_est_sample_v6_12),
		cmocka_unit_test(test_util_est_sample_latest),
		cmocka_unit_test(test_util_est_sample_v6_10),
		cmocka_unit_test(test_tick_slice_expiry),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
