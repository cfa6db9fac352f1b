// SPDX-License-Identifier: MIT
/*
 * sim_api.c - the calls of include/capsim/capsim_sim.h that span layers: a scenario (read by
 * src/input/scenario.c) changed from code, runs of it made (scenario_build(), src/sim/), run
 * and traced, and a finished run's figures (sim_result_totals(), sim_task_result() and the
 * pressure metrics) copied, or their largest part handed over, into the public summary structs
 * that the report writers (src/output/report*.c) print.
 * Workload and PELT calls live in their own layers' files; this file holds no state.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "internal.h"
#include "input/kernel_config.h"
#include "input/readfile.h"
#include "input/scenario.h"
#include "input/scenario_events.h"
#include "input/scenario_timeline.h"
#include "output/report.h"
#include "output/sim_trace.h"
#include "api/sink_list.h"
#include "api/writer_thread.h"
#include "output/trace_chrome.h"
#include "output/trace_dat.h"
#include "output/trace_perfetto.h"
#include "sim/pressure_metrics.h"
#include "sim/sim.h"
#include "sim/sim_events.h"
#include "sim/sim_pressure.h"

static int summary_taken(capsim_error *err);

/* ---- scenarios ----------------------------------------------------------------------------- */

int capsim_scenario_load(const char *path, capsim_scenario **out, capsim_error *err)
{
	return scenario_load(path, out, err);
}

int capsim_scenario_parse(const char *text, size_t len, const char *name, const char *dir,
			  capsim_scenario **out, capsim_error *err)
{
	return scenario_parse(text, len, name, dir, out, err);
}

int capsim_scenario_list(char ***names, capsim_error *err)
{
	return scenario_list(names, err);
}

int capsim_scenario_shipped_path(const char *name, char *buf, size_t size, capsim_error *err)
{
	return scenario_shipped_path(name, buf, size, err);
}

const char *capsim_scenario_description(const capsim_scenario *sc)
{
	return sc->description;
}

const char *capsim_scenario_question(const capsim_scenario *sc)
{
	return sc->question;
}

int capsim_scenario_load_default(capsim_scenario **out, capsim_error *err)
{
	return scenario_load_default(out, err);
}

int capsim_scenario_default_path(char *buf, size_t size)
{
	return scenario_default_path(buf, size);
}

int capsim_scenario_create(capsim_scenario **out, capsim_error *err)
{
	return scenario_new(out, err);
}

void capsim_scenario_free(capsim_scenario *sc)
{
	scenario_free(sc);
}

/* The timeline is expanded up to the duration by the first run: both are fixed from then on. */
static int timeline_fixed(const capsim_scenario *sc, const char *what, capsim_error *err)
{
	if (!sc->finished)
		return 0;
	return capsim_error_set(err, CAPSIM_ERR_INVALID, "%s: %s cannot change once a run has been "
				"made from the scenario", sc->source, what);
}

static int range(const capsim_scenario *sc, const char *what, unsigned long long v,
		 const char *expected, capsim_error *err)
{
	return capsim_error_set(err, CAPSIM_ERR_RANGE, "%s: %s %llu: expected %s", sc->source, what,
				v, expected);
}

static int set_string(char **slot, const char *s, capsim_error *err)
{
	char *copy = s ? strdup(s) : NULL;

	if (s && !copy)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	free(*slot);
	*slot = copy;
	return 0;
}

int capsim_scenario_set_platform(capsim_scenario *sc, const char *platform, capsim_error *err)
{
	if (!platform)
		return capsim_error_set(err, CAPSIM_ERR_INVALID, "%s: no platform given", sc->source);
	return set_string(&sc->platform_arg, platform, err);
}

int capsim_scenario_add_overlay(capsim_scenario *sc, const char *path, capsim_error *err)
{
	char **v, *copy;

	if (!path)
		return capsim_error_set(err, CAPSIM_ERR_INVALID, "%s: no overlay path given",
					sc->source);
	v = realloc(sc->overlays, (sc->nr_overlays + 1) * sizeof(*v));
	if (v)
		sc->overlays = v;
	copy = v ? strdup(path) : NULL;
	if (!copy)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	sc->overlays[sc->nr_overlays++] = copy;
	return 0;
}

