// SPDX-License-Identifier: MIT
/* test_thermal_gov_power_allocator.c - tests src/model/thermal_gov_power_allocator.c: the default PID
 * gains, the weighted split of the budget, and one full allocation worked out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "unit/thermal_fixture.h"

static void test_divvy_up(void **state)
{
	uint32_t granted[2];

	/* requests 1000 : 3000 of a 1000 mW budget -> 250, 750 */
	divvy_up_power((uint32_t[]){ 1000, 3000 }, (uint32_t[]){ 5000, 5000 }, granted, 2, 4000,
		       1000);
	assert_int_equal(granted[0], 250);
	assert_int_equal(granted[1], 750);
	/* budget 2000: shares 500, 1500; actor 1 is capped at its 1000 mW, the extra 500 goes to
	 * actor 0, whose headroom is 2000 - 500 = 1500 (the only headroom): 500 * 1500 / 1500 */
	divvy_up_power((uint32_t[]){ 1000, 3000 }, (uint32_t[]){ 2000, 1000 }, granted, 2, 4000,
		       2000);
	assert_int_equal(granted[0], 1000);
	assert_int_equal(granted[1], 1000);
	/* rounding to the closest: 100 * 1/3 = 33.3 -> 33, 100 * 2/3 = 66.7 -> 67 */
	divvy_up_power((uint32_t[]){ 1, 2 }, (uint32_t[]){ 500, 500 }, granted, 2, 3, 100);
	assert_int_equal(granted[0], 33);
	assert_int_equal(granted[1], 67);
	/* no requests: everyone gets 0 */
	divvy_up_power((uint32_t[]){ 0, 0 }, (uint32_t[]){ 500, 500 }, granted, 2, 0, 100);
	assert_int_equal(granted[0] + granted[1], 0);
}

static void test_pid_gains(void **state)
{
	struct thermal_zone tz;

	memset(&tz, 0, sizeof(tz));
	tz.params.trips[0] = (struct thermal_trip){ 65000, 1000, THERMAL_TRIP_PASSIVE };
	tz.params.trips[1] = (struct thermal_trip){ 75000, 1000, THERMAL_TRIP_PASSIVE };
	tz.params.nr_trips = 2;
	/* HiKey960: sustainable 4500 mW, switch on 65 °C, control 75 °C: threshold 10000 m°C.
	 * k_po = (4500 << 10) / 10000 = 4608000 / 10000 = 460; k_pu = (9000 << 10) / 10000 = 921;
	 * k_i = k_pu / 10 = 92 */
	estimate_pid_constants(&tz, 4500, 0, 75000);
	assert_int_equal(tz.ipa.k_po, 460);
	assert_int_equal(tz.ipa.k_pu, 921);
	assert_int_equal(tz.ipa.k_i, 92);
	assert_int_equal(tz.ipa.k_d, 0);
	/* no switch-on trip: the threshold is the control temperature itself (75000) */
	estimate_pid_constants(&tz, 4500, -1, 75000);
	assert_int_equal(tz.ipa.k_po, 4608000 / 75000);
	/* a tiny budget: k_i would be 0, the kernel floors it at 1: (10 << 10) * 2 / 10000 = 2 */
	estimate_pid_constants(&tz, 10, 0, 75000);
	assert_int_equal(tz.ipa.k_pu, 2);
	assert_int_equal(tz.ipa.k_i, 1);
}

static struct thermal *make_ipa(struct recorder *rec, uint32_t sustainable, uint32_t big_weight)
{
	static struct thermal_zone_params zp;
	struct thermal_cdev_params cd[2];
	struct thermal_hooks hooks = { rec, rec_cdev_set, rec_trace };
	struct thermal_params p;
	struct thermal *t;
	capsim_error err;

