// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A plan: what to run, where, in which order. The wizard saves it, the CLI writes and
// reads it (`clustermark-cli plan …` / `run PLAN.json`); both use this one format.
#include "model/error.h"
#include "model/nodespec.h"

#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>

namespace cm {

struct PlanStep {
    QString id; // stable test id within the kind, e.g. "seq-read"
    QString title; // "Linear read 4M QD32"
    QJsonObject params; // kind-specific parameters (for disk-fio: fio options)

    QJsonObject toJson() const;
    static PlanStep fromJson(const QJsonObject &o);
};

struct Plan {
    static constexpr int FormatVersion = 1;
    // Bounds on what a plan file may hold: far above any real plan (a preset has at most
    // a few dozen steps), so a hostile or broken file cannot take the machine's memory.
    static constexpr qint64 MaxFileBytes = 4 * 1024 * 1024;
    static constexpr int MaxSteps = 1000;
    static constexpr int MaxNodes = 256;

    QString kind; // runner kind id, e.g. "disk-fio"
    QString name; // "Quick disk (local)"
    QString preset; // preset id the steps came from, if any
    QString session; // session to file the run under ("" = default)
    QList<NodeSpec> nodes; // steps run on all nodes at once, one time axis
    // Nodes that run no step but are watched while the run goes (the node monitor): the
    // rest of the cluster the app can reach, so a server's NIC or disk can be named as
    // the bottleneck. JSON "watch", as "nodes"; a plan node listed here is ignored.
    QList<NodeSpec> watch;
    QJsonObject target; // kind-specific target description
    QList<PlanStep> steps;
    int repeat = 1; // each step N times
    // "Until stable" (off when untilSpreadPct is 0): after at least max(repeat,
    // stableWindow) iterations a step is repeated until the spread (max - min) / mean of
    // its figure over its last stableWindow iterations is within untilSpreadPct %, on
    // every node, and at most maxRepeat times. The figure is stableFigure (a dotted
    // summary key, e.g. "read.iops"), else the step's headline figure
    // (engine/repetitiontracker.h). JSON: "untilStable": {"spreadPct", "maxRepeat",
    // "window", "figure"}.
    double untilSpreadPct = 0;
    int maxRepeat = 0;
    int stableWindow = 3;
    QString stableFigure;
    // The Ceph cluster whose health is polled during the run (any kind), if any:
    // {"conf": "/etc/ceph/ceph.conf", "keyring": "…", "client": "client.admin"}.
    // File paths only: a key itself never goes into a plan.
    QJsonObject ceph;
    // Hold the cluster's scrubs off for the run (the user's consent): the run sets the
    // noscrub and nodeep-scrub OSD flags that are not set yet before its first step,
    // through the knob journal, and unsets them after its last (engine/runthread.cpp),
    // so a scrub starting mid-run does not pass for the cluster's speed. JSON "pauseScrub".
    bool pauseScrub = false;

    bool untilStable() const { return untilSpreadPct > 0; }
    int minIterations() const { return untilStable() ? qMax(repeat, stableWindow) : repeat; }
    int maxIterations() const { return untilStable() ? qMax(maxRepeat, minIterations()) : repeat; }
    // The cap when none is given: ten, or the minimum when that is larger.
    static int defaultMaxRepeat(int repeat, int window) { return qMax(10, qMax(repeat, window)); }

    QJsonObject toJson() const;
    QByteArray toJsonBytes() const;
    // Validates structure (not kind semantics): a clear error for a bad file.
    static Plan fromJson(const QJsonObject &o, Error *error);
    static Plan fromJsonBytes(const QByteArray &bytes, Error *error);
};

} // namespace cm

Q_DECLARE_METATYPE(cm::Plan)
