#include "core/records/tree_json.h"

#include <memory>

#include "core/json.h"
#include "core/json_writer.h"

#include "core/notation.h"
#include "core/records/record_internal.h"

namespace zertz {

using namespace record_detail;

namespace {

void nodeObject(JsonWriter& w, const TreeNode& n, const Position& pos, bool root) {
  w.object();
  if (!root) w.field("move", moveToString(pos, n.move));
  w.field("comment", n.comment);
  if (!root) w.field("mark", n.mark);
  w.key("children").array();
  for (const TreeNode& child : n.children) {
    Position next = pos;
    if (!root) next.play(n.move);
    nodeObject(w, child, next, false);
  }
  w.end().end();
}

// A string field, "" when absent; false when present but not a string.
bool stringField(const Json& obj, std::string_view key, std::string& out, const std::string& where,
                 std::string& error) {
  out.clear();
  const Json* v = obj.get(key);
  if (!v || v->kind == Json::Null) return true;
  if (v->kind != Json::String) return error = where + "." + std::string(key) + ": expected a string", false;
  out = v->text;
  return true;
}

// Reads the children of a node into n, each move checked in game's position.
bool readChildren(const Json& obj, TreeNode& n, const Game& game, const std::string& where, std::string& error) {
  const Json* kids = obj.get("children");
  if (!kids || kids->kind == Json::Null) return true;
  if (kids->kind != Json::Array) return error = where + ".children: expected an array", false;
  for (size_t i = 0; i < kids->items.size(); ++i) {
    const Json& k = kids->items[i];
    std::string here = where + ".children[" + std::to_string(i) + "]", text, why;
    if (k.kind != Json::Object) return error = here + ": expected an object", false;
    TreeNode child;
    if (!stringField(k, "move", text, here, error) || !stringField(k, "comment", child.comment, here, error) ||
        !stringField(k, "mark", child.mark, here, error))
      return false;
    child.comment = normalizeComment(child.comment);
    if (!isMark(child.mark)) return error = here + ".mark: " + quoted(child.mark) + " is not \"\", \"inaccuracy\", \"mistake\" or \"decisive\"", false;
    if (game.result().over()) return error = here + ": move " + quoted(text) + " after the game ended", false;
    if (!parseLegalMove(game.position(), text, child.move, why)) return error = here + ": move " + quoted(text) + ": " + why, false;
    for (const TreeNode& sibling : n.children)
      if (sibling.move == child.move) return error = here + ": move " + quoted(text) + " is already a sibling", false;
    Game next = game;
    next.play(child.move);
    if (!readChildren(k, child, next, here, error)) return false;
    n.children.push_back(std::move(child));
  }
  return true;
}

bool readMeta(const Json& meta, Record& r, std::string& error) {
  if (meta.kind != Json::Object) return error = "meta: expected an object", false;
  static const std::pair<const char*, const char*> tagOf[] = {
      {"player0", "Player0"}, {"player1", "Player1"}, {"date", "Date"}, {"event", "Event"}};
  for (auto [field, tag] : tagOf) {
    std::string v;
    if (!stringField(meta, field, v, "meta", error)) return false;
    if (!v.empty()) r.tags[tag] = v;
  }
  std::string start, marbles, layout;
  if (!stringField(meta, "start", start, "meta", error)) return false;
  if (!start.empty()) {
    if (!parsePositionString(start, r.start, error)) return error = "meta.start: " + error, false;
    return true;
  }
  const Json* variant = meta.get("variant");
  if (!variant || variant->kind != Json::Object) return error = "meta.variant: expected {\"marbles\", \"layout\"}", false;
  if (!stringField(*variant, "marbles", marbles, "meta.variant", error) ||
      !stringField(*variant, "layout", layout, "meta.variant", error))
    return false;
  if (!startPosition(marbles, layout, r.start, error)) return error = "meta.variant: " + error, false;
  return true;
}

// The tree's object without its closing brace: the caller may add fields.
JsonWriter openTree(const Record& r) {
  RecordOutcome o = recordOutcome(r);
  auto tag = [&](const char* key) {
    auto it = r.tags.find(key);
    return it == r.tags.end() ? std::string() : it->second;
  };
  bool standardStart = r.start == Position::start(*r.start.geo, r.start.set);
  JsonWriter w;
  w.object().key("meta").object();
  w.field("player0", tag("Player0")).field("player1", tag("Player1")).field("date", tag("Date")).field("event", tag("Event"));
  w.field("result", o.result).field("resultReason", o.reason);
  w.key("variant").object().field("marbles", r.start.marbleSet().name).field("layout", r.start.geo->token).end();
  w.field("start", standardStart ? "" : toPositionString(r.start)).end().key("root");
  nodeObject(w, r.root, r.start, true);
  return w;
}

}  // namespace

std::string treeToJson(const Record& r) { return openTree(r).end().take(); }

std::string recordTextToTreeJson(std::string_view text) {
  Record r;
  std::string error;
  if (!importRecord(text, r, error)) return jsonError(error);
  JsonWriter w = openTree(r);
  if (r.damaged) w.field("damage", describeRecord(r));
  return w.end().take();
}

std::string treeJsonToRecordText(std::string_view json, std::string_view format) {
  if (format != "record" && format != "sgf") return jsonError("unknown format '" + std::string(format) + "' (record or sgf)");
  Record r;
  std::string error;
  if (!treeFromJson(json, r, error)) return jsonError(error);
  return format == "sgf" ? exportSgf(r) : exportRecord(r);
}

bool treeFromJson(std::string_view json, Record& out, std::string& error) {
  Json doc;
  if (!parseJson(json, doc, error)) return false;
  if (doc.kind != Json::Object) return error = "expected a JSON object {\"meta\":..., \"root\":...}", false;
  const Json* meta = doc.get("meta");
  const Json* root = doc.get("root");
  if (!meta) return error = "missing \"meta\"", false;
  if (!root || root->kind != Json::Object) return error = "missing \"root\" object", false;
  Record r;
  if (!readMeta(*meta, r, error)) return false;
  r.tags["Variant"] = layoutToken(r.start);
  if (!stringField(*root, "comment", r.root.comment, "root", error)) return false;
  r.root.comment = normalizeComment(r.root.comment);
  if (!readChildren(*root, r.root, Game(r.start), "root", error)) return false;
  r.moves = mainLine(r.root);
  std::string result, reason;
  if (!stringField(*meta, "result", result, "meta", error) || !stringField(*meta, "resultReason", reason, "meta", error))
    return false;
  static const char* reasons[] = {"", "set", "emptied", "passes", "repetition", "resign", "time", "agreement", "unknown"};
  bool known = false;
  for (const char* k : reasons) known = known || reason == k;
  if (!known) return error = "meta.resultReason: unknown reason " + quoted(reason), false;
  if (!result.empty() && result != "0" && result != "1" && result != "draw")
    return error = "meta.result: " + quoted(result) + " is not \"0\", \"1\", \"draw\" or \"\"", false;
  if ((reason == "resign" || reason == "time") && (result == "draw" || result.empty()))
    return error = "meta.result: a " + reason + " needs a winner \"0\" or \"1\"", false;
  // A result the rules reach is recomputed from the moves; the others are kept.
  bool byRules = reason == "set" || reason == "emptied" || reason == "passes" || reason == "repetition";
  if (!result.empty() && !byRules) applyResultTag(r, result + (reason.empty() ? "" : " " + reason));
  out = std::move(r);
  return true;
}

}  // namespace zertz
