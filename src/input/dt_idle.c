// SPDX-License-Identifier: MIT
/*
 * dt_idle.c - each CPU's cpuidle states from a device tree, as cpuidle-psci builds its driver:
 * of_get_cpu_state_node() (drivers/of/base.c) finds state i in the domain-idle-states of the
 * CPU's own power domain (the PSCI hierarchical form of SM8250-class SoCs), else in its
 * cpu-idle-states; dt_init_idle_driver() / init_state_node() (drivers/cpuidle/dt_idle_states.c)
 * read each "arm,idle-state" node into state 1, 2, ... after the WFI state 0. A state that
 * powers the cluster down is one whose PSCI power level (original-format
 * arm,psci-suspend-param) is above the core, or, in the hierarchical form, a state of the CPU
 * domain's parent domain (genpd chooses it in PSCI OS-initiated mode when the last CPU idles).
 */
#include <libfdt.h>
#include <stdio.h>
#include <string.h>

#include "input/dt.h"
#include "internal.h"
#include "input/platform_load.h"

/* PSCI_0_2_POWER_STATE_AFFL_MASK: the power level of an original-format StateID */
#define PSCI_AFFL_SHIFT 24
#define PSCI_AFFL_MASK 0x3u
/* the extended StateID format's StateType bit: such parameters carry no power level */
#define PSCI_EXT_TYPE_BIT 0x40000000u

/*
 * init_state_node(): @node into @st. Return: 1 read, 0 the kernel would refuse the state
 * (a required latency missing: dt_init_idle_driver() fails and the CPU keeps only WFI, noted),
 * or a negative enum capsim_err for malformed cells.
 */
static int read_state(struct dt *dt, int node, bool domain, struct platform_idle_state *st)
{
	uint32_t param = 0, wakeup;
	const char *name;
	int len, ret, have[3];

	memset(st, 0, sizeof(*st));
	dt_path(dt, node, st->node_path, sizeof(st->node_path));
	have[0] = ret = dt_u32(dt, node, "entry-latency-us", &st->entry_us);
	CAPSIM_RETURN_IF(ret < 0, ret);
	have[1] = ret = dt_u32(dt, node, "exit-latency-us", &st->exit_us);
	CAPSIM_RETURN_IF(ret < 0, ret);
	have[2] = ret = dt_u32(dt, node, "min-residency-us", &st->residency_us);
	CAPSIM_RETURN_IF(ret < 0, ret);
	ret = dt_u32(dt, node, "wakeup-latency-us", &wakeup);
	CAPSIM_RETURN_IF(ret < 0, ret);
	if (!have[2] || (!ret && (!have[0] || !have[1]))) {
		platform_note(dt->p, "%s: no %s: the kernel's dt_init_idle_driver() fails and its "
			      "CPUs keep WFI only", st->node_path,
			      !have[2] ? "min-residency-us" : "entry-latency-us/exit-latency-us");
		return 0;
	}
	/* the bindings' default when wakeup-latency-us is absent: entry + exit */
	st->wakeup_us = ret ? wakeup : st->entry_us + st->exit_us;
	st->timer_stop = dt_bool(dt, node, "local-timer-stop");
	name = fdt_getprop(dt->fdt, node, "idle-state-name", &len);
	if (!name || len <= 0)
		name = fdt_get_name(dt->fdt, node, &len);
	snprintf(st->name, sizeof(st->name), "%.*s", (int)strnlen(name, (size_t)len), name);
	ret = dt_u32(dt, node, "arm,psci-suspend-param", &param);
	CAPSIM_RETURN_IF(ret < 0, ret);
	st->domain = domain;
	st->cluster = domain || (!(param & PSCI_EXT_TYPE_BIT) &&
				 ((param >> PSCI_AFFL_SHIFT) & PSCI_AFFL_MASK) > 0);
	return 1;
}

/* of_get_cpu_state_node(): state @index of CPU node @cpu, from its power domain first */
static int state_node(struct dt *dt, int cpu, int pd, unsigned index)
{
	int node = pd >= 0 ? dt_phandle(dt, pd, "domain-idle-states", index) : DT_ABSENT;

	return node == DT_ABSENT ? dt_phandle(dt, cpu, "cpu-idle-states", index) : node;
}

/*
 * Append to @c the available states of CPU node @cpu_node (its power domain @pd first) or,
 * with @parent >= 0, those of the parent domain @parent. Return: 0, 1 when the kernel would
 * refuse one (the CPU keeps WFI only), or a negative enum capsim_err.
 */
static int add_states(struct dt *dt, struct platform_cpu *c, int cpu_node, int pd, int parent)
{
	for (unsigned i = 0;; i++) {
		int node = parent >= 0 ? dt_phandle(dt, parent, "domain-idle-states", i)
				       : state_node(dt, cpu_node, pd, i);
		struct platform_idle_state st;
		int ret;

		if (node == DT_ABSENT)
			return 0;
		CAPSIM_RETURN_IF(node < 0, node);
		if (!dt_available(dt, node))
			continue;
		if (parent < 0 && fdt_node_check_compatible(dt->fdt, node, "arm,idle-state"))
			return 0; /* dt_init_idle_driver(): the first state not matched ends the list */
		ret = read_state(dt, node, parent >= 0, &st);
		CAPSIM_RETURN_IF(ret <= 0, ret < 0 ? ret : 1);
		if (c->nr_idle == PLATFORM_MAX_IDLE_STATES - 1)
			return 0; /* CPUIDLE_STATE_MAX */
		c->idle[c->nr_idle++] = st;
	}
}

int dt_parse_idle_states(struct dt *dt)
{
	for (unsigned cpu = 0; cpu < dt->p->nr_cpus; cpu++) {
		struct platform_cpu *c = &dt->p->cpus[cpu];
		int node = dt->cpu_nodes[cpu], pd, parent = DT_ABSENT, ret;

		c->idle_domain = c->cluster;
		pd = dt_phandle(dt, node, "power-domains", 0);
		CAPSIM_RETURN_IF(pd < 0 && pd != DT_ABSENT, pd);
		if (pd >= 0) {
			parent = dt_phandle(dt, pd, "power-domains", 0);
			CAPSIM_RETURN_IF(parent < 0 && parent != DT_ABSENT, parent);
		}
		ret = add_states(dt, c, node, pd, DT_ABSENT);
		/* cpuidle-psci-domain: the parent domain's states, entered by the last CPU */
		if (!ret && c->nr_idle && parent >= 0) {
			c->idle_domain = parent;
			ret = add_states(dt, c, node, pd, parent);
		}
		CAPSIM_RETURN_IF(ret < 0, ret);
		if (ret)
			c->nr_idle = 0;
	}
	return 0;
}
