#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Python package installs into a venv with Debian's setuptools and no package index
# (python3 -m venv --system-site-packages; pip install --no-build-isolation --no-index) and,
# run outside the tree against a DESTDIR-staged install (CAPSIM_LIB), gives the installed
# program's `capsim simulate --json` bytes. Exit 77 (skipped) without Debian's python3-venv.
# Usage: tests/install/python-venv.sh SOURCE_DIR BUILD_DIR
. "$(dirname "$0")/lib.bash"
py=${CAPSIM_PYTHON:-/usr/bin/python3}
"$py" -c 'import venv, ensurepip' 2>/dev/null || { echo "skip: $py has no venv/ensurepip (python3-venv)"; exit 77; }
root=$tmp/root
stage_install /usr "$root"
lib=$(find "$root/usr" -name 'libcapsim.so.0' | head -1)
[ -n "$lib" ] || fail "no libcapsim.so.0 installed"
cp -r "$src/python" "$tmp/pkg"   # pip builds in place: keep the source tree clean
"$py" -m venv --system-site-packages "$tmp/venv" >"$tmp/venv.log" 2>&1 || { cat "$tmp/venv.log" >&2; fail "venv"; }
"$tmp/venv/bin/pip" install -q --no-build-isolation --no-index "$tmp/pkg" >"$tmp/pip.log" 2>&1 ||
  { cat "$tmp/pip.log" >&2; fail "pip install --no-build-isolation ./python fails"; }
scn=$root/usr/share/capsim/scenarios/rk3399-uclamp-ui.json
(cd "$tmp" && CAPSIM_LIB=$lib CAPSIM_DATA_DIR=$root/usr/share/capsim PYTHONPATH= "$tmp/venv/bin/python" -c '
import sys, capsim
assert capsim.__file__.startswith(sys.argv[2]), capsim.__file__
sys.stdout.write(capsim.simulate(sys.argv[1], duration="1s").json)' "$scn" "$tmp/venv") >"$tmp/got" 2>"$tmp/err" ||
  { cat "$tmp/err" >&2; fail "the installed package does not run"; }
LD_LIBRARY_PATH=$(dirname "$lib") CAPSIM_DATA_DIR=$root/usr/share/capsim "$root/usr/bin/capsim" simulate "$scn" --duration 1s --json >"$tmp/want"
diff "$tmp/want" "$tmp/got" >&2 || fail "the installed package's run differs from capsim simulate --json"
echo "ok: pip-installed package on the staged libcapsim gives capsim simulate --json's bytes"
