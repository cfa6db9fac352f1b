// SPDX-License-Identifier: MIT
/*
 * analyze.c - `capsim analyze`: the figures of a real trace (docs/formats.md "Trace analysis"),
 * read in one pass over capsim_trace_next()'s events. Per CPU: who runs (sched_switch), so the
 * busy time; the frequency (cpu_frequency, devlib's starting-frequency markers), so its
 * residency; with a platform, the pressures the trace shows (cpu_frequency_limits,
 * hw_pressure_update, thermal_pressure_update) turned into the capacity the scheduler believed
 * by the model's own functions (src/model/belief.c: cpufreq_update_pressure(),
 * topology_update_hw_pressure()'s writes, update_hw_load_avg() at the ticks of a busy CPU,
 * get_actual_cpu_capacity()). Per task: run time per CPU, wake-up latencies (from sched_wakeup,
 * and from sched_waking where traced), CPU changes; with a platform, its PELT util replayed
 * (src/api/analyze_pelt.c) and its activations, work and phases (src/api/analyze_workload.c),
 * which --extract-workload writes as rt-app JSON and --replay simulates under each model.
 * Memory grows with the CPUs, tasks, event names and wake-ups, not with the trace's length
 * otherwise.
 */
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "api/analyze_pelt.h"
#include "api/analyze_place.h"
#include "api/analyze_workload.h"
#include "capsim/capsim.h"
#include "input/kernel_config.h"
#include "input/trace_text.h"
#include "internal.h"
#include "model/belief.h"
#include "model/platform.h"
#include "output/recording.h"
#include "output/report.h"
#include "output/trace_jsonl.h"

#define MAX_TRACE_CPUS 4096
#define COMM_MAX 64
#define DEFAULT_HZ 250

struct freq_res {
	uint64_t khz;
	uint64_t ns;
};

/* a change of the policy limits a cpu_frequency_limits event shows for a CPU */
struct an_limit {
	uint64_t ts;
	uint32_t min_khz, max_khz;
};

struct an_cpu {
	bool seen;             /* an event of its buffer, or a switch naming it */
	bool from_first_event; /* its buffer started late: its window starts at its first event */
	bool known;            /* @cur is known: after its first switch, until events are lost */
	bool lost_gap;         /* unknown since @since because events were lost */
	int cur;               /* the pid running since @since */
	uint64_t start, since, last_ts;
	uint64_t busy_ns, lost_ns, lost_events, lost_markers;
	/* frequency residency */
	bool freq_known;
	uint64_t freq_khz, freq_since, freq_first;
	struct freq_res *res;
	unsigned nr_res;
	struct an_limit *limits; /* change points only */
	size_t nr_limits, cap_limits;
	/* with a platform: the believed capacity, time-weighted from @cap_since */
	struct belief_view view;
	uint64_t cap_since, next_tick;
	double sum_actual, sum_cpufreq, sum_hw, sum_hw_avg;
	uint64_t row_hw;       /* the HW pressure of its last cpu_capacity.csv row */
	uint64_t min_actual, cap_ns;
};

struct an_task {
	int pid;
	char comm[COMM_MAX];
	uint64_t runtime_ns;
	uint64_t *by_cpu;   /* nr_cpus_alloc entries */
	bool woken;         /* a wake-up since the last switch-in */
	uint64_t woken_at;
	uint64_t *lat;
	size_t nr_lat, cap_lat;
	uint64_t wakeups, cpu_changes, migrations, switch_ins;
	int last_cpu;
	bool waking;        /* a sched_waking since the last switch-in */
	uint64_t waking_at;
	uint64_t *wlat;
	size_t nr_wlat, cap_wlat;
	struct pelt_task pelt;
	struct xw_task xw;  /* its activations and phases (with a platform) */
	struct ap_task place; /* its wake-ups' placements (with a platform) */
};

struct an_name {
	char *name;
	uint64_t count;
};

struct capsim_analysis {
	char *trace_name;
	const capsim_platform *plat;
	char *plat_name;
	enum capsim_model model;
	const char *model_chosen_by; /* "option", "kernel_release" or "default" */
	char *kernel_release;        /* what the trace names, or NULL */
	unsigned hz;
	const char *hz_from;         /* "option", "kernel_config" or "default" */
	char *kernel_config;         /* the kernel config read (opts->kernel_config), or NULL */
	FILE *capacity_csv;
	struct belief *belief;
	struct pelt_replay *pelt; /* with a platform */
	struct xw_extract *xw;    /* with a platform: the workload extraction */
	struct ap_place *place;   /* with a platform: the wake-ups' placements */
	struct ap_cpu_state *place_cpus; /* the platform's CPUs as a wake-up finds them */
	FILE *placements_csv;
	bool any_waking;          /* the trace has sched_waking */
	bool any_event;
	uint64_t first_ts, last_ts;
	struct an_cpu *cpus;
	unsigned nr_cpus, cpus_alloc;
	struct an_task *tasks;
	size_t nr_tasks, cap_tasks;
	int *task_index;       /* open addressing on pid: index + 1, 0 empty */
	size_t index_size;
	struct an_name *names;
	size_t nr_names, cap_names;
	uint64_t switch_mismatch;
	uint64_t skipped[CAPSIM_TRACE_SKIP_COUNT];
	struct capsim_recording *rec; /* --report's series and lanes (opts->record), times from
				       * first_ts */
	struct an_replay *replay;     /* capsim_analysis_replay()'s runs, or NULL */
};

/* The extracted workload's runs, one per model (capsim_analysis_replay()). */
struct an_replay {
	char *platform;
	unsigned nr_models;
	enum capsim_model models[CAPSIM_MODEL_COUNT];
	capsim_summary *sum[CAPSIM_MODEL_COUNT];
};

/* ---- tables ------------------------------------------------------------------------------ */

static int grow(void **arr, size_t *cap, size_t need, size_t elem)
{
	size_t ncap = *cap ? *cap : 16;
	void *n;

	if (need <= *cap)
		return 0;
	while (ncap < need)
		ncap *= 2;
	n = realloc(*arr, ncap * elem);
	if (!n)
		return CAPSIM_ERR_NOMEM;
	memset((char *)n + *cap * elem, 0, (ncap - *cap) * elem);
	*arr = n;
	*cap = ncap;
	return 0;
}

