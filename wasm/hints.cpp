// Hints for the browser: core/proof/hints.h over the core's table reader,
// whose source is what the page fetched with HTTP Range and inflated itself
// (tb::PushedTables). The worker (web/hints/hints-worker.js) pushes file heads and
// blocks in and reads JSON (core/proof/hints_json.h) out. Every table check
// (header, index, block CRC) is the reader's; a damaged or missing table
// gives a message, never a value.
#include <emscripten/bind.h>

#include "core/json_writer.h"
#include "core/proof/hints_json.h"
#include "wasm/web_game.h"

using namespace emscripten;

namespace zertz::wasm {

namespace {

tb::PushedTables& hintTables() {
  static tb::PushedTables t;
  return t;
}

// The proof memory of the page's game (core/proof/proof.h): hints for the
// next position start from what the last ones learned. 2^20 entries, 24 MB.
ProofMemory& proofMemory() {
  static ProofMemory m(20);
  return m;
}
void proofMemoryClear() { proofMemory().clear(); }

std::vector<uint8_t> bytesOf(const val& array) { return vecFromJSArray<uint8_t>(array); }

std::string hintsAddFile(const std::string& name, const val& bytes) { return hintTables().addFile(name, bytesOf(bytes)); }
std::string hintsAddBlock(const std::string& name, uint32_t block, const val& raw) {
  return hintTables().addBlock(name, block, bytesOf(raw));
}
void hintsMarkDamaged(const std::string& name, const std::string& why) { hintTables().markDamaged(name, why); }

// Hints for the game (start position string + canonical moves), or for one
// part of its root moves (part of parts: one hint worker's share; see
// HintOptions). estimates: "moves" (the hint panel: the position and a few
// unproven moves) or "position" (a review: the position and the engine's
// choice only, from one search). JSON as hintsToJson, or jsonError.
std::string hintsCompute(const std::string& start, const std::string& moves, int budgetMs, int part, int parts,
                         const std::string& estimates) {
  std::string error;
  const std::optional<Game> game = gameFromMoveList(start, moves, error);
  if (!game) return jsonError(error);
  if (parts < 1 || parts > 256 || part < 0 || part >= parts)
    return jsonError("hint part " + std::to_string(part) + " of " + std::to_string(parts) +
                     ": expected 0 <= part < parts <= 256");
  if (estimates != "moves" && estimates != "position")
    return jsonError("hint estimates '" + estimates.substr(0, 40) + "': expected moves or position");
  HintOptions options;
  options.budgetMs = budgetMs;
  options.memory = &proofMemory();
  options.part = part, options.parts = parts;
  options.moveEstimates = estimates == "moves";
  return hintsToJson(game->position(), computeHints(*game, &hintTables().reader(), options));
}

// The whole position's hints from the parts' answers: an array of the texts
// hintsCompute returned, one per hint worker, in any order, as they came
// (the core reads each once; an item that is not a string is refused).
std::string hintsMerge(const std::string& start, const std::string& moves, const val& parts) {
  std::string error;
  const std::optional<Game> game = gameFromMoveList(start, moves, error);
  if (!game) return jsonError(error);
  std::vector<std::string> texts;
  const unsigned count = parts.isArray() ? parts["length"].as<unsigned>() : 0;
  for (unsigned i = 0; i < count; ++i) texts.push_back(parts[i].isString() ? parts[i].as<std::string>() : "");
  return mergeHintsJson(game->position(), texts);
}

// The proof search alone (no tables) on the game, for bench/hints_wasm.js:
// proofResultJson. keep: start from and add to the page's proof memory, as
// hints do.
std::string proveGame(const std::string& start, const std::string& moves, int budgetMs, bool keep) {
  std::string error;
  const std::optional<Game> game = gameFromMoveList(start, moves, error);
  if (!game) return jsonError(error);
  ProofLimits limits;
  limits.maxSeconds = budgetMs / 1000.0;
  return proofResultJson(prove(*game, limits, keep ? &proofMemory() : nullptr));
}

}  // namespace

}  // namespace zertz::wasm

EMSCRIPTEN_BINDINGS(zertz_hints) {
  using namespace zertz::wasm;
  function("proveGame", &proveGame);
  function("proofMemoryClear", &proofMemoryClear);
  function("hintsAddFile", &hintsAddFile);
  function("hintsAddBlock", &hintsAddBlock);
  function("hintsMarkDamaged", &hintsMarkDamaged);
  function("hintsCompute", &hintsCompute);
  function("hintsMerge", &hintsMerge);
}
