// SPDX-License-Identifier: MIT
/*
 * bench_sim.c - speed of the simulator (src/sim/sim.c and friends): events per second, ns per
 * event and simulated seconds per second, of wall and of CPU time, for (a) the default
 * scenario, (b) an 8-CPU platform with 100 periodic tasks for one simulated hour, (c) 256 CPUs
 * with 10,000 tasks for 10 simulated seconds, (d) the 8-CPU platform with its energy model
 * under 100 denser periodic tasks (periods 4-100 ms, duties 1-8 %: overutilized part of the
 * time) for 10 simulated minutes, (e) 128 CPUs in 8 clusters with an energy model, EAS on, 2000
 * tasks for 10 simulated seconds; then the peak memory and the memory per task of (c); (s)
 * the setup of 100 000 tasks of (c)'s shape that start at the same instant on the 8-CPU
 * platform, from their one-line rt-app file, and their first simulated second; and (t) the cost
 * of each trace writer (capsim_sim_trace_open_format()) on 60 simulated seconds of (b); (w) the
 * CPU per wake-up of 10 to 10 000 tasks on the 8-CPU platform, their work the same in total.
 * Targets (issue 4): (b) >= 5 M events/s and >= 1000x real time. Issue 19: (d) <= 90 ns per
 * event in the user's build (RelWithDebInfo); (s) <= 0.5 s; <= 2 KiB per task in (c).
 * It uses the public API only: the 256-CPU platform is a platform JSON file written to a
 * temporary directory. (c) and (s) run as `capsim simulate` does (the file read, the run, its
 * summary taken and printed), each in a process of its own, so that a run's peak RSS and CPU
 * time are its own: the memory per task is (c)'s peak RSS less that of the same run with one
 * task, over the tasks added.
 * Wall figures depend on the machine's load; the CPU-time figures measure the simulator. As in
 * bench_pelt, (a) and (b) run several times and the fastest run is reported (another load on the
 * machine only ever slows a run down); every run's times are listed.
 */
#define _DEFAULT_SOURCE /* wait4(): a child's own peak RSS and CPU time */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "capsim/capsim.h"

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

static void die(const char *what, const capsim_error *e)
{
	fprintf(stderr, "bench: %s: %s\n", what, e->msg);
	exit(1);
}

static struct run_time timed_run(const char *name, capsim_sim *s)
{
	capsim_error e = { 0 };
	double t0 = now_s(), c0 = (double)clock() / CLOCKS_PER_SEC;
	struct run_time t;

	if (capsim_sim_run(s, &e))
		die(name, &e);
	t.wall = now_s() - t0;
	t.cpu = (double)clock() / CLOCKS_PER_SEC - c0;
	return t;
}

/* What a report shows of a run besides its times (from its summary). */
struct run_figures {
	uint64_t events, duration_ns;
	int eas;
	double overutilized_pct;
};

static struct run_figures figures_of(const capsim_summary *sum)
{
	return (struct run_figures){ sum->events, sum->duration_ns, sum->eas,
				     sum->overutilized_pct };
}

/* The figures of the fastest of @nr runs (@t), with every run's wall time listed. */
static void report(const char *name, const struct run_figures *f, const struct run_time *t,
		   unsigned nr)
{
	double events = (double)f->events, simulated = (double)f->duration_ns * 1e-9;
	unsigned best = 0;

	for (unsigned i = 1; i < nr; i++)
		if (t[i].wall < t[best].wall)
			best = i;
	printf("%s: %llu events, %.0f simulated s, EAS %s, overutilized %.1f %%", name,
	       (unsigned long long)f->events, simulated, f->eas ? "on" : "off",
	       f->overutilized_pct);
	if (nr > 1) {
		printf(" (fastest of %u runs; wall s:", nr);
		for (unsigned i = 0; i < nr; i++)
			printf(" %.3f", t[i].wall);
		printf(")");
	}
	printf("\n    wall %8.3f s: %6.2f M events/s, %6.1f ns/event, %8.0fx real time\n",
	       t[best].wall, events / t[best].wall / 1e6, t[best].wall * 1e9 / events,
	       simulated / t[best].wall);
	printf("    CPU  %8.3f s: %6.2f M events/s, %6.1f ns/event, %8.0fx real time\n",
	       t[best].cpu, events / t[best].cpu / 1e6, t[best].cpu * 1e9 / events,
	       simulated / t[best].cpu);
}