static int count_name(struct capsim_analysis *a, const char *name)
{
	size_t lo = 0, hi = a->nr_names;

	while (lo < hi) { /* kept sorted: few names, looked up once per event */
		size_t mid = (lo + hi) / 2;
		int c = strcmp(a->names[mid].name, name);

		if (!c) {
			a->names[mid].count++;
			return 0;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (grow((void **)&a->names, &a->cap_names, a->nr_names + 1, sizeof(*a->names)))
		return CAPSIM_ERR_NOMEM;
	memmove(&a->names[lo + 1], &a->names[lo], (a->nr_names - lo) * sizeof(*a->names));
	a->names[lo].name = strdup(name);
	a->names[lo].count = 1;
	if (!a->names[lo].name)
		return CAPSIM_ERR_NOMEM;
	a->nr_names++;
	return 0;
}

static size_t pid_slot(const struct capsim_analysis *a, int pid)
{
	size_t i = ((uint32_t)pid * 2654435761u) & (a->index_size - 1);

	while (a->task_index[i] && a->tasks[a->task_index[i] - 1].pid != pid)
		i = (i + 1) & (a->index_size - 1);
	return i;
}

static int rehash(struct capsim_analysis *a)
{
	size_t size = a->index_size ? 2 * a->index_size : 256;
	int *idx = calloc(size, sizeof(*idx));

	if (!idx)
		return CAPSIM_ERR_NOMEM;
	free(a->task_index);
	a->task_index = idx;
	a->index_size = size;
	for (size_t t = 0; t < a->nr_tasks; t++)
		a->task_index[pid_slot(a, a->tasks[t].pid)] = (int)t + 1;
	return 0;
}

/* The task of @pid (made on first sight), or NULL when out of memory. */
static struct an_task *task_of(struct capsim_analysis *a, int pid)
{
	size_t i;
	struct an_task *t;

	if (!a->index_size || 2 * (a->nr_tasks + 1) > a->index_size)
		if (rehash(a))
			return NULL;
	i = pid_slot(a, pid);
	if (a->task_index[i])
		return &a->tasks[a->task_index[i] - 1];
	if (grow((void **)&a->tasks, &a->cap_tasks, a->nr_tasks + 1, sizeof(*a->tasks)))
		return NULL;
	t = &a->tasks[a->nr_tasks];
	t->by_cpu = calloc(a->cpus_alloc, sizeof(*t->by_cpu));
	if (!t->by_cpu)
		return NULL;
	t->pid = pid;
	t->last_cpu = -1;
	a->task_index[i] = (int)++a->nr_tasks;
	return t;
}

static void set_comm(struct an_task *t, const char *comm)
{
	/* "<...>": the trace had no name for the pid; it is not a comm */
	if (comm && *comm && strcmp(comm, "<...>"))
		snprintf(t->comm, sizeof(t->comm), "%s", comm);
}

/* Grows every per-CPU table to hold CPU @cpu. */
static int ensure_cpu(struct capsim_analysis *a, unsigned cpu)
{
	size_t old = a->cpus_alloc, cap = old;

	if (cpu < a->nr_cpus)
		return 0;
	if (cpu >= old) {
		if (grow((void **)&a->cpus, &cap, cpu + 1, sizeof(*a->cpus)))
			return CAPSIM_ERR_NOMEM;
		for (size_t t = 0; t < a->nr_tasks; t++) {
			uint64_t *n = realloc(a->tasks[t].by_cpu, cap * sizeof(*n));

			if (!n)
				return CAPSIM_ERR_NOMEM;
			memset(n + old, 0, (cap - old) * sizeof(*n));
			a->tasks[t].by_cpu = n;
		}
		a->cpus_alloc = (unsigned)cap;
	}
	a->nr_cpus = cpu + 1;
	return 0;
}

/* ---- per-CPU accounting ------------------------------------------------------------------- */

/* CPU @c's running task has run from c->since to @now: busy time and its run time. */
static void account_run(struct capsim_analysis *a, unsigned c, uint64_t now)
{
	struct an_cpu *cp = &a->cpus[c];
	uint64_t d = now > cp->since ? now - cp->since : 0;

	if (cp->known && cp->cur != 0) {
		struct an_task *t = task_of(a, cp->cur);

		cp->busy_ns += d;
		if (t) {
			t->runtime_ns += d;
			t->by_cpu[c] += d;
		}
		if (t && a->rec)
			recording_run(a->rec, c, recording_task(a->rec, t->pid, t->comm),
				      cp->since - a->first_ts, now - a->first_ts);
	} else if (cp->lost_gap) {
		cp->lost_ns += d;
	}
	cp->since = now;
}

static int add_residency(struct an_cpu *cp, uint64_t khz, uint64_t ns)
{
	for (unsigned i = 0; i < cp->nr_res; i++)
		if (cp->res[i].khz == khz) {
			cp->res[i].ns += ns;
			return 0;
		}
	{
		struct freq_res *n = realloc(cp->res, (cp->nr_res + 1) * sizeof(*n));

		if (!n)
			return CAPSIM_ERR_NOMEM;
		cp->res = n;
		cp->res[cp->nr_res++] = (struct freq_res){ khz, ns };
	}
	return 0;
}

static int set_freq(struct capsim_analysis *a, unsigned c, uint64_t khz, uint64_t now)
{
	struct an_cpu *cp = &a->cpus[c];

	if (cp->freq_known && add_residency(cp, cp->freq_khz, now - cp->freq_since))
		return CAPSIM_ERR_NOMEM;
	if (!cp->freq_known)
		cp->freq_first = now;
	if (a->pelt)
		pelt_on_freq(a->pelt, c, khz);
	if (a->xw)
		xw_on_freq(a->xw, c, now, khz);
	cp->freq_known = true;
	cp->freq_khz = khz;
	cp->freq_since = now;
	if (a->rec)
		recording_cpu_value(a->rec, c, REC_CPU_FREQ, now - a->first_ts, (int64_t)khz);
	return 0;
}

/* ---- capacity (with a platform) ----------------------------------------------------------- */

/* The time-weighted sums up to @now, then the view now; a CSV row when it changed. */
/* A row of --csv's cpu_capacity.csv: CPU @c's belief @v from @now. */
static void cap_row(struct capsim_analysis *a, unsigned c, uint64_t now,
		    const struct belief_view *v)
{
	a->cpus[c].row_hw = a->belief->cpus[c].hw_pressure;
	if (a->rec) {
		recording_cpu_value(a->rec, c, REC_CPU_ACTUAL, now - a->first_ts, (int64_t)v->actual_cap);
		recording_cpu_value(a->rec, c, REC_CPU_HW_PRESSURE, now - a->first_ts,
				    (int64_t)a->belief->cpus[c].hw_pressure);
		recording_cpu_value(a->rec, c, REC_CPU_CPUFREQ_PRESSURE, now - a->first_ts,
				    (int64_t)v->cpufreq_pressure);
	}
	if (a->capacity_csv)
		fprintf(a->capacity_csv, "%" PRIu64 ",%u,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n",
			now, c, v->cpufreq_pressure, a->belief->cpus[c].hw_pressure, v->hw_load_avg,
			v->actual_cap);
}

static void cap_refresh(struct capsim_analysis *a, unsigned c, uint64_t now)
{
	struct an_cpu *cp = &a->cpus[c];
	struct belief_view v;
	uint64_t d = now - cp->cap_since;

	/* a CPU not seen yet takes the belief of its first event's time (see_cpu()) */
	if (!a->belief || c >= a->belief->nr_cpus || !cp->seen || now < cp->cap_since)
		return;
	cp->sum_actual += (double)cp->view.actual_cap * (double)d;
	cp->sum_cpufreq += (double)cp->view.cpufreq_pressure * (double)d;
	cp->sum_hw += (double)a->belief->cpus[c].hw_pressure * (double)d;
	cp->sum_hw_avg += (double)cp->view.hw_load_avg * (double)d;
	cp->cap_ns += d;
	cp->cap_since = now;
	v = belief_view(a->belief, c, now);
	if (v.actual_cap < cp->min_actual)
		cp->min_actual = v.actual_cap;
	if (memcmp(&v, &cp->view, sizeof(v)) || a->belief->cpus[c].hw_pressure != cp->row_hw)
		cap_row(a, c, now, &v);
	cp->view = v;
}

/* The ticks of busy CPUs up to @now: sched_tick()'s update_hw_load_avg() sample. */
static void run_ticks(struct capsim_analysis *a, uint64_t now)
{
	uint64_t tick = CAPSIM_NSEC_PER_SEC / a->hz;

	if (!a->belief)
		return;
	for (unsigned c = 0; c < a->belief->nr_cpus && c < a->nr_cpus; c++) {
		struct an_cpu *cp = &a->cpus[c];

		if (!cp->known || cp->cur == 0) {
			cp->next_tick = (now / tick + 1) * tick;
			continue;
		}
		while (cp->next_tick <= now) {
			cap_refresh(a, c, cp->next_tick);
			belief_tick(a->belief, c, cp->next_tick);
			cap_refresh(a, c, cp->next_tick);
			cp->next_tick += tick;
		}
	}
}

/* The CPUs of @cpu's policy: the span a traced per-policy update wrote. */
static void policy_cpus(const struct capsim_analysis *a, unsigned cpu, capsim_cpumask *m)
{
	int pol = platform_policy_of(a->plat, cpu);

	if (pol >= 0) {
		*m = a->plat->policies[pol].related_cpus;
	} else {
		memset(m, 0, sizeof(*m));
		capsim_cpumask_set(m, cpu);
	}
}

static void refresh_mask(struct capsim_analysis *a, const capsim_cpumask *m, uint64_t now)
{
	for (unsigned c = 0; c < a->belief->nr_cpus && c < a->nr_cpus; c++)
		if (capsim_cpumask_test(m, c))
			cap_refresh(a, c, now);
}

/* ---- events ------------------------------------------------------------------------------- */

static int bad(const struct capsim_analysis *a, const struct capsim_trace_event *ev,
	       capsim_error *err, const char *what)
{
	return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s:%" PRIu64 ": %s: %s", a->trace_name,
				ev->line, ev->name, what);
}

/* Field @name of @ev as an integer in [lo, hi]. */
static int field_in(const struct capsim_analysis *a, const struct capsim_trace_event *ev,
		    const char *name, int64_t lo, int64_t hi, int64_t *v, capsim_error *err)
{
	const char *value = capsim_trace_field(ev, name);
	char shown[TRACE_SHOW_SIZE];

	if (capsim_trace_field_i64(ev, name, v) || *v < lo || *v > hi)
		return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s:%" PRIu64 ": %s: field %s: %s "
					"(expected an integer in %" PRId64 "..%" PRId64 ")",
					a->trace_name, ev->line, ev->name, name,
					value ? trace_show(shown, value) : "missing", lo, hi);
	return 0;
}

static int cpu_field(struct capsim_analysis *a, const struct capsim_trace_event *ev,
		     const char *name, unsigned *cpu, capsim_error *err)
{
	int64_t v;
	int ret = field_in(a, ev, name, 0, MAX_TRACE_CPUS - 1, &v, err);

	if (ret)
		return ret;
	*cpu = (unsigned)v;
	if (ensure_cpu(a, *cpu))
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	return 0;
}

/* The first time CPU @c is named: its window starts with the trace's, or now if its buffer
 * started late. */
static void see_cpu(struct capsim_analysis *a, unsigned c, uint64_t now)
{
	struct an_cpu *cp = &a->cpus[c];

	if (cp->seen)
		return;
	cp->seen = true;
	cp->start = cp->from_first_event ? now : a->first_ts;
	cp->since = cp->start;
	cp->cap_since = cp->start;
	cp->min_actual = UINT64_MAX;
	if (a->xw)
		xw_on_cpu_start(a->xw, c, cp->start);
	if (a->belief && c < a->belief->nr_cpus) {
		cp->view = belief_view(a->belief, c, cp->start);
		/* pressure that came before the CPU's first event (its policy's): a change too */
		if (cp->view.actual_cap != a->belief->cpus[c].p.cap_orig || cp->view.cpufreq_pressure ||
		    cp->view.hw_load_avg || a->belief->cpus[c].hw_pressure)
			cap_row(a, c, cp->start, &cp->view);
	}
}

/* The workload extraction's view of a switch: @ran ran on @c since @slice_start. */
static int switch_workload(struct capsim_analysis *a, const struct capsim_trace_event *ev,
			   unsigned c, uint64_t slice_start, int ran, int prev, int next)
{
	const char *state = capsim_trace_field(ev, "prev_state");
	/* looked up once all exist: making one may move the others */
	struct an_task *rt = ran ? task_of(a, ran) : NULL;
	struct an_task *pt = prev ? task_of(a, prev) : NULL;
	struct an_task *nt = next ? task_of(a, next) : NULL;
	int64_t prio = -1;

	if ((ran && !rt) || (prev && !pt) || (next && !nt))
		return CAPSIM_ERR_NOMEM;
	rt = ran ? task_of(a, ran) : NULL;
	pt = prev ? task_of(a, prev) : NULL;
	if (capsim_trace_field_i64(ev, "next_prio", &prio) || prio < -1 || prio > 139)
		prio = -2; /* not traced */
	return xw_on_switch(a->xw, c, ev->ts_ns, slice_start, rt ? &rt->xw : NULL,
			    pt ? &pt->xw : NULL, state && capsim_trace_prev_state_runnable(state),
			    nt ? &nt->xw : NULL, (int)prio);
}

static int on_switch(struct capsim_analysis *a, const struct capsim_trace_event *ev,
		     capsim_error *err)
{
	unsigned c = (unsigned)ev->cpu;
	struct an_cpu *cp = &a->cpus[c];
	int64_t prev, next;
	struct an_task *t;
	uint64_t slice_start;
	int ret, ran;

	if ((ret = field_in(a, ev, "prev_pid", 0, INT32_MAX, &prev, err)) ||
	    (ret = field_in(a, ev, "next_pid", 0, INT32_MAX, &next, err)))
		return ret;
	if (!cp->known && !cp->lost_gap) {
		/* the first switch: prev ran from the CPU's window start */
		cp->known = true;
		cp->cur = (int)prev;
	}
	if (cp->known && cp->cur != prev)
		a->switch_mismatch++;
	if (a->belief)
		cap_refresh(a, c, ev->ts_ns);
	/* who ran since when: account_run()'s slice */
	ran = cp->known ? cp->cur : 0;
	slice_start = cp->since;
	account_run(a, c, ev->ts_ns);
	cp->known = true;
	cp->lost_gap = false;
	cp->cur = (int)next;
	if (prev) {
		if (!(t = task_of(a, (int)prev)))
			return CAPSIM_ERR_NOMEM;
		set_comm(t, capsim_trace_field(ev, "prev_comm"));
	}
	if (next) {
		if (!(t = task_of(a, (int)next)))
			return CAPSIM_ERR_NOMEM;
		set_comm(t, capsim_trace_field(ev, "next_comm"));
		t->switch_ins++;
		if (t->woken) {
			if (grow((void **)&t->lat, &t->cap_lat, t->nr_lat + 1, sizeof(*t->lat)))
				return CAPSIM_ERR_NOMEM;
			t->lat[t->nr_lat++] = ev->ts_ns - t->woken_at;
			t->woken = false;
		}
		if (t->waking) {
			if (grow((void **)&t->wlat, &t->cap_wlat, t->nr_wlat + 1, sizeof(*t->wlat)))
				return CAPSIM_ERR_NOMEM;
			t->wlat[t->nr_wlat++] = ev->ts_ns - t->waking_at;
			t->waking = false;
		}
		if (t->last_cpu >= 0 && (unsigned)t->last_cpu != c)
			t->cpu_changes++;
		t->last_cpu = (int)c;
		if (a->place)
			ap_on_switch_in(a->place, &t->place, t->pid, t->comm, c);
	}
	if (a->pelt) {
		const char *state = capsim_trace_field(ev, "prev_state");
		/* looked up again: making the next task may have moved the previous one */
		struct an_task *pt = prev ? task_of(a, (int)prev) : NULL;
		struct an_task *nt = next ? task_of(a, (int)next) : NULL;

		if ((prev && !pt) || (next && !nt))
			return CAPSIM_ERR_NOMEM;
		pelt_on_switch(a->pelt, c, ev->ts_ns, pt ? &pt->pelt : NULL,
			       state && capsim_trace_prev_state_runnable(state), nt ? &nt->pelt : NULL);
	}
	return a->xw ? switch_workload(a, ev, c, slice_start, ran, (int)prev, (int)next) : 0;
}

