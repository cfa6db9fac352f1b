// SPDX-License-Identifier: MIT
/*
 * platform_caps.c - capacity under caps and pressures (include/capsim/capsim_platform.h), what
 * `capsim capacity` answers: user caps become freq_qos requests that cpufreq_set_policy()
 * resolves (cpufreq pressure, instantaneous: cpufreq_update_pressure()); a cpufreq cooling
 * device's state is its MAX request (cpufreq_set_cur_state()); HW caps go through
 * topology_update_hw_pressure() and the PELT average hw_load_avg, updated every tick
 * (update_hw_load_avg()); the answer is get_actual_cpu_capacity() (v6.10+), next to what a v6.9
 * kernel believed (thermal pressure from HW caps and cooling devices only).
 */
#include <string.h>

#include "abi.h"
#include "internal.h"
#include "model/belief.h"
#include "model/platform.h"

/* The request a cooling device holds in its policy's MAX list (cpufreq_cooling.c's qos_req). */
#define COOLING_REQUEST "cooling"
/* scaling_min_freq / scaling_max_freq (store_scaling_max_freq()'s policy->max_freq_req). */
#define USER_REQUEST "user"

static int find_policy(const struct capsim_platform *p, unsigned cpu, capsim_error *err)
{
	int i = platform_find_policy(p, cpu);

	if (i < 0)
		return capsim_error_set(err, CAPSIM_ERR_NOT_FOUND, "%s: no policy%u", p->name, cpu);
	return i;
}

/*
 * v6.9 cpufreq_set_cur_state(): the cooling device's cap also became thermal pressure
 * (arch_update_thermal_pressure() with the state's frequency), for the snapshot's v6.9 view
 */
static void cooling_thermal_pressure(struct capsim_platform *p, const struct platform_policy *pol,
				     uint32_t khz)
{
	struct belief_cpu_params c = belief_cpu_params_of(p, pol->cpu);
	uint64_t pressure = belief_capped_pressure(&c, khz);

	for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++)
		if (capsim_cpumask_test(&pol->related_cpus, cpu))
			p->cpus[cpu].thermal_pressure_v69 = pressure;
}

/* cpufreq_set_cur_state(): state k asks for the k-th highest frequency as the MAX request */
static int set_cooling_state(struct capsim_platform *p, unsigned policy, uint32_t state,
			     capsim_error *err)
{
	const struct platform_policy *pol = &p->policies[policy];
	uint32_t khz;
	int ret;

	if (state >= pol->nr_opps)
		return capsim_error_set(err, CAPSIM_ERR_RANGE, "policy%u: no cooling state %u "
					"(expected 0..%u)", pol->cpu, state, pol->nr_opps - 1);
	khz = pol->opps[pol->nr_opps - 1 - state].khz;
	ret = platform_freq_qos_add_request(p, policy, FREQ_QOS_MAX, FREQ_QOS_ORIGIN_COOLING,
					    COOLING_REQUEST, khz, err);
	/* the device holds one request: a later state updates it */
	if (ret == CAPSIM_ERR_INVALID)
		ret = platform_freq_qos_update_request(p, policy, FREQ_QOS_MAX, COOLING_REQUEST, khz,
						       err);
	if (!ret)
		cooling_thermal_pressure(p, pol, khz);
	return ret;
}

/*
 * LMh reports a throttled frequency per cpufreq policy: topology_update_hw_pressure() gets
 * the policy's CPUs and computes from the first one. A CPU list spanning policies is split
 * into one call per policy (CPUs without a policy alone).
 */
static int set_hw_cap_per_policy(struct capsim_platform *p, const capsim_cpumask *cpus,
				 uint32_t khz, capsim_error *err)
{
	for (unsigned cpu = p->nr_cpus; cpu < CAPSIM_MAX_CPUS; cpu++)
		if (capsim_cpumask_test(cpus, cpu))
			return capsim_error_set(err, CAPSIM_ERR_RANGE, "%s: no CPU %u (it has %u)",
						p->name, cpu, p->nr_cpus);
	for (unsigned i = 0; i < p->nr_policies; i++) {
		capsim_cpumask group = { { 0 } };

		for (unsigned w = 0; w < CAPSIM_MAX_CPUS / 64; w++)
			group.bits[w] = cpus->bits[w] & p->policies[i].related_cpus.bits[w];
		if (capsim_cpumask_weight(&group))
			platform_set_hw_pressure(p, &group, khz);
	}
	for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++) {
		capsim_cpumask one = { { 0 } };

		capsim_cpumask_set(&one, cpu);
		if (capsim_cpumask_test(cpus, cpu) && platform_policy_of(p, cpu) < 0)
			platform_set_hw_pressure(p, &one, khz);
	}
	return 0;
}

int capsim_platform_apply_cap(capsim_platform *p, const struct capsim_cap *in, capsim_error *err)
{
	struct capsim_cap full;
	const struct capsim_cap *cap = &full;
	int policy = 0;

	if (abi_read(&full, sizeof(full), in, ABI_V1_CAP))
		return abi_size_error(err, "struct capsim_cap", in, ABI_V1_CAP);
	if (cap->kind != CAPSIM_CAP_HW && (policy = find_policy(p, cap->policy, err)) < 0)
		return policy;
	if (cap->kind != CAPSIM_CAP_COOLING && cap->kind != CAPSIM_CAP_BOOST &&
	    cap->value > (uint32_t)INT32_MAX)
		return capsim_error_set(err, CAPSIM_ERR_RANGE, "%u kHz: beyond S32_MAX", cap->value);
	switch (cap->kind) {
	case CAPSIM_CAP_MAX_FREQ:
	case CAPSIM_CAP_MIN_FREQ:
		return platform_freq_qos_update_request(p, (unsigned)policy,
							cap->kind == CAPSIM_CAP_MAX_FREQ ? FREQ_QOS_MAX
											 : FREQ_QOS_MIN,
							USER_REQUEST, cap->value, err);
	case CAPSIM_CAP_COOLING:
		return set_cooling_state(p, (unsigned)policy, cap->value, err);
	case CAPSIM_CAP_HW:
		return set_hw_cap_per_policy(p, &cap->cpus, cap->value, err);
	case CAPSIM_CAP_BOOST:
		return platform_set_boost(p, (unsigned)policy, true, err);
	}
	return capsim_error_set(err, CAPSIM_ERR_INVALID, "unknown cap kind %d", (int)cap->kind);
}

