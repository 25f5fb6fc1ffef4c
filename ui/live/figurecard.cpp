// SPDX-License-Identifier: GPL-3.0-or-later
#include "live/figurecard.h"

#include "targetcolors.h"
#include "unitscale.h"

#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

namespace cm::ui {

namespace {
// Metrics shown on a card, in display order; others are not shown.
const QStringList &cardMetrics()
{
    static const QStringList m {metric::ReadBw, metric::ReadIops, metric::ReadLatP50, metric::ReadLatP99,
        metric::WriteBw, metric::WriteIops, metric::WriteLatP50, metric::WriteLatP99, metric::NetBw,
        metric::MetaCreateIops, metric::metaLatP99(QStringLiteral("create")), metric::MetaStatIops,
        metric::metaLatP99(QStringLiteral("stat")), metric::MetaDeleteIops,
        metric::metaLatP99(QStringLiteral("delete")), metric::CpuBusy, metric::S3Errors};
    return m;
}

QString metricTitle(const QString &m, const RateWords &w)
{
    const QString read = rateWord(w.readTitle), write = rateWord(w.writeTitle), ops = rateWord(opsUnit(w.noun));
    if (m == metric::ReadBw)
        return read;
    if (m == metric::NetBw)
        return FigureCard::tr("Throughput");
    if (m == metric::WriteBw)
        return write;
    if (m == metric::ReadIops)
        return FigureCard::tr("%1 %2").arg(read, ops);
    if (m == metric::WriteIops)
        return FigureCard::tr("%1 %2").arg(write, ops);
    if (m == metric::ReadLatP50)
        return FigureCard::tr("%1 p50").arg(read);
    if (m == metric::ReadLatP99)
        return FigureCard::tr("%1 p99").arg(read);
    if (m == metric::WriteLatP50)
        return FigureCard::tr("%1 p50").arg(write);
    if (m == metric::WriteLatP99)
        return FigureCard::tr("%1 p99").arg(write);
    if (m == metric::CpuBusy)
        return FigureCard::tr("CPU busy");
    if (m == metric::MetaCreateIops)
        return FigureCard::tr("Creates/s");
    if (m == metric::MetaStatIops)
        return FigureCard::tr("Stats/s");
    if (m == metric::MetaDeleteIops)
        return FigureCard::tr("Deletes/s");
    if (m == metric::metaLatP99(QStringLiteral("create")))
        return FigureCard::tr("Create p99");
    if (m == metric::metaLatP99(QStringLiteral("stat")))
        return FigureCard::tr("Stat p99");
    if (m == metric::metaLatP99(QStringLiteral("delete")))
        return FigureCard::tr("Delete p99");
    if (m == metric::S3Errors)
        return FigureCard::tr("Failed req./s");
    return m;
}
} // namespace

FigureCard::FigureCard(const QString &target, const RateWords &words, QWidget *parent)
    : QFrame(parent)
    , m_target(target)
    , m_words(words)
{
    setFrameShape(QFrame::StyledPanel);
    setObjectName(QStringLiteral("figureCard"));
    const QColor c = TargetColors::instance().colorFor(target);
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(10, 6, 10, 6);
    v->setSpacing(4);
    auto *title = new QLabel(this);
    QFont f = title->font();
    f.setBold(true);
    title->setFont(f);
    // A long file path is cut in its middle (its node and file name stay); the tooltip
    // has all of it.
    const QString name = QFontMetrics(f).elidedText(targetLabel(target), Qt::ElideMiddle, 300);
    title->setText(QStringLiteral("<span style='color:%1'>&#9632;</span>&nbsp;%2").arg(c.name(), name.toHtmlEscaped()));
    title->setTextFormat(Qt::RichText);
    title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    title->setToolTip(target);
    v->addWidget(title);
    m_grid = new QGridLayout();
    m_grid->setHorizontalSpacing(12);
    m_grid->setVerticalSpacing(2);
    auto *hNow = new QLabel(tr("now"), this);
    auto *hMean = new QLabel(tr("step"), this);
    hMean->setToolTip(tr("The step so far: the mean of rates; a latency percentile of all the step's I/Os (never an "
                         "average of the intervals' percentiles), as its results will show it."));
    for (QLabel *l : {hNow, hMean}) {
        l->setAlignment(Qt::AlignRight);
        l->setEnabled(false);
    }
    m_grid->addWidget(hNow, 0, 1);
    m_grid->addWidget(hMean, 0, 2);
    v->addLayout(m_grid);
    v->addStretch(1);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
}

FigureCard::Row &FigureCard::rowFor(const QString &metric)
{
    auto it = m_rows.find(metric);
    if (it != m_rows.end())
        return *it;
    Row r;
    r.order = int(cardMetrics().indexOf(metric));
    r.name = new QLabel(metricTitle(metric, m_words), this);
    r.now = new QLabel(this);
    r.mean = new QLabel(this);
    r.now->setAlignment(Qt::AlignRight);
    r.mean->setAlignment(Qt::AlignRight);
    QFont f = r.now->font();
    f.setBold(true);
    r.now->setFont(f);
    it = m_rows.insert(metric, r);
    // re-lay rows in the fixed metric order
    QList<Row> rows = m_rows.values();
    std::sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) { return a.order < b.order; });
    int line = 1;
    for (const Row &row : rows) {
        m_grid->addWidget(row.name, line, 0);
        m_grid->addWidget(row.now, line, 1);
        m_grid->addWidget(row.mean, line, 2);
        ++line;
    }
    return *it;
}

