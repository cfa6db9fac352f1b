// SPDX-License-Identifier: MIT
/*
 * test_uclamp.c - tests src/model/uclamp.c: the bucket rule of CONFIG_UCLAMP_BUCKETS_COUNT (5..20)
 * derived here from kernel/sched/core.c's definitions (UCLAMP_BUCKET_DELTA is 1024 / count
 * rounded to the nearest integer; a clamp value v is in the bucket b with b * delta <= v <
 * (b + 1) * delta, the last bucket taking everything above), a bucket keeping the highest value
 * its tasks had until it empties, and what that does to a run: the RK3399 case of issue 28.
 *
 * The RK3399 case: on CPU 4 (an A72, capacity 1024, 1.8 GHz) a busy task capped at util_max
 * 480 beside an occasional one capped at 600. With 5 buckets (205 wide) both clamps are in
 * bucket 2, which keeps 600 after the occasional task leaves: the rq's uclamp_max stays 600
 * while the busy task is queued, and schedutil asks for 600/1024 of 1.8 GHz, 1054.7 MHz, which
 * the OPP table rounds up to 1.2 GHz. With 20 buckets (51 wide) 480 is in bucket 9 and 600 in
 * bucket 11: when bucket 11 empties the rq's clamp falls back to 480, 843.75 MHz, the 1008 MHz
 * OPP. The frequencies are derived below from the platform's OPP table and checked against
 * the run's frequency samples on CPU 4.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <errno.h>

#include <cmocka.h>

#include "capsim/capsim.h"
#include "model/uclamp.h"

#define SCALE 1024u /* SCHED_CAPACITY_SCALE */
#define CAPPED 480u /* the busy task's util_max */
#define OCCASIONAL 600u /* the occasional task's util_max */

/* DIV_ROUND_CLOSEST(1024, n) as arithmetic: the nearest integer to 1024 / n */
static uint32_t delta_of(uint32_t n)
{
	return (uint32_t)lround((double)SCALE / n);
}

/* the bucket of @v among @n: the one whose range holds it, the last one above the others */
static uint32_t bucket_of(uint32_t v, uint32_t n)
{
	uint32_t b = 0;

	while (b + 1 < n && v >= (b + 1) * delta_of(n))
		b++;
	return b;
}

/* every count Kconfig allows, every clamp value: the model's bucket is the derived one */
static void test_bucket_rule(void **state)
{
	(void)state;
	assert_int_equal(uclamp_bucket_delta(5), 205);
	assert_int_equal(uclamp_bucket_delta(20), 51);
	for (uint32_t n = UCLAMP_BUCKETS_MIN; n <= UCLAMP_BUCKETS_MAX; n++) {
		assert_int_equal(uclamp_bucket_delta(n), delta_of(n));
		for (uint32_t v = 0; v <= SCALE; v++)
			assert_int_equal(uclamp_bucket_id(v, n), bucket_of(v, n));
	}
	/* the two clamps of the RK3399 case: one bucket with 5, two with 20 */
	assert_int_equal(bucket_of(CAPPED, 5), bucket_of(OCCASIONAL, 5));
	assert_int_not_equal(bucket_of(CAPPED, 20), bucket_of(OCCASIONAL, 20));
}

/* the rq's uclamp_max once the occasional task left and the capped one stays queued */
static uint32_t max_after_leaving(uint32_t nr_buckets)
{
	struct uclamp_rq_state rq;
	struct uclamp_se capped[UCLAMP_IDS], occasional[UCLAMP_IDS];
	const uint32_t eff_capped[UCLAMP_IDS] = { 0, CAPPED };
	const uint32_t eff_occasional[UCLAMP_IDS] = { 0, OCCASIONAL };

	uclamp_rq_init(&rq, nr_buckets);
	uclamp_rq_inc(&rq, capped, eff_capped);
	assert_int_equal(rq.clamp[UCLAMP_ID_MAX].value, CAPPED);
	uclamp_rq_inc(&rq, occasional, eff_occasional);
	assert_int_equal(rq.clamp[UCLAMP_ID_MAX].value, OCCASIONAL);
	uclamp_rq_dec(&rq, occasional);
	return rq.clamp[UCLAMP_ID_MAX].value;
}

