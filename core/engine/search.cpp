#include "core/engine/search.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>

#include "core/engine/eval.h"
#include "core/movegen.h"
#include "core/engine/tt.h"
#include "core/zobrist.h"

namespace zertz {

namespace {

constexpr int kMaxPly = 160;
constexpr int kInf = 32000;

struct ScoredMove {
  Move move;
  int score;
  int index;  // generation order: makes every sort a total order, so libstdc++
              // and libc++ (wasm) sort identically
  uint8_t tactical;  // capture, or a placement that forces a capture or fights over isolation
};

// Facts about the placements of a quiet node that make "is this move
// tactical?" a few bit operations instead of a make.
struct PlacementFacts {
  // Per vacant target: landing rings of the captures a marble there would
  // create (the opponent must then capture, unless the removal takes the
  // only landing ring away).
  Bitboard landings[kMaxCells];
  Bitboard hot = 0;        // vacant rings of ring groups with at most two vacant rings
  Bitboard splitters = 0;  // removable rings whose removal cuts off a part with <= 1 vacant ring

  void compute(const Position& pos, Bitboard removable) {
    const Geometry& g = *pos.geo;
    Bitboard occ = pos.occupied(), vacant = pos.vacant();
    for (Bitboard b = vacant; b;) {
      const int t = popLsb(b);
      landings[t] = landingsAfterPlacing(g, occ, vacant, t);
    }
    for (Bitboard unseen = pos.rings; unseen;) {
      Bitboard group = g.floodWithin(bit(lsb(unseen)), pos.rings);
      unseen &= ~group;
      if (popcount(group & vacant) <= 2) hot |= group & vacant;
    }
    for (Bitboard b = removable; b;) {
      int r = popLsb(b);
      // Neighbours forming one contiguous arc around r stay connected through
      // the arc, so removing r splits nothing: skip the flood fills.
      unsigned present = 0;
      for (int d = 0; d < kDirections; ++d) {
        int nb = g.neighbor[r][d];
        if (nb != kNoCell && (pos.rings & bit(nb))) present |= 1u << d;
      }
      unsigned arcStarts = present & ~(((present << 1) | (present >> 5)) & 63u);
      if (popcount(arcStarts) <= 1 && present != 0) continue;
      Bitboard rest = pos.rings & ~bit(r);
      for (Bitboard nb = g.adjacent[r] & rest; nb;) {
        Bitboard part = g.floodWithin(bit(lsb(nb)), rest);
        nb &= ~part;
        if (popcount(part & vacant) <= 1) splitters |= bit(r);
      }
    }
  }
  bool tactical(const Move& m) const {
    Bitboard removed = m.removed == kNoCell ? 0 : bit(m.removed);
    return (landings[m.from] & ~removed) || (hot & bit(m.from)) || ((hot | splitters) & removed);
  }
};

// A function object, not a function pointer: std::sort then inlines the
// comparison (an indirect call per comparison is costly in wasm).
constexpr auto byScore = [](const ScoredMove& a, const ScoredMove& b) {
  return a.score != b.score ? a.score > b.score : a.index < b.index;
};

int toTT(int s, int ply) { return s > kWinBound ? s + ply : s < -kWinBound ? s - ply : s; }
int fromTT(int s, int ply) { return s > kWinBound ? s - ply : s < -kWinBound ? s + ply : s; }

// Moves past this index are not searched at a node of this depth (late-move
// pruning); the root keeps more. Placements are scored by their one-turn result
// first, so what is cut is the tail of a sorted list.
int lateMoveCount(int depth, int ply) {
  int n = depth <= 2 ? 14 : depth == 3 ? 22 : depth == 4 ? 30 : 40;
  return ply == 0 ? n * 3 : n;
}

class Searcher {
 public:
  Searcher(const Position& root, const std::vector<Position>* history, const SearchLimits& limits,
           int noise)
      : root_(root),
        history_(history),
        limits_(limits),
        noise_(noise),
        params_(limits.eval ? limits.eval : &defaultEvalParams()),
        tt_(limits.options.tt ? limits.ttLog2 : 10),
        lists_(kMaxPly) {
    for (auto& k : killers_) k[0] = k[1] = Move{};
    std::fill(&history_scores_[0][0][0], &history_scores_[0][0][0] + 3 * 64 * 65, 0);
    start_ = std::chrono::steady_clock::now();
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
    if (limits_.timeMs > 0 && (nodes_ & 511) == 0 && elapsedMs() > limits_.timeMs * 0.9) stop_ = true;
  }

