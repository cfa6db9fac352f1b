// SPDX-License-Identifier: MIT
/*
 * test_fair_balance_domains.c - unit tests of when the engine balances
 * (src/sim/fair_balance_domains.c): the stated cost of a newidle pass (docs/model.md, "Newidle
 * balance in time"), sched_balance_newidle()'s avg_idle gates and walk, the decay of
 * max_newidle_lb_cost by sched_balance_domains(), and the avg_idle update of a wake-up (7.3: of
 * the switch away from idle), and the groups' flags per model (sd_init()). On a
 * HiKey960 run with nothing started (sim_test_idle_default(): CPUs 0-3 and 4-7 each an MC
 * domain, PKG over all eight); the expected values are derived from the kernel's rules
 * (kernel/sched/fair.c and core.c, 6.12), each named in its test's comment.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sim/sim.h"
#include "sim_test_util.h"

#define US 1000ULL
#define MIGRATION_COST (500 * US) /* sysctl_sched_migration_cost */
#define WL "{\"tasks\": {\"t\": {\"delay\": 10000000, \"loop\": 1, \"run\": 1000000}}}"

/* the CPUs in CPU @cpu's domain @sdi, counted here from the platform's span */
static unsigned span_weight(const struct capsim_sim *s, int cpu, unsigned sdi)
{
	const capsim_cpumask *span = &s->plat->sd->domains[s->rq[cpu].sd[sdi].dom].span;
	unsigned n = 0;

	for (unsigned c = 0; c < s->nr_cpus; c++)
		n += capsim_cpumask_test(span, c);
	return n;
}

/* the stated cost model: 2 us plus 1 us per CPU of the span */
static uint64_t stated_cost(const struct capsim_sim *s, int cpu, unsigned sdi)
{
	return 2 * US + 1 * US * span_weight(s, cpu, sdi);
}

/* HiKey960: MC of 4 CPUs 6 us, PKG of 8 CPUs 10 us, for every CPU */
static void test_newidle_cost_model(void **state)
{
	struct capsim_sim *s = sim_test_idle_default(WL);

	(void)state;
	for (unsigned c = 0; c < s->nr_cpus; c++) {
		assert_int_equal(s->rq[c].nr_sd, 2);
		assert_int_equal(newidle_lb_cost(s, &s->rq[c], 0), 6 * US);
		assert_int_equal(newidle_lb_cost(s, &s->rq[c], 1), 10 * US);
		for (unsigned i = 0; i < s->rq[c].nr_sd; i++)
			assert_int_equal(newidle_lb_cost(s, &s->rq[c], i), stated_cost(s, (int)c, i));
	}
	sim_free(s);
}

/*
 * sched_balance_newidle() on an overloaded root domain, MC's max_newidle_lb_cost at its pass's
 * cost (6 us), PKG's 1 ns below its own (10 us): avg_idle below MC's max stops it before any
 * pass; at 6 + 10 us - 2 the MC pass runs (its cost not above its max: no change) and PKG's does
 * not (6 us so far + PKG's max > avg_idle); one more and PKG's runs too, its max becomes its
 * pass's cost, last_decay_max_lb_cost now; the walk's 16 us stays below max_idle_balance_cost
 * (500 us). Nothing is pulled on an idle system: idle_stamp stays at the rq clock.
 */
static void test_newidle_gates(void **state)
{
	struct capsim_sim *s = sim_test_idle_default(WL);
	struct sim_rq *rq = &s->rq[0];
	uint64_t mc = stated_cost(s, 0, 0), pkg = stated_cost(s, 0, 1), clock;

	(void)state;
	s->overloaded = true;
	s->jiffies = 1000;
	for (unsigned i = 0; i < 2; i++)
		rq->sd[i].last_decay_max_lb_cost = s->jiffies - 1;
	rq->sd[0].max_newidle_lb_cost = mc;
	rq->sd[1].max_newidle_lb_cost = pkg - 1;
	rq->avg_idle = mc - 1;
	clock = rq->clk.clock; /* rq_clock() as it idles, before any blocked-load update */
	sched_balance_newidle(s, rq);
	assert_int_equal(rq->idle_stamp, clock);
	assert_int_equal(rq->sd[1].max_newidle_lb_cost, pkg - 1);

	rq->avg_idle = mc + pkg - 2;
	sched_balance_newidle(s, rq);
	assert_int_equal(rq->sd[0].max_newidle_lb_cost, mc);
	assert_int_equal(rq->sd[1].max_newidle_lb_cost, pkg - 1);
	assert_int_equal(rq->sd[1].last_decay_max_lb_cost, s->jiffies - 1);

	rq->avg_idle = mc + pkg - 1;
	clock = rq->clk.clock;
	sched_balance_newidle(s, rq);
	assert_int_equal(rq->sd[1].max_newidle_lb_cost, pkg);
	assert_int_equal(rq->sd[1].last_decay_max_lb_cost, s->jiffies);
	assert_int_equal(rq->max_idle_balance_cost, MIGRATION_COST);
	assert_int_equal(rq->idle_stamp, clock);
	sim_free(s);
}

/*
 * update_newidle_cost() from sched_balance_domains(): a max older than a second (HZ jiffies)
 * decays by 253/256 and the rq-wide max becomes the domains' sum, at least the migration
 * cost; at exactly a second it does not decay (time_after()).
 */
