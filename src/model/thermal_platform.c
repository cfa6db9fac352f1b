// SPDX-License-Identifier: MIT
/*
 * thermal_platform.c - the thermal loop's description built from a platform's device-tree
 * thermal zones, as thermal_of.c and cpufreq_cooling.c would register them: one cpufreq cooling
 * device per policy, named "thermal-cpufreq-N" in policy order (the kernel numbers them in
 * registration order), its states from the policy's energy model (or its OPPs when there is
 * none), and each zone's cooling maps bound to those devices. Cooling maps naming something that
 * is not a CPU (fans, GPU devfreq) are left out: capsim models CPUs only. Each zone is heated by
 * the CPUs of the policies its maps cool.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/thermal_platform.h"

#include "internal.h"

static int cdev_from_policy(const struct platform_policy *pol, unsigned idx,
			    struct thermal_cdev_params *cd, struct em_perf_state **own)
{
	unsigned n = 0;

	memset(cd, 0, sizeof(*cd));
	snprintf(cd->name, sizeof(cd->name), "thermal-cpufreq-%u", idx);
	cd->policy = idx;
	cd->cpus = pol->related_cpus;
	if (pol->em) {
		cd->table = pol->em->table;
		cd->nr_states = platform_cooling_states(pol);
		return 0;
	}
	/* no EM: the cpufreq table (turbo OPPs excluded), no power (not a power actor) */
	*own = calloc(pol->nr_opps ? pol->nr_opps : 1, sizeof(**own));
	if (!*own)
		return CAPSIM_ERR_NOMEM;
	for (unsigned i = 0; i < pol->nr_opps; i++)
		if (!pol->opps[i].turbo)
			(*own)[n++].frequency = pol->opps[i].khz;
	cd->table = *own;
	cd->nr_states = platform_cooling_states(pol);
	return 0;
}

static int zone_from_platform(const struct capsim_platform *p,
			      const struct platform_thermal_zone *z, const struct thermal_setup *setup,
			      struct thermal_zone_params *zp, capsim_error *err)
{
	memset(zp, 0, sizeof(*zp));
	snprintf(zp->name, sizeof(zp->name), "%s", z->name);
	zp->governor = setup->governor;
	zp->polling_delay_ms = z->polling_delay_ms;
	zp->passive_delay_ms = z->polling_delay_passive_ms;
	zp->sustainable_power_mw = z->sustainable_power_mw;
	zp->rc = setup->rc;
	if (z->nr_trips > THERMAL_MAX_TRIPS)
		return capsim_error_set(err, CAPSIM_ERR_UNSUPPORTED,
			"thermal zone %s: %u trips (capsim models at most %d)", z->name, z->nr_trips,
			THERMAL_MAX_TRIPS);
	for (unsigned i = 0; i < z->nr_trips; i++)
		zp->trips[i] = (struct thermal_trip){ z->trips[i].temperature_mc,
						      z->trips[i].hysteresis_mc,
						      (enum thermal_trip_type)z->trips[i].type };
	zp->nr_trips = z->nr_trips;
	for (unsigned i = 0; i < z->nr_maps; i++) {
		const struct platform_cooling_map *m = &z->maps[i];
		const struct platform_policy *pol;

		if (m->policy < 0)
			continue;
		if (zp->nr_binds == THERMAL_MAX_BINDS)
			return capsim_error_set(err, CAPSIM_ERR_UNSUPPORTED,
				"thermal zone %s: more than %d CPU cooling maps", z->name,
				THERMAL_MAX_BINDS);
		pol = &p->policies[m->policy];
		zp->binds[zp->nr_binds++] = (struct thermal_bind_params){
			m->trip, (unsigned)m->policy,
			m->lower == PLATFORM_THERMAL_NO_LIMIT ? THERMAL_NO_LIMIT : m->lower,
			m->upper == PLATFORM_THERMAL_NO_LIMIT ? THERMAL_NO_LIMIT : m->upper,
			m->contribution,
		};
		for (unsigned w = 0; w < ARRAY_SIZE(zp->heat_cpus.bits); w++)
			zp->heat_cpus.bits[w] |= pol->related_cpus.bits[w];
	}
	return 0;
}

int thermal_setup_from_platform(const struct capsim_platform *p, const struct thermal_setup *setup,
				struct thermal_desc **out, capsim_error *err)
{
	struct thermal_desc *d = calloc(1, sizeof(*d));
	int ret = 0;

	*out = NULL;
	if (d) {
		d->cdevs = calloc(p->nr_policies + 1, sizeof(*d->cdevs));
		d->own_tables = calloc(p->nr_policies + 1, sizeof(*d->own_tables));
		d->zones = calloc(p->nr_zones + 1, sizeof(*d->zones));
	}
	if (!d || !d->cdevs || !d->own_tables || !d->zones) {
		thermal_desc_free(d);
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	}
	d->nr_policies = p->nr_policies;
	for (unsigned i = 0; !ret && i < p->nr_policies; i++)
		if (cdev_from_policy(&p->policies[i], i, &d->cdevs[i], &d->own_tables[i]))
			ret = capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	for (unsigned i = 0; !ret && i < p->nr_zones; i++)
		ret = zone_from_platform(p, &p->zones[i], setup, &d->zones[i], err);
	if (ret) {
		thermal_desc_free(d);
		return ret;
	}
	d->params = (struct thermal_params){ d->zones, p->nr_zones, d->cdevs, p->nr_policies,
					     p->nr_cpus };
	*out = d;
	return 0;
}

void thermal_desc_free(struct thermal_desc *d)
{
	if (!d)
		return;
	for (unsigned i = 0; d->own_tables && i < d->nr_policies; i++)
		free(d->own_tables[i]);
	free(d->own_tables);
	free(d->cdevs);
	free(d->zones);
	free(d);
}
