// SPDX-License-Identifier: MIT
/* test_units.c - tests src/input/units.c: strict integers, durations, frequencies, CPU lists. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "capsim/capsim.h"

static void test_u64(void **state)
{
	uint64_t v;

	assert_int_equal(capsim_parse_u64("18446744073709551615", &v), 0);
	assert_true(v == UINT64_MAX);
	assert_int_equal(capsim_parse_u64("18446744073709551616", &v), CAPSIM_ERR_RANGE);
	assert_int_equal(capsim_parse_u64("-1", &v), CAPSIM_ERR_PARSE);
	assert_int_equal(capsim_parse_u64(" 5", &v), CAPSIM_ERR_PARSE);
	assert_int_equal(capsim_parse_u64("5x", &v), CAPSIM_ERR_PARSE);
	assert_int_equal(capsim_parse_u64("", &v), CAPSIM_ERR_PARSE);
}

static void test_duration(void **state)
{
	uint64_t v;

	assert_int_equal(capsim_parse_duration_ns("4ms", 1, &v), 0);
	assert_true(v == 4000000);
	/* 1.5 ms = 1 500 000 ns exactly; 0.25 s = 250 000 000 ns */
	assert_int_equal(capsim_parse_duration_ns("1.5ms", 1, &v), 0);
	assert_true(v == 1500000);
	assert_int_equal(capsim_parse_duration_ns("0.25s", 1, &v), 0);
	assert_true(v == 250000000);
	/* a bare number takes the default unit: 250 us */
	assert_int_equal(capsim_parse_duration_ns("250", CAPSIM_NSEC_PER_USEC, &v), 0);
	assert_true(v == 250000);
	assert_int_equal(capsim_parse_duration_ns("2min", 1, &v), 0);
	assert_true(v == 120 * CAPSIM_NSEC_PER_SEC);
	assert_int_equal(capsim_parse_duration_ns("0.5ns", 1, &v), CAPSIM_ERR_RANGE);
	assert_int_equal(capsim_parse_duration_ns("101y", 1, &v), CAPSIM_ERR_PARSE);
	/* 100 years is the ceiling; 1e6 hours is ~114 years */
	assert_int_equal(capsim_parse_duration_ns("1000000h", 1, &v), CAPSIM_ERR_RANGE);
	assert_int_equal(capsim_parse_duration_ns("4 ms", 1, &v), CAPSIM_ERR_PARSE);
	assert_int_equal(capsim_parse_duration_ns("1.ms", 1, &v), CAPSIM_ERR_PARSE);
}

static void test_freq(void **state)
{
	uint32_t f;

	assert_int_equal(capsim_parse_freq_khz("1800000", &f), 0);
	assert_int_equal(f, 1800000);
	assert_int_equal(capsim_parse_freq_khz("1.8GHz", &f), 0);
	assert_int_equal(f, 1800000);
	assert_int_equal(capsim_parse_freq_khz("408MHz", &f), 0);
	assert_int_equal(f, 408000);
	assert_int_equal(capsim_parse_freq_khz("0", &f), CAPSIM_ERR_RANGE);
	assert_int_equal(capsim_parse_freq_khz("4294967296", &f), CAPSIM_ERR_RANGE);
}

static void test_cpulist(void **state)
{
	capsim_cpumask m;
	char buf[64];

	assert_int_equal(capsim_parse_cpulist("0-3,6,8-9", &m), 0);
	assert_int_equal(capsim_cpumask_weight(&m), 7);
	assert_true(capsim_cpumask_test(&m, 6));
	assert_false(capsim_cpumask_test(&m, 7));
	capsim_format_cpulist(&m, buf, sizeof(buf));
	assert_string_equal(buf, "0-3,6,8-9");
	assert_int_equal(capsim_parse_cpulist("3-1", &m), CAPSIM_ERR_RANGE);
	assert_int_equal(capsim_parse_cpulist("256", &m), CAPSIM_ERR_RANGE);
	assert_int_equal(capsim_parse_cpulist("1,", &m), CAPSIM_ERR_PARSE);
	assert_int_equal(capsim_parse_cpulist("", &m), CAPSIM_ERR_PARSE);
}

/*
 * capsim_cpumask_weight() counts the set bits of all four words: none, every one (256), each
 * word's ends (0, 63, 64, 127, 128, 191, 192, 255: 8), alternate bits of every word (128), and
 * CPU i for each i alone (1) and with all below it (i + 1), as counting bit by bit says.
 */
static void test_cpumask_weight(void **state)
{
	capsim_cpumask m = { { 0 } };

	(void)state;
	assert_int_equal(capsim_cpumask_weight(&m), 0);
	for (unsigned w = 0; w < CAPSIM_MAX_CPUS / 64; w++)
		m.bits[w] = ~0ULL;
	assert_int_equal(capsim_cpumask_weight(&m), CAPSIM_MAX_CPUS);
	for (unsigned w = 0; w < CAPSIM_MAX_CPUS / 64; w++)
		m.bits[w] = 1ULL | 1ULL << 63;
	assert_int_equal(capsim_cpumask_weight(&m), 8);
	for (unsigned w = 0; w < CAPSIM_MAX_CPUS / 64; w++)
		m.bits[w] = 0x5555555555555555ULL;
	assert_int_equal(capsim_cpumask_weight(&m), CAPSIM_MAX_CPUS / 2);
	for (unsigned i = 0; i < CAPSIM_MAX_CPUS; i++) {
		capsim_cpumask one = { { 0 } }, below = { { 0 } };

		capsim_cpumask_set(&one, i);
		for (unsigned j = 0; j <= i; j++)
			capsim_cpumask_set(&below, j);
		assert_int_equal(capsim_cpumask_weight(&one), 1);
		assert_int_equal(capsim_cpumask_weight(&below), i + 1);
	}
}

/* capsim_cpu_wrap() is (start + i) % nr for every start and i, inside the walks' range or not */
static void test_cpu_wrap(void **state)
{
	(void)state;
	for (unsigned nr = 1; nr <= 9; nr++)
		for (unsigned start = 0; start < 3 * nr; start++)
			for (unsigned i = 0; i <= 3 * nr; i++)
				assert_int_equal(capsim_cpu_wrap(start, i, nr), (start + i) % nr);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_u64),
		cmocka_unit_test(test_duration),
		cmocka_unit_test(test_freq),
		cmocka_unit_test(test_cpulist),
		cmocka_unit_test(test_cpumask_weight),
		cmocka_unit_test(test_cpu_wrap),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
