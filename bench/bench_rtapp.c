// SPDX-License-Identifier: MIT
/*
 * bench_rtapp.c - speed of the rt-app parser (capsim_workload_parse()) on a generated workload the size of
 * issue 4's largest benchmark: 10,000 tasks, each with two phases (run + unique timer; run,
 * lock, unlock, sleep). Prints MB/s and tasks/s over a few parses. Wall-clock figures are for
 * people; no test depends on them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "capsim/capsim.h"

#define NR_TASKS 10000
#define RUNS 5

static char *generate(size_t *len)
{
	size_t cap = (size_t)NR_TASKS * 256 + 256, n = 0;
	char *buf = malloc(cap);
	unsigned i;

	if (!buf)
		return NULL;
	n += (size_t)snprintf(buf + n, cap - n, "{\"global\": {\"duration\": 10, \"calibration\": "
						 "\"CPU0\"},\n\"tasks\": {\n");
	for (i = 0; i < NR_TASKS; i++)
		n += (size_t)snprintf(buf + n, cap - n,
				      "%s\"task%u\": {\"loop\": -1, \"phases\": {\"p1\": {\"loop\": "
				      "10, \"run\": %u, \"timer\": {\"ref\": \"unique\", \"period\": "
				      "16000}}, \"p2\": {\"run\": 500, \"lock\": \"m%u\", \"unlock\": "
				      "\"m%u\", \"sleep\": 100}}}\n",
				      i ? "," : "", i, 1000 + i, i % 50, i % 50);
	n += (size_t)snprintf(buf + n, cap - n, "}}\n");
	*len = n;
	return buf;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(void)
{
	size_t len = 0;
	char *text = generate(&len);
	double t0, dt;
	unsigned r;

	if (!text)
		return 1;
	t0 = now();
	for (r = 0; r < RUNS; r++) {
		capsim_workload *wl = NULL;
		capsim_error err = { 0 };

		if (capsim_workload_parse(text, len, "bench.json", &wl, &err)) {
			fprintf(stderr, "bench_rtapp: %s\n", err.msg);
			free(text);
			return 1;
		}
		capsim_workload_free(wl);
	}
	dt = (now() - t0) / RUNS;
	printf("rt-app parse: %u tasks, %.1f MB: %.1f ms per parse, %.1f MB/s, %.0f tasks/s\n",
	       NR_TASKS, (double)len / 1e6, dt * 1e3, (double)len / 1e6 / dt, NR_TASKS / dt);
	free(text);
	return 0;
}
