// The learned evaluation: a linear model over the features (features.h),
// fitted by logistic regression on game outcomes (bench/train.py, `make
// train`; docs/engine.md). Its weights file, core/engine/weights/eval-v1.txt,
// is compiled into every build (CMake turns it into a generated header) and
// read when first used; a damaged file is refused, never evaluated.
//
// The file, line by line ('#' lines are comments):
//   zertz-eval-weights 1           format version
//   features <n>                   must equal kFeatureCount
//   scale <points per logit>       converts the model's logit into points
//   w <feature name> <logit per feature unit>      n lines, in featureName order
//   checksum <16 hex digits>       FNV-1a 64 of every byte before this line
//
// Arithmetic is integer once the file is read (each weight becomes a fixed
// point number of points), so every build evaluates identically.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/engine/eval.h"
#include "core/engine/features.h"

namespace zertz {

struct LearnedWeights {
  double scale = 0;                // points per logit
  double logit[kFeatureCount]{};   // as fitted, per feature unit
  int64_t fixed[kFeatureCount]{};  // points * kFixedOne per feature unit, rounded
  static constexpr int64_t kFixedOne = 1 << 16;
};

// FNV-1a 64 of the bytes: the weights file's checksum.
uint64_t weightsChecksum(std::string_view bytes);

// Reads a weights file. False with an error naming the line and what is
// wrong (unknown version, wrong feature count or name, a value that is not a
// finite number in range, a missing line, a checksum that does not match).
bool parseWeights(std::string_view text, LearnedWeights& out, std::string& error);

// The weights compiled into this build, or nullptr with the reason in
// builtinWeightsError(). Callers that start a program check it first.
const LearnedWeights* builtinWeights();
const std::string& builtinWeightsError();

// The evaluation in points, from the side to move's view. pos must be quiet.
int learnedEvaluate(const Position& pos, const LearnedWeights& weights);

// The learned evaluation's parameters (EvalParams::learned set to the
// built-in weights); the built-in weights must be valid.
const EvalParams& learnedEvalParams();

}  // namespace zertz
