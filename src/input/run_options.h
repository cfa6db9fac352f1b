/* SPDX-License-Identifier: MIT */
/*
 * run_options.h - what a run is asked to do, as the scenario reader (scenario.c) and the
 * command line leave it for the simulator (src/sim/): the kernel's options (HZ, governor,
 * EAS, uclamp, the model), the run's length and seed, and the timed scenario events.
 */
#ifndef CAPSIM_RUN_OPTIONS_H
#define CAPSIM_RUN_OPTIONS_H

#include <stdint.h>

#include "capsim/capsim.h"
#include "model/platform.h"
#include "model/thermal.h"
#include "model/uclamp.h"

enum sim_governor {
	SIM_GOV_SCHEDUTIL,
	SIM_GOV_PERFORMANCE,
	SIM_GOV_POWERSAVE,
};

/*
 * Scenario events on the timeline. Issue 4 uses freq_qos requests (static caps are MAX
 * requests at t=0) and HW caps; issue 7 adds cooling states, task start/stop and uclamp
 * changes as new kinds handled in sim_apply_scenario_event().
 */
enum sim_sc_kind {
	SIM_SC_QOS_SET,   /* add or update the named freq_qos request on a policy */
	SIM_SC_QOS_CLEAR, /* remove the named request */
	SIM_SC_HW_CAP,    /* HW throttling on @cpus: capped kHz (0 clears) */
	SIM_SC_COOLING_STATE, /* write cooling device @name's cur_state = @state */
	SIM_SC_TASK_START,    /* start the tasks named @name (they wait for it instead of their delay) */
	SIM_SC_TASK_STOP,     /* the tasks named @name exit at their next event boundary */
	SIM_SC_UCLAMP,        /* sched_setattr() of the tasks named @name: @uclamp_min/@uclamp_max */
};

struct sim_sc_event {
	uint64_t time_ns;
	enum sim_sc_kind kind;
	int policy;               /* QOS_* */
	enum freq_qos_kind qos;   /* QOS_* */
	char name[FREQ_QOS_NAME_MAX]; /* QOS_*: the request's owner ("scaling_max_freq", ...) */
	uint32_t khz;             /* QOS_SET, HW_CAP */
	capsim_cpumask cpus;      /* HW_CAP */
	unsigned long state;      /* COOLING_STATE */
	int uclamp_min, uclamp_max; /* UCLAMP: 0..1024, or WL_UNSET to keep */
	/* where it was written ("FILE:LINE:COL", "--max-freq 4=none"): what a failure at run
	 * time, such as removing a request never added, is prefixed with */
	char where[128];
};

#define SIM_KERNEL_CONFIG_NAME_MAX 512
#define SIM_CGROUPS_MAX 32       /* rt-app's max_nbr_tgs: the taskgroups a workload may name */
#define SIM_CGROUP_PATH_MAX 128

/* a cpu cgroup of the scenario (kernel.cgroups), with what its cpu.uclamp files were written */
struct sim_cgroup {
	char path[SIM_CGROUP_PATH_MAX]; /* from the cpu hierarchy's root: "/top-app", "/a/b" */
	int parent;                     /* the parent's index in cgroups[], -1: the root group */
	uint32_t req[UCLAMP_IDS];       /* tg->uclamp_req: 0 and 1024 unless written */
	int written;                    /* a cpu.uclamp file was written (cpu_uclamp_write()) */
};

struct sim_options {
	unsigned hz;              /* CONFIG_HZ: tick rate */
	enum sim_governor governor;
	uint32_t rate_limit_us;   /* schedutil rate_limit_us for every policy; 0: each policy's
				   * cpufreq_policy_transition_delay_us() (its driver's latency) */
	int eas;                  /* sysctl sched_energy_aware (EAS still needs an asym EM platform) */
	int uclamp;               /* CONFIG_UCLAMP_TASK */
	int uclamp_task_group;    /* CONFIG_UCLAMP_TASK_GROUP: the cgroups' clamps restrict their
				   * tasks' (needs uclamp) */
	uint32_t uclamp_buckets;  /* CONFIG_UCLAMP_BUCKETS_COUNT: UCLAMP_BUCKETS_MIN..MAX */
	/* sysctl sched_util_clamp_min/_max/_min_rt_default, as written at boot (default 1024) */
	struct uclamp_sysctl uclamp_sysctl;
	enum capsim_model model;
	uint64_t duration_ns;     /* 0: the workload's duration */
	uint64_t seed;
	uint64_t max_events;      /* the run stops early after this many, with its report; 0: none
				   * with a duration, else SIM_DEFAULT_MAX_EVENTS (then an error) */
	unsigned thermal_decay_shift; /* v6.9 sched_thermal_decay_shift, 0..10 (default 0) */
	uint64_t capped_threshold_ns; /* capped model: how long a cap must hold (default 1 s) */
	int thermal;              /* run the thermal loop on the platform's zones (default off) */
	enum thermal_governor_kind thermal_governor; /* default step_wise, the kernel's default */
	struct thermal_rc_params thermal_rc;         /* every zone's RC model (docs/model.md) */
	int pressure_metrics;     /* gather what `capsim compare` reports (pressure_metrics.h) */
	int freq_invariance;      /* -1: the platform's FIE source, else enum platform_fie_source */
	int cpuidle_off;          /* the cpuidle.off=1 boot parameter: every idle CPU in WFI */
	int cpuidle_governor;     /* enum cpuidle_governor: menu (0), or teo (cpuidle.governor=teo,
				   * or a kernel built without menu) */
	/* the kernel config file the options were read from, as given, for the report ("":
	 * none; capsim_scenario_set_kernel_config()) */
	char kernel_config[SIM_KERNEL_CONFIG_NAME_MAX];
	/* the scenario's cpu cgroups, parents before their children (kernel.cgroups) */
	struct sim_cgroup cgroups[SIM_CGROUPS_MAX];
	unsigned nr_cgroups;
};

/* Events a run may process before it is called runaway (about a minute of CPU, not a hang). */
#define SIM_DEFAULT_MAX_EVENTS 200000000ULL

/**
 * sim_options_default() - HZ 250, schedutil, EAS and uclamp on (with CONFIG_UCLAMP_TASK_GROUP,
 * as Android's GKI builds it), no cgroups, model v6.10.
 */
void sim_options_default(struct sim_options *o);

#endif /* CAPSIM_RUN_OPTIONS_H */
