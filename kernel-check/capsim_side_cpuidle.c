// SPDX-License-Identifier: MIT
/*
 * capsim_side_cpuidle.c - capsim's answer for the groups menu and teo: the case's driver states
 * in a struct cpuidle_drv, one CPU's struct cpuidle_cpu from cpuidle_enable(), then at each step
 * the model's cpuidle_select() and cpuidle_reflect() (src/model/cpuidle.c), as the engine calls
 * them (src/sim/idle.c). Nothing here computes an answer. Compiled again with KC_MODEL (the
 * v6.1 and v7.3 models: menu_6_1, teo_6_1, menu_7_3, teo_7_3), whose governors' version
 * cpuidle_version_of() gives, as the engine's sim_idle_init() asks it.
 */
#include <string.h>

#include "kcase.h"
#include "model/cpuidle.h"

#ifndef KC_MODEL
#define KC_MODEL CAPSIM_MODEL_V6_12
#endif

/* the case through @gov; the device's and governor's data at the end into @cpu */
static void cs_run(enum cpuidle_governor gov, const struct kc_menu_in *in, struct kc_menu_out *out,
		   struct cpuidle_cpu *cpu)
{
	struct cpuidle_drv drv = { .state_count = (int)in->nr_states };
	uint64_t now = in->now;

	for (unsigned i = 0; i < in->nr_states; i++) {
		drv.exit_latency_ns[i] = (int64_t)in->exit_latency_ns[i];
		drv.target_residency_ns[i] = (int64_t)in->target_residency_ns[i];
	}
	cpuidle_enable(cpu, cpuidle_version_of(KC_MODEL));
	for (unsigned k = 0; k < in->nr_steps; k++) {
		struct cpuidle_select_in sel = {
			.latency_req_ns = (int64_t)in->latency_req[k],
			.tick_stopped = in->tick_stopped[k],
			.sleep_length_ns = (int64_t)in->sleep_length[k],
			.delta_tick_ns = (int64_t)in->delta_tick[k],
			.now_ns = now,
			.tick_ns = in->tick_ns,
			.nr_iowaiters = (unsigned)in->nr_iowait[k],
			.got_tick = k && in->got_tick[k - 1],
		};
		bool stop_tick;
		int idx = cpuidle_select(gov, &drv, cpu, &sel, &stop_tick);

		out->idx[k] = (uint64_t)idx;
		out->stop_tick[k] = stop_tick;
		now += in->residency[k];
		cpuidle_reflect(gov, &drv, cpu, idx, in->residency[k], now, in->got_tick[k],
				in->tick_ns);
		now += in->gap[k];
	}
	out->last_state_idx = (uint64_t)(int64_t)cpu->last_state_idx;
}

void cside_menu(const struct kc_menu_in *in, struct kc_menu_out *out)
{
	struct cpuidle_cpu cpu;
	const struct cpuidle_menu *data = &cpu.menu;

	cs_run(CPUIDLE_GOV_MENU, in, out, &cpu);
	KC_MENU_OUT_DATA(out, data);
}

void cside_teo(const struct kc_teo_in *in, struct kc_teo_out *out)
{
	struct cpuidle_cpu cpu;
	const struct cpuidle_teo *cpu_data = &cpu.teo;

	cs_run(CPUIDLE_GOV_TEO, (const struct kc_menu_in *)in, (struct kc_menu_out *)out, &cpu);
	KC_TEO_OUT_DATA(out, cpu_data);
	if (cpu.version == CPUIDLE_6_1)
		KC_TEO_OUT_DATA_6_1(out, cpu_data);
	else if (cpu.version == CPUIDLE_7_3)
		KC_TEO_OUT_DATA_7_3(out, cpu_data);
	else
		KC_TEO_OUT_DATA_6_12(out, cpu_data);
}
