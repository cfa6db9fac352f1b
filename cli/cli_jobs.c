// SPDX-License-Identifier: MIT
/*
 * cli_jobs.c - running independent simulations on several cores: how many this process may
 * use (its CPU affinity, capped by its cgroup's CPU quota, as container runtimes set it) and a
 * pool of threads that each take the next item. Results go to per-item slots, so the output
 * is the same whatever the number of jobs or the order in which they finish.
 */
#define _GNU_SOURCE /* sched_getaffinity(), CPU_COUNT() */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

/* cgroup v2's cpu.max: "QUOTA PERIOD" (µs) or "max PERIOD"; 0 when there is no quota. */
static unsigned cgroup_cpu_quota(void)
{
	FILE *f = fopen("/sys/fs/cgroup/cpu.max", "r");
	unsigned long long quota, period;
	unsigned n = 0;

	if (!f)
		return 0;
	if (fscanf(f, "%llu %llu", &quota, &period) == 2 && period)
		n = (unsigned)((quota + period - 1) / period);
	fclose(f);
	return n;
}

unsigned cli_default_jobs(void)
{
	cpu_set_t set;
	unsigned n = 1, quota = cgroup_cpu_quota();

	if (!sched_getaffinity(0, sizeof(set), &set) && CPU_COUNT(&set) > 0)
		n = (unsigned)CPU_COUNT(&set);
	return quota && quota < n ? quota : n;
}

struct pool {
	void (*fn)(void *ctx, unsigned i);
	void *ctx;
	unsigned n;
	atomic_uint next;
};

static void *worker(void *arg)
{
	struct pool *p = arg;
	unsigned i;

	while ((i = atomic_fetch_add(&p->next, 1)) < p->n)
		p->fn(p->ctx, i);
	return NULL;
}

void cli_parallel_for(unsigned n, unsigned jobs, void (*fn)(void *ctx, unsigned i), void *ctx)
{
	struct pool p = { fn, ctx, n, 0 };
	pthread_t *t;
	unsigned started = 0;

	if (jobs > n)
		jobs = n;
	t = jobs > 1 ? calloc(jobs - 1, sizeof(*t)) : NULL;
	for (unsigned k = 0; t && k + 1 < jobs; k++, started++)
		if (pthread_create(&t[k], NULL, worker, &p))
			break; /* fewer threads: the caller's own takes the rest */
	worker(&p);
	for (unsigned k = 0; k < started; k++)
		pthread_join(t[k], NULL);
	free(t);
}
