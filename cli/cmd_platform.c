// SPDX-License-Identifier: MIT
/*
 * cmd_platform.c - `capsim platform list` and `capsim platform show`: the shipped boards, and
 * what the kernel would build from a platform at boot: CPUs with their clusters, policies,
 * capacity-dmips-mhz, original capacity (cpu_scale) and frequency reference
 * (capacity_freq_ref); per policy its OPPs with the energy model (power, perf, cost,
 * efficiency); the thermal zones with trips and cooling maps. The model is in src/ (platform.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_platform.h"
#include "input/platform_load.h"

static const char usage[] =
	"usage: capsim platform list\n"
	"       capsim platform show PLATFORM [--overlay FILE]... [--json]\n"
	"\n"
	"list: the shipped platforms (data/platforms, or $CAPSIM_DATA_DIR/platforms), one line each.\n"
	"show: what the kernel builds from PLATFORM at boot:\n"
	"  - per CPU: cluster (cpu-map), cpufreq policy, capacity-dmips-mhz, original capacity\n"
	"    (arch_scale_cpu_capacity, topology_normalize_cpu_scale) and frequency reference\n"
	"    (arch_scale_freq_ref = capacity_freq_ref = the policy's cpuinfo.max_freq);\n"
	"  - per policy: its OPPs (kHz, uV) with the energy model when there is one: power (uW,\n"
	"    dev_pm_opp_calc_power), perf (cap * f / fmax), cost (10 * power / perf, v6.9+) and\n"
	"    whether the OPP is efficient (em_compute_costs);\n"
	"  - thermal zones: polling delays, sustainable power, trips, cooling maps (a cpufreq\n"
	"    cooling state k is the k-th highest frequency of its policy);\n"
	"  - notes: what the kernel would log (fallbacks, missing energy model: no EAS).\n"
	"\n"
	"PLATFORM is a shipped name (rk3399, hikey960, ...), a device tree (.dtb, a copy of\n"
	"/sys/firmware/fdt, or a .dts compiled with dtc) or a capsim platform JSON file.\n"
	"\n"
	"options:\n"
	"  --overlay FILE   apply a platform JSON overlay (add an EM, fix an OPP); repeatable\n"
	"  --json           one JSON document instead of tables\n"
	"  -h, --help       this help\n"
	"\n"
	"examples:\n"
	"  capsim platform list\n"
	"  capsim platform show rk3399\n"
	"  capsim platform show hikey960 --json\n"
	"  capsim platform show board.dtb --overlay board-em.json\n"
	"\n"
	"Exit status: 0 success, 1 bad input file, 2 bad usage, 3 internal error.\n";

/* --- list ------------------------------------------------------------------------------------ */

static void capacities_text(const struct capsim_platform *p, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned cpu = 0; cpu < p->nr_cpus && n + 8 < size; cpu++) {
		if (cpu && p->cpus[cpu].capacity_orig == p->cpus[cpu - 1].capacity_orig)
			continue;
		n += (size_t)snprintf(buf + n, size - n, "%s%llu", n ? "/" : "",
				      (unsigned long long)p->cpus[cpu].capacity_orig);
	}
}

static int cmd_list(void)
{
	capsim_error err = { 0 };
	char **names;
	int n = platform_list(&names, &err), ret = 0;

	if (n < 0)
		return cli_fail(&err);
	printf("%-12s %4s %-16s %8s %-4s %s\n", "NAME", "CPUS", "CAPACITIES", "POLICIES", "EAS", "MODEL");
	for (int i = 0; i < n; i++) {
		struct capsim_platform *p;
		char caps[64];

		if (!ret && platform_load(names[i], NULL, 0, &p, &err) == 0) {
			capacities_text(p, caps, sizeof(caps));
			printf("%-12s %4u %-16s %8u %-4s %s\n", names[i], p->nr_cpus, caps,
			       p->nr_policies, platform_has_em(p) ? "yes" : "no", p->model);
			platform_free(p);
		} else if (!ret) {
			ret = cli_fail(&err);
		}
		free(names[i]);
	}
	free(names);
	return ret;
}

