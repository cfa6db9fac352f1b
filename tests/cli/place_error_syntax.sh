# Truncated JSON, garbage, an empty line, an empty file, a wrong type at the top: each a clear
# message with FILE:LINE(:COL), exit 1.
cd "$TMPDIR_CASE"
g=$CAPSIM_TEST_DATA/placement-golden
head -c 300 "$g/hand_cases.jsonl" >truncated.jsonl
printf '{"id": "x", @}\n' >garbage.jsonl
head -n 1 "$g/hand_cases.jsonl" >blank.jsonl; printf '\n' >>blank.jsonl; head -n 1 "$g/hand_cases.jsonl" >>blank.jsonl
: >empty.jsonl
printf '[1, 2]\n' >array.jsonl
for f in truncated garbage blank empty array; do
  "$CAPSIM" place --cases $f.jsonl; echo "exit $?"
done
"$CAPSIM" place --cases missing.jsonl; echo "exit $?"
printf '{"id":\n' | "$CAPSIM" place --cases -; echo "exit $?"
