// SPDX-License-Identifier: GPL-3.0-or-later
#include "s3/s3workloadimpl.h"

#include "model/metric.h"

#include <QLoggingCategory>

#include <algorithm>
#include <chrono>

Q_LOGGING_CATEGORY(lcS3Load, "clustermark.core.s3load")

namespace cm {

namespace {

using Clock = std::chrono::steady_clock;

qint64 nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
}

constexpr qint64 kParkNs = 100'000'000; // a slot waits this long after a transport failure
// A request cut off by the end of the runtime is a stall when it waited this long and
// nothing at all was answered for this long before the end.
constexpr qint64 kStallNs = 2'000'000'000;

} // namespace

QString S3WorkloadSpec::opName(int op)
{
    static const char *const names[] = {"get", "put", "head", "delete", "list"};
    return op >= 0 && op < OpCount ? QLatin1String(names[op]) : QString();
}

int S3WorkloadSpec::opFromName(const QString &name)
{
    for (int i = 0; i < OpCount; ++i)
        if (opName(i) == name)
            return i;
    return -1;
}

// Sends the slot's current request (lock NOT held).
void S3Workload::Impl::send(int slotIndex, S3HttpRequest req)
{
    client.submit(std::move(req), [this, slotIndex](S3HttpResponse &&r) { onDone(slotIndex, std::move(r)); });
}

// Picks and sends the slot's next request, or leaves it idle (lock held on entry, released).
void S3Workload::Impl::next(int i, std::unique_lock<std::mutex> &lock)
{
    Slot &s = slots[size_t(i)];
    if (stopping || !choose(s)) {
        s.idle = true;
        --inFlight;
        cv.notify_all();
        lock.unlock();
        return;
    }
    s.startNs = nowNs();
    S3HttpRequest req = request(s);
    lock.unlock();
    send(i, std::move(req));
}

void S3Workload::Impl::fail(Slot &s, const S3HttpResponse &r, const QString &context)
{
    Error e = S3Client::errorFor(r, context);
    if (!e) // a 200 whose body was wrong (multipart)
        e = Error(Error::Code::CommandFailed, QStringLiteral("unexpected answer"), context);
    if (!prefillMode)
        interval.addError(r.transportOk() ? QString::number(r.status) : QStringLiteral("transport"));
    if (!s.uploadId.isEmpty())
        openUploads.append({keyName(s.key), s.uploadId});
    if (s.key >= 0 && s.op == S3WorkloadSpec::Delete && !r.transportOk()) // done or not: unknown
        exists[size_t(s.key)] = 0;
    if ((spec.stopOnError || prefillMode) && !firstError) {
        firstError = prefillMode ? Error(e.code, QStringLiteral("prefill: ") + e.message, e.context, e.detail) : e;
        stopping = true;
    }
    if (!firstSeen)
        firstSeen = e;
    if (!r.transportOk() && !stopping)
        s.parkedUntil = nowNs() + kParkNs;
    qCDebug(lcS3Load) << e.toString();
}

void S3Workload::Impl::onDone(int i, S3HttpResponse &&r)
{
    std::unique_lock lock(m);
    Slot &s = slots[size_t(i)];
    const qint64 end = nowNs();
    if (stopping && r.error.code == Error::Code::Cancelled) {
        settleCutOff(s, r, end);
        return;
    }
    longestQuietNs = std::max(longestQuietNs, end - lastAnswerNs);
    lastAnswerNs = end;
    ++answersInTick;
    bool done = true; // the op is over (one more request for a multipart upload otherwise)
    bool ok = r.ok();
    if (ok && s.op == S3WorkloadSpec::Put && multipart())
        ok = advanceMultipart(s, r, &done);
    if (!ok)
        fail(s, r, requestContext(s));
    else if (done)
        recordDone(s, r, end);
    if (!done && ok && !stopping) {
        S3HttpRequest req = request(s);
        lock.unlock();
        send(i, std::move(req));
        return;
    }
    if (s.key >= 0)
        busy[size_t(s.key)] = 0;
    if (s.parkedUntil > 0 || stopping) { // the main loop resends it, or it ends
        if (stopping || s.parkedUntil == 0) {
            s.idle = true;
            s.parkedUntil = 0;
        }
        --inFlight;
        cv.notify_all();
        return;
    }
    next(i, lock);
}

