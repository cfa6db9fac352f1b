// SPDX-License-Identifier: MIT
/*
 * recording.c - capsim_recording_*() of include/capsim/capsim_record.h (those that reach into
 * the run are src/api/recording_api.c's): a consumer of the run's event sink that keeps the
 * series the HTML report draws (recording.h) and streams the CSV time series and rt-app's
 * per-thread logs (thread_body()'s log_timing() rows, src/rt-app.c) as the events arrive. Derived signals name their kernel formula: the capacity a CPU delivers is
 * cpu_scale * delivered / capacity_freq_ref (arch_set_freq_scale()), the cpufreq pressure
 * cpu_scale - cpu_scale * max_freq / capacity_freq_ref (cpufreq_update_pressure()). Asked
 * for, the same pass keeps columns for a binding (capsim_recording_series()).
 */
#define _GNU_SOURCE /* mremap() */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "internal.h"
#include "output/recording.h"

/* ---- the CSV families (docs/formats.md, "Time series"): names and headers are promises ---- */

enum { CSV_FREQ, CSV_LIMITS, CSV_CAPACITY, CSV_CAPACITY_OF, CSV_PRESSURE, CSV_RUNNING,
       CSV_TASK_UTIL, CSV_LATENCY, CSV_TIMER, CSV_TEMP, CSV_CDEV, CSV_OVERUTILIZED, CSV_COUNT };

static const char *const csv_name[CSV_COUNT] = {
	"cpu_frequency.csv", "cpu_frequency_limits.csv", "cpu_capacity.csv", "cpu_capacity_of.csv",
	"cpu_pressure.csv", "cpu_running.csv", "task_util.csv", "task_wakeup_latency.csv",
	"rtapp_timer.csv", "thermal_temperature.csv", "thermal_cdev.csv", "overutilized.csv",
};

static const char *const csv_header[CSV_COUNT] = {
	"time_ns,cpu,requested_khz,delivered_khz",
	"time_ns,policy,min_khz,max_khz",
	"time_ns,cpu,actual_capacity,util",
	"time_ns,cpu,capacity,capacity_orig",
	"time_ns,cpu,kind,pressure",
	"time_ns,cpu,pid,comm",
	"time_ns,pid,comm,util_avg,util_est",
	"time_ns,pid,comm,cpu,latency_ns",
	"time_ns,pid,comm,slack_ns,missed",
	"time_ns,zone,temp_mc",
	"time_ns,cdev,state",
	"time_ns,overutilized",
};

_Static_assert(CSV_COUNT <= sizeof(((struct capsim_recording *)0)->csv) / sizeof(FILE *),
	       "csv[] too small");

static void fail(struct capsim_recording *r, int code, const char *msg)
{
	if (r && !r->error) {
		r->error = code;
		snprintf(r->errmsg, sizeof(r->errmsg), "%s", msg);
	}
}

/* ---- the grid: REC_COLUMNS columns over the run ---------------------------------------------- */

static void widen(struct capsim_recording *r);

/*
 * The grid column of @t. The width is set (grid_init(), at the time @now of the run) when a
 * first series, lane or mark list needs it: the
 * run's length over REC_COLUMNS (+ 1 ns, so that the run's end falls in the last column), or
 * for a run of unknown length (a workload that ends by itself) twice the time run so far; such
 * a run widens the grid (every column doubled) when it outruns it.
 */
static void grid_init(struct capsim_recording *r, uint64_t now)
{
	if (!r->grid_ns)
		r->grid_ns = r->end ? r->end / REC_COLUMNS + 1 : now / (REC_COLUMNS / 2) + 1;
}

static uint32_t grid_col(struct capsim_recording *r, uint64_t t)
{
	grid_init(r, t);
	while (t / r->grid_ns >= REC_COLUMNS)
		widen(r);
	return (uint32_t)(t / r->grid_ns);
}

/* ---- series ---------------------------------------------------------------------------------- */

static void cur_update(struct rec_col *c, int64_t v)
{
	if (v < c->lo)
		c->lo = v;
	if (v > c->hi)
		c->hi = v;
	c->last = v;
}

/* gridded @s changes to @v at @t, from the value it held (@held, if @had) */
static void col_add(struct capsim_recording *r, struct rec_series *s, uint64_t t, int64_t v,
		    bool had, int64_t held)
{
	uint32_t col;

	if (s->open && t < s->col_end) {
		cur_update(&s->cur, v);
		return;
	}
	col = grid_col(r, t);
	if (!s->open || s->cur.col != col) { /* (a widening may have merged them) */
		if (s->open) {
			if (s->nc == s->capc) {
				uint32_t cap = s->capc ? s->capc * 2 : 64;
				struct rec_col *n = realloc(s->c, cap * sizeof(*n));

				if (!n) {
					fail(r, CAPSIM_ERR_NOMEM, "out of memory for the report's series");
					return;
				}
				s->c = n;
				s->capc = cap;
			}
			s->c[s->nc++] = s->cur;
		}
		s->open = true;
		s->cur.col = col;
		s->cur.lo = s->cur.hi = had ? held : v;
	}
	s->col_end = ((uint64_t)col + 1) * r->grid_ns;
	cur_update(&s->cur, v);
}

/* @s held REC_EXACT_MAX changes at @now: it is folded into the grid, as if it had been from the start */
static void series_to_grid(struct capsim_recording *r, struct rec_series *s, uint64_t now)
{
	struct rec_pt *p = s->p;
	uint32_t n = s->n;

	grid_init(r, now);
	s->p = NULL;
	s->n = s->cap = 0;
	s->grid = true;
	for (uint32_t i = 0; i < n; i++)
		col_add(r, s, p[i].t, p[i].v, i > 0, i ? p[i - 1].v : 0);
	free(p);
}

/* @s changed to @v at @t from @held (if @had): its point, or its column once gridded */
static __attribute__((noinline)) void add_point(struct capsim_recording *r, struct rec_series *s,
						uint64_t t, int64_t v, bool had, int64_t held)
{
	if (s->grid || s->n == REC_EXACT_MAX) {
		if (!s->grid)
			series_to_grid(r, s, t);
		col_add(r, s, t, v, had, held);
		return;
	}
	if (s->n == s->cap) {
		uint32_t cap = s->cap ? s->cap * 2 : 64;
		struct rec_pt *n = realloc(s->p, cap * sizeof(*n));

		if (!n) {
			fail(r, CAPSIM_ERR_NOMEM, "out of memory for the report's series");
			return;
		}
		s->p = n;
		s->cap = cap;
	}
	s->p[s->n++] = (struct rec_pt){ t, v };
}

