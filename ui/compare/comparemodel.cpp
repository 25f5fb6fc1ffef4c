// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/comparemodel.h"

#include "compare/comparemarks.h"
#include "operationlabel.h"

#include <QBrush>
#include <QSet>

#include <cmath>

namespace cm::ui {

QString rowTitle(const RunCompare &c, int row)
{
    const CompareRow &r = c.rows.at(row);
    QSet<QString> nodes;
    for (const CompareRow &x : c.rows)
        nodes.insert(x.node);
    QString t = r.displayTitle();
    if (nodes.size() > 1)
        t += QStringLiteral(" · ") + r.node;
    if (!r.target.isEmpty())
        t += QStringLiteral(" · ") + r.target;
    return t;
}

QString figureLabel(const CompareFigure &f)
{
    static const QHash<QString, const char *> labels {
        {QStringLiteral("read.bw"), QT_TRANSLATE_NOOP("cm::ui::CompareModel", "Read MB/s")},
        {QStringLiteral("read.iops"), QT_TRANSLATE_NOOP("cm::ui::CompareModel", "Read IOPS")},
        {QStringLiteral("read.lat.p50"), QT_TRANSLATE_NOOP("cm::ui::CompareModel", "Read latency p50")},
        {QStringLiteral("read.lat.p99"), QT_TRANSLATE_NOOP("cm::ui::CompareModel", "Read latency p99")},
        {QStringLiteral("write.bw"), QT_TRANSLATE_NOOP("cm::ui::CompareModel", "Write MB/s")},
        {QStringLiteral("write.iops"), QT_TRANSLATE_NOOP("cm::ui::CompareModel", "Write IOPS")},
        {QStringLiteral("write.lat.p50"), QT_TRANSLATE_NOOP("cm::ui::CompareModel", "Write latency p50")},
        {QStringLiteral("write.lat.p99"), QT_TRANSLATE_NOOP("cm::ui::CompareModel", "Write latency p99")},
    };
    if (const char *l = labels.value(f.key))
        return CompareModel::tr(l);
    // CephFS metadata and S3 HEAD/DELETE/LIST
    const QString op = operationFigureLabel(f.key);
    return op.isEmpty() ? f.label : op;
}

void CompareModel::setCompare(const RunCompare &c)
{
    beginResetModel();
    m_compare = c;
    m_lines.clear();
    for (int r = 0; r < c.rows.size(); ++r)
        for (int f = 0; f < c.rows.at(r).figures.size(); ++f)
            m_lines.append(Line {r, f});
    endResetModel();
}

int CompareModel::rowOf(int testRow, const QString &figureKey) const
{
    for (int i = 0; i < m_lines.size(); ++i)
        if (m_lines.at(i).row == testRow
            && m_compare.rows.at(testRow).figures.at(m_lines.at(i).figure).key == figureKey)
            return i;
    return -1;
}

int CompareModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_lines.size());
}

int CompareModel::columnCount(const QModelIndex &parent) const
{
    if (parent.isValid() || m_compare.runs.isEmpty())
        return 0;
    return 2 + runCount() + 3 * (runCount() - 1);
}

QVariant CompareModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_lines.size() || index.column() >= columnCount())
        return {};
    const Line &l = m_lines.at(index.row());
    const CompareRow &row = m_compare.rows.at(l.row);
    const CompareFigure &f = row.figures.at(l.figure);
    const int col = index.column();
    if (role == TestRowRole)
        return l.row;
    if (col == ColTest) {
        if (role == Qt::DisplayRole)
            return rowTitle(m_compare, l.row);
        if (role == Qt::ToolTipRole) {
            QStringList tip {tr("%1 on %2").arg(row.title, row.node)};
            for (const StepCaveat &c : row.caveats)
                tip << c.marker + QLatin1Char(' ') + StepCaveats::text(c.kind, true);
            return tip.join(QLatin1Char('\n'));
        }
        return {};
    }
    if (col == ColFigure)
        return role == Qt::DisplayRole ? QVariant(figureLabel(f)) : QVariant();
    if (col < 2 + runCount()) {
        const int run = col - 2;
        const GroupStats g = groupStats(f.values.value(run));
        if (role == Qt::DisplayRole)
            return meanText(g, f.unit);
        if (role == Qt::TextAlignmentRole)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    const int rel = col - 2 - runCount();
    const int run = 1 + rel / 3;
    const CompareStats s = f.vsBaseline.value(run - 1);
    const SignificanceMark mark = significanceMark(s);
    switch (rel % 3) {
    case 0: // change
        if (role == Qt::DisplayRole)
            return changeText(s);
        if (role == ChangeRole)
            return s.changePct;
        if (role == Qt::TextAlignmentRole)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        if (role == Qt::ForegroundRole && mark == SignificanceMark::Significant)
            return QBrush(isBetter(s, f.higherIsBetter) ? QColor(30, 140, 60) : QColor(200, 40, 40));
        if (role == Qt::ToolTipRole)
            return f.higherIsBetter ? tr("higher is better") : tr("lower is better");
        return {};
    case 1: // mark
        if (role == Qt::DisplayRole)
            return QStringLiteral("%1 %2").arg(markSymbol(mark), markText(mark));
        if (role == MarkRole)
            return int(mark);
        if (role == Qt::ToolTipRole)
            return testText(s, f.unit);
        return {};
    default: // CI
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
            return testText(s, f.unit);
        return {};
    }
}

QVariant CompareModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole || section >= columnCount())
        return {};
    if (section == ColTest)
        return tr("Test");
    if (section == ColFigure)
        return tr("Figure");
    if (section < 2 + runCount()) {
        const int run = section - 2;
        const RunId id = m_compare.runs.at(run).id;
        return run == 0 ? tr("Run %1 (baseline)").arg(id) : tr("Run %1").arg(id);
    }
    const int rel = section - 2 - runCount();
    const RunId id = m_compare.runs.at(1 + rel / 3).id;
    switch (rel % 3) {
    case 0: return tr("Change, run %1").arg(id);
    case 1: return tr("Significance, run %1").arg(id);
    default: return tr("Welch's t-test, run %1").arg(id);
    }
}

} // namespace cm::ui
