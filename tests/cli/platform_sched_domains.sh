# The must-show case: RK3399's L2 per cluster (l2_cache_l behind CPUs 0-3, l2_cache_b behind 4-5
# in its DT) gives MC {0-3},{4-5}; PKG spans all six with both capacities (381, 1024), so it
# is SD_ASYM_CPUCAPACITY_FULL, and MC (one capacity each) is not asymmetric. Read by python3's
# json, and the text form's one line per level.
set -e
$CAPSIM platform show rk3399 --json | python3 -c '
import json, sys
d = json.load(sys.stdin)["sched_domains"]
assert [l["level"] for l in d] == ["MC", "PKG"], d
assert d[0]["spans"] == [[0, 1, 2, 3], [4, 5]], d[0]
assert d[1]["spans"] == [[0, 1, 2, 3, 4, 5]], d[1]
assert d[1]["domains"][0]["groups"] == [[0, 1, 2, 3], [4, 5]], d[1]
assert "SD_ASYM_CPUCAPACITY_FULL" in d[1]["domains"][0]["flags"], d[1]
assert all("SD_ASYM_CPUCAPACITY" not in m["flags"] and "SD_SHARE_LLC" in m["flags"]
           for m in d[0]["domains"]), d[0]
'
$CAPSIM platform show rk3399 | grep -Eq '^  MC +0-3 4-5 +SD_BALANCE_NEWIDLE' \
  || { echo "no MC line"; exit 1; }
$CAPSIM platform show rk3399 | grep -Eq '^  PKG +0-5 +SD_BALANCE_NEWIDLE.*SD_ASYM_CPUCAPACITY_FULL' \
  || { echo "no PKG line"; exit 1; }
# Every shipped platform lists its levels, bottom up, in JSON and text: the top level spans
# every CPU and each level's spans partition the CPUs (the DT-derived expectations of each
# board are tests/unit/model/test_sched_domains.c's).
for p in $($CAPSIM platform list | awk 'NR > 1 {print $1}'); do
  $CAPSIM platform show "$p" --json | python3 -c '
import json, sys
j = json.load(sys.stdin)
d, n = j["sched_domains"], len(j["cpus"])
assert d, "no sched domains"
order = ["SMT", "CLS", "MC", "PKG"]
levels = [l["level"] for l in d]
assert levels == sorted(levels, key=order.index), levels
assert d[-1]["spans"] == [list(range(n))], d[-1]
for l in d:
    cpus = sorted(c for s in l["spans"] for c in s)
    assert cpus == list(range(n)), (l["level"], cpus)
' || { echo "$p: bad sched_domains"; exit 1; }
  for l in $($CAPSIM platform show "$p" --json |
             python3 -c 'import json,sys; print(*[l["level"] for l in json.load(sys.stdin)["sched_domains"]])'); do
    $CAPSIM platform show "$p" | grep -Eq "^  $l +[0-9]" || { echo "$p: no $l line"; exit 1; }
  done
done
