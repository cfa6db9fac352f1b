// SPDX-License-Identifier: MIT
/*
 * pelt.c - Per-Entity Load Tracking, bit-exact with kernel/sched/pelt.c (v6.10+, checked
 * against 6.12).
 *
 * PELT turns a 0/1 (or weighted) state into a geometric average: time is cut into periods of
 * 1024 units of 1024 ns (~1 ms); the period n ago weighs y^n with y^32 = 1/2. The *_sum fields
 * hold the decayed series, the *_avg fields the series divided by its maximum. Every function
 * here mirrors the kernel function of the same name, with the kernel's integer widths (u64
 * sums, u32 util_sum and period_contrib, LP64 unsigned long), wrap-around and order of
 * operations, so that any sequence of updates gives the kernel's values bit for bit.
 */
#include "internal.h"
#include "model/pelt.h"
#include "model/util_est.h"
#include "model/pelt_tables.h"

_Static_assert(LOAD_AVG_PERIOD == CAPSIM_LOAD_AVG_PERIOD, "generated table and API disagree");
_Static_assert(LOAD_AVG_MAX == CAPSIM_LOAD_AVG_MAX, "generated table and API disagree");

/* mirrors mul_u64_u32_shr(), include/linux/math64.h: floor(a * mul / 2^shift), exact. */
static inline uint64_t mul_u64_u32_shr(uint64_t a, uint32_t mul, unsigned shift)
{
#ifdef __SIZEOF_INT128__
	return (uint64_t)(((unsigned __int128)a * mul) >> shift);
#else
	/* The kernel's 32-bit fallback: the same value for shift <= 32. */
	uint32_t ah = (uint32_t)(a >> 32), al = (uint32_t)a;
	uint64_t ret = ((uint64_t)al * mul) >> shift;

	if (ah)
		ret += ((uint64_t)ah * mul) << (32 - shift);
	return ret;
#endif
}

/*
 * mirrors decay_load(), kernel/sched/pelt.c: val * y^n.
 * As y^32 = 1/2, y^n = 1/2^(n/32) * y^(n%32): a shift, then one table entry. Beyond 63
 * half-lives every u64 has decayed to 0. Note n = 0 gives val - 1 for 0 < val < 2^32
 * (table[0] is 2^32 - 1, not 2^32); the kernel never decays by 0 periods.
 */
static inline uint64_t decay_load(uint64_t val, uint64_t n)
{
	unsigned int local_n;

	if (n > LOAD_AVG_PERIOD * 63)
		return 0;
	local_n = (unsigned int)n; /* bounded above: 32 bits are enough */
	if (local_n >= LOAD_AVG_PERIOD) {
		val >>= local_n / LOAD_AVG_PERIOD;
		local_n %= LOAD_AVG_PERIOD;
	}
	return mul_u64_u32_shr(val, runnable_avg_yN_inv[local_n], 32);
}

/*
 * mirrors __accumulate_pelt_segments(), kernel/sched/pelt.c: the contribution of the time
 * since the last update, for p >= 1 crossed period boundaries (see accumulate_sum()):
 *
 *   c1 = d1 y^p                              (the rest of the old period, decayed)
 *   c2 = 1024 (Sum_{n>=0} y^n - Sum_{n>=p} y^n - y^0) = 1024 Sum_{n=1}^{p-1} y^n
 *   c3 = d3 y^0                              (the started current period)
 *
 * c2 is formed in u64 and truncated to u32, as in the kernel.
 */
static inline uint32_t __accumulate_pelt_segments(uint64_t periods, uint32_t d1, uint32_t d3)
{
	uint32_t c1, c2, c3 = d3;

	c1 = (uint32_t)decay_load((uint64_t)d1, periods);
	c2 = (uint32_t)(LOAD_AVG_MAX - decay_load(LOAD_AVG_MAX, periods) - 1024);
	return c1 + c2 + c3;
}

/* mirrors accumulate_sum()'s last step, kernel/sched/pelt.c: @contrib added to each sum */
static inline void accumulate_contrib(struct capsim_sched_avg *sa, uint32_t contrib,
				      uint64_t load, uint64_t runnable, uint32_t util_mask)
{
	sa->load_sum += load * contrib;
	sa->runnable_sum += runnable * contrib << SCHED_CAPACITY_SHIFT;
	sa->util_sum += (contrib << SCHED_CAPACITY_SHIFT) & util_mask; /* u32 arithmetic */
}

