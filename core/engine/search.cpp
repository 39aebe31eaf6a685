#include "core/engine/search.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>

#include "core/engine/eval.h"
#include "core/engine/evalcache.h"
#include "core/engine/movepick.h"
#include "core/engine/tt.h"
#include "core/movegen.h"
#include "core/zobrist.h"

namespace zertz {

namespace {

constexpr int kMaxPly = 160;
constexpr int kInf = 32000;
// Static evaluations cached per search (evalcache.h): 2^15 entries of 16
// bytes, 512 KB. Only the learned evaluations are cached: the classic one
// costs about a memory access.
constexpr int kEvalCacheLog2 = 15;

int toTT(int s, int ply) { return s > kWinBound ? s + ply : s < -kWinBound ? s - ply
                                                                           : s; }
int fromTT(int s, int ply) { return s > kWinBound ? s - ply : s < -kWinBound ? s + ply
                                                                             : s; }

// Moves past this index are not searched at a node of this depth (late-move
// pruning); the root keeps more. Placements are scored by their one-turn result
// first, so what is cut is the tail of a sorted list.
int lateMoveCount(int depth, int ply) {
  int n = depth <= 2 ? 14 : depth == 3 ? 22
                        : depth == 4   ? 30
                                       : 40;
  return ply == 0 ? n * 3 : n;
}

class Searcher {
 public:
  // start: when the search was asked for; the time limit counts from it,
  // so the table's allocation (8 MB at the default size) is inside it.
  Searcher(const Position& root, const std::vector<Position>* history, const SearchLimits& limits,
           int noise, std::chrono::steady_clock::time_point start)
      : root_(root),
        history_(history),
        limits_(limits),
        noise_(noise),
        params_(limits.eval ? limits.eval : &defaultEvalParams()),
        tt_(limits.options.tt ? limits.ttLog2 : 10),
        evalCache_(params_->learned ? kEvalCacheLog2 : -1),
        lists_(kMaxPly) {
    for (auto& k : killers_) k[0] = k[1] = Move{};
    start_ = start;
  }

  SearchResult run(int maxDepth) {
    SearchResult result;
    std::vector<Move> rootMoves = legalMoves(root_);
    if (rootMoves.empty()) return result;
    result.best = rootMoves[0];
    result.pv = {rootMoves[0]};
    if (rootMoves.size() == 1) maxDepth = std::min(maxDepth, 1);
    int prevScore = 0;
    for (int depth = 1; depth <= maxDepth; ++depth) {
      rootBestSet_ = false;
      iterDepth_ = depth;
      int score;
      keys_[0] = root_.key;
      rings_[0] = root_.rings;
      if (limits_.options.aspiration && depth >= 3 && std::abs(prevScore) < kWinBound) {
        int delta = 60;
        int alpha = prevScore - delta, beta = prevScore + delta;
        while (true) {
          score = search(root_, depth, alpha, beta, 0, false);
          if (stop_) break;
          if (score <= alpha) alpha = std::max(-kInf, alpha - delta * 4);
          else if (score >= beta) beta = std::min(kInf, beta + delta * 4);
          else break;
          delta *= 4;
          if (delta > 2000) alpha = -kInf, beta = kInf;
        }
      } else {
        score = search(root_, depth, -kInf, kInf, 0, false);
      }
      if (stop_) {
        // A move that completed and beat the previous best in this iteration is
        // trustworthy; otherwise keep the last completed iteration's choice.
        if (rootBestSet_ && depth > 1) {
          result.best = rootBest_;
          result.score = rootBestScore_;
          result.pv = {rootBest_};
        }
        break;
      }
      prevScore = score;
      result.score = score;
      result.depth = depth;
      result.pv.assign(pv_[0], pv_[0] + pvLen_[0]);
      if (!result.pv.empty()) result.best = result.pv[0];
      if (std::abs(score) > kWinBound && kWinScore - std::abs(score) <= depth) break;  // proven
      // The next iteration takes several times this one: past 45% of the time
      // it would rarely finish (a cut-off iteration still keeps its best move).
      if (limits_.timeMs > 0 && elapsedMs() > limits_.timeMs * 0.45) break;
      if (limits_.nodes && nodes_ >= limits_.nodes) break;
    }
    result.nodes = nodes_;
    return result;
  }

