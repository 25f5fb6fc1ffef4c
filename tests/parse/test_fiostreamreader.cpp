// SPDX-License-Identifier: GPL-3.0-or-later
#include "fiodata.h"
#include "parse/fiostreamreader.h"

#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace cm;

namespace {

QList<FioInterval> readAll(const QByteArray &data, FioStreamReader &r, QRandomGenerator *rng)
{
    QList<FioInterval> out;
    for (qsizetype pos = 0; pos < data.size();) {
        const qsizetype len = rng ? 1 + rng->bounded(4096) : data.size();
        out += r.feed(data.mid(pos, len));
        pos += len;
    }
    r.finish();
    return out;
}

quint64 sumIos(const QList<FioInterval> &ivs, FioDir d)
{
    quint64 n = 0;
    for (const FioInterval &iv : ivs)
        n += iv.dir == d ? iv.ios : 0;
    return n;
}

} // namespace

class TestFioStreamReader : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void chunkedEqualsWhole()
    {
        const QByteArray data = cmtest::readData(QStringLiteral("fio/fio3.33-stream-jsonplus-randrw.txt"));
        QVERIFY(!data.isEmpty());
        FioStreamReader a;
        const QList<FioInterval> whole = readAll(data, a, nullptr);
        QCOMPARE(a.documents(), 4);
        QCOMPARE(a.badDocuments(), 0);
        QVERIFY(a.takeWarnings().isEmpty());
        QCOMPARE(whole.size(), 8);
        QRandomGenerator rng(QRandomGenerator::global()->generate());
        FioStreamReader b;
        const QList<FioInterval> chunked = readAll(data, b, &rng);
        QCOMPARE(chunked.size(), whole.size());
        for (qsizetype i = 0; i < whole.size(); ++i) {
            QCOMPARE(chunked[i].ioBytes, whole[i].ioBytes);
            QCOMPARE(chunked[i].latP999Ns, whole[i].latP999Ns);
            QCOMPARE(chunked[i].bins, whole[i].bins);
        }
        QCOMPARE(b.summary()->dir(FioDir::Read).totalIos, sumIos(whole, FioDir::Read));
    }

    void badDocumentIsSkippedAndCountedInTheNextInterval()
    {
        QByteArray data = cmtest::readData(QStringLiteral("fio/fio3.33-stream-jsonplus-randrw.txt"));
        // break the second document's JSON
        const qsizetype second = data.indexOf("\n{\n", 10) + 1;
        const qsizetype at = data.indexOf("\"io_bytes\" : ", second);
        QVERIFY(second > 0 && at > second);
        data.replace(at, 13, "\"io_bytes\" : : ");
        FioStreamReader r;
        const QList<FioInterval> ivs = readAll(data, r, nullptr);
        QCOMPARE(r.documents(), 4);
        QCOMPARE(r.badDocuments(), 1);
        QCOMPARE(r.lastError().code, Error::Code::ParseError);
        QVERIFY(r.takeWarnings().join(QLatin1Char('|')).contains(QLatin1String("fio document 2 skipped")));
        QCOMPARE(ivs.size(), 6);
        QCOMPARE(sumIos(ivs, FioDir::Write), r.lastReport()->aggregate(FioDir::Write).totalIos);
    }

    void cutStreamKeepsWhatArrived()
    {
        FioStreamReader r;
        readAll(cmtest::readData(QStringLiteral("fio/fio3.33-stream-jsonplus-cut.txt")), r, nullptr);
        QCOMPARE(r.documents(), 2);
        const QString w = r.takeWarnings().join(QLatin1Char('|'));
        QVERIFY2(w.contains(QLatin1String("terminating on signal 15")), qPrintable(w));
        QVERIFY2(w.contains(QLatin1String("incomplete final fio document")), qPrintable(w));
        QVERIFY(r.summary().has_value());
    }

    // The real thing: fio 3.x streaming json+ status reports into the reader while it runs.
    void liveFio()
    {
        const QString fio = QStandardPaths::findExecutable(QStringLiteral("fio"));
        CM_REQUIRE_FIXTURE(!fio.isEmpty(), QStringLiteral("fio is not installed"));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QProcess p;
        p.setProgram(fio);
        p.setArguments(
            {QStringLiteral("--name=live"), QStringLiteral("--filename=") + dir.filePath(QStringLiteral("f")),
                QStringLiteral("--size=8M"), QStringLiteral("--bs=4k"), QStringLiteral("--rw=randrw"),
                QStringLiteral("--ioengine=psync"), QStringLiteral("--runtime=3"), QStringLiteral("--time_based"),
                QStringLiteral("--status-interval=1"), QStringLiteral("--output-format=json+")});
        p.start();
        QVERIFY(p.waitForStarted(5000));
        FioStreamReader r;
        QList<FioInterval> ivs;
        int chunks = 0;
        while (p.state() != QProcess::NotRunning || p.bytesAvailable()) {
            p.waitForReadyRead(200);
            const QByteArray chunk = p.read(4096);
            if (!chunk.isEmpty()) {
                ++chunks;
                ivs += r.feed(chunk);
            }
        }
        r.finish();
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(chunks > 1);
        QVERIFY2(r.documents() >= 3, qPrintable(QString::number(r.documents())));
        QCOMPARE(r.badDocuments(), 0);
        const auto sum = r.summary();
        QVERIFY(sum.has_value());
        QVERIFY(!sum->last.hasJobErrors());
        for (FioDir d : {FioDir::Read, FioDir::Write}) {
            QCOMPARE(sumIos(ivs, d), sum->dir(d).totalIos);
            QCOMPARE(sum->histogram[size_t(d)].count(), sum->dir(d).totalIos);
            double dur = 0;
            for (const FioInterval &iv : ivs) {
                if (iv.dir != d)
                    continue;
                dur += iv.durationSec;
                QVERIFY(iv.durationSec > 0 && iv.durationSec <= 1.5);
                QVERIFY(iv.latencyFromBins);
            }
            QVERIFY(std::abs(dur - 3.0) < 0.1);
        }
    }
};

QTEST_GUILESS_MAIN(TestFioStreamReader)
#include "test_fiostreamreader.moc"
