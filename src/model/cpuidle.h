/* SPDX-License-Identifier: MIT */
/*
 * cpuidle.h - cpuidle's governors (drivers/cpuidle/governors/menu.c and teo.c of 6.12, and of
 * 6.1 and 7.3 for the models that run those: enum cpuidle_version) over a CPU's cpuidle driver
 * states, and what capsim adds for the states of a cluster or power domain.
 */
#ifndef CAPSIM_CPUIDLE_H
#define CAPSIM_CPUIDLE_H

#include <stdbool.h>
#include <stdint.h>

#include "capsim/capsim.h"
#include "model/platform.h"

/* "no timer armed": tick_nohz_get_sleep_length()'s KTIME_MAX */
#define CPUIDLE_NO_TIMER UINT64_MAX

/*
 * The longest sleep length tick_nohz_next_event() gives a CPU with no timer:
 * timekeeping_max_deferment(), half what the clocksource's mult converts (at least 600 s for
 * a counter wider than 32 bits, __clocksource_update_freq_scale()): 300 s
 */
#define CPUIDLE_SLEEP_LENGTH_MAX_NS (300ULL * 1000000000ULL)

/* cpuidle_governor_latency_req() with no PM QoS request: PM_QOS_CPU_LATENCY_DEFAULT_VALUE
 * (2000 s) in ns */
#define CPUIDLE_LATENCY_REQ_NONE_NS (2000LL * 1000000LL * 1000LL)

/* state 0, WFI, of cpuidle-psci and cpuidle-arm: its exit_latency and target_residency in µs */
#define CPUIDLE_WFI_EXIT_LATENCY_US 1u
#define CPUIDLE_WFI_TARGET_RESIDENCY_US 1u

/* CPUIDLE_STATE_MAX */
#define CPUIDLE_STATE_MAX 10

/* menu.c's BUCKETS (6.1's 12: six more while a task waits for I/O) and INTERVALS */
#define CPUIDLE_MENU_BUCKETS 6
#define CPUIDLE_MENU_BUCKETS_6_1 12
#define CPUIDLE_MENU_INTERVALS 8

/* teo.c's NR_RECENT of 6.1 (the recent intercepts; 6.3 dropped them) */
#define CPUIDLE_TEO_NR_RECENT 9

/* the governor cpuidle runs (cpuidle_curr_governor) */
enum cpuidle_governor {
	CPUIDLE_GOV_MENU, /* rating 20: the one cpuidle_register_governor() keeps when both built */
	CPUIDLE_GOV_TEO,  /* rating 19: only without menu, or cpuidle.governor=teo */
};

/* the kernel whose menu.c and teo.c a model runs */
enum cpuidle_version {
	CPUIDLE_6_12, /* 6.12.118's, every model without one of its own */
	CPUIDLE_6_1,  /* 6.1.192's: menu's iowait buckets and multiplier, teo's recent intercepts */
	CPUIDLE_7_3,  /* 7.3.4's: menu's two-sided outliers, teo's tick wake-ups and short idles */
};

/**
 * cpuidle_version_of() - the governors' version @model runs (model_cpuidle_6_1(),
 * model_cpuidle_7_3()).
 */
enum cpuidle_version cpuidle_version_of(enum capsim_model model);

/**
 * cpuidle_find_governor() - mirrors cpuidle_find_governor(): the governor named @name ("menu",
 * "teo", in any case), as cpuidle.governor= names it. Return: the governor, or -1 for another.
 */
int cpuidle_find_governor(const char *name);

/** cpuidle_governor_name() - the name of @gov (struct cpuidle_governor's .name). */
const char *cpuidle_governor_name(enum cpuidle_governor gov);

/* what the governors read of the driver: struct cpuidle_driver's states (no polling state) */
struct cpuidle_drv {
	int state_count;
	int64_t exit_latency_ns[CPUIDLE_STATE_MAX];
	int64_t target_residency_ns[CPUIDLE_STATE_MAX];
};

