#include "core/proof/hints.h"

#include <algorithm>
#include <chrono>

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

// The moves worth an estimate: the engine's choice, then the unproven moves
// whose position one turn ahead evaluates best for the mover, at most one
// placement per target ring. The static
// rating only chooses them (it ignores pending captures); each chosen move
// is then searched.
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
  if (!listed(proven, engineChoice)) out.push_back(engineChoice);
  // One placement per target ring, so the board shows them apart.
  auto ringTaken = [&](const Move& m) {
    return m.kind == Move::Place &&
           std::any_of(out.begin(), out.end(), [&](const Move& o) { return o.kind == Move::Place && o.from == m.from; });
  };
  for (size_t i = 0; i < rated.size() && out.size() < kEstimatedMoves; ++i)
    if (!ringTaken(legal[rated[i].second])) out.push_back(legal[rated[i].second]);
  return out;
}

// Each move's estimate from the engine's score of the position after it,
// the moves sharing secondsLeft() (at least 20 ms each); best first.
template <class Clock>
std::vector<MoveEstimate> estimateMoves(const Game& game, const std::vector<Move>& moves, Clock secondsLeft) {
  std::vector<MoveEstimate> out;
  for (size_t i = 0; i < moves.size(); ++i) {
    Game child = game;
    child.play(moves[i]);
    if (child.result().over()) continue;  // a repetition: proof search values it
    SearchLimits sl = limitsForLevel(kDefaultLevel);
    sl.depth = 0, sl.nodes = 0, sl.timeMs = std::max(20, int(secondsLeft() * 1000 / double(moves.size() - i)));
    const int opponent = think(child, sl, kMaxLevel).score;
    out.push_back({moves[i], -opponent, 1.0 - winProbability(opponent, *child.position().geo)});
  }
  // Insertion sort, best first, equal ones in candidate order (a handful of entries).
  for (size_t i = 1; i < out.size(); ++i)
    for (size_t j = i; j > 0 && out[j].winprob > out[j - 1].winprob; --j) std::swap(out[j], out[j - 1]);
  return out;
}

}  // namespace

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
  ProofLimits limits;
  limits.maxSeconds = options.budgetMs / 1000.0;
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

  std::vector<Move> order = legalMoves(pos);
  if (options.parts > 1)
    order.erase(std::remove_if(order.begin(), order.end(),
                               [&](const Move& m) { return rootPartOf(m, options.parts) != options.part; }),
                order.end());
  if (root.hasBest) std::stable_partition(order.begin(), order.end(), [&](const Move& m) { return m == root.best; });
  const bool estimating = !root.value.known() && options.estimate && options.part == 0;
  const double reserve = estimating ? kEstimateShare * options.budgetMs / 1000.0 : 0.0;
  for (size_t i = 0; i < order.size() && left() - reserve > 0.005; ++i) {
    Game child = game;
    child.play(order[i]);
    ProofLimits cl = limits;
    cl.maxSeconds = std::max(0.002, (left() - reserve) / double(order.size() - i));
    cl.exactDistance = true;
    cl.part = 0, cl.parts = 1;  // the move's successor is searched whole
    ProofResult r = prove(child, cl, options.memory);
    if (r.value.known()) h.moves.push_back({order[i], r.value.forMover()});
  }
  if (estimating) {
    // Half of what is left for the position, half for its moves.
    SearchLimits sl = limitsForLevel(kDefaultLevel);
    sl.depth = 0, sl.nodes = 0, sl.timeMs = std::max(50, int(left() * 500));
    const SearchResult engine = think(game, sl, kMaxLevel);
    h.hasEstimate = true;
    h.estimate = engine.score;
    h.estimates = estimateMoves(game, estimateCandidates(game, h.moves, engine.best), left);
  }
  return h;
}

Hints mergeHintParts(const std::vector<Hints>& parts) {
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
    h.moves.insert(h.moves.end(), p.moves.begin(), p.moves.end());
    NeedList need{h.need};
    for (const BlockNeed& n : p.need) need.add(n.name, n.ref);
    if (h.error.empty()) h.error = p.error;
    if (!h.hasEstimate && p.hasEstimate) h.hasEstimate = true, h.estimate = p.estimate, h.estimates = p.estimates;
  }
  const ProofResult root = combineRootParts(roots);
  h.value = root.value, h.usedTables = root.usedTables;
  h.hasBest = root.hasBest, h.best = root.best;
  if (h.value.known()) h.hasEstimate = false, h.estimates.clear();
  // Another part may have proven a move the estimating part estimated.
  h.estimates.erase(std::remove_if(h.estimates.begin(), h.estimates.end(),
                                   [&](const MoveEstimate& e) { return listed(h.moves, e.move); }),
                    h.estimates.end());
  return h;
}

}  // namespace zertz
