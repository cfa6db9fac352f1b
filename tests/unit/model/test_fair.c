// SPDX-License-Identifier: MIT
/*
 * test_fair.c - tests src/model/fair.c, the kernel's wake-up placement functions, on hand-built CPU
 * states: one test per kernel quirk listed in data/placement-golden/README.md ("Kernel quirks
 * found"), plus the utilization helpers. Every expected value is derived in a comment from the
 * kernel's formulas, never copied from capsim's output.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "model/fair.h"

/* RK3399 EM from data/placement-golden (perf = arch*kHz/fmax, cost = 10*P/perf). */
static const uint64_t little_perf[] = { 109, 161, 219, 271, 322, 381 };
static const uint64_t little_cost[] = { 2547, 2536, 2692, 3182, 3726, 4703 };
static const uint64_t big_perf[] = { 232, 341, 464, 573, 682, 805, 914, 1024 };
static const uint64_t big_cost[] = { 5218, 5221, 5218, 5872, 6923, 8057, 9281, 11036 };

struct rig {
	struct fair_cpu cpus[8];
	struct em_perf_state states[2][8];
	struct em_perf_domain pds[2];
	unsigned order[2];
	struct fair_rd rd;
	struct fair_task p;
	struct feec_trace trace;
};

static void set_table(struct rig *r, unsigned pd, const uint64_t *perf, const uint64_t *cost,
		      unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		r->states[pd][i].performance = perf[i];
		r->states[pd][i].cost = cost[i];
		/* em_compute_costs(): inefficient when cost >= the lowest cost above it */
		r->states[pd][i].flags = 0;
		for (unsigned k = i + 1; k < n; k++)
			if (cost[i] >= cost[k])
				r->states[pd][i].flags = EM_PERF_STATE_INEFFICIENT;
	}
	r->pds[pd].table = r->states[pd];
	r->pds[pd].nr_perf_states = n;
	r->pds[pd].flags = EM_PERF_DOMAIN_SKIP_INEFFICIENCIES;
}

static void idle_cpu(struct fair_cpu *c, uint64_t arch)
{
	memset(c, 0, sizeof(*c));
	c->arch_cap = c->capacity_of = arch;
	c->idle = c->uclamp_idle = true;
	c->uclamp_max_rq = 1024;
}

static void task(struct rig *r, uint64_t util, int prev)
{
	memset(&r->p, 0, sizeof(r->p));
	r->p.util = r->p.runnable = util;
	r->p.uclamp_max = 1024;
	r->p.prev_cpu = prev;
	for (unsigned c = 0; c < r->rd.nr_cpus; c++)
		capsim_cpumask_set(&r->p.allowed, c);
}

static void link_rd(struct rig *r, unsigned nr_cpus, unsigned nr_pds)
{
	r->rd = (struct fair_rd){ .model = CAPSIM_MODEL_V6_10, .uclamp_used = true,
				  .nr_cpus = nr_cpus, .cpus = r->cpus, .nr_pds = nr_pds,
				  .pds = r->pds, .pd_order = r->order };
}

/* RK3399 at rest: CPUs 0-3 little (381), 4-5 big (1024), rd->pd = [1, 0], uclamp in use. */
static void rk3399(struct rig *r)
{
	memset(r, 0, sizeof(*r));
	for (unsigned c = 0; c < 6; c++) {
		idle_cpu(&r->cpus[c], c < 4 ? 381 : 1024);
		capsim_cpumask_set(&r->pds[c < 4 ? 0 : 1].cpus, c);
	}
	set_table(r, 0, little_perf, little_cost, 6);
	set_table(r, 1, big_perf, big_cost, 8);
	r->order[0] = 1;
	r->order[1] = 0;
	link_rd(r, 6, 2);
	task(r, 100, 0);
}

/* A trace's fits call for @cpu (fails the test if there is none). */
static const struct feec_fits_call *fits_call(const struct feec_trace *t, int cpu)
{
	for (unsigned i = 0; i < t->nr_fits; i++)
		if (t->fits[i].cpu == cpu)
			return &t->fits[i];
	fail_msg("no util_fits_cpu call for CPU%d", cpu);
	return NULL;
}