int capsim_scenario_inputs(const capsim_scenario *sc,
			   int (*fn)(void *ctx, const char *what, const char *path), void *ctx)
{
	return sc && fn ? scenario_inputs(sc, fn, ctx) : CAPSIM_ERR_INVALID;
}

int capsim_scenario_set_workload_path(capsim_scenario *sc, const char *path, capsim_error *err)
{
	int ret;

	if (!path)
		return capsim_error_set(err, CAPSIM_ERR_INVALID, "%s: no workload path given",
					sc->source);
	ret = set_string(&sc->workload_arg, path, err);
	if (!ret) {
		capsim_workload_free(sc->workload);
		sc->workload = NULL;
	}
	return ret;
}

int capsim_scenario_set_workload(capsim_scenario *sc, capsim_workload *wl, capsim_error *err)
{
	if (!wl)
		return capsim_error_set(err, CAPSIM_ERR_INVALID, "%s: no workload given", sc->source);
	capsim_workload_free(sc->workload);
	sc->workload = wl_ref(wl);
	free(sc->workload_arg);
	sc->workload_arg = NULL;
	return 0;
}

int capsim_scenario_set_duration(capsim_scenario *sc, uint64_t ns, capsim_error *err)
{
	if (timeline_fixed(sc, "the duration", err))
		return err ? err->code : CAPSIM_ERR_INVALID;
	if (ns > CAPSIM_MAX_RUN_NS)
		return range(sc, "duration (ns)", ns, "at most 366 days (CAPSIM_MAX_RUN_NS)", err);
	sc->opt.duration_ns = ns;
	return 0;
}

int capsim_scenario_set_seed(capsim_scenario *sc, uint64_t seed, capsim_error *err)
{
	sc->opt.seed = seed;
	return 0;
}

int capsim_scenario_set_model(capsim_scenario *sc, enum capsim_model model, capsim_error *err)
{
	if ((unsigned)model >= CAPSIM_MODEL_COUNT)
		return range(sc, "model", (unsigned)model, "an enum capsim_model", err);
	sc->opt.model = model;
	return 0;
}

int capsim_scenario_set_governor(capsim_scenario *sc, enum capsim_governor gov,
				 capsim_error *err)
{
	switch (gov) {
	case CAPSIM_GOV_SCHEDUTIL: sc->opt.governor = SIM_GOV_SCHEDUTIL; return 0;
	case CAPSIM_GOV_PERFORMANCE: sc->opt.governor = SIM_GOV_PERFORMANCE; return 0;
	case CAPSIM_GOV_POWERSAVE: sc->opt.governor = SIM_GOV_POWERSAVE; return 0;
	}
	return range(sc, "governor", (unsigned)gov, "an enum capsim_governor", err);
}

int capsim_scenario_set_hz(capsim_scenario *sc, unsigned hz, capsim_error *err)
{
	if (!hz || hz > 10000)
		return range(sc, "HZ", hz, "1..10000", err);
	sc->opt.hz = hz;
	sc->kernel_set |= KCONFIG_BIT(KCONFIG_HZ);
	return 0;
}

int capsim_scenario_set_eas(capsim_scenario *sc, int on, capsim_error *err)
{
	sc->opt.eas = !!on;
	sc->kernel_set |= KCONFIG_BIT(KCONFIG_ENERGY_MODEL);
	return 0;
}

int capsim_scenario_set_cpuidle_governor(capsim_scenario *sc, const char *name, capsim_error *err)
{
	int gov = name ? cpuidle_find_governor(name) : -1;

	if (gov < 0)
		return capsim_error_set(err, CAPSIM_ERR_INVALID, "%s: cpuidle governor '%s' (expected "
					"menu or teo)", sc->source, name ? name : "(null)");
	sc->opt.cpuidle_governor = gov;
	sc->kernel_set |= KCONFIG_BIT(KCONFIG_CPU_IDLE_GOV);
	return 0;
}

