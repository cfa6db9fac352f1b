# SPDX-License-Identifier: MIT
"""trace_text.py - readers of the trace texts the trace-format tests compare: the ftrace text
(/sys/kernel/tracing/trace layout, capsim's --trace FILE.trace) and `trace-cmd report -N -t`
output, each line parsed to (µs, cpu, comm, pid, event, fields), with the names normalized where
the two tools differ by design (trace-cmd shows a trace_marker write as the print event)."""
import re

FTRACE = re.compile(r'^\s*(?P<comm>.{1,16})-(?P<pid>\d+)\s+\[(?P<cpu>\d+)\]\s+\S{5}\s+'
                    r'(?P<sec>\d+)\.(?P<usec>\d{6}): (?P<event>\w+): (?P<body>.*)$')
REPORT = re.compile(r'^\s*(?P<comm>.{1,16})-(?P<pid>\d+)\s+\[(?P<cpu>\d+)\]\s+'
                    r'(?P<sec>\d+)\.(?P<nsec>\d{9}): (?P<event>\w+):\s+(?P<body>.*)$')


def fields(event, body):
    """The fields of a TP_printk text: key=value pairs (an atrace counter is one field)."""
    if event == 'tracing_mark_write':
        return {'text': body}
    out = {}
    for tok in body.split(' '):
        if tok in ('==>', ''):
            continue
        if '=' in tok:
            k, v = tok.split('=', 1)
            out[k] = v
        else:
            raise ValueError('unexpected token %r in %r' % (tok, body))
    return out


def record(m, usec, event, body):
    # sched_wakeup_new is a task's first sched_wakeup: the ftrace writer names it either way
    name = 'sched_wakeup' if event == 'sched_wakeup_new' else event
    return (usec, int(m['cpu']), m['comm'].strip(), int(m['pid']), name, fields(event, body))


def read_ftrace(path):
    out = []
    with open(path) as f:
        for line in f:
            if line.startswith('#'):
                continue
            m = FTRACE.match(line.rstrip('\n'))
            if not m:
                raise ValueError('%s: unparsed line %r' % (path, line))
            out.append(record(m, int(m['sec']) * 1000000 + int(m['usec']), m['event'], m['body']))
    return out


def read_report(text):
    out = []
    for line in text.splitlines():
        if line.startswith('cpus=') or not line.strip():
            continue
        m = REPORT.match(line)
        if not m:
            raise ValueError('report: unparsed line %r' % line)
        event, body = m['event'], m['body']
        if event == 'print' and body.startswith('tracing_mark_write: '):
            event, body = 'tracing_mark_write', body[len('tracing_mark_write: '):]
        ns = int(m['sec']) * 1000000000 + int(m['nsec'])
        out.append(record(m, (ns + 500) // 1000, event, body))  # ns2usecs() rounds
    return out


def ordered(events):
    """By time, then CPU: per-CPU order kept (readers merge CPUs by time)."""
    return sorted(events, key=lambda e: (e[0], e[1]))
