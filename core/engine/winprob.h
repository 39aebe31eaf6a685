// The engine's score as a win probability for the side to move, fitted on
// games between two people (bench/winprob_fit.py; its report and held-out
// calibration tables are bench/calibration.md).
//
// Model, from the side to move's score s at position pos:
//   z = a + b·tanh(max(s, 0) / T) + c·tanh(min(s, 0) / T) + Σ h_i·f_i(pos)
//   p = 1 / (1 + exp(-(alpha + beta·z + gamma·tanh(z))))
// with one part (a, b, c, h) for quiet positions and one for positions with
// a capture pending (38% of those fitted; their features describe the board
// before the capture, and both the score and the features say something
// else there). The curve of the score saturates, because human games at a
// large engine score are far from decided. The head Σ h_i·f_i over the
// learned evaluation's features (features.h) adds what people convert, which
// the search's score, made for self-play players who convert any edge, does
// not weigh: captured marbles, sets one or two marbles away. Both parts are
// fitted on the archive's and the records' human games (a records position
// weighing six archive ones); the last step (alpha, beta, gamma) on the
// records' 2024-2025 players alone.
//
// The fit used scores at kWinProbNodes nodes per position (deterministic
// search). Scores from other budgets are mapped alike: deeper searches are
// a little better informed than the fit assumes, so their probabilities
// are, if anything, slightly too cautious.
// Proven scores (beyond kWinBound) give exactly 1 or 0; a proven draw's 1/2
// comes from the proof search, not from a score (see core/proof/review.h).
#pragma once

#include <cstdint>

#include "core/engine/features.h"
#include "core/position.h"

namespace zertz {

constexpr uint64_t kWinProbNodes = 50000;

struct WinProbPart {
  double a, b, c;             // the curve of the score
  float head[kFeatureCount];  // per feature unit (1/kFeatureUnit); float: the download's size
};
struct WinProbModel {
  double t;
  WinProbPart capture, quiet;  // a capture pending for the side to move, or not
  double alpha, beta, gamma;   // the last step
  uint64_t headNamesHash;      // FNV-1a 64 of the fitted features' names, comma-joined
};
const WinProbModel& winProbModel();

// What the model reads of a position: its part and that part's head. For
// several scores at one position (its moves' estimates), computed once.
struct WinProbTerms {
  const WinProbPart* part;
  double head;
};
WinProbTerms winProbTerms(const Position& pos);

// The side to move's probability of winning (a draw counts half) at pos,
// from its score there; a move's score from pos (the mover is pos's side to
// move) is mapped at pos too, so the moves rank as their scores do and the
// best move's probability is the position's.
double winProbability(int score, const WinProbTerms& terms);
double winProbability(int score, const Position& pos);

}  // namespace zertz
