// SPDX-License-Identifier: MIT
/*
 * test_sim.c - behaviour tests of the simulator (src/sim/sim.c, core.c and the classes,
 * task_exec.c, cpufreq_schedutil.c, fair_balance.c) on the shipped HiKey960 (4 little CPUs of
 * capacity 462 at 533..1844 MHz, 4 big
 * CPUs of capacity 1024 at 903..2362 MHz, freq_ref = the highest OPP of each cluster). Each
 * expected value is derived in a comment from the kernel's rules, not read off the program.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "input/scenario.h"
#include "sim/sim.h"
#include "sim/sim_pressure.h"
#include "capsim/capsim.h"
#include "input/platform_load.h"
#include "sim_test_util.h"

#define MS 1000000ULL

/* Run @rtapp on @platform with @o and the scenario events @sc (@nr_sc of them). */
static struct capsim_sim *run_sim_events(const char *platform, const char *rtapp,
					 struct sim_options *o, const struct sim_sc_event *sc,
					 unsigned nr_sc)
{
	struct capsim_platform *p = NULL;
	struct capsim_workload *wl = NULL;
	struct capsim_sim *s = NULL;
	capsim_error e = { 0 };

	assert_int_equal(platform_load(platform, NULL, 0, &p, &e), 0);
	if (capsim_workload_parse(rtapp, strlen(rtapp), "test.json", &wl, &e))
		fail_msg("%s", e.msg);
	assert_int_equal(sim_create(p, wl, o, sc, nr_sc, &s, &e), 0);
	if (sim_run(s, &e))
		fail_msg("%s", e.msg);
	return s;
}

static struct capsim_sim *run_sim(const char *platform, const char *rtapp, struct sim_options *o)
{
	return run_sim_events(platform, rtapp, o, NULL, 0);
}

/*
 * Run @rtapp on the HiKey960 for @dur_ns with every CPU at its reference frequency and in WFI
 * when idle (cpuidle.off=1): the timings below are derived without the DT idle states' exit
 * latencies, which tests/cli/cpuidle_hikey960.sh checks.
 */
static struct capsim_sim *run_at_ref_freq(const char *rtapp, uint64_t dur_ns)
{
	struct sim_options o;

	sim_options_default(&o);
	o.governor = SIM_GOV_PERFORMANCE;
	o.cpuidle_off = 1;
	o.duration_ns = dur_ns;
	return run_sim("hikey960", rtapp, &o);
}

/* ns the task ran on CPUs [lo, hi] */
static uint64_t ran_on(const struct sim_task *p, unsigned lo, unsigned hi)
{
	uint64_t ns = 0;

	for (uint32_t i = 0; i < p->st.nr_by_cpu; i++)
		if (cpu_time_cpu(&p->st, i) >= lo && cpu_time_cpu(&p->st, i) <= hi)
			ns += cpu_time_ns(&p->st, i);
	return ns;
}

/*
 * A task sleeps 16.384 s, then runs without a break on big CPU4 at its reference frequency
 * (performance governor). 16.384 s is a multiple of both 1 ms and of a PELT period
 * (1024 x 1024 ns), and the sleep decays all of its post-fork util to 0 (more than 63 x 32
 * periods), so from the wake-up T its sched_avg starts exactly where the golden vector's does
 * (zero, period_contrib 0). At capacity 1024 and freq_scale 1024 the PELT clock runs at wall
 * speed, and with HZ=1000 the tick updates the entity at T + k ms, the golden rows' times: so
 * the sched_avg at T + k ms must be the golden row k of always_running.out.csv, bit for bit.
 */
static void test_pelt_always_running_golden(void **state)
{
	static const unsigned rows[] = { 1, 2, 3, 47, 300, 1000 };
	const uint64_t T = 16384 * MS;
	FILE *f = fopen(CAPSIM_TEST_DATA_DIR "/pelt-golden/always_running.out.csv", "r");
	char line[512];
	unsigned long long g[1001][10];
	unsigned n = 0;

	(void)state;
	assert_non_null(f);
	assert_non_null(fgets(line, sizeof(line), f)); /* header */
	while (n <= 1000 && fgets(line, sizeof(line), f)) {
		assert_int_equal(sscanf(line, "%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu",
					&g[n][0], &g[n][1], &g[n][2], &g[n][3], &g[n][4], &g[n][5],
					&g[n][6], &g[n][7], &g[n][8], &g[n][9]), 10);
		n++;
	}
	fclose(f);
	assert_int_equal(g[300][0], 300 * MS);
	for (unsigned i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct sim_options o;
		struct capsim_sim *s;
		const struct sim_task *p;
		unsigned k = rows[i];

		sim_options_default(&o);
		o.hz = 1000;
		o.governor = SIM_GOV_PERFORMANCE;
		o.cpuidle_off = 1; /* the golden wakes the task at 16384 ms exactly: no exit latency */
		o.duration_ns = T + k * MS + 1;
		s = run_sim("hikey960",
			    "{\"global\": {\"calibration\": \"CPU4\"}, \"tasks\": {\"t\": {\"cpus\": [4],"
			    " \"loop\": 1, \"sleep\": 16384000, \"run\": 100000000}}}", &o);
		p = sim_test_task(s, "t");
		assert_int_equal(p->cpu, 4);
		assert_int_equal(p->avg.load_sum, g[k][2]);
		assert_int_equal(p->avg.runnable_sum, g[k][3]);
		assert_int_equal(p->avg.util_sum, g[k][4]);
		assert_int_equal(p->avg.period_contrib, g[k][5]);
		assert_int_equal(p->avg.load_avg, g[k][6]); /* the golden rows use weight 1024 too */
		assert_int_equal(p->avg.runnable_avg, g[k][7]);
		assert_int_equal(p->avg.util_avg, g[k][8]);
		/* the rq clocks start at SIM_RQ_CLOCK_START_NS, one PELT period: same alignment */
		assert_int_equal(p->avg.last_update_time, SIM_RQ_CLOCK_START_NS + T + g[k][9]);
		sim_free(s);
	}
}

