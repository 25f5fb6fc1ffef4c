// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One session as it travels in a session file (docs/ARCHITECTURE.md §6: sessions export and
// import as one JSON file). Plain values: store/sessionfile.* fills them from and
// writes them to the database, parse/sessionfilecodec.* turns them into JSON and back.
#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace cm {

struct SessionFileStep {
    int index = 0;
    int iteration = 0;
    QString testId;
    QString title;
    QString node;
    QString target;
    QString status;
    QString command;
    QJsonObject params;
    QJsonObject summary;
    QJsonObject environment;
    QByteArray rawOutput;
    QString error;
    QDateTime started;
    QDateTime finished; // invalid when the step never finished
};

struct SessionFileSeries {
    int step = 0;
    QString target;
    QString metric;
    QList<double> t;
    QList<double> v; // NaN: a gap
};

struct SessionFileRun {
    QString kind;
    QString name;
    QString status; // a runStatusName()
    QString error;
    QDateTime started;
    QDateTime finished;
    double lastSampleT = 0;
    QJsonObject plan; // as stored, not re-validated
    QJsonObject environment;
    QJsonObject summary; // runs.summary_json: repetition outcome ({} when none)
    QList<SessionFileStep> steps;
    QList<SessionFileSeries> series;
};

struct SessionFileData {
    QString name;
    QStringList tags;
    QString note;
    QDateTime created;
    QList<SessionFileRun> runs; // oldest first
};

} // namespace cm
