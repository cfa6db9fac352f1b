/* SPDX-License-Identifier: MIT */
/*
 * capsim_sim.h - workloads, scenarios and simulation runs: what `capsim simulate` and
 * `capsim compare` do, as calls. A workload is an rt-app JSON file; a scenario is a platform,
 * a workload, kernel options, a duration and seed, and caps and events on a timeline (docs/
 * formats.md, "Scenario"), read from a file or built in code; a run (capsim_sim) simulates a
 * scenario as the Linux 6.10+ scheduler would, and its summary comes back as structs that the
 * library's report writers print exactly as the capsim program does.
 *
 * Ownership: every handle is made by a _load/_parse/_create call and released by its _free
 * (NULL is a no-op). A run owns what it was made from (it copies the scenario's options and
 * events, loads its own platform, and shares the workload read-only), so a scenario may be
 * freed or changed while its runs live.
 *
 * Thread safety: the library keeps no global mutable state. Calls on different handles may run
 * in parallel threads, including capsim_sim_run() of several runs made from one scenario; calls
 * on one handle must not. capsim_sim_create() changes its scenario (the first call expands its
 * timeline), so runs are made from a scenario one at a time, then run in parallel.
 */
#ifndef CAPSIM_SIM_API_H
#define CAPSIM_SIM_API_H

#include <stdint.h>
#include <stdio.h>

/* ---- workloads --------------------------------------------------------------------------- */

/**
 * capsim_workload_load() - read an rt-app JSON file (@path, or "-" for standard input) as
 * rt-app reads it. Return: 0 and *@out (free it with capsim_workload_free()), or a negative
 * enum capsim_err with @err (may be NULL) saying "FILE:LINE:COL: ..." or
 * "FILE: tasks.NAME.phases.p1.run0: ..."; *@out is then NULL.
 */
CAPSIM_API int capsim_workload_load(const char *path, capsim_workload **out, capsim_error *err);

/**
 * capsim_workload_parse() - the same from @len bytes of @text (need not be NUL-terminated);
 * @name is used in messages (NULL: "<workload>").
 */
CAPSIM_API int capsim_workload_parse(const char *text, size_t len, const char *name,
				     capsim_workload **out, capsim_error *err);

/**
 * capsim_workload_free() - release the caller's reference to @wl; NULL is a no-op. A scenario
 * given @wl and the runs made from it hold references of their own, so @wl may be freed as
 * soon as it has been handed to capsim_scenario_set_workload().
 */
CAPSIM_API void capsim_workload_free(capsim_workload *wl);

/**
 * capsim_workload_nr_notes() - how many warnings reading @wl gave: what the file says that
 * rt-app runs, though perhaps not as meant (a key given twice in one object: rt-app and capsim
 * keep the last value at the first place; docs/formats.md, "rt-app"). The library prints
 * nothing: a program shows them (the capsim program on stderr, after "capsim: warning: ").
 * @wl: the workload, or NULL.
 * Return: the count (0 for NULL).
 */
CAPSIM_API unsigned capsim_workload_nr_notes(const capsim_workload *wl);

/**
 * capsim_workload_note() - the @i-th warning (0..nr_notes-1), as "FILE:LINE:COL: what".
 * @wl: the workload. @i: its number.
 * Return: the text, owned by @wl, or NULL if @i is out of range.
 */
CAPSIM_API const char *capsim_workload_note(const capsim_workload *wl, unsigned i);

/* ---- scenarios --------------------------------------------------------------------------- */

/* cpufreq governors a run can use */
enum capsim_governor {
	CAPSIM_GOV_SCHEDUTIL = 0, /* the default */
	CAPSIM_GOV_PERFORMANCE = 1,
	CAPSIM_GOV_POWERSAVE = 2,
};

/* The thermal loop on the platform's zones: off, or which governor runs it. */
enum capsim_thermal {
	CAPSIM_THERMAL_OFF = 0,
	CAPSIM_THERMAL_STEP_WISE = 1,       /* the kernel's default governor */
	CAPSIM_THERMAL_POWER_ALLOCATOR = 2, /* IPA */
};

