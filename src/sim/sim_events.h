/* SPDX-License-Identifier: MIT */
/*
 * sim_events.h - where the engine emits its events: one small emitter per event type of
 * include/capsim/capsim_events.h, in place of the kernel's tracepoints (trace_sched_switch(),
 * trace_cpu_frequency(), ...). Each emitter returns at once when the run has no sink, before it
 * builds anything, so a run without one costs a load and a branch per tracepoint, as a disabled
 * static key does in the kernel; the event itself is built out of line, in sim_events.c.
 * Writers (src/output/) consume the events through the sink: the engine includes none of them.
 */
#ifndef CAPSIM_SIM_EVENTS_H
#define CAPSIM_SIM_EVENTS_H

#include <stdbool.h>
#include <stdint.h>

#include "capsim/capsim.h"
#include "model/model.h"
#include "sim/sim.h"
#include "sim/sim_pressure.h"

/**
 * sim_sink_attach() - send the events of @s to @fn(@ctx) (NULL @fn detaches); sim_free() calls
 * @release(@ctx) if it is set and the sink is still attached. Return: 0, or CAPSIM_ERR_INVALID
 * once the run has started.
 */
int sim_sink_attach(struct capsim_sim *s, capsim_event_fn fn, void *ctx,
		    void (*release)(void *ctx));
/** sim_sink_detach() - detach the sink of @s without releasing it, at any time. */
void sim_sink_detach(struct capsim_sim *s);
/** sim_sink_release() - sim_free()'s part: detach the sink, then release it. */
void sim_sink_release(struct capsim_sim *s);

/* No sink: the usual case, which the emitters' callers are laid out for (a cold branch). */
static inline bool sim_no_sink(const struct capsim_sim *s)
{
	return __builtin_expect(!s->sink.fn, 1);
}

/* every event type: a caller's sink (capsim_sim_set_sink()) and the trace writers get them all */
#define SIM_SINK_ALL_TYPES (~(uint64_t)0)

/*
 * No sink wants @type (struct sim_sink's types): the event is not built. Also true with no
 * sink at all (types 0), so it is as cheap as sim_no_sink() on the usual path.
 */
static inline bool sim_sink_skips(const struct capsim_sim *s, enum capsim_event_type type)
{
	return __builtin_expect((unsigned)type >= 64 || !((s->sink.types >> type) & 1), 1);
}

/* The out-of-line builders: call them through the inline emitters below. */
void sim_emit_switch(const struct capsim_sim *s, int cpu, const struct sim_task *prev,
		     const struct sim_task *next);
void sim_emit_wakeup(const struct capsim_sim *s, enum capsim_event_type type, const struct sim_task *p,
		     int waker);
void sim_emit_migrate(const struct capsim_sim *s, const struct sim_task *p, int dst);
void sim_emit_cpu_frequency(const struct capsim_sim *s, int cpu);
void sim_emit_cpu_frequency_limits(const struct capsim_sim *s, const struct sim_policy *sp);
void sim_emit_pressure(const struct capsim_sim *s, enum capsim_event_type type, int cpu,
		       uint64_t pressure, const capsim_cpumask *cpus);
void sim_emit_stopper_preempt(const struct capsim_sim *s, const struct sim_rq *rq, int waker_cpu);
void sim_emit_cpu_idle(const struct capsim_sim *s, int cpu, uint32_t state);
void sim_emit_counters(const struct capsim_sim *s, int cpu);
void sim_emit_text(const struct capsim_sim *s, const char *name, const char *body);
void sim_emit_pelt(const struct capsim_sim *s, const struct sim_rq *rq, const struct sim_task *p,
		   enum capsim_pelt_signal signal);
void sim_emit_util_est(const struct capsim_sim *s, const struct sim_rq *rq, const struct sim_task *p,
		       uint32_t dequeued);
void sim_emit_uclamp(const struct capsim_sim *s, const struct sim_rq *rq);
void sim_emit_overutilized(const struct capsim_sim *s, bool on);
void sim_emit_misfit(const struct capsim_sim *s, const struct sim_rq *rq);
void sim_emit_cpu_capacity(const struct capsim_sim *s, int cpu);
void sim_emit_rtapp_timer(const struct capsim_sim *s, const struct sim_task *p, int64_t slack_ns,
			  bool missed);
void sim_emit_sugov_update(const struct capsim_sim *s, const struct sim_policy *sp, int cpu,
			   uint64_t util, uint64_t max_cap, uint32_t next_khz, bool changed);
void sim_emit_rtapp_loop(const struct capsim_sim *s, const struct sim_task *p, bool partial);

