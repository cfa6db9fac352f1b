/* SPDX-License-Identifier: MIT */
/*
 * platform.h - the machine the scheduler runs on: CPUs and their clusters, original capacities
 * and frequency references, cpufreq policies with their OPP tables and freq_qos limits, the
 * per-CPU cpufreq and HW pressures, the energy model and the thermal zones.
 *
 * This is the state the kernel keeps in drivers/base/arch_topology.c (cpu_scale,
 * capacity_freq_ref, hw_pressure), drivers/cpufreq/cpufreq.c (struct cpufreq_policy,
 * cpufreq_pressure), kernel/power/qos.c (freq_qos), drivers/opp/of.c (OPP tables),
 * kernel/power/energy_model.c (perf domains), drivers/thermal/thermal_of.c (zones) and
 * kernel/sched/pelt.c (rq->avg_hw). One concept per file implements it:
 *   src/model/topology.c      CPUs, clusters, capacity normalization (topology_normalize_cpu_scale)
 *   src/model/cpufreq.c       policies, freq_qos, cpufreq_set_policy, cpufreq_update_pressure
 *   src/model/hw_pressure.c   topology_update_hw_pressure, update_hw_load_avg
 *   src/model/capacity.c      get_actual_cpu_capacity and the pre-6.10 thermal view
 *   src/model/energy_model.c  EM tables from OPPs (see energy_model.h)
 *   src/input/dt_thermal.c    thermal zone descriptions from a DT (their dynamics live elsewhere)
 *   src/input/dt.c, src/input/platform_json.c, src/model/platform.c   loading (DTB/DTS, JSON, short names)
 *
 * Conventions: capacities are in SCHED_CAPACITY_SCALE units (1024 = the biggest CPU at its
 * reference frequency), frequencies in kHz (u32 as in the kernel), times in ns. CPU numbers are
 * logical ids 0..nr_cpus-1 in device-tree order of /cpus (as the kernel numbers them).
 * Functions taking a CPU or policy index expect a valid one (< nr_cpus / nr_policies); the
 * loaders guarantee every CPU's policy index is valid or -1.
 */
#ifndef CAPSIM_PLATFORM_H
#define CAPSIM_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "capsim/capsim.h"
#include "model/energy_model.h"

#define PLATFORM_NAME_MAX 64
#define PLATFORM_PATH_MAX 256
/* Largest capacity-dmips-mhz accepted: keeps dmips * freq_ref << 10 within u64. */
#define PLATFORM_MAX_DMIPS 1048576u
/* Trips per thermal zone. */
#define PLATFORM_MAX_TRIPS 32

/*
 * What arch_scale_freq_ref() returns on this machine, and thus whether cpufreq/HW pressure can
 * be non-zero. arm64 and arm (arch_topology) return capacity_freq_ref; x86 has no such hook.
 */
enum platform_arch {
	PLATFORM_ARCH_ARM64 = 0, /* arch_scale_freq_ref = capacity_freq_ref (per CPU) */
	PLATFORM_ARCH_ARM = 1,   /* same as arm64 (arm32 uses arch_topology too) */
	PLATFORM_ARCH_X86 = 2,   /* arch_scale_freq_ref() = 0; capacities given, not normalized */
};

/*
 * What cpufreq_update_pressure() uses when arch_scale_freq_ref() is 0 (only x86-like machines).
 * 6.10 .. 6.12.100 and mainline before d2d5c129d07e: nothing (pressure 0). d2d5c129d07e
 * (6.12.101+, 7.1/7.2): policy->cpuinfo.max_freq. 7.3: a driver ->scale_freq_ref() callback
 * that only intel_pstate with hybrid capacity scaling implements (modelled as CPUINFO_MAX).
 */
enum platform_freq_ref_fallback {
	PLATFORM_FALLBACK_NONE = 0,        /* 6.10 semantics: x86 cpufreq pressure is always 0 */
	PLATFORM_FALLBACK_CPUINFO_MAX = 1, /* d2d5c129d07e: fall back to cpuinfo.max_freq */
};

