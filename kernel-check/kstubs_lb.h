/* SPDX-License-Identifier: MIT */
/*
 * kstubs_lb.h - what the load-balance functions cut from kernel/sched/fair.c need besides
 * kstubs.h (included at its end): fair.c's own load-balance types (struct lb_env,
 * sg_lb_stats, sd_lb_stats and their enums, copied with the fields those functions read), the
 * SD_* flags they test, and the configuration capsim models: no SMT (sched_smt_active()
 * false), no ASYM_PACKING priorities (arch_asym_cpu_priority() is the kernel's weak -cpu), no
 * cgroups (task_group() NULL), no per-CPU kthreads, schedstats off, CACHE_HOT_BUDDY on.
 */
#ifndef KERNEL_CHECK_KSTUBS_LB_H
#define KERNEL_CHECK_KSTUBS_LB_H

/* include/linux/sched/sd_flags.h, in its order */
#define SD_ASYM_CPUCAPACITY (1 << 5)
#define SD_SHARE_CPUCAPACITY (1 << 7)
#define SD_SHARE_LLC (1 << 9)
#define SD_ASYM_PACKING (1 << 11)
#define SD_PREFER_SIBLING (1 << 12)
#define SD_NUMA (1 << 14)

#define SCHED_CAPACITY_SCALE_LB 1024
#define SCHED_IDLE 5 /* include/uapi/linux/sched.h */

#ifdef KC_LINUX_6_1
/* 6.1's order, and its name of SD_SHARE_LLC (renamed in 6.10) */
enum cpu_idle_type { CPU_IDLE, CPU_NOT_IDLE, CPU_NEWLY_IDLE, CPU_MAX_IDLE_TYPES };
#define __CPU_NOT_IDLE CPU_NOT_IDLE
#define SD_SHARE_PKG_RESOURCES SD_SHARE_LLC
#else
enum cpu_idle_type { __CPU_NOT_IDLE = 0, CPU_IDLE, CPU_NEWLY_IDLE, CPU_MAX_IDLE_TYPES };
#endif
enum fbq_type { regular, remote, all };
enum group_type {
	group_has_spare = 0,
	group_fully_busy,
	group_misfit_task,
#ifndef KC_LINUX_6_1 /* 6.1 has no SMT balance type */
	group_smt_balance,
#endif
	group_asym_packing,
	group_imbalanced,
#ifdef KC_LINUX_7_3
	group_llc_balance, /* 7.3's LLC-aware balancing */
#endif
	group_overloaded,
};
enum migration_type {
	migrate_load = 0,
	migrate_util,
	migrate_task,
	migrate_misfit,
#ifdef KC_LINUX_7_3
	migrate_llc_task, /* 7.3's LLC-aware balancing */
#endif
};

struct lb_env {
	struct sched_domain *sd;
	struct rq *src_rq;
	int src_cpu;
	int dst_cpu;
	struct rq *dst_rq;
	bool dst_core_idle;
	struct cpumask *dst_grpmask;
	int new_dst_cpu;
	enum cpu_idle_type idle;
	long imbalance;
	struct cpumask *cpus;
	unsigned int flags;
	unsigned int loop, loop_break, loop_max;
	enum fbq_type fbq_type;
	enum migration_type migration_type;
	struct list_head tasks;
};
struct sg_lb_stats {
	unsigned long avg_load, group_load, group_capacity, group_util, group_runnable;
	unsigned int sum_nr_running, sum_h_nr_running, idle_cpus, group_weight;
	enum group_type group_type;
	unsigned int group_asym_packing, group_smt_balance;
	unsigned long group_misfit_task_load;
#ifdef KC_LINUX_7_3
	unsigned int group_llc_balance, group_overutilized;
#endif
};
struct sd_lb_stats {
	struct sched_group *busiest, *local;
	unsigned long total_load, total_capacity, avg_load;
	unsigned int prefer_sibling;
	struct sg_lb_stats busiest_stat, local_stat;
};

#define for_each_cpu_and(cpu, a, b) \
	for ((cpu) = 0; (cpu) < KC_MAX_CPUS; (cpu)++) \
		if (!((a)->bits[0] & (b)->bits[0] & (1UL << (cpu)))) continue; else

/*
 * Group lb_walk's plumbing: one balance pass at a time on the case's runqueues; detach_task()
 * takes the task off cfs_tasks and its rq (kernel_side.c), update_idle_cpu_scan()
 * (select_idle_cpu()'s scan depth) does nothing; no NUMA balancing. HZ is an arm64
 * defconfig's (it bounds the sgc's next_update only); msecs_to_jiffies() is kernel/time's
 * rounding up.
 */
#define HZ 250
#define __read_mostly
#define msecs_to_jiffies(m) (((m) * HZ + 999) / 1000)
#define SD_OVERLAP (1 << 13)
#define time_after_eq(a, b) ((long)((a) - (b)) >= 0)
#define schedstat_add(x, v) do { } while (0)
#define HK_TYPE_MISC 0
#define housekeeping_cpumask(type) (&kc_cpus_present)
#define jiffies kc_lb_jiffies /* kernel_side_eevdf.c has a jiffies of its own */
extern unsigned long kc_lb_jiffies; /* 0: sgc->next_update is after it */
extern const unsigned int sysctl_sched_nr_migrate;
struct lb_env;
static void detach_task(struct task_struct *p, struct lb_env *env);
#define update_idle_cpu_scan(env, sum_util) do { } while (0)
#define sched_smt_active() false
#define is_core_idle(cpu) true
#define arch_asym_cpu_priority(cpu) (-(cpu))
#define task_group(p) ((struct task_group *)NULL)
#define schedstat_inc(x) do { } while (0)
#define kc_sched_feat_CACHE_HOT_BUDDY 1
#define kc_sched_feat_LB_MIN 0
#define kc_sched_feat_PLACE_LAG 1 /* 7.3's task_is_ineligible_on_dst_cpu(); features.h: on */
#define cfs_rq_of(ent) (&cpu_rq(container_of(ent, struct task_struct, se)->cpu)->cfs)
struct task_group;
extern unsigned int sysctl_sched_migration_cost;
extern const struct sched_class fair_sched_class;

#endif /* KERNEL_CHECK_KSTUBS_LB_H */
