# The `report` text (what `trace-cmd report -N` prints) of every shipped scenario, with the LISA
# events, read by tests/trace/check_report.py to trappy's and LISA's text rules, every event
# typed, and compared event by event with the ftrace text of the same run.
set -eu
t=$TMPDIR_CASE
drv=$(dirname "$CAPSIM")/trace_report
for scn in "$CAPSIM_SOURCE_DIR"/scenarios/*.json; do
  n=$(basename "$scn" .json)
  "$drv" "$scn" 2 report "$t/$n.report"
  "$drv" "$scn" 2 ftrace "$t/$n.trace"
  python3 "$CAPSIM_SOURCE_DIR"/tests/trace/check_report.py "$t/$n.report" --ftrace "$t/$n.trace"
done
