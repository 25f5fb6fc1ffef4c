// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared by the runner kinds: a plan from one of a kind's presets (the CLI's
// `plan KIND`, the demo), and the checks of sizes and Ceph names they all make.
#include "bench/runnerkind.h"
#include "ceph/cephconnectionspec.h"
#include "model/paramreader.h"

namespace cm {

// The preset's steps on `nodes` at `target`; runtimeSec > 0 overrides every step's
// runtime. *error: unknown preset, or the kind's validate().
Plan planFromPreset(const RunnerKind &kind, const QString &preset, const QList<NodeSpec> &nodes,
    const QJsonObject &target, int runtimeSec, Error *error);

// The name of a plan saved without one, so no run shows up blank: the kind's name, the
// preset's title and the nodes: "RBD · RBD test table (node1, node2)". kind may be null.
QString defaultPlanName(const Plan &plan, const RunnerKind *kind);

bool isSizeText(const QString &s); // "4k", "512M", "1GiB", "4096"; at most 2^60 bytes (0 included)
bool isCephName(const QString &s);
// The Ceph files a target names ("conf", "keyring"): absolute paths that cannot split
// into more arguments (the keyring is a word of CEPH_ARGS: no spaces; neither may hold
// a comma, which splits a mount option list).
// The Ceph connection fields of a target ("conf", "keyring", "client", "monHost",
// "fsid"), checked as checkCephFiles does; a kind adds them to its allowOnly list.
QStringList cephTargetKeys();
CephConnectionSpec readCephConnection(ParamReader &reader);
// The CLI's --temporary-pool (RBD, RADOS): its declaration, and the target it makes (the
// layout under "temporaryPool", "pool" removed); `extra` ends the option's help.
CliOption temporaryPoolOption(const QString &extra);
Error readTemporaryPoolOption(const CliArgs &args, QJsonObject *target);
Error checkCephFiles(
    const QJsonObject &target, const QString &kindId); // pool, image and client names: [A-Za-z0-9_.-]{1,128}

} // namespace cm
