// SPDX-License-Identifier: MIT
/*
 * capsim_side.c - capsim's answer to each case: the same state written into capsim's own
 * structures (struct fair_rd and fair_cpu, a struct capsim_platform with its policy, struct
 * pelt_rq_clock, struct sugov_state, a minimal struct capsim_sim where the counterpart is the
 * engine's), then capsim's counterpart of each kernel function, called as capsim's callers
 * call it, and what it leaves read back in the kernel's terms.
 *
 * This file sees only capsim's headers (src/ is the include root) and kcase.h; kernel_side.c
 * does the same with the kernel's code.
 */
#include <stdlib.h>
#include <string.h>

#include "kcase.h"
#include "model/belief.h"
#include "model/dl_placement.h"
#include "model/fair.h"
#include "model/load_balance.h"
#include "model/model.h"
#include "model/pelt.h"
#include "model/rt_placement.h"
#include "model/platform.h"
#include "model/platform_internal.h"
#include "model/sugov.h"
#include "model/uclamp.h"
#include "model/util_est.h"
#include "sim/sim.h"

/*
 * The models whose functions the groups call: by default the v6.10 reads and the v6.12 uclamp
 * order (linux-source-6.12); built again with KC_MODEL set for another version's groups (the
 * v7.3 ones: kernel-check/CMakeLists.txt), both are that model.
 */
#ifdef KC_MODEL
#define KC_MODEL_READS KC_MODEL
#define KC_MODEL_UCLAMP KC_MODEL
#define KC_MODEL_EAS KC_MODEL
#define KC_MODEL_BALANCE KC_MODEL
#define KC_MODEL_RT KC_MODEL
#define KC_MODEL_CPUFREQ KC_MODEL
#else
#define KC_MODEL_READS CAPSIM_MODEL_V6_10
#define KC_MODEL_UCLAMP CAPSIM_MODEL_V6_12
#define KC_MODEL_EAS CAPSIM_MODEL_V6_12
#define KC_MODEL_BALANCE CAPSIM_MODEL_V6_12
#define KC_MODEL_RT CAPSIM_MODEL_V6_12
#define KC_MODEL_CPUFREQ CAPSIM_MODEL_V6_12
#endif

/* A platform of @nr CPUs without cpufreq: what the pressure and capacity code reads. */
struct cs_platform {
	struct capsim_platform p;
	struct platform_cpu cpus[KC_MAX_CPUS];
	struct platform_policy pol;
	struct platform_opp opps[KC_MAX_OPPS];
};

static void cs_platform_init(struct cs_platform *cp, uint64_t nr, const uint64_t *arch_cap,
			     const uint64_t *freq_ref)
{
	memset(cp, 0, sizeof(*cp));
	cp->p.cpus = cp->cpus;
	cp->p.nr_cpus = (unsigned)nr;
	cp->p.arch = PLATFORM_ARCH_ARM64;
	for (unsigned c = 0; c < nr; c++) {
		cp->cpus[c].capacity_orig = arch_cap[c];
		cp->cpus[c].freq_ref_khz = freq_ref ? (uint32_t)freq_ref[c] : 0;
		cp->cpus[c].policy = -1;
	}
}

/* One policy over CPUs 0..nr-1 with @in's OPPs (capsim keeps them ascending). */
static void cs_platform_policy(struct cs_platform *cp, uint64_t nr_opps, const uint64_t *khz,
			       const uint64_t *turbo, const uint64_t *inefficient, bool efficiencies)
{
	cp->p.policies = &cp->pol;
	cp->p.nr_policies = 1;
	cp->pol.cpu = 0;
	for (unsigned c = 0; c < cp->p.nr_cpus; c++) {
		capsim_cpumask_set(&cp->pol.related_cpus, c);
		cp->cpus[c].policy = 0;
	}
	for (unsigned i = 0; i < nr_opps; i++)
		cp->opps[i] = (struct platform_opp){
			.hz = khz[i] * 1000, .khz = (uint32_t)khz[i],
			.turbo = turbo && turbo[i], .inefficient = inefficient[i] != 0,
		};
	cp->pol.opps = cp->opps;
	cp->pol.nr_opps = (unsigned)nr_opps;
	cp->pol.efficiencies_available = efficiencies;
}

/* The simulator's state the engine counterparts read: runqueues, views, the root domain. */
struct cs_sim {
	struct capsim_sim s;
	struct sim_rq rq[KC_MAX_CPUS];
	struct fair_cpu view[KC_MAX_CPUS];
};

static void cs_sim_init(struct cs_sim *cs, uint64_t nr)
{
	memset(cs, 0, sizeof(*cs));
	cs->s.nr_cpus = (unsigned)nr;
	cs->s.rq = cs->rq;
	cs->s.view = cs->view;
	cs->s.rd = (struct fair_rd){ .model = KC_MODEL_READS, .nr_cpus = (unsigned)nr,
				     .cpus = cs->view };
	for (unsigned c = 0; c < nr; c++) {
		cs->rq[c].cpu = (int)c;
		cs->rq[c].fc = &cs->view[c];
	}
}

void cside_cpu_capacity(const struct kc_cpu_capacity_in *in, struct kc_cpu_capacity_out *out)
{
	static struct cs_sim cs;
	static struct cs_platform cp;

	cs_sim_init(&cs, in->nr_cpus);
	cs_platform_init(&cp, in->nr_cpus, in->arch_cap, NULL);
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		cs.view[c] = (struct fair_cpu){
			.arch_cap = in->arch_cap[c], .hw_load_avg = in->hw_load_avg[c],
			.cpufreq_pressure = in->cpufreq_pressure[c], .util_irq = in->util_irq[c],
			.avg_rt.util_avg = in->util_rt[c], .avg_dl.util_avg = in->util_dl[c],
		};
		cp.cpus[c].avg_hw.load_avg = in->hw_load_avg[c];
		cp.cpus[c].cpufreq_pressure = in->cpufreq_pressure[c];
	}
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		out->actual[c] = actual_cpu_capacity(&cs.s.rd, (int)c);
		out->platform_actual[c] = platform_actual_capacity(&cp.p, c);
		update_cpu_capacity(&cs.s, (int)c);
		out->cpu_capacity[c] = cs.rq[c].fc->capacity_of;
	}
}