/* @s changes to @v at @t (a repeat of its value is no change); columns alone keep no points */
static inline void add(struct capsim_recording *r, struct rec_series *s, uint64_t t, int64_t v)
{
	bool had = s->have;
	int64_t held = s->last;

	if (had && held == v)
		return;
	s->have = true;
	s->last = v;
	if (!r->columns_only)
		add_point(r, s, t, v, had, held);
}

/* the columns 2k and 2k + 1 become column k of a grid twice as wide */
static void series_widen(struct rec_series *s, uint64_t grid_ns)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < s->nc; i++) {
		struct rec_col c = s->c[i];

		c.col /= 2;
		if (n && s->c[n - 1].col == c.col) {
			struct rec_col *m = &s->c[n - 1];

			m->lo = c.lo < m->lo ? c.lo : m->lo;
			m->hi = c.hi > m->hi ? c.hi : m->hi;
			m->last = c.last;
		} else {
			s->c[n++] = c;
		}
	}
	s->nc = n;
	if (!s->open)
		return;
	s->cur.col /= 2;
	if (n && s->c[n - 1].col == s->cur.col) { /* the column before joins the open one */
		const struct rec_col *m = &s->c[--s->nc];

		s->cur.lo = m->lo < s->cur.lo ? m->lo : s->cur.lo;
		s->cur.hi = m->hi > s->cur.hi ? m->hi : s->cur.hi;
	}
	s->col_end = ((uint64_t)s->cur.col + 1) * grid_ns;
}

/* ---- full-resolution columns (capsim_recording_columns()) ----------------------------------- */

/*
 * The columns are mappings of their own, grown by mremap(): a dense hour's columns are
 * gigabytes, which realloc() would copy at each doubling (every page touched twice). Small
 * pages, no MADV_HUGEPAGE: a huge page is zeroed whole at its first touch, and where fresh huge
 * pages are slow to zero (a VM backing them on first use) that cost up to 7 times the small
 * pages' faults (bench/README.md, "Python series: small pages").
 */
static void *col_remap(void *p, size_t old, size_t size)
{
	void *q = p ? mremap(p, old, size, MREMAP_MAYMOVE)
		    : mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return q == MAP_FAILED ? NULL : q;
}

static void col_unmap(void *p, size_t size)
{
	if (p)
		munmap(p, size);
}

/* @n columns of *cap rows, every row used: each remapped to twice as many rows */
static int grow(size_t *cap, void **cols[], const size_t sizes[], unsigned n)
{
	size_t want = *cap ? *cap * 2 : 4096;

	for (unsigned i = 0; i < n; i++) {
		void *p = col_remap(*cols[i], *cap * sizes[i], want * sizes[i]);

		if (!p) {
			while (i--) /* shrinking in place cannot fail */
				*cols[i] = mremap(*cols[i], want * sizes[i], *cap * sizes[i], 0);
			return -1;
		}
		*cols[i] = p;
	}
	*cap = want;
	return 0;
}

/* the bytes of a row of each column: s_time, s_cpu, s_signal, s_value; r_task, r_cpu, r_start,
 * r_end */
static const size_t sample_sizes[] = { sizeof(int64_t), sizeof(uint16_t), sizeof(uint8_t),
				       sizeof(uint32_t) };
static const size_t run_sizes[] = { sizeof(int32_t), sizeof(uint16_t), sizeof(int64_t),
				    sizeof(int64_t) };

/* room for one more CPU row; for one more run row */
static __attribute__((noinline, cold)) int grow_samples(struct rec_cols *k)
{
	void **cols[] = { (void **)&k->s_time, (void **)&k->s_cpu, (void **)&k->s_signal,
			  (void **)&k->s_value };

	return grow(&k->cap_samples, cols, sample_sizes, 4);
}

static __attribute__((noinline, cold)) int grow_runs(struct rec_cols *k)
{
	void **cols[] = { (void **)&k->r_task, (void **)&k->r_cpu, (void **)&k->r_start,
			  (void **)&k->r_end };

	return grow(&k->cap_runs, cols, run_sizes, 4);
}

/* a row of CPU @cpu's signal @sig at @t: its held value, unless its last row has it */
static void col_row(struct capsim_recording *r, uint64_t t, unsigned cpu, unsigned sig)
{
	struct rec_cols *k = r->cols;
	uint32_t v = k->held[cpu][sig];

	if (v == k->out[cpu][sig])
		return;
	if (k->nr_samples == k->cap_samples && grow_samples(k)) {
		fail(r, CAPSIM_ERR_NOMEM, "out of memory for the recording's columns");
		return;
	}
	k->out[cpu][sig] = v;
	k->s_time[k->nr_samples] = (int64_t)t;
	k->s_cpu[k->nr_samples] = (uint16_t)cpu;
	k->s_signal[k->nr_samples] = (uint8_t)sig;
	k->s_value[k->nr_samples++] = v;
}

/* the rows of the instant @t: every signal whose held value its last row does not have */
static void col_instant(struct capsim_recording *r, uint64_t t)
{
	for (unsigned c = 0; c < r->nr_cpus; c++)
		for (unsigned g = 0; g < CAPSIM_SIGNAL_COUNT; g++)
			if (r->cols->held[c][g] != UINT32_MAX)
				col_row(r, t, c, g);
}

/*
 * The instant r->cols->next, once the run is past it (@t, the time of a change not yet
 * applied): its rows, and the next instant, the first one at or after @t (no change came
 * between, so those before @t would repeat the same values). Step 0 samples only at the
 * window's start (what was held before it); later changes are rows of their own.
 */
static void col_pass_instant(struct capsim_recording *r, uint64_t t)
{
	struct rec_cols *k = r->cols;

	if (k->next < k->end)
		col_instant(r, k->next);
	k->next = k->step ? k->start + (t - k->start + k->step - 1) / k->step * k->step
			  : UINT64_MAX;
	if (k->next >= k->end)
		k->next = UINT64_MAX;
}

/* signal @sig of @cpu is @v from @t on */
static void col_sample(struct capsim_recording *r, uint64_t t, int cpu, enum capsim_signal sig,
		       uint64_t v)
{
	struct rec_cols *k = r->cols;

	if (k->step ? t > k->next : t >= k->next)
		col_pass_instant(r, t);
	k->held[cpu][sig] = (uint32_t)v;
	if (!k->step && t >= k->start && t < k->end)
		col_row(r, t, (unsigned)cpu, sig);
}

