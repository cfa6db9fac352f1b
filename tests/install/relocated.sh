#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The installed capsim runs without the source and build trees: it is installed into a prefix
# that is its final location, then `capsim platform list` and `capsim simulate` (the built-in
# default scenario, so the data lookup is the installed one) run in a private mount namespace
# (unshare -m) where empty tmpfs mounts hide the source tree and the build tree, with
# CAPSIM_DATA_DIR unset and / as the working directory. Nothing the binary could have compiled
# in from those trees is reachable there, so what runs can only come from the install. A copy
# of the build-tree binary run the same way must fail: it proves the trees really are hidden.
# Their outputs must be the build tree's (paths of the data aside). Then the install is moved
# to another prefix and must still run (it finds its data and library relative to itself).
# Usage: tests/install/relocated.sh SOURCE_DIR BUILD_DIR
. "$(dirname "$0")/lib.bash"
[ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null ||
  { echo "skipped: needs root and unshare -m to hide the source tree"; exit 77; }
src=$(cd "$src" && pwd -P) build=$(cd "$build" && pwd -P)
prefix=$tmp/prefix
stage_install "$prefix"
cp "$build/capsim" "$tmp/build-capsim"
unset CAPSIM_DATA_DIR

# What the build tree prints, the source tree's data paths written as DATA/.
"$build/capsim" platform list >"$tmp/list.want"
"$build/capsim" simulate --duration 2s | sed "s|$src/scenarios/|DATA/scenarios/|g" >"$tmp/sim.want"

# hidden CMD...: run CMD in a namespace where the source and build trees are empty.
hidden() {
  unshare -m --propagation private sh -c '
    mount -t tmpfs none "$2" && mount -t tmpfs none "$1" || exit 99 # build first: it may be inside
    [ ! -e "$1/data/platforms" ] || exit 98
    shift 2; cd / && exec "$@"' sh "$src" "$build" "$@"
}

hidden "$prefix/bin/capsim" platform list >"$tmp/list.got" 2>"$tmp/err" ||
  { cat "$tmp/err" >&2; fail "installed capsim platform list fails without the source tree"; }
diff "$tmp/list.want" "$tmp/list.got" >&2 || fail "installed capsim platform list differs"
hidden "$prefix/bin/capsim" simulate --duration 2s 2>"$tmp/err" >"$tmp/sim.raw" ||
  { cat "$tmp/err" >&2; fail "installed capsim simulate fails without the source tree"; }
sed "s|$prefix/share/capsim/scenarios/|DATA/scenarios/|g" "$tmp/sim.raw" >"$tmp/sim.got"
diff "$tmp/sim.want" "$tmp/sim.got" >&2 || fail "installed capsim simulate differs"
grep -q "DATA/scenarios/workloads/default.json" "$tmp/sim.got" ||
  fail "installed capsim simulate did not read the installed default scenario"

# The control: a build-tree binary finds nothing there.
if hidden "$tmp/build-capsim" platform list >/dev/null 2>&1; then
  fail "the build-tree capsim still lists platforms: the source tree is not hidden"
fi

# Moved elsewhere, the install still finds its own data.
mv "$prefix" "$tmp/moved"
hidden "$tmp/moved/bin/capsim" platform list >"$tmp/list.moved" 2>"$tmp/err" ||
  { cat "$tmp/err" >&2; fail "a moved install fails"; }
diff "$tmp/list.want" "$tmp/list.moved" >&2 || fail "a moved install lists other platforms"
echo "ok: the installed capsim runs with the source and build trees hidden, and once moved"
