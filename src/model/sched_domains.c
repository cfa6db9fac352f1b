// SPDX-License-Identifier: MIT
/*
 * sched_domains.c - the scheduling domains of a v6.12 arm64 kernel, from the CPU topology
 * arch_topology read out of the device tree (cpu-map, cache nodes) and the CPU capacities:
 *
 *   update_siblings_masks()       drivers/base/arch_topology.c: thread, cluster, core (package)
 *                                 and LLC siblings, each CPU in its own masks
 *   cpu_coregroup_mask()          the smaller of package and LLC siblings, widened to the
 *                                 cluster under CONFIG_SCHED_CLUSTER
 *   cpu_clustergroup_mask()       the cluster, or the SMT siblings when it spans the MC mask
 *   build_sched_domains()         kernel/sched/topology.c: default_topology[] levels per CPU,
 *                                 sd_init() flags, asym_cpu_capacity_classify(), stopping at
 *                                 the level that spans every CPU; build_sched_groups(); no
 *                                 domains at all if topology_span_sane() fails
 *   cpu_attach_domain()           degenerate domains removed (sd_degenerate(),
 *                                 sd_parent_degenerate()), SD_PREFER_SIBLING handed down
 *
 * Every CPU is online and in one root domain; there is no NUMA (cpu_cpu_mask() is every CPU)
 * and no SD_ASYM_PACKING (arm64 has no arch_asym_cpu_priority()).
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "model/model.h"
#include "model/sched_domains.h"

static const char *const level_names[SD_NR_LEVELS] = { "SMT", "CLS", "MC", "PKG" };

static const char *const flag_names[SD_NR_FLAGS] = {
	"SD_BALANCE_NEWIDLE", "SD_BALANCE_EXEC", "SD_BALANCE_FORK", "SD_BALANCE_WAKE",
	"SD_WAKE_AFFINE", "SD_ASYM_CPUCAPACITY", "SD_ASYM_CPUCAPACITY_FULL",
	"SD_SHARE_CPUCAPACITY", "SD_CLUSTER", "SD_SHARE_LLC", "SD_SERIALIZE",
	"SD_ASYM_PACKING", "SD_PREFER_SIBLING", "SD_OVERLAP", "SD_NUMA",
};

const char *sd_level_name(enum sd_level l)
{
	return (unsigned)l < SD_NR_LEVELS ? level_names[l] : "?";
}

const char *sd_flag_name(unsigned bit)
{
	return bit < SD_NR_FLAGS ? flag_names[bit] : NULL;
}

static bool mask_equal(const capsim_cpumask *a, const capsim_cpumask *b)
{
	return !memcmp(a, b, sizeof(*a));
}

static bool mask_subset(const capsim_cpumask *a, const capsim_cpumask *b)
{
	for (unsigned i = 0; i < CAPSIM_MAX_CPUS / 64; i++)
		if (a->bits[i] & ~b->bits[i])
			return false;
	return true;
}

static void mask_or(capsim_cpumask *a, const capsim_cpumask *b)
{
	for (unsigned i = 0; i < CAPSIM_MAX_CPUS / 64; i++)
		a->bits[i] |= b->bits[i];
}

bool sd_degenerate(unsigned weight, uint32_t flags, unsigned nr_groups)
{
	if (weight == 1)
		return true;
	/* flags that need at least 2 groups */
	if ((flags & SD_DEGENERATE_GROUPS_MASK) && nr_groups > 1)
		return false;
	/* flags that do not use groups */
	if (flags & SD_WAKE_AFFINE)
		return false;
	return true;
}

bool sd_parent_degenerate(const capsim_cpumask *cspan, uint32_t cflags,
			  const capsim_cpumask *pspan, uint32_t pflags, unsigned pgroups)
{
	if (sd_degenerate(capsim_cpumask_weight(pspan), pflags, pgroups))
		return true;
	if (!mask_equal(cspan, pspan))
		return false;
	/* flags needing groups do not count if the parent has one group */
	if (pgroups == 1)
		pflags &= ~(uint32_t)SD_DEGENERATE_GROUPS_MASK;
	return !(~cflags & pflags);
}

/*
 * asym_cap_list holds one entry per distinct capacity (asym_cpu_capacity_scan()); an entry
 * counts if some CPU of @span has that capacity, is missed if only CPUs outside it have it.
 */