/** capsim_governor_name() - "schedutil", "performance", "powersave" (NULL if out of range). */
CAPSIM_API const char *capsim_governor_name(enum capsim_governor gov);

/**
 * capsim_scenario_load() - read a scenario JSON file; paths in it are taken from its directory.
 * Return: 0 and *@out (free it with capsim_scenario_free()), or a negative enum capsim_err with
 * @err (may be NULL) as "FILE:LINE:COL: key.path: what is wrong (expected ...)".
 */
CAPSIM_API int capsim_scenario_load(const char *path, capsim_scenario **out, capsim_error *err);

/**
 * capsim_scenario_list() - the shipped scenarios' names (each NAME.json beside the default
 * scenario: $CAPSIM_DATA_DIR/scenarios, an install's share/capsim/scenarios, else the source
 * tree's), sorted, as a NULL-terminated array *@names freed with capsim_platform_list_free().
 * Return: how many, or a negative enum capsim_err.
 */
CAPSIM_API int capsim_scenario_list(char ***names, capsim_error *err);

/**
 * capsim_scenario_shipped_path() - the file of shipped scenario @name (a name
 * capsim_scenario_list() gives) into @buf (@size bytes). Return: 0, or CAPSIM_ERR_NOT_FOUND
 * (@err says so) or CAPSIM_ERR_RANGE.
 */
CAPSIM_API int capsim_scenario_shipped_path(const char *name, char *buf, size_t size,
					    capsim_error *err);

/**
 * capsim_scenario_description() - the scenario's "description" (what it is for, one line), or
 * NULL when it has none. capsim_scenario_question() - its "question", or NULL. Owned by @sc.
 */
CAPSIM_API const char *capsim_scenario_description(const capsim_scenario *sc);
CAPSIM_API const char *capsim_scenario_question(const capsim_scenario *sc);

/**
 * capsim_scenario_parse() - the same from @len bytes of @text; @name (NULL: "<scenario>") for
 * messages, @dir (NULL: ".") the directory its relative paths are taken from.
 */
CAPSIM_API int capsim_scenario_parse(const char *text, size_t len, const char *name,
				     const char *dir, capsim_scenario **out, capsim_error *err);

/**
 * capsim_scenario_load_default() - the built-in default scenario (what `capsim simulate` runs
 * without one: Pixel 6, big cluster capped to 2 GHz): $CAPSIM_DATA_DIR/scenarios/default.json
 * if it exists, else the one capsim was built with. Return: as capsim_scenario_load().
 */
CAPSIM_API int capsim_scenario_load_default(capsim_scenario **out, capsim_error *err);

/**
 * capsim_scenario_default_path() - the path capsim_scenario_load_default() reads, into @buf
 * (@size bytes, truncated and NUL-terminated as snprintf() does). The shipped scenarios sit
 * beside it. Return: the path's length.
 */
CAPSIM_API int capsim_scenario_default_path(char *buf, size_t size);

/**
 * capsim_scenario_create() - a scenario built in code: no platform or workload yet (set both
 * before capsim_sim_create()), the kernel defaults (HZ 250, schedutil, EAS and uclamp on,
 * model v6.10), seed 0, the workload's own duration, no caps. Return: 0 and *@out, or CAPSIM_ERR_NOMEM.
 */
CAPSIM_API int capsim_scenario_create(capsim_scenario **out, capsim_error *err);

/** capsim_scenario_free() - release @sc; NULL is a no-op. Runs made from it are unaffected. */
CAPSIM_API void capsim_scenario_free(capsim_scenario *sc);

/*
 * The setters: each replaces what the file (or capsim_scenario_create()) gave. Those taking a
 * string copy it. Return: 0, or a negative enum capsim_err with @err (may be NULL):
 * CAPSIM_ERR_RANGE for a value out of the range stated, CAPSIM_ERR_NOMEM, and
 * CAPSIM_ERR_INVALID for a change of the timeline (duration, caps) after capsim_sim_create().
 */

