// embind bindings for game review (core/proof/review.h) and the calibrated
// win probability (core/engine/winprob.h), so the browser's review marks
// moves with the same function as `zertz review`.
#include <emscripten/bind.h>

#include <string>

#include "core/engine/winprob.h"
#include "core/notation.h"
#include "core/proof/accuracy.h"
#include "core/proof/review.h"

namespace {

// values: a JSON array, one entry per position of the line (moves + 1),
// each a value text ("win 5", "loss 3", "draw", "p=0.73") or an object
// {"value": text, "onlyMove": bool, "engineChoice": bool} (onlyMove: the
// move played from this position was the only legal one; engineChoice: it
// was the best move the review found for this position, never a mistake).
// Returns the JSON array of the moves' marks ("decisive", "mistake", ""),
// or {"error": ...} naming the entry.
std::string reviewMarks(const std::string& valuesJson) { return zertz::reviewMarksJson(valuesJson); }

// values: a JSON array, one entry per position of the line, each a value
// text or null (no value); each player's accuracy (core/proof/accuracy.h):
// {"accuracy":[a0,a1],"moves":[n0,n1]}, side 0 the player to move at the
// line's first position, or {"error": ...} naming the entry.
std::string reviewAccuracy(const std::string& valuesJson) { return zertz::reviewAccuracyJson(valuesJson); }

// The side to move's calibrated win probability for its engine score at the
// position (a position string, core/notation.h); -1 for a position that
// does not read.
double winProbability(int score, const std::string& position) {
  zertz::Position pos;
  std::string error;
  return zertz::parsePositionString(position, pos, error) ? zertz::winProbability(score, pos) : -1.0;
}

}  // namespace

EMSCRIPTEN_BINDINGS(zertz_review) {
  emscripten::function("reviewMarks", &reviewMarks);
  emscripten::function("reviewAccuracy", &reviewAccuracy);
  emscripten::function("winProbability", &winProbability);
}
