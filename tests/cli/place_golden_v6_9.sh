# capsim place --model v6.9 reproduces the pre-6.10 golden vectors (tests/data/placement-golden/
# v69). The v6.9 hand notes were rewritten by the harness's authors, so notes are left out there.
set -e
g=$CAPSIM_TEST_DATA/placement-golden/v69
$CAPSIM place --model v6.9 --cases "$g/cases.jsonl" | cmp - "$g/expected.jsonl"
$CAPSIM place --model v6.9 --cases "$g/extra_cases.jsonl" | cmp - "$g/extra_expected.jsonl"
strip_note() { sed 's/,"note":".*"}$/}/'; }
$CAPSIM place --model v6.9 --cases "$g/hand_cases.jsonl" | strip_note >"$TMPDIR_CASE/hand"
strip_note <"$g/hand_expected.jsonl" | cmp - "$TMPDIR_CASE/hand"
echo "v6.9 golden: identical"
