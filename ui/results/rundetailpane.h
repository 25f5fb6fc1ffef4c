#pragma once
// One saved run: a CrystalDiskMark-like grid (rows = tests, columns = read/write
// MB/s, IOPS, latency), the environment it ran in, and the exact commands; for
// osd-latency runs also the per-OSD heat map, for cephfs runs the metadata bars.
#include "results/resultsloader.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QTabWidget;
class QTableWidget;
class QTreeWidget;

namespace cm::ui {

class CephFsMetaPanel;
class NetFindingsPanel;
class NetMatrix;
class OsdHeatMap;
class S3SweepChart;

class RunDetailPane : public QWidget {
    Q_OBJECT
public:
    explicit RunDetailPane(QWidget *parent = nullptr);
    void showDetail(const RunDetail &d);
    void clear();
    QTableWidget *grid() const { return m_grid; }
    QTreeWidget *environmentTree() const { return m_env; }
    QPlainTextEdit *commandsEdit() const { return m_commands; }
    QTabWidget *tabs() const { return m_tabs; }
    // osd-latency runs: the per-OSD heat map of the chosen step, on its own tab.
    OsdHeatMap *heatMap() const { return m_heatMap; }
    QComboBox *heatMapStepCombo() const { return m_heatStep; }
    QComboBox *heatMapMetricCombo() const { return m_heatMetric; }
    bool isHeatMapShown() const;
    // net-iperf runs: the sender × receiver matrix and the findings, on their own tabs.
    NetMatrix *netMatrix() const { return m_netMatrix; }
    NetFindingsPanel *netFindings() const { return m_netFindings; }
    bool isNetShown() const;
    // cephfs runs with a metadata step: create/stat/delete ops/s per step, on its own tab.
    CephFsMetaPanel *cephFsMetaPanel() const { return m_metaPanel; }
    bool isCephFsMetaShown() const;
    // s3 runs: throughput and requests/s by object size, on their own tab.
    S3SweepChart *s3Sweep() const { return m_s3Sweep; }
    bool isS3Shown() const;

private:
    QLabel *m_title = nullptr;
    QTableWidget *m_grid = nullptr;
    QTreeWidget *m_env = nullptr;
    QPlainTextEdit *m_commands = nullptr;
    QTabWidget *m_tabs = nullptr;
    QWidget *m_heatPage = nullptr;
    OsdHeatMap *m_heatMap = nullptr;
    QComboBox *m_heatStep = nullptr;
    QComboBox *m_heatMetric = nullptr;
    QList<QJsonObject> m_heatSummaries;
    QWidget *m_netPage = nullptr;
    NetMatrix *m_netMatrix = nullptr;
    NetFindingsPanel *m_netFindings = nullptr;
    void showNet(const RunDetail &d);
    QWidget *m_metaPage = nullptr;
    CephFsMetaPanel *m_metaPanel = nullptr;
    void showCephFsMeta(const RunDetail &d);
    S3SweepChart *m_s3Sweep = nullptr;
    void showS3(const RunDetail &d);
};

} // namespace cm::ui
