#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Re-records the local fio outputs of this folder with the fio on PATH (3.33 here), on
# a temp file (never a device). Not run by the tests; see README.md.
set -euo pipefail
out=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
v=$(fio --version | sed 's/^fio-//')
f="$tmp/cm-bench.file"
common=(--filename="$f" --size=16M --bs=4k --direct=1 --ioengine=libaio --iodepth=4)

# Final outputs.
fio --name=randrw "${common[@]}" --rw=randrw --numjobs=2 --runtime=1 --time_based \
    --output-format=json > "$out/fio$v-json-randrw-2jobs.json"
fio --name=randread "${common[@]}" --rw=randread --runtime=1 --time_based \
    --output-format=json+ > "$out/fio$v-jsonplus-randread.json"

# Status-interval streams (cumulative documents back to back).
fio --name=randrw "${common[@]}" --rw=randrw --numjobs=2 --runtime=3 --time_based \
    --status-interval=1 --output-format=json > "$out/fio$v-stream-json-randrw-2jobs.txt"
fio --name=randrw "${common[@]}" --rw=randrw --runtime=3 --time_based \
    --status-interval=1 --output-format=json+ > "$out/fio$v-stream-jsonplus-randrw.txt"

# Stream cut by SIGTERM after 2.5 s: "fio: terminating on signal 15" and a partial
# final document; fio exits 128.
fio --name=randwrite "${common[@]}" --rw=randwrite --runtime=20 --time_based \
    --status-interval=1 --output-format=json+ > "$out/fio$v-stream-jsonplus-sigterm.txt" &
pid=$!
sleep 2.5
kill -TERM "$pid"
rc=0; wait "$pid" || rc=$?
echo "fio exit status after SIGTERM: $rc" >&2

# A job error: the target is a folder. JSON still printed, jobs[].error set, exit 1.
mkdir -p "$tmp/dir"
rc=0
fio --name=err --filename="$tmp/dir" --size=1M --rw=read --bs=4k --direct=1 \
    --output-format=json > "$out/fio$v-json-error.json" 2> "$out/fio$v-json-error.stderr" || rc=$?
echo "fio exit status for the error run: $rc" >&2
sed -i "s#$tmp#/tmp/REC#g" "$out/fio$v-json-error.stderr" "$out/fio$v-json-error.json"

# psync with iodepth > 1: a "note:" line on stdout before the JSON.
fio --name=psync --filename="$f" --size=16M --bs=4k --direct=1 --ioengine=psync --iodepth=4 \
    --rw=randread --runtime=1 --time_based --output-format=json > "$out/fio$v-json-note-psync.json"

# The same SIGTERM stream as a reader sees it when the connection drops inside the
# final document: cut 3000 bytes before its end (derived, not a separate fio run).
s="$out/fio$v-stream-jsonplus-sigterm.txt"
head -c $(( $(stat -c %s "$s") - 3000 )) "$s" > "$out/fio$v-stream-jsonplus-cut.txt"

# Two stonewalled jobs (a read test, then a write test) in one status stream.
fio --status-interval=1 --output-format=json+ \
    --name=rd "${common[@]}" --rw=randread --runtime=1500ms --time_based \
    --name=wr "${common[@]}" --rw=randwrite --runtime=1500ms --time_based --stonewall \
    > "$out/fio$v-stream-jsonplus-stonewall.txt"

# Client/server mode on 127.0.0.1: "client_stats" instead of "jobs", with hostname and
# port per entry; with two clients fio adds an "All clients" entry and prints each
# server's "<host> …" log lines before the JSON.
cat > "$tmp/cs.fio" <<JOB
[cs]
filename=$tmp/cs.dat
size=16M
rw=randread
bs=4k
iodepth=4
ioengine=libaio
direct=1
runtime=1
time_based
JOB
sed "s#cs.dat#cs2.dat#" "$tmp/cs.fio" > "$tmp/cs2.fio"
fio --server=ip:127.0.0.1,18765 --daemonize="$tmp/s1.pid"
fio --server=ip:127.0.0.1,18766 --daemonize="$tmp/s2.pid"
sleep 1
fio --client=ip:127.0.0.1,18765 --output-format=json+ "$tmp/cs.fio" > "$out/fio$v-client-jsonplus-1client.json"
fio --output-format=json+ --client=ip:127.0.0.1,18765 "$tmp/cs.fio" --client=ip:127.0.0.1,18766 "$tmp/cs2.fio" \
    > "$out/fio$v-client-jsonplus-2clients.json"
kill "$(cat "$tmp/s1.pid")" "$(cat "$tmp/s2.pid")"

# Keep no temp path in the recordings.
sed -i "s#$tmp#/tmp/REC#g" "$out"/fio"$v"-*.json "$out"/fio"$v"-*.txt
