// SPDX-License-Identifier: GPL-3.0-or-later
// S3Workload: which op and object a request slot takes next, and the signed request for it.
#include "s3/s3workloadimpl.h"

namespace cm {

int S3Workload::Impl::freeKey(bool wantExisting, bool sequential)
{
    const int n = spec.objects;
    auto ok = [&](int i) { return !busy[size_t(i)] && (!wantExisting || exists[size_t(i)]); };
    if (sequential) {
        for (int k = 0; k < n; ++k) {
            const int i = (cursor + k) % n;
            if (ok(i)) {
                cursor = (i + 1) % n;
                return i;
            }
        }
        return -1;
    }
    std::uniform_int_distribution<int> pick(0, n - 1);
    for (int tries = 0; tries < 16; ++tries) {
        const int i = pick(rng);
        if (ok(i))
            return i;
    }
    const int start = pick(rng);
    for (int k = 0; k < n; ++k)
        if (ok((start + k) % n))
            return (start + k) % n;
    return -1;
}

// Picks the slot's next op and object (lock held); false when there is nothing to do.
bool S3Workload::Impl::choose(Slot &s)
{
    s.uploadId.clear();
    s.part = 0;
    s.etags.clear();
    if (prefillMode) {
        // missing objects in index order; cursor only moves forward
        while (cursor < spec.objects && (exists[size_t(cursor)] || busy[size_t(cursor)]))
            ++cursor;
        if (cursor >= spec.objects)
            return false;
        s.op = S3WorkloadSpec::Put;
        s.key = cursor++;
        busy[size_t(s.key)] = 1;
        return true;
    }
    int op = S3WorkloadSpec::opFromName(spec.op);
    if (spec.op == u"mixed") {
        std::uniform_int_distribution<int> pct(0, 99);
        int r = pct(rng);
        op = S3WorkloadSpec::Get;
        for (int i = 0; i < S3WorkloadSpec::OpCount; ++i) {
            if (r < spec.mix[size_t(i)]) {
                op = i;
                break;
            }
            r -= spec.mix[size_t(i)];
        }
    }
    int key = -1;
    if (op == S3WorkloadSpec::List) {
        key = -1;
    } else if (op == S3WorkloadSpec::Put) {
        key = freeKey(false, spec.op != u"mixed");
    } else {
        key = freeKey(true, op == S3WorkloadSpec::Delete && spec.op == u"delete");
        if (key < 0 && spec.op == u"mixed") { // nothing to read or delete: write one
            op = S3WorkloadSpec::Put;
            key = freeKey(false, false);
        }
    }
    if (op != S3WorkloadSpec::List && key < 0)
        return false;
    s.op = op;
    s.key = key;
    if (key >= 0)
        busy[size_t(key)] = 1;
    used[size_t(op)] = true;
    return true;
}

S3HttpRequest S3Workload::Impl::request(Slot &s)
{
    const QString key = s.key >= 0 ? keyName(s.key) : QString();
    switch (s.op) {
    case S3WorkloadSpec::Get: {
        ByteParams h;
        if (spec.rangeSize > 0) {
            std::uniform_int_distribution<qint64> off(0, spec.objectSize - spec.rangeSize);
            const qint64 o = off(rng);
            h.append({"range", "bytes=" + QByteArray::number(o) + '-' + QByteArray::number(o + spec.rangeSize - 1)});
        }
        S3HttpRequest r = client.build("GET", spec.bucket, key, {}, h);
        r.keepBody = false;
        return r;
    }
    case S3WorkloadSpec::Head: return client.build("HEAD", spec.bucket, key);
    case S3WorkloadSpec::Delete: return client.build("DELETE", spec.bucket, key);
    case S3WorkloadSpec::List: {
        ByteParams q {
            {"list-type", "2"}, {"max-keys", "1000"}, {"prefix", objects.sizePrefix(spec.objectSize).toUtf8()}};
        if (!listToken.isEmpty())
            q.append({"continuation-token", listToken.toUtf8()});
        return client.build("GET", spec.bucket, QString(), q);
    }
    default: break;
    }
    if (!multipart())
        return client.build("PUT", spec.bucket, key, {}, {}, body);
    if (s.part == 0)
        return client.build("POST", spec.bucket, key, {{"uploads", {}}});
    if (s.part <= s.parts) {
        const qint64 off = qint64(s.part - 1) * spec.partSize;
        S3HttpRequest r = client.build("PUT", spec.bucket, key,
            {{"partNumber", QByteArray::number(s.part)}, {"uploadId", s.uploadId}}, {}, body, off,
            qMin(spec.partSize, spec.objectSize - off));
        r.context = QStringLiteral("PUT %1/%2 part %3").arg(spec.bucket, key).arg(s.part);
        return r;
    }
    QByteArray xml = "<CompleteMultipartUpload>";
    for (int i = 0; i < s.etags.size(); ++i)
        xml += "<Part><PartNumber>" + QByteArray::number(i + 1) + "</PartNumber><ETag>"
            + xmlEscape(QString::fromUtf8(s.etags.at(i))) + "</ETag></Part>";
    xml += "</CompleteMultipartUpload>";
    return client.build(
        "POST", spec.bucket, key, {{"uploadId", s.uploadId}}, {{"content-type", "application/xml"}}, xml);
}

} // namespace cm