/* task @task ran on @cpu over [@t0, @t1): a row of its part in the window */
static void col_run(struct capsim_recording *r, int32_t task, int cpu, uint64_t t0, uint64_t t1)
{
	struct rec_cols *k = r->cols;

	if (t0 >= k->end || t1 < k->start || (t1 == k->start && t0 < t1))
		return;
	if (k->nr_runs == k->cap_runs && grow_runs(k)) {
		fail(r, CAPSIM_ERR_NOMEM, "out of memory for the recording's columns");
		return;
	}
	k->r_task[k->nr_runs] = task;
	k->r_cpu[k->nr_runs] = (uint16_t)cpu;
	k->r_start[k->nr_runs] = (int64_t)(t0 > k->start ? t0 : k->start);
	k->r_end[k->nr_runs++] = (int64_t)(t1 < k->end ? t1 : k->end);
}

/* ---- lanes: an interval [t0, t1) of @id ----------------------------------------------------- */

static void cell_add(struct capsim_recording *r, struct rec_lane *l, int32_t id, uint64_t t0,
		     uint64_t t1)
{
	while (t1 > t0) {
		uint64_t e;
		struct rec_cell *c;

		if (t0 < l->cur_start || t0 >= l->cur_end) {
			l->cur = grid_col(r, t0);
			l->cur_start = (uint64_t)l->cur * r->grid_ns;
			l->cur_end = l->cur_start + r->grid_ns;
			if (l->cur >= l->nc)
				l->nc = l->cur + 1;
		}
		c = &l->c[l->cur];
		e = t1 < l->cur_end ? t1 : l->cur_end;
		c->busy_ns += e - t0;
		/* the longest single interval names the cell: cheap, and exact for one task */
		if (c->top < 0 || e - t0 > c->top_ns) {
			c->top = id;
			c->top_ns = e - t0;
		}
		t0 = e;
	}
}

/* @l held REC_EXACT_MAX intervals at @now: it is folded into the grid */
static void lane_to_grid(struct capsim_recording *r, struct rec_lane *l, uint64_t now)
{
	struct rec_iv *iv = l->iv;
	uint32_t n = l->n;

	grid_init(r, now);

	l->c = malloc(REC_COLUMNS * sizeof(*l->c));
	if (!l->c) {
		fail(r, CAPSIM_ERR_NOMEM, "out of memory for the report's lanes");
		return;
	}
	for (uint32_t i = 0; i < REC_COLUMNS; i++)
		l->c[i] = (struct rec_cell){ -1, 0, 0 };
	l->iv = NULL;
	l->n = l->cap = 0;
	l->nc = 0;
	l->cur_start = l->cur_end = 0;
	for (uint32_t i = 0; i < n; i++)
		cell_add(r, l, iv[i].id, iv[i].t0, iv[i].t1);
	free(iv);
}

static void lane_add(struct capsim_recording *r, struct rec_lane *l, int32_t id, uint64_t t0,
		     uint64_t t1)
{
	if (t1 <= t0 || r->columns_only)
		return;
	if (!l->c && l->n == REC_EXACT_MAX)
		lane_to_grid(r, l, t1);
	if (l->c) {
		cell_add(r, l, id, t0, t1);
		return;
	}
	if (l->n == l->cap) {
		uint32_t cap = l->cap ? l->cap * 2 : 64;
		struct rec_iv *n = realloc(l->iv, cap * sizeof(*n));

		if (!n) {
			fail(r, CAPSIM_ERR_NOMEM, "out of memory for the report's lanes");
			return;
		}
		l->iv = n;
		l->cap = cap;
	}
	l->iv[l->n++] = (struct rec_iv){ t0, t1, id };
}

static void lane_widen(struct rec_lane *l)
{
	uint32_t n = (l->nc + 1) / 2;

	for (uint32_t i = 0; i < n; i++) {
		struct rec_cell a = l->c[2 * i];
		struct rec_cell b = 2 * i + 1 < l->nc ? l->c[2 * i + 1] :
							(struct rec_cell){ -1, 0, 0 };
		struct rec_cell m = a.top_ns >= b.top_ns ? a : b;

		m.busy_ns = a.busy_ns + b.busy_ns;
		l->c[i] = m;
	}
	for (uint32_t i = n; i < l->nc; i++)
		l->c[i] = (struct rec_cell){ -1, 0, 0 };
	l->nc = n;
	l->cur_start = l->cur_end = 0; /* found again at the next interval */
}

/* ---- marks: deadline misses, trips ------------------------------------------------------------ */

static void mark_count(struct capsim_recording *r, struct rec_marks *m, uint64_t t)
{
	uint32_t col = grid_col(r, t);

	m->count[col]++;
	if (col >= m->nc)
		m->nc = col + 1;
}

static void mark(struct capsim_recording *r, struct rec_marks *m, uint64_t t)
{
	m->total++;
	if (!m->count && m->n == REC_EXACT_MAX) {
		uint64_t *ts = m->t;

		grid_init(r, t);
		m->count = calloc(REC_COLUMNS, sizeof(*m->count));
		if (!m->count) {
			fail(r, CAPSIM_ERR_NOMEM, "out of memory for the report's marks");
			return;
		}
		for (uint32_t i = 0; i < m->n; i++)
			mark_count(r, m, ts[i]);
		free(ts);
		m->t = NULL;
		m->n = m->cap = 0;
	}
	if (m->count) {
		mark_count(r, m, t);
		return;
	}
	if (m->n == m->cap) {
		uint32_t cap = m->cap ? m->cap * 2 : 64;
		uint64_t *n = realloc(m->t, cap * sizeof(*n));

		if (!n) {
			fail(r, CAPSIM_ERR_NOMEM, "out of memory for the report's marks");
			return;
		}
		m->t = n;
		m->cap = cap;
	}
	m->t[m->n++] = t;
}

static void marks_widen(struct rec_marks *m)
{
	uint32_t n = (m->nc + 1) / 2;

	for (uint32_t i = 0; i < n; i++)
		m->count[i] = m->count[2 * i] + (2 * i + 1 < m->nc ? m->count[2 * i + 1] : 0);
	for (uint32_t i = n; i < m->nc; i++)
		m->count[i] = 0;
	m->nc = n;
}

/* every gridded series, lane and mark list of @r doubles its columns' width */
static void widen(struct capsim_recording *r)
{
	r->grid_ns *= 2;
	for (unsigned c = 0; c < r->nr_cpus; c++) {
		for (unsigned k = 0; k < REC_CPU_NR_SERIES; k++)
			series_widen(&r->cpus[c].s[k], r->grid_ns);
		if (r->cpus[c].lane.c)
			lane_widen(&r->cpus[c].lane);
	}
	for (uint32_t i = 0; i < r->nr_tasks; i++) {
		for (unsigned k = 0; k < REC_TASK_NR_SERIES; k++)
			series_widen(&r->tasks[i].s[k], r->grid_ns);
		if (r->tasks[i].lane.c)
			lane_widen(&r->tasks[i].lane);
		if (r->tasks[i].misses.count)
			marks_widen(&r->tasks[i].misses);
	}
	for (uint32_t i = 0; i < r->nr_zones; i++)
		series_widen(&r->zones[i].s, r->grid_ns);
	for (uint32_t i = 0; i < r->nr_cdevs; i++)
		series_widen(&r->cdevs[i].s, r->grid_ns);
	series_widen(&r->overutilized, r->grid_ns);
	if (r->trips.count)
		marks_widen(&r->trips);
}

