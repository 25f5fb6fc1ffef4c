// SPDX-License-Identifier: GPL-3.0-or-later
// An error on screen leads with a translated sentence for its kind and keeps core's
// exact words after it.
#include "errortext.h"

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

QStringList headlines()
{
    QStringList all;
    for (Error::Code c : kCodes)
        all << errorHeadline(c);
    return all;
}

} // namespace

class TestErrorText : public QObject {
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
        QTranslator zh;
        QVERIFY(zh.load(QLocale(QStringLiteral("zh_CN")), QStringLiteral("clustermark"), QStringLiteral("_"),
            QStringLiteral(":/i18n")));
        QCoreApplication::installTranslator(&zh);
        const QStringList translated = headlines();
        QCoreApplication::removeTranslator(&zh);
        const QStringList original = headlines();
        for (int i = 0; i < kCodes.size(); ++i)
            QVERIFY2(translated.at(i) != original.at(i), qPrintable(original.at(i)));
        QCoreApplication::installTranslator(&zh);
        const QString text = errorText(Error(Error::Code::Timeout, QStringLiteral("no answer in 10 s")));
        QCoreApplication::removeTranslator(&zh);
        QVERIFY2(text.endsWith(QStringLiteral("no answer in 10 s")), qPrintable(text));
        QVERIFY2(text.startsWith(translated.at(kCodes.indexOf(Error::Code::Timeout))), qPrintable(text));
    }
};

QTEST_MAIN(TestErrorText)
#include "test_errortext.moc"
