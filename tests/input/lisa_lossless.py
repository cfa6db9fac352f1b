#!/usr/bin/env python3
# The LISA YAML holds a whole capsim platform (docs/formats.md, "LISA PlatformInfo YAML"): for
# every shipped platform, `platform show P --format lisa` loaded back shows the same
# `platform show --json` as P itself, but for what names the file it came from (`platform`,
# `source`, `notes`, `freq_invariance_given`, each CPU's `node` and `compatible`); the YAML's
# top level is LISA's `platform-info` and capsim's own `capsim` only (LISA reads the first); and
# every shipped scenario simulated on the round-tripped platform gives the same run (events,
# energy, the whole JSON report). A broken value under `capsim:` is refused with FILE:LINE:COL.
# Usage: lisa_lossless.py CAPSIM OUTDIR
import glob, json, os, re, shutil, subprocess, sys

capsim, out = sys.argv[1], sys.argv[2]
SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
IGNORED = ("platform", "source", "notes", "freq_invariance_given")
shutil.rmtree(out, ignore_errors=True)
os.makedirs(out)
fail = 0


def bad(msg):
    global fail
    fail = 1
    print("FAIL " + msg)


def run(*args, ok=True):
    r = subprocess.run([capsim, *args], capture_output=True, text=True)
    if ok and r.returncode:
        sys.exit("capsim %s: exit %d: %s" % (" ".join(args), r.returncode, r.stderr))
    return r


def show(p):
    d = json.loads(run("platform", "show", p, "--json").stdout)
    for k in IGNORED:
        d.pop(k, None)
    for c in d["cpus"]:
        c.pop("node", None)
        c.pop("compatible", None)
    return d


def differences(a, b, path="$"):
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            yield from differences(a.get(k, "<absent>"), b.get(k, "<absent>"), path + "." + k)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            yield from differences(x, y, "%s[%d]" % (path, i))
    elif a != b:
        yield "%s: %s != %s" % (path, json.dumps(a)[:60], json.dumps(b)[:60])


def top_level_keys(text):
    return [m.group(1) for m in re.finditer(r"^([A-Za-z][\w-]*):", text, re.M)]


lines = run("platform", "list").stdout.splitlines()[1:]
names = [l.split()[0] for l in lines if l.strip()]
shipped = {os.path.basename(f).split(".")[0] for f in glob.glob(os.path.join(SRC, "data/platforms/*.dt[sb]"))}
if not names or set(names) != shipped:
    bad("platform list %s is not data/platforms/ %s" % (names, sorted(shipped)))
yml = {}
for name in names:
    yml[name] = os.path.join(out, name + ".plat_info.yml")
    text = run("platform", "show", name, "--format", "lisa").stdout
    with open(yml[name], "w") as f:
        f.write(text)
    if top_level_keys(text) != ["platform-info", "capsim"]:
        bad("%s: top-level keys %s (expected platform-info, capsim)" % (name, top_level_keys(text)))
    a, b = show(name), show(yml[name])
    if not a["cpus"] or "sched_domains" not in a:
        bad("%s: nothing to compare" % name)
    for d in differences(a, b):
        bad("%s: %s" % (name, d))

# the same runs: each shipped scenario on its platform and on that platform's YAML
for sc in sorted(glob.glob(os.path.join(SRC, "scenarios", "*.json"))):
    with open(sc) as f:
        plat = json.load(f).get("platform", "rk3399")
    if plat not in yml:
        continue
    ra = json.loads(run("simulate", sc, "--platform", plat, "--duration", "1s", "--json").stdout)
    rb = json.loads(run("simulate", sc, "--platform", yml[plat], "--duration", "1s", "--json").stdout)
    tag = os.path.basename(sc)
    if ra["events"] != rb["events"] or ra["energy_j"] != rb["energy_j"]:
        bad("%s: %d events %s J on %s, %d events %s J on its YAML" % (
            tag, ra["events"], ra["energy_j"], plat, rb["events"], rb["energy_j"]))
    for d in differences(ra, rb):
        bad("%s: %s" % (tag, d))
    print("%s on %s: %d events, %s J, both ways" % (tag, plat, ra["events"], ra["energy_j"]))

# a malformed value under capsim: is an error at its line (the first CPU's cluster)
with open(yml["rk3399"]) as f:
    text = f.read().splitlines(keepends=True)
start = text.index("capsim:\n")
line = next(i for i in range(start, len(text)) if text[i].strip().startswith("cluster:"))
text[line] = re.sub(r"cluster: .*", "cluster: lots", text[line])
broken = os.path.join(out, "broken.yml")
with open(broken, "w") as f:
    f.writelines(text)
r = run("platform", "show", broken, "--json", ok=False)
want = "%s:%d:" % (broken, line + 1)
if r.returncode == 0 or want not in r.stderr or "cluster" not in r.stderr or r.stdout:
    bad("broken capsim.cpus[0].cluster: exit %d, stderr %r (expected %s ... cluster)" % (
        r.returncode, r.stderr, want))

# an nrg-model edited without the capsim: key (which rebuilds the EM from the OPPs' power) is
# refused, naming the CPU and the frequency, rather than ignored: the first active state's mW
with open(yml["rk3399"]) as f:
    text = f.read().splitlines(keepends=True)
line = next(i for i, t in enumerate(text) if "ActiveState [" in t)
m = re.search(r"- (\d+): .*ActiveState \[(\d+), ([0-9.]+)\]", text[line])
khz, mw = int(m.group(1)), float(m.group(3))
text[line] = text[line].replace(m.group(3) + "]", "%.3f]" % (mw + 1))
edited = os.path.join(out, "edited-em.yml")
with open(edited, "w") as f:
    f.writelines(text)
r = run("platform", "show", edited, "--json", ok=False)
want = ["%s:" % edited, "nrg-model", "%d kHz" % khz, "%d uW here" % round((mw + 1) * 1000),
        "%d uW from the capsim: key" % round(mw * 1000)]
if r.returncode != 1 or r.stdout or any(w not in r.stderr for w in want):
    bad("edited nrg-model: exit %d, stderr %r (expected %s)" % (r.returncode, r.stderr, want))
sys.exit(fail)
