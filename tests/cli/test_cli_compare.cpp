// SPDX-License-Identifier: GPL-3.0-or-later
// `clustermark-cli compare` and `export` end to end on real runs: two short plans run
// with real fio on a file in a temporary folder, the second with a larger block size
// for one test; the comparison must pair the steps, test the repetitions and name the
// block size change, and the forum formats must not show this machine's host name.
#include "testutil.h"
#include "clirun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>

// The machine's host name as a whole word (it may be as short as "vm").
static bool namesHost(const QByteArray &text)
{
    const QString host = QSysInfo::machineHostName();
    const QRegularExpression re(
        QStringLiteral("(?<![A-Za-z0-9_])%1(?![A-Za-z0-9_])").arg(QRegularExpression::escape(host)),
        QRegularExpression::CaseInsensitiveOption);
    return re.match(QString::fromUtf8(text)).hasMatch();
}

class TestCliCompare : public QObject {
    Q_OBJECT

    using Out = cmtest::CliResult;

    QTemporaryDir m_data;
    QTemporaryDir m_target;
    qint64 m_a = 0, m_b = 0;

    Out cli(const QStringList &args, int timeoutMs = 180000)
    {
        return cmtest::runBinary(QStringLiteral("clustermark-cli"), args, m_data.path(), timeoutMs);
    }

    // A quick plan cut to SEQ1M Q8T1 Read and RND4K Q32T1 Read, 1 s each, 2 repetitions.
    qint64 runPlan(const QString &seqBs)
    {
        Out plan
            = cli({QStringLiteral("plan"), QStringLiteral("disk"), QStringLiteral("--preset"), QStringLiteral("quick"),
                QStringLiteral("--target"), m_target.path(), QStringLiteral("--size"), QStringLiteral("16M"),
                QStringLiteral("--runtime"), QStringLiteral("1"), QStringLiteral("--repeat"), QStringLiteral("2")});
        if (plan.code != 0)
            return -1;
        QJsonObject p = plan.json();
        const QJsonArray all = p.value(QStringLiteral("steps")).toArray();
        QJsonObject seq = all.at(0).toObject();
        QJsonObject params = seq.value(QStringLiteral("params")).toObject();
        params.insert(QStringLiteral("bs"), seqBs);
        seq.insert(QStringLiteral("params"), params);
        p.insert(QStringLiteral("steps"), QJsonArray {seq, all.at(4)});
        const QString file = m_data.filePath(QStringLiteral("plan-%1.json").arg(seqBs));
        QFile f(file);
        if (!f.open(QIODevice::WriteOnly))
            return -1;
        f.write(QJsonDocument(p).toJson());
        f.close();
        Out run = cli({QStringLiteral("run"), file});
        if (run.code != 0) {
            qWarning() << run.err;
            return -1;
        }
        return qint64(run.json().value(QStringLiteral("run")).toObject().value(QStringLiteral("id")).toDouble());
    }

private Q_SLOTS:
    void initTestCase()
    {
        CM_REQUIRE_FIXTURE(
            !QStandardPaths::findExecutable(QStringLiteral("fio")).isEmpty(), QStringLiteral("fio is not installed"));
        m_a = runPlan(QStringLiteral("1M"));
        m_b = runPlan(QStringLiteral("4M"));
        QVERIFY(m_a > 0 && m_b > 0);
    }

