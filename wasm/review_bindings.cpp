// embind bindings for game review (core/proof/review.h) and the calibrated
// win probability (core/engine/winprob.h), so the browser's review marks
// moves with the same function as `zertz review`.
#include <emscripten/bind.h>

#include <string>

#include "core/engine/winprob.h"
#include "core/notation.h"
#include "core/proof/review.h"
#include "core/json.h"
#include "core/json_writer.h"

namespace {

std::string errorJson(const std::string& why) { return "{\"error\":" + zertz::jsonString(why) + "}"; }

// values: a JSON array, one entry per position of the line (moves + 1),
// each a value text ("win 5", "loss 3", "draw", "p=0.73") or an object
// {"value": text, "onlyMove": bool, "engineChoice": bool} (onlyMove: the
// move played from this position was the only legal one; engineChoice: it
// was the best move the review found for this position, never a mistake). Returns the JSON array of the moves' marks ("decisive",
// "mistake", ""), or {"error": ...} naming the entry.
std::string reviewMarks(const std::string& valuesJson) {
  zertz::Json doc;
  std::string error;
  if (!zertz::parseJson(valuesJson, doc, error)) return errorJson(error);
  if (doc.kind != zertz::Json::Array) return errorJson("expected a JSON array of position values");
  std::vector<zertz::PositionValue> values;
  std::vector<bool> only, engineChoice;
  for (size_t i = 0; i < doc.items.size(); ++i) {
    const zertz::Json& e = doc.items[i];
    const zertz::Json* text = e.kind == zertz::Json::Object ? e.get("value") : &e;
    const zertz::Json* forced = e.kind == zertz::Json::Object ? e.get("onlyMove") : nullptr;
    const zertz::Json* own = e.kind == zertz::Json::Object ? e.get("engineChoice") : nullptr;
    if (!text || text->kind != zertz::Json::String)
      return errorJson("entry " + std::to_string(i) + ": expected a value text or {\"value\": text}");
    zertz::PositionValue v;
    if (!zertz::parseValueText(text->text, v, error)) return errorJson("entry " + std::to_string(i) + ": " + error);
    values.push_back(v);
    only.push_back(forced && forced->kind == zertz::Json::Bool && forced->text == "true");
    engineChoice.push_back(own && own->kind == zertz::Json::Bool && own->text == "true");
  }
  std::string out = "[";
  for (const std::string& m : zertz::reviewMarks(values, only, engineChoice)) out += (out.size() > 1 ? "," : "") + zertz::jsonString(m);
  return out + "]";
}

// The side to move's calibrated win probability for an engine score on a
// layout ("37", "48", "61" or a custom token); -1 for an unknown layout.
double winProbability(int score, const std::string& layout) {
  std::string error;
  const zertz::Geometry* g = zertz::layoutFromToken(layout, error);
  return g ? zertz::winProbability(score, *g) : -1.0;
}

}  // namespace

EMSCRIPTEN_BINDINGS(zertz_review) {
  emscripten::function("reviewMarks", &reviewMarks);
  emscripten::function("winProbability", &winProbability);
}