int capsim_platform_set_freq_ref_fallback(capsim_platform *p,
					  enum capsim_freq_ref_fallback fallback, capsim_error *err)
{
	if (fallback != CAPSIM_FALLBACK_NONE && fallback != CAPSIM_FALLBACK_CPUINFO_MAX)
		return capsim_error_set(err, CAPSIM_ERR_INVALID, "unknown freq_ref fallback %d",
					(int)fallback);
	p->fallback = (enum platform_freq_ref_fallback)fallback;
	/* cpufreq_update_pressure() reads the reference when a policy resolves */
	for (unsigned i = 0; i < p->nr_policies; i++)
		platform_cpufreq_set_policy(p, i);
	return 0;
}

int capsim_platform_settle_hw_load_avg(capsim_platform *p, uint64_t after_ns, unsigned hz,
				       capsim_error *err)
{
	uint64_t tick;

	if (hz < 1 || hz > 1000)
		return capsim_error_set(err, CAPSIM_ERR_RANGE, "HZ %u: expected 1..1000", hz);
	if (after_ns > CAPSIM_MAX_SETTLE_NS)
		return capsim_error_set(err, CAPSIM_ERR_RANGE, "after %llu ns: expected at most 1 h "
					"(hw_load_avg settles within about 1 s)",
					(unsigned long long)after_ns);
	/* update_hw_load_avg() runs from the tick (sched_tick()) on every CPU */
	tick = NSEC_PER_SEC / hz;
	for (uint64_t now = tick; now <= after_ns; now += tick)
		for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++)
			platform_update_hw_load_avg(p, cpu, now);
	return 0;
}

int capsim_platform_get_capacity(const capsim_platform *p, unsigned cpu,
				 struct capsim_cpu_capacity *out)
{
	struct capsim_cpu_capacity full;
	int pol;

	if (cpu >= p->nr_cpus)
		return CAPSIM_ERR_RANGE;
	pol = platform_policy_of(p, cpu);
	full = (struct capsim_cpu_capacity){
		.capacity_orig = platform_cpu_capacity_orig(p, cpu),
		.policy = pol >= 0 ? (int)p->policies[pol].cpu : -1,
		.policy_max_khz = pol >= 0 ? p->policies[pol].max_khz : 0,
		.policy_min_khz = pol >= 0 ? p->policies[pol].min_khz : 0,
		.freq_ref_khz = platform_freq_ref(p, cpu),
		.cpufreq_pressure = platform_cpufreq_pressure(p, cpu),
		.hw_pressure = platform_hw_pressure(p, cpu),
		.hw_load_avg = platform_hw_load_avg(p, cpu),
		.actual_capacity = platform_actual_capacity(p, cpu),
		.v6_9_thermal_pressure = platform_thermal_pressure_v69(p, cpu),
		.v6_9_capacity = platform_capacity_v69(p, cpu),
	};
	return abi_fill(out, &full, sizeof(full), ABI_V1_CPU_CAPACITY);
}

uint64_t capsim_platform_actual_capacity(const capsim_platform *p, unsigned cpu)
{
	return platform_actual_capacity(p, cpu);
}

/* The lowest and highest OPP (cpuinfo) over the policies of @cpus: false if none has one. */
static bool opp_range(const struct capsim_platform *p, const capsim_cpumask *cpus,
		      uint32_t *min, uint32_t *max)
{
	bool any = false;

	for (unsigned i = 0; i < p->nr_policies; i++) {
		const struct platform_policy *pol = &p->policies[i];
		bool hit = false;

		for (unsigned c = 0; c < p->nr_cpus && !hit; c++)
			hit = capsim_cpumask_test(cpus, c) && capsim_cpumask_test(&pol->related_cpus, c);
		if (!hit)
			continue;
		*min = any && *min < pol->cpuinfo_min_khz ? *min : pol->cpuinfo_min_khz;
		*max = any && *max > pol->cpuinfo_max_khz ? *max : pol->cpuinfo_max_khz;
		any = true;
	}
	return any;
}

int capsim_platform_check_bare_khz(const capsim_platform *p, const capsim_cpumask *cpus,
				   uint32_t khz, const char *what, capsim_error *err)
{
	uint32_t min = 0, max = 0; /* set by opp_range() when it finds a policy */

	/* 10x either way: far from any OPP, as MHz or Hz typed for kHz are (1000x) */
	if (!opp_range(p, cpus, &min, &max) || ((uint64_t)khz * 10 >= min && khz <= 10ULL * max))
		return 0;
	if ((uint64_t)khz * 1000 >= min && (uint64_t)khz * 1000 <= max)
		return capsim_error_set(err, CAPSIM_ERR_RANGE, "%s: %u kHz is far outside the OPPs "
					"(%u..%u kHz): did you mean %u MHz?", what, khz, min, max, khz);
	return capsim_error_set(err, CAPSIM_ERR_RANGE, "%s: %u kHz is far outside the OPPs "
				"(%u..%u kHz; a bare number is kHz: write a unit, e.g. %u MHz)", what,
				khz, min, max, max / 1000);
}
