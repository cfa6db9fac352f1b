// SPDX-License-Identifier: MIT
/*
 * cpuidle_menu.c - the menu governor of 6.12 (drivers/cpuidle/governors/menu.c): the next timer
 * scaled by a correction factor learnt per bucket of sleep lengths, the typical interval of the
 * last eight idle periods, and the tick kept when the predicted idle time is under a tick.
 * 6.12's menu reads no iowait count (the performance multiplier went in 6.x): nothing of it here.
 * No polling state (ARM64's cpuidle-psci has none): the POLLING branches never run.
 * 6.1's (cpu->version): the sleep length read first, six more buckets while a task waits for
 * I/O, the typical interval asked only below the timer's prediction, and the exit latency
 * limited by the prediction over the I/O-wait performance multiplier while the tick runs.
 * 7.3's: the outliers of the typical interval dropped on the side farther from the average,
 * and the stopped tick's prediction left alone when the next timer is within two ticks.
 */
#include <assert.h>
#include <limits.h>
#include <string.h>

#include "internal.h"
#include "model/cpuidle.h"

#define RESOLUTION 1024
#define DECAY 8
#define INTERVAL_SHIFT 3
#define MAX_INTERESTING (50000 * CAPSIM_NSEC_PER_USEC)
#define RESIDENCY_THRESHOLD_NS (15 * CAPSIM_NSEC_PER_USEC) /* governors/gov.h */
#define KTIME_MAX INT64_MAX
#define SAFE_TIMER_RANGE_NS(tick_ns) (2 * (tick_ns)) /* governors/gov.h, 7.3 */

/* mirrors which_bucket() of 6.12 and 7.3 */
static unsigned which_bucket(uint64_t duration_ns)
{
	if (duration_ns < 10ULL * CAPSIM_NSEC_PER_USEC)
		return 0;
	if (duration_ns < 100ULL * CAPSIM_NSEC_PER_USEC)
		return 1;
	if (duration_ns < 1000ULL * CAPSIM_NSEC_PER_USEC)
		return 2;
	if (duration_ns < 10000ULL * CAPSIM_NSEC_PER_USEC)
		return 3;
	if (duration_ns < CAPSIM_MUT(180, 100000ULL, 10000ULL) * CAPSIM_NSEC_PER_USEC)
		return 4;
	return 5;
}

/*
 * mirrors which_bucket() of 6.1: its second half of the buckets while a task waits for I/O
 * (with none, 6.12's and 7.3's: menu_timer_prediction() asks it so)
 */
static unsigned which_bucket_6_1(uint64_t duration_ns, unsigned nr_iowaiters)
{
	return (nr_iowaiters ? CAPSIM_MUT(172, CPUIDLE_MENU_BUCKETS_6_1 / 2, 0) : 0) +
	       which_bucket(duration_ns);
}

/*
 * The interval replaced: taken out of the ascending copy (any of its equals: the same values)
 * and the new one moved in, up or down; the sums mod 2^64 less the old term plus the new, the
 * same as summed again (the kernel's u64 sums wrap mod 2^64 too).
 */
void cpuidle_menu_set_interval(struct cpuidle_menu *data, unsigned i, unsigned interval_us)
{
	unsigned old = data->intervals[i], p = 0;

	data->intervals[i] = interval_us;
	data->sum += (uint64_t)interval_us - old;
	data->sum_sq += (uint64_t)interval_us * interval_us - (uint64_t)old * old;
	while (p + 1 < CPUIDLE_MENU_INTERVALS && data->sorted[p] != old)
		p++;
	for (; p + 1 < CPUIDLE_MENU_INTERVALS && data->sorted[p + 1] < interval_us; p++)
		data->sorted[p] = data->sorted[p + 1];
	for (; p > 0 && data->sorted[p - 1] > interval_us; p--)
		data->sorted[p] = data->sorted[p - 1];
	data->sorted[p] = interval_us;
}

/* mirrors menu_update_intervals() */
static void menu_update_intervals(struct cpuidle_menu *data, unsigned interval_us)
{
	cpuidle_menu_set_interval(data, (unsigned)data->interval_ptr++, interval_us);
	if (data->interval_ptr >= CPUIDLE_MENU_INTERVALS)
		data->interval_ptr = 0;
}

/*
 * get_typical_interval()'s sets of intervals: the values of each pass are a run of the eight
 * sorted (a pass drops those equal to the greatest, 7.3's those equal to the least instead),
 * so the eight kept sorted with their sums (struct cpuidle_menu's cache) and the run's sums,
 * updated as it shrinks, take the place of the kernel's passes over the eight. The sums are
 * taken mod 2^64, as the kernel's u64 sums wrap.
 */