/* a bucket keeps its highest value while it has tasks: the same bucket keeps 600 */
static void test_bucket_keeps_max(void **state)
{
	(void)state;
	for (uint32_t n = UCLAMP_BUCKETS_MIN; n <= UCLAMP_BUCKETS_MAX; n++)
		assert_int_equal(max_after_leaving(n),
				 bucket_of(CAPPED, n) == bucket_of(OCCASIONAL, n) ? OCCASIONAL : CAPPED);
}

/* ---- the run ------------------------------------------------------------------------------- */

#define CPU 4
#define DURATION_S 6
#define HZ 250 /* the scenario's default CONFIG_HZ */
#define RUN_US 2000u /* the occasional task's run ... */
#define PERIOD_US 100000u /* ... in each period */
#define SETTLED_NS 2000000000ULL /* the busy task's util is far above both clamps by then */

static const char scenario_fmt[] =
	"{ \"platform\": \"rk3399\", \"duration\": \"%ds\", \"seed\": 1,\n"
	"  \"kernel\": { \"uclamp_buckets_count\": %u },\n"
	"  \"workload\": { \"global\": { \"calibration\": \"CPU4\" }, \"tasks\": {\n"
	"    \"capped\": { \"util_max\": %u, \"cpus\": [%d], \"run\": 100000 },\n"
	"    \"occasional\": { \"util_max\": %u, \"cpus\": [%d], \"run\": %u,\n"
	"                    \"timer\": { \"ref\": \"t\", \"period\": %u } } } } }";

/*
 * the lowest OPP of CPU's policy at or above @khz that the energy model calls efficient:
 * cpufreq_driver_resolve_freq()'s pick, CPUFREQ_RELATION_LE skipping the inefficient OPPs (on
 * RK3399's big cluster 408 and 600 MHz, at 816 MHz's voltage)
 */
static uint32_t opp_at_least(const capsim_platform *p, uint64_t khz)
{
	int pol = capsim_platform_policy_index(p, CPU);
	struct capsim_opp_info o = CAPSIM_SIZED(struct capsim_opp_info);

	assert_true(pol >= 0);
	for (unsigned i = 0; !capsim_platform_get_opp(p, (unsigned)pol, i, &o); i++)
		if (o.khz >= khz && o.em_efficient)
			return o.khz;
	fail_msg("no OPP at or above %llu kHz", (unsigned long long)khz);
	return 0;
}

/* CPU 4's policy: its OPPs, capacity and reference frequency, its rate limit */
static capsim_platform *rk3399(struct capsim_cpu_info *ci, struct capsim_policy_info *pi)
{
	capsim_platform *p = NULL;
	capsim_error e = { 0 };

	if (capsim_platform_load("rk3399", NULL, 0, &p, &e))
		fail_msg("%s", e.msg);
	assert_int_equal(capsim_platform_get_cpu(p, CPU, ci), 0);
	assert_int_equal(ci->capacity_orig, SCALE);
	assert_int_equal(capsim_platform_get_policy(p, (unsigned)ci->policy_index, pi), 0);
	return p;
}

/*
 * The frequency schedutil picks for CPU 4 while its util is above the clamp: get_next_freq()'s
 * map_util_freq() of the rq's uclamp_max against the CPU's capacity and reference frequency,
 * resolved to an OPP.
 */
static uint32_t derived_khz(uint32_t clamp)
{
	struct capsim_cpu_info ci = CAPSIM_SIZED(struct capsim_cpu_info);
	struct capsim_policy_info pi = CAPSIM_SIZED(struct capsim_policy_info);
	capsim_platform *p = rk3399(&ci, &pi);
	uint32_t khz = opp_at_least(p, (uint64_t)ci.freq_ref_khz * clamp / ci.capacity_orig);

	capsim_platform_free(p);
	return khz;
}

/*
 * With 20 buckets, the most of each period CPU 4 may spend off the capped clamp's OPP: the
 * occasional task's run, then until the next frequency update once it left (the busy task's
 * next tick) and the policy's rate limit (schedutil's rate_limit_us, its transition delay).
 */
