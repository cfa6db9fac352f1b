// SPDX-License-Identifier: MIT
/*
 * dt.c - a platform from a flattened device tree (a .dtb, or /sys/firmware/fdt copied off a
 * board), read through libfdt as the kernel reads the same nodes at boot:
 *   - CPUs: the /cpus children named "cpu" or of device_type "cpu", not "fail"ed
 *     (of_get_next_cpu_node); the boot CPU (FDT header boot_cpuid_phys) becomes CPU 0, the
 *     others follow in tree order (arm64 smp_init_cpus / of_parse_and_init_cpus).
 *   - Topology: on arm64, /cpus/cpu-map with socketN/clusterN/coreN/threadN exactly as
 *     parse_socket(), parse_cluster() and parse_core() in drivers/base/arch_topology.c walk it,
 *     including their refusals (a core with both threads and a cpu, cores directly under
 *     cpu-map, ...); arm32 reads no cpu-map (arch/arm/kernel/topology.c: MPIDR affinity
 *     level 1 is the package) and has no cacheinfo (no last-level cache).
 *   - capacity-dmips-mhz and dynamic-power-coefficient per CPU (one 32-bit cell each).
 *   - OPP tables: operating-points-v2 phandles with opp-hz, opp-microvolt (1 or 3 cells a supply),
 *     opp-microwatt, turbo-mode, opp-suspend (drivers/opp/of.c), or the legacy
 *     operating-points <kHz uV> pairs; cpufreq policies grouped as cpufreq-dt and
 *     qcom-cpufreq-hw and the performance-domains drivers (apple-soc, mediatek-hw) group them
 *     (opp-shared tables, qcom,freq-domain, performance-domains); each policy's driver and
 *     transition latency in src/input/dt_cpufreq.c.
 * Thermal zones are in src/input/dt_thermal.c; capacities and the EM are derived in
 * platform_finalize(). Malformed input is refused with the node/property path.
 */
#include <libfdt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "input/dt.h"
#include "internal.h"
#include "input/platform_load.h"

void dt_path(const struct dt *dt, int node, char *buf, int size)
{
	if (fdt_get_path(dt->fdt, node, buf, size) < 0)
		snprintf(buf, (size_t)size, "(node at offset %d)", node);
}

int dt_fail(struct dt *dt, int node, const char *prop, int code, const char *fmt, ...)
{
	char path[PLATFORM_PATH_MAX], msg[600];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	dt_path(dt, node, path, sizeof(path));
	return capsim_error_set(dt->err, code, "%s: %s%s%s: %s", dt->file,
				strcmp(path, "/") ? path : "", prop ? "/" : "", prop ? prop : "", msg);
}

int dt_u32(struct dt *dt, int node, const char *prop, uint32_t *out)
{
	int len;
	const fdt32_t *v = fdt_getprop(dt->fdt, node, prop, &len);

	if (!v)
		return 0;
	if (len != 4)
		return dt_fail(dt, node, prop, CAPSIM_ERR_PARSE,
			       "%d bytes (expected one 32-bit cell)", len);
	*out = fdt32_to_cpu(*v);
	return 1;
}

bool dt_bool(const struct dt *dt, int node, const char *prop)
{
	return fdt_getprop(dt->fdt, node, prop, NULL) != NULL;
}

bool dt_available(const struct dt *dt, int node)
{
	int len;
	const char *s = fdt_getprop(dt->fdt, node, "status", &len);

	if (!s || len <= 0)
		return true;
	return !strncmp(s, "okay", (size_t)len) || !strncmp(s, "ok", (size_t)len);
}

/* __of_device_is_fail(): status "fail" or "fail-..." */
static bool dt_failed(const struct dt *dt, int node)
{
	int len;
	const char *s = fdt_getprop(dt->fdt, node, "status", &len);

	return s && len >= 4 && !strncmp(s, "fail", 4);
}

static int cmp_phandle(const void *a, const void *b)
{
	const struct dt_phandle_ref *x = a, *y = b;

	return (x->phandle > y->phandle) - (x->phandle < y->phandle);
}

/* One walk over the tree instead of one per lookup (libfdt searches linearly). */
static void index_phandles(struct dt *dt)
{
	int cap = 0, node;

	for (node = fdt_next_node(dt->fdt, -1, NULL); node >= 0; node = fdt_next_node(dt->fdt, node, NULL)) {
		uint32_t ph = fdt_get_phandle(dt->fdt, node);

		if (!ph)
			continue;
		if (dt->nr_phandles == cap) {
			struct dt_phandle_ref *n = realloc(dt->phandles, (size_t)(cap = 2 * cap + 64) * sizeof(*n));

			if (!n) {
				free(dt->phandles);
				dt->phandles = NULL;
				dt->nr_phandles = 0;
				return;
			}
			dt->phandles = n;
		}
		dt->phandles[dt->nr_phandles++] = (struct dt_phandle_ref){ ph, node };
	}
	if (dt->phandles)
		qsort(dt->phandles, (size_t)dt->nr_phandles, sizeof(*dt->phandles), cmp_phandle);
}