/*
 * Quirk 1: uclamp values carry over inside a pd. CPU0 is busy with rq uclamp_min 1024; CPUs
 * 1-3 are uclamp-idle, so feec does not refresh util_min for them and they inherit 1024:
 * util 50 < 1024 and 1024 > actual 381 -> -1. Standalone (task clamps 0/1024) they fit: 1.
 * The big pd comes first in rd->pd with the task's clamps: CPU4 fits 1 > prev CPU2's -1 -> 4.
 */
static void test_quirk1_rq_clamp_carry_over(void **state)
{
	struct rig r;

	rk3399(&r);
	r.cpus[0].idle = r.cpus[0].uclamp_idle = false;
	r.cpus[0].uclamp_min_rq = 1024;
	r.cpus[0].cfs_avg.util_avg = 100;
	task(&r, 50, 2);
	assert_int_equal(util_fits_cpu(&r.rd, 50, 0, 1024, 1), 1);
	assert_int_equal(find_energy_efficient_cpu(&r.rd, &r.p, &r.trace), 4);
	for (int c = 1; c <= 3; c++) {
		assert_int_equal(fits_call(&r.trace, c)->uclamp_min, 1024);
		assert_int_equal(fits_call(&r.trace, c)->fits, -1);
	}
	/* with CPU0's rq clamp back to 0 nothing carries over: CPU2 fits 1 */
	r.cpus[0].uclamp_min_rq = 0;
	find_energy_efficient_cpu(&r.rd, &r.p, &r.trace);
	assert_int_equal(fits_call(&r.trace, 2)->fits, 1);
}

/*
 * Quirk 2 (and 11): feec returns a prev_cpu that is not allowed. allowed = {1}, prev = 4,
 * util 600: 600*1280 = 768000 >= 381*1024 = 390144 and uclamp_max 1024 > 381 -> CPU1 fits 0,
 * so no candidate and no energy call; best_energy_cpu is never read: prev 4 comes back.
 */
static void test_quirk2_prev_not_allowed(void **state)
{
	struct rig r;

	rk3399(&r);
	task(&r, 600, 4);
	memset(&r.p.allowed, 0, sizeof(r.p.allowed));
	capsim_cpumask_set(&r.p.allowed, 1);
	assert_int_equal(find_energy_efficient_cpu(&r.rd, &r.p, &r.trace), 4);
	assert_int_equal(r.trace.nr_calls, 0);
	assert_int_equal(r.trace.exit, FEEC_EXIT_COMPLETE);
	assert_int_equal(select_idle_capacity(&r.rd, &r.p, 4, SIS_NO_SHARED), 1); /* the only idle allowed CPU */
	/* an empty mask (a golden case may carry one): no idle CPU, no candidate, prev */
	memset(&r.p.allowed, 0, sizeof(r.p.allowed));
	assert_int_equal(select_idle_capacity(&r.rd, &r.p, 4, SIS_NO_SHARED), -1);
	assert_int_equal(find_energy_efficient_cpu(&r.rd, &r.p, &r.trace), 4);
	assert_int_equal(r.trace.nr_fits, 0);
}

/*
 * Quirk 3: the pd list order decides ties. Two identical pds {0,1} and {2,3} (cap 381, little
 * EM), all idle; prev 0 is not allowed, allowed = {1, 2}. Both candidates have the same delta,
 * and a later pd needs a strictly lower delta: the first pd in rd->pd wins.
 */
static void test_quirk3_pd_order(void **state)
{
	struct rig r;

	memset(&r, 0, sizeof(r));
	for (unsigned c = 0; c < 4; c++) {
		idle_cpu(&r.cpus[c], 381);
		capsim_cpumask_set(&r.pds[c / 2].cpus, c);
	}
	set_table(&r, 0, little_perf, little_cost, 6);
	set_table(&r, 1, little_perf, little_cost, 6);
	link_rd(&r, 4, 2);
	task(&r, 100, 0);
	memset(&r.p.allowed, 0, sizeof(r.p.allowed));
	capsim_cpumask_set(&r.p.allowed, 1);
	capsim_cpumask_set(&r.p.allowed, 2);
	r.order[0] = 1;
	r.order[1] = 0;
	assert_int_equal(find_energy_efficient_cpu(&r.rd, &r.p, NULL), 2);
	r.order[0] = 0;
	r.order[1] = 1;
	assert_int_equal(find_energy_efficient_cpu(&r.rd, &r.p, NULL), 1);
}

