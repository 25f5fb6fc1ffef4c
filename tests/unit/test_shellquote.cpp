// SPDX-License-Identifier: GPL-3.0-or-later
#include "transport/shellquote.h"

#include <QProcess>
#include <QTest>

using namespace cm;

class TestShellQuote : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void plainWordsStayReadable()
    {
        QCOMPARE(shellQuote(QStringLiteral("--bs=4k")), QStringLiteral("--bs=4k"));
        QCOMPARE(shellQuote(QStringLiteral("/dev/sdb")), QStringLiteral("/dev/sdb"));
        QCOMPARE(shellQuote(QString()), QStringLiteral("''"));
    }
    void hostileArgumentsStayLiteral_data()
    {
        QTest::addColumn<QString>("arg");
        QTest::newRow("semicolon") << QStringLiteral("x; touch /tmp/pwned");
        QTest::newRow("subst") << QStringLiteral("$(id) `id`");
        QTest::newRow("quote") << QStringLiteral("it's \"quoted\" \\ back");
        QTest::newRow("newline") << QStringLiteral("a\nb\tc");
        QTest::newRow("glob") << QStringLiteral("* ? [a] ~root");
        QTest::newRow("dash") << QStringLiteral("-rf");
        QTest::newRow("unicode") << QStringLiteral("диск 磁盘 'x'");
    }
    void hostileArgumentsStayLiteral()
    {
        // A real shell must hand back exactly the argument.
        QFETCH(QString, arg);
        QProcess p;
        p.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("printf '%s' ") + shellQuote(arg)});
        QVERIFY(p.waitForFinished(5000));
        QCOMPARE(QString::fromUtf8(p.readAllStandardOutput()), arg);
    }
    void joinQuotesEachItem()
    {
        QCOMPARE(shellJoin({QStringLiteral("fio"), QStringLiteral("--name=a b")}), QStringLiteral("fio '--name=a b'"));
    }
};

QTEST_GUILESS_MAIN(TestShellQuote)
#include "test_shellquote.moc"
