#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# run-fuzzer.sh NAME SECONDS MAX_LEN DICT SEED_DIR...: runs the libFuzzer binary NAME from
# $CLUSTERMARK_FUZZ_BIN for SECONDS over a copy of the seeds (never writing into the
# source tree). Crash inputs are kept in ./fuzz-artifacts/ of the working directory.
# Exit 77 (skip) when the binary is missing, unless CLUSTERMARK_REQUIRE_FIXTURES=1.
set -u
name=$1; secs=$2; maxlen=$3; dict=$4; shift 4
bin=${CLUSTERMARK_FUZZ_BIN:-}/$name
if [ -z "${CLUSTERMARK_FUZZ_BIN:-}" ] || [ ! -x "$bin" ]; then
  msg="fuzz binary $name not found (set CLUSTERMARK_FUZZ_BIN; scripts/build-fuzz.sh builds it)"
  if [ "${CLUSTERMARK_REQUIRE_FIXTURES:-0}" = 1 ]; then echo "FAIL: $msg"; exit 1; fi
  echo "SKIP: $msg"; exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir -p "$tmp/corpus" fuzz-artifacts
for d in "$@"; do
  for f in "$d"/*; do
    case "$f" in *.sh|*.md) continue ;; esac
    [ -f "$f" ] && cp "$f" "$tmp/corpus/"
  done
done
set -- -max_total_time="$secs" -rss_limit_mb=2048 -timeout=10 -max_len="$maxlen" \
  -artifact_prefix="$PWD/fuzz-artifacts/$name-" -print_final_stats=1
[ -f "$dict" ] && set -- "$@" -dict="$dict"
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} "$bin" "$@" "$tmp/corpus" > "$tmp/log" 2>&1
rc=$?
tail -n 60 "$tmp/log"
if [ "$rc" -ne 0 ]; then
  echo "FAIL: $name exited with $rc; the input is in $PWD/fuzz-artifacts/"
  exit 1
fi
exit 0
