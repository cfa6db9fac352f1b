// SPDX-License-Identifier: MIT
/*
 * cpuidle_menu.c - the menu governor of 6.12 (drivers/cpuidle/governors/menu.c): the next timer
 * scaled by a correction factor learnt per bucket of sleep lengths, the typical interval of the
 * last eight idle periods, and the tick kept when the predicted idle time is under a tick.
 * 6.12's menu reads no iowait count (the performance multiplier went in 6.x): nothing of it here.
 * No polling state (ARM64's cpuidle-psci has none): the POLLING branches never run.
 */
#include <limits.h>

#include "internal.h"
#include "model/cpuidle.h"

#define RESOLUTION 1024
#define DECAY 8
#define INTERVAL_SHIFT 3
#define MAX_INTERESTING (50000 * CAPSIM_NSEC_PER_USEC)
#define RESIDENCY_THRESHOLD_NS (15 * CAPSIM_NSEC_PER_USEC) /* governors/gov.h */
#define KTIME_MAX INT64_MAX

/* mirrors which_bucket() */
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

/* mirrors menu_update_intervals() */
static void menu_update_intervals(struct cpuidle_menu *data, unsigned interval_us)
{
	data->intervals[data->interval_ptr++] = interval_us;
	if (data->interval_ptr >= CPUIDLE_MENU_INTERVALS)
		data->interval_ptr = 0;
}

/* the mean and variance of the intervals up to @thresh (get_typical_interval()'s first part) */
static int interval_stats(const struct cpuidle_menu *data, unsigned thresh, unsigned *avg,
			  unsigned *max, uint64_t *variance)
{
	uint64_t sum = 0;
	int divisor = 0;

	*max = 0;
	for (int i = 0; i < CPUIDLE_MENU_INTERVALS; i++) {
		unsigned value = data->intervals[i];

		if (value <= thresh) {
			sum += value;
			divisor++;
			if (value > *max)
				*max = value;
		}
	}
	if (!*max)
		return 0;
	*avg = divisor == CPUIDLE_MENU_INTERVALS ? (unsigned)(sum >> INTERVAL_SHIFT)
						 : (unsigned)(sum / (uint64_t)divisor);
	*variance = 0;
	for (int i = 0; i < CPUIDLE_MENU_INTERVALS; i++) {
		unsigned value = data->intervals[i];

		if (value <= thresh) {
			int64_t diff = (int64_t)value - *avg;

			*variance += (uint64_t)(diff * diff);
		}
	}
	if (divisor == CPUIDLE_MENU_INTERVALS)
		*variance >>= INTERVAL_SHIFT;
	else
		*variance /= (uint64_t)divisor;
	return divisor;
}

/*
 * mirrors get_typical_interval(): the mean of the last intervals when their spread is small
 * (stddev <= 20 µs or avg > 6 stddev over at least 3/4 of them), the outliers above dropped
 * one by one down to 3/4 of them; else UINT_MAX.
 */
