/* SPDX-License-Identifier: MIT */
/*
 * capsim_platform.h - platforms, capacity under caps and pressures, and one placement question:
 * what `capsim platform`, `capsim capacity` and `capsim place` answer, as library calls.
 *
 * A capsim_platform is what the kernel builds at boot from a device tree or a capsim platform
 * JSON file (drivers/base/arch_topology.c, drivers/cpufreq, drivers/opp/of.c,
 * kernel/power/energy_model.c, drivers/thermal/thermal_of.c). It is inspected through structs
 * the library fills by value, sized by the caller (capsim.h, "The ABI of the structs": one
 * below its first release's size is refused with CAPSIM_ERR_INVALID); the strings they point
 * to belong to the platform (valid until it is freed or changed).
 *
 * Units: capacities out of SCHED_CAPACITY_SCALE (1024 = the biggest CPU at its reference
 * frequency), frequencies in kHz, voltages in uV, power in uW (EM) or mW (thermal), times in ns,
 * temperatures in millidegree Celsius. CPUs are the logical ids 0..nr_cpus-1; a policy is named
 * by its first CPU (policy->cpu, the sysfs "policyN") where a call says "policy CPU", and by
 * its index 0..nr_policies-1 (ordered by policy CPU) where it says "policy index".
 *
 * Thread safety: calls on different handles may run in parallel threads; calls that change a
 * handle must not run beside any other call on that handle. Nothing here keeps global state.
 *
 * Included by capsim.h; do not include it alone.
 */
#ifndef CAPSIM_CAPSIM_PLATFORM_H
#define CAPSIM_CAPSIM_PLATFORM_H

#include <stdbool.h>
#include <stdio.h>

/* --- loading ----------------------------------------------------------------------------- */

/**
 * capsim_platform_load() - load a platform by short name ("rk3399": a board of
 * capsim_platform_data_dir()/platforms) or by file path (.dtb or a /sys/firmware/fdt copy, .dts
 * compiled with dtc, capsim platform JSON, stand-alone or overlaying the device tree its "base"
 * names), then apply @nr_overlays platform-JSON overlay files from @overlays (may be NULL when
 * @nr_overlays is 0) in order.
 * @out: set to the new platform (NULL on failure); free it with capsim_platform_free().
 * Return: 0; CAPSIM_ERR_NOT_FOUND (no such name or file), CAPSIM_ERR_IO, CAPSIM_ERR_PARSE,
 * CAPSIM_ERR_RANGE, CAPSIM_ERR_UNSUPPORTED or CAPSIM_ERR_NOMEM, with @err (may be NULL) naming
 * the file and the DT node/property or JSON path.
 */
CAPSIM_API int capsim_platform_load(const char *name, const char *const *overlays,
				    unsigned nr_overlays, capsim_platform **out, capsim_error *err);

/**
 * capsim_platform_load_dtb() - build a platform from a flattened device tree blob in memory
 * (@size bytes, not kept). @file: the name used in messages and as the platform's source.
 * Return: as capsim_platform_load().
 */
CAPSIM_API int capsim_platform_load_dtb(const void *blob, size_t size, const char *file,
					capsim_platform **out, capsim_error *err);

/**
 * capsim_platform_load_json() - build a platform from a stand-alone capsim platform JSON text
 * (@len bytes, need not be NUL-terminated; docs/formats.md). A "base" member is refused: a base
 * device tree is only read from a file (capsim_platform_load()). Return: as
 * capsim_platform_load().
 */
CAPSIM_API int capsim_platform_load_json(const char *text, size_t len, const char *file,
					 capsim_platform **out, capsim_error *err);

/**
 * capsim_platform_apply_overlay() - apply a platform JSON overlay text (@len bytes) to @p in
 * place, as --overlay does, and derive again what the kernel derives at boot. On failure @p may
 * be partly changed: free it. Return: as capsim_platform_load().
 */
CAPSIM_API int capsim_platform_apply_overlay(capsim_platform *p, const char *text, size_t len,
					     const char *file, capsim_error *err);

/** capsim_platform_free() - release @p and everything it owns; NULL is a no-op. */
CAPSIM_API void capsim_platform_free(capsim_platform *p);

/**
 * capsim_platform_list() - the short names of the shipped platforms, sorted.
 * @names: set to a NULL-terminated array (NULL when there is none); release it with
 *         capsim_platform_list_free().
 * Return: the number of names (>= 0), or CAPSIM_ERR_IO (the data dir cannot be read) or
 * CAPSIM_ERR_NOMEM with @err filled.
 */
CAPSIM_API int capsim_platform_list(char ***names, capsim_error *err);

/** capsim_platform_list_free() - release capsim_platform_list()'s array; NULL is a no-op. */
CAPSIM_API void capsim_platform_list_free(char **names);

/**
 * capsim_platform_data_dir() - the data directory in use: $CAPSIM_DATA_DIR if set and not
 * empty, else the compiled-in one. The string is the environment's or static: do not free it.
 */
CAPSIM_API const char *capsim_platform_data_dir(void);

/* --- inspection -------------------------------------------------------------------------- */

