// SPDX-License-Identifier: MIT
/*
 * sim_account.c - what a run reports of each CPU, kept as it runs: its busy time and all time
 * per delivered OPP, its capacity integral and energy (sim_account_cpu()), the overutilized
 * time, and the frequency the scheduler sees it run at (arch_scale_freq_capacity(): the
 * cpufreq or AMU frequency-invariance source).
 */
#include <stdio.h>
#include <stdlib.h>
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
	sim_account_flush(s, rq);
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
 * Outside the capped model and the pressure metrics, what sim_account_to() adds over an interval
 * is its length times a product of these inputs, and sums of delta x constant merge exactly
 * (the AMU's cycles too: its remainder carries): the clock updates need not account one by one
 * (s->acct_lazy, sim_account_clock()), as long as every write of an input flushes first
 * (sim_account_flush(): rq->curr in core.c, the OPP in sim_refresh_freq_scale(), rq->acct_cap
 * in sim_pressure_fill_view()) and every reader accounts first (finish(), the AMU tick, the heat
 * step). Debug and ASan builds check at each clock update left and at each accounting that the
 * inputs are those of the clock updates left since the last accounting (sim_acct_check()).
 */
#ifndef NDEBUG
static struct sim_acct_inputs acct_inputs(const struct sim_rq *rq)
{
	return (struct sim_acct_inputs){ rq->curr, rq->opp_idx, rq->delivered_khz, rq->acct_cap };
}

/* the clock updates of @rq left unaccounted saw the inputs of now */
static void sim_acct_check(const struct sim_rq *rq)
{
	struct sim_acct_inputs in = acct_inputs(rq), was = rq->acct_in;

	if (in.curr != was.curr || in.opp_idx != was.opp_idx ||
	    in.delivered_khz != was.delivered_khz || in.acct_cap != was.acct_cap) {
		fprintf(stderr, "capsim: CPU %d's accounting inputs moved unaccounted (curr %p, OPP %d, "
			"%u kHz, capacity %u; now %p, %d, %u, %u): a write skipped "
			"sim_account_flush()\n", rq->cpu, (const void *)was.curr, was.opp_idx,
			was.delivered_khz, was.acct_cap, (const void *)in.curr, in.opp_idx,
			in.delivered_khz, in.acct_cap);
		abort();
	}
}

void sim_account_seen(struct capsim_sim *s, struct sim_rq *rq)
{
	if (s->now == rq->acct_last) /* sim_account_rq() would add nothing */
		return;
	(void)sim_account_capacity(s, rq); /* its check of the cache, at sim_account_rq()'s reads */
	if (rq->clk.clock - SIM_RQ_CLOCK_START_NS > rq->acct_last)
		sim_acct_check(rq);
	else
		rq->acct_in = acct_inputs(rq);
}
#endif

/* Time since the last call at the current OPP, busy or not, and at today's actual capacity. */
void sim_account_to(struct capsim_sim *s, struct sim_rq *rq, uint64_t now)
{
	uint64_t delta = now - rq->acct_last;
	int idx = rq->opp_idx;

	if (!delta)
		return;
#ifndef NDEBUG
	if (s->acct_lazy && rq->clk.clock - SIM_RQ_CLOCK_START_NS > rq->acct_last)
		sim_acct_check(rq);
#endif
	rq->acct_last = now;
	sim_pressure_account(s, rq, delta);
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
	/* a flush at rq->acct_cap's write reads the old one, which its clock updates saw */
	rq->cap_integral += (unsigned __int128)(s->acct_lazy ? rq->acct_cap :
						sim_account_capacity(s, rq)) * delta;
}

void sim_account_rq(struct capsim_sim *s, struct sim_rq *rq)
{
	sim_account_to(s, rq, s->now);
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
