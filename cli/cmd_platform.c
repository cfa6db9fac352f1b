// SPDX-License-Identifier: MIT
/*
 * cmd_platform.c - `capsim platform list` and `capsim platform show`: the shipped boards, and
 * what the kernel would build from a platform at boot: CPUs with their clusters, policies,
 * capacity-dmips-mhz, original capacity (cpu_scale) and frequency reference
 * (capacity_freq_ref); per policy its OPPs with the energy model (power, perf, cost,
 * efficiency); the thermal zones with trips and cooling maps, as the public API
 * (capsim/capsim_platform.h) shows them.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_platform.h"

static const char head[] =
	"usage: capsim platform list\n"
	"       capsim platform show PLATFORM [--overlay FILE]... [--json | --format F]\n"
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
	"    cooling state k is the k-th highest frequency of its policy) and, with zones, the\n"
	"    cooling devices thermal-cpufreq-N, one per policy, with each state's kHz;\n"
	"  - notes: what the kernel would log (fallbacks, missing energy model: no EAS).\n"
	"\n"
	"PLATFORM is a shipped name (rk3399, hikey960, ...), a device tree (.dtb, a copy of\n"
	"/sys/firmware/fdt, or a .dts compiled with dtc), a capsim platform JSON file or a LISA\n"
	"PlatformInfo YAML (.yml/.yaml: cpu-capacities, freq-domains, freqs, nrg-model).\n"
	"\n"
	"options:\n";

static const char tail[] =
	"\n"
	"examples:\n"
	"  capsim platform list\n"
	"  capsim platform show rk3399\n"
	"  capsim platform show hikey960 --json\n"
	"  capsim platform show data/platforms/rb5.dtb --overlay tests/data/platforms/rb5-em-overlay.json\n"
	"  capsim platform show rk3399 --format lisa > rk3399.plat_info.yml\n"
	"\n"
	"Exit status: 0 success, 1 bad input file, 2 bad usage, 3 internal error.\n";

#define MAX_OVERLAYS 16

struct show_opts {
	struct cli_value platform, json, format, help;
	struct cli_list overlays;
};

/* --format's names */
enum { FORMAT_TEXT, FORMAT_JSON, FORMAT_LISA };
#define FORMATS "text json lisa"

#define SHOW(field) offsetof(struct show_opts, field)
static const struct cli_option options[] = {
	{ "PLATFORM", 0, "PLATFORM", CLI_PLATFORM, .offset = SHOW(platform) },
	{ "--overlay", 0, "FILE", CLI_FILE, .max = MAX_OVERLAYS, .offset = SHOW(overlays),
	  .repeat = 1, .help = "apply a platform JSON overlay (add an EM, fix an OPP); repeatable" },
	{ "--json", 0, NULL, CLI_FLAG, .offset = SHOW(json),
	  .help = "one JSON document instead of tables (= --format json)" },
	{ "--format", 0, "F", CLI_CHOICE, .values = FORMATS, .def = "text", .offset = SHOW(format),
	  .help = "text (default), json, or lisa: a LISA PlatformInfo YAML that LISA\n"
		  "and capsim (PLATFORM.yml) load" },
	{ "--help", 'h', NULL, CLI_FLAG, .offset = SHOW(help), .help = "this help" },
};

const struct cli_command cli_platform = {
	CLI_OPTIONS("platform", options), .head = head, .tail = tail, .column = 19,
};

/* --- list ------------------------------------------------------------------------------------ */

/* "384/1024": the capacities, each run of equal neighbours once */
static void capacities_text(const capsim_platform *p, unsigned nr_cpus, char *buf, size_t size)
{
	uint64_t prev = 0;
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned cpu = 0; cpu < nr_cpus && n + 8 < size; cpu++) {
		struct capsim_cpu_info c = CAPSIM_SIZED(struct capsim_cpu_info);

		capsim_platform_get_cpu(p, cpu, &c);
		if (cpu && c.capacity_orig == prev)
			continue;
		prev = c.capacity_orig;
		n += (size_t)snprintf(buf + n, size - n, "%s%llu", n ? "/" : "",
				      (unsigned long long)c.capacity_orig);
	}
}

