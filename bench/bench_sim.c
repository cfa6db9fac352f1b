// SPDX-License-Identifier: MIT
/*
 * bench_sim.c - speed of the simulator (src/sim.c and friends): events per second and
 * simulated seconds per wall second for (a) the default scenario, (b) an 8-CPU platform with
 * 100 periodic tasks for one simulated hour, (c) 256 CPUs with 10,000 tasks for 10 simulated
 * seconds; then the peak memory and the memory per task of (c).
 * Targets (issue 4): (b) >= 5 M events/s and >= 1000x real time; <= 2 KiB per task.
 * Wall figures depend on the machine's load; the CPU-time figures measure the simulator. As in
 * bench_pelt, (a) and (b) run several times and the fastest run is reported (another load on the
 * machine only ever slows a run down); every run's times are listed.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "input/scenario.h"
#include "sim/sim.h"
#include "input/platform_load.h"

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static long peak_rss_kib(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss;
}

/* One run of a simulation: its wall and CPU seconds. */
struct run_time {
	double wall, cpu;
};

static struct run_time timed_run(const char *name, struct capsim_sim *s)
{
	capsim_error e = { 0 };
	double t0 = now_s(), c0 = (double)clock() / CLOCKS_PER_SEC;
	struct run_time t;

	if (sim_run(s, &e)) {
		fprintf(stderr, "%s: %s\n", name, e.msg);
		exit(1);
	}
	t.wall = now_s() - t0;
	t.cpu = (double)clock() / CLOCKS_PER_SEC - c0;
	return t;
}

/* The figures of the fastest of @nr runs (@t), with every run's wall time listed. */
static void report(const char *name, const struct capsim_sim *s, const struct run_time *t,
		   unsigned nr)
{
	unsigned best = 0;

	for (unsigned i = 1; i < nr; i++)
		if (t[i].wall < t[best].wall)
			best = i;
	printf("%s: %llu events, %.0f simulated s", name, (unsigned long long)s->nr_events,
	       (double)s->now * 1e-9);
	if (nr > 1) {
		printf(" (fastest of %u runs; wall s:", nr);
		for (unsigned i = 0; i < nr; i++)
			printf(" %.3f", t[i].wall);
		printf(")");
	}
	printf("\n    wall %8.3f s: %6.2f M events/s, %8.0fx real time\n", t[best].wall,
	       (double)s->nr_events / t[best].wall / 1e6, (double)s->now * 1e-9 / t[best].wall);
	printf("    CPU  %8.3f s: %6.2f M events/s, %8.0fx real time\n", t[best].cpu,
	       (double)s->nr_events / t[best].cpu / 1e6, (double)s->now * 1e-9 / t[best].cpu);
}

static struct capsim_sim *build(struct capsim_platform *p, const char *rtapp, uint64_t dur_ns)
{
	struct capsim_workload *wl = NULL;
	struct capsim_sim *s = NULL;
	struct sim_options o;
	capsim_error e = { 0 };

	sim_options_default(&o);
	o.duration_ns = dur_ns;
	if (capsim_workload_parse(rtapp, strlen(rtapp), "bench", &wl, &e) ||
	    sim_create(p, wl, &o, NULL, 0, &s, &e)) {
		fprintf(stderr, "bench: %s\n", e.msg);
		exit(1);
	}
	return s;
}

/* @n periodic tasks: period 16..115 ms, 1/@duty_div of it of big-CPU work. */
static char *periodic_tasks(unsigned n, unsigned duty_div)
{
	size_t cap = 256 + (size_t)n * 128, len;
	char *buf = malloc(cap);

	len = (size_t)snprintf(buf, cap, "{\"tasks\": {");
	for (unsigned i = 0; i < n; i++) {
		unsigned period = 16000 + (i * 7919u) % 100000;

		len += (size_t)snprintf(buf + len, cap - len,
					"%s\"t%u\": {\"run\": %u, \"timer\": {\"ref\": \"unique\", \"period\": %u}}",
					i ? "," : "", i, period / duty_div, period);
	}
	snprintf(buf + len, cap - len, "}}");
	return buf;
}

/* 256 CPUs: 16 clusters of 16, two capacities, 3 OPPs each (no EM: no EAS at this size). */
static struct capsim_platform *platform_256(void)
{
	size_t cap = 1 << 16, len;
	char *buf = malloc(cap);
	struct capsim_platform *p = NULL;
	capsim_error e = { 0 };