int dt_node_by_phandle(struct dt *dt, uint32_t phandle)
{
	struct dt_phandle_ref key = { phandle, 0 }, *hit;

	if (phandle == 0 || phandle == ~0u)
		return -1;
	if (!dt->indexed) {
		index_phandles(dt);
		dt->indexed = true;
	}
	if (!dt->phandles) { /* no phandle at all, or out of memory: libfdt's own search */
		int node = fdt_node_offset_by_phandle(dt->fdt, phandle);

		return node < 0 ? -1 : node;
	}
	hit = bsearch(&key, dt->phandles, (size_t)dt->nr_phandles, sizeof(key), cmp_phandle);
	return hit ? hit->node : -1;
}

int dt_phandle(struct dt *dt, int node, const char *prop, unsigned index)
{
	int len, target;
	const fdt32_t *v = fdt_getprop(dt->fdt, node, prop, &len);
	uint32_t ph;

	if (!v)
		return DT_ABSENT;
	if (len % 4)
		return dt_fail(dt, node, prop, CAPSIM_ERR_PARSE,
			       "%d bytes (expected a whole number of 32-bit phandle cells)", len);
	if ((unsigned)len / 4 <= index)
		return DT_ABSENT;
	ph = fdt32_to_cpu(v[index]);
	target = dt_node_by_phandle(dt, ph);
	if (target < 0)
		return dt_fail(dt, node, prop, CAPSIM_ERR_PARSE,
			       "phandle 0x%x refers to no node (dangling phandle)", ph);
	return target;
}

int dt_cpu_of_node(const struct dt *dt, int node)
{
	for (unsigned i = 0; i < dt->p->nr_cpus; i++)
		if (dt->cpu_nodes[i] == node)
			return (int)i;
	return -1;
}

/* --- CPUs ------------------------------------------------------------------------------ */

/* of_get_next_cpu_node(): named "cpu" (unit address aside) or device_type "cpu", not failed */
static bool is_cpu_node(const struct dt *dt, int node)
{
	const char *name = fdt_get_name(dt->fdt, node, NULL);
	const char *type = fdt_getprop(dt->fdt, node, "device_type", NULL);
	bool named = name && (!strcmp(name, "cpu") || !strncmp(name, "cpu@", 4));

	return (named || (type && !strcmp(type, "cpu"))) && !dt_failed(dt, node);
}

/* of_get_cpu_hwid(node, 0): the first reg entry, #address-cells of /cpus wide */
static bool cpu_hwid(const struct dt *dt, int node, int addr_cells, uint64_t *hwid)
{
	int len;
	const fdt32_t *reg = fdt_getprop(dt->fdt, node, "reg", &len);

	if (!reg || addr_cells < 1 || addr_cells > 2 || len < 4 * addr_cells)
		return false;
	*hwid = fdt32_to_cpu(reg[0]);
	if (addr_cells == 2)
		*hwid = (*hwid << 32) | fdt32_to_cpu(reg[1]);
	return true;
}

/* The arm32 cores; anything else under /cpus is taken for arm64 (documented in model.md). */
static bool is_arm32_core(const char *compat)
{
	static const char *const arm32[] = {
		"arm,cortex-a5", "arm,cortex-a7", "arm,cortex-a8", "arm,cortex-a9",
		"arm,cortex-a12", "arm,cortex-a15", "arm,cortex-a17", "qcom,krait",
		"qcom,scorpion", "marvell,pj4a", "marvell,pj4b", "arm,arm1176jzf-s",
		"arm,arm11mpcore", "brcm,brahma-b15", "arm,cortex-r7",
	};

	for (size_t i = 0; i < ARRAY_SIZE(arm32); i++)
		if (!strcmp(compat, arm32[i]))
			return true;
	return false;
}

/*
 * Collect the possible CPUs in tree order (CPU 0 = the first CPU node: the kernel makes the
 * boot CPU 0, and device trees list it first; the FDT header's boot_cpuid_phys is left at 0
 * by dtc and bootloaders, so it says nothing). CPUs without a usable reg are skipped as
 * of_parse_and_init_cpus() skips them; a duplicate reg is refused.
 */
