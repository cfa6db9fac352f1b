// SPDX-License-Identifier: MIT
/*
 * sim_pressure.c - the simulator's pressure side (see sim_pressure.h): it feeds the run's kernel
 * model (src/model/belief.c) with what the kernel's pressure writers would see -- cpufreq_set_policy()
 * after every freq_qos change, qcom LMh's throttling, a pre-6.10 cooling device's
 * arch_update_thermal_pressure() -- updates the pressure average at sched_tick() and in the
 * blocked-load path, hands the placement code (src/model/fair.c) the model's capacities, runs the
 * thermal loop on the platform's zones (heating each zone with the EM power of its CPUs since
 * the last step), and measures the pressure metrics of `capsim compare`.
 *
 * Simplifications (docs/model.md, "Simulator: pressure and thermal"): the thermal work runs
 * at once at its poll time (no kworker latency); an interrupt-driven zone is heated in steps of
 * at most 100 ms, which bounds how late a trip crossing is seen.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_pressure.h"

#include "model/belief.h"
#include "internal.h"
#include "model/model.h"
#include "sim/pressure_metrics.h"
#include "sim/sim.h"
#include "sim/sim_events.h"
#include "model/thermal_platform.h"

#define THERMAL_MAX_STEP_NS (100 * NSEC_PER_MSEC)

struct sim_pressure {
	struct belief *belief;
	struct pressure_metrics pm;
	struct thermal *thermal;
	struct thermal_desc *desc;
	uint64_t thermal_last;
	uint64_t **busy_last;    /* per CPU: busy_at_opp at the last heat step */
	uint64_t *power;         /* per CPU: scratch, µW over the last step */
	struct thermal_cpu_input *in;
	uint32_t *filled;        /* per CPU: belief_version() at its view's last fill */
};

static struct sim_pressure *press_of(const struct capsim_sim *s)
{
	return s->press;
}

/* ---- the model's belief -------------------------------------------------------------------- */

/* the v6.9 thermal_pressure_update event; hw_pressure_update is the simulator's own */
static void belief_trace(void *ctx, const char *event, const capsim_cpumask *cpus, unsigned cpu,
			 uint64_t pressure)
{
	if (!strcmp(event, "thermal_pressure_update"))
		sim_ev_thermal_pressure(ctx, cpus, (int)cpu, pressure);
}

static int setup_belief(struct capsim_sim *s, capsim_error *err)
{
	struct belief_params bp = { s->opt.model, s->opt.thermal_decay_shift,
				    s->opt.capped_threshold_ns };
	struct belief_cpu_params *cp = calloc(s->nr_cpus, sizeof(*cp));
	int ret;

	if (!cp)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	for (unsigned c = 0; c < s->nr_cpus; c++)
		cp[c] = belief_cpu_params_of(s->plat, c);
	ret = belief_create(&bp, cp, s->nr_cpus, &press_of(s)->belief, err);
	free(cp);
	if (!ret) {
		press_of(s)->belief->trace = belief_trace;
		press_of(s)->belief->trace_ctx = s;
	}
	return ret;
}

void sim_pressure_policy_changed(struct capsim_sim *s, unsigned policy)
{
	const struct platform_policy *pp = &s->plat->policies[policy];

	belief_set_policy_max(press_of(s)->belief, &pp->related_cpus, pp->max_khz, s->now);
}

void sim_pressure_hw_cap(struct capsim_sim *s, const capsim_cpumask *cpus, uint32_t khz)
{
	/* qcom_lmh_dcvs_notify() reports a frequency; unthrottled is the highest one */
	belief_hw_cap(press_of(s)->belief, cpus, khz ? khz : UINT32_MAX);
}

void sim_pressure_tick(struct capsim_sim *s, int cpu)
{
	belief_tick(press_of(s)->belief, (unsigned)cpu, s->rq[cpu].clk.clock_task);
}

int sim_pressure_blocked(struct capsim_sim *s, int cpu)
{
	const struct pelt_rq_clock *clk = &s->rq[cpu].clk;

	return belief_blocked_update(press_of(s)->belief, (unsigned)cpu, clk->clock_task,
				     pelt_rq_clock_pelt(clk));
}