/* The wake-up @ev of @t: the model's placement of it, from the state the CPUs are in. */
static void place_wakeup(struct capsim_analysis *a, const struct capsim_trace_event *ev,
			 struct an_task *t)
{
	struct ap_wakeup w = { ev->ts_ns, AP_PRIO_UNKNOWN, -1, t->last_cpu, t->pelt.on_rq };
	int64_t v;

	if (!capsim_trace_field_i64(ev, "prio", &v) && v >= -1 && v <= 139)
		w.prio = (int)v; /* -1: a deadline task */
	if (!capsim_trace_field_i64(ev, "target_cpu", &v) && v >= 0 && v < MAX_TRACE_CPUS)
		w.target_cpu = (int)v;
	for (unsigned c = 0; c < a->belief->nr_cpus; c++) {
		const struct an_cpu *cp = &a->cpus[c];
		struct ap_cpu_state *s = &a->place_cpus[c];

		s->known = cp->seen && cp->known;
		s->idle = s->known && cp->cur == 0;
		s->view = belief_view(a->belief, c, ev->ts_ns);
	}
	ap_on_wakeup(a->place, &t->place, a->pelt, &t->pelt, &w, a->place_cpus);
}

static int on_wakeup(struct capsim_analysis *a, const struct capsim_trace_event *ev,
		     capsim_error *err)
{
	int64_t pid, cpu;
	struct an_task *t;
	int ret = field_in(a, ev, "pid", 0, INT32_MAX, &pid, err);

	if (ret)
		return ret;
	if (!pid)
		return 0;
	if (!(t = task_of(a, (int)pid)))
		return CAPSIM_ERR_NOMEM;
	set_comm(t, capsim_trace_field(ev, "comm"));
	t->wakeups++;
	if (!t->woken) {
		t->woken = true;
		t->woken_at = ev->ts_ns;
	}
	if (a->xw)
		xw_on_wakeup(&t->xw, ev->ts_ns);
	if (a->place) /* before the replay enqueues it */
		place_wakeup(a, ev, t);
	if (a->pelt && !capsim_trace_field_i64(ev, "target_cpu", &cpu) && cpu >= 0 &&
	    cpu < MAX_TRACE_CPUS)
		pelt_on_wakeup(a->pelt, (unsigned)cpu, ev->ts_ns, &t->pelt);
	return 0;
}

/* sched_waking: the wake-up's start (try_to_wake_up()), for the second latency figure */
static int on_waking(struct capsim_analysis *a, const struct capsim_trace_event *ev,
		     capsim_error *err)
{
	int64_t pid;
	struct an_task *t;
	int ret = field_in(a, ev, "pid", 0, INT32_MAX, &pid, err);

	if (ret)
		return ret;
	a->any_waking = true;
	if (!pid)
		return 0;
	if (!(t = task_of(a, (int)pid)))
		return CAPSIM_ERR_NOMEM;
	set_comm(t, capsim_trace_field(ev, "comm"));
	if (!t->waking) {
		t->waking = true;
		t->waking_at = ev->ts_ns;
	}
	return 0;
}

static int on_migrate(struct capsim_analysis *a, const struct capsim_trace_event *ev,
		      capsim_error *err)
{
	int64_t pid, cpu;
	struct an_task *t;
	int ret = field_in(a, ev, "pid", 0, INT32_MAX, &pid, err);

	if (ret || !pid)
		return ret;
	if (!(t = task_of(a, (int)pid)))
		return CAPSIM_ERR_NOMEM;
	set_comm(t, capsim_trace_field(ev, "comm"));
	t->migrations++;
	if (a->pelt && !capsim_trace_field_i64(ev, "dest_cpu", &cpu) && cpu >= 0 &&
	    cpu < MAX_TRACE_CPUS)
		pelt_on_migrate(a->pelt, (unsigned)cpu, ev->ts_ns, &t->pelt);
	return 0;
}

static int on_frequency(struct capsim_analysis *a, const struct capsim_trace_event *ev,
			capsim_error *err)
{
	unsigned c;
	int64_t khz;
	int ret = cpu_field(a, ev, "cpu_id", &c, err);

	if (!ret)
		ret = field_in(a, ev, "state", 0, INT64_MAX, &khz, err);
	if (ret)
		return ret;
	see_cpu(a, c, ev->ts_ns);
	return set_freq(a, c, (uint64_t)khz, ev->ts_ns);
}

/* devlib's "cpu_frequency_devlib: state=KHZ cpu_id=N" marker: a CPU's frequency at the start. */
static int on_marker(struct capsim_analysis *a, const struct capsim_trace_event *ev)
{
	const char *buf = capsim_trace_field(ev, "buf"), *p;
	unsigned long long khz;
	unsigned cpu;

	if (!buf || !(p = strstr(buf, "cpu_frequency_devlib:")))
		return 0;
	p += strlen("cpu_frequency_devlib:");
	if (sscanf(p, " state=%llu cpu_id=%u", &khz, &cpu) != 2 || cpu >= MAX_TRACE_CPUS)
		return 0; /* a marker of another text: not devlib's */
	if (ensure_cpu(a, cpu))
		return CAPSIM_ERR_NOMEM;
	see_cpu(a, cpu, ev->ts_ns);
	return set_freq(a, cpu, khz, ev->ts_ns);
}

/* CPU @c's limits from @now, if they changed */
static int limit_point(struct capsim_analysis *a, unsigned c, uint64_t now, uint32_t min,
		       uint32_t max)
{
	struct an_cpu *cp = &a->cpus[c];
	const struct an_limit *last = cp->nr_limits ? &cp->limits[cp->nr_limits - 1] : NULL;

	if (last && last->min_khz == min && last->max_khz == max)
		return 0;
	if (grow((void **)&cp->limits, &cp->cap_limits, cp->nr_limits + 1, sizeof(*cp->limits)))
		return CAPSIM_ERR_NOMEM;
	cp->limits[cp->nr_limits++] = (struct an_limit){ now, min, max };
	return 0;
}

/* The limits a cpu_frequency_limits event on @c sets: its policy's CPUs' (the platform's), or
 * @c's alone without a platform */
static int limits_change(struct capsim_analysis *a, unsigned c, uint64_t now, uint32_t min,
			 uint32_t max)
{
	capsim_cpumask m;

	if (!a->plat || c >= a->plat->nr_cpus)
		return limit_point(a, c, now, min, max);
	policy_cpus(a, c, &m);
	for (unsigned k = 0; k < a->plat->nr_cpus; k++)
		if (capsim_cpumask_test(&m, k) && limit_point(a, k, now, min, max))
			return CAPSIM_ERR_NOMEM;
	return 0;
}

/* cpu_frequency_limits, either spelling (min/max, min_freq/max_freq): cpufreq pressure, and
 * the policy's limits for the report */
static int on_limits(struct capsim_analysis *a, const struct capsim_trace_event *ev,
		     capsim_error *err)
{
	int new_names = capsim_trace_field(ev, "max_freq") != NULL;
	capsim_cpumask m;
	int64_t min, max;
	unsigned c;
	int ret = cpu_field(a, ev, "cpu_id", &c, err);

	if (!ret)
		ret = field_in(a, ev, new_names ? "max_freq" : "max", 0, UINT32_MAX, &max, err);
	if (!ret)
		ret = field_in(a, ev, new_names ? "min_freq" : "min", 0, UINT32_MAX, &min, err);
	if (!ret)
		ret = limits_change(a, c, ev->ts_ns, (uint32_t)min, (uint32_t)max);
	if (ret || !a->belief || c >= a->belief->nr_cpus)
		return ret;
	policy_cpus(a, c, &m);
	refresh_mask(a, &m, ev->ts_ns);
	belief_set_policy_max(a->belief, &m, (uint32_t)max, ev->ts_ns);
	refresh_mask(a, &m, ev->ts_ns);
	for (unsigned k = 0; a->rec && k < a->belief->nr_cpus; k++)
		if (capsim_cpumask_test(&m, k)) {
			recording_cpu_value(a->rec, k, REC_CPU_FREQ_MIN, ev->ts_ns - a->first_ts, min);
			recording_cpu_value(a->rec, k, REC_CPU_FREQ_MAX, ev->ts_ns - a->first_ts, max);
		}
	return 0;
}

static int on_pressure(struct capsim_analysis *a, const struct capsim_trace_event *ev,
		       int thermal, capsim_error *err)
{
	capsim_cpumask m;
	int64_t v;
	unsigned c;
	int ret = cpu_field(a, ev, "cpu", &c, err);

	if (!ret)
		ret = field_in(a, ev, thermal ? "thermal_pressure" : "hw_pressure", 0,
			       SCHED_CAPACITY_SCALE, &v, err);
	if (ret || !a->belief || c >= a->belief->nr_cpus)
		return ret;
	policy_cpus(a, c, &m);
	refresh_mask(a, &m, ev->ts_ns);
	belief_write_pressure(a->belief, &m, (uint64_t)v, thermal);
	refresh_mask(a, &m, ev->ts_ns);
	return 0;
}

/* The PELT events kernels log, each era's: a task's (pid > 0) or a root cfs_rq's (path=/). */
static const char *const pelt_se_events[] = {
	"sched_load_se", "sched_pelt_se", "lisa__sched_pelt_se", "sched_load_avg_task",
};
static const char *const pelt_cfs_events[] = {
	"sched_load_cfs_rq", "sched_pelt_cfs", "lisa__sched_pelt_cfs",
};

static int name_in(const char *n, const char *const *names, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		if (!strcmp(n, names[i]))
			return 1;
	return 0;
}

static int is_pelt_log(const char *n)
{
	return name_in(n, pelt_se_events, ARRAY_SIZE(pelt_se_events)) ||
	       name_in(n, pelt_cfs_events, ARRAY_SIZE(pelt_cfs_events));
}

/*
 * A logged PELT update: a task's is replayed there and compared (a group entity, pid -1, is
 * not a task); a root cfs_rq's moves its CPU's decay window. sched_load_avg_task (4.4-4.9)
 * names its util "util_avg". A [FAILED TO PARSE] one is passed over (still counted).
 */
static int on_pelt_log(struct capsim_analysis *a, const struct capsim_trace_event *ev,
		       capsim_error *err)
{
	const char *util_key = capsim_trace_field(ev, "util_avg") ? "util_avg" : "util";
	const char *path = capsim_trace_field(ev, "path");
	int64_t cpu, pid, util;
	struct an_task *t;
	int ret;

	if (ev->failed)
		return 0; /* [FAILED TO PARSE]: its fields may stop short; counted, not replayed */
	if ((ret = field_in(a, ev, "cpu", 0, MAX_TRACE_CPUS - 1, &cpu, err)))
		return ret;
	if (name_in(ev->name, pelt_cfs_events, ARRAY_SIZE(pelt_cfs_events))) {
		if (path && !strcmp(path, "/"))
			pelt_on_cfs_log(a->pelt, (unsigned)cpu, ev->ts_ns);
		return 0;
	}
	if ((ret = field_in(a, ev, "pid", -1, INT32_MAX, &pid, err)) ||
	    (ret = field_in(a, ev, util_key, 0, SCHED_CAPACITY_SCALE, &util, err)))
		return ret;
	if (pid <= 0)
		return 0;
	if (!(t = task_of(a, (int)pid)))
		return CAPSIM_ERR_NOMEM;
	set_comm(t, capsim_trace_field(ev, "comm"));
	return pelt_on_task_log(a->pelt, (unsigned)cpu, ev->ts_ns, &t->pelt, (uint64_t)util);
}

