#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A real single-host Ceph cluster (Debian's Pacific packages) on 127.0.0.1 (or --addr),
# all state in one folder: 1 mon, 1 mgr, N bluestore OSDs on sparse files, an MDS with a CephFS and a
# radosgw with an S3 user; pool size 1. No systemd, nothing in /etc/ceph.
#
#   ceph-lab.sh start DIR [--osds N] [--addr IPV4]
#                                      N = 3 by default; prints KEY=VALUE lines on stdout
#                                      once usable, a summary on stderr. --addr: an
#                                      address of this host the daemons listen on instead
#                                      of 127.0.0.1, e.g. the host end of a bridge to
#                                      network namespaces that act as client nodes
#   ceph-lab.sh stop DIR [--keep]      ends exactly the daemons of DIR (by their pid
#                                      files, cmdline checked) and removes DIR, unless
#                                      --keep (then SIGTERM tier by tier, logs kept)
#   ceph-lab.sh status DIR             the KEY=VALUE lines and each daemon's state;
#                                      exit 0 if all daemons run
#
# Environment: CEPH_LAB_TIMEOUT (seconds, default 60) bounds the whole start;
# CEPH_LAB_OSD_GIB (default 40) is each OSD's sparse block file size. Bluestore keeps
# allocating fresh space after deletes until the file is full, so the file grows to this
# size under repeated write-and-remove loads (benchmarks set it lower).
set -euo pipefail

usage() {
  echo "usage: ceph-lab.sh start DIR [--osds N] [--addr IPV4] | stop DIR [--keep] | status DIR" >&2
  exit 2
}
[ $# -ge 2 ] || usage
cmd=$1
dir=$(realpath -m -- "$2")  # absolute, symlinks resolved: daemons' command lines name it
shift 2

osds=3
keep=0
addr=127.0.0.1
while [ $# -gt 0 ]; do
  case "$1" in
  --osds) [ $# -ge 2 ] || usage; osds=$2; shift 2 ;;
  --keep) keep=1; shift ;;
  --addr) [ $# -ge 2 ] || usage; addr=$2; shift 2 ;;
  *) usage ;;
  esac
done

unset CEPH_ARGS  # the caller's extra client options must not reach the lab
PY=/usr/bin/python3  # python3-rados is only installed for the system interpreter
MARKER=.ceph-lab
FS_NAME=cephfs
RGW_NAME=client.rgw.lab
S3_UID=lab
timeout_s=${CEPH_LAB_TIMEOUT:-60}
osd_gib=${CEPH_LAB_OSD_GIB:-40}
case $osd_gib in ''|*[!0-9]*) echo "CEPH_LAB_OSD_GIB must be a whole number of GiB" >&2; exit 2 ;; esac
[ "$osd_gib" -ge 4 ] || { echo "CEPH_LAB_OSD_GIB must be at least 4" >&2; exit 2; }
daemon_bins="ceph-mon ceph-mgr ceph-osd ceph-mds radosgw"

exec 3>&2  # messages reach the caller even from steps whose stderr goes to a log
log() { echo "ceph-lab: $*" >&3; }


# Running and not a zombie.
alive() {
  local state
  state=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) || return 1
  [ -n "$state" ] && [ "$state" != Z ]
}

# argv[0]'s basename of PID is BIN and one argument is exactly DIR/ceph.conf.
is_our_daemon() {  # PID BIN
  local pid=$1 bin=$2 first=1 arg found=0
  while IFS= read -r -d '' arg; do
    if [ $first = 1 ]; then
      [ "${arg##*/}" = "$bin" ] || return 1
      first=0
    elif [ "$arg" = "$dir/ceph.conf" ]; then
      found=1
    fi
  done 2>/dev/null < "/proc/$pid/cmdline"
  [ $found = 1 ]
}

bin_for() {  # daemon name (mon.a, osd.0, client.rgw.lab) -> binary
  case "$1" in
  mon.*) echo ceph-mon ;;
  mgr.*) echo ceph-mgr ;;
  osd.*) echo ceph-osd ;;
  mds.*) echo ceph-mds ;;
  client.rgw.*) echo radosgw ;;
  *) return 1 ;;
  esac
}

