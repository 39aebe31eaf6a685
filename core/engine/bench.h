// The bench signature: a deterministic workload whose counts every build
// (native, wasm, any compiler) must print identically. Pure computation;
// callers time it.
#pragma once

#include <cstdint>
#include <string>

namespace zertz {

struct BenchResult {
  uint64_t perftLeaves = 0;   // sum of the perft counts below
  uint64_t playoutPlies = 0;  // plies of the seeded random playouts
  uint64_t playoutHash = 0;   // XOR-folded keys along those playouts
  uint64_t searchNodes = 0;   // nodes of the fixed-depth searches (engine)
  uint64_t learnedHash = 0;   // the learned evaluation of seeded random positions, folded
  uint64_t learnedNodes = 0;  // nodes of a fixed-depth search with the learned evaluation
  std::string signature;      // one line combining all of the above
};

// depth 3 from the 37/standard start dominates the run time; smaller depth
// for quick checks.
BenchResult runBench(int perftDepth = 3);

// Deterministic random playouts on every built-in variant; returns plies and
// a hash of every position visited. Used by bench and by wasm/native tests.
void seededPlayouts(uint64_t seed, int games, uint64_t& plies, uint64_t& hash);

}  // namespace zertz