/*
 * Quirk 4: strict comparisons. RK3399 idle, task util 100, prev 2. In pd0 CPUs 0, 1, 3 and prev
 * all have spare 381 - 100 = 281: CPU0 (lowest) is the max-spare CPU but 281 > 281 fails, so it
 * is never evaluated. pd1: CPU4 (spare 924) is. Energies (max_util 100*1.25 = 125):
 *   big:    skip 232/341 (inefficient) -> 464, cost 5218 * busy 100 = 521800
 *   little: first perf >= 125 is 161, cost 2536 * 100 = 253600 -> prev keeps (not strictly less).
 */
static void test_quirk4_strict_ties(void **state)
{
	struct rig r;

	rk3399(&r);
	task(&r, 100, 2);
	assert_int_equal(find_energy_efficient_cpu(&r.rd, &r.p, &r.trace), 2);
	assert_int_equal(r.trace.nr_calls, 4); /* pd1 base, CPU4, pd0 base, prev 2: no CPU0 */
	assert_int_equal(r.trace.calls[1].dst_cpu, 4);
	assert_int_equal(r.trace.calls[1].energy, 521800);
	assert_int_equal(r.trace.calls[3].dst_cpu, 2);
	assert_int_equal(r.trace.calls[3].energy, 253600);

	/* all energies 0 (util 0, boost 200: busy_time 0 -> em_cpu_energy 0): prev 5 stays */
	task(&r, 0, 5);
	r.p.uclamp_min = 200;
	assert_int_equal(find_energy_efficient_cpu(&r.rd, &r.p, &r.trace), 5);
	for (unsigned i = 0; i < r.trace.nr_calls; i++)
		assert_int_equal(r.trace.calls[i].energy, 0);
}

/* One pd {0,1}, arch 200, two states: perf 100 cost 10, perf 200 cost 30. */
static void two_state_pd(struct rig *r)
{
	static const uint64_t perf[] = { 100, 200 }, cost[] = { 10, 30 };

	memset(r, 0, sizeof(*r));
	idle_cpu(&r->cpus[0], 200);
	idle_cpu(&r->cpus[1], 200);
	capsim_cpumask_set(&r->pds[0].cpus, 0);
	capsim_cpumask_set(&r->pds[0].cpus, 1);
	set_table(r, 0, perf, cost, 2);
	link_rd(r, 2, 1);
}

/*
 * Quirk 5: the "utilization changed" exit without a race. prev CPU0 is uclamp-idle with blocked
 * util 120 (20 of it p's), p util 20, uclamp_max 50.
 *   base: CPU0 util 120 - 20 = 100 -> perf 100*1.25 = 125 -> state 200, cost 30, busy 100: 3000
 *   prev: util 120, rq idle so max = p's 50: min(150, 50) = 50 -> state 100, cost 10,
 *         busy 100 + 20 = 120: 1200 < 3000 -> return prev at once.
 */
static void test_quirk5_util_changed_exit(void **state)
{
	struct rig r;

	two_state_pd(&r);
	r.cpus[0].cfs_avg.util_avg = r.cpus[0].cfs_avg.runnable_avg = 120;
	task(&r, 20, 0);
	r.p.uclamp_max = 50;
	assert_int_equal(find_energy_efficient_cpu(&r.rd, &r.p, &r.trace), 0);
	assert_int_equal(r.trace.exit, FEEC_EXIT_UTIL_CHANGED);
	assert_int_equal(r.trace.nr_calls, 2);
	assert_int_equal(r.trace.calls[0].max_util, 125);
	assert_int_equal(r.trace.calls[0].energy, 3000);
	assert_int_equal(r.trace.calls[1].max_util, 50);
	assert_int_equal(r.trace.calls[1].busy_time, 120);
	assert_int_equal(r.trace.calls[1].energy, 1200);
}

/*
 * Quirk 6: the pd's first CPU's capacity stands for the whole pd. CPU0 busy util 150, prev 1.
 * Pressure 150 on CPU1 only: cpu_cap = 200 (CPU0's), base max_util 150*1.25 = 187 -> state 200,
 * cost 30 * busy 150 = 4500. Pressure on CPU0 only: cpu_cap = 50, pd_cap 100: max_util
 * min(187, 50) = 50 -> state 100, cost 10 * busy min(100, 150) = 1000.
 */
