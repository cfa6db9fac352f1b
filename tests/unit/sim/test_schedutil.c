// SPDX-License-Identifier: MIT
/*
 * test_schedutil.c - tests src/sim/cpufreq_schedutil.c (schedutil) through short simulations on the shipped HiKey960
 * (little policy0: CPUs 0-3, capacity 462, OPPs 533000 999000 1402000 1709000 1844000 kHz,
 * freq_ref 1844000): the OPP schedutil's formula gives, its rate limit, its reaction to a new
 * policy->max (limits_changed), and the performance and powersave governors; and the hooks'
 * iowait boost and their policy-wide maximum, called on a quiet policy after a short run.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "input/scenario.h"
#include "sim/sim.h"

#define MS 1000000ULL

/* One always-running task pinned to CPU0 (@extra: more task keys), under @kernel options. */
static struct capsim_sim *run_cpu0(const char *kernel, const char *extra, const char *events,
				   const char *duration)
{
	char text[1024];
	struct capsim_scenario *sc = NULL;
	struct capsim_sim *s = NULL;
	capsim_error e = { 0 };

	snprintf(text, sizeof(text),
		 "{\"platform\": \"hikey960\", \"duration\": \"%s\", \"kernel\": {%s}, \"events\": [%s],"
		 " \"workload\": {\"tasks\": {\"t\": {\"cpus\": [0], \"loop\": 1, %s \"run\": 100000000}}}}",
		 duration, kernel, events, extra);
	if (scenario_parse(text, strlen(text), "su.json", ".", &sc, &e) ||
	    scenario_build(sc, NULL, NULL, &s, &e) || sim_run(s, &e))
		fail_msg("%s", e.msg);
	scenario_free(sc);
	return s;
}

/*
 * util_max = 300 clamps the rq: effective_cpu_util() gives util <= 462 with max = min(462, 300),
 * sugov_effective_cpu_perf() = max(0, min(util x 1.25, 300)) = 300 once util >= 240 (it starts
 * at 231 and only grows while the task runs; below 240 the request is at least 288). So
 * get_next_freq() = 1844000 x 300 / 462 = 1197402 kHz (or 1844000 x 288 / 462 = 1149506), and
 * RELATION_L resolves both to the lowest OPP at or above: 1402000 kHz.
 */
static void test_opp_from_formula(void **state)
{
	struct capsim_sim *s = run_cpu0("", "\"util_max\": 300,", "", "1s");

	(void)state;
	assert_int_equal(s->plat->policies[0].cur_khz, 1402000);
	assert_int_equal(sim_delivered_khz(s, 0), 1402000);
	sim_free(s);
}

/*
 * Rate limit. The task is forked at t=0 onto CPU0 with util 231 (post_init_entity_util_avg on an
 * empty rq: (462 - 0) / 2); the first update (limits_changed is set at start) asks for
 * 1844000 x (231 + 231/4 = 288) / 462 = 1149506 -> 1402000 kHz. With rate_limit_us = 1 s no
 * other update passes before 0.9 s, so the CPU stays at 1402000 although the task's util grows.
 * With the default 1 ms the request soon exceeds the top OPP: util tends to 462 and
 * 462 x 1.25 = 577 > 462 asks for more than 1844000, so the policy ends at 1844000.
 */
static void test_rate_limit(void **state)
{
	struct capsim_sim *s = run_cpu0("\"rate_limit_us\": 1000000", "", "", "900ms");

	(void)state;
	assert_int_equal(s->plat->policies[0].cur_khz, 1402000);
	sim_free(s);
	s = run_cpu0("\"rate_limit_us\": 1000", "", "", "900ms");
	assert_int_equal(s->plat->policies[0].cur_khz, 1844000);
	sim_free(s);
}

/*
 * A scaling_max_freq of 999000 kHz at 300 ms: policy->max resolves to the 999000 OPP, the
 * running CPU is brought under it at once (sugov_limits + apply limits) and schedutil's later
 * choices are clamped into [533000, 999000]: the busy CPU ends at exactly 999000 kHz.
 */
static void test_limits_changed(void **state)
{
	struct capsim_sim *s = run_cpu0("", "",
					"{\"at\": \"300ms\", \"max_freq\": {\"policy\": \"policy0\", \"khz\": 999000}}",
					"600ms");

	(void)state;
	assert_int_equal(s->plat->policies[0].max_khz, 999000);
	assert_int_equal(s->plat->policies[0].cur_khz, 999000);
	sim_free(s);
}

/* performance runs every policy at policy->max, powersave at policy->min, whatever the load. */
static void test_performance_powersave(void **state)
{
	struct capsim_sim *s = run_cpu0("\"governor\": \"performance\"", "", "", "100ms");

	(void)state;
	assert_int_equal(s->plat->policies[0].cur_khz, 1844000);
	assert_int_equal(s->plat->policies[1].cur_khz, 2362000);
	sim_free(s);
	s = run_cpu0("\"governor\": \"powersave\"", "", "", "100ms");
	assert_int_equal(s->plat->policies[0].cur_khz, 533000);
	assert_int_equal(s->plat->policies[1].cur_khz, 903000);
	sim_free(s);
}