/**
 * capsim_scenario_set_platform() - the platform: a short name (`capsim platform list`) or a
 * DTB, DTS or platform JSON path, taken from the current directory (not the scenario's).
 * Loaded, and checked, by capsim_sim_create().
 */
CAPSIM_API int capsim_scenario_set_platform(capsim_scenario *sc, const char *platform,
					    capsim_error *err);

/**
 * capsim_scenario_add_overlay() - one more platform JSON overlay file (docs/formats.md,
 * "Platform JSON"), from the current directory, applied after those added before when
 * capsim_sim_create() loads the platform (the scenario's or capsim_scenario_set_platform()'s),
 * as `capsim platform show --overlay` applies it.
 */
CAPSIM_API int capsim_scenario_add_overlay(capsim_scenario *sc, const char *path,
					   capsim_error *err);

/**
 * capsim_scenario_set_workload_path() - the rt-app file, from the current directory; read by
 * each capsim_sim_create(). Replaces a workload handle set before.
 */
CAPSIM_API int capsim_scenario_set_workload_path(capsim_scenario *sc, const char *path,
						 capsim_error *err);

/**
 * capsim_scenario_set_workload() - the workload @wl: the scenario takes a reference of its own
 * (the caller still frees its own), and every run made from it shares @wl read-only.
 */
CAPSIM_API int capsim_scenario_set_workload(capsim_scenario *sc, capsim_workload *wl,
					    capsim_error *err);

/*
 * The longest run: 366 days of simulated time. A longer duration (a typo such as 68 years)
 * would run for days of wall-clock time: refused by every way of giving one.
 */
#define CAPSIM_MAX_RUN_NS (366ULL * 24 * 3600 * 1000000000ULL)

/**
 * capsim_scenario_inputs() - @fn(@ctx, WHAT, PATH) for each file a run of @sc reads, so a
 * program can keep its outputs off them (capsim_claims_input()): the scenario file, its
 * platform when a path, the overlays, the workload file and the kernel config file
 * (capsim_scenario_set_kernel_config()), as the run resolves them; WHAT is "the scenario",
 * "the platform", "the overlay", "the workload" or "the kernel config". Return: 0, or the
 * first non-zero @fn returned.
 */
CAPSIM_API int capsim_scenario_inputs(const capsim_scenario *sc,
				      int (*fn)(void *ctx, const char *what, const char *path),
				      void *ctx);

/**
 * capsim_scenario_set_duration() - simulated time in ns, at most CAPSIM_MAX_RUN_NS; 0:
 * the workload's own global.duration (or until its tasks end).
 */
CAPSIM_API int capsim_scenario_set_duration(capsim_scenario *sc, uint64_t ns, capsim_error *err);

/** capsim_scenario_set_seed() - the seed for the inputs that ask for randomness (any value). */
CAPSIM_API int capsim_scenario_set_seed(capsim_scenario *sc, uint64_t seed, capsim_error *err);

/** capsim_scenario_set_model() - the kernel model, enum capsim_model below CAPSIM_MODEL_COUNT. */
CAPSIM_API int capsim_scenario_set_model(capsim_scenario *sc, enum capsim_model model,
					 capsim_error *err);

/** capsim_scenario_set_governor() - the cpufreq governor of every policy. */
CAPSIM_API int capsim_scenario_set_governor(capsim_scenario *sc, enum capsim_governor gov,
					    capsim_error *err);

/** capsim_scenario_set_hz() - CONFIG_HZ, the tick rate: 1..10000. */
CAPSIM_API int capsim_scenario_set_hz(capsim_scenario *sc, unsigned hz, capsim_error *err);

/**
 * capsim_scenario_set_eas() - sysctl sched_energy_aware (0 or 1); EAS also needs a platform
 * with asymmetric capacities and an energy model (the summary says whether it ran).
 */
CAPSIM_API int capsim_scenario_set_eas(capsim_scenario *sc, int on, capsim_error *err);

