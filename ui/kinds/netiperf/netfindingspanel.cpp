// SPDX-License-Identifier: GPL-3.0-or-later
#include "kinds/netiperf/netfindingspanel.h"

#include "stats/netfindings.h"

#include "kinds/netiperf/netmatrix.h"

#include <QCoreApplication>
#include <QApplication>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QStyle>
#include <QVBoxLayout>

namespace cm::ui {

namespace {
QString pairText(const StepRecord &s)
{
    const QString c = s.params.value(QStringLiteral("client")).toString();
    const QString v = s.params.value(QStringLiteral("server")).toString();
    const QString dir = s.params.value(QStringLiteral("direction")).toString();
    if (dir == QLatin1String("reverse"))
        return QStringLiteral("%1 → %2").arg(v, c);
    if (dir == QLatin1String("bidir"))
        return QStringLiteral("%1 ↔ %2").arg(c, v);
    return QStringLiteral("%1 → %2").arg(c, v);
}

int rank(const QString &severity)
{
    return severity == QLatin1String("problem") ? 0 : severity == QLatin1String("warning") ? 1 : 2;
}
} // namespace

NetFindingsPanel::NetFindingsPanel(QWidget *parent)
    : QScrollArea(parent)
{
    setObjectName(QStringLiteral("netFindings"));
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_host = new QWidget(this);
    m_host->setBackgroundRole(QPalette::Base);
    m_host->setAutoFillBackground(true);
    auto *v = new QVBoxLayout(m_host);
    v->setContentsMargins(10, 8, 10, 8);
    m_headline = new QLabel(m_host);
    m_headline->setObjectName(QStringLiteral("netFindingsHeadline"));
    m_headline->setWordWrap(true);
    v->addWidget(m_headline);
    m_list = new QVBoxLayout;
    m_list->setSpacing(4);
    v->addLayout(m_list);
    v->addStretch(1);
    setWidget(m_host);
    clear();
}

QIcon NetFindingsPanel::severityIcon(const QString &severity)
{
    QStyle *st = QApplication::style();
    if (severity == QLatin1String("problem"))
        return st->standardIcon(QStyle::SP_MessageBoxCritical);
    if (severity == QLatin1String("warning"))
        return st->standardIcon(QStyle::SP_MessageBoxWarning);
    return st->standardIcon(QStyle::SP_MessageBoxInformation);
}

QString netFindingText(const QJsonObject &f)
{
    const QString source = f.value(QStringLiteral("source")).toString();
    if (source.isEmpty())
        return f.value(QStringLiteral("text")).toString();
    QStringList args;
    for (const QJsonValue &a : f.value(QStringLiteral("args")).toArray())
        args << a.toString();
    return fillPlaceholders(QCoreApplication::translate(kNetFindingsContext, source.toUtf8().constData()), args);
}

QString netFindingText(const NetFinding &f)
{
    return fillPlaceholders(QCoreApplication::translate(kNetFindingsContext, f.source), f.args);
}

QString netToolReasonText(const QJsonObject &summary)
{
    const QJsonObject reason = summary.value(QStringLiteral("toolReasonFinding")).toObject();
    return reason.isEmpty() ? summary.value(QStringLiteral("toolReason")).toString() : netFindingText(reason);
}

QList<NetFindingRow> NetFindingsPanel::rowsFromSteps(const QList<StepRecord> &steps)
{
    QList<NetFindingRow> out;
    for (const StepRecord &s : steps) {
        if (s.params.value(QStringLiteral("client")).toString().isEmpty())
            continue;
        QString pair = pairText(s);
        if (s.iteration > 0)
            pair += QStringLiteral(" #%1").arg(s.iteration + 1);
        if (s.status != QLatin1String("completed")) {
            out.append({pair, QStringLiteral("step-failed"), QStringLiteral("problem"),
                s.error.isEmpty() ? NetFindingsPanel::tr("The test did not finish (%1).").arg(s.status)
                                  : NetFindingsPanel::tr("The test failed: %1").arg(s.error)});
            continue;
        }
        QList<NetFindingRow> rows;
        for (const QJsonValue &v : s.summary.value(QStringLiteral("findings")).toArray()) {
            const QJsonObject f = v.toObject();
            rows.append({pair, f.value(QStringLiteral("id")).toString(),
                f.value(QStringLiteral("severity")).toString(QStringLiteral("info")), netFindingText(f)});
        }
        std::stable_sort(rows.begin(), rows.end(),
            [](const NetFindingRow &a, const NetFindingRow &b) { return rank(a.severity) < rank(b.severity); });
        const QString why = netToolReasonText(s.summary);
        if (!why.isEmpty())
            rows.append(
                {pair, QStringLiteral("tool"), QStringLiteral("info"), NetFindingsPanel::tr("Tool: %1").arg(why)});
        out += rows;
    }
    return out;
}

int NetFindingsPanel::count(const QString &severity) const
{
    return int(
        std::count_if(m_rows.cbegin(), m_rows.cend(), [&](const NetFindingRow &r) { return r.severity == severity; }));
}

void NetFindingsPanel::clear()
{
    m_rows.clear();
    while (QLayoutItem *it = m_list->takeAt(0)) {
        delete it->widget();
        delete it;
    }
    m_headline->setText(tr("No network results in this run."));
}

void NetFindingsPanel::setSteps(const QList<StepRecord> &steps)
{
    clear();
    m_rows = rowsFromSteps(steps);
    const int problems = count(QStringLiteral("problem"));
    const int warnings = count(QStringLiteral("warning"));
    if (m_rows.isEmpty())
        return;
    m_headline->setText(problems + warnings == 0
            ? tr("<b>No problems found.</b>")
            : tr("<b>%1, %2</b>").arg(tr("%n problem(s)", nullptr, problems), tr("%n warning(s)", nullptr, warnings)));
    // one figure per pair next to its name
    QHash<QString, QString> figures;
    for (const StepRecord &s : steps) {
        const double bps = s.summary.value(QStringLiteral("bitsPerSecond")).toDouble(-1);
        QString pair = pairText(s);
        if (s.iteration > 0)
            pair += QStringLiteral(" #%1").arg(s.iteration + 1);
        if (bps >= 0) {
            QString f = NetMatrix::formatGbits(bps);
            if (s.summary.value(QStringLiteral("reverseBitsPerSecond")).isDouble())
                f += QStringLiteral(" / ")
                    + NetMatrix::formatGbits(s.summary.value(QStringLiteral("reverseBitsPerSecond")).toDouble());
            figures.insert(pair, f);
        }
    }
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize);
    QString lastPair;
    for (const NetFindingRow &r : std::as_const(m_rows)) {
        if (r.pair != lastPair) {
            lastPair = r.pair;
            auto *head = new QLabel(m_host);
            head->setTextFormat(Qt::RichText);
            head->setText(
                QStringLiteral("<b>%1</b>%2")
                    .arg(r.pair.toHtmlEscaped(),
                        figures.contains(r.pair) ? QStringLiteral(" — ") + figures.value(r.pair) : QString()));
            head->setContentsMargins(0, m_list->count() ? 8 : 2, 0, 0);
            m_list->addWidget(head);
        }
        auto *row = new QWidget(m_host);
        row->setProperty("severity", r.severity);
        row->setProperty("findingId", r.id);
        auto *h = new QHBoxLayout(row);
        h->setContentsMargins(12, 0, 0, 0);
        auto *icon = new QLabel(row);
        icon->setPixmap(severityIcon(r.severity).pixmap(iconSize, iconSize));
        icon->setToolTip(r.severity == QLatin1String("problem") ? tr("Problem")
                : r.severity == QLatin1String("warning")        ? tr("Warning")
                                                                : tr("Information"));
        icon->setAlignment(Qt::AlignTop);
        auto *text = new QLabel(r.text, row);
        text->setWordWrap(true);
        text->setTextInteractionFlags(Qt::TextSelectableByMouse);
        h->addWidget(icon, 0, Qt::AlignTop);
        h->addWidget(text, 1);
        m_list->addWidget(row);
    }
}

} // namespace cm::ui
