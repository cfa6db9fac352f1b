# Platform JSON: a trip name given twice in a zone is refused naming both positions (cooling
# maps find a trip by name), and a zone or platform name with a control character is refused
# (names go into every trace and report: docs/formats.md, "Names") (exit 1 each).
cd "$TMPDIR_CASE" || exit 3
b=$CAPSIM_SOURCE_DIR/data/platforms/rk3399.dtb
cat >trips.json <<EOF2
{"base": "$b", "thermal_zones": [
  {"name": "cpu-thermal", "trips": [
    {"name": "alert", "type": "passive", "temperature_mc": 70000},
    {"name": "hot", "type": "hot", "temperature_mc": 85000},
    {"name": "alert", "type": "passive", "temperature_mc": 75000}]}]}
EOF2
"$CAPSIM" platform show trips.json
echo "status $?"
printf '{"base": "%s", "thermal_zones": [{"name": "cpu\\tthermal"}]}\n' "$b" >zone.json
"$CAPSIM" platform show zone.json
echo "status $?"
printf '{"base": "%s", "name": "rk\\u001b[31m"}\n' "$b" >name.json
"$CAPSIM" platform show name.json
