// SPDX-License-Identifier: MIT
/*
 * trace_dat.c - the trace.dat writer: a consumer of the run's event sink that lays each event out
 * as the kernel's tracepoint records it (struct trace_entry, then TP_STRUCT__entry's fields, Linux
 * 6.12 layouts of include/trace/events/{sched,power,hw_pressure}.h and drivers/thermal/
 * thermal_trace*.h), packs the records into per-CPU ring-buffer pages as rb_reserve_next_event()
 * does (kernel/trace/ring_buffer.c: 4-byte event headers with 27-bit time deltas, time extends,
 * a buffer_data_page header per page), and writes them in the version 6 file of
 * trace-cmd.dat.v6(5) with the tracefs files a reader needs: events/header_page, header_event,
 * each event's format, a kallsyms line for the ftrace print event's ip, saved_cmdlines.
 *
 * Why not libtracecmd's output API: Debian's libtracecmd-dev (3.1.6) installs only the input
 * API (trace-cmd.h); tracecmd_output_create() and tracecmd_write_cpu_data() are exported by the
 * .so but declared only in trace-cmd's private headers, and they read the headers and formats
 * from a live tracefs directory and the CPU data from per-CPU files of raw pages, so the pages
 * and formats would have to be made here anyway. The reader side of both libraries
 * (libtracecmd's tracecmd_open(), libtraceevent's kbuffer) checks this writer in the tests.
 *
 * Text events (the thermal loop's, known to the sink by name and TP_printk text only) are parsed
 * back into their fields by the key=value layout of the same table that describes their format.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "capsim/capsim.h"
#include "output/trace_dat.h"
#include "output/trace_select.h"

#define DAT_PAGE_SIZE 4096u
#define DAT_PAGE_HDR 16u /* buffer_data_page: u64 time_stamp, local_t commit */
#define DAT_PAGE_DATA (DAT_PAGE_SIZE - DAT_PAGE_HDR)
/* ring_buffer.c: RINGBUF_TYPE_DATA_TYPE_LEN_MAX, RINGBUF_TYPE_TIME_EXTEND, TS_SHIFT */
#define RB_TYPE_LEN_MAX 28u
#define RB_TYPE_TIME_EXTEND 30u
#define RB_TS_SHIFT 27
#define RB_MAX_RECORD 512u /* the largest record built here (a print or text event) */
#define TASK_COMM_LEN 16
/* include/linux/trace_events.h: TRACE_FLAG_IRQS_OFF; sched events run under the rq lock */
#define TRACE_FLAG_IRQS_OFF 0x01
/* the ip of the ftrace print entries, named tracing_mark_write in the kallsyms written */
#define MARK_WRITE_IP 0xffffffff81000000ull

enum field_kind { FK_INT, FK_COMM, FK_CHARS, FK_STR, FK_TRIP, FK_ZERO, FK_BITMASK };

/*
 * A field of TP_STRUCT__entry after struct trace_entry: its declaration as tracefs prints it,
 * its place, and for a text event the key its TP_printk text gives it (NULL: not printed).
 */
struct dat_field {
	const char *decl;
	const char *key;
	uint8_t offset, size, is_signed, kind;
};

#define DAT_MAX_FIELDS 9

struct dat_event {
	const char *system, *name;
	uint16_t id;
	uint8_t size; /* sizeof the fixed part of the entry, trace_entry included */
	uint8_t flags, preempt_count;
	struct dat_field f[DAT_MAX_FIELDS];
	const char *print_fmt;
};

/* TASK_REPORT of include/linux/sched.h, as the kernel's format files print it expanded */
#define TASK_REPORT_EXPANDED                                                                   \
	"(0x00000000 | 0x00000001 | 0x00000002 | 0x00000004 | 0x00000008 | 0x00000010 | "      \
	"0x00000020 | 0x00000040)"
#define TASK_REPORT_MAX_EXPANDED "((" TASK_REPORT_EXPANDED " + 1) << 1)"

#define SCHED_CTX TRACE_FLAG_IRQS_OFF, 2
#define OTHER_CTX 0, 0

#define WAKEUP_EVENT(nm, id)                                                                   \
	{ "sched", nm, id, 36, SCHED_CTX,                                                      \
	  { { "char comm[16]", NULL, 8, 16, 0, FK_COMM },                                       \
	    { "pid_t pid", NULL, 24, 4, 1, FK_INT },                                            \
	    { "int prio", NULL, 28, 4, 1, FK_INT },                                             \
	    { "int target_cpu", NULL, 32, 4, 1, FK_INT } },                                     \
	  "\"comm=%s pid=%d prio=%d target_cpu=%03d\", REC->comm, REC->pid, REC->prio, "        \
	  "REC->target_cpu" }

#define CPU_EVENT(nm, id)                                                                      \
	{ "power", nm, id, 16, OTHER_CTX,                                                      \
	  { { "u32 state", NULL, 8, 4, 0, FK_INT }, { "u32 cpu_id", NULL, 12, 4, 0, FK_INT } }, \
	  "\"state=%lu cpu_id=%lu\", (unsigned long)REC->state, (unsigned long)REC->cpu_id" }

enum dat_id {
	EV_PRINT, EV_SWITCH, EV_WAKING, EV_WAKEUP, EV_WAKEUP_NEW, EV_MIGRATE, EV_COMPUTE_ENERGY,
	EV_CPU_IDLE, EV_CPU_FREQ, EV_CPU_FREQ_LIMITS, EV_HW_PRESSURE, EV_THERMAL_PRESSURE,
	EV_THERMAL_TEMP, EV_CDEV, EV_TRIP, EV_CPU_GET_POWER, EV_CPU_LIMIT, EV_IPA, EV_IPA_ACTOR,
	EV_IPA_PID, EV_LISA_PELT_CFS, EV_LISA_PELT_RT, EV_LISA_PELT_DL, EV_LISA_PELT_SE,
	EV_LISA_UTIL_EST_SE, EV_LISA_UTIL_EST_CFS, EV_LISA_CPU_CAPACITY, EV_LISA_OVERUTILIZED,
	EV_CAPSIM_CPU_CAPACITY, NR_DAT_EVENTS
};

/*
 * The LISA module's events, as TRACE_EVENT lays out the TP_STRUCT__entry of LISA's
 * lisa/_assets/kmodules/lisa/ftrace_events.h (ARM-software/lisa) on a 64-bit kernel with
 * runnable_avg (the "runnable" field) and frequency invariance (capacity_orig, capacity_curr):
 * PATH_SIZE 64, TASK_COMM_LEN 16, SPAN_SIZE 128 (NR_CPUS of 512 hex digits, capped at 128).
 */
#define LISA_PATH_SIZE 64
#define LISA_SPAN_SIZE 128