void FigureCard::addValue(const QString &metricName, double value)
{
    if (metric::isStepSoFar(metricName)) {
        const QString base = metricName.chopped(5); // ".step"
        auto it = m_rows.find(base);
        if (it != m_rows.end() && it->count > 0 && !m_stale) {
            it->stepValue = value;
            setValueText(it->mean, valueText(base, value));
        }
        return;
    }
    const QString &metric = metricName;
    if (!cardMetrics().contains(metric))
        return;
    // an idle direction (zeros since the step began) shows no row
    if (value == 0 && m_rows.value(metric).count == 0)
        return;
    if (m_stale)
        leaveStaleState();
    Row &r = rowFor(metric);
    if (r.count == 0)
        for (QLabel *l : {r.name, r.now, r.mean})
            l->setVisible(true);
    r.sum += value;
    r.count += 1;
    setValueText(r.now, valueText(metric, value));
    // A percentile's step figure comes from merged histograms (its ".step" samples);
    // until one arrives it is not known, and an average of percentiles is none.
    if (!metric::isPercentile(metric))
        setValueText(r.mean, valueText(metric, r.sum / r.count));
    else if (r.stepValue < 0)
        setValueText(r.mean, QStringLiteral("–"));
}

QString FigureCard::valueText(const QString &metric, double value) const
{
    const metric::Unit u = metric::unitOf(metric);
    return u == metric::Unit::OpsPerSec ? formatOpsRate(value, m_words.noun) : formatValue(u, value);
}

// Values change at 10 Hz: a label whose size hint changes asks the whole dashboard to
// lay itself out again, measuring every changed label. A label of fixed size does not;
// its width only grows, to the widest text seen (measured once per shape of text:
// digits are equally wide).
void FigureCard::setValueText(QLabel *label, const QString &text)
{
    if (label->text() == text)
        return;
    QString key = text;
    for (QChar &c : key)
        if (c.isDigit())
            c = QLatin1Char('0');
    if (label->font().bold())
        key.prepend(QLatin1Char('b'));
    auto it = m_textWidths.constFind(key);
    if (it == m_textWidths.constEnd())
        it = m_textWidths.insert(key, label->fontMetrics().horizontalAdvance(text) + 2);
    const int w = std::max(*it, label->minimumWidth());
    const int h = label->fontMetrics().height();
    if (w != label->maximumWidth() || h != label->maximumHeight() || label->minimumHeight() != h)
        label->setFixedSize(w, h);
    label->setText(text);
}

void FigureCard::resetStep()
{
    for (auto &r : m_rows) {
        r.sum = 0;
        r.count = 0;
        r.stepValue = -1;
        for (QLabel *l : {r.name, r.now, r.mean})
            l->setEnabled(false); // last step's figures, greyed until the new step's arrive
    }
    m_stale = true;
}

void FigureCard::endRun()
{
    // Nothing is "now" any more; the step's figures stay as its result.
    for (auto &r : m_rows)
        setValueText(r.now, QStringLiteral("–"));
}

void FigureCard::leaveStaleState()
{
    // The new step's first value: only rows it measures come back (no read rows in a
    // write step).
    m_stale = false;
    for (auto &r : m_rows) {
        for (QLabel *l : {r.name, r.now, r.mean}) {
            l->setVisible(false);
            l->setEnabled(true);
        }
    }
}

QString FigureCard::stepText(const QString &metric) const
{
    const auto it = m_rows.constFind(metric);
    return it == m_rows.constEnd() || it->count == 0 ? QString() : it->mean->text();
}

QString FigureCard::currentText(const QString &metric) const
{
    const auto it = m_rows.constFind(metric);
    return it == m_rows.constEnd() || it->count == 0 ? QString() : it->now->text();
}

} // namespace cm::ui
