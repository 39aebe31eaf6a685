// Helpers of the weights-file tests (learned_eval_test, network_eval_test):
// a repository weights file's text, resealed after an edit so a test reaches
// the check it aims at, and the reason a text is refused.
#pragma once

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include "core/engine/learned.h"

namespace zertz::testing {

// core/engine/weights/<name>, as the build compiles it in.
inline std::string weightsFileText(const std::string& name) {
  std::ifstream in(std::string(ZERTZ_SOURCE_DIR) + "/core/engine/weights/" + name, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The text with its checksum line recomputed.
inline std::string resealed(const std::string& text) {
  const size_t at = text.rfind("checksum ");
  const std::string body = text.substr(0, at);
  return body + "checksum " + weightsChecksumHex(body) + "\n";
}

// The error of a text that must be refused.
inline std::string refusal(const std::string& text) {
  LearnedWeights w;
  std::string error;
  CHECK_FALSE(parseWeights(text, w, error));
  return error;
}

}  // namespace zertz::testing
