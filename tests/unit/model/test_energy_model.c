// SPDX-License-Identifier: MIT
/*
 * test_energy_model.c - tests src/model/energy_model.c: the EM the kernel builds from a device tree.
 * Power by hand from dev_pm_opp_calc_power() (µW = C * mV * mV * MHz / 1e6, truncating each
 * step), perf = cap * f / fmax, cost = 10 * power / perf, inefficient = cost not below every
 * higher state's. The RK3399, HiKey960 and Pixel 6 tables are also checked against the EM
 * columns of shared/data/placement-golden/cases.jsonl, which were asserted equal to the
 * kernel's own em_init_performance()/em_compute_costs() (v6.12.118) on the same OPPs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "platform_test_util.h"
#include "model/energy_model.h"
#include "model/fair.h"

struct state { uint32_t khz; uint64_t power, perf, cost; int inefficient; };

static void check_pd(const struct em_perf_domain *pd, const struct state *s, unsigned n)
{
	assert_non_null(pd);
	assert_int_equal(pd->nr_perf_states, n);
	for (unsigned i = 0; i < n; i++) {
		assert_int_equal(pd->table[i].frequency, s[i].khz);
		assert_int_equal(pd->table[i].power, s[i].power);
		assert_int_equal(pd->table[i].performance, s[i].perf);
		assert_int_equal(pd->table[i].cost, s[i].cost);
		assert_int_equal(!!(pd->table[i].flags & EM_PERF_STATE_INEFFICIENT), s[i].inefficient);
	}
}

static void test_power_formula(void **state)
{
	/* RK3399 little 1416 MHz at 1125000 uV, C = 100: 100 * 1125 * 1125 * 1416 / 1e6
	 * = 179212500000 / 1e6 = 179212 (truncated) */
	assert_int_equal(em_opp_power_uw(100, 1125000, 1416000000), 179212);
	/* MHz is truncated before multiplying: 1804.8 MHz counts as 1804 */
	assert_int_equal(em_opp_power_uw(1000, 1000000, 1804800000), 1804000);
	/* mV is truncated too: 825999 uV is 825 mV */
	assert_int_equal(em_opp_power_uw(100, 825999, 408000000), em_opp_power_uw(100, 825000, 408000000));
}

static void test_rk3399(void **state)
{
	/* little: C=100, cap 381, fmax 1416000; e.g. 408 MHz 825 mV:
	 * power = 100*825*825*408/1e6 = 27769; perf = 381*408000/1416000 = 109;
	 * cost = 277690/109 = 2547 >= cost(600 MHz) 2536 -> inefficient */
	static const struct state little[] = {
		{ 408000, 27769, 109, 2547, 1 }, { 600000, 40837, 161, 2536, 0 },
		{ 816000, 58956, 219, 2692, 0 }, { 1008000, 86247, 271, 3182, 0 },
		{ 1200000, 120000, 322, 3726, 0 }, { 1416000, 179212, 381, 4703, 0 },
	};
	static const struct state big[] = {
		{ 408000, 121075, 232, 5218, 1 }, { 600000, 178051, 341, 5221, 1 },
		{ 816000, 242150, 464, 5218, 0 }, { 1008000, 336483, 573, 5872, 0 },
		{ 1200000, 472188, 682, 6923, 0 }, { 1416000, 648630, 805, 8057, 0 },
		{ 1608000, 848316, 914, 9281, 0 }, { 1800000, 1130112, 1024, 11036, 0 },
	};
	struct capsim_platform *p = load_board("rk3399");

	check_pd(p->policies[0].em, little, 6);
	check_pd(p->policies[1].em, big, 8);
	/* inefficient OPPs are marked in the cpufreq table and the domain skips them */
	assert_true(p->policies[1].opps[1].inefficient);
	assert_true(p->policies[1].em->flags & EM_PERF_DOMAIN_SKIP_INEFFICIENCIES);
	assert_true(platform_has_em(p));
	platform_free(p);
}

