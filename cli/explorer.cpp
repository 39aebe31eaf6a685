// `zertz explorer PATH... --out DIR [--plies P] [--min-games G]`: the
// opening explorer's book (core/explorer/explorer.h, docs/explorer.md) from
// game records: every position of the first P plies (default 8), deeper
// ones while they have G games (default 5), up to 40 plies; written as
// DIR/explorer-00.json .. explorer-ff.json, one shard each.
// `zertz explorer-show DIR POSITION`: the book's moves from a position, one
// per line: move, then people's games, wins, losses, robots' games, wins,
// losses (wins and losses for the side to move).
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "command.h"
#include "core/explorer/explorer.h"
#include "core/notation.h"
#include "record_files.h"
#include "solve_command.h"

namespace zertz::cli {
namespace {

int buildBook(Args args) {
  const std::string out = takeOption(args, "--out"), plies = takeOption(args, "--plies", "8");
  const std::string minGames = takeOption(args, "--min-games", "5");
  ExplorerBook book;
  uint64_t v = 0;
  if (!parseCount(plies, 40, v)) return std::fprintf(stderr, "zertz explorer: --plies must be 1..40, got '%s'\n", plies.c_str()), 2;
  book.plies = int(v);
  if (!parseCount(minGames, 1000, v))
    return std::fprintf(stderr, "zertz explorer: --min-games must be 1..1000, got '%s'\n", minGames.c_str()), 2;
  book.minGames = int(v);
  if (out.empty()) return std::fprintf(stderr, "zertz explorer: give --out DIR\n"), 2;
  for (const std::string& a : args)
    if (!a.empty() && a[0] == '-') return std::fprintf(stderr, "zertz explorer: unknown option %s\n", a.c_str()), 2;
  if (args.empty()) return std::fprintf(stderr, "zertz explorer: give record files or directories\n"), 2;
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<LabelledRecord> games;
  std::string problems;
  for (const std::string& a : args) readRecordFiles(a, games, problems);
  int used = 0, damaged = 0;
  for (const LabelledRecord& g : games) {
    if (g.record.damaged) {
      ++damaged;
      continue;
    }
    const RecordOutcome o = recordOutcome(g.record);
    const int winner = o.result == "0" ? 0 : o.result == "1" ? 1
                                                             : -1;
    addExplorerGame(book, g.record.start, g.record.moves, winner, hasBotPlayer(g.record));
    ++used;
  }
  pruneExplorerBook(book);
  std::filesystem::create_directories(out);
  size_t bytes = 0;
  for (int shard = 0; shard < kExplorerShards; ++shard) {
    const std::string json = explorerShardJson(book, shard), path = out + "/" + explorerShardName(shard);
    std::ofstream file(path, std::ios::binary);
    if (!(file << json << "\n")) return std::fprintf(stderr, "zertz explorer: cannot write %s\n", path.c_str()), 1;
    bytes += json.size() + 1;
  }
  size_t positions = 0;
  for (const auto& [name, tree] : book.variants) positions += tree.positions.size();
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::fprintf(stderr, "explorer: %d games (%d damaged skipped), %zu variants, %zu positions, %d shards, %zu bytes, %.1f s\n", used, damaged,
               book.variants.size(), positions, kExplorerShards, bytes, s);
  return 0;
}

RegisterCommand explorerCommand(
    "explorer",
    "explorer PATH... --out DIR [--plies P] [--min-games G]: the opening explorer's book from game records "
    "(positions of the first P plies, default 8, deeper while G games reach them, default 5)",
    [](const Args& in) { return buildBook(in); });

RegisterCommand explorerShowCommand(
    "explorer-show", "explorer-show DIR POSITION: the book's moves from a position with their games and results",
    [](const Args& args) {
      if (args.size() != 2) return std::fprintf(stderr, "zertz explorer-show: give a book directory and a position string\n"), 2;
      ExplorerBook book;
      Position pos;
      std::string error;
      if (!parsePositionString(args[1], pos, error)) return std::fprintf(stderr, "zertz explorer-show: %s\n", error.c_str()), 2;
      const int shard = explorerShard(pos);
      const std::string path = args[0] + "/" + explorerShardName(shard);
      std::ifstream file(path, std::ios::binary);
      if (!file) return std::fprintf(stderr, "zertz explorer-show: cannot read %s\n", path.c_str()), 1;
      const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
      if (!parseExplorerShard(text, shard, book, error)) return std::fprintf(stderr, "%s: %s\n", path.c_str(), error.c_str()), 1;
      for (const ExplorerRow& r : explorerMoves(book, pos)) {
        const ExplorerCounts &h = r.counts.humans, &b = r.counts.robots;
        std::printf("%s\t%u\t%u\t%u\t%u\t%u\t%u\n", moveToString(pos, r.move).c_str(), h.games, h.moverWins, h.opponentWins,
                    b.games, b.moverWins, b.opponentWins);
      }
      return 0;
    });

}  // namespace
}  // namespace zertz::cli
