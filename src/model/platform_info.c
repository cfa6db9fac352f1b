// SPDX-License-Identifier: MIT
/*
 * platform_info.c - the platform as the public API shows it (include/capsim/capsim_platform.h):
 * what `capsim platform show` prints, copied by value out of struct capsim_platform
 * (model/platform.h) so that callers never see its layout. The values are the ones the kernel
 * derives at boot (arch_topology's cpu_scale and capacity_freq_ref, cpufreq's cpuinfo, the
 * energy model's perf states, thermal_of's zones); nothing here computes them again.
 */
#include <string.h>

#include "abi.h"
#include "model/platform.h"
#include "model/sched_domains.h"

/* The public enums mirror the model's; their values are part of the API. */
_Static_assert(CAPSIM_ARCH_X86 == (int)PLATFORM_ARCH_X86 && CAPSIM_ARCH_ARM == (int)PLATFORM_ARCH_ARM,
	       "enum capsim_arch mirrors enum platform_arch");
_Static_assert(CAPSIM_FALLBACK_CPUINFO_MAX == (int)PLATFORM_FALLBACK_CPUINFO_MAX,
	       "enum capsim_freq_ref_fallback mirrors enum platform_freq_ref_fallback");
_Static_assert(CAPSIM_CAPACITY_GIVEN == (int)PLATFORM_CAPACITY_GIVEN &&
	       CAPSIM_CAPACITY_DEFAULT == (int)PLATFORM_CAPACITY_DEFAULT,
	       "enum capsim_capacity_source mirrors enum platform_capacity_source");
_Static_assert(CAPSIM_TRIP_CRITICAL == (int)PLATFORM_TRIP_CRITICAL &&
	       CAPSIM_TRIP_PASSIVE == (int)PLATFORM_TRIP_PASSIVE,
	       "enum capsim_trip_type mirrors enum platform_trip_type");
_Static_assert(CAPSIM_THERMAL_NO_LIMIT == PLATFORM_THERMAL_NO_LIMIT, "THERMAL_NO_LIMIT");

int capsim_platform_get_info(const capsim_platform *p, struct capsim_platform_info *out)
{
	const struct capsim_platform_info full = {
		.name = p->name,
		.model = p->model,
		.source = p->source,
		.arch = (enum capsim_arch)p->arch,
		.fallback = (enum capsim_freq_ref_fallback)p->fallback,
		.capacity_source = (enum capsim_capacity_source)p->capacity_source,
		.eas = platform_has_em(p),
		.nr_cpus = p->nr_cpus,
		.nr_policies = p->nr_policies,
		.nr_zones = p->nr_zones,
		.nr_notes = p->nr_notes,
		.freq_invariance = platform_fie_source_name(p->fie),
		.freq_invariance_given = p->fie_origin == PLATFORM_FIE_FROM_JSON,
	};

	return abi_fill(out, &full, sizeof(full), ABI_V1_PLATFORM_INFO);
}

const char *capsim_platform_note(const capsim_platform *p, unsigned i)
{
	return i < p->nr_notes ? p->notes[i] : NULL;
}

const char *capsim_platform_description(const capsim_platform *p)
{
	return p->description[0] ? p->description : NULL;
}

int capsim_platform_get_cpu(const capsim_platform *p, unsigned cpu, struct capsim_cpu_info *out)
{
	const struct platform_cpu *c;

	if (cpu >= p->nr_cpus)
		return CAPSIM_ERR_RANGE;
	c = &p->cpus[cpu];
	const struct capsim_cpu_info full = {
		.cluster = c->cluster,
		.core = c->core,
		.thread = c->thread,
		.policy = c->policy >= 0 ? (int)p->policies[c->policy].cpu : -1,
		.policy_index = c->policy,
		.capacity_dmips_mhz = c->capacity_dmips_mhz,
		.capacity_orig = c->capacity_orig,
		.freq_ref_khz = c->freq_ref_khz,
		.node_path = c->node_path,
		.compatible = c->compatible,
		.amu = c->amu_fie,
	};

	return abi_fill(out, &full, sizeof(full), ABI_V1_CPU_INFO);
}

