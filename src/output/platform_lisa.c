// SPDX-License-Identifier: MIT
/*
 * platform_lisa.c - a capsim platform written as LISA's platform description (the
 * `platform-info: conf:` YAML of lisa.platforms.platinfo.PlatformInfo), so capsim's boards load
 * in LISA and back in capsim (src/input/lisa_yaml.c reads it): `abi`, `cpu-capacities: orig:`,
 * `cpus-count`, `freq-domains` (the cpufreq policies), `freqs` (each CPU's OPPs, kHz), `name`,
 * and, for policies with an energy model, `nrg-model`: a lisa.energy_model.EnergyModel whose CPU
 * nodes carry the EM perf states as active states (frequency -> ActiveState(capacity, power in
 * mW)), tagged as LISA pickles them. What capsim has and LISA's PlatformInfo has no key for
 * (topology, idle states, voltages and driver timings, thermal zones, DT paths) goes under the
 * top-level key `capsim:`, beside `platform-info:`: LISA's loader (MultiSrcConfABC.from_yaml_map()
 * in lisa/conf.py) takes only the nested key its STRUCTURE names, `platform-info`, so LISA
 * ignores it, and capsim's reader (lisa_yaml.c) puts it back. libyaml's emitter does the quoting.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <yaml.h>

#include "internal.h"
#include "model/platform.h"

#define TAG_EM "tag:yaml.org,2002:python/object:lisa.energy_model.EnergyModel"
#define TAG_NODE "tag:yaml.org,2002:python/object:lisa.energy_model.EnergyModelNode"
#define TAG_STATE "tag:yaml.org,2002:python/object/new:lisa.energy_model.ActiveState"
#define TAG_OMAP "tag:yaml.org,2002:omap"
#define TAG_TUPLE "tag:yaml.org,2002:python/tuple"

struct em {
	yaml_emitter_t e;
	int failed;
};

/* Each helper emits one event; after a failure they do nothing (checked once at the end). */
static void emit(struct em *m, yaml_event_t *ev, int ok)
{
	if (m->failed || !ok || !yaml_emitter_emit(&m->e, ev))
		m->failed = 1;
}

static void str(struct em *m, const char *s)
{
	yaml_event_t ev;

	emit(m, &ev, yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s, (int)strlen(s),
						  1, 1, YAML_ANY_SCALAR_STYLE));
}

static void num(struct em *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void num(struct em *m, const char *fmt, ...)
{
	char buf[64];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	str(m, buf);
}

static void map_start(struct em *m, const char *tag, int flow)
{
	yaml_event_t ev;

	emit(m, &ev, yaml_mapping_start_event_initialize(&ev, NULL, (yaml_char_t *)tag, !tag,
		     flow ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE));
}

static void map_end(struct em *m)
{
	yaml_event_t ev;

	emit(m, &ev, yaml_mapping_end_event_initialize(&ev));
}

static void seq_start(struct em *m, const char *tag, int flow)
{
	yaml_event_t ev;

	emit(m, &ev, yaml_sequence_start_event_initialize(&ev, NULL, (yaml_char_t *)tag, !tag,
		     flow ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE));
}

static void seq_end(struct em *m)
{
	yaml_event_t ev;

	emit(m, &ev, yaml_sequence_end_event_initialize(&ev));
}

/* The CPUs of @mask as a flow sequence, optionally tagged (a Python tuple). */
static void cpu_list(struct em *m, const capsim_cpumask *mask, const char *tag)
{
	seq_start(m, tag, 1);
	for (unsigned c = 0; c < CAPSIM_MAX_CPUS; c++)
		if (capsim_cpumask_test(mask, c))
			num(m, "%u", c);
	seq_end(m);
}

/* nrg-model: one EnergyModelNode per CPU of a policy with an EM, its perf states as active states. */
static void write_em(struct em *m, const capsim_platform *p, const struct capsim_platform_info *pi)
{
	map_start(m, TAG_EM, 0);
	str(m, "cpu_nodes");
	seq_start(m, NULL, 0);
	for (unsigned cpu = 0; cpu < pi->nr_cpus; cpu++) {
		struct capsim_policy_info pol = CAPSIM_SIZED(struct capsim_policy_info);
		struct capsim_cpu_info ci = CAPSIM_SIZED(struct capsim_cpu_info);
		char name[32];

		if (capsim_platform_get_cpu(p, cpu, &ci) || ci.policy_index < 0 ||
		    capsim_platform_get_policy(p, (unsigned)ci.policy_index, &pol) ||
		    !pol.energy_model)
			continue;
		map_start(m, TAG_NODE, 0);
		str(m, "active_states");
		seq_start(m, TAG_OMAP, 0);
		for (unsigned i = 0; i < pol.nr_opps; i++) {
			struct capsim_opp_info o = CAPSIM_SIZED(struct capsim_opp_info);

			if (capsim_platform_get_opp(p, (unsigned)ci.policy_index, i, &o) || !o.has_em)
				continue;
			map_start(m, NULL, 0);
			num(m, "%" PRIu32, o.khz);
			seq_start(m, TAG_STATE, 1);
			num(m, "%" PRIu64, o.em_perf);
			/* mW with the µW kept exactly: the reader takes llround(mW * 1000) */
			num(m, "%" PRIu64 ".%03" PRIu64, o.em_power_uw / 1000, o.em_power_uw % 1000);
			seq_end(m);
			map_end(m);
		}
		seq_end(m);
		str(m, "cpu");
		num(m, "%u", cpu);
		str(m, "cpus");
		cpu_list(m, &pol.cpus, TAG_TUPLE);
		snprintf(name, sizeof(name), "cpu%u", cpu);
		str(m, "name");
		str(m, name);
		map_end(m);
	}
	seq_end(m);
	map_end(m);
}

/* A string, always double-quoted: LISA's YAML loader must not take "1" or "true" for a number. */
static void qstr(struct em *m, const char *s)
{
	yaml_event_t ev;

	emit(m, &ev, yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s, (int)strlen(s),
						  1, 1, YAML_DOUBLE_QUOTED_SCALAR_STYLE));
}

