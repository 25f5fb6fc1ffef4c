// SPDX-License-Identifier: GPL-3.0-or-later
// decodeResult on recorded real outputs (tests/data/fio, tests/data/iperf): every format
// is found from the content, the figures equal what the tools printed (read here from
// the raw JSON / CSV, not through the decoder), and cut, foreign or empty input is
// refused with the byte offset or line.
#include "fiodata.h"
#include "model/metric.h"
#include "parse/fioreport.h"
#include "parse/resultdecoder.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTest>

#include <cmath>

using namespace cm;

namespace {

bool near(double a, double b, double rel = 1e-9)
{
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

QJsonObject lastJson(const QByteArray &text)
{
    const QList<QByteArray> docs = cmtest::docsByLines(text);
    return docs.isEmpty() ? QJsonObject() : QJsonDocument::fromJson(docs.last()).object();
}

DecodedResult decodeOk(const QByteArray &bytes, const QString &node = {})
{
    Error e;
    const DecodedResult r = decodeResult(bytes, DecodeOptions {node}, &e);
    if (e)
        qWarning() << e.toString();
    return e ? DecodedResult() : r;
}

Error refusal(const QByteArray &bytes)
{
    Error e;
    const DecodedResult r = decodeResult(bytes, {}, &e);
    if (!e || !r.steps.isEmpty())
        return Error();
    return e;
}

// The number after "byte " / "line " in a message, or -1.
qint64 numberAfter(const QString &msg, const QString &word)
{
    const QRegularExpressionMatch m = QRegularExpression(word + QStringLiteral(" (\\d+)")).match(msg);
    return m.hasMatch() ? m.captured(1).toLongLong() : -1;
}

int metricCount(const DecodedStep &s, const QString &metric)
{
    return int(std::count_if(s.samples.begin(), s.samples.end(), [&](const Sample &x) { return x.metric == metric; }));
}

} // namespace

class TestResultDecoder : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Every recorded fio output that holds a complete final report decodes into a
    // disk-fio result whose figures equal fio's own (the final document's aggregate).
    void fioRecordings_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString &f : cmtest::fioFiles({QStringLiteral("*.json"), QStringLiteral("*.txt")}))
            if (!f.contains(QLatin1String("-cut")))
                QTest::newRow(qPrintable(f)) << f;
    }
    void fioRecordings()
    {
        QFETCH(QString, file);
        const QByteArray bytes = cmtest::readData(QStringLiteral("fio/") + file);
        QCOMPARE(detectResultFormat(bytes), QStringLiteral("fio"));
        const DecodedResult r = decodeOk(bytes, QStringLiteral("pve1"));
        QCOMPARE(r.tool, QStringLiteral("fio"));
        QVERIFY(!r.steps.isEmpty());
        const QJsonObject last = lastJson(bytes);
        QCOMPARE(r.toolVersion, last.value(QStringLiteral("fio version")).toString());
        QCOMPARE(r.format, bytes.contains("\"bins\"") ? QStringLiteral("fio-json+") : QStringLiteral("fio-json"));
        const bool client = last.contains(QStringLiteral("client_stats"));
        if (r.steps.size() == 1 && !client) {
            const DecodedStep &s = r.steps.first();
            QCOMPARE(s.node, QStringLiteral("pve1"));
            const FioReport rep = FioReport::parse(cmtest::docsByLines(bytes).last());
            for (FioDir d : {FioDir::Read, FioDir::Write}) {
                const FioDirStats st = rep.aggregate(d);
                const QJsonObject o = s.summary.value(fioDirName(d)).toObject();
                if (st.totalIos == 0) {
                    QVERIFY(o.isEmpty());
                    continue;
                }
                QVERIFY2(near(o.value(QStringLiteral("bw")).toDouble(), st.bwBytes), qPrintable(fioDirName(d)));
                QVERIFY(near(o.value(QStringLiteral("iops")).toDouble(), st.iops));
                QCOMPARE(quint64(o.value(QStringLiteral("total_ios")).toDouble()), st.totalIos);
            }
            QCOMPARE(s.step.id, rep.jobs.first().name);
            QCOMPARE(s.summary.value(QStringLiteral("fio_version")).toString(), r.toolVersion);
        }
        for (const DecodedStep &s : r.steps) {
            QVERIFY(!s.samples.isEmpty() || s.summary.contains(QStringLiteral("fio_error")));
            for (const Sample &x : s.samples) {
                QVERIFY(std::isfinite(x.t) && std::isfinite(x.value));
                QCOMPARE(x.target, s.target);
            }
        }
    }

    // A --status-interval stream: one point per status document on fio's clock.
    void fioStreamSeries()
    {
        const QByteArray bytes = cmtest::readData(QStringLiteral("fio/fio3.33-stream-jsonplus-randrw.txt"));
        const DecodedResult r = decodeOk(bytes);
        QCOMPARE(r.steps.size(), 1);
        const DecodedStep &s = r.steps.first();
        QCOMPARE(s.node, QStringLiteral("imported"));
        const int docs = int(cmtest::docsByLines(bytes).size());
        QCOMPARE(metricCount(s, metric::ReadBw), docs);
        QCOMPARE(metricCount(s, metric::WriteIops), docs);
        double prev = -1;
        for (const Sample &x : s.samples)
            if (x.metric == metric::ReadBw) {
                QVERIFY(x.t > prev);
                prev = x.t;
            }
        QCOMPARE(s.step.params.value(QStringLiteral("rw")).toString(), QStringLiteral("randrw"));
        QCOMPARE(s.step.params.value(QStringLiteral("iodepth")).toInt(), 4);
        QVERIFY(s.summary.value(QStringLiteral("latency_from_bins")).toBool());
    }

    // Stonewalled jobs are separate groups: one step each.
    void fioGroupsAreSteps()
    {
        const DecodedResult r = decodeOk(cmtest::readData(QStringLiteral("fio/fio3.33-stream-jsonplus-stonewall.txt")));
        QCOMPARE(r.steps.size(), 2);
        QCOMPARE(r.steps.at(0).step.id, QStringLiteral("rd"));
        QCOMPARE(r.steps.at(1).step.id, QStringLiteral("wr"));
        QVERIFY(r.steps.at(0).summary.contains(QStringLiteral("read")));
        QVERIFY(r.steps.at(1).summary.contains(QStringLiteral("write")));
    }

    // Client/server: one step per client, named by its host (and port when two
    // clients share a host); "All clients" is fio's own sum, not a step.
    void fioClientServer()
    {
        const DecodedResult one = decodeOk(
            cmtest::readData(QStringLiteral("fio/fio3.33-client-jsonplus-1client.json")), QStringLiteral("ignored"));
        QCOMPARE(one.steps.size(), 1);
        QCOMPARE(one.steps.first().node, QStringLiteral("127.0.0.1"));
        QCOMPARE(one.steps.first().step.params.value(QStringLiteral("bs")).toString(), QStringLiteral("4k"));
        QVERIFY(!one.steps.first().step.params.contains(QStringLiteral("ioengine"))); // libaio, as the app runs it

        const QByteArray two = cmtest::readData(QStringLiteral("fio/fio3.33-client-jsonplus-2clients.json"));
        const DecodedResult r = decodeOk(two);
        QCOMPARE(r.steps.size(), 2);
        QCOMPARE(r.nodes, (QStringList {QStringLiteral("127.0.0.1:18765"), QStringLiteral("127.0.0.1:18766")}));
        double allIos = 0, sum = 0;
        for (const QJsonValue &v : lastJson(two).value(QStringLiteral("client_stats")).toArray())
            if (v.toObject().value(QStringLiteral("jobname")).toString() == QLatin1String("All clients"))
                allIos = v.toObject()
                             .value(QStringLiteral("read"))
                             .toObject()
                             .value(QStringLiteral("total_ios"))
                             .toDouble();
        for (const DecodedStep &s : r.steps)
            sum += s.summary.value(QStringLiteral("read")).toObject().value(QStringLiteral("total_ios")).toDouble();
        QVERIFY(allIos > 0);
        QCOMPARE(sum, allIos);
    }

    void iperf3Recordings_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("direction");
        QTest::newRow("p2") << "iperf3-3.12-p2.json"
                            << "forward";
        QTest::newRow("reverse") << "iperf3-3.12-p2-reverse.json"
                                 << "reverse";
        QTest::newRow("bidir") << "iperf3-3.12-p2-bidir.json"
                               << "bidir";
        QTest::newRow("udp") << "iperf3-3.12-udp.json"
                             << "forward";
        QTest::newRow("netns") << "iperf3-3.12-netns-p4-shaped.json"
                               << "forward";
    }
    void iperf3Recordings()
    {
        QFETCH(QString, file);
        QFETCH(QString, direction);
        const QByteArray bytes = cmtest::readData(QStringLiteral("iperf/") + file);
        QCOMPARE(detectResultFormat(bytes), QStringLiteral("iperf3"));
        const DecodedResult r = decodeOk(bytes, QStringLiteral("a"));
        QCOMPARE(r.tool, QStringLiteral("iperf"));
        QCOMPARE(r.format, QStringLiteral("iperf3-json"));
        QCOMPARE(r.steps.size(), 1);
        const DecodedStep &s = r.steps.first();
        const QJsonObject doc = QJsonDocument::fromJson(bytes).object();
        const QJsonObject end = doc.value(QStringLiteral("end")).toObject();
        const bool udp = doc.value(QStringLiteral("start"))
                             .toObject()
                             .value(QStringLiteral("test_start"))
                             .toObject()
                             .value(QStringLiteral("protocol"))
                             .toString()
            == QLatin1String("UDP");
        const double expected = udp
            ? end.value(QStringLiteral("sum")).toObject().value(QStringLiteral("bits_per_second")).toDouble()
            : end.value(QStringLiteral("sum_received")).toObject().value(QStringLiteral("bits_per_second")).toDouble();
        if (!udp)
            QVERIFY(near(s.summary.value(QStringLiteral("bitsPerSecond")).toDouble(), expected));
        QCOMPARE(s.summary.value(QStringLiteral("direction")).toString(), direction);
        QCOMPARE(s.step.params.value(QStringLiteral("direction")).toString(), direction);
        QCOMPARE(s.summary.value(QStringLiteral("toolVersion")).toString(),
            doc.value(QStringLiteral("start")).toObject().value(QStringLiteral("version")).toString());
        QCOMPARE(s.node, QStringLiteral("a"));
        const int intervals = int(doc.value(QStringLiteral("intervals")).toArray().size());
        const QString main = direction == QLatin1String("reverse")
            ? s.step.params.value(QStringLiteral("server")).toString() + QStringLiteral("→a")
            : QStringLiteral("a→") + s.step.params.value(QStringLiteral("server")).toString();
        int mainBw = 0;
        for (const Sample &x : s.samples)
            mainBw += x.metric == metric::NetBw && x.target == main;
        QCOMPARE(mainBw, intervals);
        QVERIFY(s.summary.value(QStringLiteral("findings")).isArray());
        if (direction == QLatin1String("bidir"))
            QVERIFY(s.summary.value(QStringLiteral("reverseBitsPerSecond")).toDouble() > 0);
    }

    void iperf3FailureIsNotAResult()
    {
        Error e;
        decodeResult(cmtest::readData(QStringLiteral("iperf/iperf3-3.12-refused.json")), {}, &e);
        QCOMPARE(e.code, Error::Code::CommandFailed);
        QVERIFY2(e.message.contains(QLatin1String("refused")), qPrintable(e.message));
    }

    void iperf2Recordings_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("streams");
        QTest::newRow("p1") << "iperf-2.1.8-p1-csv.txt" << 1;
        QTest::newRow("p2") << "iperf-2.1.8-p2-csv.txt" << 2;
        QTest::newRow("netns") << "iperf-2.1.8-netns-p4-shaped-csv.txt" << 4;
        QTest::newRow("udp, server reports left out") << "iperf-2.1.8-netns-udp-i1-csv.txt" << 1;
    }

    // iperf run without -i: only each stream's whole-run line, stamped with the epoch by
    // 2.1.8 (TCP and UDP, one and two streams): a complete result, dated by nothing.
    void iperf2WholeRunOnly_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("streams");
        QTest::newRow("tcp") << "iperf-2.1.8-whole-csv.txt" << 1;
        QTest::newRow("tcp -P 2") << "iperf-2.1.8-whole-p2-csv.txt" << 2;
        QTest::newRow("udp") << "iperf-2.1.8-netns-udp-whole-csv.txt" << 1;
        QTest::newRow("udp -P 2") << "iperf-2.1.8-netns-udp-whole-p2-csv.txt" << 2;
    }
    void iperf2WholeRunOnly()
    {
        QFETCH(QString, file);
        QFETCH(int, streams);
        const QByteArray bytes = cmtest::readData(QStringLiteral("iperf/") + file);
        const DecodedResult r = decodeOk(bytes);
        QCOMPARE(r.steps.size(), 1);
        const DecodedStep &s = r.steps.first();
        QCOMPARE(s.step.params.value(QStringLiteral("streams")).toInt(), streams);
        double total = 0;
        for (const QByteArray &l : bytes.trimmed().split('\n'))
            total += l.split(',').at(8).toDouble();
        QVERIFY(near(s.summary.value(QStringLiteral("bitsPerSecond")).toDouble(), total));
        QVERIFY2(!r.measured.isValid(), qPrintable(r.measured.toString())); // not 1970
        QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join(QLatin1Char('\n'))));
    }
    void iperf2Recordings()
    {
        QFETCH(QString, file);
        QFETCH(int, streams);
        const QByteArray bytes = cmtest::readData(QStringLiteral("iperf/") + file);
        QCOMPARE(detectResultFormat(bytes), QStringLiteral("iperf2"));
        const DecodedResult r = decodeOk(bytes);
        QCOMPARE(r.format, QStringLiteral("iperf2-csv"));
        QCOMPARE(r.steps.size(), 1);
        const DecodedStep &s = r.steps.first();
        QCOMPARE(s.step.params.value(QStringLiteral("streams")).toInt(), streams);
        // The whole-run lines are the last `streams` lines.
        const QList<QByteArray> lines = bytes.trimmed().split('\n');
        double total = 0;
        for (qsizetype i = lines.size() - streams; i < lines.size(); ++i)
            total += lines.at(i).split(',').at(8).trimmed().toDouble();
        QVERIFY(near(s.summary.value(QStringLiteral("bitsPerSecond")).toDouble(), total));
        QCOMPARE(s.node, QString::fromUtf8(lines.first().split(',').at(1)));
        QCOMPARE(metricCount(s, metric::NetBw), int(lines.size() - streams) / streams);
    }

    void refusals()
    {
        Error e = refusal(QByteArray());
        QVERIFY2(e.message.contains(QLatin1String("empty")), qPrintable(e.message));
        QVERIFY(refusal("\n  \n\t\n").message.contains(QLatin1String("empty")));
        e = refusal(QByteArray("\x7f"
                               "ELF\x02\x01\x01\0\0\0",
            10));
        QVERIFY2(numberAfter(e.message, QStringLiteral("line")) == 1, qPrintable(e.message));
        e = refusal("\n\nhello, world\n");
        QVERIFY2(numberAfter(e.message, QStringLiteral("line")) == 3, qPrintable(e.message));
        e = refusal("{\"name\": \"not a benchmark\"}\n");
        QVERIFY2(e.message.contains(QLatin1String("\"name\"")), qPrintable(e.message));
    }

    // Cut JSON: the offset named is where the text ends (QJsonParseError's), and it
    // counts from the start of the file, text before the document included.
    void cutJsonNamesTheOffset_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("fio json+") << "fio/fio3.33-jsonplus-randread.json";
        QTest::newRow("fio note") << "fio/fio3.33-json-note-psync.json";
        QTest::newRow("fio stream") << "fio/fio3.33-stream-jsonplus-randrw.txt";
        QTest::newRow("iperf3") << "iperf/iperf3-3.12-p2.json";
    }
    void cutJsonNamesTheOffset()
    {
        QFETCH(QString, file);
        const QByteArray bytes = cmtest::readData(file);
        for (const double frac : {0.1, 0.5, 0.97}) {
            const qsizetype cut = qsizetype(double(bytes.size()) * frac);
            const Error e = refusal(bytes.left(cut));
            QVERIFY2(
                e.code == Error::Code::ParseError, qPrintable(QStringLiteral("cut at %1: %2").arg(cut).arg(e.message)));
            const qint64 at = numberAfter(e.message, QStringLiteral("byte"));
            QVERIFY2(at >= cut - 64 && at <= cut, qPrintable(QStringLiteral("cut at %1: %2").arg(cut).arg(e.message)));
            QVERIFY2(e.message.contains(QLatin1String("cut short")), qPrintable(e.message));
        }
        QVERIFY(refusal(cmtest::readData(QStringLiteral("fio/fio3.33-stream-jsonplus-cut.txt")))
                    .message.contains(QLatin1String("byte")));
    }

    // Damaged copies of every recording (cut, bytes flipped, lines dropped or doubled,
    // nan inserted): each decodes with consistent steps or is refused with a reason;
    // never a crash (the sanitizers watch). A fixed seed keeps failures reproducible.
    void damagedInputsDecodeOrRefuse()
    {
        QStringList files;
        for (const QString &f : cmtest::fioFiles({QStringLiteral("*.json"), QStringLiteral("*.txt")}))
            files << QStringLiteral("fio/") + f;
        for (const QString &f : QDir(cmtest::testData(QStringLiteral("iperf")))
                                    .entryList({QStringLiteral("*.json"), QStringLiteral("*.txt")}, QDir::Files))
            files << QStringLiteral("iperf/") + f;
        QVERIFY(files.size() >= 20);
        QRandomGenerator rng(20261130);
        int decoded = 0, refused = 0;
        for (const QString &file : std::as_const(files)) {
            const QByteArray orig = cmtest::readData(file);
            for (int i = 0; i < 12; ++i) {
                QByteArray b = orig;
                const qsizetype at = b.isEmpty() ? 0 : qsizetype(rng.bounded(quint32(b.size())));
                switch (i % 6) {
                case 0: b.truncate(at); break;
                case 1:
                    if (!b.isEmpty())
                        b[at] = char(rng.bounded(256));
                    break;
                case 2: b.insert(at, "nan"); break;
                case 3: {
                    QList<QByteArray> l = b.split('\n');
                    if (!l.isEmpty())
                        l.removeAt(qsizetype(rng.bounded(quint32(l.size()))));
                    b = l.join('\n');
                    break;
                }
                case 4: {
                    QList<QByteArray> l = b.split('\n');
                    if (!l.isEmpty()) {
                        const qsizetype k = qsizetype(rng.bounded(quint32(l.size())));
                        l.insert(k, l.at(k));
                    }
                    b = l.join('\n');
                    break;
                }
                case 5: b = b.left(at) + b.mid(at).replace(',', ";"); break;
                }
                Error e;
                const DecodedResult r = decodeResult(b, {}, &e);
                if (e) {
                    QVERIFY(!e.message.isEmpty());
                    QVERIFY(r.steps.isEmpty());
                    ++refused;
                    continue;
                }
                ++decoded;
                QVERIFY2(!r.steps.isEmpty() && !r.tool.isEmpty(), qPrintable(file));
                for (const DecodedStep &s : r.steps) {
                    QVERIFY(r.nodes.contains(s.node));
                    for (const Sample &x : s.samples)
                        QVERIFY(std::isfinite(x.t));
                }
            }
        }
        QVERIFY(decoded > 0 && refused > 0);
    }

    void cutCsvNamesTheLine()
    {
        const QByteArray bytes = cmtest::readData(QStringLiteral("iperf/iperf-2.1.8-p2-csv.txt"));
        const QList<QByteArray> lines = bytes.split('\n');
        // Inside the 5th line.
        qsizetype at = 0;
        for (int i = 0; i < 4; ++i)
            at += lines.at(i).size() + 1;
        Error e = refusal(bytes.left(at + 20));
        QVERIFY2(numberAfter(e.message, QStringLiteral("line")) == 5, qPrintable(e.message));
        // At a line end, before the whole-run lines: the last line read is named.
        e = refusal(bytes.left(at));
        QVERIFY2(numberAfter(e.message, QStringLiteral("line")) == 4 && e.message.contains(QLatin1String("cut short")),
            qPrintable(e.message));
        // A damaged line in the middle.
        QByteArray damaged = bytes;
        damaged.replace(at + 10, 6, "xx,yy!");
        e = refusal(damaged);
        QVERIFY2(numberAfter(e.message, QStringLiteral("line")) == 5 && e.message.contains(QLatin1String("damaged")),
            qPrintable(e.message));
    }
};

QTEST_GUILESS_MAIN(TestResultDecoder)
#include "test_resultdecoder.moc"