/**
 * capsim_scenario_set_cpuidle_governor() - the cpuidle governor, "menu" or "teo" (the boot
 * parameter cpuidle.governor=; wins over a kernel config's CONFIG_CPU_IDLE_GOV_MENU/_TEO).
 * Return: 0, or CAPSIM_ERR_INVALID for another name.
 */
CAPSIM_API int capsim_scenario_set_cpuidle_governor(capsim_scenario *sc, const char *name,
						    capsim_error *err);

/**
 * capsim_scenario_set_kernel_config() - read the kernel config @path, a `.config` or a
 * defconfig (docs/formats.md, "Kernel config"), for the kernel options capsim models:
 * CONFIG_HZ, CONFIG_UCLAMP_TASK, CONFIG_UCLAMP_BUCKETS_COUNT, CONFIG_ENERGY_MODEL (without it,
 * no EAS), CONFIG_CPU_IDLE and its governor (CONFIG_CPU_IDLE_GOV_MENU, _TEO). Each option the file gives sets the run's,
 * unless the scenario's "kernel" block or a setter (capsim_scenario_set_hz(), _set_eas()) gave
 * it, before or after this call: those win. An option the file leaves out keeps its value;
 * options capsim does not model are ignored. The run's report names the file and what it used.
 * Return: 0; CAPSIM_ERR_IO, CAPSIM_ERR_PARSE or CAPSIM_ERR_RANGE with "FILE:LINE: what was
 * expected"; CAPSIM_ERR_UNSUPPORTED (a cpuidle governor other than menu and teo); the scenario is then
 * unchanged.
 */
CAPSIM_API int capsim_scenario_set_kernel_config(capsim_scenario *sc, const char *path,
						 capsim_error *err);

/**
 * capsim_scenario_set_max_events() - a run stops early after @n events (> 0), with the
 * summary of what ran, marked truncated. Without it a run with a duration has no event cap,
 * and one without a duration fails as runaway beyond 200 000 000 events.
 * Return: 0, or CAPSIM_ERR_RANGE for 0.
 */
CAPSIM_API int capsim_scenario_set_max_events(capsim_scenario *sc, uint64_t n, capsim_error *err);

/** capsim_scenario_set_thermal() - the thermal loop on the platform's zones, and its governor. */
CAPSIM_API int capsim_scenario_set_thermal(capsim_scenario *sc, enum capsim_thermal thermal,
					   capsim_error *err);

/** capsim_scenario_set_decay_shift() - v6.9's sched_thermal_decay_shift: 0..10. */
CAPSIM_API int capsim_scenario_set_decay_shift(capsim_scenario *sc, unsigned shift,
					       capsim_error *err);

/** capsim_scenario_set_capped_threshold() - capped model: how long (ns, > 0) a cap must hold. */
CAPSIM_API int capsim_scenario_set_capped_threshold(capsim_scenario *sc, uint64_t ns,
						    capsim_error *err);

/**
 * capsim_scenario_set_pressure_metrics() - gather the pressure metrics of `capsim compare`
 * (0 or 1; off by default: they cost time). capsim_compare_write() needs them.
 */
CAPSIM_API int capsim_scenario_set_pressure_metrics(capsim_scenario *sc, int on,
						    capsim_error *err);

/**
 * capsim_scenario_add_max_freq() - a scaling_max_freq request, as `--max-freq` takes it:
 * "POLICY=KHZ[@TIME]" (POLICY policyN or N, KHZ with a unit or "none" to remove the cap, TIME
 * from the start, default 0), e.g. "policy4=1.2GHz@2s". Policies are checked on the platform
 * by capsim_sim_create(). Return: 0, CAPSIM_ERR_PARSE with "--max-freq 'ARG': ...", or as the
 * other setters.
 */
CAPSIM_API int capsim_scenario_add_max_freq(capsim_scenario *sc, const char *arg,
					    capsim_error *err);

/** capsim_scenario_add_min_freq() - the same for scaling_min_freq ("--min-freq" in messages). */
CAPSIM_API int capsim_scenario_add_min_freq(capsim_scenario *sc, const char *arg,
					    capsim_error *err);