/* A CPU's events were lost: what ran on it from its last event to its next switch is unknown;
 * what ran up to that event ran, for the workload too. */
static int on_lost(struct capsim_analysis *a, const struct capsim_trace_event *ev)
{
	struct an_cpu *cp = &a->cpus[ev->cpu];

	cp->lost_markers++;
	cp->lost_events += ev->lost;
	if (!cp->seen)
		return 0;
	if (a->xw && cp->known) {
		struct an_task *t = cp->cur ? task_of(a, cp->cur) : NULL;

		if (cp->cur && !t)
			return CAPSIM_ERR_NOMEM;
		xw_on_end(a->xw, (unsigned)ev->cpu, cp->last_ts, cp->since, t ? &t->xw : NULL);
	}
	account_run(a, (unsigned)ev->cpu, cp->last_ts);
	cp->known = false;
	cp->lost_gap = true;
	return 0;
}

static int on_event(struct capsim_analysis *a, const struct capsim_trace_event *ev,
		    capsim_error *err)
{
	const char *n = ev->name;
	unsigned c;

	if (ev->cpu < 0 || ev->cpu >= MAX_TRACE_CPUS)
		return bad(a, ev, err, "CPU out of range (expected 0..4095)");
	c = (unsigned)ev->cpu;
	if (ensure_cpu(a, c))
		return CAPSIM_ERR_NOMEM;
	if (ev->kind == CAPSIM_TRACE_BUFFER_START) {
		if (!a->cpus[c].seen)
			a->cpus[c].from_first_event = true;
		return 0;
	}
	if (ev->kind == CAPSIM_TRACE_LOST)
		return on_lost(a, ev);
	if (!a->any_event) {
		a->any_event = true;
		a->first_ts = ev->ts_ns;
	}
	if (ev->ts_ns > a->last_ts)
		a->last_ts = ev->ts_ns;
	see_cpu(a, c, ev->ts_ns);
	if (ev->ts_ns > a->cpus[c].last_ts)
		a->cpus[c].last_ts = ev->ts_ns;
	if (count_name(a, n))
		return CAPSIM_ERR_NOMEM;
	if (a->pelt)
		pelt_on_event_name(a->pelt, n);
	run_ticks(a, ev->ts_ns);
	if (!strcmp(n, "sched_switch"))
		return on_switch(a, ev, err);
	if (!strcmp(n, "sched_wakeup") || !strcmp(n, "sched_wakeup_new"))
		return on_wakeup(a, ev, err);
	if (!strcmp(n, "sched_waking"))
		return on_waking(a, ev, err);
	if (!strcmp(n, "sched_migrate_task"))
		return on_migrate(a, ev, err);
	if (a->pelt && is_pelt_log(n))
		return on_pelt_log(a, ev, err);
	if (!strcmp(n, "cpu_frequency"))
		return on_frequency(a, ev, err);
	if (!strcmp(n, "cpu_frequency_limits"))
		return on_limits(a, ev, err);
	if (!strcmp(n, "hw_pressure_update"))
		return on_pressure(a, ev, 0, err);
	if (!strcmp(n, "thermal_pressure_update"))
		return on_pressure(a, ev, 1, err);
	if (!strcmp(n, "print") || !strcmp(n, "tracing_mark_write") || !strcmp(n, "bprint") ||
	    !strcmp(n, "bputs"))
		return on_marker(a, ev);
	return 0;
}

/*
 * --report's recording at the window's end: the CPUs the trace has (it was made with room for
 * any; those past them saw nothing), their original capacity, and every task (also those that
 * never ran) under its last comm, as the other writers name it.
 */
static int finish_recording(struct capsim_analysis *a)
{
	struct capsim_recording *r = a->rec;

	if (a->nr_cpus < r->nr_cpus)
		r->nr_cpus = a->nr_cpus;
	for (unsigned c = 0; a->belief && c < r->nr_cpus && c < a->belief->nr_cpus; c++)
		r->cpus[c].orig = a->belief->cpus[c].p.cap_orig;
	for (size_t i = 0; i < a->nr_tasks; i++) {
		int32_t k = recording_task(r, a->tasks[i].pid, a->tasks[i].comm);
		char *name;

		if (k < 0)
			continue; /* pid 0 is no task */
		if (!strcmp(r->tasks[k].name, a->tasks[i].comm))
			continue;
		if (!(name = strdup(a->tasks[i].comm)))
			return CAPSIM_ERR_NOMEM;
		free(r->tasks[k].name);
		r->tasks[k].name = name;
	}
	return recording_error(r, NULL) ? CAPSIM_ERR_NOMEM : 0;
}

/* The window's end: what runs still runs until then, frequencies hold until then. */
static int finish(struct capsim_analysis *a)
{
	run_ticks(a, a->last_ts);
	for (size_t t = 0; a->pelt && t < a->nr_tasks; t++)
		pelt_task_finish(a->pelt, &a->tasks[t].pelt, a->last_ts);
	for (size_t t = 0; a->place && t < a->nr_tasks; t++)
		ap_task_finish(a->place, &a->tasks[t].place);
	for (unsigned c = 0; c < a->nr_cpus; c++) {
		struct an_cpu *cp = &a->cpus[c];

		if (!cp->seen)
			continue;
		if (!cp->known && !cp->lost_gap)
			continue; /* no switch: who ran is unknown, nothing counted */
		if (a->xw) {
			struct an_task *t = cp->known && cp->cur ? task_of(a, cp->cur) : NULL;

			if (cp->known && cp->cur && !t)
				return CAPSIM_ERR_NOMEM;
			xw_on_end(a->xw, c, a->last_ts, cp->since, t ? &t->xw : NULL);
		}
		account_run(a, c, a->last_ts);
	}
	for (size_t t = 0; a->xw && t < a->nr_tasks; t++)
		if (xw_task_finish(&a->tasks[t].xw, a->last_ts))
			return CAPSIM_ERR_NOMEM;
	for (unsigned c = 0; c < a->nr_cpus; c++) {
		struct an_cpu *cp = &a->cpus[c];

		if (cp->freq_known && add_residency(cp, cp->freq_khz, a->last_ts - cp->freq_since))
			return CAPSIM_ERR_NOMEM;
		if (cp->seen)
			cap_refresh(a, c, a->last_ts);
	}
	return a->rec ? finish_recording(a) : 0;
}

static int setup_belief(struct capsim_analysis *a, capsim_error *err)
{
	struct belief_params bp = { a->model, 0, BELIEF_DEFAULT_CAPPED_THRESHOLD_NS };
	unsigned n = a->plat->nr_cpus;
	struct belief_cpu_params *cp = calloc(n, sizeof(*cp));
	int ret;

	if (!cp)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	for (unsigned c = 0; c < n; c++)
		cp[c] = belief_cpu_params_of(a->plat, c);
	ret = belief_create(&bp, cp, n, &a->belief, err);
	free(cp);
	if (!ret)
		ret = ensure_cpu(a, n - 1) ? capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory") : 0;
	return ret;
}

/*
 * What needs the model, set up at the trace's first event: the model of the kernel release the
 * trace names when asked (@o->model_from_trace), the capacity belief, the PELT replay.
 */
static int start(struct capsim_analysis *a, const capsim_trace *t,
		 const struct capsim_analyze_opts *o, enum capsim_pelt_form pelt, capsim_error *err)
{
	const char *release = capsim_trace_kernel_release(t);
	int ret = 0;

	if (release && !(a->kernel_release = strdup(release)))
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	if (o->model_from_trace && release && !capsim_model_for_release(release, &a->model))
		a->model_chosen_by = "kernel_release";
	/* a trace's CPUs are known from its events: without a platform, room for any */
	if (o->record && !(a->rec = recording_new(a->plat ? a->plat->nr_cpus : MAX_TRACE_CPUS, 0)))
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	if (!a->plat)
		return 0;
	{
		struct capsim_platform_info info = CAPSIM_SIZED(struct capsim_platform_info);

		capsim_platform_get_info(a->plat, &info);
		a->plat_name = strdup(info.name ? info.name : "");
		ret = a->plat_name ? setup_belief(a, err) :
				     capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	}
	if (!ret && (!(a->pelt = pelt_replay_create(a->plat, pelt, a->model)) ||
		     !(a->xw = xw_create(a->plat)) ||
		     !(a->place_cpus = calloc(a->plat->nr_cpus, sizeof(*a->place_cpus)))))
		ret = capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	if (!ret)
		ret = ap_create(a->plat, a->model, a->placements_csv, &a->place, err);
	if (!ret)
		pelt_on_kernel_release(a->pelt, release);
	if (!ret && a->capacity_csv)
		fputs("time_ns,cpu,cpufreq_pressure,hw_pressure,hw_load_avg,actual_capacity\n",
		      a->capacity_csv);
	return ret;
}

/*
 * The kernel config's part in an analysis: its CONFIG_HZ is the ticks' rate (the HW pressure
 * average's samples) unless the caller gave one; the replay's runs read the file whole
 * (capsim_analysis_replay()). Nothing else of analyze runs kernel options.
 */
static int analysis_kernel_config(struct capsim_analysis *a, const struct capsim_analyze_opts *o,
				  capsim_error *err)
{
	struct kernel_config kc;
	int ret = kernel_config_load(o->kernel_config, &kc, err);

	if (ret)
		return ret;
	if (!(a->kernel_config = strdup(o->kernel_config)))
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	if (!o->hz && (kc.given & KCONFIG_BIT(KCONFIG_HZ))) {
		a->hz = kc.hz;
		a->hz_from = "kernel_config";
	}
	return 0;
}

int capsim_analyze(capsim_trace *t, const struct capsim_analyze_opts *in, capsim_analysis **out,
		   capsim_error *err)
{
	return capsim_analyze_pelt(t, in, CAPSIM_PELT_FORM_AUTO, out, err);
}

enum capsim_pelt_form capsim_analysis_pelt_form(const capsim_analysis *a)
{
	return a->pelt ? pelt_replay_form(a->pelt) : CAPSIM_PELT_FORM_AUTO;
}

int capsim_analyze_pelt(capsim_trace *t, const struct capsim_analyze_opts *in,
			enum capsim_pelt_form pelt, capsim_analysis **out, capsim_error *err)
{
	struct capsim_analyze_opts opts;
	const struct capsim_analyze_opts *o = &opts;
	capsim_analysis *a;
	const struct capsim_trace_event *ev;
	uint64_t nr_events = 0, nr_items = 0;
	int ret;

