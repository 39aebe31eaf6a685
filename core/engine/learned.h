// The learned evaluations over the features (features.h), fitted on game
// outcomes (docs/engine.md): the linear model (bench/train.py, `make train`,
// core/engine/weights/eval-v8.txt, player option @learned) and the network
// (bench/train_net.py, `make train-net`, weights/eval-v2.txt, @net): the
// same linear part plus a small network, F(x) = u.x + G(a) - G(S a) with
// G(a) = v.crelu(W a + b), where a are the network inputs (features.h) and
// S exchanges the players, so exchanging the players negates F exactly.
// Both files are compiled into every build (CMake turns them into a
// generated header) and read when first used; a damaged file is refused,
// never evaluated.
//
// The file, line by line ('#' lines are comments):
//   zertz-eval-weights <1|2>       format version: 1 linear, 2 with the network
//   features <n>                   even, kNetworkFeatureCount <= n <= kFeatureCount:
//                                  the first n features are weighed (a file of an
//                                  earlier, shorter feature list stays readable)
//   scale <points per logit>       converts the model's logit into points
//   w <feature name> <logit per feature unit>      n lines, in featureName order
// version 2 only:
//   hidden <h> <inputs>            1 <= h <= kMaxHidden; inputs = kNetInputs
//   h <b> <v> <W_1> ... <W_inputs> h lines of integers: a hidden unit's bias
//                                  and input weights in 1/256 (|.| <= 2000),
//                                  its output weight in points per unit
//                                  activation (|v| <= 100000)
// version 1 only, up to kMaxVariants parts (each variant once), before the checksum:
//   variant <layout> <set>         a part fitted on one built-in layout (37, 48,
//                                  ...) and marble set (standard, blitz) alone:
//   scale <points per logit>       positions of that variant are evaluated by
//   w <feature name> <logit ...>   it, every other position by the model above
//                                  (n w lines, as above)
//   checksum <16 hex digits>       FNV-1a 64 of every byte before this line
//
// Arithmetic is integer once the file is read (each linear weight becomes a
// fixed point number of points; the network is stored in integers), so
// every build evaluates identically.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/engine/eval.h"
#include "core/engine/features.h"

namespace zertz {

// One model: the linear part over the features, and the network (version 2).
struct LearnedModel {
  int features = kFeatureCount;  // how many (the first) features are weighed
  // The base features the model reads: those with a nonzero weight, and
  // the network's inputs. Extraction skips the work of the others.
  FeatureMask needed = kAllFeatures;
  // The linear part over the base features it weighs (f, tapered at phase
  // p into open = f - late and late = lateShare(f, p)): fixed.open·open +
  // fixed.late·late == open·f + lateMinusOpen·late, one term per base.
  struct Term {
    int base;
    int64_t open, lateMinusOpen;
  };
  int terms = 0;
  Term term[kBaseFeatures]{};
  double scale = 0;                // points per logit
  double logit[kFeatureCount]{};   // as fitted, per feature unit
  int64_t fixed[kFeatureCount]{};  // points * kFixedOne per feature unit, rounded
  static constexpr int64_t kFixedOne = 1 << 16;
  // The network (version 2), hidden == 0 for a linear model. The bounds keep
  // a hidden unit's sum inside 32 bits: |W| <= 2000, |input| < 2^15, 28 inputs.
  static constexpr int kMaxHidden = 32, kWeightOne = 256, kMaxWeight = 2000, kMaxOutput = 100000;
  int hidden = 0;
  int32_t netW[kMaxHidden][kNetInputs]{};
  int32_t netB[kMaxHidden]{};
  int32_t netV[kMaxHidden]{};
};

// A weights file: its model, and the parts it holds for single variants. A
// plain value (the parts live inside it), so it copies freely and any number
// of files can be read at once.
struct LearnedWeights : LearnedModel {
  // A position of variant[i]'s layout and marble set is evaluated by
  // variant[i].model (linear, fitted on that variant's positions alone).
  struct Variant {
    const Geometry* layout;
    MarbleSetId set;
    LearnedModel model;
  };
  static constexpr int kMaxVariants = 4;
  int variantCount = 0;
  Variant variant[kMaxVariants]{};
};

// The part of `weights` that evaluates pos: its variant's, else weights.
inline const LearnedModel& weightsFor(const Position& pos, const LearnedWeights& weights) {
  for (int i = 0; i < weights.variantCount; ++i) {
    const LearnedWeights::Variant& v = weights.variant[i];
    if (v.set == pos.set && v.layout->numCells == pos.geo->numCells &&
        (v.layout == pos.geo || std::string_view(v.layout->token) == pos.geo->token))
      return v.model;
  }
  return weights;
}

// FNV-1a 64 of the bytes: the weights file's checksum.
uint64_t weightsChecksum(std::string_view bytes);
// The same as the file's checksum line writes it: 16 lower-case hex digits.
std::string weightsChecksumHex(std::string_view bytes);

// Reads a weights file. False with an error naming the line and what is
// wrong (unknown version, wrong feature count or name, a value that is not a
// finite number in range, a missing line, a checksum that does not match).
bool parseWeights(std::string_view text, LearnedWeights& out, std::string& error);

// The weights compiled into this build, or nullptr with the reason in
// builtinWeightsError(). Callers that start a program check it first.
const LearnedWeights* builtinWeights();
const std::string& builtinWeightsError();
// The name of the file in core/engine/weights/ they were compiled from.
const char* builtinWeightsFile();

// The evaluation in points, from the side to move's view, by the part of
// weights for pos (weightsFor). pos must be quiet.
int learnedEvaluate(const Position& pos, const LearnedWeights& weights);
// The same by one model, whatever the position's variant.
int evaluateModel(const Position& pos, const LearnedModel& model);

// The network's term G(a) - G(S a) in points (0 for a linear model).
int networkTerm(const int32_t inputs[kNetInputs], const LearnedModel& weights);

// The network compiled into this build (weights/eval-v2.txt), or nullptr
// with the reason in builtinNetworkError().
const LearnedWeights* builtinNetwork();
const std::string& builtinNetworkError();

// The learned evaluations' parameters (EvalParams::learned set to the
// built-in linear weights, or to the built-in network); they must be valid.
const EvalParams& learnedEvalParams();
const EvalParams& networkEvalParams();

// The evaluation named "classic", "learned", "net" or "default"; nullptr
// for any other name.
const EvalParams* evalParamsNamed(std::string_view name);

}  // namespace zertz