/* One operating point, as dev_pm_opp keeps it (drivers/opp/of.c _opp_add_static_v2). */
struct platform_opp {
	uint64_t hz;        /* opp-hz */
	uint32_t khz;       /* hz / 1000: the cpufreq table frequency */
	uint32_t uv;        /* opp-microvolt target (first cell); 0 when absent */
	uint32_t uv_min;    /* 3-cell form; equal to uv in the 1-cell form */
	uint32_t uv_max;
	uint32_t uw;        /* opp-microwatt; 0 when absent */
	bool turbo;         /* turbo-mode: a CPUFREQ_BOOST_FREQ, outside cpuinfo unless boosted */
	bool suspend;       /* opp-suspend */
	bool inefficient;   /* CPUFREQ_INEFFICIENT_FREQ, set from the EM */
};

/* freq_qos (kernel/power/qos.c): which limit a request is part of. */
enum freq_qos_kind {
	FREQ_QOS_MIN = 0, /* effective value = max of requests, default 0 */
	FREQ_QOS_MAX = 1, /* effective value = min of requests, default FREQ_QOS_MAX_DEFAULT */
};

/* mirrors FREQ_QOS_MAX_DEFAULT_VALUE (S32_MAX) and FREQ_QOS_MIN_DEFAULT_VALUE (0) */
#define FREQ_QOS_MAX_DEFAULT_VALUE INT32_MAX
#define FREQ_QOS_MIN_DEFAULT_VALUE 0

/*
 * Who placed a request. Only the pre-6.10 model cares: there, cpufreq cooling devices (and
 * LMh) also wrote thermal pressure, while user/power-limit caps were invisible to the scheduler.
 */
enum freq_qos_origin {
	FREQ_QOS_ORIGIN_USER = 0,    /* scaling_min_freq / scaling_max_freq */
	FREQ_QOS_ORIGIN_COOLING = 1, /* a cpufreq cooling device (thermal) */
	FREQ_QOS_ORIGIN_OTHER = 2,   /* power limits, drivers, ... */
};

#define FREQ_QOS_NAME_MAX 32

/* One named request in a policy's freq_qos lists. */
struct freq_qos_request {
	char name[FREQ_QOS_NAME_MAX]; /* unique per (policy, kind), e.g. "user", "thermal-cpu0" */
	enum freq_qos_kind kind;
	enum freq_qos_origin origin;
	int32_t value;                /* kHz, s32 as in struct freq_constraints */
};

/*
 * The cpufreq driver of a policy (who registers it, from the DT; docs/model.md "schedutil"):
 * what schedutil's rate limit and fast switching depend on. Names: platform_cpufreq_driver_name().
 */
enum platform_cpufreq_driver {
	PLATFORM_DRV_UNKNOWN = 0,  /* a platform JSON policy: no latency, fast switch (assumed) */
	PLATFORM_DRV_CPUFREQ_DT,   /* cpufreq-dt: OPP clock + regulator latency, no fast switch */
	PLATFORM_DRV_QCOM_HW,      /* qcom-cpufreq-hw: no latency (1000 us), fast switch */
	PLATFORM_DRV_SCMI,         /* scmi-cpufreq: firmware latency, fast channels */
	PLATFORM_DRV_SCPI,         /* scpi-cpufreq: firmware latency, no fast switch */
	PLATFORM_DRV_MEDIATEK_HW,  /* mediatek-cpufreq-hw: register latency, fast switch */
	PLATFORM_DRV_COUNT,
};

/* mirrors CPUFREQ_DEFAULT_TRANSITION_LATENCY_NS: what drivers substitute for an unknown latency */
#define CPUFREQ_DEFAULT_TRANSITION_LATENCY_NS 1000000u

/*
 * The voltage-change timing of a policy's cpu-supply, as of_get_regulation_constraints()
 * (drivers/regulator/of_regulator.c) reads it from the regulator's DT node: what
 * _regulator_set_voltage_time() turns into the delay of each dev_pm_opp_set_rate()
 * (src/model/opp_transition.c). A regulator driver's own desc->ramp_delay is not in the DT.
 */