static void test_domains_decay(void **state)
{
	struct capsim_sim *s = sim_test_idle_default(WL);
	struct sim_rq *rq = &s->rq[0];
	uint64_t hz = s->opt.hz;

	(void)state;
	s->jiffies = 10 * hz;
	rq->sd[0].max_newidle_lb_cost = 400 * US;
	rq->sd[0].last_decay_max_lb_cost = s->jiffies - hz - 1;
	rq->sd[1].max_newidle_lb_cost = 300 * US;
	rq->sd[1].last_decay_max_lb_cost = s->jiffies - hz - 1;
	sched_balance_domains(s, rq, LB_CPU_IDLE);
	assert_int_equal(rq->sd[0].max_newidle_lb_cost, 400 * US * 253 / 256);
	assert_int_equal(rq->sd[1].max_newidle_lb_cost, 300 * US * 253 / 256);
	assert_int_equal(rq->sd[1].last_decay_max_lb_cost, s->jiffies);
	assert_int_equal(rq->max_idle_balance_cost, 400 * US * 253 / 256 + 300 * US * 253 / 256);

	s->jiffies += hz; /* exactly a second after the decay: none */
	sched_balance_domains(s, rq, LB_CPU_IDLE);
	assert_int_equal(rq->sd[0].max_newidle_lb_cost, 400 * US * 253 / 256);
	sim_free(s);
}

/*
 * ttwu_do_activate(): avg_idle += (idle time - avg_idle) / 8, capped at twice
 * max_idle_balance_cost (not twice the migration cost once a walk cost more); 6.12's
 * put_prev_task_idle() leaves avg_idle alone.
 */
static void test_avg_idle_update(void **state)
{
	struct capsim_sim *s = sim_test_idle_default(WL);
	struct sim_rq *rq = &s->rq[0];

	(void)state;
	s->opt.model = CAPSIM_MODEL_V6_12;
	rq->avg_idle = 1000 * US;
	rq->idle_stamp = rq->clk.clock - 200 * US;
	ttwu_update_avg_idle(s, rq);
	assert_int_equal(rq->avg_idle, 1000 * US - (800 * US) / 8);
	assert_int_equal(rq->idle_stamp, 0);

	rq->max_idle_balance_cost = 700 * US;
	rq->idle_stamp = rq->clk.clock - 10000 * US;
	ttwu_update_avg_idle(s, rq);
	assert_int_equal(rq->avg_idle, 2 * 700 * US);

	rq->idle_stamp = rq->clk.clock - 200 * US;
	sim_idle_sched_class.put_prev_task(s, rq, NULL);
	assert_int_equal(rq->avg_idle, 2 * 700 * US);
	assert_int_equal(rq->idle_stamp, rq->clk.clock - 200 * US);
	sim_free(s);
}

/*
 * 7.3.4: ttwu_do_activate() no longer updates avg_idle; put_prev_task_idle() does as the CPU
 * leaves idle (update_rq_avg_idle(), kernel/sched/core.c), by the same rule: 1000 us - (1000 -
 * 200) us / 8 after 200 us of idle.
 */
static void test_avg_idle_update_7_3(void **state)
{
	struct capsim_sim *s = sim_test_idle_default(WL);
	struct sim_rq *rq = &s->rq[0];

	(void)state;
	s->opt.model = CAPSIM_MODEL_V7_3;
	rq->avg_idle = 1000 * US;
	rq->idle_stamp = rq->clk.clock - 200 * US;
	ttwu_update_avg_idle(s, rq);
	assert_int_equal(rq->avg_idle, 1000 * US);
	assert_int_equal(rq->idle_stamp, rq->clk.clock - 200 * US);
	sim_idle_sched_class.put_prev_task(s, rq, NULL);
	assert_int_equal(rq->avg_idle, 1000 * US - (800 * US) / 8);
	assert_int_equal(rq->idle_stamp, 0);
	sim_free(s);
}

/*
 * The run's group flags follow its model's sd_init(): on the HiKey960, PKG's two groups are the
 * MC domains {0-3} and {4-7} with their flags, NEWIDLE | EXEC | FORK | WAKE_AFFINE |
 * SHARE_LLC (1+2+4+16+512 = 535) plus PREFER_SIBLING (4096) under v7.3 only: 6.1.192's and
 * 6.12.118's sd_init() of the asymmetric PKG clear it on MC (update_sd_lb_stats() reads
 * sg->flags for prefer_sibling). MC's groups (single CPUs) carry 0.
 */
static void test_group_flags_per_model(void **state)
{
	const enum capsim_model models[] = { CAPSIM_MODEL_V6_1, CAPSIM_MODEL_V6_10,
					     CAPSIM_MODEL_V6_12, CAPSIM_MODEL_V7_3 };

	(void)state;
	for (size_t m = 0; m < sizeof(models) / sizeof(models[0]); m++) {
		struct capsim_sim *s = sim_test_idle(WL, models[m]);
		const struct sd_domain *mc = &s->plat->sd->domains[s->rq[0].sd[0].dom];
		const struct sd_domain *pkg = &s->plat->sd->domains[s->rq[0].sd[1].dom];

		assert_int_equal(pkg->nr_groups, 2);
		for (unsigned g = 0; g < pkg->nr_groups; g++)
			assert_int_equal(s->sg[pkg->first_group + g].flags,
					 models[m] == CAPSIM_MODEL_V7_3 ? 4631 : 535);
		for (unsigned g = 0; g < mc->nr_groups; g++)
			assert_int_equal(s->sg[mc->first_group + g].flags, 0);
		sim_free(s);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_newidle_cost_model),
		cmocka_unit_test(test_newidle_gates),
		cmocka_unit_test(test_domains_decay),
		cmocka_unit_test(test_avg_idle_update),
		cmocka_unit_test(test_avg_idle_update_7_3),
		cmocka_unit_test(test_group_flags_per_model),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