	*out = NULL;
	if (abi_read(&opts, sizeof(opts), in, ABI_V1_ANALYZE_OPTS))
		return abi_size_error(err, "struct capsim_analyze_opts", in, ABI_V1_ANALYZE_OPTS);
	a = calloc(1, sizeof(*a));
	if (!a || !(a->trace_name = strdup(capsim_trace_name(t)))) {
		free(a);
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	}
	a->plat = o->platform;
	a->model = o->model;
	a->model_chosen_by = o->model_from_trace ? "default" : "option";
	a->hz = o->hz ? o->hz : DEFAULT_HZ;
	a->hz_from = o->hz ? "option" : "default";
	a->capacity_csv = o->capacity_csv;
	a->placements_csv = o->placements_csv;
	ret = o->kernel_config ? analysis_kernel_config(a, o, err) : 0;
	if (ret) {
		capsim_analysis_free(a);
		return ret;
	}
	ret = a->plat && (unsigned)pelt > CAPSIM_PELT_FORM_5_1 ?
		capsim_error_set(err, CAPSIM_ERR_RANGE, "PELT form %d out of range (expected 0..2: "
				 "auto, pre-5.1, 5.1)", (int)pelt) : 0;
	while (!ret && (ret = capsim_trace_next(t, &ev, err)) == 1) {
		/* the model is known at the first event: a Perfetto trace's system_info is read by then */
		if (!nr_items++ && (ret = start(a, t, o, pelt, err)))
			break;
		nr_events += ev->kind == CAPSIM_TRACE_EVENT;
		if (o->events && capsim_trace_write_jsonl(ev, o->events))
			ret = capsim_error_set(err, CAPSIM_ERR_IO, "cannot write the events");
		else
			ret = on_event(a, ev, err);
		if (ret == CAPSIM_ERR_NOMEM)
			capsim_error_set(err, ret, "out of memory");
	}
	/* an empty file, or headers only: nothing was traced, which a summary of zeros would hide */
	if (!ret && !nr_events)
		ret = capsim_error_set(err, CAPSIM_ERR_PARSE, "%s: no events (expected ftrace or "
				       "trace-cmd report text with at least one event line)",
				       capsim_trace_name(t));
	if (!ret)
		ret = finish(a) ? capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory") : 0;
	if (ret) {
		capsim_analysis_free(a);
		return ret;
	}
	for (int w = 0; w < CAPSIM_TRACE_SKIP_COUNT; w++)
		a->skipped[w] = capsim_trace_skipped(t, (enum capsim_trace_skip)w);
	*out = a;
	return 0;
}

static void replay_free(struct an_replay *r)
{
	if (!r)
		return;
	for (unsigned k = 0; k < r->nr_models; k++)
		capsim_summary_free(r->sum[k]);
	free(r->platform);
	free(r);
}

void capsim_analysis_free(capsim_analysis *a)
{
	if (!a)
		return;
	if (a->rec) /* made at the first event, with --report */
		recording_free(a->rec);
	for (size_t t = 0; t < a->nr_tasks; t++) {
		free(a->tasks[t].by_cpu);
		free(a->tasks[t].lat);
		free(a->tasks[t].wlat);
		pelt_task_free(&a->tasks[t].pelt);
		xw_task_free(&a->tasks[t].xw);
	}
	pelt_replay_free(a->pelt);
	xw_free(a->xw);
	ap_free(a->place);
	free(a->place_cpus);
	replay_free(a->replay);
	for (size_t n = 0; n < a->nr_names; n++)
		free(a->names[n].name);
	for (unsigned c = 0; c < a->cpus_alloc; c++) {
		free(a->cpus[c].res);
		free(a->cpus[c].limits);
	}
	belief_free(a->belief);
	free(a->cpus);
	free(a->tasks);
	free(a->task_index);
	free(a->names);
	free(a->plat_name);
	free(a->trace_name);
	free(a->kernel_release);
	free(a->kernel_config);
	free(a);
}

/* ---- the figures, written ------------------------------------------------------------------ */

static int cmp_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return a < b ? -1 : a > b;
}

static int cmp_task(const void *x, const void *y)
{
	const struct an_task *a = *(struct an_task *const *)x, *b = *(struct an_task *const *)y;

	return a->pid < b->pid ? -1 : a->pid > b->pid;
}

static int cmp_res(const void *x, const void *y)
{
	const struct freq_res *a = x, *b = y;

	return a->khz < b->khz ? -1 : a->khz > b->khz;
}

/* The @q quantile of @n sorted values, interpolated linearly between ranks (numpy's default). */
double analyze_quantile(const uint64_t *v, size_t n, double q)
{
	double h = (double)(n - 1) * q;
	size_t lo = (size_t)h;

	if (lo + 1 >= n)
		return (double)v[n - 1];
	return (double)v[lo] + (h - (double)lo) * (double)(v[lo + 1] - v[lo]);
}

static double cpu_window_ns(const capsim_analysis *a, const struct an_cpu *cp)
{
	return (double)(a->last_ts - cp->start);
}

static double busy_pct(const capsim_analysis *a, const struct an_cpu *cp)
{
	double w = cpu_window_ns(a, cp) - (double)cp->lost_ns;

	return w > 0 ? 100.0 * (double)cp->busy_ns / w : 0.0;
}

static void json_secs(FILE *fp, uint64_t ns)
{
	fprintf(fp, "%" PRIu64 ".%09" PRIu64, ns / 1000000000u, ns % 1000000000u);
}

/* The tasks by pid, sorted latencies: what every writer lists. Return: NULL when out of memory. */
static struct an_task **sorted_tasks(const capsim_analysis *a)
{
	struct an_task **v = malloc((a->nr_tasks + 1) * sizeof(*v));

	if (!v)
		return NULL;
	/* an empty array may be NULL, which qsort() must not be given even with no elements */
	for (size_t i = 0; i < a->nr_tasks; i++) {
		v[i] = &a->tasks[i];
		if (v[i]->nr_lat)
			qsort(v[i]->lat, v[i]->nr_lat, sizeof(*v[i]->lat), cmp_u64);
		if (v[i]->nr_wlat)
			qsort(v[i]->wlat, v[i]->nr_wlat, sizeof(*v[i]->wlat), cmp_u64);
	}
	qsort(v, a->nr_tasks, sizeof(*v), cmp_task);
	for (unsigned c = 0; c < a->nr_cpus; c++)
		if (a->cpus[c].nr_res)
			qsort(a->cpus[c].res, a->cpus[c].nr_res, sizeof(*a->cpus[c].res), cmp_res);
	return v;
}

static void json_latency(FILE *fp, const char *key, const uint64_t *lat, size_t nr_lat)
{
	static const struct { const char *key; double q; } qs[] = {
		{ "p50", 0.5 }, { "p90", 0.9 }, { "p99", 0.99 }, { "max", 1.0 },
	};

	fprintf(fp, "\"%s\": {", key);
	for (unsigned i = 0; i < 4; i++) {
		fprintf(fp, "%s\"%s\": ", i ? ", " : "", qs[i].key);
		if (nr_lat)
			fprintf(fp, "%.3f", analyze_quantile(lat, nr_lat, qs[i].q) / 1000.0);
		else
			fputs("null", fp);
	}
	fputs("}", fp);
}

static void json_cpu(FILE *fp, const capsim_analysis *a, unsigned c)
{
	const struct an_cpu *cp = &a->cpus[c];
	uint64_t span = cp->freq_known ? a->last_ts - cp->freq_first : 0;

	fprintf(fp, "\"%u\": {\"busy_pct\": %.4f, \"busy_s\": ", c, busy_pct(a, cp));
	json_secs(fp, cp->busy_ns);
	fputs(", \"window_s\": [", fp);
	json_secs(fp, cp->start);
	fputs(", ", fp);
	json_secs(fp, a->last_ts);
	fputs("], \"freq_residency_pct\": {", fp);
	for (unsigned i = 0; i < cp->nr_res; i++)
		fprintf(fp, "%s\"%" PRIu64 "\": %.4f", i ? ", " : "", cp->res[i].khz,
			span ? 100.0 * (double)cp->res[i].ns / (double)span : 0.0);
	fprintf(fp, "}, \"lost_events\": %" PRIu64 ", \"lost_markers\": %" PRIu64 ", \"lost_s\": ",
		cp->lost_events, cp->lost_markers);
	json_secs(fp, cp->lost_ns);
	fprintf(fp, ", \"spans_lost_events\": %s, \"policy_limits\": [",
		cp->lost_markers ? "true" : "false");
	for (size_t i = 0; i < cp->nr_limits; i++) {
		fputs(i ? ", [" : "[", fp);
		json_secs(fp, cp->limits[i].ts);
		fprintf(fp, ", %" PRIu32 ", %" PRIu32 "]", cp->limits[i].min_khz, cp->limits[i].max_khz);
	}
	fputs("]", fp);
	if (a->belief && c < a->belief->nr_cpus) {
		double n = cp->cap_ns ? (double)cp->cap_ns : 1.0;

		fprintf(fp, ", \"capacity_orig\": %" PRIu64 ", \"mean_actual_capacity\": %.4f, "
			"\"min_actual_capacity\": %" PRIu64 ", \"mean_cpufreq_pressure\": %.4f, "
			"\"mean_hw_pressure\": %.4f, \"mean_hw_load_avg\": %.4f",
			a->belief->cpus[c].p.cap_orig, cp->sum_actual / n,
			cp->min_actual == UINT64_MAX ? cp->view.actual_cap : cp->min_actual,
			cp->sum_cpufreq / n, cp->sum_hw / n, cp->sum_hw_avg / n);
	}
	fputs("}", fp);
}

static void json_task(FILE *fp, const capsim_analysis *a, const struct an_task *t)
{
	int first = 1;

	fputs("{\"comm\": ", fp);
	trace_jsonl_string(fp, t->comm);
	fprintf(fp, ", \"pid\": %d, \"runtime_s\": ", t->pid);
	json_secs(fp, t->runtime_ns);
	fputs(", \"runtime_by_cpu_s\": {", fp);
	for (unsigned c = 0; c < a->nr_cpus; c++) {
		if (!t->by_cpu[c])
			continue;
		fprintf(fp, "%s\"%u\": ", first ? "" : ", ", c);
		json_secs(fp, t->by_cpu[c]);
		first = 0;
	}
	fputs("}, ", fp);
	json_latency(fp, "wakeup_latency_us", t->lat, t->nr_lat);
	if (a->any_waking) {
		fputs(", ", fp);
		json_latency(fp, "waking_latency_us", t->wlat, t->nr_wlat);
	}
	if (a->pelt)
		pelt_write_task_json(a->pelt, &t->pelt, fp);
	if (a->xw)
		xw_write_phases_json(&t->xw, fp);
	fprintf(fp, ", \"wakeups\": %" PRIu64 ", \"cpu_changes\": %" PRIu64 ", \"migrations\": %"
		PRIu64 ", \"switch_ins\": %" PRIu64 "}", t->wakeups, t->cpu_changes, t->migrations,
		t->switch_ins);
}

/* The top-level "pelt" object: the replay's form and its error over every task's logs. */
static int json_pelt(FILE *fp, const capsim_analysis *a, struct an_task **tasks)
{
	const struct pelt_task **pts = malloc((a->nr_tasks + 1) * sizeof(*pts));

	if (!pts) {
		free(tasks);
		return CAPSIM_ERR_NOMEM;
	}
	for (size_t i = 0; i < a->nr_tasks; i++)
		pts[i] = &tasks[i]->pelt;
	fputs(", ", fp);
	pelt_write_json(a->pelt, pts, a->nr_tasks, fp);
	free(pts);
	return 0;
}

