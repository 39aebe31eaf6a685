#include "solver/retro/shape_solver.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

#include "core/movegen.h"

namespace zertz::solver {

namespace {
constexpr size_t kMapSlots = 1024;  // ring sets a shape's successors can have: few dozen
constexpr uint8_t kNoPlies = 255;   // "none" in the region's packed summaries
constexpr uint64_t kTickEvery = 8192;

// One position of the empty-pool region: its offset in the shape, where its
// in-shape successors start in the edge list, and what its successors in
// lower levels (final values) and finished games say, packed.
struct RegionNode {
  uint32_t offset;
  uint8_t minLoss, maxWin;  // kNoPlies: none
  bool open;
  bool moves;
};

// Steps the n colours to the next arrangement in lexicographic order (as
// std::next_permutation) and returns the first index that changed; the ones
// before it keep their colour. n when a was the last arrangement.
int nextArrangement(uint8_t* a, int n) {
  int i = n - 2;
  while (i >= 0 && a[i] >= a[i + 1]) --i;
  if (i < 0) return n;
  int j = n - 1;
  while (a[j] <= a[i]) --j;
  std::swap(a[i], a[j]);
  for (int l = i + 1, r = n - 1; l < r; ++l, --r) std::swap(a[l], a[r]);
  return i;
}

SuccessorSummary unpack(const RegionNode& n) {
  SuccessorSummary s;
  if (n.minLoss != kNoPlies) s.minLoss = n.minLoss;
  if (n.maxWin != kNoPlies) s.maxWin = n.maxWin;
  s.open = n.open;
  s.moves = n.moves ? 1 : 0;
  return s;
}
}  // namespace

ShapeSolver::ShapeSolver(const tb::Indexer& ix, int level) : ix_(ix), level_(level), maps_(kMapSlots) {
  std::map<int, Wave> byT;
  for (const auto& c : ix.chunks(level)) {
    if (!c.valid) continue;
    int t = c.poolTotal == 0 ? -1 : 2 * c.poolTotal + c.boardTotal;
    byT[t].t = t;
    byT[t].chunks.push_back(c);
  }
  for (auto& [t, w] : byT) waves_.push_back(std::move(w));
  if (ix.shapeStride(level) >= (uint64_t(1) << 32))
    throw std::runtime_error("level " + std::to_string(level) +
                             ": a shape of 2^32 or more positions needs 64-bit region offsets");
}

const ShapeSolver::MapEntry& ShapeSolver::mapFor(const Position& q) {
  size_t slot = size_t((q.rings * 0x9e3779b97f4a7c15ull) >> 54) % kMapSlots;
  MapEntry& e = maps_[slot];
  if (e.rings == q.rings) return e;
  e.rings = q.rings;
  if (!ix_.canonicalShape(*q.geo, q.rings, e.map))
    throw std::runtime_error("successor ring set outside the tables (index scheme bug)");
  if (e.map.level == level_) {
    if (e.map.shapeId != shape_) throw std::runtime_error("a move changed the shape without removing a ring");
    e.base = nullptr;
  } else {
    if (e.map.level > level_) throw std::runtime_error("a move added rings");
    e.base = lower_->shape(e.map.level, e.map.shapeId);
    const std::pair<int, int> key{e.map.level, e.map.shapeId};
    if (std::find(lowerUsed_.begin(), lowerUsed_.end(), key) == lowerUsed_.end()) lowerUsed_.push_back(key);
  }
  return e;
}

template <class Fn>
void ShapeSolver::forEachSuccessor(const Position& p, Fn&& fn) {
  forEachChild(p, [&](const Move&, const Position& q) {
    if (q.winner() >= 0) {
      fn(int64_t(-1), tb::codeForPlies(0));  // the move ended the game: its mover won
      return;
    }
    const MapEntry& e = mapFor(q);
    uint64_t idx = 0;
    if (!ix_.indexWith(q, e.map, idx)) throw std::runtime_error("successor outside the tables (index scheme bug)");
    idx -= uint64_t(e.map.shapeId) * ix_.shapeStride(e.map.level);
    if (e.base) fn(int64_t(-1), e.base[idx]);
    else fn(int64_t(idx), self_[idx]);
  });
}

template <class Fn>
void ShapeSolver::forEachInChunk(const tb::Indexer::Chunk& c, Fn&& fn) {
  Position p;
  if (!ix_.decode(level_, uint64_t(shape_) * stride() + c.begin, p)) return;  // a hole (never for valid chunks)
  const tb::Shape& sh = ix_.shape(level_, shape_);
  const int n = level_;
  uint8_t colours[tb::kMaxTableRings], before[tb::kMaxTableRings];
  for (int i = 0; i < n; ++i) colours[i] = uint8_t(p.marbleAt(sh.cellOf[i]) + 1);
  for (uint64_t k = 0; k < c.size; ++k) {
    if (k) {
      std::copy(colours, colours + n, before);
      for (int i = nextArrangement(colours, n); i < n; ++i) {
        if (colours[i] == before[i]) continue;
        const int cell = sh.cellOf[i];
        if (before[i]) p.marbles[before[i] - 1] &= ~bit(cell);
        if (colours[i]) p.marbles[colours[i] - 1] |= bit(cell);
        p.key ^= zobrist::kKeys.cell[cell][before[i]] ^ zobrist::kKeys.cell[cell][colours[i]];
      }
    }
    fn(c.begin + k, p);
  }
}

void ShapeSolver::solve(int shape, LowerLevels& lower, std::vector<uint8_t>& values, ShapeStats& stats,
                        const std::function<void()>& tick) {
  shape_ = shape;
  lower_ = &lower;
  values.assign(stride(), tb::kCodeInvalid);
  self_ = values.data();
  for (auto& e : maps_) e.rings = ~Bitboard(0);
  lowerUsed_.clear();
  for (const Wave& w : waves_) {
    if (w.t < 0) solveRegion(w, values, stats, tick);
    else solveWave(w, values, stats, tick);
  }
  stats.lowerShapes += lowerUsed_.size();
  for (auto [l, id] : lowerUsed_) stats.lowerBytes += ix_.shapeStride(l);
  lower.release();
  lower_ = nullptr;
}

void ShapeSolver::solveWave(const Wave& wave, std::vector<uint8_t>& values, ShapeStats& stats,
                            const std::function<void()>& tick) {
  for (const auto& c : wave.chunks)
    forEachInChunk(c, [&](uint64_t off, const Position& p) {
      SuccessorSummary s;
      forEachSuccessor(p, [&](int64_t, uint8_t code) { s.add(code); });
      values[off] = bestOf(s);
      stats.successors += s.moves;
      if (++stats.positions % kTickEvery == 0 && tick) tick();
    });
}

void ShapeSolver::solveRegion(const Wave& region, std::vector<uint8_t>& values, ShapeStats& stats,
                              const std::function<void()>& tick) {
  // The region's graph, built once: fixed successor values packed per
  // node, in-shape successors as offsets.
  std::vector<RegionNode> nodes;
  std::vector<uint32_t> edgeStart{0}, edges;
  for (const auto& c : region.chunks)
    forEachInChunk(c, [&](uint64_t off, const Position& p) {
      SuccessorSummary fixed;
      forEachSuccessor(p, [&](int64_t same, uint8_t code) {
        if (same >= 0) edges.push_back(uint32_t(same));
        else fixed.add(code);
      });
      if (edges.size() >= (uint64_t(1) << 32)) throw std::runtime_error("region graph beyond 2^32 edges");
      const uint32_t moves = fixed.moves + (uint32_t(edges.size()) - edgeStart.back());
      stats.successors += moves;
      nodes.push_back({uint32_t(off), fixed.minLoss == SuccessorSummary::kNone ? kNoPlies : uint8_t(fixed.minLoss),
                       fixed.maxWin < 0 ? kNoPlies : uint8_t(fixed.maxWin), fixed.open, moves > 0});
      edgeStart.push_back(uint32_t(edges.size()));
      if (++stats.positions % kTickEvery == 0 && tick) tick();
    });
  stats.regionPositions += nodes.size();
  stats.regionEdges += edges.size();
  std::vector<uint32_t> todo, next;
  for (uint32_t k = 0; k < nodes.size(); ++k)
    if (nodes[k].moves) todo.push_back(k);
  std::vector<std::pair<uint32_t, int>> candidates;
  while (!todo.empty()) {
    // Candidates from values fixed before this sweep; then the smallest
    // candidate distance m is exact, and exactly those positions get it.
    candidates.clear();
    int m = SuccessorSummary::kNone;
    for (uint32_t k : todo) {
      SuccessorSummary s = unpack(nodes[k]);
      for (uint32_t e = edgeStart[k]; e < edgeStart[k + 1]; ++e) s.add(values[edges[e]]);
      int d = sweepCandidate(s);
      if (d >= 0) candidates.push_back({k, d}), m = std::min(m, d);
    }
    ++stats.sweeps;
    if (m == SuccessorSummary::kNone) {
      for (uint32_t k : todo) values[nodes[k].offset] = tb::kCodeDraw;  // fixed point: draws
      break;
    }
    const uint8_t code = checkedCode(m);
    for (auto [k, d] : candidates)
      if (d == m) values[nodes[k].offset] = code;
    next.clear();
    for (uint32_t k : todo)
      if (values[nodes[k].offset] == tb::kCodeInvalid) next.push_back(k);
    todo.swap(next);
    if (tick) tick();
  }
}

}  // namespace zertz::solver