int capsim_scenario_set_kernel_config(capsim_scenario *sc, const char *path, capsim_error *err)
{
	struct kernel_config kc;
	int ret;

	if (!path)
		return capsim_error_set(err, CAPSIM_ERR_INVALID, "%s: no kernel config path given",
					sc->source);
	if (strlen(path) >= sizeof(sc->opt.kernel_config))
		return capsim_error_set(err, CAPSIM_ERR_RANGE, "%s: a kernel config path of %zu bytes "
					"(expected fewer than %zu)", sc->source, strlen(path),
					sizeof(sc->opt.kernel_config));
	ret = kernel_config_load(path, &kc, err);
	if (ret)
		return ret;
	kernel_config_apply(&kc, sc->kernel_set, &sc->opt);
	snprintf(sc->opt.kernel_config, sizeof(sc->opt.kernel_config), "%s", path);
	return 0;
}

int capsim_scenario_set_max_events(capsim_scenario *sc, uint64_t n, capsim_error *err)
{
	if (!n)
		return range(sc, "max events", n, "a positive count", err);
	sc->opt.max_events = n;
	return 0;
}

int capsim_scenario_set_thermal(capsim_scenario *sc, enum capsim_thermal thermal,
				capsim_error *err)
{
	switch (thermal) {
	case CAPSIM_THERMAL_OFF:
		sc->opt.thermal = 0;
		return 0;
	case CAPSIM_THERMAL_STEP_WISE:
		sc->opt.thermal = 1;
		sc->opt.thermal_governor = THERMAL_GOV_STEP_WISE;
		return 0;
	case CAPSIM_THERMAL_POWER_ALLOCATOR:
		sc->opt.thermal = 1;
		sc->opt.thermal_governor = THERMAL_GOV_POWER_ALLOCATOR;
		return 0;
	}
	return range(sc, "thermal", (unsigned)thermal, "an enum capsim_thermal", err);
}

int capsim_scenario_set_decay_shift(capsim_scenario *sc, unsigned shift, capsim_error *err)
{
	if (shift > 10)
		return range(sc, "decay shift", shift, "0..10", err);
	sc->opt.thermal_decay_shift = shift;
	return 0;
}

int capsim_scenario_set_capped_threshold(capsim_scenario *sc, uint64_t ns, capsim_error *err)
{
	if (!ns || ns > CAPSIM_MAX_DURATION_NS)
		return range(sc, "capped threshold (ns)", ns, "a duration > 0", err);
	sc->opt.capped_threshold_ns = ns;
	return 0;
}

int capsim_scenario_set_pressure_metrics(capsim_scenario *sc, int on, capsim_error *err)
{
	sc->opt.pressure_metrics = !!on;
	return 0;
}

/* The caps added in code wait in sc->added until the first run appends them after the file's. */
static int add_timeline(capsim_scenario *sc, const char *arg,
			int (*add)(scn_events *, const char *, capsim_error *), capsim_error *err)
{
	if (timeline_fixed(sc, "the caps", err))
		return err ? err->code : CAPSIM_ERR_INVALID;
	if (!arg)
		return capsim_error_set(err, CAPSIM_ERR_INVALID, "%s: no cap given", sc->source);
	if (!sc->added && !(sc->added = scn_events_new()))
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	return add(sc->added, arg, err);
}

int capsim_scenario_add_max_freq(capsim_scenario *sc, const char *arg, capsim_error *err)
{
	return add_timeline(sc, arg, scn_events_add_max_freq, err);
}

int capsim_scenario_add_min_freq(capsim_scenario *sc, const char *arg, capsim_error *err)
{
	return add_timeline(sc, arg, scn_events_add_min_freq, err);
}

int capsim_scenario_add_hw_cap(capsim_scenario *sc, const char *arg, capsim_error *err)
{
	return add_timeline(sc, arg, scn_events_add_hw_cap, err);
}

int capsim_scenario_clear_events(capsim_scenario *sc, capsim_error *err)
{
	scn_events *empty;

	if (timeline_fixed(sc, "the caps", err))
		return err ? err->code : CAPSIM_ERR_INVALID;
	empty = scn_events_new();
	if (!empty)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	scn_events_free(sc->timeline);
	sc->timeline = empty;
	free(sc->events);
	sc->events = NULL;
	sc->nr_events = 0;
	return 0;
}

