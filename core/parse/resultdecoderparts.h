// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to resultdecoder*.cpp: the pieces each format's decoder shares.
#include "parse/resultdecoder.h"

namespace cm::resultdecode {

// The JSON documents of a file, from the first '{' that starts a line: one (iperf3,
// fio) or several back to back (fio --status-interval). Text between documents (fio's
// "fio: terminating on signal 15") is skipped. A document that does not parse refuses
// the file: ParseError "<what> is cut or damaged: <reason> at byte N (line L)".
// Bare nan/inf tokens are read as null first.
Error jsonDocuments(const QByteArray &bytes, const QString &what, QList<QByteArray> *docs, QList<qsizetype> *offsets);

// The first '{' that begins a line (blanks before it allowed), or -1.
qsizetype jsonStart(const QByteArray &bytes, qsizetype from = 0);

// Options of fio's "global options" + a job's "job options" as a fio command line.
QString fioCommandText(const QJsonObject &global, const QJsonObject &job);

DecodedResult decodeFio(const QByteArray &bytes, const DecodeOptions &options, Error *err);
DecodedResult decodeIperf3(const QByteArray &bytes, const DecodeOptions &options, Error *err);
DecodedResult decodeIperf2(const QByteArray &bytes, const DecodeOptions &options, Error *err);
// rados bench and rbd bench text (parse/cephbenchdecoder.cpp). *which: "rados bench"
// or "rbd bench" when the bytes look like one.
bool looksLikeCephBench(const QByteArray &bytes, QString *which);
DecodedResult decodeRadosBench(const QByteArray &bytes, const DecodeOptions &options, Error *err);
DecodedResult decodeRbdBench(const QByteArray &bytes, const DecodeOptions &options, Error *err);
// `ceph tell osd.N bench` JSON, one OSD or the "osd.N: {…}" blocks of osd.*
// (parse/osdbenchdecoder.cpp); firstKey: the first key of the bytes' JSON object, if any.
bool looksLikeOsdBench(const QByteArray &bytes, const QByteArray &firstKey);
DecodedResult decodeOsdBench(const QByteArray &bytes, const DecodeOptions &options, Error *err);

} // namespace cm::resultdecode
