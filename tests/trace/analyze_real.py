#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""analyze_real.py - `capsim analyze --json` on the real traces of tests/data/traces/, against
the figures this script works out from the same text by itself (docs/formats.md, "Trace
analysis", the definitions): event counts by name, the window, per CPU the busy time and the
frequency residency (cpu_frequency events and devlib's cpu_frequency_devlib markers), per task
the run time on each CPU, switch-ins, CPU changes, migrations and wake-up latency quantiles.
A real systrace HTML page (an Android phone's, 8 CPUs) is read as the ftrace text this script
takes out of its trace-data blocks with Python's own HTML parser, and again as atrace's zlib
form ("TRACE:" then zlib); its JSON block is counted as skipped; truncated, it is an error
naming its line; and as catapult's trace2html writes it (base64 of gzip, and base64 alone).
The Juno trace is `trace-cmd report` text with libtraceevent's sched_switch plugin text; it is
also read gzip'ed, zstd'ed and xz'ed, and with its LISA PlatformInfo as the platform (it traces
no pressure: each CPU's actual capacity must be its original capacity throughout). The
trace.dat it was printed from is read by capsim's trace.dat reader and checked against the
figures of `trace-cmd report -t` of it (ns), exactly.

Usage: analyze_real.py CAPSIM DATADIR OUTDIR
"""
import base64
import gzip
import html.parser
import json
import lzma
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib

capsim, data, out = sys.argv[1:4]
shutil.rmtree(out, ignore_errors=True)
os.makedirs(out)
# sec.fraction, or (group 5 None) the raw ns Debian's trace-cmd 3.1.6 now and then prints for a
# whole `report -t` under load (tests/traces/trace_text.py reads both too)
CTX = re.compile(r"^\s*(.*?)-(\d+)\s+(?:\(\s*[-\d]+\)\s+)?\[(\d+)\]\s+(?:[\w.]{4,5}\s+)?"
                 r"(\d+)(?:\.(\d+))?:\s+(\w+):\s?(.*)$")
PLUGIN_SWITCH = re.compile(r"^\s*(.+):(\d+) \[(\d+)\] (\S+) ==> (.+):(\d+) \[(\d+)\]\s*$")
fails = compared = 0


def fail(msg):
    global fails
    fails += 1
    print("FAIL:", msg)


def close(a, b, tol, what):
    global compared
    compared += 1
    if a is None or b is None or abs(a - b) > tol:
        fail(f"{what}: capsim {a} != expected {b}")


def quantile(v, q):
    v = sorted(v)
    h = (len(v) - 1) * q
    lo = int(h)
    return v[lo] if lo + 1 >= len(v) else v[lo] + (h - lo) * (v[lo + 1] - v[lo])


def expected(path):
    """The figures of the definitions, from the text."""
    counts, ev = {}, []
    with open(path) as f:
        for line in f:
            m = CTX.match(line.rstrip("\n"))
            if not m:
                continue
            ts = (int(m.group(4)) if m.group(5) is None else
                  int(m.group(4)) * 10**9 + int(m.group(5).ljust(9, "0")[:9]))
            counts[m.group(6)] = counts.get(m.group(6), 0) + 1
            ev.append((ts, int(m.group(3)), m.group(6), m.group(7)))
    ev.sort(key=lambda e: e[0])  # stable: equal times keep the file's order
    first, last = ev[0][0], ev[-1][0]
    cur, since, busy, freq, tasks = {}, {}, {}, {}, {}

    def task(pid, comm=None):
        t = tasks.setdefault(pid, {"comm": "", "rt": 0, "by": {}, "sw": 0, "chg": 0, "last": None,
                                   "mig": 0, "wk": 0, "woken": None, "lat": []})
        if comm and comm != "<...>":
            t["comm"] = comm
        return t

    def run(cpu, now):
        pid = cur.get(cpu)
        if pid:
            d = now - since[cpu]
            busy[cpu] = busy.get(cpu, 0) + d
            t = task(pid)
            t["rt"] += d
            t["by"][cpu] = t["by"].get(cpu, 0) + d
        since[cpu] = now

    def setf(cpu, khz, now):
        fr = freq.setdefault(cpu, {"first": now, "cur": None, "since": now, "res": {}})
        if fr["cur"] is not None:
            fr["res"][fr["cur"]] = fr["res"].get(fr["cur"], 0) + now - fr["since"]
        fr["cur"], fr["since"] = khz, now

    for ts, cpu, name, body in ev:
        # a value runs to the next " key=" (comms hold spaces: "Jit thread pool") or " ==>"
        kv = dict(re.findall(r"(\w+)=(.*?)(?= \w+=| ==>|$)", body))
        if name == "sched_switch":
            m = PLUGIN_SWITCH.match(body)
            if m:
                pc, pp, nc, np_ = m.group(1), int(m.group(2)), m.group(5), int(m.group(6))
            else:
                pc, pp, nc, np_ = kv["prev_comm"], int(kv["prev_pid"]), kv["next_comm"], int(kv["next_pid"])
            if cpu not in cur:
                cur[cpu], since[cpu] = pp, first
            run(cpu, ts)
            cur[cpu] = np_
            if pp:
                task(pp, pc)
            if np_:
                t = task(np_, nc)
                t["sw"] += 1
                if t["woken"] is not None:
                    t["lat"].append(ts - t["woken"])
                    t["woken"] = None
                if t["last"] is not None and t["last"] != cpu:
                    t["chg"] += 1
                t["last"] = cpu
        elif name in ("sched_wakeup", "sched_wakeup_new") and int(kv["pid"]):
            t = task(int(kv["pid"]), kv.get("comm"))
            t["wk"] += 1
            if t["woken"] is None:
                t["woken"] = ts
        elif name == "sched_migrate_task" and int(kv["pid"]):
            task(int(kv["pid"]), kv.get("comm"))["mig"] += 1
        elif name == "cpu_frequency":
            setf(int(kv["cpu_id"]), int(kv["state"]), ts)
        elif name in ("print", "tracing_mark_write") and "cpu_frequency_devlib:" in body:
            setf(int(kv["cpu_id"]), int(kv["state"]), ts)
    for cpu in cur:
        run(cpu, last)
    for fr in freq.values():
        setf_cpu = fr["cur"]
        fr["res"][setf_cpu] = fr["res"].get(setf_cpu, 0) + last - fr["since"]
    return counts, first, last, busy, freq, tasks


def check(trace, exp, extra=(), label=None):
    label = label or os.path.basename(trace)
    a = json.loads(subprocess.run([capsim, "analyze", trace, "--json", *extra], check=True,
                                  capture_output=True, text=True).stdout)
    counts, first, last, busy, freq, tasks = exp
    if a["events"] != counts:
        fail(f"{label}: events {a['events']} != {counts}")
    close(round(a["window_s"][0] * 1e9), first, 0, f"{label}: window start")
    close(round(a["window_s"][1] * 1e9), last, 0, f"{label}: window end")
    for cpu, b in busy.items():
        c = a["cpus"][str(cpu)]
        close(round(c["busy_s"] * 1e9), b, 0, f"{label}: CPU {cpu} busy ns")
        close(c["busy_pct"], 100.0 * b / (last - first), 1e-4, f"{label}: CPU {cpu} busy_pct")
    for cpu, fr in freq.items():
        got = {int(k): v for k, v in a["cpus"][str(cpu)]["freq_residency_pct"].items()}
        span = last - fr["first"]
        want = {k: 100.0 * v / span for k, v in fr["res"].items()} if span else {}
        if set(got) != set(want):
            fail(f"{label}: CPU {cpu} frequencies {sorted(got)} != {sorted(want)}")
        for k in want:
            close(got.get(k), want[k], 1e-4, f"{label}: CPU {cpu} residency at {k}")
    got_tasks = {t["pid"]: t for t in a["tasks"]}
    if set(got_tasks) != set(tasks):
        fail(f"{label}: pids {sorted(got_tasks)} != {sorted(tasks)}")
    for pid, t in tasks.items():
        g = got_tasks.get(pid)
        if not g:
            continue
        what = f"{label}: pid {pid}"
        if g["comm"] != t["comm"]:
            fail(f"{what}: comm {g['comm']} != {t['comm']}")
        close(round(g["runtime_s"] * 1e9), t["rt"], 0, f"{what} runtime ns")
        by = {int(k): round(v * 1e9) for k, v in g["runtime_by_cpu_s"].items()}
        if by != {k: v for k, v in t["by"].items() if v}:
            fail(f"{what}: runtime by CPU {by} != {t['by']}")
        for key, want in (("switch_ins", t["sw"]), ("cpu_changes", t["chg"]),
                          ("migrations", t["mig"]), ("wakeups", t["wk"])):
            close(g[key], want, 0, f"{what} {key}")
        for q, name in ((0.5, "p50"), (0.9, "p90"), (0.99, "p99"), (1.0, "max")):
            want = quantile(t["lat"], q) / 1000.0 if t["lat"] else None
            if want is None:
                if g["wakeup_latency_us"][name] is not None:
                    fail(f"{what}: latency {name} should be null")
            else:
                close(g["wakeup_latency_us"][name], want, 1e-3, f"{what} latency {name}")
    return a


juno = os.path.join(data, "juno-sched-load.report.txt")
exp = expected(juno)
a = check(juno, exp)
# the devlib markers gave the frequencies: every CPU has a residency
for cpu in range(6):
    if not a["cpus"][str(cpu)]["freq_residency_pct"]:
        fail(f"juno: CPU {cpu} has no frequency residency (devlib markers missed)")
# compressed: the same figures
raw = open(juno, "rb").read()
for ext, comp in (("gz", gzip.compress), ("xz", lzma.compress)):
    p = os.path.join(out, "juno." + ext)
    open(p, "wb").write(comp(raw))
    check(p, exp, label="juno." + ext)
if shutil.which("zstd"):
    p = os.path.join(out, "juno.zst")
    subprocess.run(["zstd", "-q", "-f", juno, "-o", p], check=True)
    check(p, exp, label="juno.zst")
# with its PlatformInfo: no traced pressure, so the actual capacity is the original throughout
yml = os.path.join(data, "..", "lisa", "juno-sched-load.plat_info.yml")
m = re.search(r"cpu-capacities:\s*\n\s*orig:\s*\n((?:\s+\d+:\s*\d+\n)+)", open(yml).read())
caps = [int(x) for x in m.group(1).split()[1::2]]
ap = check(juno, exp, ("--platform", yml), "juno --platform")
for cpu in range(6):
    c = ap["cpus"][str(cpu)]
    close(c["capacity_orig"], caps[cpu], 0, f"juno CPU {cpu} capacity_orig")
    close(c["mean_actual_capacity"], c["capacity_orig"], 0, f"juno CPU {cpu} mean actual")
    close(c["min_actual_capacity"], c["capacity_orig"], 0, f"juno CPU {cpu} min actual")
# each wake-up placed or skipped for a counted reason: the text's sched_wakeup(_new) lines (this
# Juno run traced none), with its PlatformInfo and with the Juno device tree capsim ships
wakes = sum(n for e, n in exp[0].items() if e in ("sched_wakeup", "sched_wakeup_new"))
for plat, pl in (("plat_info", ap["placements"]),
                 ("juno-r2.dtb", check(juno, exp, ("--platform", "juno-r2"),
                                       "juno --platform juno-r2")["placements"])):
    close(pl["wakeups"], wakes, 0, f"juno {plat}: placements.wakeups")
    close(pl["placed"] + sum(pl["skipped"].values()), wakes, 0, f"juno {plat}: placed + skipped")
# the other shared traces: counts, window (and whatever switches and frequencies they hold)
for name in ("juno-ipa-thermal.txt", "lkml_juno_util_est_pelt_rampdown.txt",
             "format-ref-cpu_frequency_limits.systrace"):
    p = os.path.join(data, name)
    check(p, expected(p))
# a real trace.dat (LISA's, the run juno-sched-load.report.txt was printed from): capsim's
# trace.dat reader, plain and xz'ed, against `trace-cmd report -t` (ns) of the same file
dat_xz = os.path.join(data, "juno-sched-load.dat.xz")
dat = os.path.join(out, "juno-sched-load.dat")
with open(dat_xz, "rb") as f, open(dat, "wb") as o:
    o.write(lzma.decompress(f.read()))
rep = os.path.join(out, "juno-sched-load.dat.report")
with open(rep, "w") as o:
    subprocess.run(["trace-cmd", "report", "-t", dat], stdout=o, check=True)
exp_dat = expected(rep)
check(dat, exp_dat, label="juno trace.dat")
check(dat_xz, exp_dat, label="juno trace.dat.xz")
check(dat, exp_dat, ("--platform", yml), "juno trace.dat --platform")
# the same file with trace-cmd's uname option (TRACECMD_OPTION_UNAME, 5: "sysname nodename
# release machine") put first in its options: one page more before the CPUs' data, their
# offsets moved by it. The model is then the 4.19 kernel's (before 6.6: v6.1), the figures
# the same; an explicit --model wins.
raw = open(dat, "rb").read()


def with_uname(release):
    """The trace.dat with a uname option naming @release."""
    opts = raw.index(b"options  \0") + 10
    fly = raw.index(b"flyrecord\0", opts) + 10
    uname = b"Linux juno " + release.encode() + b" aarch64\0"
    option = struct.pack("<HI", 5, 4096 - 6) + uname.ljust(4096 - 6, b"\0")
    table = bytearray(raw[fly:fly + 16 * 6])
    for c in range(6):
        off, size = struct.unpack_from("<QQ", table, 16 * c)
        struct.pack_into("<QQ", table, 16 * c, off + 4096, size)
    path = os.path.join(out, f"juno-uname-{release}.dat")
    open(path, "wb").write(raw[:opts] + option + raw[opts:fly] + bytes(table) +
                           raw[fly + 16 * 6:])
    return path


dat_u = with_uname("4.19.0-capsim-test")
u = check(dat_u, exp_dat, label="juno trace.dat with uname")
if (u["kernel_release"], u["model"], u["model_chosen_by"]) != ("4.19.0-capsim-test", "v6.1",
                                                               "kernel_release"):
    fail(f"uname: {u['kernel_release']}, {u['model']}, {u['model_chosen_by']} (expected "
         "4.19.0-capsim-test, v6.1, kernel_release)")
u = check(dat_u, exp_dat, ("--model", "v6.12"), "juno trace.dat with uname, --model v6.12")
if (u["model"], u["model_chosen_by"]) != ("v6.12", "option"):
    fail(f"uname, --model v6.12: {u['model']}, {u['model_chosen_by']} (expected v6.12, option)")
if (a["kernel_release"], a["model"], a["model_chosen_by"]) != (None, "v6.10", "default"):
    fail(f"text trace: {a['kernel_release']}, {a['model']}, {a['model_chosen_by']} (expected "
         "None, v6.10, default)")
# --pelt auto: the form of the kernel the trace names (PELT runs on clock_pelt since v5.1),
# before the event rule (this trace logs 4.x's sched_load_se, which alone says pre-5.1); a
# trace that names none keeps the event rule; an explicit --pelt wins.
def pelt_of(trace, extra=()):
    p = check(trace, exp_dat, ("--platform", yml, *extra), f"{trace} {' '.join(extra)}")["pelt"]
    return p["form"], p["chosen_by"]


def form_of_release(release):
    major, minor = (int(x) for x in re.match(r"(\d+)\.(\d+)", release).groups())
    return "pre-5.1" if (major, minor) < (5, 1) else "5.1"


for release in ("4.19.0-capsim-test", "5.0.21", "5.1.0", "6.12.3-arm64"):
    want = (form_of_release(release), "kernel_release")
    got = pelt_of(dat_u if release.startswith("4.19") else with_uname(release))
    if got != want:
        fail(f"--pelt auto, kernel {release}: {got} (expected {want})")
if pelt_of(dat) != ("pre-5.1", "trace_events"):
    fail(f"--pelt auto, no kernel named: {pelt_of(dat)} (expected pre-5.1, trace_events)")
if pelt_of(dat_u, ("--pelt", "5.1")) != ("5.1", "option"):
    fail("--pelt 5.1 on a 4.19 trace: the option must win")


class TraceData(html.parser.HTMLParser):
    """The text of each <script class="trace-data"> block, as a browser's DOM has it."""

    def __init__(self):
        super().__init__(convert_charrefs=False)
        self.blocks, self.cur = [], None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "script" and "trace-data" in (a.get("class") or "").split():
            self.cur = []

    def handle_endtag(self, tag):
        if tag == "script" and self.cur is not None:
            self.blocks.append("".join(self.cur))
            self.cur = None

    def handle_data(self, d):
        if self.cur is not None:
            self.cur.append(d)


# a real systrace page (ARM-software/trappy's tests/trace_surfaceflinger.html, README): the
# ftrace text of its trace-data blocks, its JSON block skipped and counted
page_xz = os.path.join(data, "android-systrace.html.xz")
with open(page_xz, "rb") as f:
    page = lzma.decompress(f.read())
parser = TraceData()
parser.feed(page.decode())
texts = [b for b in parser.blocks if not b.lstrip().startswith(("{", "["))]
if len(parser.blocks) != 2 or len(texts) != 1:
    fail(f"systrace: {len(parser.blocks)} trace-data blocks, {len(texts)} text (expected 2, 1)")
ftrace = os.path.join(out, "android-systrace.txt")
open(ftrace, "w").write(texts[0])
exp_sys = expected(ftrace)
if sum(exp_sys[0].values()) < 2000 or len(exp_sys[5]) < 20:
    fail(f"systrace: only {sum(exp_sys[0].values())} events, {len(exp_sys[5])} tasks read by the test")
page_html = os.path.join(out, "android-systrace.html")
open(page_html, "wb").write(page)
for p in (page_html, page_xz):
    s = check(p, exp_sys, label=os.path.basename(p))
    if s["skipped"].get("html_blocks") != 1:
        fail(f"{p}: skipped {s['skipped']}: expected html_blocks 1 (the JSON block)")
gz = os.path.join(out, "android-systrace.html.gz")
open(gz, "wb").write(gzip.compress(page))
check(gz, exp_sys, label="android-systrace.html.gz")
# the same text as catapult's trace2html writes it (tracing_build/trace2html.py @ 038e3d28,
# ViewerDataScript: `<script id="viewer-data" type="text/plain">`, newline, base64 of the gzip'ed
# trace, newline, `</script>`; systrace with more than 4 agents calls it), the page around it
# the real one's, and its controller's JSON as an application/json block (counted, not read);
# html2trace.py also reads a block base64'd without gzip
json_block = [b for b in parser.blocks if b.lstrip().startswith(("{", "["))][0]
viewer_head = page[:page.index(b'<script class="trace-data"')]
for name, enc in (("trace2html", lambda b: gzip.compress(b)), ("trace2html-plain", lambda b: b)):
    body = b"".join(b'<script id="viewer-data" type="%s">\n%s\n</script>\n' %
                    (t, base64.b64encode(enc(d.encode())))
                    for t, d in ((b"text/plain", texts[0]), (b"application/json", json_block)))
    p = os.path.join(out, f"android-systrace.{name}.html")
    open(p, "wb").write(viewer_head + body + b"</body></html>\n")
    s = check(p, exp_sys, label=name)
    if s["skipped"].get("html_blocks") != 1:
        fail(f"{name}: skipped {s['skipped']}: expected html_blocks 1 (the JSON block)")
# cut inside its base64: the page ends inside the block, named
cut = open(os.path.join(out, "android-systrace.trace2html.html"), "rb").read()
start = cut.index(b'id="viewer-data"')
cut = cut[:(start + cut.index(b"</script>", start)) // 2]
cut_p = os.path.join(out, "android-systrace.trace2html.cut.html")
open(cut_p, "wb").write(cut)
r = subprocess.run([capsim, "analyze", cut_p], capture_output=True, text=True)
viewer_line = viewer_head.count(b"\n") + 1
want = (f"the HTML ends inside the viewer-data block opened at line {viewer_line} (expected "
        f"its </script>: a truncated file?)")
if r.returncode != 1 or want not in r.stderr:
    fail(f"truncated trace2html page: exit {r.returncode}, {r.stderr!r} (expected 1, {want!r})")
# atrace -z: "TRACE:" then the text zlib-compressed
z = os.path.join(out, "android-systrace.atrace-z")
open(z, "wb").write(b"TRACE:\n" + zlib.compress(texts[0].encode()))
check(z, exp_sys, label="atrace -z")
# truncated inside the text block: an error naming the line the page ends on and the block's
cut = page[:page.index(b"sched_switch", len(page) // 2)]
cut_p = os.path.join(out, "android-systrace.cut.html")
open(cut_p, "wb").write(cut)
r = subprocess.run([capsim, "analyze", cut_p], capture_output=True, text=True)
block_line = page[:page.index(b'<script class="trace-data"')].count(b"\n") + 1
end_line = cut.count(b"\n") + 1
want = (f"{cut_p}:{end_line}: the HTML ends inside the trace-data block opened at "
        f"line {block_line} (expected its </script>: a truncated file?)")
if r.returncode != 1 or want not in r.stderr:
    fail(f"truncated page: exit {r.returncode}, {r.stderr!r} (expected 1, {want!r})")
# a zlib stream cut short: the byte it ends at
zc = os.path.join(out, "android-systrace.atrace-z.cut")
open(zc, "wb").write(open(z, "rb").read()[:5000])
r = subprocess.run([capsim, "analyze", zc], capture_output=True, text=True)
if r.returncode != 1 or "the compressed stream ends early" not in r.stderr:
    fail(f"truncated atrace -z: exit {r.returncode}, {r.stderr!r}")
# --events: one JSON object per event line, fields typed
ev = os.path.join(out, "juno.jsonl")
subprocess.run([capsim, "analyze", juno, "--events", ev, "-o", os.devnull], check=True)
n = 0
with open(ev) as f:
    for line in f:
        o = json.loads(line)
        n += 1
        if o["event"] == "sched_load_se" and not isinstance(o["fields"]["util"], int):
            fail(f"jsonl: sched_load_se util not an integer: {line}")
if n != sum(exp[0].values()):
    fail(f"jsonl: {n} lines != {sum(exp[0].values())} events")
print(f"analyze on real traces: {compared} figures compared, {fails} failures")
sys.exit(1 if fails else 0)
