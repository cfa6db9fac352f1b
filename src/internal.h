/* SPDX-License-Identifier: MIT */
/*
 * internal.h - helpers private to the library: array sizes, early-return on error, and the
 * kernel's fixed-point and integer helpers that several files share.
 */
#ifndef CAPSIM_INTERNAL_H
#define CAPSIM_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "capsim/capsim.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* a function inlined whatever the compiler's size limits: one frame with its callers on a hot
 * path (say which where it is used) */
#define CAPSIM_ALWAYS_INLINE inline __attribute__((always_inline))

/*
 * CAPSIM_MUT(id, orig, mutant) - a mutation point of `make kernel-check-mutants`
 * (kernel-check/mutants.txt lists each): @orig in every build but the mutants build
 * (-DCAPSIM_MUTANTS, kernel-check/mutants.sh), which takes @mutant when the run's CAPSIM_MUTANT
 * (read once at start, src/mutant.c) is @id.
 */
#ifdef CAPSIM_MUTANTS
extern int capsim_mutant;
#define CAPSIM_MUT(id, orig, mutant) (capsim_mutant == (id) ? (mutant) : (orig))
#else
#define CAPSIM_MUT(id, orig, mutant) (orig)
#endif

/* The number of names in a NULL-terminated list, for capsim_suggest(). */
static inline size_t strv_len(const char *const *v)
{
	size_t n = 0;

	while (v[n])
		n++;
	return n;
}

/* Return @err from the current function when @cond holds. */
#define CAPSIM_RETURN_IF(cond, err)      \
	do {                             \
		if (cond)                \
			return (err);    \
	} while (0)

/* include/vdso/time64.h */
#define NSEC_PER_SEC 1000000000ULL
#define NSEC_PER_MSEC 1000000ULL
#define NSEC_PER_USEC 1000ULL

#define SCHED_CAPACITY_SHIFT 10
#define SCHED_CAPACITY_SCALE (1UL << SCHED_CAPACITY_SHIFT)

/*
 * for_each_cpu(cpu, mask, nr) - for (int cpu in @mask below @nr), ascending, one set bit at a
 * time (the kernel's for_each_cpu()). No break in the body: it would leave only the inner loop.
 */
#define for_each_cpu(cpu, mask, nr)                                                        \
	for (int cpu, w_ = 0; w_ * 64 < (int)(nr); w_++)                                    \
		for (uint64_t b_ = (mask)->bits[w_];                                        \
		     b_ && (cpu = w_ * 64 + __builtin_ctzll(b_)) < (int)(nr); b_ &= b_ - 1)

/* mirrors mult_frac(), include/linux/math.h: floor(x*n/d) without overflowing x*n. */
static inline uint64_t mult_frac(uint64_t x, uint64_t n, uint64_t d)
{
	uint64_t q = x / d, r = x % d;

	return q * n + r * n / d;
}

/* mirrors cap_scale(), kernel/sched/sched.h */
static inline uint64_t cap_scale(uint64_t v, uint64_t s)
{
	return (v * s) >> SCHED_CAPACITY_SHIFT;
}

#endif /* CAPSIM_INTERNAL_H */
