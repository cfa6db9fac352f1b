# SPDX-License-Identifier: MIT
"""trace_text.py - readers of the trace texts the trace-format tests compare: the ftrace text
(/sys/kernel/tracing/trace layout, capsim's --trace FILE.trace) and `trace-cmd report -N -t`
output, each line parsed to (µs, cpu, comm, pid, event, fields), with the names normalized where
the two tools differ by design (trace-cmd shows a trace_marker write as the print event); and the
facts of a run the other checks need from the text (its CPU count, the counter signals)."""
import re

FTRACE = re.compile(r'^\s*(?P<comm>.{1,16})-(?P<pid>\d+)\s+\[(?P<cpu>\d+)\]\s+\S{5}\s+'
                    r'(?P<sec>\d+)\.(?P<usec>\d{6}): (?P<event>\w+): (?P<body>.*)$')
# `trace-cmd report -t` prints sec.nsec; Debian's trace-cmd 3.1.6 now and then prints the raw
# timestamp (ns, the trace's local clock) instead, for a file it printed right before (seen once
# in 28 runs on a loaded machine, the trace.dat byte-identical to one it printed right): both read
REPORT = re.compile(r'^\s*(?P<comm>.{1,16})-(?P<pid>\d+)\s+\[(?P<cpu>\d+)\]\s+'
                    r'(?:(?P<sec>\d+)\.(?P<nsec>\d{9})|(?P<raw>\d+)): (?P<event>\w+):\s+'
                    r'(?P<body>.*)$')


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
    return (usec, int(m['cpu']), m['comm'].strip(), int(m['pid']), event, fields(event, body))


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
        ns = int(m['raw']) if m['raw'] else int(m['sec']) * 1000000000 + int(m['nsec'])
        out.append(record(m, (ns + 500) // 1000, event, body))  # ns2usecs() rounds
    return out


def ordered(events):
    """By time, then CPU: per-CPU order kept (readers merge CPUs by time)."""
    return sorted(events, key=lambda e: (e[0], e[1]))


def nr_cpus(path):
    """#P:N of the ftrace header: the CPUs of the run."""
    with open(path) as f:
        for line in f:
            m = re.search(r'#P:(\d+)', line)
            if m:
                return int(m.group(1))
    raise ValueError('%s: no #P:N header' % path)


# the trace clock of the run's time 0: 1 s after "boot", as a kernel's trace never starts at 0
# (docs/formats.md, Trace output; KernelShark's merge takes a timestamp of 0 for "none")
START_US = 1000000
# the atrace counters every CPU has in the text from time 0 (docs/formats.md, Trace output)
TEXT_SIGNALS = ('actual_capacity', 'util', 'hw_pressure', 'cpufreq_pressure')
# and the counter tracks of the Perfetto and Chrome traces: those, and the two capacities more
ALL_SIGNALS = TEXT_SIGNALS + ('original_capacity', 'delivered_capacity')


def counter_series(events):
    """{name: [(µs, value)]} of the text's tracing_mark_write C|1|name|value lines"""
    out = {}
    for (us, cpu, comm, pid, name, f) in events:
        if name == 'tracing_mark_write':
            _, _, cname, v = f['text'].split('|')
            out.setdefault(cname, []).append((us, int(v)))
    return out


def check_cpu_counters(series, cpus, signals, where):
    """Every CPU has each of @signals from time 0 (START_US): the errors, as strings."""
    errs = []
    for cpu in range(cpus):
        for sig in signals:
            s = series.get('cpu%d_%s' % (cpu, sig))
            if not s:
                errs.append('%s: no counter cpu%d_%s' % (where, cpu, sig))
            elif s[0][0] != START_US:
                errs.append('%s: cpu%d_%s starts at %d us, not %d' % (where, cpu, sig, s[0][0],
                                                                     START_US))
    return errs


def zone_temperatures(events):
    """{ZONE_temp: [(µs, m°C)]}: each zone's thermal_temperature values, each when it changes
    (the temperature counter tracks of the Perfetto and Chrome traces)"""
    out = {}
    for (us, cpu, comm, pid, name, f) in events:
        if name == 'thermal_temperature':
            s = out.setdefault(f['thermal_zone'] + '_temp', [])
            if not s or s[-1][1] != int(f['temp']):
                s.append((us, int(f['temp'])))
    return out
