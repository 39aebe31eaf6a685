// `zertz selfplay --out FILE [--games N] [--nodes N] [--threads T] [--seed S] [--eval E] [--weights FILE]
// [--marbles M --layout L]`: the engine against itself, writing training rows for the learned
// evaluation (format: feature_data.h; pipeline: docs/engine.md).
//
// Game i is played on board i % 3 (37, 48, 61 rings) with marble set
// (i / 3) % 2 (blitz, standard), or on the one variant --marbles and
// --layout name (the data for a variant part), from a random opening of 2 to 9 plies
// (the seed and i choose it), both sides the default level at a fixed node
// budget (deterministic: the same file for the same arguments, whatever the
// threads). Every quiet position becomes a row labelled with the game's
// result for the side to move, or, when the search proved the position
// (a score beyond kWinBound), with that exact result (exact = 1); each row
// also keeps the search's score, the value it chose the move by. A game
// longer than 400 plies is a draw. Game ids hash "selfplay <seed> <i>", so
// the split rule is the archive's.
#include <cstdio>
#include <fstream>
#include <mutex>
#include <optional>

#include "command.h"
#include "core/engine/learned.h"
#include "core/engine/players.h"
#include "core/engine/search.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "feature_data.h"
#include "thread_pool.h"

namespace zertz::cli {
namespace {

constexpr int kMaxPlies = 400;

struct SelfPlay {
  long long nodes = 20000;
  uint64_t seed = 1;
  const EvalParams* eval = nullptr;
  std::optional<Position> variant;  // every game from this start, when set
};

// One game's rows (in order), results filled in at the end.
std::string playOne(const SelfPlay& sp, long long i) {
  const Geometry* boards[] = {&kLayout37, &kLayout48, &kLayout61};
  const Position start = sp.variant ? *sp.variant : Position::start(*boards[i % 3], MarbleSetId((i / 3) % 2));
  const uint64_t gameSeed = sp.seed * 0x9E3779B97F4A7C15ull + uint64_t(i);
  Game game = randomOpening(start, 2 + int(gameSeed % 8), gameSeed);
  const uint32_t id = gameHash("selfplay " + std::to_string(sp.seed) + " " + std::to_string(i));
  std::vector<FeatureRow> rows;
  std::vector<int> turns, proven;  // side to move of each row; its proven result (2: none)
  while (!game.result().over() && game.moves().size() < size_t(kMaxPlies)) {
    SearchLimits limits;
    limits.nodes = uint64_t(sp.nodes);
    limits.seed = gameSeed;
    limits.eval = sp.eval;
    const SearchResult r = think(game, limits, kMaxLevel);
    const Position& pos = game.position();
    FeatureRow row;
    std::string error;
    if (!hasCapture(pos) && describePosition(pos, row, error)) {
      row.game = id, row.split = gameSplit(id, false), row.ply = uint16_t(game.moves().size());
      row.hasSearch = true, row.search = r.score;
      rows.push_back(row);
      turns.push_back(pos.turn);
      proven.push_back(r.score > kWinBound ? 1 : r.score < -kWinBound ? -1
                                                                      : 2);
    }
    game.play(r.best);
  }
  const int winner = game.result().over() ? game.result().winner : -1;
  std::string out;
  for (size_t k = 0; k < rows.size(); ++k) {
    rows[k].exact = proven[k] != 2;
    rows[k].result = int8_t(rows[k].exact ? proven[k] : winner < 0       ? 0
                                                    : winner == turns[k] ? 1
                                                                         : -1);
    appendFeatureRow(out, rows[k]);
  }
  return out;
}

RegisterCommand selfPlayCommand(
    "selfplay",
    "selfplay --out FILE [--games N] [--nodes N] [--threads T] [--seed S] [--eval classic|learned|net] [--weights FILE] [--marbles M --layout L]: "
    "the engine against itself (--weights: the evaluation of that weights file) on every board and marble set, or on the one named, training rows of its quiet positions (docs/engine.md)",
    [](const Args& in) {
      Args args = in;
      const std::string outPath = takeOption(args, "--out"), evalName = takeOption(args, "--eval", "default");
      const std::string weightsPath = takeOption(args, "--weights");
      const std::string marbles = takeOption(args, "--marbles"), layout = takeOption(args, "--layout");
      long long games, threads, seed;
      SelfPlay sp;
      if (!parseInteger(takeOption(args, "--games", "300"), 1, 10000000, games) ||
          !parseInteger(takeOption(args, "--nodes", "20000"), 1, 1000000000, sp.nodes) ||
          !parseInteger(takeOption(args, "--threads", "1"), 1, 256, threads) ||
          !parseInteger(takeOption(args, "--seed", "1"), 0, 1LL << 50, seed))
        return std::fprintf(stderr, "zertz selfplay: --games, --nodes, --threads and --seed take positive integers\n"), 2;
      if (!args.empty()) return std::fprintf(stderr, "zertz selfplay: unknown argument '%s'\n", args[0].c_str()), 2;
      if (outPath.empty()) return std::fprintf(stderr, "zertz selfplay: --out FILE is required\n"), 2;
      const EvalParams* named = evalParamsNamed(evalName);
      if (!named) return std::fprintf(stderr, "zertz selfplay: --eval must be classic, learned or net, got '%s'\n", evalName.c_str()), 2;
      if (marbles.empty() != layout.empty()) return std::fprintf(stderr, "zertz selfplay: --marbles and --layout go together\n"), 2;
      if (!marbles.empty()) {
        Position start;
        std::string error;
        if (!startPosition(marbles, layout, start, error)) return std::fprintf(stderr, "zertz selfplay: %s\n", error.c_str()), 2;
        sp.variant = start;
      }
      sp.seed = uint64_t(seed);
      sp.eval = evalName == "default" ? nullptr : named;
      std::shared_ptr<const LearnedWeights> weights;
      EvalParams fromFile = classicEvalParams();
      if (!weightsPath.empty()) {
        std::string error;
        if (!readWeightsFile(weightsPath, weights, error)) return std::fprintf(stderr, "zertz selfplay: %s\n", error.c_str()), 2;
        fromFile.learned = weights.get();
        sp.eval = &fromFile;
      }
      std::ofstream out(outPath, std::ios::binary);
      if (!out) return std::fprintf(stderr, "zertz selfplay: cannot write %s\n", outPath.c_str()), 1;
      out << featureFileHeader();
      // Games are handed out in order and written in order (a finished game
      // waits for the ones before it), so the file does not depend on threads.
      std::vector<std::string> done;
      std::vector<char> ready;
      done.resize(size_t(games)), ready.resize(size_t(games), 0);
      long long next = 0, written = 0;
      std::mutex m;
      runOnThreads(int(threads), [&](int) {
        while (true) {
          long long i;
          {
            std::lock_guard<std::mutex> lock(m);
            if (next >= games) return;
            i = next++;
          }
          std::string rows = playOne(sp, i);
          std::lock_guard<std::mutex> lock(m);
          done[size_t(i)] = std::move(rows), ready[size_t(i)] = 1;
          while (written < games && ready[size_t(written)]) {
            out << done[size_t(written)];
            std::string().swap(done[size_t(written)]);
            if (++written % 100 == 0) std::fprintf(stderr, "selfplay: %lld games\n", written);
          }
        }
      });
      out.close();
      if (!out) return std::fprintf(stderr, "zertz selfplay: writing %s failed\n", outPath.c_str()), 1;
      std::fprintf(stderr, "zertz selfplay: %lld games written to %s\n", games, outPath.c_str());
      return 0;
    });

}  // namespace
}  // namespace zertz::cli
