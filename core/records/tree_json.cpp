#include "core/records/tree_json.h"

#include <memory>

#include "core/notation.h"
#include "core/records/record_internal.h"

namespace zertz {

using namespace record_detail;

std::string jsonString(std::string_view s) {
  std::string o = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') o += '\\', o += char(c);
    else if (c == '\n') o += "\\n";
    else if (c < 32) {
      static const char* hex = "0123456789abcdef";
      o += "\\u00", o += hex[c >> 4], o += hex[c & 15];
    } else o += char(c);
  }
  return o + "\"";
}

namespace {

void nodeJson(std::string& s, const TreeNode& n, const Position& pos, bool root) {
  s += "{";
  if (!root) s += "\"move\":" + jsonString(moveToString(pos, n.move)) + ",";
  s += "\"comment\":" + jsonString(n.comment);
  if (!root) s += ",\"mark\":" + jsonString(n.mark);
  s += ",\"children\":[";
  for (size_t i = 0; i < n.children.size(); ++i) {
    Position next = pos;
    if (!root) next.play(n.move);
    if (i) s += ",";
    nodeJson(s, n.children[i], next, false);
  }
  s += "]}";
}

// ---- a small JSON reader: enough for the tree (objects, arrays, strings;
// numbers, booleans and null are accepted and ignored) ----
struct Json {
  enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
  std::string text;
  std::vector<Json> items;                          // Array
  std::vector<std::pair<std::string, Json>> fields;  // Object
  const Json* get(std::string_view key) const {
    for (const auto& [k, v] : fields)
      if (k == key) return &v;
    return nullptr;
  }
};

class JsonReader {
 public:
  explicit JsonReader(std::string_view t) : t_(t) {}
  bool parse(Json& out, std::string& error) {
    if (!value(out, 0)) return error = error_, false;
    space();
    if (i_ != t_.size()) return error = at("unexpected text after the JSON value"), false;
    return true;
  }

