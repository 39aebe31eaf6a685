// df-pn proof search; see proof.h for the contract. Layout of this file:
// transposition table, node expansion (leaves), the MID recursion, the
// distance check, then prove() which schedules the two questions. The root
// split's joining is in proof_parts.cpp, the brute-force reference in
// proof_brute.cpp.
#include "core/proof/proof.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <vector>

#include "core/engine/eval.h"
#include "core/movegen.h"
#include "core/proof/proof_wins.h"

namespace zertz {

namespace {

using Clock = std::chrono::steady_clock;

// kInf marks a settled node (pn = kInf: disproved, dn = kInf: proved) and
// the root's thresholds; numbers of unsettled nodes saturate at kMaxNumber.
// (Saturating at kInf would end the root's loop as if its threshold were
// reached: big trees of sums over 1,000-move nodes get there in a second.)
constexpr uint32_t kInf = 0x3fffffff;
constexpr uint32_t kMaxNumber = kInf - 1;
constexpr int kMaxDepth = 240;         // deeper nodes are cut off (flagged, never proved)
constexpr uint64_t kPassSalt = 0x9d3c4a1f7b2e6c55ull;    // key of "a pass was just played"
constexpr uint64_t kProverSalt = 0x51b7e2a4c93f0d87ull;  // keys of the two questions differ

// Both arguments are at most kInf < 2^30, so the sum cannot wrap.
uint32_t satAdd(uint32_t a, uint32_t b) { return std::min(a + b, kMaxNumber); }

// Flags on a proof/disproof: what it depends on. A disproof of "the prover
// wins" with neither kRepDep nor kDrawDep rests only on the opponent's wins,
// so it is a proof that the opponent wins (one search answers both
// questions; see prove()).
enum : uint8_t { kRepDep = 1, kTableDep = 2, kDrawDep = 4 };

// How much a disproof relies on draws: 0 none (an opponent's win), 1 two-
// pass or table draws (path-independent), 2 repetitions or the depth cap.
int drawRank(uint8_t flags) { return flags & kRepDep ? 2 : flags & kDrawDep ? 1 : 0; }

struct Entry {
  uint64_t key = 0;
  uint32_t pn = 0, dn = 0;
  uint32_t work = 0;  // nodes spent below; the replacement priority
  uint16_t dist = 0;  // proven: plies to the win along the proof; disproven: to the opponent's win
  uint8_t flags = 0;
  uint8_t used = 0;  // bit 0: in use; bit 1: the node was unfolded (see expand)
};
constexpr uint8_t kUnfolded = 2;

}  // namespace

// Two-way buckets; a new result replaces the entry with less work behind it.
struct ProofMemory::Table {
 public:
  explicit Table(int log2) : mask_((size_t(1) << log2) - 1), slots_(size_t(1) << log2) {}
  void clear() {
    std::fill(slots_.begin(), slots_.end(), Entry{});
    pathDependent_ = false;
  }
  // Keys do not cover the board or the marble set: a memory serves one pair.
  void bindTo(const Position& root) {
    if (geo_ != root.geo || set_ != root.set) clear();
    geo_ = root.geo, set_ = root.set;
  }
  // Before a search from another root: results that rest on a repetition or
  // depth cut-off of an earlier path could be wrong there. (Rare: only
  // lines that empty the pool can repeat a position, so a scan is seldom due.)
  void dropPathDependent() {
    if (!pathDependent_) return;
    for (Entry& e : slots_)
      if (e.used && (e.flags & kRepDep)) e = Entry{};
    pathDependent_ = false;
  }
  // A root searched with part of its moves (ProofLimits::parts) holds a
  // value that is not the position's: it must not outlive that search.
  void erase(uint64_t key) {
    size_t i = key & mask_ & ~size_t(1);
    for (Entry* e : {&slots_[i], &slots_[i + 1]})
      if (e->used && e->key == key) *e = Entry{};
  }
  const Entry* find(uint64_t key) const {
    size_t i = key & mask_ & ~size_t(1);
    if (slots_[i].used && slots_[i].key == key) return &slots_[i];
    if (slots_[i + 1].used && slots_[i + 1].key == key) return &slots_[i + 1];
    return nullptr;
  }
  void store(const Entry& e) {
    size_t i = e.key & mask_ & ~size_t(1);
    Entry* a = &slots_[i];
    Entry* b = &slots_[i + 1];
    Entry* target = (a->used && a->key == e.key) ? a
                    : (b->used && b->key == e.key) ? b
                    : !a->used ? a
                    : !b->used ? b
                    : (a->work <= b->work ? a : b);
    *target = e;
    target->used |= 1;
    if (e.flags & kRepDep) pathDependent_ = true;
  }

