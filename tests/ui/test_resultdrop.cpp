// SPDX-License-Identifier: GPL-3.0-or-later
// Dropping result files on the main window (offscreen): a real fio json+ output becomes
// a run that the Results tab lists and shows; the import runs off the UI thread (the
// drop returns while it is still busy); a file that is not tool output shows the
// refusal with its line and stores nothing.
#include "bench/registry.h"
#include "engine/runengine.h"
#include "mainwindow.h"
#include "resultdropimporter.h"
#include "results/resultsmodel.h"
#include "results/resultsview.h"
#include "sessions/sessionsview.h"
#include "store/sessionstore.h"
#include "testutil.h"

#include <QDropEvent>
#include <QFile>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace cm;
using namespace cm::ui;

namespace {

// Sends a drag-enter and a drop of `file` to the window, as a file manager would.
bool dropFile(QWidget *w, const QString &file)
{
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(file)});
    QDragEnterEvent enter(QPoint(20, 20), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(w, &enter);
    if (!enter.isAccepted())
        return false;
    QDropEvent drop(QPointF(20, 20), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(w, &drop);
    return drop.isAccepted();
}

int runCount(const QString &storePath)
{
    SessionStore s(storePath);
    return s.open() ? -1 : int(s.runs().size());
}

} // namespace

class TestResultDrop : public QObject {
    Q_OBJECT
    QTemporaryDir m_home;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_home.filePath(QStringLiteral("config")));
        QCoreApplication::setOrganizationName(QStringLiteral("ClusterMarkTest"));
        QCoreApplication::setApplicationName(QStringLiteral("ClusterMarkTest"));
        registerBuiltinKinds();
    }

    void dropImportsAndSelects()
    {
        const QString storePath = m_home.filePath(QStringLiteral("clustermark.sqlite"));
        const QString file = m_home.filePath(QStringLiteral("randread.json"));
        QVERIFY(QFile::copy(cmtest::testData(QStringLiteral("fio/fio3.33-jsonplus-randread.json")), file));
        const QString bad = m_home.filePath(QStringLiteral("notes.txt"));
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("my disk notes\nnothing to import here\n");
        }

        RunEngine engine(storePath);
        MainWindow window(&engine, storePath);
        window.resize(1280, 800);
        window.show();
        auto *drop = window.findChild<ResultDropImporter *>();
        QVERIFY(drop);
        QSignalSpy done(drop, &ResultDropImporter::importFinished);
        QSignalSpy failed(drop, &ResultDropImporter::importFailed);
        QSignalSpy shown(window.resultsView(), &ResultsView::detailShown);
        QTRY_VERIFY_WITH_TIMEOUT(!window.sessionsView()->isLoading(), 10000);
        QSignalSpy sessionsReloaded(window.sessionsView(), &SessionsView::reloaded);

        QVERIFY(dropFile(&window, file));
        QVERIFY2(drop->isBusy() || !done.isEmpty(), "the drop did not start an import");
        QVERIFY(done.isEmpty()); // signals arrive through the event loop, not inside the drop
        QVERIFY(done.wait(20000));
        QVERIFY(failed.isEmpty());
        const RunId id = done.at(0).at(0).value<RunId>();
        QVERIFY(id > 0);
        QCOMPARE(done.at(0).at(1).toString(), file);
        // The Results tab lists the run and shows it.
        QTRY_VERIFY_WITH_TIMEOUT(window.resultsView()->model()->rowOf(id) >= 0, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty() && shown.last().at(0).value<RunId>() == id, 10000);
        auto *tabs = window.findChild<QTabWidget *>();
        QVERIFY(tabs && tabs->currentWidget() == window.resultsView());
        // The Sessions tab counts the imported run without a manual refresh.
        QTRY_VERIFY_WITH_TIMEOUT(
            !sessionsReloaded.isEmpty() && sessionsReloaded.last().at(1).toInt() == runCount(storePath), 10000);
        QVERIFY(runCount(storePath) >= 1);
        SessionStore store(storePath);
        QVERIFY(!store.open());
        QCOMPARE(store.run(id).kind, QStringLiteral("disk-fio"));
        QCOMPARE(store.runEnvironment(id).value(QStringLiteral("imported_from")).toString(), file);

        // A file that is not tool output: refused with where, nothing stored.
        const int before = runCount(storePath);
        QVERIFY(dropFile(&window, bad));
        QVERIFY(failed.wait(20000));
        QCOMPARE(failed.at(0).at(0).toString(), bad);
        const QString msg = failed.at(0).at(1).value<Error>().message;
        QVERIFY2(msg.contains(QLatin1String("line 1")), qPrintable(msg));
        QTRY_VERIFY_WITH_TIMEOUT(!window.findChildren<QMessageBox *>().isEmpty(), 5000);
        QVERIFY(window.findChildren<QMessageBox *>().last()->text().contains(QLatin1String("line 1")));
        QCOMPARE(runCount(storePath), before);

        // A drag without local files is not taken.
        QMimeData text;
        text.setText(QStringLiteral("hello"));
        QDragEnterEvent enter(QPoint(20, 20), Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&window, &enter);
        QVERIFY(!enter.isAccepted());
    }
};

QTEST_MAIN(TestResultDrop)
#include "test_resultdrop.moc"