static int cmd_list(void)
{
	capsim_error err = { 0 };
	char **names;
	int n = capsim_platform_list(&names, &err), ret = 0;

	if (n < 0)
		return cli_fail(&err);
	printf("%-12s %4s %-16s %8s %-4s %s\n", "NAME", "CPUS", "CAPACITIES", "POLICIES", "EAS", "MODEL");
	for (int i = 0; i < n && !ret; i++) {
		struct capsim_platform_info info = CAPSIM_SIZED(struct capsim_platform_info);
		capsim_platform *p;
		char caps[64];

		if (capsim_platform_load(names[i], NULL, 0, &p, &err)) {
			ret = cli_fail(&err);
			break;
		}
		capsim_platform_get_info(p, &info);
		capacities_text(p, info.nr_cpus, caps, sizeof(caps));
		printf("%-12s %4u %-16s %8u %-4s %s\n", names[i], info.nr_cpus, caps,
		       info.nr_policies, info.eas ? "yes" : "no", info.model);
		capsim_platform_free(p);
	}
	capsim_platform_list_free(names);
	return ret;
}

/* --- show: tables ---------------------------------------------------------------------------- */

static const char *capacity_source_text(enum capsim_capacity_source source)
{
	switch (source) {
	case CAPSIM_CAPACITY_NORMALIZED:
		return "capacity-dmips-mhz x capacity_freq_ref, normalized to 1024 "
		       "(topology_normalize_cpu_scale)";
	case CAPSIM_CAPACITY_DEFAULT:
		return "1024 for every CPU (no usable capacity-dmips-mhz)";
	default:
		return "given by the platform file";
	}
}

static void show_cpus(const capsim_platform *p, unsigned nr_cpus)
{
	printf("\n%3s %7s %6s %9s %8s %12s  %s\n", "CPU", "CLUSTER", "POLICY", "DMIPS/MHZ",
	       "CAPACITY", "FREQ_REF_KHZ", "NODE");
	for (unsigned cpu = 0; cpu < nr_cpus; cpu++) {
		struct capsim_cpu_info c = CAPSIM_SIZED(struct capsim_cpu_info);
		char cluster[16] = "-", policy[16] = "-", dmips[16] = "-";

		capsim_platform_get_cpu(p, cpu, &c);
		if (c.cluster >= 0)
			snprintf(cluster, sizeof(cluster), "%d", c.cluster);
		if (c.policy >= 0)
			snprintf(policy, sizeof(policy), "%d", c.policy);
		if (c.capacity_dmips_mhz)
			snprintf(dmips, sizeof(dmips), "%u", c.capacity_dmips_mhz);
		printf("%3u %7s %6s %9s %8llu %12u  %s\n", cpu, cluster, policy, dmips,
		       (unsigned long long)c.capacity_orig, c.freq_ref_khz, c.node_path);
	}
}

static void show_policy(const capsim_platform *p, unsigned index)
{
	struct capsim_policy_info pol = CAPSIM_SIZED(struct capsim_policy_info);
	char cpus[128];

	capsim_platform_get_policy(p, index, &pol);
	capsim_format_cpulist(&pol.cpus, cpus, sizeof(cpus));
	printf("\npolicy%u: CPUs %s, cpuinfo %u..%u kHz, %u OPPs from %s\n", pol.cpu, cpus,
	       pol.cpuinfo_min_khz, pol.cpuinfo_max_khz, pol.nr_opps, pol.opp_table_path);
	printf("  cpufreq driver: %s (%s), transition latency %u ns, rate_limit_us %u, %s\n",
	       pol.cpufreq_driver, pol.driver_given ? "set by the platform file" : "from the DT",
	       pol.transition_latency_ns, pol.transition_delay_us,
	       pol.fast_switch ? "fast switch" : "sugov kthread (no fast switch)");
	if (pol.energy_model && pol.em_microwatts)
		printf("  energy model: opp-microwatt, v6.9+ costs%s\n",
		       pol.em_skip_inefficiencies ? ", skips inefficient OPPs" : "");
	else if (pol.energy_model)
		printf("  energy model: dynamic-power-coefficient %u, v6.9+ costs%s\n",
		       pol.dynamic_power_coefficient,
		       pol.em_skip_inefficiencies ? ", skips inefficient OPPs" : "");
	else
		printf("  energy model: none\n");
	printf("  %10s %9s %10s %5s %7s %9s  %s\n", "KHZ", "UV", "POWER_UW", "PERF", "COST",
	       "EFFICIENT", "FLAGS");
	for (unsigned i = 0; i < pol.nr_opps; i++) {
		struct capsim_opp_info o = CAPSIM_SIZED(struct capsim_opp_info);

		capsim_platform_get_opp(p, index, i, &o);
		printf("  %10u %9u", o.khz, o.uv);
		if (o.has_em)
			printf(" %10llu %5llu %7llu %9s", (unsigned long long)o.em_power_uw,
			       (unsigned long long)o.em_perf, (unsigned long long)o.em_cost,
			       o.em_efficient ? "yes" : "no");
		else
			printf(" %10s %5s %7s %9s", "-", "-", "-", "-");
		printf("  %s%s%s\n", o.turbo ? "turbo " : "", o.suspend ? "suspend " : "",
		       o.khz == pol.cpuinfo_max_khz ? "freq_ref" : "");
	}
}