/* ---- tasks, by pid ----------------------------------------------------------------------- */

/* the task of @pid (> 0), made (named @comm) when it is new */
static struct rec_task *task_by_pid(struct capsim_recording *r, const struct capsim_event_task *e)
{
	int32_t *map;
	struct rec_task *t;

	if ((uint32_t)e->pid >= r->nr_pids) {
		uint32_t n = (uint32_t)e->pid * 2 + 16;

		map = realloc(r->task_of_pid, n * sizeof(*map));
		if (!map)
			return fail(r, CAPSIM_ERR_NOMEM, "out of memory"), NULL;
		for (uint32_t i = r->nr_pids; i < n; i++)
			map[i] = -1;
		r->task_of_pid = map;
		r->nr_pids = n;
	}
	if (r->task_of_pid[e->pid] >= 0)
		return &r->tasks[r->task_of_pid[e->pid]];
	if (r->nr_tasks == r->cap_tasks) {
		uint32_t cap = r->cap_tasks ? r->cap_tasks * 2 : 16;
		struct rec_task *n = realloc(r->tasks, cap * sizeof(*n));

		if (!n)
			return fail(r, CAPSIM_ERR_NOMEM, "out of memory"), NULL;
		r->tasks = n;
		r->cap_tasks = cap;
	}
	t = &r->tasks[r->nr_tasks];
	memset(t, 0, sizeof(*t));
	t->name = strdup(e->comm);
	t->pid = e->pid;
	t->util = t->util_est = -1;
	if (!t->name)
		return fail(r, CAPSIM_ERR_NOMEM, "out of memory"), NULL;
	r->task_of_pid[e->pid] = (int32_t)r->nr_tasks++;
	return t;
}

static struct rec_task *task_of(struct capsim_recording *r, const struct capsim_event_task *e)
{
	/* the idle task, the stoppers (migration/N) and the sugov kthreads are not the workload's */
	if (e->pid <= 0 || (e->pid >= CAPSIM_STOPPER_PID_BASE &&
			    (uint32_t)e->pid < CAPSIM_STOPPER_PID_BASE + r->nr_cpus) ||
	    (e->pid >= CAPSIM_SUGOV_PID_BASE &&
	     (uint32_t)e->pid < CAPSIM_SUGOV_PID_BASE + r->nr_cpus))
		return NULL;
	return task_by_pid(r, e);
}

static int32_t task_index(const struct capsim_recording *r, const struct rec_task *t)
{
	return t ? (int32_t)(t - r->tasks) : -1;
}

/* ---- rt-app's log rows (log_timing(), src/rt-app_utils.c: its columns and widths) --------- */

static __attribute__((noinline, cold)) void log_row(struct capsim_recording *r, struct rec_task *t,
						    const struct capsim_event *ev)
{
	const struct capsim_ev_rtapp_loop *l = &ev->u.rtapp_loop;
	char name[512];

	if (!t->log) {
		snprintf(name, sizeof(name), "%s-%s.log", r->log_base, t->name);
		t->log = r->log_open(r->log_ctx, name);
		if (!t->log) {
			char msg[600];

			snprintf(msg, sizeof(msg), "%s: cannot be opened", name);
			fail(r, CAPSIM_ERR_IO, msg);
			return;
		}
		fprintf(t->log, "%s %8s %8s %8s %15s %15s %15s %10s %10s %10s %10s\n", "#idx", "perf",
			"run", "period", "start", "end", "rel_st", "slack", "c_duration", "c_period",
			"wu_lat");
	}
	/* times in us as rt-app's timespec_to_usec() truncates them; the run starts at 0 */
	fprintf(t->log, "%4d %8" PRIu64 " %8" PRIu64 " %8" PRIu64 " %15" PRIu64 " %15" PRIu64
		" %15" PRIu64 " %10" PRId64 " %10" PRIu64 " %10" PRIu64 " %10" PRIu64 "\n",
		l->thread, l->work_ns / 1000, l->run_ns / 1000, (ev->time_ns - l->start_ns) / 1000,
		l->start_ns / 1000, ev->time_ns / 1000, l->start_ns / 1000, l->slack_ns / 1000,
		l->c_duration_ns / 1000, l->c_period_ns / 1000, l->wu_lat_ns / 1000);
}

/* ---- text events of the thermal loop: "key=value" fields of their TP_printk ------------- */

static int field(const char *body, const char *key, char *out, size_t size)
{
	size_t k = strlen(key), n = 0;
	const char *p;

	/* the key as a whole word: "temp" is not the start of "temp_prev=" */
	for (p = strstr(body, key); p; p = strstr(p + 1, key))
		if ((p == body || p[-1] == ' ') && p[k] == '=')
			break;
	if (!p)
		return 0;
	for (p += k + 1; *p && *p != ' ' && n + 1 < size; p++)
		out[n++] = *p;
	out[n] = 0;
	return 1;
}

static struct rec_series *named(struct capsim_recording *r, struct rec_named **arr, uint32_t *nr,
				const char *name)
{
	struct rec_named *n;

	for (uint32_t i = 0; i < *nr; i++)
		if (!strcmp((*arr)[i].name, name))
			return &(*arr)[i].s;
	n = realloc(*arr, (*nr + 1) * sizeof(*n));
	if (!n)
		return fail(r, CAPSIM_ERR_NOMEM, "out of memory"), NULL;
	*arr = n;
	n = &n[(*nr)++];
	memset(n, 0, sizeof(*n));
	n->name = strdup(name);
	if (!n->name)
		return (*nr)--, fail(r, CAPSIM_ERR_NOMEM, "out of memory"), NULL;
	return &n->s;
}

