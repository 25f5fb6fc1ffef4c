// SPDX-License-Identifier: GPL-3.0-or-later
// clustermark-cli as a Unix tool: its manual page agrees with every --help (both are
// made from the same declarations; this checks the writer drops nothing), the GUI's
// manual page agrees with its --help, completion knows the commands, kinds, choices and
// saved runs (through the real bash and zsh with the shipped scripts), the exit codes
// are distinct, and a run's progress is one updating line on a terminal (a real pty,
// through script(1)) and plain lines elsewhere.
#include "clirun.h"
#include "testutil.h"

#include "bench/registry.h"

#include <QDir>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

// roff as the reader sees it: fonts, escapes and requests gone.
QString roffText(const QByteArray &roff)
{
    QString text;
    for (const QString &rawLine : QString::fromUtf8(roff).split(QLatin1Char('\n'))) {
        if (rawLine.startsWith(QLatin1Char('.')) && !rawLine.startsWith(QLatin1String(".SS"))
            && !rawLine.startsWith(QLatin1String(".SH")))
            continue;
        QString line = rawLine;
        line.remove(QRegularExpression(QStringLiteral("^\\.S[SH] ")));
        line.remove(QRegularExpression(QStringLiteral("\\\\f[BIR]")));
        line.replace(QStringLiteral("\\-"), QStringLiteral("-")).remove(QStringLiteral("\\&"));
        line.replace(QStringLiteral("\\e"), QStringLiteral("\\"));
        static const QRegularExpression unicode(QStringLiteral("\\\\\\[u([0-9A-F]{4,6})\\]"));
        for (QRegularExpressionMatch m = unicode.match(line); m.hasMatch(); m = unicode.match(line)) {
            const char32_t c = char32_t(m.captured(1).toUInt(nullptr, 16));
            line.replace(m.capturedStart(), m.capturedLength(), QString::fromUcs4(&c, 1));
        }
        text += line + QLatin1Char('\n');
    }
    return text;
}

QSet<QString> optionsIn(const QString &text)
{
    static const QRegularExpression option(QStringLiteral("(?<![\\w-])--[a-z][a-z0-9-]*"));
    QSet<QString> out;
    for (auto it = option.globalMatch(text); it.hasNext();)
        out.insert(it.next().captured());
    return out;
}

// Words separated by any run of spaces or line breaks, so wrapping does not matter.
QString flattened(const QString &text)
{
    return text.simplified();
}

} // namespace

class TestCliUnix : public QObject {
    Q_OBJECT

    QTemporaryDir m_data;

