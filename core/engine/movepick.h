// Move ordering for the search, in stages as Stockfish's MovePicker:
//   1. generate: the captures (longer sequences first), or the placements,
//      below the root with the removals far from the fight reduced to one
//      representative each (see generatePlacements);
//   2. score: the search's one-turn results (it plays them, so it scores
//      them itself through moves()), or history and killers;
//   3. the transposition-table move first, then a stable total order.
// The search walks the list in that order; what it prunes, reduces or
// re-searches is its own business, not the picker's.
//
// Deterministic: every sort is a total order (ties broken by generation
// order), so native and wasm builds order moves identically.
#pragma once

#include <cstdint>
#include <vector>

#include "core/engine/eval.h"
#include "core/movegen.h"

namespace zertz {

struct ScoredMove {
  Move move;
  int score;
  int index;         // generation order: makes every sort a total order, so libstdc++
                     // and libc++ (wasm) sort identically
  uint8_t tactical;  // capture, or a placement that forces a capture or fights over isolation
};

// Quiet placements that caused a cut-off, by (colour, target, removal); the
// search rewards them by depth squared.
struct MoveHistory {
  int scores[kColors][kMaxCells][kMaxCells + 1] = {};  // removal kMaxCells: none
  int& at(const Move& m) { return scores[m.color][m.from][m.removed == kNoCell ? kMaxCells : m.removed]; }
};

class MovePicker {
 public:
  // Works in `list` (the search's per-ply buffer, so no allocation per node).
  explicit MovePicker(std::vector<ScoredMove>& list) : list_(list) { list_.clear(); }

  // Stage 1. Every capture sequence, scored 10 per jump, all tactical.
  void generateCaptures(const Position& pos);
  // Stage 1. The placements of the given colours (pos has no capture), each
  // marked tactical or quiet, unscored. With reduceRemovals a removal far
  // from the target and from every isolation fight is represented by one
  // such removal per (colour, target): the one that disturbs least.
  void generatePlacements(const Position& pos, unsigned colors, bool reduceRemovals);

  // Stage 2: the list, for the search to put one-turn scores on.
  std::vector<ScoredMove>& moves() { return list_; }
  // Stage 2 when the search does not score by playing: the move's history,
  // tactical moves above quiet ones, the ply's two killers above all.
  void scoreByHistory(MoveHistory& history, const Move (&killers)[2]);

  // Stage 3. ttMove (when given) goes first; sort: order by score. The order
  // is made as the search walks the list: the first moves are picked one at a
  // time and the rest sorted once when the walk gets there, since most nodes
  // cut off after a move or two. The same order as a full sort (it is total).
  void order(const Move* ttMove, bool sort);
  // The i-th move in that order (after order(); i < size(), walked upwards).
  const ScoredMove& at(size_t i) {
    if (i >= ordered_) orderThrough(i);
    return list_[i];
  }
  size_t size() const { return list_.size(); }
  // Drops the quiet placements after the i-th move, keeping the order of the
  // rest: for when the search will skip every later quiet move, so they are
  // never ordered.
  void dropQuietAfter(size_t i);

 private:
  static constexpr size_t kPicked = 4;  // moves picked one pass at a time before the rest is sorted
  void orderThrough(size_t i);
  void pickBest(size_t count);

  std::vector<ScoredMove>& list_;
  size_t ordered_ = 0;  // list_[0, ordered_) is in its final order
};

}  // namespace zertz
