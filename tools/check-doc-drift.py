#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check-doc-drift.py - docs and comments that cannot drift from the tree they describe
(tests/cli/docs_drift.sh runs it):
  - every src/ path named in a doc or a comment exists (rt-app's own src/rt-app*.c, another
    project's files, aside);
  - every kernel function a comment says capsim "mirrors X()" is one the cited kernel has: a
    comment citing 6.1, 6.12 or 7.3 is checked against that version's names, any other against
    6.1 and 6.12 (kernel-check/names/linux-*.txt, made from the source tarballs by
    tools/kernel-names.py: names only, so no kernel source is read here); one that cites only
    another 7.x kernel, which has no list, is counted and not checked;
  - the docs and every --help carry no tracker references ("(issue 7)", "before issue 16").
Usage: tools/check-doc-drift.py SOURCE_DIR CAPSIM_BINARY
"""
import os
import re
import subprocess
import sys

WHERE = ("README.md", "CMakeLists.txt", "Makefile", "docs", "src", "include", "cli", "tools",
         "tests", "kernel-check", "bench", "fuzz", "python", "dist")
SKIP_DIRS = {"data", "__pycache__", "names"}
PATH = re.compile(r"(?<![A-Za-z0-9_$/.-])(src/[A-Za-z0-9_/.-]+\.(?:c|h|py|md))\b")
MIRRORS = re.compile(r"mirrors ([A-Za-z_]\w*)\(\)")
V6_1 = re.compile(r"(?<![\d.])v?6\.1(?![\d])")
V6_12 = re.compile(r"(?<![\d.])v?6\.12(?![\d])")
V6_OTHER = re.compile(r"(?<![\d.])v?6\.(?:9|10|11)(?![\d])")
V7_3 = re.compile(r"(?<![\d.])v?7\.3(?![\d])")
V7 = re.compile(r"(?<![\d.])v?7\.\d+")
TRACKER = re.compile(r"\(issues? \d+|[Ii]ssues? \d+\)|(?:before|after|since|in) issue \d+|[Ii]ssue \d+")


def files(root):
    for top in WHERE:
        path = os.path.join(root, top)
        if os.path.isfile(path):
            yield top
            continue
        for d, dirs, names in os.walk(path):
            dirs[:] = [x for x in dirs if x not in SKIP_DIRS]
            for n in names:
                yield os.path.relpath(os.path.join(d, n), root)


def read(root, f):
    try:
        with open(os.path.join(root, f), encoding="utf-8") as fp:
            return fp.read()
    except (UnicodeDecodeError, OSError):
        return None


def main():
    root, capsim = sys.argv[1], sys.argv[2]
    lists = {}
    fails = []
    for v in ("6.1", "6.12", "7.3"):
        p = os.path.join(root, "kernel-check", "names", "linux-%s.txt" % v)
        try:
            with open(p) as fp:
                lists[v] = {x.strip() for x in fp if x.strip() and not x.startswith("#")}
        except OSError:
            fails.append("no name list %s" % p)
            lists[v] = set()
    paths = mirrors = unchecked = 0
    for f in files(root):
        text = read(root, f)
        if text is None:
            continue
        lines = text.split("\n")
        for i, line in enumerate(lines):
            for m in PATH.finditer(line):
                if m.group(1).startswith("src/rt-app"):
                    continue
                paths += 1
                if not os.path.exists(os.path.join(root, m.group(1))):
                    fails.append("%s:%d: %s does not exist" % (f, i + 1, m.group(1)))
            if not f.endswith((".c", ".h")):
                continue
            for m in MIRRORS.finditer(line):
                cite = line[m.end():] + " " + (lines[i + 1] if i + 1 < len(lines) else "")
                want = [v for v, r in (("6.1", V6_1), ("6.12", V6_12), ("7.3", V7_3))
                        if r.search(cite)]
                if not want:
                    if V7.search(cite) and not V6_OTHER.search(cite):
                        unchecked += 1
                        continue
                    want = ["6.1", "6.12"]
                mirrors += 1
                if not any(m.group(1) in lists[v] for v in want):
                    fails.append("%s:%d: mirrors %s(), which linux %s do%s not have" %
                                 (f, i + 1, m.group(1), " and ".join(want),
                                  "" if len(want) > 1 else "es"))
    docs = ["README.md"] + [f for f in files(root) if f.endswith(".md")]
    for f in sorted(set(docs)):
        for i, line in enumerate((read(root, f) or "").split("\n")):
            if TRACKER.search(line):
                fails.append("%s:%d: a tracker reference: %s" % (f, i + 1, line.strip()))
    helps = subprocess.run([capsim, "--help"], capture_output=True, text=True).stdout
    commands = re.findall(r"^  ([a-z]+) ", helps.split("commands:\n", 1)[1], re.M)
    for c in [None] + commands:
        out = subprocess.run([capsim] + ([c] if c else []) + ["--help"], capture_output=True,
                             text=True).stdout
        if TRACKER.search(out):
            fails.append("capsim %s --help: a tracker reference" % (c or ""))
    if paths < 100 or mirrors < 100:
        fails.append("too few paths (%d) or mirrors (%d) found: the scan is broken" % (paths, mirrors))
    for x in fails:
        print("FAIL: " + x)
    if not fails:
        print("ok: %d src/ paths exist, %d mirrored kernel functions are in their versions "
              "(%d citing only 7.x unchecked), no tracker references" % (paths, mirrors, unchecked))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
