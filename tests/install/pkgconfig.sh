#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A program using the public API builds against a DESTDIR-staged install (PREFIX /usr) with
# pkg-config alone, linked to the shared library and, with --static, to libcapsim.a; both
# print the version of the library they run with and parse a duration through it. capsim.pc
# must name the prefix installed to.
# Usage: tests/install/pkgconfig.sh SOURCE_DIR BUILD_DIR
. "$(dirname "$0")/lib.bash"
root=$tmp/root
stage_install /usr "$root"
pc=$(find "$root/usr" -name capsim.pc -path '*/pkgconfig/*')
[ -n "$pc" ] || fail "no capsim.pc installed"
grep -qx 'prefix=/usr' "$pc" || fail "capsim.pc does not name the prefix /usr"
libdir=$(dirname "$(dirname "$pc")")
export PKG_CONFIG_SYSROOT_DIR=$root PKG_CONFIG_PATH=$(dirname "$pc")
cat >"$tmp/v.c" <<'C'
#include <inttypes.h>
#include <stdio.h>
#include <capsim/capsim.h>
int main(void)
{
	uint64_t ns = 0;

	if (capsim_parse_duration_ns("1.5ms", CAPSIM_NSEC_PER_USEC, &ns))
		return 1;
	printf("%s %s %" PRIu64 "\n", capsim_version(), CAPSIM_VERSION_STRING, ns);
	return 0;
}
C
want="$("$build/capsim" --version | awk '{ print $2 }') $("$build/capsim" --version | awk '{ print $2 }') 1500000"
# shellcheck disable=SC2046 # pkg-config's flags are words
cc -std=c11 -Wall -Werror $san_cflags "$tmp/v.c" $(pkg-config --cflags --libs capsim) -o "$tmp/v-shared" ||
  fail "does not build with pkg-config --cflags --libs capsim"
grep -q 'NEEDED.*\[libcapsim\.so\.0\]' <<<"$(readelf -d "$tmp/v-shared")" || fail "not linked to libcapsim.so.0"
[ "$(LD_LIBRARY_PATH=$libdir "$tmp/v-shared")" = "$want" ] || fail "shared: not '$want'"
cc -std=c11 -Wall -Werror $san_cflags "$tmp/v.c" -static-libgcc -Wl,-Bstatic $(pkg-config --libs-only-L capsim) -lcapsim \
  -Wl,-Bdynamic $(pkg-config --cflags capsim) $(pkg-config --static --libs capsim | sed 's/-lcapsim//') \
  -o "$tmp/v-static" || fail "does not build with pkg-config --static"
grep -q 'libcapsim' <<<"$(readelf -d "$tmp/v-static")" && fail "the --static build still needs libcapsim.so"
[ "$("$tmp/v-static")" = "$want" ] || fail "static: not '$want'"
echo "ok: builds with pkg-config against the staged install, shared and static: $want"
