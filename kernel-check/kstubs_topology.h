/* SPDX-License-Identifier: MIT */
/*
 * kstubs_topology.h - just enough of the kernel for group sched_domains' cut functions
 * (functions_topology*.txt: the OF CPU helpers, arch_topology, cacheinfo, arm64's logical ids
 * and cache levels, arm32's topology, kernel/sched/topology.c) to compile and run in userspace,
 * in a translation unit of their own (kernel_side_topology.c). One boot per case: the driver
 * resets every variable below (and the cut code's own, which extract.py hoists) first.
 *
 * What these stubs decide, rather than the kernel's code:
 *   - device-tree access (struct device_node and of_get_property(), of_find_node_by_path(),
 *     of_get_next_child(), of_get_next_cpu_node(), of_parse_phandle(),
 *     of_property_read_u32(), of_device_is_compatible(), of_n_addr_cells()) reads the
 *     flattened tree through libfdt, with the OF core's rules: a CPU node is named "cpu" or of
 *     device_type "cpu" and its status is not "fail"; a phandle entry of 0 or pointing
 *     nowhere is no node; of_property_read_u32() takes the first cell of a longer value;
 *     compatible strings compare without case;
 *   - the boot CPU (cpu_logical_map(0), read from MPIDR_EL1 at boot) is the first CPU node:
 *     device trees list it first, as capsim assumes; every CPU's enable method works
 *     (smp_cpu_setup()); no CPU device exists yet (get_cpu_device() NULL), so
 *     of_cpu_device_node_get() walks the tree as at early boot;
 *   - CLIDR_EL1 of each CPU describes the device tree's caches: level 1 separate I/D, then one
 *     unified level per node of its next-level-cache chain (capsim's documented
 *     simplification); arm32 has no cacheinfo (the weak init_cache_level() etc. of
 *     drivers/base/cacheinfo.c); arm32's MPIDR is 0x80000000 | reg (multiprocessor format, no
 *     MT bit);
 *   - of_clk_get() finds no clock: the boot-time capacity_freq_ref stays 1 for every CPU (a
 *     CPU clock's boot rate is not in a device tree; capsim takes them as equal);
 *   - cpufreq creates the case's policies in the order of their first CPU, each calling
 *     init_cpu_capacity_callback() with its related CPUs and cpuinfo.max_freq (cpufreq-dt's
 *     and the OPP library's reading of the tables is not cut);
 *   - memory comes from an arena the driver empties per case (kfree() frees nothing), RCU
 *     callbacks never run, the root domain and the groups' capacities are not built
 *     (alloc_rootdomain() is zeroed memory, update_group_capacity() does nothing: group
 *     lb_walk compares those), update_top_cache_domain(), rq_attach_root() and the debug
 *     output do nothing.
 */
#ifndef KERNEL_CHECK_KSTUBS_TOPOLOGY_H
#define KERNEL_CHECK_KSTUBS_TOPOLOGY_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <libfdt.h>

#include "kcase.h"

typedef uint64_t u64;
typedef int64_t s64;
typedef uint32_t u32;
typedef int32_t s32;
typedef uint8_t u8;
typedef uint32_t __be32;
typedef unsigned int gfp_t;

#define UL(x) (x##UL)
#define ENOENT 2
#define ENOMEM 12
#define EINVAL 22
#define ENODEV 19
#define ENODATA 61
#define EOVERFLOW 75
#define ENOTSUPP 524
#define GFP_KERNEL 0
#define GFP_ATOMIC 0
#define GFP_NOWAIT 0
#define HZ_PER_KHZ 1000UL
#define SCHED_CAPACITY_SHIFT 10
#define SCHED_CAPACITY_SCALE (1L << SCHED_CAPACITY_SHIFT)
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define BIT(n) (1UL << (n))