    cmtest::CliResult cli(const QStringList &args, int timeoutMs = 30000)
    {
        return cmtest::runBinary(QStringLiteral("clustermark-cli"), args, m_data.path(), timeoutMs);
    }
    QString cliPath() const { return qEnvironmentVariable("CLUSTERMARK_BIN") + QStringLiteral("/clustermark-cli"); }
    QStringList completions(const QStringList &words)
    {
        const cmtest::CliResult r = cli(QStringList {QStringLiteral("complete"), QStringLiteral("--")} + words);
        if (r.code != 0)
            return {QStringLiteral("exit %1").arg(r.code)};
        QStringList out;
        for (const QString &line : QString::fromUtf8(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            out << line.section(QLatin1Char('\t'), 0, 0);
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        cm::registerBuiltinKinds();
        // One saved run for the completion of run ids.
        const cmtest::CliResult r = cli({QStringLiteral("import-result"),
            cmtest::testData(QStringLiteral("cephbench/osd-bench-16.2.15-osd0.json"))});
        QVERIFY2(r.code == 0, r.err.constData());
    }

    void manPageAgreesWithHelp()
    {
        const cmtest::CliResult man = cli({QStringLiteral("--man")});
        QCOMPARE(man.code, 0);
        QVERIFY(man.out.startsWith(".\\\""));
        QVERIFY(man.out.contains("\n.TH CLUSTERMARK-CLI 1 "));
        const QString page = roffText(man.out);
        QString help = QString::fromUtf8(cli({QStringLiteral("--help")}).out);
        const QString top = help;
        for (const QString &line : top.split(QLatin1Char('\n'))) { // every command's own --help
            static const QRegularExpression entry(QStringLiteral("^  ([a-z][a-z0-9-]*)( |$)"));
            const QRegularExpressionMatch m = entry.match(line);
            if (!m.hasMatch() || m.captured(1) == QLatin1String("complete"))
                continue;
            const cmtest::CliResult c = cli({m.captured(1), QStringLiteral("--help")});
            QVERIFY2(c.code == 0, qPrintable(m.captured(1)));
            help += QString::fromUtf8(c.out);
        }
        int kinds = 0;
        for (const QString &id : cm::Registry::instance().ids()) {
            const cmtest::CliResult k = cli({QStringLiteral("plan"), id, QStringLiteral("--help")});
            QCOMPARE(k.code, 0);
            help += QString::fromUtf8(k.out);
            const QString summary = cm::Registry::instance().kind(id)->cliSummary();
            QVERIFY2(flattened(page).contains(flattened(summary)), qPrintable(id + QStringLiteral(": summary")));
            ++kinds;
        }
        QVERIFY(kinds >= 7);
        const QSet<QString> inHelp = optionsIn(help), inMan = optionsIn(page);
        QVERIFY(inHelp.size() > 60);
        for (const QString &o : inHelp)
            QVERIFY2(inMan.contains(o), qPrintable(QStringLiteral("the manual page lacks ") + o));
        for (const QString &o : inMan)
            QVERIFY2(inHelp.contains(o), qPrintable(QStringLiteral("--help lacks ") + o));
        // Every command's text and every exit code, word for word.
        for (const QString &paragraph : top.split(QStringLiteral("\n\n"))) {
            for (const QString &block : paragraph.split(QRegularExpression(QStringLiteral("\n(?=  \\S)")))) {
                const QString words = flattened(block.section(QRegularExpression(QStringLiteral("\\s{2,}")), 2));
                if (words.size() > 20)
                    QVERIFY2(flattened(page).contains(words.left(60)), qPrintable(words.left(60)));
            }
        }
        for (const char *code : {"\n0\n", "\n1\n", "\n2\n", "\n3\n", "\n130\n"})
            QVERIFY2(page.contains(QLatin1String(code)), code);
    }

    void guiManPageAgreesWithHelp()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        const cmtest::CliResult help
            = cmtest::runBinary(QStringLiteral("clustermark"), {QStringLiteral("--help")}, m_data.path(), 30000, env);
        QCOMPARE(help.code, 0);
        const cmtest::CliResult man
            = cmtest::runBinary(QStringLiteral("clustermark"), {QStringLiteral("--man")}, m_data.path(), 30000, env);
        QCOMPARE(man.code, 0);
        const QString page = roffText(man.out);
        const QSet<QString> inHelp = optionsIn(QString::fromUtf8(help.out)), inMan = optionsIn(page);
        QVERIFY(inHelp.contains(QStringLiteral("--demo")) && inHelp.contains(QStringLiteral("--screenshot")));
        QCOMPARE(inMan, inHelp);
        for (const QString &line : QString::fromUtf8(help.out).split(QLatin1Char('\n'))) {
            const QString text = line.trimmed().section(QRegularExpression(QStringLiteral("\\s{2,}")), 1);
            if (line.startsWith(QLatin1String("  --")) && text.size() > 10)
                QVERIFY2(flattened(page).contains(flattened(text).remove(QLatin1Char('<')).remove(QLatin1Char('>'))),
                    qPrintable(text));
        }
    }

    void completionCandidates()
    {
        const QStringList commands = completions({QString()});
        for (const char *c : {"plan", "run", "show", "compare", "export", "experiment", "restore", "cleanup"})
            QVERIFY2(commands.contains(QLatin1String(c)), c);
        QCOMPARE(completions({QStringLiteral("ex")}),
            (QStringList {QStringLiteral("export"), QStringLiteral("export-session"), QStringLiteral("experiment")}));
        const QStringList kinds = completions({QStringLiteral("plan"), QString()});
        for (const char *k : {"disk", "rbd", "rados", "cephfs", "s3", "net"})
            QVERIFY2(kinds.contains(QLatin1String(k)), qPrintable(kinds.join(u' ')));
        QCOMPARE(completions({QStringLiteral("plan"), QStringLiteral("disk"), QStringLiteral("--preset"), QString()}),
            (QStringList {QStringLiteral("quick"), QStringLiteral("standard")}));
        QVERIFY(completions({QStringLiteral("plan"), QStringLiteral("disk"), QStringLiteral("--ru")})
                    .contains(QStringLiteral("--runtime")));
        QCOMPARE(completions({QStringLiteral("export"), QStringLiteral("1"), QStringLiteral("--format"), QString()}),
            (QStringList {QStringLiteral("md"), QStringLiteral("bbcode"), QStringLiteral("csv"), QStringLiteral("json"),
                QStringLiteral("cdm")}));
        QCOMPARE(completions({QStringLiteral("ceph"), QString()}),
            (QStringList {QStringLiteral("inventory"), QStringLiteral("fetch")}));
        QCOMPARE(completions({QStringLiteral("lab"), QString()}),
            (QStringList {QStringLiteral("start"), QStringLiteral("stop")}));
        QCOMPARE(completions({QStringLiteral("show"), QString()}), QStringList {QStringLiteral("1")});
        QCOMPARE(completions({QStringLiteral("compare"), QStringLiteral("1"), QString()}),
            QStringList {QStringLiteral("1")});
        QVERIFY(completions({QStringLiteral("run"), QString()}).isEmpty()); // a file: the shell's own
    }

    void bashAndZshUseTheCandidates()
    {
        const QString script
            = qEnvironmentVariable("CLUSTERMARK_PACKAGING") + QStringLiteral("/completion/clustermark-cli.bash");
        QProcess bash;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("CLUSTERMARK_DATA_DIR"), m_data.path());
        bash.setProcessEnvironment(env);
        const QString line = cliPath() + QStringLiteral(" plan disk --preset ");
        bash.start(QStringLiteral("bash"),
            {QStringLiteral("-c"),
                QStringLiteral("source \"$0\"; COMP_LINE=\"$1\"; COMP_POINT=${#1}; _clustermark_cli; "
                               "printf '%s\\n' \"${COMPREPLY[@]}\"; complete -p clustermark-cli"),
                script, line});
        QVERIFY(bash.waitForFinished(30000));
        QCOMPARE(bash.exitCode(), 0);
        QCOMPARE(QString::fromUtf8(bash.readAllStandardOutput()),
            QStringLiteral("quick\nstandard\ncomplete -F _clustermark_cli clustermark-cli\n"));

        const QString zsh = QStandardPaths::findExecutable(QStringLiteral("zsh"));
        CM_REQUIRE_FIXTURE(!zsh.isEmpty(), QStringLiteral("zsh is not installed"));
        // zsh's own _describe and _files need an interactive completion; they are
        // replaced by functions that print what they were given.
        QProcess z;
        z.setProcessEnvironment(env);
        z.start(zsh,
            {QStringLiteral("-fc"),
                QStringLiteral("_describe() { print -l -- ${(P)${@[-1]}} }; _files() { print FILES }; "
                               "words=(\"$1\" show \"\"); CURRENT=3; source \"$0\"; "
                               "words=(\"$1\" run \"\"); CURRENT=3; source \"$0\""),
                qEnvironmentVariable("CLUSTERMARK_PACKAGING") + QStringLiteral("/completion/_clustermark-cli"),
                cliPath()});
        QVERIFY(z.waitForFinished(30000));
        const QString zout = QString::fromUtf8(z.readAllStandardOutput());
        QVERIFY2(z.exitCode() == 0, z.readAllStandardError().constData());
        QVERIFY2(zout.startsWith(QLatin1String("1:osd-latency")), qPrintable(zout));
        QVERIFY2(zout.endsWith(QLatin1String("\nFILES\n")), qPrintable(zout));
    }

