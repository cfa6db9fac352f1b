# Every example of README.md, docs/*.md and each --help runs, and the outputs the docs show
# (blocks after <!-- example -->) are what capsim prints (tools/check-doc-examples.py).
python3 "$CAPSIM_SOURCE_DIR/tools/check-doc-examples.py" "$CAPSIM" "$CAPSIM_SOURCE_DIR"