/* annotations and one-thread plumbing */
#define __init
#define __initdata
#define __rcu
#define __percpu
#define __weak
#define __free(x)
#define EXPORT_SYMBOL(x)
#define EXPORT_SYMBOL_GPL(x)
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define fallthrough __attribute__((fallthrough))
#define READ_ONCE(x) (x)
#define WRITE_ONCE(x, v) ((x) = (v))
#define smp_wmb() do { } while (0)
#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))
#define typeof_member(T, m) typeof(((T *)0)->m)
static inline bool kc_warn(bool cond)
{
	return cond;
}
#define WARN_ON(c) kc_warn(c)
#define WARN_ON_ONCE(c) kc_warn(c)
#define WARN_ONCE(c, ...) kc_warn(c)
#define pr_debug(...) do { } while (0)
#define pr_info(...) do { } while (0)
#define pr_warn(...) do { } while (0)
#define pr_err(...) do { } while (0)
#define lockdep_assert_held(l) do { } while (0)
#define rcu_read_lock() do { } while (0)
#define rcu_read_unlock() do { } while (0)
#define rcu_assign_pointer(p, v) ((p) = (v))
#define rcu_dereference_check_sched_domain(p) (p)
#define min(a, b) ({ __auto_type a_ = (a); __auto_type b_ = (b); a_ < b_ ? a_ : b_; })
#define max(a, b) ({ __auto_type a_ = (a); __auto_type b_ = (b); a_ > b_ ? a_ : b_; })
#define IS_ENABLED(option) KC_IS_ENABLED_##option
#define KC_IS_ENABLED_CONFIG_SCHED_CLUSTER kc_sched_cluster /* per case */
#define KC_IS_ENABLED_CONFIG_PPC 0
#define KC_IS_ENABLED_CONFIG_PPC_PMAC 0
#define KC_IS_ENABLED_CONFIG_OF 1
#define KC_IS_ENABLED_CONFIG_ACPI 0
static bool kc_sched_cluster;
static inline u64 div64_u64(u64 a, u64 b)
{
	return a / b;
}
#define be32_to_cpu(x) fdt32_to_cpu(x)
#define be32_to_cpup(p) fdt32_to_cpu(*(p))

/* atomics, one thread */
typedef struct {
	int counter;
} atomic_t;
#define atomic_read(v) ((v)->counter)
#define atomic_set(v, i) ((v)->counter = (i))
#define atomic_inc(v) ((v)->counter++)
#define atomic_inc_return(v) (++(v)->counter)
#define atomic_dec_and_test(v) (--(v)->counter == 0)
struct rcu_head {
	void *next;
};
/* lists: the code is the kernel's (include/linux/list.h); RCU variants are the plain ones */
struct list_head {
	struct list_head *next, *prev;
};
#define LIST_POISON1 ((void *)0x100)
#define LIST_POISON2 ((void *)0x122)
#define list_add_rcu(new, head) k_list_add(new, head)
#define list_add_tail_rcu(new, head) k_list_add_tail(new, head)
#define list_del_rcu(entry) k___list_del_entry(entry)
#define call_rcu(head, func) do { } while (0) /* the arena's memory is never freed */
#define static_branch_inc_cpuslocked(key) (*(key) = true)

/* memory: an arena emptied per case */
static void *kc_arena_zalloc(size_t size);
#define kzalloc(size, gfp) kc_arena_zalloc(size)
#define kzalloc_node(size, gfp, node) kc_arena_zalloc(size)
#define kcalloc(n, size, gfp) kc_arena_zalloc((n) * (size))
#define kfree(p) ((void)(p))
#define alloc_percpu(type) ((type *)kc_arena_zalloc(sizeof(type) * NR_CPUS))
#define free_percpu(p) ((void)(p))
#define per_cpu_ptr(p, cpu) (&(p)[cpu])

