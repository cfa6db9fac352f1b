// SPDX-License-Identifier: MIT
/*
 * bench_rtapp.c - speed of the rt-app parser (capsim_workload_parse()) on a generated workload the size of
 * issue 4's largest benchmark: 10,000 tasks, each with two phases (run + unique timer; run,
 * lock, unlock, sleep). Prints MB/s and tasks/s over a few parses. Then issue 19's ratio: the
 * 10,000 periodic tasks of bench_sim (c) written on one line (as bench_sim writes them) and
 * pretty-printed (json.dumps(indent=4)'s layout), the CPU time of a parse of each (target:
 * one line <= 1.5 x pretty). Wall-clock figures are for people; no test depends on them.
 */
#include <stdbool.h>
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

/*
 * bench_sim (c)'s @n tasks (period 16..115 ms, 1/200 of it of work) on one line, or with
 * @pretty one key a line indented by 4 spaces a level. Its length into *@len.
 */
static char *periodic_tasks(unsigned n, bool pretty, size_t *len)
{
	/* the text between the values, one line or pretty: 0 open, 1 task, 2 run, 3 timer, 4 close */
	static const char *const one[] = { "{\"tasks\": {", "\"t%u\": {\"run\": ",
					   ", \"timer\": {\"ref\": \"unique\", \"period\": ", "}}",
					   "}}" };
	static const char *const nice[] = {
		"{\n    \"tasks\": {\n", "        \"t%u\": {\n            \"run\": ",
		",\n            \"timer\": {\n                \"ref\": \"unique\",\n"
		"                \"period\": ", "\n            }\n        }", "\n    }\n}"
	};
	const char *const *f = pretty ? nice : one;
	size_t cap = 256 + (size_t)n * 256, l;
	char *buf = malloc(cap);

	if (!buf)
		return NULL;
	l = (size_t)snprintf(buf, cap, "%s", f[0]);
	for (unsigned i = 0; i < n; i++) {
		unsigned period = 16000 + (i * 7919u) % 100000;

		if (i)
			l += (size_t)snprintf(buf + l, cap - l, pretty ? ",\n" : ",");
		l += (size_t)snprintf(buf + l, cap - l, f[1], i);
		l += (size_t)snprintf(buf + l, cap - l, "%u%s%u%s", period / 200, f[2], period, f[3]);
	}
	l += (size_t)snprintf(buf + l, cap - l, "%s", f[4]);
	*len = l;
	return buf;
}

static double cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The CPU seconds of the fastest of RUNS parses of @text (another load only slows one down). */
static double fastest_parse(const char *text, size_t len)
{
	double best = 0;

	for (unsigned r = 0; r < RUNS; r++) {
		capsim_workload *wl = NULL;
		capsim_error err = { 0 };
		double c0 = cpu_now(), dt;

		if (capsim_workload_parse(text, len, "bench.json", &wl, &err)) {
			fprintf(stderr, "bench_rtapp: %s\n", err.msg);
			exit(1);
		}
		dt = cpu_now() - c0;
		capsim_workload_free(wl);
		if (!r || dt < best)
			best = dt;
	}
	return best;
}

/* Issue 19: one line against the same workload pretty-printed. */
static int one_line_ratio(void)
{
	size_t len1 = 0, len2 = 0;
	char *line = periodic_tasks(NR_TASKS, false, &len1), *pretty = periodic_tasks(NR_TASKS, true,
										       &len2);
	double t1, t2;

	if (!line || !pretty)
		return 1;
	t1 = fastest_parse(line, len1);
	t2 = fastest_parse(pretty, len2);
	printf("rt-app parse, bench_sim (c)'s %u tasks: one line (%.2f MB) %.1f ms CPU, "
	       "pretty-printed (%.2f MB, %u lines) %.1f ms CPU: %.2fx (fastest of %d; target <= "
	       "1.5x)\n", NR_TASKS, (double)len1 / 1e6, t1 * 1e3, (double)len2 / 1e6,
	       7 * NR_TASKS + 3, t2 * 1e3, t1 / t2, RUNS);
	free(line);
	free(pretty);
	return 0;
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
	return one_line_ratio();
}
