// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Before a run: can each node run the plan's engine and reach the cluster? A kind
// declares its checks per node (RunnerKind::preflight): the tool installed (and the
// package that brings it), fio's engine compiled in, the Ceph mons or the S3 gateway
// reachable from the node itself. run() executes them on one node's transport; the
// wizard's review page and `clustermark-cli check PLAN` show the results, so a node
// that cannot take part is named before anything starts.
#include "model/error.h"
#include "model/plan.h"
#include "transport/transport.h"
#include "util/canceltoken.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace cm {

struct PreflightCheck {
    QString what; // "fio's rbd engine", "the Ceph mons"
    QStringList argv; // run on the node; exit status 0: fine
    QString fix; // what to do when it fails: "install the package fio"
};

struct PreflightResult {
    QString node;
    QString what;
    bool ok = false;
    QString detail; // the check's output or error, one line
    QString fix; // empty when ok
};

namespace preflight {

// `program` on the node's PATH.
PreflightCheck tool(const QString &program, const QString &package);
// fio with `engine` compiled in (fio --enghelp=ENGINE).
PreflightCheck fioEngine(const QString &engine);
// A TCP connection from the node to one of the mons: those of `monHost`, or of the
// mon_host line of `confPath` on the node (empty: /etc/ceph/ceph.conf).
PreflightCheck monsReachable(const QString &confPath, const QString &monHost);
// An HTTP answer (any status) from the S3 gateway, from the node.
PreflightCheck gatewayReachable(const QString &endpoint, bool insecure);

QList<PreflightResult> run(
    Transport &t, const QString &node, const QList<PreflightCheck> &checks, const CancelToken &cancel);
// Every node of the plan at once, a transport each (made on its own thread); a node
// that cannot be connected gives one failed "SSH connection" result.
QList<PreflightResult> checkPlan(const Plan &plan, const QList<PreflightCheck> &checks, const CancelToken &cancel);
// "node1: fio's rbd engine: missing — install the package fio" lines of the failures.
QStringList failures(const QList<PreflightResult> &results);

} // namespace preflight

} // namespace cm
