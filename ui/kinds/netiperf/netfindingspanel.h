// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The findings of a network run in plain words (core/stats/netfindings), per pair:
// a severity icon (info, warning, problem) and the text; a failed pair shows its
// error as a problem. Also says which tool ran and why.
#include "store/sessionstore.h"

#include <QScrollArea>

class QVBoxLayout;
class QLabel;

namespace cm::ui {

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
