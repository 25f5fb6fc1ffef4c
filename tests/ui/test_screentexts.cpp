// SPDX-License-Identifier: GPL-3.0-or-later
// Texts core makes read in the user's language on screen: an error leads with a
// translated sentence for its kind and keeps core's exact words after it; compare's
// differences and warnings and the network's tool reason are translated, while the
// exports keep English.
#include "compare/comparebanner.h"
#include "errortext.h"
#include "kinds/netiperf/netfindingspanel.h"
#include "bench/netiperf/netiperfrunner.h"
#include "report/rundifferences.h"

#include <QCoreApplication>
#include <QSet>
#include <QTest>
#include <QTranslator>

using namespace cm;
using namespace cm::ui;

namespace {

const QList<Error::Code> kCodes {Error::Code::InvalidInput, Error::Code::Unreachable, Error::Code::AuthDenied,
    Error::Code::HostKeyUnknown, Error::Code::HostKeyChanged, Error::Code::Timeout, Error::Code::ToolMissing,
    Error::Code::PathMissing, Error::Code::Unsafe, Error::Code::CommandFailed, Error::Code::ParseError,
    Error::Code::Cancelled, Error::Code::Storage, Error::Code::Keychain, Error::Code::Internal};

RunRecords runWithBlockSize(RunId id, const QString &bs)
{
    RunRecords r;
    r.run.id = id;
    r.run.status = RunStatus::Completed;
    r.plan.kind = QStringLiteral("disk-fio");
    r.plan.steps << PlanStep {QStringLiteral("seq-read"), QStringLiteral("SEQ1M Q8T1"),
        QJsonObject {{QStringLiteral("bs"), bs}, {QStringLiteral("direct"), true}}};
    return r;
}

// zh_CN installed for the lifetime of the object.
class Chinese {
public:
    Chinese()
    {
        m_loaded = m_zh.load(QLocale(QStringLiteral("zh_CN")), QStringLiteral("clustermark"), QStringLiteral("_"),
            QStringLiteral(":/i18n"));
        if (m_loaded)
            QCoreApplication::installTranslator(&m_zh);
    }
    ~Chinese() { QCoreApplication::removeTranslator(&m_zh); }
    bool loaded() const { return m_loaded; }

private:
    QTranslator m_zh;
    bool m_loaded = false;
};

bool hasHan(const QString &s)
{
    return std::any_of(s.begin(), s.end(), [](QChar c) { return c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff; });
}

QStringList headlines()
{
    QStringList all;
    for (Error::Code c : kCodes)
        all << errorHeadline(c);
    return all;
}

} // namespace

