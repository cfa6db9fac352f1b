# Every shipped scenario, compared under all five models twice (20 s of simulated time each):
# the two JSON reports are byte for byte identical.
cd "$TMPDIR_CASE" || exit 3
for sc in rk3399-uclamp-ui pixel6-user-cap hikey960-game-ipa rb5-lmh-bursts; do
	"$CAPSIM" compare "$CAPSIM_SOURCE_DIR/scenarios/$sc.json" --duration 20s --json -o a.json || exit 1
	"$CAPSIM" compare "$CAPSIM_SOURCE_DIR/scenarios/$sc.json" --duration 20s --json -o b.json || exit 1
	cmp -s a.json b.json && echo "$sc: identical" || echo "$sc: DIFFERENT"
done
