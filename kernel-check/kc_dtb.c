// SPDX-License-Identifier: MIT
/*
 * kc_dtb.c - the device tree of a sched_domains case, the input both sides read: a shipped
 * board's .dtb (data/platforms/, the trees of shared/data/dts byte for byte), or a tree written
 * with libfdt's sequential-write API from the case's fields. Neither kernel nor capsim code:
 * the kernel side parses the blob through its OF stubs (kstubs_topology.h), the capsim side
 * through platform_load_dtb().
 *
 * The generated tree:
 *
 *   / { #address-cells = <1>; #size-cells = <1>;
 *     cpus { #address-cells = <addr_cells>; #size-cells = <0>;
 *       cpu@N { device_type = "cpu"; compatible; reg; capacity-dmips-mhz; cache properties;
 *               next-level-cache | l2-cache = <&cacheK>; operating-points-v2 = <&oppP>; }
 *       cpu-map { socketS { clusterC { clusterC2 { coreK { threadT { cpu = <&cpuN>; }}}}}}
 *       cacheK { compatible = "cache"; cache-level; cache-unified; cache-size;
 *                next-level-cache; }
 *     }
 *     opp-table-P { compatible = "operating-points-v2"; opp-shared; opp-N { opp-hz; } }
 *   }
 *
 * Map nodes are made in index order as the CPUs name them, so a skipped index leaves a gap
 * (the walk stops there), and a node a CPU names is made once however many name it.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libfdt.h>

#include "kcase.h"

#define KC_DTB_MAX (64 * 1024)
#define PH_CPU 0x100
#define PH_CACHE 0x200
#define PH_OPP 0x300

/* data/platforms, in name order; Odroid-XU3's Exynos 5422 runs an arm32 kernel */
static const char *const shipped[] = {
	"hikey960", "juno-r2", "odroid-n2", "odroid-xu3", "pixel6", "rb5", "rk3399",
};

bool kc_sd_shipped_arm32(unsigned k)
{
	return k < kc_sd_nr_shipped() && !strcmp(shipped[k], "odroid-xu3");
}

unsigned kc_sd_nr_shipped(void)
{
	return sizeof(shipped) / sizeof(shipped[0]);
}

static const void *read_shipped(unsigned k, size_t *size, const char **name)
{
	static char *blobs[sizeof(shipped) / sizeof(shipped[0])];
	static size_t sizes[sizeof(shipped) / sizeof(shipped[0])];
	static char names[sizeof(shipped) / sizeof(shipped[0])][512];

	if (k >= kc_sd_nr_shipped())
		return NULL;
	if (!blobs[k]) {
		FILE *f;
		long n;

		snprintf(names[k], sizeof(names[k]), "%s/data/platforms/%s.dtb", KC_SOURCE_DIR,
			 shipped[k]);
		f = fopen(names[k], "rb");
		if (!f)
			return NULL;
		fseek(f, 0, SEEK_END);
		n = ftell(f);
		fseek(f, 0, SEEK_SET);
		blobs[k] = n > 0 ? malloc((size_t)n) : NULL;
		if (!blobs[k] || fread(blobs[k], 1, (size_t)n, f) != (size_t)n) {
			free(blobs[k]);
			blobs[k] = NULL;
			fclose(f);
			return NULL;
		}
		fclose(f);
		sizes[k] = (size_t)n;
	}
	*size = sizes[k];
	*name = names[k];
	return blobs[k];
}

static void prop_cells(void *fdt, const char *name, const uint32_t *v, unsigned n)
{
	fdt32_t cells[2];

	for (unsigned i = 0; i < n; i++)
		cells[i] = cpu_to_fdt32(v[i]);
	fdt_property(fdt, name, cells, (int)(n * sizeof(cells[0])));
}

static void cpu_node(void *fdt, const struct kc_sched_domains_in *in, unsigned c)
{
	char name[32];
	uint32_t reg[2] = { (uint32_t)(in->hwid[c] >> 32), (uint32_t)in->hwid[c] };

	snprintf(name, sizeof(name), "cpu@%llx", (unsigned long long)in->hwid[c]);
	fdt_begin_node(fdt, name);
	fdt_property_string(fdt, "device_type", "cpu");
	fdt_property_string(fdt, "compatible",
			    in->arm32 ? (c % 2 ? "arm,cortex-a15" : "arm,cortex-a7") : "arm,cortex-a55");
	if (in->addr_cells == 2)
		prop_cells(fdt, "reg", reg, 2);
	else
		prop_cells(fdt, "reg", &reg[1], 1);
	if (in->dmips[c])
		fdt_property_cell(fdt, "capacity-dmips-mhz", (uint32_t)in->dmips[c]);
	switch (in->l1[c]) {
	case 1:
		fdt_property_cell(fdt, "i-cache-size", 0x8000);
		fdt_property_cell(fdt, "d-cache-size", 0x8000);
		break;
	case 2:
		fdt_property_cell(fdt, "cache-size", 0x8000);
		break;
	case 3:
		fdt_property(fdt, "cache-unified", NULL, 0);
		break;
	}
	if (in->next_cache[c])
		fdt_property_cell(fdt, in->l2_prop[c] ? "l2-cache" : "next-level-cache",
				  PH_CACHE + (uint32_t)in->next_cache[c] - 1);
	if (in->policy[c])
		fdt_property_cell(fdt, "operating-points-v2", PH_OPP + (uint32_t)in->policy[c] - 1);
	fdt_property_cell(fdt, "phandle", PH_CPU + c);
	fdt_end_node(fdt);
}

