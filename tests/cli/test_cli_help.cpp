// SPDX-License-Identifier: GPL-3.0-or-later
// Every subcommand answers --help with exit 0, and `plan KIND --help` lists exactly the
// options the kind declares (the parser reads the same list, so they cannot drift).
#include "clirun.h"

#include "bench/registry.h"

#include <QTemporaryDir>
#include <QTest>

class TestCliHelp : public QObject {
    Q_OBJECT

    QTemporaryDir m_data;

    cmtest::CliResult cli(const QStringList &args)
    {
        return cmtest::runBinary(QStringLiteral("clustermark-cli"), args, m_data.path(), 30000);
    }

private Q_SLOTS:
    void initTestCase() { cm::registerBuiltinKinds(); }

    void everyKindHasHelp()
    {
        const cmtest::CliResult list = cli({QStringLiteral("plan"), QStringLiteral("--help")});
        QCOMPARE(list.code, 0);
        for (const QString &id : cm::Registry::instance().ids()) {
            const auto kind = cm::Registry::instance().kind(id);
            const QStringList names = QStringList {id} + kind->aliases();
            QVERIFY2(!kind->cliOptions().isEmpty(), qPrintable(id));
            for (const QString &name : names) {
                for (const char *flag : {"--help", "-h"}) {
                    const cmtest::CliResult r = cli({QStringLiteral("plan"), name, QLatin1String(flag)});
                    QVERIFY2(r.code == 0, qPrintable(name + QStringLiteral(": ") + QString::fromUtf8(r.err)));
                    QVERIFY(r.out.startsWith("usage: clustermark-cli plan "));
                    for (const cm::CliOption &o : kind->cliOptions())
                        QVERIFY2(r.out.contains((QStringLiteral("\n  ") + o.name + QLatin1Char(' ')).toUtf8())
                                || r.out.contains((QStringLiteral("\n  ") + o.name + QLatin1Char('\n')).toUtf8()),
                            qPrintable(name + QStringLiteral(" help misses ") + o.name));
                    QVERIFY(r.out.contains("\n  --repeat N"));
                }
            }
            // The shortest name is the one the list of kinds shows.
            QString shortest = id;
            for (const QString &a : kind->aliases())
                if (a.size() < shortest.size())
                    shortest = a;
            QVERIFY2(list.out.contains(shortest.toUtf8()), qPrintable(id));
        }
    }

    void unknownOptionsAreNamed()
    {
        const cmtest::CliResult r
            = cli({QStringLiteral("plan"), QStringLiteral("rbd"), QStringLiteral("--pol"), QStringLiteral("x")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("unknown option \"--pol\""), r.err.constData());
        QVERIFY(r.out.isEmpty());
        const cmtest::CliResult k = cli({QStringLiteral("plan"), QStringLiteral("tape")});
        QCOMPARE(k.code, 2);
        QVERIFY(k.err.contains("unknown kind \"tape\""));
    }

    void everyCommandHasHelp()
    {
        const QStringList commands = {QStringLiteral("plan"), QStringLiteral("run"), QStringLiteral("import-result"),
            QStringLiteral("sessions"), QStringLiteral("show"), QStringLiteral("compare"), QStringLiteral("export"),
            QStringLiteral("export-session"), QStringLiteral("import"), QStringLiteral("inventory"),
            QStringLiteral("trust"), QStringLiteral("ceph"), QStringLiteral("cleanup"), QStringLiteral("s3"),
            QStringLiteral("lab")};
        for (const QString &c : commands) {
            const cmtest::CliResult r = cli({c, QStringLiteral("--help")});
            QVERIFY2(r.code == 0, qPrintable(c + QStringLiteral(": ") + QString::fromUtf8(r.err)));
            QVERIFY2(r.out.startsWith("usage: clustermark-cli"), qPrintable(c));
            QVERIFY2(r.out.contains((QLatin1Char(' ') + c + QLatin1Char(' ')).toUtf8()), qPrintable(c));
        }
        const cmtest::CliResult top = cli({QStringLiteral("--help")});
        QCOMPARE(top.code, 0);
        for (const QString &c : commands)
            QVERIFY2(top.out.contains((QLatin1String("\n  ") + c + QLatin1Char(' ')).toUtf8()), qPrintable(c));
    }
};

QTEST_GUILESS_MAIN(TestCliHelp)
#include "test_cli_help.moc"
