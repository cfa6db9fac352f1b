#!/usr/bin/env python3
# `capsim compare --csv DIR --rtapp-log DIR` writes each model's files in DIR/MODEL/: the same
# time series and rt-app logs, file for file, as `capsim simulate --model MODEL` of that scenario.
# Usage: compare_dirs.py CAPSIM OUTDIR
import filecmp, os, shutil, subprocess, sys

capsim, out = sys.argv[1], sys.argv[2]
shutil.rmtree(out, ignore_errors=True)
os.makedirs(out)
scen = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scenarios",
                    "rk3399-uclamp-ui.json")
models = ["v6.9", "v6.10"]
subprocess.run([capsim, "compare", scen, "--duration", "1s", "--models", ",".join(models),
                "--csv", os.path.join(out, "csv"), "--rtapp-log", os.path.join(out, "logs")],
               check=True, capture_output=True)
fail = 0
for m in models:
    subprocess.run([capsim, "simulate", scen, "--duration", "1s", "--model", m, "--csv",
                    os.path.join(out, "sim-csv-" + m), "--rtapp-log",
                    os.path.join(out, "sim-logs-" + m)], check=True, capture_output=True)
    for kind, series in (("csv", lambda f: not f.startswith("summary_")), ("logs", bool)):
        mine = os.path.join(out, kind, m)
        ref = os.path.join(out, f"sim-{kind}-{m}")
        names = sorted(f for f in os.listdir(ref) if series(f))
        ok = bool(names) and sorted(f for f in os.listdir(mine) if series(f)) == names and \
            all(filecmp.cmp(os.path.join(mine, f), os.path.join(ref, f), shallow=False)
                for f in names)
        fail |= not ok
        print(f"{m} {kind}: {len(names)} files {'same' if ok else 'DIFFERENT'}")
sys.exit(fail)
