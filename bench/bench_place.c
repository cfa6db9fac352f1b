// SPDX-License-Identifier: MIT
/*
 * bench_place.c - how fast the wake-up placement functions of src/fair.c run, since the
 * simulator calls them at every wake-up: select_idle_capacity() and find_energy_efficient_cpu()
 * (no trace, as the simulator calls it) over the 300 golden cases of each kernel, in ns per call.
 * Usage: bench_place [CASES.jsonl] (default: the golden cases, from the source tree root).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "input/place.h"

#define ROUNDS 200

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "tests/data/placement-golden/cases.jsonl";
	static struct place_case cases[300];
	unsigned n = 0;
	char *line = NULL;
	size_t cap = 0;
	long sink = 0;
	FILE *fp = fopen(path, "r");

	if (!fp) {
		fprintf(stderr, "bench_place: cannot open %s\n", path);
		return 1;
	}
	while (n < 300 && getline(&line, &cap, fp) > 0) {
		capsim_error err = { 0 };

		place_case_init(&cases[n]);
		if (place_case_parse(&cases[n], line, strlen(line), PLACE_CASE, CAPSIM_MODEL_V6_10,
				     &err) ||
		    place_case_finish(&cases[n], &err)) {
			fprintf(stderr, "bench_place: %s:%u: %s\n", path, n + 1, err.msg);
			return 1;
		}
		n++;
	}
	free(line);
	fclose(fp);

	double t0 = now_ns();
	for (int r = 0; r < ROUNDS; r++)
		for (unsigned i = 0; i < n; i++)
			sink += select_idle_capacity(&cases[i].rd, &cases[i].task,
						     cases[i].task.prev_cpu);
	double t1 = now_ns();
	for (int r = 0; r < ROUNDS; r++)
		for (unsigned i = 0; i < n; i++)
			sink += find_energy_efficient_cpu(&cases[i].rd, &cases[i].task, NULL);
	double t2 = now_ns();

	printf("select_idle_capacity: %.0f ns/call (%u cases x %d)\n", (t1 - t0) / (n * ROUNDS), n,
	       ROUNDS);
	printf("find_energy_efficient_cpu: %.0f ns/call (%u cases x %d)\n",
	       (t2 - t1) / (n * ROUNDS), n, ROUNDS);
	for (unsigned i = 0; i < n; i++)
		place_case_free(&cases[i]);
	return sink == -1; /* keeps the calls from being optimized away */
}
