// SPDX-License-Identifier: MIT
/*
 * test_pelt.c - tests src/model/pelt.c and src/model/pelt_clock.c: the generated table, the kernel-derived
 * constants and decay values (tests/data/pelt-golden/constants.csv), the worked examples of
 * kernel-core.md Appendix A, the edge cases (sub-unit remainder, time going backwards, long
 * gaps, !load), properties (util_avg <= 1024, halving every 32 periods), and differential runs
 * against the slow models in tests/reference/pelt_ref.h.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "capsim/capsim.h"
#include "model/fair.h"
#include "model/pelt.h"
#include "model/pelt_tables.h"
#include "reference/pelt_ref.h"

/* xorshift64*: a fixed, portable PRNG so every run sees the same sequences. */
static uint64_t rng_next(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545F4914F6CDD1DULL;
}

static char *read_all(const char *path, FILE *fp_or_null, size_t *len)
{
	FILE *fp = fp_or_null ? fp_or_null : fopen(path, "rb");
	size_t cap = 4096, n = 0, got;
	char *buf = malloc(cap);

	assert_non_null(fp);
	assert_non_null(buf);
	while ((got = fread(buf + n, 1, cap - n, fp)) > 0) {
		n += got;
		if (n == cap)
			assert_non_null(buf = realloc(buf, cap *= 2));
	}
	if (!fp_or_null)
		fclose(fp);
	*len = n;
	return buf;
}

/* The generator re-run now prints exactly the checked-in header; LOAD_AVG_MAX is 47742. */
static void test_generator_reproduces_table(void **state)
{
	size_t glen, hlen;
	FILE *p = popen(CAPSIM_BINARY_DIR "/gen_pelt_tables", "r");
	char *gen, *hdr;

	assert_non_null(p);
	gen = read_all(NULL, p, &glen);
	assert_int_equal(pclose(p), 0);
	hdr = read_all(CAPSIM_SOURCE_DIR "/src/model/pelt_tables.h", NULL, &hlen);
	assert_int_equal(glen, hlen);
	assert_memory_equal(gen, hdr, hlen);
	assert_non_null(strstr(gen, "#define LOAD_AVG_MAX 47742\n"));
	assert_int_equal(LOAD_AVG_MAX, 47742);
	assert_int_equal(CAPSIM_LOAD_AVG_MAX, 47742);
	assert_int_equal(CAPSIM_PELT_MIN_DIVIDER, 46718);
	free(gen);
	free(hdr);
}

/* Every row of constants.csv (computed with the kernel's code) holds for our table/decay. */
static void test_constants_csv(void **state)
{
	size_t len, rows = 0;
	char *csv = read_all(CAPSIM_TEST_DATA_DIR "/pelt-golden/constants.csv", NULL, &len);
	char *line, *save = NULL;

	csv = realloc(csv, len + 1);
	csv[len] = '\0';
	line = strtok_r(csv, "\n", &save);
	assert_string_equal(line, "val,n,result");
	while ((line = strtok_r(NULL, "\n", &save))) {
		char name[64];
		unsigned long long n, result, x;

		if (sscanf(line, "runnable_avg_yN_inv,%llu,%llu", &n, &result) == 2) {
			assert_int_equal(pelt_yN_inv((unsigned)n), result);
		} else if (sscanf(line, "%63[A-Z_],,%llu", name, &result) == 2) {
			if (!strcmp(name, "LOAD_AVG_PERIOD"))
				assert_int_equal(CAPSIM_LOAD_AVG_PERIOD, result);
			else if (!strcmp(name, "LOAD_AVG_MAX"))
				assert_int_equal(CAPSIM_LOAD_AVG_MAX, result);
			else if (!strcmp(name, "PELT_MIN_DIVIDER"))
				assert_int_equal(CAPSIM_PELT_MIN_DIVIDER, result);
			else
				fail_msg("unknown constant %s", name);
		} else {
			assert_int_equal(sscanf(line, "%llu,%llu,%llu", &x, &n, &result), 3);
			assert_true(capsim_pelt_decay_load(x, n) == result);
		}
		rows++;
	}
	/* 32 table rows + 3 constants + 5 values x 12 n */
	assert_int_equal(rows, 32 + 3 + 60);
	free(csv);
}