/* What arch_scale_freq_ref() is on this machine: capacity_freq_ref (arm, arm64) or 0 (x86). */
enum capsim_arch {
	CAPSIM_ARCH_ARM64 = 0,
	CAPSIM_ARCH_ARM = 1,
	CAPSIM_ARCH_X86 = 2,
};

/* The reference cpufreq_update_pressure() uses when arch_scale_freq_ref() is 0 (x86). */
enum capsim_freq_ref_fallback {
	CAPSIM_FALLBACK_NONE = 0,        /* 6.10 .. 6.12.100: cpufreq pressure is 0 */
	CAPSIM_FALLBACK_CPUINFO_MAX = 1, /* d2d5c129d07e and later: policy->cpuinfo.max_freq */
};

/* How the original capacities came about. */
enum capsim_capacity_source {
	CAPSIM_CAPACITY_NORMALIZED = 0, /* capacity-dmips-mhz x freq_ref (topology_normalize_cpu_scale) */
	CAPSIM_CAPACITY_DEFAULT = 1,    /* some CPU lacks capacity-dmips-mhz: 1024 for every CPU */
	CAPSIM_CAPACITY_GIVEN = 2,      /* the platform JSON's "capacity" */
};

/**
 * struct capsim_platform_info - the whole platform.
 * @name:            short name or file base name.
 * @model:           the DT /model, or "" when absent.
 * @source:          the file read (and the overlays).
 * @arch, @fallback, @capacity_source: see the enums above.
 * @eas:             every policy has an energy model (EAS can run on asymmetric capacities).
 * @nr_cpus, @nr_policies, @nr_zones, @nr_notes: the counts of what the calls below index.
 * @freq_invariance: where arch_scale_freq_capacity() comes from: "cpufreq" (arch_set_freq_scale()
 *                   at each frequency change: the requested frequency, a HW throttle below it
 *                   unseen) or "amu" (amu_scale_freq_tick(): delivered cycles over the last
 *                   tick). A scenario may override it (kernel.freq_invariance).
 * @freq_invariance_given: the platform JSON chose it; otherwise the CPUs' compatibles did
 *                   (amu only when every CPU has FEAT_AMU counters Linux uses).
 */
struct capsim_platform_info {
	uint32_t size; /* sizeof(struct capsim_platform_info), set by the caller (CAPSIM_SIZED) */
	const char *name;
	const char *model;
	const char *source;
	enum capsim_arch arch;
	enum capsim_freq_ref_fallback fallback;
	enum capsim_capacity_source capacity_source;
	bool eas;
	unsigned nr_cpus;
	unsigned nr_policies;
	unsigned nr_zones;
	unsigned nr_notes;
	const char *freq_invariance;
	bool freq_invariance_given;
};

/**
 * capsim_platform_get_info() - fill @out for @p (neither may be NULL).
 * Return: 0, or CAPSIM_ERR_INVALID when out->size is below the first release's.
 */
CAPSIM_API int capsim_platform_get_info(const capsim_platform *p,
					 struct capsim_platform_info *out);

/**
 * capsim_platform_note() - the @i-th note (0..nr_notes-1): what the kernel would have logged
 * while building the platform (fallbacks, skipped parts, no EM). Return: the text, owned by
 * @p, or NULL if @i is out of range.
 */
CAPSIM_API const char *capsim_platform_note(const capsim_platform *p, unsigned i);

/**
 * capsim_platform_description() - what a platform JSON's "description" says of the platform
 * (where its values come from), for people. Return: the text, owned by @p, or NULL if none.
 */
CAPSIM_API const char *capsim_platform_description(const capsim_platform *p);

/**
 * struct capsim_cpu_info - one CPU as arch_topology sees it.
 * @cluster, @core, @thread: cpu-map indices, or -1.
 * @policy:             policy CPU of its cpufreq policy, or -1 (no cpufreq).
 * @policy_index:       the same policy as an index, or -1.
 * @capacity_dmips_mhz: the DT property, 0 when absent.
 * @capacity_orig:      cpu_scale, arch_scale_cpu_capacity(), 1..1024.
 * @freq_ref_khz:       capacity_freq_ref, arch_scale_freq_ref() (0 on x86).
 * @node_path:          the DT node ("/cpus/cpu@100") or JSON path ("json:/cpus/3").
 * @compatible:         the node's first compatible ("arm,cortex-a55"), "" when none.
 * @amu:                Linux would use its activity monitors for frequency invariance.
 */
struct capsim_cpu_info {
	uint32_t size; /* sizeof(struct capsim_cpu_info), set by the caller (CAPSIM_SIZED) */
	int cluster;
	int core;
	int thread;
	int policy;
	int policy_index;
	uint32_t capacity_dmips_mhz;
	uint64_t capacity_orig;
	uint32_t freq_ref_khz;
	const char *node_path;
	const char *compatible;
	bool amu;
};

/** capsim_platform_get_cpu() - fill @out for @cpu. Return: 0, or CAPSIM_ERR_RANGE. */
CAPSIM_API int capsim_platform_get_cpu(const capsim_platform *p, unsigned cpu,
				       struct capsim_cpu_info *out);

