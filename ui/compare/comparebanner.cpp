// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/comparebanner.h"

#include "results/resultsmodel.h"

#include <QLabel>
#include <QVBoxLayout>

namespace cm::ui {

CompareBanner::CompareBanner(QWidget *parent)
    : QFrame(parent)
{
    setObjectName(QStringLiteral("compareBanner"));
    setFrameShape(QFrame::StyledPanel);
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(10, 6, 10, 6);
    m_label = new QLabel(this);
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::RichText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(m_label);
    setVisible(false);
}

QString CompareBanner::headline() const
{
    if (m_parameters > 0)
        return tr("The compared runs were not run with the same parameters: this is not a like-for-like comparison.");
    if (m_environment > 0)
        return tr("The compared runs were measured in different environments.");
    if (m_warnings > 0)
        return tr("Some of the compared runs are incomplete.");
    return {};
}

QString CompareBanner::warningText(const CompareWarning &w)
{
    if (w.test.isEmpty())
        return tr("run %1 is %2").arg(w.run).arg(ResultsModel::statusText(w.runStatus));
    const QString status
        = w.stepStatus.isEmpty() ? tr("has no status") : ResultsModel::statusText(runStatusFromName(w.stepStatus));
    return tr("%1 #%2 on %3: %4, in run %5").arg(w.test).arg(w.repetition).arg(w.node, status).arg(w.run);
}

void CompareBanner::setDifferences(
    const QStringList &differences, int parameterLines, const QList<CompareWarning> &warnings)
{
    QStringList warningLines;
    for (const CompareWarning &w : warnings)
        warningLines << warningText(w);
    m_parameters = std::clamp(parameterLines, 0, int(differences.size()));
    m_environment = int(differences.size()) - m_parameters;
    m_warnings = int(warnings.size());
    m_lines = differences + warningLines;
    if (m_lines.isEmpty()) {
        m_label->clear();
        setVisible(false);
        return;
    }
    // Fixed colours with dark text: a warning must read the same in light and dark mode.
    const bool strong = m_parameters > 0;
    setStyleSheet(QStringLiteral("#compareBanner { background: %1; border: 1px solid %2; border-radius: 4px; }"
                                 " #compareBanner QLabel { color: #2b2100; }")
                      .arg(strong ? QStringLiteral("#ffe1cc") : QStringLiteral("#fff4c2"),
                          strong ? QStringLiteral("#d9822b") : QStringLiteral("#d6b32a")));
    auto list = [](const QString &title, const QStringList &items) {
        QString html = QStringLiteral("<div style='margin-top:4px'>%1</div><ul style='margin:0 0 0 -20px'>")
                           .arg(title.toHtmlEscaped());
        for (const QString &l : items)
            html += QStringLiteral("<li>%1</li>").arg(l.toHtmlEscaped());
        return html + QStringLiteral("</ul>");
    };
    QString html = QStringLiteral("<b>⚠ %1</b>").arg(headline().toHtmlEscaped());
    if (m_parameters > 0)
        html += list(tr("Parameters:"), differences.mid(0, m_parameters));
    if (m_environment > 0)
        html += list(tr("Environment:"), differences.mid(m_parameters));
    if (m_warnings > 0)
        html += list(tr("Runs:"), warningLines);
    m_label->setText(html);
    setVisible(true);
}

} // namespace cm::ui
