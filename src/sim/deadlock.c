// SPDX-License-Identifier: MIT
/*
 * deadlock.c - the run's wait-for graph: which task holds which mutex and what every blocked
 * task waits for. A real rt-app run that deadlocks hangs; a simulation would end quietly when
 * its event queue runs dry, as if the workload had finished. So each time a task starts to
 * wait on a resource we look for what the kernel's lockdep would call a deadlock: a cycle of
 * tasks each waiting for a mutex the next one holds (a task re-locking its own mutex is the
 * shortest), or every live task waiting on a resource, with nothing left that could release
 * one. Without a duration that is an error (the run would never end); with one, a warning:
 * the other tasks, or a scenario event, go on until the end.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "sim/sim.h"

static const char *res_kind(const struct capsim_sim *s, int res)
{
	switch (s->wl->resources[res].type) {
	case WL_RES_MUTEX: return "mutex";
	case WL_RES_COND: return "cond";
	case WL_RES_BARRIER: return "barrier";
	case WL_RES_SEM: return "semaphore";
	default: return "resource";
	}
}

/* Append printf-style text to @buf (of @size bytes, NUL-terminated). */
static void append(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void append(char *buf, size_t size, const char *fmt, ...)
{
	size_t n = strlen(buf);
	va_list ap;

	if (n + 1 >= size)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + n, size - n, fmt, ap);
	va_end(ap);
}

/* "T waits for mutex \"m\" held by U" and the like: what task @p waits for. */
static void describe_wait(const struct capsim_sim *s, const struct sim_task *p, char *buf,
			  size_t size)
{
	int res = p->waiting_res, owner;

	append(buf, size, "%s waits for %s \"%s\"", p->name, res_kind(s, res),
	       s->wl->resources[res].name);
	switch (s->wl->resources[res].type) {
	case WL_RES_MUTEX:
		owner = s->mutex_owner[res];
		if (owner >= 0)
			append(buf, size, " held by %s", s->tasks[owner]->name);
		break;
	case WL_RES_BARRIER:
		append(buf, size, " (%u of %u arrived)", s->barrier_waiting[res],
		       s->barrier_users[res]);
		break;
	default:
		break;
	}
}

static void report(struct capsim_sim *s, const char *what)
{
	if (!s->end) {
		sim_fail(s, CAPSIM_ERR_INVALID, 0, "deadlock at %.6f s: %s; the workload never ends",
			 (double)s->now * 1e-9, what);
		return;
	}
	if (!s->warning[0])
		snprintf(s->warning, sizeof(s->warning), "%s: deadlock at %.6f s: %s",
			 s->wl->source ? s->wl->source : "workload", (double)s->now * 1e-9, what);
}

/*
 * A cycle through @p: @p waits for a mutex whose holder waits for a mutex ... held by @p.
 * Return: true (and the cycle described in @buf) or false.
 */
static bool mutex_cycle(const struct capsim_sim *s, const struct sim_task *p, char *buf,
			size_t size)
{
	const struct sim_task *t = p;

	for (uint32_t hops = 0; hops <= s->nr_tasks; hops++) {
		int res = t->waiting_res, owner;

		/* @p itself is queued just before it blocks */
		if ((hops && t->state != TASK_BLOCKED) || res < 0 ||
		    s->wl->resources[res].type != WL_RES_MUTEX)
			return false;
		owner = s->mutex_owner[res];
		if (owner < 0)
			return false;
		if (hops)
			append(buf, size, "; ");
		describe_wait(s, t, buf, size);
		t = s->tasks[owner];
		if (t == p)
			return true;
	}
	return false;
}

/* Every live task waits on a resource, and no task is still to start: nothing can wake one. */
static bool all_stuck(const struct capsim_sim *s, char *buf, size_t size)
{
	if (!s->live_tasks || s->nr_res_waiters < s->live_tasks || s->pending_starts)
		return false;
	for (uint32_t i = 0, shown = 0; i < s->nr_tasks; i++) {
		const struct sim_task *t = s->tasks[i];

		if (t->state == TASK_DEAD || t->waiting_res < 0)
			continue;
		if (shown++ == 8) {
			append(buf, size, "; ...");
			break;
		}
		if (shown > 1)
			append(buf, size, "; ");
		describe_wait(s, t, buf, size);
	}
	return true;
}

void deadlock_check(struct capsim_sim *s, const struct sim_task *p)
{
	char what[448] = "";

	if (s->error || (s->end && s->warning[0]))
		return; /* one diagnosis per run */
	if ((p && mutex_cycle(s, p, what, sizeof(what))) ||
	    (what[0] = '\0', all_stuck(s, what, sizeof(what))))
		report(s, what);
}
