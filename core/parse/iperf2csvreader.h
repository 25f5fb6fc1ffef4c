// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// iperf 2 `-i N -y C` CSV (recorded with 2.1.8), read incrementally: feed chunks as
// they arrive, get each interval once every stream reported it. One line per stream per
// interval:
//   time,src,sport,dst,dport,id,start-end,bytes,bits/s[,UDP: jitter,lost,total,%,ooo]
// 2.1.8 prints no SUM rows in CSV (older releases print them with id -1: ignored), so
// the reader sums the streams of each interval. After the intervals each stream prints
// a line for the whole run (0.0-T): those go to total(). Pure: bytes in, values out.
#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace cm {

struct Iperf2StreamSample {
    int id = 0;
    quint64 bytes = 0;
    double bitsPerSecond = 0;
};

struct Iperf2Interval {
    double start = 0, end = 0;
    quint64 bytes = 0; // sum over the streams
    double bitsPerSecond = 0; // sum over the streams
    QList<Iperf2StreamSample> streams;
    QString timestamp; // first column of the first line (yyyyMMddhhmmss[.fff])
};

class Iperf2CsvReader {
public:
    // expectedStreams (-P): an interval is complete once that many streams reported it.
    // 0 = unknown: an interval is complete when the next one starts (one interval later).
    explicit Iperf2CsvReader(int expectedStreams = 0);

    // Intervals completed by this chunk, in time order.
    QList<Iperf2Interval> feed(const QByteArray &chunk);
    // End of output: the rest (an unterminated last line, incomplete intervals).
    QList<Iperf2Interval> finish();

    // Sum of the per-stream whole-run lines, once they arrived.
    std::optional<Iperf2Interval> total() const;
    int linesRead() const { return m_lines; }
    QStringList takeWarnings();

private:
    void line(const QByteArray &l, QList<Iperf2Interval> &out);
    void emitPending(qint64 key, QList<Iperf2Interval> &out);
    void warn(const QString &w);

    int m_expected = 0;
    QByteArray m_buf;
    QMap<qint64, Iperf2Interval> m_pending; // key: start in ms
    QMap<int, double> m_lastEnd; // stream id -> end of its last interval line
    Iperf2Interval m_total;
    bool m_haveTotal = false;
    int m_lines = 0;
    QStringList m_warnings;
    bool m_sumRowsNoted = false;
};

} // namespace cm