static int collect_cpus(struct dt *dt, int cpus_node)
{
	struct capsim_platform *p = dt->p;
	int addr_cells = fdt_address_cells(dt->fdt, cpus_node);
	uint64_t hwids[CAPSIM_MAX_CPUS], hwid;
	int node, nodes[CAPSIM_MAX_CPUS], n = 0;
	bool arm32 = false;

	fdt_for_each_subnode(node, dt->fdt, cpus_node) {
		const char *compat;

		if (!is_cpu_node(dt, node))
			continue;
		if (!cpu_hwid(dt, node, addr_cells, &hwid)) {
			char path[PLATFORM_PATH_MAX];

			dt_path(dt, node, path, sizeof(path));
			platform_note(p, "%s: no usable reg: CPU skipped, as the kernel does", path);
			continue;
		}
		for (int i = 0; i < n; i++)
			if (hwids[i] == hwid)
				return dt_fail(dt, node, "reg", CAPSIM_ERR_PARSE,
					       "duplicate CPU id 0x%llx (expected one node per CPU)",
					       (unsigned long long)hwid);
		if (n == CAPSIM_MAX_CPUS)
			return dt_fail(dt, cpus_node, NULL, CAPSIM_ERR_RANGE,
				       "more than %d CPUs", CAPSIM_MAX_CPUS);
		compat = fdt_getprop(dt->fdt, node, "compatible", NULL);
		arm32 |= compat && is_arm32_core(compat);
		hwids[n] = hwid;
		nodes[n++] = node;
	}
	if (!n)
		return dt_fail(dt, cpus_node, NULL, CAPSIM_ERR_PARSE,
			       "no CPU nodes (expected cpu@N children with a reg property)");
	p->arch = arm32 ? PLATFORM_ARCH_ARM : PLATFORM_ARCH_ARM64;
	p->cpus = calloc((size_t)n, sizeof(*p->cpus));
	dt->cpu_nodes = calloc((size_t)n, sizeof(*dt->cpu_nodes));
	if (!p->cpus || !dt->cpu_nodes)
		return capsim_error_set(dt->err, CAPSIM_ERR_NOMEM, "out of memory");
	p->nr_cpus = (unsigned)n;
	for (int cpu = 0; cpu < n; cpu++) {
		struct platform_cpu *c = &p->cpus[cpu];

		dt->cpu_nodes[cpu] = nodes[cpu];
		c->core = c->thread = c->policy = c->cluster_id = c->llc = -1;
		/* arm32 store_cpu_topology(): the cluster is MPIDR affinity level 1 */
		c->cluster = arm32 ? (int)((hwids[cpu] >> 8) & 0xff) : -1;
		c->package_id = arm32 ? c->cluster : 0; /* arm64: cpu_to_node(), one node */
		dt_path(dt, nodes[cpu], c->node_path, sizeof(c->node_path));
		const char *compat = fdt_getprop(dt->fdt, nodes[cpu], "compatible", NULL);

		snprintf(c->compatible, sizeof(c->compatible), "%s", compat ? compat : "");
		/* FEAT_AMU is an arm64 ID register field: no arm32 core has it */
		c->amu_fie = !arm32 && topology_compatible_amu_fie(c->compatible);
	}
	return 0;
}

static int read_cpu_properties(struct dt *dt)
{
	for (unsigned cpu = 0; cpu < dt->p->nr_cpus; cpu++) {
		struct platform_cpu *c = &dt->p->cpus[cpu];
		int node = dt->cpu_nodes[cpu], ret;

		ret = dt_u32(dt, node, "capacity-dmips-mhz", &c->capacity_dmips_mhz);
		CAPSIM_RETURN_IF(ret < 0, ret);
		if (ret && (c->capacity_dmips_mhz == 0 || c->capacity_dmips_mhz > PLATFORM_MAX_DMIPS))
			return dt_fail(dt, node, "capacity-dmips-mhz", CAPSIM_ERR_RANGE,
				       "%u (expected 1..%u)", c->capacity_dmips_mhz, PLATFORM_MAX_DMIPS);
	}
	return 0;
}

/* --- cpu-map: parse_socket / parse_cluster / parse_core of arch_topology.c ---------------- */

/* get_cpu_for_node(): -1 no/dangling "cpu", -2 (ENODEV) a node that is not a possible CPU */
static int cpu_for_map_node(struct dt *dt, int node, int *cpu)
{
	int target = dt_phandle(dt, node, "cpu", 0);

	if (target == DT_ABSENT) {
		*cpu = -1;
		return 0;
	}
	CAPSIM_RETURN_IF(target < 0, target);
	*cpu = dt_cpu_of_node(dt, target);
	if (*cpu < 0)
		*cpu = -2;
	return 0;
}

/* Where parse_core() places a CPU: capsim's cluster index and the kernel's ids. */
struct map_pos {
	int cluster;    /* capsim: leaf clusters numbered in cpu-map order */
	int cluster_id; /* the kernel's: N of the leaf clusterN */
	int package_id; /* N of socketN, else 0 */
};

