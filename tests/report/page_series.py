# SPDX-License-Identifier: MIT
"""page_series.py - what the report tests share: reading a page's data block and checking its
series against the CSV's changes (exact up to EXACT_MAX changes, gridded into columns after,
as docs/formats.md "HTML report" defines them). `check()` records a failure in `failed`."""
import csv
import json
import os
import re

EXACT_MAX = 2048
failed = 0


def check(what, ok, detail=""):
    global failed
    if not ok:
        failed = 1
        print(f"WRONG: {what} {detail}")
    return ok


def page_data(path):
    with open(path) as f:
        m = re.search(r'<script id="capsim-data" type="application/json">(.*?)</script>', f.read(), re.S)
    return json.loads(m.group(1))


def rows(d, name):
    with open(os.path.join(d, name)) as f:
        return list(csv.DictReader(f))


def expect_columns(ch, w):
    """the columns of a gridded series, from its definition"""
    cols, held = [], None
    for t, v in ch:
        c = t // w
        if not cols or cols[-1][0] != c:
            start = held if held is not None else v
            cols.append([c, start, start, v])
        e = cols[-1]
        e[1], e[2], e[3] = min(e[1], v), max(e[2], v), v
        held = v
    return [tuple(e) for e in cols]


def series_check(what, s, ch, w):
    """series @s of the page against the changes @ch [(t, v)], grid @w ns"""
    if "dt" in s:
        got, t = [], 0
        for dt, v in zip(s["dt"], s["v"]):
            t += dt
            got.append((t, v))
        check(what + " exact", len(ch) <= EXACT_MAX, f"({len(ch)} changes kept exactly)")
        return check(what + " == CSV changes", got == ch,
                     f"{len(got)} points, {len(ch)} changes; first differing: "
                     f"{next(((a, b) for a, b in zip(got, ch) if a != b), None)}")
    got, c = [], 0
    for dc, lo, hi, last in zip(s["dc"], s["lo"], s["hi"], s["last"]):
        c += dc
        got.append((c, lo, hi, last))
    check(what + " gridded", len(ch) > EXACT_MAX, f"({len(ch)} changes gridded)")
    want = expect_columns(ch, w)
    return check(what + " columns == CSV's", got == want,
                 f"{len(got)} vs {len(want)} columns; first differing: "
                 f"{next(((a, b) for a, b in zip(got, want) if a != b), None)}")
