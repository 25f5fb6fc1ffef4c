// SPDX-License-Identifier: GPL-3.0-or-later
// The S3 target page stores a typed secret key in the real Secret Service (run under
// scripts/fixtures/with-keyring.sh: a private D-Bus session and gnome-keyring) through
// the async SecretStore: Next waits for the write, the wizard then moves on by itself,
// the entry is S3Keychain::entryName(endpoint, access key), the field is emptied and
// the plan holds only secretRef "keychain".
#include "bench/registry.h"
#include "bench/s3/s3kind.h"
#include "s3/s3keychain.h"
#include "secrets/secretstore.h"
#include "testutil.h"
#include "wizard/kindpage.h"
#include "wizard/planwizard.h"
#include "kinds/s3/s3paramspage.h"
#include "kinds/s3/s3targetpage.h"

#include <QAbstractButton>
#include <QDateTime>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QSignalSpy>
#include <QTest>

using namespace cm;
using namespace cm::ui;

class TestS3WizardKeychain : public QObject {
    Q_OBJECT

    static QString readSecret(const QString &key, Error *error)
    {
        SecretStore store;
        QSignalSpy spy(&store, &SecretStore::readFinished);
        store.read(key);
        if (!spy.wait(20000)) {
            *error = Error(Error::Code::Keychain, QStringLiteral("no answer"), key);
            return {};
        }
        *error = spy.at(0).at(2).value<Error>();
        return spy.at(0).at(1).toString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        registerBuiltinKinds();
        const bool bus = !qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS");
        QString why = QStringLiteral("no D-Bus session (run under scripts/fixtures/with-keyring.sh)");
        bool usable = false;
        if (bus) {
            SecretStore store;
            QSignalSpy spy(&store, &SecretStore::writeFinished);
            store.write(QStringLiteral("clustermark-probe"), QStringLiteral("probe"));
            usable = spy.wait(10000) && !spy.at(0).at(1).value<Error>();
            if (!usable && !spy.isEmpty())
                why = spy.at(0).at(1).value<Error>().toString();
        }
        CM_REQUIRE_FIXTURE(usable, why);
        QVERIFY2(QDir::homePath().startsWith(QLatin1String("/tmp/")), "HOME must be the launcher's throwaway folder");
    }

    void nextStoresTheSecret()
    {
        PlanWizard w({});
        w.show();
        auto *kinds = qobject_cast<KindPage *>(w.currentPage())->list();
        for (int i = 0; i < kinds->count(); ++i)
            if (kinds->item(i)->data(Qt::UserRole).toString() == S3Kind::kindId())
                kinds->setCurrentRow(i);
        QTest::mouseClick(w.button(QWizard::NextButton), Qt::LeftButton);
        QTest::mouseClick(w.button(QWizard::NextButton), Qt::LeftButton); // the nodes page: this machine
        auto *target = qobject_cast<S3TargetPage *>(w.currentPage());
        QVERIFY(target);
        const QString endpoint = QStringLiteral("https://S3.Example.net:8443/");
        const QString ak = QStringLiteral("AKWIZARD1");
        const QString secret = QStringLiteral("wiz-secret-%1").arg(QDateTime::currentMSecsSinceEpoch());
        target->endpointEdit()->setText(endpoint);
        target->accessKeyEdit()->setText(ak);
        QTest::keyClicks(target->secretEdit(), secret);
        QVERIFY(target->secretStatusLabel()->text().contains(QStringLiteral("Next stores")));
        QSignalSpy saved(target, &S3TargetPage::secretSaved);
        QTest::mouseClick(w.button(QWizard::NextButton), Qt::LeftButton);
        QCOMPARE(w.currentPage(), target); // still here: the write is under way…
        QVERIFY(target->isSaving());
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        QVERIFY(saved.wait(20000)); // …and the wizard goes on once it is stored
        QVERIFY2(!saved.at(0).at(0).value<Error>(), qPrintable(saved.at(0).at(0).value<Error>().toString()));
        QVERIFY(qobject_cast<S3ParamsPage *>(w.currentPage()));
        QVERIFY(target->secretEdit()->text().isEmpty());
        QCOMPARE(w.plan().target.value(QStringLiteral("secretRef")).toString(), QStringLiteral("keychain"));
        QVERIFY(!w.plan().toJsonBytes().contains(secret.toUtf8()));

        const QString entry = S3Keychain::entryName(endpoint, ak);
        QCOMPARE(entry, QStringLiteral("s3:https://s3.example.net:8443:AKWIZARD1"));
        Error e;
        QCOMPARE(readSecret(entry, &e), secret);
        QVERIFY2(!e, qPrintable(e.toString()));

        // Back, no new secret: Next goes straight on (the stored one is used).
        QTest::mouseClick(w.button(QWizard::BackButton), Qt::LeftButton);
        QCOMPARE(w.currentPage(), target);
        QVERIFY(target->secretStatusLabel()->text().contains(entry));
        QTest::mouseClick(w.button(QWizard::NextButton), Qt::LeftButton);
        QVERIFY(qobject_cast<S3ParamsPage *>(w.currentPage()));

        SecretStore store;
        QSignalSpy removed(&store, &SecretStore::deleteFinished);
        store.remove(entry);
        QVERIFY(removed.wait(20000));
    }
};

QTEST_MAIN(TestS3WizardKeychain)
#include "test_s3wizardkeychain.moc"
