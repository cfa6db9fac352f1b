#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""What capsim's cpuidle simplifications leave out, measured on a run: reads the ftrace text
trace of `capsim simulate --trace` and the platform's `capsim platform show --json`, and counts
per idle period in a state deeper than WFI (cpu_idle entry to exit on one CPU):

  tick       periods ended by a timer of that CPU (its sched_waking at the exit) that lasted
             less than a tick, so that menu would have kept the tick (predicted < TICK_NSEC),
             and that contain a tick: the kernel's CPU would have been woken by it once more
             (its exit latency again), or (tick_shallower) have picked a shallower state,
             whose residency fits the time to the tick (menu_select()'s delta_tick);
  short      periods shorter than the chosen state's min-residency-us (a wake-up the next
             timer did not predict): what menu's correction factors and typical-interval
             detection, or teo's intercepts, learn to avoid when it repeats.

Usage: tools/cpuidle-effects.py TRACE PLATFORM.json HZ [--json]
Docs: docs/model.md, "Idle states (cpuidle)".
"""
import json
import re
import sys

EXIT = 4294967295
LINE = re.compile(r"\[(\d+)\] \S+ +(\d+\.\d+): (\w+): (.*)$")


def main():
    trace, plat, hz = sys.argv[1], sys.argv[2], int(sys.argv[3])
    tick = 1_000_000_000 // hz
    states = {}  # (cpu, cpuidle index) -> (min residency ns, exit latency ns)
    for c, cpu in enumerate(json.load(open(plat))["cpus"]):
        for st in cpu["idle_states"]:
            states.setdefault((c, st["cpuidle_index"]),
                              (st["min_residency_us"] * 1000, st["exit_latency_us"] * 1000,
                               st["entry_latency_us"] * 1000))
    entered = {}  # cpu -> (t, state)
    ended = []    # (cpu, state, t0, t1)
    wakings = set()
    for line in open(trace):
        m = LINE.search(line)
        if not m:
            continue
        cpu, t, ev, rest = int(m.group(1)), round(float(m.group(2)) * 1e9), m.group(3), m.group(4)
        if ev == "cpu_idle":
            st = int(rest.split()[0].split("=")[1])
            if st == EXIT:
                if cpu in entered and entered[cpu][1] > 0:
                    ended.append((cpu, entered[cpu][1], entered[cpu][0], t))
                entered.pop(cpu, None)
            else:
                entered[cpu] = (t, st)
        elif ev == "sched_waking":
            wakings.add((cpu, t))
    out = {"periods": len(ended), "tick": 0, "tick_shallower": 0, "tick_exit_ns": 0,
           "short": 0, "short_ns": 0}
    for cpu, st, t0, t1 in ended:
        residency, exit_ns, entry_ns = states[(cpu, st)]
        d = t1 - t0
        # ended by its own timer: the interrupt's sched_waking comes at the exit
        timer = (cpu, t1) in wakings
        if timer and d - exit_ns < tick and t0 // tick != (t1 - exit_ns) // tick:
            out["tick"] += 1
            out["tick_exit_ns"] += exit_ns
            out["tick_shallower"] += residency > (t0 // tick + 1) * tick - t0
        if d < residency:
            out["short"] += 1
            out["short_ns"] += residency - d
    if "--json" in sys.argv:
        print(json.dumps(out))
        return
    n = max(out["periods"], 1)
    print(f"{out['periods']} idle periods in a state; tick kept and met: {out['tick']} "
          f"({100 * out['tick'] / n:.1f} %, {out['tick_exit_ns'] / 1e6:.3f} ms of exits, "
          f"{out['tick_shallower']} in a shallower state); shorter than their state's "
          f"residency: {out['short']} ({100 * out['short'] / n:.1f} %)")


if __name__ == "__main__":
    main()
