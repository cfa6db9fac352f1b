#!/usr/bin/env bash
# Runs one golden CLI case: tests/cli/NAME.sh, executed with $CAPSIM set to the built program and
# the working directory set to tests/cli/. Its stdout, stderr and exit status are compared with the
# sidecars NAME.sh.stdout.exact, NAME.sh.stderr.exact and NAME.sh.exit, where present (a missing
# .exit means 0). With CAPSIM_UPDATE_GOLDEN=1 the sidecars that exist are rewritten, for review.
set -u
case_file=$1
export CAPSIM=$2
dir=$(dirname "$case_file")
name=$(basename "$case_file")
export CAPSIM_TEST_DATA="$(cd "$dir/../data" && pwd)"
export CAPSIM_SOURCE_DIR="$(cd "$dir/../.." && pwd)"
tmp=$(mktemp -d) pybin=$(mktemp -d)
trap 'rm -rf "$tmp" "$pybin"' EXIT
# A case's `python3` is the interpreter the build found (with the project's modules), not the
# first on PATH (which may be a pyenv or conda one): a link to it first on the case's PATH.
if [ -n "${CAPSIM_BUILD_PYTHON:-}" ]; then
  ln -s "$CAPSIM_BUILD_PYTHON" "$pybin/python3"
  export PATH="$pybin:$PATH"
fi
(cd "$dir" && TMPDIR_CASE=$tmp bash "$name" >"$tmp/stdout" 2>"$tmp/stderr")
status=$?
fail=0
expected_status=0
[ -f "$case_file.exit" ] && expected_status=$(cat "$case_file.exit")
if [ "${CAPSIM_UPDATE_GOLDEN:-0}" = 1 ]; then
  [ -f "$case_file.stdout.exact" ] && cp "$tmp/stdout" "$case_file.stdout.exact"
  [ -f "$case_file.stderr.exact" ] && cp "$tmp/stderr" "$case_file.stderr.exact"
  [ -f "$case_file.exit" ] && echo "$status" >"$case_file.exit"
  exit 0
fi
if [ "$status" != "$expected_status" ]; then
  echo "exit status $status, expected $expected_status"; fail=1
fi
for s in stdout stderr; do
  if [ -f "$case_file.$s.exact" ] && ! diff -u "$case_file.$s.exact" "$tmp/$s"; then
    echo "$s differs from $name.$s.exact"; fail=1
  fi
done
if [ $fail = 1 ]; then
  # a case without a stdout sidecar prints its findings there: show them too
  [ -f "$case_file.stdout.exact" ] || { echo "--- stdout was:"; tail -c 4000 "$tmp/stdout"; }
  echo "--- stderr was:"; head -c 4000 "$tmp/stderr"
fi
exit $fail
