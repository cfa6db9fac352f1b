// SPDX-License-Identifier: MIT
/*
 * platform_lisa.c - a capsim platform written as LISA's platform description (the
 * `platform-info: conf:` YAML of lisa.platforms.platinfo.PlatformInfo), so capsim's boards load
 * in LISA and back in capsim (src/input/lisa_yaml.c reads it): `abi`, `cpu-capacities: orig:`,
 * `cpus-count`, `freq-domains` (the cpufreq policies), `freqs` (each CPU's OPPs, kHz), `name`,
 * and, for policies with an energy model, `nrg-model`: a lisa.energy_model.EnergyModel whose CPU
 * nodes carry the EM perf states as active states (frequency -> ActiveState(capacity, power in
 * mW)), tagged as LISA pickles them. What capsim has and LISA's PlatformInfo has no key for
 * (voltages, thermal zones, DT paths) is not written. libyaml's emitter does the quoting.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <yaml.h>

#include "internal.h"

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
		struct capsim_policy_info pol;
		struct capsim_cpu_info ci;
		char name[32];

		if (capsim_platform_get_cpu(p, cpu, &ci) || ci.policy_index < 0 ||
		    capsim_platform_get_policy(p, (unsigned)ci.policy_index, &pol) ||
		    !pol.energy_model)
			continue;
		map_start(m, TAG_NODE, 0);
		str(m, "active_states");
		seq_start(m, TAG_OMAP, 0);
		for (unsigned i = 0; i < pol.nr_opps; i++) {
			struct capsim_opp_info o;

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

int capsim_platform_write_lisa(const capsim_platform *p, FILE *fp)
{
	static const char *const abi[] = { "arm64", "armeabi", "x86_64" };
	struct capsim_platform_info pi;
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
		struct capsim_cpu_info ci;

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
		struct capsim_policy_info pol;

		capsim_platform_get_policy(p, i, &pol);
		cpu_list(&m, &pol.cpus, NULL);
		any_em |= pol.energy_model;
	}
	seq_end(&m);
	str(&m, "freqs");
	map_start(&m, NULL, 0);
	for (unsigned cpu = 0; cpu < pi.nr_cpus; cpu++) {
		struct capsim_policy_info pol;
		struct capsim_cpu_info ci;

		capsim_platform_get_cpu(p, cpu, &ci);
		if (ci.policy_index < 0)
			continue;
		capsim_platform_get_policy(p, (unsigned)ci.policy_index, &pol);
		num(&m, "%u", cpu);
		seq_start(&m, NULL, 1);
		for (unsigned i = 0; i < pol.nr_opps; i++) {
			struct capsim_opp_info o;

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
	map_end(&m);
	emit(&m, &ev, yaml_document_end_event_initialize(&ev, 1));
	emit(&m, &ev, yaml_stream_end_event_initialize(&ev));
	if (!m.failed && !yaml_emitter_flush(&m.e))
		m.failed = 1;
	yaml_emitter_delete(&m.e);
	return m.failed || ferror(fp) ? CAPSIM_ERR_IO : 0;
}
