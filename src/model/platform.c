// SPDX-License-Identifier: MIT
/*
 * platform.c - the platform the kernel builds at boot, once a reader (src/input/) has filled
 * in what the firmware describes: platform_finalize() derives what the kernel derives, in the
 * kernel's order: policies' cpuinfo limits (cpufreq_table_validate_and_sort), capacity_freq_ref
 * and the normalized capacities (init_cpu_capacity_callback / topology_normalize_cpu_scale),
 * the energy model (dev_pm_opp_of_register_em), then the first cpufreq_set_policy() of every
 * policy. Notes record what the kernel would have logged on the way.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "model/model.h"
#include "model/platform.h"
#include "model/platform_internal.h"
#include "model/sched_domains.h"

void platform_note(struct capsim_platform *p, const char *fmt, ...)
{
	va_list ap;

	if (p->nr_notes >= PLATFORM_MAX_NOTES)
		return;
	va_start(ap, fmt);
	vsnprintf(p->notes[p->nr_notes++], PLATFORM_NOTE_MAX, fmt, ap);
	va_end(ap);
}

unsigned platform_cpuidle_index(const struct capsim_platform *p, unsigned cpu, unsigned state)
{
	const struct platform_cpu *c = &p->cpus[cpu];

	while (state > 1 && c->idle[state - 1].domain)
		state--;
	return state;
}

void platform_free(struct capsim_platform *p)
{
	if (!p)
		return;
	for (unsigned i = 0; i < p->nr_policies; i++) {
		free(p->policies[i].opps);
		free(p->policies[i].reqs);
		em_pd_free(p->policies[i].em);
	}
	for (unsigned i = 0; i < p->nr_zones; i++) {
		free(p->zones[i].trips);
		free(p->zones[i].maps);
	}
	free(p->policies);
	free(p->zones);
	free(p->cpus);
	if (p->sd)
		sd_free(p->sd);
	free(p->sd);
	free(p);
}

/*
 * build_sched_domains() over the topology arch_topology read; rebuilt on every finalize, as
 * an overlay may change capacities (the kernel rebuilds on a capacity change too:
 * update_topology_flags_workfn()). No cpu-map on arm64 leaves each CPU its own core.
 */
void platform_sd_topo(const struct capsim_platform *p, struct sd_cpu_topo *t)
{
	for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++) {
		const struct platform_cpu *c = &p->cpus[cpu];

		t[cpu] = (struct sd_cpu_topo){
			.package_id = c->package_id,
			.cluster_id = c->cluster_id,
			.core_id = c->core >= 0 ? c->core : (int)cpu, /* store_cpu_topology() */
			.thread_id = c->thread,
			.llc = c->llc,
			.capacity = c->capacity_orig,
		};
	}
}

int platform_sd_build(const struct capsim_platform *p, enum capsim_model model,
		      struct sched_domains *out, capsim_error *err)
{
	struct sd_cpu_topo *t = calloc(p->nr_cpus, sizeof(*t));
	int ret;

	if (!t)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	platform_sd_topo(p, t);
	ret = sd_build(t, p->nr_cpus, sd_config_of(model), out, err);
	free(t);
	return ret;
}

/* the platform's domains: 6.12.118's (a run under v7.3 takes its groups' flags anew) */
static int build_sched_domains(struct capsim_platform *p, capsim_error *err)
{
	int ret;

	if (!p->sd && !(p->sd = calloc(1, sizeof(*p->sd))))
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	sd_free(p->sd);
	ret = platform_sd_build(p, CAPSIM_MODEL_V6_12, p->sd, err);
	if (!ret && p->sd->insane_level >= 0)
		platform_note(p, "sched domains: the %s masks of CPU%u and CPU%u overlap without being "
			      "equal (topology_span_sane()): build_sched_domains() fails, the kernel "
			      "runs without sched domains (no load balance)",
			      sd_level_name((enum sd_level)p->sd->insane_level), p->sd->insane_cpu[0],
			      p->sd->insane_cpu[1]);
	return ret;
}


