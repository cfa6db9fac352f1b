/* SPDX-License-Identifier: MIT */
/*
 * platform_internal.h - the steps of platform_finalize(), each in the file of its concept, and
 * the helpers the loaders share. Not for the simulator: it uses platform.h.
 */
#ifndef CAPSIM_PLATFORM_INTERNAL_H
#define CAPSIM_PLATFORM_INTERNAL_H

#include "model/platform.h"

/**
 * cpufreq_init_policies() - src/model/cpufreq.c: sort each policy's OPPs ascending and derive
 * cpuinfo min/max as cpufreq_frequency_table_cpuinfo() (turbo OPPs excluded unless boosted).
 */
int cpufreq_init_policies(struct capsim_platform *p, capsim_error *err);

/**
 * topology_init_capacities() - src/model/topology.c: capacity_freq_ref per CPU and cpu_scale as
 * init_cpu_capacity_callback() + topology_normalize_cpu_scale() leave them.
 */
int topology_init_capacities(struct capsim_platform *p, capsim_error *err);

/** platform_build_em() - src/model/energy_model.c: one perf domain per policy, when the DT allows. */
int platform_build_em(struct capsim_platform *p, capsim_error *err);

/**
 * cpufreq_init_requests() - src/model/cpufreq.c: the policy's own "user" MIN/MAX requests (the
 * scaling_min/max_freq of cpufreq_policy_online()), then a first cpufreq_set_policy().
 */
int cpufreq_init_requests(struct capsim_platform *p, capsim_error *err);

#endif /* CAPSIM_PLATFORM_INTERNAL_H */
