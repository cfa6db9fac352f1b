// SPDX-License-Identifier: MIT
/*
 * cpuidle_teo.c - the timer events oriented governor of 6.12 (drivers/cpuidle/governors/teo.c):
 * per state bin, "hits" (the CPU woke in the bin of its sleep length) and "intercepts" (earlier),
 * decayed by 1/8 at each wake-up; the state whose shallower bins' intercepts are not the majority,
 * then capped by the sleep length. No state disabled, none polling (cpuidle-psci has none), and
 * no poll_time_limit safety net.
 * 6.1's (cpu->version; before the 6.3 rework): the sleep length read first and the candidate
 * capped by it at once, the last NR_RECENT intercepts counted per bin beside the decayed ones,
 * a shallower state's span the middle of its bin, no tick bin. 7.3's: no time span (a wake-up
 * is judged by its residency), the tick's wake-ups, the intercepts within a tick and the short
 * idles counted, the shallower state capped at the bin of most intercepts, the sleep length not
 * read for a shallow state when short idles dominate, and a stopped tick's shallow state
 * deepened up to the next timer unless that is within two ticks.
 */
#include <limits.h>

#include "internal.h"
#include "model/cpuidle.h"

#define PULSE 1024
#define DECAY_SHIFT 3
#define KTIME_MAX INT64_MAX
#define NR_RECENT CPUIDLE_TEO_NR_RECENT
#define RESIDENCY_THRESHOLD_NS (15 * (int64_t)CAPSIM_NSEC_PER_USEC) /* governors/gov.h */
#define LATENCY_THRESHOLD_NS (RESIDENCY_THRESHOLD_NS / 2)
#define SAFE_TIMER_RANGE_NS(tick_ns) (2 * (tick_ns)) /* governors/gov.h, 7.3 */

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

/*
 * teo_update()'s loop of 6.1 and 6.12: each bin's hits and intercepts decayed by 1/8 into
 * cpu_data->total; the deepest state within the sleep length in *@idx_timer, and of those the
 * deepest within @measured_ns in *@idx_duration. Return: the last state's target residency.
 */
static int64_t teo_decay_bins(const struct cpuidle_drv *drv, struct cpuidle_teo *cpu_data,
			      uint64_t measured_ns, int *idx_timer, int *idx_duration)
{
	int64_t target_residency_ns = 0;

	*idx_timer = 0;
	*idx_duration = 0;
	cpu_data->total = 0;
	for (int i = 0; i < drv->state_count; i++) {
		struct cpuidle_teo_bin *bin = &cpu_data->state_bins[i];

		bin->hits -= bin->hits >> DECAY_SHIFT;
		bin->intercepts -= bin->intercepts >> DECAY_SHIFT;
		cpu_data->total += bin->hits + bin->intercepts;
		target_residency_ns = drv->target_residency_ns[i];
		if (target_residency_ns <= cpu_data->sleep_length_ns) {
			*idx_timer = i;
			if ((uint64_t)target_residency_ns <= measured_ns)
				*idx_duration = i;
		}
	}
	return target_residency_ns;
}