static void test_quirk6_first_cpu_capacity(void **state)
{
	struct rig r;

	two_state_pd(&r);
	r.cpus[0].cfs_avg.util_avg = 150;
	r.cpus[0].idle = false;
	r.cpus[1].hw_load_avg = 150;
	task(&r, 10, 1);
	find_energy_efficient_cpu(&r.rd, &r.p, &r.trace);
	assert_int_equal(r.trace.calls[0].max_util, 187);
	assert_int_equal(r.trace.calls[0].energy, 4500);

	r.cpus[1].hw_load_avg = 0;
	r.cpus[0].hw_load_avg = 150;
	find_energy_efficient_cpu(&r.rd, &r.p, &r.trace);
	assert_int_equal(r.trace.calls[0].max_util, 50);
	assert_int_equal(r.trace.calls[0].busy_time, 100);
	assert_int_equal(r.trace.calls[0].energy, 1000);
}

/*
 * Quirk 7: select_idle_capacity ranks -1 CPUs by actual capacity, 0 CPUs by capacity_of, and
 * any -1 beats any 0. Task util 300, uclamp_min 400. CPU0: 300*1280 = 384000 < 381*1024 = 390144
 * fits, but 400 > 381 -> -1 (actual 381). CPU1: -1, actual 381 - 81 = 300. CPU4: capacity_of
 * 300: 384000 >= 307200 and no uclamp_max shortcut at 1024 -> 0. CPUs 2, 3, 5 busy.
 * From target 1: CPU1 (-1, 300), CPU4 (0: not better), CPU0 (-1, 381 > 300) -> 0.
 */
static void test_quirk7_idle_ranking(void **state)
{
	struct rig r;

	rk3399(&r);
	r.cpus[1].hw_load_avg = 81;
	r.cpus[4].capacity_of = 300;
	r.cpus[2].idle = r.cpus[3].idle = r.cpus[5].idle = false;
	task(&r, 300, 1);
	r.p.uclamp_min = 400;
	assert_int_equal(util_fits_cpu(&r.rd, 300, 400, 1024, 4), 0);
	assert_int_equal(select_idle_capacity(&r.rd, &r.p, 1, SIS_NO_SHARED), 0);
	r.cpus[0].idle = false; /* then CPU1's -1 still beats CPU4's 0 */
	assert_int_equal(select_idle_capacity(&r.rd, &r.p, 1, SIS_NO_SHARED), 1);
	r.cpus[1].idle = false; /* only a 0 CPU left */
	assert_int_equal(select_idle_capacity(&r.rd, &r.p, 1, SIS_NO_SHARED), 4);
	r.cpus[4].idle = false; /* nothing idle */
	assert_int_equal(select_idle_capacity(&r.rd, &r.p, 1, SIS_NO_SHARED), -1);
}

/* select_idle_capacity visits target..n-1 then 0..target-1: the first full fit wins. */
static void test_idle_wrap_order(void **state)
{
	struct rig r;

	rk3399(&r);
	task(&r, 100, 3);
	r.cpus[3].idle = false;
	assert_int_equal(select_idle_capacity(&r.rd, &r.p, 3, SIS_NO_SHARED), 4);
	r.cpus[4].idle = r.cpus[5].idle = false;
	assert_int_equal(select_idle_capacity(&r.rd, &r.p, 3, SIS_NO_SHARED), 0);
	r.cpus[5].sched_idle = true; /* SCHED_IDLE-only counts as idle */
	assert_int_equal(select_idle_capacity(&r.rd, &r.p, 3, SIS_NO_SHARED), 5);
}

/*
 * Quirk 8: util_fits_cpu special cases.
 *  a) 1024 CPU: util 900 (1152000 >= 1048576) fits only via a cap below 1024: max 1024 -> 0,
 *     max 1023 (<= 1024) -> 1.
 *  b) min > max: min(800, 300) = 300 <= 381 -> 1 (via the cap shortcut); with actual 250
 *     (pressure 131) 300 > 250 and util 100 < 300 -> -1.
 *  c) the plain fit uses capacity_of: 90*1280 = 115200 >= 100*1024 -> 0 without uclamp,
 *     and never -1 without uclamp.
 */
