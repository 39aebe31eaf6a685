#include "core/engine/movepick.h"

#include <algorithm>
#include <cstddef>

namespace zertz {

namespace {

// Facts about the placements of a quiet node that make "is this move
// tactical?" a few bit operations instead of a make.
struct PlacementFacts {
  // Per vacant target: landing rings of the captures a marble there would
  // create (the opponent must then capture, unless the removal takes the
  // only landing ring away).
  Bitboard landings[kMaxCells];
  Bitboard hot = 0;        // vacant rings of ring groups with at most two vacant rings
  Bitboard splitters = 0;  // removable rings whose removal cuts off a part with <= 1 vacant ring

  void compute(const Position& pos, Bitboard removable) {
    const Geometry& g = *pos.geo;
    Bitboard occ = pos.occupied(), vacant = pos.vacant();
    for (Bitboard b = vacant; b;) {
      const int t = popLsb(b);
      landings[t] = landingsAfterPlacing(g, occ, vacant, t);
    }
    for (Bitboard unseen = pos.rings; unseen;) {
      Bitboard group = g.floodWithin(bit(lsb(unseen)), pos.rings);
      unseen &= ~group;
      if (popcount(group & vacant) <= 2) hot |= group & vacant;
    }
    for (Bitboard b = removable; b;) {
      int r = popLsb(b);
      // Neighbours forming one contiguous arc around r stay connected through
      // the arc, so removing r splits nothing: skip the flood fills.
      unsigned present = 0;
      for (int d = 0; d < kDirections; ++d) {
        int nb = g.neighbor[r][d];
        if (nb != kNoCell && (pos.rings & bit(nb))) present |= 1u << d;
      }
      unsigned arcStarts = present & ~(((present << 1) | (present >> 5)) & 63u);
      if (popcount(arcStarts) <= 1 && present != 0) continue;
      Bitboard rest = pos.rings & ~bit(r);
      for (Bitboard nb = g.adjacent[r] & rest; nb;) {
        Bitboard part = g.floodWithin(bit(lsb(nb)), rest);
        nb &= ~part;
        if (popcount(part & vacant) <= 1) splitters |= bit(r);
      }
    }
  }
  bool tactical(const Move& m) const {
    Bitboard removed = m.removed == kNoCell ? 0 : bit(m.removed);
    return (landings[m.from] & ~removed) || (hot & bit(m.from)) || ((hot | splitters) & removed);
  }
};

// The removable rings, calmest first: fewest marbles within two steps (a ring
// near marbles is a landing or a jump path). Returns how many.
int calmestRemovals(const Position& pos, Bitboard removable, int (&order)[kMaxCells]) {
  const Geometry& g = *pos.geo;
  int calm[kMaxCells];
  int count = 0;
  Bitboard occ = pos.occupied();
  for (Bitboard b = removable; b;) {
    int r = popLsb(b);
    Bitboard around = g.adjacent[r];
    for (Bitboard a = g.adjacent[r]; a;) around |= g.adjacent[popLsb(a)];
    calm[r] = popcount(around & occ) * 2 + popcount(g.adjacent[r] & occ);
    order[count++] = r;
  }
  std::stable_sort(order, order + count, [&](int a, int b) { return calm[a] < calm[b]; });
  return count;
}

// A function object, not a function pointer: std::sort then inlines the
// comparison (an indirect call per comparison is costly in wasm).
constexpr auto byScore = [](const ScoredMove& a, const ScoredMove& b) {
  return a.score != b.score ? a.score > b.score : a.index < b.index;
};

}  // namespace

void MovePicker::generateCaptures(const Position& pos) {
  forEachCapture(pos, [&](const Move& m) { list_.push_back({m, int(m.jumps) * 10, int(list_.size()), 1}); });
}

void MovePicker::generatePlacements(const Position& pos, unsigned colors, bool reduceRemovals) {
  Bitboard removable = removableRings(pos), vacant = pos.vacant();
  PlacementFacts facts;
  facts.compute(pos, removable);
  const Geometry& g = *pos.geo;
  int quietOrder[kMaxCells];
  const int quietCount = reduceRemovals ? calmestRemovals(pos, removable, quietOrder) : 0;
  for (int c = 0; c < kColors; ++c) {
    if (!(colors & (1u << c))) continue;
    for (Bitboard t = vacant; t;) {
      int target = popLsb(t);
      Bitboard options = removable & ~bit(target);
      if (!options) {
        Move m = Move::place(c, target, kNoCell);
        list_.push_back({m, 0, int(list_.size()), uint8_t(facts.tactical(m))});
        continue;
      }
      if (reduceRemovals) {
        Bitboard near = g.adjacent[target] | facts.hot | facts.splitters | facts.landings[target];
        for (Bitboard a = g.adjacent[target]; a;) near |= g.adjacent[popLsb(a)];
        Bitboard keep = options & near, far = options & ~near;
        if (far)
          for (int k = 0; k < quietCount; ++k)
            if (far & bit(quietOrder[k])) {
              keep |= bit(quietOrder[k]);
              break;
            }
        options = keep;
      }
      for (Bitboard r = options; r;) {
        Move m = Move::place(c, target, popLsb(r));
        list_.push_back({m, 0, int(list_.size()), uint8_t(facts.tactical(m))});
      }
    }
  }
}

void MovePicker::scoreByHistory(MoveHistory& history, const Move (&killers)[2]) {
  for (ScoredMove& sm : list_) {
    const Move& m = sm.move;
    sm.score = history.at(m);
    if (sm.tactical) sm.score += 1 << 24;
    if (m == killers[0]) sm.score = 1 << 29;
    else if (m == killers[1]) sm.score = (1 << 29) - 1;
  }
}

void MovePicker::order(const Move* ttMove, bool sort) {
  ordered_ = sort ? 0 : list_.size();
  if (!ttMove) return;
  for (ScoredMove& sm : list_)
    if (sm.move == *ttMove) {
      // The one score above every other: first in the order, placed now.
      sm.score = 1 << 30;
      if (sort) std::swap(sm, list_.front()), ordered_ = 1;
      break;
    }
}

void MovePicker::dropQuietAfter(size_t i) {
  // (at(i) has ordered the list through i; remove_if keeps the order of what stays)
  const auto quiet = [](const ScoredMove& sm) { return sm.move.kind == Move::Place && !sm.tactical; };
  const auto from = list_.begin() + std::ptrdiff_t(i + 1);
  ordered_ -= size_t(std::count_if(from, list_.begin() + std::ptrdiff_t(ordered_), quiet));
  list_.erase(std::remove_if(from, list_.end(), quiet), list_.end());
}

// The first kPicked moves are picked in one linear pass (a short insertion
// list of the best seen), since most nodes cut off after a move or two; a walk
// past them sorts the rest once.
void MovePicker::orderThrough(size_t i) {
  if (i < kPicked) return pickBest(std::min(kPicked, list_.size()) - ordered_);
  std::sort(list_.begin() + std::ptrdiff_t(ordered_), list_.end(), byScore);
  ordered_ = list_.size();
}

// Moves the best `count` (<= kPicked) unordered moves, in order, to
// list_[ordered_...].
void MovePicker::pickBest(size_t count) {
  size_t best[kPicked];  // indices into list_, best first
  size_t have = 0;
  for (size_t k = ordered_; k < list_.size(); ++k) {
    if (have == count && !byScore(list_[k], list_[best[have - 1]])) continue;
    size_t at = have < count ? have++ : have - 1;
    for (; at > 0 && byScore(list_[k], list_[best[at - 1]]); --at) best[at] = best[at - 1];
    best[at] = k;
  }
  for (size_t j = 0; j < have; ++j) {
    const size_t to = ordered_ + j;
    std::swap(list_[to], list_[best[j]]);
    // The move swapped out of `to` may be a later pick: it now sits at best[j].
    for (size_t k = j + 1; k < have; ++k)
      if (best[k] == to) best[k] = best[j];
  }
  ordered_ += have;
}

}  // namespace zertz