/* kernel-core.md Appendix A: decay_load and __accumulate_pelt_segments. */
static void test_appendix_decay_and_segments(void **state)
{
	static const struct { uint64_t n, v47742, v1024; } d[] = {
		{ 0, 47741, 1023 }, { 1, 46718, 1002 }, { 2, 45717, 980 }, { 16, 33758, 724 },
		{ 31, 24393, 523 }, { 32, 23870, 511 }, { 33, 23359, 501 }, { 63, 12196, 261 },
		{ 64, 11934, 255 }, { 100, 5471, 117 }, { 345, 26, 0 }, { 2016, 0, 0 },
		{ 2017, 0, 0 },
	};
	static const struct { uint64_t p; uint32_t full, part; } s[] = {
		{ 1, 1002, 789 }, { 2, 1981, 1779 }, { 10, 9098, 8976 }, { 32, 23359, 23397 },
		{ 100, 41364, 41603 }, { 2016, 46718, 47018 }, { 5000, 46718, 47018 },
	};

	for (size_t i = 0; i < sizeof(d) / sizeof(d[0]); i++) {
		assert_int_equal(capsim_pelt_decay_load(47742, d[i].n), d[i].v47742);
		assert_int_equal(capsim_pelt_decay_load(1024, d[i].n), d[i].v1024);
	}
	for (size_t i = 0; i < sizeof(s) / sizeof(s[0]); i++) {
		assert_int_equal(pelt_accumulate_segments(s[i].p, 1024, 0), s[i].full);
		assert_int_equal(pelt_accumulate_segments(s[i].p, 500, 300), s[i].part);
	}
	/* n beyond 32 bits must not wrap into a small shift: 2^32 + 1 periods is "forever". */
	assert_int_equal(capsim_pelt_decay_load(UINT64_MAX, (1ULL << 32) + 1), 0);
}

/* Appendix A, table A: rt-style signal, running for 400 ms then idle, updated every 1 ms. */
static void test_appendix_rt_signal(void **state)
{
	static const struct { uint64_t ms, util; } rise[] = {
		{ 2, 41 }, { 3, 61 }, { 4, 81 }, { 5, 100 }, { 10, 191 }, { 32, 495 }, { 50, 659 },
		{ 100, 894 }, { 200, 1008 }, { 345, 1023 }, { 400, 1024 },
	};
	static const struct { uint64_t ms, util; } fall[] = {
		{ 401, 1003 }, { 402, 982 }, { 432, 539 }, { 464, 273 }, { 500, 129 }, { 600, 16 },
	};
	struct capsim_sched_avg sa = { 0 };
	size_t r = 0, f = 0;

	for (uint64_t ms = 1; ms <= 600; ms++) {
		int running = ms <= 400;
		int ret = capsim_pelt_update(&sa, ms * 1000000, running, running, running, 1);
		if (ms == 1) {
			/* 1 ms = 976 whole units (999424 ns); no period boundary yet */
			assert_int_equal(ret, 0);
			assert_int_equal(sa.period_contrib, 976);
			assert_int_equal(sa.util_sum, 999424);
			assert_int_equal(sa.last_update_time, 999424);
		}
		if (ms == 2) {
			assert_int_equal(ret, 1);
			assert_int_equal(sa.period_contrib, 929);
			assert_int_equal(sa.util_sum, 1976408);
		}
		if (ms == 400) {
			assert_int_equal(sa.period_contrib, 481);
			assert_int_equal(sa.util_sum, 48341291);
		}
		if (ms == 432)
			assert_int_equal(ret, 0);
		if (r < sizeof(rise) / sizeof(rise[0]) && rise[r].ms == ms)
			assert_int_equal(sa.util_avg, rise[r++].util);
		if (f < sizeof(fall) / sizeof(fall[0]) && fall[f].ms == ms)
			assert_int_equal(sa.util_avg, fall[f++].util);
	}
	assert_int_equal(r, sizeof(rise) / sizeof(rise[0]));
	assert_int_equal(f, sizeof(fall) / sizeof(fall[0]));
}

