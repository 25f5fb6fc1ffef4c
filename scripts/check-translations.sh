#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-translations.sh: every user-visible text in the sources (tr(), translate(),
# QT_TRANSLATE_NOOP) has a finished translation in each resources/translations/*.ts,
# and no .ts holds texts the sources no longer have. Runs lupdate on a copy; to update
# a file for real: scripts/check-translations.sh --update, then translate what it
# marks unfinished.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
lupdate=$(command -v lupdate6 || true)
[ -n "$lupdate" ] || lupdate=/usr/lib/qt6/bin/lupdate
[ -x "$lupdate" ] || { echo "check-translations: lupdate is not installed (qt6-l10n-tools)" >&2; exit 1; }
opts=(-no-obsolete -locations none core ui app render)
if [ "${1:-}" = --update ]; then
  for ts in resources/translations/*.ts; do "$lupdate" "${opts[@]}" -ts "$ts"; done
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0
for ts in resources/translations/*.ts; do
  cp "$ts" "$tmp/check.ts"
  report=$("$lupdate" "${opts[@]}" -ts "$tmp/check.ts" 2>&1)
  # A source text lupdate would add or drop: the file is not up to date.
  if ! cmp -s "$ts" "$tmp/check.ts"; then
    echo "$ts is not up to date with the sources ($(echo "$report" | grep -E 'Found|Removed' | tr -s ' ' | tr '\n' ';'))"
    diff "$ts" "$tmp/check.ts" | grep '^[<>].*<source>' | head -20 || true
    bad=1
  fi
  unfinished=$(grep -c 'type="unfinished"' "$tmp/check.ts" || true)
  if [ "$unfinished" != 0 ]; then
    echo "$ts: $unfinished texts without a translation"
    bad=1
  fi
done
[ "$bad" = 0 ] && echo "check-translations: every text is translated in $(ls resources/translations/*.ts | wc -l) language(s)"
exit "$bad"
