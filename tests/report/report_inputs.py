#!/usr/bin/env python3
# The report's header names the exact inputs: with --platform / --workload replacing the default
# scenario's parts it says so (it named scenarios/default.json alone), and it embeds the workload
# that ran. Reads the page's embedded data (<script id="capsim-data">) as JSON.
# Usage: report_inputs.py CAPSIM OUTDIR
import json, os, re, shutil, subprocess, sys

capsim, out = sys.argv[1], sys.argv[2]
shutil.rmtree(out, ignore_errors=True)
os.makedirs(out)
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
workload = os.path.join(out, "two.json")
with open(workload, "w") as f:
    f.write('{"tasks": {"a": {"run": 2000, "timer": {"ref": "a", "period": 16000}},\n'
            '           "b": {"run": 1000, "timer": {"ref": "b", "period": 8000}}}}\n')


def inputs(*args):
    page = os.path.join(out, "r.html")
    subprocess.run([capsim, *args, "--duration", "200ms", "--report", page], check=True,
                   capture_output=True)
    with open(page) as f:
        m = re.search(r'<script id="capsim-data" type="application/json">(.*?)</script>',
                      f.read(), re.S)
    return json.loads(m.group(1))["inputs"]


fail = 0
for cmd in (["simulate"], ["compare"]):
    i = inputs(*cmd, "--platform", "hikey960", "--workload", workload)
    checks = [("platform named", "its platform replaced by --platform hikey960 (and its events "
                                 "dropped)" in i["scenario_name"]),
              ("workload named", f"its workload replaced by --workload {workload}" in i["scenario_name"]),
              ("workload embedded", i["workload_text"] == open(workload).read()),
              ("scenario embedded", i["scenario_text"] ==
               open(os.path.join(root, "scenarios", "default.json")).read())]
    i = inputs(*cmd)
    checks.append(("nothing replaced", "replaced" not in i["scenario_name"] and
                   i["scenario_name"].endswith("default.json") and not i["workload_text"]))
    for what, ok in checks:
        fail |= not ok
        print(f"{cmd[0]} {what}: {'ok' if ok else 'WRONG'}")
sys.exit(fail)