	len = (size_t)snprintf(buf, cap, "{\"name\": \"bench256\", \"cpus\": [");
	for (unsigned c = 0; c < 256; c++)
		len += (size_t)snprintf(buf + len, cap - len,
					"%s{\"cpu\": %u, \"cluster\": %u, \"capacity_dmips_mhz\": %u}",
					c ? "," : "", c, c / 16, c < 128 ? 512 : 1024);
	len += (size_t)snprintf(buf + len, cap - len, "], \"policies\": [");
	for (unsigned k = 0; k < 16; k++)
		len += (size_t)snprintf(buf + len, cap - len,
					"%s{\"cpus\": \"%u-%u\", \"opps\": [{\"khz\": 800000},"
					" {\"khz\": 1400000}, {\"khz\": 2000000}]}",
					k ? "," : "", k * 16, k * 16 + 15);
	snprintf(buf + len, cap - len, "]}");
	if (platform_load_json(buf, strlen(buf), "bench256.json", NULL, &p, &e)) {
		fprintf(stderr, "bench: %s\n", e.msg);
		exit(1);
	}
	free(buf);
	return p;
}

/* Bytes the simulator holds for its tasks: the structs and what each one allocated. */
static size_t task_bytes(const struct capsim_sim *s)
{
	size_t n = s->cap_tasks * sizeof(s->tasks[0]);

	for (uint32_t i = 0; i < s->nr_tasks; i++) {
		const struct sim_task *p = s->tasks[i];

		n += sim_task_bytes(p->nr_utimers) + strlen(p->name) + 1 +
		     p->st.cap_by_cpu * sizeof(p->st.by_cpu[0]) +
		     (p->st.lat_hist ? LAT_BUCKETS * sizeof(p->st.lat_hist[0]) : 0);
	}
	return n;
}

#define DEFAULT_RUNS 5
#define HOUR_RUNS 3

static void run_default(void)
{
	struct capsim_scenario *sc = NULL;
	struct capsim_sim *s = NULL;
	struct run_time t[DEFAULT_RUNS];
	capsim_error e = { 0 };

	if (scenario_load(scenario_default_path(), &sc, &e)) {
		fprintf(stderr, "bench: %s\n", e.msg);
		exit(1);
	}
	for (unsigned i = 0; i < DEFAULT_RUNS; i++) {
		sim_free(s);
		if (scenario_build(sc, NULL, NULL, &s, &e)) {
			fprintf(stderr, "bench: %s\n", e.msg);
			exit(1);
		}
		t[i] = timed_run("(a)", s);
	}
	report("(a) default scenario, 10 s", s, t, DEFAULT_RUNS);
	sim_free(s);
	scenario_free(sc);
}

static void run_hikey960_hour(void)
{
	struct capsim_platform *p = NULL;
	struct capsim_sim *s = NULL;
	struct run_time t[HOUR_RUNS];
	capsim_error e = { 0 };
	char *w = periodic_tasks(100, 40); /* 2.5% each: 2.5 big CPUs of work on 8 CPUs */

	for (unsigned i = 0; i < HOUR_RUNS; i++) {
		sim_free(s);
		if (platform_load("hikey960", NULL, 0, &p, &e)) {
			fprintf(stderr, "bench: %s\n", e.msg);
			exit(1);
		}
		s = build(p, w, 3600ULL * NSEC_PER_SEC);
		t[i] = timed_run("(b)", s);
	}
	free(w);
	report("(b) hikey960, 100 periodic tasks, 1 h", s, t, HOUR_RUNS);
	sim_free(s);
}

static void run_256_cpus(void)
{
	struct run_time t;
	struct capsim_sim *s;
	long rss0, rss1;
	char *w;

	rss0 = peak_rss_kib();
	w = periodic_tasks(10000, 200);  /* 0.5% each: 50 big CPUs of work on 256 CPUs */
	s = build(platform_256(), w, 10 * NSEC_PER_SEC);
	free(w);
	t = timed_run("(c)", s);
	report("(c) 256 CPUs, 10000 periodic tasks, 10 s", s, &t, 1);
	rss1 = peak_rss_kib();
	printf("peak memory %ld KiB (RSS; (c) added %ld KiB, rt-app parsing included)\n", rss1,
	       rss1 - rss0);
	printf("simulator state per task in (c): %.0f bytes (target <= 2048)\n",
	       (double)task_bytes(s) / s->nr_tasks);
	sim_free(s);
}

/* With arguments, only the named runs (a, b or c): e.g. `bench_sim b` to profile one. */
static bool wanted(int argc, char **argv, const char *run)
{
	if (argc < 2)
		return true;
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], run))
			return true;
	return false;
}

int main(int argc, char **argv)
{
	if (wanted(argc, argv, "a"))
		run_default();
	if (wanted(argc, argv, "b"))
		run_hikey960_hour();
	if (wanted(argc, argv, "c"))
		run_256_cpus();
	return 0;
}
