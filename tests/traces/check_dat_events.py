#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_dat_events.py FTRACE_TEXT TRACE_DAT - read the trace.dat's lisa__* and capsim_* records
with the C libraries LISA's and KernelShark's trace.dat readers use (Debian's libtracecmd:
tracecmd_open(), tracecmd_iterate_events(); libtraceevent: tep_event_fields(),
tep_read_number_field(), through ctypes), each field by the name and type its format section
declares, and check them against the ftrace text of the same run:

- every lisa__* line of the text is a record of the same event at the same µs on the same CPU
  with the same fields (the text's key=value pairs), and the reverse;
- capsim_cpu_capacity: at the last of its records at each µs of a CPU, actual_capacity,
  hw_pressure, cpufreq_pressure and hw_load_avg (v6.9: thermal_load_avg) equal the text's cpuN_*
  atrace counters as they stand at that µs; there is a record wherever one of those counters changes; and
  actual_capacity is capacity_orig less max(hw_load_avg, cpufreq_pressure) (v6.9:
  capacity_orig less hw_pressure; docs/formats.md)."""
import ctypes
import sys

import trace_text

TEP_FIELD_IS_ARRAY, TEP_FIELD_IS_SIGNED, TEP_FIELD_IS_STRING = 1, 4, 8
COUNTERS = ('actual_capacity', 'hw_pressure', 'cpufreq_pressure', 'hw_load_avg',
            'thermal_load_avg')


class Record(ctypes.Structure):
    """struct tep_record, libtraceevent's event-parse.h"""
    _fields_ = [('ts', ctypes.c_ulonglong), ('offset', ctypes.c_ulonglong),
                ('missed_events', ctypes.c_longlong), ('record_size', ctypes.c_int),
                ('size', ctypes.c_int), ('data', ctypes.c_void_p), ('cpu', ctypes.c_int)]


class Field(ctypes.Structure):
    """struct tep_format_field"""
    _fields_ = [('next', ctypes.c_void_p), ('event', ctypes.c_void_p), ('type', ctypes.c_char_p),
                ('name', ctypes.c_char_p), ('alias', ctypes.c_char_p), ('offset', ctypes.c_int),
                ('size', ctypes.c_int), ('arraylen', ctypes.c_uint),
                ('elementsize', ctypes.c_uint), ('flags', ctypes.c_ulong)]


class Event(ctypes.Structure):
    """the head of struct tep_event"""
    _fields_ = [('tep', ctypes.c_void_p), ('name', ctypes.c_char_p), ('id', ctypes.c_int)]


CALLBACK = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(Record), ctypes.c_int,
                            ctypes.c_void_p)


