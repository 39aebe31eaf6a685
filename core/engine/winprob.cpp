#include "core/engine/winprob.h"

#include <algorithm>
#include <cmath>

#include "core/engine/search.h"
#include "core/movegen.h"

namespace zertz {

namespace {

// bench/winprob_fit.py writes this file from its fit; bench/calibration.md
// lists the same numbers (a test checks that they agree).
#include "core/engine/winprob_model.inc"

}  // namespace

const WinProbModel& winProbModel() { return kWinProbModel; }

WinProbTerms winProbTerms(const Position& pos) {
  // A position with a capture pending has features too: they describe the
  // board as it stands, as they did in the fit (`zertz calibrate --features`).
  const WinProbPart& part = hasCapture(pos) ? kWinProbModel.capture : kWinProbModel.quiet;
  Features f{};
  extractFeatures(pos, f);
  double head = 0;
  for (int i = 0; i < kFeatureCount; ++i) head += part.head[i] * f.v[i];
  return {&part, head};
}

double winProbability(int score, const WinProbTerms& terms) {
  if (score > kWinBound) return 1.0;
  if (score < -kWinBound) return 0.0;
  const WinProbModel& m = kWinProbModel;
  const WinProbPart& part = *terms.part;
  const double s = score;
  const double z = part.a + part.b * std::tanh(std::max(s, 0.0) / m.t) + part.c * std::tanh(std::min(s, 0.0) / m.t) + terms.head;
  return 1.0 / (1.0 + std::exp(-(m.alpha + m.beta * z + m.gamma * std::tanh(z))));
}

double winProbability(int score, const Position& pos) {
  if (score > kWinBound) return 1.0;
  if (score < -kWinBound) return 0.0;
  return winProbability(score, winProbTerms(pos));
}

}  // namespace zertz
