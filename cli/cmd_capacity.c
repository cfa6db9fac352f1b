// SPDX-License-Identifier: MIT
/*
 * cmd_capacity.c - `capsim capacity`: with these caps, what capacity does the scheduler
 * believe each CPU has? User caps become freq_qos requests resolved by cpufreq_set_policy()
 * (cpufreq pressure, instantaneous); HW caps go through topology_update_hw_pressure() and the
 * PELT average hw_load_avg, updated every tick for --after; the answer is
 * get_actual_cpu_capacity() (v6.10+), next to what a v6.9 kernel believed (thermal pressure
 * from HW caps and cooling devices only; user caps invisible). The library computes it all
 * (capsim_platform_apply_cap() and its neighbours, src/model/platform_caps.c); this file parses
 * the caps and prints the answer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_platform.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const char usage[] =
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
	"options:\n"
	"  --max-freq POLICY=KHZ   scaling_max_freq (the user's MAX freq_qos request)\n"
	"  --min-freq POLICY=KHZ   scaling_min_freq (the user's MIN freq_qos request)\n"
	"  --cooling POLICY=STATE  a cpufreq cooling device at STATE (the STATE-th highest OPP)\n"
	"  --hw-cap CPULIST=KHZ    a HW (LMh) cap on CPULIST, e.g. 4-7=1500000 (one\n"
	"                          topology_update_hw_pressure() per policy, as LMh reports it)\n"
	"  --boost POLICY          enable boost (turbo OPPs) on the policy\n"
	"  --after DURATION        how long the HW caps have held, for hw_load_avg (default 1s,\n"
	"                          at most 1h; with a unit: 100ms, 2s)\n"
	"  --hz HZ                 scheduler tick rate for hw_load_avg updates, 1..1000 (default 250)\n"
	"  --fallback none|cpuinfo_max  the reference when arch_scale_freq_ref() is 0 (x86):\n"
	"                          none = 6.10..6.12.100, cpuinfo_max = d2d5c129d07e and later\n"
	"  --overlay FILE          apply a platform JSON overlay; repeatable\n"
	"  --json                  one JSON document instead of a table\n"
	"  -h, --help              this help\n"
	"\n"
	"examples:\n"
	"  capsim capacity rk3399 --max-freq 4=1200000\n"
	"  capsim capacity rb5 --hw-cap 4-6=1500MHz --after 100ms --json\n"
	"  capsim capacity hikey960 --cooling 4=2 --max-freq 0=999000\n"
	"\n"
	"Exit status: 0 success, 1 bad input file, 2 bad usage, 3 internal error.\n";

#define MAX_CAPS 64

enum cap_kind { CAP_MAX, CAP_MIN, CAP_COOLING, CAP_HW, CAP_BOOST };

struct cap {
	enum cap_kind kind;
	const char *arg;
};

struct capacity_opts {
	const char *platform;
	const char *overlays[CLI_MAX_OVERLAYS];
	unsigned nr_overlays;
	struct cap caps[MAX_CAPS];
	unsigned nr_caps;
	uint64_t after_ns;
	uint64_t hz;
	int fallback; /* -1: the platform's own */
	int json;
};

static const char *const cap_options[] = {
	[CAP_MAX] = "--max-freq", [CAP_MIN] = "--min-freq", [CAP_COOLING] = "--cooling",
	[CAP_HW] = "--hw-cap", [CAP_BOOST] = "--boost",
};

static int parse_args(int argc, char **argv, struct capacity_opts *o)
{
	const char *val;
	int missing = 0;

	for (int i = 1; i < argc; i++) {
		unsigned k;

		for (k = 0; k < ARRAY_SIZE(cap_options); k++)
			if ((val = cli_opt_value(argc, argv, &i, cap_options[k], &missing)) || missing)
				break;
		if (k < ARRAY_SIZE(cap_options) && val) {
			if (o->nr_caps == MAX_CAPS)
				return cli_usage_error("capacity", "more than %d caps", MAX_CAPS);
			o->caps[o->nr_caps++] = (struct cap){ .kind = (enum cap_kind)k, .arg = val };
		} else if (missing) {
			return cli_usage_error("capacity", "%s needs a value", argv[i]);
		} else if (!strcmp(argv[i], "--json")) {
			o->json = 1;
		} else if ((val = cli_opt_value(argc, argv, &i, "--overlay", &missing))) {
			if (o->nr_overlays == CLI_MAX_OVERLAYS)
				return cli_usage_error("capacity", "more than %d overlays", CLI_MAX_OVERLAYS);
			o->overlays[o->nr_overlays++] = val;
		} else if ((val = cli_opt_value(argc, argv, &i, "--after", &missing))) {
			/* a unit is required: a bare number meant ms here once, seconds elsewhere */
			if (capsim_parse_duration_ns(val, 0, &o->after_ns) || o->after_ns > CAPSIM_MAX_SETTLE_NS)
				return cli_usage_error("capacity", "--after %s: expected a duration with a "
						       "unit, up to 1h (e.g. 100ms, 2s; hw_load_avg "
						       "settles within about 1s)", val);
		} else if ((val = cli_opt_value(argc, argv, &i, "--hz", &missing))) {
			if (capsim_parse_u64(val, &o->hz) || o->hz < 1 || o->hz > 1000)
				return cli_usage_error("capacity", "--hz %s: expected 1..1000 (CONFIG_HZ)", val);
		} else if ((val = cli_opt_value(argc, argv, &i, "--fallback", &missing))) {
			if (strcmp(val, "none") && strcmp(val, "cpuinfo_max"))
				return cli_usage_error("capacity", "--fallback %s: expected none or cpuinfo_max", val);
			o->fallback = strcmp(val, "none") ? CAPSIM_FALLBACK_CPUINFO_MAX : CAPSIM_FALLBACK_NONE;
		} else if (missing) {
			return cli_usage_error("capacity", "%s needs a value", argv[i]);
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return cli_unknown_option("capacity", usage, argv[i]);
		} else if (o->platform) {
			return cli_usage_error("capacity", "one PLATFORM only ('%s' and '%s')", o->platform, argv[i]);
		} else {
			o->platform = argv[i];
		}
	}
	if (!o->platform)
		return cli_usage_error("capacity", "expected a PLATFORM");
	return 0;
}

