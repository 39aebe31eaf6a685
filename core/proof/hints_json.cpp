#include "core/proof/hints_json.h"

#include <cstdlib>

#include "core/engine/search.h"
#include "core/engine/winprob.h"
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
std::string valueFields(const GameValue& v) {
  std::string s = "\"value\":" + jsonString(outcomeName(v.outcome));
  if ((v.outcome == Outcome::Win || v.outcome == Outcome::Loss) && v.plies >= 0) s += ",\"plies\":" + std::to_string(v.plies);
  return s;
}

bool valueNamed(const std::string& name, Outcome& out) {
  for (Outcome v : {Outcome::Unknown, Outcome::Win, Outcome::Loss, Outcome::Draw})
    if (name == outcomeName(v)) return out = v, true;
  return false;
}

std::string estimatesJson(const Position& pos, const Hints& h) {
  std::string out = "[";
  for (const MoveEstimate& e : h.estimates)
    out += std::string(out.size() > 1 ? "," : "") + "{\"move\":" + jsonString(moveToString(pos, e.move)) +
           ",\"score\":" + std::to_string(e.score) + ",\"winprob\":" + std::to_string(e.winprob) + "}";
  return out + "]";
}

std::string errorJson(const std::string& error) { return "{\"error\":" + jsonString(error) + "}"; }

}  // namespace

std::string hintsToJson(const Position& pos, const Hints& h) {
  if (h.source == Hints::Source::Over) return "{\"source\":\"over\",\"value\":\"none\",\"moves\":[],\"need\":[]}";
  std::string need = "[";
  for (size_t i = 0; i < h.need.size(); ++i)
    need += std::string(i ? "," : "") + "{\"name\":" + jsonString(h.need[i].name) +
            ",\"block\":" + std::to_string(h.need[i].ref.block) + ",\"offset\":" + std::to_string(h.need[i].ref.fileOffset) +
            ",\"size\":" + std::to_string(h.need[i].ref.compressedSize) + "}";
  need += "]";
  std::string list;
  for (const MoveHint& mh : h.moves)
    list += std::string(list.empty() ? "" : ",") + "{\"move\":" + jsonString(moveToString(pos, mh.move)) + "," +
            valueFields(mh.value) + (h.source == Hints::Source::Proof && !mh.value.exact ? ",\"bound\":true" : "") + "}";
  if (h.source == Hints::Source::Tables) {
    if (!h.error.empty()) return "{\"source\":\"tables\",\"error\":" + jsonString(h.error) + ",\"moves\":[],\"need\":[]}";
    if (h.pending) return "{\"source\":\"tables\",\"pending\":true,\"moves\":[],\"need\":" + need + "}";
    return "{\"source\":\"tables\"," + valueFields(h.value) + ",\"exact\":true,\"moves\":[" + list + "],\"need\":[]}";
  }
  std::string out = "{\"source\":\"proof\"," + valueFields(h.value) + ",\"exact\":" + (h.value.known() ? "true" : "false") +
                    ",\"pliesExact\":" + (h.value.exact ? "true" : "false") + ",\"tables\":" + (h.usedTables ? "true" : "false");
  if (h.hasBest) out += ",\"best\":" + jsonString(moveToString(pos, h.best));
  out += ",\"moves\":[" + list + "]";
  if (h.hasEstimate)
    out += ",\"estimate\":" + std::to_string(h.estimate) + ",\"estimateText\":" + jsonString(scoreToString(h.estimate)) +
           ",\"winprob\":" + std::to_string(winProbability(h.estimate, *pos.geo)) + ",\"estimates\":" + estimatesJson(pos, h);
  if (h.emptyPart) out += ",\"emptyPart\":true";
  return out + ",\"need\":" + need + "}";
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
  for (size_t i = 0; estimates.kind == Json::Array && i < estimates.items.size(); ++i) {
    const Json& e = estimates.items[i];
    MoveEstimate me;
    const std::string where = "estimates[" + std::to_string(i) + "]";
    if (!parseLegalMove(pos, text(e, "move"), me.move, error)) return fail(where + ": " + error);
    if (field(e, "score").kind != Json::Number) return fail(where + ": score is not a number");
    // The probability follows from the score (no float parsing in the download).
    me.score = number(e, "score", 0);
    me.winprob = winProbability(me.score, *pos.geo);
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

std::string mergeHintsJson(const Position& pos, const std::string& partsJson) {
  Json parts;
  std::string error;
  if (!parseJson(partsJson, parts, error)) return errorJson("hintsMerge: " + error);
  if (parts.kind != Json::Array || parts.items.empty()) return errorJson("hintsMerge: expected a non-empty array of parts");
  std::vector<Hints> all(parts.items.size());
  for (size_t i = 0; i < parts.items.size(); ++i)
    if (!hintsFromJson(pos, parts.items[i], "hint part " + std::to_string(i), all[i], error)) return errorJson(error);
  return hintsToJson(pos, mergeHintParts(pos, all));
}

std::string proofResultJson(const ProofResult& r) {
  return "{" + valueFields(r.value) + ",\"nodes\":" + std::to_string(r.nodes) +
         ",\"seconds\":" + std::to_string(r.seconds) + "}";
}

}  // namespace zertz
