#include "players.h"

#include <algorithm>
#include <cstdlib>

#include "movegen.h"
#include "rng.h"
#include "search.h"

namespace zertz {

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

bool makePlayer(std::string_view name, int timeMs, PlayerFn& out, std::string& error) {
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
  int level = 0, ms = timeMs;
  if (name.substr(0, 6) == "depth:") {
    std::string digits(name.substr(6));
    if (digits.empty() || digits.size() > 2 || digits.find_first_not_of("0123456789") != std::string::npos) {
      error = "depth:<n> needs a depth, got '" + digits + "'";
      return false;
    }
    int depth = std::atoi(digits.c_str());
    out = [depth](const Game& g, uint64_t seed) {
      SearchLimits limits;
      limits.seed = seed;
      limits.depth = depth;
      return think(g, limits, kMaxLevel).best;
    };
    return true;
  }
  if (name.size() == 6 && name.substr(0, 5) == "level" && name[5] >= '1' && name[5] <= '5') {
    level = name[5] - '0';
  } else if (name.substr(0, 7) == "engine:") {
    std::string digits(name.substr(7));
    if (digits.empty() || digits.size() > 7 || digits.find_first_not_of("0123456789") != std::string::npos) {
      error = "engine:<ms> needs a time in milliseconds, got '" + digits + "'";
      return false;
    }
    level = kDefaultLevel;
    ms = std::atoi(digits.c_str());
  } else {
    error = "unknown player '" + std::string(name) + "' (random, greedy, dumbot, level1..level5, engine:<ms>)";
    return false;
  }
  out = [level, ms](const Game& g, uint64_t seed) {
    SearchLimits limits;
    limits.seed = seed;
    if (ms > 0 && level >= 3) limits.timeMs = ms;
    return think(g, limits, level).best;
  };
  return true;
}

}  // namespace zertz
