// SPDX-License-Identifier: MIT
/*
 * cmd_capacity.c - `capsim capacity`: with these caps, what capacity does the scheduler
 * believe each CPU has? User caps become freq_qos requests resolved by cpufreq_set_policy()
 * (cpufreq pressure, instantaneous); HW caps go through topology_update_hw_pressure() and the
 * PELT average hw_load_avg, updated every tick for --after; the answer is
 * get_actual_cpu_capacity() (v6.10+), next to what a v6.9 kernel believed (thermal pressure
 * from HW caps and cooling devices only; user caps invisible). The library computes it all
 * (capsim_platform_apply_cap() and its neighbours, src/model/platform_caps.c) and reads the caps
 * (capsim_platform_parse_cap(), src/input/cap_args.c); this file prints the answer.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_platform.h"

static const char head[] =
	"usage: capsim capacity PLATFORM [--max-freq POLICY=KHZ]... [--min-freq POLICY=KHZ]...\n"
	"                       [--cooling POLICY=STATE]... [--hw-cap CPULIST=KHZ]...\n"
	"                       [--boost POLICY]... [--after DURATION] [--hz HZ]\n"
	"                       [--fallback none|cpuinfo_max] [--overlay FILE]... [--json]\n"
	"\n"
	"What capacity the scheduler believes each CPU has under the given caps.\n"
	"  capacity_orig     arch_scale_cpu_capacity (cpu_scale)\n"
	"  policy_max_khz    policy->max after cpufreq_set_policy() resolved every freq_qos request\n"
	"  cpufreq_pressure  cap - mult_frac(cap, policy->max, freq_ref), 0 when policy->max >=\n"
	"                    freq_ref (cpufreq_update_pressure, instantaneous, v6.10+)\n"
	"  hw_pressure       the same formula for the HW cap (topology_update_hw_pressure)\n"
	"  hw_load_avg       its PELT average after --after of ticks (update_hw_load_avg)\n"
	"  actual_capacity   cap - max(hw_load_avg, cpufreq_pressure) (get_actual_cpu_capacity)\n"
	"  v6.9              thermal pressure (HW caps and cooling devices, last writer wins) and\n"
	"                    cap - thermal pressure, as util_fits_cpu() saw it before v6.10; user\n"
	"                    caps (--max-freq) were invisible to the scheduler then\n"
	"\n"
	"POLICY is N or policyN (the policy's first CPU, as in sysfs), or cpuN (the policy of\n"
	"CPU N). KHZ takes a unit in any case: 1200MHz, 1.2GHz, 1200000kHz; a bare number is kHz,\n"
	"refused when it is more than 10x outside the policy's OPPs. Caps are applied in the\n"
	"order given; all of them from time 0.\n"
	"\n"
	"options:\n";

static const char tail[] =
	"\n"
	"examples:\n"
	"  capsim capacity rk3399 --max-freq 4=1200000\n"
	"  capsim capacity rb5 --hw-cap 4-6=1500MHz --after 100ms --json\n"
	"  capsim capacity hikey960 --cooling 4=2 --max-freq 0=999000\n"
	"\n"
	"Exit status: 0 success, 1 bad input file, 2 bad usage, 3 internal error.\n";

#define MAX_CAPS 64
#define MAX_OVERLAYS 16

struct capacity_opts {
	struct cli_value platform, after, hz, fallback, json, help;
	struct cli_list overlays;
	struct cli_list caps; /* in the order given: each one is applied in turn */
};

/* --fallback's names, in the order of enum capsim_freq_ref_fallback */
#define FALLBACKS "none cpuinfo_max"

#define CAP(field) offsetof(struct capacity_opts, field)
#define CAP_OPTION(name, kind, metavar, text) { name, 0, metavar, CLI_PLATFORM_CAP, \
	.max = MAX_CAPS, .offset = CAP(caps), .repeat = 1, .tag = kind, .help = text }
