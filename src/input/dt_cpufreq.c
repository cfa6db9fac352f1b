// SPDX-License-Identifier: MIT
/*
 * dt_cpufreq.c - which cpufreq driver runs each policy, read from the DT as the drivers' probes
 * decide it, and what its ->init() sets that schedutil depends on: the transition latency
 * (policy->cpuinfo.transition_latency, hence cpufreq_policy_transition_delay_us(), the default
 * rate_limit_us) and fast switching (policy->fast_switch_possible):
 *   - qcom-cpufreq-hw: CPUs with qcom,freq-domain; sets no latency; fast switch.
 *   - mediatek-cpufreq-hw: performance-domains of a "mediatek,cpufreq-hw" node; the latency is
 *     a register (not in the DT: CPUFREQ_DEFAULT_TRANSITION_LATENCY_NS); fast switch.
 *   - scmi-cpufreq: clocks or performance-domains of a protocol node under "arm,scmi"; the
 *     latency is the firmware's (not in the DT: the default); fast switch through fast channels
 *     (assumed present).
 *   - scpi-cpufreq: clocks of an "arm,scpi-dvfs-clocks" node; the firmware's latency (the
 *     default); no fast switch.
 *   - cpufreq-dt otherwise (cpufreq-dt-platdev creates it for OPP tables): cpufreq_init() takes
 *     dev_pm_opp_get_max_transition_latency(), the OPPs' largest clock-latency-ns (v1:
 *     clock-latency) plus regulator_set_voltage_time() of the cpu-supply over the table's
 *     voltage range (regulator-ramp-delay, else the settling times), 1 ms when both are 0;
 *     no fast switch (the sugov kthread applies each change).
 * The platform JSON can override all of it (src/input/platform_json.c).
 */
#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

#include "input/dt.h"
#include "internal.h"

/* of_device_is_compatible() */
static bool dt_compatible(const struct dt *dt, int node, const char *compat)
{
	return node >= 0 && fdt_node_check_compatible(dt->fdt, node, compat) == 0;
}

/* A dangling or malformed phandle: dt_phandle() set dt->err */
#define DT_BAD(n) ((n) < 0 && (n) != DT_ABSENT)

/* scmi-cpufreq: the provider is a protocol node of an SCMI firmware node */
static bool is_scmi(const struct dt *dt, int node)
{
	int parent = node >= 0 ? fdt_parent_offset(dt->fdt, node) : -1;

	return dt_compatible(dt, parent, "arm,scmi") || dt_compatible(dt, parent, "arm,scmi-smc");
}

/*
 * regulator_set_voltage_time() through _regulator_set_voltage_time() for the DT's constraints
 * (of_get_regulation_constraints()): µs to go from @lo_uv to @hi_uv. A regulator driver's own
 * desc->ramp_delay is not in the DT and not counted.
 */
static int volt_time_us(struct dt *dt, int reg, uint32_t lo_uv, uint32_t hi_uv, uint32_t *out)
{
	uint32_t ramp = 0, settle = 0, up = 0;
	int ret = dt_u32(dt, reg, "regulator-ramp-delay", &ramp);

	if (ret >= 0)
		ret = dt_u32(dt, reg, "regulator-settling-time-us", &settle);
	if (ret >= 0)
		ret = dt_u32(dt, reg, "regulator-settling-time-up-us", &up);
	CAPSIM_RETURN_IF(ret < 0, ret);
	if (ramp) /* DIV_ROUND_UP(abs(new_uV - old_uV), ramp_delay) */
		*out = (uint32_t)(((uint64_t)hi_uv - lo_uv + ramp - 1) / ramp);
	else if (settle)
		*out = settle;
	else
		*out = hi_uv > lo_uv ? up : 0;
	return 0;
}

/* dev_pm_opp_get_max_volt_latency(): the cpu-supply over the OPPs' [min u_volt_min, max u_volt_max] */
static int volt_latency_ns(struct dt *dt, int cpu_node, const struct platform_policy *pol,
			   uint64_t *out)
{
	int reg = dt_phandle(dt, cpu_node, "cpu-supply", 0);
	uint32_t lo = UINT32_MAX, hi = 0;

	*out = 0;
	if (reg == DT_ABSENT) /* find_supply_name()'s legacy name */
		reg = dt_phandle(dt, cpu_node, "cpu0-supply", 0);
	CAPSIM_RETURN_IF(DT_BAD(reg), reg);
	if (reg < 0)
		return 0;
	for (unsigned i = 0; i < pol->nr_opps; i++) {
		if (pol->opps[i].uv_min < lo)
			lo = pol->opps[i].uv_min;
		if (pol->opps[i].uv_max > hi)
			hi = pol->opps[i].uv_max;
	}
	if (hi >= lo) {
		uint32_t us;
		int ret = volt_time_us(dt, reg, lo, hi, &us);

		CAPSIM_RETURN_IF(ret, ret);
		*out = (uint64_t)us * 1000;
	}
	return 0;
}