/*
 * "POLICY" of "POLICY=VALUE" (or the whole @arg when @value is NULL): a policy CPU, into
 * *@policy, with its description in *@pol.
 */
static int parse_policy(const capsim_platform *p, const char *opt, const char *arg,
			const char **value, unsigned *policy, struct capsim_policy_info *pol)
{
	char num[32];
	size_t n = value ? strcspn(arg, "=") : strlen(arg);
	struct capsim_cpu_info ci;
	unsigned cpu = 0;
	bool by_cpu = false;
	int index = -1;

	if ((value && !arg[n]) || n >= sizeof(num))
		return cli_usage_error("capacity", "%s %s: expected POLICY=VALUE", opt, arg);
	memcpy(num, arg, n);
	num[n] = '\0';
	if (value)
		*value = arg + n + 1;
	if (!capsim_parse_policy(num, &cpu, &by_cpu)) {
		/* "cpuN": the policy CPU N belongs to */
		if (by_cpu && !capsim_platform_get_cpu(p, cpu, &ci) && ci.policy >= 0)
			cpu = (unsigned)ci.policy;
		index = capsim_platform_policy_index(p, cpu);
	}
	if (index < 0) {
		struct capsim_platform_info info;
		char list[256] = "";

		capsim_platform_get_info(p, &info);
		for (unsigned i = 0; i < info.nr_policies; i++) {
			struct capsim_policy_info other;

			capsim_platform_get_policy(p, i, &other);
			snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%u", i ? ", " : "",
				 other.cpu);
		}
		return cli_usage_error("capacity", "%s %s: no policy '%s' (%s has %s%s; a policy is "
				       "N, policyN or cpuN)", opt, arg, num, info.name,
				       info.nr_policies ? "policies " : "no cpufreq policy", list);
	}
	*policy = cpu;
	capsim_platform_get_policy(p, (unsigned)index, pol);
	return 0;
}

/* @s of @opt @arg as kHz; a bare number far from the OPPs of @cpus is refused with a hint. */
static int parse_khz(const capsim_platform *p, const capsim_cpumask *cpus, const char *opt,
		     const char *arg, const char *s, uint32_t *khz)
{
	capsim_error err = { 0 };
	char what[160];

	if (capsim_parse_freq_khz(s, khz) || *khz > (uint32_t)INT32_MAX)
		return cli_usage_error("capacity", "%s %s: '%s' is not a frequency (e.g. 1200000, "
				       "1200MHz, 1.2GHz)", opt, arg, s);
	snprintf(what, sizeof(what), "%s %s", opt, arg);
	if (capsim_is_bare_number(s) && capsim_platform_check_bare_khz(p, cpus, *khz, what, &err))
		return cli_usage_error("capacity", "%s", err.msg);
	return 0;
}

/* --hw-cap CPULIST=KHZ */
static int parse_hw(const capsim_platform *p, const struct cap *c, struct capsim_cap *out)
{
	struct capsim_platform_info info;
	char list[128];
	size_t n = strcspn(c->arg, "=");

	if (!c->arg[n] || n >= sizeof(list))
		return cli_usage_error("capacity", "--hw-cap %s: expected CPULIST=KHZ", c->arg);
	memcpy(list, c->arg, n);
	list[n] = '\0';
	if (capsim_parse_cpulist(list, &out->cpus) || !capsim_cpumask_weight(&out->cpus))
		return cli_usage_error("capacity", "--hw-cap %s: '%s' is not a CPU list", c->arg, list);
	capsim_platform_get_info(p, &info);
	for (unsigned cpu = info.nr_cpus; cpu < CAPSIM_MAX_CPUS; cpu++)
		if (capsim_cpumask_test(&out->cpus, cpu))
			return cli_usage_error("capacity", "--hw-cap %s: no CPU %u (%s has %u)", c->arg,
					       cpu, info.name, info.nr_cpus);
	return parse_khz(p, &out->cpus, "--hw-cap", c->arg, c->arg + n + 1, &out->value);
}

