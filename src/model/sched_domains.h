/* SPDX-License-Identifier: MIT */
/*
 * sched_domains.h - the scheduling domains a v6.12 arm64 kernel builds for a platform: the
 * sibling masks of drivers/base/arch_topology.c (update_siblings_masks(),
 * cpu_coregroup_mask(), cpu_clustergroup_mask()) over the default topology of
 * kernel/sched/topology.c (SMT, CLS, MC, PKG), the levels build_sched_domains() and
 * cpu_attach_domain() keep once degenerate ones are removed, their flags (sd_init(),
 * asym_cpu_capacity_classify()) and their groups (build_sched_groups()).
 */
#ifndef CAPSIM_SCHED_DOMAINS_H
#define CAPSIM_SCHED_DOMAINS_H

#include <stdbool.h>
#include <stdint.h>

#include "capsim/capsim.h"

/* mirrors the SD_* bits of include/linux/sched/sd_flags.h (in their order) */
enum {
	SD_BALANCE_NEWIDLE = 1u << 0,
	SD_BALANCE_EXEC = 1u << 1,
	SD_BALANCE_FORK = 1u << 2,
	SD_BALANCE_WAKE = 1u << 3,
	SD_WAKE_AFFINE = 1u << 4,
	SD_ASYM_CPUCAPACITY = 1u << 5,
	SD_ASYM_CPUCAPACITY_FULL = 1u << 6,
	SD_SHARE_CPUCAPACITY = 1u << 7,
	SD_CLUSTER = 1u << 8,
	SD_SHARE_LLC = 1u << 9,
	SD_SERIALIZE = 1u << 10,
	SD_ASYM_PACKING = 1u << 11,
	SD_PREFER_SIBLING = 1u << 12,
	SD_OVERLAP = 1u << 13,
	SD_NUMA = 1u << 14,
};
#define SD_NR_FLAGS 15

/* the flags marked SDF_NEEDS_GROUPS in sd_flags.h: SD_DEGENERATE_GROUPS_MASK */
#define SD_DEGENERATE_GROUPS_MASK                                                          \
	(SD_BALANCE_NEWIDLE | SD_BALANCE_EXEC | SD_BALANCE_FORK | SD_BALANCE_WAKE |         \
	 SD_ASYM_CPUCAPACITY | SD_ASYM_CPUCAPACITY_FULL | SD_SHARE_CPUCAPACITY | SD_CLUSTER | \
	 SD_SHARE_LLC | SD_SERIALIZE | SD_ASYM_PACKING | SD_PREFER_SIBLING | SD_OVERLAP |    \
	 SD_NUMA)

/* The levels of default_topology[], bottom up. */
enum sd_level { SD_LEVEL_SMT, SD_LEVEL_CLS, SD_LEVEL_MC, SD_LEVEL_PKG, SD_NR_LEVELS };

/*
 * Which levels the kernel was built with (CONFIG_SCHED_SMT, _CLUSTER, _MC), and whether its
 * sd_init() clears SD_PREFER_SIBLING on the child of an SD_ASYM_CPUCAPACITY domain (6.1 and
 * 6.12 do, 7.3 does not: model_sd_asym_prefer_sibling_7_3()).
 */
struct sd_config {
	bool smt, cluster, mc;
	bool asym_clears_prefer_sibling;
};

/* arm64 defconfig of 6.12: SCHED_SMT=y, SCHED_MC=y, SCHED_CLUSTER unset; 6.12's sd_init() */
#define SD_CONFIG_ARM64_DEFCONFIG                                              \
	((struct sd_config){ .smt = true, .cluster = false, .mc = true, \
			     .asym_clears_prefer_sibling = true })

/* What one CPU's topology is made of: the inputs of update_siblings_masks(). */
struct sd_cpu_topo {
	int package_id, cluster_id, core_id, thread_id; /* -1: unset */
	int llc;                                         /* LLC identity, -1: invalid */
	uint64_t capacity;                               /* arch_scale_cpu_capacity() */
};

/* One distinct domain: a level's span as some CPU's sched_domain, its flags and groups. */
struct sd_domain {
	enum sd_level level;
	capsim_cpumask span;
	uint32_t flags;
	unsigned first_group, nr_groups; /* into sched_domains.groups */
};

