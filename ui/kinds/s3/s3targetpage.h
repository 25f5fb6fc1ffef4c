// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// S3 target: endpoint, region, addressing style, TLS (CA file, or an explicit and
// visibly unsafe "skip verification"), access key and where the secret key is found
// when the run starts (S3Kind's secretRef). A typed secret key goes to the OS keychain
// (entry S3Keychain::entryName) through the async SecretStore when Next is pressed;
// the wizard moves on once it is stored. Connected to the local lab, "Use the local
// lab's gateway" fills the lab's endpoint and user with secretRef "lab:<DIR>".
#include "wizard/planwizard.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace cm {
class SecretStore;
struct Error;
} // namespace cm

namespace cm::ui {

class S3TargetPage : public PlanWizardPage {
    Q_OBJECT
public:
    explicit S3TargetPage(QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;

    // The target the page would write into the plan (Plan.target keys of S3Kind).
    QJsonObject targetJson() const;
    QString secretRef() const { return m_secretRef; }
    // The lab folder when the app is connected to the local lab, else empty.
    QString labDir() const { return m_labDir; }
    void useLab(); // "Use the local lab's gateway"
    bool isSaving() const { return m_saving; }

    QLineEdit *endpointEdit() const { return m_endpoint; }
    QLineEdit *regionEdit() const { return m_region; }
    QComboBox *addressingCombo() const { return m_addressing; }
    QComboBox *engineCombo() const { return m_engine; }
    QComboBox *encryptionCombo() const { return m_encryption; }
    QLineEdit *caFileEdit() const { return m_caFile; }
    QCheckBox *skipTlsCheck() const { return m_skipTls; }
    QLineEdit *accessKeyEdit() const { return m_accessKey; }
    QLineEdit *secretEdit() const { return m_secret; }
    QPushButton *labButton() const { return m_labButton; }
    QLabel *secretStatusLabel() const { return m_secretStatus; }
    QLabel *problemLabel() const { return m_problem; }

Q_SIGNALS:
    // The keychain write started by Next finished (error set: the page stays).
    void secretSaved(const cm::Error &error);

private:
    QString problem() const;
    void refresh();
    void onWriteFinished(const QString &key, const cm::Error &error);
    void chooseCaFile();
    void describeSecretSource();

    QLineEdit *m_endpoint = nullptr;
    QLineEdit *m_region = nullptr;
    QComboBox *m_addressing = nullptr;
    QComboBox *m_engine = nullptr;
    QComboBox *m_encryption = nullptr;
    QLineEdit *m_caFile = nullptr;
    QPushButton *m_caBrowse = nullptr;
    QCheckBox *m_skipTls = nullptr;
    QLabel *m_tlsWarning = nullptr;
    QLineEdit *m_accessKey = nullptr;
    QLineEdit *m_secret = nullptr;
    QLabel *m_secretStatus = nullptr;
    QPushButton *m_labButton = nullptr;
    QLabel *m_labNote = nullptr;
    QLabel *m_problem = nullptr;
    SecretStore *m_store = nullptr;
    QString m_secretRef = QStringLiteral("keychain");
    QString m_labDir;
    QString m_pendingKey; // keychain entry being written
    bool m_saving = false;
};

} // namespace cm::ui