    void compareJson()
    {
        Out c = cli({QStringLiteral("compare"), QString::number(m_a), QString::number(m_b), QStringLiteral("--format"),
            QStringLiteral("json")});
        QVERIFY2(c.code == 0, c.err.constData());
        const QJsonObject j = c.json();
        QCOMPARE(j.value(QStringLiteral("format")).toString(), QStringLiteral("clustermark-compare"));
        const QJsonArray rows = j.value(QStringLiteral("rows")).toArray();
        QCOMPARE(rows.size(), 2);
        QCOMPARE(rows.at(0).toObject().value(QStringLiteral("testId")).toString(), QStringLiteral("seq1m-q8t1-read"));
        for (const auto &rv : rows) {
            const QJsonObject row = rv.toObject();
            QCOMPARE(row.value(QStringLiteral("repetitions")).toArray(), (QJsonArray {2, 2}));
            const QJsonArray figs = row.value(QStringLiteral("figures")).toArray();
            QVERIFY(figs.size() >= 4); // read MB/s, IOPS, p50, p99; no write figures for a read test
            const QJsonObject bw = figs.at(0).toObject();
            QCOMPARE(bw.value(QStringLiteral("key")).toString(), QStringLiteral("read.bw"));
            const QJsonArray runs = bw.value(QStringLiteral("runs")).toArray();
            QCOMPARE(runs.size(), 2);
            for (const auto &r : runs) {
                QCOMPARE(r.toObject().value(QStringLiteral("values")).toArray().size(), 2);
                QVERIFY(r.toObject().value(QStringLiteral("mean")).toDouble() > 1e5); // fio moved data
                QVERIFY(r.toObject().value(QStringLiteral("stddev")).toDouble() >= 0);
            }
            const QJsonObject vs = runs.at(1).toObject().value(QStringLiteral("vsBaseline")).toObject();
            QVERIFY2(vs.value(QStringLiteral("tested")).toBool(), QJsonDocument(vs).toJson().constData());
            const double p = vs.value(QStringLiteral("p")).toDouble(-1);
            QVERIFY(p >= 0 && p <= 1);
            const QJsonArray ci = vs.value(QStringLiteral("ci95")).toArray();
            QVERIFY(ci.at(0).toDouble() <= vs.value(QStringLiteral("diff")).toDouble());
            QVERIFY(ci.at(1).toDouble() >= vs.value(QStringLiteral("diff")).toDouble());
        }
        const QJsonArray diffs = j.value(QStringLiteral("differences")).toArray();
        QVERIFY2(diffs.contains(QStringLiteral("block size: 1M → 4M (seq1m-q8t1-read)")),
            QJsonDocument(diffs).toJson().constData());
    }

    void compareForumFormatsAreRedacted()
    {
        const bool haveHost = QSysInfo::machineHostName().size() >= 2;
        for (const QString &fmt : {QStringLiteral("md"), QStringLiteral("bbcode")}) {
            Out c = cli({QStringLiteral("compare"), QString::number(m_a), QString::number(m_b),
                QStringLiteral("--format"), fmt});
            QCOMPARE(c.code, 0);
            QVERIFY2(c.out.contains("SEQ1M Q8T1 Read"), c.out.constData());
            QVERIFY(c.out.contains("block size: 1M → 4M"));
            if (haveHost)
                QVERIFY2(!namesHost(c.out), c.out.constData());
        }
        Out csv = cli({QStringLiteral("compare"), QString::number(m_a), QString::number(m_b),
            QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(csv.code, 0);
        QVERIFY(csv.out.startsWith("test_id,title,node,target,figure,unit,"));
        QVERIFY(csv.out.contains("\r\n"));

        // The run's own JSON names this machine unless redacted.
        Out plain
            = cli({QStringLiteral("export"), QString::number(m_a), QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(plain.code, 0);
        Out red = cli({QStringLiteral("export"), QString::number(m_a), QStringLiteral("--format"),
            QStringLiteral("json"), QStringLiteral("--redact")});
        QCOMPARE(red.code, 0);
        if (haveHost) {
            QVERIFY(namesHost(plain.out));
            QVERIFY2(!namesHost(red.out), red.out.constData());
        }
        QVERIFY(!QJsonDocument::fromJson(red.out).isNull());
    }

    void exportCrystal()
    {
        Out c
            = cli({QStringLiteral("export"), QString::number(m_a), QStringLiteral("--format"), QStringLiteral("cdm")});
        QVERIFY2(c.code == 0, c.err.constData());
        QVERIFY2(c.out.contains("[Read]\n  SEQ1M Q8T1 "), c.out.constData());
        QVERIFY(c.out.contains("RND4K Q32T1"));
        QVERIFY(c.out.contains("* mean of 2 repetitions"));
        QVERIFY(!c.out.contains("[Write]"));
    }

    void badInput()
    {
        QCOMPARE(cli({QStringLiteral("compare"), QString::number(m_a)}).code, 2);
        QCOMPARE(cli({QStringLiteral("compare"), QString::number(m_a), QString::number(m_a)}).code, 2);
        QCOMPARE(cli({QStringLiteral("compare"), QString::number(m_a), QStringLiteral("x")}).code, 2);
        Out missing = cli({QStringLiteral("compare"), QString::number(m_a), QStringLiteral("99999")});
        QCOMPARE(missing.code, 1);
        QVERIFY(!missing.err.isEmpty());
        Out fmt = cli({QStringLiteral("compare"), QString::number(m_a), QString::number(m_b),
            QStringLiteral("--format"), QStringLiteral("html")});
        QCOMPARE(fmt.code, 2);
        QVERIFY(fmt.err.contains("--format"));
        QCOMPARE(cli({QStringLiteral("export"), QString::number(m_a), QStringLiteral("--redact"),
                         QStringLiteral("--no-redact")})
                     .code,
            2);
    }
};

QTEST_GUILESS_MAIN(TestCliCompare)
#include "test_cli_compare.moc"
