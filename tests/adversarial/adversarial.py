# SPDX-License-Identifier: MIT
"""An adversarial pass over capsim's readers and argument checks: malformed inputs made
deterministically (a fixed seed) for `capsim analyze` and its trace reader (ftrace text raw and
not, trace-cmd report text, truncated lines, huge numbers, bad arrays, binary garbage, empty,
compressed), every command's option table (odd values, repeated options, missing values,
overflowing numbers, unit grammars), the Python binding's validation layer (wrong types, NaN
and infinities, huge integers, closed objects), LISA PlatformInfo YAML and SWEEP.json.

Each input is run once (under `timeout`) and sorted into: crash (killed by a signal),
sanitizer report (AddressSanitizer, UndefinedBehaviorSanitizer, LeakSanitizer on stderr), hang
(the timeout), silent success (exit 0 where an error is due: the input is known bad) or fine.
Build with `make asan` and give its program and library:

    tests/adversarial/adversarial.py --capsim build-asan/capsim \
        --lib build-asan/libcapsim.so --work /tmp/adv [-v]

Exit status 0 when every count but the inputs' is 0. ctest runs it (label adversarial) only
with CAPSIM_ADVERSARIAL=1: it takes minutes under the sanitizers (exit 77, skipped, otherwise).
"""
import argparse
import gzip
import json
import lzma
import os
import random
import re
import shutil
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DATA = os.path.join(ROOT, "tests", "data")
SANITIZER = re.compile(r"ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:|"
                       r"SUMMARY: UndefinedBehaviorSanitizer")
ERROR, EITHER = "error", "either"


class Case:
    def __init__(self, cat, name, argv, expect, files=None, stdin=None, python=None):
        self.cat, self.name, self.argv, self.expect = cat, name, argv, expect
        self.files, self.stdin, self.python = files or {}, stdin, python


def lines_of(path, n):
    with open(path, "rb") as f:
        return f.read().splitlines()[:n]


# --- analyze: the trace reader -----------------------------------------------------------------

FTRACE = [
    b"# tracer: nop",
    b"#",
    b"          <idle>-0       [000] d..2  1000.000100: sched_switch: prev_comm=swapper/0 "
    b"prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=task1 next_pid=42 next_prio=120",
    b"           task1-42      [000] d..3  1000.000200: sched_waking: comm=task2 pid=43 "
    b"prio=120 target_cpu=001",
    b"          <idle>-0       [001] dn.2  1000.000300: sched_switch: prev_comm=swapper/1 "
    b"prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=task2 next_pid=43 next_prio=120",
    b"           task1-42      [000] d..2  1000.000400: cpu_frequency: state=1200000 cpu_id=0",
    b"           task2-43      [001] d..2  1000.000500: sched_switch: prev_comm=task2 "
    b"prev_pid=43 prev_prio=120 prev_state=S ==> next_comm=swapper/1 next_pid=0 next_prio=120",
    b"           task1-42      [000] d..2  1000.000600: cpu_idle: state=4294967295 cpu_id=0",
]