/* "policy4 states 0..4 = 1800000..1008000 kHz" for a cpufreq cooling device */
static void cooling_text(const struct capsim_cooling_map_info *m, char *buf, size_t size)
{
	if (m->policy < 0)
		snprintf(buf, size, "%s (not a cpufreq cooling device)", m->device_path);
	else
		snprintf(buf, size, "policy%d states %u..%u = %u..%u kHz", m->policy, m->min_state,
			 m->max_state, m->min_state_khz, m->max_state_khz);
}

static void show_zone(const capsim_platform *p, unsigned zone)
{
	struct capsim_zone_info z = CAPSIM_SIZED(struct capsim_zone_info);

	capsim_platform_get_zone(p, zone, &z);
	printf("\nthermal zone %s: polling %u ms, passive polling %u ms", z.name,
	       z.polling_delay_ms, z.polling_delay_passive_ms);
	if (z.sustainable_power_mw)
		printf(", sustainable power %u mW", z.sustainable_power_mw);
	printf("\n");
	for (unsigned i = 0; i < z.nr_trips; i++) {
		struct capsim_trip_info t = CAPSIM_SIZED(struct capsim_trip_info);

		capsim_platform_get_trip(p, zone, i, &t);
		printf("  trip %-20s %-8s %8d mC  hysteresis %d mC\n", t.name,
		       capsim_trip_type_name(t.type), t.temperature_mc, t.hysteresis_mc);
	}
	for (unsigned i = 0; i < z.nr_maps; i++) {
		struct capsim_cooling_map_info m = CAPSIM_SIZED(struct capsim_cooling_map_info);
		struct capsim_trip_info t = CAPSIM_SIZED(struct capsim_trip_info);
		char dev[512];

		capsim_platform_get_cooling_map(p, zone, i, &m);
		capsim_platform_get_trip(p, zone, m.trip, &t);
		cooling_text(&m, dev, sizeof(dev));
		printf("  map  %-20s -> %s, contribution %u\n", t.name, dev, m.contribution);
	}
}

/*
 * The cpufreq cooling devices the thermal loop binds the zones' maps to, one per policy, each
 * state with the frequency it caps at: what a cooling_state event or a cooling map means.
 */
static void show_cooling_devices(const capsim_platform *p, unsigned nr_policies)
{
	printf("\ncooling devices (cpufreq_cooling, one per policy; state k caps at the k-th highest "
	       "frequency, kHz):\n");
	for (unsigned i = 0; i < nr_policies; i++) {
		struct capsim_policy_info pol = CAPSIM_SIZED(struct capsim_policy_info);
		unsigned n = capsim_platform_nr_cooling_states(p, i);
		char cpus[128];

		capsim_platform_get_policy(p, i, &pol);
		capsim_format_cpulist(&pol.cpus, cpus, sizeof(cpus));
		printf("  thermal-cpufreq-%u  policy%u (CPUs %s), states 0..%u:", i, pol.cpu, cpus,
		       n ? n - 1 : 0);
		for (unsigned k = 0; k < n; k++)
			printf(" %u=%u", k, capsim_platform_cooling_state_khz(p, i, k));
		printf("\n");
	}
}

/* The SD_* names of @flags, space-separated. */
static void sd_flags_text(uint32_t flags, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (unsigned b = 0; capsim_sd_flag_name(b) && len < size; b++)
		if (flags & (1u << b))
			len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? " " : "",
						capsim_sd_flag_name(b));
}

/*
 * One line per level: its name, every domain's span, then the flags (once if the domains of
 * the level agree, else after each span).
 */