# PIDs of this lab's live daemons of the given kinds: from the pid files, plus any
# daemon of DIR that has not written its pid file yet (a start cut short).
lab_pids() {  # BIN...
  local want=" $* " f name bin pid p exe
  local -A seen=()
  for f in "$dir"/run/*.pid; do
    [ -f "$f" ] || continue
    name=$(basename "$f" .pid)
    bin=$(bin_for "$name") || continue
    [[ "$want" == *" $bin "* ]] || continue
    pid=$(cat "$f" 2>/dev/null || true)
    [[ "$pid" =~ ^[0-9]+$ ]] || continue
    if alive "$pid" && is_our_daemon "$pid" "$bin"; then
      seen[$pid]=1
      echo "$pid"
    fi
  done
  # Candidates: any process with DIR/ceph.conf in its command line (checked below).
  while IFS= read -r p; do
    pid=${p#/proc/}
    pid=${pid%/cmdline}
    [ -z "${seen[$pid]:-}" ] || continue
    exe=$(tr '\0' '\n' 2>/dev/null < "$p" | head -n1) || continue
    bin=${exe##*/}
    [[ "$want" == *" $bin "* ]] || continue
    if alive "$pid" && is_our_daemon "$pid" "$bin"; then echo "$pid"; fi
  done < <(grep -lzFx -- "$dir/ceph.conf" /proc/[0-9]*/cmdline 2>/dev/null)
}

wait_gone() {  # SECONDS PID...
  local deadline=$((SECONDS + $1)) p any
  shift
  while :; do
    any=0
    for p in "$@"; do alive "$p" && any=1; done
    [ $any = 0 ] && return 0
    [ $SECONDS -ge $deadline ] && return 1
    sleep 0.05
  done
}

stop_daemons() {  # GRACEFUL(0|1)
  local tier pids
  if [ "$1" = 1 ]; then
    for tier in "radosgw ceph-mds" "ceph-mgr ceph-osd" "ceph-mon"; do
      # shellcheck disable=SC2086
      pids=$(lab_pids $tier)
      [ -n "$pids" ] || continue
      # shellcheck disable=SC2086
      kill -TERM $pids 2>/dev/null || true
      # shellcheck disable=SC2086
      wait_gone 10 $pids || { kill -KILL $pids 2>/dev/null || true; }
    done
  fi
  # shellcheck disable=SC2086
  pids=$(lab_pids $daemon_bins)
  if [ -n "$pids" ]; then
    # shellcheck disable=SC2086
    kill -KILL $pids 2>/dev/null || true
    # shellcheck disable=SC2086
    wait_gone 10 $pids || { log "daemons still alive after SIGKILL: $pids"; return 1; }
  fi
  return 0
}

# ---------------------------------------------------------------- start helpers

# --addr is a dotted IPv4 address this host already has (the lab adds none).
check_addr() {
  [[ "$addr" =~ ^([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,3})$ ]] \
    && [ "${BASH_REMATCH[1]}" -le 255 ] && [ "${BASH_REMATCH[2]}" -le 255 ] \
    && [ "${BASH_REMATCH[3]}" -le 255 ] && [ "${BASH_REMATCH[4]}" -le 255 ] \
    || { log "--addr must be an IPv4 address like 10.0.0.1"; exit 2; }
  [ "$addr" = 127.0.0.1 ] && return 0
  command -v ip >/dev/null || { log "ip not found (package iproute2): cannot check --addr"; exit 1; }
  ip -4 -o addr show | grep -qF " inet $addr/" || { log "--addr $addr is not an address of this host"; exit 2; }
}

port_busy() {  # PORT: any TCP socket bound to it on this host
  if command -v ss >/dev/null; then
    [ -n "$(ss -Htan "( sport = :$1 )" 2>/dev/null)" ]
  else
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
  fi
}

# A free port in 10000..31999 outside the daemons' own range (6800..7300) and below
# the ephemeral range, where radosgw's bind failed now and then.
free_port() {  # EXCLUDE...
  local p _
  for _ in $(seq 1 200); do
    p=$((10000 + (RANDOM * 32768 + RANDOM) % 22000))
    [[ " $* " == *" $p "* ]] && continue
    port_busy "$p" && continue
    echo "$p"
    return 0
  done
  return 1
}

