#include <QCoreApplication>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("ClusterMark"));
    QCoreApplication::setOrganizationName(QStringLiteral("ClusterMark"));
    return 0;
}
