/* SPDX-License-Identifier: MIT */
/*
 * perf_domain.h - the root domain's list of performance domains (rd->pd) that Energy Aware
 * Scheduling walks, built from a platform's energy model as build_perf_domains() in
 * kernel/sched/topology.c builds it. The placement code (src/model/fair.h, struct fair_rd) reads the
 * result; `capsim place --platform` and the simulator both build it here.
 */
#ifndef CAPSIM_PERF_DOMAIN_H
#define CAPSIM_PERF_DOMAIN_H

#include "capsim/capsim.h"
#include "model/energy_model.h"

struct capsim_platform;

/**
 * build_perf_domains() - one pd per cpufreq policy: @pds[id] is a copy of the policy's EM
 * domain (its table stays owned by @plat), ids in ascending first-CPU order; @cpu_pd[cpu] is
 * the pd id of each CPU; @pd_order is rd->pd: the kernel walks the CPUs upwards and prepends
 * each new pd, so the pd of the highest first CPU comes first. @pds, @cpu_pd and @pd_order hold
 * at least plat->nr_cpus entries.
 * Return: 0; CAPSIM_ERR_UNSUPPORTED when a CPU has no policy or no EM (pd_init() fails and the
 * kernel runs without EAS); CAPSIM_ERR_RANGE beyond CAPSIM_MAX_CPUS CPUs.
 */
int build_perf_domains(const struct capsim_platform *plat, struct em_perf_domain *pds,
		       unsigned *cpu_pd, unsigned *pd_order, unsigned *nr_pds, capsim_error *err);

/* v6.1's EAS complexity bound (kernel/sched/topology.c; 5b77261c5510 removed it in v6.7) */
#define EM_MAX_COMPLEXITY 2048

/**
 * em_complexity() - the complexity 6.1's build_perf_domains() bounds by EM_MAX_COMPLEXITY:
 * nr_pd * (nr_cpus + nr_ps), nr_ps the performance states of the @nr_pds domains @pds
 * together (em_pd_nr_perf_states(), the whole table), @nr_cpus the root domain's CPUs.
 */
unsigned long em_complexity(const struct em_perf_domain *pds, unsigned nr_pds, unsigned nr_cpus);

#endif /* CAPSIM_PERF_DOMAIN_H */