 private:
  size_t mask_;
  std::vector<Entry> slots_;
  bool pathDependent_ = false;  // some entry has kRepDep
  const Geometry* geo_ = nullptr;
  MarbleSetId set_ = Standard;
};

ProofMemory::ProofMemory(int ttLog2) : table_(std::make_unique<Table>(std::clamp(ttLog2, 10, 28))) {}
ProofMemory::~ProofMemory() = default;
void ProofMemory::clear() { table_->clear(); }

namespace {

using Table = ProofMemory::Table;

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

uint64_t nodeKey(const Position& p, bool prevPass, int prover) {
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
  std::vector<Position> path;  // game history then the search path: repetition cut-offs

  double stopAt;  // seconds after start; <= 0: no time limit (limits.maxSeconds, or earlier for a phase)

  Context(const ProofLimits& l) : limits(l), start(Clock::now()), stopAt(l.maxSeconds) {}
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start).count(); }
  bool outOfTime() const { return stopAt > 0 && elapsed() >= stopAt; }
  bool outOfNodes() const { return limits.maxNodes && nodes >= limits.maxNodes; }
  // Called once per node expansion.
  bool tick() {
    ++nodes;
    if (aborted) return false;
    if ((nodes & 7) == 0 && outOfTime()) aborted = true;
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
    if (c.pos.turn == prover) c.dn0 = n; else c.pn0 = n;
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
      if (w > 0) c.dn0 *= uint32_t(1 + w); else c.pn0 *= uint32_t(1 - w);
    }
  }
}