/* cpumasks: one word of NR_CPUS bits */
#define NR_CPUS KC_SD_CPUS
#define BITS_PER_LONG 64
struct cpumask {
	unsigned long bits[1];
};
typedef struct cpumask cpumask_t;
typedef struct cpumask cpumask_var_t[1];
static unsigned int nr_cpu_ids;
static struct cpumask kc_possible, kc_online;
#define cpu_possible_mask (&kc_possible)
#define cpu_online_mask (&kc_online)
#define nr_cpumask_bits nr_cpu_ids
#define to_cpumask(bitmap) ((struct cpumask *)(bitmap))
#define cpumask_bits(m) ((m)->bits)
#define cpumask_size() sizeof(struct cpumask)
#define cpumask_pr_args(m) 0, (m)
static inline unsigned long kc_mask_valid(void)
{
	return nr_cpu_ids >= BITS_PER_LONG ? ~0UL : (1UL << nr_cpu_ids) - 1;
}
static inline unsigned int cpumask_weight(const struct cpumask *m)
{
	return (unsigned int)__builtin_popcountl(m->bits[0] & kc_mask_valid());
}
static inline unsigned int cpumask_first(const struct cpumask *m)
{
	unsigned long b = m->bits[0] & kc_mask_valid();

	return b ? (unsigned int)__builtin_ctzl(b) : nr_cpu_ids;
}
/* the first CPU of @m after @n (n = -1: from 0), nr_cpu_ids if none */
static inline unsigned int cpumask_next(int n, const struct cpumask *m)
{
	unsigned long b = m->bits[0] & kc_mask_valid();

	if (n + 1 >= (int)BITS_PER_LONG)
		return nr_cpu_ids;
	b &= ~0UL << (n + 1);
	return b ? (unsigned int)__builtin_ctzl(b) : nr_cpu_ids;
}
#define cpumask_test_cpu(cpu, m) ((int)(((m)->bits[0] >> (cpu)) & 1))
static inline void cpumask_set_cpu(unsigned int cpu, struct cpumask *m)
{
	m->bits[0] |= 1UL << cpu;
}
#define __cpumask_set_cpu(cpu, m) cpumask_set_cpu(cpu, m)
static inline void cpumask_clear_cpu(int cpu, struct cpumask *m)
{
	m->bits[0] &= ~(1UL << cpu);
}
static inline void cpumask_clear(struct cpumask *m)
{
	m->bits[0] = 0;
}
static inline void cpumask_copy(struct cpumask *d, const struct cpumask *s)
{
	d->bits[0] = s->bits[0];
}
static inline bool cpumask_and(struct cpumask *d, const struct cpumask *a, const struct cpumask *b)
{
	return (d->bits[0] = a->bits[0] & b->bits[0] & kc_mask_valid()) != 0;
}
static inline void cpumask_or(struct cpumask *d, const struct cpumask *a, const struct cpumask *b)
{
	d->bits[0] = a->bits[0] | b->bits[0];
}
static inline bool cpumask_andnot(struct cpumask *d, const struct cpumask *a,
				  const struct cpumask *b)
{
	return (d->bits[0] = a->bits[0] & ~b->bits[0] & kc_mask_valid()) != 0;
}
#define cpumask_empty(m) (((m)->bits[0] & kc_mask_valid()) == 0)
#define cpumask_equal(a, b) ((((a)->bits[0] ^ (b)->bits[0]) & kc_mask_valid()) == 0)
#define cpumask_subset(a, b) (((a)->bits[0] & ~(b)->bits[0] & kc_mask_valid()) == 0)
#define cpumask_intersects(a, b) (((a)->bits[0] & (b)->bits[0] & kc_mask_valid()) != 0)
#define for_each_cpu(cpu, m) \
	for ((cpu) = -1; (cpu) = (int)cpumask_next((cpu), (m)), (cpu) < (int)nr_cpu_ids;)
#define for_each_cpu_from(cpu, m) \
	for ((cpu) = (int)cpumask_next((cpu) - 1, (m)); (cpu) < (int)nr_cpu_ids; \
	     (cpu) = (int)cpumask_next((cpu), (m)))
#define for_each_cpu_and(cpu, a, b) \
	for (struct cpumask kc_and_ = { { (a)->bits[0] & (b)->bits[0] } }, *kc_andp_ = &kc_and_; \
	     kc_andp_; kc_andp_ = NULL) for_each_cpu(cpu, kc_andp_)
