#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Screenshots of every screen under Xvfb: the main window's tabs after real fio runs on
# this machine (the live run while it goes), every kind's wizard pages and the dialogs,
# in the light and dark looks and in zh_CN, at 1280×800 and 1024×700. Each combination
# also checks the layout rules (tests/common/layoutrules.h); a broken rule is reported
# and the other combinations still run.
#   scripts/screenshots.sh [OUTDIR]   (default: /tmp/clustermark-shots; never the repository)
# Builds the test build first when it is missing. The runs take the quick preset at
# CLUSTERMARK_SCREEN_RUNTIME seconds per test (default 3).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-/tmp/clustermark-shots}
case "$(realpath -m "$out")/" in
"$root"/*) echo "screenshots.sh: $out is inside the repository; pick a folder outside it" >&2; exit 2 ;;
esac
bin="$root/build-test/tests/ui/test_screens"
[ -x "$bin" ] || "$root/scripts/build.sh" test || exit 1
command -v xvfb-run >/dev/null || { echo "screenshots.sh: xvfb-run is missing (scripts/install-deps.sh)" >&2; exit 1; }
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
failed=0
for look in light dark zh_CN; do
    for size in 1280x800 1024x700; do
        dir="$out/$look-$size"
        rm -rf "$dir"
        mkdir -p "$dir"
        theme=$look lang=en_US.UTF-8
        if [ "$look" = zh_CN ]; then theme=light lang=zh_CN.UTF-8; fi
        echo "== $look $size → $dir"
        if ! LANG=$lang LC_ALL=$lang LANGUAGE=${lang%%.*} CLUSTERMARK_THEME=$theme CLUSTERMARK_SCREEN=$size \
            CLUSTERMARK_SHOTS="$dir" CLUSTERMARK_SCREEN_RUNTIME=${CLUSTERMARK_SCREEN_RUNTIME:-3} QT_QPA_PLATFORM=xcb \
            xvfb-run -a -s "-screen 0 1600x1000x24" "$bin" >"$dir/test.log" 2>&1; then
            failed=$((failed + 1))
            grep -E "FAIL|Loc|: (past|cut)" "$dir/test.log" | head -40
        fi
        echo "   $(ls "$dir"/*.png 2>/dev/null | wc -l) screenshots"
    done
done
[ "$failed" -eq 0 ] || { echo "screenshots.sh: $failed combination(s) broke a layout rule (see test.log)" >&2; exit 1; }