int capsim_platform_get_policy(const capsim_platform *p, unsigned i, struct capsim_policy_info *out)
{
	const struct platform_policy *pol;

	if (i >= p->nr_policies)
		return CAPSIM_ERR_RANGE;
	pol = &p->policies[i];
	const struct capsim_policy_info full = {
		.cpu = pol->cpu,
		.cpus = pol->related_cpus,
		.nr_opps = pol->nr_opps,
		.cpuinfo_min_khz = pol->cpuinfo_min_khz,
		.cpuinfo_max_khz = pol->cpuinfo_max_khz,
		.min_khz = pol->min_khz,
		.max_khz = pol->max_khz,
		.boost_enabled = pol->boost_enabled,
		.dynamic_power_coefficient = pol->dynamic_power_coefficient,
		.energy_model = pol->em != NULL,
		/* the EM is built from opp-microwatt when the OPPs carry it (em_dev_register_perf_domain) */
		.em_microwatts = pol->em && pol->nr_opps && pol->opps[0].uw,
		.em_skip_inefficiencies = pol->em && (pol->em->flags & EM_PERF_DOMAIN_SKIP_INEFFICIENCIES),
		.cooling_states = platform_cooling_states(pol),
		.opp_table_path = pol->opp_table_path,
		.cpufreq_driver = platform_cpufreq_driver_name(pol->driver),
		.driver_given = pol->driver_given,
		.transition_latency_ns = pol->transition_latency_ns,
		.transition_delay_us = cpufreq_policy_transition_delay_us(pol),
		.fast_switch = pol->fast_switch,
		.clock_latency_ns = pol->clock_latency_ns,
		.has_cpu_supply = pol->supply.present,
		.supply_ramp_delay = pol->supply.ramp_delay,
		.supply_settling_time_us = pol->supply.settling_time_us,
		.supply_settling_time_up_us = pol->supply.settling_time_up_us,
		.supply_settling_time_down_us = pol->supply.settling_time_down_us,
		.clock_firmware = pol->clock_firmware,
	};

	return abi_fill(out, &full, sizeof(full), ABI_V1_POLICY_INFO);
}

int capsim_platform_policy_index(const capsim_platform *p, unsigned cpu)
{
	int i = platform_find_policy(p, cpu);

	return i >= 0 ? i : CAPSIM_ERR_NOT_FOUND;
}

/* The EM perf state of the OPP at @khz, or NULL (no EM, or the EM skipped that OPP). */
static const struct em_perf_state *em_state(const struct platform_policy *pol, uint32_t khz)
{
	for (unsigned i = 0; pol->em && i < pol->em->nr_perf_states; i++)
		if (pol->em->table[i].frequency == khz)
			return &pol->em->table[i];
	return NULL;
}

int capsim_platform_get_opp(const capsim_platform *p, unsigned policy, unsigned i,
			    struct capsim_opp_info *out)
{
	const struct platform_policy *pol;
	const struct platform_opp *o;
	const struct em_perf_state *s;

	if (policy >= p->nr_policies || i >= p->policies[policy].nr_opps)
		return CAPSIM_ERR_RANGE;
	pol = &p->policies[policy];
	o = &pol->opps[i];
	s = em_state(pol, o->khz);
	const struct capsim_opp_info full = {
		.khz = o->khz,
		.uv = o->uv,
		.uv_min = o->uv_min,
		.uv_max = o->uv_max,
		.uw = o->uw,
		.turbo = o->turbo,
		.suspend = o->suspend,
		.has_em = s != NULL,
		.em_power_uw = s ? s->power : 0,
		.em_perf = s ? s->performance : 0,
		.em_cost = s ? s->cost : 0,
		.em_efficient = s && !(s->flags & EM_PERF_STATE_INEFFICIENT),
	};

	return abi_fill(out, &full, sizeof(full), ABI_V1_OPP_INFO);
}

const char *capsim_trip_type_name(enum capsim_trip_type type)
{
	return (unsigned)type <= CAPSIM_TRIP_CRITICAL
		       ? platform_trip_type_name((enum platform_trip_type)type) : NULL;
}

int capsim_platform_get_zone(const capsim_platform *p, unsigned i, struct capsim_zone_info *out)
{
	const struct platform_thermal_zone *z;

	if (i >= p->nr_zones)
		return CAPSIM_ERR_RANGE;
	z = &p->zones[i];
	const struct capsim_zone_info full = {
		.name = z->name,
		.polling_delay_ms = z->polling_delay_ms,
		.polling_delay_passive_ms = z->polling_delay_passive_ms,
		.sustainable_power_mw = z->sustainable_power_mw,
		.nr_trips = z->nr_trips,
		.nr_maps = z->nr_maps,
	};

	return abi_fill(out, &full, sizeof(full), ABI_V1_ZONE_INFO);
}

int capsim_platform_get_trip(const capsim_platform *p, unsigned zone, unsigned i,
			     struct capsim_trip_info *out)
{
	const struct platform_trip *t;

	if (zone >= p->nr_zones || i >= p->zones[zone].nr_trips)
		return CAPSIM_ERR_RANGE;
	t = &p->zones[zone].trips[i];
	const struct capsim_trip_info full = {
		.name = t->name,
		.type = (enum capsim_trip_type)t->type,
		.temperature_mc = t->temperature_mc,
		.hysteresis_mc = t->hysteresis_mc,
	};

	return abi_fill(out, &full, sizeof(full), ABI_V1_TRIP_INFO);
}

int capsim_platform_get_cooling_map(const capsim_platform *p, unsigned zone, unsigned i,
				    struct capsim_cooling_map_info *out)
{
	const struct platform_cooling_map *m;
	const struct platform_policy *pol;
	struct capsim_cooling_map_info full;
	uint32_t max_level, lo, hi;

