#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# check_entry_points.sh LIBCAPSIM.a KERNEL_CHECK_OBJECT... - each function entry_points.txt
# names is defined (T) by the library and only called (U), never defined, by kernel-check's
# capsim side: the path groups run production code, not a copy of it.
set -euo pipefail
lib=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
libsyms=$(nm "$lib" 2>/dev/null)
kcsyms=$(nm "$@")
bad=0
while IFS=: read -r group funcs; do
	case $group in ''|'#'*) continue ;; esac
	for f in $funcs; do
		if ! grep -qE " T $f\$" <<<"$libsyms"; then
			echo "check_entry_points: $group: $f is not a function of $lib" >&2
			bad=1
		fi
		if grep -qE " [TtWw] $f\$" <<<"$kcsyms"; then
			echo "check_entry_points: $group: $f is defined by kernel-check itself" >&2
			bad=1
		fi
		if ! grep -qE " U $f\$" <<<"$kcsyms"; then
			echo "check_entry_points: $group: kernel-check's capsim side does not call $f" >&2
			bad=1
		fi
	done
done < "$here/entry_points.txt"
[ "$bad" -eq 0 ] && echo "check_entry_points: every path group's entry point is the library's"