static __attribute__((noinline)) void text_event(struct capsim_recording *r,
					       const struct capsim_event *ev)
{
	const char *name = ev->u.text.name, *body = ev->u.text.body;
	char a[128], b[64];
	struct rec_series *s;

	if (!strcmp(name, "thermal_temperature") && field(body, "thermal_zone", a, sizeof(a)) &&
	    field(body, "temp", b, sizeof(b))) {
		s = named(r, &r->zones, &r->nr_zones, a);
		if (s)
			add(r, s, ev->time_ns, strtoll(b, NULL, 10));
		if (r->csv[CSV_TEMP])
			fprintf(r->csv[CSV_TEMP], "%" PRIu64 ",%s,%s\n", ev->time_ns, a, b);
	} else if (!strcmp(name, "cdev_update") && field(body, "type", a, sizeof(a)) &&
		   field(body, "target", b, sizeof(b))) {
		s = named(r, &r->cdevs, &r->nr_cdevs, a);
		if (s)
			add(r, s, ev->time_ns, strtoll(b, NULL, 10));
		if (r->csv[CSV_CDEV])
			fprintf(r->csv[CSV_CDEV], "%" PRIu64 ",%s,%s\n", ev->time_ns, a, b);
	} else if (!strcmp(name, "thermal_zone_trip")) {
		mark(r, &r->trips, ev->time_ns);
	}
}

/* ---- the sink -------------------------------------------------------------------------------- */

static void cpu_switch(struct capsim_recording *r, const struct capsim_event *ev)
{
	struct rec_cpu *c = &r->cpus[ev->cpu];
	const struct capsim_ev_sched_switch *sw = &ev->u.sched_switch;
	struct rec_task *next = task_of(r, &sw->next);

	if (c->curr >= 0 && !r->columns_only) {
		lane_add(r, &c->lane, c->curr, c->since, ev->time_ns);
		lane_add(r, &r->tasks[c->curr].lane, ev->cpu, c->since, ev->time_ns);
	}
	if (c->curr >= 0 && r->cols)
		col_run(r, c->curr, ev->cpu, c->since, ev->time_ns);
	c->curr = task_index(r, next);
	c->since = ev->time_ns;
	if (r->csv[CSV_RUNNING])
		fprintf(r->csv[CSV_RUNNING], "%" PRIu64 ",%d,%d,%s\n", ev->time_ns, ev->cpu,
			sw->next.pid, sw->next.comm);
	/* columns alone keep no histogram (capsim_report_html() refuses them): nor read @next */
	if (next && !r->columns_only && next->waking) {
		uint64_t lat = ev->time_ns - (next->waking - 1);

		next->waking = 0;
		next->lat_hist[rec_hist_bin(lat / 1000)]++;
		if (r->csv[CSV_LATENCY])
			fprintf(r->csv[CSV_LATENCY], "%" PRIu64 ",%d,%s,%d,%" PRIu64 "\n", ev->time_ns,
				sw->next.pid, sw->next.comm, ev->cpu, lat);
	}
}

/*
 * The actual capacity and util of @cpu, a row when either changed: from the counters event, or
 * (@ev not a counters one) get_actual_cpu_capacity() read at a change of frequency, limits or
 * pressure, which an idle CPU sees with no counters event.
 */
static void counters(struct capsim_recording *r, const struct capsim_event *ev)
{
	struct rec_cpu *c = &r->cpus[ev->cpu];
	int64_t cap, util;

	if (ev->type == CAPSIM_EV_CPU_COUNTERS) {
		cap = (int64_t)ev->u.cpu_counters.actual_capacity;
		util = (int64_t)ev->u.cpu_counters.util;
	} else if (r->run) {
		cap = (int64_t)r->actual_capacity(r->capacity_ctx, ev->cpu);
		util = c->s[REC_CPU_UTIL].have ? c->s[REC_CPU_UTIL].last : 0;
	} else {
		return;
	}
	if (c->s[REC_CPU_ACTUAL].have && c->s[REC_CPU_ACTUAL].last == cap &&
	    c->s[REC_CPU_UTIL].have && c->s[REC_CPU_UTIL].last == util)
		return;
	add(r, &c->s[REC_CPU_ACTUAL], ev->time_ns, cap);
	add(r, &c->s[REC_CPU_UTIL], ev->time_ns, util);
	if (r->cols) {
		col_sample(r, ev->time_ns, ev->cpu, CAPSIM_SIGNAL_ACTUAL_CAPACITY, (uint64_t)cap);
		col_sample(r, ev->time_ns, ev->cpu, CAPSIM_SIGNAL_UTIL, (uint64_t)util);
	}
	if (r->csv[CSV_CAPACITY])
		fprintf(r->csv[CSV_CAPACITY], "%" PRIu64 ",%d,%" PRId64 ",%" PRId64 "\n", ev->time_ns,
			ev->cpu, cap, util);
}

/* a pressure update (@ev) as it applies to @cpu: its series, column and CSV row */
static void pressure(struct capsim_recording *r, const struct capsim_event *ev, int cpu)
{
	bool hw = ev->type == CAPSIM_EV_HW_PRESSURE_UPDATE;

	add(r, &r->cpus[cpu].s[REC_CPU_HW_PRESSURE], ev->time_ns, (int64_t)ev->u.pressure.pressure);
	if (r->cols)
		col_sample(r, ev->time_ns, cpu,
			   hw ? CAPSIM_SIGNAL_HW_PRESSURE : CAPSIM_SIGNAL_THERMAL_PRESSURE,
			   ev->u.pressure.pressure);
	if (r->csv[CSV_PRESSURE])
		fprintf(r->csv[CSV_PRESSURE], "%" PRIu64 ",%d,%s,%" PRIu64 "\n", ev->time_ns, cpu,
			hw ? "hw" : "thermal", ev->u.pressure.pressure);
}

static void cpu_freq(struct capsim_recording *r, const struct capsim_event *ev)
{
	struct rec_cpu *c = &r->cpus[ev->cpu];
	const struct capsim_ev_cpu_frequency *f = &ev->u.cpu_frequency;
	uint64_t cap = c->freq_ref ? c->orig * f->delivered_khz / c->freq_ref : c->orig;

	add(r, &c->s[REC_CPU_FREQ], ev->time_ns, f->delivered_khz);
	add(r, &c->s[REC_CPU_FREQ_REQ], ev->time_ns, f->requested_khz);
	add(r, &c->s[REC_CPU_DELIVERED], ev->time_ns, (int64_t)(cap < c->orig ? cap : c->orig));
	if (r->cols) {
		col_sample(r, ev->time_ns, ev->cpu, CAPSIM_SIGNAL_FREQ_KHZ, f->delivered_khz);
		col_sample(r, ev->time_ns, ev->cpu, CAPSIM_SIGNAL_REQUESTED_KHZ, f->requested_khz);
	}
	if (r->csv[CSV_FREQ])
		fprintf(r->csv[CSV_FREQ], "%" PRIu64 ",%d,%u,%u\n", ev->time_ns, ev->cpu,
			f->requested_khz, f->delivered_khz);
}