static void test_quirk8_util_fits_cpu(void **state)
{
	struct rig r;

	rk3399(&r);
	assert_int_equal(util_fits_cpu(&r.rd, 900, 0, 1024, 4), 0);
	assert_int_equal(util_fits_cpu(&r.rd, 900, 0, 1023, 4), 1);
	assert_int_equal(util_fits_cpu(&r.rd, 100, 800, 300, 0), 1);
	r.cpus[0].cpufreq_pressure = 131;
	assert_int_equal(util_fits_cpu(&r.rd, 100, 800, 300, 0), -1);
	assert_int_equal(util_fits_cpu(&r.rd, 300, 800, 300, 0), 1); /* util not below 300 */
	r.cpus[1].capacity_of = 100;
	r.rd.uclamp_used = false;
	assert_int_equal(util_fits_cpu(&r.rd, 90, 0, 1024, 1), 0);
	assert_int_equal(util_fits_cpu(&r.rd, 50, 1024, 1024, 0), 1);
	r.rd.uclamp_used = true;
	assert_int_equal(util_fits_cpu(&r.rd, 90, 0, 381, 1), 1); /* cap shortcut, pressure or not */
}

/*
 * Quirk 9: the task's busy time comes from prev_cpu. prev irq 100: 200*(381-100)/381 =
 * 56200/381 = 147. prev irq >= 381: busy time = prev's arch capacity 381 whatever the task.
 */
static void test_quirk9_task_busy_time(void **state)
{
	struct energy_env eenv;
	struct rig r;

	rk3399(&r);
	task(&r, 200, 0);
	r.cpus[0].util_irq = 100;
	eenv_task_busy_time(&r.rd, &eenv, &r.p, 0);
	assert_int_equal(eenv.task_busy_time, 147);
	r.cpus[0].util_irq = 400;
	eenv_task_busy_time(&r.rd, &eenv, &r.p, 0);
	assert_int_equal(eenv.task_busy_time, 381);
}

/*
 * Quirk 10: EM details. RK3399 big: 408 MHz (cost 5218) and 600 MHz (5221) are inefficient
 * (5218 >= 5218 of 816 MHz). With skipping, utils 0..464 map to index 2 (perf 464); without,
 * 100 maps to index 0. Beyond the top: the last state. energy = cost * sum_util, 0 if idle,
 * max_util capped at the allowed capacity first.
 */
static void test_quirk10_energy_model(void **state)
{
	struct rig r;

	rk3399(&r);
	assert_true(r.states[1][0].flags && r.states[1][1].flags && !r.states[1][2].flags);
	assert_int_equal(em_pd_get_efficient_state(r.states[1], 8, 100, r.pds[1].flags), 2);
	assert_int_equal(em_pd_get_efficient_state(r.states[1], 8, 232, r.pds[1].flags), 2);
	assert_int_equal(em_pd_get_efficient_state(r.states[1], 8, 465, r.pds[1].flags), 3);
	assert_int_equal(em_pd_get_efficient_state(r.states[1], 8, 100, 0), 0);
	assert_int_equal(em_pd_get_efficient_state(r.states[1], 8, 5000, 0), 7);
	assert_int_equal(em_cpu_energy(&r.pds[1], 900, 0, 1024), 0);
	/* 900 capped to 300 -> perf >= 300, skipping 341 -> 464: 5218 * 10 */
	assert_int_equal(em_cpu_energy(&r.pds[1], 900, 10, 300), 52180);
	assert_int_equal(em_cpu_energy(&r.pds[1], 900, 10, 1024), 9281 * 10);
}

/*
 * cpu_util(): util_cfs 100 (incl. p's 30), runnable 150, util_est 80 on prev CPU0; p util 30,
 * runnable 40, util_est 50 with UTIL_AVG_UNCHANGED.
 *   (0,p,-1,0): 100-30 = 70, util_est 80 (p not queued: not removed) -> 80
 *   (0,p, 0,0): 100, util_est 80+50 = 130 -> 130
 *   (0,p,-1,1): max(70, 150-40 = 110) = 110 -> 110
 *   (1,p, 1,0): 0+30, util_est 0+50 -> 50 ; util over capacity is clamped to arch 381.
 */