/* Appendix A, table B: HW pressure 256 averaged as update_hw_load_avg() does, every 4 ms. */
static void test_appendix_hw_pressure(void **state)
{
	static const struct { uint64_t ms, load; } b[] = {
		{ 4, 20 }, { 8, 39 }, { 12, 56 }, { 16, 72 }, { 20, 86 }, { 32, 123 }, { 64, 187 },
		{ 100, 223 }, { 200, 251 }, { 400, 255 }, { 404, 235 }, { 408, 216 }, { 412, 199 },
		{ 416, 183 }, { 432, 132 }, { 464, 68 }, { 500, 32 }, { 600, 4 }, { 800, 0 },
	};
	struct capsim_sched_avg sa = { 0 };
	size_t i = 0;

	for (uint64_t ms = 4; ms <= 800; ms += 4) {
		uint64_t cap = ms <= 400 ? 256 : 0;
		capsim_pelt_update(&sa, ms * 1000000, cap, cap, (int)cap, 1);
		if (b[i].ms == ms)
			assert_int_equal(sa.load_avg, b[i++].load);
	}
	assert_int_equal(i, sizeof(b) / sizeof(b[0]));
}

/* Appendix A, C: sub-unit deltas, time going backwards, then a boundary. */
static void test_appendix_edges(void **state)
{
	struct capsim_sched_avg sa = { .last_update_time = 5000 };

	/* 500 ns < 1024 ns: no-op, the remainder is kept for later */
	assert_int_equal(capsim_pelt_update(&sa, 5500, 1, 1, 1, 1), 0);
	assert_int_equal(sa.last_update_time, 5000);
	assert_int_equal(sa.util_sum, 0);
	/* backwards: restart from 4000, nothing else changes */
	assert_int_equal(capsim_pelt_update(&sa, 4000, 1, 1, 1, 1), 0);
	assert_int_equal(sa.last_update_time, 4000);
	/* 1023 units: period_contrib 1023, util_sum 1023 << 10 */
	assert_int_equal(capsim_pelt_update(&sa, 4000 + 1023 * 1024, 1, 1, 1, 1), 0);
	assert_int_equal(sa.period_contrib, 1023);
	assert_int_equal(sa.util_sum, 1047552);
	/*
	 * One more unit crosses the boundary: util_sum = decay(1047552, 1) + (c1 = decay(1, 1) = 0,
	 * c2 = 0 for p = 1, c3 = 0) << 10 = 1025105; util_avg = 1025105 / 46718 = 21.
	 */
	assert_int_equal(capsim_pelt_update(&sa, 4000 + 1024 * 1024, 1, 1, 1, 1), 1);
	assert_int_equal(sa.period_contrib, 0);
	assert_int_equal(sa.util_sum, 1025105);
	assert_int_equal(sa.util_avg, 21);
}

/*
 * Backwards time is a signed comparison: a forward jump of 2^63 ns or more also counts as
 * backwards (reset, return 0), exactly as (s64)delta < 0 in the kernel.
 */
static void test_backwards_is_signed(void **state)
{
	struct capsim_sched_avg sa = { .last_update_time = 1024, .util_sum = 5000, .util_avg = 7 };

	assert_int_equal(capsim_pelt_update(&sa, 1024 + (1ULL << 63), 1, 1, 1, 1), 0);
	assert_true(sa.last_update_time == 1024 + (1ULL << 63));
	assert_int_equal(sa.util_sum, 5000);
	assert_int_equal(sa.util_avg, 7);
	/*
	 * 2^63 - 1024 ns forward is a gap of 2^53 - 1 units = 2^43 - 1 periods + 1023 units: the
	 * old sum decays to 0, contrib = decay(1024, p) = 0 + (47742 - 0 - 1024) + 1023 = 47741,
	 * util_sum = 47741 << 10, divider = 46718 + 1023 = 47741: util_avg = 1024.
	 */
	sa.last_update_time = 0;
	assert_int_equal(capsim_pelt_update(&sa, (1ULL << 63) - 1024, 1, 1, 1, 1), 1);
	assert_int_equal(sa.period_contrib, 1023);
	assert_int_equal(sa.util_sum, 47741 << 10);
	assert_int_equal(sa.util_avg, 1024);
}

/*
 * Very long gaps. After more than 63 half-lives (2016 periods) old sums are 0. And since
 * accumulate_sum() returns the period count as u32, a gap of exactly 2^32 periods
 * (2^32 * 2^20 ns = 2^52 ns from a period start) reports no update, though the sums decayed.
 */
