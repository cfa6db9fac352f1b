// SPDX-License-Identifier: MIT
/*
 * kernel_side_topology.c - the kernel's answer for group sched_domains: one boot of the
 * case's device tree through the functions functions_topology*.txt cut out of
 * linux-source-6.12 (k_ the generic code, k64_ arm64's, k32_ arm32's), in the order the
 * kernel runs them:
 *
 *   setup_arch()         arm64: smp_init_cpus() -> of_parse_and_init_cpus() (logical ids);
 *                        arm32: the CPU nodes in tree order (arm_dt_init_cpu_maps(), not cut)
 *   smp_prepare_cpus()   init_cpu_topology() (cpu-map or arm32's MPIDR, capacities, early
 *                        cacheinfo), store_cpu_topology() of the boot CPU
 *   secondary CPUs       store_cpu_topology() of each, in order, then it is online
 *   cpufreq              init_cpu_capacity_callback() for each of the case's policies
 *   sched domains        asym_cpu_capacity_scan() and build_sched_domains() of every CPU, as
 *                        rebuild_sched_domains() does once the capacities are final
 *
 * then reads back per CPU its masks and capacity, and per level the domain it keeps
 * (rq->sd upwards; the level from the topology table entry that built it). A translation
 * unit of its own (kstubs_topology.h); what the stubs decide is listed there.
 */
#define _GNU_SOURCE /* strchrnul() for of_node_name_eq() */
#include <stdlib.h>

#include "kstubs_topology.h"

/* the state the cut code shares is kstubs_topology.h's; kc_reset() sets it per case */
#include "kernel_extract_topology.c"
/* arm64's and arm32's arch code call the generic code by its kernel names */
#define of_get_cpu_hwid k_of_get_cpu_hwid
#define of_get_cpu_node k_of_get_cpu_node
#define of_find_last_cache_level k_of_find_last_cache_level
#define get_cpu_cacheinfo k_get_cpu_cacheinfo
#define update_siblings_masks k_update_siblings_masks
#define topology_parse_cpu_capacity k_topology_parse_cpu_capacity
#define topology_normalize_cpu_scale k_topology_normalize_cpu_scale
#define topology_set_cpu_scale k_topology_set_cpu_scale
#define reset_cpu_topology k_reset_cpu_topology
#include "kernel_extract_topology_arm64.c"
#include "kernel_extract_topology_arm.c"

/* --- memory ------------------------------------------------------------------------------ */

static unsigned char kc_arena[1 << 20];
static size_t kc_arena_used;

void *kc_arena_zalloc(size_t size)
{
	size_t at = (kc_arena_used + 15) & ~(size_t)15;

	if (at + size > sizeof(kc_arena))
		return NULL; /* as a failed allocation: the kernel's error paths */
	kc_arena_used = at + size;
	memset(kc_arena + at, 0, size);
	return kc_arena + at;
}

struct root_domain *alloc_rootdomain(void)
{
	return kzalloc(sizeof(struct root_domain), GFP_KERNEL);
}

/* --- the device tree ------------------------------------------------------------------- */

static struct device_node kc_nodes[256 * 1024 / 4]; /* by offset / 4: trees up to 256 KiB */
static int kc_parent[256 * 1024 / 4];                /* each node's parent's offset, by offset / 4 */
static int kc_next_cpu[256 * 1024 / 4 + 1];          /* of_get_next_cpu_node(), by offset / 4 + 1 */
static struct kc_phandle {
	u32 phandle;
	int offset;
} kc_phandles[4096];
static unsigned kc_nr_phandles;

static int kc_cmp_phandle(const void *a, const void *b)
{
	const struct kc_phandle *x = a, *y = b;

	return x->phandle < y->phandle ? -1 : x->phandle > y->phandle;
}

static int kc_node_by_phandle(u32 phandle)
{
	struct kc_phandle key = { phandle, 0 };
	const struct kc_phandle *p = bsearch(&key, kc_phandles, kc_nr_phandles,
					     sizeof(kc_phandles[0]), kc_cmp_phandle);

	return p ? p->offset : -1;
}