/*
 * mirrors accumulate_sum(), kernel/sched/pelt.c. @delta is in 1024-ns units.
 *
 *           d1          d2           d3
 *         |<->|<----------------->|<--->|
 * ... |---x---|------| ... |------|-----x (now)
 *
 *   u' = u y^p                                        (Step 1: decay the old sums)
 *      + d1 y^p + 1024 Sum_{n=1}^{p-1} y^n + d3       (Step 2: the new contribution)
 *
 * The kernel skips Step 2's segments and each "+=" when load, runnable or running is 0; here
 * they run unconditionally (adding load * contrib with load = 0 adds 0; running selects the
 * util contribution with a mask), which gives the same values without branches that a 0/1
 * signal makes unpredictable. The kernel's caller guarantees runnable = running = 0 whenever
 * load = 0, so the segments computed for load = 0 are never added.
 *
 * Returns the number of crossed periods truncated to u32, like the kernel's u32 return:
 * a gap of exactly k * 2^32 periods therefore reports no update.
 */
static inline uint32_t accumulate_sum(uint64_t delta, struct capsim_sched_avg *sa,
				      uint64_t load, uint64_t runnable, int running)
{
	uint32_t contrib = (uint32_t)delta; /* p == 0 -> delta < 1024 */
	uint32_t util_mask = -(uint32_t)(running != 0);
	uint64_t periods;

	delta += sa->period_contrib;
	periods = delta / 1024;

	/* no period boundary crossed (most updates): its own path, without Step 1's registers */
	if (!periods) {
		sa->period_contrib = (uint32_t)delta;
		accumulate_contrib(sa, contrib, load, runnable, util_mask);
		return 0;
	}

	/* Step 1 */
	sa->load_sum = decay_load(sa->load_sum, periods);
	sa->runnable_sum = decay_load(sa->runnable_sum, periods);
	sa->util_sum = (uint32_t)decay_load((uint64_t)sa->util_sum, periods);

	/* Step 2 */
	delta %= 1024;
	contrib = __accumulate_pelt_segments(periods, 1024 - sa->period_contrib, (uint32_t)delta);
	sa->period_contrib = (uint32_t)delta;
	accumulate_contrib(sa, contrib, load, runnable, util_mask);

	return (uint32_t)periods;
}

/*
 * mirrors ___update_load_sum(), kernel/sched/pelt.c. The unit is 1024 ns; the sub-unit
 * remainder stays in now - last_update_time for the next call. A negative (signed) delta
 * means the clock went backwards: restart from @now and change nothing else.
 */
static inline int ___update_load_sum(uint64_t now, struct capsim_sched_avg *sa, uint64_t load,
				     uint64_t runnable, int running)
{
	uint64_t delta = now - sa->last_update_time;

	if ((int64_t)delta < 0) {
		sa->last_update_time = now;
		return 0;
	}
	delta >>= 10;
	if (!delta)
		return 0;
	sa->last_update_time += delta << 10;

	/* running is a subset of runnable, itself a subset of load (a dequeued curr). */
	if (!load)
		runnable = running = 0;

	return accumulate_sum(delta, sa, load, runnable, running) ? 1 : 0;
}

/* mirrors get_pelt_divider(), kernel/sched/pelt.h: the series' maximum at this position. */
static inline uint32_t get_pelt_divider(const struct capsim_sched_avg *sa)
{
	return CAPSIM_PELT_MIN_DIVIDER + sa->period_contrib;
}

/* mirrors ___update_load_avg(), kernel/sched/pelt.c: *_avg = *_sum / divider. */
static inline void ___update_load_avg(struct capsim_sched_avg *sa, uint64_t load)
{
	uint32_t divider = get_pelt_divider(sa);

	sa->load_avg = (load * sa->load_sum) / divider;
	sa->runnable_avg = sa->runnable_sum / divider;
	sa->util_avg = sa->util_sum / divider; /* u32 division */
}

int capsim_pelt_update_load_sum(struct capsim_sched_avg *sa, uint64_t now, uint64_t load,
				uint64_t runnable, int running)
{
	return ___update_load_sum(now, sa, load, runnable, running);
}

void capsim_pelt_update_load_avg(struct capsim_sched_avg *sa, uint64_t load)
{
	___update_load_avg(sa, load);
}

/*
 * inline: declared so, the library's own callers (every rq signal's update) take the whole
 * update into their frames under LTO instead of a call; capsim_pelt.h's declaration without
 * "inline" keeps this the external definition the API exports (C11 6.7.4)
 */
