// Protocol commands of the engine: genmove and analyze.
//   genmove [time <ms>] [depth <n>] [nodes <n>] [level <n>]
//     searches, plays the move in the session and prints it (canonical notation,
//     with the isolation suffix like `play`).
//   analyze [time <ms>] [depth <n>] [nodes <n>] [level <n>]
//     prints "score <s> depth <d> nodes <n> pv <moves...>" without playing.
// Without limits the level's own limits apply (default level 3).
#include <string>

#include "core/notation.h"
#include "core/search.h"
#include "protocol.h"

namespace zertz::cli {
namespace {

bool parseNumber(const std::string& s, long long max, long long& out) {
  if (s.empty() || s.size() > 12 || s.find_first_not_of("0123456789") != std::string::npos) return false;
  out = std::stoll(s);
  return out <= max;
}

// Parses "key value" pairs; returns an error text or "".
std::string parseLimits(const std::vector<std::string>& a, SearchLimits& limits, int& level) {
  level = kDefaultLevel;
  if (a.size() % 2 != 0) return "expected pairs of <time|depth|nodes|level> <number>";
  for (size_t i = 0; i < a.size(); i += 2) {
    long long v = 0;
    const std::string& key = a[i];
    if (key == "time") {
      if (!parseNumber(a[i + 1], 86400000, v)) return "time must be 0..86400000 ms, got '" + a[i + 1].substr(0, 20) + "'";
      limits.timeMs = int(v);
    } else if (key == "depth") {
      if (!parseNumber(a[i + 1], 40, v)) return "depth must be 0..40, got '" + a[i + 1].substr(0, 20) + "'";
      limits.depth = int(v);
    } else if (key == "nodes") {
      if (!parseNumber(a[i + 1], 1000000000000LL, v)) return "nodes must be 0..1e12, got '" + a[i + 1].substr(0, 20) + "'";
      limits.nodes = uint64_t(v);
    } else if (key == "level") {
      if (!parseNumber(a[i + 1], kMaxLevel, v) || v < kMinLevel)
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

RegisterProtocolCommand cmdGenmove("genmove", "genmove [time <ms>] [depth <n>] [nodes <n>] [level <1..5>]: search, play and print the move", [](Session& s, const std::vector<std::string>& a) {
  SearchLimits limits;
  int level;
  if (std::string e = parseLimits(a, limits, level); !e.empty()) return Reply::failure(e);
  if (s.game.result().over()) return Reply::failure("the game is over (" + describeResult(s.game.result(), s.game.position()) + ")");
  SearchResult r = think(s.game, limits, level);
  Position before = s.game.position();
  if (!isLegal(before, r.best)) return Reply::failure("internal error: engine chose an illegal move");
  Bitboard isolated = s.game.play(r.best);
  s.redo.clear();
  std::string text = moveToString(before, r.best);
  if (isolated) {
    Position placed = before;
    placed.putMarble(r.best.from, r.best.color);
    text += isolationSuffix(placed, isolated);
  }
  return Reply::success(text);
});

RegisterProtocolCommand cmdAnalyze("analyze", "analyze [time <ms>] [depth <n>] [nodes <n>] [level <1..5>]: score, depth, nodes and principal variation", [](Session& s, const std::vector<std::string>& a) {
  SearchLimits limits;
  int level;
  if (std::string e = parseLimits(a, limits, level); !e.empty()) return Reply::failure(e);
  if (s.game.result().over()) return Reply::failure("the game is over (" + describeResult(s.game.result(), s.game.position()) + ")");
  SearchResult r = think(s.game, limits, level);
  return Reply::success("score " + scoreToString(r.score) + " depth " + std::to_string(r.depth) + " nodes " +
                        std::to_string(r.nodes) + " pv " + pvText(s.game.position(), r.pv));
});

}  // namespace
}  // namespace zertz::cli
