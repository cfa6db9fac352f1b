/* SPDX-License-Identifier: MIT */
/*
 * kstubs_uclamp_tg.h - what group uclamp_tg's cut code (functions_uclamp_tg.txt) needs beside
 * kstubs.h: the cpu cgroups as struct task_group with only its uclamp fields, the css tree
 * they hang in, and the helpers outside kernel/sched reduced to what they mean here:
 *   - css_for_each_descendant_pre() / css_rightmost_descendant() walk the case's tree in
 *     pre-order (first child, next sibling), as kernel/cgroup/cgroup.c's do over RCU lists;
 *   - task_group(p) is the group the case puts the asked task in; no autogroup
 *     (!CONFIG_SCHED_AUTOGROUP, as GKI builds);
 *   - uclamp_update_active_tasks() (re-enqueues the group's runnable tasks) counts its calls:
 *     the case has no runqueue;
 *   - sscanf() is the C library's (lib/vsprintf.c's vsscanf() reads the digits, '.' and
 *     blanks the cases hold the same way), but 0 for an empty input, as the kernel's returns;
 *   - isspace() is the C library's (the kernel's also counts 0xa0, which no case holds);
 *   - do_div() divides by a 32-bit divisor, as asm-generic/div64.h's does;
 *   - the uclamp mutex and RCU guards do nothing (one thread).
 */
#ifndef KERNEL_CHECK_KSTUBS_UCLAMP_TG_H
#define KERNEL_CHECK_KSTUBS_UCLAMP_TG_H

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/types.h>

#include "kstubs.h"

#define ERANGE 34

struct cgroup_subsys_state {
	struct cgroup_subsys_state *parent, *first_child, *next_sibling;
};

struct task_group {
	struct cgroup_subsys_state css;
	struct task_group *parent;
	struct uclamp_se uclamp_req[UCLAMP_CNT];
	struct uclamp_se uclamp[UCLAMP_CNT];
	u64 uclamp_pct[UCLAMP_CNT];
};

extern struct task_group root_task_group;
extern struct task_group *kc_tg_task_group;
extern unsigned kc_tg_active_updates;

typedef long long loff_t;
struct kernfs_open_file; /* a write's file: here its group's css */
#define of_css(of) ((struct cgroup_subsys_state *)(void *)(of))

#undef task_group /* kstubs_lb.h's, for a flat hierarchy */
#define task_group(p) ((void)(p), kc_tg_task_group)
static inline bool task_group_is_autogroup(struct task_group *tg)
{
	(void)tg;
	return false;
}

/* pre-order successor of @pos within @root's subtree (NULL: @root first) */
static inline struct cgroup_subsys_state *kc_css_next_pre(struct cgroup_subsys_state *pos,
							  struct cgroup_subsys_state *root)
{
	if (!pos)
		return root;
	if (pos->first_child)
		return pos->first_child;
	for (; pos != root; pos = pos->parent)
		if (pos->next_sibling)
			return pos->next_sibling;
	return NULL;
}

#define css_for_each_descendant_pre(pos, css)                                        \
	for ((pos) = kc_css_next_pre(NULL, (css)); (pos); (pos) = kc_css_next_pre((pos), (css)))

static inline struct cgroup_subsys_state *css_rightmost_descendant(struct cgroup_subsys_state *pos)
{
	for (;;) {
		struct cgroup_subsys_state *last = pos->first_child;

		if (!last)
			return pos;
		while (last->next_sibling)
			last = last->next_sibling;
		pos = last;
	}
}

static inline void uclamp_update_active_tasks(struct cgroup_subsys_state *css)
{
	(void)css;
	kc_tg_active_updates++;
}

#define static_branch_enable(key) (*(key) = true)
#define guard(name) kc_guard_##name
static inline void kc_guard_mutex(void *m) { (void)m; }
static inline void kc_guard_rcu(void) { }

#define do_div(n, base) ({ uint32_t b_ = (uint32_t)(base); uint32_t r_ = (uint32_t)((n) % b_); \
			   (n) = (n) / b_; r_; })

static inline int kc_sscanf(const char *s, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!*s)
		return 0;
	va_start(ap, fmt);
	n = vsscanf(s, fmt, ap);
	va_end(ap);
	return n;
}
#define sscanf kc_sscanf

#endif /* KERNEL_CHECK_KSTUBS_UCLAMP_TG_H */
