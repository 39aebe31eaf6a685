#include "core/engine/players.h"

#include <algorithm>
#include <cstdlib>
#include <memory>

#include "core/movegen.h"
#include "core/rng.h"
#include "core/engine/learned.h"
#include "core/engine/search.h"

namespace zertz {

Game randomOpening(const Position& start, int plies, uint64_t seed) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    Rng rng(seed * 1000003 + attempt);
    Game g(start);
    for (int i = 0; i < plies && !g.result().over(); ++i) {
      std::vector<Move> moves = legalMoves(g.position());
      g.play(moves[rng.below(moves.size())]);
    }
    if (!g.result().over()) return g;
  }
  return Game(start);
}

Move randomMove(const Position& pos, uint64_t seed) {
  std::vector<Move> moves = legalMoves(pos);
  if (moves.empty()) return Move::pass();
  Rng rng(seed);
  return moves[rng.below(moves.size())];
}

namespace {

int totalCaptured(const Position& pos, int player) {
  return pos.captures[player][0] + pos.captures[player][1] + pos.captures[player][2];
}

}  // namespace

Move greedyMove(const Position& pos, uint64_t seed) {
  std::vector<Move> moves = legalMoves(pos);
  if (moves.empty()) return Move::pass();
  int best = -1;
  std::vector<Move> top;
  const int before = totalCaptured(pos, pos.turn);
  for (const Move& m : moves) {
    Position next = pos;
    next.play(m);
    int gain = totalCaptured(next, pos.turn) - before;
    if (gain > best) best = gain, top.clear();
    if (gain == best) top.push_back(m);
  }
  Rng rng(seed);
  return top[rng.below(top.size())];
}

// ---- Dumbot-equivalent ----

int dumbotEval(const Position& pos) {
  // Per player: marbles still needed for the closest condition, weighted 100,
  // plus each captured marble weighted by how much of a single-colour set it
  // is (a white counts 1/4, a grey 1/5, a black 1/6 in standard).
  const MarbleSet& set = pos.marbleSet();
  int v[2];
  for (int p = 0; p < 2; ++p) {
    int closest = 99, eachNeed = 0, weighted = 0;
    for (int c = 0; c < kColors; ++c) {
      closest = std::min(closest, set.winSingle[c] - pos.captures[p][c]);
      eachNeed += std::max(0, set.winEach - pos.captures[p][c]);
      weighted += pos.captures[p][c] * 120 / set.winSingle[c];
    }
    closest = std::min(closest, eachNeed);
    v[p] = weighted - 100 * closest;
  }
  return v[pos.turn] - v[1 - pos.turn];
}

namespace {

constexpr int kDumbotWin = 100000;

struct Dumbot {
  uint64_t nodes = 0;

  // Negamax; depth counts placement turns, captures are free.
  int search(const Position& pos, int depth, int alpha, int beta, int ply) {
    if (int w = pos.winner(); w >= 0) return w == pos.turn ? kDumbotWin - ply : -(kDumbotWin - ply);
    bool capture = hasCapture(pos);
    if (!capture && depth <= 0) return dumbotEval(pos);
    if (ply > 60) return dumbotEval(pos);
    int best = -kDumbotWin - 1;
    int next = capture ? depth : depth - 1;
    forEachLegalMove(pos, [&](const Move& m) {
      if (alpha >= beta) return;
      Position child = pos;
      child.play(m);
      ++nodes;
      int s = -search(child, next, -beta, -alpha, ply + 1);
      best = std::max(best, s);
      alpha = std::max(alpha, s);
    });
    return best;
  }
};

}  // namespace

Move dumbotMove(const Position& pos, uint64_t seed, uint64_t* nodes) {
  std::vector<Move> moves = legalMoves(pos);
  if (moves.empty()) return Move::pass();
  // Root: every move searched with a window one wider than the best so far, so
  // equal best moves are all found; a seeded choice among them varies games.
  Dumbot bot;
  const int depth = 2;
  int best = -kDumbotWin - 1;
  std::vector<Move> top;
  for (const Move& m : moves) {
    Position child = pos;
    child.play(m);
    ++bot.nodes;
    int next = hasCapture(pos) ? depth : depth - 1;
    int s = -bot.search(child, next, -kDumbotWin - 1, -(best - 1), 1);
    if (s > best) best = s, top.clear();
    if (s == best) top.push_back(m);
  }
  if (nodes) *nodes = bot.nodes;
  Rng rng(seed);
  return top[rng.below(top.size())];
}

