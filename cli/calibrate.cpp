// `zertz calibrate PATH...`: the data the win-probability fit needs
// (bench/winprob_fit.py): for every position of the human-vs-human games in
// the records, the engine's score at a fixed node budget and the game's
// final result for the side to move, and how the game ended (set, emptied,
// passes, repetition, resign, time, unknown). One tab-separated line per
// position.
//
// Which games: readable, not damaged, with a result (by the rules, a
// resignation, a win on time, or a winner RE[] names), and no robot or
// tutorial player (hasBotPlayer: a name containing "bot" or "tutorial").
// The node budget makes the dump deterministic: the same scores on every
// run and build (the search has no clock at timeMs == 0).
#include <cstdio>

#include "command.h"
#include "core/engine/features.h"
#include "core/engine/search.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "record_files.h"

namespace zertz::cli {
namespace {

// The learned features of pos (features.h) after a quiet flag; a position
// with a capture pending is not quiet, and its features describe the board
// as it stands.
void printFeatures(const Position& pos) {
  Features f{};
  extractFeatures(pos, f);
  std::printf("\t%d", hasCapture(pos) ? 0 : 1);
  for (int v : f.v) std::printf("\t%d", v);
}

RegisterCommand calibrateCommand(
    "calibrate",
    "calibrate [--nodes N] [--features] PATH...: engine score (N nodes, default 20000) and final result for the side to move "
    "of every position of the human-vs-human games in PATH (TSV; --features adds the learned features, for bench/winprob_fit.py)",
    [](const Args& in) {
      Args args = in;
      std::string nodesText = takeOption(args, "--nodes", "20000");
      bool withFeatures = takeFlag(args, "--features");
      char* end = nullptr;
      long long nodes = std::strtoll(nodesText.c_str(), &end, 10);
      if (nodesText.empty() || *end || nodes < 1 || nodes > 1000000000LL)
        return std::fprintf(stderr, "zertz calibrate: --nodes must be 1..1000000000, got '%s'\n", nodesText.c_str()), 2;
      if (args.empty()) return std::fprintf(stderr, "zertz calibrate: give record files or directories\n"), 2;
      for (const std::string& a : args)
        if (!a.empty() && a[0] == '-') return std::fprintf(stderr, "zertz calibrate: unknown option %s\n", a.c_str()), 2;
      std::vector<LabelledRecord> games;
      std::string problems;
      for (const std::string& a : args) readRecordFiles(a, games, problems);
      if (!problems.empty()) std::fprintf(stderr, "%s", problems.c_str());

      SearchLimits limits;
      limits.nodes = uint64_t(nodes);
      std::printf("game\tply\tlayout\tmarbles\tscore\texact\tresult\treason");
      if (withFeatures) {
        std::printf("\tquiet");
        for (int i = 0; i < kFeatureCount; ++i) std::printf("\t%s", featureName(i));
      }
      std::printf("\n");
      int used = 0, bots = 0, unfinished = 0, damaged = 0;
      for (const LabelledRecord& g : games) {
        const Record& r = g.record;
        if (r.damaged) {
          ++damaged;
          continue;
        }
        if (hasBotPlayer(r)) {
          ++bots;
          continue;
        }
        RecordOutcome o = recordOutcome(r);
        if (o.result.empty()) {
          ++unfinished;
          continue;
        }
        ++used;
        Game game(r.start);
        for (const Move& m : r.moves) {
          const Position& pos = game.position();
          SearchResult s = think(game, limits, kMaxLevel);
          const char* result = o.result == "draw" ? "0.5" : (o.result[0] - '0') == pos.turn ? "1"
                                                                                            : "0";
          bool exact = s.score > kWinBound || s.score < -kWinBound;
          std::printf("%s\t%zu\t%s\t%s\t%d\t%d\t%s\t%s", g.label.c_str(), game.moves().size(), pos.geo->token,
                      pos.marbleSet().name, s.score, exact ? 1 : 0, result, o.reason.c_str());
          if (withFeatures) printFeatures(pos);
          std::printf("\n");
          game.play(m);
        }
        std::fflush(stdout);
        if (used % 50 == 0) std::fprintf(stderr, "calibrate: %d games\n", used);
      }
      std::fprintf(stderr, "calibrate: %d human-vs-human games used; skipped %d with a robot, %d without a result, %d damaged\n",
                   used, bots, unfinished, damaged);
      return 0;
    });

}  // namespace
}  // namespace zertz::cli