/* the CPU of @m after @n (-1: the first) from @start up, then from 0 up to @start */
static inline unsigned int kc_next_wrap(int n, const struct cpumask *m, int start)
{
	unsigned int next = cpumask_next(n < 0 ? start - 1 : n, m);

	if (n >= start || n < 0) {
		if (next < nr_cpu_ids)
			return next;
		next = cpumask_next(-1, m); /* wrap */
	}
	return (int)next < start ? next : nr_cpu_ids;
}
#define for_each_cpu_wrap(cpu, m, start) \
	for ((cpu) = (int)kc_next_wrap(-1, (m), (start)); (cpu) < (int)nr_cpu_ids; \
	     (cpu) = (int)kc_next_wrap((cpu), (m), (start)))
#define for_each_possible_cpu(cpu) for_each_cpu((cpu), cpu_possible_mask)
#define for_each_online_cpu(cpu) for_each_cpu((cpu), cpu_online_mask)
#define num_possible_cpus() cpumask_weight(cpu_possible_mask)
#define cpu_to_node(cpu) 0
#define cpumask_of_node(node) cpu_possible_mask
#define housekeeping_cpumask(type) cpu_possible_mask
#define HK_TYPE_DOMAIN 0
static inline void set_cpu_possible(unsigned int cpu, bool possible)
{
	if (possible)
		cpumask_set_cpu(cpu, &kc_possible);
	else
		cpumask_clear_cpu((int)cpu, &kc_possible);
}

/* per-CPU variables and the running CPU (the one booting, for MPIDR and CLIDR) */
#define DEFINE_PER_CPU(type, name) type name[NR_CPUS]
#define per_cpu(var, cpu) ((var)[cpu])
static int kc_this_cpu;

/* --- the device tree: libfdt underneath ------------------------------------------------- */
struct device_node {
	int offset;            /* in kc_fdt */
	const char *full_name; /* its name with the unit address (of_node_name_eq()) */
};
struct property {
	int length;
	const void *value;
};
static const void *kc_fdt;
static struct device_node *kc_node(int offset);
#define of_node_get(np) (np)
#define of_node_put(np) ((void)(np))
#define of_have_populated_dt() true
#define acpi_disabled 1
static struct device_node *of_find_node_by_path(const char *path);
static const void *of_get_property(const struct device_node *np, const char *name, int *lenp);
#define of_property_present(np, name) (of_get_property((np), (name), NULL) != NULL)
#define of_property_read_bool(np, name) of_property_present((np), (name))
static int of_property_read_u32(const struct device_node *np, const char *name, u32 *out);
static int of_device_is_compatible(const struct device_node *np, const char *compat);
static bool of_node_is_type(const struct device_node *np, const char *type);
static struct device_node *of_get_next_child(const struct device_node *np, struct device_node *prev);
static struct device_node *of_get_next_cpu_node(struct device_node *prev);
static struct device_node *of_parse_phandle(const struct device_node *np, const char *name, int index);
static int of_n_addr_cells(struct device_node *np);
#define kbasename(path) (path)
struct clk;
#define of_clk_get(np, index) ((struct clk *)NULL)
#define IS_ERR_OR_NULL(p) ((p) == NULL)
#define clk_get_rate(clk) 0UL
#define clk_put(clk) ((void)(clk))
struct device {
	struct device_node *of_node;
};
#define get_cpu_device(cpu) ((struct device *)NULL)
#define of_node_to_nid(np) 0
#define early_map_cpu_to_node(cpu, nid) do { } while (0)

/* arm64: the logical map, the boot CPU, enable methods */
static u64 __cpu_logical_map[NR_CPUS];
static bool bootcpu_valid;
#define cpu_logical_map(cpu) __cpu_logical_map[cpu]
#define set_cpu_logical_map(cpu, hwid) (__cpu_logical_map[cpu] = (hwid))
#define acpi_parse_and_init_cpus() do { } while (0)
static inline int smp_cpu_setup(int cpu)
{
	set_cpu_possible((unsigned int)cpu, true);
	return 0;
}
/* arm64's arch_match_cpu_phys_id() (arch/arm64/kernel/smp.c) */
#define arch_match_cpu_phys_id(cpu, phys_id) ((phys_id) == cpu_logical_map(cpu))

