#include "core/proof/review.h"

#include <cstdio>
#include <cstdlib>

#include "core/json.h"
#include "core/json_writer.h"

namespace zertz {

std::string valueText(const PositionValue& v) {
  if (v.exact()) return valueText(v.proven);
  char buf[16];
  std::snprintf(buf, sizeof buf, "p=%.2f", v.winprob);
  return buf;
}

bool parseValueText(std::string_view text, PositionValue& out, std::string& error) {
  auto bad = [&](const char* why) {
    error = "value '" + std::string(text.substr(0, 40)) + "': " + why;
    return false;
  };
  std::string t(text);
  if (t == "draw") return out = {{Outcome::Draw, -1, false}}, true;
  bool win = t.rfind("win ", 0) == 0, loss = t.rfind("loss ", 0) == 0;
  if (win || loss) {
    std::string n = t.substr(win ? 4 : 5);
    if (n.empty() || n.size() > 6 || n.find_first_not_of("0123456789") != std::string::npos)
      return bad("expected a number of plies after win/loss");
    out = {{win ? Outcome::Win : Outcome::Loss, std::atoi(n.c_str()), false}};
    return true;
  }
  // "p=" then digits with at most one '.', read by hand: strtod would bring
  // the C library's long-double parser into the wasm download.
  if (t.rfind("p=", 0) == 0 && t.size() > 2 && t.size() < 16 && t.find_first_not_of("0123456789.", 2) == std::string::npos &&
      t.find('.') == t.rfind('.') && t[2] != '.' && t.back() != '.') {
    double p = 0, scale = 0;
    for (size_t i = 2; i < t.size(); ++i) {
      if (t[i] == '.') scale = 1;
      else if (scale > 0) scale /= 10, p += (t[i] - '0') * scale;
      else p = p * 10 + (t[i] - '0');
    }
    if (p <= 1) return out = PositionValue::estimate(p), true;
  }
  return bad("expected 'win N', 'loss N', 'draw' or 'p=0.NN' (0 to 1)");
}

std::string reviewMark(const PositionValue& before, const PositionValue& after, bool onlyMove, bool engineChoice) {
  if (onlyMove) return "";
  // after is the opponent's view: the mover's is its mirror.
  bool afterLost = after.proven.outcome == Outcome::Win;
  bool afterDrawn = after.proven.outcome == Outcome::Draw;
  bool wasWon = before.proven.outcome == Outcome::Win, wasLost = before.proven.outcome == Outcome::Loss;
  if ((wasWon && (afterLost || afterDrawn)) || (!wasLost && afterLost)) return "decisive";
  double drop = before.probability() - (1.0 - after.probability());
  if (engineChoice) return "";
  return drop >= kMistakeDrop - 1e-9 ? "mistake" : drop >= kInaccuracyDrop - 1e-9 ? "inaccuracy"
                                                                                  : "";
}

namespace {

// values[k] from values[k + 1] and the move played (see reviewLine).
void carryBack(std::vector<PositionValue>& values, const std::vector<bool>& onlyMove) {
  for (size_t k = values.size() > 0 ? values.size() - 1 : 0; k-- > 0;) {
    if (values[k].exact()) continue;
    const GameValue next = values[k + 1].proven;
    const bool forced = k < onlyMove.size() && onlyMove[k];
    if (next.outcome == Outcome::Loss || (forced && next.known())) {
      values[k].proven = next.forMover();
      values[k].proven.exact = values[k].proven.exact && forced;
    }
  }
}

bool provenFor(const PositionValue& v, Outcome a, Outcome b) { return v.proven.outcome == a || v.proven.outcome == b; }

}  // namespace

LineReview reviewLine(const std::vector<PositionValue>& values, const std::vector<bool>& onlyMove,
                      const std::vector<bool>& engineChoice) {
  LineReview out{values, {}};
  carryBack(out.values, onlyMove);
  const std::vector<PositionValue>& v = out.values;
  bool inLostStretch[2] = {false, false};  // by parity of the player's moves
  for (size_t i = 0; i + 1 < v.size(); ++i) {
    const int me = int(i % 2), opp = 1 - me;
    if (provenFor(v[i], Outcome::Win, Outcome::Draw)) inLostStretch[me] = false;
    if (provenFor(v[i], Outcome::Loss, Outcome::Draw)) inLostStretch[opp] = false;
    std::string mark = reviewMark(v[i], v[i + 1], i < onlyMove.size() && onlyMove[i],
                                  i < engineChoice.size() && engineChoice[i]);
    if (mark == "decisive") {
      if (inLostStretch[me]) mark.clear();
      else inLostStretch[me] = true, inLostStretch[opp] = false;
    }
    out.marks.push_back(mark);
  }
  return out;
}

std::string reviewMarksJson(std::string_view valuesJson) {
  Json doc;
  std::string error;
  if (!parseJson(valuesJson, doc, error)) return jsonError(error);
  if (doc.kind != Json::Array) return jsonError("expected a JSON array of position values");
  std::vector<PositionValue> values;
  std::vector<bool> only, engineChoice;
  const auto isTrue = [](const Json* b) { return b && b->kind == Json::Bool && b->text == "true"; };
  for (size_t i = 0; i < doc.items.size(); ++i) {
    const Json& e = doc.items[i];
    const bool object = e.kind == Json::Object;
    const Json* text = object ? e.get("value") : &e;
    const std::string where = "entry " + std::to_string(i) + ": ";
    if (!text || text->kind != Json::String) return jsonError(where + "expected a value text or {\"value\": text}");
    PositionValue v;
    if (!parseValueText(text->text, v, error)) return jsonError(where + error);
    values.push_back(v);
    only.push_back(object && isTrue(e.get("onlyMove")));
    engineChoice.push_back(object && isTrue(e.get("engineChoice")));
  }
  JsonWriter w;
  w.array();
  for (const std::string& m : reviewMarks(values, only, engineChoice)) w.value(m);
  return w.end().take();
}

}  // namespace zertz
