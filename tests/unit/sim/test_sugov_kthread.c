// SPDX-License-Identifier: MIT
/*
 * test_sugov_kthread.c - tests the sugov kthread of src/sim/cpufreq_schedutil.c: the one of a
 * policy without
 * fast switching, run as the kernel runs it (SCHED_DEADLINE, SCHED_FLAG_SUGOV). On RK3399
 * (cpufreq-dt) sugov:0 lives on CPU0 and, at each frequency change, preempts whatever runs
 * there for the busy part of dev_pm_opp_set_rate(): the clock's clock-latency-ns (40 us) and a
 * cpu-supply ramp below 10 us (udelay()); a ramp from 10 us is slept (usleep_range()), the CPU
 * free meanwhile. The expected CPU time is worked out here from the little OPP table's
 * voltages and vdd_cpu_l's regulator-ramp-delay (6001 uV/us), change by change, as the run's
 * cpu_frequency events show them. HiKey960's stub clock only asks its firmware: the kthread
 * takes no time and each change lands the DT's clock-latency-ns (300 us) after its request.
 * RB5 (qcom-cpufreq-hw) switches fast: no kthread. While it runs rq->avg_dl rises, and
 * cpu_util_dl() lowers capacity_of() (scale_rt_capacity()).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "input/platform_load.h"
#include "input/scenario.h"
#include "model/fair.h"
#include "sim/sim.h"
#include "sim_test_util.h"
#include "sim/sim_events.h"

#define MS 1000000ULL
#define RK3399_RAMP 6001   /* vdd_cpu_l's regulator-ramp-delay, uV/us */
#define RK3399_CLOCK 40000 /* opp-table-0's clock-latency-ns */

struct seen {
	const struct capsim_sim *s;
	uint32_t khz;               /* CPU0's frequency (policy->cur) */
	uint64_t busy_ns;           /* the kthread's CPU time the changes ask for */
	unsigned changes;
	unsigned preempted;         /* switches from a runnable task to sugov:0 */
	unsigned runs, timed_runs;  /* sugov:0's runs on CPU0, those that took time, */
	unsigned rises;             /* ... and those avg_dl rose over */
	bool rk3399;                /* the changes are RK3399 little's: busy_ns is known */
	bool hikey960;              /* HiKey960's policy4 (the stub clock): its last request, */
	uint64_t requested_at;
	unsigned landed, late;      /* ... and the changes 300 us after it or not */
	unsigned rt_preempted;      /* switches from the runnable "rt" to sugov:0 */
	uint32_t util_sum_in;       /* rq->avg_dl.util_sum as it switched in */
	uint64_t in_at;
	unsigned other_cpu;         /* sugov:0 anywhere but CPU0 */
};

/* the little OPP's opp-microvolt (RK3399's opp-table-0) */
static uint32_t uv_of(uint32_t khz)
{
	switch (khz) {
	case 408000:
	case 600000:
		return 825000;
	case 816000:
		return 850000;
	case 1008000:
		return 925000;
	case 1200000:
		return 1000000;
	case 1416000:
		return 1125000;
	}
	fail_msg("no little OPP of %u kHz", khz);
	return 0;
}

/* the CPU time of a change: the clock's spin, and the ramp's if it is a udelay() */
static uint64_t busy_of(uint32_t from, uint32_t to)
{
	uint32_t a = uv_of(from), b = uv_of(to), dv = a > b ? a - b : b - a;
	uint64_t ramp_us = (dv + RK3399_RAMP - 1) / RK3399_RAMP;

	return RK3399_CLOCK + (ramp_us < 10 ? ramp_us * 1000 : 0);
}

