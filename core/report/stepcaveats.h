// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a step's figures are not, said beside them wherever they appear (results, live
// cards, Markdown/BBCode/CSV exports, compare): a latency acknowledged from librbd's
// client cache is no commit latency; with one I/O in flight, IOPS is only 1 / latency.
// Each caveat has a marker put after the step's name and a sentence listed once under
// the table.
#include "store/sessionstore.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace cm {

struct StepCaveat {
    enum class Kind { ClientCache, OneInFlight };
    Kind kind = Kind::ClientCache;
    QString marker; // "¹", "²" (superscripts: no meaning in Markdown or BBCode)
    QString id; // "client-cache", "qd1" (CSV and JSON)
    QString text; // the sentence, in the language asked for
};

struct StepCaveats {
    Q_DECLARE_TR_FUNCTIONS(cm::StepCaveats)
public:
    // From a step's params and summary. translated = false gives the English text
    // (exports); true the UI's language.
    static QList<StepCaveat> of(const QJsonObject &params, const QJsonObject &summary, bool translated = false);
    // A saved step: as of(), and a run saved before steps recorded "client_cache" counts
    // as the cluster's cache when its environment says rbd_cache "as configured".
    static QList<StepCaveat> ofStep(const StepRecord &step, bool translated = false);
    // Before its figures exist (the live view): from the params and the facts its kind
    // knows from the plan (RunnerKind::stepFacts), for the directions its rw moves.
    static QList<StepCaveat> planned(const QJsonObject &params, const QJsonObject &facts, bool translated = true);
    // "4k QD1 random write" + " ¹²"
    static QString text(StepCaveat::Kind kind, bool translated);
    static QString markedTitle(const QString &title, const QList<StepCaveat> &caveats);
    // One line per caveat kind that occurs, in marker order: "¹ client cache on: …".
    static QStringList legend(const QList<QList<StepCaveat>> &perStep);
};

} // namespace cm