static int map_place(struct dt *dt, int node, int cpu, const struct map_pos *pos, int core,
		     int thread)
{
	struct platform_cpu *c = &dt->p->cpus[cpu];

	if (c->core >= 0)
		return dt_fail(dt, node, "cpu", CAPSIM_ERR_PARSE,
			       "%s appears twice in cpu-map", c->node_path);
	c->cluster = pos->cluster;
	c->cluster_id = pos->cluster_id;
	c->package_id = pos->package_id;
	c->core = core;
	c->thread = thread;
	return 0;
}

static int parse_core(struct dt *dt, int core, const struct map_pos *pos, int core_id)
{
	char name[20];
	bool leaf = true;
	int cpu, ret;

	for (int i = 0;; i++) {
		snprintf(name, sizeof(name), "thread%d", i);
		int t = fdt_subnode_offset(dt->fdt, core, name);
		if (t < 0)
			break;
		leaf = false;
		ret = cpu_for_map_node(dt, t, &cpu);
		CAPSIM_RETURN_IF(ret, ret);
		if (cpu >= 0) {
			ret = map_place(dt, t, cpu, pos, core_id, i);
			CAPSIM_RETURN_IF(ret, ret);
		} else if (cpu == -1) {
			return dt_fail(dt, t, NULL, CAPSIM_ERR_PARSE,
				       "no CPU for this thread (expected a cpu = <&phandle>)");
		}
	}
	ret = cpu_for_map_node(dt, core, &cpu);
	CAPSIM_RETURN_IF(ret, ret);
	if (cpu >= 0) {
		if (!leaf)
			return dt_fail(dt, core, NULL, CAPSIM_ERR_PARSE,
				       "core has both threads and a cpu");
		return map_place(dt, core, cpu, pos, core_id, -1);
	}
	if (leaf && cpu == -1)
		return dt_fail(dt, core, NULL, CAPSIM_ERR_PARSE,
			       "no CPU for this leaf core (expected a cpu = <&phandle>)");
	return 0;
}

static int parse_cluster(struct dt *dt, int cluster, int package_id, int cluster_id, int depth,
			 int *next_cluster)
{
	struct map_pos pos = { .cluster = -1, .cluster_id = cluster_id, .package_id = package_id };
	char name[20];
	bool leaf = true;
	int core_id = 0, ret;

	if (depth > 8)
		return dt_fail(dt, cluster, NULL, CAPSIM_ERR_PARSE, "clusters nested too deep");
	for (int i = 0;; i++) {
		snprintf(name, sizeof(name), "cluster%d", i);
		int c = fdt_subnode_offset(dt->fdt, cluster, name);
		if (c < 0)
			break;
		leaf = false;
		ret = parse_cluster(dt, c, package_id, i, depth + 1, next_cluster);
		CAPSIM_RETURN_IF(ret, ret);
	}
	for (int i = 0;; i++) {
		snprintf(name, sizeof(name), "core%d", i);
		int c = fdt_subnode_offset(dt->fdt, cluster, name);
		if (c < 0)
			break;
		if (depth == 0)
			return dt_fail(dt, c, NULL, CAPSIM_ERR_PARSE,
				       "cpu-map children should be clusters");
		if (!leaf)
			return dt_fail(dt, cluster, NULL, CAPSIM_ERR_PARSE,
				       "non-leaf cluster with core %s", name);
		if (pos.cluster < 0)
			pos.cluster = (*next_cluster)++;
		ret = parse_core(dt, c, &pos, core_id++);
		CAPSIM_RETURN_IF(ret, ret);
	}
	return 0;
}

static int parse_cpu_map(struct dt *dt, int cpus_node)
{
	struct capsim_platform *p = dt->p;
	int map = fdt_subnode_offset(dt->fdt, cpus_node, "cpu-map");
	int next_cluster = 0, ret = 0, sockets = 0;
	char name[20];

	if (p->arch == PLATFORM_ARCH_ARM) {
		/* arch/arm's init_cpu_topology() has no parse_dt_topology() of the cpu-map */
		if (map >= 0)
			platform_note(p, "arm32: /cpus/cpu-map is not read (arch/arm's topology takes "
					 "the packages from MPIDR affinity level 1)");
		return 0;
	}
	if (map < 0) {
		p->dmips_unused = true;
		platform_note(p, "no /cpus/cpu-map: arm64 never reads capacity-dmips-mhz "
				 "(parse_dt_topology), every CPU is 1024");
		return 0;
	}
	for (;; sockets++) {
		snprintf(name, sizeof(name), "socket%d", sockets);
		int s = fdt_subnode_offset(dt->fdt, map, name);
		if (s < 0)
			break;
		ret = parse_cluster(dt, s, sockets, -1, 0, &next_cluster);
		CAPSIM_RETURN_IF(ret, ret);
	}
	if (!sockets)
		ret = parse_cluster(dt, map, 0, -1, 0, &next_cluster);
	CAPSIM_RETURN_IF(ret, ret);
	for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++)
		if (p->cpus[cpu].core < 0)
			return dt_fail(dt, map, NULL, CAPSIM_ERR_PARSE,
				       "%s is missing (expected every CPU in the cpu-map)",
				       p->cpus[cpu].node_path);
	return 0;
}