/*
 * Two always-running nice-0 tasks pinned to CPU0: the CPU is busy all the time, so their
 * runtimes add up to the duration, and the fair pick gives each the same share: they can
 * differ by at most one base slice (0.75 ms x (1 + ilog2(8)) = 3 ms) plus the tick that
 * notices the end of a slice (4 ms at HZ 250).
 */
static void test_two_equal_tasks_share(void **state)
{
	struct capsim_sim *s;
	uint64_t a, b;

	(void)state;
	s = run_at_ref_freq("{\"tasks\": {\"a\": {\"cpus\": [0], \"loop\": 1, \"run\": 100000000},"
			    " \"b\": {\"cpus\": [0], \"loop\": 1, \"run\": 100000000}}}",
			    2000 * MS);
	a = sim_test_task(s, "a")->st.runtime_ns;
	b = sim_test_task(s, "b")->st.runtime_ns;
	assert_int_equal(a + b, 2000 * MS);
	assert_true((a > b ? a - b : b - a) <= 3 * MS + 4 * MS);
	assert_true(a >= 990 * MS && b >= 990 * MS);
	sim_free(s);
}

/* EM cost (10 * power / performance) of the cheapest state of @pd that offers @perf. */
static uint64_t em_cost_for(const struct em_perf_domain *pd, uint64_t perf)
{
	for (unsigned i = 0; i < pd->nr_perf_states; i++)
		if (pd->table[i].performance >= perf)
			return pd->table[i].cost;
	return UINT64_MAX;
}

/*
 * A small periodic task (1 ms of big-CPU work every 16 ms, util about 1024/16 = 64) under EAS:
 * find_energy_efficient_cpu() puts it where energy is lowest. Its perf need with headroom is
 * about 80; the little cluster's cheapest state offering it costs less (derived from the
 * platform's own EM below) than the big cluster's, so it must run on the little CPUs. Only its
 * first wake-ups can be on a big CPU (a new task's util starts at half a CPU, and the fork
 * path puts it where that fits), so at least 90% of its runtime is on CPUs 0-3.
 */
static void test_small_periodic_on_little(void **state)
{
	struct sim_options o;
	struct capsim_sim *s;
	const struct sim_task *p;
	struct capsim_platform *plat = NULL;
	capsim_error e = { 0 };

	(void)state;
	assert_int_equal(platform_load("hikey960", NULL, 0, &plat, &e), 0);
	assert_true(em_cost_for(plat->policies[0].em, 80) < em_cost_for(plat->policies[1].em, 80));
	platform_free(plat);
	sim_options_default(&o);
	o.duration_ns = 2000 * MS;
	s = run_sim("hikey960",
		    "{\"global\": {\"calibration\": \"CPU4\"}, \"tasks\": {\"small\": {\"run\": 1000,"
		    " \"timer\": {\"ref\": \"unique\", \"period\": 16000}}}}", &o);
	assert_true(s->eas);
	p = sim_test_task(s, "small");
	assert_true(ran_on(p, 0, 3) * 10 >= p->st.runtime_ns * 9);
	assert_int_equal(p->st.deadline_misses, 0);
	sim_free(s);
}

/*
 * A task that does not fit a little CPU, pinned to CPU0 for phase 1, then free in phase 2.
 * Performance governor: every CPU at its reference frequency. Phase 1: 30 x (9 ms of CPU4 work
 * + 1 ms sleep); on CPU0 (capacity 462) 9 ms of work takes ceil(9e6 x 1024 / 462) =
 * 19948052 ns, so phase 1 runs 30 x 19948052 = 598441560 ns on CPU0 (pinned: no misfit,
 * nr_cpus_allowed == 1). Phase 2 starts with 200 ms of work on CPU0: its util (far above
 * 462 x 1024 / 1280 = 369) does not fit, so the next tick marks CPU0 misfit and kicks the
 * idle big CPUs' balance, which pushes it (active balance) to a big CPU: at most one tick
 * (4 ms) more on CPU0, one misfit migration, and the rest of the work on the big cluster.
 */
static void test_misfit_goes_big(void **state)
{
	const uint64_t phase1 = 30ULL * 19948052;
	struct capsim_sim *s;
	const struct sim_task *p;

	(void)state;
	s = run_at_ref_freq("{\"global\": {\"calibration\": \"CPU4\"}, \"tasks\": {\"heavy\": {\"loop\": 1,"
			    " \"phases\": {\"pinned\": {\"cpus\": [0], \"loop\": 30, \"run\": 9000,"
			    " \"sleep\": 1000}, \"free\": {\"run\": 200000}}}}}",
			    2000 * MS);
	p = sim_test_task(s, "heavy");
	assert_true(ran_on(p, 0, 0) >= phase1);
	assert_true(ran_on(p, 0, 0) <= phase1 + 4 * MS);
	assert_int_equal(s->misfit_migrations, 1);
	/* 200 ms of CPU4 work minus what CPU0 did in <= 4 ms (4 x 462/1024 < 1.9 ms) */
	assert_true(ran_on(p, 4, 7) >= 198 * MS && ran_on(p, 4, 7) <= 200 * MS);
	sim_free(s);
}

/*
 * RT runs first: a SCHED_FIFO task (5 ms of CPU4 work every 10 ms) and an always-running fair
 * hog share CPU4 at its reference frequency (performance governor). The RT task preempts the
 * hog at each wake-up and runs its 5 ms at once: activations at 0, 10, ..., 990 ms = 100 in
 * 1 s, exactly 500 ms of runtime, never late; the hog gets the other 500 ms. The RT
 * utilization of CPU4 (avg_rt) is then well above zero while the hog's CFS util is not 1024.
 */
