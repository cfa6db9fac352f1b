# Each command's option table (cli/cli.h, `capsim __options CMD`) is the one place its options
# are declared: every option in it is parsed (with the arity and the grammar the table says),
# documented (in --help, in the man page made from --help, and in docs/cli.md's section of the
# command) and completed (by dist/capsim.bash-completion, values too); and the command line
# holds no value grammar of its own: cli/ reads values only through cli/cli_options.c, which
# calls the library's parsers, and the Python binding calls none but the library's.
set -u
src=$CAPSIM_SOURCE_DIR
man=$(dirname "$CAPSIM")/man
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# The bash completion's offers for the last word, one per line (as tests/install/completion.sh).
. "$src/dist/capsim.bash-completion"
complete_words() {
  COMP_WORDS=("$CAPSIM" "$@") COMP_CWORD=$# COMPREPLY=()
  _capsim
  printf '%s\n' "${COMPREPLY[@]}"
}

# A bad value for each grammar, chosen by what the grammar is (none of them parses it).
bad_value() {
  case $1 in
  u64) echo 12x ;; duration) echo 5parsecs ;; run/period) echo 4ms ;; cpulist) echo 0-x ;;
  choice) echo no-such-choice ;; model) echo v0.1 ;; models) echo v6.9,v0.1 ;;
  max-freq) echo policy4 ;; hw-cap-episode) echo 4-7 ;;
  *) echo "" ;;
  esac
}

commands=$("$CAPSIM" --help | awk '/^commands:$/ { p = 1; next } p && /^  [a-z]/ { print $1 } p && /^$/ { p = 0 }')
[ -n "$commands" ] || fail "no command list in capsim --help"
for cmd in $commands; do
  table=$("$CAPSIM" __options "$cmd") || { fail "$cmd: no option table"; continue; }
  help=$("$CAPSIM" "$cmd" --help)
  page=$man/capsim-$cmd.1
  [ -f "$page" ] || fail "$cmd: no man page $page"
  # the man page's text with roff's escaped hyphens as typed
  pagetext=$(sed 's/\\-/-/g; s/\\f[BRI]//g' "$page" 2>/dev/null)
  # docs/cli.md's section of the command: from "## capsim CMD" to the next "## "
  doc=$(awk -v h="## capsim $cmd" 'index($0, h) == 1 { p = 1; next } /^## / { p = 0 } p' "$src/docs/cli.md")
  [ -n "$doc" ] || fail "$cmd: no section '## capsim $cmd' in docs/cli.md"
  offered=$(complete_words "$cmd" -)
  # The subcommand platform's options are those of its action show.
  args=()
  [ "$cmd" = platform ] && args=(show)
  [ "$cmd" = scenario ] && args=(new)
  n=0
  while IFS=$'\t' read -r name short metavar grammar def values listed; do
    case $name in -*) ;; *) continue ;; esac
    n=$((n + 1))
    # parsed: the parser knows it, with its arity ...
    if [ "$grammar" = flag ]; then
      out=$("$CAPSIM" "$cmd" "${args[@]}" "$name=x" 2>&1)
      grep -qF "option '$name' takes no value" <<<"$out" || fail "$cmd $name: not parsed as a flag: $out"
    else
      out=$("$CAPSIM" "$cmd" "${args[@]}" "$name" 2>&1)
      grep -qF "option '$name' needs a value" <<<"$out" || fail "$cmd $name: not parsed as taking a value: $out"
      # ... and its grammar: a value the grammar refuses is refused, naming the option
      bad=$(bad_value "$grammar")
      if [ -n "$bad" ]; then
        out=$("$CAPSIM" "$cmd" "${args[@]}" "$name" "$bad" 2>&1)
        st=$?
        { [ $st = 2 ] && grep -qF -- "$name" <<<"$out"; } || fail "$cmd $name '$bad' ($grammar): not refused as bad usage (exit $st): $out"
      fi
    fi
    if [ "$short" != - ]; then
      out=$("$CAPSIM" "$cmd" "${args[@]}" "-$short" 2>&1)
      [ "$name" = --help ] || grep -qF "needs a value" <<<"$out" || grep -qF "takes no value" <<<"$out" || [ "$grammar" = flag ] ||
        fail "$cmd -$short: not parsed: $out"
    fi
    # documented: --help (unless the table says the option is not listed), man page, docs/cli.md
    if [ "$listed" = listed ]; then
      grep -qE -- "(^|[ [,])$name([ =,]|$)" <<<"$help" || fail "$cmd $name: not in --help"
      grep -qF -- "$name" <<<"$pagetext" || fail "$cmd $name: not in the man page"
    fi
    # a default in the table is the one its help states
    if [ "$def" != - ]; then
      lines=$(awk -v n="$name" '{ t = $0; sub(/^  (-[a-z], )?/, "", t) }
        p && (/^  [-A-Z]/ || /^$/) { exit } p { print } index(t, n " ") == 1 && /^  / { p = 1; print }' <<<"$help")
      # "default DEF", "default: DEF" or "DEF (..., default)"
      d=$(sed 's/[.[*^$]/\\&/g' <<<"$def")
      grep -qE -- "default:? $d([^0-9A-Za-z_]|\$)|(^| )$d \([^)]*default" <<<"$(tr '\n' ' ' <<<"$lines")" ||
        fail "$cmd $name: its help does not state its default $def: $lines"
    fi
    [ "$name" = --help ] || grep -qF -- "$name" <<<"$doc" || fail "$cmd $name: not in docs/cli.md ('## capsim $cmd')"
    # completed: the option, and its values
    grep -qxF -- "$name" <<<"$offered" || fail "$cmd $name: not offered by the completion"
    case $values in
    -|@none|@file) ;;
    @platform) grep -qx rk3399 <<<"$(complete_words "$cmd" "${args[@]}" "$name" rk)" || fail "$cmd $name: platform names not completed" ;;
    *) for v in $values; do
         grep -qxF -- "$v" <<<"$(complete_words "$cmd" "${args[@]}" "$name" "$v")" || fail "$cmd $name: value '$v' not completed"
       done ;;
    esac
  done <<<"$table"
  [ $n -gt 0 ] || fail "$cmd: no options in its table"
done

# No grammar in the command line but the table's: the library's parsers are called in cli/ only
# by cli_options.c, and no number is read with libc's converters.
hits=$(grep -nE 'capsim_parse_[a-z0-9_]+\(' "$src"/cli/*.c | grep -v '^[^:]*/cli_options.c:')
[ -z "$hits" ] || fail "value grammar outside cli/cli_options.c: $hits"
hits=$(grep -nE '\b(strto(u?ll?|d|f)|ato[il]|sscanf)\(' "$src"/cli/*.c)
[ -z "$hits" ] || fail "a number read by libc in cli/: $hits"
# The Python binding: the library's parsers only (one call site each), no number read from text.
hits=$(grep -nE '\b(int|float)\(str\(|\bre\.(match|split|fullmatch)' "$src"/python/capsim/*.py)
[ -z "$hits" ] || fail "a value grammar of the Python binding's own: $hits"
# --hw-cap has one grammar, scn_parse_hw_cap(): one definition, its callers in the library only.
[ "$(grep -lE '^int scn_parse_hw_cap\(' "$src"/src/*/*.c | wc -l)" = 1 ] || fail "scn_parse_hw_cap() is not defined once"
[ $fails = 0 ] && echo "ok: every option of $(echo $commands | wc -w) commands is parsed, documented and completed"
exit $((fails > 0))
