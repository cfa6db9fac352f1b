// SPDX-License-Identifier: MIT
/*
 * topology.c - each CPU's original capacity (cpu_scale, arch_scale_cpu_capacity()) and its
 * frequency reference (capacity_freq_ref, arch_scale_freq_ref()), as
 * drivers/base/arch_topology.c leaves them once cpufreq has created every policy:
 *
 *   capacity_freq_ref(cpu) = policy->cpuinfo.max_freq        (init_cpu_capacity_callback)
 *   capacity_scale         = max(1, max over CPUs of raw(cpu) * freq_ref(cpu))       (u64)
 *   cpu_scale(cpu)         = (raw(cpu) * freq_ref(cpu) << 10) / capacity_scale    (truncated)
 *
 * with raw = capacity-dmips-mhz. topology_parse_cpu_capacity() gives up on every CPU (all
 * 1024) as soon as one lacks capacity-dmips-mhz. The renormalization with frequencies runs only
 * when every CPU has a policy (cpus_to_visit empty); otherwise the boot-time normalization
 * stands, whose reference is the CPU clock rate at boot, unknown to capsim and taken as equal
 * for all CPUs. x86-like platforms have no arch_scale_freq_ref() (0) and take their
 * capacities from the platform file, or 1024.
 */
#include <string.h>

#include "internal.h"
#include "model/platform.h"
#include "model/platform_internal.h"

static void set_freq_refs(struct capsim_platform *p)
{
	for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++) {
		int pol = p->cpus[cpu].policy;

		p->cpus[cpu].freq_ref_khz = p->arch == PLATFORM_ARCH_X86 || pol < 0
						    ? 0 : p->policies[pol].cpuinfo_max_khz;
	}
}

static bool every_cpu_has_policy(const struct capsim_platform *p)
{
	for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++)
		if (p->cpus[cpu].policy < 0)
			return false;
	return true;
}

/* The first CPU without capacity-dmips-mhz, or -1. */
static int cpu_without_dmips(const struct capsim_platform *p)
{
	for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++)
		if (!p->cpus[cpu].capacity_dmips_mhz)
			return (int)cpu;
	return -1;
}

static bool no_dmips_at_all(const struct capsim_platform *p)
{
	for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++)
		if (p->cpus[cpu].capacity_dmips_mhz)
			return false;
	return true;
}

static void set_all(struct capsim_platform *p, uint64_t cap)
{
	for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++)
		p->cpus[cpu].capacity_orig = cap;
}

/* mirrors topology_normalize_cpu_scale(), drivers/base/arch_topology.c */
static int normalize_cpu_scale(struct capsim_platform *p, bool with_freq, capsim_error *err)
{
	uint64_t capacity, capacity_scale = 1;

	for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++) {
		/* the 6.13+ default reference 0 is used as 1 here, as 6.12's default 1 */
		uint64_t ref = with_freq && p->cpus[cpu].freq_ref_khz ? p->cpus[cpu].freq_ref_khz : 1;

		capacity = (uint64_t)p->cpus[cpu].capacity_dmips_mhz * ref;
		if (capacity > capacity_scale)
			capacity_scale = capacity;
	}
	for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++) {
		struct platform_cpu *c = &p->cpus[cpu];
		uint64_t ref = with_freq && c->freq_ref_khz ? c->freq_ref_khz : 1;

		capacity = (uint64_t)c->capacity_dmips_mhz * ref;
		c->capacity_orig = (capacity << SCHED_CAPACITY_SHIFT) / capacity_scale;
		if (!c->capacity_orig)
			return capsim_error_set(err, CAPSIM_ERR_RANGE,
						"%s: capacity-dmips-mhz %u at %llu kHz normalizes to "
						"capacity 0 (expected a CPU within 1/1024 of the biggest)",
						c->node_path, c->capacity_dmips_mhz,
						(unsigned long long)ref);
	}
	return 0;
}

static int given_capacities(struct capsim_platform *p, capsim_error *err)
{
	for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++) {
		uint64_t cap = p->cpus[cpu].capacity_orig;

		if (cap < 1 || cap > SCHED_CAPACITY_SCALE)
			return capsim_error_set(err, CAPSIM_ERR_RANGE,
						"%s: capacity %llu (expected 1..1024)",
						p->cpus[cpu].node_path, (unsigned long long)cap);
	}
	return 0;
}

/*
 * cpufreq_update_pressure() and topology_update_hw_pressure() compute from the first CPU and
 * write to all: with unlike CPUs in one policy a smaller CPU's pressure can exceed its
 * capacity, and get_actual_cpu_capacity() wraps as an unsigned long, as in the kernel.
 */
static void note_unlike_policies(struct capsim_platform *p)
{
	for (unsigned i = 0; i < p->nr_policies; i++) {
		const struct platform_policy *pol = &p->policies[i];

		for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++) {
			if (capsim_cpumask_test(&pol->related_cpus, cpu) &&
			    p->cpus[cpu].capacity_orig != p->cpus[pol->cpu].capacity_orig) {
				platform_note(p, "policy%u: its CPUs differ in capacity; pressures use "
						 "CPU%u's for all (the kernel's actual capacity can wrap)",
					      pol->cpu, pol->cpu);
				break;
			}
		}
	}
}