/* report() of the run @s, from its summary. */
static void report_sim(const char *name, const capsim_sim *s, const struct run_time *t,
		       unsigned nr)
{
	capsim_summary *sum = NULL;
	capsim_error e = { 0 };
	struct run_figures f;

	if (capsim_sim_summary(s, &sum, &e))
		die(name, &e);
	f = figures_of(sum);
	capsim_summary_free(sum);
	report(name, &f, t, nr);
}

/* A run of @rtapp on @platform (a name or a path) for @dur_ns. */
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

/*
 * @n periodic tasks: task i's period is @lo_us plus a spread of (i * 7919) mod @span_us, and
 * its run 1/@duty_div of it (of big-CPU work), or with @duty_div 0 a duty of 1..8 % (i * 31).
 */
static char *periodic_tasks_in(unsigned n, unsigned lo_us, unsigned span_us, unsigned duty_div)
{
	size_t cap = 256 + (size_t)n * 128, len;
	char *buf = malloc(cap);

	len = (size_t)snprintf(buf, cap, "{\"tasks\": {");
	for (unsigned i = 0; i < n; i++) {
		unsigned period = lo_us + (i * 7919u) % span_us;
		unsigned run = duty_div ? period / duty_div : period * (1 + (i * 31u) % 8) / 100;

		len += (size_t)snprintf(buf + len, cap - len,
					"%s\"t%u\": {\"run\": %u, \"timer\": {\"ref\": \"unique\", \"period\": %u}}",
					i ? "," : "", i, run, period);
	}
	snprintf(buf + len, cap - len, "}}");
	return buf;
}

/* @n periodic tasks: period 16..115 ms, 1/@duty_div of it of big-CPU work. */
static char *periodic_tasks(unsigned n, unsigned duty_div)
{
	return periodic_tasks_in(n, 16000, 100000, duty_div);
}

/* Writes @text into the file @file of directory @dir; its path into @path. */
static void write_file(const char *dir, const char *file, const char *text, char *path,
		       size_t size)
{
	FILE *f;

	snprintf(path, size, "%s/%s", dir, file);
	f = fopen(path, "w");
	if (!f || fputs(text, f) == EOF || fclose(f)) {
		fprintf(stderr, "bench: %s: cannot write\n", path);
		exit(1);
	}
}

/*
 * A platform JSON file of @nr_clusters clusters of 16 CPUs, written in the temporary directory
 * @dir as @file; its path into @path. Without @em (bench (c), 256 CPUs: no EAS at this size)
 * two capacities and 3 OPPs a cluster; with it (bench (e)) four capacities (two clusters each)
 * and an energy model from a dynamic power coefficient and voltages.
 */
static void platform_clusters(const char *dir, const char *file, unsigned nr_clusters, bool em,
			      char *path, size_t size)
{
	static const unsigned dmips[4] = { 256, 512, 768, 1024 };
	unsigned nr_cpus = nr_clusters * 16;
	size_t cap = 1 << 16, len;
	char *buf = malloc(cap);

	len = (size_t)snprintf(buf, cap, "{\"name\": \"%.*s\", \"cpus\": [",
			       (int)(strlen(file) - 5), file);
	for (unsigned c = 0; c < nr_cpus; c++)
		len += (size_t)snprintf(buf + len, cap - len,
					"%s{\"cpu\": %u, \"cluster\": %u, \"capacity_dmips_mhz\": %u}",
					c ? "," : "", c, c / 16,
					em ? dmips[c / 16 * 4 / nr_clusters] :
					     c < nr_cpus / 2 ? 512u : 1024u);
	len += (size_t)snprintf(buf + len, cap - len, "], \"policies\": [");
	for (unsigned k = 0; k < nr_clusters; k++)
		len += (size_t)snprintf(buf + len, cap - len, em ?
					"%s{\"cpus\": \"%u-%u\", \"dynamic_power_coefficient\": %u, "
					"\"opps\": [{\"khz\": 800000, \"uv\": 700000},"
					" {\"khz\": 1400000, \"uv\": 850000},"
					" {\"khz\": 2000000, \"uv\": 1000000}]}" :
					"%s{\"cpus\": \"%u-%u\", \"opps\": [{\"khz\": 800000},"
					" {\"khz\": 1400000}, {\"khz\": 2000000}]}",
					k ? "," : "", k * 16, k * 16 + 15, 100 + 100 * (k * 4 / nr_clusters));
	snprintf(buf + len, cap - len, "]}");
	write_file(dir, file, buf, path, size);
	free(buf);
}

