#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check-doc-examples.py - run every capsim example of README.md, docs/*.md and each command's
--help, and fail if one does not run or its shown output drifts (as zstd's cli-tests and git's
t0450 keep docs honest).

What is run:
- in any fenced block, each line `$ capsim ...` (with what follows it on the line: pipes,
  `&& echo identical`, a `# comment`): it must exit 0;
- in a block right after a `<!-- example -->` line, the lines after each `$ ` command, up to the
  next `$ ` line, are its exact output, where a line `...` stands for any number of lines (a
  command shown with no output there is run only);
- in a block right after `<!-- example: run -->`, also every line starting with `capsim `
  (the README's lists of commands): run only;
- in each `capsim CMD --help`, every line of its examples section: run only.

Every input file an example names must exist (shipped or written by an earlier example), even
in the lines not run: a reader copying an example must find its files (named_inputs()). Lines
that need another program (a Slurm or Dask cluster) are listed in SKIP with the reason.
Everything runs in a scratch directory whose entries link to the source tree's, with `capsim`
on PATH, so written outputs stay there.

Usage: tools/check-doc-examples.py CAPSIM_BINARY [SOURCE_DIR]
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

DOCS = ["README.md"]  # and docs/*.md, added in main()
# an argument with one of these endings names a file (an input unless it follows OUTPUT_OPTS)
FILE_ENDINGS = (".json", ".jsonl", ".dtb", ".dts", ".yml", ".yaml", ".csv", ".txt", ".gz")
# options (and shell redirections) whose argument is a file the command writes
OUTPUT_OPTS = ("-o", "--output", ">", "--trace", "--report", "--csv", "--rtapp-log", "--runs-dir",
               "--events")
# substrings of example lines not run here, with why
SKIP = {
    "--engine dask": "needs a Dask cluster (tests/python runs the Dask engine)",
    "sbatch": "needs Slurm",
}
TIMEOUT_S = 120


def blocks(path):
    """(marker, first line number, lines) for each fenced block of @path."""
    out, cur, marker, last = [], None, None, ""
    with open(path, encoding="utf-8") as f:
        for no, line in enumerate(f, 1):
            s = line.rstrip("\n")
            if s.strip().startswith("```"):
                if cur is None:
                    m = re.match(r"<!--\s*example(:\s*run)?\s*-->", last.strip())
                    marker = None if not m else ("run" if m.group(1) else "exact")
                    cur = (no, [])
                else:
                    out.append((marker, cur[0], cur[1]))
                    cur = None
                continue
            if cur is not None:
                cur[1].append(s)
            elif s.strip():
                last = s
    return out


def examples_of(path):
    """(where, command, expected lines or None) for every example in @path"""
    found = []
    for marker, start, lines in blocks(path):
        i = 0
        # the block's own indentation goes (README's blocks sit in list items)
        lines = [l.rstrip() for l in lines]
        base = min((len(l) - len(l.lstrip()) for l in lines if l.strip()), default=0)
        lines = [l[base:] for l in lines]
        while i < len(lines):
            line, where = lines[i], "%s:%d" % (path, start + 1 + i)
            i += 1
            if line.startswith("$ capsim") or (marker == "run" and line.startswith("capsim ")):
                cmd = line[2:] if line.startswith("$ ") else line
                expected = None
                if marker == "exact":
                    expected = []
                    while i < len(lines) and not lines[i].startswith("$ "):
                        expected.append(lines[i])
                        i += 1
                    while expected and not expected[-1].strip():
                        expected.pop()
                found.append((where, cmd, expected or None))
    return found


def help_examples(capsim):
    found = []
    top = subprocess.run([capsim, "--help"], capture_output=True, text=True).stdout
    cmds = re.findall(r"^  (\w+) ", top.split("commands:")[1], re.M)
    for c in cmds:
        text = subprocess.run([capsim, c, "--help"], capture_output=True, text=True).stdout
        m = re.search(r"^[Ee]xamples?:\n((?:  .*\n?)+)", text, re.M)
        if not m:
            found.append(("capsim %s --help" % c, None, "no examples section"))
            continue
        for line in m.group(1).splitlines():
            if line.strip().startswith("capsim "):
                found.append(("capsim %s --help" % c, line.strip(), None))
    return found


def matches(expected, got):
    """@got (lines) against @expected, where a '...' line matches any number of lines"""
    if not expected:
        return not got
    if expected[0] == "...":
        rest = expected[1:]
        return any(matches(rest, got[k:]) for k in range(len(got) + 1)) if rest else True
    return bool(got) and got[0].rstrip() == expected[0].rstrip() and matches(expected[1:], got[1:])


def named_inputs(cmd):
    """The files @cmd reads: each argument ending as a file name, but those an output option or
    a redirection names, and a comment's words."""
    words = cmd.split("#", 1)[0].replace("&&", " ").replace("|", " ").split()
    return [w for k, w in enumerate(words)
            if w.endswith(FILE_ENDINGS) and (k == 0 or words[k - 1] not in OUTPUT_OPTS)
            and not w.startswith(">")]


def make_scratch(src, capsim):
    d = tempfile.mkdtemp(prefix="capsim-docs-")
    for e in os.listdir(src):
        if not e.startswith("."):
            os.symlink(os.path.join(src, e), os.path.join(d, e))
    os.mkdir(os.path.join(d, ".bin"))
    os.symlink(os.path.abspath(capsim), os.path.join(d, ".bin", "capsim"))
    return d


def main():
    capsim = sys.argv[1]
    src = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else
                          os.path.join(os.path.dirname(__file__), ".."))
    docs = DOCS + sorted("docs/" + f for f in os.listdir(os.path.join(src, "docs"))
                         if f.endswith(".md"))
    todo = []
    for doc in docs:
        todo += examples_of(os.path.join(src, doc))
    todo += help_examples(capsim)
    scratch = make_scratch(src, capsim)
    env = dict(os.environ, PATH=os.path.join(scratch, ".bin") + os.pathsep + os.environ["PATH"],
               LC_ALL="C")
    failed = ran = 0
    try:
        for where, cmd, expected in todo:
            where = where.replace(src + "/", "")
            if cmd is None:
                print("FAIL %s: %s" % (where, expected), file=sys.stderr)
                failed += 1
                continue
            missing = [f for f in named_inputs(cmd) if not os.path.exists(os.path.join(scratch, f))]
            if missing:
                print("FAIL %s: %s\n  names %s: no such file (examples must name shipped files)"
                      % (where, cmd, ", ".join(missing)), file=sys.stderr)
                failed += 1
                continue
            why = next((r for s, r in SKIP.items() if s in cmd), None)
            if why:
                print("skip %s: %s (%s)" % (where, cmd, why))
                continue
            ran += 1
            p = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], cwd=scratch, env=env,
                               capture_output=True, text=True, timeout=TIMEOUT_S)
            # a reader closing the pipe early (| head) is no failure of the example
            ok = p.returncode == 0 or (p.returncode == 141 and "|" in cmd)
            if not ok:
                print("FAIL %s: %s\n  exit %d: %s" % (where, cmd, p.returncode,
                                                     p.stderr.strip()[:500]), file=sys.stderr)
                failed += 1
            elif expected is not None and not matches(expected, p.stdout.splitlines()):
                print("FAIL %s: %s\n  its shown output drifted; now:\n%s" %
                      (where, cmd, "".join("    " + l + "\n" for l in
                                           p.stdout.splitlines()[:40])), file=sys.stderr)
                failed += 1
    finally:
        shutil.rmtree(scratch)
    print("%d doc examples run, %d failed" % (ran, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
