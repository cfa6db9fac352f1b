#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_ftrace.py - a strict reader of capsim's ftrace text (docs/formats.md "Trace output").

Every line is read against what Linux 6.12 prints in /sys/kernel/tracing/trace with the nop
tracer: the header of kernel/trace/trace.c (print_event_info(), print_func_help_header_irq()),
trace_print_context(), and each event's TP_printk layout (include/trace/events/sched.h,
power.h, hw_pressure.h, drivers/thermal/thermal_trace.h, thermal_trace_ipa.h; the regular
expressions below are written from those TP_printk strings). Then the rules a kernel trace
keeps: per-CPU sched_switch chains, one CPU per task, sched_waking before sched_wakeup (a new
task: sched_wakeup_new; the kernel threads migration/N and sugov:N exist before the trace), migrations only of tasks not running or by the migration/N stopper,
swapper/N for idle, cpu_idle entries and exits around idle, one cpu_frequency_limits per
policy change with cpu_id=policy->cpu, one hw_pressure_update per call, and counters
C|pid|cpuN_...|value for every CPU from time 0.

Usage: check_ftrace.py TRACE --platform-json FILE [--model M] [--events lisa]
Prints each violation (file:line: what) and exits 1 if there is any.
"""
import argparse
import json
import re
import sys

COMM = r'(?P<{0}>.{{0,15}}?)'
INT = r'(?P<{0}>-?\d+)'
UINT = r'(?P<{0}>\d+)'


def body(fmt):
    """A TP_printk format with %s/%d/%u/%lu/%llu/%lld/%03d to a regex with named groups."""
    out, pos = '', 0
    for m in re.finditer(r'(\w+)=(%\S+)', fmt):
        out += re.escape(fmt[pos:m.start()])
        name, conv = m.group(1), m.group(2)
        if conv == '%s' and name.endswith('comm'):
            rx = COMM.format(name)
        elif conv == '%s':
            rx = r'(?P<{0}>\S*)'.format(name)
        elif conv == '%03d':
            rx = r'(?P<{0}>\d{{3,}})'.format(name)
        elif conv in ('%u', '%lu', '%llu'):
            rx = UINT.format(name)
        else:
            rx = INT.format(name)
        out += '%s=%s' % (re.escape(name), rx)
        pos = m.end()
    return re.compile('^' + out + re.escape(fmt[pos:]) + '$')


WAKEUP = 'comm=%s pid=%d prio=%d target_cpu=%03d'
# TP_printk layouts of Linux 6.12, one per event the default trace may hold
LAYOUTS = {
    'sched_switch': re.compile(
        r'^prev_comm=(?P<prev_comm>.{0,15}?) prev_pid=(?P<prev_pid>-?\d+) '
        r'prev_prio=(?P<prev_prio>-?\d+) '
        r'prev_state=(?P<prev_state>R|[SDTtXZPI](?:\|[SDTtXZPI])*)(?P<plus>\+?) ==> '
        r'next_comm=(?P<next_comm>.{0,15}?) next_pid=(?P<next_pid>-?\d+) '
        r'next_prio=(?P<next_prio>-?\d+)$'),
    'sched_waking': body(WAKEUP),
    'sched_wakeup': body(WAKEUP),
    'sched_wakeup_new': body(WAKEUP),
    'sched_migrate_task': body('comm=%s pid=%d prio=%d orig_cpu=%d dest_cpu=%d'),
    'cpu_frequency': body('state=%lu cpu_id=%lu'),
    'cpu_idle': body('state=%lu cpu_id=%lu'),
    'cpu_frequency_limits': body('min=%lu max=%lu cpu_id=%lu'),
    'hw_pressure_update': body('cpu=%d hw_pressure=%lu'),
    'thermal_pressure_update': body('cpu=%d thermal_pressure=%lu'),
    'thermal_temperature': body('thermal_zone=%s id=%d temp_prev=%d temp=%d'),
    'cdev_update': body('type=%s target=%lu'),
    'thermal_zone_trip': body('thermal_zone=%s id=%d trip=%d trip_type=%s'),
    'thermal_power_allocator': body(
        'thermal_zone_id=%d total_req_power=%u total_granted_power=%u power_range=%u '
        'max_allocatable_power=%u current_temperature=%d delta_temperature=%d'),
    'thermal_power_allocator_pid': body(
        'thermal_zone_id=%d err=%d err_integral=%d p=%lld i=%lld d=%lld output=%d'),
    'thermal_power_actor': body(
        'thermal_zone_id=%d actor_id=%d req_power=%u granted_power=%u'),
    'tracing_mark_write': re.compile(r'^C\|(?P<tgid>\d+)\|(?P<name>[\w.]+)\|(?P<value>-?\d+)$'),
}
# the LISA module's events (lisa/_assets/kmodules/lisa/ftrace_events.h, runnable_avg kernels)
LISA = {
    'lisa__sched_pelt_se': body('cpu=%d path=%s comm=%s pid=%d load=%lu util=%lu '
                                'update_time=%llu runnable=%lu'),
    'lisa__sched_pelt_cfs': body('cpu=%d path=%s load=%lu util=%lu update_time=%llu '
                                 'runnable=%lu'),
    'lisa__sched_pelt_rt': body('cpu=%d load=%lu util=%lu update_time=%llu runnable=%lu'),
    'lisa__sched_pelt_dl': body('cpu=%d load=%lu util=%lu update_time=%llu runnable=%lu'),
    'lisa__sched_util_est_se': body('cpu=%d path=%s comm=%s pid=%d enqueued=%u ewma=%u '
                                    'util=%lu'),
    'lisa__sched_util_est_cfs': body('cpu=%d path=%s enqueued=%u ewma=%u util=%lu'),
    'lisa__sched_cpu_capacity': body('cpu=%d capacity=%lu capacity_orig=%lu '
                                     'capacity_curr=%lu'),
    'lisa__sched_overutilized': re.compile(r'^overutilized=(?P<overutilized>[01]) '
                                           r'span=0x(?P<span>[0-9a-f]+(?:,[0-9a-f]{8})*)$'),
}
# --trace-events energy: sched_compute_energy_tp's TP_PROTO arguments (a bare tracepoint in
# 6.12: include/trace/events/sched.h declares no TP_printk for it)
ENERGY = {
    'sched_compute_energy': body('comm=%s pid=%d dst_cpu=%d energy=%lu max_util=%lu '
                                 'busy_time=%lu'),
}
# --trace-events thermal_power: drivers/thermal/thermal_trace.h (CONFIG_CPU_THERMAL); the
# cpumask is %*pb of the record's unsigned longs: 64-bit words as pairs of 32-bit chunks
THERMAL_POWER = {
    'thermal_power_cpu_get_power_simple': body('cpu=%d power=%u'),
    'thermal_power_cpu_limit': re.compile(
        r'^cpus=(?P<cpus>[0-9a-f]{8},[0-9a-f]{8}(?:,[0-9a-f]{8},[0-9a-f]{8})*) '
        r'freq=(?P<freq>\d+) cdev_state=(?P<cdev_state>\d+) power=(?P<power>\d+)$'),
}
# trace_print_context(): "%16s-%-7d [%03d] " + 5 flag characters + " %5lu.%06lu: "
CONTEXT = re.compile(r'^(?P<comm>.{16})-(?P<pid>\d+) *\[(?P<cpu>\d{3})\] '
                     r'(?P<flags>[dDbBX.][nNpP.][hHsSzZ.][0-9a-f.][0-9a-f.]) '
                     r'(?P<secs>[ \d]{5,})\.(?P<us>\d{6}): (?P<event>\w+): (?P<body>.*)$')
HEADER = ['# tracer: nop', '#', None, '#',
          '#                                _-----=> irqs-off/BH-disabled',
          '#                               / _----=> need-resched',
          '#                              | / _---=> hardirq/softirq',
          '#                              || / _--=> preempt-depth',
          '#                              ||| / _-=> migrate-disable',
          '#                              |||| /     delay',
          '#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION',
          '#              | |         |   |||||     |         |']
ENTRIES = re.compile(r'^# entries-in-buffer/entries-written: (\d+)/(\d+)   #P:(\d+) *$')
IDLE_EXIT = 4294967295
STOPPER = re.compile(r'^migration/(\d+)$')
# the run's time 0 on the trace clock, as every trace has it
TRACE_START_US = 1000000
# kernel threads that exist before the trace: their first wake-up is a try_to_wake_up()
BOOT_KTHREAD = re.compile(r'^(migration/\d+|sugov:\d+)$')


class Checker:
    def __init__(self, path, policies, model, events, idle_states=None):
        self.path, self.model = path, model
        # CPU -> the cpuidle indexes its driver registers: WFI (0) and the platform's states
        self.idle_states = idle_states or {}
        self.layouts = dict(LAYOUTS)
        if 'lisa' in events:
            self.layouts.update(LISA)
        if 'energy' in events:
            self.layouts.update(ENERGY)
        if 'thermal_power' in events:
            self.layouts.update(THERMAL_POWER)
        self.first_of = {}           # CPU -> first CPU of its policy
        for cpus in policies:
            for c in cpus:
                self.first_of[c] = min(cpus)
        self.errors = []

    def err(self, lineno, what):
        self.errors.append('%s:%d: %s' % (self.path, lineno, what))

    def run(self, lines):
        for i, want in enumerate(HEADER):
            got = lines[i].rstrip('\n') if i < len(lines) else None
            if want is None:
                m = ENTRIES.match(got or '')
                if not m:
                    self.err(i + 1, 'not the entries line: %r' % got)
                    return
                self.entries, written, self.nr_cpus = map(int, m.groups())
                if written != self.entries:
                    self.err(i + 1, 'entries-in-buffer differs from entries-written')
            elif got != want:
                self.err(i + 1, 'header line %r, expected %r' % (got, want))
        events = lines[len(HEADER):]
        if len(events) != self.entries:
            self.err(3, 'header says %d entries, the trace has %d' % (self.entries, len(events)))
        if self.nr_cpus != len(self.first_of):
            self.err(3, '#P:%d but the platform has %d CPUs' % (self.nr_cpus, len(self.first_of)))
        self.init_state()
        for n, line in enumerate(events, len(HEADER) + 1):
            self.line(n, line.rstrip('\n'))
        self.finish(len(lines))
        return self.errors

    def init_state(self):
        n = self.nr_cpus
        self.curr = [(0, 'swapper/%d' % c) for c in range(n)]  # (pid, comm) current per CPU
        self.idle_state = ['in'] * n     # capsim's CPUs start idle in WFI (cpu_idle at t=0)
        self.task_cpu = {}               # pid -> the CPU it is on (queued or running)
        self.waking = set()              # pids between sched_waking and sched_wakeup
        self.seen = set()                # pids that were woken once
        self.last_ts = 0
        self.limits_at = {}              # (ts, cpu_id) of cpu_frequency_limits
        self.hw_at = {}                  # (ts, policy first CPU, value) of hw_pressure_update
        self.freq_last = {}              # CPU -> last cpu_frequency state
        self.freq_at = {}                # (ts, policy) -> state
        self.counters = {}               # name -> first timestamp
        self.saw_idle_entry_after_switch = [True] * n

    def line(self, n, line):
        m = CONTEXT.match(line)
        if not m:
            self.err(n, 'not an ftrace line (trace_print_context layout): %r' % line)
            return
        ev, cpu, pid = m.group('event'), int(m.group('cpu')), int(m.group('pid'))
        comm = m.group('comm').lstrip(' ')
        # the run's time: the trace clock puts its 0 at 1 s (docs/formats.md, "Trace clock")
        ts = int(m.group('secs')) * 1000000 + int(m.group('us')) - TRACE_START_US
        if ts < 0:
            self.err(n, 'a timestamp before the trace clock\'s start, %d us' % TRACE_START_US)
        if ts < self.last_ts:
            self.err(n, 'time goes back')
        self.last_ts = ts
        if cpu >= self.nr_cpus:
            self.err(n, 'CPU %d beyond #P:%d' % (cpu, self.nr_cpus))
            return
        layout = self.layouts.get(ev)
        if not layout:
            self.err(n, 'event %s is not in the default kernel event set' % ev)
            return
        f = layout.match(m.group('body'))
        if not f:
            self.err(n, '%s fields do not follow its TP_printk: %r' % (ev, m.group('body')))
            return
        f = f.groupdict()
        # the context is the task current on that CPU; the cmdline cache prints pid 0 <idle>
        cpid, ccomm = self.curr[cpu]
        if pid != cpid or comm != (ccomm[:15] if pid else '<idle>'):
            self.err(n, '%s in the context of %s-%d while %s-%d is current on CPU %d'
                     % (ev, comm, pid, ccomm, cpid, cpu))
        getattr(self, 'ev_' + ev, lambda *a: None)(n, ts, cpu, f)

    def ev_sched_switch(self, n, ts, cpu, f):
        prev, nxt = int(f['prev_pid']), int(f['next_pid'])
        cpid, ccomm = self.curr[cpu]
        if prev != cpid or f['prev_comm'] != ccomm[:15]:
            self.err(n, 'switch chain broken on CPU %d: prev %s-%d, current was %s-%d'
                     % (cpu, f['prev_comm'], prev, ccomm, cpid))
        for pid_, comm, what in ((prev, f['prev_comm'], 'prev'), (nxt, f['next_comm'], 'next')):
            if pid_ == 0 and comm != 'swapper/%d' % cpu:
                self.err(n, '%s idle task named %r, the kernel names it swapper/%d'
                         % (what, comm, cpu))
        if nxt and nxt in [p for p, _ in self.curr]:
            self.err(n, 'pid %d switched in on CPU %d while current on another CPU' % (nxt, cpu))
        if nxt and self.task_cpu.get(nxt, cpu) != cpu:
            self.err(n, 'pid %d runs on CPU %d but is on CPU %d' % (nxt, cpu, self.task_cpu[nxt]))
        if prev and f['prev_state'] == 'R' and not f['plus']:
            self.err(n, 'prev_state R without +: a preempted task prints R+')
        # a state entered is left (cpu_idle exit) before the idle task switches out; an idle
        # task that never called cpuidle (need_resched set as do_idle() began: the wake-up by
        # the irq_work its own switch raised) leaves without either event
        if prev == 0 and nxt and self.idle_state[cpu] == 'in':
            self.err(n, 'CPU %d leaves idle without cpu_idle state=%d' % (cpu, IDLE_EXIT))
        if nxt == 0:
            self.idle_state[cpu] = 'switched'
        self.curr[cpu] = (nxt, f['next_comm'])
        if nxt:
            self.task_cpu[nxt] = cpu

    def wake(self, n, cpu, f, new):
        pid, target = int(f['pid']), int(f['target_cpu'])
        if new and pid in self.seen:
            self.err(n, 'sched_wakeup_new of pid %d, which was woken before' % pid)
        if not new:
            if pid not in self.waking:
                self.err(n, 'sched_wakeup of pid %d without its sched_waking' % pid)
            if pid not in self.seen and not BOOT_KTHREAD.match(f['comm']):
                self.err(n, 'first wake-up of pid %d is not sched_wakeup_new' % pid)
        self.waking.discard(pid)
        self.seen.add(pid)
        if self.task_cpu.get(pid, target) != target and not STOPPER.match(f['comm']):
            self.err(n, 'pid %d woken on CPU %d but it is on CPU %d' % (pid, target,
                                                                   self.task_cpu[pid]))
        self.task_cpu[pid] = target

    def ev_sched_waking(self, n, ts, cpu, f):
        pid = int(f['pid'])
        if pid in [p for p, _ in self.curr]:
            self.err(n, 'sched_waking of pid %d, which is running' % pid)
        self.waking.add(pid)

    def ev_sched_wakeup(self, n, ts, cpu, f):
        self.wake(n, cpu, f, False)

    def ev_sched_wakeup_new(self, n, ts, cpu, f):
        self.wake(n, cpu, f, True)

    def ev_sched_migrate_task(self, n, ts, cpu, f):
        pid, orig, dest = int(f['pid']), int(f['orig_cpu']), int(f['dest_cpu'])
        running = [c for c, (p, _) in enumerate(self.curr) if p == pid]
        stopper = STOPPER.match(self.curr[cpu][1])
        if running and not (stopper and cpu == orig == int(stopper.group(1))):
            self.err(n, 'pid %d migrated while running on CPU %d (not by its migration/N)'
                     % (pid, running[0]))
        if stopper and cpu != orig:
            self.err(n, 'migration/%s moves a task of CPU %d' % (stopper.group(1), orig))
        if self.task_cpu.get(pid, orig) != orig:
            self.err(n, 'pid %d migrated from CPU %d but it is on CPU %d'
                     % (pid, orig, self.task_cpu[pid]))
        self.task_cpu[pid] = dest

    def ev_cpu_idle(self, n, ts, cpu, f):
        state, cpu_id = int(f['state']), int(f['cpu_id'])
        if cpu_id != cpu:
            self.err(n, 'cpu_idle of CPU %d recorded on CPU %d' % (cpu_id, cpu))
        if self.curr[cpu][0] != 0:
            self.err(n, 'cpu_idle while a task is current on CPU %d' % cpu)
        if state == IDLE_EXIT:
            if self.idle_state[cpu] != 'in':
                self.err(n, 'cpu_idle exit on CPU %d without an entry' % cpu)
            self.idle_state[cpu] = 'out'
        elif state == 0 or state in self.idle_states.get(cpu, ()):
            if self.idle_state[cpu] == 'in' and ts:
                self.err(n, 'cpu_idle entry on CPU %d, which is in idle already' % cpu)
            self.idle_state[cpu] = 'in'
        else:
            self.err(n, 'cpu_idle state %d: CPU %d has no such cpuidle state' % (state, cpu))

    def ev_cpu_frequency_limits(self, n, ts, cpu, f):
        cpu_id = int(f['cpu_id'])
        if self.first_of.get(cpu_id) != cpu_id:
            self.err(n, 'cpu_frequency_limits cpu_id=%d is not a policy->cpu' % cpu_id)
        # one line per cpufreq_set_policy(): the same limits again at once is one call twice
        key = (ts, f['min'], f['max'])
        last = self.limits_at.get(self.first_of.get(cpu_id))
        if last and last[0] == key:
            self.err(n, 'cpu_frequency_limits of policy %d repeats line %d' % (cpu_id, last[1]))
        self.limits_at[self.first_of.get(cpu_id)] = (key, n)
        if int(f['min']) > int(f['max']):
            self.err(n, 'min above max')

    def ev_cpu_frequency(self, n, ts, cpu, f):
        state, cpu_id = int(f['state']), int(f['cpu_id'])
        if cpu_id != cpu:
            self.err(n, 'cpu_frequency of CPU %d recorded on CPU %d' % (cpu_id, cpu))
        if self.freq_last.get(cpu_id) == state:
            self.err(n, 'cpu_frequency of CPU %d repeats %d: it is printed on a change' %
                     (cpu_id, state))
        self.freq_last[cpu_id] = state
        # policy->cur is one value for the whole policy: each change is printed for all its
        # CPUs before the next one
        pol = self.first_of.get(cpu_id)
        cur = self.freq_at.get(pol)
        if cur and cur[0] == state:
            cur[1].add(cpu_id)
        else:
            want = {c for c, first in self.first_of.items() if first == pol}
            if cur and cur[1] != want:
                self.err(n, 'policy %d moves to %d before CPUs %s printed %d: the kernel prints '
                         'the requested frequency, for every CPU of the policy'
                         % (pol, state, sorted(want - cur[1]), cur[0]))
            self.freq_at[pol] = (state, {cpu_id})

    def ev_hw_pressure_update(self, n, ts, cpu, f):
        if self.model == 'v6.9':
            self.err(n, 'hw_pressure_update in a v6.9 trace: 6.9 has thermal_pressure_update')
        c, v = int(f['cpu']), int(f['hw_pressure'])
        key = (ts, self.first_of.get(c), v)
        if key in self.hw_at:
            self.err(n, 'hw_pressure_update of CPU %d repeats line %d: one call prints one '
                     'line, for cpumask_first()' % (c, self.hw_at[key]))
        self.hw_at[key] = n

    def ev_thermal_pressure_update(self, n, ts, cpu, f):
        if self.model not in ('v6.9', None):
            self.err(n, 'thermal_pressure_update outside the v6.9 model')

    def ev_tracing_mark_write(self, n, ts, cpu, f):
        m = re.match(r'^cpu(\d+)_(\w+)$', f['name'])
        if m and int(m.group(1)) != cpu:
            self.err(n, 'counter %s recorded on CPU %d' % (f['name'], cpu))
        self.counters.setdefault(f['name'], ts)

    def ev_sched_compute_energy(self, n, ts, cpu, f):
        # find_energy_efficient_cpu() runs at the wake-up, between sched_waking and sched_wakeup
        pid, dst = int(f['pid']), int(f['dst_cpu'])
        if pid not in self.waking:
            self.err(n, 'sched_compute_energy of pid %d outside its wake-up' % pid)
        if dst < -1 or dst >= self.nr_cpus:
            self.err(n, 'sched_compute_energy dst_cpu=%d is no CPU (nor -1)' % dst)

    def ev_thermal_power_cpu_get_power_simple(self, n, ts, cpu, f):
        c = int(f['cpu'])
        if self.first_of.get(c) != c:
            self.err(n, 'thermal_power_cpu_get_power_simple cpu=%d is not a policy->cpu' % c)

    def ev_thermal_power_cpu_limit(self, n, ts, cpu, f):
        words = f['cpus'].split(',')
        if len(words) != 2 * ((self.nr_cpus + 63) // 64):
            self.err(n, 'thermal_power_cpu_limit cpus=%s is not BITS_TO_LONGS(%d) longs wide'
                     % (f['cpus'], self.nr_cpus))
        mask = int(''.join(words), 16)
        cpus = [c for c in range(mask.bit_length()) if mask >> c & 1]
        if not cpus or sorted(c for c in self.first_of if self.first_of[c] == cpus[0]) != cpus:
            self.err(n, 'thermal_power_cpu_limit cpus=%s is not a policy\'s related CPUs'
                     % f['cpus'])

    def finish(self, n):
        for c in range(self.nr_cpus):
            for what in ('actual_capacity', 'hw_pressure', 'cpufreq_pressure', 'util'):
                name = 'cpu%d_%s' % (c, what)
                if name not in self.counters:
                    self.err(n, 'no C|pid|%s|value counter: CPU %d has no %s track'
                             % (name, c, what))
                elif self.counters[name] != 0:
                    self.err(n, '%s starts at %d us, not at 0' % (name, self.counters[name]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('trace')
    ap.add_argument('--platform-json', required=True)
    ap.add_argument('--model')
    ap.add_argument('--events', default='')
    a = ap.parse_args()
    with open(a.platform_json) as fp:
        plat = json.load(fp)
    policies = [p['cpus'] for p in plat['policies']]
    covered = {c for p in policies for c in p}
    policies += [[c['cpu']] for c in plat['cpus'] if c['cpu'] not in covered]
    with open(a.trace) as fp:
        lines = fp.readlines()
    idle = {c['cpu']: {s['cpuidle_index'] for s in c.get('idle_states', [])} for c in plat['cpus']}
    errors = Checker(a.trace, policies, a.model, a.events.split(','), idle).run(lines)
    for e in errors[:40]:
        print(e)
    if len(errors) > 40:
        # the rest as a tally of each kind, numbers blanked
        kinds = {}
        for e in errors:
            k = re.sub(r'\d+', 'N', e.split(': ', 1)[1])
            kinds[k] = kinds.get(k, 0) + 1
        print('... %d violations in all:' % len(errors))
        for k, c in sorted(kinds.items(), key=lambda kc: -kc[1]):
            print('%8d  %s' % (c, k))
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