struct platform_supply {
	bool present;                   /* cpufreq-dt found a cpu-supply (find_supply_name()) */
	uint32_t ramp_delay;            /* regulator-ramp-delay, uV/us (0: none) */
	uint32_t settling_time_us;      /* regulator-settling-time-us */
	uint32_t settling_time_up_us;   /* regulator-settling-time-up-us */
	uint32_t settling_time_down_us; /* regulator-settling-time-down-us */
};

/* A cpufreq policy: CPUs sharing an OPP table / clock (struct cpufreq_policy). */
struct platform_policy {
	unsigned cpu;                  /* policy->cpu: first related CPU, the sysfs "policyN" */
	capsim_cpumask related_cpus;
	struct platform_opp *opps;     /* ascending frequency, turbo OPPs included */
	unsigned nr_opps;
	char opp_table_path[PLATFORM_PATH_MAX]; /* DT node, or "json" */
	uint32_t cpuinfo_min_khz;      /* cpufreq_frequency_table_cpuinfo() */
	uint32_t cpuinfo_max_khz;      /* highest OPP, turbo excluded unless boost_enabled */
	bool boost_enabled;
	bool efficiencies_available;   /* the EM marked some OPP inefficient */
	struct freq_qos_request *reqs; /* the MIN and MAX request lists */
	unsigned nr_reqs;
	unsigned cap_reqs;
	uint32_t min_khz;              /* policy->min after cpufreq_set_policy() */
	uint32_t max_khz;              /* policy->max after cpufreq_set_policy() */
	uint32_t cur_khz;              /* policy->cur (set by the governor; starts at max) */
	uint32_t dynamic_power_coefficient; /* of policy->cpu's node; 0 = none */
	struct em_perf_domain *em;     /* NULL: no energy model for this policy */
	/* the driver's cpufreq_driver->init(): schedutil's rate limit and switching path */
	enum platform_cpufreq_driver driver;
	bool driver_given;             /* the platform JSON set driver, latency or fast switch */
	uint32_t transition_latency_ns; /* policy->cpuinfo.transition_latency (0: none given) */
	/* its two parts for cpufreq-dt (dev_pm_opp_get_max_transition_latency()): the clock's
	 * (dev_pm_opp_get_max_clock_latency()) and the cpu-supply's ramp over the OPP table */
	uint32_t clock_latency_ns;
	bool clock_firmware;           /* the clock's set_rate() posts a request to firmware */
	struct platform_supply supply;
	uint32_t transition_delay_us;  /* policy->transition_delay_us (0: none, as every DT driver) */
	bool fast_switch;              /* policy->fast_switch_possible (and so _enabled) */
};

/* cpuidle states of a CPU: CPUIDLE_STATE_MAX, the WFI state 0 included */
#define PLATFORM_MAX_IDLE_STATES 10

/*
 * One idle state deeper than WFI, as dt_init_idle_driver() / init_state_node()
 * (drivers/cpuidle/dt_idle_states.c) read an "arm,idle-state" or "domain-idle-state" node.
 */
struct platform_idle_state {
	char name[PLATFORM_NAME_MAX];      /* idle-state-name, else the node's name */
	char node_path[PLATFORM_PATH_MAX];
	uint32_t entry_us;                 /* entry-latency-us */
	uint32_t exit_us;                  /* exit-latency-us */
	uint32_t residency_us;             /* min-residency-us: target_residency */
	uint32_t wakeup_us;                /* the kernel's exit_latency: wakeup-latency-us, else
					      entry + exit (the bindings' worst case) */
	bool timer_stop;                   /* local-timer-stop: CPUIDLE_FLAG_TIMER_STOP */
	bool cluster;                      /* powers the cluster down: the CPU's cluster must be idle */
	bool domain;                       /* a parent power domain's state (PSCI OSI, genpd picks it):
					      no cpuidle index of its own */
};

