// SPDX-License-Identifier: MIT
/*
 * test_sim_pressure.c - tests src/sim/sim_pressure.c through whole simulated runs: for each shipped
 * scenario, the metric it exists for moves the way the series claims between the models; the
 * RK3399 408 MHz Must-show, also on held-out caps and workloads; the capped model's misfit;
 * determinism. Expected directions are derived in the comments from the platforms' numbers.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "sim/pressure_metrics.h"
#include "input/scenario.h"
#include "input/scenario_timeline.h"
#include "sim/sim.h"
#include "sim/sim_pressure.h"
#include "model/fair.h"
#include "model/thermal.h"

#define SCN(name) CAPSIM_SOURCE_DIR "/scenarios/" name

struct run {
	struct capsim_sim *sim;
	struct sim_result res;
};

static void run_scenario(struct capsim_scenario *sc, enum capsim_model m, uint64_t duration_ns,
			 struct run *r)
{
	capsim_error err = { 0 };

	sc->opt.model = m;
	sc->opt.pressure_metrics = 1; /* as capsim compare asks */
	if (duration_ns)
		sc->opt.duration_ns = duration_ns;
	if (scenario_build(sc, NULL, NULL, &r->sim, &err) || sim_run(r->sim, &err))
		fail_msg("%s", err.msg);
	assert_int_equal(sim_result_build(r->sim, &r->res), 0);
}

static struct capsim_scenario *load(const char *path)
{
	struct capsim_scenario *sc;
	capsim_error err = { 0 };

	if (scenario_load(path, &sc, &err) || scenario_finish_timeline(sc, NULL, &err))
		fail_msg("%s", err.msg);
	return sc;
}

static void release(struct run *r)
{
	sim_result_free(&r->res);
	sim_free(r->sim);
}

/* % of task @name's runtime on the CPUs of the policy whose first CPU is @pcpu */
static double share(const struct run *r, const char *name, unsigned pcpu)
{
	const struct capsim_platform *p = r->sim->plat;
	int pol = platform_find_policy(p, pcpu);
	uint64_t on = 0, all = 0;

	assert_true(pol >= 0);
	for (unsigned i = 0; i < r->res.nr_tasks; i++) {
		const struct sim_task_result *t = &r->res.tasks[i];

		if (strcmp(t->name, name))
			continue;
		for (unsigned k = 0; k < t->stats->nr_by_cpu; k++) {
			all += cpu_time_ns(t->stats, k);
			if (capsim_cpumask_test(&p->policies[pol].related_cpus,
						cpu_time_cpu(t->stats, k)))
				on += cpu_time_ns(t->stats, k);
		}
	}
	assert_true(all > 0);
	return 100.0 * (double)on / (double)all;
}

static double err_of(const struct run *r)
{
	return pm_mean_abs_err_all(sim_pressure_metrics(r->sim));
}

/*
 * RK3399, big policy capped to @cap_khz from the start, a uclamp_min = 1024 task: the big CPUs'
 * actual capacity is 1024 * cap / 1800000 (408 MHz: 232; 600 MHz: 341), below the little
 * CPUs' 381. v6.10 ranks the -1 CPUs by actual capacity: the task runs on the littles. v6.9
 * sees no pressure from a scaling_max_freq cap: the bigs fit (1024 <= 1024 - 0) and it runs
 * there.
 */
static void check_rk3399(const char *scenario_text, const char *label)
{
	struct capsim_scenario *sc;
	capsim_error err = { 0 };
	struct run v610, v69;

	if (scenario_parse(scenario_text, strlen(scenario_text), label, CAPSIM_SOURCE_DIR "/scenarios",
			   &sc, &err) || scenario_finish_timeline(sc, NULL, &err))
		fail_msg("%s", err.msg);
	run_scenario(sc, CAPSIM_MODEL_V6_10, 0, &v610);
	run_scenario(sc, CAPSIM_MODEL_V6_9, 0, &v69);
	if (!(share(&v610, "ui", 0) > 80.0 && share(&v69, "ui", 4) > 80.0))
		fail_msg("%s: v6.10 little share %.1f%%, v6.9 big share %.1f%%", label,
			 share(&v610, "ui", 0), share(&v69, "ui", 4));
	release(&v610);
	release(&v69);
	scenario_free(sc);
}

static void test_rk3399_must_show(void **state)
{
	struct capsim_scenario *sc = load(SCN("rk3399-uclamp-ui.json"));
	struct run v610, v69;

	run_scenario(sc, CAPSIM_MODEL_V6_10, 5 * NSEC_PER_SEC, &v610);
	run_scenario(sc, CAPSIM_MODEL_V6_9, 5 * NSEC_PER_SEC, &v69);
	assert_true(share(&v610, "ui", 0) > 80.0);
	assert_true(share(&v69, "ui", 4) > 80.0);
	/* the boost shortfall: 1024 - 381 on a little, 1024 - 232 on a big */
	assert_true(pm_mean_shortfall(sim_pressure_metrics(v610.sim)) <
		    pm_mean_shortfall(sim_pressure_metrics(v69.sim)));
	release(&v610);
	release(&v69);
	scenario_free(sc);
}

