// What the proof-search commands share (cli/solve_command.cpp: `solve` in
// the protocol and on the command line; cli/solve_records.cpp: the
// benchmark over real games).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/proof/proof.h"

namespace zertz::cli {

// A decimal count 1..max; false on anything else.
bool parseCount(const std::string& text, uint64_t max, uint64_t& out);

// Reads "time <ms>" / "nodes <n>" / "threads <k>" pairs (threads: the
// number of root parts, limits.parts); a clear message on anything else.
bool parseProofLimits(const std::vector<std::string>& args, ProofLimits& limits, std::string& error);

// "win 3 exact best Wd4,c3 nodes 120 tables no": the value, then the details.
std::string proofInfoText(const Position& pos, const ProofResult& r);

using ProofMemories = std::vector<std::unique_ptr<ProofMemory>>;

// prove() with the root's moves split over limits.parts threads, joined by
// combineRootParts. memories: one per thread, kept by the caller (grown as
// needed), or null for fresh searches.
ProofResult proveInThreads(const Game& game, const ProofLimits& limits, ProofMemories* memories);

}  // namespace zertz::cli
