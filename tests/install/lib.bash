# SPDX-License-Identifier: MIT
# Shared by the install tests (tests/install/*.sh, label "install"): each gets SOURCE_DIR and
# BUILD_DIR, works in a temporary directory removed at exit, and installs the already-built
# tree there with cmake --install (quick: no rebuild). Exit 77 is "skipped" (SKIP_RETURN_CODE).
set -euo pipefail
src=$1 build=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/capsim-install-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }
# What set -e stops on names itself (a silent exit left install.man's one failure unexplained).
trap 'echo "FAIL: $0 line $LINENO: $BASH_COMMAND (exit $?)" >&2' ERR
# (grep -q reads here-strings, not pipes: under pipefail, its early exit fails the writer.)

# stage_install PREFIX [DESTDIR]: install the build tree. cmake --install rewrites the build
# tree's install_manifest.txt, which `make uninstall` reads: the user's copy is put back.
stage_install() {
  local prefix=$1 destdir=${2:-} manifest=$build/install_manifest.txt saved=
  if [ -e "$manifest" ]; then saved=$tmp/manifest.saved; cp -p "$manifest" "$saved"; fi
  DESTDIR=$destdir cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 ||
    { cat "$tmp/install.log" >&2; fail "cmake --install $build --prefix $prefix"; }
  if [ -n "$saved" ]; then mv "$saved" "$manifest"; else rm -f "$manifest"; fi
}

# A sanitized build (make asan) installs a sanitized library: programs built against it take
# the same runtime, which must come first.
san_cflags=
if readelf -d "$build/libcapsim.so" 2>/dev/null | grep -q 'NEEDED.*libasan'; then
  san_cflags="-fsanitize=address,undefined"
fi
