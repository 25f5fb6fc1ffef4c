// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/resultdecoder.h"

#include "parse/iperf3json.h"
#include "parse/resultdecoderparts.h"

#include <QJsonDocument>

namespace cm {

namespace {

constexpr qsizetype kMaxQuote = 60;

// The key a JSON document starts with, or empty (none, or cut before it).
QByteArray firstKey(const QByteArray &bytes, qsizetype brace)
{
    qsizetype i = brace + 1;
    while (
        i < bytes.size() && (bytes.at(i) == ' ' || bytes.at(i) == '\t' || bytes.at(i) == '\r' || bytes.at(i) == '\n'))
        ++i;
    if (i >= bytes.size() || bytes.at(i) != '"')
        return {};
    const qsizetype end = bytes.indexOf('"', i + 1);
    return end < 0 || end - i > 64 ? QByteArray() : bytes.mid(i + 1, end - i - 1);
}

QList<QByteArray> csvFields(const QByteArray &line)
{
    QByteArray l = line;
    if (l.endsWith('\r'))
        l.chop(1);
    return l.split(',');
}

bool allDigits(const QByteArray &s, bool dotAllowed)
{
    if (s.isEmpty())
        return false;
    for (char c : s)
        if (!((c >= '0' && c <= '9') || (dotAllowed && c == '.')))
            return false;
    return true;
}

// A line of iperf 2 -y C: yyyyMMddhhmmss[.fff],src,sport,dst,dport,id,a-b,bytes,bits/s[,…]
bool looksLikeIperf2Line(const QByteArray &line)
{
    const QList<QByteArray> f = csvFields(line);
    return f.size() >= 9 && f.at(0).size() >= 14 && allDigits(f.at(0), true) && f.at(6).contains('-');
}

QString quoteLine(const QByteArray &bytes, qsizetype from)
{
    qsizetype end = bytes.indexOf('\n', from);
    if (end < 0)
        end = bytes.size();
    QString out;
    for (qsizetype i = from; i < end && out.size() < kMaxQuote; ++i) {
        const uchar c = uchar(bytes.at(i));
        out += (c >= 0x20 && c < 0x7f) ? QChar(c) : (c == '\t' ? QChar(' ') : QChar(0xfffd));
    }
    if (end - from > kMaxQuote)
        out += QStringLiteral("…");
    return out.trimmed();
}

} // namespace

int lineAtOffset(const QByteArray &bytes, qsizetype offset)
{
    offset = std::clamp<qsizetype>(offset, 0, bytes.size());
    return int(QByteArrayView(bytes.constData(), offset).count('\n')) + 1;
}

namespace resultdecode {

qsizetype jsonStart(const QByteArray &bytes, qsizetype from)
{
    bool lineStart = from == 0 || (from <= bytes.size() && bytes.at(from - 1) == '\n');
    for (qsizetype i = from; i < bytes.size(); ++i) {
        const char c = bytes.at(i);
        if (c == '\n') {
            lineStart = true;
        } else if (c == '{' && lineStart) {
            return i;
        } else if (c != ' ' && c != '\t' && c != '\r') {
            lineStart = false;
        }
    }
    return -1;
}

Error jsonDocuments(const QByteArray &bytes, const QString &what, QList<QByteArray> *docs, QList<qsizetype> *offsets)
{
    const QByteArray clean = nullifyNonFiniteTokens(bytes);
    qsizetype pos = jsonStart(clean);
    if (pos < 0)
        return Error(Error::Code::ParseError, QStringLiteral("%1: no JSON document found").arg(what));
    while (pos >= 0) {
        const QByteArray rest = QByteArray::fromRawData(clean.constData() + pos, clean.size() - pos);
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(rest, &pe);
        if (pe.error == QJsonParseError::NoError || pe.error == QJsonParseError::GarbageAtEnd) {
            const qsizetype len = pe.error == QJsonParseError::NoError ? rest.size() : pe.offset;
            docs->append(QByteArray(clean.constData() + pos, len));
            if (offsets)
                offsets->append(pos);
            if (pe.error == QJsonParseError::NoError)
                break;
            pos = jsonStart(clean, pos + len);
            continue;
        }
        // Qt may point one past the last byte of a cut document.
        const qsizetype at = std::min(pos + qsizetype(pe.offset), clean.size());
        const bool cut = at >= clean.size() - 1 || clean.mid(at).trimmed().isEmpty();
        return Error(Error::Code::ParseError,
            QStringLiteral("%1 is %2: %3 at byte %4%5 (line %6)")
                .arg(what, cut ? QStringLiteral("cut short") : QStringLiteral("damaged"), pe.errorString())
                .arg(at)
                .arg(at == clean.size() ? QStringLiteral(", the end of the file") : QString())
                .arg(lineAtOffset(clean, at)),
            what);
    }
    return {};
}

} // namespace resultdecode

QString detectResultFormat(const QByteArray &bytes)
{
    const qsizetype brace = resultdecode::jsonStart(bytes);
    if (brace >= 0) {
        const QByteArray key = firstKey(bytes, brace);
        if (key == "fio version")
            return QStringLiteral("fio");
        if (key == "start")
            return QStringLiteral("iperf3");
    }
    if (resultdecode::looksLikeOsdBench(bytes, brace >= 0 ? firstKey(bytes, brace) : QByteArray()))
        return QStringLiteral("osd bench");
    if (QString which; resultdecode::looksLikeCephBench(bytes, &which))
        return which;
    for (const QByteArray &line : bytes.split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        return looksLikeIperf2Line(line) ? QStringLiteral("iperf2") : QString();
    }
    return {};
}

DecodedResult decodeResult(const QByteArray &bytes, const DecodeOptions &options, Error *err)
{
    Error e;
    DecodedResult out;
    if (bytes.trimmed().isEmpty()) {
        e = Error(Error::Code::ParseError,
            QStringLiteral("the file is empty (%1 bytes, no output of fio, iperf3, iperf 2, rados bench, rbd bench or "
                           "ceph tell osd bench)")
                .arg(bytes.size()));
    } else {
        const QString format = detectResultFormat(bytes);
        if (format == QLatin1String("fio")) {
            out = resultdecode::decodeFio(bytes, options, &e);
        } else if (format == QLatin1String("iperf3")) {
            out = resultdecode::decodeIperf3(bytes, options, &e);
        } else if (format == QLatin1String("iperf2")) {
            out = resultdecode::decodeIperf2(bytes, options, &e);
        } else if (format == QLatin1String("rados bench")) {
            out = resultdecode::decodeRadosBench(bytes, options, &e);
        } else if (format == QLatin1String("rbd bench")) {
            out = resultdecode::decodeRbdBench(bytes, options, &e);
        } else if (format == QLatin1String("osd bench")) {
            out = resultdecode::decodeOsdBench(bytes, options, &e);
        } else {
            const qsizetype brace = resultdecode::jsonStart(bytes);
            if (brace >= 0) {
                const QByteArray key = firstKey(bytes, brace);
                e = key.isEmpty()
                    ? Error(Error::Code::ParseError,
                        QStringLiteral("the JSON document at byte %1 (line %2) is cut or damaged before its first key; "
                                       "fio output starts with \"fio version\", iperf3 -J with \"start\"")
                            .arg(brace)
                            .arg(lineAtOffset(bytes, brace)))
                    : Error(Error::Code::ParseError,
                        QStringLiteral(
                            "the JSON document at byte %1 (line %2) is not fio or iperf3 output: it starts with "
                            "the key \"%3\", not \"fio version\" (fio) or \"start\" (iperf3 -J)")
                            .arg(brace)
                            .arg(lineAtOffset(bytes, brace))
                            .arg(QString::fromUtf8(key.left(kMaxQuote))));
            } else {
                qsizetype first = 0;
                int line = 1;
                while (first < bytes.size()) {
                    const qsizetype nl = bytes.indexOf('\n', first);
                    const qsizetype end = nl < 0 ? bytes.size() : nl;
                    if (!bytes.mid(first, end - first).trimmed().isEmpty())
                        break;
                    first = end + 1;
                    ++line;
                }
                e = Error(Error::Code::ParseError,
                    QStringLiteral("not fio JSON, iperf3 -J, iperf 2 -y C, rados bench, rbd bench or ceph tell osd "
                                   "bench output: line %1 "
                                   "reads \"%2\"")
                        .arg(line)
                        .arg(quoteLine(bytes, first)));
            }
        }
    }
    if (e)
        out = DecodedResult();
    if (err)
        *err = e;
    return out;
}

} // namespace cm
