// The df-pn search's shared parts (proof.cpp: the table, the MID recursion,
// the distance check and prove(); proof_expand.cpp: node expansion and the
// scoring of leaves). Internal to core/proof: not an interface.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

#include "core/proof/proof.h"

namespace zertz::dfpn {

using Clock = std::chrono::steady_clock;

// kInf marks a settled node (pn = kInf: disproved, dn = kInf: proved) and
// the root's thresholds; numbers of unsettled nodes saturate at kMaxNumber.
// (Saturating at kInf would end the root's loop as if its threshold were
// reached: big trees of sums over 1,000-move nodes get there in a second.)
constexpr uint32_t kInf = 0x3fffffff;
constexpr uint32_t kMaxNumber = kInf - 1;
constexpr int kMaxDepth = 240;                           // deeper nodes are cut off (flagged, never proved)
constexpr uint64_t kPassSalt = 0x9d3c4a1f7b2e6c55ull;    // key of "a pass was just played"
constexpr uint64_t kProverSalt = 0x51b7e2a4c93f0d87ull;  // keys of the two questions differ

// Both arguments are at most kInf < 2^30, so the sum cannot wrap.
inline uint32_t satAdd(uint32_t a, uint32_t b) { return std::min(a + b, kMaxNumber); }

// Flags on a proof/disproof: what it depends on. A disproof of "the prover
// wins" with neither kRepDep nor kDrawDep rests only on the opponent's wins,
// so it is a proof that the opponent wins (one search answers both
// questions; see prove()).
enum : uint8_t { kRepDep = 1,
                 kTableDep = 2,
                 kDrawDep = 4 };

// How much a disproof relies on draws: 0 none (an opponent's win), 1 two-
// pass or table draws (path-independent), 2 repetitions or the depth cap.
inline int drawRank(uint8_t flags) { return flags & kRepDep ? 2 : flags & kDrawDep ? 1
                                                                                   : 0; }

struct Entry {
  uint64_t key = 0;
  uint32_t pn = 0, dn = 0;
  uint32_t work = 0;  // nodes spent below; the replacement priority
  uint16_t dist = 0;  // proven: plies to the win along the proof; disproven: to the opponent's win
  uint8_t flags = 0;
  uint8_t used = 0;  // bit 0: in use; bit 1: the node was unfolded (see expand)
};
constexpr uint8_t kUnfolded = 2;

// One successor of an expanded node. state: 0 open, 1 proved leaf, 2
// disproved leaf, 3 the stand-in for the moves a staged node has not generated
// yet (see expand), never searched itself.
struct Child {
  Move move;
  Position pos;
  uint64_t key = 0;
  bool prevPass = false;
  uint8_t state = 0;
  uint8_t flags = 0;
  uint16_t dist = 0;
  uint32_t pn0 = 1, dn0 = 1;  // initial numbers of an open child
  // Current numbers, cached while the parent is expanded: read from the
  // table once, then refreshed only for the child just searched (the usual
  // df-pn shortcut; a transposition updating a sibling is seen next visit).
  uint32_t pn = 1, dn = 1;
  uint16_t curDist = 0;
  uint8_t curFlags = 0;
};

inline uint64_t nodeKey(const Position& p, bool prevPass, int prover) {
  return p.key ^ (prevPass ? kPassSalt : 0) ^ (prover ? kProverSalt : 0);
}

// Shared by both questions and the distance check: budget, history, tables.
struct Context {
  const ProofLimits& limits;
  Clock::time_point start;
  uint64_t nodes = 0;
  uint64_t tableHits = 0;
  uint64_t nodeCap = 0;  // current phase stops here
  bool aborted = false;
  // Children made (expand), and their count at the last clock read: the
  // work between two reads (see tick).
  uint64_t generated = 0, generatedAtRead = 0;
  std::vector<Position> path;  // game history then the search path: repetition cut-offs

  double stopAt;  // seconds after start; <= 0: no time limit (limits.maxSeconds, or earlier for a phase)

  Context(const ProofLimits& l) : limits(l), start(Clock::now()), stopAt(l.maxSeconds) {}
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start).count(); }
  bool outOfTime() const { return stopAt > 0 && elapsed() >= stopAt; }
  bool outOfNodes() const { return limits.maxNodes && nodes >= limits.maxNodes; }
  // Called once per node expansion. The clock is read every 8 expansions,
  // or sooner once 256 children were made since the last read: a placement
  // turn on an open board unfolds into 1,000-5,000 children, each scored
  // with the static evaluation, so 8 such expansions can outlast a review's
  // 400 ms budget (measured: a root proof asked for 0.4 s ran 1.2 s).
  bool tick() {
    ++nodes;
    if (aborted) return false;
    if ((nodes & 7) == 0 || generated - generatedAtRead >= 256) {
      generatedAtRead = generated;
      if (outOfTime()) aborted = true;
    }
    if (outOfNodes() || (nodeCap && nodes >= nodeCap)) aborted = true;
    return !aborted;
  }
  // Whether a root move is searched (root split, see ProofLimits::parts).
  bool inPart(const Move& m) const { return limits.parts <= 1 || rootPartOf(m, limits.parts) == limits.part; }
  bool repeated(const Position& p) const {
    for (const Position& q : path)
      if (q.key == p.key && q == p) return true;
    return false;
  }
};

// The stand-in child of a staged node (Child::state; see expand).
constexpr uint8_t kQuietStandIn = 3;

// Fills kids with the successors of (pos, prevPass), scored for the question
// "does `prover` force a win?" (proof_expand.cpp, which explains staging).
// Returns whether the last child is a stand-in (the node stays staged).
bool expand(Context& cx, const Position& pos, bool prevPass, int prover, std::vector<Child>& kids,
            bool staged, bool root);

}  // namespace zertz::dfpn
