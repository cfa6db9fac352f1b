// SPDX-License-Identifier: MIT
/*
 * energy_model.c - the Energy Model of each cpufreq policy, built as the kernel builds it for
 * a device tree (dev_pm_opp_of_register_em(), drivers/opp/of.c, then em_create_perf_table(),
 * em_init_performance() and em_compute_costs(), kernel/power/energy_model.c, v6.9+):
 *
 *   power(OPP) = opp-microwatt when the lowest OPP has one (_get_dt_power), else
 *                (u64)C * mV * mV * (Hz / 1000000) / 1000000  µW   (dev_pm_opp_calc_power)
 *                with C = dynamic-power-coefficient of policy->cpu, mV = opp-microvolt / 1000
 *   perf       = arch_scale_cpu_capacity(first CPU) * kHz / kHz_max      (u64, truncated)
 *   cost       = 10 * power / perf, from the highest state down; a state whose cost is not
 *                below every higher state's is EM_PERF_STATE_INEFFICIENT
 *
 * No coefficient (and no opp-microwatt), a missing voltage, or a power of 0 or above
 * EM_MAX_POWER means no EM for that policy, as the kernel's registration fails; without an EM
 * on every CPU the platform runs without EAS. Inefficient OPPs are then marked in the cpufreq
 * table (em_cpufreq_update_efficiencies) for RELATION_E lookups.
 */
#include <stdlib.h>
#include <string.h>

#include "model/energy_model.h"
#include "internal.h"
#include "model/platform.h"
#include "model/platform_internal.h"

/* mirrors dev_pm_opp_calc_power(), drivers/opp/of.c */
uint64_t em_opp_power_uw(uint32_t coeff, uint32_t uv, uint64_t hz)
{
	uint64_t mv = uv / 1000;
	uint64_t tmp = (uint64_t)coeff * mv * mv * (hz / 1000000);

	return tmp / 1000000;
}

void em_pd_free(struct em_perf_domain *pd)
{
	if (!pd)
		return;
	free(pd->table);
	free(pd);
}

/*
 * mirrors em_compute_costs(), kernel/power/energy_model.c, v6.9+: cost = 10 * power / performance,
 * a state not cheaper than a higher one inefficient.
 * cost_6_1: what em_create_perf_table() of 6.1.192 computes, div64_u64(fmax * power, frequency)
 */
static void compute_costs(struct em_perf_state *table, unsigned nr)
{
	uint64_t prev_cost = UINT64_MAX;

	for (unsigned i = nr; i-- > 0;) {
		table[i].cost_6_1 = table[nr - 1].frequency * table[i].power / table[i].frequency;
		table[i].cost = table[i].power * 10 / table[i].performance;
		if (table[i].cost >= prev_cost)
			table[i].flags = EM_PERF_STATE_INEFFICIENT;
		else
			prev_cost = table[i].cost;
	}
}

/* mirrors em_create_perf_table() + em_init_performance(), kernel/power/energy_model.c */
int em_pd_create(const uint32_t *khz, const uint64_t *power_uw, unsigned nr, uint64_t max_cap,
		 const capsim_cpumask *cpus, struct em_perf_domain **out, capsim_error *err)
{
	struct em_perf_domain *pd;
	uint64_t prev_freq = 0;

	*out = NULL;
	if (!nr)
		return capsim_error_set(err, CAPSIM_ERR_RANGE, "no performance state");
	pd = calloc(1, sizeof(*pd));
	if (!pd || !(pd->table = calloc(nr, sizeof(*pd->table)))) {
		free(pd);
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	}
	pd->nr_perf_states = nr;
	pd->cpus = *cpus;
	for (unsigned i = 0; i < nr; i++) {
		struct em_perf_state *s = &pd->table[i];

		s->frequency = khz[i];
		s->power = power_uw[i];
		s->performance = max_cap * khz[i] / khz[nr - 1];
		const char *why = khz[i] <= prev_freq ? "non-increasing frequency"
				: !power_uw[i] || power_uw[i] > EM_MAX_POWER
					? "invalid power (expected 1..64000000 uW)"
				: !s->performance ? "performance 0 (frequency too low)" : NULL;

		if (why) {
			em_pd_free(pd);
			return capsim_error_set(err, CAPSIM_ERR_RANGE, "%u kHz: %s", khz[i], why);
		}
		prev_freq = khz[i];
	}
	compute_costs(pd->table, nr);
	*out = pd;
	return 0;
}