static void test_cpu_util(void **state)
{
	struct rig r;

	rk3399(&r);
	r.cpus[0].cfs_avg.util_avg = 100;
	r.cpus[0].cfs_avg.runnable_avg = 150;
	r.cpus[0].util_est_cfs = 80;
	task(&r, 30, 0);
	r.p.runnable = 40;
	r.p.util_est = 50 | UTIL_AVG_UNCHANGED;
	assert_int_equal(task_util_est(&r.p), 50);
	assert_int_equal(cpu_util(&r.rd, 0, &r.p, -1, 0), 80);
	assert_int_equal(cpu_util(&r.rd, 0, &r.p, 0, 0), 130);
	assert_int_equal(cpu_util(&r.rd, 0, &r.p, -1, 1), 110);
	assert_int_equal(cpu_util(&r.rd, 1, &r.p, 1, 0), 50);
	assert_int_equal(cpu_util(&r.rd, 1, NULL, -1, 0), 0);
	r.cpus[2].cfs_avg.util_avg = 1100;
	assert_int_equal(cpu_util(&r.rd, 2, &r.p, -1, 0), 381);
}

/*
 * effective_cpu_util(): irq 10, dl running_bw 2^18 -> 256, util cfs 100 + rt 50 + dl 30 = 180:
 * 180*(381-10)/381 = 66780/381 = 175, + irq = 185; min = 10 + 256 = 266; max = min(381, 1024).
 * irq >= scale -> everything is scale. No uclamp and RT runnable -> min = scale.
 */
static void test_effective_cpu_util(void **state)
{
	struct rig r;
	uint64_t min, max;

	rk3399(&r);
	r.cpus[0].util_irq = 10;
	r.cpus[0].dl_running_bw = 1u << 18;
	r.cpus[0].avg_rt.util_avg = 50;
	r.cpus[0].avg_dl.util_avg = 30;
	assert_int_equal(effective_cpu_util(&r.rd, 0, 100, &min, &max), 185);
	assert_int_equal(min, 266);
	assert_int_equal(max, 381);
	r.rd.uclamp_used = false;
	r.cpus[0].rt_nr_running = 1;
	effective_cpu_util(&r.rd, 0, 100, &min, NULL);
	assert_int_equal(min, 381);
	r.cpus[0].util_irq = 381;
	assert_int_equal(effective_cpu_util(&r.rd, 0, 0, &min, &max), 381);
	assert_int_equal(min, 381);
	assert_int_equal(max, 381);
	/* sugov: 100 -> 125 headroom; a min above wins; a max below caps */
	assert_int_equal(sugov_effective_cpu_perf(100, 0, 1024), 125);
	assert_int_equal(sugov_effective_cpu_perf(100, 300, 1024), 300);
	assert_int_equal(sugov_effective_cpu_perf(100, 0, 50), 50);
}

/*
 * The v6.9 reads (data/placement-golden/v69/README.md, hand-05/06): big thermal_pressure 724
 * (thermal cap 300), thermal_load_avg 0; task util 50, uclamp_min 1024, prev 4: -1 everywhere.
 *   v6.9 select_idle_capacity ranks -1 CPUs by 1024 - thermal_load_avg = 1024: CPU4 first, 5 is
 *   not strictly higher, 0-3 have 381 -> 4. feec: little 381 > big 300 (instantaneous) -> 0.
 *   v6.10 sees the same cap as cpufreq pressure: select_idle_capacity ranks by 300 -> CPU0.
 */