static const struct cli_option options[] = {
	{ "PLATFORM", 0, "PLATFORM", CLI_PLATFORM, .offset = CAP(platform) },
	CAP_OPTION("--max-freq", CAPSIM_CAP_MAX_FREQ, "POLICY=KHZ", "scaling_max_freq (the user's MAX freq_qos request)"),
	CAP_OPTION("--min-freq", CAPSIM_CAP_MIN_FREQ, "POLICY=KHZ", "scaling_min_freq (the user's MIN freq_qos request)"),
	CAP_OPTION("--cooling", CAPSIM_CAP_COOLING, "POLICY=STATE",
		   "a cpufreq cooling device at STATE (the STATE-th highest OPP)"),
	CAP_OPTION("--hw-cap", CAPSIM_CAP_HW, "CPULIST=KHZ", "a HW (LMh) cap on CPULIST, e.g. 4-7=1500000 (one\n"
		   "topology_update_hw_pressure() per policy, as LMh reports it)"),
	CAP_OPTION("--boost", CAPSIM_CAP_BOOST, "POLICY", "enable boost (turbo OPPs) on the policy"),
	{ "--after", 0, "DURATION", CLI_DURATION, .max = CAPSIM_MAX_SETTLE_NS, .def = "1s",
	  .offset = CAP(after), .expect = "a duration up to 1h (e.g. 100ms, 2s; hw_load_avg "
					  "settles within about 1s)",
	  .help = "how long the HW caps have held, for hw_load_avg (default 1s,\n"
		  "at most 1h; with a unit: 100ms, 2s)" },
	{ "--hz", 0, "HZ", CLI_U64, .min = 1, .max = 1000, .def = "250", .offset = CAP(hz),
	  .expect = "1..1000 (CONFIG_HZ)",
	  .help = "scheduler tick rate for hw_load_avg updates, 1..1000 (default 250)" },
	{ "--fallback", 0, "none|cpuinfo_max", CLI_CHOICE, .values = FALLBACKS,
	  .offset = CAP(fallback),
	  .help = "the reference when arch_scale_freq_ref() is 0 (x86):\n"
		  "none = 6.10..6.12.100, cpuinfo_max = d2d5c129d07e and later" },
	{ "--overlay", 0, "FILE", CLI_FILE, .max = MAX_OVERLAYS, .offset = CAP(overlays),
	  .repeat = 1, .help = "apply a platform JSON overlay; repeatable" },
	{ "--json", 0, NULL, CLI_FLAG, .offset = CAP(json),
	  .help = "one JSON document instead of a table" },
	{ "--help", 'h', NULL, CLI_FLAG, .offset = CAP(help), .help = "this help" },
};

const struct cli_command cli_capacity = {
	CLI_OPTIONS("capacity", options), .head = head, .tail = tail, .column = 26,
};

/* Each cap is read and applied in turn: a bad one stops there, as the kernel's writes would. */
static int apply_caps(capsim_platform *p, const struct capacity_opts *o)
{
	for (unsigned i = 0; i < o->caps.n; i++) {
		const struct cli_item *c = &o->caps.item[i];
		capsim_error err = { 0 };
		struct capsim_cap cap = CAPSIM_SIZED(struct capsim_cap);

		if (capsim_platform_parse_cap(p, (enum capsim_cap_kind)c->opt->tag, c->arg, &cap, &err))
			return cli_usage_error("capacity", "%s", err.msg);
		if (capsim_platform_apply_cap(p, &cap, &err))
			return cli_fail(&err);
	}
	return 0;
}

static void print_text(const capsim_platform *p, const struct capacity_opts *o)
{
	struct capsim_platform_info info = CAPSIM_SIZED(struct capsim_platform_info);

	capsim_platform_get_info(p, &info);
	printf("platform %s; hw_load_avg after %llu ms of HZ=%llu ticks\n", info.name,
	       (unsigned long long)(o->after.u / CAPSIM_NSEC_PER_MSEC), (unsigned long long)o->hz.u);
	printf("%3s %8s %6s %10s %9s %9s %9s %9s | %14s %12s\n", "", "CAPACITY", "", "POLICY",
	       "CPUFREQ", "HW", "HW", "ACTUAL", "v6.9 THERMAL", "v6.9");
	printf("%3s %8s %6s %10s %9s %9s %9s %9s | %14s %12s\n", "CPU", "ORIG", "POLICY", "MAX_KHZ",
	       "PRESSURE", "PRESSURE", "LOAD_AVG", "CAPACITY", "PRESSURE", "CAPACITY");
	for (unsigned cpu = 0; cpu < info.nr_cpus; cpu++) {
		struct capsim_cpu_capacity c = CAPSIM_SIZED(struct capsim_cpu_capacity);
		char policy[16] = "-", max[16] = "-";

		capsim_platform_get_capacity(p, cpu, &c);
		if (c.policy >= 0) {
			snprintf(policy, sizeof(policy), "%d", c.policy);
			snprintf(max, sizeof(max), "%u", c.policy_max_khz);
		}
		printf("%3u %8llu %6s %10s %9llu %9llu %9llu %9llu | %14llu %12llu\n", cpu,
		       (unsigned long long)c.capacity_orig, policy, max,
		       (unsigned long long)c.cpufreq_pressure, (unsigned long long)c.hw_pressure,
		       (unsigned long long)c.hw_load_avg, (unsigned long long)c.actual_capacity,
		       (unsigned long long)c.v6_9_thermal_pressure,
		       (unsigned long long)c.v6_9_capacity);
	}
}

