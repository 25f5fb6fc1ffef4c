#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The README's test command: installs what is missing, builds with -Werror, ASan and
# UBSan, builds the libFuzzer targets, makes the Debian packages from the release tree
# (tests/package installs and checks them), and runs every test through ctest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" test
"$root/scripts/build-fuzz.sh"
"$root/scripts/package.sh" >/dev/null
export CLUSTERMARK_FUZZ_BIN="$root/build-fuzz/tests/fuzz"
export CLUSTERMARK_REQUIRE_FIXTURES=1   # a missing fixture fails instead of skipping
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
cd "$root/build-test"
ctest --output-on-failure -j 2 --timeout 600 "$@"
