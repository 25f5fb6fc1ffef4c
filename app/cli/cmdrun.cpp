// SPDX-License-Identifier: GPL-3.0-or-later
#include "clicommon.h"

#include "engine/runengine.h"
#include "model/leftover.h"
#include "secrets/secretstore.h"
#include "io/inputfile.h"
#include "store/sessionstore.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QFile>

namespace cm::cli {

namespace {

QString formatSeconds(double s)
{
    const int t = int(s + 0.5);
    return QStringLiteral("%1:%2").arg(t / 60).arg(t % 60, 2, 10, QLatin1Char('0'));
}

} // namespace

int cmdRun(const QStringList &argsIn)
{
    QStringList args = argsIn;
    const QString markdownOut = takeOption(args, QStringLiteral("--markdown-out")).value(0);
    const QStringList watch = takeOption(args, QStringLiteral("--watch"));
    const bool pauseScrub = takeFlag(args, QStringLiteral("--pause-scrub"));
    if (args.size() != 1) {
        printErr(QStringLiteral(
            "usage: clustermark-cli run PLAN.json [--markdown-out FILE] [--watch NODE]... [--pause-scrub]"));
        return 2;
    }
    QByteArray bytes;
    if (const Error e = readInputFile(args.first(), Plan::MaxFileBytes, &bytes)) {
        printErr(QStringLiteral("run: %1").arg(e.message));
        return 2;
    }
    Error e;
    Plan plan = Plan::fromJsonBytes(bytes, &e);
    if (e) {
        printErr(QStringLiteral("run: %1: %2").arg(args.first(), e.message));
        return 2;
    }
    for (const QString &spec : watch) {
        QString why;
        const NodeSpec n = NodeSpec::parse(spec, &why);
        if (n.host.isEmpty()) {
            printErr(QStringLiteral("run: --watch %1: %2").arg(spec, why));
            return 2;
        }
        plan.watch << n;
    }
    plan.pauseScrub = plan.pauseScrub || pauseScrub; // noscrub, nodeep-scrub for the run, put back after
    {
        SessionStore store(storePath());
        if (!openStore(store))
            return 1;
    }

    // Ctrl-C / TERM cancel the run (it stops within 2 s and cleans up the nodes).
    RunEngine engine(storePath());
    SignalCancel *cancelOnSignal = new SignalCancel(&engine, [&] {
        printErr(QStringLiteral("cancelling…"));
        engine.cancelAll();
    });

    int exitCode = 1;
    RunId runId = 0;
    double eta = 0;
    QObject::connect(&engine, &RunEngine::startFailed, &engine, [&](const Error &err) {
        printErr(QStringLiteral("run: %1").arg(err.toString()));
        exitCode = 2;
        QCoreApplication::exit(2);
    });
    QObject::connect(
        &engine, &RunEngine::runStarted, &engine, [&](RunId id, const Plan &p, SampleBufferPtr, double est) {
            runId = id;
            eta = est;
            const QString steps = p.untilStable() ? QStringLiteral("%1 to %2 steps until each varies by at most %3 %")
                                                        .arg(p.steps.size() * p.minIterations())
                                                        .arg(p.steps.size() * p.maxIterations())
                                                        .arg(p.untilSpreadPct)
                                                  : QStringLiteral("%1 steps").arg(p.steps.size() * p.repeat);
            printProgress(QStringLiteral("run %1 started: %2 (%3 on %4 node(s), about %5)")
                              .arg(id)
                              .arg(p.name, steps)
                              .arg(p.nodes.size())
                              .arg(formatSeconds(est)));
        });
    QObject::connect(&engine, &RunEngine::stepStarted, &engine, [&](RunId, int index, int total, const QString &title) {
        printProgress(QStringLiteral("[%1/%2] %3").arg(index + 1).arg(total).arg(title));
    });
    QObject::connect(
        &engine, &RunEngine::stepFinished, &engine, [&](RunId, int, const QString &node, const QJsonObject &s) {
            QStringList parts;
            for (const char *dir : {"read", "write"}) {
                const QJsonObject d = s.value(QLatin1String(dir)).toObject();
                // ops that move no data (RADOS stat) still count
                if (d.value(QStringLiteral("io_bytes")).toDouble() <= 0
                    && d.value(QStringLiteral("total_ios")).toDouble() <= 0)
                    continue;
                parts << QStringLiteral("%1 %2 MB/s %3 IOPS")
                             .arg(QLatin1String(dir))
                             .arg(d.value(QStringLiteral("bw")).toDouble() / 1e6, 0, 'f', 1)
                             .arg(d.value(QStringLiteral("iops")).toDouble(), 0, 'f', 0);
            }
            const QJsonObject meta = s.value(QStringLiteral("meta")).toObject(); // CephFS metadata
            for (const char *op : {"create", "stat", "delete"}) {
                const QJsonObject o = meta.value(QLatin1String(op)).toObject();
                if (!o.isEmpty())
                    parts << QStringLiteral("%1 %2 ops/s (p99 %3 us)")
                                 .arg(QLatin1String(op))
                                 .arg(o.value(QStringLiteral("iops")).toDouble(), 0, 'f', 0)
                                 .arg(o.value(QStringLiteral("lat_p99_ns")).toDouble() / 1e3, 0, 'f', 0);
            }
            for (const QJsonValue &v : s.value(QStringLiteral("osds")).toArray()) { // per-OSD latency
                const QJsonObject o = v.toObject();
                parts << QStringLiteral("\n      osd.%1 %2 writes, p50 %3 us, p99 %4 us%5")
                             .arg(o.value(QStringLiteral("id")).toInt())
                             .arg(o.value(QStringLiteral("ops")).toDouble(), 0, 'f', 0)
                             .arg(o.value(QStringLiteral("p50")).toDouble() / 1e3, 0, 'f', 0)
                             .arg(o.value(QStringLiteral("p99")).toDouble() / 1e3, 0, 'f', 0)
                             .arg(o.value(QStringLiteral("outlier")).toBool() ? QStringLiteral(" OUTLIER") : QString());
            }
            if (s.contains(QStringLiteral("bitsPerSecond"))) { // net-iperf
                parts << QStringLiteral("%1 Gbit/s (%2, %3 streams; %4)")
                             .arg(s.value(QStringLiteral("bitsPerSecond")).toDouble() / 1e9, 0, 'f', 3)
                             .arg(s.value(QStringLiteral("tool")).toString())
                             .arg(s.value(QStringLiteral("streams")).toInt())
                             .arg(s.value(QStringLiteral("toolReason")).toString());
                for (const QJsonValue &v : s.value(QStringLiteral("findings")).toArray())
                    parts << QStringLiteral("\n      [%1] %2")
                                 .arg(v.toObject().value(QStringLiteral("severity")).toString(),
                                     v.toObject().value(QStringLiteral("text")).toString());
            }
            printProgress(QStringLiteral("    %1: %2").arg(node, parts.join(QStringLiteral(", "))));
        });
    QObject::connect(&engine, &RunEngine::stepFailed, &engine, [&](RunId, int, const QString &node, const Error &err) {
        printErr(QStringLiteral("    %1: FAILED: %2").arg(node, err.toString()));
    });
    QObject::connect(&engine, &RunEngine::runFinished, &engine, [&](RunId id, RunStatus status, const Error &err) {
        const QString ended = QStringLiteral("run %1 %2%3")
                                  .arg(id)
                                  .arg(runStatusName(status), err ? QStringLiteral(": ") + err.message : QString());
        if (status == RunStatus::Completed)
            printProgress(ended);
        else
            printErr(ended);
        SessionStore store(storePath());
        if (!store.open()) {
            const QJsonObject rep = store.runSummary(id).value(QStringLiteral("repetition")).toObject();
            if (rep.contains(QStringLiteral("untilSpreadPct")))
                for (const QJsonValue &v : rep.value(QStringLiteral("steps")).toArray()) {
                    const QJsonObject st = v.toObject();
                    const QString outcome = st.value(QStringLiteral("outcome")).toString();
                    printProgress(
                        QStringLiteral("    %1: %2 iterations, spread %3 % of %4 (bound %5 %): %6")
                            .arg(st.value(QStringLiteral("testId")).toString())
                            .arg(st.value(QStringLiteral("iterations")).toInt())
                            .arg(st.value(QStringLiteral("spreadPct")).isDouble()
                                    ? QString::number(st.value(QStringLiteral("spreadPct")).toDouble(), 'f', 2)
                                    : QStringLiteral("?"))
                            .arg(st.value(QStringLiteral("figure")).toString())
                            .arg(rep.value(QStringLiteral("untilSpreadPct")).toDouble())
                            .arg(outcome == QLatin1String("converged") ? QStringLiteral("stable")
                                    : outcome == QLatin1String("cap") ? QStringLiteral("not stable, stopped at the cap")
                                                                      : outcome));
                }
            for (const QJsonValue &v : store.runSummary(id).value(QStringLiteral("leftovers")).toArray())
                printErr(QStringLiteral("left behind: %1 (clustermark-cli cleanup removes it)")
                             .arg(Leftover::fromJson(v.toObject()).describe()));
            printJson(QJsonDocument(store.runToJson(id)));
            if (!markdownOut.isEmpty()) {
                QFile md(markdownOut);
                if (md.open(QIODevice::WriteOnly | QIODevice::Truncate))
                    md.write(store.runToMarkdown(id).toUtf8());
                else
                    printErr(QStringLiteral("run: cannot write %1: %2").arg(markdownOut, md.errorString()));
            }
        }
        exitCode = status == RunStatus::Completed ? 0 : status == RunStatus::Cancelled ? 130 : 1;
        QCoreApplication::exit(exitCode);
    });
    // Secrets only from the keychain, only for nodes saved with "remember".
    QMap<QString, Credentials> credentials;
    for (const NodeSpec &n : plan.nodes + plan.watch) {
        if (n.isLocal() || !n.rememberSecret)
            continue;
        Credentials c;
        if (const Error ke = SecretStore::loadCredentials(n, &c))
            printErr(QStringLiteral("run: keychain: %1").arg(ke.message));
        credentials.insert(n.secretKey(), c);
    }
    engine.start(plan, credentials);
    QCoreApplication::exec();
    delete cancelOnSignal;
    return exitCode;
}

} // namespace cm::cli
