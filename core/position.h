// Position: the raw state of one Zèrtz game at one moment.
//
// A small, trivially copyable value: rings still on the board, marbles on
// them, the shared pool, both players' captures and the side to move, plus an
// incrementally maintained Zobrist key. Search and solver use copy-make:
//   Position next = pos; next.play(move);
//
// What Position does not know: the move history, so it cannot detect a third
// repetition or two passes in a row; Game (game.h) does that. play() does not
// check legality; callers pass moves from movegen.h or a checked parse.
#pragma once

#include <type_traits>

#include "core/types.h"
#include "core/zobrist.h"

namespace zertz {

struct Position {
  const Geometry* geo = nullptr;
  Bitboard rings = 0;              // ring positions still on the board
  Bitboard marbles[kColors] = {};  // disjoint subsets of rings
  uint64_t key = 0;                // Zobrist key, == computeKey() at all times
  uint8_t pool[kColors] = {};
  uint8_t captures[2][kColors] = {};
  uint8_t turn = 0;  // player to move, 0 or 1
  MarbleSetId set = Standard;

  static Position start(const Geometry& g, MarbleSetId s);

  const MarbleSet& marbleSet() const { return kMarbleSets[set]; }
  Bitboard occupied() const { return marbles[White] | marbles[Grey] | marbles[Black]; }
  Bitboard vacant() const { return rings & ~occupied(); }
  // Colour of the marble on cell, or -1 when the cell holds none.
  int marbleAt(int cell) const {
    for (int c = 0; c < kColors; ++c)
      if (marbles[c] & bit(cell)) return c;
    return -1;
  }
  bool poolEmpty() const { return pool[0] + pool[1] + pool[2] == 0; }
  bool hasWinningSet(int player) const { return isWinningSet(marbleSet(), captures[player]); }

  // The winner if the game is over by the position alone (a completed
  // capture set, or an emptied board, won by the player who just moved),
  // else -1. Passes and repetitions are judged by Game.
  int winner() const {
    if (hasWinningSet(0)) return 0;
    if (hasWinningSet(1)) return 1;
    if (rings == 0) return 1 - turn;
    return -1;
  }

  // Plays a legal move. Returns the rings captured by isolation (their
  // marbles went to the mover), so views can show and annotate them.
  Bitboard play(const Move& m);
  // The placement (color, target, removed) of play(), with its isolation
  // given: `isolated` must be isolatedAfterPlacing(*this, target, removed),
  // which does not depend on the colour, so a caller walking every colour
  // computes it once. `removed` is vacant (as every legal removal), or
  // kNoCell when no ring could be removed.
  void playPlacement(int color, int target, int removed, Bitboard isolated) {
    if (!poolEmpty())
      setPool(color, pool[color] - 1);
    else
      setCaptures(turn, color, captures[turn][color] - 1);
    putMarble(target, color);
    if (removed != kNoCell) {  // a removable ring is vacant: no marble leaves with it
      rings &= ~bit(removed);
      key ^= zobrist::kKeys.cell[removed][0];
    }
    if (isolated) captureIsolated(isolated);
    turn ^= 1;
    key ^= zobrist::kKeys.side;
  }

  uint64_t computeKey() const;
  bool operator==(const Position& o) const;  // same state (ignores nothing but key)

  // Moves a marble count, keeping the key current. Inline: play() and the
  // solver's successor loop call them for every move.
  void setPool(int c, int n) {
    key ^= zobrist::kKeys.pool[c][pool[c]] ^ zobrist::kKeys.pool[c][n];
    pool[c] = uint8_t(n);
  }
  void setCaptures(int player, int c, int n) {
    key ^= zobrist::kKeys.captures[player][c][captures[player][c]] ^ zobrist::kKeys.captures[player][c][n];
    captures[player][c] = uint8_t(n);
  }
  void putMarble(int cell, int c) {
    marbles[c] |= bit(cell);
    key ^= zobrist::kKeys.cell[cell][0] ^ zobrist::kKeys.cell[cell][c + 1];
  }
  void takeMarble(int cell, int c) {
    marbles[c] &= ~bit(cell);
    key ^= zobrist::kKeys.cell[cell][0] ^ zobrist::kKeys.cell[cell][c + 1];
  }
  // Removes a ring with its marble, if any (the marble leaves the board).
  void removeRing(int cell) {
    int c = marbleAt(cell);
    if (c >= 0) takeMarble(cell, c);
    rings &= ~bit(cell);
    key ^= zobrist::kKeys.cell[cell][0];
  }

 private:
  // Isolation: the mover captures every marble of `isolated` (rings that
  // all hold a marble) and the rings leave the board.
  void captureIsolated(Bitboard isolated);
};

static_assert(std::is_trivially_copyable_v<Position>);
static_assert(sizeof(Position) <= 64);

// Rings that may be removed after a placement: vacant rings with two
// adjacent sides open (no ring there). The ring just filled is not vacant,
// so it is never among them once the marble is placed.
Bitboard removableRings(const Position& pos);

// Connected groups of `rings` holding no ring of `vacant` (vacant is a
// subset of rings): the rings isolation captures. An empty `vacant` gives
// every ring (a completely filled board is captured whole).
Bitboard fullyOccupiedGroups(const Geometry& g, Bitboard rings, Bitboard vacant);
inline Bitboard fullyOccupiedGroups(const Position& pos) {
  return fullyOccupiedGroups(*pos.geo, pos.rings, pos.vacant());
}

// What isolation captures after a marble is placed on the vacant ring
// `target` and the ring `removed` (kNoCell: none) leaves: the same for every
// colour placed, since only which rings exist and which are vacant matter.
inline Bitboard isolatedAfterPlacing(const Position& pos, int target, int removed) {
  const Bitboard rings = removed == kNoCell ? pos.rings : pos.rings & ~bit(removed);
  return fullyOccupiedGroups(*pos.geo, rings, rings & ~pos.occupied() & ~bit(target));
}

}  // namespace zertz