#define DEFAULT_RUNS 5
#define HOUR_RUNS 3
#define NR_TASKS_C 10000

static void run_default(void)
{
	capsim_scenario *sc = NULL;
	capsim_sim *s = NULL;
	struct run_time t[DEFAULT_RUNS];
	capsim_error e = { 0 };

	if (capsim_scenario_load_default(&sc, &e))
		die("(a)", &e);
	for (unsigned i = 0; i < DEFAULT_RUNS; i++) {
		capsim_sim_free(s);
		if (capsim_sim_create(sc, &s, &e))
			die("(a)", &e);
		t[i] = timed_run("(a)", s);
	}
	report_sim("(a) default scenario, 10 s", s, t, DEFAULT_RUNS);
	capsim_sim_free(s);
	capsim_scenario_free(sc);
}

static void run_hikey960_hour(void)
{
	capsim_sim *s = NULL;
	struct run_time t[HOUR_RUNS];
	char *w = periodic_tasks(100, 40); /* 2.5% each: 2.5 big CPUs of work on 8 CPUs */

	for (unsigned i = 0; i < HOUR_RUNS; i++) {
		capsim_sim_free(s);
		s = build("hikey960", w, 3600ULL * CAPSIM_NSEC_PER_SEC);
		t[i] = timed_run("(b)", s);
	}
	free(w);
	report_sim("(b) hikey960, 100 periodic tasks, 1 h", s, t, HOUR_RUNS);
	capsim_sim_free(s);
}

static double cpu_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The steps of `capsim simulate --platform P --workload W --duration D`, each timed. */
enum cli_step { STEP_READ, STEP_CREATE, STEP_RUN, STEP_SUMMARY, STEP_FREE, NR_STEPS };

static const char *const step_names[NR_STEPS] = { "read", "create", "run", "summary", "free" };

/* What a process that ran them tells: each step's times, and the run's figures. */
struct cli_run {
	struct run_time step[NR_STEPS];
	struct run_figures fig;
};

static void step_done(struct run_time *t, double *wall, double *cpu)
{
	double w = now_s(), c = cpu_s();

	*t = (struct run_time){ w - *wall, c - *cpu };
	*wall = w;
	*cpu = c;
}

/*
 * In this process, what cmd_simulate does: the default scenario without its caps, the platform
 * @platform, the rt-app file @path read, @dur_ns simulated, the summary taken and printed (to
 * /dev/null), everything freed.
 */
static struct cli_run simulate_like_cli(const char *platform, const char *path, uint64_t dur_ns)
{
	capsim_workload *wl = NULL;
	capsim_scenario *sc = NULL;
	capsim_summary *sum = NULL;
	capsim_sim *s = NULL;
	capsim_error e = { 0 };
	struct cli_run r;
	double wall = now_s(), cpu = cpu_s();
	FILE *out = fopen("/dev/null", "w");

