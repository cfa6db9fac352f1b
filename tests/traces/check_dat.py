#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_dat.py FTRACE_TEXT TRACE_DAT - read the trace.dat with Debian's `trace-cmd report` and
check it against the ftrace text of the same run: equal counts of the scheduler (sched_wakeup_new
apart from sched_wakeup), cpufreq, idle and HW pressure events, the same events overall (each
kind as often, the migration/N stopper's switches and every CPU's counters included), the
first and last 50 events equal field by field (time to the µs, CPU, context comm and pid,
event, every TP_printk field); the text itself must have every CPU's counters from time 0, and
the trace.dat a capsim_cpu_capacity record of every CPU then."""
import collections
import subprocess
import sys

import trace_text

COUNTED = ['sched_switch', 'sched_wakeup', 'sched_wakeup_new', 'sched_migrate_task',
           'cpu_frequency', 'cpu_frequency_limits', 'cpu_idle', 'hw_pressure_update']


def main(text_path, dat_path, *must_have):
    text = trace_text.ordered(trace_text.read_ftrace(text_path))
    rep = subprocess.run(['trace-cmd', 'report', '-N', '-t', dat_path], check=True,
                         capture_output=True, text=True)
    if 'FAILED TO PARSE' in rep.stdout or rep.stderr.strip():
        sys.exit('trace-cmd report: %s%s' % (rep.stderr, rep.stdout[:2000]))
    dat = trace_text.ordered(trace_text.read_report(rep.stdout))
    # capsim_cpu_capacity is trace.dat's own form of the text's counters (check_dat_events.py
    # checks its fields): here, only that every CPU has one at time 0
    own = [e for e in dat if e[4] == 'capsim_cpu_capacity']
    dat = [e for e in dat if e[4] != 'capsim_cpu_capacity']
    ct = collections.Counter(e[4] for e in text)
    cd = collections.Counter(e[4] for e in dat)
    fail = False
    stopper = [e for e in dat if e[4] == 'sched_switch' and
               e[5]['next_comm'].startswith('migration/')]
    for name in COUNTED:
        print('%-22s text %6d  dat %6d' % (name, ct[name], cd[name]))
        if ct[name] != cd[name]:
            fail = True
    for name in must_have:
        if name == 'stopper' and not stopper:
            print('no switch to migration/N: the scenario does not exercise the stopper')
            fail = True
        elif name != 'stopper' and not ct[name]:
            print('no %s in the text: the scenario does not exercise it' % name)
            fail = True
    if ct != cd:
        print('event counts differ: text %s dat %s' % (dict(ct - cd), dict(cd - ct)))
        fail = True
    # per-CPU order is the ring buffer's: every event, in order, on each CPU
    for cpu in range(trace_text.nr_cpus(text_path)):
        t = [e for e in text if e[1] == cpu]
        d = [e for e in dat if e[1] == cpu]
        if t != d:
            i = next((i for i, (a, b) in enumerate(zip(t, d)) if a != b), min(len(t), len(d)))
            print('CPU %d: event %d differs:\n  text %s\n  dat  %s' %
                  (cpu, i, t[i] if i < len(t) else None, d[i] if i < len(d) else None))
            fail = True
    print('%-22s text %6d  dat %6d' % ('switches to migration/N',
          sum(1 for e in text if e[4] == 'sched_switch' and
              e[5]['next_comm'].startswith('migration/')), len(stopper)))
    for e in trace_text.check_cpu_counters(trace_text.counter_series(dat),
                                           trace_text.nr_cpus(text_path),
                                           trace_text.TEXT_SIGNALS, 'dat'):
        print(e)
        fail = True
    for i in list(range(min(50, len(text)))) + list(range(-min(50, len(text)), 0)):
        if i >= len(dat) or -i > len(dat) or text[i] != dat[i]:
            print('event %d differs:\n  text %s\n  dat  %s' % (i, text[i],
                  dat[i] if -len(dat) <= i < len(dat) else None))
            fail = True
            break
    for cpu in range(trace_text.nr_cpus(text_path)):
        if not any(e[0] == trace_text.START_US and e[1] == cpu for e in own):
            print('CPU %d: no capsim_cpu_capacity at the start' % cpu)
            fail = True
    if len(text) < 100:
        print('only %d events: too few to compare 50 + 50' % len(text))
        fail = True
    sys.exit(1 if fail else 0)


if __name__ == '__main__':
    main(*sys.argv[1:])
