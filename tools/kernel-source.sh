#!/usr/bin/env bash
# Brings the files of a Debian linux-source-X.Y that kernel-check needs when the machine's own
# apt sources do not carry the package (7.3 is only in trixie-backports), without touching
# those sources: a private sources list written at run time from the Debian mirror URI the
# machine already uses, private lists and cache folders, `apt-get download` into WORKDIR.
# Only the files MEMBERS lists (paths in the source tree, one a line) are unpacked, once, into
# ${XDG_CACHE_HOME:-~/.cache}/capsim/linux-X.Y.Z/ (outside the clone; never committed); the
# package itself is deleted after. A later run whose members the cache holds already neither
# downloads nor unpacks. Prints the cache folder.
#
# Usage: tools/kernel-source.sh VERSION SUITE WORKDIR MEMBERS
#   e.g. tools/kernel-source.sh 7.3 trixie-backports build-kcheck/linux-7.3 members.txt
# Exit 0 with the folder on stdout; exit 1 with the reason on stderr when the source cannot be
# had (no mirror URI, no network, no such package): kernel-check then reports the version as
# not run.
set -u
[ $# -eq 4 ] || { echo "usage: $0 VERSION SUITE WORKDIR MEMBERS" >&2; exit 2; }
version=$1 suite=$2 work=$3 members=$4
pkg=linux-source-$version
cache=${XDG_CACHE_HOME:-$HOME/.cache}/capsim
[ -r "$members" ] || { echo "kernel-source: $members: cannot read the member list" >&2; exit 2; }

# a cached X.Y.Z folder that holds every member
for dir in "$cache"/linux-"$version".*/; do
  [ -d "$dir" ] || continue
  missing=0
  while IFS= read -r m; do
    [ -z "$m" ] || [ -e "$dir/$m" ] || { missing=1; break; }
  done < "$members"
  if [ $missing -eq 0 ]; then echo "${dir%/}"; exit 0; fi
done

# The first Debian archive URI of the machine's sources (deb822 .sources or one-line
# sources.list) that is not the security archive, which carries no backports.
mirror_uri() {
  local f
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -r "$f" ] && awk '/^URIs:/ { for (i = 2; i <= NF; i++) print $i }' "$f"
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -r "$f" ] && awk '$1 == "deb" { for (i = 2; i <= NF; i++)
                                        if ($i ~ /^[a-z+]+:\/\//) { print $i; break } }' "$f"
  done
  return 0
}
uri=$(mirror_uri | grep -v -- '-security' | grep -E '/debian/?$' | head -n 1)
if [ -z "$uri" ]; then
  echo "kernel-source: no Debian mirror URI in /etc/apt/sources.list{,.d} to fetch $pkg from" >&2
  exit 1
fi
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -r "$keyring" ] || { echo "kernel-source: $keyring missing (package debian-archive-keyring)" >&2; exit 1; }

mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/deb" || exit 1
work=$(cd "$work" && pwd)
echo "deb [signed-by=$keyring] $uri $suite main" > "$work/sources.list"
apt=(apt-get -q -o "Dir::Etc::sourcelist=$work/sources.list" -o "Dir::Etc::sourceparts=/dev/null"
     -o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache"
     -o "Dir::Cache::pkgcache=" -o "Dir::Cache::srcpkgcache=" -o "Acquire::Languages=none"
     -o "APT::Sandbox::User=$(id -un)")
if ! "${apt[@]}" update >"$work/apt.log" 2>&1; then
  echo "kernel-source: apt-get update of $suite failed (see $work/apt.log)" >&2
  exit 1
fi
rm -f "$work"/deb/*.deb
if ! (cd "$work/deb" && "${apt[@]}" download "$pkg" >>"$work/apt.log" 2>&1); then
  echo "kernel-source: $pkg could not be downloaded from $suite (see $work/apt.log)" >&2
  exit 1
fi
deb=$(ls "$work"/deb/"$pkg"_*.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || { echo "kernel-source: apt-get download left no $pkg .deb" >&2; exit 1; }
# the upstream version, e.g. 7.3.4 of 7.3.4-1~bpo13+1
full=$(dpkg-deb -f "$deb" Version)
full=${full%%-*}
case $full in "$version".*) ;; *) full=$version.0 ;; esac # 7.3 itself is 7.3.0
rm -rf "$work/root"
if ! dpkg-deb -x "$deb" "$work/root" || [ ! -s "$work/root/usr/src/$pkg.tar.xz" ]; then
  echo "kernel-source: $deb holds no usr/src/$pkg.tar.xz" >&2
  exit 1
fi
rm -f "$deb"
dest=$cache/linux-$full
tmp=$cache/.linux-$full.$$
rm -rf "$tmp" && mkdir -p "$tmp" || exit 1
if ! sed "/^\$/d; s|^|$pkg/|" "$members" |
     tar -xmf "$work/root/usr/src/$pkg.tar.xz" -C "$tmp" --strip-components=1 -T -; then
  echo "kernel-source: unpacking the members of $members from $pkg failed" >&2
  rm -rf "$tmp" "$work/root"
  exit 1
fi
rm -rf "$work/root" "$dest"
mv "$tmp" "$dest" || exit 1
echo "$dest"