static void test_rt_runs_first(void **state)
{
	struct capsim_sim *s;
	const struct sim_task *rt, *hog;

	(void)state;
	s = run_at_ref_freq("{\"global\": {\"calibration\": \"CPU4\"}, \"tasks\": {"
			    "\"rt\": {\"cpus\": [4], \"policy\": \"SCHED_FIFO\", \"priority\": 50, \"run\": 5000,"
			    " \"timer\": {\"ref\": \"unique\", \"period\": 10000}},"
			    "\"hog\": {\"cpus\": [4], \"loop\": 1, \"run\": 100000000}}}",
			    1000 * MS);
	rt = sim_test_task(s, "rt");
	hog = sim_test_task(s, "hog");
	assert_int_equal(rt->st.activations, 100);
	assert_int_equal(rt->st.runtime_ns, 500 * MS);
	assert_int_equal(rt->st.deadline_misses, 0);
	assert_int_equal(hog->st.runtime_ns, 500 * MS);
	assert_true(s->rq[4].fc->avg_rt.util_avg > 300);
	sim_free(s);
}

/*
 * uclamp_min = 1024: util_fits_cpu() returns -1 on a little CPU (uclamp_min above its actual
 * capacity 462) and 1 on a big one (1024 <= 1024), so both the fork path and feec choose the big
 * cluster: all of the task's runtime is on CPUs 4-7.
 */
static void test_uclamp_min_goes_big(void **state)
{
	struct sim_options o;
	struct capsim_sim *s;
	const struct sim_task *p;

	(void)state;
	sim_options_default(&o);
	o.duration_ns = 1000 * MS;
	s = run_sim("hikey960",
		    "{\"tasks\": {\"boosted\": {\"util_min\": 1024, \"run\": 500,"
		    " \"timer\": {\"ref\": \"unique\", \"period\": 16000}}}}", &o);
	p = sim_test_task(s, "boosted");
	assert_true(s->rd.uclamp_used);
	assert_true(p->st.runtime_ns > 0);
	assert_int_equal(ran_on(p, 4, 7), p->st.runtime_ns);
	sim_free(s);
}

/*
 * An RT task asks for the biggest CPUs even when no task sets a clamp: with
 * CONFIG_UCLAMP_TASK its uclamp_min defaults to sched_util_clamp_min_rt_default = 1024, and
 * rt_task_fits_capacity() compares it with each CPU's capacity whether the sched_uclamp_used
 * key is on or not. So a SCHED_FIFO task (1 ms of work every 10 ms, any CPU) runs only on
 * CPUs 4-7 (capacity 1024 >= 1024), while uclamp_used stays off. Without CONFIG_UCLAMP_TASK
 * (o.uclamp = 0) every CPU fits: it starts on the least loaded, lowest-numbered CPU 0 and
 * stays there, since CPU 0 runs nothing else at its wake-ups.
 */
static void test_rt_default_uclamp_goes_big(void **state)
{
	static const char rtapp[] =
		"{\"tasks\": {\"rt\": {\"policy\": \"SCHED_FIFO\", \"priority\": 10,"
		" \"run\": 1000, \"timer\": {\"ref\": \"unique\", \"period\": 10000}}}}";
	struct sim_options o;
	struct capsim_sim *s;
	const struct sim_task *p;

	(void)state;
	sim_options_default(&o);
	o.duration_ns = 1000 * MS;
	s = run_sim("hikey960", rtapp, &o);
	p = sim_test_task(s, "rt");
	assert_false(s->rd.uclamp_used);
	assert_int_equal(p->st.activations, 100);
	assert_int_equal(ran_on(p, 4, 7), p->st.runtime_ns);
	sim_free(s);

	o.uclamp = 0;
	s = run_sim("hikey960", rtapp, &o);
	p = sim_test_task(s, "rt");
	assert_true(p->st.runtime_ns > 0);
	assert_int_equal(ran_on(p, 0, 0), p->st.runtime_ns);
	sim_free(s);
}

/*
 * Timers count their periods from the thread's t_first, as rt-app's run() does (t_next starts
 * at t_first = t_zero + delay), not from their first use. Each task runs 40 ms of CPU4 work
 * pinned to CPU4 at its reference frequency (performance governor: 40 ms of wall time), then
 * waits on a 100 ms unique timer:
 * - "direct" (delay 30 ms) starts at 30 ms, reaches its timer at 70, 170, ..., 970 ms (10 in
 *   1 s) and wakes at 130, 230, ... ms: every slack is 100 - 40 = 60 ms, the first one
 *   included (anchored at its first use, at 70 ms, the first would have been 100 ms);
 * - "child" (delay 0, instance 0), forked at 50 ms by "parent" after a sleep, alone on CPU4:
 *   its t_first is t_zero = 0, not its start, so at its timer (90 ms) t_next = 0 + 100 ms and
 *   the slack is 10 ms (a run of 95 ms sees only that one).
 */
static void test_timer_anchor(void **state)
{
	struct capsim_sim *s;
	const struct sim_task *d, *c;

	(void)state;
	s = run_at_ref_freq("{\"global\": {\"calibration\": \"CPU4\"}, \"tasks\": {"
			    "\"direct\": {\"cpus\": [4], \"delay\": 30000, \"run\": 40000,"
			    " \"timer\": {\"ref\": \"unique\", \"period\": 100000}}}}",
			    1000 * MS);
	d = sim_test_task(s, "direct");
	assert_int_equal(d->st.activations, 10);
	assert_int_equal(d->st.timer_events, 10);
	assert_int_equal(d->st.deadline_misses, 0);
	assert_int_equal(d->st.slack_min_ns, 60 * (int64_t)MS);
	assert_int_equal(d->st.slack_sum_ns, 10 * 60 * (int64_t)MS);
	sim_free(s);

	s = run_at_ref_freq("{\"global\": {\"calibration\": \"CPU4\"}, \"tasks\": {"
			    "\"parent\": {\"cpus\": [4], \"loop\": 1, \"sleep\": 50000,"
			    " \"fork\": \"child\"},"
			    "\"child\": {\"instance\": 0, \"cpus\": [4], \"run\": 40000,"
			    " \"timer\": {\"ref\": \"unique\", \"period\": 100000}}}}",
			    95 * MS);
	c = sim_test_task(s, "child-0"); /* forks are named by instance */
	assert_int_equal(c->st.timer_events, 1);
	assert_int_equal(c->st.slack_min_ns, 10 * (int64_t)MS);
	assert_int_equal(c->st.deadline_misses, 0);
	sim_free(s);
}

