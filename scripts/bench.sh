#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds a release tree with the benchmarks and runs them; each prints its figures and
# exits non-zero when it misses its target. Run it on an otherwise idle machine.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
dir="$root/build-bench"
gen=()
if command -v ninja >/dev/null; then gen=(-G Ninja); fi
if [ ! -f "$dir/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$dir" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release >&2
fi
cmake --build "$dir" -j "$(nproc)" --target bench_fio_overhead --target bench_rbd_native_vs_fio \
  --target bench_s3_vs_loadgen --target bench_net_iperf --target bench_node_monitor --target bench_store_open \
  --target bench_compare_render --target bench_live_dashboard --target bench_fio_clients --target bench_s3_curl >&2
export CLUSTERMARK_SCRIPTS="$root/scripts"
status=0
"$dir/tests/bench/bench_fio_overhead" || status=1
"$dir/tests/bench/bench_rbd_native_vs_fio" || status=1
"$dir/tests/bench/bench_s3_vs_loadgen" --large-mib 1024 || status=1
# These three need root (network namespaces).
"$dir/tests/bench/bench_net_iperf" || status=1
"$dir/tests/bench/bench_node_monitor" || status=1
"$dir/tests/bench/bench_fio_clients" || status=1
"$dir/tests/bench/bench_s3_curl" || status=1
"$dir/tests/bench/bench_store_open" || status=1
QT_QPA_PLATFORM=offscreen "$dir/tests/bench/bench_compare_render" || status=1
QT_QPA_PLATFORM=offscreen "$dir/tests/bench/bench_live_dashboard" || status=1
QT_QPA_PLATFORM=offscreen "$dir/tests/bench/bench_live_dashboard" 60 0 cluster || status=1
QT_QPA_PLATFORM=offscreen "$dir/tests/bench/bench_live_dashboard" 60 0 cluster-charts || status=1
exit $status