/* DECLARE_EVENT_CLASS(lisa__sched_pelt_rq_template): the rt, dl and irq signals of a CPU */
#define LISA_PELT_RQ_EVENT(nm, id)                                                             \
	{ "lisa", nm, id, 48, OTHER_CTX,                                                       \
	  { { "int cpu", NULL, 8, 4, 1, FK_INT },                                               \
	    { "unsigned long load", NULL, 16, 8, 0, FK_INT },                                   \
	    { "unsigned long runnable", NULL, 24, 8, 0, FK_INT },                               \
	    { "unsigned long util", NULL, 32, 8, 0, FK_INT },                                   \
	    { "unsigned long long update_time", NULL, 40, 8, 0, FK_INT } },                     \
	  "\"cpu=%d load=%lu util=%lu update_time=%llu runnable=%lu\", REC->cpu, REC->load, "   \
	  "REC->util, REC->update_time, REC->runnable" }

/* The events capsim records, as a 6.12 kernel's tracefs describes them (IDs are this file's). */
static const struct dat_event dat_events[NR_DAT_EVENTS] = {
	/* kernel/trace/trace_entries.h: FTRACE_ENTRY(print, print_entry, TRACE_PRINT, ...) */
	[EV_PRINT] = { "ftrace", "print", 5, 16, OTHER_CTX,
		       { { "unsigned long ip", NULL, 8, 8, 0, FK_INT },
			 { "char buf[]", NULL, 16, 0, 1, FK_ZERO } },
		       "\"%ps: %s\", (void *)REC->ip, REC->buf" },
	[EV_SWITCH] = { "sched", "sched_switch", 300, 64, SCHED_CTX,
			{ { "char prev_comm[16]", NULL, 8, 16, 0, FK_COMM },
			  { "pid_t prev_pid", NULL, 24, 4, 1, FK_INT },
			  { "int prev_prio", NULL, 28, 4, 1, FK_INT },
			  { "long prev_state", NULL, 32, 8, 1, FK_INT },
			  { "char next_comm[16]", NULL, 40, 16, 0, FK_COMM },
			  { "pid_t next_pid", NULL, 56, 4, 1, FK_INT },
			  { "int next_prio", NULL, 60, 4, 1, FK_INT } },
			"\"prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%s%s ==> next_comm=%s "
			"next_pid=%d next_prio=%d\", REC->prev_comm, REC->prev_pid, REC->prev_prio, "
			"(REC->prev_state & (" TASK_REPORT_MAX_EXPANDED " - 1)) ? "
			"__print_flags(REC->prev_state & (" TASK_REPORT_MAX_EXPANDED " - 1), \"|\", "
			"{ 0x00000001, \"S\" }, { 0x00000002, \"D\" }, { 0x00000004, \"T\" }, "
			"{ 0x00000008, \"t\" }, { 0x00000010, \"X\" }, { 0x00000020, \"Z\" }, "
			"{ 0x00000040, \"P\" }, { 0x00000080, \"I\" }) : \"R\", "
			"REC->prev_state & " TASK_REPORT_MAX_EXPANDED " ? \"+\" : \"\", "
			"REC->next_comm, REC->next_pid, REC->next_prio" },
	[EV_WAKING] = WAKEUP_EVENT("sched_waking", 301),
	[EV_WAKEUP] = WAKEUP_EVENT("sched_wakeup", 302),
	[EV_WAKEUP_NEW] = WAKEUP_EVENT("sched_wakeup_new", 303),
	[EV_MIGRATE] = { "sched", "sched_migrate_task", 304, 40, SCHED_CTX,
			 { { "char comm[16]", NULL, 8, 16, 0, FK_COMM },
			   { "pid_t pid", NULL, 24, 4, 1, FK_INT },
			   { "int prio", NULL, 28, 4, 1, FK_INT },
			   { "int orig_cpu", NULL, 32, 4, 1, FK_INT },
			   { "int dest_cpu", NULL, 36, 4, 1, FK_INT } },
			 "\"comm=%s pid=%d prio=%d orig_cpu=%d dest_cpu=%d\", REC->comm, REC->pid, "
			 "REC->prio, REC->orig_cpu, REC->dest_cpu" },
	/*
	 * sched_compute_energy_tp is a bare tracepoint (DECLARE_TRACE): no kernel format exists;
	 * this one lays out its TP_PROTO arguments (the task as comm and pid) as TRACE_EVENT would
	 */
	[EV_COMPUTE_ENERGY] = { "sched", "sched_compute_energy", 305, 56, SCHED_CTX,
				{ { "char comm[16]", NULL, 8, 16, 0, FK_COMM },
				  { "pid_t pid", NULL, 24, 4, 1, FK_INT },
				  { "int dst_cpu", NULL, 28, 4, 1, FK_INT },
				  { "unsigned long energy", NULL, 32, 8, 0, FK_INT },
				  { "unsigned long max_util", NULL, 40, 8, 0, FK_INT },
				  { "unsigned long busy_time", NULL, 48, 8, 0, FK_INT } },
				"\"comm=%s pid=%d dst_cpu=%d energy=%lu max_util=%lu busy_time=%lu\", "
				"REC->comm, REC->pid, REC->dst_cpu, REC->energy, REC->max_util, "
				"REC->busy_time" },
	/* include/trace/events/power.h: DECLARE_EVENT_CLASS(cpu, ...), cpu_idle then cpu_frequency */
	[EV_CPU_IDLE] = CPU_EVENT("cpu_idle", 309),
	[EV_CPU_FREQ] = CPU_EVENT("cpu_frequency", 310),
	[EV_CPU_FREQ_LIMITS] = { "power", "cpu_frequency_limits", 311, 20, OTHER_CTX,
				 { { "u32 min_freq", NULL, 8, 4, 0, FK_INT },
				   { "u32 max_freq", NULL, 12, 4, 0, FK_INT },
				   { "u32 cpu_id", NULL, 16, 4, 0, FK_INT } },
				 "\"min=%lu max=%lu cpu_id=%lu\", (unsigned long)REC->min_freq, "
				 "(unsigned long)REC->max_freq, (unsigned long)REC->cpu_id" },
	[EV_HW_PRESSURE] = { "hw_pressure", "hw_pressure_update", 320, 24, OTHER_CTX,
			     { { "unsigned long hw_pressure", NULL, 8, 8, 0, FK_INT },
			       { "int cpu", NULL, 16, 4, 1, FK_INT } },
			     "\"cpu=%d hw_pressure=%lu\", REC->cpu, REC->hw_pressure" },
	/* v6.9: include/trace/events/thermal_pressure.h */
	[EV_THERMAL_PRESSURE] = { "thermal_pressure", "thermal_pressure_update", 321, 24, OTHER_CTX,
				  { { "unsigned long thermal_pressure", NULL, 8, 8, 0, FK_INT },
				    { "int cpu", NULL, 16, 4, 1, FK_INT } },
				  "\"cpu=%d thermal_pressure=%lu\", REC->cpu, REC->thermal_pressure" },
	[EV_THERMAL_TEMP] = { "thermal", "thermal_temperature", 330, 24, OTHER_CTX,
			      { { "__data_loc char[] thermal_zone", "thermal_zone", 8, 4, 0, FK_STR },
				{ "int id", "id", 12, 4, 1, FK_INT },
				{ "int temp_prev", "temp_prev", 16, 4, 1, FK_INT },
				{ "int temp", "temp", 20, 4, 1, FK_INT } },
			      "\"thermal_zone=%s id=%d temp_prev=%d temp=%d\", "
			      "__get_str(thermal_zone), REC->id, REC->temp_prev, REC->temp" },
	[EV_CDEV] = { "thermal", "cdev_update", 331, 24, OTHER_CTX,
		      { { "__data_loc char[] type", "type", 8, 4, 0, FK_STR },
			{ "unsigned long target", "target", 16, 8, 0, FK_INT } },
		      "\"type=%s target=%lu\", __get_str(type), REC->target" },
	[EV_TRIP] = { "thermal", "thermal_zone_trip", 332, 24, OTHER_CTX,
		      { { "__data_loc char[] thermal_zone", "thermal_zone", 8, 4, 0, FK_STR },
			{ "int id", "id", 12, 4, 1, FK_INT },
			{ "int trip", "trip", 16, 4, 1, FK_INT },
			{ "enum thermal_trip_type trip_type", "trip_type", 20, 4, 0, FK_TRIP } },
		      "\"thermal_zone=%s id=%d trip=%d trip_type=%s\", __get_str(thermal_zone), "
		      "REC->id, REC->trip, __print_symbolic(REC->trip_type, { 3, \"CRITICAL\"}, "
		      "{ 2, \"HOT\"}, { 1, \"PASSIVE\"}, { 0, \"ACTIVE\"})" },
	/* drivers/thermal/thermal_trace.h, CONFIG_CPU_THERMAL */
	[EV_CPU_GET_POWER] = { "thermal", "thermal_power_cpu_get_power_simple", 333, 16, OTHER_CTX,
			       { { "int cpu", "cpu", 8, 4, 1, FK_INT },
				 { "u32 power", "power", 12, 4, 0, FK_INT } },
			       "\"cpu=%d power=%u\", REC->cpu, REC->power" },
	/* __bitmask(cpumask, num_possible_cpus()): a __data_loc array of longs after the entry */
	[EV_CPU_LIMIT] = { "thermal", "thermal_power_cpu_limit", 334, 32, OTHER_CTX,
			   { { "__data_loc unsigned long[] cpumask", "cpus", 8, 4, 0, FK_BITMASK },
			     { "unsigned int freq", "freq", 12, 4, 0, FK_INT },
			     { "unsigned long cdev_state", "cdev_state", 16, 8, 0, FK_INT },
			     { "u32 power", "power", 24, 4, 0, FK_INT } },
			   "\"cpus=%s freq=%u cdev_state=%lu power=%u\", __get_bitmask(cpumask), "
			   "REC->freq, REC->cdev_state, REC->power" },
	/* drivers/thermal/thermal_trace_ipa.h */
	[EV_IPA] = { "thermal_power_allocator", "thermal_power_allocator", 340, 48, OTHER_CTX,
		     { { "int tz_id", "thermal_zone_id", 8, 4, 1, FK_INT },
		       { "u32 total_req_power", "total_req_power", 12, 4, 0, FK_INT },
		       { "u32 total_granted_power", "total_granted_power", 16, 4, 0, FK_INT },
		       { "size_t num_actors", NULL, 24, 8, 0, FK_ZERO },
		       { "u32 power_range", "power_range", 32, 4, 0, FK_INT },
		       { "u32 max_allocatable_power", "max_allocatable_power", 36, 4, 0, FK_INT },
		       { "int current_temp", "current_temperature", 40, 4, 1, FK_INT },
		       { "s32 delta_temp", "delta_temperature", 44, 4, 1, FK_INT } },
		     "\"thermal_zone_id=%d total_req_power=%u total_granted_power=%u power_range=%u "
		     "max_allocatable_power=%u current_temperature=%d delta_temperature=%d\", "
		     "REC->tz_id, REC->total_req_power, REC->total_granted_power, REC->power_range, "
		     "REC->max_allocatable_power, REC->current_temp, REC->delta_temp" },
	[EV_IPA_ACTOR] = { "thermal_power_allocator", "thermal_power_actor", 341, 24, OTHER_CTX,
			   { { "int tz_id", "thermal_zone_id", 8, 4, 1, FK_INT },
			     { "int actor_id", "actor_id", 12, 4, 1, FK_INT },
			     { "u32 req_power", "req_power", 16, 4, 0, FK_INT },
			     { "u32 granted_power", "granted_power", 20, 4, 0, FK_INT } },
			   "\"thermal_zone_id=%d actor_id=%d req_power=%u granted_power=%u\", "
			   "REC->tz_id, REC->actor_id, REC->req_power, REC->granted_power" },
	[EV_IPA_PID] = { "thermal_power_allocator", "thermal_power_allocator_pid", 342, 56, OTHER_CTX,
			 { { "int tz_id", "thermal_zone_id", 8, 4, 1, FK_INT },
			   { "s32 err", "err", 12, 4, 1, FK_INT },
			   { "s32 err_integral", "err_integral", 16, 4, 1, FK_INT },
			   { "s64 p", "p", 24, 8, 1, FK_INT },
			   { "s64 i", "i", 32, 8, 1, FK_INT },
			   { "s64 d", "d", 40, 8, 1, FK_INT },
			   { "s32 output", "output", 48, 4, 1, FK_INT } },
			 "\"thermal_zone_id=%d err=%d err_integral=%d p=%lld i=%lld d=%lld "
			 "output=%d\", REC->tz_id, REC->err, REC->err_integral, REC->p, REC->i, "
			 "REC->d, REC->output" },
	[EV_LISA_PELT_CFS] = { "lisa", "lisa__sched_pelt_cfs", 360, 112, OTHER_CTX,
			       { { "int cpu", NULL, 8, 4, 1, FK_INT },
				 { "char path[64]", NULL, 12, 64, 0, FK_CHARS },
				 { "unsigned long load", NULL, 80, 8, 0, FK_INT },
				 { "unsigned long runnable", NULL, 88, 8, 0, FK_INT },
				 { "unsigned long util", NULL, 96, 8, 0, FK_INT },
				 { "unsigned long long update_time", NULL, 104, 8, 0, FK_INT } },
			       "\"cpu=%d path=%s load=%lu util=%lu update_time=%llu runnable=%lu\", "
			       "REC->cpu, REC->path, REC->load, REC->util, REC->update_time, "
			       "REC->runnable" },
	[EV_LISA_PELT_RT] = LISA_PELT_RQ_EVENT("lisa__sched_pelt_rt", 361),
	[EV_LISA_PELT_DL] = LISA_PELT_RQ_EVENT("lisa__sched_pelt_dl", 362),
	[EV_LISA_PELT_SE] = { "lisa", "lisa__sched_pelt_se", 363, 128, OTHER_CTX,
			      { { "int cpu", NULL, 8, 4, 1, FK_INT },
				{ "char path[64]", NULL, 12, 64, 0, FK_CHARS },
				{ "char comm[16]", NULL, 76, 16, 0, FK_COMM },
				{ "int pid", NULL, 92, 4, 1, FK_INT },
				{ "unsigned long load", NULL, 96, 8, 0, FK_INT },
				{ "unsigned long runnable", NULL, 104, 8, 0, FK_INT },
				{ "unsigned long util", NULL, 112, 8, 0, FK_INT },
				{ "unsigned long long update_time", NULL, 120, 8, 0, FK_INT } },
			      "\"cpu=%d path=%s comm=%s pid=%d load=%lu util=%lu update_time=%llu "
			      "runnable=%lu\", REC->cpu, REC->path, REC->comm, REC->pid, REC->load, "
			      "REC->util, REC->update_time, REC->runnable" },
	[EV_LISA_UTIL_EST_SE] = { "lisa", "lisa__sched_util_est_se", 364, 112, OTHER_CTX,
				  { { "int cpu", NULL, 8, 4, 1, FK_INT },
				    { "char path[64]", NULL, 12, 64, 0, FK_CHARS },
				    { "char comm[16]", NULL, 76, 16, 0, FK_COMM },
				    { "int pid", NULL, 92, 4, 1, FK_INT },
				    { "unsigned int enqueued", NULL, 96, 4, 0, FK_INT },
				    { "unsigned int ewma", NULL, 100, 4, 0, FK_INT },
				    { "unsigned long util", NULL, 104, 8, 0, FK_INT } },
				  "\"cpu=%d path=%s comm=%s pid=%d enqueued=%u ewma=%u util=%lu\", "
				  "REC->cpu, REC->path, REC->comm, REC->pid, REC->enqueued, "
				  "REC->ewma, REC->util" },
	[EV_LISA_UTIL_EST_CFS] = { "lisa", "lisa__sched_util_est_cfs", 365, 96, OTHER_CTX,
				   { { "int cpu", NULL, 8, 4, 1, FK_INT },
				     { "char path[64]", NULL, 12, 64, 0, FK_CHARS },
				     { "unsigned int enqueued", NULL, 76, 4, 0, FK_INT },
				     { "unsigned int ewma", NULL, 80, 4, 0, FK_INT },
				     { "unsigned long util", NULL, 88, 8, 0, FK_INT } },
				   "\"cpu=%d path=%s enqueued=%u ewma=%u util=%lu\", REC->cpu, "
				   "REC->path, REC->enqueued, REC->ewma, REC->util" },
	[EV_LISA_CPU_CAPACITY] = { "lisa", "lisa__sched_cpu_capacity", 366, 40, OTHER_CTX,
				   { { "int cpu", NULL, 8, 4, 1, FK_INT },
				     { "unsigned long capacity", NULL, 16, 8, 0, FK_INT },
				     { "unsigned long capacity_orig", NULL, 24, 8, 0, FK_INT },
				     { "unsigned long capacity_curr", NULL, 32, 8, 0, FK_INT } },
				   "\"cpu=%d capacity=%lu capacity_orig=%lu capacity_curr=%lu\", "
				   "REC->cpu, REC->capacity, REC->capacity_orig, REC->capacity_curr" },
	[EV_LISA_OVERUTILIZED] = { "lisa", "lisa__sched_overutilized", 367, 140, OTHER_CTX,
				   { { "int overutilized", NULL, 8, 4, 1, FK_INT },
				     { "char span[128]", NULL, 12, 128, 0, FK_CHARS } },
				   "\"overutilized=%d span=0x%s\", REC->overutilized, REC->span" },
	/*
	 * capsim's own: the per-CPU counters of the text's atrace prints as one event with a
	 * format, which KernelShark's event_field_plot and LISA's trace.dat parser can plot;
	 * written when any but util changes (lisa__sched_pelt_cfs has the util)
	 */
	[EV_CAPSIM_CPU_CAPACITY] = { "capsim", "capsim_cpu_capacity", 370, 72, OTHER_CTX,
				     { { "int cpu", NULL, 8, 4, 1, FK_INT },
				       { "unsigned long actual_capacity", NULL, 16, 8, 0, FK_INT },
				       { "unsigned long capacity_orig", NULL, 24, 8, 0, FK_INT },
				       { "unsigned long delivered_capacity", NULL, 32, 8, 0, FK_INT },
				       { "unsigned long hw_pressure", NULL, 40, 8, 0, FK_INT },
				       { "unsigned long cpufreq_pressure", NULL, 48, 8, 0, FK_INT },
				       { "unsigned long hw_load_avg", NULL, 56, 8, 0, FK_INT },
				       { "unsigned long thermal_load_avg", NULL, 64, 8, 0, FK_INT } },
				     "\"cpu=%d actual_capacity=%lu capacity_orig=%lu "
				     "delivered_capacity=%lu hw_pressure=%lu cpufreq_pressure=%lu "
				     "hw_load_avg=%lu thermal_load_avg=%lu\", REC->cpu, "
				     "REC->actual_capacity, REC->capacity_orig, REC->delivered_capacity, "
				     "REC->hw_pressure, REC->cpufreq_pressure, REC->hw_load_avg, "
				     "REC->thermal_load_avg" },
};

