// SPDX-License-Identifier: GPL-3.0-or-later
// The S3 curl engine's plan checks and what it hands to curl: the secret only on
// standard input, values quoted for curl's config, each URL with its own output, the
// working set shared out over a step's clients. (Runs against the lab: test_cephclients.)
#include "bench/registry.h"
#include "bench/s3/s3curlrunner.h"
#include "bench/s3/s3kind.h"
#include "bench/scaling.h"
#include "testutil.h"

#include <QTest>

using namespace cm;

class TestS3CurlEngine : public QObject {
    Q_OBJECT

    static S3Kind::Options options()
    {
        S3Kind::Options o;
        o.engine = QStringLiteral("curl");
        o.endpoint = QStringLiteral("http://10.0.0.9:7480");
        o.accessKey = QStringLiteral("AK");
        o.secretRef = QStringLiteral("env:S3_SECRET");
        return o;
    }
    static QList<NodeSpec> nodes()
    {
        return {NodeSpec::parse(QStringLiteral("root@10.0.0.1")), NodeSpec::parse(QStringLiteral("root@10.0.0.2"))};
    }
    static QString refusal(const std::function<void(S3Kind::Options &)> &change)
    {
        S3Kind::Options o = options();
        change(o);
        Error e;
        S3Kind::makePlan(o, nodes(), &e);
        return e.message;
    }

private Q_SLOTS:
    void initTestCase() { registerBuiltinKinds(); }

    void plansOnNodes()
    {
        Error e;
        S3Kind::Options o = options();
        o.preset = QStringLiteral("small-objects"); // PUT, GET, HEAD, DELETE: curl keeps PUT and GET
        Plan p = S3Kind::makePlan(o, nodes(), &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(p.steps.size(), 2);
        QCOMPARE(p.target.value(QStringLiteral("engine")).toString(), QStringLiteral("curl"));
        QCOMPARE(S3CurlRunner::clientObjects(p, p.steps.first()), 2048); // 4096 over two clients
        QVERIFY(!scaling::expand(S3Kind(), {1, 2}, &p));
        QCOMPARE(S3CurlRunner::clientObjects(p, p.steps.first()), 4096); // one client: the whole set
        const QString preview = S3Kind().commandPreview(p, 0, nodes().first());
        QVERIFY2(preview.startsWith(QLatin1String("[root@10.0.0.1] timeout --foreground -s INT 10 stdbuf -oL curl"))
                && preview.contains(QLatin1String("--parallel-max 16")) && preview.contains(QLatin1String("-K -"))
                && preview.contains(QLatin1String("clustermark-obj-4096-[0-4095]")),
            qPrintable(preview));
        // The native engine's plans carry no engine key: saved plans stay as they were.
        o.engine = QStringLiteral("native");
        QVERIFY(!S3Kind::makePlan(o, &e).target.contains(QStringLiteral("engine")));
    }

    void refusals()
    {
        QVERIFY(refusal([](auto &o) { o.engine = QStringLiteral("wget"); }).contains(QLatin1String("native or curl")));
        QVERIFY(refusal([](auto &o) { o.op = QStringLiteral("head"); }).contains(QLatin1String("PUT and GET")));
        QVERIFY(refusal([](auto &o) {
            o.endpoint = QStringLiteral("http://[fd00::1]:7480");
        }).contains(QLatin1String("IPv6")));
        QVERIFY(refusal([](auto &o) { o.virtualHost = true; }).contains(QLatin1String("path-style")));
        QVERIFY(refusal([](auto &o) {
            o.endpoint = QStringLiteral("https://gw");
            o.caFile = QStringLiteral("/etc/ca.pem");
        }).contains(QLatin1String("caFile")));
        QVERIFY(refusal([](auto &o) { o.region = QStringLiteral("us\"east"); }).contains(QLatin1String("region")));
        QVERIFY(refusal([](auto &o) {
            o.concurrency = 400;
            o.objects = 1000;
        }).contains(QLatin1String("300")));
        QVERIFY(refusal([](auto &o) { o.rangeSize = 4096; }).contains(QLatin1String("ranged")));
        S3Kind::Options o = options(); // the native engine stays on this machine
        o.engine = QStringLiteral("native");
        Error e;
        S3Kind::makePlan(o, nodes(), &e);
        QVERIFY(e.message.contains(QLatin1String("curl engine")));
    }

    // The secret goes to curl's standard input only, quoted as curl's config wants.
    void secretOnlyOnStdin()
    {
        const QJsonObject target = options().target();
        const QStringList argv = S3CurlRunner::curlArgs(target, 8);
        QVERIFY(argv.contains(QStringLiteral("-K")) && argv.last() == QLatin1String("-"));
        const QByteArray secret("se\"cr\\et/+");
        const QByteArray c = S3CurlRunner::config(target, secret, {QStringLiteral("http://gw/b/k-[0-1]")},
            QStringLiteral("PUT"), QStringLiteral("/tmp/clustermark-s3-abc"));
        for (const QString &a : argv)
            QVERIFY(!a.contains(QLatin1String("se\"cr")));
        QVERIFY2(c.contains("user = \"AK:se\\\"cr\\\\et/+\"\n"), c.constData());
        QVERIFY(c.contains("aws-sigv4 = \"aws:amz:us-east-1:s3\"\n"));
        QVERIFY(c.contains(
            "upload-file = \"/tmp/clustermark-s3-abc\"\noutput = \"/dev/null\"\nurl = \"http://gw/b/k-[0-1]\"\n"));
        QVERIFY(!c.contains("request ="));
        const QByteArray del
            = S3CurlRunner::config(target, secret, {QStringLiteral("http://gw/b")}, QStringLiteral("DELETE"), {});
        QVERIFY(del.contains("request = \"DELETE\"\n") && !del.contains("upload-file"));
    }
};

QTEST_GUILESS_MAIN(TestS3CurlEngine)
#include "test_s3curlengine.moc"