void cside_hw_pressure(const struct kc_hw_pressure_in *in, struct kc_hw_pressure_out *out)
{
	static struct cs_platform cp;
	capsim_cpumask cpus = { { 0 } };
	uint64_t now = 0;

	cs_platform_init(&cp, in->nr_cpus, in->arch_cap, in->freq_ref);
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		capsim_cpumask_set(&cpus, c);
		cp.cpus[c].cpufreq_pressure = in->cpufreq_pressure[c];
	}
	for (unsigned i = 0; i < in->nr_steps; i++) {
		now += in->dt[i];
		if (in->set_cap[i])
			platform_set_hw_pressure(&cp.p, &cpus, (uint32_t)in->capped_khz[i]);
		for (unsigned c = 0; c < in->nr_cpus; c++) {
			int d = platform_update_hw_load_avg(&cp.p, c, now);

			if (c == 0)
				out->decayed[i] = (uint64_t)d;
		}
	}
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		const struct capsim_sched_avg *sa = &cp.cpus[c].avg_hw;

		out->hw_pressure[c] = platform_hw_pressure(&cp.p, c);
		out->load_sum[c] = sa->load_sum;
		out->load_avg[c] = sa->load_avg;
		out->period_contrib[c] = sa->period_contrib;
		out->last_update_time[c] = sa->last_update_time;
		out->actual[c] = platform_actual_capacity(&cp.p, c);
	}
}

static void cs_policy_record(const struct cs_platform *cp, const struct kc_cpufreq_policy_in *in,
			     struct kc_cpufreq_policy_out *out, unsigned i)
{
	out->min[i] = cp->pol.min_khz;
	out->max[i] = cp->pol.max_khz;
	out->cpuinfo_min[i] = cp->pol.cpuinfo_min_khz;
	out->cpuinfo_max[i] = cp->pol.cpuinfo_max_khz;
	out->pressure_first[i] = platform_cpufreq_pressure(&cp->p, 0);
	out->pressure_last[i] = platform_cpufreq_pressure(&cp->p, (unsigned)in->nr_cpus - 1);
}

void cside_cpufreq_policy(const struct kc_cpufreq_policy_in *in,
			  struct kc_cpufreq_policy_out *out)
{
	static struct cs_platform cp;
	bool thermal = false, other_min = false;
	capsim_error err;

	cs_platform_init(&cp, in->nr_cpus, in->arch_cap, in->freq_ref);
	cs_platform_policy(&cp, in->nr_opps, in->opp_khz, in->opp_turbo, in->opp_inefficient,
			   in->efficiencies != 0);
#ifdef KC_MODEL
	/* 7.3.4: without a reference, the driver's ->scale_freq_ref(), which cpufreq-dt has not */
	cp.p.fallback = PLATFORM_FALLBACK_NONE;
#else
	/* 6.12.118 carries d2d5c129d07e: without a reference, cpuinfo.max_freq */
	cp.p.fallback = PLATFORM_FALLBACK_CPUINFO_MAX;
#endif
	cp.p.cpufreq_model = KC_MODEL_CPUFREQ;
	if (cpufreq_init_policies(&cp.p, &err) || cpufreq_init_requests(&cp.p, &err))
		abort(); /* the generator only writes tables capsim accepts */
	cs_policy_record(&cp, in, out, 0);

	for (unsigned i = 0; i < in->nr_ops; i++) {
		uint32_t v = (uint32_t)in->op_khz[i];

		switch ((enum kc_policy_op)in->op[i]) {
		case KC_OP_USER_MIN:
			platform_freq_qos_update_request(&cp.p, 0, FREQ_QOS_MIN, "user", v, &err);
			break;
		case KC_OP_USER_MAX:
			platform_freq_qos_update_request(&cp.p, 0, FREQ_QOS_MAX, "user", v, &err);
			break;
		case KC_OP_THERMAL_ADD:
			if (!thermal)
				platform_freq_qos_add_request(&cp.p, 0, FREQ_QOS_MAX,
							      FREQ_QOS_ORIGIN_COOLING, "thermal", v,
							      &err);
			thermal = true;
			break;
		case KC_OP_THERMAL_UPDATE:
			if (thermal)
				platform_freq_qos_update_request(&cp.p, 0, FREQ_QOS_MAX, "thermal", v,
								 &err);
			break;
		case KC_OP_THERMAL_REMOVE:
			if (thermal)
				platform_freq_qos_remove_request(&cp.p, 0, FREQ_QOS_MAX, "thermal",
								 &err);
			thermal = false;
			break;
		case KC_OP_BOOST_ON:
		case KC_OP_BOOST_OFF:
			platform_set_boost(&cp.p, 0, in->op[i] == KC_OP_BOOST_ON, &err);
			break;
		case KC_OP_OTHER_MIN:
			if (!other_min)
				platform_freq_qos_add_request(&cp.p, 0, FREQ_QOS_MIN,
							      FREQ_QOS_ORIGIN_OTHER, "other", v, &err);
			else
				platform_freq_qos_update_request(&cp.p, 0, FREQ_QOS_MIN, "other", v,
								 &err);
			other_min = true;
			break;
		case KC_NR_OPS:
			break;
		}
		cs_policy_record(&cp, in, out, i + 1);
	}
	for (unsigned i = 0; i < in->nr_targets; i++)
		out->resolved[i] = platform_resolve_freq(&cp.p, 0, (uint32_t)in->target_khz[i]);
	free(cp.pol.reqs);
}

void cside_overutilized(const struct kc_overutilized_in *in, struct kc_overutilized_out *out)
{
	static struct cs_sim cs;

	cs_sim_init(&cs, in->nr_cpus);
	cs.s.rd.uclamp_used = in->uclamp_used != 0;
	for (unsigned c = 0; c < in->nr_cpus; c++)
		cs.view[c] = (struct fair_cpu){
			.arch_cap = in->arch_cap[c], .capacity_of = in->capacity_of[c],
			.cfs_avg.util_avg = in->util_cfs[c],
			.util_est_cfs = (uint32_t)in->util_est_cfs[c],
			.hw_load_avg = in->hw_load_avg[c],
			.cpufreq_pressure = in->cpufreq_pressure[c],
			.uclamp_min_rq = in->uclamp_min_rq[c], .uclamp_max_rq = in->uclamp_max_rq[c],
		};
	for (unsigned i = 0; i < in->nr_queries; i++)
		out->fits[i] = (uint64_t)(int64_t)util_fits_cpu(&cs.s.rd, in->q_util[i],
							       in->q_uclamp_min[i],
							       in->q_uclamp_max[i], (int)in->q_cpu[i]);
	for (unsigned c = 0; c < in->nr_cpus; c++)
		out->cpu_overutilized[c] = cpu_overutilized(&cs.s.rd, (int)c);
	cs.s.eas = in->eas != 0;
	cs.s.overutilized = in->rd_overutilized != 0;
	check_update_overutilized_status(&cs.s, &cs.rq[in->check_cpu]);
	out->rd_overutilized = cs.s.overutilized;
}

