// SPDX-License-Identifier: MIT
/*
 * fuzz_simulate.c - libFuzzer target for the simulator (src/sim/sim.c and friends) driven by any
 * rt-app file: the input is read as an rt-app workload and, when it parses, simulated for
 * 200 ms on the shipped HiKey960 (EAS, schedutil). Properties checked, beyond not crashing or
 * hanging:
 *  - a run ends at the requested time, or fails with a message (zero-time loops);
 *  - no CPU is busy longer than the run, and every task's runtime is the sum of its time per
 *    CPU and at most the run's length;
 *  - a second run of the same input gives identical figures (determinism).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim.h"
#include "input/platform_load.h"

#define CHECK(cond)                                                                    \
	do {                                                                           \
		if (!(cond)) {                                                         \
			fprintf(stderr, "fuzz_simulate: property failed: %s\n", #cond); \
			abort();                                                       \
		}                                                                      \
	} while (0)

#define RUN_NS (200ULL * 1000000)
#define MAX_THREADS 64
/*
 * A loop of 1-byte mem events is ~1 ns of work an iteration: 200 ms of it are 10^8 real
 * events, too many for a fuzzer's time limit (instrumented, ~2 us an event). Past this bound a
 * run fails with its message (the --max-events path), checked like any other failure.
 */
#define MAX_EVENTS 200000


/* Run once; NULL if the input is not a workload we simulate here. */
static struct capsim_sim *run(const uint8_t *data, size_t size, int *ret)
{
	struct capsim_workload *wl = NULL;
	struct capsim_platform *p = NULL;
	struct capsim_sim *s = NULL;
	struct sim_options o;
	capsim_error e = { 0 };

	if (capsim_workload_parse((const char *)data, size, "fuzz.json", &wl, &e))
		return NULL;
	if (wl->nr_threads > MAX_THREADS) {
		capsim_workload_free(wl);
		return NULL;
	}
	if (platform_load("hikey960", NULL, 0, &p, &e)) {
		capsim_workload_free(wl);
		return NULL;
	}
	sim_options_default(&o);
	o.duration_ns = RUN_NS;
	o.max_events = MAX_EVENTS;
	if (sim_create(p, wl, &o, NULL, 0, &s, &e))
		return NULL;
	*ret = sim_run(s, &e);
	CHECK(!*ret || e.msg[0]);
	return s;
}

static void check_run(const struct capsim_sim *s)
{
	CHECK(s->now == RUN_NS);
	for (unsigned c = 0; c < s->nr_cpus; c++)
		CHECK(s->rq[c].busy_ns <= RUN_NS);
	for (uint32_t i = 0; i < s->nr_tasks; i++) {
		const struct sim_task *p = s->tasks[i];
		uint64_t sum = 0;

		for (uint32_t k = 0; k < p->st.nr_by_cpu; k++)
			sum += cpu_time_ns(&p->st, k);
		CHECK(sum == p->st.runtime_ns);
		CHECK(p->st.runtime_ns <= RUN_NS);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct capsim_sim *a, *b;
	int ra = 0, rb = 0;

	a = run(data, size, &ra);
	if (!a)
		return 0;
	b = run(data, size, &rb);
	CHECK(b && ra == rb);
	if (!ra) {
		check_run(a);
		CHECK(a->nr_events == b->nr_events && a->migrations == b->migrations);
		for (uint32_t i = 0; i < a->nr_tasks; i++)
			CHECK(a->tasks[i]->st.runtime_ns == b->tasks[i]->st.runtime_ns);
	}
	sim_free(a);
	sim_free(b);
	return 0;
}
