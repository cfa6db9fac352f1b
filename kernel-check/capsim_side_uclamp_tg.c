// SPDX-License-Identifier: MIT
/*
 * capsim_side_uclamp_tg.c - capsim's answer for group uclamp_tg: the case's cpu cgroups as a
 * run's options hold them (struct sim_cgroup: parent, cpu.uclamp requests) in a simulator of
 * its own, each write read by the model's uclamp_capacity_from_percent() (as the scenario
 * reader reads kernel.cgroups), the effective clamps from the engine's sim_cgroups_update()
 * after each write (which the kernel's walk must leave as a recomputation would), and each
 * task's clamps as task_exec.c's task_set_uclamp() makes them: uclamp_eff_get() of
 * uclamp_tg_restrict(). Nothing here computes an answer. The model: 6.12's; built a second
 * time with KC_MODEL=CAPSIM_MODEL_V7_3 for uclamp_tg_7_3 (kernel-check/CMakeLists.txt).
 */
#include <string.h>

#include "kcase.h"
#include "model/uclamp.h"
#include "sim/sim.h"

#ifndef KC_MODEL
#define KC_MODEL CAPSIM_MODEL_V6_12
#endif

static struct capsim_sim kc_sim;

void cside_uclamp_tg(const struct kc_uclamp_tg_in *in, struct kc_uclamp_tg_out *out)
{
	struct capsim_sim *s = &kc_sim;
	struct uclamp_tg root;
	bool used = false;

	memset(s, 0, sizeof(*s));
	s->opt.model = KC_MODEL;
	uclamp_sysctl_default(&s->opt.uclamp_sysctl);
	s->opt.uclamp = s->opt.uclamp_task_group = 1;
	s->opt.nr_cgroups = (unsigned)in->nr_groups;
	for (unsigned g = 0; g < s->opt.nr_cgroups; g++)
		s->opt.cgroups[g] = (struct sim_cgroup){
			.parent = (int)(int64_t)in->parent[g],
			.req = { 0, SCHED_CAPACITY_SCALE },
		};
	if (!in->sys_late) {
		s->opt.uclamp_sysctl.util_min = (uint32_t)in->sys_min;
		s->opt.uclamp_sysctl.util_max = (uint32_t)in->sys_max;
	}
	for (unsigned w = 0; w < in->nr_writes; w++) {
		struct sim_cgroup *cg = &s->opt.cgroups[in->w_group[w]];
		char buf[64];
		uint32_t util;
		int ret;

		kc_percent_text(in, w, buf);
		ret = uclamp_capacity_from_percent(buf, &util, NULL);
		out->w_ret[w] = (uint64_t)(int64_t)(ret ? ret : (int)strlen(buf));
		if (!ret) {
			cg->req[in->w_id[w] ? UCLAMP_ID_MAX : UCLAMP_ID_MIN] = util;
			cg->written = 1;
			used = true;
		}
		sim_cgroups_update(s);
		for (unsigned g = 0; g < in->nr_groups; g++) {
			out->w_eff_min[w * KC_TG_GROUPS + g] = s->cgroups[g].eff[UCLAMP_ID_MIN];
			out->w_eff_max[w * KC_TG_GROUPS + g] = s->cgroups[g].eff[UCLAMP_ID_MAX];
		}
	}
	s->opt.uclamp_sysctl.util_min = (uint32_t)in->sys_min;
	s->opt.uclamp_sysctl.util_max = (uint32_t)in->sys_max;
	sim_cgroups_update(s);
	for (unsigned g = 0; g < in->nr_groups; g++) {
		out->req_min[g] = s->cgroups[g].req[UCLAMP_ID_MIN];
		out->req_max[g] = s->cgroups[g].req[UCLAMP_ID_MAX];
		out->eff_min[g] = s->cgroups[g].eff[UCLAMP_ID_MIN];
		out->eff_max[g] = s->cgroups[g].eff[UCLAMP_ID_MAX];
	}
	uclamp_tg_root(&root, &s->opt.uclamp_sysctl);
	out->root_eff_min = root.eff[UCLAMP_ID_MIN];
	out->root_eff_max = root.eff[UCLAMP_ID_MAX];
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		int64_t g = (int64_t)in->t_group[t];
		const struct uclamp_tg *tg = g < 0 ? NULL : &s->cgroups[g];

		out->t_eff_min[t] = uclamp_eff_get(&s->opt.uclamp_sysctl, UCLAMP_ID_MIN,
						   uclamp_tg_restrict(tg, (uint32_t)in->t_req_min[t]));
		out->t_eff_max[t] = uclamp_eff_get(&s->opt.uclamp_sysctl, UCLAMP_ID_MAX,
						   uclamp_tg_restrict(tg, (uint32_t)in->t_req_max[t]));
	}
	out->uclamp_used = used;
}
