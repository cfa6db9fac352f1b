/* SPDX-License-Identifier: MIT */
/*
 * thermal.h - the thermal loop: thermal zones heated by their CPUs, polled sensors, trips with
 * hysteresis, the step_wise and power_allocator governors, and cpufreq cooling devices whose
 * state becomes a freq_qos MAX request on a policy (drivers/thermal/, Linux 6.12).
 *
 * The kernel reads a real sensor; capsim replaces it with a lumped RC model per zone
 * (src/model/thermal_rc.c). Everything downstream of the sensor read mirrors the kernel: polling at
 * polling-delay / polling-delay-passive (thermal_core.c monitor_thermal_zone), trip handling with
 * hysteresis (handle_thermal_trip), the governors (gov_step_wise.c, gov_power_allocator.c) and
 * the cpufreq cooling device (cpufreq_cooling.c). Since 6.10 a cooling device reaches the
 * scheduler only through its freq_qos MAX request (cpufreq pressure); the caller applies the
 * request it is handed through struct thermal_hooks.
 *
 * Units: temperature in millidegrees Celsius (m°C, int32 as the kernel's `int temperature`),
 * EM power in µW, IPA power in mW (as the kernel), time in ns. Integer maths only.
 */
#ifndef CAPSIM_THERMAL_H
#define CAPSIM_THERMAL_H

#include <stdint.h>

#include "capsim/capsim.h"
#include "model/energy_model.h"

/* mirrors THERMAL_NO_TARGET / THERMAL_NO_LIMIT, include/linux/thermal.h */
#define THERMAL_NO_TARGET (~0UL)
#define THERMAL_NO_LIMIT (~0UL)
/* mirrors THERMAL_TEMP_INIT, drivers/thermal/thermal_core.h */
#define THERMAL_TEMP_INIT INT32_MIN

#define THERMAL_MAX_TRIPS 32
#define THERMAL_MAX_BINDS 32
#define THERMAL_NAME_MAX 64

/* mirrors enum thermal_trip_type, include/uapi/linux/thermal.h (same order) */
enum thermal_trip_type {
	THERMAL_TRIP_ACTIVE = 0,
	THERMAL_TRIP_PASSIVE,
	THERMAL_TRIP_HOT,
	THERMAL_TRIP_CRITICAL,
};

/* mirrors enum thermal_trend */
enum thermal_trend {
	THERMAL_TREND_STABLE,
	THERMAL_TREND_RAISING,
	THERMAL_TREND_DROPPING,
};

enum thermal_governor_kind {
	THERMAL_GOV_STEP_WISE = 0, /* the kernel's default governor */
	THERMAL_GOV_POWER_ALLOCATOR,
};

/* mirrors struct thermal_trip: temperature and hysteresis in m°C */
struct thermal_trip {
	int32_t temperature;
	int32_t hysteresis;
	enum thermal_trip_type type;
};

/*
 * Lumped RC model of a zone: T' = (P - (T - T_amb) / R) / C.
 * @t_amb:  ambient temperature, m°C
 * @t_init: temperature at time 0, m°C
 * @r:      thermal resistance to ambient, m°C per W (10 °C/W = 10000)
 * @c:      heat capacity, mJ per °C (3 J/°C = 3000)
 */
struct thermal_rc_params {
	int32_t t_amb;
	int32_t t_init;
	uint32_t r;
	uint32_t c;
};

/* Documented defaults (docs/model.md, "Thermal loop"): a phone-sized package. */
#define THERMAL_RC_DEFAULT_T_AMB 25000
#define THERMAL_RC_DEFAULT_R 10000 /* 10 °C/W: 4.5 W sustained settles at 70 °C */
#define THERMAL_RC_DEFAULT_C 3000  /* 3 J/°C: time constant R*C = 30 s */

/* The RC state: temperature in µ°C plus the remainder of the last division, so that the
 * integration neither drifts nor stalls short of the steady state. */
struct thermal_rc {
	struct thermal_rc_params p;
	int64_t temp_uc;
	int64_t rem;
};

/*
 * A cpufreq cooling device (cpufreq_cooling.c), one per cpufreq policy.
 * @name:   its type, "thermal-cpufreq-N" in the kernel; also the name of its freq_qos request
 * @policy: the caller's policy index, handed back in thermal_hooks.cdev_set
 * @cpus:   policy->related_cpus
 * @table:  the policy's EM perf states (ascending frequency, power in µW); power may be 0 for
 *          all states when the platform has no EM (then it cannot be a power actor)
 */
struct thermal_cdev_params {
	char name[THERMAL_NAME_MAX];
	unsigned policy;
	capsim_cpumask cpus;
	const struct em_perf_state *table;
	unsigned nr_states;
};

/*
 * A cooling-maps entry: cooling device @cdev bound to trip @trip of the zone.
 * @lower, @upper: the state limits (THERMAL_NO_LIMIT = 0 / max_state)
 * @weight:        the DT "contribution" (0 = THERMAL_WEIGHT_DEFAULT)
 */
struct thermal_bind_params {
	unsigned trip;
	unsigned cdev;
	unsigned long lower, upper;
	uint32_t weight;
};

