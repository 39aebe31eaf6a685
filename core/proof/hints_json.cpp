#include "core/proof/hints_json.h"

#include "core/engine/search.h"
#include "core/engine/winprob.h"
#include "core/notation.h"

namespace zertz {

namespace {

using json::quote;

// "value" and, for a win or a loss of known length, "plies".
std::string valueFields(ProofValue v, int plies) {
  std::string s = "\"value\":" + quote(proofValueName(v));
  if ((v == ProofValue::Win || v == ProofValue::Loss) && plies >= 0) s += ",\"plies\":" + std::to_string(plies);
  return s;
}

bool valueNamed(const std::string& name, ProofValue& out) {
  for (ProofValue v : {ProofValue::Unknown, ProofValue::Win, ProofValue::Loss, ProofValue::Draw})
    if (name == proofValueName(v)) return out = v, true;
  return false;
}

int pliesOf(const json::Value& v) { return v["plies"].isNumber() ? int(v["plies"].number) : -1; }

std::string errorJson(const std::string& error) { return "{\"error\":" + quote(error) + "}"; }

}  // namespace

std::string hintsToJson(const Position& pos, const Hints& h) {
  if (h.source == Hints::Source::Over) return "{\"source\":\"over\",\"value\":\"none\",\"moves\":[],\"need\":[]}";
  std::string need = "[";
  for (size_t i = 0; i < h.need.size(); ++i)
    need += std::string(i ? "," : "") + "{\"name\":" + quote(h.need[i].name) +
            ",\"block\":" + std::to_string(h.need[i].ref.block) + ",\"offset\":" + std::to_string(h.need[i].ref.fileOffset) +
            ",\"size\":" + std::to_string(h.need[i].ref.compressedSize) + "}";
  need += "]";
  std::string list;
  for (const MoveHint& mh : h.moves)
    list += std::string(list.empty() ? "" : ",") + "{\"move\":" + quote(moveToString(pos, mh.move)) + "," +
            valueFields(mh.value, mh.plies) + (h.source == Hints::Source::Proof && mh.bound ? ",\"bound\":true" : "") + "}";
  if (h.source == Hints::Source::Tables) {
    if (!h.error.empty()) return "{\"source\":\"tables\",\"error\":" + quote(h.error) + ",\"moves\":[],\"need\":[]}";
    if (h.pending) return "{\"source\":\"tables\",\"pending\":true,\"moves\":[],\"need\":" + need + "}";
    return "{\"source\":\"tables\"," + valueFields(h.value, h.plies) + ",\"exact\":true,\"moves\":[" + list + "],\"need\":[]}";
  }
  std::string out = "{\"source\":\"proof\"," + valueFields(h.value, h.plies) + ",\"exact\":" + (h.exact ? "true" : "false") +
                    ",\"pliesExact\":" + (h.pliesExact ? "true" : "false") + ",\"tables\":" + (h.usedTables ? "true" : "false");
  if (h.hasBest) out += ",\"best\":" + quote(moveToString(pos, h.best));
  out += ",\"moves\":[" + list + "]";
  if (h.hasEstimate)
    out += ",\"estimate\":" + std::to_string(h.estimate) + ",\"estimateText\":" + quote(scoreToString(h.estimate)) +
           ",\"winprob\":" + std::to_string(winProbability(h.estimate, *pos.geo));
  if (h.emptyPart) out += ",\"emptyPart\":true";
  return out + ",\"need\":" + need + "}";
}

bool hintsFromJson(const Position& pos, const json::Value& part, const std::string& where, Hints& h,
                   std::string& error) {
  auto fail = [&](const std::string& why) { return error = where + ": " + why, false; };
  if (!part.isObject()) return fail("not an object");
  h = Hints{};
  h.error = part["error"].text();
  const std::string& source = part["source"].text();
  if (!h.error.empty() && source.empty()) return fail(h.error);  // the part failed as a whole
  if (source == "over") return h.source = Hints::Source::Over, true;
  if (source != "tables" && source != "proof") return fail("source '" + source + "' is not over, tables or proof");
  h.source = source == "tables" ? Hints::Source::Tables : Hints::Source::Proof;
  h.pending = part["pending"].isTrue();
  if (!h.error.empty() || h.pending) return true;
  if (!valueNamed(part["value"].text(), h.value))
    return fail("value '" + part["value"].text() + "' is not win, loss, draw or unknown");
  h.plies = pliesOf(part);
  h.exact = part["exact"].isTrue();
  h.pliesExact = part["pliesExact"].isTrue() || h.source == Hints::Source::Tables;
  h.usedTables = part["tables"].isTrue(), h.emptyPart = part["emptyPart"].isTrue();
  if (!part["best"].text().empty()) {
    if (!parseLegalMove(pos, part["best"].text(), h.best, error)) return fail("best: " + error);
    h.hasBest = true;
  }
  if (part["estimate"].isNumber()) h.hasEstimate = true, h.estimate = int(part["estimate"].number);
  const json::Value& moves = part["moves"];
  if (!moves.isArray()) return fail("moves is not an array");
  for (size_t i = 0; i < moves.items.size(); ++i) {
    const json::Value& m = moves.items[i];
    MoveHint mh;
    if (!parseLegalMove(pos, m["move"].text(), mh.move, error)) return fail("moves[" + std::to_string(i) + "]: " + error);
    if (!valueNamed(m["value"].text(), mh.value) || !m["value"].isString())
      return fail("moves[" + std::to_string(i) + "]: bad value");
    mh.plies = pliesOf(m), mh.bound = m["bound"].isTrue();
    h.moves.push_back(mh);
  }
  return true;
}

std::string mergeHintsJson(const Position& pos, const std::string& partsJson) {
  json::Value parts;
  std::string error;
  if (!json::parse(partsJson, parts, error)) return errorJson("hintsMerge: " + error);
  if (!parts.isArray() || parts.items.empty()) return errorJson("hintsMerge: expected a non-empty array of parts");
  std::vector<Hints> all(parts.items.size());
  for (size_t i = 0; i < parts.items.size(); ++i)
    if (!hintsFromJson(pos, parts.items[i], "hint part " + std::to_string(i), all[i], error)) return errorJson(error);
  return hintsToJson(pos, mergeHintParts(all));
}

std::string proofResultJson(const ProofResult& r) {
  return "{" + valueFields(r.value, r.plies) + ",\"nodes\":" + std::to_string(r.nodes) +
         ",\"seconds\":" + std::to_string(r.seconds) + "}";
}

}  // namespace zertz
