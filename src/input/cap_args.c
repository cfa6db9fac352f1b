// SPDX-License-Identifier: MIT
/*
 * cap_args.c - the caps of `capsim capacity` as people type them, read on a loaded platform
 * (capsim_platform_parse_cap()): a policy by N, policyN or cpuN, a frequency with a unit or a
 * bare kHz near the policy's OPPs, a cooling state, and --hw-cap's one grammar
 * (scn_parse_hw_cap()). The program and the Python binding both call this, so a cap means the
 * same in both.
 */
#include <stdio.h>
#include <string.h>

#include "capsim/capsim.h"
#include "input/scenario_events.h"
#include "abi.h"
#include "internal.h"

static const char *const cap_options[] = {
	[CAPSIM_CAP_MAX_FREQ] = "--max-freq", [CAPSIM_CAP_MIN_FREQ] = "--min-freq",
	[CAPSIM_CAP_COOLING] = "--cooling",   [CAPSIM_CAP_HW] = "--hw-cap",
	[CAPSIM_CAP_BOOST] = "--boost",
};

/* "a, b" : the platform's policy CPUs, as a message lists them */
static void policy_list(const capsim_platform *p, char *list, size_t size)
{
	struct capsim_platform_info info = CAPSIM_SIZED(struct capsim_platform_info);

	list[0] = '\0';
	capsim_platform_get_info(p, &info);
	for (unsigned i = 0; i < info.nr_policies; i++) {
		struct capsim_policy_info other = CAPSIM_SIZED(struct capsim_policy_info);

		capsim_platform_get_policy(p, i, &other);
		snprintf(list + strlen(list), size - strlen(list), "%s%u", i ? ", " : "", other.cpu);
	}
}

/*
 * "POLICY" of "POLICY=VALUE" (or the whole @arg when @value is NULL): a policy CPU, into
 * *@policy, with its description in *@pol.
 */
static int parse_policy(const capsim_platform *p, const char *opt, const char *arg,
			const char **value, unsigned *policy, struct capsim_policy_info *pol,
			capsim_error *err)
{
	struct capsim_platform_info info = CAPSIM_SIZED(struct capsim_platform_info);
	struct capsim_cpu_info ci = CAPSIM_SIZED(struct capsim_cpu_info);
	size_t n = value ? strcspn(arg, "=") : strlen(arg);
	char num[32], list[256];
	unsigned cpu = 0;
	bool by_cpu = false;
	int index = -1;

	if ((value && !arg[n]) || n >= sizeof(num))
		return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s %s: expected POLICY=VALUE", opt, arg);
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
		capsim_platform_get_info(p, &info);
		policy_list(p, list, sizeof(list));
		return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s %s: no policy '%s' (%s has %s%s; "
					"a policy is N, policyN or cpuN)", opt, arg, num, info.name,
					info.nr_policies ? "policies " : "no cpufreq policy", list);
	}
	*policy = cpu;
	capsim_platform_get_policy(p, (unsigned)index, pol);
	return 0;
}

/* @s of @opt @arg as kHz; a bare number far from the OPPs of @cpus is refused with a hint. */
static int parse_khz(const capsim_platform *p, const capsim_cpumask *cpus, const char *opt,
		     const char *arg, const char *s, uint32_t *khz, capsim_error *err)
{
	char what[160];

	if (capsim_parse_freq_khz(s, khz) || *khz > (uint32_t)INT32_MAX)
		return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s %s: '%s' is not a frequency (e.g. "
					"1200000, 1200MHz, 1.2GHz)", opt, arg, s);
	snprintf(what, sizeof(what), "%s %s", opt, arg);
	if (capsim_is_bare_number(s))
		return capsim_platform_check_bare_khz(p, cpus, *khz, what, err);
	return 0;
}

/* --hw-cap CPULIST=KHZ: the run's grammar without @TIME+DURATION (the caps hold from 0) */
static int parse_hw(const capsim_platform *p, const char *arg, struct capsim_cap *out,
		    capsim_error *err)
{
	struct capsim_platform_info info = CAPSIM_SIZED(struct capsim_platform_info);
	struct scn_hw_cap_arg hw;
	char what[160];
	int ret = scn_parse_hw_cap(arg, &hw, err);

	if (ret)
		return ret;
	if (hw.timed)
		return capsim_error_set(err, CAPSIM_ERR_PARSE, "--hw-cap %s: expected CPULIST=KHZ "
					"(these caps hold from the start; --after says how long)", arg);
	capsim_platform_get_info(p, &info);
	for (unsigned cpu = info.nr_cpus; cpu < CAPSIM_MAX_CPUS; cpu++)
		if (capsim_cpumask_test(&hw.cpus, cpu))
			return capsim_error_set(err, CAPSIM_ERR_PARSE, "--hw-cap %s: no CPU %u (%s has "
						"%u)", arg, cpu, info.name, info.nr_cpus);
	if (hw.khz > (uint32_t)INT32_MAX)
		return capsim_error_set(err, CAPSIM_ERR_PARSE, "--hw-cap %s: '%u' kHz is too high",
					arg, hw.khz);
	out->cpus = hw.cpus;
	out->value = hw.khz;
	snprintf(what, sizeof(what), "--hw-cap %s", arg);
	return hw.bare_khz ? capsim_platform_check_bare_khz(p, &hw.cpus, hw.khz, what, err) : 0;
}

static int parse_cap(const capsim_platform *p, enum capsim_cap_kind kind, const char *arg,
		     struct capsim_cap *out, capsim_error *err)
{
	struct capsim_policy_info pol = CAPSIM_SIZED(struct capsim_policy_info);
	const char *opt, *value;
	uint64_t state;
	int ret;

	if ((unsigned)kind > CAPSIM_CAP_BOOST)
		return capsim_error_set(err, CAPSIM_ERR_INVALID, "no cap kind %d", (int)kind);
	opt = cap_options[kind];
	memset(out, 0, sizeof(*out));
	out->kind = kind;
	switch (kind) {
	case CAPSIM_CAP_MAX_FREQ:
	case CAPSIM_CAP_MIN_FREQ:
		ret = parse_policy(p, opt, arg, &value, &out->policy, &pol, err);
		return ret ? ret : parse_khz(p, &pol.cpus, opt, arg, value, &out->value, err);
	case CAPSIM_CAP_COOLING:
		ret = parse_policy(p, opt, arg, &value, &out->policy, &pol, err);
		if (ret)
			return ret;
		if (capsim_parse_u64(value, &state) || state >= pol.nr_opps)
			return capsim_error_set(err, CAPSIM_ERR_PARSE, "--cooling %s: expected a state "
						"0..%u", arg, pol.nr_opps - 1);
		out->value = (uint32_t)state;
		return 0;
	case CAPSIM_CAP_HW:
		return parse_hw(p, arg, out, err);
	case CAPSIM_CAP_BOOST:
		return parse_policy(p, opt, arg, NULL, &out->policy, &pol, err);
	}
	return CAPSIM_ERR_INVALID;
}

int capsim_platform_parse_cap(const capsim_platform *p, enum capsim_cap_kind kind, const char *arg,
			      struct capsim_cap *out, capsim_error *err)
{
	struct capsim_cap full;
	int ret;

	if (!abi_size_ok(out, ABI_V1_CAP))
		return abi_size_error(err, "struct capsim_cap", out, ABI_V1_CAP);
	ret = parse_cap(p, kind, arg, &full, err);
	return ret ? ret : abi_fill(out, &full, sizeof(full), ABI_V1_CAP);
}
