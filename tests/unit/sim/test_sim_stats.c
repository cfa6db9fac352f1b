// SPDX-License-Identifier: MIT
/*
 * test_sim_stats.c - tests src/sim/sim_stats.c: a task's latency percentiles (nearest rank over
 * the histogram of 4 buckets per power of two, reported as the bucket's lower bound) whatever
 * order the latencies come in, and its runtime per CPU. Expected values are derived by hand in
 * the comments from the bucket layout of sim.h.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "sim/sim.h"

static struct sim_task *new_task(void)
{
	struct sim_task *p = calloc(1, sizeof(*p));

	assert_non_null(p);
	p->st.cur_cpu = -1;
	return p;
}

static void free_task(struct sim_task *p)
{
	free(p->st.lat_hist);
	free(p->st.by_cpu);
	free(p);
}

/*
 * Ten latencies: 100 µs twice (first, so the histogram then grows downwards), 2 µs three times
 * and 0 five times. 2000 ns: 2^10 <= 2000 < 2^11, sub-bucket (2000 >> 8) & 3 = 3, lower bound
 * (4 + 3) << 8 = 1792. 100000 ns: 2^16 <= it, sub-bucket (100000 >> 14) & 3 = 2, lower bound
 * (4 + 2) << 14 = 98304. Nearest ranks: p50 -> 5th (a 0), p60 -> 6th and p80 -> 8th (2 µs),
 * p90 -> 9th and p99 -> 10th (100 µs).
 */
static void test_latency_percentiles(void **state)
{
	struct sim_task *p = new_task();

	(void)state;
	assert_int_equal(task_latency_percentile(p, 50), 0);
	task_record_latency(p, 100000);
	task_record_latency(p, 100000);
	for (unsigned i = 0; i < 3; i++)
		task_record_latency(p, 2000);
	for (unsigned i = 0; i < 5; i++)
		task_record_latency(p, 0);
	assert_int_equal(task_latency_percentile(p, 50), 0);
	assert_int_equal(task_latency_percentile(p, 60), 1792);
	assert_int_equal(task_latency_percentile(p, 80), 1792);
	assert_int_equal(task_latency_percentile(p, 90), 98304);
	assert_int_equal(task_latency_percentile(p, 99), 98304);
	free_task(p);
}

/* Only latencies under 1.024 µs: every percentile is 0. One of 2^37 ns or more: the last bucket. */
static void test_latency_ends(void **state)
{
	struct sim_task *p = new_task();

	(void)state;
	task_record_latency(p, 1023);
	task_record_latency(p, 0);
	assert_int_equal(task_latency_percentile(p, 99), 0);
	task_record_latency(p, 1ULL << 40);
	/* bucket LAT_BUCKETS - 1 = 108: 2^36 + 3 * 2^34, lower bound (4 + 3) << 34 */
	assert_true(task_latency_percentile(p, 99) == 7ULL << 34);
	assert_int_equal(task_latency_percentile(p, 50), 0);
	free_task(p);
}

/*
 * Runtime gathers per CPU: 5 + 7 ns on CPU 3, 11 on CPU 255, then on CPU 0 UINT32_MAX ns (still
 * 4-byte entries) and one more (every entry widened to 8 bytes), with more CPUs after it.
 */
static void test_cpu_time(void **state)
{
	struct sim_task *p = new_task();
	uint64_t big = (1ULL << 40) + 9;

	(void)state;
	task_add_cpu_time(p, 3, 5);
	task_add_cpu_time(p, 255, 11);
	task_add_cpu_time(p, 3, 7);
	task_add_cpu_time(p, 0, UINT32_MAX);
	task_add_cpu_time(p, 3, 1);
	assert_int_equal(p->st.by_cpu_size, CPU_TIME_NARROW);
	task_add_cpu_time(p, 0, 1);
	task_add_cpu_time(p, 7, big);
	task_flush_cpu_time(p);
	assert_int_equal(p->st.by_cpu_size, CPU_TIME_WIDE);
	assert_int_equal(p->st.nr_by_cpu, 4);
	assert_int_equal(cpu_time_cpu(&p->st, 0), 3);
	assert_int_equal(cpu_time_ns(&p->st, 0), 13);
	assert_int_equal(cpu_time_cpu(&p->st, 1), 255);
	assert_int_equal(cpu_time_ns(&p->st, 1), 11);
	assert_int_equal(cpu_time_cpu(&p->st, 2), 0);
	assert_true(cpu_time_ns(&p->st, 2) == UINT32_MAX + 1ULL);
	assert_int_equal(cpu_time_cpu(&p->st, 3), 7);
	assert_true(cpu_time_ns(&p->st, 3) == big);
	for (unsigned c = 8; c < 30; c++)
		task_add_cpu_time(p, (int)c, c);
	task_flush_cpu_time(p);
	assert_int_equal(p->st.nr_by_cpu, 26);
	assert_int_equal(cpu_time_cpu(&p->st, 25), 29);
	assert_int_equal(cpu_time_ns(&p->st, 25), 29);
	assert_true(cpu_time_ns(&p->st, 3) == big);
	free_task(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_latency_percentiles),
		cmocka_unit_test(test_latency_ends),
		cmocka_unit_test(test_cpu_time),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
