// Shared helpers of the libFuzzer targets (fuzz/fuzz_*.cpp).
//
// A target fails in two ways: a sanitizer report (memory error, undefined
// behaviour, leak) or FUZZ_CHECK, which states an invariant the parser
// promises (exact round trips, error messages on failure) and aborts with the
// input's text when it does not hold. Both leave a crash-* file for libFuzzer.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include <vector>

#include "core/movegen.h"
#include "core/notation.h"

#define FUZZ_CHECK(cond, ...)                                            \
  do {                                                                   \
    if (!(cond)) {                                                       \
      std::fprintf(stderr, "FUZZ_CHECK failed at %s:%d: %s\n", __FILE__, \
                   __LINE__, #cond);                                     \
      std::fprintf(stderr, __VA_ARGS__);                                 \
      std::fprintf(stderr, "\n");                                        \
      std::abort();                                                      \
    }                                                                    \
  } while (0)

namespace zertz::fuzz {

inline std::string_view asText(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Positions in which the move parser runs: the start positions of several
// layouts and marble sets, plus middle-game positions with captures due and
// with isolation possible. Parsed once; a failure here is a bug in core.
inline const Position& samplePosition(uint8_t selector) {
  static const char* kTexts[] = {
      "standard 37",
      "blitz 37",
      "standard 48",
      "standard 61",
      "blitz 40",
      "standard 43",
      "standard 44",
  };
  static const std::vector<Position> positions = [] {
    std::vector<Position> out;
    for (const char* t : kTexts) {
      std::string_view s(t);
      auto sp = s.find(' ');
      Position p;
      std::string error;
      if (!startPosition(s.substr(0, sp), s.substr(sp + 1), p, error)) {
        std::fprintf(stderr, "fuzz setup: %s: %s\n", t, error.c_str());
        std::abort();
      }
      out.push_back(p);
      // A few deterministic plies from each start so captures and
      // isolations show up: always the first legal move.
      for (int ply = 0; ply < 12; ++ply) {
        auto moves = legalMoves(p);
        if (moves.empty() || p.winner() >= 0) break;
        p.play(moves[(ply * 7) % moves.size()]);
        if (ply % 4 == 3) out.push_back(p);
      }
    }
    return out;
  }();
  return positions[selector % positions.size()];
}

}  // namespace zertz::fuzz
