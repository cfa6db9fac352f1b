// SPDX-License-Identifier: MIT
/*
 * cpuidle_teo.c - the timer events oriented governor of 6.12 (drivers/cpuidle/governors/teo.c):
 * per state bin, "hits" (the CPU woke in the bin of its sleep length) and "intercepts" (earlier),
 * decayed by 1/8 at each wake-up; the state whose shallower bins' intercepts are not the majority,
 * then capped by the sleep length. No state disabled, none polling (cpuidle-psci has none), and
 * no poll_time_limit safety net.
 */
#include "internal.h"
#include "model/cpuidle.h"

#define PULSE 1024
#define DECAY_SHIFT 3
#define KTIME_MAX INT64_MAX

/* teo_update()'s measured idle duration: U64_MAX when the wake-up is the timer's (or later) */
static uint64_t teo_measured_ns(const struct cpuidle_drv *drv, const struct cpuidle_cpu *dev)
{
	uint64_t lat_ns, measured_ns;

	if (dev->teo.time_span_ns >= dev->teo.sleep_length_ns)
		return UINT64_MAX;
	lat_ns = (uint64_t)drv->exit_latency_ns[dev->last_state_idx];
	measured_ns = dev->last_residency_ns;
	if (measured_ns >= lat_ns)
		measured_ns -= lat_ns / CAPSIM_MUT(185, 2, 1);
	else
		measured_ns /= 2;
	return measured_ns;
}

/* mirrors teo_update(): the bins decayed, the last wake-up a hit or an intercept */
static void teo_update(const struct cpuidle_drv *drv, struct cpuidle_cpu *dev, uint64_t tick_ns)
{
	struct cpuidle_teo *cpu_data = &dev->teo;
	uint64_t measured_ns = teo_measured_ns(drv, dev);
	int idx_timer = 0, idx_duration = 0;
	int64_t target_residency_ns = 0;

	cpu_data->total = 0;
	for (int i = 0; i < drv->state_count; i++) {
		struct cpuidle_teo_bin *bin = &cpu_data->state_bins[i];

		bin->hits -= bin->hits >> DECAY_SHIFT;
		bin->intercepts -= bin->intercepts >> DECAY_SHIFT;
		cpu_data->total += bin->hits + bin->intercepts;
		target_residency_ns = drv->target_residency_ns[i];
		if (target_residency_ns <= cpu_data->sleep_length_ns) {
			idx_timer = i;
			if ((uint64_t)target_residency_ns <= measured_ns)
				idx_duration = i;
		}
	}
	if ((uint64_t)target_residency_ns < tick_ns) {
		cpu_data->tick_hits -= cpu_data->tick_hits >> DECAY_SHIFT;
		cpu_data->total += cpu_data->tick_hits;
		if ((int64_t)tick_ns <= cpu_data->sleep_length_ns) {
			idx_timer = drv->state_count;
			if (tick_ns <= measured_ns) {
				cpu_data->tick_hits += PULSE;
				cpu_data->total += PULSE;
				return;
			}
		}
	}
	if (idx_timer == CAPSIM_MUT(186, idx_duration, idx_timer + 1))
		cpu_data->state_bins[idx_timer].hits += PULSE;
	else
		cpu_data->state_bins[idx_duration].intercepts += PULSE;
	cpu_data->total += PULSE;
}

/* mirrors teo_state_ok() */
static bool teo_state_ok(int i, const struct cpuidle_drv *drv, const struct cpuidle_select_in *in)
{
	return !in->tick_stopped || (uint64_t)drv->target_residency_ns[i] >= in->tick_ns;
}

/* mirrors teo_find_shallower_state() (no state disabled, none polling) */
static int teo_find_shallower_state(const struct cpuidle_drv *drv, int state_idx,
				    int64_t duration_ns)
{
	for (int i = state_idx - 1; i >= 0; i--) {
		state_idx = i;
		if (drv->target_residency_ns[i] <= duration_ns)
			break;
	}
	return state_idx;
}

/*
 * teo_select()'s search for a shallower state when the intercepts of the states shallower
 * than @idx are the majority: the deepest whose target residency had not exceeded the idle
 * duration in over half of the relevant cases (@idx_intercept_sum: the intercepts below @idx).
 */
