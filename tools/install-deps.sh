#!/usr/bin/env bash
# Installs the Debian packages capsim needs, only those missing; idempotent.
# Usage: tools/install-deps.sh [extra-package ...]
set -u
# man-db and groff-base: tests/install/man.sh renders the man pages with man -l.
# libprotobuf-c-dev, protobuf-c-compiler: the Perfetto writer; protobuf-compiler (protoc --decode),
# trace-cmd, libtracecmd-dev, libtraceevent-dev (kbuffer), python3: the trace format tests read
# the outputs with them.
pkgs=(cmake make gcc pkg-config libfdt-dev device-tree-compiler libjson-c-dev libcmocka-dev
      zlib1g-dev libzstd-dev liblzma-dev gzip xz-utils zstd man-db groff-base
      libprotobuf-c-dev protobuf-c-compiler protobuf-compiler trace-cmd libtracecmd-dev
      libtraceevent-dev python3 "$@")
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "deps: installing ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
    echo "deps: missing packages (${missing[*]}) and not root: install them with apt-get install ${missing[*]}" >&2
    exit 1
  fi
else SUDO=; fi
export DEBIAN_FRONTEND=noninteractive
if ! $SUDO apt-get install -y -q "${missing[@]}" >/tmp/capsim-deps.log 2>&1; then
  $SUDO apt-get update -q >>/tmp/capsim-deps.log 2>&1
  if ! $SUDO apt-get install -y -q "${missing[@]}" >>/tmp/capsim-deps.log 2>&1; then
    echo "deps: could not install ${missing[*]} (see /tmp/capsim-deps.log); install them by hand and re-run" >&2
    exit 1
  fi
fi
echo "deps: installed ${missing[*]}"
