// SPDX-License-Identifier: GPL-3.0-or-later
// `clustermark-cli export RUN --png/--svg` and `compare A B --png/--svg` on real runs
// (tiny fio runs on a file): the PNG decodes at the asked size, is not blank, and the
// two themes differ in background; the SVG parses and carries the footer as <text>;
// this machine's host name, IP and MAC address (put into the plan name on purpose)
// are not in the redacted SVG and are in the unredacted one.
#include "testutil.h"
#include "tinyfiorun.h"

#include <QImage>
#include <QNetworkInterface>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

struct Svg {
    bool ok = false;
    QString error;
    double width = 0, height = 0;
    QStringList texts; // every <text> element's content
    QString all; // texts + <title> + <desc>
};

Svg parseSvg(const QByteArray &bytes)
{
    Svg s;
    QXmlStreamReader x(bytes);
    QString current;
    while (!x.atEnd()) {
        x.readNext();
        if (x.isStartElement() && x.name() == QLatin1String("svg")) {
            s.width = x.attributes().value(QLatin1String("width")).toString().remove(QStringLiteral("mm")).toDouble();
            s.height = x.attributes().value(QLatin1String("height")).toString().remove(QStringLiteral("mm")).toDouble();
        } else if (x.isStartElement()
            && (x.name() == QLatin1String("text") || x.name() == QLatin1String("title")
                || x.name() == QLatin1String("desc"))) {
            const bool text = x.name() == QLatin1String("text");
            const QString t = x.readElementText(QXmlStreamReader::IncludeChildElements);
            if (text)
                s.texts << t;
            s.all += t + QLatin1Char('\n');
        }
    }
    s.ok = !x.hasError();
    s.error = x.errorString();
    return s;
}

bool containsWord(const QString &text, const QString &word)
{
    const QRegularExpression re(
        QStringLiteral("(?<![A-Za-z0-9_])%1(?![A-Za-z0-9_])").arg(QRegularExpression::escape(word)),
        QRegularExpression::CaseInsensitiveOption);
    return re.match(text).hasMatch();
}

// Share of pixels that differ clearly from the corner (background) colour.
double inkShare(const QImage &img)
{
    const QRgb bg = img.pixel(0, 0);
    qint64 ink = 0;
    for (int y = 0; y < img.height(); y += 2)
        for (int x = 0; x < img.width(); x += 2) {
            const QRgb c = img.pixel(x, y);
            if (std::abs(qRed(c) - qRed(bg)) + std::abs(qGreen(c) - qGreen(bg)) + std::abs(qBlue(c) - qBlue(bg)) > 60)
                ++ink;
        }
    return double(ink) / (double(img.width() / 2) * double(img.height() / 2));
}

// Pixels close to a colour (the first series' line, the first run's bars) in the
// rows from y0 down (below the title and legend).
qint64 pixelsNear(const QImage &img, const QColor &c, int y0 = 0)
{
    qint64 n = 0;
    for (int y = y0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) {
            const QRgb p = img.pixel(x, y);
            if (std::abs(qRed(p) - c.red()) + std::abs(qGreen(p) - c.green()) + std::abs(qBlue(p) - c.blue()) < 30)
                ++n;
        }
    return n;
}

} // namespace

class TestCliChart : public QObject {
    Q_OBJECT

    QTemporaryDir m_data;
    QTemporaryDir m_target;
    qint64 m_a = 0, m_b = 0;
    QString m_host, m_ip, m_mac;

