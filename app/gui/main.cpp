#include <QApplication>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ClusterMark"));
    QApplication::setOrganizationName(QStringLiteral("ClusterMark"));
    return 0;
}
