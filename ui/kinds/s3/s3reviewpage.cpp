// SPDX-License-Identifier: GPL-3.0-or-later
#include "kinds/s3/s3reviewpage.h"

#include "s3/s3client.h"
#include "s3/s3secretref.h"
#include "report/unitformat.h"

#include <QLabel>
#include <QMap>
#include <QPlainTextEdit>
#include <QUrl>
#include <QVBoxLayout>

namespace cm::ui {

S3ReviewPage::S3ReviewPage(QWidget *parent)
    : ReviewPage(parent)
{
    setObjectName(QStringLiteral("s3ReviewPage"));
    setSubTitle(tr("What the run creates and removes, and every step as it will run. Press Run to start."));
    m_effects = new QLabel(this);
    m_effects->setObjectName(QStringLiteral("s3EffectsLabel"));
    m_effects->setWordWrap(true);
    m_effects->setTextInteractionFlags(Qt::TextSelectableByMouse);
    if (auto *v = qobject_cast<QVBoxLayout *>(layout()))
        v->insertWidget(1, m_effects);
    // Step descriptions are sentences, not command lines: wrap them.
    if (auto *commands = findChild<QPlainTextEdit *>(QStringLiteral("commands")))
        commands->setLineWrapMode(QPlainTextEdit::WidgetWidth);
}

QString S3ReviewPage::effectsText(const Plan &plan)
{
    const QJsonObject &t = plan.target;
    const QString endpoint = t.value(QStringLiteral("endpoint")).toString();
    // Steps at one size share their objects: the largest working set per size.
    QMap<qint64, int> objects;
    for (const PlanStep &s : plan.steps) {
        const qint64 size = qint64(s.params.value(QStringLiteral("objectSize")).toDouble());
        objects[size] = qMax(objects.value(size), s.params.value(QStringLiteral("objects")).toInt());
    }
    double bytes = 0;
    int count = 0;
    for (auto it = objects.cbegin(); it != objects.cend(); ++it) {
        bytes += double(it.key()) * it.value();
        count += it.value();
    }
    QStringList lines;
    lines << tr("Creates: a bucket named %1<random> on %2, holding up to %3 objects (%4 in all).")
                 .arg(QLatin1String(S3Client::kBucketPrefix), endpoint)
                 .arg(count)
                 .arg(formatSize(bytes));
    lines << tr("Removes: that bucket and every object in it after the last step, also when the run is cancelled "
                "or a step fails. Nothing else on the gateway is touched.");
    lines << tr("Secret key: from %1.")
                 .arg(S3SecretRef::describe(t.value(QStringLiteral("secretRef")).toString(QStringLiteral("keychain"))));
    if (QUrl(endpoint).scheme() != QLatin1String("https"))
        lines << tr("Connection: plain HTTP (not encrypted).");
    else if (t.value(QStringLiteral("skipTlsVerify")).toBool())
        lines << tr("Connection: HTTPS WITHOUT certificate verification (unsafe).");
    else
        lines << tr("Connection: HTTPS, certificate verified.");
    return lines.join(QLatin1Char('\n'));
}

void S3ReviewPage::initializePage()
{
    ReviewPage::initializePage();
    const Plan &plan = planWizard()->plan();
    // The step descriptions name the machine already: no second "[local]" before them.
    if (auto *commands = findChild<QPlainTextEdit *>(QStringLiteral("commands")); commands && !plan.nodes.isEmpty()) {
        QString text = commands->toPlainText();
        text.replace(QStringLiteral("[%1] [").arg(plan.nodes.first().displayName()), QStringLiteral("["));
        commands->setPlainText(text);
        commands->moveCursor(QTextCursor::Start);
    }
    m_effects->setText(effectsText(plan));
    m_effects->setStyleSheet(plan.target.value(QStringLiteral("skipTlsVerify")).toBool()
            ? QStringLiteral("QLabel { color: #b00020; }")
            : QString());
}

} // namespace cm::ui