static double off_share_max(void)
{
	struct capsim_cpu_info ci = CAPSIM_SIZED(struct capsim_cpu_info);
	struct capsim_policy_info pi = CAPSIM_SIZED(struct capsim_policy_info);
	capsim_platform *p = rk3399(&ci, &pi);
	double us = RUN_US + 1e6 / HZ + pi.transition_delay_us;

	capsim_platform_free(p);
	return us / PERIOD_US;
}

/* Of the settled part of the run, the share of CPU 4's time at @khz. */
static double share_at(const capsim_recording *r, uint64_t end_ns, uint32_t khz)
{
	const uint64_t *t, *v;
	const int32_t *cpu;
	const uint8_t *sig;
	size_t n = capsim_recording_cpu_samples(r, &t, &cpu, &sig, &v);
	uint64_t at = 0, prev_t = 0, prev_v = 0;

	for (size_t i = 0; i <= n; i++) {
		uint64_t now = i < n ? t[i] : end_ns;

		if (i < n && (cpu[i] != CPU || sig[i] != CAPSIM_SIGNAL_FREQ_KHZ))
			continue;
		if (prev_v == khz && now > SETTLED_NS)
			at += now - (prev_t > SETTLED_NS ? prev_t : SETTLED_NS);
		if (i < n) {
			prev_t = t[i];
			prev_v = v[i];
		}
	}
	return (double)at / (double)(end_ns - SETTLED_NS);
}

/* the run of scenario @text (named @name): its summary into *@sum, the share of settled time at @khz */
static double run_text_share(const char *text, const char *name, uint32_t khz, capsim_summary **sum)
{
	capsim_scenario *sc = NULL;
	capsim_recording *rec = NULL;
	capsim_sim *s = NULL;
	capsim_error e = { 0 };
	double share;

	if (capsim_scenario_parse(text, strlen(text), name, NULL, &sc, &e) ||
	    capsim_sim_create(sc, &s, &e) || capsim_recording_attach(s, &rec, &e) ||
	    capsim_recording_columns(rec, &e) || capsim_sim_run(s, &e) ||
	    capsim_recording_finish(rec, &e) || capsim_sim_summary(s, sum, &e))
		fail_msg("%s", e.msg);
	share = share_at(rec, (*sum)->duration_ns, khz);
	capsim_recording_free(rec);
	capsim_sim_free(s);
	capsim_scenario_free(sc);
	return share;
}

/* the run with @nr_buckets: its summary into *@sum, and the share of settled time at @khz */
static double run_share(uint32_t nr_buckets, uint32_t khz, capsim_summary **sum)
{
	char text[1024];

	snprintf(text, sizeof(text), scenario_fmt, DURATION_S, nr_buckets, CAPPED, CPU, OCCASIONAL, CPU,
		 RUN_US, PERIOD_US);
	return run_text_share(text, "rk3399-buckets.json", khz, sum);
}

/*
 * The RK3399 case with 5 and 20 buckets: once settled, CPU 4 runs at the OPP of the clamp the
 * bucket rule leaves (600 with 5 buckets, 480 with 20), with 20 buckets but for the occasional
 * task's own 2 ms in each 100 ms and the update after it (off_share_max()); fewer buckets cost
 * energy.
 */
static void test_rk3399_two_clamps(void **state)
{
	const uint32_t khz5 = derived_khz(max_after_leaving(5));
	const uint32_t khz20 = derived_khz(max_after_leaving(20));
	capsim_summary *s5 = NULL, *s20 = NULL;
	double share5, share20;

	(void)state;
	assert_int_equal(khz5, derived_khz(OCCASIONAL));
	assert_int_equal(khz20, derived_khz(CAPPED));
	assert_true(khz20 < khz5);
	share5 = run_share(5, khz5, &s5);
	share20 = run_share(20, khz20, &s20);
	print_message("5 buckets: %.1f%% of CPU %d's settled time at %u kHz, mean %.0f kHz, %.4f J\n",
		      100 * share5, CPU, khz5, s5->cpus[CPU].mean_freq_khz, s5->energy_j);
	print_message("20 buckets: %.1f%% at %u kHz, mean %.0f kHz, %.4f J\n", 100 * share20, khz20,
		      s20->cpus[CPU].mean_freq_khz, s20->energy_j);
	assert_true(share5 > 0.99);  /* the occasional task's own time is at 600 too */
	assert_true(share20 >= 1 - off_share_max());
	assert_true(s20->cpus[CPU].mean_freq_khz < s5->cpus[CPU].mean_freq_khz);
	assert_true(s20->energy_j < s5->energy_j);
	capsim_summary_free(s5);
	capsim_summary_free(s20);
}

