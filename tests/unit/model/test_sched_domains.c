// SPDX-License-Identifier: MIT
/*
 * test_sched_domains.c - tests src/model/sched_domains.c. Every shipped board's domains are
 * checked against what its device tree says, read here with libfdt alone: the CPUs whose
 * next-level-cache chains end at the same node form one MC domain (the arm64 boards have one
 * package and no SMT; the arm32 one no cacheinfo, so its MC is the package, MPIDR affinity
 * level 1 of reg), PKG exists when there is more than one such LLC, and
 * SD_ASYM_CPUCAPACITY(_FULL) sits on the lowest level whose span holds two capacities (all of
 * them). Hand-made topologies check the kernel's rules one by one: the degenerate tests,
 * asym_cpu_capacity_classify(), CONFIG_SCHED_CLUSTER without a shared LLC, SMT, and
 * SD_PREFER_SIBLING under an asymmetric domain per model (6.12's sd_init() clears it, 7.3's not).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <libfdt.h>

#include "platform_test_util.h"
#include "model/sched_domains.h"

static const char *const boards[] = { "rk3399", "hikey960", "rb5", "pixel6",
				      "juno-r2", "odroid-xu3", "odroid-n2" };

static void *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	long n;
	char *buf;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	return buf;
}

/* The node offset at the end of @node's next-level-cache chain, or -1. */
static int dt_llc(const void *fdt, int node)
{
	int llc = -1, len;

	for (;;) {
		const fdt32_t *ph = fdt_getprop(fdt, node, "next-level-cache", &len);

		if (!ph)
			return llc;
		llc = node = fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(*ph));
		assert_true(node >= 0);
	}
}

/*
 * What each CPU of /cpus shares its MC domain by, in DT order (the kernel's logical order): its
 * LLC on arm64 (-1: none, MC is then every CPU), its package on arm32 (@arm32: reg's MPIDR
 * affinity level 1, made distinct from node offsets).
 */
static unsigned dt_cpu_llcs(const void *fdt, bool arm32, int *llc)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), node;
	unsigned n = 0;

	fdt_for_each_subnode(node, fdt, cpus) {
		const char *type = fdt_getprop(fdt, node, "device_type", NULL);
		const fdt32_t *reg = fdt_getprop(fdt, node, "reg", NULL);

		if (type && !strcmp(type, "cpu"))
			llc[n++] = arm32 ? 0x1000000 + (int)((fdt32_to_cpu(*reg) >> 8) & 0xff)
					 : dt_llc(fdt, node);
	}
	return n;
}

static int find_domain(const struct sched_domains *sd, enum sd_level l, const capsim_cpumask *span)
{
	for (unsigned i = 0; i < sd->nr_domains; i++)
		if (sd->domains[i].level == l && !memcmp(&sd->domains[i].span, span, sizeof(*span)))
			return (int)i;
	return -1;
}

static unsigned distinct_caps(const struct capsim_platform *p, const capsim_cpumask *span)
{
	uint64_t seen[CAPSIM_MAX_CPUS];
	unsigned n = 0;

	for (unsigned c = 0; c < p->nr_cpus; c++) {
		bool dup = false;

		if (!capsim_cpumask_test(span, c))
			continue;
		for (unsigned i = 0; i < n; i++)
			dup |= seen[i] == p->cpus[c].capacity_orig;
		if (!dup)
			seen[n++] = p->cpus[c].capacity_orig;
	}
	return n;
}

