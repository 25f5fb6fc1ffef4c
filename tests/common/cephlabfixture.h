// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A real single-host Ceph cluster for a test (header-only), driven by
// scripts/lab/ceph-lab.sh: 1 mon, 1 mgr, N bluestore OSDs, an MDS with a CephFS and a
// radosgw with an S3 user, pool size 1, all on 127.0.0.1 (or setAddress()) inside a
// temporary folder.
//
//   cmtest::CephLabFixture lab;
//   CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
//   QVERIFY2(lab.start(), qPrintable(lab.whyNot()));     // ~3-6 s
//   lab.client("rados", {"lspools"}, &out);             // -c CONF -k KEYRING added
//   rados_conf_read_file(cluster, lab.confPath()) ...    // librados / librbd tests
//   lab.stop();                                          // or the destructor
//
// Values come from the script's KEY=VALUE lines (CEPH_CONF, KEYRING, MON_ADDR, FSID,
// RGW_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, CEPHFS_NAME, OSDS, POOL_SIZE, DIR).
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>

namespace cmtest {

class CephLabFixture {
public:
    CephLabFixture() = default;
    ~CephLabFixture() { stop(); }
    CephLabFixture(const CephLabFixture &) = delete;
    CephLabFixture &operator=(const CephLabFixture &) = delete;

    static QString script() { return qEnvironmentVariable("CLUSTERMARK_SCRIPTS") + QStringLiteral("/lab/ceph-lab.sh"); }

    // The Debian packages the lab needs (scripts/packages.txt) are installed.
    static bool available(QString *why = nullptr)
    {
        static const char *const bins[] = {"ceph-mon", "ceph-mgr", "ceph-osd", "ceph-mds", "radosgw", "ceph", "rados",
            "rbd", "radosgw-admin", "ceph-authtool", "monmaptool", "curl", "uuidgen"};
        QStringList missing;
        for (const char *b : bins)
            if (!QFile::exists(QStringLiteral("/usr/bin/") + QLatin1String(b)))
                missing << QLatin1String(b);
        // python3-rados: the script's set-up runs on the system interpreter.
        if (QDir(QStringLiteral("/usr/lib/python3/dist-packages"))
                .entryList({QStringLiteral("rados*.so")}, QDir::Files)
                .isEmpty())
            missing << QStringLiteral("python3-rados");
        if (!missing.isEmpty() && why)
            *why = QStringLiteral("Ceph lab packages missing: ") + missing.join(QLatin1Char(' '));
        return missing.isEmpty();
    }

    // Before start(): the daemons listen on this address of the host instead of 127.0.0.1,
    // e.g. NetnsFixture::hostAddr(), so that namespace nodes reach the lab as clients.
    void setAddress(const QString &address) { m_address = address; }

    // Starts the lab; false with whyNot() (the script's message) when it did not come up.
    bool start(int osds = 3, int timeoutMs = 120000)
    {
        if (m_running) {
            m_why = QStringLiteral("already running");
            return false;
        }
        if (!m_tmp.isValid()) {
            m_why = QStringLiteral("cannot create a temporary folder");
            return false;
        }
        QElapsedTimer t;
        t.start();
        QString out;
        QStringList args {QStringLiteral("start"), labDir(), QStringLiteral("--osds"), QString::number(osds)};
        if (!m_address.isEmpty())
            args << QStringLiteral("--addr") << m_address;
        const bool ok = runScript(args, timeoutMs, &out);
        m_startMs = t.elapsed();
        m_values.clear();
        for (const QString &line : out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            const qsizetype eq = line.indexOf(QLatin1Char('='));
            if (eq > 0)
                m_values.insert(line.left(eq), line.mid(eq + 1));
        }
        if (!ok) {
            stop(); // a timed-out start may have left daemons
            return false;
        }
        m_running = !confPath().isEmpty() && !keyringPath().isEmpty();
        if (!m_running)
            m_why = QStringLiteral("ceph-lab.sh printed no CEPH_CONF/KEYRING: ") + out;
        return m_running;
    }

    // Ends the lab's daemons and removes its folder (keeps it with keep = true).
    bool stop(bool keep = false)
    {
        if (!m_running && !QFile::exists(labDir()))
            return true;
        QString out;
        QStringList args {QStringLiteral("stop"), labDir()};
        if (keep)
            args << QStringLiteral("--keep");
        const bool ok = runScript(args, 60000, &out);
        m_running = false;
        return ok;
    }

    bool isRunning() const { return m_running; }
    QString whyNot() const { return m_why; }
    qint64 startMs() const { return m_startMs; } // wall time of the last start()

    QString dir() const { return labDir(); }
    QString value(const QString &key) const { return m_values.value(key); }
    QMap<QString, QString> values() const { return m_values; }
    QString confPath() const { return value(QStringLiteral("CEPH_CONF")); }
    QString keyringPath() const { return value(QStringLiteral("KEYRING")); }
    QString monAddr() const { return value(QStringLiteral("MON_ADDR")); } // ADDRESS:PORT (msgr v2)
    QString fsid() const { return value(QStringLiteral("FSID")); }
    QString rgwEndpoint() const { return value(QStringLiteral("RGW_ENDPOINT")); } // http://ADDRESS:PORT
    QString s3AccessKey() const { return value(QStringLiteral("S3_ACCESS_KEY")); }
    QString s3SecretKey() const { return value(QStringLiteral("S3_SECRET_KEY")); }
    QString cephfsName() const { return value(QStringLiteral("CEPHFS_NAME")); }
    int osds() const { return value(QStringLiteral("OSDS")).toInt(); }
    int poolSize() const { return value(QStringLiteral("POOL_SIZE")).toInt(); }

