#!/usr/bin/env bash
# coverage.sh BUILD: line coverage of the engine (src/sim/) and the writers (src/output/), by
# the unit tests alone (ctest label "unit": tests/unit/*/test_*.c) and by every test, from a
# tree configured with CAPSIM_COVERAGE=ON (make coverage). Each pass starts from zeroed
# counters; gcovr (Debian's) reads them. The last pass's HTML report is BUILD/coverage/.
# Exit status: that of the run of every test (the figures are printed either way). A test the
# instrumented -O0 build makes run past its ctest TIMEOUT is killed before it writes its counters:
# the all-tests figures are then a lower bound, and the log names the test.
set -u
build=$(realpath "$1")
cd "$(dirname "$0")/.."
jobs=${JOBS:-2}

zero() { find "$build" -name '*.gcda' -delete; }

# one "FOLDER: lines N% (covered of total)" line per folder. gcovr's report goes to a file of
# the build: gcovr 5.2 replaces its -o target by a regular file, so `-o /dev/null` run as root
# turned the machine's /dev/null into one.
figures() {
  for dir in src/sim/ src/output/; do
    printf '%s %-12s ' "$1" "$dir"
    gcovr -r . --filter "$dir" --print-summary -o "$build/coverage-summary.txt" "$build" |
      grep '^lines:'
  done
}

zero
ctest --test-dir "$build" -L unit -j"$jobs" >"$build/coverage-unit.log" 2>&1 ||
  echo "coverage: some unit tests failed (see $build/coverage-unit.log)" >&2
unit=$(figures "unit tests:")

zero
status=0
ctest --test-dir "$build" -j"$jobs" >"$build/coverage-all.log" 2>&1 || status=$?
[ "$status" -eq 0 ] || echo "coverage: some tests failed (see $build/coverage-all.log)" >&2
all=$(figures "all tests: ")
mkdir -p "$build/coverage"
gcovr -r . --filter src/sim/ --filter src/output/ --html-details "$build/coverage/index.html" "$build"

echo "$unit"
echo "$all"
echo "coverage: HTML report of all tests in $build/coverage/index.html"
exit "$status"
