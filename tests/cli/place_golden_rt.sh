# capsim place --cases recognizes RT wake-up cases (tests/data/placement-golden/rt, the 6.12
# kernel's own select_task_rq_rt() results) line by line, and gives the kernel's answer in every
# field it prints; the four decision fields must be there.
set -e
g=$CAPSIM_TEST_DATA/placement-golden/rt
for f in cases hand_cases; do
	$CAPSIM place --cases "$g/$f.jsonl" -o "$TMPDIR_CASE/$f.out"
	python3 - "$TMPDIR_CASE/$f.out" "$g/${f%cases}expected.jsonl" <<'PY'
import json, sys
out = [json.loads(l) for l in open(sys.argv[1])]
exp = [json.loads(l) for l in open(sys.argv[2])]
assert len(out) == len(exp), (len(out), len(exp))
for o, e in zip(out, exp):
    for k in ("id", "select_task_rq_rt", "find_lowest_rq", "select_task_rq",
              "distribute_prev_after"):
        assert k in o, (o.get("id"), "missing", k)
    diff = [(k, o[k], e.get(k)) for k in o if o[k] != e.get(k)]
    assert not diff, (o["id"], diff)
print(sys.argv[2].rsplit("/", 1)[1], len(out), "cases: every field as the kernel's")
PY
done
