#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_kshark.py TRACE_DAT COUNT - open the trace.dat with KernelShark's own library
(libkshark.so.2 of Debian's kernelshark, through ctypes: kshark_instance(), kshark_open(),
kshark_load_entries(), what the GUI does to load a file) and check it loads COUNT entries (the
records `trace-cmd report` prints) in global time order: the merge of the CPUs' buffers the GUI
draws from, each entry's timestamp at or after the one before. (libkshark's merge takes a
timestamp of 0 for "nothing picked yet": records at 0 make it take whole CPUs in a block.)"""
import ctypes
import sys


class Entry(ctypes.Structure):
    """struct kshark_entry of KernelShark 2.x's libkshark.h"""
    _fields_ = [('next', ctypes.c_void_p), ('visible', ctypes.c_uint16),
                ('stream_id', ctypes.c_int16), ('event_id', ctypes.c_int16),
                ('cpu', ctypes.c_int16), ('pid', ctypes.c_int32), ('offset', ctypes.c_int64),
                ('ts', ctypes.c_int64)]


def main(path, want):
    ks = ctypes.CDLL('libkshark.so.2')
    ks.kshark_instance.argtypes = [ctypes.POINTER(ctypes.c_void_p)]
    ks.kshark_instance.restype = ctypes.c_bool
    ks.kshark_open.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    ks.kshark_open.restype = ctypes.c_int
    ks.kshark_load_entries.argtypes = [ctypes.c_void_p, ctypes.c_int,
                                       ctypes.POINTER(ctypes.POINTER(ctypes.POINTER(Entry)))]
    ks.kshark_load_entries.restype = ctypes.c_ssize_t
    ctx, rows = ctypes.c_void_p(), ctypes.POINTER(ctypes.POINTER(Entry))()
    if not ks.kshark_instance(ctypes.byref(ctx)):
        sys.exit('kshark_instance() failed')
    sd = ks.kshark_open(ctx, path.encode())
    if sd < 0:
        sys.exit('kshark_open(%s) failed: %d' % (path, sd))
    n = ks.kshark_load_entries(ctx, sd, ctypes.byref(rows))
    print('%s: KernelShark loads %d entries (trace-cmd report: %s)' % (path, n, want))
    fail = n != int(want)
    backwards, zeros, cpus_seen = 0, 0, set()
    prev = None
    for i in range(max(n, 0)):
        e = rows[i].contents
        cpus_seen.add(e.cpu)
        if e.ts <= 0:
            if not zeros:
                print('entry %d (CPU %d) has timestamp %d: no kernel trace has one' %
                      (i, e.cpu, e.ts))
            zeros += 1
        if prev is not None and e.ts < prev.ts:
            if backwards < 5:
                print('entry %d (CPU %d, %d ns) comes before entry %d (CPU %d, %d ns)' %
                      (i, e.cpu, e.ts, i - 1, prev.cpu, prev.ts))
            backwards += 1
        prev = e
    print('%d entries out of time order, %d at timestamp 0 or less, %d CPUs' %
          (backwards, zeros, len(cpus_seen)))
    sys.exit(1 if fail or backwards or zeros else 0)


if __name__ == '__main__':
    main(*sys.argv[1:])
