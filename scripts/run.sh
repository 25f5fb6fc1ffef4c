#!/usr/bin/env bash
# The README's run command. Installs what is missing, builds, then:
# - with a display: opens ClusterMark on a live quick disk benchmark of this machine
#   (a file in a fresh temp folder), unless nodes are already configured;
# - without a display: runs the same plan through clustermark-cli and prints where the
#   saved run and its Markdown summary are.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" release
bin="$root/build/app"
work=$(mktemp -d "${TMPDIR:-/tmp}/clustermark-demo.XXXXXX")
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec "$bin/clustermark" --demo "$work" "$@"
fi
echo "No display: running the quick disk plan headless (target folder: $work)" >&2
plan="$work/quick-disk-plan.json"
"$bin/clustermark-cli" plan disk --preset quick --node local --target "$work" --size 256M --runtime 5 \
  --name "Quick disk (this machine)" > "$plan"
status=0
"$bin/clustermark-cli" run "$plan" --markdown-out "$work/summary.md" > "$work/run.json" || status=$?
echo >&2
if [ -s "$work/summary.md" ]; then cat "$work/summary.md"; fi
echo >&2
echo "Plan:             $plan" >&2
echo "Saved run (JSON): $work/run.json" >&2
echo "Summary:          $work/summary.md" >&2
echo "Database:         $("$bin/clustermark-cli" sessions | sed -n 's/.*"database": "\(.*\)".*/\1/p')" >&2
exit $status
