#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_dat.py FTRACE_TEXT TRACE_DAT - read the trace.dat with Debian's `trace-cmd report` and
check it against the ftrace text of the same run: equal counts of the scheduler, cpufreq and HW
pressure events (each present), the same events overall, and the first and last 50 events equal
field by field (time to the µs, CPU, context comm and pid, event, every TP_printk field)."""
import collections
import subprocess
import sys

import trace_text

COUNTED = ['sched_switch', 'sched_wakeup', 'sched_migrate_task', 'cpu_frequency',
           'cpu_frequency_limits', 'hw_pressure_update']


def main(text_path, dat_path, *must_have):
    text = trace_text.ordered(trace_text.read_ftrace(text_path))
    rep = subprocess.run(['trace-cmd', 'report', '-N', '-t', dat_path], check=True,
                         capture_output=True, text=True)
    if 'FAILED TO PARSE' in rep.stdout or rep.stderr.strip():
        sys.exit('trace-cmd report: %s%s' % (rep.stderr, rep.stdout[:2000]))
    dat = trace_text.ordered(trace_text.read_report(rep.stdout))
    ct = collections.Counter(e[4] for e in text)
    cd = collections.Counter(e[4] for e in dat)
    fail = False
    for name in COUNTED:
        print('%-22s text %6d  dat %6d' % (name, ct[name], cd[name]))
        if ct[name] != cd[name]:
            fail = True
    for name in must_have:
        if not ct[name]:
            print('no %s in the text: the scenario does not exercise it' % name)
            fail = True
    if ct != cd:
        print('event counts differ: text %s dat %s' % (dict(ct - cd), dict(cd - ct)))
        fail = True
    for i in list(range(min(50, len(text)))) + list(range(-min(50, len(text)), 0)):
        if i >= len(dat) or -i > len(dat) or text[i] != dat[i]:
            print('event %d differs:\n  text %s\n  dat  %s' % (i, text[i],
                  dat[i] if -len(dat) <= i < len(dat) else None))
            fail = True
            break
    if len(text) < 100:
        print('only %d events: too few to compare 50 + 50' % len(text))
        fail = True
    sys.exit(1 if fail else 0)


if __name__ == '__main__':
    main(*sys.argv[1:])