int topology_init_capacities(struct capsim_platform *p, capsim_error *err)
{
	int missing, ret;

	set_freq_refs(p);
	if (p->capacity_source == PLATFORM_CAPACITY_GIVEN) {
		ret = given_capacities(p, err);
		if (!ret)
			note_unlike_policies(p);
		return ret;
	}
	missing = cpu_without_dmips(p);
	if (p->arch == PLATFORM_ARCH_X86 || p->dmips_unused || missing >= 0) {
		if (p->arch != PLATFORM_ARCH_X86 && !p->dmips_unused && !no_dmips_at_all(p))
			platform_note(p, "%s/capacity-dmips-mhz: missing: every CPU is 1024 "
					 "(topology_parse_cpu_capacity fallback)",
				      p->cpus[missing].node_path);
		p->capacity_source = PLATFORM_CAPACITY_DEFAULT;
		set_all(p, SCHED_CAPACITY_SCALE);
		return 0;
	}
	p->capacity_source = PLATFORM_CAPACITY_NORMALIZED;
	if (!every_cpu_has_policy(p))
		platform_note(p, "not every CPU has a cpufreq policy: capacities are normalized "
				 "from capacity-dmips-mhz alone (boot clock rates taken as equal)");
	ret = normalize_cpu_scale(p, every_cpu_has_policy(p), err);
	if (!ret)
		note_unlike_policies(p);
	return ret;
}

uint64_t platform_cpu_capacity_orig(const struct capsim_platform *p, unsigned cpu)
{
	return p->cpus[cpu].capacity_orig;
}

uint32_t platform_freq_ref(const struct capsim_platform *p, unsigned cpu)
{
	return p->cpus[cpu].freq_ref_khz;
}

/*
 * mirrors topology_set_freq_scale(), drivers/base/arch_topology.c (no FIE counters): not
 * clamped, so a boost frequency above the reference counts more than 1024
 */
uint64_t topology_freq_scale(uint64_t scale, uint32_t cur_khz, uint32_t ref_khz)
{
	if (!cur_khz || !ref_khz)
		return scale; /* WARN_ON_ONCE(): the scale stays */
	return ((uint64_t)cur_khz << SCHED_CAPACITY_SHIFT) / ref_khz;
}

/*
 * Cores whose ID_AA64PFR0_EL1.AMU reads IMP: the Armv9-A ones. Cortex-A76/A77 (and the Kryo
 * 4xx/5xx cores built on them) have an IMPLEMENTATION DEFINED AMU that is not FEAT_AMU, so
 * Linux does not use it; A53/A55/A72/A73/A75/X1 and the arm32 cores have none.
 */
static const char *const amu_cores[] = {
	"arm,cortex-a520", "arm,cortex-a710", "arm,cortex-a715", "arm,cortex-a720",
	"arm,cortex-x2",   "arm,cortex-x3",   "arm,cortex-x4",   "arm,cortex-x925",
	"arm,neoverse-n2", "arm,neoverse-v2",
};

/*
 * ARM64_WORKAROUND_BROKEN_AMU_CONSTCNT (arch/arm64/kernel/cpu_errata.c): Cortex-A510 r0p0..r1p1
 * (erratum 2457168) and Cortex-A725 r0p0..r0p2 (erratum 3821522) have FEAT_AMU but
 * cpu_amu_enable() leaves their constant counter's reference 0, so freq_counters_valid()
 * refuses them for FIE. A device tree does not give the revision: they count as affected.
 */
static const char *const amu_broken_constcnt[] = { "arm,cortex-a510", "arm,cortex-a725" };

bool topology_compatible_amu_fie(const char *compat)
{
	for (size_t i = 0; i < ARRAY_SIZE(amu_broken_constcnt); i++)
		if (!strcmp(compat, amu_broken_constcnt[i]))
			return false;
	for (size_t i = 0; i < ARRAY_SIZE(amu_cores); i++)
		if (!strcmp(compat, amu_cores[i]))
			return true;
	return false;
}

const char *platform_fie_source_name(enum platform_fie_source s)
{
	return s == PLATFORM_FIE_AMU ? "amu" : "cpufreq";
}

uint64_t amu_max_freq_scale(uint64_t ref_rate_hz, uint64_t max_rate_hz)
{
	/* the per-CPU initial value, kept when the kernel WARNs and gives up */
	const uint64_t initial = 1ULL << (2 * SCHED_CAPACITY_SHIFT);
	uint64_t ratio;

	if (!ref_rate_hz || !max_rate_hz)
		return initial; /* "invalid maximum or reference frequency" */
	ratio = (ref_rate_hz << (2 * SCHED_CAPACITY_SHIFT)) / max_rate_hz;
	return ratio ? ratio : initial; /* "Reference frequency too low" */
}

uint64_t amu_freq_scale(uint64_t scale, uint64_t prev_core, uint64_t core, uint64_t prev_const,
			uint64_t cnst, uint64_t max_freq_scale)
{
	uint64_t s;

	if (core <= prev_core || cnst <= prev_const)
		return scale; /* no cycles since the last tick (or wrapped): keep it */
	s = (core - prev_core) * max_freq_scale;
	s = (s >> SCHED_CAPACITY_SHIFT) / (cnst - prev_const);
	return s < SCHED_CAPACITY_SCALE ? s : SCHED_CAPACITY_SCALE;
}

int platform_policy_of(const struct capsim_platform *p, unsigned cpu)
{
	return p->cpus[cpu].policy;
}

int platform_find_policy(const struct capsim_platform *p, unsigned cpu)
{
	for (unsigned i = 0; i < p->nr_policies; i++)
		if (p->policies[i].cpu == cpu)
			return (int)i;
	return -1;
}