struct device_node *kc_node(int offset)
{
	struct device_node *n;

	if (offset < 0 || (size_t)offset / 4 >= ARRAY_SIZE(kc_nodes))
		return NULL;
	n = &kc_nodes[offset / 4];
	n->offset = offset;
	n->full_name = fdt_get_name(kc_fdt, offset, NULL);
	return n;
}

struct device_node *of_find_node_by_path(const char *path)
{
	return kc_node(fdt_path_offset(kc_fdt, path));
}

const void *of_get_property(const struct device_node *np, const char *name, int *lenp)
{
	return np ? fdt_getprop(kc_fdt, np->offset, name, lenp) : NULL;
}

/* of_property_read_u32() -> of_find_property_value_of_size(np, name, 4, 0): the first cell */
int of_property_read_u32(const struct device_node *np, const char *name, u32 *out)
{
	int len;
	const fdt32_t *v = of_get_property(np, name, &len);

	if (!v)
		return -EINVAL;
	if (len < 4)
		return len ? -EOVERFLOW : -ENODATA;
	*out = fdt32_to_cpu(v[0]);
	return 0;
}

/* __of_device_is_compatible(np, compat, NULL, NULL): any of its strings, without case */
int of_device_is_compatible(const struct device_node *np, const char *compat)
{
	int len, at = 0;
	const char *v = of_get_property(np, "compatible", &len);

	while (v && at < len) {
		if (!strcasecmp(v + at, compat))
			return 1;
		at += (int)strlen(v + at) + 1;
	}
	return 0;
}

bool of_node_is_type(const struct device_node *np, const char *type)
{
	const char *t = of_get_property(np, "device_type", NULL);

	return t && !strcmp(t, type);
}

struct device_node *of_get_next_child(const struct device_node *np, struct device_node *prev)
{
	int off = prev ? fdt_next_subnode(kc_fdt, prev->offset)
		       : fdt_first_subnode(kc_fdt, np->offset);

	return off < 0 ? NULL : kc_node(off);
}

/* __of_device_is_fail(): status "fail" or "fail-..." */
static bool kc_is_fail(int off)
{
	const char *st = fdt_getprop(kc_fdt, off, "status", NULL);

	return st && (!strcmp(st, "fail") || !strncmp(st, "fail-", 5));
}

/* of_get_next_cpu_node()'s test: named "cpu" or of device_type "cpu", not failed */
static bool kc_is_cpu_node(int off)
{
	struct device_node *n = kc_node(off);

	return !kc_is_fail(off) && (k_of_node_name_eq(n, "cpu") || of_node_is_type(n, "cpu"));
}

/* of_get_next_cpu_node(): the next /cpus child that is a CPU node (kc_index_tree() lists them) */
struct device_node *of_get_next_cpu_node(struct device_node *prev)
{
	int off = kc_next_cpu[prev ? prev->offset / 4 + 1 : 0];

	return off < 0 ? NULL : kc_node(off);
}

/* One walk of the tree per case: parents and phandles (libfdt looks each up from the root). */
static void kc_index_tree(void)
{
	int stack[64], depth = 0, off;

	kc_nr_phandles = 0;
	stack[0] = 0;
	for (off = 0; off >= 0 && depth >= 0; off = fdt_next_node(kc_fdt, off, &depth)) {
		u32 ph = fdt_get_phandle(kc_fdt, off);

		if (depth >= 64)
			continue;
		stack[depth] = off;
		kc_parent[off / 4] = depth ? stack[depth - 1] : -1;
		if (ph && kc_nr_phandles < ARRAY_SIZE(kc_phandles))
			kc_phandles[kc_nr_phandles++] = (struct kc_phandle){ ph, off };
	}
	qsort(kc_phandles, kc_nr_phandles, sizeof(kc_phandles[0]), kc_cmp_phandle);
	/* the CPU nodes in order, [0] the first (no previous node) */
	off = fdt_path_offset(kc_fdt, "/cpus");
	for (int prev = -1, n = off < 0 ? -1 : fdt_first_subnode(kc_fdt, off); ;
	     n = fdt_next_subnode(kc_fdt, n)) {
		if (n >= 0 && !kc_is_cpu_node(n))
			continue;
		kc_next_cpu[prev < 0 ? 0 : prev / 4 + 1] = n < 0 ? -1 : n;
		if (n < 0)
			break;
		prev = n;
	}
}

