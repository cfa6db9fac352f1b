#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_perfetto.py FTRACE_TEXT PERFETTO_TRACE PROTO - decode the Perfetto trace with Debian's
`protoc --decode perfetto.protos.Trace` against our .proto and check it against the ftrace text
of the same run: every event of the text is an ftrace event of the trace at the same µs on the
same CPU in the same context with the same fields, and the reverse: sched_switch (the CPU
slices, the migration/N stopper's included), sched_waking, sched_wakeup, sched_wakeup_new,
sched_migrate_task, cpu_frequency, cpu_frequency_limits, cpu_idle, thermal_temperature and
cdev_update typed, hw_pressure_update and the thermal governors' events generic; each counter
of the text (and each zone's temperature) is the same (time, value) series on the counter track
of that name, and every CPU
(those that never run a task too) has its original, actual and delivered capacity, cpufreq and
HW pressure and util tracks from time 0."""
import collections
import os
import subprocess
import sys

import trace_text


def parse(lines, i=0):
    """protoc's text format: {name: [value or message, ...]}"""
    msg = collections.defaultdict(list)
    while i < len(lines):
        line = lines[i].strip()
        i += 1
        if line == '}':
            return msg, i
        if line.endswith('{'):
            sub, i = parse(lines, i)
            msg[line[:-1].strip()].append(sub)
        else:
            k, v = line.split(': ', 1)
            msg[k].append(v[1:-1] if v.startswith('"') else v)
    return msg, i


def one(m, k, default=None):
    return m[k][0] if k in m else default


TYPED = {'sched_switch': ['prev_comm', 'prev_pid', 'prev_prio', 'next_comm', 'next_pid',
                          'next_prio'],
         'sched_waking': ['comm', 'pid', 'prio', 'target_cpu'],
         'sched_wakeup': ['comm', 'pid', 'prio', 'target_cpu'],
         'sched_wakeup_new': ['comm', 'pid', 'prio', 'target_cpu'],
         'sched_migrate_task': ['comm', 'pid', 'prio', 'orig_cpu', 'dest_cpu'],
         'cpu_frequency': ['state', 'cpu_id'], 'cpu_frequency_limits': ['min', 'max', 'cpu_id'],
         'cpu_idle': ['state', 'cpu_id'],
         'thermal_temperature': ['thermal_zone', 'id', 'temp_prev', 'temp'],
         'cdev_update': ['type', 'target']}
PROTO_NAME = {'min': 'min_freq', 'max': 'max_freq'}


def norm(v):
    return str(int(v)) if v.lstrip('-').isdigit() else v


def main(text_path, trace_path, proto):
    out = subprocess.run(['protoc', '--decode', 'perfetto.protos.Trace',
                          '-I' + os.path.dirname(proto), proto],
                         stdin=open(trace_path, 'rb'), check=True, capture_output=True, text=True)
    trace, _ = parse(out.stdout.splitlines())
    events, tracks, counters = [], {}, collections.defaultdict(list)
    for p in trace['packet']:
        for b in p.get('ftrace_events', []):
            for e in b['event']:
                (name, body), = [(k, v[0]) for k, v in e.items() if k not in ('timestamp', 'pid')]
                ns = int(one(e, 'timestamp'))
                if name == 'generic':
                    name = one(body, 'event_name')
                    fields = {one(f, 'name'): norm(one(f, 'int_value', one(f, 'str_value')))
                              for f in body['field']}
                else:
                    fields = {k: norm(one(body, PROTO_NAME.get(k, k))) for k in TYPED[name]}
                events.append(((ns + 500) // 1000, int(one(b, 'cpu')), int(one(e, 'pid')),
                               name, fields))
        for td in p.get('track_descriptor', []):
            tracks[one(td, 'uuid')] = one(td, 'name')
        for te in p.get('track_event', []):
            assert one(te, 'type') == 'TYPE_COUNTER'
            counters[tracks[one(te, 'track_uuid')]].append(
                ((int(one(p, 'timestamp')) + 500) // 1000, int(one(te, 'counter_value'))))
    fail = False
    text = trace_text.read_ftrace(text_path)
    want_counters = trace_text.counter_series(text)
    want = []
    for (us, cpu, comm, pid, name, f) in text:
        if name == 'tracing_mark_write':
            continue
        if name == 'sched_switch':
            f = {k: v for k, v in f.items() if k != 'prev_state'}
        want.append((us, cpu, pid, name, {k: norm(v) for k, v in f.items()}))
    key = lambda e: (e[0], e[1])
    # stable sorts: each CPU's events keep their order (a bundle is a CPU's ring buffer)
    got_cmp = sorted(events, key=key)
    want = sorted(want, key=key)
    print('ftrace events: text %d, perfetto %d; counter tracks %d' %
          (len(want), len(got_cmp), len(counters)))
    if got_cmp != want:
        for a, b in zip(want, got_cmp):
            if a != b:
                print('differ:\n  text     %s\n  perfetto %s' % (a, b))
                break
        print('counts: text %d perfetto %d' % (len(want), len(got_cmp)))
        fail = True
    typed = collections.Counter(e[3] for e in events if e[3] in TYPED)
    print('typed: %s' % dict(sorted(typed.items())))
    for name, series in list(want_counters.items()) + list(trace_text.zone_temperatures(text).items()):
        if counters.get(name) != series:
            print('counter %s: text %s... perfetto %s...' % (name, series[:3],
                                                            counters.get(name, [])[:3]))
            fail = True
    for e in trace_text.check_cpu_counters(counters, trace_text.nr_cpus(text_path),
                                           trace_text.ALL_SIGNALS, 'perfetto'):
        print(e)
        fail = True
    if not any(e[3] == 'sched_switch' for e in want) or not want_counters:
        print('the text has no switches or counters to compare')
        fail = True
    sys.exit(1 if fail else 0)


if __name__ == '__main__':
    main(*sys.argv[1:])
