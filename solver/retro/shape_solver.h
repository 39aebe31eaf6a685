// Solves one ring shape of one level, MPI-free.
//
// Rings only disappear: a capture, a pass or a placement that removes no
// ring keeps the ring set; a removal or an isolation drops to fewer rings.
// So every successor of a position of shape s (level n) has shape s itself
// or lies in a lower, finished level: a shape is a closed sub-problem whose
// only inputs are final values of lower levels. The index is shape-major
// (idx = shapeId * S(n) + ...), so a shape is a contiguous block of S(n)
// values.
//
// Order inside a shape (every successor read is final, except inside the
// empty-pool region):
//   * the empty-pool region (pool = 0: placements from captures and
//     captures can cycle, passes too) first, by Dijkstra sweeps over its
//     graph, built once: each sweep fixes exactly the positions whose
//     candidate (rules.h) is the smallest over the region; what is left at
//     the fixed point is a draw;
//   * then waves of equal t = 2 * pool + board in increasing order: a
//     placement lowers the pool, a capture the board, so every move that
//     stays in the shape lowers t and a wave needs only earlier waves, the
//     region and lower levels.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "core/tables/tb_index.h"
#include "solver/retro/rules.h"

namespace zertz::solver {

// Final values of lower levels, one whole shape at a time.
class LowerLevels {
 public:
  virtual ~LowerLevels() = default;
  // The S(level) codes of a shape of a lower level; valid until release().
  virtual const uint8_t* shape(int level, int shapeId) = 0;
  // The shape being solved is done: earlier pointers may be dropped.
  virtual void release() {}
};

struct ShapeStats {
  uint64_t positions = 0;   // valid positions of the shape
  uint64_t successors = 0;  // successors looked up
  uint64_t regionPositions = 0;
  uint64_t regionEdges = 0;  // in-shape successors of the region's graph
  uint64_t sweeps = 0;
  uint64_t lowerShapes = 0;  // distinct lower-level shapes read
  uint64_t lowerBytes = 0;   // their sizes: what a solve reads without a cache
};

class ShapeSolver {
 public:
  ShapeSolver(const tb::Indexer& ix, int level);
  int level() const { return level_; }
  uint64_t stride() const { return ix_.shapeStride(level_); }
  // Solves shape `shape` into values (resized to stride(); 0 for holes).
  // `tick` is called every few thousand positions (progress, polling).
  void solve(int shape, LowerLevels& lower, std::vector<uint8_t>& values, ShapeStats& stats,
             const std::function<void()>& tick = {});

 private:
  struct Wave {
    int t = 0;  // 2 * pool + board; -1: the empty-pool region
    std::vector<tb::Indexer::Chunk> chunks;
  };
  // Canonical maps of successor ring sets of the shape being solved.
  struct MapEntry {
    Bitboard rings = ~Bitboard(0);
    tb::ShapeMap map;
    const uint8_t* base = nullptr;  // values of map's shape (lower level), or null: this shape
  };
  const MapEntry& mapFor(const Position& q);
  // Calls fn(offset, position) for every position of a chunk of the shape
  // being solved, in index order (consecutive arrangement ranks are
  // consecutive multiset permutations: no decode per position).
  template <class Fn>
  void forEachInChunk(const tb::Indexer::Chunk& c, Fn&& fn);
  // Calls fn(sameShapeOffset or -1, code) for every legal move of p.
  template <class Fn>
  void forEachSuccessor(const Position& p, Fn&& fn);
  void solveRegion(const Wave& region, std::vector<uint8_t>& values, ShapeStats& stats,
                   const std::function<void()>& tick);
  void solveWave(const Wave& wave, std::vector<uint8_t>& values, ShapeStats& stats,
                 const std::function<void()>& tick);

  const tb::Indexer& ix_;
  int level_;
  std::vector<Wave> waves_;  // region first (if any), then increasing t
  // Per shape being solved:
  int shape_ = 0;
  LowerLevels* lower_ = nullptr;
  const uint8_t* self_ = nullptr;
  std::vector<MapEntry> maps_;
  std::vector<std::pair<int, int>> lowerUsed_;  // (level, shape) read by this solve
};

}  // namespace zertz::solver
