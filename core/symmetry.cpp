#include "core/symmetry.h"

#include <algorithm>

namespace zertz {

Axial toAxial(const Geometry& g, int cell) {
  int q = g.column[cell];
  int parity = g.columns[0].off & 1;  // h - q has this parity on every cell (makeGeometry checks)
  return {q, (g.h[cell] - q - parity) / 2};
}

Axial transformAxial(Axial a, int t) {
  // Cube coordinates x = q, z = r, y = -x - z.
  int x = a.q, z = a.r, y = -x - z;
  if (t >= 6) std::swap(y, z);  // reflection
  for (int i = 0; i < t % 6; ++i) {
    int nx = -z, ny = -x, nz = -y;  // rotation by 60 degrees
    x = nx, y = ny, z = nz;
  }
  return {x, z};
}

std::vector<Symmetry> layoutSymmetries(const Geometry& g) {
  std::vector<Symmetry> result;
  auto lessAxial = [](Axial a, Axial b) { return a.q != b.q ? a.q < b.q : a.r < b.r; };
  Axial minOriginal{1 << 20, 1 << 20};
  for (int c = 0; c < g.numCells; ++c)
    if (lessAxial(toAxial(g, c), minOriginal)) minOriginal = toAxial(g, c);
  for (int t = 0; t < kHexTransforms; ++t) {
    Axial minImage{1 << 20, 1 << 20};
    for (int c = 0; c < g.numCells; ++c) {
      Axial a = transformAxial(toAxial(g, c), t);
      if (lessAxial(a, minImage)) minImage = a;
    }
    // The translation that takes the transformed set's minimum to the original's.
    int dq = minOriginal.q - minImage.q, dr = minOriginal.r - minImage.r;
    Symmetry s;
    s.transform = t;
    bool ok = true;
    int parity = g.columns[0].off & 1;
    for (int c = 0; c < g.numCells && ok; ++c) {
      Axial a = transformAxial(toAxial(g, c), t);
      int q = a.q + dq, r = a.r + dr;
      int image = g.cellAtHeight(q, 2 * r + q + parity);
      ok = image != kNoCell;
      s.map[c] = uint8_t(image);
    }
    if (ok) result.push_back(s);
  }
  return result;
}

Bitboard transformBitboard(Bitboard b, const Symmetry& s) {
  Bitboard out = 0;
  while (b) out |= bit(s.map[popLsb(b)]);
  return out;
}

Position transformPosition(const Position& p, const Symmetry& s) {
  Position out = p;
  out.rings = transformBitboard(p.rings, s);
  for (int c = 0; c < kColors; ++c) out.marbles[c] = transformBitboard(p.marbles[c], s);
  out.key = out.computeKey();
  return out;
}

uint64_t canonicalKey(const Position& p, const std::vector<Symmetry>& symmetries) {
  uint64_t best = ~uint64_t(0);
  for (const Symmetry& s : symmetries) best = std::min(best, transformPosition(p, s).key);
  return best;
}

}  // namespace zertz
