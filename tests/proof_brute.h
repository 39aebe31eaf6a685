// The reference the proof-search tests compare with (tests only).
#pragma once

#include <cstdint>

#include "core/proof/proof.h"

namespace zertz {

// Exhaustive minimax on the proof search's rules (first repetition on the
// path is a draw; no tables), for tests on tiny positions. Returns Unknown
// when more than maxNodes nodes would be needed.
ProofResult bruteForce(const Game& game, uint64_t maxNodes);

}  // namespace zertz