static void test_hikey960(void **state)
{
	/* little: C=110 (cpu0 only carries it), cap 462; 533 MHz 700 mV:
	 * 110*700*700*533/1e6 = 28728; perf 462*533000/1844000 = 133; cost 287280/133 = 2160 */
	static const struct state little[] = {
		{ 533000, 28728, 133, 2160, 0 }, { 999000, 70329, 250, 2813, 0 },
		{ 1402000, 124918, 351, 3558, 0 }, { 1709000, 187990, 428, 4392, 0 },
		{ 1844000, 245436, 462, 5312, 0 },
	};
	static const struct state big[] = {
		{ 903000, 243358, 391, 6223, 0 }, { 1421000, 500192, 616, 8120, 0 },
		{ 1805000, 804127, 782, 10282, 0 }, { 2112000, 1161600, 915, 12695, 0 },
		{ 2362000, 1571911, 1024, 15350, 0 },
	};
	struct capsim_platform *p = load_board("hikey960");

	check_pd(p->policies[0].em, little, 5);
	check_pd(p->policies[1].em, big, 5);
	/* perf also matches LISA's HiKey960 EAS capacities (lisa_energy_models.csv):
	 * 133, 250, 351, 429 (LISA) vs 428 (kernel integer perf), 462 */
	platform_free(p);
}

static void test_pixel6_little(void **state)
{
	/* C=70, cap 160, fmax 1803000; 300 MHz 537 mV: 70*537*537*300/1e6 = 6055;
	 * perf 160*300000/1803000 = 26; cost 60550/26 = 2328 */
	static const struct state little[] = {
		{ 300000, 6055, 26, 2328, 0 }, { 574000, 14464, 50, 2892, 0 },
		{ 738000, 19730, 65, 3035, 0 }, { 930000, 29049, 82, 3542, 0 },
		{ 1098000, 38963, 97, 4016, 0 }, { 1197000, 44774, 106, 4223, 0 },
		{ 1328000, 53976, 117, 4613, 0 }, { 1401000, 59818, 124, 4824, 0 },
		{ 1598000, 77246, 141, 5478, 0 }, { 1704000, 88630, 151, 5869, 0 },
		{ 1803000, 103597, 160, 6474, 0 },
	};
	struct capsim_platform *p = load_board("pixel6");

	check_pd(p->policies[0].em, little, 11);
	/* the X1's top state: 650*1056*1056*2802/1e6 = 2030997; perf 1024; cost 19833 */
	assert_int_equal(p->policies[2].em->table[16].power, 2030997);
	assert_int_equal(p->policies[2].em->table[16].cost, 19833);
	platform_free(p);
}

static void test_odroid_xu3_little(void **state)
{
	/* arm32, A7: C=90, cap 377, fmax 1400000.
	 * 1400 MHz 1275 mV: 90*1275*1275*1400/1e6 = 204828; perf 377; cost 2048280/377 = 5433
	 * 1100 MHz 1250 mV: 90*1250*1250*1100/1e6 = 154687; perf 377*1100000/1400000 = 296;
	 *   cost 1546870/296 = 5225, not below 1200 MHz's 1687500/323 = 5224: inefficient
	 * 200 MHz 900 mV: 90*900*900*200/1e6 = 14580; perf 53; cost 145800/53 = 2750 >= 2733 of
	 *   300 MHz (21870*10/80): inefficient */
	struct capsim_platform *p = load_board("odroid-xu3");
	const struct em_perf_domain *pd = p->policies[0].em;

	assert_non_null(pd);
	assert_int_equal(pd->nr_perf_states, 13);
	assert_int_equal(pd->table[12].power, 204828);
	assert_int_equal(pd->table[12].performance, 377);
	assert_int_equal(pd->table[12].cost, 5433);
	assert_int_equal(pd->table[9].power, 154687);
	assert_int_equal(pd->table[9].performance, 296);
	assert_int_equal(pd->table[9].cost, 5225);
	assert_true(pd->table[9].flags & EM_PERF_STATE_INEFFICIENT);
	assert_int_equal(pd->table[10].cost, 5224);
	assert_int_equal(pd->table[0].cost, 2750);
	assert_true(pd->table[0].flags & EM_PERF_STATE_INEFFICIENT);
	assert_false(pd->table[1].flags & EM_PERF_STATE_INEFFICIENT);
	platform_free(p);
}

static void test_no_em(void **state)
{
	/* Odroid-N2: no dynamic-power-coefficient; RB5: no opp-microvolt (cpufreq-hw LUT);
	 * Juno r2: no OPPs in the DT at all */
	struct capsim_platform *n2 = load_board("odroid-n2"), *rb5 = load_board("rb5");
	struct capsim_platform *juno = load_board("juno-r2");

	assert_int_equal(juno->nr_policies, 0);
	assert_false(platform_has_em(juno));
	platform_free(juno);

	assert_null(n2->policies[0].em);
	assert_false(platform_has_em(n2));
	assert_null(rb5->policies[2].em);
	assert_false(platform_has_em(rb5));
	platform_free(n2);
	platform_free(rb5);
}

