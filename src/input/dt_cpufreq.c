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
 *     no fast switch (the sugov kthread applies each change). The two parts are kept for the
 *     kthread's changes (src/model/opp_transition.c): the clock's latency, with whether the
 *     clock asks firmware (HiKey960's "hisilicon,hi3660-stub-clk": hi3660_stub_clk_set_rate()
 *     posts a mailbox message and returns), and the supply's timing.
 * The platform JSON can override all of it (src/input/platform_json.c).
 */
#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

#include "input/dt.h"
#include "internal.h"
#include "model/opp_transition.h"

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
 * of_get_regulation_constraints() of the cpu-supply @reg: the timing of its voltage changes
 * (src/model/opp_transition.c turns it into each transition's delay).
 */
static int read_supply(struct dt *dt, int reg, struct platform_supply *out)
{
	int ret = dt_u32(dt, reg, "regulator-ramp-delay", &out->ramp_delay);

	if (ret >= 0)
		ret = dt_u32(dt, reg, "regulator-settling-time-us", &out->settling_time_us);
	if (ret >= 0)
		ret = dt_u32(dt, reg, "regulator-settling-time-up-us", &out->settling_time_up_us);
	if (ret >= 0)
		ret = dt_u32(dt, reg, "regulator-settling-time-down-us",
			     &out->settling_time_down_us);
	CAPSIM_RETURN_IF(ret < 0, ret);
	out->present = true;
	return 0;
}

/* The cpu-supply's timing into @pol, if cpufreq-dt finds one (find_supply_name()). */
static int supply_of(struct dt *dt, int cpu_node, struct platform_policy *pol)
{
	int reg = dt_phandle(dt, cpu_node, "cpu-supply", 0);

	if (reg == DT_ABSENT) /* find_supply_name()'s legacy name */
		reg = dt_phandle(dt, cpu_node, "cpu0-supply", 0);
	CAPSIM_RETURN_IF(DT_BAD(reg), reg);
	return reg < 0 ? 0 : read_supply(dt, reg, &pol->supply);
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

/* cpufreq_init() of cpufreq-dt: dev_pm_opp_get_max_transition_latency(), 1 ms when 0; @clk_node
 * the CPU's clock provider */
static int cpufreq_dt_latency(struct dt *dt, int cpu_node, int clk_node,
			      struct platform_policy *pol)
{
	uint32_t clk;
	uint64_t ns;
	int ret = clock_latency_ns(dt, cpu_node, &clk);

	if (!ret)
		ret = supply_of(dt, cpu_node, pol);
	CAPSIM_RETURN_IF(ret, ret);
	ns = clk + (uint64_t)opp_max_volt_latency_us(pol) * 1000;
	if (ns > UINT32_MAX) /* cpuinfo.transition_latency is an unsigned int */
		ns = UINT32_MAX;
	pol->clock_latency_ns = clk;
	/* hi3660_stub_clk_set_rate(): a mailbox message to the LPM3, which makes the change */
	pol->clock_firmware = dt_compatible(dt, clk_node, "hisilicon,hi3660-stub-clk");
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
			int ret = cpufreq_dt_latency(dt, node, clk, pol);

			CAPSIM_RETURN_IF(ret, ret);
			pol->driver = PLATFORM_DRV_CPUFREQ_DT;
		}
	}
	return 0;
}
