#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_kshark.py TRACE_DAT COUNT - open the trace.dat with KernelShark's own library
(libkshark.so.2 of Debian's kernelshark, through ctypes: kshark_instance(), kshark_open(),
kshark_load_entries(), what the GUI does to load a file) and check it loads COUNT entries (the
records `trace-cmd report` prints)."""
import ctypes
import sys


def main(path, want):
    ks = ctypes.CDLL('libkshark.so.2')
    ks.kshark_instance.argtypes = [ctypes.POINTER(ctypes.c_void_p)]
    ks.kshark_instance.restype = ctypes.c_bool
    ks.kshark_open.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    ks.kshark_open.restype = ctypes.c_int
    ks.kshark_load_entries.argtypes = [ctypes.c_void_p, ctypes.c_int,
                                       ctypes.POINTER(ctypes.c_void_p)]
    ks.kshark_load_entries.restype = ctypes.c_ssize_t
    ctx, rows = ctypes.c_void_p(), ctypes.c_void_p()
    if not ks.kshark_instance(ctypes.byref(ctx)):
        sys.exit('kshark_instance() failed')
    sd = ks.kshark_open(ctx, path.encode())
    if sd < 0:
        sys.exit('kshark_open(%s) failed: %d' % (path, sd))
    n = ks.kshark_load_entries(ctx, sd, ctypes.byref(rows))
    print('KernelShark loads %d entries (trace-cmd report: %s)' % (n, want))
    sys.exit(0 if n == int(want) else 1)


if __name__ == '__main__':
    main(*sys.argv[1:])