/* The CPUs of the map at the position so far (-1: any), each level's index + 1 (0: none). */
struct map_pos {
	long long socket, cluster, subcluster, core;
};

static bool at(const struct kc_sched_domains_in *in, unsigned c, const struct map_pos *pos)
{
	return in->map[c] && (pos->socket < 0 || (long long)in->socket[c] == pos->socket) &&
	       (pos->cluster < 0 || (long long)in->cluster[c] == pos->cluster) &&
	       (pos->subcluster < 0 || (long long)in->subcluster[c] == pos->subcluster) &&
	       (pos->core < 0 || (long long)in->core[c] == pos->core);
}

/* The indices + 1 that the CPUs at @pos give to the level selected by @field, ascending. */
static unsigned children(const struct kc_sched_domains_in *in, const struct map_pos *pos,
			 const uint64_t *field, uint64_t *out)
{
	unsigned n = 0;

	for (unsigned c = 0; c < in->nr_cpus; c++) {
		unsigned k;

		if (!at(in, c, pos) || !field[c])
			continue;
		for (k = 0; k < n && out[k] < field[c]; k++)
			;
		if (k < n && out[k] == field[c])
			continue;
		memmove(&out[k + 1], &out[k], (n - k) * sizeof(*out));
		out[k] = field[c];
		n++;
	}
	return n;
}

static void map_cores(void *fdt, const struct kc_sched_domains_in *in, struct map_pos pos)
{
	uint64_t core1[KC_SD_CPUS], cores[KC_SD_CPUS];
	unsigned n;

	/* coreK is the core index itself: + 1 here so that 0 stays "none" for children() */
	for (unsigned c = 0; c < in->nr_cpus; c++)
		core1[c] = in->core[c] + 1;
	n = children(in, &pos, core1, cores);
	for (unsigned i = 0; i < n; i++) {
		char name[32];

		pos.core = (long long)cores[i] - 1;
		snprintf(name, sizeof(name), "core%llu", (unsigned long long)pos.core);
		fdt_begin_node(fdt, name);
		/* a property before the subnodes: the core's own CPU, then its threads */
		for (unsigned c = 0; c < in->nr_cpus; c++)
			if (at(in, c, &pos) && !in->thread[c])
				fdt_property_cell(fdt, "cpu", PH_CPU + c);
		for (unsigned c = 0; c < in->nr_cpus; c++) {
			if (!at(in, c, &pos) || !in->thread[c])
				continue;
			snprintf(name, sizeof(name), "thread%llu", (unsigned long long)in->thread[c] - 1);
			fdt_begin_node(fdt, name);
			fdt_property_cell(fdt, "cpu", PH_CPU + c);
			fdt_end_node(fdt);
		}
		fdt_end_node(fdt);
	}
}

/* The nodes of one level (@off: its member of struct map_pos, @field: the CPUs' indices + 1). */
static void map_level(void *fdt, const struct kc_sched_domains_in *in, struct map_pos pos,
		      const char *prefix, size_t off, const uint64_t *field,
		      void (*inner)(void *, const struct kc_sched_domains_in *, struct map_pos))
{
	uint64_t idx[KC_SD_CPUS];
	unsigned n = children(in, &pos, field, idx);

	for (unsigned i = 0; i < n; i++) {
		struct map_pos sub = pos;
		char name[32];

		snprintf(name, sizeof(name), "%s%llu", prefix, (unsigned long long)idx[i] - 1);
		fdt_begin_node(fdt, name);
		*(long long *)((char *)&sub + off) = (long long)idx[i];
		inner(fdt, in, sub);
		fdt_end_node(fdt);
	}
}

/* clusterC2 inside clusterC, or the cores of a leaf clusterC */
static void map_subclusters(void *fdt, const struct kc_sched_domains_in *in, struct map_pos pos)
{
	pos.subcluster = 0;
	map_cores(fdt, in, pos); /* the cores of the CPUs without a subcluster */
	pos.subcluster = -1;
	map_level(fdt, in, pos, "cluster", offsetof(struct map_pos, subcluster), in->subcluster,
		  map_cores);
}

