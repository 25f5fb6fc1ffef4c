// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/randomblockmap.h"

#include <algorithm>
#include <bit>

namespace cm {

RandomBlockMap::RandomBlockMap(quint64 blocks)
    : m_blocks(std::max<quint64>(blocks, 1))
    , m_bits(size_t((m_blocks + 63) / 64), 0)
    , m_full(size_t((m_bits.size() + 63) / 64), 0)
{
    // The last word's bits past the end count as used, so "full" means full.
    if (const quint64 tail = m_blocks % 64)
        m_bits.back() = ~quint64(0) << tail;
}

quint64 RandomBlockMap::next(std::mt19937_64 &rng)
{
    if (m_used == m_blocks) { // pass complete: start the next one
        std::fill(m_bits.begin(), m_bits.end(), 0);
        if (const quint64 tail = m_blocks % 64)
            m_bits.back() = ~quint64(0) << tail;
        std::fill(m_full.begin(), m_full.end(), 0);
        m_used = 0;
    }
    quint64 b = std::uniform_int_distribution<quint64>(0, m_blocks - 1)(rng);
    if (used(b)) {
        // The first free block after b in its word, else in the next word that is not full.
        const size_t w = size_t(b / 64);
        const quint64 above = m_bits[w] | ((quint64(2) << (b % 64)) - 1); // b and below count as used
        if (~above) {
            b = quint64(w) * 64 + quint64(std::countr_zero(~above));
        } else {
            const size_t f = nextNotFullWord((w + 1) % m_bits.size());
            b = quint64(f) * 64 + quint64(std::countr_zero(~m_bits[f]));
        }
    }
    mark(b);
    return b;
}

size_t RandomBlockMap::nextNotFullWord(size_t from) const
{
    const size_t words = m_bits.size();
    size_t w = from;
    for (size_t checked = 0; checked <= words + 64;) {
        const size_t g = w / 64;
        const quint64 notFull = ~m_full[g] & (~quint64(0) << (w % 64));
        // Only words that exist: the last group may be partial.
        if (notFull) {
            const size_t candidate = g * 64 + size_t(std::countr_zero(notFull));
            if (candidate < words)
                return candidate;
        }
        checked += 64 - w % 64;
        w = (g + 1) * 64;
        if (w >= words)
            w = 0;
    }
    return from; // unreachable while a block is free
}

void RandomBlockMap::mark(quint64 b)
{
    const size_t w = size_t(b / 64);
    m_bits[w] |= quint64(1) << (b % 64);
    if (m_bits[w] == ~quint64(0))
        m_full[w / 64] |= quint64(1) << (w % 64);
    ++m_used;
}

} // namespace cm
