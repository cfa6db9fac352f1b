# A number beyond 64 bits is refused without quoting json-c's saturated limit as if the file
# had written it (exit 1 each).
cd "$TMPDIR_CASE" || exit 3
b=$CAPSIM_SOURCE_DIR/data/platforms/rk3399.dtb
printf '{"base": "%s", "thermal_zones": [{"name": "z", "polling_delay_ms": 99999999999999999999}]}\n' "$b" >big.json
"$CAPSIM" platform show big.json
echo "status $?"
printf '{"base": "%s", "thermal_zones": [{"name": "z", "polling_delay_ms": -99999999999999999999}]}\n' "$b" >neg.json
"$CAPSIM" platform show neg.json
echo "status $?"
printf '{"base": "%s", "thermal_zones": [{"name": "z", "polling_delay_ms": 99999999999}]}\n' "$b" >range.json
"$CAPSIM" platform show range.json