void cside_util_est(const struct kc_util_est_in *in, struct kc_util_est_out *out)
{
	uint32_t cfs = (uint32_t)in->cfs_util_est, ue = (uint32_t)in->util_est;

	for (unsigned i = 0; i < in->nr_steps; i++) {
		cfs = util_est_enqueue(cfs, task_util_est_value(ue, 0));
		out->cfs_enqueued[i] = cfs;
		if (in->pelt_updated[i])
			ue = cfs_se_util_change(ue);
		cfs = util_est_dequeue(cfs, task_util_est_value(ue, 0));
		out->cfs_dequeued[i] = cfs;
		util_est_update(&ue, in->util[i], in->runnable[i],
				model_util_est_capacity(KC_MODEL_READS, in->arch_cap),
				in->task_sleep[i] != 0);
		out->util_est[i] = ue;
	}
}

void cside_freq_invariance(const struct kc_freq_invariance_in *in,
			   struct kc_freq_invariance_out *out)
{
	static struct cs_platform cp;
	uint64_t freq_scale[KC_MAX_CPUS];
	struct pelt_rq_clock clk = { 0 };
	struct capsim_sched_avg se = { 0 }, rt = { 0 };
	uint32_t util_est = 0;

	cs_platform_init(&cp, 1, in->arch_cap, NULL);
	cp.cpus[0].hw_pressure = in->hw_pressure;
	uint64_t max_scale = amu_max_freq_scale(in->const_rate, in->freq_ref * 1000);
	uint64_t prev_core = 0, prev_const = 0;

	for (unsigned c = 0; c < KC_MAX_CPUS; c++)
		freq_scale[c] = SCHED_CAPACITY_SCALE;
	for (unsigned i = 0; i < in->nr_steps; i++) {
		if (in->set_freq[i] && !in->amu) /* the amu source ignores cpufreq's changes */
			for (unsigned c = 0; c < in->nr_cpus; c++)
				freq_scale[c] = topology_freq_scale(freq_scale[c],
								    (uint32_t)in->cur_khz[i],
								    (uint32_t)in->freq_ref);
		if (in->amu && in->tick[i]) { /* sim_amu_tick() */
			freq_scale[0] = amu_freq_scale(freq_scale[0], prev_core, in->core_cnt[i],
						       prev_const, in->const_cnt[i], max_scale);
			prev_core = in->core_cnt[i];
			prev_const = in->const_cnt[i];
		}
		out->freq_scale0[i] = freq_scale[0];
		clk.clock += in->dt[i];
		clk.clock_task += in->dt[i];
		pelt_update_rq_clock_pelt(&clk, in->dt[i], in->idle[i] != 0, in->arch_cap[0],
					  freq_scale[0]);
		if (in->go_idle[i])
			pelt_update_idle_rq_clock_pelt(&clk, se.util_sum, rt.util_sum,
						       (uint32_t)in->util_sum_total[i] - se.util_sum -
						       rt.util_sum);
		if (in->set_flag[i])
			util_est |= UTIL_AVG_UNCHANGED;
		if (in->blocked[i])
			out->se_updated[i] = (uint64_t)pelt_update_load_avg_blocked_se(
				&se, pelt_rq_clock_pelt(&clk), in->weight);
		else
			out->se_updated[i] = (uint64_t)pelt_update_load_avg_se(
				&se, &util_est, pelt_rq_clock_pelt(&clk), in->on_rq[i] != 0,
				in->on_rq[i] != 0, in->running[i] != 0, in->weight);
		capsim_pelt_update(&rt, pelt_rq_clock_pelt(&clk), in->rt_running[i],
				   in->rt_running[i], (int)in->rt_running[i], 1);
		platform_update_hw_load_avg(&cp.p, 0, clk.clock_task);
		out->clock_pelt[i] = clk.clock_pelt;
		out->lost_idle_time[i] = clk.lost_idle_time;
		out->clock_pelt_idle[i] = clk.clock_pelt_idle;
		out->se_util_avg[i] = se.util_avg;
		out->se_load_avg[i] = se.load_avg;
		out->se_runnable_avg[i] = se.runnable_avg;
		out->se_util_sum[i] = se.util_sum;
		out->se_util_est[i] = util_est;
		out->rt_util_avg[i] = rt.util_avg;
		out->hw_load_avg[i] = platform_hw_load_avg(&cp.p, 0);
	}
	for (unsigned c = 0; c < in->nr_cpus; c++)
		out->freq_scale[c] = freq_scale[c];
	out->se_last_update_time = se.last_update_time;
	out->se_period_contrib = se.period_contrib;
	out->se_load_sum = se.load_sum;
	out->se_runnable_sum = se.runnable_sum;
}

void cside_schedutil(const struct kc_schedutil_in *in, struct kc_schedutil_out *out)
{
	static struct cs_platform cp;
	uint64_t freq_ref[KC_MAX_CPUS];
	struct fair_cpu cpus[KC_MAX_CPUS];
	struct fair_rd rd = { .model = KC_MODEL_READS, .uclamp_used = in->uclamp_used != 0,
			      .nr_cpus = (unsigned)in->nr_cpus, .cpus = cpus };
	struct sugov_state sg = { .freq_update_delay_ns = (int64_t)in->rate_limit_us * 1000,
				  .limits_changed = true };
	uint64_t time = 0;

	for (unsigned c = 0; c < KC_MAX_CPUS; c++)
		freq_ref[c] = in->freq_ref;
	cs_platform_init(&cp, in->nr_cpus, in->arch_cap, freq_ref);
	cs_platform_policy(&cp, in->nr_opps, in->opp_khz, NULL, in->opp_inefficient,
			   in->efficiencies != 0);
	cp.pol.cpuinfo_min_khz = (uint32_t)in->opp_khz[0];
	cp.pol.cpuinfo_max_khz = (uint32_t)in->opp_khz[in->nr_opps - 1];
	cp.pol.min_khz = (uint32_t)in->policy_min;
	cp.pol.max_khz = (uint32_t)in->policy_max;
	for (unsigned c = 0; c < in->nr_cpus; c++)
		cpus[c] = (struct fair_cpu){
			.arch_cap = in->arch_cap[c], .cfs_avg.util_avg = in->util_cfs[c],
			.cfs_avg.runnable_avg = in->runnable_cfs[c],
			.util_est_cfs = (uint32_t)in->util_est_cfs[c],
			.avg_rt.util_avg = in->util_rt[c],
			.avg_dl.util_avg = in->util_dl[c], .util_irq = in->util_irq[c],
			.dl_running_bw = in->dl_running_bw[c],
			.uclamp_min_rq = in->uclamp_min_rq[c], .uclamp_max_rq = in->uclamp_max_rq[c],
			.rt_nr_running = in->rt_runnable[c] != 0,
		};

	for (unsigned i = 0; i < in->nr_steps; i++) {
		unsigned cpu = (unsigned)in->cpu[i];
		uint64_t util = 0;
		uint32_t next_f;

		time += in->dt[i];
		if (in->limits_changed[i])
			sg.limits_changed = true; /* sugov_limits() */
		cpus[cpu].cfs_avg.util_avg = in->new_util[i];
		out->should_update[i] = sugov_should_update_freq(&sg, time);
		if (out->should_update[i]) {
			/* sugov_next_freq_shared(), as src/sim/cpufreq_schedutil.c runs it */
			for (unsigned c = 0; c < in->nr_cpus; c++) {
				uint64_t u = sugov_get_util(&rd, (int)c);

				if (u > util)
					util = u;
			}
			out->util[i] = util;
			next_f = get_next_freq(&sg, &cp.p, 0, util, in->arch_cap[cpu]);
			out->next_freq[i] = next_f;
			out->updated[i] = sugov_update_next_freq(&sg, time, next_f);
		}
		out->cached_raw_freq[i] = sg.cached_raw_freq;
		out->need_freq_update[i] = sg.need_freq_update;
		out->last_freq_update_time[i] = sg.last_freq_update_time;
	}
}

