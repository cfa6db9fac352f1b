// SPDX-License-Identifier: MIT
/*
 * bench_pelt.c - nanoseconds per PELT update (capsim_pelt_update(): ___update_load_sum() and,
 * on a crossed period, ___update_load_avg(), kernel/sched/pelt.c), the operation every
 * simulated signal performs at every event.
 *
 * 16 M updates with realistic deltas, 50 us .. 4 ms (mostly crossing 1024-us periods, so the
 * decay and the averages are recomputed), a task-like 0/1 state and nice-0 weight. The deltas
 * come from a fixed xorshift64* PRNG into a table beforehand, so the PRNG is not timed.
 * Time is this thread's CPU time, and the run is repeated REPEATS times from the same start
 * with the fastest reported, so that other processes on a shared machine inflate it less.
 * Prints pelt_update_ns and pelt_updates_per_s (build with CMAKE_BUILD_TYPE=Release).
 */
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "capsim/capsim.h"

#define TABLE 65536          /* steps, cycled; fits in L2 */
#define ROUNDS 256           /* 256 x 65536 = 16.8 M updates */
#define REPEATS 5
#define MIN_DELTA_NS 50000
#define SPAN_NS (4000000 - MIN_DELTA_NS)

struct step {
	uint32_t delta_ns;
	uint32_t running;
};

static struct step steps[TABLE];

static uint64_t rng_next(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545F4914F6CDD1DULL;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One timed run of ROUNDS x TABLE updates; *check accumulates results so nothing is elided. */
static double run_once(uint64_t *check)
{
	struct capsim_sched_avg sa = { 0 };
	uint64_t now = 1000123456;
	double t0 = now_s();

	for (unsigned round = 0; round < ROUNDS; round++) {
		for (unsigned i = 0; i < TABLE; i++) {
			int run = (int)steps[i].running;
			now += steps[i].delta_ns;
			*check += (uint64_t)capsim_pelt_update(&sa, now, (uint64_t)run, (uint64_t)run,
							       run, 1024);
		}
		*check += sa.util_avg;
	}
	return now_s() - t0;
}

int main(void)
{
	uint64_t seed = 20240603, check = 0, n = (uint64_t)ROUNDS * TABLE;
	double best = 0;

	for (unsigned i = 0; i < TABLE; i++) {
		uint64_t r = rng_next(&seed);
		steps[i].delta_ns = (uint32_t)(MIN_DELTA_NS + (r >> 16) % SPAN_NS);
		steps[i].running = (uint32_t)(r & 1);
	}
	for (int rep = 0; rep < REPEATS; rep++) {
		double t = run_once(&check);
		best = rep == 0 || t < best ? t : best;
	}
	printf("pelt_updates: %llu (x %d runs, fastest reported)\n", (unsigned long long)n, REPEATS);
	printf("pelt_update_ns: %.2f\n", best * 1e9 / (double)n);
	printf("pelt_updates_per_s: %.0f\n", (double)n / best);
	printf("pelt_checksum: %llu\n", (unsigned long long)check);
	return 0;
}
