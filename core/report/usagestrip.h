// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The nodes × resources strip (docs/ARCHITECTURE.md §7): what every watched node and
// OSD did over the run, one row per resource, one column per time bucket, coloured by
// utilisation; the bottleneck of each step marked on its row. Built from the same
// samples as everything else, live (one sample at a time) and from a saved run.
// Rows: per node its CPU, busiest core, memory, each NIC (the larger of tx and rx
// against the lowest link speed known for it) and each disk's utilisation; per OSD
// Ceph's commit latency. A cell is the mean of the per-second values in its bucket.
// Memory stays bounded: at most kMaxColumns buckets per row; when a run outgrows them,
// neighbouring buckets merge and each covers twice the time.
#include "model/sample.h"
#include "parse/cephosdmap.h"
#include "report/bottleneck.h"

#include <QHash>
#include <QList>
#include <QString>

namespace cm {

struct UsageStripRow {
    enum class Resource { Cpu, Core, Memory, Nic, Disk, Osd };
    Resource resource = Resource::Cpu;
    QString node; // the node's name, or "osd.N"
    QString part; // the NIC or disk; for an OSD where it lives ("node pve2, vdb")
    // % busy (0–100), or an OSD's commit latency in ns; NaN where nothing was sampled
    // (and everywhere for a NIC whose link speed is unknown)
    QList<double> cells;
    double linkSpeed = 0; // NIC: bytes/s, 0 when unknown

    bool isPercent() const { return resource != Resource::Osd; }
};

// The step's bottleneck, on its row over the interval it describes.
struct UsageStripMark {
    int row = -1;
    double from = 0;
    double to = 0;
};

struct UsageStripStep {
    QString label;
    double from = 0;
    double to = 0;
};

struct UsageStrip {
    double bucketSeconds = 1;
    int columns = 0;
    QList<UsageStripRow> rows;
    QList<UsageStripMark> marks;
    QList<UsageStripStep> steps;

    bool isEmpty() const { return rows.isEmpty(); }
    double seconds() const { return columns * bucketSeconds; }
    // The row a finding names, or -1 (latency-bound and "nothing" name none).
    int rowOf(const BottleneckFinding &f) const;
};

class UsageStripBuilder {
public:
    static constexpr int kMaxColumns = 600;

    void add(const Sample &s);
    void add(const SampleList &samples);
    // Marks the finding's row over [from, to); with join, a mark that follows one of
    // the same row joins it (the live finder's windows), else it stays apart (steps).
    void mark(const BottleneckFinding &f, double from, double to, bool join = true);
    void addStep(const QString &label, double from, double to);
    // Where each OSD lives (the run's `ceph_osds`), for the OSD rows' labels.
    void setOsdPlaces(const QList<CephOsdMetadata> &osds);
    void clear() { *this = UsageStripBuilder(); }

    UsageStrip strip() const;
    double bucketSeconds() const { return m_bucket; }
    int rowCount() const { return int(m_rows.size()); }

private:
    struct Row {
        UsageStripRow::Resource resource;
        QString node;
        QString part;
        QList<double> sum; // per bucket: the values added up
        QList<int> count;
        int direction = 0; // a NIC's: 1 tx, 2 rx (one row on screen: the larger)
    };
    struct Mark {
        UsageStripRow::Resource resource;
        QString node;
        QString part;
        double from;
        double to;
    };
    int rowFor(UsageStripRow::Resource r, const QString &node, const QString &part, int direction = 0);
    UsageStripRow shownRow(const QList<const Row *> &rows) const;
    void addValue(Row &row, double t, double value);
    void mergeBuckets();

    QList<Row> m_rows;
    QHash<QString, int> m_index; // "resource\nnode\npart" → row
    QHash<QString, double> m_speeds; // "node\niface" → lowest link speed, bytes/s
    QHash<QString, QString> m_osdPlaces; // "osd.N" → its place
    QList<Mark> m_marks;
    QList<UsageStripStep> m_steps;
    double m_bucket = 1;
    int m_columns = 0;
};

} // namespace cm