/* A run of @platform in which nothing runs but a sleeper on @busy_cpu, then 100 ms of quiet. */
static struct capsim_sim *run_quiet(const char *platform, int busy_cpu)
{
	char text[512];
	struct capsim_scenario *sc = NULL;
	struct capsim_sim *s = NULL;
	capsim_error e = { 0 };

	snprintf(text, sizeof(text),
		 "{\"platform\": \"%s\", \"duration\": \"10ms\", \"workload\": {\"tasks\":"
		 " {\"t\": {\"cpus\": [%d], \"loop\": 1, \"sleep\": 20000}}}}", platform, busy_cpu);
	if (scenario_parse(text, strlen(text), "io.json", ".", &sc, &e) ||
	    scenario_build(sc, NULL, NULL, &s, &e) || sim_run(s, &e))
		fail_msg("%s", e.msg);
	scenario_free(sc);
	s->now += 100 * MS; /* past any rate limit and iowait boost of the run */
	return s;
}

/*
 * The raw frequency get_next_freq() asks of @cpu's policy when its utilization is only an
 * iowait boost of IOWAIT_BOOST_MIN (1024 / 8): sugov_iowait_apply() scales it to the CPU's
 * capacity, sugov_effective_cpu_perf() adds a quarter, map_util_freq() scales freq_ref.
 */
static uint64_t min_boost_raw_khz(const struct capsim_sim *s, int cpu)
{
	uint64_t cap = s->rq[cpu].cap_orig, boost = 128 * cap >> 10;

	return (uint64_t)s->rq[cpu].freq_ref * (boost + (boost >> 2)) / cap;
}

/*
 * An iowait wake-up's update (SCHED_CPUFREQ_IOWAIT) on an idle CPU of HiKey960's shared little
 * policy (CPUs 0-3, sugov_update_shared()): its only utilization is the boost, so the raw
 * frequency is the boost's; the same update without the flag asks for nothing.
 */
static void test_iowait_boost_shared(void **state)
{
	struct capsim_sim *s = run_quiet("hikey960", 4);
	struct sim_policy *sp = &s->pol[s->rq[1].policy];

	(void)state;
	assert_true(sp->nr_cpus > 1);
	cpufreq_update_util_flags(s, 1, SCHED_CPUFREQ_IOWAIT);
	assert_int_equal(sp->sg.cached_raw_freq, min_boost_raw_khz(s, 1));
	sim_free(s);
	s = run_quiet("hikey960", 4);
	sp = &s->pol[s->rq[1].policy];
	cpufreq_update_util_flags(s, 1, 0);
	assert_int_equal(sp->sg.cached_raw_freq, 0);
	sim_free(s);
}

/*
 * sugov_next_freq_shared(): the policy's request is the largest of its CPUs'. An update from
 * idle CPU 1 while CPU 2 of the same policy has a boost pending (requested now, as the hook's
 * first half leaves it, not applied yet) asks for CPU 2's raw frequency.
 */
static void test_shared_takes_the_max(void **state)
{
	struct capsim_sim *s = run_quiet("hikey960", 4);
	struct sim_policy *sp = &s->pol[s->rq[1].policy];
	struct sugov_cpu_state *cpu2 = &sp->sg_cpu[s->rq[2].policy_pos];

	(void)state;
	sugov_iowait_boost(cpu2, s->now, SCHED_CPUFREQ_IOWAIT, s->tick_ns);
	cpu2->last_update = s->now;
	cpufreq_update_util_flags(s, 1, 0);
	assert_int_equal(sp->sg.cached_raw_freq, min_boost_raw_khz(s, 2));
	sim_free(s);
}

/* The same boost through sugov_update_single_freq(), on a policy of one CPU (RB5's CPU 7). */
static void test_iowait_boost_single(void **state)
{
	struct capsim_sim *s = run_quiet("rb5", 0);
	int cpu = (int)s->nr_cpus - 1;
	struct sim_policy *sp = &s->pol[s->rq[cpu].policy];

	(void)state;
	assert_int_equal(sp->nr_cpus, 1);
	cpufreq_update_util_flags(s, cpu, SCHED_CPUFREQ_IOWAIT);
	assert_int_equal(sp->sg.cached_raw_freq, min_boost_raw_khz(s, cpu));
	sim_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_opp_from_formula),
		cmocka_unit_test(test_rate_limit),
		cmocka_unit_test(test_limits_changed),
		cmocka_unit_test(test_performance_powersave),
		cmocka_unit_test(test_iowait_boost_shared),
		cmocka_unit_test(test_shared_takes_the_max),
		cmocka_unit_test(test_iowait_boost_single),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