def read_dat(path):
    """[(µs, cpu, event, {field: text})] of the lisa__* and capsim_* records, in time order"""
    cmd, tep = ctypes.CDLL('libtracecmd.so.1'), ctypes.CDLL('libtraceevent.so.1')
    cmd.tracecmd_open.restype = ctypes.c_void_p
    cmd.tracecmd_open.argtypes = [ctypes.c_char_p, ctypes.c_int]
    cmd.tracecmd_get_tep.restype = ctypes.c_void_p
    cmd.tracecmd_get_tep.argtypes = [ctypes.c_void_p]
    cmd.tracecmd_iterate_events.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int,
                                            CALLBACK, ctypes.c_void_p]
    tep.tep_data_type.argtypes = [ctypes.c_void_p, ctypes.POINTER(Record)]
    tep.tep_find_event.restype = ctypes.POINTER(Event)
    tep.tep_find_event.argtypes = [ctypes.c_void_p, ctypes.c_int]
    tep.tep_event_fields.restype = ctypes.POINTER(ctypes.POINTER(Field))
    tep.tep_event_fields.argtypes = [ctypes.POINTER(Event)]
    tep.tep_read_number_field.argtypes = [ctypes.POINTER(Field), ctypes.c_void_p,
                                          ctypes.POINTER(ctypes.c_ulonglong)]
    handle = cmd.tracecmd_open(path.encode(), 0)
    if not handle:
        sys.exit('tracecmd_open(%s) failed' % path)
    pevent = cmd.tracecmd_get_tep(handle)
    fields_of, out = {}, []

    def one(_handle, rec, _cpu, _data):
        r = rec.contents
        ev = tep.tep_find_event(pevent, tep.tep_data_type(pevent, rec))
        name = ev.contents.name.decode()
        if not name.startswith(('lisa__', 'capsim_')):
            return 0
        if name not in fields_of:
            arr, fl = tep.tep_event_fields(ev), []
            for i in range(64):
                if not arr[i]:
                    break
                fl.append(arr[i])
            fields_of[name] = fl
        vals = {}
        for f in fields_of[name]:
            fc = f.contents
            if fc.flags & (TEP_FIELD_IS_STRING | TEP_FIELD_IS_ARRAY):
                raw = ctypes.string_at(r.data + fc.offset, fc.size)
                vals[fc.name.decode()] = raw.split(b'\0', 1)[0].decode()
            else:
                v = ctypes.c_ulonglong()
                if tep.tep_read_number_field(f, r.data, ctypes.byref(v)):
                    sys.exit('%s: field %s unreadable' % (name, fc.name.decode()))
                n = v.value
                if fc.flags & TEP_FIELD_IS_SIGNED and n >= 1 << (8 * fc.size - 1):
                    n -= 1 << (8 * fc.size)
                vals[fc.name.decode()] = str(n)
        out.append(((r.ts + 500) // 1000, r.cpu, name, vals))
        return 0

    cb = CALLBACK(one)
    if cmd.tracecmd_iterate_events(handle, None, 0, cb, None) < 0:
        sys.exit('tracecmd_iterate_events(%s) failed' % path)
    return out


def check_lisa(text, dat, nr_cpus):
    errs = []
    want = [(e[0], e[1], e[4], e[5]) for e in text if e[4].startswith('lisa__')]
    got = []
    for (us, cpu, name, f) in dat:
        if name.startswith('lisa__'):
            if 'span' in f:
                f = dict(f, span='0x' + f['span'])
            got.append((us, cpu, name, f))
    for cpu in range(nr_cpus):
        w = [e for e in want if e[1] == cpu]
        g = [e for e in got if e[1] == cpu]
        if w != g:
            i = next((i for i, (a, b) in enumerate(zip(w, g)) if a != b), min(len(w), len(g)))
            errs.append('CPU %d: lisa event %d differs:\n  text %s\n  dat  %s' %
                        (cpu, i, w[i] if i < len(w) else None, g[i] if i < len(g) else None))
    names = sorted(set(e[2] for e in want))
    print('lisa records: text %d dat %d (%s)' % (len(want), len(got), ' '.join(names)))
    return errs, names


def check_capacity(text, dat):
    errs = []
    series = trace_text.counter_series(text)
    changes = {}  # (µs, cpu) of each change of a capacity or pressure counter
    for name, s in series.items():
        cpu, sig = name[3:].split('_', 1)
        if sig in COUNTERS:
            for (us, _) in s:
                changes.setdefault((us, int(cpu)), set()).add(sig)

    def at(cpu, sig, us):
        v = None
        for (t, val) in series.get('cpu%d_%s' % (cpu, sig), []):
            if t > us:
                break
            v = val
        return v

    recs = [e for e in dat if e[2] == 'capsim_cpu_capacity']
    # the text's µs hold several changes of one CPU: its value then is the last record's
    last = {(us, cpu): i for i, (us, cpu, _, _) in enumerate(recs)}
    seen = set()
    for i, (us, cpu, _, f) in enumerate(recs):
        seen.add((us, cpu))
        if int(f['cpu']) != cpu:
            errs.append('%d us: record on CPU %d names cpu %s' % (us, cpu, f['cpu']))
        for sig in COUNTERS:
            v = at(cpu, sig, us)
            if last[(us, cpu)] == i and v is not None and int(f[sig]) != v:
                errs.append('%d us CPU %d: %s %s, the text has %d' % (us, cpu, sig, f[sig], v))
        orig, act = int(f['capacity_orig']), int(f['actual_capacity'])
        thermal = 'cpu%d_thermal_load_avg' % cpu in series
        lost = int(f['hw_pressure']) if thermal else max(int(f['hw_load_avg']),
                                                         int(f['cpufreq_pressure']))
        if act != orig - lost:
            errs.append('%d us CPU %d: actual_capacity %d, not capacity_orig %d - %d' %
                        (us, cpu, act, orig, lost))
    for k in sorted(changes):
        if k not in seen:
            errs.append('%d us CPU %d: %s changed in the text, no capsim_cpu_capacity record' %
                        (k[0], k[1], ','.join(sorted(changes[k]))))
    print('capsim_cpu_capacity records: %d, at %d counter changes of the text' %
          (len(recs), len(changes)))
    return errs, len(recs)


def main(text_path, dat_path, *must_have):
    text = trace_text.read_ftrace(text_path)
    dat = read_dat(dat_path)
    errs, names = check_lisa(text, dat, trace_text.nr_cpus(text_path))
    e2, n = check_capacity(text, dat)
    errs += e2
    for name in must_have:
        if name not in names:
            errs.append('no %s in the text: the run does not exercise it' % name)
    if not n:
        errs.append('no capsim_cpu_capacity record')
    for e in errs[:20]:
        print(e)
    sys.exit(1 if errs else 0)


if __name__ == '__main__':
    main(*sys.argv[1:])