/* mirrors teo_update(): the bins decayed, the last wake-up a hit or an intercept */
static void teo_update(const struct cpuidle_drv *drv, struct cpuidle_cpu *dev, uint64_t tick_ns)
{
	struct cpuidle_teo *cpu_data = &dev->teo;
	uint64_t measured_ns = teo_measured_ns(drv, dev);
	int idx_timer, idx_duration;
	int64_t target_residency_ns = teo_decay_bins(drv, cpu_data, measured_ns, &idx_timer,
						     &idx_duration);

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
static int teo_select(const struct cpuidle_drv *drv, struct cpuidle_cpu *dev,
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

/* --- 6.1 ------------------------------------------------------------------------------- */

/*
 * mirrors teo_update() of 6.1: the bins decayed, the last wake-up a hit or an intercept, and
 * among the last NR_RECENT wake-ups the intercepts counted per bin (the oldest forgotten)
 */
static void teo_update_6_1(const struct cpuidle_drv *drv, struct cpuidle_cpu *dev)
{
	struct cpuidle_teo *cpu_data = &dev->teo;
	int idx_timer, idx_duration, i = cpu_data->next_recent_idx++;

	teo_decay_bins(drv, cpu_data, teo_measured_ns(drv, dev), &idx_timer, &idx_duration);
	if (cpu_data->next_recent_idx >= NR_RECENT)
		cpu_data->next_recent_idx = 0;
	if (cpu_data->recent_idx[i] >= 0)
		cpu_data->state_bins[cpu_data->recent_idx[i]].recent--;
	if (idx_timer == idx_duration) {
		cpu_data->state_bins[idx_timer].hits += PULSE;
		cpu_data->recent_idx[i] = -1;
	} else {
		cpu_data->state_bins[idx_duration].intercepts += PULSE;
		cpu_data->state_bins[idx_duration].recent += CAPSIM_MUT(197, 1u, 0u);
		cpu_data->recent_idx[i] = idx_duration;
	}
	cpu_data->total += PULSE;
}

/* mirrors teo_time_ok() of 6.1 */
static bool teo_time_ok(uint64_t interval_ns, const struct cpuidle_select_in *in)
{
	return !in->tick_stopped || interval_ns >= in->tick_ns;
}

/* mirrors teo_middle_of_bin() of 6.1 */
static int64_t teo_middle_of_bin(int idx, const struct cpuidle_drv *drv)
{
	return (drv->target_residency_ns[idx] + drv->target_residency_ns[idx + 1]) / 2;
}

/* teo_select()'s sums of 6.1 for the candidate state: the metrics of the states shallower */
struct teo_sums_6_1 {
	unsigned intercepts, hits, recent;
	bool alt_intercepts, alt_recent;
};

/*
 * teo_select() of 6.1, when the intercepts (all, or the recent ones) of the states shallower
 * than @idx are the majority: the deepest state whose target residency had not exceeded the
 * idle duration in over half of the relevant cases, its bin's middle in *@duration_ns; a state
 * too shallow for a stopped tick gives way to the first deeper one that is not.
 */
static int teo_intercepts_state_6_1(const struct cpuidle_drv *drv,
				    const struct cpuidle_teo *cpu_data,
				    const struct cpuidle_select_in *in, int idx,
				    const struct teo_sums_6_1 *sums, int64_t *duration_ns)
{
	int64_t first_suitable_span_ns = *duration_ns;
	unsigned intercept_sum = 0, recent_sum = 0;
	int first_suitable_idx = idx;

	for (int i = idx - 1; i >= 0; i--) {
		int64_t span_ns = teo_middle_of_bin(i, drv);

		intercept_sum += cpu_data->state_bins[i].intercepts;
		recent_sum += cpu_data->state_bins[i].recent;
		if ((!sums->alt_recent || 2 * recent_sum > sums->recent) &&
		    (!sums->alt_intercepts || 2 * intercept_sum > sums->intercepts)) {
			if (teo_time_ok((uint64_t)span_ns, in)) {
				*duration_ns = span_ns;
				return i;
			}
			*duration_ns = first_suitable_span_ns;
			return first_suitable_idx;
		}
		if (!teo_time_ok((uint64_t)span_ns, in)) {
			if (first_suitable_idx != idx)
				continue;
			break;
		}
		first_suitable_span_ns = span_ns;
		first_suitable_idx = i;
	}
	return idx;
}

/*
 * teo_select() of 6.1's candidate: the deepest state within the sleep length @duration_ns
 * (state 1 at least; the caller saw it fit), the deepest of those within the latency request
 * in *@constraint_idx, the metrics of the states shallower than it in @sums
 */
static int teo_candidate_6_1(const struct cpuidle_drv *drv, const struct cpuidle_teo *cpu_data,
			     const struct cpuidle_select_in *in, int64_t duration_ns,
			     int *constraint_idx, struct teo_sums_6_1 *sums)
{
	unsigned intercept_sum = 0, hit_sum = 0, recent_sum = 0;
	int idx = 0;

	*constraint_idx = 0;
	for (int i = 1; i < drv->state_count; i++) {
		intercept_sum += cpu_data->state_bins[i - 1].intercepts;
		hit_sum += cpu_data->state_bins[i - 1].hits;
		recent_sum += cpu_data->state_bins[i - 1].recent;
		if (drv->target_residency_ns[i] > CAPSIM_MUT(198, duration_ns, INT64_MAX))
			break;
		idx = i;
		if (drv->exit_latency_ns[i] <= in->latency_req_ns)
			*constraint_idx = i;
		sums->intercepts = intercept_sum;
		sums->hits = hit_sum;
		sums->recent = recent_sum;
	}
	sums->alt_intercepts = 2 * sums->intercepts > cpu_data->total - sums->hits;
	sums->alt_recent = sums->recent > CAPSIM_MUT(199, NR_RECENT / 2, NR_RECENT);
	return idx;
}

/*
 * mirrors teo_select() of 6.1 (no state disabled, none polling): the sleep length read first,
 * the candidate the deepest state within it, a shallower one when the intercepts or the recent
 * intercepts of the states below are the majority; the tick kept for an expected idle duration
 * under a tick
 */
static int teo_select_6_1(const struct cpuidle_drv *drv, struct cpuidle_cpu *dev,
			  const struct cpuidle_select_in *in, bool *stop_tick)
{
	struct cpuidle_teo *cpu_data = &dev->teo;
	int64_t duration_ns = in->sleep_length_ns;
	struct teo_sums_6_1 sums = { 0 };
	int idx = 0, constraint_idx;

	if (dev->last_state_idx >= 0) {
		teo_update_6_1(drv, dev);
		dev->last_state_idx = -1;
	}
	cpu_data->time_span_ns = (int64_t)in->now_ns;
	cpu_data->sleep_length_ns = duration_ns;
	if (drv->state_count >= 2 && drv->target_residency_ns[1] <= duration_ns) {
		idx = teo_candidate_6_1(drv, cpu_data, in, duration_ns, &constraint_idx, &sums);
		if (sums.alt_recent || sums.alt_intercepts)
			idx = teo_intercepts_state_6_1(drv, cpu_data, in, idx, &sums, &duration_ns);
		if (idx > constraint_idx)
			idx = constraint_idx;
	}
	if (duration_ns < (int64_t)in->tick_ns && !in->tick_stopped) {
		*stop_tick = false;
		if (idx > 0 && drv->target_residency_ns[idx] > in->delta_tick_ns)
			idx = teo_find_shallower_state(drv, idx, in->delta_tick_ns);
	}
	return idx;
}

/* --- 7.3 ------------------------------------------------------------------------------- */

/* mirrors teo_decay() of 7.3: 1/8 off, or to 0 once that rounds to nothing */
static void teo_decay(unsigned *metric)
{
	unsigned delta = *metric >> DECAY_SHIFT;

	if (delta)
		*metric -= delta;
	else
		*metric = CAPSIM_MUT(260, 0u, *metric);
}

/*
 * teo_update() of 7.3's measured idle duration: the residency less half the exit latency (or
 * half the residency when shorter than it), a short idle counted when under
 * RESIDENCY_THRESHOLD_NS
 */
static int64_t teo_measured_ns_7_3(struct cpuidle_teo *cpu_data, const struct cpuidle_cpu *dev,
				   int64_t lat_ns)
{
	int64_t measured_ns = (int64_t)dev->last_residency_ns;

	teo_decay(&cpu_data->short_idles);
	if (measured_ns >= lat_ns) {
		measured_ns -= lat_ns / 2;
		if (measured_ns < CAPSIM_MUT(261, RESIDENCY_THRESHOLD_NS, 0))
			cpu_data->short_idles += PULSE;
	} else {
		measured_ns /= 2;
		cpu_data->short_idles += PULSE;
	}
	return measured_ns;
}

/*
 * teo_update() of 7.3's wake-up by the tick: a hit on the deepest state when tick wake-ups
 * dominate, else on the timer's bin when intercepts within a tick are rare (of @total, the
 * bins' sum). Return: whether it was counted so.
 */
static bool teo_tick_wakeup_7_3(const struct cpuidle_drv *drv, struct cpuidle_teo *cpu_data,
				unsigned total, int idx_timer)
{
	teo_decay(&cpu_data->total_tick);
	if (!cpu_data->tick_wakeup)
		return false;
	cpu_data->total_tick += PULSE;
	if (3 * cpu_data->total_tick > 2 * cpu_data->total) {
		cpu_data->state_bins[drv->state_count - 1].hits += PULSE;
		return true;
	}
	if (3 * cpu_data->tick_intercepts < CAPSIM_MUT(262, 2 * total, 0u)) {
		cpu_data->state_bins[idx_timer].hits += PULSE;
		return true;
	}
	return false;
}

/*
 * mirrors teo_update() of 7.3: the bins decayed (teo_decay()), the last wake-up a hit when its
 * measured duration falls in the bin of the sleep length and not earlier than half the exit
 * latency before the timer, else an intercept (within a tick: counted so too); the tick's
 * wake-ups as teo_tick_wakeup_7_3() says
 */
static void teo_update_7_3(const struct cpuidle_drv *drv, struct cpuidle_cpu *dev,
			   uint64_t tick_ns)
{
	struct cpuidle_teo *cpu_data = &dev->teo;
	int64_t lat_ns = drv->exit_latency_ns[dev->last_state_idx];
	int64_t measured_ns = teo_measured_ns_7_3(cpu_data, dev, lat_ns);
	int idx_timer = 0, idx_duration = 0;
	unsigned total = 0;

	for (int i = 0; i < drv->state_count; i++) {
		struct cpuidle_teo_bin *bin = &cpu_data->state_bins[i];
		int64_t target_residency_ns = drv->target_residency_ns[i];

		teo_decay(&bin->hits);
		total += bin->hits;
		teo_decay(&bin->intercepts);
		total += bin->intercepts;
		if (target_residency_ns <= cpu_data->sleep_length_ns) {
			idx_timer = i;
			if (target_residency_ns <= measured_ns)
				idx_duration = i;
		}
	}
	cpu_data->total = total + PULSE;
	teo_decay(&cpu_data->tick_intercepts);
	if (teo_tick_wakeup_7_3(drv, cpu_data, total, idx_timer))
		return;
	if (idx_timer == idx_duration &&
	    (int64_t)((uint64_t)cpu_data->sleep_length_ns - (uint64_t)measured_ns) <
		    CAPSIM_MUT(263, lat_ns / 2, INT64_MAX)) {
		cpu_data->state_bins[idx_timer].hits += PULSE;
	} else {
		cpu_data->state_bins[idx_duration].intercepts += PULSE;
		if (measured_ns <= (int64_t)tick_ns)
			cpu_data->tick_intercepts += PULSE;
	}
}

/*
 * teo_select() of 7.3's candidate: the deepest state, capped by the latency request
 * (*@constraint_idx, the deepest within it); when the intercepts of the states shallower than
 * it are the majority, the deepest of those whose shallower intercepts are, no deeper than the
 * bin of most intercepts (the deepest of equals)
 */
static int teo_candidate_7_3(const struct cpuidle_drv *drv, const struct cpuidle_teo *cpu_data,
			     const struct cpuidle_select_in *in, int *constraint_idx)
{
	unsigned idx_intercept_sum = 0, intercept_sum = 0, intercept_max = 0, hit_sum = 0;
	int intercept_max_idx = -1, idx = 0;

	*constraint_idx = 0;
	for (int i = 1; i < drv->state_count; i++) {
		unsigned prev_intercepts = cpu_data->state_bins[i - 1].intercepts;

		hit_sum += cpu_data->state_bins[i - 1].hits;
		intercept_sum += prev_intercepts;
		if (prev_intercepts >= CAPSIM_MUT(264, intercept_max, UINT_MAX)) {
			intercept_max = prev_intercepts;
			intercept_max_idx = i - 1;
		}
		idx = i;
		if (drv->exit_latency_ns[i] <= in->latency_req_ns)
			*constraint_idx = i;
		idx_intercept_sum = intercept_sum;
	}
	if (2 * idx_intercept_sum > cpu_data->total - hit_sum) {
		intercept_sum = 0;
		for (int i = idx - 1; i >= 0; i--) {
			intercept_sum += cpu_data->state_bins[i].intercepts;
			idx = i;
			if (2 * intercept_sum > idx_intercept_sum && i <= intercept_max_idx)
				break;
		}
	}
	return idx;
}

/*
 * teo_select() of 7.3 with the tick stopped and the next timer beyond SAFE_TIMER_RANGE_NS: a
 * state @idx shallower than a tick deepened to the deepest within the latency request and
 * @duration_ns
 */
static int teo_stopped_deeper_7_3(const struct cpuidle_drv *drv, int idx, int constraint_idx,
				  int64_t duration_ns)
{
	for (int i = constraint_idx; i > idx; i--)
		if (drv->target_residency_ns[i] <= CAPSIM_MUT(265, duration_ns, INT64_MAX))
			return i;
	return idx;
}

/*
 * mirrors teo_select() of 7.3 (no state disabled, none polling; a driver of one state asks no
 * governor, cpuidle_select()): the candidate (teo_candidate_7_3()); with the tick running, a
 * shallow one kept without reading the sleep length when short idles dominate or the latency
 * request is low; with it stopped, deepened to the next timer unless that is near; else capped
 * by the sleep length, the tick kept when intercepts within a tick dominate
 */
static int teo_select_7_3(const struct cpuidle_drv *drv, struct cpuidle_cpu *dev,
			  const struct cpuidle_select_in *in, bool *stop_tick)
{
	struct cpuidle_teo *cpu_data = &dev->teo;
	int64_t duration_ns, tick = (int64_t)in->tick_ns;
	int idx, constraint_idx;

	if (dev->last_state_idx >= 0) {
		teo_update_7_3(drv, dev, in->tick_ns);
		dev->last_state_idx = -1;
	}
	cpu_data->sleep_length_ns = KTIME_MAX;
	idx = teo_candidate_7_3(drv, cpu_data, in, &constraint_idx);
	if (idx > constraint_idx)
		idx = constraint_idx;
	if (!in->tick_stopped && (!idx || drv->target_residency_ns[idx] < RESIDENCY_THRESHOLD_NS) &&
	    (2 * cpu_data->short_idles >= CAPSIM_MUT(266, cpu_data->total, UINT_MAX) ||
	     in->latency_req_ns < LATENCY_THRESHOLD_NS))
		goto out_tick;
	duration_ns = in->sleep_length_ns;
	cpu_data->sleep_length_ns = duration_ns;
	if (in->tick_stopped && duration_ns > CAPSIM_MUT(267, SAFE_TIMER_RANGE_NS(tick), INT64_MAX) &&
	    drv->target_residency_ns[idx] < tick)
		return teo_stopped_deeper_7_3(drv, idx, constraint_idx, duration_ns);
	if (!idx)
		goto out_tick;
	if (drv->target_residency_ns[idx] > duration_ns)
		idx = teo_find_shallower_state(drv, idx, duration_ns);
	if (drv->target_residency_ns[idx] < tick &&
	    3 * cpu_data->tick_intercepts >= CAPSIM_MUT(268, 2 * cpu_data->total, UINT_MAX))
		duration_ns = tick / 2;
	if (duration_ns >= tick || in->tick_stopped)
		return idx;
	if (idx > 0 && drv->target_residency_ns[idx] > in->delta_tick_ns)
		idx = teo_find_shallower_state(drv, idx, in->delta_tick_ns);
out_tick:
	*stop_tick = false;
	return idx;
}

/* mirrors teo_select(): 6.12's, or the version @dev runs (teo_select_6_1(), teo_select_7_3()) */
int cpuidle_teo_select(const struct cpuidle_drv *drv, struct cpuidle_cpu *dev,
		       const struct cpuidle_select_in *in, bool *stop_tick)
{
	if (dev->version == CPUIDLE_6_1)
		return teo_select_6_1(drv, dev, in, stop_tick);
	if (dev->version == CPUIDLE_7_3)
		return teo_select_7_3(drv, dev, in, stop_tick);
	return teo_select(drv, dev, in, stop_tick);
}

/* mirrors teo_reflect() (no poll_time_limit: no polling state); 7.3's notes the tick's wake-up */
void cpuidle_teo_reflect(struct cpuidle_cpu *dev, int index, uint64_t now_ns, bool got_tick,
			 uint64_t tick_ns)
{
	struct cpuidle_teo *cpu_data = &dev->teo;

	dev->last_state_idx = index;
	if (dev->version == CPUIDLE_7_3)
		cpu_data->tick_wakeup = got_tick;
	else if (got_tick && cpu_data->sleep_length_ns > (int64_t)tick_ns)
		cpu_data->time_span_ns = cpu_data->sleep_length_ns;
	else
		cpu_data->time_span_ns = (int64_t)now_ns - cpu_data->time_span_ns;
}

/* mirrors teo_enable_device(): zeroes; 6.1's recent intercepts none (-1) */
void cpuidle_teo_enable(struct cpuidle_teo *cpu_data, enum cpuidle_version version)
{
	*cpu_data = (struct cpuidle_teo){ 0 };
	for (int i = 0; version == CPUIDLE_6_1 && i < NR_RECENT; i++)
		cpu_data->recent_idx[i] = CAPSIM_MUT(179, -1, 0);
}
