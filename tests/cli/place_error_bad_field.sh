# A bad field on line 3 of a cases file: the error names FILE:LINE and the JSON path, exit 1,
# and -o leaves no output file behind (nothing half-written).
mkdir "$TMPDIR_CASE/w" && cd "$TMPDIR_CASE/w"
g=$CAPSIM_TEST_DATA/placement-golden
head -n 2 "$g/hand_cases.jsonl" >cases.jsonl
sed -n 3p "$g/hand_cases.jsonl" | sed 's/"util_cfs":0,/"util_cfs":"lots",/' >>cases.jsonl
"$CAPSIM" place --cases cases.jsonl -o out.jsonl
status=$?
ls
exit $status
