#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_report.py - reads capsim's `report` text as trappy and LISA read `trace-cmd report`.

Each line must match trappy's SPECIAL_FIELDS_RE (trappy/ftrace.py) and LISA's event header
regex (lisa/trace.py, TxtEventParser._get_header_regex(), with its PARSER_REGEX_TERMINALS);
its fields are split with LISA's field rule (`name=(?P<name>.+?)(?: +|$)`) and every field of
every event is converted to the type LISA's EVENT_DESCS (or the kernel's TP_STRUCT__entry,
for events LISA leaves to its default parser) gives it: an event or field without a type is an
error. With --ftrace FILE (the ftrace text of the same run) the events must agree one by one:
same CPU, time, context pid and fields.

Usage: check_report.py REPORT [--ftrace FILE]
"""
import argparse
import re
import sys

# trappy/ftrace.py
TRAPPY = re.compile(r"^\s*(?P<comm>.*)-(?P<pid>\d+)(?:\s+\(.*\))"
                    r"?\s+\[(?P<cpu>\d+)\](?:\s+....)?\s+"
                    r"(?P<timestamp>[0-9]+(?P<us>\.[0-9]+)?): (\w+:\s+)+(?P<data>.+)")
# lisa/trace.py: (?:^|{blank}){__comm}-{__pid}{blank}\[{__cpu}\]{blank}{__timestamp}:{blank}{__event}:
LISA_HEADER = re.compile(r'(?:^| +)(?P<__comm>.+)-(?P<__pid>\d+) +\[(?P<__cpu>\d+)\] +'
                         r'(?P<__timestamp>\d+\.\d+): +(?P<__event>\w+):', re.ASCII)
FIELD = r'{0}=(?P<{0}>.+?)(?: +|$)'

STATE = re.compile(r'^(R\+?|[SDTtXZPI](?:\|[SDTtXZPI])*\+?)$')


def u32(v):
    x = int(v)
    if not 0 <= x < 1 << 32:
        raise ValueError(v)
    return x


def state(v):
    if not STATE.match(v):
        raise ValueError(v)
    return v


def hexmask(v):
    return int(v.replace(',', ''), 16)


s, i, u = str, int, u32
TASK = {'comm': s, 'pid': i, 'prio': i, 'target_cpu': i}
TYPES = {
    'sched_switch': {'prev_comm': s, 'prev_pid': i, 'prev_prio': i, 'prev_state': state,
                     'next_comm': s, 'next_pid': i, 'next_prio': i},
    'sched_waking': TASK, 'sched_wakeup': TASK, 'sched_wakeup_new': TASK,
    'sched_migrate_task': {'comm': s, 'pid': i, 'prio': i, 'orig_cpu': i, 'dest_cpu': i},
    'cpu_frequency': {'state': u, 'cpu_id': u},
    'cpu_idle': {'state': u, 'cpu_id': u},
    'cpu_frequency_limits': {'min': u, 'max': u, 'cpu_id': u},
    'hw_pressure_update': {'cpu': i, 'hw_pressure': i},
    'thermal_pressure_update': {'cpu': i, 'thermal_pressure': i},
    'thermal_temperature': {'thermal_zone': s, 'id': i, 'temp_prev': i, 'temp': i},
    'cdev_update': {'type': s, 'target': i},
    'thermal_zone_trip': {'thermal_zone': s, 'id': i, 'trip': i, 'trip_type': s},
    'thermal_power_allocator': dict.fromkeys(
        ['thermal_zone_id', 'total_req_power', 'total_granted_power', 'power_range',
         'max_allocatable_power', 'current_temperature', 'delta_temperature'], i),
    'thermal_power_allocator_pid': dict.fromkeys(
        ['thermal_zone_id', 'err', 'err_integral', 'p', 'i', 'd', 'output'], i),
    'thermal_power_actor': dict.fromkeys(
        ['thermal_zone_id', 'actor_id', 'req_power', 'granted_power'], i),
    'lisa__sched_pelt_se': {'cpu': i, 'path': s, 'comm': s, 'pid': i, 'load': i, 'util': i,
                            'update_time': i, 'runnable': i},
    'lisa__sched_pelt_cfs': {'cpu': i, 'path': s, 'load': i, 'util': i, 'update_time': i,
                             'runnable': i},
    'lisa__sched_pelt_rt': {'cpu': i, 'load': i, 'util': i, 'update_time': i, 'runnable': i},
    'lisa__sched_util_est_se': {'cpu': i, 'path': s, 'comm': s, 'pid': i, 'enqueued': i,
                                'ewma': i, 'util': i},
    'lisa__sched_util_est_cfs': {'cpu': i, 'path': s, 'enqueued': i, 'ewma': i, 'util': i},
    'lisa__sched_cpu_capacity': {'cpu': i, 'capacity': i, 'capacity_orig': i,
                                 'capacity_curr': i},
    'lisa__sched_overutilized': {'overutilized': i, 'span': lambda v: hexmask(v[2:])},
}
# LISA's PrintTxtEventParser: the ip (%ps) then the buffer; atrace counters in the buffer
PRINT = re.compile(r'^(?P<ip>\w+): (?P<buf>C\|\d+\|[\w.]+\|-?\d+)$')


def fields_of(event, text):
    """LISA's field rule, with "==>" of sched_switch as the separator it is."""
    types = TYPES[event]
    rx = ''.join(FIELD.format(f) + (r'==> ' if f == 'prev_state' else '') for f in types)
    m = re.match('^' + rx + '$', text.replace('R+ ==>', 'R+ ==>'))
    if not m:
        raise ValueError('fields %r do not split as %s' % (text, list(types)))
    return {k: types[k](v.rstrip(' ')) for k, v in m.groupdict().items()}