struct interval_run {
	const unsigned *v;		    /* ascending: the cache's */
	unsigned lo, hi;		    /* the run: v[lo] .. v[hi - 1] */
	uint64_t sum, sum_sq;		    /* of its values and of their squares */
};

/* @r's run without its values above @thresh */
static void intervals_drop_above(struct interval_run *r, unsigned thresh)
{
	while (r->hi > r->lo && r->v[r->hi - 1] > thresh) {
		uint64_t value = r->v[--r->hi];

		r->sum -= value;
		r->sum_sq -= value * value;
	}
}

/* @r's run without its values up to @thresh (7.3's min_thresh) */
static void intervals_drop_upto(struct interval_run *r, unsigned thresh)
{
	while (r->lo < r->hi && r->v[r->lo] <= thresh) {
		uint64_t value = r->v[r->lo++];

		r->sum -= value;
		r->sum_sq -= value * value;
	}
}

#ifndef NDEBUG
/* @data's cache is its intervals sorted afresh and summed: the owner it is checked against */
static bool intervals_cache_fresh(const struct cpuidle_menu *data)
{
	unsigned v[CPUIDLE_MENU_INTERVALS];
	uint64_t sum = 0, sum_sq = 0;

	for (int i = 0; i < CPUIDLE_MENU_INTERVALS; i++) {
		unsigned value = data->intervals[i];
		int j = i;

		for (; j > 0 && v[j - 1] > value; j--)
			v[j] = v[j - 1];
		v[j] = value;
		sum += value;
		sum_sq += (uint64_t)value * value;
	}
	return !memcmp(v, data->sorted, sizeof(v)) && sum == data->sum && sum_sq == data->sum_sq;
}
#endif

/*
 * @data's intervals as @r, the run all of them: the cache cpuidle_menu_set_interval() keeps
 * (checked against a fresh sort in Debug builds)
 */
static void intervals_run(struct interval_run *r, const struct cpuidle_menu *data)
{
	assert(intervals_cache_fresh(data));
	r->v = data->sorted;
	r->sum = data->sum;
	r->sum_sq = data->sum_sq;
	r->lo = 0;
	r->hi = CPUIDLE_MENU_INTERVALS;
}

/* the run's count, and its least and greatest in *@min and *@max (UINT_MAX and 0 if empty) */
static unsigned intervals_bounds(const struct interval_run *r, unsigned *min, unsigned *max)
{
	*min = r->hi > r->lo ? r->v[r->lo] : UINT_MAX;
	*max = r->hi > r->lo ? r->v[r->hi - 1] : 0;
	return r->hi - r->lo;
}

/* @sum over @divisor intervals: the kernel's shift for all of them, else its division */
static uint64_t intervals_mean(uint64_t sum, unsigned divisor)
{
	return divisor == CPUIDLE_MENU_INTERVALS ? sum >> INTERVAL_SHIFT : sum / divisor;
}

/*
 * 6.12's and 6.1's mean (unsigned int) of @r's @divisor values in *@avg, and their variance:
 * the kernel sums (value - avg)^2 in a u64, which mod 2^64 is sum_sq - 2 avg sum + n avg^2
 */
static uint64_t intervals_variance(const struct interval_run *r, unsigned divisor, unsigned *avg)
{
	*avg = (unsigned)intervals_mean(r->sum, divisor);
	return intervals_mean(r->sum_sq - 2 * (uint64_t)*avg * r->sum +
				     (uint64_t)divisor * *avg * *avg,
			     divisor);
}

/* get_typical_interval()'s test: the spread of @divisor intervals about @avg_sq is small */
static bool typical(uint64_t avg_sq, uint64_t variance, unsigned divisor)
{
	return variance <= UINT64_MAX / 36 &&
	       ((avg_sq > variance * 36 && divisor * 4 >= CPUIDLE_MENU_INTERVALS * 3) ||
		variance <= CAPSIM_MUT(181, 400u, 40u));
}

/*
 * mirrors get_typical_interval(): the mean of the last intervals when their spread is small
 * (stddev <= 20 µs or avg > 6 stddev over at least 3/4 of them), the outliers above dropped
 * one by one down to 3/4 of them; else UINT_MAX. 6.1's (@below_us) gives up as soon as none
 * is under @predicted_us, the timer's prediction, where 6.12's gives up only when all are 0.
 */