    void exitCodesAreDistinct()
    {
        QCOMPARE(cli({QStringLiteral("frobnicate")}).code, 2);
        QCOMPARE(cli({QStringLiteral("plan"), QStringLiteral("disk"), QStringLiteral("--runtime"), QStringLiteral("x")})
                     .code,
            2);
        QCOMPARE(cli({QStringLiteral("show"), QStringLiteral("99999")}).code, 1);
        // A write to something that is not a disk it may write: refused by the safety
        // rules before fio starts.
        const cmtest::CliResult plan = cli(
            {QStringLiteral("plan"), QStringLiteral("disk"), QStringLiteral("--device"), QStringLiteral("/dev/null"),
                QStringLiteral("--confirm"), QStringLiteral("/dev/null"), QStringLiteral("--runtime"),
                QStringLiteral("1"), QStringLiteral("--tests"), QStringLiteral("seq1m-q8t1-write")});
        QVERIFY2(plan.code == 0, plan.err.constData());
        const QString planFile = cmtest::writePlanSteps(
            plan.json(), {QStringLiteral("seq1m-q8t1-write")}, m_data.filePath(QStringLiteral("refused.json")));
        QVERIFY(!planFile.isEmpty());
        const cmtest::CliResult refused = cli({QStringLiteral("run"), planFile}, 120000);
        QVERIFY2(refused.code == 3, refused.err.constData());
        QVERIFY2(refused.err.contains("refusing to write to /dev/null"), refused.err.constData());
        const QString help = QString::fromUtf8(cli({QStringLiteral("--help")}).out);
        for (const char *c : {"\n  0 ", "\n  1 ", "\n  2 ", "\n  3 ", "\n  130 "})
            QVERIFY2(help.contains(QLatin1String(c)), c);
    }