class TestScreenTexts : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyKindHasItsOwnSentence()
    {
        const QStringList all = headlines();
        QCOMPARE(QSet<QString>(all.begin(), all.end()).size(), kCodes.size());
        for (const QString &h : all)
            QVERIFY(!h.isEmpty());
        QVERIFY(errorText(Error()).isEmpty());
    }

    void coreWordsAndContextFollow()
    {
        const Error e(Error::Code::CommandFailed, QStringLiteral("fio exited with status 1"), QStringLiteral("pve1"));
        QCOMPARE(errorText(e), QStringLiteral("A command failed: fio exited with status 1 (pve1)"));
        // A context the message already names is not repeated.
        const Error named(
            Error::Code::PathMissing, QStringLiteral("pool \"bench\" does not exist"), QStringLiteral("bench"));
        QCOMPARE(errorText(named), QStringLiteral("Not found: pool \"bench\" does not exist"));
        QCOMPARE(errorText(Error(Error::Code::Cancelled, QString())), QStringLiteral("Cancelled"));
    }

    void chineseHeadlinesKeepTheDetail()
    {
        const QStringList original = headlines();
        QStringList translated;
        QString text;
        {
            Chinese zh;
            QVERIFY(zh.loaded());
            translated = headlines();
            text = errorText(Error(Error::Code::Timeout, QStringLiteral("no answer in 10 s")));
        }
        for (int i = 0; i < kCodes.size(); ++i)
            QVERIFY2(hasHan(translated.at(i)), qPrintable(original.at(i)));
        QVERIFY2(text.endsWith(QStringLiteral("no answer in 10 s")), qPrintable(text));
        QVERIFY2(text.startsWith(translated.at(kCodes.indexOf(Error::Code::Timeout))), qPrintable(text));
    }

    void differencesOnScreenExportsInEnglish()
    {
        const QList<RunRecords> runs {
            runWithBlockSize(1, QStringLiteral("1M")), runWithBlockSize(2, QStringLiteral("4M"))};
        int parameters = -1;
        const QStringList english = runDifferences(runs, &parameters);
        QCOMPARE(english, QStringList {QStringLiteral("block size: 1M → 4M (seq-read)")});
        QCOMPARE(parameters, 1);
        Chinese zh;
        QVERIFY(zh.loaded());
        QCOMPARE(runDifferences(runs, nullptr), english); // the export's words
        const QStringList shown = runDifferences(runs, &parameters, true);
        QCOMPARE(shown.size(), 1);
        QVERIFY2(hasHan(shown.first()) && shown.first().contains(QStringLiteral("1M → 4M")), qPrintable(shown.first()));
    }

    // A step's Ceph environment (the pool, TLS) differs: each change is named, in the
    // reader's language on screen.
    void cephEnvironmentDifferencesAreNamed()
    {
        QList<RunRecords> runs;
        for (const auto &[id, type, tls] : {std::tuple {1, "erasure", false}, std::tuple {2, "replicated", true}}) {
            RunRecords r = runWithBlockSize(id, QStringLiteral("4M"));
            StepRecord step;
            step.testId = QStringLiteral("seq-read");
            step.node = QStringLiteral("pve1");
            step.environment = {{QStringLiteral("pool_type"), QLatin1String(type)}, {QStringLiteral("tls"), tls}};
            r.steps << step;
            runs << r;
        }
        const QStringList english = runDifferences(runs, nullptr);
        QVERIFY2(
            english.contains(QStringLiteral("pve1: pool type: erasure → replicated")), qPrintable(english.join('\n')));
        QVERIFY2(english.filter(QStringLiteral("pve1: TLS: ")).size() == 1, qPrintable(english.join('\n')));
        Chinese zh;
        QVERIFY(zh.loaded());
        const QStringList shown = runDifferences(runs, nullptr, true);
        QVERIFY2(shown.filter(QStringLiteral("存储池类型")).size() == 1, qPrintable(shown.join('\n')));
    }

    void compareWarningsOnScreen()
    {
        const CompareWarning run {12, RunStatus::Interrupted, {}, 0, {}, {}};
        const CompareWarning step {13, RunStatus::Completed, QStringLiteral("RND4K Q1T1"), 2, QStringLiteral("pve1"),
            QStringLiteral("failed")};
        QCOMPARE(run.text(), QStringLiteral("run 12 is interrupted"));
        QCOMPARE(step.text(), QStringLiteral("RND4K Q1T1 #2 on pve1 failed in run 13"));
        QCOMPARE(CompareBanner::warningText(step), QStringLiteral("RND4K Q1T1 #2 on pve1: failed, in run 13"));
        Chinese zh;
        QVERIFY(zh.loaded());
        const QString shown = CompareBanner::warningText(run);
        QVERIFY2(hasHan(shown) && shown.contains(QStringLiteral("12")), qPrintable(shown));
        QVERIFY(hasHan(CompareBanner::warningText(step)));
        QCOMPARE(step.text(), QStringLiteral("RND4K Q1T1 #2 on pve1 failed in run 13")); // exports
    }

    void toolReasonOnScreen()
    {
        NetEndProbe a, b;
        a.iperf3Version = b.iperf3Version = QStringLiteral("3.12");
        NetFinding why;
        QCOMPARE(NetIperfRunner::chooseTool(QStringLiteral("auto"), a, b, &why), QStringLiteral("iperf3"));
        QCOMPARE(why.text(), QStringLiteral("iperf3 (the links' speed is not known)"));
        // Saved with the step, read back from its summary.
        const QJsonObject summary {
            {QStringLiteral("toolReason"), why.text()}, {QStringLiteral("toolReasonFinding"), why.toJson()}};
        QCOMPARE(netToolReasonText(summary), why.text());
        Chinese zh;
        QVERIFY(zh.loaded());
        QVERIFY2(hasHan(netToolReasonText(summary)), qPrintable(netToolReasonText(summary)));
        QVERIFY(hasHan(netFindingText(why)));
        // A run saved before the reason kept its source shows its English text.
        QCOMPARE(netToolReasonText(QJsonObject {{QStringLiteral("toolReason"), QStringLiteral("iperf3 as asked")}}),
            QStringLiteral("iperf3 as asked"));
    }
};

QTEST_MAIN(TestScreenTexts)
#include "test_screentexts.moc"
