// SPDX-License-Identifier: GPL-3.0-or-later
#include "targetcolors.h"

#include "io/appsettings.h"

#include <array>

namespace cm::ui {

namespace {
// Tableau 20: ten hues, each as a dark and a light shade; distinct on light and dark
// backgrounds.
struct Pair {
    QColor dark, light;
};
const std::array<Pair, TargetColors::PairCount> &pairs()
{
    static const std::array<Pair, TargetColors::PairCount> p {{
        {QColor(0x4e79a7), QColor(0xa0cbe8)},
        {QColor(0xf28e2b), QColor(0xffbe7d)},
        {QColor(0x59a14f), QColor(0x8cd17d)},
        {QColor(0xe15759), QColor(0xff9d9a)},
        {QColor(0x499894), QColor(0x86bcb6)},
        {QColor(0xb6992d), QColor(0xf1ce63)},
        {QColor(0xb07aa1), QColor(0xd4a6c8)},
        {QColor(0xd37295), QColor(0xfabfd2)},
        {QColor(0x9d7660), QColor(0xd7b5a6)},
        {QColor(0x79706e), QColor(0xbab0ac)},
    }};
    return p;
}
} // namespace

TargetColors &TargetColors::instance()
{
    static AppSettings settings;
    static TargetColors c(&settings);
    return c;
}

TargetColors::TargetColors(AppSettings *settings)
    : m_settings(settings)
{
    if (m_settings)
        m_order = m_settings->colouredTargets().mid(0, Remembered);
}

int TargetColors::pairOf(const QString &target)
{
    const qsizetype known = m_order.indexOf(target);
    if (known >= 0)
        return int(known % PairCount);
    // The first pair no remembered target holds, else the one held longest ago.
    std::array<bool, PairCount> held {};
    for (qsizetype i = 0; i < m_order.size(); ++i)
        held[size_t(i % PairCount)] = held[size_t(i % PairCount)] || !m_order.at(i).isEmpty();
    int pair = int(m_order.size() % PairCount);
    for (int p = 0; p < PairCount; ++p)
        if (!held[size_t(p)]) {
            pair = p;
            break;
        }
    // Slot i holds pair i % PairCount: take the first slot of that pair that is free,
    // or append a row of slots.
    qsizetype slot = -1;
    for (qsizetype i = pair; i < m_order.size(); i += PairCount)
        if (m_order.at(i).isEmpty()) {
            slot = i;
            break;
        }
    if (slot < 0) {
        slot = m_order.size();
        while (slot % PairCount != pair)
            ++slot;
        while (m_order.size() <= slot)
            m_order.append(QString());
    }
    m_order[slot] = target;
    while (m_order.size() > Remembered) // forget the oldest: the first row
        m_order.remove(0, PairCount);
    if (m_settings)
        m_settings->setColouredTargets(m_order);
    return pair;
}

QColor TargetColors::colorFor(const QString &target)
{
    return pairs().at(size_t(pairOf(target))).dark;
}

QColor TargetColors::shadeFor(const QString &target, int direction)
{
    const Pair &p = pairs().at(size_t(pairOf(target)));
    switch (direction) {
    case 0: return p.dark;
    case 1: return p.light;
    case 2: return p.dark.darker(150);
    default: return p.light.darker(100 + 25 * (direction - 2));
    }
}

void TargetColors::reset()
{
    m_order.clear();
    if (m_settings)
        m_settings->setColouredTargets(m_order);
}

QString targetLabel(const QString &target)
{
    const int colon = target.indexOf(QLatin1Char(':'));
    if (colon <= 0)
        return target;
    return target.left(colon) + QStringLiteral(" · ") + target.mid(colon + 1);
}

} // namespace cm::ui
