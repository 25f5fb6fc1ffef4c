// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Small helpers shared by tests (header-only).
#include "engine/samplebuffer.h"
#include "stats/crosscheck.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QTest>

namespace cmtest {

// A shell script's standard output, trimmed; *code its exit code (-1: it crashed or
// did not end within 60 s).
inline QString shell(const QString &script, int *code = nullptr)
{
    QProcess p;
    p.start(QStringLiteral("sh"), {QStringLiteral("-c"), script});
    const bool ended = p.waitForFinished(60000);
    if (code)
        *code = ended && p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
}

// A process is alive if /proc/PID exists and it is not a zombie.
inline bool processAlive(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray s = f.readAll();
    const int close = s.lastIndexOf(')');
    return close > 0 && close + 2 < s.size() && s.at(close + 2) != 'Z';
}

// PIDs of live processes whose command line contains `needle`.
inline QList<qint64> processesMatching(const QByteArray &needle)
{
    QList<qint64> out;
    const auto entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &e : entries) {
        bool ok = false;
        const qint64 pid = e.toLongLong(&ok);
        if (!ok)
            continue;
        QFile f(QStringLiteral("/proc/%1/cmdline").arg(pid));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        QByteArray cmd = f.readAll();
        cmd.replace('\0', ' ');
        if (cmd.contains(needle) && processAlive(pid))
            out << pid;
    }
    return out;
}

// Drains a run's buffer; returns how many samples came from steps (not the node monitor).
inline int takeStepSamples(const cm::SampleBufferPtr &buffer)
{
    int n = 0;
    if (buffer)
        for (const cm::Sample &s : buffer->take())
            n += s.step >= 0;
    return n;
}

// CI sets CLUSTERMARK_REQUIRE_FIXTURES=1: a missing fixture fails instead of skipping.
inline bool fixturesRequired()
{
    return qEnvironmentVariableIntValue("CLUSTERMARK_REQUIRE_FIXTURES") == 1;
}

// The lines of /proc/mounts for the CephFS benchmark's own mount folders.
inline QStringList cephfsBenchMounts()
{
    QFile f(QStringLiteral("/proc/mounts"));
    if (!f.open(QIODevice::ReadOnly))
        return {QStringLiteral("<no /proc/mounts>")};
    return QString::fromUtf8(f.readAll()).split(QLatin1Char('\n')).filter(QStringLiteral("/tmp/clustermark-cephfs-"));
}

// The CephFS benchmark's mount folders in /tmp, mounted or not.
inline QStringList cephfsBenchMountDirs()
{
    return QDir(QStringLiteral("/tmp")).entryList({QStringLiteral("clustermark-cephfs-*")}, QDir::Dirs);
}

inline QString testData(const QString &rel)
{
    return qEnvironmentVariable("CLUSTERMARK_TEST_DATA") + QLatin1Char('/') + rel;
}

// A recorded file under tests/data, whole; empty when it cannot be read.
inline QByteArray readTestData(const QString &rel)
{
    QFile f(testData(rel));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Why a step summary's cross-check against Ceph's count fails `maxPercent` (bytes, and
// ops where Ceph's are given), or empty when it holds; it must have one.
inline QString crossCheckFails(const QJsonObject &summary, double maxPercent)
{
    const auto check = cm::CrossCheck::fromJson(summary.value(QStringLiteral("cross_check")));
    if (!check)
        return QStringLiteral("no cross_check in the summary");
    qInfo("%s", qPrintable(check->describe()));
    if (!check->settled)
        return QStringLiteral("Ceph's count did not settle");
    for (const cm::CrossCheckDirection &d : check->dirs) {
        if (std::abs(d.bytesDiffPercent()) > maxPercent)
            return check->describe();
        if (d.opsDiffPercent() && std::abs(*d.opsDiffPercent()) > maxPercent)
            return check->describe();
    }
    return {};
}

} // namespace cmtest

// Skip locally, fail in CI, when a fixture cannot be set up.
#define CM_REQUIRE_FIXTURE(cond, reason)                                                                               \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            if (cmtest::fixturesRequired())                                                                            \
                QFAIL(qPrintable(QStringLiteral("fixture missing: ") + (reason)));                                     \
            QSKIP(qPrintable(QStringLiteral("fixture missing: ") + (reason)));                                         \
        }                                                                                                              \
    } while (0)