static void test_long_gaps(void **state)
{
	struct capsim_sched_avg sa = { 0 };

	for (uint64_t ms = 1; ms <= 400; ms++)
		capsim_pelt_update(&sa, ms * 1000000, 1, 1, 1, 1024);
	assert_int_equal(sa.util_avg, 1024);
	/* 2017 periods idle: everything gone */
	capsim_pelt_update(&sa, sa.last_update_time + 2017 * 1048576ULL, 0, 0, 0, 1024);
	assert_int_equal(sa.load_sum, 0);
	assert_int_equal(sa.util_sum, 0);
	assert_int_equal(sa.util_avg, 0);

	struct capsim_sched_avg g = { .load_sum = 1000, .runnable_sum = 1000 << 10,
				      .util_sum = 1000 << 10, .util_avg = 21, .load_avg = 21 };
	assert_int_equal(capsim_pelt_update(&g, 1ULL << 52, 0, 0, 0, 1), 0);
	assert_int_equal(g.load_sum, 0);
	assert_int_equal(g.util_sum, 0);
	assert_int_equal(g.util_avg, 21); /* not recomputed */
	assert_true(g.last_update_time == 1ULL << 52);
	/* one period more and the update is reported */
	struct capsim_sched_avg h = { .util_sum = 1000 << 10, .util_avg = 21 };
	assert_int_equal(capsim_pelt_update(&h, (1ULL << 52) + 1048576, 0, 0, 0, 1), 1);
	assert_int_equal(h.util_avg, 0);
}

/* !load forces runnable = running = 0: the sums only decay. */
static void test_no_load(void **state)
{
	struct capsim_sched_avg sa = { 0 };

	assert_int_equal(capsim_pelt_update(&sa, 10 * 1048576ULL, 0, 5, 1, 1024), 1);
	assert_int_equal(sa.load_sum, 0);
	assert_int_equal(sa.runnable_sum, 0);
	assert_int_equal(sa.util_sum, 0);
	assert_int_equal(sa.period_contrib, 0);
	assert_true(sa.last_update_time == 10 * 1048576ULL);
}

/* util_avg (and runnable_avg) of any 0/1 signal never exceed 1024; load_avg <= weight. */
static void test_property_bounded(void **state)
{
	uint64_t seed = 0x9e3779b97f4a7c15ULL;

	for (int seq = 0; seq < 200; seq++) {
		struct capsim_sched_avg sa = { 0 };
		uint64_t now = rng_next(&seed) % (1ULL << 40), weight = 1 + rng_next(&seed) % 88761;
		for (int i = 0; i < 500; i++) {
			uint64_t r = rng_next(&seed);
			int load = r & 1, running = load && (r & 2);
			now += (r >> 8) % 8000000;
			capsim_pelt_update(&sa, now, load, load, running, weight);
			assert_true(sa.util_avg <= 1024);
			assert_true(sa.runnable_avg <= 1024);
			assert_true(sa.load_avg <= weight);
			assert_true(sa.util_avg <= sa.runnable_avg);
		}
	}
}

/*
 * y^32 = 1/2: with v = x >> (n / 32) and t = table[n % 32], decay(x, n) = floor(v t / 2^32)
 * and decay(x, n + 32) = floor(floor(v / 2) t / 2^32). So 2 decay(x, n + 32) <= decay(x, n)
 * and decay(x, n) - 2 decay(x, n + 32) < 3: halving holds within 2 units of rounding.
 */
static void test_property_halves(void **state)
{
	static const uint64_t xs[] = { 1, 1024, 47742, 1000000, 1ULL << 40, 48341291, UINT64_MAX };

	for (size_t i = 0; i < sizeof(xs) / sizeof(xs[0]); i++)
		for (uint64_t n = 0; n + 32 <= 2016; n++) {
			uint64_t a = capsim_pelt_decay_load(xs[i], n), b = capsim_pelt_decay_load(xs[i], n + 32);
			assert_true(2 * b <= a);
			assert_true(a - 2 * b <= 2);
		}
}

static void assert_same(const struct capsim_sched_avg *sa, const struct ref_avg *ref)
{
	assert_true(sa->last_update_time == ref->last);
	assert_true(sa->load_sum == ref->load_sum);
	assert_true(sa->runnable_sum == ref->runnable_sum);
	assert_int_equal(sa->util_sum, ref->util_sum);
	assert_int_equal(sa->period_contrib, ref->pos);
	assert_true(sa->load_avg == ref->load_avg);
	assert_true(sa->runnable_avg == ref->runnable_avg);
	assert_true(sa->util_avg == ref->util_avg);
}

