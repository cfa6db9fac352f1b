#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# check-layers.sh - checks that the library's layers only ever include downwards (src/README.md):
# a file in src/LAYER includes only headers of its own layer or of a layer below it, ranked
#   src/ (top level) 0 < model 1 < input 2 < sim 3 < output 4 < api 5,
# public headers (capsim/...) anywhere, except that src/output never includes src/sim (the
# writers read the run's event sink, include/capsim/capsim_events.h); a top-level src file
# includes only capsim/ and the top-level headers (internal.h); and every include of a src
# header names its layer ("model/fair.h", not "fair.h"), since src/ is the include root.
# With --public it checks too that cli/ and bench/ include only public headers (capsim/...) and
# headers of their own folder: they use the library through its API.
#
# Usage: tools/check-layers.sh [--public] [ROOT]   (ROOT: the source tree, default this one)
# Prints each violation as "FILE:LINE: includes X (why)", FILE relative to ROOT; exits 1 on any,
# 2 on bad usage. System headers (<stdio.h>) are not checked.
set -u
export LC_ALL=C
public=0
root=
for arg in "$@"; do
  case $arg in
    --public) public=1 ;;
    -h|--help) sed -n '3,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "check-layers: unknown option $arg" >&2; exit 2 ;;
    *) [ -z "$root" ] || { echo "check-layers: one ROOT only" >&2; exit 2; }; root=$arg ;;
  esac
done
[ -n "$root" ] || root=$(cd "$(dirname "$0")/.." && pwd)
[ -d "$root" ] || { echo "check-layers: $root: no such directory" >&2; exit 2; }
cd "$root" || exit 2

# The headers of src/ (as the include names them, LAYER/x.h) and the files to check.
headers=$( [ -d src ] && find src -name '*.h' | sed 's|^src/||' | sort)
files=$( [ -d src ] && find src -name '*.[ch]' | sort)
if [ $public = 1 ]; then
  files="$files
$(find cli bench -name '*.[ch]' 2>/dev/null | sort)"
fi
files=$(printf '%s\n' "$files" | sed '/^$/d')
[ -n "$files" ] || exit 0

# shellcheck disable=SC2086
printf '%s\n' "$headers" | awk '
BEGIN {
  rank["src"] = 0; rank["model"] = 1; rank["input"] = 2; rank["sim"] = 3
  rank["output"] = 4; rank["api"] = 5
  bad = 0
}
# the first input is the list of src headers; then the files themselves
FNR == NR { if ($0 != "") { hdr[$0] = 1; n = split($0, p, "/"); if (n == 2) home[p[2]] = p[1] }
            next }
FNR == 1 {
  file = FILENAME; n = split(file, parts, "/")
  top = parts[1]; dir = n > 2 ? parts[2] : ""
  if (top == "src")
    layer = n == 2 ? "src" : dir
  else
    layer = ""
  if (top == "src" && !(layer in rank)) {
    printf "%s:1: is in no layer of src/README.md (src/%s)\n", file, dir; bad++
  }
}
/^[ \t]*#[ \t]*include[ \t]*[<"]/ {
  line = $0
  sub(/^[ \t]*#[ \t]*include[ \t]*/, "", line)
  quote = substr(line, 1, 1)
  inc = substr(line, 2); sub(/[>"].*$/, "", inc)
  if (inc ~ /^capsim\//)
    next
  m = split(inc, ip, "/")
  is_src = (inc in hdr) || (m == 1 && (inc in home)) || (m > 1 && (ip[1] in rank))
  if (quote == "<" && !is_src)
    next                                       # a system header
  if (top == "src") {
    if (!(layer in rank))
      next
    if (m == 1 && (inc in hdr)) {
      l2 = "src"                               # a top-level header: internal.h
    } else if (m == 1 && (inc in home)) {
      printf "%s:%d: includes %s (not qualified by its layer: %s/%s)\n", file, FNR, inc,
             home[inc], inc; bad++; next
    } else if (m == 2 && (ip[1] in rank) && ip[1] != "src" && (inc in hdr)) {
      l2 = ip[1]
    } else {
      printf "%s:%d: includes %s (no such header in src/ or capsim/)\n", file, FNR, inc; bad++
      next
    }
    if (rank[l2] > rank[layer]) {
      printf "%s:%d: includes %s (layer %s above %s)\n", file, FNR, inc, l2, layer; bad++
    } else if (layer == "output" && l2 == "sim") {
      printf "%s:%d: includes %s (the writers read the event sink, not the engine)\n", file,
             FNR, inc; bad++
    }
    next
  }
  # cli/ and bench/: the public API and their own folder
  own = file; sub(/\/[^\/]*$/, "", own)
  if (quote == "\"" && m == 1 && !is_src && system("test -f \"" own "/" inc "\"") == 0)
    next
  printf "%s:%d: includes %s (%s/ may include only capsim/ and its own headers)\n", file, FNR,
         inc, top; bad++
}
END { if (bad) { printf "check-layers: %d include(s) break the layers (src/README.md)\n", bad > "/dev/stderr"; exit 1 } }
' - $files
