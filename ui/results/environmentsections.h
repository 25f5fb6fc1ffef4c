// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The environment a run was measured in, grouped for reading rather than dumped:
// the run (app, client, Ceph cluster polled), then per node the system, disk
// (write cache, rotational), tools, network (MTU, speed, bonds) and Ceph items the
// runners recorded. Keys nobody knows land under "Other" with readable values.
// Also the commands a run ran, step by step. Pure functions: no widgets.
#include "results/resultsloader.h"

#include <QList>
#include <QString>

namespace cm::ui {

struct EnvEntry {
    QString label;
    QString value;
    QString toolTip; // the raw key(s), and "changed during the run" when values differ
};

struct EnvGroup {
    QString title;
    QList<EnvEntry> entries;
    QList<EnvGroup> children;
};

QList<EnvGroup> environmentGroups(const RunDetail &d);

// One block per step record ("# 1/4 SEQ1M Q8T1 Read · pve1 · completed" then the
// command); plan steps that never began follow with the command they would have run.
QString commandsText(const RunDetail &d);

} // namespace cm::ui