static int print_json(const capsim_platform *p, const struct capacity_opts *o)
{
	json_object *doc = json_object_new_object(), *cpus = json_object_new_array();
	struct capsim_platform_info info = CAPSIM_SIZED(struct capsim_platform_info);

	capsim_platform_get_info(p, &info);
	json_object_object_add(doc, "platform", json_object_new_string(info.name));
	json_object_object_add(doc, "after_ns", cli_json_u64(o->after.u));
	json_object_object_add(doc, "hz", cli_json_u64(o->hz.u));
	for (unsigned cpu = 0; cpu < info.nr_cpus; cpu++) {
		struct capsim_cpu_capacity cc = CAPSIM_SIZED(struct capsim_cpu_capacity);
		json_object *c = json_object_new_object();
		int pol;

		capsim_platform_get_capacity(p, cpu, &cc);
		pol = cc.policy;
		json_object_object_add(c, "cpu", json_object_new_int((int)cpu));
		json_object_object_add(c, "capacity_orig", cli_json_u64(cc.capacity_orig));
		json_object_object_add(c, "policy", cli_json_index(pol));
		json_object_object_add(c, "policy_max_khz", cli_json_u64_if(pol >= 0, cc.policy_max_khz));
		json_object_object_add(c, "policy_min_khz", cli_json_u64_if(pol >= 0, cc.policy_min_khz));
		json_object_object_add(c, "freq_ref_khz", cli_json_u64(cc.freq_ref_khz));
		json_object_object_add(c, "cpufreq_pressure", cli_json_u64(cc.cpufreq_pressure));
		json_object_object_add(c, "hw_pressure", cli_json_u64(cc.hw_pressure));
		json_object_object_add(c, "hw_load_avg", cli_json_u64(cc.hw_load_avg));
		json_object_object_add(c, "actual_capacity", cli_json_u64(cc.actual_capacity));
		json_object_object_add(c, "v6_9_thermal_pressure", cli_json_u64(cc.v6_9_thermal_pressure));
		json_object_object_add(c, "v6_9_capacity", cli_json_u64(cc.v6_9_capacity));
		json_object_array_add(cpus, c);
	}
	json_object_object_add(doc, "cpus", cpus);
	return cli_print_json(doc);
}

int cmd_capacity(int argc, char **argv)
{
	struct capacity_opts o = { 0 };
	const char *overlays[MAX_OVERLAYS];
	capsim_error err = { 0 };
	capsim_platform *p;
	int ret;

	ret = cli_parse(&cli_capacity, argc, argv, &o);
	if (ret)
		return ret == CLI_HELP_SHOWN ? CLI_EXIT_OK : ret;
	if (!o.platform.arg)
		return cli_usage_error("capacity", "expected a PLATFORM");
	ret = cli_platform_load(o.platform.arg, overlays,
				cli_list_args(&o.overlays, "--overlay", overlays, MAX_OVERLAYS), &p);
	if (ret)
		return ret;
	if (o.fallback.arg &&
	    capsim_platform_set_freq_ref_fallback(p, (enum capsim_freq_ref_fallback)o.fallback.u, &err))
		ret = cli_fail(&err);
	if (!ret)
		ret = apply_caps(p, &o);
	if (!ret && capsim_platform_settle_hw_load_avg(p, o.after.u, (unsigned)o.hz.u, &err))
		ret = cli_fail(&err);
	if (!ret && o.json.arg)
		ret = print_json(p, &o);
	else if (!ret)
		print_text(p, &o);
	capsim_platform_free(p);
	return ret;
}
