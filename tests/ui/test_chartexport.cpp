// SPDX-License-Identifier: GPL-3.0-or-later
// The chart export dialog and the forum-post composer, offscreen, on a real saved run
// (a tiny fio run through clustermark-cli): the dialog saves PNG and SVG at the chosen
// size and theme; the composer combines the chart, the table and the summary, copies
// text and image to the clipboard, saves both, and with redaction on (the default)
// shows neither this machine's host name nor its IP or MAC address — which the run's
// name and the typed summary contain on purpose.
#include "export/chartexportdialog.h"
#include "export/forumcomposerdialog.h"
#include "results/resultsview.h"
#include "testutil.h"
#include "tinyfiorun.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QMimeData>
#include <QNetworkInterface>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QPainter>
#include <QSpinBox>
#include <QSvgRenderer>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;
using namespace cm::ui;

class TestChartExport : public QObject {
    Q_OBJECT

    QTemporaryDir m_data;
    QTemporaryDir m_target;
    QString m_store;
    qint64 m_run = 0;
    QString m_host, m_ip, m_mac;

    // Screenshots for people (CLUSTERMARK_SHOT_DIR), never needed by the test.
    static void shot(const QImage &img, const QString &name)
    {
        const QString dir = qEnvironmentVariable("CLUSTERMARK_SHOT_DIR");
        if (!dir.isEmpty() && QDir().mkpath(dir))
            img.save(QDir(dir).filePath(name));
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
        QVERIFY2(m_host.size() >= 2 && !m_ip.isEmpty() && !m_mac.isEmpty(),
            "needs a host name and an interface with IPv4 and MAC");
        QString why;
        m_run = cmtest::tinyFioRun(
            m_data.path(), m_target.path(), QStringLiteral("fio on %1").arg(m_host), QStringLiteral("1M"), 2, &why);
        QVERIFY2(m_run > 0, qPrintable(why));
        m_store = QDir(m_data.path()).filePath(QStringLiteral("clustermark.sqlite"));
        QVERIFY(QFile::exists(m_store));
    }

    void exportDialogSavesPngAndSvg()
    {
        ChartExportDialog d(m_store, m_run);
        QSignalSpy loaded(&d, &ChartExportDialog::loaded);
        QSignalSpy preview(&d, &ChartExportDialog::previewReady);
        QVERIFY(loaded.wait(20000));
        QCOMPARE(loaded.first().first().toBool(), true);
        QVERIFY(preview.count() > 0 || preview.wait(20000));
        QVERIFY(d.redactCheck()->isChecked());
        // not a scaling series: the run over time, or the strip of the node it watched
        QVERIFY(!d.viewCombo()->isHidden());
        QCOMPARE(d.viewCombo()->count(), 2);
        QCOMPARE(d.viewCombo()->itemData(1).toInt(), int(ChartView::Strip));
        QCOMPARE(d.previewImage().size(), QSize(1200, 800));
        const QImage timeChart = d.previewImage();
        preview.clear();
        d.viewCombo()->setCurrentIndex(1);
        QVERIFY(preview.wait(20000));
        QVERIFY(d.previewImage() != timeChart);
        d.viewCombo()->setCurrentIndex(0);
        QVERIFY(preview.wait(20000));

        d.widthSpin()->setValue(900);
        d.heightSpin()->setValue(600);
        d.themeCombo()->setCurrentIndex(d.themeCombo()->findData(QStringLiteral("dark")));
        preview.clear();
        QVERIFY(preview.wait(20000));
        QCOMPARE(d.previewImage().size(), QSize(900, 600));
        QVERIFY(qGray(d.previewImage().pixel(0, 0)) < 80);

        QTemporaryDir out;
        QSignalSpy saved(&d, &ChartExportDialog::saved);
        const QString png = out.filePath(QStringLiteral("chart.png"));
        d.save(png);
        QVERIFY(saved.wait(20000));
        QImage img;
        QVERIFY(img.load(png, "PNG"));
        QCOMPARE(img.size(), QSize(900, 600));

        d.formatCombo()->setCurrentIndex(d.formatCombo()->findData(QStringLiteral("svg")));
        QVERIFY(d.pathEdit()->text().endsWith(QStringLiteral(".svg")));
        const QString svg = out.filePath(QStringLiteral("chart.svg"));
        d.save(svg);
        QVERIFY(saved.wait(20000));
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(bytes.contains("<svg"));
        QVERIFY(bytes.contains("ClusterMark " CLUSTERMARK_VERSION));
        QVERIFY2(!bytes.contains(m_host.toUtf8()), "host name in a redacted SVG");

        // The SVG draws the same chart as the PNG: rendered back by Qt Svg, the two
        // images differ little (anti-aliasing, text rasterised by another path).
        QSvgRenderer renderer(bytes);
        QVERIFY(renderer.isValid());
        QImage back(900, 600, QImage::Format_ARGB32_Premultiplied);
        back.fill(Qt::magenta);
        QPainter painter(&back);
        renderer.render(&painter);
        painter.end();
        shot(back, QStringLiteral("export-dialog-svg-rendered-back.png"));
        img = img.convertToFormat(QImage::Format_ARGB32_Premultiplied);
        double diff = 0;
        for (int y = 0; y < 600; ++y)
            for (int x = 0; x < 900; ++x) {
                const QRgb a = img.pixel(x, y), b = back.pixel(x, y);
                diff += std::abs(qRed(a) - qRed(b)) + std::abs(qGreen(a) - qGreen(b)) + std::abs(qBlue(a) - qBlue(b));
            }
        diff /= 900.0 * 600.0 * 3;
        QVERIFY2(diff < 6, qPrintable(QString::number(diff)));

        QSignalSpy failed(&d, &ChartExportDialog::saveFailed);
        d.save(out.filePath(QStringLiteral("missing/dir/chart.svg")));
        QVERIFY(failed.wait(20000));
        d.resize(900, 760);
        shot(d.grab().toImage(), QStringLiteral("export-dialog.png"));
    }

