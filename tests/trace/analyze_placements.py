#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""analyze_placements.py - `capsim analyze`'s placement of each wake-up beside the trace's CPU,
and its policy limits over time, on hand-made traces whose expected figures are worked out
here: the placements from the kernel's rules (util_fits_cpu()'s 1280/1024 margin against the
capacities of the platform's device tree; find_energy_efficient_cpu()'s cheaper perf domain from
the energy model computed here from the device tree's dynamic-power-coefficient and OPPs, and
its ties keeping prev), the skip reasons from the schedule; the limits' change points from the
events written (both spellings of cpu_frequency_limits). Never read off capsim.

Usage: analyze_placements.py CAPSIM PLATFORMS_DIR OUTDIR
"""
import csv
import json
import os
import re
import shutil
import subprocess
import sys

capsim, platforms, out = sys.argv[1:4]
shutil.rmtree(out, ignore_errors=True)
os.makedirs(out)
fails = compared = 0


def fail(msg):
    global fails
    fails += 1
    print("FAIL:", msg)


def same(a, b, what):
    global compared
    compared += 1
    if a != b:
        fail(f"{what}: capsim {a!r} != expected {b!r}")


def true(cond, what):
    global compared
    compared += 1
    if not cond:
        fail(what)


# ---- rk3399 from its device tree: capacities, and each cluster's cheapest efficient OPP ----
DTS = open(os.path.join(platforms, "rk3399.dts")).read()


def opp_table(label):
    block = re.search(label + r": opp-table-\d+ \{(.*?)\n \};", DTS, re.S).group(1)
    hz = [int(x) for x in re.findall(r"opp-hz = /bits/ 64 <(\d+)>", block)]
    uv = [int(x) for x in re.findall(r"opp-microvolt = <(\d+)", block)]
    return list(zip(hz, uv))


def cpu_node(label):
    block = re.search(label + r": cpu@\w+ \{(.*?)\n  \};", DTS, re.S).group(1)
    return (int(re.search(r"capacity-dmips-mhz = <(\d+)>", block).group(1)),
            int(re.search(r"dynamic-power-coefficient = <(\d+)>", block).group(1)))


CLUSTERS = {"little": ("cpu_l0", "cluster0_opp", [0, 1, 2, 3]),
            "big": ("cpu_b0", "cluster1_opp", [4, 5])}
raw = {k: (cpu_node(c)[0] * opp_table(t)[-1][0]) for k, (c, t, _) in CLUSTERS.items()}
CAP = {k: raw[k] * 1024 // max(raw.values()) for k in raw}  # topology_normalize_cpu_scale()


def lowest_efficient_cost(name):
    """cost = 10 x power / performance (v6.9+ em_compute_costs()), power = coeff x mV^2 x MHz
    / 10^6 (dev_pm_opp_calc_power()); a state costing no less than a higher one is skipped:
    the cost of the lowest state EAS uses, which a small task's pd stays at"""
    node, table, _ = CLUSTERS[name]
    coeff = cpu_node(node)[1]
    fmax = opp_table(table)[-1][0]
    costs = []
    for hz, uv in opp_table(table):
        power = coeff * (uv // 1000) ** 2 * (hz // 1000000) // 1000000
        perf = CAP[name] * hz // fmax
        costs.append(10 * power // perf)
    return min(c for i, c in enumerate(costs) if all(c < h for h in costs[i + 1:]))


def fits(util, cap):
    return util * 1280 < cap * 1024  # fits_capacity()


# ---- a float PELT (v5.1: the task clock runs at wall time on a CPU of capacity 1024 at its
# reference frequency, as no cpu_frequency is traced) ----
Y = 0.5 ** (1 / 32)


def run(u, us):
    return 1024 - (1024 - u) * Y ** (us / 1024)


def sleep(u, us):
    return u * Y ** (us / 1024)


# ---- the schedule: (µs after 1 s, cpu, comm, pid, event, body) ----
BIG, SMALL, RT, NEW = ("big_task", 201), ("small_task", 202), ("rt_task", 203), ("newbie", 204)


def idle(c):
    return (f"swapper/{c}", 0)


def sw(prev, state, nxt, prio=120):
    return (f"prev_comm={prev[0]} prev_pid={prev[1]} prev_prio=120 prev_state={state} ==> "
            f"next_comm={nxt[0]} next_pid={nxt[1]} next_prio={prio}")


def wake(t, task, target, prio=120, name="sched_wakeup"):
    return (t, 0, "<idle>", 0, name,
            f"comm={task[0]} pid={task[1]} prio={prio} target_cpu={target:03d}")


def schedule(cpu3_switch=True):
    ev = [(0, c, f"kworker/{c}", 10 + c, "sched_switch", sw((f"kworker/{c}", 10 + c), "S", idle(c)))
          for c in range(6) if c != 3 or cpu3_switch]
    ev += [
        (100, 4, "<idle>", 0, "sched_switch", sw(idle(4), "R", BIG)),
        (100, 5, "<idle>", 0, "sched_switch", sw(idle(5), "R", SMALL)),
        (1100, 5, "small_task", 202, "sched_switch", sw(SMALL, "S", idle(5))),
        wake(5000, SMALL, 5),                                                 # placed: 1
        (5100, 5, "<idle>", 0, "sched_switch", sw(idle(5), "R", SMALL)),
        (6100, 5, "small_task", 202, "sched_switch", sw(SMALL, "S", idle(5))),
        wake(7000, SMALL, 5),                                                 # placed: 2
        wake(7200, SMALL, 5),                                                 # repeat
        (7300, 5, "<idle>", 0, "sched_switch", sw(idle(5), "R", SMALL)),
        (8300, 5, "small_task", 202, "sched_switch", sw(SMALL, "S", idle(5))),
        wake(9000, RT, 1, prio=49),                                           # not_fair
        wake(9500, NEW, 2, name="sched_wakeup_new"),                          # not_seen_running
        wake(9600, ("dl_task", 205), 3, prio=-1),                             # not_fair
        (9700, 0, "<idle>", 0, "sched_wakeup", "comm=noprio pid=206 target_cpu=003"),  # prio_unknown
        (20100, 4, "big_task", 201, "sched_switch", sw(BIG, "S", idle(4))),
        wake(21000, BIG, 4),                                                  # placed: 3
        (21500, 4, "<idle>", 0, "sched_switch", sw(idle(4), "R", BIG)),
        (41500, 4, "big_task", 201, "sched_switch", sw(BIG, "S", idle(4))),
        wake(42000, BIG, 5),                                                  # placed: 4
        (42500, 5, "<idle>", 0, "sched_switch", sw(idle(5), "R", BIG)),
        wake(50000, BIG, 5),                                                  # queued
        (62500, 5, "big_task", 201, "sched_switch", sw(BIG, "S", idle(5))),
        wake(70000, BIG, 5),                                                  # no_switch_in
        (80000, 0, "<idle>", 0, "cpu_idle", "state=1 cpu_id=0"),
    ]
    return sorted(ev, key=lambda e: (e[0], e[1]))


def render(ev):
    lines = [f"{comm:>16}-{pid:<7} [{cpu:03d}] d..2. {1 + t // 1000000}.{t % 1000000:06d}: "
             f"{name}: {body}" for t, cpu, comm, pid, name, body in ev]
    return "# tracer: nop\n#\n" + "\n".join(lines) + "\n"


def analyze(text, name, extra=()):
    path = os.path.join(out, name + ".txt")
    open(path, "w").write(text)
    csvdir = os.path.join(out, name + "-csv")
    r = subprocess.run([capsim, "analyze", path, "--json", "--csv", csvdir, *extra],
                       capture_output=True, text=True)
    if r.returncode:
        fail(f"{name}: exit {r.returncode}: {r.stderr.strip()}")
        return None, None
    return json.loads(r.stdout), csvdir


def read_csv(path):
    with open(path) as f:
        return list(csv.DictReader(f))


# ---- the placements, by the kernel's rules ----
# big_task: 20 ms on CPU 4 (capacity 1024) from 0, then 0.9 ms asleep; then 20 ms more, 0.5 ms asleep
u_big1 = sleep(run(0, 20000), 900)
u_big2 = sleep(run(sleep(u_big1, 500), 20000), 500)
for u in (u_big1, u_big2):  # 10% either way: the float PELT is not the kernel's integer one
    true(not fits(u * 0.9, CAP["little"]) and fits(u * 1.1, CAP["big"]),
         f"big_task's util {u:.0f} should fit only the big CPUs ({CAP})")
# small_task: 1 ms on CPU 5: a few % of a CPU; EAS puts it where its energy costs least
cost = {k: lowest_efficient_cost(k) for k in CLUSTERS}
true(cost["little"] < cost["big"], f"rk3399's little cluster should cost less: {cost}")
EXPECT_ROWS = [
    # (wake-up µs, pid, prev, target, trace CPU, model CPU): big_task fits the big pd only,
    # where a move to CPU 5 raises the pd's max util and costs no less, so feec keeps prev 4;
    # small_task goes to the cheaper pd (little), to its CPU of most spare capacity: all are
    # idle and empty, the first (CPU 0) is kept
    (5000, 202, 5, 5, 5, 0),
    (7000, 202, 5, 5, 5, 0),
    (21000, 201, 4, 4, 4, 4),
    (42000, 201, 4, 5, 5, 4),
]
EXPECT_SKIPPED = {"not_fair": 2, "prio_unknown": 1, "repeat": 1, "queued": 1,
                  "not_seen_running": 1, "outside_platform": 0, "cpu_state_unknown": 0,
                  "no_switch_in": 1}

a, d = analyze(render(schedule()), "placements", ["--platform", "rk3399"])
if a:
    p = a["placements"]
    same(p["wakeups"], 11, "wake-ups")
    same(p["placed"], len(EXPECT_ROWS), "placed")
    same(p["skipped"], EXPECT_SKIPPED, "skipped")
    same(p["placed"] + sum(p["skipped"].values()), p["wakeups"], "placed + skipped")
    same(p["eas"], True, "eas")
    agree = sum(r[4] == r[5] for r in EXPECT_ROWS)
    same(p["agree"], agree, "agree")
    same(p["agree_pct"], round(100 * agree / len(EXPECT_ROWS), 4), "agree_pct")
    same(p["with_target_cpu"], len(EXPECT_ROWS), "with_target_cpu")
    same(p["agree_target_cpu"], sum(r[3] == r[5] for r in EXPECT_ROWS), "agree_target_cpu")
    same(p["by_path"], {"feec": len(EXPECT_ROWS), "select_idle_capacity": 0, "prev_cpu": 0},
         "by_path")
    same([(t["pid"], t["placed"], t["agree"]) for t in p["tasks"]],
         [(pid, sum(r[1] == pid for r in EXPECT_ROWS),
           sum(r[1] == pid and r[4] == r[5] for r in EXPECT_ROWS)) for pid in (201, 202)],
         "per task")
    rows = read_csv(os.path.join(d, "placements.csv"))
    got = sorted((int(r["time_ns"]) // 1000 - 1000000, int(r["pid"]), int(r["prev_cpu"]),
                  int(r["target_cpu"]), int(r["trace_cpu"]), int(r["model_cpu"])) for r in rows)
    same(got, EXPECT_ROWS, "placements.csv rows")
    for r in rows:
        same(r["path"], "feec", f"row at {r['time_ns']}: path")
        same(int(r["agree"]), int(r["trace_cpu"] == r["model_cpu"]), f"row at {r['time_ns']}: agree")
        true(r["reason"] != "", f"row at {r['time_ns']}: a reason")
        if r["pid"] == "201":
            true(fits(int(r["task_util"]), CAP["big"]) and not fits(int(r["task_util"]), CAP["little"]),
                 f"row at {r['time_ns']}: big_task's util {r['task_util']} fits only big CPUs")

# a CPU with no switch before the wake-ups: the state of CPU 3 is unknown, nothing is placed
a, d = analyze(render(schedule(cpu3_switch=False)), "cpu3-unknown", ["--platform", "rk3399"])
if a:
    p = a["placements"]
    same(p["placed"], 0, "cpu3 unknown: placed")
    # small_task's second wake-up finds it queued by the first (skipped, yet enqueued)
    same(p["skipped"], dict(EXPECT_SKIPPED, repeat=0, queued=2, no_switch_in=0,
                            cpu_state_unknown=5), "cpu3 unknown: skipped")
    same(len(read_csv(os.path.join(d, "placements.csv"))), 0, "cpu3 unknown: rows")

# without a platform: no placements
a, d = analyze(render(schedule()), "no-platform")
if a:
    same("placements" in a, False, "no platform: no placements")
    same(os.path.exists(os.path.join(d, "placements.csv")), False, "no platform: no placements.csv")

# ---- policy limits: change points per CPU, either spelling ----
LIMITS = [  # (µs, cpu_id, spelling, min, max)
    (0, 0, "old", 408000, 1416000),
    (1000, 4, "new", 408000, 1800000),
    (2000, 0, "new", 408000, 1416000),   # the same limits again: no change point
    (3000, 4, "old", 408000, 1200000),
    (4000, 2, "old", 600000, 1008000),   # a CPU of policy 0 other than its first
    (5000, 4, "new", 408000, 1200000),   # again: none
]


def limits_trace():
    ev = []
    for t, c, spelling, lo, hi in LIMITS:
        keys = ("min", "max") if spelling == "old" else ("min_freq", "max_freq")
        ev.append((t, c, "<idle>", 0, "cpu_frequency_limits",
                   f"{keys[0]}={lo} {keys[1]}={hi} cpu_id={c}"))
    ev.append((10000, 0, "<idle>", 0, "cpu_idle", "state=1 cpu_id=0"))
    return render(ev)


def expected_limits(policies):
    last, points = {}, {}
    for t, c, _, lo, hi in LIMITS:
        for k in policies.get(c, [c]):
            if last.get(k) != (lo, hi):
                last[k] = (lo, hi)
                points.setdefault(k, []).append((1000000000 + t * 1000, lo, hi))
    return points


RK3399 = {c: CLUSTERS[k][2] for k in CLUSTERS for c in CLUSTERS[k][2]}
for label, extra, policies in (("limits", [], {}), ("limits-rk3399", ["--platform", "rk3399"], RK3399)):
    a, d = analyze(limits_trace(), label, extra)
    if not a:
        continue
    want = expected_limits(policies)
    got = {int(c): [(round(t * 1e9), lo, hi) for t, lo, hi in v["policy_limits"]]
           for c, v in a["cpus"].items() if v["policy_limits"]}
    seen = {c for _, c, _, _, _ in LIMITS}  # the JSON lists the CPUs with an event
    same(got, {c: v for c, v in want.items() if c in seen}, f"{label}: JSON policy_limits")
    rows = [(int(r["cpu"]), int(r["time_ns"]), int(r["min_khz"]), int(r["max_khz"]))
            for r in read_csv(os.path.join(d, "policy_limits.csv"))]
    same(rows, sorted((c, t, lo, hi) for c, v in want.items() for t, lo, hi in v),
         f"{label}: policy_limits.csv")

print(f"{compared} figures compared, {fails} failures")
sys.exit(1 if fails or not compared else 0)