/* One CPU (per-CPU state of arch_topology and the runqueue's pressure signals). */
struct platform_cpu {
	char node_path[PLATFORM_PATH_MAX]; /* e.g. "/cpus/cpu@100", or "json:/cpus/3" */
	int cluster;                       /* cpu-map cluster index (package order), or -1 */
	int core;                          /* core index within the cluster, or -1 */
	int thread;                        /* thread index within the core, or -1 */
	int package_id;                    /* cpu_topology[].package_id: the socketN, else 0 */
	int cluster_id;                    /* cpu_topology[].cluster_id: clusterN's N in its
					      parent (not unique across parents), or -1 */
	int llc;                           /* the last-level cache's DT node (cacheinfo's
					      fw_token), or -1: no valid cache information */
	int policy;                        /* index into policies[], -1: no cpufreq */
	uint32_t capacity_dmips_mhz;       /* raw capacity; 0 when absent */
	uint64_t capacity_orig;            /* cpu_scale: arch_scale_cpu_capacity() */
	uint32_t freq_ref_khz;             /* capacity_freq_ref (arm), 0 on x86-like */
	/* the `capsim capacity` API's snapshot of the pressures (src/model/platform_caps.c); a
	 * simulation reads none of them, its model's belief owns them (belief.c): only
	 * cpufreq_set_policy(), the cpufreq model both share, still writes cpufreq_pressure */
	uint64_t cpufreq_pressure;         /* per_cpu(cpufreq_pressure): instantaneous */
	uint64_t hw_pressure;              /* per_cpu(hw_pressure): instantaneous */
	uint64_t thermal_pressure_v69;     /* what v6.9's arch_scale_thermal_pressure() held */
	struct capsim_sched_avg avg_hw;    /* rq->avg_hw: PELT of hw_pressure, task clock */
	char compatible[PLATFORM_NAME_MAX]; /* the node's first compatible, "" when none */
	bool amu_fie;                      /* Linux uses its FEAT_AMU counters for FIE */
	/* idle[k - 1] is cpuidle state k (state 0 is WFI), shallowest first */
	struct platform_idle_state idle[PLATFORM_MAX_IDLE_STATES - 1];
	unsigned nr_idle;
	int idle_domain;                   /* CPUs whose cluster states need each other idle:
					      the same value (cpu-map cluster, or the parent power
					      domain's node), -1: none */
	/* idle power per state, µW, [0] WFI then idle[] in order (nr_idle + 1 entries): only a
	 * platform JSON gives it (a DT has none); counted apart from the EM's dynamic energy */
	uint32_t idle_power_uw[PLATFORM_MAX_IDLE_STATES];
	bool has_idle_power;
};

/* mirrors enum thermal_trip_type (include/linux/thermal.h) */
enum platform_trip_type {
	PLATFORM_TRIP_ACTIVE = 0,
	PLATFORM_TRIP_PASSIVE = 1,
	PLATFORM_TRIP_HOT = 2,
	PLATFORM_TRIP_CRITICAL = 3,
};

struct platform_trip {
	char name[PLATFORM_NAME_MAX];   /* the trip node's name, e.g. "cpu_alert0" */
	int32_t temperature_mc;         /* millidegree Celsius */
	int32_t hysteresis_mc;
	enum platform_trip_type type;
};

/* mirrors THERMAL_NO_LIMIT as a cooling-map limit */
#define PLATFORM_THERMAL_NO_LIMIT UINT32_MAX
/* mirrors THERMAL_WEIGHT_DEFAULT */
#define PLATFORM_THERMAL_WEIGHT_DEFAULT 0

/*
 * One cooling-device entry of a cooling map. For a cpufreq cooling device (a CPU node with
 * #cooling-cells, bound through that CPU's policy), cooling state k means the k-th highest
 * frequency: policies[policy].opps[nr_opps - 1 - k].khz (get_state_freq(), cpufreq_cooling.c).
 */
struct platform_cooling_map {
	unsigned trip;                  /* index into the zone's trips[] */
	int policy;                     /* cpufreq cooling device's policy, -1: not a CPU */
	char device_path[PLATFORM_PATH_MAX]; /* the cooling device's DT node */
	uint32_t lower;                 /* min cooling state, or PLATFORM_THERMAL_NO_LIMIT */
	uint32_t upper;                 /* max cooling state, or PLATFORM_THERMAL_NO_LIMIT */
	uint32_t contribution;          /* "contribution" (weight), default 0 */
};

struct platform_thermal_zone {
	char name[PLATFORM_NAME_MAX];
	uint32_t polling_delay_ms;
	uint32_t polling_delay_passive_ms;
	uint32_t sustainable_power_mw;  /* 0: absent */
	struct platform_trip *trips;
	unsigned nr_trips;
	struct platform_cooling_map *maps;
	unsigned nr_maps;
};

