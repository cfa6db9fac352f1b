# capsim place --cases reproduces the kernel's own 6.12 results byte for byte (the kernel
# harness's expected.jsonl, tests/data/placement-golden), hand cases included (notes echoed).
set -e
g=$CAPSIM_TEST_DATA/placement-golden
$CAPSIM place --cases "$g/cases.jsonl" | cmp - "$g/expected.jsonl"
$CAPSIM place --cases "$g/hand_cases.jsonl" --model v6.10 -o "$TMPDIR_CASE/hand.jsonl"
cmp "$TMPDIR_CASE/hand.jsonl" "$g/hand_expected.jsonl"
# the v6.9 files carry two more CPU fields, which 6.10 does not read
$CAPSIM place --cases "$g/v69/cases.jsonl" | cmp - "$g/expected.jsonl"
echo "6.12 golden: identical"