 private:
  std::string at(const std::string& what) { return "JSON at offset " + std::to_string(i_) + ": " + what; }
  bool fail(const std::string& what) {
    if (error_.empty()) error_ = at(what);
    return false;
  }
  void space() {
    while (i_ < t_.size() && isSpace(t_[i_])) ++i_;
  }
  bool literal(std::string_view word) {
    if (t_.substr(i_, word.size()) != word) return fail("unexpected " + quoted(t_.substr(i_, 8)));
    i_ += word.size();
    return true;
  }
  bool value(Json& v, int depth) {
    if (depth > 2000) return fail("nested too deeply");
    space();
    if (i_ >= t_.size()) return fail("unexpected end");
    char c = t_[i_];
    if (c == '{') return object(v, depth);
    if (c == '[') return array(v, depth);
    if (c == '"') return v.kind = Json::String, string(v.text);
    if (c == 't') return v.kind = Json::Bool, literal("true");
    if (c == 'f') return v.kind = Json::Bool, literal("false");
    if (c == 'n') return v.kind = Json::Null, literal("null");
    size_t start = i_;
    while (i_ < t_.size() && std::string_view("+-0123456789.eE").find(t_[i_]) != std::string_view::npos) ++i_;
    if (i_ == start) return fail("unexpected " + quoted(t_.substr(i_, 8)));
    v.kind = Json::Number;
    v.text = std::string(t_.substr(start, i_ - start));
    return true;
  }
  bool object(Json& v, int depth) {
    v.kind = Json::Object;
    ++i_;
    space();
    if (i_ < t_.size() && t_[i_] == '}') return ++i_, true;
    for (;;) {
      space();
      std::string key;
      if (i_ >= t_.size() || t_[i_] != '"') return fail("expected a field name");
      if (!string(key)) return false;
      space();
      if (i_ >= t_.size() || t_[i_] != ':') return fail("expected ':'");
      ++i_;
      v.fields.emplace_back(key, Json{});
      if (!value(v.fields.back().second, depth + 1)) return false;
      space();
      if (i_ < t_.size() && t_[i_] == ',') ++i_;
      else if (i_ < t_.size() && t_[i_] == '}') return ++i_, true;
      else return fail("expected ',' or '}'");
    }
  }
  bool array(Json& v, int depth) {
    v.kind = Json::Array;
    ++i_;
    space();
    if (i_ < t_.size() && t_[i_] == ']') return ++i_, true;
    for (;;) {
      v.items.emplace_back();
      if (!value(v.items.back(), depth + 1)) return false;
      space();
      if (i_ < t_.size() && t_[i_] == ',') ++i_;
      else if (i_ < t_.size() && t_[i_] == ']') return ++i_, true;
      else return fail("expected ',' or ']'");
    }
  }
  static void utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) out += char(cp);
    else if (cp < 0x800) out += char(0xC0 | (cp >> 6)), out += char(0x80 | (cp & 63));
    else if (cp < 0x10000)
      out += char(0xE0 | (cp >> 12)), out += char(0x80 | ((cp >> 6) & 63)), out += char(0x80 | (cp & 63));
    else
      out += char(0xF0 | (cp >> 18)), out += char(0x80 | ((cp >> 12) & 63)), out += char(0x80 | ((cp >> 6) & 63)),
          out += char(0x80 | (cp & 63));
  }
  bool hex4(unsigned& cp) {
    if (i_ + 4 > t_.size()) return fail("bad \\u escape");
    cp = 0;
    for (int k = 0; k < 4; ++k) {
      char h = t_[i_++];
      int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
      if (d < 0) return fail("bad \\u escape");
      cp = cp * 16 + unsigned(d);
    }
    return true;
  }
  bool string(std::string& out) {
    ++i_;  // '"'
    for (;;) {
      if (i_ >= t_.size()) return fail("unterminated string");
      char c = t_[i_++];
      if (c == '"') return true;
      if ((unsigned char)c < 32) return fail("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= t_.size()) return fail("unterminated string");
      char e = t_[i_++];
      const char* map = "\"\"\\\\//b\bf\fn\nr\rt\t";
      const char* hit = nullptr;
      for (const char* m = map; *m; m += 2)
        if (*m == e) hit = m;
      if (hit) {
        out += hit[1];
        continue;
      }
      if (e != 'u') return fail("bad escape \\" + std::string(1, e));
      unsigned cp;
      if (!hex4(cp)) return false;
      if (cp >= 0xD800 && cp < 0xDC00 && t_.substr(i_, 2) == "\\u") {
        i_ += 2;
        unsigned low;
        if (!hex4(low)) return false;
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
      }
      utf8(out, cp);
    }
  }

  std::string_view t_;
  size_t i_ = 0;
  std::string error_;
};

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
    if (!isMark(child.mark)) return error = here + ".mark: " + quoted(child.mark) + " is not \"\", \"mistake\" or \"decisive\"", false;
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

}  // namespace

std::string treeToJson(const Record& r) {
  RecordOutcome o = recordOutcome(r);
  auto tag = [&](const char* key) {
    auto it = r.tags.find(key);
    return jsonString(it == r.tags.end() ? "" : it->second);
  };
  bool standardStart = r.start == Position::start(*r.start.geo, r.start.set);
  std::string s = "{\"meta\":{\"player0\":" + tag("Player0") + ",\"player1\":" + tag("Player1") +
                  ",\"date\":" + tag("Date") + ",\"event\":" + tag("Event") + ",\"result\":" + jsonString(o.result) +
                  ",\"resultReason\":" + jsonString(o.reason) + ",\"variant\":{\"marbles\":" +
                  jsonString(r.start.marbleSet().name) + ",\"layout\":" + jsonString(r.start.geo->token) +
                  "},\"start\":" + jsonString(standardStart ? "" : toPositionString(r.start)) + "},\"root\":";
  nodeJson(s, r.root, r.start, true);
  return s + "}";
}

bool treeFromJson(std::string_view json, Record& out, std::string& error) {
  Json doc;
  if (!JsonReader(json).parse(doc, error)) return false;
  if (doc.kind != Json::Object) return error = "expected a JSON object {\"meta\":..., \"root\":...}", false;
  const Json* meta = doc.get("meta");
  const Json* root = doc.get("root");
  if (!meta) return error = "missing \"meta\"", false;
  if (!root || root->kind != Json::Object) return error = "missing \"root\" object", false;
  Record r;
  if (!readMeta(*meta, r, error)) return false;
  r.tags["Variant"] = layoutToken(r.start);
  if (!stringField(*root, "comment", r.root.comment, "root", error)) return false;
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
