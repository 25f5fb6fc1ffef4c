#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# build.sh release|test [DIR]: configure and build. "release" is the tree the Debian
# packages are made from (scripts/package.sh): -O2 with Debian's hardening flags
# (dpkg-buildflags), without debug info, which the packages strip anyway. "test" adds
# -Werror and AddressSanitizer + UBSan. Prints nothing but the build's own output.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:-release}
case "$mode" in
  release) dir=${2:-$root/build}; flags=(-DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-DNDEBUG" -DCLUSTERMARK_TESTS=OFF) ;;
  # -g1: line tables only, what a sanitizer's report needs (file and line); it saves
  # writing full debug info for ~1000 objects (cold test build 861 s, was 1062 s).
  test)    dir=${2:-$root/build-test}; flags=(-DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-g1 -DCLUSTERMARK_WERROR=ON -DCLUSTERMARK_SANITIZE=ON) ;;
  *) echo "usage: build.sh release|test [DIR]" >&2; exit 2 ;;
esac
gen=()
if command -v ninja >/dev/null; then gen=(-G Ninja); fi
if [ "$mode" = release ] && command -v dpkg-buildflags >/dev/null; then
  export DEB_BUILD_MAINT_OPTIONS=hardening=+all
  CXXFLAGS="$(dpkg-buildflags --get CXXFLAGS | sed -E 's/(^| )-g( |$)/ /') $(dpkg-buildflags --get CPPFLAGS)"
  LDFLAGS=$(dpkg-buildflags --get LDFLAGS)
  export CXXFLAGS LDFLAGS
fi
if [ ! -f "$dir/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$dir" "${gen[@]}" "${flags[@]}" >&2
fi
cmake --build "$dir" -j "$(nproc)" >&2
