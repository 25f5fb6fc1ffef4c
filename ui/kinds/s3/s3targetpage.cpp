// SPDX-License-Identifier: GPL-3.0-or-later
#include "kinds/s3/s3targetpage.h"
#include "errortext.h"

#include "bench/s3/s3kind.h"
#include "cephconnection.h"
#include "s3/s3keychain.h"
#include "secrets/secretstore.h"
#include "util/labenv.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QUrl>
#include <QVBoxLayout>

namespace cm::ui {

namespace {
QLabel *noteLabel(QWidget *parent, const QString &name)
{
    auto *l = new QLabel(parent);
    l->setObjectName(name);
    l->setWordWrap(true);
    l->setStyleSheet(QStringLiteral("color: palette(mid);"));
    return l;
}
} // namespace

S3TargetPage::S3TargetPage(QWidget *parent)
    : PlanWizardPage(parent)
{
    setObjectName(QStringLiteral("s3TargetPage"));
    setTitle(tr("S3 / RGW: endpoint and user"));
    setSubTitle(tr("ClusterMark itself is the S3 client. It creates a bucket of its own for the run and removes it, "
                   "with every object it wrote, afterwards."));
    m_store = new SecretStore(this);
    connect(m_store, &SecretStore::writeFinished, this, &S3TargetPage::onWriteFinished);

    auto *v = new QVBoxLayout(this);
    auto *labRow = new QHBoxLayout;
    m_labButton = new QPushButton(tr("Use the local lab's gateway"), this);
    m_labButton->setObjectName(QStringLiteral("s3LabButton"));
    m_labButton->setToolTip(tr("Fills in the radosgw and S3 user of the throwaway Ceph lab on this machine."));
    labRow->addWidget(m_labButton);
    m_labNote = noteLabel(this, QStringLiteral("s3LabNote"));
    labRow->addWidget(m_labNote, 1);
    v->addLayout(labRow);

    auto *form = new QFormLayout;
    m_engine = new QComboBox(this);
    m_engine->setObjectName(QStringLiteral("s3EngineCombo"));
    m_engine->addItem(tr("ClusterMark's own S3 client, on this machine"), QStringLiteral("native"));
    m_engine->addItem(tr("curl on each chosen node at once (PUT and GET)"), QStringLiteral("curl"));
    form->addRow(tr("Engine:"), m_engine);
    m_endpoint = new QLineEdit(this);
    m_endpoint->setObjectName(QStringLiteral("s3EndpointEdit"));
    m_endpoint->setPlaceholderText(tr("https://s3.example.net or http://10.0.0.5:7480"));
    form->addRow(tr("Endpoint:"), m_endpoint);
    m_region = new QLineEdit(QStringLiteral("us-east-1"), this);
    m_region->setObjectName(QStringLiteral("s3RegionEdit"));
    form->addRow(tr("Region:"), m_region);
    m_addressing = new QComboBox(this);
    m_addressing->setObjectName(QStringLiteral("s3AddressingCombo"));
    m_addressing->addItem(tr("Path style (endpoint/bucket/key; RGW's default)"), false);
    m_addressing->addItem(tr("Virtual-hosted style (bucket.endpoint/key; needs wildcard DNS)"), true);
    form->addRow(tr("Addressing:"), m_addressing);
    auto *caRow = new QHBoxLayout;
    m_caFile = new QLineEdit(this);
    m_caFile->setObjectName(QStringLiteral("s3CaFileEdit"));
    m_caFile->setPlaceholderText(tr("the system's certificate authorities"));
    m_caBrowse = new QPushButton(tr("Browse…"), this);
    m_caBrowse->setObjectName(QStringLiteral("s3CaBrowseButton"));
    caRow->addWidget(m_caFile, 1);
    caRow->addWidget(m_caBrowse);
    form->addRow(tr("CA certificate (PEM):"), caRow);
    m_skipTls = new QCheckBox(tr("Skip certificate verification (unsafe)"), this);
    m_skipTls->setObjectName(QStringLiteral("s3SkipTlsCheck"));
    m_skipTls->setStyleSheet(QStringLiteral("QCheckBox { color: #b00020; }"));
    m_skipTls->setToolTip(tr("Anyone between this machine and the endpoint could read the keys' signatures and the "
                             "data. Only for a test gateway with a self-signed certificate."));
    form->addRow(QString(), m_skipTls);
    m_tlsWarning
        = new QLabel(tr("⚠ Unsafe: the gateway's identity is not checked. Use only on a network you trust."), this);
    m_tlsWarning->setObjectName(QStringLiteral("s3TlsWarning"));
    m_tlsWarning->setWordWrap(true);
    m_tlsWarning->setStyleSheet(QStringLiteral("color: #b00020; font-weight: bold;"));
    m_tlsWarning->hide();
    form->addRow(QString(), m_tlsWarning);
    m_encryption = new QComboBox(this);
    m_encryption->setObjectName(QStringLiteral("s3EncryptionCombo"));
    m_encryption->addItem(tr("None"), QStringLiteral("none"));
    m_encryption->addItem(tr("SSE-S3: the gateway's key"), QStringLiteral("sse-s3"));
    m_encryption->addItem(tr("SSE-C: a random key of the run's own"), QStringLiteral("sse-c"));
    m_encryption->setToolTip(tr("Every object is encrypted on the gateway. The run first checks that the gateway "
                                "really encrypts: RGW before 17.2 accepts SSE-S3 and stores the objects in plain "
                                "text. SSE-C keys go over TLS only, unless the gateway sets "
                                "rgw_crypt_require_ssl = false."));
    form->addRow(tr("Server-side encryption:"), m_encryption);
    m_accessKey = new QLineEdit(this);
    m_accessKey->setObjectName(QStringLiteral("s3AccessKeyEdit"));
    form->addRow(tr("Access key:"), m_accessKey);
    m_secret = new QLineEdit(this);
    m_secret->setObjectName(QStringLiteral("s3SecretEdit"));
    m_secret->setEchoMode(QLineEdit::Password);
    m_secret->setPlaceholderText(tr("stored in the OS keychain, never in the plan"));
    form->addRow(tr("Secret key:"), m_secret);
    v->addLayout(form);
    m_secretStatus = noteLabel(this, QStringLiteral("s3SecretStatus"));
    v->addWidget(m_secretStatus);
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("problemLabel"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020;"));
    v->addWidget(m_problem);
    v->addStretch(1);

    connect(m_labButton, &QPushButton::clicked, this, &S3TargetPage::useLab);
    connect(m_caBrowse, &QPushButton::clicked, this, &S3TargetPage::chooseCaFile);
    connect(m_engine, &QComboBox::currentIndexChanged, this, &S3TargetPage::refresh);
    // Typing another endpoint or key leaves the lab (its secret belongs to its own user)
    // or a saved plan's environment variable: the keychain holds the new one.
    for (QLineEdit *e : {m_endpoint, m_accessKey})
        connect(e, &QLineEdit::textEdited, this, [this] {
            if (m_secretRef != QLatin1String("keychain")) {
                m_secretRef = QStringLiteral("keychain");
                refresh();
            }
        });
    for (QLineEdit *e : {m_endpoint, m_region, m_caFile, m_accessKey, m_secret})
        connect(e, &QLineEdit::textChanged, this, &S3TargetPage::refresh);
    connect(m_skipTls, &QCheckBox::toggled, this, &S3TargetPage::refresh);
    connect(m_encryption, &QComboBox::currentIndexChanged, this, &S3TargetPage::refresh);
}

void S3TargetPage::initializePage()
{
    // Connected to the local lab: its folder holds ceph.conf and lab.env.
    m_labDir.clear();
    if (planWizard()->hasCephConnection()) {
        const QString dir = QFileInfo(planWizard()->cephConnection().confPath).absolutePath();
        if (CephConnection::isLabDir(dir) && !readLabEnv(dir).value(QStringLiteral("RGW_ENDPOINT")).isEmpty())
            m_labDir = dir;
    }
    m_labButton->setVisible(!m_labDir.isEmpty());
    m_labNote->setVisible(!m_labDir.isEmpty());
    m_labNote->setText(tr("Local lab: the throwaway Ceph cluster in %1").arg(m_labDir));

    const QJsonObject t = planWizard()->plan().target;
    const auto &nodes = planWizard()->plan().nodes;
    const bool onlyHere = nodes.size() == 1 && nodes.first().isLocal();
    m_engine->setCurrentIndex(onlyHere ? 0 : 1);
    if (planWizard()->plan().kind == S3Kind::kindId() && t.contains(QStringLiteral("endpoint"))) {
        const S3Kind::Options o = S3Kind::Options::fromJson(t);
        m_engine->setCurrentIndex(qMax(0, m_engine->findData(o.engine)));
        m_endpoint->setText(o.endpoint);
        m_region->setText(o.region);
        m_addressing->setCurrentIndex(o.virtualHost ? 1 : 0);
        m_caFile->setText(o.caFile);
        m_skipTls->setChecked(o.skipTlsVerify);
        m_encryption->setCurrentIndex(qMax(0, m_encryption->findData(o.encryption)));
        m_accessKey->setText(o.accessKey);
        m_secretRef = o.secretRef;
    }
    refresh();
}

void S3TargetPage::useLab()
{
    if (m_labDir.isEmpty())
        return;
    const QMap<QString, QString> env = readLabEnv(m_labDir);
    m_endpoint->setText(env.value(QStringLiteral("RGW_ENDPOINT")));
    m_accessKey->setText(env.value(QStringLiteral("S3_ACCESS_KEY")));
    m_region->setText(QStringLiteral("us-east-1"));
    m_addressing->setCurrentIndex(0);
    m_caFile->clear();
    m_skipTls->setChecked(false);
    m_secret->clear();
    m_secretRef = QStringLiteral("lab:") + m_labDir;
    refresh();
}

void S3TargetPage::chooseCaFile()
{
    auto *dlg = new QFileDialog(this, tr("CA certificate"), QFileInfo(m_caFile->text()).absolutePath(),
        tr("PEM certificates (*.pem *.crt *.cer);;All files (*)"));
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    dlg->setFileMode(QFileDialog::ExistingFile);
    connect(dlg, &QFileDialog::fileSelected, m_caFile, &QLineEdit::setText);
    dlg->open();
}

void S3TargetPage::describeSecretSource()
{
    const bool lab = m_secretRef.startsWith(QLatin1String("lab:"));
    m_secret->setEnabled(m_secretRef == QLatin1String("keychain") && !m_saving);
    if (m_saving) {
        m_secretStatus->setText(tr("Storing the secret key in the OS keychain…"));
    } else if (lab) {
        m_secretStatus->setText(
            tr("Secret key: read from the local lab's lab.env when the run starts (%1).").arg(m_secretRef.mid(4)));
    } else if (m_secretRef.startsWith(QLatin1String("env:"))) {
        m_secretStatus->setText(tr("Secret key: from the environment variable %1 of the app.").arg(m_secretRef.mid(4)));
    } else {
        const QString entry = S3Keychain::entryName(m_endpoint->text().trimmed(), m_accessKey->text().trimmed());
        if (entry.isEmpty())
            m_secretStatus->setText(tr("The secret key is kept in the OS keychain, never in the plan."));
        else if (m_secret->text().isEmpty())
            m_secretStatus->setText(tr("Secret key: the one stored in the OS keychain as “%1” is used. Type a key to "
                                       "store or replace it.")
                                        .arg(entry));
        else
            m_secretStatus->setText(tr("Next stores this secret key in the OS keychain as “%1”.").arg(entry));
    }
}

QString S3TargetPage::problem() const
{
    if (m_endpoint->text().trimmed().isEmpty())
        return tr("Enter the S3 endpoint.");
    if (const Error e = S3Kind::validateTarget(targetJson()))
        return errorText(e);
    const auto &nodes = planWizard() ? planWizard()->plan().nodes : QList<NodeSpec>();
    const bool curl = m_engine->currentData().toString() == QLatin1String("curl");
    if (!curl && (nodes.size() != 1 || !nodes.first().isLocal()))
        return tr("ClusterMark's own S3 client runs on this machine: choose only this machine as the node, or curl "
                  "for other nodes.");
    if (const Error e = curl ? S3Kind::validateCurlTarget(targetJson()) : Error())
        return errorText(e);
    if (m_secretRef == QLatin1String("keychain")
        && S3Keychain::entryName(m_endpoint->text().trimmed(), m_accessKey->text().trimmed()).isEmpty())
        return tr("The endpoint or access key cannot name a keychain entry.");
    return {};
}

void S3TargetPage::refresh()
{
    m_tlsWarning->setVisible(m_skipTls->isChecked());
    const bool https = QUrl(m_endpoint->text().trimmed()).scheme() == QLatin1String("https");
    m_caFile->setEnabled(https);
    m_caBrowse->setEnabled(https);
    m_skipTls->setEnabled(https || m_skipTls->isChecked());
    describeSecretSource();
    if (!m_saving)
        m_problem->setText(m_endpoint->text().isEmpty() ? QString() : problem());
    Q_EMIT completeChanged();
}

QJsonObject S3TargetPage::targetJson() const
{
    S3Kind::Options o;
    o.engine = m_engine->currentData().toString();
    o.endpoint = m_endpoint->text().trimmed();
    o.region = m_region->text().trimmed();
    o.virtualHost = m_addressing->currentData().toBool();
    o.caFile = m_caFile->text().trimmed();
    o.skipTlsVerify = m_skipTls->isChecked();
    o.encryption = m_encryption->currentData().toString();
    o.accessKey = m_accessKey->text().trimmed();
    o.secretRef = m_secretRef;
    QJsonObject t = o.target();
    // The parameters page's choices (sizes, op, transfer settings…): keep what the plan
    // has; only S3 option names, so another kind's target leaves nothing behind.
    const QJsonObject old = planWizard() ? planWizard()->plan().target : QJsonObject();
    const QJsonObject own = t;
    for (const QString &k : S3Kind::Options().toJson().keys())
        if (!own.contains(k) && old.contains(k))
            t.insert(k, old.value(k));
    return t;
}

bool S3TargetPage::isComplete() const
{
    return !m_saving && problem().isEmpty();
}

bool S3TargetPage::validatePage()
{
    if (m_saving || !problem().isEmpty())
        return false;
    if (m_secretRef == QLatin1String("keychain") && !m_secret->text().isEmpty()) {
        // Stored first (async); the wizard moves on from onWriteFinished.
        m_pendingKey = S3Keychain::entryName(m_endpoint->text().trimmed(), m_accessKey->text().trimmed());
        m_saving = true;
        m_problem->clear();
        m_store->write(m_pendingKey, m_secret->text());
        refresh();
        return false;
    }
    Plan &plan = planWizard()->plan();
    plan.kind = S3Kind::kindId();
    plan.target = targetJson();
    return true;
}

void S3TargetPage::onWriteFinished(const QString &key, const Error &error)
{
    if (!m_saving || key != m_pendingKey)
        return;
    m_saving = false;
    m_pendingKey.clear();
    if (error) {
        refresh();
        m_problem->setText(tr("Could not store the secret key in the OS keychain: %1").arg(error.message));
        Q_EMIT secretSaved(error);
        return;
    }
    m_secret->clear(); // stored; the field never keeps it
    refresh();
    m_secretStatus->setText(tr("Stored in the OS keychain as “%1”.").arg(key));
    Q_EMIT secretSaved(error);
    if (wizard() && wizard()->currentPage() == this)
        wizard()->next();
}

} // namespace cm::ui
