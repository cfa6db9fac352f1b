// SPDX-License-Identifier: MIT
/*
 * fuzz_pelt_update.c - libFuzzer target for the PELT core (src/model/pelt.c) itself: the input bytes
 * are a sequence of updates in binary, so the fuzzer reaches numeric corners (backwards time,
 * sub-unit steps, gaps of 2^32 periods, clocks near 2^63, wrapping loads) faster than through
 * CSV text. Properties: every update agrees bit for bit with the reference model
 * (tests/reference/pelt_ref.h); util_avg <= 1024; period_contrib < 1024; with 0/1 load and
 * runnable, runnable_avg <= 1024.
 *
 * Record (16 bytes): [0] how to move the clock, [1..8] a little-endian u64 argument,
 * [9] load, [10] runnable, [11] running, [12..15] weight. Loads 0xff mean "the u64 argument".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "capsim/capsim.h"
#include "../tests/reference/pelt_ref.h"

#define CHECK(cond)                                                                      \
	do {                                                                             \
		if (!(cond)) {                                                           \
			fprintf(stderr, "fuzz_pelt_update: property failed: %s\n", #cond); \
			abort();                                                         \
		}                                                                        \
	} while (0)

static uint64_t le64(const uint8_t *p)
{
	uint64_t v = 0;

	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static uint64_t move_clock(uint64_t now, uint8_t how, uint64_t arg)
{
	switch (how % 6) {
	case 0: return now + arg % 1024;                  /* sub-unit */
	case 1: return now + arg % (8ULL << 20);          /* up to 8 periods */
	case 2: return now - arg % (64ULL << 20);         /* backwards */
	case 3: return now + (arg % 4 + (1ULL << 32) - 2) * (1ULL << 20); /* ~2^32 periods */
	case 4: return now + arg;                         /* any jump */
	default: return arg;                              /* any clock value */
	}
}

static uint64_t pick(uint8_t b, uint64_t arg)
{
	return b == 0xff ? arg : b % 3;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct capsim_sched_avg sa = { 0 };
	struct ref_avg ref = { 0 };
	uint64_t now = 0;
	int zero_one = 1;

	for (; size >= 16; data += 16, size -= 16) {
		uint64_t arg = le64(data + 1);
		uint64_t load = pick(data[9], arg), runnable = pick(data[10], arg);
		int running = data[11] % 3;
		uint64_t weight = (uint64_t)data[12] | (uint64_t)data[13] << 8 |
				  (uint64_t)data[14] << 16 | (uint64_t)data[15] << 24;

		now = move_clock(now, data[0], arg);
		int a = capsim_pelt_update(&sa, now, load, runnable, running, weight);
		int b = ref_update(&ref, now, load, runnable, running, weight);
		CHECK(a == b);
		CHECK(sa.last_update_time == ref.last && sa.load_sum == ref.load_sum &&
		      sa.runnable_sum == ref.runnable_sum && sa.util_sum == ref.util_sum &&
		      sa.period_contrib == ref.pos && sa.load_avg == ref.load_avg &&
		      sa.runnable_avg == ref.runnable_avg && sa.util_avg == ref.util_avg);
		CHECK(sa.util_avg <= 1024 && sa.period_contrib < 1024);
		zero_one &= load <= 1 && runnable <= 1;
		if (zero_one)
			CHECK(sa.runnable_avg <= 1024);
	}
	return 0;
}