    cmtest::CliResult cli(const QStringList &args, QProcessEnvironment env = QProcessEnvironment::systemEnvironment())
    {
        return cmtest::runBinary(QStringLiteral("clustermark-cli"), args, m_data.path(), 120000, env);
    }
    QString out(const QString &name) const { return m_data.filePath(name); }
    static QByteArray read(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

private Q_SLOTS:
    void initTestCase()
    {
        CM_REQUIRE_FIXTURE(
            !QStandardPaths::findExecutable(QStringLiteral("fio")).isEmpty(), QStringLiteral("fio is not installed"));
        m_host = QSysInfo::machineHostName();
        for (const QNetworkInterface &i : QNetworkInterface::allInterfaces()) {
            if (i.flags().testFlag(QNetworkInterface::IsLoopBack))
                continue;
            for (const QNetworkAddressEntry &e : i.addressEntries())
                if (m_ip.isEmpty() && e.ip().protocol() == QAbstractSocket::IPv4Protocol)
                    m_ip = e.ip().toString();
            if (m_mac.isEmpty() && i.hardwareAddress().count(QLatin1Char(':')) == 5
                && i.hardwareAddress() != QLatin1String("00:00:00:00:00:00"))
                m_mac = i.hardwareAddress();
        }
        QVERIFY2(m_host.size() >= 2, "this test needs a host name to redact");
        QVERIFY2(
            !m_ip.isEmpty() && !m_mac.isEmpty(), "this test needs a network interface with an IPv4 and a MAC address");
        // The run names this machine three ways; the chart shows the name in title and footer.
        const QString name = QStringLiteral("fio on %1 (%2, %3)").arg(m_host, m_ip, m_mac);
        QString why;
        m_a = cmtest::tinyFioRun(m_data.path(), m_target.path(), name, QStringLiteral("1M"), 2, &why);
        QVERIFY2(m_a > 0, qPrintable(why));
        m_b = cmtest::tinyFioRun(m_data.path(), m_target.path(), name, QStringLiteral("4M"), 2, &why);
        QVERIFY2(m_b > 0, qPrintable(why));
    }

    void runChartPngAndSvgInBothThemes()
    {
        QList<QRgb> backgrounds;
        for (const QString &theme : {QStringLiteral("light"), QStringLiteral("dark")}) {
            const QString png = out(QStringLiteral("run-%1.png").arg(theme));
            const QString svg = out(QStringLiteral("run-%1.svg").arg(theme));
            const auto r = cli({QStringLiteral("export"), QString::number(m_a), QStringLiteral("--png"), png,
                QStringLiteral("--svg"), svg, QStringLiteral("--width"), QStringLiteral("1000"),
                QStringLiteral("--height"), QStringLiteral("700"), QStringLiteral("--theme"), theme});
            QVERIFY2(r.code == 0, r.err.constData());
            QCOMPARE(r.json().value(QStringLiteral("png")).toString(), png);
            QCOMPARE(r.json().value(QStringLiteral("redacted")).toBool(), true);

            QImage img;
            QVERIFY(img.load(png, "PNG"));
            QCOMPARE(img.size(), QSize(1000, 700));
            const double ink = inkShare(img);
            QVERIFY2(ink > 0.02 && ink < 0.5, qPrintable(QString::number(ink)));
            // The first series' line (SEQ1M read, the palette's first colour) was drawn in
            // the plots, below the legend (a 1 s step gives a short line: few pixels).
            const QColor first = theme == QLatin1String("light") ? QColor(0x4e79a7) : QColor(0x6f9fd8);
            const qint64 line = pixelsNear(img, first, img.height() / 5);
            QVERIFY2(line > 40, qPrintable(QString::number(line)));
            backgrounds << img.pixel(0, 0);

            const Svg s = parseSvg(read(svg));
            QVERIFY2(s.ok, qPrintable(s.error));
            QVERIFY(!s.texts.isEmpty());
            const QString text = s.texts.join(QLatin1Char('\n'));
            QVERIFY2(s.texts.contains(QStringLiteral("ClusterMark " CLUSTERMARK_VERSION)), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("Test: fio on node")), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("Parameters:")) && text.contains(QStringLiteral("bs 1M / 4k")),
                qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("Cluster: 1 node: node1")), qPrintable(text));
            QVERIFY(text.contains(QStringLiteral("SEQ1M Q8T1 Read")));
            QVERIFY(text.contains(QStringLiteral("Throughput (")));
            QVERIFY(text.contains(QStringLiteral("time since the run started (s)")));
        }
        // light: a light background; dark: a dark one
        QVERIFY(qGray(backgrounds.at(0)) > 200);
        QVERIFY(qGray(backgrounds.at(1)) < 80);
    }

    void runChartRedaction()
    {
        const QString red = out(QStringLiteral("red.svg"));
        const QString plain = out(QStringLiteral("plain.svg"));
        QCOMPARE(cli({QStringLiteral("export"), QString::number(m_a), QStringLiteral("--svg"), red}).code, 0);
        QCOMPARE(cli({QStringLiteral("export"), QString::number(m_a), QStringLiteral("--svg"), plain,
                         QStringLiteral("--no-redact")})
                     .code,
            0);
        const Svg r = parseSvg(read(red));
        const Svg p = parseSvg(read(plain));
        QVERIFY(r.ok && p.ok);
        for (const QString &secret : {m_host, m_ip, m_mac}) {
            QVERIFY2(!containsWord(r.all, secret) && !read(red).contains(secret.toUtf8()), qPrintable(secret));
            QVERIFY2(containsWord(p.all, secret), qPrintable(secret)); // the check can fail
        }
        QVERIFY(r.all.contains(QStringLiteral("ip1")) && r.all.contains(QStringLiteral("mac1")));
    }

    void compareChart()
    {
        const QString png = out(QStringLiteral("cmp.png"));
        const QString svg = out(QStringLiteral("cmp.svg"));
        const auto r = cli({QStringLiteral("compare"), QString::number(m_a), QString::number(m_b),
            QStringLiteral("--png"), png, QStringLiteral("--svg"), svg, QStringLiteral("--theme"),
            QStringLiteral("dark"), QStringLiteral("--latency")});
        QVERIFY2(r.code == 0, r.err.constData());
        QImage img;
        QVERIFY(img.load(png, "PNG"));
        QCOMPARE(img.size(), QSize(1200, 800));
        QVERIFY(qGray(img.pixel(0, 0)) < 80);
        QVERIFY(inkShare(img) > 0.02);
        QVERIFY2(pixelsNear(img, QColor(0x6f9fd8)) > 500, "the baseline's bars");
        QVERIFY2(pixelsNear(img, QColor(0xf28e2b)) > 500, "the second run's bars");
        const Svg s = parseSvg(read(svg));
        QVERIFY2(s.ok, qPrintable(s.error));
        const QString text = s.texts.join(QLatin1Char('\n'));
        QVERIFY2(text.contains(QStringLiteral("Comparison of runs %1 vs %2").arg(m_a).arg(m_b)), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("Read MB/s")));
        QVERIFY(text.contains(QStringLiteral("Read IOPS"))); // RND4K: 4 KiB blocks → IOPS
        QVERIFY(text.contains(QStringLiteral("Read lat p99")));
        QVERIFY(text.contains(QRegularExpression(QStringLiteral("[+-]\\d+\\.\\d %"))));
        QVERIFY2(text.contains(QStringLiteral("block size: 1M → 4M")), qPrintable(text));
        QVERIFY(s.texts.contains(QStringLiteral("ClusterMark " CLUSTERMARK_VERSION)));
        for (const QString &secret : {m_host, m_ip, m_mac})
            QVERIFY2(!containsWord(s.all, secret), qPrintable(secret));
    }

    // The nodes × resources strip of a run: its node's CPU and disks over time, as tall
    // as its rows need, the host name redacted.
    void stripChart()
    {
        const QString png = out(QStringLiteral("strip.png"));
        const QString svg = out(QStringLiteral("strip.svg"));
        const auto r = cli({QStringLiteral("export"), QString::number(m_a), QStringLiteral("--strip"),
            QStringLiteral("--png"), png, QStringLiteral("--svg"), svg});
        QVERIFY2(r.code == 0, r.err.constData());
        QImage img;
        QVERIFY(img.load(png, "PNG"));
        QCOMPARE(img.width(), 1200);
        QVERIFY2(img.height() >= 320 && img.height() < 800, qPrintable(QString::number(img.height())));
        QVERIFY(inkShare(img) > 0.02);
        const Svg s = parseSvg(read(svg));
        QVERIFY2(s.ok, qPrintable(s.error));
        const QString text = s.texts.join(QLatin1Char('\n'));
        QVERIFY2(text.contains(QStringLiteral("Nodes and OSDs")) && text.contains(QStringLiteral("CPU"))
                && text.contains(QStringLiteral("busiest core")),
            qPrintable(text));
        for (const QString &secret : {m_host, m_ip, m_mac})
            QVERIFY2(!containsWord(s.all, secret), qPrintable(secret));
        const auto both = cli({QStringLiteral("export"), QString::number(m_a), QStringLiteral("--strip"),
            QStringLiteral("--scaling"), QStringLiteral("--png"), png});
        QCOMPARE(both.code, 2);
    }

    void rendersWithoutDisplaySettings()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        const QString png = out(QStringLiteral("nodisplay.png"));
        const auto r = cli({QStringLiteral("export"), QString::number(m_a), QStringLiteral("--png"), png}, env);
        QVERIFY2(r.code == 0, r.err.constData());
        QImage img;
        QVERIFY(img.load(png));
        QCOMPARE(img.size(), QSize(1200, 800));
    }

    void badInput()
    {
        const QString png = out(QStringLiteral("bad.png"));
        auto theme = cli({QStringLiteral("export"), QString::number(m_a), QStringLiteral("--png"), png,
            QStringLiteral("--theme"), QStringLiteral("purple")});
        QCOMPARE(theme.code, 2);
        QVERIFY(theme.err.contains("--theme"));
        auto small = cli({QStringLiteral("export"), QString::number(m_a), QStringLiteral("--png"), png,
            QStringLiteral("--width"), QStringLiteral("10")});
        QCOMPARE(small.code, 2);
        QVERIFY(small.err.contains("320"));
        QCOMPARE(cli({QStringLiteral("export"), QString::number(m_a), QStringLiteral("--png"), png,
                         QStringLiteral("--height"), QStringLiteral("abc")})
                     .code,
            2);
        QCOMPARE(cli({QStringLiteral("export"), QStringLiteral("99999"), QStringLiteral("--png"), png}).code, 1);
        QCOMPARE(cli({QStringLiteral("compare"), QString::number(m_a), QStringLiteral("--svg"), png}).code, 2);
        auto dir = cli({QStringLiteral("export"), QString::number(m_a), QStringLiteral("--png"),
            out(QStringLiteral("no/such/dir/x.png"))});
        QCOMPARE(dir.code, 1);
        QVERIFY(dir.err.contains("cannot write"));
        QVERIFY(!QFile::exists(png));
    }
};

QTEST_GUILESS_MAIN(TestCliChart)
#include "test_cli_chart.moc"