static unsigned get_typical_interval(const struct cpuidle_menu *data, bool below_us,
				     unsigned predicted_us)
{
	struct interval_run r;
	unsigned avg, min, max;

	intervals_run(&r, data);
	intervals_drop_above(&r, INT_MAX); /* thresh = INT_MAX */
	for (;;) {
		unsigned divisor = intervals_bounds(&r, &min, &max);
		uint64_t variance;

		if (below_us ? min >= CAPSIM_MUT(173, predicted_us, 0u) : !max)
			return UINT_MAX;
		variance = intervals_variance(&r, divisor, &avg);
		if (typical((uint64_t)avg * avg, variance, divisor))
			return avg;
		if (divisor * 4 <= CPUIDLE_MENU_INTERVALS * 3)
			return UINT_MAX;
		intervals_drop_above(&r, max - 1); /* thresh = max - 1 */
	}
}

/*
 * mirrors get_typical_interval() of 7.3: as 6.12's, but the mean and variance from the sums
 * of the values and their squares (the mean square less the squared mean, u64), and an
 * outlier dropped on the side farther from the mean (the least when the mean is farther from
 * it than from the greatest).
 */
static unsigned get_typical_interval_7_3(const struct cpuidle_menu *data)
{
	struct interval_run r;

	intervals_run(&r, data);
	intervals_drop_above(&r, UINT_MAX - 1); /* max_thresh = UINT_MAX: strictly below it */
	for (;;) {
		unsigned min, max, divisor = intervals_bounds(&r, &min, &max);
		uint64_t avg, variance;

		if (!max)
			return UINT_MAX;
		avg = intervals_mean(r.sum, divisor);
		variance = intervals_mean(r.sum_sq, divisor) - avg * avg;
		if (typical(avg * avg, variance, divisor))
			return (unsigned)avg;
		if (divisor * 4 <= CPUIDLE_MENU_INTERVALS * 3)
			return UINT_MAX;
		if (avg - min > CAPSIM_MUT(174, max - avg, UINT64_MAX))
			intervals_drop_upto(&r, min); /* min_thresh = min */
		else
			intervals_drop_above(&r, max - 1); /* max_thresh = max */
	}
}

/* mirrors menu_update(): the last idle period into the correction factor and the intervals */
static void menu_update(const struct cpuidle_drv *drv, struct cpuidle_cpu *dev, uint64_t tick_ns)
{
	struct cpuidle_menu *data = &dev->menu;
	int64_t exit_latency_ns = drv->exit_latency_ns[dev->last_state_idx];
	uint64_t measured_ns;
	unsigned new_factor;

	if (data->tick_wakeup && data->next_timer_ns > tick_ns) {
		measured_ns = 9 * MAX_INTERESTING / 10;
	} else {
		measured_ns = dev->last_residency_ns;
		if (measured_ns > 2 * (uint64_t)exit_latency_ns)
			measured_ns -= (uint64_t)CAPSIM_MUT(182, exit_latency_ns, 0);
		else
			measured_ns /= 2;
	}
	if (measured_ns > data->next_timer_ns)
		measured_ns = data->next_timer_ns;
	new_factor = data->correction_factor[data->bucket];
	new_factor -= new_factor / DECAY;
	if (data->next_timer_ns > 0 && measured_ns < MAX_INTERESTING)
		new_factor += (unsigned)(RESOLUTION * measured_ns / data->next_timer_ns);
	else
		new_factor += RESOLUTION;
	data->correction_factor[data->bucket] = new_factor;
	menu_update_intervals(data, (unsigned)(measured_ns / CAPSIM_NSEC_PER_USEC));
}

/*
 * menu_select()'s next timer: the sleep length (0 if negative, with *@delta_tick, the time to
 * the next event with the tick) into data->next_timer_ns and its bucket.
 */
static void menu_next_timer(struct cpuidle_menu *data, const struct cpuidle_select_in *in,
			    int64_t *delta_tick, unsigned nr_iowaiters)
{
	int64_t delta = in->sleep_length_ns;

	*delta_tick = in->delta_tick_ns;
	if (delta < 0) {
		delta = 0;
		*delta_tick = 0;
	}
	data->next_timer_ns = (uint64_t)delta;
	data->bucket = which_bucket_6_1(data->next_timer_ns, nr_iowaiters);
}

/* the next timer scaled by its bucket's correction factor, rounded to whole µs (unsigned int) */
static unsigned menu_timer_us(const struct cpuidle_menu *data)
{
	return (unsigned)(((uint64_t)RESOLUTION * DECAY * CAPSIM_NSEC_PER_USEC / 2 +
			   data->next_timer_ns * data->correction_factor[data->bucket]) /
			  ((uint64_t)RESOLUTION * DECAY * CAPSIM_NSEC_PER_USEC));
}

