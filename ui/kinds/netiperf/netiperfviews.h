// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The network kind's Results tabs (the sender × receiver matrix, the findings) and its
// live panel (per-link traffic, in place of the IOPS and latency charts).
#include "kinds/uikind.h"

namespace cm::ui {

class LinkChart;
class NetFindingsPanel;
class NetMatrix;

class NetMatrixTab : public KindRunTab {
    Q_OBJECT
public:
    explicit NetMatrixTab(QWidget *parent = nullptr);
    QString title() const override { return tr("Throughput matrix"); }
    bool showRun(const RunDetail &d) override;
    void clearRun() override;

private:
    NetMatrix *m_matrix = nullptr;
};

class NetFindingsTab : public KindRunTab {
    Q_OBJECT
public:
    explicit NetFindingsTab(QWidget *parent = nullptr);
    QString title() const override { return tr("Findings"); }
    bool showRun(const RunDetail &d) override;
    void clearRun() override;
    bool opensOnIt(const RunDetail &) const override { return false; }

private:
    NetFindingsPanel *m_findings = nullptr;
};

class NetLivePanel : public KindLivePanel {
    Q_OBJECT
public:
    explicit NetLivePanel(QWidget *parent = nullptr);
    void addSamples(const SampleList &samples) override;
    void flush() override;
    void clear() override;

private:
    LinkChart *m_links = nullptr;
};

} // namespace cm::ui