	if (zone >= p->nr_zones || i >= p->zones[zone].nr_maps)
		return CAPSIM_ERR_RANGE;
	m = &p->zones[zone].maps[i];
	full = (struct capsim_cooling_map_info){
		.trip = m->trip,
		.device_path = m->device_path,
		.policy = m->policy >= 0 ? (int)p->policies[m->policy].cpu : -1,
		.lower = m->lower,
		.upper = m->upper,
		.contribution = m->contribution,
	};
	if (m->policy < 0)
		return abi_fill(out, &full, sizeof(full), ABI_V1_COOLING_MAP_INFO);
	/*
	 * THERMAL_NO_LIMIT means the device's own bounds (0 and its highest state); cooling
	 * state k of a cpufreq cooling device is the k-th highest frequency (get_state_freq()).
	 */
	pol = &p->policies[m->policy];
	max_level = pol->nr_opps - 1;
	lo = m->lower == PLATFORM_THERMAL_NO_LIMIT ? 0 : m->lower;
	hi = m->upper == PLATFORM_THERMAL_NO_LIMIT || m->upper > max_level ? max_level : m->upper;
	if (lo > hi)
		lo = hi;
	full.min_state = lo;
	full.max_state = hi;
	full.min_state_khz = pol->opps[max_level - lo].khz;
	full.max_state_khz = pol->opps[max_level - hi].khz;
	return abi_fill(out, &full, sizeof(full), ABI_V1_COOLING_MAP_INFO);
}

unsigned capsim_platform_nr_cooling_states(const capsim_platform *p, unsigned policy)
{
	return policy < p->nr_policies ? platform_cooling_states(&p->policies[policy]) : 0;
}

/* mirrors get_state_freq() (cpufreq_cooling.c): the EM's perf states, else the cpufreq table's */
uint32_t capsim_platform_cooling_state_khz(const capsim_platform *p, unsigned policy,
					   unsigned state)
{
	const struct platform_policy *pol;
	unsigned n = capsim_platform_nr_cooling_states(p, policy), k = 0;

	if (state >= n)
		return 0;
	pol = &p->policies[policy];
	if (pol->em)
		return (uint32_t)pol->em->table[n - 1 - state].frequency;
	/* the state-th highest OPP outside boost (the cooling device's own freq table) */
	for (unsigned i = pol->nr_opps; i-- > 0;)
		if (!pol->opps[i].turbo && k++ == state)
			return pol->opps[i].khz;
	return 0;
}

unsigned capsim_platform_nr_sched_domains(const capsim_platform *p)
{
	return p->sd ? p->sd->nr_domains : 0;
}

int capsim_platform_get_sched_domain(const capsim_platform *p, unsigned i,
				     struct capsim_sched_domain_info *out)
{
	const struct sd_domain *d;

	if (i >= capsim_platform_nr_sched_domains(p))
		return CAPSIM_ERR_RANGE;
	d = &p->sd->domains[i];
	const struct capsim_sched_domain_info full = {
		.level = sd_level_name(d->level),
		.span = d->span,
		.flags = d->flags,
		.nr_groups = d->nr_groups,
	};

	return abi_fill(out, &full, sizeof(full), ABI_V1_SCHED_DOMAIN_INFO);
}

int capsim_platform_get_sched_group(const capsim_platform *p, unsigned i, unsigned g,
				    capsim_cpumask *out)
{
	if (i >= capsim_platform_nr_sched_domains(p) || g >= p->sd->domains[i].nr_groups)
		return CAPSIM_ERR_RANGE;
	*out = p->sd->groups[p->sd->domains[i].first_group + g];
	return 0;
}

unsigned capsim_platform_nr_idle_states(const capsim_platform *p, unsigned cpu)
{
	return cpu < p->nr_cpus ? p->cpus[cpu].nr_idle : 0;
}

int capsim_platform_get_idle_state(const capsim_platform *p, unsigned cpu, unsigned i,
				   struct capsim_idle_state_info *out)
{
	const struct platform_idle_state *st;

	if (i >= capsim_platform_nr_idle_states(p, cpu))
		return CAPSIM_ERR_RANGE;
	st = &p->cpus[cpu].idle[i];
	const struct capsim_idle_state_info full = {
		.name = st->name,
		.node = st->node_path,
		.entry_us = st->entry_us,
		.exit_us = st->exit_us,
		.residency_us = st->residency_us,
		.wakeup_us = st->wakeup_us,
		.timer_stop = st->timer_stop,
		.cluster = st->cluster,
		.domain = st->domain,
		.cpuidle_index = platform_cpuidle_index(p, cpu, i + 1),
	};

	return abi_fill(out, &full, sizeof(full), ABI_V1_IDLE_STATE_INFO);
}

const char *capsim_sd_flag_name(unsigned bit)
{
	return sd_flag_name(bit);
}