/* --- caches: drivers/base/cacheinfo.c --------------------------------------------------- */

/* of_check_cache_nodes(): the node describes a cache of its own */
static bool has_cache_props(const struct dt *dt, int node)
{
	return dt_bool(dt, node, "cache-size") || dt_bool(dt, node, "i-cache-size") ||
	       dt_bool(dt, node, "d-cache-size") || dt_bool(dt, node, "cache-unified");
}

/* of_find_next_cache_node(): "l2-cache", else "next-level-cache" */
static int next_cache_node(struct dt *dt, int node)
{
	int next = dt_phandle(dt, node, "l2-cache", 0);

	return next == DT_ABSENT ? dt_phandle(dt, node, "next-level-cache", 0) : next;
}

/* of_property_read_u32() of "cache-level": the first cell of a value of one or more; 0 if none */
static uint32_t cache_level(const struct dt *dt, int node)
{
	int len;
	const fdt32_t *v = fdt_getprop(dt->fdt, node, "cache-level", &len);

	return v && len >= 4 ? fdt32_to_cpu(v[0]) : 0;
}

/* of_device_is_compatible(node, "cache"): one of its strings, compared without case */
static bool is_cache_compatible(const struct dt *dt, int node)
{
	int len, at = 0;
	const char *v = fdt_getprop(dt->fdt, node, "compatible", &len);

	for (; v && at < len; at += (int)strlen(v + at) + 1)
		if (!strcasecmp(v + at, "cache"))
			return true;
	return false;
}

/*
 * Each CPU's last-level cache as cache_setup_of_node() finds it: the end of its
 * next-level-cache chain, or the CPU node itself when it describes its L1 and nothing
 * follows. capsim takes the cache levels CLIDR_EL1 would report to be the DT's (one per node
 * of the chain): where the hardware reports more, the kernel's walk stops short (-ENOENT) and
 * the CPU has no LLC. That happens with the DT's own levels too: when init_of_cache_level()
 * refuses the chain (a next node not compatible "cache", or without a cache-level above the
 * one before), init_cache_level() counts the levels from CLIDR_EL1 and raises them to the
 * last node's cache-level (of_find_last_cache_level()); a level no node is left for leaves
 * the walk short, and the CPU without an LLC.
 */
static int read_caches(struct dt *dt)
{
	if (dt->p->arch == PLATFORM_ARCH_ARM)
		return 0; /* arch/arm has no cacheinfo (init_cache_level() is the weak -ENOENT) */
	for (unsigned cpu = 0; cpu < dt->p->nr_cpus; cpu++) {
		int node = dt->cpu_nodes[cpu], llc = has_cache_props(dt, node) ? node : -1;
		uint32_t levels = 1, depth;
		bool of_levels = true; /* init_of_cache_level() takes the chain */

		for (depth = 0; depth < 8; depth++) {
			int next = next_cache_node(dt, node);

			if (next == DT_ABSENT)
				break;
			CAPSIM_RETURN_IF(next < 0, next);
			of_levels &= is_cache_compatible(dt, next) && cache_level(dt, next) > levels;
			levels = cache_level(dt, next);
			llc = node = next;
		}
		if (!of_levels && cache_level(dt, node) > 1 + depth)
			llc = -1;
		dt->p->cpus[cpu].llc = llc;
	}
	return 0;
}

/* --- OPP tables: drivers/opp/of.c ------------------------------------------------------- */

/*
 * opp-microvolt: per supply <target> or <target min max> (opp_parse_supplies()). capsim does
 * not know the supply count (cpu-supply, or vdd+vbb, proc+sram on some SoCs): the first
 * supply's target is the first cell in both forms; its min/max are cells 2-3 when the count
 * is a multiple of 3.
 */
static int parse_microvolt(struct dt *dt, int node, struct platform_opp *o)
{
	int len;
	const fdt32_t *v = fdt_getprop(dt->fdt, node, "opp-microvolt", &len);

	if (!v)
		return 0;
	if (len < 4 || len % 4)
		return dt_fail(dt, node, "opp-microvolt", CAPSIM_ERR_PARSE,
			       "%d bytes (expected 32-bit cells: <target> or <target min max> per supply)",
			       len);
	o->uv = o->uv_min = o->uv_max = fdt32_to_cpu(v[0]);
	if ((len / 4) % 3 == 0) {
		o->uv_min = fdt32_to_cpu(v[1]);
		o->uv_max = fdt32_to_cpu(v[2]);
	}
	return 0;
}