/* The top-level "placements" object: the wake-ups placed, skipped, agreeing; per task by pid. */
static void json_placements(FILE *fp, const capsim_analysis *a, struct an_task **tasks)
{
	bool first = true;

	ap_write_json_start(a->place, fp);
	for (size_t i = 0; i < a->nr_tasks; i++)
		if (ap_write_task_json(&tasks[i]->place, tasks[i]->pid, tasks[i]->comm, first, fp))
			first = false;
	ap_write_json_end(fp);
}

/* ---- --extract-workload: the workload the trace shows, as rt-app JSON ---------------------- */

/*
 * The kernel's own threads that a workload does not run: the deadline class's (sugov:N, which
 * the simulator runs itself for schedutil) and the stoppers (migration/N).
 */
static bool kernel_own(const struct an_task *t)
{
	return t->xw.deadline || !strncmp(t->comm, "migration/", strlen("migration/"));
}

/*
 * The extracted tasks of @tasks (by pid: those with an activation) into @out, and their rt-app
 * names into @names (each COMM_MAX + 16 bytes): the comm, or "comm-pid" when another extracted
 * task has the same comm ("pid-N" without one). Return: how many.
 */
static size_t workload_tasks(const capsim_analysis *a, struct an_task **tasks, struct an_task **out,
			     char (*names)[COMM_MAX + 16])
{
	size_t n = 0;

	for (size_t i = 0; i < a->nr_tasks; i++)
		if (tasks[i]->xw.nr_phases && !kernel_own(tasks[i]))
			out[n++] = tasks[i];
	for (size_t i = 0; i < n; i++) {
		bool twice = false;

		for (size_t k = 0; k < n && !twice; k++)
			twice = k != i && !strcmp(out[k]->comm, out[i]->comm);
		if (!out[i]->comm[0])
			snprintf(names[i], sizeof(names[i]), "pid-%d", out[i]->pid);
		else if (twice)
			snprintf(names[i], sizeof(names[i]), "%s-%d", out[i]->comm, out[i]->pid);
		else
			snprintf(names[i], sizeof(names[i]), "%s", out[i]->comm);
	}
	return n;
}

int capsim_analysis_write_workload(const capsim_analysis *a, FILE *fp)
{
	struct an_task **tasks, **ext = NULL;
	const struct xw_task **xts = NULL;
	const char **np = NULL;
	char (*names)[COMM_MAX + 16] = NULL;
	size_t n;
	int ret = 0;

	if (!a || !fp || !a->xw)
		return CAPSIM_ERR_INVALID;
	if (!(tasks = sorted_tasks(a)))
		return CAPSIM_ERR_NOMEM;
	ext = malloc((a->nr_tasks + 1) * sizeof(*ext));
	names = malloc((a->nr_tasks + 1) * sizeof(*names));
	xts = malloc((a->nr_tasks + 1) * sizeof(*xts));
	np = malloc((a->nr_tasks + 1) * sizeof(*np));
	if (ext && names && xts && np) {
		n = workload_tasks(a, tasks, ext, names);
		for (size_t i = 0; i < n; i++) {
			xts[i] = &ext[i]->xw;
			np[i] = names[i];
		}
		xw_write_rtapp(a->xw, xts, np, n, a->first_ts, a->last_ts, fp);
		ret = ferror(fp) ? CAPSIM_ERR_IO : 0;
	} else {
		ret = CAPSIM_ERR_NOMEM;
	}
	free(np);
	free(xts);
	free(names);
	free(ext);
	free(tasks);
	return ret;
}

/* ---- --replay: the extracted workload simulated under each model -------------------------- */

/* Of the time per CPU @by_cpu (@n CPUs), cluster (cpufreq policy) @p's. */
static uint64_t cluster_ns(const capsim_analysis *a, const uint64_t *by_cpu, unsigned n, unsigned p)
{
	uint64_t ns = 0;

	for (unsigned c = 0; c < n; c++)
		if (capsim_cpumask_test(&a->plat->policies[p].related_cpus, c))
			ns += by_cpu[c];
	return ns;
}

/* Per cluster, as "policyN": s (N its first CPU). */
static void json_clusters(FILE *fp, const capsim_analysis *a, const uint64_t *by_cpu, unsigned n)
{
	fputs("\"runtime_by_cluster_s\": {", fp);
	for (unsigned p = 0; p < a->plat->nr_policies; p++) {
		fprintf(fp, "%s\"policy%u\": ", p ? ", " : "", a->plat->policies[p].cpu);
		json_secs(fp, cluster_ns(a, by_cpu, n, p));
	}
	fputs("}", fp);
}

/* a run's task of rt-app name @name, or NULL (it never ran) */
static const struct capsim_task_summary *run_task(const capsim_summary *s, const char *name)
{
	for (unsigned i = 0; i < s->nr_tasks; i++)
		if (s->tasks[i].name && !strcmp(s->tasks[i].name, name))
			return &s->tasks[i];
	return NULL;
}

/* @ts's run time per CPU of the platform into @by_cpu (nr_cpus entries) */
static void run_by_cpu(const capsim_analysis *a, const struct capsim_task_summary *ts,
		       uint64_t *by_cpu)
{
	memset(by_cpu, 0, a->plat->nr_cpus * sizeof(*by_cpu));
	for (unsigned k = 0; ts && k < ts->nr_runtime_by_cpu; k++)
		if (ts->runtime_by_cpu[k].cpu < a->plat->nr_cpus)
			by_cpu[ts->runtime_by_cpu[k].cpu] += ts->runtime_by_cpu[k].ns;
}

static void json_figures(FILE *fp, const capsim_analysis *a, const uint64_t *by_cpu, unsigned n,
			 uint64_t runtime_ns, double p50, double p99, bool has_lat, uint64_t misses)
{
	fputs("{\"runtime_s\": ", fp);
	json_secs(fp, runtime_ns);
	fputs(", ", fp);
	json_clusters(fp, a, by_cpu, n);
	if (has_lat)
		fprintf(fp, ", \"wakeup_latency_us\": {\"p50\": %.3f, \"p99\": %.3f}", p50, p99);
	else
		fputs(", \"wakeup_latency_us\": {\"p50\": null, \"p99\": null}", fp);
	fprintf(fp, ", \"misses\": %" PRIu64 "}", misses);
}

/* The trace's and each model's figures of one extracted task. */
static void json_replay_task(FILE *fp, const capsim_analysis *a, const struct an_task *t,
			     const char *name, uint64_t *by_cpu)
{
	const struct an_replay *r = a->replay;

	fputs("{\"name\": ", fp);
	trace_jsonl_string(fp, name);
	fputs(", \"comm\": ", fp);
	trace_jsonl_string(fp, t->comm);
	fprintf(fp, ", \"pid\": %d, \"trace\": ", t->pid);
	json_figures(fp, a, t->by_cpu, a->nr_cpus, t->runtime_ns,
		     t->nr_lat ? analyze_quantile(t->lat, t->nr_lat, 0.5) / 1e3 : 0,
		     t->nr_lat ? analyze_quantile(t->lat, t->nr_lat, 0.99) / 1e3 : 0, t->nr_lat > 0,
		     xw_task_misses(&t->xw));
	fputs(", \"models\": {", fp);
	for (unsigned k = 0; k < r->nr_models; k++) {
		const struct capsim_task_summary *ts = run_task(r->sum[k], name);

		run_by_cpu(a, ts, by_cpu);
		fprintf(fp, "%s\"%s\": ", k ? ", " : "", capsim_model_name(r->models[k]));
		json_figures(fp, a, by_cpu, a->plat->nr_cpus, ts ? ts->runtime_ns : 0,
			     ts ? ts->lat_p50_us : 0, ts ? ts->lat_p99_us : 0, ts != NULL,
			     ts ? ts->deadline_misses : 0);
	}
	fputs("}}", fp);
}

/* The extracted tasks of the sorted @tasks and their names: freed by extracted_free() once
 * extracted_of() succeeded (it frees what it took when it fails). */
struct extracted {
	struct an_task **tasks;
	char (*names)[COMM_MAX + 16];
	uint64_t *by_cpu;
	size_t n;
};

static void extracted_free(struct extracted *e)
{
	free(e->tasks);
	free(e->names);
	free(e->by_cpu);
}

static int extracted_of(const capsim_analysis *a, struct an_task **sorted, struct extracted *e)
{
	e->tasks = malloc((a->nr_tasks + 1) * sizeof(*e->tasks));
	e->names = malloc((a->nr_tasks + 1) * sizeof(*e->names));
	e->by_cpu = calloc(a->plat->nr_cpus + 1, sizeof(*e->by_cpu));
	if (!e->tasks || !e->names || !e->by_cpu) {
		extracted_free(e);
		return CAPSIM_ERR_NOMEM;
	}
	e->n = workload_tasks(a, sorted, e->tasks, e->names);
	return 0;
}

/* ", \"replay\": {...}" (docs/formats.md "Trace analysis", replay) */
static int json_replay(const capsim_analysis *a, struct an_task **sorted, FILE *fp)
{
	const struct an_replay *r = a->replay;
	struct extracted e = { 0 };
	int ret = extracted_of(a, sorted, &e);

	if (ret)
		return ret;
	fputs(", \"replay\": {\"platform\": ", fp);
	trace_jsonl_string(fp, r->platform);
	fputs(", \"models\": [", fp);
	for (unsigned k = 0; k < r->nr_models; k++)
		fprintf(fp, "%s\"%s\"", k ? ", " : "", capsim_model_name(r->models[k]));
	fputs("], \"tasks\": [", fp);
	for (size_t i = 0; i < e.n; i++) {
		fputs(i ? ", " : "", fp);
		json_replay_task(fp, a, e.tasks[i], e.names[i], e.by_cpu);
	}
	fputs("]}", fp);
	extracted_free(&e);
	return 0;
}

static void text_figures(FILE *fp, const capsim_analysis *a, const char *name, const char *source,
			 const uint64_t *by_cpu, unsigned n, bool has_lat, double p50, double p99,
			 uint64_t misses)
{
	fprintf(fp, "%-16.16s %-8s", name, source);
	for (unsigned p = 0; p < a->plat->nr_policies; p++)
		fprintf(fp, " %10.6f", (double)cluster_ns(a, by_cpu, n, p) / 1e9);
	if (has_lat)
		fprintf(fp, " %11.3f %11.3f", p50, p99);
	else
		fprintf(fp, " %11s %11s", "-", "-");
	fprintf(fp, " %7" PRIu64 "\n", misses);
}

static int text_replay(const capsim_analysis *a, struct an_task **sorted, FILE *fp)
{
	const struct an_replay *r = a->replay;
	struct extracted e = { 0 };
	int ret = extracted_of(a, sorted, &e);

	if (ret)
		return ret;
	fprintf(fp, "\nreplay of the extracted workload on %s: run time per cluster (s), wake-up "
		"latency (us), misses\n%-16s %-8s", r->platform, "task", "source");
	for (unsigned p = 0; p < a->plat->nr_policies; p++) {
		char col[16];

		snprintf(col, sizeof(col), "policy%u", a->plat->policies[p].cpu);
		fprintf(fp, " %10s", col);
	}
	fputs("     lat_p50     lat_p99  misses\n", fp);
	for (size_t i = 0; i < e.n; i++) {
		const struct an_task *t = e.tasks[i];

		text_figures(fp, a, e.names[i], "trace", t->by_cpu, a->nr_cpus, t->nr_lat > 0,
			     t->nr_lat ? analyze_quantile(t->lat, t->nr_lat, 0.5) / 1e3 : 0,
			     t->nr_lat ? analyze_quantile(t->lat, t->nr_lat, 0.99) / 1e3 : 0,
			     xw_task_misses(&t->xw));
		for (unsigned k = 0; k < r->nr_models; k++) {
			const struct capsim_task_summary *ts = run_task(r->sum[k], e.names[i]);

			run_by_cpu(a, ts, e.by_cpu);
			text_figures(fp, a, "", capsim_model_name(r->models[k]), e.by_cpu,
				     a->plat->nr_cpus, ts != NULL, ts ? ts->lat_p50_us : 0,
				     ts ? ts->lat_p99_us : 0, ts ? ts->deadline_misses : 0);
		}
	}
	extracted_free(&e);
	return 0;
}