/*
 * rt-app sets a phase's clamps with SCHED_FLAG_KEEP_ALL and leaves the thread alone in a
 * phase that names none: the task's util_min 512 applies at its start, phase "a" lowers it to
 * 100, and phase "b", which says nothing about uclamp, keeps 100 (not the task's 512). The
 * run ends in "b"'s long sleep (a: 1 ms run + 1 ms sleep, b: 1 ms run, then 100 s).
 */
static void test_phase_keeps_clamps(void **state)
{
	struct sim_options o;
	struct capsim_sim *s;
	const struct sim_task *p;

	(void)state;
	sim_options_default(&o);
	o.duration_ns = 50 * MS;
	s = run_sim("hikey960",
		    "{\"tasks\": {\"t\": {\"util_min\": 512, \"loop\": 1, \"phases\": {"
		    "\"a\": {\"util_min\": 100, \"run\": 1000, \"sleep\": 1000},"
		    "\"b\": {\"run\": 1000, \"sleep\": 100000000}}}}}", &o);
	p = sim_test_task(s, "t");
	assert_int_equal(p->phase, 1);
	assert_int_equal(p->uclamp_req[0], 100);
	assert_int_equal(p->uclamp_eff[0], 100);
	sim_free(s);
}

/*
 * A phase's clamps apply each time it begins, the start of each loop of its task included
 * (docs/formats.md: "a phase's when it begins"), over what a sched_setattr() changed between:
 * the one phase asks util_min 100; a scenario's sched_setattr() at 5 ms asks 700 while the task
 * sleeps in its first loop (100 us of run, on any CPU at any OPP well under 1 ms, then 9.9 ms of
 * sleep); its second loop starts after 10 ms and asks 100 again. (The task's phase is applied
 * again from its compiled steps, task_compile(): a one-phase task whose phase has clamps keeps
 * that step.)
 */
static void test_task_loop_applies_phase_again(void **state)
{
	static const char rtapp[] = "{\"tasks\": {\"t\": {\"phases\": {"
				    "\"a\": {\"util_min\": 100, \"run\": 100, \"sleep\": 9900}}}}}";
	struct sim_sc_event sc = { .time_ns = 5 * MS, .kind = SIM_SC_UCLAMP, .name = "t",
				   .uclamp_min = 700, .uclamp_max = WL_UNSET };
	struct sim_options o;
	struct capsim_sim *s;
	const struct sim_task *p;

	(void)state;
	sim_options_default(&o);
	o.duration_ns = 7 * MS;
	s = run_sim_events("hikey960", rtapp, &o, &sc, 1);
	p = sim_test_task(s, "t");
	assert_int_equal(p->task_loops, 0);
	assert_int_equal(p->uclamp_req[0], 700);
	sim_free(s);
	o.duration_ns = 15 * MS;
	s = run_sim_events("hikey960", rtapp, &o, &sc, 1);
	p = sim_test_task(s, "t");
	assert_int_equal(p->task_loops, 1);
	assert_int_equal(p->uclamp_req[0], 100);
	sim_free(s);
}

/*
 * A static cap from a scenario: policy4 max 1805 MHz resolves (RELATION_H) to the 1805000 kHz
 * OPP, so cpufreq pressure = 1024 - floor(1024 x 1805000 / 2362000) = 1024 - 782 = 242 and the
 * big CPUs' actual capacity is 782 for the whole run; the little CPUs keep 462.
 */
static void test_static_cap_actual_capacity(void **state)
{
	static const char text[] =
		"{\"platform\": \"hikey960\", \"duration\": 1, \"caps\": {\"policy4\": \"1805MHz\"},"
		" \"workload\": {\"tasks\": {\"t\": {\"run\": 1000, \"sleep\": 9000}}}}";
	struct capsim_scenario *sc = NULL;
	struct capsim_sim *s = NULL;
	struct sim_result r;
	capsim_error e = { 0 };

	(void)state;
	if (scenario_parse(text, strlen(text), "cap.json", ".", &sc, &e) ||
	    scenario_build(sc, NULL, NULL, &s, &e) || sim_run(s, &e))
		fail_msg("%s", e.msg);
	assert_int_equal(s->plat->policies[1].max_khz, 1805000);
	assert_int_equal(sim_result_build(s, &r), 0);
	assert_true(r.cpus[4].mean_actual_capacity > 781.999 && r.cpus[4].mean_actual_capacity < 782.001);
	assert_true(r.cpus[0].mean_actual_capacity > 461.999 && r.cpus[0].mean_actual_capacity < 462.001);
	assert_true(r.cpus[4].mean_freq_khz <= 1805000.001);
	sim_result_free(&r);
	sim_free(s);
	scenario_free(sc);
}

/* Run the scenario @text; the caller frees s and sc. */
static struct capsim_sim *run_scenario_text(const char *text, struct capsim_scenario **sc)
{
	struct capsim_sim *s = NULL;
	capsim_error e = { 0 };

	*sc = NULL;
	if (scenario_parse(text, strlen(text), "fie.json", ".", sc, &e) ||
	    scenario_build(*sc, NULL, NULL, &s, &e) || sim_run(s, &e))
		fail_msg("%s", e.msg);
	return s;
}

