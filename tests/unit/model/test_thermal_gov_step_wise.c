// SPDX-License-Identifier: MIT
/* test_thermal_gov_step_wise.c - tests src/model/thermal_gov_step_wise.c through the thermal core:
 * a temperature ramp over a passive trip with hysteresis, the polling rates, the QoS requests. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "unit/thermal_fixture.h"

#define MS CAPSIM_NSEC_PER_MSEC

static struct thermal *make_zone(struct recorder *rec)
{
	static struct thermal_zone_params zp;
	struct thermal_cdev_params cd[2];
	struct thermal_hooks hooks = { rec, rec_cdev_set, rec_trace };
	struct thermal_params p;
	struct thermal *t;
	capsim_error err;

	fixture_cdevs(cd);
	memset(&zp, 0, sizeof(zp));
	snprintf(zp.name, sizeof(zp.name), "cpu-thermal");
	zp.governor = THERMAL_GOV_STEP_WISE;
	zp.polling_delay_ms = 1000;
	zp.passive_delay_ms = 100;
	zp.trips[0] = (struct thermal_trip){ 70000, 2000, THERMAL_TRIP_PASSIVE };
	zp.trips[1] = (struct thermal_trip){ 95000, 2000, THERMAL_TRIP_CRITICAL };
	zp.nr_trips = 2;
	zp.binds[0] = (struct thermal_bind_params){ 0, 1, THERMAL_NO_LIMIT, THERMAL_NO_LIMIT, 0 };
	zp.nr_binds = 1;
	zp.rc = (struct thermal_rc_params){ 25000, 25000, 10000, 3000 };
	p = (struct thermal_params){ &zp, 1, cd, 2, 0 };
	assert_int_equal(thermal_create(&p, &hooks, &t, &err), 0);
	return t;
}

/* poll at @now with the sensor at @mc; return the big cooling device's state */
static unsigned long poll_at(struct thermal *t, uint64_t now, int32_t mc)
{
	set_temp(t, 0, mc);
	assert_true(thermal_next_poll(t) <= now);
	thermal_update(t, now, NULL);
	return t->cdevs[1].cur_state;
}

static void test_ramp(void **state)
{
	struct recorder rec = { 0 };
	struct thermal *t = make_zone(&rec);
	uint64_t now = 0;

	/* below the trip: idle polling every 1000 ms, no cooling */
	assert_int_equal(poll_at(t, now, 60000), 0);
	assert_true(thermal_next_poll(t) == now + 1000 * MS);
	now += 1000 * MS;
	/* 70 °C reaches the trip: the uninitialised instance jumps to cur + 1 = 1; passive
	 * polling (100 ms) starts */
	assert_int_equal(poll_at(t, now, 70000), 1);
	assert_true(thermal_next_poll(t) == now + 100 * MS);
	/* rising: one step per poll up to upper = max_level = 4, then clamped */
	assert_int_equal(poll_at(t, now += 100 * MS, 71000), 2);
	assert_int_equal(poll_at(t, now += 100 * MS, 72000), 3);
	assert_int_equal(poll_at(t, now += 100 * MS, 73000), 4);
	assert_int_equal(poll_at(t, now += 100 * MS, 74000), 4);
	/* state 4 = the lowest big OPP: the request named after the device is 903 MHz */
	assert_int_equal(rec.last_khz, 903000);
	assert_string_equal(rec.last_name, "thermal-cpufreq-1");
	assert_int_equal(rec.last_policy, 1);
	/* stable: the target stays */
	assert_int_equal(poll_at(t, now += 100 * MS, 74000), 4);
	/* dropping while still above the low temperature (70 - 2 = 68 °C): one step back per
	 * poll, but never below lower + 1 = 1 */
	assert_int_equal(poll_at(t, now += 100 * MS, 73000), 3);
	assert_int_equal(poll_at(t, now += 100 * MS, 72000), 2);
	assert_int_equal(poll_at(t, now += 100 * MS, 71000), 1);
	assert_int_equal(poll_at(t, now += 100 * MS, 69000), 1);
	assert_true(thermal_next_poll(t) == now + 100 * MS);
	/* 67 °C < 68 °C: mitigation ends, the device is released, polling back to 1000 ms */
	assert_int_equal(poll_at(t, now += 100 * MS, 67000), 0);
	assert_int_equal(rec.last_khz, 2362000);
	assert_true(thermal_next_poll(t) == now + 1000 * MS);
	/* hysteresis on the way up again: 69 °C is below the trip (70 °C), nothing happens */
	assert_int_equal(poll_at(t, now += 1000 * MS, 69000), 0);
	assert_int_equal(poll_at(t, now += 1000 * MS, 70000), 1);
	assert_int_equal(t->zones[0].critical_count, 0);
	/* the trace carries the kernel's layouts */
	assert_non_null(rec_find(&rec, "thermal_temperature: thermal_zone=cpu-thermal id=0 "
				       "temp_prev=-2147483648 temp=60000"));
	assert_non_null(rec_find(&rec, "cdev_update: type=thermal-cpufreq-1 target=1"));
	assert_non_null(rec_find(&rec, "thermal_zone_trip: thermal_zone=cpu-thermal id=0 trip=0 "
				       "trip_type=PASSIVE"));
	thermal_free(t);
}