/*
 * A thermal zone as its DT node describes it, plus the RC model standing in for the sensor.
 * @polling_delay_ms, @passive_delay_ms: DT polling-delay / polling-delay-passive
 * @sustainable_power_mw: DT sustainable-power; 0 = estimated (estimate_sustainable_power)
 * @integral_cutoff: tzp->integral_cutoff (m°C), 0 as the kernel's default
 * @heat_cpus: the CPUs whose power heats this zone
 */
struct thermal_zone_params {
	char name[THERMAL_NAME_MAX];
	enum thermal_governor_kind governor;
	uint32_t polling_delay_ms;
	uint32_t passive_delay_ms;
	uint32_t sustainable_power_mw;
	int32_t integral_cutoff;
	struct thermal_trip trips[THERMAL_MAX_TRIPS];
	unsigned nr_trips;
	struct thermal_bind_params binds[THERMAL_MAX_BINDS];
	unsigned nr_binds;
	capsim_cpumask heat_cpus;
	struct thermal_rc_params rc;
};

struct thermal_params {
	const struct thermal_zone_params *zones;
	unsigned nr_zones;
	const struct thermal_cdev_params *cdevs;
	unsigned nr_cdevs;
	/* num_possible_cpus(): the width of thermal_power_cpu_limit's cpumask (0: the cdevs') */
	unsigned nr_cpus;
};

/*
 * What the thermal loop reads from the rest of the system when it polls (power_allocator's
 * get_requested_power): per CPU, the current frequency of its policy (cpufreq_quick_get), its
 * sched_cpu_util() and its arch_scale_cpu_capacity().
 */
struct thermal_cpu_input {
	uint32_t cur_freq_khz;
	uint64_t util;
	uint64_t capacity;
};

/*
 * Where the thermal loop's effects go.
 * @cdev_set: a cooling device changed state: update the freq_qos MAX request named
 *            cdev->params.name on policy cdev->params.policy to @max_khz.
 * @trace:    one trace event: @event ("cdev_update") and its TP_printk body.
 */
struct thermal_hooks {
	void *ctx;
	void (*cdev_set)(void *ctx, unsigned policy, const char *name, uint32_t max_khz);
	void (*trace)(void *ctx, uint64_t now_ns, const char *event, const char *body);
};

/* mirrors struct thermal_instance: one (trip, cdev) binding */
struct thermal_instance {
	unsigned trip;
	unsigned cdev;
	unsigned long lower, upper;
	unsigned long target;
	uint32_t weight;
	int initialized;
};

/* mirrors struct cpufreq_cooling_device + the thermal_cooling_device parts we need */
struct thermal_cdev {
	struct thermal_cdev_params params;
	unsigned long max_level;
	unsigned long cur_state;
	uint32_t last_load; /* sum of the CPUs' load percentages at the last get_requested_power */
	int updated;
};

/* mirrors struct power_allocator_params (+ the tzp PID gains) */
struct thermal_ipa {
	int64_t err_integral;
	int32_t prev_err;
	uint32_t sustainable_power;
	int trip_switch_on; /* index, or -1 */
	int trip_max;       /* index, or -1 */
	uint32_t total_weight;
	int update_cdevs;
	int32_t k_po, k_pu, k_i, k_d; /* FRAC_BITS fixed point */
};

/* mirrors struct thermal_zone_device (the parts the governors use) */
struct thermal_zone {
	struct thermal_zone_params params;
	unsigned id;
	struct thermal_rc rc;
	int32_t temperature;
	int32_t last_temperature;
	int32_t threshold[THERMAL_MAX_TRIPS]; /* td->threshold */
	int passive;
	struct thermal_instance instances[THERMAL_MAX_BINDS];
	unsigned nr_instances;
	struct thermal_ipa ipa;
	uint64_t next_poll_ns;
	uint64_t critical_count; /* polls that found a critical/hot trip crossed */
};

struct thermal {
	struct thermal_zone *zones;
	unsigned nr_zones;
	struct thermal_cdev *cdevs;
	unsigned nr_cdevs;
	struct thermal_hooks hooks;
	unsigned nr_cpus; /* thermal_params.nr_cpus */
	const struct thermal_cpu_input *in; /* valid during thermal_update() only */
	uint64_t now_ns;
};

/* --- the RC model: src/model/thermal_rc.c ------------------------------------------------------ */

/** thermal_rc_init() - start at p->t_init. */
void thermal_rc_init(struct thermal_rc *rc, const struct thermal_rc_params *p);

/**
 * thermal_rc_validate() - the parameters make a stable model: R, C > 0, R*C >= 10 ms and
 * temperatures within ±200 °C. Return: 0 or CAPSIM_ERR_RANGE with @err naming the field.
 */
int thermal_rc_validate(const struct thermal_rc_params *p, capsim_error *err);

/** thermal_rc_advance() - integrate @dt_ns under constant @power_uw (Euler, bounded step). */
void thermal_rc_advance(struct thermal_rc *rc, uint64_t dt_ns, uint64_t power_uw);