/* the class's enqueue/dequeue: what its cpufreq_update_util() reads */
static void cs_uclamp_seen(const struct uclamp_rq_state *rq, struct kc_uclamp_out *out, unsigned i)
{
	out->seen_min[i] = rq->clamp[UCLAMP_ID_MIN].value;
	out->seen_max[i] = rq->clamp[UCLAMP_ID_MAX].value;
	out->seen_idle[i] = rq->idle;
}

struct cs_uclamp_task {
	int req[UCLAMP_IDS];
	bool rt;
	struct uclamp_se se[UCLAMP_IDS];
};

/* the engine's enqueue (src/sim/core.c rq_enqueue()) in the order of @model */
static void cs_uclamp_enqueue(struct uclamp_rq_state *rq, struct cs_uclamp_task *t,
			      const struct uclamp_sysctl *sys, bool used, enum capsim_model model,
			      struct kc_uclamp_out *out, unsigned i)
{
	bool first = model_uclamp_inc_before_enqueue(model);
	uint32_t eff[UCLAMP_IDS];

	for (int id = 0; id < UCLAMP_IDS; id++)
		eff[id] = uclamp_eff_get(sys, id, uclamp_request(sys, id, t->req[id], t->rt));
	if (used && first)
		uclamp_rq_inc(rq, t->se, eff);
	cs_uclamp_seen(rq, out, i);
	if (used && !first)
		uclamp_rq_inc(rq, t->se, eff);
}

static void cs_uclamp_dequeue(struct uclamp_rq_state *rq, struct cs_uclamp_task *t, bool used,
			      struct kc_uclamp_out *out, unsigned i)
{
	if (used)
		uclamp_rq_dec(rq, t->se);
	cs_uclamp_seen(rq, out, i);
}

void cside_uclamp(const struct kc_uclamp_in *in, struct kc_uclamp_out *out)
{
	const struct uclamp_sysctl sys = { (uint32_t)in->sys_min, (uint32_t)in->sys_max,
					   (uint32_t)in->sys_min_rt };
	struct cs_uclamp_task tasks[KC_MAX_QUERIES] = { 0 };
	struct uclamp_rq_state rq;

	uclamp_rq_init(&rq, UCLAMP_BUCKETS_DEFAULT); /* kstubs.h's CONFIG_UCLAMP_BUCKETS_COUNT */
	for (unsigned i = 0; i < in->nr_tasks; i++) {
		tasks[i].rt = in->rt[i] != 0;
		tasks[i].req[UCLAMP_ID_MIN] = (int)(int64_t)in->req_min[i];
		tasks[i].req[UCLAMP_ID_MAX] = (int)(int64_t)in->req_max[i];
	}
	for (unsigned i = 0; i < in->nr_steps; i++) {
		struct cs_uclamp_task *t = &tasks[in->task[i]];
		bool used = i >= in->used_from;

		switch (in->op[i]) {
		case KC_UC_ENQUEUE:
			cs_uclamp_enqueue(&rq, t, &sys, used, KC_MODEL_UCLAMP, out, i);
			break;
		case KC_UC_DEQUEUE:
			cs_uclamp_dequeue(&rq, t, used, out, i);
			break;
		default: /* task_set_uclamp(): -1 keeps the request */
			uclamp_rq_dec(&rq, t->se);
			if ((int64_t)in->new_min[i] >= 0)
				t->req[UCLAMP_ID_MIN] = (int)(int64_t)in->new_min[i];
			if ((int64_t)in->new_max[i] >= 0)
				t->req[UCLAMP_ID_MAX] = (int)(int64_t)in->new_max[i];
			cs_uclamp_enqueue(&rq, t, &sys, used, KC_MODEL_UCLAMP, out, i);
			break;
		}
		out->rq_min[i] = rq.clamp[UCLAMP_ID_MIN].value;
		out->rq_max[i] = rq.clamp[UCLAMP_ID_MAX].value;
		out->rq_idle[i] = rq.idle;
	}
	for (unsigned i = 0; i < in->nr_tasks; i++) {
		struct cs_uclamp_task *t = &tasks[i];
		uint32_t req[UCLAMP_IDS];

		for (int id = 0; id < UCLAMP_IDS; id++)
			req[id] = uclamp_request(&sys, id, t->req[id], t->rt);
		out->eff_min[i] = uclamp_eff_value(&sys, UCLAMP_ID_MIN, &t->se[UCLAMP_ID_MIN],
						   req[UCLAMP_ID_MIN]);
		out->eff_max[i] = uclamp_eff_value(&sys, UCLAMP_ID_MAX, &t->se[UCLAMP_ID_MAX],
						   req[UCLAMP_ID_MAX]);
	}
}

/*
 * rt_placement: the case as src/input/place.c reads a golden RT case (cpupri: the level of the
 * last cpupri_set() of each CPU) into struct rt_rd, then rt_select_task_rq() once; find_lowest_rq()
 * and the fitness of every CPU are read back from its result and rt_task_fits_capacity().
 */
