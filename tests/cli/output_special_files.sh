# -o targets that are not plain new files: each keeps what it is and gets the data, or is
# refused with a clear message and left untouched. The data is the PELT golden vector.
set -u
cd "$TMPDIR_CASE" || exit 3
g=$CAPSIM_TEST_DATA/pelt-golden/rt_util
pelt() { "$CAPSIM" pelt "$g.in.csv" -o "$@"; }
fail() { echo "FAIL: $*"; bad=1; }
bad=0

# A FIFO is written through and stays a FIFO.
mkfifo fifo
cat fifo >from_fifo & reader=$!
pelt fifo || fail "fifo: exit $?"
wait $reader
[ -p fifo ] || fail "fifo is no longer a FIFO"
cmp -s from_fifo "$g.out.csv" || fail "fifo: the reader got other bytes"

# A symlink stays a symlink; its target gets the data (a new target is created).
echo old >real.csv; ln -s real.csv link.csv; ln -s new-target.csv dangling.csv
pelt link.csv && pelt dangling.csv || fail "symlink: exit $?"
[ -L link.csv ] && [ -L dangling.csv ] || fail "a symlink was replaced"
cmp -s real.csv "$g.out.csv" && cmp -s new-target.csv "$g.out.csv" || fail "symlink targets"

# A character device is written through and stays one; /dev/stdout reaches the pipe.
pelt /dev/stdout | cmp -s - "$g.out.csv" || fail "/dev/stdout"
[ -c /dev/null ] && pelt /dev/null && [ -c /dev/null ] || fail "/dev/null"
"$CAPSIM" pelt "$g.in.csv" -o - | cmp -s - "$g.out.csv" || fail "-"

# An existing file keeps its mode; one with two hard links is written in place.
echo old >mode.csv; chmod 640 mode.csv
pelt mode.csv && [ "$(stat -c %a mode.csv)" = 640 ] || fail "mode not kept"
echo old >linked.csv; ln linked.csv other-name.csv
pelt linked.csv && cmp -s other-name.csv "$g.out.csv" || fail "hard link not written in place"

# Refused, with nothing written: a directory, /dev/full (ENOSPC), an unwritable directory.
mkdir dir
pelt dir 2>&1; echo "exit $?"
pelt /dev/full 2>&1; echo "exit $?"
[ -c /dev/full ] || fail "/dev/full is no longer a device"
mkdir locked; chmod 555 locked
if [ "$(id -u)" = 0 ]; then # root writes anywhere: ask as nobody
  # nobody may not reach the clone (under /root, or any mode-700 directory): the program, its
  # library and the input are copied where nobody can read them (the case's directory)
  mkdir nobody && cp "$CAPSIM" "$g.in.csv" nobody/ &&
    for lib in $(ldd "$CAPSIM" | awk '$1 ~ /^libcapsim/ { print $3 }'); do cp "$lib" nobody/; done
  chmod -R a+rX nobody; chmod 777 .
  LD_LIBRARY_PATH=$PWD/nobody setpriv --reuid=nobody --regid=nogroup --clear-groups \
    nobody/capsim pelt nobody/rt_util.in.csv -o locked/out.csv 2>&1
else
  "$CAPSIM" pelt "$g.in.csv" -o locked/out.csv 2>&1
fi
[ -z "$(ls -A locked)" ] || fail "something was written into locked/"
ls -A | grep -q 'capsim-' && fail "a temporary file was left"
exit $bad