static void test_rk3399_held_out(void **state)
{
	/* another cap (600 MHz: 341 < 381), another task (30 Hz, 5 ms, a second boosted task),
	 * and a cap set by an event instead of from the start */
	static const char tmpl[] =
		"{\"platform\": \"rk3399\", \"duration\": \"4s\", \"seed\": 3, %s"
		" \"workload\": {\"global\": {\"duration\": 4, \"calibration\": \"CPU4\"},"
		"  \"tasks\": {\"ui\": {\"util_min\": 1024, \"run\": %d,"
		"   \"timer\": {\"ref\": \"unique\", \"period\": %d}},"
		"   \"other\": {\"util_min\": %d, \"run\": 1500, \"timer\": {\"ref\": \"unique\","
		"   \"period\": 20000}}}}}";
	char text[1024];

	snprintf(text, sizeof(text), tmpl, "\"caps\": {\"policy4\": \"600MHz\"},", 5000, 33333, 900);
	check_rk3399(text, "rk3399 600 MHz, 30 Hz");
	snprintf(text, sizeof(text), tmpl,
		 "\"events\": [{\"at\": 0, \"max_freq\": {\"policy\": \"policy4\", \"khz\": 408000}}],",
		 1000, 10000, 1024);
	check_rk3399(text, "rk3399 408 MHz by event, 100 Hz");
}

static void test_pixel6_user_cap(void **state)
{
	struct capsim_scenario *sc = load(SCN("pixel6-user-cap.json"));
	struct run v610, v69;

	/* X1 capped to 1.2 GHz at 2 s: 1024 * 1200000 / 2802000 = 438 < the mids' 498. v6.9's
	 * belief stays 1024 (an error of 586 on two CPUs for 80 % of the run); 6.10's is exact.
	 * The boosted UI thread leaves the X1 for the mids under 6.10 only. */
	run_scenario(sc, CAPSIM_MODEL_V6_10, 0, &v610);
	run_scenario(sc, CAPSIM_MODEL_V6_9, 0, &v69);
	assert_true(err_of(&v610) < 1.0);
	assert_true(err_of(&v69) > 100.0);
	assert_true(share(&v610, "ui", 4) > 50.0);
	assert_true(share(&v69, "ui", 6) > 90.0);
	assert_true(sim_pressure_metrics(v610.sim)->misfit_placements <
		    sim_pressure_metrics(v69.sim)->misfit_placements);
	release(&v610);
	release(&v69);
	scenario_free(sc);
}

static void test_hikey960_ipa(void **state)
{
	struct capsim_scenario *sc = load(SCN("hikey960-game-ipa.json"));
	struct run v610, v69;
	const struct pressure_metrics *pm;

	/* IPA caps the big cluster for part of the run (the zone passes 75 C); 6.10's cpufreq
	 * pressure follows each cap at once (error 0), v6.9's PELT-averaged thermal pressure lags
	 * every change, and keeps believing in pressure after a cap lifts */
	run_scenario(sc, CAPSIM_MODEL_V6_10, 0, &v610);
	run_scenario(sc, CAPSIM_MODEL_V6_9, 0, &v69);
	pm = sim_pressure_metrics(v610.sim);
	assert_true(pm->cpus[4].capped_ns > 0);
	assert_true(sim_thermal_zone_temp(v610.sim, 0) > 70000);
	assert_true(err_of(&v610) < 0.5);
	assert_true(err_of(&v69) > err_of(&v610) + 1.0);
	assert_true(sim_pressure_metrics(v69.sim)->cpus[4].pressure_ns > pm->cpus[4].capped_ns);
	assert_true(pm->cpus[4].pressure_ns == pm->cpus[4].capped_ns);
	release(&v610);
	release(&v69);
	scenario_free(sc);
}

static void test_rb5_lmh(void **state)
{
	struct capsim_scenario *sc = load(SCN("rb5-lmh-bursts.json"));
	struct run v610, v69;

	/* the cooling device holds the bigs at 457; each LMh burst end writes thermal pressure 0
	 * in v6.9 (last writer wins): v6.9 believes 801 most of the time, an error of 344 on 3 of
	 * 8 CPUs; 6.10 keeps the cap as cpufreq pressure and only the burst itself is averaged */
	run_scenario(sc, CAPSIM_MODEL_V6_10, 0, &v610);
	run_scenario(sc, CAPSIM_MODEL_V6_9, 0, &v69);
	assert_true(err_of(&v69) > 2.0 * err_of(&v610));
	assert_true(err_of(&v69) > 60.0);
	release(&v610);
	release(&v69);
	scenario_free(sc);
}

