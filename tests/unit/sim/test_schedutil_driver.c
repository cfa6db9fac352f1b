// SPDX-License-Identifier: MIT
/*
 * test_schedutil_driver.c - tests src/sim/cpufreq_schedutil.c (the driver and the sugov kthread)
 * through the
 * public API's event sink: schedutil per policy as the platform's cpufreq driver runs it.
 * RK3399 (cpufreq-dt, no fast switch): a util_min = 1024 task pinned on little CPU0 under v6.10
 * gets the policy's highest OPP requested at each wake-up (CAPSIM_EV_SUGOV_UPDATE), and the
 * sugov kthread delivers it (CAPSIM_EV_CPU_FREQUENCY) once dev_pm_opp_set_rate() is through:
 * raising, the cpu-supply first, then the clock. The numbers are worked out here from the DT's
 * own: the transition latency the driver declares is the little OPP table's clock-latency-ns
 * (40000) plus the cpu-supply's ramp over the table's voltage range (825000..1250000 uV at
 * regulator-ramp-delay 6001 uV/us, rounded up: 71 us), the transition delay 1.5 x that
 * (cpufreq_policy_transition_delay_us()). A change takes this step's ramp
 * (_regulator_set_voltage_time(): its two OPPs' microvolts), slept in usleep_range(us, us + 100)
 * to its hard expiry from 10 us on (udelay() below), then the clock's 40 us: 186 us from 816 MHz,
 * 190 us from 408 or 600 MHz, longer than the transition delay (166 us). RB5 (qcom-cpufreq-hw,
 * fast switch): the same request is delivered at once.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "capsim/capsim.h"

#define SCENARIO CAPSIM_TEST_DATA_DIR "/uclamp/rk3399-boosted-little.json"
#define RK3399_RAMP_UV_PER_US 6001 /* vdd_cpu_l's regulator-ramp-delay */
#define RK3399_CLOCK_NS 40000      /* opp-table-0's clock-latency-ns */
#define MAX_OPPS 32

struct seen {
	uint32_t top_khz;
	uint32_t khz[MAX_OPPS], uv[MAX_OPPS]; /* policy0's OPPs (RK3399) */
	unsigned nr_opps;
	uint64_t requested_at;  /* the pending request of top_khz, 0: none */
	uint32_t from_khz;      /* ... made at this frequency */
	uint32_t cur_khz;       /* CPU0's frequency (policy->cur) */
	unsigned wakeups, requests, delivered, off_path;
	uint64_t max_latency;
	unsigned wakeups_at_top;     /* wake-ups of "boosted" after which the request is the top */
	uint32_t request_khz;        /* schedutil's current request (sg_policy->next_freq) */
};

static uint32_t uv_of(const struct seen *s, uint32_t khz)
{
	for (unsigned i = 0; i < s->nr_opps; i++)
		if (s->khz[i] == khz)
			return s->uv[i];
	fail_msg("no OPP of %u kHz", khz);
	return 0;
}

/* ns from @from_khz to the top: the supply's step, slept or spun, then the clock's spin */
static uint64_t path_ns(const struct seen *s, uint32_t from_khz)
{
	uint32_t dv = uv_of(s, s->top_khz) - uv_of(s, from_khz);
	uint64_t us = (dv + RK3399_RAMP_UV_PER_US - 1) / RK3399_RAMP_UV_PER_US;

	return (us >= 10 ? us + 100 : us) * 1000 + RK3399_CLOCK_NS;
}

static void sink(void *ctx, const struct capsim_event *ev)
{
	struct seen *s = ctx;

	if (ev->type == CAPSIM_EV_SCHED_WAKEUP && !strcmp(ev->u.wakeup.task.comm, "boosted")) {
		s->wakeups++;
		s->wakeups_at_top += s->request_khz == s->top_khz;
	}
	if (ev->type == CAPSIM_EV_SUGOV_UPDATE && ev->u.sugov_update.policy == 0 &&
	    ev->u.sugov_update.changed)
		s->request_khz = ev->u.sugov_update.next_khz;
	if (ev->type == CAPSIM_EV_SUGOV_UPDATE && ev->u.sugov_update.policy == 0 &&
	    ev->u.sugov_update.changed && ev->u.sugov_update.next_khz == s->top_khz) {
		s->requests++;
		s->requested_at = ev->time_ns;
		s->from_khz = s->cur_khz;
	}
	if (ev->type == CAPSIM_EV_CPU_FREQUENCY && ev->cpu == 0) {
		s->cur_khz = ev->u.cpu_frequency.requested_khz;
		if (s->requested_at && s->cur_khz == s->top_khz) {
			uint64_t d = ev->time_ns - s->requested_at;

			s->delivered++;
			if (s->nr_opps) /* the OPPs' voltages are known: the path is */
				s->off_path += d != path_ns(s, s->from_khz);
			s->max_latency = d > s->max_latency ? d : s->max_latency;
			s->requested_at = 0;
		}
	}
}