def trace_mutations(rng, base, tag):
    """Malformed variants of the trace lines @base: (name, bytes, expect)."""
    text = b"\n".join(base) + b"\n"
    out = []
    body = [l for l in base if l and not l.startswith(b"#")]
    # truncated at every few bytes of an event line: the reader may take a prefix as a line
    for k in range(12):
        line = rng.choice(body)
        cut = rng.randrange(1, len(line))
        out.append(("%s-trunc-line-%d" % (tag, k), text + line[:cut], EITHER))
    for k in range(4):
        cut = rng.randrange(1, len(text))
        out.append(("%s-trunc-file-%d" % (tag, k), text[:cut], EITHER))
    # numbers: huge, negative, overflowing 64 bits, NaN-like, in timestamps and fields
    for k, big in enumerate([b"99999999999999999999999", b"18446744073709551616", b"-1",
                             b"1e308", b"nan", b"0x", b"340282366920938463463374607431768211457",
                             b"9223372036854775808"]):
        line = rng.choice(body)
        nums = [m for m in re.finditer(rb"\d+", line)]
        m = rng.choice(nums)
        out.append(("%s-number-%d" % (tag, k), text + line[:m.start()] + big + line[m.end():] +
                    b"\n", EITHER))
    # timestamps beyond what ns fit in 64 bits
    out.append(("%s-ts-overflow" % tag, text + re.sub(rb"\d+\.\d{6}:", b"99999999999999.999999:",
                                                      body[-1], count=1) + b"\n", ERROR))
    # brackets and arrays: unterminated, nested, empty
    for k, arr in enumerate([b"[", b"{{0x96", b"[1,2", b"{{}}", b"[[[[[[[[", b"[999999999999]",
                             b"{", b"]"]):
        line = rng.choice(body)
        pos = rng.randrange(len(line))
        out.append(("%s-array-%d" % (tag, k), text + line[:pos] + arr + line[pos:] + b"\n",
                    EITHER))
    # garbage
    out.append(("%s-binary" % tag, bytes(rng.randrange(256) for _ in range(4096)), ERROR))
    out.append(("%s-nul-in-line" % tag, text + body[0][:20] + b"\0" + body[0][20:] + b"\n",
                EITHER))
    out.append(("%s-long-line" % tag, text + b"x" * (1 << 20) + b"\n", ERROR))
    out.append(("%s-long-comm" % tag, text + body[0].replace(b"task1", b"t" * 70000) + b"\n",
                EITHER))
    out.append(("%s-many-fields" % tag, text + body[0] + b" a=1" * 5000 + b"\n", EITHER))
    out.append(("%s-cpu-huge" % tag, text + body[0].replace(b"[000]", b"[99999999]") + b"\n",
                EITHER))
    out.append(("%s-cpu-neg" % tag, text + body[0].replace(b"[000]", b"[-01]") + b"\n", EITHER))
    out.append(("%s-crlf" % tag, text.replace(b"\n", b"\r\n"), EITHER))
    # random byte flips
    for k in range(8):
        b = bytearray(text)
        for _ in range(rng.randrange(1, 6)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        out.append(("%s-flip-%d" % (tag, k), bytes(b), EITHER))
    return out


def analyze_cases(rng, work):
    cases = []
    srcs = [("ftrace", FTRACE),
            ("report", lines_of(os.path.join(DATA, "traces", "juno-sched-load.report.txt"), 60)),
            ("ipa", lines_of(os.path.join(DATA, "traces", "juno-ipa-thermal.txt"), 60)),
            ("lkml", lines_of(os.path.join(DATA, "traces",
                                           "lkml_juno_util_est_pelt_rampdown.txt"), 60))]
    for tag, base in srcs:
        for name, data, expect in trace_mutations(rng, base, tag):
            cases.append(Case("analyze", name, ["analyze", "{f}", "--json"], expect,
                              {"f": (name + ".txt", data)}))
    # ftrace's raw format (trace_options raw): numbers in hex, no field names
    raw = [b"          <idle>-0     [000] d..2  1000.000100: 315 0 0 120 0 42 120",
           b"           task1-42    [000] d..3  1000.000200: 316 task2 43 120 1"]
    for k, mut in enumerate([b"", b" ffffffffffffffffffff", b" zz", b" -1"]):
        data = b"\n".join(raw) + mut + b"\n"
        cases.append(Case("analyze", "raw-%d" % k, ["analyze", "{f}"], EITHER,
                          {"f": ("raw%d.txt" % k, data)}))
    # the empty file and headers only: nothing to analyze is an error
    for name, data in [("empty", b""), ("header-only", b"# tracer: nop\n#\n"),
                       ("newlines", b"\n" * 1000)]:
        cases.append(Case("analyze", name, ["analyze", "{f}"], ERROR, {"f": (name + ".txt", data)}))
    # compressed: a whole stream of a good trace (ok), cut short, garbage under each suffix
    good = b"\n".join(FTRACE) + b"\n"
    gz, xz = gzip.compress(good, mtime=0), lzma.compress(good)
    comp = [("gz-ok", ".gz", gz, EITHER), ("gz-cut", ".gz", gz[:len(gz) // 2], ERROR),
            ("gz-header-only", ".gz", gz[:10], ERROR), ("gz-garbage", ".gz", b"\x1f\x8b" + bytes(
                rng.randrange(256) for _ in range(300)), ERROR),
            ("gz-trailing", ".gz", gz + b"garbage", EITHER),
            ("gz-of-binary", ".gz", gzip.compress(bytes(rng.randrange(256) for _ in range(3000)),
                                                  mtime=0), ERROR),
            ("gz-bad-crc", ".gz", gz[:-8] + b"\0\0\0\0" + gz[-4:], ERROR),
            ("xz-cut", ".xz", xz[:len(xz) // 2], ERROR), ("xz-garbage", ".xz", b"\xfd7zXZ\0" +
                                                          b"\x01" * 100, ERROR),
            ("zst-garbage", ".zst", b"\x28\xb5\x2f\xfd" + b"\xff" * 100, ERROR),
            ("gz-empty", ".gz", b"", ERROR),  # no events: an error, as the empty text trace
            ("gz-bomb-ish", ".gz", gzip.compress(b"\n" * (8 << 20), mtime=0), EITHER)]
    for name, ext, data, expect in comp:
        cases.append(Case("analyze", name, ["analyze", "{f}"], expect, {"f": (name + ext, data)}))
    # options of analyze on a good trace
    cases.append(Case("analyze", "stdin-garbage", ["analyze", "-"], ERROR,
                      stdin=bytes(rng.randrange(256) for _ in range(2000))))
    cases.append(Case("analyze", "directory", ["analyze", "{d}"], ERROR, {"d": ("adir/", None)}))
    cases.append(Case("analyze", "events-is-trace", ["analyze", "{f}", "--events", "{f}"], ERROR,
                      {"f": ("same.txt", good)}))
    cases.append(Case("analyze", "platform-is-trace", ["analyze", "{f}", "--platform", "{f}"],
                      ERROR, {"f": ("plat.json", good)}))
    return cases


# --- option tables ------------------------------------------------------------------------------

BAD_VALUES = ["", " ", "-1", "18446744073709551616", "99999999999999999999999999", "1e309",
              "nan", "inf", "-inf", "0x", "1..2", "5zz", "\u00e9", "1 2", "1,", ",", "=", "@",
              "1s1s", "-0", "+", "9" * 400]
# a value is a file name for these metavariables: any string is one
FILE_META = re.compile(r"^(F|FILE|DIR|OUT|F\.html|F\.jsonl|RTAPP\.json|FILE\.json|SCENARIO\.json|"
                       r"results\.csv\|results\.json|P|ADDR|TRACE|[A-Z]+\.json|CSV|STATE)$")


def help_options(capsim, cmd):
    """(--option, METAVAR or None, repeatable) of `capsim CMD --help`."""
    res = subprocess.run([capsim, cmd, "--help"], capture_output=True, text=True, timeout=60)
    opts = []
    for line in res.stdout.splitlines():
        m = re.match(r"^\s+(?:-\w, )?(--[a-z][a-z0-9-]*)(?:[ =]([^\s]+))?(?:\s|$)", line)
        if m:
            opts.append((m.group(1), m.group(2), "repeatable" in line))
    return opts


def option_cases(rng, capsim):
    cases = []
    cmds = ["simulate", "compare", "capacity", "pelt", "place", "analyze", "sweep", "platform"]
    for cmd in cmds:
        for opt, meta, _rep in help_options(capsim, cmd):
            if opt in ("--help", "--version"):
                continue
            if not meta:
                # a flag given a value
                cases.append(Case("options", "%s%s=x" % (cmd, opt), [cmd, opt + "=x"], ERROR))
                continue
            cases.append(Case("options", "%s%s-missing" % (cmd, opt), [cmd, opt], ERROR))
            if FILE_META.match(meta) or opt in ("--platform", "--emit", "--engine"):
                continue
            for v in rng.sample(BAD_VALUES, 5):
                cases.append(Case("options", "%s%s=%r" % (cmd, opt, v[:20]),
                                  [cmd, "--help-not"] if False else [cmd, opt, v], ERROR))
    # grammars of the values shared by commands
    sc = os.path.join(ROOT, "scenarios", "default.json")
    grammar = [
        ["simulate", sc, "--duration", "1s", "--duration", "2s"],
        ["simulate", sc, "--duration", "0"], ["simulate", sc, "--duration", "1.0000000005"],
        ["simulate", sc, "--duration", "584y"], ["simulate", sc, "--duration", "18446744073709551615ns"],
        ["simulate", sc, "--duration", "1e3"], ["simulate", sc, "--duration", ".s"],
        ["simulate", sc, "--max-freq", "policy4=408MHz@"], ["simulate", sc, "--max-freq", "=408MHz"],
        ["simulate", sc, "--max-freq", "policy99=408MHz"], ["simulate", sc, "--max-freq", "policy4=4294967296"],
        ["simulate", sc, "--max-freq", "policy4=408GHz"], ["simulate", sc, "--max-freq", "policy4=-408MHz"],
        ["simulate", sc, "--max-freq", "policy4=408MHz@-1s"], ["simulate", sc, "--max-freq", "policy-1=1"],
        ["simulate", sc, "--hw-cap", "0-5=408MHz@1s"], ["simulate", sc, "--hw-cap", "0-5=408MHz@1s+"],
        ["simulate", sc, "--hw-cap", "5-0=408MHz@1s+1s"], ["simulate", sc, "--hw-cap", "0-99999=1@0+1s"],
        ["simulate", sc, "--hw-cap", "0,,1=408MHz@0+1s"], ["simulate", sc, "--hw-cap", "=@+"],
        ["simulate", sc, "--seed", "18446744073709551616"], ["simulate", sc, "--seed", "-5"],
        ["simulate", sc, "--hz", "0"], ["simulate", sc, "--hz", "4294967546"],
        ["simulate", sc, "--model", "v6.9,v6.10"], ["simulate", sc, "--model", ""],
        ["simulate", sc, "--trace-format", "dat", "--trace-format", "json"],
        ["simulate", sc, "--timeout", "0"], ["simulate", sc, "--max-events", "0"],
        ["compare", sc, "--models", ",,"], ["compare", sc, "--models", "v6.9,v6.9"],
        ["compare", sc, "--models", "v6.9,"], ["compare", sc, "--jobs", "0"], ["compare", sc, "--jobs", "257"],
        ["compare", sc, "--decay-shift", "11"], ["compare", sc, "--capped-threshold", "0s"],
        ["capacity", "--platform", "rk3399", "--after", "2h"], ["capacity", "--platform", "rk3399", "--after", "-1s"],
        ["capacity", "--platform", "rk3399", "--max-freq", "policy0=0"],
        ["pelt", "--period", "0"], ["pelt", "--duty", "101"], ["pelt", "--duty", "-1"],
        ["analyze", "{f}", "--hz", "0"], ["analyze", "{f}", "--hz", "1001"], ["analyze", "{f}", "--model", "v5"],
        ["analyze"], ["analyze", "{f}", "{f}"], ["sweep"], ["sweep", "{s}", "--max-runs", "0"],
        ["sweep", "{s}", "--max-runs", "18446744073709551615"], ["sweep", "{s}", "--jobs", "-1"],
        ["sweep", "{s}", "--emit", "yaml"], ["sweep", "{s}", "--engine", "mpi"],
        ["sweep", "{s}", "--scheduler", "tcp://x"], ["platform", "show", "no-such-board"],
        ["platform", "show"], ["simulate", "--", "--duration"], ["simulate", "-o"],
        ["simulate", sc, "-oo"], ["simulate", sc, "--dur", "1s"], ["simulate", sc, "---duration", "1s"],
    ]
    trace = b"\n".join(FTRACE) + b"\n"
    swp = json.dumps({"scenario": sc, "fixed": {"duration": "100ms"}, "grid": {"seed": [1]}})
    # every line is an error but `-oo`, which is `-o o` (getopt's attached value), an option
    # given twice (the last counts: docs/cli.md) and a cap above every OPP (the kernel's
    # scaling_max_freq takes one)
    either = ("-oo", "2s", "json", "policy4=408GHz")
    for k, argv in enumerate(grammar):
        cases.append(Case("options", "grammar-%d:%s" % (k, " ".join(argv[:1] + argv[2:])[:60]),
                          argv, EITHER if argv[-1] in either else ERROR,
                          {"f": ("g.trace", trace), "s": ("g.sweep.json", swp.encode())}))
    return cases


# --- LISA YAML ----------------------------------------------------------------------------------

def lisa_cases(rng):
    base = open(os.path.join(DATA, "lisa", "em-ok.yml"), "rb").read()
    lines = base.splitlines()
    cases = []
    muts = []
    for k in range(14):  # a line cut, dropped or doubled
        i = rng.randrange(len(lines))
        how = k % 3
        l2 = list(lines)
        if how == 0:
            l2[i] = l2[i][:rng.randrange(len(l2[i]) + 1)]
        elif how == 1:
            del l2[i]
        else:
            l2.insert(i, l2[i])
        muts.append(("line-%d" % k, b"\n".join(l2) + b"\n", EITHER))
    for k, tok in enumerate([b"99999999999999999999999", b"-1", b"1e400", b".nan", b"~", b"[]",
                             b"{}", b"!!binary AAAA", b"*undefined", b"&a [*a]", b"'unterminated",
                             b'"\\xZZ"', b"0x" + b"f" * 40, b"18446744073709551616"]):
        nums = [m for m in re.finditer(rb"\b\d+\b", base)]
        m = rng.choice(nums)
        muts.append(("value-%d" % k, base[:m.start()] + tok + base[m.end():], EITHER))
    muts += [("empty", b"", ERROR), ("binary", bytes(rng.randrange(256) for _ in range(2000)), ERROR),
             ("tabs", base.replace(b"  ", b"\t"), ERROR),
             ("deep", b"a:\n" + b"".join(b"  " * i + b"- \n" for i in range(1, 400)), ERROR),
             ("flow-deep", b"conf: " + b"[" * 10000 + b"\n", ERROR),
             ("doc-twice", base + b"---\n" + base, EITHER),
             ("nul", base[:50] + b"\0" + base[50:], ERROR),
             ("alias-loop", b"a: &x\n  b: *x\n", ERROR),
             ("dup-top", base + lines[0] + b"\n", EITHER)]
    for name, data, expect in muts:
        cases.append(Case("lisa", name, ["platform", "show", "{f}"], expect,
                          {"f": ("lisa-%s.yml" % name, data)}))
    return cases


# --- SWEEP.json ---------------------------------------------------------------------------------

def sweep_cases(rng, work):
    # the shipped default scenario for 100 ms: a run's values are checked as it is read, so
    # each sweep runs (an error is a failed run: exit 1)
    with open(os.path.join(ROOT, "scenarios", "default.json")) as f:
        base = json.load(f)
    base["duration"] = "100ms"
    sc = os.path.join(work, "sweep-base.json")
    with open(sc, "w") as f:
        json.dump(base, f)
    good = {"scenario": sc, "grid": {"seed": [1, 2]}}
    bad = [
        '{"scenario": "%s", "grid": {"seed": [1]}, "grid": {"seed": [2]}}' % sc,
        '{"scenario": "%s", "fixed": {"duration": "1s", "duration": "9999s"}}' % sc,
        '{"scenario": "%s", "grid": {"seed": [18446744073709551616]}}' % sc,
        '{"scenario": "%s", "grid": {"seed": [-1]}}' % sc,
        '{"scenario": "%s", "grid": {"seed": [1.5]}}' % sc,
        '{"scenario": "%s", "grid": {"seed": "1"}}' % sc,
        '{"scenario": "%s", "grid": {"seed": []}}' % sc,
        '{"scenario": "%s", "grid": {"seed": [null]}}' % sc,
        '{"scenario": "%s", "grid": 5}' % sc, '{"scenario": 5}', '{"scenario": null}',
        '{"scenario": "%s", "runs": [null]}' % sc, '{"scenario": "%s", "runs": [5]}' % sc,
        '{"scenario": "%s", "runs": {}}' % sc, '{"scenario": "%s", "name": 5}' % sc,
        '{"scenario": "%s", "grid": {"hz": [0]}}' % sc,
        '{"scenario": "%s", "grid": {"hz": [4294967546]}}' % sc,
        '{"scenario": "%s", "grid": {"duration": ["-1s"]}}' % sc,
        '{"scenario": "%s", "grid": {"duration": ["0"]}}' % sc,
        '{"scenario": "%s", "grid": {"duration": [1e400]}}' % sc,
        '{"scenario": "%s", "grid": {"model": ["v5"]}}' % sc,
        '{"scenario": "%s", "grid": {"governor": ["ondemand"]}}' % sc,
        '{"scenario": "%s", "grid": {"caps": [{"policy99": "408MHz"}]}}' % sc,
        '{"scenario": "%s", "grid": {"caps": [{"policy4": "-1"}]}}' % sc,
        '{"scenario": "%s", "grid": {"caps": ["policy4=408MHz"]}}' % sc,
        '{"scenario": "%s", "grid": {"uclamp": [{"nosuchtask": {"min": 5000}}]}}' % sc,
        '{"scenario": "%s", "grid": {"uclamp": [{"": {"min": -1}}]}}' % sc,
        '{"scenario": "%s", "grid": {"nosuchfield": [1]}}' % sc,
        '{"scenario": "%s", "grid": {"seed": [1], "seed": [2]}}' % sc,
        '{"scenario": "%s", "grid": {"platform": ["no-such-board"]}}' % sc,
        '{"scenario": "%s", "grid": {"workload": ["/nonexistent.json"]}}' % sc,
        '{"scenario": "/nonexistent.json"}', '{"scenario": "%s"' % sc, '', '[]', 'null', '5',
        '{"scenario": "%s", "grid": {"seed": [%s]}}' % (sc, ",".join(["1"] * 3)),
        '{"scenario": "%s", "grid": {"seed": %s}}' % (sc, "[" * 5000 + "]" * 5000),
        '{"scenario": "%s", "grid": {"seed": [1]}} trailing' % sc,
        '{"scenario": "%s", "grid": {"seed": [1]}}\0' % sc,
        '{"scenario": "%s", "fixed": {"hw_caps": [{"cpus": "0-99", "khz": 1}]}}' % sc,
        '{"scenario": "%s", "fixed": {"seed": 1e3}}' % sc,
        '{"scenario": "%s", "grid": {"seed": [NaN]}}' % sc,
        '{"scenario": "%s", "grid": {"seed": [Infinity]}}' % sc,
        '{"scenario": "%s", "grid": {"seed": [1]}, "description": ["x"]}' % sc,
        '{"scenario": "%s", "grid": {"seed": [1]}, "\\u0000": 1}' % sc,
    ]
    cases = []
    for k, text in enumerate(bad):
        # "seed": [1, 1, 1] is a grid of one run (deduplicated); the rest are errors
        cases.append(Case("sweep", "sweep-%d" % k, ["sweep", "{f}", "--jobs", "1",
                                                    "--runs-dir", "{r}"],
                          EITHER if "[1,1,1]" in text else ERROR,
                          {"f": ("sw%d.json" % k, text.encode()), "r": ("runs%d/" % k, None)}))
    # random flips of a good one
    gtext = json.dumps(good).encode()
    for k in range(10):
        b = bytearray(gtext)
        b[rng.randrange(len(b))] = rng.choice(b'{}[],:"\\0x-e9 ')
        cases.append(Case("sweep", "sweep-flip-%d" % k, ["sweep", "{f}", "--jobs", "1",
                                                         "--runs-dir", "{r}"], EITHER,
                          {"f": ("swf%d.json" % k, bytes(b)), "r": ("runsf%d/" % k, None)}))
    return cases


# --- the Python binding -------------------------------------------------------------------------

PY_PROBES = [
    "capsim.Platform(123)", "capsim.Platform(b'rk3399')", "capsim.Platform('')",
    "capsim.Platform('rk3399', overlays=[1])", "capsim.Platform('rk3399', overlays='x.json')",
    "capsim.Platform('rk3399', overlays=[None])", "capsim.Platform(None)",
    "capsim.Platform('rk3399\\0x')", "capsim.Platform('/dev/null')",
    "capsim.simulate(duration=float('nan'))", "capsim.simulate(duration=float('inf'))",
    "capsim.simulate(duration=-float('inf'))", "capsim.simulate(duration=2**200)",
    "capsim.simulate(duration=-1)", "capsim.simulate(duration=0)", "capsim.simulate(duration='1x')",
    "capsim.simulate(duration=1e30)", "capsim.simulate(duration=[1])",
    "capsim.simulate(seed=2**64)", "capsim.simulate(seed=-1)", "capsim.simulate(seed=1.0)",
    "capsim.simulate(seed=True)", "capsim.simulate(seed=float('nan'))",
    "capsim.simulate(hz=float('nan'))", "capsim.simulate(hz=2**32+250)", "capsim.simulate(hz='250')",
    "capsim.simulate(hz=0)", "capsim.simulate(model=None)", "capsim.simulate(model=3.5)",
    "capsim.simulate(model=2**32+1)", "capsim.simulate(model='v5')", "capsim.simulate(governor=5)",
    "capsim.simulate(series='yes')", "capsim.simulate(123)", "capsim.simulate({'duration': float('nan')})",
    "capsim.simulate({'seed': 2**70})", "capsim.simulate({'platform': None})",
    "capsim.capacity('rk3399', after=float('nan'))", "capsim.capacity('rk3399', after=-1)",
    "capsim.capacity('rk3399', after=2**70)", "capsim.capacity('rk3399', max_freq={4: 2**32+408000})",
    "capsim.capacity('rk3399', max_freq={4: float('inf')})", "capsim.capacity('rk3399', max_freq={'x': 1})",
    "capsim.capacity('rk3399', max_freq=[1])", "capsim.compare(None, models='v6.9')",
    "capsim.compare(None, models=[None])", "capsim.compare(None, models=[])",
    "capsim.place('{}')", "capsim.place(5)", "capsim.place('{\"cpus\": [' * 1000)",
    "capsim.place({}, model=None)",
    "p = capsim.Platform('rk3399'); p.close(); p.name",
    "p = capsim.Platform('rk3399'); p.close(); p.close(); capsim.capacity(p)",
    "s = capsim.Scenario.default(); s.close(); capsim.simulate(s)",
    "s = capsim.Scenario.default(); s.__del__(); s.set(seed=1)",
    "w = capsim.Workload(None)", "w = capsim.Workload(5)",
    "capsim.Scenario.parse('{', name='x')", "capsim.Scenario.parse({'duration': 'x'})",
    "capsim.Scenario.parse({}, name=5)", "capsim.Scenario.parse({}, dir=5)",
    "capsim.sweep(5)", "capsim.sweep('/nonexistent.json')",
]


PY_FINE = ("capsim.Platform(b'rk3399')", "capsim.simulate(model=None)")  # a bytes path is a
# path, as os.open() takes one; None is "not given" (Scenario.set()'s default)


def python_cases():
    return [Case("python", "py-%d" % k, None, EITHER if p in PY_FINE else ERROR, python=p)
            for k, p in enumerate(PY_PROBES)]


# --- running ------------------------------------------------------------------------------------

def materialize(case, work):
    subst = {}
    for key, (name, data) in case.files.items():
        path = os.path.join(work, name)
        if name.endswith("/"):
            os.makedirs(path, exist_ok=True)
            if data is None and key == "r":
                shutil.rmtree(path)
        else:
            with open(path, "wb") as f:
                f.write(data)
        subst[key] = path.rstrip("/")
    return [a.format(**subst) if "{" in a and subst else a for a in case.argv]


def run_case(case, args, work):
    env = dict(os.environ, ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:abort_on_error=0",
               UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1")
    if case.python is not None:
        if not args.lib:
            return None
        code = ("import capsim, sys\ntry:\n    %s\nexcept (TypeError, ValueError, capsim.CapsimError,"
                " OSError, FileNotFoundError, RuntimeError) as e:\n    print(type(e).__name__,"
                " e, file=sys.stderr); sys.exit(1)\n" % case.python.replace("; ", "\n    "))
        env.update(PYTHONPATH=os.path.join(ROOT, "python"), CAPSIM_LIB=args.lib, CAPSIM=args.capsim)
        env["ASAN_OPTIONS"] = "halt_on_error=1:detect_leaks=0"  # the interpreter's own
        if args.preload:
            env["LD_PRELOAD"] = args.preload
        cmd = [args.python, "-c", code]
    else:
        cmd = [args.capsim] + materialize(case, work)
    try:
        res = subprocess.run(cmd, input=case.stdin, capture_output=True, timeout=args.timeout,
                             cwd=work, env=env)
    except subprocess.TimeoutExpired:
        return "hang", ""
    err = res.stderr.decode(errors="replace")
    if SANITIZER.search(err):
        return "sanitizer", err
    if res.returncode < 0 or res.returncode >= 128:
        return "crash", err
    if res.returncode == 0 and case.expect == ERROR:
        return "silent", err + res.stdout.decode(errors="replace")[:300]
    return "fine", err


def sanitizer_runtimes(lib):
    """The ASan/UBSan runtimes @lib links (ldd), for LD_PRELOAD into the interpreter: an ASan
    library must come first in a process it did not start."""
    try:
        out = subprocess.run(["ldd", lib], capture_output=True, text=True, timeout=30).stdout
    except OSError:
        return None
    libs = re.findall(r"=> (\S*lib(?:asan|ubsan)\.so[.\d]*)", out)
    return ":".join(libs) or None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--capsim", required=True)
    ap.add_argument("--lib", help="libcapsim.so for the Python probes (none: skipped)")
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--preload", help="LD_PRELOAD for the Python probes (the ASan runtime)")
    ap.add_argument("--work", required=True)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--only", help="a category")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    if os.environ.get("CAPSIM_ADVERSARIAL_CTEST") and not os.environ.get("CAPSIM_ADVERSARIAL"):
        print("adversarial pass skipped (set CAPSIM_ADVERSARIAL=1)")
        return 77
    args.capsim = os.path.abspath(args.capsim)
    if args.lib:
        args.lib = os.path.abspath(args.lib)
        if not args.preload:
            args.preload = sanitizer_runtimes(args.lib)
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    rng = random.Random(30)
    cases = (analyze_cases(rng, args.work) + option_cases(rng, args.capsim) + lisa_cases(rng) +
             sweep_cases(rng, args.work) + python_cases())
    if args.only:
        cases = [c for c in cases if c.cat == args.only]
    counts = {"inputs": 0, "crash": 0, "sanitizer": 0, "hang": 0, "silent": 0, "fine": 0}
    per_cat = {}
    for case in cases:
        got = run_case(case, args, args.work)
        if got is None:
            continue
        what, err = got
        counts["inputs"] += 1
        counts[what] += 1
        per_cat[case.cat] = per_cat.get(case.cat, 0) + 1
        if what != "fine" or args.v:
            print("%s: %s/%s: %s" % (what.upper(), case.cat, case.name,
                                     err.strip().splitlines()[-1][:300] if err.strip() else ""))
    print("adversarial: %d inputs (%s): %d crashes, %d sanitizer reports, %d hangs, "
          "%d silent successes on bad input" % (
              counts["inputs"], ", ".join("%s %d" % kv for kv in sorted(per_cat.items())),
              counts["crash"], counts["sanitizer"], counts["hang"], counts["silent"]))
    return 1 if counts["crash"] + counts["sanitizer"] + counts["hang"] + counts["silent"] else 0


if __name__ == "__main__":
    sys.exit(main())
