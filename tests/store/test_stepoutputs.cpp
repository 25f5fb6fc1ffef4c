// SPDX-License-Identifier: GPL-3.0-or-later
// Raw tool output lives in its own table (schema 3): a version-2 file's outputs move
// there on open, steps read fast without them, and deleting a run takes them along.
#include "store/sessionstore.h"
#include "store/storeschema.h"

#include "testutil.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;

class TestStepOutputs : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void migrateFromVersion2();
    void writeReadDelete();

private:
    QTemporaryDir m_dir;
};

namespace {

QVariant scalar(const QString &path, const QString &sql)
{
    QVariant v;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("peek"));
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(sql) && q.next())
                v = q.value(0);
        }
    }
    QSqlDatabase::removeDatabase(QStringLiteral("peek"));
    return v;
}

} // namespace

void TestStepOutputs::migrateFromVersion2()
{
    const QString p = m_dir.filePath(QStringLiteral("v2.sqlite"));
    const QByteArray big(3 << 20, 'x');
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("v2"));
        db.setDatabaseName(p);
        QVERIFY(db.open());
        QVERIFY(!storeschema::migrate(db, 2));
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("INSERT INTO sessions(id, name, created) VALUES(1, 's', 0)")));
        QVERIFY(q.exec(QStringLiteral("INSERT INTO runs(id, session_id, kind, name, plan_json, status, started)"
                                      " VALUES(5, 1, 'disk-fio', 'r', '{}', 'completed', 1000)")));
        QVERIFY(q.prepare(QStringLiteral("INSERT INTO steps(id, run_id, idx, iteration, test_id, title, node, status,"
                                         " raw_output, error, started, finished) VALUES(?, 5, ?, 0, 't', 'T', 'n',"
                                         " 'completed', ?, ?, 2000, 3000)")));
        for (int i = 0; i < 3; ++i) {
            q.bindValue(0, 10 + i);
            q.bindValue(1, i);
            q.bindValue(2, i == 0 ? big : i == 1 ? QByteArray("") : QVariant(QMetaType(QMetaType::QByteArray)));
            q.bindValue(3, QStringLiteral("e%1").arg(i));
            QVERIFY(q.exec());
        }
    }
    QSqlDatabase::removeDatabase(QStringLiteral("v2"));

    SessionStore s(p);
    const Error e = s.open();
    QVERIFY2(!e, qPrintable(e.toString()));
    QVERIFY(storeschema::CurrentVersion >= 3);
    const QList<StepRecord> steps = s.steps(5);
    QCOMPARE(steps.size(), 3);
    QCOMPARE(steps[0].rawOutput, big);
    QCOMPARE(steps[0].rawOutputSize, qint64(big.size()));
    QCOMPARE(steps[0].error, QStringLiteral("e0"));
    QCOMPARE(steps[0].finished.toMSecsSinceEpoch(), 3000);
    QVERIFY(steps[1].rawOutput.isEmpty());
    QCOMPARE(steps[2].rawOutputSize, qint64(0));
    const QList<StepRecord> light = s.steps(5, false);
    QVERIFY(light[0].rawOutput.isNull());
    QCOMPARE(light[0].rawOutputSize, qint64(big.size()));
    QCOMPARE(s.stepRawOutput(10), big);
    QCOMPARE(scalar(p, QStringLiteral("SELECT count(*) FROM steps WHERE raw_output IS NOT NULL")).toInt(), 0);
    QCOMPARE(scalar(p, QStringLiteral("SELECT count(*) FROM step_outputs")).toInt(), 1);
}

void TestStepOutputs::writeReadDelete()
{
    const QString p = m_dir.filePath(QStringLiteral("new.sqlite"));
    SessionStore s(p);
    QVERIFY(!s.open());
    Plan plan;
    plan.kind = QStringLiteral("disk-fio");
    plan.name = QStringLiteral("p");
    plan.steps = {PlanStep {QStringLiteral("a"), QStringLiteral("A"), {}}};
    const RunId run = s.createRun(plan, {});
    const qint64 a = s.beginStep(run, 0, 0, plan.steps[0], QStringLiteral("n"), {});
    const qint64 b = s.beginStep(run, 1, 0, plan.steps[0], QStringLiteral("n"), {});
    QCOMPARE(s.steps(run).value(0).rawOutputSize, qint64(0)); // running: no output yet
    const QByteArray raw("out\0put", 7);
    QVERIFY(!s.finishStep(a, QStringLiteral("completed"), QStringLiteral("t"), {}, {}, raw, {}));
    QVERIFY(!s.finishStep(b, QStringLiteral("failed"), QStringLiteral("t"), {}, {}, {}, QStringLiteral("boom")));
    QCOMPARE(s.finishStep(999, QStringLiteral("failed"), {}, {}, {}, raw, {}).code, Error::Code::InvalidInput);
    QCOMPARE(scalar(p, QStringLiteral("SELECT count(*) FROM step_outputs")).toInt(), 1); // 999 rolled back
    QCOMPARE(s.steps(run).value(0).rawOutput, raw);
    QCOMPARE(s.steps(run).value(1).error, QStringLiteral("boom"));
    QCOMPARE(s.stepRawOutput(a), raw);
    QVERIFY(!s.deleteRun(run));
    QCOMPARE(scalar(p, QStringLiteral("SELECT count(*) FROM step_outputs")).toInt(), 0);
}

QTEST_GUILESS_MAIN(TestStepOutputs)
#include "test_stepoutputs.moc"