/** platform_trip_type_name() - "active", "passive", "hot" or "critical". */
const char *platform_trip_type_name(enum platform_trip_type t);

/*
 * Where arch_scale_freq_capacity() comes from (frequency invariance, FIE): cpufreq's
 * arch_set_freq_scale() at each frequency change (the frequency requested: a HW throttle
 * below it is invisible to PELT), or arm64's activity monitors read at each tick
 * (amu_scale_freq_tick(): the frequency delivered). Values are shown by `platform show`.
 */
enum platform_fie_source {
	PLATFORM_FIE_CPUFREQ = 0,
	PLATFORM_FIE_AMU = 1,
};

/* Who chose the FIE source. */
enum platform_fie_origin {
	PLATFORM_FIE_FROM_CPUS = 0, /* every CPU's compatible: amu only if all have usable AMUs */
	PLATFORM_FIE_FROM_JSON = 1, /* the platform JSON's "freq_invariance" */
};

/* How the capacities came about (shown by `platform show`). */
enum platform_capacity_source {
	PLATFORM_CAPACITY_NORMALIZED = 0, /* topology_normalize_cpu_scale() over dmips x freq_ref */
	PLATFORM_CAPACITY_DEFAULT = 1,    /* some CPU lacks capacity-dmips-mhz: all 1024 */
	PLATFORM_CAPACITY_GIVEN = 2,      /* platform JSON "capacity" (x86-like machines) */
};

#define PLATFORM_DESCRIPTION_MAX 1024
#define PLATFORM_MAX_NOTES 16
#define PLATFORM_NOTE_MAX 200

struct capsim_platform {
	char name[PLATFORM_NAME_MAX];   /* short name or file base name */
	char source[PLATFORM_PATH_MAX]; /* the file it was read from (+ overlays) */
	char model[PLATFORM_NAME_MAX];  /* DT /model, if any */
	char description[PLATFORM_DESCRIPTION_MAX]; /* a platform JSON's, for people; "" if none */
	enum platform_arch arch;
	enum platform_freq_ref_fallback fallback;
	enum platform_capacity_source capacity_source;
	bool dmips_unused;              /* arm64 DT without cpu-map: capacity-dmips-mhz unread */
	enum platform_fie_source fie;   /* frequency invariance (platform_finalize() decides) */
	enum platform_fie_origin fie_origin;
	/* whose cpufreq policy code runs (model_cpufreq_7_3()): the simulated model's, else 0 */
	enum capsim_model cpufreq_model;
	struct platform_cpu *cpus;
	unsigned nr_cpus;
	struct platform_policy *policies; /* ordered by policy->cpu */
	unsigned nr_policies;
	struct platform_thermal_zone *zones;
	unsigned nr_zones;
	/* What the kernel would have logged while building this (fallbacks, skipped parts). */
	char notes[PLATFORM_MAX_NOTES][PLATFORM_NOTE_MAX];
	unsigned nr_notes;
	unsigned nr_load_notes;         /* notes of the loaders; the rest are platform_finalize()'s */
	bool finalized;
	struct sched_domains *sd;       /* what build_sched_domains() keeps (model/sched_domains.h) */
};

/* --- what the kernel derives at boot: src/model/platform.c --------------------------------- */

