#include "core/position.h"

namespace zertz {

using zobrist::kKeys;

Position Position::start(const Geometry& g, MarbleSetId s) {
  Position p;
  p.geo = &g;
  p.set = s;
  p.rings = g.all;
  for (int c = 0; c < kColors; ++c) p.pool[c] = kMarbleSets[s].total[c];
  p.key = p.computeKey();
  return p;
}

uint64_t Position::computeKey() const {
  uint64_t k = 0;
  for (Bitboard b = rings; b;) {
    int cell = popLsb(b);
    k ^= kKeys.cell[cell][marbleAt(cell) + 1];
  }
  for (int c = 0; c < kColors; ++c) {
    k ^= kKeys.pool[c][pool[c]];
    k ^= kKeys.captures[0][c][captures[0][c]];
    k ^= kKeys.captures[1][c][captures[1][c]];
  }
  if (turn) k ^= kKeys.side;
  return k;
}

bool Position::operator==(const Position& o) const {
  if (geo != o.geo || rings != o.rings || turn != o.turn || set != o.set) return false;
  for (int c = 0; c < kColors; ++c)
    if (marbles[c] != o.marbles[c] || pool[c] != o.pool[c] ||
        captures[0][c] != o.captures[0][c] || captures[1][c] != o.captures[1][c])
      return false;
  return true;
}

void Position::setPool(int c, int n) {
  key ^= kKeys.pool[c][pool[c]] ^ kKeys.pool[c][n];
  pool[c] = uint8_t(n);
}

void Position::setCaptures(int player, int c, int n) {
  key ^= kKeys.captures[player][c][captures[player][c]] ^ kKeys.captures[player][c][n];
  captures[player][c] = uint8_t(n);
}

void Position::putMarble(int cell, int c) {
  marbles[c] |= bit(cell);
  key ^= kKeys.cell[cell][0] ^ kKeys.cell[cell][c + 1];
}

void Position::takeMarble(int cell, int c) {
  marbles[c] &= ~bit(cell);
  key ^= kKeys.cell[cell][0] ^ kKeys.cell[cell][c + 1];
}

void Position::removeRing(int cell) {
  int c = marbleAt(cell);
  if (c >= 0) takeMarble(cell, c);
  rings &= ~bit(cell);
  key ^= kKeys.cell[cell][0];
}

Bitboard removableRings(const Position& pos) {
  const Geometry& g = *pos.geo;
  Bitboard vacant = pos.vacant();
  // open[d]: vacant rings whose side d has no ring.
  Bitboard open[kDirections];
  g.neighborsIn(pos.rings, open);
  for (int d = 0; d < kDirections; ++d) open[d] = vacant & ~open[d];
  Bitboard result = 0;
  for (int d = 0; d < kDirections; ++d) result |= open[d] & open[(d + 1) % kDirections];
  return result;
}

Bitboard fullyOccupiedGroups(const Position& pos) {
  // Rings connected to some vacant ring survive; flood outward from all
  // vacant rings at once (a few steps: every ring is near a vacant one).
  // (Usually every ring is reached in a step or two.)
  return pos.rings & ~pos.geo->floodWithin(pos.vacant(), pos.rings);
}

Bitboard Position::play(const Move& m) {
  Bitboard isolated = 0;
  const int me = turn;
  if (m.kind == Move::Place) {
    // The marble comes from the pool; only when the pool is empty from the
    // mover's own captures.
    if (!poolEmpty())
      setPool(m.color, pool[m.color] - 1);
    else
      setCaptures(me, m.color, captures[me][m.color] - 1);
    putMarble(m.from, m.color);
    if (m.removed != kNoCell) removeRing(m.removed);
    isolated = fullyOccupiedGroups(*this);
    for (Bitboard b = isolated; b;) {
      int cell = popLsb(b);
      int c = marbleAt(cell);
      setCaptures(me, c, captures[me][c] + 1);
      removeRing(cell);
    }
  } else if (m.kind == Move::Capture) {
    int at = m.from;
    int mover = marbleAt(at);
    takeMarble(at, mover);
    for (int i = 0; i < m.jumps; ++i) {
      int d = m.dir(i);
      int over = geo->neighbor[at][d];
      int c = marbleAt(over);
      takeMarble(over, c);
      setCaptures(me, c, captures[me][c] + 1);
      at = geo->neighbor[over][d];
    }
    putMarble(at, mover);
  }
  turn ^= 1;
  key ^= kKeys.side;
  return isolated;
}

}  // namespace zertz
