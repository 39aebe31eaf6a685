#include "core/engine/learned.h"

#include <algorithm>
#include <cstdlib>

namespace zertz {

namespace {

// Evaluations stay far inside the proven-result band of the search.
constexpr int kMaxLearnedScore = 20000;

}  // namespace

int learnedEvaluate(const Position& pos, const LearnedWeights& weights) {
  Features f;
  extractFeatures(pos, f);
  int64_t sum = 0;
  for (int i = 0; i < kFeatureCount; ++i) sum += weights.fixed[i] * f.v[i];
  // sum is points * kFixedOne * kFeatureUnit; round half away from zero.
  const int64_t den = LearnedWeights::kFixedOne * kFeatureUnit;
  const int64_t points = sum >= 0 ? (sum + den / 2) / den : -((-sum + den / 2) / den);
  return int(std::clamp<int64_t>(points, -kMaxLearnedScore, kMaxLearnedScore));
}

const EvalParams& learnedEvalParams() {
  static const EvalParams params = [] {
    EvalParams p = classicEvalParams();
    p.learned = builtinWeights();
    if (!p.learned) std::abort();  // never a wrong evaluation: programs check builtinWeightsError() at start
    return p;
  }();
  return params;
}

// Whether the learned evaluation is the default: set by the strength
// matches (bench/engine-results.md), not by the fit alone.
constexpr bool kLearnedIsDefault = true;

const EvalParams& defaultEvalParams() { return kLearnedIsDefault ? learnedEvalParams() : classicEvalParams(); }

}  // namespace zertz
