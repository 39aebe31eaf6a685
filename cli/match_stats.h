// The statistics of `zertz match` and `zertz elo`: a tally of games, its Elo
// difference with a 95% interval, and a sequential probability ratio test
// (SPRT) over paired games that stops a match once it has decided between
// two Elo hypotheses.
#pragma once

#include <string>

namespace zertz::cli {

// Elo difference of an expected score (clamped away from 0 and 1).
double eloOf(double score);
// Expected score of an Elo difference.
double scoreOf(double elo);

struct Tally {
  int wins = 0, draws = 0, losses = 0;  // the first player's view
  int games() const { return wins + draws + losses; }
};

// "N games  W w  D d  L l  score s%  Elo e  95% [lo, hi]"; a clean sweep
// gets the exact binomial bound instead of the normal interval.
std::string tallyFigures(const Tally& t);

// "W-D-L", three counts of at most 7 digits, at least one game; false otherwise.
bool parseTally(const std::string& text, Tally& t);

// The two games of an opening (one with each colour) scored together:
// count[k] pairs where the first player scored k half points of 4 (0 = lost
// both, 4 = won both).
struct PairTally {
  int count[5] = {};
  int pairs() const { return count[0] + count[1] + count[2] + count[3] + count[4]; }
};

// H0: Elo = elo0 against H1: Elo = elo1 (elo0 < elo1), error rates alpha
// (accepting H1 when H0 holds) and beta. The log-likelihood ratio is the
// generalized SPRT's normal approximation over pair scores, as fishtest
// computes it: LLR = n (s1 - s0) (2 m - s0 - s1) / (2 v), with m and v the
// mean and variance of the pairs' scores (per game) and s0, s1 the
// hypotheses' expected scores. Pairs, not games, are the samples: an opening
// that favours one colour makes a pair's two games anti-correlated.
struct Sprt {
  double elo0 = 0, elo1 = 0, alpha = 0.05, beta = 0.05;
  // No decision before this many pairs: the variance of fewer is no estimate.
  static constexpr int kMinPairs = 10;
  double lower() const;  // log(beta / (1 - alpha)): accept H0 at or below
  double upper() const;  // log((1 - beta) / alpha): accept H1 at or above
  double llr(const PairTally& t) const;
  // +1 H1 accepted, -1 H0 accepted, 0 not yet.
  int decision(const PairTally& t) const;
};

// "ELO0,ELO1" (numbers, ELO0 < ELO1, each within +-1000); false with the
// reason in error.
bool parseSprt(const std::string& text, Sprt& out, std::string& error);

}  // namespace zertz::cli
