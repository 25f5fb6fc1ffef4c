#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# make.sh CLI OUT: writes OUT, a session database with at least one run of every kind,
# made by the given clustermark-cli the way a user would (see README.md). Needs root for
# nothing; starts and stops its own Ceph lab. Not run by the tests: its output is kept.
set -euo pipefail
cli=$(realpath "$1")
out=$(realpath -m "$2")
here=$(cd "$(dirname "$0")" && pwd)
data=$(cd "$here/.." && pwd)
work=$(mktemp -d)
lab="$work/lab"
cleanup() {
  "$cli" lab stop "$lab" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
export CLUSTERMARK_DATA_DIR="$work/data"
mkdir -p "$work/bench" "$CLUSTERMARK_DATA_DIR"
plan() { "$cli" plan "$@" >"$work/plan.json"; "$cli" run "$work/plan.json" >/dev/null; }

# Disk: two runs (one in another session), 1 s per test, a file in a folder.
plan disk --preset quick --node local --target "$work/bench" --runtime 1 --size 16M --session "Old disk"
plan disk --preset quick --node local --target "$work/bench" --runtime 1 --size 16M --session "Old disk" --repeat 2
# Results of the field's tools, imported.
"$cli" import-result "$data/fio/fio3.33-jsonplus-randread.json" --session Imported --node pve1 >/dev/null
"$cli" import-result "$data/iperf/iperf3-3.12-p2-bidir.json" --session Imported --node pve1 >/dev/null

# Ceph kinds on a one-OSD lab on this machine.
"$cli" lab start "$lab" --osds 1 >/dev/null
ceph -c "$lab/ceph.conf" osd pool create rbd 8 >/dev/null 2>&1
ceph -c "$lab/ceph.conf" osd pool application enable rbd rbd >/dev/null 2>&1
plan rbd --engine native --lab "$lab" --image-size 64M --runtime 1 --session Ceph
plan rados --lab "$lab" --pool rbd --objects 16 --runtime 1 --preset quick --session Ceph
plan osd-latency --lab "$lab" --create-temp-pool --runtime 1 --preset quick --session Ceph
plan cephfs --lab "$lab" --preset quick --runtime 1 --file-size 16M --session Ceph
plan s3 --lab "$lab" --preset quick --runtime 1 --objects 16 --session Ceph
"$cli" sessions >&2

sqlite3 "$CLUSTERMARK_DATA_DIR/clustermark.sqlite" 'PRAGMA wal_checkpoint(TRUNCATE); VACUUM;' >/dev/null 2>&1 \
  || python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('PRAGMA wal_checkpoint(TRUNCATE)'); c.execute('VACUUM'); c.close()" \
       "$CLUSTERMARK_DATA_DIR/clustermark.sqlite"
cp "$CLUSTERMARK_DATA_DIR/clustermark.sqlite" "$out"