/* The extracted workload, parsed back as a workload handle. */
static int extracted_workload(const capsim_analysis *a, capsim_workload **wl, capsim_error *err)
{
	char *text = NULL;
	size_t len = 0;
	FILE *ms = open_memstream(&text, &len);
	int ret;

	if (!ms)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	ret = capsim_analysis_write_workload(a, ms);
	if (fclose(ms) && !ret)
		ret = CAPSIM_ERR_NOMEM;
	if (ret)
		ret = capsim_error_set(err, ret, "out of memory");
	else
		ret = capsim_workload_parse(text, len, "the extracted workload", wl, err);
	free(text);
	return ret;
}

/* One model's run of @sc into @r. */
static int replay_one(capsim_scenario *sc, struct an_replay *r, enum capsim_model m,
		      capsim_error *err)
{
	capsim_sim *sim = NULL;
	int ret = capsim_scenario_set_model(sc, m, err);

	if (!ret)
		ret = capsim_sim_create(sc, &sim, err);
	if (!ret)
		ret = capsim_sim_run(sim, err);
	if (!ret)
		ret = capsim_sim_summary_take(sim, &r->sum[r->nr_models], err);
	if (!ret)
		r->models[r->nr_models++] = m;
	capsim_sim_free(sim);
	if (ret)
		capsim_error_prefix(err, "replay under model %s: ", capsim_model_name(m));
	return ret;
}

int capsim_analysis_replay(capsim_analysis *a, const char *platform,
			   const enum capsim_model *models, unsigned nr_models, capsim_error *err)
{
	capsim_workload *wl = NULL;
	capsim_scenario *sc = NULL;
	struct an_replay *r;
	int ret;

	if (!a || !platform || !a->xw || a->replay || nr_models > CAPSIM_MODEL_COUNT)
		return capsim_error_set(err, CAPSIM_ERR_INVALID, "the replay needs an analysis made "
					"with a platform, its platform's name, at most %d models, "
					"and is made once", CAPSIM_MODEL_COUNT);
	if (!(r = calloc(1, sizeof(*r))) || !(r->platform = strdup(platform))) {
		free(r);
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	}
	ret = extracted_workload(a, &wl, err);
	if (!ret)
		ret = capsim_scenario_create(&sc, err);
	if (!ret)
		ret = capsim_scenario_set_platform(sc, platform, err);
	if (!ret)
		ret = capsim_scenario_set_workload(sc, wl, err);
	/* the kernel config's options, an HZ the caller gave winning (as simulate's --hz) */
	if (!ret && a->kernel_config)
		ret = capsim_scenario_set_kernel_config(sc, a->kernel_config, err);
	if (!ret && a->kernel_config && !strcmp(a->hz_from, "option"))
		ret = capsim_scenario_set_hz(sc, a->hz, err);
	/* as long as the trace's window, at least a ns */
	if (!ret)
		ret = capsim_scenario_set_duration(sc, a->last_ts > a->first_ts ?
						   a->last_ts - a->first_ts : 1, err);
	for (unsigned k = 0; !ret && k < nr_models; k++)
		ret = replay_one(sc, r, models[k], err);
	capsim_scenario_free(sc);
	capsim_workload_free(wl);
	if (ret) {
		replay_free(r);
		return ret;
	}
	a->replay = r;
	return 0;
}

/* Without a platform: what is left out, said in the output itself. */
#define LEFT_OUT "capacity, pressures, their averages and the PELT replay need --platform"

int capsim_analysis_write_json(const capsim_analysis *a, FILE *fp)
{
	struct an_task **tasks = sorted_tasks(a);

	if (!tasks)
		return CAPSIM_ERR_NOMEM;
	fputs("{\"trace\": ", fp);
	trace_jsonl_string(fp, a->trace_name);
	fputs(", \"platform\": ", fp);
	if (a->plat)
		trace_jsonl_string(fp, a->plat_name);
	else
		fputs("null", fp);
	fprintf(fp, ", \"model\": \"%s\", \"model_chosen_by\": \"%s\", \"kernel_release\": ",
		capsim_model_name(a->model), a->model_chosen_by);
	if (a->kernel_release)
		trace_jsonl_string(fp, a->kernel_release);
	else
		fputs("null", fp);
	if (a->plat)
		fprintf(fp, ", \"hz\": %u", a->hz);
	if (a->kernel_config) { /* only with one: other analyses read as before */
		fputs(", \"kernel_config\": {\"file\": ", fp);
		trace_jsonl_string(fp, a->kernel_config);
		fprintf(fp, ", \"hz\": %u, \"hz_from\": \"%s\", \"used_for\": [\"hz\", \"replay\"]}",
			a->hz, a->hz_from);
	}
	if (a->pelt && json_pelt(fp, a, tasks))
		return CAPSIM_ERR_NOMEM;
	if (!a->plat)
		fputs(", \"left_out\": \"" LEFT_OUT "\"", fp);
	fputs(", \"window_s\": [", fp);
	json_secs(fp, a->first_ts);
	fputs(", ", fp);
	json_secs(fp, a->last_ts);
	fputs("], \"events\": {", fp);
	for (size_t n = 0; n < a->nr_names; n++) {
		fputs(n ? ", " : "", fp);
		trace_jsonl_string(fp, a->names[n].name);
		fprintf(fp, ": %" PRIu64, a->names[n].count);
	}
	fputs("}, \"skipped\": {", fp);
	for (int w = 0; w < CAPSIM_TRACE_SKIP_COUNT; w++)
		fprintf(fp, "%s\"%s\": %" PRIu64, w ? ", " : "",
			capsim_trace_skip_name((enum capsim_trace_skip)w), a->skipped[w]);
	fprintf(fp, "}, \"switch_mismatches\": %" PRIu64 ", \"cpus\": {", a->switch_mismatch);
	for (unsigned c = 0, first = 1; c < a->nr_cpus; c++) {
		if (!a->cpus[c].seen)
			continue;
		fputs(first ? "" : ", ", fp);
		json_cpu(fp, a, c);
		first = 0;
	}
	fputs("}, \"tasks\": [", fp);
	for (size_t i = 0; i < a->nr_tasks; i++) {
		fputs(i ? ", " : "", fp);
		json_task(fp, a, tasks[i]);
	}
	fputs("]", fp);
	if (a->place)
		json_placements(fp, a, tasks);
	if (a->replay && json_replay(a, tasks, fp)) {
		free(tasks);
		return CAPSIM_ERR_NOMEM;
	}
	fputs("}\n", fp);
	free(tasks);
	return ferror(fp) ? CAPSIM_ERR_IO : 0;
}

int capsim_analysis_write_text(const capsim_analysis *a, FILE *fp)
{
	struct an_task **tasks = sorted_tasks(a);

	if (!tasks)
		return CAPSIM_ERR_NOMEM;
	fprintf(fp, "trace %s: %.6f s .. %.6f s, %zu tasks\n", a->trace_name,
		(double)a->first_ts / 1e9, (double)a->last_ts / 1e9, a->nr_tasks);
	if (a->plat)
		fprintf(fp, "platform %s, model %s, HZ %u (ticks assumed for the HW pressure average)\n",
			a->plat_name, capsim_model_name(a->model), a->hz);
	else
		fputs("no --platform: " LEFT_OUT "\n", fp);
	if (a->kernel_config)
		fprintf(fp, "kernel config %s: HZ %u (%s), and the replay's kernel options\n",
			a->kernel_config, a->hz, !strcmp(a->hz_from, "kernel_config") ?
			"its CONFIG_HZ" : !strcmp(a->hz_from, "option") ? "as --hz gave" : "the default: "
			"the file has no CONFIG_HZ");
	if (a->kernel_release)
		fprintf(fp, "kernel %s (the trace's): model %s (%s)\n", a->kernel_release,
			capsim_model_name(a->model), !strcmp(a->model_chosen_by, "option") ?
			"as --model gave" : "the kernel's");
	if (a->pelt)
		fprintf(fp, "PELT replay: the %s form (util_avg replayed; err: mean |replayed - logged|)\n",
			capsim_pelt_form_name(pelt_replay_form(a->pelt)));
	fputs("\n cpu   busy%  lost_events  frequencies (kHz: %)\n", fp);
	for (unsigned c = 0; c < a->nr_cpus; c++) {
		const struct an_cpu *cp = &a->cpus[c];
		uint64_t span = cp->freq_known ? a->last_ts - cp->freq_first : 0;

		if (!cp->seen)
			continue;
		fprintf(fp, "%4u %7.2f %12" PRIu64 " ", c, busy_pct(a, cp), cp->lost_events);
		for (unsigned i = 0; i < cp->nr_res; i++)
			fprintf(fp, " %" PRIu64 ":%.1f", cp->res[i].khz,
				span ? 100.0 * (double)cp->res[i].ns / (double)span : 0.0);
		if (a->belief && c < a->belief->nr_cpus)
			fprintf(fp, "  actual capacity mean %.1f min %" PRIu64,
				cp->cap_ns ? cp->sum_actual / (double)cp->cap_ns : (double)cp->view.actual_cap,
				cp->min_actual == UINT64_MAX ? cp->view.actual_cap : cp->min_actual);
		fputc('\n', fp);
	}
	fprintf(fp, "\n    pid comm              runtime_s  wakeups  lat_p50_us  lat_p99_us  cpu_changes%s\n",
		a->pelt ? "  util  err" : "");
	for (size_t i = 0; i < a->nr_tasks; i++) {
		const struct an_task *t = tasks[i];

		fprintf(fp, "%7d %-16.16s %10.6f %8" PRIu64, t->pid, t->comm,
			(double)t->runtime_ns / 1e9, t->wakeups);
		if (t->nr_lat)
			fprintf(fp, " %11.3f %11.3f", analyze_quantile(t->lat, t->nr_lat, 0.5) / 1000.0,
				analyze_quantile(t->lat, t->nr_lat, 0.99) / 1000.0);
		else
			fprintf(fp, " %11s %11s", "-", "-");
		fprintf(fp, " %12" PRIu64, t->cpu_changes);
		if (a->pelt) {
			double e = pelt_task_mean_abs_err(a->pelt, &t->pelt);

			fprintf(fp, " %5" PRIu64, pelt_task_util(a->pelt, &t->pelt));
			if (isnan(e))
				fprintf(fp, " %4s", "-"); /* nothing logged to compare with */
			else
				fprintf(fp, " %4.1f", e);
		}
		fputc('\n', fp);
	}
	if (a->place) {
		fputc('\n', fp);
		ap_write_text(a->place, fp);
	}
	if (a->replay && text_replay(a, tasks, fp)) {
		free(tasks);
		return CAPSIM_ERR_NOMEM;
	}
	free(tasks);
	return ferror(fp) ? CAPSIM_ERR_IO : 0;
}

