#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Records /proc/stat, /proc/diskstats and /proc/meminfo twice, one second apart, while
# fio writes to a temp file, so the counters move. Not run by the tests.
set -euo pipefail
out=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fio --name=load --filename="$tmp/f" --size=64M --bs=64k --direct=1 --ioengine=libaio \
    --iodepth=8 --rw=randrw --runtime=4 --time_based --output-format=json > /dev/null &
pid=$!
sleep 1.5
for i in 1 2; do
  cat /proc/stat > "$out/stat.$i"
  cat /proc/diskstats > "$out/diskstats.$i"
  cat /proc/meminfo > "$out/meminfo.$i"
  [ "$i" = 1 ] && sleep 1
done
wait "$pid"
uname -r > "$out/kernel.txt"