uint64_t sim_pressure_load_avg(const struct capsim_sim *s, int cpu)
{
	return press_of(s)->belief->cpus[cpu].avg.load_avg;
}

uint64_t sim_actual_capacity(const struct capsim_sim *s, int cpu)
{
	return belief_view(press_of(s)->belief, (unsigned)cpu, s->now).actual_cap;
}

void sim_pressure_counters(const struct capsim_sim *s, int cpu, struct capsim_ev_cpu_counters *c)
{
	struct belief_signals bs = belief_signals(press_of(s)->belief, (unsigned)cpu, s->now);

	c->actual_capacity = bs.actual_cap;
	c->thermal = model_reads_thermal(s->opt.model);
	c->hw_pressure = c->thermal ? bs.thermal_pressure : bs.hw_pressure;
	c->cpufreq_pressure = bs.cpufreq_pressure;
	c->hw_load_avg = bs.hw_load_avg;
	c->thermal_load_avg = bs.thermal_load_avg;
}

uint64_t sim_pressure_hw(const struct capsim_sim *s, int cpu)
{
	return belief_signals(press_of(s)->belief, (unsigned)cpu, s->now).hw_pressure;
}

/*
 * The views' pressure fields are a cache of the belief (placement reads them many times an
 * event). Debug and ASan builds check after every event that a recomputation from the belief
 * equals each of them. The capped model's held maximum moves with time alone: its views follow
 * at the next view sync or balance, so they are checked only for the signals themselves.
 */
void sim_pressure_check_views(const struct capsim_sim *s)
{
#ifndef NDEBUG
	for (unsigned c = 0; c < s->nr_cpus; c++) {
		struct belief_view bv = belief_view(press_of(s)->belief, c, s->now);
		const struct fair_cpu *v = &s->view[c];

		if (s->opt.model == CAPSIM_MODEL_CAPPED)
			continue;
		assert(v->arch_cap == bv.arch_cap && v->cpufreq_pressure == bv.cpufreq_pressure &&
		       v->hw_load_avg == bv.hw_load_avg && v->thermal_pressure == bv.thermal_pressure &&
		       v->thermal_load_avg == bv.thermal_load_avg);
	}
#else
	(void)s;
#endif
}

/*
 * Outside the capped model a view moves only with its belief's version (most fills follow a
 * tick or a blocked update that left the average where it was): a view filled at the current
 * version is the belief's already, which sim_pressure_check_views() asserts after every event
 * in debug and ASan builds.
 */
bool sim_pressure_fill_view(struct capsim_sim *s, struct sim_rq *rq)
{
	struct sim_pressure *sp = press_of(s);
	uint32_t version = belief_version(sp->belief, (unsigned)rq->cpu);
	struct belief_view bv;
	struct fair_cpu *v = rq->fc;
	bool moved;

	if (sp->filled[rq->cpu] == version && s->opt.model != CAPSIM_MODEL_CAPPED)
		return false;
	sp->filled[rq->cpu] = version;
	bv = belief_view(sp->belief, (unsigned)rq->cpu, s->now);
	moved = v->arch_cap != bv.arch_cap || v->cpufreq_pressure != bv.cpufreq_pressure ||
		v->hw_load_avg != bv.hw_load_avg || v->thermal_pressure != bv.thermal_pressure ||
		v->thermal_load_avg != bv.thermal_load_avg;
	v->arch_cap = bv.arch_cap;
	v->cpufreq_pressure = bv.cpufreq_pressure;
	v->hw_load_avg = bv.hw_load_avg;
	v->thermal_pressure = bv.thermal_pressure;
	v->thermal_load_avg = bv.thermal_load_avg;
	rq->acct_cap = (uint32_t)bv.actual_cap;
	return moved;
}