/*
 * menu_select()'s prediction when the typical interval is long or the tick is stopped: the
 * next timer scaled by its bucket's correction factor (rounded to whole µs), or the typical
 * interval if shorter; the next timer itself if the tick is stopped and that is under a tick
 * (7.3: and the next timer is not within SAFE_TIMER_RANGE_NS).
 */
static uint64_t menu_timer_prediction(struct cpuidle_menu *data, const struct cpuidle_select_in *in,
				      uint64_t predicted_ns, int64_t *delta_tick,
				      enum cpuidle_version version)
{
	uint64_t timer_ns;

	menu_next_timer(data, in, delta_tick, 0);
	timer_ns = (uint64_t)menu_timer_us(data) * CAPSIM_NSEC_PER_USEC;
	if (timer_ns < predicted_ns)
		predicted_ns = timer_ns;
	if (in->tick_stopped && predicted_ns < in->tick_ns &&
	    (version != CPUIDLE_7_3 ||
	     data->next_timer_ns > CAPSIM_MUT(175, SAFE_TIMER_RANGE_NS(in->tick_ns), 0)))
		predicted_ns = data->next_timer_ns;
	return predicted_ns;
}

/*
 * menu_select()'s loop: the deepest state whose target residency fits @predicted_ns and exit
 * latency @latency_req; with the tick running and a prediction of a tick or more, the search
 * stops at the first state that does not fit, *@predicted_ns its residency (the tick keeps
 * waking the CPU); with it stopped, a deeper state fitting @delta_tick is taken for a shallow
 * one. 6.1's (@latency_last) tests the exit latency only of a state whose residency fits.
 * Return: the index, -1 at menu_select()'s early return of idx (*@done set).
 */
static int menu_pick(const struct cpuidle_drv *drv, const struct cpuidle_select_in *in,
		     int64_t latency_req, bool latency_last, uint64_t *predicted_ns,
		     int64_t delta_tick, bool *done)
{
	int idx = -1;

	*done = false;
	for (int i = 0; i < drv->state_count; i++) {
		bool fits = (uint64_t)drv->target_residency_ns[i] <= *predicted_ns;

		if (idx == -1)
			idx = i;
		if (drv->exit_latency_ns[i] > latency_req &&
		    (fits || !CAPSIM_MUT(176, latency_last, false)))
			break;
		if (fits) {
			idx = i;
			continue;
		}
		if (*predicted_ns < in->tick_ns)
			break;
		if (!in->tick_stopped) {
			*predicted_ns = (uint64_t)drv->target_residency_ns[idx];
			break;
		}
		if ((uint64_t)drv->target_residency_ns[idx] < in->tick_ns &&
		    drv->target_residency_ns[i] <= CAPSIM_MUT(183, delta_tick, INT64_MAX))
			idx = i;
		*done = true;
		return idx;
	}
	return idx == -1 ? 0 : idx;
}

/* menu_select()'s early return: state 0 is used no matter what (none polling: tick stopped) */
static bool menu_state0_only(const struct cpuidle_drv *drv, const struct cpuidle_cpu *dev,
			     int64_t latency_req)
{
	return drv->state_count <= 1 || latency_req == 0 ||
	       dev->menu.next_timer_ns < (uint64_t)drv->target_residency_ns[1] ||
	       latency_req < drv->exit_latency_ns[1];
}

/*
 * menu_select()'s end: with the tick kept (a prediction under a tick, the tick running), a
 * state deeper than the time to the next event with the tick gives way to a shallower one.
 */
static int menu_keep_tick(const struct cpuidle_drv *drv, const struct cpuidle_select_in *in,
			  int idx, uint64_t predicted_ns, int64_t delta_tick, bool *stop_tick)
{
	if (predicted_ns < CAPSIM_MUT(184, in->tick_ns, 0) && !in->tick_stopped) {
		*stop_tick = false;
		if (idx > 0 && drv->target_residency_ns[idx] > delta_tick) {
			for (int i = idx - 1; i >= 0; i--) {
				idx = i;
				if (drv->target_residency_ns[i] <= delta_tick)
					break;
			}
		}
	}
	return idx;
}

