/* SPDX-License-Identifier: MIT */
/*
 * platform_check.h - the properties every loaded platform must have, shared by the platform
 * fuzz targets: capacities in [1, 1024]; each CPU's reference is 0 or its policy's
 * cpuinfo.max_freq; OPPs ascending; policy limits are table frequencies with min <= max;
 * every pressure at most the capacity, also after caps; EM states ascending with perf <= cap;
 * a failed load leaves an error message that names the file; and a second load of the same
 * input describes the same platform (compared through a canonical text dump).
 */
#ifndef CAPSIM_FUZZ_PLATFORM_CHECK_H
#define CAPSIM_FUZZ_PLATFORM_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/platform.h"

#define CHECK(cond)                                                                 \
	do {                                                                        \
		if (!(cond)) {                                                      \
			fprintf(stderr, "property failed: %s (%s:%d)\n", #cond,     \
				__FILE__, __LINE__);                                \
			abort();                                                    \
		}                                                                   \
	} while (0)

/* A canonical dump of what the platform describes, into a growing buffer. */
struct dump {
	char *buf;
	size_t len, cap;
};

static void dumpf(struct dump *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void dumpf(struct dump *d, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (d->len + (size_t)n + 1 > d->cap) {
		d->cap = (d->len + (size_t)n + 1) * 2;
		d->buf = realloc(d->buf, d->cap);
		CHECK(d->buf);
	}
	va_start(ap, fmt);
	vsnprintf(d->buf + d->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	d->len += (size_t)n;
}

static void dump_platform(const struct capsim_platform *p, struct dump *d)
{
	dumpf(d, "%s|%d|%d|%d\n", p->name, p->arch, p->capacity_source, p->nr_notes);
	for (unsigned c = 0; c < p->nr_cpus; c++)
		dumpf(d, "cpu %u %d %d %u %llu %u %llu\n", c, p->cpus[c].cluster, p->cpus[c].policy,
		      p->cpus[c].capacity_dmips_mhz, (unsigned long long)p->cpus[c].capacity_orig,
		      p->cpus[c].freq_ref_khz, (unsigned long long)p->cpus[c].cpufreq_pressure);
	for (unsigned i = 0; i < p->nr_policies; i++) {
		const struct platform_policy *pol = &p->policies[i];

		dumpf(d, "policy %u %u %u %u %u\n", pol->cpu, pol->nr_opps, pol->min_khz, pol->max_khz,
		      pol->em ? pol->em->nr_perf_states : 0);
		for (unsigned j = 0; j < pol->nr_opps; j++)
			dumpf(d, " opp %u %u %u %d\n", pol->opps[j].khz, pol->opps[j].uv, pol->opps[j].uw,
			      pol->opps[j].turbo);
		for (unsigned j = 0; pol->em && j < pol->em->nr_perf_states; j++)
			dumpf(d, " em %llu %llu %llu\n", (unsigned long long)pol->em->table[j].power,
			      (unsigned long long)pol->em->table[j].cost,
			      (unsigned long long)pol->em->table[j].flags);
	}
	for (unsigned z = 0; z < p->nr_zones; z++)
		dumpf(d, "zone %s %u %u\n", p->zones[z].name, p->zones[z].nr_trips, p->zones[z].nr_maps);
}

static bool is_table_freq(const struct platform_policy *pol, uint32_t khz)
{
	for (unsigned j = 0; j < pol->nr_opps; j++)
		if (pol->opps[j].khz == khz)
			return true;
	return false;
}

/* True if every CPU of @pol has the capacity of its first CPU. */
static bool uniform_policy(const struct capsim_platform *p, const struct platform_policy *pol)
{
	for (unsigned c = 0; c < p->nr_cpus; c++)
		if (capsim_cpumask_test(&pol->related_cpus, c) &&
		    platform_cpu_capacity_orig(p, c) != platform_cpu_capacity_orig(p, pol->cpu))
			return false;
	return true;
}

/*
 * Pressures are computed from a policy's first CPU and written to all its CPUs, as the kernel
 * does; so they are bounded by the capacity only where the policy's CPUs are alike (else the
 * kernel's unsigned actual capacity wraps too, and capsim notes it).
 */
static void check_pressures(const struct capsim_platform *p)
{
	for (unsigned c = 0; c < p->nr_cpus; c++) {
		int pol = p->cpus[c].policy;
		uint64_t cap = platform_cpu_capacity_orig(p, c);

		CHECK(platform_cpufreq_pressure(p, c) <= 1024 && platform_hw_pressure(p, c) <= 1024);
		if (pol >= 0 && !uniform_policy(p, &p->policies[pol]))
			continue;
		CHECK(platform_cpufreq_pressure(p, c) <= cap);
		CHECK(platform_hw_pressure(p, c) <= cap);
		CHECK(platform_actual_capacity(p, c) <= cap);
	}
	for (unsigned i = 0; i < p->nr_policies; i++) {
		const struct platform_policy *pol = &p->policies[i];

		CHECK(pol->min_khz <= pol->max_khz);
		CHECK(is_table_freq(pol, pol->min_khz) && is_table_freq(pol, pol->max_khz));
	}
}

static void check_platform(struct capsim_platform *p)
{
	CHECK(p->nr_cpus >= 1 && p->nr_cpus <= CAPSIM_MAX_CPUS);
	for (unsigned c = 0; c < p->nr_cpus; c++) {
		int pol = p->cpus[c].policy;

		CHECK(p->cpus[c].capacity_orig >= 1 && p->cpus[c].capacity_orig <= 1024);
		CHECK(pol >= -1 && pol < (int)p->nr_policies);
		CHECK(p->cpus[c].freq_ref_khz == 0 ||
		      (pol >= 0 && p->cpus[c].freq_ref_khz == p->policies[pol].cpuinfo_max_khz));
	}
	for (unsigned i = 0; i < p->nr_policies; i++) {
		const struct platform_policy *pol = &p->policies[i];

		CHECK(pol->nr_opps >= 1);
		for (unsigned j = 1; j < pol->nr_opps; j++)
			CHECK(pol->opps[j - 1].hz < pol->opps[j].hz);
		for (unsigned j = 0; pol->em && j < pol->em->nr_perf_states; j++) {
			CHECK(pol->em->table[j].performance >= 1);
			CHECK(pol->em->table[j].performance <= platform_cpu_capacity_orig(p, pol->cpu));
			CHECK(j == 0 || pol->em->table[j - 1].frequency < pol->em->table[j].frequency);
		}
	}
	check_pressures(p);
	/* caps: a user cap at the lowest OPP and a HW cap at 1 kHz on every policy, a HW cap
	 * on the CPUs without one */
	for (unsigned i = 0; i < p->nr_policies; i++) {
		CHECK(platform_freq_qos_update_request(p, i, FREQ_QOS_MAX, "user",
						       p->policies[i].opps[0].khz, NULL) == 0);
		platform_set_hw_pressure(p, &p->policies[i].related_cpus, 1);
	}
	for (unsigned c = 0; c < p->nr_cpus; c++) {
		capsim_cpumask one = { { 0 } };

		capsim_cpumask_set(&one, c);
		if (p->cpus[c].policy < 0)
			platform_set_hw_pressure(p, &one, 1);
	}
	for (unsigned c = 0; c < p->nr_cpus; c++)
		platform_update_hw_load_avg(p, c, 100000000);
	check_pressures(p);
}

/* A failed load must say why, naming the file. */
static void check_error(int ret, const capsim_error *err, const char *file)
{
	CHECK(ret < 0);
	CHECK(err->code == ret);
	CHECK(strstr(err->msg, file) != NULL);
}

/* One platform reader as the fuzz targets call it: the input's bytes, the file name to report. */
typedef int (*platform_loader_fn)(const uint8_t *data, size_t size, const char *file,
				  struct capsim_platform **out, capsim_error *err);

/*
 * The property every platform reader must have on any input: it either fails with a message
 * naming @file, or loads a platform with the properties above, the same on a second load.
 */
static int check_platform_loader(platform_loader_fn load, const uint8_t *data, size_t size,
				 const char *file)
{
	struct capsim_platform *p = NULL, *q = NULL;
	capsim_error err = { 0 };
	struct dump a = { 0 }, b = { 0 };
	int ret = load(data, size, file, &p, &err);

	if (ret) {
		check_error(ret, &err, file);
		return 0;
	}
	CHECK(load(data, size, file, &q, &err) == 0);
	dump_platform(p, &a);
	dump_platform(q, &b);
	CHECK(a.len == b.len && !memcmp(a.buf, b.buf, a.len));
	check_platform(p);
	free(a.buf);
	free(b.buf);
	platform_free(p);
	platform_free(q);
	return 0;
}

#endif /* CAPSIM_FUZZ_PLATFORM_CHECK_H */
