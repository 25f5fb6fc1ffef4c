// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/knobworker.h"

#include "bench/registry.h"
#include "transport/shellquote.h"
#include "transport/transportfactory.h"
#include "tuning/nodeknobs.h"

namespace cm {

KnobWorker::KnobWorker(QString storePath, QMap<QString, Credentials> credentials, CancelToken cancel)
    : m_storePath(std::move(storePath))
    , m_credentials(std::move(credentials))
    , m_cancel(std::move(cancel))
{ }

KnobWorker::~KnobWorker() = default;

std::unique_ptr<KnobSession> KnobWorker::newSession() const
{
    auto session = std::make_unique<KnobSession>(*m_store, m_id, maker(), m_cancel);
    session->setDeadManSeconds(m_x.deadManSeconds);
    session->setCluster(CephConnectionSpec::forPlan(m_x.plan.ceph, m_x.plan.target));
    return session;
}

TransportMaker KnobWorker::maker() const
{
    const QMap<QString, Credentials> credentials = m_credentials;
    return [credentials](const NodeSpec &n) { return makeTransport(n, credentials.value(n.secretKey())); };
}

void KnobWorker::prepare(const Experiment &x)
{
    m_x = x;
    m_store = std::make_unique<SessionStore>(m_storePath);
    Error e = m_store->open();
    if (!e)
        e = ExperimentStore(*m_store).create(x, &m_id);
    if (!e) {
        m_session = newSession();
        e = scopeVariants();
    }
    Q_EMIT prepared(m_id, e);
}

Error KnobWorker::scopeVariants()
{
    const std::shared_ptr<RunnerKind> kind = Registry::instance().kind(m_x.plan.kind);
    if (!kind)
        return Error(Error::Code::InvalidInput, QStringLiteral("unknown benchmark kind \"%1\"").arg(m_x.plan.kind));
    for (int v = 0; v < m_x.variants.size(); ++v)
        if (Error e = kind->validate(experimentPlan(m_x, v)))
            return Error(
                e.code, QStringLiteral("variant \"%1\": %2").arg(m_x.variants.at(v).name, e.message), e.context);
    QHash<QString, UsedObjects> used; // by node name, resolved once
    m_variants = {{}};
    for (int v = 1; v < m_x.variants.size(); ++v) {
        QList<NodeKnob> scoped;
        for (const KnobSetting &s : m_x.variants.at(v).knobs)
            if (Error e = scopeSetting(v, s, used, &scoped))
                return e;
        m_variants << scoped;
    }
    // Saved as it will run: every knob with the device or interface it changes.
    Experiment scopedX = m_x;
    for (int v = 1; v < m_variants.size(); ++v) {
        scopedX.variants[v].knobs.clear();
        for (const NodeKnob &k : std::as_const(m_variants[v]))
            scopedX.variants[v].knobs << k.setting;
    }
    return ExperimentStore(*m_store).update(m_id, scopedX);
}

Error KnobWorker::scopeSetting(int v, const KnobSetting &s, QHash<QString, UsedObjects> &used, QList<NodeKnob> *scoped)
{
    const QString variant = m_x.variants.at(v).name;
    QString current, how;
    if (s.isClusterKnob()) { // the cluster's: nothing on a node to scope
        if (Error e = m_session->check(NodeSpec(), s, &current, &how))
            return e;
        Q_EMIT logAvailable(QStringLiteral("ceph: %1 is %2; variant \"%3\" runs %4")
                                .arg(s.object, current.isEmpty() ? QStringLiteral("not set") : current, variant, how));
        *scoped << NodeKnob {NodeSpec(), s};
        return {};
    }
    const auto node = std::find_if(
        m_x.plan.nodes.cbegin(), m_x.plan.nodes.cend(), [&](const NodeSpec &n) { return n.displayName() == s.node; });
    if (node == m_x.plan.nodes.cend())
        return Error(Error::Code::InvalidInput, QStringLiteral("%1 is not a node of the plan").arg(s.node));
    if (!used.contains(s.node)) {
        const std::shared_ptr<RunnerKind> kind = Registry::instance().kind(m_x.plan.kind);
        std::unique_ptr<Transport> t = maker()(*node);
        Error e = t->connect();
        UsedObjects u;
        if (!e)
            e = resolveUse(*t, kind->nodeUse(m_x.plan, s.node), &u, m_cancel);
        if (e)
            return e;
        used.insert(s.node, u);
        Q_EMIT logAvailable(QStringLiteral("%1 uses: devices %2; interfaces %3")
                                .arg(s.node, u.devices.join(QLatin1Char(' ')), u.interfaces.join(QLatin1Char(' '))));
    }
    QList<KnobSetting> one;
    if (Error e = scopeSettings(s.node, used.value(s.node), {s}, &one))
        return e;
    for (const KnobSetting &o : std::as_const(one)) {
        if (Error e = m_session->check(*node, o, &current, &how))
            return e;
        Q_EMIT logAvailable(QStringLiteral("%1: %2 on %3 is %4; variant \"%5\" sets %6 (%7)")
                                .arg(s.node, o.knob, o.object, current, variant, o.raw, how));
        *scoped << NodeKnob {*node, o};
    }
    return {};
}

Error KnobWorker::checkPaths(int variant)
{
    const std::shared_ptr<RunnerKind> kind = Registry::instance().kind(m_x.plan.kind);
    for (const NodeKnob &k : std::as_const(m_variants[variant])) {
        if (k.setting.knob != QLatin1String("mtu") || !kind)
            continue;
        std::unique_ptr<Transport> t = maker()(k.node);
        if (Error e = t->connect())
            return e;
        NodeKnobs nk(*t, m_cancel);
        for (const QString &peer : kind->nodeUse(m_x.plan, k.setting.node).peerAddresses)
            if (Error e = nk.pingDontFragment(peer, k.setting.raw.toInt()))
                return e;
    }
    return {};
}

void KnobWorker::applyVariant(int variant)
{
    Error e;
    if (!m_session || variant < 0 || variant >= m_variants.size())
        e = Error(Error::Code::Internal, QStringLiteral("no variant %1 prepared").arg(variant));
    else if (variant != m_current) {
        e = m_session->restoreAll(); // back to the nodes as they were, then this variant
        m_session = newSession();
        m_current = 0;
        for (const NodeKnob &k : std::as_const(m_variants[variant])) {
            if (e || m_cancel.isCancelled())
                break;
            Q_EMIT logAvailable(QStringLiteral("%1: applying %2").arg(k.setting.node, k.setting.toString()));
            e = m_session->apply(k.node, k.setting);
        }
        if (!e && !m_cancel.isCancelled())
            e = checkPaths(variant);
        if (!e)
            m_current = variant;
    }
    if (!e && m_cancel.isCancelled())
        e = Error(Error::Code::Cancelled, QStringLiteral("cancelled"));
    QStringList settings;
    if (!e && variant >= 0 && variant < m_variants.size())
        for (const NodeKnob &k : std::as_const(m_variants[variant]))
            settings << k.setting.toString();
    Q_EMIT applied(variant, settings, e);
}

void KnobWorker::recordRun(const ExperimentRun &run)
{
    if (!m_store)
        return;
    if (Error e = ExperimentStore(*m_store).addRun(m_id, run))
        Q_EMIT logAvailable(e.toString());
}

void KnobWorker::finish(RunStatus status, const QString &error)
{
    Error restored;
    if (m_session)
        restored = m_session->restoreAll();
    m_current = 0;
    if (m_store && !m_id.isEmpty()) {
        const QString why = restored ? (error.isEmpty() ? QString() : error + QStringLiteral("; "))
                + QStringLiteral("not restored: ") + restored.message
                                     : error;
        ExperimentStore(*m_store).finish(
            m_id, restored && status == RunStatus::Completed ? RunStatus::Failed : status, why);
    }
    m_session.reset();
    Q_EMIT finished(restored);
}

} // namespace cm