/* arm64's CLIDR_EL1 and arm32's MPIDR, of the running CPU */
static u64 kc_clidr[NR_CPUS];
#define read_sysreg(reg) kc_clidr[kc_this_cpu]
static u32 read_cpuid_mpidr(void);

/* --- arch_topology ---------------------------------------------------------------------- */
struct cpu_topology {
	int thread_id;
	int core_id;
	int cluster_id;
	int package_id;
	cpumask_t thread_sibling;
	cpumask_t core_sibling;
	cpumask_t cluster_sibling;
	cpumask_t llc_sibling;
};
static struct cpu_topology cpu_topology[NR_CPUS];
static unsigned long cpu_scale[NR_CPUS], capacity_freq_ref[NR_CPUS];
static u32 *raw_capacity;
static cpumask_var_t cpus_to_visit;
#define arch_scale_cpu_capacity(cpu) k_topology_get_cpu_scale(cpu)
#define freq_inv_set_max_ratio(cpu, rate) do { } while (0) /* AMU: not this group's */
#define schedule_work(w) do { } while (0)
struct work_struct {
	int unused;
};
static struct work_struct update_topology_flags_work, parsing_done_work;
#define parse_acpi_topology() 0
#define CPUFREQ_CREATE_POLICY 0
struct notifier_block;
struct cpufreq_cpuinfo {
	unsigned int max_freq;
};
struct cpufreq_policy {
	cpumask_var_t related_cpus;
	struct cpufreq_cpuinfo cpuinfo;
};
/* arm32 (arch/arm/kernel/topology.c): its efficiency table's entries, its capacities */
struct cpu_efficiency {
	const char *compatible;
	unsigned long efficiency;
};
static unsigned long *__cpu_capacity;

/* --- cacheinfo ------------------------------------------------------------------------- */
enum cache_type {
	CACHE_TYPE_NOCACHE = 0,
	CACHE_TYPE_INST = BIT(0),
	CACHE_TYPE_DATA = BIT(1),
	CACHE_TYPE_SEPARATE = CACHE_TYPE_INST | CACHE_TYPE_DATA,
	CACHE_TYPE_UNIFIED = BIT(2),
};
#define CACHE_ID BIT(4)
struct cacheinfo {
	unsigned int id;
	enum cache_type type;
	unsigned int level;
	unsigned int coherency_line_size;
	unsigned int number_of_sets;
	unsigned int ways_of_associativity;
	unsigned int physical_line_partition;
	unsigned int size;
	cpumask_t shared_cpu_map;
	unsigned int attributes;
	void *fw_token;
	bool disable_sysfs;
	void *priv;
};
struct cpu_cacheinfo {
	struct cacheinfo *info_list;
	unsigned int per_cpu_data_slice_size;
	unsigned int num_levels;
	unsigned int num_leaves;
	bool cpu_map_populated;
	bool early_ci_levels;
};
struct cache_type_info {
	const char *size_prop;
	const char *line_size_props[2];
	const char *nr_sets_prop;
};
static struct cpu_cacheinfo ci_cpu_cacheinfo[NR_CPUS];
static bool use_arch_info;
static unsigned int coherency_max_size;
#define use_arch_cache_info() false
#define acpi_get_cache_info(cpu, levels, split) (-ENOENT)
#define cache_setup_acpi(cpu) (-ENOTSUPP)
/* the arch hooks of cacheinfo.c: arm64's (k64_), or on arm32 the weak ones (-ENOENT) */
static int early_cache_level(unsigned int cpu);
static int init_cache_level(unsigned int cpu);
static int populate_cache_leaves(unsigned int cpu);

/* --- sched domains ---------------------------------------------------------------------- */
/* include/linux/sched/topology.h's SD_* enums, from the kernel's own sd_flags.h */
#define SD_FLAG(name, mflags) __##name,
enum {
#include <linux/sched/sd_flags.h>
	__SD_FLAG_CNT,
};
#undef SD_FLAG
#define SD_FLAG(name, mflags) name = 1 << __##name,
enum {
#include <linux/sched/sd_flags.h>
};
#undef SD_FLAG
#define SDTL_OVERLAP 0x01

