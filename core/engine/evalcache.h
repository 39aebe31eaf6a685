// A direct-mapped cache of static evaluations by position key, for the
// search. A search evaluates the same quiet position more than once: a child
// is evaluated to order its parent's moves and again when it is searched at
// depth 0, and transpositions reach the same leaves. For an evaluation that
// costs several memory accesses (the learned ones) a lookup is cheaper.
//
// Exact: an entry answers only for the full 64-bit key it was stored under,
// the key the transposition table trusts too, and holds the evaluation's
// own value. What it does not do: add the search's noise, or know which
// evaluation filled it (one cache per search, one evaluation per search).
#pragma once

#include <cstdint>
#include <vector>

namespace zertz {

class EvalCache {
 public:
  // 2^log2Entries entries of 16 bytes; 0 entries (log2Entries < 0): off.
  explicit EvalCache(int log2Entries) {
    if (log2Entries >= 0) entries_.assign(size_t(1) << log2Entries, Entry{});
    mask_ = entries_.empty() ? 0 : entries_.size() - 1;
  }

  bool probe(uint64_t key, int& value) const {
    if (entries_.empty()) return false;
    const Entry& e = entries_[key & mask_];
    if (!e.used || e.key != key) return false;
    value = e.value;
    return true;
  }

  // A hint that probe(key) comes soon (as TranspositionTable::prefetch).
  void prefetch(uint64_t key) const {
    if (!entries_.empty()) __builtin_prefetch(&entries_[key & mask_]);
  }

  void store(uint64_t key, int value) {
    if (entries_.empty()) return;
    entries_[key & mask_] = {key, value, 1};
  }

 private:
  struct Entry {
    uint64_t key = 0;
    int32_t value = 0;
    int32_t used = 0;
  };
  std::vector<Entry> entries_;
  uint64_t mask_ = 0;
};

}  // namespace zertz
