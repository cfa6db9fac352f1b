// SPDX-License-Identifier: MIT
/*
 * cpuidle.c - cpuidle's calls of its governor (drivers/cpuidle/cpuidle.c: cpuidle_select(),
 * cpuidle_reflect()) over the driver cpuidle-psci builds, what the states of a cluster or power
 * domain add, and the cost of leaving a state. The governors: cpuidle_menu.c, cpuidle_teo.c.
 */
#include <assert.h>
#include <string.h>
#include <strings.h>

#include "internal.h"
#include "model/cpuidle.h"
#include "model/model.h"

static const char *const governor_names[] = { [CPUIDLE_GOV_MENU] = "menu",
					      [CPUIDLE_GOV_TEO] = "teo" };

int cpuidle_find_governor(const char *name)
{
	for (int i = 0; i < (int)ARRAY_SIZE(governor_names); i++)
		if (!strcasecmp(name, governor_names[i])) /* strncasecmp(), CPUIDLE_NAME_LEN */
			return i;
	return -1;
}

enum cpuidle_version cpuidle_version_of(enum capsim_model model)
{
	if (model_cpuidle_6_1(model))
		return CPUIDLE_6_1;
	return model_cpuidle_7_3(model) ? CPUIDLE_7_3 : CPUIDLE_6_12;
}

const char *cpuidle_governor_name(enum cpuidle_governor gov)
{
	return governor_names[gov];
}

void cpuidle_drv_of(const struct platform_cpu *c, struct cpuidle_drv *drv)
{
	drv->state_count = 1;
	drv->exit_latency_ns[0] = CPUIDLE_WFI_EXIT_LATENCY_US * (int64_t)CAPSIM_NSEC_PER_USEC;
	drv->target_residency_ns[0] =
		CPUIDLE_WFI_TARGET_RESIDENCY_US * (int64_t)CAPSIM_NSEC_PER_USEC;
	for (unsigned i = 0; i < c->nr_idle && drv->state_count < CPUIDLE_STATE_MAX; i++) {
		if (c->idle[i].domain)
			break;
		drv->exit_latency_ns[drv->state_count] =
			c->idle[i].wakeup_us * (int64_t)CAPSIM_NSEC_PER_USEC;
		drv->target_residency_ns[drv->state_count++] =
			c->idle[i].residency_us * (int64_t)CAPSIM_NSEC_PER_USEC;
	}
}

/* the governors' enable(): menu_enable_device(), teo_enable_device(); the device zeroed */
void cpuidle_enable(struct cpuidle_cpu *cpu, enum cpuidle_version version)
{
	*cpu = (struct cpuidle_cpu){ .version = version };
	cpuidle_menu_enable(&cpu->menu, version);
	cpuidle_teo_enable(&cpu->teo, version);
}

/* 7.3's cpuidle_idle_call() asks the governor only when the driver has more than one state */
bool cpuidle_governed(const struct cpuidle_drv *drv, const struct cpuidle_cpu *cpu)
{
	return cpu->version != CPUIDLE_7_3 || drv->state_count > CAPSIM_MUT(171, 1, 0);
}

/*
 * what @gov's select() writes of a device, from @from to @to: menu_select() its menu_device,
 * teo_select() its teo_cpu and dev->last_state_idx (bytes: padding too, for the debug check)
 */
static void select_part_copy(enum cpuidle_governor gov, struct cpuidle_cpu *to,
			     const struct cpuidle_cpu *from)
{
	if (gov == CPUIDLE_GOV_TEO) {
		memcpy(&to->teo, &from->teo, sizeof(to->teo));
		to->last_state_idx = from->last_state_idx;
	} else {
		memcpy(&to->menu, &from->menu, sizeof(to->menu));
	}
}

void cpuidle_select_save(enum cpuidle_governor gov, const struct cpuidle_cpu *cpu,
			 struct cpuidle_cpu *saved)
{
	select_part_copy(gov, saved, cpu);
}

void cpuidle_select_undo(enum cpuidle_governor gov, struct cpuidle_cpu *cpu,
			 const struct cpuidle_cpu *saved)
{
	select_part_copy(gov, cpu, saved);
}