/* dev_pm_opp_get_max_clock_latency(): clock_latency_ns_max of the OPP table */
static int clock_latency_ns(struct dt *dt, int cpu_node, uint32_t *out)
{
	int table = dt_phandle(dt, cpu_node, "operating-points-v2", 0), node, ret;
	uint32_t v = 0;

	*out = 0;
	if (table == DT_ABSENT) /* _of_add_opp_table_v1(): the CPU node's clock-latency */
		return dt_u32(dt, cpu_node, "clock-latency", out) < 0 ? CAPSIM_ERR_PARSE : 0;
	CAPSIM_RETURN_IF(table < 0, table);
	fdt_for_each_subnode(node, dt->fdt, table) {
		if (!dt_available(dt, node))
			continue;
		ret = dt_u32(dt, node, "clock-latency-ns", &v);
		CAPSIM_RETURN_IF(ret < 0, ret);
		if (ret > 0 && v > *out)
			*out = v;
	}
	return 0;
}

/* cpufreq_init() of cpufreq-dt: dev_pm_opp_get_max_transition_latency(), 1 ms when 0 */
static int cpufreq_dt_latency(struct dt *dt, int cpu_node, struct platform_policy *pol)
{
	uint32_t clk;
	uint64_t volt, ns;
	int ret = clock_latency_ns(dt, cpu_node, &clk);

	if (!ret)
		ret = volt_latency_ns(dt, cpu_node, pol, &volt);
	CAPSIM_RETURN_IF(ret, ret);
	ns = clk + volt;
	if (ns > UINT32_MAX) /* cpuinfo.transition_latency is an unsigned int */
		ns = UINT32_MAX;
	pol->transition_latency_ns = ns ? (uint32_t)ns : CPUFREQ_DEFAULT_TRANSITION_LATENCY_NS;
	return 0;
}

int dt_parse_cpufreq_drivers(struct dt *dt)
{
	struct capsim_platform *p = dt->p;

	for (unsigned i = 0; i < p->nr_policies; i++) {
		struct platform_policy *pol = &p->policies[i];
		int node = dt->cpu_nodes[pol->cpu];
		int clk = dt_phandle(dt, node, "clocks", 0);
		int perf = dt_phandle(dt, node, "performance-domains", 0);

		CAPSIM_RETURN_IF(DT_BAD(clk), clk);
		CAPSIM_RETURN_IF(DT_BAD(perf), perf);
		if (dt_bool(dt, node, "qcom,freq-domain")) {
			pol->driver = PLATFORM_DRV_QCOM_HW; /* qcom_cpufreq_hw_cpu_init() */
			pol->fast_switch = true;
		} else if (dt_compatible(dt, perf, "mediatek,cpufreq-hw")) {
			pol->driver = PLATFORM_DRV_MEDIATEK_HW;
			pol->transition_latency_ns = CPUFREQ_DEFAULT_TRANSITION_LATENCY_NS;
			pol->fast_switch = true;
		} else if (is_scmi(dt, perf) || is_scmi(dt, clk)) {
			pol->driver = PLATFORM_DRV_SCMI;
			pol->transition_latency_ns = CPUFREQ_DEFAULT_TRANSITION_LATENCY_NS;
			pol->fast_switch = true;
		} else if (dt_compatible(dt, clk, "arm,scpi-dvfs-clocks")) {
			pol->driver = PLATFORM_DRV_SCPI;
			pol->transition_latency_ns = CPUFREQ_DEFAULT_TRANSITION_LATENCY_NS;
		} else {
			int ret = cpufreq_dt_latency(dt, node, pol);

			CAPSIM_RETURN_IF(ret, ret);
			pol->driver = PLATFORM_DRV_CPUFREQ_DT;
		}
	}
	return 0;
}