// A request the stop cancelled (lock held): the slot ends, what it moved still counts.
void S3Workload::Impl::settleCutOff(Slot &s, const S3HttpResponse &r, qint64 end)
{
    // cut off at the end of the runtime, unanswered, while the gateway said nothing
    if (atDeadline && !prefillMode && end - s.startNs > kStallNs && end - lastAnswerNs > kStallNs
        && (s.op != S3WorkloadSpec::Get || r.bytesReceived == 0)) {
        ++stalledRequests;
        interval.addError(QStringLiteral("stalled"));
    }
    // a GET cut off at the deadline: its bytes moved within the runtime (a large
    // object's GET can outlast a step; PUTs that large are multipart, counted by part)
    if (atDeadline && !prefillMode && s.op == S3WorkloadSpec::Get)
        interval.addBytes(s.op, quint64(r.bytesReceived));
    if (s.key >= 0)
        busy[size_t(s.key)] = 0;
    // the gateway may have done it: the object may be gone, a later step rewrites it
    if (s.key >= 0 && s.op == S3WorkloadSpec::Delete)
        exists[size_t(s.key)] = 0;
    if (!s.uploadId.isEmpty())
        openUploads.append({keyName(s.key), s.uploadId});
    s.idle = true;
    --inFlight;
    cv.notify_all();
}

QString S3Workload::Impl::requestContext(const Slot &s) const
{
    return s.op == S3WorkloadSpec::List
        ? QStringLiteral("LIST %1").arg(spec.bucket)
        : QStringLiteral("%1 %2/%3").arg(S3WorkloadSpec::opName(s.op).toUpper(), spec.bucket, keyName(s.key));
}

// One answer of a multipart upload: initiate, a part, or the completion.
bool S3Workload::Impl::advanceMultipart(Slot &s, const S3HttpResponse &r, bool *done)
{
    if (s.part == 0) {
        S3InitiateMultipartResult init;
        const bool ok = !parseS3InitiateMultipart(r.body, &init) && !init.uploadId.isEmpty();
        if (ok) {
            s.uploadId = init.uploadId.toUtf8();
            s.parts = int((spec.objectSize + spec.partSize - 1) / spec.partSize);
            s.part = 1;
            *done = false;
        }
        return ok;
    }
    if (s.part <= s.parts) {
        const QByteArray tag = r.header("etag");
        const bool ok = !tag.isEmpty();
        if (ok) {
            s.etags << tag;
            if (!prefillMode)
                interval.addBytes(S3WorkloadSpec::Put,
                    quint64(qMin(spec.partSize, spec.objectSize - qint64(s.part - 1) * spec.partSize)));
            ++s.part;
            *done = false;
        }
        return ok;
    }
    S3CompleteMultipartResult res;
    const bool ok = !parseS3CompleteMultipart(r.body, &res);
    if (ok)
        s.uploadId.clear();
    return ok;
}

// A whole op succeeded: what exists now, the list position, and its figures.
void S3Workload::Impl::recordDone(Slot &s, const S3HttpResponse &r, qint64 end)
{
    if (s.key >= 0 && s.op == S3WorkloadSpec::Put)
        exists[size_t(s.key)] = 1;
    if (s.key >= 0 && s.op == S3WorkloadSpec::Delete)
        exists[size_t(s.key)] = 0;
    if (s.op == S3WorkloadSpec::List) {
        S3ListResult page;
        if (!parseS3ListObjects(r.body, &page))
            listToken = page.truncated ? page.nextContinuationToken : QString();
    }
    if (prefillMode) {
        ++prefilledCount;
        return;
    }
    const bool whole = s.op == S3WorkloadSpec::Put && multipart();
    interval.addOk(s.op, quint64(whole ? end - s.startNs : r.latencyNs), quint64(r.ttfbNs));
    if (s.op == S3WorkloadSpec::Get)
        interval.addBytes(s.op, quint64(r.bytesReceived));
    else if (s.op == S3WorkloadSpec::Put && !whole)
        interval.addBytes(s.op, quint64(spec.objectSize));
}