inline int capsim_pelt_update(struct capsim_sched_avg *sa, uint64_t now, uint64_t load,
			      uint64_t runnable, int running, uint64_t weight)
{
	if (!___update_load_sum(now, sa, load, runnable, running))
		return 0;
	___update_load_avg(sa, weight);
	return 1;
}

/* mirrors __update_load_avg_se(), kernel/sched/pelt.c. inline, as capsim_pelt_update() */
inline int pelt_update_load_avg_se(struct capsim_sched_avg *sa, uint32_t *util_est,
				   uint64_t now, int on_rq, int runnable, int running,
				   uint64_t weight)
{
	if (!___update_load_sum(now, sa, !!on_rq, !!runnable, running))
		return 0;
	___update_load_avg(sa, weight);
	*util_est = cfs_se_util_change(*util_est);
	return 1;
}

/*
 * mirrors __update_load_avg_blocked_se(), kernel/sched/pelt.c: no cfs_se_util_change(), so
 * the util_est of the last dequeue stays marked UTIL_AVG_UNCHANGED. inline, as
 * capsim_pelt_update() (pelt.h declares it without).
 */
inline int pelt_update_load_avg_blocked_se(struct capsim_sched_avg *sa, uint64_t now,
					   uint64_t weight)
{
	if (!___update_load_sum(now, sa, 0, 0, 0))
		return 0;
	___update_load_avg(sa, weight);
	return 1;
}

/*
 * mirrors update_rt_rq_load_avg(), kernel/sched/pelt.c: the rt_rq's signals are a binary
 * running signal (load = runnable = running)
 */
int pelt_update_rt_rq_load_avg(struct capsim_sched_avg *avg_rt, uint64_t now, int running)
{
	return capsim_pelt_update(avg_rt, now, (uint64_t)running, (uint64_t)running, running, 1);
}

/* mirrors update_dl_rq_load_avg(), kernel/sched/pelt.c: rq->avg_dl, as the RT one */
int pelt_update_dl_rq_load_avg(struct capsim_sched_avg *avg_dl, uint64_t now, int running)
{
	return capsim_pelt_update(avg_dl, now, (uint64_t)running, (uint64_t)running, running, 1);
}

uint64_t capsim_pelt_decay_load(uint64_t val, uint64_t n)
{
	return decay_load(val, n);
}

uint32_t pelt_accumulate_segments(uint64_t periods, uint32_t d1, uint32_t d3)
{
	return __accumulate_pelt_segments(periods, d1, d3);
}

uint32_t capsim_pelt_divider(const struct capsim_sched_avg *sa)
{
	return get_pelt_divider(sa);
}

uint32_t pelt_yN_inv(unsigned i)
{
	return i < LOAD_AVG_PERIOD ? runnable_avg_yN_inv[i] : 0;
}

/*
 * mirrors update_irq_load_avg(), kernel/sched/pelt.c (CONFIG_HAVE_SCHED_AVG_IRQ): the IRQ
 * time of the interval is scaled (frequency first, then CPU capacity: the opposite order of
 * clock_pelt) and placed at its end: decay over the rest, then accumulate it as running.
 */
int pelt_update_irq_load_avg(struct capsim_sched_avg *avg_irq, uint64_t rq_clock,
			     uint64_t running, unsigned long cpu_cap, unsigned long freq_cap)
{
	int ret;

	running = cap_scale(running, freq_cap);
	running = cap_scale(running, cpu_cap);
	ret = ___update_load_sum(rq_clock - running, avg_irq, 0, 0, 0);
	ret += ___update_load_sum(rq_clock, avg_irq, 1, 1, 1);
	if (ret)
		___update_load_avg(avg_irq, 1);
	return ret;
}

void pelt_attach_entity_avg(struct capsim_sched_avg *se, const struct capsim_sched_avg *cfs,
			    uint64_t weight)
{
	uint32_t divider = capsim_pelt_divider(cfs);

	se->last_update_time = cfs->last_update_time;
	se->period_contrib = cfs->period_contrib;
	se->util_sum = (uint32_t)(CAPSIM_MUT(21, se->util_avg, se->runnable_avg) * divider);
	se->runnable_sum = se->runnable_avg * divider;
	se->load_sum = se->load_avg * divider;
	if (weight < se->load_sum)
		se->load_sum /= weight;
	else
		se->load_sum = CAPSIM_MUT(22, 1, 0);
}
