// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// fio's stdout in, per-interval figures out: FioStreamSplitter + FioReport::parse +
// FioIntervalTracker in one object, for a runner that streams fio
// (--output-format=json+ --status-interval=1) over SSH:
//
//   FioStreamReader reader;
//   on each stdout chunk:  for (const FioInterval &iv : reader.feed(chunk))
//                              buffer.append(iv.toSamples(step, target, t0 + iv.endSec));
//   at exit:               reader.finish();   reader.summary() -> final figures + histogram
//                          reader.lastReport()->hasJobErrors(), reader.takeWarnings()
//
// A document that does not parse is skipped: its error goes to the warnings and to
// lastError(). Pure, not thread-safe; one reader per fio process.
#include "parse/fiointervals.h"
#include "parse/fioreport.h"
#include "parse/fiostreamsplitter.h"

#include <optional>

namespace cm {

class FioStreamReader {
public:
    explicit FioStreamReader(FioIntervalScope scope = FioIntervalScope::AllJobs,
        qsizetype maxDocumentBytes = FioStreamSplitter::kDefaultMaxDocumentBytes);

    QList<FioInterval> feed(const QByteArray &chunk);
    void finish(); // end of stream: reports a partial last document
    // From the splitter (non-JSON text, cut documents), the parser and the tracker.
    QStringList takeWarnings();

    int documents() const { return m_documents; } // complete documents seen
    int badDocuments() const { return m_bad; } // of which did not parse
    const Error &lastError() const { return m_lastError; }
    const std::optional<FioReport> &lastReport() const { return m_last; }
    std::optional<FioSummary> summary() const { return m_tracker.summary(); }

private:
    FioStreamSplitter m_splitter;
    FioIntervalTracker m_tracker;
    std::optional<FioReport> m_last;
    QStringList m_warnings;
    Error m_lastError;
    int m_documents = 0;
    int m_bad = 0;
};

} // namespace cm