/**
 * capsim_scenario_add_hw_cap() - a HW-throttling episode, as `--hw-cap` takes it:
 * "CPULIST=KHZ@TIME+DURATION", e.g. "4-7=1.2GHz@1s+50ms"; episodes that overlap compose (the
 * lowest cap holds).
 */
CAPSIM_API int capsim_scenario_add_hw_cap(capsim_scenario *sc, const char *arg,
					  capsim_error *err);

/**
 * capsim_scenario_clear_events() - drop the caps and timed events the scenario file gave
 * (those added with the calls above stay): what `capsim simulate --platform P` does to the
 * default scenario, whose caps name the default platform's policies.
 */
CAPSIM_API int capsim_scenario_clear_events(capsim_scenario *sc, capsim_error *err);

/* ---- runs -------------------------------------------------------------------------------- */

/**
 * capsim_sim_create() - a run of @sc: loads its platform and workload, resolves its caps and
 * events on that platform. The first call on @sc expands its timeline (bursts, merged HW caps)
 * up to its duration; from then on the duration and caps of @sc are fixed, the other options
 * may still change between runs (e.g. one run per model). Return: 0 and *@out (free it with
 * capsim_sim_free()), or a negative enum capsim_err with @err (the inputs' messages).
 */
CAPSIM_API int capsim_sim_create(capsim_scenario *sc, capsim_sim **out, capsim_error *err);

/**
 * capsim_scenario_input_digest() - a 64-bit digest (FNV-1a) of the contents of every file a run
 * of @sc reads: its platform file (a shipped name's file, a platform JSON's "base", a .dts as
 * dtc compiles it), the overlays, the rt-app workload file and the kernel config
 * (capsim_scenario_set_kernel_config()). Two runs of one scenario text
 * give one digest unless a file they read changed in between: what a sweep's run ids hash.
 * Return: 0, or the error capsim_sim_create() would give (*@digest then covers the files read
 * before it).
 */
CAPSIM_API int capsim_scenario_input_digest(const capsim_scenario *sc, uint64_t *digest,
					    capsim_error *err);

/**
 * capsim_sim_set_progress() - have capsim_sim_run() call @fn(@ctx, now, end) now and then
 * (every 2^20 events or so, in the running thread), with the simulated time and the end in
 * ns (end 0: until the tasks end). NULL @fn: no calls.
 */
CAPSIM_API void capsim_sim_set_progress(capsim_sim *s,
					void (*fn)(void *ctx, uint64_t now_ns, uint64_t end_ns),
					void *ctx);

/**
 * capsim_sim_trace_open() - write a kernel text trace of the run (ftrace nop format, what
 * `capsim simulate --trace` writes; Perfetto reads it) to @fp as it runs. @fp stays the
 * caller's: capsim_sim_trace_close() finishes the trace but leaves it open. Call before
 * capsim_sim_run(). Return: 0, or CAPSIM_ERR_NOMEM / CAPSIM_ERR_IO.
 */
CAPSIM_API int capsim_sim_trace_open(capsim_sim *s, FILE *fp);

/**
 * capsim_sim_trace_close() - finish the trace. Return: 0, or CAPSIM_ERR_IO if a write failed
 * (errno then says why: a write to @fp, or to the trace.dat writer's spool files in $TMPDIR).
 */
CAPSIM_API int capsim_sim_trace_close(capsim_sim *s);

/**
 * capsim_sim_run() - simulate to the end, or until it stops early (capsim_sim_stop(), the
 * scenario's max events): the summary then says where (capsim_summary.truncated_at_ns). A run
 * runs once. Return: 0 (also when stopped early), or a negative enum capsim_err with @err (a
 * run without a duration past the default event cap, a workload that livelocks, ...).
 */
CAPSIM_API int capsim_sim_run(capsim_sim *s, capsim_error *err);