/* opp-microwatt: one cell per supply; the CPU's power is the first */
static int parse_microwatt(struct dt *dt, int node, struct platform_opp *o)
{
	int len;
	const fdt32_t *v = fdt_getprop(dt->fdt, node, "opp-microwatt", &len);

	if (!v)
		return 0;
	if (len < 4 || len % 4)
		return dt_fail(dt, node, "opp-microwatt", CAPSIM_ERR_PARSE,
			       "%d bytes (expected 32-bit cells, one per supply)", len);
	o->uw = fdt32_to_cpu(v[0]);
	return 0;
}

/* _opp_add_static_v2(): one available OPP node. */
static int parse_opp(struct dt *dt, int node, struct platform_opp *o)
{
	int len, ret;
	const fdt32_t *hz = fdt_getprop(dt->fdt, node, "opp-hz", &len);

	memset(o, 0, sizeof(*o));
	if (!hz)
		return dt_fail(dt, node, "opp-hz", CAPSIM_ERR_PARSE,
			       "missing (expected the OPP rate, /bits/ 64 <Hz>)");
	if (len < 8 || len % 8)
		return dt_fail(dt, node, "opp-hz", CAPSIM_ERR_PARSE,
			       "%d cells (expected a 64-bit value: /bits/ 64 <Hz>)", len / 4);
	o->hz = ((uint64_t)fdt32_to_cpu(hz[0]) << 32) | fdt32_to_cpu(hz[1]);
	/* freq_qos limits are s32 kHz: a frequency above S32_MAX kHz could never be a limit */
	if (o->hz < 1000 || o->hz / 1000 > INT32_MAX)
		return dt_fail(dt, node, "opp-hz", CAPSIM_ERR_RANGE,
			       "%llu Hz (expected 1 kHz .. 2147483647 kHz)", (unsigned long long)o->hz);
	o->khz = (uint32_t)(o->hz / 1000);
	ret = parse_microvolt(dt, node, o);
	CAPSIM_RETURN_IF(ret, ret);
	ret = parse_microwatt(dt, node, o);
	CAPSIM_RETURN_IF(ret, ret);
	o->turbo = dt_bool(dt, node, "turbo-mode");
	o->suspend = dt_bool(dt, node, "opp-suspend");
	return 0;
}

/*
 * _opp_add() through _opp_is_duplicate(): a second OPP at an existing rate is ignored when its
 * voltage is the same (-EBUSY); with another voltage (-EEXIST) the kernel drops the whole table
 * and cpufreq-dt gives up: refused here, naming the node (@node, @prop) that repeats the rate.
 */
static int add_opp(struct dt *dt, int node, const char *prop, struct platform_policy *pol,
		   const struct platform_opp *o)
{
	for (unsigned i = 0; i < pol->nr_opps; i++) {
		if (pol->opps[i].hz != o->hz)
			continue;
		if (pol->opps[i].uv == o->uv)
			return 0;
		return dt_fail(dt, node, prop, CAPSIM_ERR_INVALID,
			       "%llu Hz a second time, at %u uV instead of %u uV: the kernel refuses "
			       "the table (_opp_is_duplicate(): -EEXIST), and with it cpufreq for "
			       "its CPUs (expected one OPP per rate)", (unsigned long long)o->hz,
			       o->uv, pol->opps[i].uv);
	}
	struct platform_opp *n = realloc(pol->opps, (pol->nr_opps + 1) * sizeof(*n));
	if (!n)
		return capsim_error_set(dt->err, CAPSIM_ERR_NOMEM, "out of memory");
	pol->opps = n;
	pol->opps[pol->nr_opps++] = *o;
	return 0;
}

static int parse_opp_table_v2(struct dt *dt, int table, struct platform_policy *pol)
{
	bool supported_hw = false;
	int node, ret;

	dt_path(dt, table, pol->opp_table_path, sizeof(pol->opp_table_path));
	fdt_for_each_subnode(node, dt->fdt, table) {
		struct platform_opp o;

		if (!dt_available(dt, node))
			continue;
		ret = parse_opp(dt, node, &o);
		CAPSIM_RETURN_IF(ret, ret);
		supported_hw |= dt_bool(dt, node, "opp-supported-hw");
		ret = add_opp(dt, node, "opp-hz", pol, &o);
		CAPSIM_RETURN_IF(ret, ret);
	}
	/* _opp_is_supported(): which bins exist is read from fuses by a cpufreq-nvmem driver */
	if (supported_hw)
		platform_note(dt->p, "%s: OPPs of several speed bins (opp-supported-hw): all of "
			      "them are kept; the kernel keeps those the SoC's fuses select",
			      pol->opp_table_path);
	return 0;
}