void cside_rt_placement(const struct kc_rt_placement_in *in, struct kc_rt_placement_out *out)
{
	static struct rt_rd rd;
	struct rt_task p = {
		.prio = (int)in->prio, .uclamp_min = in->uclamp_min, .uclamp_max = in->uclamp_max,
		.prev_cpu = (int)in->prev_cpu,
	};
	struct rt_place_result res;
	int last[KC_MAX_CPUS], cursor = (int)in->cursor;

	memset(&rd, 0, sizeof(rd));
	rd.nr_cpus = (unsigned)in->nr_cpus;
	rd.asym = in->asym != 0;
	rd.dl_is_rt = model_rt_prio_dl(KC_MODEL_RT);
	for (unsigned c = 0; c < KC_MAX_CPUS; c++)
		last[c] = -1; /* CPUPRI_INVALID until set */
	for (unsigned i = 0; i < in->nr_calls; i++)
		last[in->call_cpu[i]] = (int)(int64_t)in->call_prio[i];
	for (unsigned c = 0; c < rd.nr_cpus; c++) {
		rd.cpus[c] = (struct rt_cpu){
			.curr_prio = (int)(int64_t)in->curr_prio[c],
			.curr_nr_cpus_allowed = (unsigned)in->curr_nr_cpus_allowed[c],
			.rt_highest_prio = (int)in->rt_highest_prio[c],
			.cpupri = rt_convert_prio(last[c]),
			.arch_cap = in->arch_cap[c],
		};
		if (in->allowed >> c & 1)
			capsim_cpumask_set(&p.allowed, c);
	}
	rd.nr_levels = (unsigned)in->nr_levels;
	for (unsigned l = 0; l < rd.nr_levels; l++) {
		rd.levels[l].wake_affine = in->level_wake_affine[l] != 0;
		for (unsigned c = 0; c < rd.nr_cpus; c++)
			if (in->level_span[l] >> c & 1)
				capsim_cpumask_set(&rd.levels[l].span, c);
	}
	out->select_task_rq = (uint64_t)rt_select_task_rq(&rd, &p, (int)in->this_cpu, &cursor, &res);
	out->select_task_rq_rt = (uint64_t)res.select_task_rq_rt;
	out->flr_called = res.search != RT_SEARCH_NOT_CALLED;
	out->flr_found = res.find_lowest_rq != -1;
	out->find_lowest_rq = res.find_lowest_rq != -1 ? (uint64_t)res.find_lowest_rq : 0;
	out->lowest_mask = res.lowest_mask.bits[0];
	out->cursor_after = (uint64_t)cursor;
	for (unsigned c = 0; c < rd.nr_cpus; c++) {
		out->fits[c] = rt_task_fits_capacity(&rd, &p, (int)c);
		out->cpu_to_pri[c] = (uint64_t)(int64_t)rd.cpus[c].cpupri;
	}
}

/*
 * thermal_6_1: capsim's v6.9 model (its pre-6.10 one): the belief's thermal pressure written by
 * a cooling device's frequency and averaged at each tick (belief_cooling_freq(), belief_tick()),
 * then the engine's update_cpu_capacity() and util_fits_cpu() on what it believes.
 */
void cside_thermal_6_1(const struct kc_thermal_6_1_in *in, struct kc_thermal_6_1_out *out)
{
	static struct cs_sim cs;
	struct belief_params bp = { .model = CAPSIM_MODEL_V6_9, .decay_shift = (unsigned)in->decay_shift };
	struct belief_cpu_params cpu_params[KC_MAX_CPUS];
	capsim_cpumask cpus = { { 0 } };
	struct belief *b;
	capsim_error err;
	uint64_t now = 0;

	for (unsigned c = 0; c < in->nr_cpus; c++) {
		cpu_params[c] = (struct belief_cpu_params){
			.cap_orig = in->arch_cap[c], .freq_ref = (uint32_t)in->max_khz,
			.cpuinfo_max = (uint32_t)in->max_khz, .scale_freq_ref = (uint32_t)in->max_khz,
		};
		capsim_cpumask_set(&cpus, c);
	}
	if (belief_create(&bp, cpu_params, (unsigned)in->nr_cpus, &b, &err))
		abort(); /* the generator writes only what capsim accepts */
	for (unsigned i = 0; i < in->nr_steps; i++) {
		now += in->dt[i];
		if (in->set_cap[i])
			belief_cooling_freq(b, &cpus, (uint32_t)in->capped_khz[i]);
		for (unsigned c = 0; c < in->nr_cpus; c++)
			belief_tick(b, c, now);
	}
	cs_sim_init(&cs, in->nr_cpus);
	cs.s.rd.model = CAPSIM_MODEL_V6_9;
	cs.s.rd.uclamp_used = in->uclamp_used != 0;
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		const struct belief_cpu *bc = &b->cpus[c];

		out->thermal_pressure[c] = bc->thermal_pressure;
		out->load_sum[c] = bc->avg.load_sum;
		out->load_avg[c] = bc->avg.load_avg;
		out->period_contrib[c] = bc->avg.period_contrib;
		out->last_update_time[c] = bc->avg.last_update_time;
		cs.view[c] = (struct fair_cpu){
			.arch_cap = in->arch_cap[c], .thermal_pressure = bc->thermal_pressure,
			.thermal_load_avg = bc->avg.load_avg, .util_irq = in->util_irq[c],
			.avg_rt.util_avg = in->util_rt[c], .avg_dl.util_avg = in->util_dl[c],
		};
		update_cpu_capacity(&cs.s, (int)c);
		out->cpu_capacity[c] = cs.rq[c].fc->capacity_of;
		cs.view[c].capacity_of = cs.rq[c].fc->capacity_of;
	}
	for (unsigned i = 0; i < in->nr_queries; i++)
		out->fits[i] = (uint64_t)(int64_t)util_fits_cpu(&cs.s.rd, in->q_util[i],
							       in->q_uclamp_min[i],
							       in->q_uclamp_max[i], (int)in->q_cpu[i]);
	belief_free(b);
}

/*
 * sugov: src/sim/cpufreq_schedutil.c's sugov_update_shared() / sugov_update_single_freq(), its
 * sugov_commit() (fast switch, or sugov_deferred_update()'s work_in_progress) and
 * sugov_limits(), over the model's decisions (src/model/sugov.c) and
 * cpufreq_policy_transition_delay_us() (src/model/cpufreq.c).
 */
