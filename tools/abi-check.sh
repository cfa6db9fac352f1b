#!/usr/bin/env bash
# abi-check.sh LIB: libcapsim.so's ABI against the committed baseline abi/libcapsim.abi
# (docs/api.md, "ABI"), with Debian's abigail-tools: fails on any change the ABI rule does not
# allow (abi/suppressions.abignore lists those it does). abi-check.sh --dump LIB: write the
# baseline (make abi-baseline, after an intended change and a SOVERSION bump).
#
# The dump holds only the types defined under include/capsim/ (abi/private.abignore: a handle
# is opaque, the library's own structs left out; a path pattern, not abidw --headers-dir, which
# would drop every type of a library built from another tree) and no paths or locations, so
# that it is the same for every build type and tree.
set -u -o pipefail
cd "$(dirname "$0")/.."
dump=0
if [ "${1:-}" = --dump ]; then dump=1; shift; fi
lib=$1
baseline=abi/libcapsim.abi
if ! command -v abidw >/dev/null || ! command -v abidiff >/dev/null; then
  echo "abi-check: abidw/abidiff not found (Debian's abigail-tools: make deps installs it)" >&2
  exit 77
fi

# (each translation unit's path is cut to the file's name: the build tree's place is no ABI)
abi_dump() {
  abidw --exported-interfaces-only --drop-undefined-syms --suppressions abi/private.abignore \
    --no-corpus-path --no-comp-dir-path --no-show-locs \
    --no-elf-needed --type-id-style hash "$1" |
    sed -E "s|(<abi-instr [^>]*path=')[^']*/([^'/]*')|\1\2|" >"$2" || return
  # a library whose public types all went (built without debug info, say) would pass unseen
  grep -q "<class-decl name='capsim_summary' size-in-bits" "$2" || {
    echo "abi-check: no public struct in the dump of $1 (built without -g?)" >&2
    return 1
  }
}

if [ "$dump" -eq 1 ]; then
  abi_dump "$lib" "$baseline" && echo "abi-check: wrote $baseline from $lib"
  exit
fi
tmp=$(mktemp --suffix=.abi)
trap 'rm -f "$tmp"' EXIT
abi_dump "$lib" "$tmp" || exit 1
# --no-added-syms: a new function or variable is allowed (its own types are then checked as
# they reach those of the baseline's functions)
abidiff --no-added-syms --suppressions abi/suppressions.abignore "$baseline" "$tmp"
rc=$?
# abidiff's exit status: bit 1 an error, 2 a usage error, 4 an ABI change, 8 an incompatible one
if [ "$rc" -ne 0 ]; then
  echo "abi-check: $lib changes the ABI of $baseline (abidiff exit $rc): keep the change within" \
       "docs/api.md's ABI rule, or raise the SOVERSION and run make abi-baseline" >&2
  exit 1
fi
echo "abi-check: $lib keeps the ABI of $baseline"
