#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-fresh.sh ROOT [COMMAND...]: runs the README's test command (default) in a fresh
# Debian 12 made by debootstrap at ROOT, on a clean clone of this checkout's HEAD, so a
# package that only this machine has cannot hide a missing one in scripts/packages.txt.
# Root only. ROOT is made on the first call (minbase, about 1 min) and reused after;
# its packages come only from scripts/install-deps.sh. Every mount it makes is
# undone when it ends, also on an error or Ctrl-C. Not part of the test suite.
#
#   scripts/check-fresh.sh /var/tmp/cm-fresh            # the test command, timed
#   scripts/check-fresh.sh /var/tmp/cm-fresh bash -l    # a shell inside
#
# CLUSTERMARK_FRESH_COPY="FILE..." copies those files into /root/incoming first, e.g.
# the Debian packages, to install them on a Debian 12 that has nothing else:
#   CLUSTERMARK_FRESH_COPY="$(echo build/packages/*.deb)" scripts/check-fresh.sh \
#     /var/tmp/cm-install bash -c 'apt-get update && apt-get install -y /root/incoming/*.deb'
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
root=${1:?usage: check-fresh.sh ROOT [COMMAND...]}
shift
[ "$(id -u)" -eq 0 ] || { echo "check-fresh.sh: needs root (debootstrap, mount, chroot)" >&2; exit 2; }
case "$root" in /*) ;; *) echo "check-fresh.sh: ROOT must be an absolute path" >&2; exit 2 ;; esac

mounted() { awk -v m="$1" '$2 == m { found = 1 } END { exit !found }' /proc/mounts; }
made=()
bind() {   # bind SRC DST, remembered for the clean-up
  mkdir -p "$2"
  if ! mounted "$2"; then mount --bind "$1" "$2"; made+=("$2"); fi
}
cleanup() {
  local i
  for ((i = ${#made[@]} - 1; i >= 0; i--)); do umount "${made[$i]}" 2>/dev/null || umount -l "${made[$i]}"; done
  if grep -q " $root[/ ]" /proc/mounts; then echo "check-fresh.sh: still mounted under $root" >&2; return 1; fi
}
trap cleanup EXIT

if [ ! -x "$root/bin/bash" ]; then
  command -v debootstrap >/dev/null || apt-get install -y -q debootstrap >&2
  mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
  debootstrap --variant=minbase bookworm "$root" "${mirror:-http://deb.debian.org/debian}" >&2
  [ -f /etc/apt/sources.list.d/debian.sources ] && cp /etc/apt/sources.list.d/debian.sources "$root/etc/apt/sources.list.d/" \
    && rm -f "$root/etc/apt/sources.list"
  cp /etc/hosts "$root/etc/hosts"
  # No service starts inside: the tests start their own daemons.
  printf '#!/bin/sh\nexit 101\n' > "$root/usr/sbin/policy-rc.d"
  chmod 755 "$root/usr/sbin/policy-rc.d"
fi

# The root itself a mount point: `ip netns exec` remounts / as a slave.
bind "$root" "$root"
bind /proc "$root/proc"
bind /sys "$root/sys"
bind /dev "$root/dev"
bind /dev/pts "$root/dev/pts"
mkdir -p "$root/run"
if ! mounted "$root/run"; then mount -t tmpfs -o mode=0755,nosuid,nodev tmpfs "$root/run"; made+=("$root/run"); fi
mkdir -p "$root/run/lock"

rm -rf "$root/root/clustermark" "$root/root/incoming"
git clone -q "$repo" "$root/root/clustermark"
mkdir -p "$root/root/incoming"
for f in ${CLUSTERMARK_FRESH_COPY:-}; do cp -- "$f" "$root/root/incoming/"; done
if [ $# -eq 0 ]; then set -- /bin/bash -c 'cd /root/clustermark && time scripts/test.sh'; fi
chroot "$root" /usr/bin/env -i HOME=/root TERM="${TERM:-dumb}" LANG=C.UTF-8 \
  PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