/*
 * RB5 (CPU4: capacity 801, freq_ref 2419.2 MHz, OPPs up to 2419.2 MHz), a task pinned to CPU4
 * with 5 ms of CPU4 work every 16 ms, and a HW cap of 1 GHz on CPUs 4-6 from the start: the
 * CPU runs at 940.8 MHz, the highest OPP under the cap, so each job takes
 * 5 x 2419.2 / 940.8 = 12.857 ms of the 16 ms.
 *
 * FIE source cpufreq (the kernel on these cores: no FEAT_AMU): arch_set_freq_scale() follows
 * the frequency schedutil requested, near the top (util above 801 / 1.25 = 641 asks for
 * 2419.2 MHz), so freq_scale is about 1024 and the PELT clock advances 801/1024 of wall time
 * while running: 12.857 x 0.782 = 10.06 ms = 9.82 PELT periods (1.024 ms) of running, and the
 * idle time brings clock_pelt back to the task clock, so a period is 16 / 1.024 = 15.625
 * PELT periods. At steady state the util at the end of a run is the geometric series
 * 1024 x (1 - y^9.82) / (1 - y^15.625) with y^32 = 1/2: 1024 x 0.1917 / 0.2872 = 683; the
 * divider's LOAD_AVG_MAX - 1024 + period_contrib and the lower request early in each run
 * (the trough util ~600 asks for 2246.4 MHz, freq_scale 950) take a little off: about 677.
 *
 * FIE source amu: freq_scale is the delivered 940.8 / 2419.2 x 1024 = 398, the clock runs at
 * 0.782 x 398 / 1024 = 0.304 of wall time: 3.91 ms = 3.82 periods, and the series gives
 * 1024 x (1 - y^3.82) / (1 - y^15.625) = 1024 x 0.0794 / 0.2872 = 283 (about 278).
 *
 * Either way the HW pressure is seen: 801 - 801 x 1000000 / 2419200 = 801 - 331 = 470, and
 * its PELT average has converged after 2 s, so the actual capacity is 801 - 470 = 331.
 */
static void test_fie_cpufreq_hides_hw_cap(void **state)
{
	static const char fmt[] =
		"{\"platform\": \"rb5\", \"duration\": \"2s\", \"kernel\": {\"cpuidle_off\": true%s},"
		" \"events\": [{\"at\": 0, \"hw_cap\": {\"cpus\": \"4-6\", \"khz\": \"1GHz\"}}],"
		" \"workload\": {\"global\": {\"calibration\": \"CPU4\"}, \"tasks\": {\"t\": {"
		"\"cpus\": [4], \"run\": 5000, \"timer\": {\"ref\": \"unique\", \"period\": 16000}}}}}";
	static const struct { const char *kernel; unsigned lo, hi; } runs[] = {
		{ "", 665, 690 }, /* rb5's Kryo 485 cores: cpufreq */
		{ ", \"freq_invariance\": \"cpufreq\"", 665, 690 },
		{ ", \"freq_invariance\": \"amu\"", 265, 290 },
	};
	char text[1024];

	(void)state;
	for (unsigned i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		struct capsim_scenario *sc;
		struct capsim_sim *s;
		const struct sim_task *p;
		uint64_t act;

		snprintf(text, sizeof(text), fmt, runs[i].kernel);
		s = run_scenario_text(text, &sc);
		p = sim_test_task(s, "t");
		if (p->avg.util_avg < runs[i].lo || p->avg.util_avg > runs[i].hi)
			fail_msg("%s: util_avg %lu, expected %u..%u", runs[i].kernel,
				 (unsigned long)p->avg.util_avg, runs[i].lo, runs[i].hi);
		act = sim_actual_capacity(s, 4);
		assert_in_range(act, 330, 332);
		sim_free(s);
		scenario_free(sc);
	}
}

/*
 * 30 simulated days of a light task (1 ms of big work every 10 s, pinned to big CPU4 at its
 * reference frequency): no overflow anywhere. It is activated at its start and then at 10 s,
 * 20 s, ... up to the last wake-up before the end (2592000 s is the end itself, which is not
 * processed): 1 + 259199 = 259200 activations of exactly 1 ms each, never late.
 */
static void test_thirty_days(void **state)
{
	const uint64_t thirty_days = 30ULL * 86400 * 1000 * MS;
	struct capsim_sim *s;
	const struct sim_task *p;
	struct sim_result r;

	(void)state;
	s = run_at_ref_freq("{\"global\": {\"calibration\": \"CPU4\"}, \"tasks\": {\"light\": {\"cpus\": [4],"
			    " \"run\": 1000, \"timer\": {\"ref\": \"unique\", \"period\": 10000000}}}}",
			    thirty_days);
	p = sim_test_task(s, "light");
	assert_int_equal(s->now, thirty_days);
	assert_int_equal(p->st.activations, 259200);
	assert_int_equal(p->st.runtime_ns, 259200 * MS);
	assert_int_equal(p->st.deadline_misses, 0);
	assert_int_equal(sim_result_build(s, &r), 0);
	assert_true(r.duration_s == 2592000.0);
	assert_true(r.cpus[4].busy_pct > 0.0099 && r.cpus[4].busy_pct < 0.0101); /* 1 ms / 10 s */
	sim_result_free(&r);
	sim_free(s);
}

/*
 * The trace switches away from a task that sleeps: "t" runs 1 ms of CPU4 work then sleeps
 * 4 ms, pinned to CPU0, alone. Each activation must show the switch t -> swapper with
 * prev_state=S, and on every CPU each sched_switch must start from the task the previous one
 * switched to (a switch "from swapper" while t was running would break the chain).
 */