/* CPUs left without cpufreq (SCPI/SCMI or cpufreq-hw firmware tables, or no table at all) */
static void note_cpus_without_policy(struct capsim_platform *p)
{
	capsim_cpumask none = { { 0 } };
	char list[128];

	for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++)
		if (p->cpus[cpu].policy < 0)
			capsim_cpumask_set(&none, cpu);
	if (!capsim_cpumask_weight(&none))
		return;
	capsim_format_cpulist(&none, list, sizeof(list));
	platform_note(p, "CPUs %s: no OPP table, no cpufreq policy (firmware-provided OPPs can "
			 "be given in a platform JSON overlay)", list);
}

unsigned platform_cooling_states(const struct platform_policy *pol)
{
	unsigned n = 0;

	if (pol->em)
		return pol->em->nr_perf_states;
	for (unsigned i = 0; i < pol->nr_opps; i++)
		n += !pol->opps[i].turbo;
	return n;
}

/*
 * thermal_bind_cdev_to_trip(): limits beyond the cpufreq cooling device's states (or lower
 * above upper) are refused with -EINVAL and that map binds nothing; the zone stays.
 */
static void drop_unbindable_maps(struct capsim_platform *p)
{
	for (unsigned z = 0; z < p->nr_zones; z++) {
		struct platform_thermal_zone *tz = &p->zones[z];
		unsigned kept = 0;

		for (unsigned i = 0; i < tz->nr_maps; i++) {
			const struct platform_cooling_map *m = &tz->maps[i];
			unsigned states = m->policy >= 0 ?
				platform_cooling_states(&p->policies[m->policy]) : 0;
			uint32_t max, lower, upper;

			if (states) {
				max = states - 1;
				lower = m->lower == PLATFORM_THERMAL_NO_LIMIT ? 0 : m->lower;
				upper = m->upper == PLATFORM_THERMAL_NO_LIMIT ? max : m->upper;
				if (lower > upper || upper > max) {
					platform_note(p, "thermal zone %s: cooling map to %s skipped, as "
						      "the kernel does: states %u..%u outside 0..%u",
						      tz->name, m->device_path, lower, upper, max);
					continue;
				}
			}
			tz->maps[kept++] = *m;
		}
		tz->nr_maps = kept;
	}
}

/*
 * The FIE source the kernel ends up with: arm64's amu_fie_setup() takes the counters for a
 * policy only when every CPU of it has usable ones, otherwise cpufreq's arch_set_freq_scale()
 * stands. The platform has one source, so it is amu only when every CPU qualifies (x86's
 * APERF/MPERF is not modelled: with no arch_scale_freq_ref() its scale stays 1024).
 */
static enum platform_fie_source choose_fie(const struct capsim_platform *p)
{
	for (unsigned c = 0; c < p->nr_cpus; c++)
		if (!p->cpus[c].amu_fie)
			return PLATFORM_FIE_CPUFREQ;
	return PLATFORM_FIE_AMU;
}

int platform_finalize(struct capsim_platform *p, capsim_error *err)
{
	int ret;

	/* derived notes are rebuilt on every finalize (an overlay may have changed them) */
	if (!p->finalized)
		p->nr_load_notes = p->nr_notes;
	p->finalized = true;
	p->nr_notes = p->nr_load_notes;
	note_cpus_without_policy(p);
	ret = cpufreq_init_policies(p, err);

	if (!ret)
		ret = topology_init_capacities(p, err);
	if (!ret)
		ret = build_sched_domains(p, err);
	if (!ret)
		ret = platform_build_em(p, err);
	if (!ret)
		drop_unbindable_maps(p);
	if (!ret)
		ret = cpufreq_init_requests(p, err);
	if (!ret && p->fie_origin == PLATFORM_FIE_FROM_CPUS)
		p->fie = choose_fie(p);
	return ret;
}