static void show_sched_domains(const capsim_platform *p)
{
	unsigned n = capsim_platform_nr_sched_domains(p);

	printf("\nsched domains (6.12 arm64 defconfig: SMT, MC, no CLS):\n");
	for (unsigned i = 0; i < n;) {
		struct capsim_sched_domain_info d = CAPSIM_SIZED(struct capsim_sched_domain_info);
		struct capsim_sched_domain_info e = CAPSIM_SIZED(struct capsim_sched_domain_info);
		char cpus[1024], flags[512];
		unsigned end = i;
		bool same = true;

		capsim_platform_get_sched_domain(p, i, &d);
		while (end < n && !capsim_platform_get_sched_domain(p, end, &e) &&
		       !strcmp(e.level, d.level)) {
			same &= e.flags == d.flags;
			end++;
		}
		printf("  %-4s", d.level);
		for (unsigned j = i; j < end; j++) {
			capsim_platform_get_sched_domain(p, j, &e);
			capsim_format_cpulist(&e.span, cpus, sizeof(cpus));
			sd_flags_text(e.flags, flags, sizeof(flags));
			printf(" %s%s%s", cpus, same ? "" : ": ", same ? "" : flags);
		}
		sd_flags_text(d.flags, flags, sizeof(flags));
		printf("%s%s\n", same ? "   " : "", same ? flags : "");
		i = end;
	}
}

/* Whether @a and @b have the same idle states (the same DT nodes). */
static bool same_idle_states(const capsim_platform *p, unsigned a, unsigned b)
{
	unsigned n = capsim_platform_nr_idle_states(p, a);

	if (n != capsim_platform_nr_idle_states(p, b))
		return false;
	for (unsigned i = 0; i < n; i++) {
		struct capsim_idle_state_info x = CAPSIM_SIZED(struct capsim_idle_state_info);
		struct capsim_idle_state_info y = CAPSIM_SIZED(struct capsim_idle_state_info);

		capsim_platform_get_idle_state(p, a, i, &x);
		capsim_platform_get_idle_state(p, b, i, &y);
		if (strcmp(x.node, y.node))
			return false;
	}
	return true;
}

/* One line per set of CPUs with the same states; nothing when every CPU has only WFI. */
static void show_idle_states(const capsim_platform *p, unsigned nr_cpus)
{
	bool any = false, done[CAPSIM_MAX_CPUS] = { false };

	for (unsigned cpu = 0; cpu < nr_cpus; cpu++)
		any |= capsim_platform_nr_idle_states(p, cpu) > 0;
	if (!any)
		return;
	printf("\nidle states (cpuidle-psci; 0 is WFI; latencies and residency in us):\n");
	for (unsigned cpu = 0; cpu < nr_cpus; cpu++) {
		capsim_cpumask cpus = { 0 };
		char list[1024];

		if (done[cpu])
			continue;
		for (unsigned o = cpu; o < nr_cpus; o++)
			if (!done[o] && same_idle_states(p, cpu, o)) {
				done[o] = true;
				capsim_cpumask_set(&cpus, o);
			}
		capsim_format_cpulist(&cpus, list, sizeof(list));
		printf("  %s:\n", list);
		for (unsigned i = 0; i < capsim_platform_nr_idle_states(p, cpu); i++) {
			struct capsim_idle_state_info st = CAPSIM_SIZED(struct capsim_idle_state_info);

			capsim_platform_get_idle_state(p, cpu, i, &st);
			printf("    %u %-28s entry %u exit %u residency %u wakeup %u%s%s%s\n",
			       st.cpuidle_index, st.name, st.entry_us, st.exit_us, st.residency_us,
			       st.wakeup_us, st.timer_stop ? " local-timer-stop" : "",
			       st.cluster ? " cluster" : "",
			       st.domain ? " (power domain's, chosen by genpd)" : "");
		}
	}
}

