// SPDX-License-Identifier: MIT
/*
 * cpufreq_cooling.c - the cpufreq cooling device, mirroring drivers/thermal/cpufreq_cooling.c
 * (Linux 6.12): one per cpufreq policy, state 0 = no cooling (the highest frequency), state
 * max_level = the lowest frequency. Setting a state updates the device's freq_qos MAX request to
 * get_state_freq(state); since 6.10 that request is the only way it reaches the scheduler (as
 * cpufreq pressure). For power_allocator it is also a "power actor": the Energy Model gives the
 * power of each state, and the CPUs' load scales the power it asks for.
 */
#include <string.h>

#include "model/thermal.h"

#include "internal.h"

#define MICROWATT_PER_MILLIWATT 1000

int cpufreq_cooling_init(struct thermal_cdev *cdev, const struct thermal_cdev_params *p,
			 capsim_error *err)
{
	unsigned i;

	if (!p->table || !p->nr_states)
		return capsim_error_set(err, CAPSIM_ERR_INVALID,
					"cooling device %s: no frequency table", p->name);
	for (i = 1; i < p->nr_states; i++)
		if (p->table[i].frequency <= p->table[i - 1].frequency)
			return capsim_error_set(err, CAPSIM_ERR_INVALID,
				"cooling device %s: frequency table not strictly ascending at state %u",
				p->name, i);
	if (!capsim_cpumask_weight(&p->cpus))
		return capsim_error_set(err, CAPSIM_ERR_INVALID,
					"cooling device %s: no CPUs", p->name);
	memset(cdev, 0, sizeof(*cdev));
	cdev->params = *p;
	cdev->max_level = p->nr_states - 1;
	cdev->updated = 1;
	return 0;
}

/* mirrors get_state_freq(), cpufreq_cooling.c (EM order: ascending) */
uint32_t cpufreq_cooling_state_freq(const struct thermal_cdev *cdev, unsigned long state)
{
	return (uint32_t)cdev->params.table[cdev->max_level - state].frequency;
}

/* mirrors cdev_is_power_actor() + em_is_sane(): an EM that is not artificial (has power) */
int cpufreq_cooling_is_power_actor(const struct thermal_cdev *cdev)
{
	unsigned i;

	for (i = 0; i < cdev->params.nr_states; i++)
		if (!cdev->params.table[i].power)
			return 0;
	return 1;
}

/* mirrors get_level(), cpufreq_cooling.c */
static unsigned long get_level(const struct thermal_cdev *cdev, uint32_t freq)
{
	const struct em_perf_state *table = cdev->params.table;
	long i;

	for (i = (long)cdev->max_level - 1; i >= 0; i--)
		if (CAPSIM_MUT(108, freq > table[i].frequency, freq >= table[i].frequency))
			break;
	return cdev->max_level - (unsigned long)(i + 1);
}

/* mirrors cpu_freq_to_power(), cpufreq_cooling.c: mW of one CPU at the first state >= freq */
static uint32_t cpu_freq_to_power(const struct thermal_cdev *cdev, uint32_t freq)
{
	const struct em_perf_state *table = cdev->params.table;
	long i;

	for (i = (long)cdev->max_level - 1; i >= 0; i--)
		if (CAPSIM_MUT(104, freq > table[i].frequency, freq >= table[i].frequency))
			break;
	return (uint32_t)(table[i + 1].power / MICROWATT_PER_MILLIWATT);
}

/* mirrors cpu_power_to_freq(), cpufreq_cooling.c: the highest state whose power fits */
static uint32_t cpu_power_to_freq(const struct thermal_cdev *cdev, uint32_t power)
{
	const struct em_perf_state *table = cdev->params.table;
	unsigned long i;

	for (i = cdev->max_level; i > 0; i--)
		if (CAPSIM_MUT(105, power >= table[i].power / MICROWATT_PER_MILLIWATT,
			       power > table[i].power / MICROWATT_PER_MILLIWATT))
			break;
	return (uint32_t)table[i].frequency;
}

/* mirrors get_load() (CONFIG_SMP), cpufreq_cooling.c: sched_cpu_util in percent of capacity */
static uint32_t get_load(const struct thermal_cpu_input *in)
{
	return in->capacity ? (uint32_t)CAPSIM_MUT(103, in->util * 100 / in->capacity,
						   (in->util * 100 + in->capacity / 2) / in->capacity)
			    : 0;
}

static unsigned first_cpu(const capsim_cpumask *m)
{
	unsigned cpu;

	for (cpu = 0; cpu < CAPSIM_MAX_CPUS; cpu++)
		if (capsim_cpumask_test(m, cpu))
			break;
	return cpu;
}