/* the policy's limits, on each of its CPUs (the event is recorded on the first) */
static void cpu_limits(struct capsim_recording *r, const struct capsim_event *ev)
{
	const struct capsim_ev_cpu_frequency_limits *l = &ev->u.cpu_frequency_limits;

	for (unsigned cpu = 0; cpu < r->nr_cpus; cpu++) {
		struct rec_cpu *c = &r->cpus[cpu];
		uint64_t keep = c->freq_ref ? c->orig * l->max_khz / c->freq_ref : c->orig;

		if (l->cpus ? !capsim_cpumask_test(l->cpus, cpu) : cpu != (unsigned)ev->cpu)
			continue;
		add(r, &c->s[REC_CPU_FREQ_MIN], ev->time_ns, l->min_khz);
		add(r, &c->s[REC_CPU_FREQ_MAX], ev->time_ns, l->max_khz);
		add(r, &c->s[REC_CPU_CPUFREQ_PRESSURE], ev->time_ns,
		    (int64_t)(keep < c->orig ? c->orig - keep : 0));
	}
	if (r->csv[CSV_LIMITS] && ev->cpu == l->first_cpu)
		fprintf(r->csv[CSV_LIMITS], "%" PRIu64 ",%d,%u,%u\n", ev->time_ns, l->policy,
			l->min_khz, l->max_khz);
}

void recording_event(void *ctx, const struct capsim_event *ev)
{
	struct capsim_recording *r = ctx;
	struct rec_task *t;
	struct rec_cpu *c = ev->cpu >= 0 && (unsigned)ev->cpu < r->nr_cpus ? &r->cpus[ev->cpu] :
									       NULL;

	switch (ev->type) {
	case CAPSIM_EV_PELT_SE:
		t = task_of(r, &ev->u.pelt.task);
		if (!t || (t->util == (int64_t)ev->u.pelt.util_avg &&
			   t->util_est == (int64_t)ev->u.pelt.util_est))
			break;
		t->util = (int64_t)ev->u.pelt.util_avg;
		t->util_est = (int64_t)ev->u.pelt.util_est;
		add(r, &t->s[REC_TASK_UTIL], ev->time_ns, t->util);
		add(r, &t->s[REC_TASK_UTIL_EST], ev->time_ns, t->util_est);
		if (r->csv[CSV_TASK_UTIL])
			fprintf(r->csv[CSV_TASK_UTIL], "%" PRIu64 ",%d,%s,%" PRId64 ",%" PRId64 "\n",
				ev->time_ns, ev->u.pelt.task.pid, ev->u.pelt.task.comm, t->util,
				t->util_est);
		break;
	case CAPSIM_EV_CPU_COUNTERS:
		if (c)
			counters(r, ev);
		break;
	case CAPSIM_EV_SCHED_SWITCH:
		if (c)
			cpu_switch(r, ev);
		break;
	case CAPSIM_EV_SCHED_WAKING:
	case CAPSIM_EV_SCHED_WAKEUP_NEW: /* a start has no sched_waking: it waits from here */
		t = task_of(r, &ev->u.wakeup.task);
		if (t)
			t->waking = ev->time_ns + 1;
		break;
	case CAPSIM_EV_CPU_FREQUENCY:
		if (c) {
			cpu_freq(r, ev);
			counters(r, ev);
		}
		break;
	case CAPSIM_EV_CPU_FREQUENCY_LIMITS:
		if (c) {
			cpu_limits(r, ev);
			counters(r, ev);
		}
		break;
	case CAPSIM_EV_HW_PRESSURE_UPDATE:
	case CAPSIM_EV_THERMAL_PRESSURE_UPDATE:
		if (!c)
			break;
		/* on each CPU it applies to (the event is recorded on the first) */
		for (unsigned cpu = 0; cpu < r->nr_cpus; cpu++)
			if (ev->u.pressure.cpus ? capsim_cpumask_test(ev->u.pressure.cpus, cpu) :
						  cpu == (unsigned)ev->cpu)
				pressure(r, ev, (int)cpu);
		counters(r, ev);
		break;
	case CAPSIM_EV_CPU_CAPACITY:
		if (!c)
			break;
		add(r, &c->s[REC_CPU_CAPACITY_OF], ev->time_ns, (int64_t)ev->u.cpu_capacity.capacity);
		if (r->cols)
			col_sample(r, ev->time_ns, ev->cpu, CAPSIM_SIGNAL_CAPACITY,
				   ev->u.cpu_capacity.capacity);
		if (r->csv[CSV_CAPACITY_OF])
			fprintf(r->csv[CSV_CAPACITY_OF], "%" PRIu64 ",%d,%" PRIu64 ",%" PRIu64 "\n",
				ev->time_ns, ev->cpu, ev->u.cpu_capacity.capacity,
				ev->u.cpu_capacity.capacity_orig);
		break;
	case CAPSIM_EV_RTAPP_TIMER: {
		const struct capsim_ev_rtapp_timer *tm = &ev->u.rtapp_timer;
		int64_t us = tm->slack_ns / 1000;

		t = task_of(r, &tm->task);
		if (!t)
			break;
		if (tm->slack_ns >= 0)
			t->slack_hist[rec_hist_bin((uint64_t)us)]++;
		else
			t->late_hist[rec_hist_bin((uint64_t)-us)]++;
		if (tm->missed)
			mark(r, &t->misses, ev->time_ns);
		if (r->csv[CSV_TIMER])
			fprintf(r->csv[CSV_TIMER], "%" PRIu64 ",%d,%s,%" PRId64 ",%d\n", ev->time_ns,
				tm->task.pid, tm->task.comm, tm->slack_ns, tm->missed);
		break;
	}
	case CAPSIM_EV_RTAPP_LOOP:
		t = task_of(r, &ev->u.rtapp_loop.task);
		if (t && r->log_open)
			log_row(r, t, ev);
		break;
	case CAPSIM_EV_OVERUTILIZED:
		add(r, &r->overutilized, ev->time_ns, ev->u.overutilized.on);
		if (r->csv[CSV_OVERUTILIZED])
			fprintf(r->csv[CSV_OVERUTILIZED], "%" PRIu64 ",%d\n", ev->time_ns,
				ev->u.overutilized.on);
		break;
	case CAPSIM_EV_TEXT:
		text_event(r, ev);
		break;
	default:
		break;
	}
}

/*
 * The events recording_event() reads: the run builds no other for it (the PELT of runqueues,
 * util_est, schedutil's evaluations, EAS's compute_energy calls, idle states, migrations are
 * most of a busy run's events); rt-app's loops only when its logs are asked for.
 */
