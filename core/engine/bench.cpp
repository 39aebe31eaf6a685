#include "core/engine/bench.h"

#include "core/movegen.h"
#include "core/rng.h"
#include "core/engine/search.h"

namespace zertz {

void seededPlayouts(uint64_t seed, int games, uint64_t& plies, uint64_t& hash) {
  Rng rng(seed);
  std::vector<Move> moves;
  for (int i = 0; i < games; ++i) {
    const Geometry& g = *kBuiltinLayouts[i % 6];
    Position pos = Position::start(g, MarbleSetId(i % 2));
    for (int ply = 0; ply < 400 && pos.winner() < 0; ++ply) {
      moves.clear();  // reused: no allocation per ply
      forEachLegalMove(pos, [&](const Move& m) { moves.push_back(m); });
      if (moves.empty()) break;
      pos.play(moves[rng.below(moves.size())]);
      ++plies;
      hash = (hash * 0x100000001B3ull) ^ pos.key;
    }
  }
}

BenchResult runBench(int perftDepth) {
  BenchResult r;
  const Geometry* layouts[] = {&kLayout37, &kLayout48, &kLayout61};
  std::string perfts;
  for (int i = 0; i < 3; ++i) {
    int depth = i == 0 ? perftDepth : 2;
    uint64_t n = perft(Position::start(*layouts[i], Standard), depth);
    r.perftLeaves += n;
    perfts += std::string(i ? "," : "") + layouts[i]->token + "/" + std::to_string(depth) + "=" + std::to_string(n);
  }
  seededPlayouts(20261129, 60, r.playoutPlies, r.playoutHash);
  char hash[17];
  static const char* hex = "0123456789abcdef";
  for (int i = 0; i < 16; ++i) hash[i] = hex[(r.playoutHash >> (60 - 4 * i)) & 15];
  hash[16] = 0;
  // Engine: fixed-depth deterministic searches (no clock), so the node count
  // must match on every build.
  for (const Geometry* g : layouts) {
    SearchLimits limits;
    limits.depth = g == &kLayout37 ? 3 : 2;
    r.searchNodes += searchPosition(Position::start(*g, Standard), limits).nodes;
  }
  r.signature = "perft " + perfts + " playouts " + std::to_string(r.playoutPlies) + " " + hash +
                " search " + std::to_string(r.searchNodes);
  return r;
}

}  // namespace zertz
