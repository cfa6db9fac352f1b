#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `make install` after a build compiles no object again: it installs the build's own
# configuration (its type, profile and folders) and never reconfigures it, so even another
# PREFIX than the build's (here /usr, whose GNUInstallDirs libdir is the multiarch one) leaves
# every object file as it was. Objects newer than a stamp taken before the install count as
# compiled again; the installed program and library must be where PREFIX puts them.
# Usage: tests/install/make_install.sh SOURCE_DIR BUILD_DIR
. "$(dirname "$0")/lib.bash"
build=$(cd "$build" && pwd -P)
[ -n "$(find "$build" -name '*.o' -print -quit)" ] || fail "no object files in $build"
manifest=$build/install_manifest.txt saved=
if [ -e "$manifest" ]; then saved=$tmp/manifest.saved; cp -p "$manifest" "$saved"; fi
touch "$tmp/stamp"
sleep 1 # mtimes of a coarse file system
make -C "$src" --no-print-directory install BUILD="$build" PREFIX=/usr DESTDIR="$tmp/stage" \
  PGO_TRAIN=0 >"$tmp/make.log" 2>&1 || { cat "$tmp/make.log" >&2; fail "make install failed"; }
if [ -n "$saved" ]; then mv "$saved" "$manifest"; else rm -f "$manifest"; fi
rebuilt=$(find "$build" -name '*.o' -newer "$tmp/stamp" | wc -l)
[ "$rebuilt" = 0 ] || { find "$build" -name '*.o' -newer "$tmp/stamp" | head >&2
  fail "make install compiled $rebuilt objects again"; }
libdir=$(sed -n 's/^CMAKE_INSTALL_LIBDIR:[A-Z]*=//p' "$build/CMakeCache.txt")
[ -x "$tmp/stage/usr/bin/capsim" ] || fail "no $tmp/stage/usr/bin/capsim"
ls "$tmp/stage/usr/$libdir"/libcapsim.so.* >/dev/null || fail "no libcapsim.so in usr/$libdir"
echo "make install: 0 objects compiled again"