/* ---- runs ---------------------------------------------------------------------------------- */

int capsim_sim_create(capsim_scenario *sc, capsim_sim **out, capsim_error *err)
{
	*out = NULL;
	if (!sc->finished) {
		/* the file's timeline, then what was added in code: the order `capsim simulate` has */
		sc->finished = true;
		sc->finish_err = scenario_finish_timeline(sc, sc->added, err);
		if (sc->finish_err)
			return sc->finish_err;
	} else if (sc->finish_err) {
		return capsim_error_set(err, sc->finish_err, "%s: its timeline could not be expanded "
					"(the first run said why)", sc->source);
	}
	return scenario_build(sc, sc->platform_arg, sc->workload_arg, out, err);
}

int capsim_scenario_input_digest(const capsim_scenario *sc, uint64_t *digest, capsim_error *err)
{
	struct capsim_platform *plat = NULL;
	struct capsim_workload *wl = NULL;
	struct sim_sc_event *ev = NULL;
	struct input_digest d;
	int ret;

	/* what capsim_sim_create() reads, read the same way: the files are folded in as read; the
	 * kernel config the options came from too (capsim_scenario_set_kernel_config()) */
	input_digest_begin(&d);
	ret = scenario_prepare(sc, sc->platform_arg, sc->workload_arg, &plat, &wl, &ev, err);
	if (!ret && sc->opt.kernel_config[0]) {
		struct kernel_config kc;

		ret = kernel_config_load(sc->opt.kernel_config, &kc, err);
		if (ret) {
			free(ev);
			platform_free(plat);
			capsim_workload_free(wl);
		}
	}
	input_digest_end();
	*digest = d.hash;
	if (!ret) {
		free(ev);
		platform_free(plat);
		capsim_workload_free(wl);
	}
	return ret;
}

void capsim_sim_set_progress(capsim_sim *s, void (*fn)(void *ctx, uint64_t now_ns,
						       uint64_t end_ns), void *ctx)
{
	s->progress = fn;
	s->progress_ctx = ctx;
}

/* the writer of each enum capsim_trace_format */
static const struct trace_format *const trace_formats[] = {
	[CAPSIM_TRACE_FTRACE] = &trace_format_ftrace,
	[CAPSIM_TRACE_REPORT] = &trace_format_report,
	[CAPSIM_TRACE_DAT] = &trace_format_dat,
	[CAPSIM_TRACE_PERFETTO] = &trace_format_perfetto,
	[CAPSIM_TRACE_CHROME] = &trace_format_chrome,
};

int capsim_sim_sink_header(const capsim_sim *s, struct capsim_sink_header *out)
{
	struct capsim_sink_header full;

	if (!s || !out)
		return CAPSIM_ERR_INVALID;
	full = (struct capsim_sink_header){
		.version = CAPSIM_SINK_HEADER_VERSION,
		.nr_cpus = s->nr_cpus,
		.trace_families = s->trace_families,
	};
	return abi_fill(out, &full, sizeof(full), ABI_V1_SINK_HEADER);
}

/* the writer @f made from the run's sink header and attached beside the library's other ones */
static int trace_attach(capsim_sim *s, FILE *fp, const struct trace_format *f)
{
	struct capsim_sink_header h = CAPSIM_SIZED(struct capsim_sink_header);
	void *ctx;
	int ret;

	if (!sink_list_can_add(s, f->event))
		return CAPSIM_ERR_INVALID;
	capsim_sim_sink_header(s, &h);
	ret = f->open(&h, fp, &ctx);
	if (ret)
		return ret;
	ret = sink_list_add(s, f->event, ctx, f->release, SIM_SINK_ALL_TYPES);
	if (ret)
		f->release(ctx);
	return ret;
}

/* a no-op unless @f is attached to @s */
static int trace_detach(capsim_sim *s, const struct trace_format *f)
{
	void *ctx = sink_list_remove(s, f->event);

	return ctx ? f->finish(ctx) : 0;
}

int capsim_sim_trace_open(capsim_sim *s, FILE *fp)
{
	return trace_attach(s, fp, &trace_format_ftrace);
}

