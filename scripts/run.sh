#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The README's run command. Installs what is missing, builds, starts a local Ceph lab
# (a throwaway single-host cluster in a temp folder, stopped again on exit), then:
# - with a display: opens ClusterMark on a live quick disk benchmark of this machine,
#   connected to the lab, so every Ceph test can be tried from the wizard;
# - without a display: runs the quick disk plan and, on the lab, the RBD (native
#   engine), per-OSD latency, RADOS, S3 and CephFS quick plans through clustermark-cli,
#   and prints where the saved runs and their Markdown summaries are.
# CLUSTERMARK_NO_LAB=1 skips the lab.
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

stop_lab() {
  if [ "$lab_up" = 1 ]; then
    "$cli" lab stop "$lab" >/dev/null 2>&1 || echo "note: could not stop the Ceph lab in $lab" >&2
    lab_up=0
  fi
}
trap stop_lab EXIT

start_lab() {
  [ "${CLUSTERMARK_NO_LAB:-0}" = 1 ] && return 1
  echo "Starting the local Ceph lab (throwaway, on this machine) in $lab …" >&2
  if ! "$cli" lab start "$lab" --osds 3 > "$work/lab.out" 2> "$work/lab.err"; then
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
fi
echo >&2
echo "Database: $("$cli" sessions | sed -n 's/.*"database": "\(.*\)".*/\1/p')" >&2
exit $status
