// SPDX-License-Identifier: MIT
/*
 * fair_queue.c - the runqueue lists of queued (not running) tasks in enqueue order, O(1) both
 * ways: the fair one (rq->fair_head, the kernel's rq->cfs_tasks that the balance walks) and
 * the RT one. The fair timeline by virtual deadline is model/fair_eevdf.c's (rq->cfs); a
 * delayed task (DELAY_DEQUEUE) is in the timeline only.
 */
#include "sim/sim.h"

void task_list_append(struct sim_task **head, struct sim_task **tail, struct sim_task *p)
{
	p->rq_next = NULL;
	p->rq_prev = *tail;
	if (*tail)
		(*tail)->rq_next = p;
	else
		*head = p;
	*tail = p;
}

void task_list_prepend(struct sim_task **head, struct sim_task **tail, struct sim_task *p)
{
	p->rq_prev = NULL;
	p->rq_next = *head;
	if (*head)
		(*head)->rq_prev = p;
	else
		*tail = p;
	*head = p;
}

void task_list_remove(struct sim_task **head, struct sim_task **tail, struct sim_task *p)
{
	if (p->rq_prev)
		p->rq_prev->rq_next = p->rq_next;
	else
		*head = p->rq_next;
	if (p->rq_next)
		p->rq_next->rq_prev = p->rq_prev;
	else
		*tail = p->rq_prev;
	p->rq_next = p->rq_prev = NULL;
}