// The successor of (pos, prevPass) by the legal move m, scored (leaf or
// initial numbers) for the question "does `prover` force a win?".
Child makeChild(Context& cx, const Position& pos, bool prevPass, int prover, const Move& m) {
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

constexpr uint8_t kQuietStandIn = 3;

uint32_t satMul(uint32_t a, uint32_t b) { return b && a >= kMaxNumber / b ? kMaxNumber : a * b; }

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

struct Numbers {
  uint32_t pn, dn;
  uint16_t dist;
  uint8_t flags;
};

class DfPn {
 public:
  // sharedTable: the table may hold the other question's results (a kept
  // memory, or the second question after the first); only then is a missed
  // lookup worth a second probe, on the per-child hot path.
  DfPn(Context& cx, Table& tt, int prover, bool sharedTable)
      : cx_(cx), tt_(tt), prover_(prover), sharedTable_(sharedTable), stack_(kMaxDepth + 2) {}

  // Works on the root until it is solved or the budget (cx.nodeCap) runs out.
  Numbers run(const Position& root, bool prevPass) {
    uint64_t key = nodeKey(root, prevPass, prover_);
    mid(root, prevPass, key, kInf, kInf, 0);
    return lookup(key, 1, 1);
  }
  // Children of the root with their current numbers (after run()).
  std::vector<std::pair<Child, Numbers>> rootChildren(const Position& root, bool prevPass) {
    std::vector<Child> kids;
    expand(cx_, root, prevPass, prover_, kids, false, true);
    std::vector<std::pair<Child, Numbers>> out;
    for (const Child& c : kids) out.push_back({c, childNumbers(c)});
    return out;
  }

 private:
  Numbers lookup(uint64_t key, uint32_t pn0, uint32_t dn0) const {
    if (const Entry* e = tt_.find(key)) return {e->pn, e->dn, e->dist, e->flags};
    // The other question on the same node (an earlier search, kept in a
    // ProofMemory, asked it for the other side): a proven win there is no
    // win here, a disproof that rests on no draw is a proven win here, and
    // open numbers swap (without draws the two trees are the same with the
    // numbers swapped; with them, only the guidance is off).
    if (const Entry* e = sharedTable_ ? tt_.find(key ^ kProverSalt) : nullptr) {
      if (e->pn == 0) return {kInf, 0, e->dist, e->flags};
      if (e->dn == 0 && drawRank(e->flags) == 0) return {0, kInf, e->dist, e->flags};
      if (e->pn != kInf && e->dn != kInf) return {e->dn, e->pn, 0, 0};
    }
    return {pn0, dn0, 0, 0};
  }
  Numbers childNumbers(const Child& c) const {
    if (c.state == 1) return {0, kInf, c.dist, c.flags};
    if (c.state == 2) return {kInf, 0, c.dist, c.flags};
    if (c.state == kQuietStandIn) return {c.pn0, c.dn0, 0, 0};
    return lookup(c.key, c.pn0, c.dn0);
  }
  static void cache(Child& c, const Numbers& n) { c.pn = n.pn, c.dn = n.dn, c.curDist = n.dist, c.curFlags = n.flags; }
  static Numbers cached(const Child& c) { return {c.pn, c.dn, c.curDist, c.curFlags}; }

  // Combines the children into the node's numbers; best/second for the descent.
  Numbers combine(bool orNode, const std::vector<Child>& kids, size_t& best, uint32_t& second) {
    Numbers n{orNode ? kInf : 0, orNode ? 0 : kInf, 0, 0};
    best = 0;
    second = kInf;
    uint16_t provenDist = orNode ? 0xffff : 0;
    uint16_t disprovenDist = orNode ? 0 : 0xffff;
    uint8_t proofFlags = 0, disproofFlags = orNode ? 0 : 0xff;
    for (size_t i = 0; i < kids.size(); ++i) {
      Numbers c = cached(kids[i]);
      uint32_t key = orNode ? c.pn : c.dn;  // the number this node minimises
      uint32_t bestKey = orNode ? n.pn : n.dn;
      if (key < bestKey) {
        second = bestKey;
        best = i;
      } else if (key < second) {
        second = key;
      }
      if (orNode) {
        n.pn = std::min(n.pn, c.pn);
        n.dn = satAdd(n.dn, c.dn);
        if (c.pn == 0 && c.dist < provenDist) provenDist = c.dist, proofFlags = c.flags;
        if (c.dn == 0) disproofFlags |= c.flags, disprovenDist = std::max(disprovenDist, c.dist);
      } else {
        n.pn = satAdd(n.pn, c.pn);
        n.dn = std::min(n.dn, c.dn);
        if (c.pn == 0) provenDist = std::max(provenDist, c.dist), proofFlags |= c.flags;
        // A disproof needs one refuted child: keep the least dependent one,
        // then the fastest win for the opponent.
        if (c.dn == 0) {
          int rank = drawRank(c.flags), bestRank = disproofFlags == 0xff ? 3 : drawRank(disproofFlags);
          if (rank < bestRank || (rank == bestRank && c.dist < disprovenDist))
            disproofFlags = c.flags, disprovenDist = c.dist;
        }
      }
    }
    if (n.pn == 0) {
      n.dn = kInf;
      n.dist = uint16_t(provenDist + 1);
      n.flags = proofFlags;
    } else if (n.dn == 0) {
      n.pn = kInf;
      n.dist = uint16_t(std::min<int>(disprovenDist + 1, 0xfffe));
      n.flags = disproofFlags;
    }
    return n;
  }

  void mid(const Position& pos, bool prevPass, uint64_t key, uint32_t thpn, uint32_t thdn, int depth) {
    if (!cx_.tick()) return;
    if (depth >= kMaxDepth) {
      // Too deep to follow: an unresolved cut-off, treated like a repetition.
      tt_.store({key, kInf, 0, 1, 0, kRepDep, 1});
      return;
    }
    const bool orNode = pos.turn == prover_;
    std::vector<Child>& kids = stack_[depth];
    const Entry* seen = tt_.find(key);
    bool staged = expand(cx_, pos, prevPass, prover_, kids, !(seen && (seen->used & kUnfolded)), depth == 0);
    const uint64_t nodes0 = cx_.nodes;
    for (Child& c : kids) cache(c, childNumbers(c));
    cx_.path.push_back(pos);
    Numbers n{};
    for (;;) {
      size_t best;
      uint32_t second;
      n = combine(orNode, kids, best, second);
      if (n.pn >= thpn || n.dn >= thdn || n.pn == 0 || n.dn == 0 || cx_.aborted) break;
      if (kids[best].state == kQuietStandIn) {
        staged = expand(cx_, pos, prevPass, prover_, kids, false, depth == 0);
        for (Child& c : kids) cache(c, childNumbers(c));
        continue;
      }
      Numbers b = cached(kids[best]);
      uint32_t cpn, cdn;
      // 1+epsilon: let the child run until it is a quarter worse than the
      // runner-up, which cuts the re-expansions of plain df-pn.
      uint32_t loose = second >= kInf ? kInf : satAdd(second, second / 4 + 1);
      if (orNode) {
        cpn = std::min(thpn, loose);
        cdn = thdn >= kInf ? kInf : thdn - n.dn + b.dn;
      } else {
        cdn = std::min(thdn, loose);
        cpn = thpn >= kInf ? kInf : thpn - n.pn + b.pn;
      }
      const Child& c = kids[best];  // stable: the recursion uses deeper stack slots only
      mid(c.pos, c.prevPass, c.key, cpn, cdn, depth + 1);
      cache(kids[best], childNumbers(kids[best]));
    }
    cx_.path.pop_back();
    uint64_t work = cx_.nodes - nodes0;
    tt_.store({key, n.pn, n.dn, uint32_t(std::min<uint64_t>(work, 0xffffffffu)), n.dist, n.flags,
               uint8_t(staged ? 1 : 1 | kUnfolded)});
  }

  Context& cx_;
  Table& tt_;
  int prover_;
  bool sharedTable_;
  std::vector<std::vector<Child>> stack_;
};

// Depth-bounded check: can `prover` force a win within d plies? Repetitions
// and the depth cap count as "no" and set repFlag, so a "no" is trusted only
// when repFlag stayed clear.
class WithinCheck {
 public:
  WithinCheck(Context& cx, int prover) : cx_(cx), prover_(prover) {}
  bool repFlag = false;

  // root: pos is the search's root (only its part's moves count).
  bool within(const Position& pos, bool prevPass, int d, bool root = false) {
    if (d <= 0 || !cx_.tick()) return false;
    uint64_t key = nodeKey(pos, prevPass, prover_);
    auto it = memoFind(key);
    if (it && it->minTrue <= d) return true;
    if (it && it->maxFalse >= d) return false;
    std::vector<Child> kids;
    expand(cx_, pos, prevPass, prover_, kids, false, root);
    const bool orNode = pos.turn == prover_;
    for (const Child& c : kids) {
      if (c.flags & kRepDep) repFlag = true;
    }
    // Leaves first: they decide without recursion.
    bool result = !orNode;
    bool decided = false;
    for (const Child& c : kids) {
      bool win = c.state == 1 && c.dist + 1 <= d;
      if (c.state == 0) continue;
      if (orNode && win) { result = true; decided = true; break; }
      if (!orNode && !win) { result = false; decided = true; break; }
    }
    if (!decided && d >= 2) {
      cx_.path.push_back(pos);
      for (const Child& c : kids) {
        if (c.state != 0) continue;
        bool win = within(c.pos, c.prevPass, d - 1);
        if (cx_.aborted) break;
        if (orNode && win) { result = true; break; }
        if (!orNode && !win) { result = false; break; }
      }
      cx_.path.pop_back();
    } else if (!decided) {
      // d == 1: only leaves can finish, and open children cannot.
      bool anyOpen = std::any_of(kids.begin(), kids.end(), [](const Child& c) { return c.state == 0; });
      if (!orNode && anyOpen) result = false;
      if (orNode) result = false;
    }
    if (cx_.aborted) return false;
    Memo& m = memo_[key & (kMemo - 1)];
    if (m.key != key) m = Memo{key, 0x7fff, -1};
    if (result) m.minTrue = int16_t(std::min<int>(m.minTrue, d));
    else m.maxFalse = int16_t(std::max<int>(m.maxFalse, d));
    return result;
  }

 private:
  struct Memo {
    uint64_t key = 0;
    int16_t minTrue = 0x7fff, maxFalse = -1;
  };
  static constexpr size_t kMemo = size_t(1) << 16;
  const Memo* memoFind(uint64_t key) const {
    const Memo& m = memo_[key & (kMemo - 1)];
    return m.key == key ? &m : nullptr;
  }
  Context& cx_;
  int prover_;
  std::vector<Memo> memo_ = std::vector<Memo>(kMemo);
};

}  // namespace