/* mirrors cpufreq_get_requested_power(), cpufreq_cooling.c (all CPUs online) */
uint32_t cpufreq_cooling_get_requested_power(struct thermal_cdev *cdev,
					     const struct thermal_cpu_input *in)
{
	uint32_t freq = in[first_cpu(&cdev->params.cpus)].cur_freq_khz;
	uint32_t total_load = 0;
	unsigned cpu;

	for (cpu = 0; cpu < CAPSIM_MAX_CPUS; cpu++)
		if (capsim_cpumask_test(&cdev->params.cpus, cpu))
			total_load += get_load(&in[cpu]);
	cdev->last_load = total_load;
	/* get_dynamic_power() */
	return CAPSIM_MUT(107, cpu_freq_to_power(cdev, freq) * cdev->last_load / 100,
			  cpu_freq_to_power(cdev, freq) * (cdev->last_load / 100));
}

/* mirrors cpufreq_state2power(), cpufreq_cooling.c */
int cpufreq_cooling_state2power(const struct thermal_cdev *cdev, unsigned long state,
				uint32_t *power)
{
	if (state > cdev->max_level)
		return CAPSIM_ERR_RANGE;
	*power = cpu_freq_to_power(cdev, cpufreq_cooling_state_freq(cdev, state)) *
		 capsim_cpumask_weight(&cdev->params.cpus);
	return 0;
}

void cpufreq_cooling_trace_get_power(struct thermal *t, const struct thermal_cdev *cdev,
				     uint32_t power)
{
	thermal_trace(t, "thermal_power_cpu_get_power_simple", "cpu=%u power=%u",
		      first_cpu(&cdev->params.cpus), power);
}

/*
 * __get_bitmask() of a cpumask num_possible_cpus() wide as trace_print_bitmask_seq() prints it:
 * "%*pb" of the record's whole array, whose unsigned longs hold BITS_TO_LONGS(nr) * 64 bits on
 * a 64-bit kernel (so 8 CPUs print "00000000,000000f0"); bitmap_string() (lib/vsprintf.c)
 * writes 32-bit hex chunks from the top, comma-separated, zero-padded.
 */
static void cpus_hex(char *buf, size_t size, const capsim_cpumask *m, unsigned nr_bits)
{
	unsigned chunk = nr_bits % 32 ? nr_bits % 32 : 32;
	size_t n = 0;

	buf[0] = '\0';
	for (int lo = (int)((nr_bits + 31) / 32 * 32) - 32; lo >= 0 && n < size; lo -= 32) {
		uint32_t val = 0;

		for (unsigned c = (unsigned)lo; c < (unsigned)lo + chunk; c++)
			if (c < CAPSIM_MAX_CPUS && capsim_cpumask_test(m, c))
				val |= 1u << (c - (unsigned)lo);
		n += (size_t)snprintf(buf + n, size - n, "%s%0*x", n ? "," : "", (int)(chunk + 3) / 4,
				      val);
		chunk = 32;
	}
}

void cpufreq_cooling_trace_limit(struct thermal *t, const struct thermal_cdev *cdev,
				 unsigned long state, uint32_t power)
{
	unsigned nr_bits = t->nr_cpus;
	char cpus[(CAPSIM_MAX_CPUS + 63) / 64 * 18 + 1];

	if (!t->hooks.trace)
		return;
	/* no CPU count given (a unit test's zones): as wide as the device's highest CPU needs */
	for (unsigned c = CAPSIM_MAX_CPUS; c > 0 && !nr_bits; c--)
		if (capsim_cpumask_test(&cdev->params.cpus, c - 1))
			nr_bits = c;
	cpus_hex(cpus, sizeof(cpus), &cdev->params.cpus, (nr_bits + 63) / 64 * 64);
	thermal_trace(t, "thermal_power_cpu_limit", "cpus=%s freq=%u cdev_state=%lu power=%u", cpus,
		      cpufreq_cooling_state_freq(cdev, state), state, power);
}

/* mirrors cpufreq_power2state(), cpufreq_cooling.c */
unsigned long cpufreq_cooling_power2state(const struct thermal_cdev *cdev, uint32_t power)
{
	uint32_t last_load = cdev->last_load ? cdev->last_load : CAPSIM_MUT(106, 1, 100);
	uint32_t normalised_power = power * 100 / last_load;

	return get_level(cdev, cpu_power_to_freq(cdev, normalised_power));
}
