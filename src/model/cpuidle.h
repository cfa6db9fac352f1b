/* SPDX-License-Identifier: MIT */
/*
 * cpuidle.h - the idle-state choice of the kernel's menu governor
 * (drivers/cpuidle/governors/menu.c, menu_select()) over a CPU's DT idle states.
 */
#ifndef CAPSIM_CPUIDLE_H
#define CAPSIM_CPUIDLE_H

#include <stdbool.h>
#include <stdint.h>

#include "model/platform.h"

/* "no timer armed": tick_nohz_get_sleep_length()'s KTIME_MAX */
#define CPUIDLE_NO_TIMER UINT64_MAX

/* state 0, WFI, of cpuidle-psci and cpuidle-arm: its exit_latency in µs */
#define CPUIDLE_WFI_EXIT_LATENCY_US 1u

/**
 * cpuidle_menu_select() - menu_select(): the deepest state of @c whose target residency
 * fits the predicted idle time @predicted_ns and whose exit latency (the kernel's, entry +
 * exit by default) fits @latency_req_ns. A cluster state must also fit @domain_ns, the time
 * to the first timer of any CPU of the cluster (genpd's cpu_power_down_ok() compares the
 * domain state's residency with the domain's next wake-up); 0 when the cluster cannot go
 * down (another of its CPUs is not idle in a state). The prediction is the next timer event:
 * menu's correction factor is 1 and its repeating-interval detection agrees with it for the
 * periodic, timer-driven tasks of rt-app. Return: the state, 0 (WFI) .. @c->nr_idle.
 */
unsigned cpuidle_menu_select(const struct platform_cpu *c, uint64_t predicted_ns,
			     uint64_t latency_req_ns, uint64_t domain_ns);

/**
 * cpuidle_cpu_state() - the state @c is physically in when it chose @state but its cluster
 * is powered: the deepest of its own states (not a cluster's) up to @state.
 */
unsigned cpuidle_cpu_state(const struct platform_cpu *c, unsigned state);

/**
 * cpuidle_exit_delay_ns() - how long after a wake-up at @wake_ns the CPU that entered state
 * @st at @enter_ns runs code: what remains of its entry, then its exit-latency-us.
 */
uint64_t cpuidle_exit_delay_ns(const struct platform_idle_state *st, uint64_t enter_ns,
			       uint64_t wake_ns);

#endif /* CAPSIM_CPUIDLE_H */
