// Node expansion for the df-pn search (proof_internal.h): the successors of
// a node, each scored as a leaf (a win on the spot, a table value, a draw by
// passes or repetition) or with initial proof and disproof numbers, and the
// staged expansion of placement turns.
#include <algorithm>

#include "core/engine/eval.h"
#include "core/movegen.h"
#include "core/proof/proof_internal.h"
#include "core/proof/proof_wins.h"

namespace zertz::dfpn {

namespace {

// Fewest captures `player` still needs for any winning condition (>= 1),
// counting marbles not yet captured by anyone as available.
uint32_t marblesToWin(const Position& p, int player) {
  const MarbleSet& set = p.marbleSet();
  const uint8_t* mine = p.captures[player];
  const uint8_t* theirs = p.captures[1 - player];
  int best = 1 << 20, each = 0;
  for (int c = 0; c < kColors; ++c) {
    int left = set.total[c] - mine[c] - theirs[c];
    int single = set.winSingle[c] - mine[c];
    if (single <= left) best = std::min(best, single);
    int e = std::max(0, set.winEach - mine[c]);
    each = e > left || each < 0 ? -1 : each + e;
  }
  if (each >= 0) best = std::min(best, each);
  return uint32_t(std::clamp(best, 1, 24));
}

// min(countLegalMoves(p), cap) for a placement turn (no capture, not over),
// without counting placements when the cap hides them: with k colours and v
// vacant rings there are k*v placements (no removable ring) or k*r*(v-1)
// (r >= 1 removable), so at least k*(v-1).
uint32_t cappedPlacementCount(const Position& p, uint32_t cap) {
  unsigned colors = placeableColors(p);
  if (!colors) return 1;  // the pass
  if (uint32_t(popcount(colors)) * uint32_t(std::max(popcount(p.vacant()) - 1, 0)) >= cap) return cap;
  return uint32_t(std::min<size_t>(countLegalMoves(p), cap));
}

// Scores a generated child that is neither over nor a draw by the path:
// table leaf, immediate win (a leaf), or open with initial numbers.
// Depends only on the child's position and the prover, not on the path.
// (A cache of these scores by key was tried: no faster, as df-pn seldom
// regenerates a child before it is evicted.)
void scoreChild(Context& cx, Child& c, int prover) {
  GameValue t;
  if (cx.limits.probe && !c.prevPass && cx.limits.probe(c.pos, t) && t.known()) {
    ++cx.tableHits;
    bool proverToMove = c.pos.turn == prover;
    bool proverWins = (t.outcome == Outcome::Win && proverToMove) ||
                      (t.outcome == Outcome::Loss && !proverToMove);
    c.state = proverWins ? 1 : 2;
    c.dist = uint16_t(std::clamp(t.plies, 0, 60000));
    c.flags = kTableDep | (t.outcome == Outcome::Draw ? kDrawDep : 0);
  } else {
    // Open child: the side to move there has n choices. The prover needs
    // one good choice (OR node), against a defender every choice must be
    // refuted (AND node), so a forced reply (a lone capture) is cheap.
    // Capped at 6 (measured on real endgames: 6 > 16 > 64 > uncapped).
    // Scaled by how many captures each side still needs: a side one
    // marble from a winning set is cheap to prove a win for.
    const bool capture = hasCapture(c.pos);
    uint32_t n = 0;
    // A mover that wins on the spot makes the child a leaf (one ply of
    // search for a few bit operations; the claim is exact).
    // After a placement (made where no capture was on) every capture
    // involves the new marble: it jumps, or a neighbour jumps it.
    Bitboard starts = ~Bitboard(0);
    if (c.move.kind == Move::Place) starts = bit(c.move.from) | c.pos.geo->adjacent[c.move.from];
    const bool winsNow = capture ? findWinningCapture(c.pos, nullptr, &n, starts) : findWinningPlacement(c.pos, nullptr);
    if (winsNow) {
      c.state = c.pos.turn == prover ? 1 : 2;
      c.dist = 1;
      return;
    }
    n = capture ? std::min<uint32_t>(n, 6) : cappedPlacementCount(c.pos, 6);
    if (n == 0) n = 1;
    if (c.pos.turn == prover) c.dn0 = n;
    else c.pn0 = n;
    c.pn0 *= marblesToWin(c.pos, prover);
    c.dn0 *= marblesToWin(c.pos, 1 - prover);
    // And by the engine's static evaluation of quiet children (isolation
    // and forced-capture threats): a child that looks good for the
    // prover starts with a smaller proof number, one that looks bad with
    // a smaller disproof number. Costs about 1.5x CPU per node and proves
    // more in real endgames at a similar CPU budget (bench/hints.md).
    if (!capture) {
      int e = evaluate(c.pos);
      int forProver = c.pos.turn == prover ? e : -e;
      int w = std::clamp(forProver / 200, -3, 3);
      if (w > 0) c.dn0 *= uint32_t(1 + w);
      else c.pn0 *= uint32_t(1 - w);
    }
  }
}

// The successor of (pos, prevPass) by the legal move m, scored (leaf or
// initial numbers) for the question "does `prover` force a win?".
Child makeChild(Context& cx, const Position& pos, bool prevPass, int prover, const Move& m) {
  ++cx.generated;
  Child c;
  c.move = m;
  c.pos = pos;
  c.pos.play(m);
  c.prevPass = m.kind == Move::Pass;
  c.key = nodeKey(c.pos, c.prevPass, prover);
  int w = c.pos.winner();
  if (w >= 0) {
    c.state = w == prover ? 1 : 2;
    c.dist = 0;
  } else if (c.prevPass && prevPass) {
    c.state = 2;  // two passes in a row: a draw, no win for anyone
    c.flags = kDrawDep;
  } else if (cx.repeated(c.pos)) {
    c.state = 2;
    c.flags = kRepDep;
  } else {
    scoreChild(cx, c, prover);
  }
  return c;
}

uint32_t satMul(uint32_t a, uint32_t b) { return b && a >= kMaxNumber / b ? kMaxNumber : a * b; }

}  // namespace

// Fills kids with the successors of (pos, prevPass), scored as above; at the
// root only the moves of the search's part (Context::inPart).
// Returns whether the last child is a stand-in (the node stays staged).
//
// Staged expansion (placement turns, until the node is unfolded): the side
// to move needs one good move, and the wins within reach of a proof nearly
// always go through forcing placements: those that capture by isolation or
// hand the opponent a capture (captures are compulsory, so the replies
// shrink to them). And of the 10-30 removals that go with a placement, the
// ones far from the new marble and its landing rings hardly differ. So only
// forcing placements are generated at first, each with the removals near
// the fight and one remote removal standing for the others. The rest, often
// 95% of the 1,000-2,000 moves on a big board, wait behind one stand-in
// child: for the side to move it costs what a typical quiet child costs (6
// times the captures still needed, as for a child with 6 or more replies),
// against it what all of them together cost (one per waiting move and
// capture needed). The stand-in is never proved or disproved: when the
// descent picks it, mid() unfolds the node and scores every child, and a
// node that needs all its children settled (a proof against the defender,
// a disproof against the prover) cannot be settled while the stand-in is
// there. So results stay exact; staging only changes the order of work.
bool expand(Context& cx, const Position& pos, bool prevPass, int prover, std::vector<Child>& kids,
            bool staged, bool root) {
  kids.clear();
  const unsigned colors = placeableColors(pos);
  if (!staged || !colors || hasCapture(pos)) {
    forEachLegalMove(pos, [&](const Move& m) {
      if (!root || cx.inPart(m)) kids.push_back(makeChild(cx, pos, prevPass, prover, m));
    });
    return false;
  }
  // Which (target, removal) pairs come first; the colour does not matter.
  // Then the children in forEachLegalMove's order: colour, target, removal.
  const Geometry& g = *pos.geo;
  const Bitboard occ = pos.occupied(), vacant = pos.vacant(), removable = removableRings(pos);
  const IsolationMap isolation(pos);
  std::pair<uint8_t, uint8_t> first[kMaxCells * kMaxCells];  // 8 KB
  size_t numFirst = 0;
  uint32_t waitingPairs = 0;
  for (Bitboard tb = vacant; tb;) {
    const int t = popLsb(tb);
    const Bitboard landings = landingsAfterPlacing(g, occ, vacant, t);
    const Bitboard options = removable & ~bit(t);
    // Removals that can change the fight: a landing ring, or a ring next to
    // the new marble or a landing ring. The others are alike; one stands
    // for them and the rest wait behind the stand-in.
    const Bitboard near = landings | g.adjacentTo(bit(t) | landings);
    bool remoteTaken = false;
    auto classify = [&](int r) {
      const Bitboard removed = r == kNoCell ? 0 : bit(r);
      const bool isolates = isolation.isolates(t, r);
      const bool forces = (landings & ~removed) || isolates;
      const bool remote = r != kNoCell && !(near & removed) && !isolates;
      if (forces && (!remote || !remoteTaken)) {
        remoteTaken = remoteTaken || remote;
        first[numFirst++] = {uint8_t(t), uint8_t(r)};
      } else {
        ++waitingPairs;
      }
    };
    if (!options) classify(kNoCell);
    for (Bitboard rb = options; rb;) classify(popLsb(rb));
  }
  for (int c = 0; c < kColors; ++c) {
    if (!(colors & (1u << c))) continue;
    for (size_t i = 0; i < numFirst; ++i) {
      const Move m = Move::place(c, first[i].first, first[i].second);
      if (!root || cx.inPart(m)) kids.push_back(makeChild(cx, pos, prevPass, prover, m));
    }
  }
  // At a split root about 1/parts of the waiting moves are the part's (the
  // stand-in's numbers only guide; unfolding lists the part's exactly).
  const uint32_t parts = root ? uint32_t(std::max(cx.limits.parts, 1)) : 1;
  const uint32_t waiting = (waitingPairs * uint32_t(popcount(colors)) + parts - 1) / parts;
  if (waiting == 0) return false;
  if (kids.empty()) return expand(cx, pos, prevPass, prover, kids, false, root);
  Child standIn;
  standIn.state = kQuietStandIn;
  const uint32_t typical = 6 * marblesToWin(pos, pos.turn);
  const uint32_t all = satMul(waiting, marblesToWin(pos, 1 - pos.turn));
  standIn.pn0 = pos.turn == prover ? typical : all;
  standIn.dn0 = pos.turn == prover ? all : typical;
  kids.push_back(standIn);
  return true;
}

}  // namespace zertz::dfpn
