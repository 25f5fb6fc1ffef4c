// SPDX-License-Identifier: GPL-3.0-or-later
#include "fiodata.h"
#include "parse/fiostreamsplitter.h"

#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTest>

using namespace cm;

namespace {

struct Split {
    QList<QByteArray> docs;
    QStringList warnings;
};

Split splitInChunks(const QByteArray &data, QRandomGenerator *rng, int maxChunk = 4096)
{
    FioStreamSplitter s;
    Split out;
    qsizetype pos = 0;
    while (pos < data.size()) {
        const qsizetype len = rng ? 1 + rng->bounded(maxChunk) : data.size();
        out.docs += s.feed(data.mid(pos, len));
        pos += len;
    }
    s.finish();
    out.warnings = s.takeWarnings();
    return out;
}

} // namespace

class TestFioStreamSplitter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void recordedStreams_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("docs");
        QTest::addColumn<QString>("warning"); // a warning that must be there, or empty
        QTest::newRow("json stream") << "fio/fio3.33-stream-json-randrw-2jobs.txt" << 4 << "";
        QTest::newRow("json+ stream") << "fio/fio3.33-stream-jsonplus-randrw.txt" << 4 << "";
        QTest::newRow("stonewall") << "fio/fio3.33-stream-jsonplus-stonewall.txt" << 4 << "";
        QTest::newRow("sigterm") << "fio/fio3.33-stream-jsonplus-sigterm.txt" << 3 << "fio: terminating on signal 15";
        QTest::newRow("cut") << "fio/fio3.33-stream-jsonplus-cut.txt" << 2 << "incomplete final fio document";
        QTest::newRow("note") << "fio/fio3.33-json-note-psync.json" << 1
                              << "note: both iodepth >= 1 and synchronous I/O engine";
        QTest::newRow("error") << "fio/fio3.33-json-error.json" << 1 << "";
        QTest::newRow("fio 2.17") << "fio/ext-fio-2.17-json-2jobs.json" << 1 << "";
    }
    void recordedStreams()
    {
        QFETCH(QString, file);
        QFETCH(int, docs);
        QFETCH(QString, warning);
        const QByteArray data = cmtest::readData(file);
        QVERIFY2(!data.isEmpty(), qPrintable(file));

        // whole input at once, compared with the line-based reference
        const Split whole = splitInChunks(data, nullptr);
        QCOMPARE(whole.docs.size(), docs);
        QCOMPARE(whole.docs, cmtest::docsByLines(data));
        for (const QByteArray &d : whole.docs) {
            QJsonParseError pe;
            QJsonDocument::fromJson(d, &pe);
            QCOMPARE(pe.error, QJsonParseError::NoError);
        }
        if (!warning.isEmpty()) {
            bool found = false;
            for (const QString &w : whole.warnings)
                found = found || w.contains(warning);
            QVERIFY2(found, qPrintable(whole.warnings.join(QLatin1Char('|'))));
        } else {
            QVERIFY2(whole.warnings.isEmpty(), qPrintable(whole.warnings.join(QLatin1Char('|'))));
        }

        // random chunk sizes 1..4096 (as SSH reads deliver them) give the same result
        const quint32 seed = QRandomGenerator::global()->generate();
        QRandomGenerator rng(seed);
        for (int round = 0; round < 20; ++round) {
            const Split chunked = splitInChunks(data, &rng, round < 3 ? 7 : 4096);
            QVERIFY2(chunked.docs == whole.docs, qPrintable(QStringLiteral("seed %1 round %2").arg(seed).arg(round)));
            QCOMPARE(chunked.warnings, whole.warnings);
        }
    }

    void bracesAndEscapesInStrings()
    {
        // (no raw string literal: moc mis-reads one with escaped quotes)
        const QByteArray doc = "{\n"
                               "  \"jobname\" : \"a{b}\\\"}{\\\\\",\n"
                               "  \"x\" : { \"y\" : \"}}}}\", \"z\" : [ { \"w\" : \"\\\\\\\"{\" } ] }\n"
                               "}";
        const QByteArray stream = "note: hi {not a doc}\n" + doc + "\n" + doc + doc + "\n  " + doc + "\ntrailer\n";
        const Split whole = splitInChunks(stream, nullptr);
        QCOMPARE(whole.docs, QList<QByteArray>({doc, doc, doc, doc}));
        QCOMPARE(whole.warnings,
            QStringList({QStringLiteral("fio printed: note: hi {not a doc}"), QStringLiteral("fio printed: trailer")}));
        QRandomGenerator rng(5);
        for (int i = 0; i < 200; ++i)
            QCOMPARE(splitInChunks(stream, &rng, 5).docs, whole.docs);
    }

    // Through a pty, lines end in \r\n and stderr is merged into stdout.
    void ptyLineEndingsAndMergedStderr()
    {
        QByteArray data = cmtest::readData(QStringLiteral("fio/fio3.33-stream-jsonplus-sigterm.txt"));
        data.replace("\n", "\r\n");
        data.prepend("fio: pid=0, err=21/file:filesetup.c:150, func=unlink, error=Is a directory\r\n");
        const Split whole = splitInChunks(data, nullptr);
        QCOMPARE(whole.docs.size(), 3);
        for (const QByteArray &d : whole.docs) {
            QJsonParseError pe;
            QJsonDocument::fromJson(d, &pe);
            QCOMPARE(pe.error, QJsonParseError::NoError);
        }
        QCOMPARE(whole.warnings.size(), 2);
        QVERIFY(whole.warnings.first().contains(QLatin1String("error=Is a directory")));
        QRandomGenerator rng(77);
        for (int i = 0; i < 10; ++i)
            QCOMPARE(splitInChunks(data, &rng).docs, whole.docs);
    }

    void oversizedDocumentIsDroppedAndTheNextKept()
    {
        FioStreamSplitter s(1000);
        QByteArray big = "{\n  \"pad\" : \"" + QByteArray(5000, 'x') + "\"\n}\n";
        const QByteArray small = "{\n  \"ok\" : 1\n}\n";
        QList<QByteArray> docs;
        for (int i = 0; i < big.size(); i += 100)
            docs += s.feed(big.mid(i, 100));
        QVERIFY(s.bufferedBytes() <= 1100);
        docs += s.feed(small);
        s.finish();
        QCOMPARE(docs.size(), 1);
        QCOMPARE(docs.first(), small.trimmed());
        const QStringList w = s.takeWarnings();
        QCOMPARE(w.size(), 1);
        QVERIFY(w.first().contains(QLatin1String("larger than 1000 bytes")));
    }

    void cutDocumentFollowedByANewOne()
    {
        const QByteArray full = cmtest::readData(QStringLiteral("fio/fio3.33-json-randrw-2jobs.json"));
        QVERIFY(!full.isEmpty());
        const QByteArray stream = full.left(full.size() / 2) + "\n" + full;
        FioStreamSplitter s;
        const QList<QByteArray> docs = s.feed(stream);
        s.finish();
        QCOMPARE(docs.size(), 1);
        QCOMPARE(docs.first(), full.trimmed());
        const QStringList w = s.takeWarnings();
        QCOMPARE(w.size(), 1);
        QVERIFY(w.first().contains(QLatin1String("incomplete fio document")));
    }

    void finishResetsForANewStream()
    {
        FioStreamSplitter s;
        QVERIFY(s.feed("{\n \"a\": {").isEmpty());
        QVERIFY(s.inDocument());
        s.finish();
        QVERIFY(!s.inDocument());
        QCOMPARE(s.takeWarnings().size(), 1);
        QCOMPARE(s.feed("{\"b\":1}\n").size(), 1);
        QVERIFY(s.takeWarnings().isEmpty());
    }

    void garbageNeverCrashesAndStaysBounded()
    {
        QRandomGenerator rng(2024);
        for (int round = 0; round < 50; ++round) {
            QByteArray junk(int(rng.bounded(20000)), Qt::Uninitialized);
            for (char &c : junk) {
                const quint32 r = rng.bounded(10);
                c = r < 3 ? "{}\"\\\n"[rng.bounded(5)] : char(rng.bounded(256));
            }
            FioStreamSplitter s(4096);
            for (qsizetype i = 0; i < junk.size(); i += 333) {
                s.feed(junk.mid(i, 333));
                QVERIFY(s.bufferedBytes() <= 4096 + 333 + 4096);
            }
            s.finish();
            QVERIFY(s.takeWarnings().size() <= 201);
        }
    }
};

QTEST_GUILESS_MAIN(TestFioStreamSplitter)
#include "test_fiostreamsplitter.moc"