#define T(x) ((uint64_t)1 << CAPSIM_EV_##x)
const uint64_t recording_types =
	T(PELT_SE) | T(CPU_COUNTERS) | T(SCHED_SWITCH) | T(SCHED_WAKING) | T(SCHED_WAKEUP_NEW) |
	T(CPU_FREQUENCY) | T(CPU_FREQUENCY_LIMITS) | T(HW_PRESSURE_UPDATE) |
	T(THERMAL_PRESSURE_UPDATE) | T(CPU_CAPACITY) | T(RTAPP_TIMER) | T(OVERUTILIZED) | T(TEXT);
const uint64_t recording_log_types = T(RTAPP_LOOP);
const uint64_t recording_column_types = T(CPU_COUNTERS) | T(SCHED_SWITCH) | T(CPU_FREQUENCY) |
	T(CPU_FREQUENCY_LIMITS) | T(HW_PRESSURE_UPDATE) | T(THERMAL_PRESSURE_UPDATE) | T(CPU_CAPACITY);
#undef T

/* ---- a real trace's figures (src/api/analyze.c, `capsim analyze --report`) ----------------- */

void recording_cpu_value(struct capsim_recording *r, unsigned cpu, unsigned k, uint64_t t,
			 int64_t v)
{
	if (cpu < r->nr_cpus && k < REC_CPU_NR_SERIES)
		add(r, &r->cpus[cpu].s[k], t, v);
}

int32_t recording_task(struct capsim_recording *r, int32_t pid, const char *comm)
{
	struct capsim_event_task e = { comm, pid, 0 };

	/* a trace's pids are its own: every pid but the idle task's is a task */
	return pid > 0 ? task_index(r, task_by_pid(r, &e)) : -1;
}

void recording_run(struct capsim_recording *r, unsigned cpu, int32_t task, uint64_t t0,
		   uint64_t t1)
{
	if (cpu >= r->nr_cpus || task < 0)
		return;
	lane_add(r, &r->cpus[cpu].lane, task, t0, t1);
	lane_add(r, &r->tasks[task].lane, (int32_t)cpu, t0, t1);
}

/* ---- the recording's own calls (src/api/recording_api.c attaches it) ------------------------ */

struct capsim_recording *recording_new(unsigned nr_cpus, uint64_t end_ns)
{
	struct capsim_recording *r = calloc(1, sizeof(*r));

	if (r)
		r->cpus = calloc(nr_cpus, sizeof(*r->cpus));
	if (!r || !r->cpus) {
		free(r);
		return NULL;
	}
	r->nr_cpus = nr_cpus;
	r->end = end_ns;
	for (unsigned c = 0; c < nr_cpus; c++)
		r->cpus[c].curr = -1;
	return r;
}

static void series_free(struct rec_series *s)
{
	free(s->p);
	free(s->c);
}

static void lane_free(struct rec_lane *l)
{
	free(l->iv);
	free(l->c);
}

static void marks_free(struct rec_marks *m)
{
	free(m->t);
	free(m->count);
}

static void cols_free(struct rec_cols *k)
{
	if (!k)
		return;
	void *samples[] = { k->s_time, k->s_cpu, k->s_signal, k->s_value };
	void *runs[] = { k->r_task, k->r_cpu, k->r_start, k->r_end };
	void *rest[] = { k->held, k->out, k->w_time, k->w_value, k->w_start, k->w_end, k->w_cpu,
			 k->w_pid, k->w_rcpu, k };

	for (unsigned i = 0; i < 4; i++) {
		col_unmap(samples[i], k->cap_samples * sample_sizes[i]);
		col_unmap(runs[i], k->cap_runs * run_sizes[i]);
	}
	for (unsigned i = 0; i < sizeof(rest) / sizeof(rest[0]); i++)
		free(rest[i]);
}

void recording_free(struct capsim_recording *r)
{
	for (unsigned c = 0; c < r->nr_cpus; c++) {
		for (unsigned k = 0; k < REC_CPU_NR_SERIES; k++)
			series_free(&r->cpus[c].s[k]);
		lane_free(&r->cpus[c].lane);
	}
	for (uint32_t i = 0; i < r->nr_tasks; i++) {
		for (unsigned k = 0; k < REC_TASK_NR_SERIES; k++)
			series_free(&r->tasks[i].s[k]);
		lane_free(&r->tasks[i].lane);
		marks_free(&r->tasks[i].misses);
		free(r->tasks[i].name);
	}
	for (uint32_t i = 0; i < r->nr_zones; i++) {
		series_free(&r->zones[i].s);
		free(r->zones[i].name);
	}
	for (uint32_t i = 0; i < r->nr_cdevs; i++) {
		series_free(&r->cdevs[i].s);
		free(r->cdevs[i].name);
	}
	series_free(&r->overutilized);
	free(r->zones);
	free(r->cdevs);
	marks_free(&r->trips);
	free(r->tasks);
	free(r->task_of_pid);
	free(r->cpus);
	free(r->log_base);
	cols_free(r->cols);
	free(r);
}

int capsim_recording_csv(capsim_recording *r, capsim_open_fn open, void *ctx, capsim_error *err)
{
	if (r->columns_only)
		return capsim_error_set(err, CAPSIM_ERR_INVALID, "the recording keeps its columns "
					"only (capsim_recording_columns_only())");
	for (unsigned i = 0; i < CSV_COUNT; i++) {
		r->csv[i] = open(ctx, csv_name[i]);
		if (!r->csv[i])
			return capsim_error_set(err, CAPSIM_ERR_IO, "%s: cannot be opened", csv_name[i]);
		fprintf(r->csv[i], "%s\n", csv_header[i]);
	}
	return 0;
}

int recording_set_log(struct capsim_recording *r, const char *basename, capsim_open_fn open,
		      void *ctx, capsim_error *err)
{
	free(r->log_base);
	r->log_base = strdup(basename ? basename : "rt-app"); /* rt-app's default log_basename */
	if (!r->log_base)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	r->log_open = open;
	r->log_ctx = ctx;
	return 0;
}

