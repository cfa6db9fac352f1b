// SPDX-License-Identifier: MIT
/*
 * test_fair_cfs.c - tests src/model/fair_cfs.c, 6.1's CFS, on two nice-0 tasks a and b on one
 * CPU of an 8-CPU system at HZ 250, against 6.12's EEVDF (src/model/fair_eevdf.c) on the same
 * two tasks: where the two fair classes decide differently. Every expected figure is derived
 * here from 6.1's formulas (kernel/sched/fair.c of linux-source-6.1):
 *
 *   factor        = 1 + ilog2(min(ncpus, 8))                    get_update_sysctl_factor()
 *   latency       = 6 ms x factor, min_gran = 0.75 ms x factor, wakeup_gran = 1 ms x factor
 *   period        = latency if nr_running <= 8                  __sched_period()
 *   sched_slice   = period x w / (sum of w)                     __calc_delta(): through the
 *                   32-bit inverse 0xffffffff / sum, so a shade under the exact share
 *   tick resched  = ran > sched_slice, or ran >= min_gran and   check_preempt_tick()
 *                   vruntime - leftmost's > sched_slice
 *   wake-up       = vruntime max(own, min_vruntime - latency/2) place_entity(), GENTLE_FAIR_SLEEPERS
 *   preempts      = curr's vruntime - wakee's > wakeup_gran      wakeup_preempt_entity()
 *
 * and 6.12's: sysctl_sched_base_slice = 0.75 ms x factor; curr is rescheduled once its
 * vruntime reaches its deadline (update_deadline()); a wakee with lag 0 is placed at V with
 * deadline V + slice and preempts only if pick_eevdf() picks it (RUN_TO_PARITY protects curr).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "model/fair_cfs.h"
#include "model/fair_eevdf.h"

#define MS 1000000ULL
#define NCPUS 8
#define TICK (4 * MS) /* HZ 250 */

/* 1 + ilog2(min(8, 8)) */
#define FACTOR 4ULL

/* __calc_delta(delta, w, sum) for w, sum below 2^32 with w x inverse below 2^32 */
static uint64_t share(uint64_t delta, uint64_t w, uint64_t sum)
{
	uint64_t fact = w * (0xffffffffULL / sum);

	return (uint64_t)(((unsigned __int128)delta * fact) >> 32);
}

static void test_tunables(void **state)
{
	struct cfs_timeline rq;

	(void)state;
	cfs_timeline_init(&rq, NCPUS);
	assert_int_equal(rq.latency, 6 * MS * FACTOR);
	assert_int_equal(rq.min_granularity, 750000 * FACTOR);
	assert_int_equal(rq.wakeup_granularity, 1 * MS * FACTOR);
	assert_int_equal(rq.nr_latency, 8);
	/* 3 CPUs: 1 + ilog2(3) = 2; 64 CPUs: capped at 8, factor 4 */
	cfs_timeline_init(&rq, 3);
	assert_int_equal(rq.latency, 12 * MS);
	cfs_timeline_init(&rq, 64);
	assert_int_equal(rq.latency, 24 * MS);
}

/* two nice-0 entities queued at min_vruntime (not wake-ups), a picked at @t0 */
static void cfs_two(struct cfs_timeline *rq, struct cfs_se *a, struct cfs_se *b)
{
	cfs_timeline_init(rq, NCPUS);
	memset(a, 0, sizeof(*a));
	memset(b, 0, sizeof(*b));
	a->weight = b->weight = 1024;
	cfs_enqueue(rq, a, 0, 0);
	cfs_enqueue(rq, b, 0, 0);
	assert_ptr_equal(cfs_pick(rq), a); /* equal vruntimes: the first queued */
	cfs_set_next(rq, a, 0);
}

