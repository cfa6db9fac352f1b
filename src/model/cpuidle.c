// SPDX-License-Identifier: MIT
/*
 * cpuidle.c - the menu governor's state choice and the cost of leaving a state. menu, not teo:
 * it is what 6.12 runs when both are built (cpuidle_register_governor() takes the highest
 * rating: menu 20, teo 19), and for timer-driven wake-ups both choose by the next timer.
 */
#include "model/cpuidle.h"

unsigned cpuidle_menu_select(const struct platform_cpu *c, uint64_t predicted_ns,
			     uint64_t latency_req_ns, uint64_t domain_ns)
{
	unsigned idx = 0;

	/* menu_select()'s loop: states are ordered, the first that does not fit ends it */
	for (unsigned i = 0; i < c->nr_idle; i++) {
		const struct platform_idle_state *st = &c->idle[i];
		uint64_t residency = (uint64_t)st->residency_us * CAPSIM_NSEC_PER_USEC;

		if (residency > predicted_ns ||
		    (uint64_t)st->wakeup_us * CAPSIM_NSEC_PER_USEC > latency_req_ns)
			break;
		if (st->cluster && residency > domain_ns)
			break;
		idx = i + 1;
	}
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