int capsim_sim_trace_open_format(capsim_sim *s, FILE *fp, enum capsim_trace_format format)
{
	if (!s || !fp || (unsigned)format >= sizeof(trace_formats) / sizeof(trace_formats[0]))
		return CAPSIM_ERR_INVALID;
	/* the lisa__* events: Perfetto and Chrome JSON have no record layouts for them */
	if ((s->trace_families & CAPSIM_TRACE_EV_TEXT_ONLY) && format != CAPSIM_TRACE_FTRACE &&
	    format != CAPSIM_TRACE_REPORT && format != CAPSIM_TRACE_DAT)
		return CAPSIM_ERR_INVALID;
	return trace_attach(s, fp, trace_formats[format]);
}

int capsim_sim_trace_set_events(capsim_sim *s, unsigned families)
{
	if (!s || s->started || (families & ~CAPSIM_TRACE_EV_ALL))
		return CAPSIM_ERR_INVALID;
	s->trace_families = families;
	return 0;
}

/* the text trace (both styles share one writer), then the other formats */
int capsim_sim_trace_close(capsim_sim *s)
{
	int ret = trace_detach(s, &trace_format_ftrace);

	if (!ret)
		ret = trace_detach(s, &trace_format_dat);
	if (!ret)
		ret = trace_detach(s, &trace_format_perfetto);
	if (!ret)
		ret = trace_detach(s, &trace_format_chrome);
	return ret;
}

int capsim_sim_run(capsim_sim *s, capsim_error *err)
{
	int ret;

	if (s->summary_taken)
		return summary_taken(err);
	writer_thread_start(s);
	ret = sim_run(s, err);
	writer_thread_stop(s);
	return ret;
}

void capsim_sim_stop(capsim_sim *s)
{
	atomic_store_explicit(&s->stop, 1, memory_order_relaxed);
}

const capsim_workload *capsim_sim_workload(const capsim_sim *s)
{
	return s->wl;
}

const char *capsim_sim_warning(const capsim_sim *s)
{
	return s && s->warning[0] ? s->warning : NULL;
}

void capsim_sim_free(capsim_sim *s)
{
	sim_free(s);
}

/* ---- the summary --------------------------------------------------------------------------- */

static enum capsim_governor governor_of(enum sim_governor g)
{
	return g == SIM_GOV_PERFORMANCE ? CAPSIM_GOV_PERFORMANCE :
	       g == SIM_GOV_POWERSAVE ? CAPSIM_GOV_POWERSAVE : CAPSIM_GOV_SCHEDUTIL;
}

static int by_cpu_order(const void *a, const void *b)
{
	const struct capsim_cpu_time *x = a, *y = b;

	return (x->cpu > y->cpu) - (x->cpu < y->cpu);
}

/*
 * Task @p's runtime per CPU in the public form, ascending by CPU as the reports list it: a copy
 * of its list, or with @take the list itself widened in place and handed over (a large run's
 * peak memory then holds it once: 66 entries a task in bench (c)). NULL: out of memory.
 */
static struct capsim_cpu_time *cpu_times(struct sim_task *p, bool take)
{
	struct task_stats st = p->st;
	unsigned n = st.nr_by_cpu;
	struct capsim_cpu_time *out;

	if (!take) {
		out = calloc(n ? n : 1, sizeof(*out));
		for (unsigned k = 0; out && k < n; k++)
			out[k] = (struct capsim_cpu_time){ cpu_time_cpu(&st, k), cpu_time_ns(&st, k) };
	} else {
		out = realloc(p->st.by_cpu, (n ? n : 1) * sizeof(*out));
		st.by_cpu = (uint8_t *)out;
		/* last first: entry k's 16 bytes overlap only the shorter entries from k on */
		for (unsigned k = n; out && k-- > 0;)
			out[k] = (struct capsim_cpu_time){ cpu_time_cpu(&st, k), cpu_time_ns(&st, k) };
		if (out) {
			p->st.by_cpu = NULL;
			p->st.nr_by_cpu = p->st.cap_by_cpu = 0;
		}
	}
	if (out)
		qsort(out, n, sizeof(*out), by_cpu_order);
	return out;
}