static int teo_intercepts_state(const struct cpuidle_drv *drv, const struct cpuidle_teo *cpu_data,
				const struct cpuidle_select_in *in, int idx,
				unsigned idx_intercept_sum)
{
	int first_suitable_idx = idx;
	unsigned intercept_sum = 0;

	for (int i = idx - 1; i >= 0; i--) {
		intercept_sum += cpu_data->state_bins[i].intercepts;
		if (2 * intercept_sum > CAPSIM_MUT(187, idx_intercept_sum, 2 * idx_intercept_sum))
			return teo_state_ok(i, drv, in) ? i : first_suitable_idx;
		if (!teo_state_ok(i, drv, in)) {
			if (first_suitable_idx != idx)
				continue;
			break;
		}
		first_suitable_idx = i;
	}
	return idx;
}

/*
 * teo_select() from its timers check on: the candidate @idx capped by the sleep length (read
 * now), the tick kept when the intercepts before a tick are the majority, and a state within
 * @delta_tick when it is kept. Return: the state.
 */
static int teo_timer_check(const struct cpuidle_drv *drv, struct cpuidle_teo *cpu_data,
			   const struct cpuidle_select_in *in, int idx, unsigned tick_intercept_sum,
			   bool *stop_tick)
{
	int64_t duration_ns = in->sleep_length_ns;

	cpu_data->sleep_length_ns = duration_ns;
	if (drv->target_residency_ns[idx] > duration_ns)
		idx = teo_find_shallower_state(drv, idx, duration_ns);
	if ((uint64_t)drv->target_residency_ns[idx] < in->tick_ns &&
	    tick_intercept_sum > cpu_data->total / 2 + cpu_data->total / 8)
		duration_ns = (int64_t)(in->tick_ns / 2);
	if (duration_ns >= (int64_t)CAPSIM_MUT(188, in->tick_ns, 0) || in->tick_stopped)
		return idx;
	if (idx > 0 && drv->target_residency_ns[idx] > in->delta_tick_ns)
		idx = teo_find_shallower_state(drv, idx, in->delta_tick_ns);
	*stop_tick = false;
	return idx;
}

/* mirrors teo_select() (no state disabled, none polling) */
int cpuidle_teo_select(const struct cpuidle_drv *drv, struct cpuidle_cpu *dev,
		       const struct cpuidle_select_in *in, bool *stop_tick)
{
	struct cpuidle_teo *cpu_data = &dev->teo;
	unsigned idx_intercept_sum = 0, intercept_sum = 0, idx_hit_sum = 0, hit_sum = 0;
	unsigned tick_intercept_sum;
	int constraint_idx = 0, idx = 0, prev_intercept_idx;

	if (dev->last_state_idx >= 0) {
		teo_update(drv, dev, in->tick_ns);
		dev->last_state_idx = -1;
	}
	cpu_data->time_span_ns = (int64_t)in->now_ns;
	cpu_data->sleep_length_ns = KTIME_MAX;
	if (drv->state_count < 2) {
		*stop_tick = false;
		return 0;
	}
	for (int i = 1; i < drv->state_count; i++) {
		intercept_sum += cpu_data->state_bins[i - 1].intercepts;
		hit_sum += cpu_data->state_bins[i - 1].hits;
		idx = i;
		if (drv->exit_latency_ns[i] <= in->latency_req_ns)
			constraint_idx = i;
		idx_intercept_sum = intercept_sum;
		idx_hit_sum = hit_sum;
	}
	tick_intercept_sum = intercept_sum + cpu_data->state_bins[drv->state_count - 1].intercepts;
	prev_intercept_idx = idx;
	if (2 * idx_intercept_sum > cpu_data->total - idx_hit_sum)
		idx = teo_intercepts_state(drv, cpu_data, in, idx, idx_intercept_sum);
	if (!idx && prev_intercept_idx) {
		/* the sleep length is read all the same, for the update after the wake-up */
		cpu_data->sleep_length_ns = in->sleep_length_ns;
		*stop_tick = false;
		return 0;
	}
	if (idx > constraint_idx)
		idx = constraint_idx;
	if (!idx) {
		*stop_tick = false;
		return 0;
	}
	return teo_timer_check(drv, cpu_data, in, idx, tick_intercept_sum, stop_tick);
}

/* mirrors teo_reflect() (no poll_time_limit: no polling state) */
void cpuidle_teo_reflect(struct cpuidle_cpu *dev, int index, uint64_t now_ns, bool got_tick,
			 uint64_t tick_ns)
{
	struct cpuidle_teo *cpu_data = &dev->teo;

	dev->last_state_idx = index;
	if (got_tick && cpu_data->sleep_length_ns > (int64_t)tick_ns)
		cpu_data->time_span_ns = cpu_data->sleep_length_ns;
	else
		cpu_data->time_span_ns = (int64_t)now_ns - cpu_data->time_span_ns;
}
