// SPDX-License-Identifier: MIT
/*
 * series.c - the series collector of include/capsim/capsim_series.h: a consumer of the event
 * sink that keeps a run's per-CPU signals (each change only) and its tasks' run intervals in
 * growable columns, for bindings that read arrays rather than take a call per event. The CPU
 * signals are those the text trace prints as counters and events (cpu_frequency,
 * hw_pressure_update, thermal_pressure_update, the cpuN_actual_capacity / cpuN_util counters)
 * plus capacity_of(); run intervals are sched_switch's next -> prev on each CPU.
 */
#include <stdlib.h>
#include <string.h>

#include "capsim/capsim.h"

/* Columns grow by doubling: the sink is on the simulator's hot path. */
struct capsim_series {
	size_t nr_samples, cap_samples;
	uint64_t *s_time;
	int32_t *s_cpu;
	uint8_t *s_signal;
	uint64_t *s_value;
	size_t nr_runs, cap_runs;
	int32_t *r_pid;
	int32_t *r_cpu;
	uint64_t *r_start;
	uint64_t *r_end;
	/* per CPU: the last value of each signal (UINT64_MAX: none yet), the task running */
	uint64_t last[CAPSIM_MAX_CPUS][CAPSIM_SERIES_NR_SIGNALS];
	int32_t running[CAPSIM_MAX_CPUS];   /* pid, 0: idle */
	uint64_t since[CAPSIM_MAX_CPUS];
	/* the tasks seen: pids and comms in order of first appearance */
	unsigned nr_tasks, cap_tasks;
	int32_t *task_pid;
	char **task_comm;
	int nomem;
};

static const char *const signal_names[CAPSIM_SERIES_NR_SIGNALS] = {
	"capacity", "actual_capacity", "util", "freq_khz", "requested_khz", "hw_pressure",
	"thermal_pressure",
};

const char *capsim_series_signal_name(enum capsim_series_signal sig)
{
	return (unsigned)sig < CAPSIM_SERIES_NR_SIGNALS ? signal_names[sig] : NULL;
}

int capsim_series_create(capsim_series **out, capsim_error *err)
{
	capsim_series *s = calloc(1, sizeof(*s));

	*out = s;
	if (!s)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "series: out of memory");
	memset(s->last, 0xff, sizeof(s->last));
	return 0;
}

void capsim_series_free(capsim_series *s)
{
	if (!s)
		return;
	free(s->s_time);
	free(s->s_cpu);
	free(s->s_signal);
	free(s->s_value);
	free(s->r_pid);
	free(s->r_cpu);
	free(s->r_start);
	free(s->r_end);
	for (unsigned i = 0; i < s->nr_tasks; i++)
		free(s->task_comm[i]);
	free(s->task_pid);
	free(s->task_comm);
	free(s);
}

/* Make room for one more row of @n columns (each realloc'ed to *cap * 2). */
static int grow(size_t nr, size_t *cap, void **cols[], const size_t sizes[], unsigned n)
{
	size_t want;

	if (nr < *cap)
		return 0;
	want = *cap ? *cap * 2 : 4096;
	for (unsigned i = 0; i < n; i++) {
		void *p = realloc(*cols[i], want * sizes[i]);

		if (!p)
			return -1;
		*cols[i] = p;
	}
	*cap = want;
	return 0;
}

static void sample(capsim_series *s, uint64_t t, int32_t cpu, unsigned sig, uint64_t v)
{
	void **cols[] = { (void **)&s->s_time, (void **)&s->s_cpu, (void **)&s->s_signal,
			  (void **)&s->s_value };
	static const size_t sizes[] = { sizeof(uint64_t), sizeof(int32_t), sizeof(uint8_t),
					sizeof(uint64_t) };

	if (cpu < 0 || cpu >= CAPSIM_MAX_CPUS || s->last[cpu][sig] == v || s->nomem)
		return;
	if (grow(s->nr_samples, &s->cap_samples, cols, sizes, 4)) {
		s->nomem = 1;
		return;
	}
	s->last[cpu][sig] = v;
	s->s_time[s->nr_samples] = t;
	s->s_cpu[s->nr_samples] = cpu;
	s->s_signal[s->nr_samples] = (uint8_t)sig;
	s->s_value[s->nr_samples++] = v;
}

/* Close @cpu's running interval at @t. */
static void close_run(capsim_series *s, int32_t cpu, uint64_t t)
{
	void **cols[] = { (void **)&s->r_pid, (void **)&s->r_cpu, (void **)&s->r_start,
			  (void **)&s->r_end };
	static const size_t sizes[] = { sizeof(int32_t), sizeof(int32_t), sizeof(uint64_t),
					sizeof(uint64_t) };

	if (!s->running[cpu] || s->nomem)
		return;
	if (grow(s->nr_runs, &s->cap_runs, cols, sizes, 4)) {
		s->nomem = 1;
		return;
	}
	s->r_pid[s->nr_runs] = s->running[cpu];
	s->r_cpu[s->nr_runs] = cpu;
	s->r_start[s->nr_runs] = s->since[cpu];
	s->r_end[s->nr_runs++] = t;
	s->running[cpu] = 0;
}

