// Proof search from the protocol and the command line.
//   protocol: solve [time <ms>] [nodes <n>] [threads <k>]  ->  = win <plies> | = loss <plies> | = draw | = unknown
//   zertz solve [--position P | --marbles M --layout L] [--time MS] [--nodes N] [--threads K] [MOVE...]
// With k threads the root's moves are split into k parts proved at the same
// time (core's ProofLimits::parts, as the browser's hint workers do), each
// with its own proof memory; the node budget is per thread.
// The protocol answer is exactly the value; `solve_info` adds the details
// (exactness of the distance, best move, nodes, whether tables were used).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <mutex>
#include <string>
#include <thread>

#include "command.h"
#include "core/notation.h"
#include "core/proof/proof.h"
#include "core/records/record.h"
#include "protocol.h"
#include "table_sources.h"
#include "zip.h"

namespace zertz::cli {
namespace {

bool parseCount(const std::string& text, uint64_t max, uint64_t& out) {
  if (text.empty() || text.size() > 12) return false;
  uint64_t v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + uint64_t(c - '0');
  }
  if (v == 0 || v > max) return false;
  out = v;
  return true;
}

// Reads "time <ms>" / "nodes <n>" / "threads <k>" pairs (threads: the
// number of root parts, limits.parts); a clear message on anything else.
// A time without a node budget is the whole budget: the default node cap
// (ProofLimits::maxNodes) must not end a 60 s solve after 40 s unasked.
bool parseLimits(const std::vector<std::string>& a, ProofLimits& limits, std::string& error) {
  bool time = false, nodes = false;
  for (size_t i = 0; i < a.size(); i += 2) {
    if (i + 1 >= a.size()) return error = "'" + a[i] + "' needs a value", false;
    uint64_t v;
    if (a[i] == "time") {
      if (!parseCount(a[i + 1], 3'600'000, v)) return error = "time: expected milliseconds 1..3600000, got '" + a[i + 1] + "'", false;
      limits.maxSeconds = double(v) / 1000.0;
      time = true;
    } else if (a[i] == "nodes") {
      if (!parseCount(a[i + 1], uint64_t(1) << 40, v)) return error = "nodes: expected a positive count, got '" + a[i + 1] + "'", false;
      limits.maxNodes = v;
      nodes = true;
    } else if (a[i] == "threads") {
      if (!parseCount(a[i + 1], 256, v)) return error = "threads: expected 1..256, got '" + a[i + 1] + "'", false;
      limits.parts = int(v);
    } else {
      return error = "unknown option '" + a[i] + "' (expected time <ms>, nodes <n> or threads <k>)", false;
    }
  }
  if (time && !nodes) limits.maxNodes = 0;
  return true;
}

std::string valueText(const ProofResult& r) {
  std::string s = outcomeName(r.value);
  if (r.value == Outcome::Win || r.value == Outcome::Loss) s += " " + std::to_string(r.plies);
  return s;
}

std::string infoText(const Position& pos, const ProofResult& r) {
  std::string s = valueText(r);
  if (r.value == Outcome::Win || r.value == Outcome::Loss)
    s += r.pliesExact ? " exact" : " bound";
  if (r.hasBest) s += " best " + moveToString(pos, r.best);
  s += " nodes " + std::to_string(r.nodes) + " tables " + (r.usedTables ? "yes" : "no");
  if (!r.why.empty()) s += " (" + r.why + ")";
  return s;
}

using ProofMemories = std::vector<std::unique_ptr<ProofMemory>>;

// prove() with the root's moves split over limits.parts threads, joined by
// combineRootParts. memories: one per thread, kept by the caller (grown as
// needed), or null for fresh searches. Table probes are serialized: the
// table reader is not thread-safe.
ProofResult proveInThreads(const Game& game, const ProofLimits& limits, ProofMemories* memories) {
  const int threads = std::max(1, limits.parts);
  if (memories)
    while (memories->size() < size_t(threads)) memories->push_back(std::make_unique<ProofMemory>(limits.ttLog2));
  auto memoryOf = [&](int i) { return memories ? (*memories)[size_t(i)].get() : nullptr; };
  if (threads == 1) return prove(game, limits, memoryOf(0));
  ProofLimits shared = limits;
  if (limits.probe) {
    auto lock = std::make_shared<std::mutex>();
    shared.probe = [lock, inner = limits.probe](const Position& p, GameValue& out) {
      std::lock_guard<std::mutex> hold(*lock);
      return inner(p, out);
    };
  }
  std::vector<ProofResult> parts(static_cast<size_t>(threads));
  std::vector<std::thread> pool;
  for (int i = 0; i < threads; ++i)
    pool.emplace_back([&, i] {
      ProofLimits own = shared;
      own.part = i;
      parts[size_t(i)] = prove(game, own, memoryOf(i));
    });
  for (std::thread& t : pool) t.join();
  return combineRootParts(parts);
}

// Tables, when a --tables option installed a probe for proof search.
ProofLimits sessionLimits(const Session& s) {
  ProofLimits limits;
  if (s.tables) limits.probe = tablesProofProbe(s.tables);
  return limits;
}

RegisterProtocolCommand cmdSolve("solve", "solve [time <ms>] [nodes <n>] [threads <k>]: exact value by proof search (win/loss <plies>, draw, unknown)", [](Session& s, const std::vector<std::string>& a) {
  ProofLimits limits = sessionLimits(s);
  std::string error;
  if (!parseLimits(a, limits, error)) return Reply::failure(error);
  // The session keeps proof memories (core/proof.h), one per thread:
  // solving again a ply later starts from what the last solve learned.
  ProofResult r = proveInThreads(s.game, limits, &s.proofMemories);
  s.lastSolve = infoText(s.game.position(), r);
  return Reply::success(valueText(r));
});

RegisterProtocolCommand cmdSolveInfo("solve_info", "solve_info: details of the last solve (exact/bound, best move, nodes)", [](Session& s, const std::vector<std::string>&) {
  if (s.lastSolve.empty()) return Reply::failure("no solve yet");
  return Reply::success(s.lastSolve);
});

RegisterCommand solveCommand("solve", "solve [--position P | --marbles M --layout L] [--time MS] [--nodes N] [--threads K] [MOVE...]: proof search", [](const Args& in) {
  Args args = in;
  Position pos;
  std::string error;
  std::string text = takeOption(args, "--position");
  bool ok = !text.empty() ? parsePositionString(text, pos, error)
                          : startPosition(takeOption(args, "--marbles", "standard"), takeOption(args, "--layout", "37"), pos, error);
  if (!ok) return std::fprintf(stderr, "zertz solve: %s\n", error.c_str()), 2;
  std::vector<std::string> opts;
  for (const char* name : {"--time", "--nodes", "--threads"}) {
    std::string v = takeOption(args, name);
    if (!v.empty()) opts.insert(opts.end(), {std::string(name + 2), v});
  }
  ProofLimits limits;
  if (!parseLimits(opts, limits, error)) return std::fprintf(stderr, "zertz solve: %s\n", error.c_str()), 2;
  Game game(pos);
  for (size_t i = 0; i < args.size(); ++i) {
    Move m;
    if (!parseLegalMove(game.position(), args[i], m, error))
      return std::fprintf(stderr, "zertz solve: move %zu '%s': %s\n", i + 1, args[i].c_str(), error.c_str()), 2;
    game.play(m);
  }
  ProofResult r = proveInThreads(game, limits, nullptr);
  std::printf("%s  %.3f s\n", infoText(game.position(), r).c_str(), r.seconds);
  return 0;
});

// ---- benchmark over real games (bench/hints.sh) ----
//   zertz solve-records [--time MS] [--nodes N] [--threads K] [--games N] [--tables DIR] [--verbose] [--list] [--carry] FILE|DIR...
// For the human-vs-human games (players whose name contains "bot" are
// skipped), proves every position among the last 20 plies of each game and
// reports, for the last 6 / 12 / 20 plies, the share proven exact, split by
// whether the proof used a table leaf, for all games and for the games that
// end by the rules (not by resignation or time).

struct Tally {
  int positions = 0, exact = 0, withTables = 0, wins = 0, losses = 0, draws = 0;
  double seconds = 0;
};

void readRecordsFrom(const std::string& path, std::vector<Record>& out, std::string& problems) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    std::vector<std::string> files;
    for (auto it = fs::recursive_directory_iterator(path, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec))
      if (it->is_regular_file(ec)) files.push_back(it->path().string());
    std::sort(files.begin(), files.end());
    for (const std::string& f : files)
      if (f.size() > 4 && (f.ends_with(".zip") || f.ends_with(".sgf"))) readRecordsFrom(f, out, problems);
    return;
  }
  std::string error;
  auto addText = [&](const std::string& text, const std::string& label) {
    std::string e;
    for (Record& r : importSgfCollection(text, e))
      if (!r.damaged) out.push_back(std::move(r));
    if (!e.empty()) problems += label + ": " + e + "\n";
  };
  if (path.ends_with(".zip")) {
    ZipArchive zip;
    if (!zip.open(path, error)) return void(problems += error + "\n");
    for (const ZipEntry& e : zip.entries()) {
      std::string text;
      if (e.isDirectory() || !e.name.ends_with(".sgf")) continue;
      if (!zip.read(e, text, error)) { problems += error + "\n"; continue; }
      addText(text, path + "/" + e.name);
    }
  } else {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    addText(ss.str(), path);
  }
}