	if (capsim_workload_load(path, &wl, &e))
		die(path, &e);
	step_done(&r.step[STEP_READ], &wall, &cpu);
	if (capsim_scenario_load_default(&sc, &e) || capsim_scenario_clear_events(sc, &e) ||
	    capsim_scenario_set_duration(sc, dur_ns, &e) ||
	    capsim_scenario_set_platform(sc, platform, &e) ||
	    capsim_scenario_set_workload(sc, wl, &e) || capsim_sim_create(sc, &s, &e))
		die(platform, &e);
	step_done(&r.step[STEP_CREATE], &wall, &cpu);
	if (capsim_sim_run(s, &e))
		die(path, &e);
	step_done(&r.step[STEP_RUN], &wall, &cpu);
	if (!out || capsim_sim_summary_take(s, &sum, &e) ||
	    capsim_summary_write(sum, CAPSIM_REPORT_TEXT, out) || fclose(out))
		die(path, &e);
	r.fig = figures_of(sum);
	step_done(&r.step[STEP_SUMMARY], &wall, &cpu);
	capsim_summary_free(sum);
	capsim_sim_free(s);
	capsim_scenario_free(sc);
	capsim_workload_free(wl);
	step_done(&r.step[STEP_FREE], &wall, &cpu);
	return r;
}

/*
 * simulate_like_cli() in a child process: its steps' times into @r, and from wait4() its peak
 * RSS (KiB) and whole CPU time (user + sys, the process's start and exit included) with the
 * wall time the parent saw.
 */
static long simulate_in_child(const char *platform, const char *path, uint64_t dur_ns,
			      struct cli_run *r, struct run_time *whole)
{
	double t0 = now_s();
	struct rusage ru;
	int fd[2], status;
	pid_t pid;

	fflush(stdout);
	if (pipe(fd) || (pid = fork()) < 0) {
		perror("bench: fork");
		exit(1);
	}
	if (!pid) {
		struct cli_run mine = simulate_like_cli(platform, path, dur_ns);

		_exit(write(fd[1], &mine, sizeof(mine)) == sizeof(mine) ? 0 : 1);
	}
	close(fd[1]);
	if (read(fd[0], r, sizeof(*r)) != sizeof(*r) || wait4(pid, &status, 0, &ru) != pid ||
	    !WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "bench: the run of %s failed\n", path);
		exit(1);
	}
	close(fd[0]);
	whole->wall = now_s() - t0;
	whole->cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
		     (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
	return ru.ru_maxrss;
}

#define BASE_RUNS 5

static int by_kib(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return (x > y) - (x < y);
}

static void run_256_cpus(void)
{
	char dir[] = "/tmp/capsim-bench-XXXXXX", plat[64], path[64], one[64];
	struct run_time whole;
	struct cli_run r;
	long rss, rss1, base[BASE_RUNS];
	char *w;

	if (!mkdtemp(dir)) {
		perror("bench: mkdtemp");
		exit(1);
	}
	platform_clusters(dir, "bench256.json", 16, false, plat, sizeof(plat));
	w = periodic_tasks(NR_TASKS_C, 200);  /* 0.5% each: 50 big CPUs of work on 256 CPUs */
	write_file(dir, "c.json", w, path, sizeof(path));
	free(w);
	w = periodic_tasks(1, 200);
	write_file(dir, "c1.json", w, one, sizeof(one));
	free(w);
	rss = simulate_in_child(plat, path, 10 * CAPSIM_NSEC_PER_SEC, &r, &whole);
	report("(c) 256 CPUs, 10000 periodic tasks, 10 s", &r.fig, &r.step[STEP_RUN], 1);
	/* the 1-task run's peak moves by a few hundred KiB from one process to the next */
	for (unsigned i = 0; i < BASE_RUNS; i++)
		base[i] = simulate_in_child(plat, one, 10 * CAPSIM_NSEC_PER_SEC, &r, &whole);
	qsort(base, BASE_RUNS, sizeof(base[0]), by_kib);
	rss1 = base[BASE_RUNS / 2];
	remove(plat);
	remove(path);
	remove(one);
	rmdir(dir);
	printf("peak memory of (c) %ld KiB, of the same run with 1 task %ld KiB (median of %u; RSS, "
	       "as capsim simulate: file read, run, summary printed)\n", rss, rss1, BASE_RUNS);
	printf("memory per task in (c): %.0f bytes (peak RSS added / tasks added; target <= "
	       "2048)\n", (double)(rss - rss1) * 1024.0 / (NR_TASKS_C - 1));
}