/* A CPU's ring buffer: the page being filled, and the full ones spooled to @spool. */
struct dat_cpu {
	FILE *spool;
	uint64_t pages;
	uint64_t page_ts, last_ts;
	uint32_t used; /* bytes of the page's data in use (the page's commit) */
	uint8_t page[DAT_PAGE_SIZE];
};

struct trace_dat {
	FILE *fp;
	unsigned nr_cpus;
	struct dat_cpu *cpu;
	char (*comm)[TASK_COMM_LEN]; /* saved_cmdlines, indexed by pid */
	size_t nr_comm;
	struct trace_select sel;
	bool capacity_changed;       /* the CPU_COUNTERS event at hand changed a capacity or pressure */
	char span[LISA_SPAN_SIZE];   /* the root domain's, in hex (lisa__sched_overutilized) */
	int err;
	int spool_errno;             /* why a spool failed (ENOSPC in $TMPDIR), 0: none */
};

static void put_le(uint8_t *p, uint64_t v, unsigned size)
{
	for (unsigned i = 0; i < size; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void dat_free(struct trace_dat *d)
{
	for (unsigned c = 0; d->cpu && c < d->nr_cpus; c++)
		if (d->cpu[c].spool)
			fclose(d->cpu[c].spool);
	free(d->cpu);
	free(d->comm);
	trace_select_free(&d->sel);
	free(d);
}

/* The cmdline cache: trace-cmd names a record's common_pid from saved_cmdlines. */
static void remember(struct trace_dat *d, const struct capsim_event_task *t)
{
	size_t pid = (size_t)t->pid;

	if (t->pid <= 0)
		return;
	if (pid >= d->nr_comm) {
		size_t n = pid + 64;
		char (*c)[TASK_COMM_LEN] = realloc(d->comm, n * sizeof(*c));

		if (!c) {
			d->err = CAPSIM_ERR_NOMEM;
			return;
		}
		memset(c + d->nr_comm, 0, (n - d->nr_comm) * sizeof(*c));
		d->comm = c;
		d->nr_comm = n;
	}
	if (!d->comm[pid][0])
		snprintf(d->comm[pid], TASK_COMM_LEN, "%s", t->comm);
}

/* rb_commit()'s page as a reader gets it: time_stamp, commit (bytes used), data, zeroes. */
static void flush_page(struct trace_dat *d, struct dat_cpu *c)
{
	if (!c->used)
		return;
	put_le(c->page, c->page_ts, 8);
	put_le(c->page + 8, c->used, 8);
	memset(c->page + DAT_PAGE_HDR + c->used, 0, DAT_PAGE_DATA - c->used);
	if (fwrite(c->page, DAT_PAGE_SIZE, 1, c->spool) != 1 && !d->err) {
		d->err = CAPSIM_ERR_IO;
		d->spool_errno = errno;
	}
	c->pages++;
	c->used = 0;
}

/*
 * rb_reserve_next_event() for one record of @len bytes at @ts on @cpu: a data event of type_len
 * len/4 (or type_len 0 with the length in array[0] past RB_MAX_SMALL_DATA), preceded by a time
 * extend when the delta does not fit 27 bits; a new page when it does not fit this one.
 */
static void write_record(struct trace_dat *d, unsigned cpu, uint64_t ts, const uint8_t *rec,
			 uint32_t len)
{
	struct dat_cpu *c = &d->cpu[cpu];
	uint32_t data = (len + 3) & ~3u;
	uint32_t need = 4 + data + (data > RB_TYPE_LEN_MAX * 4 ? 4 : 0);
	uint64_t delta = c->used ? ts - c->last_ts : 0;
	uint8_t *p;

	if (c->used + need + (delta >> RB_TS_SHIFT ? 8 : 0) > DAT_PAGE_DATA) {
		flush_page(d, c);
		delta = 0;
	}
	if (!c->used)
		c->page_ts = ts;
	p = c->page + DAT_PAGE_HDR + c->used;
	if (delta >> RB_TS_SHIFT) {
		put_le(p, RB_TYPE_TIME_EXTEND | (uint32_t)(delta & ((1u << RB_TS_SHIFT) - 1)) << 5, 4);
		put_le(p + 4, delta >> RB_TS_SHIFT, 4);
		p += 8;
		c->used += 8;
		delta = 0;
	}
	if (data > RB_TYPE_LEN_MAX * 4) {
		put_le(p, (uint32_t)delta << 5, 4);
		put_le(p + 4, data + 4, 4); /* array[0]: the length past the header word */
		p += 8;
	} else {
		put_le(p, data / 4 | (uint32_t)delta << 5, 4);
		p += 4;
	}
	memcpy(p, rec, len);
	memset(p + len, 0, data - len);
	c->used += need;
	c->last_ts = ts;
}

/* struct trace_entry, include/linux/trace_events.h */
static uint32_t entry_start(uint8_t *rec, const struct dat_event *e, int32_t pid)
{
	memset(rec, 0, e->size);
	put_le(rec, e->id, 2);
	rec[2] = e->flags;
	rec[3] = e->preempt_count;
	put_le(rec + 4, (uint32_t)pid, 4);
	return e->size;
}

static void put_comm(uint8_t *p, const char *comm)
{
	size_t n = strnlen(comm, TASK_COMM_LEN - 1);

	memcpy(p, comm, n); /* the rest of the array is zero, as memcpy of p->comm leaves it */
}

/* __string(): the text goes after the fixed part, its __data_loc is (length << 16) | offset */
static uint32_t put_str(uint8_t *rec, uint32_t len, const struct dat_field *f, const char *s,
			size_t n)
{
	if (len + n + 1 > RB_MAX_RECORD)
		n = RB_MAX_RECORD - len - 1;
	memcpy(rec + len, s, n);
	rec[len + n] = '\0';
	put_le(rec + f->offset, (uint32_t)(n + 1) << 16 | len, 4);
	return len + (uint32_t)n + 1;
}

/*
 * __bitmask(): the mask's unsigned longs (BITS_TO_LONGS(@nr_bits) of them) after the fixed part,
 * from the %*pb text the event printed: 32-bit hex chunks, the most significant first.
 */
static uint32_t put_bitmask(uint8_t *rec, uint32_t len, const struct dat_field *f,
			    const char *hex, size_t n, unsigned nr_bits)
{
	uint32_t bytes = (nr_bits + 63) / 64 * 8, chunk = 0;

	if (len + bytes > RB_MAX_RECORD)
		bytes = (RB_MAX_RECORD - len) / 8 * 8;
	memset(rec + len, 0, bytes);
	/* the last chunk of the text holds bits 0..31: walk it from the end */
	for (size_t end = n; end > 0; chunk++) {
		size_t start = end;
		uint32_t v;

		while (start > 0 && hex[start - 1] != ',')
			start--;
		v = (uint32_t)strtoul(hex + start, NULL, 16);
		if ((chunk + 1) * 4 <= bytes)
			put_le(rec + len + chunk * 4, v, 4); /* little endian: longs as 32-bit halves */
		end = start ? start - 1 : 0;
	}
	put_le(rec + f->offset, bytes << 16 | len, 4);
	return len + bytes;
}

static const char *const trip_types[] = { "ACTIVE", "PASSIVE", "HOT", "CRITICAL" };

/*
 * A text event's record: each key=value of its TP_printk text goes to the field of that key.
 * Return: its length, or 0 if @name is not an event of the table.
 */
static uint32_t text_record(uint8_t *rec, int32_t pid, const char *name, const char *body,
			    unsigned nr_cpus)
{
	const struct dat_event *e = NULL;
	uint32_t len;

	for (unsigned i = EV_THERMAL_TEMP; i <= EV_IPA_PID && !e; i++)
		if (!strcmp(dat_events[i].name, name))
			e = &dat_events[i];
	if (!e)
		return 0;
	len = entry_start(rec, e, pid);
	for (const char *p = body; *p;) {
		const char *eq = strchr(p, '='), *end;
		size_t klen;

		if (!eq)
			break;
		end = eq + 1 + strcspn(eq + 1, " ");
		klen = (size_t)(eq - p);
		for (unsigned k = 0; k < DAT_MAX_FIELDS && e->f[k].decl; k++) {
			const struct dat_field *f = &e->f[k];

			if (!f->key || strlen(f->key) != klen || strncmp(f->key, p, klen))
				continue;
			if (f->kind == FK_STR)
				len = put_str(rec, len, f, eq + 1, (size_t)(end - eq - 1));
			else if (f->kind == FK_BITMASK)
				len = put_bitmask(rec, len, f, eq + 1, (size_t)(end - eq - 1),
						  nr_cpus);
			else if (f->kind == FK_TRIP) {
				for (unsigned t = 0; t < sizeof(trip_types) / sizeof(*trip_types); t++)
					if (strlen(trip_types[t]) == (size_t)(end - eq - 1) &&
					    !strncmp(trip_types[t], eq + 1, (size_t)(end - eq - 1)))
						put_le(rec + f->offset, t, 4);
			} else
				put_le(rec + f->offset,
				       f->is_signed ? (uint64_t)strtoll(eq + 1, NULL, 10)
						    : strtoull(eq + 1, NULL, 10),
				       f->size);
			break;
		}
		p = *end ? end + 1 : end;
	}
	return len;
}

/* The ftrace print entry a trace_marker write makes (atrace's "C|tgid|name|value" counters). */
static uint32_t print_record(uint8_t *rec, int32_t pid, const char *text)
{
	uint32_t len = entry_start(rec, &dat_events[EV_PRINT], pid);
	size_t n = strnlen(text, RB_MAX_RECORD - len - 1);

	put_le(rec + 8, MARK_WRITE_IP, 8);
	memcpy(rec + len, text, n);
	rec[len + n] = '\0';
	return len + (uint32_t)n + 1;
}

static void task_fields(uint8_t *rec, unsigned off, const struct capsim_event_task *t)
{
	put_comm(rec + off, t->comm);
	put_le(rec + off + 16, (uint32_t)t->pid, 4);
	put_le(rec + off + 20, (uint32_t)t->prio, 4);
}

/*
 * A CPU's counter: an atrace print as the text has it ("C|1|cpuN_actual_capacity|V") for the
 * text's signals; any change but util's makes a capsim_cpu_capacity record after the event.
 * Zone temperatures are the thermal_temperature records themselves.
 */
static void counter(void *ctx, const struct capsim_event *ev, const struct trace_counter_value *v)
{
	struct trace_dat *d = ctx;
	unsigned sig = v->index % TRACE_NR_SIGNALS;
	uint8_t rec[RB_MAX_RECORD];
	char text[96];

	if (v->index >= d->nr_cpus * TRACE_NR_SIGNALS)
		return;
	if (sig != TRACE_SIG_UTIL)
		d->capacity_changed = true;
	if (sig >= TRACE_TEXT_SIGNALS)
		return;
	snprintf(text, sizeof(text), "C|1|%s|%" PRId64, v->name, v->value);
	write_record(d, (unsigned)ev->cpu, trace_clock_ns(ev), rec,
		     print_record(rec, ev->curr.pid, text));
}

/* capsim_cpu_capacity: every capacity and pressure of the CPU_COUNTERS event @ev */
static uint32_t capacity_record(uint8_t *rec, const struct capsim_event *ev)
{
	const struct capsim_ev_cpu_counters *c = &ev->u.cpu_counters;
	uint32_t len = entry_start(rec, &dat_events[EV_CAPSIM_CPU_CAPACITY], ev->curr.pid);

	put_le(rec + 8, (uint32_t)ev->cpu, 4);
	put_le(rec + 16, c->actual_capacity, 8);
	put_le(rec + 24, c->capacity_orig, 8);
	put_le(rec + 32, c->delivered_capacity, 8);
	put_le(rec + 40, c->hw_pressure, 8);
	put_le(rec + 48, c->cpufreq_pressure, 8);
	put_le(rec + 56, c->hw_load_avg, 8);
	put_le(rec + 64, c->thermal_load_avg, 8);
	return len;
}

/* a LISA event's start: its cpu field, and its path ("" for a task, "/" the root cfs_rq) */
static uint32_t lisa_start(uint8_t *rec, unsigned id, const struct capsim_event *ev,
			   const char *path)
{
	uint32_t len = entry_start(rec, &dat_events[id], ev->curr.pid);

	put_le(rec + 8, (uint32_t)ev->cpu, 4);
	memcpy(rec + 12, path, strlen(path));
	return len;
}

/* lisa__sched_pelt_{se,cfs,rt,dl}: the signals after @p's update, at the event's offsets */
static uint32_t pelt_record(uint8_t *rec, const struct capsim_event *ev)
{
	const struct capsim_ev_pelt *p = &ev->u.pelt;
	unsigned id = p->signal == CAPSIM_PELT_TASK  ? EV_LISA_PELT_SE
		      : p->signal == CAPSIM_PELT_CFS ? EV_LISA_PELT_CFS
		      : p->signal == CAPSIM_PELT_DL  ? EV_LISA_PELT_DL
						     : EV_LISA_PELT_RT;
	/* the offset of load: runnable, util and update_time follow it, 8 bytes each */
	unsigned load = id == EV_LISA_PELT_SE ? 96 : id == EV_LISA_PELT_CFS ? 80 : 16;
	uint32_t len = lisa_start(rec, id, ev, id == EV_LISA_PELT_CFS ? "/" : "");

	if (id == EV_LISA_PELT_SE) {
		put_comm(rec + 76, p->task.comm);
		put_le(rec + 92, (uint32_t)p->task.pid, 4);
	}
	put_le(rec + load, p->load_avg, 8);
	put_le(rec + load + 8, p->runnable_avg, 8);
	put_le(rec + load + 16, p->util_avg, 8);
	put_le(rec + load + 24, p->last_update_time, 8);
	return len;
}

/*
 * util_est_dequeue() traces the cfs_rq (lisa__sched_util_est_cfs, its ewma 0: 6.12's util_est
 * is one value), then util_est_update() the task, as the text does
 */
static void util_est_records(struct trace_dat *d, const struct capsim_event *ev)
{
	const struct capsim_ev_util_est *u = &ev->u.util_est;
	uint8_t rec[RB_MAX_RECORD];
	uint32_t len = lisa_start(rec, EV_LISA_UTIL_EST_CFS, ev, "/");

	put_le(rec + 76, u->cfs_util_est, 4);
	put_le(rec + 88, u->cfs_util_avg, 8);
	write_record(d, (unsigned)ev->cpu, trace_clock_ns(ev), rec, len);
	len = lisa_start(rec, EV_LISA_UTIL_EST_SE, ev, "");
	put_comm(rec + 76, u->task.comm);
	put_le(rec + 92, (uint32_t)u->task.pid, 4);
	put_le(rec + 96, u->dequeued, 4);
	put_le(rec + 100, u->ewma, 4);
	put_le(rec + 104, u->dequeued, 8);
	write_record(d, (unsigned)ev->cpu, trace_clock_ns(ev), rec, len);
}

/*
 * The sink: each event the trace carries (trace_select.c, as the text has them) becomes its
 * tracepoint's record, each counter a print record.
 */
static void dat_event(void *ctx, const struct capsim_event *ev)
{
	struct trace_dat *d = ctx;
	uint8_t rec[RB_MAX_RECORD];
	uint32_t len = 0;
	unsigned id;

	d->capacity_changed = false;
	if (!trace_select_event(&d->sel, ev, counter, d)) {
		if (ev->type == CAPSIM_EV_CPU_COUNTERS && d->capacity_changed)
			write_record(d, (unsigned)ev->cpu, trace_clock_ns(ev), rec,
				     capacity_record(rec, ev));
		return;
	}
	remember(d, &ev->curr);
	switch (ev->type) {
	case CAPSIM_EV_SCHED_SWITCH: {
		const struct capsim_ev_sched_switch *sw = &ev->u.sched_switch;
		/* __trace_sched_switch_state(): a preempted task reports TASK_REPORT_MAX */
		uint32_t state = sw->preempt ? 0x100 : sw->prev_state;

		remember(d, &sw->next);
		len = entry_start(rec, &dat_events[EV_SWITCH], ev->curr.pid);
		task_fields(rec, 8, &sw->prev);
		put_le(rec + 32, state, 8);
		task_fields(rec, 40, &sw->next);
		break;
	}
	case CAPSIM_EV_SCHED_WAKING:
	case CAPSIM_EV_SCHED_WAKEUP:
	case CAPSIM_EV_SCHED_WAKEUP_NEW:
		id = ev->type == CAPSIM_EV_SCHED_WAKING  ? EV_WAKING
		     : ev->type == CAPSIM_EV_SCHED_WAKEUP ? EV_WAKEUP
							  : EV_WAKEUP_NEW;
		remember(d, &ev->u.wakeup.task);
		len = entry_start(rec, &dat_events[id], ev->curr.pid);
		task_fields(rec, 8, &ev->u.wakeup.task);
		put_le(rec + 32, (uint32_t)ev->u.wakeup.target_cpu, 4);
		break;
	case CAPSIM_EV_SCHED_MIGRATE_TASK:
		remember(d, &ev->u.migrate.task);
		len = entry_start(rec, &dat_events[EV_MIGRATE], ev->curr.pid);
		task_fields(rec, 8, &ev->u.migrate.task);
		put_le(rec + 32, (uint32_t)ev->u.migrate.orig_cpu, 4);
		put_le(rec + 36, (uint32_t)ev->u.migrate.dest_cpu, 4);
		break;
	case CAPSIM_EV_SCHED_COMPUTE_ENERGY: {
		const struct capsim_ev_compute_energy *e = &ev->u.compute_energy;

		remember(d, &e->task);
		len = entry_start(rec, &dat_events[EV_COMPUTE_ENERGY], ev->curr.pid);
		put_comm(rec + 8, e->task.comm);
		put_le(rec + 24, (uint32_t)e->task.pid, 4);
		put_le(rec + 28, (uint32_t)e->dst_cpu, 4);
		put_le(rec + 32, e->energy, 8);
		put_le(rec + 40, e->max_util, 8);
		put_le(rec + 48, e->busy_time, 8);
		break;
	}
	case CAPSIM_EV_CPU_FREQUENCY:
		len = entry_start(rec, &dat_events[EV_CPU_FREQ], ev->curr.pid);
		put_le(rec + 8, ev->u.cpu_frequency.requested_khz, 4);
		put_le(rec + 12, (uint32_t)ev->cpu, 4);
		break;
	case CAPSIM_EV_CPU_IDLE:
		len = entry_start(rec, &dat_events[EV_CPU_IDLE], ev->curr.pid);
		put_le(rec + 8, ev->u.cpu_idle.state, 4);
		put_le(rec + 12, (uint32_t)ev->cpu, 4);
		break;
	case CAPSIM_EV_CPU_FREQUENCY_LIMITS:
		len = entry_start(rec, &dat_events[EV_CPU_FREQ_LIMITS], ev->curr.pid);
		put_le(rec + 8, ev->u.cpu_frequency_limits.min_khz, 4);
		put_le(rec + 12, ev->u.cpu_frequency_limits.max_khz, 4);
		put_le(rec + 16, (uint32_t)ev->u.cpu_frequency_limits.first_cpu, 4);
		break;
	case CAPSIM_EV_HW_PRESSURE_UPDATE:
	case CAPSIM_EV_THERMAL_PRESSURE_UPDATE:
		id = ev->type == CAPSIM_EV_HW_PRESSURE_UPDATE ? EV_HW_PRESSURE : EV_THERMAL_PRESSURE;
		len = entry_start(rec, &dat_events[id], ev->curr.pid);
		put_le(rec + 8, ev->u.pressure.pressure, 8);
		put_le(rec + 16, (uint32_t)ev->cpu, 4);
		break;
	case CAPSIM_EV_PELT_SE:
		remember(d, &ev->u.pelt.task);
		/* fall through */
	case CAPSIM_EV_PELT_RQ:
		len = pelt_record(rec, ev);
		break;
	case CAPSIM_EV_UTIL_EST:
		remember(d, &ev->u.util_est.task);
		util_est_records(d, ev);
		return;
	case CAPSIM_EV_CPU_CAPACITY:
		len = lisa_start(rec, EV_LISA_CPU_CAPACITY, ev, "");
		put_le(rec + 16, ev->u.cpu_capacity.capacity, 8);
		put_le(rec + 24, ev->u.cpu_capacity.capacity_orig, 8);
		put_le(rec + 32, ev->u.cpu_capacity.capacity_curr, 8);
		break;
	case CAPSIM_EV_OVERUTILIZED:
		len = entry_start(rec, &dat_events[EV_LISA_OVERUTILIZED], ev->curr.pid);
		put_le(rec + 8, ev->u.overutilized.on ? 1 : 0, 4);
		memcpy(rec + 12, d->span, strnlen(d->span, LISA_SPAN_SIZE - 1));
		break;
	case CAPSIM_EV_TEXT:
		len = text_record(rec, ev->curr.pid, ev->u.text.name, ev->u.text.body, d->nr_cpus);
		if (!len) {
			char text[RB_MAX_RECORD];

			snprintf(text, sizeof(text), "%s: %s", ev->u.text.name, ev->u.text.body);
			len = print_record(rec, ev->curr.pid, text);
		}
		break;
	default:
		return;
	}
	write_record(d, (unsigned)ev->cpu, trace_clock_ns(ev), rec, len);
}

/* ---- the file ------------------------------------------------------------------------------ */

static void put_u(FILE *fp, uint64_t v, unsigned size)
{
	uint8_t b[8];

	put_le(b, v, size);
	fwrite(b, size, 1, fp);
}

/* a tracefs file's contents, preceded by its size in @size_bytes bytes */
static void put_blob(FILE *fp, const char *text, unsigned size_bytes)
{
	size_t n = strlen(text);

	put_u(fp, n, size_bytes);
	fwrite(text, 1, n, fp);
}

/* events/<system>/<name>/format, as event_format_show() (kernel/trace/trace_events.c) prints */
static void put_format(FILE *fp, const struct dat_event *e)
{
	char buf[4096];
	int n = snprintf(buf, sizeof(buf),
			 "name: %s\nID: %u\nformat:\n"
			 "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
			 "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
			 "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
			 "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n",
			 e->name, e->id);

	for (unsigned k = 0; k < DAT_MAX_FIELDS && e->f[k].decl; k++)
		n += snprintf(buf + n, sizeof(buf) - (size_t)n,
			      "\tfield:%s;\toffset:%u;\tsize:%u;\tsigned:%u;\n", e->f[k].decl,
			      e->f[k].offset, e->f[k].size, e->f[k].is_signed);
	snprintf(buf + n, sizeof(buf) - (size_t)n, "\nprint fmt: %s\n", e->print_fmt);
	put_blob(fp, buf, 8);
}

/* header_page: ring_buffer_print_page_header(), 64-bit kernel, 4 KiB sub-buffers */
static const char header_page[] =
	"\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
	"\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
	"\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
	"\tfield: char data;\toffset:16;\tsize:4080;\tsigned:1;\n";

/* header_event: ring_buffer_print_entry_header() */
static const char header_event[] =
	"# compressed entry header\n"
	"\ttype_len    :    5 bits\n"
	"\ttime_delta  :   27 bits\n"
	"\tarray       :   32 bits\n"
	"\n"
	"\tpadding     : type == 29\n"
	"\ttime_extend : type == 30\n"
	"\ttime_stamp : type == 31\n"
	"\tdata max type_len  == 28\n";

/* The event systems in table order; each system's events are contiguous in dat_events[]. */
static void put_event_formats(FILE *fp)
{
	unsigned nr_systems = 0;

	for (unsigned i = EV_SWITCH; i < NR_DAT_EVENTS; i++)
		nr_systems += strcmp(dat_events[i].system, dat_events[i - 1].system) != 0;
	put_u(fp, 1, 4); /* the ftrace formats: print */
	put_format(fp, &dat_events[EV_PRINT]);
	put_u(fp, nr_systems, 4);
	for (unsigned i = EV_SWITCH; i < NR_DAT_EVENTS;) {
		unsigned j = i;

		while (j < NR_DAT_EVENTS && !strcmp(dat_events[j].system, dat_events[i].system))
			j++;
		fwrite(dat_events[i].system, 1, strlen(dat_events[i].system) + 1, fp);
		put_u(fp, j - i, 4);
		for (; i < j; i++)
			put_format(fp, &dat_events[i]);
	}
}

/* saved_cmdlines: "pid comm" lines */
static void put_cmdlines(FILE *fp, const struct trace_dat *d)
{
	size_t size = 0;
	char line[48];

	for (size_t pid = 0; pid < d->nr_comm; pid++)
		if (d->comm[pid][0])
			size += (size_t)snprintf(line, sizeof(line), "%zu %s\n", pid, d->comm[pid]);
	put_u(fp, size, 8);
	for (size_t pid = 0; pid < d->nr_comm; pid++)
		if (d->comm[pid][0])
			fprintf(fp, "%zu %s\n", pid, d->comm[pid]);
}

/* Copy @c's spooled pages to @fp. */
static int copy_spool(FILE *fp, struct dat_cpu *c)
{
	uint8_t buf[DAT_PAGE_SIZE];

	if (fflush(c->spool) || fseek(c->spool, 0, SEEK_SET))
		return CAPSIM_ERR_IO;
	for (uint64_t i = 0; i < c->pages; i++)
		if (fread(buf, sizeof(buf), 1, c->spool) != 1 || fwrite(buf, sizeof(buf), 1, fp) != 1)
			return CAPSIM_ERR_IO;
	return 0;
}

/*
 * tracefs trace_clock of a kernel on the default clock: sched_clock, ns, which the engine's time
 * is; trace-cmd record saves it so readers know the timestamps are ns (trace-cmd's enum
 * tracecmd_option_id: TRACECMD_OPTION_TRACECLOCK = 4)
 */
#define DAT_OPTION_TRACECLOCK 4
static const char trace_clock[] = "[local] global counter uptime perf mono mono_raw boot\n";

/* trace-cmd.dat.v6(5): initial format, headers, formats, kallsyms, printk, cmdlines, CPU data */
static int write_file(struct trace_dat *d)
{
	static const char magic[] = { 0x17, 0x08, 0x44, 't', 'r', 'a', 'c', 'i', 'n', 'g', '6', 0 };
	FILE *fp = d->fp;
	uint64_t off;
	char ksym[64];

	for (unsigned c = 0; c < d->nr_cpus; c++)
		flush_page(d, &d->cpu[c]);
	if (d->err)
		return d->err;
	fwrite(magic, sizeof(magic), 1, fp);
	fputc(0, fp); /* little endian */
	fputc(8, fp); /* sizeof(long) */
	put_u(fp, DAT_PAGE_SIZE, 4);
	fwrite("header_page", 12, 1, fp);
	put_blob(fp, header_page, 8);
	fwrite("header_event", 13, 1, fp);
	put_blob(fp, header_event, 8);
	put_event_formats(fp);
	snprintf(ksym, sizeof(ksym), "%" PRIx64 " T tracing_mark_write\n", (uint64_t)MARK_WRITE_IP);
	put_blob(fp, ksym, 4);
	put_u(fp, 0, 4); /* printk_formats */
	put_cmdlines(fp, d);
	put_u(fp, d->nr_cpus, 4);
	fwrite("options  ", 10, 1, fp);
	/* TRACECMD_OPTION_TRACECLOCK, empty: the trace_clock file follows the offset table */
	put_u(fp, DAT_OPTION_TRACECLOCK, 2);
	put_u(fp, 0, 4);
	put_u(fp, 0, 2); /* TRACECMD_OPTION_DONE */
	fwrite("flyrecord", 10, 1, fp);
	/* the CPU data starts at the next page boundary after the offset table and the clock */
	off = (uint64_t)ftell(fp);
	if (ferror(fp) || (long)off < 0)
		return CAPSIM_ERR_IO;
	off = (off + 16ull * d->nr_cpus + 8 + strlen(trace_clock) + DAT_PAGE_SIZE - 1) /
	      DAT_PAGE_SIZE * DAT_PAGE_SIZE;
	for (unsigned c = 0; c < d->nr_cpus; c++) {
		put_u(fp, off, 8);
		put_u(fp, d->cpu[c].pages * DAT_PAGE_SIZE, 8);
		off += d->cpu[c].pages * DAT_PAGE_SIZE;
	}
	put_blob(fp, trace_clock, 8);
	for (long pad = DAT_PAGE_SIZE - ftell(fp) % DAT_PAGE_SIZE; pad < DAT_PAGE_SIZE && pad > 0;
	     pad--)
		fputc(0, fp);
	for (unsigned c = 0; c < d->nr_cpus; c++)
		if (copy_spool(fp, &d->cpu[c]))
			return CAPSIM_ERR_IO;
	return fflush(fp) || ferror(fp) ? CAPSIM_ERR_IO : 0;
}

/* capsim_sim_free() with the writer still attached: its file is abandoned, its memory freed */
static void dat_release(void *ctx)
{
	dat_free(ctx);
}

static int dat_open(const struct capsim_sink_header *h, FILE *fp, void **ctx)
{
	struct trace_dat *d;
	int ret = 0;

	d = calloc(1, sizeof(*d));
	if (!d)
		return CAPSIM_ERR_NOMEM;
	d->fp = fp;
	d->nr_cpus = h->nr_cpus;
	d->cpu = calloc(h->nr_cpus, sizeof(*d->cpu));
	if (!d->cpu || trace_select_init(&d->sel, h->nr_cpus, h->trace_families,
					   TRACE_COUNTERS_ALL))
		ret = CAPSIM_ERR_NOMEM;
	trace_span_hex(d->span, sizeof(d->span), h->nr_cpus);
	for (unsigned c = 0; !ret && c < h->nr_cpus; c++) {
		d->cpu[c].spool = tmpfile();
		if (!d->cpu[c].spool)
			ret = errno == ENOMEM ? CAPSIM_ERR_NOMEM : CAPSIM_ERR_IO;
	}
	if (ret)
		dat_free(d);
	else
		*ctx = d;
	return ret;
}

static int dat_finish(void *ctx)
{
	struct trace_dat *d = ctx;
	int ret, err;

	ret = write_file(d);
	if (ret && !d->spool_errno)
		d->spool_errno = errno;
	err = d->spool_errno;
	dat_free(d);
	if (ret && err)
		errno = err; /* the cause, for the caller's message */
	return ret;
}

const struct trace_format trace_format_dat = { dat_open, dat_event, dat_release, dat_finish };