/* --- show: tables ---------------------------------------------------------------------------- */

static const char *capacity_source_text(const struct capsim_platform *p)
{
	switch (p->capacity_source) {
	case PLATFORM_CAPACITY_NORMALIZED:
		return "capacity-dmips-mhz x capacity_freq_ref, normalized to 1024 "
		       "(topology_normalize_cpu_scale)";
	case PLATFORM_CAPACITY_DEFAULT:
		return "1024 for every CPU (no usable capacity-dmips-mhz)";
	default:
		return "given by the platform file";
	}
}

static void show_cpus(const struct capsim_platform *p)
{
	printf("\n%3s %7s %6s %9s %8s %12s  %s\n", "CPU", "CLUSTER", "POLICY", "DMIPS/MHZ",
	       "CAPACITY", "FREQ_REF_KHZ", "NODE");
	for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++) {
		const struct platform_cpu *c = &p->cpus[cpu];
		char cluster[16] = "-", policy[16] = "-", dmips[16] = "-";

		if (c->cluster >= 0)
			snprintf(cluster, sizeof(cluster), "%d", c->cluster);
		if (c->policy >= 0)
			snprintf(policy, sizeof(policy), "%u", p->policies[c->policy].cpu);
		if (c->capacity_dmips_mhz)
			snprintf(dmips, sizeof(dmips), "%u", c->capacity_dmips_mhz);
		printf("%3u %7s %6s %9s %8llu %12u  %s\n", cpu, cluster, policy, dmips,
		       (unsigned long long)c->capacity_orig, c->freq_ref_khz, c->node_path);
	}
}

/* The EM state of an OPP, or NULL. */
static const struct em_perf_state *em_state(const struct platform_policy *pol, uint32_t khz)
{
	for (unsigned i = 0; pol->em && i < pol->em->nr_perf_states; i++)
		if (pol->em->table[i].frequency == khz)
			return &pol->em->table[i];
	return NULL;
}

static void show_policy(const struct capsim_platform *p, const struct platform_policy *pol)
{
	char cpus[128];

	capsim_format_cpulist(&pol->related_cpus, cpus, sizeof(cpus));
	printf("\npolicy%u: CPUs %s, cpuinfo %u..%u kHz, %u OPPs from %s\n", pol->cpu, cpus,
	       pol->cpuinfo_min_khz, pol->cpuinfo_max_khz, pol->nr_opps, pol->opp_table_path);
	if (pol->em && pol->opps[0].uw)
		printf("  energy model: opp-microwatt, v6.9+ costs%s\n",
		       pol->em->flags & EM_PERF_DOMAIN_SKIP_INEFFICIENCIES ? ", skips inefficient OPPs" : "");
	else if (pol->em)
		printf("  energy model: dynamic-power-coefficient %u, v6.9+ costs%s\n",
		       pol->dynamic_power_coefficient,
		       pol->em->flags & EM_PERF_DOMAIN_SKIP_INEFFICIENCIES ? ", skips inefficient OPPs" : "");
	else
		printf("  energy model: none\n");
	printf("  %10s %9s %10s %5s %7s %9s  %s\n", "KHZ", "UV", "POWER_UW", "PERF", "COST",
	       "EFFICIENT", "FLAGS");
	for (unsigned i = 0; i < pol->nr_opps; i++) {
		const struct platform_opp *o = &pol->opps[i];
		const struct em_perf_state *s = em_state(pol, o->khz);

		printf("  %10u %9u", o->khz, o->uv);
		if (s)
			printf(" %10llu %5llu %7llu %9s", (unsigned long long)s->power,
			       (unsigned long long)s->performance, (unsigned long long)s->cost,
			       s->flags & EM_PERF_STATE_INEFFICIENT ? "no" : "yes");
		else
			printf(" %10s %5s %7s %9s", "-", "-", "-", "-");
		printf("  %s%s%s\n", o->turbo ? "turbo " : "", o->suspend ? "suspend " : "",
		       o->khz == pol->cpuinfo_max_khz ? "freq_ref" : "");
	}
}

