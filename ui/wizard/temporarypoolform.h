// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A Ceph page's "Temporary pool" (RBD, RADOS): a pool of a chosen layout made for the
// run and removed after it (model/poollayout.h). Ticking the box is the user's consent
// to create and delete it. With the connected cluster's OSDs known, it says up front
// whether the cluster can hold the layout.
#include "model/cephinventory.h"
#include "model/poollayout.h"

#include <QGroupBox>

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace cm::ui {

class TemporaryPoolForm : public QGroupBox {
    Q_OBJECT
public:
    explicit TemporaryPoolForm(QWidget *parent = nullptr);
    // The connected cluster's OSDs (empty: not known, nothing is checked).
    void setOsds(const QList<CephOsd> &osds);
    // From a target's "temporaryPool" (unticked without one), and back into a target.
    void setFromTarget(const QJsonObject &target);
    void writeTo(QJsonObject *target) const;
    PoolLayout layout() const;
    // Why the layout cannot be run ("" when it can, or the box is not ticked).
    QString problem() const;

    QComboBox *typeCombo() const { return m_type; }
    QSpinBox *sizeSpin() const { return m_size; }
    QSpinBox *minSizeSpin() const { return m_minSize; }
    QSpinBox *kSpin() const { return m_k; }
    QSpinBox *mSpin() const { return m_m; }
    QComboBox *failureDomainCombo() const { return m_domain; }
    QLabel *capacityLabel() const { return m_capacity; }

Q_SIGNALS:
    void changed();

private:
    void update();
    // Up OSDs of the chosen class, and the buckets of the chosen failure domain holding
    // them (-1: not known from the inventory).
    int domainsKnown(int *osds) const;

    QList<CephOsd> m_osds;
    QWidget *m_body = nullptr;
    QLabel *m_sizeLabel = nullptr;
    QLabel *m_chunkLabel = nullptr;
    QComboBox *m_type = nullptr;
    QSpinBox *m_size = nullptr;
    QSpinBox *m_minSize = nullptr;
    QSpinBox *m_k = nullptr;
    QSpinBox *m_m = nullptr;
    QComboBox *m_domain = nullptr;
    QLineEdit *m_class = nullptr;
    QLabel *m_capacity = nullptr;
};

} // namespace cm::ui