/*
 * task @i's figures; with @take (the run itself), its name and runtime per CPU handed over (see
 * cpu_times()) and the task freed: a large run's summary then costs no more memory than the
 * run held.
 */
static int task_summary(const struct capsim_sim *s, uint32_t i, struct capsim_sim *take,
			struct capsim_task_summary *out, struct capsim_task_counts *counts,
			double run_energy_j, struct capsim_task_energy *energy)
{
	struct sim_task *p = s->tasks[i];
	unsigned nr_by_cpu = p->st.nr_by_cpu;
	struct capsim_cpu_time *by_cpu;
	struct sim_task_result t;
	char *name;

	sim_task_result(s, i, &t);
	name = take && sim_task_owns_name(s, p) ? p->name : strdup(t.name);
	by_cpu = name ? cpu_times(p, take != NULL) : NULL;
	if (!by_cpu) {
		if (name != p->name)
			free(name);
		return CAPSIM_ERR_NOMEM;
	}
	*out = (struct capsim_task_summary){
		.name = name,
		.activations = t.activations,
		.deadline_misses = t.deadline_misses,
		.timer_events = t.timer_events,
		.slack_mean_us = t.slack_mean_us,
		.slack_min_us = t.slack_min_us,
		.runtime_ns = p->st.runtime_ns,
		.runtime_by_cpu = by_cpu,
		.nr_runtime_by_cpu = nr_by_cpu,
		.lat_p50_us = t.lat_p50_us,
		.lat_p99_us = t.lat_p99_us,
		.migrations = t.migrations,
		.util_avg_end = t.util_avg_end,
	};
	*counts = (struct capsim_task_counts){ p->st.activations, p->st.loops };
	*energy = (struct capsim_task_energy){
		t.energy_j, run_energy_j > 0 ? 100.0 * t.energy_j / run_energy_j : 0 };
	if (take) {
		if (name == p->name)
			p->name = NULL; /* handed over */
		sim_task_free(take, i);
	}
	return 0;
}

static void cpu_summary(const struct capsim_sim *s, const struct sim_cpu_result *cr,
			struct capsim_cpu_summary *out)
{
	const struct pressure_metrics *pm = sim_pressure_metrics(s);

	*out = (struct capsim_cpu_summary){
		.cpu = cr->cpu,
		.busy_ns = s->rq[cr->cpu].busy_ns,
		.busy_pct = cr->busy_pct,
		.mean_freq_khz = cr->mean_freq_khz,
		.mean_actual_capacity = cr->mean_actual_capacity,
		.energy_j = cr->energy_j,
		.nr_idle_states = s->plat->cpus[cr->cpu].nr_idle + 1,
		.kthread_busy_ns = sim_kthread_busy_ns(s, cr->cpu),
		.idle_energy_j = cr->idle_energy_j,
	};
	for (unsigned k = 0; k < out->nr_idle_states; k++)
		out->idle_residency_ns[k] = s->rq[cr->cpu].idle_ns[k];
	if (s->opt.pressure_metrics && cr->cpu < pm->nr_cpus) {
		out->believed_pressure_pct = pm_pressure_pct(pm, cr->cpu);
		out->capped_pct = pm_capped_pct(pm, cr->cpu);
		out->mean_abs_capacity_error = pm_mean_abs_err(pm, cr->cpu);
	}
}

/*
 * A request that a later one at t = 0 updates or removes (the scenario's "caps" and a
 * --max-freq of the same policy are both its scaling_max_freq request) is not a cap in place
 * from the start.
 */
static bool replaced_at_start(const struct capsim_sim *s, unsigned i)
{
	const struct sim_sc_event *a = &s->sc[i];

	for (unsigned j = i + 1; j < s->nr_sc; j++) {
		const struct sim_sc_event *b = &s->sc[j];

		if (!b->time_ns && (b->kind == SIM_SC_QOS_SET || b->kind == SIM_SC_QOS_CLEAR) &&
		    b->policy == a->policy && b->qos == a->qos && !strcmp(b->name, a->name))
			return true;
	}
	return false;
}