/** thermal_rc_temp() - the current temperature in m°C (what the "sensor" reads). */
int32_t thermal_rc_temp(const struct thermal_rc *rc);

/* --- the cooling device: src/model/cpufreq_cooling.c ------------------------------------------- */

/** cpufreq_cooling_init() - fill @cdev from @p (max_level = nr_states - 1, state 0). */
int cpufreq_cooling_init(struct thermal_cdev *cdev, const struct thermal_cdev_params *p,
			 capsim_error *err);
/** cpufreq_cooling_state_freq() - mirrors get_state_freq(): kHz of @state (EM order). */
uint32_t cpufreq_cooling_state_freq(const struct thermal_cdev *cdev, unsigned long state);
/** cpufreq_cooling_is_power_actor() - mirrors cdev_is_power_actor(): an EM with power. */
int cpufreq_cooling_is_power_actor(const struct thermal_cdev *cdev);
/** cpufreq_cooling_state2power() - mirrors cpufreq_state2power(): mW of all CPUs at @state. */
int cpufreq_cooling_state2power(const struct thermal_cdev *cdev, unsigned long state,
				uint32_t *power);
/** cpufreq_cooling_get_requested_power() - mirrors cpufreq_get_requested_power() (mW). */
uint32_t cpufreq_cooling_get_requested_power(struct thermal_cdev *cdev,
					     const struct thermal_cpu_input *in);
/** cpufreq_cooling_power2state() - mirrors cpufreq_power2state(). */
unsigned long cpufreq_cooling_power2state(const struct thermal_cdev *cdev, uint32_t power);
/**
 * cpufreq_cooling_trace_get_power() - thermal_power_cpu_get_power_simple, as
 * cpufreq_get_requested_power() traces its result @power (mW) for policy->cpu.
 */
void cpufreq_cooling_trace_get_power(struct thermal *t, const struct thermal_cdev *cdev,
				     uint32_t power);
/**
 * cpufreq_cooling_trace_limit() - thermal_power_cpu_limit, as cpufreq_power2state() traces the
 * @state it chose for @power (mW): the policy's related CPUs, and the state's frequency (the
 * OPP cpu_power_to_freq() found, which get_level() maps back to @state).
 */
void cpufreq_cooling_trace_limit(struct thermal *t, const struct thermal_cdev *cdev,
				 unsigned long state, uint32_t power);

/* --- the core and the governors: src/model/thermal_core.c, src/thermal_gov_*.c ----------------- */

/**
 * thermal_create() - zones and cooling devices from @p; validates every index and value.
 * Return: 0 or a negative enum capsim_err with @err naming "thermal zone NAME: FIELD: ...".
 */
int thermal_create(const struct thermal_params *p, const struct thermal_hooks *hooks,
		   struct thermal **out, capsim_error *err);

/** thermal_free() - NULL is a no-op. */
void thermal_free(struct thermal *t);

/**
 * thermal_heat() - let @dt_ns pass with each CPU drawing @cpu_power_uw[cpu] (indexed by CPU,
 * at least as long as the highest CPU any zone lists): every zone integrates the sum of its
 * heat_cpus' power.
 */
void thermal_heat(struct thermal *t, uint64_t dt_ns, const uint64_t *cpu_power_uw);

/** thermal_next_poll() - the earliest time a zone wants its sensor read (UINT64_MAX: none). */
uint64_t thermal_next_poll(const struct thermal *t);

/**
 * thermal_update() - at @now_ns, poll every zone due: read the temperature, handle trips, run
 * the governor, update cooling devices (hooks), and re-arm polling. @in is indexed by CPU.
 */
void thermal_update(struct thermal *t, uint64_t now_ns, const struct thermal_cpu_input *in);

/**
 * thermal_cdev_set_state() - what writing cooling_device/cur_state in sysfs does
 * (thermal_cooling_device_cur_state_store): set the state now, governors may change it later.
 * Return: 0, or CAPSIM_ERR_RANGE if @state > max_level.
 */
int thermal_cdev_set_state(struct thermal *t, unsigned cdev, unsigned long state,
			   uint64_t now_ns);

/** thermal_find_cdev() - index of the cooling device named @name, or -1. */
int thermal_find_cdev(const struct thermal *t, const char *name);

/* Internal to the thermal files. */
void thermal_trace(struct thermal *t, const char *event, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void thermal_cdev_update(struct thermal *t, unsigned cdev);
void thermal_cdev_update_now(struct thermal *t, unsigned cdev); /* __thermal_cdev_update() */
enum thermal_trend thermal_get_tz_trend(const struct thermal_zone *tz);
void step_wise_manage(struct thermal *t, struct thermal_zone *tz);
void power_allocator_bind(struct thermal *t, struct thermal_zone *tz);
void power_allocator_manage(struct thermal *t, struct thermal_zone *tz);
void estimate_pid_constants(struct thermal_zone *tz, uint32_t sustainable_power,
			    int trip_switch_on, int32_t control_temp);
void divvy_up_power(const uint32_t *weighted_req, const uint32_t *max_power, uint32_t *granted,
		    unsigned n, uint32_t total_req_power, uint32_t power_range);

#endif /* CAPSIM_THERMAL_H */