  int leafEval(const Position& pos) {
    int v = evaluate(pos, *params_);
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

  int search(const Position& pos, int depth, int alpha, int beta, int ply, bool prevPass);

  Position root_;
  const std::vector<Position>* history_;
  SearchLimits limits_;
  int noise_;
  const EvalParams* params_;
  TranspositionTable tt_;
  std::vector<std::vector<ScoredMove>> lists_;
  Move killers_[kMaxPly][2];
  int history_scores_[3][64][65];
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

int Searcher::search(const Position& pos, int depth, int alpha, int beta, int ply, bool prevPass) {
  const bool pvNode = beta - alpha > 1;
  pvLen_[ply] = ply;
  if (ply > 0) {
    if (int w = pos.winner(); w >= 0) return w == pos.turn ? kWinScore - ply : -(kWinScore - ply);
    if (repeated(pos, ply)) return 0;
    int probed;
    if (limits_.probe && limits_.probe(pos, probed)) return fromTT(probed, ply);
  }
  if (stop_) return 0;
  if (ply >= kMaxPly - 2) return leafEval(pos);
  const bool capture = hasCapture(pos);
  // Selectivity starts after fullWidthTurns placement turns from the root:
  // every line of that many turns is searched, as the Dumbot-style full-width
  // search would, and only deeper moves are pruned.
  const bool pruning = limits_.options.pruning && iterDepth_ - depth >= limits_.options.fullWidthTurns;
  if (!capture && depth <= 0) return leafEval(pos);
  if (depth < 0) depth = 0;

  // Transposition table: cutoffs at non-PV nodes, the stored move first everywhere.
  Move ttMove;
  bool hasTTMove = false;
  if (limits_.options.tt) {
    if (const TTEntry* e = tt_.probe(pos.key)) {
      hasTTMove = e->hasMove;
      ttMove = e->move;
      if (!pvNode && ply > 0 && e->depth >= depth) {
        int s = fromTT(e->score, ply);
        if (e->bound == BoundExact || (e->bound == BoundLower && s >= beta) ||
            (e->bound == BoundUpper && s <= alpha))
          return s;
      }
    }
  }

  // Reverse futility: a quiet node far above beta at shallow depth fails high
  // when the mover has a safe placement (one that hands over no capture): such
  // a placement changes the evaluation little, and the opponent's answer is
  // the only thing the remaining depth could show.
  if (!capture && !pvNode && ply > 0 && depth <= limits_.options.futilityDepth && pruning &&
      std::abs(beta) < kWinBound && placeableColors(pos) && hasSafeTarget(pos)) {
    int e = leafEval(pos);
    if (e - limits_.options.futilityMargin * depth >= beta) return e;
  }

  std::vector<ScoredMove>& list = lists_[ply];
  list.clear();
  const bool ordering = limits_.options.ordering;
  int childDepth = depth;  // captures use no depth
  bool scored = false;     // placements carry one-turn scores

  if (capture) {
    // Longer sequences first: they usually win material.
    forEachCapture(pos, [&](const Move& m) {
      list.push_back({m, int(m.jumps) * 10, int(list.size()), 1});
    });
  } else {
    childDepth = depth - 1;
    unsigned colors = placeableColors(pos);
    if (!colors) {
      if (prevPass) return 0;  // both players passed: a draw
      Position next = pos;
      next.play(Move::pass());
      enter(next, ply + 1);
      int s = -search(next, depth - 1, -beta, -alpha, ply + 1, true);
      if (!stop_) updatePv(ply, Move::pass());
      return s;
    }
    Bitboard removable = removableRings(pos), vacant = pos.vacant();
    PlacementFacts facts;
    facts.compute(pos, removable);
    // Below the root, a removal far from the target and from every isolation
    // fight is represented by one such removal per (colour, target).
    // The representative is the removal that disturbs least: fewest marbles
    // within two steps (a ring near marbles is a landing or a jump path).
    const bool reduceRemovals = pruning && ply > 0 && ply >= limits_.options.reduceRemovalsPly;
    const Geometry& g = *pos.geo;
    int quietOrder[kMaxCells];
    int quietCount = 0;
    if (reduceRemovals) {
      int calm[kMaxCells];
      Bitboard occ = pos.occupied();
      for (Bitboard b = removable; b;) {
        int r = popLsb(b);
        Bitboard around = g.adjacent[r];
        for (Bitboard a = g.adjacent[r]; a;) around |= g.adjacent[popLsb(a)];
        calm[r] = popcount(around & occ) * 2 + popcount(g.adjacent[r] & occ);
        quietOrder[quietCount++] = r;
      }
      std::stable_sort(quietOrder, quietOrder + quietCount, [&](int a, int b) { return calm[a] < calm[b]; });
    }
    for (int c = 0; c < kColors; ++c) {
      if (!(colors & (1u << c))) continue;
      for (Bitboard t = vacant; t;) {
        int target = popLsb(t);
        Bitboard options = removable & ~bit(target);
        if (!options) {
          Move m = Move::place(c, target, kNoCell);
          list.push_back({m, 0, int(list.size()), uint8_t(facts.tactical(m))});
          continue;
        }
        if (reduceRemovals) {
          Bitboard near = g.adjacent[target] | facts.hot | facts.splitters | facts.landings[target];
          for (Bitboard a = g.adjacent[target]; a;) near |= g.adjacent[popLsb(a)];
          Bitboard keep = options & near, far = options & ~near;
          if (far)
            for (int k = 0; k < quietCount; ++k)
              if (far & bit(quietOrder[k])) {
                keep |= bit(quietOrder[k]);
                break;
              }
          options = keep;
        }
        for (Bitboard r = options; r;) {
          Move m = Move::place(c, target, popLsb(r));
          list.push_back({m, 0, int(list.size()), uint8_t(facts.tactical(m))});
        }
      }
    }
    if (ordering && depth >= 2) {
      // One-turn scores: play, let the opponent's forced captures resolve, evaluate.
      scored = true;
      for (ScoredMove& sm : list) {
        Position child = pos;
        child.play(sm.move);
        enter(child, ply + 1);
        if (stop_) return 0;
        int w = child.winner();
        if (w >= 0)
          sm.score = w == pos.turn ? kWinScore - ply - 1 : -(kWinScore - ply - 1);
        else if (hasCapture(child))
          sm.score = -search(child, 0, -kInf, kInf, ply + 1, false);
        else
          sm.score = -leafEval(child);
      }
      if (stop_) return 0;
    } else if (ordering) {
      for (ScoredMove& sm : list) {
        const Move& m = sm.move;
        sm.score = history_scores_[m.color][m.from][m.removed == kNoCell ? 64 : m.removed];
        if (sm.tactical) sm.score += 1 << 24;
        if (m == killers_[ply][0]) sm.score = 1 << 29;
        else if (m == killers_[ply][1]) sm.score = (1 << 29) - 1;
      }
    }
  }
  if (hasTTMove)
    for (ScoredMove& sm : list)
      if (sm.move == ttMove) sm.score = 1 << 30;
  if (ordering || hasTTMove || capture) std::sort(list.begin(), list.end(), byScore);

  const int origAlpha = alpha;
  int best = -kInf;
  Move bestMove = list[0].move;
  // Late-move pruning applies to quiet placements (no capture created, no
  // isolation fight): beyond a count they are not searched. Tactical ones are
  // all searched: sacrifices that force captures are the game's combinations.
  const int quietLimit = depth == 1 ? (pvNode ? 16 : 6) : lateMoveCount(depth, ply);
  int quietSeen = 0, tacticalSeen = 0;
  const int tacticalLimit = limits_.options.tacticalCap > 0 && scored && ply > 0
                                ? limits_.options.tacticalCap + 8 * (depth - 2)
                                : 1 << 30;
  for (size_t i = 0; i < list.size(); ++i) {
    const Move& m = list[i].move;
    const bool placement = m.kind == Move::Place;
    const bool quiet = placement && !list[i].tactical;
    if (placement && !quiet && pruning && tacticalSeen >= tacticalLimit && best > -kWinBound) continue;
    if (placement && !quiet) ++tacticalSeen;
    // (At the root of a depth-1 search every move is a leaf anyway: no pruning.)
    if (quiet && pruning && limits_.options.lateMovePruning && ply >= limits_.options.lateMovePruningPly &&
        (scored || (depth == 1 && ply > 0)) && quietSeen >= quietLimit && best > -kWinBound &&
        (ordering || depth == 1))
      continue;
    if (quiet) ++quietSeen;
    Position child = pos;
    child.play(m);
    enter(child, ply + 1);
    if (stop_) return 0;
    int s;
    if (i == 0) {
      s = -search(child, childDepth, -beta, -alpha, ply + 1, false);
    } else {
      int reduction = 0;
      if (placement && scored && limits_.options.reductions && i >= 3 && childDepth >= 2) {
        reduction = 1 + (i >= 12 && childDepth >= 3 && !list[i].tactical);
        if (pvNode && reduction > 1) reduction = 1;
      }
      s = -search(child, childDepth - reduction, -alpha - 1, -alpha, ply + 1, false);
      if (!stop_ && s > alpha && reduction)
        s = -search(child, childDepth, -alpha - 1, -alpha, ply + 1, false);
      if (!stop_ && s > alpha && s < beta)
        s = -search(child, childDepth, -beta, -alpha, ply + 1, false);
    }
    if (stop_) return 0;
    if (s > best) {
      best = s;
      bestMove = m;
      if (s > alpha) {
        alpha = s;
        updatePv(ply, m);
        if (ply == 0) {
          rootBest_ = m;
          rootBestScore_ = s;
          rootBestSet_ = true;
        }
      }
    }
    if (alpha >= beta) {
      if (quiet) {
        int r = m.removed == kNoCell ? 64 : m.removed;
        history_scores_[m.color][m.from][r] += depth * depth;
        if (!(killers_[ply][0] == m)) {
          killers_[ply][1] = killers_[ply][0];
          killers_[ply][0] = m;
        }
      }
      break;
    }
  }
  if (limits_.options.tt) {
    Bound bound = best >= beta ? BoundLower : best > origAlpha ? BoundExact : BoundUpper;
    tt_.store(pos.key, depth, toTT(best, ply), bound, &bestMove);
  }
  return best;
}

int levelNoise(int level) { return level <= 1 ? 140 : level == 2 ? 45 : 0; }
int levelDepthCap(int level) { return level < kMaxLevel ? level : 64; }

SearchResult runSearch(const Position& pos, const std::vector<Position>* history,
                       const SearchLimits& given, int level) {
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
  auto searcher = std::make_unique<Searcher>(pos, history, limits, noise);
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
