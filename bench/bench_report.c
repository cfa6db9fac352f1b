// SPDX-License-Identifier: MIT
/*
 * bench_report.c - the cost of the HTML report (capsim_recording_attach() + capsim_report_html(),
 * what `capsim simulate --report` does) beside the run without it, issue 18's "a report of one
 * simulated hour of bench (b) is written in <= 1.5x the simulation's time":
 *   (r) bench_sim's (b), hikey960 with 100 periodic tasks (periods 16-115 ms, 2.5 % each) for
 *       one simulated hour: the plain run against the run that records and writes the report,
 *       alternated, each timed from the run's start to its summary (plain) or to the report's
 *       last byte on disk (report); CPU (user + sys) and wall, the fastest of each, the ratio,
 *       the file's size. `bench_report r -o FILE` keeps the report (bench/report-load.sh opens
 *       it in Chromium).
 *   (s) the report's size against the run's size: simulated time x CPUs x tasks, the tasks as in
 *       (r) (periods 16-115 ms, duties from 2.5 % down to 0.3 % of a big CPU as they get more
 *       numerous), on hikey960 (8 CPUs) and on platforms of two clusters (32, 64 CPUs) written
 *       to a temporary file; one run each.
 * The public API only, as bench_sim. The CPU figures compare; wall time swings with the
 * machine's other load (two cores shared), so each (r) figure is the fastest of several runs.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "capsim/capsim.h"

static double wall_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* user + sys of the process */
static double cpu_s(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

static void die(const char *what, const capsim_error *e)
{
	fprintf(stderr, "bench_report: %s: %s\n", what, e ? e->msg : "failed");
	exit(1);
}

/* @n periodic tasks: task i's period is 16 ms plus (i * 7919) mod 100 ms, its run 1/@duty_div. */
static char *periodic_tasks(unsigned n, unsigned duty_div)
{
	size_t cap = 256 + (size_t)n * 128, len;
	char *buf = malloc(cap);

	if (!buf)
		die("periodic_tasks", NULL);
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

static capsim_sim *build(const char *platform, const char *rtapp, uint64_t dur_ns)
{
	capsim_workload *wl = NULL;
	capsim_scenario *sc = NULL;
	capsim_sim *s = NULL;
	capsim_error e = { 0 };

	if (capsim_workload_parse(rtapp, strlen(rtapp), "bench", &wl, &e) ||
	    capsim_scenario_create(&sc, &e) || capsim_scenario_set_platform(sc, platform, &e) ||
	    capsim_scenario_set_workload(sc, wl, &e) || capsim_scenario_set_duration(sc, dur_ns, &e) ||
	    capsim_sim_create(sc, &s, &e))
		die(platform, &e);
	capsim_workload_free(wl);
	capsim_scenario_free(sc);
	return s;
}

struct run_time {
	double wall, cpu;
	long bytes;                  /* the report's size, 0: none */
	unsigned long long events;
};

/*
 * One run of @rtapp on @platform for @dur_ns; with @report (a path) it is recorded and its
 * report written there, as `capsim simulate --report` does.
 */
static struct run_time one_run(const char *platform, const char *rtapp, uint64_t dur_ns,
			       const char *report)
{
	capsim_sim *s = build(platform, rtapp, dur_ns);
	capsim_recording *rec = NULL;
	capsim_summary *sum = NULL;
	capsim_error e = { 0 };
	struct run_time t = { 0 };
	double w0, c0;
	FILE *fp = NULL;

	w0 = wall_s();
	c0 = cpu_s();
	if (report && capsim_recording_attach(s, &rec, &e))
		die("attach", &e);
	if (capsim_sim_run(s, &e))
		die("run", &e);
	if (rec && capsim_recording_finish(rec, &e))
		die("finish", &e);
	if (capsim_sim_summary(s, &sum, &e))
		die("summary", &e);
	if (report) {
		struct capsim_report_inputs in = { .size = sizeof(in),
						   .command = "bench_report",
						   .workload_text = rtapp };
		const capsim_recording *r = rec;

		fp = fopen(report, "w");
		if (!fp || capsim_report_html(&r, (const capsim_summary *const *)&sum, 1, &in, fp))
			die(report, NULL);
		if (fflush(fp) || fsync(fileno(fp)) < 0)
			die(report, NULL);
		t.bytes = ftell(fp);
		fclose(fp);
	}
	t.wall = wall_s() - w0;
	t.cpu = cpu_s() - c0;
	t.events = (unsigned long long)sum->events;
	capsim_summary_free(sum);
	capsim_recording_free(rec);
	capsim_sim_free(s);
	return t;
}

#define HOUR_RUNS 5

static void run_hour(const char *keep)
{
	char tmp[] = "/tmp/capsim-bench-report-XXXXXX";
	char *w = periodic_tasks(100, 40);
	struct run_time plain[HOUR_RUNS], rep[HOUR_RUNS];
	unsigned bp = 0, br = 0;
	const char *path = keep;
	int fd = -1;

	if (!path) {
		fd = mkstemp(tmp);
		if (fd < 0)
			die("mkstemp", NULL);
		close(fd);
		path = tmp;
	}
	/* alternated, so that a change in the machine's load touches both */
	for (unsigned i = 0; i < HOUR_RUNS; i++) {
		plain[i] = one_run("hikey960", w, 3600ULL * CAPSIM_NSEC_PER_SEC, NULL);
		rep[i] = one_run("hikey960", w, 3600ULL * CAPSIM_NSEC_PER_SEC, path);
		if (plain[i].cpu < plain[bp].cpu)
			bp = i;
		if (rep[i].cpu < rep[br].cpu)
			br = i;
	}
	if (!keep)
		remove(tmp);
	printf("(r) report of bench (b): hikey960, 100 periodic tasks, 1 h, %llu events "
	       "(fastest of %d by CPU time)\n", plain[bp].events, HOUR_RUNS);
	printf("    %-8s %9s %9s   every run's CPU s\n", "run", "CPU s", "wall s");
	for (unsigned k = 0; k < 2; k++) {
		const struct run_time *t = k ? rep : plain;
		unsigned b = k ? br : bp;

		printf("    %-8s %9.3f %9.3f  ", k ? "report" : "plain", t[b].cpu, t[b].wall);
		for (unsigned i = 0; i < HOUR_RUNS; i++)
			printf(" %.3f", t[i].cpu);
		printf("\n");
	}
	printf("    report / plain: CPU %.2fx, wall %.2fx (target <= 1.5x); report %.2f MB "
	       "(target <= 10 MB)%s%s\n", rep[br].cpu / plain[bp].cpu, rep[br].wall / plain[bp].wall,
	       (double)rep[br].bytes / 1e6, keep ? "; kept in " : "", keep ? keep : "");
	free(w);
}

/* A platform JSON of two clusters of @half CPUs each (512 and 1024), written into @dir. */
static void platform_two_clusters(const char *dir, unsigned half, char *path, size_t size)
{
	size_t cap = 1 << 14, len;
	char *buf = malloc(cap);
	FILE *f;

	if (!buf)
		die("platform", NULL);
	len = (size_t)snprintf(buf, cap, "{\"name\": \"bench%u\", \"cpus\": [", 2 * half);
	for (unsigned c = 0; c < 2 * half; c++)
		len += (size_t)snprintf(buf + len, cap - len,
					"%s{\"cpu\": %u, \"cluster\": %u, \"capacity_dmips_mhz\": %u}",
					c ? "," : "", c, c / half, c < half ? 512u : 1024u);
	len += (size_t)snprintf(buf + len, cap - len, "], \"policies\": [");
	for (unsigned k = 0; k < 2; k++)
		len += (size_t)snprintf(buf + len, cap - len,
					"%s{\"cpus\": \"%u-%u\", \"opps\": [{\"khz\": 800000},"
					" {\"khz\": 1400000}, {\"khz\": 2000000}]}",
					k ? "," : "", k * half, k * half + half - 1);
	snprintf(buf + len, cap - len, "]}");
	snprintf(path, size, "%s/bench%u.json", dir, 2 * half);
	f = fopen(path, "w");
	if (!f || fputs(buf, f) == EOF || fclose(f))
		die(path, NULL);
	free(buf);
}

static void run_sizes(void)
{
	static const struct {
		unsigned cpus, tasks, duty_div, seconds;
	} runs[] = {
		{ 8, 10, 40, 10 },    { 8, 10, 40, 600 },   { 8, 10, 40, 3600 },  { 8, 100, 40, 10 },
		{ 8, 100, 40, 60 },   { 8, 100, 40, 600 },  { 8, 100, 40, 3600 }, { 8, 200, 80, 600 },
		{ 8, 400, 160, 600 }, { 8, 800, 320, 600 }, { 32, 100, 40, 600 }, { 32, 400, 200, 600 },
		{ 64, 400, 100, 600 },
	};
	char dir[] = "/tmp/capsim-bench-XXXXXX", plat[64], out[96];

	if (!mkdtemp(dir))
		die("mkdtemp", NULL);
	snprintf(out, sizeof(out), "%s/report.html", dir);
	printf("(s) the report's size by the run's size (one run each; 8 CPUs: hikey960, else two "
	       "clusters of 512 and 1024)\n");
	printf("    %5s %6s %9s %12s %9s %9s %10s\n", "CPUs", "tasks", "sim. s", "events", "MB",
	       "run CPU s", "bytes/task");
	for (size_t i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		char *w = periodic_tasks(runs[i].tasks, runs[i].duty_div);
		struct run_time t;

		if (runs[i].cpus != 8)
			platform_two_clusters(dir, runs[i].cpus / 2, plat, sizeof(plat));
		t = one_run(runs[i].cpus == 8 ? "hikey960" : plat, w,
			    runs[i].seconds * CAPSIM_NSEC_PER_SEC, out);
		if (runs[i].cpus != 8)
			remove(plat);
		printf("    %5u %6u %9u %12llu %9.2f %9.3f %10.0f\n", runs[i].cpus, runs[i].tasks,
		       runs[i].seconds, t.events, (double)t.bytes / 1e6, t.cpu,
		       (double)t.bytes / runs[i].tasks);
		fflush(stdout);
		free(w);
	}
	remove(out);
	rmdir(dir);
}

/* `bench_report [r] [s] [-o FILE]`: the named cases (all without one); -o keeps (r)'s report. */
int main(int argc, char **argv)
{
	const char *keep = NULL;
	bool r = false, s = false;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-o") && i + 1 < argc)
			keep = argv[++i];
		else if (!strcmp(argv[i], "r"))
			r = true;
		else if (!strcmp(argv[i], "s"))
			s = true;
		else {
			fprintf(stderr, "usage: bench_report [r] [s] [-o FILE]\n");
			return 2;
		}
	}
	if (!r && !s)
		r = s = true;
	if (r)
		run_hour(keep);
	if (s)
		run_sizes();
	return 0;
}
