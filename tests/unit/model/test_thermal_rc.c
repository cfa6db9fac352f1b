// SPDX-License-Identifier: MIT
/* test_thermal_rc.c - tests src/model/thermal_rc.c: the lumped RC zone model's steady state,
 * transient and parameter checks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "model/thermal.h"

static const struct thermal_rc_params phone = {
	.t_amb = 25000, .t_init = 25000, .r = 10000 /* 10 °C/W */, .c = 3000 /* 3 J/°C */,
};

static void test_steady_state(void **state)
{
	struct thermal_rc rc;

	/* T = T_amb + P * R = 25 °C + 4.5 W * 10 °C/W = 70 °C. After 20 tau (600 s) the
	 * transient is 45 °C * e^-20 ~ 1e-7 °C: the model must sit on 70000 m°C. */
	thermal_rc_init(&rc, &phone);
	thermal_rc_advance(&rc, 600 * CAPSIM_NSEC_PER_SEC, 4500000);
	assert_int_equal(thermal_rc_temp(&rc), 70000);
	/* a second steady state, reached from above: 1 W -> 35 °C */
	thermal_rc_advance(&rc, 600 * CAPSIM_NSEC_PER_SEC, 1000000);
	assert_int_equal(thermal_rc_temp(&rc), 35000);
	/* no power: back to ambient */
	thermal_rc_advance(&rc, 600 * CAPSIM_NSEC_PER_SEC, 0);
	assert_int_equal(thermal_rc_temp(&rc), 25000);
}

static void test_transient(void **state)
{
	struct thermal_rc rc;
	int32_t t;

	/* After one time constant (R*C = 30 s) the rise is 45 °C * (1 - 1/e) = 28.445 °C.
	 * Euler with h = tau/128 gives 45 * (1 - (1 - 1/128)^128) = 28.51 °C: allow 0.2 °C. */
	thermal_rc_init(&rc, &phone);
	thermal_rc_advance(&rc, 30 * CAPSIM_NSEC_PER_SEC, 4500000);
	t = thermal_rc_temp(&rc);
	assert_true(t > 53445 - 200 && t < 53445 + 200);
	/* splitting the same interval into many calls is not the same Euler grid, but must land
	 * within the same tolerance, and the same calls twice give the same bits */
	thermal_rc_init(&rc, &phone);
	for (int i = 0; i < 3000; i++)
		thermal_rc_advance(&rc, 10 * CAPSIM_NSEC_PER_MSEC, 4500000);
	assert_true(thermal_rc_temp(&rc) > 53445 - 200 && thermal_rc_temp(&rc) < 53445 + 200);
}

static void test_thirty_days(void **state)
{
	struct thermal_rc rc;

	/* 30 days in one call (11 M Euler steps of tau/128): no overflow, still the steady state */
	thermal_rc_init(&rc, &phone);
	thermal_rc_advance(&rc, 30ULL * 24 * 3600 * CAPSIM_NSEC_PER_SEC, 4500000);
	assert_int_equal(thermal_rc_temp(&rc), 70000);
}

static void test_validate(void **state)
{
	struct thermal_rc_params p = phone;
	capsim_error err;

	assert_int_equal(thermal_rc_validate(&p, &err), 0);
	p.r = 0;
	assert_int_equal(thermal_rc_validate(&p, &err), CAPSIM_ERR_RANGE);
	p = phone;
	p.r = 1000;
	p.c = 1; /* tau = 1000 * 1 * 1000 ns = 1 ms, below the 10 ms floor */
	assert_int_equal(thermal_rc_validate(&p, &err), CAPSIM_ERR_RANGE);
	assert_non_null(strstr(err.msg, "time constant"));
	p = phone;
	p.t_init = 300000;
	assert_int_equal(thermal_rc_validate(&p, &err), CAPSIM_ERR_RANGE);
}

static void test_saturation(void **state)
{
	struct thermal_rc_params p = phone;
	struct thermal_rc rc;

	/* 1 kW into 1000 °C/W would be 10^6 °C: the model saturates instead of overflowing */
	p.r = 1000000;
	thermal_rc_init(&rc, &p);
	thermal_rc_advance(&rc, 3600 * CAPSIM_NSEC_PER_SEC, UINT64_MAX);
	assert_true(thermal_rc_temp(&rc) > 1000000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_steady_state),
		cmocka_unit_test(test_transient),
		cmocka_unit_test(test_thirty_days),
		cmocka_unit_test(test_validate),
		cmocka_unit_test(test_saturation),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