/**
 * struct capsim_sched_domain_info - one sched domain that build_sched_domains() keeps (v6.12,
 * arm64 defconfig: CONFIG_SCHED_SMT and CONFIG_SCHED_MC, no CONFIG_SCHED_CLUSTER), degenerate
 * ones removed. The domains come by level, bottom up, then by their first CPU.
 * @level:     the kernel's name of its topology level: "SMT", "CLS", "MC" or "PKG".
 * @span:      sched_domain_span().
 * @flags:     its SD_* flags, bit i as capsim_sd_flag_name(i) names it (sd_flags.h order).
 * @nr_groups: its sched groups (capsim_platform_get_sched_group() indexes them).
 */
struct capsim_sched_domain_info {
	uint32_t size; /* sizeof(struct capsim_sched_domain_info), set by the caller (CAPSIM_SIZED) */
	const char *level;
	capsim_cpumask span;
	uint32_t flags;
	unsigned nr_groups;
};

/** capsim_platform_nr_sched_domains() - the number of distinct sched domains of @p. */
CAPSIM_API unsigned capsim_platform_nr_sched_domains(const capsim_platform *p);

/** capsim_platform_get_sched_domain() - fill @out for domain @i. Return: 0 or CAPSIM_ERR_RANGE. */
CAPSIM_API int capsim_platform_get_sched_domain(const capsim_platform *p, unsigned i,
						struct capsim_sched_domain_info *out);

/**
 * capsim_platform_get_sched_group() - the span of group @g of domain @i (build_sched_groups():
 * the child domains' spans, the local group of the domain's first CPU first).
 * Return: 0 or CAPSIM_ERR_RANGE.
 */
CAPSIM_API int capsim_platform_get_sched_group(const capsim_platform *p, unsigned i, unsigned g,
					       capsim_cpumask *out);

/**
 * struct capsim_idle_state_info - one idle state of a CPU deeper than WFI, as cpuidle-psci
 * reads it from the device tree (dt_init_idle_driver()). The states come shallowest first;
 * state i of capsim_platform_get_idle_state() is the simulator's state i + 1 (0 is WFI).
 * @name:         idle-state-name, else the node's name.
 * @node:         the DT node.
 * @entry_us, @exit_us, @residency_us: entry-latency-us, exit-latency-us, min-residency-us.
 * @wakeup_us:    the kernel's exit_latency: wakeup-latency-us, else entry + exit.
 * @timer_stop:   local-timer-stop.
 * @cluster:      it powers the CPU's cluster down: entered only when its cluster is idle.
 * @domain:       a parent power domain's state (PSCI OS-initiated, chosen by genpd): it has no
 *                cpuidle index of its own; cpu_idle events show the CPU's deepest state.
 * @cpuidle_index: the state's index in cpu_idle events (kernel's cpuidle index).
 */
struct capsim_idle_state_info {
	uint32_t size; /* sizeof(struct capsim_idle_state_info), set by the caller (CAPSIM_SIZED) */
	const char *name;
	const char *node;
	uint32_t entry_us, exit_us, residency_us, wakeup_us;
	bool timer_stop, cluster, domain;
	unsigned cpuidle_index;
};

/** capsim_platform_nr_idle_states() - idle states of @cpu deeper than WFI (0: WFI only). */
CAPSIM_API unsigned capsim_platform_nr_idle_states(const capsim_platform *p, unsigned cpu);

/**
 * capsim_platform_get_idle_state() - fill @out for idle state @i of @cpu (0 = the shallowest
 * after WFI). Return: 0 or CAPSIM_ERR_RANGE.
 */
CAPSIM_API int capsim_platform_get_idle_state(const capsim_platform *p, unsigned cpu, unsigned i,
					      struct capsim_idle_state_info *out);

/** capsim_sd_flag_name() - "SD_BALANCE_NEWIDLE" .. "SD_NUMA" for bit @bit, NULL beyond. */
CAPSIM_API const char *capsim_sd_flag_name(unsigned bit);