static void map_clusters(void *fdt, const struct kc_sched_domains_in *in, struct map_pos pos)
{
	/* CPUs directly under a socket or cpu-map (cluster 0): cores where clusters belong */
	pos.cluster = 0;
	pos.subcluster = 0;
	map_cores(fdt, in, pos);
	pos.cluster = pos.subcluster = -1;
	map_level(fdt, in, pos, "cluster", offsetof(struct map_pos, cluster), in->cluster,
		  map_subclusters);
}

static void cpu_map(void *fdt, const struct kc_sched_domains_in *in)
{
	struct map_pos pos = { -1, -1, -1, -1 };

	fdt_begin_node(fdt, "cpu-map");
	if (in->cpu_map == 2) {
		map_level(fdt, in, pos, "socket", offsetof(struct map_pos, socket), in->socket,
			  map_clusters);
	} else {
		pos.socket = 0;
		map_clusters(fdt, in, pos);
	}
	fdt_end_node(fdt);
}

static void cache_node(void *fdt, const struct kc_sched_domains_in *in, unsigned k)
{
	char name[32];

	snprintf(name, sizeof(name), "l%u-cache%u", in->cache_level[k] ? (unsigned)in->cache_level[k] : 2, k);
	fdt_begin_node(fdt, name);
	if (in->cache_compat[k])
		fdt_property_string(fdt, "compatible", "cache");
	if (in->cache_level[k])
		fdt_property_cell(fdt, "cache-level", (uint32_t)in->cache_level[k]);
	fdt_property(fdt, "cache-unified", NULL, 0);
	fdt_property_cell(fdt, "cache-size", 0x80000);
	if (in->cache_next[k])
		fdt_property_cell(fdt, "next-level-cache", PH_CACHE + (uint32_t)in->cache_next[k] - 1);
	fdt_property_cell(fdt, "phandle", PH_CACHE + k);
	fdt_end_node(fdt);
}

/* One opp-shared table per policy, its highest OPP the policy's cpuinfo.max_freq. */
static void opp_tables(void *fdt, const struct kc_sched_domains_in *in)
{
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		char name[32];
		bool first = true;

		for (unsigned o = 0; o < c && first; o++)
			first = in->policy[o] != in->policy[c];
		if (!in->policy[c] || !first)
			continue;
		snprintf(name, sizeof(name), "opp-table-%llu", (unsigned long long)in->policy[c] - 1);
		fdt_begin_node(fdt, name);
		fdt_property_string(fdt, "compatible", "operating-points-v2");
		fdt_property(fdt, "opp-shared", NULL, 0);
		fdt_property_cell(fdt, "phandle", PH_OPP + (uint32_t)in->policy[c] - 1);
		for (unsigned i = 0; i < 2; i++) {
			uint64_t khz = in->policy_khz[c] / (2 - i);

			snprintf(name, sizeof(name), "opp-%llu", (unsigned long long)khz * 1000);
			fdt_begin_node(fdt, name);
			fdt_property_u64(fdt, "opp-hz", khz * 1000);
			fdt_end_node(fdt);
		}
		fdt_end_node(fdt);
	}
}

const void *kc_sd_dtb(const struct kc_sched_domains_in *in, size_t *size, const char **name)
{
	static char buf[KC_DTB_MAX];
	void *fdt = buf;

	if (in->shipped)
		return read_shipped((unsigned)in->shipped - 1, size, name);
	fdt_create(fdt, sizeof(buf));
	fdt_finish_reservemap(fdt);
	fdt_begin_node(fdt, "");
	fdt_property_cell(fdt, "#address-cells", 1);
	fdt_property_cell(fdt, "#size-cells", 1);
	fdt_property_string(fdt, "model", "kernel-check");
	fdt_begin_node(fdt, "cpus");
	fdt_property_cell(fdt, "#address-cells", in->addr_cells == 2 ? 2 : 1);
	fdt_property_cell(fdt, "#size-cells", 0);
	for (unsigned c = 0; c < in->nr_cpus && c < KC_SD_CPUS; c++)
		cpu_node(fdt, in, c);
	if (in->cpu_map)
		cpu_map(fdt, in);
	for (unsigned k = 0; k < in->nr_caches && k < KC_SD_CACHES; k++)
		cache_node(fdt, in, k);
	fdt_end_node(fdt);
	opp_tables(fdt, in);
	fdt_end_node(fdt);
	if (fdt_finish(fdt))
		return NULL;
	*size = fdt_totalsize(fdt);
	*name = "kernel-check.dtb";
	return fdt;
}