void cside_sugov(const struct kc_sugov_in *in, struct kc_sugov_out *out)
{
	static struct cs_platform cp;
	uint64_t freq_ref[KC_MAX_CPUS], idle_calls[KC_MAX_CPUS] = { 0 }, time = 0;
	struct fair_cpu cpus[KC_MAX_CPUS];
	struct fair_rd rd = { .model = KC_MODEL_READS, .uclamp_used = in->uclamp_used != 0,
			      .nr_cpus = (unsigned)in->nr_cpus, .cpus = cpus };
	struct sugov_cpu_state sgc[KC_MAX_CPUS] = { 0 };
	struct sugov_state sg = { .limits_changed = true };
	bool fast = in->fast_switch != 0, wip = false;
	static const uint64_t efficient[KC_MAX_OPPS];

	for (unsigned c = 0; c < KC_MAX_CPUS; c++)
		freq_ref[c] = in->freq_ref;
	cs_platform_init(&cp, in->nr_cpus, in->arch_cap, freq_ref);
	cs_platform_policy(&cp, in->nr_opps, in->opp_khz, NULL, efficient, false);
	cp.pol.cpuinfo_min_khz = (uint32_t)in->opp_khz[0];
	cp.pol.cpuinfo_max_khz = (uint32_t)in->opp_khz[in->nr_opps - 1];
	cp.pol.min_khz = (uint32_t)in->policy_min;
	cp.pol.max_khz = cp.pol.cur_khz = (uint32_t)in->policy_max;
	cp.pol.transition_latency_ns = (uint32_t)in->transition_latency_ns;
	cp.pol.transition_delay_us = (uint32_t)in->transition_delay_us;
	for (unsigned c = 0; c < in->nr_cpus; c++)
		cpus[c] = (struct fair_cpu){
			.arch_cap = in->arch_cap[c], .cfs_avg.util_avg = in->util_cfs[c],
			.avg_rt.util_avg = in->util_rt[c], .uclamp_min_rq = in->uclamp_min_rq[c],
			.uclamp_max_rq = in->uclamp_max_rq[c],
		};
	out->rate_limit_us = cpufreq_policy_transition_delay_us(&cp.pol);
	sg.freq_update_delay_ns = (int64_t)out->rate_limit_us * 1000;

	for (unsigned i = 0; i < in->nr_steps; i++) {
		unsigned cpu = (unsigned)in->cpu[i];
		uint64_t max_cap = in->arch_cap[cpu], util = 0, tick = in->tick_nsec;
		uint32_t next_f, cached = sg.cached_raw_freq;

		time += in->dt[i];
		if (in->new_min[i]) { /* sugov_limits() */
			cp.pol.min_khz = (uint32_t)in->new_min[i];
			cp.pol.max_khz = (uint32_t)in->new_max[i];
			if (!fast && cp.pol.cur_khz > cp.pol.max_khz)
				cp.pol.cur_khz = cp.pol.max_khz;
			else if (!fast && cp.pol.cur_khz < cp.pol.min_khz)
				cp.pol.cur_khz = cp.pol.min_khz;
			sg.limits_changed = true;
		}
		idle_calls[cpu] += in->idled[i] != 0;
		cpus[cpu].cfs_avg.util_avg = in->new_util[i];
		if (in->new_uclamp_max[i])
			cpus[cpu].uclamp_max_rq = in->new_uclamp_max[i];
		sugov_iowait_boost(&sgc[cpu], time, in->iowait[i] ? SCHED_CPUFREQ_IOWAIT : 0, tick);
		sgc[cpu].last_update = time;
		if (sugov_should_update_freq(&sg, time)) {
			for (unsigned c = 0; c < in->nr_cpus; c++) {
				uint64_t u;

				if (in->nr_cpus == 1 && c != cpu)
					continue;
				u = sugov_get_util_boost(&rd, (int)c,
							 sugov_iowait_apply(&sgc[c], time, max_cap, tick));
				util = u > util ? u : util;
			}
			next_f = get_next_freq(&sg, &cp.p, 0, util, max_cap);
			if (in->nr_cpus == 1) { /* sugov_update_single_freq() */
				bool capped = uclamp_rq_is_capped(&rd, (int)cpu);

				if (sugov_hold_freq(&sgc[cpu], idle_calls[cpu], capped) &&
				    next_f < sg.next_freq && !sg.need_freq_update) {
					next_f = sg.next_freq;
					sg.cached_raw_freq = cached;
				}
			}
			if (sugov_update_next_freq(&sg, time, next_f)) {
				if (fast) /* cpufreq_driver_fast_switch() */
					cp.pol.cur_khz = next_f < cp.pol.min_khz ? cp.pol.min_khz
						       : next_f > cp.pol.max_khz ? cp.pol.max_khz : next_f;
				else
					wip = true;
			}
		}
		if (in->work_runs[i] && wip) { /* the kthread's sugov_work() */
			wip = false;
			cp.pol.cur_khz = sg.next_freq;
		}
		out->next_freq[i] = sg.next_freq;
		out->cached_raw_freq[i] = sg.cached_raw_freq;
		out->need_freq_update[i] = sg.need_freq_update;
		out->limits_changed[i] = sg.limits_changed;
		out->last_freq_update_time[i] = sg.last_freq_update_time;
		out->cur[i] = cp.pol.cur_khz;
		out->work_in_progress[i] = wip;
		for (unsigned c = 0; c < in->nr_cpus && c < 4; c++) {
			out->boosts[i] |= (uint64_t)sgc[c].iowait_boost << (16 * c);
			out->pending[i] |= (uint64_t)sgc[c].iowait_boost_pending << c;
		}
		out->saved_idle_calls[i] = sgc[cpu].saved_idle_calls;
	}
}

/* ---- load_balance -------------------------------------------------------- */

static void cs_sgs(const struct kc_load_balance_in *in, unsigned g, struct lb_sg_stats *sgs)
{
	*sgs = (struct lb_sg_stats){
		.avg_load = in->avg_load[g],
		.group_load = in->group_load[g],
		.group_capacity = in->group_capacity[g],
		.group_util = in->group_util[g],
		.group_runnable = in->group_runnable[g],
		.sum_nr_running = (unsigned)in->sum_nr_running[g],
		.sum_h_nr_running = (unsigned)in->sum_h_nr_running[g],
		.idle_cpus = (unsigned)in->idle_cpus[g],
		.group_weight = (unsigned)in->group_weight[g],
		.group_type = (enum lb_group_type)in->group_type[g],
		.group_smt_balance = (unsigned)in->group_smt_balance[g],
		.group_misfit_task_load = in->misfit_load[g],
	};
}

/* 6.1's sg_lb_stats has no group_smt_balance, nor its enum group_type the type: the case's
 * SMT balance reads as fully busy (kernel_side.c's kc_group_types[]) */
static void cs_sgs_6_1(struct lb_sg_stats *sgs)
{
	if (!model_balance_6_1(KC_MODEL_BALANCE))
		return;
	sgs->group_smt_balance = 0;
	if (sgs->group_type == group_smt_balance)
		sgs->group_type = group_fully_busy;
}