/* The power of every OPP of @pol, or a reason why the kernel would register no EM. */
static const char *opp_powers(const struct platform_policy *pol, uint64_t *power)
{
	bool microwatt = pol->opps[0].uw != 0; /* _of_has_opp_microwatt_property(): lowest OPP */

	if (!microwatt && !pol->dynamic_power_coefficient)
		return "no dynamic-power-coefficient";
	for (unsigned i = 0; i < pol->nr_opps; i++) {
		const struct platform_opp *o = &pol->opps[i];

		if (!microwatt && o->uv / 1000 == 0)
			return "an OPP has no opp-microvolt";
		power[i] = microwatt ? o->uw
				     : em_opp_power_uw(pol->dynamic_power_coefficient, o->uv, o->hz);
	}
	return NULL;
}

/* em_create_pd(): every CPU of a domain must have the same capacity */
static bool same_capacity(const struct capsim_platform *p, const struct platform_policy *pol)
{
	for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++)
		if (capsim_cpumask_test(&pol->related_cpus, cpu) &&
		    platform_cpu_capacity_orig(p, cpu) != platform_cpu_capacity_orig(p, pol->cpu))
			return false;
	return true;
}

/* mirrors em_cpufreq_update_efficiencies(), kernel/power/energy_model.c */
static void update_efficiencies(struct platform_policy *pol)
{
	for (unsigned i = 0; i < pol->em->nr_perf_states; i++) {
		if (!(pol->em->table[i].flags & EM_PERF_STATE_INEFFICIENT))
			continue;
		for (unsigned j = 0; j < pol->nr_opps; j++) {
			if (pol->opps[j].khz == pol->em->table[i].frequency) {
				pol->opps[j].inefficient = true;
				pol->efficiencies_available = true;
			}
		}
	}
	if (pol->efficiencies_available)
		pol->em->flags |= EM_PERF_DOMAIN_SKIP_INEFFICIENCIES;
}

static int build_one(struct capsim_platform *p, struct platform_policy *pol, capsim_error *err)
{
	uint64_t *power = calloc(pol->nr_opps, sizeof(*power));
	uint32_t *khz = calloc(pol->nr_opps, sizeof(*khz));
	const char *why = NULL;
	capsim_error em_err = { 0 };
	int ret = 0;

	if (!power || !khz) {
		ret = capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
		goto out;
	}
	for (unsigned i = 0; i < pol->nr_opps; i++)
		khz[i] = pol->opps[i].khz;
	why = opp_powers(pol, power);
	if (!why && !same_capacity(p, pol))
		why = "its CPUs differ in capacity";
	if (!why) {
		ret = em_pd_create(khz, power, pol->nr_opps, platform_cpu_capacity_orig(p, pol->cpu),
				   &pol->related_cpus, &pol->em, &em_err);
		if (ret == CAPSIM_ERR_NOMEM)
			goto out;
		why = ret ? em_err.msg : NULL;
		ret = 0;
	}
	if (why)
		platform_note(p, "policy%u: no energy model: %s", pol->cpu, why);
	else
		update_efficiencies(pol);
out:
	free(power);
	free(khz);
	return ret;
}

int platform_build_em(struct capsim_platform *p, capsim_error *err)
{
	for (unsigned i = 0; i < p->nr_policies; i++) {
		struct platform_policy *pol = &p->policies[i];
		int ret;

		em_pd_free(pol->em);
		pol->em = NULL;
		pol->efficiencies_available = false;
		for (unsigned j = 0; j < pol->nr_opps; j++)
			pol->opps[j].inefficient = false;
		ret = build_one(p, pol, err);
		CAPSIM_RETURN_IF(ret, ret);
	}
	return 0;
}

bool platform_has_em(const struct capsim_platform *p)
{
	for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++) {
		int pol = p->cpus[cpu].policy;

		if (pol < 0 || !p->policies[pol].em)
			return false;
	}
	return p->nr_cpus > 0;
}