static void test_boards_from_dt(void **state)
{
	(void)state;
	for (size_t b = 0; b < sizeof(boards) / sizeof(boards[0]); b++) {
		char path[512];
		int llc[CAPSIM_MAX_CPUS];
		struct capsim_platform *p = load_board(boards[b]);
		void *fdt;
		unsigned n, nr_llc = 0, expected = 0;
		capsim_cpumask all = { { 0 } };

		assert_non_null(p);
		snprintf(path, sizeof(path), "%s/data/platforms/%s.dtb", CAPSIM_SOURCE_DIR, boards[b]);
		fdt = read_file(path);
		n = dt_cpu_llcs(fdt, p->arch == PLATFORM_ARCH_ARM, llc);
		assert_int_equal(n, p->nr_cpus);
		for (unsigned c = 0; c < n; c++)
			capsim_cpumask_set(&all, c);
		/* MC: one domain per LLC, each span the CPUs sharing it (every CPU if none) */
		for (unsigned c = 0; c < n; c++) {
			capsim_cpumask span = { { 0 } };
			bool first = true;
			int d;

			for (unsigned o = 0; o < n; o++)
				if (llc[c] >= 0 ? llc[o] == llc[c] : true)
					capsim_cpumask_set(&span, o);
			for (unsigned o = 0; o < c; o++)
				first &= !capsim_cpumask_test(&span, o);
			if (!first)
				continue;
			nr_llc++;
			d = find_domain(p->sd, SD_LEVEL_MC, &span);
			print_message("%s: MC span of CPU%u\n", boards[b], c);
			assert_true(d >= 0);
			assert_true(p->sd->domains[d].flags & SD_SHARE_LLC);
			/* asymmetry at the lowest level holding two capacities, full if all of them */
			assert_int_equal(!!(p->sd->domains[d].flags & SD_ASYM_CPUCAPACITY),
					 distinct_caps(p, &span) > 1);
			expected++;
		}
		if (nr_llc > 1) {
			int d = find_domain(p->sd, SD_LEVEL_PKG, &all);

			assert_true(d >= 0);
			assert_true(p->sd->domains[d].flags & SD_ASYM_CPUCAPACITY_FULL);
			assert_int_equal(p->sd->domains[d].nr_groups, nr_llc);
			assert_false(p->sd->domains[d].flags & SD_SHARE_LLC);
			expected++;
		}
		assert_int_equal(p->sd->nr_domains, expected); /* no SMT, no degenerate level left */
		free(fdt);
		platform_free(p);
	}
}

static void test_degenerate_rules(void **state)
{
	capsim_cpumask a = { { 0x3 } }, b = { { 0x3 } }, c = { { 0xf } };

	(void)state;
	assert_true(sd_degenerate(1, SD_WAKE_AFFINE | SD_SHARE_LLC, 1)); /* one CPU */
	assert_false(sd_degenerate(2, SD_WAKE_AFFINE, 1));              /* no groups needed */
	assert_true(sd_degenerate(2, SD_SHARE_LLC, 1));                 /* needs 2 groups */
	assert_false(sd_degenerate(2, SD_SHARE_LLC, 2));
	/* same span, parent flags a subset once the group flags go with one group */
	assert_true(sd_parent_degenerate(&a, SD_WAKE_AFFINE, &b, SD_WAKE_AFFINE | SD_SHARE_LLC, 1));
	assert_false(sd_parent_degenerate(&a, SD_WAKE_AFFINE, &b, SD_WAKE_AFFINE | SD_SHARE_LLC, 2));
	assert_false(sd_parent_degenerate(&a, SD_WAKE_AFFINE, &c, SD_WAKE_AFFINE, 2)); /* wider */
}

static void test_asym_classify(void **state)
{
	const uint64_t cap[6] = { 300, 300, 700, 700, 1024, 1024 };
	capsim_cpumask all = { { 0x3f } }, two = { { 0x0f } }, one = { { 0x03 } };

	(void)state;
	assert_int_equal(sd_asym_cpu_capacity_classify(&one, &all, cap, 6), 0);
	assert_int_equal(sd_asym_cpu_capacity_classify(&two, &all, cap, 6), SD_ASYM_CPUCAPACITY);
	assert_int_equal(sd_asym_cpu_capacity_classify(&all, &all, cap, 6),
			 SD_ASYM_CPUCAPACITY | SD_ASYM_CPUCAPACITY_FULL);
}

/* Two clusters, no cache information, CONFIG_SCHED_CLUSTER: CLS per cluster, MC every CPU. */
static void test_cluster_without_llc(void **state)
{
	struct sd_cpu_topo t[6];
	struct sched_domains sd;
	struct sd_config cfg = { .smt = true, .cluster = true, .mc = true,
				 .asym_clears_prefer_sibling = true };
	capsim_cpumask lo = { { 0x0f } }, hi = { { 0x30 } }, all = { { 0x3f } };

	(void)state;
	for (int c = 0; c < 6; c++)
		t[c] = (struct sd_cpu_topo){ 0, c < 4 ? 0 : 1, c < 4 ? c : c - 4, -1, -1,
					     c < 4 ? 381 : 1024 };
	assert_int_equal(sd_build(t, 6, cfg, &sd, NULL), 0);
	assert_int_equal(sd.nr_domains, 3);
	assert_true(find_domain(&sd, SD_LEVEL_CLS, &lo) >= 0);
	assert_true(find_domain(&sd, SD_LEVEL_CLS, &hi) >= 0);
	assert_true(sd.domains[find_domain(&sd, SD_LEVEL_CLS, &lo)].flags & SD_CLUSTER);
	assert_true(find_domain(&sd, SD_LEVEL_MC, &all) >= 0);
	sd_free(&sd);
	/* without CONFIG_SCHED_CLUSTER: one MC over everything, PKG degenerate */
	cfg.cluster = false;
	assert_int_equal(sd_build(t, 6, cfg, &sd, NULL), 0);
	assert_int_equal(sd.nr_domains, 1);
	assert_int_equal(sd.domains[0].level, SD_LEVEL_MC);
	sd_free(&sd);
}

