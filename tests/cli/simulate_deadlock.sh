# Workloads that can never end (no duration): a deadlock is an error naming the tasks and the
# resources involved, and a mutex used against the pthread rules stops the run at its event.
cd "$CAPSIM_TEST_DATA/deadlock" || exit 3
for f in abba barrier-one-side relock wait-unsignalled unlock-not-held wait-without-lock; do
  "$CAPSIM" simulate --platform rk3399 --workload "$f.json" >/dev/null
  echo "$f: exit $?"
done