static void key_str(struct em *m, const char *k, const char *v)
{
	str(m, k);
	qstr(m, v);
}

static void key_int(struct em *m, const char *k, long long v)
{
	str(m, k);
	num(m, "%lld", v);
}

static void key_bool(struct em *m, const char *k, bool v)
{
	str(m, k);
	str(m, v ? "true" : "false");
}

/* capsim.cpus[]: topology, raw capacity, the core, idle states and their power. */
static void write_capsim_cpu(struct em *m, const struct platform_cpu *c, unsigned cpu)
{
	map_start(m, NULL, 0);
	key_int(m, "cpu", cpu);
	key_str(m, "node", c->node_path);
	key_int(m, "cluster", c->cluster);
	key_int(m, "core", c->core);
	key_int(m, "thread", c->thread);
	key_int(m, "package_id", c->package_id);
	key_int(m, "cluster_id", c->cluster_id);
	key_int(m, "llc", c->llc);
	key_int(m, "capacity_dmips_mhz", c->capacity_dmips_mhz);
	key_str(m, "compatible", c->compatible);
	key_bool(m, "amu", c->amu_fie);
	key_int(m, "idle_domain", c->idle_domain);
	str(m, "idle_states");
	seq_start(m, NULL, 0);
	for (unsigned i = 0; i < c->nr_idle; i++) {
		const struct platform_idle_state *s = &c->idle[i];

		map_start(m, NULL, 1);
		key_str(m, "name", s->name);
		key_str(m, "node", s->node_path);
		key_int(m, "entry_us", s->entry_us);
		key_int(m, "exit_us", s->exit_us);
		key_int(m, "residency_us", s->residency_us);
		key_int(m, "wakeup_us", s->wakeup_us);
		key_bool(m, "timer_stop", s->timer_stop);
		key_bool(m, "cluster", s->cluster);
		key_bool(m, "domain", s->domain);
		map_end(m);
	}
	seq_end(m);
	if (c->has_idle_power) {
		str(m, "idle_power_uw");
		seq_start(m, NULL, 1);
		for (unsigned i = 0; i <= c->nr_idle; i++)
			num(m, "%" PRIu32, c->idle_power_uw[i]);
		seq_end(m);
	}
	map_end(m);
}