rand_str() {  # LENGTH CHARSET
  local s
  s=$(head -c 512 /dev/urandom | LC_ALL=C tr -dc "$2" | head -c "$1")
  [ ${#s} -eq "$1" ] || s=$(head -c 4096 /dev/urandom | LC_ALL=C tr -dc "$2" | head -c "$1")
  echo "$s"
}

# Elapsed seconds per start step, for tuning: log/timing.out.
mark() { awk -v a="$t0" -v b="$EPOCHREALTIME" -v s="$*" 'BEGIN { printf "%6.2f %s\n", b - a, s }' >>"$dir/log/timing.out"; }

# Seconds left before the start deadline; fails when none are (timeout 0 = no limit).
remaining() {
  local left=$((deadline - SECONDS))
  [ $left -gt 0 ] || return 1
  echo $left
}

fail() {  # MESSAGE [LOG]: stops whatever started, keeps DIR with the logs
  log "start failed: $1"
  if [ -n "${2:-}" ] && [ -s "$2" ]; then
    log "--- last lines of $2:"
    tail -n 5 "$2" | cut -c1-300 >&2
  fi
  stop_daemons 0 || true
  log "no daemon left running; logs in $dir/log (remove with: ceph-lab.sh stop $dir)"
  exit 1
}

# Runs a command bounded by the time left; says so when that ran out.
bounded() {
  local rc=0 left
  left=$(remaining) || { log "$1: no time left (CEPH_LAB_TIMEOUT=$timeout_s)"; return 124; }
  timeout "$left" "$@" || rc=$?
  [ $rc != 124 ] || log "$1 timed out"
  return $rc
}

# Starts a self-daemonising ceph binary (it returns once the daemon is up); its early
# output goes to log/NAME.out.
launch() {  # NAME BIN ARGS...
  local name=$1 bin=$2
  shift 2
  # 3>&-: the daemons must not keep the caller's stderr (fd 3) open
  bounded "$bin" -c "$dir/ceph.conf" "$@" </dev/null >>"$dir/log/$name.out" 2>&1 3>&-
}

write_conf() {
  cat > "$dir/ceph.conf" <<CONF
# ceph-lab: throwaway single-host cluster, everything below $dir
[global]
fsid = $fsid
mon_host = [v2:$addr:$mon_port]
keyring = $dir/keyring
run_dir = $dir/run
crash_dir = $dir/crash
auth_cluster_required = cephx
auth_service_required = cephx
auth_client_required = cephx
auth_allow_insecure_global_id_reclaim = false
ms_bind_msgr1 = false
log_max_recent = 500
osd_pool_default_size = 1
osd_pool_default_min_size = 1
osd_pool_default_pg_num = 8
osd_pool_default_pgp_num = 8
osd_pool_default_pg_autoscale_mode = off
osd_crush_chooseleaf_type = 0
mon_allow_pool_size_one = true
mon_allow_pool_delete = true
mon_max_pg_per_osd = 1000
mon_warn_on_pool_no_redundancy = false
mon_warn_on_insecure_global_id_reclaim_allowed = false
mon_data_avail_warn = 2
mon_data_avail_crit = 1
mon_cluster_log_to_file = false
# PG states reach the mon within 1 s instead of 5 (start waits for them)
mgr_stats_period = 1
mon_mgr_digest_period = 1

[client]
admin_socket =

[mon]
mon_data = $dir/mon/\$id
log_file = $dir/log/\$name.log
pid_file = $dir/run/\$name.pid
admin_socket = $dir/run/\$name.asok
paxos_propose_interval = 0.01
paxos_min_wait = 0.001
mon_tick_interval = 1
mgr_initial_modules =

[mgr]
public_addr = $addr
mgr_data = $dir/mgr/\$id
log_file = $dir/log/\$name.log
pid_file = $dir/run/\$name.pid
admin_socket = $dir/run/\$name.asok
# the optional modules (always-on ones cannot go: the mon reports them as failed)
mgr_disabled_modules = alerts diskprediction_local influx insights iostat localpool mirroring nfs osd_perf_query osd_support prometheus restful selftest snap_schedule stats telegraf test_orchestrator zabbix

[osd]
public_addr = $addr
osd_data = $dir/osd/\$id
log_file = $dir/log/\$name.log
pid_file = $dir/run/\$name.pid
admin_socket = $dir/run/\$name.asok
osd_objectstore = bluestore
# the block file is created sparse in osd_data; 10 GiB filled up under rados bench
bluestore_block_create = true
bluestore_block_size = $((osd_gib * 1073741824))
bluestore_fsck_on_mkfs = false
bluestore_fsck_on_mount = false
bluestore_cache_autotune = false
bluestore_cache_size = 134217728
bluestore_rocksdb_options = compression=kNoCompression,max_write_buffer_number=2,min_write_buffer_number_to_merge=1,recycle_log_file_num=2,write_buffer_size=33554432,writable_file_max_buffer_size=0,compaction_readahead_size=2097152,max_background_compactions=2,max_total_wal_size=268435456
bdev_aio_poll_ms = 5
osd_crush_update_on_start = false
osd_op_num_shards = 2
osd_op_num_threads_per_shard = 2

[mds]
public_addr = $addr
mds_data = $dir/mds/\$id
log_file = $dir/log/\$name.log
pid_file = $dir/run/\$name.pid
admin_socket = $dir/run/\$name.asok
mds_cache_memory_limit = 134217728
# beacons pace the MDS's state changes (standby -> active, and the shutdown on SIGTERM)
mds_beacon_interval = 1

[$RGW_NAME]
rgw_data = $dir/rgw/\$id
log_file = $dir/log/\$name.log
pid_file = $dir/run/\$name.pid
admin_socket = $dir/run/\$name.asok
# tcp_nodelay: without it beast holds each answer under 64 KiB ~40 ms on a reused
# connection (Nagle meets delayed ACK), and small-object figures measure that stall.
rgw_frontends = beast endpoint=$addr:$rgw_port tcp_nodelay=1
rgw_thread_pool_size = 64
# SSE-C over plain http, for the lab only (a real gateway takes customer keys over TLS)
rgw_crypt_require_ssl = false
CONF
}

write_keyring() {
  local k="$dir/keyring" i
  ceph-authtool --create-keyring "$k" --gen-key -n mon. --cap mon 'allow *' >/dev/null
  ceph-authtool "$k" --gen-key -n client.admin --cap mon 'allow *' --cap osd 'allow *' \
    --cap mds 'allow *' --cap mgr 'allow *' >/dev/null
  ceph-authtool "$k" --gen-key -n mgr.x --cap mon 'allow profile mgr' --cap osd 'allow *' \
    --cap mds 'allow *' >/dev/null
  for ((i = 0; i < osds; i++)); do
    ceph-authtool "$k" --gen-key -n "osd.$i" --cap mon 'allow profile osd' \
      --cap mgr 'allow profile osd' --cap osd 'allow *' >/dev/null
  done
  ceph-authtool "$k" --gen-key -n mds.a --cap mon 'allow profile mds' --cap osd 'allow rwx' \
    --cap mds 'allow *' --cap mgr 'allow profile mds' >/dev/null
  ceph-authtool "$k" --gen-key -n "$RGW_NAME" --cap mon 'allow rw' --cap osd 'allow rwx' \
    --cap mgr 'allow rw' >/dev/null
  chmod 600 "$k"
}

# One librados client sends all set-up commands (a ceph CLI call costs ~0.4 s each).
setup_cluster() {
  local left
  left=$(remaining) || { echo "no time left (CEPH_LAB_TIMEOUT=$timeout_s)" >&2; return 1; }
  "$PY" - "$dir/ceph.conf" "$left" "$FS_NAME" "${osd_uuids[@]}" <<'PY'
import json, sys, rados
conf, timeout, fs_name, uuids = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
c = rados.Rados(conffile=conf, name="client.admin")
c.connect(timeout=timeout)
def mon(**cmd):
    r, out, err = c.mon_command(json.dumps(cmd), b"")
    if r != 0:
        sys.exit(f"mon command {cmd['prefix']} failed ({r}): {err}")
    return out
# No device-health pool: the mgr would create it only once active, the last PG to wait for.
mon(prefix="config set", who="mgr", name="mgr/devicehealth/enable_monitoring", value="false", force=True)
host = "lab"
for i, u in enumerate(uuids):
    mon(prefix="osd new", uuid=u, id=i)
    mon(prefix="osd crush add", id=i, weight=0.04, args=[f"host={host}", "root=default"])
mon(prefix="osd pool create", pool="cephfs_metadata", pg_num=8)
mon(prefix="osd pool create", pool="cephfs_data", pg_num=8)
mon(prefix="fs new", fs_name=fs_name, metadata="cephfs_metadata", data="cephfs_data")
# radosgw's zone pools, made here at once rather than one by one by radosgw-admin
for pool in (".rgw.root", "default.rgw.log", "default.rgw.control", "default.rgw.meta"):
    mon(prefix="osd pool create", pool=pool, pg_num=8)
    mon(prefix="osd pool application enable", pool=pool, app="rgw")
c.shutdown()
PY
}

# Polls until healthy; prints what is still missing when time runs out.
wait_ready() {
  local left
  left=$(remaining) || { echo "not ready within $timeout_s s" >&2; return 1; }
  "$PY" - "$dir/ceph.conf" "$left" "$osds" "$FS_NAME" "$rgw_port" "$dir/run" "$timeout_s" "$addr" <<'PY'
import json, os, sys, time, urllib.request, rados
conf, timeout, n_osds, fs_name, rgw_port, run = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5], sys.argv[6]
addr = sys.argv[8]
deadline = time.monotonic() + timeout
# Warnings that leave the cluster fully usable.
HARMLESS = {"MON_DISK_LOW", "POOL_NO_REDUNDANCY", "POOL_APP_NOT_ENABLED", "TOO_FEW_OSDS",
            "RECENT_CRASH", "AUTH_INSECURE_GLOBAL_ID_RECLAIM_ALLOWED",
            "AUTH_INSECURE_GLOBAL_ID_RECLAIM", "POOL_TOO_FEW_PGS", "TOO_MANY_PGS",
            "POOL_PG_NUM_NOT_POWER_OF_TWO", "OSD_NO_DOWN_OUT_INTERVAL", "PG_NOT_SCRUBBED",
            "PG_NOT_DEEP_SCRUBBED", "BLUESTORE_NO_PER_POOL_OMAP", "BLUEFS_SPILLOVER",
            "MGR_MODULE_DEPENDENCY", "MON_CLOCK_SKEW"}

def alive(pidfile):
    try:
        pid = int(open(pidfile).read().strip())
        state = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0]
        return state != "Z"
    except (OSError, ValueError, IndexError):
        return None  # not started yet or gone

c = rados.Rados(conffile=conf, name="client.admin")
c.connect(timeout=max(1, int(deadline - time.monotonic())))
def mon(**cmd):
    r, out, err = c.mon_command(json.dumps(dict(cmd, format="json")), b"", timeout=5)
    return json.loads(out) if r == 0 and out else None

missing, last, t_start = ["first check"], None, time.monotonic()
while True:
    missing = []
    try:
        st = mon(prefix="status") or {}
        health = st.get("health", {})
        blocking = sorted(set(health.get("checks", {})) - HARMLESS)
        if health.get("status") not in ("HEALTH_OK", "HEALTH_WARN") or blocking:
            missing.append(f"health {health.get('status')} {' '.join(blocking)}".strip())
        om = st.get("osdmap", {})
        if om.get("num_up_osds") != n_osds or om.get("num_in_osds") != n_osds:
            missing.append(f"OSDs up {om.get('num_up_osds')}/in {om.get('num_in_osds')} of {n_osds}")
        if not st.get("mgrmap", {}).get("available"):
            missing.append("mgr active")
        pg = st.get("pgmap", {})
        pools = mon(prefix="osd pool ls", detail="detail") or []
        want_pgs = sum(p.get("pg_num", 0) for p in pools)
        active = sum(s["count"] for s in pg.get("pgs_by_state", []) if s["state_name"].startswith("active"))
        if pg.get("num_pgs") != want_pgs or active != want_pgs:
            missing.append(f"PGs active {active}/{want_pgs}")
        fs = mon(prefix="fs dump") or {}
        act = [i for f in fs.get("filesystems", []) if f["mdsmap"]["fs_name"] == fs_name
               for i in f["mdsmap"]["info"].values() if i.get("state") == "up:active"]
        if not act:
            missing.append("MDS active")
        # clients that list daemons (the inventory) see radosgw only once it is in the service map
        sd = mon(prefix="service dump") or {}
        rgw = [d for d in sd.get("services", {}).get("rgw", {}).get("daemons", {}) if d != "summary"]
        if not rgw:
            missing.append("RGW in the service map")
    except (rados.Error, ValueError, KeyError, TypeError) as e:
        missing.append(f"mon query ({e})")
    try:
        with urllib.request.urlopen(f"http://{addr}:{rgw_port}/", timeout=2) as r:
            if r.status != 200:
                missing.append(f"RGW HTTP {r.status}")
    except Exception as e:
        missing.append("RGW HTTP")
    dead = [n[:-4] for n in sorted(os.listdir(run)) if n.endswith(".pid") and alive(os.path.join(run, n)) is False]
    if missing != last:
        print(f"{time.monotonic() - t_start:6.2f} waiting for: {'; '.join(missing) or 'nothing'}", file=sys.stderr)
        last = missing
    if dead:
        missing.append("daemon died: " + " ".join(dead))
        break
    if not missing or time.monotonic() >= deadline:
        break
    time.sleep(0.1)
c.shutdown()
if missing:
    sys.exit(("" if dead else f"not ready within {sys.argv[7]} s, waiting for: ") + "; ".join(missing))
PY
}

