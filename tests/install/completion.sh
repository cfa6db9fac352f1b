#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The installed bash completion completes the commands, a command's options and their values
# (from its option table, `capsim __complete`) and platform names (from capsim platform list),
# calling the installed program.
# Usage: tests/install/completion.sh SOURCE_DIR BUILD_DIR
. "$(dirname "$0")/lib.bash"
stage_install "$tmp/prefix"
comp=$tmp/prefix/share/bash-completion/completions/capsim
[ -f "$comp" ] || fail "no completion installed at share/bash-completion/completions/capsim"
# shellcheck source=/dev/null
. "$comp"
# complete WORD...: what the completion offers for the last word, one per line.
complete_words() {
  COMP_WORDS=("$tmp/prefix/bin/capsim" "$@") COMP_CWORD=$# COMPREPLY=()
  _capsim
  printf '%s\n' "${COMPREPLY[@]}" | sort
}
[ "$(complete_words si)" = simulate ] || fail "'capsim si' does not complete to simulate"
grep -qx compare <<<"$(complete_words '')" || fail "'capsim ' does not offer compare"
grep -qx -- --max-freq <<<"$(complete_words simulate --max-)" || fail "'capsim simulate --max-' does not offer --max-freq"
grep -qx -- --max-events <<<"$(complete_words simulate --max-)" || fail "'capsim simulate --max-' does not offer --max-events"
grep -qx -- --cases <<<"$(complete_words place --c)" || fail "'capsim place --c' does not offer --cases"
[ "$(complete_words simulate --platform rk)" = rk3399 ] || fail "'--platform rk' does not complete to rk3399"
[ "$(complete_words platform show hik)" = hikey960 ] || fail "'platform show hik' does not complete to hikey960"
[ "$(complete_words capacity od)" = "$(printf 'odroid-n2\nodroid-xu3')" ] || fail "'capacity od' does not offer the odroids"
# the model names are the library's (capsim_model_name()), every one of them
[ "$(complete_words simulate --model v6.1)" = "$(printf 'v6.1\nv6.10\nv6.12')" ] || fail "'--model v6.1' does not complete to v6.1, v6.10 and v6.12"
grep -qx capped <<<"$(complete_words compare --models '')" || fail "'compare --models' does not offer capped"
[ "$(complete_words simulate --trace-format p)" = perfetto ] || fail "'--trace-format p' does not complete to perfetto"
[ "$(complete_words sweep --engine d)" = dask ] || fail "'sweep --engine d' does not complete to dask"
[ "$(complete_words capacity rk3399 --fallback c)" = cpuinfo_max ] || fail "'--fallback c' does not complete to cpuinfo_max"
[ "$(complete_words place --platform hik)" = hikey960 ] || fail "'place --platform hik' does not complete to hikey960"
echo "ok: commands, options, their values and platform names complete"