bool isBot(const Record& r) {
  for (const char* tag : {"Player0", "Player1"}) {
    auto it = r.tags.find(tag);
    if (it == r.tags.end()) continue;
    std::string name = it->second;
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    if (name.find("bot") != std::string::npos) return true;
  }
  return false;
}

RegisterCommand solveRecordsCommand("solve-records", "solve-records [--time MS] [--nodes N] [--threads K] [--games N] [--tables DIR] [--verbose] [--list] [--carry] FILE|DIR...: share of the last 6/12/20 plies of real games proven exact (--list: print the positions instead; --carry: in game order, keeping the proof memory as the browser does)", [](const Args& in) {
  Args args = in;
  ProofLimits limits;
  std::string error;
  std::vector<std::string> opts;
  opts = {"time", takeOption(args, "--time", "1000")};
  // --nodes N: a node budget as well, e.g. with a long --time for figures
  // that do not depend on the machine's load.
  if (std::string nodes = takeOption(args, "--nodes"); !nodes.empty()) opts.insert(opts.end(), {"nodes", nodes});
  if (std::string threads = takeOption(args, "--threads"); !threads.empty()) opts.insert(opts.end(), {"threads", threads});
  if (!parseLimits(opts, limits, error)) return std::fprintf(stderr, "zertz solve-records: %s\n", error.c_str()), 2;
  uint64_t maxGames = 0;
  std::string gamesText = takeOption(args, "--games", "1000000");
  if (!parseCount(gamesText, 1'000'000'000, maxGames))
    return std::fprintf(stderr, "zertz solve-records: --games: expected a positive count, got '%s'\n", gamesText.c_str()), 2;
  std::string tablesSpec = takeOption(args, "--tables");
  bool verbose = takeFlag(args, "--verbose");
  // --list: print the sampled positions instead of proving them, one per
  // line: plies before the end, 1 if the game ends by the rules, the start
  // position and the moves up to it, tab-separated (bench/hints_wasm.js
  // proves the same positions in wasm).
  bool list = takeFlag(args, "--list");
  // --carry: as the browser does during a game, prove each game's positions
  // in the order they were played (20 plies before the end first), keeping
  // the proof memory (ProofMemory) from one to the next.
  bool carry = takeFlag(args, "--carry");
  for (const std::string& a : args)
    if (a.starts_with("--")) return std::fprintf(stderr, "zertz solve-records: unknown option '%s'\n", a.c_str()), 2;
  if (args.empty()) return std::fprintf(stderr, "zertz solve-records: give record files or directories\n"), 2;
  if (!tablesSpec.empty()) {
    std::shared_ptr<tb::TableReader> tables = openTableReader(tablesSpec, error);
    if (!tables) return std::fprintf(stderr, "zertz solve-records: %s\n", error.c_str()), 2;
    limits.probe = tablesProofProbe(tables);
  }
  std::vector<Record> records;
  std::string problems;
  for (const std::string& a : args) {
    std::error_code ec;
    if (!std::filesystem::exists(a, ec))
      return std::fprintf(stderr, "zertz solve-records: %s: no such file or directory\n", a.c_str()), 2;
    readRecordsFrom(a, records, problems);
  }
  // Deterministic sample spread over the whole collection.
  std::vector<const Record*> games;
  for (const Record& r : records)
    if (!isBot(r) && r.moves.size() >= 2) games.push_back(&r);
  size_t total = games.size();
  if (games.empty()) {
    std::fprintf(stderr, "%szertz solve-records: no human-vs-human game in %zu records\n", problems.c_str(), records.size());
    return 2;
  }
  if (games.size() > maxGames) {
    std::vector<const Record*> sample;
    for (uint64_t i = 0; i < maxGames; ++i) sample.push_back(games[i * games.size() / maxGames]);
    games = sample;
  }
  const int windows[3] = {6, 12, 20};
  ProofMemories memories;  // --carry: one per thread, cleared for each game
  Tally all[3], byRules[3];
  int gamesByRules = 0;
  for (const Record* rec : games) {
    Game full = rec->game();
    bool rulesEnd = full.result().over();
    gamesByRules += rulesEnd;
    const int n = int(rec->moves.size());
    for (auto& m : memories) m->clear();
    for (int step = 1; step <= 20 && step <= n; ++step) {
      const int back = carry ? std::min(20, n) + 1 - step : step;
      Game g(rec->start);
      std::string moveText;
      for (int i = 0; i < n - back; ++i) {
        if (list) moveText += (i ? " " : "") + moveToString(g.position(), rec->moves[size_t(i)]);
        g.play(rec->moves[size_t(i)]);
      }
      if (list) {
        std::printf("%d\t%d\t%s\t%s\n", back, int(rulesEnd), toPositionString(rec->start).c_str(), moveText.c_str());
        continue;
      }
      ProofResult r = proveInThreads(g, limits, carry ? &memories : nullptr);
      bool exact = r.value != Outcome::Unknown;
      if (verbose)
        std::printf("%s back %d: %s\n", toPositionString(g.position()).c_str(), back, infoText(g.position(), r).c_str());
      for (int w = 0; w < 3; ++w) {
        if (back > windows[w]) continue;
        for (Tally* t : {&all[w], rulesEnd ? &byRules[w] : nullptr}) {
          if (!t) continue;
          ++t->positions;
          t->seconds += r.seconds;
          if (!exact) continue;
          ++t->exact;
          t->withTables += r.usedTables;
          t->wins += r.value == Outcome::Win;
          t->losses += r.value == Outcome::Loss;
          t->draws += r.value == Outcome::Draw;
        }
      }
    }
  }
  if (list) return 0;
  std::printf("solve-records: %zu games (%zu human-vs-human, %zu sampled, %d end by the rules), budget %s ms%s%s, tables %s\n",
              records.size(), total, games.size(), gamesByRules, opts[1].c_str(),
              limits.maxNodes == 0 ? "" : (" and " + std::to_string(limits.maxNodes) + " nodes").c_str(),
              limits.parts > 1 ? (", " + std::to_string(limits.parts) + " threads").c_str() : "", tablesSpec.empty() ? "none" : tablesSpec.c_str());
  for (int scope = 0; scope < 2; ++scope) {
    std::printf("%s\n", scope == 0 ? "all sampled games:" : "games that end by the rules:");
    for (int w = 0; w < 3; ++w) {
      const Tally& t = scope == 0 ? all[w] : byRules[w];
      double pct = t.positions ? 100.0 * t.exact / t.positions : 0;
      std::printf("  last %2d plies: %4d positions, %5.1f%% exact (%d with tables, %d without; %d win %d loss %d draw), mean %.3f s\n",
                  windows[w], t.positions, pct, t.withTables, t.exact - t.withTables, t.wins, t.losses, t.draws,
                  t.positions ? t.seconds / t.positions : 0.0);
    }
  }
  if (!problems.empty()) std::fprintf(stderr, "%s", problems.c_str());
  return 0;
});

}  // namespace
}  // namespace zertz::cli
