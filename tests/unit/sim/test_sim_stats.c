// SPDX-License-Identifier: MIT
/*
 * test_sim_stats.c - tests src/sim/sim_stats.c: a task's latency percentiles (nearest rank over
 * the histogram of 4 buckets per power of two, reported as the bucket's lower bound) whatever
 * order the latencies come in, and its runtime per CPU; the idle energy of a run. Expected
 * values are derived by hand in the comments from the bucket layout of sim.h.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "capsim/capsim.h"
#include "input/platform_load.h"
#include "sim/sim.h"
#include "sim_test_util.h"

static struct sim_task *new_task(void)
{
	struct sim_task *p = calloc(1, sizeof(*p));

	assert_non_null(p);
	p->st.cur_cpu = -1;
	return p;
}

static void free_task(struct sim_task *p)
{
	free(p->st.lat_hist);
	free(p->st.by_cpu);
	free(p);
}

/*
 * Ten latencies: 100 µs twice (first, so the histogram then grows downwards), 2 µs three times
 * and 0 five times. 2000 ns: 2^10 <= 2000 < 2^11, sub-bucket (2000 >> 8) & 3 = 3, lower bound
 * (4 + 3) << 8 = 1792. 100000 ns: 2^16 <= it, sub-bucket (100000 >> 14) & 3 = 2, lower bound
 * (4 + 2) << 14 = 98304. Nearest ranks: p50 -> 5th (a 0), p60 -> 6th and p80 -> 8th (2 µs),
 * p90 -> 9th and p99 -> 10th (100 µs).
 */
static void test_latency_percentiles(void **state)
{
	struct sim_task *p = new_task();

	(void)state;
	assert_int_equal(task_latency_percentile(p, 50), 0);
	task_record_latency(p, 100000);
	task_record_latency(p, 100000);
	for (unsigned i = 0; i < 3; i++)
		task_record_latency(p, 2000);
	for (unsigned i = 0; i < 5; i++)
		task_record_latency(p, 0);
	assert_int_equal(task_latency_percentile(p, 50), 0);
	assert_int_equal(task_latency_percentile(p, 60), 1792);
	assert_int_equal(task_latency_percentile(p, 80), 1792);
	assert_int_equal(task_latency_percentile(p, 90), 98304);
	assert_int_equal(task_latency_percentile(p, 99), 98304);
	free_task(p);
}

/* Only latencies under 1.024 µs: every percentile is 0. One of 2^37 ns or more: the last bucket. */
static void test_latency_ends(void **state)
{
	struct sim_task *p = new_task();

	(void)state;
	task_record_latency(p, 1023);
	task_record_latency(p, 0);
	assert_int_equal(task_latency_percentile(p, 99), 0);
	task_record_latency(p, 1ULL << 40);
	/* bucket LAT_BUCKETS - 1 = 108: 2^36 + 3 * 2^34, lower bound (4 + 3) << 34 */
	assert_true(task_latency_percentile(p, 99) == 7ULL << 34);
	assert_int_equal(task_latency_percentile(p, 50), 0);
	free_task(p);
}

/*
 * Runtime gathers per CPU: 5 + 7 ns on CPU 3, 11 on CPU 255, then on CPU 0 UINT32_MAX ns (still
 * 4-byte entries) and one more (every entry widened to 8 bytes), with more CPUs after it.
 */
static void test_cpu_time(void **state)
{
	struct sim_task *p = new_task();
	uint64_t big = (1ULL << 40) + 9;

	(void)state;
	task_add_cpu_time(p, 3, 5);
	task_add_cpu_time(p, 255, 11);
	task_add_cpu_time(p, 3, 7);
	task_add_cpu_time(p, 0, UINT32_MAX);
	task_add_cpu_time(p, 3, 1);
	assert_int_equal(p->st.by_cpu_size, CPU_TIME_NARROW);
	task_add_cpu_time(p, 0, 1);
	task_add_cpu_time(p, 7, big);
	task_flush_cpu_time(p);
	assert_int_equal(p->st.by_cpu_size, CPU_TIME_WIDE);
	assert_int_equal(p->st.nr_by_cpu, 4);
	assert_int_equal(cpu_time_cpu(&p->st, 0), 3);
	assert_int_equal(cpu_time_ns(&p->st, 0), 13);
	assert_int_equal(cpu_time_cpu(&p->st, 1), 255);
	assert_int_equal(cpu_time_ns(&p->st, 1), 11);
	assert_int_equal(cpu_time_cpu(&p->st, 2), 0);
	assert_true(cpu_time_ns(&p->st, 2) == UINT32_MAX + 1ULL);
	assert_int_equal(cpu_time_cpu(&p->st, 3), 7);
	assert_true(cpu_time_ns(&p->st, 3) == big);
	for (unsigned c = 8; c < 30; c++)
		task_add_cpu_time(p, (int)c, c);
	task_flush_cpu_time(p);
	assert_int_equal(p->st.nr_by_cpu, 26);
	assert_int_equal(cpu_time_cpu(&p->st, 25), 29);
	assert_int_equal(cpu_time_ns(&p->st, 25), 29);
	assert_true(cpu_time_ns(&p->st, 3) == big);
	free_task(p);
}