static void test_v69_reads(void **state)
{
	struct rig r;

	rk3399(&r);
	task(&r, 50, 4);
	r.p.uclamp_min = 1024;
	r.rd.model = CAPSIM_MODEL_V6_9;
	for (int c = 4; c < 6; c++) {
		r.cpus[c].thermal_pressure = 724;
		r.cpus[c].capacity_of = 300;
	}
	assert_int_equal(select_idle_capacity(&r.rd, &r.p, 4, SIS_NO_SHARED), 4);
	assert_int_equal(find_energy_efficient_cpu(&r.rd, &r.p, NULL), 0);
	/* v6.9 cannot see a cpufreq (user) cap at all */
	r.cpus[4].thermal_pressure = r.cpus[5].thermal_pressure = 0;
	r.cpus[4].cpufreq_pressure = r.cpus[5].cpufreq_pressure = 724;
	assert_int_equal(util_fits_cpu(&r.rd, 50, 1024, 1024, 4), 1);
	r.rd.model = CAPSIM_MODEL_V6_10;
	assert_int_equal(util_fits_cpu(&r.rd, 50, 1024, 1024, 4), -1);
	assert_int_equal(select_idle_capacity(&r.rd, &r.p, 4, SIS_NO_SHARED), 0);
}

/* scale_rt_capacity(): 6.10 from the actual capacity; v6.9 from arch with thermal_load_avg. */
static void test_scale_rt_capacity(void **state)
{
	struct rig r;

	rk3399(&r);
	r.cpus[4].avg_rt.util_avg = 100;
	r.cpus[4].util_irq = 24;
	r.cpus[4].cpufreq_pressure = 200;
	r.cpus[4].thermal_load_avg = 300;
	/* v6.10: max 824, free 724, 724*(824-24)/824 = 579200/824 = 702 */
	assert_int_equal(scale_rt_capacity(&r.rd, 4), 702);
	/* v6.9: max 1024, used 100 + 300 = 400, free 624*(1000)/1024 = 609 */
	r.rd.model = CAPSIM_MODEL_V6_9;
	assert_int_equal(scale_rt_capacity(&r.rd, 4), 609);
	r.cpus[4].util_irq = 1024;
	assert_int_equal(scale_rt_capacity(&r.rd, 4), 1);
}

/*
 * task_fits_cpu() / cpu_overutilized(): both count -1 as "fits". RK3399 CPU0 busy util 320:
 * 320*1280 = 409600 >= 390144 -> 0: overutilized. With rq clamps min 512 / max 300: the cap
 * shortcut (300 <= 381) fits, min(512, 300) = 300 <= 381 -> 1: not overutilized. With util
 * 200 and rq min 500 (max 1024): fits, 200 < 500 > 381 -> -1: not overutilized either; a task
 * with uclamp_min 500 fits CPU0 only as -1, so task_fits_cpu() is false.
 */
static void test_fits_wrappers(void **state)
{
	struct rig r;

	rk3399(&r);
	r.cpus[0].cfs_avg.util_avg = 320;
	assert_true(cpu_overutilized(&r.rd, 0));
	r.cpus[0].uclamp_min_rq = 512;
	r.cpus[0].uclamp_max_rq = 300;
	assert_false(cpu_overutilized(&r.rd, 0));
	r.cpus[0].cfs_avg.util_avg = 200;
	r.cpus[0].uclamp_min_rq = 500;
	r.cpus[0].uclamp_max_rq = 1024;
	assert_int_equal(util_fits_cpu(&r.rd, 200, 500, 1024, 0), -1);
	assert_false(cpu_overutilized(&r.rd, 0));
	task(&r, 200, 0);
	r.p.uclamp_min = 500;
	assert_false(task_fits_cpu(&r.rd, &r.p, 0));
	assert_true(task_fits_cpu(&r.rd, &r.p, 4));
}

