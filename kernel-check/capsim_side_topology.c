// SPDX-License-Identifier: MIT
/*
 * capsim_side_topology.c - capsim's answer for group sched_domains: the case's device tree
 * read by platform_load_dtb() (src/input/dt.c: CPUs, cpu-map, caches, OPP tables; then
 * platform_finalize()'s capacities and sched domains), the sibling masks of
 * sd_build_siblings() and the domains of sd_build() (src/model/sched_domains.c) over
 * platform_sd_topo(), read back per CPU and level in the kernel's terms.
 */
#include <string.h>

#include "kcase.h"
#include "input/platform_load.h"
#include "model/platform.h"
#include "model/sched_domains.h"

static uint64_t mask_word(const capsim_cpumask *m)
{
	return m->bits[0];
}

void cside_sd_policies(struct kc_sched_domains_in *in)
{
	/* read once per tree: the cases of a tree all take the same */
	static struct {
		bool read;
		uint64_t policy[KC_SD_CPUS], khz[KC_SD_CPUS];
	} trees[16];
	struct capsim_platform *p = NULL;
	const char *name;
	size_t size;
	unsigned k = (unsigned)in->shipped - 1;
	const void *blob;

	if (k < 16 && trees[k].read)
		goto out;
	blob = kc_sd_dtb(in, &size, &name);
	if (k >= 16 || !blob || platform_load_dtb(blob, size, name, &p, NULL))
		return;
	for (unsigned c = 0; c < p->nr_cpus && c < KC_SD_CPUS; c++) {
		int pol = p->cpus[c].policy;

		if (pol < 0)
			continue;
		trees[k].policy[c] = (uint64_t)pol + 1;
		trees[k].khz[c] = p->policies[pol].cpuinfo_max_khz;
	}
	trees[k].read = true;
	platform_free(p);
out:
	memcpy(in->policy, trees[k].policy, sizeof(in->policy));
	memcpy(in->policy_khz, trees[k].khz, sizeof(in->policy_khz));
}

/* CPU @c's domains of @sd, level by level, with their groups from @c's local one */
static void read_domains(const struct sched_domains *sd, unsigned c,
			 struct kc_sched_domains_out *out)
{
	for (unsigned d = 0; d < sd->nr_domains; d++) {
		const struct sd_domain *dom = &sd->domains[d];
		unsigned slot = c * KC_SD_LEVELS + dom->level, local = 0;

		if (!capsim_cpumask_test(&dom->span, c))
			continue;
		out->sd_span[slot] = mask_word(&dom->span);
		out->sd_flags[slot] = dom->flags;
		out->sd_imbalance_pct[slot] = sd_imbalance_pct(dom->flags);
		out->sd_cache_nice_tries[slot] = sd_cache_nice_tries(dom->flags);
		out->sd_nr_groups[slot] = dom->nr_groups;
		while (local + 1 < dom->nr_groups &&
		       !capsim_cpumask_test(&sd->groups[dom->first_group + local], c))
			local++;
		for (unsigned g = 0; g < dom->nr_groups && g < KC_SD_CPUS; g++) {
			unsigned gi = dom->first_group + (local + g) % dom->nr_groups;

			out->sg_span[slot * KC_SD_CPUS + g] = mask_word(&sd->groups[gi]);
			out->sg_flags[slot * KC_SD_CPUS + g] = sd->group_flags[gi];
		}
	}
}

void cside_sched_domains(const struct kc_sched_domains_in *in, struct kc_sched_domains_out *out)
{
	struct capsim_platform *p = NULL;
	struct sd_cpu_topo topo[KC_SD_CPUS];
	struct sd_siblings sib[KC_SD_CPUS];
	struct sched_domains cls = { 0 };
	const struct sched_domains *sd;
	const char *name;
	size_t size;
	const void *blob = kc_sd_dtb(in, &size, &name);

	if (!blob || platform_load_dtb(blob, size, name, &p, NULL))
		return; /* refused: ok 0 */
	out->ok = 1;
	out->nr_cpus = p->nr_cpus;
	if (p->nr_cpus > KC_SD_CPUS) {
		platform_free(p);
		return;
	}
	platform_sd_topo(p, topo);
	sd_build_siblings(topo, p->nr_cpus, sib);
	sd = p->sd;
	if (in->sched_cluster) {
		struct sd_config cfg = SD_CONFIG_ARM64_DEFCONFIG;

		cfg.cluster = true;
		if (sd_build(topo, p->nr_cpus, cfg, &cls, NULL)) {
			platform_free(p);
			return;
		}
		sd = &cls;
	}
	for (unsigned c = 0; c < p->nr_cpus; c++) {
		out->cpu_scale[c] = p->cpus[c].capacity_orig;
		out->thread_sibling[c] = mask_word(&sib[c].thread);
		out->cluster_sibling[c] = mask_word(&sib[c].cluster);
		out->core_sibling[c] = mask_word(&sib[c].core);
		out->llc_sibling[c] = mask_word(&sib[c].llc);
		read_domains(sd, c, out);
	}
	sd_free(&cls);
	platform_free(p);
}