static void test_rc_driven(void **state)
{
	struct recorder rec = { 0 };
	struct thermal *t = make_zone(&rec);
	uint64_t power[8] = { 0 };
	uint64_t now = 0;

	/* 8 W on the big CPUs heading for 25 + 80 = 105 °C: the zone is polled, crosses 70 °C
	 * and step_wise throttles; the first cdev change must come after the sensor read >= 70 °C */
	for (unsigned c = 4; c < 8; c++)
		t->zones[0].params.heat_cpus.bits[0] |= 1ULL << c, power[c] = 2000000;
	while (now < 60 * CAPSIM_NSEC_PER_SEC && !rec.nr_sets) {
		uint64_t next = thermal_next_poll(t);

		thermal_heat(t, next - now, power);
		now = next;
		thermal_update(t, now, NULL);
	}
	assert_int_equal(rec.nr_sets, 1);
	assert_true(t->zones[0].temperature >= 70000);
	assert_true(t->zones[0].last_temperature < 70000);
	thermal_free(t);
}

static void test_interrupt_zone(void **state)
{
	struct recorder rec = { 0 };
	struct thermal *t = make_zone(&rec);
	uint64_t power[8] = { 0 };

	/* polling-delay 0: after the registration update the zone waits for its sensor's
	 * interrupt, raised when the temperature leaves the window of its thresholds
	 * (here [-INT_MAX, 70 °C]: the passive trip is the only threshold above 25 °C) */
	t->zones[0].params.polling_delay_ms = 0;
	thermal_update(t, 0, NULL);
	assert_true(thermal_next_poll(t) == UINT64_MAX);
	/* 8 W on the big CPUs: 25 + 80 °C at steady state; after 10 s the zone is at
	 * 25 + 80 * (1 - e^(-1/3)) = 47.7 °C: still inside, no interrupt */
	for (unsigned c = 4; c < 8; c++)
		t->zones[0].params.heat_cpus.bits[0] |= 1ULL << c, power[c] = 2000000;
	thermal_heat(t, 10 * CAPSIM_NSEC_PER_SEC, power);
	assert_true(thermal_next_poll(t) == UINT64_MAX);
	/* after 60 s more: 25 + 80 * (1 - e^(-70/30)) = 97 °C, past 70 °C: an update is due now */
	thermal_heat(t, 60 * CAPSIM_NSEC_PER_SEC, power);
	assert_true(thermal_next_poll(t) == 70 * CAPSIM_NSEC_PER_SEC);
	thermal_update(t, 70 * CAPSIM_NSEC_PER_SEC, NULL);
	/* the trip is crossed: passive polling every 100 ms takes over */
	assert_int_equal(t->cdevs[1].cur_state, 1);
	assert_true(thermal_next_poll(t) == 70100 * CAPSIM_NSEC_PER_MSEC);
	thermal_free(t);
}

static void test_user_state(void **state)
{
	struct recorder rec = { 0 };
	struct thermal *t = make_zone(&rec);

	/* sysfs cur_state: applied at once, out-of-range rejected */
	assert_int_equal(thermal_cdev_set_state(t, 0, 2, 0), 0);
	assert_int_equal(rec.last_khz, 1402000);
	assert_int_equal(rec.last_policy, 0);
	assert_int_equal(thermal_cdev_set_state(t, 0, 5, 0), CAPSIM_ERR_RANGE);
	assert_int_equal(thermal_find_cdev(t, "thermal-cpufreq-1"), 1);
	assert_int_equal(thermal_find_cdev(t, "nope"), -1);
	thermal_free(t);
}

static void test_bad_params(void **state)
{
	struct thermal_zone_params zp = { .name = "z", .nr_trips = 1, .nr_binds = 1 };
	struct thermal_cdev_params cd[2];
	struct thermal_params p = { &zp, 1, cd, 2, 0 };
	struct thermal *t;
	capsim_error err;

	fixture_cdevs(cd);
	zp.rc = (struct thermal_rc_params){ 25000, 25000, 10000, 3000 };
	zp.trips[0] = (struct thermal_trip){ 70000, 2000, THERMAL_TRIP_PASSIVE };
	zp.binds[0] = (struct thermal_bind_params){ 0, 7, THERMAL_NO_LIMIT, THERMAL_NO_LIMIT, 0 };
	assert_int_equal(thermal_create(&p, NULL, &t, &err), CAPSIM_ERR_INVALID);
	assert_null(t);
	assert_non_null(strstr(err.msg, "thermal zone z: cooling-maps[0]"));
	zp.binds[0] = (struct thermal_bind_params){ 0, 1, 3, 9, 0 };
	assert_int_equal(thermal_create(&p, NULL, &t, &err), CAPSIM_ERR_RANGE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ramp),
		cmocka_unit_test(test_rc_driven),
		cmocka_unit_test(test_interrupt_zone),
		cmocka_unit_test(test_user_state),
		cmocka_unit_test(test_bad_params),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
