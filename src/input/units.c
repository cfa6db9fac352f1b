// SPDX-License-Identifier: MIT
/*
 * units.c - strict number, duration, frequency and CPU-list parsing shared by every input format.
 * strtoull() alone accepts "-1", " 5" and "5x"; users' typos must be errors, not silent values,
 * so every parser here consumes the whole string and checks overflow explicitly.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "capsim/capsim.h"

/* Parses leading decimal digits; stores how many were read in *ndigits. */
static int parse_digits(const char **sp, uint64_t *out, unsigned *ndigits)
{
	const char *s = *sp;
	uint64_t v = 0;
	unsigned n = 0;

	for (; *s >= '0' && *s <= '9'; s++, n++) {
		unsigned d = (unsigned)(*s - '0');
		if (v > (UINT64_MAX - d) / 10)
			return CAPSIM_ERR_RANGE;
		v = v * 10 + d;
	}
	*sp = s;
	*out = v;
	*ndigits = n;
	return n ? 0 : CAPSIM_ERR_PARSE;
}

int capsim_parse_u64(const char *s, uint64_t *out)
{
	unsigned n;
	int ret;

	if (!s)
		return CAPSIM_ERR_PARSE;
	ret = parse_digits(&s, out, &n);
	if (ret)
		return ret;
	return *s ? CAPSIM_ERR_PARSE : 0;
}

/*
 * "INT[.FRAC]UNIT" scaled to an integer count of base units: the fraction is exact as long as
 * the unit has enough base units for its digits (e.g. "1.5ms" = 1500000 ns; "0.5ns" rejected).
 */
static int parse_scaled(const char *s, const char *const *units, const uint64_t *scales,
			uint64_t default_scale, uint64_t max, uint64_t *out)
{
	uint64_t whole, frac = 0, frac_div = 1, scale = 0, v;
	unsigned n;
	int ret;

	if (!s)
		return CAPSIM_ERR_PARSE;
	ret = parse_digits(&s, &whole, &n);
	if (ret)
		return ret;
	if (*s == '.') {
		s++;
		for (n = 0; *s >= '0' && *s <= '9'; s++, n++) {
			if (n >= 18)
				return CAPSIM_ERR_RANGE;
			frac = frac * 10 + (uint64_t)(*s - '0');
			frac_div *= 10;
		}
		if (!n)
			return CAPSIM_ERR_PARSE;
	}
	if (!*s) {
		scale = whole || frac ? default_scale : 1; /* 0 needs no unit */
	} else {
		for (unsigned i = 0; units[i]; i++)
			if (!strcasecmp(s, units[i]))
				scale = scales[i];
	}
	if (!scale)
		return CAPSIM_ERR_PARSE;
	if (whole > max / scale)
		return CAPSIM_ERR_RANGE;
	v = whole * scale;
	if (frac) {
		/* frac < frac_div <= 10^18 and scale <= 3.6e12: split to avoid overflow. */
		uint64_t part = (scale / frac_div) * frac + ((scale % frac_div) * frac) / frac_div;
		if ((scale % frac_div) * frac % frac_div)
			return CAPSIM_ERR_RANGE; /* finer than the base unit */
		if (part > max - v)
			return CAPSIM_ERR_RANGE;
		v += part;
	}
	*out = v;
	return 0;
}

int capsim_parse_duration_ns(const char *s, uint64_t default_unit_ns, uint64_t *out)
{
	static const char *const units[] = { "ns", "us", "ms", "s", "min", "h", "d", NULL };
	static const uint64_t scales[] = { 1, CAPSIM_NSEC_PER_USEC, CAPSIM_NSEC_PER_MSEC,
					   CAPSIM_NSEC_PER_SEC, 60 * CAPSIM_NSEC_PER_SEC,
					   3600 * CAPSIM_NSEC_PER_SEC, 86400 * CAPSIM_NSEC_PER_SEC };

	return parse_scaled(s, units, scales, default_unit_ns, CAPSIM_MAX_DURATION_NS, out);
}

