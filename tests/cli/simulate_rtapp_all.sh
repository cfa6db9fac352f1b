# Every rt-app file in tests/data/rtapp either simulates or fails with rt-app's reason; one that
# repeats keys simulates with a warning per repeat (counted: the messages are in test_rtapp.c).
for f in $(cd "$CAPSIM_TEST_DATA/rtapp" && find . -name '*.json' | sort); do
  $CAPSIM simulate --platform hikey960 --workload "$CAPSIM_TEST_DATA/rtapp/$f" --duration 1s \
    >/dev/null 2>"$TMPDIR_CASE/err"
  rc=$?
  if [ $rc = 0 ] && [ -s "$TMPDIR_CASE/err" ]; then
    echo "$f: ok, $(grep -c '^capsim: warning: .* given twice in one object' "$TMPDIR_CASE/err") of $(wc -l <"$TMPDIR_CASE/err") stderr lines are repeated-key warnings"
  elif [ $rc = 0 ]; then
    echo "$f: ok"
  else
    echo "$f: exit $rc: $(sed "s|$CAPSIM_TEST_DATA/rtapp/||g" "$TMPDIR_CASE/err")"
  fi
done