/* ---- cpu cgroups (CONFIG_UCLAMP_TASK_GROUP) ------------------------------------------------ */

/*
 * capacity_from_percent()'s rule, derived: a percent P with two decimals is the integer
 * H = P * 100 (further decimals rounded to the nearest, halves up), and the clamp is the
 * integer nearest to H * 1024 / 10000 (halves up); "max" is 1024; above 100 % is -ERANGE.
 */
static uint32_t clamp_of_hundredths(uint64_t h)
{
	return (uint32_t)((h * SCALE * 2 + 10000) / 20000);
}

static void check_percent(const char *text, int ret, uint64_t hundredths)
{
	uint32_t util = 12345;
	int64_t pct = -1;

	assert_int_equal(uclamp_capacity_from_percent(text, &util, &pct), ret);
	if (ret)
		return;
	assert_int_equal(pct, (int64_t)hundredths);
	assert_int_equal(util, hundredths == 10000 ? SCALE : clamp_of_hundredths(hundredths));
}

static void test_percent(void **state)
{
	(void)state;
	check_percent("50", 0, 5000);
	assert_int_equal(clamp_of_hundredths(5000), 512);
	check_percent("12.5", 0, 1250);      /* 128 */
	check_percent("33.333", 0, 3333);    /* the third decimal rounds away: 341 */
	check_percent("33.335", 0, 3334);    /* ... or up */
	check_percent("99.995", 0, 10000);   /* rounds up to 100 % */
	check_percent("100.004", 0, 10000);
	check_percent("100.005", -ERANGE, 0);
	check_percent("101", -ERANGE, 0);
	check_percent("max", 0, 10000);
	check_percent(" \t20\n", 0, 2000);   /* strim()'s blanks */
	check_percent("50.", 0, 5000);
	check_percent("0.01", 0, 1);
	check_percent("0", 0, 0);
	for (const char *bad[] = { "", " ", "abc", "-1", "+5", "1e2", "5 0", "50%", ".5", "MAX",
				    "maximum", "1.2.3", NULL }, **b = bad; *b; b++)
		check_percent(*b, -EINVAL, 0);
	/* every hundredth, written with two decimals */
	for (uint64_t h = 0; h <= 10000; h++) {
		char text[16];

		snprintf(text, sizeof(text), "%llu.%02llu", (unsigned long long)(h / 100),
			 (unsigned long long)(h % 100));
		check_percent(text, 0, h);
	}
}

