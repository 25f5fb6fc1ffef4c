// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/fiostreamreader.h"

namespace cm {

FioStreamReader::FioStreamReader(FioIntervalScope scope, qsizetype maxDocumentBytes)
    : m_splitter(maxDocumentBytes)
    , m_tracker(scope)
{ }

QList<FioInterval> FioStreamReader::feed(const QByteArray &chunk)
{
    QList<FioInterval> out;
    const QList<QByteArray> docs = m_splitter.feed(chunk);
    for (const QByteArray &doc : docs) {
        ++m_documents;
        Error err;
        FioReport rep = FioReport::parse(doc, &err, &m_warnings);
        if (err) {
            ++m_bad;
            m_lastError = err;
            m_warnings << QStringLiteral("fio document %1 skipped: %2").arg(m_documents).arg(err.message);
            continue;
        }
        out += m_tracker.add(rep);
        m_last = std::move(rep);
    }
    return out;
}

void FioStreamReader::finish()
{
    m_splitter.finish();
}

QStringList FioStreamReader::takeWarnings()
{
    QStringList out = m_splitter.takeWarnings();
    out += m_warnings;
    m_warnings.clear();
    out += m_tracker.takeWarnings();
    return out;
}

} // namespace cm
