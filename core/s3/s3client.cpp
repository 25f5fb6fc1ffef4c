// SPDX-License-Identifier: GPL-3.0-or-later
#include "s3/s3client.h"

#include <QCryptographicHash>

#include <QLoggingCategory>
#include <QRandomGenerator>
#include <QRegularExpression>

#include <ctime>

namespace cm {

Q_LOGGING_CATEGORY(lcS3, "clustermark.core.s3")

namespace {

// Formatted once per second and thread: a load loop signs thousands of requests a second.
QByteArray amzDateNow()
{
    thread_local std::time_t formattedAt = -1;
    thread_local QByteArray formatted;
    const std::time_t now = std::time(nullptr);
    if (now != formattedAt) {
        std::tm tm {};
        gmtime_r(&now, &tm);
        char buf[20];
        std::strftime(buf, sizeof buf, "%Y%m%dT%H%M%SZ", &tm);
        formatted = QByteArray(buf);
        formattedAt = now;
    }
    return formatted;
}

QString describe(const QByteArray &method, const QString &bucket, const QString &key)
{
    return QString::fromLatin1(method) + QLatin1Char(' ') + bucket
        + (key.isEmpty() ? QString() : QLatin1Char('/') + key);
}

} // namespace

S3Client::S3Client(const S3Config &config)
    : m_config(config)
{
    m_base = QUrl(config.endpoint, QUrl::StrictMode);
    const QString scheme = m_base.scheme().toLower();
    if (!m_base.isValid() || (scheme != u"http" && scheme != u"https") || m_base.host().isEmpty())
        m_configError = Error(Error::Code::InvalidInput,
            QStringLiteral("S3 endpoint must be an http:// or https:// URL"), config.endpoint);
    else if (!m_base.path().isEmpty() && m_base.path() != u"/")
        m_configError
            = Error(Error::Code::InvalidInput, QStringLiteral("S3 endpoint must not have a path"), config.endpoint);
    else if (config.accessKey.isEmpty() || config.secretKey.isEmpty())
        m_configError = Error(Error::Code::InvalidInput, QStringLiteral("S3 access key and secret key are required"));
    else if (config.encryption == S3Config::Encryption::SseC && config.customerKey.size() != 32)
        m_configError = Error(Error::Code::InvalidInput, QStringLiteral("an SSE-C key is 32 bytes (AES-256)"));
    else if (config.region.isEmpty())
        m_configError
            = Error(Error::Code::InvalidInput, QStringLiteral("S3 region is required (RGW: any name, e.g. us-east-1)"));
    const int defPort = scheme == u"https" ? 443 : 80;
    m_hostPort = m_base.host(QUrl::FullyEncoded).toLatin1();
    if (m_base.port(defPort) != defPort)
        m_hostPort += ':' + QByteArray::number(m_base.port());
    m_signer = SigV4Signer(config.accessKey, config.secretKey, config.region.toLatin1(), "s3");
    S3HttpPool::Options o;
    o.maxConnections = config.maxConnections;
    o.threads = config.threads;
    o.plainHttpEngine = config.plainHttpEngine;
    o.caFile = config.caFile;
    o.verifyTls = !config.skipTlsVerify;
    o.connectTimeoutMs = config.connectTimeoutMs;
    o.stallTimeoutMs = config.stallTimeoutMs;
    m_pool = std::make_unique<S3HttpPool>(o);
}

S3Client::~S3Client() = default;

QString S3Client::newBucketName(const QString &tag)
{
    QString t = tag.toLower();
    t.remove(QRegularExpression(QStringLiteral("[^a-z0-9]")));
    t = t.left(20);
    const quint64 r = QRandomGenerator::global()->generate64();
    return QLatin1String(kBucketPrefix) + (t.isEmpty() ? QString() : t + QLatin1Char('-'))
        + QString::number(r, 16).rightJustified(16, QLatin1Char('0')).left(12);
}

bool S3Client::isValidBucketName(const QString &name)
{
    static const QRegularExpression re(QStringLiteral("^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$"));
    return re.match(name).hasMatch() && !name.contains(QLatin1String(".."));
}

bool S3Client::isAppBucket(const QString &name)
{
    return name.startsWith(QLatin1String(kBucketPrefix)) && isValidBucketName(name);
}

void S3Client::hostAndPath(const QString &bucket, const QString &key, QByteArray *host, QByteArray *path) const
{
    *host = m_hostPort;
    *path = "/";
    if (!bucket.isEmpty()) {
        if (m_config.virtualHostStyle)
            *host = bucket.toLatin1() + '.' + m_hostPort;
        else
            *path += bucket.toUtf8() + (key.isEmpty() ? QByteArray() : QByteArray("/"));
    }
    *path += key.toUtf8();
}

QByteArray S3Client::presignedUrl(
    const QByteArray &method, const QString &bucket, const QString &key, int expiresSeconds) const
{
    QByteArray host, path;
    hostAndPath(bucket, key, &host, &path);
    const QByteArray scheme = m_base.scheme().toLower().toLatin1();
    return scheme + "://" + host + SigV4Signer::uriEncode(path, false) + '?'
        + m_signer.presignedQuery(method, host, path, amzDateNow(), expiresSeconds);
}

S3HttpRequest S3Client::build(const QByteArray &method, const QString &bucket, const QString &key,
    const ByteParams &query, const ByteParams &extraHeaders, const QByteArray &body, qint64 bodyOffset,
    qint64 bodyLength) const
{
    S3HttpRequest req;
    req.method = method;
    req.body = body;
    req.bodyOffset = bodyOffset;
    req.bodyLength = bodyLength;
    req.context = describe(method, bucket, key);

    QByteArray host, path;
    hostAndPath(bucket, key, &host, &path);

    SigV4Input in;
    in.method = method;
    in.path = path;
    in.query = query;
    const QByteArray date = amzDateNow();
    if (m_config.signPayload) {
        const qint64 len = req.sendLength();
        in.payloadHash = SigV4Signer::sha256Hex(
            len > 0 ? QByteArray::fromRawData(body.constData() + bodyOffset, qsizetype(len)) : QByteArray());
    } else {
        in.payloadHash = "UNSIGNED-PAYLOAD";
    }
    in.headers = {{"host", host}, {"x-amz-date", date}, {"x-amz-content-sha256", in.payloadHash}};
    in.headers += extraHeaders;
    in.headers += encryptionHeaders(method, key, query);

    const QByteArray scheme = m_base.scheme().toLower().toLatin1();
    const QByteArray q = SigV4Signer::canonicalQuery(query);
    req.url = scheme + "://" + host + SigV4Signer::uriEncode(path, false) + (q.isEmpty() ? QByteArray() : '?' + q);
    for (const auto &h : std::as_const(in.headers))
        req.headers.append(h.first + ": " + h.second);
    req.headers.append("Authorization: " + m_signer.authorization(in, date));
    return req;
}

ByteParams S3Client::encryptionHeaders(const QByteArray &method, const QString &key, const ByteParams &query) const
{
    if (m_config.encryption == S3Config::Encryption::None || key.isEmpty())
        return {};
    auto has = [&](const QByteArray &name) {
        return std::any_of(query.cbegin(), query.cend(), [&](const auto &q) { return q.first == name; });
    };
    const bool put = method == "PUT" && !has("partNumber");
    const bool initiate = method == "POST" && has("uploads");
    if (m_config.encryption == S3Config::Encryption::SseS3)
        return put || initiate ? ByteParams {{"x-amz-server-side-encryption", "AES256"}} : ByteParams {};
    // SSE-C: every request that writes or reads the object's data, and HEAD.
    if (!(method == "PUT" || initiate || method == "GET" || method == "HEAD"))
        return {};
    return {{"x-amz-server-side-encryption-customer-algorithm", "AES256"},
        {"x-amz-server-side-encryption-customer-key", m_config.customerKey.toBase64()},
        {"x-amz-server-side-encryption-customer-key-md5",
            QCryptographicHash::hash(m_config.customerKey, QCryptographicHash::Md5).toBase64()}};
}

bool S3Client::answerSaysEncrypted(const S3HttpResponse &r) const
{
    switch (m_config.encryption) {
    case S3Config::Encryption::None: return false;
    case S3Config::Encryption::SseS3: return r.header("x-amz-server-side-encryption") == "AES256";
    case S3Config::Encryption::SseC: return r.header("x-amz-server-side-encryption-customer-algorithm") == "AES256";
    }
    return false;
}

QString S3Client::encryptionName(S3Config::Encryption e)
{
    switch (e) {
    case S3Config::Encryption::None: return QStringLiteral("none");
    case S3Config::Encryption::SseS3: return QStringLiteral("SSE-S3");
    case S3Config::Encryption::SseC: return QStringLiteral("SSE-C");
    }
    return {};
}

void S3Client::submit(S3HttpRequest request, S3HttpPool::Callback done)
{
    if (m_configError) {
        S3HttpResponse r;
        r.error = m_configError;
        done(std::move(r));
        return;
    }
    m_pool->submit(std::move(request), std::move(done));
}

S3HttpResponse S3Client::execute(S3HttpRequest request)
{
    if (m_configError) {
        S3HttpResponse r;
        r.error = m_configError;
        return r;
    }
    return m_pool->execute(std::move(request));
}

Error S3Client::errorFor(const S3HttpResponse &r, const QString &context)
{
    if (r.error)
        return r.error;
    if (r.status >= 200 && r.status < 300)
        return {};
    if (r.status == 0)
        return Error(Error::Code::Unreachable, QStringLiteral("no HTTP response"), context);
    S3ErrorBody body;
    const bool parsed = !r.body.isEmpty() && !parseS3Error(r.body, &body);
    QString code = parsed ? body.code : QString();
    if (code.isEmpty() && r.status == 404)
        code = QStringLiteral("NotFound"); // HEAD answers carry no body
    QString msg = QStringLiteral("HTTP %1").arg(r.status);
    if (!code.isEmpty())
        msg += QLatin1Char(' ') + code;
    if (parsed && !body.message.isEmpty())
        msg += QStringLiteral(": ") + body.message;
    Error::Code c = Error::Code::CommandFailed;
    if (r.status == 403 || r.status == 401) {
        c = Error::Code::AuthDenied;
        if (code == u"SignatureDoesNotMatch")
            msg += QStringLiteral(" (the secret key does not match the access key, or the request was altered)");
        else if (code == u"InvalidAccessKeyId")
            msg += QStringLiteral(" (the gateway does not know this access key)");
        else if (code == u"RequestTimeTooSkewed")
            msg += QStringLiteral(" (this computer's clock differs too much from the gateway's)");
    } else if (r.status == 404) {
        c = Error::Code::PathMissing;
    }
    return Error(c, msg, context, code);
}

Error S3Client::checkUsable(const QString &bucket) const
{
    if (m_configError)
        return m_configError;
    if (!bucket.isEmpty() && !isValidBucketName(bucket))
        return Error(Error::Code::InvalidInput, QStringLiteral("invalid bucket name"), bucket);
    return {};
}

Error S3Client::putObject(const QString &bucket, const QString &key, const QByteArray &data, S3HttpResponse *r)
{
    if (Error e = checkUsable(bucket))
        return e;
    S3HttpRequest req = build("PUT", bucket, key, {}, {}, data);
    const QString ctx = req.context;
    const S3HttpResponse resp = execute(std::move(req));
    if (r)
        *r = resp;
    return errorFor(resp, ctx);
}

Error S3Client::getObject(
    const QString &bucket, const QString &key, QByteArray *data, qint64 offset, qint64 length, S3HttpResponse *r)
{
    if (Error e = checkUsable(bucket))
        return e;
    ByteParams headers;
    if (offset >= 0) {
        const QByteArray end = length > 0 ? QByteArray::number(offset + length - 1) : QByteArray();
        headers.append({"range", "bytes=" + QByteArray::number(offset) + '-' + end});
    }
    S3HttpRequest req = build("GET", bucket, key, {}, headers);
    req.keepBody = data != nullptr;
    const QString ctx = req.context;
    S3HttpResponse resp = execute(std::move(req));
    const Error e = errorFor(resp, ctx);
    if (!e && data)
        *data = resp.body;
    if (r)
        *r = std::move(resp);
    return e;
}

Error S3Client::headObject(const QString &bucket, const QString &key, qint64 *size, S3HttpResponse *r)
{
    if (Error e = checkUsable(bucket))
        return e;
    S3HttpRequest req = build("HEAD", bucket, key);
    const QString ctx = req.context;
    const S3HttpResponse resp = execute(std::move(req));
    if (r)
        *r = resp;
    const Error e = errorFor(resp, ctx);
    if (!e && size) {
        bool ok = false;
        *size = resp.header("content-length").toLongLong(&ok);
        if (!ok)
            return Error(Error::Code::ParseError, QStringLiteral("HEAD answer without Content-Length"), ctx);
    }
    return e;
}

Error S3Client::deleteObject(const QString &bucket, const QString &key, S3HttpResponse *r)
{
    if (Error e = checkUsable(bucket))
        return e;
    S3HttpRequest req = build("DELETE", bucket, key);
    const QString ctx = req.context;
    const S3HttpResponse resp = execute(std::move(req));
    if (r)
        *r = resp;
    return errorFor(resp, ctx);
}

Error S3Client::listObjects(
    const QString &bucket, const QString &prefix, QList<S3ObjectEntry> *out, int pageSize, int *pages)
{
    if (Error e = checkUsable(bucket))
        return e;
    out->clear();
    QString token;
    int n = 0;
    while (true) {
        ByteParams q {{"list-type", "2"}, {"max-keys", QByteArray::number(qBound(1, pageSize, 1000))}};
        if (!prefix.isEmpty())
            q.append({"prefix", prefix.toUtf8()});
        if (!token.isEmpty())
            q.append({"continuation-token", token.toUtf8()});
        S3HttpRequest req = build("GET", bucket, QString(), q);
        const QString ctx = req.context;
        const S3HttpResponse resp = execute(std::move(req));
        ++n;
        if (pages)
            *pages = n;
        if (Error e = errorFor(resp, ctx))
            return e;
        S3ListResult page;
        if (Error e = parseS3ListObjects(resp.body, &page)) {
            e.context = ctx;
            return e;
        }
        out->append(page.contents);
        if (!page.truncated)
            return {};
        if (page.nextContinuationToken == token)
            return Error(Error::Code::ParseError, QStringLiteral("ListObjectsV2 repeats its continuation token"), ctx);
        token = page.nextContinuationToken;
    }
}

Error S3Client::listBuckets(QList<S3BucketEntry> *out)
{
    if (Error e = checkUsable({}))
        return e;
    S3HttpRequest req = build("GET", QString(), QString());
    const QString ctx = QStringLiteral("GET / (list buckets)");
    const S3HttpResponse resp = execute(std::move(req));
    if (Error e = errorFor(resp, ctx))
        return e;
    return parseS3ListBuckets(resp.body, out);
}

} // namespace cm
