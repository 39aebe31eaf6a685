#include "core/proof/hints.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include "core/movegen.h"
#include "core/engine/eval.h"
#include "core/engine/search.h"
#include "core/engine/winprob.h"

namespace zertz {

namespace {

using tb::ProbeStatus;

struct NeedList {
  std::vector<BlockNeed>& list;
  void add(const std::string& name, const tb::BlockRef& ref) {
    for (const BlockNeed& n : list)
      if (n.name == name && n.ref.block == ref.block) return;
    if (list.size() < kMaxNeed) list.push_back({name, ref});
  }
  void add(const tb::TableProbe& pr) { add(pr.needName, pr.needRef); }
};

// Tables: the position and every successor, only when all are in the
// tables (a partial list would hide moves). False: not in the tables, fall
// through to proof search.
bool fromTables(const Position& pos, tb::TableReader& t, Hints& h) {
  NeedList need{h.need};
  const tb::TableProbe root = t.probe(pos);
  if (root.status == ProbeStatus::NotInTables) return false;
  h.source = Hints::Source::Tables;
  if (root.status == ProbeStatus::Error) return h.error = root.message, true;
  bool missing = root.status == ProbeStatus::Pending;
  if (missing) need.add(root);
  std::vector<MoveHint> moves;
  forEachLegalMove(pos, [&](const Move& m) {
    if (!h.error.empty()) return;
    Position c = pos;
    c.play(m);
    if (c.winner() >= 0) return moves.push_back({m, GameValue::ofEndedGame(c.winner(), c.turn).forMover()});
    const tb::TableProbe pr = t.probe(c);
    if (pr.status == ProbeStatus::Error) return void(h.error = pr.message);
    if (!pr.found()) {
      if (pr.status == ProbeStatus::Pending) need.add(pr);
      return void(missing = true);
    }
    moves.push_back({m, pr.value.forMover()});
  });
  if (!h.error.empty()) return h.need.clear(), true;
  if (missing) return h.pending = true, true;
  h.value = root.value;
  h.moves = std::move(moves);
  return true;
}

bool listed(const std::vector<MoveHint>& moves, const Move& m) {
  return std::any_of(moves.begin(), moves.end(), [&](const MoveHint& p) { return p.move == m; });
}

// The moves worth an estimate besides the engine's choice: the unproven
// moves whose position one turn ahead evaluates best for the mover, at most
// one placement per target ring (the engine's choice holds its own). The
// static rating only chooses them (it ignores pending captures); each chosen
// move is then searched.
std::vector<Move> estimateCandidates(const Game& game, const std::vector<MoveHint>& proven, const Move& engineChoice) {
  const Position& pos = game.position();
  const std::vector<Move> legal = legalMoves(pos);
  std::vector<std::pair<int, size_t>> rated;  // (rating, index in legal): ties keep the move order
  for (size_t i = 0; i < legal.size(); ++i) {
    if (legal[i] == engineChoice || listed(proven, legal[i])) continue;
    Position c = pos;
    c.play(legal[i]);
    if (c.winner() < 0) rated.push_back({-evaluate(c), i});
  }
  std::sort(rated.begin(), rated.end(), [](const auto& a, const auto& b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
  std::vector<Move> out;
  // One placement per target ring, so the board shows them apart.
  auto ringTaken = [&](const Move& m) {
    return m.kind == Move::Place && ((engineChoice.kind == Move::Place && engineChoice.from == m.from) ||
                                     std::any_of(out.begin(), out.end(), [&](const Move& o) { return o.kind == Move::Place && o.from == m.from; }));
  };
  for (size_t i = 0; i < rated.size() && out.size() + 1 < kEstimatedMoves; ++i)
    if (!ringTaken(legal[rated[i].second])) out.push_back(legal[rated[i].second]);
  return out;
}

// An engine score of a move that claims a result (beyond kWinBound) is a
// claim for proof search to check on the position after the move, within a
// small node budget (the engine's results are short lines, which df-pn
// settles at once) and the seconds given (0: no time limit). True with the
// move's proven value; false when not confirmed.
constexpr uint64_t kClaimProofNodes = 20'000;
bool confirmClaim(const Game& child, double seconds, ProofMemory* memory, GameValue& moverValue) {
  ProofLimits limits;
  limits.maxNodes = kClaimProofNodes;
  limits.maxSeconds = seconds;
  limits.ttLog2 = 16;
  limits.exactDistance = true;
  const ProofResult r = prove(child, limits, memory);
  if (!r.value.known()) return false;
  moverValue = r.value.forMover();
  return true;
}

// An unconfirmed claim counts as the largest unproven score.
int unclaimed(int score) { return std::clamp(score, -kWinBound, kWinBound); }

// Adds the estimate of the move m (the mover's score; at: the win
// probability's terms of the position m is played from) that led to child (the
// game after m, not over), or its proven value when the score claims a
// result that proof search confirms within claimSeconds (0: its node budget
// only).
void addEstimate(Hints& h, const Game& child, const Move& m, int score, const WinProbTerms& at, double claimSeconds, ProofMemory* memory) {
  GameValue proven;
  if (std::abs(score) > kWinBound && confirmClaim(child, claimSeconds, memory, proven)) {
    if (!listed(h.moves, m)) h.moves.push_back({m, proven});
    return;
  }
  score = unclaimed(score);
  h.estimates.push_back({m, score, winProbability(score, at)});
}

// Whether the value settles the whole position: a part's win does (the
// position wins with that move); its loss or draw covers only its moves.
bool settles(const GameValue& v, const HintOptions& options) {
  return options.parts == 1 ? v.known() : v.outcome == Outcome::Win;
}

// The estimates of an unproven position: the engine's choice, valued by the
// position's own search (so the position's estimate is its best move's),
// then with moveEstimates the other candidates, each searched in the time
// left (at least 20 ms each) and bounded by the position's search, which
// found none better; best first. With the position's estimate only (a
// review), its search takes what is left of the budget (at least 5 ms), and
// so does the proof of a result it claims (at least 5 ms; the claims the
// engine makes are settled in a few hundred nodes), so that a review's
// positions keep to the budget.
template <class Clock>
void estimateUnproven(Hints& h, const Game& game, const std::vector<Move>& scope, const HintOptions& options, Clock secondsLeft) {
  SearchLimits sl = limitsForLevel(kDefaultLevel);
  sl.depth = 0, sl.nodes = 0;
  sl.timeMs = options.moveEstimates ? std::max(50, int(secondsLeft() * 500)) : std::max(5, int(secondsLeft() * 1000));
  // A search of a few dozen milliseconds fills a table of 2^16 entries (2 MB;
  // the default 8 MB takes longer to clear than such a search to run).
  if (!options.moveEstimates) sl.ttLog2 = 16;
  const SearchResult engine = think(game, sl, kMaxLevel);
  const int rootScore = unclaimed(engine.score);
  // Every move's score is the mover's at this position, so all are mapped
  // at this position (winprob.h): the moves rank as their scores do.
  const WinProbTerms at = winProbTerms(game.position());
  // (A choice proven lost or drawn is listed already; the position keeps
  // its search's score.)
  if (!listed(h.moves, engine.best)) {
    Game child = game;
    child.play(engine.best);
    // (A repetition ends the game: proof search values it.)
    const double claimSeconds = options.moveEstimates ? 0.0 : std::max(0.005, secondsLeft());
    if (!child.result().over()) addEstimate(h, child, engine.best, engine.score, at, claimSeconds, options.memory);
  }
  agreeWithMoves(h, scope);
  if (options.moveEstimates && !settles(h.value, options)) {
    const std::vector<Move> others = estimateCandidates(game, h.moves, engine.best);
    for (size_t i = 0; i < others.size(); ++i) {
      Game child = game;
      child.play(others[i]);
      if (child.result().over()) continue;
      SearchLimits ml = limitsForLevel(kDefaultLevel);
      ml.depth = 0, ml.nodes = 0, ml.timeMs = std::max(20, int(secondsLeft() * 1000 / double(others.size() - i)));
      const int score = -think(child, ml, kMaxLevel).score;
      addEstimate(h, child, others[i], std::abs(score) > kWinBound ? score : std::min(score, rootScore), at, 0.0, options.memory);
    }
    agreeWithMoves(h, scope);
  }
  // Insertion sort, best first, equal ones in candidate order (a handful of entries).
  for (size_t i = 1; i < h.estimates.size(); ++i)
    for (size_t j = i; j > 0 && h.estimates[j].winprob > h.estimates[j - 1].winprob; --j) std::swap(h.estimates[j], h.estimates[j - 1]);
  h.hasEstimate = true;
  h.estimate = h.estimates.empty() ? rootScore : h.estimates.front().score;
}

MoveHint* hintFor(std::vector<MoveHint>& moves, const Move& m) {
  for (MoveHint& p : moves)
    if (p.move == m) return &p;
  return nullptr;
}

}  // namespace

void agreeWithMoves(Hints& h, const std::vector<Move>& scope) {
  if (h.source != Hints::Source::Proof) return;
  GameValue& v = h.value;
  // A move proven won: the position wins, no slower than its fastest such move.
  const MoveHint* fastest = nullptr;
  for (const MoveHint& m : h.moves)
    if (m.value.outcome == Outcome::Win && (!fastest || m.value.plies < fastest->value.plies)) fastest = &m;
  if (fastest && (!v.known() || (v.outcome == Outcome::Win && !v.exact && fastest->value.plies < v.plies)))
    v = {Outcome::Win, fastest->value.plies, false}, h.hasBest = true, h.best = fastest->move;
  // Every move of the scope proven: the position's value is the best of
  // theirs, exact when every distance it depends on is.
  const bool all = !scope.empty() && std::all_of(scope.begin(), scope.end(), [&](const Move& m) { return listed(h.moves, m); });
  if (all && !fastest) {
    // (A loss's longest defence is exact when its own distance is: the
    // others' are upper bounds no longer than it.)
    const MoveHint* best = nullptr;
    for (const Move& m : scope) {
      const MoveHint& p = *hintFor(h.moves, m);
      const bool better = !best || (p.value.outcome == Outcome::Draw && best->value.outcome == Outcome::Loss) ||
                          (p.value.outcome == Outcome::Loss && best->value.outcome == Outcome::Loss && p.value.plies > best->value.plies);
      if (better) best = &p;
    }
    if (best->value.outcome == Outcome::Draw && !v.known()) v = {Outcome::Draw, -1, true}, h.hasBest = true, h.best = best->move;
    if (best->value.outcome == Outcome::Loss && (!v.known() || (v.outcome == Outcome::Loss && !v.exact && best->value.plies <= v.plies)))
      v = {Outcome::Loss, best->value.plies, best->value.exact}, h.hasBest = true, h.best = best->move;
  } else if (all && v.outcome == Outcome::Win && v.plies == fastest->value.plies) {
    bool winsExact = true;
    for (const MoveHint& m : h.moves)
      if (m.value.outcome == Outcome::Win) winsExact = winsExact && m.value.exact;
    v.exact = v.exact || winsExact;
  }
  // A position lost in N plies loses in at most N after any move.
  if (v.outcome == Outcome::Loss)
    for (MoveHint& m : h.moves)
      if (m.value.outcome == Outcome::Loss && !m.value.exact && m.value.plies > v.plies) m.value.plies = v.plies;
  // The best move carries the position's value (its line is the position's).
  if (!v.known() || !h.hasBest) return;
  MoveHint* b = hintFor(h.moves, h.best);
  if (!b) {
    h.moves.insert(h.moves.begin(), {h.best, {v.outcome, v.plies, v.outcome != Outcome::Loss && v.exact}});
    return;
  }
  if (b->value.outcome != v.outcome) return;  // sound proofs never disagree; nothing to reconcile
  if (v.outcome == Outcome::Win) b->value = {Outcome::Win, v.plies, v.exact || (b->value.exact && b->value.plies == v.plies)};
  if (v.outcome == Outcome::Loss && b->value.plies > v.plies) b->value = {Outcome::Loss, v.plies, false};
}

Hints computeHints(const Game& game, tb::TableReader* tables, const HintOptions& options) {
  Hints h;
  const Position& pos = game.position();
  if (game.result().over()) return h.source = Hints::Source::Over, h;
  // After a pass the tables' values (which know no pass history) may not
  // hold: a second pass would end the game. Proof search knows the history.
  const bool lastPass = game.lastMoveWasPass();
  if (tables && tables->any() && !lastPass && fromTables(pos, *tables, h)) return h;

  // Proof search, table positions as leaves (cached blocks only; the blocks
  // it missed go to `need` for a second round). The position's own value
  // comes first and may use the whole budget (most proofs end far sooner);
  // its moves share what is left.
  const auto t0 = std::chrono::steady_clock::now();
  auto left = [&] {
    return options.budgetMs / 1000.0 - std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  NeedList need{h.need};
  const bool estimating = options.estimate && options.part == 0;
  const double share = options.moveEstimates ? kEstimateShare : kPositionEstimateShare;
  ProofLimits limits;
  limits.maxSeconds = options.budgetMs / 1000.0;
  // A review (the position's estimate only) keeps to its budget: its proof
  // leaves the estimate's share, which it needs whenever the proof fails.
  // (The hint panel's proof may take the whole budget; its estimates then
  // take their floors, about 130 ms, beyond it.)
  if (estimating && !options.moveEstimates) limits.maxSeconds *= 1 - share;
  limits.maxNodes = 0;  // the budget is wall clock (Keep proving asks for long ones)
  // A proven value's distance check may take half of what is left: the
  // moves' values matter more to a player than a shortest-distance proof
  // (it could take the whole budget, and leave no move with a value).
  limits.distanceShare = 0.5;
  limits.ttLog2 = 18;
  limits.part = options.part, limits.parts = options.parts;
  if (tables && tables->any())
    limits.probe = [&](const Position& q, GameValue& out) {
      const tb::TableProbe pr = tables->probe(q);
      if (pr.status == ProbeStatus::Pending) need.add(pr);
      out = pr.value;
      return pr.found();
    };
  ProofResult root = prove(game, limits, options.memory);
  h.source = Hints::Source::Proof;
  h.value = root.value, h.usedTables = root.usedTables;
  h.hasBest = root.hasBest, h.best = root.best;
  h.emptyPart = root.emptyPart;

  std::vector<Move> scope = legalMoves(pos);
  if (options.parts > 1)
    scope.erase(std::remove_if(scope.begin(), scope.end(),
                               [&](const Move& m) { return rootPartOf(m, options.parts) != options.part; }),
                scope.end());
  std::vector<Move> order = scope;
  if (root.hasBest) std::stable_partition(order.begin(), order.end(), [&](const Move& m) { return m == root.best; });
  const bool unsettled = estimating && !settles(root.value, options);
  const double reserve = unsettled ? share * options.budgetMs / 1000.0 : 0.0;
  for (size_t i = 0; i < order.size() && left() - reserve > 0.005; ++i) {
    Game child = game;
    child.play(order[i]);
    ProofLimits cl = limits;
    cl.maxSeconds = std::max(0.002, (left() - reserve) / double(order.size() - i));
    cl.exactDistance = true;
    cl.part = 0, cl.parts = 1;  // the move's successor is searched whole
    cl.ttLog2 = 16;             // without the memory (an empty pool): a table of 1.5 MB for a share of the budget
    ProofResult r = prove(child, cl, options.memory);
    if (r.value.known()) h.moves.push_back({order[i], r.value.forMover()});
  }
  agreeWithMoves(h, scope);
  if (unsettled && !settles(h.value, options)) estimateUnproven(h, game, scope, options, left);
  if (settles(h.value, options)) h.hasEstimate = false, h.estimates.clear();
  return h;
}

Hints mergeHintParts(const Position& pos, const std::vector<Hints>& parts) {
  if (parts.empty()) return Hints{};
  // From the tables every part gives the whole answer (a part whose tables
  // failed to load falls back to proof search: the tables' answer wins).
  const Hints* fromTables = nullptr;
  for (const Hints& p : parts)
    if (p.source != Hints::Source::Proof && (!fromTables || (!p.error.empty() && fromTables->error.empty()))) fromTables = &p;
  if (fromTables) return *fromTables;
  Hints h;
  std::vector<ProofResult> roots;
  for (const Hints& p : parts) {
    ProofResult r;
    r.value = p.value;
    r.hasBest = p.hasBest, r.best = p.best, r.usedTables = p.usedTables, r.emptyPart = p.emptyPart;
    roots.push_back(r);
    for (const MoveHint& m : p.moves)  // the estimating part may list a move another part proved too
      if (!listed(h.moves, m.move)) h.moves.push_back(m);
    NeedList need{h.need};
    for (const BlockNeed& n : p.need) need.add(n.name, n.ref);
    if (h.error.empty()) h.error = p.error;
    if (!h.hasEstimate && p.hasEstimate) h.hasEstimate = true, h.estimate = p.estimate, h.estimates = p.estimates;
  }
  const ProofResult root = combineRootParts(roots);
  h.value = root.value, h.usedTables = root.usedTables;
  h.hasBest = root.hasBest, h.best = root.best;
  agreeWithMoves(h, legalMoves(pos));
  if (h.value.known()) h.hasEstimate = false, h.estimates.clear();
  // Another part may have proven a move the estimating part estimated; the
  // position's estimate stays its best estimated move's.
  h.estimates.erase(std::remove_if(h.estimates.begin(), h.estimates.end(),
                                   [&](const MoveEstimate& e) { return listed(h.moves, e.move); }),
                    h.estimates.end());
  if (!h.estimates.empty()) h.estimate = h.estimates.front().score;
  return h;
}

}  // namespace zertz
