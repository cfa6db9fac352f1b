# Docs and comments that cannot drift (tools/check-doc-drift.py): every src/ path they name
# exists, every "mirrors X()" names a function the cited kernel version has (the committed
# name lists kernel-check/names/, so no kernel source is read), no tracker references in the
# docs or --help.
python3 "$CAPSIM_SOURCE_DIR/tools/check-doc-drift.py" "$CAPSIM_SOURCE_DIR" "$CAPSIM"