struct fair_task;
/**
 * sim_feec_traced() - find_energy_efficient_cpu() for @p (its view @ft) that sends each of its
 * compute_energy() calls to the sink as sched_compute_energy_tp does; call it only with a sink
 * attached (select_task_rq_fair() calls the untraced one otherwise).
 * Return: what find_energy_efficient_cpu() returns.
 */
int sim_feec_traced(struct capsim_sim *s, const struct sim_task *p, const struct fair_task *ft);

/* sched_switch on @cpu from @prev to @next (NULL: the idle task), in @prev's context */
static inline void sim_ev_switch(const struct capsim_sim *s, int cpu, const struct sim_task *prev,
				 const struct sim_task *next)
{
	if (sim_sink_skips(s, CAPSIM_EV_SCHED_SWITCH))
		return;
	sim_emit_switch(s, cpu, prev, next);
}

/* sched_waking / sched_wakeup / sched_wakeup_new of @p, on p->cpu */
static inline void sim_ev_wakeup(const struct capsim_sim *s, enum capsim_event_type type,
				 const struct sim_task *p)
{
	if (sim_sink_skips(s, type))
		return;
	sim_emit_wakeup(s, type, p, p->cpu);
}

/* sched_waking / sched_wakeup of @p by @waker's CPU (the sugov kthread's irq_work or timer) */
static inline void sim_ev_wakeup_from(const struct capsim_sim *s, enum capsim_event_type type,
				      const struct sim_task *p, int waker)
{
	if (sim_no_sink(s))
		return;
	sim_emit_wakeup(s, type, p, waker);
}

/* sched_migrate_task: @p leaves p->cpu for @dst (emitted before set_task_cpu() moves it) */
static inline void sim_ev_migrate(const struct capsim_sim *s, const struct sim_task *p, int dst)
{
	if (sim_sink_skips(s, CAPSIM_EV_SCHED_MIGRATE_TASK))
		return;
	sim_emit_migrate(s, p, dst);
}

/* cpu_frequency of @cpu: policy->cur and the delivered OPP as they are now */
static inline void sim_ev_cpu_frequency(const struct capsim_sim *s, int cpu)
{
	if (sim_sink_skips(s, CAPSIM_EV_CPU_FREQUENCY))
		return;
	sim_emit_cpu_frequency(s, cpu);
}

/* cpu_frequency_limits of @sp, once, on policy->cpu */
static inline void sim_ev_cpu_frequency_limits(const struct capsim_sim *s, const struct sim_policy *sp)
{
	if (sim_sink_skips(s, CAPSIM_EV_CPU_FREQUENCY_LIMITS))
		return;
	sim_emit_cpu_frequency_limits(s, sp);
}

/*
 * hw_pressure_update of topology_update_hw_pressure(@cpus): one event, on cpumask_first(@cpus),
 * with the pressure the model now keeps there. v6.9 has no such event (its thermal pressure
 * has thermal_pressure_update, sim_ev_thermal_pressure()).
 */
static inline void sim_ev_hw_pressure(const struct capsim_sim *s, const capsim_cpumask *cpus)
{
	unsigned first;

	if (sim_sink_skips(s, CAPSIM_EV_HW_PRESSURE_UPDATE) || model_reads_thermal(s->opt.model))
		return;
	first = capsim_cpumask_next(cpus, 0, s->nr_cpus);
	if (first < s->nr_cpus)
		sim_emit_pressure(s, CAPSIM_EV_HW_PRESSURE_UPDATE, (int)first,
				  sim_pressure_hw(s, (int)first), cpus);
}

/* thermal_pressure_update (a v6.9 model's arch_update_thermal_pressure()) of @cpus, on @cpu */
static inline void sim_ev_thermal_pressure(const struct capsim_sim *s, const capsim_cpumask *cpus,
					   int cpu, uint64_t pressure)
{
	if (sim_sink_skips(s, CAPSIM_EV_THERMAL_PRESSURE_UPDATE))
		return;
	sim_emit_pressure(s, CAPSIM_EV_THERMAL_PRESSURE_UPDATE, cpu, pressure, cpus);
}

/* the stopper of @rq is woken from @waker_cpu and preempts curr (active/misfit migration) */
static inline void sim_ev_stopper_preempt(const struct capsim_sim *s, const struct sim_rq *rq,
					  int waker_cpu)
{
	if (sim_sink_skips(s, CAPSIM_EV_SCHED_SWITCH) && sim_sink_skips(s, CAPSIM_EV_SCHED_WAKING) &&
	    sim_sink_skips(s, CAPSIM_EV_SCHED_WAKEUP))
		return;
	sim_emit_stopper_preempt(s, rq, waker_cpu);
}