/**
 * struct capsim_policy_info - one cpufreq policy (struct cpufreq_policy).
 * @cpu:              policy->cpu.
 * @cpus:             related_cpus.
 * @nr_opps:          OPPs, turbo ones included (capsim_platform_get_opp() indexes them).
 * @cpuinfo_min_khz, @cpuinfo_max_khz: cpuinfo limits (turbo only when boost is on).
 * @min_khz, @max_khz: policy->min and policy->max after cpufreq_set_policy() resolved every
 *                    freq_qos request.
 * @boost_enabled:    turbo OPPs are in cpuinfo.
 * @dynamic_power_coefficient: of policy->cpu's node, 0 when absent.
 * @energy_model:     the policy has an EM perf domain.
 * @em_microwatts:    the EM comes from opp-microwatt (else from the coefficient).
 * @em_skip_inefficiencies: EM_PERF_DOMAIN_SKIP_INEFFICIENCIES.
 * @cooling_states:   states of its cpufreq cooling device (EM perf states, else non-turbo OPPs).
 * @opp_table_path:   the OPP table's DT node, or "json".
 * @cpufreq_driver:   the cpufreq driver's name ("cpufreq-dt", "qcom-cpufreq-hw", "scmi",
 *                    "scpi-cpufreq", "mtk-cpufreq-hw"), from the DT, or "unknown".
 * @driver_given:     the platform JSON set the driver or one of the next three fields.
 * @transition_latency_ns: policy->cpuinfo.transition_latency (0: the driver gives none).
 * @transition_delay_us: cpufreq_policy_transition_delay_us(): schedutil's default
 *                    rate_limit_us (a scenario's kernel.rate_limit_us overrides it).
 * @fast_switch:      the driver switches from the scheduler's context; otherwise the sugov
 *                    kthread (SCHED_DEADLINE) does, taking the transition latency.
 * @clock_latency_ns: the clock's part of @transition_latency_ns (the OPPs' clock-latency-ns),
 *                    which the sugov kthread spends on the CPU at each change, or asleep
 *                    while firmware makes it (@clock_firmware).
 * @has_cpu_supply:   cpufreq-dt sets a cpu-supply's voltage at each change; its timing
 *                    (the regulator's DT constraints): @supply_ramp_delay (uV/us, 0: none),
 *                    @supply_settling_time_us, @supply_settling_time_up_us,
 *                    @supply_settling_time_down_us. The kthread waits for each step's ramp.
 * @clock_firmware:   the clock's set_rate() posts a request to firmware, which makes the
 *                    change @clock_latency_ns later (HiKey960's stub clock).
 */
struct capsim_policy_info {
	uint32_t size; /* sizeof(struct capsim_policy_info), set by the caller (CAPSIM_SIZED) */
	unsigned cpu;
	capsim_cpumask cpus;
	unsigned nr_opps;
	uint32_t cpuinfo_min_khz;
	uint32_t cpuinfo_max_khz;
	uint32_t min_khz;
	uint32_t max_khz;
	bool boost_enabled;
	uint32_t dynamic_power_coefficient;
	bool energy_model;
	bool em_microwatts;
	bool em_skip_inefficiencies;
	unsigned cooling_states;
	const char *opp_table_path;
	const char *cpufreq_driver;
	bool driver_given;
	uint32_t transition_latency_ns;
	uint32_t transition_delay_us;
	bool fast_switch;
	uint32_t clock_latency_ns;
	bool has_cpu_supply;
	uint32_t supply_ramp_delay;
	uint32_t supply_settling_time_us;
	uint32_t supply_settling_time_up_us;
	uint32_t supply_settling_time_down_us;
	bool clock_firmware;
};

/** capsim_platform_get_policy() - fill @out for policy index @i. Return: 0 or CAPSIM_ERR_RANGE. */
CAPSIM_API int capsim_platform_get_policy(const capsim_platform *p, unsigned i,
					  struct capsim_policy_info *out);

/**
 * capsim_platform_policy_index() - the index of the policy whose policy CPU is @cpu.
 * Return: 0..nr_policies-1, or CAPSIM_ERR_NOT_FOUND.
 */
CAPSIM_API int capsim_platform_policy_index(const capsim_platform *p, unsigned cpu);

/**
 * struct capsim_opp_info - one OPP and, when the policy has an energy model, its perf state.
 * @khz, @uv, @uv_min, @uv_max, @uw: opp-hz / 1000, opp-microvolt (0 when absent; min = max =
 *                  target in the 1-cell form), opp-microwatt (0 when absent).
 * @turbo, @suspend: turbo-mode, opp-suspend.
 * @has_em:         an EM perf state has this frequency; the em_ fields are 0 otherwise.
 * @em_power_uw:    its power (dev_pm_opp_calc_power() or opp-microwatt).
 * @em_perf:        its performance, capacity_orig * khz / fmax.
 * @em_cost:        10 * power / perf (em_compute_costs(), v6.9+).
 * @em_efficient:   not EM_PERF_STATE_INEFFICIENT.
 */
struct capsim_opp_info {
	uint32_t size; /* sizeof(struct capsim_opp_info), set by the caller (CAPSIM_SIZED) */
	uint32_t khz;
	uint32_t uv;
	uint32_t uv_min;
	uint32_t uv_max;
	uint32_t uw;
	bool turbo;
	bool suspend;
	bool has_em;
	uint64_t em_power_uw;
	uint64_t em_perf;
	uint64_t em_cost;
	bool em_efficient;
};

/**
 * capsim_platform_get_opp() - fill @out for OPP @i (ascending frequency) of policy index
 * @policy. Return: 0, or CAPSIM_ERR_RANGE.
 */
CAPSIM_API int capsim_platform_get_opp(const capsim_platform *p, unsigned policy, unsigned i,
				       struct capsim_opp_info *out);

/* mirrors THERMAL_NO_LIMIT as a cooling-map state limit */
#define CAPSIM_THERMAL_NO_LIMIT UINT32_MAX

/* mirrors enum thermal_trip_type */
enum capsim_trip_type {
	CAPSIM_TRIP_ACTIVE = 0,
	CAPSIM_TRIP_PASSIVE = 1,
	CAPSIM_TRIP_HOT = 2,
	CAPSIM_TRIP_CRITICAL = 3,
};

