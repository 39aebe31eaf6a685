#include "core/movegen.h"

namespace zertz {

bool hasCapture(const Position& pos) {
  const Geometry& g = *pos.geo;
  Bitboard occ = pos.occupied(), vacant = pos.vacant();
  for (Bitboard b = occ; b;) {
    int cell = popLsb(b);
    if (!(g.adjacent[cell] & occ)) continue;  // no marble next to it to jump
    for (int d = 0; d < kDirections; ++d) {
      int over = g.neighbor[cell][d];
      if (over == kNoCell || !(occ & bit(over))) continue;
      int land = g.neighbor[over][d];
      if (land != kNoCell && (vacant & bit(land))) return true;
    }
  }
  return false;
}

unsigned placeableColors(const Position& pos) {
  const uint8_t* source = pos.poolEmpty() ? pos.captures[pos.turn] : pos.pool;
  unsigned colors = 0;
  for (int c = 0; c < kColors; ++c)
    if (source[c]) colors |= 1u << c;
  return colors;
}

std::vector<Move> legalMoves(const Position& pos) {
  std::vector<Move> moves;
  forEachLegalMove(pos, [&](const Move& m) { moves.push_back(m); });
  return moves;
}

// Equivalent to "m is among forEachLegalMove(pos)", without listing the
// hundreds of placements: a placement or pass is checked directly, only
// captures (few) are enumerated.
bool isLegal(const Position& pos, const Move& m) {
  if (pos.winner() >= 0) return false;
  if (hasCapture(pos)) {
    if (m.kind != Move::Capture) return false;
    bool found = false;
    forEachCapture(pos, [&](const Move& x) { found = found || x == m; });
    return found;
  }
  unsigned colors = placeableColors(pos);
  if (!colors) return m == Move::pass();
  if (m.kind != Move::Place || m.color >= kColors || !(colors & (1u << m.color))) return false;
  if (m.from >= kMaxCells || !(pos.vacant() & bit(m.from))) return false;
  Bitboard options = removableRings(pos) & ~bit(m.from);
  bool removalOk = options ? m.removed < kMaxCells && (options & bit(m.removed)) : m.removed == kNoCell;
  return removalOk && m == Move::place(m.color, m.from, m.removed);
}

size_t countLegalMoves(const Position& pos) {
  if (pos.winner() >= 0) return 0;
  if (hasCapture(pos)) {
    size_t n = 0;
    forEachCapture(pos, [&](const Move&) { ++n; });
    return n;
  }
  unsigned colors = placeableColors(pos);
  if (!colors) return 1;  // the pass
  // Per target: |removable \ {target}| choices, or 1 when that is empty.
  size_t vacant = popcount(pos.vacant());
  size_t removable = popcount(removableRings(pos));
  size_t onRemovable = removable * (removable > 1 ? removable - 1 : 1);
  size_t offRemovable = (vacant - removable) * (removable > 0 ? removable : 1);
  return size_t(popcount(colors)) * (onRemovable + offRemovable);
}

uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return countLegalMoves(pos);
  uint64_t nodes = 0;
  forEachChild(pos, [&](const Move&, const Position& next) { nodes += perft(next, depth - 1); });
  return nodes;
}

}  // namespace zertz
