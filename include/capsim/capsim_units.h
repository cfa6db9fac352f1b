/* SPDX-License-Identifier: MIT */
/*
 * capsim_units.h - strict parsers for the numbers people type: integers, durations, frequencies
 * and CPU lists (the sysfs "0-3,6" form). Shared by every input format and the CLI so that a
 * duration means the same thing everywhere. None of them accepts leading/trailing junk, signs
 * where a value cannot be negative, or values that do not fit.
 */
#ifndef CAPSIM_UNITS_H
#define CAPSIM_UNITS_H

#include <stdbool.h>
#include <stdint.h>

#include "capsim/capsim.h"

#define CAPSIM_NSEC_PER_USEC 1000ULL
#define CAPSIM_NSEC_PER_MSEC 1000000ULL
#define CAPSIM_NSEC_PER_SEC 1000000000ULL
/* Longest duration any input may ask for: 100 years of simulated time. */
#define CAPSIM_MAX_DURATION_NS (100ULL * 366 * 24 * 3600 * CAPSIM_NSEC_PER_SEC)
/* CPUs a platform may have; CPU masks are this many bits. */
#define CAPSIM_MAX_CPUS 256

/**
 * capsim_parse_u64() - a decimal unsigned integer, the whole string, no sign, no overflow.
 * Return: 0, or CAPSIM_ERR_PARSE (not a number) / CAPSIM_ERR_RANGE (beyond u64).
 */
CAPSIM_API int capsim_parse_u64(const char *s, uint64_t *out);

/**
 * capsim_parse_duration_ns() - "250us", "4ms", "1.5s", "100ns", "2min", "1h", "1d" (units in
 * any case); a bare number is taken in @default_unit_ns — capsim's command line (every
 * command: cli/cli_options.c), scenario files and the Python binding give CAPSIM_NSEC_PER_SEC,
 * one grammar everywhere — or refused when @default_unit_ns is 0 (for a caller whose bare
 * numbers meant another unit); "0" needs no unit. Fractions are exact to the ns.
 * Return: 0, CAPSIM_ERR_PARSE, or CAPSIM_ERR_RANGE (beyond CAPSIM_MAX_DURATION_NS).
 */
CAPSIM_API int capsim_parse_duration_ns(const char *s, uint64_t default_unit_ns, uint64_t *out);

/**
 * capsim_parse_freq_khz() - "1800000" (kHz), "1800MHz", "1.8GHz", "1800000kHz" (units in any
 * case). A bare number is kHz: where a platform is known, capsim_platform_check_bare_khz()
 * refuses one far outside its OPPs.
 * Return: 0, CAPSIM_ERR_PARSE, or CAPSIM_ERR_RANGE (0, or above 2^32-1 kHz).
 */
CAPSIM_API int capsim_parse_freq_khz(const char *s, uint32_t *out);

/** capsim_is_bare_number() - true if @s is digits (and a point) only: a value without a unit. */
CAPSIM_API bool capsim_is_bare_number(const char *s);

/**
 * capsim_parse_policy() - a cpufreq policy as people name it: "4" or "policy4" (the policy
 * whose first CPU is 4, as sysfs's policyN), or "cpu4" (the policy CPU 4 belongs to; *@by_cpu
 * set). One spelling per number: "policy04" is refused.
 * Return: 0 and *@cpu, CAPSIM_ERR_PARSE, or CAPSIM_ERR_RANGE (beyond CAPSIM_MAX_CPUS).
 */
CAPSIM_API int capsim_parse_policy(const char *s, unsigned *cpu, bool *by_cpu);

/* A set of CPUs, CAPSIM_MAX_CPUS bits. Frozen: a value embedded in other structs (more CPUs is a
 * new SOVERSION). */
typedef struct capsim_cpumask {
	uint64_t bits[CAPSIM_MAX_CPUS / 64];
} capsim_cpumask;

static inline void capsim_cpumask_set(capsim_cpumask *m, unsigned cpu)
{
	m->bits[cpu / 64] |= 1ULL << (cpu % 64);
}

static inline int capsim_cpumask_test(const capsim_cpumask *m, unsigned cpu)
{
	return cpu < CAPSIM_MAX_CPUS && (m->bits[cpu / 64] >> (cpu % 64)) & 1;
}

/**
 * capsim_cpu_wrap() - (@start + @i) % @nr, the @i-th CPU of a for_each_cpu_wrap() walk from
 * @start; without a division when @start < @nr and @i <= @nr (the walks' case).
 */
static inline unsigned capsim_cpu_wrap(unsigned start, unsigned i, unsigned nr)
{
	unsigned c = start + i;

	if (c < nr)
		return c;
	c -= nr;
	return c < nr ? c : c % nr;
}

/** capsim_cpumask_next() - the first CPU of @m in [@cpu, @nr); @nr if none. */
static inline unsigned capsim_cpumask_next(const capsim_cpumask *m, unsigned cpu, unsigned nr)
{
	if (nr > CAPSIM_MAX_CPUS)
		nr = CAPSIM_MAX_CPUS;
	for (unsigned w = cpu / 64; w * 64 < nr; w++) {
		uint64_t bits = m->bits[w];

		if (w == cpu / 64)
			bits &= ~0ULL << (cpu % 64);
		if (bits) {
			unsigned found = w * 64 + (unsigned)__builtin_ctzll(bits);

			return found < nr ? found : nr;
		}
	}
	return nr;
}

/** capsim_cpumask_weight() - number of CPUs in @m. */
CAPSIM_API unsigned capsim_cpumask_weight(const capsim_cpumask *m);

/**
 * capsim_parse_cpulist() - "0-3,6,8-9" (sysfs cpulist form) into @out.
 * Return: 0, CAPSIM_ERR_PARSE, or CAPSIM_ERR_RANGE (a CPU >= CAPSIM_MAX_CPUS, or a reversed range).
 */
CAPSIM_API int capsim_parse_cpulist(const char *s, capsim_cpumask *out);

/**
 * capsim_format_cpulist() - @m as "0-3,6" into @buf (always NUL-terminated; "" if empty).
 */
CAPSIM_API void capsim_format_cpulist(const capsim_cpumask *m, char *buf, unsigned size);

#endif /* CAPSIM_UNITS_H */
