#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The README's run command. Installs what is missing, builds, starts a local Ceph lab
# (a throwaway single-host cluster in a temp folder, stopped again on exit), then:
# - with a display: opens ClusterMark on a live quick disk benchmark of this machine,
#   connected to the lab, so every Ceph test can be tried from the wizard;
# - without a display: runs the quick disk plan and, on the lab, the RBD (native
#   engine), per-OSD latency, RADOS, S3 and CephFS quick plans through clustermark-cli,
#   and prints where the saved runs and their Markdown summaries are. As root, it also
#   makes three client nodes (network namespaces with their own sshd, which reach the
#   lab on their bridge) and runs an RBD scaling series from 1, 2 and 3 of them at once:
#   its Markdown table, and its chart as PNG.
# CLUSTERMARK_NO_LAB=1 skips the lab; CLUSTERMARK_NO_NODES=1 the client nodes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" release
bin="$root/build/app"
cli="$bin/clustermark-cli"
export CLUSTERMARK_SCRIPTS="$root/scripts"
work=$(mktemp -d "${TMPDIR:-/tmp}/clustermark-demo.XXXXXX")
lab="$work/ceph-lab"
lab_up=0
nodes_prefix=
agent_pid=

stop_all() {
  if [ "$lab_up" = 1 ]; then
    "$cli" lab stop "$lab" >/dev/null 2>&1 || echo "note: could not stop the Ceph lab in $lab" >&2
    lab_up=0
  fi
  if [ -n "$nodes_prefix" ]; then
    "$root/scripts/fixtures/netns.sh" down "$nodes_prefix" >/dev/null 2>&1 || echo "note: netns.sh down $nodes_prefix failed" >&2
  fi
  if [ -n "$agent_pid" ]; then kill "$agent_pid" 2>/dev/null || true; fi
}
trap stop_all EXIT

# Three client nodes (root only): network namespaces with their own sshd, a throwaway
# key in an ssh-agent of this script's own; the lab then listens on their bridge.
lab_addr=
start_nodes() {
  [ "${CLUSTERMARK_NO_NODES:-0}" = 1 ] || [ "$(id -u)" != 0 ] && return 1
  ssh-keygen -q -t ed25519 -N '' -C clustermark-demo -f "$work/demo-key" || return 1
  nodes_prefix="demo$(( $$ % 10000 ))"
  if ! SSHD_EXTRA_AUTHORIZED_KEY="$work/demo-key.pub" NETNS_OWNER_PID=$$ \
      "$root/scripts/fixtures/netns.sh" up "$nodes_prefix" --nodes 3 > "$work/nodes.env" 2> "$work/nodes.err"; then
    echo "note: no client nodes ($(tail -n 2 "$work/nodes.err" | tr '\n' ' '))" >&2
    nodes_prefix=
    return 1
  fi
  eval "$(ssh-agent -s)" >/dev/null && agent_pid=$SSH_AGENT_PID && ssh-add -q "$work/demo-key" || return 1
  local k spec
  node_specs=()
  for k in 1 2 3; do
    spec="root@$(sed -n "s/^NODE${k}_ADDR=//p" "$work/nodes.env"):$(sed -n "s/^NODE${k}_PORT=//p" "$work/nodes.env")"
    "$cli" trust "$spec" --yes >/dev/null || return 1
    node_specs+=(--node "$spec")
  done
  lab_addr=$(sed -n 's/^HOST_ADDR=//p' "$work/nodes.env")
}

start_lab() {
  [ "${CLUSTERMARK_NO_LAB:-0}" = 1 ] && return 1
  echo "Starting the local Ceph lab (throwaway, on this machine) in $lab …" >&2
  local addr_args=()
  if [ -n "$lab_addr" ]; then addr_args=(--addr "$lab_addr"); fi
  if ! "$cli" lab start "$lab" --osds 3 "${addr_args[@]}" > "$work/lab.out" 2> "$work/lab.err"; then
    echo "note: the local Ceph lab did not start ($(tail -n 3 "$work/lab.err" | tr '\n' ' ')); Ceph tests skipped" >&2
    return 1
  fi
  lab_up=1
  # A pool for the RBD and RADOS tests, as a fresh cluster would have.
  local conf keyring
  conf=$(sed -n 's/^CEPH_CONF=//p' "$lab/lab.env")
  keyring=$(sed -n 's/^KEYRING=//p' "$lab/lab.env")
  ceph -c "$conf" -k "$keyring" osd pool create rbd 16 >/dev/null 2>&1
  ceph -c "$conf" -k "$keyring" osd pool application enable rbd rbd >/dev/null 2>&1
  rbd -c "$conf" -k "$keyring" pool init rbd >/dev/null 2>&1 || true
  return 0
}

if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  lab_args=()
  if start_lab; then lab_args=(--ceph "$lab"); fi
  status=0
  "$bin/clustermark" --demo "$work" "${lab_args[@]}" "$@" || status=$?
  exit $status
fi

echo "No display: running the demo plans headless (target folder: $work)" >&2
status=0
nodes_up=0
if start_nodes; then nodes_up=1; fi
run_plan() {  # NAME PLAN-ARGS...
  local name=$1; shift
  local plan="$work/$name-plan.json"
  if ! "$cli" plan "$@" > "$plan"; then status=1; return; fi
  "$cli" run "$plan" --markdown-out "$work/$name.md" > "$work/$name.json" || status=$?
  if [ -s "$work/$name.md" ]; then echo; cat "$work/$name.md"; fi
  echo "Plan: $plan   Saved run (JSON): $work/$name.json   Summary: $work/$name.md" >&2
}
run_plan quick-disk disk --preset quick --node local --target "$work" --size 256M --runtime 5 \
  --name "Quick disk (this machine)"
if start_lab; then
  run_plan rbd-native rbd --engine native --lab "$lab" --pool rbd --image-size 256M --runtime 5
  run_plan osd-latency osd-latency --lab "$lab" --create-temp-pool --preset quick
  run_plan rados rados --lab "$lab" --pool rbd --preset quick --runtime 5
  run_plan s3 s3 --lab "$lab" --preset quick --runtime 5
  run_plan cephfs cephfs --lab "$lab" --preset quick --runtime 5
  if [ "$nodes_up" = 1 ]; then
    # The same 4M write from 1, 2 and 3 client nodes at once: the cluster total per count.
    run_plan rbd-scaling rbd "${node_specs[@]}" --conf "$lab/ceph.conf" --keyring "$lab/keyring" --pool rbd \
      --image-size 256M --cache off --runtime 5 --tests seq-write-4m-qd16 --clients 1,2,3 \
      --name "RBD scaling, 1-3 client nodes"
    run_id=$(sed -n 's/.*"id": *\([0-9][0-9]*\).*/\1/p' "$work/rbd-scaling.json" | head -n 1)
    if [ -n "$run_id" ] && "$cli" export "$run_id" --scaling --png "$work/rbd-scaling.png" >/dev/null; then
      echo "Scaling chart: $work/rbd-scaling.png" >&2
    fi
  fi
fi
echo >&2
echo "Database: $("$cli" sessions | sed -n 's/.*"database": "\(.*\)".*/\1/p')" >&2
exit $status