/*
 * The accounting reads the actual capacity at every clock update; outside the capped model it
 * moves only with the pressures, which a view fill follows at the instant they change (the
 * accounting before it sees the old capacity: sim_account_cpu() ran at that instant already,
 * so it reads nothing until the fill). The fill keeps it in rq->acct_cap; debug and ASan
 * builds check it against belief_view() at each read. The events' readers, which run between
 * a change and its fill (a HW cap's hw_pressure event), call sim_actual_capacity(), and so
 * does the accounting under the capped model.
 */
uint64_t sim_account_capacity(const struct capsim_sim *s, const struct sim_rq *rq)
{
	assert(s->opt.model != CAPSIM_MODEL_CAPPED);
	assert(rq->acct_cap == sim_actual_capacity(s, rq->cpu));
	(void)s;
	return rq->acct_cap;
}

void sim_pressure_refresh_views(struct capsim_sim *s)
{
	if (s->opt.model != CAPSIM_MODEL_CAPPED)
		return;
	for (unsigned c = 0; c < s->nr_cpus; c++)
		if (sim_pressure_fill_view(s, &s->rq[c])) {
			rq_signals_changed(s, &s->rq[c]);
			sim_ev_counters(s, (int)c);
		}
}

uint64_t sim_arch_cap(const struct capsim_sim *s, int cpu)
{
	if (s->opt.model == CAPSIM_MODEL_CAPPED && press_of(s))
		return belief_view(press_of(s)->belief, (unsigned)cpu, s->now).arch_cap;
	return platform_cpu_capacity_orig(s->plat, (unsigned)cpu);
}

uint64_t sim_delivered_capacity(const struct capsim_sim *s, int cpu)
{
	uint64_t cap = platform_cpu_capacity_orig(s->plat, (unsigned)cpu);
	int pol = platform_policy_of(s->plat, (unsigned)cpu);
	uint32_t limit = UINT32_MAX, hw = s->rq[cpu].hw_cap_khz;

	if (pol >= 0)
		limit = s->plat->policies[pol].max_khz;
	if (hw && hw < limit)
		limit = hw;
	return cap - platform_freq_pressure(cap, limit, platform_freq_ref(s->plat, (unsigned)cpu));
}

/* ---- metrics --------------------------------------------------------------------------------- */

void sim_pressure_account(struct capsim_sim *s, const struct sim_rq *rq, uint64_t delta)
{
	if (!s->opt.pressure_metrics)
		return;
	pm_account(&press_of(s)->pm, (unsigned)rq->cpu, delta,
		   model_capacity(s->opt.model, rq->fc, MODEL_SITE_IDLE), rq->delivered_cap,
		   rq->cap_orig);
}

void sim_pressure_placement(struct capsim_sim *s, const struct sim_task *p, int cpu)
{
	if (task_is_rt(p) || !s->opt.pressure_metrics)
		return;
	pm_placement(&press_of(s)->pm, task_util_est_of(p), p->uclamp_eff[0], p->uclamp_eff[1],
		     s->rq[cpu].delivered_cap);
}

const struct pressure_metrics *sim_pressure_metrics(const struct capsim_sim *s)
{
	return &press_of(s)->pm;
}

/* ---- the thermal loop ------------------------------------------------------------------------ */

static void thermal_cdev_set(void *ctx, unsigned policy, const char *name, uint32_t khz)
{
	struct capsim_sim *s = ctx;
	struct sim_sc_event e = { .time_ns = s->now, .kind = SIM_SC_QOS_SET, .policy = (int)policy,
				  .qos = FREQ_QOS_MAX, .khz = khz };
	capsim_error err;

	snprintf(e.name, sizeof(e.name), "%s", name);
	/* the CPUs' capacity until now is the old one (sim_apply_qos() syncs them again: no-op) */
	for (unsigned c = 0; c < s->nr_cpus; c++)
		if (capsim_cpumask_test(&s->plat->policies[policy].related_cpus, c))
			sim_account_cpu(s, (int)c);
	/* before 6.10 the cooling device also wrote thermal pressure (patch 3/5 removed it) */
	belief_cooling_freq(press_of(s)->belief, &s->plat->policies[policy].related_cpus, khz);
	if (sim_apply_qos(s, &e, FREQ_QOS_ORIGIN_COOLING, &err))
		s->error = err.code;
}