/*
 * The slice. With a and b queued, a's sched_slice is the 24 ms period shared by weight:
 * 24 ms x 1024 x (0xffffffff / 2048) >> 32 = 11 999 994 ns. a is rescheduled at the first
 * tick past it, 12 ms (three ticks); b's vruntime is a's start, so the second test (a more than
 * a slice ahead) never comes first. Under EEVDF both have a 3 ms request: a is rescheduled at
 * the first tick, where its vruntime (4 ms) is past its deadline (3 ms).
 */
static void test_slice_cfs_vs_eevdf(void **state)
{
	uint64_t slice = share(6 * MS * FACTOR, 1024, 2048), t, cfs_resched = 0, eevdf_resched = 0;
	struct cfs_timeline rq;
	struct cfs_se a, b;
	struct eevdf_rq erq;
	struct eevdf_se ea = { .weight = 1024 }, eb = { .weight = 1024 };

	(void)state;
	assert_int_equal(slice, 11999994);
	cfs_two(&rq, &a, &b);
	assert_int_equal(cfs_sched_slice(&rq, &a), slice);
	for (t = TICK; !cfs_resched && t <= 10 * TICK; t += TICK) {
		cfs_update_curr(&rq, t);
		if (cfs_check_preempt_tick(&rq))
			cfs_resched = t;
	}
	assert_int_equal(cfs_resched, (slice / TICK + 1) * TICK);
	assert_int_equal(cfs_resched, 12 * MS);
	/* then the pick: b, now the leftmost (12 ms of vruntime behind) */
	assert_ptr_equal(cfs_pick(&rq), &b);

	eevdf_rq_init(&erq, 750000 * FACTOR, TICK, false);
	eevdf_enqueue(&erq, &ea, 0);
	eevdf_enqueue(&erq, &eb, 0);
	eevdf_set_next(&erq, eevdf_pick(&erq, true), 0);
	for (t = TICK; !eevdf_resched && t <= 10 * TICK; t += TICK)
		if (eevdf_update_curr(&erq, t))
			eevdf_resched = t;
	assert_int_equal(eevdf_resched, TICK); /* 3 ms request, first tick past it */
	assert_true(eevdf_resched < cfs_resched);
}

/*
 * The wake-up. a runs alone from 0; b, asleep for long (its vruntime 100 ms below
 * min_vruntime), wakes at 1 ms. CFS places it half a latency back: min_vruntime (a's vruntime,
 * 1 ms of running) - 12 ms, so a's vruntime is 12 ms above b's, more than wakeup_gran(b) =
 * 4 ms x 1024 / 1024: b preempts (and becomes the next buddy). EEVDF places b, lag 0, at
 * V = a's vruntime with deadline V + 3 ms, later than a's (2 ms away), and a's slice is protected:
 * a keeps the CPU.
 */
static void test_wakeup_cfs_vs_eevdf(void **state)
{
	struct cfs_timeline rq;
	struct cfs_se a = { .weight = 1024 }, b = { .weight = 1024 };
	struct eevdf_rq erq;
	struct eevdf_se ea = { .weight = 1024 }, eb = { .weight = 1024 };
	uint64_t min0, vdiff, gran;

	(void)state;
	cfs_timeline_init(&rq, NCPUS);
	min0 = rq.min_vruntime;
	cfs_enqueue(&rq, &a, 0, 0);
	cfs_set_next(&rq, &a, 0);
	b.vruntime = min0 - 100 * MS; /* absolute: it slept long ago */
	cfs_update_curr(&rq, 1 * MS);
	assert_int_equal(rq.min_vruntime, min0 + 1 * MS);
	cfs_enqueue(&rq, &b, CFS_ENQUEUE_WAKEUP, 1 * MS);
	assert_int_equal(b.vruntime, min0 + 1 * MS - 6 * MS * FACTOR / 2);
	vdiff = a.vruntime - b.vruntime;
	gran = 1 * MS * FACTOR; /* calc_delta_fair() leaves a nice-0 entity's time as it is */
	assert_int_equal(cfs_wakeup_gran(&rq, &b), 1 * MS * FACTOR); /* nice 0: no scaling */
	assert_int_equal(vdiff, 12 * MS);
	assert_true(vdiff > gran && gran == 4 * MS);
	assert_int_equal(cfs_wakeup_preempt_entity(&rq, &a, &b), 1);
	assert_true(cfs_check_preempt_wakeup(&rq, &b, 1 * MS, CFS_WAKE_P_NORMAL));
	assert_ptr_equal(rq.next_buddy, &b);
	assert_ptr_equal(cfs_pick(&rq), &b);

	eevdf_rq_init(&erq, 750000 * FACTOR, TICK, false);
	eevdf_enqueue(&erq, &ea, 0);
	eevdf_set_next(&erq, &ea, 0);
	eevdf_update_curr(&erq, 1 * MS);
	eevdf_enqueue(&erq, &eb, 0); /* vlag 0 */
	assert_int_equal(eb.vruntime, ea.vruntime);
	assert_int_equal(eb.deadline - eb.vruntime, 3 * MS);
	assert_int_equal(ea.deadline - ea.vruntime, 2 * MS);
	assert_false(eevdf_wakeup_preempt(&erq, &eb, 1 * MS, false, false, true));
}