int capsim_parse_freq_khz(const char *s, uint32_t *out)
{
	static const char *const units[] = { "kHz", "MHz", "GHz", NULL }; /* in any case */
	static const uint64_t scales[] = { 1, 1000, 1000000 };
	uint64_t v;
	int ret = parse_scaled(s, units, scales, 1, UINT32_MAX, &v);

	if (ret)
		return ret;
	if (!v)
		return CAPSIM_ERR_RANGE;
	*out = (uint32_t)v;
	return 0;
}

/*
 * The set bits of @x, in a dozen instructions without the popcnt instruction (x86-64's
 * baseline has none, and __builtin_popcountll() is then a libgcc call that reads a table).
 */
static inline unsigned popcount64(uint64_t x)
{
	x -= (x >> 1) & 0x5555555555555555ULL;
	x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (unsigned)((x * 0x0101010101010101ULL) >> 56);
}

unsigned capsim_cpumask_weight(const capsim_cpumask *m)
{
	unsigned n = 0;

	for (unsigned i = 0; i < CAPSIM_MAX_CPUS / 64; i++)
		if (m->bits[i]) /* a platform of a few CPUs sets one word of the four */
			n += popcount64(m->bits[i]);
	return n;
}

int capsim_parse_cpulist(const char *s, capsim_cpumask *out)
{
	capsim_cpumask m;
	int ret;

	memset(&m, 0, sizeof(m));
	if (!s || !*s)
		return CAPSIM_ERR_PARSE;
	for (;;) {
		uint64_t lo, hi;
		unsigned n;

		ret = parse_digits(&s, &lo, &n);
		if (ret)
			return ret;
		hi = lo;
		if (*s == '-') {
			s++;
			ret = parse_digits(&s, &hi, &n);
			if (ret)
				return ret;
		}
		if (hi < lo || hi >= CAPSIM_MAX_CPUS)
			return CAPSIM_ERR_RANGE;
		for (uint64_t c = lo; c <= hi; c++)
			capsim_cpumask_set(&m, (unsigned)c);
		if (!*s)
			break;
		if (*s++ != ',')
			return CAPSIM_ERR_PARSE;
	}
	*out = m;
	return 0;
}

void capsim_format_cpulist(const capsim_cpumask *m, char *buf, unsigned size)
{
	unsigned len = 0;

	if (!size)
		return;
	buf[0] = '\0';
	for (unsigned c = 0; c < CAPSIM_MAX_CPUS; c++) {
		unsigned end = c;
		int w;

		if (!capsim_cpumask_test(m, c))
			continue;
		while (end + 1 < CAPSIM_MAX_CPUS && capsim_cpumask_test(m, end + 1))
			end++;
		if (end == c)
			w = snprintf(buf + len, size - len, "%s%u", len ? "," : "", c);
		else
			w = snprintf(buf + len, size - len, "%s%u-%u", len ? "," : "", c, end);
		if (w < 0 || (unsigned)w >= size - len)
			return;
		len += (unsigned)w;
		c = end;
	}
}

bool capsim_is_bare_number(const char *s)
{
	if (!s || !*s)
		return false;
	for (; *s; s++)
		if ((*s < '0' || *s > '9') && *s != '.')
			return false;
	return true;
}

int capsim_parse_policy(const char *s, unsigned *cpu, bool *by_cpu)
{
	uint64_t v;

	*by_cpu = !strncmp(s, "cpu", 3);
	if (!strncmp(s, "policy", 6))
		s += 6;
	else if (*by_cpu)
		s += 3;
	/* "policy04" is no sysfs name: one spelling per policy */
	if ((s[0] == '0' && s[1]) || capsim_parse_u64(s, &v))
		return CAPSIM_ERR_PARSE;
	if (v >= CAPSIM_MAX_CPUS)
		return CAPSIM_ERR_RANGE;
	*cpu = (unsigned)v;
	return 0;
}
