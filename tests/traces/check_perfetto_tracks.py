#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_perfetto_tracks.py PERFETTO_TRACE UPSTREAM_PROTO_XZ NR_CPUS - decode the trace with
Debian's `protoc --decode perfetto.protos.Trace` against upstream's perfetto_trace.proto
(tests/data/perfetto/) and check how the counter tracks hang: every CPU N has a parent track
named "CPU N" (no counter of its own, children in EXPLICIT order), every counter track
cpuN_SIGNAL names that track as parent_uuid, has a sibling_order_rank and shares the y axis key
"cpuN"; a zone's temperature track is top-level. Nothing decodes as an unknown field (a number
in place of a name): every field written is one upstream defines."""
import lzma
import os
import re
import subprocess
import sys
import tempfile

from check_perfetto import parse, one


def main(trace, proto_xz, nr_cpus):
    nr_cpus = int(nr_cpus)
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, 'perfetto_trace.proto'), 'wb') as f:
            f.write(lzma.open(proto_xz).read())
        with open(trace, 'rb') as f:
            out = subprocess.run(['protoc', '--decode', 'perfetto.protos.Trace', '-I', d,
                                  'perfetto_trace.proto'], stdin=f, check=True,
                                 capture_output=True, text=True).stdout
    lines = out.splitlines()
    errs = ['unknown field: %s' % l.strip() for l in lines if re.match(r'^\s*\d+: ', l)]
    msg, _ = parse(lines)
    tracks = [one(p, 'track_descriptor') for p in msg['packet'] if 'track_descriptor' in p]
    by_uuid = {one(t, 'uuid'): t for t in tracks}
    cpu_track = {}
    for t in tracks:
        m = re.match(r'^CPU (\d+)$', one(t, 'name', ''))
        if m:
            cpu_track[int(m.group(1))] = t
            if 'counter' in t:
                errs.append('%s has a counter of its own' % one(t, 'name'))
            if one(t, 'child_ordering') != 'EXPLICIT':
                errs.append('%s: child_ordering %s' % (one(t, 'name'), one(t, 'child_ordering')))
    attached = 0
    for t in tracks:
        name = one(t, 'name', '')
        if 'counter' not in t:
            continue
        m = re.match(r'^cpu(\d+)_\w+$', name)
        if not m:
            if 'parent_uuid' in t:
                errs.append('%s: a zone track with a parent' % name)
            continue
        cpu = int(m.group(1))
        parent = by_uuid.get(one(t, 'parent_uuid'))
        if parent is None or one(parent, 'name') != 'CPU %d' % cpu:
            errs.append('%s: parent %s, not "CPU %d"' % (name, parent and one(parent, 'name'),
                                                          cpu))
        elif 'sibling_order_rank' not in t:
            errs.append('%s: no sibling_order_rank' % name)
        elif one(one(t, 'counter'), 'y_axis_share_key') != 'cpu%d' % cpu:
            errs.append('%s: y_axis_share_key %s' % (name, one(one(t, 'counter'),
                                                               'y_axis_share_key')))
        else:
            attached += 1
    for cpu in range(nr_cpus):
        if cpu not in cpu_track:
            errs.append('no track "CPU %d"' % cpu)
    print('%d CPU tracks, %d counter tracks attached to their CPU' % (len(cpu_track), attached))
    if attached < 6 * nr_cpus:
        errs.append('only %d CPU counter tracks for %d CPUs' % (attached, nr_cpus))
    for e in errs[:20]:
        print(e)
    sys.exit(1 if errs else 0)


if __name__ == '__main__':
    main(*sys.argv[1:])
