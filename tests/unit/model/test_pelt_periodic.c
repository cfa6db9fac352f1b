// SPDX-License-Identifier: MIT
/*
 * test_pelt_periodic.c - tests src/model/pelt_periodic.c: a periodic task is updated exactly at its
 * wake-ups, ticks and sleeps; the settled band, mean and settle time follow their definitions.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "capsim/capsim.h"

#define MS 1000000ULL

struct trace {
	struct capsim_pelt_periodic_sample s[4096];
	size_t n;
};

static void record(const struct capsim_pelt_periodic_sample *s, void *ctx)
{
	struct trace *t = ctx;

	assert_true(t->n < 4096);
	t->s[t->n++] = *s;
}

/*
 * 3 ms every 10 ms with a 2 ms tick, from t = 5 ms, 8 periods: per activation k the updates are
 * the wake-up at 5 + 10k (sleeping before), the ticks at 6 + 10k (the next multiple of 2 ms)
 * and the sleep at 8 + 10k (running before); then the final wake-up at 85 ms. Replaying the
 * same calls by hand must give the same sched_avg at every step.
 */
static void test_update_points(void **state)
{
	struct capsim_pelt_periodic_cfg cfg = { .size = sizeof(cfg), .run_ns = 3 * MS, .period_ns = 10 * MS, .duration_ns = 80 * MS,
					 .start_ns = 5 * MS, .tick_ns = 2 * MS, .weight = 335, .tolerance = 10 };
	struct capsim_pelt_periodic_result res = CAPSIM_SIZED(struct capsim_pelt_periodic_result);
	struct capsim_sched_avg sa = { 0 };
	struct trace *t = calloc(1, sizeof(*t));
	capsim_error err = { 0 };
	size_t i = 0;

	assert_int_equal(capsim_pelt_periodic_run(&cfg, &res, record, t, &err), 0);
	assert_int_equal(t->n, 8 * 3 + 1);
	for (uint64_t k = 0; k <= 8; k++) {
		const uint64_t at[3] = { 5 + 10 * k, 6 + 10 * k, 8 + 10 * k };
		for (int j = 0; j < (k < 8 ? 3 : 1); j++, i++) {
			int running = j > 0;
			int upd = capsim_pelt_update(&sa, at[j] * MS, running, running, running, 335);
			assert_true(t->s[i].now_ns == at[j] * MS);
			assert_int_equal(t->s[i].running, running);
			assert_int_equal(t->s[i].updated, upd);
			assert_memory_equal(&t->s[i].sa, &sa, sizeof(sa));
		}
	}
	/* per-activation trough is the wake-up value, peak the sleep value (the signal rises
	 * while running, falls while asleep) */
	assert_int_equal(res.act_min[3], t->s[9].sa.util_avg);
	assert_int_equal(res.act_max[3], t->s[11].sa.util_avg);
	capsim_pelt_periodic_free(&res);
	free(t);
}

/*
 * Always running (RUN = PERIOD): after the ~345 ms a signal needs to reach 1024 from 0
 * (kernel-core.md Appendix A), util_avg stays 1024: settled min = max = mean = 1024, and the
 * settle time is the first activation whose trough is at least 1014 (tolerance 10).
 */
static void test_always_running(void **state)
{
	struct capsim_pelt_periodic_cfg cfg = { .size = sizeof(cfg), .run_ns = 16 * MS, .period_ns = 16 * MS, .duration_ns = 2000 * MS,
					 .weight = 1024, .tolerance = 10 };
	struct capsim_pelt_periodic_result res = CAPSIM_SIZED(struct capsim_pelt_periodic_result);
	capsim_error err = { 0 };

	assert_int_equal(capsim_pelt_periodic_run(&cfg, &res, NULL, NULL, &err), 0);
	assert_int_equal(res.activations, 125);
	assert_int_equal(res.window_first, 125 - 31);
	assert_int_equal(res.util_min, 1024);
	assert_int_equal(res.util_max, 1024);
	assert_true(res.util_mean > 1023.99 && res.util_mean <= 1024.0);
	assert_true(res.settled);
	assert_true(res.act_min[res.settle_activation] >= 1014);
	assert_true(res.act_min[res.settle_activation - 1] < 1014);
	assert_true(res.settle_ns == res.settle_activation * 16 * MS);
	/* ln(1024 / 10) / ln(2) = 6.7 half-lives of 32 ms ~ 214 ms: activation 13 or 14 */
	assert_in_range(res.settle_activation, 12, 15);
	capsim_pelt_periodic_free(&res);
}

/* 25% duty cycle: the settled mean is the duty-cycle value 256 within 1%. */
static void test_mean_near_duty_cycle(void **state)
{
	struct capsim_pelt_periodic_cfg cfg = { .size = sizeof(cfg), .run_ns = 4 * MS, .period_ns = 16 * MS, .duration_ns = 2000 * MS,
					 .weight = 1024, .tolerance = 10 };
	struct capsim_pelt_periodic_result res = CAPSIM_SIZED(struct capsim_pelt_periodic_result);
	capsim_error err = { 0 };

	assert_int_equal(capsim_pelt_periodic_run(&cfg, &res, NULL, NULL, &err), 0);
	assert_true(res.util_mean > 253.4 && res.util_mean < 258.6);
	assert_true(res.util_min < res.util_mean && res.util_mean < res.util_max);
	capsim_pelt_periodic_free(&res);
}

static void test_rejects(void **state)
{
	struct capsim_pelt_periodic_cfg ok = { .size = sizeof(ok), .run_ns = 4 * MS, .period_ns = 16 * MS, .duration_ns = 2000 * MS,
					.weight = 1024, .tolerance = 10 };
	struct capsim_pelt_periodic_cfg c = CAPSIM_SIZED(struct capsim_pelt_periodic_cfg);
	capsim_error err = { 0 };

	assert_int_equal(capsim_pelt_periodic_check(&ok, &err), 0);
	c = ok, c.run_ns = 0;
	assert_int_equal(capsim_pelt_periodic_check(&c, &err), CAPSIM_ERR_RANGE);
	c = ok, c.run_ns = 17 * MS;
	assert_int_equal(capsim_pelt_periodic_check(&c, &err), CAPSIM_ERR_INVALID);
	c = ok, c.duration_ns = 7 * 16 * MS;
	assert_int_equal(capsim_pelt_periodic_check(&c, &err), CAPSIM_ERR_RANGE);
	c = ok, c.period_ns = 100, c.run_ns = 100; /* 20 M activations */
	assert_int_equal(capsim_pelt_periodic_check(&c, &err), CAPSIM_ERR_RANGE);
	c = ok, c.weight = (1 << 18) + 1;
	assert_int_equal(capsim_pelt_periodic_check(&c, &err), CAPSIM_ERR_RANGE);
	c = ok, c.start_ns = UINT64_MAX - 1000 * MS;
	assert_int_equal(capsim_pelt_periodic_check(&c, &err), CAPSIM_ERR_RANGE);
	c = ok, c.tick_ns = 1; /* 4 M ticks per activation */
	assert_int_equal(capsim_pelt_periodic_check(&c, &err), CAPSIM_ERR_RANGE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_update_points),
		cmocka_unit_test(test_always_running),
		cmocka_unit_test(test_mean_near_duty_cycle),
		cmocka_unit_test(test_rejects),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
