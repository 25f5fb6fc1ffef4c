// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The findings of a network run in plain words (core/stats/netfindings), per pair:
// a severity icon (info, warning, problem) and the text; a failed pair shows its
// error as a problem. Also says which tool ran and why.
#include "stats/netfindings.h"
#include "store/sessionstore.h"

#include <QScrollArea>

class QVBoxLayout;
class QLabel;

namespace cm::ui {

// A finding in the reader's language: its source text translated, its arguments put
// in; a run saved before findings kept their source shows its English text.
QString netFindingText(const QJsonObject &finding);
QString netFindingText(const NetFinding &finding);
// Why a step's tool was chosen, from its summary, in the reader's language.
QString netToolReasonText(const QJsonObject &summary);

struct NetFindingRow {
    QString pair; // "node1 → node2"
    QString id; // the finding's stable id; "step-failed", "tool"
    QString severity; // "info", "warning", "problem"
    QString text;
};

class NetFindingsPanel : public QScrollArea {
    Q_OBJECT
public:
    explicit NetFindingsPanel(QWidget *parent = nullptr);
    void setSteps(const QList<StepRecord> &steps);
    void clear();

    static QList<NetFindingRow> rowsFromSteps(const QList<StepRecord> &steps);
    QList<NetFindingRow> rows() const { return m_rows; }
    int count(const QString &severity) const;
    QLabel *headline() const { return m_headline; }
    static QIcon severityIcon(const QString &severity);

private:
    QWidget *m_host = nullptr;
    QVBoxLayout *m_list = nullptr;
    QLabel *m_headline = nullptr;
    QList<NetFindingRow> m_rows;
};

} // namespace cm::ui