    // A Ceph command-line client (ceph, rados, rbd, radosgw-admin) against this lab:
    // its exit code, or -1 if it could not run or timed out.
    int client(const QString &program, const QStringList &args, QByteArray *out = nullptr, QByteArray *err = nullptr,
        int timeoutMs = 30000) const
    {
        QProcess p;
        p.start(program, QStringList {QStringLiteral("-c"), confPath(), QStringLiteral("-k"), keyringPath()} + args);
        if (!p.waitForStarted(5000))
            return -1;
        if (!p.waitForFinished(timeoutMs)) {
            p.kill();
            p.waitForFinished();
            return -1;
        }
        if (out)
            *out = p.readAllStandardOutput();
        if (err)
            *err = p.readAllStandardError();
        return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    }

    // What a temporary pool leaves if it is not removed: the names with the app's prefix
    // among pools, CRUSH rules and EC profiles, and any file system still naming one of
    // them as a data pool (its `fs ls` line). Empty: nothing left.
    QStringList appPlacementNames() const
    {
        QStringList names;
        for (const QStringList &what :
            {QStringList {QStringLiteral("osd"), QStringLiteral("pool"), QStringLiteral("ls")},
                QStringList {
                    QStringLiteral("osd"), QStringLiteral("crush"), QStringLiteral("rule"), QStringLiteral("ls")},
                QStringList {QStringLiteral("osd"), QStringLiteral("erasure-code-profile"), QStringLiteral("ls")},
                QStringList {QStringLiteral("fs"), QStringLiteral("ls")}}) {
            QByteArray out;
            if (client(QStringLiteral("ceph"), what, &out) != 0)
                return {QStringLiteral("(ceph %1 failed)").arg(what.join(QLatin1Char(' ')))};
            for (const QByteArray &line : out.split('\n'))
                if (line.contains("clustermark-bench-"))
                    names << QString::fromUtf8(line.trimmed());
        }
        return names;
    }

    // Bytes the OSDs took in writes so far (op_w_in_bytes over every OSD); -1 if unknown.
    // The difference over a step is what the cluster gained from it.
    double osdWriteBytes() const
    {
        double total = 0;
        for (int i = 0; i < osds(); ++i) {
            QByteArray out;
            if (client(QStringLiteral("ceph"),
                    {QStringLiteral("tell"), QStringLiteral("osd.%1").arg(i), QStringLiteral("perf"),
                        QStringLiteral("dump"), QStringLiteral("osd")},
                    &out)
                != 0)
                return -1;
            total += QJsonDocument::fromJson(out)
                         .object()
                         .value(QStringLiteral("osd"))
                         .toObject()
                         .value(QStringLiteral("op_w_in_bytes"))
                         .toDouble(-1);
        }
        return total;
    }

    // A counter of the gateway's own (perf dump "rgw": put_b, get_b, put, get…); -1 if unknown.
    double rgwCounter(const QString &name) const
    {
        QProcess p;
        p.start(QStringLiteral("ceph"),
            {QStringLiteral("--admin-daemon"), dir() + QStringLiteral("/run/client.rgw.lab.asok"),
                QStringLiteral("perf"), QStringLiteral("dump")});
        if (!p.waitForFinished(30000) || p.exitCode() != 0)
            return -1;
        return QJsonDocument::fromJson(p.readAllStandardOutput())
            .object()
            .value(QStringLiteral("rgw"))
            .toObject()
            .value(name)
            .toDouble(-1);
    }

    // Creates a replicated pool (size 1) tagged for an application (rbd, rados, cephfs).
    bool createPool(const QString &name, const QString &application = QStringLiteral("rados"), int pgNum = 8) const
    {
        return client(QStringLiteral("ceph"),
                   {QStringLiteral("osd"), QStringLiteral("pool"), QStringLiteral("create"), name,
                       QString::number(pgNum)})
            == 0
            && client(QStringLiteral("ceph"),
                   {QStringLiteral("osd"), QStringLiteral("pool"), QStringLiteral("application"),
                       QStringLiteral("enable"), name, application})
            == 0;
    }

private:
    QString labDir() const { return m_tmp.filePath(QStringLiteral("lab")); }

    bool runScript(const QStringList &args, int timeoutMs, QString *out)
    {
        QProcess p;
        p.start(QStringLiteral("bash"), QStringList {script()} + args);
        if (!p.waitForFinished(timeoutMs)) {
            p.kill();
            p.waitForFinished();
            m_why = QStringLiteral("ceph-lab.sh %1 timed out").arg(args.value(0));
            return false;
        }
        *out = QString::fromUtf8(p.readAllStandardOutput());
        if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
            m_why = QStringLiteral("ceph-lab.sh %1 failed: %2")
                        .arg(args.value(0), QString::fromUtf8(p.readAllStandardError()).trimmed());
            return false;
        }
        return true;
    }

    QTemporaryDir m_tmp;
    QString m_address;
    QMap<QString, QString> m_values;
    QString m_why;
    qint64 m_startMs = 0;
    bool m_running = false;
};

} // namespace cmtest