static void test_capped_misfit(void **state)
{
	/* a UI thread that saturates the capped X1 (7 ms of 2.8 GHz work per 16.7 ms frame:
	 * 16.4 ms at 1.2 GHz): 6.10 never marks it misfit (it is on the CPU of the highest
	 * arch capacity, update_misfit_status()); the capped model lowers the X1's capacity to 438
	 * after 1 s, the mids (498) become bigger, and misfit migration moves it there */
	struct capsim_scenario *sc = load(SCN("pixel6-user-cap.json"));
	struct run v610, capped;

	free(sc->workload_path);
	sc->workload_path = NULL;
	sc->workload_text = strdup(
		"{\"global\": {\"duration\": 10, \"calibration\": \"CPU6\"}, \"tasks\": {\"ui\": "
		"{\"util_min\": 768, \"priority\": -10, \"run\": 7000, \"timer\": {\"ref\": \"unique\","
		" \"period\": 16667}}}}");
	run_scenario(sc, CAPSIM_MODEL_V6_10, 0, &v610);
	run_scenario(sc, CAPSIM_MODEL_CAPPED, 0, &capped);
	assert_true(share(&capped, "ui", 4) > 50.0);
	assert_true(share(&v610, "ui", 6) > 90.0);
	assert_true(capped.res.tasks[0].deadline_misses < v610.res.tasks[0].deadline_misses);
	release(&v610);
	release(&capped);
	scenario_free(sc);
}

static void test_deterministic(void **state)
{
	struct capsim_scenario *sc = load(SCN("rb5-lmh-bursts.json"));
	struct run a, b;

	run_scenario(sc, CAPSIM_MODEL_V6_9, 3 * NSEC_PER_SEC, &a);
	run_scenario(sc, CAPSIM_MODEL_V6_9, 3 * NSEC_PER_SEC, &b);
	assert_true(err_of(&a) == err_of(&b));
	assert_true(a.res.energy_j == b.res.energy_j);
	assert_int_equal(a.res.events, b.res.events);
	assert_memory_equal(sim_pressure_metrics(a.sim)->cpus, sim_pressure_metrics(b.sim)->cpus,
			    a.sim->nr_cpus * sizeof(struct pm_cpu));
	release(&a);
	release(&b);
	scenario_free(sc);
}

/*
 * The cpufreq cooling device's load: get_load() (cpufreq_cooling.c, CONFIG_SMP) is
 * sched_cpu_util(cpu) * 100 / arch_scale_cpu_capacity(cpu), and sched_cpu_util() is
 * effective_cpu_util(cpu, cpu_util_cfs(cpu), NULL, NULL) (fair.c, 6.12): the CFS util raised to
 * its util_est, plus RT and DL, the IRQ share scaled in, at most the capacity. Derived here
 * from those formulas on a state written into hikey960's big CPU4 (capacity 1024): capsim used
 * min(util_cfs + util_rt, capacity) = 400 before, without util_est, DL or IRQ.
 */
static void test_cooling_load_is_sched_cpu_util(void **state)
{
	struct capsim_scenario *sc = load(SCN("hikey960-game-ipa.json"));
	struct run r;
	struct fair_cpu *v;
	struct thermal_cpu_input in;
	uint64_t cfs, util, scale;

	run_scenario(sc, CAPSIM_MODEL_V6_10, 100 * NSEC_PER_MSEC, &r);
	v = &r.sim->view[4];
	scale = v->arch_cap;
	assert_int_equal(scale, 1024);
	v->cfs_avg.util_avg = 300;
	v->util_est_cfs = 500;
	v->avg_rt.util_avg = 100;
	v->avg_dl.util_avg = 50;
	v->util_irq = 100;
	cfs = v->util_est_cfs > v->cfs_avg.util_avg ? v->util_est_cfs
						    : v->cfs_avg.util_avg;	/* cpu_util_cfs() */
	util = cfs + v->avg_rt.util_avg + v->avg_dl.util_avg;		/* 650 < scale */
	util = util * (scale - v->util_irq) / scale + v->util_irq;  /* scale_irq_capacity() + irq */
	in = sim_thermal_cpu_input(r.sim, 4);
	assert_int_equal(in.util, util);                  /* 650 * 924 / 1024 + 100 = 686 */
	assert_int_equal(in.capacity, scale);
	assert_int_equal(in.util * 100 / in.capacity, 66); /* get_load(): 68600 / 1024 */
	/* saturated: the sum at or above the capacity is the capacity */
	v->util_est_cfs = 900;
	assert_int_equal(sim_thermal_cpu_input(r.sim, 4).util, scale);
	release(&r);
	scenario_free(sc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rk3399_must_show),
		cmocka_unit_test(test_rk3399_held_out),
		cmocka_unit_test(test_pixel6_user_cap),
		cmocka_unit_test(test_hikey960_ipa),
		cmocka_unit_test(test_rb5_lmh),
		cmocka_unit_test(test_capped_misfit),
		cmocka_unit_test(test_deterministic),
		cmocka_unit_test(test_cooling_load_is_sched_cpu_util),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