/* menu_select()'s start: the last idle period into the statistics */
static void menu_learn(const struct cpuidle_drv *drv, struct cpuidle_cpu *dev,
		       const struct cpuidle_select_in *in)
{
	struct cpuidle_menu *data = &dev->menu;

	if (data->needs_update) {
		menu_update(drv, dev, in->tick_ns);
		data->needs_update = 0;
	} else if (!dev->last_residency_ns) {
		menu_update_intervals(data, UINT_MAX);
	}
}

/*
 * mirrors menu_select() of 6.1 (no state disabled, none polling): the next timer first, its
 * bucket by the I/O waiters, the typical interval only below the timer's prediction, and with
 * the tick running the exit latency limited to the prediction over performance_multiplier()
 * (1 + 10 per I/O waiter)
 */
static int menu_select_6_1(const struct cpuidle_drv *drv, struct cpuidle_cpu *dev,
			   const struct cpuidle_select_in *in, bool *stop_tick)
{
	struct cpuidle_menu *data = &dev->menu;
	int64_t latency_req = in->latency_req_ns, delta_tick;
	unsigned predicted_us, typical_us;
	uint64_t predicted_ns;
	bool done;
	int idx;

	menu_learn(drv, dev, in);
	menu_next_timer(data, in, &delta_tick, in->nr_iowaiters);
	if (menu_state0_only(drv, dev, latency_req))
		return 0;
	predicted_us = menu_timer_us(data);
	typical_us = get_typical_interval(data, true, predicted_us);
	predicted_ns = (uint64_t)(typical_us < predicted_us ? typical_us : predicted_us) *
		       CAPSIM_NSEC_PER_USEC;
	if (in->tick_stopped) {
		if (predicted_ns < in->tick_ns)
			predicted_ns = data->next_timer_ns;
	} else {
		uint64_t interactivity_req =
			predicted_ns / (1 + CAPSIM_MUT(177, 10u, 0u) * (uint64_t)in->nr_iowaiters);

		if ((uint64_t)latency_req > interactivity_req)
			latency_req = (int64_t)interactivity_req;
	}
	idx = menu_pick(drv, in, latency_req, true, &predicted_ns, delta_tick, &done);
	return done ? idx : menu_keep_tick(drv, in, idx, predicted_ns, delta_tick, stop_tick);
}

/* mirrors menu_select() (no state disabled, none polling; 6.1's: menu_select_6_1()) */
int cpuidle_menu_select(const struct cpuidle_drv *drv, struct cpuidle_cpu *dev,
			const struct cpuidle_select_in *in, bool *stop_tick)
{
	struct cpuidle_menu *data = &dev->menu;
	uint64_t predicted_ns;
	int64_t delta_tick;
	bool done;
	int idx;

	if (dev->version == CPUIDLE_6_1)
		return menu_select_6_1(drv, dev, in, stop_tick);
	menu_learn(drv, dev, in);
	predicted_ns = (uint64_t)(dev->version == CPUIDLE_7_3 ? get_typical_interval_7_3(data)
					: get_typical_interval(data, false, 0)) *
		       CAPSIM_NSEC_PER_USEC;
	if (predicted_ns > RESIDENCY_THRESHOLD_NS || in->tick_stopped) {
		predicted_ns =
			menu_timer_prediction(data, in, predicted_ns, &delta_tick, dev->version);
	} else {
		data->next_timer_ns = KTIME_MAX;
		delta_tick = (int64_t)(in->tick_ns / 2);
		data->bucket = which_bucket(KTIME_MAX);
	}
	if (menu_state0_only(drv, dev, in->latency_req_ns))
		return 0;
	idx = menu_pick(drv, in, in->latency_req_ns, false, &predicted_ns, delta_tick, &done);
	return done ? idx : menu_keep_tick(drv, in, idx, predicted_ns, delta_tick, stop_tick);
}

/* mirrors menu_reflect() */
void cpuidle_menu_reflect(struct cpuidle_cpu *dev, int index, bool got_tick)
{
	dev->last_state_idx = index;
	dev->menu.needs_update = 1;
	dev->menu.tick_wakeup = got_tick;
}

/* mirrors menu_enable_device(): unity factors for @version's BUCKETS */
void cpuidle_menu_enable(struct cpuidle_menu *data, enum cpuidle_version version)
{
	int buckets = version == CPUIDLE_6_1 ? CPUIDLE_MENU_BUCKETS_6_1 : CPUIDLE_MENU_BUCKETS;

	*data = (struct cpuidle_menu){ 0 };
	for (int i = 0; i < CAPSIM_MUT(178, buckets, CPUIDLE_MENU_BUCKETS); i++)
		data->correction_factor[i] = RESOLUTION * DECAY;
}
