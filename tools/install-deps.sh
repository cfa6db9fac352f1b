#!/usr/bin/env bash
# Installs the Debian packages capsim needs, only those missing; idempotent.
# Usage: tools/install-deps.sh [extra-package ...]
set -u
# man-db and groff-base: tests/install/man.sh renders the man pages with man -l.
# python3-*: the Python package (python/), its tests, its Dask engine and examples/python;
# python3-yaml reads the LISA YAML capsim writes in tests/cli/platform_lisa_roundtrip.sh.
# nodejs and npm: the build fetches uPlot for the HTML report (src/output/report_js/);
# chromium: the report tests open it headless (tests/report/).
# libprotobuf-c-dev, protobuf-c-compiler: the Perfetto writer; protobuf-compiler (protoc --decode),
# trace-cmd, kernelshark (libkshark), libtracecmd-dev, libtraceevent-dev (kbuffer): the trace
# format tests read the outputs with them; libtracecmd-dev, libtracefs-dev (its pkg-config file
# requires libtracefs) and libtraceevent-dev: the library's trace.dat reader.
# abigail-tools: the ABI test (abidw, abidiff; tools/abi-check.sh).
pkgs=(cmake make gcc pkg-config libfdt-dev device-tree-compiler libjson-c-dev libcmocka-dev
      libyaml-dev zlib1g-dev libzstd-dev liblzma-dev gzip xz-utils zstd man-db groff-base
      python3 python3-numpy python3-pandas python3-pytest python3-distributed python3-matplotlib
      python3-setuptools python3-venv python3-pip python3-yaml
      nodejs chromium
      libprotobuf-c-dev protobuf-c-compiler protobuf-compiler trace-cmd kernelshark libtracecmd-dev
      libtracefs-dev libtraceevent-dev abigail-tools "$@")
# Debian's npm, unless the nodejs in place brings its own (NodeSource's does, and conflicts with it)
command -v npm >/dev/null 2>&1 || pkgs+=(npm)
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
# Another apt or dpkg at work (a second make target started at the same time, unattended
# upgrades): wait for its lock, as long as apt's DPkg::Lock::Timeout allows, instead of failing.
lock_wait=600
apt=(apt-get -o "DPkg::Lock::Timeout=$lock_wait")
echo "deps: if another apt or dpkg holds its lock, waiting for it (up to ${lock_wait} s: apt's DPkg::Lock::Timeout)" >&2
if ! $SUDO "${apt[@]}" install -y -q "${missing[@]}" >/tmp/capsim-deps.log 2>&1; then
  # apt-get update takes the lists' lock, which DPkg::Lock::Timeout does not cover: retried
  for _ in $(seq $((lock_wait / 10))); do
    $SUDO "${apt[@]}" update -q >>/tmp/capsim-deps.log 2>&1 && break
    tail -n 3 /tmp/capsim-deps.log | grep -q 'Could not get lock' || break
    sleep 10
  done
  if ! $SUDO "${apt[@]}" install -y -q "${missing[@]}" >>/tmp/capsim-deps.log 2>&1; then
    echo "deps: could not install ${missing[*]} (see /tmp/capsim-deps.log); install them by hand and re-run" >&2
    exit 1
  fi
fi
echo "deps: installed ${missing[*]}"