 private:
  double elapsedMs() const {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count();
  }

  void checkLimits() {
    if (limits_.nodes && nodes_ >= limits_.nodes) stop_ = true;
    // Every 64 nodes: a node on an open board generates and orders a few
    // thousand placements, and 512 of them overran 50 ms searches 2-3 times.
    if (limits_.timeMs > 0 && (nodes_ & 63) == 0 && elapsedMs() > limits_.timeMs * 0.9) stop_ = true;
  }

  void prefetchSlots(uint64_t key) const {
    tt_.prefetch(key);
    evalCache_.prefetch(key);
  }

  int leafEval(const Position& pos) {
    int v;
    if (!evalCache_.probe(pos.key, v)) evalCache_.store(pos.key, v = evaluate(pos, *params_));
    if (noise_ > 0) {
      uint64_t s = pos.key ^ (limits_.seed * 0x9E3779B97F4A7C15ull);
      uint64_t h = zobrist::splitmix(s);
      v += int(h % uint64_t(2 * noise_ + 1)) - noise_;
    }
    return v;
  }

  // Any earlier occurrence on the search path or in the game counts as a draw:
  // the side that repeats can repeat again. Rings never come back, so the scans
  // stop at the first position with a different ring set.
  bool repeated(const Position& pos, int ply) const {
    for (int i = ply - 1; i >= 0 && rings_[i] == pos.rings; --i)
      if (keys_[i] == pos.key) return true;
    if (ply > 0 && rings_[0] != pos.rings) return false;
    if (history_)
      for (auto it = history_->rbegin(); it != history_->rend() && it->rings == pos.rings; ++it)
        if (it->key == pos.key) return true;
    return false;
  }

  // Enters a child: counts it, records its key for repetition checks.
  void enter(const Position& child, int ply) {
    ++nodes_;
    keys_[ply] = child.key;
    rings_[ply] = child.rings;
    checkLimits();
  }

  void updatePv(int ply, const Move& m) {
    pv_[ply][ply] = m;
    for (int i = ply + 1; i < pvLen_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
    pvLen_[ply] = std::max(pvLen_[ply + 1], ply + 1);
  }

  // The alpha-beta search of one node; the steps below are its parts.
  int search(const Position& pos, int depth, int alpha, int beta, int ply, bool prevPass);
  struct TTProbe {
    bool hasMove = false, cutoff = false;
    Move move;
    int score = 0;
  };
  bool lineEnds(const Position& pos, int ply, int& score);
  TTProbe probeTT(const Position& pos, int depth, int alpha, int beta, int ply, bool pvNode);
  bool reverseFutility(const Position& pos, int depth, int beta, int& score);
  void raiseAlpha(const Move& m, int score, int ply);
  int searchPass(const Position& pos, int depth, int alpha, int beta, int ply, bool prevPass);
  bool scoreOneTurn(const Position& pos, std::vector<ScoredMove>& list, int ply);
  int searchChild(const Position& child, const ScoredMove& sm, size_t i, int childDepth, int alpha, int beta,
                  int ply, bool pvNode, bool scored);
  void rewardCutoff(const Move& m, int depth, int ply);

  Position root_;
  const std::vector<Position>* history_;
  SearchLimits limits_;
  int noise_;
  const EvalParams* params_;
  TranspositionTable tt_;
  EvalCache evalCache_;
  std::vector<std::vector<ScoredMove>> lists_;
  Move killers_[kMaxPly][2];
  MoveHistory history_scores_;
  uint64_t keys_[kMaxPly] = {};
  Bitboard rings_[kMaxPly] = {};
  Move pv_[kMaxPly][kMaxPly];
  int pvLen_[kMaxPly] = {};
  uint64_t nodes_ = 0;
  int iterDepth_ = 0;
  bool stop_ = false;
  bool rootBestSet_ = false;
  Move rootBest_;
  int rootBestScore_ = 0;
  std::chrono::steady_clock::time_point start_;
};

// Late-move pruning: quiet placements (no capture created, no isolation
// fight) beyond a count are not searched. Tactical ones are all searched
// (sacrifices that force captures are the game's combinations) unless
// SearchOptions::tacticalCap limits them. Nothing is skipped while every
// move so far loses.
class LateMoves {
 public:
  LateMoves(const SearchOptions& o, int depth, int ply, bool pvNode, bool scored, bool pruning)
      : quietLimit_(depth == 1 ? (pvNode ? 16 : 6) : lateMoveCount(depth, ply)),
        tacticalLimit_(o.tacticalCap > 0 && scored && ply > 0 ? o.tacticalCap + 8 * (depth - 2) : 1 << 30),
        // (At the root of a depth-1 search every move is a leaf anyway: no pruning.)
        quietPrunes_(pruning && o.lateMovePruning && ply >= o.lateMovePruningPly &&
                     (scored || (depth == 1 && ply > 0)) && (o.ordering || depth == 1)),
        tacticalPrunes_(pruning) {}