/* the header: what ran, with the static caps (freq_qos requests in place from the start) */
static int header_summary(const struct capsim_sim *s, capsim_summary *sum)
{
	struct capsim_summary_policy *pol = calloc(s->plat->nr_policies + 1, sizeof(*pol));
	struct capsim_summary_cap *caps = calloc(s->nr_sc + 1, sizeof(*caps));
	unsigned nr_caps = 0;

	sum->policies = pol;
	sum->caps = caps;
	sum->platform = strdup(s->plat->name);
	sum->workload = s->wl->source ? strdup(s->wl->source) : NULL;
	if (!pol || !caps || !sum->platform || (s->wl->source && !sum->workload))
		return CAPSIM_ERR_NOMEM;
	for (unsigned p = 0; p < s->plat->nr_policies; p++)
		pol[p] = (struct capsim_summary_policy){ s->plat->policies[p].cpu,
						      s->plat->policies[p].related_cpus };
	sum->nr_policies = s->plat->nr_policies;
	for (unsigned i = 0; i < s->nr_sc; i++)
		if (s->sc[i].kind == SIM_SC_QOS_SET && !s->sc[i].time_ns && !replaced_at_start(s, i))
			caps[nr_caps++] = (struct capsim_summary_cap){
				s->plat->policies[s->sc[i].policy].cpu, s->sc[i].qos == FREQ_QOS_MAX,
				s->sc[i].khz };
	sum->nr_caps = nr_caps;
	sum->duration_ns = s->now;
	sum->truncated_by = s->truncated;
	sum->truncated_at_ns = s->truncated ? s->now : 0;
	sum->hz = s->opt.hz;
	sum->governor = governor_of(s->opt.governor);
	sum->eas = s->eas;
	sum->uclamp = !!s->opt.uclamp;
	sum->model = s->opt.model;
	sum->seed = s->opt.seed;
	sum->has_energy_model = platform_has_em(s->plat);
	return 0;
}

/* the kernel options the run used beyond the header's (output/report.h) */
static void kernel_summary(const struct capsim_sim *s, struct report_kernel *k)
{
	*k = (struct report_kernel){
		.shown = s->opt.kernel_config[0] || s->opt.uclamp_buckets != UCLAMP_BUCKETS_DEFAULT ||
			 s->opt.nr_cgroups || s->opt.cpuidle_governor != CPUIDLE_GOV_MENU,
		.hz = s->opt.hz,
		.uclamp = !!s->opt.uclamp,
		.eas = !!s->opt.eas,
		.cpuidle_off = !!s->opt.cpuidle_off,
		.cpuidle_governor = cpuidle_governor_name(s->cpuidle_gov),
		.uclamp_buckets = s->opt.uclamp_buckets,
		.uclamp_sysctl = s->opt.uclamp_sysctl,
		.uclamp_task_group = !!s->opt.uclamp_task_group,
		.nr_cgroups = s->opt.nr_cgroups,
	};
	snprintf(k->file, sizeof(k->file), "%s", s->opt.kernel_config);
	for (unsigned i = 0; i < s->opt.nr_cgroups; i++) {
		snprintf(k->cgroups[i].path, sizeof(k->cgroups[i].path), "%s", s->opt.cgroups[i].path);
		for (int id = 0; id < UCLAMP_IDS; id++) {
			k->cgroups[i].req[id] = s->cgroups[i].req[id];
			k->cgroups[i].eff[id] = s->cgroups[i].eff[id];
		}
	}
}

static void pressure_summary(const struct capsim_sim *s, capsim_summary *sum)
{
	const struct pressure_metrics *pm = sim_pressure_metrics(s);

	sum->has_pressure_metrics = !!s->opt.pressure_metrics;
	if (!sum->has_pressure_metrics)
		return;
	sum->pressure = (struct capsim_pressure_summary){
		.mean_abs_capacity_error = pm_mean_abs_err_all(pm),
		.placements = pm->placements,
		.misfit_placements = pm->misfit_placements,
		.uclamp_min_placements = pm->uclamp_min_placements,
		.uclamp_min_violations = pm->uclamp_min_violations,
		.mean_uclamp_min_shortfall = pm_mean_shortfall(pm),
	};
}

