#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The documents are installed where the man pages and `capsim --help` say they are: README.md
# and every docs/*.md of the source tree, unchanged, in PREFIX/share/doc/capsim; the pages name
# that directory for the prefix the build was configured with.
# Usage: tests/install/docs.sh SOURCE_DIR BUILD_DIR
. "$(dirname "$0")/lib.bash"
stage_install /usr "$tmp/root"
docdir=$tmp/root/usr/share/doc/capsim
n=0
for f in "$src/README.md" "$src"/docs/*.md; do
  cmp -s "$f" "$docdir/$(basename "$f")" || fail "$(basename "$f"): not installed as is in $docdir"
  n=$((n + 1))
done
[ "$n" -ge 6 ] || fail "only $n documents in the source tree"
# the configured prefix's docdir, as CMake's GNUInstallDirs makes it
prefix=$(sed -n 's/^CMAKE_INSTALL_PREFIX:PATH=//p' "$build/CMakeCache.txt")
want=$prefix/share/doc/capsim
help=$("$build/capsim" --help)
grep -qF "installed in $want" <<<"$help" || fail "capsim --help does not name $want: $help"
for page in capsim capsim-simulate capsim-scenario; do
  text=$(sed 's/\\-/-/g; s/\\f[BRI]//g' "$tmp/root/usr/share/man/man1/$page.1")
  grep -qF "$want" <<<"$text" || fail "$page(1) does not name $want"
  grep -q "docs/ in the source tree" <<<"$text" && fail "$page(1) still sends readers to the source tree"
done
echo "ok: $n documents in share/doc/capsim, named by --help and the man pages"
