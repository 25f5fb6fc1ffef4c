// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What an experiment found (docs/ARCHITECTURE.md §12): every variant's counted runs
// merged as repetitions (the warm-up left out) and compared with the baseline's like
// runs in compare (report/runcompare), each figure judged by stats/experimentverdict.
// Lines for the CLI and the exports: "write cache off: RND4K Q1T1 Write (pve1) write
// IOPS +6,200 % (95 % CI +5,900 … +6,500 %), better; noise ±3.1 %; 4 repetitions each".
#include "report/runcompare.h"
#include "report/texttable.h"
#include "stats/experimentverdict.h"
#include "tuning/experimentstore.h"

namespace cm {

struct ExperimentFigure {
    QString test; // the row's title, with its caveats' markers
    QString node;
    CompareFigure figure; // values per variant (baseline first)
    QList<FigureVerdict> verdicts; // [v - 1]: variant v against the baseline
};

struct ExperimentResult {
    ExperimentRecord record;
    QList<int> counted; // counted runs per variant
    // The counted runs in the order they ran: (variant, its repetition index), so a
    // figure's values[variant][repetition] can be drawn in time order.
    QList<std::pair<int, int>> timeOrder;
    QList<ExperimentFigure> figures;
};

Error loadExperimentResult(SessionStore &store, const QString &id, ExperimentResult *out);
// One line per figure and variant, in the reader's language when translated (the CLI
// and the exports: English).
QStringList experimentVerdictLines(const ExperimentResult &r);
// The verdict as a table for a forum post (Markdown, BBCode) or a spreadsheet (CSV): per
// figure and variant the baseline's and the variant's mean, the change, its 95 %
// interval, the noise floor and the verdict; the notes say how it was measured and
// what each variant changed.
TextTable experimentTable(const ExperimentResult &r);

} // namespace cm