uint32_t sd_asym_cpu_capacity_classify(const capsim_cpumask *span, const capsim_cpumask *cpu_map,
				       const uint64_t *cap, unsigned nr_cpus)
{
	unsigned count = 0, miss = 0;

	for (unsigned c = 0; c < nr_cpus; c++) {
		bool first = true, in_span = false, in_map = false;

		for (unsigned o = 0; o < c && first; o++)
			first = cap[o] != cap[c];
		if (!first)
			continue; /* this capacity's entry was counted already */
		for (unsigned o = c; o < nr_cpus; o++) {
			if (cap[o] != cap[c])
				continue;
			in_span |= capsim_cpumask_test(span, o);
			in_map |= capsim_cpumask_test(cpu_map, o);
		}
		if (in_span)
			count++;
		else if (in_map)
			miss++;
	}
	if (count < 2)
		return 0; /* no asymmetry detected */
	if (miss)
		return SD_ASYM_CPUCAPACITY; /* some capacities are outside the span */
	return SD_ASYM_CPUCAPACITY | SD_ASYM_CPUCAPACITY_FULL;
}

/* update_siblings_masks() with the LLC test of cacheinfo */
void sd_build_siblings(const struct sd_cpu_topo *t, unsigned n, struct sd_siblings *s)
{
	for (unsigned a = 0; a < n; a++) {
		memset(&s[a], 0, sizeof(s[a]));
		/* clear_cpu_topology(): a CPU is its own sibling in every mask */
		capsim_cpumask_set(&s[a].thread, a);
		capsim_cpumask_set(&s[a].cluster, a);
		capsim_cpumask_set(&s[a].core, a);
		capsim_cpumask_set(&s[a].llc, a);
	}
	for (unsigned a = 0; a < n; a++) {
		for (unsigned b = 0; b < n; b++) {
			/* last_level_cache_is_shared(): both valid, same fw_token */
			if (t[a].llc >= 0 && t[a].llc == t[b].llc)
				capsim_cpumask_set(&s[a].llc, b);
			if (t[a].package_id != t[b].package_id)
				continue;
			capsim_cpumask_set(&s[a].core, b);
			if (t[a].cluster_id != t[b].cluster_id)
				continue;
			if (t[a].cluster_id >= 0)
				capsim_cpumask_set(&s[a].cluster, b);
			if (t[a].core_id != t[b].core_id)
				continue;
			capsim_cpumask_set(&s[a].thread, b);
		}
	}
}

/* sd_init(): SMT levels balance at 110%, the others at 117% */
unsigned sd_imbalance_pct(uint32_t flags)
{
	return flags & SD_SHARE_CPUCAPACITY ? 110 : 117;
}

/*
 * sd_init(): 0 on SMT levels (the initializer's), 1 on levels sharing an LLC, and 1 on the
 * others too (its last "else"; only NUMA levels, which arm64 boards here lack, get 2)
 */
unsigned sd_cache_nice_tries(uint32_t flags)
{
	return flags & SD_SHARE_CPUCAPACITY ? 0 : 1;
}

/*
 * build_sched_domains()' has_cluster (7.3: sched_cluster_active): some CPU's kept domains
 * include an SD_CLUSTER one
 */
bool sd_cluster_active(const struct sched_domains *sds)
{
	for (unsigned i = 0; i < sds->nr_domains; i++)
		if (sds->domains[i].flags & SD_CLUSTER)
			return true;
	return false;
}

/* mirrors cpu_coregroup_mask() (no NUMA: the node is every CPU) */
static capsim_cpumask coregroup_mask(const struct sd_cpu_topo *t, const struct sd_siblings *s,
				     unsigned cpu, struct sd_config cfg)
{
	capsim_cpumask m = s[cpu].core;

	if (t[cpu].llc >= 0 && mask_subset(&s[cpu].llc, &m))
		m = s[cpu].llc;
	/* no shared LLC but clusters: MC widens to the cluster, then degenerates under CLS */
	if (cfg.cluster && mask_subset(&m, &s[cpu].cluster))
		m = s[cpu].cluster;
	return m;
}

/* mirrors cpu_clustergroup_mask(): never as wide as the MC mask */
static capsim_cpumask clustergroup_mask(const struct sd_cpu_topo *t, const struct sd_siblings *s,
					unsigned cpu, struct sd_config cfg)
{
	capsim_cpumask mc = coregroup_mask(t, s, cpu, cfg);

	return mask_subset(&mc, &s[cpu].cluster) ? s[cpu].thread : s[cpu].cluster;
}

