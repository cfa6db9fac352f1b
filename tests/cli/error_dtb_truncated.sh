# A device tree cut short: exit 1 and a message naming the file.
cd "$TMPDIR_CASE" && head -c 1000 "$CAPSIM_SOURCE_DIR/data/platforms/rk3399.dtb" > cut.dtb
$CAPSIM platform show cut.dtb
