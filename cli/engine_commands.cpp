// Protocol commands of the engine: genmove and analyze.
//   genmove [time <ms>] [depth <n>] [nodes <n>] [level <n>]
//     searches, plays the move in the session and prints it (canonical notation,
//     with the isolation suffix like `play`).
//   analyze [time <ms>] [depth <n>] [nodes <n>] [level <n>]
//     prints "score <s> depth <d> nodes <n> winprob <p> pv <moves...>" without
//     playing; winprob is the side to move's calibrated win probability, or
//     1, 0 or 0.5 when the value is exact (a proven score; with --tables, a
//     position the tables hold).
// Without limits the level's own limits apply (default level 4, 700 ms).
#include <chrono>
#include <cstdio>
#include <string>

#include "command.h"

#include "core/notation.h"
#include "core/engine/learned.h"
#include "core/engine/search.h"
#include "core/engine/winprob.h"
#include "protocol.h"
#include "table_sources.h"

namespace zertz::cli {
namespace {

// Parses "key value" pairs; returns an error text or "".
std::string parseLimits(const std::vector<std::string>& a, SearchLimits& limits, int& level) {
  level = kDefaultLevel;
  if (a.size() % 2 != 0) return "expected pairs of <time|depth|nodes|level> <number>";
  for (size_t i = 0; i < a.size(); i += 2) {
    long long v = 0;
    const std::string& key = a[i];
    if (key == "time") {
      if (!parseInteger(a[i + 1], 0, 86400000, v)) return "time must be 0..86400000 ms, got '" + a[i + 1].substr(0, 20) + "'";
      limits.timeMs = int(v);
    } else if (key == "depth") {
      if (!parseInteger(a[i + 1], 0, 40, v)) return "depth must be 0..40, got '" + a[i + 1].substr(0, 20) + "'";
      limits.depth = int(v);
    } else if (key == "nodes") {
      if (!parseInteger(a[i + 1], 0, 1000000000000LL, v)) return "nodes must be 0..1e12, got '" + a[i + 1].substr(0, 20) + "'";
      limits.nodes = uint64_t(v);
    } else if (key == "level") {
      if (!parseInteger(a[i + 1], kMinLevel, kMaxLevel, v))
        return "level must be " + std::to_string(kMinLevel) + ".." + std::to_string(kMaxLevel) + ", got '" + a[i + 1].substr(0, 20) + "'";
      level = int(v);
    } else {
      return "unknown option '" + key.substr(0, 20) + "' (time, depth, nodes, level)";
    }
  }
  return "";
}

std::string pvText(const Position& start, const std::vector<Move>& pv) {
  std::string out;
  Position p = start;
  for (const Move& m : pv) {
    out += (out.empty() ? "" : " ") + moveToString(p, m);
    p.play(m);
  }
  return out;
}

RegisterProtocolCommand cmdGenmove("genmove", "genmove [time <ms>] [depth <n>] [nodes <n>] [level <1..4>]: search, play and print the move", [](Session& s, const std::vector<std::string>& a) {
  SearchLimits limits;
  int level;
  if (std::string e = parseLimits(a, limits, level); !e.empty()) return Reply::failure(e);
  if (s.game.result().over()) return Reply::failure("the game is over (" + describeResult(s.game.result(), s.game.position()) + ")");
  if (s.tables) limits.probe = tablesSearchProbe(s.tables);
  SearchResult r = think(s.game, limits, level);
  Position before = s.game.position();
  if (!isLegal(before, r.best)) return Reply::failure("internal error: engine chose an illegal move");
  Bitboard isolated = s.game.play(r.best);
  std::string text = moveToString(before, r.best);
  if (isolated) {
    Position placed = before;
    placed.putMarble(r.best.from, r.best.color);
    text += isolationSuffix(placed, isolated);
  }
  return Reply::success(text);
});

// The side to move's win probability for analyze: the tables' exact value
// when they hold the position (a draw is 1/2, which no score says), else the
// calibrated curve (1 or 0 for a proven score). After a pass the tables'
// value may not hold (a second pass would end the game), as in hints.
double exactOrEstimated(Session& s, int score) {
  if (s.tables && !s.game.lastMoveWasPass()) {
    const tb::TableProbe pr = s.tables->probe(s.game.position());
    if (pr.found()) return pr.value.outcome == Outcome::Win ? 1.0 : pr.value.outcome == Outcome::Loss ? 0.0
                                                                                                      : 0.5;
  }
  return winProbability(score, s.game.position());
}

RegisterProtocolCommand cmdAnalyze("analyze", "analyze [time <ms>] [depth <n>] [nodes <n>] [level <1..4>]: score, depth, nodes, win probability and principal variation", [](Session& s, const std::vector<std::string>& a) {
  SearchLimits limits;
  int level;
  if (std::string e = parseLimits(a, limits, level); !e.empty()) return Reply::failure(e);
  if (s.game.result().over()) return Reply::failure("the game is over (" + describeResult(s.game.result(), s.game.position()) + ")");
  SearchResult r = think(s.game, limits, level);
  char winprob[16];  // the side to move's, calibrated (core/engine/winprob.h); 1 or 0 when proven
  std::snprintf(winprob, sizeof winprob, "%.3f", exactOrEstimated(s, r.score));
  return Reply::success("score " + scoreToString(r.score) + " depth " + std::to_string(r.depth) + " nodes " +
                        std::to_string(r.nodes) + " winprob " + winprob + " pv " + pvText(s.game.position(), r.pv));
});

// ---- `zertz searchbench`: what each search technique buys ----

struct BenchPosition {
  const char* name;
  const char* text;  // "" = start of the variant in name
};
const BenchPosition kBenchPositions[] = {
    {"37 start", "standard 37 ..../...../....../......./....../...../.... 6,8,10 0,0,0 0,0,0 0"},
    {"37 middle", "standard 37 --../-...-/-...../..W.W../....../....-/..-. 2,7,8 1,1,1 1,0,1 0"},
    {"48 middle", "standard 48 ---../---.../..-..W./...W..../-.....-/....../....-/G-.. 1,7,6 2,0,2 1,0,2 0"},
    {"61 opening", "standard 61 W-.../....../......./......../....G..../......../......./....../-.... 5,7,10 0,0,0 0,0,0 0"},
};

RegisterCommand searchBenchCommand("searchbench", "searchbench [--depth D] [--cap NODES] [--eval classic|learned|net]: fixed-depth searches with each technique switched off (nodes, time, move)", [](const Args& in) {
  Args args = in;
  const std::string evalName = takeOption(args, "--eval", "default");
  const EvalParams* named = evalParamsNamed(evalName);
  if (!named) return std::fprintf(stderr, "zertz searchbench: --eval must be classic, learned or net, got '%s'\n", evalName.c_str()), 2;
  const EvalParams& eval = *named;
  long long depth = 0, cap = 0;
  if (!parseInteger(takeOption(args, "--depth", "3"), 1, 12, depth))
    return std::fprintf(stderr, "zertz searchbench: --depth must be 1..12\n"), 2;
  if (!parseInteger(takeOption(args, "--cap", "20000000"), 1, 1000000000000LL, cap))
    return std::fprintf(stderr, "zertz searchbench: --cap must be a positive node count\n"), 2;
  if (!args.empty()) return std::fprintf(stderr, "zertz searchbench: unknown argument '%s'\n", args[0].c_str()), 2;
  struct Config {
    const char* name;
    SearchOptions options;
  };
  std::vector<Config> configs(7);
  configs[0].name = "all on";
  configs[1].name = "no TT";
  configs[1].options.tt = false;
  configs[2].name = "no ordering";
  configs[2].options.ordering = false;
  configs[3].name = "no reductions";
  configs[3].options.reductions = false;
  configs[4].name = "no pruning";
  configs[4].options.pruning = false;
  configs[5].name = "no aspiration";
  configs[5].options.aspiration = false;
  configs[6].name = "removals ply1";  // removals also reduced at the opponent's reply (before acacf1b)
  configs[6].options.reduceRemovalsPly = 1;
  std::printf("depth %lld, node cap %lld per search (capped searches marked *)\n", depth, cap);
  for (const Config& c : configs) {
    uint64_t nodes = 0;
    double seconds = 0;
    std::string moves;
    for (const BenchPosition& bp : kBenchPositions) {
      Position pos;
      std::string error;
      if (!parsePositionString(bp.text, pos, error)) return std::fprintf(stderr, "searchbench: %s\n", error.c_str()), 1;
      SearchLimits limits;
      limits.depth = int(depth);
      limits.nodes = uint64_t(cap);
      limits.options = c.options;
      limits.eval = &eval;
      auto t0 = std::chrono::steady_clock::now();
      SearchResult r = searchPosition(pos, limits);
      seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      nodes += r.nodes;
      moves += std::string(moves.empty() ? "" : " ") + moveToString(pos, r.best) +
               (r.nodes >= uint64_t(cap) ? "*" : "");
    }
    std::printf("%-14s nodes %11llu  time %8.3f s  %6.0f knodes/s  moves %s\n", c.name,
                (unsigned long long)nodes, seconds, seconds > 0 ? nodes / seconds / 1000 : 0.0, moves.c_str());
    std::fflush(stdout);
  }
  return 0;
});

}  // namespace
}  // namespace zertz::cli
