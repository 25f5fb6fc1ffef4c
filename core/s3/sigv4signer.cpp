// SPDX-License-Identifier: GPL-3.0-or-later
#include "s3/sigv4signer.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QMap>
#include <QMessageAuthenticationCode>

#include <algorithm>

namespace cm {

namespace {

QByteArray hmac(const QByteArray &key, const QByteArray &data)
{
    return QMessageAuthenticationCode::hash(data, key, QCryptographicHash::Sha256);
}

// Trimmed, inner runs of spaces collapsed to one (SigV4 canonical header value).
QByteArray canonicalValue(const QByteArray &v)
{
    QByteArray out;
    out.reserve(v.size());
    bool space = false;
    for (char c : v.trimmed()) {
        if (c == ' ' || c == '\t') {
            space = true;
            continue;
        }
        if (space)
            out += ' ';
        space = false;
        out += c;
    }
    return out;
}

// Lowercased names in order, values of repeated names joined by ','.
QMap<QByteArray, QByteArray> canonicalHeaderMap(const ByteParams &headers)
{
    QMap<QByteArray, QByteArray> m;
    for (const auto &h : headers) {
        const QByteArray name = h.first.trimmed().toLower();
        auto it = m.find(name);
        if (it == m.end())
            m.insert(name, canonicalValue(h.second));
        else
            it.value() += ',' + canonicalValue(h.second);
    }
    return m;
}

} // namespace

SigV4Signer::SigV4Signer(QByteArray accessKey, QByteArray secretKey, QByteArray region, QByteArray service)
    : m_accessKey(std::move(accessKey))
    , m_secretKey(std::move(secretKey))
    , m_region(std::move(region))
    , m_service(std::move(service))
{ }

SigV4Signer::SigV4Signer(const SigV4Signer &other)
    : m_accessKey(other.m_accessKey)
    , m_secretKey(other.m_secretKey)
    , m_region(other.m_region)
    , m_service(other.m_service)
{ }

SigV4Signer &SigV4Signer::operator=(const SigV4Signer &other)
{
    if (this != &other) {
        m_accessKey = other.m_accessKey;
        m_secretKey = other.m_secretKey;
        m_region = other.m_region;
        m_service = other.m_service;
        QMutexLocker lock(&m_cacheLock);
        m_cachedDate.clear();
        m_cachedKey.clear();
    }
    return *this;
}

QByteArray SigV4Signer::uriEncode(const QByteArray &raw, bool encodeSlash)
{
    static const char hex[] = "0123456789ABCDEF";
    QByteArray out;
    out.reserve(raw.size() * 3 / 2);
    for (char ch : raw) {
        const auto c = static_cast<unsigned char>(ch);
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
            || c == '.' || c == '~' || (c == '/' && !encodeSlash)) {
            out += char(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

QByteArray SigV4Signer::canonicalQuery(const ByteParams &query)
{
    QList<QPair<QByteArray, QByteArray>> enc;
    enc.reserve(query.size());
    for (const auto &q : query)
        enc.append({uriEncode(q.first, true), uriEncode(q.second, true)});
    std::sort(enc.begin(), enc.end());
    QByteArray out;
    for (const auto &q : enc) {
        if (!out.isEmpty())
            out += '&';
        out += q.first + '=' + q.second;
    }
    return out;
}

QByteArray SigV4Signer::signedHeaders(const SigV4Input &in)
{
    const QMap<QByteArray, QByteArray> m = canonicalHeaderMap(in.headers);
    QByteArray out;
    for (auto it = m.cbegin(); it != m.cend(); ++it) {
        if (!out.isEmpty())
            out += ';';
        out += it.key();
    }
    return out;
}

QByteArray SigV4Signer::canonicalRequest(const SigV4Input &in)
{
    const QMap<QByteArray, QByteArray> m = canonicalHeaderMap(in.headers);
    QByteArray headers, names;
    for (auto it = m.cbegin(); it != m.cend(); ++it) {
        headers += it.key() + ':' + it.value() + '\n';
        if (!names.isEmpty())
            names += ';';
        names += it.key();
    }
    const QByteArray path = in.path.isEmpty() ? QByteArray("/") : uriEncode(in.path, false);
    return in.method + '\n' + path + '\n' + canonicalQuery(in.query) + '\n' + headers + '\n' + names + '\n'
        + in.payloadHash;
}

QByteArray SigV4Signer::stringToSign(const QByteArray &canonicalRequest, const QByteArray &amzDate) const
{
    const QByteArray scope = amzDate.left(8) + '/' + m_region + '/' + m_service + "/aws4_request";
    return "AWS4-HMAC-SHA256\n" + amzDate + '\n' + scope + '\n' + sha256Hex(canonicalRequest);
}

QByteArray SigV4Signer::signingKey(const QByteArray &date8) const
{
    QMutexLocker lock(&m_cacheLock);
    if (m_cachedDate == date8 && !m_cachedKey.isEmpty())
        return m_cachedKey;
    const QByteArray kDate = hmac("AWS4" + m_secretKey, date8);
    const QByteArray kRegion = hmac(kDate, m_region);
    const QByteArray kService = hmac(kRegion, m_service);
    m_cachedKey = hmac(kService, "aws4_request");
    m_cachedDate = date8;
    return m_cachedKey;
}

QByteArray SigV4Signer::signature(const SigV4Input &in, const QByteArray &amzDate) const
{
    return hmac(signingKey(amzDate.left(8)), stringToSign(canonicalRequest(in), amzDate)).toHex();
}

QByteArray SigV4Signer::authorization(const SigV4Input &in, const QByteArray &amzDate) const
{
    return "AWS4-HMAC-SHA256 Credential=" + m_accessKey + '/' + amzDate.left(8) + '/' + m_region + '/' + m_service
        + "/aws4_request, SignedHeaders=" + signedHeaders(in) + ", Signature=" + signature(in, amzDate);
}

QByteArray SigV4Signer::presignedQuery(const QByteArray &method, const QByteArray &host, const QByteArray &path,
    const QByteArray &amzDate, int expiresSeconds) const
{
    SigV4Input in;
    in.method = method;
    in.path = path;
    in.headers = {{"host", host}};
    in.payloadHash = "UNSIGNED-PAYLOAD";
    in.query = {{"X-Amz-Algorithm", "AWS4-HMAC-SHA256"},
        {"X-Amz-Credential", m_accessKey + '/' + amzDate.left(8) + '/' + m_region + '/' + m_service + "/aws4_request"},
        {"X-Amz-Date", amzDate}, {"X-Amz-Expires", QByteArray::number(expiresSeconds)},
        {"X-Amz-SignedHeaders", "host"}};
    in.query.append({"X-Amz-Signature", signature(in, amzDate)});
    return canonicalQuery(in.query);
}

QByteArray SigV4Signer::amzDate(const QDateTime &utc)
{
    return utc.toUTC().toString(QStringLiteral("yyyyMMdd'T'HHmmss'Z'")).toLatin1();
}

QByteArray SigV4Signer::sha256Hex(const QByteArray &data)
{
    return QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex();
}

QByteArray SigV4Signer::emptyPayloadHash()
{
    return QByteArrayLiteral("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

} // namespace cm