def read(path):
    with open(path) as fp:
        lines = fp.read().splitlines()
    return lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('report')
    ap.add_argument('--ftrace')
    a = ap.parse_args()
    lines = read(a.report)
    errors = []
    m = re.match(r'^cpus=(\d+)$', lines[0] if lines else '')
    if not m:
        errors.append('%s:1: no cpus=N header' % a.report)
    events = []
    for n, line in enumerate(lines[1:], 2):
        t, h = TRAPPY.match(line), LISA_HEADER.match(line)
        if not t or not h:
            errors.append('%s:%d: not read by %s: %r'
                          % (a.report, n, 'trappy' if not t else 'LISA', line))
            continue
        ev, rest = h.group('__event'), line[h.end():].lstrip(' ')
        try:
            if ev == 'print':
                p = PRINT.match(rest)
                if not p:
                    raise ValueError('print %r' % rest)
                f = p.groupdict()
            elif ev in TYPES:
                f = fields_of(ev, rest)
            else:
                raise ValueError('event %s has no type' % ev)
        except ValueError as e:
            errors.append('%s:%d: %s' % (a.report, n, e))
            continue
        if int(t.group('cpu')) >= int(m.group(1)):
            errors.append('%s:%d: CPU beyond cpus=' % (a.report, n))
        events.append((int(h.group('__cpu')), h.group('__timestamp'), int(h.group('__pid')),
                       ev, rest))
    if a.ftrace:
        ft = [l for l in read(a.ftrace) if not l.startswith('#')]
        if len(ft) != len(events):
            errors.append('%d events in the report, %d in the ftrace text' % (len(events),
                                                                             len(ft)))
        ctx = re.compile(r'^.{16}-(\d+) *\[(\d+)\] \S{5} +(\d+\.\d+): (\w+): (.*)$')
        for k, (e, l) in enumerate(zip(events, ft)):
            c = ctx.match(l)
            ev = 'print' if c.group(4) == 'tracing_mark_write' else c.group(4)
            body = 'tracing_mark_write: ' + c.group(5) if ev == 'print' else c.group(5)
            if (int(c.group(2)), c.group(3), int(c.group(1)), ev, body) != e:
                errors.append('event %d differs: report %r, ftrace %r' % (k + 1, e, l))
                break
    for e in errors[:20]:
        print(e)
    if not events:
        print('no events read')
        return 1
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
