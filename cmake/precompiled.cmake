# SPDX-License-Identifier: GPL-3.0-or-later
# Precompiled Qt headers. Most of a translation unit's compile time here is spent
# reading Qt's headers; each library and the tests read them once.
# cm_precompile(TARGET LEVEL): LEVEL core (QtCore, JSON) or widgets (core + QtWidgets).
# Only the libraries: a test executable has one or two sources, and a precompiled header
# valid for several of them would need the same macros, which Qt Test defines per folder
# (QT_TESTCASE_SOURCEDIR). Measured: a shared one per folder took 43 s to build and saved
# little in the sanitized tests.
option(CLUSTERMARK_PCH "Precompile the Qt headers" ON)

set(CM_PCH_CORE <QByteArray> <QDateTime> <QFile> <QHash> <QJsonArray> <QJsonDocument> <QJsonObject> <QList>
  <QLoggingCategory> <QMap> <QObject> <QRegularExpression> <QSet> <QString> <QStringList> <QVariant>
  <algorithm> <functional> <memory>)
set(CM_PCH_WIDGETS <QCheckBox> <QComboBox> <QFormLayout> <QHBoxLayout> <QLabel> <QLineEdit> <QPainter>
  <QPushButton> <QVBoxLayout> <QWidget>)

function(cm_precompile target level)
  if(NOT CLUSTERMARK_PCH)
    return()
  endif()
  if(level STREQUAL "core")
    target_precompile_headers(${target} PRIVATE ${CM_PCH_CORE})
  elseif(level STREQUAL "widgets")
    target_precompile_headers(${target} PRIVATE ${CM_PCH_CORE} ${CM_PCH_WIDGETS})
  endif()
endfunction()