/* of_parse_phandle(np, name, index): one-cell entries; 0 or a dangling phandle is no node */
struct device_node *of_parse_phandle(const struct device_node *np, const char *name, int index)
{
	int len, off;
	const fdt32_t *v = of_get_property(np, name, &len);

	if (!v || index < 0 || (index + 1) * 4 > len || !fdt32_to_cpu(v[index]))
		return NULL;
	off = kc_node_by_phandle(fdt32_to_cpu(v[index]));
	return off < 0 ? NULL : kc_node(off);
}

/* of_n_addr_cells(): #address-cells of the nearest parent that has it, else 1 */
int of_n_addr_cells(struct device_node *np)
{
	int off = np->offset;

	while ((off = kc_parent[off / 4]) >= 0) {
		const fdt32_t *v = fdt_getprop(kc_fdt, off, "#address-cells", NULL);

		if (v)
			return (int)fdt32_to_cpu(*v);
	}
	return 1;
}

/* --- arch: the running CPU's registers, cacheinfo's weak hooks on arm32 ------------------- */

static bool kc_arm32;

u32 read_cpuid_mpidr(void)
{
	return 0x80000000u | (u32)cpu_logical_map(kc_this_cpu);
}

int early_cache_level(unsigned int cpu)
{
	return kc_arm32 ? -ENOENT : k64_early_cache_level(cpu);
}

int init_cache_level(unsigned int cpu)
{
	return kc_arm32 ? -ENOENT : k64_init_cache_level(cpu);
}

int populate_cache_leaves(unsigned int cpu)
{
	return kc_arm32 ? -ENOENT : k64_populate_cache_leaves(cpu);
}

/* the leaves a cache node describes (as of_count_cache_leaves() counts them) */
static unsigned kc_node_leaves(int off)
{
	unsigned n = !!fdt_getprop(kc_fdt, off, "cache-size", NULL) +
		     !!fdt_getprop(kc_fdt, off, "i-cache-size", NULL) +
		     !!fdt_getprop(kc_fdt, off, "d-cache-size", NULL);

	return n ? n : fdt_getprop(kc_fdt, off, "cache-unified", NULL) ? 1 : 2;
}

/*
 * CPU @cpu's CLIDR_EL1 as its device-tree node describes the caches: level 1 from the node's
 * own leaves, then one level per node of its l2-cache / next-level-cache chain, unified for a
 * node of one leaf, separate otherwise (3 bits per level: 3 separate, 4 unified).
 */
static u64 kc_clidr_of(struct device_node *np)
{
	u64 clidr = 0;

	for (int level = 1; np && level <= 7; level++) {
		clidr |= (u64)(kc_node_leaves(np->offset) == 1 ? 4 : 3) << (3 * (level - 1));
		np = k_of_find_next_cache_node(np);
	}
	return clidr;
}

/* --- one boot ---------------------------------------------------------------------------- */