/* Two cores of two threads sharing an LLC: SMT {0-1},{2-3} with SD_SHARE_CPUCAPACITY, MC. */
static void test_smt(void **state)
{
	struct sd_cpu_topo t[4];
	struct sched_domains sd;
	capsim_cpumask core0 = { { 0x3 } }, all = { { 0xf } };
	int d;

	(void)state;
	for (int c = 0; c < 4; c++)
		t[c] = (struct sd_cpu_topo){ 0, 0, c / 2, c % 2, 7, 1024 };
	assert_int_equal(sd_build(t, 4, SD_CONFIG_ARM64_DEFCONFIG, &sd, NULL), 0);
	assert_int_equal(sd.nr_domains, 3);
	d = find_domain(&sd, SD_LEVEL_SMT, &core0);
	assert_true(d >= 0);
	assert_true(sd.domains[d].flags & SD_SHARE_CPUCAPACITY);
	assert_true(sd.domains[d].flags & SD_PREFER_SIBLING); /* 6.12 sd_init() keeps it on SMT */
	d = find_domain(&sd, SD_LEVEL_MC, &all);
	assert_true(d >= 0);
	assert_int_equal(sd.domains[d].nr_groups, 2);
	sd_free(&sd);
}

/*
 * SD_PREFER_SIBLING on RK3399 (CPUs 0-3 one L2, 4-5 another; two capacities) per model, derived
 * from sd_init() and cpu_attach_domain() of each kernel: MC {0-3} and {4-5} get NEWIDLE | EXEC
 * | FORK | WAKE_AFFINE | PREFER_SIBLING | SHARE_LLC (1+2+4+16+4096+512 = 4631), no asymmetry
 * (one capacity each); PKG over all adds ASYM_CPUCAPACITY(_FULL), and 6.1.192's and 6.12.118's
 * sd_init() of PKG clear its child MC's PREFER_SIBLING (4631 - 4096 = 535), 7.3.4's does not.
 * PKG keeps its own: NEWIDLE | EXEC | FORK | WAKE_AFFINE | PREFER_SIBLING (4119), no level flag.
 * PKG's groups carry the MC flags (get_group()), MC's groups 0 (SMT, one CPU, removed).
 */
static void test_prefer_sibling_per_model(void **state)
{
	const enum capsim_model models[] = { CAPSIM_MODEL_V6_1, CAPSIM_MODEL_V6_10,
					     CAPSIM_MODEL_V6_12, CAPSIM_MODEL_V7_3 };
	struct capsim_platform *p = load_board("rk3399");
	capsim_cpumask lo = { { 0x0f } }, hi = { { 0x30 } }, all = { { 0x3f } };

	(void)state;
	assert_non_null(p);
	for (size_t m = 0; m < sizeof(models) / sizeof(models[0]); m++) {
		uint32_t mc = models[m] == CAPSIM_MODEL_V7_3 ? 4631 : 535;
		struct sched_domains sd;
		int pkg;

		assert_int_equal(platform_sd_build(p, models[m], &sd, NULL), 0);
		assert_int_equal(sd.nr_domains, 3);
		assert_int_equal(sd.domains[find_domain(&sd, SD_LEVEL_MC, &lo)].flags, mc);
		assert_int_equal(sd.domains[find_domain(&sd, SD_LEVEL_MC, &hi)].flags, mc);
		pkg = find_domain(&sd, SD_LEVEL_PKG, &all);
		assert_true(pkg >= 0);
		assert_int_equal(sd.domains[pkg].flags, 4119 | SD_ASYM_CPUCAPACITY |
							   SD_ASYM_CPUCAPACITY_FULL);
		assert_int_equal(sd.domains[pkg].nr_groups, 2);
		for (unsigned g = 0; g < sd.nr_groups; g++)
			assert_int_equal(sd.group_flags[g],
					 g >= sd.domains[pkg].first_group ? mc : 0);
		sd_free(&sd);
	}
	/* the platform's own domains are 6.12's */
	assert_int_equal(p->sd->domains[find_domain(p->sd, SD_LEVEL_MC, &lo)].flags, 535);
	platform_free(p);
}

/*
 * sd_init()'s balance parameters: imbalance_pct 110 on SMT, else 117; cache_nice_tries 0 on
 * SMT, 1 on MC and on PKG too (6.12's last "else": kernel-check group sched_domains found
 * capsim giving PKG 0).
 */