/* The legacy binding: operating-points = <kHz uV>, ... (_of_add_opp_table_v1) */
static int parse_opp_table_v1(struct dt *dt, int cpu_node, struct platform_policy *pol)
{
	int len, ret;
	const fdt32_t *v = fdt_getprop(dt->fdt, cpu_node, "operating-points", &len);

	if (len % 8)
		return dt_fail(dt, cpu_node, "operating-points", CAPSIM_ERR_PARSE,
			       "%d cells (expected <kHz uV> pairs)", len / 4);
	dt_path(dt, cpu_node, pol->opp_table_path, sizeof(pol->opp_table_path));
	for (int i = 0; i < len / 8; i++) {
		struct platform_opp o = { 0 };

		o.khz = fdt32_to_cpu(v[2 * i]);
		o.hz = (uint64_t)o.khz * 1000;
		o.uv = o.uv_min = o.uv_max = fdt32_to_cpu(v[2 * i + 1]);
		if (!o.khz || o.khz > INT32_MAX)
			return dt_fail(dt, cpu_node, "operating-points", CAPSIM_ERR_RANGE,
				       "entry %d: %u kHz (expected 1..2147483647)", i, o.khz);
		ret = add_opp(dt, cpu_node, "operating-points", pol, &o);
		CAPSIM_RETURN_IF(ret, ret);
	}
	return 0;
}

/* --- cpufreq policies -------------------------------------------------------------------- */

/*
 * What makes CPUs share a policy: a qcom,freq-domain or a performance-domains specifier (the
 * bytes of either), or one opp-shared table.
 */
struct policy_key {
	const void *domain; /* qcom,freq-domain (qcom-cpufreq-hw) or performance-domains bytes */
	int domain_len;
	int table;          /* operating-points-v2 node, DT_ABSENT when none */
	bool v1;            /* legacy operating-points */
};

static int policy_key(struct dt *dt, unsigned cpu, struct policy_key *k)
{
	int node = dt->cpu_nodes[cpu];

	k->domain = fdt_getprop(dt->fdt, node, "qcom,freq-domain", &k->domain_len);
	/* of_perf_domain_get_sharing_cpumask() (apple-soc-cpufreq, mediatek-cpufreq-hw) */
	if (!k->domain)
		k->domain = fdt_getprop(dt->fdt, node, "performance-domains", &k->domain_len);
	k->table = dt_phandle(dt, node, "operating-points-v2", 0);
	CAPSIM_RETURN_IF(k->table < 0 && k->table != DT_ABSENT, k->table);
	k->v1 = k->table == DT_ABSENT && dt_bool(dt, node, "operating-points");
	return 0;
}

/*
 * dev_pm_opp_of_get_sharing_cpus() for cpufreq-dt, qcom-cpufreq-hw's freq-domain match and
 * of_perf_domain_get_sharing_cpumask()'s performance-domains match, and cpufreq-dt's fallback
 * for legacy tables (every CPU shares the policy).
 */
static bool same_policy(const struct dt *dt, const struct policy_key *a, const struct policy_key *b)
{
	if (a->domain || b->domain)
		return a->domain && b->domain && a->domain_len == b->domain_len &&
		       !memcmp(a->domain, b->domain, (size_t)a->domain_len);
	if (a->v1 || b->v1) /* cpufreq-dt: a legacy table is shared by every CPU without one */
		return (a->v1 || a->table == DT_ABSENT) && (b->v1 || b->table == DT_ABSENT);
	return a->table >= 0 && a->table == b->table && dt_bool(dt, a->table, "opp-shared");
}

static int new_policy(struct capsim_platform *p, unsigned cpu, struct platform_policy **out,
		      capsim_error *err)
{
	struct platform_policy *n = realloc(p->policies, (p->nr_policies + 1) * sizeof(*n));

	if (!n)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	p->policies = n;
	*out = &n[p->nr_policies];
	memset(*out, 0, sizeof(**out));
	(*out)->cpu = cpu;
	return 0;
}