static void kc_reset(const struct kc_sched_domains_in *in, const void *blob)
{
	static const void *indexed;

	kc_arena_used = 0;
	kc_fdt = blob;
	/* a shipped tree's blob is read once (kc_dtb.c): its index stands; a generated one changes */
	if (!in->shipped || blob != indexed)
		kc_index_tree();
	indexed = in->shipped ? blob : NULL;
	kc_arm32 = in->arm32;
	kc_sched_cluster = in->sched_cluster;
	nr_cpu_ids = NR_CPUS;
	cpumask_clear(&kc_possible);
	cpumask_clear(&kc_online);
	kc_this_cpu = 0;
	for (unsigned c = 0; c < NR_CPUS; c++) {
		__cpu_logical_map[c] = INVALID_HWID;
		cpu_scale[c] = SCHED_CAPACITY_SCALE;
		capacity_freq_ref[c] = 1;
	}
	bootcpu_valid = false;
	cpu_count = 1;
	memset(cpu_topology, 0, sizeof(cpu_topology));
	memset(ci_cpu_cacheinfo, 0, sizeof(ci_cpu_cacheinfo));
	memset(kc_clidr, 0, sizeof(kc_clidr));
	memset(kc_rqs, 0, sizeof(kc_rqs));
	raw_capacity = NULL;
	k_topology_parse_cpu_capacity__cap_parsing_failed = false;
	cpumask_clear(cpus_to_visit);
	__cpu_capacity = NULL;
	middle_capacity = 1;
	cap_from_dt = true;
	use_arch_info = false;
	coherency_max_size = 0;
	k_INIT_LIST_HEAD(&asym_cap_list);
	sched_domain_topology = default_topology;
	sched_domain_topology_saved = NULL;
	sched_domain_level_max = 0;
	sched_asym_cpucapacity = sched_cluster_active = false;
}

/* The logical ids and the possible CPUs: arm64's smp_init_cpus(), arm32's tree order. */
static void kc_logical_ids(void)
{
	struct device_node *boot = of_get_next_cpu_node(NULL);

	if (!boot)
		return;
	set_cpu_possible(0, true);
	if (kc_arm32) {
		unsigned n = 0;
		struct device_node *dn;

		for_each_of_cpu_node(dn)
			if (n < NR_CPUS) {
				set_cpu_logical_map(n, k_of_get_cpu_hwid(dn, 0));
				set_cpu_possible(n++, true);
			}
		return;
	}
	/* smp_setup_processor_id(): the boot CPU's MPIDR_EL1 */
	set_cpu_logical_map(0, k_of_get_cpu_hwid(boot, 0) & MPIDR_HWID_BITMASK);
	k64_smp_init_cpus();
}

/* a table without CLS, as a kernel without CONFIG_SCHED_CLUSTER has it (set_sched_topology()) */
static struct sched_domain_topology_level kc_no_cls[ARRAY_SIZE(default_topology)];

/* One boot. Return: false if arm64's parse_dt_topology() refused the cpu-map. */
static bool kc_boot(const struct kc_sched_domains_in *in)
{
	struct device_node *map = k_of_get_child_by_name(of_find_node_by_path("/cpus"), "cpu-map");
	bool refused;
	unsigned last = 0;
	int cpu;

	kc_logical_ids();
	for_each_possible_cpu(cpu)
		last = (unsigned)cpu;
	nr_cpu_ids = last + 1; /* setup_nr_cpu_ids() */
	for_each_possible_cpu(cpu)
		kc_clidr[cpu] = kc_arm32 ? 0 : kc_clidr_of(k_of_get_cpu_node(cpu, NULL));

	/* smp_prepare_cpus(): the boot CPU, then the secondaries come up one by one */
	cpumask_set_cpu(0, &kc_online);
	if (kc_arm32)
		k32_init_cpu_topology();
	else
		k_init_cpu_topology();
	/* init_cpu_topology() resets what a refused cpu-map set: no CPU has a package then */
	refused = !kc_arm32 && map && cpu_topology[0].package_id < 0;
	for_each_possible_cpu(cpu) {
		kc_this_cpu = cpu;
		if (kc_arm32)
			k32_store_cpu_topology((unsigned int)cpu);
		else
			k_store_cpu_topology((unsigned int)cpu);
		cpumask_set_cpu((unsigned int)cpu, &kc_online);
	}
	kc_this_cpu = 0;

	/* cpufreq: register_cpufreq_notifier(), then each policy as the driver creates it */
	cpumask_copy(cpus_to_visit, cpu_possible_mask);
	for_each_possible_cpu(cpu) {
		struct cpufreq_policy policy = { .cpuinfo.max_freq = 0 };
		bool first = in->policy[cpu] != 0;
		int other;

		for (other = 0; other < cpu && first; other++)
			first = in->policy[other] != in->policy[cpu];
		if (!first)
			continue;
		for_each_possible_cpu(other)
			if (in->policy[other] == in->policy[cpu])
				cpumask_set_cpu((unsigned int)other, policy.related_cpus);
		policy.cpuinfo.max_freq = (unsigned int)in->policy_khz[cpu];
		k_init_cpu_capacity_callback(NULL, CPUFREQ_CREATE_POLICY, &policy);
	}

	/* sched_init_domains() / rebuild_sched_domains() */
	if (!kc_sched_cluster) {
		unsigned n = 0;

		for (unsigned i = 0; i < ARRAY_SIZE(default_topology); i++)
			if (default_topology[i].mask != k_cpu_clustergroup_mask)
				kc_no_cls[n++] = default_topology[i];
		memset(&kc_no_cls[n], 0, sizeof(kc_no_cls) - n * sizeof(kc_no_cls[0]));
		k_set_sched_topology(kc_no_cls);
	}
	k_asym_cpu_capacity_scan();
	k_build_sched_domains(cpu_possible_mask, NULL);
	return !refused;
}

