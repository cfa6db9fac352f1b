#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_chrome.py FTRACE_TEXT CHROME_JSON - the Chrome JSON trace against the Trace Event
Format's rules (valid JSON, an object with a traceEvents array; every event a known phase with
name, pid, tid where the phase has one, and a numeric ts; X events with a numeric dur >= 0;
C events with numeric args; M events naming processes and threads, every tid used named) and
against the ftrace text of the same run: the X slices of each CPU do not overlap and are the
stretches between its sched_switch lines (one per switch to a task, the migration/N stopper
included); every other event of the text is an instant of its CPU at the same µs with the same
fields, and the reverse; each counter of the text and each zone's temperature is the same (time,
value) series, and every CPU (those that never run a task too) has its original, actual and
delivered capacity, cpufreq and HW pressure and util counters from time 0."""
import collections
import json
import sys

import trace_text

NEED = {'X': ('name', 'pid', 'tid', 'ts', 'dur'), 'i': ('name', 'pid', 'tid', 'ts', 's'),
        'C': ('name', 'pid', 'ts', 'args'), 'M': ('name', 'pid', 'args')}


def num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def norm(v):
    v = str(v)
    return str(int(v)) if v.lstrip('-').isdigit() else v


def main(text_path, json_path):
    doc = json.load(open(json_path))
    errs = []
    evs = doc['traceEvents']
    named_tids = set()
    slices = collections.defaultdict(list)
    counters = collections.defaultdict(list)
    instants = []
    for i, e in enumerate(evs):
        ph = e.get('ph')
        if ph not in NEED:
            errs.append('event %d: phase %r' % (i, ph))
            continue
        for k in NEED[ph]:
            if k not in e:
                errs.append('event %d (%s): no %s' % (i, ph, k))
        if not isinstance(e.get('pid'), int) or ('ts' in e and not num(e['ts'])):
            errs.append('event %d: pid/ts not numeric' % i)
        if ph == 'M':
            if e['name'] == 'thread_name':
                named_tids.add((e['pid'], e['tid']))
        elif ph == 'X':
            if not num(e['dur']) or e['dur'] < 0:
                errs.append('event %d: dur %r' % (i, e['dur']))
            slices[e['tid']].append((round(e['ts'] * 1000), round((e['ts'] + e['dur']) * 1000),
                                     e['args']['pid'], e['name']))
        elif ph == 'C':
            if not all(num(v) for v in e['args'].values()):
                errs.append('event %d: counter args %r' % (i, e['args']))
            counters[e['name']].append(((round(e['ts'] * 1000) + 500) // 1000,
                                        e['args']['value']))
        elif ph == 'i':
            if e['s'] not in 'gpt':
                errs.append('event %d: scope %r' % (i, e['s']))
            a = e['args']
            f = trace_text.fields(e['name'], a['text']) if 'text' in a else a
            instants.append(((round(e['ts'] * 1000) + 500) // 1000, e['tid'] - 1, e['name'],
                             {k: norm(v) for k, v in f.items()}))
        if ph in 'Xi' and (e['pid'], e['tid']) not in named_tids:
            errs.append('event %d: tid %d has no thread_name' % (i, e['tid']))
    for tid, s in slices.items():
        # by time; slices of 0 ns at one instant (a task switched in and preempted at once, the
        # sugov kthread done at once) keep the order they were written in, the order they ran
        s.sort(key=lambda x: x[:2])
        for a, b in zip(s, s[1:]):
            if b[0] < a[1]:
                errs.append('CPU track %d: slices %s and %s overlap' % (tid, a, b))
    text = trace_text.read_ftrace(text_path)
    switches = collections.defaultdict(list)
    want_instants = []
    for (us, cpu, comm, pid, name, f) in text:
        if name == 'sched_switch':
            if f['next_pid'] != '0':
                switches[cpu + 1].append((us, int(f['next_pid'])))
        elif name != 'tracing_mark_write':
            want_instants.append((us, cpu, name, {k: norm(v) for k, v in f.items()}))
    for tid, sw in switches.items():
        got = [((a + 500) // 1000, p) for a, _, p, _ in slices.get(tid, [])]
        if got != sw:
            errs.append('CPU track %d: slices start %s..., switches %s...' % (tid, got[:3],
                                                                             sw[:3]))
    stopper = sum(1 for s in slices.values() for e in s if e[3].startswith('migration/'))
    if stopper != sum(1 for e in text if e[4] == 'sched_switch' and
                      e[5]['next_comm'].startswith('migration/')):
        errs.append('%d migration/N slices, not one per switch to the stopper' % stopper)
    key = lambda e: (e[0], e[1])
    instants.sort(key=key)
    want_instants.sort(key=key)
    if instants != want_instants:
        for a, b in zip(want_instants, instants):
            if a != b:
                errs.append('instant differs:\n  text %s\n  json %s' % (a, b))
                break
        errs.append('instants: text %d, json %d' % (len(want_instants), len(instants)))
    want_counters = trace_text.counter_series(text)
    want_counters.update(trace_text.zone_temperatures(text))
    for name, series in want_counters.items():
        if counters.get(name) != series:
            errs.append('counter %s: text %s..., json %s...' % (name, series[:3],
                                                               counters.get(name, [])[:3]))
    errs += trace_text.check_cpu_counters(counters, trace_text.nr_cpus(text_path),
                                          trace_text.ALL_SIGNALS, 'json')
    if not switches or not want_counters:
        errs.append('the text has no switches or counters to compare')
    print('%d instants (text %d), %d stopper slices' % (len(instants), len(want_instants),
                                                        stopper))
    print('%d events, %d slices on %d CPUs, %d counters' %
          (len(evs), sum(len(s) for s in slices.values()), len(slices), len(counters)))
    for e in errs[:20]:
        print(e)
    sys.exit(1 if errs else 0)


if __name__ == '__main__':
    main(*sys.argv[1:])
