#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the parsers and their libFuzzer targets with clang into build-fuzz/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir="$root/build-fuzz"
gen=()
if command -v ninja >/dev/null; then gen=(-G Ninja); fi
if [ ! -f "$dir/CMakeCache.txt" ]; then
  CXX=clang++ CC=clang cmake -S "$root" -B "$dir" "${gen[@]}" -DCMAKE_BUILD_TYPE=Debug \
    -DCLUSTERMARK_FUZZ_ONLY=ON >&2
fi
cmake --build "$dir" -j "$(nproc)" >&2
