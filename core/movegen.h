// Legal move generation: free functions over a const Position.
//
// A turn is a capture whenever any capture exists; a capture sequence
// continues while the moving marble can jump again, and every maximal
// sequence (any marble, any branch) is a separate legal move. Otherwise a
// placement: colour × vacant target × removable ring. With an empty pool
// the mover places one of their own captures; with none of those either the
// only move is a pass.
//
// A position whose game is already over (Position::winner() >= 0) has no
// legal moves. Game-level endings (repetition, two passes) are Game's.
#pragma once

#include <cstdint>
#include <vector>

#include "core/position.h"

namespace zertz {

bool hasCapture(const Position& pos);

// Calls visit(const Move&) for every maximal capture sequence; with
// `starts`, only for those whose jumping marble starts in that set.
template <class Visit>
void forEachCapture(const Position& pos, Visit&& visit, Bitboard starts = ~Bitboard(0));

// Colours the mover may place: from the pool, else from own captures.
// Bit c set when colour c is available; 0 means the mover must pass.
unsigned placeableColors(const Position& pos);

// Calls visit(const Move&) for every legal move, in canonical order:
// captures by start cell then path; placements by colour, target, removal.
template <class Visit>
void forEachLegalMove(const Position& pos, Visit&& visit);

// Calls visit(const Move&, const Position& next) for every legal move and
// the position it leads to: the same pairs as forEachLegalMove with
// Position::play, but placements come by target, removal, then colour, so
// that the isolation a (target, removal) causes is computed once for all
// colours (it does not depend on the colour).
template <class Visit>
void forEachChild(const Position& pos, Visit&& visit);

std::vector<Move> legalMoves(const Position& pos);
bool isLegal(const Position& pos, const Move& m);
size_t countLegalMoves(const Position& pos);  // without building moves where it can

uint64_t perft(const Position& pos, int depth);  // bulk-counted at depth 1

// ---- implementation of the templates ----

namespace detail {
template <class Visit>
void extendCapture(const Geometry& g, Bitboard rings, Bitboard occ, int at, Move& m,
                   Visit& visit) {
  bool extended = false;
  for (int d = 0; d < kDirections; ++d) {
    int over = g.neighbor[at][d];
    if (over == kNoCell || !(occ & bit(over))) continue;
    int land = g.neighbor[over][d];
    if (land == kNoCell || !(rings & bit(land)) || (occ & bit(land))) continue;
    extended = true;
    Move next = m;
    next.pushJump(d);
    extendCapture(g, rings, (occ & ~bit(at) & ~bit(over)) | bit(land), land, next, visit);
  }
  if (!extended && m.jumps > 0) visit(static_cast<const Move&>(m));
}
}  // namespace detail

template <class Visit>
void forEachCapture(const Position& pos, Visit&& visit, Bitboard starts) {
  const Geometry& g = *pos.geo;
  Bitboard occ = pos.occupied();
  for (Bitboard b = occ & starts; b;) {
    int cell = popLsb(b);
    Move m = Move::captureStart(cell);
    detail::extendCapture(g, pos.rings, occ, cell, m, visit);
  }
}

template <class Visit>
void forEachLegalMove(const Position& pos, Visit&& visit) {
  if (pos.winner() >= 0) return;
  if (hasCapture(pos)) {
    forEachCapture(pos, visit);
    return;
  }
  unsigned colors = placeableColors(pos);
  if (!colors) {
    visit(Move::pass());
    return;
  }
  Bitboard removable = removableRings(pos), vacant = pos.vacant();
  for (int c = 0; c < kColors; ++c) {
    if (!(colors & (1u << c))) continue;
    for (Bitboard t = vacant; t;) {
      int target = popLsb(t);
      Bitboard options = removable & ~bit(target);
      if (!options) visit(Move::place(c, target, kNoCell));
      for (Bitboard r = options; r;) visit(Move::place(c, target, popLsb(r)));
    }
  }
}

template <class Visit>
void forEachChild(const Position& pos, Visit&& visit) {
  if (pos.winner() >= 0) return;
  auto playOne = [&](const Move& m) {
    Position next = pos;
    next.play(m);
    visit(m, static_cast<const Position&>(next));
  };
  if (hasCapture(pos)) {
    forEachCapture(pos, playOne);
    return;
  }
  const unsigned colors = placeableColors(pos);
  if (!colors) {
    playOne(Move::pass());
    return;
  }
  const Bitboard removable = removableRings(pos), vacant = pos.vacant();
  for (Bitboard t = vacant; t;) {
    const int target = popLsb(t);
    auto placeAll = [&](int removed) {
      const Bitboard isolated = isolatedAfterPlacing(pos, target, removed);
      for (unsigned left = colors; left; left &= left - 1) {
        const int c = lsb(left);
        Position next = pos;
        next.playPlacement(c, target, removed, isolated);
        visit(Move::place(c, target, removed), static_cast<const Position&>(next));
      }
    };
    const Bitboard options = removable & ~bit(target);
    if (!options) placeAll(kNoCell);
    for (Bitboard r = options; r;) placeAll(popLsb(r));
  }
}

}  // namespace zertz
