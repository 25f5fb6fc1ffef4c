// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// AWS Signature Version 4 (header form) for S3: canonical request, string to sign,
// signing key and the Authorization header. S3 paths are encoded once and never
// normalised (unlike other AWS services). Checked against AWS's published vectors
// (tests/data/s3/).
#include <QByteArray>
#include <QList>
#include <QMutex>
#include <QPair>

class QDateTime;

namespace cm {

using ByteParams = QList<QPair<QByteArray, QByteArray>>;

struct SigV4Input {
    QByteArray method; // GET, PUT, ...
    QByteArray path; // raw, not encoded: "/bucket/my key"
    ByteParams query; // raw names and values (a flag like ?uploads has an empty value)
    ByteParams headers; // every header to sign, host and x-amz-date included
    QByteArray payloadHash; // lowercase hex SHA-256 of the body, or "UNSIGNED-PAYLOAD"
};

class SigV4Signer {
public:
    SigV4Signer() = default;
    SigV4Signer(QByteArray accessKey, QByteArray secretKey, QByteArray region, QByteArray service = "s3");
    SigV4Signer(const SigV4Signer &other);
    SigV4Signer &operator=(const SigV4Signer &other);

    QByteArray accessKey() const { return m_accessKey; }
    QByteArray region() const { return m_region; }

    // The full header value: "AWS4-HMAC-SHA256 Credential=..., SignedHeaders=..., Signature=...".
    // amzDate is the x-amz-date value (yyyyMMddTHHmmssZ) the headers carry.
    QByteArray authorization(const SigV4Input &in, const QByteArray &amzDate) const;
    QByteArray signature(const SigV4Input &in, const QByteArray &amzDate) const;
    QByteArray stringToSign(const QByteArray &canonicalRequest, const QByteArray &amzDate) const;
    QByteArray signingKey(const QByteArray &date8) const; // cached for the last date
    // Query-string form (a presigned URL's query): the signature travels in the URL, so a
    // client that cannot sign still makes the gateway check one on every request.
    // path is raw (not encoded); only the host header is signed; the payload is unsigned.
    QByteArray presignedQuery(const QByteArray &method, const QByteArray &host, const QByteArray &path,
        const QByteArray &amzDate, int expiresSeconds) const;

    static QByteArray canonicalRequest(const SigV4Input &in);
    static QByteArray signedHeaders(const SigV4Input &in);
    static QByteArray canonicalQuery(const ByteParams &query);
    // RFC 3986: unreserved characters stay, everything else is %XX (uppercase).
    static QByteArray uriEncode(const QByteArray &raw, bool encodeSlash);
    static QByteArray amzDate(const QDateTime &utc);
    static QByteArray sha256Hex(const QByteArray &data);
    static QByteArray emptyPayloadHash();

private:
    QByteArray m_accessKey, m_secretKey, m_region, m_service;
    mutable QMutex m_cacheLock;
    mutable QByteArray m_cachedDate, m_cachedKey;
};

} // namespace cm
