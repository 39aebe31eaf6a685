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

// removableRings cell by cell: the sides of each vacant ring looked up in
// the neighbour table. Cheaper than the set-wise form for a few vacant rings.
static Bitboard removableAmongFew(const Geometry& g, Bitboard rings, Bitboard vacant) {
  Bitboard result = 0;
  for (Bitboard b = vacant; b;) {
    const int cell = popLsb(b);
    unsigned open = 0;  // bit d: no ring on side d
    for (int d = 0; d < kDirections; ++d) {
      const int nb = g.neighbor[cell][d];
      if (nb == kNoCell || !(rings & bit(nb))) open |= 1u << d;
    }
    // Sides d and (d+1)%6 both open: rotate the six bits by one.
    if (open & ((open >> 1) | (open << 5))) result |= bit(cell);
  }
  return result;
}

Bitboard removableRings(const Position& pos) {
  const Geometry& g = *pos.geo;
  Bitboard vacant = pos.vacant();
  if (popcount(vacant) <= 4) return removableAmongFew(g, pos.rings, vacant);
  // open[d]: vacant rings whose side d has no ring.
  Bitboard open[kDirections];
  g.neighborsIn(pos.rings, open);
  for (int d = 0; d < kDirections; ++d) open[d] = vacant & ~open[d];
  Bitboard result = 0;
  for (int d = 0; d < kDirections; ++d) result |= open[d] & open[(d + 1) % kDirections];
  return result;
}

Bitboard fullyOccupiedGroups(const Geometry& g, Bitboard rings, Bitboard vacant) {
  // A ring next to a vacant ring ("near") belongs to a group that keeps a
  // vacant ring; usually every ring is near, and that alone decides. Near is
  // found per cell (a table lookup each) while few rings are vacant, as on
  // the solver's small boards and late in a game, else set-wise (a shift
  // per column and side), never both.
  Bitboard near = vacant;
  if (popcount(vacant) <= 8)
    for (Bitboard b = vacant; b;) near |= g.adjacent[popLsb(b)];
  else
    near |= g.adjacentTo(vacant);
  // The other rings ("far"), group by group: a group is captured unless it
  // reaches a near ring. The walk grows `group` (connected, through rings)
  // from one far ring and stops at the first near ring it meets; a group
  // that never meets one holds no vacant ring and is captured whole.
  Bitboard far = rings & ~near, isolated = 0;
  while (far) {
    Bitboard group = far & (~far + 1), frontier = group;
    bool keepsVacant = false;
    while (frontier && !keepsVacant) {
      const Bitboard grown = g.adjacent[popLsb(frontier)] & rings & ~group;
      keepsVacant = (grown & near) != 0;
      group |= grown;
      frontier |= grown;
    }
    if (!keepsVacant) isolated |= group;
    far &= ~group;
  }
  return isolated;
}

void Position::captureIsolated(Bitboard isolated) {
  // A fully occupied group holds a marble on every ring, so per colour the
  // captures grow by popcount(isolated & marbles[c]), and each ring's key
  // term (its marble's colour; a removed ring has none) leaves the key.
  const int me = turn;
  for (int c = 0; c < kColors; ++c) {
    const Bitboard taken = isolated & marbles[c];
    if (!taken) continue;
    setCaptures(me, c, captures[me][c] + popcount(taken));
    marbles[c] &= ~taken;
    for (Bitboard b = taken; b;) key ^= kKeys.cell[popLsb(b)][c + 1];
  }
  rings &= ~isolated;
}

Bitboard Position::play(const Move& m) {
  Bitboard isolated = 0;
  const int me = turn;
  if (m.kind == Move::Place) {
    // The marble comes from the pool; only when the pool is empty from the
    // mover's own captures (playPlacement).
    isolated = isolatedAfterPlacing(*this, m.from, m.removed);
    playPlacement(m.color, m.from, m.removed, isolated);
    return isolated;
  }
  if (m.kind == Move::Capture) {
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
