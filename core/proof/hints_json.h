// Hints (hints.h) as JSON, both ways: what the browser's hint workers send
// to the page, and the workers' answers read back to merge them.
//
//   {"source":"over"|"tables"|"proof", "value":"win"|"loss"|"draw"|"unknown",
//    "plies":n, "exact":bool, "pliesExact":bool, "tables":bool, "best":"move",
//    "moves":[{"move":..,"value":..,"plies":n,"bound":true}],
//    "need":[{name,block,offset,size}], "pending":true, "error":"...",
//    "estimate":score, "estimateText":"...", "winprob":p,
//    "estimates":[{"move":..,"score":s,"winprob":p}], "emptyPart":true}
// (estimates: unproven moves' engine estimates, the mover's view, best first;
// the reader takes each winprob from its score, as computeHints made it)
//
// Moves are canonical text (notation.h) in the hints' position. The reader
// does not read `need` back: each worker fetches its own blocks before it
// answers, so a merged answer never needs them.
#pragma once

#include <string>
#include <vector>

#include "core/json.h"
#include "core/proof/hints.h"

namespace zertz {

std::string hintsToJson(const Position& pos, const Hints& h);

// One part's hints back from its JSON (hintsToJson of the same position).
// Anything malformed is false with an error naming `where` and the field;
// so is a part that failed as a whole ({"error":...} without a source).
bool hintsFromJson(const Position& pos, const Json& part, const std::string& where, Hints& out,
                   std::string& error);

// The whole position's hints from its parts' answers (hintsToJson texts,
// one per worker, any order, each read once here), by mergeHintParts: JSON
// as hintsToJson, or {"error":...} naming the part and what was malformed.
std::string mergeHintsJson(const Position& pos, const std::vector<std::string>& parts);

// A proof search's answer: {"value":..,"plies":n,"nodes":n,"seconds":s}.
std::string proofResultJson(const ProofResult& r);

}  // namespace zertz