/* The next clock value: mostly realistic steps, with every edge case mixed in. */
static uint64_t next_now(uint64_t now, uint64_t *seed)
{
	uint64_t r = rng_next(seed);

	switch (r % 16) {
	case 0: return now + r % 1024;                     /* sub-unit */
	case 1: return now - (r >> 8) % 5000000;           /* backwards */
	case 2: return now + (r >> 8) % (2100ULL << 20);   /* up to ~2100 periods */
	case 3: return now + (1ULL << 52) + (r >> 40) % 3 * 1048576 - 1048576; /* ~2^32 periods */
	case 4: return (1ULL << 62) + (r >> 8) % (1ULL << 40); /* near 2^62 */
	case 5: return rng_next(seed);                     /* anywhere, incl. >= 2^63 jumps */
	case 6: return now + 1024 + (r >> 8) % 2048;       /* a unit or two */
	default: return now + 50000 + (r >> 8) % 4000000;  /* 50 us .. 4 ms */
	}
}

/* Random sequences, edge cases included, agree bit for bit with the reference model. */
static void test_differential_reference(void **state)
{
	uint64_t seed = 20240603;

	for (int seq = 0; seq < 300; seq++) {
		struct capsim_sched_avg sa = { 0 };
		struct ref_avg ref = { 0 };
		uint64_t now = seq % 3 == 0 ? (1ULL << 62) - 5000000 : rng_next(&seed) % (1ULL << 34);
		int wide = seq % 4 == 0; /* huge loads and weights: the kernel's wrap-around */
		for (int i = 0; i < 400; i++) {
			uint64_t r = rng_next(&seed);
			uint64_t load = wide ? rng_next(&seed) : (r & 3) ? (r >> 2) % 3 : 0;
			uint64_t runnable = wide ? rng_next(&seed) : (r >> 4) % 3;
			uint64_t weight = wide ? rng_next(&seed) : 1 + (r >> 6) % 88761;
			int running = (int)((r >> 24) % 3);
			now = next_now(now, &seed);
			int a = capsim_pelt_update(&sa, now, load, runnable, running, weight);
			int b = ref_update(&ref, now, load, runnable, running, weight);
			assert_int_equal(a, b);
			assert_same(&sa, &ref);
		}
	}
}

/*
 * Against exact arithmetic: the integer util_avg of a 0/1 signal (forward time) stays within
 * 6 of the long double model. Budget: 1 for the final floor; the table and every decay
 * truncate, which loses at most (47788.4 - 47742) / 47788.4 ~ 0.1% of the sum (the gap
 * between the ideal and the integer series maximum), ~1 util unit, and the divider ignores
 * the same ~0.1%, another unit; doubled for margin.
 */
static void test_differential_long_double(void **state)
{
	uint64_t seed = 99;
	long double worst = 0;

	for (int seq = 0; seq < 100; seq++) {
		struct capsim_sched_avg sa = { 0 };
		struct fref_avg f = { 0 };
		uint64_t now = 0;
		for (int i = 0; i < 600; i++) {
			uint64_t r = rng_next(&seed);
			int running = (r & 3) != 0;
			now += 50000 + (r >> 8) % 4000000;
			capsim_pelt_update(&sa, now, running, running, running, 1024);
			fref_update(&f, now, running);
			long double d = fabsl((long double)sa.util_sum / capsim_pelt_divider(&sa) -
					      fref_util_avg(&f));
			worst = d > worst ? d : worst;
			assert_true(d <= 6.0L);
		}
	}
	assert_true(worst > 0); /* the models are different computations */
}

