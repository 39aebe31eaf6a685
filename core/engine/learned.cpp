#include "core/engine/learned.h"

#include <algorithm>
#include <cstdlib>

namespace zertz {

namespace {

// Evaluations stay far inside the proven-result band of the search.
constexpr int kMaxLearnedScore = 20000;

// n / den rounded half away from zero.
int64_t roundedDiv(int64_t n, int64_t den) { return n >= 0 ? (n + den / 2) / den : -((-n + den / 2) / den); }

// G(a) in points * kWeightOne: each hidden unit's sum is in units of
// 1/(kWeightOne * kFeatureUnit) (inside 32 bits by the file's bounds), its
// clipped activation in 1/kWeightOne.
int64_t hiddenSum(const int32_t in[kNetInputs], const LearnedWeights& w) {
  constexpr int32_t kTop = LearnedWeights::kWeightOne * kFeatureUnit;
  int64_t g = 0;
  for (int j = 0; j < w.hidden; ++j) {
    int32_t acc = w.netB[j] * kFeatureUnit;
    for (int k = 0; k < kNetInputs; ++k) acc += w.netW[j][k] * in[k];
    g += int64_t(w.netV[j]) * (std::clamp(acc, 0, kTop) >> 10);
  }
  return g;
}

}  // namespace

int networkTerm(const int32_t inputs[kNetInputs], const LearnedWeights& weights) {
  if (weights.hidden == 0) return 0;
  int32_t mirrored[kNetInputs];
  for (int k = 0; k < kNetInputs; ++k) {
    const InputMirror m = networkInputMirror(k);
    mirrored[k] = m.sign * inputs[m.index];
  }
  return int(roundedDiv(hiddenSum(inputs, weights) - hiddenSum(mirrored, weights), LearnedWeights::kWeightOne));
}

int learnedEvaluate(const Position& pos, const LearnedWeights& weights) {
  Features f;
  extractFeatures(pos, f);
  int64_t sum = 0;
  for (int i = 0; i < kFeatureCount; ++i) sum += weights.fixed[i] * f.v[i];
  // sum is points * kFixedOne * kFeatureUnit.
  int64_t points = roundedDiv(sum, LearnedWeights::kFixedOne * kFeatureUnit);
  if (weights.hidden) {
    int32_t in[kNetInputs];
    networkInputs(f, in);
    points += networkTerm(in, weights);
  }
  return int(std::clamp<int64_t>(points, -kMaxLearnedScore, kMaxLearnedScore));
}

namespace {

EvalParams withWeights(const LearnedWeights* weights) {
  EvalParams p = classicEvalParams();
  p.learned = weights;
  if (!p.learned) std::abort();  // never a wrong evaluation: programs check the builtin errors at start
  return p;
}

}  // namespace

const EvalParams& learnedEvalParams() {
  static const EvalParams params = withWeights(builtinWeights());
  return params;
}

const EvalParams& networkEvalParams() {
  static const EvalParams params = withWeights(builtinNetwork());
  return params;
}

// Whether the learned evaluation is the default: set by the strength
// matches (bench/engine-results.md), not by the fit alone.
constexpr bool kLearnedIsDefault = true;

const EvalParams* evalParamsNamed(std::string_view name) {
  return name == "classic" ? &classicEvalParams() : name == "learned" ? &learnedEvalParams()
                                                : name == "net"     ? &networkEvalParams()
                                                : name == "default" ? &defaultEvalParams()
                                                                    : nullptr;
}

const EvalParams& defaultEvalParams() { return kLearnedIsDefault ? learnedEvalParams() : classicEvalParams(); }

}  // namespace zertz
