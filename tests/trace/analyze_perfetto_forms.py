#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""analyze_perfetto_forms.py - the Perfetto forms capsim's writer does not use, as real devices
record them, read by `capsim analyze`: this script encodes a Trace itself (protobuf wire format,
upstream's field numbers: tests/data/perfetto/perfetto_trace.proto.xz) with

- CPU 0's switches and wakings in compact_sched (delta-encoded timestamps, comms interned,
  prev taken from the CPU's last switch), over two bundles;
- CPU 1's switches as typed sched_switch events in a bundle written *after* CPU 0's though its
  events are earlier (bundles overlap in time: the reader puts them back in order);
- a bundle with lost_events on CPU 1, then a switch: the time before it is unknown (lost_s);
- a GenericFtraceEvent (hw_pressure_update), a print, an event message the reader does not
  read (ipi_entry: counted under skipped.unknown_event), packets of other kinds between;
- a system_info packet naming the kernel (6.12: the model is v6.12 unless --model says);
- a ProcessTree (a thread's name, a process's cmdline) and a task_newtask: the names the
  events of those pids carry (--events' comm), as a compact_sched comm names its pid;

and checks analyze's figures against those worked out here from the same lists of switches.
The same bytes, truncated, give an error naming the byte.

Usage: analyze_perfetto_forms.py CAPSIM OUTDIR
"""
import json
import os
import shutil
import subprocess
import sys

capsim, out = sys.argv[1], sys.argv[2]
shutil.rmtree(out, ignore_errors=True)
os.makedirs(out)
fails = 0


def fail(msg):
    global fails
    fails += 1
    print("FAIL:", msg)


def varint(v):
    v &= (1 << 64) - 1
    b = bytearray()
    while True:
        b.append((v & 0x7f) | (0x80 if v > 0x7f else 0))
        v >>= 7
        if not v:
            return bytes(b)


def field(num, v):
    """an int (varint), bytes/str (length-delimited), or a list of ints (packed)"""
    if isinstance(v, int):
        return varint(num << 3) + varint(v)
    if isinstance(v, list):
        v = b"".join(varint(x) for x in v)
    if isinstance(v, str):
        v = v.encode()
    return varint(num << 3 | 2) + varint(len(v)) + v


def msg(*fields):
    return b"".join(field(n, v) for n, v in fields)


def packet(bundle):
    return field(1, msg((1, bundle)))  # Trace.packet { ftrace_events }


def bundle(cpu, *rest):
    return msg((1, cpu), *rest)


def compact(switches, wakings):
    """switches: (ts, prev_state, next_pid, prio, comm); wakings: (ts, pid, target, prio, comm)"""
    table = sorted({s[4] for s in switches} | {w[4] for w in wakings})
    idx = {c: i for i, c in enumerate(table)}

    def deltas(ts):
        return [t - p for t, p in zip(ts, [0] + ts[:-1])]
    f = [(5, c) for c in table]
    if switches:
        f += [(1, deltas([s[0] for s in switches])), (2, [s[1] for s in switches]),
              (3, [s[2] for s in switches]), (4, [s[3] for s in switches]),
              (6, [idx[s[4]] for s in switches])]
    if wakings:
        f += [(7, deltas([w[0] for w in wakings])), (8, [w[1] for w in wakings]),
              (9, [w[2] for w in wakings]), (10, [w[3] for w in wakings]),
              (11, [idx[w[4]] for w in wakings])]
    return msg(*f)


def switch_event(ts, pid, prev_comm, prev_pid, prev_state, next_comm, next_pid):
    """an FtraceEvent with a typed sched_switch"""
    return msg((1, ts), (2, pid), (4, msg((1, prev_comm), (2, prev_pid), (3, 120),
                                          (4, prev_state), (5, next_comm), (6, next_pid),
                                          (7, 120))))


S = 10**9
# CPU 0, compact: (ts, prev_state, next_pid, prio, comm)
cpu0_a = [(S + 1000, 0, 10, 120, "alpha"), (S + 5000, 1, 0, 120, "swapper/0"),
          (S + 7000, 0, 11, 120, "beta")]
cpu0_b = [(S + 20000, 256, 10, 120, "alpha"), (S + 26000, 1, 0, 120, "swapper/0")]
wak0 = [(S + 6000, 11, 0, 120, "beta"), (S + 19000, 10, 0, 120, "alpha")]
# CPU 1, typed, earlier than CPU 0's second bundle: (ts, prev, next)
cpu1 = [(S + 500, (0, ""), (12, "gamma")), (S + 9000, (12, "gamma"), (0, "swapper/1"))]
cpu1_late = [(S + 30000, (0, "swapper/1"), (12, "gamma"))]  # after lost events
END = S + 40000

trace = b""
trace += field(1, msg((8, S), (10, 1)))  # a packet of another kind (a timestamp only)
trace += packet(bundle(0, (4, compact(cpu0_a, wak0[:1]))))
trace += packet(bundle(0, (4, compact(cpu0_b, wak0[1:]))))
trace += packet(bundle(1, *[(2, switch_event(ts, p[0], p[1], p[0], 1, n[1], n[0]))
                            for ts, p, n in cpu1]))
generic = msg((1, "hw_pressure_update"), (2, msg((1, "cpu"), (4, 1))),
              (2, msg((1, "hw_pressure"), (5, 200))))
trace += packet(bundle(1, (2, msg((1, S + 9500), (2, 0), (327, generic))),
                       (2, msg((1, S + 9600), (2, 0), (3, msg((1, 0xffff), (2, "hello\n"))))),
                       (2, msg((1, S + 9700), (2, 0), (21, msg((1, "Rescheduling")))))))
trace += packet(bundle(1, (3, 1), *[(2, switch_event(ts, p[0], p[1], p[0], 1, n[1], n[0]))
                                    for ts, p, n in cpu1_late]))
def print_event(ts, pid):
    return (2, msg((1, ts), (2, pid), (3, msg((1, 0), (2, "at %d\n" % pid)))))


# the names of pids: a thread's (13), a process's cmdline (14), task_newtask (15), compact (10)
trace += field(1, msg((45, msg((1, msg((1, "Linux"), (3, "6.12.30-android16-5"), (4, "aarch64")))))))
trace += field(1, msg((2, msg((2, msg((1, 13), (3, 13), (2, "delta-thread"))),
                              (1, msg((1, 14), (2, 1), (3, "/system/bin/epsilon"), (3, "--x")))))))
named = {13: "delta-thread", 14: "epsilon", 15: "zeta", 10: "alpha"}
trace += packet(bundle(2, print_event(S + 10000, 13), print_event(S + 10100, 14),
                       (2, msg((1, S + 10200), (2, 0), (235, msg((1, 15), (2, "zeta"))))),
                       print_event(S + 10300, 15), print_event(S + 10400, 10)))
trace += packet(bundle(0, (2, msg((1, END), (2, 0), (13, msg((1, 1), (2, 0)))))))  # cpu_idle
path = os.path.join(out, "forms.pftrace")
with open(path, "wb") as f:
    f.write(trace)

# expected, from the lists above
first, last = S + 500, END
run = {}


def ran(pid, a, b):
    if pid:
        run[pid] = run.get(pid, 0) + b - a


# CPU 0: nothing known before its first switch (compact gives no prev: pid 0 from the start)
seq0 = cpu0_a + cpu0_b
for (t, _, pid, _, _), nxt in zip(seq0, seq0[1:] + [(last,)]):
    ran(pid, t, nxt[0])
# CPU 1: gamma from 500 to 9000; lost events, then from its switch at 30000 to the end
ran(12, S + 500, S + 9000)
ran(12, S + 30000, last)
comms = {10: "alpha", 11: "beta", 12: "gamma"}

a = json.loads(subprocess.run([capsim, "analyze", path, "--json"], check=True,
                              capture_output=True, text=True).stdout)
if [round(x * 1e9) for x in a["window_s"]] != [first, last]:
    fail(f"window {a['window_s']} != [{first}, {last}] ns")
want_events = {"sched_switch": len(seq0) + len(cpu1) + len(cpu1_late), "sched_waking": len(wak0),
               "hw_pressure_update": 1, "print": 1 + len(named), "cpu_idle": 1, "task_newtask": 1}
if a["events"] != want_events:
    fail(f"events {a['events']} != {want_events}")
if a["skipped"].get("unknown_event") != 1 or a["skipped"].get("late") != 0:
    fail(f"skipped {a['skipped']}: expected unknown_event 1 (ipi_entry), late 0")
got = {t["pid"]: t for t in a["tasks"]}
for pid, ns in run.items():
    g = got.get(pid)
    if not g or round(g["runtime_s"] * 1e9) != ns or g["comm"] != comms[pid]:
        fail(f"pid {pid}: {g and (g['comm'], g['runtime_s'])} != ({comms[pid]}, {ns} ns)")
c1 = a["cpus"]["1"]
# from its last event read before the loss (the print: ipi_entry is not read) to its next switch
lost_ns = (S + 30000) - (S + 9600)
if c1["lost_markers"] != 1 or round(c1["lost_s"] * 1e9) != lost_ns:
    fail(f"CPU 1 lost: {c1['lost_markers']} markers, {c1['lost_s']} s; expected 1, {lost_ns} ns")
# the events as JSON lines: the generic event's fields typed, print's buf without its newline
ev = os.path.join(out, "forms.jsonl")
subprocess.run([capsim, "analyze", path, "--events", ev, "-o", os.devnull], check=True)
lines = [json.loads(x) for x in open(ev)]
hw = [x for x in lines if x["event"] == "hw_pressure_update"]
if not hw or hw[0]["fields"] != {"cpu": 1, "hw_pressure": 200}:
    fail(f"hw_pressure_update fields: {hw and hw[0]}")
pr = [x for x in lines if x["event"] == "print"]
if not pr or pr[0]["fields"].get("buf") != "hello":
    fail(f"print fields: {pr and pr[0]}")
for x in pr[1:]:
    if x["comm"] != named.get(x["pid"]):
        fail(f"pid {x['pid']}: comm {x['comm']!r} (expected {named.get(x['pid'])!r})")
if len(pr) != 1 + len(named):
    fail(f"{len(pr)} prints (expected {1 + len(named)})")
# the kernel the trace names chooses the model (6.12: v6.12); --model wins
if (a["kernel_release"], a["model"], a["model_chosen_by"]) != ("6.12.30-android16-5", "v6.12",
                                                               "kernel_release"):
    fail(f"system_info: {a['kernel_release']}, {a['model']}, {a['model_chosen_by']}")
b = json.loads(subprocess.run([capsim, "analyze", path, "--json", "--model", "v6.9"], check=True,
                              capture_output=True, text=True).stdout)
if (b["model"], b["model_chosen_by"]) != ("v6.9", "option"):
    fail(f"--model v6.9: {b['model']}, {b['model_chosen_by']}")
# truncated: an error naming the byte where the trace ends, exit 1
cut = os.path.join(out, "cut.pftrace")
with open(cut, "wb") as f:
    f.write(trace[:len(trace) - 3])
r = subprocess.run([capsim, "analyze", cut], capture_output=True, text=True)
want = f"capsim: {cut}: byte {len(trace) - 3}: the trace ends inside a TracePacket"
if r.returncode != 1 or not r.stderr.startswith(want):
    fail(f"truncated: exit {r.returncode}, {r.stderr.strip()!r}; expected 1, {want!r}...")
print(f"analyze on Perfetto forms: {len(run)} tasks compared, {fails} failures")
sys.exit(1 if fails else 0)