static void test_pd_create_refusals(void **state)
{
	static const uint32_t khz[] = { 100000, 200000 }, same[] = { 200000, 200000 };
	static const uint64_t power[] = { 1000, 2000 }, zero[] = { 0, 2000 },
			      huge[] = { 1000, 64000001 };
	capsim_cpumask cpus = { { 1 } };
	struct em_perf_domain *pd;

	assert_int_equal(em_pd_create(khz, power, 2, 1024, &cpus, &pd, NULL), 0);
	/* perf 1024*100000/200000 = 512, cost 10000/512 = 19; 20000/1024 = 19 -> the lower
	 * state is not cheaper than the higher one: inefficient */
	assert_int_equal(pd->table[0].cost, 19);
	assert_true(pd->table[0].flags & EM_PERF_STATE_INEFFICIENT);
	em_pd_free(pd);
	assert_int_equal(em_pd_create(same, power, 2, 1024, &cpus, &pd, NULL), CAPSIM_ERR_RANGE);
	assert_int_equal(em_pd_create(khz, zero, 2, 1024, &cpus, &pd, NULL), CAPSIM_ERR_RANGE);
	assert_int_equal(em_pd_create(khz, huge, 2, 1024, &cpus, &pd, NULL), CAPSIM_ERR_RANGE);
	/* perf 1*100000/200000 = 0: the kernel would divide by it */
	assert_int_equal(em_pd_create(khz, power, 2, 1, &cpus, &pd, NULL), CAPSIM_ERR_RANGE);
}

/*
 * 6.1.192's em_cpu_energy() (em_cpu_energy_6_1()) on 6.1's costs, by hand: states 1000 and
 * 2000 MHz at 100 and 400 mW on a CPU of capacity 1024 give cost_6_1 = fmax * power / freq =
 * 2000000 * 100000 / 1000000 = 200000 and 400000. A max util of 400 with 6.1's headroom is
 * 400 + 100 = 500: freq = 2000000 * 500 / 1024 = 976562, the 1000 MHz state, energy =
 * 200000 * 600 / 1024 = 117187 for a sum of 600. 420 gives 525: freq 1025390, the 2000 MHz
 * state, 400000 * 600 / 1024 = 234375, where 6.12's em_cpu_energy() of 420 takes the lower
 * state (performance 512 >= 420): 10 * 100000 / 512 = 1953, times 600 = 1171800. Capped at
 * an allowed capacity of 400: freq 781250, the lower state again. Idle (sum 0): 0.
 */
static void test_em_cpu_energy_6_1(void **state)
{
	static const uint32_t khz[] = { 1000000, 2000000 };
	static const uint64_t power[] = { 100000, 400000 };
	capsim_cpumask cpus = { { 1 } };
	struct em_perf_domain *pd;

	(void)state;
	assert_int_equal(em_pd_create(khz, power, 2, 1024, &cpus, &pd, NULL), 0);
	assert_int_equal(pd->table[0].cost_6_1, 200000);
	assert_int_equal(pd->table[1].cost_6_1, 400000);
	assert_int_equal(em_cpu_energy_6_1(pd, map_util_perf(400), 600, 1024, 1024), 117187);
	assert_int_equal(em_cpu_energy_6_1(pd, map_util_perf(420), 600, 1024, 1024), 234375);
	assert_int_equal(em_cpu_energy(pd, 420, 600, 1024), 1171800);
	assert_int_equal(em_cpu_energy_6_1(pd, map_util_perf(420), 600, 400, 1024), 117187);
	assert_int_equal(em_cpu_energy_6_1(pd, map_util_perf(420), 0, 1024, 1024), 0);
	em_pd_free(pd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_power_formula),
		cmocka_unit_test(test_rk3399),
		cmocka_unit_test(test_hikey960),
		cmocka_unit_test(test_pixel6_little),
		cmocka_unit_test(test_odroid_xu3_little),
		cmocka_unit_test(test_no_em),
		cmocka_unit_test(test_pd_create_refusals),
		cmocka_unit_test(test_em_cpu_energy_6_1),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
