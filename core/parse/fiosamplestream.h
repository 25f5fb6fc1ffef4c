// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// fio's stdout (json+ with --status-interval=1) → live samples and a final summary.
// FioStreamReader's intervals become Samples; the last report becomes the summary
// JSON that the store keeps. Pure: no I/O; chunks may be cut anywhere.
#include "model/sample.h"
#include "parse/fiostreamreader.h"

#include <QJsonObject>
#include <QStringList>

namespace cm {

class FioSampleStream {
public:
    FioSampleStream(int stepIndex, QString target);

    // t: when the chunk arrived, on the run's time axis (one axis for all nodes).
    // `intervals`, when given, also receives each interval as fio reported it (with its
    // own latency bins), for a live total over several clients.
    SampleList feed(const QByteArray &chunk, double t, QList<FioInterval> *intervals = nullptr);
    void finish();

    QStringList warnings() const { return m_warnings; }
    bool hasFinalReport() const { return m_reader.documents() > m_reader.badDocuments(); }
    QString jobError() const;
    // {"read":{bw,iops,io_bytes,total_ios,runtime_ms,lat_mean_ns,lat_min_ns,lat_max_ns,
    //  lat_p50_ns,lat_p99_ns,lat_p999_ns,percentiles:{…},histogram:{ns:count}}, "write":{…},
    //  "latency_from_bins":bool, "intervals":N, "start_ms": when measuring began on the
    //  node's clock}; directions without I/O are left out.
    QJsonObject summary() const;

private:
    void absorbWarnings(const QStringList &w);
    void noteStart();

    int m_step;
    QString m_target;
    FioStreamReader m_reader;
    QStringList m_warnings;
    int m_intervals = 0;
    bool m_fromBins = false;
    qint64 m_startMs = 0; // the earliest "report time less runtime" seen; 0: none yet
};

} // namespace cm
