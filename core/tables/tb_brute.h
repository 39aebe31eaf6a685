// A reference solver for tests and `zertz-solve verify`: the explicit graph
// of raw positions reachable from some roots (no canonicalisation, no
// indexing, no level order), solved by classic retrograde analysis with
// successor counters and a distance-ordered queue. Exponentially less
// clever than the real solver on purpose, so that the two can check each
// other. Memory: a Position plus predecessor lists per node; keep it small.
#pragma once

#include <unordered_map>
#include <vector>

#include "core/position.h"

namespace zertz::tb {

class BruteForce {
 public:
  void addRoot(const Position& p) { node(p); }
  // Expands everything reachable from the roots and solves it.
  void solve();
  size_t size() const { return nodes_.size(); }
  const Position& at(size_t v) const { return nodes_[v]; }
  // The table code (tb_probe.h) of node v: invalid without a legal move,
  // draw when unresolved, else the distance in plies.
  uint8_t code(size_t v) const;
  // Code of a position that is a node (after solve()), or of a finished game.
  bool codeOf(const Position& p, uint8_t& out) const;

 private:
  int node(const Position& p);
  int find(const Position& p) const;
  std::vector<Position> nodes_;
  std::vector<int> moves_;
  std::vector<bool> hasTerminal_;
  std::vector<std::vector<int>> preds_;
  std::vector<int> value_;
  std::unordered_map<uint64_t, std::vector<int>> byKey_;
};

}  // namespace zertz::tb