/*
 * Idle energy, apart from the EM's: RK3399 with idle power for every CPU (WFI, cpu-sleep,
 * cluster-sleep: 30/5/1 mW on the little CPUs, 90/9/2 mW on the big ones), one task pinned to
 * CPU4 (2 ms every 10 ms), 1 s. @cpuidle_off: every idle moment is WFI.
 */
static struct capsim_sim *run_idle_power(bool with_power, bool cpuidle_off, struct sim_result *r)
{
	static const char *wl_text =
		"{\"tasks\": {\"p\": {\"cpus\": [4], \"run\": 2000, "
		"\"timer\": {\"ref\": \"t\", \"period\": 10000}}}}";
	static const char *power =
		"{\"cpus\": [{\"cpu\": 0, \"idle_power_uw\": [30000, 5000, 1000]},"
		" {\"cpu\": 1, \"idle_power_uw\": [30000, 5000, 1000]},"
		" {\"cpu\": 2, \"idle_power_uw\": [30000, 5000, 1000]},"
		" {\"cpu\": 3, \"idle_power_uw\": [30000, 5000, 1000]},"
		" {\"cpu\": 4, \"idle_power_uw\": [90000, 9000, 2000]},"
		" {\"cpu\": 5, \"idle_power_uw\": [90000, 9000, 2000]}]}";
	struct capsim_platform *p = NULL;
	struct capsim_sim *s;
	struct sim_options o;
	capsim_error e = { 0 };

	sim_options_default(&o);
	o.duration_ns = 1000000000ULL;
	o.cpuidle_off = cpuidle_off;
	setenv("CAPSIM_DATA_DIR", CAPSIM_SOURCE_DIR "/data", 1);
	assert_int_equal(platform_load("rk3399", NULL, 0, &p, &e), 0);
	if (with_power && platform_load_json(power, strlen(power), "power.json", p, NULL, &e))
		fail_msg("%s", e.msg);
	s = sim_test_create(p, wl_text, &o);
	if (sim_run(s, &e))
		fail_msg("%s", e.msg);
	assert_int_equal(sim_result_totals(s, r), 0);
	return s;
}

static void test_idle_energy(void **state)
{
	static const double uw[6][3] = { { 30000, 5000, 1000 }, { 30000, 5000, 1000 },
					 { 30000, 5000, 1000 }, { 30000, 5000, 1000 },
					 { 90000, 9000, 2000 }, { 90000, 9000, 2000 } };
	struct sim_result r, r0;
	struct capsim_sim *s;

	(void)state;
	for (int off = 0; off < 2; off++) {
		double total = 0;

		s = run_idle_power(true, off, &r);
		assert_true(r.has_idle_power);
		for (unsigned c = 0; c < 6; c++) {
			const struct sim_rq *rq = &s->rq[c];
			double e = 0;
			uint64_t idle = 0;

			for (unsigned k = 0; k < 3; k++) {
				e += (double)rq->idle_ns[k] * 1e-9 * uw[c][k] * 1e-6;
				idle += rq->idle_ns[k];
			}
			/* a CPU is idle whenever it is not busy: its residencies fill the run */
			assert_int_equal(idle + rq->busy_ns, 1000000000ULL);
			if (off) /* cpuidle.off=1: all its idle time in WFI */
				assert_true(fabs(r.cpus[c].idle_energy_j -
						 (double)(1000000000ULL - rq->busy_ns) * 1e-9 * uw[c][0] * 1e-6) < 1e-12);
			else if (c < 4) /* the little cluster never runs: cluster-sleep the whole second */
				assert_true(fabs(r.cpus[c].idle_energy_j - 1.0 * 1000e-6) < 1e-12);
			assert_true(fabs(r.cpus[c].idle_energy_j - e) < 1e-12);
			total += e;
		}
		assert_true(fabs(r.idle_energy_j - total) < 1e-12);
		/* apart from the EM's dynamic energy, which the idle power does not change */
		struct capsim_sim *s0 = run_idle_power(false, off, &r0);
		assert_false(r0.has_idle_power);
		assert_true(r0.idle_energy_j == 0);
		assert_true(r0.energy_j == r.energy_j && r.energy_j > 0);
		sim_result_free(&r0);
		sim_free(s0);
		sim_result_free(&r);
		sim_free(s);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_latency_percentiles),
		cmocka_unit_test(test_latency_ends),
		cmocka_unit_test(test_cpu_time),
		cmocka_unit_test(test_idle_energy),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
