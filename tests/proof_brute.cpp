// Exhaustive minimax on the proof search's rules (proof_brute.h), the
// reference the tests compare proofs with on tiny positions.
#include <algorithm>
#include <vector>

#include "core/movegen.h"
#include "proof_brute.h"

namespace zertz {

namespace {

struct Brute {
  uint64_t maxNodes = 0, nodes = 0;
  bool overflow = false;
  std::vector<Position> path;
  // Score for the side to move: +(1000 - plies) win, -(1000 - plies) loss, 0 draw.
  int search(const Position& pos, bool prevPass) {
    if (++nodes > maxNodes) {
      overflow = true;
      return 0;
    }
    int best = -100000;
    path.push_back(pos);
    forEachLegalMove(pos, [&](const Move& m) {
      if (overflow) return;
      Position n = pos;
      n.play(m);
      bool pass = m.kind == Move::Pass;
      int v;
      int w = n.winner();
      if (w >= 0) v = w == pos.turn ? 999 : -999;
      else if (pass && prevPass) v = 0;
      else if (std::any_of(path.begin(), path.end(), [&](const Position& q) { return q == n; })) v = 0;
      else {
        int s = -search(n, pass);
        v = s > 0 ? s - 1 : s < 0 ? s + 1
                                  : 0;
      }
      best = std::max(best, v);
    });
    path.pop_back();
    return best;
  }
};

}  // namespace

ProofResult bruteForce(const Game& game, uint64_t maxNodes) {
  ProofResult r;
  const Position& root = game.position();
  if (game.result().over()) {
    int w = game.result().winner;
    r.value = w < 0 ? Outcome::Draw : w == root.turn ? Outcome::Win
                                                     : Outcome::Loss;
    r.plies = 0;
    r.pliesExact = true;
    return r;
  }
  Brute b;
  b.maxNodes = maxNodes;
  b.path.assign(game.positions().begin(), game.positions().end() - 1);
  int s = b.search(root, game.lastMoveWasPass());
  r.nodes = b.nodes;
  if (b.overflow) return r;
  r.value = s > 0 ? Outcome::Win : s < 0 ? Outcome::Loss
                                         : Outcome::Draw;
  r.plies = s > 0 ? 1000 - s : s < 0 ? 1000 + s
                                     : -1;
  r.pliesExact = s != 0;
  return r;
}

}  // namespace zertz
