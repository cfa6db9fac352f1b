# tools/install-deps.sh waits for a held apt/dpkg lock instead of failing at once (issue 30,
# defect 13: two make targets started together on a fresh machine both failed). apt-get, dpkg-query,
# id and sleep are stubs here: dpkg-query finds nothing installed; apt-get install fails once on
# the dpkg lock, apt-get update twice on the lists' lock, then both succeed. The script must
# pass apt's DPkg::Lock::Timeout on every call, say that it waits, retry the update while the
# lists' lock is held, and end installed (exit 0).
set -u
cd "$TMPDIR_CASE" || exit 3
deps=${DEPS_SCRIPT:-$CAPSIM_SOURCE_DIR/tools/install-deps.sh}
mkdir bin
cat >bin/apt-get <<'STUB'
#!/bin/sh
echo "$*" >>"$STATE/calls"
n=$(grep -c . "$STATE/calls")
case "$n:$*" in
  1:*install*) echo "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 1 (apt-get)"; exit 100 ;;
  2:*update*|3:*update*) echo "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 1 (apt-get)"; exit 100 ;;
esac
exit 0
STUB
printf '#!/bin/sh\nexit 1\n' >bin/dpkg-query
printf '#!/bin/sh\n[ "$1" = -u ] && echo 0 || exec /usr/bin/id "$@"\n' >bin/id
printf '#!/bin/sh\nexit 0\n' >bin/sleep
chmod +x bin/*
STATE=$PWD PATH="$PWD/bin:$PATH" bash "$deps" >out 2>err
rc=$?
bad=0
fail() { echo "FAIL: $*"; bad=1; }
[ $rc = 0 ] || fail "exit $rc: $(cat out err)"
grep -q "waiting for it" err || fail "no word that it waits for the lock"
grep -q "^deps: installed" out || fail "not installed"
[ "$(grep -c update calls)" = 3 ] || fail "apt-get update not retried while the lists' lock was held: $(cat calls)"
[ "$(grep -vc 'DPkg::Lock::Timeout=' calls)" = 0 ] || fail "an apt-get call without DPkg::Lock::Timeout"
[ $bad = 0 ] && echo "install-deps waits for apt's lock"
exit $bad