    void composerCombinesChartTableAndSummary()
    {
        ForumComposerDialog d(m_store, m_run);
        QSignalSpy loaded(&d, &ForumComposerDialog::loaded);
        QSignalSpy preview(&d, &ForumComposerDialog::previewReady);
        QVERIFY(loaded.wait(20000));
        QVERIFY(preview.count() > 0 || preview.wait(20000));
        QVERIFY(d.redactCheck()->isChecked());
        QVERIFY(!d.chartImage().isNull());

        // The default summary names the tests; the user adds text naming the machine.
        QVERIFY2(d.summaryEdit()->toPlainText().contains(QStringLiteral("SEQ1M Q8T1 Read")),
            qPrintable(d.summaryEdit()->toPlainText()));
        d.summaryEdit()->appendPlainText(QStringLiteral("Tested on %1 at %2 (NIC %3).").arg(m_host, m_ip, m_mac));
        QString post = d.postText();
        QCOMPARE(d.postPreview()->toPlainText(), post);
        QVERIFY2(post.contains(QStringLiteral("[img]clustermark-run-%1.png[/img]").arg(m_run)), qPrintable(post));
        QVERIFY(post.contains(QStringLiteral("[table]")));
        QVERIFY(post.contains(QStringLiteral("Tested on node1 at ip1 (NIC mac1).")));
        QVERIFY(post.contains(QStringLiteral("ClusterMark " CLUSTERMARK_VERSION)));
        for (const QString &secret : {m_host, m_ip, m_mac})
            QVERIFY2(!post.contains(secret, Qt::CaseInsensitive), qPrintable(secret));

        d.formatCombo()->setCurrentIndex(d.formatCombo()->findData(int(ExportFormat::Markdown)));
        post = d.postText();
        QVERIFY(post.contains(QStringLiteral("![chart](clustermark-run-%1.png)").arg(m_run)));
        QVERIFY(post.contains(QStringLiteral("| Test | Node |")));

        d.resize(1100, 720);
        shot(d.grab().toImage(), QStringLiteral("composer.png"));

        d.copyToClipboard();
        const QMimeData *mime = QGuiApplication::clipboard()->mimeData();
        QVERIFY(mime);
        QCOMPARE(mime->text(), post);
        QVERIFY(mime->hasImage());

        QTemporaryDir out;
        QSignalSpy saved(&d, &ForumComposerDialog::saved);
        d.saveTo(out.path());
        QVERIFY(saved.wait(20000));
        const QStringList files = saved.first().first().toStringList();
        QCOMPARE(files.size(), 2);
        QImage img;
        QVERIFY(img.load(files.at(0), "PNG"));
        QCOMPARE(img.size(), QSize(1200, 800));
        QFile txt(files.at(1));
        QVERIFY(txt.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(txt.readAll()), post);

        // Redaction off: the same post names the machine (the check above can fail).
        d.redactCheck()->setChecked(false);
        QVERIFY(d.postText().contains(m_host));
        QVERIFY(d.postText().contains(m_ip));

        // No chart: no image tag, nothing to render.
        d.chartCombo()->setCurrentIndex(d.chartCombo()->findData(QStringLiteral("none")));
        QVERIFY(!d.postText().contains(QStringLiteral("![chart]")));
    }

    void resultsViewOpensBoth()
    {
        ResultsView view(m_store);
        QSignalSpy reloaded(&view, &ResultsView::reloaded);
        view.reload();
        QVERIFY(reloaded.wait(20000));
        QCOMPARE(view.exportChart(), nullptr); // nothing selected yet
        view.selectRun(m_run);
        QCOMPARE(view.currentRun(), m_run);
        ChartExportDialog *e = view.exportChart();
        QVERIFY(e);
        QSignalSpy l1(e, &ChartExportDialog::loaded);
        QVERIFY(l1.wait(20000));
        e->close();
        ForumComposerDialog *c = view.composeForumPost();
        QVERIFY(c);
        QSignalSpy l2(c, &ForumComposerDialog::loaded);
        QVERIFY(l2.wait(20000));
        c->close();
    }
};

QTEST_MAIN(TestChartExport)
#include "test_chartexport.moc"
