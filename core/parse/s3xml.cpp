// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/s3xml.h"

#include <QXmlStreamReader>

#include <memory>
#include <vector>

namespace cm {

namespace {

// A small element tree: S3 replies are shallow and at most a few thousand elements.
struct Node {
    QString name;
    QString text;
    std::vector<std::unique_ptr<Node>> children;

    const Node *child(QStringView n) const
    {
        for (const auto &c : children)
            if (c->name == n)
                return c.get();
        return nullptr;
    }
    QString childText(QStringView n) const
    {
        const Node *c = child(n);
        return c ? c->text : QString();
    }
};

constexpr int kMaxDepth = 32;
constexpr int kMaxNodes = 200000;

Error parseTree(const QByteArray &xml, std::unique_ptr<Node> *root, const char *what)
{
    if (xml.trimmed().isEmpty())
        return Error(Error::Code::ParseError, QStringLiteral("empty %1 body").arg(QLatin1String(what)));
    QXmlStreamReader r(xml);
    std::vector<Node *> stack;
    int nodes = 0;
    while (!r.atEnd()) {
        const auto t = r.readNext();
        if (t == QXmlStreamReader::StartElement) {
            if (++nodes > kMaxNodes || int(stack.size()) >= kMaxDepth)
                return Error(Error::Code::ParseError,
                    QStringLiteral("%1 body is too large or too deep").arg(QLatin1String(what)));
            auto n = std::make_unique<Node>();
            n->name = r.name().toString();
            Node *raw = n.get();
            if (stack.empty()) {
                if (*root)
                    return Error(Error::Code::ParseError,
                        QStringLiteral("%1 body has two root elements").arg(QLatin1String(what)));
                *root = std::move(n);
            } else {
                stack.back()->children.push_back(std::move(n));
            }
            stack.push_back(raw);
        } else if (t == QXmlStreamReader::EndElement) {
            if (!stack.empty()) {
                stack.back()->text = stack.back()->text.trimmed();
                stack.pop_back();
            }
        } else if (t == QXmlStreamReader::Characters && !stack.empty()) {
            stack.back()->text += r.text();
        }
    }
    if (r.hasError())
        return Error(Error::Code::ParseError,
            QStringLiteral("malformed %1 XML: %2 at line %3")
                .arg(QLatin1String(what), r.errorString())
                .arg(r.lineNumber()));
    if (!*root)
        return Error(Error::Code::ParseError, QStringLiteral("%1 body has no element").arg(QLatin1String(what)));
    return {};
}

Error expectRoot(const Node &root, QStringView name, const char *what)
{
    if (root.name == name)
        return {};
    return Error(Error::Code::ParseError,
        QStringLiteral("%1: expected <%2>, got <%3>").arg(QLatin1String(what), name.toString(), root.name));
}

Error errorFromBody(const Node &root)
{
    const QString code = root.childText(u"Code");
    const QString msg = root.childText(u"Message");
    return Error(Error::Code::CommandFailed,
        msg.isEmpty() ? QStringLiteral("S3 error %1").arg(code) : QStringLiteral("S3 error %1: %2").arg(code, msg),
        root.childText(u"Resource"), code);
}

} // namespace

Error parseS3Error(const QByteArray &xml, S3ErrorBody *out)
{
    std::unique_ptr<Node> root;
    if (Error e = parseTree(xml, &root, "S3 error"))
        return e;
    if (Error e = expectRoot(*root, u"Error", "S3 error"))
        return e;
    S3ErrorBody b;
    b.code = root->childText(u"Code");
    b.message = root->childText(u"Message");
    b.resource = root->childText(u"Resource");
    b.requestId = root->childText(u"RequestId");
    b.bucketName = root->childText(u"BucketName");
    b.key = root->childText(u"Key");
    if (b.code.isEmpty())
        return Error(Error::Code::ParseError, QStringLiteral("S3 error body without <Code>"));
    *out = b;
    return {};
}

Error parseS3ListObjects(const QByteArray &xml, S3ListResult *out)
{
    std::unique_ptr<Node> root;
    if (Error e = parseTree(xml, &root, "ListBucketResult"))
        return e;
    if (Error e = expectRoot(*root, u"ListBucketResult", "ListObjectsV2"))
        return e;
    S3ListResult res;
    res.bucket = root->childText(u"Name");
    res.prefix = root->childText(u"Prefix");
    res.truncated = root->childText(u"IsTruncated").compare(QLatin1String("true"), Qt::CaseInsensitive) == 0;
    res.nextContinuationToken = root->childText(u"NextContinuationToken");
    if (const Node *kc = root->child(u"KeyCount")) {
        bool ok = false;
        res.keyCount = kc->text.toInt(&ok);
        if (!ok || res.keyCount < 0)
            return Error(
                Error::Code::ParseError, QStringLiteral("ListObjectsV2: bad KeyCount '%1'").arg(kc->text.left(40)));
    }
    for (const auto &c : root->children) {
        if (c->name == u"Contents") {
            S3ObjectEntry o;
            o.key = c->childText(u"Key");
            o.etag = c->childText(u"ETag");
            o.lastModified = c->childText(u"LastModified");
            bool ok = false;
            o.size = c->childText(u"Size").toLongLong(&ok);
            if (!ok || o.size < 0)
                return Error(Error::Code::ParseError,
                    QStringLiteral("ListObjectsV2: bad Size for key '%1'").arg(o.key.left(200)));
            if (o.key.isEmpty())
                return Error(Error::Code::ParseError, QStringLiteral("ListObjectsV2: <Contents> without <Key>"));
            res.contents.append(o);
        } else if (c->name == u"CommonPrefixes") {
            res.commonPrefixes.append(c->childText(u"Prefix"));
        }
    }
    if (res.truncated && res.nextContinuationToken.isEmpty())
        return Error(Error::Code::ParseError, QStringLiteral("ListObjectsV2: truncated without NextContinuationToken"));
    *out = res;
    return {};
}

Error parseS3ListBuckets(const QByteArray &xml, QList<S3BucketEntry> *out)
{
    std::unique_ptr<Node> root;
    if (Error e = parseTree(xml, &root, "ListAllMyBucketsResult"))
        return e;
    if (Error e = expectRoot(*root, u"ListAllMyBucketsResult", "ListBuckets"))
        return e;
    QList<S3BucketEntry> list;
    if (const Node *buckets = root->child(u"Buckets")) {
        for (const auto &b : buckets->children) {
            if (b->name != u"Bucket")
                continue;
            const QString name = b->childText(u"Name");
            if (name.isEmpty())
                return Error(Error::Code::ParseError, QStringLiteral("ListBuckets: <Bucket> without <Name>"));
            list.append({name, b->childText(u"CreationDate")});
        }
    }
    *out = list;
    return {};
}

Error parseS3InitiateMultipart(const QByteArray &xml, S3InitiateMultipartResult *out)
{
    std::unique_ptr<Node> root;
    if (Error e = parseTree(xml, &root, "InitiateMultipartUploadResult"))
        return e;
    if (root->name == u"Error")
        return errorFromBody(*root);
    if (Error e = expectRoot(*root, u"InitiateMultipartUploadResult", "CreateMultipartUpload"))
        return e;
    S3InitiateMultipartResult r {root->childText(u"Bucket"), root->childText(u"Key"), root->childText(u"UploadId")};
    if (r.uploadId.isEmpty())
        return Error(Error::Code::ParseError, QStringLiteral("CreateMultipartUpload: no <UploadId>"));
    *out = r;
    return {};
}

Error parseS3CompleteMultipart(const QByteArray &xml, S3CompleteMultipartResult *out)
{
    std::unique_ptr<Node> root;
    if (Error e = parseTree(xml, &root, "CompleteMultipartUploadResult"))
        return e;
    if (root->name == u"Error")
        return errorFromBody(*root);
    if (Error e = expectRoot(*root, u"CompleteMultipartUploadResult", "CompleteMultipartUpload"))
        return e;
    S3CompleteMultipartResult r {
        root->childText(u"Location"), root->childText(u"Bucket"), root->childText(u"Key"), root->childText(u"ETag")};
    // radosgw 16.2 sends an empty <ETag/>: the ETag is not required.
    if (r.key.isEmpty() && r.location.isEmpty())
        return Error(Error::Code::ParseError, QStringLiteral("CompleteMultipartUpload: neither <Key> nor <Location>"));
    *out = r;
    return {};
}

Error parseS3ListMultipartUploads(const QByteArray &xml, S3ListUploadsResult *out)
{
    std::unique_ptr<Node> root;
    if (Error e = parseTree(xml, &root, "ListMultipartUploadsResult"))
        return e;
    if (Error e = expectRoot(*root, u"ListMultipartUploadsResult", "ListMultipartUploads"))
        return e;
    S3ListUploadsResult res;
    res.bucket = root->childText(u"Bucket");
    res.truncated = root->childText(u"IsTruncated").compare(QLatin1String("true"), Qt::CaseInsensitive) == 0;
    res.nextKeyMarker = root->childText(u"NextKeyMarker");
    res.nextUploadIdMarker = root->childText(u"NextUploadIdMarker");
    for (const auto &c : root->children) {
        if (c->name != u"Upload")
            continue;
        S3MultipartUploadEntry u {c->childText(u"Key"), c->childText(u"UploadId"), c->childText(u"Initiated")};
        if (u.key.isEmpty() || u.uploadId.isEmpty())
            return Error(
                Error::Code::ParseError, QStringLiteral("ListMultipartUploads: <Upload> without <Key> or <UploadId>"));
        res.uploads.append(u);
    }
    if (res.truncated && res.nextKeyMarker.isEmpty() && res.nextUploadIdMarker.isEmpty())
        return Error(Error::Code::ParseError, QStringLiteral("ListMultipartUploads: truncated without NextKeyMarker"));
    *out = res;
    return {};
}

QByteArray xmlEscape(const QString &text)
{
    return text.toHtmlEscaped().toUtf8();
}

} // namespace cm