static json_object *json_idle_states(const capsim_platform *p, unsigned cpu)
{
	json_object *a = json_object_new_array();

	for (unsigned i = 0; i < capsim_platform_nr_idle_states(p, cpu); i++) {
		struct capsim_idle_state_info st = CAPSIM_SIZED(struct capsim_idle_state_info);
		json_object *o = json_object_new_object();

		capsim_platform_get_idle_state(p, cpu, i, &st);
		json_object_object_add(o, "state", json_object_new_int((int)i + 1));
		json_object_object_add(o, "cpuidle_index", json_object_new_int((int)st.cpuidle_index));
		json_object_object_add(o, "name", json_object_new_string(st.name));
		json_object_object_add(o, "node", json_object_new_string(st.node));
		json_object_object_add(o, "entry_latency_us", cli_json_u64(st.entry_us));
		json_object_object_add(o, "exit_latency_us", cli_json_u64(st.exit_us));
		json_object_object_add(o, "min_residency_us", cli_json_u64(st.residency_us));
		json_object_object_add(o, "wakeup_latency_us", cli_json_u64(st.wakeup_us));
		json_object_object_add(o, "local_timer_stop", json_object_new_boolean(st.timer_stop));
		json_object_object_add(o, "cluster", json_object_new_boolean(st.cluster));
		json_object_object_add(o, "domain", json_object_new_boolean(st.domain));
		json_object_array_add(a, o);
	}
	return a;
}

static void show_text(const capsim_platform *p)
{
	struct capsim_platform_info info = CAPSIM_SIZED(struct capsim_platform_info);

	capsim_platform_get_info(p, &info);
	printf("platform %s%s%s%s\n", info.name, info.model[0] ? " (" : "", info.model,
	       info.model[0] ? ")" : "");
	printf("source: %s\n", info.source);
	if (capsim_platform_description(p))
		printf("description: %s\n", capsim_platform_description(p));
	printf("arch: %s (%s)\n", cli_arch_name(info.arch),
	       info.arch == CAPSIM_ARCH_X86
		       ? info.fallback == CAPSIM_FALLBACK_CPUINFO_MAX
				 ? "no arch_scale_freq_ref; cpufreq pressure falls back to cpuinfo.max_freq"
				 : "no arch_scale_freq_ref: cpufreq pressure is 0 (6.10..6.12.100)"
		       : "arch_scale_freq_ref = capacity_freq_ref");
	printf("capacities: %s\n", capacity_source_text(info.capacity_source));
	printf("frequency invariance: %s (%s; %s)\n", info.freq_invariance,
	       strcmp(info.freq_invariance, "amu")
		       ? "arch_set_freq_scale(): the requested frequency, HW throttling unseen by PELT"
		       : "amu_scale_freq_tick(): the delivered frequency over the last tick",
	       info.freq_invariance_given ? "set by the platform file"
					  : "from the CPUs' compatibles: amu needs FEAT_AMU on all");
	printf("energy model: %s\n", info.eas
		       ? "on every CPU (EAS can run if capacities are asymmetric)"
		       : "not on every CPU: the platform runs without EAS");
	show_cpus(p, info.nr_cpus);
	show_sched_domains(p);
	show_idle_states(p, info.nr_cpus);
	for (unsigned i = 0; i < info.nr_policies; i++)
		show_policy(p, i);
	for (unsigned i = 0; i < info.nr_zones; i++)
		show_zone(p, i);
	if (info.nr_zones)
		show_cooling_devices(p, info.nr_policies);
	if (info.nr_notes)
		printf("\nnotes:\n");
	for (unsigned i = 0; i < info.nr_notes; i++)
		printf("  - %s\n", capsim_platform_note(p, i));
}

/* --- show: JSON ------------------------------------------------------------------------------ */

static json_object *json_cpus(const capsim_platform *p, unsigned nr_cpus)
{
	json_object *a = json_object_new_array();

	for (unsigned cpu = 0; cpu < nr_cpus; cpu++) {
		struct capsim_cpu_info c = CAPSIM_SIZED(struct capsim_cpu_info);
		json_object *o = json_object_new_object();

		capsim_platform_get_cpu(p, cpu, &c);
		json_object_object_add(o, "cpu", json_object_new_int((int)cpu));
		json_object_object_add(o, "cluster", cli_json_index(c.cluster));
		json_object_object_add(o, "policy", cli_json_index(c.policy));
		json_object_object_add(o, "capacity_dmips_mhz",
				       cli_json_u64_if(c.capacity_dmips_mhz != 0, c.capacity_dmips_mhz));
		json_object_object_add(o, "capacity_orig", cli_json_u64(c.capacity_orig));
		json_object_object_add(o, "freq_ref_khz", cli_json_u64(c.freq_ref_khz));
		json_object_object_add(o, "node", json_object_new_string(c.node_path));
		json_object_object_add(o, "compatible", c.compatible[0]
				       ? json_object_new_string(c.compatible) : NULL);
		json_object_object_add(o, "amu", json_object_new_boolean(c.amu));
		json_object_object_add(o, "idle_states", json_idle_states(p, cpu));
		json_object_array_add(a, o);
	}
	return a;
}