void cside_load_balance(const struct kc_load_balance_in *in, struct kc_load_balance_out *out)
{
	struct fair_cpu rq[KC_MAX_CPUS];
	struct fair_rd rd = { .model = CAPSIM_MODEL_V6_10, .nr_cpus = KC_MAX_CPUS, .cpus = rq };
	struct lb_group groups[KC_LB_GROUPS];
	struct lb_env env = {
		.sd_flags = (in->asym ? SD_ASYM_CPUCAPACITY : 0u) | (in->share_llc ? SD_SHARE_LLC : 0u) |
			    (in->share_cpucap ? SD_SHARE_CPUCAPACITY : 0u),
		.imbalance_pct = (unsigned)in->imbalance_pct,
		.cache_nice_tries = (unsigned)in->cache_nice_tries,
		.nr_balance_failed = (unsigned)in->nr_balance_failed,
		.nr_cpus = KC_MAX_CPUS,
		.dst_cpu = (int)in->dst_cpu,
		.idle = (enum lb_idle)in->idle,
		.cpus = { { in->cpus } },
		.rd = &rd,
		.groups = groups,
		.nr_groups = KC_LB_GROUPS,
		.migration_type = (enum lb_migration_type)in->migration_type,
		.flags = (unsigned)in->lbf_flags,
		.v6_1 = model_balance_6_1(KC_MODEL_BALANCE),
		.v7_3 = model_balance_7_3(KC_MODEL_BALANCE),
	};
	struct lb_sd_stats sds = { .busiest = in->has_busiest ? 1 : -1, .local = 0 };
	struct lb_sg_stats cand;
	struct lb_src src = {
		.cpu = (int)in->src_cpu,
		.nr_running = (unsigned)in->nr_running[in->src_cpu],
		.clock_task = in->clock_task,
		.dst_nr_running = in->nr_running[in->dst_cpu] != 0,
		.dst_grpmask = { { in->dst_grpmask } },
		.migration_cost = in->migration_cost == UINT32_MAX ? -1 : (int64_t)in->migration_cost,
	};
	struct lb_task t = {
		.allowed = { { in->t_allowed } },
		.running = in->t_running != 0,
		.idle_policy = in->t_idle_policy != 0,
		.next_buddy = in->t_next_buddy != 0,
		.last_buddy = in->t_last_buddy != 0, /* 6.1's CFS only (6.12 has none to read) */
		.exec_start = in->t_exec_start,
		.delayed = in->t_delayed != 0,
		/* task_is_ineligible_on_dst_cpu() as the engine's lb_cfs_tasks() hands it (PLACE_LAG
		 * on, a fair task queued on dst) */
		.ineligible = in->t_ineligible && in->h_nr_queued[in->dst_cpu],
	};
	int new_dst = -1;

	for (unsigned c = 0; c < KC_MAX_CPUS; c++)
		rq[c] = (struct fair_cpu){
			.capacity_of = in->capacity_of[c],
			.arch_cap = in->arch_cap[c] ? in->arch_cap[c] : 1024,
			.nr_running = (unsigned)in->nr_running[c],
			.cfs_nr = (unsigned)(in->h_nr_queued[c] - in->h_nr_delayed[c]),
			.cfs_delayed = (unsigned)in->h_nr_delayed[c],
		};
	for (unsigned g = 0; g < KC_LB_GROUPS; g++)
		groups[g] = (struct lb_group){
			.flags = in->sg_flags_smt[g] ? SD_SHARE_CPUCAPACITY : 0u,
			.capacity = in->group_capacity[g],
			.min_capacity = in->min_capacity[g],
			.max_capacity = in->max_capacity[g],
			.imbalance = in->sg_imbalance[g] != 0,
		};
	cs_sgs(in, 2, &cand);
	cs_sgs_6_1(&cand);
	cand.group_type = group_has_spare; /* group_classify() decides it here */
	out->classify = lb_group_classify(env.imbalance_pct, groups[2].imbalance, &cand);

	cs_sgs(in, 0, &sds.local_stat);
	cs_sgs_6_1(&sds.local_stat);
	if (in->has_busiest)
		cs_sgs(in, 1, &sds.busiest_stat);
	else
		sds.busiest_stat = (struct lb_sg_stats){ .idle_cpus = UINT32_MAX,
							 .group_type = group_has_spare };
	cs_sgs_6_1(&sds.busiest_stat);
	cs_sgs(in, 2, &cand);
	cs_sgs_6_1(&cand);
	out->pick_busiest = lb_update_sd_pick_busiest(&env, &sds, 2, &cand);

	sds.total_load = in->total_load;
	sds.total_capacity = in->total_capacity;
	sds.avg_load = in->sds_avg_load;
	sds.prefer_sibling = in->prefer_sibling != 0;
	lb_calculate_imbalance(&env, &sds);
	out->migration_type = env.migration_type;
	out->imbalance[0] = (uint64_t)env.imbalance;
	out->local_avg_load = sds.local_stat.avg_load;
	out->sds_avg_load = sds.avg_load;
	out->need_active = lb_need_active_balance(&env, (int)in->src_cpu);

	env.flags = (unsigned)in->lbf_flags;
	out->task_hot = (uint64_t)lb_task_hot(&env, &src, &t);
	out->can_migrate = lb_can_migrate_task(&env, &src, &t, &new_dst);
	out->can_flags = env.flags;
	out->new_dst_cpu[0] = (uint64_t)(int64_t)(env.flags & LBF_DST_PINNED ? new_dst : -1);
}

/*
 * deadline: capsim's rq->avg_dl update (pelt_update_dl_rq_load_avg(), as src/sim/deadline.c calls
 * it) and its deadline wake-up placement (dl_select_task_rq(), as src/sim/deadline.c calls it
 * for the sugov kthread).
 */
void cside_deadline(const struct kc_deadline_in *in, struct kc_deadline_out *out)
{
	static struct dl_rd rd;
	struct capsim_sched_avg avg = { 0 };
	struct dl_task p = {
		.special = in->special != 0,
		.deadline = in->deadline,
		.dl_density = dl_to_ratio(in->dl_deadline, in->dl_runtime),
		.prev_cpu = (int)in->prev_cpu,
	};
	struct dl_place_result res;
	int cursor = (int)in->cursor;
	uint64_t now = 0;

	for (unsigned i = 0; i < in->nr_steps; i++) {
		now += in->dt[i];
		out->decayed[i] = (uint64_t)pelt_update_dl_rq_load_avg(&avg, now, (int)in->running[i]);
		out->util_avg[i] = avg.util_avg;
		out->util_sum[i] = avg.util_sum;
	}
	out->load_sum = avg.load_sum;
	out->period_contrib = avg.period_contrib;
	out->last_update_time = avg.last_update_time;

	memset(&rd, 0, sizeof(rd));
	rd.nr_cpus = (unsigned)in->nr_cpus;
	rd.asym = in->asym != 0;
	for (unsigned c = 0; c < rd.nr_cpus; c++) {
		rd.cpus[c] = (struct dl_cpu){
			.curr_dl = in->curr_dl[c] != 0,
			.curr_special = in->curr_special[c] != 0,
			.curr_deadline = in->curr_deadline[c],
			.curr_nr_cpus_allowed = (unsigned)in->curr_nr_cpus_allowed[c],
			.dl_nr_running = (unsigned)in->dl_nr_running[c],
			.earliest_dl = in->earliest_dl[c],
			.arch_cap = in->arch_cap[c],
		};
		if (in->allowed >> c & 1)
			capsim_cpumask_set(&p.allowed, c);
	}
	rd.nr_levels = (unsigned)in->nr_levels;
	for (unsigned l = 0; l < rd.nr_levels; l++) {
		rd.levels[l].wake_affine = in->level_wake_affine[l] != 0;
		for (unsigned c = 0; c < rd.nr_cpus; c++)
			if (in->level_span[l] >> c & 1)
				capsim_cpumask_set(&rd.levels[l].span, c);
	}
	out->dl_density = p.dl_density;
	out->select_task_rq = (uint64_t)dl_select_task_rq(&rd, &p, (int)in->this_cpu, &cursor, &res);
	out->select_task_rq_dl = (uint64_t)res.select_task_rq_dl;
	out->flr_called = res.flr_called;
	out->flr_found = res.find_later_rq != -1;
	out->find_later_rq = res.find_later_rq != -1 ? (uint64_t)res.find_later_rq : 0;
	out->cursor_after = (uint64_t)cursor;
	for (unsigned c = 0; c < rd.nr_cpus; c++)
		out->fits[c] = dl_task_fits_capacity(&rd, &p, (int)c);
}