struct sched_domains {
	struct sd_domain *domains; /* by level, then by first CPU of the span */
	unsigned nr_domains;
	capsim_cpumask *groups;    /* each domain's groups, the local one of its first CPU first */
	uint32_t *group_flags;     /* sg->flags: the kept child domain's flags, 0 at the bottom */
	unsigned nr_groups;
	/*
	 * topology_span_sane() refused the level @insane_level (-1: none) because the masks of
	 * CPUs @insane_cpu[0] and [1] overlap without being equal: build_sched_domains() fails,
	 * and the kernel runs without sched domains (nr_domains 0).
	 */
	int insane_level;
	unsigned insane_cpu[2];
};

/* The sibling masks of update_siblings_masks() (cpu_topology[]), each CPU in its own. */
struct sd_siblings {
	capsim_cpumask thread, cluster, core, llc;
};

/**
 * sd_build_siblings() - update_siblings_masks() of every one of @nr_cpus CPUs of @topo into
 * @s (one entry per CPU), with cacheinfo's test of a shared last-level cache.
 */
void sd_build_siblings(const struct sd_cpu_topo *topo, unsigned nr_cpus, struct sd_siblings *s);

/**
 * sd_imbalance_pct() - sd_init()'s imbalance_pct of a domain with @flags: 110 on SMT levels
 * (SD_SHARE_CPUCAPACITY), else 117. Return: that.
 */
unsigned sd_imbalance_pct(uint32_t flags);

/**
 * sd_cache_nice_tries() - sd_init()'s cache_nice_tries of a domain with @flags: the failed
 * balances after which task_hot() no longer keeps a task; 0 on SMT levels, else 1 (PKG
 * included). Return: that.
 */
unsigned sd_cache_nice_tries(uint32_t flags);

/** sd_level_name() - the kernel's name of @l: "SMT", "CLS", "MC" or "PKG". */
const char *sd_level_name(enum sd_level l);

/** sd_flag_name() - "SD_BALANCE_NEWIDLE" .. "SD_NUMA" for bit @bit (0..SD_NR_FLAGS-1), or NULL. */
const char *sd_flag_name(unsigned bit);

/**
 * sd_cluster_active() - whether build_sched_domains() of @sds sets sched_cluster_active (7.3):
 * a kept domain with SD_CLUSTER. Return: that.
 */
bool sd_cluster_active(const struct sched_domains *sds);

/**
 * sd_degenerate() - mirrors sd_degenerate(): a domain of @weight CPUs with @flags and
 * @nr_groups groups does nothing. Return: true if it would be removed.
 */
bool sd_degenerate(unsigned weight, uint32_t flags, unsigned nr_groups);

/**
 * sd_parent_degenerate() - mirrors sd_parent_degenerate(): the parent (@pspan, @pflags,
 * @pgroups) adds nothing to its child (@cspan, @cflags). Return: true if it is removed.
 */
bool sd_parent_degenerate(const capsim_cpumask *cspan, uint32_t cflags,
			  const capsim_cpumask *pspan, uint32_t pflags, unsigned pgroups);

/**
 * sd_asym_cpu_capacity_classify() - mirrors asym_cpu_capacity_classify(): SD_ASYM_CPUCAPACITY
 * (and _FULL when every capacity of @cpu_map is in @span) from the @nr_cpus capacities @cap.
 * Return: the flags to add.
 */
uint32_t sd_asym_cpu_capacity_classify(const capsim_cpumask *span, const capsim_cpumask *cpu_map,
				       const uint64_t *cap, unsigned nr_cpus);

/**
 * sd_config_of() - the levels and sd_init() rules of @model's kernel, arm64 defconfig: 7.3's
 * keeps SD_PREFER_SIBLING on an asymmetric domain's child, 6.1's and 6.12's clear it.
 */
struct sd_config sd_config_of(enum capsim_model model);

/**
 * sd_build() - build_sched_domains() over all of @nr_cpus CPUs of @topo with the levels of
 * @cfg, degenerate domains removed as cpu_attach_domain() does, into @out (freed with
 * sd_free()); none when topology_span_sane() refuses a level (@out->insane_level).
 * Return: 0, or CAPSIM_ERR_NOMEM.
 */
int sd_build(const struct sd_cpu_topo *topo, unsigned nr_cpus, struct sd_config cfg,
	     struct sched_domains *out, capsim_error *err);

/** sd_free() - release what sd_build() allocated in @sd (not @sd itself). */
void sd_free(struct sched_domains *sd);

#endif /* CAPSIM_SCHED_DOMAINS_H */
