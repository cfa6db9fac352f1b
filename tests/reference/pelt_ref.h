/* SPDX-License-Identifier: MIT */
/*
 * pelt_ref.h - slow reference models of PELT for differential tests of src/model/pelt.c.
 *
 * ref_*: an integer model written from the words of /work/shared/spec/kernel-core.md §2 (not
 * from src/model/pelt.c): the decay table typed in from the spec, the 64x32 multiply done in 32-bit
 * halves (the kernel's generic fallback, not __int128), halving one bit at a time, and the
 * time split into d1/d2/d3 from absolute unit counts instead of period_contrib arithmetic.
 * It must agree with src/model/pelt.c bit for bit.
 *
 * fref_*: the same discrete scheme in long double with the exact y = 2^(-1/32), no truncation
 * and the ideal maximum 1024 / (1 - y). It shows the integer signal is the intended average:
 * util_avg agrees within the few units that truncation costs (see test_pelt.c).
 */
#ifndef CAPSIM_PELT_REF_H
#define CAPSIM_PELT_REF_H

#include <math.h>
#include <stdint.h>

/* kernel-core.md §2.1, index 0..31 */
static const uint32_t ref_table[32] = {
	0xffffffff, 0xfa83b2da, 0xf5257d14, 0xefe4b99a, 0xeac0c6e6, 0xe5b906e6,
	0xe0ccdeeb, 0xdbfbb796, 0xd744fcc9, 0xd2a81d91, 0xce248c14, 0xc9b9bd85,
	0xc5672a10, 0xc12c4cc9, 0xbd08a39e, 0xb8fbaf46, 0xb504f333, 0xb123f581,
	0xad583ee9, 0xa9a15ab4, 0xa5fed6a9, 0xa2704302, 0x9ef5325f, 0x9b8d39b9,
	0x9837f050, 0x94f4efa8, 0x91c3d373, 0x8ea4398a, 0x8b95c1e3, 0x88980e80,
	0x85aac367, 0x82cd8698,
};

#define REF_MAX 47742ULL

struct ref_avg {
	uint64_t last, load_sum, runnable_sum, load_avg, runnable_avg, util_avg;
	uint32_t util_sum, pos; /* pos: units already spent in the current period */
};

/* floor(a * m / 2^32), from the two 32-bit halves of a. */
static inline uint64_t ref_mul_shr32(uint64_t a, uint32_t m)
{
	uint64_t lo = (a & 0xffffffffULL) * m, hi = (a >> 32) * m;

	return hi + (lo >> 32);
}

/* §2.2: val * y^n: beyond 2016 periods 0; else one halving per 32 periods, then the table. */
static inline uint64_t ref_decay(uint64_t val, uint64_t n)
{
	if (n > 2016)
		return 0;
	for (uint64_t h = n / 32; h; h--)
		val >>= 1;
	return ref_mul_shr32(val, ref_table[n % 32]);
}

/* §2.5 + §2.4 + §2.6 in one function; returns the "updated" flag. */
static inline int ref_update(struct ref_avg *a, uint64_t now, uint64_t load, uint64_t runnable,
		      int running, uint64_t weight)
{
	uint64_t units, end, periods;
	uint32_t contrib;

	if (now - a->last >= (1ULL << 63)) { /* negative as s64: time went backwards */
		a->last = now;
		return 0;
	}
	units = (now - a->last) / 1024;
	if (units == 0)
		return 0;
	a->last += units * 1024;
	if (load == 0) {
		runnable = 0;
		running = 0;
	}
	end = a->pos + units; /* units from the start of the current period */
	periods = end / 1024;
	if (periods == 0) {
		contrib = (uint32_t)units;
	} else {
		uint32_t d1 = 1024 - a->pos, d3 = (uint32_t)(end % 1024);
		a->load_sum = ref_decay(a->load_sum, periods);
		a->runnable_sum = ref_decay(a->runnable_sum, periods);
		a->util_sum = (uint32_t)ref_decay(a->util_sum, periods);
		/* d1 y^p + 1024 (y + ... + y^(p-1)) + d3, the middle as the kernel forms it */
		contrib = (uint32_t)ref_decay(d1, periods) +
			  (uint32_t)(REF_MAX - ref_decay(REF_MAX, periods) - 1024) + d3;
		if (load == 0)
			contrib = (uint32_t)units; /* stale but unused: nothing accrues */
	}
	a->pos = (uint32_t)(end % 1024);
	if (load)
		a->load_sum += load * contrib;
	if (runnable)
		a->runnable_sum += (runnable * contrib) << 10;
	if (running)
		a->util_sum += contrib << 10;
	if ((uint32_t)periods == 0)
		return 0;
	a->load_avg = (weight * a->load_sum) / (REF_MAX - 1024 + a->pos);
	a->runnable_avg = a->runnable_sum / (REF_MAX - 1024 + a->pos);
	a->util_avg = a->util_sum / (uint32_t)(REF_MAX - 1024 + a->pos);
	return 1;
}

/* The long double model: same discrete scheme, exact y, no rounding. */
struct fref_avg {
	uint64_t last;
	uint32_t pos;
	long double util_sum;
};

static inline long double fref_util_avg(const struct fref_avg *a)
{
	long double y = powl(0.5L, 1.0L / 32), max = 1024.0L / (1.0L - y);

	/* the kernel's divider: max * y + pos, i.e. the full past plus the started period */
	return a->util_sum / (max * y + a->pos);
}

static inline void fref_update(struct fref_avg *a, uint64_t now, int running)
{
	long double y = powl(0.5L, 1.0L / 32);
	uint64_t units = (now - a->last) / 1024, end = a->pos + units, p = end / 1024;

	a->last += units * 1024;
	if (p == 0) {
		a->util_sum += running ? 1024.0L * units : 0;
	} else {
		long double yp = powl(y, (long double)p);
		long double contrib = (1024 - a->pos) * yp + 1024.0L * (y - yp) / (1.0L - y) +
				      (long double)(end % 1024);
		a->util_sum = a->util_sum * yp + (running ? 1024.0L * contrib : 0);
	}
	a->pos = (uint32_t)(end % 1024);
}

#endif /* CAPSIM_PELT_REF_H */
