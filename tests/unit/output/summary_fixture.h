/* SPDX-License-Identifier: MIT */
/*
 * summary_fixture.h - a run's summary as capsim_sim_summary() would hand it to the report
 * writers (the public struct first, the kernel options after it, struct report_summary): 2 s of
 * 3 CPUs in two policies, two tasks, values chosen exact at the precision each report prints so
 * that a test compares parsed numbers with them as they are.
 */
#ifndef CAPSIM_TEST_SUMMARY_FIXTURE_H
#define CAPSIM_TEST_SUMMARY_FIXTURE_H

#include <string.h>

#include "output/report.h"

struct sx {
	struct report_summary rs;
	struct capsim_summary_cap caps[1];
	struct capsim_summary_policy policies[2];
	struct capsim_cpu_time rt_a[2], rt_b[1];
	struct capsim_task_summary tasks[2];
	struct capsim_cpu_summary cpus[3];
	struct capsim_task_counts counts[2];
	struct capsim_task_energy energy[2];
};

#define SX_DURATION_NS 2000000000ull

static inline capsim_summary *sx_build(struct sx *x)
{
	capsim_summary *s = &x->rs.pub;

	memset(x, 0, sizeof(*x));
	s->size = sizeof(*s);
	s->platform = "board";
	s->workload = "w.json";
	s->duration_ns = SX_DURATION_NS;
	s->duration_s = 2.0;
	s->hz = 250;
	s->governor = CAPSIM_GOV_SCHEDUTIL;
	s->eas = 1;
	s->model = CAPSIM_MODEL_V6_10;
	s->seed = 42;
	x->caps[0] = (struct capsim_summary_cap){ 2, 1, 1500000 };
	s->caps = x->caps;
	s->nr_caps = 1;
	x->policies[0].cpu = 0;
	capsim_cpumask_set(&x->policies[0].cpus, 0);
	capsim_cpumask_set(&x->policies[0].cpus, 1);
	x->policies[1].cpu = 2;
	capsim_cpumask_set(&x->policies[1].cpus, 2);
	s->policies = x->policies;
	s->nr_policies = 2;
	s->has_energy_model = 1;

	/* a ran 0.25 s on CPU 0 and 0.5 s on CPU 1; b 0.125 s on CPU 2 */
	x->rt_a[0] = (struct capsim_cpu_time){ 0, 250000000 };
	x->rt_a[1] = (struct capsim_cpu_time){ 1, 500000000 };
	x->rt_b[0] = (struct capsim_cpu_time){ 2, 125000000 };
	x->tasks[0] = (struct capsim_task_summary){
		.name = "a", .activations = 20, .deadline_misses = 3, .timer_events = 19,
		.slack_mean_us = 1250.5, .slack_min_us = -12.25, .runtime_ns = 750000000,
		.runtime_by_cpu = x->rt_a, .nr_runtime_by_cpu = 2, .lat_p50_us = 12.5,
		.lat_p99_us = 250.75, .migrations = 4, .util_avg_end = 300 };
	x->tasks[1] = (struct capsim_task_summary){
		.name = "b\"q", .activations = 1, .runtime_ns = 125000000,
		.runtime_by_cpu = x->rt_b, .nr_runtime_by_cpu = 1, .util_avg_end = 7 };
	s->tasks = x->tasks;
	s->nr_tasks = 2;
	x->counts[0] = (struct capsim_task_counts){ 20, 18 };
	x->counts[1] = (struct capsim_task_counts){ 1, 0 };
	s->task_counts = x->counts;
	x->energy[0] = (struct capsim_task_energy){ 0.75, 75.0 };
	x->energy[1] = (struct capsim_task_energy){ 0.25, 25.0 };
	s->task_energy = x->energy;

	/* busy_pct = busy_ns / duration: 0.25 s, 0.5 s, 0.125 s of 2 s */
	for (unsigned c = 0; c < 3; c++) {
		static const uint64_t busy[3] = { 250000000, 500000000, 125000000 };

		x->cpus[c].cpu = c;
		x->cpus[c].busy_ns = busy[c];
		x->cpus[c].busy_pct = (double)busy[c] * 100.0 / (double)SX_DURATION_NS;
		x->cpus[c].mean_freq_khz = c == 2 ? 1500000.0 : 800000.0;
		x->cpus[c].mean_actual_capacity = c == 2 ? 1000.5 : 512.0;
		x->cpus[c].energy_j = 0.25 * (c + 1);
		x->cpus[c].nr_idle_states = 1;
		x->cpus[c].idle_residency_ns[0] = SX_DURATION_NS - busy[c];
		x->cpus[c].believed_pressure_pct = c == 2 ? 10.0 : 0.0;
	}
	s->cpus = x->cpus;
	s->nr_cpus = 3;
	s->energy_j = 1.5;
	s->migrations = 4;
	s->misfit_migrations = 1;
	s->overutilized_pct = 12.5;
	s->events = 123456;
	s->pressure.placements = 21;
	s->pressure.misfit_placements = 2;
	return s;
}

#endif /* CAPSIM_TEST_SUMMARY_FIXTURE_H */