/* capsim_sim_summary() and, with @take (@s itself), capsim_sim_summary_take() */
static int summary(const capsim_sim *s, capsim_sim *take, capsim_summary **out,
		   capsim_error *err)
{
	struct report_summary *box = calloc(1, sizeof(*box)); /* freed as its first member */
	capsim_summary *sum = box ? &box->pub : NULL;
	struct capsim_task_summary *tasks = NULL;
	struct capsim_task_counts *counts = NULL;
	struct capsim_task_energy *energy = NULL;
	struct capsim_cpu_summary *cpus = NULL;
	struct sim_result r;
	int ret;

	*out = NULL;
	if (!sum || sim_result_totals(s, &r)) {
		free(sum);
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	}
	sum->size = sizeof(*sum);
	sum->version = CAPSIM_SUMMARY_VERSION;
	ret = header_summary(s, sum);
	if (!ret)
		kernel_summary(s, &box->kernel);
	if (!ret) {
		sum->tasks = tasks = calloc(s->nr_tasks + 1, sizeof(*tasks));
		sum->cpus = cpus = calloc(r.nr_cpus + 1, sizeof(*cpus));
		sum->task_counts = counts = calloc(s->nr_tasks + 1, sizeof(*counts));
		sum->task_energy = energy = calloc(s->nr_tasks + 1, sizeof(*energy));
		ret = tasks && cpus && counts && energy ? 0 : CAPSIM_ERR_NOMEM;
	}
	for (uint32_t i = 0; !ret && i < s->nr_tasks; i++) {
		ret = task_summary(s, i, take, &tasks[i], &counts[i], r.energy_j, &energy[i]);
		sum->nr_tasks = i + !ret;
	}
	for (unsigned c = 0; !ret && c < r.nr_cpus; c++)
		cpu_summary(s, &r.cpus[c], &cpus[c]);
	if (!ret) {
		sum->nr_cpus = r.nr_cpus;
		sum->duration_s = r.duration_s;
		sum->energy_j = r.energy_j;
		sum->has_idle_power = r.has_idle_power;
		sum->idle_energy_j = r.idle_energy_j;
		sum->kthread_energy_j = r.kthread_energy_j;
		sum->migrations = r.migrations;
		sum->misfit_migrations = r.misfit_migrations;
		sum->overutilized_pct = r.overutilized_pct;
		sum->events = r.events;
		pressure_summary(s, sum);
	}
	sim_result_free(&r);
	if (ret) {
		capsim_summary_free(sum);
		return capsim_error_set(err, ret, "out of memory");
	}
	*out = sum;
	return 0;
}

/* what a run whose summary was taken answers (capsim_sim_summary_take()) */
static int summary_taken(capsim_error *err)
{
	return capsim_error_set(err, CAPSIM_ERR_INVALID, "the run's figures were handed over to "
				"its summary (capsim_sim_summary_take()): it can only be freed");
}

int capsim_sim_summary(const capsim_sim *s, capsim_summary **out, capsim_error *err)
{
	if (s->summary_taken) {
		*out = NULL;
		return summary_taken(err);
	}
	return summary(s, NULL, out, err);
}

int capsim_sim_summary_take(capsim_sim *s, capsim_summary **out, capsim_error *err)
{
	*out = NULL;
	if (s->summary_taken)
		return summary_taken(err);
	s->summary_taken = true; /* even if it fails halfway: some tasks may be gone */
	return summary(s, s, out, err);
}

void capsim_summary_free(capsim_summary *sum)
{
	if (!sum)
		return;
	for (unsigned i = 0; i < sum->nr_tasks; i++) {
		free((void *)sum->tasks[i].name);
		free((void *)sum->tasks[i].runtime_by_cpu);
	}
	free((void *)sum->tasks);
	free((void *)sum->task_counts);
	free((void *)sum->task_energy);
	free((void *)sum->cpus);
	free((void *)sum->caps);
	free((void *)sum->policies);
	free((void *)sum->platform);
	free((void *)sum->workload);
	free(sum);
}