/* menu.c's struct menu_device */
struct cpuidle_menu {
	int needs_update;
	int tick_wakeup;
	uint64_t next_timer_ns;
	unsigned bucket;
	unsigned correction_factor[CPUIDLE_MENU_BUCKETS_6_1]; /* BUCKETS of them used */
	unsigned intervals[CPUIDLE_MENU_INTERVALS]; /* cpuidle_menu_set_interval() writes them */
	int interval_ptr;
	/*
	 * capsim's cache of intervals[] (their one writer keeps it; get_typical_interval() reads
	 * it): the eight ascending, and the sums mod 2^64 of the values and of their squares
	 */
	unsigned sorted[CPUIDLE_MENU_INTERVALS];
	uint64_t sum, sum_sq;
};

/* teo.c's struct teo_bin and struct teo_cpu, each version's fields */
struct cpuidle_teo_bin {
	unsigned intercepts;
	unsigned hits;
	unsigned recent; /* 6.1 */
};

struct cpuidle_teo {
	int64_t time_span_ns; /* 6.1, 6.12 */
	int64_t sleep_length_ns;
	struct cpuidle_teo_bin state_bins[CPUIDLE_STATE_MAX];
	unsigned total;
	unsigned tick_hits;                       /* 6.12 */
	int next_recent_idx;                      /* 6.1 */
	int recent_idx[CPUIDLE_TEO_NR_RECENT];    /* 6.1 */
	unsigned total_tick;                      /* 7.3 */
	unsigned tick_intercepts;                 /* 7.3 */
	unsigned short_idles;                     /* 7.3 */
	bool tick_wakeup;                         /* 7.3 */
};

/*
 * One CPU's cpuidle device as the governors use it (struct cpuidle_device's last_state_idx
 * and last_residency_ns) with the governors' per-CPU data: the one owner of what they learn.
 */
struct cpuidle_cpu {
	enum cpuidle_version version; /* the governors' code it runs */
	int last_state_idx;
	uint64_t last_residency_ns;
	struct cpuidle_menu menu;
	struct cpuidle_teo teo;
};

/*
 * What a selection reads of the rest of the kernel: cpuidle_governor_latency_req(),
 * tick_nohz_tick_stopped(), tick_nohz_get_sleep_length() (the sleep length and its
 * *delta_next, the time to the next event with the tick running), local_clock(), and 6.1's
 * menu nr_iowait_cpu() (the tasks that went to sleep in I/O wait on the CPU and still sleep).
 */
struct cpuidle_select_in {
	int64_t latency_req_ns;
	bool tick_stopped;
	int64_t sleep_length_ns;
	int64_t delta_tick_ns;
	uint64_t now_ns;
	uint64_t tick_ns; /* TICK_NSEC */
	unsigned nr_iowaiters;
	bool got_tick; /* do_idle()'s: the tick woke the CPU in the previous iteration */
};

/**
 * cpuidle_drv_of() - the cpuidle-psci driver of @c as cpuidle_select() sees it: WFI (1 µs exit
 * latency and target residency), then @c's own states (a power domain's are genpd's, not the
 * driver's), their latencies and residencies in ns.
 */
void cpuidle_drv_of(const struct platform_cpu *c, struct cpuidle_drv *drv);

/**
 * cpuidle_enable() - the governor's enable() of @cpu, whose governors run @version's code:
 * menu's unity factors, teo's zeroes (6.1's no recent intercept).
 */
void cpuidle_enable(struct cpuidle_cpu *cpu, enum cpuidle_version version);

/**
 * cpuidle_governed() - whether the idle loop asks @cpu's governor (7.3's cpuidle_idle_call()
 * asks none for a driver of one state; 6.1's and 6.12's always ask), and so whether its reflect()
 * reads and clears the tick's wake-up (tick_nohz_idle_got_tick()).
 */
bool cpuidle_governed(const struct cpuidle_drv *drv, const struct cpuidle_cpu *cpu);