/*
 * A short sleeper: b's own vruntime is 3 ms below a's, above min_vruntime - latency/2, so it
 * keeps it; 3 ms is within wakeup_gran (4 ms): CFS does not preempt.
 */
static void test_wakeup_within_gran(void **state)
{
	struct cfs_timeline rq;
	struct cfs_se a = { .weight = 1024 }, b = { .weight = 1024 };

	(void)state;
	cfs_timeline_init(&rq, NCPUS);
	cfs_enqueue(&rq, &a, 0, 0);
	cfs_set_next(&rq, &a, 0);
	cfs_update_curr(&rq, 5 * MS);
	b.vruntime = a.vruntime - 3 * MS;
	cfs_enqueue(&rq, &b, CFS_ENQUEUE_WAKEUP, 5 * MS);
	assert_int_equal(a.vruntime - b.vruntime, 3 * MS);
	assert_int_equal(cfs_wakeup_preempt_entity(&rq, &a, &b), 0);
	assert_false(cfs_check_preempt_wakeup(&rq, &b, 5 * MS, CFS_WAKE_P_NORMAL));
	/* a SCHED_BATCH wakee never preempts; a SCHED_IDLE curr always is */
	assert_false(cfs_check_preempt_wakeup(&rq, &b, 5 * MS, 0));
	assert_true(cfs_check_preempt_wakeup(&rq, &b, 5 * MS,
					     CFS_WAKE_CURR_IDLE | CFS_WAKE_P_NORMAL));
}

/* a heavier task's slice is its weight's share: nice -5 (3121) beside nice 0 (1024) */
static void test_slice_by_weight(void **state)
{
	struct cfs_timeline rq;
	struct cfs_se a = { .weight = 3121 }, b = { .weight = 1024 }, c = { .weight = 1024 };

	(void)state;
	cfs_timeline_init(&rq, NCPUS);
	cfs_enqueue(&rq, &a, 0, 0);
	cfs_enqueue(&rq, &b, 0, 0);
	assert_int_equal(cfs_sched_slice(&rq, &a), share(24 * MS, 3121, 4145));
	assert_int_equal(cfs_sched_slice(&rq, &b), share(24 * MS, 1024, 4145));
	/* a task not yet queued counts as queued: three tasks, its share of 5169 */
	assert_int_equal(cfs_sched_slice(&rq, &c), share(24 * MS, 1024, 5169));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tunables),
		cmocka_unit_test(test_slice_cfs_vs_eevdf),
		cmocka_unit_test(test_wakeup_cfs_vs_eevdf),
		cmocka_unit_test(test_wakeup_within_gran),
		cmocka_unit_test(test_slice_by_weight),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