# ---------------------------------------------------------------- commands

start() {
  local bin t0 i
  t0=$EPOCHREALTIME
  [[ "$osds" =~ ^[1-9][0-9]?$ ]] || { log "--osds must be 1..99"; exit 2; }
  [[ "$dir" =~ ^[A-Za-z0-9_./-]+$ ]] || { log "DIR may only contain letters, digits and _ . / -"; exit 2; }
  check_addr
  for bin in $daemon_bins ceph ceph-authtool monmaptool radosgw-admin curl timeout; do
    command -v "$bin" >/dev/null || { log "$bin not found (packages: ceph-mon ceph-mgr ceph-osd ceph-mds radosgw ceph-common curl)"; exit 1; }
  done
  "$PY" -c 'import rados' 2>/dev/null || { log "$PY cannot import rados (package python3-rados)"; exit 1; }
  mkdir -p "$dir"
  if [ -e "$dir/$MARKER" ]; then
    # shellcheck disable=SC2086
    if [ -n "$(lab_pids $daemon_bins)" ]; then
      log "a lab is already running in $dir"; exit 1
    fi
    log "$dir holds a stopped lab; remove it first (ceph-lab.sh stop $dir)"; exit 1
  fi
  [ -z "$(ls -A "$dir")" ] || { log "$dir is not empty"; exit 1; }
  deadline=$((SECONDS + timeout_s))
  trap 'fail "interrupted"' INT TERM HUP
  touch "$dir/$MARKER"
  mkdir -p "$dir"/{run,log,crash,mon/a,mgr/x,mds/a,rgw}
  for ((i = 0; i < osds; i++)); do mkdir -p "$dir/osd/$i"; done

  fsid=$(uuidgen)
  mon_port=$(free_port) || fail "no free port"
  rgw_port=$(free_port "$mon_port") || fail "no free port"
  osd_uuids=()
  for ((i = 0; i < osds; i++)); do osd_uuids+=("$(uuidgen)"); done
  s3_access=$(rand_str 20 'A-Z0-9')
  s3_secret=$(rand_str 40 'A-Za-z0-9')
  write_conf
  write_keyring
  mark keyring

  monmaptool --create --fsid "$fsid" --enable-all-features --set-min-mon-release pacific \
    --addv a "[v2:$addr:$mon_port]" "$dir/monmap" >/dev/null 2>>"$dir/log/mon.a.out" \
    || fail "monmaptool failed"
  launch mon.a ceph-mon --mkfs -i a --monmap "$dir/monmap" --keyring "$dir/keyring" \
    || fail "ceph-mon --mkfs failed" "$dir/log/mon.a.out"
  mark mon mkfs
  launch mon.a ceph-mon -i a || fail "ceph-mon did not start" "$dir/log/mon.a.log"
  mark mon started

  # The mgr and the MDS wait for the mon on their own; OSD mkfs only needs the monmap.
  launch mgr.x ceph-mgr -i x || fail "ceph-mgr did not start" "$dir/log/mgr.x.log"
  launch mds.a ceph-mds -i a || fail "ceph-mds did not start" "$dir/log/mds.a.log"
  mark mgr mds started
  local -a jobs=()
  for ((i = 0; i < osds; i++)); do
    launch "osd.$i" ceph-osd -i "$i" --mkfs --osd-uuid "${osd_uuids[$i]}" &
    jobs+=($!)
  done
  # OSDs go into CRUSH before they boot: otherwise a CephFS PG now and then stays stuck.
  setup_cluster 2>>"$dir/log/setup.out" || fail "cluster set-up failed: $(tail -n 1 "$dir/log/setup.out")"
  mark "setup done"
  for ((i = 0; i < osds; i++)); do
    wait "${jobs[$i]}" || fail "ceph-osd --mkfs for osd.$i failed" "$dir/log/osd.$i.out"
  done
  mark "osd mkfs done"
  jobs=()
  for ((i = 0; i < osds; i++)); do
    launch "osd.$i" ceph-osd -i "$i" &
    jobs+=($!)
  done
  for ((i = 0; i < osds; i++)); do
    wait "${jobs[$i]}" || fail "ceph-osd osd.$i did not start" "$dir/log/osd.$i.log"
  done
  mark osds started
  # The S3 user exists before radosgw starts (it also creates the zone's pools).
  bounded radosgw-admin -c "$dir/ceph.conf" user create --uid="$S3_UID" \
    --display-name="ceph-lab S3 user" --access-key="$s3_access" --secret="$s3_secret" \
    >"$dir/log/radosgw-admin.out" 2>&1 || fail "radosgw-admin user create failed" "$dir/log/radosgw-admin.out"
  mark user created
  launch "$RGW_NAME" radosgw -n "$RGW_NAME" || fail "radosgw did not start" "$dir/log/$RGW_NAME.log"
  mark rgw started

  wait_ready 2>>"$dir/log/setup.out" || fail "$(tail -n 1 "$dir/log/setup.out")"
  mark ready

  cat > "$dir/lab.env" <<ENV
CEPH_CONF=$dir/ceph.conf
KEYRING=$dir/keyring
MON_ADDR=$addr:$mon_port
FSID=$fsid
RGW_ENDPOINT=http://$addr:$rgw_port
S3_ACCESS_KEY=$s3_access
S3_SECRET_KEY=$s3_secret
CEPHFS_NAME=$FS_NAME
OSDS=$osds
POOL_SIZE=1
DIR=$dir
ENV
  cat "$dir/lab.env"
  local took
  took=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
  cat >&2 <<SUMMARY
ceph-lab: cluster $fsid usable after ${took} s
  mon       $addr:$mon_port (msgr v2, cephx)
  OSDs      $osds bluestore on sparse files, pool size 1
  CephFS    $FS_NAME
  S3        http://$addr:$rgw_port  access key $s3_access
  try:      ceph -c $dir/ceph.conf -s
            rados -c $dir/ceph.conf lspools
  stop:     $0 stop $dir
SUMMARY
}