/* Why a run ended before its end (capsim_summary.truncated_by). Values pinned. */
enum capsim_stop_reason {
	CAPSIM_STOP_NONE = 0,       /* it ran to its end */
	CAPSIM_STOP_MAX_EVENTS = 1, /* capsim_scenario_set_max_events() */
	CAPSIM_STOP_REQUESTED = 2,  /* capsim_sim_stop(): a signal, a time limit, the caller */
};

/**
 * capsim_sim_stop() - end the run of @s at its next event, with the summary of what ran.
 * Async-signal-safe, and safe from another thread while capsim_sim_run() runs.
 */
CAPSIM_API void capsim_sim_stop(capsim_sim *s);

/**
 * capsim_sim_workload() - the workload run @s simulates: the one capsim_sim_create() read for
 * it (a scenario's rt-app file is read by each run), or the scenario's handle; for its notes.
 * @s: the run.
 * Return: the workload, owned by @s (valid until capsim_sim_free()).
 */
CAPSIM_API const capsim_workload *capsim_sim_workload(const capsim_sim *s);

/**
 * capsim_sim_warning() - the first warning of run @s, once it has run: a deadlock within the
 * scenario's duration ("FILE: deadlock at T s: WHAT", docs/errors.md), which lets the run go on
 * to its end. Return: the text, owned by @s, or NULL when the run gave none.
 */
CAPSIM_API const char *capsim_sim_warning(const capsim_sim *s);

/** capsim_sim_free() - release @s; NULL is a no-op. */
CAPSIM_API void capsim_sim_free(capsim_sim *s);

/* ---- the summary ------------------------------------------------------------------------- */

/*
 * What a finished run reports: `capsim simulate`'s figures. The library allocates a summary
 * and everything it points to; capsim_summary_free() releases it all, and it stays valid after
 * its run is freed. Fields are only ever appended to struct capsim_summary (sized and
 * versioned by the library: read a later field after CAPSIM_HAS_FIELD()). The element structs
 * of its arrays are frozen within a SOVERSION (a caller's index steps by its own sizeof): a new
 * per-element figure comes as a new array appended to struct capsim_summary, as task_counts and
 * task_energy did. Floating-point figures are for reporting; the integer ones are exact.
 */

/* The layout version of struct capsim_summary; raised when fields are appended. */
#define CAPSIM_SUMMARY_VERSION 1

/* a static cap: a freq_qos request in place from the start */
struct capsim_summary_cap {
	unsigned policy_cpu; /* the policy's first CPU (sysfs policyN) */
	int max;             /* 1: a max request (scaling_max_freq), 0: a min request */
	uint32_t khz;
};

/* a cpufreq policy of the platform */
struct capsim_summary_policy {
	unsigned cpu;         /* its first CPU (sysfs policyN) */
	capsim_cpumask cpus;  /* related_cpus */
};

/* time a task ran on one CPU */
struct capsim_cpu_time {
	unsigned cpu;
	uint64_t ns;
};

struct capsim_task_summary {
	const char *name;            /* the rt-app thread name ("task-N" for instances) */
	uint64_t activations;        /* rt-app loops started */
	uint64_t deadline_misses;    /* timer events found already late */
	uint64_t timer_events;       /* timer events reached (slack is measured at them) */
	double slack_mean_us;        /* 0 without timer events */
	double slack_min_us;         /* meaningful only with timer events */
	uint64_t runtime_ns;         /* time it ran, all CPUs */
	const struct capsim_cpu_time *runtime_by_cpu; /* the CPUs it ran on, ascending */
	unsigned nr_runtime_by_cpu;
	double lat_p50_us, lat_p99_us; /* wake-up latency percentiles (histogram buckets) */
	uint64_t migrations;
	uint64_t util_avg_end;       /* its PELT util_avg (0..1024) when the run ended */
};

/* CPUIDLE_STATE_MAX: the idle states of a CPU, WFI included */
#define CAPSIM_MAX_IDLE_STATES 10

