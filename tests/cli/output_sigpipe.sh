# A reader that closes the pipe early (head) ends capsim by SIGPIPE, as it ends cat (status 141),
# and the temporary file of -o is removed: nothing named after r.json is left (issue 21).
d=$TMPDIR_CASE/sigpipe
mkdir -p "$d"
"$CAPSIM" simulate --duration 5s --trace - --json -o "$d/r.json" | head -c 100 >/dev/null
echo "capsim status ${PIPESTATUS[0]}"
ls -A "$d"
echo "left: $(ls -A "$d" | wc -l)"
