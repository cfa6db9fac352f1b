#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The man pages agree with the program, as git's t0450 checks -h against its docs: there is a
# page for capsim and for each command that `capsim --help` lists (the installed ones, from a
# staged install); man -l renders each without a warning; its SYNOPSIS is the usage of
# `--help`, every option that `--help` names is in the page, and the page says every word of
# the help, in order (sections added after it, ENVIRONMENT and SEE ALSO, aside).
# Usage: tests/install/man.sh SOURCE_DIR BUILD_DIR
. "$(dirname "$0")/lib.bash"
bin=$build/capsim
command -v man >/dev/null || { echo "skipped: no man (tools/install-deps.sh installs man-db)"; exit 77; }
stage_install /usr "$tmp/root"
mandir=$tmp/root/usr/share/man/man1

# (each awk reads to the end: one that exits early can SIGPIPE the writer, which pipefail and
# set -e turn into a silent failure once a help is longer than the pipe's first write)
commands=$("$bin" --help | awk '/^commands:$/ { p = 1; next } p && /^  [a-z]/ { print $1 } p && /^$/ { p = 0 }')
[ -n "$commands" ] || fail "no command list in capsim --help"
# Render as plain ASCII text (no overstrike, ASCII hyphens and quotes).
render() { MANWIDTH=80 LC_ALL=C.UTF-8 man -E ascii -l "$1" 2>"$tmp/err" | col -bx; }
words() { tr -s ' \t' '\n\n' | grep -v '^$'; }

for cmd in "" $commands; do
  page=$mandir/capsim${cmd:+-$cmd}.1
  name=capsim${cmd:+ $cmd}
  [ -f "$page" ] || fail "$name: no man page $page"
  help=$("$bin" $cmd --help)

  # Renders without warnings, plain and with groff's warnings on.
  MANWIDTH=80 man -l "$page" >/dev/null 2>"$tmp/err"
  [ ! -s "$tmp/err" ] || { cat "$tmp/err" >&2 || true; fail "$name: man -l warns"; }
  MANWIDTH=80 man --warnings -l "$page" >/dev/null 2>"$tmp/err"
  [ ! -s "$tmp/err" ] || { cat "$tmp/err" >&2 || true; fail "$name: man --warnings -l warns"; }
  text=$(render "$page")

  # SYNOPSIS: the usage lines of --help, word for word.
  want=$(printf '%s\n' "$help" | awk 'd { next } NR == 1 { sub(/^usage: /, ""); print; next } /^ / { print; next } { d = 1 }' | words)
  got=$(printf '%s\n' "$text" | awk '/^SYNOPSIS$/ { p = 1; next } /^[A-Z]/ { p = 0 } p' | words)
  [ "$want" = "$got" ] || { diff <(echo "$want") <(echo "$got") >&2 || true; fail "$name: SYNOPSIS is not the usage of --help"; }

  # Every option --help names appears in the page.
  for opt in $(printf '%s\n' "$help" | grep -oE -- '(^|[ [,])--?[a-zA-Z][a-zA-Z0-9-]*' | sed 's/^[ [,]//' | sort -u); do
    grep -qF -- "$opt" <<<"$text" || fail "$name: option $opt of --help is not in the page"
  done

  # The whole help, word for word, from SYNOPSIS to the added sections; headings compare
  # without case or colon ("options:" is OPTIONS).
  want=$(printf '%s\n' "$help" | sed '1s/^usage: //; s/^\([A-Za-z]*\):$/\1/' | words | tr 'A-Z' 'a-z')
  got=$(printf '%s\n' "$text" | sed '1d;$d' | awk '/^SYNOPSIS$/ { p = 1; next } /^(ENVIRONMENT|SEE ALSO)$/ { p = 0 } p && !/^DESCRIPTION$/' |
        words | tr 'A-Z' 'a-z')
  [ "$want" = "$got" ] || { diff <(echo "$want") <(echo "$got") | head -20 >&2 || true; fail "$name: the page does not say what --help says"; }
done
echo "ok: capsim(1) and $(echo $commands | wc -w) command pages agree with --help"
