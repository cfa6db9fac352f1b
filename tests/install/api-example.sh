#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# examples/api builds against a DESTDIR-staged install (make install DESTDIR=$tmp PREFIX=/usr,
# done as cmake --install of the built tree) with nothing but pkg-config --cflags --libs
# capsim pointed into it (PKG_CONFIG_SYSROOT_DIR, PKG_CONFIG_PATH), links the installed
# libcapsim.so, and prints the same summary as `capsim simulate` on the same shipped scenario.
# Usage: tests/install/api-example.sh SOURCE_DIR BUILD_DIR
. "$(dirname "$0")/lib.bash"
root=$tmp/root
stage_install /usr "$root"
pc=$(find "$root/usr" -name capsim.pc -path '*/pkgconfig/*')
[ -n "$pc" ] || fail "no capsim.pc installed"
libdir=$(dirname "$(dirname "$pc")")

cp -r "$src/examples/api" "$tmp/api"
PKG_CONFIG_SYSROOT_DIR=$root PKG_CONFIG_PATH=$(dirname "$pc") make -s -C "$tmp/api" CFLAGS="-O2 $san_cflags" \
  >"$tmp/make.log" 2>&1 || { cat "$tmp/make.log" >&2; fail "examples/api does not build against the install"; }
# It must have linked the installed shared library, not anything of the build tree.
grep -q 'NEEDED.*\[libcapsim\.so\.' <<<"$(readelf -d "$tmp/api/summary")" || fail "summary does not link libcapsim.so"

scn=$root/usr/share/capsim/scenarios/rk3399-uclamp-ui.json
LD_LIBRARY_PATH=$libdir "$tmp/api/summary" "$scn" >"$tmp/got" 2>"$tmp/err" ||
  { cat "$tmp/err" >&2; fail "examples/api summary fails"; }
ldd_out=$(LD_LIBRARY_PATH=$libdir ldd "$tmp/api/summary")
grep -q "$libdir/libcapsim.so" <<<"$ldd_out" || fail "summary did not load the installed libcapsim.so"
"$build/capsim" simulate "$scn" >"$tmp/want"
diff "$tmp/want" "$tmp/got" >&2 || fail "examples/api prints another summary than capsim simulate"
echo "ok: examples/api, built with pkg-config against the install, prints capsim simulate's summary"
