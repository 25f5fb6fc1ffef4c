// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The knob side of an experiment, on a thread of its own (ExperimentEngine makes it):
// it owns the nodes' transports and its own connection to the session database, so
// every knob change, its journal entry and its restore happen on one thread
// (docs/ARCHITECTURE.md §4, §12). Each call answers with a signal.
#include "model/experiment.h"
#include "model/runstatus.h"
#include "tuning/experimentstore.h"
#include "tuning/knobscope.h"
#include "tuning/knobsession.h"

#include <QMap>
#include <QObject>

namespace cm {

class KnobWorker : public QObject {
    Q_OBJECT
public:
    KnobWorker(QString storePath, QMap<QString, Credentials> credentials, CancelToken cancel);
    ~KnobWorker() override;

    // Saves the experiment, finds what the run uses on each node, scopes every knob to it,
    // checks the privilege and reads every current value: nothing is written yet.
    void prepare(const Experiment &x);
    // Puts back what the last variant changed and applies this one's knobs; an MTU is
    // then checked with a packet of its size that may not be fragmented.
    void applyVariant(int variant);
    void recordRun(const ExperimentRun &run);
    // Restores every knob, then records how the experiment ended.
    void finish(RunStatus status, const QString &error);

Q_SIGNALS:
    void prepared(const QString &id, const cm::Error &error);
    // settings: the variant's knobs as applied, with the objects they change there.
    void applied(int variant, const QStringList &settings, const cm::Error &error);
    void finished(const cm::Error &restoreError);
    void logAvailable(const QString &line);

private:
    struct NodeKnob {
        NodeSpec node;
        KnobSetting setting;
    };
    Error scopeVariants();
    // One setting of variant v, with the objects it changes there, into *scoped.
    Error scopeSetting(int v, const KnobSetting &s, QHash<QString, UsedObjects> &used, QList<NodeKnob> *scoped);
    Error checkPaths(int variant);
    TransportMaker maker() const;
    std::unique_ptr<KnobSession> newSession() const;

    QString m_storePath;
    QMap<QString, Credentials> m_credentials;
    CancelToken m_cancel;
    std::unique_ptr<SessionStore> m_store;
    std::unique_ptr<KnobSession> m_session;
    Experiment m_x;
    QString m_id;
    QList<QList<NodeKnob>> m_variants; // scoped settings per variant
    int m_current = 0; // the variant applied now (0: the nodes as they were)
};

} // namespace cm
