#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""callgrind-split.py - where a simulation's instructions go: into the functions that mirror a
kernel function, or into the simulator's own work (issue 19 asks that the latter stay small).

Every instruction callgrind counted is placed by its debug line (file:line) in the C function of
the source tree that holds that line, so code inlined by LTO counts for the function it came
from, not for the one it was inlined into. A function mirrors the kernel when the comment above
its definition (or its declaration's in a header) says "mirrors", or when it is in KERNEL below
(functions whose comments name their kernel counterpart in other words: pick_rt() for
pick_next_rt_entity(), the load balance's lb_* decisions, schedutil's switch...). Small generic
helpers (HELPERS: min/max, cpumask tests, accessors) count for the function they were inlined
into (callgrind's own function of the instruction). Everything else is the simulator's: the
event queue and loop, the rt-app interpreter, the per-CPU view and memo the placement code
reads, what the balance copies out of the runqueues, statistics, the event sink.

Each side is then split into families (FAMILIES: by file, then by function name).

Usage: valgrind --tool=callgrind --callgrind-out-file=OUT capsim simulate ...
       tools/callgrind-split.py OUT [SOURCE_DIR] [--top N]
"""
import bisect
import collections
import os
import re
import sys

HELPERS = {
    'max_u64', 'min_u64', 'lsub_positive', 'lsub_positive_long', 'arch_cap', 'rq_clock_pelt',
    'task_on_rq', 'lb_rq',
    'capsim_cpumask_test', 'capsim_cpumask_next', 'capsim_cpumask_set', 'capsim_cpu_wrap',
    'capsim_cpumask_weight', 'cap_scale', 'mult_frac', 'wl_of', 'sim_jiffies', 'press_of',
    'task_list_append', 'task_list_remove', 'sim_delivered_khz', 'sim_arch_cap', 'shr_bound',
    'platform_policy_of', 'platform_cpu_capacity_orig', 'platform_hw_load_avg', 'first_cpu',
    'platform_cpufreq_pressure', 'sim_no_sink', 'cpu_time_ns', 'task_of',
}
KERNEL = {
    # core.c, fair.c, rt.c, deadline.c, idle.c, task_exec.c: the scheduler's paths under other names
    'update_load_avg_se', 'put_prev', 'rq_set_curr', 'rq_put_dequeued_curr', 'curr_class',
    'balance_classes', 'fair_put_prev_dequeued', 'rt_running', 'rq_dequeue_delay', 'rq_enqueue',
    'sub_positive64', 'task_util_est_raw', 'sched_prio_to_weight', 'uclamp_rq_publish',
    'task_block', 'task_exit', 'dequeue_delayed',
    # fair.c: parts of find_energy_efficient_cpu() and eenv_pd_max_util()
    'pd_cpu_perf', 'feec_scan_pd', 'feec_eval_pd', 'actual_cpu_capacity', 'cpu_is_idle',
    # fair_eevdf.c: the cfs_rq's augmented rbtree, as a treap
    'treap_prio', 'treap_update', 'treap_rotate', 'treap_insert', 'treap_remove', 'treap_join',
    'treap_split', 'queued_curr', 'entity_before', 'entity_key',
    # fair_balance.c, load_balance.c
    'is_rd_overutilized', 'sim_task_fits_cpu', 'sim_cpu_overutilized', 'lb_idle_cpu', 'cpu_idle',
    'nohz_idle', 'update_nohz_stats', 'sd_balance_interval', 'sd_imbalance_pct',
    'sd_cache_nice_tries', 'group_has_capacity', 'group_is_overloaded', 'smt_vs_nonsmt_groups',
    'sibling_imbalance', 'lb_capacity_greater', 'lb_check_cpu_capacity', 'lb_should_we_balance',
    'lb_group_classify', 'lb_update_sg_lb_stats', 'sg_lb_stats_classify',
    'lb_update_sd_pick_busiest', 'lb_update_sd_lb_stats', 'lb_calculate_imbalance',
    'lb_find_src_group', 'lb_find_src_rq', 'lb_root_domain_flags',
    'lb_task_hot', 'lb_can_migrate_task', 'lb_detach_tasks', 'lb_need_active_balance',
    'lb_balance_interval', 'lb_find_new_ilb', 'lb_detach_one_task', 'lb_move_task',
    'select_idle_sibling', 'find_idlest_cpu', 'migrate_task', 'sim_cfs_tasks_add',
    'find_new_ilb', 'check_cpu_capacity', 'nohz_balance_exit_idle', 'sched_balance_rq',
    'sched_balance_domains', 'nohz_balancer_kick', 'nohz_newidle_balance',
    # cpufreq_schedutil.c: the cpufreq core's switch and the sugov kthread
    'cpufreq_set_cur', 'sugov_commit', 'sg_cpu_of', 'sugov_work_start', 'sugov_work_done',
    'sugov_deferred_update', 'cpufreq_update_util_flags',
    # pelt.c (the update of one signal), energy_model.h, hw_pressure.c
    'mul_u64_u32_shr', 'capsim_pelt_update', 'capsim_pelt_update_load_sum',
    'capsim_pelt_update_load_avg', 'em_pd_get_efficient_state', 'platform_update_hw_load_avg',
    # idle.c: do_idle() -> cpuidle_idle_call() with the menu governor
    'sim_idle_enter', 'sim_idle_leave', 'sim_idle_exit_pending', 'sim_idle_exit_event',
    # cpuidle_menu.c, cpuidle_teo.c: parts of get_typical_interval(), menu_select(), teo_update()
    # and teo_select()
    'intervals_sort', 'intervals_drop_above', 'intervals_drop_upto', 'intervals_bounds',
    'intervals_mean', 'intervals_variance', 'menu_timer_prediction', 'menu_pick', 'teo_measured_ns',
    'teo_intercepts_state', 'teo_timer_check', 'typical', 'menu_state0_only', 'menu_timer_us',
    'menu_learn', 'menu_next_timer', 'menu_keep_tick',
    # idle.c, cpuidle.c: tick_nohz_get_sleep_length()'s arithmetic, the idle class's
    # set_next_task_idle() and put_prev_task_idle() (kernel names), 7.3's test in
    # cpuidle_idle_call()
    'sleep_length', 'set_next_task_idle', 'put_prev_task_idle', 'cpuidle_governed',
    # fair.c: update_load_avg() (kernel name), pick_task_fair() (kernel name), 7.3's
    # wakeup_preempt_fair(), the sums' floor of update_cfs_rq_load_avg()
    'update_load_avg', 'pick_task_fair', 'wakeup_preempt_eevdf_7_3', 'sum_floor',
    # sim_account.c: arch_set_freq_scale(), amu_scale_freq_tick()
    'sim_refresh_freq_scale', 'sim_amu_tick',
}
SIMULATOR = {'fair_memo_refresh', 'cpu_memo_busy', 'cpu_memo_perf', 'cpu_busy_of', 'trace_fits',
             'feec_exit', 'fair_memo_invalidate', 'fair_memo_check'}

# (family, files, function-name pattern or None) - the first match wins, per side
FAMILIES = {
    True: [
        ('PELT and util_est', ('src/model/pelt.c', 'src/model/pelt_clock.c', 'src/model/util_est.c',
                               'src/model/pelt.h'), None),
        ('PELT and util_est', ('src/sim/core.c', 'src/sim/fair.c', 'src/sim/rt.c',
                               'src/sim/deadline.c', 'src/sim/idle.c'),
         r'load_avg|pelt|rq_clock|attach|detach|post_init'),
        ('EEVDF, enqueue, dequeue, pick, tick', ('src/model/fair_eevdf.c', 'src/sim/core.c',
                                                  'src/sim/fair.c', 'src/sim/rt.c',
                                                  'src/sim/deadline.c',
                                                  'src/model/uclamp.c', 'src/sim/task_exec.c',
                                                  'src/sim/fair_queue.c'), None),
        ('wake-up placement (feec, select_idle_*)', ('src/model/fair.c', 'src/model/fair.h',
                                                      'src/model/energy_model.h',
                                                      'src/model/model.c', 'src/model/capacity.c',
                                                      'src/model/topology.c', 'src/model/belief.c'),
         None),
        ('wake-up placement (feec, select_idle_*)', ('src/sim/fair_balance.c',),
         r'select_|find_idlest|fits|misfit|overutilized|migrate_task|max_allowed'),
        ('load balance (periodic, nohz, newidle)', ('src/model/load_balance.c', 'src/sim/fair_balance.c',
                                                    'src/sim/topology.c'),
         None),
        ('schedutil and cpufreq', ('src/sim/cpufreq_schedutil.c', 'src/model/sugov.c',
                                   'src/model/cpufreq.c', 'src/sim/sim_account.c',
                                   'src/sim/sim_scenario.c'), None),
        ('cpuidle', ('src/sim/idle.c', 'src/model/cpuidle.c', 'src/model/cpuidle_menu.c',
                     'src/model/cpuidle_teo.c'), None),
    ],
    False: [
        ('event queue and event loop', ('src/sim/event_queue.c',), None),
        ('event queue and event loop', ('src/sim/sim.c',),
         r'sim_run|dispatch|^on_|run_advances|sim_push|sim_set_now|sim_queue_advance'),
        ('rt-app interpreter and CPU work', ('src/sim/task_exec.c',), None),
        ('rt-app interpreter and CPU work', ('src/sim/core.c',), r'completion'),
        ('view and memo of the placement code', ('src/sim/core.c', 'src/sim/sim.h', 'src/model/fair.c',
                                                  'src/model/fair.h', 'src/sim/sim_pressure.c',
                                                  'src/model/belief.c'),
         r'sync|memo|fill_view|refresh_views|belief_view|signals_changed'),
        ('what the balance copies from the runqueues', ('src/sim/fair_balance.c',), None),
        ('statistics, accounting, event sink', ('src/sim/sim_stats.c', 'src/sim/sim_account.c',
                                                 'src/sim/sim_events.c', 'src/sim/sim_events.h',
                                                 'src/sim/pressure_metrics.c',
                                                 'src/sim/sim_pressure.c'), None),
    ],
}

DEF = re.compile(r'^(?!typedef|#|(?:struct|enum|union)\s+\w*\s*\{)[A-Za-z_][\w\s\*\(\),]*?\b(\w+)\s*\(')


def functions(path):
    """(name, first line, last line, comment) of each function defined in @path."""
    lines = open(path, encoding='utf-8', errors='replace').read().split('\n')
    out, i = [], 0
    while i < len(lines):
        m = DEF.match(lines[i])
        if not m or lines[i].rstrip().endswith(';'):
            i += 1
            continue
        j = i
        while j < len(lines) and not lines[j].startswith('{') and not lines[j].rstrip().endswith(';'):
            j += 1
        if j == len(lines) or not lines[j].startswith('{'):
            i += 1
            continue
        k = j + 1
        while k < len(lines) and not lines[k].startswith('}'):
            k += 1
        c, comment = i - 1, []
        if c >= 0 and lines[c].rstrip().endswith('*/'):
            while c >= 0:
                comment.append(lines[c])
                if lines[c].lstrip().startswith('/*'):
                    break
                c -= 1
        out.append((m.group(1), i + 1, k + 1, ' '.join(reversed(comment))))
        i = k + 1
    return out


def header_docs(root):
    docs = {}
    for d, _, files in os.walk(root):
        for f in files:
            if f.endswith('.h'):
                txt = open(os.path.join(d, f), encoding='utf-8', errors='replace').read()
                for m in re.finditer(r'/\*((?:[^*]|\*(?!/))*)\*/\s*\n[^;{]*?\b(\w+)\(', txt):
                    docs[m.group(2)] = docs.get(m.group(2), '') + m.group(1)
    return docs


def parse_callgrind(path):
    """Self cost (first event) by (function, file, line)."""
    # callgrind numbers files, functions and objects each on its own: one table each, or a
    # file's (5) would take the name of function (5)
    table = {'fl': 'file', 'fi': 'file', 'fe': 'file', 'cfi': 'file', 'cfl': 'file',
             'fn': 'fn', 'cfn': 'fn', 'ob': 'ob', 'cob': 'ob'}
    names, cost = collections.defaultdict(dict), collections.Counter()
    fl = fn = cur = None
    last, after_calls = 0, False

    def name(v, key):
        m = re.match(r'\((\d+)\)(?:\s+(.*))?$', v)
        if not m:
            return v
        ids = names[table[key]]
        if m.group(2) is not None:
            ids[m.group(1)] = m.group(2)
        return ids.get(m.group(1), v)
    for line in open(path):
        line = line.rstrip('\n')
        if not line:
            continue
        if line[0].isdigit() or line[0] in '+-*':
            parts = line.split()
            p = parts[0]
            last = (last + int(p[1:]) if p[0] == '+' else last - int(p[1:]) if p[0] == '-'
                    else last if p == '*' else int(p))
            if after_calls:
                after_calls = False
            elif len(parts) > 1:
                cost[(fn, cur, last)] += int(parts[1])
            continue
        key, _, val = line.partition('=')
        if key == 'fl':
            fl = cur = name(val, key)
        elif key in ('fi', 'fe'):
            cur = name(val, key)
        elif key == 'fn':
            fn, cur = name(val, key), fl
        elif key == 'calls':
            after_calls = True
        elif key in ('cfn', 'cfl', 'cfi', 'cob', 'ob'):
            name(val, key)
    return cost


def main():
    args, top = sys.argv[1:], 12
    if '--top' in args:
        i = args.index('--top')
        top = int(args[i + 1])
        del args[i:i + 2]
    if not args:
        sys.exit(__doc__)
    root = os.path.abspath(args[1] if len(args) > 1 else os.path.join(os.path.dirname(__file__), '..'))
    docs = header_docs(root)
    index, kernel_of = {}, {}
    for sub in ('src', 'include'):
        for d, _, files in os.walk(os.path.join(root, sub)):
            for f in files:
                if f.endswith(('.c', '.h')):
                    rel = os.path.relpath(os.path.join(d, f), root)
                    fns = sorted(functions(os.path.join(d, f)), key=lambda r: r[1])
                    index[rel] = ([r[1] for r in fns], fns)
                    for n, _, _, com in fns:
                        said = re.search(r'\b[Mm]irrors\b', com + ' ' + docs.get(n, ''))
                        kernel_of[(rel, n)] = n not in SIMULATOR and (bool(said) or n in KERNEL)

    def where(path, line):
        rel = os.path.relpath(path, root) if path and path.startswith('/') else path
        if rel not in index:
            return None, None
        starts, fns = index[rel]
        i = bisect.bisect_right(starts, line) - 1
        return (rel, fns[i][0]) if i >= 0 and fns[i][1] <= line <= fns[i][2] else (rel, None)

    def family(kernel, rel, fn):
        for fam, files, pat in FAMILIES[kernel]:
            if rel in files and (pat is None or re.search(pat, fn)):
                return fam
        return 'other kernel functions' if kernel else 'other simulator functions'

    side, fams, fns = collections.Counter(), collections.Counter(), collections.Counter()
    for (outer, path, line), n in parse_callgrind(args[0]).items():
        rel, fn = where(path, line)
        if fn is None:
            side['outside the library (startup, libc)'] += n
            continue
        if fn in HELPERS:  # counts for the function it was inlined into
            fn = (outer or '').split('.')[0]
            src = next((r for r, (_, fs) in index.items() if any(f[0] == fn for f in fs)), rel)
            rel = src
        kernel = kernel_of.get((rel, fn), False)  # by file: two files may define one name
        side['kernel functions' if kernel else 'simulator'] += n
        fams[(kernel, family(kernel, rel, fn))] += n
        fns[(kernel, fn, rel)] += n
    lib = side['kernel functions'] + side['simulator']
    print(f'{args[0]}: {sum(side.values()):,} instructions, {lib:,} in the library')
    for k in (True, False):
        label = 'kernel functions' if k else 'simulator'
        print(f'  {label:46s} {side[label]:>14,} {100 * side[label] / lib:5.1f} %')
        for (kk, fam), n in fams.most_common():
            if kk == k:
                print(f'    {fam:44s} {n:>14,} {100 * n / lib:5.1f} %')
        print('      top functions (%): ' + ', '.join(
            f'{f} {100 * n / lib:.1f}' for (_, f, _), n in
            [x for x in fns.most_common() if x[0][0] == k][:top]))
    o = 'outside the library (startup, libc)'
    print(f'  {o:46s} {side[o]:>14,} (not counted)')


if __name__ == '__main__':
    main()
