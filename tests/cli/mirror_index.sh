# docs/mirrors.md, the index of the kernel functions capsim mirrors (tools/mirror-index.py), is
# the one the "mirrors X()" comments in src/ make now: a comment added, moved or renamed without
# running the tool again fails here.
"${CAPSIM_BUILD_PYTHON:-python3}" "$CAPSIM_SOURCE_DIR/tools/mirror-index.py" --check "$CAPSIM_SOURCE_DIR"
