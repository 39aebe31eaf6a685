// The proof-search benchmark over real games (bench/hints.sh):
//   zertz solve-records [--time MS] [--nodes N] [--threads K] [--games N] [--tables DIR] [--verbose] [--list] [--carry] FILE|DIR...
// For the human-vs-human games (players whose name contains "bot" are
// skipped), proves every position among the last 20 plies of each game and
// reports, for the last 6 / 12 / 20 plies, the share proven exact, split by
// whether the proof used a table leaf, for all games and for the games that
// end by the rules (not by resignation or time).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "command.h"
#include "core/notation.h"
#include "record_files.h"
#include "solve_command.h"
#include "table_sources.h"

namespace zertz::cli {
namespace {

constexpr int kWindows[3] = {6, 12, 20};  // plies before the end

struct Options {
  ProofLimits limits;
  std::string budgetMs;  // as given, for the report
  uint64_t maxGames = 0;
  std::string tables;  // --tables, "" for none
  bool verbose = false;
  // --list: print the sampled positions instead of proving them, one per
  // line: plies before the end, 1 if the game ends by the rules, the start
  // position and the moves up to it, tab-separated (bench/hints_wasm.js
  // proves the same positions in wasm).
  bool list = false;
  // --carry: as the browser does during a game, prove each game's positions
  // in the order they were played (20 plies before the end first), keeping
  // the proof memory (ProofMemory) from one to the next.
  bool carry = false;
  std::vector<std::string> paths;
};

struct Tally {
  int positions = 0, exact = 0, withTables = 0, wins = 0, losses = 0, draws = 0;
  double seconds = 0;
};

struct Tallies {
  Tally all[3], byRules[3];  // per window: every sampled game, the games that end by the rules
  int gamesByRules = 0;
};

// Options from the command line; "" or what is wrong.
std::string parseOptions(Args args, Options& o) {
  std::string error;
  o.budgetMs = takeOption(args, "--time", "1000");
  std::vector<std::string> opts = {"time", o.budgetMs};
  // --nodes N: a node budget as well, e.g. with a long --time for figures
  // that do not depend on the machine's load.
  if (std::string nodes = takeOption(args, "--nodes"); !nodes.empty()) opts.insert(opts.end(), {"nodes", nodes});
  if (std::string threads = takeOption(args, "--threads"); !threads.empty()) opts.insert(opts.end(), {"threads", threads});
  if (!parseProofLimits(opts, o.limits, error)) return error;
  const std::string games = takeOption(args, "--games", "1000000");
  if (!parseCount(games, 1'000'000'000, o.maxGames)) return "--games: expected a positive count, got '" + games + "'";
  o.tables = takeOption(args, "--tables");
  o.verbose = takeFlag(args, "--verbose");
  o.list = takeFlag(args, "--list");
  o.carry = takeFlag(args, "--carry");
  for (const std::string& a : args)
    if (a.starts_with("--")) return "unknown option '" + a + "'";
  if (args.empty()) return "give record files or directories";
  for (const std::string& a : args) {
    std::error_code ec;
    if (!std::filesystem::exists(a, ec)) return a + ": no such file or directory";
  }
  o.paths = args;
  return "";
}

// A deterministic sample of at most maxGames human-vs-human games, spread
// over the whole collection.
std::vector<const Record*> sampleGames(const std::vector<LabelledRecord>& records, uint64_t maxGames, size_t& total) {
  std::vector<const Record*> games;
  for (const LabelledRecord& r : records)
    if (!r.record.damaged && !hasPlayerNamed(r.record, {"bot"}) && r.record.moves.size() >= 2)
      games.push_back(&r.record);
  total = games.size();
  if (games.size() <= maxGames) return games;
  std::vector<const Record*> sample;
  for (uint64_t i = 0; i < maxGames; ++i) sample.push_back(games[i * games.size() / maxGames]);
  return sample;
}

void count(Tally& t, const ProofResult& r) {
  ++t.positions;
  t.seconds += r.seconds;
  if (r.value == Outcome::Unknown) return;
  ++t.exact;
  t.withTables += r.usedTables;
  t.wins += r.value == Outcome::Win;
  t.losses += r.value == Outcome::Loss;
  t.draws += r.value == Outcome::Draw;
}

// Proves (or, with --list, prints) the last 20 plies' positions of one game.
void runGame(const Record& rec, const Options& o, ProofMemories& memories, Tallies& tallies) {
  const bool rulesEnd = rec.game().result().over();
  tallies.gamesByRules += rulesEnd;
  const int n = int(rec.moves.size());
  for (auto& m : memories) m->clear();
  for (int step = 1; step <= 20 && step <= n; ++step) {
    const int back = o.carry ? std::min(20, n) + 1 - step : step;
    Game g(rec.start);
    std::string moveText;
    for (int i = 0; i < n - back; ++i) {
      if (o.list) moveText += (i ? " " : "") + moveToString(g.position(), rec.moves[size_t(i)]);
      g.play(rec.moves[size_t(i)]);
    }
    if (o.list) {
      std::printf("%d\t%d\t%s\t%s\n", back, int(rulesEnd), toPositionString(rec.start).c_str(), moveText.c_str());
      continue;
    }
    const ProofResult r = proveInThreads(g, o.limits, o.carry ? &memories : nullptr);
    if (o.verbose)
      std::printf("%s back %d: %s\n", toPositionString(g.position()).c_str(), back, proofInfoText(g.position(), r).c_str());
    for (int w = 0; w < 3; ++w) {
      if (back > kWindows[w]) continue;
      count(tallies.all[w], r);
      if (rulesEnd) count(tallies.byRules[w], r);
    }
  }
}

void printReport(const Options& o, size_t records, size_t total, size_t sampled, const Tallies& t) {
  const ProofLimits& limits = o.limits;
  std::printf("solve-records: %zu games (%zu human-vs-human, %zu sampled, %d end by the rules), budget %s ms%s%s, tables %s\n",
              records, total, sampled, t.gamesByRules, o.budgetMs.c_str(),
              limits.maxNodes == 0 ? "" : (" and " + std::to_string(limits.maxNodes) + " nodes").c_str(),
              limits.parts > 1 ? (", " + std::to_string(limits.parts) + " threads").c_str() : "",
              o.tables.empty() ? "none" : o.tables.c_str());
  for (int scope = 0; scope < 2; ++scope) {
    std::printf("%s\n", scope == 0 ? "all sampled games:" : "games that end by the rules:");
    for (int w = 0; w < 3; ++w) {
      const Tally& s = scope == 0 ? t.all[w] : t.byRules[w];
      const double pct = s.positions ? 100.0 * s.exact / s.positions : 0;
      std::printf("  last %2d plies: %4d positions, %5.1f%% exact (%d with tables, %d without; %d win %d loss %d draw), mean %.3f s\n",
                  kWindows[w], s.positions, pct, s.withTables, s.exact - s.withTables, s.wins, s.losses, s.draws,
                  s.positions ? s.seconds / s.positions : 0.0);
    }
  }
}

int solveRecords(const Args& args) {
  Options o;
  if (std::string e = parseOptions(args, o); !e.empty()) return std::fprintf(stderr, "zertz solve-records: %s\n", e.c_str()), 2;
  if (!o.tables.empty()) {
    std::string error;
    std::shared_ptr<tb::TableReader> tables = openTableReader(o.tables, error);
    if (!tables) return std::fprintf(stderr, "zertz solve-records: %s\n", error.c_str()), 2;
    o.limits.probe = tablesProofProbe(tables);
  }
  std::vector<LabelledRecord> records;
  std::string problems;
  for (const std::string& a : o.paths) readRecordFiles(a, records, problems);
  // Damaged records (an illegal turn) are not games to prove.
  const size_t readable = size_t(std::count_if(records.begin(), records.end(),
                                               [](const LabelledRecord& r) { return !r.record.damaged; }));
  size_t total = 0;
  const std::vector<const Record*> games = sampleGames(records, o.maxGames, total);
  if (games.empty()) {
    std::fprintf(stderr, "%szertz solve-records: no human-vs-human game in %zu records\n", problems.c_str(), readable);
    return 2;
  }
  ProofMemories memories;  // --carry: one per thread, cleared for each game
  Tallies tallies;
  for (const Record* rec : games) runGame(*rec, o, memories, tallies);
  if (o.list) return 0;
  printReport(o, readable, total, games.size(), tallies);
  if (!problems.empty()) std::fprintf(stderr, "%s", problems.c_str());
  return 0;
}

RegisterCommand solveRecordsCommand("solve-records", "solve-records [--time MS] [--nodes N] [--threads K] [--games N] [--tables DIR] [--verbose] [--list] [--carry] FILE|DIR...: share of the last 6/12/20 plies of real games proven exact (--list: print the positions instead; --carry: in game order, keeping the proof memory as the browser does)", solveRecords);

}  // namespace
}  // namespace zertz::cli
