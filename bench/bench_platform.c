// SPDX-License-Identifier: MIT
/*
 * bench_platform.c - the cost of the platform operations the simulator performs: loading a
 * shipped device tree (libfdt walk, normalization, EM, first cpufreq_set_policy()), one freq_qos
 * update (cpufreq_set_policy() + cpufreq_update_pressure()), and one
 * get_actual_cpu_capacity(). Time is this thread's CPU time; each figure is the fastest of
 * REPEATS runs, so that other processes on a shared machine inflate it less. Prints
 * platform_load_us, qos_update_ns and actual_capacity_ns (build with CMAKE_BUILD_TYPE=Release).
 * It uses only the public API (capsim/capsim_platform.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "capsim/capsim.h"

#define LOADS 200
#define UPDATES 1000000
#define READS 10000000
#define REPEATS 5

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double fastest(double a, double b)
{
	return a < b ? a : b;
}

int main(void)
{
	char path[512];
	capsim_platform *p = NULL;
	struct capsim_platform_info info = CAPSIM_SIZED(struct capsim_platform_info);
	struct capsim_policy_info pol = CAPSIM_SIZED(struct capsim_policy_info);
	struct capsim_cap cap = { .size = sizeof(cap), .kind = CAPSIM_CAP_MAX_FREQ };
	capsim_error err = { 0 };
	double load = 1e9, qos = 1e9, read = 1e9, t;
	uint64_t check = 0;

	snprintf(path, sizeof(path), "%s/platforms/rb5.dtb", capsim_platform_data_dir());
	for (int r = 0; r < REPEATS; r++) {
		t = now_s();
		for (int i = 0; i < LOADS; i++) {
			if (capsim_platform_load(path, NULL, 0, &p, &err)) {
				fprintf(stderr, "bench_platform: %s\n", err.msg);
				return 1;
			}
			capsim_platform_get_info(p, &info);
			check += info.nr_cpus;
			capsim_platform_free(p);
		}
		load = fastest(load, (now_s() - t) / LOADS);
	}
	if (capsim_platform_load(path, NULL, 0, &p, &err) || capsim_platform_get_policy(p, 2, &pol))
		return 1;
	cap.policy = pol.cpu;
	for (int r = 0; r < REPEATS; r++) {
		t = now_s();
		for (uint32_t i = 0; i < UPDATES; i++) {
			cap.value = 1000000 + (i % 2048) * 1000;
			capsim_platform_apply_cap(p, &cap, NULL);
		}
		qos = fastest(qos, (now_s() - t) / UPDATES);
		t = now_s();
		for (uint32_t i = 0; i < READS; i++)
			check += capsim_platform_actual_capacity(p, i & 7);
		read = fastest(read, (now_s() - t) / READS);
	}
	capsim_platform_free(p);
	printf("platform_load_us %.1f\nqos_update_ns %.1f\nactual_capacity_ns %.2f\n(check %llu)\n",
	       load * 1e6, qos * 1e9, read * 1e9, (unsigned long long)check);
	return 0;
}
