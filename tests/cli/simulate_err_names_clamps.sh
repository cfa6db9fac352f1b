# rt-app files that name a task or resource with a control character, invalid UTF-8 or a
# \u0000 escape (json-c would cut "t\u0000x" and "t\u0000y" to one task "t"), and phases whose
# carried-over clamps cross (uclamp_validate(): -EINVAL) are refused with their position.
cd "$CAPSIM_TEST_DATA/rtapp-names" || exit 3
for f in ctrl nul utf8 res clamp clamp2; do
  "$CAPSIM" simulate --platform rk3399 --workload "$f.json" --duration 10ms >/dev/null
  echo "$f: exit $?"
done