struct sched_domain_attr {
	int relax_domain_level;
};
struct sched_domain_shared {
	atomic_t ref;
	atomic_t nr_busy_cpus;
	int has_idle_cores;
	int nr_idle_scan;
};
struct sched_domain {
	struct sched_domain *parent;
	struct sched_domain *child;
	struct sched_group *groups;
	unsigned long min_interval;
	unsigned long max_interval;
	unsigned int busy_factor;
	unsigned int imbalance_pct;
	unsigned int cache_nice_tries;
	unsigned int imb_numa_nr;
	int nohz_idle;
	int flags;
	int level;
	unsigned long last_balance;
	unsigned int balance_interval;
	unsigned int nr_balance_failed;
	unsigned int newidle_call;
	unsigned int newidle_success;
	unsigned int newidle_ratio;
	u64 max_newidle_lb_cost;
	unsigned long last_decay_max_lb_cost;
	union {
		void *private;
		struct rcu_head rcu;
	};
	struct sched_domain_shared *shared;
	unsigned int span_weight;
	unsigned long span[];
};
struct sched_group_capacity {
	atomic_t ref;
	unsigned long capacity;
	unsigned long min_capacity;
	unsigned long max_capacity;
	unsigned long next_update;
	int imbalance;
	int id;
	unsigned long cpumask[];
};
struct sched_group {
	struct sched_group *next;
	atomic_t ref;
	unsigned int group_weight;
	unsigned int cores;
	struct sched_group_capacity *sgc;
	int asym_prefer_cpu;
	int flags;
	unsigned long cpumask[];
};
typedef const struct cpumask *(*sched_domain_mask_f)(int cpu);
typedef int (*sched_domain_flags_f)(void);
struct sd_data {
	struct sched_domain **sd;
	struct sched_domain_shared **sds;
	struct sched_group **sg;
	struct sched_group_capacity **sgc;
};
struct sched_domain_topology_level {
	sched_domain_mask_f mask;
	sched_domain_flags_f sd_flags;
	int flags;
	int numa_level;
	struct sd_data data;
};
/* kernel/sched/topology.c's own types (declared there, not cut) */
struct root_domain {
	atomic_t refcount;
	struct rcu_head rcu;
};
struct s_data {
	struct sched_domain **sd;
	struct root_domain *rd;
};
enum s_alloc { sa_rootdomain, sa_sd, sa_sd_storage, sa_none };
struct asym_cap_data {
	struct list_head link;
	struct rcu_head rcu;
	unsigned long capacity;
	unsigned long cpus[];
};
static struct list_head asym_cap_list;
struct rq {
	int cpu;
	struct sched_domain *sd;
	struct root_domain *rd;
};
static struct rq kc_rqs[NR_CPUS];
#define cpu_rq(cpu) (&kc_rqs[cpu])
static cpumask_var_t sched_domains_tmpmask, sched_domains_tmpmask2;
static struct sched_domain_topology_level *sched_domain_topology_saved;
static int sched_domain_level_max;
static bool sched_smp_initialized, sched_debug_verbose;
static bool sched_asym_cpucapacity, sched_cluster_active;
static unsigned long jiffies;
#define free_sched_groups(sg, free_sgc) do { } while (0)
#define sched_asym_prefer(a, b) false /* SD_ASYM_PACKING: never on arm64 */
static struct root_domain *alloc_rootdomain(void);
#define free_rootdomain(rcu) do { } while (0)
#define rq_attach_root(rq, rd) do { } while (0)
#define sched_domain_debug(sd, cpu) do { } while (0)
#define dirty_sched_domain_sysctl(cpu) do { } while (0)
#define destroy_sched_domain(sd) do { } while (0)
#define destroy_sched_domains(sd) do { } while (0)
#define update_top_cache_domain(cpu) do { } while (0)
#define update_group_capacity(sd, cpu) do { } while (0)
/* only NUMA levels overlap */
#define build_overlap_sched_groups(sd, cpu) (-EINVAL)

#endif /* KERNEL_CHECK_KSTUBS_TOPOLOGY_H */