/**
 * cpuidle_select() - cpuidle_select(): the state @gov picks for @cpu over @drv, and in
 * @stop_tick whether the tick may stop (menu_select(), teo_select()). 7.3's idle loop asks no
 * governor for a driver of one state: state 0, the tick stopped if @in's got_tick, the governor's
 * data untouched.
 */
int cpuidle_select(enum cpuidle_governor gov, const struct cpuidle_drv *drv,
		   struct cpuidle_cpu *cpu, const struct cpuidle_select_in *in, bool *stop_tick);

/**
 * cpuidle_select_save() - what cpuidle_select() of @gov may change of @cpu, into @saved;
 * cpuidle_select_undo() puts it back: @cpu as before that selection.
 */
void cpuidle_select_save(enum cpuidle_governor gov, const struct cpuidle_cpu *cpu,
			 struct cpuidle_cpu *saved);
void cpuidle_select_undo(enum cpuidle_governor gov, struct cpuidle_cpu *cpu,
			 const struct cpuidle_cpu *saved);

/**
 * cpuidle_reflect() - after @cpu left state @index of @drv, @residency_ns after
 * cpuidle_enter_state() entered it, at @now_ns: dev->last_residency_ns, then the governor's
 * reflect() (@got_tick: tick_nohz_idle_got_tick(), the tick woke it); none where
 * cpuidle_select() asked no governor.
 */
void cpuidle_reflect(enum cpuidle_governor gov, const struct cpuidle_drv *drv,
		     struct cpuidle_cpu *cpu, int index, uint64_t residency_ns, uint64_t now_ns,
		     bool got_tick, uint64_t tick_ns);

/* menu.c and teo.c (cpuidle_menu.c, cpuidle_teo.c) */
int cpuidle_menu_select(const struct cpuidle_drv *drv, struct cpuidle_cpu *cpu,
			const struct cpuidle_select_in *in, bool *stop_tick);
void cpuidle_menu_reflect(struct cpuidle_cpu *cpu, int index, bool got_tick);
void cpuidle_menu_enable(struct cpuidle_menu *data, enum cpuidle_version version);
int cpuidle_teo_select(const struct cpuidle_drv *drv, struct cpuidle_cpu *cpu,
		       const struct cpuidle_select_in *in, bool *stop_tick);
void cpuidle_teo_reflect(struct cpuidle_cpu *cpu, int index, uint64_t now_ns, bool got_tick,
			 uint64_t tick_ns);
void cpuidle_teo_enable(struct cpuidle_teo *cpu_data, enum cpuidle_version version);

/**
 * cpuidle_menu_set_interval() - @data->intervals[@i] = @interval_us, and the cache of them
 * (sorted, sum, sum_sq) kept: the one writer of the intervals (menu_update_intervals(); tests
 * too), @i < CPUIDLE_MENU_INTERVALS.
 */
void cpuidle_menu_set_interval(struct cpuidle_menu *data, unsigned i, unsigned interval_us);

/**
 * cpuidle_domain_state() - the state @c is in when the governor picked the driver state @idx:
 * the cluster or power-domain states beyond it that fit @domain_ns, the time to the first
 * timer of any CPU of the cluster (genpd's cpu_power_down_ok() compares the domain state's
 * residency with the domain's next wake-up: PSCI OS-initiated mode, taken for the deepest
 * driver state only), and whose exit latency fits @latency_req_ns; a cluster state of the
 * driver (platform-coordinated mode) that does not fit @domain_ns gives way to the shallower
 * (the firmware keeps the cluster up). @domain_ns is 0 when the cluster cannot go down
 * (another of its CPUs is not idle in a state). Return: the state, 0 (WFI) .. @c->nr_idle.
 */
unsigned cpuidle_domain_state(const struct platform_cpu *c, unsigned idx, uint64_t latency_req_ns,
			      uint64_t domain_ns);

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