static int build_policy(struct dt *dt, unsigned cpu, const struct policy_key *keys)
{
	struct capsim_platform *p = dt->p;
	struct platform_policy *pol = NULL;
	int node = dt->cpu_nodes[cpu], ret;

	ret = new_policy(p, cpu, &pol, dt->err);
	CAPSIM_RETURN_IF(ret, ret);
	ret = keys[cpu].v1 ? parse_opp_table_v1(dt, node, pol)
			   : parse_opp_table_v2(dt, keys[cpu].table, pol);
	if (!ret)
		ret = dt_u32(dt, node, "dynamic-power-coefficient", &pol->dynamic_power_coefficient);
	if (ret < 0) {
		free(pol->opps);
		return ret;
	}
	if (!pol->nr_opps) {
		platform_note(p, "%s: no available OPP: no cpufreq policy for %s",
			      pol->opp_table_path, p->cpus[cpu].node_path);
		free(pol->opps);
		return 0;
	}
	for (unsigned j = cpu; j < p->nr_cpus; j++) {
		if (p->cpus[j].policy < 0 && (j == cpu || same_policy(dt, &keys[cpu], &keys[j]))) {
			p->cpus[j].policy = (int)p->nr_policies;
			capsim_cpumask_set(&pol->related_cpus, j);
		}
	}
	p->nr_policies++;
	return 0;
}

static int build_policies(struct dt *dt)
{
	struct capsim_platform *p = dt->p;
	struct policy_key *keys = calloc(p->nr_cpus, sizeof(*keys));
	int ret = keys ? 0 : capsim_error_set(dt->err, CAPSIM_ERR_NOMEM, "out of memory");

	for (unsigned cpu = 0; !ret && cpu < p->nr_cpus; cpu++)
		ret = policy_key(dt, cpu, &keys[cpu]);
	for (unsigned cpu = 0; !ret && cpu < p->nr_cpus; cpu++)
		if (p->cpus[cpu].policy < 0 && (keys[cpu].table != DT_ABSENT || keys[cpu].v1))
			ret = build_policy(dt, cpu, keys);
	free(keys);
	return ret;
}

/* --- entry point --------------------------------------------------------------------------- */

static void name_from_file(struct capsim_platform *p, const char *file)
{
	const char *base = strrchr(file, '/');
	size_t n;

	base = base ? base + 1 : file;
	n = strcspn(base, ".");
	if (n >= sizeof(p->name))
		n = sizeof(p->name) - 1;
	memcpy(p->name, base, n);
	p->name[n] = '\0';
	snprintf(p->source, sizeof(p->source), "%s", file);
}

static int parse_tree(struct dt *dt)
{
	int cpus, len, ret;
	const char *model;

	cpus = fdt_path_offset(dt->fdt, "/cpus");
	if (cpus < 0)
		return capsim_error_set(dt->err, CAPSIM_ERR_PARSE,
					"%s: /cpus: missing (expected the CPU nodes)", dt->file);
	model = fdt_getprop(dt->fdt, 0, "model", &len);
	if (model && len > 0)
		snprintf(dt->p->model, sizeof(dt->p->model), "%.*s", len, model);
	ret = collect_cpus(dt, cpus);
	if (!ret)
		ret = read_cpu_properties(dt);
	if (!ret)
		ret = parse_cpu_map(dt, cpus);
	if (!ret)
		ret = read_caches(dt);
	if (!ret)
		ret = build_policies(dt);
	if (!ret)
		ret = dt_parse_cpufreq_drivers(dt);
	if (!ret)
		ret = dt_parse_idle_states(dt);
	if (!ret)
		ret = dt_parse_thermal_zones(dt);
	return ret;
}

int platform_load_dtb(const void *blob, size_t size, const char *file,
		      struct capsim_platform **out, capsim_error *err)
{
	struct dt dt = { .fdt = blob, .file = file, .err = err };
	int ret;

	*out = NULL;
	ret = size < sizeof(struct fdt_header) ? -FDT_ERR_TRUNCATED : fdt_check_header(blob);
	/* before version 16 node names are full paths: libfdt 1.6's checks crash on those */
	if (!ret && fdt_version(blob) < 16)
		return capsim_error_set(err, CAPSIM_ERR_PARSE,
					"%s: flattened device tree version %u (expected 16 or 17, "
					"as dtc and the kernel write)", file, fdt_version(blob));
	if (!ret)
		ret = fdt_check_full(blob, size);
	if (ret)
		return capsim_error_set(err, CAPSIM_ERR_PARSE,
					"%s: not a valid flattened device tree: %s "
					"(expected a .dtb, or a copy of /sys/firmware/fdt)",
					file, fdt_strerror(ret));
	dt.p = calloc(1, sizeof(*dt.p));
	if (!dt.p)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	name_from_file(dt.p, file);
	ret = parse_tree(&dt);
	free(dt.cpu_nodes);
	free(dt.phandles);
	if (!ret)
		ret = platform_finalize(dt.p, err);
	if (ret) {
		if (ret != CAPSIM_ERR_NOMEM && !strstr(err ? err->msg : "", file))
			capsim_error_prefix(err, "%s: ", file);
		platform_free(dt.p);
		return ret;
	}
	*out = dt.p;
	return 0;
}