static void sink(void *ctx, const struct capsim_event *ev)
{
	struct seen *w = ctx;
	const struct capsim_ev_sched_switch *sw = &ev->u.sched_switch;

	if (ev->type == CAPSIM_EV_SUGOV_UPDATE && ev->u.sugov_update.changed &&
	    ev->u.sugov_update.policy == 1 && w->hikey960)
		w->requested_at = ev->time_ns;
	if (ev->type == CAPSIM_EV_CPU_FREQUENCY && ev->cpu == 4 && w->hikey960 && ev->time_ns) {
		w->landed++;
		w->late += ev->time_ns - w->requested_at != 300000;
	}
	if (ev->type == CAPSIM_EV_CPU_FREQUENCY && ev->cpu == 0) {
		uint32_t khz = ev->u.cpu_frequency.requested_khz;

		if (w->rk3399 && w->khz && khz != w->khz) {
			w->busy_ns += busy_of(w->khz, khz);
			w->changes++;
		}
		w->khz = khz;
	}
	if (ev->type != CAPSIM_EV_SCHED_SWITCH)
		return;
	if (!strcmp(sw->next.comm, "sugov:0")) {
		w->other_cpu += ev->cpu != 0;
		w->preempted += sw->preempt != 0;
		w->rt_preempted += sw->preempt && !strcmp(sw->prev.comm, "rt");
		w->util_sum_in = w->s->rq[0].fc->avg_dl.util_sum;
		w->in_at = ev->time_ns;
	}
	if (!strcmp(sw->prev.comm, "sugov:0")) {
		w->runs++;
		/* put_prev_task_dl(): it ran, so avg_dl accumulated (a run of 0 ns adds nothing) */
		if (ev->time_ns > w->in_at) {
			w->timed_runs++;
			w->rises += w->s->rq[0].fc->avg_dl.util_sum > w->util_sum_in;
		}
	}
}

static struct capsim_sim *build(const char *platform, const char *rtapp, uint64_t dur,
				struct seen *w)
{
	struct capsim_sim *s;
	struct sim_options o;
	capsim_error e = { 0 };

	sim_options_default(&o);
	o.duration_ns = dur;
	s = sim_test_create_on(platform, rtapp, &o);
	w->s = s;
	assert_int_equal(capsim_sim_set_sink(s, sink, w), 0);
	if (sim_run(s, &e))
		fail_msg("%s", e.msg);
	return s;
}

/*
 * A fair hog alone on CPU0: its util climbs, schedutil raises the policy step by step, and each
 * change costs it exactly the kthread's busy time: it runs all the rest of the run.
 */
static void test_fair_hog_loses_the_kthread_time(void **state)
{
	struct seen w = { .rk3399 = true };
	struct capsim_sim *s = build("rk3399", "{\"global\": {\"calibration\": \"CPU0\"}, \"tasks\": {"
				     "\"hog\": {\"cpus\": [0], \"run\": 10000000}}}", 300 * MS, &w);
	const struct sim_task *k = s->pol[0].kthread;

	(void)state;
	assert_non_null(k);
	assert_string_equal(k->name, "sugov:0");
	assert_true(task_is_dl(k) && k->pid == CAPSIM_SUGOV_PID_BASE);
	assert_true(w.changes >= 3);
	assert_true(w.preempted > 0);
	assert_int_equal(w.other_cpu, 0);
	assert_int_equal(k->st.runtime_ns, w.busy_ns);
	assert_int_equal(sim_kthread_busy_ns(s, 0), w.busy_ns);
	assert_int_equal(s->tasks[0]->st.runtime_ns, 300 * MS - w.busy_ns);
	assert_int_equal(s->rq[0].busy_ns, 300 * MS);
	/* every run of it put time into rq->avg_dl */
	assert_true(w.timed_runs > 0);
	assert_int_equal(w.rises, w.timed_runs);
	sim_free(s);
}

/*
 * An RT (FIFO) task on CPU0 is preempted the same way, the deadline class above it: 5 ms every
 * 20 ms, so the policy drops as it sleeps (its uclamp_min of 1024 leaves with it) and rises as
 * it wakes, the kthread sleeping through the ramp while it runs, then preempting it to spin.
 */
static void test_rt_preempted(void **state)
{
	struct seen w = { .rk3399 = true };
	struct capsim_sim *s = build("rk3399", "{\"global\": {\"calibration\": \"CPU0\"}, \"tasks\": {"
				     "\"rt\": {\"cpus\": [0], \"policy\": \"SCHED_FIFO\", \"priority\": 50,"
				     " \"run\": 5000, \"timer\": {\"ref\": \"t\", \"period\": 20000}}}}",
				     300 * MS, &w);

	(void)state;
	assert_true(task_is_rt(s->tasks[0]));
	assert_true(w.changes >= 10 && w.rt_preempted >= 5);
	assert_int_equal(s->pol[0].kthread->st.runtime_ns, w.busy_ns);
	assert_int_equal(sim_kthread_busy_ns(s, 0), w.busy_ns);
	sim_free(s);
}

