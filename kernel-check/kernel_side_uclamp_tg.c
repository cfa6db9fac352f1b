// SPDX-License-Identifier: MIT
/*
 * kernel_side_uclamp_tg.c - the kernel's answer for group uclamp_tg: the case's cpu cgroups
 * as struct task_group under root_task_group, made as cpu_cgroup_css_alloc() and
 * cpu_cgroup_css_online() make them (alloc_uclamp_sched_group(), cpu_util_update_eff()), the
 * sysctls written as sysctl_sched_uclamp_handler() writes them (uclamp_default[], then
 * uclamp_update_root_tg()), each cpu.uclamp.min/max write through cpu_uclamp_write(), then
 * uclamp_eff_get() of each task, all with the functions functions_uclamp_tg.txt cut out of
 * linux-source-6.12 under CONFIG_UCLAMP_TASK_GROUP (kernel_extract_uclamp_tg.c, each renamed
 * k_<name>; compiled again with KC_LINUX_7_3 on linux-source-7.3's for uclamp_tg_7_3,
 * moves-uclamp_tg-7.3.txt).
 *
 * A translation unit of its own (the cut functions are static; it shares kstubs.h's types):
 * nothing here computes an answer itself.
 */
#include "kcase.h"
#include "kstubs_uclamp_tg.h"

struct task_group root_task_group;
struct task_group *kc_tg_task_group;
unsigned kc_tg_active_updates;
static int uclamp_mutex;
/* core.c's uclamp_default[] has no initializer to cut (init_uclamp() fills it) */
static struct uclamp_se uclamp_default[UCLAMP_CNT];

#include "kernel_extract_uclamp_tg.c"

static struct task_group kc_groups[KC_TG_GROUPS];

/* init_uclamp(): the defaults and the root group's clamps, all at uclamp_none(UCLAMP_MAX) */
static void kc_init_uclamp(void)
{
	enum uclamp_id id;

	root_task_group = (struct task_group){ 0 };
	for_each_clamp_id(id) {
		k_uclamp_se_set(&uclamp_default[id], SCHED_CAPACITY_SCALE, false);
		root_task_group.uclamp_req[id] = uclamp_default[id];
		root_task_group.uclamp[id] = uclamp_default[id];
	}
}

/* sysctl_sched_uclamp_handler() of the case's values: the defaults, then the root group */
static void kc_write_sysctls(const struct kc_uclamp_tg_in *in)
{
	sysctl_sched_uclamp_util_min = (unsigned int)in->sys_min;
	sysctl_sched_uclamp_util_max = (unsigned int)in->sys_max;
	k_uclamp_se_set(&uclamp_default[UCLAMP_MIN], sysctl_sched_uclamp_util_min, false);
	k_uclamp_se_set(&uclamp_default[UCLAMP_MAX], sysctl_sched_uclamp_util_max, false);
	k_uclamp_update_root_tg();
}

/* the cgroup core's mkdir: linked as the last child of its parent, then the cpu controller's
 * css_alloc (alloc_uclamp_sched_group()) and css_online (cpu_util_update_eff()) */
static void kc_make_group(unsigned g, int64_t parent)
{
	struct task_group *tg = &kc_groups[g], *p = parent < 0 ? &root_task_group : &kc_groups[parent];
	struct cgroup_subsys_state **link = &p->css.first_child;

	*tg = (struct task_group){ .parent = p, .css.parent = &p->css };
	while (*link)
		link = &(*link)->next_sibling;
	*link = &tg->css;
	k_alloc_uclamp_sched_group(tg, p);
	k_cpu_util_update_eff(&tg->css);
}

static void kc_read_groups(struct kc_uclamp_tg_out *out, unsigned nr, unsigned w)
{
	for (unsigned g = 0; g < nr; g++) {
		out->w_eff_min[w * KC_TG_GROUPS + g] = kc_groups[g].uclamp[UCLAMP_MIN].value;
		out->w_eff_max[w * KC_TG_GROUPS + g] = kc_groups[g].uclamp[UCLAMP_MAX].value;
	}
}

void kside_uclamp_tg(const struct kc_uclamp_tg_in *in, struct kc_uclamp_tg_out *out)
{
	unsigned nr = (unsigned)in->nr_groups;

	sched_uclamp_used = false;
	kc_init_uclamp();
	if (!in->sys_late)
		kc_write_sysctls(in);
	for (unsigned g = 0; g < nr; g++)
		kc_make_group(g, (int64_t)in->parent[g]);
	for (unsigned w = 0; w < in->nr_writes; w++) {
		char buf[64];

		kc_percent_text(in, w, buf);
		out->w_ret[w] = (uint64_t)(int64_t)k_cpu_uclamp_write(
			(struct kernfs_open_file *)(void *)&kc_groups[in->w_group[w]].css, buf,
			strlen(buf), 0, in->w_id[w] ? UCLAMP_MAX : UCLAMP_MIN);
		kc_read_groups(out, nr, w);
	}
	if (in->sys_late)
		kc_write_sysctls(in);
	for (unsigned g = 0; g < nr; g++) {
		out->req_min[g] = kc_groups[g].uclamp_req[UCLAMP_MIN].value;
		out->req_max[g] = kc_groups[g].uclamp_req[UCLAMP_MAX].value;
		out->eff_min[g] = kc_groups[g].uclamp[UCLAMP_MIN].value;
		out->eff_max[g] = kc_groups[g].uclamp[UCLAMP_MAX].value;
	}
	out->root_eff_min = root_task_group.uclamp[UCLAMP_MIN].value;
	out->root_eff_max = root_task_group.uclamp[UCLAMP_MAX].value;
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		struct task_struct p = { 0 };
		int64_t g = (int64_t)in->t_group[t];

		k_uclamp_se_set(&p.uclamp_req[UCLAMP_MIN], (unsigned int)in->t_req_min[t], true);
		k_uclamp_se_set(&p.uclamp_req[UCLAMP_MAX], (unsigned int)in->t_req_max[t], true);
		kc_tg_task_group = g < 0 ? &root_task_group : &kc_groups[g];
		out->t_eff_min[t] = k_uclamp_eff_get(&p, UCLAMP_MIN).value;
		out->t_eff_max[t] = k_uclamp_eff_get(&p, UCLAMP_MAX).value;
	}
	out->uclamp_used = sched_uclamp_used;
}
