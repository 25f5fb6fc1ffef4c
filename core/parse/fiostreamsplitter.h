// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Splits fio's stdout (--output-format=json/json+, usually with --status-interval)
// into complete JSON documents. Incremental: feed() takes chunks cut anywhere and
// returns the documents completed so far. A document starts at a '{' that begins a
// line (fio prints each one from a line "{" to a line "}"); braces inside strings are
// ignored. Text outside documents ("note: ...", "fio: terminating on signal 15") is
// kept as warnings. Memory is bounded: a document above the limit is dropped with a
// warning, and long text lines are cut. Pure, no I/O; one instance per stream.
#include <QByteArray>
#include <QList>
#include <QStringList>

namespace cm {

class FioStreamSplitter {
public:
    static constexpr qsizetype kDefaultMaxDocumentBytes = 64 * 1024 * 1024;

    explicit FioStreamSplitter(qsizetype maxDocumentBytes = kDefaultMaxDocumentBytes);

    QList<QByteArray> feed(const QByteArray &chunk);
    // End of stream: a partial trailing document becomes a warning (nothing returned
    // for it) and pending text is flushed. The splitter is then ready for a new stream.
    void finish();
    QStringList takeWarnings();

    bool inDocument() const { return m_depth > 0; }
    qsizetype bufferedBytes() const { return m_doc.size() + m_text.size(); }

private:
    void warn(const QString &w);
    void flushText();

    qsizetype m_max;
    QByteArray m_doc; // the document being collected
    QByteArray m_text; // the current line of non-JSON text (cut at kMaxLine)
    QStringList m_warnings;
    int m_droppedWarnings = 0;
    qint64 m_depth = 0; // brace depth; > 0 inside a document
    qsizetype m_docBytes = 0;
    bool m_skipping = false; // the current document is over the limit: not stored
    bool m_inString = false;
    bool m_escape = false;
    bool m_lineStart = true; // at the start of a line (leading blanks allowed)
};

} // namespace cm