/* The level of a domain: which default_topology[] entry built it (sd->private is its data). */
static int kc_level(const struct sched_domain *sd)
{
	static const sched_domain_mask_f masks[KC_SD_LEVELS] = {
		k_cpu_smt_mask, k_cpu_clustergroup_mask, k_cpu_coregroup_mask, k_cpu_cpu_mask,
	};

	for (const struct sched_domain_topology_level *tl = sched_domain_topology; tl->mask; tl++)
		if (sd->private == &tl->data)
			for (int l = 0; l < KC_SD_LEVELS; l++)
				if (masks[l] == tl->mask)
					return l;
	return -1;
}

void kside_sched_domains(const struct kc_sched_domains_in *in, struct kc_sched_domains_out *out)
{
	const char *name;
	size_t size;
	const void *blob = kc_sd_dtb(in, &size, &name);
	int cpu;

	if (!blob || fdt_totalsize(blob) > sizeof(kc_nodes) / sizeof(kc_nodes[0]) * 4)
		return;
	kc_reset(in, blob);
	if (!kc_boot(in))
		return; /* arm64 refused the cpu-map (and went on as without one) */
	out->ok = 1;
	out->nr_cpus = nr_cpu_ids;
	for_each_possible_cpu(cpu) {
		out->cpu_scale[cpu] = cpu_scale[cpu];
		out->thread_sibling[cpu] = cpu_topology[cpu].thread_sibling.bits[0];
		out->cluster_sibling[cpu] = cpu_topology[cpu].cluster_sibling.bits[0];
		out->core_sibling[cpu] = cpu_topology[cpu].core_sibling.bits[0];
		out->llc_sibling[cpu] = cpu_topology[cpu].llc_sibling.bits[0];
		for (struct sched_domain *sd = cpu_rq(cpu)->sd; sd; sd = sd->parent) {
			int l = kc_level(sd);
			unsigned slot = (unsigned)cpu * KC_SD_LEVELS + (unsigned)l, g = 0;
			struct sched_group *sg = sd->groups;

			if (l < 0)
				continue;
			out->sd_span[slot] = sd->span[0];
			out->sd_flags[slot] = (unsigned)sd->flags;
			out->sd_imbalance_pct[slot] = sd->imbalance_pct;
			out->sd_cache_nice_tries[slot] = sd->cache_nice_tries;
			do {
				if (g < KC_SD_CPUS) {
					out->sg_span[slot * KC_SD_CPUS + g] = sg->cpumask[0];
					out->sg_flags[slot * KC_SD_CPUS + g] = (unsigned)sg->flags;
				}
				g++;
				sg = sg->next;
			} while (sg != sd->groups);
			out->sd_nr_groups[slot] = g;
		}
	}
}
