#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# libcapsim.so exports exactly the public API: every symbol that nm -D --defined-only lists is
# a function or object declared CAPSIM_API in include/capsim/*.h (so it starts with capsim_),
# or one of the markers the linker itself defines; and every CAPSIM_API function of the
# headers is exported (a declaration the library hides links for nobody).
# Usage: tests/install/symbols.sh SOURCE_DIR BUILD_DIR
. "$(dirname "$0")/lib.bash"
so=$build/libcapsim.so
[ -e "$so" ] || fail "$so: not built"

# The markers GNU ld may define in any shared object; nothing else is allowed without a name.
linker='^(_init|_fini|_edata|_end|__bss_start|_DYNAMIC|_GLOBAL_OFFSET_TABLE_)$'
nm -D --defined-only "$so" | awk '{ print $NF }' | sort -u >"$tmp/exported"
[ -s "$tmp/exported" ] || fail "nm -D --defined-only $so lists nothing"
# The names CAPSIM_API declares: the identifier before the first '(' of each declaration
# (declarations may span lines: joined at ';' first).
cat "$src"/include/capsim/*.h | tr '\n' ' ' | tr ';' '\n' |
  sed -n 's/.*CAPSIM_API[^(]*[^A-Za-z0-9_(]\([A-Za-z_][A-Za-z0-9_]*\) *(.*/\1/p' |
  sort -u >"$tmp/declared"
[ -s "$tmp/declared" ] || fail "no CAPSIM_API declaration found in include/capsim"

bad=0
while read -r sym; do
  if [[ $sym =~ $linker ]]; then continue; fi
  if [[ $sym != capsim_* ]]; then echo "exported, not capsim_: $sym" >&2; bad=1; continue; fi
  grep -qx "$sym" "$tmp/declared" || { echo "exported, not declared CAPSIM_API in include/capsim: $sym" >&2; bad=1; }
done <"$tmp/exported"
while read -r sym; do
  grep -qx "$sym" "$tmp/exported" || { echo "declared CAPSIM_API, not exported: $sym" >&2; bad=1; }
done <"$tmp/declared"
[ $bad = 0 ] || fail "libcapsim.so's exports and the public headers disagree"
# SONAME carries the major version of the project.
soname=$(readelf -d "$so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
major=$(sed -n 's/^#define CAPSIM_VERSION_MAJOR \([0-9]*\)/\1/p' "$src/include/capsim/capsim.h")
[ "$soname" = "libcapsim.so.$major" ] || fail "SONAME is '$soname', not libcapsim.so.$major"
echo "ok: $(wc -l <"$tmp/exported") exported symbols, all declared CAPSIM_API; SONAME $soname"