static void test_sd_init_balance(void **state)
{
	(void)state;
	assert_int_equal(sd_imbalance_pct(SD_SHARE_CPUCAPACITY | SD_SHARE_LLC), 110);
	assert_int_equal(sd_imbalance_pct(SD_SHARE_LLC), 117);
	assert_int_equal(sd_imbalance_pct(SD_ASYM_CPUCAPACITY), 117);
	assert_int_equal(sd_cache_nice_tries(SD_SHARE_CPUCAPACITY | SD_SHARE_LLC), 0);
	assert_int_equal(sd_cache_nice_tries(SD_CLUSTER | SD_SHARE_LLC), 1);
	assert_int_equal(sd_cache_nice_tries(SD_SHARE_LLC), 1);
	assert_int_equal(sd_cache_nice_tries(SD_BALANCE_NEWIDLE | SD_WAKE_AFFINE | SD_PREFER_SIBLING |
					     SD_ASYM_CPUCAPACITY | SD_ASYM_CPUCAPACITY_FULL), 1);
}

/*
 * topology_span_sane(): CPUs 0-1 share an L2, CPUs 2-3 describe no cache, so their MC mask is
 * the package 0-3, which overlaps 0-1 without being equal: build_sched_domains() fails and the
 * kernel runs without sched domains. capsim built them with the "arch topology borken"
 * fix-ups until kernel-check group sched_domains compared.
 */
static void test_span_insane(void **state)
{
	struct sd_cpu_topo t[4];
	struct sched_domains sd;

	(void)state;
	for (int c = 0; c < 4; c++)
		t[c] = (struct sd_cpu_topo){ 0, c < 2 ? 0 : 1, c % 2, -1, c < 2 ? 5 : -1, 1024 };
	assert_int_equal(sd_build(t, 4, SD_CONFIG_ARM64_DEFCONFIG, &sd, NULL), 0);
	assert_int_equal(sd.nr_domains, 0);
	assert_int_equal(sd.insane_level, SD_LEVEL_MC);
	assert_int_equal(sd.insane_cpu[0], 0);
	assert_int_equal(sd.insane_cpu[1], 2);
	sd_free(&sd);
	/* the same with an L2 for CPUs 2-3 too: MC 0-1, 2-3 and PKG, no complaint */
	t[2].llc = t[3].llc = 6;
	assert_int_equal(sd_build(t, 4, SD_CONFIG_ARM64_DEFCONFIG, &sd, NULL), 0);
	assert_int_equal(sd.nr_domains, 3);
	assert_int_equal(sd.insane_level, -1);
	sd_free(&sd);
}

/*
 * The group ring of an interleaved span: clusters 0-1, 2-3, 4-5, 6-7, the second and the
 * fourth sharing an LLC. PKG's groups are 0-1, 2-3+6-7 and 4-5; every CPU's
 * build_sched_groups() relinks the shared groups from itself, and CPU7's links stand: from
 * CPU0 the ring is 0-1, 4-5, 2-3+6-7 (capsim gave them in CPU order until kernel-check group
 * sched_domains compared the rings).
 */
static void test_group_ring(void **state)
{
	static const int llc[8] = { 10, 10, 11, 11, 12, 12, 11, 11 };
	const capsim_cpumask all = { { 0xff } };
	struct sd_cpu_topo t[8];
	struct sched_domains sd;
	int d;

	(void)state;
	for (int c = 0; c < 8; c++)
		t[c] = (struct sd_cpu_topo){ 0, c / 2, c % 2, -1, llc[c], 1024 };
	assert_int_equal(sd_build(t, 8, SD_CONFIG_ARM64_DEFCONFIG, &sd, NULL), 0);
	d = find_domain(&sd, SD_LEVEL_PKG, &all);
	assert_true(d >= 0);
	assert_int_equal(sd.domains[d].nr_groups, 3);
	assert_int_equal(sd.groups[sd.domains[d].first_group + 0].bits[0], 0x03);
	assert_int_equal(sd.groups[sd.domains[d].first_group + 1].bits[0], 0x30);
	assert_int_equal(sd.groups[sd.domains[d].first_group + 2].bits[0], 0xcc);
	sd_free(&sd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_boards_from_dt),
		cmocka_unit_test(test_degenerate_rules),
		cmocka_unit_test(test_asym_classify),
		cmocka_unit_test(test_cluster_without_llc),
		cmocka_unit_test(test_smt),
		cmocka_unit_test(test_prefer_sibling_per_model),
		cmocka_unit_test(test_sd_init_balance),
		cmocka_unit_test(test_span_insane),
		cmocka_unit_test(test_group_ring),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
