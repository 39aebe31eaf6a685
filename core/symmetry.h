// Board symmetries: the rotations and reflections of the hex grid (plus a
// translation) that map a layout onto itself. The 37- and 61-ring hexagons
// have all 12; the extended boards fewer. Used to canonicalise positions
// (opening books, transposition studies, tests of rule invariance).
//
// The same cube-coordinate transforms serve any ring set, which is how the
// endgame tables treat boards "up to translation, rotation and reflection".
#pragma once

#include <array>
#include <vector>

#include "core/position.h"

namespace zertz {

constexpr int kHexTransforms = 12;  // 6 rotations × {identity, reflection}

// Axial coordinates (q, r) of a cell: q = column, r = (h - q - parity) / 2.
struct Axial {
  int q, r;
};
Axial toAxial(const Geometry& g, int cell);
// Applies transform t (0..11) to axial coordinates, about the origin.
Axial transformAxial(Axial a, int t);

struct Symmetry {
  int transform = 0;                     // which of the 12 hex transforms
  std::array<uint8_t, kMaxCells> map{};  // cell -> image cell
};

// Symmetries of the layout (the identity first).
std::vector<Symmetry> layoutSymmetries(const Geometry& g);

Bitboard transformBitboard(Bitboard b, const Symmetry& s);
Position transformPosition(const Position& p, const Symmetry& s);

// The smallest Zobrist key over the layout's symmetries: equal for positions
// that are images of each other.
uint64_t canonicalKey(const Position& p, const std::vector<Symmetry>& symmetries);

}  // namespace zertz
