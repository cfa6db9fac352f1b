// SPDX-License-Identifier: MIT
/*
 * run_options.c - the defaults of a run: the kernel's defaults where it has one (HZ 250 is
 * arm64's defconfig, schedutil, sched_energy_aware=1, CONFIG_UCLAMP_TASK with its default 5
 * buckets, the step_wise thermal governor) and the v6.10 model; the governors' names.
 */
#include <string.h>

#include "input/run_options.h"
#include "model/belief.h"
#include "model/thermal.h"

void sim_options_default(struct sim_options *o)
{
	memset(o, 0, sizeof(*o));
	o->hz = 250;
	o->governor = SIM_GOV_SCHEDUTIL;
	o->eas = 1;
	o->uclamp = 1;
	o->uclamp_task_group = 1; /* init/Kconfig's default is n; GKI 6.1, 6.12 and 6.18 build it */
	o->uclamp_buckets = UCLAMP_BUCKETS_DEFAULT;
	/* the DT idle states are entered as the kernel enters them (src/sim/idle.c);
	 * cpuidle.off=1 (kernel.cpuidle_off) keeps every idle CPU in WFI */
	o->cpuidle_off = 0;
	o->cpuidle_governor = 0; /* menu: the kernel's pick when both are built */
	uclamp_sysctl_default(&o->uclamp_sysctl);
	o->model = CAPSIM_MODEL_V6_10;
	o->capped_threshold_ns = BELIEF_DEFAULT_CAPPED_THRESHOLD_NS;
	o->thermal_governor = THERMAL_GOV_STEP_WISE;
	o->freq_invariance = -1;
	o->thermal_rc = (struct thermal_rc_params){ THERMAL_RC_DEFAULT_T_AMB, THERMAL_RC_DEFAULT_T_AMB,
						    THERMAL_RC_DEFAULT_R, THERMAL_RC_DEFAULT_C };
}

const char *capsim_governor_name(enum capsim_governor gov)
{
	switch (gov) {
	case CAPSIM_GOV_SCHEDUTIL: return "schedutil";
	case CAPSIM_GOV_PERFORMANCE: return "performance";
	case CAPSIM_GOV_POWERSAVE: return "powersave";
	}
	return NULL;
}
