# LISA PlatformInfo: a key given twice is refused with FILE:LINE:COL, as in JSON; each nrg-model
# entry is checked on its own (FILE:LINE:COL and what was expected); a platform left without an
# energy model says which CPU and which entry (never a device tree's dynamic-power-coefficient).
for f in dup-key em-khz-not-in-freqs em-zero-mw em-huge-mw em-zero-khz em-negative-khz \
         em-duplicate-khz em-cpu-99 em-ok em-missing-opp cpu-in-no-domain no-nrg-model; do
  echo "== $f"
  $CAPSIM platform show "$CAPSIM_TEST_DATA/lisa/$f.yml" >"$TMPDIR_CASE/out" 2>&1
  echo "exit $?"
  sed -n -e "s|$CAPSIM_TEST_DATA|DATA|g" -e '/^capsim: /p' -e '/^energy model: /p' \
    -e '/^  - /p' "$TMPDIR_CASE/out"
done