static void csv_str(FILE *fp, const char *s)
{
	fputc('"', fp);
	for (; *s; s++)
		fprintf(fp, *s == '"' ? "\"\"" : "%c", *s);
	fputc('"', fp);
}

int capsim_analysis_write_tasks_csv(const capsim_analysis *a, FILE *fp)
{
	struct an_task **tasks = sorted_tasks(a);

	if (!tasks)
		return CAPSIM_ERR_NOMEM;
	fputs("pid,comm,runtime_s,wakeups,wakeup_latency_p50_us,wakeup_latency_p90_us,"
	      "wakeup_latency_p99_us,wakeup_latency_max_us,cpu_changes,migrations,switch_ins\n", fp);
	for (size_t i = 0; i < a->nr_tasks; i++) {
		const struct an_task *t = tasks[i];

		fprintf(fp, "%d,", t->pid);
		csv_str(fp, t->comm);
		fputc(',', fp);
		json_secs(fp, t->runtime_ns);
		fprintf(fp, ",%" PRIu64, t->wakeups);
		for (int q = 0; q < 4; q++) {
			static const double qs[] = { 0.5, 0.9, 0.99, 1.0 };

			if (t->nr_lat)
				fprintf(fp, ",%.3f", analyze_quantile(t->lat, t->nr_lat, qs[q]) / 1000.0);
			else
				fputs(",", fp);
		}
		fprintf(fp, ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n", t->cpu_changes, t->migrations,
			t->switch_ins);
	}
	free(tasks);
	return ferror(fp) ? CAPSIM_ERR_IO : 0;
}

int capsim_analysis_write_cpus_csv(const capsim_analysis *a, FILE *fp)
{
	fputs("cpu,busy_pct,busy_s,window_start_s,lost_events,lost_s\n", fp);
	for (unsigned c = 0; c < a->nr_cpus; c++) {
		const struct an_cpu *cp = &a->cpus[c];

		if (!cp->seen)
			continue;
		fprintf(fp, "%u,%.4f,", c, busy_pct(a, cp));
		json_secs(fp, cp->busy_ns);
		fputc(',', fp);
		json_secs(fp, cp->start);
		fprintf(fp, ",%" PRIu64 ",", cp->lost_events);
		json_secs(fp, cp->lost_ns);
		fputc('\n', fp);
	}
	return ferror(fp) ? CAPSIM_ERR_IO : 0;
}

int capsim_analysis_write_policy_limits_csv(const capsim_analysis *a, FILE *fp)
{
	fputs("time_ns,cpu,min_khz,max_khz\n", fp);
	for (unsigned c = 0; c < a->nr_cpus; c++)
		for (size_t i = 0; i < a->cpus[c].nr_limits; i++)
			fprintf(fp, "%" PRIu64 ",%u,%" PRIu32 ",%" PRIu32 "\n", a->cpus[c].limits[i].ts, c,
				a->cpus[c].limits[i].min_khz, a->cpus[c].limits[i].max_khz);
	return ferror(fp) ? CAPSIM_ERR_IO : 0;
}

/* ---- --report: simulate's page of the trace's figures -------------------------------------- */

/* what the page's summary points to (report_run_json() reads it as simulate's) */
struct page_summary {
	struct report_summary rs; /* first: report_kernel_of() reads past the public part */
	struct capsim_task_summary *tasks;
	struct capsim_cpu_time *by_cpu;
	struct capsim_cpu_summary *cpus;
	struct capsim_summary_policy *policies;
};

static void page_summary_free(struct page_summary *ps)
{
	free(ps->tasks);
	free(ps->by_cpu);
	free(ps->cpus);
	free(ps->policies);
}

/* the task of @pid (the recording's tasks are the analysis' ones) */
static const struct an_task *task_by_pid(const capsim_analysis *a, int pid)
{
	size_t slot = a->index_size ? pid_slot(a, pid) : 0;

	return a->index_size && a->task_index[slot] ? &a->tasks[a->task_index[slot] - 1] : NULL;
}

static double mean_freq_khz(const struct an_cpu *cp)
{
	double sum = 0, ns = 0;

	for (unsigned i = 0; i < cp->nr_res; i++) {
		sum += (double)cp->res[i].khz * (double)cp->res[i].ns;
		ns += (double)cp->res[i].ns;
	}
	return ns > 0 ? sum / ns : 0.0;
}

/* per task, in the recording's order (the page pairs summary.tasks[i] with tasks[i]) */
static int page_tasks(const capsim_analysis *a, struct page_summary *ps)
{
	const struct capsim_recording *r = a->rec;
	size_t nr_by_cpu = 0;

	ps->tasks = calloc(r->nr_tasks + 1, sizeof(*ps->tasks));
	ps->by_cpu = calloc((size_t)r->nr_tasks * a->nr_cpus + 1, sizeof(*ps->by_cpu));
	if (!ps->tasks || !ps->by_cpu)
		return CAPSIM_ERR_NOMEM;
	for (uint32_t i = 0; i < r->nr_tasks; i++) {
		const struct an_task *t = task_by_pid(a, r->tasks[i].pid);
		struct capsim_task_summary *ts = &ps->tasks[i];

		ts->name = r->tasks[i].name;
		if (!t)
			continue;
		ts->runtime_ns = t->runtime_ns;
		ts->runtime_by_cpu = &ps->by_cpu[nr_by_cpu];
		for (unsigned c = 0; c < a->nr_cpus; c++)
			if (t->by_cpu[c])
				ps->by_cpu[nr_by_cpu++] = (struct capsim_cpu_time){ c, t->by_cpu[c] };
		ts->nr_runtime_by_cpu = (unsigned)(&ps->by_cpu[nr_by_cpu] - ts->runtime_by_cpu);
		/* the latencies are sorted (sorted_tasks()) */
		ts->lat_p50_us = t->nr_lat ? analyze_quantile(t->lat, t->nr_lat, 0.5) / 1e3 : 0.0;
		ts->lat_p99_us = t->nr_lat ? analyze_quantile(t->lat, t->nr_lat, 0.99) / 1e3 : 0.0;
		ts->migrations = t->cpu_changes;
		ts->activations = t->switch_ins;
	}
	return 0;
}

/* per CPU and the policies (without a platform: one of all the CPUs, so the page lists them) */
static int page_cpus(const capsim_analysis *a, struct page_summary *ps)
{
	unsigned nr_pol = a->plat ? a->plat->nr_policies : 1;

	ps->cpus = calloc(a->nr_cpus + 1, sizeof(*ps->cpus));
	ps->policies = calloc(nr_pol, sizeof(*ps->policies));
	if (!ps->cpus || !ps->policies)
		return CAPSIM_ERR_NOMEM;
	for (unsigned c = 0; c < a->nr_cpus; c++) {
		const struct an_cpu *cp = &a->cpus[c];

		ps->cpus[c].cpu = c;
		ps->cpus[c].busy_ns = cp->busy_ns;
		ps->cpus[c].busy_pct = cp->seen ? busy_pct(a, cp) : 0.0;
		ps->cpus[c].mean_freq_khz = mean_freq_khz(cp);
		if (cp->cap_ns)
			ps->cpus[c].mean_actual_capacity = cp->sum_actual / (double)cp->cap_ns;
	}
	for (unsigned p = 0; p < nr_pol; p++) {
		if (a->plat) {
			ps->policies[p].cpu = a->plat->policies[p].cpu;
			ps->policies[p].cpus = a->plat->policies[p].related_cpus;
			continue;
		}
		for (unsigned c = 0; c < a->nr_cpus && c < CAPSIM_MAX_CPUS; c++)
			capsim_cpumask_set(&ps->policies[p].cpus, c);
	}
	ps->rs.pub.nr_policies = nr_pol;
	return 0;
}

/* The page's placements: agreement per task ([comm, pid, placed, agree]) and disagreements. */
static void page_placements(const capsim_analysis *a, FILE *ex)
{
	bool first = true;

	fputs(",\"placements\":{\"tasks\":[", ex);
	for (size_t i = 0; i < a->nr_tasks; i++) {
		const struct an_task *t = &a->tasks[i];

		if (!t->place.placed)
			continue;
		fputs(first ? "[" : ",[", ex);
		trace_jsonl_string(ex, t->comm);
		fprintf(ex, ",%d,%" PRIu64 ",%" PRIu64 "]", t->pid, t->place.placed, t->place.agree);
		first = false;
	}
	fputs("],", ex);
	ap_write_page_json(a->place, ex);
	fputs("}", ex);
}

int capsim_analysis_write_html(const capsim_analysis *a, const char *command, FILE *fp)
{
	struct capsim_report_inputs in = CAPSIM_SIZED(struct capsim_report_inputs);
	struct page_summary ps = { 0 };
	capsim_summary *s = &ps.rs.pub;
	const capsim_recording *rec = a ? a->rec : NULL;
	const capsim_summary *sum = s;
	struct an_task **sorted;
	char *extra = NULL;
	size_t extra_len;
	FILE *ex;
	int ret;

	if (!a || !a->rec || !fp)
		return CAPSIM_ERR_INVALID;
	if (!(sorted = sorted_tasks(a)))
		return CAPSIM_ERR_NOMEM;
	free(sorted);
	s->size = sizeof(*s);
	s->version = CAPSIM_SUMMARY_VERSION;
	s->platform = a->plat ? a->plat_name : "none (no --platform)";
	s->workload = a->trace_name;
	s->duration_ns = a->last_ts - a->first_ts;
	s->duration_s = (double)s->duration_ns * 1e-9;
	s->hz = a->hz;
	s->model = a->model;
	ret = page_tasks(a, &ps);
	if (!ret)
		ret = page_cpus(a, &ps);
	s->tasks = ps.tasks;
	s->nr_tasks = a->rec->nr_tasks;
	s->cpus = ps.cpus;
	s->nr_cpus = a->nr_cpus;
	s->policies = ps.policies;
	/* the page's times run from the trace's first event; what it cannot show, said; each
	 * task's wake-ups, so that a latency of none reads n/a, not 0 */
	if (!ret && !(ex = open_memstream(&extra, &extra_len)))
		ret = CAPSIM_ERR_NOMEM;
	if (!ret) {
		fprintf(ex, "{\"window_start_ns\":%" PRIu64 ",\"window_end_ns\":%" PRIu64
			",\"left_out\":%s,\"wakeups\":[", a->first_ts, a->last_ts,
			a->plat ? "null" : "\"" LEFT_OUT "\"");
		for (uint32_t i = 0; i < a->rec->nr_tasks; i++) {
			const struct an_task *t = task_by_pid(a, a->rec->tasks[i].pid);

			fprintf(ex, "%s%zu", i ? "," : "", t ? t->nr_lat : (size_t)0);
		}
		fputs("]", ex);
		if (a->place)
			page_placements(a, ex);
		fputs("}", ex);
		if (fclose(ex))
			ret = CAPSIM_ERR_NOMEM;
	}
	in.command = command;
	if (!ret)
		ret = report_html_write(&rec, &sum, 1, &in, extra, fp);
	free(extra);
	page_summary_free(&ps);
	return ret;
}