/** platform_note() - append a printf-style note to @p (dropped beyond PLATFORM_MAX_NOTES). */
void platform_note(struct capsim_platform *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/** platform_free() - release @p; NULL is a no-op. */
void platform_free(struct capsim_platform *p);

/**
 * platform_finalize() - after loading or an overlay: sort OPPs, derive cpuinfo limits,
 * frequency references and capacities (topology_normalize_cpu_scale), build the energy
 * model, and resolve every policy once (cpufreq_set_policy). Called by the loaders.
 */
int platform_finalize(struct capsim_platform *p, capsim_error *err);

struct sd_cpu_topo;
/**
 * platform_sd_topo() - what build_sched_domains() starts from for each of @p's CPUs, into @t
 * (nr_cpus entries): arch_topology's ids (a CPU outside any cpu-map its own core, as
 * store_cpu_topology() makes it), its last-level cache and its capacity.
 */
void platform_sd_topo(const struct capsim_platform *p, struct sd_cpu_topo *t);

/**
 * platform_sd_build() - build_sched_domains() over @p's topology (platform_sd_topo()) as
 * @model's kernel builds them (arm64 defconfig levels, its sd_init()), into @out (sd_free()).
 * Return: 0, or CAPSIM_ERR_NOMEM.
 */
int platform_sd_build(const struct capsim_platform *p, enum capsim_model model,
		      struct sched_domains *out, capsim_error *err);

/**
 * platform_cpuidle_index() - the kernel's cpuidle index of @cpu's idle state @state (0 WFI,
 * k: cpus[].idle[k - 1]): a parent domain's state has none of its own, and is entered
 * through the CPU's deepest state (cpuidle-psci's psci_enter_domain_idle_state()).
 */
unsigned platform_cpuidle_index(const struct capsim_platform *p, unsigned cpu, unsigned state);

/* --- topology and capacity: src/model/topology.c ------------------------------------------------ */

/** platform_cpu_capacity_orig() - arch_scale_cpu_capacity(cpu): cpu_scale, 1..1024. */
uint64_t platform_cpu_capacity_orig(const struct capsim_platform *p, unsigned cpu);

/** platform_freq_ref() - arch_scale_freq_ref(cpu) in kHz: capacity_freq_ref, 0 on x86-like. */
uint32_t platform_freq_ref(const struct capsim_platform *p, unsigned cpu);

/**
 * topology_freq_scale() - mirrors topology_set_freq_scale(), drivers/base/arch_topology.c: the
 * arch_freq_scale (arch_scale_freq_capacity()) of a CPU whose policy cpufreq set to
 * @cur_khz, against its arch_scale_freq_ref() @ref_khz; @scale is its previous value.
 */
uint64_t topology_freq_scale(uint64_t scale, uint32_t cur_khz, uint32_t ref_khz);

/**
 * topology_compatible_amu_fie() - whether Linux uses the activity monitors of a core of
 * compatible @compat for frequency invariance: it has FEAT_AMU (ID_AA64PFR0_EL1.AMU, read by
 * cpu_amu_enable(), arch/arm64/kernel/cpufeature.c) and no erratum that makes the kernel
 * refuse its constant counter (ARM64_WORKAROUND_BROKEN_AMU_CONSTCNT). Return: true for amu.
 */
bool topology_compatible_amu_fie(const char *compat);

/* indexed by enum platform_cpufreq_driver: the kernel's cpufreq_driver->name, "unknown" first */
extern const char *const platform_cpufreq_driver_names[PLATFORM_DRV_COUNT];
/** platform_cpufreq_driver_name() - "cpufreq-dt", "qcom-cpufreq-hw", ... ("unknown"). */
const char *platform_cpufreq_driver_name(enum platform_cpufreq_driver d);
/**
 * platform_cpufreq_driver_from_name() - the driver named @name.
 * Return: 0 and *@out, or -1 if no driver has that name.
 */
int platform_cpufreq_driver_from_name(const char *name, enum platform_cpufreq_driver *out);
/**
 * cpufreq_policy_transition_delay_us() - mirrors cpufreq_policy_transition_delay_us()
 * (drivers/cpufreq/cpufreq.c): the driver's transition_delay_us, else 1.5 x the transition
 * latency in µs, else 1000 µs. schedutil's default rate_limit_us (sugov_init()).
 */
uint32_t cpufreq_policy_transition_delay_us(const struct platform_policy *pol);
/** platform_fie_source_name() - "cpufreq" or "amu". */
const char *platform_fie_source_name(enum platform_fie_source s);

/**
 * amu_max_freq_scale() - mirrors freq_inv_set_max_ratio(), arch/arm64/kernel/topology.c: the
 * per-CPU arch_max_freq_scale for a constant counter of @ref_rate_hz and a reference
 * frequency of @max_rate_hz. Return: the ratio, or the initial 1 << 20 when the kernel WARNs
 * and leaves it (a rate of 0, or a ratio of 0).
 */
uint64_t amu_max_freq_scale(uint64_t ref_rate_hz, uint64_t max_rate_hz);

/**
 * amu_freq_scale() - mirrors amu_scale_freq_tick(), arch/arm64/kernel/topology.c: the new
 * arch_freq_scale from the core-cycle and constant-cycle counters now (@core, @cnst) and at the
 * previous tick (@prev_core, @prev_const). @scale is the current value, kept when either
 * counter did not advance. Return: the scale, at most SCHED_CAPACITY_SCALE.
 */
uint64_t amu_freq_scale(uint64_t scale, uint64_t prev_core, uint64_t core, uint64_t prev_const,
			uint64_t cnst, uint64_t max_freq_scale);

/** platform_policy_of() - the policy index of @cpu, or -1 if it has no cpufreq policy. */
int platform_policy_of(const struct capsim_platform *p, unsigned cpu);

/** platform_find_policy() - the index of the policy whose first CPU is @cpu, or -1. */
int platform_find_policy(const struct capsim_platform *p, unsigned cpu);

/** platform_has_em() - true if every policy has an energy model (EAS can run). */
bool platform_has_em(const struct capsim_platform *p);

/**
 * platform_cooling_states() - the number of states of @pol's cpufreq cooling device: its
 * energy model's perf states, or without one its non-turbo frequencies (cpufreq_cooling.c).
 */
unsigned platform_cooling_states(const struct platform_policy *pol);

/* --- cpufreq policies and freq_qos: src/model/cpufreq.c ----------------------------------------- */

/**
 * platform_freq_qos_add_request() - add a named MIN or MAX request of @khz to @policy; if
 * that changes the aggregate, re-resolve the policy (cpufreq_set_policy(): limits, table
 * resolution, cpufreq pressure), as the policy's freq_qos notifier does.
 * Return: 0; CAPSIM_ERR_INVALID if the name exists already or @khz is beyond S32_MAX;
 * CAPSIM_ERR_NOMEM.
 */
int platform_freq_qos_add_request(struct capsim_platform *p, unsigned policy,
				  enum freq_qos_kind kind, enum freq_qos_origin origin,
				  const char *name, uint32_t khz, capsim_error *err);

/** platform_freq_qos_update_request() - change a request's value (the same value is no
 * update); re-resolve if the aggregate changed. Return: 0 or CAPSIM_ERR_NOT_FOUND /
 * CAPSIM_ERR_INVALID. */
int platform_freq_qos_update_request(struct capsim_platform *p, unsigned policy,
				     enum freq_qos_kind kind, const char *name, uint32_t khz,
				     capsim_error *err);

/** platform_freq_qos_remove_request() - drop a request; re-resolve if the aggregate changed.
 * Return: 0 or CAPSIM_ERR_NOT_FOUND. */
int platform_freq_qos_remove_request(struct capsim_platform *p, unsigned policy,
				     enum freq_qos_kind kind, const char *name, capsim_error *err);

/** platform_freq_qos_value() - freq_qos_read_value(): the aggregated MIN or MAX, in kHz. */
int32_t platform_freq_qos_value(const struct capsim_platform *p, unsigned policy,
				enum freq_qos_kind kind);

/**
 * platform_set_boost() - cpufreq_boost_set_sw(): include (or not) turbo OPPs in cpuinfo
 * (whose max_freq never shrinks), set policy->min/max to the table's limits, and the default
 * "user" MAX request to that max; the limits are re-resolved only if the MAX aggregate
 * changed (under a lower cap, policy->max stays the table's until the next change).
 * Under p->cpufreq_model 7.3 (model_cpufreq_7_3()), policy_set_boost(): nothing for a policy
 * without turbo OPPs or already so; else cpuinfo from the table and the boost request
 * (cpuinfo.max_freq) re-resolves the limits only if that changes the MAX aggregate.
 */
int platform_set_boost(struct capsim_platform *p, unsigned policy, bool enabled,
		       capsim_error *err);

/**
 * platform_cpufreq_set_policy() - mirrors cpufreq_set_policy(): aggregate freq_qos, verify
 * against cpuinfo and the table, resolve max (RELATION_H) and min (RELATION_L) to table
 * frequencies, then cpufreq_update_pressure() for all related CPUs. The qos functions above
 * call it; exposed for callers that change cpuinfo or capacities directly.
 */
void platform_cpufreq_set_policy(struct capsim_platform *p, unsigned policy);

/** platform_cpufreq_pressure() - cpufreq_get_pressure(cpu). */
uint64_t platform_cpufreq_pressure(const struct capsim_platform *p, unsigned cpu);

/**
 * platform_resolve_freq() - cpufreq_driver_resolve_freq(): the lowest table frequency at or
 * above @khz within [policy->min, policy->max] (RELATION_LE, no efficiencies). For schedutil.
 */
uint32_t platform_resolve_freq(const struct capsim_platform *p, unsigned policy, uint32_t khz);

/* --- HW pressure: src/model/hw_pressure.c ------------------------------------------------------ */

/**
 * platform_set_hw_pressure() - topology_update_hw_pressure(@cpus, @capped_khz): pressure from
 * the first CPU's capacity and reference, written to every CPU of @cpus. 0 when the cap is at
 * or above the reference (boost). Also records it as v6.9 thermal pressure.
 */
void platform_set_hw_pressure(struct capsim_platform *p, const capsim_cpumask *cpus,
			      uint32_t capped_khz);

/** platform_hw_pressure() - arch_scale_hw_pressure(cpu): the instantaneous value. */
uint64_t platform_hw_pressure(const struct capsim_platform *p, unsigned cpu);

/**
 * platform_update_hw_load_avg() - update_hw_load_avg(now, rq, hw_pressure) on @cpu's avg_hw
 * with @now_ns = rq_clock_task. Return: 1 if the average was recomputed, else 0.
 */
int platform_update_hw_load_avg(struct capsim_platform *p, unsigned cpu, uint64_t now_ns);

/** platform_hw_load_avg() - hw_load_avg(rq): avg_hw.load_avg. */
uint64_t platform_hw_load_avg(const struct capsim_platform *p, unsigned cpu);

/* --- capacity seen by the scheduler: src/model/capacity.c --------------------------------------- */

/**
 * actual_capacity_formula() - get_actual_cpu_capacity()'s formula (v6.10+), its one place:
 * @arch_cap - max(@hw_load_avg, @cpufreq_pressure). Unsigned, unclamped, as the kernel. The
 * belief (model/belief.c), the placement reads (model/model.c) and the platform's snapshot
 * below all call it.
 */
uint64_t actual_capacity_formula(uint64_t arch_cap, uint64_t hw_load_avg,
				 uint64_t cpufreq_pressure);

/**
 * platform_actual_capacity() - get_actual_cpu_capacity(cpu) (v6.10+) of the platform's own
 * snapshot (the `capsim capacity` API; a simulation reads its model's belief instead):
 * capacity_orig - max(hw_load_avg, cpufreq_pressure). Unsigned, unclamped, as the kernel.
 */
uint64_t platform_actual_capacity(const struct capsim_platform *p, unsigned cpu);

/**
 * platform_thermal_pressure_v69() - arch_scale_thermal_pressure(cpu) of a v6.9 kernel: the last
 * value written by a cpufreq cooling device (its MAX request) or by LMh (hw caps). User
 * scaling_max_freq caps do not appear in it.
 */
uint64_t platform_thermal_pressure_v69(const struct capsim_platform *p, unsigned cpu);

/** platform_capacity_v69() - v6.9's capacity_orig_thermal: capacity_orig - thermal pressure. */
uint64_t platform_capacity_v69(const struct capsim_platform *p, unsigned cpu);

/* --- pressure formula shared by cpufreq and HW pressure ----------------------------------- */

/**
 * platform_freq_pressure() - the formula of cpufreq_update_pressure() and
 * topology_update_hw_pressure(): 0 if @ref_khz <= @capped_khz, else
 * @cap - mult_frac(@cap, @capped_khz, @ref_khz).
 */
uint64_t platform_freq_pressure(uint64_t cap, uint32_t capped_khz, uint32_t ref_khz);

#endif /* CAPSIM_PLATFORM_H */
