// `zertz-solve verify DIR`: checks every table file in DIR (header, index,
// every block's checksum; WDL and DTM agree), retro-consistency (each value
// is the best over its successors, every position up to retroLimit per
// level, samples above), and agreement with an independent brute-force
// solver on explicit game graphs (every position of levels <= bruteRings,
// `samples` random roots per level above). Fails naming the file.
#pragma once

#include <cstdint>
#include <string>

namespace zertz::solver {

struct VerifyConfig {
  std::string dir;
  int bruteRings = 4;
  int samples = 300;
  uint64_t retroLimit = 20'000'000;
  uint64_t wholeLevelLimit = uint64_t(1) << 31;  // larger levels are read through a block cache
};

int verifyTables(const VerifyConfig& cfg);  // exit code: 0 when everything agrees

}  // namespace zertz::solver