static void trace_thermal_event(void *ctx, uint64_t now, const char *event, const char *body)
{
	sim_ev_text(ctx, event, body);
}

static int setup_thermal(struct capsim_sim *s, capsim_error *err)
{
	struct sim_pressure *sp = press_of(s);
	struct thermal_setup setup = { s->opt.thermal_governor, s->opt.thermal_rc };
	struct thermal_hooks hooks = { s, thermal_cdev_set, trace_thermal_event };
	int ret;

	ret = thermal_setup_from_platform(s->plat, &setup, &sp->desc, err);
	if (!ret)
		ret = thermal_create(&sp->desc->params, &hooks, &sp->thermal, err);
	if (ret)
		return capsim_error_prefix(err, "%s: ", s->plat->name);
	sp->busy_last = calloc(s->nr_cpus, sizeof(*sp->busy_last));
	sp->power = calloc(CAPSIM_MAX_CPUS, sizeof(*sp->power));
	sp->in = calloc(CAPSIM_MAX_CPUS, sizeof(*sp->in));
	if (!sp->busy_last || !sp->power || !sp->in)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	for (unsigned c = 0; c < s->nr_cpus; c++) {
		int pol = platform_policy_of(s->plat, c);
		unsigned n = pol >= 0 ? s->plat->policies[pol].nr_opps : 0;

		sp->busy_last[c] = calloc(n + 1, sizeof(uint64_t));
		if (!sp->busy_last[c])
			return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	}
	return 0;
}

/* the average power of each CPU since the last step: EM power of the OPPs it was busy at */
static void step_power(struct capsim_sim *s, uint64_t dt)
{
	struct sim_pressure *sp = press_of(s);

	for (unsigned c = 0; c < s->nr_cpus; c++) {
		int pol = platform_policy_of(s->plat, c);
		unsigned n = pol >= 0 ? s->plat->policies[pol].nr_opps : 0;
		unsigned __int128 energy = 0;

		sim_account_cpu(s, (int)c);
		for (unsigned k = 0; k < n; k++) {
			energy += (unsigned __int128)(s->rq[c].busy_at_opp[k] - sp->busy_last[c][k]) *
				  s->rq[c].em_power_at_opp[k];
			sp->busy_last[c][k] = s->rq[c].busy_at_opp[k];
		}
		sp->power[c] = dt ? (uint64_t)(energy / dt) : 0;
	}
}

struct thermal_cpu_input sim_thermal_cpu_input(const struct capsim_sim *s, int cpu)
{
	int pol = platform_policy_of(s->plat, (unsigned)cpu);

	/* get_load() (cpufreq_cooling.c): sched_cpu_util(cpu) * 100 / arch_scale_cpu_capacity();
	 * mutant 101 is the input before that, min(util_cfs + util_rt, capacity) */
	return (struct thermal_cpu_input){
		pol >= 0 ? CAPSIM_MUT(109, s->plat->policies[pol].cur_khz,
				      s->plat->policies[pol].max_khz) : 0,
		CAPSIM_MUT(101, sched_cpu_util(&s->rd, cpu),
			   s->view[cpu].cfs_avg.util_avg + s->view[cpu].avg_rt.util_avg < sim_arch_cap(s, cpu) ?
			   s->view[cpu].cfs_avg.util_avg + s->view[cpu].avg_rt.util_avg : sim_arch_cap(s, cpu)),
		CAPSIM_MUT(102, sim_arch_cap(s, cpu), s->rq[cpu].fc->capacity_of) };
}

static void fill_inputs(struct capsim_sim *s)
{
	for (unsigned c = 0; c < s->nr_cpus; c++)
		press_of(s)->in[c] = sim_thermal_cpu_input(s, (int)c);
}

