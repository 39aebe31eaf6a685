// `zertz match`: two players over many games, alternating colours from varied
// openings, with wins/draws/losses and an Elo difference with its 95% interval.
//
// Games come in pairs: the same opening (K random plies from the seed and the
// pair number) is played once with each player moving first, so a lopsided
// opening does not favour either player. A game longer than --max-plies is
// adjudicated a draw. An illegal move from a player loses that game and is
// reported.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "command.h"
#include "feature_data.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/engine/learned.h"
#include "core/engine/players.h"

namespace zertz::cli {
namespace {

bool toInt(const std::string& s, long long lo, long long hi, long long& out) {
  if (s.empty() || s.size() > 15 || s.find_first_not_of("0123456789") != std::string::npos) return false;
  out = std::stoll(s);
  return out >= lo && out <= hi;
}

double eloOf(double score) {
  score = std::clamp(score, 1e-4, 1 - 1e-4);
  return -400.0 * std::log10(1.0 / score - 1.0);
}

struct Tally {
  int wins = 0, draws = 0, losses = 0;  // first player's view
  int games() const { return wins + draws + losses; }
};

// "N games  W w  D d  L l  score s%  Elo e  95% [lo, hi]" (first player's view).
std::string tallyFigures(const Tally& t) {
  int n = t.games();
  if (n == 0) return "no games";
  double s = (t.wins + 0.5 * t.draws) / n;
  double var = (t.wins * std::pow(1 - s, 2) + t.draws * std::pow(0.5 - s, 2) + t.losses * std::pow(s, 2)) / n;
  double se = std::sqrt(var / n);
  char buf[200];
  const int head = std::snprintf(buf, sizeof buf, "%d games  W %d  D %d  L %d  ", n, t.wins, t.draws, t.losses);
  char* rest = buf + head;
  const size_t room = sizeof buf - size_t(head);
  if (t.wins == n || t.losses == n) {
    // A clean sweep has no spread: use the exact binomial bound instead
    // (p^n = 0.025 for the 95% two-sided interval).
    double bound = eloOf(std::pow(0.025, 1.0 / n));
    if (t.wins == n) std::snprintf(rest, room, "score 100.0%%  Elo +inf  95%% [%+.0f, +inf]", bound);
    else std::snprintf(rest, room, "score 0.0%%  Elo -inf  95%% [-inf, %+.0f]", -bound);
    return buf;
  }
  std::snprintf(rest, room, "score %.1f%%  Elo %+.0f  95%% [%+.0f, %+.0f]", 100 * s, eloOf(s), eloOf(s - 1.96 * se),
                eloOf(s + 1.96 * se));
  return buf;
}

std::string summary(const std::string& a, const std::string& b, const Tally& t) {
  return a + " vs " + b + ": " + tallyFigures(t);
}

RegisterCommand matchCommand("match",
                             "match --p0 A --p1 B [--games N] [--marbles M] [--layout L] [--time MS] [--seed S] [--openings K] [--max-plies P] [--weights FILE] [--p1-weights FILE] [--verbose]: "
                             "players random|greedy|dumbot|level1..4|engine:<ms>|nodes:<n>|depth:<n>, engine ones optionally @classic or "
                             "@learned (the weights of FILE when given; B's own with --p1-weights, to match two weights files) or @net; "
                             "W/D/L and Elo of A",
                             [](const Args& in) {
                               Args args = in;
                               std::string a = takeOption(args, "--p0"), b = takeOption(args, "--p1");
                               std::string gamesText = takeOption(args, "--games", "20"), marbles = takeOption(args, "--marbles", "standard");
                               std::string layout = takeOption(args, "--layout", "37"), timeText = takeOption(args, "--time", "0");
                               std::string seedText = takeOption(args, "--seed", "1"), openText = takeOption(args, "--openings", "2");
                               std::string maxText = takeOption(args, "--max-plies", "400");
                               bool verbose = takeFlag(args, "--verbose");
                               const std::string weightsPath = takeOption(args, "--weights");
                               const std::string p1WeightsPath = takeOption(args, "--p1-weights");
                               if (!args.empty()) return std::fprintf(stderr, "zertz match: unknown argument '%s'\n", args[0].c_str()), 2;
                               if (a.empty() || b.empty()) return std::fprintf(stderr, "zertz match: --p0 and --p1 are required\n"), 2;
                               long long games, timeMs, seed, openings, maxPlies;
                               if (!toInt(gamesText, 1, 1000000, games)) return std::fprintf(stderr, "zertz match: --games must be 1..1000000\n"), 2;
                               if (!toInt(timeText, 0, 3600000, timeMs)) return std::fprintf(stderr, "zertz match: --time must be 0..3600000 ms\n"), 2;
                               if (!toInt(seedText, 0, 1LL << 50, seed)) return std::fprintf(stderr, "zertz match: --seed must be a non-negative integer\n"), 2;
                               if (!toInt(openText, 0, 60, openings)) return std::fprintf(stderr, "zertz match: --openings must be 0..60\n"), 2;
                               if (!toInt(maxText, 1, 100000, maxPlies)) return std::fprintf(stderr, "zertz match: --max-plies must be 1..100000\n"), 2;
                               Position start;
                               std::string error;
                               if (!startPosition(marbles, layout, start, error)) return std::fprintf(stderr, "zertz match: %s\n", error.c_str()), 2;
                               PlayerFn players[2];
                               std::shared_ptr<const LearnedWeights> weights;
                               if (!weightsPath.empty() && !readWeightsFile(weightsPath, weights, error)) return std::fprintf(stderr, "zertz match: %s\n", error.c_str()), 2;
                               std::shared_ptr<const LearnedWeights> p1Weights = weights;
                               if (!p1WeightsPath.empty() && !readWeightsFile(p1WeightsPath, p1Weights, error))
                                 return std::fprintf(stderr, "zertz match: --p1-weights: %s\n", error.c_str()), 2;
                               if (!makePlayer(a, int(timeMs), players[0], error, weights) || !makePlayer(b, int(timeMs), players[1], error, p1Weights))
                                 return std::fprintf(stderr, "zertz match: %s\n", error.c_str()), 2;

                               Tally tally;
                               auto t0 = std::chrono::steady_clock::now();
                               for (long long i = 0; i < games; ++i) {
                                 const long long pair = i / 2;
                                 const int aSeat = int(i % 2);  // A moves first in even games
                                 Game game = randomOpening(start, int(openings), uint64_t(seed) * 7919 + uint64_t(pair));
                                 int aResult = 0;  // +1 A wins, 0 draw, -1 A loses
                                 std::string note;
                                 for (long long ply = 0; !game.result().over(); ++ply) {
                                   if (ply >= maxPlies) {
                                     note = " (adjudicated: ply limit)";
                                     break;
                                   }
                                   const int seat = game.position().turn;
                                   const int who = seat == aSeat ? 0 : 1;
                                   uint64_t moveSeed = (uint64_t(seed) << 20) ^ (uint64_t(i) << 9) ^ uint64_t(ply);
                                   Move m = players[who](game, moveSeed);
                                   if (!isLegal(game.position(), m)) {
                                     note = std::string(" (illegal move by ") + (who == 0 ? a : b) + ")";
                                     aResult = who == 0 ? -1 : 1;
                                     break;
                                   }
                                   game.play(m);
                                 }
                                 if (note.empty() || note.find("illegal") == std::string::npos) {
                                   const GameResult& r = game.result();
                                   if (r.over() && r.winner >= 0) aResult = r.winner == aSeat ? 1 : -1;
                                 }
                                 if (aResult > 0) ++tally.wins;
                                 else if (aResult < 0) ++tally.losses;
                                 else ++tally.draws;
                                 if (verbose)
                                   std::printf("game %lld: %s first, %s%s, %zu plies\n", i + 1, aSeat == 0 ? a.c_str() : b.c_str(),
                                               aResult > 0 ? (a + " wins").c_str() : aResult < 0 ? (b + " wins").c_str()
                                                                                                 : "draw",
                                               note.c_str(), game.moves().size());
                                 if (verbose) std::printf("  moves: %s\n", moveListString(game).c_str());
                                 if (verbose || (i + 1) % 10 == 0 || i + 1 == games) {
                                   double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                                   std::printf("%s  (%.0f s)\n", summary(a, b, tally).c_str(), s);
                                   std::fflush(stdout);
                                 }
                               }
                               return 0;
                             });

// "W-D-L" with three counts of at most 7 digits each; false otherwise.
bool parseTally(const std::string& text, Tally& t) {
  long long v[3];
  size_t from = 0;
  for (int k = 0; k < 3; ++k) {
    const size_t dash = k < 2 ? text.find('-', from) : text.size();
    if (dash == std::string::npos || !toInt(text.substr(from, dash - from), 0, 9999999, v[k])) return false;
    from = dash + 1;
  }
  t = {int(v[0]), int(v[1]), int(v[2])};
  return t.games() > 0;
}

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
