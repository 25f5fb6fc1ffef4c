// SPDX-License-Identifier: GPL-3.0-or-later
// Plan files saved by earlier versions (tests/data/plan, one per kind as
// `clustermark-cli plan …` wrote them) still load and pass their kind's checks, so a
// user's saved plans survive the move to kind folders and declared options; the
// hand-made hostile ones are still refused.
#include "bench/registry.h"
#include "model/plan.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTest>

using namespace cm;

class TestSavedPlans : public QObject {
    Q_OBJECT

    static QDir dataDir() { return QDir(qEnvironmentVariable("CLUSTERMARK_TEST_DATA") + QStringLiteral("/plan")); }

    static Error load(const QString &file, Plan *plan)
    {
        QFile f(dataDir().filePath(file));
        if (!f.open(QIODevice::ReadOnly))
            return Error(Error::Code::Storage, QStringLiteral("cannot read %1").arg(file));
        Error e;
        *plan = Plan::fromJsonBytes(f.readAll(), &e);
        if (e)
            return e;
        const auto kind = Registry::instance().kind(plan->kind);
        if (!kind)
            return Error(Error::Code::InvalidInput, QStringLiteral("no kind %1").arg(plan->kind));
        return kind->validate(*plan);
    }

private Q_SLOTS:
    void initTestCase() { registerBuiltinKinds(); }

    void everyKindsSavedPlanLoads()
    {
        const QStringList files = dataDir().entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        QStringList kinds;
        for (const QString &file : files) {
            if (file.startsWith(QLatin1String("hostile-")))
                continue;
            Plan plan;
            const Error e = load(file, &plan);
            QVERIFY2(!e, qPrintable(file + QStringLiteral(": ") + e.toString()));
            QVERIFY2(!plan.steps.isEmpty(), qPrintable(file));
            if (!kinds.contains(plan.kind))
                kinds << plan.kind;
        }
        for (const QString &id : Registry::instance().ids())
            QVERIFY2(
                kinds.contains(id), qPrintable(QStringLiteral("no saved plan of %1 under tests/data/plan").arg(id)));
    }

    void hostilePlansStayRefused()
    {
        const QStringList files = dataDir().entryList({QStringLiteral("hostile-*.json")}, QDir::Files, QDir::Name);
        QVERIFY(!files.isEmpty());
        for (const QString &file : files) {
            Plan plan;
            QVERIFY2(load(file, &plan), qPrintable(file));
        }
    }
};

QTEST_GUILESS_MAIN(TestSavedPlans)
#include "test_savedplans.moc"