/* One CPU's domain at one level, before and after cpu_attach_domain(). */
struct built {
	bool present; /* built (the CPU's levels stop at the first that spans every CPU) */
	bool kept;    /* not removed as degenerate */
	capsim_cpumask span;
	uint32_t flags;
	unsigned nr_groups;
};

static const uint32_t level_flags[SD_NR_LEVELS] = {
	[SD_LEVEL_SMT] = SD_SHARE_CPUCAPACITY | SD_SHARE_LLC, /* cpu_smt_flags() */
	[SD_LEVEL_CLS] = SD_CLUSTER | SD_SHARE_LLC,           /* cpu_cluster_flags() */
	[SD_LEVEL_MC] = SD_SHARE_LLC,                         /* cpu_core_flags() */
	[SD_LEVEL_PKG] = 0,
};

static bool level_enabled(enum sd_level l, struct sd_config cfg)
{
	return l == SD_LEVEL_PKG || (l == SD_LEVEL_SMT && cfg.smt) ||
	       (l == SD_LEVEL_CLS && cfg.cluster) || (l == SD_LEVEL_MC && cfg.mc);
}

static capsim_cpumask level_mask(enum sd_level l, const struct sd_cpu_topo *t,
				 const struct sd_siblings *s, unsigned cpu, unsigned n,
				 struct sd_config cfg)
{
	capsim_cpumask all = { { 0 } };

	switch (l) {
	case SD_LEVEL_SMT:
		return s[cpu].thread;
	case SD_LEVEL_CLS:
		return clustergroup_mask(t, s, cpu, cfg);
	case SD_LEVEL_MC:
		return coregroup_mask(t, s, cpu, cfg);
	default:
		for (unsigned c = 0; c < n; c++)
			capsim_cpumask_set(&all, c);
		return all;
	}
}

/*
 * topology_span_sane(): a level's mask of @cpu and of every later CPU are equal or disjoint
 * (a partial overlap would break the group rings). Return: true, or false with the two CPUs.
 */
static bool span_sane(enum sd_level l, const struct sd_cpu_topo *t, const struct sd_siblings *s,
		      unsigned cpu, unsigned n, struct sd_config cfg, unsigned *other)
{
	capsim_cpumask m = level_mask(l, t, s, cpu, n, cfg);

	for (unsigned j = cpu + 1; j < n; j++) {
		capsim_cpumask o = level_mask(l, t, s, j, n, cfg);
		bool meet = false;

		for (unsigned w = 0; w < CAPSIM_MAX_CPUS / 64; w++)
			meet |= (m.bits[w] & o.bits[w]) != 0;
		if (meet && !mask_equal(&m, &o)) {
			*other = j;
			return false;
		}
	}
	return true;
}

/*
 * build_sched_domain() with sd_init() for every CPU and level, each level checked by
 * topology_span_sane() first. Return: true, or false with @sd's insane_level and CPUs set.
 */
static bool build_levels(const struct sd_cpu_topo *t, const struct sd_siblings *s, unsigned n,
			 struct sd_config cfg, const capsim_cpumask *all, const uint64_t *cap,
			 struct built (*b)[SD_NR_LEVELS], struct sched_domains *sd)
{
	for (unsigned cpu = 0; cpu < n; cpu++) {
		struct built *child = NULL;

		for (int l = 0; l < SD_NR_LEVELS; l++) {
			struct built *d = &b[cpu][l];

			if (!level_enabled((enum sd_level)l, cfg))
				continue;
			if (!span_sane((enum sd_level)l, t, s, cpu, n, cfg, &sd->insane_cpu[1])) {
				sd->insane_level = l;
				sd->insane_cpu[0] = cpu;
				return false;
			}
			d->present = true;
			d->span = level_mask((enum sd_level)l, t, s, cpu, n, cfg);
			if (child && !mask_subset(&child->span, &d->span))
				mask_or(&d->span, &child->span); /* "BUG: arch topology borken" */
			d->flags = SD_BALANCE_NEWIDLE | SD_BALANCE_EXEC | SD_BALANCE_FORK |
				   SD_WAKE_AFFINE | SD_PREFER_SIBLING | level_flags[l];
			d->flags |= sd_asym_cpu_capacity_classify(&d->span, all, cap, n);
			/* don't spread across CPUs of different capacities (up to 6.12) */
			if (CAPSIM_MUT(306, cfg.asym_clears_prefer_sibling, true) &&
			    (d->flags & SD_ASYM_CPUCAPACITY) && child)
				CAPSIM_MUT(310, child, d)->flags &= ~(uint32_t)SD_PREFER_SIBLING;
			child = d;
			if (mask_equal(&d->span, all))
				break;
		}
	}
	return true;
}