/** capsim_trip_type_name() - "active", "passive", "hot", "critical" (NULL if out of range). */
CAPSIM_API const char *capsim_trip_type_name(enum capsim_trip_type type);

/**
 * struct capsim_zone_info - one thermal zone of the device tree.
 * @polling_delay_ms, @polling_delay_passive_ms: polling-delay, polling-delay-passive.
 * @sustainable_power_mw: 0 when absent.
 */
struct capsim_zone_info {
	uint32_t size; /* sizeof(struct capsim_zone_info), set by the caller (CAPSIM_SIZED) */
	const char *name;
	uint32_t polling_delay_ms;
	uint32_t polling_delay_passive_ms;
	uint32_t sustainable_power_mw;
	unsigned nr_trips;
	unsigned nr_maps;
};

/** capsim_platform_get_zone() - fill @out for zone @i. Return: 0 or CAPSIM_ERR_RANGE. */
CAPSIM_API int capsim_platform_get_zone(const capsim_platform *p, unsigned i,
					struct capsim_zone_info *out);

/** struct capsim_trip_info - one trip point of a zone. */
struct capsim_trip_info {
	uint32_t size; /* sizeof(struct capsim_trip_info), set by the caller (CAPSIM_SIZED) */
	const char *name;
	enum capsim_trip_type type;
	int32_t temperature_mc;
	int32_t hysteresis_mc;
};

/** capsim_platform_get_trip() - fill @out for trip @i of zone @zone. Return: 0 or CAPSIM_ERR_RANGE. */
CAPSIM_API int capsim_platform_get_trip(const capsim_platform *p, unsigned zone, unsigned i,
					struct capsim_trip_info *out);

/**
 * struct capsim_cooling_map_info - one cooling-device entry of a zone's cooling maps.
 * @trip:          index of its trip in the zone.
 * @device_path:   the cooling device's DT node.
 * @policy:        policy CPU of a cpufreq cooling device, or -1 (not a CPU).
 * @lower, @upper: the map's state limits as written, or CAPSIM_THERMAL_NO_LIMIT.
 * @contribution:  its weight (0: THERMAL_WEIGHT_DEFAULT).
 * @min_state, @max_state: for a cpufreq cooling device, the limits resolved against the
 *                 policy's OPPs (NO_LIMIT = 0 / the last OPP, min_state <= max_state);
 * @min_state_khz, @max_state_khz: their frequencies, state k being the k-th highest OPP
 *                 (get_state_freq()). All four are 0 for other devices.
 */
struct capsim_cooling_map_info {
	uint32_t size; /* sizeof(struct capsim_cooling_map_info), set by the caller (CAPSIM_SIZED) */
	unsigned trip;
	const char *device_path;
	int policy;
	uint32_t lower;
	uint32_t upper;
	uint32_t contribution;
	uint32_t min_state;
	uint32_t max_state;
	uint32_t min_state_khz;
	uint32_t max_state_khz;
};

/** capsim_platform_get_cooling_map() - fill @out for map @i of zone @zone. Return: 0 or CAPSIM_ERR_RANGE. */
CAPSIM_API int capsim_platform_get_cooling_map(const capsim_platform *p, unsigned zone,
					       unsigned i, struct capsim_cooling_map_info *out);

/**
 * capsim_platform_nr_cooling_states() - the states of policy index @policy's cpufreq cooling
 * device, "thermal-cpufreq-@policy" (cpufreq_cooling.c: one per policy, numbered in policy
 * order): one per energy-model perf state, else per OPP outside boost. 0: no such policy.
 */
CAPSIM_API unsigned capsim_platform_nr_cooling_states(const capsim_platform *p, unsigned policy);

/**
 * capsim_platform_cooling_state_khz() - the frequency (kHz) cooling state @state of that device
 * caps its policy at: state 0 none (the highest frequency), state k the k-th highest
 * (get_state_freq()). Return: the kHz, or 0 when @policy or @state is out of range.
 */
CAPSIM_API uint32_t capsim_platform_cooling_state_khz(const capsim_platform *p, unsigned policy,
						      unsigned state);

/**
 * capsim_platform_write_lisa() - @p as LISA's platform description (a PlatformInfo YAML:
 * `platform-info: conf:` with abi, cpu-capacities, cpus-count, freq-domains, freqs, name and,
 * when a policy has an energy model, nrg-model with its perf states), what
 * `capsim platform show P --format lisa` prints; capsim_platform_load() reads it back from a
 * .yml/.yaml file. @fp stays the caller's. Return: 0, CAPSIM_ERR_NOMEM or CAPSIM_ERR_IO.
 */
CAPSIM_API int capsim_platform_write_lisa(const capsim_platform *p, FILE *fp);

/* --- capacity under caps and pressures ------------------------------------------------------ */

/* The kinds of cap `capsim capacity` applies. */
enum capsim_cap_kind {
	CAPSIM_CAP_MAX_FREQ = 0, /* scaling_max_freq: the "user" MAX freq_qos request */
	CAPSIM_CAP_MIN_FREQ = 1, /* scaling_min_freq: the "user" MIN freq_qos request */
	CAPSIM_CAP_COOLING = 2,  /* a cpufreq cooling device at a state (cpufreq_set_cur_state()) */
	CAPSIM_CAP_HW = 3,       /* a HW (LMh) cap: topology_update_hw_pressure() */
	CAPSIM_CAP_BOOST = 4,    /* boost on: turbo OPPs in cpuinfo (cpufreq_boost_set_sw()) */
};

