// SPDX-License-Identifier: GPL-3.0-or-later
// Declared command-line options: what is read, what is refused and with which words.
#include "model/clioptions.h"

#include <QTest>

using cm::CliArgs;
using cm::CliOption;

class TestCliOptions : public QObject {
    Q_OBJECT

    const QList<CliOption> m_options = {
        {QStringLiteral("--pool"), QStringLiteral("POOL"), QStringLiteral("the pool"), QStringLiteral("rbd")},
        {QStringLiteral("--node"), QStringLiteral("NODE"), QStringLiteral("a node"), {}, true},
        {QStringLiteral("--yes"), {}, QStringLiteral("agree")},
        {QStringLiteral("--runtime"), QStringLiteral("S"), QStringLiteral("seconds")},
    };

    CliArgs parse(const QStringList &args, QString *err) { return CliArgs::parse(args, m_options, err); }

private Q_SLOTS:
    void readsValuesFlagsAndRepeats()
    {
        QString err;
        const CliArgs a = parse({QStringLiteral("--pool"), QStringLiteral("p1"), QStringLiteral("--node=a"),
                                    QStringLiteral("--node"), QStringLiteral("b"), QStringLiteral("--yes")},
            &err);
        QVERIFY2(err.isEmpty(), qPrintable(err));
        QCOMPARE(a.value(QStringLiteral("--pool")), QStringLiteral("p1"));
        QCOMPARE(a.values(QStringLiteral("--node")), (QStringList {QStringLiteral("a"), QStringLiteral("b")}));
        QVERIFY(a.flag(QStringLiteral("--yes")));
        QVERIFY(!a.has(QStringLiteral("--runtime")));
        QCOMPARE(a.value(QStringLiteral("--runtime"), QStringLiteral("7")), QStringLiteral("7"));
        // A value that looks like an option is still the value of the option before it.
        const CliArgs b = parse({QStringLiteral("--pool"), QStringLiteral("--yes")}, &err);
        QVERIFY(err.isEmpty());
        QCOMPARE(b.value(QStringLiteral("--pool")), QStringLiteral("--yes"));
    }

    void refusesWithTheOptionNamed_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown") << QStringList {QStringLiteral("--pol"), QStringLiteral("x")}
                                 << QStringLiteral("unknown option \"--pol\"");
        QTest::newRow("stray") << QStringList {QStringLiteral("rbd")} << QStringLiteral("unexpected argument \"rbd\"");
        QTest::newRow("missing value") << QStringList {QStringLiteral("--pool")}
                                       << QStringLiteral("--pool needs a value (POOL)");
        QTest::newRow("flag value") << QStringList {QStringLiteral("--yes=1")}
                                    << QStringLiteral("--yes takes no value");
        QTest::newRow("twice") << QStringList {QStringLiteral("--pool=a"), QStringLiteral("--pool=b")}
                               << QStringLiteral("--pool is given twice");
    }
    void refusesWithTheOptionNamed()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QString err;
        const CliArgs a = parse(args, &err);
        QVERIFY2(err.contains(message), qPrintable(err));
        QVERIFY(!a.has(QStringLiteral("--pool")));
    }

    void integers()
    {
        QString err;
        int v = -1;
        const CliArgs none = parse({}, &err);
        QVERIFY(none.integer(QStringLiteral("--runtime"), 5, 0, 10, &v, &err));
        QCOMPARE(v, 5);
        const CliArgs ok = parse({QStringLiteral("--runtime"), QStringLiteral("10")}, &err);
        QVERIFY(ok.integer(QStringLiteral("--runtime"), 5, 0, 10, &v, &err));
        QCOMPARE(v, 10);
        const CliArgs high = parse({QStringLiteral("--runtime"), QStringLiteral("11")}, &err);
        QVERIFY(!high.integer(QStringLiteral("--runtime"), 5, 0, 10, &v, &err));
        QVERIFY2(err.contains("--runtime needs a whole number from 0 to 10, got \"11\""), qPrintable(err));
        const CliArgs frac = parse({QStringLiteral("--runtime"), QStringLiteral("1.5")}, &err);
        QVERIFY(!frac.integer(QStringLiteral("--runtime"), 5, 0, 10, &v, &err));
        QVERIFY2(err.contains("--runtime needs a number, got \"1.5\""), qPrintable(err));
    }

    void helpListsEveryOptionWithItsDefault()
    {
        const QString help
            = cm::cliHelpText(QStringLiteral("tool plan x [options]"), QStringLiteral("Summary."), m_options);
        QVERIFY(help.startsWith(QStringLiteral("usage: tool plan x [options]\n\nSummary.\n")));
        QVERIFY(help.contains(QStringLiteral("  --pool POOL")));
        QVERIFY(help.contains(QStringLiteral("the pool (default: rbd)")));
        QVERIFY(help.contains(QStringLiteral("a node (may be repeated)")));
        QVERIFY(help.contains(QStringLiteral("  --yes ")));
        for (const QString &line : help.split(QLatin1Char('\n')))
            QVERIFY2(line.size() <= 90, qPrintable(line));
    }
};

QTEST_GUILESS_MAIN(TestCliOptions)
#include "test_clioptions.moc"