/* "states 0..4 = 1800000..1008000 kHz" for a cpufreq cooling device */
static void cooling_text(const struct capsim_platform *p, const struct platform_cooling_map *m,
			 char *buf, size_t size)
{
	const struct platform_policy *pol;
	uint32_t max_level, lo, hi;

	if (m->policy < 0) {
		snprintf(buf, size, "%s (not a cpufreq cooling device)", m->device_path);
		return;
	}
	pol = &p->policies[m->policy];
	max_level = pol->nr_opps - 1;
	lo = m->lower == PLATFORM_THERMAL_NO_LIMIT ? 0 : m->lower;
	hi = m->upper == PLATFORM_THERMAL_NO_LIMIT || m->upper > max_level ? max_level : m->upper;
	if (lo > hi)
		lo = hi;
	snprintf(buf, size, "policy%u states %u..%u = %u..%u kHz", pol->cpu, lo, hi,
		 pol->opps[max_level - lo].khz, pol->opps[max_level - hi].khz);
}

static void show_zone(const struct capsim_platform *p, const struct platform_thermal_zone *z)
{
	printf("\nthermal zone %s: polling %u ms, passive polling %u ms", z->name,
	       z->polling_delay_ms, z->polling_delay_passive_ms);
	if (z->sustainable_power_mw)
		printf(", sustainable power %u mW", z->sustainable_power_mw);
	printf("\n");
	for (unsigned i = 0; i < z->nr_trips; i++)
		printf("  trip %-20s %-8s %8d mC  hysteresis %d mC\n", z->trips[i].name,
		       platform_trip_type_name(z->trips[i].type), z->trips[i].temperature_mc,
		       z->trips[i].hysteresis_mc);
	for (unsigned i = 0; i < z->nr_maps; i++) {
		char dev[PLATFORM_PATH_MAX + 64];

		cooling_text(p, &z->maps[i], dev, sizeof(dev));
		printf("  map  %-20s -> %s, contribution %u\n", z->trips[z->maps[i].trip].name, dev,
		       z->maps[i].contribution);
	}
}

static void show_text(const struct capsim_platform *p)
{
	printf("platform %s%s%s%s\n", p->name, p->model[0] ? " (" : "", p->model,
	       p->model[0] ? ")" : "");
	printf("source: %s\n", p->source);
	printf("arch: %s (%s)\n", cli_arch_name(p->arch),
	       p->arch == PLATFORM_ARCH_X86
		       ? p->fallback == PLATFORM_FALLBACK_CPUINFO_MAX
				 ? "no arch_scale_freq_ref; cpufreq pressure falls back to cpuinfo.max_freq"
				 : "no arch_scale_freq_ref: cpufreq pressure is 0 (6.10..6.12.100)"
		       : "arch_scale_freq_ref = capacity_freq_ref");
	printf("capacities: %s\n", capacity_source_text(p));
	printf("energy model: %s\n", platform_has_em(p)
		       ? "on every CPU (EAS can run if capacities are asymmetric)"
		       : "not on every CPU: the platform runs without EAS");
	show_cpus(p);
	for (unsigned i = 0; i < p->nr_policies; i++)
		show_policy(p, &p->policies[i]);
	for (unsigned i = 0; i < p->nr_zones; i++)
		show_zone(p, &p->zones[i]);
	if (p->nr_notes)
		printf("\nnotes:\n");
	for (unsigned i = 0; i < p->nr_notes; i++)
		printf("  - %s\n", p->notes[i]);
}

/* --- show: JSON ------------------------------------------------------------------------------ */

static json_object *json_u64(uint64_t v)
{
	return json_object_new_int64((int64_t)v);
}