/* cpu_idle of @cpu: @state entered (0: WFI) or CAPSIM_CPU_IDLE_EXIT */
static inline void sim_ev_cpu_idle(const struct capsim_sim *s, int cpu, uint32_t state)
{
	if (sim_sink_skips(s, CAPSIM_EV_CPU_IDLE))
		return;
	sim_emit_cpu_idle(s, cpu, state);
}

/* the actual-capacity and util counters of @cpu */
static inline void sim_ev_counters(const struct capsim_sim *s, int cpu)
{
	if (sim_sink_skips(s, CAPSIM_EV_CPU_COUNTERS))
		return;
	sim_emit_counters(s, cpu);
}

/* an event known by name and TP_printk text only, on CPU 0 as the thermal kworker's */
static inline void sim_ev_text(const struct capsim_sim *s, const char *name, const char *body)
{
	if (sim_sink_skips(s, CAPSIM_EV_TEXT))
		return;
	sim_emit_text(s, name, body);
}

/* the PELT signal @signal of @rq (or of @p for CAPSIM_PELT_TASK) decayed */
static inline void sim_ev_pelt(const struct capsim_sim *s, const struct sim_rq *rq,
			       const struct sim_task *p, enum capsim_pelt_signal signal)
{
	if (sim_sink_skips(s, signal == CAPSIM_PELT_TASK ? CAPSIM_EV_PELT_SE : CAPSIM_EV_PELT_RQ))
		return;
	sim_emit_pelt(s, rq, p, signal);
}

/* util_est_update() of @p dequeued from @rq with util_avg @dequeued */
static inline void sim_ev_util_est(const struct capsim_sim *s, const struct sim_rq *rq,
				   const struct sim_task *p, uint32_t dequeued)
{
	if (sim_sink_skips(s, CAPSIM_EV_UTIL_EST))
		return;
	sim_emit_util_est(s, rq, p, dequeued);
}

/* @rq's uclamp aggregation was refreshed */
static inline void sim_ev_uclamp(const struct capsim_sim *s, const struct sim_rq *rq)
{
	if (sim_sink_skips(s, CAPSIM_EV_UCLAMP_RQ))
		return;
	sim_emit_uclamp(s, rq);
}

/* rd->overutilized became @on */
static inline void sim_ev_overutilized(const struct capsim_sim *s, bool on)
{
	if (sim_sink_skips(s, CAPSIM_EV_OVERUTILIZED))
		return;
	sim_emit_overutilized(s, on);
}

/* @rq's misfit_task_load changed */
static inline void sim_ev_misfit(const struct capsim_sim *s, const struct sim_rq *rq)
{
	if (sim_sink_skips(s, CAPSIM_EV_MISFIT))
		return;
	sim_emit_misfit(s, rq);
}

/* capacity_of(@cpu) changed */
static inline void sim_ev_cpu_capacity(const struct capsim_sim *s, int cpu)
{
	if (sim_sink_skips(s, CAPSIM_EV_CPU_CAPACITY))
		return;
	sim_emit_cpu_capacity(s, cpu);
}

/* an rt-app timer event of @p: @slack_ns to its next expiry, @missed if it is late */
static inline void sim_ev_rtapp_timer(const struct capsim_sim *s, const struct sim_task *p,
				      int64_t slack_ns, bool missed)
{
	if (sim_sink_skips(s, CAPSIM_EV_RTAPP_TIMER))
		return;
	sim_emit_rtapp_timer(s, p, slack_ns, missed);
}

/* schedutil evaluated @sp from @cpu: @util / @max_cap gave @next_khz, applied if @changed */
static inline void sim_ev_sugov_update(const struct capsim_sim *s, const struct sim_policy *sp, int cpu,
				       uint64_t util, uint64_t max_cap, uint32_t next_khz,
				       bool changed)
{
	if (sim_sink_skips(s, CAPSIM_EV_SUGOV_UPDATE))
		return;
	sim_emit_sugov_update(s, sp, cpu, util, max_cap, next_khz, changed);
}

/* a loop of @p's phase ended (@partial: the run ends in its timer's sleep) */
static inline void sim_ev_rtapp_loop(const struct capsim_sim *s, const struct sim_task *p,
				     bool partial)
{
	if (sim_sink_skips(s, CAPSIM_EV_RTAPP_LOOP))
		return;
	sim_emit_rtapp_loop(s, p, partial);
}

#endif /* CAPSIM_SIM_EVENTS_H */
