// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Random block order without repeats within a pass, as fio's default random map: every
// block of the range is picked once before any is picked again. A pure random pick
// overwrites blocks still in flight, and librbd's cache holds such a write back until
// the earlier one reaches the OSD, which stalls that queue slot for seconds.
#include <QtGlobal>

#include <random>
#include <vector>

namespace cm {

class RandomBlockMap {
public:
    explicit RandomBlockMap(quint64 blocks);

    // The next block in [0, blocks): random, not yet used in this pass.
    quint64 next(std::mt19937_64 &rng);
    quint64 blocks() const { return m_blocks; }
    quint64 usedInPass() const { return m_used; }

private:
    bool used(quint64 b) const { return (m_bits[b / 64] >> (b % 64)) & 1u; }
    size_t nextNotFullWord(size_t from) const; // wrapping; a free block exists
    void mark(quint64 b);

    quint64 m_blocks;
    quint64 m_used = 0;
    std::vector<quint64> m_bits; // one bit per block
    std::vector<quint64> m_full; // one bit per word of m_bits: all its blocks used
};

} // namespace cm
