// SPDX-License-Identifier: MIT
/*
 * fair_queue.c - the queued (not running) fair tasks of a runqueue, as the kernel keeps them
 * in cfs_rq->tasks_timeline (kernel/sched/fair.c, v6.12): ordered by virtual deadline and
 * augmented with each subtree's smallest vruntime, so that pick_eevdf() finds the eligible task
 * with the earliest deadline, and update_min_vruntime() the smallest vruntime, in O(log n).
 * The kernel's tree is a red-black tree; here it is a treap with priorities hashed from the
 * insertion number (deterministic). Equal deadlines keep insertion order, as the list that
 * rq.c also keeps (for the balance's and uclamp's walks, in enqueue order) does.
 */
#include "sim/sim.h"

/* splitmix64's finalizer: a well-spread treap priority from the insertion number */
static uint32_t treap_prio(uint64_t seq)
{
	seq += 0x9e3779b97f4a7c15ULL;
	seq = (seq ^ (seq >> 30)) * 0xbf58476d1ce4e5b9ULL;
	seq = (seq ^ (seq >> 27)) * 0x94d049bb133111ebULL;
	return (uint32_t)(seq ^ (seq >> 31));
}

/* the tree order: earlier deadline first (wrap-safe, as entity_before()), then insertion */
static bool queue_before(const struct sim_task *a, const struct sim_task *b)
{
	int64_t d = (int64_t)(a->deadline - b->deadline);

	return d < 0 || (d == 0 && a->fair_seq < b->fair_seq);
}

/* mirrors min_vruntime_update(): the subtree's smallest vruntime */
static void subtree_update(struct sim_task *n)
{
	n->tmin_v = n->vruntime;
	if (n->tleft && n->tleft->tmin_v < n->tmin_v)
		n->tmin_v = n->tleft->tmin_v;
	if (n->tright && n->tright->tmin_v < n->tmin_v)
		n->tmin_v = n->tright->tmin_v;
}

static struct sim_task *rotate_right(struct sim_task *n)
{
	struct sim_task *l = n->tleft;

	n->tleft = l->tright;
	l->tright = n;
	subtree_update(n);
	subtree_update(l);
	return l;
}

static struct sim_task *rotate_left(struct sim_task *n)
{
	struct sim_task *r = n->tright;

	n->tright = r->tleft;
	r->tleft = n;
	subtree_update(n);
	subtree_update(r);
	return r;
}

static struct sim_task *treap_insert(struct sim_task *root, struct sim_task *p)
{
	if (!root) {
		subtree_update(p);
		return p;
	}
	if (queue_before(p, root)) {
		root->tleft = treap_insert(root->tleft, p);
		if (root->tleft->tprio > root->tprio)
			return rotate_right(root);
	} else {
		root->tright = treap_insert(root->tright, p);
		if (root->tright->tprio > root->tprio)
			return rotate_left(root);
	}
	subtree_update(root);
	return root;
}

/* Join two treaps, every task of @a before every task of @b. */
static struct sim_task *treap_join(struct sim_task *a, struct sim_task *b)
{
	if (!a)
		return b;
	if (!b)
		return a;
	if (a->tprio > b->tprio) {
		a->tright = treap_join(a->tright, b);
		subtree_update(a);
		return a;
	}
	b->tleft = treap_join(a, b->tleft);
	subtree_update(b);
	return b;
}

static struct sim_task *treap_remove(struct sim_task *root, struct sim_task *p)
{
	if (root == p)
		return treap_join(p->tleft, p->tright);
	if (queue_before(p, root))
		root->tleft = treap_remove(root->tleft, p);
	else
		root->tright = treap_remove(root->tright, p);
	subtree_update(root);
	return root;
}

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

void fair_queue_insert(struct sim_rq *rq, struct sim_task *p)
{
	task_list_append(&rq->fair_head, &rq->fair_tail, p); /* in enqueue order */
	p->fair_seq = rq->fair_seq++;
	p->tprio = treap_prio(p->fair_seq);
	p->tleft = p->tright = NULL;
	rq->fair_root = treap_insert(rq->fair_root, p);
}

void fair_queue_remove(struct sim_rq *rq, struct sim_task *p)
{
	task_list_remove(&rq->fair_head, &rq->fair_tail, p);
	rq->fair_root = treap_remove(rq->fair_root, p);
}

/* mirrors vruntime_eligible(): is @v at or below the weighted mean? */
bool fair_vruntime_eligible(const struct sim_rq *rq, int64_t avg, int64_t load, uint64_t v)
{
	return avg >= (int64_t)(v - rq->min_vruntime) * load;
}

/* The queued task with the earliest deadline (__pick_first_entity()), NULL if none. */
struct sim_task *fair_queue_first(const struct sim_rq *rq)
{
	struct sim_task *n = rq->fair_root;

	while (n && n->tleft)
		n = n->tleft;
	return n;
}

/* mirrors __pick_eevdf()'s walk: the eligible queued task with the earliest deadline */
struct sim_task *fair_queue_pick_eligible(const struct sim_rq *rq, int64_t avg, int64_t load)
{
	struct sim_task *n = rq->fair_root;

	while (n) {
		if (n->tleft && fair_vruntime_eligible(rq, avg, load, n->tleft->tmin_v)) {
			n = n->tleft;
			continue;
		}
		if (fair_vruntime_eligible(rq, avg, load, n->vruntime))
			return n;
		n = n->tright;
	}
	return NULL;
}