/* Remember @task's comm the first time its pid is seen (a linear scan: a run has few tasks). */
static void see_task(capsim_series *s, const struct capsim_event_task *task)
{
	for (unsigned i = s->nr_tasks; i-- > 0;)
		if (s->task_pid[i] == task->pid)
			return;
	if (s->nr_tasks == s->cap_tasks) {
		unsigned want = s->cap_tasks ? s->cap_tasks * 2 : 16;
		int32_t *pid = realloc(s->task_pid, want * sizeof(*pid));
		char **comm;

		if (pid)
			s->task_pid = pid;
		comm = pid ? realloc(s->task_comm, want * sizeof(*comm)) : NULL;
		if (!comm) {
			s->nomem = 1;
			return;
		}
		s->task_comm = comm;
		s->cap_tasks = want;
	}
	s->task_comm[s->nr_tasks] = strdup(task->comm ? task->comm : "");
	if (!s->task_comm[s->nr_tasks]) {
		s->nomem = 1;
		return;
	}
	s->task_pid[s->nr_tasks++] = task->pid;
}

/* The sink. */
static void series_event(void *ctx, const struct capsim_event *ev)
{
	capsim_series *s = ctx;
	const int32_t cpu = ev->cpu;
	const uint64_t t = ev->time_ns;

	switch (ev->type) {
	case CAPSIM_EV_CPU_CAPACITY:
		sample(s, t, cpu, CAPSIM_SERIES_CAPACITY, ev->u.cpu_capacity.capacity);
		break;
	case CAPSIM_EV_CPU_COUNTERS:
		sample(s, t, cpu, CAPSIM_SERIES_ACTUAL_CAPACITY, ev->u.cpu_counters.actual_capacity);
		sample(s, t, cpu, CAPSIM_SERIES_UTIL, ev->u.cpu_counters.util);
		break;
	case CAPSIM_EV_CPU_FREQUENCY:
		sample(s, t, cpu, CAPSIM_SERIES_FREQ_KHZ, ev->u.cpu_frequency.delivered_khz);
		sample(s, t, cpu, CAPSIM_SERIES_REQUESTED_KHZ, ev->u.cpu_frequency.requested_khz);
		break;
	case CAPSIM_EV_HW_PRESSURE_UPDATE:
		sample(s, t, cpu, CAPSIM_SERIES_HW_PRESSURE, ev->u.pressure.pressure);
		break;
	case CAPSIM_EV_THERMAL_PRESSURE_UPDATE:
		sample(s, t, cpu, CAPSIM_SERIES_THERMAL_PRESSURE, ev->u.pressure.pressure);
		break;
	case CAPSIM_EV_SCHED_SWITCH:
		if (cpu < 0 || cpu >= CAPSIM_MAX_CPUS)
			break;
		close_run(s, cpu, t);
		if (ev->u.sched_switch.next.pid) {
			see_task(s, &ev->u.sched_switch.next);
			s->running[cpu] = ev->u.sched_switch.next.pid;
			s->since[cpu] = t;
		}
		break;
	default:
		break;
	}
}

int capsim_series_attach(capsim_series *s, capsim_sim *sim, capsim_error *err)
{
	int ret = capsim_sim_set_sink(sim, series_event, s);

	return ret ? capsim_error_set(err, ret, "series: cannot attach to the run (started, or "
				      "another sink is attached)") : 0;
}

int capsim_series_finish(capsim_series *s, uint64_t end_ns, capsim_error *err)
{
	for (int32_t cpu = 0; cpu < CAPSIM_MAX_CPUS; cpu++)
		close_run(s, cpu, end_ns);
	return s->nomem ? capsim_error_set(err, CAPSIM_ERR_NOMEM, "series: out of memory while "
					   "collecting") : 0;
}

size_t capsim_series_cpu_samples(const capsim_series *s, const uint64_t **time_ns,
				 const int32_t **cpu, const uint8_t **signal, const uint64_t **value)
{
	if (time_ns)
		*time_ns = s->s_time;
	if (cpu)
		*cpu = s->s_cpu;
	if (signal)
		*signal = s->s_signal;
	if (value)
		*value = s->s_value;
	return s->nr_samples;
}

size_t capsim_series_run_intervals(const capsim_series *s, const int32_t **pid,
				   const int32_t **cpu, const uint64_t **start_ns,
				   const uint64_t **end_ns)
{
	if (pid)
		*pid = s->r_pid;
	if (cpu)
		*cpu = s->r_cpu;
	if (start_ns)
		*start_ns = s->r_start;
	if (end_ns)
		*end_ns = s->r_end;
	return s->nr_runs;
}

const char *capsim_series_task(const capsim_series *s, unsigned i, int32_t *pid)
{
	if (i >= s->nr_tasks)
		return NULL;
	if (pid)
		*pid = s->task_pid[i];
	return s->task_comm[i];
}