#ifndef NDEBUG
/* @cpu after @gov's selection, with its part from @before put back, is @before byte for byte */
static bool select_undone(enum cpuidle_governor gov, const struct cpuidle_cpu *before,
			  const struct cpuidle_cpu *cpu)
{
	struct cpuidle_cpu undone;

	memcpy(&undone, cpu, sizeof(undone));
	select_part_copy(gov, &undone, before);
	return !memcmp(&undone, before, sizeof(undone));
}
#endif

/*
 * mirrors cpuidle_select(): cpuidle_idle_call() asks with the tick to be stopped; where it asks
 * no governor (7.3, one state) it runs state 0 and stops the tick as do_idle()'s got_tick says.
 * Debug builds check that cpuidle_select_undo() would undo it (the governor wrote no more than
 * cpuidle_select_save() keeps).
 */
int cpuidle_select(enum cpuidle_governor gov, const struct cpuidle_drv *drv,
		   struct cpuidle_cpu *cpu, const struct cpuidle_select_in *in, bool *stop_tick)
{
	int idx;
#ifndef NDEBUG
	struct cpuidle_cpu before;

	memcpy(&before, cpu, sizeof(before));
#endif
	*stop_tick = true;
	if (!cpuidle_governed(drv, cpu)) {
		*stop_tick = CAPSIM_MUT(313, in->got_tick, true);
		return 0;
	}
	idx = gov == CPUIDLE_GOV_TEO ? cpuidle_teo_select(drv, cpu, in, stop_tick)
				     : cpuidle_menu_select(drv, cpu, in, stop_tick);
	assert(select_undone(gov, &before, cpu));
	return idx;
}

/* mirrors cpuidle_reflect(), after cpuidle_enter_state() noted dev->last_residency_ns */
void cpuidle_reflect(enum cpuidle_governor gov, const struct cpuidle_drv *drv,
		     struct cpuidle_cpu *cpu, int index, uint64_t residency_ns, uint64_t now_ns,
		     bool got_tick, uint64_t tick_ns)
{
	cpu->last_residency_ns = residency_ns;
	if (!cpuidle_governed(drv, cpu))
		return;
	if (gov == CPUIDLE_GOV_TEO)
		cpuidle_teo_reflect(cpu, index, now_ns, got_tick, tick_ns);
	else
		cpuidle_menu_reflect(cpu, index, got_tick);
}

/* @st fits the domain's next wake-up @domain_ns and the latency request */
static bool domain_fits(const struct platform_idle_state *st, uint64_t latency_req_ns,
			uint64_t domain_ns)
{
	return (uint64_t)st->residency_us * CAPSIM_NSEC_PER_USEC <= domain_ns &&
	       (uint64_t)st->wakeup_us * CAPSIM_NSEC_PER_USEC <= latency_req_ns;
}

unsigned cpuidle_domain_state(const struct platform_cpu *c, unsigned idx, uint64_t latency_req_ns,
			      uint64_t domain_ns)
{
	/* the deepest driver state enters genpd's domain states (psci_enter_domain_idle_state()) */
	if (idx && idx < c->nr_idle && c->idle[idx].domain && !c->idle[idx - 1].domain)
		while (idx < c->nr_idle && c->idle[idx].domain &&
		       domain_fits(&c->idle[idx], latency_req_ns, domain_ns))
			idx++;
	while (idx && c->idle[idx - 1].cluster && !domain_fits(&c->idle[idx - 1], latency_req_ns,
							       domain_ns))
		idx--;
	return idx;
}

unsigned cpuidle_cpu_state(const struct platform_cpu *c, unsigned state)
{
	while (state && c->idle[state - 1].cluster)
		state--;
	return state;
}

uint64_t cpuidle_exit_delay_ns(const struct platform_idle_state *st, uint64_t enter_ns,
			       uint64_t wake_ns)
{
	uint64_t entered = enter_ns + (uint64_t)st->entry_us * CAPSIM_NSEC_PER_USEC;

	return (entered > wake_ns ? entered - wake_ns : 0) +
	       (uint64_t)st->exit_us * CAPSIM_NSEC_PER_USEC;
}
