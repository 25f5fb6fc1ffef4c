#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-install.sh ROOT: installs the packages of build/packages (scripts/package.sh)
# with apt on a fresh Debian 12 (scripts/check-fresh.sh ROOT: debootstrap minbase and
# nothing else), as a user would, and uses them there: the CLI's --version, a 2 s disk
# run, an exit code, its manual page, bash completion, and the GUI's demo (offscreen).
# Root only; not part of the test suite (it downloads about 140 MB of packages). Give a
# new ROOT for a fresh check: check-fresh.sh reuses ROOT, and the packages stay in it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=${1:?usage: check-install.sh ROOT}
debs=("$here"/../build/packages/clustermark_*.deb "$here"/../build/packages/clustermark-cli_*.deb)
for d in "${debs[@]}"; do [ -f "$d" ] || { echo "check-install.sh: no $d (scripts/package.sh)" >&2; exit 2; }; done
inner=$(mktemp)
trap 'rm -f "$inner"' EXIT
cat >"$inner" <<'INNER'
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
time apt-get install -y -q /root/incoming/clustermark_*.deb /root/incoming/clustermark-cli_*.deb >/root/apt.log
grep -E "newly installed|Need to get" /root/apt.log
dpkg -l clustermark clustermark-cli fio iperf3 curl qt6-translations-l10n | tail -n 6
clustermark-cli --version
mkdir -p /root/target
clustermark-cli plan disk --preset quick --target /root/target --size 16M --runtime 2 --tests rnd4k-q1t1-read >/root/plan.json
clustermark-cli --quiet run /root/plan.json | grep -m1 '"status"'
code=0; clustermark-cli frobnicate 2>/dev/null || code=$?
echo "an unknown command exits $code"
apt-get install -y -q man-db bash-completion >/dev/null
man -P cat clustermark-cli | sed -n 1,8p
bash -c 'source /usr/share/bash-completion/completions/clustermark-cli; COMP_LINE="clustermark-cli plan "
  COMP_POINT=${#COMP_LINE}; _clustermark_cli; echo "completion of \"plan \": ${COMPREPLY[*]}"'
ls /usr/share/applications/clustermark.desktop /usr/share/icons/hicolor/*/apps/clustermark.* \
  /usr/share/metainfo/io.github.clustermark.ClusterMark.metainfo.xml
QT_QPA_PLATFORM=offscreen clustermark --demo /root/target --demo-runtime 1 --screenshot /root/incoming/gui.png \
  --quit-after 30 2>/dev/null
echo "completed runs: $(clustermark-cli sessions | grep -c '"status": "completed"') (the CLI's and the GUI's demo)"
INNER
CLUSTERMARK_FRESH_COPY="${debs[*]} $inner" "$here/check-fresh.sh" "$root" bash "/root/incoming/$(basename "$inner")"
echo "the GUI's window: $root/root/incoming/gui.png"
