#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-style.sh: every C++ source follows .clang-format and starts with its SPDX line.
# Prints the files that do not and exits 1; run `clang-format-14 -i FILE` to fix one.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
fmt=$(command -v clang-format-14 || command -v clang-format || true)
if [ -z "$fmt" ]; then echo "check-style: clang-format is not installed (scripts/install-deps.sh)" >&2; exit 1; fi
mapfile -t files < <(find core ui app render tests -type f \( -name '*.cpp' -o -name '*.h' \) | sort)
bad=0
for f in "${files[@]}"; do
  if [ "$(head -n1 "$f")" != "// SPDX-License-Identifier: GPL-3.0-or-later" ]; then
    echo "no SPDX line: $f"; bad=1
  fi
done
if ! "$fmt" --dry-run --Werror "${files[@]}" 2>/tmp/check-style.$$; then
  grep -o '^[^:]*\.\(cpp\|h\)' /tmp/check-style.$$ | sort -u | sed 's/^/not formatted: /'
  bad=1
fi
rm -f /tmp/check-style.$$
[ "$bad" = 0 ] && echo "check-style: ${#files[@]} files follow .clang-format and carry the SPDX line"
exit "$bad"