/**
 * struct capsim_cap - one cap.
 * @kind:   what it is.
 * @policy: policy CPU, for every kind but CAPSIM_CAP_HW.
 * @cpus:   for CAPSIM_CAP_HW: the CPUs LMh throttles (split into one call per policy).
 * @value:  kHz for MAX_FREQ, MIN_FREQ and HW (at most INT32_MAX); the state for COOLING
 *          (0..nr_opps-1); unused for BOOST.
 */
struct capsim_cap {
	uint32_t size; /* sizeof(struct capsim_cap), set by the caller (CAPSIM_SIZED) */
	enum capsim_cap_kind kind;
	unsigned policy;
	capsim_cpumask cpus;
	uint32_t value;
};

/**
 * capsim_platform_parse_cap() - a cap of @kind as `capsim capacity` takes it, read on @p:
 * "POLICY=KHZ" (MAX_FREQ, MIN_FREQ), "POLICY=STATE" (COOLING), "CPULIST=KHZ" (HW: the
 * `--hw-cap` grammar of a run without its @TIME+DURATION) or "POLICY" (BOOST); POLICY is N,
 * policyN or cpuN (capsim_parse_policy()), KHZ a frequency (capsim_parse_freq_khz()), a bare one
 * checked by capsim_platform_check_bare_khz(). The one reader of these forms, for the program
 * and the bindings. Return: 0 and *@out, or CAPSIM_ERR_PARSE / CAPSIM_ERR_RANGE with
 * "--OPTION ARG: ..." in @err.
 */
CAPSIM_API int capsim_platform_parse_cap(const capsim_platform *p, enum capsim_cap_kind kind,
					 const char *arg, struct capsim_cap *out,
					 capsim_error *err);

/**
 * capsim_platform_check_bare_khz() - a frequency written without a unit is kHz; one more than
 * 10x outside the OPPs of the policies of @cpus is refused (MHz typed for kHz is 1000x off),
 * with a hint naming the unit it probably meant. @what names the argument in the message.
 * Return: 0 (plausible, or no policy to judge by) or CAPSIM_ERR_RANGE with @err.
 */
CAPSIM_API int capsim_platform_check_bare_khz(const capsim_platform *p, const capsim_cpumask *cpus,
					      uint32_t khz, const char *what, capsim_error *err);

/**
 * capsim_platform_apply_cap() - apply @cap to @p now; policies resolve at once
 * (cpufreq_set_policy(), cpufreq_update_pressure()) and HW pressure is written at once, while
 * its PELT average only moves with capsim_platform_settle_hw_load_avg().
 * Return: 0; CAPSIM_ERR_NOT_FOUND (no such policy), CAPSIM_ERR_RANGE (a state, CPU or kHz out of
 * range), CAPSIM_ERR_INVALID (an unknown kind) or CAPSIM_ERR_NOMEM, with @err filled.
 */
CAPSIM_API int capsim_platform_apply_cap(capsim_platform *p, const struct capsim_cap *cap,
					 capsim_error *err);

/**
 * capsim_platform_set_freq_ref_fallback() - what cpufreq pressure uses when arch_scale_freq_ref()
 * is 0 (only x86 platforms notice), and every policy resolved again. Return: 0 or
 * CAPSIM_ERR_INVALID.
 */
CAPSIM_API int capsim_platform_set_freq_ref_fallback(capsim_platform *p,
						     enum capsim_freq_ref_fallback fallback,
						     capsim_error *err);

/* The longest settle: 3.6 M ticks at HZ=1000, well past where hw_load_avg settles (1 h). */
#define CAPSIM_MAX_SETTLE_NS (3600ULL * 1000000000ULL)

/**
 * capsim_platform_settle_hw_load_avg() - let the HW caps hold for @after_ns from time 0:
 * update_hw_load_avg() on every CPU at each tick of a @hz scheduler tick (1..1000), so that
 * hw_load_avg is what it would be after that long. Meant once, on a platform whose caps were
 * all applied at time 0. Return: 0 or CAPSIM_ERR_RANGE (@hz out of range, or @after_ns over
 * CAPSIM_MAX_SETTLE_NS).
 */
CAPSIM_API int capsim_platform_settle_hw_load_avg(capsim_platform *p, uint64_t after_ns,
						  unsigned hz, capsim_error *err);

