#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Re-records the iperf3 / iperf 2 outputs of this folder with the tools on PATH
# (iperf3 3.12, iperf 2.1.8 here) over 127.0.0.1. Not run by the tests; see README.md.
# record.sh --netns (root): the recordings over scripts/fixtures/netns.sh's two shaped
# links instead (iperf3 and iperf 2 with -P 4, node1's /proc/net/dev around the iperf3
# run into ../netdev).
set -euo pipefail
out=$(cd "$(dirname "$0")" && pwd)
if [ "${1:-}" = --netns ]; then
  netns=$out/../../../scripts/fixtures/netns.sh
  prefix=cmrec$$
  prefix=${prefix:0:8}
  trap 'bash "$netns" down "$prefix"' EXIT
  lo2=$(bash "$netns" up "$prefix" --shape 1gbit | sed -n 's/^NODE2_LO=//p')
  ip netns exec "$prefix-n2" iperf3 -s -D -p 5201
  ip netns exec "$prefix-n2" sh -c 'iperf -s -p 5001 >/dev/null 2>&1 &'
  sleep 0.5
  ip netns exec "$prefix-n1" cat /proc/net/dev > "$out/../netdev/netns-node1.before"
  ip netns exec "$prefix-n1" iperf3 -c "$lo2" -P 4 -t 3 -J > "$out/iperf3-3.12-netns-p4-shaped.json"
  ip netns exec "$prefix-n1" cat /proc/net/dev > "$out/../netdev/netns-node1.after"
  ip netns exec "$prefix-n1" iperf -c "$lo2" -p 5001 -P 4 -i 1 -t 3 -y C > "$out/iperf-2.1.8-netns-p4-shaped-csv.txt"
  # (the "-onelink" file is such a run in which the hash put all flows on one link)
  exit 0
fi
v3=$(iperf3 --version | awk 'NR==1{print $2}')
v2=$( (iperf -v 2>&1 || true) | awk '{print $3}')   # iperf -v exits 1
port=$((25000 + RANDOM % 5000))

wait_port() {  # PORT
  for _ in $(seq 1 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
    sleep 0.05
  done
  return 1
}

# iperf3: the server serves one test (-1) and exits.
iperf3_run() {  # NAME CLIENT-ARGS...
  local name=$1; shift
  iperf3 -s -1 -p "$port" >/dev/null 2>&1 &
  local spid=$!
  sleep 0.3
  local rc=0
  iperf3 -c 127.0.0.1 -p "$port" -J "$@" > "$out/iperf3-$v3-$name.json" || rc=$?
  echo "iperf3 $name: exit $rc" >&2
  wait "$spid" || true
}
iperf3_run p2 -P 2 -t 2
iperf3_run p2-reverse -P 2 -t 2 -R
iperf3_run p2-bidir -P 2 -t 2 --bidir
iperf3_run udp -u -b 200M -t 2
# The server dies mid-run: "control socket has closed unexpectedly", exit 0 again.
iperf3 -s -1 -p "$port" >/dev/null 2>&1 &
spid=$!
sleep 0.3
(sleep 2.5; kill -9 "$spid") &
rc=0
iperf3 -c 127.0.0.1 -p "$port" -J -P 2 -t 5 > "$out/iperf3-$v3-server-killed.json" || rc=$?
echo "iperf3 server-killed: exit $rc" >&2
wait "$spid" 2>/dev/null || true
# Nothing listens: iperf3 prints a JSON object with "error" and still exits 0 or 1.
rc=0
iperf3 -c 127.0.0.1 -p "$port" -J -P 2 -t 2 > "$out/iperf3-$v3-refused.json" || rc=$?
echo "iperf3 refused: exit $rc" >&2

# iperf 2: one CSV line per stream per interval.
iperf -s -p "$port" >/dev/null 2>&1 &
spid=$!
wait_port "$port"
rc=0
iperf -c 127.0.0.1 -p "$port" -P 2 -i 1 -t 3 -y C > "$out/iperf-$v2-p2-csv.txt" || rc=$?
echo "iperf p2: exit $rc" >&2
iperf -c 127.0.0.1 -p "$port" -i 1 -t 3 -y C > "$out/iperf-$v2-p1-csv.txt" || rc=$?
echo "iperf p1: exit $rc" >&2
kill "$spid"; wait "$spid" 2>/dev/null || true
rc=0
iperf -c 127.0.0.1 -p "$port" -P 2 -i 1 -t 3 -y C > "$out/iperf-$v2-refused-csv.txt" 2> "$out/iperf-$v2-refused-csv.stderr" || rc=$?
echo "iperf refused: exit $rc" >&2

# Derived, not recorded: the UDP run with the bare nan tokens iperf3 prints for 0/0
# (esnet/iperf#364, #613) and a warning line before the document (esnet/iperf#1223).
{
  echo "warning: UDP block size 32768 exceeds TCP MSS 1448, may result in fragmentation / drops"
  sed -e 's/"lost_percent":\t0,/"lost_percent":\t-nan,/' -e '0,/"jitter_ms":\t[0-9.e-]*/s//"jitter_ms":\tnan/' \
      "$out/iperf3-$v3-udp.json"
} > "$out/iperf3-$v3-udp-nan-derived.txt"
