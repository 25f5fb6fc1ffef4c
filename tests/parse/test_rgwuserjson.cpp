// SPDX-License-Identifier: GPL-3.0-or-later
// radosgw-admin's user JSON (real output of `user create` and `user info`, radosgw
// 16.2.15): the first S3 key, users without keys, and malformed output.
#include "parse/rgwuserjson.h"
#include "testutil.h"

#include <QFile>
#include <QTest>

using namespace cm;

namespace {

QByteArray data(const char *name)
{
    QFile f(cmtest::testData(QStringLiteral("rgw-admin/") + QLatin1String(name)));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestRgwUserJson : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void createAndInfoGiveTheSameKey()
    {
        RgwUserKeys created, info;
        QVERIFY(!parseRgwUserJson(data("user-create.json"), &created));
        QVERIFY(!parseRgwUserJson(data("user-info.json"), &info));
        QCOMPARE(created.userId, QStringLiteral("u1"));
        QCOMPARE(created.displayName, QStringLiteral("User One"));
        QCOMPARE(created.accessKey, QStringLiteral("6M3HZPISJLO6JS8LDN69"));
        QCOMPARE(created.secretKey, QStringLiteral("bg0jPcGh30mW1bbX8TojzyAFHH11DqYagu6np66M"));
        QCOMPARE(created.keyCount, 1);
        QCOMPARE(info.accessKey, created.accessKey);
        QCOMPARE(info.secretKey, created.secretKey);
    }

    void firstOfSeveralKeys()
    {
        RgwUserKeys k;
        QVERIFY(!parseRgwUserJson(data("user-two-keys.json"), &k));
        QCOMPARE(k.accessKey, QStringLiteral("AK1"));
        QCOMPARE(k.secretKey, QStringLiteral("SK1"));
        QCOMPARE(k.keyCount, 2);
    }

    void errors()
    {
        RgwUserKeys k;
        Error e = parseRgwUserJson(data("user-no-keys.json"), &k);
        QVERIFY2(e.message.contains(QLatin1String("nokeys has no S3 keys")), qPrintable(e.message));
        e = parseRgwUserJson("", &k);
        QVERIFY2(e.message.contains(QLatin1String("printed nothing")), qPrintable(e.message));
        e = parseRgwUserJson(data("user-create.json").left(120), &k);
        QCOMPARE(e.code, Error::Code::ParseError);
        QVERIFY2(e.message.contains(QLatin1String("malformed JSON")) && e.message.contains(QLatin1String("offset")),
            qPrintable(e.message));
        e = parseRgwUserJson("[1,2]", &k);
        QVERIFY2(e.message.contains(QLatin1String("not an object")), qPrintable(e.message));
        e = parseRgwUserJson(R"({"user_id":"x","keys":{}})", &k);
        QVERIFY2(e.message.contains(QLatin1String("without a keys list")), qPrintable(e.message));
        e = parseRgwUserJson(R"({"user_id":"x","keys":[{"access_key":"A"}]})", &k);
        QVERIFY2(e.message.contains(QLatin1String("no access_key or secret_key")), qPrintable(e.message));
        e = parseRgwUserJson(R"({"keys":[{"access_key":"A","secret_key":"S"}]})", &k);
        QVERIFY2(e.message.contains(QLatin1String("without user_id")), qPrintable(e.message));
        QVERIFY(k.accessKey.isEmpty()); // untouched by failures
    }
};

QTEST_GUILESS_MAIN(TestRgwUserJson)
#include "test_rgwuserjson.moc"
