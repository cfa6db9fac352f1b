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

/**
 * cpuidle_menu_select() - menu_select(): the deepest state of @c whose target residency
 * fits the predicted idle time @predicted_ns and whose exit latency (the kernel's, entry +
 * exit by default) fits @latency_req_ns; a cluster state only when @cluster_idle (every
 * other CPU of its cluster is idle). The prediction is the next timer event: menu's
 * correction factor is 1 and its repeating-interval detection agrees with it for the
 * periodic, timer-driven tasks of rt-app. Return: the state, 0 (WFI) .. @c->nr_idle.
 */
unsigned cpuidle_menu_select(const struct platform_cpu *c, uint64_t predicted_ns,
			     uint64_t latency_req_ns, bool cluster_idle);

/**
 * cpuidle_exit_delay_ns() - how long after a wake-up at @wake_ns the CPU that entered state
 * @st at @enter_ns runs code: what remains of its entry, then its exit-latency-us.
 */
uint64_t cpuidle_exit_delay_ns(const struct platform_idle_state *st, uint64_t enter_ns,
			       uint64_t wake_ns);

#endif /* CAPSIM_CPUIDLE_H */