// Runs slots until the deadline (0: none), nothing is left, a stop or a cancel.
Error S3Workload::Impl::loop(
    const CancelToken &cancel, qint64 deadlineNs, const std::function<void(double secs, double t)> &tick)
{
    const qint64 start = nowNs();
    qint64 lastTick = start;
    qint64 stoppedAt = 0;
    bool cancelled = false;
    std::unique_lock lock(m);
    startSlots(start, lock);
    qint64 lastCancelAll = 0;
    while (true) {
        const qint64 now = nowNs();
        if (!stopping && cancel.isCancelled()) {
            stopping = cancelled = true;
        }
        if (!stopping && deadlineNs > 0 && now >= deadlineNs)
            stopping = atDeadline = true;
        if (stopping && !stoppedAt) {
            stoppedAt = now;
            if (inFlight > 0)
                longestQuietNs = std::max(longestQuietNs, now - lastAnswerNs);
        }
        if (stopping && inFlight > 0 && now - lastCancelAll > 200'000'000) {
            lastCancelAll = now;
            lock.unlock();
            client.pool().cancelAll();
            lock.lock();
            continue;
        }
        resumeParked(now, lock);
        if (inFlight == 0 && !anyParked())
            break;
        if (tick && nowNs() - lastTick >= 1'000'000'000) {
            const qint64 t = nowNs();
            if (answersInTick == 0 && inFlight > 0 && !stopping)
                ++stalledTicks;
            answersInTick = 0;
            lock.unlock();
            tick(double(t - lastTick) / 1e9, double(t - start) / 1e9);
            lock.lock();
            lastTick = t;
            continue;
        }
        cv.wait_for(lock, std::chrono::milliseconds(stopping ? 20 : 50));
    }
    const qint64 end = stoppedAt ? stoppedAt : nowNs();
    runtimeMs = (end - start) / 1'000'000;
    lock.unlock();
    if (lastCancelAll) // no later request (the next step's, the clean-up's) meets it
        client.pool().settleCancel();
    // The tail: what completed since the last tick, also while draining. Always: a tick
    // may have come during the drain, after `end`, and requests finished after it
    // (a zero-length tail gives only its error counts, see run()).
    if (tick)
        tick(double(std::max<qint64>(end - lastTick, 1)) / 1e9, double(std::max(end, lastTick) - start) / 1e9);
    abortOpenUploads();
    return loopError(cancelled);
}

// Fresh slots and counters, and every slot's first request (lock held throughout).
void S3Workload::Impl::startSlots(qint64 start, std::unique_lock<std::mutex> &lock)
{
    slots.assign(size_t(spec.concurrency), Slot());
    stopping = atDeadline = false;
    lastAnswerNs = start;
    longestQuietNs = 0;
    answersInTick = stalledTicks = stalledRequests = 0;
    inFlight = int(slots.size());
    for (int i = 0; i < int(slots.size()); ++i) {
        next(i, lock);
        lock.lock();
    }
}

// Parked slots whose wait is over go again; after a stop they end (lock held).
void S3Workload::Impl::resumeParked(qint64 now, std::unique_lock<std::mutex> &lock)
{
    for (int i = 0; i < int(slots.size()); ++i) {
        Slot &s = slots[size_t(i)];
        if (s.parkedUntil > 0 && (stopping || now >= s.parkedUntil)) {
            s.parkedUntil = 0;
            if (stopping) {
                s.idle = true;
                continue;
            }
            ++inFlight;
            next(i, lock);
            lock.lock();
        }
    }
}

bool S3Workload::Impl::anyParked() const
{
    bool parked = false;
    for (const Slot &s : slots)
        parked = parked || s.parkedUntil > 0;
    return parked;
}

// The stopping error, else cancel, else (measuring) the first failure when nothing
// at all succeeded.
Error S3Workload::Impl::loopError(bool cancelled) const
{
    if (firstError)
        return firstError;
    if (cancelled)
        return Error(Error::Code::Cancelled, QStringLiteral("cancelled"), spec.target);
    if (!prefillMode && firstSeen) {
        S3OpStats all = total;
        all.merge(interval);
        quint64 ok = 0;
        for (int op = 0; op < S3WorkloadSpec::OpCount; ++op)
            ok += all.requests(op);
        if (ok == 0)
            return Error(firstSeen.code,
                QStringLiteral("every request failed (%1 of them), the first: %2")
                    .arg(all.errorCount())
                    .arg(firstSeen.message),
                firstSeen.context, firstSeen.detail);
    }
    return {};
}

void S3Workload::Impl::abortOpenUploads()
{
    const auto uploads = openUploads;
    openUploads.clear();
    for (const auto &u : uploads) {
        const Error e = client.abortMultipart(spec.bucket, u.first, QString::fromUtf8(u.second));
        // NoSuchUpload: the cancelled request was the completion, and it went through
        if (e && e.detail != u"NoSuchUpload")
            qCWarning(lcS3Load) << "abort multipart upload" << u.first << e.toString();
    }
}

