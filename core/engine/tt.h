// Transposition table for the engine: one entry per slot, indexed by the low
// bits of Position::key and verified by the full key.
//
// Deterministic by construction: the table is a plain vector cleared at
// creation, the slot is a function of the key alone, and replacement prefers
// deeper entries then newer ones. No pointer values, no clocks.
//
// What it does not do: share between threads (the engine is single-threaded
// so wasm and native behave the same), or age entries across searches (think()
// makes a fresh table, so a search never depends on earlier calls).
#pragma once

#include <cstdint>
#include <vector>

#include "core/types.h"

namespace zertz {

enum Bound : uint8_t { BoundNone = 0,
                       BoundUpper = 1,
                       BoundLower = 2,
                       BoundExact = 3 };

struct TTEntry {
  uint64_t key = 0;
  Move move;          // best or refuting move; kind Pass with from == kNoCell when none
  int32_t score = 0;  // mate scores stored relative to this node (see search.cpp)
  int16_t depth = -1;
  uint8_t bound = BoundNone;
  uint8_t hasMove = 0;
};

class TranspositionTable {
 public:
  // 2^log2Entries slots (32 bytes each); log2Entries is clamped to [10, 26].
  explicit TranspositionTable(int log2Entries) {
    if (log2Entries < 10) log2Entries = 10;
    if (log2Entries > 26) log2Entries = 26;
    entries_.assign(size_t(1) << log2Entries, TTEntry{});
    mask_ = entries_.size() - 1;
  }

  const TTEntry* probe(uint64_t key) const {
    const TTEntry& e = entries_[key & mask_];
    return e.bound != BoundNone && e.key == key ? &e : nullptr;
  }

  // A hint that probe(key) or store(key, ...) comes soon: the slot is
  // usually not in cache, and loading it early hides the wait. No effect on
  // any result.
  void prefetch(uint64_t key) const { __builtin_prefetch(&entries_[key & mask_]); }

  void store(uint64_t key, int depth, int score, Bound bound, const Move* move) {
    TTEntry& e = entries_[key & mask_];
    // Keep a deeper entry of another position; always refresh our own.
    if (e.bound != BoundNone && e.key != key && e.depth > depth + 2) return;
    if (e.key == key && !move && e.hasMove) {
      // Keep the old best move when this search found none.
    } else {
      e.hasMove = move != nullptr;
      if (move) e.move = *move;
    }
    e.key = key;
    e.score = score;
    e.depth = int16_t(depth);
    e.bound = bound;
  }

  size_t size() const { return entries_.size(); }

 private:
  std::vector<TTEntry> entries_;
  uint64_t mask_ = 0;
};

}  // namespace zertz
