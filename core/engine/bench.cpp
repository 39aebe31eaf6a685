#include "core/engine/bench.h"

#include "core/movegen.h"
#include "core/rng.h"
#include "core/engine/learned.h"
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

namespace {

// The learned evaluation (weights read from the compiled-in file) of every
// quiet position of seeded random games on every built-in variant, folded,
// and a fixed-depth search with it: equal on every build only when the
// weights are read and evaluated alike.
void learnedSignature(BenchResult& r) {
  Rng rng(20261204);
  const EvalParams& learned = learnedEvalParams();
  for (int i = 0; i < 12; ++i) {
    Position pos = Position::start(*kBuiltinLayouts[i % 6], MarbleSetId(i % 2));
    for (int ply = 0; ply < 400 && pos.winner() < 0; ++ply) {
      if (!hasCapture(pos)) r.learnedHash = (r.learnedHash * 0x100000001B3ull) ^ uint64_t(int64_t(evaluate(pos, learned)));
      std::vector<Move> moves = legalMoves(pos);
      pos.play(moves[rng.below(moves.size())]);
    }
  }
  SearchLimits limits;
  limits.depth = 2;
  limits.eval = &learned;
  r.learnedNodes = searchPosition(Position::start(kLayout37, Standard), limits).nodes;
}

std::string hex16(uint64_t v) {
  static const char* hex = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 0; i < 16; ++i) s[i] = hex[(v >> (60 - 4 * i)) & 15];
  return s;
}

}  // namespace

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
  // Engine: fixed-depth deterministic searches (no clock), so the node count
  // must match on every build.
  for (const Geometry* g : layouts) {
    SearchLimits limits;
    limits.depth = g == &kLayout37 ? 3 : 2;
    r.searchNodes += searchPosition(Position::start(*g, Standard), limits).nodes;
  }
  learnedSignature(r);
  r.signature = "perft " + perfts + " playouts " + std::to_string(r.playoutPlies) + " " + hex16(r.playoutHash) +
                " search " + std::to_string(r.searchNodes) + " learned " + hex16(r.learnedHash) + " " +
                std::to_string(r.learnedNodes);
  return r;
}

}  // namespace zertz