/**
 * struct capsim_cpu_capacity - what the scheduler believes one CPU's capacity is now.
 * @capacity_orig:     arch_scale_cpu_capacity().
 * @policy:            policy CPU, or -1 (the next two fields are then 0).
 * @policy_max_khz, @policy_min_khz: policy->max, policy->min.
 * @freq_ref_khz:      arch_scale_freq_ref().
 * @cpufreq_pressure:  cap - mult_frac(cap, policy->max, freq_ref), 0 when policy->max >=
 *                     freq_ref (cpufreq_update_pressure(), instantaneous, v6.10+).
 * @hw_pressure:       the same formula for the HW cap (topology_update_hw_pressure()).
 * @hw_load_avg:       its PELT average (update_hw_load_avg()).
 * @actual_capacity:   cap - max(hw_load_avg, cpufreq_pressure) (get_actual_cpu_capacity()).
 * @v6_9_thermal_pressure: arch_scale_thermal_pressure() of v6.9: the last HW cap or cooling
 *                     device written (user caps were invisible then).
 * @v6_9_capacity:     cap - v6.9 thermal pressure.
 */
struct capsim_cpu_capacity {
	uint32_t size; /* sizeof(struct capsim_cpu_capacity), set by the caller (CAPSIM_SIZED) */
	uint64_t capacity_orig;
	int policy;
	uint32_t policy_max_khz;
	uint32_t policy_min_khz;
	uint32_t freq_ref_khz;
	uint64_t cpufreq_pressure;
	uint64_t hw_pressure;
	uint64_t hw_load_avg;
	uint64_t actual_capacity;
	uint64_t v6_9_thermal_pressure;
	uint64_t v6_9_capacity;
};

/** capsim_platform_get_capacity() - fill @out for @cpu. Return: 0, or CAPSIM_ERR_RANGE. */
CAPSIM_API int capsim_platform_get_capacity(const capsim_platform *p, unsigned cpu,
					    struct capsim_cpu_capacity *out);

/**
 * capsim_platform_actual_capacity() - get_actual_cpu_capacity(@cpu) alone (v6.10+), for hot
 * loops. @cpu must be < nr_cpus. Return: the capacity.
 */
CAPSIM_API uint64_t capsim_platform_actual_capacity(const capsim_platform *p, unsigned cpu);

/* --- one placement question --------------------------------------------------------------- */

/*
 * A placement question: a snapshot of the root domain (CPUs, perf domains with their EM tables,
 * per-CPU signals), a waking task, and, once run, what the kernel's wake-up placement functions
 * answer (kernel/sched/fair.c: util_fits_cpu, select_idle_capacity, find_energy_efficient_cpu).
 * Its life: capsim_place_create(); optionally capsim_place_use_platform(); capsim_place_parse();
 * optionally capsim_place_set_task() / capsim_place_set_allowed(); capsim_place_finish();
 * capsim_place_run(); then read it; capsim_place_free().
 */
typedef struct capsim_place capsim_place;

/* How strictly capsim_place_parse() reads its JSON (docs/formats.md, "Placement cases"). */
enum capsim_place_form {
	CAPSIM_PLACE_CASE = 0,  /* a golden case line: every field present, task included */
	CAPSIM_PLACE_STATE = 1, /* a state: documented defaults, platform and task may come later */
};

/** capsim_place_create() - an empty question in *@out. Return: 0 or CAPSIM_ERR_NOMEM. */
CAPSIM_API int capsim_place_create(capsim_place **out, capsim_error *err);

/** capsim_place_free() - release @q; NULL is a no-op. */
CAPSIM_API void capsim_place_free(capsim_place *q);

/**
 * capsim_place_use_platform() - take CPUs, capacities and perf domains (as
 * build_perf_domains() makes them) from the platform @name (capsim_platform_load()'s names);
 * the state parsed next must then not carry its own "platform". Return: 0; the loader's errors;
 * CAPSIM_ERR_UNSUPPORTED when a CPU has no energy model.
 */
CAPSIM_API int capsim_place_use_platform(capsim_place *q, const char *name, capsim_error *err);

/**
 * capsim_place_use_platform_overlays() - capsim_place_use_platform() with @nr_overlays platform
 * JSON overlay files applied in order first, as capsim_platform_load() applies them (an energy
 * model added to a device tree without one, say). Return: as capsim_place_use_platform().
 */
CAPSIM_API int capsim_place_use_platform_overlays(capsim_place *q, const char *name,
						  const char *const *overlays, unsigned nr_overlays,
						  capsim_error *err);

/**
 * capsim_place_parse() - read one JSON text (@len bytes: a JSONL line or a whole state file)
 * into @q, for kernel model @model. On error @err holds "[LINE:COL: ]PATH: what (expected ...)"
 * with a jq-style path; the caller prefixes the file. Return: 0, CAPSIM_ERR_PARSE,
 * CAPSIM_ERR_RANGE or CAPSIM_ERR_NOMEM.
 */
CAPSIM_API int capsim_place_parse(capsim_place *q, const char *text, size_t len,
				  enum capsim_place_form form, enum capsim_model model,
				  capsim_error *err);

/**
 * capsim_place_set_task() - the waking task from a spec "util=N,prev=CPU[,util_est=N]
 * [,runnable=N][,uclamp_min=N][,uclamp_max=N]", replacing the state's; all CPUs allowed.
 * Return: 0, CAPSIM_ERR_PARSE or CAPSIM_ERR_RANGE.
 */
CAPSIM_API int capsim_place_set_task(capsim_place *q, const char *spec, capsim_error *err);