static unsigned get_typical_interval(const struct cpuidle_menu *data)
{
	unsigned thresh = INT_MAX, avg = 0, max;
	uint64_t variance = 0;

	for (;;) {
		int divisor = interval_stats(data, thresh, &avg, &max, &variance);

		if (!divisor)
			return UINT_MAX;
		if (variance <= UINT64_MAX / 36 &&
		    (((uint64_t)avg * avg > variance * 36 &&
		      divisor * 4 >= CPUIDLE_MENU_INTERVALS * 3) ||
		     variance <= CAPSIM_MUT(181, 400u, 40u)))
			return avg;
		if (divisor * 4 <= CPUIDLE_MENU_INTERVALS * 3)
			return UINT_MAX;
		thresh = max - 1;
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
 * menu_select()'s prediction when the typical interval is long or the tick is stopped: the
 * next timer scaled by its bucket's correction factor (rounded to whole µs), or the typical
 * interval if shorter; the next timer itself if the tick is stopped and that is under a tick.
 */
static uint64_t menu_timer_prediction(struct cpuidle_menu *data, const struct cpuidle_select_in *in,
				      uint64_t predicted_ns, int64_t *delta_tick)
{
	int64_t delta = in->sleep_length_ns;
	unsigned timer_us; /* the kernel's unsigned int: a quotient past 2^32 µs is truncated */

	*delta_tick = in->delta_tick_ns;
	if (delta < 0) {
		delta = 0;
		*delta_tick = 0;
	}
	data->next_timer_ns = (uint64_t)delta;
	data->bucket = which_bucket(data->next_timer_ns);
	timer_us = (unsigned)(((uint64_t)RESOLUTION * DECAY * CAPSIM_NSEC_PER_USEC / 2 +
		    data->next_timer_ns * data->correction_factor[data->bucket]) /
		   ((uint64_t)RESOLUTION * DECAY * CAPSIM_NSEC_PER_USEC));
	if ((uint64_t)timer_us * CAPSIM_NSEC_PER_USEC < predicted_ns)
		predicted_ns = (uint64_t)timer_us * CAPSIM_NSEC_PER_USEC;
	if (in->tick_stopped && predicted_ns < in->tick_ns)
		predicted_ns = data->next_timer_ns;
	return predicted_ns;
}

/*
 * menu_select()'s loop: the deepest state whose target residency fits @predicted_ns and exit
 * latency @latency_req; with the tick running and a prediction of a tick or more, the search
 * stops at the first state that does not fit, *@predicted_ns its residency (the tick keeps
 * waking the CPU); with it stopped, a deeper state fitting @delta_tick is taken for a shallow
 * one. Return: the index, -1 at menu_select()'s early return of idx (*@done set).
 */
static int menu_pick(const struct cpuidle_drv *drv, const struct cpuidle_select_in *in,
		     uint64_t *predicted_ns, int64_t delta_tick, bool *done)
{
	int idx = -1;

	*done = false;
	for (int i = 0; i < drv->state_count; i++) {
		if (idx == -1)
			idx = i;
		if (drv->exit_latency_ns[i] > in->latency_req_ns)
			break;
		if ((uint64_t)drv->target_residency_ns[i] <= *predicted_ns) {
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

/* mirrors menu_select() (no state disabled, none polling) */
int cpuidle_menu_select(const struct cpuidle_drv *drv, struct cpuidle_cpu *dev,
			const struct cpuidle_select_in *in, bool *stop_tick)
{
	struct cpuidle_menu *data = &dev->menu;
	uint64_t predicted_ns;
	int64_t delta_tick;
	bool done;
	int idx;

	if (data->needs_update) {
		menu_update(drv, dev, in->tick_ns);
		data->needs_update = 0;
	} else if (!dev->last_residency_ns) {
		menu_update_intervals(data, UINT_MAX);
	}
	predicted_ns = (uint64_t)get_typical_interval(data) * CAPSIM_NSEC_PER_USEC;
	if (predicted_ns > RESIDENCY_THRESHOLD_NS || in->tick_stopped) {
		predicted_ns = menu_timer_prediction(data, in, predicted_ns, &delta_tick);
	} else {
		data->next_timer_ns = KTIME_MAX;
		delta_tick = (int64_t)(in->tick_ns / 2);
		data->bucket = which_bucket(KTIME_MAX);
	}
	if (drv->state_count <= 1 || in->latency_req_ns == 0 ||
	    data->next_timer_ns < (uint64_t)drv->target_residency_ns[1] ||
	    in->latency_req_ns < drv->exit_latency_ns[1]) {
		*stop_tick = true; /* state 0 is no polling one */
		return 0;
	}
	idx = menu_pick(drv, in, &predicted_ns, delta_tick, &done);
	if (done)
		return idx;
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

/* mirrors menu_reflect() */
void cpuidle_menu_reflect(struct cpuidle_cpu *dev, int index, bool got_tick)
{
	dev->last_state_idx = index;
	dev->menu.needs_update = 1;
	dev->menu.tick_wakeup = got_tick;
}

/* mirrors menu_enable_device() */
void cpuidle_menu_enable(struct cpuidle_menu *data)
{
	*data = (struct cpuidle_menu){ 0 };
	for (int i = 0; i < CPUIDLE_MENU_BUCKETS; i++)
		data->correction_factor[i] = RESOLUTION * DECAY;
}