/* capsim.policies[]: the driver and its timings, and each OPP as the DT or JSON gave it. */
static void write_capsim_policy(struct em *m, const struct platform_policy *pol)
{
	map_start(m, NULL, 0);
	key_int(m, "cpu", pol->cpu);
	key_str(m, "opp_table", pol->opp_table_path);
	key_bool(m, "boost_enabled", pol->boost_enabled);
	key_int(m, "dynamic_power_coefficient", pol->dynamic_power_coefficient);
	key_str(m, "cpufreq_driver", platform_cpufreq_driver_name(pol->driver));
	key_bool(m, "cpufreq_driver_given", pol->driver_given);
	key_int(m, "transition_latency_ns", pol->transition_latency_ns);
	key_int(m, "clock_latency_ns", pol->clock_latency_ns);
	key_bool(m, "clock_firmware", pol->clock_firmware);
	key_int(m, "transition_delay_us", pol->transition_delay_us);
	key_bool(m, "fast_switch", pol->fast_switch);
	str(m, "cpu_supply");
	map_start(m, NULL, 1);
	key_bool(m, "present", pol->supply.present);
	key_int(m, "ramp_delay", pol->supply.ramp_delay);
	key_int(m, "settling_time_us", pol->supply.settling_time_us);
	key_int(m, "settling_time_up_us", pol->supply.settling_time_up_us);
	key_int(m, "settling_time_down_us", pol->supply.settling_time_down_us);
	map_end(m);
	str(m, "opps");
	seq_start(m, NULL, 0);
	for (unsigned i = 0; i < pol->nr_opps; i++) {
		const struct platform_opp *o = &pol->opps[i];

		map_start(m, NULL, 1);
		key_int(m, "hz", (long long)o->hz);
		key_int(m, "uv", o->uv);
		key_int(m, "uv_min", o->uv_min);
		key_int(m, "uv_max", o->uv_max);
		key_int(m, "uw", o->uw);
		key_bool(m, "turbo", o->turbo);
		key_bool(m, "suspend", o->suspend);
		map_end(m);
	}
	seq_end(m);
	map_end(m);
}

/* capsim.thermal_zones[]: each zone with its trips and cooling maps (trip by index). */
static void write_capsim_zone(struct em *m, const struct platform_thermal_zone *z)
{
	map_start(m, NULL, 0);
	key_str(m, "name", z->name);
	key_int(m, "polling_delay_ms", z->polling_delay_ms);
	key_int(m, "polling_delay_passive_ms", z->polling_delay_passive_ms);
	key_int(m, "sustainable_power_mw", z->sustainable_power_mw);
	str(m, "trips");
	seq_start(m, NULL, 0);
	for (unsigned i = 0; i < z->nr_trips; i++) {
		map_start(m, NULL, 1);
		key_str(m, "name", z->trips[i].name);
		key_str(m, "type", platform_trip_type_name(z->trips[i].type));
		key_int(m, "temperature_mc", z->trips[i].temperature_mc);
		key_int(m, "hysteresis_mc", z->trips[i].hysteresis_mc);
		map_end(m);
	}
	seq_end(m);
	str(m, "cooling_maps");
	seq_start(m, NULL, 0);
	for (unsigned i = 0; i < z->nr_maps; i++) {
		const struct platform_cooling_map *c = &z->maps[i];

		map_start(m, NULL, 1);
		key_int(m, "trip", c->trip);
		key_int(m, "policy", c->policy);
		key_str(m, "device", c->device_path);
		key_int(m, "lower", c->lower);
		key_int(m, "upper", c->upper);
		key_int(m, "contribution", c->contribution);
		map_end(m);
	}
	seq_end(m);
	map_end(m);
}

/* The top-level `capsim:` mapping: what PlatformInfo has no key for (docs/formats.md). */
static void write_capsim(struct em *m, const struct capsim_platform *p)
{
	str(m, "capsim");
	map_start(m, NULL, 0);
	key_str(m, "model", p->model);
	key_str(m, "description", p->description);
	key_int(m, "freq_ref_fallback", p->fallback);
	key_int(m, "capacity_source", p->capacity_source);
	key_bool(m, "dmips_unused", p->dmips_unused);
	key_int(m, "freq_invariance", p->fie);
	key_bool(m, "freq_invariance_given", p->fie_origin == PLATFORM_FIE_FROM_JSON);
	str(m, "cpus");
	seq_start(m, NULL, 0);
	for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++)
		write_capsim_cpu(m, &p->cpus[cpu], cpu);
	seq_end(m);
	str(m, "policies");
	seq_start(m, NULL, 0);
	for (unsigned i = 0; i < p->nr_policies; i++)
		write_capsim_policy(m, &p->policies[i]);
	seq_end(m);
	str(m, "thermal_zones");
	seq_start(m, NULL, 0);
	for (unsigned i = 0; i < p->nr_zones; i++)
		write_capsim_zone(m, &p->zones[i]);
	seq_end(m);
	map_end(m);
}