/* The built child level of @l on @cpu, or -1 (build_sched_groups() uses sd->child). */
static int child_level(struct built (*b)[SD_NR_LEVELS], unsigned cpu, int l)
{
	for (int c = l - 1; c >= 0; c--)
		if (b[cpu][c].present)
			return c;
	return -1;
}

/* build_sched_groups(): the distinct child spans of the CPUs of @d (single CPUs at the bottom) */
static unsigned groups_of(struct built (*b)[SD_NR_LEVELS], unsigned cpu, int l, unsigned n,
			  capsim_cpumask *out)
{
	const capsim_cpumask *span = &b[cpu][l].span;
	capsim_cpumask covered = { { 0 } };
	unsigned nr = 0;

	/* for_each_cpu_wrap(i, span, cpu): the local group first */
	for (unsigned k = 0; k < n; k++) {
		unsigned j = (cpu + k) % n;
		int cl = child_level(b, j, l);
		capsim_cpumask g = { { 0 } };

		if (!capsim_cpumask_test(span, j) || capsim_cpumask_test(&covered, j))
			continue;
		if (cl >= 0)
			g = b[j][cl].span;
		else
			capsim_cpumask_set(&g, j);
		mask_or(&covered, &g);
		if (out)
			out[nr] = g;
		nr++;
	}
	return nr;
}

/*
 * The ring of @cpu's domain at @l as build_sched_domains() leaves it, from @cpu's local group
 * into @out. The CPUs of a span share their groups (get_group(): one per child domain), and
 * each CPU's build_sched_groups(), in CPU order, links them anew from itself round the span:
 * the last CPU's links stand. Groups of consecutive CPUs come out in CPU order whoever links
 * them; interleaved ones (a child spanning 4-7 and 12-15) in the last CPU's order.
 * Return: how many.
 */
static unsigned ring_of(struct built (*b)[SD_NR_LEVELS], unsigned cpu, int l, unsigned n,
			capsim_cpumask *out)
{
	unsigned last = cpu, nr, local = 0;

	for (unsigned c = cpu; c < n; c++)
		if (capsim_cpumask_test(&b[cpu][l].span, c))
			last = c;
	nr = groups_of(b, last, l, n, out);
	while (local + 1 < nr && !capsim_cpumask_test(&out[local], cpu))
		local++;
	for (unsigned k = 0; k < local; k++) { /* rotate the local group to the front */
		capsim_cpumask first = out[0];

		memmove(&out[0], &out[1], (nr - 1) * sizeof(*out));
		out[nr - 1] = first;
	}
	return nr;
}

/* cpu_attach_domain(): remove the domains that do not contribute to scheduling */
static void attach(struct built *d)
{
	int tmp = -1;

	for (int l = 0; l < SD_NR_LEVELS; l++) {
		d[l].kept = d[l].present;
		if (tmp < 0 && d[l].present)
			tmp = l;
	}
	while (tmp >= 0) {
		int parent = -1;

		for (int l = tmp + 1; l < SD_NR_LEVELS && parent < 0; l++)
			if (d[l].kept)
				parent = l;
		if (parent < 0)
			break;
		if (sd_parent_degenerate(&d[tmp].span, d[tmp].flags, &d[parent].span,
					 d[parent].flags, d[parent].nr_groups)) {
			d[parent].kept = false;
			/* SD_PREFER_SIBLING moves down from a degenerate parent */
			d[tmp].flags |= d[parent].flags & SD_PREFER_SIBLING;
		} else {
			tmp = parent;
		}
	}
	for (int l = 0; l < SD_NR_LEVELS; l++) {
		if (!d[l].kept)
			continue;
		/* only the lowest level left is tested once more */
		if (sd_degenerate(capsim_cpumask_weight(&d[l].span), d[l].flags, d[l].nr_groups))
			d[l].kept = false;
		break;
	}
}

/* Whether @cpu's domain at @l is the first of its (level, span) among CPUs before it. */
static bool first_of_span(struct built (*b)[SD_NR_LEVELS], unsigned cpu, int l)
{
	for (unsigned o = 0; o < cpu; o++)
		if (b[o][l].kept && mask_equal(&b[o][l].span, &b[cpu][l].span))
			return false;
	return true;
}