#define SETUP_RUNS 5
#define NR_TASKS_S 100000

static int by_cpu_time(const void *a, const void *b)
{
	const struct run_time *x = a, *y = b;

	return (x->cpu > y->cpu) - (x->cpu < y->cpu);
}

/*
 * (s): issue 19's setup figure: `capsim simulate --platform hikey960 --workload W --duration 1`
 * with W the one-line file of 100 000 tasks of (c)'s shape, all starting at 0. Each run is a
 * process of its own (a fresh heap, as the program has); the median of SETUP_RUNS by CPU time,
 * with its steps.
 */
static void run_setup_100k(void)
{
	char dir[] = "/tmp/capsim-bench-XXXXXX", path[64];
	struct cli_run r[SETUP_RUNS];
	struct run_time whole[SETUP_RUNS], sorted[SETUP_RUNS];
	unsigned mid = 0;
	char *w;

	if (!mkdtemp(dir)) {
		perror("bench: mkdtemp");
		exit(1);
	}
	w = periodic_tasks(NR_TASKS_S, 200);
	write_file(dir, "s.json", w, path, sizeof(path));
	free(w);
	for (unsigned i = 0; i < SETUP_RUNS; i++)
		simulate_in_child("hikey960", path, CAPSIM_NSEC_PER_SEC, &r[i], &whole[i]);
	remove(path);
	rmdir(dir);
	memcpy(sorted, whole, sizeof(sorted));
	qsort(sorted, SETUP_RUNS, sizeof(sorted[0]), by_cpu_time);
	while (whole[mid].cpu != sorted[SETUP_RUNS / 2].cpu)
		mid++;
	printf("(s) hikey960, 100000 periodic tasks starting at once, one-line file, setup + 1 s: "
	       "%llu events (median of %u processes by CPU; CPU s:", (unsigned long long)r[mid].fig.events,
	       SETUP_RUNS);
	for (unsigned i = 0; i < SETUP_RUNS; i++)
		printf(" %.3f", whole[i].cpu);
	printf(")\n    CPU %6.3f s, wall %6.3f s (the process; target <= 0.5 s CPU)\n    steps, CPU "
	       "(wall) s:", whole[mid].cpu, whole[mid].wall);
	for (unsigned k = 0; k < NR_STEPS; k++)
		printf(" %s %.3f (%.3f)", step_names[k], r[mid].step[k].cpu, r[mid].step[k].wall);
	printf("\n");
}

#define DENSE_RUNS 3

static void run_hikey960_dense(void)
{
	capsim_sim *s = NULL;
	struct run_time t[DENSE_RUNS];
	/* periods 4..100 ms, duties 1..8 %: 4.5 big CPUs of work on 4 big + 4 LITTLE */
	char *w = periodic_tasks_in(100, 4000, 96001, 0);

	for (unsigned i = 0; i < DENSE_RUNS; i++) {
		capsim_sim_free(s);
		s = build("hikey960", w, 600ULL * CAPSIM_NSEC_PER_SEC);
		t[i] = timed_run("(d)", s);
	}
	free(w);
	report_sim("(d) hikey960 with its EM, 100 periodic tasks at 1-8 %, 10 min", s, t, DENSE_RUNS);
	capsim_sim_free(s);
}

static void run_128_cpus_eas(void)
{
	char dir[] = "/tmp/capsim-bench-XXXXXX", path[64];
	struct run_time t;
	capsim_sim *s;
	char *w;

	if (!mkdtemp(dir)) {
		perror("bench: mkdtemp");
		exit(1);
	}
	platform_clusters(dir, "bench128em.json", 8, true, path, sizeof(path));
	w = periodic_tasks(2000, 200); /* 0.5 % each: 10 big CPUs of work on 128 CPUs */
	s = build(path, w, 10 * CAPSIM_NSEC_PER_SEC);
	free(w);
	remove(path);
	rmdir(dir);
	t = timed_run("(e)", s);
	report_sim("(e) 128 CPUs in 8 clusters with an EM, EAS, 2000 periodic tasks, 10 s", s, &t, 1);
	capsim_sim_free(s);
}