static json_object *json_opps(const capsim_platform *p, unsigned index, unsigned nr_opps)
{
	json_object *a = json_object_new_array();

	for (unsigned i = 0; i < nr_opps; i++) {
		struct capsim_opp_info o = CAPSIM_SIZED(struct capsim_opp_info);
		json_object *j = json_object_new_object();

		capsim_platform_get_opp(p, index, i, &o);
		json_object_object_add(j, "khz", cli_json_u64(o.khz));
		json_object_object_add(j, "uv", cli_json_u64_if(o.uv != 0, o.uv));
		json_object_object_add(j, "power_uw", cli_json_u64_if(o.has_em, o.em_power_uw));
		json_object_object_add(j, "perf", cli_json_u64_if(o.has_em, o.em_perf));
		json_object_object_add(j, "cost", cli_json_u64_if(o.has_em, o.em_cost));
		json_object_object_add(j, "efficient", o.has_em
				       ? json_object_new_boolean(o.em_efficient) : NULL);
		json_object_object_add(j, "turbo", json_object_new_boolean(o.turbo));
		json_object_array_add(a, j);
	}
	return a;
}

/* the cpu-supply's timing, as the platform JSON's "cpu_supply" takes it; null: none */
static json_object *json_cpu_supply(const struct capsim_policy_info *pol)
{
	json_object *o;

	if (!pol->has_cpu_supply)
		return NULL;
	o = json_object_new_object();
	json_object_object_add(o, "ramp_delay", cli_json_u64(pol->supply_ramp_delay));
	json_object_object_add(o, "settling_time_us", cli_json_u64(pol->supply_settling_time_us));
	json_object_object_add(o, "settling_time_up_us",
			       cli_json_u64(pol->supply_settling_time_up_us));
	json_object_object_add(o, "settling_time_down_us",
			       cli_json_u64(pol->supply_settling_time_down_us));
	return o;
}

static json_object *json_policies(const capsim_platform *p, unsigned nr_policies)
{
	json_object *a = json_object_new_array();

	for (unsigned i = 0; i < nr_policies; i++) {
		struct capsim_policy_info pol = CAPSIM_SIZED(struct capsim_policy_info);
		json_object *o = json_object_new_object();

		capsim_platform_get_policy(p, i, &pol);
		json_object_object_add(o, "policy", json_object_new_int((int)pol.cpu));
		json_object_object_add(o, "cpus", cli_json_cpus(&pol.cpus));
		json_object_object_add(o, "cpuinfo_min_khz", cli_json_u64(pol.cpuinfo_min_khz));
		json_object_object_add(o, "cpuinfo_max_khz", cli_json_u64(pol.cpuinfo_max_khz));
		json_object_object_add(o, "dynamic_power_coefficient",
				       cli_json_u64_if(pol.dynamic_power_coefficient != 0,
						       pol.dynamic_power_coefficient));
		json_object_object_add(o, "energy_model", json_object_new_boolean(pol.energy_model));
		json_object_object_add(o, "cpufreq_driver", json_object_new_string(pol.cpufreq_driver));
		json_object_object_add(o, "cpufreq_driver_given",
				       json_object_new_boolean(pol.driver_given));
		json_object_object_add(o, "transition_latency_ns",
				       cli_json_u64(pol.transition_latency_ns));
		json_object_object_add(o, "transition_delay_us", cli_json_u64(pol.transition_delay_us));
		json_object_object_add(o, "fast_switch", json_object_new_boolean(pol.fast_switch));
		json_object_object_add(o, "clock_latency_ns", cli_json_u64(pol.clock_latency_ns));
		json_object_object_add(o, "clock_firmware", json_object_new_boolean(pol.clock_firmware));
		json_object_object_add(o, "cpu_supply", json_cpu_supply(&pol));
		json_object_object_add(o, "opps", json_opps(p, i, pol.nr_opps));
		json_object_array_add(a, o);
	}
	return a;
}

static json_object *json_state_limit(uint32_t v)
{
	return v == CAPSIM_THERMAL_NO_LIMIT ? NULL : cli_json_u64(v);
}