struct capsim_cpu_summary {
	unsigned cpu;
	uint64_t busy_ns;            /* time not idle */
	double busy_pct;             /* of the run */
	double mean_freq_khz;        /* time-weighted delivered frequency */
	double mean_actual_capacity; /* time-weighted capacity the CPU really had (0..1024) */
	double energy_j;             /* from the energy model; 0 without one */
	/* pressure metrics (has_pressure_metrics): */
	double believed_pressure_pct;   /* time the model believed the capacity lowered */
	double capped_pct;              /* time the delivered capacity really was lowered */
	double mean_abs_capacity_error; /* time-weighted |believed - delivered| capacity */
	/* cpuidle: time idle in each state, [0] WFI, [k] the platform's idle state k - 1
	 * (capsim_platform_get_idle_state()); nr_idle_states counts WFI */
	unsigned nr_idle_states;
	uint64_t idle_residency_ns[CAPSIM_MAX_IDLE_STATES];
	/* of busy_ns, the time its cpufreq policy's sugov kthread ran there (a kernel thread of
	 * drivers without fast switching: in no task's runtime) */
	uint64_t kthread_busy_ns;
	/* appended: sum over its idle states of the state's power (platform JSON idle_power_uw)
	 * x idle_residency_ns, joules; apart from energy_j; 0 when its idle power is not given */
	double idle_energy_j;
};

/* capsim compare's pressure metrics of a whole run (has_pressure_metrics) */
struct capsim_pressure_summary {
	double mean_abs_capacity_error;  /* over every CPU's time */
	uint64_t placements;             /* wake-up placements made */
	uint64_t misfit_placements;      /* ... whose min(util, uclamp_max) the delivered cap missed */
	uint64_t uclamp_min_placements;  /* ... of tasks with uclamp_min > 0 */
	uint64_t uclamp_min_violations;  /* ... onto a CPU delivering less than uclamp_min */
	double mean_uclamp_min_shortfall;
};

/*
 * A task's counts that say what `activations` means (appended beside capsim_task_summary, whose
 * layout is fixed): @wakeups counts wake-ups (the first, its start, included; the same figure as
 * activations), @loops the rt-app loops of its phases completed (one rt-app log row each).
 */
struct capsim_task_counts {
	uint64_t wakeups;
	uint64_t loops;
};

/*
 * A task's part of the run's active energy (appended beside capsim_task_summary, whose layout
 * is fixed): @energy_j the EM power of the OPP its CPU ran at over the time it ran (what
 * capsim_cpu_summary.energy_j counts, split by the task running), @share_pct that of the run's
 * energy_j (0 when it is 0). Idle energy is in no task. The tasks sum to energy_j but for the
 * time policies' sugov kthreads ran (capsim_cpu_summary.kthread_busy_ns): kthread_energy_j.
 */
struct capsim_task_energy {
	double energy_j;
	double share_pct;
};

typedef struct capsim_summary {
	uint32_t size;    /* sizeof(struct capsim_summary) as the library filled it */
	uint32_t version; /* CAPSIM_SUMMARY_VERSION of the library */
	/* the run header */
	const char *platform;        /* the platform's name */
	const char *workload;        /* the workload's source (file name), NULL if it has none */
	uint64_t duration_ns;        /* simulated time */
	double duration_s;
	unsigned hz;
	enum capsim_governor governor;
	int eas;                     /* EAS ran: asked for, and the platform allows it */
	int uclamp;
	enum capsim_model model;
	uint64_t seed;
	const struct capsim_summary_cap *caps; /* the static caps, in scenario order */
	unsigned nr_caps;
	const struct capsim_summary_policy *policies;
	unsigned nr_policies;
	int has_energy_model;        /* every policy has one (energy is counted only where one is) */
	/* per task (in creation order) and per CPU */
	const struct capsim_task_summary *tasks;
	unsigned nr_tasks;
	const struct capsim_cpu_summary *cpus;
	unsigned nr_cpus;
	/* totals */
	double energy_j;
	uint64_t migrations;
	uint64_t misfit_migrations;
	double overutilized_pct;     /* of the run, rd->overutilized */
	uint64_t events;             /* simulator events processed */
	int has_pressure_metrics;    /* capsim_scenario_set_pressure_metrics() was on */
	struct capsim_pressure_summary pressure;
	uint64_t truncated_at_ns;    /* where the run stopped early (the figures cover up to it) */
	enum capsim_stop_reason truncated_by; /* CAPSIM_STOP_NONE: it ran to its end */
	/* appended: per task, in the order of @tasks (nr_tasks entries) */
	const struct capsim_task_counts *task_counts;
	/* appended: some CPU's idle power is given (platform JSON idle_power_uw), and the idle
	 * energy of all CPUs (their idle_energy_j): apart from energy_j, the EM's dynamic energy */
	int has_idle_power;
	double idle_energy_j;
	/* appended: per task, in the order of @tasks (nr_tasks entries) */
	const struct capsim_task_energy *task_energy;
	/* appended: of energy_j, the part of the policies' sugov kthreads (in no task's): the
	 * tasks' task_energy[].energy_j and it sum to energy_j */
	double kthread_energy_j;
} capsim_summary;

