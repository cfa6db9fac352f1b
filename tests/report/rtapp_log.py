#!/usr/bin/env python3
# rt-app's per-thread logs of `capsim simulate --rtapp-log` (rt-app's names and columns, as
# LISA's rt-app analysis reads them) give the summary's figures for periodic tasks: one row per
# timer event, as many rows with slack <= 0 as deadline misses, and the same mean slack (the
# log's microseconds are truncated: within 1 us); with the workload's global logdir and
# log_basename, the logs go where rt-app writes them (--rtapp-log-workload, a relative logdir
# from the current directory) under rt-app's names, with the same rows.
# Usage: rtapp_log.py CAPSIM OUTDIR
import json, os, shutil, subprocess, sys

capsim, out = sys.argv[1], sys.argv[2]
shutil.rmtree(out, ignore_errors=True)  # nothing of an earlier run may answer for this one
os.makedirs(out)
wl = {"global": {"duration": 3, "calibration": 100},
      "tasks": {"fits": {"loop": -1, "run": 2000, "timer": {"ref": "t1", "period": 10000}},
                "tight": {"loop": -1, "run": 9000, "timer": {"ref": "t2", "period": 10000}},
                "over": {"loop": -1, "run": 14000, "timer": {"ref": "t3", "period": 10000}}}}
path = os.path.join(out, "periodic.json")
with open(path, "w") as f:
    json.dump(wl, f)
logs = os.path.join(out, "logs")
summary = json.loads(subprocess.run([capsim, "simulate", "--platform", "rk3399", "--workload", path,
                                     "--json", "--rtapp-log", logs],
                                    check=True, capture_output=True, text=True).stdout)
cols = "idx perf run period start end rel_st slack c_duration c_period wu_lat".split()
fail, misses_seen = 0, 0
for t in summary["tasks"]:
    with open(os.path.join(logs, f"rt-app-{t['name']}.log")) as f:
        head = f.readline().split()
        rows = [dict(zip(cols, map(int, l.split()))) for l in f]
    fail |= head != ["#idx"] + cols[1:]
    slack = [r["slack"] for r in rows]
    misses = sum(1 for s in slack if s <= 0)
    mean = sum(slack) / len(slack) if slack else 0
    ok = (len(rows) == t["timer_events"] and misses == t["deadline_misses"]
          and abs(mean - t["slack_us"]["mean"]) <= 1.0)
    misses_seen += misses
    fail |= not ok
    print(f"{t['name']}: rows {len(rows)} (timer events {t['timer_events']}), misses {misses} "
          f"({t['deadline_misses']}), mean slack {mean:.1f} us ({t['slack_us']['mean']:.1f}) "
          f"{'ok' if ok else 'DIFFERENT'}")
# rt-app's setup_thread_logging(): "LOGDIR/LOG_BASENAME-THREAD.log"
wl["global"].update({"logdir": "./wl-logs", "log_basename": "game"})
path2 = os.path.join(out, "named.json")
with open(path2, "w") as f:
    json.dump(wl, f)
os.makedirs(os.path.join(out, "wl-logs"))
subprocess.run([os.path.abspath(capsim), "simulate", "--platform", "rk3399", "--workload",
                "named.json", "--rtapp-log-workload"], check=True, capture_output=True, cwd=out)
subprocess.run([capsim, "simulate", "--platform", "rk3399", "--workload", path2, "--rtapp-log",
                os.path.join(out, "dir-logs")], check=True, capture_output=True)
want = sorted(f"game-{t['name']}.log" for t in summary["tasks"])
for d in ("wl-logs", "dir-logs"):
    got = sorted(os.listdir(os.path.join(out, d)))
    same = got == want and all(
        open(os.path.join(out, d, n)).read() == open(os.path.join(logs, "rt-app-" + n[5:])).read()
        for n in want)
    print(f"{d}: {got} {'ok' if same else 'DIFFERENT (want %s, rows as rt-app-*.log)' % want}")
    fail |= not same
if not misses_seen:
    print("no deadline miss at all: the workload no longer tests them")
    fail = 1
sys.exit(fail)