static void test_trace_switch_chain(void **state)
{
	struct capsim_platform *p = NULL;
	struct capsim_workload *wl = NULL;
	struct capsim_sim *s = NULL;
	const char *rtapp = "{\"global\": {\"calibration\": \"CPU4\"}, \"tasks\": {\"t\": {\"cpus\": [0],"
			    " \"run\": 1000, \"sleep\": 4000}}}";
	char line[512], last_next[8][64];
	unsigned to_idle = 0, switches = 0;
	struct sim_options o;
	capsim_error e = { 0 };
	FILE *fp = tmpfile();

	(void)state;
	assert_non_null(fp);
	sim_options_default(&o);
	o.duration_ns = 100 * MS;
	assert_int_equal(platform_load("hikey960", NULL, 0, &p, &e), 0);
	assert_int_equal(capsim_workload_parse(rtapp, strlen(rtapp), "test.json", &wl, &e), 0);
	assert_int_equal(sim_create(p, wl, &o, NULL, 0, &s, &e), 0);
	assert_int_equal(capsim_sim_trace_open(s, fp), 0);
	if (sim_run(s, &e))
		fail_msg("%s", e.msg);
	sim_free(s);
	rewind(fp);
	for (unsigned c = 0; c < 8; c++)
		sprintf(last_next[c], "swapper/%u", c);
	while (fgets(line, sizeof(line), fp)) {
		char prev[64], next[64], st[8];
		const char *sw = strstr(line, "sched_switch: ");
		unsigned cpu;

		if (!sw)
			continue;
		assert_int_equal(sscanf(strchr(line, '[') + 1, "%u", &cpu), 1);
		assert_int_equal(sscanf(sw, "sched_switch: prev_comm=%63s prev_pid=%*d prev_prio=%*d "
					"prev_state=%7s ==> next_comm=%63s", prev, st, next), 3);
		assert_string_equal(prev, last_next[cpu]);
		strcpy(last_next[cpu], next);
		switches++;
		if (!strcmp(prev, "t") && !strcmp(st, "S") && !strncmp(next, "swapper/", 8))
			to_idle++;
	}
	fclose(fp);
	/*
	 * An activation lasts at most 4 ms of sleep plus 1 ms x 1024/462 (CPU0's capacity) x
	 * 1844/533 (its lowest OPP) = 7.7 ms of run: at least 8 of them in 100 ms.
	 */
	assert_true(to_idle >= 8);
	assert_true(switches >= 2 * to_idle);
}

/*
 * An idle CPU's blocked load decays while another CPU is busy (nohz idle balance, with its
 * stats kick every LOAD_AVG_PERIOD ms): "burst" runs 200 ms pinned to CPU0 and then sleeps
 * 3 s; two hogs share CPU4 (two tasks: the kick). After the burst CPU0's util is high; 2 s of
 * decay is over 1900 PELT periods, far past the ~320 (10 half-lives of 32) after which
 * util_sum falls below the divider: its cfs util_avg must read 0 by the end, and CPU0 must
 * no longer count as having blocked load. Without blocked-load updates it would stay frozen.
 */
static void test_idle_blocked_load_decays(void **state)
{
	struct sim_options o;
	struct capsim_sim *s;

	(void)state;
	sim_options_default(&o);
	o.duration_ns = 2300 * MS;
	s = run_sim("hikey960",
		    "{\"global\": {\"calibration\": \"CPU4\"}, \"tasks\": {"
		    "\"burst\": {\"cpus\": [0], \"loop\": 1, \"run\": 90000, \"sleep\": 3000000},"
		    "\"hog1\": {\"cpus\": [4], \"run\": 1000000}, \"hog2\": {\"cpus\": [4], \"run\": 1000000}}}",
		    &o);
	assert_int_equal(s->rq[0].fc->nr_running, 0);
	assert_int_equal(s->rq[0].fc->cfs_avg.util_avg, 0);
	assert_false(s->rq[0].has_blocked_load);
	sim_free(s);
}

/*
 * The same decay without a busy CPU's tick, through nohz_newidle_balance(): "burst" runs 20 ms
 * on little CPU1 and then waits forever (a suspend nobody resumes); "ticker" runs 10 us every
 * 6 ms on CPU0, too briefly for a tick to find it busy. Each time CPU0 idles, its avg_idle
 * (1 ms at boot, then averaging ~6 ms idle periods, capped at 2 x 500 us) is at least
 * sysctl_sched_migration_cost, so once nohz.next_blocked has passed it decays the idle CPUs'
 * blocked load itself (NOHZ_NEWILB_KICK, at most every 32 ms). In 1 s that is over 900 PELT
 * periods: CPU1's util_avg (~365 after the burst) reads 0 and it has no blocked load left. The
 * little policy then follows CPU0's tiny util: schedutil's lowest OPP, 533 MHz.
 */
static void test_newidle_decays_blocked_load(void **state)
{
	struct sim_options o;
	struct capsim_sim *s;

	(void)state;
	sim_options_default(&o);
	o.duration_ns = 1000 * MS;
	o.cpuidle_off = 1; /* the ticker's timing is derived in WFI */
	s = run_sim("hikey960",
		    "{\"global\": {\"calibration\": \"CPU0\"}, \"tasks\": {"
		    "\"burst\": {\"cpus\": [1], \"loop\": 1, \"run\": 20000, \"suspend\": \"never\"},"
		    "\"ticker\": {\"cpus\": [0], \"run\": 10,"
		    " \"timer\": {\"ref\": \"unique\", \"period\": 6000}}}}", &o);
	assert_int_equal(s->rq[1].fc->cfs_avg.util_avg, 0);
	assert_false(s->rq[1].has_blocked_load);
	assert_int_equal(s->plat->policies[0].cur_khz, 533000);
	sim_free(s);
}