    void progressOnTerminalAndPipe()
    {
        const QString script = QStandardPaths::findExecutable(QStringLiteral("script"));
        CM_REQUIRE_FIXTURE(!script.isEmpty(), QStringLiteral("script(1) is not installed"));
        CM_REQUIRE_FIXTURE(
            !QStandardPaths::findExecutable(QStringLiteral("fio")).isEmpty(), QStringLiteral("fio is not installed"));
        QTemporaryDir target;
        const cmtest::CliResult plan = cli({QStringLiteral("plan"), QStringLiteral("disk"), QStringLiteral("--target"),
            target.path(), QStringLiteral("--size"), QStringLiteral("16M"), QStringLiteral("--runtime"),
            QStringLiteral("3"), QStringLiteral("--tests"), QStringLiteral("seq1m-q8t1-read")});
        QVERIFY2(plan.code == 0, plan.err.constData());
        const QString planFile = cmtest::writePlanSteps(
            plan.json(), {QStringLiteral("seq1m-q8t1-read")}, m_data.filePath(QStringLiteral("progress.json")));
        QVERIFY(!planFile.isEmpty());

        const cmtest::CliResult piped = cli({QStringLiteral("run"), planFile}, 120000);
        QCOMPARE(piped.code, 0);
        QVERIFY2(!piped.err.contains('\r') && !piped.err.contains("\x1b["), piped.err.constData());
        QVERIFY(piped.err.contains("[1/1] SEQ1M Q8T1 Read"));

        // stdout and stderr of the run both reach the pty; script writes what it saw.
        QProcess tty;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("CLUSTERMARK_DATA_DIR"), m_data.path());
        env.insert(QStringLiteral("TERM"), QStringLiteral("xterm"));
        tty.setProcessEnvironment(env);
        const QString log = m_data.filePath(QStringLiteral("tty.log"));
        tty.start(
            script, {QStringLiteral("-qec"), QStringLiteral("'%1' run '%2' >/dev/null").arg(cliPath(), planFile), log});
        QVERIFY(tty.waitForFinished(120000));
        QCOMPARE(tty.exitCode(), 0);
        QFile logFile(log);
        QVERIFY(logFile.open(QIODevice::ReadOnly));
        const QByteArray seen = logFile.readAll();
        QVERIFY2(seen.contains("\r\x1b[K[1/1] SEQ1M Q8T1 Read · 0:0"), seen.constData());
        QVERIFY2(seen.contains(" left"), seen.constData());
        QVERIFY2(seen.count("\r\x1b[K[1/1]") >= 3, seen.constData()); // redrawn every second
        QVERIFY2(seen.contains("completed"), seen.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliUnix)
#include "test_cli_unix.moc"