stop() {
  [ -d "$dir" ] || { log "$dir does not exist: nothing to stop"; return 0; }
  [ -e "$dir/$MARKER" ] || { log "$dir is not a ceph lab folder: nothing to stop"; return 0; }
  stop_daemons $keep || exit 1
  if [ $keep = 0 ]; then
    rm -rf -- "$dir"
  fi
  return 0
}

status() {
  [ -e "$dir/$MARKER" ] || { log "$dir is not a ceph lab folder"; exit 3; }
  [ -f "$dir/lab.env" ] && cat "$dir/lab.env"
  local name bin pid state all=0 i
  local -a names=(mon.a mgr.x mds.a "$RGW_NAME")
  for ((i = 0; i < $(find "$dir/osd" -mindepth 1 -maxdepth 1 -type d | wc -l); i++)); do names+=("osd.$i"); done
  for name in "${names[@]}"; do
    bin=$(bin_for "$name")
    pid=$(cat "$dir/run/$name.pid" 2>/dev/null || true)
    if [[ "$pid" =~ ^[0-9]+$ ]] && alive "$pid" && is_our_daemon "$pid" "$bin"; then
      state="running $pid"
    else
      state=stopped; all=1
    fi
    echo "DAEMON_$(echo "$name" | tr 'a-z.' 'A-Z_')=$state"
  done
  return $all
}

case "$cmd" in
start) start ;;
stop) stop ;;
status) status ;;
*) usage ;;
esac