/* xorshift64: the random states of the memo test */
static uint64_t rnd(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

static void random_cpu(struct fair_cpu *c, uint64_t *x)
{
	uint64_t arch = c->arch_cap;

	memset(c, 0, sizeof(*c));
	c->arch_cap = arch;
	c->capacity_of = arch - rnd(x) % (arch / 4 + 1);
	c->cfs_avg.util_avg = rnd(x) % (arch + 200);
	c->cfs_avg.runnable_avg = rnd(x) % (arch + 400);
	c->util_est_cfs = (uint32_t)(rnd(x) % arch);
	c->avg_rt.util_avg = rnd(x) % 4 ? 0 : rnd(x) % 200;
	c->util_irq = rnd(x) % 4 ? 0 : rnd(x) % 100;
	c->dl_running_bw = rnd(x) % 8 ? 0 : rnd(x) % (1 << 19);
	c->cpufreq_pressure = rnd(x) % 3 ? 0 : rnd(x) % (arch / 2);
	c->hw_load_avg = rnd(x) % 3 ? 0 : rnd(x) % (arch / 2);
	c->uclamp_min_rq = rnd(x) % 3 ? 0 : rnd(x) % 1025;
	c->uclamp_max_rq = rnd(x) % 3 ? 1024 : rnd(x) % 1025;
	c->idle = rnd(x) % 3 == 0;
	c->uclamp_idle = c->idle;
	c->rt_nr_running = c->avg_rt.util_avg && rnd(x) % 2;
}

/*
 * The per-CPU memo (struct fair_memo) is an optimization only: on random RK3399 states,
 * find_energy_efficient_cpu() records the same decision and every compute_energy() value,
 * sugov_get_util() the same request and cpu_overutilized() the same answer, with and without
 * it; after one CPU changes and only it is refreshed, the memoized run still agrees with a
 * fresh one (a memo kept across the change would use the old requests).
 */
static void test_memo_same_results(void **state)
{
	struct fair_memo memo[8];
	struct feec_trace with, without;
	uint64_t x = 0x9e3779b97f4a7c15ULL;
	struct rig r;

	rk3399(&r);
	for (int round = 0; round < 3000; round++) {
		int changed = (int)(rnd(&x) % 6);

		if (round % 50 == 0) {
			for (unsigned c = 0; c < 6; c++)
				random_cpu(&r.cpus[c], &x);
			r.rd.uclamp_used = rnd(&x) % 4 != 0;
			r.rd.memo = memo;
			fair_memo_invalidate(&r.rd, -1);
		} else {
			random_cpu(&r.cpus[changed], &x);
			fair_memo_invalidate(&r.rd, changed);
		}
		task(&r, rnd(&x) % 500, (int)(rnd(&x) % 6));
		r.p.util_est = (uint32_t)(rnd(&x) % 600);
		r.p.uclamp_min = rnd(&x) % 3 ? 0 : rnd(&x) % 1025;
		r.p.uclamp_max = rnd(&x) % 3 ? 1024 : rnd(&x) % 1025;

		r.rd.memo = memo;
		int a = find_energy_efficient_cpu(&r.rd, &r.p, &with);
		uint64_t req_a = sugov_get_util(&r.rd, (int)(round % 6));
		bool ou_a = cpu_overutilized(&r.rd, (int)(round % 6));
		r.rd.memo = NULL;
		int b = find_energy_efficient_cpu(&r.rd, &r.p, &without);
		uint64_t req_b = sugov_get_util(&r.rd, (int)(round % 6));
		bool ou_b = cpu_overutilized(&r.rd, (int)(round % 6));
		r.rd.memo = memo;

		assert_int_equal(a, b);
		assert_int_equal(req_a, req_b);
		assert_int_equal(ou_a, ou_b);
		assert_int_equal(with.exit, without.exit);
		assert_int_equal(with.nr_calls, without.nr_calls);
		for (unsigned i = 0; i < with.nr_calls; i++) {
			assert_int_equal(with.calls[i].energy, without.calls[i].energy);
			assert_int_equal(with.calls[i].max_util, without.calls[i].max_util);
			assert_int_equal(with.calls[i].busy_time, without.calls[i].busy_time);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quirk1_rq_clamp_carry_over),
		cmocka_unit_test(test_quirk2_prev_not_allowed),
		cmocka_unit_test(test_quirk3_pd_order),
		cmocka_unit_test(test_quirk4_strict_ties),
		cmocka_unit_test(test_quirk5_util_changed_exit),
		cmocka_unit_test(test_quirk6_first_cpu_capacity),
		cmocka_unit_test(test_quirk7_idle_ranking),
		cmocka_unit_test(test_idle_wrap_order),
		cmocka_unit_test(test_quirk8_util_fits_cpu),
		cmocka_unit_test(test_quirk9_task_busy_time),
		cmocka_unit_test(test_quirk10_energy_model),
		cmocka_unit_test(test_cpu_util),
		cmocka_unit_test(test_effective_cpu_util),
		cmocka_unit_test(test_v69_reads),
		cmocka_unit_test(test_scale_rt_capacity),
		cmocka_unit_test(test_fits_wrappers),
		cmocka_unit_test(test_memo_same_results),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