/*
 * groups find_energy_efficient_cpu and find_energy_efficient_cpu_6_1: the root domain as the
 * engine keeps it (struct fair_rd with the CPUs' views, the pds by first CPU, rd->pd's order, a
 * memo per CPU, none valid yet) and @model's find_energy_efficient_cpu() as
 * src/sim/fair_balance.c calls it, with a trace of its compute_energy() calls. v6.1 reads the
 * thermal pressure and p's two util_est values, the others the HW and cpufreq pressure.
 */
/*
 * A find_energy_efficient_cpu case's perf domains as build_perf_domains() leaves them: @pds by
 * first CPU with their tables in @table, @pd_order rd->pd's (the highest first). Group
 * select_task_rq_fair's capsim side (capsim_side_paths.c) builds its clusters' with it too.
 */
void cs_feec_pds(const struct kc_find_energy_efficient_cpu_in *in,
		 struct em_perf_state (*table)[KC_MAX_OPPS], struct em_perf_domain *pds,
		 unsigned *pd_order);
void cs_feec_pds(const struct kc_find_energy_efficient_cpu_in *in,
		 struct em_perf_state (*table)[KC_MAX_OPPS], struct em_perf_domain *pds,
		 unsigned *pd_order)
{
	for (unsigned d = 0; d < in->nr_pds; d++) {
		uint64_t end = d + 1 < in->nr_pds ? in->first_cpu[d + 1] : in->nr_cpus;

		for (unsigned i = 0; i < in->nr_states[d]; i++) {
			unsigned k = d * KC_MAX_OPPS + i;

			table[d][i] = (struct em_perf_state){
				.performance = in->em_perf[k], .frequency = in->em_freq[k],
				.power = in->em_power[k], .cost = in->em_cost[k],
				.cost_6_1 = in->em_cost_6_1[k],
				.flags = in->em_ineff[k] ? EM_PERF_STATE_INEFFICIENT : 0,
			};
		}
		pds[d] = (struct em_perf_domain){
			.table = table[d], .nr_perf_states = (unsigned)in->nr_states[d],
			.flags = in->skip_ineff[d] ? EM_PERF_DOMAIN_SKIP_INEFFICIENCIES : 0,
		};
		for (uint64_t c = in->first_cpu[d]; c < end; c++)
			capsim_cpumask_set(&pds[d].cpus, (unsigned)c);
		pd_order[in->nr_pds - 1 - d] = d;
	}
}

static void cs_feec(const struct kc_find_energy_efficient_cpu_in *in,
		    struct kc_find_energy_efficient_cpu_out *out, enum capsim_model model)
{
	bool v6_1 = model == CAPSIM_MODEL_V6_1;
	static struct em_perf_state table[KC_FEEC_PDS][KC_MAX_OPPS];
	static struct feec_trace trace;
	struct em_perf_domain pds[KC_FEEC_PDS];
	unsigned pd_order[KC_FEEC_PDS];
	struct fair_cpu cpus[KC_MAX_CPUS];
	struct fair_memo memo[KC_MAX_CPUS] = { 0 };
	struct fair_rd rd = { .model = model, .uclamp_used = in->uclamp_used != 0,
			      .nr_cpus = (unsigned)in->nr_cpus, .cpus = cpus,
			      .nr_pds = (unsigned)in->nr_pds, .pds = pds, .pd_order = pd_order,
			      .memo = memo };
	struct fair_task p = { .util = in->util_avg, .runnable = in->runnable_avg,
			       .util_est = (uint32_t)in->util_est,
			       .util_est_ewma = v6_1 ? (uint32_t)in->util_est_ewma : 0,
			       .uclamp_min = in->uclamp_min,
			       .uclamp_max = in->uclamp_max, .prev_cpu = (int)in->prev_cpu,
			       .allowed = { { in->allowed } } };

	cs_feec_pds(in, table, pds, pd_order);
	for (unsigned c = 0; c < in->nr_cpus; c++)
		cpus[c] = (struct fair_cpu){
			.arch_cap = in->arch_cap[c], .capacity_of = in->capacity_of[c],
			.cfs_avg.util_avg = in->util_cfs[c],
			.cfs_avg.runnable_avg = in->runnable_cfs[c],
			.util_est_cfs = (uint32_t)in->util_est_cfs[c],
			.avg_rt.util_avg = in->util_rt[c], .avg_dl.util_avg = in->util_dl[c],
			.util_irq = in->util_irq[c], .dl_running_bw = in->dl_running_bw[c],
			.rt_nr_running = (unsigned)in->rt_nr[c],
			.uclamp_min_rq = in->uclamp_min_rq[c], .uclamp_max_rq = in->uclamp_max_rq[c],
			.uclamp_idle = in->uclamp_idle[c] != 0,
			.hw_load_avg = v6_1 ? 0 : in->hw_load_avg[c],
			.cpufreq_pressure = v6_1 ? 0 : in->cpufreq_pressure[c],
			.thermal_pressure = v6_1 ? in->thermal_pressure[c] : 0,
		};
	out->cpu[0] = (uint64_t)(int64_t)find_energy_efficient_cpu(&rd, &p, &trace);
	out->nr_calls = trace.nr_calls;
	for (unsigned i = 0; i < trace.nr_calls && i < KC_FEEC_CALLS; i++) {
		out->dst_cpu[i] = (uint64_t)(int64_t)trace.calls[i].dst_cpu;
		out->energy[i] = trace.calls[i].energy;
		out->max_util[i] = trace.calls[i].max_util;
		out->busy_time[i] = trace.calls[i].busy_time;
	}
}

void cside_find_energy_efficient_cpu(const struct kc_find_energy_efficient_cpu_in *in,
				     struct kc_find_energy_efficient_cpu_out *out)
{
	cs_feec(in, out, KC_MODEL_EAS);
}

#ifndef KC_MODEL /* the v6.1 model, against 6.1.192 (kernel_side_sugov_6_1.c) */
void cside_find_energy_efficient_cpu_6_1(const struct kc_find_energy_efficient_cpu_6_1_in *in,
					 struct kc_find_energy_efficient_cpu_6_1_out *out)
{
	cs_feec((const struct kc_find_energy_efficient_cpu_in *)in,
		(struct kc_find_energy_efficient_cpu_out *)out, CAPSIM_MODEL_V6_1);
}
#endif
