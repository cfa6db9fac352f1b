# Out of memory is reported as such (exit 3, "FILE: out of memory"), wherever an allocation
# fails, the JSON readers included (issue 30, defect 13: json-c gives no value and no error when
# it runs out, which read as "unexpected end of the file ... truncated?", exit 1). A 5 MB rt-app
# file (one task of 100 000 phases, json-c's tree of it about 150 MB) runs under address-space
# limits from 20 MB up: each run either succeeds or says out of memory, never anything else.
set -u
cd "$TMPDIR_CASE" || exit 3
# a sanitizer build reserves terabytes of address space: no limit can be set under it
if ! (ulimit -v 4000000; "$CAPSIM" --version >/dev/null 2>&1); then
  echo "every limit: succeeded or out of memory"; exit 0
fi
{
  printf '{"global": {"duration": 1}, "tasks": {"t": {"phases": {'
  for i in $(seq 100000); do printf '"p%d": {"loop": 1, "run": 500, "sleep": 500},' "$i"; done
  printf '"last": {"run": 1}}}}}\n'
} >big.json
bad=0 nomem=0 ok=0
for v in $(seq 20000 20000 260000); do
  err=$( (ulimit -v "$v"; "$CAPSIM" simulate --platform rk3399 --workload big.json --duration 1ms \
          -o /dev/null 2>&1) ); rc=$?
  if [ $rc = 0 ]; then ok=$((ok + 1))
  elif [ $rc = 3 ] && [ "$err" = "capsim: big.json: out of memory" ]; then nomem=$((nomem + 1))
  else echo "FAIL: ulimit -v $v: exit $rc: $err"; bad=1; fi
done
[ $nomem -gt 0 ] && [ $ok -gt 0 ] || { echo "FAIL: $nomem out of memory, $ok succeeded"; bad=1; }
[ $bad = 0 ] && echo "every limit: succeeded or out of memory"