/**
 * capsim_sim_summary() - the summary of @s after capsim_sim_run() (before it: of what ran so
 * far). Return: 0 and *@out (free it with capsim_summary_free()), or CAPSIM_ERR_NOMEM.
 */
CAPSIM_API int capsim_sim_summary(const capsim_sim *s, capsim_summary **out, capsim_error *err);

/**
 * capsim_sim_summary_take() - capsim_sim_summary() of a run that is summarized once, after
 * its capsim_sim_run(): each task's name and runtime per CPU move into the summary instead of
 * being copied, and the task's own state is freed as they do, so that a large run's summary
 * adds little to its peak memory (the runtimes are about 1 KiB a task at 10 000 tasks on 256
 * CPUs). The same bytes as capsim_sim_summary(). Afterwards @s can only be freed (its
 * trace closed): capsim_sim_run() and the summary calls fail with CAPSIM_ERR_INVALID, also
 * when this call failed. Return: 0 and *@out (free it with capsim_summary_free()),
 * CAPSIM_ERR_NOMEM or CAPSIM_ERR_INVALID.
 */
CAPSIM_API int capsim_sim_summary_take(capsim_sim *s, capsim_summary **out, capsim_error *err);

/** capsim_summary_free() - release @sum and all it points to; NULL is a no-op. */
CAPSIM_API void capsim_summary_free(capsim_summary *sum);

/* ---- reports ----------------------------------------------------------------------------- */

enum capsim_report_format {
	CAPSIM_REPORT_TEXT = 0, /* the tables `capsim simulate` / `capsim compare` print */
	CAPSIM_REPORT_JSON = 1, /* their --json (docs/formats.md) */
};

/**
 * capsim_summary_write() - @sum as `capsim simulate` prints it (with --json for
 * CAPSIM_REPORT_JSON), byte for byte, to @fp. @sum is one capsim_sim_summary() or
 * capsim_sim_summary_take() gave, not a copy of it: the library keeps the run's kernel options
 * behind it. Return: 0, CAPSIM_ERR_INVALID for an unknown @format, or CAPSIM_ERR_IO if @fp
 * reports an error.
 */
CAPSIM_API int capsim_summary_write(const capsim_summary *sum, enum capsim_report_format format,
				    FILE *fp);

/**
 * capsim_compare_write() - @n (1..CAPSIM_MODEL_COUNT) runs of one scenario under different
 * models, side by side as `capsim compare` prints them: the same platform, workload and seed,
 * each summary with pressure metrics, and each as the library gave it (capsim_summary_write()).
 * Return: 0, CAPSIM_ERR_INVALID (@n out of range, a summary
 * without pressure metrics, or runs that do not match), CAPSIM_ERR_NOMEM or CAPSIM_ERR_IO.
 */
CAPSIM_API int capsim_compare_write(const capsim_summary *const *runs, unsigned n,
				    enum capsim_report_format format, FILE *fp);

#endif /* CAPSIM_SIM_API_H */
