#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The Debian packages scripts/package.sh made from the release tree ($CLUSTERMARK_PACKAGES):
# their control data, apt resolving their dependencies, a real dpkg install into a
# temporary folder (--instdir, with a copy of this machine's dpkg database, so dpkg
# checks every Depends against what is installed), and then the installed files:
# clustermark-cli --version, plan disk --help, a 2 s quick disk run, bash completion, the
# manual pages, the icons, the GUI under Xvfb with --screenshot (English and zh_CN),
# desktop-file-validate, appstreamcli validate and lintian.
# Exit 77 (skipped) when no packages were made, unless CLUSTERMARK_REQUIRE_FIXTURES=1.
set -euo pipefail
pkgdir=${CLUSTERMARK_PACKAGES:?CLUSTERMARK_PACKAGES is the folder scripts/package.sh wrote}
fail() { echo "FAIL: $*" >&2; exit 1; }
missing() {
  if [ "${CLUSTERMARK_REQUIRE_FIXTURES:-0}" = 1 ]; then fail "fixture missing: $*"; fi
  echo "SKIP: fixture missing: $*"; exit 77
}
[ -d "$pkgdir" ] || missing "$pkgdir does not exist (scripts/package.sh)"
pkgdir=$(cd "$pkgdir" && pwd)  # apt takes a local package by a path with a slash
shopt -s nullglob
cli_debs=("$pkgdir"/clustermark-cli_*.deb)
gui_debs=("$pkgdir"/clustermark_*.deb)
[ ${#cli_debs[@]} -eq 1 ] && [ ${#gui_debs[@]} -eq 1 ] || missing "no packages in $pkgdir (scripts/package.sh)"
cli_deb=${cli_debs[0]} gui_deb=${gui_debs[0]}
for tool in dpkg-deb lintian desktop-file-validate appstreamcli xvfb-run man identify; do
  command -v "$tool" >/dev/null || missing "$tool is not installed (scripts/install-deps.sh)"
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== control data"
field() { dpkg-deb --field "$1" "$2"; }
[ "$(field "$cli_deb" Package)" = clustermark-cli ] || fail "$cli_deb is not clustermark-cli"
[ "$(field "$gui_deb" Package)" = clustermark ] || fail "$gui_deb is not clustermark"
cli_depends=$(field "$cli_deb" Depends) gui_depends=$(field "$gui_deb" Depends)
echo "clustermark-cli Depends: $cli_depends"
echo "clustermark Depends: $gui_depends"
# dpkg-shlibdeps found the libraries; the headless package needs no Widgets or Charts.
for lib in libqt6core6 librados2 librbd1 libcephfs2 libssh-4 libcurl4 libqt6sql6-sqlite; do
  grep -q "$lib" <<<"$cli_depends" || fail "clustermark-cli does not depend on $lib"
done
if grep -Eq "widgets|charts" <<<"$cli_depends"; then fail "clustermark-cli depends on Widgets or Charts"; fi
grep -q "clustermark-cli (= " <<<"$gui_depends" || fail "clustermark does not depend on clustermark-cli"
grep -q libqt6widgets6 <<<"$gui_depends" || fail "clustermark does not depend on libqt6widgets6"
grep -q libqt6charts6 <<<"$gui_depends" || fail "clustermark does not depend on libqt6charts6"
grep -q qt6-translations-l10n <<<"$(field "$gui_deb" Recommends)" || fail "Qt's translations are not recommended"

echo "== apt resolves both packages"
apt-get install --simulate -q "$cli_deb" "$gui_deb" >"$tmp/apt.log" 2>&1 || { cat "$tmp/apt.log"; fail "apt cannot install them"; }
grep -q "^Inst clustermark-cli " "$tmp/apt.log" || grep -q "clustermark-cli is already" "$tmp/apt.log" \
  || { cat "$tmp/apt.log"; fail "apt would not install clustermark-cli"; }

echo "== dpkg installs them into $tmp/root"
root=$tmp/root admin=$tmp/root/var/lib/dpkg
mkdir -p "$admin/info" "$admin/updates" "$admin/triggers"
cp /var/lib/dpkg/status "$admin/status"  # the Depends are checked against this machine's packages
dpkg_args=(--instdir="$root" --admindir="$admin" --log="$tmp/dpkg.log" --force-not-root --force-script-chrootless)
# (dpkg warns once per package of the copied database that its file list is absent.)
dpkg "${dpkg_args[@]}" --unpack "$cli_deb" "$gui_deb" >"$tmp/dpkg.out" 2>&1 || { cat "$tmp/dpkg.out"; fail "dpkg --unpack"; }
dpkg "${dpkg_args[@]}" --configure clustermark-cli clustermark >"$tmp/dpkg.out" 2>&1 \
  || { cat "$tmp/dpkg.out"; fail "dpkg --configure (a Depends this machine lacks?)"; }
dpkg "${dpkg_args[@]}" --status clustermark | grep -q "^Status: install ok installed" || fail "clustermark is not installed"
for f in usr/bin/clustermark usr/bin/clustermark-cli usr/share/man/man1/clustermark.1.gz \
  usr/share/man/man1/clustermark-cli.1.gz usr/share/applications/clustermark.desktop \
  usr/share/metainfo/io.github.clustermark.ClusterMark.metainfo.xml usr/share/icons/hicolor/scalable/apps/clustermark.svg \
  usr/share/bash-completion/completions/clustermark-cli usr/share/zsh/vendor-completions/_clustermark-cli \
  usr/share/doc/clustermark/copyright usr/share/doc/clustermark-cli/copyright usr/share/clustermark/lab/ceph-lab.sh; do
  [ -e "$root/$f" ] || fail "/$f is not installed"
done
for size in 16 22 24 32 48 64 128 256 512; do
  png=$root/usr/share/icons/hicolor/${size}x${size}/apps/clustermark.png
  [ "$(identify -format '%wx%h' "$png")" = "${size}x${size}" ] || fail "$png is not ${size}x${size}"
done
if dpkg-deb --contents "$cli_deb" | grep -q "usr/bin/clustermark$"; then fail "the GUI is in clustermark-cli"; fi
if ldd "$root/usr/bin/clustermark-cli" | grep -Eq "Widgets|Charts|not found"; then
  ldd "$root/usr/bin/clustermark-cli"; fail "the installed CLI needs Widgets, Charts or a missing library"
fi

echo "== the installed CLI"
export CLUSTERMARK_DATA_DIR=$tmp/data
unset CLUSTERMARK_BIN CLUSTERMARK_SCRIPTS
cli=$root/usr/bin/clustermark-cli
version=$("$cli" --version)
[ "$version" = "clustermark-cli $(field "$cli_deb" Version)" ] || fail "--version says \"$version\""
"$cli" plan disk --help | grep -q -- "--preset quick|standard" || fail "plan disk --help lists no --preset"
mkdir -p "$tmp/target"
"$cli" plan disk --preset quick --target "$tmp/target" --size 16M --runtime 2 --tests rnd4k-q1t1-read >"$tmp/plan.json"
"$cli" --quiet run "$tmp/plan.json" >"$tmp/run.json" || fail "the quick disk run failed"
grep -q '"status": "completed"' "$tmp/run.json" || fail "the run did not complete"
echo "quick disk run: $(grep -c '"id":' "$tmp/run.json") ids in its JSON"
# Completion through the installed script and CLI.
completed=$(bash -c 'source "$0"; COMP_LINE="$1 plan disk --preset "; COMP_POINT=${#COMP_LINE}; _clustermark_cli;
  echo "${COMPREPLY[*]}"' "$root/usr/share/bash-completion/completions/clustermark-cli" "$cli")
[ "$completed" = "quick standard" ] || fail "bash completion gave \"$completed\""
for page in clustermark clustermark-cli; do
  warnings=$(LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l "$root/usr/share/man/man1/$page.1.gz" 2>&1 >/dev/null)
  [ -z "$warnings" ] || fail "man $page warns: $warnings"
done
man -l "$root/usr/share/man/man1/clustermark-cli.1.gz" 2>/dev/null | grep -q "EXIT STATUS" || fail "the manual page has no EXIT STATUS"

echo "== the installed GUI under Xvfb"
# English: the demo (the quick disk plan, 1 s per test) runs to its end and is saved;
# zh_CN: the window in Chinese, from the translations compiled into the executable.
gui() {  # LANG SECONDS SHOT
  LANG=$1 LC_ALL=$1 QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1280x800x24" \
    "$root/usr/bin/clustermark" --demo "$tmp/target" --demo-runtime 1 --screenshot "$3" --quit-after "$2" \
    >"$tmp/gui.log" 2>&1 || { cat "$tmp/gui.log"; fail "the installed GUI failed ($1)"; }
  [ "$(identify -format '%w' "$3")" -ge 800 ] || fail "the screenshot ($1) is not a window"
  if [ -n "${CLUSTERMARK_PACKAGE_SHOTS:-}" ]; then cp "$3" "$CLUSTERMARK_PACKAGE_SHOTS/"; fi
}
runs_before=$("$cli" sessions | grep -c '"status": "completed"' || true)
gui C.UTF-8 40 "$tmp/gui-en.png"
runs_after=$("$cli" sessions | grep -c '"status": "completed"' || true)
[ "$runs_after" -eq $((runs_before + 1)) ] || { "$cli" sessions; fail "the GUI's demo run did not complete"; }
gui zh_CN.UTF-8 4 "$tmp/gui-zh_CN.png"

echo "== validators"
desktop-file-validate "$root/usr/share/applications/clustermark.desktop" || fail "desktop-file-validate"
grep -q "^Name\[zh_CN\]=" "$root/usr/share/applications/clustermark.desktop" || fail "no zh_CN name"
appstreamcli validate --no-net --pedantic "$root/usr/share/metainfo/io.github.clustermark.ClusterMark.metainfo.xml" \
  || fail "appstreamcli validate"
# lintian: no error and no warning. Below that it says (as of lintian 2.116) only
# binary-has-unneeded-section .comment (info): CPack strips with plain strip, which
# keeps the compiler's version note.
lintian --fail-on error,warning --tag-display-limit 0 "$cli_deb" "$gui_deb" || fail "lintian"
echo "PASS"
