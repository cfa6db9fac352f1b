# SPDX-License-Identifier: MIT
"""The README's Python example, run as written from the tree's root, gives the numbers
`capsim simulate --json` prints for the same shipped scenario."""
import contextlib
import io
import os
import re

from conftest import ROOT, cli_json


def test_readme_python_example():
    text = open(os.path.join(ROOT, "README.md")).read()
    code = re.search(r"## Python\n.*?```python\n(.*?)```", text, re.S).group(1)
    out, cwd = io.StringIO(), os.getcwd()
    os.chdir(ROOT)
    try:
        with contextlib.redirect_stdout(out):
            ns = {}
            exec(compile(code, "README.md", "exec"), ns)
    finally:
        os.chdir(cwd)
    ref = cli_json("simulate", "scenarios/rk3399-uclamp-ui.json", "--duration", "2s", "--json")
    lines = out.getvalue().splitlines()
    # the README prints round(energy_j, 6), which drops trailing zeros (0.13091 for 0.130910)
    assert "%s %d" % (round(ref["energy_j"], 6), ref["events"]) in lines
    r = ns["r"]
    assert r.tasks.name.tolist() == [t["name"] for t in ref["tasks"]]
    assert r.tasks.deadline_misses.tolist() == [t["deadline_misses"] for t in ref["tasks"]]
    assert r.tasks.activations.tolist() == [t["activations"] for t in ref["tasks"]]
    for t in ref["tasks"]:
        assert any(l.split()[1:3] == [t["name"], str(t["activations"])] for l in lines), t["name"]
