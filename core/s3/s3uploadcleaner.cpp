#include "s3/s3uploadcleaner.h"

#include <QXmlStreamReader>

namespace cm {

namespace {

struct OpenUpload {
    QString key;
    QString uploadId;
};

// <ListMultipartUploadsResult>…<Upload><Key>k</Key><UploadId>id</UploadId>…</Upload>…
QList<OpenUpload> parseUploads(const QByteArray &xml, bool *truncated)
{
    QList<OpenUpload> out;
    QXmlStreamReader r(xml);
    OpenUpload cur;
    bool inUpload = false;
    *truncated = false;
    while (!r.atEnd()) {
        r.readNext();
        if (r.isStartElement()) {
            const auto name = r.name();
            if (name == u"Upload") {
                inUpload = true;
                cur = {};
            } else if (inUpload && name == u"Key") {
                cur.key = r.readElementText();
            } else if (inUpload && name == u"UploadId") {
                cur.uploadId = r.readElementText();
            } else if (!inUpload && name == u"IsTruncated") {
                *truncated = r.readElementText() == u"true";
            }
        } else if (r.isEndElement() && r.name() == u"Upload") {
            inUpload = false;
            if (!cur.key.isEmpty() && !cur.uploadId.isEmpty())
                out << cur;
        }
    }
    return out;
}

} // namespace

Error abortOpenUploads(S3Client &client, const QString &bucket, int *aborted)
{
    if (aborted)
        *aborted = 0;
    for (int round = 0; round < 100; ++round) {   // 1000 a page; aborted ones leave the list
        S3HttpRequest req = client.build("GET", bucket, QString(), {{"uploads", {}}});
        const QString ctx = req.context;
        const S3HttpResponse resp = client.execute(std::move(req));
        if (Error e = S3Client::errorFor(resp, ctx))
            return e;
        bool truncated = false;
        const QList<OpenUpload> uploads = parseUploads(resp.body, &truncated);
        for (const OpenUpload &u : uploads) {
            if (Error e = client.abortMultipart(bucket, u.key, u.uploadId); e && e.detail != u"NoSuchUpload")
                return e;
            if (aborted)
                ++*aborted;
        }
        if (uploads.isEmpty() || !truncated)
            return {};
    }
    return {};
}

} // namespace cm