	fixture_cdevs(cd);
	memset(&zp, 0, sizeof(zp));
	snprintf(zp.name, sizeof(zp.name), "cls0");
	zp.governor = THERMAL_GOV_POWER_ALLOCATOR;
	zp.polling_delay_ms = 1000;
	zp.passive_delay_ms = 100;
	zp.sustainable_power_mw = sustainable;
	zp.trips[0] = (struct thermal_trip){ 65000, 1000, THERMAL_TRIP_PASSIVE };
	zp.trips[1] = (struct thermal_trip){ 75000, 1000, THERMAL_TRIP_PASSIVE };
	zp.nr_trips = 2;
	/* HiKey960's contributions: little 1024, big 512 (@big_weight) */
	zp.binds[0] = (struct thermal_bind_params){ 1, 0, THERMAL_NO_LIMIT, THERMAL_NO_LIMIT, 1024 };
	zp.binds[1] = (struct thermal_bind_params){ 1, 1, THERMAL_NO_LIMIT, THERMAL_NO_LIMIT,
						    big_weight };
	zp.nr_binds = 2;
	zp.rc = (struct thermal_rc_params){ 25000, 25000, 10000, 3000 };
	p = (struct thermal_params){ &zp, 1, cd, 2, 8 };
	assert_int_equal(thermal_create(&p, &hooks, &t, &err), 0);
	return t;
}

static void test_allocation(void **state)
{
	struct recorder rec = { 0 };
	struct thermal *t = make_ipa(&rec, 4500, 512);
	struct thermal_cpu_input in[8] = { 0 };

	/* every CPU fully loaded at its top OPP */
	for (unsigned c = 0; c < 8; c++) {
		in[c].capacity = 1024;
		in[c].util = 1024;
		in[c].cur_freq_khz = c < 4 ? 1844000 : 2362000;
	}
	set_temp(t, 0, 76000);
	thermal_update(t, 0, in);
	/*
	 * Requests: little 400 mW x 400 % / 100 = 1600, big 1800 x 4 = 7200 (total 8800).
	 * Weighted (total weight 1536 != 0): little 1024 * 1600 >> 10 = 1600, big
	 * 512 * 7200 >> 10 = 3600 (total 5200). Max power (state 0): 1600 + 7200 = 8800.
	 * PID, err = 75000 - 76000 = -1000 -> frac -1024000:
	 *   p = 460 * -1024000 >> 10 = -460000 (k_po: err < 0)
	 *   i = 0 + (92 * -1024000 >> 10) = -92000, |i| < 8800 << 10: integrated
	 *   range = 4500 + ((-552000) >> 10) = 4500 - 540 = 3960
	 * Split: little round(1600 * 3960 / 5200) = round(1218.46) = 1218,
	 *        big    round(3600 * 3960 / 5200) = round(2741.54) = 2742.
	 * power2state: little last_load 400, 1218 * 100 / 400 = 304 mW/CPU -> 1402 MHz
	 * (220 mW; 330 > 304) -> state 2; big 2742 * 100 / 400 = 685 -> 1421 MHz (650 mW) -> state 3.
	 */
	assert_non_null(rec_find(&rec, "thermal_power_allocator_pid: thermal_zone_id=0 err=-1000 "
				       "err_integral=-1000 p=-450 i=-90 d=0 output=3960"));
	assert_non_null(rec_find(&rec, "thermal_power_actor: thermal_zone_id=0 actor_id=0 "
				       "req_power=1600 granted_power=1218"));
	assert_non_null(rec_find(&rec, "thermal_power_actor: thermal_zone_id=0 actor_id=1 "
				       "req_power=7200 granted_power=2742"));
	assert_non_null(rec_find(&rec, "thermal_power_allocator: thermal_zone_id=0 "
				       "total_req_power=8800 total_granted_power=3960 power_range=3960 "
				       "max_allocatable_power=8800 current_temperature=76000 "
				       "delta_temperature=-1000"));
	/*
	 * cpufreq_cooling.c's own events: get_power_simple for policy->cpu (0 and 4) with the
	 * requests; cpu_limit with the related CPUs as %*pb prints the record's one 64-bit long
	 * (two zero-padded 32-bit chunks), the OPP power2state found and the grant.
	 */
	assert_non_null(rec_find(&rec, "thermal_power_cpu_get_power_simple: cpu=0 power=1600"));
	assert_non_null(rec_find(&rec, "thermal_power_cpu_get_power_simple: cpu=4 power=7200"));
	assert_non_null(rec_find(&rec, "thermal_power_cpu_limit: cpus=00000000,0000000f "
				       "freq=1402000 cdev_state=2 power=1218"));
	assert_non_null(rec_find(&rec, "thermal_power_cpu_limit: cpus=00000000,000000f0 "
				       "freq=1421000 cdev_state=3 power=2742"));
	assert_int_equal(t->cdevs[0].cur_state, 2);
	assert_int_equal(t->cdevs[1].cur_state, 3);
	assert_int_equal(rec.last_khz, 1421000);
	/* below switch-on (65 °C): PID reset, devices released */
	set_temp(t, 0, 60000);
	thermal_update(t, thermal_next_poll(t), in);
	assert_int_equal(t->cdevs[0].cur_state, 0);
	assert_int_equal(t->cdevs[1].cur_state, 0);
	assert_true(t->zones[0].ipa.err_integral == 0);
	thermal_free(t);
}