/*
 * The balance interval of each domain backs off as sched_balance_rq() makes it
 * (sd->min_interval = sd_weight, sd->max_interval = 2 x sd_weight). HiKey960 has MC {0-3},
 * {4-7} (4 ms .. 8 ms) and PKG {0-7} (8 ms .. 16 ms). A hog alone on big CPU4 leaves nothing
 * to pull: CPU4's MC balances end balanced and double to 8 ms; at PKG CPU5, idle, is the
 * CPU of the group that balances (should_we_balance()), so CPU4's PKG balance stops there,
 * as balanced, and doubles to 16 ms. The other CPUs idle: with one task on CPU4 and no misfit
 * (it is on the biggest CPU), nohz_balancer_kick() never asks for their balance, so theirs
 * stay at 4 and 8 ms.
 */
static struct capsim_sim *run_hog_on_cpu4(const struct sim_sc_event *sc, unsigned nr_sc)
{
	struct sim_options o;

	sim_options_default(&o);
	o.duration_ns = 1000 * MS;
	return run_sim_events("hikey960",
			      "{\"global\": {\"calibration\": \"CPU4\"}, \"tasks\": {"
			      "\"hog\": {\"cpus\": [4], \"run\": 2000000}}}", &o, sc, nr_sc);
}

/* sd->balance_interval of @cpu's domain at @level (SD_LEVEL_MC, SD_LEVEL_PKG) */
static uint64_t sd_interval(const struct capsim_sim *s, unsigned cpu, enum sd_level level)
{
	for (unsigned i = 0; i < s->rq[cpu].nr_sd; i++)
		if (s->plat->sd->domains[s->rq[cpu].sd[i].dom].level == level)
			return s->rq[cpu].sd[i].balance_interval;
	fail_msg("CPU%u has no %s domain", cpu, sd_level_name(level));
	return 0;
}

static void test_balance_interval_backs_off(void **state)
{
	struct capsim_sim *s = run_hog_on_cpu4(NULL, 0);

	(void)state;
	assert_int_equal(s->rq[4].nr_sd, 2);
	assert_int_equal(sd_interval(s, 4, SD_LEVEL_MC), 2 * 4);
	assert_int_equal(sd_interval(s, 4, SD_LEVEL_PKG), 2 * 8);
	for (unsigned c = 0; c < 8; c++) {
		if (c == 4)
			continue;
		assert_int_equal(sd_interval(s, c, SD_LEVEL_MC), 4);
		assert_int_equal(sd_interval(s, c, SD_LEVEL_PKG), 8);
	}
	sim_free(s);
}

/*
 * nohz_balancer_kick() also kicks the idle CPUs' balance for a CFS task on a CPU that lost a
 * noticeable part of its capacity (check_cpu_capacity(): capacity_of x 117 < capacity_orig x
 * 100). The hog of the test above, with the big policy capped at 1.5 GHz: policy->max resolves
 * to the OPP below, 1421 MHz, so the cpufreq pressure is 1024 - 1024 x 1421000 / 2362000 =
 * 1024 - 616 (freq_ref 2.362 GHz), capacity_of = 616, and 616 x 117 = 72072 < 102400. Each
 * kick balances the idle CPUs whose interval has passed. At MC, CPUs 5-7 see CPU4 as a group
 * with reduced capacity (sched_reduced_capacity(): migrate_load, imbalance its load) but
 * cannot detach its one task, and an active balance is not worth it: they are in the capped
 * policy too (capacity_of 616 each, need_active_balance() wants 616 x 117 < 616 x 100). So
 * each such balance fails (nr_balance_failed grows) and, unbalanced, goes back to the
 * 4 ms min_interval. CPUs 0-3 find nothing at MC; at PKG the little CPUs do not pull from
 * bigger CPUs running one task each (update_sd_pick_busiest(): min_capacity 616 > their
 * capacity_of by 5%) and the big ones balance through CPU5. Those back off to twice their
 * minimum, as CPU4 does.
 */
static void test_reduced_capacity_kicks_idle_balance(void **state)
{
	const struct sim_sc_event cap = { .time_ns = 0, .kind = SIM_SC_QOS_SET, .policy = 1,
					  .qos = FREQ_QOS_MAX, .name = "scaling_max_freq",
					  .khz = 1500000 };
	struct capsim_sim *s = run_hog_on_cpu4(&cap, 1);

	(void)state;
	assert_int_equal(s->rq[4].fc->capacity_of, 1024 * 1421000 / 2362000);
	for (unsigned c = 0; c < 8; c++) {
		assert_int_equal(sd_interval(s, c, SD_LEVEL_MC), c > 4 ? 4 : 2 * 4);
		assert_int_equal(sd_interval(s, c, SD_LEVEL_PKG), 2 * 8);
		/* CPUs 5-7 failed to move the pinned hog at MC: migrate_load failures count */
		assert_int_equal(s->rq[c].sd[0].nr_balance_failed > 0, c > 4);
		assert_int_equal(s->rq[c].sd[1].nr_balance_failed, 0);
	}
	sim_free(s);
}

/* Run @scenario (a file next to the default one) under @model, with or without the memo. */
static struct capsim_sim *run_scenario(const char *scenario, enum capsim_model model, bool memo)
{
	struct capsim_scenario *sc = NULL;
	struct capsim_sim *s = NULL;
	capsim_error e = { 0 };
	char path[4096], dflt[4096];

	scenario_default_path(dflt, sizeof(dflt));
	snprintf(path, sizeof(path), "%.*s/%s", (int)(strrchr(dflt, '/') - dflt), dflt, scenario);
	if (scenario_load(path, &sc, &e))
		fail_msg("%s", e.msg);
	sc->opt.model = model;
	if (scenario_build(sc, NULL, NULL, &s, &e))
		fail_msg("%s", e.msg);
	if (!memo)
		s->rd.memo = NULL; /* every read evaluates the kernel's functions afresh */
	if (sim_run(s, &e))
		fail_msg("%s", e.msg);
	scenario_free(sc);
	return s;
}

