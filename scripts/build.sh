#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# build.sh release|test [DIR]: configure and build. "test" adds -Werror and
# AddressSanitizer + UBSan. Prints nothing but the build's own output.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:-release}
case "$mode" in
  release) dir=${2:-$root/build}; flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DCLUSTERMARK_TESTS=OFF) ;;
  test)    dir=${2:-$root/build-test}; flags=(-DCMAKE_BUILD_TYPE=Debug -DCLUSTERMARK_WERROR=ON -DCLUSTERMARK_SANITIZE=ON) ;;
  *) echo "usage: build.sh release|test [DIR]" >&2; exit 2 ;;
esac
gen=()
if command -v ninja >/dev/null; then gen=(-G Ninja); fi
if [ ! -f "$dir/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$dir" "${gen[@]}" "${flags[@]}" >&2
fi
cmake --build "$dir" -j "$(nproc)" >&2
