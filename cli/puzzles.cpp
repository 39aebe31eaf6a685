// `zertz puzzles PATH... --out FILE`: mines puzzles with proven solutions
// (core/puzzles/puzzle.h) from game records, one JSON object per line:
//   {"id","position","solutions":[...],"line":[...],"plies","themes":[...],
//    "rating","legalMoves","engines",
//    "source":{"file","players":[p0,p1],"date","ply","found","robots"}}
// ply: the moves played before the position in its game; found: the game's
// player played a solution; robots: a player of the game is a robot.
//
// Which positions: of every undamaged game, those of its last --window
// plies (default 24) where the side to move forces a win within
// --max-turns of its turns: the first of each such stretch, and the next
// ones of the same player's winning run while none is a puzzle (--looks,
// default 4). A position found before (under the board's symmetries) is
// not repeated.
//
// Threads: games are shared among --threads workers; the output keeps the
// games' order, so a run is reproducible (node budgets, no clock).
// Resumable: FILE.done lists the games finished, in order; a run given the
// same FILE skips them and appends.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "command.h"
#include "core/notation.h"
#include "core/proof/proof.h"
#include "core/puzzles/puzzle.h"
#include "core/puzzles/puzzle_file.h"
#include "core/symmetry.h"
#include "record_files.h"
#include "solve_command.h"
#include "thread_pool.h"