/*
 * allocate_power()'s weighted request is frac_to_int(weight * req_power) in u32 (gov_power_allocator.c:
 * both operands u32): a contribution of 2^22 with the big cluster's 7200 mW wraps.
 */
static void test_weighted_request_wraps_as_u32(void **state)
{
	struct recorder rec = { 0 };
	struct thermal *t = make_ipa(&rec, 4500, 1u << 22);
	struct thermal_cpu_input in[8] = { 0 };

	for (unsigned c = 0; c < 8; c++) {
		in[c].capacity = 1024;
		in[c].util = 1024;
		in[c].cur_freq_khz = c < 4 ? 1844000 : 2362000;
	}
	set_temp(t, 0, 76000);
	thermal_update(t, 0, in);
	/*
	 * Requests 1600 and 7200 mW, range 3960 (as test_allocation: the PID reads no weight).
	 * Weighted: little 1024 * 1600 >> 10 = 1600; big 2^22 * 7200 = 30198988800, mod 2^32
	 * 134217728, >> 10 = 131072 (unwrapped: 29491200). Total 132672.
	 * Split: little round(1600 * 3960 / 132672) = round(47.76) = 48, big
	 * round(131072 * 3960 / 132672) = round(3912.24) = 3912 (unwrapped: 0 and 3960).
	 */
	assert_non_null(rec_find(&rec, "thermal_power_actor: thermal_zone_id=0 actor_id=0 "
				       "req_power=1600 granted_power=48"));
	assert_non_null(rec_find(&rec, "thermal_power_actor: thermal_zone_id=0 actor_id=1 "
				       "req_power=7200 granted_power=3912"));
	thermal_free(t);
}

static void test_estimated_sustainable_power(void **state)
{
	struct recorder rec = { 0 };
	struct thermal *t = make_ipa(&rec, 0, 512);
	struct thermal_cpu_input in[8] = { 0 };

	/* no sustainable-power: the power of every actor at its deepest state (upper = 4):
	 * 4 x 50 + 4 x 300 = 1400 mW, estimated at the first allocation; gains follow:
	 * k_po = (1400 << 10) / 10000 = 143 */
	set_temp(t, 0, 70000);
	thermal_update(t, 0, in);
	assert_int_equal(t->zones[0].ipa.sustainable_power, 1400);
	assert_int_equal(t->zones[0].ipa.k_po, 143);
	thermal_free(t);
}

static void test_not_power_actor(void **state)
{
	static const struct em_perf_state nopower[2] = { { .frequency = 1000 },
							  { .frequency = 2000 } };
	struct thermal_zone_params zp = { .name = "z", .governor = THERMAL_GOV_POWER_ALLOCATOR };
	struct thermal_cdev_params cd[2];
	struct thermal_params p = { &zp, 1, cd, 2, 8 };
	struct thermal *t;
	capsim_error err;

	fixture_cdevs(cd);
	cd[1].table = nopower;
	cd[1].nr_states = 2;
	zp.rc = (struct thermal_rc_params){ 25000, 25000, 10000, 3000 };
	zp.trips[0] = (struct thermal_trip){ 70000, 2000, THERMAL_TRIP_PASSIVE };
	zp.nr_trips = 1;
	zp.binds[0] = (struct thermal_bind_params){ 0, 1, THERMAL_NO_LIMIT, THERMAL_NO_LIMIT, 0 };
	zp.nr_binds = 1;
	assert_int_equal(thermal_create(&p, NULL, &t, &err), CAPSIM_ERR_INVALID);
	assert_non_null(strstr(err.msg, "not a power actor"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_divvy_up),
		cmocka_unit_test(test_pid_gains),
		cmocka_unit_test(test_allocation),
		cmocka_unit_test(test_weighted_request_wraps_as_u32),
		cmocka_unit_test(test_estimated_sustainable_power),
		cmocka_unit_test(test_not_power_actor),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