ProofResult prove(const Game& game, const ProofLimits& limits, ProofMemory* memory) {
  ProofResult r;
  Context cx(limits);
  const Position& root = game.position();
  const int me = root.turn, opp = 1 - root.turn;
  if (game.result().over()) {
    int w = game.result().winner;
    r.value = w < 0 ? Outcome::Draw : w == me ? Outcome::Win : Outcome::Loss;
    r.plies = 0;
    r.pliesExact = true;
    return r;
  }
  const bool prevPass = game.lastMoveWasPass();
  if (limits.parts > 1) {
    if (limits.part < 0 || limits.part >= limits.parts) {
      r.why = "invalid root part " + std::to_string(limits.part) + " of " + std::to_string(limits.parts);
      return r;
    }
    bool any = false;
    forEachLegalMove(root, [&](const Move& m) { any = any || cx.inPart(m); });
    if (!any) {
      r.emptyPart = true;
      r.why = "no legal move in this part";
      return r;
    }
  }
  // Every earlier position of the game (the current one included) is a
  // repetition cut-off for the search.
  cx.path.assign(game.positions().begin(), game.positions().end());
  const size_t historyLen = cx.path.size();

  // The memory is used while the pool is not empty. Then every move takes a
  // marble from the pool or captures, so no line from here meets a position
  // of the history, and a kept result means what it would in a fresh search.
  // (With an empty pool, marbles placed from captures can bring a position
  // back; the rules draw only its third occurrence, the search scores the
  // second, and a kept line could make the difference.)
  const bool useMemory = memory && !root.poolEmpty();
  std::unique_ptr<Table> own;
  if (!useMemory) own = std::make_unique<Table>(std::clamp(limits.ttLog2, 10, 28));
  Table& tt = useMemory ? *memory->table_ : *own;
  if (useMemory) {
    tt.bindTo(root);
    tt.dropPathDependent();
  }
  DfPn winSearch(cx, tt, me, useMemory), lossSearch(cx, tt, opp, true);
  // One search answers both questions. Proving "the side to move wins" is a
  // Win; disproving it with no draw behind the disproof (drawRank 0: every
  // leaf is an opponent's win) proves that the opponent wins, a Loss. Only a
  // disproof that rests on draws asks the second question, to tell a draw
  // from a loss. (Two separate searches would do the same work twice: their
  // trees are the same with the numbers swapped.)
  Numbers win = winSearch.run(root, prevPass);
  cx.path.resize(historyLen);
  Numbers loss{1, 1, 0, 0};
  const bool lossByDisproof = win.pn != 0 && win.dn == 0 && drawRank(win.flags) == 0;
  if (lossByDisproof) {
    loss = {0, kInf, win.dist, win.flags};
  } else if (win.pn != 0 && win.dn == 0 && !cx.outOfNodes() && !cx.outOfTime()) {
    cx.aborted = false;
    loss = lossSearch.run(root, prevPass);
    cx.path.resize(historyLen);
  }
  cx.nodeCap = 0;
  cx.aborted = false;

  if (win.pn == 0 || loss.pn == 0) {
    bool isWin = win.pn == 0;
    DfPn& s = isWin || lossByDisproof ? winSearch : lossSearch;
    Numbers n = isWin ? win : loss;
    r.value = isWin ? Outcome::Win : Outcome::Loss;
    r.plies = n.dist;
    r.usedTables = n.flags & kTableDep;
    // Best move: fastest proven win, or the loss that lasts longest.
    int bestDist = isWin ? 1 << 30 : -1;
    for (auto& [c, cn] : s.rootChildren(root, prevPass)) {
      if ((lossByDisproof ? cn.dn : cn.pn) != 0) continue;
      if (isWin ? cn.dist < bestDist : int(cn.dist) > bestDist) {
        bestDist = cn.dist;
        r.best = c.move;
        r.hasBest = true;
      }
    }
    cx.path.resize(historyLen);
    if (limits.exactDistance) {
      // Iterative deepening over the winner's parity: the first depth that
      // wins is the perfect-play distance, when no shallower "no" relied on
      // a repetition. Reaching the proven length confirms it.
      WithinCheck check(cx, isWin ? me : opp);
      if (const double now = cx.elapsed(); cx.stopAt > 0 && limits.distanceShare < 1)
        cx.stopAt = now + std::max(0.0, cx.stopAt - now) * std::max(0.0, limits.distanceShare);
      for (int d = isWin ? 1 : 2; d <= r.plies && !cx.outOfNodes() && !cx.outOfTime(); d += 2) {
        bool found = check.within(root, prevPass, d, true);
        cx.path.resize(historyLen);
        if (cx.aborted) break;
        if (found) {
          if (!check.repFlag) r.pliesExact = true;
          if (d < r.plies) {
            // A faster line than the df-pn one. For a win, pick a move that
            // achieves it; for a loss keep the df-pn choice (it still loses
            // no faster than d, as every move does).
            r.plies = d;
            if (isWin) {
              const Move dfpnBest = r.best;  // kept if the budget ends the move hunt
              r.hasBest = false;
              std::vector<Child> kids;
              expand(cx, root, prevPass, me, kids, false, true);
              cx.path.push_back(root);
              for (const Child& c : kids) {
                bool ok = c.state == 1 ? c.dist + 1 <= d
                                       : c.state == 0 && check.within(c.pos, c.prevPass, d - 1);
                if (ok) {
                  r.best = c.move;
                  r.hasBest = true;
                  break;
                }
              }
              cx.path.resize(historyLen);
              if (!r.hasBest) r.best = dfpnBest, r.hasBest = true;
            }
          }
          break;
        }
      }
    }
  } else if (win.dn == 0 && loss.dn == 0 && !((win.flags | loss.flags) & kRepDep)) {
    r.value = Outcome::Draw;
    r.usedTables = (win.flags | loss.flags) & kTableDep;
    // A drawing move: one whose successor the opponent does not win, unflagged.
    for (auto& [c, cn] : lossSearch.rootChildren(root, prevPass)) {
      if (cn.dn == 0 && !(cn.flags & kRepDep)) {
        r.best = c.move;
        r.hasBest = true;
        break;
      }
    }
    cx.path.resize(historyLen);
  } else {
    r.why = (win.dn == 0 && loss.dn == 0) ? "a draw that needs a repetition" : "budget exhausted";
  }
  if (limits.parts > 1) {
    tt.erase(nodeKey(root, prevPass, me));
    tt.erase(nodeKey(root, prevPass, opp));
  }
  r.nodes = cx.nodes;
  r.tableHits = cx.tableHits;
  r.seconds = cx.elapsed();
  return r;
}

}  // namespace zertz