/* HiKey960's stub clock: the firmware's change 300 us after each request, no kthread time */
static void test_firmware_clock_lands_later(void **state)
{
	struct seen w = { .hikey960 = true };
	struct capsim_sim *s = build("hikey960", "{\"global\": {\"calibration\": \"CPU4\"}, \"tasks\": {"
				     "\"hog\": {\"cpus\": [4], \"run\": 10000000}}}", 300 * MS, &w);

	(void)state;
	assert_true(s->plat->policies[1].clock_firmware);
	assert_int_equal(s->plat->policies[1].clock_latency_ns, 300000);
	assert_true(w.landed >= 2);
	assert_int_equal(w.late, 0);
	assert_int_equal(s->pol[1].kthread->st.runtime_ns, 0);
	assert_int_equal(s->tasks[0]->st.runtime_ns, 300 * MS);
	sim_free(s);
}

/* qcom-cpufreq-hw switches from the scheduler's context: no kthread, no time taken */
static void test_fast_switch_has_none(void **state)
{
	struct seen w = { 0 };
	struct capsim_sim *s = build("rb5", "{\"global\": {\"calibration\": \"CPU0\"}, \"tasks\": {"
				     "\"hog\": {\"cpus\": [0], \"run\": 10000000}}}", 300 * MS, &w);

	(void)state;
	for (unsigned i = 0; i < s->plat->nr_policies; i++)
		assert_null(s->pol[i].kthread);
	assert_int_equal(w.runs, 0);
	assert_int_equal(s->tasks[0]->st.runtime_ns, 300 * MS);
	for (unsigned c = 0; c < s->nr_cpus; c++)
		assert_int_equal(sim_kthread_busy_ns(s, c), 0);
	sim_free(s);
}

/*
 * The uclamp_min = 1024 task on CPU0 (v6.10: 1416 MHz at each wake-up, a lower OPP at each
 * sleep) keeps the kthread running twice per 10 ms: rq->avg_dl holds that, the view's util_dl
 * is it (cpu_util_dl()), and update_cpu_capacity() takes it off CPU0's capacity
 * (scale_rt_capacity(): arch capacity 381, no pressure, no RT, no IRQ: 381 - util_dl).
 */
static void test_avg_dl_lowers_capacity(void **state)
{
	char path[4096];
	struct capsim_scenario *sc = NULL;
	struct capsim_sim *s = NULL;
	struct seen w = { 0 };
	capsim_error e = { 0 };
	uint64_t dl;

	(void)state;
	snprintf(path, sizeof(path), "%s/uclamp/rk3399-boosted-little.json", CAPSIM_TEST_DATA_DIR);
	if (scenario_load(path, &sc, &e))
		fail_msg("%s", e.msg);
	sc->opt.duration_ns = 195 * MS; /* 3.5 ms after the last sleep's change */
	/*
	 * In WFI (cpuidle.off=1): every run then starts on its timer and ends before the next
	 * tick, so each sleep's update finds the PELT sum decayed and asks for a lower OPP. In the
	 * DT's idle states CPU0 wakes 500 us late (cluster-sleep's exit), most runs span a tick
	 * and the kthread changes the frequency only twice per 20 ms: its avg_dl rounds to 0.
	 */
	sc->opt.cpuidle_off = 1;
	if (scenario_build(sc, NULL, NULL, &s, &e))
		fail_msg("%s", e.msg);
	w.s = s;
	assert_int_equal(capsim_sim_set_sink(s, sink, &w), 0);
	if (sim_run(s, &e))
		fail_msg("%s", e.msg);
	assert_true(w.timed_runs >= 20);
	assert_int_equal(w.rises, w.timed_runs);
	dl = s->rq[0].fc->avg_dl.util_avg;
	assert_true(dl > 0);
	assert_int_equal(s->rq[0].fc->avg_rt.util_avg, 0);
	update_cpu_capacity(s, 0);
	assert_int_equal(s->rq[0].fc->capacity_of, 381 - dl);
	assert_int_equal(scale_rt_capacity(&s->rd, 0), 381 - dl);
	sim_free(s);
	scenario_free(sc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fair_hog_loses_the_kthread_time),
		cmocka_unit_test(test_rt_preempted),
		cmocka_unit_test(test_firmware_clock_lands_later),
		cmocka_unit_test(test_fast_switch_has_none),
		cmocka_unit_test(test_avg_dl_lowers_capacity),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
