#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# package.sh [OUTDIR]: builds the release tree (scripts/build.sh release) and makes the
# two Debian packages from it with CPack: OUTDIR/clustermark-cli_VERSION_ARCH.deb and
# OUTDIR/clustermark_VERSION_ARCH.deb (default OUTDIR: build/packages). Prints their paths.
#   sudo apt install ./build/packages/clustermark_*.deb ./build/packages/clustermark-cli_*.deb
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build/packages}
"$root/scripts/build.sh" release
mkdir -p "$out"
rm -f "$out"/clustermark*.deb
(cd "$root/build" && cpack -G DEB -B "$out" >&2)
rm -rf "$out/_CPack_Packages"
ls "$out"/clustermark*.deb