static json_object *json_cpus(const struct capsim_platform *p)
{
	json_object *a = json_object_new_array();

	for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++) {
		const struct platform_cpu *c = &p->cpus[cpu];
		json_object *o = json_object_new_object();

		json_object_object_add(o, "cpu", json_object_new_int((int)cpu));
		json_object_object_add(o, "cluster", c->cluster >= 0 ? json_object_new_int(c->cluster) : NULL);
		json_object_object_add(o, "policy", c->policy >= 0
				       ? json_object_new_int((int)p->policies[c->policy].cpu) : NULL);
		json_object_object_add(o, "capacity_dmips_mhz", c->capacity_dmips_mhz
				       ? json_u64(c->capacity_dmips_mhz) : NULL);
		json_object_object_add(o, "capacity_orig", json_u64(c->capacity_orig));
		json_object_object_add(o, "freq_ref_khz", json_u64(c->freq_ref_khz));
		json_object_object_add(o, "node", json_object_new_string(c->node_path));
		json_object_array_add(a, o);
	}
	return a;
}

static json_object *json_opps(const struct platform_policy *pol)
{
	json_object *a = json_object_new_array();

	for (unsigned i = 0; i < pol->nr_opps; i++) {
		const struct platform_opp *o = &pol->opps[i];
		const struct em_perf_state *s = em_state(pol, o->khz);
		json_object *j = json_object_new_object();

		json_object_object_add(j, "khz", json_u64(o->khz));
		json_object_object_add(j, "uv", o->uv ? json_u64(o->uv) : NULL);
		json_object_object_add(j, "power_uw", s ? json_u64(s->power) : NULL);
		json_object_object_add(j, "perf", s ? json_u64(s->performance) : NULL);
		json_object_object_add(j, "cost", s ? json_u64(s->cost) : NULL);
		json_object_object_add(j, "efficient", s ? json_object_new_boolean(
			!(s->flags & EM_PERF_STATE_INEFFICIENT)) : NULL);
		json_object_object_add(j, "turbo", json_object_new_boolean(o->turbo));
		json_object_array_add(a, j);
	}
	return a;
}

static json_object *json_policies(const struct capsim_platform *p)
{
	json_object *a = json_object_new_array();

	for (unsigned i = 0; i < p->nr_policies; i++) {
		const struct platform_policy *pol = &p->policies[i];
		json_object *o = json_object_new_object();

		json_object_object_add(o, "policy", json_object_new_int((int)pol->cpu));
		json_object_object_add(o, "cpus", cli_json_cpus(&pol->related_cpus));
		json_object_object_add(o, "cpuinfo_min_khz", json_u64(pol->cpuinfo_min_khz));
		json_object_object_add(o, "cpuinfo_max_khz", json_u64(pol->cpuinfo_max_khz));
		json_object_object_add(o, "dynamic_power_coefficient",
				       pol->dynamic_power_coefficient ? json_u64(pol->dynamic_power_coefficient) : NULL);
		json_object_object_add(o, "energy_model", json_object_new_boolean(pol->em != NULL));
		json_object_object_add(o, "opps", json_opps(pol));
		json_object_array_add(a, o);
	}
	return a;
}

static json_object *json_state_limit(uint32_t v)
{
	return v == PLATFORM_THERMAL_NO_LIMIT ? NULL : json_u64(v);
}

static json_object *json_zone(const struct capsim_platform *p, const struct platform_thermal_zone *z)
{
	json_object *o = json_object_new_object(), *trips = json_object_new_array(),
		    *maps = json_object_new_array();

	json_object_object_add(o, "name", json_object_new_string(z->name));
	json_object_object_add(o, "polling_delay_ms", json_u64(z->polling_delay_ms));
	json_object_object_add(o, "polling_delay_passive_ms", json_u64(z->polling_delay_passive_ms));
	json_object_object_add(o, "sustainable_power_mw", z->sustainable_power_mw
			       ? json_u64(z->sustainable_power_mw) : NULL);
	for (unsigned i = 0; i < z->nr_trips; i++) {
		json_object *t = json_object_new_object();

		json_object_object_add(t, "name", json_object_new_string(z->trips[i].name));
		json_object_object_add(t, "type", json_object_new_string(
			platform_trip_type_name(z->trips[i].type)));
		json_object_object_add(t, "temperature_mc", json_object_new_int(z->trips[i].temperature_mc));
		json_object_object_add(t, "hysteresis_mc", json_object_new_int(z->trips[i].hysteresis_mc));
		json_object_array_add(trips, t);
	}
	for (unsigned i = 0; i < z->nr_maps; i++) {
		const struct platform_cooling_map *m = &z->maps[i];
		json_object *j = json_object_new_object();

		json_object_object_add(j, "trip", json_object_new_string(z->trips[m->trip].name));
		json_object_object_add(j, "device", json_object_new_string(m->device_path));
		json_object_object_add(j, "policy", m->policy >= 0
				       ? json_object_new_int((int)p->policies[m->policy].cpu) : NULL);
		json_object_object_add(j, "lower", json_state_limit(m->lower));
		json_object_object_add(j, "upper", json_state_limit(m->upper));
		json_object_object_add(j, "contribution", json_u64(m->contribution));
		json_object_array_add(maps, j);
	}
	json_object_object_add(o, "trips", trips);
	json_object_object_add(o, "cooling_maps", maps);
	return o;
}

