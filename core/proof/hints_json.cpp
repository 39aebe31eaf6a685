#include "core/proof/hints_json.h"

#include <cstdlib>

#include "core/engine/search.h"
#include "core/engine/winprob.h"
#include "core/json_writer.h"
#include "core/notation.h"

namespace zertz {

namespace {

// The field, or a shared null when absent (lookups chain without checks).
const Json& field(const Json& o, std::string_view name) {
  static const Json null;
  const Json* f = o.get(name);
  return f ? *f : null;
}
// The string field's text, or "" when absent or not a string.
const std::string& text(const Json& o, std::string_view name) {
  static const std::string empty;
  const Json& f = field(o, name);
  return f.kind == Json::String ? f.text : empty;
}
bool isTrue(const Json& o, std::string_view name) { return field(o, name).kind == Json::Bool && field(o, name).text == "true"; }
// A number field as an int, or `otherwise` when absent or not a number.
int number(const Json& o, std::string_view name, int otherwise) {
  const Json& f = field(o, name);
  return f.kind == Json::Number ? int(std::strtol(f.text.c_str(), nullptr, 10)) : otherwise;
}

// "value" and, for a win or a loss of known length, "plies".
void valueFields(JsonWriter& w, const GameValue& v) {
  w.field("value", outcomeName(v.outcome));
  if ((v.outcome == Outcome::Win || v.outcome == Outcome::Loss) && v.plies >= 0) w.field("plies", v.plies);
}

bool valueNamed(const std::string& name, Outcome& out) {
  for (Outcome v : {Outcome::Unknown, Outcome::Win, Outcome::Loss, Outcome::Draw})
    if (name == outcomeName(v)) return out = v, true;
  return false;
}

void needArray(JsonWriter& w, const std::vector<BlockNeed>& need) {
  w.key("need").array();
  for (const BlockNeed& n : need)
    w.object()
        .field("name", n.name)
        .field("block", n.ref.block)
        .field("offset", n.ref.fileOffset)
        .field("size", n.ref.compressedSize)
        .end();
  w.end();
}

void movesArray(JsonWriter& w, const Position& pos, const Hints& h) {
  w.key("moves").array();
  for (const MoveHint& mh : h.moves) {
    w.object().field("move", moveToString(pos, mh.move));
    valueFields(w, mh.value);
    if (h.source == Hints::Source::Proof && !mh.value.exact) w.field("bound", true);
    w.end();
  }
  w.end();
}

// The position's estimate and the unproven moves' estimates.
void estimateFields(JsonWriter& w, const Position& pos, const Hints& h) {
  w.field("estimate", h.estimate)
      .field("estimateText", scoreToString(h.estimate))
      .field("winprob", winProbability(h.estimate, pos))
      .key("estimates")
      .array();
  for (const MoveEstimate& e : h.estimates)
    w.object().field("move", moveToString(pos, e.move)).field("score", e.score).field("winprob", e.winprob).end();
  w.end();
}

}  // namespace

std::string hintsToJson(const Position& pos, const Hints& h) {
  JsonWriter w;
  w.object();
  if (h.source == Hints::Source::Over) {
    w.field("source", "over").field("value", "none").key("moves").array().end();
    needArray(w, {});
  } else if (h.source == Hints::Source::Tables) {
    // A failed or pending lookup lists no moves; only a pending one its needs.
    w.field("source", "tables");
    if (!h.error.empty()) {
      w.field("error", h.error).key("moves").array().end();
    } else if (h.pending) {
      w.field("pending", true).key("moves").array().end();
    } else {
      valueFields(w, h.value);
      w.field("exact", true);
      movesArray(w, pos, h);
    }
    needArray(w, h.error.empty() && h.pending ? h.need : std::vector<BlockNeed>{});
  } else {
    w.field("source", "proof");
    valueFields(w, h.value);
    w.field("exact", h.value.known()).field("pliesExact", h.value.exact).field("tables", h.usedTables);
    if (h.hasBest) w.field("best", moveToString(pos, h.best));
    movesArray(w, pos, h);
    if (h.hasEstimate) estimateFields(w, pos, h);
    if (h.emptyPart) w.field("emptyPart", true);
    needArray(w, h.need);
  }
  return w.end().take();
}

bool hintsFromJson(const Position& pos, const Json& part, const std::string& where, Hints& h,
                   std::string& error) {
  auto fail = [&](const std::string& why) { return error = where + ": " + why, false; };
  if (part.kind != Json::Object) return fail("not an object");
  h = Hints{};
  h.error = text(part, "error");
  const std::string& source = text(part, "source");
  if (!h.error.empty() && source.empty()) return fail(h.error);  // the part failed as a whole
  if (source == "over") return h.source = Hints::Source::Over, true;
  if (source != "tables" && source != "proof") return fail("source '" + source + "' is not over, tables or proof");
  h.source = source == "tables" ? Hints::Source::Tables : Hints::Source::Proof;
  h.pending = isTrue(part, "pending");
  if (!h.error.empty() || h.pending) return true;
  if (!valueNamed(text(part, "value"), h.value.outcome))
    return fail("value '" + text(part, "value") + "' is not win, loss, draw or unknown");
  h.value.plies = number(part, "plies", -1);
  h.value.exact = isTrue(part, "pliesExact") || h.source == Hints::Source::Tables;
  h.usedTables = isTrue(part, "tables"), h.emptyPart = isTrue(part, "emptyPart");
  if (!text(part, "best").empty()) {
    if (!parseLegalMove(pos, text(part, "best"), h.best, error)) return fail("best: " + error);
    h.hasBest = true;
  }
  if (field(part, "estimate").kind == Json::Number) h.hasEstimate = true, h.estimate = number(part, "estimate", 0);
  const Json& estimates = field(part, "estimates");
  const bool anyEstimate = estimates.kind == Json::Array && !estimates.items.empty();
  const WinProbTerms at = anyEstimate ? winProbTerms(pos) : WinProbTerms{};
  for (size_t i = 0; estimates.kind == Json::Array && i < estimates.items.size(); ++i) {
    const Json& e = estimates.items[i];
    MoveEstimate me;
    const std::string where = "estimates[" + std::to_string(i) + "]";
    if (!parseLegalMove(pos, text(e, "move"), me.move, error)) return fail(where + ": " + error);
    if (field(e, "score").kind != Json::Number) return fail(where + ": score is not a number");
    // The probability follows from the score (no float parsing in the download).
    me.score = number(e, "score", 0);
    me.winprob = winProbability(me.score, at);
    h.estimates.push_back(me);
  }
  const Json& moves = field(part, "moves");
  if (moves.kind != Json::Array) return fail("moves is not an array");
  for (size_t i = 0; i < moves.items.size(); ++i) {
    const Json& m = moves.items[i];
    MoveHint mh;
    if (!parseLegalMove(pos, text(m, "move"), mh.move, error)) return fail("moves[" + std::to_string(i) + "]: " + error);
    if (field(m, "value").kind != Json::String || !valueNamed(text(m, "value"), mh.value.outcome))
      return fail("moves[" + std::to_string(i) + "]: bad value");
    mh.value.plies = number(m, "plies", -1), mh.value.exact = !isTrue(m, "bound");
    h.moves.push_back(mh);
  }
  return true;
}

std::string mergeHintsJson(const Position& pos, const std::vector<std::string>& parts) {
  if (parts.empty()) return jsonError("hintsMerge: expected a non-empty array of parts");
  std::vector<Hints> all(parts.size());
  std::string error;
  for (size_t i = 0; i < parts.size(); ++i) {
    const std::string where = "hint part " + std::to_string(i);
    Json part;
    if (parts[i].empty()) return jsonError(where + ": expected the part's JSON text");
    if (!parseJson(parts[i], part, error)) return jsonError(where + ": " + error);
    if (!hintsFromJson(pos, part, where, all[i], error)) return jsonError(error);
  }
  return hintsToJson(pos, mergeHintParts(pos, all));
}

std::string proofResultJson(const ProofResult& r) {
  JsonWriter w;
  w.object();
  valueFields(w, r.value);
  return w.field("nodes", r.nodes).field("seconds", r.seconds).end().take();
}

}  // namespace zertz