static json_object *json_zone(const capsim_platform *p, unsigned zone)
{
	json_object *o = json_object_new_object(), *trips = json_object_new_array(),
		    *maps = json_object_new_array();
	struct capsim_zone_info z = CAPSIM_SIZED(struct capsim_zone_info);

	capsim_platform_get_zone(p, zone, &z);
	json_object_object_add(o, "name", json_object_new_string(z.name));
	json_object_object_add(o, "polling_delay_ms", cli_json_u64(z.polling_delay_ms));
	json_object_object_add(o, "polling_delay_passive_ms", cli_json_u64(z.polling_delay_passive_ms));
	json_object_object_add(o, "sustainable_power_mw",
			       cli_json_u64_if(z.sustainable_power_mw != 0, z.sustainable_power_mw));
	for (unsigned i = 0; i < z.nr_trips; i++) {
		struct capsim_trip_info t = CAPSIM_SIZED(struct capsim_trip_info);
		json_object *j = json_object_new_object();

		capsim_platform_get_trip(p, zone, i, &t);
		json_object_object_add(j, "name", json_object_new_string(t.name));
		json_object_object_add(j, "type", json_object_new_string(capsim_trip_type_name(t.type)));
		json_object_object_add(j, "temperature_mc", json_object_new_int(t.temperature_mc));
		json_object_object_add(j, "hysteresis_mc", json_object_new_int(t.hysteresis_mc));
		json_object_array_add(trips, j);
	}
	for (unsigned i = 0; i < z.nr_maps; i++) {
		struct capsim_cooling_map_info m = CAPSIM_SIZED(struct capsim_cooling_map_info);
		struct capsim_trip_info t = CAPSIM_SIZED(struct capsim_trip_info);
		json_object *j = json_object_new_object();

		capsim_platform_get_cooling_map(p, zone, i, &m);
		capsim_platform_get_trip(p, zone, m.trip, &t);
		json_object_object_add(j, "trip", json_object_new_string(t.name));
		json_object_object_add(j, "device", json_object_new_string(m.device_path));
		json_object_object_add(j, "policy", cli_json_index(m.policy));
		json_object_object_add(j, "lower", json_state_limit(m.lower));
		json_object_object_add(j, "upper", json_state_limit(m.upper));
		json_object_object_add(j, "contribution", cli_json_u64(m.contribution));
		json_object_array_add(maps, j);
	}
	json_object_object_add(o, "trips", trips);
	json_object_object_add(o, "cooling_maps", maps);
	return o;
}

/* "sched_domains": one object per level, bottom up (docs/formats.md) */
static json_object *json_sched_domains(const capsim_platform *p)
{
	json_object *levels = json_object_new_array(), *level = NULL, *spans = NULL, *doms = NULL;
	const char *name = "";

	for (unsigned i = 0; i < capsim_platform_nr_sched_domains(p); i++) {
		struct capsim_sched_domain_info d = CAPSIM_SIZED(struct capsim_sched_domain_info);
		json_object *o = json_object_new_object(), *flags = json_object_new_array(),
			    *groups = json_object_new_array();

		capsim_platform_get_sched_domain(p, i, &d);
		if (strcmp(d.level, name)) {
			name = d.level;
			level = json_object_new_object();
			spans = json_object_new_array();
			doms = json_object_new_array();
			json_object_object_add(level, "level", json_object_new_string(d.level));
			json_object_object_add(level, "spans", spans);
			json_object_object_add(level, "domains", doms);
			json_object_array_add(levels, level);
		}
		json_object_array_add(spans, cli_json_cpus(&d.span));
		for (unsigned b = 0; capsim_sd_flag_name(b); b++)
			if (d.flags & (1u << b))
				json_object_array_add(flags, json_object_new_string(capsim_sd_flag_name(b)));
		for (unsigned g = 0; g < d.nr_groups; g++) {
			capsim_cpumask m;

			capsim_platform_get_sched_group(p, i, g, &m);
			json_object_array_add(groups, cli_json_cpus(&m));
		}
		json_object_object_add(o, "span", cli_json_cpus(&d.span));
		json_object_object_add(o, "flags", flags);
		json_object_object_add(o, "groups", groups);
		json_object_array_add(doms, o);
	}
	return levels;
}