  // Whether to skip this move; a move not skipped is counted. Once a quiet
  // move is skipped every later one is: the count stops and best only rises.
  bool skip(const ScoredMove& sm, int best) {
    if (sm.move.kind != Move::Place) return false;
    int& seen = sm.tactical ? tacticalSeen_ : quietSeen_;
    const bool prunes = sm.tactical ? tacticalPrunes_ : quietPrunes_;
    if (prunes && seen >= (sm.tactical ? tacticalLimit_ : quietLimit_) && best > -kWinBound) return true;
    ++seen;
    return false;
  }

 private:
  int quietLimit_, tacticalLimit_;
  bool quietPrunes_, tacticalPrunes_;
  int quietSeen_ = 0, tacticalSeen_ = 0;
};

int Searcher::search(const Position& pos, int depth, int alpha, int beta, int ply, bool prevPass) {
  const bool pvNode = beta - alpha > 1;
  pvLen_[ply] = ply;
  if (int ended; ply > 0 && lineEnds(pos, ply, ended)) return ended;
  if (stop_) return 0;
  if (ply >= kMaxPly - 2) return leafEval(pos);
  const bool capture = hasCapture(pos);
  // Selectivity starts after fullWidthTurns placement turns from the root:
  // every line of that many turns is searched, as the Dumbot-style full-width
  // search would, and only deeper moves are pruned.
  const bool pruning = limits_.options.pruning && iterDepth_ - depth >= limits_.options.fullWidthTurns;
  if (!capture && depth <= 0) return leafEval(pos);
  if (depth < 0) depth = 0;

  const TTProbe tt = probeTT(pos, depth, alpha, beta, ply, pvNode);
  if (tt.cutoff) return tt.score;

  if (int e; !capture && !pvNode && ply > 0 && pruning && reverseFutility(pos, depth, beta, e)) return e;

  // The moves in order (movepick.h). Captures use no depth.
  MovePicker picker(lists_[ply]);
  const bool ordering = limits_.options.ordering;
  int childDepth = depth;
  bool scored = false;  // placements carry one-turn scores
  if (capture) {
    picker.generateCaptures(pos);
  } else {
    const unsigned colors = placeableColors(pos);
    if (!colors) return searchPass(pos, depth, alpha, beta, ply, prevPass);
    childDepth = depth - 1;
    picker.generatePlacements(pos, colors, pruning && ply > 0 && ply >= limits_.options.reduceRemovalsPly);
    if (ordering && depth >= 2) {
      scored = true;
      if (!scoreOneTurn(pos, picker.moves(), ply)) return 0;
    } else if (ordering) {
      picker.scoreByHistory(history_scores_, killers_[ply]);
    }
  }
  picker.order(tt.hasMove ? &tt.move : nullptr, ordering || tt.hasMove || capture);

  const int origAlpha = alpha;
  int best = -kInf;
  Move bestMove = picker.at(0).move;
  LateMoves lateMoves(limits_.options, depth, ply, pvNode, scored, pruning);
  for (size_t i = 0; i < picker.size(); ++i) {
    const ScoredMove& sm = picker.at(i);
    const Move& m = sm.move;
    if (lateMoves.skip(sm, best)) {
      if (!sm.tactical) picker.dropQuietAfter(i);  // every later quiet one is skipped too
      continue;
    }
    Position child = pos;
    child.play(m);
    prefetchSlots(child.key);
    enter(child, ply + 1);
    if (stop_) return 0;
    const int s = searchChild(child, sm, i, childDepth, alpha, beta, ply, pvNode, scored);
    if (stop_) return 0;
    if (s > best) {
      best = s;
      bestMove = m;
      if (s > alpha) alpha = s, raiseAlpha(m, s, ply);
    }
    if (alpha >= beta) {
      if (m.kind == Move::Place && !sm.tactical) rewardCutoff(m, depth, ply);
      break;
    }
  }
  if (limits_.options.tt) {
    Bound bound = best >= beta ? BoundLower : best > origAlpha ? BoundExact
                                                               : BoundUpper;
    tt_.store(pos.key, depth, toTT(best, ply), bound, &bestMove);
  }
  return best;
}

// Below the root: a finished game, a repetition (a draw, see repeated) or a
// table position ends the line with `score`.
bool Searcher::lineEnds(const Position& pos, int ply, int& score) {
  if (int w = pos.winner(); w >= 0) return score = w == pos.turn ? kWinScore - ply : -(kWinScore - ply), true;
  if (repeated(pos, ply)) return score = 0, true;
  int probed;
  if (limits_.probe && limits_.probe(pos, probed)) return score = fromTT(probed, ply), true;
  return false;
}

// Reverse futility (at a quiet non-PV node below the root, with pruning on):
// far above beta at shallow depth the node fails high with `score` when the
// mover has a safe placement (one that hands over no capture): such a
// placement changes the evaluation little, and the opponent's answer is the
// only thing the remaining depth could show.
bool Searcher::reverseFutility(const Position& pos, int depth, int beta, int& score) {
  if (depth > limits_.options.futilityDepth || std::abs(beta) >= kWinBound || !placeableColors(pos) ||
      !hasSafeTarget(pos))
    return false;
  score = leafEval(pos);
  return score - limits_.options.futilityMargin * depth >= beta;
}

// A move beat alpha: it heads the principal variation, and at the root it is
// the move a stopped iteration may still play.
void Searcher::raiseAlpha(const Move& m, int score, int ply) {
  updatePv(ply, m);
  if (ply == 0) {
    rootBest_ = m;
    rootBestScore_ = score;
    rootBestSet_ = true;
  }
}

// The stored move (ordered first everywhere) and, at non-PV nodes below the
// root, a cut-off when the stored bound decides.
Searcher::TTProbe Searcher::probeTT(const Position& pos, int depth, int alpha, int beta, int ply, bool pvNode) {
  TTProbe p;
  if (!limits_.options.tt) return p;
  const TTEntry* e = tt_.probe(pos.key);
  if (!e) return p;
  p.hasMove = e->hasMove;
  p.move = e->move;
  if (pvNode || ply == 0 || e->depth < depth) return p;
  p.score = fromTT(e->score, ply);
  p.cutoff = e->bound == BoundExact || (e->bound == BoundLower && p.score >= beta) ||
             (e->bound == BoundUpper && p.score <= alpha);
  return p;
}

// Nothing to place and no capture: the player passes; after the opponent's
// pass that is a draw.
int Searcher::searchPass(const Position& pos, int depth, int alpha, int beta, int ply, bool prevPass) {
  if (prevPass) return 0;  // both players passed: a draw
  Position next = pos;
  next.play(Move::pass());
  enter(next, ply + 1);
  int s = -search(next, depth - 1, -beta, -alpha, ply + 1, true);
  if (!stop_) updatePv(ply, Move::pass());
  return s;
}

// One-turn scores: play, let the opponent's forced captures resolve,
// evaluate. False when the search was stopped meanwhile.
bool Searcher::scoreOneTurn(const Position& pos, std::vector<ScoredMove>& list, int ply) {
  // One child ahead: its cache slots load while this one is scored (each
  // child's key lands in a random slot, a wait for memory otherwise).
  Position next = pos;
  if (!list.empty()) next.play(list[0].move), prefetchSlots(next.key);
  for (size_t i = 0; i < list.size(); ++i) {
    ScoredMove& sm = list[i];
    const Position child = next;
    if (i + 1 < list.size()) next = pos, next.play(list[i + 1].move), prefetchSlots(next.key);
    enter(child, ply + 1);
    if (stop_) return false;
    int w = child.winner();
    if (w >= 0)
      sm.score = w == pos.turn ? kWinScore - ply - 1 : -(kWinScore - ply - 1);
    else if (hasCapture(child))
      sm.score = -search(child, 0, -kInf, kInf, ply + 1, false);
    else
      sm.score = -leafEval(child);
  }
  return !stop_;
}

// Principal variation search of the i-th move: the first with the full
// window, later ones with a null window (late scored placements reduced),
// re-searched when they beat alpha.
int Searcher::searchChild(const Position& child, const ScoredMove& sm, size_t i, int childDepth, int alpha,
                          int beta, int ply, bool pvNode, bool scored) {
  if (i == 0) return -search(child, childDepth, -beta, -alpha, ply + 1, false);
  int reduction = 0;
  if (sm.move.kind == Move::Place && scored && limits_.options.reductions && i >= 3 && childDepth >= 2) {
    reduction = 1 + (i >= 12 && childDepth >= 3 && !sm.tactical);
    if (pvNode && reduction > 1) reduction = 1;
  }
  int s = -search(child, childDepth - reduction, -alpha - 1, -alpha, ply + 1, false);
  if (!stop_ && s > alpha && reduction) s = -search(child, childDepth, -alpha - 1, -alpha, ply + 1, false);
  if (!stop_ && s > alpha && s < beta) s = -search(child, childDepth, -beta, -alpha, ply + 1, false);
  return s;
}

// A quiet placement refuted the opponent's move: remember it for ordering.
void Searcher::rewardCutoff(const Move& m, int depth, int ply) {
  history_scores_.at(m) += depth * depth;
  if (!(killers_[ply][0] == m)) {
    killers_[ply][1] = killers_[ply][0];
    killers_[ply][0] = m;
  }
}

int levelNoise(int level) { return level <= 1 ? 140 : level == 2 ? 45
                                                                 : 0; }
int levelDepthCap(int level) { return level < kMaxLevel ? level : 64; }

SearchResult runSearch(const Position& pos, const std::vector<Position>* history,
                       const SearchLimits& given, int level) {
  const auto start = std::chrono::steady_clock::now();
  level = std::clamp(level, kMinLevel, kMaxLevel);
  SearchLimits limits = given;
  if (limits.depth <= 0 && limits.nodes == 0 && limits.timeMs <= 0) {
    SearchLimits defaults = limitsForLevel(level);
    limits.depth = defaults.depth;
    limits.nodes = defaults.nodes;
    limits.timeMs = defaults.timeMs;
  }
  int maxDepth = limits.depth > 0 ? limits.depth : 64;
  maxDepth = std::min({maxDepth, levelDepthCap(level), kMaxPly / 4});
  int noise = limits.evalNoise >= 0 ? limits.evalNoise : levelNoise(level);
  auto searcher = std::make_unique<Searcher>(pos, history, limits, noise, start);
  return searcher->run(maxDepth);
}

}  // namespace

SearchLimits limitsForLevel(int level) {
  SearchLimits l;
  switch (std::clamp(level, kMinLevel, kMaxLevel)) {
    case 1: l.depth = 1; break;
    case 2: l.depth = 2; break;
    case 3: l.depth = 3; break;
    default: l.timeMs = 700; break;
  }
  return l;
}

SearchResult think(const Game& game, const SearchLimits& limits, int level) {
  if (game.result().over()) return SearchResult{};
  const auto& positions = game.positions();
  std::vector<Position> history(positions.begin(), positions.end() - 1);
  return runSearch(game.position(), &history, limits, level);
}

SearchResult searchPosition(const Position& pos, const SearchLimits& limits, int level) {
  return runSearch(pos, nullptr, limits, level);
}

int exactScore(const GameValue& v) {
  if (v.outcome == Outcome::Win) return kWinScore - v.plies;
  if (v.outcome == Outcome::Loss) return -(kWinScore - v.plies);
  return 0;
}

std::string scoreToString(int score) {
  if (score > kWinBound) return "win in " + std::to_string(kWinScore - score);
  if (score < -kWinBound) return "loss in " + std::to_string(kWinScore + score);
  return (score >= 0 ? "+" : "") + std::to_string(score);
}

}  // namespace zertz
