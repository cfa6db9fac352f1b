# Each policy's cpufreq driver, transition latency and schedutil rate limit, worked out by hand
# from the shipped device trees as the drivers' ->init() and cpufreq_policy_transition_delay_us()
# do: HiKey960 (cpufreq-dt, OPP clock-latency-ns 300000, no cpu-supply): 300 us x 1.5 = 450;
# RK3399 little (cpufreq-dt, 40000 ns + the cpu-supply's regulator-ramp-delay 6001 uV/us over
# 825000..1250000 uV = 71 us): 111 us x 1.5 = 166; RB5 (qcom,freq-domain: qcom-cpufreq-hw, no
# latency): 1000 us, fast switch. A platform JSON overlay overrides them; a wrong driver name is
# refused with its JSON path. Read with python3's json.
set -e
for p in hikey960 rk3399 rb5; do $CAPSIM platform show $p --json > "$TMPDIR_CASE/$p.json"; done
printf '{"policies": [{"cpus": "4-5", "cpufreq_driver": "scmi"}, {"cpus": "0-3", "transition_delay_us": 2000, "fast_switch": true}]}' \
  > "$TMPDIR_CASE/ov.json"
$CAPSIM platform show rk3399 --overlay "$TMPDIR_CASE/ov.json" --json > "$TMPDIR_CASE/ov-show.json"
python3 - "$TMPDIR_CASE" <<'PY'
import json, sys
d = sys.argv[1]
def pols(name):
    return {p["policy"]: p for p in json.load(open(f"{d}/{name}.json"))["policies"]}
def check(p, driver, lat, delay, fast, given=False):
    got = (p["cpufreq_driver"], p["transition_latency_ns"], p["transition_delay_us"],
           p["fast_switch"], p["cpufreq_driver_given"])
    assert got == (driver, lat, delay, fast, given), got
h, r, q, o = pols("hikey960"), pols("rk3399"), pols("rb5"), pols("ov-show")
check(h[0], "cpufreq-dt", 300000, 450, False)
check(h[4], "cpufreq-dt", 300000, 450, False)
check(r[0], "cpufreq-dt", 40000 + 71000, 166, False)
for c in (0, 4, 7):
    check(q[c], "qcom-cpufreq-hw", 0, 1000, True)
# scmi named: its DT-less default latency (1 ms: 1500 us) and fast channels
check(o[4], "scmi", 1000000, 1500, True, True)
check(o[0], "cpufreq-dt", 111000, 2000, True, True)
PY
$CAPSIM platform show rk3399 | grep -q '^  cpufreq driver: cpufreq-dt (from the DT), transition latency 111000 ns, rate_limit_us 166, sugov kthread (no fast switch)$'
printf '{"policies": [{"cpus": "0-3", "cpufreq_driver": "cpufreq-foo"}]}' > "$TMPDIR_CASE/bad.json"
if $CAPSIM platform show rk3399 --overlay "$TMPDIR_CASE/bad.json" 2> "$TMPDIR_CASE/err"; then exit 1; fi
grep -q 'policies\[0\].cpufreq_driver: "cpufreq-foo" is not one of the accepted values' "$TMPDIR_CASE/err"
