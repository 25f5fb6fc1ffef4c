// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/fiostreamsplitter.h"

#include "parse/parselog.h"

namespace cm {

namespace {
constexpr qsizetype kMaxLine = 4096; // longer text lines are cut
constexpr int kMaxWarnings = 200; // further warnings are only counted
constexpr int kWarningChars = 300;
} // namespace

FioStreamSplitter::FioStreamSplitter(qsizetype maxDocumentBytes)
    : m_max(maxDocumentBytes > 0 ? maxDocumentBytes : kDefaultMaxDocumentBytes)
{ }

void FioStreamSplitter::warn(const QString &w)
{
    qCDebug(lcParse) << "fio stream:" << w;
    if (m_warnings.size() < kMaxWarnings)
        m_warnings << w;
    else
        ++m_droppedWarnings;
}

QStringList FioStreamSplitter::takeWarnings()
{
    QStringList out;
    out.swap(m_warnings);
    if (m_droppedWarnings) {
        out << QStringLiteral("%1 more warnings from the fio stream dropped").arg(m_droppedWarnings);
        m_droppedWarnings = 0;
    }
    return out;
}

void FioStreamSplitter::flushText()
{
    const QByteArray line = m_text.trimmed();
    const bool cut = m_text.size() >= kMaxLine;
    m_text.clear();
    if (line.isEmpty())
        return;
    QString s = QString::fromUtf8(line);
    if (s.size() > kWarningChars || cut)
        s = s.left(kWarningChars) + QStringLiteral("…");
    warn(QStringLiteral("fio printed: %1").arg(s));
}

QList<QByteArray> FioStreamSplitter::feed(const QByteArray &chunk)
{
    QList<QByteArray> out;
    const char *p = chunk.constData();
    const qsizetype n = chunk.size();
    // start of the current document's bytes in this chunk
    qsizetype seg = (m_depth > 0 && !m_skipping) ? 0 : -1;

    auto startDocument = [&](qsizetype at) {
        m_doc.clear();
        m_depth = 1;
        m_docBytes = 1;
        m_skipping = false;
        m_inString = false;
        m_escape = false;
        m_lineStart = false;
        seg = at;
    };

    for (qsizetype i = 0; i < n; ++i) {
        const char c = p[i];
        if (m_depth == 0) {
            if (c == '{' && m_lineStart) {
                flushText();
                startDocument(i);
            } else if (c == '\n') {
                flushText();
                m_lineStart = true;
            } else if (m_lineStart && (c == ' ' || c == '\t' || c == '\r')) {
                // leading blanks: a '{' may still open a document
            } else {
                m_lineStart = false;
                if (m_text.size() < kMaxLine)
                    m_text.append(c);
            }
            continue;
        }

        // Inside a document. A '{' in column 0 means the previous document was cut
        // short (fio indents every nested brace): drop it and start over.
        const bool column0 = i > 0 ? p[i - 1] == '\n' : m_lineStart;
        if (c == '{' && column0) {
            warn(QStringLiteral("incomplete fio document (%1 bytes) dropped: a new one started").arg(m_docBytes));
            startDocument(i);
            continue;
        }
        m_lineStart = (c == '\n');
        ++m_docBytes;
        if (!m_skipping && m_docBytes > m_max) {
            warn(QStringLiteral("fio document larger than %1 bytes dropped").arg(m_max));
            m_skipping = true;
            m_doc = QByteArray();
            seg = -1;
        }
        if (m_inString) {
            if (m_escape)
                m_escape = false;
            else if (c == '\\')
                m_escape = true;
            else if (c == '"')
                m_inString = false;
            continue;
        }
        if (c == '"') {
            m_inString = true;
        } else if (c == '{') {
            ++m_depth;
        } else if (c == '}') {
            if (--m_depth == 0) {
                if (!m_skipping) {
                    if (seg >= 0)
                        m_doc.append(p + seg, i - seg + 1);
                    out << m_doc;
                }
                m_doc = QByteArray();
                m_skipping = false;
                seg = -1;
                m_lineStart = true; // "}{" still starts the next document
            }
        }
    }
    if (m_depth > 0 && !m_skipping && seg >= 0)
        m_doc.append(p + seg, n - seg);
    return out;
}

void FioStreamSplitter::finish()
{
    if (m_depth > 0)
        warn(QStringLiteral("incomplete final fio document (%1 bytes) dropped").arg(m_docBytes));
    m_doc = QByteArray();
    m_depth = 0;
    m_docBytes = 0;
    m_skipping = false;
    m_inString = false;
    m_escape = false;
    flushText();
    m_lineStart = true;
}

} // namespace cm
