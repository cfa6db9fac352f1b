# SPDX-License-Identifier: MIT
"""Shared by the Python tests: where the tree, the capsim program and its data are; and cli(),
which runs the program (the reference every binding value is compared with)."""
import json
import os
import subprocess

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def capsim_exe():
    return os.environ.get("CAPSIM") or os.path.join(ROOT, "build", "capsim")


def cli(*args, check=True):
    """Run `capsim ARGS`; return stdout (text)."""
    res = subprocess.run([capsim_exe(), *args], capture_output=True, text=True, cwd=ROOT)
    if check and res.returncode:
        raise AssertionError("capsim %s: exit %d: %s" % (" ".join(args), res.returncode, res.stderr))
    return res


def cli_json(*args):
    return json.loads(cli(*args).stdout)


@pytest.fixture
def root():
    return ROOT
