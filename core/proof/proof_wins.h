// Immediate wins for the proof search: does the side to move have a move
// that ends the game in its favour on this very ply (a capture that
// completes a winning set, or a placement whose isolation completes one or
// empties the board)? The proof search asks this of every child it
// generates, so a node whose mover wins at once becomes a leaf instead of
// an expansion of all its moves -- one ply of search for the price of a
// few bit operations.
//
// Contract: a "yes" is exact (the returned move is legal and was played to
// check that the mover wins); a "no" may miss a win (the geometric filters
// look at the usual isolations only), which costs the search work, never
// soundness.
#pragma once

#include <cstdint>

#include "core/position.h"

namespace zertz {

// A capture sequence of the side to move that completes its winning set.
// count (when given) receives the number of capture sequences. pos must
// have a capture for the side to move. starts: a set that holds the start
// cell of every capture sequence (e.g. after a placement on t in a position
// without a capture: t and its neighbours), or all cells.
bool findWinningCapture(const Position& pos, Move* win, uint32_t* count, Bitboard starts = ~Bitboard(0));

// A placement of the side to move whose isolation wins at once. pos must
// have no capture for the side to move (placements are then the moves).
bool findWinningPlacement(const Position& pos, Move* win);

// Which placements of the side to move capture by isolation, without
// playing them. After placing on t and removing r, a connected set of rings
// with no vacant ring is either a marble cluster whose only vacant
// neighbour was r, or t joined with every cluster next to it when their
// vacant neighbours other than t are at most r. Exact (a test compares it
// with Position::play on random positions). pos must be a placement turn.
class IsolationMap {
 public:
  explicit IsolationMap(const Position& pos);
  // t: a vacant ring; r: the ring removed, or kNoCell when no ring could be.
  bool isolates(int t, int r) const {
    const Bitboard removed = r == kNoCell ? 0 : bit(r);
    return (removed & lonelyVacancies_) || !(joinedBoundary_[t] & ~removed);
  }

 private:
  Bitboard lonelyVacancies_ = 0;        // the only vacant neighbour of some cluster
  Bitboard joinedBoundary_[kMaxCells];  // per vacant t: vacant rings next to t + its clusters, t excluded
};

}  // namespace zertz