/* "cooling_devices": what show_cooling_devices() prints */
static json_object *json_cooling_devices(const capsim_platform *p, unsigned nr_policies)
{
	json_object *devs = json_object_new_array();

	for (unsigned i = 0; i < nr_policies; i++) {
		json_object *o = json_object_new_object(), *states = json_object_new_array();
		struct capsim_policy_info pol = CAPSIM_SIZED(struct capsim_policy_info);
		char name[40];

		capsim_platform_get_policy(p, i, &pol);
		snprintf(name, sizeof(name), "thermal-cpufreq-%u", i);
		for (unsigned k = 0; k < capsim_platform_nr_cooling_states(p, i); k++)
			json_object_array_add(states, json_object_new_int64(
				capsim_platform_cooling_state_khz(p, i, k)));
		json_object_object_add(o, "name", json_object_new_string(name));
		json_object_object_add(o, "policy", json_object_new_int64(pol.cpu));
		json_object_object_add(o, "state_khz", states);
		json_object_array_add(devs, o);
	}
	return devs;
}

static int show_json(const capsim_platform *p)
{
	json_object *doc = json_object_new_object(), *zones = json_object_new_array(),
		    *notes = json_object_new_array();
	struct capsim_platform_info info = CAPSIM_SIZED(struct capsim_platform_info);

	capsim_platform_get_info(p, &info);
	json_object_object_add(doc, "platform", json_object_new_string(info.name));
	json_object_object_add(doc, "model", info.model[0] ? json_object_new_string(info.model) : NULL);
	json_object_object_add(doc, "source", json_object_new_string(info.source));
	json_object_object_add(doc, "description", capsim_platform_description(p) ?
			       json_object_new_string(capsim_platform_description(p)) : NULL);
	json_object_object_add(doc, "arch", json_object_new_string(cli_arch_name(info.arch)));
	json_object_object_add(doc, "eas", json_object_new_boolean(info.eas));
	json_object_object_add(doc, "freq_invariance", json_object_new_string(info.freq_invariance));
	json_object_object_add(doc, "freq_invariance_given",
			       json_object_new_boolean(info.freq_invariance_given));
	json_object_object_add(doc, "cpus", json_cpus(p, info.nr_cpus));
	json_object_object_add(doc, "policies", json_policies(p, info.nr_policies));
	json_object_object_add(doc, "sched_domains", json_sched_domains(p));
	for (unsigned i = 0; i < info.nr_zones; i++)
		json_object_array_add(zones, json_zone(p, i));
	json_object_object_add(doc, "thermal_zones", zones);
	json_object_object_add(doc, "cooling_devices", json_cooling_devices(p, info.nr_policies));
	for (unsigned i = 0; i < info.nr_notes; i++)
		json_object_array_add(notes, json_object_new_string(capsim_platform_note(p, i)));
	json_object_object_add(doc, "notes", notes);
	return cli_print_json(doc);
}

static int cmd_show(int argc, char **argv)
{
	struct show_opts o = { 0 };
	const char *overlays[MAX_OVERLAYS];
	unsigned nr_overlays;
	capsim_platform *p;
	int ret, format;

	ret = cli_parse(&cli_platform, argc, argv, &o);
	if (ret)
		return ret == CLI_HELP_SHOWN ? CLI_EXIT_OK : ret;
	if (!o.platform.arg)
		return cli_usage_error("platform", "show needs a PLATFORM");
	format = o.json.arg ? FORMAT_JSON : (int)o.format.u;
	nr_overlays = cli_list_args(&o.overlays, "--overlay", overlays, MAX_OVERLAYS);
	ret = cli_platform_load(o.platform.arg, overlays, nr_overlays, &p);
	if (ret)
		return ret;
	if (format == FORMAT_JSON)
		ret = show_json(p);
	else if (format == FORMAT_LISA)
		ret = capsim_platform_write_lisa(p, stdout) ? cli_failf(CLI_EXIT_INTERNAL,
				"cannot write the LISA YAML to standard output") : 0;
	else
		show_text(p);
	capsim_platform_free(p);
	return ret;
}

int cmd_platform(int argc, char **argv)
{
	if (cli_wants_help(argc, argv)) {
		cli_help(&cli_platform, stdout);
		return CLI_EXIT_OK;
	}
	if (argc < 2)
		return cli_usage_error("platform", "expected 'list' or 'show PLATFORM'");
	if (!strcmp(argv[1], "show"))
		return cmd_show(argc - 1, argv + 1);
	if (!strcmp(argv[1], "list"))
		return argc == 2 ? cmd_list() : cli_usage_error("platform", "list takes no argument");
	return cli_usage_error("platform", "unknown action '%s' (expected 'list' or 'show')", argv[1]);
}
