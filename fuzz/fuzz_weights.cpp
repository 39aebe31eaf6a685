// The learned evaluation's weights file (core/engine/learned.h).
// Input: one selector byte, then the file's text. An even selector parses the
// text as it is (the checksum guards it); an odd one first seals it: any line
// from "checksum" on is dropped and the right checksum appended, so mutations
// reach the parser behind the checksum as a file written by `make train`
// with wrong contents would.
// Invariants: a refusal names the line and the reason ("weights line N: ...");
// an accepted file evaluates every sample position inside the learned
// evaluation's bounds, the same by a copy of the weights and by a second
// reading (the weights are a plain value: no state outside them).
#include "core/engine/learned.h"
#include "fuzz_util.h"

using namespace zertz;

namespace {

std::string sealed(std::string_view text) {
  std::string body(text.substr(0, std::min(text.size(), text.find("checksum"))));
  if (!body.empty() && body.back() != '\n') body += '\n';
  return body + "checksum " + weightsChecksumHex(body) + "\n";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const std::string text = data[0] & 1 ? sealed(fuzz::asText(data + 1, size - 1))
                                       : std::string(fuzz::asText(data + 1, size - 1));
  static LearnedWeights weights, again;  // static: a few tens of KB each
  std::string error;
  if (!parseWeights(text, weights, error)) {
    FUZZ_CHECK(error.rfind("weights line ", 0) == 0, "refusal without its line: '%s'", error.c_str());
    return 0;
  }
  FUZZ_CHECK(error.empty(), "accepted with an error: '%s'", error.c_str());
  FUZZ_CHECK(parseWeights(text, again, error), "a second reading refuses: %s", error.c_str());
  static LearnedWeights copy;
  copy = weights;
  for (int i = 0; i < 28; ++i) {  // fuzz_util.h's sample positions
    const Position& pos = fuzz::samplePosition(uint8_t(i));
    if (hasCapture(pos) || pos.winner() >= 0) continue;  // the evaluation is of quiet positions
    const int value = learnedEvaluate(pos, weights);
    FUZZ_CHECK(value >= -20000 && value <= 20000, "evaluation %d out of bounds", value);
    FUZZ_CHECK(learnedEvaluate(pos, again) == value, "a second reading evaluates differently");
    FUZZ_CHECK(learnedEvaluate(pos, copy) == value, "a copy of the weights evaluates differently");
  }
  return 0;
}
