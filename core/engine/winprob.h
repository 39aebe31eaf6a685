// The engine's score as a win probability for the side to move, fitted on
// the human-vs-human games of shared/records (bench/calibrate.py; its
// report and held-out calibration table are bench/calibration.md).
//
// The fit used scores at kWinProbNodes nodes per position (deterministic
// search). Scores from other budgets are mapped by the same curve: deeper
// searches are a little better informed than the fit assumes, so their
// probabilities are, if anything, slightly too cautious.
// Proven scores (beyond kWinBound) give exactly 1 or 0; a proven draw's 1/2
// comes from the proof search, not from a score (see core/proof/review.h).
#pragma once

#include <cstdint>

#include "core/geometry.h"

namespace zertz {

constexpr uint64_t kWinProbNodes = 50000;

// p = 1 / (1 + exp(-(a + b * tanh(max(s, 0) / t) + c * tanh(min(s, 0) / t)))):
// saturating, because human games at a large engine score are far from
// decided, and with separate slopes for the two signs, which the games do
// not treat alike (bench/calibration.md).
struct WinProbCurve {
  double t, a, b, c;
};

// The board family a layout is fitted with: 37, 48 or 61 by its ring count
// (fewer than 48 rings: 37; fewer than 61: 48; else 61). Both marble sets
// share the curve (the records hold standard games only).
int winProbFamily(const Geometry& g);
WinProbCurve winProbCurve(int family);

// Side to move's probability of winning (a draw counts half) from its score.
double winProbability(int score, const Geometry& g);

}  // namespace zertz
