// SPDX-License-Identifier: MIT
/*
 * kernel_side_cpuidle.c - the kernel's answer for the groups menu and teo: the case's driver
 * states in a struct cpuidle_driver, CPU 0's struct cpuidle_device, the governor's enable(),
 * then at each step its select() with the step's view of the rest of the kernel
 * (kstubs_cpuidle.h), dev->last_residency_ns as cpuidle_enter_state() sets it, and its
 * reflect(), made with the functions functions_cpuidle.txt cut out of linux-source-6.12
 * (kernel_extract_cpuidle.c, every one renamed k_<name>). A translation unit of its own:
 * nothing here computes an answer itself. Compiled again with KC_LINUX_6_1 and KC_LINUX_7_3 on
 * 6.1's and 7.3's cut (moves-cpuidle-6.1.txt, moves-cpuidle-7.3.txt) for menu_6_1, teo_6_1,
 * menu_7_3 and teo_7_3; 7.3's cpuidle_idle_call() asks no governor for a driver of one state
 * (state 0, the tick stopped as the governors' default).
 */
#include "kcase.h"
#include "kstubs_cpuidle.h"

s64 kc_idle_latency_req, kc_idle_sleep_length, kc_idle_delta_tick;
bool kc_idle_tick_stopped, kc_idle_got_tick;
u64 kc_idle_now;
unsigned int kc_idle_nr_iowait;
u64 kc_menu_devices[KC_MAX_CPUS * 32], kc_teo_cpus[KC_MAX_CPUS * 32];

#include "kernel_extract_cpuidle.c"

/* 7.3's cpuidle_idle_call(): a driver of one state (or none) is no governor's */
#ifdef KC_LINUX_7_3
#define KC_LINUX_7_3_ONE_STATE(drv) ((drv)->state_count <= 1)
#else
#define KC_LINUX_7_3_ONE_STATE(drv) false
#endif

_Static_assert(sizeof(struct menu_device) * KC_MAX_CPUS <= sizeof(kc_menu_devices), "menu_devices");
_Static_assert(sizeof(struct teo_cpu) * KC_MAX_CPUS <= sizeof(kc_teo_cpus), "teo_cpus");

struct kc_governor {
	int (*enable)(struct cpuidle_driver *drv, struct cpuidle_device *dev);
	int (*select)(struct cpuidle_driver *drv, struct cpuidle_device *dev, bool *stop_tick);
	void (*reflect)(struct cpuidle_device *dev, int index);
};

/* the case through @gov: enable(), then each step's select(), residency and reflect() */
static void kc_run(const struct kc_governor *gov, const struct kc_menu_in *in,
		   struct kc_menu_out *out, struct cpuidle_driver *drv, struct cpuidle_device *dev)
{
	memset(kc_menu_devices, 0, sizeof(kc_menu_devices));
	memset(kc_teo_cpus, 0, sizeof(kc_teo_cpus));
	memset(drv, 0, sizeof(*drv));
	memset(dev, 0, sizeof(*dev));
	kc_this_cpu = 0;
	kc_tick_nsec = in->tick_ns;
	drv->state_count = (int)in->nr_states;
	for (unsigned i = 0; i < in->nr_states; i++) {
		drv->states[i].exit_latency_ns = (s64)in->exit_latency_ns[i];
		drv->states[i].target_residency_ns = (s64)in->target_residency_ns[i];
	}
	gov->enable(drv, dev);
	kc_idle_now = in->now;
	for (unsigned k = 0; k < in->nr_steps; k++) {
		bool governed = !KC_LINUX_7_3_ONE_STATE(drv);
		/* cpuidle_idle_call()'s: true for a governor, else do_idle()'s got_tick */
		bool stop_tick = governed || (k && in->got_tick[k - 1]);
		int idx = 0;

		kc_idle_latency_req = (s64)in->latency_req[k];
		kc_idle_tick_stopped = in->tick_stopped[k];
		kc_idle_sleep_length = (s64)in->sleep_length[k];
		kc_idle_delta_tick = (s64)in->delta_tick[k];
		kc_idle_nr_iowait = (unsigned int)in->nr_iowait[k];
		if (governed)
			idx = gov->select(drv, dev, &stop_tick);
		out->idx[k] = (uint64_t)idx;
		out->stop_tick[k] = stop_tick;
		dev->last_residency_ns = in->residency[k];
		kc_idle_now += in->residency[k];
		kc_idle_got_tick = in->got_tick[k];
		if (governed)
			gov->reflect(dev, idx);
		kc_idle_now += in->gap[k];
	}
	out->last_state_idx = (uint64_t)(int64_t)dev->last_state_idx;
}

void kside_menu(const struct kc_menu_in *in, struct kc_menu_out *out)
{
	static const struct kc_governor menu = { k_menu_enable_device, k_menu_select,
						 k_menu_reflect };
	struct cpuidle_driver drv;
	struct cpuidle_device dev;
	struct menu_device *data = &menu_devices[0];

	kc_run(&menu, in, out, &drv, &dev);
	KC_MENU_OUT_DATA(out, data);
}

void kside_teo(const struct kc_teo_in *in, struct kc_teo_out *out)
{
	static const struct kc_governor teo = { k_teo_enable_device, k_teo_select, k_teo_reflect };
	struct cpuidle_driver drv;
	struct cpuidle_device dev;
	struct teo_cpu *cpu_data = &teo_cpus[0];

	kc_run(&teo, (const struct kc_menu_in *)in, (struct kc_menu_out *)out, &drv, &dev);
	KC_TEO_OUT_DATA(out, cpu_data);
#if defined(KC_LINUX_6_1)
	KC_TEO_OUT_DATA_6_1(out, cpu_data);
#elif defined(KC_LINUX_7_3)
	KC_TEO_OUT_DATA_7_3(out, cpu_data);
#else
	KC_TEO_OUT_DATA_6_12(out, cpu_data);
#endif
}