/* One option's cap as the library takes it. */
static int parse_cap(const capsim_platform *p, const struct cap *c, struct capsim_cap *out)
{
	const char *opt = cap_options[c->kind], *value;
	struct capsim_policy_info pol;
	uint64_t state;
	int ret;

	memset(out, 0, sizeof(*out));
	switch (c->kind) {
	case CAP_MAX:
	case CAP_MIN:
		out->kind = c->kind == CAP_MAX ? CAPSIM_CAP_MAX_FREQ : CAPSIM_CAP_MIN_FREQ;
		ret = parse_policy(p, opt, c->arg, &value, &out->policy, &pol);
		return ret ? ret : parse_khz(p, &pol.cpus, opt, c->arg, value, &out->value);
	case CAP_COOLING:
		out->kind = CAPSIM_CAP_COOLING;
		ret = parse_policy(p, opt, c->arg, &value, &out->policy, &pol);
		if (ret)
			return ret;
		if (capsim_parse_u64(value, &state) || state >= pol.nr_opps)
			return cli_usage_error("capacity", "--cooling %s: expected a state 0..%u", c->arg,
					       pol.nr_opps - 1);
		out->value = (uint32_t)state;
		return 0;
	case CAP_HW:
		out->kind = CAPSIM_CAP_HW;
		return parse_hw(p, c, out);
	case CAP_BOOST:
		out->kind = CAPSIM_CAP_BOOST;
		return parse_policy(p, opt, c->arg, NULL, &out->policy, &pol);
	}
	return CLI_EXIT_INTERNAL;
}

/* Each cap is read and applied in turn: a bad one stops there, as the kernel's writes would. */
static int apply_caps(capsim_platform *p, const struct capacity_opts *o)
{
	int ret = 0;

	for (unsigned i = 0; !ret && i < o->nr_caps; i++) {
		capsim_error err = { 0 };
		struct capsim_cap cap;

		ret = parse_cap(p, &o->caps[i], &cap);
		if (!ret && capsim_platform_apply_cap(p, &cap, &err))
			ret = cli_fail(&err);
	}
	return ret;
}

static void print_text(const capsim_platform *p, const struct capacity_opts *o)
{
	struct capsim_platform_info info;

	capsim_platform_get_info(p, &info);
	printf("platform %s; hw_load_avg after %llu ms of HZ=%llu ticks\n", info.name,
	       (unsigned long long)(o->after_ns / CAPSIM_NSEC_PER_MSEC), (unsigned long long)o->hz);
	printf("%3s %8s %6s %10s %9s %9s %9s %9s | %14s %12s\n", "", "CAPACITY", "", "POLICY",
	       "CPUFREQ", "HW", "HW", "ACTUAL", "v6.9 THERMAL", "v6.9");
	printf("%3s %8s %6s %10s %9s %9s %9s %9s | %14s %12s\n", "CPU", "ORIG", "POLICY", "MAX_KHZ",
	       "PRESSURE", "PRESSURE", "LOAD_AVG", "CAPACITY", "PRESSURE", "CAPACITY");
	for (unsigned cpu = 0; cpu < info.nr_cpus; cpu++) {
		struct capsim_cpu_capacity c;
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
	struct capsim_platform_info info;

	capsim_platform_get_info(p, &info);
	json_object_object_add(doc, "platform", json_object_new_string(info.name));
	json_object_object_add(doc, "after_ns", cli_json_u64(o->after_ns));
	json_object_object_add(doc, "hz", cli_json_u64(o->hz));
	for (unsigned cpu = 0; cpu < info.nr_cpus; cpu++) {
		struct capsim_cpu_capacity cc;
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
	struct capacity_opts o = { .after_ns = CAPSIM_NSEC_PER_SEC, .hz = 250, .fallback = -1 };
	capsim_error err = { 0 };
	capsim_platform *p;
	int ret;

	if (cli_wants_help(argc, argv)) {
		fputs(usage, stdout);
		return CLI_EXIT_OK;
	}
	ret = parse_args(argc, argv, &o);
	if (!ret)
		ret = cli_platform_load(o.platform, o.overlays, o.nr_overlays, &p);
	if (ret)
		return ret;
	if (o.fallback >= 0 &&
	    capsim_platform_set_freq_ref_fallback(p, (enum capsim_freq_ref_fallback)o.fallback, &err))
		ret = cli_fail(&err);
	if (!ret)
		ret = apply_caps(p, &o);
	if (!ret && capsim_platform_settle_hw_load_avg(p, o.after_ns, (unsigned)o.hz, &err))
		ret = cli_fail(&err);
	if (!ret && o.json)
		ret = print_json(p, &o);
	else if (!ret)
		print_text(p, &o);
	capsim_platform_free(p);
	return ret;
}
