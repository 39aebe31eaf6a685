// `zertz match`: two players over many games, alternating colours from varied
// openings, with wins/draws/losses and an Elo difference with its 95% interval;
// with --sprt, a sequential test that stops once it has decided (match_stats.h).
// `zertz elo`: several matches' tallies pooled.
//
// Games come in pairs: the same opening (K random plies from the seed and the
// pair number) is played once with each player moving first, so a lopsided
// opening does not favour either player. A game longer than --max-plies is
// adjudicated a draw. An illegal move from a player loses that game and is
// reported.
#include <chrono>
#include <cstdio>
#include <string>

#include "command.h"
#include "feature_data.h"
#include "match_stats.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/engine/learned.h"
#include "core/engine/players.h"

namespace zertz::cli {
namespace {

struct MatchSetup {
  std::string names[2];
  PlayerFn players[2];
  Position start;
  long long games = 20, seed = 1, openings = 2, maxPlies = 400;
  bool verbose = false;
  bool sprtOn = false;
  Sprt sprt;
};

struct GameOutcome {
  int aResult = 0;  // +1 the first player (A) wins, 0 draw, -1 A loses
  std::string note;
  Game game;
};

// Game i of the match: pair i / 2's opening, A moving first in even games.
GameOutcome playGame(const MatchSetup& m, long long i) {
  const int aSeat = int(i % 2);
  GameOutcome out{0, "", randomOpening(m.start, int(m.openings), uint64_t(m.seed) * 7919 + uint64_t(i / 2))};
  Game& game = out.game;
  for (long long ply = 0; !game.result().over(); ++ply) {
    if (ply >= m.maxPlies) {
      out.note = " (adjudicated: ply limit)";
      return out;
    }
    const int who = game.position().turn == aSeat ? 0 : 1;
    const uint64_t moveSeed = (uint64_t(m.seed) << 20) ^ (uint64_t(i) << 9) ^ uint64_t(ply);
    const Move move = m.players[who](game, moveSeed);
    if (!isLegal(game.position(), move)) {
      out.note = " (illegal move by " + m.names[who] + ")";
      out.aResult = who == 0 ? -1 : 1;
      return out;
    }
    game.play(move);
  }
  const GameResult& r = game.result();
  if (r.winner >= 0) out.aResult = r.winner == aSeat ? 1 : -1;
  return out;
}

// Plays the match, printing the tally every 10 games (every game with
// --verbose) and at the end; with --sprt, stops after the pair that decides.
void runMatch(const MatchSetup& m) {
  const std::string& a = m.names[0];
  const std::string& b = m.names[1];
  Tally tally;
  PairTally pairs;
  int pairHalfPoints = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (long long i = 0; i < m.games; ++i) {
    const GameOutcome g = playGame(m, i);
    (g.aResult > 0 ? tally.wins : g.aResult < 0 ? tally.losses
                                                : tally.draws) += 1;
    pairHalfPoints += g.aResult + 1;
    int decided = 0;
    if (i % 2 == 1) {
      ++pairs.count[pairHalfPoints];
      pairHalfPoints = 0;
      if (m.sprtOn) decided = m.sprt.decision(pairs);
    }
    if (m.verbose) {
      const std::string winner = g.aResult > 0 ? a + " wins" : g.aResult < 0 ? b + " wins"
                                                                             : "draw";
      std::printf("game %lld: %s first, %s%s, %zu plies\n", i + 1, i % 2 == 0 ? a.c_str() : b.c_str(), winner.c_str(),
                  g.note.c_str(), g.game.moves().size());
      std::printf("  moves: %s\n", moveListString(g.game).c_str());
    }
    const bool last = i + 1 == m.games || decided != 0;
    if (m.verbose || (i + 1) % 10 == 0 || last) {
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      std::string llr;
      if (m.sprtOn) {
        char buf[80];
        std::snprintf(buf, sizeof buf, "  LLR %.2f [%.2f, %.2f]", m.sprt.llr(pairs), m.sprt.lower(), m.sprt.upper());
        llr = buf;
      }
      std::printf("%s vs %s: %s%s  (%.0f s)\n", a.c_str(), b.c_str(), tallyFigures(tally).c_str(), llr.c_str(), s);
    }
    if (m.sprtOn && last) {
      if (decided > 0) std::printf("H1 accepted: Elo >= %g (%d pairs)\n", m.sprt.elo1, pairs.pairs());
      if (decided < 0) std::printf("H0 accepted: Elo <= %g (%d pairs)\n", m.sprt.elo0, pairs.pairs());
      if (decided == 0) std::printf("no decision after %d pairs (--games)\n", pairs.pairs());
    }
    std::fflush(stdout);
    if (decided) return;
  }
}

// The options of `zertz match` into m; false with the message in error.
bool readMatchOptions(const Args& in, MatchSetup& m, std::string& error) {
  Args args = in;
  m.names[0] = takeOption(args, "--p0"), m.names[1] = takeOption(args, "--p1");
  const std::string gamesText = takeOption(args, "--games", "20"), marbles = takeOption(args, "--marbles", "standard");
  const std::string layout = takeOption(args, "--layout", "37"), timeText = takeOption(args, "--time", "0");
  const std::string seedText = takeOption(args, "--seed", "1"), openText = takeOption(args, "--openings", "2");
  const std::string maxText = takeOption(args, "--max-plies", "400"), sprtText = takeOption(args, "--sprt");
  m.verbose = takeFlag(args, "--verbose");
  const std::string weightsPath = takeOption(args, "--weights"), p1WeightsPath = takeOption(args, "--p1-weights");
  if (!args.empty()) return error = "unknown argument '" + args[0] + "'", false;
  if (m.names[0].empty() || m.names[1].empty()) return error = "--p0 and --p1 are required", false;
  long long timeMs = 0;
  if (!parseInteger(gamesText, 1, 1000000, m.games)) return error = "--games must be 1..1000000", false;
  if (!parseInteger(timeText, 0, 3600000, timeMs)) return error = "--time must be 0..3600000 ms", false;
  if (!parseInteger(seedText, 0, 1LL << 50, m.seed)) return error = "--seed must be a non-negative integer", false;
  if (!parseInteger(openText, 0, 60, m.openings)) return error = "--openings must be 0..60", false;
  if (!parseInteger(maxText, 1, 100000, m.maxPlies)) return error = "--max-plies must be 1..100000", false;
  m.sprtOn = !sprtText.empty();
  if (m.sprtOn && !parseSprt(sprtText, m.sprt, error)) return false;
  if (!startPosition(marbles, layout, m.start, error)) return false;
  std::shared_ptr<const LearnedWeights> weights;
  if (!weightsPath.empty() && !readWeightsFile(weightsPath, weights, error)) return false;
  std::shared_ptr<const LearnedWeights> p1Weights = weights;
  if (!p1WeightsPath.empty() && !readWeightsFile(p1WeightsPath, p1Weights, error)) return error = "--p1-weights: " + error, false;
  return makePlayer(m.names[0], int(timeMs), m.players[0], error, weights) &&
         makePlayer(m.names[1], int(timeMs), m.players[1], error, p1Weights);
}

RegisterCommand matchCommand("match",
                             "match --p0 A --p1 B [--games N] [--marbles M] [--layout L] [--time MS] [--seed S] [--openings K] [--max-plies P] [--weights FILE] [--p1-weights FILE] [--sprt ELO0,ELO1] [--verbose]: "
                             "players random|greedy|dumbot|level1..4|engine:<ms>|nodes:<n>|depth:<n>, engine ones optionally @classic or "
                             "@learned (the weights of FILE when given; B's own with --p1-weights, to match two weights files) or @net; "
                             "W/D/L and Elo of A; --sprt stops once a sequential test (alpha = beta = 0.05, over paired games) accepts Elo <= ELO0 or >= ELO1",
                             [](const Args& args) {
                               MatchSetup m;
                               std::string error;
                               if (!readMatchOptions(args, m, error)) return std::fprintf(stderr, "zertz match: %s\n", error.c_str()), 2;
                               runMatch(m);
                               return 0;
                             });

// Several matches' tallies pooled, as the match itself reports one: the
// figures of bench/ that join runs of different seeds come from here.
RegisterCommand eloCommand("elo", "elo W-D-L [W-D-L...]: the pooled tally of several matches (first player's view), with its Elo and 95% interval",
                           [](const Args& args) {
                             if (args.empty()) return std::fprintf(stderr, "zertz elo: give at least one W-D-L tally, e.g. 288-0-112\n"), 2;
                             Tally all;
                             for (const std::string& text : args) {
                               Tally t;
                               if (!parseTally(text, t))
                                 return std::fprintf(stderr, "zertz elo: '%s' is not a tally W-D-L of non-negative counts (e.g. 288-0-112)\n", text.c_str()), 2;
                               all.wins += t.wins, all.draws += t.draws, all.losses += t.losses;
                             }
                             std::printf("%zu pooled: %s\n", args.size(), tallyFigures(all).c_str());
                             return 0;
                           });

}  // namespace
}  // namespace zertz::cli