namespace zertz::cli {
namespace {

struct MineOptions {
  PuzzleLimits limits;
  int window = 24, threads = 1;
  int looks = 4;  // positions of one winning stretch examined at most, until one is a puzzle
  std::string out;
  std::vector<std::string> paths;
};

struct GameMined {
  std::vector<std::string> lines;  // its puzzles' JSON lines
  std::vector<uint64_t> keys;      // their canonical keys, for the duplicates check
  int screened = 0;
  int verdicts[8] = {};
  bool done = false;
};

PuzzleSource sourceOf(const LabelledRecord& g, size_t ply, bool found) {
  PuzzleSource s;
  auto tag = [&](const char* name) {
    auto it = g.record.tags.find(name);
    return it == g.record.tags.end() ? std::string() : it->second;
  };
  s.file = g.label, s.players[0] = tag("Player0"), s.players[1] = tag("Player1"), s.date = tag("Date");
  s.ply = ply, s.found = found, s.robots = hasBotPlayer(g.record);
  return s;
}

// One game's puzzles: its last plies screened from the last to the first
// (the proof memory carries the endgame's proofs back), then each winning
// stretch of a player examined from its first position until one is a
// puzzle (at most o.looks positions a stretch: one puzzle per winning run).
void mineGame(const LabelledRecord& g, const MineOptions& o, GameMined& out) {
  const Record& r = g.record;
  Game game(r.start);
  for (const Move& m : r.moves) game.play(m);
  const std::vector<Position>& positions = game.positions();
  const size_t first = positions.size() > size_t(o.window) ? positions.size() - size_t(o.window) : 0;
  const int maxPlies = 2 * o.limits.maxWinnerTurns - 1;
  std::vector<bool> winning(positions.size(), false);
  ProofMemory memory(16);
  for (size_t i = positions.size() - 1; i-- > first;) {
    ++out.screened;
    GameValue v = screenPosition(positions[i], o.limits, &memory);
    winning[i] = v.outcome == Outcome::Win && v.plies <= maxPlies;
  }
  std::vector<bool> solved(positions.size(), false);  // a puzzle came from this stretch's first position
  for (size_t i = first; i + 1 < positions.size(); ++i) {
    if (!winning[i]) continue;
    int place = 0;  // the position's place in its stretch: 0 first, 1 second, ...
    bool solvedBefore = false;
    for (size_t j = i; j >= first + 2 && winning[j - 2] && place < o.looks; j -= 2)
      ++place, solvedBefore = solvedBefore || solved[j - 2];
    if (place >= o.looks || solvedBefore) continue;
    Puzzle p;
    PuzzleVerdict verdict = findPuzzle(positions[i], o.limits, p);
    ++out.verdicts[int(verdict)];
    if (verdict != PuzzleVerdict::Puzzle) continue;
    solved[i] = true;
    const bool found = std::find(p.solutions.begin(), p.solutions.end(), r.moves[i]) != p.solutions.end();
    out.lines.push_back(puzzleJson(p, sourceOf(g, i, found)));
    out.keys.push_back(canonicalKey(p.position, layoutSymmetries(*p.position.geo)));
  }
}

std::string parseMineOptions(Args args, MineOptions& o) {
  o.out = takeOption(args, "--out");
  const std::string threads = takeOption(args, "--threads", "1"), window = takeOption(args, "--window", "24");
  const std::string turns = takeOption(args, "--max-turns", "4"), nodes = takeOption(args, "--nodes", "60000");
  const std::string ideas = takeOption(args, "--max-ideas", "3"), looks = takeOption(args, "--looks", "4");
  const std::string screen = takeOption(args, "--screen-nodes", "300");
  uint64_t v = 0;
  if (!parseCount(threads, 256, v)) return "--threads must be 1..256, got '" + threads + "'";
  o.threads = int(v);
  if (!parseCount(window, 10000, v)) return "--window must be 1..10000 plies, got '" + window + "'";
  o.window = int(v);
  if (!parseCount(turns, 10, v)) return "--max-turns must be 1..10, got '" + turns + "'";
  o.limits.maxWinnerTurns = int(v);
  if (!parseCount(nodes, uint64_t(1) << 32, v) || v < 100) return "--nodes must be 100..2^32, got '" + nodes + "'";
  o.limits.solveNodes = v;
  if (!parseCount(ideas, 100, v)) return "--max-ideas must be 1..100, got '" + ideas + "'";
  o.limits.maxIdeas = int(v);
  if (!parseCount(looks, 100, v)) return "--looks must be 1..100 positions a stretch, got '" + looks + "'";
  o.looks = int(v);
  if (!parseCount(screen, uint64_t(1) << 32, v) || v < 10) return "--screen-nodes must be 10..2^32, got '" + screen + "'";
  o.limits.screenNodes = v;
  if (o.out.empty()) return "give --out FILE";
  for (const std::string& a : args)
    if (!a.empty() && a[0] == '-') return "unknown option " + a;
  if (args.empty()) return "give record files or directories";
  o.paths = args;
  return "";
}

// The games already mined into o.out (FILE.done) and the keys of its puzzles.
bool readProgress(const MineOptions& o, std::set<std::string>& done, std::set<uint64_t>& keys, std::string& error) {
  std::ifstream progress(o.out + ".done");
  for (std::string line; std::getline(progress, line);) done.insert(line);
  std::vector<PuzzleRecord> existing;
  std::ifstream file(o.out, std::ios::binary);  // none yet: a first run
  const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  if (!parsePuzzleFile(text, existing, error)) return error = o.out + ", " + error, false;
  for (const PuzzleRecord& p : existing) keys.insert(canonicalKey(p.position, layoutSymmetries(*p.position.geo)));
  return true;
}

int mine(const MineOptions& o) {
  std::set<std::string> done;
  std::set<uint64_t> keys;
  std::string error;
  if (!readProgress(o, done, keys, error)) return std::fprintf(stderr, "zertz puzzles: %s\n", error.c_str()), 1;
  std::vector<LabelledRecord> all, games;
  std::string problems;
  for (const std::string& p : o.paths) readRecordFiles(p, all, problems);
  size_t damaged = 0;
  for (LabelledRecord& g : all) {
    if (g.record.damaged) ++damaged;
    else if (!done.count(g.label)) games.push_back(std::move(g));
  }
  std::FILE* out = std::fopen(o.out.c_str(), "a");
  std::FILE* progress = std::fopen((o.out + ".done").c_str(), "a");
  if (!out || !progress) return std::fprintf(stderr, "zertz puzzles: cannot write %s\n", o.out.c_str()), 1;

  std::vector<GameMined> mined(games.size());
  std::atomic<size_t> next{0};
  std::mutex writing;
  size_t written = 0, reported = 0;
  int puzzles = 0, screened = 0, verdicts[8] = {};
  const auto t0 = std::chrono::steady_clock::now();
  runOnThreads(o.threads, [&](int) {
    for (size_t i; (i = next++) < games.size();) {
      mineGame(games[i], o, mined[i]);
      std::lock_guard<std::mutex> lock(writing);
      mined[i].done = true;
      for (; written < games.size() && mined[written].done; ++written) {  // in the games' order
        GameMined& m = mined[written];
        for (size_t k = 0; k < m.lines.size(); ++k)
          if (keys.insert(m.keys[k]).second) std::fprintf(out, "%s\n", m.lines[k].c_str()), ++puzzles;
        for (int v = 0; v < 8; ++v) verdicts[v] += m.verdicts[v];
        screened += m.screened;
        std::fflush(out);
        std::fprintf(progress, "%s\n", games[written].label.c_str());
        std::fflush(progress);
        m.lines = {}, m.keys = {};
        if (++reported % 500 == 0) std::fprintf(stderr, "puzzles: %zu of %zu games, %d puzzles\n", written + 1, games.size(), puzzles);
      }
    }
  });
  std::fclose(out), std::fclose(progress);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::fprintf(stderr, "puzzles: %zu games (%zu done before, %zu damaged skipped), %d positions screened, %d puzzles",
               games.size(), done.size(), damaged, screened, puzzles);
  for (int v = 1; v < 8; ++v)
    if (verdicts[v]) std::fprintf(stderr, ", %d %s", verdicts[v], verdictName(PuzzleVerdict(v)));
  std::fprintf(stderr, "; %.1f s, %.2f games/s, %.1f positions/s, %d threads\n", s, games.size() / std::max(s, 1e-9),
               screened / std::max(s, 1e-9), o.threads);
  return 0;
}

RegisterCommand puzzlesCommand(
    "puzzles",
    "puzzles PATH... --out FILE [--threads K] [--window P] [--max-turns T] [--nodes N] [--screen-nodes S] [--max-ideas I] [--looks L]: puzzles with proven "
    "solutions from the games' last P plies (default 24): wins within T turns of the winner (default 4), every "
    "winning first move proven (N proof nodes, default 60000); JSON lines, resumable (FILE.done)",
    [](const Args& in) {
      MineOptions o;
      std::string error = parseMineOptions(in, o);
      if (!error.empty()) return std::fprintf(stderr, "zertz puzzles: %s\n", error.c_str()), 2;
      return mine(o);
    });

// `zertz puzzles-verify FILE [--nodes N] [--out FILE2]`: every puzzle
// proved again independently (verifyPuzzle); the confirmed ones, as they
// were, to FILE2. Exit 0 all confirmed, 1 a damaged file or a puzzle refused.
RegisterCommand puzzlesVerifyCommand(
    "puzzles-verify",
    "puzzles-verify FILE [--nodes N] [--out FILE2]: prove every puzzle of FILE again, independently (N nodes a "
    "first move, default 200000); the confirmed ones to FILE2",
    [](const Args& in) {
      Args args = in;
      const std::string nodesText = takeOption(args, "--nodes", "200000"), outPath = takeOption(args, "--out");
      uint64_t nodes = 0;
      if (!parseCount(nodesText, uint64_t(1) << 32, nodes))
        return std::fprintf(stderr, "zertz puzzles-verify: --nodes must be a positive count, got '%s'\n", nodesText.c_str()), 2;
      if (args.size() != 1 || args[0].empty() || args[0][0] == '-')
        return std::fprintf(stderr, "zertz puzzles-verify: give one puzzle file\n"), 2;
      std::ifstream file(args[0], std::ios::binary);
      if (!file) return std::fprintf(stderr, "zertz puzzles-verify: cannot read %s\n", args[0].c_str()), 1;
      const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
      std::vector<PuzzleRecord> puzzles;
      std::string error;
      if (!parsePuzzleFile(text, puzzles, error)) return std::fprintf(stderr, "%s: %s\n", args[0].c_str(), error.c_str()), 1;
      std::FILE* out = outPath.empty() ? nullptr : std::fopen(outPath.c_str(), "w");
      if (!outPath.empty() && !out) return std::fprintf(stderr, "zertz puzzles-verify: cannot write %s\n", outPath.c_str()), 1;
      std::vector<std::string> lines;  // the file's non-empty lines: one a puzzle, as parsePuzzleFile reads them
      std::istringstream stream(text);
      for (std::string line; std::getline(stream, line);)
        if (!line.empty()) lines.push_back(line);
      size_t confirmed = 0;
      for (size_t k = 0; k < puzzles.size(); ++k) {
        std::string why;
        if (verifyPuzzle(puzzles[k].position, puzzles[k].solutions, puzzles[k].line, nodes, why)) {
          ++confirmed;
          if (out) std::fprintf(out, "%s\n", lines[k].c_str());
        } else {
          std::fprintf(stderr, "%s: puzzle %s: %s\n", args[0].c_str(), puzzles[k].id.c_str(), why.c_str());
        }
      }
      if (out) std::fclose(out);
      std::fprintf(stderr, "puzzles-verify: %zu of %zu confirmed at %llu nodes a first move\n", confirmed, puzzles.size(),
                   static_cast<unsigned long long>(nodes));
      return confirmed == puzzles.size() ? 0 : 1;
    });

}  // namespace
}  // namespace zertz::cli
