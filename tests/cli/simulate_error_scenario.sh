# A scenario with an unknown kernel option: FILE:LINE:COL, the key's path, what is expected.
printf '{\n  "platform": "hikey960",\n  "kernel": { "hz": 250, "governer": "schedutil" },\n  "workload": "x.json"\n}\n' >"$TMPDIR_CASE/bad.json"
$CAPSIM simulate "$TMPDIR_CASE/bad.json" 2>&1 | sed "s|$TMPDIR_CASE/||"
