// SPDX-License-Identifier: MIT
/*
 * sim_account.c - what a run reports of each CPU, kept as it runs: its busy time and all time
 * per delivered OPP, its capacity integral and energy (sim_account_cpu()), the overutilized
 * time, and the frequency the scheduler sees it run at (arch_scale_freq_capacity(): the
 * cpufreq or AMU frequency-invariance source).
 */
#include "internal.h"
#include "model/belief.h"
#include "sim/sim.h"
#include "sim/sim_pressure.h"
#include "sim/sim_events.h"

uint32_t sim_delivered_khz(const struct capsim_sim *s, int cpu)
{
	return s->rq[cpu].delivered_khz;
}

/*
 * The CPU's frequency changed (policy->cur or a HW cap): the OPP it runs at is policy->cur
 * lowered to the highest OPP under the HW cap. With the cpufreq FIE source,
 * cpufreq_driver_fast_switch() / cpufreq_freq_transition_end() call arch_set_freq_scale()
 * (topology_set_freq_scale(), drivers/base/arch_topology.c) with the frequency cpufreq set,
 * policy->cur: a HW cap below it is invisible to PELT (the scheduler sees it as HW pressure).
 * With the amu source, topology_set_freq_scale() returns at once
 * (supports_scale_freq_counters()) and the tick reads the counters (sim_amu_tick()).
 */
void sim_refresh_freq_scale(struct capsim_sim *s, int cpu)
{
	struct sim_rq *rq = &s->rq[cpu];
	int pi = platform_policy_of(s->plat, (unsigned)cpu);
	const struct platform_policy *pp;
	uint32_t f;

	if (pi < 0)
		return;
	pp = &s->plat->policies[pi];
	f = pp->cur_khz;
	if (rq->hw_cap_khz && rq->hw_cap_khz < f)
		f = rq->hw_cap_khz;
	rq->opp_idx = 0;
	for (unsigned i = 0; i < pp->nr_opps; i++)
		if (pp->opps[i].khz <= f)
			rq->opp_idx = (int)i;
	rq->delivered_khz = pp->opps[rq->opp_idx].khz < pp->cur_khz ? pp->opps[rq->opp_idx].khz :
			    pp->cur_khz;
	rq_speed_update(rq);
	if (s->fie == PLATFORM_FIE_CPUFREQ)
		rq->freq_scale = topology_freq_scale(rq->freq_scale, pp->cur_khz, rq->freq_ref);
}

void sim_amu_tick(struct capsim_sim *s, int cpu)
{
	struct sim_rq *rq = &s->rq[cpu];

	sim_account_cpu(s, cpu); /* the counters up to now */
	rq->freq_scale = amu_freq_scale(rq->freq_scale, rq->amu_prev_core, rq->amu_core,
					rq->amu_prev_const, rq->amu_const, rq->amu_max_freq_scale);
	rq->amu_prev_core = rq->amu_core; /* update_freq_counters_refs() */
	rq->amu_prev_const = rq->amu_const;
}

/*
 * sim_account_rq()'s part that samples the pressure at each clock update (s->acct_sampled):
 * the capped model's capacity, which moves with time alone, and the pressure metrics. noinline:
 * the usual path tail-calls it and saves no registers for it.
 */
__attribute__((noinline)) static void account_sampled(struct capsim_sim *s, struct sim_rq *rq,
						     uint64_t delta)
{
	uint64_t cap = s->opt.model == CAPSIM_MODEL_CAPPED ? sim_actual_capacity(s, rq->cpu)
							   : sim_account_capacity(s, rq);

	rq->cap_integral += (unsigned __int128)cap * delta;
	sim_pressure_account(s, rq, delta);
}

/* Time since the last call at the current OPP, busy or not, and at today's actual capacity. */
void sim_account_rq(struct capsim_sim *s, struct sim_rq *rq)
{
	uint64_t delta = s->now - rq->acct_last;
	int idx = rq->opp_idx;

	if (!delta)
		return;
	rq->acct_last = s->now;
	if (idx >= 0)
		rq->time_at_opp[idx] += delta;
	if (rq->curr) {
		rq->busy_ns += delta;
		if (idx >= 0) {
			rq->busy_at_opp[idx] += delta;
			/* the task's part of the CPU's energy, so tasks and CPUs sum the same */
			rq->curr->st.energy_fj += (unsigned __int128)delta * rq->em_power_at_opp[idx];
		}
		if (s->fie == PLATFORM_FIE_AMU) { /* the AMU counts only outside WFI */
			uint64_t kns = (uint64_t)rq->delivered_khz * delta + rq->amu_core_rem;

			rq->amu_core += kns / 1000000; /* kHz x ns / 1e6 = cycles */
			rq->amu_core_rem = kns % 1000000;
			rq->amu_const += delta;
		}
	}
	if (__builtin_expect(s->acct_sampled, 0))
		account_sampled(s, rq, delta); /* the sums above read nothing it writes */
	else
		rq->cap_integral += (unsigned __int128)sim_account_capacity(s, rq) * delta;
}

void sim_account_cpu(struct capsim_sim *s, int cpu)
{
	sim_account_rq(s, &s->rq[cpu]);
}

void sim_set_overutilized(struct capsim_sim *s, bool on)
{
	if (on == s->overutilized)
		return;
	if (on)
		s->overutilized_since = s->now;
	else
		s->overutilized_ns += s->now - s->overutilized_since;
	s->overutilized = on;
	sim_ev_overutilized(s, on);
}
