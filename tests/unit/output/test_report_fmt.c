// SPDX-License-Identifier: MIT
/*
 * test_report_fmt.c - tests src/output/report_fmt.c against snprintf() itself: every number must
 * come out as "%llu" and "%.Nf" write it. The values are those the reports print (ns over 1e9 or
 * 1e3, means of integers), exact ties and their neighbours, signs, zeros, extremes, and a
 * million pseudo-random doubles of every magnitude.
 */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "output/report_fmt.h"

static void check_fixed(double v, unsigned prec)
{
	char want[FMT_FIXED_MAX], got[FMT_FIXED_MAX];
	int n = snprintf(want, sizeof(want), "%.*f", (int)prec, v);

	if (fmt_fixed(got, v, prec) != (size_t)n || strcmp(got, want))
		fail_msg("%.17g with %u decimals: \"%s\", printf \"%s\"", v, prec, got, want);
}

static void check_all_precs(double v)
{
	for (unsigned prec = 0; prec <= 7; prec++) {
		check_fixed(v, prec);
		check_fixed(-v, prec);
	}
}

static void test_u64(void **state)
{
	static const uint64_t values[] = { 0, 1, 9, 10, 99, 100, 12345, 4294967295ULL,
					   4294967296ULL, 999999999999999999ULL, UINT64_MAX };
	char want[32], got[32];

	(void)state;
	for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		snprintf(want, sizeof(want), "%llu", (unsigned long long)values[i]);
		assert_int_equal(fmt_u64(got, values[i]), strlen(want));
		assert_string_equal(got, want);
	}
}

/* What the reports print: ns as s (* 1e-9) and as µs (/ 1e3), ties among them. */
static void test_report_values(void **state)
{
	(void)state;
	for (uint64_t ns = 0; ns < 3000000; ns += 499)
		check_all_precs((double)ns * 1e-9);
	for (uint64_t ns = 0; ns < 200000; ns += 7)
		check_all_precs((double)ns / 1e3);
	/* exact ties in binary: 0.5, 2.5, 0.125 at 2 decimals, 1.0625 at 3 */
	check_all_precs(0.5);
	check_all_precs(2.5);
	check_all_precs(0.125);
	check_all_precs(1.0625);
	for (int64_t sum = -100000; sum < 100000; sum += 37)
		for (int64_t n = 1; n < 40; n += 3)
			check_fixed((double)sum / (double)n / 1e3, 1);
	check_fixed(0.0, 3);
	check_fixed(-0.0, 3);
	check_fixed(-0.04, 1);
}

static void test_extremes(void **state)
{
	static const double values[] = { DBL_MAX, DBL_MIN, DBL_TRUE_MIN, 0x1p52, 0x1p52 - 1,
					 0x1p53, 1e15, 4503599627370495.5, 1e300, 1e-300 };

	(void)state;
	for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++)
		check_all_precs(values[i]);
	check_fixed(INFINITY, 3);
	check_fixed(-INFINITY, 1);
	check_fixed(NAN, 2);
}

/* xorshift64*: a million doubles from 1e-12 to 1e18, and their neighbours. */
static void test_random(void **state)
{
	uint64_t x = 88172645463325252ULL;

	(void)state;
	for (unsigned i = 0; i < 1000000; i++) {
		double v;

		x ^= x >> 12;
		x ^= x << 25;
		x ^= x >> 27;
		v = (double)(x * 2685821657736338717ULL >> 11) * 0x1p-53;
		v = ldexp(v, (int)(i % 100) - 40);
		check_fixed(v, i % 7);
		check_fixed(nextafter(v, 0), i % 4);
		check_fixed(-nextafter(v, 1e300), i % 4);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_u64),
		cmocka_unit_test(test_report_values),
		cmocka_unit_test(test_extremes),
		cmocka_unit_test(test_random),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