static void run(const char *platform, enum capsim_model model, struct seen *seen)
{
	capsim_scenario *sc = NULL;
	capsim_sim *s = NULL;
	capsim_error e = { 0 };

	assert_int_equal(capsim_scenario_load(SCENARIO, &sc, &e), 0);
	if (platform)
		assert_int_equal(capsim_scenario_set_platform(sc, platform, &e), 0);
	assert_int_equal(capsim_scenario_set_model(sc, model, &e), 0);
	assert_int_equal(capsim_sim_create(sc, &s, &e), 0);
	assert_int_equal(capsim_sim_set_sink(s, sink, seen), 0);
	assert_int_equal(capsim_sim_run(s, &e), 0);
	capsim_sim_free(s);
	capsim_scenario_free(sc);
}

/* the policy of CPU0 on @name: driver, latency, delay, fast switch, highest OPP */
static struct capsim_policy_info policy0(const char *name)
{
	capsim_platform *p = NULL;
	capsim_error e = { 0 };
	struct capsim_policy_info pol = CAPSIM_SIZED(struct capsim_policy_info);

	assert_int_equal(capsim_platform_load(name, NULL, 0, &p, &e), 0);
	assert_int_equal(capsim_platform_get_policy(p, 0, &pol), 0);
	pol.cpufreq_driver = strcmp(pol.cpufreq_driver, "cpufreq-dt") ? "other" : "cpufreq-dt";
	capsim_platform_free(p);
	return pol;
}

static void test_rk3399_kthread_delivers_after_the_driver(void **state)
{
	const uint64_t latency_ns = RK3399_CLOCK_NS +
				    (1250000 - 825000 + RK3399_RAMP_UV_PER_US - 1) /
				    RK3399_RAMP_UV_PER_US * 1000;
	struct capsim_policy_info pol = policy0("rk3399");
	struct seen seen = { .top_khz = 1416000 };
	capsim_platform *p = NULL;
	capsim_error e = { 0 };

	(void)state;
	assert_string_equal(pol.cpufreq_driver, "cpufreq-dt");
	assert_false(pol.fast_switch);
	assert_int_equal(pol.transition_latency_ns, latency_ns);
	assert_int_equal(pol.transition_delay_us, latency_ns / 1000 + latency_ns / 2000);
	assert_int_equal(pol.cpuinfo_max_khz, seen.top_khz);
	/* its two parts, as the kthread takes them */
	assert_int_equal(pol.clock_latency_ns, RK3399_CLOCK_NS);
	assert_true(pol.has_cpu_supply);
	assert_int_equal(pol.supply_ramp_delay, RK3399_RAMP_UV_PER_US);
	assert_int_equal(capsim_platform_load("rk3399", NULL, 0, &p, &e), 0);
	seen.nr_opps = pol.nr_opps;
	for (unsigned i = 0; i < pol.nr_opps; i++) {
		struct capsim_opp_info o = CAPSIM_SIZED(struct capsim_opp_info);

		assert_int_equal(capsim_platform_get_opp(p, 0, i, &o), 0);
		seen.khz[i] = o.khz;
		seen.uv[i] = o.uv;
	}
	capsim_platform_free(p);

	run(NULL, CAPSIM_MODEL_V6_10, &seen);
	/* 2 s of a 10 ms period: at every wake-up after the first, 1416 MHz is the request (made
	 * by that wake-up's update, or kept since when the rate limit or an undecayed PELT sum
	 * held the drop back) */
	assert_true(seen.wakeups >= 190);
	assert_true(seen.wakeups_at_top >= seen.wakeups - 1);
	/* a new request after each drop: in the DT idle states CPU0 wakes 500 us after its timer
	 * (cluster-sleep's exit), so most runs span a tick and their dequeue finds no PELT period
	 * to decay, no drop asked for (about 60 requests; over 100 in WFI, where no run met a
	 * tick) */
	assert_true(seen.requests >= 40);
	/* each request is delivered (the last may still be in flight at the end) */
	assert_true(seen.delivered + 1 >= seen.requests);
	/* each after the driver's path from where it was asked: 186 or 190 us here, which is
	 * longer than the transition delay by usleep_range()'s slack */
	assert_int_equal(seen.off_path, 0);
	assert_int_equal(seen.max_latency, path_ns(&seen, 408000));
	assert_true(seen.max_latency > (uint64_t)pol.transition_delay_us * 1000);
}

static void test_rb5_fast_switch_delivers_at_once(void **state)
{
	struct capsim_policy_info pol = policy0("rb5");
	struct seen seen = { .top_khz = pol.cpuinfo_max_khz };

	(void)state;
	assert_true(pol.fast_switch);
	assert_int_equal(pol.transition_latency_ns, 0);
	assert_int_equal(pol.transition_delay_us, 1000); /* the driver gives no latency */
	run("rb5", CAPSIM_MODEL_V6_10, &seen);
	/* about 40: the drops as on RK3399 (CPU0 wakes 531 us late, out of its power collapse) */
	assert_true(seen.requests >= 30);
	assert_true(seen.wakeups_at_top >= seen.wakeups - 1);
	/* the first request finds the policy at its boot frequency (max) already: no change */
	assert_true(seen.delivered + 1 >= seen.requests);
	assert_int_equal(seen.max_latency, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rk3399_kthread_delivers_after_the_driver),
		cmocka_unit_test(test_rb5_fast_switch_delivers_at_once),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