static int show_json(const struct capsim_platform *p)
{
	json_object *doc = json_object_new_object(), *zones = json_object_new_array(),
		    *notes = json_object_new_array();

	json_object_object_add(doc, "platform", json_object_new_string(p->name));
	json_object_object_add(doc, "model", p->model[0] ? json_object_new_string(p->model) : NULL);
	json_object_object_add(doc, "source", json_object_new_string(p->source));
	json_object_object_add(doc, "arch", json_object_new_string(cli_arch_name(p->arch)));
	json_object_object_add(doc, "eas", json_object_new_boolean(platform_has_em(p)));
	json_object_object_add(doc, "cpus", json_cpus(p));
	json_object_object_add(doc, "policies", json_policies(p));
	for (unsigned i = 0; i < p->nr_zones; i++)
		json_object_array_add(zones, json_zone(p, &p->zones[i]));
	json_object_object_add(doc, "thermal_zones", zones);
	for (unsigned i = 0; i < p->nr_notes; i++)
		json_object_array_add(notes, json_object_new_string(p->notes[i]));
	json_object_object_add(doc, "notes", notes);
	return cli_print_json(doc);
}

static int cmd_show(int argc, char **argv)
{
	const char *name = NULL, *overlays[CLI_MAX_OVERLAYS], *val;
	unsigned nr_overlays = 0;
	struct capsim_platform *p;
	int json = 0, missing = 0, ret;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json")) {
			json = 1;
		} else if ((val = cli_opt_value(argc, argv, &i, "--overlay", &missing))) {
			if (nr_overlays == CLI_MAX_OVERLAYS)
				return cli_usage_error("platform", "more than %d overlays", CLI_MAX_OVERLAYS);
			overlays[nr_overlays++] = val;
		} else if (missing) {
			return cli_usage_error("platform", "%s needs a value", argv[i]);
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return cli_usage_error("platform", "unknown option '%s'", argv[i]);
		} else if (name) {
			return cli_usage_error("platform", "one PLATFORM only ('%s' and '%s')", name, argv[i]);
		} else {
			name = argv[i];
		}
	}
	if (!name)
		return cli_usage_error("platform", "show needs a PLATFORM");
	ret = cli_platform_load(name, overlays, nr_overlays, &p);
	if (ret)
		return ret;
	if (json)
		ret = show_json(p);
	else
		show_text(p);
	platform_free(p);
	return ret;
}

int cmd_platform(int argc, char **argv)
{
	if (cli_wants_help(argc, argv)) {
		fputs(usage, stdout);
		return CLI_EXIT_OK;
	}
	if (argc < 2)
		return cli_usage_error("platform", "expected 'list' or 'show PLATFORM'");
	if (!strcmp(argv[1], "list"))
		return argc == 2 ? cmd_list() : cli_usage_error("platform", "list takes no argument");
	if (!strcmp(argv[1], "show"))
		return cmd_show(argc - 1, argv + 1);
	return cli_usage_error("platform", "unknown action '%s' (expected 'list' or 'show')", argv[1]);
}