/*
 * sg->flags: get_group() copies the child domain's flags; cpu_attach_domain() clears them
 * when that child is the degenerate bottom level and hands a degenerate parent's child's on,
 * so they are those of the kept lower level spanning the group, or 0.
 */
static uint32_t group_flags(struct built (*b)[SD_NR_LEVELS], unsigned n, int l,
			    const capsim_cpumask *span)
{
	unsigned first = capsim_cpumask_next(span, 0, n);

	for (int c = l - 1; c >= 0; c--)
		if (b[first][c].kept && mask_equal(&b[first][c].span, span))
			return b[first][c].flags;
	return 0;
}

static int collect(struct built (*b)[SD_NR_LEVELS], unsigned n, struct sched_domains *out,
		   capsim_error *err)
{
	unsigned nr_domains = 0, nr_groups = 0;

	for (int l = 0; l < SD_NR_LEVELS; l++)
		for (unsigned cpu = 0; cpu < n; cpu++)
			if (b[cpu][l].kept && first_of_span(b, cpu, l)) {
				nr_domains++;
				nr_groups += b[cpu][l].nr_groups;
			}
	out->domains = calloc(nr_domains ? nr_domains : 1, sizeof(*out->domains));
	out->groups = calloc(nr_groups ? nr_groups : 1, sizeof(*out->groups));
	out->group_flags = calloc(nr_groups ? nr_groups : 1, sizeof(*out->group_flags));
	if (!out->domains || !out->groups || !out->group_flags)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	for (int l = 0; l < SD_NR_LEVELS; l++) {
		for (unsigned cpu = 0; cpu < n; cpu++) {
			struct sd_domain *d;

			if (!b[cpu][l].kept || !first_of_span(b, cpu, l))
				continue;
			d = &out->domains[out->nr_domains++];
			d->level = (enum sd_level)l;
			d->span = b[cpu][l].span;
			d->flags = b[cpu][l].flags;
			d->first_group = out->nr_groups;
			d->nr_groups = ring_of(b, cpu, l, n, &out->groups[out->nr_groups]);
			for (unsigned g = out->nr_groups; g < out->nr_groups + d->nr_groups; g++)
				out->group_flags[g] = group_flags(b, n, l, &out->groups[g]);
			out->nr_groups += d->nr_groups;
		}
	}
	return 0;
}

int sd_build(const struct sd_cpu_topo *topo, unsigned nr_cpus, struct sd_config cfg,
	     struct sched_domains *out, capsim_error *err)
{
	struct sd_siblings *s = calloc(nr_cpus, sizeof(*s));
	struct built (*b)[SD_NR_LEVELS] = calloc(nr_cpus, sizeof(*b));
	uint64_t *cap = calloc(nr_cpus, sizeof(*cap));
	capsim_cpumask all = { { 0 } };
	int ret = 0;

	memset(out, 0, sizeof(*out));
	out->insane_level = -1;
	if (!s || !b || !cap) {
		ret = capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
		goto out;
	}
	for (unsigned c = 0; c < nr_cpus; c++) {
		capsim_cpumask_set(&all, c);
		cap[c] = topo[c].capacity;
	}
	sd_build_siblings(topo, nr_cpus, s);
	if (!build_levels(topo, s, nr_cpus, cfg, &all, cap, b, out))
		memset(b, 0, nr_cpus * sizeof(*b)); /* "goto error": no CPU gets a domain */
	for (unsigned cpu = 0; cpu < nr_cpus; cpu++)
		for (int l = 0; l < SD_NR_LEVELS; l++)
			if (b[cpu][l].present)
				b[cpu][l].nr_groups = groups_of(b, cpu, l, nr_cpus, NULL);
	for (unsigned cpu = 0; cpu < nr_cpus; cpu++)
		attach(b[cpu]);
	ret = collect(b, nr_cpus, out, err);
out:
	if (ret)
		sd_free(out);
	free(s);
	free(b);
	free(cap);
	return ret;
}

void sd_free(struct sched_domains *sd)
{
	free(sd->domains);
	free(sd->groups);
	free(sd->group_flags);
	memset(sd, 0, sizeof(*sd));
}

struct sd_config sd_config_of(enum capsim_model model)
{
	struct sd_config cfg = SD_CONFIG_ARM64_DEFCONFIG;

	cfg.asym_clears_prefer_sibling =
		CAPSIM_MUT(307, !model_sd_asym_prefer_sibling_7_3(model), false);
	return cfg;
}