/** capsim_place_set_allowed() - the CPUs the task may run on (p->cpus_ptr). */
CAPSIM_API void capsim_place_set_allowed(capsim_place *q, const capsim_cpumask *allowed);

/**
 * capsim_place_finish() - check the question (a task referring to real CPUs, allowed somewhere
 * for a state) and fill a state's defaults (capacity_of = scale_rt_capacity() of the model,
 * uclamp_used = whether any clamp differs from 0..1024). Return: 0 or CAPSIM_ERR_INVALID.
 */
CAPSIM_API int capsim_place_finish(capsim_place *q, capsim_error *err);

/** capsim_place_run() - run every placement function on a finished @q, keeping the answers. */
CAPSIM_API void capsim_place_run(capsim_place *q);

/**
 * capsim_place_select_idle_capacity() - select_idle_capacity() alone on a finished @q, from the
 * task's previous CPU, as a wake-up calls it. Return: the CPU, or -1.
 */
CAPSIM_API int capsim_place_select_idle_capacity(const capsim_place *q);

/**
 * capsim_place_find_energy_efficient_cpu() - find_energy_efficient_cpu() alone on a finished
 * @q, without a trace, as a wake-up calls it. Return: the CPU, or -1.
 */
CAPSIM_API int capsim_place_find_energy_efficient_cpu(const capsim_place *q);

/**
 * struct capsim_place_decision - what capsim_place_run() found.
 * @nr_cpus:              CPUs of the question.
 * @task_util_est:        task_util_est(p).
 * @select_idle_capacity: its CPU, or -1.
 * @feec:                 find_energy_efficient_cpu()'s CPU, or -1.
 * @feec_exit:            how feec returned: "complete", "no_task_util", "util_changed" or
 *                        "no_domain" (static).
 * @select_idle_capacity_reason, @feec_reason: one sentence each, why.
 */
struct capsim_place_decision {
	uint32_t size; /* sizeof(struct capsim_place_decision), set by the caller (CAPSIM_SIZED) */
	unsigned nr_cpus;
	uint64_t task_util_est;
	int select_idle_capacity;
	int feec;
	const char *feec_exit;
	char select_idle_capacity_reason[512];
	char feec_reason[512];
};

/**
 * capsim_place_get_decision() - fill @out for a run @q.
 * Return: 0, or CAPSIM_ERR_INVALID when out->size is below the first release's.
 */
CAPSIM_API int capsim_place_get_decision(const capsim_place *q,
					  struct capsim_place_decision *out);

/**
 * struct capsim_place_cpu - one CPU's answers of a run.
 * @pd:            its perf domain id.
 * @actual_cap:    the capacity the model believes uclamp_min can get.
 * @util_fits_cpu: util_fits_cpu(task_util_est, task clamps): 1, 0 or -1.
 * @cpu_util:      cpu_util(cpu, p, -1, 0), (cpu, p, cpu, 0), (cpu, p, -1, 1), (cpu, p, cpu, 1).
 * @effective:     effective_cpu_util(cpu, cpu_util(cpu, p, -1, 0), &min, &max), min, max.
 */
struct capsim_place_cpu {
	uint32_t size; /* sizeof(struct capsim_place_cpu), set by the caller (CAPSIM_SIZED) */
	unsigned pd;
	uint64_t actual_cap;
	int util_fits_cpu;
	uint64_t cpu_util[4];
	uint64_t effective[3];
};

/** capsim_place_get_cpu() - fill @out for @cpu of a run @q. Return: 0 or CAPSIM_ERR_RANGE. */
CAPSIM_API int capsim_place_get_cpu(const capsim_place *q, unsigned cpu,
				    struct capsim_place_cpu *out);

/**
 * capsim_place_write_json() - a run @q as one JSON line in the schema of the golden
 * expected.jsonl (same key order, compact, ASCII-only strings as Python's json.dumps writes
 * them); @with_reasons adds the model and the two "..._reason" keys. Return: 0 or CAPSIM_ERR_IO.
 */
CAPSIM_API int capsim_place_write_json(const capsim_place *q, FILE *fp, int with_reasons);

/**
 * capsim_place_write_table() - a run @q for people: the task, a table per CPU, the perf
 * domains' base energies and the two decisions with their reasons. Return: 0 or CAPSIM_ERR_IO.
 */
CAPSIM_API int capsim_place_write_table(const capsim_place *q, FILE *fp);

/**
 * capsim_place_replay_cases() - golden cases (@len bytes of JSON lines, one case per line) run
 * under @model, one capsim_place_write_json() line each written to @out, in order.
 * On error @err holds "LINE[:COL]: ..." (the caller prefixes the file); lines already written
 * stay in @out. Return: the number of cases (0 for an empty text), or CAPSIM_ERR_PARSE
 * (including an empty line), CAPSIM_ERR_RANGE, CAPSIM_ERR_INVALID, CAPSIM_ERR_NOMEM or
 * CAPSIM_ERR_IO.
 */
CAPSIM_API int capsim_place_replay_cases(const char *text, size_t len, enum capsim_model model,
					 FILE *out, capsim_error *err);

#endif /* CAPSIM_CAPSIM_PLATFORM_H */
