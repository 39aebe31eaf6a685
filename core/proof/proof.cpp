// df-pn proof search; see proof.h for the contract. Layout of this file:
// transposition table, the MID recursion, the distance check, then prove()
// which schedules the two questions, in steps. Node expansion (leaves,
// staging) is in proof_expand.cpp, the root split's joining in
// proof_parts.cpp; the brute-force reference is tests/proof_brute.cpp.
#include "core/proof/proof.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <vector>

#include "core/movegen.h"
#include "core/proof/proof_internal.h"

namespace zertz {

using namespace dfpn;

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
    Entry* target = (a->used && a->key == e.key)   ? a
                    : (b->used && b->key == e.key) ? b
                    : !a->used                     ? a
                    : !b->used                     ? b
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
      if (orNode && win) {
        result = true;
        decided = true;
        break;
      }
      if (!orNode && !win) {
        result = false;
        decided = true;
        break;
      }
    }
    if (!decided && d >= 2) {
      cx_.path.push_back(pos);
      for (const Child& c : kids) {
        if (c.state != 0) continue;
        bool win = within(c.pos, c.prevPass, d - 1);
        if (cx_.aborted) break;
        if (orNode && win) {
          result = true;
          break;
        }
        if (!orNode && !win) {
          result = false;
          break;
        }
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

// prove()'s steps over one root: answers that need no search, the two
// questions on one table, then the report of a win or loss (with the
// distance check) or of a draw.
class RootProof {
 public:
  RootProof(const Game& game, const ProofLimits& limits)
      : game_(game), limits_(limits), cx_(limits), root_(game.position()), me_(root_.turn), opp_(1 - me_), prevPass_(game.lastMoveWasPass()) {}

  // kept: the table of a ProofMemory, or nullptr.
  ProofResult run(Table* kept) {
    if (answerWithoutSearch()) return r_;
    // Every earlier position of the game (the current one included) is a
    // repetition cut-off for the search.
    cx_.path.assign(game_.positions().begin(), game_.positions().end());
    historyLen_ = cx_.path.size();
    std::unique_ptr<Table> own;
    bool useMemory = false;
    Table& tt = chooseTable(kept, own, useMemory);
    DfPn winSearch(cx_, tt, me_, useMemory), lossSearch(cx_, tt, opp_, true);
    askBothQuestions(winSearch, lossSearch);
    if (win_.pn == 0 || loss_.pn == 0)
      reportWinOrLoss(win_.pn == 0 || lossByDisproof_ ? winSearch : lossSearch);
    else if (win_.dn == 0 && loss_.dn == 0 && !((win_.flags | loss_.flags) & kRepDep))
      reportDraw(lossSearch);
    else
      r_.why = (win_.dn == 0 && loss_.dn == 0) ? "a draw that needs a repetition" : "budget exhausted";
    if (limits_.parts > 1) {
      tt.erase(nodeKey(root_, prevPass_, me_));
      tt.erase(nodeKey(root_, prevPass_, opp_));
    }
    r_.nodes = cx_.nodes;
    r_.tableHits = cx_.tableHits;
    r_.seconds = cx_.elapsed();
    return r_;
  }

 private:
  // A finished game answers its result with 0 plies; a root part that is
  // invalid or holds no legal move answers Unknown.
  bool answerWithoutSearch() {
    if (game_.result().over()) {
      int w = game_.result().winner;
      r_.value = w < 0 ? Outcome::Draw : w == me_ ? Outcome::Win
                                                  : Outcome::Loss;
      r_.plies = 0;
      r_.pliesExact = true;
      return true;
    }
    if (limits_.parts <= 1) return false;
    if (limits_.part < 0 || limits_.part >= limits_.parts) {
      r_.why = "invalid root part " + std::to_string(limits_.part) + " of " + std::to_string(limits_.parts);
      return true;
    }
    bool any = false;
    forEachLegalMove(root_, [&](const Move& m) { any = any || cx_.inPart(m); });
    if (any) return false;
    r_.emptyPart = true;
    r_.why = "no legal move in this part";
    return true;
  }

  // The memory is used while the pool is not empty. Then every move takes a
  // marble from the pool or captures, so no line from here meets a position
  // of the history, and a kept result means what it would in a fresh search.
  // (With an empty pool, marbles placed from captures can bring a position
  // back; the rules draw only its third occurrence, the search scores the
  // second, and a kept line could make the difference.)
  Table& chooseTable(Table* kept, std::unique_ptr<Table>& own, bool& useMemory) {
    useMemory = kept && !root_.poolEmpty();
    if (!useMemory) {
      own = std::make_unique<Table>(std::clamp(limits_.ttLog2, 10, 28));
      return *own;
    }
    Table& tt = *kept;
    tt.bindTo(root_);
    tt.dropPathDependent();
    return tt;
  }

  // One search answers both questions. Proving "the side to move wins" is a
  // Win; disproving it with no draw behind the disproof (drawRank 0: every
  // leaf is an opponent's win) proves that the opponent wins, a Loss. Only a
  // disproof that rests on draws asks the second question, to tell a draw
  // from a loss. (Two separate searches would do the same work twice: their
  // trees are the same with the numbers swapped.)
  void askBothQuestions(DfPn& winSearch, DfPn& lossSearch) {
    win_ = winSearch.run(root_, prevPass_);
    cx_.path.resize(historyLen_);
    lossByDisproof_ = win_.pn != 0 && win_.dn == 0 && drawRank(win_.flags) == 0;
    if (lossByDisproof_) {
      loss_ = {0, kInf, win_.dist, win_.flags};
    } else if (win_.pn != 0 && win_.dn == 0 && !cx_.outOfNodes() && !cx_.outOfTime()) {
      cx_.aborted = false;
      loss_ = lossSearch.run(root_, prevPass_);
      cx_.path.resize(historyLen_);
    }
    cx_.nodeCap = 0;
    cx_.aborted = false;
  }

  // A proven win or loss: its distance along the proof, the best move
  // (fastest proven win, or the loss that lasts longest), then the
  // distance check. s: the search that proved it.
  void reportWinOrLoss(DfPn& s) {
    const bool isWin = win_.pn == 0;
    const Numbers n = isWin ? win_ : loss_;
    r_.value = isWin ? Outcome::Win : Outcome::Loss;
    r_.plies = n.dist;
    r_.usedTables = n.flags & kTableDep;
    int bestDist = isWin ? 1 << 30 : -1;
    for (auto& [c, cn] : s.rootChildren(root_, prevPass_)) {
      if ((lossByDisproof_ ? cn.dn : cn.pn) != 0) continue;
      if (isWin ? cn.dist < bestDist : int(cn.dist) > bestDist) {
        bestDist = cn.dist;
        r_.best = c.move;
        r_.hasBest = true;
      }
    }
    cx_.path.resize(historyLen_);
    if (limits_.exactDistance) proveExactDistance(isWin);
  }

  // Iterative deepening over the winner's parity: the first depth that wins
  // is the perfect-play distance, when no shallower "no" relied on a
  // repetition. Reaching the proven length confirms it.
  void proveExactDistance(bool isWin) {
    WithinCheck check(cx_, isWin ? me_ : opp_);
    if (const double now = cx_.elapsed(); cx_.stopAt > 0 && limits_.distanceShare < 1)
      cx_.stopAt = now + std::max(0.0, cx_.stopAt - now) * std::max(0.0, limits_.distanceShare);
    for (int d = isWin ? 1 : 2; d <= r_.plies && !cx_.outOfNodes() && !cx_.outOfTime(); d += 2) {
      bool found = check.within(root_, prevPass_, d, true);
      cx_.path.resize(historyLen_);
      if (cx_.aborted) break;
      if (!found) continue;
      if (!check.repFlag) r_.pliesExact = true;
      if (d < r_.plies) {
        // A faster line than the df-pn one. For a win, pick a move that
        // achieves it; for a loss keep the df-pn choice (it still loses no
        // faster than d, as every move does).
        r_.plies = d;
        if (isWin) pickWinWithin(check, d);
      }
      break;
    }
  }

  // A root move that wins within d plies (check found that one exists); the
  // df-pn move is kept if the budget ends the hunt.
  void pickWinWithin(WithinCheck& check, int d) {
    const Move dfpnBest = r_.best;
    r_.hasBest = false;
    std::vector<Child> kids;
    expand(cx_, root_, prevPass_, me_, kids, false, true);
    cx_.path.push_back(root_);
    for (const Child& c : kids) {
      bool ok = c.state == 1 ? c.dist + 1 <= d : c.state == 0 && check.within(c.pos, c.prevPass, d - 1);
      if (ok) {
        r_.best = c.move;
        r_.hasBest = true;
        break;
      }
    }
    cx_.path.resize(historyLen_);
    if (!r_.hasBest) r_.best = dfpnBest, r_.hasBest = true;
  }

  // Both questions disproved without repetition: a draw, and a drawing move
  // (one whose successor the opponent does not win, unflagged).
  void reportDraw(DfPn& lossSearch) {
    r_.value = Outcome::Draw;
    r_.usedTables = (win_.flags | loss_.flags) & kTableDep;
    for (auto& [c, cn] : lossSearch.rootChildren(root_, prevPass_)) {
      if (cn.dn == 0 && !(cn.flags & kRepDep)) {
        r_.best = c.move;
        r_.hasBest = true;
        break;
      }
    }
    cx_.path.resize(historyLen_);
  }

  const Game& game_;
  const ProofLimits& limits_;
  Context cx_;
  const Position& root_;
  const int me_, opp_;
  const bool prevPass_;
  size_t historyLen_ = 0;
  Numbers win_{}, loss_{1, 1, 0, 0};
  bool lossByDisproof_ = false;
  ProofResult r_;
};

}  // namespace

ProofResult prove(const Game& game, const ProofLimits& limits, ProofMemory* memory) {
  return RootProof(game, limits).run(memory ? memory->table_.get() : nullptr);
}

}  // namespace zertz