S3Workload::S3Workload(S3Client &client, S3WorkloadSpec spec, S3ObjectSet &objects)
    : d(std::make_unique<Impl>(client, std::move(spec), objects))
{ }

// The one PUT body, made when something is to be written (a 1 GiB GET step whose
// objects exist needs none).
void S3Workload::Impl::makeBody()
{
    if (body.size() == spec.objectSize)
        return;
    body = QByteArray(qsizetype(spec.objectSize), 'x');
    for (qsizetype i = 0; i < body.size(); i += 4096) // not all one byte (no accidental compression)
        body[i] = char(rng());
}

S3Workload::~S3Workload() = default;

Error S3Workload::prefill(const CancelToken &cancel)
{
    d->prefillMode = true;
    d->cursor = 0;
    const auto &exists = d->exists;
    if (std::find(exists.begin(), exists.begin() + d->spec.objects, 0) != exists.begin() + d->spec.objects)
        d->makeBody();
    const Error e = d->loop(cancel, 0, {});
    d->prefillMode = false;
    d->cursor = 0;
    return e;
}

Error S3Workload::run(const CancelToken &cancel, const std::function<void(const SampleList &)> &emit)
{
    IoSampleLabels labels;
    labels.step = d->spec.step;
    labels.target = d->spec.target;
    labels.timeOffset = d->spec.timeOffset;
    const int op = S3WorkloadSpec::opFromName(d->spec.op);
    if (op >= 0)
        d->used[size_t(op)] = true;
    for (int i = 0; d->spec.op == u"mixed" && i < S3WorkloadSpec::OpCount; ++i)
        d->used[size_t(i)] = d->spec.mix[size_t(i)] > 0;
    auto tick = [&](double secs, double t) {
        S3OpStats iv;
        S3OpStats soFar;
        std::array<bool, S3OpStats::kOps> used;
        {
            std::lock_guard g(d->m);
            std::swap(iv, d->interval);
            used = d->used;
            d->total.merge(iv);
            if (emit)
                soFar = d->total;
        }
        if (!emit)
            return;
        SampleList samples = iv.samples(secs, t, labels, used, &soFar);
        if (secs < 0.2) // a short tail: its rates would be noise; its error counts still count
            samples.removeIf([](const Sample &x) { return !x.metric.startsWith(metric::S3Errors); });
        emit(samples);
    };
    if (d->spec.op == u"put" || d->spec.op == u"mixed") // mixed: a GET or DELETE with nothing left writes instead
        d->makeBody();
    const qint64 deadline = nowNs() + qint64(d->spec.runtimeSec) * 1'000'000'000;
    return d->loop(cancel, deadline, tick);
}

QJsonObject S3Workload::summary() const
{
    std::lock_guard g(d->m);
    S3OpStats all = d->total;
    all.merge(d->interval);
    QJsonObject o = all.summary(d->runtimeMs, d->used);
    o.insert(QStringLiteral("op"), d->spec.op);
    o.insert(QStringLiteral("objectSize"), double(d->spec.objectSize));
    o.insert(QStringLiteral("objects"), d->spec.objects);
    o.insert(QStringLiteral("concurrency"), d->spec.concurrency);
    o.insert(QStringLiteral("runtime_ms"), double(d->runtimeMs));
    o.insert(QStringLiteral("prefilled"), d->prefilledCount);
    o.insert(QStringLiteral("multipart"), d->multipart());
    if (d->stalledRequests > 0 || d->longestQuietNs >= kStallNs)
        o.insert(QStringLiteral("stall"),
            QJsonObject {{QStringLiteral("longest_s"), double(d->longestQuietNs) / 1e9},
                {QStringLiteral("intervals"), d->stalledTicks}, {QStringLiteral("requests"), d->stalledRequests}});
    return o;
}

void S3Workload::setTimeOffset(double seconds)
{
    d->spec.timeOffset = seconds;
}

int S3Workload::prefilled() const
{
    std::lock_guard g(d->m);
    return d->prefilledCount;
}

int S3Workload::stalledRequests() const
{
    std::lock_guard g(d->m);
    return d->stalledRequests;
}

double S3Workload::longestStallSeconds() const
{
    std::lock_guard g(d->m);
    return double(d->longestQuietNs) / 1e9;
}

quint64 S3Workload::failedRequests() const
{
    std::lock_guard g(d->m);
    return d->total.errorCount() + d->interval.errorCount();
}

} // namespace cm