/* kernel-core.md §3.2 example: 1 ms at CPU capacity 512, frequency capacity 768 -> 375 us. */
static void test_clock_pelt_scaling(void **state)
{
	struct pelt_rq_clock c = { .clock = 5000000, .clock_task = 4000000, .clock_pelt = 3000000 };

	assert_int_equal(pelt_scale_delta(1000000, 512, 768), 375000);
	pelt_update_rq_clock_pelt(&c, 1000000, 0, 512, 768);
	assert_int_equal(c.clock_pelt, 3375000);
	assert_int_equal(pelt_rq_clock_pelt(&c), 3375000);
	/* idle: sync to clock_task and stamp */
	pelt_update_rq_clock_pelt(&c, 1000000, 1, 512, 768);
	assert_int_equal(c.clock_pelt, 4000000);
	assert_int_equal(c.clock_idle, 5000000);
	assert_int_equal(c.clock_pelt_idle, 4000000);
}

/*
 * update_idle_rq_clock_pelt(): saturation bound ((47742 - 1024) << 10) - 47742 = 47791490.
 * At the bound the lag clock_task - clock_pelt becomes lost idle time; one below it does not.
 */
static void test_idle_clock_lost_time(void **state)
{
	struct pelt_rq_clock c = { .clock = 9000, .clock_task = 8000, .clock_pelt = 6000 };

	pelt_update_idle_rq_clock_pelt(&c, 47791489 - 2, 1, 1);
	assert_int_equal(c.lost_idle_time, 0);
	assert_int_equal(c.clock_pelt, 8000);
	c.clock_pelt = 6000;
	pelt_update_idle_rq_clock_pelt(&c, 47791490 - 2, 1, 1);
	assert_int_equal(c.lost_idle_time, 2000);
	assert_int_equal(c.clock_pelt, 8000);
	assert_int_equal(pelt_rq_clock_pelt(&c), 6000);
	assert_int_equal(c.clock_pelt_idle, 6000);
}

/*
 * update_irq_load_avg() with 100 us of IRQ at frequency 768, CPU 512: scaled to
 * 100000 * 768 >> 10 = 75000, * 512 >> 10 = 37500 ns (§A). At rq->clock = 1 ms from zero:
 * first call at 962500 ns -> 939 units (961536 ns), idle, nothing accrues; second call at
 * 1000000 -> 38464 ns = 37 units, running, no boundary (939 + 37 = 976): util_sum = 37 << 10.
 */
/*
 * A task's util_est loses UTIL_AVG_UNCHANGED when __update_load_avg_se() recomputes its
 * averages (cfs_se_util_change()), but not when a blocked task is synced
 * (__update_load_avg_blocked_se() has no cfs_se_util_change(); found by kernel-check): the
 * util_est set at its last dequeue stays marked unchanged until it runs again.
 */
static void test_se_util_est_flag(void **state)
{
	struct capsim_sched_avg sa = { .last_update_time = 1 << 20 };
	uint32_t util_est = 300 | UTIL_AVG_UNCHANGED;

	(void)state;
	assert_int_equal(pelt_update_load_avg_blocked_se(&sa, 3 << 20, 1024), 1);
	assert_int_equal(util_est, 300 | UTIL_AVG_UNCHANGED);
	assert_int_equal(pelt_update_load_avg_se(&sa, &util_est, 5 << 20, 1, 1, 1, 1024), 1);
	assert_int_equal(util_est, 300);
}

static void test_irq_load_avg(void **state)
{
	struct capsim_sched_avg irq = { 0 };

	assert_int_equal(pelt_update_irq_load_avg(&irq, 1000000, 100000, 512, 768), 0);
	assert_int_equal(irq.util_sum, 37 << 10);
	assert_int_equal(irq.period_contrib, 976);
	assert_int_equal(irq.last_update_time, 999424);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_generator_reproduces_table),
		cmocka_unit_test(test_constants_csv),
		cmocka_unit_test(test_appendix_decay_and_segments),
		cmocka_unit_test(test_appendix_rt_signal),
		cmocka_unit_test(test_appendix_hw_pressure),
		cmocka_unit_test(test_appendix_edges),
		cmocka_unit_test(test_backwards_is_signed),
		cmocka_unit_test(test_long_gaps),
		cmocka_unit_test(test_no_load),
		cmocka_unit_test(test_property_bounded),
		cmocka_unit_test(test_property_halves),
		cmocka_unit_test(test_differential_reference),
		cmocka_unit_test(test_differential_long_double),
		cmocka_unit_test(test_clock_pelt_scaling),
		cmocka_unit_test(test_idle_clock_lost_time),
		cmocka_unit_test(test_se_util_est_flag),
		cmocka_unit_test(test_irq_load_avg),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