/*
 * The per-CPU memo (struct fair_memo) is only a cache of what the CPUs ask for: whatever keeps
 * or drops it (each writer of a struct fair_cpu invalidates it, the next reader fills it), a
 * run with it must be the run without it, event for event. On
 * every shipped scenario (caps, HW throttling bursts, thermal control) under the 6.10 model
 * and the capped model (whose beliefs move the most view fields).
 */
static void test_memo_is_only_a_cache(void **state)
{
	static const char *const scenarios[] = {
		"default.json", "hikey960-game-ipa.json", "pixel6-user-cap.json",
		"rb5-lmh-bursts.json", "rk3399-uclamp-ui.json",
	};
	static const enum capsim_model models[] = { CAPSIM_MODEL_V6_10, CAPSIM_MODEL_CAPPED };

	(void)state;
	for (unsigned i = 0; i < sizeof(scenarios) / sizeof(scenarios[0]); i++) {
		for (unsigned m = 0; m < 2; m++) {
			struct capsim_sim *a = run_scenario(scenarios[i], models[m], true);
			struct capsim_sim *b = run_scenario(scenarios[i], models[m], false);

			assert_int_equal(a->nr_events, b->nr_events);
			assert_int_equal(a->migrations, b->migrations);
			assert_int_equal(a->overutilized_ns, b->overutilized_ns);
			for (unsigned c = 0; c < a->nr_cpus; c++) {
				assert_int_equal(a->rq[c].busy_ns, b->rq[c].busy_ns);
				assert_int_equal(a->rq[c].fc->cfs_avg.util_sum, b->rq[c].fc->cfs_avg.util_sum);
			}
			for (uint32_t t = 0; t < a->nr_tasks; t++)
				assert_int_equal(a->tasks[t]->st.runtime_ns, b->tasks[t]->st.runtime_ns);
			sim_free(a);
			sim_free(b);
		}
	}
}

/*
 * A platform JSON of @n CPUs (the first half of capacity 1024, the rest 512), each CPU its own
 * policy of @k OPPs with an energy model (rising voltages: every OPP efficient); its path.
 */
static const char *many_pd_platform(unsigned n, unsigned k)
{
	static char path[64];
	FILE *fp;

	snprintf(path, sizeof(path), "/tmp/capsim-test-%ld-pds.json", (long)getpid());
	fp = fopen(path, "w");
	assert_non_null(fp);
	fprintf(fp, "{ \"name\": \"pds-%ux%u\", \"cpus\": [", n, k);
	for (unsigned c = 0; c < n; c++)
		fprintf(fp, "%s{ \"capacity\": %u }", c ? ", " : "", c < n / 2 ? 1024 : 512);
	fprintf(fp, " ], \"policies\": [");
	for (unsigned c = 0; c < n; c++) {
		fprintf(fp, "%s{ \"cpus\": \"%u\", \"dynamic_power_coefficient\": 100, \"opps\": [",
			c ? ", " : "", c);
		for (unsigned j = 0; j < k; j++)
			fprintf(fp, "%s{ \"khz\": %u, \"uv\": %u }", j ? ", " : "", 200000 * (j + 1),
				700000 + 25000 * j);
		fprintf(fp, "] }");
	}
	fprintf(fp, " ] }\n");
	fclose(fp);
	return path;
}

/* whether a run of @model on @plat has EAS */
static bool eas_under(const char *plat, enum capsim_model model)
{
	struct sim_options o;
	struct capsim_sim *s;
	bool eas;

	sim_options_default(&o);
	o.model = model;
	o.duration_ns = 10 * MS;
	s = run_sim(plat, "{\"tasks\": {\"t\": {\"run\": 1000}}}", &o);
	eas = s->eas;
	sim_free(s);
	return eas;
}

/*
 * 6.1's build_perf_domains() refuses EAS when nr_pd * (nr_cpus + nr_ps) > EM_MAX_COMPLEXITY
 * (2048), nr_ps the performance states of all domains: with n single-CPU domains of k states
 * each that is n * (n + n * k). With 16 CPUs, 7 states make 16 * (16 + 112) = 2048 (allowed,
 * not above) and 8 make 16 * (16 + 128) = 2304 (refused); v6.10 has no limit (removed in v6.7).
 */
static void test_em_complexity_limit(void **state)
{
	const unsigned n = 16, limit = 2048;

	(void)state;
	for (unsigned k = 7; k <= 8; k++) {
		const char *plat = many_pd_platform(n, k);
		unsigned long c = (unsigned long)n * (n + n * k);

		assert_int_equal(c, k == 7 ? 2048 : 2304);
		assert_int_equal(eas_under(plat, CAPSIM_MODEL_V6_1), c <= limit);
		assert_true(eas_under(plat, CAPSIM_MODEL_V6_10));
		unlink(plat);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pelt_always_running_golden),
		cmocka_unit_test(test_two_equal_tasks_share),
		cmocka_unit_test(test_small_periodic_on_little),
		cmocka_unit_test(test_misfit_goes_big),
		cmocka_unit_test(test_rt_runs_first),
		cmocka_unit_test(test_uclamp_min_goes_big),
		cmocka_unit_test(test_rt_default_uclamp_goes_big),
		cmocka_unit_test(test_timer_anchor),
		cmocka_unit_test(test_phase_keeps_clamps),
		cmocka_unit_test(test_task_loop_applies_phase_again),
		cmocka_unit_test(test_static_cap_actual_capacity),
		cmocka_unit_test(test_thirty_days),
		cmocka_unit_test(test_trace_switch_chain),
		cmocka_unit_test(test_idle_blocked_load_decays),
		cmocka_unit_test(test_newidle_decays_blocked_load),
		cmocka_unit_test(test_balance_interval_backs_off),
		cmocka_unit_test(test_reduced_capacity_kicks_idle_balance),
		cmocka_unit_test(test_memo_is_only_a_cache),
		cmocka_unit_test(test_fie_cpufreq_hides_hw_cap),
		cmocka_unit_test(test_em_complexity_limit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
