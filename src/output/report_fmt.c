// SPDX-License-Identifier: MIT
/*
 * report_fmt.c - "%llu" and "%.Nf" without printf, for the tables a large run prints (a summary
 * of 100 000 tasks: glibc's vfprintf and __printf_fp took a quarter of its instructions). The
 * digits are printf's: "%.Nf" rounds the exact binary value of @v to N decimals, ties to even,
 * and so does fmt_fixed() wherever it can tell which way that goes (see there); the rest go to
 * snprintf() itself.
 */
#include <math.h>
#include <stdio.h>

#include "internal.h"
#include "output/report_fmt.h"

size_t fmt_u64(char *out, uint64_t v)
{
	char rev[20];
	size_t n = 0, len;

	do {
		rev[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	for (len = 0; len < n; len++)
		out[len] = rev[n - 1 - len];
	out[len] = '\0';
	return len;
}

/*
 * Step 1: a = |v| * 10^prec, rounded once (error at most half an ulp of a, a * 2^-53).
 * Step 2: whole + frac = a, both exact (a < 2^52). The exact |v| * 10^prec lies within a's
 *         error of a: when frac is further than that from 0.5, both round to the same integer
 *         k (a crossing of an integer moves whole and frac together), and k's digits with a
 *         point before the last prec are printf's. Otherwise (a tie, or too close to tell):
 *         snprintf().
 */
size_t fmt_fixed(char *out, double v, unsigned prec)
{
	static const double scale[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6 };
	double a, whole, frac;
	char digits[24];
	size_t n = 0, nd;

	if (prec < ARRAY_SIZE(scale) && isfinite(v)) {
		a = fabs(v) * scale[prec];                 /* Step 1 */
		whole = floor(a);                          /* Step 2 */
		frac = a - whole;
		if (a < 0x1p52 && fabs(frac - 0.5) > a * 0x1p-51) {
			nd = fmt_u64(digits, (uint64_t)whole + (frac > 0.5));
			if (signbit(v))
				out[n++] = '-';
			if (nd <= prec) {               /* 0.00k */
				out[n++] = '0';
				if (prec)
					out[n++] = '.';
				for (size_t z = nd; z < prec; z++)
					out[n++] = '0';
				for (size_t i = 0; i < nd; i++)
					out[n++] = digits[i];
			} else {
				for (size_t i = 0; i < nd; i++) {
					if (i == nd - prec)
						out[n++] = '.';
					out[n++] = digits[i];
				}
			}
			out[n] = '\0';
			return n;
		}
	}
	return (size_t)snprintf(out, FMT_FIXED_MAX, "%.*f", (int)prec, v);
}