static void push_next(struct capsim_sim *s)
{
	const struct thermal *t = press_of(s)->thermal;
	uint64_t next = thermal_next_poll(t);
	unsigned z;

	/* an interrupt-driven zone (polling-delay 0) must be heated often to see its crossings */
	for (z = 0; z < t->nr_zones && t->zones[z].params.polling_delay_ms; z++)
		;
	if (z < t->nr_zones && next > s->now + THERMAL_MAX_STEP_NS)
		next = s->now + THERMAL_MAX_STEP_NS;
	if (next != UINT64_MAX)
		sim_push(s, next, EV_THERMAL, 0, 0);
}

void sim_thermal_event(struct capsim_sim *s)
{
	struct sim_pressure *sp = press_of(s);
	uint64_t dt = s->now - sp->thermal_last;

	step_power(s, dt);
	thermal_heat(sp->thermal, dt, sp->power);
	sp->thermal_last = s->now;
	if (thermal_next_poll(sp->thermal) <= s->now) {
		fill_inputs(s);
		thermal_update(sp->thermal, s->now, sp->in);
	}
	push_next(s);
}

int sim_thermal_set_cdev(struct capsim_sim *s, const char *name, unsigned long state,
			 capsim_error *err)
{
	int c = press_of(s)->thermal ? thermal_find_cdev(press_of(s)->thermal, name) : -1;

	if (c < 0)
		return capsim_error_set(err, CAPSIM_ERR_NOT_FOUND,
			"cooling device \"%s\": not found (the thermal loop is %s)", name,
			press_of(s)->thermal ? "on: devices are thermal-cpufreq-N, N the policy index" : "off");
	if (thermal_cdev_set_state(press_of(s)->thermal, (unsigned)c, state, s->now))
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
			"cooling device \"%s\": state %lu above its maximum %lu", name, state,
			press_of(s)->thermal->cdevs[c].max_level);
	return 0;
}

int32_t sim_thermal_zone_temp(const struct capsim_sim *s, unsigned z)
{
	if (!press_of(s)->thermal || z >= press_of(s)->thermal->nr_zones)
		return INT32_MIN;
	return press_of(s)->thermal->zones[z].temperature;
}

/* ---- lifetime -------------------------------------------------------------------------------- */

/* every view is filled at its first sync: none is at its belief's version yet */
static int setup_filled(struct capsim_sim *s, capsim_error *err)
{
	struct sim_pressure *sp = press_of(s);

	sp->filled = calloc(s->nr_cpus, sizeof(*sp->filled));
	if (!sp->filled)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	for (unsigned c = 0; c < s->nr_cpus; c++)
		sp->filled[c] = belief_version(sp->belief, c) - 1;
	return 0;
}

int sim_pressure_setup(struct capsim_sim *s, capsim_error *err)
{
	int ret;

	/*
	 * the accounting's capacity moves with time alone (the capped model's held maximum), or
	 * the metrics integrate the view: sim_account_rq() samples them at each clock update
	 */
	s->acct_sampled = s->opt.model == CAPSIM_MODEL_CAPPED || s->opt.pressure_metrics;
	s->press = calloc(1, sizeof(*s->press));
	if (!s->press || pm_init(&press_of(s)->pm, s->nr_cpus))
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	ret = setup_belief(s, err);
	if (!ret)
		ret = setup_filled(s, err);
	if (!ret && s->opt.thermal)
		ret = setup_thermal(s, err);
	return ret;
}

void sim_pressure_start(struct capsim_sim *s)
{
	for (unsigned i = 0; i < s->plat->nr_policies; i++)
		sim_pressure_policy_changed(s, i);
	if (press_of(s)->thermal)
		sim_push(s, 0, EV_THERMAL, 0, 0);
}

void sim_pressure_free(struct capsim_sim *s)
{
	struct sim_pressure *sp = s ? press_of(s) : NULL;

	if (!sp)
		return;
	for (unsigned c = 0; sp->busy_last && c < s->nr_cpus; c++)
		free(sp->busy_last[c]);
	free(sp->busy_last);
	free(sp->power);
	free(sp->in);
	free(sp->filled);
	thermal_free(sp->thermal);
	thermal_desc_free(sp->desc);
	belief_free(sp->belief);
	pm_release(&sp->pm);
	free(sp);
	s->press = NULL;
}