/* capsim_recording_columns()'s 1.0 columns, widened from the compact ones */
static void cols_widen(struct capsim_recording *r)
{
	struct rec_cols *k = r->cols;
	size_t n = k->nr_samples ? k->nr_samples : 1, m = k->nr_runs ? k->nr_runs : 1;

	k->w_time = malloc(n * sizeof(*k->w_time));
	k->w_cpu = malloc(n * sizeof(*k->w_cpu));
	k->w_value = malloc(n * sizeof(*k->w_value));
	k->w_pid = malloc(m * sizeof(*k->w_pid));
	k->w_rcpu = malloc(m * sizeof(*k->w_rcpu));
	k->w_start = malloc(m * sizeof(*k->w_start));
	k->w_end = malloc(m * sizeof(*k->w_end));
	if (!k->w_time || !k->w_cpu || !k->w_value || !k->w_pid || !k->w_rcpu || !k->w_start ||
	    !k->w_end) {
		fail(r, CAPSIM_ERR_NOMEM, "out of memory for the recording's columns");
		k->nr_samples = k->nr_runs = 0;
		return;
	}
	for (size_t i = 0; i < k->nr_samples; i++) {
		k->w_time[i] = (uint64_t)k->s_time[i];
		k->w_cpu[i] = k->s_cpu[i];
		k->w_value[i] = k->s_value[i];
	}
	for (size_t i = 0; i < k->nr_runs; i++) {
		k->w_pid[i] = r->tasks[k->r_task[i]].pid;
		k->w_rcpu[i] = k->r_cpu[i];
		k->w_start[i] = (uint64_t)k->r_start[i];
		k->w_end[i] = (uint64_t)k->r_end[i];
	}
}

/* the open run intervals end with the run; the columns' last instant */
static void finish(capsim_recording *r, uint64_t end)
{
	for (unsigned c = 0; c < r->nr_cpus; c++) {
		struct rec_cpu *cp = &r->cpus[c];

		if (cp->curr >= 0 && end > cp->since) {
			lane_add(r, &cp->lane, cp->curr, cp->since, end);
			lane_add(r, &r->tasks[cp->curr].lane, (int32_t)c, cp->since, end);
			if (r->cols)
				col_run(r, cp->curr, (int)c, cp->since, end);
		}
		cp->curr = -1; /* a second finish closes nothing twice */
		cp->since = end;
	}
	if (r->cols && r->cols->next <= end)
		col_pass_instant(r, end + 1);
	if (r->cols && r->cols->wide && !r->cols->w_time)
		cols_widen(r);
	r->end = end;
}

void recording_end(struct capsim_recording *r, uint64_t end_ns)
{
	finish(r, end_ns);
}

int recording_error(const struct capsim_recording *r, capsim_error *err)
{
	if (!r->error)
		return 0;
	return capsim_error_set(err, r->error, "%s", r->errmsg);
}

static const char *const signal_names[CAPSIM_SIGNAL_COUNT] = {
	"capacity", "actual_capacity", "util", "freq_khz", "requested_khz", "hw_pressure",
	"thermal_pressure",
};

const char *capsim_signal_name(enum capsim_signal sig)
{
	return (unsigned)sig < CAPSIM_SIGNAL_COUNT ? signal_names[sig] : NULL;
}

int capsim_recording_series(capsim_recording *r, uint64_t start_ns, uint64_t end_ns,
			     uint64_t step_ns, capsim_error *err)
{
	struct rec_cols *k;

	if (end_ns && end_ns <= start_ns)
		return capsim_error_set(err, CAPSIM_ERR_RANGE, "series window [%" PRIu64 ", %" PRIu64
					") ns: expected its end after its start", start_ns, end_ns);
	if (r->cols)
		return capsim_error_set(err, CAPSIM_ERR_INVALID, "the recording's columns are "
					"asked for already");
	k = calloc(1, sizeof(*k));
	if (k) {
		k->held = malloc(r->nr_cpus * sizeof(*k->held));
		k->out = malloc(r->nr_cpus * sizeof(*k->out));
	}
	if (!k || !k->held || !k->out) {
		cols_free(k);
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	}
	memset(k->held, 0xff, r->nr_cpus * sizeof(*k->held));
	memset(k->out, 0xff, r->nr_cpus * sizeof(*k->out));
	k->start = start_ns;
	k->end = end_ns ? end_ns : UINT64_MAX;
	k->step = step_ns;
	k->next = start_ns;
	r->cols = k;
	return 0;
}

int capsim_recording_columns(capsim_recording *r, capsim_error *err)
{
	int ret = r->cols ? 0 : capsim_recording_series(r, 0, 0, 0, err);

	if (!ret)
		r->cols->wide = true;
	return ret;
}

size_t capsim_recording_cpu_series(const capsim_recording *r, const int64_t **time_ns,
				   const uint16_t **cpu, const uint8_t **signal,
				   const uint32_t **value)
{
	const struct rec_cols *k = r->cols;

	if (time_ns)
		*time_ns = k ? k->s_time : NULL;
	if (cpu)
		*cpu = k ? k->s_cpu : NULL;
	if (signal)
		*signal = k ? k->s_signal : NULL;
	if (value)
		*value = k ? k->s_value : NULL;
	return k ? k->nr_samples : 0;
}

size_t capsim_recording_run_series(const capsim_recording *r, const int32_t **task,
				   const uint16_t **cpu, const int64_t **start_ns,
				   const int64_t **end_ns)
{
	const struct rec_cols *k = r->cols;

	if (task)
		*task = k ? k->r_task : NULL;
	if (cpu)
		*cpu = k ? k->r_cpu : NULL;
	if (start_ns)
		*start_ns = k ? k->r_start : NULL;
	if (end_ns)
		*end_ns = k ? k->r_end : NULL;
	return k ? k->nr_runs : 0;
}

size_t capsim_recording_cpu_samples(const capsim_recording *r, const uint64_t **time_ns,
				    const int32_t **cpu, const uint8_t **signal,
				    const uint64_t **value)
{
	const struct rec_cols *k = r->cols && r->cols->w_time ? r->cols : NULL;

	if (time_ns)
		*time_ns = k ? k->w_time : NULL;
	if (cpu)
		*cpu = k ? k->w_cpu : NULL;
	if (signal)
		*signal = k ? k->s_signal : NULL;
	if (value)
		*value = k ? k->w_value : NULL;
	return k ? k->nr_samples : 0;
}

size_t capsim_recording_run_intervals(const capsim_recording *r, const int32_t **pid,
				      const int32_t **cpu, const uint64_t **start_ns,
				      const uint64_t **end_ns)
{
	const struct rec_cols *k = r->cols && r->cols->w_time ? r->cols : NULL;

	if (pid)
		*pid = k ? k->w_pid : NULL;
	if (cpu)
		*cpu = k ? k->w_rcpu : NULL;
	if (start_ns)
		*start_ns = k ? k->w_start : NULL;
	if (end_ns)
		*end_ns = k ? k->w_end : NULL;
	return k ? k->nr_runs : 0;
}

const char *capsim_recording_task(const capsim_recording *r, unsigned i, int32_t *pid)
{
	if (i >= r->nr_tasks)
		return NULL;
	if (pid)
		*pid = r->tasks[i].pid;
	return r->tasks[i].name;
}
