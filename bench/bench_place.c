// SPDX-License-Identifier: MIT
/*
 * bench_place.c - how fast the wake-up placement functions of src/model/fair.c run, since the
 * simulator calls them at every wake-up: select_idle_capacity() and find_energy_efficient_cpu()
 * (no trace, as the simulator calls it) over the 300 golden cases of each kernel, in ns per call.
 * Usage: bench_place [CASES.jsonl] (default: the golden cases, from the source tree root).
 * It uses only the public API's placement question (capsim/capsim_platform.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "capsim/capsim.h"

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
	static capsim_place *cases[300];
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

		if (capsim_place_create(&cases[n], &err) ||
		    capsim_place_parse(cases[n], line, strlen(line), CAPSIM_PLACE_CASE,
				       CAPSIM_MODEL_V6_10, &err) ||
		    capsim_place_finish(cases[n], &err)) {
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
			sink += capsim_place_select_idle_capacity(cases[i]);
	double t1 = now_ns();
	for (int r = 0; r < ROUNDS; r++)
		for (unsigned i = 0; i < n; i++)
			sink += capsim_place_find_energy_efficient_cpu(cases[i]);
	double t2 = now_ns();

	printf("select_idle_capacity: %.0f ns/call (%u cases x %d)\n", (t1 - t0) / (n * ROUNDS), n,
	       ROUNDS);
	printf("find_energy_efficient_cpu: %.0f ns/call (%u cases x %d)\n",
	       (t2 - t1) / (n * ROUNDS), n, ROUNDS);
	for (unsigned i = 0; i < n; i++)
		capsim_place_free(cases[i]);
	return sink == -1; /* keeps the calls from being optimized away */
}