#define SCALE_RUNS 3

/* The wake-ups of the run @s (its tasks' wake-ups, starts included), from its summary. */
static uint64_t wakeups_of(const capsim_sim *s, struct run_figures *f)
{
	capsim_summary *sum = NULL;
	capsim_error e = { 0 };
	uint64_t n = 0;

	if (capsim_sim_summary(s, &sum, &e))
		die("(w)", &e);
	for (unsigned i = 0; i < sum->nr_tasks; i++)
		n += sum->task_counts[i].wakeups;
	*f = figures_of(sum);
	capsim_summary_free(sum);
	return n;
}

/*
 * (w): the cost per wake-up as tasks grow (issue 32): hikey960, 10 simulated s, 10 to 10 000
 * periodic tasks sharing 2.5 big CPUs of work (each 2.5/n of its period); the fastest of
 * SCALE_RUNS runs by CPU. A flat cost needs the per-CPU work of an event (the idle entry's next
 * timer above all) not to grow with the tasks. Target: 10 000 tasks within 1.5x the CPU per
 * wake-up of 100, and their 10 s in <= 1 s CPU.
 */
static void run_hikey960_scale(void)
{
	static const unsigned sizes[] = { 10, 100, 1000, 10000 };
	double per_wakeup[sizeof(sizes) / sizeof(sizes[0])];

	printf("(w) hikey960, n periodic tasks sharing 2.5 big CPUs of work, 10 s (fastest of %d "
	       "by CPU)\n    %6s %10s %10s %9s %12s %10s %9s\n", SCALE_RUNS, "tasks", "events",
	       "wake-ups", "CPU s", "ns/wake-up", "ns/event", "x real");
	for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		char *w = periodic_tasks(sizes[k], sizes[k] * 2 / 5);
		struct run_figures f;
		struct run_time best = { 0, 0 };
		uint64_t wakeups = 0;

		for (unsigned i = 0; i < SCALE_RUNS; i++) {
			capsim_sim *s = build("hikey960", w, 10 * CAPSIM_NSEC_PER_SEC);
			struct run_time t = timed_run("(w)", s);

			if (!i || t.cpu < best.cpu)
				best = t;
			wakeups = wakeups_of(s, &f);
			capsim_sim_free(s);
		}
		free(w);
		per_wakeup[k] = best.cpu * 1e9 / (double)wakeups;
		printf("    %6u %10llu %10llu %9.3f %12.1f %10.1f %9.1f\n", sizes[k],
		       (unsigned long long)f.events, (unsigned long long)wakeups, best.cpu,
		       per_wakeup[k], best.cpu * 1e9 / (double)f.events,
		       (double)f.duration_ns * 1e-9 / best.cpu);
	}
	printf("    10000 tasks against 100: %.2fx the CPU per wake-up (target <= 1.5x)\n",
	       per_wakeup[3] / per_wakeup[1]);
}

#define TRACE_RUNS 3
#define TRACE_SECONDS 60

/*
 * One run of (b) for TRACE_SECONDS with a trace in @format (-1: none) to a temporary file: its
 * CPU seconds (the run and the trace's close, which writes a trace.dat), the trace's bytes in
 * @bytes, and the file itself in @keep if asked (else it is closed).
 */