int capsim_platform_write_lisa(const capsim_platform *p, FILE *fp)
{
	static const char *const abi[] = { "arm64", "armeabi", "x86_64" };
	struct capsim_platform_info pi = CAPSIM_SIZED(struct capsim_platform_info);
	struct em m = { .failed = 0 };
	yaml_event_t ev;
	bool any_em = false;

	capsim_platform_get_info(p, &pi);
	if (!yaml_emitter_initialize(&m.e))
		return CAPSIM_ERR_NOMEM;
	yaml_emitter_set_output_file(&m.e, fp);
	yaml_emitter_set_unicode(&m.e, 1);
	emit(&m, &ev, yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING));
	emit(&m, &ev, yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1));
	map_start(&m, NULL, 0);
	str(&m, "platform-info");
	map_start(&m, NULL, 0);
	str(&m, "conf");
	map_start(&m, NULL, 0);
	str(&m, "abi");
	str(&m, abi[pi.arch <= CAPSIM_ARCH_X86 ? pi.arch : 0]);
	str(&m, "cpu-capacities");
	map_start(&m, NULL, 0);
	str(&m, "orig");
	map_start(&m, NULL, 0);
	for (unsigned cpu = 0; cpu < pi.nr_cpus; cpu++) {
		struct capsim_cpu_info ci = CAPSIM_SIZED(struct capsim_cpu_info);

		capsim_platform_get_cpu(p, cpu, &ci);
		num(&m, "%u", cpu);
		num(&m, "%" PRIu64, ci.capacity_orig);
	}
	map_end(&m);
	map_end(&m);
	str(&m, "cpus-count");
	num(&m, "%u", pi.nr_cpus);
	str(&m, "freq-domains");
	seq_start(&m, NULL, 0);
	for (unsigned i = 0; i < pi.nr_policies; i++) {
		struct capsim_policy_info pol = CAPSIM_SIZED(struct capsim_policy_info);

		capsim_platform_get_policy(p, i, &pol);
		cpu_list(&m, &pol.cpus, NULL);
		any_em |= pol.energy_model;
	}
	seq_end(&m);
	str(&m, "freqs");
	map_start(&m, NULL, 0);
	for (unsigned cpu = 0; cpu < pi.nr_cpus; cpu++) {
		struct capsim_policy_info pol = CAPSIM_SIZED(struct capsim_policy_info);
		struct capsim_cpu_info ci = CAPSIM_SIZED(struct capsim_cpu_info);

		capsim_platform_get_cpu(p, cpu, &ci);
		if (ci.policy_index < 0)
			continue;
		capsim_platform_get_policy(p, (unsigned)ci.policy_index, &pol);
		num(&m, "%u", cpu);
		seq_start(&m, NULL, 1);
		for (unsigned i = 0; i < pol.nr_opps; i++) {
			struct capsim_opp_info o = CAPSIM_SIZED(struct capsim_opp_info);

			capsim_platform_get_opp(p, (unsigned)ci.policy_index, i, &o);
			num(&m, "%" PRIu32, o.khz);
		}
		seq_end(&m);
	}
	map_end(&m);
	str(&m, "name");
	str(&m, pi.name);
	if (any_em) {
		str(&m, "nrg-model");
		write_em(&m, p, &pi);
	}
	map_end(&m);
	map_end(&m);
	write_capsim(&m, p);
	map_end(&m);
	emit(&m, &ev, yaml_document_end_event_initialize(&ev, 1));
	emit(&m, &ev, yaml_stream_end_event_initialize(&ev));
	if (!m.failed && !yaml_emitter_flush(&m.e))
		m.failed = 1;
	yaml_emitter_delete(&m.e);
	return m.failed || ferror(fp) ? CAPSIM_ERR_IO : 0;
}