/* a group's effective range: its request capped by the parent's effective range, min <= max */
static void test_tg_eff(void **state)
{
	struct uclamp_sysctl sys;
	struct uclamp_tg root, top, sub;

	(void)state;
	uclamp_sysctl_default(&sys);
	uclamp_tg_root(&root, &sys);
	assert_int_equal(root.eff[UCLAMP_ID_MIN], SCALE); /* init_uclamp(): both at 1024 */
	assert_int_equal(root.eff[UCLAMP_ID_MAX], SCALE);
	uclamp_tg_init(&top, root.eff);
	top.req[UCLAMP_ID_MIN] = 205;
	top.req[UCLAMP_ID_MAX] = 512;
	assert_true(uclamp_tg_update_eff(&top, &root));
	assert_int_equal(top.eff[UCLAMP_ID_MIN], 205);
	assert_int_equal(top.eff[UCLAMP_ID_MAX], 512);
	assert_false(uclamp_tg_update_eff(&top, &root)); /* nothing changes twice */
	/* a child asks more than its parent allows: both capped by the parent's */
	uclamp_tg_init(&sub, top.eff);
	sub.req[UCLAMP_ID_MIN] = 819;
	sub.req[UCLAMP_ID_MAX] = 1024;
	uclamp_tg_update_eff(&sub, &top);
	assert_int_equal(sub.eff[UCLAMP_ID_MIN], 205);
	assert_int_equal(sub.eff[UCLAMP_ID_MAX], 512);
	/* a child's min above its own max: protection capped by the limit */
	sub.req[UCLAMP_ID_MIN] = 300;
	sub.req[UCLAMP_ID_MAX] = 100;
	uclamp_tg_update_eff(&sub, &top);
	assert_int_equal(sub.eff[UCLAMP_ID_MIN], 100);
	assert_int_equal(sub.eff[UCLAMP_ID_MAX], 100);
	/* the sysctl max caps every group through the root */
	sys.util_max = 400;
	uclamp_tg_root(&root, &sys);
	uclamp_tg_update_eff(&top, &root);
	assert_int_equal(top.eff[UCLAMP_ID_MAX], 400);
	/* a task's request within the group's range: raised to its min, lowered to its max */
	assert_int_equal(uclamp_tg_restrict(&top, 0), 205);
	assert_int_equal(uclamp_tg_restrict(&top, 300), 300);
	assert_int_equal(uclamp_tg_restrict(&top, 1024), 400);
	assert_int_equal(uclamp_tg_restrict(NULL, 1024), 1024); /* the root group: as requested */
}

/*
 * A busy task in the background cgroup, whose cpu.uclamp.max is 25 %, asks no clamp of its own
 * (util_max 1024 by default): uclamp_tg_restrict() gives it the group's 256, and CPU 4 settles
 * at the OPP of that clamp (derived_khz(): 450 MHz, the efficient 816 MHz), far below the
 * 1.8 GHz the same task reaches in the root group.
 */
static const char bg_fmt[] =
	"{ \"platform\": \"rk3399\", \"duration\": \"%ds\", \"seed\": 1,\n"
	"  \"kernel\": { \"cgroups\": { \"/background\": { \"uclamp.max\": \"25\" } } },\n"
	"  \"workload\": { \"global\": { \"calibration\": \"CPU4\" }, \"tasks\": {\n"
	"    \"bg\": { %s\"cpus\": [%d], \"run\": 100000 } } } }";

static double run_bg(const char *taskgroup, uint32_t khz, capsim_summary **sum)
{
	char text[1024];

	snprintf(text, sizeof(text), bg_fmt, DURATION_S, taskgroup, CPU);
	return run_text_share(text, "rk3399-background.json", khz, sum);
}

static void test_background_group(void **state)
{
	const uint32_t clamp = clamp_of_hundredths(25 * 100); /* "25": 256 */
	const uint32_t khz = derived_khz(clamp), top = derived_khz(SCALE);
	capsim_summary *bg = NULL, *root = NULL;
	double share_bg, share_root;

	(void)state;
	assert_int_equal(clamp, 256);
	assert_true(khz < top);
	share_bg = run_bg("\"taskgroup\": \"/background\", ", khz, &bg);
	share_root = run_bg("", top, &root);
	print_message("/background (uclamp.max 25 %%: %u): %.1f%% of CPU %d's settled time at %u "
		      "kHz, %.4f J; the root group: %.1f%% at %u kHz, %.4f J\n", clamp, 100 * share_bg,
		      CPU, khz, bg->energy_j, 100 * share_root, top, root->energy_j);
	assert_true(share_bg > 0.99);
	assert_true(share_root > 0.99);
	assert_true(bg->energy_j < root->energy_j);
	capsim_summary_free(bg);
	capsim_summary_free(root);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bucket_rule),
		cmocka_unit_test(test_bucket_keeps_max),
		cmocka_unit_test(test_rk3399_two_clamps),
		cmocka_unit_test(test_percent),
		cmocka_unit_test(test_tg_eff),
		cmocka_unit_test(test_background_group),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