namespace {

bool parseDigits(std::string_view text, int maxDigits, int& out) {
  if (text.empty() || int(text.size()) > maxDigits || text.find_first_not_of("0123456789") != std::string_view::npos)
    return false;
  out = std::atoi(std::string(text).c_str());
  return true;
}

// Engine options after '@', comma-separated, for tuning and ablation matches:
// ratio=<x> (progress ratio), iso=<%>, isoopp=<%>, zug=<n>, tempo=<n>,
// tcap=<n> (SearchOptions::tacticalCap), rrply=<n> (reduceRemovalsPly), lmp=<0|1>,
// lmpply=<n> (late-move pruning and its first ply), tt=<log2 slots>, and the
// switches nott, noorder, nolmr, noprune, and classic / learned / net (which
// evaluation: the hand-set one, or the linear or network one of learned.h).
bool parseEngineOptions(std::string_view text, SearchLimits& limits, EvalParams& params, bool& custom,
                        const LearnedWeights* learned, std::string& error) {
  custom = false;
  while (!text.empty()) {
    size_t comma = text.find(',');
    std::string_view item = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    size_t eq = item.find('=');
    std::string_view key = item.substr(0, eq);
    if (eq == std::string_view::npos) {
      if (key == "nott") limits.options.tt = false;
      else if (key == "noorder") limits.options.ordering = false;
      else if (key == "nolmr") limits.options.reductions = false;
      else if (key == "noprune") limits.options.pruning = false;
      else if (key == "classic") params.learned = nullptr, custom = true;
      else if (key == "learned") params.learned = learned ? learned : learnedEvalParams().learned, custom = true;
      else if (key == "net") params.learned = networkEvalParams().learned, custom = true;
      else return error = "unknown engine option '" + std::string(item) + "'", false;
      continue;
    }
    std::string value(item.substr(eq + 1));
    char* end = nullptr;
    double v = std::strtod(value.c_str(), &end);
    if (value.empty() || *end != 0 || !(v >= 0 && v <= 100000))
      return error = "engine option '" + std::string(key) + "' needs a number, got '" + value + "'", false;
    custom = true;
    if (key == "ratio" && v > 1.0 && v < 5.0) {
      EvalParams fresh = EvalParams::withRatio(v);
      std::copy(std::begin(fresh.progress), std::end(fresh.progress), std::begin(params.progress));
    } else if (key == "iso") params.isoMover = int(v);
    else if (key == "isoopp") params.isoOpp = int(v);
    else if (key == "zug") params.zugzwang = int(v);
    else if (key == "tempo") params.tempo = int(v);
    else if (key == "parity") params.parity = int(v);
    else if (key == "full") limits.options.fullWidthTurns = int(v);
    else if (key == "fdepth") limits.options.futilityDepth = int(v);
    else if (key == "fmargin") limits.options.futilityMargin = int(v);
    else if (key == "tcap") limits.options.tacticalCap = int(v);
    else if (key == "rrply") limits.options.reduceRemovalsPly = int(v);
    else if (key == "lmp") limits.options.lateMovePruning = v != 0;
    else if (key == "lmpply") limits.options.lateMovePruningPly = int(v);
    else if (key == "tt") limits.ttLog2 = int(v);
    else return error = "unknown engine option '" + std::string(key) + "' (or value out of range)", false;
  }
  return true;
}

}  // namespace

bool makePlayer(std::string_view name, int timeMs, PlayerFn& out, std::string& error,
                std::shared_ptr<const LearnedWeights> learned) {
  if (name == "random") {
    out = [](const Game& g, uint64_t seed) { return randomMove(g.position(), seed); };
    return true;
  }
  if (name == "greedy") {
    out = [](const Game& g, uint64_t seed) { return greedyMove(g.position(), seed); };
    return true;
  }
  if (name == "dumbot") {
    out = [](const Game& g, uint64_t seed) { return dumbotMove(g.position(), seed); };
    return true;
  }
  // Engine players: level1..level4, engine:<ms> (default level), depth:<n>
  // (strongest level at a fixed depth, deterministic), each optionally
  // followed by @options.
  SearchLimits base;
  auto params = std::make_shared<EvalParams>(defaultEvalParams());
  std::string_view spec = name;
  if (size_t at = name.find('@'); at != std::string_view::npos) {
    spec = name.substr(0, at);
    bool custom = false;
    if (!parseEngineOptions(name.substr(at + 1), base, *params, custom, learned.get(), error)) return false;
    if (!custom) params.reset();
  } else {
    params.reset();
  }
  int level = 0, ms = timeMs, depth = 0, nodes = 0;
  if (spec.size() == 6 && spec.substr(0, 5) == "level" && spec[5] >= '1' && spec[5] < '1' + kMaxLevel) {
    level = spec[5] - '0';
  } else if (spec.substr(0, 7) == "engine:") {
    if (!parseDigits(spec.substr(7), 7, ms))
      return error = "engine:<ms> needs a time in milliseconds, got '" + std::string(spec.substr(7)) + "'", false;
    level = kDefaultLevel;
  } else if (spec.substr(0, 6) == "nodes:") {
    if (!parseDigits(spec.substr(6), 9, nodes) || nodes < 1)
      return error = "nodes:<n> needs a node count, got '" + std::string(spec.substr(6)) + "'", false;
    level = kMaxLevel;
  } else if (spec.substr(0, 6) == "depth:") {
    if (!parseDigits(spec.substr(6), 2, depth) || depth < 1)
      return error = "depth:<n> needs a depth 1..99, got '" + std::string(spec.substr(6)) + "'", false;
    level = kMaxLevel;
  } else {
    error = "unknown player '" + std::string(name) +
            "' (random, greedy, dumbot, level1..level4, engine:<ms>, depth:<n>, optionally @options)";
    return false;
  }
  out = [level, ms, depth, nodes, base, params, learned](const Game& g, uint64_t seed) {
    SearchLimits limits = base;
    limits.seed = seed;
    limits.eval = params.get();
    if (nodes > 0) limits.nodes = uint64_t(nodes);
    if (depth > 0) limits.depth = depth;
    else if (ms > 0 && level == kMaxLevel) limits.timeMs = ms;
    return think(g, limits, level).best;
  };
  return true;
}

}  // namespace zertz