static double trace_run(const char *w, int format, long *bytes, FILE **keep)
{
	capsim_sim *s = build("hikey960", w, TRACE_SECONDS * CAPSIM_NSEC_PER_SEC);
	FILE *fp = format < 0 ? NULL : tmpfile();
	capsim_error e = { 0 };
	double c0, c1;

	if (format >= 0 && (!fp || capsim_sim_trace_open_format(s, fp, format))) {
		fprintf(stderr, "bench: (t): cannot open a trace\n");
		exit(1);
	}
	c0 = (double)clock() / CLOCKS_PER_SEC;
	if (capsim_sim_run(s, &e))
		die("(t)", &e);
	if (fp && capsim_sim_trace_close(s)) {
		fprintf(stderr, "bench: (t): the trace failed\n");
		exit(1);
	}
	c1 = (double)clock() / CLOCKS_PER_SEC;
	capsim_sim_free(s);
	*bytes = fp ? ftell(fp) : 0;
	if (keep)
		*keep = fp;
	else if (fp)
		fclose(fp);
	return c1 - c0;
}

/* The fastest of TRACE_RUNS runs (another load only ever slows one down). */
static double fastest_trace_run(const char *w, int format, long *bytes, FILE **keep)
{
	double best = 0;

	for (unsigned i = 0; i < TRACE_RUNS; i++) {
		double t = trace_run(w, format, bytes, i + 1 == TRACE_RUNS ? keep : NULL);

		if (!i || t < best)
			best = t;
	}
	return best;
}

/* The events of an ftrace text: its lines after the '#' header. */
static unsigned long trace_lines(FILE *fp)
{
	unsigned long n = 0;
	int c, bol = 1, comment = 0;

	rewind(fp);
	while ((c = getc(fp)) != EOF) {
		if (bol)
			comment = c == '#';
		bol = c == '\n';
		n += bol && !comment;
	}
	return n;
}

/*
 * (t): each trace format's cost on 60 s of (b). Every format carries the same events (those of
 * the ftrace text, whose lines are counted), so ns per event is the writer's CPU time (the run
 * with it less the run without) over those events; MB/s is the file over the whole run's CPU
 * time (what a user waits for); the size per simulated hour is 60 times that of the minute.
 */
static void run_trace_writers(void)
{
	static const struct {
		const char *name;
		enum capsim_trace_format format;
	} formats[] = {
		{ "ftrace", CAPSIM_TRACE_FTRACE },     { "report", CAPSIM_TRACE_REPORT },
		{ "dat", CAPSIM_TRACE_DAT },           { "perfetto", CAPSIM_TRACE_PERFETTO },
		{ "chrome", CAPSIM_TRACE_CHROME },
	};
	char *w = periodic_tasks(100, 40);
	unsigned long events;
	double base;
	long bytes;
	FILE *text;

	base = fastest_trace_run(w, -1, &bytes, NULL);
	fastest_trace_run(w, CAPSIM_TRACE_FTRACE, &bytes, &text);
	events = trace_lines(text);
	fclose(text);
	printf("(t) trace writers, hikey960, 100 periodic tasks, %d s: %lu trace events; run "
	       "without a trace %.3f CPU s (fastest of %d)\n",
	       TRACE_SECONDS, events, base, TRACE_RUNS);
	printf("    %-8s %9s %9s %9s %10s %8s %12s %9s\n", "format", "CPU s", "writer s",
	       "ns/event", "size MB", "MB/s", "MB / sim. h", "RSS KiB");
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		double t = fastest_trace_run(w, (int)formats[i].format, &bytes, NULL);
		double mb = (double)bytes / 1e6;

		printf("    %-8s %9.3f %9.3f %9.0f %10.2f %8.0f %12.0f %9ld\n", formats[i].name, t,
		       t - base, (t - base) * 1e9 / (double)events, mb, mb / t,
		       mb * 3600.0 / TRACE_SECONDS, peak_rss_kib());
	}
	free(w);
}

/* With arguments, only the named runs (a to e, s, t, w): e.g. `bench_sim d` to profile one. */
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
	if (wanted(argc, argv, "d"))
		run_hikey960_dense();
	if (wanted(argc, argv, "e"))
		run_128_cpus_eas();
	if (wanted(argc, argv, "s"))
		run_setup_100k();
	if (wanted(argc, argv, "t"))
		run_trace_writers();
	if (wanted(argc, argv, "w"))
		run_hikey960_scale();
	return 0;
}
